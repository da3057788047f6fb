"""``page-cluster extract``: the main content of every page, as JSONL.

page-cluster extract [CRAWL] [--format F] [--clusters FILE] [--block-tags TAGS]
                     [--min-score S] [--threshold P] [--per-page READER]
                     [--no-blocks] [--content-block-attribute NAME] [--jobs N]
                     > content.jsonl

CRAWL is any input the clustering command reads (default: its JSONL on stdin).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from ..base.model import InvalidPageError
from ..content.blocks import parse_block_tags
from ..content.extract import DEFAULT_THRESHOLD, ExtractOptions, extract_main_content
from ..content.noise import DEFAULT_MIN_SCORE
from ..content.per_page import OWN, PER_PAGE_CHOICES, trafilatura_available
from ..io.jsonl import InputError
from ..io.source import FORMATS
from .common import (
    STDIN,
    UsageParser,
    attribute_name,
    end_on_worker_failure,
    jobs_count,
    run_entry,
    skip_warner,
    write_jsonl,
)
from .progress import ProgressPrinter

__all__ = ["build_parser", "main"]

DESCRIPTION = """\
Extract the main content of every page. Reads a crawl in any format the
clustering command reads (CRAWL: a JSONL or JSON file, a WARC / WARC.gz, a
folder of saved pages; default: JSONL pages on stdin) and writes one line per
page, in input order, with the id the clustering output gives it:

  {"id": ..., "main_text": "...", "extractor": "...", "siblings": N,
   "blocks": [{"path", "start", "end", "class", "main", "level", "noise"}, ...]}

Pages of one cluster (same template) are read together: blocks repeated across
them are template noise ("extractor": "template"). A page alone in its cluster
is read on its own, by trafilatura when it is installed ("trafilatura"), else by
the own per-page rules ("single-page").
Clusters are computed unless --clusters gives them ({"id", "clusterKey"} lines,
e.g. the output of the plain page-cluster command)."""


def _unit_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1: {text}")
    return value


def build_parser() -> argparse.ArgumentParser:
    p = UsageParser(
        prog="page-cluster extract",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "crawl",
        nargs="?",
        default=STDIN,
        metavar="CRAWL",
        help="the pages: a file or a folder (default, or '-': stdin)",
    )
    p.add_argument(
        "--format",
        choices=FORMATS,
        help="format of CRAWL (default: detected from the content)",
    )
    p.add_argument("--clusters", type=Path, metavar="FILE", help="cluster keys per page id")
    p.add_argument(
        "--block-tags",
        metavar="TAGS",
        help="comma-separated tags that make a block (default: sectioning, grouping, "
        "paragraph, heading, list and table elements)",
    )
    p.add_argument(
        "--min-score",
        type=_unit_float,
        default=DEFAULT_MIN_SCORE,
        help=f"cosine score from which a block copies another page's (default {DEFAULT_MIN_SCORE})",
    )
    p.add_argument(
        "--threshold",
        type=_unit_float,
        default=DEFAULT_THRESHOLD,
        help=f"content probability a block needs to be kept (default {DEFAULT_THRESHOLD})",
    )
    p.add_argument(
        "--per-page",
        choices=PER_PAGE_CHOICES,
        default="auto",
        metavar="READER",
        help="reader of pages alone in their cluster: auto (trafilatura when installed), "
        f"trafilatura or {OWN} (the own rules) (default auto)",
    )
    p.add_argument(
        "--no-blocks",
        action="store_true",
        help="write only id, main_text, extractor and siblings",
    )
    p.add_argument(
        "--jobs",
        type=jobs_count,
        default="-1",
        metavar="N",
        help="worker processes for clustering and reading clusters, as n_jobs: N, or -1 "
        "for all cores (default); the output is the same for any N",
    )
    p.add_argument(
        "--content-block-attribute",
        metavar="NAME",
        type=attribute_name,
        help="passed to clustering when clusters are computed",
    )
    return p


def run(args: argparse.Namespace, stdin, stdout: TextIO, stderr: TextIO) -> int:
    from .content_io import read_content_input

    progress = ProgressPrinter(stderr)
    jobs = args.jobs
    try:
        data = read_content_input(
            stdin if args.crawl == STDIN else args.crawl,
            args.clusters,
            args.content_block_attribute,
            progress,
            jobs=jobs,
            format=args.format,
            on_skip=skip_warner(progress),
        )
    except (InputError, InvalidPageError) as exc:
        progress.error(str(exc))
        return 1
    except RuntimeError as exc:
        return end_on_worker_failure(exc, progress)
    options = ExtractOptions(
        block_tags=parse_block_tags(args.block_tags),
        min_score=args.min_score,
        threshold=args.threshold,
        per_page=args.per_page,
    )
    if args.per_page != OWN and not trafilatura_available():
        progress.warning(
            "note: trafilatura is not installed; pages alone in their cluster are read "
            "by the own per-page rules (pip install trafilatura lxml_html_clean)"
        )
    progress.message(f"extracting main content of {len(data.pages)} pages")
    step = max(1, len(set(data.keys)) // 10)

    def on_cluster(done: int, total: int) -> None:
        if done % step == 0 or done == total:
            progress.message(f"extract: {done}/{total} clusters read")

    try:
        results = extract_main_content(
            data.pages, cluster_keys=data.keys, options=options, on_cluster=on_cluster, n_jobs=jobs
        )
    except RuntimeError as exc:
        return end_on_worker_failure(exc, progress)

    def records():
        for page_id, content in zip(data.ids, results, strict=True):
            rec: dict = {
                "id": page_id,
                "main_text": content.main_text,
                "extractor": content.extractor,
                "siblings": content.siblings,
            }
            if not args.no_blocks:
                rec["blocks"] = content.block_records()
            yield rec

    write_jsonl(stdout, records(), batch=256)
    progress.done(len(results), len(set(data.keys)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    return run_entry(lambda: run(args, sys.stdin.buffer, sys.stdout, sys.stderr))
