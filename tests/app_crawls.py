"""Crawls for the app tests, derived from the bundled sample."""

from __future__ import annotations

import io
import json
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sample_data" / "site.jsonl"
#: Host given to the copied pages.
COPY_HOST = "copy.library.example"


def sample_records(limit: int | None = None) -> list[dict]:
    with SAMPLE.open(encoding="utf-8") as fh:
        records = [json.loads(line) for line in fh if line.strip()]
    return records[:limit] if limit is not None else records


def copied_host_records(n: int = 40) -> list[dict]:
    """The first ``n`` sample pages, plus byte-identical copies served by a second host.

    Clustering blocks pages by host, so each copy lands in another cluster than
    its original although their structure is identical: the validator then
    suggests merging those cluster pairs (the bundled sample alone yields none).
    """
    originals = sample_records(n)
    copies = [dict(r, id=f"copy:{r['id']}", host=COPY_HOST) for r in originals]
    return originals + copies


def glued_layout_records(n: int = 12, hosts: tuple[str, ...] = ("glued.example",)) -> list[dict]:
    """Two page layouts on one stylesheet that differ by one element, deep
    inside ``<main>``, served at two URL routes.

    Both show prose in the same wrappers; the listing layout (under ``list/``)
    adds an empty filters box, the article layout (under ``pages/``) nothing.
    A one-sided difference is what the engine treats as an optional part, so
    it puts both layouts in one cluster; the validator sees that the pages
    with the box live at routes of their own, and proposes the split. With a
    second host, every page is also served, byte-identical, from it (a
    duplicate to merge).
    """
    import random

    rng = random.Random(5)
    header = (
        '<header class="site"><nav><a href="/">home</a><a href="/blog/">blog</a></nav></header>'
    )
    footer = '<footer class="site"><p>footer</p></footer>'
    layouts = []
    for folder, extra in (("list", '<aside class="filters"></aside>'), ("pages", "")):
        for _ in range(n):
            paras = "".join("<p>text</p>" for _ in range(rng.randint(2, 8)))
            main = (
                f'<div class="wrap"><div class="grid"><div class="prose"><h1>title</h1>{paras}'
                f"</div>{extra}</div></div>"
            )
            layouts.append(([folder, f"{len(layouts)}.html"], main))
    return [
        {
            "id": f"https://{host}/{'/'.join(path)}",
            "html": f"<html><body>{header}<main>{main}</main>{footer}</body></html>",
            "paths": path,
            "stylesheetHrefs": ["/site.css"],
            "host": host,
        }
        for host in hosts
        for path, main in layouts
    ]


def write_jsonl(path: Path, records: list[dict]) -> Path:
    with path.open("w", encoding="utf-8") as fh:
        for r in records:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    return path


# --- the same pages in the other input formats ------------------------------------

#: Host of the sample's URLs (its ids are ``https://library.example/...``).
SAMPLE_HOST = "library.example"


def warc_members(records: list[dict], *, stylesheet: bool = True) -> list[bytes]:
    """The pages as WARC.gz members written by warcio: a warcinfo record, then one
    ``response`` per page at the page's URL (and a stylesheet response, which the
    reader skips as non-HTML). One gzip member per record, as crawlers write."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    def member(make) -> bytes:
        buf = io.BytesIO()
        writer = WARCWriter(buf, gzip=True)
        writer.write_record(make(writer))
        return buf.getvalue()

    def response(url: str, body: bytes, content_type: str):
        def make(writer):
            http = StatusAndHeaders(
                "200 OK",
                [("Content-Type", content_type), ("Content-Length", str(len(body)))],
                protocol="HTTP/1.1",
            )
            return writer.create_warc_record(
                url, "response", payload=io.BytesIO(body), http_headers=http
            )

        return member(make)

    out = [member(lambda w: w.create_warcinfo_record("crawl.warc.gz", {"software": "tests"}))]
    for i, r in enumerate(records):
        out.append(response(r["id"], r["html"].encode("utf-8"), "text/html; charset=utf-8"))
        if stylesheet and i == 0:
            out.append(response(f"https://{SAMPLE_HOST}/assets/site.css", b"body{}", "text/css"))
    return out


def write_warc_gz(path: Path, records: list[dict]) -> Path:
    path.write_bytes(b"".join(warc_members(records)))
    return path


def write_site_folder(root: Path, records: list[dict], host: str | None = SAMPLE_HOST) -> Path:
    """The pages as saved files, under a host folder as ``wget --mirror`` writes
    them (``root/library.example/en/index.html``), plus a stylesheet."""
    top = root / host if host else root
    for r in records:
        path = top / urlsplit(r["id"]).path.lstrip("/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(r["html"], encoding="utf-8")
    (top / "assets").mkdir(parents=True, exist_ok=True)
    (top / "assets" / "site.css").write_text("body { margin: 0 }\n")
    return root


def command_output(path: Path) -> list[tuple[object, str]]:
    """``(id, clusterKey)`` per page, as ``page-cluster PATH`` writes them."""
    from page_cluster.cli.main import build_parser, run_cluster_command

    out, err = io.StringIO(), io.StringIO()
    args = build_parser().parse_args([str(path), "--jobs", "1"])
    status = run_cluster_command(args, io.BytesIO(), out, err)
    assert status == 0, err.getvalue()
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    return [(r["id"], r["clusterKey"]) for r in rows]
