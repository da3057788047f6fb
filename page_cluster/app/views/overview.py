"""Overview: clusters, their sizes, filters and page search."""

import streamlit as st

from page_cluster.app import nav, state, widgets
from page_cluster.app_support.text import markdown_text, plural
from page_cluster.app_support.views import overview

ctx = state.require_context()
view = ctx.view
table = overview.cluster_table(view, ctx.analysis.pages.hosts)

st.title("Overview")
widgets.read_summary_box(ctx.analysis)
cols = st.columns(4)
cols[0].metric("Pages", f"{ctx.analysis.n_pages:,}")
cols[1].metric("Clusters", f"{len(table):,}")
cols[2].metric("Suspicious (split suggested)", int(table["suspicious"].sum()))
cols[3].metric("Confirmed merges applied", len(ctx.applied))

st.subheader("Clusters")
f1, f2, f3, f4 = st.columns([3, 3, 1, 1])
query = f1.text_input("Search pages by URL path or id", key="overview_query")
cluster_query = f2.text_input("Search clusters by label or host", key="overview_cluster_query")
suspicious_only = f3.checkbox("Suspicious only", key="overview_suspicious")
min_size = f4.number_input("Min. size", min_value=1, value=1, step=1, key="overview_min_size")

keys = None
if query.strip():
    found = overview.search_pages(ctx.analysis, view, query)
    st.caption(f"{plural(len(found), 'page')} matching “{markdown_text(query)}”")
    st.dataframe(found, hide_index=True, width="stretch")
    keys = set(found["clusterKey"])

shown = overview.filter_clusters(
    table,
    keys=keys,
    suspicious_only=suspicious_only,
    min_size=int(min_size),
    cluster_query=cluster_query,
)
if len(shown) < len(table):
    st.caption(f"{plural(len(shown), 'cluster')} of {len(table):,} match the filters.")
if len(shown):
    # The treemap shows what the filters keep, like the tables.
    st.plotly_chart(overview.size_figure(shown), width="stretch")
else:
    st.info("No cluster matches the filters.")
st.dataframe(
    shown.drop(columns=["clusterKey"]),
    hide_index=True,
    width="stretch",
    column_config={
        "cohesionMedian": st.column_config.NumberColumn("cohesion median", format="%.3f"),
        "cohesionP10": st.column_config.NumberColumn("cohesion p10", format="%.3f"),
        "mergedFrom": st.column_config.NumberColumn("merged from", help="clusters of the run"),
    },
)
if len(shown):
    pick = widgets.cluster_picker(
        ctx, "Open a cluster", widget_key="overview_open", keys=list(shown["clusterKey"])
    )
    if st.button("Show cluster detail"):
        st.switch_page(nav.view_script("cluster"))
