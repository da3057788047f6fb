"""Pages from a WARC file (plain, gzip per record, or gzip as a whole).

Only successful HTML captures become pages: ``response`` records with a 2xx
status and an HTML media type (or, without a ``Content-Type``, a payload that
looks like HTML), and ``resource`` records holding HTML. Everything else is
skipped and counted (see :mod:`page_cluster.io.report`). Charset: byte-order
mark, HTTP ``Content-Type``, ``<meta>``, as in :mod:`page_cluster.io.charset`.

Records are read with FastWARC when it is installed (much faster record
splitting) and with warcio otherwise. Damaged archives are handled by warcio
either way, because it reports exactly where a record starts:

* a corrupt record (bad gzip data, a broken header) is reported with its
  number and byte offset, and reading resumes at the next record start found
  after it (the next gzip member that opens with ``WARC/``, or the next
  ``WARC/1.`` line in an uncompressed file);
* a file that ends inside its last record (an interrupted download or crawl)
  is detected by checking that the last record is complete; that record is
  reported as truncated, everything before it is kept.

* a record whose ``Content-Length`` runs past the start of the next record
  (in an uncompressed file, or across gzip members) is reported as corrupt,
  and reading resumes at the record start found inside it, so the records it
  would have swallowed are read.

One record's payload is held at a time, so memory does not grow with the
archive (pages larger than ``max_page_bytes``, by default
:data:`~page_cluster.base.limits.MAX_PAGE_BYTES`, are skipped as too large).

This module drives the reading; the concerns it combines live beside it: which
records are pages (:mod:`.warc_records`), the two reader back-ends
(:mod:`.warc_backends`) and damage recovery (:mod:`.warc_recovery`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, Literal

from ..base.limits import MAX_PAGE_BYTES
from .jsonl import InputError
from .record import PageRecord
from .report import ReadReport, Skipped
from .warc_backends import _FastFailed, _fastwarc_entries, _warcio_entries, fastwarc_available
from .warc_records import _Corrupt, _page_from_entry, _position
from .warc_recovery import (
    _GZIP_MAGIC,
    _GunzipStream,
    _gzip_member_complete,
    _is_whole_file_gzip,
    _next_gzip_record,
    _next_plain_record,
    _plain_overrun,
    _plain_record_complete,
    _scan_member_start,
)

__all__ = [
    "MAX_PAGE_BYTES",
    "WarcReader",
    "fastwarc_available",
    "iter_warc_pages",
    "read_warc_page",
]


WarcReader = Literal["auto", "warcio", "fastwarc"]


def iter_warc_pages(
    fh: BinaryIO,
    report: ReadReport,
    on_skip: Callable[[Skipped], None] | None = None,
    *,
    reader: WarcReader = "auto",
    max_page_bytes: int = MAX_PAGE_BYTES,
) -> Iterator[PageRecord]:
    """Yield the HTML pages of a seekable WARC file, counting what is skipped.

    ``reader`` picks the record reader: ``"auto"`` uses FastWARC when installed.
    Damage never raises: it is reported through ``report`` and ``on_skip``.
    Every record that does not become a page is counted (records that are not
    captures at all, such as requests and ``warcinfo``, excepted).
    """
    fh.seek(0)
    compressed = fh.read(2) == _GZIP_MAGIC
    stream: Any = fh
    unit = "byte"
    whole_gzip = compressed and _is_whole_file_gzip(fh)
    if whole_gzip:
        stream = _GunzipStream(fh)
        unit = "uncompressed byte"
    use_fast = reader == "fastwarc" or (reader == "auto" and fastwarc_available())
    members = compressed and not whole_gzip

    def skip(s: Skipped) -> None:
        report.add_skip(s)
        if on_skip is not None:
            on_skip(s)

    # The outcome of the latest record (a page or a skip) is held back until the
    # record after it has been read: a file cut inside its last record must not
    # yield a partial page (or count a partial record as, say, non-HTML).
    pending: PageRecord | Skipped | None = None
    pending_offset = -1
    last_offset = -1  # start of the last record handled
    last_ordinal = 0
    pos = 0  # where the next reading round starts
    base = 0  # ordinal of the record before ``pos``
    check_tail = not whole_gzip

    def flush() -> Iterator[PageRecord]:
        nonlocal pending
        held, pending = pending, None
        if isinstance(held, PageRecord):
            report.pages += 1
            yield held
        elif held is not None:
            skip(held)

    while True:
        resync: int | None = None
        try:
            if use_fast:
                entries = _fastwarc_entries(stream, pos, base, max_page_bytes, members)
            else:
                entries = _warcio_entries(stream, pos, base, max_page_bytes)
            for entry in entries:
                if entry.offset <= last_offset:
                    continue  # re-read after a hand-over from FastWARC
                yield from flush()
                last_offset, last_ordinal = entry.offset, entry.ordinal
                where = _position(entry.ordinal, entry.offset, entry.url, unit)
                inner = None if compressed else _plain_overrun(stream, entry.offset)
                pending_offset = entry.offset
                if inner is not None:
                    detail = (
                        f"its Content-Length runs past the next record; resuming at {unit} {inner}"
                    )
                    pending = Skipped("corrupt", where, detail)
                    resync = inner
                    break
                page, skipped, note = _page_from_entry(entry, where, max_page_bytes)
                pending = page or skipped
                if page is not None and note:
                    report.notes[note] += 1
            if resync is None and not whole_gzip and last_offset >= 0:
                # The reader stopped: a record start after the last record it
                # read means that record swallowed the rest (a missing or
                # overstated length); report it and read on from there.
                after = max(last_offset, pos) + 1  # (each round starts further on)
                resync = (
                    _scan_member_start(stream, after, None)
                    if members
                    else _next_plain_record(stream, after)
                )
                if resync is not None:
                    where = _position(last_ordinal, last_offset, None, unit)
                    if pending is not None:
                        where = pending.position
                    detail = f"it runs past the next record; resuming at {unit} {resync}"
                    pending = Skipped("corrupt", where, detail)
                    pending_offset = last_offset
            if resync is None:
                break
            pos, base = resync, last_ordinal
        except _FastFailed as handover:
            use_fast = False
            pos = handover.resume
            if handover.redo and pending_offset == pos:
                # FastWARC read this record across its gzip member: read it again.
                pending = None
                last_offset = pos - 1
                base = last_ordinal - 1
            else:
                base = last_ordinal - 1 if pos == last_offset else last_ordinal
        except _Corrupt as bad:
            yield from flush()
            # On some damage warcio's offset lags behind the last record it read;
            # the scan for the next record must start past both, or it would
            # find the same place again.
            bad_offset = max(bad.offset, last_offset + 1, pos)
            where = _position(bad.ordinal, bad_offset, None, unit)
            if bad.truncated and whole_gzip:
                skip(Skipped("truncated", where, "the file ends inside this record"))
                break
            try:
                resume = (
                    _next_gzip_record(stream, bad_offset + 1)
                    if members
                    else _next_plain_record(stream, bad_offset + 1)
                )
            except Exception:  # the compressed stream itself is broken past this point
                resume = None
            detail = bad.detail
            detail += f"; resuming at {unit} {resume}" if resume is not None else ""
            skip(Skipped("corrupt", where, detail))
            if resume is None:
                check_tail = False  # the damage reached the end of the file
                break
            last_ordinal = base = bad.ordinal
            last_offset = bad_offset
            pos = resume
    if check_tail and last_offset >= 0 and pending_offset == last_offset:
        complete = (
            _gzip_member_complete(stream, last_offset)
            if compressed
            else _plain_record_complete(stream, last_offset)
        )
        if not complete:
            where = pending.position if pending is not None else ""
            where = where or _position(last_ordinal, last_offset, None, unit)
            pending = Skipped("truncated", where, "the file ends inside this record")
    yield from flush()


def read_warc_page(fh: BinaryIO, offset: int) -> PageRecord:
    """The page whose record starts at ``offset`` (a :attr:`PageRecord.offset`), read alone.

    Shows one page of a large archive without reading the records before it
    (a whole-file-compressed WARC is decompressed up to it, as offsets then
    count uncompressed bytes). Raises :class:`InputError` when no page record
    starts there, e.g. because the file changed.
    """
    fh.seek(0)
    stream: Any = fh
    unit = "byte"
    if fh.read(2) == _GZIP_MAGIC and _is_whole_file_gzip(fh):
        stream = _GunzipStream(fh)
        unit = "uncompressed byte"
    where = f"record at {unit} {offset}"
    try:
        entry = next(_warcio_entries(stream, offset, 0), None)
    except _Corrupt as bad:
        raise InputError(where, f"cannot be read ({bad.detail})") from None
    if entry is None or entry.offset != offset:
        raise InputError(where, "no WARC record starts here")
    page, skipped, _ = _page_from_entry(entry, where)
    if page is None:
        why = skipped.reason if skipped is not None else f"a {entry.rec_type or 'non-page'} record"
        raise InputError(where, f"holds no page ({why})")
    return page
