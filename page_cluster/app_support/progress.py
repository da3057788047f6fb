"""A clustering run's progress as one fraction and one sentence, for a progress bar.

Reading and parsing the pages is nearly all of a run (the clustering itself
works on compact signatures), so the bar follows the bytes read for the first
:data:`READ_SHARE` of its length; the core's :class:`~page_cluster.ProgressEvent`
phases (blocks clustered, cross-block merging) and the validation step share
the rest. The fraction never goes backwards.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from ..base.progress import ProgressEvent

__all__ = ["READ_SHARE", "ProgressSnapshot", "RunProgress", "format_bytes"]

#: Share of the bar given to reading and parsing pages.
READ_SHARE = 0.85
#: Share after which the clustering phases start (they end at STAGE_B).
STAGE_B = 0.95
REPORTS = 0.97


def format_bytes(n: float) -> str:
    """Human-readable byte count.

    >>> format_bytes(0), format_bytes(1536), format_bytes(3 * 1024**3)
    ('0 B', '1.5 KB', '3.0 GB')
    """
    for unit in ("B", "KB", "MB", "GB"):
        if abs(n) < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    raise AssertionError("unreachable")  # pragma: no cover


@dataclass(frozen=True, slots=True)
class ProgressSnapshot:
    fraction: float
    text: str
    elapsed_seconds: float


class RunProgress:
    """Collects progress from the reader (bytes) and the core (events); thread-safe."""

    def __init__(self, total_bytes: int) -> None:
        self.total_bytes = max(int(total_bytes), 0)
        self._lock = threading.Lock()
        self._start = time.monotonic()
        self._fraction = 0.0
        self._text = "Starting…"
        self._bytes = 0
        self._pages = 0

    def _set(self, fraction: float, text: str) -> None:
        with self._lock:
            self._fraction = max(self._fraction, min(fraction, 1.0))
            self._text = text

    def _reading_text(self) -> str:
        done = f"{self._pages:,} pages read" if self._pages else "Reading pages"
        if self.total_bytes:
            return f"{done} ({format_bytes(self._bytes)} of {format_bytes(self.total_bytes)})"
        return done

    def bytes_read(self, position: int) -> None:
        self._bytes = max(self._bytes, int(position))
        share = self._bytes / self.total_bytes if self.total_bytes else 0.0
        self._set(READ_SHARE * min(share, 1.0), self._reading_text())

    def event(self, e: ProgressEvent) -> None:
        """The core's ``on_progress`` callback."""
        if e.phase == "pass0-signals":
            self._pages = max(self._pages, e.pages_seen)
            self._set(self._fraction, self._reading_text())
        elif e.phase == "pass1-block-complete" and e.total_blocks:
            share = e.blocks_processed / e.total_blocks
            self._set(
                READ_SHARE + (STAGE_B - READ_SHARE) * share,
                f"Clustering: {e.blocks_processed}/{e.total_blocks} blocks",
            )
        elif e.phase == "pass1b-assign" and e.pages_to_assign:
            self._set(self._fraction, f"Assigning pages: {e.pages_assigned}/{e.pages_to_assign}")
        elif e.phase == "stage-b-start":
            self._set(STAGE_B, f"Merging {e.unit_count} clusters across blocks")
        elif e.phase == "note" and e.message:
            self._set(self._fraction, e.message)

    def step(self, text: str) -> None:
        """A step of the app's own (validation, reasons) after clustering."""
        self._set(REPORTS, text)

    def finish(self, text: str) -> None:
        self._set(1.0, text)

    def snapshot(self) -> ProgressSnapshot:
        with self._lock:
            return ProgressSnapshot(self._fraction, self._text, time.monotonic() - self._start)
