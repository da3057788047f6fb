#!/usr/bin/env python3
"""Input throughput: WARC.gz against JSONL of the same pages, measured in one run.

Writes the pages of a JSONL file (the bundled sample by default, repeated to get a
measurable amount) once as JSONL and once as a crawler would store them in a
WARC.gz (a request and a gzip-compressed response record per page), then reads
both through :func:`page_cluster.io.open_pages`:

* ``read``: records only (decompression, WARC parsing, charset decoding);
* ``read+parse``: through the one-parse pipeline (``build_corpus``), which for
  WARC pages also derives the stylesheet hrefs from the HTML (the JSONL carries
  them explicitly);
* ``read peak``: the most memory Python held while reading every page (traced
  separately, after the timings): bounded by one record, not by the input.

Each figure is the best of ``--rounds`` runs (the order of the formats alternates
between rounds); the ratio is WARC.gz pages/s divided by JSONL pages/s.

    python bench/io_throughput.py                         # bundled sample x 20
    python bench/io_throughput.py --jsonl /path/to/docbook.jsonl --repeat 1
    python bench/io_throughput.py --reader warcio         # without FastWARC
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from page_cluster.ingest.build import build_corpus
from page_cluster.io import open_pages
from page_cluster.io.warc import fastwarc_available

ROOT = Path(__file__).resolve().parents[1]


def load_pages(path: Path, repeat: int, limit: int | None) -> list[dict]:
    base = []
    with path.open("rb") as fh:
        for line in fh:
            if line.strip():
                base.append(json.loads(line))
            if limit and len(base) >= limit:
                break
    pages = []
    for r in range(repeat):
        for i, rec in enumerate(base):
            rec = dict(rec)
            url = rec.get("url") or rec.get("id")
            if not isinstance(url, str) or not urlsplit(url).netloc:
                path = "/".join(rec.get("paths") or [str(i)])
                url = f"http://{rec.get('host') or 'site.example'}/{path}"
            parts = urlsplit(url)
            # Copies live under their own top folder so every URL is distinct.
            rec["id"] = f"{parts.scheme}://{parts.netloc}/r{r}{parts.path or '/'}"
            rec["paths"] = [f"r{r}", *(rec.get("paths") or [])]
            pages.append(rec)
    return pages


def write_jsonl(pages: list[dict], path: Path) -> None:
    with path.open("w", encoding="utf-8") as fh:
        for rec in pages:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")


def write_warc_gz(pages: list[dict], path: Path) -> None:
    with path.open("wb") as fh:
        writer = WARCWriter(fh, gzip=True)
        for rec in pages:
            url = rec["id"]
            host = urlsplit(url).netloc
            req = StatusAndHeaders(
                f"GET {urlsplit(url).path} HTTP/1.1", [("Host", host)], is_http_request=True
            )
            writer.write_record(
                writer.create_warc_record(url, "request", payload=io.BytesIO(b""), http_headers=req)
            )
            body = rec["html"].encode("utf-8")
            headers = StatusAndHeaders(
                "200 OK",
                [("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(body)))],
                protocol="HTTP/1.1",
            )
            writer.write_record(
                writer.create_warc_record(
                    url, "response", payload=io.BytesIO(body), http_headers=headers
                )
            )


def timed(fn: Callable[[], int]) -> tuple[int, float]:
    t0 = time.perf_counter()
    n = fn()
    return n, time.perf_counter() - t0


def read_only(path: Path, reader: str) -> Callable[[], int]:
    def run() -> int:
        return sum(1 for _ in open_pages(path, warc_reader=reader))

    return run


def read_and_parse(path: Path, reader: str) -> Callable[[], int]:
    def run() -> int:
        return build_corpus(open_pages(path, warc_reader=reader)).n_pages

    return run


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--jsonl", type=Path, default=ROOT / "sample_data" / "site.jsonl")
    ap.add_argument("--repeat", type=int, default=20, help="copies of the pages (default 20)")
    ap.add_argument("--limit", type=int, default=None, help="use only the first N pages")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--reader", choices=["auto", "warcio", "fastwarc"], default="auto")
    args = ap.parse_args()

    reader = args.reader
    if reader == "auto":
        reader = "fastwarc" if fastwarc_available() else "warcio"
    pages = load_pages(args.jsonl, args.repeat, args.limit)
    with tempfile.TemporaryDirectory() as tmp:
        jsonl = Path(tmp) / "pages.jsonl"
        warc = Path(tmp) / "pages.warc.gz"
        write_jsonl(pages, jsonl)
        write_warc_gz(pages, warc)
        del pages
        with gzip.open(warc, "rb") as fh:
            raw_warc = sum(len(b) for b in iter(lambda: fh.read(1 << 20), b""))
        n_pages = sum(1 for _ in open_pages(jsonl))
        print(
            f"pages: {n_pages} ({args.jsonl.name} x {args.repeat}); "
            f"JSONL {jsonl.stat().st_size / 1e6:.1f} MB, "
            f"WARC.gz {warc.stat().st_size / 1e6:.1f} MB ({raw_warc / 1e6:.1f} MB uncompressed); "
            f"WARC reader: {reader}"
        )
        for label, make in (("read", read_only), ("read+parse", read_and_parse)):
            best = {"jsonl": float("inf"), "warc": float("inf")}
            counts = {}
            for r in range(args.rounds):
                order = ("jsonl", "warc") if r % 2 == 0 else ("warc", "jsonl")
                for fmt in order:
                    n, secs = timed(make(jsonl if fmt == "jsonl" else warc, reader))
                    counts[fmt] = n
                    best[fmt] = min(best[fmt], secs)
            assert counts["jsonl"] == counts["warc"], counts
            j = counts["jsonl"] / best["jsonl"]
            w = counts["warc"] / best["warc"]
            print(
                f"{label:<11} JSONL {j:9.0f} pages/s   WARC.gz {w:9.0f} pages/s   "
                f"ratio WARC.gz/JSONL {w / j:.2f}"
            )
        # Streaming: reading holds one record at a time, whatever the input size.
        peaks = {}
        for fmt, path in (("jsonl", jsonl), ("warc", warc)):
            tracemalloc.start()
            read_only(path, reader)()
            peaks[fmt] = tracemalloc.get_traced_memory()[1] / 1e6
            tracemalloc.stop()
        print(
            f"read peak  JSONL {peaks['jsonl']:6.1f} MB         WARC.gz {peaks['warc']:6.1f} MB "
            f"(Python allocations while reading all {n_pages} pages)"
        )


if __name__ == "__main__":
    main()
