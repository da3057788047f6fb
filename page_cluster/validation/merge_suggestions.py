"""Ranked merge suggestions: cluster pairs that are likely one template.

The engine splits a template when its pages differ by optional parts (a table
of contents on long pages, a footer navigation, an aside) or by styling
(modifier and state classes). Two clusters are suggested as one template when
their token profiles differ *on one side only* or not at all
(:mod:`~page_cluster.validation.evidence`): one cluster may have a subtree the
other lacks, but not both. Two templates differ on both sides.

Each cluster is compared with its most similar clusters (Jaccard similarity of
their quorum cores, the tokens on 80% of the members, from one sparse
product), and the most similar one-sided partner is suggested, with its
confidence (that similarity) and evidence (the optional subtrees, the class
variants). A cluster pair with two-sided differences is never suggested, so a
suggestion does not undo a split the validator would propose (unless all
the split saw lies inside a shared list's entries, below); nor is a pair
where one side has running text and the other, instead, parts of its own (an
index page beside an article). A part one side lacks must be optional
somewhere on the site, unless the site shows it on one document only.
Nor is a pair where each cluster has a named block of its own (a member
table, a code listing) that the other never shows, on so many pages that
chance would not hide it, and each lives at URL routes of its own: a
generator's blocks for two kinds of page, however freely the pages around
them vary (a split reads them the same way).
Differences inside the entries of a list or a table both clusters have are
that list's content (:func:`~page_cluster.validation.evidence.listed_entry`):
shown as evidence, never a bar. Split suggestions still count them: there a
list's rows can be all that tells two glued templates apart.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

import numpy as np
import scipy.sparse as sp

from ..clustering.mirror_axis import MirrorAxis
from ..parsing.segments import BODY_CLASS_TOKEN
from .data import ClusteredCorpus, PartitionInput, as_clustered_corpus
from .evidence import (
    ALPHA,
    QUORUM,
    TemplateDifference,
    is_attribute,
    is_prose,
    is_text_level,
    listed_entry,
    outside_content,
    parent_columns,
    template_differences,
)
from .generalize import fold_value_classes
from .routes import ROUTE_OVERLAP, ROUTE_UNROUTED, page_routes, route_counts, route_overlap
from .splits import (
    SUBSTANTIAL,
    cluster_free_form,
    is_named,
    page_documents,
    resolve_mirror_axis,
    subtree_items,
)

__all__ = ["NEAREST_CANDIDATES", "MergeSuggestion", "suggest_merges"]

#: Nearest clusters (by core similarity) checked for each cluster.
NEAREST_CANDIDATES = 20
#: Clusters whose core rows are compared in one product.
ROW_CHUNK = 1024
#: Tokens listed per side in a suggestion's evidence.
MAX_LISTED_TOKENS = 8


@dataclass(frozen=True, slots=True)
class MergeSuggestion:
    """Two clusters likely rendered from one template.

    ``confidence`` is the Jaccard similarity of the two clusters' quorum cores;
    ``kind`` is ``identicalCore`` (no structural difference at all),
    ``classVariants`` (they differ only by classes on the same elements) or
    ``optionalSections`` (one has subtrees the other lacks, never the reverse).
    """

    cluster_key_a: str
    cluster_key_b: str
    confidence: float
    kind: str
    only_in_a: list[str]
    only_in_b: list[str]
    class_variants: list[list[str]]
    example_page_a: Any = None
    example_page_b: Any = None

    def to_json(self) -> dict:
        return {
            "clusterKeyA": self.cluster_key_a,
            "clusterKeyB": self.cluster_key_b,
            "confidence": round(self.confidence, 4),
            "kind": self.kind,
            "onlyInA": self.only_in_a,
            "onlyInB": self.only_in_b,
            "classVariants": self.class_variants,
            "examplePageA": self.example_page_a,
            "examplePageB": self.example_page_b,
        }


def _profiles(cc: ClusteredCorpus) -> tuple[sp.csr_matrix, np.ndarray, np.ndarray]:
    """Token frequency of every cluster (rows), member counts, a first page each."""
    n_c, n_s = len(cc.cluster_keys), cc.matrix.shape[0]
    counts = sp.csr_matrix((np.ones(cc.n_pages), (cc.page_cluster, cc.page_sig)), shape=(n_c, n_s))
    sizes = np.asarray(counts.sum(1)).ravel()
    freq = sp.diags(1.0 / np.maximum(sizes, 1)) @ (counts @ cc.matrix)
    first = np.full(n_c, -1, dtype=np.int64)
    first[cc.page_cluster[::-1]] = np.arange(cc.n_pages)[::-1]
    return sp.csr_matrix(freq), sizes, first


def _nearest(core: sp.csr_matrix, hosts: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each cluster's most similar other clusters on the same host (pairs i < j)."""
    n = core.shape[0]
    sizes = np.asarray(core.sum(1)).ravel()
    out_a, out_b, out_s = [], [], []
    k = min(NEAREST_CANDIDATES, n - 1)
    if k <= 0:
        e = np.empty(0, np.int64)
        return e, e, np.empty(0)
    for lo in range(0, n, ROW_CHUNK):
        hi = min(lo + ROW_CHUNK, n)
        inter = (core[lo:hi] @ core.T).toarray()
        union = sizes[lo:hi, None] + sizes[None, :] - inter
        with np.errstate(invalid="ignore", divide="ignore"):
            sim = np.where(union > 0, inter / np.maximum(union, 1), 0.0)
        rows = np.arange(lo, hi)
        sim[rows - lo, rows] = -1.0
        sim[hosts[rows][:, None] != hosts[None, :]] = -1.0
        top = np.argpartition(-sim, k - 1, axis=1)[:, :k]
        s = np.take_along_axis(sim, top, axis=1)
        a = np.repeat(rows, k)
        out_a.append(a)
        out_b.append(top.ravel())
        out_s.append(s.ravel())
    a, b, s = np.concatenate(out_a), np.concatenate(out_b), np.concatenate(out_s)
    keep = s > 0
    a, b, s = a[keep], b[keep], s[keep]
    lo_, hi_ = np.minimum(a, b), np.maximum(a, b)
    code, first = np.unique(lo_ * n + hi_, return_index=True)
    return code // n, code % n, s[first]


