"""The max-gap auto-cut: one primitive for every data-chosen threshold.

In a sorted distribution, the midpoint of the widest gap between neighbouring
values separates the two regimes (e.g. within-template vs between-template
distances, site-wide chrome vs section navigation frequencies). Used for cut
heights, chrome frequencies and the blocking path depth, so no per-site tuning is
needed.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

__all__ = ["auto_cut_threshold", "largest_gap"]


def largest_gap(
    values: Iterable[float] | np.ndarray,
    *,
    lower: float | None = None,
    upper: float | None = None,
) -> tuple[float, float] | None:
    """The widest gap ``(low, high)`` between neighbouring distinct values.

    Only gaps whose midpoint lies within ``[lower, upper]`` are considered (both
    optional). ``None`` when fewer than two distinct values remain. Ties go to the
    lowest gap, so the result does not depend on input order.

    >>> largest_gap([0.1, 0.12, 0.15, 0.7, 0.72])
    (0.15, 0.7)
    """
    arr = np.unique(
        np.asarray(list(values) if not isinstance(values, np.ndarray) else values, dtype=np.float64)
    )
    arr = arr[np.isfinite(arr)]
    if arr.size < 2:
        return None
    gaps = np.diff(arr)
    mids = (arr[:-1] + arr[1:]) / 2
    ok = np.ones(len(gaps), dtype=bool)
    if lower is not None:
        ok &= mids >= lower
    if upper is not None:
        ok &= mids <= upper
    if not ok.any():
        return None
    idx = int(np.argmax(np.where(ok, gaps, -1.0)))
    return float(arr[idx]), float(arr[idx + 1])


def auto_cut_threshold(
    values: Iterable[float] | np.ndarray,
    *,
    lower: float | None = None,
    upper: float | None = None,
) -> float | None:
    """Midpoint of the widest gap in ``values`` (see :func:`largest_gap`).

    >>> auto_cut_threshold([1, 1, 2, 2, 9, 10])
    5.5
    >>> auto_cut_threshold([3, 3]) is None
    True
    """
    gap = largest_gap(values, lower=lower, upper=upper)
    if gap is None:
        return None
    return (gap[0] + gap[1]) / 2
