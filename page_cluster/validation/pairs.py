"""Vectorised pair computations shared by the validation checks (no loops over pairs)."""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

__all__ = ["PAIR_CHUNK", "ROW_CHUNK", "grouped_pair_jaccard", "pair_jaccard", "within_group_pairs"]

#: Pairs whose similarity is computed in one sparse product.
PAIR_CHUNK = 20_000
#: Rows (of all groups together) handled in one block-diagonal product.
ROW_CHUNK = 20_000


def pair_jaccard(matrix: sp.csr_matrix, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Jaccard similarity of binary rows ``a[k]`` and ``b[k]`` for every k (chunked).

    ``matrix`` holds ones (a signature matrix); two empty rows are identical (1.0).
    """
    sizes = np.diff(matrix.indptr).astype(np.float64)
    out = np.empty(len(a), dtype=np.float64)
    binary = matrix.tocsr()
    for start in range(0, len(a), PAIR_CHUNK):
        sa, sb = a[start : start + PAIR_CHUNK], b[start : start + PAIR_CHUNK]
        inter = np.asarray(binary[sa].multiply(binary[sb]).sum(axis=1)).ravel()
        union = sizes[sa] + sizes[sb] - inter
        with np.errstate(invalid="ignore", divide="ignore"):
            out[start : start + len(sa)] = np.where(union > 0, inter / np.maximum(union, 1), 1.0)
    return out


def within_group_pairs(group: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """All index pairs ``(i, j)``, ``i < j``, of a sorted group-label array."""
    m = len(group)
    if m < 2:
        return np.empty(0, np.int64), np.empty(0, np.int64)
    starts = np.r_[0, np.nonzero(np.diff(group))[0] + 1]
    sizes = np.diff(np.r_[starts, m])
    local = np.arange(m) - np.repeat(starts, sizes)
    partners = np.repeat(sizes, sizes) - 1 - local
    total = int(partners.sum())
    a = np.repeat(np.arange(m), partners)
    run_start = np.repeat(np.cumsum(partners) - partners, partners)
    b = a + (np.arange(total) - run_start) + 1
    return a, b


def _block_pairs(
    matrix: sp.csr_matrix, rows: np.ndarray, group: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Pairs ``(i, j)`` of positions within each group and their Jaccard similarity.

    Each group's tokens are given their own columns, so one product of the
    stacked rows with their transpose is block-diagonal: it holds the
    intersections of pairs within a group and nothing else.
    """
    sub = matrix[rows].tocsr()
    n = len(rows)
    row_of = np.repeat(np.arange(n), np.diff(sub.indptr))
    code = group[row_of].astype(np.int64) * matrix.shape[1] + sub.indices
    _, cols = np.unique(code, return_inverse=True)
    blocks = sp.csr_matrix(
        (np.ones(len(cols)), cols.ravel(), sub.indptr), shape=(n, int(cols.max(initial=-1)) + 1)
    )
    inter = (blocks @ blocks.T).tocsr()
    inter.sort_indices()
    a, b = within_group_pairs(group)
    keys = np.repeat(np.arange(n, dtype=np.int64), np.diff(inter.indptr)) * n + inter.indices
    wanted = a.astype(np.int64) * n + b
    pos = np.clip(np.searchsorted(keys, wanted), 0, max(len(keys) - 1, 0))
    hit = (keys[pos] == wanted) if len(keys) else np.zeros(len(wanted), dtype=bool)
    shared = np.where(hit, inter.data[pos] if len(keys) else 0.0, 0.0)
    sizes = np.diff(sub.indptr).astype(np.float64)
    union = sizes[a] + sizes[b] - shared
    with np.errstate(invalid="ignore", divide="ignore"):
        sims = np.where(union > 0, shared / np.maximum(union, 1), 1.0)
    return a, b, sims


def grouped_pair_jaccard(
    matrix: sp.csr_matrix, rows: np.ndarray, group: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Jaccard similarity of every pair of ``rows`` within the same ``group``.

    ``group`` must be sorted. Returns positions ``(i, j)``, ``i < j``, into
    ``rows`` and their similarities; groups are processed in chunks of about
    ``ROW_CHUNK`` rows, so memory stays bounded whatever the number of groups.
    """
    out_a, out_b, out_s = [], [], []
    starts = np.r_[0, np.nonzero(np.diff(group))[0] + 1, len(group)] if len(group) else [0]
    lo = 0
    while lo < len(group):
        # Extend the chunk by whole groups up to ROW_CHUNK rows (at least one group).
        cut = int(np.searchsorted(starts, lo + ROW_CHUNK, side="right")) - 1
        hi = int(starts[max(cut, int(np.searchsorted(starts, lo, side="right")))])
        a, b, s = _block_pairs(matrix, rows[lo:hi], group[lo:hi])
        out_a.append(a + lo)
        out_b.append(b + lo)
        out_s.append(s)
        lo = hi
    if not out_a:
        e = np.empty(0, dtype=np.int64)
        return e, e, np.empty(0)
    return np.concatenate(out_a), np.concatenate(out_b), np.concatenate(out_s)
