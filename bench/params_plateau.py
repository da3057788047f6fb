#!/usr/bin/env python3
"""How much each clustering threshold matters: its plateau on the labelled corpora.

Each corpus is parsed once; then, for every field of ``ClusterParams``, the
clustering is rerun with the field set to each value of a grid around its
default (the others at theirs) and scored against the labels with the adjusted
Rand index. A field's plateau is the contiguous range of grid values around the
default over which every corpus stays within ``--tolerance`` (0.01) of its ARI
at the default. Prints one line per field: default, plateau, and the worst ARI
change just outside it.

    python bench/params_plateau.py --data DIR [--corpus sphinx doxygen ...] [--field absent]

``--data`` holds the labelled corpora (``NAME.jsonl`` + ``NAME.labels.csv``, built
by the corpus tools' ``build.py``).
"""

from __future__ import annotations

import argparse
import csv
import json
import time
from dataclasses import fields
from pathlib import Path

from sklearn.metrics import adjusted_rand_score

from page_cluster import ClusterParams
from page_cluster.clustering.pipeline import cluster_corpus
from page_cluster.ingest.build import build_corpus

CORPORA = ["sphinx", "docbook", "asciidoc", "doxygen", "javadoc8", "texinfo", "httpd", "mixed"]

#: Grids for fields whose range is not a plain multiple of the default.
GRIDS: dict[str, list[float]] = {
    "container_quorum": [0.7, 0.8, 0.9, 0.95, 1.0],
    "universal_share": [0.8, 0.9, 0.95, 1.01],
    "characteristic": [0.55, 0.6, 2 / 3, 0.75, 0.8],
    "slot_typical": [0.55, 0.6, 2 / 3, 0.75, 0.8],
}
FACTORS = [0.25, 0.5, 1.0, 2.0, 4.0]
STEPS = [-2, -1, 0, 1, 3]


def grid(name: str, default: float) -> list[float]:
    if name in GRIDS:
        return sorted(set(GRIDS[name]) | {default})
    if isinstance(default, int):
        return sorted({max(1, default + s) for s in STEPS})
    return sorted({min(1.0, default * f) for f in FACTORS})


def read_labels(path: Path) -> dict[str, str]:
    with path.open(encoding="utf-8", newline="") as fh:
        return {row["id"]: row["template"] for row in csv.DictReader(fh)}


def load(data: Path, name: str) -> tuple:
    ids: list = []

    def pages():
        with (data / f"{name}.jsonl").open("rb") as fh:
            for line in fh:
                if line.strip():
                    rec = json.loads(line)
                    ids.append(rec.get("id"))
                    yield rec

    corpus = build_corpus(pages, jobs=2)
    labels = read_labels(data / f"{name}.labels.csv")
    truth = [labels[str(i)] for i in ids]
    return corpus, truth


def plateau(values: list[float], default: float, ok: list[bool]) -> tuple[float, float]:
    i = values.index(default)
    lo = hi = i
    while lo > 0 and ok[lo - 1]:
        lo -= 1
    while hi < len(values) - 1 and ok[hi + 1]:
        hi += 1
    return values[lo], values[hi]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, required=True)
    ap.add_argument("--corpus", nargs="*", default=CORPORA)
    ap.add_argument("--field", nargs="*", default=None)
    ap.add_argument("--tolerance", type=float, default=0.01)
    args = ap.parse_args()
    corpora = {}
    for name in args.corpus:
        t = time.perf_counter()
        corpora[name] = load(args.data, name)
        print(f"# {name}: parsed in {time.perf_counter() - t:.1f}s", flush=True)
    base = {}
    for name, (corpus, truth) in corpora.items():
        base[name] = adjusted_rand_score(truth, cluster_corpus(corpus).page_keys)
    print("# ARI at the defaults: " + ", ".join(f"{n} {a:.3f}" for n, a in base.items()))
    print("field | default | grid | plateau | worst ARI change outside it")
    for f in fields(ClusterParams):
        if args.field and f.name not in args.field:
            continue
        values = grid(f.name, f.default)
        ok, drops = [], []
        for v in values:
            params = ClusterParams().with_changes(**{f.name: v})
            worst = 0.0
            for name, (corpus, truth) in corpora.items():
                ari = adjusted_rand_score(truth, cluster_corpus(corpus, params=params).page_keys)
                worst = min(worst, ari - base[name])
            ok.append(worst >= -args.tolerance)
            drops.append(worst)
        lo, hi = plateau(values, f.default, ok)
        outside = [d for v, d in zip(values, drops, strict=True) if v < lo or v > hi]
        shown = " ".join(f"{v:g}" for v in values)
        edge = f"{min(outside):+.3f}" if outside else "none on the grid"
        print(f"{f.name} | {f.default:g} | {shown} | {lo:g} – {hi:g} | {edge}", flush=True)


if __name__ == "__main__":
    main()
