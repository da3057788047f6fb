"""Site-level evidence: which structural tokens are template and which content.

Free-form content under a template changes the DOM from page to page; the
template is what stays the same. Looking at one host's pages together:

* a **content container** is a node whose set of child steps keeps changing from
  page to page (sections, article bodies, ``div.sect1``); template nodes (headers,
  navigation tables, sidebars) have the same children on every page of a template;
* under a content container, only children present on most pages that have the
  container are kept (a section title); the rest, and everything below them, is
  the writer's content;
* a bare paragraph and a block of preformatted text hold text wherever they
  are: a link, a code word or a highlighter's span inside them is judged as a
  content container's child even where too few pages show it for any
  statistic (one page naming programs in paragraphs of their own is not a
  template apart), and a link target (an element of text named by an id
  alone) is never structure;
* a node whose every child is a block named by an id lays out the template's
  named parts: each child is structure on two pages, however its
  combinations vary (different templates fill one content area with
  different named parts).

Nothing here knows a tag or class name: ``<main>`` is not needed, which is what
lets sites without it (DocBook, AsciiDoc, Texinfo output) cluster well.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..parsing.segments import INLINE_TAGS
from ..signatures.binary_rows import BinaryRows
from .class_families import segment_classes

if TYPE_CHECKING:
    from .params import ClusterParams

__all__ = [
    "TemplateTokenModel",
    "child_set_diversity",
    "id_named_blocks",
    "listed_content_tokens",
    "named_part_tokens",
    "partnered_tokens",
    "self_named_tokens",
    "template_token_mask",
]

#: Child-set diversity above which a node holds free-form content: more than one
#: page in three shows a child combination of its own.
CONTENT_DIVERSITY = 0.3
#: Under a content container, a child kept as template must appear on at least
#: this share of the pages having the container (a section title, not a table
#: that some sections happen to have).
CONTAINER_QUORUM = 0.9
#: Nodes seen on fewer signatures than this give no evidence either way.
MIN_EVIDENCE = 4
#: A child is judged stable only when seen on at least this many signatures.
STABLE_MIN = 2
#: Partners must share at least this many signatures (two is a coincidence).
PARTNER_MIN = 3
#: Largest chance probability of a coincidental partner that is accepted.
PARTNER_CHANCE = 0.01
#: Below this many signatures a self-named child cannot be judged content.
MIN_JUDGED = 5


@dataclass(slots=True)
class TemplateTokenModel:
    """Per-token evidence for one host (arrays over the whole vocabulary)."""

    keep: np.ndarray  # bool: token is template structure (compared by Stage A and B)
    content: np.ndarray  # bool: token is a content container
    diversity: np.ndarray  # float: distinct child sets / signatures having the token
    support: np.ndarray  # float: pages having the token
    #: bool: kept on presumption only (too rare to judge); a weak witness in Stage B
    weak: np.ndarray | None = None
    #: bool: content right below template structure (a paragraph, a table): not
    #: compared, but a unit whose pages all have text differs from one with none
    heads: np.ndarray | None = None


def child_set_diversity(
    matrix: BinaryRows, parent: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Signatures having each token, the distinct child-step sets it shows, and,
    for each token, the distinct child sets its *parent* shows on the signatures
    that have the token.

    A child set is fingerprinted by a sum of random 64-bit codes of its members,
    so the whole computation is a handful of vectorised passes.
    """
    n_tokens = matrix.shape[1]
    support = matrix.column_sums()
    distinct = np.zeros(n_tokens, dtype=np.float64)
    beside = np.zeros(n_tokens, dtype=np.float64)
    if matrix.nnz == 0:
        return support, distinct, beside
    rng = np.random.default_rng(0x5EED)
    codes = rng.integers(1, 2**63 - 1, size=n_tokens, dtype=np.int64).view(np.uint64)
    rows = matrix.row_ids()
    toks = matrix.indices.astype(np.int64)
    par = parent[toks]
    has_parent = par >= 0
    keys = rows[has_parent] * n_tokens + par[has_parent]
    children = toks[has_parent]
    order = np.argsort(keys, kind="stable")
    keys = keys[order]
    children = children[order]
    vals = codes[children]
    with_children = np.zeros(n_tokens)
    if keys.size:
        uniq, start, inverse = np.unique(keys, return_index=True, return_inverse=True)
        with np.errstate(over="ignore"):
            sums = np.add.reduceat(vals, start)
        parent_of = uniq % n_tokens
        pairs = np.unique(np.stack([parent_of.astype(np.uint64), sums]), axis=1)
        distinct += np.bincount(pairs[0].astype(np.int64), minlength=n_tokens)
        with_children = np.bincount(parent_of, minlength=n_tokens)
        # Each child next to the child set its parent has on that signature.
        seen = np.unique(np.stack([children.astype(np.uint64), sums[inverse.ravel()]]), axis=1)
        beside += np.bincount(seen[0].astype(np.int64), minlength=n_tokens)
    # Pages where the node has no child steps at all show one more distinct set.
    distinct += (support - with_children) > 0
    return support, distinct, beside


