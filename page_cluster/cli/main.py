"""The ``page-cluster`` command: a drop-in for the reference CLI.

page-cluster [--content-block-attribute NAME] [--cluster-reasons-file PATH]
             [--validation-file PATH] < pages.jsonl > clusters.jsonl
page-cluster [--format {jsonl,json,warc,mirror}] [options] PATH > clusters.jsonl
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, BinaryIO, TextIO

from .._version import __version__
from ..base.model import InvalidPageError
from ..crawl.inputs import expand_inputs, is_crawl_run
from ..ingest.build import build_corpus
from ..io.jsonl import InputError
from ..io.source import FORMATS, open_pages
from ..parallel.preload import preload_in_background
from .common import (
    STDIN,
    UsageParser,
    add_limit_options,
    attribute_name,
    end_on_worker_failure,
    exit_now,
    jobs_count,
    limits_from_args,
    run_entry,
    skip_warner,
    write_jsonl,
)
from .progress import ProgressPrinter
from .reports import check_report_paths, write_run_reports

__all__ = ["SUBCOMMANDS", "main", "run_cluster_command"]

#: Subcommands: name -> "module:function" taking ``argv`` (after the name) and
#: returning an exit status. The bare command (no subcommand) clusters stdin.
SUBCOMMANDS: dict[str, str] = {
    "validate": "page_cluster.cli.validate_cmd:main",
    "extract": "page_cluster.cli.extract:main",
    "evaluate": "page_cluster.cli.evaluate:main",
    "app": "page_cluster.cli.app_cmd:main",
}

DESCRIPTION = """\
Cluster crawled HTML pages by template. Reads a crawl from PATH or stdin and
writes one {"id", "clusterKey"} line per page to stdout, in input order.

Inputs (detected from the content; --format forces one):
  jsonl   one page per line (also .gz): {"id": ..., "html": "<html>...",
          "paths": ["news", "1"], "stylesheetHrefs": ["/a.css"], "host": "example.com"}
          Only "html" is required; "url" may stand in for paths and host.
  json    one JSON array of such objects (also .gz)
  warc    a WARC / WARC.gz crawl archive: its successful HTML responses
  mirror  a folder written by `wget --mirror`, or any folder of saved .html files
Fields a record lacks are derived: paths and host from its URL, stylesheetHrefs
from its <link rel=stylesheet> tags. Output ids: the record's id, else its URL,
else its 0-based index. Progress and skipped-record counts go to stderr.

To check a saved partition without re-clustering: page-cluster validate --help
To explore the clusters in the analyst app: page-cluster app [CRAWL] (see --help)
To extract each page's main content: page-cluster extract [CRAWL] (see --help)"""

#: What a clustering run imports after reading (the numpy stack): loaded in a
#: background thread while the pages are parsed. numpy loads ``random`` and
#: ``ma`` only on first use (random fingerprint codes, ``np.unique``), which
#: would otherwise fall in the serial clustering step.
CLUSTER_MODULES = (
    "page_cluster.clustering.pipeline",
    "page_cluster.clustering.params",
    "numpy.random",
    "numpy.ma",
)


