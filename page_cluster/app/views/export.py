"""Export: clusters CSV with confirmed splits and merges; reasons, validation, decisions JSON."""

import io

import pandas as pd
import streamlit as st

from page_cluster.app import state
from page_cluster.app_support.views import export

ctx = state.require_context()
analysis = ctx.analysis
stem = ctx.label.rstrip("/").split(".")[0] or "crawl"

st.title("Export")
st.caption(
    f"{analysis.n_pages:,} pages in {len(ctx.view.cluster_keys):,} clusters, "
    f"{len(ctx.applied_splits)} confirmed split(s) and {len(ctx.applied)} confirmed merge(s) "
    "applied."
)
csv_text = export.clusters_csv(analysis, ctx.view)
st.download_button(
    "Download clusters CSV",
    data=csv_text,
    file_name=f"{stem}.clusters.csv",
    mime="text/csv",
    on_click="ignore",
    type="primary",
)
st.caption(
    "Columns: id, clusterKey, path, host, clusterLabel; one row per page in input order "
    "(the first 50 rows are shown below)."
)
st.dataframe(
    pd.read_csv(io.StringIO(csv_text), dtype=str, keep_default_na=False, nrows=50),
    hide_index=True,
    width="stretch",
)
c1, c2, c3 = st.columns(3)
c1.download_button(
    "Download cluster reasons JSON",
    data=export.reasons_json(ctx.view),
    file_name=f"{stem}.cluster-reasons.json",
    mime="application/json",
    on_click="ignore",
)
c2.download_button(
    "Download validation JSON",
    data=export.validation_json(analysis),
    file_name=f"{stem}.validation.json",
    mime="application/json",
    on_click="ignore",
)
c3.download_button(
    "Download decisions JSON",
    data=export.decisions_json(
        analysis, ctx.decisions, ctx.applied, ctx.split_decisions, ctx.applied_splits
    ),
    file_name=f"{stem}.decisions.json",
    mime="application/json",
    on_click="ignore",
)
