"""Path segments: how one element is named inside a structural token.

A segment keeps what a template author chose (tag, stable class names, ARIA role,
form-control type) and drops what changes from build to build or page to page
(hash-like generated class names, per-page numbers, state classes such as
``active``), so that two renders of one template name their elements alike.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = [
    "ATTR_PREFIX",
    "BODY_CLASS_TOKEN",
    "FOLDABLE_TAGS",
    "FORMATTING_TAGS",
    "INLINE_TAGS",
    "ITEM_TAGS",
    "LANDMARK_ROLES",
    "LANDMARK_TAGS",
    "LANDMARK_TYPES",
    "NO_PARAGRAPH_TAGS",
    "OPAQUE_TAGS",
    "build_segment",
    "is_noise_class",
    "landmark_kind",
    "normalize_class",
    "stable_classes",
]

#: Page-level attribute tokens start with this (``@body.class:…``, ``@body.id:…``).
ATTR_PREFIX = "@"
#: The start of a ``<body>`` class token: many generators name the page type there.
BODY_CLASS_TOKEN = f"{ATTR_PREFIX}body.class:"

#: Generic wrappers: named by their classes when they have any, folded away when
#: they have neither class nor role and wrap exactly one element.
FOLDABLE_TAGS = frozenset({"div", "span"})

#: Elements whose inside is not page structure (code, styles, vector art).
OPAQUE_TAGS = frozenset({"script", "style", "svg", "noscript", "template", "math", "iframe"})

#: Text-level (phrasing) elements. Inside a run of text they are formatting that
#: the writer chose (a link, a bold word), not template structure.
INLINE_TAGS = frozenset(
    {
        "a",
        "abbr",
        "acronym",
        "b",
        "bdi",
        "bdo",
        "big",
        "br",
        "cite",
        "code",
        "del",
        "dfn",
        "em",
        "font",
        "i",
        "img",
        "ins",
        "kbd",
        "mark",
        "nobr",
        "q",
        "s",
        "samp",
        "small",
        "span",
        "strike",
        "strong",
        "sub",
        "sup",
        "time",
        "tt",
        "u",
        "var",
        "wbr",
    }
)

#: Formatting elements that an HTML5 parser re-opens in every following block
#: when one is left unclosed (the standard's "active formatting elements";
#: ``a`` is left out: a link around a block is written on purpose). One of them
#: holding a block is a writer's slip, not a template step (see
#: :mod:`~page_cluster.parsing.structure`).
FORMATTING_TAGS = frozenset(
    {"b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u"}
)

#: Elements that cannot hold a ``p``: an empty one inside them is what an HTML5
#: parser makes of a stray ``</p>`` (see :mod:`~page_cluster.parsing.structure`).
NO_PARAGRAPH_TAGS = frozenset(
    {"pre", "ul", "ol", "dl", "table", "tbody", "thead", "tfoot", "tr", "select"}
)

#: Repeated list and table items, whose per-position classes are not template.
ITEM_TAGS = frozenset({"tr", "li", "dt", "dd"})
#: Recursion collapse reaches back at most this many steps: a list in a list
#: item (``ul > li > ul``), a section in a section, a table in a table cell
#: (``table > tr > td > table``, the deepest way HTML nests a structure in
#: itself). A name met again further down is a class reused elsewhere (a
#: grid's ``col`` in the page layout and again in a footer row), not recursion.
RECURSION_SPAN = 3

#: Landmark types reported by explanations (``main`` is tracked separately).
LANDMARK_TYPES = ("header", "footer", "nav", "aside", "form", "search")

LANDMARK_TAGS = {t: t for t in (*LANDMARK_TYPES, "main")}
LANDMARK_ROLES = {
    "banner": "header",
    "contentinfo": "footer",
    "navigation": "nav",
    "complementary": "aside",
    "form": "form",
    "search": "search",
    "main": "main",
}

#: ``type`` is only structural on form controls.
_TYPED_TAGS = frozenset({"input", "button"})

_NOISE_PATTERNS = tuple(
    re.compile(p)
    for p in (
        r"__[A-Za-z0-9_-]*\d[A-Za-z0-9_-]*$",  # name__hash suffix: Layout_root__f3k9d
        r"^sc-[A-Za-z0-9]*[A-Z0-9][A-Za-z0-9]*$",  # styled-components: sc-bdVaJa
        r"^css-[a-z0-9]*\d[a-z0-9]*$",  # emotion: css-1x2y3z
        r"^(jsx|svelte|astro|vue|ember|ng-c)-?[A-Za-z0-9]*\d[A-Za-z0-9]*$",  # framework scopes
        r"^[a-z][a-z0-9]*-(?=[a-f0-9]*\d)[a-f0-9]{5,}$",  # bundler hash suffix: chunk-a3f9c1
        r"^(?=[a-z0-9]*[a-z])(?=[a-z0-9]*\d)[a-z0-9]{6,}$",  # bare mixed hash: k3j9zq2a
        # mixed-case hash with a digit and an inner capital: aBcDeF12 (not Section1)
        r"^(?=[A-Za-z0-9]+[A-Z])(?=[A-Za-z0-9]*[a-z])(?=[A-Za-z0-9]*\d)[A-Za-z0-9]{8,}$",
    )
)

#: A class led by an underscore is a build tool's private name, never a
#: theme's: a CSS-modules hash (``_a1b2c3``) or the page's own address that
#: some generators print on the content wrapper (``_guide_install`` on
#: ``guide/install.html``, ``_news`` on ``news.html``), whatever its length.
_PRIVATE_CLASS = re.compile(r"^_[A-Za-z0-9_-]+$")

#: Classes that mark a per-page state of a shared element, not its template.
_STATE_CLASS = re.compile(
    r"^(?:active|current|selected|open|opened|closed|expanded|collapsed|show|shown|in|"
    r"visible|hidden|disabled|enabled|focus|focused|hover|visited|checked|on|off|"
    r"(?:is|has|js|state)-[\w-]+|current[-_][\w-]+|[\w-]*[-_](?:active|current|selected|ancestor|parent))$",
    re.IGNORECASE,
)

# A run of numbers with separators (``1.9.3``, ``2026-03-01``) is one page-specific number.
_DIGITS = re.compile(r"\d+(?:[._:-]\d+)*")
# ``memitem:af9be7c19c7d``, ``row-3f2a9c81d0``: a stable name plus a per-item hash suffix.
_HASH_SUFFIX = re.compile(r"^([A-Za-z][A-Za-z_-]*?[:_-]+)(?=[A-Za-z0-9]*\d)[A-Za-z0-9]{8,}$")
# Characters that delimit steps, classes and brackets inside a token.
_DELIMITERS = str.maketrans({">": "_", ".": "_", "[": "_", "]": "_", "@": "_"})


def is_noise_class(name: str) -> bool:
    """True for class names that do not identify a template.

    Hash-like generated names (CSS modules, CSS-in-JS, bundler suffixes) and state
    classes (``active``, ``current``, ``is-open`` ...) vary between renders of one
    template.

    >>> is_noise_class("css-1x2y3z"), is_noise_class("active"), is_noise_class("card--featured")
    (True, True, False)
    """
    if _STATE_CLASS.match(name) or _PRIVATE_CLASS.match(name):
        return True
    if len(name) < 5:
        return False
    return any(p.search(name) for p in _NOISE_PATTERNS)


@lru_cache(maxsize=65536)
def normalize_class(name: str) -> str:
    """Fold what is page-specific inside a stable class name.

    Per-item hash suffixes are cut (``memitem:af9be7c19c7d`` -> ``memitem:``) and
    numbers become ``#`` (``post-1234`` -> ``post-#``, ``sect2`` -> ``sect#``).

    Memoised: the walker asks again for every item of a repeated list.

    >>> normalize_class("memitem:af9be7c19c7d1c41"), normalize_class("id-1.9.3.172")
    ('memitem:', 'id-#')
    """
    m = _HASH_SUFFIX.match(name)
    if m:
        name = m.group(1)
    return _DIGITS.sub("#", name).translate(_DELIMITERS)


@lru_cache(maxsize=65536)
def stable_classes(class_attr: str) -> tuple[str, ...]:
    """The sorted, de-duplicated stable classes of a ``class`` attribute value."""
    out = {normalize_class(c) for c in class_attr.split() if not is_noise_class(c)}
    return tuple(sorted(out))


_CODED_NAME = re.compile(r"^[a-z]{3,}\d+$")


def stable_body_classes(class_attr: str) -> tuple[str, ...]:
    """:func:`stable_classes` of the page's ``body`` (and root), where
    generators name the page type: a word and a number there (WordPress's
    ``error404``) is a coded page type, not a hash, and is kept (numbers
    folded: ``error#``). A class holding a path (a document id such as
    ``docs-doc-id-guides/retries``) prints the page's address, not its type,
    and is left out.

    >>> stable_body_classes("error404 hfeed active"), stable_classes("error404 hfeed")
    (('error#', 'hfeed'), ('hfeed',))
    >>> stable_body_classes("docs-doc-page docs-doc-id-guides/retries")
    ('docs-doc-page',)
    """
    coded = {normalize_class(c) for c in class_attr.split() if _CODED_NAME.match(c)}
    named = coded.union(stable_classes(class_attr))
    return tuple(sorted(c for c in named if "/" not in c))


def build_segment(tag: str, classes: tuple[str, ...], role: str | None, type_: str | None) -> str:
    """Name one element: ``tag.cls1.cls2[role=x][type=y]``.

    ``div``/``span`` carrying classes are named by the classes alone (``.card``):
    for generic wrappers the class is the meaning, the tag is not.

    >>> build_segment("div", ("card",), None, None)
    '.card'
    >>> build_segment("input", (), None, "search")
    'input[type=search]'
    """
    if classes and classes[0].startswith("#"):
        base = tag + classes[0]  # id-named wrapper: div#header
    elif classes:
        base = "." + ".".join(classes) if tag in FOLDABLE_TAGS else tag + "." + ".".join(classes)
    else:
        base = tag
    if role:
        base += f"[role={role.translate(_DELIMITERS)}]"
    if type_ and tag in _TYPED_TAGS:
        base += f"[type={type_.translate(_DELIMITERS)}]"
    return base


def landmark_kind(seg: str) -> str | None:
    """Landmark or ``main`` kind of one path step, from its tag or its role.

    >>> landmark_kind("header.site-header"), landmark_kind("div[role=navigation]")
    ('header', 'nav')
    >>> landmark_kind("div.content") is None
    True
    """
    end = len(seg)
    for ch in ".[":
        i = seg.find(ch)
        if i != -1 and i < end:
            end = i
    tag = seg[:end]
    kind = LANDMARK_TAGS.get(tag)
    if kind is None:
        i = seg.find("[role=")
        if i != -1:
            j = seg.find("]", i)
            kind = LANDMARK_ROLES.get(seg[i + 6 : j if j != -1 else None])
    return kind
