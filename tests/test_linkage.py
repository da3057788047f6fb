"""The numpy average-linkage cut gives SciPy's flat clusters, ties included."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.cluster.hierarchy import fcluster, linkage
from scipy.spatial.distance import squareform

from page_cluster.clustering import linkage as lk
from page_cluster.clustering.labels import number_by_first_member
from page_cluster.clustering.linkage import average_linkage_labels


def _scipy_partition(dist: np.ndarray, t: float) -> list[int]:
    z = linkage(squareform(dist, checks=False), method="average")
    return _canonical(fcluster(z, t=t, criterion="distance"))


def _canonical(labels) -> list[int]:
    seen: dict[int, int] = {}
    return [seen.setdefault(int(v), len(seen)) for v in labels]


def _symmetric(values: np.ndarray, n: int) -> np.ndarray:
    d = np.zeros((n, n))
    d[np.triu_indices(n, 1)] = values
    return d + d.T


@st.composite
def distance_matrices(draw, levels: int | None = None):
    n = draw(st.integers(2, 24))
    m = n * (n - 1) // 2
    if levels is None:
        vals = draw(st.lists(st.floats(0.0, 1.0), min_size=m, max_size=m))
    else:
        # Few distinct values: many ties, the case where merge order decides.
        vals = [v / levels for v in draw(st.lists(st.integers(0, levels), min_size=m, max_size=m))]
    return _symmetric(np.array(vals, dtype=np.float64), n)


@settings(max_examples=300, deadline=None)
@given(distance_matrices(), st.sampled_from([0.0, 0.05, 0.2, 0.5, 0.99]))
def test_matches_scipy_on_random_distances(dist, t):
    assert average_linkage_labels(dist, t).tolist() == _scipy_partition(dist, t)


@settings(max_examples=300, deadline=None)
@given(distance_matrices(levels=4), st.sampled_from([0.0, 0.25, 0.5, 0.6, 0.75]))
def test_matches_scipy_when_distances_tie(dist, t):
    assert average_linkage_labels(dist, t).tolist() == _scipy_partition(dist, t)


def _numpy_chain(dist: np.ndarray, t: float) -> list[int]:
    return number_by_first_member(lk._nn_chain_labels(dist, t)).tolist()


def _compiled_chain(dist: np.ndarray, t: float) -> list[int]:
    work = np.array(dist, dtype=np.float64)
    np.fill_diagonal(work, np.inf)
    return number_by_first_member(lk._COMPILED(work, t, np.ones(len(dist)))).tolist()


def test_the_compiled_chain_is_built_and_used() -> None:
    assert lk._COMPILED is not None, (
        "page_cluster.clustering._nnchain was not built: reinstall with a C compiler "
        "(pip install -e .)"
    )


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(distance_matrices(), distance_matrices(levels=4)),
    st.sampled_from([0.0, 0.05, 0.25, 0.5, 0.75]),
)
def test_the_compiled_and_numpy_chains_agree_with_scipy(dist, t):
    want = _scipy_partition(dist, t)
    assert _numpy_chain(dist, t) == want
    if lk._COMPILED is not None:
        assert _compiled_chain(dist, t) == want


@st.composite
def weighted_points(draw):
    """Points in general position (no tied distances) and a count for each."""
    n = draw(st.integers(2, 12))
    seed = draw(st.integers(0, 2**32 - 1))
    pts = np.random.default_rng(seed).random((n, 2))
    dist = np.sqrt(((pts[:, None] - pts[None]) ** 2).sum(-1))
    counts = draw(st.lists(st.integers(1, 5), min_size=n, max_size=n))
    return dist, np.array(counts)


@settings(max_examples=200, deadline=None)
@given(weighted_points(), st.sampled_from([0.0, 0.1, 0.3, 0.5, 0.8]))
def test_a_weighted_point_clusters_like_that_many_identical_points(case, t):
    dist, counts = case
    copies = np.repeat(np.arange(len(counts)), counts)
    repeated = dist[np.ix_(copies, copies)]
    want = _canonical(
        np.asarray(_scipy_partition(repeated, t))[np.searchsorted(copies, np.arange(len(counts)))]
    )
    assert average_linkage_labels(dist, t, counts).tolist() == want
    assert number_by_first_member(lk._nn_chain_labels(dist, t, counts)).tolist() == want
    assert lk._scipy_labels(dist, t, counts.astype(np.float64)).tolist() == want
    work = dist.copy()
    assert average_linkage_labels(work, t, counts, overwrite=True).tolist() == want


def test_weights_must_be_counts_of_the_rows():
    d = np.zeros((2, 2))
    with pytest.raises(ValueError, match="weights"):
        average_linkage_labels(d, 0.1, np.array([1.0]))
    with pytest.raises(ValueError, match="weights"):
        average_linkage_labels(d, 0.1, np.array([1.0, 0.0]))


def test_tie_order_decides_the_partition_and_follows_scipy():
    # a-b and b-c tie: whichever merges first takes b; average linkage then keeps
    # the third point apart below 2.
    d = np.array([[0.0, 1.0, 3.0], [1.0, 0.0, 1.0], [3.0, 1.0, 0.0]])
    got = average_linkage_labels(d, 1.5).tolist()
    assert got == _scipy_partition(d, 1.5)
    assert sorted(np.bincount(got).tolist()) == [1, 2]


def test_large_inputs_go_to_scipy_with_the_same_result(monkeypatch):
    rng = np.random.default_rng(3)
    pts = rng.random((60, 3))
    dist = np.sqrt(((pts[:, None] - pts[None]) ** 2).sum(-1))
    small = average_linkage_labels(dist, 0.3)
    monkeypatch.setattr(lk, "NUMPY_MAX_POINTS", 10)
    assert average_linkage_labels(dist, 0.3).tolist() == small.tolist()
    assert small.tolist() == _scipy_partition(dist, 0.3)


def test_labels_follow_first_member_and_edge_sizes():
    assert average_linkage_labels(np.zeros((0, 0)), 0.1).tolist() == []
    assert average_linkage_labels(np.zeros((1, 1)), 0.1).tolist() == [0]
    d = _symmetric(np.array([0.9, 0.0, 0.9]), 3)  # points 0 and 2 coincide
    assert average_linkage_labels(d, 0.1).tolist() == [0, 1, 0]


def test_rejects_a_non_square_matrix():
    with pytest.raises(ValueError, match="square"):
        average_linkage_labels(np.zeros((2, 3)), 0.1)


def test_a_clustering_run_does_not_import_scipy_cluster():
    # Its import costs about as much as parsing a small site.
    import subprocess
    import sys
    from pathlib import Path

    sample = Path(__file__).resolve().parent.parent / "sample_data" / "site.jsonl"
    code = (
        "import io, sys\n"
        "from page_cluster.cli.main import main\n"
        f"sys.stdin = io.TextIOWrapper(open({str(sample)!r}, 'rb'))\n"
        "sys.stdout = io.StringIO(); sys.stderr = io.StringIO()\n"
        "rc = main(['--jobs', '1'])\n"
        "sys.__stdout__.write(repr((rc, 'scipy.cluster' in sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == "(0, False)"
