"""A small crawl archive for the crawl tests: several hosts spread over files of
several formats, each host's pages in several files."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from urllib.parse import urlsplit

from .io_fixtures import join, response, sample_pages, warcinfo
from .sites import mirrored_site


def _rehost(pages: list[dict], host: str) -> list[dict]:
    out = []
    for rec in pages:
        path = urlsplit(rec["id"]).path
        out.append(rec | {"id": f"https://{host}{path}", "host": host})
    return out


def archive_pages() -> list[dict]:
    """Pages of four hosts, in crawl order (hosts interleaved)."""
    sample = sample_pages()
    hosts = [
        sample[::2],
        _rehost(sample[1::3], "branch.example"),
        mirrored_site(host="mirror.example", pages_per_template=4),
        [{k: v for k, v in p.items() if k != "host"} for p in sample[::7]],  # no host
    ]
    pages: list[dict] = []
    longest = max(len(h) for h in hosts)
    for i in range(longest):
        for h in hosts:
            if i < len(h):
                pages.append(h[i])
    return pages


def write_archive(root: Path, files: int = 6) -> tuple[list[Path], list[dict]]:
    """Split :func:`archive_pages` into ``files`` files (JSONL, JSONL.gz and, for
    the last, a WARC.gz of its pages' URLs); returns the files and the pages in
    file order."""
    pages = archive_pages()
    root.mkdir(parents=True, exist_ok=True)
    size = -(-len(pages) // files)
    paths: list[Path] = []
    for n in range(files):
        part = pages[n * size : (n + 1) * size]
        if n == files - 1:
            path = root / f"part-{n:02d}.warc.gz"
            records = [warcinfo()] + [
                response(p["id"], p["html"].encode("utf-8")) for p in part if "host" in p
            ]
            path.write_bytes(join(records, compress=True))
        else:
            lines = "".join(json.dumps(p) + "\n" for p in part)
            if n % 2:
                path = root / f"part-{n:02d}.jsonl.gz"
                path.write_bytes(gzip.compress(lines.encode("utf-8"), mtime=0))
            else:
                path = root / f"part-{n:02d}.jsonl"
                path.write_text(lines, encoding="utf-8")
        paths.append(path)
    return paths, pages


#: Theme sites whose vocabularies, shared in one corpus, change each other's
#: keys (class families counted across both WordPress themes, signature order
#: shifted by the other sites' tokens): the case per-host clustering is for.
MULTI_HOST_SITES = ("wordpress_classic", "wordpress_blocks", "hugo_tailwind")


def multi_host_pages() -> list[dict]:
    """Three hosts' pages interleaved in crawl order, as one crawl file holds them."""
    from .theme_sites import SITES

    hosts = [[record for record, _ in SITES[name](0)] for name in MULTI_HOST_SITES]
    pages: list[dict] = []
    for i in range(max(len(h) for h in hosts)):
        pages.extend(h[i] for h in hosts if i < len(h))
    return pages


def write_multi_host_file(path: Path) -> list[dict]:
    """:func:`multi_host_pages` as one JSONL file; returns the pages."""
    pages = multi_host_pages()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(p) + "\n" for p in pages), encoding="utf-8")
    return pages
