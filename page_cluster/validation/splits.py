"""Suspicious clusters and split suggestions, from evidence inside each cluster.

Low average similarity alone does not make a cluster suspicious: free-form
content and optional widgets make pages of one template differ a lot. A
cluster is suspicious when its members fall into sub-groups that differ *on
both sides* (:mod:`~page_cluster.validation.evidence`): each sub-group has
subtrees, on nearly all of its pages, that the other sub-group lacks although
it has the container, and no page of the cluster has both sub-groups' parts.
That is what two templates look like and what optional parts do not (some
page has two optional parts side by side). A smaller difference (one-sided,
or a lone element against a lone element) is an optional part or a template's
own branch, unless each
sub-group lives at URL routes of its own (:mod:`~page_cluster.validation.routes`):
an optional part does not follow the address, a second template does. That is
how the engine's own mistakes look: a few pages of another template inside a
large cluster, lacking some of its sections, at their own addresses. Where
the cluster holds free-form content, the named blocks a generator puts there
for one kind of page (a member table, a code fragment) count the same way:
with routes of each side's own, when no page shows both sides' blocks.

Candidate sub-groups come from the cluster's own structure: the top nodes of
an average-linkage tree on the Jaccard distances of its distinct token sets
(the natural bisections), and the token sets having each of the largest blocks
of co-occurring tokens (a second template brings or lacks several elements at
once, which mark the same pages even when the tree does not isolate them).
The bisection with the strongest evidence is kept and each side is searched
again, so a cluster glued from several templates is split into several parts.
Every page of the cluster gets a part: token sets beyond the sample go with
their most similar sampled token set.

Works on the partition alone (token sets and keys), whatever made it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import scipy.sparse as sp

from ..clustering.mirror_axis import MirrorAxis, detect_mirror_axis
from ..parsing.segments import landmark_kind
from .data import ClusteredCorpus, PartitionInput, as_clustered_corpus
from .duplicates import mirror_groups
from .evidence import (
    FREE_FORM_SHARE,
    TemplateDifference,
    child_set_hashes,
    distinctive,
    free_form_columns,
    outside_content,
    parent_columns,
    same_element,
    template_differences,
)
from .generalize import fold_value_classes
from .routes import ROUTE_OVERLAP, ROUTE_UNROUTED, page_routes, route_counts, route_overlap

__all__ = [
    "MAX_PARTS",
    "MAX_SIGNATURES",
    "MIN_PART_PAGES",
    "ClusterSplit",
    "SplitPart",
    "find_cluster_splits",
    "is_named",
    "page_documents",
    "resolve_mirror_axis",
    "split_key",
    "split_validated_clusters",
    "subtree_items",
]

#: Distinct token sets compared per cluster (a seeded sample beyond): 400 give
#: 80k pairs, cheap, and a template on 1% of a large cluster is still sampled.
MAX_SIGNATURES = 400
#: Parts a split suggestion stops at (a cluster glued from more templates is
#: split again once the parts are clusters of their own).
MAX_PARTS = 8
#: Top nodes of the linkage tree tried as one side of a bisection.
CANDIDATE_NODES = 16
#: Token blocks (tokens present on exactly the same sampled token sets) tried
#: as one side of a bisection, largest blocks first.
CANDIDATE_BLOCKS = 16
#: A part needs at least this many documents (pages, mirror copies counted
#: once): one odd page is content, not a template.
MIN_PART_PAGES = 2
#: Distinguishing tokens listed per part.
MAX_LISTED_TOKENS = 8


@dataclass(frozen=True, slots=True)
class SplitPart:
    """One proposed sub-cluster: its size and what only it has."""

    member_count: int
    distinguishing_tokens: list[str]
    example_pages: list[Any]

    def to_json(self) -> dict:
        return {
            "memberCount": self.member_count,
            "distinguishingTokens": self.distinguishing_tokens,
            "examplePages": self.example_pages,
        }


@dataclass(frozen=True, slots=True)
class ClusterSplit:
    """A split suggestion: the cluster's pages in ``parts`` (largest first).

    ``members`` are page positions (input order) and ``member_part`` the part
    of each; ``within_similarity`` / ``between_similarity`` are the mean
    Jaccard similarity of sampled token-set pairs inside one part and across
    parts (the structural gap, for display). ``evidence`` is the strongest
    evidence of its bisections: ``twoSided`` (each side has subtrees the other
    lacks) or ``routes`` (a smaller difference, with each side at URL routes
    of its own).
    """

    cluster_key: str
    parts: list[SplitPart]
    within_similarity: float
    between_similarity: float
    members: np.ndarray = field(repr=False)
    member_part: np.ndarray = field(repr=False)
    evidence: str = "twoSided"

    @property
    def member_count(self) -> int:
        return len(self.members)

    def to_json(self) -> dict:
        return {
            "clusterKey": self.cluster_key,
            "memberCount": self.member_count,
            "withinPartSimilarity": round(self.within_similarity, 4),
            "betweenPartSimilarity": round(self.between_similarity, 4),
            "evidence": self.evidence,
            "parts": [p.to_json() for p in self.parts],
        }

    def page_keys(self) -> dict[int, str]:
        """New key of every member page (see :func:`split_key`)."""
        return {
            int(p): split_key(self.cluster_key, int(k))
            for p, k in zip(self.members.tolist(), self.member_part.tolist(), strict=True)
        }


def split_key(cluster_key: str, part: int) -> str:
    """The key of part ``part`` (0-based) of a split cluster; part 0 keeps the key.

    >>> split_key("k", 0), split_key("k", 2)
    ('k', 'k#split:2')
    """
    return cluster_key if part == 0 else f"{cluster_key}#split:{part}"


def _seed(key: str) -> int:
    return int.from_bytes(hashlib.blake2b(key.encode("utf-8", "replace"), digest_size=8).digest())


def _jaccard(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Pairwise Jaccard similarity of the binary rows of two dense matrices."""
    inter = x @ y.T
    union = x.sum(1)[:, None] + y.sum(1)[None, :] - inter
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(union > 0, inter / np.maximum(union, 1), 1.0)


