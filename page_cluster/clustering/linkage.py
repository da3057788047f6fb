"""Average linkage cut at a distance, in numpy: Stage A's units without scipy.cluster.

Importing ``scipy.cluster.hierarchy`` pulls in ``scipy.spatial``,
``scipy.special`` and ``scipy.linalg`` and costs about as much time as parsing a
small site; Stage A only needs the flat clusters of average linkage below one
distance, on blocks of at most a few thousand signatures. This module computes
them with the nearest-neighbour chain algorithm (reducible linkages, Murtagh
1983) on a dense distance matrix, one vectorised row operation per chain step.

The result is the partition that ``fcluster(linkage(squareform(d), "average"),
t, criterion="distance")`` gives, ties included: the chain follows the same
rules as SciPy's implementation (start at the lowest active cluster, prefer the
previous chain element on a tie, otherwise the lowest index; the merged cluster
takes the higher slot) and the Lance-Williams update is the same arithmetic, so
the same merges happen at the same heights. The same chain compiled
(``_nnchain``, built at install) runs when present, without a Python call per
chain step; without it, large inputs go to SciPy itself, whose compiled loop is
faster there. The test suite checks all three agree.

Rows may carry weights, each standing for that many identical points: identical
points merge at height 0 before anything else, after which average linkage
sees them as one cluster of that size, so starting from that size gives the
partition of the repeated matrix on a smaller one.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .labels import number_by_first_member

__all__ = ["NUMPY_MAX_POINTS", "average_linkage_labels"]

#: Up to this many points the chain runs here; beyond, SciPy's compiled version
#: (imported only then) is faster than one numpy call per chain step.
NUMPY_MAX_POINTS = 3000


def average_linkage_labels(
    dist: np.ndarray,
    max_distance: float,
    weights: np.ndarray | None = None,
    *,
    overwrite: bool = False,
) -> np.ndarray:
    """Flat clusters of average linkage: members of a cluster merge at <= ``max_distance``.

    ``dist`` is a symmetric ``n x n`` matrix of distances (the diagonal is
    ignored). ``weights`` (positive integers, default all 1) count how many
    identical points each row stands for: the partition is that of the matrix
    with every row repeated that many times, computed on the distinct rows
    (a block whose pages repeat a few signatures is several times smaller, and
    the work is quadratic). With ``overwrite`` a C-ordered float64 ``dist`` is
    used as the working copy (its contents are lost). Returns labels
    ``0..k-1`` numbered by first member.

    >>> d = np.array([[0.0, 0.1, 0.9], [0.1, 0.0, 0.8], [0.9, 0.8, 0.0]])
    >>> average_linkage_labels(d, 0.2).tolist()
    [0, 0, 1]
    >>> average_linkage_labels(d, 0.9).tolist()
    [0, 0, 0]
    >>> average_linkage_labels(d, 0.84).tolist()
    [0, 0, 1]
    >>> average_linkage_labels(d, 0.84, weights=np.array([1, 9, 1])).tolist()
    [0, 0, 0]
    """
    dist = np.asarray(dist, dtype=np.float64)
    if dist.ndim != 2 or dist.shape[0] != dist.shape[1]:
        raise ValueError(f"dist must be a square matrix, got shape {dist.shape}")
    n = dist.shape[0]
    size = np.ones(n) if weights is None else np.asarray(weights, dtype=np.float64)
    if size.shape != (n,) or (n and not (size >= 1).all()):
        raise ValueError(f"weights must be {n} counts >= 1, got {size!r}")
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    if _COMPILED is not None:
        if overwrite and dist.flags.c_contiguous and dist.flags.writeable:
            work = dist
        else:
            work = np.array(dist, dtype=np.float64, order="C")
        np.fill_diagonal(work, np.inf)
        return number_by_first_member(
            _COMPILED(work, float(max_distance), np.ascontiguousarray(size))
        )
    if n > NUMPY_MAX_POINTS:
        return _scipy_labels(dist, max_distance, size)
    return number_by_first_member(_nn_chain_labels(dist, max_distance, size))


def _compiled_chain() -> Callable[[np.ndarray, float, np.ndarray], np.ndarray] | None:
    """The compiled chain (``_nnchain``, built at install), or ``None``."""
    try:
        from ._nnchain import nn_chain_roots  # type: ignore[import-not-found]
    except ImportError:
        return None
    return nn_chain_roots


#: The chain in C when it was built; else numpy below, SciPy for large inputs.
_COMPILED = _compiled_chain()


def _scipy_labels(dist: np.ndarray, max_distance: float, weights: np.ndarray) -> np.ndarray:
    """SciPy has no starting sizes: the weighted rows are repeated, and each
    point takes the label of its first copy."""
    from scipy.cluster.hierarchy import fcluster, linkage
    from scipy.spatial.distance import squareform

    copies = np.repeat(np.arange(len(weights)), weights.astype(np.int64))
    full = dist[np.ix_(copies, copies)]
    np.fill_diagonal(full, 0.0)
    z = linkage(squareform(full, checks=False), method="average")
    labels = fcluster(z, t=max_distance, criterion="distance") - 1
    first = np.searchsorted(copies, np.arange(len(weights)))
    return number_by_first_member(labels[first])


def _nn_chain_labels(
    dist: np.ndarray, max_distance: float, weights: np.ndarray | None = None
) -> np.ndarray:
    n = dist.shape[0]
    d = np.array(dist, dtype=np.float64)  # working copy, rows of merged clusters updated
    np.fill_diagonal(d, np.inf)
    size = np.ones(n, dtype=np.float64) if weights is None else np.array(weights, np.float64)
    active = np.ones(n, dtype=bool)
    # Highest merge inside each slot's cluster: a flat cluster is a subtree whose
    # merges all lie within the cut (this also holds if rounding ever makes
    # heights non-monotone).
    inner = np.zeros(n, dtype=np.float64)
    parent = np.arange(n)

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = int(parent[i])
        return i

    chain: list[int] = []
    remaining = n
    while remaining > 1:
        if not chain:
            chain.append(int(np.argmax(active)))
        while True:
            x = chain[-1]
            row = d[x]
            y = int(np.argmin(row))
            if len(chain) > 1:
                prev = chain[-2]
                if row[prev] <= row[y]:
                    y = prev
            if len(chain) > 1 and y == chain[-2]:
                break
            chain.append(y)
        chain.pop()
        chain.pop()
        if x > y:
            x, y = y, x
        height = float(d[x, y])
        nx, ny = size[x], size[y]
        merged = (nx * d[x] + ny * d[y]) / (nx + ny)
        merged[~active] = np.inf
        merged[x] = merged[y] = np.inf
        d[y] = merged
        d[:, y] = merged
        d[x] = np.inf
        d[:, x] = np.inf
        active[x] = False
        size[y] = nx + ny
        top = max(inner[x], inner[y], height)
        inner[y] = top
        if top <= max_distance:
            parent[find(x)] = find(y)
        remaining -= 1
    return np.array([find(i) for i in range(n)], dtype=np.int64)
