"""From a corpus of signatures to one cluster key per page.

Each host is clustered on its own (templates belong to a host): pass 0 blocks
its pages by their signals, its template tokens are found from site-level
evidence, Stage A clusters each block, Stage B merges across blocks.
Everything here works on the deduplicated signature matrix; no HTML is involved.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from ..base.progress import ProgressCallback, ProgressEvent
from ..signatures.binary_rows import BinaryRows, group_sums
from ..signatures.corpus import LANDMARK_CODES, Corpus, PageSignals, TokenInfo, token_info
from .address_classes import drop_address_classes
from .blocking import BlockingResult, resolve_block_keys
from .class_families import generalize_corpus
from .routes import route_patterns_and_forms
from .slots import SLOT_EXCLUSIVE, generalize_slots, plain_names, renamed_pair_sets
from .stage_a import cluster_block
from .stage_b import SUBSTANTIAL, Together, agglomerate_units
from .template_tokens import (
    CONTAINER_QUORUM,
    TemplateTokenModel,
    anchor_tokens,
    id_named_blocks,
    item_markup_tokens,
    listed_content_tokens,
    positional_tokens,
    prose_markup_tokens,
    self_named_tokens,
    template_token_mask,
)
from .unique_rows import unique_rows

if TYPE_CHECKING:
    from .params import ClusterParams

__all__ = [
    "ClusterRun",
    "cluster_corpus",
    "cluster_host_corpus",
    "format_cluster_key",
    "host_pages",
]

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

    Templates belong to a host, so each host is clustered on its own
    (:func:`cluster_host_corpus` on that host's pages alone, as a crawl run does
    host by host) and the runs are joined into one: a host's keys do not depend
    on which other hosts were read with it. A single-host corpus goes straight
    through.
    """
    groups = host_pages(corpus.signals)
    if len(groups) <= 1:
        return cluster_host_corpus(corpus, on_progress, params)
    emit = on_progress or (lambda _e: None)
    n = corpus.n_pages
    emit(ProgressEvent("pass0-signals", pages_seen=n))

    def forward(event: ProgressEvent) -> None:
        # Each host's own page counts would read as the whole input's.
        if event.phase not in ("pass0-signals", "pass1b-assign"):
            emit(event)

    runs = []
    for k, (host, pages) in enumerate(groups.items(), start=1):
        emit(
            ProgressEvent(
                "note", message=f"host {k}/{len(groups)}: {host or '(no host)'}: {len(pages)} pages"
            )
        )
        runs.append((pages, cluster_host_corpus(corpus.take_pages(pages), forward, params)))
    if n > COMPAT_PASS1B_PAGES:
        emit(ProgressEvent("pass1b-assign", pages_assigned=n, pages_to_assign=n))
    return _join_runs(corpus, runs)


def host_pages(signals: list[PageSignals]) -> dict[str, np.ndarray]:
    """The pages of each host (input order), hosts sorted by name; pages without
    a host form the host ``""``.

    >>> sig = lambda h: PageSignals((), (), h)
    >>> {h: p.tolist() for h, p in host_pages([sig("b"), sig(None), sig("b"), sig("")]).items()}
    {'': [1, 3], 'b': [0, 2]}
    """
    by_host: dict[str, list[int]] = {}
    for i, s in enumerate(signals):
        by_host.setdefault(_host_label(s.host), []).append(i)
    return {h: np.asarray(by_host[h], dtype=np.int64) for h in sorted(by_host)}


def _join_runs(corpus: Corpus, runs: list[tuple[np.ndarray, ClusterRun]]) -> ClusterRun:
    """One run from per-host runs: their vocabularies united (each host's
    tokens keep their own names), signatures deduplicated and ordered by
    content, items, blocks and clusters concatenated host after host."""
    tokens = sorted(set().union(*(run.corpus.tokens for _, run in runs)))
    index = {t: i for i, t in enumerate(tokens)}
    n_tokens = len(tokens)
    col_maps = [
        np.fromiter((index[t] for t in run.corpus.tokens), np.int64, len(run.corpus.tokens))
        for _, run in runs
    ]
    # Signatures: host rows over the united vocabulary (the map keeps each row
    # sorted), equal rows of different hosts made one.
    indices = [
        m[run.corpus.rows.indices].astype(np.int32)
        for m, (_, run) in zip(col_maps, runs, strict=True)
    ]
    lengths = np.concatenate([run.corpus.rows.lengths() for _, run in runs])
    indptr = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=indptr[1:])
    stacked = BinaryRows(indptr, np.concatenate(indices), n_tokens)
    keys = stacked.row_keys()
    distinct = sorted(set(keys))
    rank = {k: i for i, k in enumerate(distinct)}
    sig_of = np.fromiter((rank[k] for k in keys), np.int64, len(keys))
    _, first = np.unique(sig_of, return_index=True)
    elements = np.zeros(len(distinct), dtype=np.int64)
    np.maximum.at(elements, sig_of, np.concatenate([r.corpus.element_count for _, r in runs]))

    n = corpus.n_pages
    page_sig = np.empty(n, dtype=np.int32)
    page_item = np.empty(n, dtype=np.int64)
    block_keys: list[str] = [""] * n
    reasons: dict = {}
    orphans: dict[int, str] = {}
    block_names: list[str] = []
    host_of_block: list[str] = []
    item_parts: dict[str, list[np.ndarray]] = {
        "block": [],
        "sig": [],
        "count": [],
        "cluster": [],
    }
    cluster_keys: list[str] = []
    cluster_units: list[list[str]] = []
    host_models: dict[str, TemplateTokenModel] = {}
    host_weights: dict[str, np.ndarray] = {}
    sig_base = items = 0
    for col_map, (pages, run) in zip(col_maps, runs, strict=True):
        local_sig = sig_of[sig_base : sig_base + run.corpus.n_signatures]
        sig_base += run.corpus.n_signatures
        page_sig[pages] = local_sig[run.corpus.page_sig]
        page_item[pages] = run.page_item + items
        items += len(run.item_count)
        for p, key in zip(pages.tolist(), run.blocking.keys, strict=True):
            block_keys[p] = key
        reasons.update(run.blocking.reasons)
        orphans.update({int(pages[i]): key for i, key in run.blocking.orphan_path_keys.items()})
        item_parts["block"].append(run.item_block + len(block_names))
        item_parts["sig"].append(local_sig[run.item_sig])
        item_parts["count"].append(run.item_count)
        item_parts["cluster"].append(run.item_cluster + len(cluster_keys))
        block_names += run.block_names
        host_of_block += run.host_of_block
        cluster_keys += run.cluster_keys
        cluster_units += run.cluster_units
        for host, model in run.host_models.items():
            host_models[host] = _spread_model(model, col_map, n_tokens)
        for host, weights in run.host_weights.items():
            host_weights[host] = _spread(weights, col_map, n_tokens)
    joined = Corpus(
        tokens=tokens,
        rows=stacked.take(first),
        page_sig=page_sig,
        signals=corpus.signals,
        element_count=elements,
        info=token_info(tokens),
    )
    return ClusterRun(
        corpus=joined,
        blocking=BlockingResult(block_keys, reasons, orphans),
        block_names=block_names,
        page_item=page_item,
        item_block=np.concatenate(item_parts["block"]),
        item_sig=np.concatenate(item_parts["sig"]),
        item_count=np.concatenate(item_parts["count"]),
        item_cluster=np.concatenate(item_parts["cluster"]),
        cluster_keys=cluster_keys,
        cluster_units=cluster_units,
        host_of_block=host_of_block,
        host_models=host_models,
        host_weights=host_weights,
    )


