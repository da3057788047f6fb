"""From a corpus of signatures to one cluster key per page.

Pass 0 blocks pages by their signals, the host's template tokens are found from
site-level evidence, Stage A clusters each block, Stage B merges across blocks.
Everything here works on the deduplicated signature matrix; no HTML is involved.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import numpy as np

from ..corpus import Corpus
from ..progress import ProgressCallback, ProgressEvent
from .blocking import BlockingResult, resolve_block_keys
from .shapes import shape_projection
from .stage_a import cluster_block
from .stage_b import Unit, merge_units
from .template_tokens import TemplateTokenModel, template_token_mask

__all__ = ["ClusterRun", "cluster_corpus", "format_cluster_key"]


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


def cluster_corpus(corpus: Corpus, on_progress: ProgressCallback | None = None) -> ClusterRun:
    """Cluster a parsed corpus (deterministic, independent of page order)."""
    emit = on_progress or (lambda _e: None)
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

    # Items: distinct (block, signature) pairs.
    n_sigs = max(corpus.n_signatures, 1)
    pair = page_block * n_sigs + corpus.page_sig.astype(np.int64)
    uniq, page_item, item_count = np.unique(pair, return_inverse=True, return_counts=True)
    item_block = uniq // n_sigs
    item_sig = uniq % n_sigs

    # Site-level template tokens, per host.
    matrix = corpus.matrix
    info = corpus.info
    item_host = np.asarray([host_of_block[b] for b in item_block.tolist()], dtype=object)
    host_models: dict[str, TemplateTokenModel] = {}
    host_weights: dict[str, np.ndarray] = {}
    for host in sorted(set(item_host.tolist())):
        sigs = np.unique(item_sig[item_host == host])
        model = template_token_mask(matrix[sigs], info.parent, info.depth, info.is_attr)
        host_models[host] = model
        host_weights[host] = model.keep.astype(np.float64)

    # Stage A per block.
    units: list[Unit] = []
    unit_keys: list[str] = []
    item_unit = np.empty(len(uniq), dtype=np.int64)
    total_blocks = len(block_names)
    for b in range(total_blocks):
        items = np.nonzero(item_block == b)[0]
        weights = host_weights[host_of_block[b]]
        result = cluster_block(matrix, item_sig[items], item_count[items], weights)
        for label in range(int(result.labels.max()) + 1):
            mem = items[result.labels == label]
            item_unit[mem] = len(units)
            units.append(Unit(rows=item_sig[mem], counts=item_count[mem], group=host_of_block[b]))
            unit_keys.append(format_cluster_key(block_names[b], label))
        emit(
            ProgressEvent("pass1-block-complete", blocks_processed=b + 1, total_blocks=total_blocks)
        )

    # Stage B across blocks, per host.
    emit(ProgressEvent("stage-b-start", unit_count=len(units)))
    item_cluster = np.empty(len(uniq), dtype=np.int64)
    cluster_keys: list[str] = []
    cluster_units: list[list[str]] = []
    shape_proj = shape_projection(corpus.tokens)
    for host in sorted(host_weights):
        idx = [i for i, u in enumerate(units) if u.group == host]
        groups = merge_units(matrix, [units[i] for i in idx], host_weights[host], shape_proj)
        for grp in groups:
            members = [idx[g] for g in grp]
            # The merged cluster keeps the key of its largest unit (ties: smallest key).
            sizes = [(-int(units[m].counts.sum()), unit_keys[m]) for m in members]
            key = min(sizes)[1]
            cid = len(cluster_keys)
            cluster_keys.append(key)
            cluster_units.append(sorted(unit_keys[m] for m in members))
            for m in members:
                item_cluster[item_unit == m] = cid
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
