"""The per-page path: main content of a page that has no same-template sibling.

Without siblings nothing tells template from content, so the page must speak for
itself. The classifier here is the published "paragraphs vote for their
container" scheme of the Readability family (Arc90's readability, its Python port
readability-lxml and Mozilla's Readability), written on our blocks: no DOM is
kept, so every step is a mask over the page's blocks.

1. **Removal.** Hidden blocks, ``nav`` / ``aside`` / ``menu`` / ``dialog``
   elements, blocks whose role names a menu or a dialog, blocks whose class or id
   names page furniture (comments, menus, sidebars, sponsors, advertising slots,
   author boxes ...) and not also the content, captions and picture boxes (a
   ``figcaption``, a block named caption or credit, a figure or a division named
   image, photo, gallery, media ... that holds a picture; under 300 characters,
   no table or code), the byline and the date (under 100 characters) and the
   heading that repeats the document title are taken out of the page: they
   neither vote nor count in their ancestors' text, and they are not part of
   the result.
2. **Votes.** Every paragraph-like block (paragraphs, preformatted text, table
   cells, headings h2-h6 and the loose text of divisions and sections) with 25+
   characters votes ``1 + commas + min(length // 100, 3)`` for its container
   fully and the container's parent half. Loose text of a division with child
   blocks, and of a table cell, counts as paragraphs inside it; a division that
   merely wraps one paragraph is looked through. A candidate starts from a bonus
   for its tag and +-25 for each of its class and id that names content or
   furniture; its score is then multiplied by the share of its text outside
   links.
3. **Top candidate.** The best one; when three of the next four score at least
   three quarters as well, their nearest common ancestor (the content is spread
   over them); then out of wrappers that hold nothing else.
4. **Siblings.** The top candidate's siblings join when they scored at least a
   fifth as well (10 at least), or look like prose paragraphs (80+ characters
   and under a quarter links, or a short link-free sentence).
5. **Cleaning.** Inside the result, page-footer elements, ``h1`` headings and
   the article's own ``header`` (headline, standfirst, byline; under 500
   characters) unless it is all the result holds, sharing widgets under
   500 characters, headings that name furniture or are mostly links,
   "advertisement" labels, and forms, tables, lists and divisions that look like
   link lists, image galleries or forms are dropped. Blocks are judged innermost
   first on what is left of them: class weight, commas, paragraphs against
   images, list items and inputs, under 25 characters, link density against class
   weight; data tables and figures of tables or code are kept.
6. **Retries.** When the result holds under 500 characters the page is read
   again without the furniture-name removal, then also without class weights,
   then also without cleaning; the first reading that reaches 500 characters
   wins, else the longest.

Where the family's members differ, the choice was made on the documentation
corpora read page by page and on article pages written for the tests. Votes
reach two ancestors and siblings get no bonus for sharing the top candidate's
class (readability-lxml: with five ancestors and Mozilla's climbing to
higher-scoring parents, wrapper classes such as ``page`` or ``content`` pulled in
whole pages); the common ancestor of near-equal candidates and retries under
500 characters are Mozilla's (both raised recall on the documentation pages).
Lists are cleaned by link density like divisions and short blocks go whatever
their links (readability-lxml): that drops the link lists of related articles
inside article bodies, at some cost on documentation pages, whose tables of
contents are link lists. The constants are the customary ones of the
family; none was fitted to a benchmark.

Readability's rules keep what news pages set around and between the paragraphs
of a story: the headline inside the article element (when it does not repeat
the document title), the date line, captions and photo credits, "read also"
tables wrapped in figures, advertising slots and author boxes whose names say
so in whole words. Those rules (removal of captions, picture boxes, dates,
advertising and author boxes; cleaning of ``h1`` and ``header``; figures
protected only when they hold a table or code) were written on real news pages
outside the benchmark and on the article pages of the tests; on the
documentation corpora read page by page they cost under 0.001 of F1 (a page
title in an ``h1``, a figure caption).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from .blocks import COUNT_COLUMNS, PageBlocks
from .features import BlockStats, tree_down, tree_sum

__all__ = ["single_page_keep"]

# -- Vocabulary (readability's class / id word lists, with a few generic additions)

#: Class / id words of page furniture: such a block is removed before voting
#: unless its name also says it may hold the content (:data:`_MAYBE`).
_UNLIKELY = re.compile(
    r"-ad-|ai2html|banner|breadcrumb|combx|comment|community|cover-wrap|disqus|extra|"
    r"footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|"
    r"skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|"
    r"yom-remote|newsletter|subscribe|cookie|promo",
    re.IGNORECASE,
)
_MAYBE = re.compile(r"and|article|body|column|content|main|shadow", re.IGNORECASE)
#: Class / id words that raise (+25) or lower (-25) a candidate.
_POSITIVE = re.compile(
    r"article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story",
    re.IGNORECASE,
)
_NEGATIVE = re.compile(
    r"-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|"
    r"masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|"
    r"sponsor|shopping|tags|widget",
    re.IGNORECASE,
)
_UNLIKELY_ROLES = re.compile(
    r"^(menu|menubar|complementary|navigation|alert|alertdialog|dialog)$", re.IGNORECASE
)
#: Sharing widgets (a whole word of a class or id) shorter than this are dropped.
_SHARE = re.compile(r"(\b|_)(share|sharedaddy)(\b|_)", re.IGNORECASE)
_SHARE_MAX_CHARS = 500
_BYLINE = re.compile(r"byline|author|dateline|writtenby|p-author", re.IGNORECASE)
#: Publication dates and times (a whole word of a class or id): removed like bylines.
_DATE = re.compile(
    r"(^|[\s_-])(date|dates|time|timestamp|pubdate|published|posted|posted-on|updated)"
    r"([\s_-]|$)",
    re.IGNORECASE,
)
#: Bylines and dates longer than this are not bylines or dates.
_BYLINE_MAX_CHARS = 100
#: Advertising slots and author boxes (whole words of a class or id): furniture
#: that readability's list misses (it only knows ``-ad-``).
_MORE_UNLIKELY = re.compile(
    r"(^|[\s_-])(ad|ads|adv|advert|adverts|advertisement|adslot|ad-slot|sponsored|"
    r"bio|author-bio|author-box|author-info|author-card|about-author|about-the-author)"
    r"([\s_-]|$)",
    re.IGNORECASE,
)
#: Captions and the boxes that hold a picture with its caption: what an article
#: shows beside its text. Only short ones (a caption is a sentence or two).
_CAPTION = re.compile(r"caption|credit", re.IGNORECASE)
_MEDIA_BOX = re.compile(r"figure|image|photo|picture|gallery|media|video", re.IGNORECASE)
_CAPTION_MAX_CHARS = 300
#: A table's own caption names the data: it stays with the table.
_CAPTION_TABLE_TAGS = frozenset({"caption", "table", "tr", "td", "th"})
_AD_OR_LOADING = re.compile(
    r"^(ad(vertising|vertisement)?|pub(licité)?|werb(ung)?|广告|реклама|anuncio|"
    r"(loading|正在加载|загрузка|chargement|cargando)(…|\.\.\.)?)$",
    re.IGNORECASE,
)
_COMMAS = (",", "\uff0c", "\u060c", "\ufe50", "\ufe10", "\ufe11", "\u2e41", "\u2e34", "\u2e32")

# -- Tags

#: Never part of an article: removed before voting wherever they are.
_REMOVED_TAGS = frozenset({"nav", "aside", "menu", "dialog"})
#: Dropped inside the result (readability's unconditional clean).
_DROPPED_INSIDE_TAGS = frozenset({"footer"})
#: Elements whose own text votes (readability's scored tags; the loose text of
#: divisions is what readability wraps into paragraphs).
_PARAGRAPH_TAGS = frozenset({"p", "pre", "td"})
_DIVISION_TAGS = frozenset({"div", "section", "article", "main"})
_HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
#: Never removed for their class or id.
_NOT_UNLIKELY_TAGS = frozenset({"body", "article", "main"})
_TAG_BONUS = {
    "div": 5.0,
    "pre": 3.0,
    "td": 3.0,
    "blockquote": 3.0,
    "address": -3.0,
    "ol": -3.0,
    "ul": -3.0,
    "dl": -3.0,
    "dd": -3.0,
    "dt": -3.0,
    "li": -3.0,
    "form": -3.0,
    "h1": -5.0,
    "h2": -5.0,
    "h3": -5.0,
    "h4": -5.0,
    "h5": -5.0,
    "h6": -5.0,
    "th": -5.0,
}
#: An article's own ``header`` longer than this is not a headline block.
_HEADER_MAX_CHARS = 500
#: Blocks the conditional cleaning looks at.
_CLEANED_TAGS = frozenset({"form", "fieldset", "table", "ul", "ol", "div", "section", "header"})
_LIST_TAGS = frozenset({"ul", "ol"})

# -- Constants (the customary ones of readability-style extractors)

_MIN_VOTE_CHARS = 25
_ANCESTOR_LEVELS = 2
_TOP_CANDIDATES = 5
_MIN_ALTERNATIVES = 3
_ALTERNATIVE_SHARE = 0.75
_SIBLING_SHARE = 0.2
_SIBLING_MIN_SCORE = 10.0
#: A reading shorter than this is tried again with fewer rules (Mozilla's
#: Readability's character threshold).
_MIN_ARTICLE_CHARS = 500
_COL = {name: i for i, name in enumerate(COUNT_COLUMNS)}

# Columns of the per-block value matrix summed over live subtrees.
#: Text length (with spaces) and characters / link characters (without spaces,
#: for link density), commas, paragraphs, images, list items, form controls,
#: heading and list-item text length.
_V_LEN, _V_CHARS, _V_ANCHOR, _V_COMMAS, _V_PARAS, _V_IMAGES, _V_ITEMS, _V_INPUTS = range(8)
_V_HEAD, _V_LIST = 8, 9
_N_VALUES = 10


@dataclass(frozen=True, slots=True)
class _Rules:
    """Which of readability's optional rules a reading applies."""

    strip_unlikely: bool = True
    weight_classes: bool = True
    clean_conditionally: bool = True


