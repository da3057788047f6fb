"""The optional outputs of a clustering run: partition report and cluster reasons.

Order matters: validation runs first and its safe merges (identical token sets,
or mirror copies corroborated by the mirror axis) are applied to the keys; the
reasons then describe the merged clusters, so every key a caller sees on the
output has exactly one reason entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..validation.merge import merge_key_map
from ..validation.report import ClusterPartitionReport, validate_and_merge
from .reasons import build_cluster_reasons

if TYPE_CHECKING:
    from ..clustering.pipeline import ClusterRun

__all__ = ["RunOutputs", "explain_run"]


@dataclass(slots=True)
class RunOutputs:
    """Final keys (input order), and the report / reasons that were asked for."""

    keys: list[str]
    report: ClusterPartitionReport | None = None
    reasons: dict[str, dict[str, Any]] | None = None


def explain_run(
    run: ClusterRun,
    *,
    validate: bool = False,
    reasons: bool = False,
    ids: Sequence[Any] | None = None,
) -> RunOutputs:
    """Validate (and safely merge) and/or explain a finished run."""
    keys = run.page_keys
    out = RunOutputs(keys=keys)
    key_map: dict[str, str] | None = None
    if validate:
        out.report, out.keys = validate_and_merge(run.corpus, keys, ids)
        key_map = merge_key_map(out.report.safe_merges())
    if reasons:
        out.reasons = build_cluster_reasons(run, key_map)
    return out
