"""URL routes of a partition's pages, and how much two page groups share them.

A site maps a URL route to a view and a view to a template, so a group of
pages living at routes the rest of its cluster never uses is corroborating
evidence that the group is another template. It is never evidence alone: one
route may render several templates (a flat documentation folder) and one
template may live under several routes. The validator therefore lets routes
only corroborate a structural difference that is too small to decide by
itself (one-sided, or a lone element against a lone element).

Route patterns are those of the engine (:mod:`~page_cluster.clustering.routes`),
computed per host with the site's mirror axis blanked (a page's translations
share its route).
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from ..clustering.mirror_axis import MirrorAxis
from ..clustering.routes import route_patterns
from .data import ClusteredCorpus

__all__ = [
    "MIN_ROUTE_DOCUMENTS",
    "ROUTE_OVERLAP",
    "ROUTE_UNROUTED",
    "page_routes",
    "route_counts",
    "route_overlap",
]

#: Two page groups live at different routes when at most this share of the
#: smaller group's pages sits at routes the other group also uses (one page in
#: ten may: an index page, a stray file name).
ROUTE_OVERLAP = 0.1
#: Each side of a bisection must have most of its pages at routes (a share of
#: pages at no route above this leaves where the side lives unknown).
ROUTE_UNROUTED = 0.5
#: Documents a route pattern must hold to be a route (two, like a part of a
#: split: one page, or its translations, is an address).
MIN_ROUTE_DOCUMENTS = 2


def page_routes(
    cc: ClusteredCorpus, axis: MirrorAxis | None, document: np.ndarray | None = None
) -> np.ndarray:
    """A route id per page: its route pattern on its host (axis blanked).

    Patterns are found on one copy of each document (``document``: mirror
    copies share one) and given to every copy: a file name repeated in every
    language directory is still one page's name, not a literal route part.

    >>> from .data import clustered_corpus_from_pages
    >>> paths = [["blog", s, "index.html"] for s in "abc"] + [["tags", s] for s in "xyz"]
    >>> cc = clustered_corpus_from_pages([{"clusterKey": "k", "tokens": [], "paths": p}
    ...                                   for p in paths])
    >>> page_routes(cc, None).tolist()
    [0, 0, 0, 1, 1, 1]
    """
    if document is None:
        document = np.arange(cc.n_pages)
    _, first, copy_of = np.unique(document, return_index=True, return_inverse=True)
    pattern_of = np.zeros(len(first), dtype=np.int64)
    by_host: dict[str, list[int]] = {}
    for d, i in enumerate(first.tolist()):
        by_host.setdefault(cc.hosts[i] or "", []).append(d)
    ids: dict[tuple[str, str], int] = {}
    blank = axis.position if axis is not None else None
    for host in sorted(by_host):
        docs = by_host[host]
        paths = [cc.paths[first[d]] for d in docs]
        if axis is not None:
            paths = [list(axis.aligned(p)) for p in paths]
        patterns = route_patterns(paths, blank)
        for d, pattern in zip(docs, patterns, strict=True):
            pattern_of[d] = ids.setdefault((host, pattern), len(ids))
    return pattern_of[copy_of.ravel()]


def route_counts(
    routes: np.ndarray, document: np.ndarray, row: np.ndarray, n_rows: int
) -> sp.csr_matrix:
    """Pages per row and route among a cluster's members, for :func:`route_overlap`.

    ``routes``, ``document`` and ``row`` are per member: its route, its
    document (mirror copies share one) and its row (a token set). A route
    holding fewer than :data:`MIN_ROUTE_DOCUMENTS` of the cluster's documents
    is one page's address there (a flat folder's file, a package's summary
    page), not a route the cluster's pages share; such pages go to the last
    column, "no route".

    >>> route_counts(np.array([5, 5, 7, 9, 9]), np.array([0, 1, 2, 3, 3]),
    ...              np.array([0, 0, 1, 1, 1]), 2).toarray().tolist()
    [[2.0, 0.0], [0.0, 3.0]]
    """
    ids, route = np.unique(routes, return_inverse=True)
    pairs = np.unique(np.stack([route, np.asarray(document, dtype=np.int64)]), axis=1)
    docs = np.bincount(pairs[0], minlength=len(ids))
    real = docs >= MIN_ROUTE_DOCUMENTS
    column = np.where(real, np.cumsum(real) - 1, int(real.sum()))
    return sp.csr_matrix(
        (np.ones(len(route), dtype=np.float32), (np.asarray(row), column[route])),
        shape=(n_rows, int(real.sum()) + 1),
    )


def route_overlap(side: np.ndarray, route_counts: sp.csr_matrix) -> tuple[np.ndarray, np.ndarray]:
    """How far each candidate bisection's two sides are from routes of their own.

    ``side`` is a boolean ``(k, rows)`` matrix of candidate sides, and
    ``route_counts`` a ``(rows, routes + 1)`` count of pages per row and
    route, the last column counting pages at no route (see
    :func:`route_counts`). Returns two arrays, per candidate:

    * *shared*: of the pages at a route, the share of the smaller side's at
      routes the other side also uses (the sum over routes of the smaller
      count). Counted in pages, not shares of routes: two pages at a route
      holding forty of the other side's pages are among those pages, however
      many routes there are;
    * *unrouted*: the larger of the two sides' shares of pages at no route
      (where nothing shows where they live).

    >>> counts = sp.csr_matrix(np.array([[2.0, 0.0, 0.0], [0.0, 3.0, 0.0], [1.0, 0.0, 0.0],
    ...                                  [0.0, 0.0, 1.0]]))
    >>> sides = np.array([[True, False, False, False], [False, True, False, False],
    ...                   [False, True, False, True]])
    >>> shared, unrouted = route_overlap(sides, counts)
    >>> shared.tolist(), unrouted.tolist()
    ([0.5, 0.0, 0.0], [0.2, 0.25, 0.25])
    """
    side = np.asarray(side, dtype=np.float64)
    a = (sp.csr_matrix(side) @ route_counts).toarray().astype(np.float64)
    b = (sp.csr_matrix(1.0 - side) @ route_counts).toarray().astype(np.float64)
    known_a, known_b = a[:, :-1].sum(1), b[:, :-1].sum(1)
    shared = np.minimum(a[:, :-1], b[:, :-1]).sum(1) / np.maximum(
        np.minimum(known_a, known_b), 1e-12
    )
    unrouted = np.maximum(
        a[:, -1] / np.maximum(a.sum(1), 1e-12), b[:, -1] / np.maximum(b.sum(1), 1e-12)
    )
    shared = np.where(np.minimum(known_a, known_b) > 0, shared, 1.0)
    return shared, unrouted
