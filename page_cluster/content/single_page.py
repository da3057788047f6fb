"""The per-page path: main content of a page that has no same-template sibling.

Without siblings nothing tells template from content, so the page must speak for
itself. The classifier here is the well-tried "paragraphs vote for their
container" scheme of readability-style extractors, written on our blocks:

1. blocks whose class or id names page furniture (comments, menus, sidebars,
   sharing, sponsors ...) and that do not also name the content, and ``nav`` /
   ``aside`` elements, are out of the running;
2. every block with 25+ characters of its own text votes ``1 + commas +
   min(chars / 100, 3)`` for up to five ancestors (the parent fully, the
   grandparent half, further ones a third of the vote divided by the distance);
   a candidate starts from a bonus for its tag and +-25 for each of its class
   and id that names content or furniture;
3. the best container (its votes times the share of its text outside links)
   wins, moved up to an ancestor when the content is spread over relatives;
   siblings that scored at least a fifth as well, or look like prose
   paragraphs, join it;
4. inside the result, lists, tables, forms and divisions that look like link
   lists, image galleries or forms (link density, items per paragraph, inputs,
   class words) are dropped, and so are what the body of an article never
   holds: the headline repeating the document title, the byline, sharing
   widgets and bare "advertisement" labels.

The constants are the customary ones of that family of extractors; none was
fitted to a benchmark. The doc corpora's pages, read as if they had no siblings,
are what we checked the implementation on.
"""

from __future__ import annotations

import re

import numpy as np

from .blocks import COUNT_COLUMNS, PageBlocks
from .features import BlockStats, tree_down, tree_sum

__all__ = ["single_page_keep"]

_UNLIKELY = re.compile(
    r"-ad-|ai2html|banner|breadcrumb|combx|comment|community|cover-wrap|disqus|extra|"
    r"footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|"
    r"skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|"
    r"yom-remote|share|newsletter|subscribe|cookie|promo",
    re.IGNORECASE,
)
_MAYBE = re.compile(r"and|article|body|column|content|main|shadow", re.IGNORECASE)
_POSITIVE = re.compile(
    r"article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story",
    re.IGNORECASE,
)
_NEGATIVE = re.compile(
    r"hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|foot|footer|"
    r"footnote|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|"
    r"sidebar|skyscraper|sponsor|shopping|tags|tool|widget",
    re.IGNORECASE,
)
_NEVER_CANDIDATE_TAGS = frozenset({"nav", "aside"})
#: Elements never part of an article body (form furniture, asides, page footers).
_FURNITURE_TAGS = frozenset({"nav", "aside", "footer", "form", "fieldset", "menu", "dialog"})
_UNLIKELY_ROLES = re.compile(
    r"\b(menu|menubar|complementary|navigation|alert|alertdialog|dialog)\b", re.IGNORECASE
)
_SHARE = re.compile(r"share|sharedaddy", re.IGNORECASE)
_BYLINE = re.compile(r"byline|author|dateline|writtenby|p-author", re.IGNORECASE)
#: Bylines longer than this are not bylines.
_BYLINE_MAX_CHARS = 100
_AD_LABEL = re.compile(
    r"^(ad(vertising|vertisement)?|pub(licité)?|werb(ung)?|广告|реклама|anuncio)$", re.IGNORECASE
)
#: Sharing widgets shorter than this are dropped from an article.
_SHARE_MAX_CHARS = 500
_NOT_UNLIKELY_TAGS = frozenset({"body", "article", "main"})
_VOTER_TAGS = frozenset(
    {
        "p",
        "pre",
        "td",
        "blockquote",
        "div",
        "section",
        "article",
        "main",
        "dd",
        "center",
        "address",
        "figure",
    }
)
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
_CLEANED_TAGS = frozenset(
    {"form", "fieldset", "table", "ul", "ol", "dl", "div", "section", "aside", "header", "footer"}
)
_LIST_TAGS = frozenset({"ul", "ol", "dl"})
_MIN_VOTE_CHARS = 25
_ANCESTOR_LEVELS = 5
_COL = {name: i for i, name in enumerate(COUNT_COLUMNS)}


def _class_weight(attributes: tuple[str, ...]) -> float:
    """-25 / +25 for each of the class and the id naming furniture / content."""
    w = 0.0
    for value in attributes:
        if value:
            if _NEGATIVE.search(value):
                w -= 25.0
            if _POSITIVE.search(value):
                w += 25.0
    return w


def _sentence_like(text: str) -> bool:
    return ". " in text or text.endswith(".")