def partnered_tokens(
    matrix: BinaryRows,
    parent: np.ndarray,
    min_support: int = PARTNER_MIN,
    max_chance: float = PARTNER_CHANCE,
    named: np.ndarray | None = None,
) -> np.ndarray:
    """Tokens found on exactly the signatures of another, unrelated token.

    Template parts come as a block: a blog post's metadata line and its footer
    appear together on every post and nowhere else, even when both sit among the
    post's free-form content. Content elements come one by one. "Unrelated"
    excludes the token's own ancestors and descendants, which share its
    signatures by construction. Two children of one element on exactly its
    signatures are partners of each other; with ``named`` (the tokens that
    name themselves: :func:`self_named_tokens`), the element is too when it
    is unnamed and two of those children name themselves: a bare element that
    always holds the same named parts is their block (a summary box holding
    a description and a declaration, shared by several templates). A bare
    tag carries no page data in its name; a classed element may (a post's
    tag and category classes on its ``article``), and each of its names is
    then left to its children.

    >>> from page_cluster.signatures.corpus import token_info
    >>> toks = ["body", "body>summary", "body>summary>.doc", "body>summary>.decl",
    ...         "body>p", "body>p>b", "body>p>i"]
    >>> parent = token_info(toks).parent
    >>> pages = [[0, 1, 2, 3]] * 3 + [[0, 4, 5, 6]] * 3 + [[0]] * 34
    >>> row = np.array([r for r, p in enumerate(pages) for _ in p])
    >>> rows = BinaryRows.from_pairs(row, np.concatenate(pages), len(pages), len(toks))
    >>> named = self_named_tokens(toks, token_info(toks))
    >>> partnered_tokens(rows, parent, named=named).tolist()
    [False, True, True, True, False, True, True]
    >>> partnered_tokens(rows, parent).tolist()
    [False, False, True, True, False, True, True]
    """
    n_tokens = matrix.shape[1]
    out = np.zeros(n_tokens, dtype=bool)
    if matrix.nnz == 0:
        return out
    rng = np.random.default_rng(0xB10C)
    codes = rng.integers(1, 2**63 - 1, size=matrix.n_rows, dtype=np.int64).view(np.uint64)
    fingerprint = np.zeros(n_tokens, dtype=np.uint64)
    with np.errstate(over="ignore"):
        np.add.at(fingerprint, matrix.indices, codes[matrix.row_ids()])
    support = matrix.column_sums()
    candidates = np.nonzero(support >= min_support)[0]
    # Chance coincidence: a token on s of N signatures shares its exact set with
    # one of the m other tokens on s signatures with probability about
    # m / C(N, s); on a small sample that is not negligible.
    n = matrix.n_rows
    s_int = support[candidates].astype(np.int64)
    same = np.bincount(s_int)[s_int]
    log_fact = np.concatenate([[0.0], np.cumsum(np.log(np.arange(1, n + 1)))])
    log_comb = log_fact[n] - log_fact[s_int] - log_fact[n - s_int]
    candidates = candidates[np.log(np.maximum(same - 1, 1)) - log_comb <= np.log(max_chance)]
    if not len(candidates):
        return out
    order = candidates[np.argsort(fingerprint[candidates], kind="stable")]
    fp = fingerprint[order]
    bounds = np.flatnonzero(np.diff(fp)) + 1
    for group in np.split(order, bounds):
        if len(group) < 2:
            continue
        # Inside one group every member is a path; members on one chain of
        # ancestors share their signatures by construction. A member is
        # partnered when some member is off its chain.
        members = group.tolist()
        chain_root = {}
        for t in sorted(members, key=lambda x: _depth_of(x, parent)):
            p = int(parent[t])
            root = t
            while p >= 0:
                if p in chain_root:
                    root = chain_root[p]
                    break
                p = int(parent[p])
            chain_root[t] = root
        roots = {chain_root[t] for t in members}
        if len(roots) > 1:
            out[members] = True
            continue
        # One chain can still branch: two children of a common member.
        kids: dict[int, int] = {}
        for t in members:
            p = int(parent[t])
            if p in chain_root:
                kids[p] = kids.get(p, 0) + 1
        branching = {p for p, n in kids.items() if n > 1}
        if branching:
            for t in members:
                if int(parent[t]) in branching:
                    out[t] = True
            if named is not None:
                named_kids: dict[int, int] = {}
                for t in members:
                    p = int(parent[t])
                    if p in branching and named[t] and not named[p]:
                        named_kids[p] = named_kids.get(p, 0) + 1
                for p, n in named_kids.items():
                    if n > 1:
                        out[p] = True
    return out


