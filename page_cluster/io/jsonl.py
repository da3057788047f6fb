"""Reading the reference's JSONL input: one page object per line.

Errors name the 1-based line number, so a user can find the bad record in a
multi-gigabyte crawl file.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

from ..model import InvalidPageError, Page, coerce_page

__all__ = ["InputError", "NumberedPage", "read_jsonl_pages"]


class InputError(ValueError):
    """A record that cannot be read; ``location`` says where (e.g. ``line 12``)."""

    def __init__(self, location: str, message: str) -> None:
        super().__init__(f"{location}: {message}")
        self.location = location
        self.message = message


@dataclass(frozen=True, slots=True)
class NumberedPage:
    """A page with where it came from and the id to echo in the output."""

    page: Page
    line: int
    raw_id: Any  # the record's id with its JSON type, or None when absent
    has_id: bool


def _describe(value: Any) -> str:
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


def parse_jsonl_line(raw: bytes, line_no: int) -> NumberedPage | None:
    """Parse one line; ``None`` for a blank line, :class:`InputError` when bad."""
    if line_no == 1 and raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    if not raw.strip():
        return None
    try:
        record = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        reason = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
        raise InputError(f"line {line_no}", f"invalid JSON ({reason})") from None
    if not isinstance(record, dict):
        raise InputError(f"line {line_no}", f"expected a JSON object, got {_describe(record)}")
    try:
        page = coerce_page(record)
    except InvalidPageError as exc:
        raise InputError(f"line {line_no}", str(exc)) from None
    return NumberedPage(
        page=page,
        line=line_no,
        raw_id=record.get("id"),
        has_id="id" in record and record.get("id") is not None,
    )


def read_jsonl_pages(stream: BinaryIO | Iterable[bytes]) -> Iterator[NumberedPage]:
    """Yield the pages of a JSONL byte stream; raise :class:`InputError` on a bad line."""
    for line_no, raw in enumerate(stream, start=1):
        rec = parse_jsonl_line(raw, line_no)
        if rec is not None:
            yield rec
