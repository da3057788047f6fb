"""page-cluster: cluster crawled HTML pages by template.

The same capabilities as the reference ``@d-zero/page-cluster``, in snake_case.
"""

from ._version import __version__
from .clustering.autocut import auto_cut_threshold
from .clustering.similarity import jaccard_similarity
from .io.source import open_pages
from .model import InvalidPageError, Page
from .parsing.tokenize import Tokenized, tokenize
from .progress import ProgressEvent
from .resolve import resolve_page_cluster_keys, run_clustering

__all__ = [
    "InvalidPageError",
    "Page",
    "ProgressEvent",
    "Tokenized",
    "__version__",
    "auto_cut_threshold",
    "jaccard_similarity",
    "open_pages",
    "resolve_page_cluster_keys",
    "run_clustering",
    "tokenize",
]
