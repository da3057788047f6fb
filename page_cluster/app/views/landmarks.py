"""Landmark presence and chrome rates across clusters."""

import streamlit as st

from page_cluster.app import state, widgets
from page_cluster.app_support.views import landmark_rates

ctx = state.require_context()
view = ctx.view

st.title("Landmark rates")
st.caption(
    "Presence rate: share of members with the landmark. Chrome rate: share of its "
    "instances made of the cluster's shell tokens (site chrome rather than content)."
)
largest = max(view.size(k) for k in view.cluster_keys)
left, right = st.columns(2)
with left:
    min_size = widgets.count_slider(
        "Clusters with at least this many pages", largest, 1, key="landmarks_min_size"
    )
count = len(view.cluster_keys)
with right:
    shown = widgets.count_slider("Largest clusters shown", count, 60, key="landmarks_shown")
sizes = {k: view.size(k) for k in view.cluster_keys}
for tab, metric in zip(
    st.tabs(["Presence rate", "Chrome rate"]), landmark_rates.RATE_METRICS, strict=True
):
    with tab:
        matrix = landmark_rates.landmark_rate_matrix(
            view, metric, min_size=min_size, max_clusters=shown
        )
        if matrix.empty:
            st.info("No cluster is that large.")
            continue
        st.plotly_chart(
            landmark_rates.landmark_heatmap(matrix, metric, sizes, view.labels), width="stretch"
        )
        st.dataframe(matrix.reset_index(), hide_index=True, width="stretch")
