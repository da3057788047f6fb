"""Set similarity of two token collections (the reference's ``jaccardSimilarity``).

Pairwise similarities of many signatures are vectorised where they are used
(:func:`page_cluster.signatures.binary_rows.pair_intersections`).
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["jaccard_similarity"]


def jaccard_similarity(a: Iterable[str], b: Iterable[str]) -> float:
    """Jaccard similarity of two token collections (1.0 for two empty sets).

    >>> jaccard_similarity(["a", "b"], ["b", "c"])
    0.3333333333333333
    """
    sa, sb = set(a), set(b)
    if not sa and not sb:
        return 1.0
    return len(sa & sb) / len(sa | sb)
