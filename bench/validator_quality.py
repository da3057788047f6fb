#!/usr/bin/env python3
"""How well the validator finds the engine's mistakes, against template labels.

For every labelled corpus (the corpus tools' ``NAME.jsonl`` / ``NAME.labels.csv``,
plus any ``--site JSONL[.gz] LABELS.csv`` and the bundled sample) the engine
clusters the pages, the validator reads the partition, and the labels judge:

* **flags**: a cluster is *mixed* when at least two of its pages are not of its
  majority template; flag precision (flagged clusters that are mixed) and
  page-weighted recall (pages of mixed clusters that sit in a flagged one),
  and the same counting only flags that *find* the mix (their split has a part
  whose majority is another template than the cluster's);
* **splits**: for flagged mixed clusters, the share whose proposed split has a
  homogeneity of at least 0.9 (labels within the cluster);
* **merges**: a template's surplus clusters are the clusters whose majority it is,
  less one; the share of surplus the correct suggestions join back (applied
  together), and the share of suggestions that are correct (both clusters have
  the same majority template);
* **truth**: clusters flagged when the labels themselves are the partition;
* **median < 0.75**: the reference's flag (``lowMedianSimilarity``) on the same
  partitions, for comparison: clusters flagged, mixed among them, and flagged
  on the truth;
* **glued**: every pair of templates with at least 10 pages glued into one
  cluster on purpose: the share flagged, and of those the share split to a
  homogeneity of at least 0.9.

``--list-mixed`` also lists every mixed cluster of the engine's partitions:
its templates, whether it is flagged, with which evidence and how well split.

``--samples 20 50 100`` measures the same on random samples of every site
instead, drawn as ``bench/subsets.py`` draws them (seeds 0-4 of
``random.Random(1000 + seed).sample(lines, size)``), one row per site and size
summed over the five draws: where the engine errs most, an analyst most needs
the validator.

    python bench/validator_quality.py --data CORPORA
    python bench/validator_quality.py --data CORPORA --samples 20 50 100 --no-sample
    python bench/validator_quality.py --data CORPORA --corpus sphinx \\
        --site shop.jsonl.gz shop.labels.csv
"""

from __future__ import annotations

import argparse
import csv
import gzip
import itertools
import json
import random
import time
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np
from sklearn.metrics import homogeneity_score

from page_cluster.api.resolve import run_clustering
from page_cluster.validation.cohesion import compute_cluster_cohesion
from page_cluster.validation.data import ClusteredCorpus, clustered_corpus_from_corpus
from page_cluster.validation.merge import merge_key_map
from page_cluster.validation.report import validate_cluster_partition
from page_cluster.validation.splits import find_cluster_splits

CORPORA = ["sphinx", "docbook", "asciidoc", "doxygen", "javadoc8", "texinfo", "httpd"]
SAMPLE = Path(__file__).resolve().parents[1] / "sample_data"
GLUE_MIN_PAGES = 10
HOMOGENEOUS = 0.9


#: Draws per sample size (seeds 0-4, as ``bench/subsets.py``).
SEEDS = range(5)


def read_records(path: Path) -> list[dict]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def draws(records: list[dict], size: int) -> list[list[dict]]:
    """The five samples of ``size`` pages ``bench/subsets.py`` scores (the same
    records, since it samples the same non-empty lines in the same order)."""
    return [random.Random(1000 + seed).sample(records, size) for seed in SEEDS]


def read_labels(path: Path) -> dict[str, str]:
    with path.open(encoding="utf-8") as fh:
        return {r["id"]: r["template"] for r in csv.DictReader(fh)}


def _sub_corpus(cc: ClusteredCorpus, pages: np.ndarray) -> ClusteredCorpus:
    """One cluster holding ``pages`` (the rest of the site left out)."""
    return ClusteredCorpus(
        cc.matrix,
        cc.page_sig[pages],
        np.zeros(len(pages), dtype=np.int64),
        ["glued"],
        [cc.paths[i] for i in pages],
        [cc.stylesheet_hrefs[i] for i in pages],
        [cc.hosts[i] for i in pages],
        None,
        cc.vocabulary,
    )


