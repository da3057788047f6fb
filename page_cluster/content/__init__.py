"""Template-aware content: blocks, cross-page noise, block classes, main content.

The main entry point is :func:`extract_main_content`; the pieces are in their
own modules (``blocks``, ``features``, ``noise``, ``classify``, ``importance``,
``single_page``, ``extract``, ``quark``, ``render``).
"""

from .blocks import DEFAULT_BLOCK_TAGS, PageBlocks, parse_block_tags, segment_html
from .classify import BLOCK_CLASSES, load_models
from .extract import ExtractOptions, PageContent, analyze_cluster, extract_main_content
from .importance import IMPORTANCE_LEVELS, fuzzy_c_means
from .noise import DEFAULT_MIN_SCORE, cluster_noise
from .quark import QUARK_ATTRIBUTE, quark_report, score_page
from .render import annotated_html, cleaned_html, template_block_table

__all__ = [
    "BLOCK_CLASSES",
    "DEFAULT_BLOCK_TAGS",
    "DEFAULT_MIN_SCORE",
    "IMPORTANCE_LEVELS",
    "QUARK_ATTRIBUTE",
    "ExtractOptions",
    "PageBlocks",
    "PageContent",
    "analyze_cluster",
    "annotated_html",
    "cleaned_html",
    "cluster_noise",
    "extract_main_content",
    "fuzzy_c_means",
    "load_models",
    "parse_block_tags",
    "quark_report",
    "score_page",
    "segment_html",
    "template_block_table",
]
