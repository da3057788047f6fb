"""URL routes: the pattern of a page's address with its variable parts blanked.

A site's server (or generator) maps a URL route to a view and a view to a
template: ``/catalogue/<slug>/`` renders a product, ``/catalogue/<slug>/reviews/add/``
a review form, ``/tags/<tag>/`` a listing. Route patterns are therefore evidence
about templates that costs nothing to read. They are not a verdict: one route
can render several templates (a flat documentation folder) and one template can
live under several routes, so Stage B uses them only to corroborate a
structural difference that is too small to decide alone.

A segment is *literal* when it recurs (the same value at the same place in the
pattern on several pages), *variable* otherwise (a slug, an id, a file name).
Language and region directories (a site's mirror axis) are variable: they copy
every route.

>>> route_patterns([["blog", "a", "index.html"], ["blog", "b", "index.html"],
...                 ["blog", "c", "index.html"], ["tags", "x", "index.html"],
...                 ["tags", "y", "index.html"], ["tags", "z", "index.html"], ["about", ""]])
... # doctest: +NORMALIZE_WHITESPACE
['blog/*/index.html', 'blog/*/index.html', 'blog/*/index.html',
 'tags/*/index.html', 'tags/*/index.html', 'tags/*/index.html', '*']
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

__all__ = ["LITERAL_MIN_PAGES", "LITERAL_MIN_SHARE", "route_form", "route_patterns"]

#: A segment value is literal when at least this many pages share it at its place ...
LITERAL_MIN_PAGES = 3
#: ... and it holds at least this share of the pages reaching that place (a slug
#: shared by a product and its review page is still a slug among hundreds).
LITERAL_MIN_SHARE = 0.02

VARIABLE = "*"


def route_patterns(
    paths: Sequence[Sequence[str]],
    blank_position: int | None = None,
    *,
    shapes: bool = True,
    min_pages: int = LITERAL_MIN_PAGES,
    min_share: float = LITERAL_MIN_SHARE,
) -> list[str]:
    """The route pattern of every page (``paths``: its URL path segments).

    Segments are decided left to right: a value is kept when enough pages reach
    the same pattern prefix and share it there (``min_pages`` and ``min_share``),
    or when it is a directory name that enough pages share at that place across
    the site (a section such as ``mod/`` under every language folder, frequent
    or not). A page's own name (``index.html`` in each section) is only ever
    compared within its pattern prefix.
    ``blank_position`` (a mirror axis, 0-based) is always variable. Without
    ``shapes`` a variable segment is always ``*``: the route as the site's
    router sees it, with no guess about the words inside names (a slug's
    recurring first word is not a route).
    """
    segs = [tuple(s for s in p if isinstance(s, str) and s) for p in paths]
    patterns: list[list[str]] = [[] for _ in segs]
    depth = max((len(s) for s in segs), default=0)
    for pos in range(depth):
        # Pages reaching this position, grouped by their pattern so far.
        groups: dict[tuple[str, ...], list[int]] = {}
        for i, s in enumerate(segs):
            if len(s) > pos:
                groups.setdefault(tuple(patterns[i]), []).append(i)
        sections = _sections(segs, pos, min_pages, min_share)
        for members in groups.values():
            if pos == blank_position:
                for i in members:
                    patterns[i].append(VARIABLE)
                continue
            counts = Counter(segs[i][pos] for i in members)
            floor = max(min_pages, min_share * len(members))
            variable = [
                i for i in members if counts[segs[i][pos]] < floor and segs[i][pos] not in sections
            ]
            if shapes:
                named = _name_shapes([segs[i][pos] for i in variable], floor)
            else:
                named = [VARIABLE] * len(variable)
            shape_of = dict(zip(variable, named, strict=True))
            for i in members:
                patterns[i].append(shape_of.get(i, segs[i][pos]))
    return ["/".join(p) if p else VARIABLE for p in patterns]


def _sections(segs: list[tuple[str, ...]], pos: int, min_pages: int, min_share: float) -> set[str]:
    """Directory names at ``pos`` shared by enough pages across the whole site,
    whatever precedes them: a section (``mod/``) recurs under every language
    or version folder, frequent or not."""
    dirs = [s[pos] for s in segs if len(s) > pos + 1]
    floor = max(min_pages, min_share * len(dirs))
    return {name for name, n in Counter(dirs).items() if n >= floor}


def route_form(pattern: str, mirror: int | None = None) -> str:
    """What a route says about the view behind it: the literal-only pattern
    with its leading literal run (the site section: ``docs/``, ``org/apache/``,
    ``en-gb/catalogue/``) reduced to one mark and the mirror axis dropped; what
    follows the first variable segment (``*/reviews/add/``, ``*/edit``) is kept,
    consecutive variable segments read as one (a package folder too small to be
    literal is still part of a name).

    Two views of one entity (a product and its review form) have different
    forms; sections of one site (``docs/`` and ``api/``) have the same.

    >>> route_form("org/apache/*", None), route_form("shop/*/reviews/add", None)
    ('L/*', 'L/*/reviews/add')
    >>> route_form("*/docs/*", 0), route_form("org/*/*", None)
    ('L/*', 'L/*')
    """
    segs = pattern.split("/")
    if mirror is not None and mirror < len(segs):
        segs = segs[:mirror] + segs[mirror + 1 :]
    lead = 0
    while lead < len(segs) and segs[lead] != VARIABLE:
        lead += 1
    out = ["L"] if lead else []
    for seg in segs[lead:]:
        if not (seg == VARIABLE and out and out[-1] == VARIABLE):
            out.append(seg)
    return "/".join(out)


_WORDS = re.compile(r"[-_.]+")


def _name_shapes(names: list[str], floor: float) -> list[str]:
    """Variable segments as ``first*last``: a name's first and last word kept
    where they recur (``class*members``, ``*source.html``, ``group*``), else ``*``.

    Generators build file names from a kind and a name (``classFoo-members.html``,
    ``Foo_8h_source.html``, ``Concept-Index.html``): the kind recurs, the name
    does not.
    """
    words = []
    exts = []
    for name in names:
        stem, dot, ext = name.rpartition(".")
        if not dot or not ext.isalnum() or len(ext) > 5:
            stem, ext = name, ""
        exts.append(f".{ext}" if ext else "")
        parts = [w for w in _WORDS.split(stem) if w]
        words.append((parts[0], parts[-1]) if len(parts) >= 2 else (None, None))
    firsts = Counter(f for f, _ in words if f is not None)
    lasts = Counter(last for _, last in words if last is not None)
    out = []
    for (first, last), ext in zip(words, exts, strict=True):
        if first is None:
            out.append(VARIABLE + ext)
            continue
        head = first if firsts[first] >= floor else ""
        tail = last if lasts[last] >= floor else ""
        out.append(f"{head}{VARIABLE}{tail}{ext}")
    return out
