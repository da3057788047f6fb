"""Cross-page template noise within one cluster (the HTML noise reducer seed).

The seed: cut every page of a batch of same-kind pages into blocks, turn each
block into a vector, and call a block noise when its cosine similarity with a
block of *another* page reaches a minimum score; a block is removed only when it
and all its descendants are noise. Our clusters are such batches.

How it is made to scale: a block's vector is its DOM path plus the words of the
text it holds directly (child blocks have their own vectors, and a container's
verdict follows from its descendants, as the seed's removal rule requires).
Exact repeats (same path, same text) are found by hashing in linear time and
score 1. The others are compared only with blocks at the same DOM path, and only
with a bounded set of reference blocks of that path (the texts seen on the most
pages, ties broken by first appearance), so that the cost grows linearly with the
cluster, never with the number of page pairs.

Besides the seed's verdict this module measures, per block, how template-like its
slot (its DOM path) is across the cluster: those figures are features of the
block classifier (:mod:`page_cluster.content.classify`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import sparse

from .blocks import PageBlocks
from .features import BlockStats, tree_sum

__all__ = [
    "CLUSTER_FEATURES",
    "DEFAULT_MIN_SCORE",
    "REFERENCES_PER_SLOT",
    "ClusterNoise",
    "cluster_noise",
    "noise_removal_mask",
]

#: The seed's minimum cosine score. Measured on the labelled documentation corpora
#: with the seed's own removal rule (``bench/extraction.py --sweep-min-score``):
#: main-text F1 rises with the score on every corpus, 0.9 is within 0.01 of exact
#: copies only (1.0) everywhere, and below 0.8 it falls off quickly (on javadoc8
#: from 0.62 at 0.9 to 0.39 at 0.5). 0.9 keeps near-copies (a changed date or
#: count) as noise at that cost.
DEFAULT_MIN_SCORE = 0.9

#: Reference blocks per DOM path that every block of that path is compared with.
REFERENCES_PER_SLOT = 32

#: Columns of :attr:`ClusterNoise.features` (one row per block of a page).
CLUSTER_FEATURES: tuple[str, ...] = (
    "repeat_share",  # subtree text in blocks repeated exactly on another page
    "frequent_share",  # ... repeated on at least half the pages that have the path
    "noise_share",  # ... with cosine >= min_score to a block of another page
    "max_cosine",  # the block's own best cosine with another page's block
    "slot_presence",  # share of the cluster's pages that have the block's path
    "slot_constancy",  # share of pages with the modal number of blocks at the path
    "slot_log_count",  # log of the mean number of blocks per page at the path
    "slot_frequent_share",  # mean frequent_share of the path's blocks (char-weighted)
    "slot_diversity",  # distinct subtree texts / blocks at the path
    "log_cluster_size",
)


@dataclass(slots=True)
class ClusterNoise:
    """Per page of a cluster: every block's max cosine and cluster features."""

    max_cosine: list[np.ndarray]
    noise_share: list[np.ndarray]
    features: list[np.ndarray]


#: Blocks with more words than this are not compared (they are never near-copies
#: of template text; exact copies are still found).
MAX_COMPARED_WORDS = 50
#: Words turned into ids at a time when texts are vectorised.
WORD_BATCH = 1 << 16


def _subtree_signatures(pb: PageBlocks, unit_weight: np.ndarray) -> np.ndarray:
    """A number per block identifying its subtree's text: the sum of a fixed random
    weight per (path, own text) unit over the subtree (equal texts, equal sums)."""
    return np.round(tree_sum(pb, unit_weight), 9)


