"""Cohesion: pairwise similarity distributions, least cohesive clusters first."""

import streamlit as st

from page_cluster.app import state, widgets
from page_cluster.app_support.views import cohesion

ctx = state.require_context()
view = ctx.view

st.title("Cohesion")
st.caption(
    "Token-set Jaccard similarity of member pairs (up to 40 sampled members per cluster), "
    "as the validator computes it. Low similarity alone is common in a template with "
    "varied content; a cluster is suspicious when its members form groups that each have "
    "structure the others lack (see Suggestions for the proposed split)."
)
table = cohesion.cohesion_table(view)
if table.empty:
    st.info("No cluster has two members.")
    st.stop()
suspicious_only = st.checkbox("Suspicious clusters only", key="cohesion_suspicious")
shown = table[table["suspicious"]] if suspicious_only else table
if shown.empty:
    st.info("No suspicious cluster.")
    st.stop()
count = widgets.count_slider("Clusters in the chart", len(shown), 20, key="cohesion_count")
st.plotly_chart(cohesion.cohesion_figure(view, list(shown["clusterKey"][:count])), width="stretch")
st.dataframe(
    shown.drop(columns=["clusterKey"]),
    hide_index=True,
    width="stretch",
    column_config={
        c: st.column_config.NumberColumn(format="%.3f") for c in ("median", "p10", "min")
    },
)
