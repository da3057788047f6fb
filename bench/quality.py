#!/usr/bin/env python3
"""Clustering quality on labelled real-site corpora.

Builds (or reuses) the labelled corpora with the corpus tools' ``build.py``, runs
the engine on each, scores the keys with their ``score.py`` and prints one table:
corpus, pages, true / predicted clusters, singletons, ARI, AMI, homogeneity,
completeness and seconds.

    python bench/quality.py --tools ../shared/corpora --data /tmp/corpora
    python bench/quality.py --tools ../shared/corpora --data /tmp/corpora --corpus sphinx
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from page_cluster.api.resolve import run_clustering

CORPORA = ["sphinx", "docbook", "asciidoc", "doxygen", "javadoc8", "texinfo", "httpd", "mixed"]


def ensure_corpus(tools: Path, data: Path, name: str) -> None:
    if (data / f"{name}.jsonl").exists() and (data / f"{name}.labels.csv").exists():
        return
    subprocess.run(
        [sys.executable, str(tools / "build.py"), "--out", str(data), "--corpus", name], check=True
    )


def read_pages(path: Path):
    with path.open("rb") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def run_one(tools: Path, data: Path, name: str, out_dir: Path) -> dict:
    ensure_corpus(tools, data, name)
    t0 = time.perf_counter()
    ids: list = []

    def pages():
        for rec in read_pages(data / f"{name}.jsonl"):
            ids.append(rec.get("id"))
            yield rec

    run = run_clustering(pages)
    keys = run.page_keys
    seconds = time.perf_counter() - t0
    clusters = out_dir / f"{name}.clusters.jsonl"
    with clusters.open("w", encoding="utf-8") as fh:
        for i, k in zip(ids, keys, strict=True):
            fh.write(json.dumps({"id": i, "clusterKey": k}, ensure_ascii=False) + "\n")
    res = subprocess.run(
        [
            sys.executable,
            str(tools / "score.py"),
            str(data / f"{name}.labels.csv"),
            str(clusters),
            "--json",
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    score = json.loads(res.stdout)
    sizes: dict[str, int] = {}
    for k in keys:
        sizes[k] = sizes.get(k, 0) + 1
    score["_singletons"] = sum(1 for v in sizes.values() if v == 1)
    score["_seconds"] = seconds
    score["_pages"] = len(keys)
    return score


def pick(score: dict, *names: str):
    for n in names:
        if n in score:
            return score[n]
    raise KeyError(names)


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
    ap.add_argument(
        "--data", type=Path, default=None, help="where corpora are built (default: a temp folder)"
    )
    ap.add_argument("--corpus", action="append", choices=CORPORA, help="repeatable; default: all")
    ap.add_argument(
        "--keep", type=Path, default=None, help="also keep the clusters JSONL files here"
    )
    args = ap.parse_args(argv)
    data = args.data or Path(tempfile.mkdtemp(prefix="page-cluster-corpora-"))
    data.mkdir(parents=True, exist_ok=True)
    out_dir = args.keep or Path(tempfile.mkdtemp(prefix="page-cluster-quality-"))
    out_dir.mkdir(parents=True, exist_ok=True)
    print(
        "| corpus | pages | true | predicted | singletons | ARI | AMI | homogeneity "
        "| completeness | seconds |"
    )
    print("|" + "---|" * 10)
    for name in args.corpus or CORPORA:
        s = run_one(args.tools, data, name, out_dir)
        print(
            f"| {name} | {s['_pages']} | {pick(s, 'true_clusters', 'n_true')} | "
            f"{pick(s, 'pred_clusters', 'n_pred')} | {s['_singletons']} | "
            f"{pick(s, 'ari', 'adjusted_rand_index'):.3f} | "
            f"{pick(s, 'ami', 'adjusted_mutual_info'):.3f} | "
            f"{pick(s, 'homogeneity'):.3f} | {pick(s, 'completeness'):.3f} | {s['_seconds']:.1f} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
