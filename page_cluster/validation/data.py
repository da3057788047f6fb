"""A finished partition in compact form: what every post-hoc check reads.

Validation must not depend on how a partition was made, so its input is only
*pages with a cluster key*: each page's structural token set, its URL path
segments, its stylesheet hrefs and (optionally) its host and id. Token sets are
held as one deduplicated binary signature matrix, exactly like
:class:`~page_cluster.signatures.corpus.Corpus`, so a partition of 100k pages costs a few
integer arrays, and similarities are sparse products rather than Python set
operations.

Two ways in: :func:`clustered_corpus_from_corpus` reuses a corpus already built by
:func:`~page_cluster.ingest.build.build_corpus` (the CLI, the ``validate`` command), and
:func:`clustered_corpus_from_pages` accepts reference-style records
(``{clusterKey, tokens, paths, stylesheetHrefs}``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import scipy.sparse as sp

from ..signatures.corpus import Corpus

__all__ = [
    "ClusteredCorpus",
    "ClusteredPage",
    "PartitionInput",
    "as_clustered_corpus",
    "clustered_corpus_from_corpus",
    "clustered_corpus_from_pages",
]


@dataclass(frozen=True, slots=True)
class ClusteredPage:
    """One page of a partition under review (the reference's ``ClusteredPage``)."""

    cluster_key: str
    tokens: frozenset[str]
    paths: tuple[str, ...] = ()
    stylesheet_hrefs: tuple[str, ...] = ()
    host: str | None = None
    id: Any = None


@dataclass(slots=True)
class ClusteredCorpus:
    """Pages, their distinct token sets and their clusters, as arrays.

    ``matrix`` has one binary row per distinct token set; page ``i`` has token
    set ``page_sig[i]`` and cluster ``cluster_keys[page_cluster[i]]``.
    ``cluster_keys`` is sorted, so cluster indices do not depend on page order.
    """

    matrix: sp.csr_matrix
    page_sig: np.ndarray
    page_cluster: np.ndarray
    cluster_keys: list[str]
    paths: list[tuple[str, ...]]
    stylesheet_hrefs: list[tuple[str, ...]]
    hosts: list[str | None]
    ids: list[Any] | None = field(default=None)
    #: The token string of every matrix column, when known: structural
    #: evidence (which subtree a token hangs from) and readable explanations
    #: need it; without it every token is treated as a top-level one.
    vocabulary: list[str] | None = field(default=None)

    @property
    def n_pages(self) -> int:
        return len(self.page_sig)

    def cluster_members(self) -> list[np.ndarray]:
        """Each cluster's page indices, ascending (one sort for every cluster)."""
        order = np.argsort(self.page_cluster, kind="stable")
        bounds = np.searchsorted(self.page_cluster[order], np.arange(len(self.cluster_keys) + 1))
        return [order[bounds[c] : bounds[c + 1]] for c in range(len(self.cluster_keys))]

    def page_label(self, page: int) -> Any:
        """The page's id, or its 0-based position when it has none (like the CLI)."""
        if self.ids is not None and self.ids[page] is not None:
            return self.ids[page]
        return int(page)


PartitionInput = ClusteredCorpus | Iterable[ClusteredPage | Mapping[str, Any]]


def _cluster_index(keys: Sequence[str]) -> tuple[list[str], np.ndarray]:
    if len(keys) == 0:
        return [], np.empty(0, dtype=np.int64)
    for i, k in enumerate(keys):
        if not isinstance(k, str):
            raise TypeError(f"page {i}: cluster key must be a string, got {type(k).__name__}")
    uniq, inverse = np.unique(np.asarray(keys, dtype=object).astype(str), return_inverse=True)
    return [str(k) for k in uniq.tolist()], inverse.astype(np.int64)


def clustered_corpus_from_corpus(
    corpus: Corpus, cluster_keys: Sequence[str], ids: Sequence[Any] | None = None
) -> ClusteredCorpus:
    """Attach cluster keys (one per page, input order) to a built corpus.

    The corpus's deduplicated signature matrix is shared, not copied.
    """
    if len(cluster_keys) != corpus.n_pages:
        raise ValueError(f"{len(cluster_keys)} cluster keys for {corpus.n_pages} pages")
    keys, page_cluster = _cluster_index(cluster_keys)
    signals = corpus.signals
    return ClusteredCorpus(
        matrix=corpus.matrix,
        page_sig=np.asarray(corpus.page_sig, dtype=np.int64),
        page_cluster=page_cluster,
        cluster_keys=keys,
        paths=[s.paths for s in signals],
        stylesheet_hrefs=[s.stylesheet_hrefs for s in signals],
        hosts=[s.host for s in signals],
        ids=list(ids) if ids is not None else None,
        vocabulary=corpus.tokens,
    )


def _field(record: Mapping[str, Any], *names: str) -> Any:
    for name in names:
        if name in record:
            return record[name]
    return None


def _coerce(record: ClusteredPage | Mapping[str, Any], index: int) -> ClusteredPage:
    if isinstance(record, ClusteredPage):
        return record
    if not isinstance(record, Mapping):
        raise TypeError(f"page {index}: expected a ClusteredPage or a mapping")
    key = _field(record, "clusterKey", "cluster_key")
    if not isinstance(key, str):
        raise TypeError(f"page {index}: missing a string `clusterKey`")
    tokens = _field(record, "tokens") or ()
    if isinstance(tokens, str):
        raise TypeError(f"page {index}: `tokens` must be a collection of strings")
    return ClusteredPage(
        cluster_key=key,
        tokens=frozenset(str(t) for t in tokens),
        paths=tuple(str(p) for p in (_field(record, "paths") or ())),
        stylesheet_hrefs=tuple(
            str(h) for h in (_field(record, "stylesheetHrefs", "stylesheet_hrefs") or ())
        ),
        host=_field(record, "host"),
        id=_field(record, "id"),
    )


def clustered_corpus_from_pages(
    pages: Iterable[ClusteredPage | Mapping[str, Any]],
) -> ClusteredCorpus:
    """Build the compact form from per-page records with explicit token sets.

    >>> cc = clustered_corpus_from_pages([
    ...     {"clusterKey": "b", "tokens": ["x", "y"]},
    ...     {"clusterKey": "a", "tokens": ["y", "x"]},
    ... ])
    >>> cc.cluster_keys, cc.page_sig.tolist(), cc.matrix.shape
    (['a', 'b'], [0, 0], (1, 2))
    """
    records = [_coerce(r, i) for i, r in enumerate(pages)]
    vocab = sorted({t for r in records for t in r.tokens})
    index = {t: i for i, t in enumerate(vocab)}
    sig_index: dict[tuple[int, ...], int] = {}
    rows: list[tuple[int, ...]] = []
    page_sig = np.empty(len(records), dtype=np.int64)
    for i, r in enumerate(records):
        ids = tuple(sorted(index[t] for t in r.tokens))
        sig = sig_index.get(ids)
        if sig is None:
            sig = sig_index[ids] = len(rows)
            rows.append(ids)
        page_sig[i] = sig
    # Number signatures by content so that results do not depend on page order.
    order = sorted(range(len(rows)), key=rows.__getitem__)
    renumber = np.empty(len(rows), dtype=np.int64)
    renumber[np.asarray(order, dtype=np.int64)] = np.arange(len(rows))
    rows = [rows[i] for i in order]
    page_sig = renumber[page_sig] if len(records) else page_sig
    indptr = np.zeros(len(rows) + 1, dtype=np.int64)
    indptr[1:] = np.cumsum([len(r) for r in rows]) if rows else []
    indices = np.fromiter((t for r in rows for t in r), dtype=np.int32, count=int(indptr[-1]))
    matrix = sp.csr_matrix(
        (np.ones(len(indices), dtype=np.float32), indices, indptr),
        shape=(len(rows), len(vocab)),
    )
    keys, page_cluster = _cluster_index([r.cluster_key for r in records])
    has_ids = any(r.id is not None for r in records)
    return ClusteredCorpus(
        matrix=matrix,
        page_sig=page_sig,
        page_cluster=page_cluster,
        cluster_keys=keys,
        paths=[r.paths for r in records],
        stylesheet_hrefs=[r.stylesheet_hrefs for r in records],
        hosts=[r.host for r in records],
        ids=[r.id for r in records] if has_ids else None,
        vocabulary=vocab,
    )


def as_clustered_corpus(pages: PartitionInput) -> ClusteredCorpus:
    """Accept either the compact form or per-page records."""
    if isinstance(pages, ClusteredCorpus):
        return pages
    return clustered_corpus_from_pages(pages)
