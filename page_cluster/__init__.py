"""page-cluster: cluster crawled HTML pages by template.

The same capabilities as the reference ``@d-zero/page-cluster``, in snake_case.

The public names are imported on first use (PEP 562), so that the command line
and parsing workers start without loading the clustering, explanation and content
stacks (numpy import time is a large share of a small run).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._version import __version__

if TYPE_CHECKING:
    from .api.resolve import resolve_page_cluster_keys, run_clustering
    from .base.model import InvalidPageError, Page
    from .base.progress import ProgressEvent
    from .clustering.autocut import auto_cut_threshold
    from .clustering.mirror_axis import MirrorAxis, detect_mirror_axis
    from .clustering.similarity import jaccard_similarity
    from .content.extract import ExtractOptions, PageContent, extract_main_content
    from .explain.landmarks import (
        ExtractLandmarksResult,
        LandmarkInstance,
        extract_landmarks,
        is_chrome_landmark_instance,
        landmark_instance_tokens,
        resolve_landmark_variant_keys,
    )
    from .explain.reasons import build_cluster_reasons
    from .io.source import open_pages
    from .parsing.tokenize import Tokenized, tokenize
    from .validation.cohesion import ClusterCohesion, compute_cluster_cohesion
    from .validation.data import ClusteredPage
    from .validation.duplicates import CrossClusterDuplicate, find_cross_cluster_duplicates
    from .validation.merge import merge_validated_clusters
    from .validation.merge_suggestions import MergeSuggestion, suggest_merges
    from .validation.normalize import normalize_href_by_mirror_axis, normalize_path_by_mirror_axis
    from .validation.report import ClusterPartitionReport, validate_cluster_partition
    from .validation.splits import ClusterSplit, find_cluster_splits, split_validated_clusters

#: Public name -> module that defines it.
_LAZY: dict[str, str] = {
    "ClusterCohesion": ".validation.cohesion",
    "ClusterPartitionReport": ".validation.report",
    "ClusterSplit": ".validation.splits",
    "MergeSuggestion": ".validation.merge_suggestions",
    "ClusteredPage": ".validation.data",
    "CrossClusterDuplicate": ".validation.duplicates",
    "ExtractLandmarksResult": ".explain.landmarks",
    "ExtractOptions": ".content.extract",
    "InvalidPageError": ".base.model",
    "LandmarkInstance": ".explain.landmarks",
    "MirrorAxis": ".clustering.mirror_axis",
    "Page": ".base.model",
    "PageContent": ".content.extract",
    "ProgressEvent": ".base.progress",
    "Tokenized": ".parsing.tokenize",
    "auto_cut_threshold": ".clustering.autocut",
    "build_cluster_reasons": ".explain.reasons",
    "compute_cluster_cohesion": ".validation.cohesion",
    "detect_mirror_axis": ".clustering.mirror_axis",
    "extract_landmarks": ".explain.landmarks",
    "extract_main_content": ".content.extract",
    "find_cluster_splits": ".validation.splits",
    "find_cross_cluster_duplicates": ".validation.duplicates",
    "is_chrome_landmark_instance": ".explain.landmarks",
    "jaccard_similarity": ".clustering.similarity",
    "landmark_instance_tokens": ".explain.landmarks",
    "merge_validated_clusters": ".validation.merge",
    "normalize_href_by_mirror_axis": ".validation.normalize",
    "normalize_path_by_mirror_axis": ".validation.normalize",
    "open_pages": ".io.source",
    "resolve_landmark_variant_keys": ".explain.landmarks",
    "resolve_page_cluster_keys": ".api.resolve",
    "run_clustering": ".api.resolve",
    "split_validated_clusters": ".validation.splits",
    "suggest_merges": ".validation.merge_suggestions",
    "tokenize": ".parsing.tokenize",
    "validate_cluster_partition": ".validation.report",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'page_cluster' has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "ClusterCohesion",
    "ClusterPartitionReport",
    "ClusterSplit",
    "ClusteredPage",
    "CrossClusterDuplicate",
    "ExtractLandmarksResult",
    "ExtractOptions",
    "InvalidPageError",
    "LandmarkInstance",
    "MergeSuggestion",
    "MirrorAxis",
    "Page",
    "PageContent",
    "ProgressEvent",
    "Tokenized",
    "__version__",
    "auto_cut_threshold",
    "build_cluster_reasons",
    "compute_cluster_cohesion",
    "detect_mirror_axis",
    "extract_landmarks",
    "extract_main_content",
    "find_cluster_splits",
    "find_cross_cluster_duplicates",
    "is_chrome_landmark_instance",
    "jaccard_similarity",
    "landmark_instance_tokens",
    "merge_validated_clusters",
    "normalize_href_by_mirror_axis",
    "normalize_path_by_mirror_axis",
    "open_pages",
    "resolve_landmark_variant_keys",
    "resolve_page_cluster_keys",
    "run_clustering",
    "split_validated_clusters",
    "suggest_merges",
    "tokenize",
    "validate_cluster_partition",
]
