"""One analysed crawl, and its partition with the analyst's confirmed merges applied.

:func:`analyse` runs the core once: read and parse the pages, cluster them,
and validate the resulting partition. The validator's cross-cluster duplicates
are *suggestions*: unlike the command line's ``--validation-file``, the app
applies none of them by itself; the analyst confirms or rejects each.

:meth:`Analysis.view` gives the partition with a set of confirmed merges
applied: final keys per page, cluster reasons, cohesion and its pairwise
similarities, all for the merged keys, so every view shows one consistent
partition. Views are memoised per merge set; building one costs a few sparse
products over signatures (no page is parsed again).
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from .._version import __version__
from ..api.resolve import run_clustering
from ..base.model import Page
from ..clustering.pipeline import ClusterRun
from ..explain.reasons import build_cluster_reasons
from ..io.report import ReadReport
from ..validation.cohesion import (
    ClusterCohesion,
    CohesionPairs,
    cohesion_pair_similarities,
    compute_cluster_cohesion,
)
from ..validation.data import ClusteredCorpus, clustered_corpus_from_corpus
from ..validation.duplicates import CrossClusterDuplicate
from ..validation.merge import merge_key_map
from ..validation.report import (
    ClusterPartitionReport,
    flag_suspicious,
    validate_cluster_partition,
)
from ..validation.splits import ClusterSplit, find_cluster_splits, split_validated_clusters
from .labels import cluster_labels
from .loading import CrawlSource, LoadError, PageIndex, content_hash, fetch_page
from .loading import load_pages as _load_pages
from .progress import RunProgress
from .sources import file_stamp

__all__ = [
    "Analysis",
    "PartitionView",
    "RunOptions",
    "analyse",
    "analysis_key",
    "no_pages_message",
    "normalize_pair",
]

#: Partition views kept per analysis (one per distinct set of confirmed merges).
MAX_VIEWS = 8

Pair = tuple[str, str]


def normalize_pair(a: str, b: str) -> Pair:
    """A cluster pair in canonical order.

    >>> normalize_pair("b", "a")
    ('a', 'b')
    """
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True, slots=True)
class RunOptions:
    """Options that change a run's result (and so its cache entry)."""

    content_block_attribute: str | None = None
    skip_invalid: bool = False

    @property
    def scope(self) -> str:
        """What decisions depend on besides the content: the token-changing option."""
        return self.content_block_attribute or ""


def analysis_key(digest: str, options: RunOptions) -> str:
    """Cache key of a run: content hash plus the options.

    >>> analysis_key("ab", RunOptions("data-bgb"))
    'ab|data-bgb|0'
    """
    return f"{digest}|{options.content_block_attribute or ''}|{int(options.skip_invalid)}"


@dataclass(eq=False)
class PartitionView:
    """The partition with ``splits`` then ``merges`` applied: what every view draws.

    ``splits`` are the keys of the run's clusters whose split suggestion was
    confirmed; ``cohesion`` flags a cluster ``suspicious`` when the validator
    would split the cluster as it is in this partition.
    """

    merges: tuple[Pair, ...]
    keys: list[str]
    key_map: dict[str, str]
    clustered: ClusteredCorpus
    reasons: dict[str, dict[str, Any]]
    cohesion: dict[str, ClusterCohesion]
    pairs: CohesionPairs
    _order: np.ndarray = field(repr=False)
    _bounds: np.ndarray = field(repr=False)
    _index: dict[str, int] = field(repr=False)
    #: A human label per final key (see :mod:`.labels`); keys stay the identifiers.
    labels: dict[str, str] = field(default_factory=dict)

    def label(self, key: str) -> str:
        """The cluster's human label (its key when it has none)."""
        return self.labels.get(key, key)

    splits: tuple[str, ...] = ()

    @property
    def cluster_keys(self) -> list[str]:
        """Final keys, sorted."""
        return self.clustered.cluster_keys

    def members(self, key: str) -> np.ndarray:
        """Positions (input order) of the pages of one final cluster."""
        c = self._index[key]
        return self._order[self._bounds[c] : self._bounds[c + 1]]

    def size(self, key: str) -> int:
        c = self._index[key]
        return int(self._bounds[c + 1] - self._bounds[c])

    def merged_from(self, key: str) -> list[str]:
        """The run's own keys that make up a final key (itself when unmerged)."""
        parts = sorted(k for k, v in self.key_map.items() if v == key)
        return parts or [key]

    def pair_similarities(self, key: str) -> np.ndarray:
        c = self._index[key]
        return self.pairs.similarities[self.pairs.pair_cluster == c]


