"""Group labels numbered by first member, so that labels follow input order."""

from __future__ import annotations

import numpy as np

__all__ = ["number_by_first_member"]


def number_by_first_member(labels: np.ndarray) -> np.ndarray:
    """Renumber any integer labels ``0..k-1`` in order of their first occurrence.

    >>> number_by_first_member(np.array([7, 3, 7, 9, 3])).tolist()
    [0, 1, 0, 2, 1]
    """
    uniq, first, inverse = np.unique(np.asarray(labels), return_index=True, return_inverse=True)
    rank = np.empty(len(uniq), dtype=np.int64)
    rank[np.argsort(first)] = np.arange(len(uniq))
    return rank[inverse.ravel()]
