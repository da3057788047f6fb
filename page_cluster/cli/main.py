"""The ``page-cluster`` command: a drop-in for the reference CLI.

page-cluster [--content-block-attribute NAME] [--cluster-reasons-file PATH]
             [--validation-file PATH] < pages.jsonl > clusters.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, BinaryIO, TextIO

from .._version import __version__
from ..clustering.pipeline import cluster_corpus
from ..ingest import build_corpus
from ..io.jsonl import InputError, read_jsonl_pages
from ..model import InvalidPageError
from .progress import ProgressPrinter

__all__ = ["SUBCOMMANDS", "main", "run_cluster_command"]

#: Subcommands: name -> "module:function" taking ``argv`` (after the name) and
#: returning an exit status. The bare command (no subcommand) clusters stdin.
SUBCOMMANDS: dict[str, str] = {
    "extract": "page_cluster.cli.extract:main",
    "evaluate": "page_cluster.cli.evaluate:main",
}

DESCRIPTION = """\
Cluster crawled HTML pages by template. Reads JSONL (one page per line) on stdin
and writes one {"id", "clusterKey"} line per page to stdout, in input order.

Input line: {"id": ..., "html": "<html>...", "paths": ["news", "1"],
             "stylesheetHrefs": ["/a.css"], "host": "example.com"}
Only "html" is required; without paths / stylesheetHrefs the blocking is coarser.
Progress goes to stderr (silence it with 2>/dev/null)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # usage + message on stderr, exit 2
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="page-cluster",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        add_help=False,
    )
    p.add_argument("-h", "--help", action="help", help="show this help and exit")
    p.add_argument(
        "-v", "--version", action="version", version=__version__, help="show the version and exit"
    )
    p.add_argument(
        "--content-block-attribute",
        metavar="NAME",
        help="attribute a CMS puts on free-form content blocks (e.g. data-bgb); "
        "their inside is ignored when comparing pages",
    )
    p.add_argument(
        "--cluster-reasons-file",
        metavar="PATH",
        help="write why each cluster holds together, as JSON keyed by clusterKey",
    )
    p.add_argument(
        "--validation-file",
        metavar="PATH",
        help="write the post-hoc partition report as JSON and apply its safe merges",
    )
    return p


def _write_output(out: TextIO, ids: list[Any], keys: list[str]) -> None:
    buf: list[str] = []
    for index, (page_id, key) in enumerate(zip(ids, keys, strict=True)):
        shown = index if page_id is None else page_id
        buf.append(
            json.dumps({"id": shown, "clusterKey": key}, ensure_ascii=False, separators=(",", ":"))
        )
        if len(buf) >= 4096:
            out.write("\n".join(buf) + "\n")
            buf.clear()
    if buf:
        out.write("\n".join(buf) + "\n")
    out.flush()


def run_cluster_command(
    args: argparse.Namespace, stdin: BinaryIO, stdout: TextIO, stderr: TextIO
) -> int:
    progress = ProgressPrinter(stderr)
    for flag, value in (
        ("--cluster-reasons-file", args.cluster_reasons_file),
        ("--validation-file", args.validation_file),
    ):
        if value is not None:
            progress.error(f"{flag} is not available in this version")
            return 2
    ids: list[Any] = []
    progress.reading()

    def pages():
        for rec in read_jsonl_pages(stdin):
            ids.append(rec.raw_id)
            yield rec.page

    try:
        corpus = build_corpus(
            pages,
            content_block_attribute=args.content_block_attribute,
            on_progress=progress.event,
        )
    except (InputError, InvalidPageError) as exc:
        progress.error(str(exc))
        return 1
    progress.read_done(corpus.n_pages)
    run = cluster_corpus(corpus, progress.event)
    keys = run.page_keys
    progress.done(len(keys), len(set(keys)))
    _write_output(stdout, ids, keys)
    return 0


def _dispatch(name: str, argv: list[str]) -> int:
    import importlib

    module, func = SUBCOMMANDS[name].split(":")
    return int(getattr(importlib.import_module(module), func)(argv))


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in SUBCOMMANDS:
        return _dispatch(argv[0], argv[1:])
    args = build_parser().parse_args(argv)
    try:
        return run_cluster_command(args, sys.stdin.buffer, sys.stdout, sys.stderr)
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): not an error of ours. Point stdout
        # at devnull so the interpreter's final flush does not raise again.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        sys.stderr.write("page-cluster: interrupted\n")
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
