"""Crawl archives: many files, many hosts, clustered host by host.

Each input file is read and parsed where it is (one task per file) into compact
per-host signature shards; each host is then clustered on its own (one task per
host) and the keys come back as ``(id, clusterKey)`` rows in input order. The
same tasks run in this process or on a Dask cluster, with identical results.
Dask is imported only when a client is used.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .run import CrawlResult, FileOutcome, cluster_crawl, run_crawl

__all__ = ["CrawlResult", "FileOutcome", "cluster_crawl", "run_crawl"]


def __getattr__(name: str) -> Any:
    # Loaded on first use: the command line reads its arguments (crawl.inputs)
    # without importing numpy.
    if name in __all__:
        return getattr(importlib.import_module(".run", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