def evaluate(
    name: str, records: list[dict], label_of: dict[str, str], list_mixed: bool = False
) -> dict:
    ids = [r.get("id", r.get("url")) for r in records]
    labels = np.asarray([label_of[i] for i in ids])
    t0 = time.perf_counter()
    run = run_clustering(records)
    keys = run.page_keys
    cc = clustered_corpus_from_corpus(run.corpus, keys)
    t1 = time.perf_counter()
    report = validate_cluster_partition(cc)
    seconds = time.perf_counter() - t1
    by_cluster: dict[str, Counter] = defaultdict(Counter)
    for k, lab in zip(keys, labels, strict=True):
        by_cluster[k][lab] += 1
    majority = {k: c.most_common(1)[0][0] for k, c in by_cluster.items()}
    mixed = {k for k, c in by_cluster.items() if sum(c.values()) - c[majority[k]] >= 2}
    splits = {s.cluster_key: s for s in report.split_suggestions}
    size = {k: sum(c.values()) for k, c in by_cluster.items()}
    good_splits = sum(
        homogeneity_score(labels[s.members], s.member_part) >= HOMOGENEOUS
        for k, s in splits.items()
        if k in mixed
    )
    # A flag "finds" the mix when its split has a part whose majority is
    # another template than the cluster's (a flag raised on a difference
    # among the majority's own pages leaves the minority where it was).
    finds = {
        k
        for k, s in splits.items()
        if k in mixed
        and any(
            Counter(labels[s.members][s.member_part == p].tolist()).most_common(1)[0][0]
            != majority[k]
            for p in np.unique(s.member_part).tolist()
        )
    }
    surplus = sum(n - 1 for n in Counter(majority.values()).values())
    merges = report.merge_suggestions
    correct = [m for m in merges if majority[m.cluster_key_a] == majority[m.cluster_key_b]]
    joined_map = merge_key_map((m.cluster_key_a, m.cluster_key_b) for m in correct)
    joined = len(by_cluster) - len({joined_map.get(k, k) for k in by_cluster})
    if list_mixed:
        for k in sorted(mixed, key=lambda k: -size[k]):
            s = splits.get(k)
            verdict = (
                f"flagged ({s.evidence}), parts {[p.member_count for p in s.parts]}, "
                f"homogeneity {homogeneity_score(labels[s.members], s.member_part):.2f}"
                if s is not None
                else "not flagged"
            )
            templates = {str(t): n for t, n in by_cluster[k].most_common()}
            print(f"  mixed {name} {k}: {templates}: {verdict}")
    truth_cc = clustered_corpus_from_corpus(run.corpus, list(labels))
    truth = find_cluster_splits(truth_cc)
    old_truth = sum(c.suspicious for c in compute_cluster_cohesion(truth_cc))
    old = report.low_cohesion_keys
    sizes = Counter(labels.tolist())
    big = sorted(t for t, n in sizes.items() if n >= GLUE_MIN_PAGES)
    glued = glued_flagged = glued_good = 0
    for a, b in itertools.combinations(big, 2):
        pages = np.nonzero((labels == a) | (labels == b))[0]
        glued += 1
        found = find_cluster_splits(_sub_corpus(cc, pages))
        if found:
            glued_flagged += 1
            s = found[0]
            glued_good += homogeneity_score(labels[pages][s.members], s.member_part) >= HOMOGENEOUS
    return {
        "name": name,
        "pages": len(keys),
        "clusters": len(by_cluster),
        "cluster_seconds": t1 - t0,
        "validate_seconds": seconds,
        "flagged": len(splits),
        "mixed": len(mixed),
        "flagged_mixed": len(mixed & set(splits)),
        "mixed_pages": sum(size[k] for k in mixed),
        "mixed_pages_flagged": sum(size[k] for k in mixed if k in splits),
        "mixed_pages_found": sum(size[k] for k in finds),
        "good_splits": good_splits,
        "surplus": surplus,
        "suggestions": len(merges),
        "correct": len(correct),
        "joined": joined,
        "truth_flags": len(truth),
        "old_flagged": len(old),
        "old_flagged_mixed": len(old & mixed),
        "old_truth_flags": old_truth,
        "glued": glued,
        "glued_flagged": glued_flagged,
        "glued_good": glued_good,
    }


