"""Stage B: merge clusters that blocking split across blocks.

Blocks only limit comparisons; a template can span several blocks (sections with
their own stylesheets, stylesheet-less pages). A fixed-point loop (at most
``MAX_ROUNDS``) recomputes each unit's quorum core from its pooled members and
proposes merges by three routes on one union-find: core similarity (complete
linkage at a fixed ``CORE_SIMILARITY``), core containment (``CONTAINMENT``) and
class-stripped shape similarity for multi-page units (``SHAPE_SIMILARITY``).
Every proposal passes a cohesion guard: the merged core must keep at least
``COHESION_RATIO`` of the weight of the smaller part's core.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.cluster.hierarchy import fcluster, linkage
from scipy.spatial.distance import squareform

from .similarity import containment_matrix, weighted_jaccard_matrix
from .stage_a import QUORUM

__all__ = ["Unit", "merge_units"]

MAX_ROUNDS = 10
CORE_SIMILARITY = 0.8
CONTAINMENT = 0.9
SHAPE_SIMILARITY = 0.9
COHESION_RATIO = 0.8


@dataclass(slots=True)
class Unit:
    """A cluster under construction: its signatures and their page counts."""

    rows: np.ndarray
    counts: np.ndarray
    group: str  # units merge only within one group (the host)


def _cores(matrix: sp.csr_matrix, units: list[Unit]) -> sp.csr_matrix:
    """Quorum-core indicator rows, one per unit (vectorised over all units)."""
    n_units = len(units)
    rows = np.concatenate([u.rows for u in units])
    weights = np.concatenate([u.counts for u in units]).astype(np.float64)
    owner = np.repeat(np.arange(n_units), [len(u.rows) for u in units])
    assign = sp.csr_matrix((weights, (owner, np.arange(len(rows)))), shape=(n_units, len(rows)))
    freq = assign @ matrix[rows]
    totals = np.asarray([u.counts.sum() for u in units], dtype=np.float64)
    freq = sp.csr_matrix(freq)
    freq.data = freq.data / totals[np.repeat(np.arange(n_units), np.diff(freq.indptr))]
    freq.data = (freq.data >= QUORUM - 1e-9).astype(np.float64)
    freq.eliminate_zeros()
    return freq


class _UnionFind:
    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, a: int) -> int:
        while self.parent[a] != a:
            self.parent[a] = self.parent[self.parent[a]]
            a = self.parent[a]
        return a

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)


def _weight_of(core_row: sp.csr_matrix, weights: np.ndarray) -> float:
    return float(weights[core_row.indices].sum())


def merge_units(
    matrix: sp.csr_matrix,
    units: list[Unit],
    weights: np.ndarray,
    shape_proj: sp.csr_matrix,
) -> list[list[int]]:
    """Groups of unit indices to merge (each group sorted; singletons included)."""
    members: list[list[int]] = [[i] for i in range(len(units))]
    current = list(units)
    shape_w = np.ones(shape_proj.shape[1])
    # A shape is weighted when any of its tokens is a template token.
    shape_w = (np.asarray(shape_proj.T @ weights).ravel() > 0).astype(np.float64)
    for _ in range(MAX_ROUNDS):
        if len(current) < 2:
            break
        cores = _cores(matrix, current)
        shapes = (cores @ shape_proj > 0).astype(np.float64)
        uf = _UnionFind(len(current))
        groups: dict[str, list[int]] = {}
        for i, u in enumerate(current):
            groups.setdefault(u.group, []).append(i)
        proposals: list[tuple[int, int]] = []
        for idx in groups.values():
            if len(idx) < 2:
                continue
            ids = np.asarray(idx)
            c = cores[ids]
            sim = weighted_jaccard_matrix(c, weights)
            dist = 1.0 - sim
            np.fill_diagonal(dist, 0.0)
            dist = np.maximum(dist, dist.T)
            z = linkage(squareform(dist, checks=False), method="complete")
            lab = fcluster(z, t=1.0 - CORE_SIMILARITY, criterion="distance")
            for g in np.unique(lab):
                mem = ids[lab == g]
                proposals.extend((int(mem[0]), int(m)) for m in mem[1:])
            cont = containment_matrix(c, weights, c)
            np.fill_diagonal(cont, 0.0)
            for a, b in zip(*np.nonzero(cont >= CONTAINMENT), strict=True):
                proposals.append((int(ids[a]), int(ids[b])))
            multi = np.asarray(
                [len(current[i].rows) > 1 or current[i].counts.sum() > 1 for i in ids]
            )
            if multi.sum() >= 2:
                sids = ids[multi]
                ssim = weighted_jaccard_matrix(shapes[sids], shape_w)
                np.fill_diagonal(ssim, 0.0)
                for a, b in zip(*np.nonzero(ssim >= SHAPE_SIMILARITY), strict=True):
                    if a < b:
                        proposals.append((int(sids[a]), int(sids[b])))
        merged_any = False
        for a, b in proposals:
            ra, rb = uf.find(a), uf.find(b)
            if ra == rb:
                continue
            if _cohesive(matrix, current, uf, ra, rb, weights):
                uf.union(ra, rb)
                merged_any = True
        if not merged_any:
            break
        roots: dict[int, list[int]] = {}
        for i in range(len(current)):
            roots.setdefault(uf.find(i), []).append(i)
        new_units: list[Unit] = []
        new_members: list[list[int]] = []
        for grp in sorted(roots.values()):
            new_units.append(
                Unit(
                    rows=np.concatenate([current[i].rows for i in grp]),
                    counts=np.concatenate([current[i].counts for i in grp]),
                    group=current[grp[0]].group,
                )
            )
            new_members.append(sorted(m for i in grp for m in members[i]))
        current, members = new_units, new_members
    return members


def _cohesive(
    matrix: sp.csr_matrix,
    units: list[Unit],
    uf: _UnionFind,
    ra: int,
    rb: int,
    weights: np.ndarray,
) -> bool:
    """The merged core keeps enough of the smaller side's core weight."""
    side_a = [i for i in range(len(units)) if uf.find(i) == ra]
    side_b = [i for i in range(len(units)) if uf.find(i) == rb]

    def pooled(idx: list[int]) -> Unit:
        return Unit(
            rows=np.concatenate([units[i].rows for i in idx]),
            counts=np.concatenate([units[i].counts for i in idx]),
            group="",
        )

    parts = [pooled(side_a), pooled(side_b)]
    cores = _cores(matrix, [*parts, pooled(side_a + side_b)])
    wa = _weight_of(cores[0], weights)
    wb = _weight_of(cores[1], weights)
    wm = _weight_of(cores[2], weights)
    smaller = min(wa, wb)
    return smaller <= 0 or wm >= COHESION_RATIO * smaller