_READINGS = (
    _Rules(),
    _Rules(strip_unlikely=False),
    _Rules(strip_unlikely=False, weight_classes=False),
    _Rules(strip_unlikely=False, weight_classes=False, clean_conditionally=False),
)


@dataclass(slots=True)
class _Page:
    """Per-block facts of one page that every reading shares."""

    pb: PageBlocks
    tags: list[str]
    parent: np.ndarray
    children: np.ndarray  # number of child blocks
    own_chars: np.ndarray
    values: np.ndarray  # own values (see the _V_ columns)
    own_text: list[str]
    weight: np.ndarray  # class / id weight
    always_removed: np.ndarray  # roots removed in every reading
    unlikely: np.ndarray  # roots removed while furniture names are stripped
    look_through: np.ndarray  # divisions that merely wrap one paragraph
    paragraph_like: np.ndarray
    voter: np.ndarray
    vote: np.ndarray
    protected: np.ndarray  # data tables and what they hold, and figures' insides


def _class_weight(name: str) -> float:
    """-25 / +25 for each of the class and the id naming furniture / content."""
    w = 0.0
    for value in name.split("\x1f")[:2]:
        if value:
            if _NEGATIVE.search(value):
                w -= 25.0
            if _POSITIVE.search(value):
                w += 25.0
    return w


