"""Stage A: near-identical template signatures inside one block become units.

Units are deliberately tight (pages whose template tokens differ by at most a few
percent, average linkage on weighted Jaccard distance): a unit must never mix two
templates, because every later decision is taken on unit statistics. Whether two
units are variants of one template is Stage B's question, answered with the
pooled evidence of all their pages.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.cluster.hierarchy import fcluster, linkage
from scipy.spatial.distance import squareform

from .similarity import weighted_jaccard_matrix

__all__ = ["UNIT_DISTANCE", "StageAResult", "cluster_block", "quorum_core"]

#: Widest Jaccard distance (over template tokens) inside a unit. Small on
#: purpose: at 0.05 no unit of the labelled corpora mixes templates (homogeneity
#: 0.99-1.00), while 0.10 starts to (see docs/quality.md).
UNIT_DISTANCE = 0.05
#: A token is in a group's core when this share of its pages have it.
QUORUM = 0.8


@dataclass(slots=True)
class StageAResult:
    """Unit label (0..k-1) of each signature of the block, in the given order."""

    labels: np.ndarray


def quorum_core(
    matrix: sp.csr_matrix, rows: np.ndarray, counts: np.ndarray, quorum: float = QUORUM
) -> np.ndarray:
    """Token ids present in at least ``quorum`` of the pages of a group of signatures."""
    sub = matrix[rows]
    freq = np.asarray(sub.T @ counts.astype(np.float64)).ravel()
    total = float(counts.sum())
    return np.nonzero(freq >= quorum * total - 1e-9)[0]


def _relabel_by_first(labels: np.ndarray) -> np.ndarray:
    """Number units by their first member so labels follow signature order."""
    uniq, first = np.unique(labels, return_index=True)
    remap = np.empty(int(labels.max()) + 1, dtype=np.int64)
    remap[uniq[np.argsort(first)]] = np.arange(len(uniq))
    return remap[labels]


def cluster_block(
    matrix: sp.csr_matrix,
    rows: np.ndarray,
    counts: np.ndarray,
    weights: np.ndarray,
    *,
    max_distance: float = UNIT_DISTANCE,
) -> StageAResult:
    """Units of the signatures ``rows`` of ``matrix`` (``counts`` pages each)."""
    n = len(rows)
    if n == 1:
        return StageAResult(labels=np.zeros(1, dtype=np.int64))
    sim = weighted_jaccard_matrix(matrix[rows], weights)
    dist = 1.0 - sim
    np.fill_diagonal(dist, 0.0)
    dist = np.maximum(dist, dist.T)
    z = linkage(squareform(dist, checks=False), method="average")
    labels = fcluster(z, t=max_distance, criterion="distance") - 1
    return StageAResult(labels=_relabel_by_first(labels))
