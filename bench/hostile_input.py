"""What the bounds on hostile input cost on ordinary input, and what they save.

Every figure is a ratio against a baseline measured in the same run:

* attribute scan: the scan every page goes through before parsing, against
  parsing the same pages (compiled scanner and pure-Python fallback);
* attribute bomb: parsing one element with N attributes, capped and uncapped,
  against parsing a page of the same size without attributes;
* WARC record checks: reading a plain and a per-record gzip WARC with the
  checks that catch overstated lengths, against reading it without them;
* bounded JSONL lines: reading lines with the length bound, against Python's
  unbounded line iteration.

    python bench/hostile_input.py                      # the sample site
    python bench/hostile_input.py --jsonl pages.jsonl  # any JSONL crawl (also .gz)
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lxml import etree  # noqa: E402

from page_cluster.io import warc as warc_module  # noqa: E402
from page_cluster.io.jsonl import read_bounded_lines  # noqa: E402
from page_cluster.io.report import ReadReport  # noqa: E402
from page_cluster.parsing import attribute_cap  # noqa: E402
from page_cluster.parsing.html_source import parse_html  # noqa: E402
from tests.io_fixtures import join, response  # noqa: E402


def best_of(repeat: int, func: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs (least disturbed by other load), in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best


def load_pages(path: Path) -> list[dict]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rb") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def attribute_scan(pages: list[bytes], repeat: int) -> None:
    parse = best_of(repeat, lambda: [parse_html(p, "utf-8") for p in pages])
    compiled = attribute_cap._compiled()
    print(f"attribute scan, {len(pages)} pages ({sum(map(len, pages)) >> 20} MiB):")
    if compiled is not None:
        t = best_of(repeat, lambda: [compiled(p, 1000) for p in pages])
        print(f"  compiled scan / parse      {t / parse:6.3f}")
    t = best_of(repeat, lambda: [attribute_cap._overfull_pure(p, 1000) for p in pages])
    print(f"  pure-Python scan / parse   {t / parse:6.3f}")


def bomb(n: int) -> bytes:
    attrs = " ".join(f"a{i}=v" for i in range(n))
    return f"<html><body><div {attrs}></div></body></html>".encode()


def attribute_bombs(repeat: int) -> None:
    print("one element with N attributes, parse time / a page of the same size without:")
    for n, capped in ((10_000, False), (20_000, False), (40_000, False), (300_000, True)):
        data = bomb(n)
        plain = b"<html><body><div>" + b"x" * len(data) + b"</div></body></html>"
        base = best_of(repeat, lambda plain=plain: parse_html(plain, "utf-8"))
        if capped:
            t = best_of(repeat, lambda data=data: parse_html(data, "utf-8"))
            label = "capped at 1000"
        else:
            t = best_of(1, lambda data=data: parse_html(data, "utf-8", max_attributes=10**9))
            label = "uncapped"
        print(f"  N={n:>7} {label:<15} {t / base:9.1f}")


def warc_checks(pages: list[bytes], repeat: int) -> None:
    records = [response(f"http://bench.example/{i}.html", p) for i, p in enumerate(pages)]
    plain, members = join(records, False), join(records, True)
    overrun, member_start = warc_module._plain_overrun, warc_module._scan_member_start

    def read(data: bytes, reader: str) -> None:
        pages_read = list(
            warc_module.iter_warc_pages(io.BytesIO(data), ReadReport(), reader=reader)
        )
        assert len(pages_read) == len(records)

    print(f"WARC reading with the record checks / without ({len(records)} records):")
    readers = ["warcio"] + (["fastwarc"] if warc_module.fastwarc_available() else [])
    for reader in readers:
        for name, data in (("plain", plain), ("gzip", members)):
            with_checks = best_of(repeat, lambda data=data, reader=reader: read(data, reader))
            warc_module._plain_overrun = lambda fh, offset: None
            warc_module._scan_member_start = lambda fh, lo, hi: None
            try:
                without = best_of(repeat, lambda data=data, reader=reader: read(data, reader))
            finally:
                warc_module._plain_overrun, warc_module._scan_member_start = overrun, member_start
            print(f"  {reader:<8} {name:<6} {with_checks / without:6.3f}")


def jsonl_lines(raw: bytes, repeat: int) -> None:
    def bounded() -> int:
        return sum(1 for _ in read_bounded_lines(io.BufferedReader(io.BytesIO(raw)), 1 << 28))

    def unbounded() -> int:
        return sum(1 for _ in io.BufferedReader(io.BytesIO(raw)))

    ratio = best_of(repeat, bounded) / best_of(repeat, unbounded)
    print(f"JSONL lines, bounded / unbounded reading ({len(raw) >> 20} MiB): {ratio:6.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--jsonl", type=Path, default=ROOT / "sample_data" / "site.jsonl")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    records = load_pages(args.jsonl)
    pages = [r["html"].encode("utf-8", "surrogatepass") for r in records]
    raw = b"".join(json.dumps(r).encode() + b"\n" for r in records) * 4
    print(f"lxml {etree.__version__}; input {args.jsonl.name}")
    attribute_scan(pages, args.repeat)
    attribute_bombs(max(1, args.repeat // 2))
    warc_checks(pages, args.repeat)
    jsonl_lines(raw, args.repeat)


if __name__ == "__main__":
    main()
