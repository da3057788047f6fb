"""Stage A: template clusters inside one block.

Hierarchical clustering of the block's distinct signatures on weighted Jaccard
distance over template tokens, cut at a data-chosen height (max-gap auto-cut over
the merge heights), then containment assignment: a cluster whose core is
contained in a larger cluster's core joins it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.cluster.hierarchy import fcluster, linkage
from scipy.spatial.distance import squareform

from .autocut import auto_cut_threshold
from .similarity import containment_matrix, weighted_jaccard_matrix

__all__ = ["StageAResult", "cluster_block", "quorum_core"]

#: Merge heights below this are never cut: two pages this close share a template.
MIN_CUT = 0.05
#: Merge heights above this are always cut: pages this far apart do not.
MAX_CUT = 0.5
#: Containment assignment: share of a cluster's core found in another's core.
CONTAINMENT = 0.9
#: A token is in a cluster's core when this share of its pages have it.
QUORUM = 0.8


@dataclass(slots=True)
class StageAResult:
    """Cluster label (0..k-1) of each signature of the block, in the given order."""

    labels: np.ndarray
    cut: float | None


def quorum_core(
    matrix: sp.csr_matrix, rows: np.ndarray, counts: np.ndarray, quorum: float = QUORUM
) -> np.ndarray:
    """Token ids present in at least ``quorum`` of the pages of a group of signatures."""
    sub = matrix[rows]
    freq = np.asarray(sub.T @ counts.astype(np.float64)).ravel()
    total = float(counts.sum())
    return np.nonzero(freq >= quorum * total - 1e-9)[0]


def _relabel_by_first(labels: np.ndarray) -> np.ndarray:
    """Number clusters by their first member so labels follow signature order."""
    _, first = np.unique(labels, return_index=True)
    order = np.argsort(first)
    remap = np.empty(labels.max() + 1, dtype=np.int64)
    remap[np.unique(labels)[order]] = np.arange(len(order))
    return remap[labels]


def cluster_block(
    matrix: sp.csr_matrix,
    rows: np.ndarray,
    counts: np.ndarray,
    weights: np.ndarray,
    *,
    method: str = "average",
) -> StageAResult:
    """Cluster the signatures ``rows`` of ``matrix`` (``counts`` pages each)."""
    n = len(rows)
    if n == 1:
        return StageAResult(labels=np.zeros(1, dtype=np.int64), cut=None)
    sub = matrix[rows]
    sim = weighted_jaccard_matrix(sub, weights)
    dist = 1.0 - sim
    np.fill_diagonal(dist, 0.0)
    dist = np.maximum(dist, dist.T)
    z = linkage(squareform(dist, checks=False), method=method)
    heights = z[:, 2]
    cut = auto_cut_threshold(heights, lower=MIN_CUT, upper=MAX_CUT)
    if cut is None:
        cut = MAX_CUT if heights.max() > MAX_CUT else float(heights.max()) + 1e-9
    labels = fcluster(z, t=cut, criterion="distance") - 1
    labels = _assign_contained(sub, counts, weights, labels)
    return StageAResult(labels=_relabel_by_first(labels), cut=cut)


def _assign_contained(
    sub: sp.csr_matrix, counts: np.ndarray, weights: np.ndarray, labels: np.ndarray
) -> np.ndarray:
    """Fold clusters whose core is contained in another cluster's core."""
    k = int(labels.max()) + 1
    if k < 2:
        return labels
    n_tokens = sub.shape[1]
    cores = []
    sizes = np.zeros(k)
    for c in range(k):
        members = np.nonzero(labels == c)[0]
        sizes[c] = counts[members].sum()
        cores.append(quorum_core(sub, members, counts[members]))
    core_rows = [np.zeros(0, dtype=np.int64), *cores]
    indptr = np.cumsum([0] + [len(c) for c in cores])
    core_m = sp.csr_matrix(
        (np.ones(indptr[-1]), np.concatenate(core_rows).astype(np.int64), indptr),
        shape=(k, n_tokens),
    )
    cont = containment_matrix(core_m, weights, core_m)
    np.fill_diagonal(cont, -1.0)
    target = np.arange(k)
    for c in range(k):
        best = int(np.argmax(cont[c]))
        # Only into a larger cluster (ties: the lower label), so chains end.
        if cont[c, best] >= CONTAINMENT and (sizes[best], -best) > (sizes[c], -c):
            target[c] = best
    # Follow chains to their root.
    for c in range(k):
        seen = {c}
        t = target[c]
        while target[t] != t and t not in seen:
            seen.add(t)
            t = target[t]
        target[c] = t
    return target[labels]
