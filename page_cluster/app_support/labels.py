"""Human labels for clusters, derived from their members.

A cluster key (``["css:af363ae22a64","cluster:3"]``) names a block and a
number: stable, but it says nothing to an analyst, and two hosts can give
clusters whose readable parts coincide. A label says what the pages are:
their host (when the crawl has several), the URL pattern they share
(``/news/*/``), the pattern of their titles (``* | Library``) and the element
that fills their main area (``main > article.post``). Labels are unique within
a partition (a number is appended to repeats) and never replace keys: keys stay
the identifiers in files and decisions.

Everything here is pure: member positions, paths, hosts, titles and
structural core tokens in, strings out.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Mapping, Sequence

import numpy as np

__all__ = [
    "MAX_TITLE_CHARS",
    "cluster_labels",
    "main_area",
    "page_title",
    "title_pattern",
    "url_pattern",
]

#: Leading characters of a page searched for its ``<title>``.
TITLE_WINDOW = 32_768
#: Longest title kept per page.
MAX_TITLE_CHARS = 160
#: Members looked at for a title pattern (titles are compared pairwise by prefix).
TITLE_SAMPLE = 200
#: Longest label part shown.
MAX_PART_CHARS = 60

_TITLE = re.compile(r"<title\b[^>]*>(.*?)</title\s*>", re.IGNORECASE | re.DOTALL)
_TITLE_BYTES = re.compile(rb"<title\b[^>]*>(.*?)</title\s*>", re.IGNORECASE | re.DOTALL)
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def _clean(text: str, limit: int) -> str:
    text = " ".join(_CONTROL.sub(" ", text).split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def page_title(markup: str | bytes, encoding: str | None = None) -> str:
    """The text of a page's first ``<title>``, whitespace collapsed ('' when none).

    Only the first :data:`TITLE_WINDOW` characters are searched: a title sits
    in the head, and a crawl's pages can be megabytes long.

    >>> page_title("<html><head><title> News &amp; events\\n| Library </title>")
    'News & events | Library'
    >>> page_title(b"<TITLE>Caf\\xc3\\xa9</TITLE>", "utf-8"), page_title("<p>none</p>")
    ('Café', '')
    """
    if isinstance(markup, bytes):
        found = _TITLE_BYTES.search(markup, 0, TITLE_WINDOW)
        if found is None:
            return ""
        try:
            text = found.group(1).decode(encoding or "utf-8", "replace")
        except LookupError:
            text = found.group(1).decode("utf-8", "replace")
    else:
        found = _TITLE.search(markup, 0, TITLE_WINDOW)
        if found is None:
            return ""
        text = found.group(1)
    return _clean(html.unescape(text), MAX_TITLE_CHARS)


def _extension(segment: str) -> str:
    head, dot, ext = segment.rpartition(".")
    return f".{ext}" if dot and head and ext.isalnum() and len(ext) <= 5 else ""


def url_pattern(paths: Sequence[Sequence[str]]) -> str:
    """The URL path pattern the members share: varying segments become ``*``.

    Members with more segments than the shortest add ``/**``; a varying last
    segment keeps a common file extension (``*.html``).

    >>> url_pattern([("news", "1.html"), ("news", "2.html")])
    '/news/*.html'
    >>> url_pattern([("en", "about"), ("en", "about")]), url_pattern([()])
    ('/en/about', '/')
    >>> url_pattern([("docs", "a"), ("docs", "b", "c")])
    '/docs/*/**'
    """
    if not paths:
        return ""
    shortest = min(len(p) for p in paths)
    longest = max(len(p) for p in paths)
    parts: list[str] = []
    for i in range(shortest):
        values = {p[i] for p in paths}
        if len(values) == 1:
            parts.append(next(iter(values)))
            continue
        exts = {_extension(v) for v in values}
        ext = exts.pop() if len(exts) == 1 else ""
        parts.append(f"*{ext}")
    if longest > shortest:
        parts.append("**")
    return "/" + "/".join(parts)


def _common_prefix(texts: Sequence[str]) -> str:
    first, last = min(texts), max(texts)
    n = 0
    while n < min(len(first), len(last)) and first[n] == last[n]:
        n += 1
    return first[:n]


def _word_cut(prefix: str, full: str) -> str:
    """``prefix`` cut back to a word boundary of ``full``."""
    if len(prefix) == len(full) or not prefix:
        return prefix
    if not full[len(prefix)].isalnum() or not prefix[-1].isalnum():
        return prefix
    cut = max(prefix.rfind(" "), prefix.rfind("|"), prefix.rfind("-"), prefix.rfind("/"))
    return prefix[: cut + 1] if cut >= 0 else ""


def title_pattern(titles: Sequence[str]) -> str:
    """The members' titles as one pattern: the shared start and end around ``*``.

    Empty when the titles share nothing worth showing.

    >>> title_pattern(["Shoes | Shop", "Hats | Shop"])
    '* | Shop'
    >>> title_pattern(["News: rain", "News: sun"]), title_pattern(["About"])
    ('News: *', 'About')
    >>> title_pattern(["a", "b"])
    ''
    """
    titles = [t for t in titles if t]
    if not titles:
        return ""
    if len(set(titles)) == 1:
        return titles[0]
    head = _common_prefix(titles)
    head = _word_cut(head, min(titles, key=len))
    rest = [t[len(head) :] for t in titles]
    tail = _common_prefix([t[::-1] for t in rest])[::-1]
    if tail and tail[0].isalnum():
        cut = next((i for i, c in enumerate(tail) if not c.isalnum()), len(tail))
        tail = tail[cut:]
    if not any(c.isalnum() for c in head + tail):
        return ""
    return f"{head}*{tail}"


def _segment_is_main(segment: str) -> bool:
    name = segment.split("[", 1)[0]
    return name == "main" or name.startswith("main.") or "[role=main]" in segment


def main_area(core_tokens: Sequence[str]) -> str:
    """What fills the members' main area: the elements just inside ``<main>``.

    Without a ``main`` element, the body's children other than its header,
    footer, navigation and aside. At most two are named.

    >>> main_area(["body>.l>main", "body>.l>main>article.post", "body>.l>main>article.post>h1"])
    'main > article.post'
    >>> main_area(["body>header", "body>div.grid", "body>footer"]), main_area([])
    ('div.grid', '')
    """
    children: list[str] = []
    inside_main = False
    for token in core_tokens:
        segs = token.split(">")
        for i, seg in enumerate(segs[:-1]):
            if _segment_is_main(seg) and i == len(segs) - 2:
                inside_main = True
                if segs[-1] not in children:
                    children.append(segs[-1])
    if inside_main and children:
        shown = ", ".join(children[:2]) + (" …" if len(children) > 2 else "")
        return f"main > {shown}"
    chrome = ("header", "footer", "nav", "aside", "script", "style", "noscript")
    top = []
    for token in core_tokens:
        segs = token.split(">")
        if len(segs) == 2 and segs[0] == "body":
            name = segs[1].split(".", 1)[0].split("[", 1)[0]
            if name not in chrome and segs[1] not in top:
                top.append(segs[1])
    return ", ".join(top[:2]) + (" …" if len(top) > 2 else "")


def _short(text: str) -> str:
    return text if len(text) <= MAX_PART_CHARS else text[: MAX_PART_CHARS - 1] + "…"


def _label(
    members: np.ndarray,
    paths: Sequence[Sequence[str]],
    hosts: Sequence[str | None],
    titles: Sequence[str] | None,
    core: Sequence[str],
    show_host: bool,
) -> str:
    picked = [int(p) for p in members]
    parts: list[str] = []
    url = url_pattern([tuple(paths[p]) for p in picked])
    if show_host:
        counts = Counter(hosts[p] or "" for p in picked)
        host, _ = max(counts.items(), key=lambda kv: (kv[1], kv[0]))
        more = " +" + str(len(counts) - 1) if len(counts) > 1 else ""
        parts.append(f"{host or '(no host)'}{more}{url}")
    elif url:
        parts.append(url)
    if titles is not None:
        sample = picked[:TITLE_SAMPLE]
        pattern = title_pattern([titles[p] for p in sample])
        if pattern:
            parts.append(f"“{_short(pattern)}”")
    area = main_area(core)
    if area:
        parts.append(_short(area))
    text = " · ".join(_short(p) for p in parts) or "(no URL, title or main area)"
    return _clean(text, 4 * MAX_PART_CHARS)


def cluster_labels(
    members: Mapping[str, np.ndarray],
    paths: Sequence[Sequence[str]],
    hosts: Sequence[str | None],
    titles: Sequence[str] | None,
    core_tokens: Mapping[str, Sequence[str]],
) -> dict[str, str]:
    """A unique human label per cluster key (see the module docstring).

    ``members`` maps each key to its member positions; ``paths``, ``hosts`` and
    ``titles`` are per page (``titles`` may be ``None`` when unknown). The host
    is named only when the crawl has more than one. Repeated labels get
    ``(2)``, ``(3)`` ... in key order, so the same partition always gets the
    same labels.

    >>> import numpy as np
    >>> labels = cluster_labels(
    ...     {"k1": np.array([0, 1]), "k2": np.array([2])},
    ...     [("news", "a"), ("news", "b"), ("about",)],
    ...     ["x.example"] * 3,
    ...     ["A | X", "B | X", "About X"],
    ...     {"k1": ["body>main>article"], "k2": []},
    ... )
    >>> labels["k1"], labels["k2"]
    ('/news/* · “* | X” · main > article', '/about · “About X”')
    """
    show_host = len({h or "" for h in hosts}) > 1
    raw = {
        key: _label(pos, paths, hosts, titles, core_tokens.get(key, ()), show_host)
        for key, pos in members.items()
    }
    seen: Counter[str] = Counter(raw.values())
    out: dict[str, str] = {}
    used: set[str] = set()
    counters: Counter[str] = Counter()
    for key in sorted(raw):
        label = raw[key]
        if seen[label] > 1:
            counters[label] += 1
            candidate = f"{label} ({counters[label]})"
            while candidate in used or candidate in seen:
                counters[label] += 1
                candidate = f"{label} ({counters[label]})"
            label = candidate
        used.add(label)
        out[key] = label
    return out
