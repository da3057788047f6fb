"""Cluster cohesion: how much the members of one cluster agree with each other.

A cluster glued together from unrelated templates can still have a non-empty
shared core (the site chrome every page carries), so the core alone does not
reveal an over-merge. The distribution of pairwise token-set Jaccard
similarities does: members of one template mostly agree, a glued cluster has
many pairs that disagree. The distribution is reported (median, 10th
percentile, minimum), not a single average that partial-overlap noise would
pull to the middle.

Large clusters are sampled: at most ``max_sample_size`` members, drawn with a
generator seeded by the cluster key from the members ordered by token set, so
the same partition always gives the same report whatever the page order.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from .data import ClusteredCorpus, clustered_corpus_from_pages
from .pairs import grouped_pair_jaccard

__all__ = [
    "DEFAULT_MAX_SAMPLE_SIZE",
    "DEFAULT_SUSPICIOUS_MEDIAN_BELOW",
    "ClusterCohesion",
    "CohesionPairs",
    "cohesion_pair_similarities",
    "compute_cluster_cohesion",
    "sample_members",
]

#: Members compared per cluster: 40 members give 780 pairs, cheap for any
#: number of clusters and enough for stable quantiles.
DEFAULT_MAX_SAMPLE_SIZE = 40
#: A cluster whose median pairwise similarity falls below this is flagged
#: ``suspicious`` (the reference's value). On the labelled documentation corpora
#: (``bench/cohesion_calibration.py``) it flags 97% of clusters glued from two
#: templates, and also half of the genuine templates whose pages vary a lot in
#: content: the flag asks for a look, it is not a verdict.
DEFAULT_SUSPICIOUS_MEDIAN_BELOW = 0.75


@dataclass(frozen=True, slots=True)
class ClusterCohesion:
    """One cluster's agreement summary (``None`` quantiles: fewer than 2 sampled)."""

    cluster_key: str
    member_count: int
    sampled_member_count: int
    median_pair_similarity: float | None
    p10_pair_similarity: float | None
    min_pair_similarity: float | None
    suspicious: bool

    def to_json(self) -> dict:
        return {
            "clusterKey": self.cluster_key,
            "memberCount": self.member_count,
            "sampledMemberCount": self.sampled_member_count,
            "medianPairSimilarity": self.median_pair_similarity,
            "p10PairSimilarity": self.p10_pair_similarity,
            "minPairSimilarity": self.min_pair_similarity,
            "suspicious": self.suspicious,
        }


def _seed(key: str) -> int:
    return int.from_bytes(hashlib.blake2b(key.encode("utf-8", "replace"), digest_size=8).digest())


def sample_members(members: np.ndarray, key: str, max_sample_size: int) -> np.ndarray:
    """A deterministic sample (sorted) of ``members``, seeded by ``key``."""
    if len(members) <= max_sample_size:
        return members
    rng = np.random.default_rng(_seed(key))
    return np.sort(members[rng.choice(len(members), size=max_sample_size, replace=False)])


