#!/usr/bin/env python3
"""Speed and memory: the engine against a parse-only floor, on real and huge sites.

For every corpus it prints pages, MB of HTML, wall seconds, pages/s and peak RSS
of the whole process tree (main process plus parsing workers) for
``page-cluster --jobs N``, and the ratio of that wall time to two parse-only
floors measured in the same run (JSON decoding plus one parse per page, single
process, nothing else): lxml's, and lexbor's (selectolax), the parser the
signatures are read with when its compiled walker is built. Generated sites
(one corpus published under many versions, see ``make_scale_site.py``) are
scored against their labels.

    python bench/scale.py --tools ../shared/corpora --data /tmp/corpora \\
        --scale-dir /tmp/scale --jobs 2

``--scale-pages 10000 150000`` chooses the generated sizes (0 skips them);
``--corpus`` limits the real corpora; ``--repeat N`` (default 3) takes the best
of N runs of both the floor and the engine on each real corpus.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REAL = ["sphinx", "docbook", "asciidoc", "doxygen", "javadoc8", "texinfo", "httpd", "mixed"]


def baseline(path: Path, parser_name: str = "lxml") -> None:
    """The floor: decode every line and parse its HTML once with lxml or lexbor."""
    if parser_name == "lexbor":
        from selectolax.lexbor import LexborHTMLParser

        def parse(html: bytes) -> object:
            return LexborHTMLParser(html)

    else:
        from lxml import etree

        parser = etree.HTMLParser(encoding="utf-8", recover=True)

        def parse(html: bytes) -> object:
            return etree.fromstring(html, parser)

    pages = size = 0
    t0 = time.perf_counter()
    with path.open("rb") as fh:
        for line in fh:
            if not line.strip():
                continue
            html = json.loads(line)["html"].encode("utf-8", "replace")
            parse(html)
            pages += 1
            size += len(html)
    print(json.dumps({"pages": pages, "bytes": size, "loop_seconds": time.perf_counter() - t0}))


def _tree_rss_kb(root: int) -> int:
    """Resident memory of ``root`` and all its descendants (Linux /proc)."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as fh:
                stat = fh.read()
            fields = stat[stat.rindex(")") + 2 :].split()
            pid = int(entry)
            parents[pid] = int(fields[1])
            rss[pid] = int(fields[21]) * (os.sysconf("SC_PAGE_SIZE") // 1024)
        except (OSError, ValueError, IndexError):
            continue
    total = 0
    for pid, kb in rss.items():
        p = pid
        while p and p != root and p in parents:
            p = parents[p]
        if p == root:
            total += kb
    return total


def run_measured(
    cmd: list[str], stdout_path: Path, *, sample_rss: bool = True
) -> tuple[float, int, int]:
    """Wall seconds, peak tree RSS (KiB, 0 when not sampled) and exit code of a command.

    Sampling scans ``/proc`` every 50 ms from this process: on two cores that
    takes time from the command, so timed runs of short commands go unsampled.
    """
    with stdout_path.open("wb") as out:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE)
        peak = [0]
        done = threading.Event()

        def sample() -> None:
            while not done.is_set():
                peak[0] = max(peak[0], _tree_rss_kb(proc.pid))
                done.wait(0.05)

        sampler = threading.Thread(target=sample, daemon=True)
        if sample_rss:
            sampler.start()
        _, err = proc.communicate()
        wall = time.perf_counter() - t0
        done.set()
        if sample_rss:
            sampler.join()
    if proc.returncode:
        sys.stderr.write(err.decode("utf-8", "replace")[-2000:])
    return wall, peak[0], proc.returncode