def _candidate_masks(sim: np.ndarray) -> np.ndarray:
    """Sides of the natural bisections: the top nodes of an average-linkage tree."""
    from scipy.cluster.hierarchy import fcluster, linkage
    from scipy.spatial.distance import squareform

    m = len(sim)
    dist = np.clip(1.0 - sim, 0.0, 1.0)
    np.fill_diagonal(dist, 0.0)
    tree = linkage(squareform(dist, checks=False), method="average")
    seen: set[bytes] = set()
    masks = []
    for k in range(2, min(CANDIDATE_NODES, m) + 1):
        labels = fcluster(tree, k, criterion="maxclust")
        for label in np.unique(labels):
            mask = labels == label
            if mask.all():
                continue
            code = np.packbits(mask).tobytes()
            if code not in seen:
                seen.add(code)
                masks.append(mask)
    return np.array(masks, dtype=bool).reshape(len(masks), m)


def _block_masks(x: np.ndarray) -> np.ndarray:
    """Sides given by blocks of co-occurring tokens: the token sets having a
    block of tokens that always appear together, largest blocks first.

    A second template inside a cluster brings several of its own elements (or
    lacks several of the majority's) at once; each such element alone marks the
    same token sets. A linkage tree over whole token sets may not isolate a few
    such token sets among many varied ones; the block marks them directly.
    """
    m = len(x)
    present = x > 0
    counts = present.sum(0)
    cols = np.nonzero((counts > 0) & (counts < m))[0]
    if len(cols) == 0:
        return np.zeros((0, m), dtype=bool)
    codes = np.packbits(present[:, cols], axis=0).T
    _, first, size = np.unique(codes, axis=0, return_index=True, return_counts=True)
    order = np.lexsort((first, -size))[:CANDIDATE_BLOCKS]
    return present[:, cols[first[order]]].T.copy()


