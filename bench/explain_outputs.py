#!/usr/bin/env python3
"""Cost of the report files: ``--cluster-reasons-file`` and ``--validation-file``.

Runs the ``page-cluster`` command twice on the same input in fresh processes,
once plain (the baseline) and once writing both report files, and prints wall
time and peak resident memory of each with their ratio, the size of the input
and of the reports, and checks the reports (valid JSON; member counts add up to
the page count; one reason per output key). Then times the report phases in
process (validation, reasons) against the clustering itself.

    python bench/explain_outputs.py --input ../data/mixed.jsonl --repeat 2
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

from page_cluster.clustering.pipeline import cluster_corpus
from page_cluster.explain.outputs import explain_run
from page_cluster.ingest.build import build_corpus


def run_cli(args: list[str], stdin: Path, stdout: Path) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one ``page-cluster`` process."""
    with stdin.open("rb") as fin, stdout.open("wb") as fout:
        t0 = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "page_cluster", *args],
            stdin=fin,
            stdout=fout,
            stderr=subprocess.DEVNULL,
        )
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"page-cluster {' '.join(args)} failed")
    return seconds, usage.ru_maxrss / 1024


def check_reports(out: Path, reasons: Path, report: Path) -> dict:
    keys = [json.loads(line)["clusterKey"] for line in out.read_text("utf-8").splitlines()]
    r = json.loads(reasons.read_text("utf-8"))
    v = json.loads(report.read_text("utf-8"))
    return {
        "pages": len(keys),
        "stdout clusters": len(set(keys)),
        "reasons entries": len(r),
        "reasons memberCount sum": sum(e["memberCount"] for e in r.values()),
        "reasons keys == stdout keys": set(r) == set(keys),
        "cohesion memberCount sum": sum(c["memberCount"] for c in v["cohesion"]),
        "cross-cluster duplicates": len(v["crossClusterDuplicates"]),
        "suspicious clusters": sum(1 for c in v["cohesion"] if c["suspicious"]),
        "mirror axis": v["mirrorAxis"],
    }


def in_process(path: Path) -> dict:
    with path.open("rb") as fh:
        records = (json.loads(line) for line in fh if line.strip())
        t0 = time.perf_counter()
        corpus = build_corpus(records)
    t1 = time.perf_counter()
    run = cluster_corpus(corpus)
    t2 = time.perf_counter()
    explain_run(run, validate=True)
    t3 = time.perf_counter()
    explain_run(run, reasons=True)
    t4 = time.perf_counter()
    return {
        "parse s": round(t1 - t0, 2),
        "cluster s": round(t2 - t1, 2),
        "validate+merge s": round(t3 - t2, 2),
        "reasons s": round(t4 - t3, 2),
        "signatures": corpus.n_signatures,
        "signature matrix MB": round(
            (corpus.matrix.data.nbytes + corpus.matrix.indices.nbytes + corpus.matrix.indptr.nbytes)
            / 2**20,
            1,
        ),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--input", required=True, type=Path, help="pages JSONL")
    ap.add_argument("--repeat", type=int, default=1, help="runs per variant (best time kept)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmpdir = Path(tmp)
        out = tmpdir / "out.jsonl"
        reasons, report = tmpdir / "reasons.json", tmpdir / "report.json"
        full_args = ["--cluster-reasons-file", str(reasons), "--validation-file", str(report)]
        base = [run_cli([], args.input, out) for _ in range(args.repeat)]
        full = [run_cli(full_args, args.input, out) for _ in range(args.repeat)]
        base_s, base_mb = min(t for t, _ in base), max(m for _, m in base)
        full_s, full_mb = min(t for t, _ in full), max(m for _, m in full)
        checks = check_reports(out, reasons, report)
        sizes = {
            "input MB": round(args.input.stat().st_size / 2**20, 1),
            "reasons KB": round(reasons.stat().st_size / 1024, 1),
            "report KB": round(report.stat().st_size / 1024, 1),
        }
    print(f"input: {args.input}")
    print(f"{'run':<28}{'wall s':>10}{'peak RSS MB':>14}")
    print(f"{'plain (baseline)':<28}{base_s:>10.2f}{base_mb:>14.1f}")
    print(f"{'with both report files':<28}{full_s:>10.2f}{full_mb:>14.1f}")
    print(f"{'ratio':<28}{full_s / base_s:>10.2f}{full_mb / base_mb:>14.2f}")
    for name, value in {**sizes, **checks, **in_process(args.input)}.items():
        print(f"{name}: {value}")


if __name__ == "__main__":
    main()