def _split_run(run: ClusterRun, base_keys: list[str], split_keys: list[str]) -> ClusterRun:
    """The run with its clusters split: each (block, token set) item follows its pages.

    A split assigns pages by token set, so the pages of one item share a key.
    """
    keys = sorted(set(split_keys))
    index = {k: i for i, k in enumerate(keys)}
    page_cluster = np.fromiter((index[k] for k in split_keys), dtype=np.int64)
    item_cluster = np.empty(len(run.item_sig), dtype=np.int64)
    item_cluster[run.page_item] = page_cluster
    units_of = dict(zip(run.cluster_keys, run.cluster_units, strict=True))
    base_of = dict(zip(split_keys, base_keys, strict=True))
    return dataclasses.replace(
        run,
        item_cluster=item_cluster,
        cluster_keys=keys,
        cluster_units=[units_of.get(base_of[k], []) for k in keys],
    )


def _build_view(
    run: ClusterRun,
    base_keys: list[str],
    merges: tuple[Pair, ...],
    splits: tuple[ClusterSplit, ...] = (),
    flagged: list[ClusterSplit] | None = None,
    pages: PageIndex | None = None,
) -> PartitionView:
    """The view of one set of confirmed splits and merges.

    ``flagged``: the split suggestions of this very partition when already
    known (the run's own report, for the view without decisions).
    """
    split_keys = split_validated_clusters(base_keys, splits) if splits else base_keys
    explained = _split_run(run, base_keys, split_keys) if splits else run
    key_map = merge_key_map(merges)
    keys = [key_map.get(k, k) for k in split_keys] if key_map else list(split_keys)
    cc = clustered_corpus_from_corpus(run.corpus, keys)
    order = np.argsort(cc.page_cluster, kind="stable")
    bounds = np.searchsorted(cc.page_cluster[order], np.arange(len(cc.cluster_keys) + 1))
    if flagged is None:
        flagged = find_cluster_splits(cc)
    cohesion, _ = flag_suspicious(compute_cluster_cohesion(cc), flagged)
    view = PartitionView(
        merges=merges,
        keys=keys,
        key_map=key_map,
        clustered=cc,
        reasons=build_cluster_reasons(explained, key_map or None),
        cohesion={c.cluster_key: c for c in cohesion},
        pairs=cohesion_pair_similarities(cc),
        _order=order,
        _bounds=bounds,
        _index={k: i for i, k in enumerate(cc.cluster_keys)},
        splits=tuple(s.cluster_key for s in splits),
    )
    if pages is not None and len(pages) == len(keys):
        titles = pages.titles if len(pages.titles) == len(keys) else None
        view.labels = cluster_labels(
            {k: view.members(k) for k in cc.cluster_keys},
            pages.paths,
            pages.hosts,
            titles,
            {k: r["structuralCoreTokens"] for k, r in view.reasons.items()},
        )
    return view


