"""The main entry point: cluster keys for a collection of pages."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..base.progress import ProgressCallback
from ..clustering.pipeline import ClusterRun, cluster_corpus
from ..explain.outputs import explain_run
from ..ingest.build import PagesInput, build_corpus
from ..parallel.jobs import effective_jobs
from ..validation.report import ClusterPartitionReport

if TYPE_CHECKING:
    from ..clustering.params import ClusterParams

__all__ = ["resolve_page_cluster_keys", "run_clustering"]


def run_clustering(
    pages: PagesInput,
    *,
    content_block_attribute: str | None = None,
    on_progress: ProgressCallback | None = None,
    n_jobs: int | None = None,
    params: ClusterParams | None = None,
) -> ClusterRun:
    """Parse and cluster; returns the whole run (keys, blocks, units, evidence).

    ``n_jobs`` (scikit-learn's meaning: ``None`` one process, ``-1`` all cores;
    see :mod:`page_cluster.parallel.jobs`) parses a large input in worker
    processes; the result is the same. ``params`` changes clustering thresholds
    (:class:`~page_cluster.clustering.params.ClusterParams`; default: the measured ones).
    """
    corpus = build_corpus(
        pages,
        content_block_attribute=content_block_attribute,
        on_progress=on_progress,
        jobs=effective_jobs(n_jobs),
    )
    return cluster_corpus(corpus, on_progress, params)


def resolve_page_cluster_keys(
    pages: PagesInput,
    *,
    content_block_attribute: str | None = None,
    on_progress: ProgressCallback | None = None,
    on_cluster_reason: Callable[[str, dict[str, Any]], None] | None = None,
    on_partition_report: Callable[[ClusterPartitionReport], None] | None = None,
    n_jobs: int | None = None,
    params: ClusterParams | None = None,
) -> list[str]:
    """One cluster key per page, in input order: same key, same template.

    ``pages`` is a list or any iterable of :class:`~page_cluster.Page` records or
    dicts in the JSONL shape (``html`` required; ``paths``, ``stylesheetHrefs``,
    ``host``, ``id`` optional), or a zero-argument callable returning such an
    iterable. Keys are JSON array strings such as ``'["css:1a2b3c","cluster:0"]'``.

    Opt-in outputs (without them nothing changes): ``on_partition_report`` gets
    the post-hoc :class:`~page_cluster.validation.report.ClusterPartitionReport`
    once, and its safe merges (identical token sets, or mirror-corroborated) are
    applied to the returned keys; ``on_cluster_reason(key, reason)`` is called
    once per final key with its reason entry (the ``--cluster-reasons-file`` shape).
    ``n_jobs`` parses in worker processes (see :func:`run_clustering`); keys are identical.
    ``params`` changes clustering thresholds (see :func:`run_clustering`).

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
        pages,
        content_block_attribute=content_block_attribute,
        on_progress=on_progress,
        n_jobs=n_jobs,
        params=params,
    )
    if on_cluster_reason is None and on_partition_report is None:
        return run.page_keys
    out = explain_run(
        run, validate=on_partition_report is not None, reasons=on_cluster_reason is not None
    )
    if on_partition_report is not None and out.report is not None:
        on_partition_report(out.report)
    if on_cluster_reason is not None and out.reasons is not None:
        for key, reason in out.reasons.items():
            on_cluster_reason(key, reason)
    return out.keys
