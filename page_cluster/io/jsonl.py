"""Reading the reference's JSONL input: one page object per line.

Errors name the 1-based line number, so a user can find the bad record in a
multi-gigabyte crawl file. JSON input is held to the reference's contract: a bad
line stops the run (nothing is written), unlike crawl archives, where damaged
records are skipped and counted.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

from ..model import InvalidPageError
from .record import PageRecord, record_from_mapping

__all__ = [
    "InputError",
    "JsonlLine",
    "NumberedPage",
    "describe_json_value",
    "parse_jsonl_line",
    "read_jsonl_pages",
]


class InputError(ValueError):
    """A record that cannot be read; ``location`` says where (e.g. ``line 12``)."""

    def __init__(self, location: str, message: str) -> None:
        super().__init__(f"{location}: {message}" if location else message)
        self.location = location
        self.message = message

    def __reduce__(self) -> tuple[type[InputError], tuple[str, str]]:
        # Errors found in a parsing worker are pickled back to the main process.
        return InputError, (self.location, self.message)


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


def parse_jsonl_line(raw: bytes, line_no: int, offset: int | None = None) -> PageRecord | None:
    """Parse one line; ``None`` for a blank line, :class:`InputError` when bad.

    ``offset`` (where the line starts) is kept in the record, to read it again.
    """
    if line_no == 1 and raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    if not raw or raw.isspace():  # (strip() would copy the line)
        return None
    location = f"line {line_no}"
    try:
        record = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        reason = json_error_text(exc) if isinstance(exc, json.JSONDecodeError) else str(exc)
        raise InputError(location, f"invalid JSON ({reason})") from None
    return page_record_from_json(record, location, line=line_no, offset=offset)


@dataclass(frozen=True, slots=True)
class JsonlLine:
    """One undecoded line of a JSONL input: its bytes, 1-based number, byte offset.

    Small and picklable, so that a worker process can do the decoding.

    >>> JsonlLine(b'{"id": 7, "html": "<p>x</p>"}\\n', 3, 120).decode().output_id
    7
    """

    raw: bytes
    number: int
    offset: int | None = None

    def decode(self) -> PageRecord | None:
        """:func:`parse_jsonl_line` on this line."""
        return parse_jsonl_line(self.raw, self.number, self.offset)


def read_jsonl_pages(stream: BinaryIO | Iterable[bytes]) -> Iterator[PageRecord]:
    """Yield the pages of a JSONL byte stream; raise :class:`InputError` on a bad line."""
    for line_no, raw in enumerate(stream, start=1):
        rec = parse_jsonl_line(raw, line_no)
        if rec is not None:
            yield rec
