#!/usr/bin/env python3
"""Make a large real-structured site: one corpus published under many versions.

Each copy of the source crawl is placed under its own version prefix
(``…/api-3.6.1/`` → ``…/api-3.6.7/``): ids, URL paths and stylesheet hrefs are
rewritten and the text of every page is perturbed (letters rotated per version),
so no two copies are byte-identical while their templates are the source's.
The labels file follows the same rewriting, so the big site is scored against
the source's labels.

    python bench/make_scale_site.py --source /tmp/corpora/javadoc8.jsonl \\
        --labels /tmp/corpora/javadoc8.labels.csv --pages 150000 --out /tmp/scale/site150k

writes ``site150k.jsonl`` and ``site150k.labels.csv``. Generated data; never commit it.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import re
import string
from pathlib import Path

_TEXT = re.compile(r">([^<]+)<")
_VERSION = re.compile(r"api-3\.6\.1")


def _rotation(k: int) -> dict[int, int]:
    low, up = string.ascii_lowercase, string.ascii_uppercase
    k %= 26
    table = str.maketrans(low + up, low[k:] + low[:k] + up[k:] + up[:k])
    return table


def _version_name(i: int) -> str:
    return f"api-3.6.{i + 1}"


def perturb(html: str, k: int) -> str:
    """Rotate the letters of every text node by ``k`` (markup untouched)."""
    if k == 0:
        return html
    table = _rotation(k)
    return _TEXT.sub(lambda m: ">" + m.group(1).translate(table) + "<", html)


def retarget(value: str, version: str) -> str:
    return _VERSION.sub(version, value)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--source", type=Path, required=True, help="source corpus JSONL")
    ap.add_argument("--labels", type=Path, required=True, help="source labels CSV (id,template)")
    ap.add_argument("--pages", type=int, required=True, help="approximate number of pages wanted")
    ap.add_argument("--out", type=Path, required=True, help="output path stem")
    args = ap.parse_args(argv)
    records = args.source.read_text(encoding="utf-8").splitlines()
    records = [r for r in records if r.strip()]
    copies = max(1, math.ceil(args.pages / len(records)))
    with args.labels.open(encoding="utf-8") as fh:
        labels = list(csv.DictReader(fh))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    jsonl = args.out.with_suffix(".jsonl")
    with jsonl.open("w", encoding="utf-8") as out:
        for i in range(copies):
            version = _version_name(i)
            for line in records:
                rec = json.loads(line)
                rec["id"] = retarget(rec["id"], version)
                rec["html"] = perturb(rec["html"], i)
                rec["paths"] = [retarget(p, version) for p in rec.get("paths", [])]
                rec["stylesheetHrefs"] = [
                    retarget(h, version) for h in rec.get("stylesheetHrefs", [])
                ]
                out.write(json.dumps(rec, ensure_ascii=False) + "\n")
    with args.out.with_suffix(".labels.csv").open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["id", "template"])
        for i in range(copies):
            version = _version_name(i)
            for row in labels:
                w.writerow([retarget(row["id"], version), row["template"]])
    print(f"{copies * len(records)} pages ({copies} versions) -> {jsonl}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