def _spread(values: np.ndarray, col_map: np.ndarray, n_tokens: int) -> np.ndarray:
    """Per-token values of one host over the united vocabulary (zero elsewhere)."""
    out = np.zeros(n_tokens, dtype=values.dtype)
    out[col_map] = values
    return out


def _spread_model(
    model: TemplateTokenModel, col_map: np.ndarray, n_tokens: int
) -> TemplateTokenModel:
    def spread(values: np.ndarray | None) -> np.ndarray | None:
        return None if values is None else _spread(values, col_map, n_tokens)

    return TemplateTokenModel(
        keep=_spread(model.keep, col_map, n_tokens),
        content=_spread(model.content, col_map, n_tokens),
        diversity=_spread(model.diversity, col_map, n_tokens),
        support=_spread(model.support, col_map, n_tokens),
        weak=spread(model.weak),
        heads=spread(model.heads),
    )


def cluster_host_corpus(
    corpus: Corpus,
    on_progress: ProgressCallback | None = None,
    params: ClusterParams | None = None,
) -> ClusterRun:
    """Cluster the pages of one host (the engine proper; see :func:`cluster_corpus`).

    Given several hosts it still runs, with the vocabulary steps (class
    families, slots, template-token marks) shared across them.
    """
    from .params import ClusterParams

    p = params if params is not None else ClusterParams()
    emit = on_progress or (lambda _e: None)
    corpus = generalize_corpus(drop_address_classes(corpus), min_values=p.family_values)
    corpus = generalize_slots(corpus, params=p)
    n = corpus.n_pages
    blocking, block_names, page_block, host_of_block = _blocks(corpus)
    emit(ProgressEvent("pass0-signals", pages_seen=n))
    items = _items(corpus, page_block, p)
    # Per vocabulary token: does it name itself (read by Stage A's model and Stage B).
    marked = self_named_tokens(corpus.tokens, corpus.info)
    # Per vocabulary token: is it inside the site's header, footer or navigation.
    chrome = site_chrome(corpus.tokens, corpus.info)
    # Per vocabulary token: is it what a table or list lists.
    listed = listed_content_tokens(corpus.info)
    item_host = np.asarray([host_of_block[b] for b in items.block.tolist()], dtype=object)
    host_models, host_weights = _template_models(corpus, items, item_host, marked, chrome, p)
    one_offs = _one_offs(corpus, items, item_host, host_models, chrome, p)
    units = _stage_a(corpus, items, block_names, host_of_block, host_weights, p, emit, one_offs)
    plain = _hosts_naming_entities(corpus, items, units, item_host, p)
    if plain:
        # Their names' words file entities, not kinds: routes by folder, and
        # Stage A again without the split by kind of name.
        items = _items(corpus, page_block, p, plain)
        item_host = np.asarray([host_of_block[b] for b in items.block.tolist()], dtype=object)
        one_offs = _one_offs(corpus, items, item_host, host_models, chrome, p)
        units = _stage_a(corpus, items, block_names, host_of_block, host_weights, p, emit, one_offs)
    emit(ProgressEvent("stage-b-start", unit_count=len(units.items)))
    item_cluster, cluster_keys, cluster_units = _stage_b(
        corpus,
        items,
        units,
        host_models,
        sorted(host_weights),
        p,
        emit,
        one_offs,
        marked,
        chrome,
        listed,
    )
    if n > COMPAT_PASS1B_PAGES:
        # Large corpora: keep the reference's ``pass1b:`` phase visible. Nothing
        # is sampled here; every page is already in its cluster.
        emit(ProgressEvent("pass1b-assign", pages_assigned=n, pages_to_assign=n))
    return ClusterRun(
        corpus=corpus,
        blocking=blocking,
        block_names=block_names,
        page_item=items.page_item,
        item_block=items.block,
        item_sig=items.sig,
        item_count=items.count,
        item_cluster=item_cluster,
        cluster_keys=cluster_keys,
        cluster_units=cluster_units,
        host_of_block=host_of_block,
        host_models=host_models,
        host_weights=host_weights,
    )


def _blocks(corpus: Corpus) -> tuple[BlockingResult, list[str], np.ndarray, list[str]]:
    """Pass 0: each page's block, the blocks' names (sorted) and their hosts."""
    signals = corpus.signals
    blocking = resolve_block_keys(
        [s.paths for s in signals], [s.stylesheet_hrefs for s in signals], [s.host for s in signals]
    )
    block_names = sorted(set(blocking.keys))
    block_index = {b: i for i, b in enumerate(block_names)}
    page_block = np.asarray([block_index[k] for k in blocking.keys], dtype=np.int64)
    host_of_block_map: dict[int, str] = {}
    for i, b in enumerate(page_block.tolist()):
        host_of_block_map.setdefault(b, _host_label(signals[i].host))
    host_of_block = [host_of_block_map[b] for b in range(len(block_names))]
    return blocking, block_names, page_block, host_of_block


