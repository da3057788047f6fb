"""Cohesion: the distribution of within-cluster pair similarities, weakest first."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go

from ...validation.cohesion import DEFAULT_SUSPICIOUS_MEDIAN_BELOW
from ..analysis import PartitionView
from ..text import plotly_text
from .keys import short_key

__all__ = ["cohesion_figure", "cohesion_table"]


def cohesion_table(view: PartitionView) -> pd.DataFrame:
    """One row per cluster with at least two members, lowest median first.

    The values are the validator's (:func:`~page_cluster.compute_cluster_cohesion`).
    """
    rows = [
        {
            "clusterKey": c.cluster_key,
            "label": view.label(c.cluster_key),
            "cluster": short_key(c.cluster_key),
            "size": c.member_count,
            "sampled": c.sampled_member_count,
            "median": c.median_pair_similarity,
            "p10": c.p10_pair_similarity,
            "min": c.min_pair_similarity,
            "suspicious": c.suspicious,
        }
        for c in view.cohesion.values()
        if c.median_pair_similarity is not None
    ]
    table = pd.DataFrame(
        rows,
        columns=[
            "clusterKey",
            "label",
            "cluster",
            "size",
            "sampled",
            "median",
            "p10",
            "min",
            "suspicious",
        ],
    )
    return table.sort_values(["median", "p10", "clusterKey"], ignore_index=True)


def cohesion_figure(view: PartitionView, keys: list[str]) -> go.Figure:
    """Box plots of the pair similarities of ``keys`` (in that order), threshold marked."""
    fig = go.Figure()
    for key in keys:
        sims = view.pair_similarities(key)
        fig.add_trace(
            go.Box(
                x=sims,
                name=plotly_text(f"{view.label(key)} ({view.size(key)})"),
                boxpoints="outliers",
                marker_color="#d62728" if view.cohesion[key].suspicious else "#1f77b4",
                showlegend=False,
            )
        )
    fig.add_vline(
        x=DEFAULT_SUSPICIOUS_MEDIAN_BELOW,
        line_dash="dash",
        line_color="#777",
        annotation_text="low median below",
        annotation_position="bottom right",
    )
    fig.update_layout(
        height=max(260, 34 * len(keys) + 90),
        xaxis={"range": [-0.02, 1.02], "title": "pairwise token-set Jaccard similarity"},
        yaxis={"autorange": "reversed"},
        margin={"t": 30, "l": 0, "r": 0, "b": 0},
    )
    return fig
