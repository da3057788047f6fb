#!/usr/bin/env python3
"""Write a Quark-annotated sample of the labelled corpora, for ``page-cluster evaluate``.

Takes, from each documentation corpus, the first ``--pages`` held-out pages (the
half the block classifier never trained on; ordered by sha256 of the page id, so
the sample is spread over the site and stable) and writes them as JSONL with
``quark="content|rel_link|noise"`` annotations derived from the generator's main
region (see ``scripts/corpus_labels.py``). The pages of one corpus are siblings
of each other, so the evaluation exercises the cluster path.

    python scripts/make_quark_sample.py --tools ../shared/corpora --data /tmp/corpora \\
        --pages 100 --out /tmp/quark-sample.jsonl
    page-cluster evaluate < /tmp/quark-sample.jsonl
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus_labels


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--tools", type=Path, required=True, help="the corpus tools folder")
    ap.add_argument("--data", type=Path, required=True, help="folder with NAME.jsonl corpora")
    ap.add_argument("--out", type=Path, required=True, help="JSONL file to write")
    ap.add_argument("--pages", type=int, default=100, help="held-out pages per corpus")
    ap.add_argument("--corpus", action="append", choices=corpus_labels.CORPORA)
    args = ap.parse_args(argv)
    written = 0
    with args.out.open("w", encoding="utf-8") as out:
        for corpus in args.corpus or corpus_labels.CORPORA:
            held = [
                r
                for r in corpus_labels.annotated_pages(args.tools, args.data, corpus)
                if corpus_labels.is_test_page(r["id"])
            ]
            held.sort(key=lambda r: hashlib.sha256(r["id"].encode("utf-8")).hexdigest())
            for rec in held[: args.pages]:
                out.write(json.dumps(rec, ensure_ascii=False) + "\n")
                written += 1
            print(f"{corpus}: {min(len(held), args.pages)} of {len(held)} held-out pages")
    print(f"wrote {written} pages to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
