"""Cluster detail: members, structural core, landmark rates, a member's preview."""

from __future__ import annotations

from typing import Any

import pandas as pd
import plotly.graph_objects as go

from ...signatures.corpus import LANDMARK_CODES
from ..analysis import Analysis, PartitionView
from ..preview import PreviewDocument, outline_landmarks
from .overview import page_table

__all__ = [
    "cluster_shells",
    "landmark_figure",
    "landmark_table",
    "member_preview",
    "member_table",
]


def member_table(
    analysis: Analysis, view: PartitionView, key: str, *, limit: int | None = None
) -> pd.DataFrame:
    """The cluster's pages in input order (position, id, path, host), the first ``limit``."""
    members = view.members(key)
    return page_table(analysis, view, members[:limit]).drop(columns=["clusterKey"])


def landmark_table(reason: dict[str, Any]) -> pd.DataFrame:
    """Per landmark type present on a member: presence and chrome rates, shell size."""
    rows = []
    for kind in LANDMARK_CODES:
        entry = reason["landmarks"].get(kind)
        if entry is None:
            continue
        rows.append(
            {
                "landmark": kind,
                "presenceRate": float(entry["presenceRate"]),
                "chromeRate": float(entry["chromeRate"]),
                "membersWithInstance": int(entry["memberCountWithInstance"]),
                "shellTokens": len(entry["shellTokens"]),
            }
        )
    return pd.DataFrame(
        rows,
        columns=["landmark", "presenceRate", "chromeRate", "membersWithInstance", "shellTokens"],
    )


def landmark_figure(table: pd.DataFrame) -> go.Figure:
    """Presence rate next to chrome rate for each landmark type."""
    fig = go.Figure(
        [
            go.Bar(name="presence rate", x=table["landmark"], y=table["presenceRate"]),
            go.Bar(name="chrome rate", x=table["landmark"], y=table["chromeRate"]),
        ]
    )
    fig.update_layout(
        barmode="group",
        yaxis={"range": [0, 1.05], "title": "share"},
        height=320,
        margin={"t": 30, "l": 0, "r": 0, "b": 0},
    )
    return fig


def cluster_shells(reason: dict[str, Any]) -> dict[str, list[str]]:
    """Shell tokens per landmark type (what decides whether an instance is chrome)."""
    return {kind: entry["shellTokens"] for kind, entry in reason["landmarks"].items()}


def member_preview(
    analysis: Analysis, view: PartitionView, key: str, position: int
) -> PreviewDocument:
    """A member page ready for the sandboxed iframe, its chrome landmarks outlined."""
    page = analysis.page(position)
    return outline_landmarks(page.html, cluster_shells(view.reasons[key]))
