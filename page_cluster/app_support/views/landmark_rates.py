"""Landmark rates across clusters: a cluster × landmark-type matrix and its heatmap."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from ...signatures.corpus import LANDMARK_CODES
from ..analysis import PartitionView
from ..text import plotly_text
from .keys import short_key

__all__ = ["RATE_METRICS", "landmark_heatmap", "landmark_rate_matrix"]

#: The two rates of a cluster reason's landmark entry.
RATE_METRICS = ("presenceRate", "chromeRate")


def landmark_rate_matrix(
    view: PartitionView, metric: str, *, min_size: int = 1, max_clusters: int | None = None
) -> pd.DataFrame:
    """Rows: clusters (largest first, at least ``min_size`` pages, at most
    ``max_clusters``); columns: landmark types.

    A type no member has is NaN for ``chromeRate`` (nothing to judge) and 0 for
    ``presenceRate``.
    """
    if metric not in RATE_METRICS:
        raise ValueError(f"metric must be one of {RATE_METRICS}")
    keys = sorted(
        (k for k in view.cluster_keys if view.size(k) >= min_size),
        key=lambda k: (-view.size(k), k),
    )[:max_clusters]
    absent = 0.0 if metric == "presenceRate" else np.nan
    data = [
        [
            float(view.reasons[k]["landmarks"][t][metric])
            if t in view.reasons[k]["landmarks"]
            else absent
            for t in LANDMARK_CODES
        ]
        for k in keys
    ]
    return pd.DataFrame(data, index=pd.Index(keys, name="clusterKey"), columns=list(LANDMARK_CODES))


def landmark_heatmap(
    matrix: pd.DataFrame,
    metric: str,
    sizes: dict[str, int],
    names: Mapping[str, str] | None = None,
) -> go.Figure:
    """Heatmap of one rate; hover shows the cluster (its label when ``names`` has
    one), its size and the value."""
    names = names or {}
    labels = [
        plotly_text(f"{names.get(k) or short_key(k)} ({sizes.get(k, 0)} pages)")
        for k in matrix.index
    ]
    values = matrix.to_numpy(dtype=float)
    text = np.where(np.isnan(values), "–", np.char.mod("%.2f", np.nan_to_num(values)))
    fig = go.Figure(
        go.Heatmap(
            z=values,
            x=list(matrix.columns),
            y=labels,
            zmin=0.0,
            zmax=1.0,
            colorscale="Viridis",
            text=text,
            texttemplate="%{text}",
            hovertemplate="%{y}<br>%{x}: %{z:.2f}<extra></extra>",
            colorbar={"title": metric},
        )
    )
    fig.update_layout(
        height=max(260, 28 * len(labels) + 80),
        margin={"t": 30, "l": 0, "r": 0, "b": 0},
        yaxis={"autorange": "reversed"},
    )
    return fig
