"""Content: a member page's blocks coloured by class, and the cluster's template blocks."""

import streamlit as st

from page_cluster.app import state, widgets
from page_cluster.app_support.loading import LoadError
from page_cluster.app_support.text import markdown_text, text_part, text_parts
from page_cluster.app_support.views import content

#: Characters of main text sent to the browser at once (a page can hold megabytes).
MAIN_TEXT_PART = 200_000

ctx = state.require_context()
view = ctx.view

st.title("Content")
st.caption(
    "Main content, related links and template noise, found with the page's "
    "same-template siblings (the first "
    f"{content.MAX_MEMBERS} members of the cluster)."
)
key = widgets.cluster_picker(ctx, "Cluster", widget_key="content_cluster")
with st.spinner("Extracting the cluster's content..."):
    result = content.cluster_content(ctx.analysis, view, key)

page_tab, template_tab = st.tabs(["Member page", "Template blocks"])
with page_tab:
    labels = {p: ctx.analysis.pages.label(p) for p in result.positions}
    position = st.selectbox(
        "Member page", result.positions, format_func=labels.__getitem__, key="content_member"
    )
    legend = " · ".join(
        f":{name}[■] {label}"
        for name, label in (("red", "content"), ("green", "related links"), ("violet", "noise"))
    )
    st.markdown(legend)
    try:
        doc = content.annotated_member(ctx.analysis, result, position)
    except LoadError as exc:
        st.error(markdown_text(f"Cannot show this page: {exc}"))
    else:
        widgets.sandboxed_document(doc, title=f"Blocks of {labels[position]}", height=560)
    page = result.of(position)
    text = page.main_text
    parts = text_parts(len(text), MAIN_TEXT_PART)
    part = 0
    if parts > 1:
        part = (
            int(
                st.number_input(
                    f"Part of the main text (1–{parts:,}, {MAIN_TEXT_PART:,} characters each)",
                    min_value=1,
                    max_value=parts,
                    value=1,
                    step=1,
                    key=f"content_text_part_{position}",
                )
            )
            - 1
        )
    st.caption(
        f"{content.reader_note(page)} {len(text):,} characters of main text"
        + (f"; showing part {part + 1:,} of {parts:,}" if parts > 1 else "")
    )
    st.text_area(
        "Main text",
        text_part(text, part, MAIN_TEXT_PART),
        height=200,
        key=f"content_text_{position}_{part}",
        disabled=True,
    )
with template_tab:
    table = content.template_blocks_frame(result)
    if table.empty:
        st.info("No block is dropped on most members: this cluster has no template noise.")
    else:
        st.caption(
            "DOM paths whose blocks the extraction drops on at least half of the members, "
            "with the share of a member's text they hold."
        )
        st.dataframe(table, hide_index=True, width="stretch")
