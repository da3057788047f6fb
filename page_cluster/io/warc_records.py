"""Which WARC records are pages, and the page made from one.

Both reader back-ends (:mod:`page_cluster.io.warc_backends`) reduce a record to
an :class:`_Entry`; the rules here decide from it whether it is a successful
HTML capture and decode its payload (see :mod:`page_cluster.io.warc`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..base.limits import MAX_PAGE_BYTES
from ..base.model import Page
from .charset import UndecodableError, charset_from_content_type, decode_html_bytes
from .record import PageRecord
from .report import Skipped, one_line
from .url_signals import signals_from_url
from .warc_recovery import _SCAN_CHUNK

HTML_MEDIA_TYPES = frozenset({"text/html", "application/xhtml+xml", "application/html"})


_HTML_START = re.compile(rb"^\s*<(?:!doctype\s+html|html|head|body|!--)", re.IGNORECASE)


@dataclass(slots=True)
class _Entry:
    """One WARC record, reduced to what page selection needs."""

    ordinal: int  # 1-based position among all records of the file
    offset: int
    rec_type: str
    url: str | None
    status: int | None  # HTTP status; None when the record has no HTTP part
    has_http: bool
    content_type: str | None
    payload: bytes | None  # read only for records that may be pages
    too_large: bool = False


class _Corrupt(Exception):
    """The record at ``offset`` cannot be read."""

    def __init__(self, ordinal: int, offset: int, detail: str, truncated: bool = False) -> None:
        super().__init__(detail)
        self.ordinal = ordinal
        self.offset = offset
        self.detail = detail
        self.truncated = truncated


def _media_type(content_type: str | None) -> str | None:
    if not content_type:
        return None
    media = content_type.split(";", 1)[0].strip().lower()
    return media or None


#: A WARC-Type value is a token (RFC 9110 ``tchar``s). Unknown well-formed types
#: are extensions a reader passes over; anything else is a damaged header.
_RECORD_TYPE = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")


def _pre_payload_skip(rec_type: str, status: int | None, has_http: bool, ctype: str | None) -> str:
    """Skip reason known before the payload is read; ``""`` when it may be a page,
    ``"-"`` for records that are not captures at all (requests, metadata ...).

    >>> [_pre_payload_skip(t, None, False, None) for t in ("metadata", "re?ponse", "res ponse")]
    ['-', 'corrupt', 'corrupt']
    """
    if not _RECORD_TYPE.fullmatch(rec_type):
        # A record whose type was damaged may have been a page: counted, not dropped.
        return "corrupt"
    if rec_type == "revisit":
        return "revisit"
    if rec_type not in ("response", "resource"):
        return "-"
    if has_http:
        if status is None:
            return "failed"
        if status == 304:
            return "not modified"
        if 300 <= status < 400:
            return "redirect"
        if not 200 <= status < 300:
            return "failed"
    media = _media_type(ctype)
    if media is not None and media not in HTML_MEDIA_TYPES:
        return "non-HTML"
    return ""


def _read_capped(read: Callable[[int], bytes], cap: int) -> bytes | None:
    """Read a whole payload, or ``None`` once it exceeds ``cap`` bytes."""
    chunks: list[bytes] = []
    total = 0
    while True:
        block = read(min(_SCAN_CHUNK, cap + 1 - total))
        if not block:
            return b"".join(chunks)
        chunks.append(block)
        total += len(block)
        if total > cap:
            return None


def _status_of(text: Any) -> int | None:
    try:
        status = int(str(text).strip().split(" ", 1)[0])
    except (TypeError, ValueError):
        return None
    return status if 100 <= status <= 999 else None


def _clean_url(url: Any) -> str | None:
    if not isinstance(url, str):
        return None
    url = url.strip()
    # WARC 1.0 writers (wget among them) wrap the URI in angle brackets.
    if url.startswith("<") and url.endswith(">"):
        url = url[1:-1].strip()
    # A space is not valid in a URI; warcio escapes it, and so do we for FastWARC.
    return url.replace(" ", "%20") or None


def _page_from_entry(
    entry: _Entry, position: str, cap: int = MAX_PAGE_BYTES
) -> tuple[PageRecord | None, Skipped | None, str]:
    """Turn a record into a page, or say why it is skipped; the last item is a
    note on a page kept despite a problem (``""`` when none)."""
    reason = _pre_payload_skip(entry.rec_type, entry.status, entry.has_http, entry.content_type)
    if reason == "-":
        return None, None, ""
    if reason:
        return None, Skipped(reason, position), ""
    if entry.too_large:
        return None, Skipped("too large", position, f"over {cap} bytes"), ""
    payload = entry.payload or b""
    sniffed_html = _HTML_START.match(payload[:1024]) is not None
    if _media_type(entry.content_type) is None and payload and not sniffed_html:
        return None, Skipped("non-HTML", position), ""
    try:
        decoded = decode_html_bytes(payload, charset_from_content_type(entry.content_type))
    except UndecodableError as exc:
        return None, Skipped("undecodable", position, str(exc)), ""
    url = entry.url
    paths, host = signals_from_url(url) if url else ((), None)
    page = Page(html=decoded.html, paths=paths, host=host, id=url)
    record = PageRecord(
        page=page,
        position=position,
        output_id=url,
        url=url,
        derive_stylesheets=True,
        encoding=decoded.encoding,
        offset=entry.offset,
    )
    return record, None, "decoded with replacement characters" if decoded.replaced else ""


def _position(ordinal: int, offset: int, url: str | None, unit: str) -> str:
    """``record 7 (byte 1262, http://…)``, on one line whatever a damaged header
    put in the URL."""
    where = f"record {ordinal} ({unit} {offset}"
    return f"{where}, {one_line(url)})" if url else f"{where})"