def _cluster_hosts(cc: ClusteredCorpus) -> np.ndarray:
    """One host code per cluster (its first page's host): suggestions stay on one site."""
    codes: dict[Any, int] = {}
    page_host = np.array([codes.setdefault(h, len(codes)) for h in cc.hosts], dtype=np.int64)
    out = np.zeros(len(cc.cluster_keys), dtype=np.int64)
    out[cc.page_cluster[::-1]] = page_host[::-1]
    return out


def _without(diff: TemplateDifference, drop: Callable[[str], bool]) -> TemplateDifference:
    """``diff`` without the differing roots ``drop`` says are no template evidence."""
    return replace(
        diff,
        only_a=[t for t in diff.only_a if not drop(t)],
        only_b=[t for t in diff.only_b if not drop(t)],
    )


def _prose_against_structure(raw: TemplateDifference) -> bool:
    """Whether one cluster's pages have running text where the other's have
    none, and the other has parts of its own there: an article page against an
    index or a listing page, two templates.

    ``raw`` is the clusters' difference before free-form content is set
    aside, because this is what a content container's two fillings look
    like: a manual's nodes print paragraphs in the body where its index pages
    print an index table. Both differences are significant for the clusters'
    sizes, so a cluster of one page never proves it. A lone element against a
    lone element is otherwise how one template branches; prose against its
    absence is not a branch but a page with no text (the engine's *heads*
    evidence).
    """
    return raw.two_sided and any(is_prose(t) for t in raw.only_a + raw.only_b)


def _required_part_missing(
    diff: TemplateDifference,
    rates_a: dict[str, float],
    rates_b: dict[str, float],
    size_a: float,
    size_b: float,
) -> bool:
    """Whether the larger cluster has a part on so many of its pages that the
    smaller one, lacking it on every page, is not that template with the part
    left out: were the part optional at the larger cluster's rate, chance
    would leave all the smaller cluster's pages without it at most
    :data:`~.evidence.ALPHA`.

    The smaller cluster is the one that would join. Parts only it has are what
    optional extras look like (a manual page with a quotation in its
    preamble). A part of the larger cluster's template on nearly all its pages
    is that template's own, although the site may show it optional elsewhere:
    a page or two of another template glued to a cluster are pages lacking
    it, and so are the directory pages glued to class pages, whose
    descriptions they never have.
    """
    if size_a >= size_b:
        only, rates, n_small = diff.only_a, rates_a, size_b
    else:
        only, rates, n_small = diff.only_b, rates_b, size_a
    return any((1.0 - rates.get(t, 0.0)) ** n_small <= ALPHA for t in only)