@dataclass(slots=True)
class _Items:
    """Distinct (block, signature, route) triples: what the stages group."""

    page_item: np.ndarray
    count: np.ndarray
    block: np.ndarray
    sig: np.ndarray
    route: np.ndarray
    #: Per route id: its pattern with name shapes, its view (route form) and
    #: its name shape (the pattern's last element: ``struct*.html``).
    route_fine: np.ndarray
    route_view: np.ndarray
    route_name: np.ndarray
    #: Per route id: is its name shape a kind of name (see
    #: :func:`.routes.is_name_kind`)?
    route_kind: np.ndarray


def _items(
    corpus: Corpus,
    page_block: np.ndarray,
    p: ClusterParams,
    plain_hosts: frozenset[str] = frozenset(),
) -> _Items:
    n = corpus.n_pages
    page_route, route_fine, route_view, route_name, name_kind = _page_routes(
        corpus.signals, p, plain_hosts
    )
    n_sigs = max(corpus.n_signatures, 1)
    n_routes = int(page_route.max()) + 1 if n else 1
    pair = (page_block * n_sigs + corpus.page_sig.astype(np.int64)) * n_routes + page_route
    uniq, page_item, item_count = np.unique(pair, return_inverse=True, return_counts=True)
    return _Items(
        page_item=page_item,
        count=item_count,
        block=(uniq // n_routes) // n_sigs,
        sig=(uniq // n_routes) % n_sigs,
        route=uniq % n_routes,
        route_fine=route_fine,
        route_view=route_view,
        route_name=route_name,
        route_kind=name_kind[route_name],
    )


def _template_models(
    corpus: Corpus,
    items: _Items,
    item_host: np.ndarray,
    marked: np.ndarray,
    chrome: np.ndarray,
    p: ClusterParams,
) -> tuple[dict[str, TemplateTokenModel], dict[str, np.ndarray]]:
    """Site-level template tokens per host (``item_host``: each item's host;
    ``marked``: the self-named tokens; ``chrome``: :func:`site_chrome`), and
    the weights Stage A compares."""
    matrix = corpus.rows
    info = corpus.info
    positional = positional_tokens(corpus.tokens, info, marked, matrix)
    # The writer's text, however few pages show it: markup inside a paragraph
    # or a code listing, and link targets; and, in the writer's lists, what a
    # list item holds.
    prose = prose_markup_tokens(corpus.tokens, info)
    anchors = anchor_tokens(corpus.tokens, info)
    item_markup = item_markup_tokens(corpus.tokens, info)
    named_parts = id_named_blocks(corpus.tokens, info)
    host_models: dict[str, TemplateTokenModel] = {}
    host_weights: dict[str, np.ndarray] = {}
    for host in sorted(set(item_host.tolist())):
        host_items = np.nonzero(item_host == host)[0]
        sigs, inverse = np.unique(items.sig[host_items], return_inverse=True)
        counts = np.bincount(inverse, weights=items.count[host_items]).astype(np.float64)
        model = template_token_mask(
            matrix.take(sigs),
            info.parent,
            info.depth,
            info.is_attr,
            counts,
            marked,
            params=p,
            positional=positional,
            prose=prose,
            anchors=anchors,
            named_parts=named_parts,
            item_markup=item_markup,
        )
        host_models[host] = model
        # Stage A compares what tells pages apart: not the site chrome, and not
        # what nearly every page of the host has (on a site with a large
        # sidebar those would make two templates look 95% alike).
        common = model.support >= p.universal_share * counts.sum()
        # Nor what one page alone has and is kept only on presumption (an
        # anchor id, a one-off block): it cannot tell a group of pages from
        # another, and it made nearly every page of a manual a unit of its own.
        # Stage B still weighs it.
        lone = model.weak & (model.support < 2) if model.weak is not None else False
        host_weights[host] = (model.keep & ~chrome & ~common & ~lone).astype(np.float64)
    return host_models, host_weights


def lone_blocks(lone: np.ndarray, info: TokenInfo, min_items: int = SUBSTANTIAL) -> np.ndarray:
    """Tokens of ``lone`` (each on one page) in a subtree of at least
    ``min_items`` of them: a block, not a single element such as an anchor.

    >>> tokens = ["body", "body>span#a", "body>table.x", "body>table.x>tr"]
    >>> lone_blocks(np.array([False, True, True, True]), token_info(tokens)).tolist()
    [False, False, True, True]
    """
    lone = np.asarray(lone, dtype=bool)
    parent, depth = info.parent, info.depth
    linked = lone & (parent >= 0) & lone[np.maximum(parent, 0)] & ~info.is_attr
    size = lone.astype(np.int64)
    top = int(depth.max(initial=0))
    for d in range(top, 0, -1):
        kids = np.flatnonzero(linked & (depth == d))
        np.add.at(size, parent[kids], size[kids])
    out = lone & (size >= min_items)
    for d in range(1, top + 1):
        kids = np.flatnonzero(linked & (depth == d))
        out[kids] |= out[parent[kids]]
    return out


def _dense_columns(rows: BinaryRows, cols: np.ndarray) -> np.ndarray:
    """``rows`` x ``cols`` (sorted, distinct token ids) as a dense boolean array."""
    mask = np.zeros(rows.n_cols, dtype=bool)
    mask[cols] = True
    return rows.keep_columns(mask).to_dense(bool)


#: Pages carrying a one-off block are judged this many at a time (a dense
#: pages x common parts array each).
NOTABLE_CHUNK = 4096


@dataclass(slots=True)
class _OneOffs:
    """Pages that carry a one-off block (see ``stage_b._Units._one_off``).

    ``carry``: per item, does its signature carry a one-off block; ``share``:
    per host, the share of its pages that do; ``notable``: per item, a page
    that carries one and lacks a part most of the host's pages have, beyond
    what chance explains (Stage A keeps it out of every unit).
    """

    carry: np.ndarray
    share: dict[str, float]
    notable: np.ndarray


def _one_offs(
    corpus: Corpus,
    items: _Items,
    item_host: np.ndarray,
    host_models: dict[str, TemplateTokenModel],
    chrome: np.ndarray,
    p: ClusterParams,
) -> _OneOffs:
    """Which pages carry a one-off block, per host how common that is, and
    which of them also lack a part most pages have beyond what chance
    explains (an index page of a manual: a generated table, no prose).

    Stage A would fold such a page into a unit of ordinary pages (what it
    carries is on no other page, so it cannot tell groups apart); Stage B
    then never sees it alone."""
    n_items = len(items.count)
    carry = np.zeros(n_items, dtype=bool)
    notable = np.zeros(n_items, dtype=bool)
    share: dict[str, float] = {}
    matrix, info = corpus.rows, corpus.info
    for host, model in host_models.items():
        share[host] = 1.0
        if model.weak is None:
            continue
        idx = np.flatnonzero(item_host == host)
        blocks = lone_blocks(model.weak & (model.support < 2), info, p.substantial)
        if not blocks.any():
            share[host] = 0.0
            continue
        rows = matrix.take(items.sig[idx])
        has = rows.keep_columns(blocks).row_sums() > 0
        carry[idx] = has
        counts = items.count[idx].astype(np.float64)
        f = float(counts[has].sum() / max(counts.sum(), 1.0))
        share[host] = f
        # Parts typical of the host's pages where their parent is (as Stage
        # B's witnesses: template structure and the text right below it, not
        # chrome).
        heads = model.heads if model.heads is not None else np.zeros_like(model.keep)
        parent = info.parent
        rate = np.divide(
            model.support,
            model.support[np.maximum(parent, 0)],
            out=np.zeros(len(parent)),
            where=(parent >= 0) & (model.support[np.maximum(parent, 0)] > 0),
        )
        common = ((model.keep & ~model.weak) | heads) & ~chrome & ~info.is_attr
        common &= (parent >= 0) & (rate >= p.characteristic)
        cols = np.flatnonzero(common)
        if not len(cols) or not has.any():
            continue
        parents, parent_of = np.unique(parent[cols], return_inverse=True)
        carriers = np.flatnonzero(has)
        for start in range(0, len(carriers), NOTABLE_CHUNK):
            chunk = carriers[start : start + NOTABLE_CHUNK]
            sub = rows.take(chunk)
            missing = _dense_columns(sub, parents)[:, parent_of] & ~_dense_columns(sub, cols)
            # The least likely part it lacks (as Stage B counts it).
            lacking = np.where(missing, 1.0 - rate[cols], 1.0).min(axis=1, initial=1.0)
            notable[idx[chunk[lacking * f <= p.significance]]] = True
    return _OneOffs(carry=carry, share=share, notable=notable)


@dataclass(slots=True)
class _UnitList:
    """Stage A's units: their items, keys, hosts and blocks (parallel lists),
    and per item the structural group it was clustered into before the split
    by kind of name (``-1``: a one-off page, alone)."""

    items: list[np.ndarray]
    keys: list[str]
    hosts: list[str]
    blocks: list[int]
    structure: np.ndarray | None = None


def _stage_a(
    corpus: Corpus,
    items: _Items,
    block_names: list[str],
    host_of_block: list[str],
    host_weights: dict[str, np.ndarray],
    p: ClusterParams,
    emit: ProgressCallback,
    one_offs: _OneOffs | None = None,
) -> _UnitList:
    """Tight units per block; a notable one-off page (see :class:`_OneOffs`)
    is a unit of its own, whatever the rest of it shares with other pages."""
    units = _UnitList([], [], [], [], np.full(len(items.count), -1, dtype=np.int64))
    n_groups = 0
    total_blocks = len(block_names)
    for b in range(total_blocks):
        in_block = np.nonzero(items.block == b)[0]
        alone = np.zeros(len(in_block), dtype=bool)
        if one_offs is not None:
            alone = one_offs.notable[in_block]
        members = in_block[~alone]
        groups: list[np.ndarray] = []
        if len(members):
            weights = host_weights[host_of_block[b]]
            result = cluster_block(
                corpus.rows,
                items.sig[members],
                items.count[members],
                weights,
                max_distance=p.unit_distance,
            )
            if result.path != "exact":
                emit(
                    ProgressEvent(
                        "note",
                        message=f"pass1: block {b + 1}: {len(members)} signatures, "
                        f"{result.path} near-duplicate path",
                    )
                )
            units.structure[members] = n_groups + result.labels
            n_groups += int(result.labels.max()) + 1
            groups = [
                part
                for lab in range(int(result.labels.max()) + 1)
                for part in _by_kind(members[result.labels == lab], items)
            ]
        groups += [in_block[k : k + 1] for k in np.flatnonzero(alone).tolist()]
        for label, group in enumerate(groups):
            units.items.append(group)
            units.keys.append(format_cluster_key(block_names[b], label))
            units.hosts.append(host_of_block[b])
            units.blocks.append(b)
        emit(
            ProgressEvent("pass1-block-complete", blocks_processed=b + 1, total_blocks=total_blocks)
        )
    return units


def _hosts_naming_entities(
    corpus: Corpus, items: _Items, units: _UnitList, item_host: np.ndarray, p: ClusterParams
) -> frozenset[str]:
    """Hosts whose file names' recurring words file entities rather than
    name kinds (:func:`.routes.names_file_entities`), judged on the pages at
    kinds of name against Stage A's structural groups and the pages' folders."""
    from .mirror_axis import clean_segments
    from .routes import names_file_entities

    if units.structure is None:
        return frozenset()
    page_item = items.page_item
    kind = items.route_kind[items.route[page_item]] & (units.structure[page_item] >= 0)
    out = set()
    for host in sorted(set(item_host.tolist())):
        pages = np.flatnonzero(kind & (item_host[page_item] == host))
        words = items.route_name[items.route[page_item[pages]]]
        if len(np.unique(words)) < 2:
            continue
        folders: dict[tuple[str, ...], int] = {}
        folder = np.fromiter(
            (
                folders.setdefault(
                    tuple(clean_segments(corpus.signals[q].paths))[:-1], len(folders)
                )
                for q in pages.tolist()
            ),
            dtype=np.int64,
            count=len(pages),
        )
        if names_file_entities(units.structure[page_item[pages]], words, folder, p.significance):
            out.add(host)
    return frozenset(out)


def _by_kind(group: np.ndarray, items: _Items) -> list[np.ndarray]:
    """A unit's items split by kind of file name when it holds two
    (``class*members.html`` and ``group*.html``): a generator names its views,
    and two views are two templates however alike their pages look (a group
    page with only a code line, a member list without members). Items at a
    name that names no kind (``*.html``, ``index.html``) stay with the
    largest part.

    >>> it = _Items(*[np.zeros(0, np.int64)] * 5, route_fine=np.zeros(0, np.int64),
    ...     route_view=np.zeros(0, np.int64), route_name=np.array([0, 1, 2]),
    ...     route_kind=np.array([True, True, False]))
    >>> it.count, it.route = np.array([5, 1, 1, 2]), np.array([0, 1, 2, 0])
    >>> [g.tolist() for g in _by_kind(np.array([0, 1, 2, 3]), it)]
    [[0, 2, 3], [1]]
    """
    route = items.route[group]
    kind = items.route_kind[route]
    names = items.route_name[route]
    found, which = np.unique(names[kind], return_inverse=True)
    if len(found) < 2:
        return [group]
    weight = np.bincount(which.ravel(), weights=items.count[group[kind]])
    largest = int(found[int(np.argmax(weight))])
    owner = np.where(kind, names, largest)
    return [group[owner == n] for n in found.tolist()]


def _stage_b(
    corpus: Corpus,
    items: _Items,
    units: _UnitList,
    host_models: dict[str, TemplateTokenModel],
    hosts: list[str],
    p: ClusterParams,
    emit: ProgressCallback,
    one_offs: _OneOffs | None = None,
    marked: np.ndarray | None = None,
    chrome: np.ndarray | None = None,
    listed: np.ndarray | None = None,
) -> tuple[np.ndarray, list[str], list[list[str]]]:
    """Units merged across blocks, per host: each item's cluster, the clusters'
    keys (that of their largest unit) and their units' keys."""
    item_cluster = np.empty(len(items.count), dtype=np.int64)
    cluster_keys: list[str] = []
    cluster_units: list[list[str]] = []
    for host in hosts:
        idx = [i for i, h in enumerate(units.hosts) if h == host]
        model = host_models[host]
        groups = _merge_host_units(
            corpus.rows,
            corpus.tokens,
            corpus.info,
            model.keep,
            model.weak,
            model.heads,
            model.support,
            [units.items[i] for i in idx],
            items.sig,
            items.count,
            items.route_fine[items.route],
            np.asarray([units.blocks[i] for i in idx], dtype=np.int64),
            item_view=items.route_view[items.route],
            item_name=items.route_name[items.route],
            item_kind=items.route_kind[items.route],
            on_note=lambda text: emit(ProgressEvent("note", message=text)),
            params=p,
            one_off=None if one_offs is None else (one_offs.carry, one_offs.share[host]),
            marked=marked,
            chrome=chrome,
            listed=listed,
        )
        for grp in groups:
            members = [idx[g] for g in grp]
            # The cluster keeps the key of its largest unit (ties: smallest key).
            key = min((-int(items.count[units.items[m]].sum()), units.keys[m]) for m in members)[1]
            cid = len(cluster_keys)
            cluster_keys.append(key)
            cluster_units.append(sorted(units.keys[m] for m in members))
            for m in members:
                item_cluster[units.items[m]] = cid
    return item_cluster, cluster_keys, cluster_units


def _page_routes(
    signals: list, params: ClusterParams, plain_hosts: frozenset[str] = frozenset()
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A route id per page (see :mod:`.routes`), patterns computed per host with
    the host's mirror axis (language directories) blanked.

    Returns the page's route id and, per route id, the id of its pattern with
    name shapes (``class*``), of its form (the view, see
    :func:`.routes.route_form`) and of its name shape alone (the pattern's
    last element, wherever the page is filed); per name shape id, whether it
    is a kind of name (:func:`.routes.is_name_kind`). On ``plain_hosts``
    the names' words file entities (:func:`.routes.names_file_entities`):
    routes there have no name shapes.
    """
    from .mirror_axis import detect_mirror_axis, section_axis
    from .routes import is_name_kind

    out = np.zeros(len(signals), dtype=np.int64)
    by_host: dict[str, list[int]] = {}
    for i, s in enumerate(signals):
        by_host.setdefault(_host_label(s.host), []).append(i)
    ids: dict[tuple[str, str, str], int] = {}
    fine: dict[tuple[str, str], int] = {}
    views: dict[tuple[str, str], int] = {}
    names: dict[tuple[str, str], int] = {}
    fine_of: list[int] = []
    view_of: list[int] = []
    name_of: list[int] = []
    for host in sorted(by_host):
        pages = by_host[host]
        paths, rooted = _below_common_folders([signals[i].paths for i in pages])
        axis = detect_mirror_axis(
            paths,
            min_skeleton_count=params.mirror_min_skeleton_count,
            max_position=params.mirror_max_position,
        )
        position = (
            axis.position
            if axis is not None
            else section_axis(paths, max_position=params.mirror_max_position)
        )
        if axis is not None and axis.at_root:
            # The root copy's pages get a segment where their translations
            # have the axis value, so that one blank lines them all up.
            paths = [list(axis.aligned(p)) for p in paths]
        patterns, forms = route_patterns_and_forms(
            paths,
            position,
            min_pages=params.literal_min_pages,
            min_share=params.literal_min_share,
            rooted=rooted,
            shapes=host not in plain_hosts,
        )
        for i, pat, form in zip(pages, patterns, forms, strict=True):
            key = (host, pat, form)
            if key not in ids:
                ids[key] = len(ids)
                fine_of.append(fine.setdefault((host, pat), len(fine)))
                view_of.append(views.setdefault((host, form), len(views)))
                name = pat.rsplit("/", 1)[-1]
                name_of.append(names.setdefault((host, name), len(names)))
            out[i] = ids[key]
    return (
        out,
        np.asarray(fine_of, dtype=np.int64),
        np.asarray(view_of, dtype=np.int64),
        np.asarray(name_of, dtype=np.int64),
        np.asarray([is_name_kind(name) for _, name in names], dtype=bool),
    )


def _below_common_folders(paths: list) -> tuple[list[list[str]], bool]:
    """Each page's path segments (empty and non-text ones left out) below the
    folders that every page of the host sits in, and whether there were any.

    Where a site is published (``/``, ``/api/``, ``/docs/2.4/``) is one fact
    about all its pages, not a difference between them: positions along the
    path (a language axis, a route's literal folders) are counted from where
    the pages start to differ, so the same site clusters alike under any
    folder it is published in (``/api/`` or ``/docs/java/api/``). Those
    folders still lead every page's route form (``rooted``, see
    :func:`.routes.route_form`).

    >>> _below_common_folders([["api", "org", "A.html"], ["api", "index.html"]])
    ([['org', 'A.html'], ['index.html']], True)
    >>> _below_common_folders([["a", "x.html"], ["b.html"]])
    ([['a', 'x.html'], ['b.html']], False)
    """
    from .mirror_axis import clean_segments

    segs = [list(clean_segments(p)) for p in paths]
    if not segs:
        return segs, False
    # A folder is common when every page has it at that place with something below.
    depth = min(len(s) for s in segs) - 1
    first = segs[0]
    k = 0
    while k < depth and all(s[k] == first[k] for s in segs):
        k += 1
    return ([s[k:] for s in segs] if k else segs), k > 0


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
#: The landmark code of navigation (``nav``, ``role=navigation``).
_NAV_CODE = LANDMARK_CODES.index("nav")


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
    item_view: np.ndarray | None = None,
    params: ClusterParams | None = None,
    one_off: tuple[np.ndarray, float] | None = None,
    marked: np.ndarray | None = None,
    chrome: np.ndarray | None = None,
    item_name: np.ndarray | None = None,
    item_kind: np.ndarray | None = None,
    listed: np.ndarray | None = None,
) -> list[list[int]]:
    """Stage B on one host: groups of unit indices (each sorted, in unit order).

    ``one_off``: per item, does it carry a one-off block, and the host's share
    of pages that do (see ``stage_b._Units._one_off``); ``marked``: per token,
    does it name itself (see ``stage_b._chance``); ``chrome``: per token, the
    site's chrome (:func:`site_chrome`, computed here when not given);
    ``listed``: per token, is it what a table or list lists
    (:func:`listed_content_tokens`, computed here when not given)."""
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
    owner = np.concatenate([np.full(len(u), i) for i, u in enumerate(units)])
    items = np.concatenate(units)
    weights = item_count[items].astype(np.float64)
    # Chrome regions (header, footer, navigation, sidebars outside the main
    # content) have design variants that do not make another template.
    if chrome is None:
        chrome = site_chrome(tokens, info)
    # A part of the layout in another state (a modifier class more) is that part.
    host = _HostRows(matrix, item_sig[items], weights)
    state = _plain_columns(tokens, info, cols, host, chrome)
    if state is not None:
        matrix, support = _fold_states(host, cols, state, support)
        item_sig = np.full(len(item_sig), -1, dtype=np.int64)
        item_sig[items] = host.row_of
        kpar = np.where(kpar >= 0, state[np.maximum(kpar, 0)], -1)
    # Unit profiles: page-weighted token frequencies over template tokens.
    sizes = np.bincount(owner, weights=weights, minlength=len(units)).astype(np.float64)
    profile_sums = group_sums(matrix, item_sig[items], owner, weights, len(units), columns=keep)
    prof = profile_sums / sizes[:, None]
    # How often each item appears where its parent does, across the host: the
    # yardstick for telling a unit's lack of an item from chance.
    n_pages = float(sizes.sum())
    parent_support = np.where(par >= 0, support[np.maximum(info.parent[cols], 0)], n_pages)
    base_rate = np.clip(support[cols] / np.maximum(parent_support, 1.0), 0.0, 1.0)
    chrome = chrome[cols]
    if listed is None:
        listed = listed_content_tokens(info)
    # Body classes and ids, and structure kept only because it is too rare to
    # judge, are weak witnesses: see Stage B.
    attr_cols = info.is_attr[cols]
    head_cols = ~compared[cols]
    weak_cols = weak[cols] & ~attr_cols if weak is not None else np.zeros(len(cols), bool)
    # What a template's own navigation holds (a pager's previous or next
    # link, a breadcrumb's steps) follows the page's place, as its address
    # does; that the template has one is the template's.
    steered = (info.landmark[cols] == _NAV_CODE) & (info.landmark_root[cols] != cols) & ~chrome
    evidence = ~chrome & ~weak_cols & ~attr_cols & ~head_cols & ~steered
    # The layout's regions (a sidebar, a table of contents beside the text):
    # whether a page has one at all is its template's, what it holds is not.
    evidence |= chrome & (info.landmark_root[cols] == cols)
    # Which parts that can keep units apart (established or rare structure,
    # text below it) some page of the host has side by side.
    related = evidence | ((weak_cols | head_cols) & ~chrome & ~steered)
    sigs, sig_of_item = np.unique(item_sig[items], return_inverse=True)
    together = Together.of_pages(matrix, sigs, cols, related)
    # Units with identical profiles (one template repeated in several blocks,
    # e.g. a site published under many version prefixes) are one point.
    first, point_of = unique_rows(np.round(prof, 9))
    order = np.argsort(first, kind="stable")  # points in order of first unit
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    point_of = rank[point_of.ravel()]
    points = first[order]
    point_sizes = np.bincount(point_of, weights=sizes)
    point_routes, n_view, n_name, name_kinds = _point_routes(
        owner,
        weights,
        sizes,
        item_route[items],
        None if item_view is None else item_view[items],
        point_of,
        len(points),
        None if item_name is None else item_name[items],
        None if item_kind is None else item_kind[items],
    )
    if len(points) > STAGE_B_DENSE_MAX and on_note is not None:
        on_note(f"stage-b: {len(points)} distinct units, merging within blocks first")
    quorum = params.container_quorum if params is not None else CONTAINER_QUORUM
    point_carry = None
    if one_off is not None:
        carried = np.bincount(owner, weights=weights * one_off[0][items], minlength=len(units))
        point_carry = np.bincount(point_of, weights=carried, minlength=len(points)) / point_sizes
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
        n_view,
        params,
        together,
        None if point_carry is None else (point_carry, one_off[1]),
        None if marked is None else marked[cols],
        (sig_of_item.ravel(), point_of[owner]),
        n_name,
        name_kinds,
        listed[cols],
        *renamed_pair_sets([tokens[c] for c in cols.tolist()], data_words=True),
        # The site's layout: chrome on nearly every page of the host.
        chrome & (support[cols] >= quorum * n_pages),
        # What regions hold: a unit lacking one lacks all of it.
        chrome | steered,
    )[point_of]
    groups: dict[int, list[int]] = {}
    for i, g in enumerate(labels.tolist()):
        groups.setdefault(g, []).append(i)
    return [groups[g] for g in sorted(groups)]


class _HostRows:
    """A host's token sets (one row per distinct set its items use), each
    item's row and each row's page count: read from the corpus matrix on
    first use, once, by whichever Stage B step needs them first."""

    def __init__(self, matrix: BinaryRows, sigs: np.ndarray, weights: np.ndarray) -> None:
        self._matrix, self._sigs, self._weights = matrix, sigs, weights

    @cached_property
    def _read(self) -> tuple[BinaryRows, np.ndarray, np.ndarray]:
        uniq, row_of = np.unique(self._sigs, return_inverse=True)
        row_of = row_of.ravel()
        weight = np.bincount(row_of, weights=self._weights, minlength=len(uniq))
        return self._matrix.take(uniq), row_of, weight

    @property
    def rows(self) -> BinaryRows:
        return self._read[0]

    @property
    def row_of(self) -> np.ndarray:
        """Per item (in the order the sets were given), its row."""
        return self._read[1]

    @property
    def row_weight(self) -> np.ndarray:
        return self._read[2]


def _plain_columns(
    tokens: list[str],
    info: TokenInfo,
    cols: np.ndarray,
    host: _HostRows,
    chrome: np.ndarray | None = None,
) -> np.ndarray | None:
    """Per column of ``cols``: the column of its plain name (see
    :func:`.slots.plain_names`; itself when it has none among ``cols``, -1 when
    that name is a token not among them), or ``None`` when nothing folds.

    Only the layout around the main area folds, and only an element that no
    page shows beside its plain sibling (:data:`.slots.SLOT_EXCLUSIVE`): a
    sidebar hidden, a navigation bar fixed, on the pages that switch it off.
    Inside the main area a class more is how templates name themselves (a
    post's ``article.h-entry.post`` against a page's ``article.post``), and a
    page shows several sections that share a class side by side. A site
    without a main area has no layout to tell from its templates. What the
    plain element holds and was not kept as structure is not kept under the
    other name either. ``chrome``: the site's chrome per token (computed by
    :func:`site_chrome` when not given). The host's rows are read only when
    a pair asks."""
    main = [tokens[c] for c in cols.tolist() if info.main_depth[c] == 0]
    if not main:
        return None
    # The page's own wrappers (what holds the site's chrome and the main area
    # alike) name the page's state, as <body> does; the box that holds the
    # main area and nothing of the chrome is a part of the layout.
    if chrome is None:
        chrome = site_chrome(tokens, info)
    held = sorted(tokens[c] for c in np.flatnonzero(chrome))

    def holds_chrome(path: str) -> bool:
        at = bisect_left(held, path + ">")
        return at < len(held) and held[at].startswith(path + ">")

    above = {t.rsplit(">", k)[0] for t in main for k in range(1, t.count(">") + 1)}
    around = {path for path in above if holds_chrome(path)}
    layout = (info.main_depth[cols] < 0) & ~info.is_attr[cols]
    layout &= np.fromiter((tokens[c] not in around for c in cols.tolist()), bool, len(cols))
    if not layout.any():
        return None
    at_layout = np.sort(cols[layout])
    by_layout_col: list[BinaryRows] = []

    def pages_of(col: int) -> np.ndarray:
        """The host's rows holding layout column ``col``."""
        if not by_layout_col:
            mask = np.zeros(host.rows.n_cols, dtype=bool)
            mask[at_layout] = True
            sub = host.rows.keep_columns(mask)
            by_layout_col.append(
                BinaryRows.from_pairs(sub.indices, sub.row_ids(), sub.n_cols, sub.n_rows)
            )
        return by_layout_col[0].row(int(np.searchsorted(at_layout, col)))

    def exclusive(variant: int, plain: int) -> bool:
        if not (layout[variant] and layout[plain]):
            return False
        a, b = pages_of(int(cols[variant])), pages_of(int(cols[plain]))
        weight = host.row_weight
        both = weight[np.intersect1d(a, b, assume_unique=True)].sum()
        return bool(both <= SLOT_EXCLUSIVE * min(weight[a].sum(), weight[b].sum()))

    names = plain_names([tokens[c] for c in cols.tolist()], exclusive)
    moved = [k for k, name in enumerate(names) if name != tokens[cols[k]]]
    if not moved:
        return None
    own = np.arange(len(cols), dtype=np.int64)
    at = {tokens[c]: k for k, c in enumerate(cols.tolist())}
    vocab: set[str] | None = None
    dropped: set[str] = set()
    for k in sorted(moved, key=lambda k: names[k].count(">")):
        to = at.get(names[k])
        if to is None:
            if vocab is None:
                vocab = set(tokens)
            up = names[k].rpartition(">")[0]
            to = -1 if names[k] in vocab or up in dropped else k
            if to < 0:
                dropped.add(names[k])
        own[k] = to
    return own


def _fold_states(
    host: _HostRows, cols: np.ndarray, state: np.ndarray, support: np.ndarray
) -> tuple[BinaryRows, np.ndarray]:
    """The host's token sets with every element in another state read as the
    element (``state``: per column of ``cols``, its plain column, see
    :func:`.slots.plain_names`; their rows are ``host.row_of``), and the
    tokens' page support over them."""
    sub = host.rows
    to = np.arange(sub.n_cols, dtype=np.int64)
    to[cols] = np.where(state >= 0, cols[np.maximum(state, 0)], -1)
    kept = to[sub.indices] >= 0
    folded = BinaryRows.from_pairs(
        sub.row_ids()[kept], to[sub.indices][kept], sub.n_rows, sub.n_cols
    )
    moved = cols[state != np.arange(len(cols))]
    plain = np.unique(to[moved][to[moved] >= 0])
    support = support.astype(np.float64, copy=True)
    support[plain] = folded.column_sums(host.row_weight)[plain]
    support[moved] = 0.0
    return folded, support


def _point_routes(
    owner: np.ndarray,
    weights: np.ndarray,
    sizes: np.ndarray,
    item_route: np.ndarray,
    item_view: np.ndarray | None,
    point_of: np.ndarray,
    n_points: int,
    item_name: np.ndarray | None = None,
    item_kind: np.ndarray | None = None,
) -> tuple[np.ndarray, int, int, np.ndarray | None]:
    """Route profiles of the points: the share of each point's pages at each
    URL route, then at each name shape, then at each view (the counts of views
    and name shapes are returned, and which name-shape columns are kinds of
    name when ``item_kind`` is given), pooled from the units' shares.

    Only (unit, route) pairs that occur are visited: a versioned site has a
    route per version and file name, thousands of columns on each of thousands
    of units, and a dense units x routes matrix took gigabytes (150k pages:
    19,189 units x 15,824 routes).
    """
    _, route_col = np.unique(item_route, return_inverse=True)
    cols = [route_col.ravel()]
    n_cols = int(route_col.max()) + 1
    n_view = n_name = 0
    name_kinds = None
    if item_name is not None:
        _, first, name_col = np.unique(item_name, return_index=True, return_inverse=True)
        n_name = int(name_col.max()) + 1
        cols.append(name_col.ravel() + n_cols)
        n_cols += n_name
        if item_kind is not None:
            name_kinds = np.asarray(item_kind, dtype=bool)[first]
    if item_view is not None:
        _, view_col = np.unique(item_view, return_inverse=True)
        n_view = int(view_col.max()) + 1
        cols.append(view_col.ravel() + n_cols)
        n_cols += n_view
    point_routes = np.zeros((n_points, n_cols))
    for col in cols:
        pairs, inverse = np.unique(owner * n_cols + col, return_inverse=True)
        share = np.bincount(inverse.ravel(), weights=weights, minlength=len(pairs))
        unit = pairs // n_cols
        # A unit's share at a route, weighted back by its size, summed per point.
        share = share / sizes[unit] * sizes[unit]
        np.add.at(point_routes, (point_of[unit], pairs % n_cols), share)
    point_routes /= np.bincount(point_of, weights=sizes)[:, None]
    return point_routes, n_view, n_name, name_kinds


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
    n_view: int = 0,
    params: ClusterParams | None = None,
    together: Together | None = None,
    one_off: tuple[np.ndarray, float] | None = None,
    named: np.ndarray | None = None,
    row_points: tuple[np.ndarray, np.ndarray] | None = None,
    n_name: int = 0,
    name_kinds: np.ndarray | None = None,
    listed: np.ndarray | None = None,
    renamed: np.ndarray | None = None,
    renamed_any: np.ndarray | None = None,
    layout: np.ndarray | None = None,
    regions: np.ndarray | None = None,
) -> np.ndarray:
    """Stage B on points; beyond ``STAGE_B_DENSE_MAX`` points, within blocks first.

    The dense pass holds a points x points distance matrix; for very many
    distinct units each block is merged on its own, then the block-level groups
    (pooled profiles) are merged across blocks. ``row_points``: pairs (token
    set of ``together``, point with pages of it); the dense pass reads whose
    pages witness, the block passes let any page witness. ``n_name``: route
    columns that are name shapes (between the routes and the views), and
    ``name_kinds`` which of them are kinds of name; ``listed``: the columns
    of what a table or list lists; ``renamed``: column pairs that are one
    element under two names, and ``renamed_any`` those whatever each holds.
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
            view_routes=n_view,
            name_routes=n_name,
            name_kinds=name_kinds,
            params=params,
            together=together,
            one_off=one_off,
            named=named,
            row_units=row_points,
            listed=listed,
            renamed=renamed,
            renamed_any=renamed_any,
            layout=layout,
            regions=regions,
        )
    labels = np.empty(len(prof), dtype=np.int64)
    group_prof: list[np.ndarray] = []
    group_routes: list[np.ndarray] = []
    group_size: list[float] = []
    group_carry: list[float] = []
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
            view_routes=n_view,
            name_routes=n_name,
            name_kinds=name_kinds,
            params=params,
            together=together,
            one_off=None if one_off is None else (one_off[0][idx], one_off[1]),
            named=named,
            listed=listed,
            renamed=renamed,
            renamed_any=renamed_any,
            layout=layout,
            regions=regions,
        )
        for g in range(int(sub.max()) + 1):
            members = idx[sub == g]
            labels[members] = len(group_size)
            w = sizes[members]
            group_prof.append((prof[members] * w[:, None]).sum(axis=0) / w.sum())
            group_routes.append((routes[members] * w[:, None]).sum(axis=0) / w.sum())
            group_size.append(float(w.sum()))
            if one_off is not None:
                group_carry.append(float((one_off[0][members] * w).sum() / w.sum()))
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
            n_view,
            params,
            together,
            None if one_off is None else (np.asarray(group_carry), one_off[1]),
            named,
            None,
            n_name,
            name_kinds,
            listed,
            renamed,
            renamed_any,
            layout,
            regions,
        )
        if len(group_size) <= STAGE_B_DENSE_MAX
        else np.arange(len(group_size))
    )
    return top[labels]