def _near_copy_cosine(
    unit_text: list[str],
    unit_slot: np.ndarray,
    unit_freq: np.ndarray,
    unit_page: np.ndarray,
    refs_per_slot: int,
) -> np.ndarray:
    """Seed cosine of each unit with its slot's reference units on other pages.

    Units seen on two or more pages score 1 (an exact copy elsewhere). A unit seen
    on one page only is compared with the ``refs_per_slot`` units of its slot seen
    on the most pages (ties: first seen). Word vectors use slot-specific token ids,
    so one sparse product compares every unit with its own slot's references only.
    """
    n = len(unit_text)
    cos = np.where(unit_freq >= 2, 1.0, 0.0)
    if n == 0:
        return cos
    # Reference units: per slot, highest page frequency first, then first seen.
    order = np.lexsort((np.arange(n), -unit_freq, unit_slot))
    slot_sorted = unit_slot[order]
    first = np.r_[0, np.flatnonzero(np.diff(slot_sorted)) + 1]
    rank = np.arange(n) - np.repeat(first, np.diff(np.r_[first, n]))
    refs = np.sort(order[rank < refs_per_slot])
    # Only units with siblings in their slot and no exact copy need comparing.
    slot_size = np.bincount(unit_slot)
    query = np.flatnonzero((unit_freq < 2) & (slot_size[unit_slot] >= 2))
    if len(query) == 0 or len(refs) == 0:
        return cos
    vectors = _slot_word_vectors(
        [unit_text[u] for u in refs.tolist() + query.tolist()], unit_slot[np.r_[refs, query]]
    )
    rv, qv = vectors[: len(refs)], vectors[len(refs) :]
    sims = (qv @ rv.T).tocoo()
    rows, cols, vals = sims.row, sims.col, sims.data
    # A reference seen only on the query's own page is not "another page".
    same = (unit_freq[refs[cols]] < 2) & (unit_page[refs[cols]] == unit_page[query[rows]])
    same |= refs[cols] == query[rows]
    vals = np.where(same, 0.0, np.minimum(vals, 1.0))
    best = np.zeros(len(query))
    np.maximum.at(best, rows, vals)
    cos[query] = best
    return cos


def _slot_word_vectors(texts: list[str], slots: np.ndarray) -> sparse.csr_matrix:
    """Each text's word counts over their Euclidean norm, one row per text.

    A column is a (slot, word) pair, so rows only meet rows of their own slot.
    Columns are numbered by first appearance and each row lists its words in
    the order they first appear in it: the product of two such matrices then
    adds its terms in a fixed order, whatever else changes. A text of more than
    :data:`MAX_COMPARED_WORDS` words is an empty row (not compared). The words
    are looked up once each; counting and norms are numpy.
    """
    n = len(texts)
    word_id: dict[str, int] = {}
    id_parts: list[np.ndarray] = []
    words: list[str] = []
    lengths = np.zeros(n, dtype=np.int64)

    def flush() -> None:
        # Words become ids a batch at a time, so the word strings of a large
        # cluster are never all held at once.
        for w in dict.fromkeys(words):
            if w not in word_id:
                word_id[w] = len(word_id)
        id_parts.append(np.fromiter(map(word_id.__getitem__, words), np.int64, len(words)))
        words.clear()

    for r, text in enumerate(texts):
        split = text.lower().split()
        if len(split) <= MAX_COMPARED_WORDS:
            lengths[r] = len(split)
            words += split
            if len(words) >= WORD_BATCH:
                flush()
    flush()
    ids = np.concatenate(id_parts)
    if len(ids) == 0:
        return sparse.csr_matrix((n, 1))
    row = np.repeat(np.arange(n, dtype=np.int64), lengths)
    key = slots.astype(np.int64)[row] * len(word_id) + ids
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    rank = np.empty(len(first), dtype=np.int64)
    rank[np.argsort(first, kind="stable")] = np.arange(len(first))
    col = rank[inverse.ravel()]
    # One entry per (row, column), in order of its first word in the row.
    _, at, counts = np.unique(row * len(first) + col, return_index=True, return_counts=True)
    at_order = np.argsort(at, kind="stable")
    at, counts = at[at_order], counts[at_order]
    entry_row = row[at]
    norm = np.sqrt(np.bincount(entry_row, weights=counts.astype(np.float64) ** 2, minlength=n))
    data = counts / np.where(norm > 0, norm, 1.0)[entry_row]
    indptr = np.r_[0, np.cumsum(np.bincount(entry_row, minlength=n))]
    return sparse.csr_matrix((data, col[at], indptr), shape=(n, len(first)))


