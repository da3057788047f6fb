"""Landmark instances of one page, and landmark-level comparisons.

:func:`extract_landmarks` finds every header / footer / nav / aside / form /
search / main element of a page (by tag name or ARIA role, the same rule the
tokenizer uses) and reports each instance with its raw HTML and its position in
the source string: 0-based offsets (``html[start:end]`` is the instance) and
1-based line / column. Only ``\\n`` ends a line, so in a CRLF source the ``\\r``
is the last column of its line, as editors show it; columns count characters
(code points) of the Python string, so CJK text is one column per character.

The scan is a tag-level pass (the standard library's HTML tokenizer) rather
than a tree parser: a tree parser repairs markup and loses source positions.
The price is that implicit closes must be judged here: an instance counts only
when its own closing tag is present, so a landmark that a stray or missing tag
leaves unclosed is skipped rather than cut at a guessed place.

A landmark nested in another (a nav inside a header) is part of the outer
instance and not reported again, as in the clustering tokens, where a token
belongs to its outermost landmark. ``main`` is reported separately and never
takes part in that nesting rule, nor in chrome analysis: it is the content.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser

import numpy as np
import scipy.sparse as sp
from scipy.cluster.hierarchy import fcluster, linkage
from scipy.spatial.distance import squareform

from ..clustering.autocut import auto_cut_threshold
from ..parsing.html_source import parse_html
from ..parsing.segments import LANDMARK_ROLES, LANDMARK_TAGS, LANDMARK_TYPES, OPAQUE_TAGS
from ..parsing.structure import walk_structure

__all__ = [
    "CHROME_CONTAINMENT",
    "ExtractLandmarksResult",
    "LandmarkInstance",
    "extract_landmarks",
    "is_chrome_landmark_instance",
    "landmark_instance_tokens",
    "offset_to_line_column",
    "resolve_landmark_variant_keys",
]

#: Share of an instance's tokens that must be shell tokens for it to be chrome
#: (the 80% quorum used throughout clustering).
CHROME_CONTAINMENT = 0.8
#: Variant clustering cut bounds (Jaccard distance), as for templates: instances
#: closer than the lower bound are one design, farther than the upper are not.
VARIANT_MIN_CUT = 0.05
VARIANT_MAX_CUT = 0.5

_VOID_TAGS = frozenset(
    {
        "area",
        "base",
        "basefont",
        "bgsound",
        "br",
        "col",
        "embed",
        "frame",
        "hr",
        "image",
        "img",
        "input",
        "keygen",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    }
)
_ALL_TYPES = (*LANDMARK_TYPES, "main")


@dataclass(frozen=True, slots=True)
class LandmarkInstance:
    """One landmark element: its source HTML and where it sits in the page."""

    html: str
    start_offset: int
    end_offset: int
    start_line: int
    start_column: int
    end_line: int
    end_column: int

    def to_json(self) -> dict:
        return {
            "html": self.html,
            "startOffset": self.start_offset,
            "endOffset": self.end_offset,
            "startLine": self.start_line,
            "startColumn": self.start_column,
            "endLine": self.end_line,
            "endColumn": self.end_column,
        }


@dataclass(slots=True)
class ExtractLandmarksResult:
    """Instances per landmark type, in document order, and the page without them.

    ``remainder_html`` is the source with every header/footer/nav/aside/form/
    search instance cut out (``main`` is kept: it is the content).
    """

    header: list[LandmarkInstance] = field(default_factory=list)
    footer: list[LandmarkInstance] = field(default_factory=list)
    nav: list[LandmarkInstance] = field(default_factory=list)
    aside: list[LandmarkInstance] = field(default_factory=list)
    form: list[LandmarkInstance] = field(default_factory=list)
    search: list[LandmarkInstance] = field(default_factory=list)
    main: list[LandmarkInstance] = field(default_factory=list)
    remainder_html: str = ""

    def instances(self, landmark_type: str) -> list[LandmarkInstance]:
        if landmark_type not in _ALL_TYPES:
            raise ValueError(f"unknown landmark type {landmark_type!r}")
        return getattr(self, landmark_type)

    def to_json(self) -> dict:
        out: dict = {t: [i.to_json() for i in getattr(self, t)] for t in _ALL_TYPES}
        out["remainderHtml"] = self.remainder_html
        return out


def _landmark_types(tag: str, role: str | None) -> tuple[str, ...]:
    """Types an element stands for: by tag, and by role (both when they differ)."""
    out = []
    by_tag = LANDMARK_TAGS.get(tag)
    if by_tag:
        out.append(by_tag)
    if role:
        by_role = LANDMARK_ROLES.get(role.strip().lower())
        if by_role and by_role not in out:
            out.append(by_role)
    return tuple(out)


@dataclass(slots=True)
class _Open:
    tag: str
    start: int
    types: tuple[str, ...]
    trusted: bool  # not written as a self-closing tag
    in_scope: bool  # inside the first <body> (or in a body-less fragment)
    in_opaque: bool  # inside script/svg/... where nothing is structure


class _Scanner(HTMLParser):
    """Collects (type, start, end) of every genuinely closed landmark element."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=False)
        self.html = html
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", html)]
        self.stack: list[_Open] = []
        self.found: list[tuple[str, int, int]] = []
        self.body_state = 0  # 0: no body yet, 1: inside the first body, 2: after it
        self.body_depth = -1
        self.head_depth = -1
        self.ignored_bodies = 0

    def _offset(self) -> int:
        line, col = self.getpos()
        return self.line_starts[line - 1] + col

    def _open(self, tag: str, attrs: list[tuple[str, str | None]], trusted: bool) -> None:
        if tag in _VOID_TAGS:
            return
        if tag == "body":
            if self.body_state != 0:
                self.ignored_bodies += trusted  # a second <body> is ignored, as parsers do
                return
            self.body_state = 1
            self.body_depth = len(self.stack)
        elif tag == "head" and self.head_depth < 0 and self.body_state == 0:
            self.head_depth = len(self.stack)
        role = next((v for k, v in attrs if k == "role"), None)
        parent_opaque = bool(self.stack) and (
            self.stack[-1].in_opaque or self.stack[-1].tag in OPAQUE_TAGS
        )
        in_scope = self.body_state == 1 or (self.body_state == 0 and self.head_depth < 0)
        self.stack.append(
            _Open(tag, self._offset(), _landmark_types(tag, role), trusted, in_scope, parent_opaque)
        )

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._open(tag, attrs, trusted=True)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # In HTML a "/>" on a non-void element does not close it.
        self._open(tag, attrs, trusted=False)

    def handle_endtag(self, tag: str) -> None:
        if tag == "body" and self.ignored_bodies:
            self.ignored_bodies -= 1  # closes an ignored second <body>
            return
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.stack[depth].tag == tag:
                break
        else:
            return  # a stray end tag closes nothing
        start = self._offset()
        close = self.html.find(">", start)
        end = len(self.html) if close < 0 else close + 1
        # Elements above it are closed implicitly: never trusted as landmarks.
        del self.stack[depth + 1 :]
        el = self.stack.pop()
        if el.types and el.trusted and el.in_scope and not el.in_opaque:
            for t in el.types:
                self.found.append((t, el.start, end))
        if depth == self.body_depth and self.body_state == 1 and tag == "body":
            self.body_state = 2
        if depth == self.head_depth and tag == "head":
            self.head_depth = -2