def _ratio(a: int, b: int) -> str:
    return f"{a}/{b}" + (f" ({a / b:.2f})" if b else "")


def _print_row(name: str, r: Counter, validate_seconds: float | None) -> None:
    """One table row of summed figures (``validate_seconds`` blank for the total)."""
    seconds = "" if validate_seconds is None else f"{validate_seconds:.1f}"
    print(
        f"| {name} | {r['pages']} | {r['clusters']} | {r['flagged']} | "
        f"{_ratio(r['flagged_mixed'], r['flagged'])} | "
        f"{_ratio(r['mixed_pages_flagged'], r['mixed_pages'])} | "
        f"{_ratio(r['mixed_pages_found'], r['mixed_pages'])} | "
        f"{_ratio(r['good_splits'], r['flagged_mixed'])} | "
        f"{_ratio(r['joined'], r['surplus'])} | {_ratio(r['correct'], r['suggestions'])} | "
        f"{r['truth_flags']} | {_ratio(r['glued_flagged'], r['glued'])} | "
        f"{_ratio(r['glued_good'], r['glued_flagged'])} | "
        f"{_ratio(r['old_flagged_mixed'], r['old_flagged'])}, {r['old_truth_flags']} | "
        f"{seconds} |",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--data", type=Path, help="folder with NAME.jsonl and NAME.labels.csv")
    ap.add_argument("--corpus", action="append", help="corpus name (repeatable; default: all)")
    ap.add_argument(
        "--site",
        nargs=2,
        action="append",
        metavar=("JSONL", "LABELS"),
        default=[],
        help="another labelled site: its JSONL (or .jsonl.gz) and id,template CSV",
    )
    ap.add_argument("--no-sample", action="store_true", help="leave out the bundled sample")
    ap.add_argument(
        "--list-mixed", action="store_true", help="list every mixed cluster and its verdict"
    )
    ap.add_argument(
        "--samples",
        nargs="+",
        type=int,
        metavar="SIZE",
        help="score random samples of these sizes (five draws each) instead of whole sites",
    )
    args = ap.parse_args(argv)
    inputs: list[tuple[str, Path, Path]] = []
    if args.data is not None:
        for name in args.corpus or CORPORA:
            inputs.append((name, args.data / f"{name}.jsonl", args.data / f"{name}.labels.csv"))
    for jsonl, labels in args.site:
        inputs.append((Path(jsonl).name.split(".")[0], Path(jsonl), Path(labels)))
    if not args.no_sample:
        inputs.append(("sample", SAMPLE / "site.jsonl", SAMPLE / "labels.csv"))
    print(
        "| corpus | pages | clusters | flagged | mixed flagged / flagged | mixed pages flagged "
        "| mixed pages found | splits >= 0.9 | surplus joined | suggestions correct "
        "| truth flagged | glued flagged | glued split >= 0.9 "
        "| median < 0.75: mixed / flagged, truth | validate s |"
    )
    print("|" + "---|" * 15)
    total: Counter = Counter()
    for name, jsonl, labels in inputs:
        records, label_of = read_records(jsonl), read_labels(labels)
        runs = [(name, records)]
        if args.samples:
            runs = [
                (f"{name}@{size}", sample)
                for size in args.samples
                if size <= len(records)
                for sample in draws(records, size)
            ]
        rows: dict[str, Counter] = {}
        validate_seconds: Counter = Counter()
        for row_name, pages in runs:
            r = evaluate(row_name, pages, label_of, args.list_mixed)
            rows.setdefault(row_name, Counter()).update(
                {k: v for k, v in r.items() if isinstance(v, int)}
            )
            validate_seconds[row_name] += r["validate_seconds"]
        for row_name, r in rows.items():
            total.update(r)
            _print_row(row_name, r, validate_seconds[row_name])
    _print_row("**all**", total, None)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
