"""From a corpus of signatures to one cluster key per page.

Pass 0 blocks pages by their signals, the host's template tokens are found from
site-level evidence, Stage A clusters each block, Stage B merges across blocks.
Everything here works on the deduplicated signature matrix; no HTML is involved.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..base.progress import ProgressCallback, ProgressEvent
from ..signatures.binary_rows import BinaryRows, group_sums
from ..signatures.corpus import Corpus, TokenInfo
from .blocking import BlockingResult, resolve_block_keys
from .class_families import generalize_corpus
from .routes import route_patterns
from .slots import generalize_slots
from .stage_a import cluster_block
from .stage_b import agglomerate_units
from .template_tokens import TemplateTokenModel, self_named_tokens, template_token_mask

if TYPE_CHECKING:
    from .params import ClusterParams

__all__ = ["ClusterRun", "cluster_corpus", "format_cluster_key"]

#: Above this many pages the reference samples and reports ``pass1b:``; the
#: phase token is kept for log compatibility.
COMPAT_PASS1B_PAGES = 20_000

#: Stage B holds a points x points matrix; beyond this many distinct units it
#: merges within each block first (about 130 MB at this size).
STAGE_B_DENSE_MAX = 4000

#: Stage A leaves out tokens on at least this share of a host's pages.
UNIVERSAL_SHARE = 1.01

#: Landmark codes (see ``corpus.LANDMARK_CODES``) whose variants are site chrome:
#: header, footer, nav, aside.
CHROME_LANDMARKS = np.array([0, 1, 2, 3])


def format_cluster_key(block_key: str, index: int) -> str:
    """The reference's key format: a JSON array string.

    >>> format_cluster_key("path:news", 0)
    '["path:news","cluster:0"]'
    """
    return json.dumps([block_key, f"cluster:{index}"], separators=(",", ":"), ensure_ascii=False)


@dataclass(slots=True)
class ClusterRun:
    """Everything a run computed, for keys, explanations and validation.

    Items are the distinct (block, signature) pairs; ``item_count`` pages each.
    """

    corpus: Corpus
    blocking: BlockingResult
    block_names: list[str]
    page_item: np.ndarray
    item_block: np.ndarray
    item_sig: np.ndarray
    item_count: np.ndarray
    item_cluster: np.ndarray
    cluster_keys: list[str]
    cluster_units: list[list[str]]  # Stage-A unit keys merged into each cluster
    host_of_block: list[str]
    host_models: dict[str, TemplateTokenModel]
    host_weights: dict[str, np.ndarray]

    @property
    def page_keys(self) -> list[str]:
        keys = self.cluster_keys
        return [keys[c] for c in self.item_cluster[self.page_item]]


def _host_label(host: str | None) -> str:
    return host or ""


def cluster_corpus(
    corpus: Corpus,
    on_progress: ProgressCallback | None = None,
    params: ClusterParams | None = None,
) -> ClusterRun:
    """Cluster a parsed corpus (deterministic, independent of page order).

    ``params`` holds every threshold (default: :class:`~.params.ClusterParams()`).
    """
    from .params import ClusterParams

    p = params if params is not None else ClusterParams()
    emit = on_progress or (lambda _e: None)
    corpus = generalize_slots(generalize_corpus(corpus, min_values=p.family_values), params=p)
    n = corpus.n_pages
    signals = corpus.signals
    blocking = resolve_block_keys(
        [s.paths for s in signals], [s.stylesheet_hrefs for s in signals], [s.host for s in signals]
    )
    emit(ProgressEvent("pass0-signals", pages_seen=n))
    block_names = sorted(set(blocking.keys))
    block_index = {b: i for i, b in enumerate(block_names)}
    page_block = np.asarray([block_index[k] for k in blocking.keys], dtype=np.int64)
    host_of_block_map: dict[int, str] = {}
    for i, b in enumerate(page_block.tolist()):
        host_of_block_map.setdefault(b, _host_label(signals[i].host))
    host_of_block = [host_of_block_map[b] for b in range(len(block_names))]

    # Items: distinct (block, signature, route) triples.
    page_route = _page_routes(signals, p)
    n_sigs = max(corpus.n_signatures, 1)
    n_routes = int(page_route.max()) + 1 if n else 1
    pair = (page_block * n_sigs + corpus.page_sig.astype(np.int64)) * n_routes + page_route
    uniq, page_item, item_count = np.unique(pair, return_inverse=True, return_counts=True)
    item_route = uniq % n_routes
    item_block = (uniq // n_routes) // n_sigs
    item_sig = (uniq // n_routes) % n_sigs

    # Site-level template tokens, per host.
    matrix = corpus.rows
    info = corpus.info
    marked = self_named_tokens(corpus.tokens, info)
    chrome = site_chrome(corpus.tokens, info)
    item_host = np.asarray([host_of_block[b] for b in item_block.tolist()], dtype=object)
    host_models: dict[str, TemplateTokenModel] = {}
    host_weights: dict[str, np.ndarray] = {}
    for host in sorted(set(item_host.tolist())):
        host_items = np.nonzero(item_host == host)[0]
        sigs, inverse = np.unique(item_sig[host_items], return_inverse=True)
        counts = np.bincount(inverse, weights=item_count[host_items]).astype(np.float64)
        model = template_token_mask(
            matrix.take(sigs), info.parent, info.depth, info.is_attr, counts, marked, params=p
        )
        host_models[host] = model
        # Stage A compares what tells pages apart: not the site chrome, and not
        # what nearly every page of the host has (on a site with a large
        # sidebar those would make two templates look 95% alike).
        common = model.support >= p.universal_share * counts.sum()
        host_weights[host] = (model.keep & ~chrome & ~common).astype(np.float64)

    # Stage A per block: tight units.
    unit_items: list[np.ndarray] = []
    unit_keys: list[str] = []
    unit_host: list[str] = []
    unit_block: list[int] = []
    total_blocks = len(block_names)
    for b in range(total_blocks):
        items = np.nonzero(item_block == b)[0]
        weights = host_weights[host_of_block[b]]
        result = cluster_block(
            matrix, item_sig[items], item_count[items], weights, max_distance=p.unit_distance
        )
        if result.path != "exact":
            emit(
                ProgressEvent(
                    "note",
                    message=f"pass1: block {b + 1}: {len(items)} signatures, "
                    f"{result.path} near-duplicate path",
                )
            )
        for label in range(int(result.labels.max()) + 1):
            unit_items.append(items[result.labels == label])
            unit_keys.append(format_cluster_key(block_names[b], label))
            unit_host.append(host_of_block[b])
            unit_block.append(b)
        emit(
            ProgressEvent("pass1-block-complete", blocks_processed=b + 1, total_blocks=total_blocks)
        )

    # Stage B across blocks, per host.
    emit(ProgressEvent("stage-b-start", unit_count=len(unit_items)))
    item_cluster = np.empty(len(uniq), dtype=np.int64)
    cluster_keys: list[str] = []
    cluster_units: list[list[str]] = []
    for host in sorted(host_weights):
        idx = [i for i, h in enumerate(unit_host) if h == host]
        model = host_models[host]
        groups = _merge_host_units(
            matrix,
            corpus.tokens,
            info,
            model.keep,
            model.weak,
            model.heads,
            model.support,
            [unit_items[i] for i in idx],
            item_sig,
            item_count,
            item_route,
            np.asarray([unit_block[i] for i in idx], dtype=np.int64),
            on_note=lambda text: emit(ProgressEvent("note", message=text)),
            params=p,
        )
        for grp in groups:
            members = [idx[g] for g in grp]
            # The cluster keeps the key of its largest unit (ties: smallest key).
            key = min((-int(item_count[unit_items[m]].sum()), unit_keys[m]) for m in members)[1]
            cid = len(cluster_keys)
            cluster_keys.append(key)
            cluster_units.append(sorted(unit_keys[m] for m in members))
            for m in members:
                item_cluster[unit_items[m]] = cid
    if n > COMPAT_PASS1B_PAGES:
        # Large corpora: keep the reference's ``pass1b:`` phase visible. Nothing
        # is sampled here; every page is already in its cluster.
        emit(ProgressEvent("pass1b-assign", pages_assigned=n, pages_to_assign=n))
    return ClusterRun(
        corpus=corpus,
        blocking=blocking,
        block_names=block_names,
        page_item=page_item,
        item_block=item_block,
        item_sig=item_sig,
        item_count=item_count,
        item_cluster=item_cluster,
        cluster_keys=cluster_keys,
        cluster_units=cluster_units,
        host_of_block=host_of_block,
        host_models=host_models,
        host_weights=host_weights,
    )


def _page_routes(signals: list, params: ClusterParams) -> np.ndarray:
    """A route id per page (see :mod:`.routes`), patterns computed per host with
    the host's mirror axis (language directories) blanked."""
    from .mirror_axis import detect_mirror_axis

    out = np.zeros(len(signals), dtype=np.int64)
    by_host: dict[str, list[int]] = {}
    for i, s in enumerate(signals):
        by_host.setdefault(_host_label(s.host), []).append(i)
    ids: dict[tuple[str, str], int] = {}
    for host in sorted(by_host):
        pages = by_host[host]
        paths = [signals[i].paths for i in pages]
        axis = detect_mirror_axis(
            paths,
            min_skeleton_count=params.mirror_min_skeleton_count,
            max_position=params.mirror_max_position,
        )
        patterns = route_patterns(
            paths,
            axis.position if axis is not None else None,
            min_pages=params.literal_min_pages,
            min_share=params.literal_min_share,
        )
        for i, pat in zip(pages, patterns, strict=True):
            out[i] = ids.setdefault((host, pat), len(ids))
    return out