def _outermost(spans: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """Drop spans strictly inside another span (identical spans are all kept)."""
    spans = sorted(spans, key=lambda s: (s[1], -s[2], _ALL_TYPES.index(s[0])))
    out: list[tuple[str, int, int]] = []
    reach_start, reach_end = -1, -1
    for span in spans:
        _, start, end = span
        if end <= reach_end and (start, end) != (reach_start, reach_end):
            continue
        out.append(span)
        if end > reach_end:
            reach_start, reach_end = start, end
    return out


def offset_to_line_column(line_starts: Sequence[int], offset: int) -> tuple[int, int]:
    """1-based (line, column) of a string offset, given each line's start offset.

    >>> offset_to_line_column([0, 4], 5)
    (2, 2)
    """
    line = bisect_left(line_starts, offset + 1)  # lines starting at or before offset
    return line, offset - line_starts[line - 1] + 1


def _excise(html: str, spans: Iterable[tuple[int, int]]) -> str:
    parts, pos = [], 0
    for start, end in sorted(spans):
        if start < pos:
            start = pos
        if end <= start:
            continue
        parts.append(html[pos:start])
        pos = end
    parts.append(html[pos:])
    return "".join(parts)


def extract_landmarks(html: str | bytes) -> ExtractLandmarksResult:
    """Every landmark instance of a page, with exact source positions.

    ``bytes`` are decoded as UTF-8 (invalid bytes replaced); offsets then refer
    to the decoded string.

    >>> r = extract_landmarks("<body><header>H</header><main>M</main><footer>F</footer></body>")
    >>> h = r.header[0]
    >>> h.html, h.start_offset, h.end_offset, h.start_line, h.start_column, h.end_column
    ('<header>H</header>', 6, 24, 1, 7, 25)
    >>> r.main[0].html, r.remainder_html
    ('<main>M</main>', '<body><main>M</main></body>')
    """
    if isinstance(html, bytes):
        html = html.decode("utf-8", errors="replace")
    result = ExtractLandmarksResult(remainder_html=html)
    if not html:
        return result
    scanner = _Scanner(html)
    try:
        scanner.feed(html)
        scanner.close()
    except (AssertionError, ValueError):  # pragma: no cover - defensive
        pass
    chrome = _outermost([s for s in scanner.found if s[0] != "main"])
    mains = _outermost([s for s in scanner.found if s[0] == "main"])
    starts = scanner.line_starts
    for t, start, end in sorted(chrome + mains, key=lambda s: (s[1], s[2])):
        sl, sc = offset_to_line_column(starts, start)
        el, ec = offset_to_line_column(starts, end)
        getattr(result, t).append(LandmarkInstance(html[start:end], start, end, sl, sc, el, ec))
    result.remainder_html = _excise(html, ((s, e) for _, s, e in chrome))
    return result


def landmark_instance_tokens(instance: LandmarkInstance | str) -> frozenset[str]:
    """The structural tokens of one instance on its own, rooted at ``body``.

    This is the form of ``shellTokens`` in cluster reasons, so the two can be
    compared with :func:`is_chrome_landmark_instance`.

    >>> sorted(landmark_instance_tokens('<header class="site"><nav><a>x</a></nav></header>'))
    ['body>header.site', 'body>header.site>nav', 'body>header.site>nav>a']
    """
    text = instance.html if isinstance(instance, LandmarkInstance) else instance
    if not text:
        return frozenset()
    structure = walk_structure(parse_html(f"<body>{text}</body>"))
    return frozenset(structure.node_paths)


def is_chrome_landmark_instance(
    instance_tokens: Iterable[str],
    shell_tokens: Iterable[str],
    threshold: float = CHROME_CONTAINMENT,
) -> bool:
    """Whether one landmark instance is chrome: most of its tokens are shell tokens.

    Containment (share of the instance's tokens found in the shell), not
    Jaccard: a shell pools every chrome instance of a cluster and is usually far
    larger than one instance. An instance without tokens is never chrome.

    >>> is_chrome_landmark_instance({"body>header", "body>header>nav"},
    ...                             {"body>header", "body>header>nav", "body>footer"})
    True
    >>> is_chrome_landmark_instance({"body>aside", "body>aside>ul"}, {"body>header"})
    False
    """
    inst = set(instance_tokens)
    if not inst:
        return False
    shell = shell_tokens if isinstance(shell_tokens, (set, frozenset)) else set(shell_tokens)
    return sum(1 for t in inst if t in shell) / len(inst) >= threshold


def _cluster_token_sets(sets: list[frozenset[str]]) -> np.ndarray:
    """Average-linkage groups of distinct token sets, cut by the max-gap auto-cut."""
    n = len(sets)
    if n == 1:
        return np.zeros(1, dtype=np.int64)
    vocab = {t: i for i, t in enumerate(sorted(set().union(*sets)))}
    indptr = np.cumsum([0] + [len(s) for s in sets])
    indices = np.fromiter((vocab[t] for s in sets for t in s), dtype=np.int64, count=indptr[-1])
    m = sp.csr_matrix((np.ones(len(indices)), indices, indptr), shape=(n, len(vocab)))
    inter = (m @ m.T).toarray()
    sizes = np.diag(inter).copy()
    union = sizes[:, None] + sizes[None, :] - inter
    dist = 1.0 - np.where(union > 0, inter / np.maximum(union, 1), 1.0)
    np.fill_diagonal(dist, 0.0)
    z = linkage(squareform(dist, checks=False), method="average")
    cut = auto_cut_threshold(z[:, 2], lower=VARIANT_MIN_CUT, upper=VARIANT_MAX_CUT)
    if cut is None:
        cut = VARIANT_MAX_CUT
    return fcluster(z, t=cut, criterion="distance") - 1


def resolve_landmark_variant_keys(
    html_list: Sequence[str | bytes], landmark_type: str
) -> list[str]:
    """Group pages by the design variant of one landmark type.

    Each page is represented by its most common instance of the type across
    the corpus (the site-wide one, not an article's own ``<header>``; ties go to
    document order). Instances are compared by structure only, so text does not
    matter. Keys are ``"variant:N"`` numbered by first page, and ``"none"`` for
    pages without the landmark. Compares distinct instance structures pairwise:
    meant for batches of up to a few thousand distinct designs.

    >>> resolve_landmark_variant_keys([
    ...     "<body><header><nav>A</nav></header></body>",
    ...     "<body><header><nav>B</nav></header></body>",
    ...     "<body><header><div class='logo'><img></div><ul><li>x</li></ul></header></body>",
    ...     "<body><p>no header</p></body>",
    ... ], "header")
    ['variant:0', 'variant:0', 'variant:1', 'none']
    """
    if landmark_type not in LANDMARK_TYPES:
        raise ValueError(f"landmark_type must be one of {', '.join(LANDMARK_TYPES)}")
    per_page: list[list[frozenset[str]]] = []
    frequency: Counter[frozenset[str]] = Counter()
    for html in html_list:
        seen: dict[frozenset[str], None] = {}
        for inst in extract_landmarks(html).instances(landmark_type):
            tokens = landmark_instance_tokens(inst)
            if tokens:
                seen.setdefault(tokens, None)
        per_page.append(list(seen))
        frequency.update(list(seen))
    canonical: list[frozenset[str] | None] = []
    for instances in per_page:
        best = None
        for tokens in instances:  # document order: the first of equal counts wins
            if best is None or frequency[tokens] > frequency[best]:
                best = tokens
        canonical.append(best)
    distinct = list(dict.fromkeys(c for c in canonical if c is not None))
    if not distinct:
        return ["none"] * len(canonical)
    labels = _cluster_token_sets(distinct)
    label_of = dict(zip(distinct, labels.tolist(), strict=True))
    names: dict[int, str] = {}
    out = []
    for c in canonical:
        if c is None:
            out.append("none")
            continue
        lab = label_of[c]
        out.append(names.setdefault(lab, f"variant:{len(names)}"))
    return out
