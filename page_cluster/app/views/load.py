"""Load: open a crawl (bundled sample, upload, or a local path) and choose options."""

import streamlit as st

from page_cluster.app import state, widgets
from page_cluster.app_support import LoadError, RunOptions
from page_cluster.app_support.progress import format_bytes
from page_cluster.app_support.text import markdown_text, plural

LOCAL = "Local path (file or folder)"
UPLOAD = "Upload a file"
#: Set by the Analyse button's callback, cleared when the analysis is asked for:
#: a click made while a file is still uploading is kept until the file is there.
PENDING = "load_pending"


def _ask_analysis() -> None:
    st.session_state[PENDING] = True


def _forget_pending() -> None:
    st.session_state[PENDING] = False


st.title("Load a crawl")
ctx = state.context()
if ctx is not None:
    a = ctx.analysis
    merged = f" ({len(ctx.applied)} confirmed merge(s) applied)" if ctx.applied else ""
    st.success(
        f"Open: **{markdown_text(ctx.label)}** ({a.input_format}) — "
        f"{plural(a.n_pages, 'page')} in {plural(len(ctx.view.cluster_keys), 'cluster')}"
        f"{merged}, analysed in {a.elapsed_seconds:.1f}s."
    )
    widgets.read_summary_box(a)

st.caption(
    "Input, detected from the content: JSONL, one page object per line (`html` required; "
    "`id`, `url`, `paths`, `stylesheetHrefs`, `host` optional), or a JSON array of such "
    "objects, either gzip-compressed or not; a WARC or WARC.gz crawl archive (its HTML "
    "responses); or, by path, a folder of saved `.html` files such as a `wget --mirror`. "
    "Results are cached by the crawl's content, so reopening a crawl is instant."
)
# The sample ships with the repository, not with every installed package.
kinds = ["Bundled sample", LOCAL, UPLOAD] if state.SAMPLE_PATH.is_file() else [LOCAL, UPLOAD]
# A server started on a crawl offers that crawl first (to reopen it with other
# options), not the sample it never showed.
started = state.started_with().crawl
if started is not None and "load_kind" not in st.session_state:
    st.session_state["load_kind"] = LOCAL
    st.session_state["load_path"] = str(started)
kind = st.radio(
    "Crawl",
    kinds,
    horizontal=True,
    key="load_kind",
    on_change=_forget_pending,
)
path = None
staged = st.session_state.get(state.STAGED)
if kind == LOCAL:
    path = st.text_input(
        "Path of a crawl file or folder on this machine (read in place, not copied)",
        key="load_path",
    )
    st.caption(
        "Readable folders: "
        + markdown_text(state.access_policy().roots_text())
        + " (start the app with `-- --data-root FOLDER` to add one)."
    )
elif kind == UPLOAD:
    generation = st.session_state.get(state.UPLOADER_GENERATION, 0)
    upload = st.file_uploader(
        "Crawl file (JSONL, JSON, WARC; gzip or not)", key=f"load_upload_{generation}"
    )
    if upload is not None:
        staged = state.stage_upload(upload, generation)
    if staged is not None:
        st.success(
            f"Uploaded **{markdown_text(staged.label)}** ({format_bytes(staged.size)}), "
            "ready to analyse."
        )
    st.caption(
        "An upload is stored on the server's disk and read like a local file. "
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

st.button("Analyse", type="primary", key="load_go", on_click=_ask_analysis)
upload_problem = st.session_state.pop(state.UPLOAD_ERROR, None)
if upload_problem:
    st.error(markdown_text(upload_problem))
if st.session_state.get(PENDING):
    options = RunOptions(attribute.strip() or None, skip_invalid)
    if kind == UPLOAD and staged is None:
        st.info(
            "Waiting for the file: the analysis starts as soon as its upload is complete "
            "(choose a file if none is being uploaded)."
        )
    else:
        st.session_state[PENDING] = False
        try:
            if kind == LOCAL:
                request = state.request_for_path(path or "", options)
            elif kind == UPLOAD:
                request = state.request_for_staged(staged, options)
            else:
                request = state.request_for_path(state.SAMPLE_PATH, options)
        except LoadError as exc:
            st.error(markdown_text(f"Cannot open the crawl: {exc}"))
        else:
            state.open_crawl(request, show_overview=True)
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
    "content hash; they survive reloads and restarts. Another file must be in the state "
    f"folder ({markdown_text(state.access_policy().state_dir)}); a bare name is put there. "
    "Set PAGE_CLUSTER_DECISIONS_DB to change the default for every session."
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