def _profiles(masks: np.ndarray, weights: np.ndarray, x: np.ndarray) -> np.ndarray:
    w = masks * weights[None, :]
    return (w @ x) / np.maximum(w.sum(1), 1e-12)[:, None]


@dataclass(frozen=True, slots=True)
class _Sample:
    """A cluster's sampled token sets as dense rows, with what the tests need."""

    x: np.ndarray
    weights: np.ndarray
    sim: np.ndarray
    parents: np.ndarray
    hashes: np.ndarray
    names: list[str] | None
    #: Row x document incidence: which documents (pages, mirror copies counted
    #: once) have each sampled token set.
    docs: sp.csr_matrix
    #: Row x route page counts (see :mod:`~page_cluster.validation.routes`).
    routes: sp.csr_matrix


def _rates(freq: np.ndarray, names: list[str], cols: np.ndarray) -> dict[str, float]:
    return {names[c]: float(freq[c]) for c in cols.tolist()}


def raw_differences(
    s: _Sample, rows: np.ndarray, side: np.ndarray, fa: np.ndarray, fb: np.ndarray
) -> TemplateDifference:
    """What the two sides of a candidate bisection differ by, as templates,
    free-form content included (a renamed element is one element)."""
    names = s.names if s.names is not None else [str(c) for c in range(s.x.shape[1])]
    cols = np.nonzero((fa > 0) | (fb > 0))[0]
    return template_differences(
        _rates(fa, names, cols),
        _rates(fb, names, cols),
        _documents(s, rows[side]),
        _documents(s, rows[~side]),
        renamed_elements=True,
    )


def structural_differences(
    s: _Sample,
    rows: np.ndarray,
    side: np.ndarray,
    fa: np.ndarray,
    fb: np.ndarray,
    raw: TemplateDifference | None = None,
) -> TemplateDifference:
    """What the two sides of a candidate bisection differ by, as templates.

    Differences below a container holding free-form content on either side are
    content (:func:`~page_cluster.validation.evidence.free_form_columns`).
    ``raw``: the sides' :func:`raw_differences`, when already taken.
    """
    names = s.names if s.names is not None else [str(c) for c in range(s.x.shape[1])]
    cols = np.nonzero((fa > 0) | (fb > 0))[0]
    index = {names[c]: c for c in cols.tolist()}
    x, h = s.x[rows], s.hashes[rows]
    cache: dict[str, bool] = {}

    def is_content(container: str) -> bool:
        if container not in cache:
            c = index.get(container)
            if c is None:
                cache[container] = False
            else:
                col = np.array([c])
                cache[container] = bool(
                    free_form_columns(x, h, side, col)[0] or free_form_columns(x, h, ~side, col)[0]
                )
        return cache[container]

    if raw is None:
        raw = raw_differences(s, rows, side, fa, fb)
    diff = outside_content(raw, is_content)
    return TemplateDifference(
        [t for t in diff.only_a if not held_by_nav(t)],
        [t for t in diff.only_b if not held_by_nav(t)],
        diff.variants,
    )


def held_by_nav(token: str) -> bool:
    """Is ``token`` below a navigation landmark (``nav``, ``role=navigation``)?
    What a navigation holds follows the page's place, as its address does:
    a template's own pager links to the previous and the next page, and the
    site's sidebar tree opens the section the page is in (a handbook page's
    section expanded, a reference page's another). Neither is a second
    template; that a page has the navigation at all still counts (the
    ``nav`` element itself), as the engine reads regions and pagers.

    >>> held_by_nav("body>main>nav.pager>a.prev"), held_by_nav("body>main>nav.pager")
    (True, False)
    >>> held_by_nav("body>nav.sidebar>ul>li.expanded"), held_by_nav("body>aside>ul>li>strong")
    (True, False)
    """
    return any(landmark_kind(step) == "nav" for step in token.split(">")[:-1])


