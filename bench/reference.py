#!/usr/bin/env python3
"""This engine against the TypeScript reference, on the same labelled sites.

Both tools read the same JSONL records (``id``, ``html`` and, where a corpus
gives them, ``paths``, ``stylesheetHrefs`` and ``host``: the input contract they
share); each site is clustered whole and in the samples ``bench/subsets.py``
draws (``random.Random(1000 + seed).sample(lines, size)``, seeds 0-4). The
table gives the adjusted Rand index of each tool against the template labels
(samples: mean and minimum) and how many samples holding two or more templates
each tool put in a single cluster.

    python bench/reference.py --ref-cli REF/packages/@d-zero/page-cluster/dist/cli.js \\
        --site sphinx=/tmp/corpora/sphinx.jsonl,/tmp/corpora/sphinx.labels.csv

The reference is not on the npm registry; it is built from its public
source, the ``d-zero-dev/tools`` monorepo on GitHub: put
``packages/@d-zero/{shared,cli-core,dealer,page-cluster}`` in a folder with a
``package.json`` that lists ``packages/@d-zero/*`` as workspaces and
``typescript`` as a dev dependency, point each package's ``tsconfig.json`` at a
base config with ``"module": "NodeNext"`` and, on Node 20 (the reference asks
for 24), ``"target": "ES2022"`` with the ``ESNext.Disposable`` library, so
that ``using`` declarations are compiled down; then ``npm install`` and
``npx tsc -p .`` in each package, ``shared`` first (docs/quality.md gives the
version measured).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from sklearn.metrics import adjusted_rand_score

from page_cluster.api.resolve import run_clustering

sys.path.insert(0, str(Path(__file__).resolve().parent))
from subsets import SEEDS, _labels, _lines  # the sibling bench script: same samples


def ours(lines: list[str]) -> list[str]:
    records = [json.loads(line) for line in lines]
    return list(run_clustering(lambda: iter(records)).page_keys)


def reference(lines: list[str], cli: Path, node: str) -> list[str]:
    """The reference's cluster keys for ``lines``, in input order.

    Its output goes to a file: Node writes to a pipe asynchronously, and a
    process that exits at once leaves the rest of a large output unwritten."""
    with tempfile.TemporaryFile("w+", encoding="utf-8") as sink:
        done = subprocess.run(
            [node, str(cli)],
            input="".join(line if line.endswith("\n") else line + "\n" for line in lines),
            stdout=sink,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
        sink.seek(0)
        out = [json.loads(line) for line in sink if line.strip()]
    if done.returncode != 0 or len(out) != len(lines):
        tail = done.stderr.strip().splitlines()[-3:]
        raise SystemExit(f"the reference failed ({len(out)} of {len(lines)} pages): {tail}")
    return [str(o["clusterKey"]) for o in out]


def _score(lines: list[str], labels: dict[str, str], keys: list[str]) -> tuple[float, bool]:
    truth = [labels.get(str(json.loads(line).get("id")), "?") for line in lines]
    collapsed = len(set(truth)) >= 2 and len(set(keys)) == 1
    return adjusted_rand_score(truth, keys), collapsed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ref-cli", type=Path, required=True, help="the reference's built cli.js")
    ap.add_argument("--node", default="node", help="the Node.js executable")
    ap.add_argument(
        "--site",
        action="append",
        required=True,
        metavar="NAME=PAGES.jsonl[.gz],LABELS.csv",
        help="a labelled site (repeatable)",
    )
    ap.add_argument("--sizes", type=int, nargs="*", default=[20, 50, 100])
    args = ap.parse_args(argv)
    print(
        "| site | size | ARI | reference ARI | min | reference min "
        "| collapsed | reference collapsed |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for spec in args.site:
        name, _, files = spec.partition("=")
        pages, _, label_file = files.partition(",")
        lines, labels = _lines(Path(pages)), _labels(Path(label_file))
        draws = {0: [lines]}
        for size in args.sizes:
            if size < len(lines):
                draws[size] = [random.Random(1000 + s).sample(lines, size) for s in SEEDS]
        for size, samples in draws.items():
            mine = [_score(d, labels, ours(d)) for d in samples]
            ref = [_score(d, labels, reference(d, args.ref_cli, args.node)) for d in samples]
            a = [s for s, _ in mine]
            b = [s for s, _ in ref]
            low = f"{min(a):.2f} | {min(b):.2f}" if size else " | "
            print(
                f"| {name} | {size or 'all'} | {statistics.mean(a):.3f} | "
                f"{statistics.mean(b):.3f} | {low} | {sum(c for _, c in mine)} | "
                f"{sum(c for _, c in ref)} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