@dataclass(eq=False)
class Analysis:
    """A finished run on one input, with its report and where each page came from.

    ``read_report`` is the reader's: pages read and records skipped by reason
    (a WARC's non-HTML responses and redirects, damaged records, unreadable
    files, and bad JSONL lines when skipping was asked for), with the messages
    of the damaged ones. ``input_size`` is the bytes read (a folder: its pages).
    """

    key: str
    content_hash: str
    source: CrawlSource
    source_identity: tuple[Any, ...]
    options: RunOptions
    run: ClusterRun
    pages: PageIndex
    read_report: ReadReport
    report: ClusterPartitionReport
    elapsed_seconds: float
    engine_version: str = __version__
    input_size: int = 0
    base_keys: list[str] = field(default_factory=list)
    _views: OrderedDict[Any, PartitionView] = field(default_factory=OrderedDict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _search: tuple[pd.Series, pd.Series] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if not self.base_keys:
            self.base_keys = self.run.page_keys

    @property
    def n_pages(self) -> int:
        return len(self.base_keys)

    @property
    def input_format(self) -> str:
        """The reader's name for the input: ``jsonl``, ``json``, ``warc`` or ``mirror``."""
        return self.pages.format

    @property
    def suggestions(self) -> list[CrossClusterDuplicate]:
        """The validator's merge suggestions on the run's own partition."""
        return self.report.cross_cluster_duplicates

    def offered_pairs(self) -> set[Pair]:
        """Every pair the validator suggests merging: duplicates and ranked suggestions."""
        return {
            normalize_pair(d.cluster_key_a, d.cluster_key_b)
            for d in (*self.suggestions, *self.report.merge_suggestions)
        }

    def applicable(self, pairs: Iterable[Pair]) -> tuple[Pair, ...]:
        """The pairs that are current suggestions (others are not applied)."""
        return tuple(sorted({normalize_pair(*p) for p in pairs} & self.offered_pairs()))

    def applicable_splits(self, keys: Iterable[str]) -> tuple[str, ...]:
        """The cluster keys that have a current split suggestion (others are not applied)."""
        offered = {s.cluster_key for s in self.report.split_suggestions}
        return tuple(sorted(set(keys) & offered))

    def view(self, merges: Iterable[Pair] = (), splits: Iterable[str] = ()) -> PartitionView:
        """The partition with the confirmed splits, then merges, applied (current suggestions)."""
        wanted_splits = self.applicable_splits(splits)
        wanted = self.applicable(merges)
        cache_key = (wanted, wanted_splits) if wanted_splits else wanted
        with self._lock:
            hit = self._views.get(cache_key)
            if hit is not None:
                self._views.move_to_end(cache_key)
                return hit
        chosen = tuple(s for s in self.report.split_suggestions if s.cluster_key in wanted_splits)
        own = self.report.split_suggestions if not (wanted or chosen) else None
        built = _build_view(self.run, self.base_keys, wanted, chosen, own, self.pages)
        with self._lock:
            self._views[cache_key] = built
            while len(self._views) > MAX_VIEWS:
                self._views.popitem(last=False)
        return built

    def search_columns(self) -> tuple[pd.Series, pd.Series]:
        """Lower-cased ids and URL paths of every page (built once, for page search)."""
        with self._lock:
            if self._search is None:
                index = self.pages
                ids = [str(index.label(i)).lower() for i in range(len(index))]
                paths = [index.path_text(i).lower() for i in range(len(index))]
                self._search = (pd.Series(ids, dtype="string"), pd.Series(paths, dtype="string"))
            return self._search

    def page(self, i: int) -> Page:
        """Page ``i`` read back from the input (its HTML is not kept in memory).

        A file must be unchanged since the analysis; for a folder, the page's own
        file (checking one file keeps a preview fast in a folder of many).
        """
        source = self.source
        if source.folder:
            file = self.pages.files[i]
            stamp = self.pages.stamps[i]
            if file is None or source.path is None or file_stamp(source.path / file) != stamp:
                raise LoadError(
                    source.label, f"{file} changed since it was analysed; analyse the folder again"
                )
            return fetch_page(source, self.pages, i)
        try:
            unchanged = source.identity() == self.source_identity
        except OSError as exc:
            raise LoadError(source.label, exc.strerror or str(exc)) from None
        if not unchanged:
            raise LoadError(
                source.label, "the file changed since it was analysed; analyse it again"
            )
        return fetch_page(source, self.pages, i)


def no_pages_message(report: ReadReport) -> str:
    """Why a crawl gave no page: what was skipped, and the first damage found.

    >>> from page_cluster.io.report import Skipped
    >>> r = ReadReport()
    >>> r.add_skip(Skipped("corrupt", "record 1", "bad gzip"))
    >>> no_pages_message(r)
    'no pages found; skipped 1 record (1 corrupt); first: record 1: corrupt (bad gzip); skipped'
    """
    text = "no pages found"
    summary = report.summary()
    if summary:
        text += f"; {summary}"
    if report.errors:
        text += f"; first: {report.errors[0].message}"
    return text


def analyse(
    source: CrawlSource,
    options: RunOptions = RunOptions(),
    *,
    digest: str | None = None,
    progress: RunProgress | None = None,
    n_jobs: int | None = None,
) -> Analysis:
    """Read, cluster and validate one crawl; raises :class:`LoadError` on bad input.

    ``n_jobs`` (scikit-learn's meaning, see :mod:`page_cluster.parallel.jobs`)
    parses a large crawl in worker processes; the result is the same.

    A crawl in which no page can be read is bad input too; the error says what
    was skipped and why.
    """
    size = source.size()
    progress = progress if progress is not None else RunProgress(size)
    identity = source.identity()
    if digest is None:
        digest = content_hash(source)
    start = time.monotonic()
    loaded = _load_pages(source, skip_invalid=options.skip_invalid, on_bytes=progress.bytes_read)
    run = run_clustering(
        loaded.pages,
        content_block_attribute=options.content_block_attribute,
        on_progress=progress.event,
        n_jobs=n_jobs,
    )
    if run.corpus.n_pages == 0:
        raise LoadError(source.label, no_pages_message(loaded.report))
    progress.step("Validating the partition")
    keys = run.page_keys
    report = validate_cluster_partition(clustered_corpus_from_corpus(run.corpus, keys))
    analysis = Analysis(
        key=analysis_key(digest, options),
        content_hash=digest,
        source=source,
        source_identity=identity,
        options=options,
        run=run,
        pages=loaded.index,
        read_report=loaded.report,
        report=report,
        elapsed_seconds=0.0,
        base_keys=keys,
        input_size=size,
    )
    progress.step("Explaining clusters")
    analysis.view(())
    analysis.elapsed_seconds = time.monotonic() - start
    progress.finish(f"{analysis.n_pages:,} pages in {len(set(keys)):,} clusters")
    return analysis
