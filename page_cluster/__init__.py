"""page-cluster: cluster crawled HTML pages by template.

The same capabilities as the reference ``@d-zero/page-cluster``, in snake_case.
The face is small: the estimator and the functions behind it, the page record,
the reader, and one entry point per further capability; everything else lives
in its room (``page_cluster.validation``, ``page_cluster.explain``,
``page_cluster.content``, ...; see the README's Layout).

The public names are imported on first use (PEP 562), so that the command line
and parsing workers start without loading the clustering, explanation and content
stacks (numpy import time is a large share of a small run).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._version import __version__

if TYPE_CHECKING:
    from .api.estimator import TemplateClusterer
    from .api.resolve import resolve_page_cluster_keys, run_clustering
    from .base.model import InvalidPageError, Page
    from .base.progress import ProgressEvent
    from .clustering.params import ClusterParams
    from .content.extract import extract_main_content
    from .explain.landmarks import extract_landmarks
    from .explain.reasons import build_cluster_reasons
    from .io.source import open_pages
    from .parsing.tokenize import tokenize
    from .validation.merge import merge_validated_clusters
    from .validation.report import validate_cluster_partition

#: Public name -> module that defines it.
_LAZY: dict[str, str] = {
    # clustering
    "TemplateClusterer": ".api.estimator",
    "ClusterParams": ".clustering.params",
    "resolve_page_cluster_keys": ".api.resolve",
    "run_clustering": ".api.resolve",
    # input
    "Page": ".base.model",
    "InvalidPageError": ".base.model",
    "open_pages": ".io.source",
    "ProgressEvent": ".base.progress",
    "tokenize": ".parsing.tokenize",
    # explain, validate, extract
    "build_cluster_reasons": ".explain.reasons",
    "validate_cluster_partition": ".validation.report",
    "merge_validated_clusters": ".validation.merge",
    "extract_landmarks": ".explain.landmarks",
    "extract_main_content": ".content.extract",
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
    "ClusterParams",
    "InvalidPageError",
    "Page",
    "ProgressEvent",
    "TemplateClusterer",
    "__version__",
    "build_cluster_reasons",
    "extract_landmarks",
    "extract_main_content",
    "merge_validated_clusters",
    "open_pages",
    "resolve_page_cluster_keys",
    "run_clustering",
    "tokenize",
    "validate_cluster_partition",
]
