"""page-cluster: cluster crawled HTML pages by template.

The same capabilities as the reference ``@d-zero/page-cluster``, in snake_case.
"""

from ._version import __version__
from .clustering.autocut import auto_cut_threshold
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
from .model import InvalidPageError, Page
from .parsing.tokenize import Tokenized, tokenize
from .progress import ProgressEvent
from .resolve import resolve_page_cluster_keys, run_clustering
from .validation.cohesion import ClusterCohesion, compute_cluster_cohesion
from .validation.data import ClusteredPage
from .validation.duplicates import CrossClusterDuplicate, find_cross_cluster_duplicates
from .validation.merge import merge_validated_clusters
from .validation.mirror_axis import MirrorAxis, detect_mirror_axis
from .validation.normalize import normalize_href_by_mirror_axis, normalize_path_by_mirror_axis
from .validation.report import ClusterPartitionReport, validate_cluster_partition

__all__ = [
    "ClusterCohesion",
    "ClusterPartitionReport",
    "ClusteredPage",
    "CrossClusterDuplicate",
    "ExtractLandmarksResult",
    "ExtractOptions",
    "InvalidPageError",
    "LandmarkInstance",
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
    "tokenize",
    "validate_cluster_partition",
]
