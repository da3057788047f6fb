"""Run a crawl: read every file, cluster every host, assemble rows in input order.

Two executors share the same task functions: this process (no Dask), or a Dask
``distributed.Client``. With a client, files are read by the workers (the paths
must be readable there), shards stay on the worker that made them until their
host's task pulls them, and the client only ever receives file summaries (ids and
host codes) and per-host key codes. A worker that dies takes its in-memory
results with it; Dask recomputes them from the task graph, and since every task
is a pure function of its inputs the output is the same.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .assemble import file_keys, host_order, host_starts
from .hosts import HostResult, cluster_host
from .shards import FileShards, file_summary, read_file_shards, take_shard

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["CrawlResult", "FileOutcome", "cluster_crawl", "run_crawl"]


@dataclass(slots=True)
class FileOutcome:
    """One input file: its pages' output ids and keys (input order), or its error."""

    name: str
    format: str | None
    ids: list[Any]
    hosts: list[str]
    keys: list[str]
    skipped: str | None = None
    warnings: list[str] = field(default_factory=list)
    error: str | None = None


@dataclass(slots=True)
class CrawlResult:
    """Every file's outcome (in the order given) and every host's result."""

    files: list[FileOutcome]
    hosts: dict[str, HostResult]

    @property
    def failed(self) -> list[FileOutcome]:
        return [f for f in self.files if f.error is not None]

    def rows(self) -> list[tuple[Any, str, str, str]]:
        """``(id, host, clusterKey, file)`` for every page, input order; an id a
        record lacked is its 0-based index in its file, as on the command line."""
        out = []
        for f in self.files:
            for i, (page_id, host, key) in enumerate(zip(f.ids, f.hosts, f.keys, strict=True)):
                out.append((i if page_id is None else page_id, host, key, f.name))
        return out

    def to_frame(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame(self.rows(), columns=["id", "host", "clusterKey", "file"])


#: Called with each file's summary as soon as it has been read.
FileCallback = Callable[[FileShards], None]
#: Called with each host's result as soon as it has been clustered.
HostCallback = Callable[[HostResult], None]


def _outcome(summary: FileShards, keys: list[str]) -> FileOutcome:
    hosts = [summary.hosts[h] for h in summary.page_host.tolist()]
    return FileOutcome(
        summary.name,
        summary.format,
        summary.output_ids,
        hosts,
        keys,
        summary.skipped,
        summary.warnings,
        summary.error,
    )


def _assemble(summaries: list[FileShards], results: dict[str, HostResult]) -> CrawlResult:
    starts = host_starts(summaries)
    files = [
        _outcome(s, file_keys(s, st, results) if s.error is None else [])
        for s, st in zip(summaries, starts, strict=True)
    ]
    return CrawlResult(files, {h: results[h] for h in sorted(results)})


def run_crawl(
    paths: Sequence[str],
    *,
    client: Any = None,
    format: str | None = None,
    content_block_attribute: str | None = None,
    reasons: bool = False,
    validate: bool = False,
    on_file: FileCallback | None = None,
    on_host: HostCallback | None = None,
) -> CrawlResult:
    """Cluster the pages of every file, host by host.

    ``client`` is a ``distributed.Client`` (or ``None``: run here). The result
    is the same either way. A file that cannot be read is reported in its
    :class:`FileOutcome` (``error``) and the others are clustered without it.
    """
    kwargs = {
        "format": format,
        "cba": content_block_attribute,
        "reasons": reasons,
        "validate": validate,
        "on_file": on_file or (lambda _s: None),
        "on_host": on_host or (lambda _r: None),
    }
    if client is None:
        return _run_here(list(paths), **kwargs)
    return _run_dask(client, list(paths), **kwargs)


def _run_here(
    paths: list[str],
    *,
    format: str | None,
    cba: str | None,
    reasons: bool,
    validate: bool,
    on_file: FileCallback,
    on_host: HostCallback,
) -> CrawlResult:
    read: list[FileShards] = []
    for path in paths:
        shards = read_file_shards(path, format, cba)
        read.append(shards)
        on_file(shards.summary())
    summaries = [s.summary() for s in read]
    results: dict[str, HostResult] = {}
    for host in host_order(summaries):
        parts = [take_shard(s, host) for s in read if host in s.shards]
        results[host] = cluster_host(host, parts, reasons=reasons, validate=validate)
        on_host(results[host])
    return _assemble(summaries, results)


def _run_dask(
    client: Any,
    paths: list[str],
    *,
    format: str | None,
    cba: str | None,
    reasons: bool,
    validate: bool,
    on_file: FileCallback,
    on_host: HostCallback,
) -> CrawlResult:
    from distributed import as_completed

    run = uuid.uuid4().hex[:12]
    read = [
        client.submit(read_file_shards, path, format, cba, key=f"pc-read-{run}-{i}", pure=False)
        for i, path in enumerate(paths)
    ]
    summary_futures = {
        client.submit(file_summary, fut, key=f"pc-summary-{run}-{i}", pure=False): i
        for i, fut in enumerate(read)
    }
    summaries: list[FileShards | None] = [None] * len(paths)
    for fut in as_completed(list(summary_futures)):
        summary = fut.result()
        summaries[summary_futures[fut]] = summary
        on_file(summary)
        fut.release()
    done = [s for s in summaries if s is not None]
    assert len(done) == len(paths)
    host_futures = {}
    order = host_order(done)
    for rank, host in enumerate(order):
        parts = [
            client.submit(take_shard, read[i], host, key=f"pc-shard-{run}-{i}-{rank}", pure=False)
            for i, s in enumerate(done)
            if host in s.hosts
        ]
        fut = client.submit(
            cluster_host,
            host,
            parts,
            reasons=reasons,
            validate=validate,
            key=f"pc-host-{run}-{rank}",
            pure=False,
            # Larger hosts first: the largest one is the straggler.
            priority=len(order) - rank,
        )
        host_futures[fut] = host
    results: dict[str, HostResult] = {}
    for fut in as_completed(list(host_futures)):
        result = fut.result()
        results[host_futures[fut]] = result
        on_host(result)
        fut.release()
    for fut in read:
        fut.release()
    return _assemble(done, results)


def cluster_crawl(
    paths: str | Sequence[str],
    *,
    client: Any = None,
    format: str | None = None,
    content_block_attribute: str | None = None,
) -> pd.DataFrame:
    """Cluster crawl files (WARC, JSONL, JSON, folders) host by host; one row per
    page: ``id``, ``host``, ``clusterKey`` and the ``file`` it came from.

    For notebooks: pass a ``distributed.Client`` to run on its cluster. Files
    that cannot be read are left out (see :func:`run_crawl` for their errors).
    """
    if isinstance(paths, str):
        paths = [paths]
    return run_crawl(
        paths, client=client, format=format, content_block_attribute=content_block_attribute
    ).to_frame()
