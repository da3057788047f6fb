"""Stage A: near-identical template signatures inside one block become units.

Units are deliberately tight (pages whose template tokens differ by at most a few
percent, average linkage on weighted Jaccard distance): a unit must never mix two
templates, because every later decision is taken on unit statistics. Whether two
units are variants of one template is Stage B's question, answered with the
pooled evidence of all their pages.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..signatures.binary_rows import BinaryRows, pair_intersections
from .labels import number_by_first_member
from .linkage import average_linkage_labels

__all__ = [
    "DENSE_MAX",
    "UNIT_DISTANCE",
    "StageAResult",
    "cluster_block",
    "near_duplicate_components",
]

#: Widest Jaccard distance (over template tokens) inside a unit. Small on
#: purpose: at 0.05 no unit of the labelled corpora mixes templates (homogeneity
#: 0.99-1.00), while 0.10 starts to (see docs/quality.md).
UNIT_DISTANCE = 0.05


#: Largest number of distinct template signatures in one block clustered exactly
#: (a dense distance matrix of this size takes about 200 MB).
DENSE_MAX = 5000


@dataclass(slots=True)
class StageAResult:
    """Unit label (0..k-1) of each signature of the block, in the given order.

    ``path`` is ``"exact"`` (average linkage) or ``"minhash"`` (near-duplicate
    graph for blocks beyond ``DENSE_MAX`` distinct template signatures).
    """

    labels: np.ndarray
    path: str = "exact"


def cluster_block(
    matrix: BinaryRows | Any,
    rows: np.ndarray,
    counts: np.ndarray,
    weights: np.ndarray,
    *,
    max_distance: float = UNIT_DISTANCE,
) -> StageAResult:
    """Units of the signatures ``rows`` of ``matrix`` (``counts`` pages each).

    Signatures identical on the compared tokens are collapsed into one
    weighted point; up to ``DENSE_MAX`` points are clustered exactly (average
    linkage), beyond that a MinHash near-duplicate graph is used
    (``StageAResult.path`` says which).
    """
    n = len(rows)
    if n == 1:
        return StageAResult(labels=np.zeros(1, dtype=np.int64))
    sub = BinaryRows.coerce(matrix).take(rows).keep_columns(np.asarray(weights) > 0)
    # Identical rows are one point weighing as many: average linkage then
    # weighs a template by how many distinct pages show it, as if each were
    # its own point, on a matrix several times smaller.
    points, point_of = np.unique(_distinct_rows(sub), return_inverse=True)
    point_of = point_of.ravel()
    multiplicity = np.bincount(point_of, minlength=len(points)).astype(np.float64)
    psub = sub.take(points)
    if len(points) == 1:
        labels = np.zeros(len(points), dtype=np.int64)
        path = "exact"
    elif len(points) <= DENSE_MAX:
        dist = jaccard_matrix(psub)
        np.subtract(1.0, dist, out=dist)
        np.fill_diagonal(dist, 0.0)
        labels = average_linkage_labels(dist, max_distance, multiplicity, overwrite=True)
        del dist
        path = "exact"
    else:
        labels = near_duplicate_components(psub, max_distance)
        path = "minhash"
    return StageAResult(labels=number_by_first_member(labels[point_of]), path=path)


def jaccard_matrix(rows: BinaryRows) -> np.ndarray:
    """Jaccard similarity of every pair of rows (two empty rows are identical, 1.0).

    Computed in place: for a 5,000-row block each square array is 200 MB.
    Intersections are exact integers, so the result is exactly symmetric.
    """
    sim = pair_intersections(rows)
    size = rows.row_sums()
    union = np.add.outer(size, size)
    union -= sim
    empty = union <= 1e-12
    np.maximum(union, 1e-12, out=union)
    np.divide(sim, union, out=sim)
    del union
    sim[empty] = 1.0
    return np.clip(sim, 0.0, 1.0, out=sim)


def _distinct_rows(sub: BinaryRows) -> np.ndarray:
    """Index of the first identical row for every row (rows as token sets)."""
    first: dict[bytes, int] = {}
    return np.asarray(
        [first.setdefault(k, i) for i, k in enumerate(sub.row_keys())], dtype=np.int64
    )


def near_duplicate_components(
    sub: BinaryRows | Any, max_distance: float, *, bands: int = 8, rows_per_band: int = 8
) -> np.ndarray:
    """Connected components of the "Jaccard distance <= max_distance" graph.

    Candidate pairs come from MinHash banding (``bands`` x ``rows_per_band``
    hashes: a pair at similarity 0.95 is a candidate with probability > 0.999,
    one at 0.5 with 0.03); every candidate is then checked exactly. Linear in
    the number of rows instead of quadratic.
    """
    sub = BinaryRows.coerce(sub)
    n, v = sub.shape
    n_hash = bands * rows_per_band
    rng = np.random.default_rng(0x4D494E48)
    a = rng.integers(1, 2**31 - 1, size=n_hash, dtype=np.int64)
    b = rng.integers(0, 2**31 - 1, size=n_hash, dtype=np.int64)
    prime = np.int64(2**31 - 1)
    tokens = np.arange(v, dtype=np.int64)
    sig = np.full((n, n_hash), np.iinfo(np.int64).max, dtype=np.int64)
    nonempty = np.diff(sub.indptr) > 0
    starts = sub.indptr[:-1][nonempty]
    for h in range(n_hash):
        perm = (a[h] * tokens + b[h]) % prime
        vals = perm[sub.indices]
        if len(vals):
            sig[nonempty, h] = np.minimum.reduceat(vals, starts)
    parent = np.arange(n)

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    sizes = sub.row_sums()
    in_head = np.zeros(v, dtype=bool)
    for band in range(bands):
        chunk = sig[:, band * rows_per_band : (band + 1) * rows_per_band]
        _, inverse = np.unique(chunk, axis=0, return_inverse=True)
        order = np.argsort(inverse, kind="stable")
        grouped = inverse[order]
        boundaries = np.nonzero(np.diff(grouped))[0] + 1
        for members in np.split(order, boundaries):
            if len(members) < 2:
                continue
            head = members[0]
            block = sub.take(members)
            in_head[sub.row(head)] = True
            inter = np.bincount(
                block.row_ids(), weights=in_head[block.indices], minlength=len(members)
            )
            in_head[sub.row(head)] = False
            union = sizes[members] + sizes[head] - inter
            close = members[(union == 0) | ((1 - inter / np.maximum(union, 1)) <= max_distance)]
            root = find(int(head))
            for m in close.tolist():
                r = find(m)
                if r != root:
                    parent[max(r, root)] = min(r, root)
                    root = min(r, root)
    roots = np.asarray([find(i) for i in range(n)])
    return np.unique(roots, return_inverse=True)[1]
