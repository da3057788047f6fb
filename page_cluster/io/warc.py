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
"""

from __future__ import annotations

import io
import re
import threading
import types
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO, Literal

from ..base.limits import MAX_PAGE_BYTES
from ..base.model import Page
from .charset import UndecodableError, charset_from_content_type, decode_html_bytes
from .jsonl import InputError
from .record import PageRecord
from .report import ReadReport, Skipped, one_line
from .url_signals import signals_from_url

__all__ = [
    "MAX_PAGE_BYTES",
    "WarcReader",
    "fastwarc_available",
    "iter_warc_pages",
    "read_warc_page",
]

HTML_MEDIA_TYPES = frozenset({"text/html", "application/xhtml+xml", "application/html"})

WarcReader = Literal["auto", "warcio", "fastwarc"]

_GZIP_MAGIC = b"\x1f\x8b"
_SCAN_CHUNK = 1 << 20
_HTML_START = re.compile(rb"^\s*<(?:!doctype\s+html|html|head|body|!--)", re.IGNORECASE)


def fastwarc_available() -> bool:
    """Whether the optional FastWARC reader can be imported."""
    try:
        import fastwarc.warc  # noqa: F401
    except ImportError:
        return False
    return True


# ---------------------------------------------------------------------------
# Records as both backends describe them


@dataclass(slots=True)
class _Entry:
    """One WARC record, reduced to what page selection needs."""

    ordinal: int  # 1-based position among all records of the file
    offset: int
    rec_type: str
    url: str | None
    status: int | None  # HTTP status; None when the record has no HTTP part
    has_http: bool
    content_type: str | None
    payload: bytes | None  # read only for records that may be pages
    too_large: bool = False


class _Corrupt(Exception):
    """The record at ``offset`` cannot be read."""

    def __init__(self, ordinal: int, offset: int, detail: str, truncated: bool = False) -> None:
        super().__init__(detail)
        self.ordinal = ordinal
        self.offset = offset
        self.detail = detail
        self.truncated = truncated


class _FastFailed(Exception):
    """FastWARC could not go on; warcio takes over from ``resume`` (a record start).
    ``redo``: the record at ``resume`` was already given out, wrongly, and must be
    read again."""

    def __init__(self, resume: int, redo: bool = False) -> None:
        super().__init__(resume)
        self.resume = resume
        self.redo = redo


def _media_type(content_type: str | None) -> str | None:
    if not content_type:
        return None
    media = content_type.split(";", 1)[0].strip().lower()
    return media or None


def _pre_payload_skip(rec_type: str, status: int | None, has_http: bool, ctype: str | None) -> str:
    """Skip reason known before the payload is read; ``""`` when it may be a page,
    ``"-"`` for records that are not captures at all (requests, metadata ...)."""
    if rec_type == "revisit":
        return "revisit"
    if rec_type not in ("response", "resource"):
        return "-"
    if has_http:
        if status is None:
            return "failed"
        if status == 304:
            return "not modified"
        if 300 <= status < 400:
            return "redirect"
        if not 200 <= status < 300:
            return "failed"
    media = _media_type(ctype)
    if media is not None and media not in HTML_MEDIA_TYPES:
        return "non-HTML"
    return ""


def _read_capped(read: Callable[[int], bytes], cap: int) -> bytes | None:
    """Read a whole payload, or ``None`` once it exceeds ``cap`` bytes."""
    chunks: list[bytes] = []
    total = 0
    while True:
        block = read(min(_SCAN_CHUNK, cap + 1 - total))
        if not block:
            return b"".join(chunks)
        chunks.append(block)
        total += len(block)
        if total > cap:
            return None


def _status_of(text: Any) -> int | None:
    try:
        status = int(str(text).strip().split(" ", 1)[0])
    except (TypeError, ValueError):
        return None
    return status if 100 <= status <= 999 else None


def _clean_url(url: Any) -> str | None:
    if not isinstance(url, str):
        return None
    url = url.strip()
    # WARC 1.0 writers (wget among them) wrap the URI in angle brackets.
    if url.startswith("<") and url.endswith(">"):
        url = url[1:-1].strip()
    # A space is not valid in a URI; warcio escapes it, and so do we for FastWARC.
    return url.replace(" ", "%20") or None


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
            rec_type = str(record.record_type).lower()
            headers = record.headers
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


def _is_truncation(exc: BaseException) -> bool:
    return isinstance(exc, (_GzipTruncated, EOFError))


#: Errors a WARC library raises from its own code on headers it cannot parse; their
#: text names the library's internals, not the record, so they get a plain description.
_INTERNAL_ERRORS = (AttributeError, TypeError, KeyError, IndexError, AssertionError)


def _describe(exc: BaseException) -> str:
    """What is wrong with a record, in words an analyst can act on.

    >>> _describe(AttributeError("'NoneType' object has no attribute 'startswith'"))
    'the record headers cannot be parsed (not a valid WARC record)'
    >>> _describe(ValueError("bad gzip"))
    'ValueError: bad gzip'
    """
    if isinstance(exc, _INTERNAL_ERRORS):
        return "the record headers cannot be parsed (not a valid WARC record)"
    text = one_line(" ".join(str(exc).split()))
    if len(text) > 160:
        text = text[:157] + "..."
    name = type(exc).__name__
    return f"{name}: {text}" if text else name


# ---------------------------------------------------------------------------
# Finding record starts and checking the last record


def _next_gzip_record(fh: Any, start: int) -> int | None:
    """Offset of the first gzip member at or after ``start`` that opens with ``WARC/``."""
    pos = start
    while True:
        fh.seek(pos)
        chunk = fh.read(_SCAN_CHUNK + 64)
        if not chunk:
            return None
        i = 0
        while True:
            i = chunk.find(b"\x1f\x8b\x08", i)
            if i == -1 or i >= _SCAN_CHUNK:
                break
            fh.seek(pos + i)
            head = fh.read(4096)
            try:
                out = zlib.decompressobj(31).decompress(head, 16)
            except zlib.error:
                out = b""
            if out.startswith(b"WARC/"):
                return pos + i
            i += 1
        if len(chunk) <= _SCAN_CHUNK:
            return None
        pos += _SCAN_CHUNK


def _next_plain_record(fh: Any, start: int) -> int | None:
    """Offset of the first ``WARC/1.`` line starting at or after ``start``."""
    pos = max(start - 1, 0)
    while True:
        fh.seek(pos)
        chunk = fh.read(_SCAN_CHUNK + 16)
        if not chunk:
            return None
        i = chunk.find(b"\nWARC/1.")
        if pos == 0 and start == 0 and chunk.startswith(b"WARC/1."):
            return 0
        if i != -1 and i < _SCAN_CHUNK:
            return pos + i + 1
        if len(chunk) <= _SCAN_CHUNK:
            return None
        pos += _SCAN_CHUNK


def _gzip_member_complete(fh: Any, offset: int) -> bool:
    """Whether the gzip member at ``offset`` reaches its end-of-stream marker."""
    fh.seek(offset)
    d = zlib.decompressobj(31)
    while not d.eof:
        chunk = d.unconsumed_tail or fh.read(_SCAN_CHUNK)
        if not chunk:
            return False
        try:
            d.decompress(chunk, _SCAN_CHUNK)
        except zlib.error:
            return True  # damaged, not short: the reader reports damage itself
    return True


_CONTENT_LENGTH = re.compile(rb"\r?\ncontent-length:[ \t]*(\d+)", re.IGNORECASE)


def _plain_record_complete(fh: Any, offset: int) -> bool:
    """Whether the uncompressed record at ``offset`` holds all its Content-Length bytes."""
    fh.seek(0, 2)
    size = fh.tell()
    fh.seek(offset)
    head = fh.read(65536)
    end = head.find(b"\r\n\r\n")
    sep = 4
    if end == -1:
        end, sep = head.find(b"\n\n"), 2
    if end == -1:
        return False
    m = _CONTENT_LENGTH.search(head, 0, end + 2)
    if m is None:
        return True
    return offset + end + sep + int(m.group(1)) <= size


# ---------------------------------------------------------------------------
# The reader


def _page_from_entry(
    entry: _Entry, position: str, cap: int = MAX_PAGE_BYTES
) -> tuple[PageRecord | None, Skipped | None, str]:
    """Turn a record into a page, or say why it is skipped; the last item is a
    note on a page kept despite a problem (``""`` when none)."""
    reason = _pre_payload_skip(entry.rec_type, entry.status, entry.has_http, entry.content_type)
    if reason == "-":
        return None, None, ""
    if reason:
        return None, Skipped(reason, position), ""
    if entry.too_large:
        return None, Skipped("too large", position, f"over {cap} bytes"), ""
    payload = entry.payload or b""
    sniffed_html = _HTML_START.match(payload[:1024]) is not None
    if _media_type(entry.content_type) is None and payload and not sniffed_html:
        return None, Skipped("non-HTML", position), ""
    try:
        decoded = decode_html_bytes(payload, charset_from_content_type(entry.content_type))
    except UndecodableError as exc:
        return None, Skipped("undecodable", position, str(exc)), ""
    url = entry.url
    paths, host = signals_from_url(url) if url else ((), None)
    page = Page(html=decoded.html, paths=paths, host=host, id=url)
    record = PageRecord(
        page=page,
        position=position,
        output_id=url,
        url=url,
        derive_stylesheets=True,
        encoding=decoded.encoding,
        offset=entry.offset,
    )
    return record, None, "decoded with replacement characters" if decoded.replaced else ""


def _position(ordinal: int, offset: int, url: str | None, unit: str) -> str:
    """``record 7 (byte 1262, http://…)``, on one line whatever a damaged header
    put in the URL."""
    where = f"record {ordinal} ({unit} {offset}"
    return f"{where}, {one_line(url)})" if url else f"{where})"


class _GzipTruncated(Exception):
    """The compressed stream ends before its end-of-stream marker. (Not an
    ``EOFError``: warcio takes those for a normal end of file.)"""


class _GunzipStream(io.RawIOBase):
    """A whole-file-compressed WARC as an uncompressed, seekable stream.

    Unlike :class:`gzip.GzipFile` it hands out every byte it could decompress
    before reporting a truncated stream, so the records before the cut survive.
    Seeking forward decompresses and drops; seeking backward starts over.
    """

    def __init__(self, raw: BinaryIO) -> None:
        self._raw = raw
        self._restart()

    def _restart(self) -> None:
        self._raw.seek(0)
        self._d = zlib.decompressobj(31)
        self._pos = 0
        self._pending = b""
        self._done = False

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._pos

    def seek(self, offset: int, whence: int = 0) -> int:
        if whence == 1:
            offset += self._pos
        elif whence == 2:
            while self.read(_SCAN_CHUNK):
                pass
            offset += self._pos
        if offset < self._pos:
            self._restart()
        while self._pos < offset and self.read(min(_SCAN_CHUNK, offset - self._pos)):
            pass
        return self._pos

    def _fill(self, size: int) -> None:
        while len(self._pending) < size and not self._done:
            d = self._d
            data = d.unconsumed_tail or self._raw.read(65536)
            if not data:
                if d.eof:
                    self._done = True
                    return
                raise _GzipTruncated("the compressed stream ends early")
            out = d.decompress(data, max(size, 65536))
            self._pending += out
            if d.eof:
                rest = d.unused_data
                while len(rest) < 2:
                    more = self._raw.read(65536)
                    if not more:
                        break
                    rest += more
                self._d = zlib.decompressobj(31)
                if rest.startswith(b"\x1f\x8b"):
                    self._pending += self._d.decompress(rest, max(size, 65536))
                else:
                    # Nothing, or bytes that start no other member (padding, a
                    # damaged tail): the compressed data ends here, as for gzip(1).
                    self._done = True

    def read(self, size: int = -1) -> bytes:
        if size is None or size < 0:
            size = 1 << 62
        try:
            self._fill(size)
        except _GzipTruncated:
            if not self._pending:
                raise
        out, self._pending = self._pending[:size], self._pending[size:]
        self._pos += len(out)
        return out

    def readinto(self, buffer: Any) -> int:
        data = self.read(len(buffer))
        memoryview(buffer).cast("B")[: len(data)] = data
        return len(data)


def _is_whole_file_gzip(fh: BinaryIO) -> bool:
    """A gzip file whose first member holds more than one record (``gzip x.warc``)
    rather than one member per record (what crawlers write). The first record is
    normally a small ``warcinfo``; a first member not ending within 1 MiB of
    output is taken as whole-file compression too."""
    fh.seek(0)
    d = zlib.decompressobj(31)
    out = bytearray()
    while not d.eof and len(out) <= _SCAN_CHUNK:
        chunk = d.unconsumed_tail or fh.read(65536)
        if not chunk:
            break
        try:
            out += d.decompress(chunk, _SCAN_CHUNK)
        except zlib.error:
            return False
    if not d.eof:
        return True
    return re.search(rb"\r?\n\r?\nWARC/1\.", bytes(out[8:])) is not None


def _scan_member_start(fh: Any, lo: int, hi: int | None) -> int | None:
    """Offset of the first gzip member in ``[lo, hi)`` (``hi`` ``None``: to the end)
    that opens with ``WARC/``, read without moving ``fh``'s position."""
    saved = fh.tell()
    try:
        pos = lo
        while hi is None or pos < hi:
            fh.seek(pos)
            want = _SCAN_CHUNK if hi is None else min(_SCAN_CHUNK, hi - pos)
            chunk = fh.read(want + 2)
            if len(chunk) < 3:
                return None
            i = 0
            while True:
                i = chunk.find(b"\x1f\x8b\x08", i)
                if i == -1 or i >= want:
                    break
                fh.seek(pos + i)
                try:
                    out = zlib.decompressobj(31).decompress(fh.read(4096), 16)
                except zlib.error:
                    out = b""
                if out.startswith(b"WARC/"):
                    return pos + i
                i += 1
            if len(chunk) <= want:
                return None
            pos += want
        return None
    finally:
        fh.seek(saved)


def _declared_end(head: bytes) -> tuple[int, int] | None:
    """``(header length, Content-Length)`` of a record's head bytes, if readable."""
    end, sep = head.find(b"\r\n\r\n"), 4
    if end == -1:
        end, sep = head.find(b"\n\n"), 2
    if end == -1:
        return None
    m = _CONTENT_LENGTH.search(head, 0, end + 2)
    if m is None or len(m.group(1)) > 18:
        return None
    return end + sep, int(m.group(1))


def _plain_overrun(fh: Any, offset: int) -> int | None:
    """Where a record start lies inside the uncompressed record at ``offset``,
    when its ``Content-Length`` does not end where a record (or the file) does.

    An overstated length makes a reader take the next records for this one's
    payload; they are found again by the ``WARC/1.`` line inside it. ``None``
    when the record ends where it should (or no record start is inside it).
    ``fh``'s position is left as it was.
    """
    saved = fh.tell()
    try:
        fh.seek(offset)
        head = fh.read(16384)
        parsed = _declared_end(head)
        if parsed is None and len(head) == 16384:
            head += fh.read(65536 - 16384)
            parsed = _declared_end(head)
        if parsed is None:
            return None
        header_len, length = parsed
        end = offset + header_len + length
        if end + 64 <= offset + len(head):  # a small record: its end is in hand
            rest = head[end - offset : end - offset + 64].lstrip(b"\r\n")
            if rest.startswith(b"WARC/1."):
                return None
        size = fh.seek(0, 2)
        if end <= size:
            fh.seek(end)
            rest = fh.read(64).lstrip(b"\r\n")
            if rest.startswith(b"WARC/1.") or not rest:
                return None
        pos = offset + header_len
        stop = min(end, size)
        while pos < stop:
            fh.seek(pos)
            chunk = fh.read(min(_SCAN_CHUNK, stop - pos) + 8)
            i = chunk.find(b"\nWARC/1.")
            if i != -1 and pos + i < stop:
                return pos + i + 1
            if len(chunk) < 9:
                break
            pos += len(chunk) - 8
        return None
    finally:
        fh.seek(saved)


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
