#!/usr/bin/env python3
"""Clustering quality on random samples of labelled sites: what an analyst who
clusters one section, or a sample of a crawl, gets.

For every corpus and sample size, five samples are drawn exactly as
``random.Random(1000 + seed).sample(lines, size)`` over the corpus's non-empty
JSONL lines (seeds 0-4), each is clustered on its own, and the table gives the
mean, minimum and maximum adjusted Rand index against the template labels, and
how many samples holding two or more templates were put in a single cluster
("collapsed"). A labelled site outside the corpus tools (``--extra
NAME=PAGES.jsonl[.gz],LABELS.csv``) is sampled the same way.

    python bench/subsets.py --tools ../shared/corpora --data /tmp/corpora
    python bench/subsets.py --data /tmp/corpora --corpus texinfo --sizes 20 50
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import os
import random
import statistics
import sys
import tempfile
from pathlib import Path

from sklearn.metrics import adjusted_rand_score

from page_cluster.api.resolve import run_clustering

sys.path.insert(0, str(Path(__file__).resolve().parent))
from quality import ensure_corpus  # the sibling bench script

CORPORA = ["sphinx", "docbook", "asciidoc", "doxygen", "javadoc8", "texinfo", "httpd"]
SEEDS = range(5)


def _lines(path: Path) -> list[str]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return [line for line in fh if line.strip()]


def _labels(path: Path) -> dict[str, str]:
    with path.open(newline="", encoding="utf-8") as fh:
        return {row[0]: row[1] for row in csv.reader(fh) if len(row) >= 2}


def score_sample(lines: list[str], labels: dict[str, str]) -> tuple[float, bool]:
    """ARI of one sample, and whether it mixed templates into a single cluster."""
    records = [json.loads(line) for line in lines]
    keys = run_clustering(lambda: iter(records)).page_keys
    truth = [labels.get(str(r.get("id")), "?") for r in records]
    collapsed = len(set(truth)) >= 2 and len(set(keys)) == 1
    return adjusted_rand_score(truth, list(keys)), collapsed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--tools",
        type=Path,
        default=Path(os.environ.get("PAGE_CLUSTER_CORPUS_TOOLS", "../shared/corpora")),
        help="folder holding the corpus tools build.py and score.py",
    )
    ap.add_argument("--data", type=Path, default=None, help="where corpora are (or get) built")
    ap.add_argument("--corpus", action="append", choices=CORPORA, help="repeatable; default: all")
    ap.add_argument("--sizes", type=int, nargs="+", default=[20, 50, 100])
    ap.add_argument(
        "--extra",
        action="append",
        default=[],
        metavar="NAME=PAGES,LABELS",
        help="another labelled site (JSONL or JSONL.gz pages, id,template CSV)",
    )
    args = ap.parse_args(argv)
    data = args.data or Path(tempfile.mkdtemp(prefix="page-cluster-corpora-"))
    data.mkdir(parents=True, exist_ok=True)
    sites: list[tuple[str, Path, Path]] = []
    for name in args.corpus or CORPORA:
        ensure_corpus(args.tools, data, name)
        sites.append((name, data / f"{name}.jsonl", data / f"{name}.labels.csv"))
    for spec in args.extra:
        name, _, files = spec.partition("=")
        pages, _, labels = files.partition(",")
        if not name or not pages or not labels:
            ap.error(f"--extra wants NAME=PAGES,LABELS, got {spec!r}")
        sites.append((name, Path(pages), Path(labels)))
    print("| site | pages | size | mean ARI | min | max | collapsed |")
    print("|" + "---|" * 7)
    for name, pages, labels_path in sites:
        lines = _lines(pages)
        labels = _labels(labels_path)
        for size in args.sizes:
            if size >= len(lines):
                continue
            results = [
                score_sample(random.Random(1000 + seed).sample(lines, size), labels)
                for seed in SEEDS
            ]
            aris = [a for a, _ in results]
            print(
                f"| {name} | {len(lines)} | {size} | {statistics.fmean(aris):.3f} | "
                f"{min(aris):.2f} | {max(aris):.2f} | {sum(c for _, c in results)} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
