"""Main content of every page, using its same-template siblings when it has any.

For each cluster: every page is parsed once and cut into blocks
(:mod:`~page_cluster.content.blocks`), its blocks are described
(:mod:`~page_cluster.content.features`), the cluster's pages are compared with
each other (:mod:`~page_cluster.content.noise`), and every block is classified
(:mod:`~page_cluster.content.classify`). The main text is then read top-down: a
block whose probability of holding main content is below the threshold is
dropped with its subtree; everything else is kept, so text repeated *inside* the
main region (section headings, "inherited members" lists) stays. A page alone in
its cluster is read by the per-page reader (:mod:`~page_cluster.content.per_page`:
trafilatura when installed, else the own rules of
:mod:`~page_cluster.content.single_page`); :attr:`PageContent.extractor` says
which reader produced a page's text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..base.model import Page, PageId, coerce_page
from ..parsing.segments import landmark_kind
from .blocks import DEFAULT_BLOCK_TAGS, PageBlocks, segment_html
from .classify import BLOCK_CLASSES, ModelSet, load_models
from .features import BlockStats, block_stats, content_scores, page_features, tree_down
from .importance import IMPORTANCE_LEVELS, importance_levels
from .noise import DEFAULT_MIN_SCORE, REFERENCES_PER_SLOT, cluster_noise
from .per_page import OWN, TEMPLATE, TRAFILATURA, project_text, resolve_per_page, trafilatura_text
from .single_page import single_page_keep

__all__ = [
    "DEFAULT_THRESHOLD",
    "ExtractOptions",
    "PageContent",
    "analyze_cluster",
    "extract_main_content",
    "group_by_cluster",
]

#: Minimum probability of holding main content for a block to be kept.
DEFAULT_THRESHOLD = 0.5


@dataclass(frozen=True, slots=True)
class ExtractOptions:
    """Knobs of the extraction (defaults are the measured ones)."""

    block_tags: frozenset[str] = DEFAULT_BLOCK_TAGS
    min_score: float = DEFAULT_MIN_SCORE
    threshold: float = DEFAULT_THRESHOLD
    refs_per_slot: int = REFERENCES_PER_SLOT
    models: ModelSet | None = None
    #: Annotation attribute to record per text run (e.g. ``quark`` for evaluation).
    label_attribute: str | None = None
    #: Reader of pages without siblings: ``auto`` (trafilatura when installed,
    #: else the own rules), ``trafilatura`` or ``single-page`` (the own rules).
    per_page: str = "auto"


@dataclass(slots=True)
class PageContent:
    """What the extraction found on one page.

    Per block (index as in :attr:`blocks`): ``proba`` (content, rel_link, noise),
    ``kept`` (inside the main content), ``classes`` (index into
    :data:`~page_cluster.content.classify.BLOCK_CLASSES`), ``importance`` (the
    regression score), ``levels`` (0 main, 1 secondary, 2 junk; -1 for blocks
    without text of their own), ``max_cosine`` and ``noise_share`` (the noise
    reducer's figures; zero without siblings). ``extractor`` names the reader
    that produced :attr:`main_text` (one of
    :data:`~page_cluster.content.per_page.EXTRACTORS`).
    """

    blocks: PageBlocks
    stats: BlockStats
    proba: np.ndarray
    kept: np.ndarray
    classes: np.ndarray
    importance: np.ndarray
    max_cosine: np.ndarray
    noise_share: np.ndarray
    siblings: int
    main_text: str = ""
    page_id: PageId = None
    extractor: str = TEMPLATE
    _levels: np.ndarray | None = None

    @property
    def levels(self) -> np.ndarray:
        """Importance level per block (0 main, 1 secondary, 2 junk; -1 without own
        text): fuzzy c-means of the page's importance scores, computed on first use."""
        if self._levels is None:
            st = self.stats
            levels = np.full(len(self.blocks), -1, dtype=np.int64)
            own = st.own[:, 0] > 0
            if own.any():
                levels[own] = importance_levels(
                    self.importance[own], weights=np.log1p(st.own[own, 0])
                )
            self._levels = levels
        return self._levels

    def kept_runs(self) -> np.ndarray:
        """Mask over the page's text runs: ``True`` for main-content text."""
        pb = self.blocks
        if not pb.runs:
            return np.zeros(0, dtype=bool)
        mask = self.kept[pb.run_block]
        return mask & ~pb.run_unseen if pb.run_unseen is not None else mask

    def block_records(self) -> list[dict[str, Any]]:
        """The blocks holding text of their own, as JSON-ready records."""
        pb, st = self.blocks, self.stats
        out: list[dict[str, Any]] = []
        for b in np.flatnonzero(st.own[:, 0] > 0).tolist():
            start, end = pb.offsets(b)
            out.append(
                {
                    "path": pb.paths[b],
                    "start": start,
                    "end": end,
                    "class": BLOCK_CLASSES[int(self.classes[b])],
                    "main": bool(self.kept[b]),
                    "level": IMPORTANCE_LEVELS[int(self.levels[b])]
                    if self.levels[b] >= 0
                    else None,
                    "noise": round(float(self.noise_share[b]), 3),
                }
            )
        return out


def _top_down_keep(
    pb: PageBlocks, st: BlockStats, p_content: np.ndarray, threshold: float
) -> np.ndarray:
    """Keep a block unless it (or an ancestor) holds text unlikely to be content."""
    drop = (st.sub[:, 0] > 0) & (p_content < threshold)
    drop[0] = False
    return ~tree_down(pb, drop)


#: Page chrome (landmarks outside ``main``) whose text all copies sibling pages.
CHROME_KINDS = frozenset({"header", "footer", "nav", "aside"})


def _repeated_chrome(pb: PageBlocks, noise_share: np.ndarray) -> np.ndarray:
    """Blocks in a header, footer, navigation or aside outside ``main`` whose whole
    text is the noise reducer's noise (copied on other pages of the cluster).

    The classifier learnt from documentation sites, where text repeated across
    pages is often content; inside the page's chrome, repeated text is the
    template whatever its shape (a logo and a search box are two short words).
    """
    out = np.zeros(len(pb), dtype=bool)
    kinds: dict[str, bool] = {}
    for b, path in enumerate(pb.paths):
        if noise_share[b] < 1.0 - 1e-9:
            continue
        chrome = kinds.get(path)
        if chrome is None:
            chrome = False
            for seg in path.split(">")[1:]:
                kind = landmark_kind(seg)
                if kind == "main":
                    break
                if kind in CHROME_KINDS:
                    chrome = True
                    break
            kinds[path] = chrome
        out[b] = chrome
    return out


def _heading_of_main(
    pb: PageBlocks,
    st: BlockStats,
    kept: np.ndarray,
    p_content: np.ndarray,
    noise_share: np.ndarray,
    threshold: float,
) -> np.ndarray:
    """``kept`` plus the heading that a dropped region took away from the main text.

    Top-down reading drops a whole region when the trees rate it low. On API
    reference pages the page's heading ("X Class Reference", "Member List") shares
    its region with a link list (the member summary), so it went with it. The
    nearest block before the first kept text that the trees themselves rate as
    content is kept when it is this page's own text (not a copy from siblings) and
    lies in the same region as the main text (their nearest common block is not
    the body).
    """
    own = st.own[:, 0] > 0
    first = np.flatnonzero(own & kept)
    if not len(first):
        return kept
    f = int(first[0])
    for b in range(f - 1, 0, -1):
        if not own[b] or p_content[b] < threshold:
            continue
        if noise_share[b] >= 1.0 - 1e-9:
            return kept
        above_f = set()
        a = f
        while a >= 0:
            above_f.add(a)
            a = int(pb.parent[a])
        a = b
        while a not in above_f:
            a = int(pb.parent[a])
        if a == 0:
            return kept
        out = kept.copy()
        out[b] = True
        return out
    return kept


def _rule_proba(st: BlockStats, kept: np.ndarray) -> np.ndarray:
    """Class probabilities of the per-page path: its verdict, and for dropped
    blocks related links when most of their text is link text (Quark's rule)."""
    link_share = st.sub[:, 1] / np.maximum(st.sub[:, 0], 1)
    proba = np.zeros((len(kept), 3))
    proba[:, 0] = kept
    proba[:, 1] = ~kept & (link_share >= 0.5)
    proba[:, 2] = ~kept & (link_share < 0.5)
    return proba


def _block_classes(pb: PageBlocks, kept: np.ndarray, proba: np.ndarray) -> np.ndarray:
    """Kept blocks are content; a dropped subtree takes the class (related links
    or noise) of the block where it was dropped."""
    n = len(pb)
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    classes = np.where(kept, 0, np.where(proba[:, 1] >= proba[:, 2], 1, 2)).astype(np.int64)
    inherit = ~kept
    inherit[0] = False
    inherit[1:] &= ~kept[pb.parent[1:]]
    if inherit.any():
        # Shallowest first, so a dropped root's class flows all the way down.
        for b in np.flatnonzero(inherit)[np.argsort(pb.depth[inherit], kind="stable")].tolist():
            classes[b] = classes[pb.parent[b]]
    return classes


def _main_text(pb: PageBlocks, kept: np.ndarray) -> str:
    if not pb.runs:
        return ""
    mask = kept[pb.run_block]
    if pb.run_unseen is not None:
        mask = mask & ~pb.run_unseen
    return " ".join("".join(r for r, k in zip(pb.runs, mask.tolist(), strict=True) if k).split())


def _fallback_keep(pb: PageBlocks, st: BlockStats) -> np.ndarray:
    """When nothing survives: the subtree with the best content score, else all."""
    n = len(pb)
    scores = content_scores(pb, st)
    if n == 0 or scores.max() <= 0:
        return np.ones(n, dtype=bool)
    top = np.zeros(n, dtype=bool)
    top[int(np.argmax(scores))] = True
    return tree_down(pb, top)


def analyze_cluster(
    pages: Sequence[tuple[PageBlocks, BlockStats]],
    options: ExtractOptions | None = None,
    *,
    alone_text: str | None = None,
) -> list[PageContent]:
    """Classify the blocks of one cluster's pages and read their main content.

    With two or more pages the cluster model (page and cross-page features) is
    used. A page alone takes ``alone_text`` (another reader's main text, see
    :func:`read_cluster`) when given, mapped onto its blocks; else the own
    per-page rules.
    """
    opts = options or ExtractOptions()
    models = opts.models or load_models()
    m = len(pages)
    if m >= 2:
        noise = cluster_noise(pages, min_score=opts.min_score, refs_per_slot=opts.refs_per_slot)
        model = models.cluster
    else:
        noise = None
        model = models.page
    feats = []
    for i, (pb, st) in enumerate(pages):
        x = page_features(pb, st)
        feats.append(np.hstack([x, noise.features[i]]) if noise is not None else x)
    # One prediction for the whole cluster (the trees are walked once per level).
    sizes = [len(pb) for pb, _ in pages]
    stacked = np.vstack(feats) if feats else np.zeros((0, len(model.features)))
    all_proba = model.predict_proba(stacked) if len(stacked) else np.zeros((0, len(BLOCK_CLASSES)))
    all_imp = model.importance(stacked) if len(stacked) else np.zeros(0)
    cuts = np.cumsum(sizes)[:-1]
    out: list[PageContent] = []
    for i, ((pb, st), proba, imp) in enumerate(
        zip(pages, np.split(all_proba, cuts), np.split(all_imp, cuts), strict=True)
    ):
        n = len(pb)
        if noise is not None:
            max_cos, n_share = noise.max_cosine[i], noise.noise_share[i]
            kept = _top_down_keep(pb, st, proba[:, 0], opts.threshold) if n else np.zeros(0, bool)
            if n:
                kept &= ~tree_down(pb, _repeated_chrome(pb, n_share))
                kept = _heading_of_main(pb, st, kept, proba[:, 0], n_share, opts.threshold)
        else:
            max_cos = np.zeros(n)
            n_share = np.zeros(n)
            if alone_text:
                kept = project_text(pb, alone_text)
            else:
                kept = single_page_keep(pb, st, pb.title)
            proba = _rule_proba(st, kept) if n else proba
        extractor = TEMPLATE if noise is not None else (TRAFILATURA if alone_text else OWN)
        text = alone_text if noise is None and alone_text else _main_text(pb, kept)
        if not text and pb.runs:
            kept = _fallback_keep(pb, st)
            text = _main_text(pb, kept)
        classes = _block_classes(pb, kept, proba)
        out.append(
            PageContent(
                blocks=pb,
                stats=st,
                proba=proba,
                kept=kept,
                classes=classes.astype(np.int64),
                importance=imp,
                max_cosine=max_cos,
                noise_share=n_share,
                siblings=m - 1,
                main_text=text,
                extractor=extractor,
            )
        )
        pb.tree_matrix = None  # a cache for this analysis only: free it
    return out


def group_by_cluster(keys: Sequence[Any]) -> list[list[int]]:
    """Indices of equal keys, groups in order of first appearance.

    >>> group_by_cluster(["a", "b", "a", None])
    [[0, 2], [1], [3]]
    """
    groups: dict[Any, list[int]] = {}
    for i, k in enumerate(keys):
        groups.setdefault(("solo", i) if k is None else k, []).append(i)
    return list(groups.values())


def extract_main_content(
    pages: Iterable[Page | Mapping[str, Any]],
    *,
    cluster_keys: Sequence[Any] | None = None,
    options: ExtractOptions | None = None,
    on_cluster: Callable[[int, int], None] | None = None,
    n_jobs: int | None = None,
) -> list[PageContent]:
    """Main content of every page, in input order.

    ``cluster_keys`` gives each page's cluster (same key = same template; ``None``
    = alone); without it the pages are clustered with
    :func:`~page_cluster.resolve_page_cluster_keys`. Each page's HTML is parsed
    once here and dropped after segmentation. ``on_cluster(done, total)`` reports
    progress per cluster. ``n_jobs`` (scikit-learn's meaning: ``None`` one
    process, ``-1`` all cores) reads clusters in worker processes (and clusters
    the pages with as many; a cluster too large for one worker is segmented
    by all of them, see :func:`_plan_tasks`); every cluster is read on its
    own, so the result is the same for any number of jobs.

    >>> pages = [{"id": i, "html": "<div class=nav><a href=/>Home</a> | <a href=/a>About</a>"
    ...           f"</div><article><h1>Post {i}</h1><p>{w} is a word, and a long "
    ...           "sentence follows it, with commas, for the reader.</p></article>"}
    ...          for i, w in enumerate(["Apple", "Pear", "Plum"])]
    >>> [c.main_text for c in extract_main_content(pages, cluster_keys=[1, 1, 1])][0]
    'Post 0 Apple is a word, and a long sentence follows it, with commas, for the reader.'
    """
    from ..parallel.jobs import effective_jobs

    jobs = effective_jobs(n_jobs)
    opts = options or ExtractOptions()
    records = [coerce_page(p) for p in pages]
    if cluster_keys is None:
        from ..api.resolve import resolve_page_cluster_keys

        cluster_keys = resolve_page_cluster_keys(records, n_jobs=jobs)
    if len(cluster_keys) != len(records):
        raise ValueError(f"{len(cluster_keys)} cluster keys for {len(records)} pages")
    results: list[PageContent | None] = [None] * len(records)
    groups = group_by_cluster(cluster_keys)
    if jobs > 1 and len(records) >= MIN_PARALLEL_PAGES:
        outcomes = _read_groups_in_workers(records, groups, opts, jobs)
    else:
        outcomes = ((g, read_cluster([records[i].html for i in g], opts)) for g in groups)
    for done, (group, contents) in enumerate(outcomes, start=1):
        for i, content in zip(group, contents, strict=True):
            content.page_id = records[i].id
            results[i] = content
        if on_cluster is not None:
            on_cluster(done, len(groups))
    return [r for r in results if r is not None]


#: Fewer pages than this are read in the calling process (no start-up cost).
MIN_PARALLEL_PAGES = 64


def read_cluster(htmls: Sequence[str | bytes], opts: ExtractOptions) -> list[PageContent]:
    """The pages of one cluster (HTML in cluster order), read together; a page
    alone by the per-page reader that ``opts.per_page`` names."""
    alone = len(htmls) == 1
    alone_text = None
    if alone and resolve_per_page(opts.per_page) == TRAFILATURA:
        alone_text = trafilatura_text(htmls[0])
    return analyze_cluster(segment_pages(htmls, opts, alone=alone), opts, alone_text=alone_text)


def segment_pages(
    htmls: Sequence[str | bytes], opts: ExtractOptions, *, alone: bool = False
) -> list[tuple[PageBlocks, BlockStats]]:
    """Each page's blocks and their statistics: the per-page half of reading a
    cluster, which any share of its pages can do on its own."""
    segmented = []
    for html in htmls:
        # A page read on its own leaves out text a reader does not see (hidden
        # elements, form controls), as readability-style extractors do.
        pb = segment_html(
            html, opts.block_tags, label_attribute=opts.label_attribute, mark_unseen=alone
        )
        segmented.append((pb, block_stats(pb)))
    return segmented


_worker_options: ExtractOptions | None = None


def _init_worker(opts: ExtractOptions) -> None:
    global _worker_options
    _worker_options = opts


def _read_in_worker(task: tuple[str, list[str | bytes]]) -> list:
    """A whole cluster read (``read``), or a share of a large one segmented."""
    assert _worker_options is not None
    kind, htmls = task
    if kind == READ:
        return read_cluster(htmls, _worker_options)
    return segment_pages(htmls, _worker_options)


READ, SEGMENT = "read", "segment"
#: Fewest pages in one share of a large cluster: a share is one message each
#: way, and smaller ones would cost more in messages than they balance.
MIN_SHARE_PAGES = 16


def _plan_tasks(groups: list[list[int]], jobs: int) -> list[tuple[int, str, int, int]]:
    """``(group, kind, first, end)`` for every task, largest clusters first.

    A cluster holding more than a worker's fair share of all pages would keep
    one worker busy while the others idle: its pages are segmented in shares
    by every worker, and the cluster is then analysed as a whole here. Other
    clusters are read whole by one worker.

    >>> _plan_tasks([[0], list(range(1, 100)), [100, 101]], jobs=2)[:3]
    [(1, 'segment', 0, 16), (1, 'segment', 16, 32), (1, 'segment', 32, 48)]
    >>> [t for t in _plan_tasks([[0], list(range(1, 100)), [100, 101]], jobs=2) if t[1] == "read"]
    [(2, 'read', 0, 2), (0, 'read', 0, 1)]
    """
    total = sum(len(g) for g in groups)
    tasks: list[tuple[int, str, int, int]] = []
    for g in sorted(range(len(groups)), key=lambda g: (-len(groups[g]), g)):
        size = len(groups[g])
        if size > total / jobs and size >= 2 * MIN_SHARE_PAGES:
            share = max(MIN_SHARE_PAGES, -(-size // (4 * jobs)))
            tasks.extend((g, SEGMENT, a, min(a + share, size)) for a in range(0, size, share))
        else:
            tasks.append((g, READ, 0, size))
    return tasks


def _read_groups_in_workers(
    records: Sequence[Page], groups: list[list[int]], opts: ExtractOptions, jobs: int
) -> Iterator[tuple[list[int], list[PageContent]]]:
    """``(group, contents)`` as workers finish them (:func:`_plan_tasks`).

    At most two tasks per worker are in flight, so the copies of the HTML on
    their way stay bounded. A large cluster's segmented shares are gathered and
    analysed here as soon as the last one arrives; the result is the one
    :func:`read_cluster` gives, since segmenting is per page.
    """
    from ..parallel.executor import bounded_map

    tasks = _plan_tasks(groups, jobs)
    shares_left = Counter(g for g, kind, _, _ in tasks if kind == SEGMENT)
    shares: dict[int, dict[int, list]] = {g: {} for g in shares_left}
    payloads = (
        ((g, kind, a), (kind, [records[i].html for i in groups[g][a:b]])) for g, kind, a, b in tasks
    )
    for (g, kind, a), out in bounded_map(
        _read_in_worker,
        payloads,
        jobs=jobs,
        in_flight=2 * jobs,
        ordered=False,
        initializer=_init_worker,
        initargs=(opts,),
    ):
        if kind == READ:
            yield groups[g], out
            continue
        shares[g][a] = out
        shares_left[g] -= 1
        if shares_left[g] == 0:
            parts = shares.pop(g)
            segmented = [page for start in sorted(parts) for page in parts[start]]
            yield groups[g], analyze_cluster(segmented, opts)