def _depth_of(t: int, parent: np.ndarray) -> int:
    d = 0
    while parent[t] >= 0:
        t = int(parent[t])
        d += 1
    return d


def template_token_mask(
    matrix: BinaryRows | Any,
    parent: np.ndarray,
    depth: np.ndarray,
    is_attr: np.ndarray,
    counts: np.ndarray | None = None,
    marked: np.ndarray | None = None,
    *,
    params: ClusterParams | None = None,
    positional: np.ndarray | None = None,
    prose: np.ndarray | None = None,
    anchors: np.ndarray | None = None,
    named_parts: np.ndarray | None = None,
    item_markup: np.ndarray | None = None,
) -> TemplateTokenModel:
    """Decide, for one host's signatures, which tokens are template structure.

    Diversity is measured over distinct signatures (identical pages show nothing
    new); the container quorum counts pages (``counts`` per signature). Under a
    content container a child is still template when it is *stable* (the
    container shows few child sets wherever the child is present: a template's
    own block among other templates' blocks) or *partnered* (it comes with other
    structure, see :func:`partnered_tokens`). ``marked`` flags tokens that
    name themselves (a class, an id, a form control): when too rare to judge
    they are kept as weak evidence. ``prose`` flags the text-level elements
    inside a bare paragraph (:func:`prose_markup_tokens`): a paragraph holds
    text, so they are judged as a content container's children (kept only on
    the container quorum of the paragraph's pages) however few pages show
    them, and are never *heads*. ``anchors`` flags link targets
    (:func:`anchor_tokens`): the text's, never structure. ``named_parts``
    flags blocks named by an id (:func:`id_named_blocks`): under a node
    whose every child is one, each child is stable on two pages
    (:func:`named_part_tokens`). ``item_markup`` flags the bare text-level
    elements inside a bare list item (:func:`item_markup_tokens`): where the
    list sits in a content container, they are the writer's sentence (a
    list of links to options on one page, of plain words on the others)
    and are kept only on the container quorum of the item's pages, never
    as *heads*. ``params`` holds
    the thresholds (default: this module's constants).
    """
    if params is None:
        content_diversity, min_evidence, stable_min = CONTENT_DIVERSITY, MIN_EVIDENCE, STABLE_MIN
        min_judged, container_quorum = MIN_JUDGED, CONTAINER_QUORUM
        partner_min, partner_chance = PARTNER_MIN, PARTNER_CHANCE
    else:
        content_diversity, min_evidence = params.content_diversity, params.min_evidence
        stable_min, min_judged = params.stable_min, params.min_judged
        container_quorum = params.container_quorum
        partner_min, partner_chance = params.partner_min, params.partner_chance
    matrix = BinaryRows.coerce(matrix)
    sig_support, distinct, beside = child_set_diversity(matrix, parent)
    diversity = np.divide(
        distinct, sig_support, out=np.zeros_like(sig_support), where=sig_support > 0
    )
    content = (diversity > content_diversity) & (sig_support >= min_evidence)
    # How much the parent's child set varies where this child is present.
    beside_diversity = np.divide(
        beside - 1, sig_support - 1, out=np.ones_like(sig_support), where=sig_support > 1
    )
    stable = (beside_diversity <= content_diversity) & (sig_support >= stable_min)
    # A child that comes and goes among ever-changing siblings is content even
    # where its parent is mostly stable (a list in the odd subsection).
    unstable = (beside_diversity > content_diversity) & (sig_support >= min_evidence)
    stable |= partnered_tokens(matrix, parent, partner_min, partner_chance, marked)
    support = sig_support if counts is None else matrix.column_sums(counts)
    if named_parts is not None:
        stable |= named_part_tokens(parent, is_attr, named_parts, support, stable_min)
    presumed = np.zeros_like(stable)
    if marked is not None:
        presumed = marked & (sig_support < min_judged) & ~stable
    present = support > 0
    keep = np.zeros(len(support), dtype=bool)
    weak = np.zeros(len(support), dtype=bool)
    item_text = np.zeros(len(support), dtype=bool)
    top = present & ((parent < 0) | is_attr)
    keep[top] = True
    max_depth = int(depth[present].max()) if present.any() else 0
    for d in range(1, max_depth + 1):
        level = present & (depth == d) & (parent >= 0) & ~is_attr
        idx = np.nonzero(level)[0]
        if idx.size == 0:
            continue
        par = parent[idx]
        rare = support[idx] < container_quorum * support[par]
        below_content = rare & (content[par] | unstable[idx])
        ok = keep[par] & (~below_content | stable[idx] | presumed[idx])
        if prose is not None:
            # A bare paragraph holds text: what it holds on nearly every page
            # that has it is the template's line, the rest the writer's words.
            ok &= ~(prose[idx] & rare)
        if anchors is not None:
            ok &= ~anchors[idx]
        if item_markup is not None:
            # A list the writer put into free-form content holds sentences:
            # what its items hold on few of their pages is the writer's text.
            lst = parent[par]
            home = parent[np.maximum(lst, 0)]
            writers = item_markup[idx] & rare & (lst >= 0) & (home >= 0)
            writers &= content[np.maximum(home, 0)]
            ok &= ~writers
            item_text[idx[writers]] = True
        keep[idx[ok]] = True
        weak[idx[ok]] = weak[par[ok]] | (below_content[ok] & ~stable[idx[ok]])
    if positional is not None and marked is not None:
        # What a template puts into the main area, with the parts of it that
        # every page having it shows, is its own structure by position:
        # established, not presumed, however few pages show it. A container in
        # it whose few pages fill it differently (too few to call it
        # free-form; one child set on three pages is no change) holds the
        # writer's blocks: they are presumed, not established.
        changing = np.divide(
            distinct - 1, sig_support - 1, out=np.zeros_like(sig_support), where=sig_support > 1
        )
        unjudged = (changing > content_diversity) & (sig_support < min_evidence)
        skeleton = positional & keep
        inside = skeleton.copy()
        block_pages = np.where(skeleton, support, 0.0)
        for d in range(1, max_depth + 1):
            idx = np.nonzero(present & (depth == d) & (parent >= 0) & ~is_attr)[0]
            par = parent[idx]
            # The block's parts: on every page that has the block.
            inherit = skeleton[par] & keep[idx] & (support[idx] >= block_pages[par])
            skeleton[idx[inherit]] = True
            block_pages[idx[inherit]] = block_pages[par[inherit]]
            inside[idx[inside[par]]] = True
            writer = inside[par] & unjudged[par] & keep[idx] & ~skeleton[idx]
            weak[idx[writer]] = True
        weak &= ~skeleton
    heads = present & ~keep & ~is_attr & (parent >= 0) & keep[np.maximum(parent, 0)]
    for text in (prose, anchors, item_text):
        if text is not None:
            heads &= ~text
    return TemplateTokenModel(
        keep=keep, content=content, diversity=diversity, support=support, weak=weak, heads=heads
    )