def _similar(a: str, b: str) -> bool:
    """Whether ``b`` shares at least three quarters of its words with ``a``."""
    wa = set(re.findall(r"\w+", a.lower()))
    wb = re.findall(r"\w+", b.lower())
    if not wa or not wb:
        return False
    return sum(1 for w in wb if w in wa) >= 0.75 * len(wb)


def _commas(text: str) -> int:
    return sum(text.count(c) for c in _COMMAS) if text else 0


def _data_tables(pb: PageBlocks, children: list[list[int]]) -> np.ndarray:
    """Tables that hold data rather than layout (readability's tests)."""
    n = len(pb)
    out = np.zeros(n, dtype=bool)
    tags = pb.tags
    for t in range(n):
        if tags[t] != "table":
            continue
        role = pb.names[t].split("\x1f")[2] if pb.names[t] else ""
        if role == "presentation":
            continue
        rows: list[int] = []
        has_header = False
        nested = False
        stack = list(children[t])
        while stack:
            b = stack.pop()
            tag = tags[b]
            if tag == "table":
                nested = True
                continue  # a nested table's rows are its own
            if tag in ("th", "caption"):
                has_header = True
            if tag == "tr":
                rows.append(b)
            stack.extend(children[b])
        if nested:
            continue
        columns = max(
            (sum(1 for c in children[r] if tags[c] in ("td", "th")) for r in rows), default=0
        )
        out[t] = has_header or len(rows) >= 10 or columns > 4 or len(rows) * columns > 10
    return out