def _documents(s: _Sample, rows: np.ndarray) -> float:
    """Independent pages among ``rows``: mirror copies of one page count once."""
    return float(np.count_nonzero(np.asarray(s.docs[rows].sum(0)).ravel()))


#: A difference on both sides decides alone when each side's differing
#: subtrees hold at least this many items (a root and its descendants on
#: :data:`SUBTREE_SHARE` of the side's pages): a lone element against a lone
#: element (a "no directives" line where a directive list would be, one
#: element renamed: ``div.chapter`` where another page has ``div.appendix``) is
#: how one template branches.
SUBSTANTIAL = 2
SUBTREE_SHARE = 1 / 3
#: Bisection evidence, strongest first: a substantial difference on both
#: sides, then any difference corroborated by routes of each side's own.
TWO_SIDED, ROUTED = 0, 1
NO_EVIDENCE = 2
#: The names of the evidence in the report (``splitSuggestions[].evidence``).
EVIDENCE_NAMES = {TWO_SIDED: "twoSided", ROUTED: "routes"}


def _candidates(s: _Sample, rows: np.ndarray) -> np.ndarray:
    """Candidate sides over ``rows``: linkage top nodes and token blocks, distinct."""
    masks = np.concatenate([_candidate_masks(s.sim[np.ix_(rows, rows)]), _block_masks(s.x[rows])])
    if len(masks) == 0:
        return masks
    _, first = np.unique(np.packbits(masks, axis=1), axis=0, return_index=True)
    return masks[np.sort(first)]


def subtree_items(rates: Iterable[tuple[str, float]], roots: list[str]) -> int:
    """Items of the differing subtrees: each root and its descendants on at
    least :data:`SUBTREE_SHARE` of the side's pages (``rates``: token and share
    of pages). The weight both a split and a merge give a difference.

    >>> subtree_items([("b>ul", 1.0), ("b>ul>li", 0.5), ("b>ul>li>a", 0.1), ("b>p", 1.0)], ["b>ul"])
    2
    """
    if not roots:
        return 0
    prefixes = tuple(r + ">" for r in roots)
    rootset = set(roots)
    return sum(
        1 for t, f in rates if f >= SUBTREE_SHARE and (t in rootset or t.startswith(prefixes))
    )


def _weight(s: _Sample, freq: np.ndarray, roots: list[str]) -> int:
    """:func:`subtree_items` over the sample's columns."""
    if not roots:
        return 0
    names = s.names if s.names is not None else [str(c) for c in range(s.x.shape[1])]
    kept = np.nonzero(freq >= SUBTREE_SHARE)[0].tolist()
    return subtree_items(((names[c], float(freq[c])) for c in kept), roots)


def _renamed(only_a: list[str], only_b: list[str]) -> bool:
    """Every differing root is one element under another class on the other
    side (``div.chapter`` / ``div.appendix``): one template's element renamed,
    however its inside differs; it counts as a lone element each side."""
    return all(any(same_element(x, y) for y in only_b) for x in only_a) and all(
        any(same_element(y, x) for x in only_a) for y in only_b
    )


def _exclusive_roots(
    s: _Sample, col: dict[str, int], roots_a: list[str], roots_b: list[str]
) -> tuple[list, list]:
    """The differing roots of each side that never share a page of the cluster
    with some root of the other side (``col``: token name -> sample column).
    Two templates glued together differ by parts of which a page has one or the
    other; optional parts of one template (a deprecation notice, an inheritance
    tree) are side by side on some page.
    """
    ra = [r for r in roots_a if r in col]
    rb = [r for r in roots_b if r in col]
    if not ra or not rb:
        return [], []
    together = (s.x[:, [col[r] for r in ra]].T @ s.x[:, [col[r] for r in rb]]) > 0
    return (
        [r for r, t in zip(ra, together, strict=True) if not t.all()],
        [r for r, t in zip(rb, together.T, strict=True) if not t.all()],
    )


