#!/usr/bin/env python3
"""Crawl archives on Dask: pages/s with 1 and 2 local workers against the
single-process path, measured in one run, on a multi-host input split into files.

Builds the input from a JSONL file (the bundled sample by default): its pages
are copied under ``--copies`` host names (``copy3.HOST``), interleaved, and
split round-robin into ``--files`` JSONL files, so every file holds several
hosts and every host spans several files. Then:

* ``single process``: :func:`page_cluster.crawl.run_crawl` without a client
  (read every file here, cluster every host here, one after the other);
* ``dask local:1`` / ``dask local:2``: the same on a ``LocalCluster`` of 1 and 2
  single-threaded worker processes (cluster start-up not timed).

Each figure is the best of ``--repeat`` rounds; the machine's load average is
printed before and after (other processes on the machine skew every ratio).

It checks that all runs give the same rows, prints pages/s and the ratio to the
single-process run, the bytes per page that move between processes (pickled
file summaries to the client, host shards between workers, host results to the
client), the largest host's clustering time (the straggler) and how the
single-process time splits into reading and clustering.

    python bench/crawl_scale.py                                   # sample x 80 hosts
    python bench/crawl_scale.py --jsonl mixed.jsonl --copies 4 --files 20
    python bench/crawl_scale.py --jsonl mixed.jsonl --copies 1 --files 20 --check-cli
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import pickle
import tempfile
import time
from pathlib import Path

from page_cluster.crawl import run_crawl
from page_cluster.crawl.hosts import HostResult
from page_cluster.crawl.shards import read_file_shards

ROOT = Path(__file__).resolve().parents[1]


def write_split(source: Path, copies: int, files: int, out: Path) -> tuple[list[Path], int]:
    """``copies`` renamed copies of every page, interleaved, round-robin into files."""
    base = [json.loads(line) for line in source.open("rb") if line.strip()]
    handles = [(out / f"part-{n:03d}.jsonl").open("w", encoding="utf-8") for n in range(files)]
    count = 0
    for i, rec in enumerate(base):
        for c in range(copies):
            page = dict(rec)
            host = page.get("host") or "site.example"
            if copies > 1:
                page["host"] = f"copy{c}.{host}"
                page["id"] = f"{page['host']}/{page.get('id', i)}"
            handles[count % files].write(json.dumps(page, ensure_ascii=False) + "\n")
            count += 1
    for h in handles:
        h.close()
    return [out / f"part-{n:03d}.jsonl" for n in range(files)], count


def timed_local(paths: list[str]) -> tuple[float, list, dict[str, float], float]:
    """Single-process run; also when reading ended and each host's clustering time."""
    marks: dict[str, float] = {}
    last = [0.0]
    read_end = [0.0]
    start = time.perf_counter()

    def on_file(_s) -> None:
        read_end[0] = last[0] = time.perf_counter()

    def on_host(r: HostResult) -> None:
        now = time.perf_counter()
        marks[r.host] = now - last[0]
        last[0] = now

    rows = run_crawl(paths, on_file=on_file, on_host=on_host).rows()
    return time.perf_counter() - start, rows, marks, read_end[0] - start


def timed_dask(paths: list[str], workers: int) -> tuple[float, list]:
    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        Client(cluster) as client,
    ):
        client.wait_for_workers(workers)
        # Warm the workers' imports (as a long-lived cluster would be).
        client.run(lambda: __import__("page_cluster.crawl.run"))
        start = time.perf_counter()
        rows = run_crawl(paths, client=client).rows()
        return time.perf_counter() - start, rows


def network_bytes(paths: list[str]) -> dict[str, int]:
    """Pickled sizes of what crosses process boundaries on Dask."""
    from page_cluster.crawl.hosts import cluster_host

    sizes = {"summaries": 0, "shards": 0, "results": 0, "pages": 0}
    by_host: dict[str, list] = {}
    for p in paths:
        fs = read_file_shards(p)
        sizes["pages"] += fs.n_pages
        sizes["summaries"] += len(pickle.dumps(fs.summary(), protocol=5))
        for host, shard in fs.shards.items():
            sizes["shards"] += len(pickle.dumps(shard, protocol=5))
            by_host.setdefault(host, []).append(shard)
    for host, shards in by_host.items():
        sizes["results"] += len(pickle.dumps(cluster_host(host, shards), protocol=5))
    return sizes


