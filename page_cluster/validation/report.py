"""The partition report: the three post-hoc checks in one call.

Validation reads a finished partition only (token sets, URL signals, keys), never
the clustering's internals, so it checks a partition from any source: this
package's own run, a saved ``clusters.jsonl`` read back from an archive, or
another tool's output. It returns evidence, not verdicts; merging is a separate
step (:func:`~page_cluster.validation.merge.merge_validated_clusters`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..clustering.mirror_axis import (
    DEFAULT_MAX_POSITION,
    DEFAULT_MIN_SKELETON_COUNT,
    MirrorAxis,
    detect_mirror_axis,
)
from ..signatures.corpus import Corpus
from .cohesion import (
    DEFAULT_MAX_SAMPLE_SIZE,
    DEFAULT_SUSPICIOUS_MEDIAN_BELOW,
    ClusterCohesion,
    compute_cluster_cohesion,
)
from .data import PartitionInput, as_clustered_corpus, clustered_corpus_from_corpus
from .duplicates import (
    DEFAULT_CORROBORATED_SIMILARITY,
    CrossClusterDuplicate,
    find_cross_cluster_duplicates,
)
from .merge import merge_validated_clusters, safe_merges
from .merge_suggestions import MergeSuggestion, suggest_merges
from .splits import ClusterSplit, find_cluster_splits

__all__ = [
    "ClusterPartitionReport",
    "flag_suspicious",
    "validate_and_merge",
    "validate_cluster_partition",
]


@dataclass(frozen=True, slots=True)
class ClusterPartitionReport:
    """Mirror axis (or ``None``), per-cluster cohesion, cross-cluster duplicates.

    ``split_suggestions``: the clusters whose members show two templates or
    more (a difference on both sides, or one corroborated by URL routes), with
    the proposed parts; a cohesion entry
    is ``suspicious`` exactly when its cluster has one. ``merge_suggestions``:
    cluster pairs likely one template, most confident first; unlike the safe
    merges, they are only suggested.
    """

    mirror_axis: MirrorAxis | None
    cohesion: list[ClusterCohesion]
    cross_cluster_duplicates: list[CrossClusterDuplicate]
    split_suggestions: list[ClusterSplit] = field(default_factory=list)
    merge_suggestions: list[MergeSuggestion] = field(default_factory=list)
    low_cohesion_keys: frozenset[str] = frozenset()

    def safe_merges(self) -> list[CrossClusterDuplicate]:
        """Duplicates merged automatically (identical, or mirror-corroborated)."""
        return safe_merges(self.cross_cluster_duplicates)

    def to_json(self) -> dict:
        """The report in the reference's JSON shape (the ``--validation-file`` content)."""
        return {
            "mirrorAxis": self.mirror_axis.to_json() if self.mirror_axis else None,
            "cohesion": [
                {**c.to_json(), "lowMedianSimilarity": c.cluster_key in self.low_cohesion_keys}
                for c in self.cohesion
            ],
            "crossClusterDuplicates": [d.to_json() for d in self.cross_cluster_duplicates],
            "splitSuggestions": [s.to_json() for s in self.split_suggestions],
            "mergeSuggestions": [m.to_json() for m in self.merge_suggestions],
        }


def validate_cluster_partition(
    pages: PartitionInput,
    *,
    min_skeleton_count: int = DEFAULT_MIN_SKELETON_COUNT,
    max_position: int = DEFAULT_MAX_POSITION,
    max_sample_size: int = DEFAULT_MAX_SAMPLE_SIZE,
    suspicious_median_below: float = DEFAULT_SUSPICIOUS_MEDIAN_BELOW,
    corroborated_similarity_threshold: float = DEFAULT_CORROBORATED_SIMILARITY,
) -> ClusterPartitionReport:
    """Check a finished partition against itself.

    ``pages``: records ``{clusterKey, tokens, paths, stylesheetHrefs[, host,
    id]}`` (or :class:`~page_cluster.validation.data.ClusteredPage`), or a
    :class:`~page_cluster.validation.data.ClusteredCorpus`.

    >>> pages = [{"clusterKey": k, "tokens": t, "paths": [lang, "p.html"]}
    ...          for k, t, lang in [("a", ["body>p"], "en"), ("b", ["body>p"], "ja")]]
    >>> report = validate_cluster_partition(pages)
    >>> report.to_json()["crossClusterDuplicates"][0]["similarity"]
    1.0
    >>> merge_validated_clusters(["a", "b"], report.safe_merges())
    ['a', 'a']
    """
    cc = as_clustered_corpus(pages)
    axis = detect_mirror_axis(
        cc.paths,
        hosts=cc.hosts,
        min_skeleton_count=min_skeleton_count,
        max_position=max_position,
    )
    cohesion = compute_cluster_cohesion(
        cc, max_sample_size=max_sample_size, suspicious_median_below=suspicious_median_below
    )
    duplicates = find_cross_cluster_duplicates(
        cc, mirror_axis=axis, corroborated_similarity_threshold=corroborated_similarity_threshold
    )
    splits = find_cluster_splits(cc, mirror_axis=axis)
    cohesion, low = flag_suspicious(cohesion, splits)
    return ClusterPartitionReport(
        mirror_axis=axis,
        cohesion=cohesion,
        cross_cluster_duplicates=duplicates,
        split_suggestions=splits,
        merge_suggestions=suggest_merges(cc, mirror_axis=axis),
        low_cohesion_keys=low,
    )


def flag_suspicious(
    cohesion: list[ClusterCohesion], splits: Sequence[ClusterSplit]
) -> tuple[list[ClusterCohesion], frozenset[str]]:
    """Cohesion entries flagged from split evidence, and the keys the median flagged.

    Low median similarity alone is common in a template with varied content,
    so it no longer makes a cluster suspicious; it is kept as its own field.
    """
    split_keys = {s.cluster_key for s in splits}
    low = frozenset(c.cluster_key for c in cohesion if c.suspicious)
    return [replace(c, suspicious=c.cluster_key in split_keys) for c in cohesion], low


def validate_and_merge(
    corpus: Corpus, cluster_keys: Sequence[str], ids: Sequence[Any] | None = None
) -> tuple[ClusterPartitionReport, list[str]]:
    """Validate the keys of a built corpus and apply the safe merges to them."""
    report = validate_cluster_partition(clustered_corpus_from_corpus(corpus, cluster_keys, ids))
    return report, merge_validated_clusters(cluster_keys, report.safe_merges())