def _named_apart(
    rates_a: dict[str, float], rates_b: dict[str, float], size_a: float, size_b: float
) -> bool:
    """Whether each cluster names its pages with a ``<body>`` class the other
    never has, on so many of its pages that chance would not leave all the
    other's pages without it (:data:`~.evidence.ALPHA`).

    A generator or theme that names the page type on ``<body>``
    (``class-use-page``, ``single-post`` against ``page``) names two
    templates, however alike their structure; a class on one side only is an
    option of one template (``has-sidebar``). Value classes (``postid-12``)
    are folded into their family before this is read.

    >>> _named_apart({"@body.class:a": 1.0}, {"@body.class:b": 1.0}, 5, 1)
    True
    >>> _named_apart({"@body.class:a": 1.0}, {}, 5, 1)
    False
    """

    def own(rates: dict[str, float], other: dict[str, float], n_other: float) -> bool:
        return any(
            t.startswith(BODY_CLASS_TOKEN) and t not in other and (1.0 - r) ** n_other <= ALPHA
            for t, r in rates.items()
        )

    return own(rates_a, rates_b, size_b) and own(rates_b, rates_a, size_a)


def _own_named_block(rates_a: dict[str, float], rates_b: dict[str, float], size_b: float) -> bool:
    """Whether cluster ``a`` has a named block (a class or an id on it) that
    ``b`` never shows although it shows where it would go (its parent, on the
    quorum of ``b``'s pages), on so many of ``a``'s pages that chance would
    not leave all ``b``'s pages without it (:data:`~.evidence.ALPHA`).

    >>> a = {"b>main": 1.0, "b>main>table.members": 0.8}
    >>> _own_named_block(a, {"b>main": 1.0}, 20), _own_named_block(a, {"b>main": 1.0}, 1)
    (True, False)
    """
    for t, r in rates_a.items():
        if t in rates_b or is_attribute(t) or not is_named(t):
            continue
        cut = t.rfind(">")
        if cut > 0 and rates_b.get(t[:cut], 0.0) >= QUORUM and (1.0 - r) ** size_b <= ALPHA:
            return True
    return False


def _shown_once(cc: ClusteredCorpus, axis: MirrorAxis | None) -> np.ndarray:
    """Columns on exactly one document of the site (mirror copies are one)."""
    document = page_documents(cc, axis)
    _, doc = np.unique(document, return_inverse=True)
    has = sp.csr_matrix(
        (np.ones(cc.n_pages, dtype=np.float32), (doc.ravel(), cc.page_sig)),
        shape=(int(doc.max(initial=-1)) + 1, cc.matrix.shape[0]),
    )
    docs_with = np.asarray(((has @ cc.matrix) > 0).sum(0)).ravel()
    return np.nonzero(docs_with == 1)[0]