def site_chrome(tokens: list[str], info: TokenInfo) -> np.ndarray:
    """Tokens inside the site's own header, footer, navigation or sidebars.

    A landmark is site chrome when it sits outside ``<main>`` and outside any
    article or section: the header of a blog post or a listing's pagination
    ``<nav>`` belongs to a template, the site header does not.

    >>> from page_cluster.signatures.corpus import token_info
    >>> toks = ["body>header", "body>header>nav", "body>section", "body>section>article",
    ...         "body>section>article>header", "body>section>nav"]
    >>> site_chrome(toks, token_info(toks)).tolist()
    [True, True, False, False, False, False]
    """
    landmark = np.isin(info.landmark, CHROME_LANDMARKS) & (info.main_depth < 0)
    roots = np.unique(info.landmark_root[landmark & (info.landmark_root >= 0)])
    chrome_root = np.zeros(len(tokens), dtype=bool)
    for r in roots.tolist():
        steps = tokens[r].split(">")[:-1]
        chrome_root[r] = not any(_SECTIONING.match(step) for step in steps)
    return landmark & (info.landmark_root >= 0) & chrome_root[np.maximum(info.landmark_root, 0)]


_SECTIONING = re.compile(r"^(?:article|section)(?:$|[.\[#])")


def _merge_host_units(
    matrix: BinaryRows,
    tokens: list[str],
    info: TokenInfo,
    keep: np.ndarray,
    weak: np.ndarray | None,
    heads: np.ndarray | None,
    support: np.ndarray,
    units: list[np.ndarray],
    item_sig: np.ndarray,
    item_count: np.ndarray,
    item_route: np.ndarray,
    unit_block: np.ndarray,
    on_note: Callable[[str], None] | None = None,
    params: ClusterParams | None = None,
) -> list[list[int]]:
    """Stage B on one host: groups of unit indices (each sorted, in unit order)."""
    if not units:
        return []
    compared = keep
    if heads is not None:
        keep = keep | heads
    cols = np.nonzero(keep)[0]
    col_of = np.full(matrix.shape[1], -1, dtype=np.int64)
    col_of[cols] = np.arange(len(cols))
    par = info.parent[cols]
    kpar = np.where(par >= 0, col_of[np.maximum(par, 0)], -1)
    # Unit profiles: page-weighted token frequencies over template tokens.
    owner = np.concatenate([np.full(len(u), i) for i, u in enumerate(units)])
    items = np.concatenate(units)
    weights = item_count[items].astype(np.float64)
    sizes = np.bincount(owner, weights=weights, minlength=len(units)).astype(np.float64)
    profile_sums = group_sums(matrix, item_sig[items], owner, weights, len(units), columns=keep)
    prof = profile_sums / sizes[:, None]
    # Route profiles: the share of each unit's pages at each URL route.
    _, route_col = np.unique(item_route[items], return_inverse=True)
    n_route_cols = int(route_col.max()) + 1
    routes = np.zeros((len(units), n_route_cols))
    np.add.at(routes, (owner, route_col.ravel()), weights)
    routes /= sizes[:, None]
    # How often each item appears where its parent does, across the host: the
    # yardstick for telling a unit's lack of an item from chance.
    n_pages = float(sizes.sum())
    parent_support = np.where(par >= 0, support[np.maximum(info.parent[cols], 0)], n_pages)
    base_rate = np.clip(support[cols] / np.maximum(parent_support, 1.0), 0.0, 1.0)
    # Chrome regions (header, footer, navigation, sidebars outside the main
    # content) have design variants that do not make another template.
    chrome = site_chrome(tokens, info)[cols]
    # Body classes and ids, and structure kept only because it is too rare to
    # judge, are weak witnesses: see Stage B.
    attr_cols = info.is_attr[cols]
    head_cols = ~compared[cols]
    weak_cols = weak[cols] & ~attr_cols if weak is not None else np.zeros(len(cols), bool)
    evidence = ~chrome & ~weak_cols & ~attr_cols & ~head_cols
    # Units with identical profiles (one template repeated in several blocks,
    # e.g. a site published under many version prefixes) are one point.
    _, first, point_of = np.unique(
        np.round(prof, 9), axis=0, return_index=True, return_inverse=True
    )
    order = np.argsort(first, kind="stable")  # points in order of first unit
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    point_of = rank[point_of.ravel()]
    points = first[order]
    point_sizes = np.bincount(point_of, weights=sizes)
    point_routes = np.zeros((len(points), n_route_cols))
    np.add.at(point_routes, point_of, routes * sizes[:, None])
    point_routes /= point_sizes[:, None]
    if len(points) > STAGE_B_DENSE_MAX and on_note is not None:
        on_note(f"stage-b: {len(points)} distinct units, merging within blocks first")
    labels = _agglomerate_scalable(
        prof[points],
        point_sizes,
        kpar,
        evidence,
        unit_block[points],
        weak_cols & ~chrome,
        attr_cols,
        head_cols & ~chrome,
        point_routes,
        base_rate,
        params,
    )[point_of]
    groups: dict[int, list[int]] = {}
    for i, g in enumerate(labels.tolist()):
        groups.setdefault(g, []).append(i)
    return [groups[g] for g in sorted(groups)]