def is_named(token: str) -> bool:
    """Does the token's last step carry a class or an id (a template author's name)?"""
    last = token[token.rfind(">") + 1 :]
    return "." in last or "#" in last


def _named_blocks_apart(s: _Sample, col: dict[str, int], raw: TemplateDifference) -> int:
    """1 when each side shows, where the cluster holds free-form content, a
    named block (a class or an id on it) on nearly all its pages that the other
    side never shows, and no page shows both: a generator's blocks for two
    kinds of page (a member table, a code fragment), not a writer's optional
    parts, which come and go together. ``raw``: the sides'
    :func:`raw_differences`. Counted only with routes of each side's own (see
    :func:`_bisect`)."""
    ex_a, ex_b = _exclusive_roots(
        s, col, [t for t in raw.only_a if is_named(t)], [t for t in raw.only_b if is_named(t)]
    )
    return int(bool(ex_a) and bool(ex_b))


def _bisect(
    s: _Sample, rows: np.ndarray, trace: list | None = None
) -> tuple[np.ndarray, int] | None:
    """The best bisection of ``rows`` showing two templates (a mask over them,
    and its evidence: :data:`TWO_SIDED` or :data:`ROUTED`), or ``None``.

    Two sides differ as templates when each has subtrees the other lacks
    (:data:`SUBSTANTIAL` two-sided), or when they differ at all (one-sided, or a
    lone element each) and each side lives at URL routes of its own (routed):
    an optional part or a template's own branch does not follow the address,
    a template does.
    """
    if len(rows) < 2 or s.weights[rows].sum() < 2 * MIN_PART_PAGES:
        return None
    masks = _candidates(s, rows)
    if len(masks) == 0:
        return None
    w, xr = s.weights[rows], s.x[rows]
    fa = _profiles(masks, w, xr)
    fb = _profiles(~masks, w, xr)
    da = distinctive(fa, fb, s.parents)
    db = distinctive(fb, fa, s.parents)
    n_a, n_b = np.zeros(len(masks), np.int64), np.zeros(len(masks), np.int64)
    incidence = s.docs[rows]
    side_a = sp.csr_matrix(masks.astype(np.float32))
    side_b = sp.csr_matrix((~masks).astype(np.float32))
    docs_a = np.count_nonzero((side_a @ incidence).toarray(), axis=1)
    docs_b = np.count_nonzero((side_b @ incidence).toarray(), axis=1)
    big_enough = np.minimum(docs_a, docs_b) >= MIN_PART_PAGES
    shared, unrouted = route_overlap(masks, s.routes[rows])
    apart = (shared <= ROUTE_OVERLAP) & (unrouted <= ROUTE_UNROUTED)
    x_a, x_b = np.zeros(len(masks), np.int64), np.zeros(len(masks), np.int64)
    names = s.names if s.names is not None else [str(c) for c in range(s.x.shape[1])]
    col = {n: c for c, n in enumerate(names)}
    for k in np.nonzero((da.any(1) | db.any(1)) & big_enough)[0]:
        raw = raw_differences(s, rows, masks[k], fa[k], fb[k])
        diff = structural_differences(s, rows, masks[k], fa[k], fb[k], raw)
        n_a[k], n_b[k] = _weight(s, fa[k], diff.only_a), _weight(s, fb[k], diff.only_b)
        if n_a[k] and n_b[k] and _renamed(diff.only_a, diff.only_b):
            n_a[k] = n_b[k] = x_a[k] = x_b[k] = 1
        elif n_a[k] and n_b[k]:
            ex_a, ex_b = _exclusive_roots(s, col, diff.only_a, diff.only_b)
            x_a[k], x_b[k] = _weight(s, fa[k], ex_a), _weight(s, fb[k], ex_b)
        if not (n_a[k] or n_b[k]) and apart[k]:
            n_a[k] = n_b[k] = _named_blocks_apart(s, col, raw)
        if trace is not None:
            trace.append((rows[masks[k]], diff, (float(shared[k]), float(unrouted[k]))))
    two = np.minimum(x_a, x_b) >= SUBSTANTIAL
    routed = ((n_a > 0) | (n_b > 0)) & apart
    evidence = np.where(two, TWO_SIDED, np.where(routed, ROUTED, NO_EVIDENCE))
    ok = (evidence < NO_EVIDENCE) & big_enough
    if not ok.any():
        return None
    # Strongest evidence first, then most differences on the weaker side (on
    # the differing side when one-sided), then the most balanced split.
    weaker = np.where(two, np.minimum(x_a, x_b), np.maximum(n_a, n_b))
    score = np.lexsort((-np.minimum(docs_a, docs_b), -weaker, evidence))
    best = next(i for i in score if ok[i])
    return masks[best], int(evidence[best])


