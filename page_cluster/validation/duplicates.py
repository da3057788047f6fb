"""Cross-cluster duplicates: pages that look like one template but were split.

Two passes, neither comparing every page pair:

1. **Identical token sets.** Pages are already grouped by their exact token set
   (the deduplicated signature). A token set whose pages sit in two clusters is a
   partition error whatever the reason: similarity 1, no corroboration needed.
   Empty token sets carry no evidence and are skipped.
2. **Near-identical mirrors** (only with a :class:`MirrorAxis`). Pages on the axis
   are grouped by host, axis-normalised path shape and axis-normalised
   stylesheet set, i.e. into sets of mirror copies of one page; such a group is
   as small as the number of axis values. Within a group, pairs from different
   clusters whose token-set Jaccard similarity reaches
   ``corroborated_similarity_threshold`` are reported as corroborated by the
   axis. Both signals are required: a path shape alone recurs by coincidence,
   and a shared stylesheet alone does not imply one DOM template.

One entry per cluster pair, keeping the highest similarity found;
``corroboratedByMirrorAxis`` tells whether a pair at that similarity is a mirror
pair (same shapes under the axis).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..base.hrefs import normalize_href
from ..clustering.mirror_axis import AT_ROOT, MirrorAxis
from .data import ClusteredCorpus, PartitionInput, as_clustered_corpus
from .normalize import AXIS_PLACEHOLDER, normalize_href_by_mirror_axis
from .pairs import pair_jaccard, within_group_pairs

__all__ = [
    "DEFAULT_CORROBORATED_SIMILARITY",
    "CrossClusterDuplicate",
    "find_cross_cluster_duplicates",
    "mirror_groups",
]

#: Jaccard similarity a mirror pair below 1 must reach: the 80% floor used
#: throughout clustering for accepting a corroborated secondary signal.
DEFAULT_CORROBORATED_SIMILARITY = 0.8
#: A mirror group with more distinct (token set, cluster) entries than this is
#: not the handful of copies of one page (it is many pages sharing one URL
#: shape); it is skipped rather than compared pairwise.
MAX_MIRROR_GROUP = 256


@dataclass(frozen=True, slots=True)
class CrossClusterDuplicate:
    """Two clusters whose members are plausibly one template.

    ``cluster_key_a < cluster_key_b``; ``example_page_a`` / ``example_page_b``
    name one page pair reaching ``similarity`` (ids, or 0-based positions for
    pages without an id).
    """

    cluster_key_a: str
    cluster_key_b: str
    similarity: float
    corroborated_by_mirror_axis: bool
    example_page_a: Any = None
    example_page_b: Any = None

    @property
    def safe_to_merge(self) -> bool:
        """The automatic policy: identical token sets, or a corroborated mirror pair."""
        return self.similarity >= 1.0 or self.corroborated_by_mirror_axis

    def to_json(self) -> dict:
        return {
            "clusterKeyA": self.cluster_key_a,
            "clusterKeyB": self.cluster_key_b,
            "similarity": self.similarity,
            "corroboratedByMirrorAxis": self.corroborated_by_mirror_axis,
            "examplePageA": self.example_page_a,
            "examplePageB": self.example_page_b,
        }


def mirror_groups(cc: ClusteredCorpus, axis: MirrorAxis) -> np.ndarray:
    """Per page, the id of its set of mirror copies (-1 for pages off the axis).

    Mirror copies share host, axis-normalised path shape and axis-normalised
    stylesheet set (query strings and fragments ignored).
    """
    groups = np.full(cc.n_pages, -1, dtype=np.int64)
    index: dict[tuple, int] = {}
    href_shapes: dict[tuple[str, ...], tuple[str, ...]] = {}
    position, values = axis.position, axis.values
    for i, (paths, hrefs, host) in enumerate(
        zip(cc.paths, cc.stylesheet_hrefs, cc.hosts, strict=True)
    ):
        segs = axis.aligned(paths)
        if len(segs) <= position or (segs[position] not in values and segs[position] != AT_ROOT):
            continue
        # The axis-normalised path, as a tuple (same identity as the joined string).
        shape = (*segs[:position], AXIS_PLACEHOLDER, *segs[position + 1 :])
        href_shape = href_shapes.get(hrefs)
        if href_shape is None:
            href_shape = href_shapes[hrefs] = tuple(
                sorted({normalize_href_by_mirror_axis(normalize_href(h), axis) for h in hrefs})
            )
        groups[i] = index.setdefault((host, shape, href_shape), len(index))
    return groups


def _no_candidates() -> tuple[np.ndarray, ...]:
    e = np.empty(0, dtype=np.int64)
    return e, e, np.empty(0), np.empty(0, dtype=bool), e, e


def _exact_candidates(cc: ClusteredCorpus, mirror: np.ndarray | None) -> tuple[np.ndarray, ...]:
    sizes = np.diff(cc.matrix.indptr)
    pages = np.nonzero(sizes[cc.page_sig] > 0)[0] if cc.n_pages else np.empty(0, np.int64)
    if pages.size == 0:
        return _no_candidates()
    n_clusters = max(len(cc.cluster_keys), 1)
    sig = cc.page_sig[pages]
    clu = cc.page_cluster[pages]
    key = sig * n_clusters + clu
    uniq, first = np.unique(key, return_index=True)
    u_sig, u_clu = uniq // n_clusters, uniq % n_clusters
    u_page = pages[first]
    split_sigs, n_split = np.unique(u_sig, return_counts=True)
    split_sigs = split_sigs[n_split >= 2]
    if split_sigs.size == 0:
        return _no_candidates()
    # Cluster pairs holding mirror copies (same mirror group) with this token set.
    mirrored = np.empty(0, dtype=np.int64)
    if mirror is not None:
        on = mirror[pages] >= 0
        if on.any():
            triple = np.unique(np.stack([sig[on], mirror[pages][on], clu[on]]), axis=1)
            group = triple[0] * (int(mirror.max()) + 1) + triple[1]
            ga, gb = within_group_pairs(group)
            mirrored = np.unique(triple[2][ga] * n_clusters + triple[2][gb])
    # Cluster pairs sharing one token set (u_clu is sorted within each token set).
    keep = np.isin(u_sig, split_sigs)
    u_sig, u_clu, u_page = u_sig[keep], u_clu[keep], u_page[keep]
    a, b = within_group_pairs(u_sig)
    ca, cb = u_clu[a], u_clu[b]
    corr = np.isin(ca * n_clusters + cb, mirrored)
    return ca, cb, np.ones(len(ca)), corr, u_page[a], u_page[b]


def _mirror_candidates(
    cc: ClusteredCorpus, mirror: np.ndarray, threshold: float
) -> tuple[np.ndarray, ...]:
    sizes = np.diff(cc.matrix.indptr)
    pages = np.nonzero((mirror >= 0) & (sizes[cc.page_sig] > 0))[0]
    if pages.size < 2:
        return _no_candidates()
    n_sig = max(cc.matrix.shape[0], 1)
    n_clu = max(len(cc.cluster_keys), 1)
    grp = mirror[pages]
    # Distinct (group, token set, cluster) entries, each with its first page.
    key = (grp * n_sig + cc.page_sig[pages]) * n_clu + cc.page_cluster[pages]
    uniq, first = np.unique(key, return_index=True)
    e_clu = uniq % n_clu
    e_sig = (uniq // n_clu) % n_sig
    e_grp = uniq // n_clu // n_sig
    e_page = pages[first]
    # Keep groups spanning at least two clusters and small enough to be mirror copies.
    g_clu = np.unique(np.stack([e_grp, e_clu]), axis=1)[0]
    g_ids, g_nclu = np.unique(g_clu, return_counts=True)
    _, g_size = np.unique(e_grp, return_counts=True)
    size_of = dict(zip(np.unique(e_grp).tolist(), g_size.tolist(), strict=True))
    wanted = {
        g
        for g, k in zip(g_ids.tolist(), g_nclu.tolist(), strict=True)
        if k >= 2 and size_of[g] <= MAX_MIRROR_GROUP
    }
    if not wanted:
        return _no_candidates()
    keep = np.isin(e_grp, np.fromiter(wanted, dtype=np.int64))
    e_grp, e_sig, e_clu, e_page = e_grp[keep], e_sig[keep], e_clu[keep], e_page[keep]
    a, b = within_group_pairs(e_grp)
    ok = (e_clu[a] != e_clu[b]) & (e_sig[a] != e_sig[b])
    a, b = a[ok], b[ok]
    if a.size == 0:
        return _no_candidates()
    sim = pair_jaccard(cc.matrix, e_sig[a], e_sig[b])
    hit = sim >= threshold
    ca, cb = e_clu[a][hit], e_clu[b][hit]
    pa, pb = e_page[a][hit], e_page[b][hit]
    swap = ca > cb
    ca, cb = np.where(swap, cb, ca), np.where(swap, ca, cb)
    pa, pb = np.where(swap, pb, pa), np.where(swap, pa, pb)
    return ca, cb, sim[hit], np.ones(len(ca), dtype=bool), pa, pb


def _best_per_cluster_pair(
    parts: Sequence[tuple[np.ndarray, ...]],
) -> list[tuple[int, int, float, bool, int, int]]:
    """Highest similarity per cluster pair; at equal similarity, corroborated first.

    ``parts`` hold column arrays ``(ca, cb, sim, corroborated, page_a, page_b)``
    with ``ca < cb``; selection is one lexsort, not a loop over page pairs.
    """
    parts = [p for p in parts if len(p[0])]
    if not parts:
        return []
    ca, cb, sim, corr, pa, pb = (np.concatenate(col) for col in zip(*parts, strict=True))
    order = np.lexsort((pb, pa, ~corr.astype(bool), -sim, cb, ca))
    ca, cb, sim, corr, pa, pb = (x[order] for x in (ca, cb, sim, corr, pa, pb))
    first = np.r_[True, (ca[1:] != ca[:-1]) | (cb[1:] != cb[:-1])]
    return list(
        zip(
            ca[first].tolist(),
            cb[first].tolist(),
            sim[first].tolist(),
            corr[first].astype(bool).tolist(),
            pa[first].tolist(),
            pb[first].tolist(),
            strict=True,
        )
    )


def find_cross_cluster_duplicates(
    pages: PartitionInput,
    *,
    mirror_axis: MirrorAxis | None = None,
    corroborated_similarity_threshold: float = DEFAULT_CORROBORATED_SIMILARITY,
) -> list[CrossClusterDuplicate]:
    """Cluster pairs holding identical pages, or mirror copies that nearly agree.

    ``pages`` is a :class:`~page_cluster.validation.data.ClusteredCorpus` or
    records ``{clusterKey, tokens, paths, stylesheetHrefs[, host, id]}``. Without
    ``mirror_axis`` only identical token sets are found and no pair is
    corroborated. Sorted by ``(clusterKeyA, clusterKeyB)``.

    >>> dups = find_cross_cluster_duplicates([
    ...     {"clusterKey": "a", "tokens": ["body>p"]},
    ...     {"clusterKey": "b", "tokens": ["body>p"]},
    ...     {"clusterKey": "c", "tokens": ["body>ul"]},
    ... ])
    >>> [(d.cluster_key_a, d.cluster_key_b, d.similarity) for d in dups]
    [('a', 'b', 1.0)]
    """
    cc = as_clustered_corpus(pages)
    mirror = mirror_groups(cc, mirror_axis) if mirror_axis is not None else None
    candidates = [_exact_candidates(cc, mirror)]
    if mirror is not None:
        candidates.append(_mirror_candidates(cc, mirror, corroborated_similarity_threshold))
    keys = cc.cluster_keys
    return [
        CrossClusterDuplicate(
            cluster_key_a=keys[ca],
            cluster_key_b=keys[cb],
            similarity=float(sim),
            corroborated_by_mirror_axis=bool(corr),
            example_page_a=cc.page_label(pa),
            example_page_b=cc.page_label(pb),
        )
        for ca, cb, sim, corr, pa, pb in _best_per_cluster_pair(candidates)
    ]