#: Elements a writer's free-form text does not produce: forms, their controls,
#: landmarks and media players. Classes and ids are a template author's names.
_SELF_NAMED_TAGS = frozenset(
    {
        "aside",
        "audio",
        "button",
        "canvas",
        "fieldset",
        "footer",
        "form",
        "header",
        "input",
        "label",
        "nav",
        "select",
        "textarea",
        "video",
    }
)


def self_named_tokens(tokens: list[str], info: Any) -> np.ndarray:
    """Tokens whose last step carries a class or an id, or is a form or landmark
    element: a template author's choice rather than a writer's text markup.

    >>> from page_cluster.signatures.corpus import token_info
    >>> toks = ["body>main", "body>main>form", "body>main>p", "body>main>ul.cards"]
    >>> self_named_tokens(toks, token_info(toks)).tolist()
    [False, True, False, True]
    """
    out = np.zeros(len(tokens), dtype=bool)
    for i, tok in enumerate(tokens):
        if tok.startswith("@"):
            continue
        last = tok[tok.rfind(">") + 1 :]
        out[i] = "." in last or "#" in last or info.tag[i] in _SELF_NAMED_TAGS
    return out


def prose_markup_tokens(tokens: list[str], info: Any) -> np.ndarray:
    """Tokens of text-level elements (a link, a code word, an emphasis:
    :data:`~page_cluster.parsing.segments.INLINE_TAGS`) right inside a bare
    paragraph or a block of preformatted text: the writer's markup of a
    sentence, a highlighter's marks in a code listing, whatever class the
    writer's tool gave them. A classed paragraph (``p.price``, ``p.meta``) is
    a template's own line, and what it holds stays structure.

    >>> from page_cluster.signatures.corpus import token_info
    >>> toks = ["body", "body>p", "body>p.meta", "body>p.meta>span", "body>p>code.program",
    ...         "body>pre.listing", "body>pre.listing>.kt"]
    >>> prose_markup_tokens(toks, token_info(toks)).tolist()
    [False, False, False, False, True, False, True]
    """
    out = np.zeros(len(tokens), dtype=bool)
    for i, par in _children(tokens, info):
        step = _last_step(tokens[par])
        if step == "p":
            out[i] = info.tag[i] in INLINE_TAGS
        elif step.partition("#")[0].partition(".")[0] == "pre":
            # Preformatted text: a highlighter's spans (written by their
            # classes alone) mark the code, not the page.
            out[i] = info.tag[i] in INLINE_TAGS or _last_step(tokens[i]).startswith(".")
    return out