def build_parser() -> argparse.ArgumentParser:
    p = UsageParser(
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
        type=attribute_name,
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
    p.add_argument(
        "input",
        nargs="*",
        metavar="PATH",
        help="files or folders to read (default: stdin; '-' also means stdin); "
        "several paths, a quoted glob or a folder of .warc/.jsonl files are read "
        "as one crawl, each host clustered on its own",
    )
    p.add_argument(
        "--format",
        choices=FORMATS,
        help="input format (default: detected from the content)",
    )
    p.add_argument(
        "--jobs",
        "-j",
        type=jobs_count,
        default="-1",
        metavar="N",
        help="worker processes for parsing, as n_jobs: N, or -1 for all cores (default), "
        "-2 for all but one; output is identical for any N",
    )
    crawl = p.add_argument_group("crawl archives (several files, many hosts)")
    crawl.add_argument(
        "--dask",
        metavar="SCHEDULER",
        help="run on Dask: a scheduler address (tcp://host:8786), or local[:N] to start "
        "N worker processes here (default N: --jobs); the output is the same without it",
    )
    crawl.add_argument(
        "--out-dir",
        metavar="DIR",
        help="write one NAME.clusters.jsonl per input file into DIR instead of stdout",
    )
    crawl.add_argument(
        "--reasons-per-host",
        action="store_true",
        help="with --out-dir: also write DIR/hosts/HOST.reasons.json",
    )
    crawl.add_argument(
        "--validation-per-host",
        action="store_true",
        help="with --out-dir: also write DIR/hosts/HOST.validation.json and apply "
        "its safe merges to the keys",
    )
    add_limit_options(p)
    return p


def _write_output(out: TextIO, ids: list[Any], keys: list[str]) -> None:
    write_jsonl(
        out,
        (
            {"id": index if page_id is None else page_id, "clusterKey": key}
            for index, (page_id, key) in enumerate(zip(ids, keys, strict=True))
        ),
    )


def run_cluster_command(
    args: argparse.Namespace, stdin: BinaryIO, stdout: TextIO, stderr: TextIO
) -> int:
    progress = ProgressPrinter(stderr)
    problem = check_report_paths(args.cluster_reasons_file, args.validation_file)
    if problem:
        progress.error(problem)
        return 1
    inputs = args.input or [STDIN]
    files = expand_inputs(inputs) if inputs != [STDIN] else inputs
    if is_crawl_run(inputs, files, dask=args.dask is not None, out_dir=args.out_dir is not None):
        from .crawl_cmd import run_crawl_command

        return run_crawl_command(args, files, stdout, progress)
    ids: list[Any] = []
    limits = limits_from_args(args)
    on_skip = skip_warner(progress, limits.max_warnings)

    path = None if files[0] == STDIN else files[0]
    try:
        source = open_pages(
            stdin if path is None else path, args.format, on_skip=on_skip, limits=limits
        )
    except InputError as exc:
        progress.error(str(exc))
        return 1
    progress.reading()
    progress.input_source(source)

    try:
        with source:
            corpus = build_corpus(
                source,
                content_block_attribute=args.content_block_attribute,
                on_progress=progress.event,
                on_record=lambda rec: ids.append(rec.output_id),
                jobs=args.jobs,
                # Load the clustering stack while the pages are being parsed.
                on_parse_start=lambda: preload_in_background(CLUSTER_MODULES),
            )
    except (InputError, InvalidPageError) as exc:
        progress.error(str(exc))
        return 1
    except RuntimeError as exc:
        return end_on_worker_failure(exc, progress)
    report = source.report
    progress.read_report(report)
    if corpus.n_pages == 0 and report.error_total:
        progress.error(f"no page could be read from {source.name}")
        return 1
    progress.read_done(corpus.n_pages)
    from ..clustering.pipeline import cluster_corpus

    run = cluster_corpus(corpus, progress.event)
    try:
        keys = write_run_reports(
            run,
            ids,
            reasons_path=args.cluster_reasons_file,
            validation_path=args.validation_file,
            progress=progress,
        )
    except OSError as exc:
        progress.error(f"cannot write a report file: {exc}")
        return 1
    progress.done(len(keys), len(set(keys)))
    try:
        _write_output(stdout, ids, keys)
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            raise
        progress.error(f"cannot write the output: {exc.strerror or exc}")
        return 1
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
    return run_entry(lambda: run_cluster_command(args, sys.stdin.buffer, sys.stdout, sys.stderr))


def console_main() -> None:
    """The ``page-cluster`` command: :func:`main`, then a quick exit (see
    :func:`~page_cluster.cli.common.exit_now`)."""
    exit_now(main())


if __name__ == "__main__":
    console_main()
