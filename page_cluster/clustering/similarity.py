"""Vectorised set similarities between signatures (sparse products, no pair loops)."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import scipy.sparse as sp

__all__ = ["jaccard_similarity", "weighted_jaccard_matrix"]


def jaccard_similarity(a: Iterable[str], b: Iterable[str]) -> float:
    """Jaccard similarity of two token collections (1.0 for two empty sets).

    >>> jaccard_similarity(["a", "b"], ["b", "c"])
    0.3333333333333333
    """
    sa, sb = set(a), set(b)
    if not sa and not sb:
        return 1.0
    return len(sa & sb) / len(sa | sb)


def _weighted_rows(matrix: sp.csr_matrix, weights: np.ndarray) -> sp.csr_matrix:
    m = matrix.tocsr().astype(np.float64)
    m.data = m.data * weights[m.indices]
    m.eliminate_zeros()
    return m


def weighted_jaccard_matrix(
    a: sp.csr_matrix, weights: np.ndarray, b: sp.csr_matrix | None = None
) -> np.ndarray:
    """Dense matrix of weighted Jaccard similarities between rows of ``a`` and ``b``.

    For binary rows, ``sum(w[a & b]) / sum(w[a | b])``; two rows with no weighted
    token at all are identical (1.0).
    """
    wa = _weighted_rows(a, weights)
    bb = a if b is None else b
    wb = wa if b is None else _weighted_rows(b, weights)
    binary_b = bb.tocsr().astype(np.float64)
    binary_b.data[:] = 1.0
    inter = np.asarray((wa @ binary_b.T).todense())
    size_a = np.asarray(wa.sum(axis=1)).ravel()
    size_b = np.asarray(wb.sum(axis=1)).ravel()
    union = size_a[:, None] + size_b[None, :] - inter
    with np.errstate(invalid="ignore", divide="ignore"):
        sim = np.where(union > 1e-12, inter / np.maximum(union, 1e-12), 1.0)
    return np.clip(sim, 0.0, 1.0)