def _last_step(token: str) -> str:
    """The element a token ends at, as written (``p.meta``, ``.kt``, ``a``)."""
    return token[token.rfind(">") + 1 :]


def _children(tokens: list[str], info: Any) -> Iterator[tuple[int, int]]:
    """(token, its parent) for every token below the top."""
    for i in range(len(tokens)):
        par = int(info.parent[i])
        if par >= 0:
            yield i, par


def item_markup_tokens(tokens: list[str], info: Any) -> np.ndarray:
    """Tokens of bare text-level elements (a link, a code word: written by
    their tag alone) right inside a bare list item.

    A list item holds a line of text as a paragraph does, but a list is also
    how a template lays out its navigation, whose links are its structure
    (a path bar's crumbs, its current page in bold). So these are only
    candidates: :func:`template_token_mask` reads them as the writer's
    markup where the list is inside free-form content. A classed element
    (``a.el``) or a classed item (``li.nav``) is a generator's and stays
    structure.

    >>> from page_cluster.signatures.corpus import token_info
    >>> toks = ["body", "body>ul", "body>ul>li", "body>ul>li>a", "body>ul>li>a.el",
    ...         "body>ul>li.nav", "body>ul>li.nav>a"]
    >>> item_markup_tokens(toks, token_info(toks)).tolist()
    [False, False, False, True, False, False, False]
    """
    out = np.zeros(len(tokens), dtype=bool)
    for i, par in _children(tokens, info):
        tag = info.tag[i]
        bare = _last_step(tokens[i]) == tag
        out[i] = bare and tag in INLINE_TAGS and _last_step(tokens[par]) == "li"
    return out


