"""Explanations: why clusters hold together, and landmark-level tools."""

from .landmarks import (
    ExtractLandmarksResult,
    LandmarkInstance,
    extract_landmarks,
    is_chrome_landmark_instance,
    landmark_instance_tokens,
    resolve_landmark_variant_keys,
)
from .reasons import build_cluster_reasons

__all__ = [
    "ExtractLandmarksResult",
    "LandmarkInstance",
    "build_cluster_reasons",
    "extract_landmarks",
    "is_chrome_landmark_instance",
    "landmark_instance_tokens",
    "resolve_landmark_variant_keys",
]
