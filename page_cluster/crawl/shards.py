"""One input file read into per-host signature shards: the only thing that
leaves the place where the file is read.

A shard holds, for one host of one file, each page's token ids over the
shard's own small vocabulary (only the strings its pages use), the page's
blocking signals and its output id. The HTML is parsed record by record and
dropped at once: whoever runs :func:`read_file_shards` holds one record's HTML
at a time.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..ingest.build import page_signals
from ..ingest.parallel_parse import ParseTask, run_task
from ..io.jsonl import InputError
from ..io.report import Skipped
from ..io.source import open_pages
from ..parsing.signature import LocalInterner, ParsedPage
from ..signatures.corpus import PageSignals

__all__ = [
    "FileShards",
    "HostShard",
    "file_summary",
    "host_label",
    "read_file_shards",
    "take_shard",
]


def host_label(host: str | None) -> str:
    """The name a host's pages are grouped under (pages without a host: ``""``)."""
    return host or ""


@dataclass(slots=True)
class HostShard:
    """The pages of one host in one file, in file order, without their HTML.

    Page ``p`` has token ids ``ids[offsets[p]:offsets[p + 1]]``, indices into
    ``strings``; every string is used by at least one page.
    """

    host: str
    strings: list[str]
    ids: np.ndarray
    offsets: np.ndarray
    element_count: np.ndarray
    signals: list[PageSignals]
    output_ids: list[Any]

    @property
    def n_pages(self) -> int:
        return len(self.signals)

    def parsed_pages(self) -> list[ParsedPage]:
        """The pages as a parser would hand them over: the first carries every string."""
        out = []
        for p in range(self.n_pages):
            out.append(
                ParsedPage(
                    local_ids=self.ids[self.offsets[p] : self.offsets[p + 1]],
                    new_strings=self.strings if p == 0 else [],
                    element_count=int(self.element_count[p]),
                    body_class_list=[],
                )
            )
        return out


@dataclass(slots=True)
class _ShardBuilder:
    host: str
    remap: dict[int, int] = field(default_factory=dict)
    strings: list[str] = field(default_factory=list)
    ids: array = field(default_factory=lambda: array("i"))
    offsets: list[int] = field(default_factory=lambda: [0])
    element_count: list[int] = field(default_factory=list)
    signals: list[PageSignals] = field(default_factory=list)
    output_ids: list[Any] = field(default_factory=list)

    def add(
        self, file_strings: list[str], parsed: ParsedPage, signals: PageSignals, output_id: Any
    ) -> None:
        remap, strings = self.remap, self.strings
        out = self.ids
        for local in parsed.local_ids:
            hid = remap.get(local)
            if hid is None:
                hid = remap[local] = len(strings)
                strings.append(file_strings[local])
            out.append(hid)
        self.offsets.append(len(out))
        self.element_count.append(parsed.element_count)
        self.signals.append(signals)
        self.output_ids.append(output_id)

    def finish(self) -> HostShard:
        return HostShard(
            host=self.host,
            strings=self.strings,
            ids=np.frombuffer(self.ids, dtype=np.intc).astype(np.int32),
            offsets=np.asarray(self.offsets, dtype=np.int64),
            element_count=np.asarray(self.element_count, dtype=np.int64),
            signals=self.signals,
            output_ids=self.output_ids,
        )


@dataclass(slots=True)
class FileShards:
    """What reading one file gives: its shards by host, and how its pages interleave.

    ``page_host[i]`` is the index in ``hosts`` of the file's ``i``-th page (input
    order); ``error`` names why the file could not be read to its end (its pages
    are then dropped: a file is clustered whole or not at all).
    """

    name: str
    format: str | None
    hosts: list[str]
    page_host: np.ndarray
    output_ids: list[Any]
    shards: dict[str, HostShard]
    skipped: str | None = None
    warnings: list[str] = field(default_factory=list)
    error: str | None = None

    @property
    def n_pages(self) -> int:
        return len(self.page_host)

    def host_counts(self) -> dict[str, int]:
        return {h: s.n_pages for h, s in self.shards.items()}

    def summary(self) -> FileShards:
        """The same without the shards: what the client needs to assemble output."""
        return FileShards(
            self.name,
            self.format,
            self.hosts,
            self.page_host,
            self.output_ids,
            {},
            self.skipped,
            self.warnings,
            self.error,
        )


#: At most this many damaged-record messages are kept per file.
MAX_FILE_WARNINGS = 20


def read_file_shards(
    path: str, fmt: str | None = None, content_block_attribute: str | None = None
) -> FileShards:
    """Read and parse one file into per-host shards (never raises on bad input)."""
    warnings: list[str] = []

    def on_skip(skip: Skipped) -> None:
        if skip.is_error and len(warnings) < MAX_FILE_WARNINGS:
            warnings.append(skip.message)

    interner = LocalInterner()
    file_strings: list[str] = []
    builders: dict[str, _ShardBuilder] = {}
    host_index: dict[str, int] = {}
    page_host: list[int] = []
    output_ids: list[Any] = []
    source = None
    try:
        source = open_pages(path, fmt, on_skip=on_skip)
        with source:
            for record in source:
                parsed = run_task(ParseTask.from_record(record), interner, content_block_attribute)
                assert isinstance(parsed, ParsedPage)
                file_strings.extend(parsed.new_strings)
                host = host_label(record.page.host)
                builder = builders.get(host)
                if builder is None:
                    builder = builders[host] = _ShardBuilder(host)
                    host_index[host] = len(host_index)
                builder.add(file_strings, parsed, page_signals(record, parsed), record.output_id)
                page_host.append(host_index[host])
                output_ids.append(record.output_id)
    except Exception as exc:  # a damaged file must not stop the other files
        return FileShards(
            path,
            getattr(source, "format", fmt),
            [],
            np.empty(0, np.int32),
            [],
            {},
            None,
            warnings,
            f"{type(exc).__name__}: {exc}" if not isinstance(exc, InputError) else str(exc),
        )
    report = source.report
    if not page_host and report.error_total:
        return FileShards(
            path,
            source.format,
            [],
            np.empty(0, np.int32),
            [],
            {},
            report.summary(),
            warnings,
            "no page could be read",
        )
    return FileShards(
        name=path,
        format=source.format,
        hosts=list(host_index),
        page_host=np.asarray(page_host, dtype=np.int32),
        output_ids=output_ids,
        shards={h: b.finish() for h, b in builders.items()},
        skipped=report.summary(),
        warnings=warnings,
    )


def file_summary(shards: FileShards) -> FileShards:
    """:meth:`FileShards.summary` as a plain function (a task of its own)."""
    return shards.summary()


def take_shard(shards: FileShards, host: str) -> HostShard:
    """One host's shard of a file (a task of its own, so only it travels)."""
    return shards.shards[host]
