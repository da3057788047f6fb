#!/usr/bin/env python3
"""Main-content extraction: quality on the labelled corpora, single pages, speed.

Prints, per documentation corpus, the shingle F1 of our extraction (scored by the
corpus tools' ``score_extraction.py`` against ``NAME.main.jsonl``) over all pages
and over the held-out half (the pages the block classifier never trained on),
next to the whole page's text measured in the same run and the trafilatura /
whole-page anchors printed in the scorer's docstring. Then the per-page path
(no siblings) on the single-page benchmark, and the extraction speed on one
cluster of 1,000 pages, with the speed of merely parsing the pages and reading
their whole text measured in the same run as the baseline.

    python bench/extraction.py --tools ../shared/corpora --data /tmp/corpora \\
        --benchmark ../shared/extraction-benchmark
    python bench/extraction.py --tools ../shared/corpora --data /tmp/corpora --corpus sphinx
    python bench/extraction.py --tools ../shared/corpora --data /tmp/corpora --sweep-min-score

Clusters are the engine's (``resolve_page_cluster_keys``).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib
import json
import statistics
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from page_cluster import resolve_page_cluster_keys
from page_cluster.content.blocks import segment_html
from page_cluster.content.classify import load_models
from page_cluster.content.extract import ExtractOptions, analyze_cluster, extract_main_content
from page_cluster.content.features import block_stats
from page_cluster.content.noise import cluster_noise, noise_removal_mask
from page_cluster.content.per_page import trafilatura_available

CORPORA = ["sphinx", "docbook", "asciidoc", "doxygen", "javadoc8"]
#: Extraction options of this run (``--model`` swaps the parameters file).
OPTIONS = ExtractOptions()
#: Anchors from score_extraction.py's docstring (400-page samples): trafilatura
#: 2.3.1 and the whole page's text.
ANCHORS = {
    "sphinx": (0.938, 0.893),
    "docbook": (0.939, 0.948),
    "asciidoc": (0.979, 0.985),
    "doxygen": (0.751, 0.858),
    "javadoc8": (0.704, 0.778),
}


def held_out(page_id: str) -> bool:
    """The classifier's split: held out when sha256(id)'s first byte is odd."""
    return hashlib.sha256(page_id.encode("utf-8")).digest()[0] % 2 == 1


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def load_scorer(tools: Path) -> Any:
    sys.path.insert(0, str(tools))
    return importlib.import_module("score_extraction")


def whole_text(html: str) -> str:
    return " ".join(segment_html(html).text.split())


def split_clusters(keys: list[str], size: int) -> list[str]:
    """Cut every cluster into groups of ``size`` pages (input order)."""
    seen: dict[str, int] = {}
    out = []
    for k in keys:
        c = seen.get(k, 0)
        seen[k] = c + 1
        out.append(f"{k}#{c // size}")
    return out


def corpus_quality(
    scorer: Any, data: Path, name: str, per_page: bool, split: int
) -> dict[str, Any]:
    pages = read_jsonl(data / f"{name}.jsonl")
    truth = scorer.read(str(data / f"{name}.main.jsonl"), "main_text")
    t0 = time.perf_counter()
    keys = resolve_page_cluster_keys(pages)
    if split > 0:
        keys = split_clusters(keys, split)
    t1 = time.perf_counter()
    # The two paths timed apart: pages with siblings, then pages alone in their
    # cluster (every cluster is read on its own, so this is the same result).
    size = Counter(keys)
    pred: dict[str, str] = {}
    paths: dict[str, dict[str, float]] = {}
    for lone in (False, True):
        idx = [i for i, k in enumerate(keys) if (size[k] == 1) == lone]
        if not idx:
            continue
        t = time.process_time()
        part = extract_main_content(
            [pages[i] for i in idx], cluster_keys=[keys[i] for i in idx], options=OPTIONS
        )
        dt = time.process_time() - t
        for i, r in zip(idx, part, strict=True):
            pred[pages[i]["id"]] = r.main_text
        for name, n in Counter(r.extractor for r in part).items():
            paths[name] = {"pages": n, "pps": len(idx) / dt}
    t2 = time.perf_counter()
    whole = {p["id"]: whole_text(p["html"]) for p in pages}
    test_truth = {k: v for k, v in truth.items() if held_out(k)}
    alone = None
    if per_page:
        lone = extract_main_content(pages, cluster_keys=[None] * len(pages), options=OPTIONS)
        alone = scorer.score(
            truth, {p["id"]: r.main_text for p, r in zip(pages, lone, strict=True)}
        )["f1"]
    return {
        "per_page": alone,
        "pages": len(pages),
        "clusters": len(set(keys)),
        "f1": scorer.score(truth, pred)["f1"],
        "f1_held_out": scorer.score(test_truth, pred)["f1"],
        "whole": scorer.score(truth, whole)["f1"],
        "cluster_s": t1 - t0,
        "extract_s": t2 - t1,
        "paths": paths,
    }


def sweep_min_score(scorer: Any, data: Path, names: list[str], scores: list[float]) -> None:
    """F1 of the seed's own rule (drop blocks whose whole subtree is noise)."""
    print("\nseed 001 removal rule alone, F1 by min_score (engine clusters)")
    print("corpus    " + " ".join(f"{s:>6.2f}" for s in scores))
    for name in names:
        pages = read_jsonl(data / f"{name}.jsonl")
        truth = scorer.read(str(data / f"{name}.main.jsonl"), "main_text")
        keys = resolve_page_cluster_keys(pages)
        groups: dict[str, list[int]] = {}
        for i, k in enumerate(keys):
            groups.setdefault(k, []).append(i)
        seg = [None] * len(pages)
        for i, p in enumerate(pages):
            pb = segment_html(p["html"])
            seg[i] = (pb, block_stats(pb))
        row = []
        for s in scores:
            pred = {}
            for members in groups.values():
                grp = [seg[i] for i in members]
                cn = cluster_noise(grp, min_score=s) if len(grp) > 1 else None
                for j, i in enumerate(members):
                    pb, st = grp[j]
                    if cn is None or not pb.runs:
                        pred[pages[i]["id"]] = pb.text
                        continue
                    removed = noise_removal_mask(pb, st, cn.noise_share[j])
                    pred[pages[i]["id"]] = "".join(
                        r for r, x in zip(pb.runs, removed.tolist(), strict=True) if not x
                    )
            row.append(scorer.score(truth, pred)["f1"])
        print(f"{name:<9} " + " ".join(f"{f:6.3f}" for f in row))