@dataclass(slots=True)
class _UnitIndex:
    """Every block of a cluster as a slot (its DOM path) and a unit (its own text at
    that path), numbered over the whole cluster so that repeats are found by number.
    """

    n_slots: int
    unit_text: list[str]
    #: Per unit: its slot, the first page holding it and the number of pages holding it.
    unit_slot: np.ndarray
    unit_page: np.ndarray
    unit_freq: np.ndarray
    #: Per page, per block: its slot and its unit (-1 without own text).
    block_slot: list[np.ndarray]
    block_unit: list[np.ndarray]


def _index_units(pages: Sequence[tuple[PageBlocks, BlockStats]]) -> _UnitIndex:
    """Number the cluster's slots and units, in order of first appearance."""
    m = len(pages)
    slot_ids: dict[str, int] = {}
    unit_ids: dict[tuple[int, str], int] = {}
    unit_text: list[str] = []
    unit_slot_list: list[int] = []
    unit_first_page: list[int] = []
    block_slot: list[np.ndarray] = []
    block_unit: list[np.ndarray] = []
    pair_unit: list[np.ndarray] = []
    pair_page: list[np.ndarray] = []
    for pi, (pb, st) in enumerate(pages):
        slots = np.fromiter(
            (slot_ids.setdefault(p, len(slot_ids)) for p in pb.paths), dtype=np.int64, count=len(pb)
        )
        units = np.full(len(pb), -1, dtype=np.int64)
        for b, text in enumerate(st.own_text):
            if text:
                key = (int(slots[b]), text)
                u = unit_ids.get(key)
                if u is None:
                    u = len(unit_text)
                    unit_ids[key] = u
                    unit_text.append(text)
                    unit_slot_list.append(key[0])
                    unit_first_page.append(pi)
                units[b] = u
        block_slot.append(slots)
        block_unit.append(units)
        has = units[units >= 0]
        pair_unit.append(has)
        pair_page.append(np.full(len(has), pi, dtype=np.int64))
    return _UnitIndex(
        n_slots=len(slot_ids),
        unit_text=unit_text,
        unit_slot=np.asarray(unit_slot_list, dtype=np.int64),
        unit_page=np.asarray(unit_first_page, dtype=np.int64),
        unit_freq=_unit_frequency(pair_unit, pair_page, len(unit_text), m),
        block_slot=block_slot,
        block_unit=block_unit,
    )


