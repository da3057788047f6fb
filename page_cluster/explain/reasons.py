"""Why the pages of each final cluster belong together (``--cluster-reasons-file``).

One entry per final cluster, in the reference's JSON shape::

    {"memberCount", "blocking": [{"blockKey", "reason": {"kind", ...}}],
     "structuralCoreTokens", "landmarks": {<type>: {"presenceRate", "chromeRate",
     "shellTokens", "memberCountWithInstance"}}, "siblingClusterKeys"}

Everything is derived from what the clustering run already holds: the
deduplicated signature matrix, the per-token landmark information, the blocks
and the item-to-cluster assignment. No page is parsed again; the work is a few
sparse products over (clusters x signatures) plus small per-cluster steps, so
it grows with the number of clusters and the size of the signature matrix.

* ``structuralCoreTokens``: tokens on at least 80% of the members (the quorum
  core used by clustering).
* Landmark instances of a page are its landmark tokens grouped by the landmark
  element they sit in (``TokenInfo.landmark_root``); two elements with the same
  path are one instance, like duplicated instances in the reference.
* ``shellTokens`` of a type: tokens of that type whose member frequency clears
  the max-gap auto-cut of their frequency distribution, capped at 80%
  (the cap also serves when the distribution has no gap). They are written
  relative to the landmark element (``body>header.site>nav``), the form
  :func:`~page_cluster.explain.landmarks.landmark_instance_tokens` gives for an
  instance extracted from a page, so the two compare directly.
* ``chromeRate``: share of the type's instances (counted per page) whose tokens
  are at least 80% shell tokens (:func:`is_chrome_landmark_instance`).
* ``siblingClusterKeys``: other final clusters sharing a block with this one.

Run fields read: ``corpus`` (``matrix``, ``tokens``, ``info.landmark``,
``info.landmark_root``), ``blocking`` (``reasons``, ``orphan_path_keys``),
``block_names``, ``page_item``, ``item_block``, ``item_sig``, ``item_count``,
``item_cluster`` and ``cluster_keys``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import scipy.sparse as sp

from ..clustering.autocut import auto_cut_threshold
from ..clustering.blocking import BlockingReason
from ..signatures.corpus import LANDMARK_CODES
from .landmarks import CHROME_CONTAINMENT

if TYPE_CHECKING:
    from ..clustering.pipeline import ClusterRun

__all__ = ["CORE_QUORUM", "SHELL_QUORUM_CAP", "build_cluster_reasons", "relative_landmark_token"]

#: Share of members a token must be on to be in the structural core.
CORE_QUORUM = 0.8
#: Upper bound of the shell cut: the auto-cut may loosen it, never tighten it.
SHELL_QUORUM_CAP = 0.8
#: Items processed per chunk when classifying landmark instances.
ITEM_CHUNK = 20_000


def relative_landmark_token(token: str, root: str) -> str:
    """A landmark token rewritten as if its landmark element were the page.

    >>> relative_landmark_token("body>.wrap>header.site>nav>a", "body>.wrap>header.site")
    'body>header.site>nav>a'
    """
    cut = root.rfind(">")
    return "body>" + token[cut + 1 :] if cut >= 0 else token


def _final_clusters(
    run: ClusterRun, key_map: Mapping[str, str] | None
) -> tuple[list[str], np.ndarray]:
    """Sorted final keys and each item's final cluster index (after merges)."""
    mapped = [key_map.get(k, k) if key_map else k for k in run.cluster_keys]
    keys = sorted(set(mapped))
    index = {k: i for i, k in enumerate(keys)}
    of_cluster = np.asarray([index[k] for k in mapped], dtype=np.int64)
    return keys, of_cluster[run.item_cluster] if len(run.item_cluster) else run.item_cluster


