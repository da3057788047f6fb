"""Cluster detail: members, structural core, landmarks, and a member's preview."""

import streamlit as st

from page_cluster.app import state, widgets
from page_cluster.app_support.text import markdown_text
from page_cluster.app_support.views import detail
from page_cluster.app_support.views.keys import short_key
from page_cluster.app_support.views.overview import blocking_summary

MAX_ROWS = 10_000
MAX_PREVIEW_CHOICES = 1_000

ctx = state.require_context()
view = ctx.view

st.title("Cluster detail")
key = widgets.cluster_picker(ctx, "Cluster", widget_key="detail_cluster")
st.subheader(markdown_text(view.label(key)))
reason = view.reasons[key]
cohesion = view.cohesion[key]

cols = st.columns(4)
cols[0].metric("Members", view.size(key))
median = cohesion.median_pair_similarity
cols[1].metric("Cohesion median", "–" if median is None else f"{median:.3f}")
cols[2].metric("Sibling clusters", len(reason["siblingClusterKeys"]))
cols[3].metric("Suspicious", "yes" if cohesion.suspicious else "no")
st.caption(
    f"Key: {markdown_text(key)} · blocking: {markdown_text(blocking_summary(reason['blocking']))}"
)
parts = view.merged_from(key)
if len(parts) > 1:
    base = ctx.analysis.view(())
    merged = ", ".join(f"{base.label(p)} ({short_key(p)})" for p in parts)
    st.caption(f"Merged by confirmed decisions from: {markdown_text(merged)}")

members, core, landmarks, preview = st.tabs(["Members", "Structural core", "Landmarks", "Preview"])
with members:
    if view.size(key) > MAX_ROWS:
        st.caption(f"The first {MAX_ROWS:,} of {view.size(key):,} members, in input order.")
    st.dataframe(
        detail.member_table(ctx.analysis, view, key, limit=MAX_ROWS),
        hide_index=True,
        width="stretch",
    )
with core:
    tokens = reason["structuralCoreTokens"]
    st.caption(f"{len(tokens)} tokens on at least 80% of the members")
    st.dataframe({"token": tokens}, hide_index=True, width="stretch")
with landmarks:
    table = detail.landmark_table(reason)
    if table.empty:
        st.info("No member has a header, footer, nav, aside, form or search landmark.")
    else:
        st.plotly_chart(detail.landmark_figure(table), width="stretch")
        st.dataframe(table, hide_index=True, width="stretch")
with preview:
    positions = [int(p) for p in view.members(key)[:MAX_PREVIEW_CHOICES]]
    if view.size(key) > MAX_PREVIEW_CHOICES:
        st.caption(f"Choose among the first {MAX_PREVIEW_CHOICES:,} members.")
    labels = {p: f"{ctx.analysis.pages.label(p)}" for p in positions}
    position = st.selectbox(
        "Member page", positions, format_func=labels.__getitem__, key="detail_member"
    )
    st.caption(
        "Rendered in a sandbox with scripts and network access disabled. "
        "Solid red: the cluster's chrome; dashed blue: other landmarks."
    )
    doc = widgets.page_preview(ctx, position, title=f"Preview of {labels[position]}")
    if doc is not None and doc.landmarks:
        st.dataframe(widgets.landmark_legend(doc), hide_index=True, width="stretch")