def _unit_frequency(
    pair_unit: list[np.ndarray], pair_page: list[np.ndarray], n_units: int, m: int
) -> np.ndarray:
    """The number of pages each unit appears on (a unit twice on one page counts once;
    capped at 1 for a page alone, which has no other page to repeat it)."""
    if n_units:
        pairs = np.unique(np.concatenate(pair_unit) * max(m, 1) + np.concatenate(pair_page))
        unit_freq = np.bincount(pairs // max(m, 1), minlength=n_units)
    else:
        unit_freq = np.zeros(0, dtype=np.int64)
    if m < 2:
        unit_freq = np.minimum(unit_freq, 1)
    return unit_freq


def _slot_presence(
    block_slot: list[np.ndarray], m: int, n_slots: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per slot: pages that have it, its blocks over all pages, and pages with its
    modal number of blocks (pages without the slot count as having zero): how fixed
    a part of the template the slot is."""
    all_slots = np.concatenate(block_slot) if block_slot else np.zeros(0, dtype=np.int64)
    all_pages = np.concatenate([np.full(len(s), i) for i, s in enumerate(block_slot)]) if m else []
    sp, sp_count = np.unique(
        all_slots * max(m, 1) + np.asarray(all_pages, dtype=np.int64), return_counts=True
    )
    sp_slot = sp // max(m, 1)
    presence = np.bincount(sp_slot, minlength=n_slots)
    per_slot_total = np.bincount(sp_slot, weights=sp_count, minlength=n_slots)
    sc, sc_pages = np.unique(
        sp_slot * (int(sp_count.max(initial=0)) + 1) + sp_count, return_counts=True
    )
    sc_slot = sc // (int(sp_count.max(initial=0)) + 1)
    modal = np.zeros(n_slots)
    np.maximum.at(modal, sc_slot, sc_pages)
    modal = np.maximum(modal, m - presence)
    return presence, per_slot_total, modal


def _block_shares(
    pb: PageBlocks,
    st: BlockStats,
    units: np.ndarray,
    slots: np.ndarray,
    idx: _UnitIndex,
    unit_cos: np.ndarray,
    presence: np.ndarray,
    min_score: float,
) -> tuple[np.ndarray, np.ndarray]:
    """One page's blocks: their own best cosine, and the shares of their subtree text
    that is repeated, frequent and noise (columns of the returned matrix).

    Shares, not flags, because a container's verdict follows from the text of its
    descendants (the seed's removal rule).
    """
    has = units >= 0
    cos = np.zeros(len(pb))
    freq = np.zeros(len(pb))
    cos[has] = unit_cos[units[has]]
    freq[has] = idx.unit_freq[units[has]]
    own_chars = st.own[:, 0].astype(np.float64)
    chars = np.maximum(st.sub[:, 0].astype(np.float64), 1.0)
    repeated = freq >= 2
    frequent = repeated & (freq >= 0.5 * presence[slots])
    noisy = cos >= min_score
    shares = (
        tree_sum(pb, own_chars[:, None] * np.column_stack([repeated, frequent, noisy]))
        / chars[:, None]
    )
    return cos, shares


@dataclass(slots=True)
class _SlotSums:
    """What the cluster's pages add up per slot: text-weighted frequent shares and the
    (slot, subtree signature) pairs whose distinct count measures the slot's diversity."""

    weight: np.ndarray
    weighted: np.ndarray
    sig_slots: list[np.ndarray]
    sig_values: list[np.ndarray]

    def add_page(
        self, slots: np.ndarray, w: np.ndarray, freq_share: np.ndarray, sigs: np.ndarray
    ) -> None:
        """Add one page's blocks (``w`` their subtree text lengths)."""
        np.add.at(self.weight, slots, w)
        np.add.at(self.weighted, slots, w * freq_share)
        with_text = w > 0
        self.sig_slots.append(slots[with_text])
        self.sig_values.append(sigs[with_text])


def _slot_table(
    sums: _SlotSums,
    presence: np.ndarray,
    modal: np.ndarray,
    per_slot_total: np.ndarray,
    m: int,
    n_slots: int,
) -> np.ndarray:
    """The slot columns of the features (``slot_presence`` .. ``slot_diversity``), one
    row per slot."""
    mm = max(m, 1)
    slot_table = np.zeros((n_slots, 5))
    if n_slots:
        slot_table[:, 0] = presence / mm
        slot_table[:, 1] = modal / mm
        slot_table[:, 2] = np.log1p(per_slot_total / mm)
        slot_table[:, 3] = np.divide(
            sums.weighted, sums.weight, out=np.zeros(n_slots), where=sums.weight > 0
        )
        distinct = np.zeros(n_slots)
        if sums.sig_slots:
            pairs = np.unique(
                np.column_stack([np.concatenate(sums.sig_slots), np.concatenate(sums.sig_values)]),
                axis=0,
            )
            distinct = np.bincount(pairs[:, 0].astype(np.int64), minlength=n_slots)
        slot_table[:, 4] = distinct / np.maximum(per_slot_total, 1)
    return slot_table


def _feature_rows(
    shares: np.ndarray, max_cos: np.ndarray, slot_rows: np.ndarray, log_m: float
) -> np.ndarray:
    """One page's :data:`CLUSTER_FEATURES` matrix from its shares and its slots' rows."""
    f = np.zeros((len(max_cos), len(CLUSTER_FEATURES)), dtype=np.float64)
    f[:, 0] = shares[:, 0]
    f[:, 1] = shares[:, 1]
    f[:, 2] = shares[:, 2]
    f[:, 3] = max_cos
    f[:, 4:9] = slot_rows
    f[:, 9] = log_m
    return f


def cluster_noise(
    pages: Sequence[tuple[PageBlocks, BlockStats]],
    *,
    min_score: float = DEFAULT_MIN_SCORE,
    refs_per_slot: int = REFERENCES_PER_SLOT,
) -> ClusterNoise:
    """Template-noise figures of every block of every page of one cluster.

    A page alone in its cluster gets zeros (no sibling to repeat anything).

    >>> from page_cluster.content.blocks import segment_html
    >>> from page_cluster.content.features import block_stats
    >>> htmls = [f"<div class=nav><a href=/>Home</a></div><p>Story number {i} is here.</p>"
    ...          for i in range(3)]
    >>> pbs = [segment_html(h) for h in htmls]
    >>> cn = cluster_noise([(pb, block_stats(pb)) for pb in pbs])
    >>> cn.max_cosine[0].round(2).tolist()  # body, .nav, p
    [0.0, 1.0, 0.8]
    """
    m = len(pages)
    idx = _index_units(pages)
    n_units, n_slots = len(idx.unit_text), idx.n_slots
    unit_cos = (
        _near_copy_cosine(idx.unit_text, idx.unit_slot, idx.unit_freq, idx.unit_page, refs_per_slot)
        if m >= 2
        else np.zeros(n_units)
    )
    presence, per_slot_total, modal = _slot_presence(idx.block_slot, m, n_slots)

    max_cos: list[np.ndarray] = []
    all_shares: list[np.ndarray] = []
    sums = _SlotSums(np.zeros(n_slots), np.zeros(n_slots), [], [])
    weights = np.r_[np.random.default_rng(0).random(n_units), 0.0]
    for pi, (pb, st) in enumerate(pages):
        units, slots = idx.block_unit[pi], idx.block_slot[pi]
        cos, shares = _block_shares(pb, st, units, slots, idx, unit_cos, presence, min_score)
        max_cos.append(cos)
        all_shares.append(shares)
        sigs = _subtree_signatures(pb, weights[units])
        sums.add_page(slots, st.sub[:, 0].astype(np.float64), shares[:, 1], sigs)

    slot_table = _slot_table(sums, presence, modal, per_slot_total, m, n_slots)
    log_m = float(np.log(m)) if m else 0.0
    features = [
        _feature_rows(shares, cos, slot_table[slots], log_m)
        for shares, cos, slots in zip(all_shares, max_cos, idx.block_slot, strict=True)
    ]
    noise_share = [shares[:, 2] for shares in all_shares]
    return ClusterNoise(max_cosine=max_cos, noise_share=noise_share, features=features)


def noise_removal_mask(pb: PageBlocks, st: BlockStats, noise_share: np.ndarray) -> np.ndarray:
    """The seed's removal rule: blocks that are noise together with all descendants.

    A block holding text is removed when every character of its subtree sits in a
    noise block; removing a block removes its subtree. Returns a mask over runs
    (``True`` = the run is removed).
    """
    n = len(pb)
    if n == 0:
        return np.zeros(0, dtype=bool)
    has_text = st.sub[:, 0] > 0
    removed = has_text & (noise_share >= 1.0 - 1e-9)
    removed[0] = False  # never the whole page
    # Removing a block removes its subtree: propagate down in document order.
    parent = pb.parent
    for b in range(1, n):
        if removed[parent[b]]:
            removed[b] = True
    return removed[pb.run_block] if len(pb.runs) else np.zeros(0, dtype=bool)
