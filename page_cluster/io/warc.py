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

from collections.abc import Callable, Generator, Iterator
from typing import Any, BinaryIO, Literal

from ..base.limits import MAX_PAGE_BYTES
from .jsonl import InputError
from .record import PageRecord
from .report import ReadReport, Skipped
from .warc_backends import _FastFailed, _fastwarc_entries, _warcio_entries, fastwarc_available
from .warc_records import _Corrupt, _Entry, _page_from_entry, _position
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
    # (a generator: the file is first touched when the first page is asked for)
    yield from _WarcWalk(fh, report, on_skip, reader, max_page_bytes).pages()


class _WarcWalk:
    """One pass over a WARC file, in rounds: a round reads records from ``pos``
    until the reader stops; damage, a hand-over from FastWARC to warcio, or a
    record that swallowed the next one start another round further on.

    The outcome of the latest record (a page or a skip) is held back
    (``pending``) until the record after it has been read: a file cut inside its
    last record must not yield a partial page (or count a partial record as,
    say, non-HTML).
    """

    def __init__(
        self,
        fh: BinaryIO,
        report: ReadReport,
        on_skip: Callable[[Skipped], None] | None,
        reader: WarcReader,
        max_page_bytes: int,
    ) -> None:
        self.report = report
        self.on_skip = on_skip
        self.cap = max_page_bytes
        fh.seek(0)
        self.compressed = fh.read(2) == _GZIP_MAGIC
        self.stream: Any = fh
        self.unit = "byte"
        self.whole_gzip = self.compressed and _is_whole_file_gzip(fh)
        if self.whole_gzip:
            self.stream = _GunzipStream(fh)
            self.unit = "uncompressed byte"
        self.use_fast = reader == "fastwarc" or (reader == "auto" and fastwarc_available())
        self.members = self.compressed and not self.whole_gzip
        self.pending: PageRecord | Skipped | None = None
        self.pending_offset = -1
        self.last_offset = -1  # start of the last record handled
        self.last_ordinal = 0
        self.pos = 0  # where the next reading round starts
        self.base = 0  # ordinal of the record before ``pos``
        self.check_tail = not self.whole_gzip

    def pages(self) -> Iterator[PageRecord]:
        while True:
            try:
                resync = yield from self._read_round()
                if resync is None:
                    break
                self.pos, self.base = resync, self.last_ordinal
            except _FastFailed as handover:
                self._hand_over(handover)
            except _Corrupt as bad:
                yield from self._flush()
                if not self._resume_after(bad):
                    break
        self._check_last_record()
        yield from self._flush()

    def _skip(self, s: Skipped) -> None:
        self.report.add_skip(s)
        if self.on_skip is not None:
            self.on_skip(s)

    def _flush(self) -> Iterator[PageRecord]:
        held, self.pending = self.pending, None
        if isinstance(held, PageRecord):
            self.report.pages += 1
            yield held
        elif held is not None:
            self._skip(held)

    def _entries(self) -> Iterator[_Entry]:
        if self.use_fast:
            return _fastwarc_entries(self.stream, self.pos, self.base, self.cap, self.members)
        return _warcio_entries(self.stream, self.pos, self.base, self.cap)

    def _read_round(self) -> Generator[PageRecord, None, int | None]:
        """Read records from ``pos`` on; returns where to resume, or ``None`` at the end."""
        unit = self.unit
        for entry in self._entries():
            if entry.offset <= self.last_offset:
                continue  # re-read after a hand-over from FastWARC
            yield from self._flush()
            self.last_offset, self.last_ordinal = entry.offset, entry.ordinal
            where = _position(entry.ordinal, entry.offset, entry.url, unit)
            inner = None if self.compressed else _plain_overrun(self.stream, entry.offset)
            self.pending_offset = entry.offset
            if inner is not None:
                detail = f"its Content-Length runs past the next record; resuming at {unit} {inner}"
                self.pending = Skipped("corrupt", where, detail)
                return inner
            page, skipped, note = _page_from_entry(entry, where, self.cap)
            self.pending = page or skipped
            if page is not None and note:
                self.report.notes[note] += 1
        return self._swallowed_record()

    def _swallowed_record(self) -> int | None:
        """The reader stopped: a record start after the last record it read means
        that record swallowed the rest (a missing or overstated length); it is
        reported, and reading goes on from that start."""
        if self.whole_gzip or self.last_offset < 0:
            return None
        after = max(self.last_offset, self.pos) + 1  # (each round starts further on)
        resync = (
            _scan_member_start(self.stream, after, None)
            if self.members
            else _next_plain_record(self.stream, after)
        )
        if resync is not None:
            where = _position(self.last_ordinal, self.last_offset, None, self.unit)
            if self.pending is not None:
                where = self.pending.position
            detail = f"it runs past the next record; resuming at {self.unit} {resync}"
            self.pending = Skipped("corrupt", where, detail)
            self.pending_offset = self.last_offset
        return resync

    def _hand_over(self, handover: _FastFailed) -> None:
        """FastWARC gave up: warcio reads on from the record start it names."""
        self.use_fast = False
        self.pos = handover.resume
        if handover.redo and self.pending_offset == self.pos:
            # FastWARC read this record across its gzip member: read it again.
            self.pending = None
            self.last_offset = self.pos - 1
            self.base = self.last_ordinal - 1
        else:
            self.base = self.last_ordinal - 1 if self.pos == self.last_offset else self.last_ordinal

    def _resume_after(self, bad: _Corrupt) -> bool:
        """Report a damaged record and find the next record start; ``False`` when
        nothing readable is left."""
        # On some damage warcio's offset lags behind the last record it read;
        # the scan for the next record must start past both, or it would
        # find the same place again.
        bad_offset = max(bad.offset, self.last_offset + 1, self.pos)
        where = _position(bad.ordinal, bad_offset, None, self.unit)
        if bad.truncated and self.whole_gzip:
            self._skip(Skipped("truncated", where, "the file ends inside this record"))
            return False
        try:
            resume = (
                _next_gzip_record(self.stream, bad_offset + 1)
                if self.members
                else _next_plain_record(self.stream, bad_offset + 1)
            )
        except Exception:  # the compressed stream itself is broken past this point
            resume = None
        detail = bad.detail
        detail += f"; resuming at {self.unit} {resume}" if resume is not None else ""
        self._skip(Skipped("corrupt", where, detail))
        if resume is None:
            self.check_tail = False  # the damage reached the end of the file
            return False
        self.last_ordinal = self.base = bad.ordinal
        self.last_offset = bad_offset
        self.pos = resume
        return True

    def _check_last_record(self) -> None:
        """A file cut inside its last record: that record is reported as truncated."""
        if not (self.check_tail and self.last_offset >= 0):
            return
        if self.pending_offset != self.last_offset:
            return
        complete = (
            _gzip_member_complete(self.stream, self.last_offset)
            if self.compressed
            else _plain_record_complete(self.stream, self.last_offset)
        )
        if not complete:
            where = self.pending.position if self.pending is not None else ""
            where = where or _position(self.last_ordinal, self.last_offset, None, self.unit)
            self.pending = Skipped("truncated", where, "the file ends inside this record")


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