def _look_through(
    pb: PageBlocks,
    st: BlockStats,
    kids: list[list[int]],
    division: np.ndarray,
    children: np.ndarray,
    own_chars: np.ndarray,
) -> np.ndarray:
    """Divisions that merely wrap one paragraph (not mostly links): a reader sees
    the paragraph, so the wrapper takes its place when votes are cast."""
    look_through = np.zeros(len(pb), dtype=bool)
    counts = pb.counts
    for b in np.flatnonzero(
        division & (children == 1) & (own_chars == 0) & (counts[:, _COL["elements"]] <= 1)
    ).tolist():
        (c,) = kids[b]
        if pb.tags[c] == "p" and st.sub[c, 1] < 0.25 * max(st.sub[c, 0], 1):
            look_through[b] = True
    return look_through


def _own_values(
    st: BlockStats,
    counts: np.ndarray,
    own_chars: np.ndarray,
    paragraph_like: np.ndarray,
    is_tag: np.ndarray,
) -> np.ndarray:
    """Each block's own figures (the ``_V_`` columns); the readings sum them over
    what is left of a subtree, so they are computed once per page."""
    values = np.zeros((len(own_chars), _N_VALUES), dtype=np.float64)
    values[:, _V_LEN] = own_chars
    values[:, _V_CHARS] = st.own[:, 0]
    values[:, _V_ANCHOR] = st.own[:, 1].astype(np.float64)
    values[:, _V_COMMAS] = [_commas(t) for t in st.own_text]
    values[:, _V_PARAS] = paragraph_like
    values[:, _V_IMAGES] = counts[:, _COL["images"]]
    values[:, _V_ITEMS] = counts[:, _COL["items"]]
    values[:, _V_INPUTS] = counts[:, _COL["inputs"]]
    values[:, _V_HEAD] = own_chars * is_tag[:, 1]
    values[:, _V_LIST] = own_chars * is_tag[:, 2]
    return values


