"""BinaryRows against scipy.sparse, which it replaces on the clustering path."""

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from page_cluster.signatures.binary_rows import BinaryRows, group_sums, pair_intersections


@st.composite
def binary_matrices(draw, max_rows: int = 12, max_cols: int = 15):
    n_rows = draw(st.integers(0, max_rows))
    n_cols = draw(st.integers(1, max_cols))
    rows = [draw(st.lists(st.integers(0, n_cols - 1), max_size=2 * n_cols)) for _ in range(n_rows)]
    return rows, n_cols


def dense_of(rows: list[list[int]], n_cols: int) -> np.ndarray:
    out = np.zeros((len(rows), n_cols))
    for i, r in enumerate(rows):
        out[i, r] = 1.0
    return out


@settings(max_examples=150, deadline=None)
@given(binary_matrices(), st.data())
def test_operations_match_the_dense_matrix(mat, data):
    rows, n_cols = mat
    dense = dense_of(rows, n_cols)
    m = BinaryRows.from_rows(rows, n_cols)
    assert m.shape == dense.shape
    assert np.array_equal(m.to_dense(np.float64), dense)
    for i in range(m.n_rows):  # sorted, no repeats
        assert m.row(i).tolist() == sorted(set(rows[i]))
    picks = data.draw(st.lists(st.integers(0, max(len(rows) - 1, 0)), max_size=8))
    if rows:
        assert np.array_equal(m.take(picks).to_dense(np.float64), dense[picks])
    mask = np.asarray(data.draw(st.lists(st.booleans(), min_size=n_cols, max_size=n_cols)))
    assert np.array_equal(m.keep_columns(mask).to_dense(np.float64), dense[:, mask])
    w = np.arange(1, n_cols + 1, dtype=np.float64) * 0.5
    assert np.allclose(m.row_sums(w), dense @ w)
    rw = np.arange(1, len(rows) + 1, dtype=np.float64)
    assert np.allclose(m.column_sums(rw), dense.T @ rw)
    assert np.array_equal(m.row_sums(), dense.sum(axis=1))
    assert np.array_equal(pair_intersections(m), dense @ dense.T)
    assert np.array_equal(m.to_scipy().toarray(), dense)
    assert BinaryRows.coerce(sp.csr_matrix(dense)).row_keys() == m.row_keys()
    assert BinaryRows.coerce(dense).row_keys() == m.row_keys()


def test_large_products_go_through_scipy_with_the_same_counts(monkeypatch):
    rng = np.random.default_rng(3)
    dense = (rng.random((40, 60)) < 0.2).astype(np.float64)
    m = BinaryRows.coerce(dense)
    small = pair_intersections(m)
    monkeypatch.setattr("page_cluster.signatures.binary_rows.DENSE_PRODUCT_BYTES", 0)
    assert np.array_equal(pair_intersections(m), small)
    assert np.array_equal(small, dense @ dense.T)
    other = BinaryRows.coerce(dense[:7])
    assert np.array_equal(pair_intersections(m, other), dense @ dense[:7].T)


def test_bad_arguments_say_what_to_do():
    with pytest.raises(ValueError, match=r"column ids must lie in 0\.\.2"):
        BinaryRows.from_rows([[0, 3]], n_cols=3)
    with pytest.raises(ValueError, match="from_rows"):
        BinaryRows(np.array([0, 2]), np.array([1], dtype=np.int32), 3)
    with pytest.raises(ValueError, match="one entry per column"):
        BinaryRows.from_rows([[0]], 3).keep_columns(np.array([True]))
    with pytest.raises(ValueError, match="2-d"):
        BinaryRows.coerce(np.zeros(4))
    with pytest.raises(ValueError, match="column counts differ"):
        pair_intersections(BinaryRows.from_rows([[0]], 2), BinaryRows.from_rows([[0]], 3))


@settings(max_examples=100, deadline=None)
@given(binary_matrices(), st.data(), st.booleans())
def test_group_sums_add_weighted_rows_per_group(mat, data, sparse_path):
    rows, n_cols = mat
    if not rows:
        return
    dense = dense_of(rows, n_cols)
    m = BinaryRows.from_rows(rows, n_cols)
    n = data.draw(st.integers(1, 30))
    row_of = np.asarray(data.draw(st.lists(st.integers(0, len(rows) - 1), min_size=n, max_size=n)))
    n_groups = data.draw(st.integers(1, 5))
    group_of = np.asarray(data.draw(st.lists(st.integers(0, n_groups - 1), min_size=n, max_size=n)))
    weights = np.asarray(data.draw(st.lists(st.integers(1, 50), min_size=n, max_size=n)), float)
    expected = np.zeros((n_groups, n_cols))
    for r, g, w in zip(row_of, group_of, weights, strict=True):
        expected[g] += w * dense[r]
    import page_cluster.signatures.binary_rows as br

    budget = br.DENSE_PRODUCT_BYTES
    try:
        if sparse_path:
            br.DENSE_PRODUCT_BYTES = 0
        got = group_sums(m, row_of, group_of, weights, n_groups)
        mask = np.arange(n_cols) % 2 == 0
        narrowed = group_sums(m, row_of, group_of, weights, n_groups, columns=mask)
    finally:
        br.DENSE_PRODUCT_BYTES = budget
    assert np.array_equal(got, expected)
    assert np.array_equal(narrowed, expected[:, mask])
