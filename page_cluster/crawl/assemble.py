"""From per-host results back to per-file rows in input order (pure functions)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .hosts import HostResult
from .shards import FileShards

__all__ = ["file_keys", "host_order", "host_starts"]


def host_order(summaries: Sequence[FileShards]) -> list[str]:
    """Every host, largest first (ties by name): the biggest task, the likely
    straggler, is started first.

    >>> import numpy as np
    >>> f = FileShards("a", "jsonl", ["x", "y"], np.array([0, 1, 1]), [1, 2, 3], {})
    >>> host_order([f])
    ['y', 'x']
    """
    counts: dict[str, int] = {}
    for s in summaries:
        for h, n in zip(s.hosts, _counts(s), strict=True):
            counts[h] = counts.get(h, 0) + n
    return sorted(counts, key=lambda h: (-counts[h], h))


def _counts(summary: FileShards) -> list[int]:
    out = [0] * len(summary.hosts)
    for h in summary.page_host.tolist():
        out[h] += 1
    return out


def host_starts(summaries: Sequence[FileShards]) -> list[dict[str, int]]:
    """For each file, where its pages start in each host's page sequence
    (hosts see their pages in file order, then page order)."""
    seen: dict[str, int] = {}
    out = []
    for s in summaries:
        out.append({h: seen.get(h, 0) for h in s.hosts})
        for h, n in zip(s.hosts, _counts(s), strict=True):
            seen[h] = seen.get(h, 0) + n
    return out


def file_keys(
    summary: FileShards, starts: Mapping[str, int], results: Mapping[str, HostResult]
) -> list[str]:
    """The keys of one file's pages, in its input order."""
    cursor = dict(starts)
    keys = []
    for h in summary.page_host.tolist():
        host = summary.hosts[h]
        result = results[host]
        keys.append(result.key_table[int(result.codes[cursor[host]])])
        cursor[host] += 1
    return keys