def _shells(
    freq: sp.csr_matrix, sizes: np.ndarray, landmark: np.ndarray
) -> tuple[sp.csr_matrix, dict[tuple[int, int], np.ndarray]]:
    """Shell tokens per (cluster, landmark type), as a cluster x token indicator."""
    rows, cols = [], []
    per_type: dict[tuple[int, int], np.ndarray] = {}
    for c in range(freq.shape[0]):
        lo, hi = freq.indptr[c], freq.indptr[c + 1]
        toks = freq.indices[lo:hi]
        share = freq.data[lo:hi] / sizes[c]
        types = landmark[toks]
        for code in np.unique(types[types >= 0]).tolist():
            sel = types == code
            cut = auto_cut_threshold(share[sel])
            cut = SHELL_QUORUM_CAP if cut is None else min(cut, SHELL_QUORUM_CAP)
            shell = np.sort(toks[sel][share[sel] >= cut - 1e-9])
            per_type[(c, code)] = shell
            rows.append(np.full(len(shell), c))
            cols.append(shell)
    r = np.concatenate(rows) if rows else np.empty(0, np.int64)
    k = np.concatenate(cols) if cols else np.empty(0, np.int64)
    indicator = sp.csr_matrix((np.ones(len(r)), (r, k)), shape=freq.shape)
    return indicator, per_type


def _instance_counts(
    run: ClusterRun, item_final: np.ndarray, shell: sp.csr_matrix, n_final: int
) -> tuple[np.ndarray, np.ndarray]:
    """Pages-weighted landmark instances and chrome instances per (cluster, type)."""
    info = run.corpus.info
    matrix = run.corpus.matrix
    n_types = len(LANDMARK_CODES)
    total = np.zeros((n_final, n_types))
    chrome = np.zeros((n_final, n_types))
    lm_cols = np.nonzero(info.landmark >= 0)[0]
    if lm_cols.size == 0 or len(run.item_sig) == 0:
        return total, chrome
    landmark_part = matrix[:, lm_cols].tocsr()
    root = info.landmark_root[lm_cols].astype(np.int64)
    root = np.where(root >= 0, root, lm_cols)  # a root missing from the vocabulary: own instance
    n_vocab = matrix.shape[1]
    for start in range(0, len(run.item_sig), ITEM_CHUNK):
        items = np.arange(start, min(start + ITEM_CHUNK, len(run.item_sig)))
        sub = landmark_part[run.item_sig[items]].tocoo()
        if sub.nnz == 0:
            continue
        item = items[sub.row]
        token = lm_cols[sub.col]
        final = item_final[item]
        in_shell = np.asarray(shell[final, token]).ravel() > 0
        key = item * n_vocab + root[sub.col]
        uniq, inverse = np.unique(key, return_inverse=True)
        size = np.bincount(inverse)
        hits = np.bincount(inverse, weights=in_shell.astype(np.float64))
        inst_item = uniq // n_vocab
        inst_type = info.landmark[uniq % n_vocab].astype(np.int64)
        weight = run.item_count[inst_item].astype(np.float64)
        is_chrome = hits / size >= CHROME_CONTAINMENT - 1e-9
        np.add.at(total, (item_final[inst_item], inst_type), weight)
        np.add.at(chrome, (item_final[inst_item], inst_type), weight * is_chrome)
    return total, chrome


def _blocking_entries(
    run: ClusterRun, item_final: np.ndarray, n_final: int
) -> list[list[dict[str, Any]]]:
    out: list[list[dict[str, Any]]] = [[] for _ in range(n_final)]
    reasons = run.blocking.reasons
    pairs = np.unique(np.stack([item_final, run.item_block]), axis=1) if len(item_final) else None
    if pairs is not None:
        for c, b in zip(pairs[0].tolist(), pairs[1].tolist(), strict=True):
            key = run.block_names[b]
            reason = reasons.get(key)
            kind, _, value = key.partition(":")
            body = reason.to_json() if reason else BlockingReason(kind, value).to_json()
            out[c].append({"blockKey": key, "reason": body})
    orphans = run.blocking.orphan_path_keys
    if orphans:
        pages = np.fromiter(orphans.keys(), dtype=np.int64, count=len(orphans))
        final = item_final[run.page_item[pages]]
        seen = sorted(set(zip(final.tolist(), (orphans[p] for p in pages.tolist()), strict=True)))
        for c, path_key in seen:
            reason = reasons.get(path_key)
            section = reason.value if reason else path_key.partition(":")[2]
            body = BlockingReason("orphanMerge", section).to_json()
            out[c].append({"blockKey": path_key, "reason": body})
    for entries in out:
        entries.sort(key=lambda e: (e["reason"]["kind"] == "orphanMerge", e["blockKey"]))
    return out


