"""The Content view's data: a cluster's template blocks and a member's blocks by class.

Extraction runs on up to ``MAX_MEMBERS`` members of one cluster (siblings give
the cross-page evidence); results are kept for the last few clusters viewed, so
switching members or views does not recompute.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import pandas as pd

from ...content.extract import PageContent, extract_main_content
from ...content.per_page import OWN, TRAFILATURA
from ...content.render import CLASS_COLOURS, annotated_html, template_block_table
from ..analysis import Analysis, PartitionView

__all__ = [
    "CLASS_COLOURS",
    "MAX_MEMBERS",
    "ClusterContent",
    "annotated_member",
    "cluster_content",
    "reader_note",
    "template_blocks_frame",
]

#: Members of one cluster the view extracts (the first ones, in input order).
MAX_MEMBERS = 150
_CACHE_SIZE = 6
_cache: OrderedDict[tuple[str, str, tuple[int, ...]], ClusterContent] = OrderedDict()


@dataclass(frozen=True)
class ClusterContent:
    """Extraction results for the members shown (``positions`` in input order)."""

    positions: list[int]
    contents: list[PageContent]

    def of(self, position: int) -> PageContent:
        return self.contents[self.positions.index(position)]


def cluster_content(analysis: Analysis, view: PartitionView, key: str) -> ClusterContent:
    """Extract the main content of (up to ``MAX_MEMBERS``) members of cluster ``key``."""
    positions = [int(p) for p in view.members(key)[:MAX_MEMBERS]]
    cache_key = (analysis.content_hash, key, tuple(positions))
    hit = _cache.get(cache_key)
    if hit is not None:
        _cache.move_to_end(cache_key)
        return hit
    pages = [analysis.page(p) for p in positions]
    contents = extract_main_content(pages, cluster_keys=[0] * len(pages))
    result = ClusterContent(positions=positions, contents=contents)
    _cache[cache_key] = result
    while len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return result


def reader_note(page: PageContent) -> str:
    """How the member's main text was found, so an analyst knows what to trust:
    with siblings (template evidence) or alone (a per-page reader, named).

    >>> from page_cluster.content import extract_main_content
    >>> [c] = extract_main_content([{"html": "<p>Hi</p>"}], cluster_keys=[None])
    >>> reader_note(c).startswith("Alone in its cluster")
    True
    """
    if page.extractor == TRAFILATURA:
        return "Alone in its cluster: read on its own by trafilatura (no siblings to compare)."
    if page.extractor == OWN:
        return (
            "Alone in its cluster: read on its own by the per-page rules (no siblings to compare)."
        )
    n = page.siblings
    return f"Read with {n} same-template sibling{'s' if n != 1 else ''}."


def annotated_member(analysis: Analysis, content: ClusterContent, position: int) -> str:
    """The member page with its blocks outlined by class (scripts removed)."""
    page = analysis.page(position)
    return annotated_html(page.html, content.of(position))


def template_blocks_frame(content: ClusterContent) -> pd.DataFrame:
    """One row per template block of the cluster, largest share of the page first."""
    rows = template_block_table(content.contents)
    columns = ["path", "class", "present_on", "dropped_on", "page_share", "example"]
    frame = pd.DataFrame(rows)
    if frame.empty:
        return pd.DataFrame(columns=columns)
    return frame[[c for c in columns if c in frame.columns]]