def _trafilatura_default(html: str | bytes) -> str:
    """trafilatura as a user calls it (its defaults, bytes decoded by itself): the baseline."""
    import trafilatura

    return trafilatura.extract(html) or ""


def single_pages(scorer: Any, bench: Path) -> list[dict[str, Any]]:
    """Every per-page reader on the benchmark, timed in the same run.

    Rows: the default path of ``extract_main_content`` for a page without
    siblings, each reader it can be set to, and trafilatura called with its own
    defaults (the baseline the issue names).
    """
    truth_raw = json.loads((bench / "ground-truth.json").read_text(encoding="utf-8"))
    truth = {k: v["articleBody"] for k, v in truth_raw.items()}
    pages = []
    for key in sorted(truth):
        with gzip.open(bench / "html" / f"{key}.html.gz", "rb") as fh:
            pages.append({"id": key, "html": fh.read()})
    rows = []
    readers: list[tuple[str, Any]] = [
        ("default (per_page=auto)", OPTIONS),
        ("trafilatura path", replace(OPTIONS, per_page="trafilatura")),
        ("own rules (single-page)", replace(OPTIONS, per_page="single-page")),
    ]
    for name, opts in readers:
        t0 = time.process_time()
        results = extract_main_content(pages, cluster_keys=[None] * len(pages), options=opts)
        dt = time.process_time() - t0
        pred = {p["id"]: r.main_text for p, r in zip(pages, results, strict=True)}
        used = Counter(r.extractor for r in results)
        rows.append({"name": name, "s": dt, "used": dict(used), **scorer.score(truth, pred)})
    try:
        t0 = time.process_time()
        pred = {p["id"]: _trafilatura_default(p["html"]) for p in pages}
        dt = time.process_time() - t0
        rows.append(
            {"name": "trafilatura.extract() baseline", "s": dt, "used": {}}
            | scorer.score(truth, pred)
        )
    except ImportError:
        pass
    for row in rows:
        row["pps"] = len(pages) / row["s"]
    return rows


