"""The bounds every run keeps, whatever a crawl holds.

A crawl is untrusted input: one record may claim gigabytes, one element may
carry hundreds of thousands of attributes (the HTML parser's cost grows with
their square), a damaged archive may produce a warning per record. Each such
quantity has a named bound here, with the command-line option that changes it,
so that no input can make a run unbounded in time or memory.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "DEFAULT_LIMITS",
    "MAX_ATTRIBUTES",
    "MAX_LINE_BYTES",
    "MAX_PAGE_BYTES",
    "MAX_WARNINGS",
    "Limits",
]

#: A page (a WARC payload, a saved file, a JSONL ``html`` in UTF-8) larger than
#: this is skipped as too large (``--max-page-bytes``): no template page is this
#: big, and a damaged length field must not make a run read gigabytes.
MAX_PAGE_BYTES = 64 * 1024 * 1024

#: A JSONL line longer than this is not buffered: it is read past and reported
#: as too large (``--max-line-bytes``). JSON escapes can make a line several
#: times longer than its page, hence more room than :data:`MAX_PAGE_BYTES`.
MAX_LINE_BYTES = 4 * MAX_PAGE_BYTES

#: Attributes kept per element (``--max-attributes``); the rest of an element's
#: attributes are dropped before parsing and the page is noted as truncated.
#: lxml checks each attribute against the earlier ones of its element, so time
#: grows with the square of their number (40,000 took seconds, 300,000 minutes).
MAX_ATTRIBUTES = 1000

#: Damaged-record warnings printed per run (``--max-warnings``); all are counted.
MAX_WARNINGS = 20


@dataclass(frozen=True, slots=True)
class Limits:
    """The bounds of one run; every field has a command-line option."""

    max_page_bytes: int = MAX_PAGE_BYTES
    max_line_bytes: int = MAX_LINE_BYTES
    max_attributes: int = MAX_ATTRIBUTES
    max_warnings: int = MAX_WARNINGS

    def __post_init__(self) -> None:
        for name in ("max_page_bytes", "max_line_bytes", "max_attributes"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")
        if self.max_warnings < 0:
            raise ValueError("max_warnings must not be negative")


DEFAULT_LIMITS = Limits()
