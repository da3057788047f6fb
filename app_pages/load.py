"""Load: open a crawl (bundled sample, upload, or a local path) and choose options."""

import streamlit as st

from app_ui import state
from page_cluster.app_support import LoadError, RunOptions
from page_cluster.app_support.progress import format_bytes
from page_cluster.app_support.text import markdown_text
from page_cluster.app_support.views.reading import read_summary

LOCAL = "Local path (file or folder)"
UPLOAD = "Upload a file"

st.title("Load a crawl")
ctx = state.context()
if ctx is not None:
    a = ctx.analysis
    st.success(
        f"Open: **{markdown_text(a.source.label)}** ({a.input_format}) — {a.n_pages:,} pages "
        f"in {len(set(a.base_keys)):,} clusters, analysed in {a.elapsed_seconds:.1f}s."
    )
    summary = read_summary(a.read_report)
    if summary is not None:
        text = f"{markdown_text(summary.headline)}."
        if summary.notes:
            text += f" {markdown_text(summary.notes)}."
        if summary.first:
            text += "\n\n" + "\n".join(f"- {markdown_text(m)}" for m in summary.first)
        (st.warning if summary.damaged else st.info)(text)
        if summary.damaged > len(summary.first):
            listed = len(summary.table)
            with st.expander(
                f"Damaged or invalid records ({listed:,} listed of {summary.damaged:,})"
            ):
                st.dataframe(summary.table, hide_index=True)

st.caption(
    "Input, detected from the content: JSONL, one page object per line (`html` required; "
    "`id`, `url`, `paths`, `stylesheetHrefs`, `host` optional), or a JSON array of such "
    "objects, either gzip-compressed or not; a WARC or WARC.gz crawl archive (its HTML "
    "responses); or, by path, a folder of saved `.html` files such as a `wget --mirror`. "
    "Results are cached by the crawl's content, so reopening a crawl is instant."
)
kind = st.radio("Crawl", ["Bundled sample", LOCAL, UPLOAD], horizontal=True, key="load_kind")
path = upload = None
if kind == LOCAL:
    path = st.text_input(
        "Path of a crawl file or folder on this machine (read in place, not copied)",
        key="load_path",
    )
elif kind == UPLOAD:
    upload = st.file_uploader("Crawl file (JSONL, JSON, WARC; gzip or not)", key="load_upload")
    st.caption(
        "For very large crawls prefer a local path: an upload is held in memory. "
        "A folder cannot be uploaded: give its path."
    )

attribute = st.text_input(
    "Content-block attribute (optional)",
    key="load_attribute",
    help="An attribute a CMS puts on free-form content blocks (e.g. data-bgb); everything "
    "inside such an element is ignored when comparing pages (--content-block-attribute).",
)
skip_invalid = st.checkbox(
    "Skip invalid JSONL/JSON records (they are listed) instead of stopping at the first one",
    key="load_skip",
    help="A WARC's damaged records and a folder's unreadable files are always skipped and listed.",
)

if st.button("Analyse", type="primary", key="load_go"):
    options = RunOptions(attribute.strip() or None, skip_invalid)
    try:
        if kind == LOCAL:
            request = state.request_for_path(path or "", options)
        elif kind == UPLOAD:
            if upload is None:
                raise LoadError("upload", "choose a file first")
            request = state.request_for_upload(upload.getvalue(), upload.name, options)
        else:
            request = state.request_for_path(state.SAMPLE_PATH, options)
    except LoadError as exc:
        st.error(markdown_text(f"Cannot open the crawl: {exc}"))
    else:
        state.open_crawl(request)
        st.rerun()

store, problem = state.decision_store()
if store is not None:
    recent = [r for r in store.recent_inputs() if r.path]
    if recent:
        st.subheader("Recent crawls")
        choice = st.selectbox(
            "Reopen",
            range(len(recent)),
            format_func=lambda i: (
                f"{recent[i].label} ({format_bytes(recent[i].size)})"
                + (f" · {recent[i].scope}" if recent[i].scope else "")
                + f" — {recent[i].path}"
            ),
            key="load_recent",
        )
        if st.button("Reopen", key="load_reopen"):
            r = recent[choice]
            try:
                state.open_crawl(state.request_for_path(r.path, RunOptions(r.scope or None)))
            except LoadError as exc:
                st.error(markdown_text(f"Cannot reopen {r.label}: {exc}"))
            else:
                st.rerun()

st.subheader("Decisions file")
st.caption(
    "Confirmed and rejected merges are stored in this SQLite file, keyed by the crawl's "
    "content hash; they survive reloads and restarts. Set PAGE_CLUSTER_DECISIONS_DB to "
    "change the default for every session."
)
if problem:
    st.error(markdown_text(problem))
db_path = st.text_input("Path", value=str(state.decisions_path()), key="load_db_path")
if st.button("Use this decisions file", key="load_db_use"):
    failure = state.use_decisions_path(db_path)
    if failure:
        st.error(markdown_text(failure))
    else:
        st.rerun()
