"""Post-hoc validation of a finished partition (independent of how it was made)."""

from ..clustering.mirror_axis import MirrorAxis, detect_mirror_axis
from .cohesion import ClusterCohesion, compute_cluster_cohesion
from .data import ClusteredCorpus, ClusteredPage
from .duplicates import CrossClusterDuplicate, find_cross_cluster_duplicates
from .merge import merge_validated_clusters, safe_merges
from .merge_suggestions import MergeSuggestion, suggest_merges
from .normalize import normalize_href_by_mirror_axis, normalize_path_by_mirror_axis
from .report import ClusterPartitionReport, validate_and_merge, validate_cluster_partition
from .splits import ClusterSplit, SplitPart, find_cluster_splits, split_validated_clusters

__all__ = [
    "ClusterCohesion",
    "ClusterPartitionReport",
    "ClusterSplit",
    "ClusteredCorpus",
    "ClusteredPage",
    "CrossClusterDuplicate",
    "MergeSuggestion",
    "MirrorAxis",
    "SplitPart",
    "compute_cluster_cohesion",
    "detect_mirror_axis",
    "find_cluster_splits",
    "find_cross_cluster_duplicates",
    "merge_validated_clusters",
    "normalize_href_by_mirror_axis",
    "normalize_path_by_mirror_axis",
    "safe_merges",
    "split_validated_clusters",
    "suggest_merges",
    "validate_and_merge",
    "validate_cluster_partition",
]