def _similar(a: str, b: str) -> bool:
    """Whether ``b`` shares at least three quarters of its words with ``a``."""
    wa = set(a.lower().split())
    wb = b.lower().split()
    if not wa or not wb:
        return False
    return sum(1 for w in wb if w in wa) >= 0.75 * len(wb)


def single_page_keep(pb: PageBlocks, st: BlockStats, title: str = "") -> np.ndarray:
    """Blocks of a sibling-less page that hold its main content (see the module doc).

    >>> from page_cluster.content.blocks import segment_html
    >>> from page_cluster.content.features import block_stats
    >>> html = ('<div class="menu"><a href="/">Home</a> <a href="/news">News</a></div>'
    ...         '<div class="story"><p>' + 'A long sentence, with words, about things. ' * 5 +
    ...         '</p><p>' + 'Another one, also long, that says more. ' * 4 + '</p></div>'
    ...         '<div class="comments"><p>' + 'I disagree, strongly. ' * 9 + '</p></div>')
    >>> pb = segment_html(html)
    >>> kept = single_page_keep(pb, block_stats(pb))
    >>> [pb.paths[b] for b in range(len(pb)) if kept[b]]
    ['body>.story', 'body>.story>p', 'body>.story>p']
    """
    n = len(pb)
    if n == 0:
        return np.zeros(0, dtype=bool)
    tags = pb.tags
    names = pb.names
    parent = pb.parent
    own_chars = st.own[:, 0].astype(np.float64)
    chars = st.sub[:, 0].astype(np.float64)
    anchor = st.sub[:, 1].astype(np.float64)
    density = np.divide(anchor, chars, out=np.zeros(n), where=chars > 0)

    unlikely = np.array(pb.hidden, dtype=bool, copy=True)
    unlikely[0] = False
    for b in range(1, n):
        name = names[b]
        tag = tags[b]
        if tag in _NEVER_CANDIDATE_TAGS or (
            name
            and tag not in _NOT_UNLIKELY_TAGS
            and _UNLIKELY.search(name)
            and not _MAYBE.search(name)
        ):
            unlikely[b] = True
    out_of_running = tree_down(pb, unlikely)

    weight = np.array([_class_weight(tuple(nm.split("\x1f")[:2])) for nm in names])
    score = np.zeros(n)
    touched = np.zeros(n, dtype=bool)
    voters = np.flatnonzero((own_chars >= _MIN_VOTE_CHARS) & ~out_of_running)
    for b in voters.tolist():
        if tags[b] not in _VOTER_TAGS:
            continue
        text = st.own_text[b]
        vote = 1.0 + text.count(",") + text.count("\uff0c") + min(own_chars[b] // 100, 3)
        p = int(parent[b])
        level = 0
        while p >= 0 and level < _ANCESTOR_LEVELS:
            if not touched[p]:
                touched[p] = True
                score[p] = _TAG_BONUS.get(tags[p], 0.0) + weight[p]
            divider = 1.0 if level == 0 else (2.0 if level == 1 else level * 3.0)
            score[p] += vote / divider
            p = int(parent[p])
            level += 1
    final = np.where(touched, score * (1.0 - density), 0.0)
    if not touched.any():
        return np.ones(n, dtype=bool)
    top = _promote(pb, np.where(touched, final, -np.inf), touched)
    top_score = float(final[top])

    chosen = np.zeros(n, dtype=bool)
    chosen[top] = True
    top_parent = int(parent[top])
    if top_parent >= 0:
        threshold = max(10.0, top_score * 0.2)
        top_class = names[top]
        for s in np.flatnonzero(parent == top_parent).tolist():
            if s == top or out_of_running[s]:
                continue
            bonus = top_score * 0.2 if names[s] and names[s] == top_class else 0.0
            if touched[s] and final[s] + bonus >= threshold:
                chosen[s] = True
            elif tags[s] == "p":
                text = st.own_text[s]
                if (own_chars[s] > 80 and density[s] < 0.25) or (
                    0 < own_chars[s] <= 80 and density[s] == 0 and _sentence_like(text)
                ):
                    chosen[s] = True
    kept = tree_down(pb, chosen)
    drop = _conditionally_cleaned(pb, st, kept & ~chosen, final, weight, density)
    return kept & ~drop & ~_article_extras(pb, st, kept, title)


def _article_extras(pb: PageBlocks, st: BlockStats, kept: np.ndarray, title: str) -> np.ndarray:
    """Headline repeating the title, byline and "advertisement" labels, with subtrees."""
    n = len(pb)
    drop = np.zeros(n, dtype=bool)
    headline_done = False
    for b in np.flatnonzero(kept).tolist():
        tag = pb.tags[b]
        text = pb.block_text(b) if tag in ("h1", "h2") or pb.names[b] else st.own_text[b]
        if not text:
            continue
        if not headline_done and tag in ("h1", "h2") and title and _similar(title, text):
            drop[b] = True
            headline_done = True
        elif pb.names[b] and _BYLINE.search(pb.names[b]) and len(text) < _BYLINE_MAX_CHARS:
            drop[b] = True  # a byline
        elif len(text) < 30 and _AD_LABEL.match(text.strip()):
            drop[b] = True  # an "advertisement" label
    return tree_down(pb, drop)


def _is_ancestor(parent: np.ndarray, a: int, b: int) -> bool:
    """Whether block ``a`` is an ancestor of block ``b``."""
    p = int(parent[b])
    while p >= 0:
        if p == a:
            return True
        p = int(parent[p])
    return False


def _promote(pb: PageBlocks, final: np.ndarray, touched: np.ndarray) -> int:
    """The best candidate, moved up when the content is spread over its relatives.

    When three of the next best candidates score at least three quarters as well
    and share an ancestor with the best, that ancestor holds the content. Then the
    best climbs to a parent that scores higher (stopping where scores fall below a
    third), and out of wrappers that hold nothing else.
    """
    parent = pb.parent
    order = np.argsort(-final, kind="stable")
    top = int(order[0])
    top_score = float(final[top])
    alternatives = [
        int(b) for b in order[1:5].tolist() if touched[b] and final[b] >= 0.75 * top_score
    ]
    if len(alternatives) >= 3:
        p = int(parent[top])
        while p > 0:
            if sum(_is_ancestor(parent, p, a) for a in alternatives) >= 3:
                top = p
                break
            p = int(parent[p])
    last = float(final[top]) if touched[top] else 0.0
    p = int(parent[top])
    while p > 0:
        if not touched[p]:
            p = int(parent[p])
            continue
        if final[p] < last / 3.0:
            break
        if final[p] > last:
            top = p
            break
        last = float(final[p])
        p = int(parent[p])
    children = np.bincount(parent[1:], minlength=len(pb)) if len(pb) > 1 else np.zeros(1, int)
    while parent[top] > 0 and children[parent[top]] == 1:
        top = int(parent[top])
    return top


def _conditionally_cleaned(
    pb: PageBlocks,
    st: BlockStats,
    inside: np.ndarray,
    score: np.ndarray,
    weight: np.ndarray,
    density: np.ndarray,
) -> np.ndarray:
    """Blocks ``inside`` the chosen content that look like furniture, with subtrees."""
    n = len(pb)
    tags = pb.tags
    counts = st.counts
    is_p = np.array([t == "p" for t in tags], dtype=np.int64)
    paragraphs = tree_sum(pb, is_p).astype(np.float64)
    commas = tree_sum(
        pb,
        np.array([t.count(",") + t.count("\uff0c") for t in st.own_text], dtype=np.int64),
    )
    chars = st.sub[:, 0].astype(np.float64)
    drop = np.zeros(n, dtype=bool)
    for b in np.flatnonzero(inside).tolist():
        tag = tags[b]
        if b == 0:
            continue
        if tag in ("h1", "h2", "h3") and (weight[b] < 0 or density[b] > 0.33):
            drop[b] = True
            continue
        if tag in _FURNITURE_TAGS or pb.hidden[b]:
            drop[b] = True
            continue
        if pb.names[b] and _SHARE.search(pb.names[b]) and chars[b] < _SHARE_MAX_CHARS:
            drop[b] = True
            continue
        if tag not in _CLEANED_TAGS:
            continue
        w = weight[b]
        if w + score[b] < 0:
            drop[b] = True
            continue
        if commas[b] >= 10:
            continue
        p = paragraphs[b]
        img = float(counts[b, _COL["images"]])
        li = float(counts[b, _COL["items"]]) - 100.0
        inputs = float(counts[b, _COL["inputs"]])
        is_list = tag in _LIST_TAGS
        if (
            (img > 1 and p / img < 0.5)
            or (not is_list and li > p)
            or (inputs > p / 3.0)
            or (not is_list and chars[b] < 25 and (img == 0 or img > 2))
            or (not is_list and w < 25 and density[b] > 0.2)
            or (w >= 25 and density[b] > 0.5)
        ):
            drop[b] = True
    return tree_down(pb, drop)