def suggest_merges(
    pages: PartitionInput, *, mirror_axis: MirrorAxis | bool | None = True
) -> list[MergeSuggestion]:
    """Cluster pairs whose structures differ on one side at most, most confident first.

    Each cluster appears in at most one suggestion as the smaller side: the
    partner it is most similar to among those it may join. The smaller side
    may have parts the larger lacks (optional extras), but lacks none that
    the larger has on so many pages that chance does not explain it
    (:func:`_required_part_missing`). ``mirror_axis`` as
    for :func:`~.splits.find_cluster_splits` (a page's translations are one
    document when deciding what the site shows only once).

    >>> doc = ["body>main", "body>main>p"]
    >>> toc = ["body>main", "body>main>p", "body>main>nav"]
    >>> form = ["body>main", "body>main>form"]
    >>> pairs = [("a", toc)] * 3 + [("b", doc)] * 9 + [("b", toc), ("c", form)]
    >>> pages = [{"clusterKey": k, "tokens": t} for k, t in pairs]
    >>> [(s.cluster_key_a, s.cluster_key_b, s.kind, s.only_in_a) for s in suggest_merges(pages)]
    [('a', 'b', 'optionalSections', ['body>main>nav'])]
    """
    cc = fold_value_classes(as_clustered_corpus(pages))
    n_c = len(cc.cluster_keys)
    if n_c < 2:
        return []
    mirror_axis = resolve_mirror_axis(cc, mirror_axis)
    freq, sizes, first = _profiles(cc)
    core = (freq >= QUORUM).astype(np.float32)
    core.eliminate_zeros()
    a, b, sim = _nearest(sp.csr_matrix(core), _cluster_hosts(cc))
    vocab = cc.vocabulary
    # Tokens some cluster has on part of its pages: optional somewhere on the
    # site. A part the site shows on one document only cannot show whether it
    # is optional; it neither proves nor bars (a page alone in its cluster for
    # a one-off block is its template's page, or a page type of its own: the
    # analyst decides).
    partial = (freq.data > 0) & (freq.data < 1)
    varies = set(np.unique(freq.indices[partial]).tolist())
    varies |= set(_shown_once(cc, mirror_axis).tolist())

    def rates(row: int) -> dict[str, float]:
        r = freq.getrow(row)
        names = [vocab[c] for c in r.indices.tolist()] if vocab else r.indices.astype(str)
        return dict(zip(names, r.data.tolist(), strict=True))

    col_of = {t: i for i, t in enumerate(vocab)} if vocab else {}
    if not vocab:
        col_of = {str(i): i for i in range(cc.matrix.shape[1])}
    parents = parent_columns(vocab, cc.matrix.shape[1])
    free = cluster_free_form(cc, parents, np.unique(np.r_[a, b]))

    @cache
    def routing() -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
        """Documents, routes and each cluster's pages: read once, if asked."""
        document = page_documents(cc, mirror_axis)
        return document, page_routes(cc, mirror_axis, document), cc.cluster_members()

    def routed_apart(i: int, j: int) -> bool:
        """Do clusters ``i`` and ``j`` live at URL routes of their own? A
        route holding one of the pair's documents is an address, not a route
        (as in a split)."""
        document, page_route, cluster_members = routing()
        members = np.r_[cluster_members[i], cluster_members[j]]
        row = (cc.page_cluster[members] == j).astype(np.int64)
        counts = route_counts(page_route[members], document[members], row, 2)
        shared, unrouted = route_overlap(np.array([[True, False]]), counts)
        return bool(shared[0] <= ROUTE_OVERLAP and unrouted[0] <= ROUTE_UNROUTED)

    candidates = []
    for i, j, s in zip(a.tolist(), b.tolist(), sim.tolist(), strict=True):
        # A container that each cluster able to show it fills freely holds content
        # (one token set alone shows no variation).
        seen = [free[c] for c in (i, j) if c in free]
        content = set.intersection(*seen) if seen else set()
        names = {vocab[c] for c in content} if vocab else {str(c) for c in content}
        rates_i, rates_j = rates(i), rates(j)
        raw = template_differences(rates_i, rates_j, sizes[i], sizes[j])
        # A link or a code word one cluster's prose has is the writer's, not the template's.
        raw = _without(raw, is_text_level)
        if _prose_against_structure(raw):
            continue
        diff = outside_content(raw, names.__contains__ if names else None)
        # What the entries of a list or a table both clusters have hold (which
        # kinds of entry: chapters or reference entries in a table of
        # contents) is the list's content: listed as evidence, never a bar.
        bar = _without(diff, lambda t, a=rates_i, b=rates_j: listed_entry(t, a, b))
        # Two templates: a difference on both sides that would split the pair
        # glued together (a lone element each side is how one template branches).
        if (
            bar.two_sided
            and min(
                subtree_items(rates_i.items(), bar.only_a),
                subtree_items(rates_j.items(), bar.only_b),
            )
            >= SUBSTANTIAL
        ):
            continue
        # A subtree one side lacks is an optional part only if the site shows it
        # optional: some cluster has it on part of its pages.
        if any(col_of.get(t, -1) not in varies for t in bar.only_a + bar.only_b):
            continue
        if _required_part_missing(bar, rates_i, rates_j, sizes[i], sizes[j]):
            continue
        if _named_apart(rates_i, rates_j, sizes[i], sizes[j]):
            continue
        # Named blocks of each side's own, at routes of each side's own: a
        # generator's blocks for two kinds of page (a member table, a code
        # listing), as a split reads them (``splits._named_blocks_apart``).
        if (
            _own_named_block(rates_i, rates_j, sizes[j])
            and _own_named_block(rates_j, rates_i, sizes[i])
            and routed_apart(i, j)
        ):
            continue
        kind = (
            "optionalSections"
            if diff.only_a or diff.only_b
            else "classVariants"
            if diff.variants
            else "identicalCore"
        )
        candidates.append((s, i, j, kind, diff.only_a, diff.only_b, diff.variants))
    # The smaller cluster of a pair is the one joining: keep its best partner only.
    best: dict[int, tuple] = {}
    for cand in candidates:
        s, i, j = cand[0], cand[1], cand[2]
        small = i if (sizes[i], cc.cluster_keys[i]) < (sizes[j], cc.cluster_keys[j]) else j
        if small not in best or s > best[small][0]:
            best[small] = cand
    out = []
    for s, i, j, kind, rest_i, rest_j, variants in best.values():
        rest_i.sort(key=lambda t: (t.count(">"), t))
        rest_j.sort(key=lambda t: (t.count(">"), t))
        out.append(
            MergeSuggestion(
                cluster_key_a=cc.cluster_keys[i],
                cluster_key_b=cc.cluster_keys[j],
                confidence=float(s),
                kind=kind,
                only_in_a=rest_i[:MAX_LISTED_TOKENS],
                only_in_b=rest_j[:MAX_LISTED_TOKENS],
                class_variants=variants[:MAX_LISTED_TOKENS],
                example_page_a=cc.page_label(int(first[i])),
                example_page_b=cc.page_label(int(first[j])),
            )
        )
    out.sort(key=lambda m: (-m.confidence, m.cluster_key_a, m.cluster_key_b))
    return out