def score(tools: Path, labels: Path, clusters: Path) -> dict:
    res = subprocess.run(
        [sys.executable, str(tools / "score.py"), str(labels), str(clusters), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(res.stdout)


def _baseline_seconds(jsonl: Path, parser_name: str = "lxml") -> tuple[dict, float]:
    # The floor is timed like the engine: wall time of a whole process.
    t0 = time.perf_counter()
    base = subprocess.run(
        [
            sys.executable,
            str(Path(__file__)),
            "--baseline",
            str(jsonl),
            "--baseline-parser",
            parser_name,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(base.stdout.strip().splitlines()[-1]), time.perf_counter() - t0


def measure(
    name: str, jsonl: Path, labels: Path | None, args: argparse.Namespace, repeat: int
) -> dict:
    """Best of ``repeat`` runs for both floors and the engine, interleaved.

    On a noisy machine the minimum is the figure least disturbed by other work;
    alternating the two keeps a burst of background load from favouring either.
    Peak memory comes from one more run of the engine, sampled (the sampler is
    kept out of the timed runs).
    """
    out = args.out / f"{name}.clusters.jsonl"
    cmd = [sys.executable, "-m", "page_cluster", "--jobs", str(args.jobs), str(jsonl)]
    floor_s = lexbor_s = wall = float("inf")
    peak_kb = 0
    code = 0
    floor: dict = {}
    for _ in range(max(1, repeat)):
        floor, seconds = _baseline_seconds(jsonl)
        floor_s = min(floor_s, seconds)
        lexbor_s = min(lexbor_s, _baseline_seconds(jsonl, "lexbor")[1])
        run_wall, _, code = run_measured(cmd, out, sample_rss=False)
        wall = min(wall, run_wall)
        if code:
            break
    if not code:
        _, peak_kb, code = run_measured(cmd, out)
    row = {
        "corpus": name,
        "pages": floor["pages"],
        "mb": floor["bytes"] / 1e6,
        "seconds": wall,
        "pages_per_s": floor["pages"] / wall,
        "peak_rss_mb": peak_kb / 1024,
        "baseline_s": floor_s,
        "ratio": wall / floor_s,
        "lexbor_s": lexbor_s,
        "lexbor_ratio": wall / lexbor_s,
        "exit": code,
    }
    if labels is not None and code == 0:
        row["ari"] = score(args.tools, labels, out)["ari"]
    return row


def check_identical(name: str, jsonl: Path, args: argparse.Namespace) -> str:
    """Same keys for --jobs 1 and --jobs N; same partition for a shuffled input."""
    import random

    outs = {}
    for jobs in (1, args.jobs):
        res = subprocess.run(
            [sys.executable, "-m", "page_cluster", "--jobs", str(jobs), str(jsonl)],
            capture_output=True,
            check=True,
        )
        outs[jobs] = res.stdout
    lines = [line for line in jsonl.read_bytes().splitlines() if line.strip()]
    random.Random(7).shuffle(lines)
    shuffled = args.out / f"{name}.shuffled.jsonl"
    shuffled.write_bytes(b"\n".join(lines) + b"\n")
    res = subprocess.run(
        [sys.executable, "-m", "page_cluster", "--jobs", str(args.jobs), str(shuffled)],
        capture_output=True,
        check=True,
    )
    shuffled.unlink()

    def partition(raw: bytes) -> set[frozenset]:
        groups: dict[str, set] = {}
        for line in raw.splitlines():
            rec = json.loads(line)
            groups.setdefault(rec["clusterKey"], set()).add(json.dumps(rec["id"]))
        return {frozenset(g) for g in groups.values()}

    same_jobs = outs[1] == outs[args.jobs]
    same_order = partition(res.stdout) == partition(outs[1])
    return (
        f"{name}: --jobs 1 vs --jobs {args.jobs} byte-identical: {same_jobs}; "
        f"shuffled input, same partition: {same_order}"
    )


def ensure_scale_site(args: argparse.Namespace, pages: int) -> tuple[Path, Path]:
    stem = args.scale_dir / f"site{pages // 1000}k"
    if not stem.with_suffix(".jsonl").exists():
        subprocess.run(
            [
                sys.executable,
                str(HERE / "make_scale_site.py"),
                "--source",
                str(args.data / "javadoc8.jsonl"),
                "--labels",
                str(args.data / "javadoc8.labels.csv"),
                "--pages",
                str(pages),
                "--out",
                str(stem),
            ],
            check=True,
        )
    return stem.with_suffix(".jsonl"), stem.with_suffix(".labels.csv")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--baseline", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--baseline-parser", default="lxml", help=argparse.SUPPRESS)
    ap.add_argument("--tools", type=Path, default=Path("../shared/corpora"))
    ap.add_argument("--data", type=Path, default=Path("/tmp/page-cluster-corpora"))
    ap.add_argument("--scale-dir", type=Path, default=Path("/tmp/page-cluster-scale"))
    ap.add_argument("--out", type=Path, default=None, help="where cluster outputs go")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--corpus", action="append", choices=REAL)
    ap.add_argument("--scale-pages", type=int, nargs="*", default=[10_000, 150_000])
    ap.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="runs per real corpus (best of N for the floor and the engine; generated "
        "sites run once)",
    )
    ap.add_argument(
        "--check-identical",
        action="append",
        choices=REAL,
        default=[],
        help="also compare --jobs 1/N outputs and a shuffled input on this corpus",
    )
    args = ap.parse_args(argv)
    if args.baseline:
        baseline(args.baseline, args.baseline_parser)
        return 0
    args.out = args.out or args.scale_dir / "out"
    args.out.mkdir(parents=True, exist_ok=True)
    args.scale_dir.mkdir(parents=True, exist_ok=True)
    rows = []
    from page_cluster.parsing.signature import default_backend

    print(f"signatures read with: {default_backend()}")
    print(
        "| corpus | pages | MB | seconds | pages/s | peak RSS MB | lxml parse-only s | ratio "
        "| lexbor parse-only s | ratio to lexbor | ARI |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    jobs = [
        (c, args.data / f"{c}.jsonl", args.data / f"{c}.labels.csv") for c in args.corpus or REAL
    ]
    for size in args.scale_pages:
        if size > 0:
            jsonl, labels = ensure_scale_site(args, size)
            jobs.append((jsonl.stem, jsonl, labels))
    for name, jsonl, labels in jobs:
        if not jsonl.exists():
            subprocess.run(
                [
                    sys.executable,
                    str(args.tools / "build.py"),
                    "--out",
                    str(args.data),
                    "--corpus",
                    name,
                ],
                check=True,
            )
        repeat = args.repeat if name in REAL else 1
        r = measure(name, jsonl, labels if labels.exists() else None, args, repeat)
        rows.append(r)
        ari = f"{r['ari']:.3f}" if "ari" in r else "-"
        print(
            f"| {name} | {r['pages']} | {r['mb']:.0f} | {r['seconds']:.2f} "
            f"| {r['pages_per_s']:.0f} | {r['peak_rss_mb']:.0f} | {r['baseline_s']:.2f} "
            f"| {r['ratio']:.2f} | {r['lexbor_s']:.2f} | {r['lexbor_ratio']:.2f} | {ari} |",
            flush=True,
        )
    by = {r["corpus"]: r for r in rows}
    print()
    for name in args.check_identical:
        print(check_identical(name, args.data / f"{name}.jsonl", args))
    real = [r for r in rows if r["corpus"] in REAL]
    if real:
        worst = max(real, key=lambda r: r["ratio"])
        print(
            f"worst ratio to parse-only on real corpora: {worst['ratio']:.2f} ({worst['corpus']})"
        )
        worst = max(real, key=lambda r: r["lexbor_ratio"])
        print(
            f"worst ratio to lexbor's parse-only: {worst['lexbor_ratio']:.2f} ({worst['corpus']})"
        )
    if "site150k" in by and "site10k" in by:
        growth = by["site150k"]["peak_rss_mb"] / by["site10k"]["peak_rss_mb"]
        print(f"peak RSS 150k / 10k: {growth:.2f}")
    if "site150k" in by and "javadoc8" in by and "ari" in by["site150k"]:
        print(f"ARI 150k - javadoc8: {by['site150k']['ari'] - by['javadoc8']['ari']:+.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