def _removals(
    pb: PageBlocks, st: BlockStats, title: str, sub_counts: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Blocks removed in every reading, and blocks removed while furniture names are
    stripped (the first reading only).

    Removed always: what a reader does not see, navigation and dialogs, the byline
    and the heading repeating the title. Removed as furniture: blocks whose class or
    id names page furniture, captions and picture boxes.
    """
    n = len(pb)
    tags = pb.tags
    names = pb.names
    always = np.array(pb.hidden, dtype=bool, copy=True)
    unlikely = np.zeros(n, dtype=bool)
    in_table = tree_down(pb, np.array([t == "table" for t in tags], dtype=bool))
    headline_done = not title
    for b in range(1, n):
        tag = tags[b]
        name = names[b]
        if tag in _REMOVED_TAGS:
            always[b] = True
            continue
        if name:
            role = name.split("\x1f")[2]
            if role and _UNLIKELY_ROLES.match(role.strip()):
                always[b] = True
                continue
            chars = float(st.sub[b, 0])
            if (_BYLINE.search(name) or _DATE.search(name)) and 0 < chars < _BYLINE_MAX_CHARS:
                always[b] = True
                continue
            furniture = (_UNLIKELY.search(name) or _MORE_UNLIKELY.search(name)) and not (
                _MAYBE.search(name)
            )
            if furniture and tag not in _NOT_UNLIKELY_TAGS and not in_table[b]:
                unlikely[b] = True
        if not unlikely[b] and _beside_text(tag, name, sub_counts[b], float(st.sub[b, 0])):
            unlikely[b] = True
        if not headline_done and tag in ("h1", "h2"):
            text = pb.block_text(b)
            if text and _similar(title, text):
                always[b] = True
                headline_done = True
    always[0] = False
    return always, unlikely


def _protected(pb: PageBlocks, kids: list[list[int]], sub_counts: np.ndarray) -> np.ndarray:
    """Data tables, and figures of code listings or data tables, with their insides:
    kept whole by the cleaning (a figure of links, a one-cell "read also" table, is
    cleaned like any block)."""
    data_table = _data_tables(pb, kids)
    has_data = tree_sum(pb, data_table.astype(np.int64)) > 0
    listing = np.array([t == "figure" for t in pb.tags], dtype=bool) & (
        (sub_counts[:, _COL["code"]] > 0) | has_data
    )
    return tree_down(pb, data_table | listing)


def _prepare(pb: PageBlocks, st: BlockStats, title: str) -> _Page:
    """The per-block facts every reading of the page shares, computed once."""
    tags = pb.tags
    kids = pb.children()
    children = np.array([len(k) for k in kids], dtype=np.int64)
    own_chars = np.array([len(t) for t in st.own_text], dtype=np.float64)
    is_tag = np.array([[t == "p", t in _HEADING_TAGS, t == "li"] for t in tags], dtype=bool)
    division = np.array([t in _DIVISION_TAGS for t in tags], dtype=bool)
    # A division with text of its own and no child block reads as a paragraph.
    paragraph_like = is_tag[:, 0] | (division & (children == 0) & (own_chars > 0))
    values = _own_values(st, pb.counts, own_chars, paragraph_like, is_tag)
    sub_counts = tree_sum(pb, pb.counts)
    always, unlikely = _removals(pb, st, title, sub_counts)
    voter = (own_chars >= _MIN_VOTE_CHARS) & (
        np.array([t in _PARAGRAPH_TAGS for t in tags], dtype=bool) | division
    )
    return _Page(
        pb=pb,
        tags=tags,
        parent=pb.parent.astype(np.int64),
        children=children,
        own_chars=own_chars,
        values=values,
        own_text=st.own_text,
        weight=np.array([_class_weight(nm) if nm else 0.0 for nm in pb.names]),
        always_removed=always,
        unlikely=unlikely,
        look_through=_look_through(pb, st, kids, division, children, own_chars),
        paragraph_like=paragraph_like,
        voter=voter,
        vote=1.0 + values[:, _V_COMMAS] + np.minimum(own_chars // 100, 3),
        protected=_protected(pb, kids, sub_counts),
    )


def _beside_text(tag: str, name: str, sub_counts: np.ndarray, chars: float) -> bool:
    """Whether a block is a caption or a picture box: shown beside the text, not part of it.

    A caption (``figcaption``, or a block whose class or id names a caption or a
    credit) and a figure or picture box (a division whose name says image, photo,
    gallery, media ...) holding a picture, each with under 300 characters and no
    table or code, are what a reader skips when copying the article; news pages
    put several between the paragraphs of one story. A box holding the story's
    prose is far longer, and figures of tables or code listings are kept.
    """
    if not 0 < chars < _CAPTION_MAX_CHARS:
        return False
    if sub_counts[_COL["cells"]] > 0 or sub_counts[_COL["code"]] > 0:
        return False
    if tag == "figcaption" or (tag not in _CAPTION_TABLE_TAGS and _CAPTION.search(name)):
        return True
    if sub_counts[_COL["images"]] == 0:
        return False
    return tag == "figure" or (tag in _DIVISION_TAGS and bool(_MEDIA_BOX.search(name)))


def _vote_chain(page: _Page, b: int) -> list[int]:
    """The container and its parent that block ``b`` votes for (wrappers looked through).

    The loose text of a division with child blocks is, for readability, wrapped
    into paragraphs inside it: the division itself is then its first ancestor.
    So is a table cell's: a cell is a container of its own text.
    """
    parent = page.parent
    chain: list[int] = []
    tag = page.tags[b]
    p = b if tag == "td" or (tag in _DIVISION_TAGS and page.children[b] > 0) else int(parent[b])
    while p >= 0 and len(chain) < _ANCESTOR_LEVELS:
        if not page.look_through[p]:
            chain.append(p)
        p = int(parent[p])
    return chain


def _ancestors(parent: np.ndarray, b: int) -> set[int]:
    out: set[int] = set()
    p = int(parent[b])
    while p >= 0:
        out.add(p)
        p = int(parent[p])
    return out


def _read(page: _Page, rules: _Rules) -> np.ndarray:
    """One reading of the page (steps 1-5 of the module doc) under ``rules``."""
    pb = page.pb
    n = len(pb)
    tags = page.tags
    roots = page.always_removed | (page.unlikely if rules.strip_unlikely else False)
    removed = tree_down(pb, roots)
    live = ~removed
    agg = tree_sum(pb, page.values * live[:, None])
    chars = agg[:, _V_CHARS]
    density = np.divide(agg[:, _V_ANCHOR], chars, out=np.zeros(n), where=chars > 0)
    weight = page.weight if rules.weight_classes else np.zeros(n)

    score = np.zeros(n)
    touched = np.zeros(n, dtype=bool)
    for b in np.flatnonzero(page.voter & live).tolist():
        vote = float(page.vote[b])
        for level, a in enumerate(_vote_chain(page, b)):
            if not touched[a]:
                touched[a] = True
                score[a] = _TAG_BONUS.get(tags[a], 0.0) + weight[a]
            score[a] += vote / (1.0 if level == 0 else 2.0 * level)
    score = np.where(touched, score * (1.0 - density), 0.0)
    top = _top_candidate(page, score, touched, weight)
    if top <= 0:
        chosen = np.zeros(n, dtype=bool)
        chosen[0] = True
    else:
        chosen = _with_siblings(page, top, score, touched, density, removed)
    article = tree_down(pb, chosen) & live
    drop = _cleaned(page, article, chosen, agg, weight, rules)
    return article & ~drop


def _top_candidate(page: _Page, score: np.ndarray, touched: np.ndarray, weight: np.ndarray) -> int:
    """The best candidate, moved to where the content is (step 3); 0 is the body."""
    if not touched.any():
        return 0
    parent = page.parent
    ranked = np.flatnonzero(touched)
    ranked = ranked[np.argsort(-score[ranked], kind="stable")][:_TOP_CANDIDATES]
    top = int(ranked[0])
    if top == 0:
        return 0
    best = float(score[top])
    alternatives = [
        int(b) for b in ranked[1:].tolist() if best > 0 and score[b] / best >= _ALTERNATIVE_SHARE
    ]
    if len(alternatives) >= _MIN_ALTERNATIVES:
        lines = [_ancestors(parent, a) for a in alternatives]
        p = int(parent[top])
        while p > 0:
            if sum(p in line for line in lines) >= _MIN_ALTERNATIVES:
                top = p
                if not touched[top]:
                    touched[top] = True
                    score[top] = _TAG_BONUS.get(page.tags[top], 0.0) + weight[top]
                break
            p = int(parent[p])
    while parent[top] > 0 and page.children[parent[top]] == 1:
        top = int(parent[top])
    return top


def _with_siblings(
    page: _Page,
    top: int,
    score: np.ndarray,
    touched: np.ndarray,
    density: np.ndarray,
    removed: np.ndarray,
) -> np.ndarray:
    """The top candidate and the siblings that belong with it (step 4)."""
    n = len(page.pb)
    chosen = np.zeros(n, dtype=bool)
    chosen[top] = True
    parent = page.parent
    top_score = float(score[top])
    threshold = max(_SIBLING_MIN_SCORE, top_score * _SIBLING_SHARE)
    for s in np.flatnonzero(parent == parent[top]).tolist():
        if s == top or removed[s]:
            continue
        if touched[s] and score[s] >= threshold:
            chosen[s] = True
        elif page.paragraph_like[s] or page.look_through[s]:
            text = page.pb.block_text(s)
            length = len(text)
            if (length > 80 and density[s] < 0.25) or (
                0 < length <= 80 and density[s] == 0 and re.search(r"\.( |$)", text)
            ):
                chosen[s] = True
    return chosen


def _cleaned(
    page: _Page,
    article: np.ndarray,
    chosen: np.ndarray,
    agg: np.ndarray,
    weight: np.ndarray,
    rules: _Rules,
) -> np.ndarray:
    """Blocks of the article that are furniture after all (step 5), with subtrees.

    Blocks are looked at innermost first (reverse document order), and a dropped
    block's figures are taken out of its ancestors', as readability removes nodes
    while it walks back through the article.
    """
    pb = page.pb
    n = len(pb)
    tags = page.tags
    parent = page.parent
    agg = agg.copy()
    drop = np.zeros(n, dtype=bool)
    below_top = article & ~chosen
    # The result's only chosen block is never dropped as a headline block.
    alone = chosen if int(chosen.sum()) == 1 else np.zeros(n, dtype=bool)
    for b in np.flatnonzero(article)[::-1].tolist():
        if b == 0:
            continue
        tag = tags[b]
        text_chars = agg[b, _V_LEN]
        plain = agg[b, _V_CHARS]
        density = agg[b, _V_ANCHOR] / plain if plain > 0 else 0.0
        name = pb.names[b]
        if tag in _DROPPED_INSIDE_TAGS or (
            below_top[b] and name and _SHARE.search(name) and text_chars < _SHARE_MAX_CHARS
        ):
            hit = True
        elif not alone[b] and (tag == "h1" or (tag == "header" and text_chars < _HEADER_MAX_CHARS)):
            # The page's headline and the article's header (kicker, headline,
            # standfirst, byline, date): the title of the text, not the text,
            # whether inside the top candidate or read in as its sibling.
            hit = True
        elif tag in _HEADING_TAGS:
            hit = weight[b] < 0 or density > 0.33
        elif 0 < text_chars < 30 and _AD_OR_LOADING.match(pb.block_text(b)):
            hit = True
        elif tag in _CLEANED_TAGS and rules.clean_conditionally and not page.protected[b]:
            hit = not page.paragraph_like[b] and _looks_like_furniture(
                tag, agg[b], float(weight[b]), density
            )
        else:
            hit = False
        if hit:
            drop[b] = True
            delta = agg[b].copy()
            p = int(parent[b])
            while p >= 0:
                agg[p] -= delta
                p = int(parent[p])
    return tree_down(pb, drop)


def _looks_like_furniture(tag: str, v: np.ndarray, weight: float, density: float) -> bool:
    """Readability's conditional cleaning test on one block's live figures."""
    if weight < 0:
        return True
    if v[_V_COMMAS] >= 10:
        return False
    chars = v[_V_LEN]
    is_list = tag in _LIST_TAGS or (chars > 0 and v[_V_LIST] / chars > 0.9)
    paragraphs = v[_V_PARAS]
    images = v[_V_IMAGES]
    items = v[_V_ITEMS] - 100.0
    inputs = v[_V_INPUTS]
    heading_share = v[_V_HEAD] / chars if chars > 0 else 0.0
    return bool(
        (images > 1 and paragraphs / images < 0.5)
        or (not is_list and items > paragraphs)
        or (inputs > paragraphs // 3)
        or (not is_list and heading_share < 0.9 and chars < 25 and (images == 0 or images > 2))
        or (weight < 25 and density > 0.2)
        or (weight >= 25 and density > 0.5)
    )


def single_page_keep(pb: PageBlocks, st: BlockStats, title: str = "") -> np.ndarray:
    """Blocks of a sibling-less page that hold its main content (see the module doc).

    >>> from page_cluster.content.blocks import segment_html
    >>> from page_cluster.content.features import block_stats
    >>> html = ('<div class="menu"><a href="/">Home</a> <a href="/news">News</a></div>'
    ...         '<div class="story"><p>' + 'A long sentence, with words, about things. ' * 8 +
    ...         '</p><p>' + 'Another one, also long, that says more. ' * 6 + '</p></div>'
    ...         '<div class="comments"><p>' + 'I disagree, strongly. ' * 9 + '</p></div>')
    >>> pb = segment_html(html)
    >>> kept = single_page_keep(pb, block_stats(pb))
    >>> [pb.paths[b] for b in range(len(pb)) if kept[b]]
    ['body>.story', 'body>.story>p', 'body>.story>p']
    """
    n = len(pb)
    if n == 0:
        return np.zeros(0, dtype=bool)
    page = _prepare(pb, st, title)
    best: np.ndarray | None = None
    best_chars = -1.0
    for rules in _READINGS:
        kept = _read(page, rules)
        chars = float(page.own_chars[kept].sum())
        if chars >= _MIN_ARTICLE_CHARS:
            return kept
        if chars > best_chars:
            best, best_chars = kept, chars
    assert best is not None
    return best
