#!/usr/bin/env python3
"""Clustering quality on the theme-style test sites (``tests/theme_sites/``).

Every site of the registry is built for seeds 0 and 1, clustered, and scored
against its template labels; one markdown row per site and seed (pages,
templates, clusters, ARI, homogeneity), then the mean ARI. The pinned
partitions are checked by ``tests/test_theme_sites.py``; this prints the
figures for docs/quality.md.

    python bench/themes.py
    python bench/themes.py --site shop --site tiny
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sklearn.metrics import adjusted_rand_score, homogeneity_score

from page_cluster.api.resolve import run_clustering

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from theme_sites import SITES  # the test package holds the sites


def score_site(name: str, seed: int) -> tuple[int, int, int, float, float]:
    """Pages, templates, clusters, ARI and homogeneity of one site."""
    pairs = SITES[name](seed)
    records = [record for record, _ in pairs]
    truth = [label for _, label in pairs]
    keys = list(run_clustering(lambda: iter(records)).page_keys)
    return (
        len(records),
        len(set(truth)),
        len(set(keys)),
        adjusted_rand_score(truth, keys),
        homogeneity_score(truth, keys),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", action="append", choices=sorted(SITES), help="repeatable")
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1])
    args = parser.parse_args(argv)
    print("| site | seed | pages | templates | clusters | ARI | homogeneity |")
    print("|---|---|---|---|---|---|---|")
    aris = []
    for name in args.site or list(SITES):
        for seed in args.seeds:
            pages, templates, clusters, ari, hom = score_site(name, seed)
            aris.append(ari)
            print(
                f"| {name} | {seed} | {pages} | {templates} | {clusters} | {ari:.3f} | {hom:.3f} |"
            )
    print(f"\nmean ARI {sum(aris) / len(aris):.3f} over {len(aris)} sites")
    return 0


if __name__ == "__main__":
    sys.exit(main())