def _split_rows(s: _Sample) -> tuple[np.ndarray, int]:
    """Part label of every sampled token set (all 0 when nothing splits), and
    the strongest evidence of the bisections made."""
    labels = np.zeros(len(s.weights), dtype=np.int64)
    strongest = NO_EVIDENCE
    open_parts = [0]
    n_parts = 1
    while open_parts and n_parts < MAX_PARTS:
        part = open_parts.pop(0)
        rows = np.nonzero(labels == part)[0]
        found = _bisect(s, rows)
        if found is None:
            continue
        mask, evidence = found
        strongest = min(strongest, evidence)
        labels[rows[~mask]] = n_parts
        open_parts += [part, n_parts]
        n_parts += 1
    return labels, strongest


def _assign_rest(
    matrix: sp.csr_matrix, cols: np.ndarray, sample_x: np.ndarray, rest: np.ndarray
) -> np.ndarray:
    """For each unsampled token set, its most similar sampled one (chunked)."""
    out = np.empty(len(rest), dtype=np.int64)
    for lo in range(0, len(rest), 1000):
        chunk = matrix[rest[lo : lo + 1000]][:, cols].toarray().astype(np.float32)
        out[lo : lo + len(chunk)] = np.argmax(_jaccard(chunk, sample_x), axis=1)
    return out


