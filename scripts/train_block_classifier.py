#!/usr/bin/env python3
"""Train the block classifier and importance regression shipped in
``page_cluster/content/block_model.json``.

Data: the labelled documentation corpora (sphinx, docbook, asciidoc, doxygen,
javadoc8), built by the corpus tools; block labels come from each generator's
main region (see ``scripts/corpus_labels.py``). Never the single-page extraction
benchmark.

Split: by page, on sha256 of the page id (first byte even = training, odd = held
out; ``corpus_labels.is_test_page``). Only training pages give training rows. The
cross-page features of a training page are computed with its whole cluster
(the held-out siblings' HTML, never their labels), as at extraction time.

Rows: the blocks a top-down reading actually decides on (the body's descendants
whose parent holds main content), holding text. Label: ``content`` when the
block's subtree holds main text, else ``rel_link`` or ``noise`` by the larger
share of its text. Rows are weighted by log(1 + characters).

    python scripts/train_block_classifier.py --tools ../shared/corpora --data /tmp/corpora
    python scripts/train_block_classifier.py --tools ../shared/corpora --data /tmp/corpora \\
        --out /tmp/block_model.json --trees 1 --depth 8

The output is deterministic for a given input and scikit-learn version.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus_labels

from page_cluster import resolve_page_cluster_keys
from page_cluster.content.blocks import segment_html
from page_cluster.content.classify import BLOCK_CLASSES, FORMAT_VERSION, MODEL_PATH
from page_cluster.content.extract import group_by_cluster
from page_cluster.content.features import (
    PAGE_FEATURES,
    block_stats,
    page_features,
    subtree_sum,
)
from page_cluster.content.noise import CLUSTER_FEATURES, cluster_noise

#: Bumped whenever the features, the labels or the model family change.
MODEL_VERSION = "2026.11-1"
#: At most this many content rows per page (all non-content rows are kept).
MAX_CONTENT_ROWS = 120
LABEL_INDEX = {"content": 0, "rel_link": 1, "noise": 2}


def page_rows(pb: Any, st: Any, x: np.ndarray, page_id: str) -> tuple[np.ndarray, ...]:
    """Training rows of one page: features, labels, weights, content share."""
    n = len(pb)
    if n == 0 or not pb.runs:
        return np.zeros((0, x.shape[1])), np.zeros(0, int), np.zeros(0), np.zeros(0)
    lab = np.array([LABEL_INDEX.get(v, 2) for v in pb.run_label], dtype=np.int64)
    chars = np.array([len(r) - r.count(" ") for r in pb.runs], dtype=np.float64)
    per_block = np.zeros((n, 3))
    np.add.at(per_block, (pb.run_block, lab), chars)
    sub = subtree_sum(pb.parent, pb.depth, per_block)
    total = sub.sum(axis=1)
    has_content = sub[:, 0] > 0
    parent_ok = np.r_[False, has_content[pb.parent[1:]]]
    rows = np.flatnonzero(parent_ok & (total > 0))
    y = np.where(sub[rows, 0] > 0, 0, np.where(sub[rows, 1] >= sub[rows, 2], 1, 2))
    content_rows = rows[y == 0]
    if len(content_rows) > MAX_CONTENT_ROWS:
        # Deterministic thinning: keep evenly spaced content rows.
        keep = content_rows[np.linspace(0, len(content_rows) - 1, MAX_CONTENT_ROWS).astype(int)]
        mask = (y != 0) | np.isin(rows, keep)
        rows, y = rows[mask], y[mask]
    share = sub[rows, 0] / np.maximum(total[rows], 1.0)
    return x[rows], y, np.log1p(total[rows]), share


def corpus_rows(tools: Path, data: Path, corpus: str) -> dict[str, list[np.ndarray]]:
    t0 = time.time()
    records = list(corpus_labels.annotated_pages(tools, data, corpus))
    keys = resolve_page_cluster_keys(records)
    out: dict[str, list[np.ndarray]] = {"X": [], "y": [], "w": [], "share": []}
    for group in group_by_cluster(keys):
        seg = []
        for i in group:
            pb = segment_html(records[i]["html"], label_attribute=corpus_labels.QUARK)
            seg.append((pb, block_stats(pb)))
        noise = cluster_noise(seg) if len(seg) >= 2 else None
        for j, i in enumerate(group):
            page_id = records[i]["id"]
            if corpus_labels.is_test_page(page_id):
                continue
            pb, st = seg[j]
            x = page_features(pb, st)
            cx = noise.features[j] if noise is not None else np.zeros((len(pb), 10))
            xa, y, w, share = page_rows(pb, st, np.hstack([x, cx]), page_id)
            out["X"].append(xa)
            out["y"].append(y)
            out["w"].append(w)
            out["share"].append(share)
    n = sum(len(y) for y in out["y"])
    print(f"{corpus}: {len(records)} pages, {n} training rows ({time.time() - t0:.0f} s)")
    return out


def tree_json(est: Any) -> dict[str, Any]:
    t = est.tree_
    value = t.value[:, 0, :]
    value = value / np.maximum(value.sum(axis=1, keepdims=True), 1e-12)
    # Classes the estimator saw, mapped onto BLOCK_CLASSES columns.
    full = np.zeros((value.shape[0], len(BLOCK_CLASSES)))
    for col, cls in enumerate(est.classes_):
        full[:, int(cls)] = value[:, col]
    return {
        "left": t.children_left.tolist(),
        "right": t.children_right.tolist(),
        "feature": t.feature.tolist(),
        "threshold": [round(float(v), 6) for v in t.threshold],
        "value": [[round(float(v), 4) for v in row] for row in full],
    }


def fit(
    x: np.ndarray, y: np.ndarray, w: np.ndarray, share: np.ndarray, trees: int, depth: int
) -> dict[str, Any]:
    from sklearn.ensemble import RandomForestClassifier
    from sklearn.linear_model import Ridge
    from sklearn.tree import DecisionTreeClassifier

    if trees <= 1:
        model = DecisionTreeClassifier(max_depth=depth, min_samples_leaf=20, random_state=0)
        model.fit(x, y, sample_weight=w)
        estimators = [model]
    else:
        model = RandomForestClassifier(
            n_estimators=trees,
            max_depth=depth,
            min_samples_leaf=20,
            max_features=0.5,
            random_state=0,
            n_jobs=1,
        )
        model.fit(x, y, sample_weight=w)
        estimators = list(model.estimators_)
    ridge = Ridge(alpha=1.0).fit(x, share, sample_weight=w)
    return {
        "classes": list(BLOCK_CLASSES),
        "trees": [tree_json(e) for e in estimators],
        "importance": {
            "coef": [round(float(c), 6) for c in ridge.coef_],
            "intercept": round(float(ridge.intercept_), 6),
        },
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--tools", type=Path, required=True, help="the corpus tools folder")
    ap.add_argument("--data", type=Path, required=True, help="folder with NAME.jsonl corpora")
    ap.add_argument("--out", type=Path, default=MODEL_PATH, help="parameters file to write")
    ap.add_argument("--corpus", action="append", choices=corpus_labels.CORPORA)
    ap.add_argument(
        "--exclude",
        action="append",
        default=[],
        choices=corpus_labels.CORPORA,
        help="leave a corpus out (to measure how the model does on an unseen site)",
    )
    ap.add_argument("--trees", type=int, default=8, help="trees in the forest (1 = one tree)")
    ap.add_argument("--depth", type=int, default=10, help="maximum tree depth")
    args = ap.parse_args(argv)
    corpora = [c for c in (args.corpus or corpus_labels.CORPORA) if c not in args.exclude]
    parts = [corpus_rows(args.tools, args.data, c) for c in corpora]
    x = np.vstack([a for p in parts for a in p["X"]])
    y = np.concatenate([a for p in parts for a in p["y"]])
    w = np.concatenate([a for p in parts for a in p["w"]])
    share = np.concatenate([a for p in parts for a in p["share"]])
    n_page = len(PAGE_FEATURES)
    print(f"fitting on {len(y)} rows; classes {np.bincount(y, minlength=3).tolist()}")
    cluster = fit(x, y, w, share, args.trees, args.depth)
    page = fit(x[:, :n_page], y, w, share, args.trees, args.depth)
    cluster["features"] = list(PAGE_FEATURES + CLUSTER_FEATURES)
    page["features"] = list(PAGE_FEATURES)
    doc = {
        "format": FORMAT_VERSION,
        "version": MODEL_VERSION,
        "training": {
            "corpora": corpora,
            "split": "pages with an even first byte of sha256(id); odd ones held out",
            "rows": len(y),
            "class_rows": np.bincount(y, minlength=3).tolist(),
            "model": f"{'forest of ' + str(args.trees) if args.trees > 1 else 'one'} "
            f"decision tree(s), depth <= {args.depth}",
        },
        "cluster": cluster,
        "page": page,
    }
    args.out.write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
