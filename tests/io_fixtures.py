"""Writers for test crawls: WARC records byte by byte, sample-site folders.

WARC bytes are written here by hand (not with warcio) so that the readers are
tested against the format, including malformed variants, not against themselves.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import urlsplit

from .conftest import SAMPLE

_counter = [0]


def warc_record(
    rec_type: str,
    url: str | None,
    block: bytes,
    content_type: str = "application/http; msgtype=response",
    extra: dict[str, str] | None = None,
) -> bytes:
    """One uncompressed WARC/1.0 record."""
    _counter[0] += 1
    lines = [
        "WARC/1.0",
        f"WARC-Type: {rec_type}",
        f"WARC-Record-ID: <urn:uuid:00000000-0000-0000-0000-{_counter[0]:012d}>",
        "WARC-Date: 2026-01-01T00:00:00Z",
    ]
    if url is not None:
        lines.append(f"WARC-Target-URI: {url}")
    for k, v in (extra or {}).items():
        lines.append(f"{k}: {v}")
    lines += [f"Content-Type: {content_type}", f"Content-Length: {len(block)}"]
    return "\r\n".join(lines).encode() + b"\r\n\r\n" + block + b"\r\n\r\n"


def http_response(status: int, body: bytes, headers: dict[str, str] | None = None) -> bytes:
    reason = {200: "OK", 301: "Moved Permanently", 304: "Not Modified", 404: "Not Found"}
    head = [f"HTTP/1.1 {status} {reason.get(status, 'X')}"]
    hdrs = {"Content-Length": str(len(body))} | (headers or {})
    head += [f"{k}: {v}" for k, v in hdrs.items()]
    return "\r\n".join(head).encode() + b"\r\n\r\n" + body


def response(
    url: str, body: bytes, status: int = 200, content_type: str | None = "text/html", **headers
) -> bytes:
    hdrs = dict(headers)
    if content_type is not None:
        hdrs["Content-Type"] = content_type
    return warc_record("response", url, http_response(status, body, hdrs))


def request(url: str) -> bytes:
    path = urlsplit(url).path or "/"
    block = f"GET {path} HTTP/1.1\r\nHost: {urlsplit(url).netloc}\r\n\r\n".encode()
    return warc_record("request", url, block, "application/http; msgtype=request")


def warcinfo() -> bytes:
    return warc_record("warcinfo", None, b"software: tests\r\n", "application/warc-fields")


def join(records: Iterable[bytes], compress: bool) -> bytes:
    """Concatenate records, one gzip member per record when ``compress``."""
    if compress:
        return b"".join(gzip.compress(r, mtime=0) for r in records)
    return b"".join(records)


def sample_pages() -> list[dict]:
    with SAMPLE.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def sample_warc_records(base: str = "http://library.example") -> list[bytes]:
    """The sample site as a crawl: warcinfo, then request + response per page."""
    out = [warcinfo()]
    for rec in sample_pages():
        url = base + urlsplit(rec["id"]).path
        out.append(request(url))
        out.append(response(url, rec["html"].encode("utf-8"), content_type="text/html"))
    return out


def write_sample_site(root: Path, with_assets: bool = True) -> list[dict]:
    """Write the sample pages as static files under ``root`` (URL path = file path)."""
    pages = sample_pages()
    for rec in pages:
        path = root / urlsplit(rec["id"]).path.lstrip("/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(rec["html"], encoding="utf-8")
    if with_assets:
        (root / "assets").mkdir(exist_ok=True)
        (root / "assets" / "site.css").write_text("body { margin: 0 }\n")
        (root / "assets" / "news.css").write_text("article { padding: 1em }\n")
    return pages


def partition(ids: Iterable[str], keys: Iterable[str]) -> set[frozenset[str]]:
    """Groups of ids that share a key: compares clusterings whatever the key names."""
    groups: dict[str, set[str]] = {}
    for i, k in zip(ids, keys, strict=True):
        groups.setdefault(k, set()).add(i)
    return {frozenset(g) for g in groups.values()}


def url_path(url: str) -> str:
    return urlsplit(url).path
