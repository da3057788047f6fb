#!/usr/bin/env python3
"""Evidence for the cohesion ``suspicious`` threshold on labelled real sites.

For every labelled corpus: the cohesion of each true template (label with at
least 3 pages) and of clusters glued from two templates (20 pages of each, for
every pair of labels with at least 10 pages). A good flag is off for the
former and on for the latter. Prints the medians, then, pooled over the corpora,
the AUC of the median pairwise similarity as a separator and the balanced
accuracy of the flag at the default threshold and at the best threshold.

    python bench/cohesion_calibration.py --data ../data
    python bench/cohesion_calibration.py --data ../data --corpus sphinx --corpus javadoc8
"""

from __future__ import annotations

import argparse
import csv
import itertools
import json
from collections import defaultdict
from pathlib import Path

import numpy as np

from page_cluster.ingest.build import build_corpus
from page_cluster.validation.cohesion import (
    DEFAULT_SUSPICIOUS_MEDIAN_BELOW,
    compute_cluster_cohesion,
)
from page_cluster.validation.data import clustered_corpus_from_corpus

CORPORA = ["sphinx", "docbook", "asciidoc", "doxygen", "javadoc8"]
GLUE_PER_TEMPLATE = 20


def medians(data: Path, name: str, rng: np.random.Generator) -> tuple[list, list]:
    with (data / f"{name}.jsonl").open("rb") as fh:
        records = [json.loads(line) for line in fh if line.strip()]
    with (data / f"{name}.labels.csv").open(encoding="utf-8") as fh:
        label_of = {r["id"]: r["template"] for r in csv.DictReader(fh)}
    labels = [label_of[r["id"]] for r in records]
    corpus = build_corpus(records)
    true = [
        (c.cluster_key, c.median_pair_similarity)
        for c in compute_cluster_cohesion(clustered_corpus_from_corpus(corpus, labels))
        if c.member_count >= 3
    ]
    members = defaultdict(list)
    for i, label in enumerate(labels):
        members[label].append(i)
    big = sorted(k for k, v in members.items() if len(v) >= 10)
    glued = []
    for a, b in itertools.combinations(big, 2):
        keys = ["rest"] * len(labels)
        for label in (a, b):
            size = min(GLUE_PER_TEMPLATE, len(members[label]))
            pick = rng.choice(members[label], size, replace=False)
            for i in pick.tolist():
                keys[i] = "glued"
        cc = clustered_corpus_from_corpus(corpus, keys)
        (g,) = [c for c in compute_cluster_cohesion(cc) if c.cluster_key == "glued"]
        glued.append((f"{a}+{b}", g.median_pair_similarity))
    return true, glued


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", required=True, type=Path, help="folder with NAME.jsonl / .labels.csv")
    ap.add_argument("--corpus", action="append", help="corpus name (repeatable)")
    args = ap.parse_args()
    rng = np.random.default_rng(20261129)
    all_true, all_glued = [], []
    for name in args.corpus or CORPORA:
        true, glued = medians(args.data, name, rng)
        print(f"== {name}")
        print(
            "  templates:", ", ".join(f"{k} {m:.2f}" for k, m in sorted(true, key=lambda x: x[1]))
        )
        print(
            "  glued:    ", ", ".join(f"{k} {m:.2f}" for k, m in sorted(glued, key=lambda x: -x[1]))
        )
        all_true += [m for _, m in true]
        all_glued += [m for _, m in glued]
    t, g = np.asarray(all_true), np.asarray(all_glued)
    auc = float(np.mean((t[:, None] > g[None, :]) + 0.5 * (t[:, None] == g[None, :])))

    def balanced(th: float) -> float:
        return float((np.mean(t >= th) + np.mean(g < th)) / 2)

    best = max(np.unique(np.r_[t, g]), key=balanced)
    print(f"pooled: {len(t)} templates, {len(g)} glued clusters")
    print(f"AUC of the median as a separator: {auc:.3f}")
    th = DEFAULT_SUSPICIOUS_MEDIAN_BELOW
    print(
        f"balanced accuracy at the default {th}: {balanced(th):.3f} "
        f"(templates flagged {np.mean(t < th):.0%}, glued flagged {np.mean(g < th):.0%})"
    )
    print(f"best threshold {best:.3f}: balanced accuracy {balanced(best):.3f}")


if __name__ == "__main__":
    main()
