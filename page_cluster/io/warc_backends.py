"""The two WARC reader back-ends: warcio (exact record starts, used for damage)
and FastWARC (much faster record splitting, used when installed).

Each yields :class:`~page_cluster.io.warc_records._Entry` records;
:mod:`page_cluster.io.warc` chooses between them and hands over on damage.
"""

from __future__ import annotations

import io
import threading
import types
from collections.abc import Iterator
from typing import Any

from ..base.limits import MAX_PAGE_BYTES
from .warc_records import _clean_url, _Corrupt, _Entry, _pre_payload_skip, _read_capped, _status_of
from .warc_recovery import _describe, _is_truncation, _scan_member_start


def fastwarc_available() -> bool:
    """Whether the optional FastWARC reader can be imported."""
    try:
        import fastwarc.warc  # noqa: F401
    except ImportError:
        return False
    return True


class _FastFailed(Exception):
    """FastWARC could not go on; warcio takes over from ``resume`` (a record start).
    ``redo``: the record at ``resume`` was already given out, wrongly, and must be
    read again."""

    def __init__(self, resume: int, redo: bool = False) -> None:
        super().__init__(resume)
        self.resume = resume
        self.redo = redo


class _DroppedText(io.TextIOBase):
    """A text stream that keeps nothing."""

    def write(self, text: str) -> int:
        return len(text)


class _QuietSys(types.ModuleType):
    """``sys`` as warcio's modules see it: the same, except ``stderr``."""

    def __init__(self, real: types.ModuleType) -> None:
        super().__init__("sys")
        self._real = real
        self.stderr = _DroppedText()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


_silenced = threading.Lock()


_silenced_modules: set[str] = set()


def _silence_warcio() -> None:
    """Stop warcio printing its own diagnostics about damaged data.

    warcio writes them to ``sys.stderr`` as it finds them ("Invalid WARC record,
    first line: ..." with the raw bytes of the record, zlib errors): that would
    break the progress display and put untrusted bytes on the terminal, while
    this reader reports damage itself, escaped. Rather than swapping the
    process-wide ``sys.stderr`` around each call (which threads running
    analyses side by side would undo for each other), warcio's own modules are
    given, once, a ``sys`` whose ``stderr`` drops the text; nothing else in the
    process is affected and nothing is ever swapped back.
    """
    import importlib

    with _silenced:
        for name in ("warcio.archiveiterator", "warcio.bufferedreaders"):
            if name in _silenced_modules:
                continue
            module = importlib.import_module(name)
            real = getattr(module, "sys", None)
            if isinstance(real, types.ModuleType) and not isinstance(real, _QuietSys):
                module.sys = _QuietSys(real)  # type: ignore[attr-defined]
            _silenced_modules.add(name)


def _warcio_entries(
    fh: Any, start: int, ordinal: int, cap: int = MAX_PAGE_BYTES
) -> Iterator[_Entry]:
    """Records from ``start`` on, read by warcio; damage raises :class:`_Corrupt`."""
    from warcio.archiveiterator import ArchiveIterator

    _silence_warcio()
    try:
        fh.seek(start)  # (decompresses up to ``start`` in a whole-file gzip)
    except Exception as exc:
        raise _Corrupt(ordinal + 1, start, _describe(exc), _is_truncation(exc)) from None
    it = ArchiveIterator(fh, arc2warc=False)
    records = iter(it)
    while True:
        ordinal += 1
        # warcio finishes the previous record inside next(); only then does its
        # ``offset`` point at the start of the record it is reading.
        try:
            record = next(records)
        except StopIteration:
            return
        except Exception as exc:  # any damage in a crawl file, whatever warcio raises
            raise _Corrupt(ordinal, it.offset, _describe(exc), _is_truncation(exc)) from None
        offset = it.offset
        if not record.rec_type:  # WARC-Type is mandatory: this is not a record start
            raise _Corrupt(ordinal, offset, "no WARC-Type header (not a record start)")
        try:
            rec_type = (record.rec_type or "").lower()
            http = record.http_headers
            has_http = http is not None and rec_type in ("response", "revisit")
            status = _status_of(http.get_statuscode()) if has_http else None
            headers = http if has_http else record.rec_headers
            ctype = headers.get_header("Content-Type")
            url = _clean_url(record.rec_headers.get_header("WARC-Target-URI"))
            entry = _Entry(ordinal, offset, rec_type, url, status, has_http, ctype, None)
            if not _pre_payload_skip(rec_type, status, has_http, ctype):
                payload = _read_capped(record.content_stream().read, cap)
                entry.payload = payload
                entry.too_large = payload is None
        except Exception as exc:
            raise _Corrupt(ordinal, offset, _describe(exc), _is_truncation(exc)) from None
        yield entry


def _fastwarc_entries(
    fh: Any, start: int, ordinal: int, cap: int = MAX_PAGE_BYTES, members: bool = False
) -> Iterator[_Entry]:
    """Records from ``start`` on, read by FastWARC. FastWARC does not say where a
    damaged record starts, so on any trouble it hands over to warcio
    (:class:`_FastFailed`) at the last record it read completely.

    ``members``: the file has one gzip member per record. FastWARC reads a
    record whose ``Content-Length`` is overstated on into the next members,
    taking the records there for its payload; so the compressed bytes between
    two records it gives out must hold no other record start, or that record
    is read again by warcio, which stops at the member's end."""
    from fastwarc.warc import ArchiveIterator

    fh.seek(start)
    last_good = start
    previous = -1
    try:
        for record in ArchiveIterator(fh, parse_http=False, stream_detect=True):
            offset = record.stream_pos
            # Positions must start where asked and grow; otherwise they cannot be
            # trusted for messages and hand-overs.
            if offset <= previous or (previous < 0 and offset != start):
                raise _FastFailed(last_good)
            if members and previous >= 0 and _scan_member_start(fh, previous + 1, offset):
                raise _FastFailed(previous, redo=True)
            ordinal += 1
            headers = record.headers
            # The header as written, as the warcio reader reads it: FastWARC
            # calls any type it does not know, a damaged one included, "unknown".
            rec_type = (headers.get("WARC-Type") or "").strip().lower()
            url = _clean_url(headers.get("WARC-Target-URI"))
            if url is None and rec_type in ("response", "request", "revisit"):
                raise _FastFailed(last_good)  # malformed; warcio says so precisely
            has_http = False
            status = None
            ctype = headers.get("Content-Type")
            # As warcio: only responses to http(s) URIs with a body carry HTTP headers.
            is_http_uri = url is not None and url.startswith(("http:", "https:"))
            if rec_type == "response" and is_http_uri and record.content_length > 0:
                record.parse_http(auto_decode="all")
                has_http = True
                status = record.http_headers.status_code
                ctype = record.http_headers.get("Content-Type")
            entry = _Entry(ordinal, offset, rec_type, url, status, has_http, ctype, None)
            if not _pre_payload_skip(rec_type, status, has_http, ctype):
                payload = _read_capped(record.reader.read, cap)
                entry.payload = payload
                entry.too_large = payload is None
            yield entry
            previous = offset
            last_good = offset
        if members and previous >= 0 and _scan_member_start(fh, previous + 1, None) is not None:
            raise _FastFailed(previous, redo=True)
    except _FastFailed:
        raise
    except Exception:
        raise _FastFailed(last_good) from None