def id_named_blocks(tokens: list[str], info: Any) -> np.ndarray:
    """Tokens of block elements named by an id and no class (``div#index``,
    ``div#interface``): a part the template's author named, one per page.

    A writer's text names its places with anchors on headings and inline
    elements (:func:`anchor_tokens`), and a classed element's id is dropped
    when the page is read, so what is left is the layout's own names.

    >>> from page_cluster.signatures.corpus import token_info
    >>> toks = ["body", "body>div#content", "body>div#content>div#index",
    ...         "body>div#content>div.doc", "body>div#content>span#anchor"]
    >>> id_named_blocks(toks, token_info(toks)).tolist()
    [False, True, True, False, False]
    """
    out = np.zeros(len(tokens), dtype=bool)
    for i, tok in enumerate(tokens):
        if info.parent[i] < 0 or tok.startswith("@"):
            continue
        tag, ident = _id_step(tok)
        out[i] = bool(ident) and "." not in tag + ident and tag not in INLINE_TAGS
    return out


def named_part_tokens(
    parent: np.ndarray,
    is_attr: np.ndarray,
    named: np.ndarray,
    support: np.ndarray,
    min_pages: int = STABLE_MIN,
) -> np.ndarray:
    """Children of a node whose every child this host shows is a block named
    by its id (``named``: :func:`id_named_blocks`), on ``min_pages`` pages or
    more (``support``: pages per token).

    Such a node lays out the template's named parts: an API reference's
    content area holds a module page's header, synopsis and interface, an
    index's alphabet and table, a contents page's module list. In a small
    sample its child sets change from page to page because the templates
    differ, so by variety alone it reads as a writer's container, and two or
    three pages per template are too few to judge any part. A writer's area
    holds bare paragraphs, lists and code among any named block, and is left
    to the statistics.

    >>> parent = np.array([-1, 0, 0, 0, -1, 4, 4])
    >>> named = np.array([False, True, True, True, False, True, False])
    >>> support = np.array([9, 5, 3, 1, 9, 4, 6])
    >>> named_part_tokens(parent, np.zeros(7, bool), named, support).tolist()
    [False, True, True, False, False, False, False]
    """
    kids = (parent >= 0) & (support > 0) & ~is_attr
    n_kids = np.bincount(parent[kids], minlength=len(parent))
    n_named = np.bincount(parent[kids & named], minlength=len(parent))
    layout = (n_kids >= 2) & (n_named == n_kids)
    return kids & layout[np.maximum(parent, 0)] & (support >= min_pages)


def anchor_tokens(tokens: list[str], info: Any) -> np.ndarray:
    """Tokens of text-level elements named by an id and no class
    (``span#bugfixes``, ``a#details``): link targets, where a reader can
    jump. A writer's labels and a generator's heading slugs put them wherever
    the text has a heading; they mark the text, not the page's layout. An id
    on a block (``div#sidebar``) or beside a class names a part, and stays.

    >>> from page_cluster.signatures.corpus import token_info
    >>> toks = ["body", "body>div#sidebar", "body>section", "body>section>span#bugfixes",
    ...         "body>section>span.badge#new"]
    >>> anchor_tokens(toks, token_info(toks)).tolist()
    [False, False, False, True, False]
    """
    out = np.zeros(len(tokens), dtype=bool)
    for i, tok in enumerate(tokens):
        if info.parent[i] < 0:
            continue
        tag, ident = _id_step(tok)
        out[i] = bool(ident) and tag in INLINE_TAGS
    return out


