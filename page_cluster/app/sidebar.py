"""The sidebar: the open crawl, the applied merges and the decisions file."""

from __future__ import annotations

import streamlit as st

from page_cluster.app_support.progress import format_bytes
from page_cluster.app_support.text import markdown_text, plural

from . import state


def render() -> None:
    ctx = state.context()
    with st.sidebar:
        if ctx is None:
            st.caption("No crawl open.")
        else:
            a = ctx.analysis
            st.markdown(f"**Crawl:** {markdown_text(ctx.label)}")
            st.caption(
                f"{plural(a.n_pages, 'page')} in {plural(len(ctx.view.cluster_keys), 'cluster')} · "
                f"{a.input_format} · {format_bytes(a.input_size)} · sha256 {a.content_hash[:12]}"
            )
            if a.options.content_block_attribute:
                attribute = markdown_text(a.options.content_block_attribute)
                st.caption(f"content-block attribute: {attribute}")
            st.caption(f"{len(ctx.applied)} confirmed merge(s) applied")
            if ctx.applied_splits:
                st.caption(f"{len(ctx.applied_splits)} confirmed split(s) applied")
        st.caption("Decisions file:")
        st.code(str(state.decisions_path()), language=None)