def _agglomerate_scalable(
    prof: np.ndarray,
    sizes: np.ndarray,
    kpar: np.ndarray,
    evidence: np.ndarray,
    blocks: np.ndarray,
    weak: np.ndarray,
    attrs: np.ndarray,
    heads: np.ndarray,
    routes: np.ndarray,
    base_rate: np.ndarray,
    params: ClusterParams | None = None,
) -> np.ndarray:
    """Stage B on points; beyond ``STAGE_B_DENSE_MAX`` points, within blocks first.

    The dense pass holds a points x points distance matrix; for very many
    distinct units each block is merged on its own, then the block-level groups
    (pooled profiles) are merged across blocks.
    """
    if len(prof) <= STAGE_B_DENSE_MAX:
        return agglomerate_units(
            prof,
            sizes,
            kpar,
            evidence,
            weak=weak,
            attrs=attrs,
            heads=heads,
            routes=routes,
            base_rate=base_rate,
            params=params,
        )
    labels = np.empty(len(prof), dtype=np.int64)
    group_prof: list[np.ndarray] = []
    group_routes: list[np.ndarray] = []
    group_size: list[float] = []
    for b in np.unique(blocks):
        idx = np.nonzero(blocks == b)[0]
        sub = agglomerate_units(
            prof[idx],
            sizes[idx],
            kpar,
            evidence,
            weak=weak,
            attrs=attrs,
            heads=heads,
            routes=routes[idx],
            base_rate=base_rate,
            params=params,
        )
        for g in range(int(sub.max()) + 1):
            members = idx[sub == g]
            labels[members] = len(group_size)
            w = sizes[members]
            group_prof.append((prof[members] * w[:, None]).sum(axis=0) / w.sum())
            group_routes.append((routes[members] * w[:, None]).sum(axis=0) / w.sum())
            group_size.append(float(w.sum()))
    top = (
        _agglomerate_scalable(
            np.asarray(group_prof),
            np.asarray(group_size),
            kpar,
            evidence,
            np.zeros(len(group_size)),
            weak,
            attrs,
            heads,
            np.asarray(group_routes),
            base_rate,
            params,
        )
        if len(group_size) <= STAGE_B_DENSE_MAX
        else np.arange(len(group_size))
    )
    return top[labels]
