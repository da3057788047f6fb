"""Damage recovery for WARC files: finding the next record start, checking that
the last record is complete, reading a truncated whole-file gzip up to the cut.

The byte-level half of :mod:`page_cluster.io.warc`; it knows nothing of pages.
"""

from __future__ import annotations

import io
import re
import zlib
from typing import Any, BinaryIO

from .report import one_line

_GZIP_MAGIC = b"\x1f\x8b"


_SCAN_CHUNK = 1 << 20


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
