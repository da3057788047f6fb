"""The main entry point: cluster keys for a collection of pages."""

from __future__ import annotations

from .clustering.pipeline import ClusterRun, cluster_corpus
from .ingest import PagesInput, build_corpus
from .progress import ProgressCallback

__all__ = ["resolve_page_cluster_keys", "run_clustering"]


def run_clustering(
    pages: PagesInput,
    *,
    content_block_attribute: str | None = None,
    on_progress: ProgressCallback | None = None,
) -> ClusterRun:
    """Parse and cluster; returns the whole run (keys, blocks, units, evidence)."""
    corpus = build_corpus(
        pages, content_block_attribute=content_block_attribute, on_progress=on_progress
    )
    return cluster_corpus(corpus, on_progress)


def resolve_page_cluster_keys(
    pages: PagesInput,
    *,
    content_block_attribute: str | None = None,
    on_progress: ProgressCallback | None = None,
) -> list[str]:
    """One cluster key per page, in input order: same key, same template.

    ``pages`` is a list or any iterable of :class:`~page_cluster.Page` records or
    dicts in the JSONL shape (``html`` required; ``paths``, ``stylesheetHrefs``,
    ``host``, ``id`` optional), or a zero-argument callable returning such an
    iterable. Keys are JSON array strings such as ``'["css:1a2b3c","cluster:0"]'``.

    >>> keys = resolve_page_cluster_keys([
    ...     {"paths": ["news", "1"], "stylesheetHrefs": ["/a.css"],
    ...      "html": "<body><article>one</article></body>"},
    ...     {"paths": ["news", "2"], "stylesheetHrefs": ["/a.css"],
    ...      "html": "<body><article>two</article></body>"},
    ...     {"paths": ["about"], "stylesheetHrefs": ["/a.css"],
    ...      "html": "<body><section>about</section></body>"},
    ... ])
    >>> keys[0] == keys[1], keys[2] == keys[0]
    (True, False)
    """
    run = run_clustering(
        pages, content_block_attribute=content_block_attribute, on_progress=on_progress
    )
    return run.page_keys
