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

from ..base.limits import DEFAULT_LIMITS, MAX_WARNINGS, Limits
from ..base.model import attribute_name_problem
from ..io.report import Skipped
from .progress import ProgressPrinter

__all__ = [
    "MAX_WARNINGS",
    "STDIN",
    "UsageParser",
    "add_limit_options",
    "attribute_name",
    "end_on_worker_failure",
    "exit_now",
    "limits_from_args",
    "non_negative_int",
    "positive_int",
    "run_entry",
    "skip_warner",
    "worker_failure_message",
    "write_jsonl",
]

#: The input path that means standard input, in every subcommand.
STDIN = "-"


class UsageParser(argparse.ArgumentParser):
    """Bad arguments: the usage and the message on stderr, exit status 2."""

    def error(self, message: str) -> None:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def skip_warner(
    progress: ProgressPrinter, max_warnings: int = MAX_WARNINGS
) -> Callable[[Skipped], None]:
    """An ``on_skip`` callback: warns about the first damaged records, then goes quiet.

    Routine skips (non-HTML responses, redirects) are only counted by the reader.
    """
    warned = 0

    def on_skip(skip: Skipped) -> None:
        nonlocal warned
        if not skip.is_error:
            return
        warned += 1
        if warned <= max_warnings:
            progress.warning(skip.message)
        elif warned == max_warnings + 1:
            progress.warning("more damaged records follow; only their count is shown")

    return on_skip


def _write_lines(out: TextIO, lines: list[str]) -> None:
    """Write a batch; a line the stream cannot encode (a lone surrogate from the
    input, legal in JSON) is written again with its non-ASCII characters as JSON
    escapes, which read back as the same value."""
    try:
        out.write("\n".join(lines) + "\n")
    except UnicodeEncodeError:  # (nothing of the batch was written)
        for line in lines:
            try:
                out.write(line + "\n")
            except UnicodeEncodeError:
                out.write(json.dumps(json.loads(line), separators=(",", ":")) + "\n")


def write_jsonl(out: TextIO, records: Iterable[dict[str, Any]], *, batch: int = 4096) -> None:
    """Compact JSON lines (non-ASCII kept), written in batches, then flushed."""
    buf: list[str] = []
    for rec in records:
        buf.append(json.dumps(rec, ensure_ascii=False, separators=(",", ":")))
        if len(buf) >= batch:
            _write_lines(out, buf)
            buf.clear()
    if buf:
        _write_lines(out, buf)
    out.flush()


def attribute_name(text: str) -> str:
    """``argparse`` type for ``--content-block-attribute``: a possible attribute name."""
    problem = attribute_name_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(f"the attribute name {text!r} {problem}")
    return text


def non_negative_int(text: str) -> int:
    """``argparse`` type for counts that may be 0 (``--max-warnings``)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError("must not be negative")
    return value


def add_limit_options(parser: argparse.ArgumentParser) -> None:
    """The options that change the bounds of :mod:`page_cluster.base.limits`."""
    d = DEFAULT_LIMITS
    parser.add_argument(
        "--max-page-bytes",
        type=positive_int,
        default=d.max_page_bytes,
        metavar="N",
        help=f"skip pages larger than N bytes (default: {d.max_page_bytes})",
    )
    parser.add_argument(
        "--max-line-bytes",
        type=positive_int,
        default=d.max_line_bytes,
        metavar="N",
        help=f"a JSONL line longer than N bytes is too large (default: {d.max_line_bytes})",
    )
    parser.add_argument(
        "--max-attributes",
        type=positive_int,
        default=d.max_attributes,
        metavar="N",
        help="keep the first N attributes of an element, drop the rest before parsing "
        f"(default: {d.max_attributes})",
    )
    parser.add_argument(
        "--max-warnings",
        type=non_negative_int,
        default=d.max_warnings,
        metavar="N",
        help="print at most N skipped-record warnings; all are counted "
        f"(default: {d.max_warnings})",
    )


def limits_from_args(args: argparse.Namespace) -> Limits:
    """The :class:`~page_cluster.base.limits.Limits` the options ask for."""
    return Limits(
        max_page_bytes=args.max_page_bytes,
        max_line_bytes=args.max_line_bytes,
        max_attributes=args.max_attributes,
        max_warnings=args.max_warnings,
    )


def worker_failure_message(exc: BaseException) -> str | None:
    """What to tell a command-line user about a worker process that died, or
    ``None`` when ``exc`` is something else.

    A forked worker's error names the worker and its exit status. A spawned
    pool's error is written for library callers (it speaks of scripts and
    ``n_jobs``), so the command line says it in its own words.
    """
    from ..parallel.fork_pool import WorkerError

    if isinstance(exc, WorkerError):
        return str(exc)
    process = sys.modules.get("concurrent.futures.process")
    if process is not None and isinstance(exc, process.BrokenProcessPool):
        return "a worker process stopped unexpectedly"
    return None


def end_on_worker_failure(exc: RuntimeError, progress: ProgressPrinter) -> int:
    """A worker process that died ends a command with one line and status 1,
    its output not written; any other error is raised as it is."""
    failure = worker_failure_message(exc)
    if failure is None:
        raise exc
    progress.error(f"{failure}; nothing was written (a worker killed for lack of memory?)")
    return 1


def n_jobs_value(text: str) -> int:
    """``argparse`` type for ``--jobs``: ``n_jobs`` as the library means it (any
    whole number but 0; see :mod:`page_cluster.parallel.jobs`)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value == 0:
        raise argparse.ArgumentTypeError("0 has no meaning: 1 for one process, -1 for all cores")
    return value


def jobs_count(text: str) -> int:
    """``argparse`` type for ``--jobs`` of a command that parses: the number of
    processes ``n_jobs`` asks for on this machine (-1: all cores)."""
    from ..parallel.jobs import effective_jobs

    return effective_jobs(n_jobs_value(text))


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
