"""What a reader left out of a crawl, and why.

Crawl archives routinely hold records that are not pages (stylesheets, images,
redirects, error pages): those are *routine* skips, only counted. Damaged input
(a corrupt or truncated record, a page that is not text, an unreadable file) is
an *error* skip: counted and described with its position, and the run goes on.
Memory stays bounded: counts are kept for everything, descriptions for the first
:data:`MAX_KEPT_MESSAGES` errors only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = [
    "ERROR_REASONS",
    "MAX_KEPT_MESSAGES",
    "ROUTINE_REASONS",
    "ReadReport",
    "SkipCallback",
    "Skipped",
    "one_line",
]

#: Records that are not pages; a crawl normally has many.
ROUTINE_REASONS = (
    "non-HTML",
    "redirect",
    "not modified",
    "failed",
    "revisit",
    "linked folder",
)
#: Damaged input. ``invalid``: a JSONL line or JSON element that is not a page
#: object (only skipped when the caller asks for it; by default it stops the run).
#: ``outside folder``: a symbolic link leading out of a crawled folder;
#: ``not a file``: a FIFO, socket or device where a page file was expected.
ERROR_REASONS = (
    "corrupt",
    "truncated",
    "undecodable",
    "too large",
    "unreadable",
    "invalid",
    "outside folder",
    "not a file",
)

#: Error descriptions kept in :attr:`ReadReport.errors` (all are counted).
MAX_KEPT_MESSAGES = 1000


def one_line(text: str) -> str:
    """Input-supplied text (a URL, a file name) fit for a one-line position:
    control characters are shown escaped.

    >>> one_line("http://p.exam\\npe/2.html")
    'http://p.exam\\\\npe/2.html'
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


@dataclass(frozen=True, slots=True)
class Skipped:
    """One record left out: ``reason`` (one of the reasons above), ``position``
    (``record 7 (byte 1234)``, ``file en/a.html``) and a human ``detail``."""

    reason: str
    position: str
    detail: str = ""

    @property
    def is_error(self) -> bool:
        return self.reason in ERROR_REASONS

    @property
    def message(self) -> str:
        """``record 7 (byte 1234): corrupt (bad gzip data); skipped``."""
        detail = f" ({self.detail})" if self.detail else ""
        return f"{self.position}: {self.reason}{detail}; skipped"


SkipCallback = Callable[[Skipped], None]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass(slots=True)
class ReadReport:
    """Counts of pages read and records skipped (by reason), plus notes on pages
    kept despite a problem (e.g. ``decoded with replacement characters``)."""

    unit: str = "record"  # "record" for archives, "file" for folders, "line" ...
    pages: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    notes: Counter[str] = field(default_factory=Counter)
    errors: list[Skipped] = field(default_factory=list)

    @property
    def skipped_total(self) -> int:
        return sum(self.skipped.values())

    @property
    def error_total(self) -> int:
        return sum(n for r, n in self.skipped.items() if r in ERROR_REASONS)

    def add_skip(self, skip: Skipped) -> None:
        self.skipped[skip.reason] += 1
        if skip.is_error and len(self.errors) < MAX_KEPT_MESSAGES:
            self.errors.append(skip)

    def summary(self) -> str | None:
        """``skipped 3 records (2 non-HTML, 1 redirect)``, or ``None``.

        >>> r = ReadReport()
        >>> for reason in ("non-HTML", "redirect", "non-HTML"):
        ...     r.add_skip(Skipped(reason, "record 1"))
        >>> r.summary()
        'skipped 3 records (2 non-HTML, 1 redirect)'
        """
        total = self.skipped_total
        if not total:
            return None
        order = [*ROUTINE_REASONS, *ERROR_REASONS]
        reasons = sorted(self.skipped, key=lambda r: order.index(r) if r in order else len(order))
        parts = ", ".join(f"{self.skipped[r]} {r}" for r in reasons)
        return f"skipped {_plural(total, self.unit)} ({parts})"

    def notes_summary(self) -> str | None:
        """``2 pages decoded with replacement characters``, or ``None``."""
        if not self.notes:
            return None
        return "; ".join(f"{_plural(n, 'page')} {what}" for what, n in sorted(self.notes.items()))
