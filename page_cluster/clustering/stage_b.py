"""Stage B: merge units that are variants of one template.

Free-form content and optional sections (a table of contents, a "see also"
list, an aside) make pages of one template differ; a template is what stays the
same. Two units are merged, nearest first, unless their pooled statistics show a
*two-sided* difference: each unit has a characteristic structural item (on two
thirds of its pages) that the other practically never has although it has the
item's parent. One-sided differences (one unit has items the other lacks) are
what optional sections look like, and are merged.

Differences count at their root: the distance sums frequency differences only
over tokens whose parent is on a good share of both units' pages, so a whole
optional subtree counts once. After every merge the merged unit's profile is
recomputed from all its pages, so later decisions see the pooled evidence.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

__all__ = ["ABSENT", "CHARACTERISTIC", "PARENT_PRESENT", "agglomerate_units"]

#: An item is characteristic of a unit when at least two thirds of its pages have it.
CHARACTERISTIC = 2 / 3
#: ... and practically absent from a unit when at most this share have it.
ABSENT = 0.1
#: A token counts towards the distance of two units when its parent is on at
#: least this share of the pages of each (a subtree's difference counts once).
PARENT_PRESENT = 0.4


@dataclass(slots=True)
class _RowStats:
    dist: np.ndarray
    blocked: np.ndarray


def _row(
    profiles: np.ndarray,
    i: int,
    parent_cols: np.ndarray,
    top: np.ndarray,
    evidence: np.ndarray,
) -> _RowStats:
    """Distances and two-sided blocks between unit ``i`` and every unit."""
    pi = profiles[i]
    par_all = profiles[:, parent_cols]
    par_all[:, top] = 1.0
    par_i = par_all[i]
    frontier = (par_all >= PARENT_PRESENT) & (par_i >= PARENT_PRESENT)[None, :]
    diff = np.abs(profiles - pi[None, :])
    dist = (diff * frontier).sum(axis=1)
    # A difference counts at its root: the unit lacking the item has its parent.
    i_has = (par_all > ABSENT) & ((pi >= CHARACTERISTIC) & evidence)[None, :] & (profiles <= ABSENT)
    j_has = (
        ((par_i > ABSENT) & evidence)[None, :]
        & (profiles >= CHARACTERISTIC)
        & (pi <= ABSENT)[None, :]
    )
    blocked = i_has.any(axis=1) & j_has.any(axis=1)
    return _RowStats(dist=dist, blocked=blocked)


def agglomerate_units(
    profiles: np.ndarray,
    sizes: np.ndarray,
    parent: np.ndarray,
    evidence: np.ndarray | None = None,
    trace: Callable[[int, int, float], None] | None = None,
) -> np.ndarray:
    """Group units (rows of ``profiles``: token frequencies over their pages).

    ``parent`` maps each token column to its parent column (-1 for top-level and
    attribute tokens). ``evidence`` marks the columns that may veto a merge (all
    by default; site chrome such as header and navigation variants should not).
    Returns a group label per unit, numbered by first member. Deterministic: ties
    go to the lowest unit indices. ``trace(i, j, distance)`` is called for every
    merge (unit ``j`` pooled into ``i``).

    >>> import numpy as np
    >>> parent = np.array([-1, 0, 0, -1])
    >>> prof = np.array([[1, 1, 0, 0],   # section with a table of contents
    ...                  [1, 0, 0, 0],   # section without
    ...                  [0, 0, 0, 1.]]) # another template at the top level
    >>> agglomerate_units(prof, np.array([5, 7, 3.]), parent).tolist()
    [0, 0, 1]
    """
    k = profiles.shape[0]
    if k <= 1:
        return np.zeros(k, dtype=np.int64)
    prof = np.asarray(profiles, dtype=np.float32).copy()
    sizes = np.asarray(sizes, dtype=np.float64).copy()
    top = parent < 0
    parent_cols = np.where(top, 0, parent)
    evidence = np.ones(len(parent), dtype=bool) if evidence is None else np.asarray(evidence, bool)
    active = np.ones(k, dtype=bool)
    group = np.arange(k)
    dist = np.full((k, k), np.inf, dtype=np.float64)
    for i in range(k):
        row = _row(prof, i, parent_cols, top, evidence)
        dist[i] = np.where(row.blocked, np.inf, row.dist)
    np.fill_diagonal(dist, np.inf)
    dist = np.minimum(dist, dist.T)  # symmetric by construction; guards float noise
    while True:
        flat = int(np.argmin(dist))
        i, j = divmod(flat, k)
        if not np.isfinite(dist[i, j]):
            break
        if j < i:
            i, j = j, i
        if trace is not None:
            trace(i, j, float(dist[i, j]))
        # Pool j into i.
        total = sizes[i] + sizes[j]
        prof[i] = (prof[i] * sizes[i] + prof[j] * sizes[j]) / total
        sizes[i] = total
        active[j] = False
        group[group == j] = i
        dist[j, :] = np.inf
        dist[:, j] = np.inf
        row = _row(prof, i, parent_cols, top, evidence)
        d = np.where(row.blocked | ~active, np.inf, row.dist)
        d[i] = np.inf
        dist[i, :] = d
        dist[:, i] = d
    _, labels = np.unique(group, return_inverse=True)
    uniq, first = np.unique(labels, return_index=True)
    remap = np.empty(len(uniq), dtype=np.int64)
    remap[uniq[np.argsort(first)]] = np.arange(len(uniq))
    return remap[labels]
