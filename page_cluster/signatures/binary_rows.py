"""Sets of token ids as numpy arrays: the signature matrix of the clustering path.

Clustering needs only a few operations on its 0/1 signature matrix: pick rows,
keep some columns, weighted row and column sums, and the intersection sizes of
row pairs. :class:`BinaryRows` does these on two plain arrays (compressed sparse
rows without a data array, since every stored value is 1).

Why not ``scipy.sparse``: importing it takes about 0.13 s of CPU, most of it
numpy submodules that scipy's array-API layer pulls in. On a small site that is
more than the clustering itself, and it competes with the parsing workers for the
cores. scipy is still used for what it is best at (pair products too large for a
dense block, explanations, validation), and :meth:`BinaryRows.to_scipy` bridges
the two.

>>> rows = BinaryRows.from_rows([[2, 0], [1], [0, 2, 2]], n_cols=3)
>>> rows.shape, rows.row(0).tolist(), rows.row(2).tolist()
((3, 3), [0, 2], [0, 2])
>>> rows.take([2, 1]).to_dense().tolist()
[[1.0, 0.0, 1.0], [0.0, 1.0, 0.0]]
>>> rows.keep_columns(np.array([True, False, True])).row(1).tolist()
[]
>>> rows.row_sums(np.array([1.0, 10.0, 100.0])).tolist()
[101.0, 10.0, 101.0]
>>> rows.column_sums().tolist()
[2.0, 1.0, 2.0]
>>> pair_intersections(rows).tolist()
[[2.0, 0.0, 2.0], [0.0, 1.0, 0.0], [2.0, 0.0, 2.0]]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    import scipy.sparse as sp

__all__ = ["DENSE_PRODUCT_BYTES", "BinaryRows", "group_sums", "pair_intersections"]

#: Largest dense copies made for one product (operands, not the result); beyond
#: it the product is a scipy sparse one.
DENSE_PRODUCT_BYTES = 100_000_000
#: Largest dense pair product (rows x rows x distinct columns multiply-adds):
#: a few tenths of a second of BLAS. Sparser, larger products go to scipy.
DENSE_PRODUCT_WORK = 4_000_000_000


@dataclass(frozen=True, slots=True, eq=False)
class BinaryRows:
    """A 0/1 matrix stored as sorted, duplicate-free column ids per row.

    ``indptr`` (int64, ``n_rows + 1`` offsets) and ``indices`` (int32) are laid
    out as in CSR; row ``i`` is ``indices[indptr[i]:indptr[i + 1]]``. ``==``
    compares identity (arrays have no single truth value to compare with).
    """

    indptr: np.ndarray
    indices: np.ndarray
    n_cols: int

    def __post_init__(self) -> None:
        if self.indptr.ndim != 1 or len(self.indptr) < 1:
            raise ValueError("indptr must be a 1-d array of n_rows + 1 offsets (at least [0])")
        if int(self.indptr[-1]) != len(self.indices):
            raise ValueError(
                f"indptr ends at {int(self.indptr[-1])} but there are {len(self.indices)} "
                "indices; build BinaryRows with BinaryRows.from_rows"
            )

    # -- construction -----------------------------------------------------
    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int] | np.ndarray], n_cols: int) -> BinaryRows:
        """From one collection of column ids per row (any order, repeats allowed)."""
        lengths = np.fromiter((len(r) for r in rows), dtype=np.int64, count=len(rows))
        flat = (
            np.concatenate([np.asarray(r, dtype=np.int64).ravel() for r in rows])
            if len(rows) and lengths.sum()
            else np.empty(0, dtype=np.int64)
        )
        if flat.size and (flat.min() < 0 or flat.max() >= n_cols):
            raise ValueError(f"column ids must lie in 0..{n_cols - 1} (n_cols={n_cols})")
        return cls.from_pairs(np.repeat(np.arange(len(rows)), lengths), flat, len(rows), n_cols)

    @classmethod
    def from_pairs(cls, row: np.ndarray, col: np.ndarray, n_rows: int, n_cols: int) -> BinaryRows:
        """From (row, column) pairs; repeated pairs count once."""
        key = np.unique(row.astype(np.int64) * max(n_cols, 1) + col.astype(np.int64))
        row_of = key // max(n_cols, 1)
        indptr = np.zeros(n_rows + 1, dtype=np.int64)
        np.cumsum(np.bincount(row_of, minlength=n_rows), out=indptr[1:])
        return cls(indptr, (key % max(n_cols, 1)).astype(np.int32), int(n_cols))

    @classmethod
    def coerce(cls, matrix: Any) -> BinaryRows:
        """Accept a :class:`BinaryRows`, a scipy sparse matrix or a dense 2-d array.

        Any nonzero entry is a 1.
        """
        if isinstance(matrix, cls):
            return matrix
        if hasattr(matrix, "tocoo"):
            coo = matrix.tocoo()
            nz = coo.data != 0
            return cls.from_pairs(coo.row[nz], coo.col[nz], coo.shape[0], coo.shape[1])
        dense = np.asarray(matrix)
        if dense.ndim != 2:
            raise ValueError(f"expected a 2-d matrix, got an array of shape {dense.shape}")
        row, col = np.nonzero(dense)
        return cls.from_pairs(row, col, dense.shape[0], dense.shape[1])

    # -- shape ------------------------------------------------------------
    @property
    def n_rows(self) -> int:
        return len(self.indptr) - 1

    @property
    def shape(self) -> tuple[int, int]:
        return self.n_rows, self.n_cols

    @property
    def nnz(self) -> int:
        return len(self.indices)

    def lengths(self) -> np.ndarray:
        """Number of ones in each row."""
        return np.diff(self.indptr)

    def row_ids(self) -> np.ndarray:
        """The row of every stored entry (parallel to ``indices``)."""
        return np.repeat(np.arange(self.n_rows, dtype=np.int64), self.lengths())

    def row(self, i: int) -> np.ndarray:
        return self.indices[self.indptr[i] : self.indptr[i + 1]]

    def row_keys(self) -> list[bytes]:
        """Each row as bytes: equal keys, equal rows."""
        ind, ptr = self.indices, self.indptr.tolist()
        return [ind[ptr[i] : ptr[i + 1]].tobytes() for i in range(self.n_rows)]

    # -- selection --------------------------------------------------------
    def take(self, rows: Sequence[int] | np.ndarray) -> BinaryRows:
        """The given rows, in the given order (repeats allowed)."""
        rows = np.asarray(rows, dtype=np.int64).ravel()
        lengths = self.lengths()[rows]
        indptr = np.zeros(len(rows) + 1, dtype=np.int64)
        np.cumsum(lengths, out=indptr[1:])
        pos = np.repeat(self.indptr[rows] - indptr[:-1], lengths) + np.arange(indptr[-1])
        return BinaryRows(indptr, self.indices[pos], self.n_cols)

    def keep_columns(self, mask: np.ndarray) -> BinaryRows:
        """Only the columns where ``mask`` is true, renumbered ``0..k-1`` in order."""
        mask = np.asarray(mask, dtype=bool)
        if mask.shape != (self.n_cols,):
            raise ValueError(f"mask must have one entry per column ({self.n_cols})")
        new_col = np.cumsum(mask, dtype=np.int64) - 1
        kept = mask[self.indices]
        indptr = np.zeros(self.n_rows + 1, dtype=np.int64)
        np.cumsum(np.bincount(self.row_ids()[kept], minlength=self.n_rows), out=indptr[1:])
        return BinaryRows(indptr, new_col[self.indices[kept]].astype(np.int32), int(mask.sum()))

    # -- sums -------------------------------------------------------------
    def row_sums(self, weights: np.ndarray | None = None) -> np.ndarray:
        """``matrix @ weights``: the total column weight of each row (float64)."""
        if weights is None:
            return self.lengths().astype(np.float64)
        w = np.asarray(weights, dtype=np.float64)[self.indices]
        return np.bincount(self.row_ids(), weights=w, minlength=self.n_rows).astype(np.float64)

    def column_sums(self, row_weights: np.ndarray | None = None) -> np.ndarray:
        """``matrix.T @ row_weights``: the total row weight of each column (float64)."""
        w = None if row_weights is None else np.asarray(row_weights, np.float64)[self.row_ids()]
        return np.bincount(self.indices, weights=w, minlength=self.n_cols).astype(np.float64)

    # -- conversion -------------------------------------------------------
    def to_dense(self, dtype: Any = np.float32, columns: np.ndarray | None = None) -> np.ndarray:
        """Dense 0/1 array; ``columns`` (sorted, covering every stored id) narrows it."""
        if columns is None:
            out = np.zeros(self.shape, dtype=dtype)
            out[self.row_ids(), self.indices] = 1
            return out
        out = np.zeros((self.n_rows, len(columns)), dtype=dtype)
        out[self.row_ids(), np.searchsorted(columns, self.indices)] = 1
        return out

    def to_scipy(self) -> sp.csr_matrix:
        """The same matrix as a scipy CSR matrix of float32 ones."""
        import scipy.sparse as sp

        return sp.csr_matrix(
            (np.ones(self.nnz, dtype=np.float32), self.indices, self.indptr), shape=self.shape
        )


def pair_intersections(a: BinaryRows, b: BinaryRows | None = None) -> np.ndarray:
    """Dense ``(a.n_rows, b.n_rows)`` array of shared-column counts (``a @ b.T``).

    Counts are exact integers stored as float64. Small products are a dense
    BLAS product over the columns the rows actually use; large sparse ones go
    through scipy.
    """
    b = a if b is None else b
    if a.n_cols != b.n_cols:
        raise ValueError(f"column counts differ: {a.n_cols} and {b.n_cols}")
    used = np.unique(a.indices) if b is a else np.union1d(a.indices, b.indices)
    k = len(used)
    cells = (a.n_rows + (0 if b is a else b.n_rows)) * k
    if (
        cells * 4 <= DENSE_PRODUCT_BYTES
        and a.n_rows * b.n_rows * k <= DENSE_PRODUCT_WORK
        and k < 2**24
    ):
        da = a.to_dense(np.float32, used)
        db = da if b is a else b.to_dense(np.float32, used)
        # float32 holds these integer sums exactly (k < 2**24). The operands
        # are 0/1, so an "invalid" flag can only be the BLAS kernel's own
        # (OpenBLAS's syrk, for ``a @ a.T``, sets it now and then): ignored.
        with np.errstate(invalid="ignore"):
            return (da @ db.T).astype(np.float64)
    sa = a.to_scipy()
    sb = sa if b is a else b.to_scipy()
    return np.asarray((sa @ sb.T).todense(), dtype=np.float64)


def group_sums(
    rows: BinaryRows,
    row_of: np.ndarray,
    group_of: np.ndarray,
    weights: np.ndarray,
    n_groups: int,
    columns: np.ndarray | None = None,
) -> np.ndarray:
    """Dense ``(n_groups, n_cols)``: entry ``k`` adds ``weights[k]`` times row
    ``row_of[k]`` to group ``group_of[k]``. ``columns`` (a mask) keeps only
    those columns, applied to the rows used only.

    The rows are expanded once per distinct row, not once per entry: a site
    published under many prefixes has a hundred entries for each distinct
    signature. Small products are dense BLAS, large ones scipy sparse; with
    integer weights the sums are exact either way.

    >>> rows = BinaryRows.from_rows([[0], [1, 2]], n_cols=3)
    >>> group_sums(rows, np.array([0, 1, 1]), np.array([0, 0, 1]), np.array([2., 3., 4.]), 2)
    array([[2., 3., 3.],
           [0., 4., 4.]])
    """
    distinct, inverse = np.unique(np.asarray(row_of, dtype=np.int64), return_inverse=True)
    sub = rows.take(distinct)
    if columns is not None:
        sub = sub.keep_columns(columns)
    n_distinct = len(distinct)
    group_of = np.asarray(group_of, dtype=np.int64)
    weights = np.asarray(weights, dtype=np.float64)
    if (n_groups * n_distinct + n_distinct * sub.n_cols) * 8 <= DENSE_PRODUCT_BYTES:
        per_row = np.bincount(
            group_of * n_distinct + inverse.ravel(),
            weights=weights,
            minlength=n_groups * n_distinct,
        ).astype(np.float64)
        return per_row.reshape(n_groups, n_distinct) @ sub.to_dense(np.float64)
    import scipy.sparse as sp

    per_row = sp.csr_matrix((weights, (group_of, inverse.ravel())), shape=(n_groups, n_distinct))
    return np.asarray((per_row @ sub.to_scipy()).todense(), dtype=np.float64)
