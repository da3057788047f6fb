"""A page's own stylesheet links, read from its already-parsed tree.

Crawls that are not in the JSONL shape (WARC files, mirrored folders) carry no
``stylesheetHrefs``: the hrefs have to come from the HTML. They are read from the
tree that the structural walk uses anyway: lexbor's, in C, by the compiled walker
(which hands over ``(tag, href, rel)`` for :func:`stylesheet_links_from`), or
lxml's, with its C-level tag filter (``iter("link", "base")``). Deriving them
costs no second parse and no Python walk over the whole tree. Resolving the hrefs
against the page URL is left to the caller (it needs the URL, which the tree
does not know).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from lxml import etree

from ..base.pickling import pickled_by_fields

__all__ = ["StylesheetLinks", "read_stylesheet_links", "stylesheet_links_from"]


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class StylesheetLinks:
    """The raw ``href`` of every ``<link rel=stylesheet>`` (document order) and the
    first ``<base href>``; both as written in the page, unresolved."""

    hrefs: tuple[str, ...] = ()
    base_href: str | None = None


def read_stylesheet_links(root: etree._Element | None) -> StylesheetLinks:
    """Read stylesheet links and the base URL from a parsed page.

    ``rel`` is a space-separated, case-insensitive token list, so
    ``rel="Stylesheet preload"`` counts. Only the first ``<base>`` with an
    ``href`` applies, as in a browser.

    >>> from page_cluster.parsing.html_source import parse_html
    >>> read_stylesheet_links(parse_html(
    ...     '<head><base href="/docs/"><link rel="StyleSheet" href=" a.css ">'
    ...     '<link rel="icon" href="i.png"></head><body><p>x</p></body>'))
    StylesheetLinks(hrefs=('a.css',), base_href='/docs/')
    """
    if root is None:
        return StylesheetLinks()
    return stylesheet_links_from(
        (el.tag, el.get("href"), el.get("rel")) for el in root.iter("link", "base")
    )


def stylesheet_links_from(
    elements: Iterable[tuple[str, str | None, str | None]],
) -> StylesheetLinks:
    """The same from ``(tag, href, rel)`` of every ``link``/``base`` element in
    document order, however the page was parsed.

    >>> stylesheet_links_from([("link", "x.css", "stylesheet"), ("base", "/a/", None)])
    StylesheetLinks(hrefs=('x.css',), base_href='/a/')
    """
    hrefs: list[str] = []
    base_href: str | None = None
    for tag, href, rel in elements:
        if href is None:
            continue
        href = href.strip()
        if not href:
            continue
        if tag == "base":
            if base_href is None:
                base_href = href
            continue
        if rel and "stylesheet" in rel.lower().split():
            hrefs.append(href)
    return StylesheetLinks(tuple(hrefs), base_href)
