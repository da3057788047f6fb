"""Shared input handling of the content subcommands (``extract``, ``evaluate``).

Pages come in any format the clustering command reads (its JSONL on stdin, a
file, a WARC, a folder of saved pages), read by the same reader, so each page
has the id the clustering output gives it; clusters either come from a
``--clusters`` file (``{"id", "clusterKey"}`` lines, the clustering command's
output) or are computed. Every problem is reported with where it is (line,
record, file) and ends the run before anything is written.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

from ..base.limits import MAX_LINE_BYTES
from ..base.model import Page
from ..io.jsonl import InputError, read_bounded_lines
from ..io.report import Skipped
from ..io.source import open_pages
from .progress import ProgressPrinter

__all__ = ["ContentInput", "read_clusters_file", "read_content_input"]


class ContentInput:
    """The pages read from stdin, their JSON ids and cluster keys."""

    def __init__(self, pages: list[Page], ids: list[Any], keys: list[str]) -> None:
        self.pages = pages
        self.ids = ids
        self.keys = keys


def _id_key(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def read_clusters_file(path: Path) -> dict[str, str]:
    """``{"id", "clusterKey"}`` lines: JSON id (as canonical text) -> key."""
    out: dict[str, str] = {}
    try:
        fh = path.open("rb")
    except OSError as exc:
        raise InputError(str(path), f"cannot read ({exc.strerror or exc})") from None
    with fh:
        for line_no, (raw, _) in enumerate(read_bounded_lines(fh, MAX_LINE_BYTES), start=1):
            if raw is None:
                raise InputError(f"{path}: line {line_no}", f"line over {MAX_LINE_BYTES} bytes")
            if not raw.strip():
                continue
            where = f"{path}: line {line_no}"
            try:
                rec = json.loads(raw)
            except (ValueError, RecursionError):  # (also an integer too long to convert)
                raise InputError(where, "invalid JSON") from None
            if not isinstance(rec, dict) or "id" not in rec:
                raise InputError(where, 'expected an object with "id" and "clusterKey"')
            key = rec.get("clusterKey")
            if not isinstance(key, str):
                raise InputError(where, '"clusterKey" must be a string')
            out[_id_key(rec["id"])] = key
    return out


def read_content_input(
    source: BinaryIO | str | Path,
    clusters: Path | None,
    content_block_attribute: str | None,
    progress: ProgressPrinter,
    *,
    jobs: int = 1,
    format: str | None = None,
    on_skip: Callable[[Skipped], None] | None = None,
) -> ContentInput:
    """Read pages from ``source`` (a binary stream, a file or a folder, in
    ``format`` or the one its content shows); take their clusters from
    ``clusters`` or compute them."""
    progress.reading()
    pages: list[Page] = []
    ids: list[Any] = []
    where: list[str] = []
    crawl = open_pages(source, format, on_skip=on_skip)
    progress.input_source(crawl)
    with crawl:
        for rec in crawl:
            pages.append(rec.page)
            ids.append(len(ids) if rec.output_id is None else rec.output_id)
            where.append(rec.position or f"page {len(ids)}")
    progress.read_report(crawl.report)
    if not pages and crawl.report.error_total:
        raise InputError(crawl.name, "no page could be read")
    if clusters is not None:
        table = read_clusters_file(clusters)
        keys = []
        for page_id, position in zip(ids, where, strict=True):
            key = table.get(_id_key(page_id))
            if key is None:
                raise InputError(position, f"page id {page_id!r} is not in {clusters}")
            keys.append(key)
    else:
        from ..api.resolve import resolve_page_cluster_keys

        progress.read_done(len(pages))
        keys = resolve_page_cluster_keys(
            pages,
            content_block_attribute=content_block_attribute,
            on_progress=progress.event,
            n_jobs=jobs,
        )
    return ContentInput(pages, ids, keys)