def speed(source: Path, n_pages: int, repeat: int) -> dict[str, Any]:
    """CPU time of extraction on the largest cluster of ``source`` (up to ``n_pages``)."""
    pages = read_jsonl(source)
    keys = resolve_page_cluster_keys(pages)
    biggest, _ = Counter(keys).most_common(1)[0]
    htmls = [p["html"] for p, k in zip(pages, keys, strict=True) if k == biggest][:n_pages]
    del pages
    opts = OPTIONS

    def ours() -> None:
        seg = []
        for h in htmls:
            pb = segment_html(h, opts.block_tags)
            seg.append((pb, block_stats(pb)))
        analyze_cluster(seg, opts)

    def baseline() -> None:
        for h in htmls:
            whole_text(h)

    def best(fn: Any) -> float:
        times = []
        for _ in range(repeat):
            t0 = time.process_time()
            fn()
            times.append(time.process_time() - t0)
        return min(times)

    t_ours = best(ours)
    t_base = best(baseline)
    out = {"corpus": source.stem, "pages": len(htmls), "ours_s": t_ours, "base_s": t_base}
    try:
        import trafilatura  # optional: only when installed

        t0 = time.process_time()
        for h in htmls[:100]:
            trafilatura.extract(h)
        out["trafilatura_pps"] = min(100, len(htmls)) / (time.process_time() - t0)
    except ImportError:
        pass
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--tools", type=Path, required=True, help="corpus tools (score_extraction.py)")
    ap.add_argument("--data", type=Path, required=True, help="folder with the built corpora")
    ap.add_argument("--benchmark", type=Path, help="single-page extraction benchmark folder")
    ap.add_argument("--corpus", action="append", choices=CORPORA)
    ap.add_argument("--speed-corpus", default="javadoc8", choices=CORPORA)
    ap.add_argument(
        "--speed-jsonl",
        type=Path,
        help="crawl whose largest cluster is timed instead of --speed-corpus (e.g. a site "
        "made by make_scale_site.py, when no corpus has a cluster of --speed-pages pages)",
    )
    ap.add_argument("--speed-pages", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=3, help="speed runs (the best is kept)")
    ap.add_argument("--no-speed", action="store_true")
    ap.add_argument("--speed-only", action="store_true")
    ap.add_argument(
        "--split-clusters",
        type=int,
        default=0,
        metavar="N",
        help="cut every cluster into groups of N pages (how small clusters fare)",
    )
    ap.add_argument(
        "--per-page", action="store_true", help="also read every page as if it had no siblings"
    )
    ap.add_argument("--sweep-min-score", action="store_true")
    ap.add_argument("--model", type=Path, help="block model parameters (default: the shipped)")
    args = ap.parse_args(argv)
    scorer = load_scorer(args.tools)
    # Libraries and the block model are loaded before anything is timed.
    load_models()
    trafilatura_available()
    if args.model is not None:
        global OPTIONS
        OPTIONS = ExtractOptions(models=load_models(str(args.model)))
    names = args.corpus or CORPORA
    if args.sweep_min_score:
        sweep_min_score(scorer, args.data, names, [0.3, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0])
        return 0

    if args.speed_only:
        names = []
    print("main-content F1 (shingle F1, score_extraction.py)")
    print(
        f"{'corpus':<9} {'pages':>6} {'clusters':>8} {'F1':>7} {'held-out':>8} "
        f"{'whole':>7} | {'trafilatura*':>12} {'whole*':>7} | {'extract s':>9}"
    )
    f1s = []
    for name in names:
        q = corpus_quality(scorer, args.data, name, args.per_page, args.split_clusters)
        f1s.append(q["f1"])
        traf, whole_anchor = ANCHORS[name]
        print(
            f"{name:<9} {q['pages']:>6} {q['clusters']:>8} {q['f1']:>7.4f} "
            f"{q['f1_held_out']:>8.4f} "
            f"{q['whole']:>7.4f} | {traf:>12.3f} {whole_anchor:>7.3f} | {q['extract_s']:>9.1f}"
            + (f" | alone {q['per_page']:.4f}" if q["per_page"] is not None else "")
        )
        print(
            "          "
            + "; ".join(
                f"{k}: {v['pages']} pages, {v['pps']:.0f} pages/s"
                for k, v in sorted(q["paths"].items())
            )
        )
    if f1s:
        print(f"{'macro':<9} {'':>6} {'':>8} {statistics.mean(f1s):>7.4f}")
        print("* anchors from score_extraction.py's docstring (400-page samples)")

    if args.benchmark is not None and not args.speed_only:
        rows = single_pages(scorer, args.benchmark)
        print(f"\nsingle pages (no siblings), {rows[0]['pages']} pages, one core, CPU time")
        print(f"{'reader':<32} {'P':>7} {'R':>7} {'F1':>7} {'pages/s':>8}  read by")
        for r in rows:
            used = ", ".join(f"{k} {v}" for k, v in sorted(r["used"].items()))
            print(
                f"{r['name']:<32} {r['precision']:>7.4f} {r['recall']:>7.4f} {r['f1']:>7.4f} "
                f"{r['pps']:>8.1f}  {used}"
            )
        base = next((r for r in rows if r["name"].startswith("trafilatura.extract")), None)
        if base is not None:
            print(
                f"default minus the trafilatura baseline, same run: F1 "
                f"{rows[0]['f1'] - base['f1']:+.4f}; speed {rows[0]['pps'] / base['pps']:.2f}x"
            )

    if not args.no_speed:
        source = args.speed_jsonl or args.data / f"{args.speed_corpus}.jsonl"
        sp = speed(source, args.speed_pages, args.repeat)
        if sp["pages"] < args.speed_pages:
            print(
                f"\nnote: the largest cluster of {source.name} has {sp['pages']} pages, "
                f"fewer than --speed-pages {args.speed_pages} (see --speed-jsonl)"
            )
        pps = sp["pages"] / sp["ours_s"]
        base = sp["pages"] / sp["base_s"]
        print(
            f"\nspeed, one core (CPU time), one cluster of {sp['pages']} {sp['corpus']} pages: "
            f"extraction {pps:.0f} pages/s; parse + whole text only {base:.0f} pages/s "
            f"(extraction takes {sp['ours_s'] / sp['base_s']:.1f}x the baseline's time)"
        )
        if "trafilatura_pps" in sp:
            tps = sp["trafilatura_pps"]
            print(
                f"trafilatura (installed) on 100 of these pages: {tps:.0f} pages/s "
                f"(extraction is {pps / tps:.1f}x as fast)"
            )
    return 0


if __name__ == "__main__":
    np.seterr(all="ignore")
    raise SystemExit(main())
