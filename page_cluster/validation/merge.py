"""Apply confirmed cluster merges to a list of cluster keys (pure)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = ["merge_key_map", "merge_validated_clusters", "safe_merges"]


def _pair_of(item: Any) -> tuple[str, str]:
    if isinstance(item, Mapping):
        a, b = item.get("clusterKeyA"), item.get("clusterKeyB")
    elif isinstance(item, (tuple, list)) and len(item) == 2:
        a, b = item
    else:
        a, b = getattr(item, "cluster_key_a", None), getattr(item, "cluster_key_b", None)
    if not isinstance(a, str) or not isinstance(b, str):
        raise TypeError(f"not a cluster pair: {item!r}")
    return a, b


def merge_key_map(duplicates: Iterable[Any]) -> dict[str, str]:
    """Old key -> surviving key, for every key touched by a merge.

    Merges are transitive (union-find); a merged group keeps its smallest key,
    so the result does not depend on the order of ``duplicates``.

    >>> merge_key_map([("b", "c"), ("c", "a")])
    {'b': 'a', 'c': 'a', 'a': 'a'}
    """
    parent: dict[str, str] = {}

    def find(key: str) -> str:
        root = key
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(key, key) != root:
            parent[key], key = root, parent[key]
        return root

    for item in duplicates:
        a, b = _pair_of(item)
        ra, rb = find(a), find(b)
        parent.setdefault(ra, ra)
        parent.setdefault(rb, rb)
        if ra != rb:
            small, large = (ra, rb) if ra < rb else (rb, ra)
            parent[large] = small
    return {key: find(key) for key in parent}


def merge_validated_clusters(cluster_keys: Sequence[str], duplicates: Iterable[Any]) -> list[str]:
    """Every page's key after merging the confirmed cluster pairs.

    ``duplicates`` holds :class:`CrossClusterDuplicate` objects, report entries
    (``{"clusterKeyA", "clusterKeyB", ...}``) or ``(key_a, key_b)`` pairs; all are
    merged unconditionally (choosing which to trust is the caller's decision, see
    :func:`safe_merges`).

    >>> merge_validated_clusters(["a", "b", "c", "d"], [{"clusterKeyA": "b", "clusterKeyB": "c"}])
    ['a', 'b', 'b', 'd']
    """
    mapping = merge_key_map(duplicates)
    return [mapping.get(k, k) for k in cluster_keys]


def safe_merges(duplicates: Iterable[Any]) -> list[Any]:
    """The duplicates merged automatically: identical token sets, or mirror-corroborated.

    >>> safe_merges([{"clusterKeyA": "a", "clusterKeyB": "b", "similarity": 0.9,
    ...               "corroboratedByMirrorAxis": False}])
    []
    """
    out = []
    for d in duplicates:
        if isinstance(d, Mapping):
            sim, corr = d.get("similarity", 0), d.get("corroboratedByMirrorAxis", False)
        else:
            sim, corr = d.similarity, d.corroborated_by_mirror_axis
        if sim >= 1 or corr:
            out.append(d)
    return out
