"""Reading a JSON array of page objects (``[{"html": ...}, ...]``), streamed.

Crawlers that write one JSON document hold every page in one array; loading it
whole would hold every page's HTML in memory at once. The array is decoded one
element at a time instead, from a text buffer that only ever holds the element
being decoded and the bytes read after it. Errors name the 0-based element (as in
``jq '.[3]'``) and stop the run, like JSONL errors.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Callable, Iterator
from typing import BinaryIO

from ..base.limits import MAX_PAGE_BYTES
from .jsonl import (
    InputError,
    html_too_large,
    json_error_text,
    page_record_from_json,
    too_large_error,
)
from .record import PageRecord

__all__ = ["read_json_array_pages"]

_CHUNK = 1 << 16
_WHITESPACE = " \t\n\r"


class _TextBuffer:
    """UTF-8 text read from a byte stream on demand, with a read position."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.decoder = codecs.getincrementaldecoder("utf-8")("strict")
        self.text = ""
        self.pos = 0
        self.eof = False
        self.bytes_read = 0
        self.first = True

    def fill(self, at_least: int = _CHUNK) -> bool:
        """Read about ``at_least`` more bytes; ``False`` at the end of the input."""
        if self.eof:
            return False
        if self.pos > _CHUNK:  # drop what has been consumed
            self.text = self.text[self.pos :]
            self.pos = 0
        data = self.stream.read(max(at_least, _CHUNK))
        self.bytes_read += len(data)
        if self.first and data:
            self.first = False
            if data.startswith(codecs.BOM_UTF8):
                data = data[3:]
        try:
            self.text += self.decoder.decode(data, final=not data)
        except UnicodeDecodeError as exc:
            raise InputError(
                f"byte {self.bytes_read - len(data) + exc.start}", "the input is not UTF-8 text"
            ) from None
        if not data:
            self.eof = True
        return bool(data)

    def skip_whitespace(self) -> str:
        """The next non-blank character (not consumed), or ``""`` at the end."""
        while True:
            text, pos = self.text, self.pos
            while pos < len(text) and text[pos] in _WHITESPACE:
                pos += 1
            self.pos = pos
            if pos < len(text):
                return text[pos]
            if not self.fill():
                return ""


def read_json_array_pages(
    stream: BinaryIO,
    on_invalid: Callable[[InputError], None] | None = None,
    *,
    max_page_bytes: int = MAX_PAGE_BYTES,
) -> Iterator[PageRecord]:
    """Yield the pages of a JSON array; raise :class:`InputError` naming the element.

    ``on_invalid``, when given, receives the error of an element that is valid
    JSON but not a page object (or whose page is over ``max_page_bytes``), and
    reading goes on; invalid JSON always stops (the rest of the array cannot be
    trusted), and so does an element whose text grows past four times
    ``max_page_bytes`` before it is complete: it is never held whole.
    """
    max_element = 4 * max_page_bytes
    buf = _TextBuffer(stream)
    decoder = json.JSONDecoder()
    first = buf.skip_whitespace()
    if first != "[":
        raise InputError("element 0", "the input does not start with a JSON array")
    buf.pos += 1
    index = 0
    if buf.skip_whitespace() == "]":
        buf.pos += 1
    else:
        while True:
            location = f"element {index}"
            if not buf.skip_whitespace():
                raise InputError(location, "unexpected end of input (the array is not closed)")
            want = _CHUNK
            while True:
                try:
                    value, end = decoder.raw_decode(buf.text, buf.pos)
                    if end < len(buf.text) or not buf.fill(want):
                        break  # complete (a number at the buffer's end might not be)
                    continue
                except json.JSONDecodeError as exc:
                    # The element may just not be complete yet: read more (doubling,
                    # so a large element costs linear time) before calling it bad.
                    if len(buf.text) - buf.pos > max_element:
                        raise too_large_error(location, "element", max_element) from None
                    if buf.fill(want):
                        want *= 2
                        continue
                    reason = json_error_text(exc, buf.pos)
                    raise InputError(location, f"invalid JSON ({reason})") from None
                except RecursionError:
                    raise InputError(location, "invalid JSON (nested too deeply)") from None
                except ValueError as exc:  # e.g. an integer too long to convert
                    detail = " ".join(str(exc).split())[:120]
                    raise InputError(location, f"invalid JSON ({detail})") from None
            buf.pos = end
            try:
                if isinstance(value, dict) and html_too_large(value.get("html"), max_page_bytes):
                    raise too_large_error(location, "page", max_page_bytes)
                record = page_record_from_json(value, location)
            except InputError as exc:
                if on_invalid is None:
                    raise
                on_invalid(exc)
            else:
                yield record
            index += 1
            sep = buf.skip_whitespace()
            buf.pos += 1
            if sep == "]":
                break
            if sep != ",":
                found = repr(sep) if sep else "the end of the input"
                raise InputError(f"after element {index - 1}", f"expected ',' or ']', got {found}")
    if buf.skip_whitespace():
        raise InputError("after the array", "unexpected data after the closing ']'")