def check_cli(paths: list[str], out: Path) -> bool:
    """``page-cluster --out-dir`` with and without ``--dask local:2``: same bytes."""
    from page_cluster.cli.main import main

    a, b = out / "cli-here", out / "cli-dask"
    with contextlib.redirect_stderr(io.StringIO()):  # progress lines
        assert main(["--out-dir", str(a), *paths]) == 0
        assert main(["--dask", "local:2", "--out-dir", str(b), *paths]) == 0
    fa, fb = sorted(a.rglob("*.jsonl")), sorted(b.rglob("*.jsonl"))
    return [f.name for f in fa] == [f.name for f in fb] and all(
        x.read_bytes() == y.read_bytes() for x, y in zip(fa, fb, strict=True)
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--jsonl", type=Path, default=ROOT / "sample_data" / "site.jsonl")
    ap.add_argument("--copies", type=int, default=80, help="host copies of every page")
    ap.add_argument("--files", type=int, default=20, help="files to split the input into")
    ap.add_argument("--repeat", type=int, default=1, help="rounds (best time of each run kept)")
    ap.add_argument("--check-cli", action="store_true", help="also compare CLI output bytes")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        files, n = write_split(args.jsonl, args.copies, args.files, Path(tmp))
        paths = [str(f) for f in files]
        mb = sum(f.stat().st_size for f in files) / 1e6
        print(f"input: {n} pages, {len(files)} files, {mb:.0f} MB, cores: {os.cpu_count()}")
        print(f"load average before: {os.getloadavg()[0]:.1f}")
        best = {"here": float("inf"), 1: float("inf"), 2: float("inf")}
        same = True
        for _ in range(args.repeat):
            # Rounds interleave the three runs, so load from elsewhere hits all of them.
            t, rows0, times, read = timed_local(paths)
            if t < best["here"]:
                best["here"], host_times, read_time = t, times, read
            for workers in (1, 2):
                t, rows = timed_dask(paths, workers)
                best[workers] = min(best[workers], t)
                same = same and rows == rows0
        t0, t1, t2 = best["here"], best[1], best[2]
        print(f"load average after: {os.getloadavg()[0]:.1f}")
        hosts = len({r[1] for r in rows0})
        print(f"hosts: {hosts}; rows identical across all runs: {same}")
        print(f"{'run':<16}{'seconds':>9}{'pages/s':>10}{'ratio':>8}")
        for name, t in (("single process", t0), ("dask local:1", t1), ("dask local:2", t2)):
            print(f"{name:<16}{t:>9.2f}{n / t:>10.0f}{t0 / t:>8.2f}")
        largest = max(host_times, key=lambda h: host_times[h])
        print(
            f"single process: reading+parsing {read_time:.2f}s, clustering {t0 - read_time:.2f}s "
            f"({hosts} hosts; slowest host {largest}: {host_times[largest]:.2f}s)"
        )
        sizes = network_bytes(paths)
        pages = sizes["pages"]
        print(
            "bytes per page over the network: "
            f"file summaries to the client {sizes['summaries'] / pages:.0f}, "
            f"host shards between workers {sizes['shards'] / pages:.0f}, "
            f"host results to the client {sizes['results'] / pages:.1f}; "
            f"input {mb * 1e6 / n:.0f} bytes of JSONL per page"
        )
        if args.check_cli:
            same_cli = check_cli(paths, Path(tmp))
            print(f"CLI output byte-identical with and without --dask local:2: {same_cli}")
        if not same:
            raise SystemExit("rows differ between runs")


if __name__ == "__main__":
    main()
