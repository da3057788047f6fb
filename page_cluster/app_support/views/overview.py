"""Overview: one row per cluster, a size chart, and page search by URL or id."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from typing import Any

import numpy as np
import pandas as pd
import plotly.express as px
import plotly.graph_objects as go

from ..analysis import Analysis, PartitionView
from ..text import plotly_text
from .keys import block_of, short_key

__all__ = [
    "blocking_summary",
    "cluster_table",
    "filter_clusters",
    "page_table",
    "search_pages",
    "size_figure",
]


def blocking_summary(entries: list[dict[str, Any]]) -> str:
    """The blocking reasons of a cluster in one line.

    >>> css = {"kind": "css", "distinctiveStylesheetHrefs": ["/a.css"]}
    >>> blocking_summary([
    ...     {"blockKey": "css:1", "reason": css},
    ...     {"blockKey": "path:news", "reason": {"kind": "orphanMerge", "pathKey": "news"}},
    ... ])
    'stylesheets /a.css; stylesheet-less pages of /news'
    """
    out = []
    for entry in entries:
        reason = entry.get("reason", {})
        kind = reason.get("kind")
        if kind == "css":
            hrefs = reason.get("distinctiveStylesheetHrefs") or []
            out.append("stylesheets " + (", ".join(hrefs) if hrefs else "(none)"))
        elif kind == "path":
            out.append(f"URL section /{reason.get('pathKey', '')}")
        elif kind == "orphanMerge":
            out.append(f"stylesheet-less pages of /{reason.get('pathKey', '')}")
        else:
            out.append(str(entry.get("blockKey", "")))
    return "; ".join(out)


def _none_to_nan(value: float | None) -> float:
    return float("nan") if value is None else float(value)


#: Hosts named per cluster in the table; more are counted.
MAX_HOSTS_SHOWN = 3


def hosts_text(hosts: Sequence[str | None], members: np.ndarray) -> str:
    """The members' hosts, most frequent first, a few named and the rest counted.

    >>> hosts_text(["a", "b", "b", None], np.array([0, 1, 2, 3]))
    'b, (none), a'
    """
    counts = Counter(hosts[int(p)] or "(none)" for p in members)
    ranked = sorted(counts, key=lambda h: (-counts[h], h))
    text = ", ".join(ranked[:MAX_HOSTS_SHOWN])
    if len(ranked) > MAX_HOSTS_SHOWN:
        text += f" +{len(ranked) - MAX_HOSTS_SHOWN}"
    return text


def cluster_table(view: PartitionView, hosts: Sequence[str | None] | None = None) -> pd.DataFrame:
    """One row per final cluster, largest first.

    Columns: ``clusterKey``, ``label`` (human, from the members), ``cluster``
    (the key, readable), ``hosts`` (the members' hosts, most frequent first),
    ``block``, ``size``, ``blocking``, ``cohesionMedian``, ``cohesionP10``,
    ``suspicious``, ``siblings`` (count), ``mergedFrom`` (how many of the run's
    clusters it joins).
    """
    if hosts is None:
        hosts = [None] * len(view.keys)
    rows = []
    for key in view.cluster_keys:
        reason = view.reasons[key]
        coh = view.cohesion[key]
        rows.append(
            {
                "clusterKey": key,
                "label": view.label(key),
                "cluster": short_key(key),
                "hosts": hosts_text(hosts, view.members(key)),
                "block": block_of(key),
                "size": view.size(key),
                "blocking": blocking_summary(reason["blocking"]),
                "cohesionMedian": _none_to_nan(coh.median_pair_similarity),
                "cohesionP10": _none_to_nan(coh.p10_pair_similarity),
                "suspicious": bool(coh.suspicious),
                "siblings": len(reason["siblingClusterKeys"]),
                "mergedFrom": len(view.merged_from(key)),
            }
        )
    columns = [
        "clusterKey",
        "label",
        "cluster",
        "hosts",
        "block",
        "size",
        "blocking",
        "cohesionMedian",
        "cohesionP10",
        "suspicious",
        "siblings",
        "mergedFrom",
    ]
    table = pd.DataFrame(rows, columns=columns)
    return table.sort_values(["size", "clusterKey"], ascending=[False, True], ignore_index=True)


def page_table(analysis: Analysis, view: PartitionView, positions: np.ndarray) -> pd.DataFrame:
    """Pages by position: id (or position), URL path, host and final cluster."""
    pos = [int(p) for p in positions]
    index = analysis.pages
    return pd.DataFrame(
        {
            "position": pos,
            "id": [str(index.label(p)) for p in pos],
            "path": [index.path_text(p) for p in pos],
            "host": [index.hosts[p] or "" for p in pos],
            "clusterKey": [view.keys[p] for p in pos],
        },
        columns=["position", "id", "path", "host", "clusterKey"],
    )


def search_pages(
    analysis: Analysis, view: PartitionView, query: str, *, limit: int = 1000
) -> pd.DataFrame:
    """Pages whose id or URL path contains ``query`` (case-insensitive), at most ``limit``."""
    needle = query.strip().lower()
    if not needle:
        return page_table(analysis, view, np.empty(0, dtype=np.int64))
    ids, paths = analysis.search_columns()
    hit = ids.str.contains(needle, regex=False) | paths.str.contains(needle, regex=False)
    positions = np.nonzero(hit.to_numpy(dtype=bool))[0][:limit]
    return page_table(analysis, view, positions)


def filter_clusters(
    table: pd.DataFrame,
    *,
    keys: Collection[str] | None = None,
    suspicious_only: bool = False,
    min_size: int = 1,
    cluster_query: str = "",
) -> pd.DataFrame:
    """Rows of ``cluster_table`` kept by the overview's filters.

    ``cluster_query`` keeps clusters whose label or hosts contain it (any case).
    """
    keep = table["size"] >= min_size
    needle = cluster_query.strip().lower()
    if needle:
        keep &= table["label"].str.lower().str.contains(needle, regex=False) | table[
            "hosts"
        ].str.lower().str.contains(needle, regex=False)
    if suspicious_only:
        keep &= table["suspicious"]
    if keys is not None:
        keep &= table["clusterKey"].isin(list(keys))
    return table[keep].reset_index(drop=True)


def size_figure(table: pd.DataFrame) -> go.Figure:
    """Treemap of cluster sizes grouped by block; suspicious clusters in red."""
    data = table.assign(
        status=np.where(table["suspicious"], "suspicious (split suggested)", "cohesive"),
        median=table["cohesionMedian"].round(3),
        block=table["block"].map(plotly_text),
        label=table["label"].map(plotly_text),
    )
    fig = px.treemap(
        data,
        path=[px.Constant("all clusters"), "block", "label"],
        values="size",
        color="status",
        color_discrete_map={
            "(?)": "#dddddd",
            "suspicious (split suggested)": "#d62728",
            "cohesive": "#2ca02c",
        },
        hover_data={"median": True, "size": True},
    )
    fig.update_layout(margin={"t": 30, "l": 0, "r": 0, "b": 0}, height=420)
    return fig
