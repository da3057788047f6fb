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

import numpy as np

from .labels import number_by_first_member

__all__ = ["ABSENT", "CHARACTERISTIC", "PARENT_PRESENT", "agglomerate_units"]

#: An item is characteristic of a unit when at least two thirds of its pages have it.
CHARACTERISTIC = 2 / 3
#: ... and practically absent from a unit when at most this share have it.
ABSENT = 0.1
#: A token counts towards the distance of two units when its parent is on at
#: least this share of the pages of each (a subtree's difference counts once).
PARENT_PRESENT = 0.4


class _Units:
    """Unit profiles with the per-cell tests the distance needs, kept up to date.

    A unit's parent frequencies and its present / absent / characteristic cells
    depend on its own profile only, so a merge refreshes one row; each distance
    row then reads only the columns that can count (those whose parent is on the
    unit's pages, its characteristic items, its absent items).
    """

    def __init__(
        self, prof: np.ndarray, parent_cols: np.ndarray, top: np.ndarray, evidence: np.ndarray
    ) -> None:
        self.prof = prof
        self.parent_cols = parent_cols
        self.top = top
        self.evidence = evidence
        par = prof[:, parent_cols]
        par[:, top] = 1.0
        self.parent_present = par >= PARENT_PRESENT
        self.parent_seen = par > ABSENT
        self.absent = prof <= ABSENT
        self.characteristic = prof >= CHARACTERISTIC

    def refresh(self, i: int) -> None:
        """Recompute row ``i`` after its profile changed."""
        p = self.prof[i]
        par = p[self.parent_cols]
        par[self.top] = 1.0
        self.parent_present[i] = par >= PARENT_PRESENT
        self.parent_seen[i] = par > ABSENT
        self.absent[i] = p <= ABSENT
        self.characteristic[i] = p >= CHARACTERISTIC

    def row(self, i: int) -> tuple[np.ndarray, np.ndarray]:
        """Distances between unit ``i`` and every unit, and which pairs are blocked."""
        prof = self.prof
        pi = prof[i]
        # Frontier: the token's parent is on a good share of both units' pages.
        cols = np.flatnonzero(self.parent_present[i])
        diff = np.abs(prof[:, cols] - pi[cols])
        diff *= self.parent_present[:, cols]
        dist = diff.sum(axis=1, dtype=np.float64)
        # A difference counts at its root: the unit lacking the item has its parent.
        cols = np.flatnonzero(self.characteristic[i] & self.evidence)
        i_has = (self.parent_seen[:, cols] & self.absent[:, cols]).any(axis=1)
        cols = np.flatnonzero(self.parent_seen[i] & self.evidence & self.absent[i])
        j_has = self.characteristic[:, cols].any(axis=1)
        return dist, i_has & j_has


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
    units = _Units(prof, parent_cols, top, evidence)
    active = np.ones(k, dtype=bool)
    group = np.arange(k)
    dist = np.full((k, k), np.inf, dtype=np.float64)
    for i in range(k):
        d, blocked = units.row(i)
        dist[i] = np.where(blocked, np.inf, d)
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
        units.refresh(i)
        dist[j, :] = np.inf
        dist[:, j] = np.inf
        d, blocked = units.row(i)
        d = np.where(blocked | ~active, np.inf, d)
        d[i] = np.inf
        dist[i, :] = d
        dist[:, i] = d
    return number_by_first_member(group)
