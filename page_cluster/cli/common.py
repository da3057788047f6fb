"""What every ``page-cluster`` subcommand shares: usage errors, skip warnings,
JSONL output and the handling of a closed pipe or Ctrl-C."""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
from collections.abc import Callable, Iterable
from contextlib import suppress
from typing import Any, NoReturn, TextIO

from ..io.report import Skipped
from .progress import ProgressPrinter

__all__ = [
    "MAX_WARNINGS",
    "UsageParser",
    "exit_now",
    "positive_int",
    "run_entry",
    "skip_warner",
    "write_jsonl",
]

#: At most this many skipped-record warnings are printed (all are counted).
MAX_WARNINGS = 20


class UsageParser(argparse.ArgumentParser):
    """Bad arguments: the usage and the message on stderr, exit status 2."""

    def error(self, message: str) -> None:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def skip_warner(progress: ProgressPrinter) -> Callable[[Skipped], None]:
    """An ``on_skip`` callback: warns about the first damaged records, then goes quiet.

    Routine skips (non-HTML responses, redirects) are only counted by the reader.
    """
    warned = 0

    def on_skip(skip: Skipped) -> None:
        nonlocal warned
        if not skip.is_error:
            return
        warned += 1
        if warned <= MAX_WARNINGS:
            progress.warning(skip.message)
        elif warned == MAX_WARNINGS + 1:
            progress.warning("more damaged records follow; only their count is shown")

    return on_skip


def write_jsonl(out: TextIO, records: Iterable[dict[str, Any]], *, batch: int = 4096) -> None:
    """Compact JSON lines (non-ASCII kept), written in batches, then flushed."""
    buf: list[str] = []
    for rec in records:
        buf.append(json.dumps(rec, ensure_ascii=False, separators=(",", ":")))
        if len(buf) >= batch:
            out.write("\n".join(buf) + "\n")
            buf.clear()
    if buf:
        out.write("\n".join(buf) + "\n")
    out.flush()


def positive_int(text: str) -> int:
    """``argparse`` type for counts such as ``--jobs``."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


#: Allocations between young-generation collections in a command-line run.
#: Parsing allocates a few thousand short-lived tuples and strings per page;
#: at Python's default (700) the collector runs several times per page and
#: its older generations rescan the growing vocabulary. Cycles are still
#: collected, only less often.
CLI_GC_THRESHOLD = (50_000, 20, 20)


def run_entry(command: Callable[[], int]) -> int:
    """Run a command: a reader that went away (``| head``) is not an error of ours,
    Ctrl-C exits with status 130 and one line."""
    saved = gc.get_threshold()
    gc.set_threshold(*CLI_GC_THRESHOLD)
    try:
        return command()
    except BrokenPipeError:
        # Point stdout at devnull so the interpreter's final flush does not raise again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        sys.stderr.write("page-cluster: interrupted\n")
        return 130
    finally:
        gc.set_threshold(*saved)


def exit_now(code: int) -> NoReturn:
    """End a command-line process once its output is flushed, skipping teardown.

    Interpreter finalisation (freeing the vocabulary, unloading numpy and scipy)
    is a sizeable part of a small run and does nothing a finished command needs:
    every report file is closed by then and the worker pool shut down. Only the
    console entry points call this, never :func:`run_entry` (tests and library
    users run commands in their own process).
    """
    for stream in (sys.stdout, sys.stderr):
        # A reader that went away, or a stream already closed: nothing to keep.
        with suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)
