"""Reading the reference's JSONL input: one page object per line.

Errors name the 1-based line number, so a user can find the bad record in a
multi-gigabyte crawl file. JSON input is held to the reference's contract: a bad
line stops the run (nothing is written), unlike crawl archives, where damaged
records are skipped and counted.
"""

from __future__ import annotations

import io
import json
import os
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

from ..base.limits import MAX_LINE_BYTES, MAX_PAGE_BYTES
from ..base.model import InvalidPageError
from ..base.pickling import pickled_by_fields
from .record import PageRecord, record_from_mapping

try:  # twice as fast on a page's line; the ``fast`` extra
    import orjson as _orjson
except ImportError:  # the slim install; the tests set ``_orjson = None`` for this route
    _orjson = None

__all__ = [
    "InputError",
    "JsonlLine",
    "NumberedPage",
    "describe_json_value",
    "file_identity",
    "html_too_large",
    "parse_jsonl_line",
    "read_bounded_lines",
    "read_jsonl_pages",
    "read_line_spans",
    "too_large_error",
]


class InputError(ValueError):
    """A record that cannot be read; ``location`` says where (e.g. ``line 12``).

    ``reason`` is the skip reason when the record is skipped rather than fatal
    (``invalid``, or ``too large`` for a record over a size limit).
    """

    def __init__(self, location: str, message: str, reason: str = "invalid") -> None:
        super().__init__(f"{location}: {message}" if location else message)
        self.location = location
        self.message = message
        self.reason = reason

    def __reduce__(self) -> tuple[type[InputError], tuple[str, str, str]]:
        # Errors found in a parsing worker are pickled back to the main process.
        return InputError, (self.location, self.message, self.reason)


#: The record type the JSONL reader first had; the same as :class:`PageRecord`.
NumberedPage = PageRecord


