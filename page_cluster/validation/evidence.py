"""Structural differences between two groups of pages, from their token profiles.

What separates two templates from one template with optional parts? Both show
tokens that some pages have and others lack. An optional part (a widget, a
table of contents, a comment list) is *one-sided*: one group has a subtree the
other lacks, and nothing else differs. Two templates differ *on both sides*:
each group has a subtree the other lacks.

A token counts as a difference only where it is *distinctive*: on at least a
quorum (80%, the project's quorum for "the group has it") of one group's pages,
on at most the complement (20%) of the other's, while that other group does
have the token's parent on a quorum of its pages. The parent condition keeps
an absent subtree from counting once per descendant (only its root counts),
and means "the other group has the container, but fills it differently".

Everything here works on token frequency profiles (one row per group), so the
same test judges a candidate split of one cluster and a candidate merge of two.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..parsing.segments import FOLDABLE_TAGS, INLINE_TAGS

__all__ = [
    "FREE_FORM_SHARE",
    "HTML_ELEMENTS",
    "LIST_ENTRY_TAGS",
    "QUORUM",
    "distinctive",
    "free_form_columns",
    "is_class_variant",
    "is_prose",
    "is_text_level",
    "is_text_tag",
    "listed_entry",
    "outside_content",
    "parent_columns",
    "same_element",
    "significant",
    "template_differences",
]

#: Share of a group's pages that makes a token the group's own.
QUORUM = 0.8
#: A token on at most this share of a group's pages is one the group lacks.
RARE = 1.0 - QUORUM


#: Column marker of attribute tokens (``@body.class:...``): page-level
#: attributes, not elements, so never structural evidence.
ATTRIBUTE = -2


#: Element names of HTML (current and obsolete), SVG and MathML roots. A tag
#: name outside them (``<T>`` in a generic type, ``<updated>`` in prose, an
#: unquoted ``<a href=...`` read as one name) is text that looked like markup:
#: content, never template evidence. Custom elements carry a hyphen.
HTML_ELEMENTS = frozenset(
    [
        "a",
        "abbr",
        "acronym",
        "address",
        "applet",
        "area",
        "article",
        "aside",
        "audio",
        "b",
        "base",
        "basefont",
        "bdi",
        "bdo",
        "big",
        "blink",
        "blockquote",
        "body",
        "br",
        "button",
        "canvas",
        "caption",
        "center",
        "cite",
        "code",
        "col",
        "colgroup",
        "data",
        "datalist",
        "dd",
        "del",
        "details",
        "dfn",
        "dialog",
        "dir",
        "div",
        "dl",
        "dt",
        "em",
        "embed",
        "fieldset",
        "figcaption",
        "figure",
        "font",
        "footer",
        "form",
        "frame",
        "frameset",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "head",
        "header",
        "hgroup",
        "hr",
        "html",
        "i",
        "iframe",
        "img",
        "input",
        "ins",
        "kbd",
        "label",
        "legend",
        "li",
        "link",
        "main",
        "map",
        "mark",
        "marquee",
        "menu",
        "meta",
        "meter",
        "nav",
        "nobr",
        "noembed",
        "noframes",
        "noscript",
        "object",
        "ol",
        "optgroup",
        "option",
        "output",
        "p",
        "param",
        "picture",
        "plaintext",
        "pre",
        "progress",
        "q",
        "rb",
        "rp",
        "rt",
        "rtc",
        "ruby",
        "s",
        "samp",
        "script",
        "search",
        "section",
        "select",
        "slot",
        "small",
        "source",
        "span",
        "strike",
        "strong",
        "style",
        "sub",
        "summary",
        "sup",
        "table",
        "tbody",
        "td",
        "template",
        "textarea",
        "tfoot",
        "th",
        "thead",
        "time",
        "title",
        "tr",
        "track",
        "tt",
        "u",
        "ul",
        "var",
        "video",
        "wbr",
        "xmp",
        "svg",
        "math",
    ]
)


def _step_tag(step: str) -> str:
    for mark in ".#[":
        cut = step.find(mark)
        if cut >= 0:
            step = step[:cut]
    return step


def is_text_tag(token: str) -> bool:
    """Whether a step of the token's path is not an element: text read as a tag.

    A step without a tag (``.block``: a classed ``div``), a custom element
    (``my-widget``) and a name the project made (``h.~h1``: a heading of any
    level) are elements. A token of one step is the document's root, or a
    token whose name says nothing (without a vocabulary): never text.

    >>> is_text_tag("body>div.block>t"), is_text_tag("body>p>ahref=http:"), is_text_tag("17")
    (True, True, False)
    >>> is_text_tag("body>.block>h.~h1"), is_text_tag("body>input[type=text]")
    (False, False)
    """
    steps = token.split(">")
    if len(steps) < 2:
        return False
    for step in steps:
        if "~" in step:
            continue
        tag = _step_tag(step).lower()
        if tag and "-" not in tag and tag not in HTML_ELEMENTS:
            return True
    return False


def is_attribute(token: str) -> bool:
    """Attribute tokens (the body's classes) start with ``@``.

    >>> is_attribute("@body.class:post"), is_attribute("body>main")
    (True, False)
    """
    return token.startswith("@")


def parent_columns(vocabulary: Sequence[str] | None, n_columns: int) -> np.ndarray:
    """Column of each token's parent path.

    ``-1``: a top-level token (or no vocabulary); :data:`ATTRIBUTE` for an
    attribute token or text read as a tag (:func:`is_text_tag`): neither is
    structural evidence.

    >>> parent_columns(["@body.class:x", "body>a", "body>a>b", "body>ul>li"], 4).tolist()
    [-2, -1, 1, -1]
    """
    out = np.full(n_columns, -1, dtype=np.int64)
    if vocabulary is None:
        return out
    index = {t: i for i, t in enumerate(vocabulary)}
    for i, token in enumerate(vocabulary[:n_columns]):
        if is_attribute(token) or is_text_tag(token):
            out[i] = ATTRIBUTE
            continue
        cut = token.rfind(">")
        if cut > 0:
            out[i] = index.get(token[:cut], -1)
    return out


def _parent_rate(freq: np.ndarray, parents: np.ndarray) -> np.ndarray:
    """Per row, the frequency of each column's parent (1 for top-level columns)."""
    rate = np.ones_like(freq)
    has = parents >= 0
    rate[:, has] = freq[:, parents[has]]
    return rate


def distinctive(freq_a: np.ndarray, freq_b: np.ndarray, parents: np.ndarray) -> np.ndarray:
    """Boolean mask: tokens row ``a`` has and row ``b`` lacks although it has their parent.

    ``freq_a`` and ``freq_b`` are ``(k, v)`` frequency profiles, compared row by
    row; ``parents`` gives each column's parent column (see :func:`parent_columns`).

    >>> fa = np.array([[1.0, 1.0, 0.0]]); fb = np.array([[1.0, 0.0, 1.0]])
    >>> distinctive(fa, fb, np.array([-1, 0, 0])).tolist()
    [[False, True, False]]
    """
    structural = parents != ATTRIBUTE
    return (
        (freq_a >= QUORUM)
        & (freq_b <= RARE)
        & (_parent_rate(freq_b, parents) >= QUORUM)
        & structural[None, :]
    )


#: Significance level of a difference between groups of unequal size: a
#: singleton lacking a subtree that 85% of a large cluster has is ordinary
#: (one page in seven of that cluster lacks it too); lacking one that every
#: page of it has is not.
ALPHA = 0.05

#: A container whose child set changes from page to page on more than this
#: share of a group's pages holds free-form content (the engine's content rule,
#: restated here from the partition): what hangs below it is content.
FREE_FORM_SHARE = 1 / 3


def child_set_hashes(x: np.ndarray, parents: np.ndarray) -> np.ndarray:
    """Per row and column, a hash of the set of that node's children in the row.

    ``x`` is a dense 0/1 matrix (rows: token sets), ``parents`` local parent
    columns. Equal child sets give equal hashes (a sum of per-child random words).
    """
    rng = np.random.default_rng(0x5EED)
    words = rng.integers(1, 2**63, size=x.shape[1], dtype=np.uint64)
    out = np.zeros(x.shape, dtype=np.uint64)
    rows, cols = np.nonzero(x)
    keep = parents[cols] >= 0
    rows, cols = rows[keep], cols[keep]
    np.add.at(out, (rows, parents[cols]), words[cols])
    return out


def free_form_columns(
    x: np.ndarray, hashes: np.ndarray, side: np.ndarray, columns: np.ndarray
) -> np.ndarray:
    """Which of ``columns`` hold free-form content on the rows of ``side``.

    Rows are distinct token sets. A container is free-form when its distinct
    child sets, less one, exceed :data:`FREE_FORM_SHARE` of the token sets
    having it, less one (two token sets filling it alike are a template; filled
    differently, already content).
    """
    if len(columns) == 0:
        return np.zeros(0, dtype=bool)
    has = x[side][:, columns] > 0
    h = np.where(has, hashes[side][:, columns], np.uint64(0))
    h.sort(axis=0)
    first = np.ones(h.shape, dtype=bool)
    first[1:] = h[1:] != h[:-1]
    distinct = ((h != 0) & first).sum(0)
    # A container present with no children at all is one more child set.
    distinct = distinct + (has & (hashes[side][:, columns] == 0)).any(0)
    return (distinct - 1) > FREE_FORM_SHARE * np.maximum(has.sum(0) - 1, 0)


def _last_step(token: str) -> tuple[str, str, frozenset[str]]:
    cut = token.rfind(">")
    parent, step = (token[:cut], token[cut + 1 :]) if cut >= 0 else ("", token)
    head, _, _ = step.partition("#")
    tag, *classes = head.split(".")
    return parent, tag, frozenset(c for c in classes if c)


def is_class_variant(token_a: str, token_b: str) -> bool:
    """The same element styled two ways: same parent and tag, a class in common.

    A modifier class (``site-header--campaign``) or a state class (``instock``
    / ``outofstock``) next to the element's own class is a variant of one
    template. Without a class in common (``div.toc`` / ``div.table``, or a
    class-less element against a classed one) the elements are different parts.

    >>> is_class_variant("body>header.top", "body>header.top.top--wide")
    True
    >>> is_class_variant("body>p.stock.instock", "body>p.stock.outofstock")
    True
    >>> is_class_variant("body>div.toc", "body>div.table")
    False
    """
    pa, ta, ca = _last_step(token_a)
    pb, tb, cb = _last_step(token_b)
    return pa == pb and ta == tb and bool(ca & cb)


def is_text_level(token: str) -> bool:
    """Whether the token's element is a text-level one (a link, a code word, a
    bold word: :data:`~page_cluster.parsing.segments.INLINE_TAGS`), which the
    writer of a page's prose puts there as often as a template does.

    >>> is_text_level("body>dl>dd>p>code"), is_text_level("body>div.block>a")
    (True, True)
    >>> is_text_level("body>main>table"), is_text_level("body>.note")
    (False, False)
    """
    return _last_step(token)[1] in INLINE_TAGS


#: Elements that are one entry of a list or a table: how many there are, and
#: which kinds of entry, is what the list holds.
LIST_ENTRY_TAGS = frozenset({"li", "dt", "dd", "tr"})


def listed_entry(token: str, ra: dict[str, float], rb: dict[str, float]) -> bool:
    """Whether the token lies inside an entry of a list or table that both
    groups have (``ra`` / ``rb``: token -> share of pages): the kinds of
    entry a list holds (a table of contents listing chapters on one page and
    reference entries on another; a usage table whose rows hold a name and a
    description cell, and one whose rows hold a single cell) are the list's
    content, not the template's.

    >>> rates = {"b>dl.toc": 1.0, "b>dl.toc>dt": 1.0}
    >>> listed_entry("b>dl.toc>dt>span.chapter", rates, rates)
    True
    >>> listed_entry("b>dl.toc>dt>span.chapter", rates, {"b": 1.0})
    False
    >>> listed_entry("b>div.chapter", rates, rates)
    False
    >>> listed_entry("b>dl.toc>dt.extra", rates, rates)  # an entry itself
    False
    """
    steps = token.split(">")
    # Strictly inside an entry: which entries a list has (a breadcrumb's
    # items, or only its footer item) stays a difference.
    for k in range(1, len(steps) - 1):
        if _step_tag(steps[k]).lower() in LIST_ENTRY_TAGS:
            container = ">".join(steps[:k])
            if ra.get(container, 0.0) > 0 and rb.get(container, 0.0) > 0:
                return True
    return False


def is_prose(token: str) -> bool:
    """Whether the token is a bare paragraph: running text, with no class, id
    or role that would make it a template's named part.

    >>> is_prose("body>main>p"), is_prose("body>main>p.letters"), is_prose("body>main>pre")
    (True, False, False)
    """
    return token.rsplit(">", 1)[-1] == "p"


def same_element(token_a: str, token_b: str) -> bool:
    """Same parent path and tag: one element, possibly under other classes.

    A classed ``div`` or ``span`` is written by its classes alone
    (``.contents``): the same element as a bare ``div`` or ``span`` there.

    >>> same_element("body>div.chapter", "body>div.section"), same_element("body>p", "body>ul")
    (True, False)
    >>> same_element("body>div", "body>.contents"), same_element("body>p", "body>.contents")
    (True, False)
    """
    pa, ta, _ = _last_step(token_a)
    pb, tb, _ = _last_step(token_b)
    if pa != pb:
        return False
    # A tag-less step is a classed wrapper (the parser writes a classed ``div``
    # or ``span`` by its classes alone): the same element as a bare wrapper.
    return ta == tb or (ta == "" and tb in FOLDABLE_TAGS) or (tb == "" and ta in FOLDABLE_TAGS)


def significant(
    rate_a: np.ndarray, rate_b: np.ndarray, n_a: float, n_b: float, tests: int = 1
) -> np.ndarray:
    """Whether each token's rates differ beyond what the larger group's own variation explains.

    The smaller group's pages are taken as draws from the larger group's rate:
    a difference counts when so extreme a count has a binomial probability of
    at most :data:`ALPHA` divided by ``tests``, the number of tokens compared
    (Bonferroni: among hundreds of tokens, some differ by chance).

    >>> significant(np.array([0.0, 0.0]), np.array([0.85, 1.0]), 1, 900).tolist()
    [False, True]
    """
    from scipy.stats import binom

    rate_a, rate_b = np.asarray(rate_a, float), np.asarray(rate_b, float)
    if n_a > n_b:
        return significant(rate_b, rate_a, n_b, n_a, tests)
    n = max(round(n_a), 1)
    k = np.rint(rate_a * n)
    # Upper tail where the small group has more, lower tail where it has fewer.
    upper = binom.sf(k - 1, n, rate_b)
    lower = binom.cdf(k, n, rate_b)
    return np.where(rate_a >= rate_b, upper, lower) <= ALPHA / max(tests, 1)


def _parent_name(token: str) -> str | None:
    cut = token.rfind(">")
    return token[:cut] if cut > 0 else None


def _only(ra: dict[str, float], rb: dict[str, float]) -> list[str]:
    """Tokens on a quorum of ``a``, rare in ``b`` although ``b`` has their parent."""
    out = []
    for t, f in ra.items():
        if f < QUORUM or rb.get(t, 0.0) > RARE or is_attribute(t) or is_text_tag(t):
            continue
        p = _parent_name(t)
        if p is None or (p not in ra and p not in rb) or rb.get(p, 0.0) >= QUORUM:
            out.append(t)
    return sorted(out)


def _renamed(rates: dict[str, float], old: str, new: str) -> dict[str, float]:
    """Rates with the subtree at ``old`` moved under ``new`` (one element, two names)."""
    out: dict[str, float] = {}
    for t, f in rates.items():
        if t == old or t.startswith(old + ">"):
            t = new + t[len(old) :]
        out[t] = min(out.get(t, 0.0) + f, 1.0)
    return out


@dataclass(frozen=True, slots=True)
class TemplateDifference:
    """How two groups differ as templates: what only each has, and class variants."""

    only_a: list[str]
    only_b: list[str]
    variants: list[list[str]]

    @property
    def two_sided(self) -> bool:
        """Each side has a subtree the other lacks: two templates, not optional parts."""
        return bool(self.only_a) and bool(self.only_b)


#: Rounds of class-variant matching (one per nesting level of restyled elements).
MAX_VARIANT_ROUNDS = 4


def template_differences(
    ra: dict[str, float],
    rb: dict[str, float],
    n_a: float = np.inf,
    n_b: float = np.inf,
    is_content: Callable[[str], bool] | None = None,
    *,
    renamed_elements: bool = False,
) -> TemplateDifference:
    """Differences of two groups' token rates that are template evidence.

    ``ra`` / ``rb`` map tokens to the share of each group's pages having them
    (absent: 0); ``n_a`` / ``n_b`` are the groups' page counts. An element
    present in both groups under overlapping classes (:func:`is_class_variant`)
    is one element styled two ways: it is listed as a variant and what is
    inside it is compared under one name. A difference counts when it is
    :func:`significant` for the groups' sizes, and not below a container that
    ``is_content`` says holds free-form content.

    With ``renamed_elements``, an element with other classes altogether (the
    same parent and tag: ``div.chapter`` / ``div.appendix``) is also taken as
    one element renamed when, compared under one name, what is inside no
    longer differs on both sides: the doubt goes to "one template" (used
    before calling a cluster suspicious, not before suggesting a merge).

    >>> a = {"b": 1, "b>div.post.full": 1, "b>div.post.full>div.body": 1}
    >>> b = {"b": 1, "b>div.post.short": 1, "b>div.post.short>p.summary": 1}
    >>> d = template_differences(a, b)
    >>> d.only_a, d.only_b
    (['b>div.post.short>div.body'], ['b>div.post.short>p.summary'])
    >>> d.variants
    [['b>div.post.full', 'b>div.post.short']]
    """
    variants: list[list[str]] = []
    only_a, only_b = _only(ra, rb), _only(rb, ra)
    for _ in range(MAX_VARIANT_ROUNDS):
        used: set[str] = set()
        pairs = []
        for x in only_a:
            y = next((y for y in only_b if y not in used and is_class_variant(x, y)), None)
            if y is not None:
                used.add(y)
                pairs.append([x, y])
        if not pairs:
            break
        for x, y in pairs:
            ra = _renamed(ra, x, y)
        variants += pairs
        only_a, only_b = _only(ra, rb), _only(rb, ra)
    if renamed_elements and only_a and only_b:
        for x in only_a:
            for y in only_b:
                if not same_element(x, y):
                    continue
                trial = _renamed(ra, x, y)
                ta, tb = _only(trial, rb), _only(rb, trial)
                if not (ta and tb):
                    variants.append([x, y])
                    ra, only_a, only_b = trial, ta, tb
                    break
            if not (only_a and only_b):
                break
    if np.isfinite(n_a) and np.isfinite(n_b):
        tests = len(ra.keys() | rb.keys())
        if only_a:
            keep = significant(
                [ra[t] for t in only_a], [rb.get(t, 0.0) for t in only_a], n_a, n_b, tests
            )
            only_a = [t for t, k in zip(only_a, keep.tolist(), strict=True) if k]
        if only_b:
            keep = significant(
                [rb[t] for t in only_b], [ra.get(t, 0.0) for t in only_b], n_b, n_a, tests
            )
            only_b = [t for t, k in zip(only_b, keep.tolist(), strict=True) if k]
    return outside_content(TemplateDifference(only_a, only_b, variants), is_content)


def outside_content(
    diff: TemplateDifference, is_content: Callable[[str], bool] | None
) -> TemplateDifference:
    """``diff`` without the differences below a container ``is_content`` says
    holds free-form content (what :func:`template_differences` returns with
    that argument, from the same difference taken without it)."""
    if is_content is None:
        return diff
    return TemplateDifference(
        [t for t in diff.only_a if not is_content(_parent_name(t) or "")],
        [t for t in diff.only_b if not is_content(_parent_name(t) or "")],
        diff.variants,
    )
