"""Split suggestions and ranked merge suggestions, with the analyst's decisions.

A split suggestion proposes parts for a suspicious cluster (members that
differ on both sides, like two templates); a ranked merge suggestion names two
clusters whose structures differ on one side at most. Only confirmed ones are
applied, and only while the current run still suggests them (a stored decision
about a cluster the run no longer flags is kept, not applied).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import pandas as pd

from ...validation.merge_suggestions import MergeSuggestion
from ...validation.splits import ClusterSplit
from ..analysis import Analysis, normalize_pair
from ..decisions import Decision, SplitDecision
from .keys import short_key

__all__ = [
    "confirmed_splits",
    "merge_evidence",
    "merge_table",
    "other_split_decisions",
    "parts_table",
    "split_evidence",
    "split_table",
]

KINDS = {
    "identicalCore": "the same structure on a quorum of both clusters' pages",
    "classVariants": "the same elements, styled with other classes",
    "optionalSections": "one cluster has optional parts the other lacks, never the reverse",
}


def confirmed_splits(analysis: Analysis, decisions: Mapping[str, SplitDecision]) -> tuple[str, ...]:
    """The confirmed splits that are current suggestions: the splits to apply."""
    return analysis.applicable_splits(k for k, d in decisions.items() if d.decision == "confirmed")


def other_split_decisions(
    analysis: Analysis, decisions: Mapping[str, SplitDecision]
) -> list[SplitDecision]:
    """Stored split decisions about clusters this run does not flag (kept, not applied)."""
    offered = {s.cluster_key for s in analysis.report.split_suggestions}
    return [d for k, d in decisions.items() if k not in offered]


def split_table(analysis: Analysis, decisions: Mapping[str, SplitDecision]) -> pd.DataFrame:
    """One row per split suggestion, largest cluster first."""
    rows = []
    for s in sorted(
        analysis.report.split_suggestions, key=lambda s: (-s.member_count, s.cluster_key)
    ):
        decided = decisions.get(s.cluster_key)
        rows.append(
            {
                "cluster": short_key(s.cluster_key),
                "size": s.member_count,
                "parts": " + ".join(str(p.member_count) for p in s.parts),
                "withinPart": round(s.within_similarity, 3),
                "betweenParts": round(s.between_similarity, 3),
                "decision": decided.decision if decided else "undecided",
            }
        )
    return pd.DataFrame(
        rows, columns=["cluster", "size", "parts", "withinPart", "betweenParts", "decision"]
    )


def split_evidence(split: ClusterSplit) -> str:
    """Why the validator proposes the split, in one sentence (its evidence kind).

    >>> import numpy as np
    >>> s = ClusterSplit("k", [], 0.9, 0.5, np.zeros(0), np.zeros(0), evidence="routes")
    >>> split_evidence(s).split(";")[0]
    '0 groups at URL routes of their own, differing in structure'
    """
    why = (
        "at URL routes of their own, differing in structure"
        if split.evidence == "routes"
        else "that each have structure the others lack"
    )
    return (
        f"{len(split.parts)} groups {why}; "
        f"pages agree {split.within_similarity:.0%} within a group and "
        f"{split.between_similarity:.0%} across groups (mean Jaccard similarity)"
    )


def parts_table(split: ClusterSplit, analysis: Analysis) -> pd.DataFrame:
    """The proposed parts: their new keys, sizes, distinguishing tokens, example pages."""
    pages = analysis.pages
    return pd.DataFrame(
        [
            {
                "part": short_key(split.cluster_key) + (f" · split:{i}" if i else ""),
                "size": p.member_count,
                "onlyThisPartHas": ", ".join(p.distinguishing_tokens) or "(nothing of its own)",
                "examplePages": ", ".join(str(pages.label(e)) for e in p.example_pages),
            }
            for i, p in enumerate(split.parts)
        ],
        columns=["part", "size", "onlyThisPartHas", "examplePages"],
    )


def merge_evidence(m: MergeSuggestion) -> str:
    """Why the validator suggests the merge, in one sentence."""
    text = KINDS.get(m.kind, m.kind)
    extra = []
    if m.only_in_a:
        extra.append(f"only A: {', '.join(m.only_in_a)}")
    if m.only_in_b:
        extra.append(f"only B: {', '.join(m.only_in_b)}")
    if m.class_variants:
        extra.append("restyled: " + ", ".join(f"{a} / {b}" for a, b in m.class_variants))
    return text + (f" ({'; '.join(extra)})" if extra else "")


def merge_table(analysis: Analysis, decisions: Mapping[tuple[str, str], Decision]) -> pd.DataFrame:
    """One row per ranked merge suggestion, most confident first."""
    sizes = Counter(analysis.base_keys)
    rows = []
    for m in analysis.report.merge_suggestions:
        decided = decisions.get(normalize_pair(m.cluster_key_a, m.cluster_key_b))
        rows.append(
            {
                "clusterA": short_key(m.cluster_key_a),
                "clusterB": short_key(m.cluster_key_b),
                "confidence": round(m.confidence, 3),
                "kind": m.kind,
                "sizes": f"{sizes[m.cluster_key_a]} + {sizes[m.cluster_key_b]}",
                "decision": decided.decision if decided else "undecided",
            }
        )
    return pd.DataFrame(
        rows, columns=["clusterA", "clusterB", "confidence", "kind", "sizes", "decision"]
    )