def describe_json_value(value: Any) -> str:
    """``null``, ``a number``, ``an array`` ...: what a JSON value is, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return type(value).__name__


def page_record_from_json(
    value: Any, location: str, *, line: int | None = None, offset: int | None = None
) -> PageRecord:
    """A decoded JSON value → :class:`PageRecord`, or :class:`InputError` at ``location``."""
    if not isinstance(value, dict):
        raise InputError(location, f"expected a JSON object, got {describe_json_value(value)}")
    try:
        return record_from_mapping(value, location, line=line, offset=offset)
    except InvalidPageError as exc:
        raise InputError(location, str(exc)) from None


def json_error_text(exc: json.JSONDecodeError, start: int = 0) -> str:
    """The decoder's complaint with where it is: ``msg`` alone can end mid-sentence.

    Python's message for a raw control character is ``Invalid control character
    at``; the position completes it. ``start`` is where the value being decoded
    begins in the decoded text (a JSON array's element), so the position counts
    from the value, not from a buffer.

    >>> try:
    ...     json.loads('{"html": "a\x01b"}')
    ... except json.JSONDecodeError as exc:
    ...     json_error_text(exc)
    'Invalid control character at character 12'
    >>> try:
    ...     json.loads('{"html": ')
    ... except json.JSONDecodeError as exc:
    ...     json_error_text(exc)
    'Expecting value at character 10'
    """
    where = f"character {max(exc.pos - start, 0) + 1}"
    return f"{exc.msg} {where}" if exc.msg.endswith(" at") else f"{exc.msg} at {where}"


def html_too_large(html: object, max_bytes: int) -> bool:
    """Whether a page's HTML takes more than ``max_bytes`` bytes in UTF-8.

    Exact without encoding the page unless its length is within a factor 4
    (the widest UTF-8 character) of the bound.

    >>> html_too_large("ab", 2), html_too_large("é", 1), html_too_large(b"abc", 2)
    (False, True, True)
    """
    if not isinstance(html, (str, bytes)):
        return False
    if len(html) > max_bytes:
        return True
    if isinstance(html, bytes) or len(html) * 4 <= max_bytes:
        return False
    return len(html.encode("utf-8", "surrogatepass")) > max_bytes


def too_large_error(location: str, what: str, max_bytes: int) -> InputError:
    """The error for a record over a size limit (reason ``too large``)."""
    return InputError(location, f"{what} over {max_bytes} bytes", reason="too large")


def loads_line(raw: bytes) -> Any:
    """``json.loads(raw)``, through orjson where it reads the line the same way.

    orjson refuses what Python's decoder accepts beyond strict UTF-8 JSON
    (``NaN``, lone surrogates, UTF-16 input, numbers out of a double's range);
    those lines, and every bad line, go to ``json.loads``, which decides and
    words the error. On a line both accept they agree but for one thing:
    orjson reads an integer beyond 64 bits as a float. Of a page record only
    the ``id`` is passed on as a value (the other fields are checked for their
    type, which an integer and a float share), so a float ``id`` sends the
    line to ``json.loads`` too.

    >>> loads_line(b'{"id": 123456789012345678901234567890, "html": ""}')["id"]
    123456789012345678901234567890
    """
    if _orjson is not None:
        try:
            value = _orjson.loads(raw)
        except _orjson.JSONDecodeError:
            pass
        else:
            if not (isinstance(value, dict) and isinstance(value.get("id"), float)):
                return value
    return json.loads(raw)


def parse_jsonl_line(
    raw: bytes,
    line_no: int,
    offset: int | None = None,
    *,
    max_page_bytes: int = MAX_PAGE_BYTES,
) -> PageRecord | None:
    """Parse one line; ``None`` for a blank line, :class:`InputError` when bad.

    ``offset`` (where the line starts) is kept in the record, to read it again.
    A page whose ``html`` is over ``max_page_bytes`` is an error too (reason
    ``too large``).
    """
    if line_no == 1 and raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    if not raw or raw.isspace():  # (strip() would copy the line)
        return None
    location = f"line {line_no}"
    try:
        record = loads_line(raw)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        reason = json_error_text(exc) if isinstance(exc, json.JSONDecodeError) else str(exc)
        raise InputError(location, f"invalid JSON ({reason})") from None
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        raise InputError(location, f"invalid JSON ({' '.join(str(exc).split())[:120]})") from None
    if isinstance(record, dict) and html_too_large(record.get("html"), max_page_bytes):
        raise too_large_error(location, "page", max_page_bytes)
    return page_record_from_json(record, location, line=line_no, offset=offset)


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class JsonlLine:
    """One undecoded line of a JSONL input: its bytes, 1-based number, byte offset.

    Small and picklable, so that a worker process can do the decoding. A line
    of a regular file may come as where it is instead (``path``, ``offset``,
    ``length``, ``raw`` empty): whoever decodes it reads it from the file, so
    the page's bytes are never copied through the process that found the line.

    >>> JsonlLine(b'{"id": 7, "html": "<p>x</p>"}\\n', 3, 120).decode().output_id
    7
    """

    raw: bytes
    number: int
    offset: int | None = None
    max_page_bytes: int = MAX_PAGE_BYTES
    #: The line was longer than the line limit (this many bytes): ``raw`` is
    #: empty, the line was read past without being held.
    too_long: int = 0
    #: The file the line is read from at ``offset`` (``length`` bytes), when
    #: ``raw`` does not hold it, and that file's identity when the line was
    #: found (see :func:`file_identity`): another file put at the path since
    #: is not read.
    path: str | None = None
    length: int = 0
    file_id: tuple[int, ...] = ()

    def decode(self) -> PageRecord | None:
        """:func:`parse_jsonl_line` on this line."""
        if self.too_long:
            raise too_large_error(f"line {self.number}", "line", self.too_long)
        raw = self.raw
        if self.path is not None:
            raw = _read_span(self.path, self.file_id, self.offset or 0, self.length, self.number)
        return parse_jsonl_line(raw, self.number, self.offset, max_page_bytes=self.max_page_bytes)


class _SpanFile(threading.local):
    """The file :func:`_read_span` last read in this thread: one open file
    per thread at most (a long-lived process reading many inputs, or the
    app's sessions reading theirs side by side, never share a descriptor),
    closed with the thread or when another file is read."""

    key: tuple[str, tuple[int, ...]] | None = None
    file: io.FileIO | None = None


_span_file = _SpanFile()


def file_identity(st: os.stat_result) -> tuple[int, ...]:
    """What tells one file from another at one path: its device and inode (a
    file still growing, as a crawl being written, stays the same file)."""
    return (st.st_dev, st.st_ino)


def _read_span(
    path: str, file_id: tuple[int, ...], offset: int, length: int, line_no: int
) -> bytes:
    """``length`` bytes of ``path`` at ``offset`` (``pread``: a descriptor
    inherited over ``fork`` is shared safely, as it has no position to move)."""
    cache = _span_file
    if cache.key != (path, file_id) or cache.file is None:
        if cache.file is not None:
            cache.file.close()
            cache.file = None
        handle = io.FileIO(path, "r")
        if file_id and file_identity(os.fstat(handle.fileno())) != file_id:
            handle.close()
            raise InputError(f"line {line_no}", "the input file changed while it was read")
        cache.key, cache.file = (path, file_id), handle
    fd = cache.file.fileno()
    parts = []
    while length > 0:
        part = os.pread(fd, length, offset)
        if not part:
            raise InputError(f"line {line_no}", "the input file changed while it was read")
        parts.append(part)
        offset += len(part)
        length -= len(part)
    return parts[0] if len(parts) == 1 else b"".join(parts)


def _line_pieces(stream: BinaryIO, chunk: int) -> Iterator[tuple[bytes, int, int, bool]]:
    """The lines of a byte stream as pieces of the blocks read: ``(block,
    start, stop, ends)``, ``ends`` when the piece ends its line (the newline
    included). A line longer than a block comes in several pieces; a last
    line without a newline ends with a piece that does not end it."""
    read = stream.read
    while True:
        block = read(chunk)
        if not block:
            return
        start = 0
        find = block.find
        while True:
            nl = find(b"\n", start)
            if nl == -1:
                if start < len(block):
                    yield block, start, len(block), False
                break
            yield block, start, nl + 1, True
            start = nl + 1


def read_line_spans(stream: BinaryIO, chunk: int = 1 << 20) -> Iterator[tuple[int, bool]]:
    """The length of every line of a byte stream (its newline included), and
    whether it is blank (white space only; a piece of a line is copied out to
    check only when it starts with white space). Memory stays at one ``chunk``.

    >>> import io
    >>> list(read_line_spans(io.BytesIO(b"ab\\n \\n\\nlong line\\nc"), 4))
    [(3, False), (2, True), (1, True), (10, False), (1, False)]
    """
    length, blank = 0, True
    for block, start, stop, ends in _line_pieces(stream, chunk):
        length += stop - start
        blank = blank and block[start : start + 1].isspace() and block[start:stop].isspace()
        if ends:
            yield length, blank
            length, blank = 0, True
    if length:
        yield length, blank


def read_bounded_lines(
    stream: BinaryIO, max_line_bytes: int, chunk: int = 1 << 20
) -> Iterator[tuple[bytes | None, int]]:
    """The lines of a byte stream, each with its length; a line longer than
    ``max_line_bytes`` (its newline not counted) comes as ``(None, length)``
    and is never held whole, so memory stays bounded whatever the input (at
    most one line of ``max_line_bytes`` plus one ``chunk``).

    Reading in chunks and splitting them is also faster than reading line by
    line.

    >>> import io
    >>> list(read_bounded_lines(io.BytesIO(b"ab\\nlong line\\nc"), 5))
    [(b'ab\\n', 3), (None, 10), (b'c', 1)]
    """
    parts: list[bytes] = []  # the start of a line whose end is not read yet
    held = 0  # their length
    over = -1  # while reading past a line that is too long: its length so far
    for block, start, stop, ends in _line_pieces(stream, chunk):
        if not ends:
            rest = stop - start
            if over >= 0:
                over += rest
            elif held + rest > max_line_bytes:
                over = held + rest
                parts.clear()  # (dropped at once: never more than the bound held)
                held = 0
            else:
                parts.append(block[start:] if start else block)
                held += rest
            continue
        if over >= 0:
            yield None, over + stop - start
            over = -1
            continue
        line = block[start:stop]
        if parts:
            parts.append(line)
            line = b"".join(parts)
            parts.clear()
            held = 0
        yield (line if len(line) <= max_line_bytes + 1 else None), len(line)
    if over >= 0:
        yield None, over
    elif parts:
        yield b"".join(parts), held


def read_jsonl_pages(
    stream: BinaryIO | Iterable[bytes],
    *,
    max_line_bytes: int = MAX_LINE_BYTES,
    max_page_bytes: int = MAX_PAGE_BYTES,
) -> Iterator[PageRecord]:
    """Yield the pages of a JSONL byte stream; raise :class:`InputError` on a bad line.

    A binary stream is read in bounded lines (see :func:`read_bounded_lines`);
    an iterable of lines is taken as it comes.
    """
    if hasattr(stream, "read"):
        lines: Iterable[bytes | None] = (
            raw
            for raw, _ in read_bounded_lines(stream, max_line_bytes)  # type: ignore[arg-type]
        )
    else:
        lines = stream
    for line_no, raw in enumerate(lines, start=1):
        if raw is None:
            raise too_large_error(f"line {line_no}", "line", max_line_bytes)
        rec = parse_jsonl_line(raw, line_no, max_page_bytes=max_page_bytes)
        if rec is not None:
            yield rec
