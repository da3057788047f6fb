"""Stylesheet hrefs: which are the site's own, and their cache-buster-free form.

Blocking groups pages by their first-party stylesheets, URL signals resolve a
crawl's hrefs the same way, and validation compares pages by them: one rule in
the ground floor, so that none of them needs another's room.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlsplit

__all__ = ["first_party_hrefs", "normalize_href"]


def normalize_href(href: str) -> str:
    """Strip the query and fragment (cache busters such as ``?v=2022.1``)."""
    href = href.strip()
    for sep in ("#", "?"):
        i = href.find(sep)
        if i != -1:
            href = href[:i]
    return href


def _host_of(href: str) -> str | None:
    if href.startswith("//"):
        return urlsplit("http:" + href).hostname
    parts = urlsplit(href)
    if parts.scheme and parts.scheme not in ("http", "https"):
        return ""  # data:, blob: ... never first-party files
    return parts.hostname


def _same_site(a: str, b: str) -> bool:
    a = a.lower().removeprefix("www.")
    b = b.lower().removeprefix("www.")
    return a == b or a.endswith("." + b) or b.endswith("." + a)


def first_party_hrefs(hrefs: Sequence[str], host: str | None) -> tuple[str, ...]:
    """The sorted, de-duplicated first-party stylesheet hrefs of one page.

    Relative and root-relative hrefs (``/a.css``, ``../a.css``) are first-party
    even when ``host`` is given; absolute ones are first-party when their host is
    the page's host or a sub/parent domain of it.

    >>> first_party_hrefs(["/a.css?v=1", "https://cdn.other.net/x.css", "b.css"], "example.com")
    ('/a.css', 'b.css')
    """
    out = set()
    for href in hrefs:
        if not isinstance(href, str) or not href.strip():
            continue
        h = _host_of(href.strip())
        if h == "":
            continue
        if h is None or (host and _same_site(h, host)):
            norm = normalize_href(href)
            if norm:
                out.add(norm)
    return tuple(sorted(out))
