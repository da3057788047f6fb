"""Sibling diff: two clusters of one block compared token by token."""

import streamlit as st

from page_cluster.app import state, widgets
from page_cluster.app_support.views import siblings

ctx = state.require_context()
view = ctx.view

st.title("Sibling diff")
pairs = siblings.sibling_pairs(view)
if not pairs:
    st.info("No two clusters share a block: there are no siblings to compare.")
    st.stop()
with_siblings = sorted({k for p in pairs for k in p}, key=lambda k: (-view.size(k), k))
left, right = st.columns(2)
with left:
    key_a = widgets.cluster_picker(ctx, "Cluster A", widget_key="siblings_a", keys=with_siblings)
others = sorted(view.reasons[key_a]["siblingClusterKeys"], key=lambda k: (-view.size(k), k))
with right:
    key_b = st.selectbox(
        "Cluster B (a sibling of A)",
        others,
        format_func=lambda k: widgets.cluster_label(ctx, k),
        key="siblings_b",
    )
diff = siblings.sibling_diff(view, key_a, key_b)

cols = st.columns(4)
cols[0].metric("Core Jaccard", "–" if diff.core_jaccard is None else f"{diff.core_jaccard:.3f}")
cols[1].metric("Only in A", len(diff.only_a))
cols[2].metric("Shared", len(diff.shared))
cols[3].metric("Only in B", len(diff.only_b))

a, shared, b = st.columns(3)
a.caption("Structural core tokens only in A")
a.dataframe({"token": diff.only_a}, hide_index=True, width="stretch")
shared.caption("Shared")
shared.dataframe({"token": diff.shared}, hide_index=True, width="stretch")
b.caption("Only in B")
b.dataframe({"token": diff.only_b}, hide_index=True, width="stretch")

st.subheader("Landmark shells")
st.caption("Jaccard similarity of the two clusters' shell tokens per landmark type.")
st.dataframe(
    siblings.shell_table(diff),
    hide_index=True,
    column_config={"shellJaccard": st.column_config.NumberColumn(format="%.3f")},
)
