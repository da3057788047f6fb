"""Export: the clusters CSV (confirmed merges applied), the reasons and validation JSON."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from collections.abc import Mapping
from typing import Any

from ..analysis import Analysis, PartitionView
from ..decisions import Decision, SplitDecision

__all__ = ["CSV_COLUMNS", "clusters_csv", "decisions_json", "reasons_json", "validation_json"]

CSV_COLUMNS = ("id", "clusterKey", "path", "host", "clusterLabel")


def _id_text(value: Any) -> str:
    """An id as CSV text: strings as they are, numbers as JSON writes them."""
    return value if isinstance(value, str) else json.dumps(value)


def clusters_csv(analysis: Analysis, view: PartitionView) -> str:
    """``id,clusterKey,path,host,clusterLabel``, one row per page in input order.

    ``id`` is the record's id, or its 0-based position when it had none (as the
    command line's output names it); ``path`` is the URL path, ``/``-joined;
    ``clusterLabel`` the cluster's human label (the key stays the identifier).
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    pages = analysis.pages
    labels = {k: view.label(k) for k in view.cluster_keys}
    for i, key in enumerate(view.keys):
        writer.writerow(
            [_id_text(pages.label(i)), key, pages.path_text(i), pages.hosts[i] or "", labels[key]]
        )
    return out.getvalue()


def reasons_json(view: PartitionView) -> str:
    """The ``--cluster-reasons-file`` content for the merged keys."""
    return json.dumps(view.reasons, ensure_ascii=False, indent=1) + "\n"


def validation_json(analysis: Analysis) -> str:
    """The ``--validation-file`` content of the run's own partition (pages named by id)."""
    pages = analysis.pages
    report = analysis.report
    named = [
        dataclasses.replace(
            d,
            example_page_a=pages.label(d.example_page_a),
            example_page_b=pages.label(d.example_page_b),
        )
        for d in report.cross_cluster_duplicates
    ]
    merges = [
        dataclasses.replace(
            m,
            example_page_a=pages.label(m.example_page_a),
            example_page_b=pages.label(m.example_page_b),
        )
        for m in report.merge_suggestions
    ]
    splits = [
        dataclasses.replace(
            s,
            parts=[
                dataclasses.replace(p, example_pages=[pages.label(i) for i in p.example_pages])
                for p in s.parts
            ],
        )
        for s in report.split_suggestions
    ]
    return (
        json.dumps(
            dataclasses.replace(
                report,
                cross_cluster_duplicates=named,
                merge_suggestions=merges,
                split_suggestions=splits,
            ).to_json(),
            ensure_ascii=False,
            indent=1,
        )
        + "\n"
    )


def decisions_json(
    analysis: Analysis,
    decisions: Mapping[tuple[str, str], Decision],
    applied: tuple[tuple[str, str], ...],
    split_decisions: Mapping[str, SplitDecision] | None = None,
    applied_splits: tuple[str, ...] = (),
) -> str:
    """The analyst's merge and split decisions on this input, and which were applied."""
    applied_set = set(applied)
    body = {
        "inputSha256": analysis.content_hash,
        "contentBlockAttribute": analysis.options.content_block_attribute,
        "decisions": [
            {
                "clusterKeyA": d.cluster_key_a,
                "clusterKeyB": d.cluster_key_b,
                "decision": d.decision,
                "decidedAt": d.decided_at,
                "engineVersion": d.engine_version,
                "applied": d.pair in applied_set,
            }
            for d in decisions.values()
        ],
        "splitDecisions": [
            {
                "clusterKey": d.cluster_key,
                "decision": d.decision,
                "decidedAt": d.decided_at,
                "engineVersion": d.engine_version,
                "applied": d.cluster_key in applied_splits,
            }
            for d in (split_decisions or {}).values()
        ],
    }
    return json.dumps(body, ensure_ascii=False, indent=1) + "\n"
