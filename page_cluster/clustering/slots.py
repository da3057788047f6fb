"""Slots: one element of a template that takes a different name on different pages.

Generators print values into class names: Texinfo wraps a node in
``div.chapter``, ``div.section`` or ``div.subsection`` (and titles it ``h2.chapter``,
``h3.section`` ...) depending on its level, a shop marks a product
``p.availability.instock`` or ``p.availability.outofstock``. The names differ,
the template does not. Two sibling elements are read as one *slot* when

* they never appear on the same page (one name or the other, never both), and
* both print their own name again inside at the same place (``div.chapter >
  h2.chapter``: the name is a value the template fills in; the name is blanked
  where it recurs, and headings of any level are one kind), and
* what lies inside them differs on one side at most: it is not the case that
  each has a descendant typical of it (on two thirds of its pages) and
  practically absent from the other (on at most a tenth) beyond what chance
  explains.

A one-sided difference is how an optional part looks (a chapter node that is
only a menu lacks the prose its sections have); a part of each name's own, a
form on one and prose on the other, is two templates. Leaves (nothing inside)
are alike when they never co-occur.

Each pass decides every level on one vocabulary and renames once; a merged
slot's children become siblings that can merge in the next pass, and passes
repeat until nothing changes.
This runs once per host's corpus on the vocabulary, like class families.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from ..signatures.binary_rows import BinaryRows
from ..signatures.corpus import Corpus

if TYPE_CHECKING:
    from .params import ClusterParams

__all__ = [
    "SLOT_EXCLUSIVE",
    "data_word_swaps",
    "generalize_slots",
    "plain_names",
    "renamed_pair_sets",
    "renamed_pairs",
]

#: Two siblings never co-occur when they share at most this share of the pages
#: of the rarer one.
SLOT_EXCLUSIVE = 0.05
#: Inside a slot, a descendant typical of one name (this share of its pages) ...
TYPICAL = 2 / 3
#: ... must not be practically absent (this share) from the other.
ABSENT = 0.1
#: A difference inside counts only when chance explains it with at most this
#: probability (Bonferroni-corrected over the differing paths).
SIGNIFICANCE = 0.01
#: At most this many passes over the vocabulary.
MAX_PASSES = 3
#: Siblings of one tag at one place compared for swapped classes; a place
#: with more names than this (a list of per-item ids) is left alone.
MAX_SWAP_GROUP = 64
#: Items of a list or a table: what a generator classes by what each shows.
_ITEMS = frozenset({"li", "tr", "dt", "dd"})

_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_NAME_PARTS = re.compile(r"[.#\[\]]")
#: A path step: its tag, its classes, its attributes.
_SEGMENT = re.compile(r"^([^.#\[]+)((?:\.[^.\[]+)*)(.*)$")


def _kind(tag: str) -> str:
    return "h" if tag in _HEADINGS else tag


def generalize_slots(
    corpus: Corpus,
    on_merge: Callable[[str, str], None] | None = None,
    *,
    params: ClusterParams | None = None,
) -> Corpus:
    """The corpus with every slot's names merged into one token path.

    ``on_merge(a, b)`` is called for each pair of sibling tokens read as one slot.
    ``params`` holds the thresholds (default: this module's constants).
    """
    for _ in range(MAX_PASSES):
        before = len(corpus.tokens)
        corpus = _one_pass(corpus, on_merge, params)
        if len(corpus.tokens) == before:
            break
    return corpus


def _columns(rows: BinaryRows) -> tuple[np.ndarray, np.ndarray]:
    """Signatures having each token: ``ids[starts[t]:starts[t + 1]]``."""
    order = np.argsort(rows.indices, kind="stable")
    ids = rows.row_ids()[order]
    starts = np.searchsorted(rows.indices[order], np.arange(rows.n_cols + 1))
    return ids, starts


class _Level:
    """Per-token facts of one vocabulary, for comparing siblings."""

    def __init__(self, corpus: Corpus) -> None:
        self.tokens = corpus.tokens
        self.info = corpus.info
        self.counts = np.bincount(corpus.page_sig, minlength=corpus.n_signatures).astype(np.float64)
        self.support = corpus.rows.column_sums(self.counts)
        self.ids, self.starts = _columns(corpus.rows)
        self.children: dict[int, list[int]] = {}
        for t in np.nonzero(self.info.parent >= 0)[0].tolist():
            self.children.setdefault(int(self.info.parent[t]), []).append(t)

    def last_step(self, t: int) -> str:
        tok = self.tokens[t]
        return tok[tok.rfind(">") + 1 :]

    def inside(self, t: int) -> dict[str, float]:
        """Relative descendant paths of ``t`` -> share of ``t``'s pages having them."""
        own = {c for c in _NAME_PARTS.split(self.last_step(t))[1:] if c and "=" not in c}
        patterns = [re.compile(r"(?<=[.#])" + re.escape(c) + r"(?=$|[.\[#])") for c in own]
        out: dict[str, float] = {}
        stack = [(x, "") for x in self.children.get(t, ())]
        while stack:
            x, prefix = stack.pop()
            tag = self.info.tag[x]
            last = self.last_step(x)
            rest = last[len(tag) :] if last.startswith(tag) else last
            for pat in patterns:
                rest = pat.sub("~", rest)
            step = f"{prefix}>{_kind(tag)}{rest}"
            out[step] = max(out.get(step, 0.0), self.support[x] / self.support[t])
            stack.extend((y, step) for y in self.children.get(x, ()))
        return out

    def co_occurrence(self, members: list[int]) -> np.ndarray:
        """Pages having both of each pair of ``members`` (one small product
        over the signatures any of them is on)."""
        cols = [self.ids[self.starts[t] : self.starts[t + 1]] for t in members]
        sigs, local = np.unique(np.concatenate(cols), return_inverse=True)
        has = np.zeros((len(members), len(sigs)))
        owner = np.repeat(np.arange(len(members)), [len(c) for c in cols])
        has[owner, local.ravel()] = 1.0
        return (has * self.counts[sigs]) @ has.T


def _alike(
    a: dict[str, float],
    b: dict[str, float],
    na: float,
    nb: float,
    params: ClusterParams | None = None,
) -> bool:
    """One slot under two names: both leaves, or both print their own name again
    inside at the same place (``div.chapter > h2.chapter``, ``div.section >
    h3.section``: the name is a value the template fills in) and at most one
    of them has inside items typical of it and absent from the other beyond
    what chance explains on ``na`` and ``nb`` pages.

    At sample sizes a level's content shows as such items (two chapter nodes
    that happen to be menus only, sections that all have prose); a part of
    each name's own is what two templates show."""
    if not a and not b:
        return True
    if params is None:
        typical, absent, significance = TYPICAL, ABSENT, SIGNIFICANCE
    else:
        typical, absent = params.slot_typical, params.slot_absent
        significance = params.slot_significance
    echo_a = {path for path, f in a.items() if "~" in path and f >= typical}
    echo_b = {path for path, f in b.items() if "~" in path and f >= typical}
    if not echo_a & echo_b:
        return False
    # Only a path typical of one side can be apart: the rest are never read.
    typical_paths = {p for p, f in a.items() if f >= typical}
    typical_paths |= {p for p, f in b.items() if f >= typical}
    apart = [
        (fa, fb)
        for fa, fb in ((a.get(p, 0.0), b.get(p, 0.0)) for p in typical_paths)
        if (fa >= typical and fb <= absent) or (fb >= typical and fa <= absent)
    ]
    sides = {
        fa > fb
        for fa, fb in apart
        if _table_chance(fa * na, na, fb * nb, nb) <= significance / len(apart)
    }
    return len(sides) < 2


def _table_chance(a: float, na: float, c: float, nc: float) -> float:
    """Probability of ``a`` of ``na`` and ``c`` of ``nc`` pages having an item
    under one shared rate (hypergeometric)."""
    a, na, c, nc = (round(x) for x in (a, na, c, nc))
    return math.exp(
        math.lgamma(a + c + 1)
        + math.lgamma(na + nc - a - c + 1)
        + math.lgamma(na + 1)
        + math.lgamma(nc + 1)
        - math.lgamma(na + nc + 1)
        - math.lgamma(a + 1)
        - math.lgamma(na - a + 1)
        - math.lgamma(c + 1)
        - math.lgamma(nc - c + 1)
    )


def _one_pass(
    corpus: Corpus,
    on_merge: Callable[[str, str], None] | None,
    params: ClusterParams | None = None,
) -> Corpus:
    """One sweep over every depth, decided on one vocabulary and renamed once.

    A rename at one depth keeps every shallower step of the tokens it touches,
    so the renames of all depths compose when applied deepest first. Siblings
    that only become siblings through a rename (children of two merged slots)
    are compared in the next pass.
    """
    max_depth = int(corpus.info.depth.max()) if corpus.tokens else -1
    if max_depth < 0:
        return corpus
    lv = _Level(corpus)
    info = lv.info
    renames: list[tuple[int, dict[int, int]]] = []
    for depth in range(max_depth + 1):
        level = np.nonzero((info.depth == depth) & ~info.is_attr & (lv.support > 0))[0]
        siblings: dict[tuple[int, str], list[int]] = {}
        for t in level.tolist():
            siblings.setdefault((int(info.parent[t]), _kind(info.tag[t])), []).append(t)
        leader: dict[int, int] = {}
        for members in siblings.values():
            if len(members) >= 2:
                _merge_siblings(lv, members, leader, on_merge, params)
        if leader:
            renames.append((depth, leader))
    if not renames:
        return corpus
    names = list(lv.tokens)
    for depth, leader in reversed(renames):
        names = _rename(lv, leader, depth, names)
    return corpus.renamed(names)


def _merge_siblings(
    lv: _Level,
    members: list[int],
    leader: dict[int, int],
    on_merge: Callable[[str, str], None] | None,
    params: ClusterParams | None = None,
) -> None:
    """Merge sibling names into slots, best evidenced pair of groups first.

    Groups are compared on their pooled insides (each name weighted by its
    pages), so a name seen once joins the group it fits best and cannot chain
    two unlike groups together, while a gradient of names (a table of contents
    on most chapters, some sections, no subsection) stays one slot.
    """
    exclusive = SLOT_EXCLUSIVE if params is None else params.slot_exclusive
    co = lv.co_occurrence(members)
    support = lv.support[members]
    # A name whose pages overlap every other name's on more than the exclusive
    # share of its own pages can never join a group (pages shared with a group
    # only add up, and the bound is at most its own share), so its inside is
    # never needed.
    apart = co <= exclusive * support[:, None]
    np.fill_diagonal(apart, False)
    keep = np.flatnonzero(apart.any(axis=1))
    if len(keep) < 2:
        return
    cand = [members[i] for i in keep.tolist()]
    # Pages shared by two groups (rows and columns follow ``cand``; a merged
    # group's row and column absorb its partner's).
    shared = co[np.ix_(keep, keep)].copy()
    pos = {t: i for i, t in enumerate(cand)}
    groups: dict[int, tuple[list[int], dict[str, float], float]] = {
        t: ([t], lv.inside(t), float(lv.support[t])) for t in cand
    }
    # Whether two groups may merge, until either of them changes.
    allowed: dict[tuple[int, int], bool] = {}
    while True:
        best = None
        keys = sorted(groups)
        for i, ka in enumerate(keys):
            _, ia, na = groups[ka]
            for kb in keys[i + 1 :]:
                _, ib, nb = groups[kb]
                ok = allowed.get((ka, kb))
                if ok is None:
                    both = shared[pos[ka], pos[kb]]
                    ok = both <= exclusive * min(na, nb) and _alike(ia, ib, na, nb, params)
                    allowed[(ka, kb)] = ok
                if not ok:
                    continue
                rank = (-min(na, nb), ka, kb)
                if best is None or rank < best[0]:
                    best = (rank, ka, kb)
        if best is None:
            return
        _, ka, kb = best
        ga, ia, na = groups.pop(ka)
        gb, ib, nb = groups.pop(kb)
        pooled = {
            path: (ia.get(path, 0.0) * na + ib.get(path, 0.0) * nb) / (na + nb)
            for path in ia.keys() | ib.keys()
        }
        groups[ka] = (ga + gb, pooled, na + nb)
        i, j = pos[ka], pos[kb]
        shared[i, :] += shared[j, :]
        shared[:, i] += shared[:, j]
        allowed = {pair: v for pair, v in allowed.items() if ka not in pair and kb not in pair}
        leader[kb] = ka
        if on_merge is not None:
            on_merge(lv.tokens[ka], lv.tokens[kb])


def renamed_pairs(tokens: list[str], *, same_children: bool = True) -> np.ndarray:
    """Pairs ``(a, b)`` of tokens (both orders) that are one element under two
    names: siblings of one tag whose classes are the other's plus more (a bare
    ``li`` and ``li.next``; ``div.product`` and ``div.product.sale``), with the
    same attributes and the same children.

    Repeated list items keep only the classes they all share, so one pager
    prints ``li`` for two links and ``li.next`` for one; a theme adds a state
    class to an element on some pages. The names differ, the element and what
    it holds do not, so as a difference between two groups of pages it is a
    lone element each side, however large its subtree (Stage B). Elements
    with an id are left alone, as are those whose children differ (a bare
    ``ul`` of a tree against a ``ul.blockList`` of tables).

    >>> toks = ["b", "b>ul", "b>ul>li", "b>ul>li>a", "b>ul>li.next", "b>ul>li.next>a"]
    >>> renamed_pairs(toks).tolist()
    [[2, 4], [4, 2]]
    >>> renamed_pairs(["b", "b>ul", "b>ul>li", "b>ul.blockList", "b>ul.blockList>table"]).tolist()
    []

    Without ``same_children``, the names alone: the element's place, tag and
    attributes, whatever it holds (a one-row table's ``tr.even`` and the
    bare ``tr`` of longer ones, whose cells differ).

    >>> toks = ["b", "b>ul", "b>ul>li", "b>ul.blockList", "b>ul.blockList>table"]
    >>> renamed_pairs(toks, same_children=False).tolist()
    [[1, 3], [3, 1]]
    """
    strict, loose = renamed_pair_sets(tokens)
    return strict if same_children else loose


def _sibling_names(
    tokens: list[str],
) -> tuple[dict[str, set[str]], dict[tuple[str, str, str], list[tuple[int, frozenset[str]]]]]:
    """Each name's children (last steps), and the names that are siblings of
    one tag and attributes, grouped by (parent, tag, attributes), each with
    its classes. Elements with an id and attribute tokens are left out: an
    id names one element.

    >>> children, groups = _sibling_names(["b", "b>li", "b>li.next", "b>li#x"])
    >>> children["b"] == {"li", "li.next", "li#x"}, groups[("b", "li", "")]
    (True, [(1, frozenset()), (2, frozenset({'next'}))])
    """
    children: dict[str, set[str]] = {}
    groups: dict[tuple[str, str, str], list[tuple[int, frozenset[str]]]] = {}
    for t, tok in enumerate(tokens):
        parent, _, last = tok.rpartition(">")
        children.setdefault(parent, set()).add(last)
        m = _SEGMENT.match(last)
        if not parent or last.startswith("@") or m is None or m.group(3).startswith("#"):
            continue
        key = (parent, m.group(1), m.group(3))
        groups.setdefault(key, []).append((t, frozenset(c for c in m.group(2).split(".") if c)))
    return children, groups


def renamed_pair_sets(
    tokens: list[str], *, data_words: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`renamed_pairs` with and without ``same_children``, from one pass
    over the names (the loose pairs are the strict ones plus those whose
    children differ). With ``data_words``, both also hold the elements
    renamed by the data they show (:func:`data_word_swaps`), as Stage B
    reads them.

    >>> strict, loose = renamed_pair_sets(["b", "b>ul", "b>ul>li", "b>ul.x", "b>ul.x>p"])
    >>> strict.tolist(), loose.tolist()
    ([], [[1, 3], [3, 1]])
    >>> names = ["b", "b>h1.a", "b>h1.b", "b>ol", "b>ol>li.a", "b>ol>li.b"]
    >>> renamed_pair_sets(names, data_words=True)[0].tolist()
    [[1, 2], [2, 1], [4, 5], [5, 4]]
    """
    children, groups = _sibling_names(tokens)
    loose = sorted(
        (a, b)
        for members in groups.values()
        for a, ca in members
        for b, cb in members
        if a != b and (ca < cb or cb < ca)
    )
    strict = [
        (a, b) for a, b in loose if children.get(tokens[a], set()) == children.get(tokens[b], set())
    ]
    strict_pairs = np.asarray(strict, dtype=np.int64).reshape(-1, 2)
    loose_pairs = np.asarray(loose, dtype=np.int64).reshape(-1, 2)
    if data_words:
        swaps = data_word_swaps(*_swaps(tokens, children, groups))
        if len(swaps):
            strict_pairs = np.unique(np.concatenate([strict_pairs, swaps]), axis=0)
            loose_pairs = np.unique(np.concatenate([loose_pairs, swaps]), axis=0)
    return strict_pairs, loose_pairs


def swapped_names(tokens: list[str]) -> tuple[np.ndarray, list[frozenset[str]], np.ndarray]:
    """Pairs ``(a, b)`` (``a < b``) of siblings of one tag, attributes and
    children whose classes differ (``h1.class`` and ``h1.exception``;
    ``li`` and ``li.next`` too), each pair's differing class words, and
    whether the pair are items of a list or table (``li``, ``tr``, ``dt``,
    ``dd``).

    The candidates for :func:`data_word_swaps`: an element written under
    other classes at the same place, holding the same.

    >>> pairs, words, items = swapped_names(["b", "b>h1.class", "b>h1.class>code",
    ...                                      "b>h1.exception", "b>h1.exception>code"])
    >>> pairs.tolist(), [sorted(w) for w in words], items.tolist()
    ([[1, 3]], [['class', 'exception']], [False])
    """
    return _swaps(tokens, *_sibling_names(tokens))


def _swaps(
    tokens: list[str],
    children: dict[str, set[str]],
    groups: dict[tuple[str, str, str], list[tuple[int, frozenset[str]]]],
) -> tuple[np.ndarray, list[frozenset[str]], np.ndarray]:
    """:func:`swapped_names` from :func:`_sibling_names`' reading."""
    pairs: list[tuple[int, int]] = []
    words: list[frozenset[str]] = []
    items: list[bool] = []
    for (_, tag, _), members in groups.items():
        if len(members) > MAX_SWAP_GROUP:
            continue
        for i, (a, ca) in enumerate(members):
            for b, cb in members[i + 1 :]:
                if ca != cb and children.get(tokens[a], set()) == children.get(tokens[b], set()):
                    pairs.append((a, b))
                    words.append(ca ^ cb)
                    items.append(tag in _ITEMS)
    return (
        np.asarray(pairs, dtype=np.int64).reshape(-1, 2),
        words,
        np.asarray(items, dtype=bool),
    )


def data_word_swaps(
    pairs: np.ndarray, words: list[frozenset[str]], items: np.ndarray
) -> np.ndarray:
    """The pairs of :func:`swapped_names` that are one element renamed by the
    data it shows, in both orders (as :func:`renamed_pairs` gives them).

    A generator that classes a list's items by what each item is (a members
    table's ``tr.class``, ``tr.function``, ``tr.exception``) prints the
    data's words, not the layout's: the same rows carry other words on other
    pages (and none where a table mixes them, since repeated items keep only
    the classes they share). The same words swapped on an element a page
    has once (its title's ``h1.class`` and ``h1.exception``) name what the
    page shows, as a class family's values do, not another template. A pair
    counts when every word it differs by is such an item word; classes never
    swapped on items (``table.typeSummary`` on one kind of page,
    ``table.useSummary`` on another) keep naming the layout.

    >>> pairs = np.array([[0, 1], [2, 3], [4, 5]])
    >>> words = [frozenset({"class", "exception"})] * 2 + [frozenset({"type", "use"})]
    >>> data_word_swaps(pairs, words, np.array([True, False, False])).tolist()
    [[0, 1], [1, 0], [2, 3], [3, 2]]
    """
    data: set[str] = set()
    for w, item in zip(words, items.tolist(), strict=True):
        if item:
            data |= w
    keep = [k for k, w in enumerate(words) if w <= data]
    chosen = pairs[keep].reshape(-1, 2)
    return np.unique(np.concatenate([chosen, chosen[:, ::-1]]).reshape(-1, 2), axis=0)


_STEP = re.compile(r"^([^.#\[]*)((?:\.[^.\[]+)*)(.*)$")


def plain_names(tokens: list[str], may_fold: Callable[[int, int], bool] | None = None) -> list[str]:
    """Per token, its name with every element in another state read as the
    plain element: a named element with more classes at the same place
    (``.local-nav.empty.fixed`` beside ``.local-nav.empty``, ``.sidebar.hide-on-wide``
    beside ``.sidebar``) is that element, and what it holds is what the plain
    one holds, step for step.

    A theme adds a modifier class to a part when a page switches something off
    (no sidebar, a fixed navigation). As names the two are two subtrees, every
    item in them a difference on both sides; as one element, only what the
    switch really removes differs. A bare element has no name to qualify (a
    bare ``ul`` and a ``ul.blockList`` of tables are two lists), and elements
    with an id are left alone. A variant takes the name of the plain sibling
    with the fewest classes it contains, where ``may_fold(variant, plain)``
    (token indices) allows; descendants follow their ancestors.

    >>> toks = ["b", "b>.nav", "b>.nav>a", "b>.nav.fixed", "b>.nav.fixed>i", "b>ul", "b>ul.list"]
    >>> plain_names(toks)[3:]
    ['b>.nav', 'b>.nav>i', 'b>ul', 'b>ul.list']
    >>> plain_names(toks, lambda variant, plain: False)[3:5]
    ['b>.nav.fixed', 'b>.nav.fixed>i']
    """
    index = {t: i for i, t in enumerate(tokens)}
    out = list(tokens)
    by_depth = sorted(range(len(tokens)), key=lambda t: tokens[t].count(">"))
    d = 0
    while d < len(by_depth):
        depth = tokens[by_depth[d]].count(">")
        groups: dict[tuple[str, str, str], list[tuple[int, frozenset[str]]]] = {}
        while d < len(by_depth) and tokens[by_depth[d]].count(">") == depth:
            t = by_depth[d]
            d += 1
            parent, sep, last = tokens[t].rpartition(">")
            up = index.get(parent)
            head = out[up] if up is not None else parent
            out[t] = head + sep + last
            m = _STEP.match(last)
            if not sep or m is None or last.startswith("@") or m.group(3).startswith("#"):
                continue
            classes = frozenset(c for c in m.group(2).split(".") if c)
            if classes:
                groups.setdefault((head, m.group(1), m.group(3)), []).append((t, classes))
        for members in groups.values():
            for t, cls in members:
                plain = sorted((len(c), tokens[u], u) for u, c in members if c < cls)
                for _, _, u in plain:
                    if may_fold is None or may_fold(t, u):
                        out[t] = out[u]
                        break
    return out


def _find(leader: dict[int, int], x: int) -> int:
    """The slot leader of sibling name ``x`` (itself when never merged)."""
    while leader.get(x, x) != x:
        x = leader[x]
    return x


def _rename(lv: _Level, leader: dict[int, int], depth: int, current: list[str]) -> list[str]:
    """``current`` (the vocabulary's tokens, deeper renames already applied),
    with the merged steps at ``depth`` replaced by the slot's name."""
    slots: dict[int, list[int]] = {}
    for t in set(leader) | set(leader.values()):
        slots.setdefault(_find(leader, t), []).append(t)
    name_of: dict[str, str] = {}
    for root, members in slots.items():
        # Named after its first member name (each name belongs to one slot).
        first = min(lv.last_step(t) for t in members).replace(".", "_")
        tok = lv.tokens[root]
        slot = f"{tok[: tok.rfind('>') + 1]}{_kind(lv.info.tag[root])}.~{first}"
        for t in members:
            name_of[lv.tokens[t]] = slot
    out = []
    for tok in current:
        steps = tok.split(">")
        head = ">".join(steps[: depth + 1]) if len(steps) > depth else None
        slot = name_of.get(head) if head is not None else None
        out.append(tok if slot is None else slot + tok[len(head) :])
    return out