def build_cluster_reasons(
    run: ClusterRun, key_map: Mapping[str, str] | None = None
) -> dict[str, dict[str, Any]]:
    """Reason entries keyed by final cluster key (sorted), in the JSON shape.

    ``key_map`` renames clusters after validated merges (old key -> surviving
    key); clusters mapped to one key are described together.
    """
    keys, item_final = _final_clusters(run, key_map)
    n_final = len(keys)
    if n_final == 0:
        return {}
    corpus = run.corpus
    n_sig = corpus.matrix.shape[0]
    # Pages of each final cluster, per signature (a cluster x signature count matrix).
    # float32 like the signature matrix, so the products do not copy it (page
    # counts are exact in float32 up to 16 million pages per cluster).
    members = sp.csr_matrix(
        (run.item_count.astype(np.float32), (item_final, run.item_sig)), shape=(n_final, n_sig)
    )
    sizes = np.asarray(members.sum(axis=1), dtype=np.float64).ravel()
    freq = (members @ corpus.matrix).tocsr()
    freq.sort_indices()
    landmark = corpus.info.landmark.astype(np.int64)

    # Pages carrying each landmark type.
    n_types = len(LANDMARK_CODES)
    lm = np.nonzero(landmark >= 0)[0]
    type_of = sp.csr_matrix(
        (np.ones(len(lm), dtype=np.float32), (lm, landmark[lm])),
        shape=(corpus.matrix.shape[1], n_types),
    )
    has_type = ((corpus.matrix @ type_of) > 0).astype(np.float32)
    with_instance = np.asarray((members @ has_type).todense(), dtype=np.float64)

    shell, shell_tokens = _shells(freq, sizes, landmark)
    total, chrome = _instance_counts(run, item_final, shell, n_final)
    blocking = _blocking_entries(run, item_final, n_final)

    incidence = sp.csr_matrix(
        (np.ones(len(item_final)), (item_final, run.item_block)),
        shape=(n_final, max(len(run.block_names), 1)),
    )
    incidence.data[:] = 1.0
    siblings = (incidence @ incidence.T).tocsr()
    siblings.sort_indices()

    tokens = corpus.tokens
    roots = corpus.info.landmark_root
    out: dict[str, dict[str, Any]] = {}
    for c, key in enumerate(keys):
        lo, hi = freq.indptr[c], freq.indptr[c + 1]
        core = freq.indices[lo:hi][freq.data[lo:hi] >= CORE_QUORUM * sizes[c] - 1e-9]
        landmarks: dict[str, Any] = {}
        for code, name in enumerate(LANDMARK_CODES):
            count = int(np.rint(with_instance[c, code]))
            if count == 0:
                continue
            shell_ids = shell_tokens.get((c, code), np.empty(0, np.int64))
            shell_strings = sorted(
                {
                    relative_landmark_token(tokens[t], tokens[roots[t]])
                    if roots[t] >= 0
                    else tokens[t]
                    for t in shell_ids.tolist()
                }
            )
            landmarks[name] = {
                "presenceRate": count / sizes[c],
                "chromeRate": chrome[c, code] / total[c, code] if total[c, code] > 0 else 0.0,
                "shellTokens": shell_strings,
                "memberCountWithInstance": count,
            }
        lo, hi = siblings.indptr[c], siblings.indptr[c + 1]
        out[key] = {
            "memberCount": int(np.rint(sizes[c])),
            "blocking": blocking[c],
            "structuralCoreTokens": [tokens[t] for t in core.tolist()],
            "landmarks": landmarks,
            "siblingClusterKeys": [keys[s] for s in siblings.indices[lo:hi].tolist() if s != c],
        }
    return out