def _split_one(
    cc: ClusteredCorpus,
    key_index: int,
    members: np.ndarray,
    parents: np.ndarray,
    document: np.ndarray,
    routes: np.ndarray,
) -> ClusterSplit | None:
    key = cc.cluster_keys[key_index]
    if len(members) < 2 * MIN_PART_PAGES:
        return None
    sample, sigs, counts, inverse = _sampled_rows(cc, key, members)
    if len(sigs) < 2:
        return None
    sub = cc.matrix[sigs[sample]].tocsr()
    cols = np.unique(sub.indices)
    if len(cols) == 0:
        return None
    x = sub[:, cols].toarray().astype(np.float32)
    local = np.full(cc.matrix.shape[1], -1, dtype=np.int64)
    local[cols] = np.arange(len(cols))
    global_parent = parents[cols]
    lp = np.where(global_parent >= 0, local[np.maximum(global_parent, 0)], global_parent)
    sim = _jaccard(x, x)
    # Sampled token sets carry their own page counts; the rest join their nearest.
    sig_of_sample = np.full(len(sigs), -1, dtype=np.int64)
    sig_of_sample[sample] = np.arange(len(sample))
    rest = np.nonzero(sig_of_sample < 0)[0]
    if len(rest):
        sig_of_sample[rest] = _assign_rest(cc.matrix, cols, x, sigs[rest])
    weights = np.bincount(sig_of_sample, weights=counts, minlength=len(sample))
    vocab = cc.vocabulary
    names = [vocab[c] for c in cols.tolist()] if vocab is not None else None
    member_row = sig_of_sample[inverse]
    _, member_doc = np.unique(document[members], return_inverse=True)
    docs = sp.csr_matrix(
        (np.ones(len(members), dtype=np.float32), (member_row, member_doc)),
        shape=(len(sample), int(member_doc.max()) + 1),
    )
    docs.data[:] = 1.0
    routes_of = route_counts(routes[members], document[members], member_row, len(sample))
    sample_data = _Sample(x, weights, sim, lp, child_set_hashes(x, lp), names, docs, routes_of)
    labels, evidence = _split_rows(sample_data)
    n_parts = int(labels.max()) + 1
    if n_parts < 2:
        return None
    # Parts numbered by size (largest first), ties by their first page.
    member_part = labels[sig_of_sample[inverse]]
    sizes = np.bincount(member_part, minlength=n_parts)
    first = np.array([members[member_part == p].min() for p in range(n_parts)])
    order = np.lexsort((first, -sizes))
    renumber = np.empty(n_parts, dtype=np.int64)
    renumber[order] = np.arange(n_parts)
    member_part = renumber[member_part]
    labels = renumber[labels]
    # Each part against the rest of the cluster: what only it has.
    masks = labels[None, :] == np.arange(n_parts)[:, None]
    fa = _profiles(masks, weights, x)
    fb = _profiles(~masks, weights, x)
    only = distinctive(fa, fb, lp)
    parts = []
    for p in range(n_parts):
        tok = cols[np.nonzero(only[p])[0]]
        # Shallow tokens first: the outermost differences say most about a template.
        names = [vocab[t] for t in tok] if vocab is not None else [str(t) for t in tok]
        names.sort(key=lambda s: (s.count(">"), s))
        pages = members[member_part == p]
        parts.append(
            SplitPart(
                member_count=int(sizes[order[p]]),
                distinguishing_tokens=names[:MAX_LISTED_TOKENS],
                example_pages=[cc.page_label(int(i)) for i in pages[:3]],
            )
        )
    same = labels[:, None] == labels[None, :]
    # Pairs of distinct pages: a token set shared by w pages is w(w-1)/2 pairs at 1.
    pair = np.outer(weights, weights)
    np.fill_diagonal(pair, weights * (weights - 1))
    within = float((sim * pair)[same].sum() / max(pair[same].sum(), 1e-12))
    between = float((sim * pair)[~same].sum() / max(pair[~same].sum(), 1e-12))
    return ClusterSplit(key, parts, within, between, members, member_part, EVIDENCE_NAMES[evidence])