def _id_step(token: str) -> tuple[str, str]:
    """A token's last step split at its id: what comes before (the tag, and
    classes if any) and the id (empty without one); attributes left out."""
    step = token[token.rfind(">") + 1 :].partition("[")[0]
    head, _, ident = step.partition("#")
    return head, ident


#: Elements that are one cell of a table, and one entry of a list (see
#: :func:`listed_content_tokens`).
CELL_TAGS = frozenset({"td", "th"})
ENTRY_TAGS = frozenset({"li", "dt", "dd"})


def listed_content_tokens(info: Any) -> np.ndarray:
    """Tokens of what a table or a list lists: anything inside a table cell
    (a link to a subfolder, a file name in bold with a link to its source),
    and the text-level elements of a list entry (a link, a code word naming
    a directive or a module). Which they are depends on the things listed,
    not on the page's template; Stage B reads them so only between pages the
    generator names alike (see ``stage_b._Units.blocked``). A list entry
    holding blocks (a table, a heading: a list used for layout) keeps them.

    >>> from page_cluster.signatures.corpus import token_info
    >>> toks = ["body", "body>table", "body>table>tr", "body>table>tr>td.name",
    ...         "body>table>tr>td.name>a.el", "body>ul", "body>ul>li", "body>ul>li>code",
    ...         "body>ul>li>code>a", "body>ul>li>table", "body>ul>li>table>tr"]
    >>> listed_content_tokens(token_info(toks)).astype(int).tolist()
    [0, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0]
    """
    parent, depth = info.parent, info.depth
    n = len(parent)
    tags = [str(info.tag[t]).partition("#")[0] for t in range(n)]
    cell = np.fromiter((t in CELL_TAGS for t in tags), dtype=bool, count=n)
    entry = np.fromiter((t in ENTRY_TAGS for t in tags), dtype=bool, count=n)
    inline = np.fromiter((t in INLINE_TAGS for t in tags), dtype=bool, count=n)
    in_cell = np.zeros(n, dtype=bool)
    entry_text = np.zeros(n, dtype=bool)
    for d in range(1, int(depth.max(initial=0)) + 1):
        kids = np.flatnonzero((depth == d) & (parent >= 0))
        up = parent[kids]
        in_cell[kids] = cell[up] | in_cell[up]
        entry_text[kids] = (entry[up] | entry_text[up]) & inline[kids]
    return in_cell | entry_text


#: More named blocks than this right in one page's main area make it a
#: content area (see :func:`positional_tokens`).
MAX_MAIN_BLOCKS = 32


