"""Sibling diff: two clusters of one block, token by token."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

from ...signatures.corpus import LANDMARK_CODES
from ..analysis import PartitionView

__all__ = ["SiblingDiff", "jaccard", "shell_table", "sibling_diff", "sibling_pairs"]


def jaccard(a: set[str] | frozenset[str], b: set[str] | frozenset[str]) -> float | None:
    """Jaccard similarity of two sets; ``None`` when both are empty.

    >>> jaccard({"x", "y"}, {"y", "z"}), jaccard(set(), set())
    (0.3333333333333333, None)
    """
    union = len(a | b)
    return len(a & b) / union if union else None


@dataclass(frozen=True, slots=True)
class SiblingDiff:
    key_a: str
    key_b: str
    only_a: list[str]
    only_b: list[str]
    shared: list[str]
    core_jaccard: float | None
    #: Per landmark type on either side: Jaccard of the two shells (None: both empty).
    shell_jaccard: dict[str, float | None]


def sibling_pairs(view: PartitionView) -> list[tuple[str, str]]:
    """Every pair of final clusters sharing a block (each pair once, sorted)."""
    out = set()
    for key, reason in view.reasons.items():
        for other in reason["siblingClusterKeys"]:
            out.add((key, other) if key < other else (other, key))
    return sorted(out)


def _shells(reason: dict[str, Any]) -> dict[str, frozenset[str]]:
    return {t: frozenset(e["shellTokens"]) for t, e in reason["landmarks"].items()}


def sibling_diff(view: PartitionView, key_a: str, key_b: str) -> SiblingDiff:
    """Structural cores of A and B split into only-A / only-B / shared, and similarities."""
    ra, rb = view.reasons[key_a], view.reasons[key_b]
    core_a, core_b = set(ra["structuralCoreTokens"]), set(rb["structuralCoreTokens"])
    shells_a, shells_b = _shells(ra), _shells(rb)
    shell_jaccard = {
        t: jaccard(shells_a.get(t, frozenset()), shells_b.get(t, frozenset()))
        for t in LANDMARK_CODES
        if t in shells_a or t in shells_b
    }
    return SiblingDiff(
        key_a=key_a,
        key_b=key_b,
        only_a=sorted(core_a - core_b),
        only_b=sorted(core_b - core_a),
        shared=sorted(core_a & core_b),
        core_jaccard=jaccard(core_a, core_b),
        shell_jaccard=shell_jaccard,
    )


def shell_table(diff: SiblingDiff) -> pd.DataFrame:
    """The per-landmark shell similarities as a table."""
    return pd.DataFrame(
        [
            {"landmark": t, "shellJaccard": float("nan") if v is None else v}
            for t, v in diff.shell_jaccard.items()
        ],
        columns=["landmark", "shellJaccard"],
    )
