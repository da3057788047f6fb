#!/usr/bin/env python3
"""Parse speed of lxml against lexbor (selectolax), and what the signature adds.

For every corpus the first ``--pages`` pages are read into memory as UTF-8 bytes
(outside the timing), then each variant runs over all of them in this one
process, best of ``--repeat``; pages/s and the ratio of each variant to lxml's
parse are printed side by side, all measured in the same run:

* ``lxml``: ``etree.fromstring`` with an ``HTMLParser`` (the engine's floor);
* ``lexbor``: ``selectolax.lexbor.LexborHTMLParser`` (HTML5 tree construction);
* ``lxml+iter``/``lexbor+traverse``: the parse plus a Python loop over every element;
* ``sig lxml``/``sig lexbor``: the engine's whole per-page signature
  (:func:`page_cluster.parsing.signature.parse_document`) on each parser.

    python bench/parsers.py --data /tmp/corpora --pages 800
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path

REAL = ["sphinx", "docbook", "asciidoc", "doxygen", "javadoc8", "texinfo", "httpd", "mixed"]


def load(path: Path, limit: int) -> list[bytes]:
    pages: list[bytes] = []
    with path.open("rb") as fh:
        for line in fh:
            if not line.strip():
                continue
            pages.append(json.loads(line)["html"].encode("utf-8", "replace"))
            if len(pages) >= limit:
                break
    return pages


def best(repeat: int, fn: Callable[[], object]) -> float:
    out = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out = min(out, time.perf_counter() - t0)
    return out


def variants() -> dict[str, Callable[[list[bytes]], None]]:
    from lxml import etree
    from selectolax.lexbor import LexborHTMLParser

    from page_cluster.parsing import signature

    parser = etree.HTMLParser(encoding="utf-8", recover=True)

    def lxml_parse(pages: list[bytes]) -> None:
        for p in pages:
            etree.fromstring(p, parser)

    def lexbor_parse(pages: list[bytes]) -> None:
        for p in pages:
            LexborHTMLParser(p)

    def lxml_iter(pages: list[bytes]) -> None:
        for p in pages:
            for _ in etree.fromstring(p, parser).iter():
                pass

    def lexbor_traverse(pages: list[bytes]) -> None:
        for p in pages:
            for _ in LexborHTMLParser(p).root.traverse():
                pass

    def sig(backend: str) -> Callable[[list[bytes]], None]:
        def run(pages: list[bytes]) -> None:
            interner = signature.LocalInterner()
            for p in pages:
                signature.parse_document(p, interner, None, "utf-8", backend=backend)

        return run

    out = {
        "lxml": lxml_parse,
        "lexbor": lexbor_parse,
        "lxml+iter": lxml_iter,
        "lexbor+traverse": lexbor_traverse,
        "sig lxml": sig("lxml"),
    }
    if signature.lexbor_available():
        out["sig lexbor"] = sig("lexbor")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--data", type=Path, default=Path("/tmp/page-cluster-corpora"))
    ap.add_argument("--corpus", action="append", choices=REAL)
    ap.add_argument("--pages", type=int, default=800)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    runs = variants()
    names = list(runs)
    print("pages/s, best of", args.repeat, "(x: ratio of time to lxml's parse)")
    print("| corpus | pages | " + " | ".join(names) + " |")
    print("|---|---|" + "---|" * len(names))
    for corpus in args.corpus or REAL:
        pages = load(args.data / f"{corpus}.jsonl", args.pages)
        secs = {
            name: best(args.repeat, lambda fn=fn, pages=pages: fn(pages))
            for name, fn in runs.items()
        }
        base = secs["lxml"]
        cells = [f"{len(pages) / secs[n]:,.0f} ({secs[n] / base:.2f}x)" for n in names]
        print(f"| {corpus} | {len(pages)} | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
