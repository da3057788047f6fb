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

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import sparse

from .blocks import PageBlocks
from .features import BlockStats, subtree_sum

__all__ = [
    "CLUSTER_FEATURES",
    "DEFAULT_MIN_SCORE",
    "REFERENCES_PER_SLOT",
    "ClusterNoise",
    "cluster_noise",
    "noise_removal_mask",
]

#: The seed's minimum cosine score. Measured on the labelled documentation corpora
#: (``bench/extraction.py --sweep-min-score``): main-text F1 of the seed's own
#: removal rule is flat between 0.6 and 0.9 and falls off below 0.5.
DEFAULT_MIN_SCORE = 0.8

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

_WORD = re.compile(r"\w+")


@dataclass(slots=True)
class ClusterNoise:
    """Per page of a cluster: every block's max cosine and cluster features."""

    max_cosine: list[np.ndarray]
    noise_share: list[np.ndarray]
    features: list[np.ndarray]


def _tokens(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _own_vectors(
    texts: list[str], vocab: dict[str, int]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """CSR parts (indptr, indices, data) of L2-normalised word-count vectors."""
    indptr = [0]
    indices: list[int] = []
    data: list[float] = []
    for text in texts:
        counts = Counter(_tokens(text))
        norm = float(np.sqrt(sum(c * c for c in counts.values()))) or 1.0
        for tok, c in counts.items():
            idx = vocab.get(tok)
            if idx is None:
                idx = len(vocab)
                vocab[tok] = idx
            indices.append(idx)
            data.append(c / norm)
        indptr.append(len(indices))
    return (
        np.asarray(indptr, dtype=np.int64),
        np.asarray(indices, dtype=np.int64),
        np.asarray(data, dtype=np.float64),
    )


def _slot_max_cosine(
    texts: list[str],
    pages: np.ndarray,
    page_freq: np.ndarray,
    refs_per_slot: int,
) -> np.ndarray:
    """Max cosine of each distinct text with a reference text seen on another page.

    ``texts`` are the distinct own texts of one DOM path, ``pages`` a 0/1 matrix
    (text x page) of where each occurs, ``page_freq`` its number of pages.
    """
    n = len(texts)
    out = np.zeros(n, dtype=np.float64)
    multi = page_freq >= 2
    out[multi] = 1.0
    if n < 2:
        return out
    order = np.lexsort((np.arange(n), -page_freq))
    refs = order[:refs_per_slot]
    vocab: dict[str, int] = {}
    indptr, indices, data = _own_vectors(texts, vocab)
    x = sparse.csr_matrix((data, indices, indptr), shape=(n, max(len(vocab), 1)))
    sims = (x @ x[refs].T).toarray()
    # A reference from the same page (and only from it) does not count.
    shared = (pages @ pages[refs].T).toarray() > 0
    only_same = shared & (page_freq[:, None] <= 1) & (page_freq[refs][None, :] <= 1)
    sims[only_same] = 0.0
    best = sims.max(axis=1) if sims.size else np.zeros(n)
    return np.maximum(out, np.minimum(best, 1.0))


def _subtree_signatures(pb: PageBlocks, own_index: np.ndarray) -> list[int]:
    """A hash per block identifying its subtree's text (own texts of the subtree).

    Own-text indices are per DOM path, and a child's path follows from its
    parent's, so equal signatures at one path mean equal subtree text.
    """
    n = len(pb)
    child_sigs: list[list[int]] = [[] for _ in range(n)]
    sigs = [0] * n
    parent = pb.parent.tolist()
    own = own_index.tolist()
    for b in range(n - 1, -1, -1):
        kids = child_sigs[b]
        kids.reverse()
        sigs[b] = hash((own[b], *kids))
        p = parent[b]
        if p >= 0:
            child_sigs[p].append(sigs[b])
    return sigs


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
    slot_pages: dict[str, Counter[int]] = {}
    # Distinct own texts per path: text -> index, with the pages they occur on.
    slot_texts: dict[str, dict[str, int]] = {}
    slot_text_pages: dict[str, list[list[int]]] = {}
    block_text_index: list[np.ndarray] = []
    for pi, (pb, st) in enumerate(pages):
        idx = np.full(len(pb), -1, dtype=np.int64)
        for b, (path, text) in enumerate(zip(pb.paths, st.own_text, strict=True)):
            slot_pages.setdefault(path, Counter())[pi] += 1
            if not text:
                continue
            texts = slot_texts.setdefault(path, {})
            t = texts.get(text)
            if t is None:
                t = len(texts)
                texts[text] = t
                slot_text_pages.setdefault(path, []).append([pi])
            else:
                occ = slot_text_pages[path][t]
                if occ[-1] != pi:
                    occ.append(pi)
            idx[b] = t
        block_text_index.append(idx)

    # Per path and distinct text: page frequency, max cosine.
    slot_freq: dict[str, np.ndarray] = {}
    slot_cos: dict[str, np.ndarray] = {}
    for path, texts in slot_texts.items():
        occ = slot_text_pages[path]
        freq = np.fromiter((len(o) for o in occ), dtype=np.int64, count=len(occ))
        slot_freq[path] = freq
        if m < 2:
            slot_cos[path] = np.zeros(len(occ))
            continue
        rows = np.repeat(np.arange(len(occ)), freq)
        cols = np.fromiter((p for o in occ for p in o), dtype=np.int64, count=int(freq.sum()))
        inc = sparse.csr_matrix(
            (np.ones(len(rows), dtype=np.float64), (rows, cols)), shape=(len(occ), m)
        )
        slot_cos[path] = _slot_max_cosine(list(texts), inc, freq, refs_per_slot)

    max_cos: list[np.ndarray] = []
    noise_share: list[np.ndarray] = []
    features: list[np.ndarray] = []
    slot_weighted: dict[str, list[float]] = {}
    slot_subtexts: dict[str, set[int]] = {}
    slot_blocks: dict[str, int] = {}
    partial: list[tuple[np.ndarray, np.ndarray]] = []
    for pi, (pb, st) in enumerate(pages):
        n = len(pb)
        idx = block_text_index[pi]
        cos = np.zeros(n, dtype=np.float64)
        freq = np.zeros(n, dtype=np.float64)
        present = np.ones(n, dtype=np.float64)
        for b in np.flatnonzero(idx >= 0).tolist():
            path = pb.paths[b]
            t = idx[b]
            cos[b] = slot_cos[path][t]
            freq[b] = slot_freq[path][t]
            present[b] = len(slot_pages[path])
        own_chars = st.own[:, 0].astype(np.float64)
        chars = np.maximum(st.sub[:, 0].astype(np.float64), 1.0)
        repeated = (freq >= 2) & (m >= 2)
        frequent = repeated & (freq >= 0.5 * present)
        noisy = cos >= min_score
        rep_share = subtree_sum(pb.parent, pb.depth, np.where(repeated, own_chars, 0.0)) / chars
        freq_share = subtree_sum(pb.parent, pb.depth, np.where(frequent, own_chars, 0.0)) / chars
        n_share = subtree_sum(pb.parent, pb.depth, np.where(noisy, own_chars, 0.0)) / chars
        sigs = _subtree_signatures(pb, idx)
        max_cos.append(cos)
        noise_share.append(n_share)
        partial.append((rep_share, freq_share))
        for b, path in enumerate(pb.paths):
            w = float(st.sub[b, 0])
            acc = slot_weighted.setdefault(path, [0.0, 0.0])
            acc[0] += w * freq_share[b]
            acc[1] += w
            slot_blocks[path] = slot_blocks.get(path, 0) + 1
            if w:
                slot_subtexts.setdefault(path, set()).add(sigs[b])

    slot_stats: dict[str, tuple[float, float, float, float, float]] = {}
    for path, per_page in slot_pages.items():
        counts = list(per_page.values())
        absent = m - len(counts)
        tally = Counter(counts)
        if absent:
            tally[0] += absent
        modal = tally.most_common(1)[0][1]
        acc = slot_weighted.get(path, [0.0, 0.0])
        total_blocks = slot_blocks.get(path, 1)
        slot_stats[path] = (
            len(counts) / m,
            modal / m,
            float(np.log1p(sum(counts) / m)),
            acc[0] / acc[1] if acc[1] else 0.0,
            len(slot_subtexts.get(path, ())) / total_blocks,
        )
    log_m = float(np.log(m)) if m else 0.0
    for pi, (pb, _st) in enumerate(pages):
        rep_share, freq_share = partial[pi]
        f = np.zeros((len(pb), len(CLUSTER_FEATURES)), dtype=np.float64)
        f[:, 0] = rep_share
        f[:, 1] = freq_share
        f[:, 2] = noise_share[pi]
        f[:, 3] = max_cos[pi]
        if len(pb):
            f[:, 4:9] = np.array([slot_stats[p] for p in pb.paths], dtype=np.float64)
        f[:, 9] = log_m
        features.append(f)
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
