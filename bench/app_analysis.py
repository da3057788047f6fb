#!/usr/bin/env python3
"""Cost of the analyst app's layer over a plain clustering run.

In fresh processes, on the same input: the baseline reads the crawl with the
command line's reader (``open_pages``: any input format, a file or a folder)
and runs ``run_clustering``; the same with the app
layer imported (pandas, plotly: a fixed cost, independent of the crawl); and
the app run, ``page_cluster.app_support.analyse`` (content hash, page index for
previews, clustering, validation, reasons and cohesion of the base partition).
Prints wall time and peak resident memory of each and the ratios. Then, in one
process, times what the views cost after that: a partition view with every
merge suggestion applied, the same view again (memoised), the overview table,
page search (first and second query), and reading one page back for a preview
(the first and the last page; for a folder this includes the walk that checks
nothing changed since the analysis).

    python bench/app_analysis.py --input DIR/mixed.jsonl --repeat 2
    python bench/app_analysis.py --input site-mirror/
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

_BASELINE = """
import sys
from page_cluster import run_clustering
from page_cluster.io import open_pages
with open_pages(sys.argv[1]) as source:
    run = run_clustering(source)
print(len(run.page_keys))
"""

_BASELINE_WITH_IMPORTS = "import page_cluster.app_support.views.overview\n" + _BASELINE

_APP = """
import sys
import page_cluster.app_support.views.overview
from page_cluster.app_support import CrawlSource, analyse
analysis = analyse(CrawlSource.from_path(sys.argv[1]))
print(analysis.n_pages)
"""


def measure(code: str, path: str) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one fresh process."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code, path], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit("a measured process failed")
    return seconds, usage.ru_maxrss / 1024


def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--input", required=True, help="a crawl: a file in any input format, or a folder"
    )
    ap.add_argument("--repeat", type=int, default=1, help="runs of each process (best kept)")
    args = ap.parse_args()

    def best(code: str) -> tuple[float, float]:
        runs = [measure(code, args.input) for _ in range(args.repeat)]
        return min(r[0] for r in runs), min(r[1] for r in runs)

    base = best(_BASELINE)
    imports = best(_BASELINE_WITH_IMPORTS)
    app = best(_APP)
    from page_cluster.app_support import CrawlSource, analyse

    size_mb = CrawlSource.from_path(args.input).size() / 2**20
    print(f"input: {args.input} ({size_mb:.1f} MB)")
    print(f"{'':36}{'wall s':>10}{'peak MB':>10}")
    print(f"{'baseline run_clustering':36}{base[0]:>10.2f}{base[1]:>10.0f}")
    print(f"{'baseline + app layer imported':36}{imports[0]:>10.2f}{imports[1]:>10.0f}")
    print(f"{'app analyse()':36}{app[0]:>10.2f}{app[1]:>10.0f}")
    print(f"{'ratio app / baseline':36}{app[0] / base[0]:>10.2f}{app[1] / base[1]:>10.2f}")
    print(
        f"{'ratio app / baseline + imports':36}{app[0] / imports[0]:>10.2f}"
        f"{app[1] / imports[1]:>10.2f}"
    )

    from page_cluster.app_support.analysis import _build_view
    from page_cluster.app_support.views.overview import cluster_table, search_pages

    analysis = analyse(CrawlSource.from_path(args.input))
    merges = [(d.cluster_key_a, d.cluster_key_b) for d in analysis.suggestions]
    applied = analysis.applicable(merges)
    _, t_view = timed(lambda: _build_view(analysis.run, analysis.base_keys, applied))
    view = analysis.view(merges)
    _, t_again = timed(lambda: analysis.view(merges))
    _, t_table = timed(lambda: cluster_table(view))
    _, t_search1 = timed(lambda: search_pages(analysis, view, "index"))
    _, t_search2 = timed(lambda: search_pages(analysis, view, "a"))
    _, t_first = timed(lambda: analysis.page(0))
    _, t_page = timed(lambda: analysis.page(analysis.n_pages - 1))
    print(
        f"\n{analysis.n_pages:,} pages, {len(set(analysis.base_keys)):,} clusters, "
        f"{len(merges)} merge suggestions"
    )
    print(f"partition view built (reasons, cohesion, merges): {t_view * 1000:.1f} ms")
    print(f"same view again (memoised): {t_again * 1000:.3f} ms")
    print(f"overview table: {t_table * 1000:.1f} ms")
    print(f"page search, first / next query: {t_search1 * 1000:.1f} / {t_search2 * 1000:.1f} ms")
    print(
        f"read a page back for a preview ({analysis.input_format}), first / last: "
        f"{t_first * 1000:.1f} / {t_page * 1000:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
