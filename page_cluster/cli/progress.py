"""Progress on stderr: one line rewritten in place on a terminal, appended
``[page-cluster] ...`` lines otherwise (grep-friendly phase tokens)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, TextIO

from ..base.progress import ProgressEvent
from ..io.report import one_line

if TYPE_CHECKING:
    from ..io.report import ReadReport
    from ..io.source import PageSource

__all__ = ["ProgressPrinter"]

PREFIX = "[page-cluster]"
#: Appended mode prints at most one block-progress line per this many seconds.
LINE_INTERVAL = 1.0


class ProgressPrinter:
    """Renders :class:`ProgressEvent` objects for the CLI."""

    def __init__(self, stream: TextIO, *, tty: bool | None = None) -> None:
        self.stream = stream
        self.tty = bool(tty if tty is not None else getattr(stream, "isatty", lambda: False)())
        self.start = time.monotonic()
        self._last_line = 0.0
        self._width = 0

    def elapsed(self) -> int:
        return max(0, round(time.monotonic() - self.start))

    def _emit(self, tty_text: str, line_text: str, *, force: bool = True) -> None:
        # Messages quote the input (file names, URLs, damaged bytes): shown escaped,
        # so that no byte of a crawl reaches the terminal as a control sequence.
        tty_text, line_text = one_line(tty_text), one_line(line_text)
        try:
            if self.tty:
                text = f"page-cluster — {tty_text} (elapsed {self.elapsed()}s)"
                pad = max(0, self._width - len(text))
                self.stream.write("\r" + text + " " * pad)
                self._width = len(text)
            else:
                now = time.monotonic()
                if not force and now - self._last_line < LINE_INTERVAL:
                    return
                self._last_line = now
                self.stream.write(f"{PREFIX} {line_text}\n")
            self.stream.flush()
        except (OSError, ValueError):
            pass  # a closed stderr must not stop the run

    def reading(self) -> None:
        self._emit("reading input...", "reading input pages...")

    def read_done(self, pages: int) -> None:
        self._emit(f"read {pages} pages, clustering...", f"read {pages} pages, clustering...")

    def message(self, text: str) -> None:
        self._emit(text, text)

    def input_source(self, source: PageSource) -> None:
        """Name an input that is not the default JSONL (``input: warc (crawl.warc.gz)``)."""
        if source.format != "jsonl":
            self.message(f"input: {source.format} ({source.name})")

    def read_report(self, report: ReadReport, prefix: str = "") -> None:
        """The reader's count of skipped records and its notes, a line each."""
        for line in (report.summary(), report.notes_summary()):
            if line:
                self.message(prefix + line)

    def warning(self, text: str) -> None:
        """A line that must stay visible (a skipped damaged record): never overwritten."""
        text = one_line(text)
        try:
            if self.tty:
                if self._width:
                    self.stream.write("\r" + " " * self._width + "\r")
                    self._width = 0
                self.stream.write(f"page-cluster: warning: {text}\n")
            else:
                self.stream.write(f"{PREFIX} warning: {text}\n")
            self.stream.flush()
        except (OSError, ValueError):
            pass

    def event(self, e: ProgressEvent) -> None:
        if e.phase == "pass0-signals":
            self._emit(
                f"reading signals: {e.pages_seen} pages", f"pass0: {e.pages_seen} pages read"
            )
        elif e.phase == "pass1-block-complete":
            last = e.blocks_processed in (1, e.total_blocks)
            self._emit(
                f"clustering {e.blocks_processed}/{e.total_blocks} blocks",
                f"pass1: clustered block {e.blocks_processed}/{e.total_blocks}",
                force=last,
            )
        elif e.phase == "pass1b-assign":
            last = e.pages_assigned == e.pages_to_assign
            self._emit(
                f"assigning pages: {e.pages_assigned}/{e.pages_to_assign}",
                f"pass1b: {e.pages_assigned}/{e.pages_to_assign} pages assigned",
                force=last,
            )
        elif e.phase == "stage-b-start":
            self._emit(f"merging {e.unit_count} units", f"stage-b: merging {e.unit_count} units")
        elif e.phase == "note":
            self._emit(e.message, e.message)

    def done(self, pages: int, clusters: int) -> None:
        body = f"{pages} pages in {clusters} clusters (elapsed {self.elapsed()}s)"
        try:
            if self.tty:
                self.stream.write("\r" + " " * self._width + "\r")
                self.stream.write(f"page-cluster — done: {body}\n")
            else:
                self.stream.write(f"{PREFIX} done — {body}\n")
            self.stream.flush()
        except (OSError, ValueError):
            pass

    def error(self, message: str) -> None:
        message = one_line(message)
        try:
            if self.tty and self._width:
                self.stream.write("\r" + " " * self._width + "\r")
            self.stream.write(f"page-cluster: error: {message}\n")
            self.stream.flush()
        except (OSError, ValueError):
            pass
