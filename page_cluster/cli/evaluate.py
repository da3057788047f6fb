"""``page-cluster evaluate``: Quark metrics of the extraction on annotated pages.

page-cluster evaluate [--clusters FILE] [--json] < annotated.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from ..base.model import InvalidPageError
from ..content.classify import BLOCK_CLASSES
from ..content.extract import ExtractOptions, extract_main_content
from ..content.quark import QUARK_ATTRIBUTE, QuarkReport, quark_report, score_page
from ..io.jsonl import InputError
from .common import UsageParser, run_entry
from .progress import ProgressPrinter

__all__ = ["build_parser", "format_report", "main"]

DESCRIPTION = """\
Score the main-content extraction on pages annotated the Quark way: elements
carry quark="content", quark="rel_link" or quark="noise" (text under no
annotation counts as noise). Reads JSONL pages on stdin; prints Macro precision /
recall / F1 over content length, topic-page and navigation-page precision /
recall, and the block-class confusion matrix (or all of it as JSON)."""


def build_parser() -> argparse.ArgumentParser:
    p = UsageParser(
        prog="page-cluster evaluate",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--clusters", type=Path, metavar="FILE", help="cluster keys per page id")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    return p


def format_report(r: QuarkReport) -> str:
    """The report as a few lines of text."""
    lines = [
        f"pages {r.pages}",
        f"Macro precision {r.macro_precision:.4f}  recall {r.macro_recall:.4f}  "
        f"F1 {r.macro_f1:.4f}",
        f"topic pages {r.topic_pages}: precision {r.topic_precision:.4f}  "
        f"recall {r.topic_recall:.4f}",
        f"navigation pages {r.navigation_pages}: precision {r.navigation_precision:.4f}  "
        f"recall {r.navigation_recall:.4f}",
        "block classes (rows annotated, columns predicted), blocks / characters:",
        f"{'':>10} " + " ".join(f"{c:>20}" for c in BLOCK_CLASSES),
    ]
    for i, name in enumerate(BLOCK_CLASSES):
        cells = " ".join(
            f"{int(r.confusion[i, j]):>8} / {int(r.confusion_chars[i, j]):>9}"
            for j in range(len(BLOCK_CLASSES))
        )
        lines.append(f"{name:>10} {cells}")
    return "\n".join(lines)


def run(args: argparse.Namespace, stdin, stdout: TextIO, stderr: TextIO) -> int:
    from .content_io import read_content_input

    progress = ProgressPrinter(stderr)
    try:
        data = read_content_input(stdin, args.clusters, None, progress)
    except (InputError, InvalidPageError) as exc:
        progress.error(str(exc))
        return 1
    options = ExtractOptions(label_attribute=QUARK_ATTRIBUTE)
    results = extract_main_content(data.pages, cluster_keys=data.keys, options=options)
    report = quark_report([score_page(c) for c in results])
    if args.json:
        stdout.write(json.dumps(report.as_dict()) + "\n")
    else:
        stdout.write(format_report(report) + "\n")
    stdout.flush()
    progress.done(len(results), len(set(data.keys)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    return run_entry(lambda: run(args, sys.stdin.buffer, sys.stdout, sys.stderr))