def _sampled_rows(
    cc: ClusteredCorpus, key: str, members: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Distinct token sets of the members (a seeded sample beyond MAX_SIGNATURES).

    Returns the sampled signature ids, all distinct ids, the page counts of all
    and each member's index into the distinct ids.
    """
    sigs, inverse, counts = np.unique(cc.page_sig[members], return_inverse=True, return_counts=True)
    if len(sigs) > MAX_SIGNATURES:
        rng = np.random.default_rng(_seed(key))
        sample = np.sort(rng.choice(len(sigs), size=MAX_SIGNATURES, replace=False))
    else:
        sample = np.arange(len(sigs))
    return sample, sigs, counts, inverse


def cluster_free_form(
    cc: ClusteredCorpus, parents: np.ndarray, clusters: np.ndarray
) -> dict[int, set[int]]:
    """Per cluster (index), the token columns that hold free-form content in it."""
    cluster_members = cc.cluster_members()
    out: dict[int, set[int]] = {}
    for c in clusters.tolist():
        members = cluster_members[c]
        sample, sigs, _, _ = _sampled_rows(cc, cc.cluster_keys[c], members)
        if len(sample) * FREE_FORM_SHARE < 1:
            continue  # too few token sets to show a share of a third
        sub = cc.matrix[sigs[sample]].tocsr()
        cols = np.unique(sub.indices)
        x = sub[:, cols].toarray().astype(np.float32)
        local = np.full(cc.matrix.shape[1], -1, dtype=np.int64)
        local[cols] = np.arange(len(cols))
        gp = parents[cols]
        lp = np.where(gp >= 0, local[np.maximum(gp, 0)], gp)
        containers = np.unique(lp[lp >= 0])
        hashes = child_set_hashes(x, lp)
        free = free_form_columns(x, hashes, np.ones(len(x), dtype=bool), containers)
        out[c] = set(cols[containers[free]].tolist())
    return out


def resolve_mirror_axis(
    cc: ClusteredCorpus, mirror_axis: MirrorAxis | bool | None
) -> MirrorAxis | None:
    """The axis a ``mirror_axis`` argument names: ``True`` detects it from the
    pages' paths, ``False`` or ``None`` means none, an axis is itself."""
    if mirror_axis is True:
        return detect_mirror_axis(cc.paths, hosts=cc.hosts)
    return None if mirror_axis is False else mirror_axis


def page_documents(cc: ClusteredCorpus, axis: MirrorAxis | None) -> np.ndarray:
    """Per page, its document: mirror copies of one page (same shape under the
    site's mirror axis, e.g. one manual page in several languages) are one
    document, any other page is its own. Evidence is counted in documents: a
    page and its translations are one observation, not several.
    """
    own = np.arange(cc.n_pages, dtype=np.int64)
    if axis is None or cc.n_pages == 0:
        return own
    groups = mirror_groups(cc, axis)
    return np.where(groups >= 0, groups, int(groups.max(initial=-1)) + 1 + own)


def find_cluster_splits(
    pages: PartitionInput, *, mirror_axis: MirrorAxis | bool | None = True
) -> list[ClusterSplit]:
    """A split suggestion for every cluster whose members show two templates.

    Sorted by cluster key. An empty list: no cluster shows two templates.
    ``mirror_axis``: the site's mirror axis, ``True`` to detect it from the
    pages' paths, or ``None`` to count every page on its own.

    >>> a = ["body>main", "body>main>table", "body>main>table>tr"]
    >>> b = ["body>main", "body>main>form", "body>main>form>input"]
    >>> splits = find_cluster_splits([{"clusterKey": "k", "tokens": t} for t in [a, a, b, b]])
    >>> [(p.member_count, p.distinguishing_tokens) for p in splits[0].parts]
    [(2, ['body>main>table']), (2, ['body>main>form'])]
    """
    cc = fold_value_classes(as_clustered_corpus(pages))
    if cc.n_pages == 0:
        return []
    mirror_axis = resolve_mirror_axis(cc, mirror_axis)
    parents = parent_columns(cc.vocabulary, cc.matrix.shape[1])
    document = page_documents(cc, mirror_axis)
    routes = page_routes(cc, mirror_axis, document)
    out = []
    for c, members in enumerate(cc.cluster_members()):
        split = _split_one(cc, c, members, parents, document, routes)
        if split is not None:
            out.append(split)
    return out


def split_validated_clusters(
    cluster_keys: Sequence[str], splits: Iterable[ClusterSplit]
) -> list[str]:
    """Every page's key after applying the confirmed split suggestions.

    ``cluster_keys`` is the partition the splits were found on (one key per
    page, same order); part 0 of a split keeps the cluster's key.

    >>> a = ["body>main", "body>main>table", "body>main>table>tr"]
    >>> b = ["body>main", "body>main>form", "body>main>form>input"]
    >>> keys = ["k", "k", "k", "k", "j"]
    >>> pages = [{"clusterKey": k, "tokens": t} for k, t in zip(keys, [a, b, a, b, a])]
    >>> split_validated_clusters(keys, find_cluster_splits(pages))
    ['k', 'k#split:1', 'k', 'k#split:1', 'j']
    """
    out = list(cluster_keys)
    for split in splits:
        for page, key in split.page_keys().items():
            if out[page] != split.cluster_key:
                raise ValueError(f"page {page} is not in cluster {split.cluster_key!r}")
            out[page] = key
    return out