def _summaries(
    keys: list[str],
    member_counts: np.ndarray,
    sampled: np.ndarray,
    pair_cluster: np.ndarray,
    sims: np.ndarray,
    below: float,
) -> list[ClusterCohesion]:
    """Median / nearest-rank p10 / min per cluster from one array of pair similarities."""
    order = np.lexsort((sims, pair_cluster))
    pair_cluster, sims = pair_cluster[order], sims[order]
    n_pairs = np.bincount(pair_cluster, minlength=len(keys))
    start = np.cumsum(n_pairs) - n_pairs
    out = []
    for c, key in enumerate(keys):
        k = int(n_pairs[c])
        if k == 0:
            out.append(
                ClusterCohesion(
                    key, int(member_counts[c]), int(sampled[c]), None, None, None, False
                )
            )
            continue
        s = start[c]
        median = float((sims[s + (k - 1) // 2] + sims[s + k // 2]) / 2)
        p10 = float(sims[s + int(np.floor(0.1 * (k - 1)))])  # nearest rank, as the reference
        out.append(
            ClusterCohesion(
                key,
                int(member_counts[c]),
                int(sampled[c]),
                median,
                p10,
                float(sims[s]),
                median < below,
            )
        )
    return out


@dataclass(frozen=True, slots=True)
class CohesionPairs:
    """Every sampled within-cluster pair and its similarity (what cohesion summarises).

    ``pair_cluster[k]`` indexes ``cluster_keys`` (sorted, as in the partition);
    ``similarities[k]`` is that pair's token-set Jaccard similarity. A viewer
    can draw the whole distribution from it; :func:`compute_cluster_cohesion`
    reduces it to median / p10 / min.
    """

    cluster_keys: list[str]
    member_counts: np.ndarray
    sampled_counts: np.ndarray
    pair_cluster: np.ndarray
    similarities: np.ndarray


def cohesion_pair_similarities(
    cc: ClusteredCorpus, *, max_sample_size: int = DEFAULT_MAX_SAMPLE_SIZE
) -> CohesionPairs:
    """Pairwise similarities of the sampled members of every cluster, all at once.

    >>> from .data import clustered_corpus_from_pages
    >>> cc = clustered_corpus_from_pages([{"clusterKey": "k", "tokens": t}
    ...                                   for t in (["a"], ["a"], ["a", "b"])])
    >>> pairs = cohesion_pair_similarities(cc)
    >>> pairs.pair_cluster.tolist(), pairs.similarities.tolist()
    ([0, 0, 0], [1.0, 0.5, 0.5])
    """
    if max_sample_size < 2:
        raise ValueError("max_sample_size must be at least 2")
    n_clusters = len(cc.cluster_keys)
    # Members of every cluster, ordered by token set (input-order independent).
    order = np.lexsort((np.arange(cc.n_pages), cc.page_sig, cc.page_cluster))
    bounds = np.searchsorted(cc.page_cluster[order], np.arange(n_clusters + 1))
    member_counts = np.diff(bounds)
    samples = [
        sample_members(order[bounds[c] : bounds[c + 1]], key, max_sample_size)
        if member_counts[c] > max_sample_size
        else order[bounds[c] : bounds[c + 1]]
        for c, key in enumerate(cc.cluster_keys)
    ]
    sampled = np.asarray([len(x) for x in samples], dtype=np.int64)
    pages = np.concatenate(samples) if samples else np.empty(0, np.int64)
    label = np.repeat(np.arange(n_clusters), sampled)
    # Every pair of sampled members within a cluster, all clusters at once.
    a, _, sims = grouped_pair_jaccard(cc.matrix, cc.page_sig[pages], label)
    return CohesionPairs(list(cc.cluster_keys), member_counts, sampled, label[a], sims)


def _cohesion_of_corpus(
    cc: ClusteredCorpus, max_sample_size: int, below: float
) -> list[ClusterCohesion]:
    pairs = cohesion_pair_similarities(cc, max_sample_size=max_sample_size)
    return _summaries(
        pairs.cluster_keys,
        pairs.member_counts,
        pairs.sampled_counts,
        pairs.pair_cluster,
        pairs.similarities,
        below,
    )


def compute_cluster_cohesion(
    members_by_key: ClusteredCorpus | Mapping[str, Sequence[Iterable[str]]],
    *,
    max_sample_size: int = DEFAULT_MAX_SAMPLE_SIZE,
    suspicious_median_below: float = DEFAULT_SUSPICIOUS_MEDIAN_BELOW,
) -> list[ClusterCohesion]:
    """Pairwise-similarity distribution of every cluster, sorted by cluster key.

    ``members_by_key`` maps each cluster key to its members' token sets, or is a
    :class:`~page_cluster.validation.data.ClusteredCorpus`.

    >>> glued = {"k": [["a", "b"], ["a", "b"], ["x", "y"], ["x", "y"]]}
    >>> c = compute_cluster_cohesion(glued)[0]
    >>> c.member_count, c.median_pair_similarity, c.min_pair_similarity, c.suspicious
    (4, 0.0, 0.0, True)
    """
    if max_sample_size < 2:
        raise ValueError("max_sample_size must be at least 2")
    if isinstance(members_by_key, ClusteredCorpus):
        cc = members_by_key
    else:
        cc = clustered_corpus_from_pages(
            {"clusterKey": key, "tokens": list(tokens)}
            for key, members in members_by_key.items()
            for tokens in members
        )
        if len(cc.cluster_keys) < len(members_by_key):
            # Clusters without members still get an entry.
            empty = sorted(set(members_by_key) - set(cc.cluster_keys))
            done = _cohesion_of_corpus(cc, max_sample_size, suspicious_median_below)
            done += [ClusterCohesion(k, 0, 0, None, None, None, False) for k in empty]
            return sorted(done, key=lambda c: c.cluster_key)
    return _cohesion_of_corpus(cc, max_sample_size, suspicious_median_below)
