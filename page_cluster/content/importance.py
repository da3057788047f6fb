"""Block importance (the block-importance seed): a linear score and, per page, a
fuzzy three-way split into main content, secondary and junk.

The seed scores every block with a regression over about twenty block features
(sentence length, word and stop-word counts, links, images, lists, link-word
ratio ...) and then, instead of fixed cut-offs (which failed because scores are
not comparable from page to page), groups the blocks of each page with fuzzy
c-means into three levels. Our regression weights are fitted by
``scripts/train_block_classifier.py`` on the labelled corpora and shipped with the
classifier's parameters; fuzzy c-means is implemented here with numpy.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["IMPORTANCE_LEVELS", "FuzzyCMeans", "fuzzy_c_means", "importance_levels"]

#: Level names, most important first.
IMPORTANCE_LEVELS: tuple[str, ...] = ("main", "secondary", "junk")


@dataclass(slots=True)
class FuzzyCMeans:
    """Result of fuzzy c-means: centres (sorted descending) and memberships."""

    centers: np.ndarray  # (c, d)
    membership: np.ndarray  # (n, c), rows sum to 1
    iterations: int

    @property
    def labels(self) -> np.ndarray:
        """Hard assignment: the cluster of highest membership."""
        return self.membership.argmax(axis=1)


def fuzzy_c_means(
    x: np.ndarray,
    c: int = 3,
    *,
    m: float = 2.0,
    max_iter: int = 100,
    tol: float = 1e-6,
    weights: np.ndarray | None = None,
) -> FuzzyCMeans:
    """Fuzzy c-means (Bezdek) on the rows of ``x``; deterministic initialisation.

    Centres start at evenly spaced quantiles of the first column, so the result
    does not depend on a random seed. Centres are returned sorted by their first
    coordinate, highest first. ``weights`` (one per row) weigh rows in the centre
    updates (e.g. a block's text length).

    >>> r = fuzzy_c_means(np.array([[0.0], [0.1], [5.0], [5.2], [10.0], [9.9]]))
    >>> r.labels.tolist()
    [2, 2, 1, 1, 0, 0]
    >>> bool(np.allclose(r.membership.sum(axis=1), 1.0))
    True
    """
    x = np.asarray(x, dtype=np.float64)
    if x.ndim == 1:
        x = x[:, None]
    n = x.shape[0]
    if n == 0:
        return FuzzyCMeans(np.zeros((c, x.shape[1] if x.ndim == 2 else 1)), np.zeros((0, c)), 0)
    w = np.ones(n) if weights is None else np.asarray(weights, dtype=np.float64)
    qs = np.linspace(1.0, 0.0, c)
    order = np.argsort(x[:, 0], kind="stable")
    centers = x[order[np.round(qs * (n - 1)).astype(int)]].copy()
    exponent = 2.0 / (m - 1.0)
    u = np.full((n, c), 1.0 / c)
    it = 0
    for it in range(1, max_iter + 1):  # noqa: B007 (the count is reported)
        d = np.sqrt(((x[:, None, :] - centers[None, :, :]) ** 2).sum(axis=2))
        zero = d < 1e-12
        d = np.maximum(d, 1e-12)
        ratio = (d[:, :, None] / d[:, None, :]) ** exponent
        new_u = 1.0 / ratio.sum(axis=2)
        hit = zero.any(axis=1)
        if hit.any():
            new_u[hit] = zero[hit] / zero[hit].sum(axis=1, keepdims=True)
        um = (new_u**m) * w[:, None]
        centers = (um.T @ x) / np.maximum(um.sum(axis=0)[:, None], 1e-12)
        delta = float(np.abs(new_u - u).max())
        u = new_u
        if delta < tol:
            break
    order = np.argsort(-centers[:, 0], kind="stable")
    return FuzzyCMeans(centers=centers[order], membership=u[:, order], iterations=it)


def importance_levels(scores: np.ndarray, weights: np.ndarray | None = None) -> np.ndarray:
    """Per-page levels (0 main, 1 secondary, 2 junk) of blocks with these scores.

    Fewer than three distinct scores cannot be split three ways: the blocks then
    share the level of their score's rank (highest first).

    >>> importance_levels(np.array([3.0, 2.9, 0.1, -2.0, -2.1, 0.0])).tolist()
    [0, 0, 1, 2, 2, 1]
    """
    scores = np.asarray(scores, dtype=np.float64)
    if len(scores) == 0:
        return np.zeros(0, dtype=np.int64)
    distinct = np.unique(scores)
    if len(distinct) < 3:
        rank = {v: i for i, v in enumerate(sorted(distinct, reverse=True))}
        return np.array([rank[v] for v in scores.tolist()], dtype=np.int64)
    return fuzzy_c_means(scores, 3, weights=weights).labels.astype(np.int64)