def positional_tokens(
    tokens: list[str], info: Any, marked: np.ndarray, matrix: BinaryRows | Any
) -> np.ndarray:
    """Self-named elements a template puts into the page's main area (a
    profile's ``div.profile``, an article, a results list): template structure
    by position, however few pages show it.

    The main area is ``<main>`` (or ``role=main``) and, below it, any wrapper
    on every page that has its parent: the layout's (Jekyll's ``div.wrapper``,
    an Eleventy ``heading-anchors`` element), not a template's. A candidate is
    a self-named child of the main area that does not ride along with a
    sibling (share a page with one that also comes without it: a comments area
    beside the article it follows is an optional part, the article is the main
    area's part; a list and its pager that always come together are both the
    list page's), and whose name shares no class with a sibling's of the same
    tag (``article.post.category-a`` / ``article.post.sticky`` are one element
    whose other classes are page data, left to the evidence; an ``article``
    and a ``ul`` sharing a folded ``news-*`` are two elements). The main
    element itself is a candidate too where it has a name of its own (a class
    or an id), and there shared classes prove nothing: a page has one main
    element, and ``main.col.col--7`` beside a sidebar against
    ``main.col.col--8.col--offset-2`` alone are two layouts of the area.

    >>> from page_cluster.signatures.corpus import token_info
    >>> toks = ["body", "body>main", "body>main>.profile", "body>main>article.news",
    ...         "body>main>.comments", "body>main>article.post.a", "body>main>article.post.b"]
    >>> info = token_info(toks)
    >>> pages = [[0, 1, 2], [0, 1, 3], [0, 1, 3, 4], [0, 1, 5], [0, 1, 6]]
    >>> row = np.array([r for r, p in enumerate(pages) for _ in p])
    >>> rows = BinaryRows.from_pairs(row, np.concatenate(pages), len(pages), len(toks))
    >>> positional_tokens(toks, info, self_named_tokens(toks, info), rows).tolist()
    [False, False, True, True, False, False, False]
    """
    out = np.zeros(len(tokens), dtype=bool)
    rows = BinaryRows.coerce(matrix)
    sets_with = rows.column_sums()
    # The main area: <main>, and below it the wrappers on every page that has
    # their parent (the layout's, not a template's).
    area = (info.main_depth == 0) & ~info.is_attr
    for d in range(1, int(info.main_depth.max(initial=0)) + 1):
        level = np.flatnonzero((info.main_depth == d) & ~info.is_attr)
        par = info.parent[level]
        ok = area[par] & (sets_with[level] >= sets_with[par])
        if not ok.any():
            break
        area[level[ok]] = True
    in_area = (info.parent >= 0) & area[np.maximum(info.parent, 0)]
    # The main element itself, where it carries a name of its own (a class or
    # an id): a page has one, so another name is another layout of the area.
    named_main = np.zeros(len(tokens), dtype=bool)
    for t in np.flatnonzero(info.main_depth == 0).tolist():
        step = tokens[t][tokens[t].rfind(">") + 1 :]
        named_main[t] = bool(segment_classes(step)) or "#" in step
    cand = np.flatnonzero((in_area & ~area | named_main) & marked & ~info.is_attr)
    if len(cand) == 0:
        return out
    local = np.full(len(tokens), -1, dtype=np.int64)
    local[cand] = np.arange(len(cand))
    hit = local[rows.indices] >= 0
    row_of, k_of = rows.row_ids()[hit], local[rows.indices[hit]]  # sorted by row
    count = np.bincount(k_of, minlength=len(cand))
    # A main area holding many named blocks at once is a content area, not
    # one template's block: its blocks are left to the evidence (and pairs
    # stay bounded, MAX_MAIN_BLOCKS² per token set).
    per_row = np.bincount(row_of, minlength=rows.shape[0])
    crowded = per_row[row_of] > MAX_MAIN_BLOCKS
    excluded = np.zeros(len(cand), dtype=bool)
    excluded[k_of[crowded]] = True
    row_of, k_of = row_of[~crowded], k_of[~crowded]
    # Pairs of candidates on one token set: hit i with hit i + d of the same row.
    a_parts, b_parts = [], []
    for d in range(1, len(row_of)):
        same = row_of[d:] == row_of[:-d]
        if not same.any():
            break
        a_parts += [k_of[:-d][same], k_of[d:][same]]
        b_parts += [k_of[d:][same], k_of[:-d][same]]
    companion_of: dict[int, set[int]] = {}
    if a_parts:
        n = len(cand)
        code, shared = np.unique(
            np.concatenate(a_parts) * n + np.concatenate(b_parts), return_counts=True
        )
        k, j = code // n, code % n
        # k rides along with j: they share a token set, and j also comes without k.
        rides = shared < count[j]
        for kk, jj in zip(k[rides].tolist(), j[rides].tolist(), strict=True):
            companion_of.setdefault(kk, set()).add(jj)
    by_parent: dict[int, list[tuple[int, str, frozenset[str]]]] = {}
    for k, t in enumerate(cand.tolist()):
        tok = tokens[t]
        classes = frozenset(segment_classes(tok[tok.rfind(">") + 1 :]))
        by_parent.setdefault(int(info.parent[t]), []).append((k, str(info.tag[t]), classes))
    for kids in by_parent.values():
        for k, tag, classes in kids:
            alone = not companion_of.get(k, set()) & {j for j, _, _ in kids}
            # Shared classes make siblings one element with page data; the
            # main element is one per page, and its classes are its layout.
            variant = not named_main[cand[k]] and any(
                classes & other for j, other_tag, other in kids if j != k and other_tag == tag
            )
            if alone and not variant and not excluded[k]:
                out[cand[k]] = True
    return out
