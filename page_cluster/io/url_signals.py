"""Blocking signals derived from a page's URL and its stylesheet links.

A crawl that is not in the JSONL shape knows each page's URL but not the
``paths``, ``host`` and ``stylesheetHrefs`` fields the blocking pass reads. They
are derived here, with pure functions that never raise on a malformed URL (a
crawl may hold anything): a URL that cannot be split yields no signal.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Protocol
from urllib.parse import quote, unquote, urljoin, urlsplit

from ..base.hrefs import first_party_hrefs

__all__ = [
    "host_from_url",
    "page_base_url",
    "paths_from_url",
    "resolve_stylesheet_hrefs",
    "signals_from_url",
    "url_from_relative_path",
]


class StylesheetLinks(Protocol):
    """What resolving needs of a page's links, as the parser reads them
    (:class:`page_cluster.parsing.stylesheet_links.StylesheetLinks`); a protocol,
    so that the readers do not load the parser."""

    @property
    def hrefs(self) -> tuple[str, ...]: ...

    @property
    def base_href(self) -> str | None: ...


def paths_from_url(url: str) -> tuple[str, ...]:
    """The URL's path segments, percent-decoded, empty segments dropped.

    >>> paths_from_url("https://example.com/en/news/0.html?x=1#top")
    ('en', 'news', '0.html')
    >>> paths_from_url("/docs/a%20b/")
    ('docs', 'a b')
    """
    try:
        path = urlsplit(url).path
    except ValueError:
        return ()
    return tuple(unquote(seg, errors="replace") for seg in path.split("/") if seg)


def host_from_url(url: str) -> str | None:
    """The URL's host name, lower-cased, without port or credentials.

    The port is left out because first-party stylesheets are judged by host name
    (:func:`~page_cluster.base.hrefs.first_party_hrefs`).

    >>> host_from_url("http://User@Example.COM:8080/a")
    'example.com'
    >>> host_from_url("/relative/only") is None
    True
    """
    try:
        host = urlsplit(url).hostname
    except ValueError:
        return None
    return host or None


def signals_from_url(url: str) -> tuple[tuple[str, ...], str | None]:
    """:func:`paths_from_url` and :func:`host_from_url` from one split of the URL.

    >>> signals_from_url("http://Ex.com:81/a/b.html")
    (('a', 'b.html'), 'ex.com')
    """
    try:
        parts = urlsplit(url)
        host = parts.hostname or None
    except ValueError:
        return paths_from_url(url), host_from_url(url)
    paths = tuple(unquote(seg, errors="replace") for seg in parts.path.split("/") if seg)
    return paths, host


def page_base_url(url: str | None, paths: Sequence[str]) -> str | None:
    """What relative hrefs of a page resolve against: its URL, else its path.

    >>> page_base_url(None, ["en", "news", "0.html"])
    '/en/news/0.html'
    """
    if url:
        return url
    if paths:
        return "/" + "/".join(quote(p, safe="", errors="surrogatepass") for p in paths)
    return None


def _join(base: str | None, href: str) -> str:
    if not base:
        return href
    try:
        return urljoin(base, href)
    except ValueError:
        return href


def _base_directory(base: str) -> str:
    """The part of a base URL that relative references depend on: up to the last
    ``/`` of its path (``http://h/a/b.html?q`` → ``http://h/a/``). A base without
    a path is returned whole."""
    cut = len(base)
    for sep in "?#":
        i = base.find(sep)
        if i != -1:
            cut = min(cut, i)
    stem = base[:cut]
    authority = stem.find("//")
    path_start = stem.find("/", authority + 2) if authority != -1 else stem.find("/")
    if path_start == -1:
        return base
    return stem[: stem.rfind("/") + 1]


_C0_AND_SPACE = "".join(map(chr, range(33)))


def _is_path_reference(href: str) -> bool:
    """``a.css``, ``../a.css``, ``/a.css``: resolved from the base's directory alone
    (not ``//host/a.css``, ``?v=1``, ``#x`` or ``https://...``)."""
    if href[:1] in ("?", "#", ";") or href.startswith("//"):
        return False
    # urllib drops leading/trailing controls and spaces and any tab or newline;
    # such hrefs take the exact path.
    if href != href.strip(_C0_AND_SPACE) or any(c in href for c in "\t\r\n"):
        return False
    colon = href.find(":")
    if colon == -1:
        return True
    ends = [i for i in (href.find("/"), href.find("?"), href.find("#")) if i != -1]
    return bool(ends) and colon > min(ends)


@functools.lru_cache(maxsize=8192)
def _resolve_href(base: str | None, href: str, host: str | None) -> str:
    resolved = _join(base, href)
    try:
        parts = urlsplit(resolved)
    except ValueError:
        return resolved
    first_party = (
        parts.netloc
        and parts.scheme in ("http", "https", "")
        and host
        and first_party_hrefs([resolved], host)
    )
    if first_party:
        return (parts.path or "/") + ("?" + parts.query if parts.query else "")
    return resolved


def resolve_stylesheet_hrefs(
    links: StylesheetLinks, page_url: str | None, host: str | None
) -> tuple[str, ...]:
    """Resolve a page's stylesheet hrefs against its URL (and ``<base href>``).

    First-party stylesheets (judged by host, as blocking does) become
    root-relative paths with their query, so the same file gets the same string
    whatever the scheme, port or relative spelling used to reach it; others stay
    absolute URLs, which blocking then leaves out. Results are cached by base
    directory, so the handful of hrefs a site repeats on every page are resolved
    once per folder, not once per page.

    >>> from types import SimpleNamespace
    >>> links = SimpleNamespace(
    ...     hrefs=("../css/a.css?v=2", "https://cdn.example.net/x.css"), base_href=None)
    >>> resolve_stylesheet_hrefs(
    ...     links,
    ...     "http://example.com:8080/en/news/0.html", "example.com")
    ('/en/css/a.css?v=2', 'https://cdn.example.net/x.css')
    """
    base = page_url
    if links.base_href:
        base = _join(page_url, links.base_href)
    directory = _base_directory(base) if base else None
    return tuple(
        _resolve_href(directory if _is_path_reference(href) else base, href, host)
        for href in links.hrefs
    )


def url_from_relative_path(relative_path: str, host_dir: str | None) -> str:
    """The URL of a file saved in a mirrored folder.

    ``host_dir`` is the top folder a mirroring crawler names after the site
    (``example.com`` or ``127.0.0.1:8000``); without it the URL is root-relative.

    >>> url_from_relative_path("en/a b.html", "example.com:8000")
    'http://example.com:8000/en/a%20b.html'
    >>> url_from_relative_path("en/index.html", None)
    '/en/index.html'
    """
    path = "/" + quote(
        relative_path.replace("\\", "/").lstrip("/"), safe="/", errors="surrogateescape"
    )
    return f"http://{host_dir}{path}" if host_dir else path
