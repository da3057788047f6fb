"""One page as read from a crawl: the :class:`~page_cluster.base.model.Page` plus where
it came from, the id to echo, and what still has to be derived from its HTML."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..base.model import InvalidPageError, Page, PageId, coerce_page
from ..base.pickling import pickled_by_fields
from .url_signals import host_from_url, paths_from_url

__all__ = ["PageRecord", "record_from_mapping"]


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class PageRecord:
    """A page read from some input, ready for the one-parse pipeline.

    ``page`` already carries the signals derived from the URL (``paths``,
    ``host``) where the record had none. ``derive_stylesheets`` says the record
    had no ``stylesheetHrefs``: the ingest step then reads them from the page's
    own ``<link rel=stylesheet>`` tags, from the same parse, and resolves them
    against ``url``. ``encoding`` is set when ``page.html`` is bytes whose
    charset is already known.
    """

    page: Page
    #: Where the record is in its input, for messages: ``line 12``,
    #: ``element 3``, ``record 7 (byte 1234)``, ``file en/a.html``.
    position: str = ""
    #: The id to write in the output: the record's id, else its URL; ``None``
    #: means "use the page's 0-based index", as the JSONL contract says.
    output_id: Any = None
    url: str | None = None
    derive_stylesheets: bool = False
    encoding: str | None = None
    #: 1-based line number for line-based inputs (JSONL), else ``None``.
    line: int | None = None
    #: Where the record starts, so that one page can be read again (a preview)
    #: without reading the input again: the byte offset of its JSONL line in the
    #: decompressed text, or of its WARC record as the position names it; ``None``
    #: for inputs that have none (JSON arrays, folders, records built in code).
    offset: int | None = None
    #: The file the page was read from, relative to the folder (folders only).
    file: str | None = None

    # Names kept from the first JSONL reader's record type.
    @property
    def raw_id(self) -> Any:
        return self.output_id

    @property
    def has_id(self) -> bool:
        return self.output_id is not None


def _optional_url(record: Mapping[str, Any]) -> str | None:
    url = record.get("url")
    if url is None:
        return None
    if not isinstance(url, str):
        raise InvalidPageError("`url` must be a string")
    return url.strip() or None


def record_from_mapping(
    record: Mapping[str, Any],
    position: str = "",
    *,
    line: int | None = None,
    offset: int | None = None,
) -> PageRecord:
    """Turn a dict in the JSONL shape into a :class:`PageRecord`.

    Explicit fields always win; only absent (or ``null``) ones are derived: ``paths``
    and ``host`` from ``url``, ``stylesheetHrefs`` later from the HTML. The output id
    is the record's ``id``, else its ``url``.

    >>> r = record_from_mapping({"url": "https://Example.com/a/b.html", "html": "<p>x</p>",
    ...                          "host": "example.org"})
    >>> r.page.paths, r.page.host, r.output_id, r.derive_stylesheets
    (('a', 'b.html'), 'example.org', 'https://Example.com/a/b.html', True)
    """
    page = coerce_page(record)
    url = _optional_url(record)
    changes: dict[str, Any] = {}
    if url is not None:
        if record.get("paths") is None:
            changes["paths"] = paths_from_url(url)
        if record.get("host") is None:
            changes["host"] = host_from_url(url)
    output_id: PageId = page.id if page.id is not None else url
    if output_id != page.id:
        changes["id"] = output_id
    if changes:
        page = replace(page, **changes)
    hrefs = record.get("stylesheetHrefs", record.get("stylesheet_hrefs"))
    return PageRecord(
        page=page,
        position=position,
        output_id=page.id,
        url=url,
        derive_stylesheets=hrefs is None,
        line=line,
        offset=offset,
    )
