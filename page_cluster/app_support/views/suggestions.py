"""Validation: the validator's merge suggestions, with evidence and decisions.

A suggestion is a cross-cluster duplicate of the run's own partition: two
clusters holding pages with identical token sets, or mirror copies (same path
shape under the site's mirror axis) at least 80% similar. Only the analyst's
*confirmed* suggestions are merged; a decision about a pair the current run
does not suggest (the engine changed, or another option was used) is kept in
the database and listed, but never applied.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pandas as pd

from ...validation.report import ClusterPartitionReport
from ..analysis import Analysis, normalize_pair
from ..decisions import Decision

__all__ = [
    "Suggestion",
    "confirmed_pairs",
    "mirror_axis_text",
    "other_decisions",
    "suggestion_table",
    "suggestions",
]


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One merge suggestion with its evidence and the analyst's decision (if any)."""

    key_a: str
    key_b: str
    similarity: float
    corroborated_by_mirror_axis: bool
    example_a: int  # page position
    example_b: int
    size_a: int
    size_b: int
    decision: str | None
    decided_at: str | None

    @property
    def pair(self) -> tuple[str, str]:
        return normalize_pair(self.key_a, self.key_b)

    @property
    def identical(self) -> bool:
        return self.similarity >= 1.0

    def evidence(self) -> str:
        """Why the validator suggests it, in one sentence."""
        if self.identical and self.corroborated_by_mirror_axis:
            return "pages with identical structure that are also mirror copies of each other"
        if self.identical:
            return "pages with identical structure (every structural token the same)"
        return (
            f"mirror copies (same path under the mirror axis) {self.similarity:.0%} similar "
            "in structure"
        )


def _position(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"example page should be a position, got {value!r}")
    return value


def suggestions(
    analysis: Analysis, decisions: Mapping[tuple[str, str], Decision]
) -> list[Suggestion]:
    """Suggestions of the run's partition, most similar first, with their decisions."""
    sizes = Counter(analysis.base_keys)
    out = []
    for d in analysis.suggestions:
        pair = normalize_pair(d.cluster_key_a, d.cluster_key_b)
        decided = decisions.get(pair)
        out.append(
            Suggestion(
                key_a=d.cluster_key_a,
                key_b=d.cluster_key_b,
                similarity=float(d.similarity),
                corroborated_by_mirror_axis=bool(d.corroborated_by_mirror_axis),
                example_a=_position(d.example_page_a),
                example_b=_position(d.example_page_b),
                size_a=sizes[d.cluster_key_a],
                size_b=sizes[d.cluster_key_b],
                decision=decided.decision if decided else None,
                decided_at=decided.decided_at if decided else None,
            )
        )
    out.sort(key=lambda s: (-s.similarity, s.key_a, s.key_b))
    return out


def confirmed_pairs(
    analysis: Analysis, decisions: Mapping[tuple[str, str], Decision]
) -> tuple[tuple[str, str], ...]:
    """The confirmed pairs that are current suggestions: the merges to apply."""
    return analysis.applicable(p for p, d in decisions.items() if d.decision == "confirmed")


def other_decisions(
    analysis: Analysis, decisions: Mapping[tuple[str, str], Decision]
) -> list[Decision]:
    """Stored decisions about pairs this run does not suggest (kept, not applied)."""
    offered = analysis.offered_pairs()
    return [d for p, d in decisions.items() if p not in offered]


def suggestion_table(items: list[Suggestion], analysis: Analysis) -> pd.DataFrame:
    """The suggestions as a table (one row each)."""
    pages = analysis.pages
    base = analysis.view(())  # suggestions name the run's own clusters
    return pd.DataFrame(
        [
            {
                "clusterA": base.label(s.key_a),
                "clusterB": base.label(s.key_b),
                "similarity": s.similarity,
                "mirrorAxis": s.corroborated_by_mirror_axis,
                "sizes": f"{s.size_a} + {s.size_b}",
                "examplePageA": str(pages.label(s.example_a)),
                "examplePageB": str(pages.label(s.example_b)),
                "decision": s.decision or "undecided",
            }
            for s in items
        ],
        columns=[
            "clusterA",
            "clusterB",
            "similarity",
            "mirrorAxis",
            "sizes",
            "examplePageA",
            "examplePageB",
            "decision",
        ],
    )


def mirror_axis_text(report: ClusterPartitionReport) -> str:
    """The detected mirror axis in one sentence."""
    axis = report.mirror_axis
    if axis is None:
        return "No mirror axis: no URL segment replicates the site under several values."
    values = ", ".join(sorted(axis.values))
    if axis.at_root:
        return (
            f"Mirror axis: URL segment {axis.position + 1} takes the values {values}, "
            f"and the site's root holds one more copy ({axis.skeleton_count} pages "
            "have theirs there)."
        )
    return (
        f"Mirror axis: URL segment {axis.position + 1} takes the values {values} "
        f"across {axis.skeleton_count} path shapes."
    )
