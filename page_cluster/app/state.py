"""Session state of the app: which crawl is open, its run, the decisions file.

Shared across sessions (``st.cache_resource``): the background runs (keyed by
content hash and options), uploaded crawls (by content hash) and the decision
stores. Per session: the crawl being loaded, the crawl shown, the last load
error and an optional decisions-file override. The open crawl is also written
to the address (``?crawl=<sha256>``) so a reload reopens it.
"""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

import streamlit as st
from streamlit.runtime.uploaded_file_manager import UploadedFile

from page_cluster.app_support import (
    Analysis,
    AnalysisJobs,
    CrawlSource,
    Decision,
    DecisionStore,
    DecisionStoreError,
    LoadError,
    PartitionView,
    RunOptions,
    SplitDecision,
    analyse,
    content_hash,
    default_decisions_path,
)
from page_cluster.app_support.access import AccessPolicy, StartOptions, policy_from, start_options
from page_cluster.app_support.analysis import analysis_key
from page_cluster.app_support.uploads import SpooledUpload, UploadSpool
from page_cluster.app_support.views.splits import confirmed_splits
from page_cluster.app_support.views.suggestions import confirmed_pairs

#: The repository checkout the package runs from (an editable install), if any.
ROOT = Path(__file__).resolve().parents[2]
SAMPLE_PATH = ROOT / "sample_data" / "site.jsonl"
#: Finished analyses kept in memory (override with PAGE_CLUSTER_APP_MAX_ANALYSES).
MAX_ANALYSES = max(1, int(os.environ.get("PAGE_CLUSTER_APP_MAX_ANALYSES", "3") or 3))
#: Uploaded crawls kept (spooled to disk) for reloads.
MAX_UPLOADS = 8
#: Seconds between two progress-bar updates while a run is going.
POLL_SECONDS = 0.2

_REQUEST = "pc_request"
_ACTIVE = "pc_active"
_ERROR = "pc_load_error"
_DB_PATH = "pc_db_path"
_RESTORED = "pc_restored"
_JUMP = "pc_show_overview"
#: The upload spooled to disk for this session, ready to analyse.
STAGED = "load_staged"
#: Bumped to give the uploader a fresh, empty widget once its file is spooled.
UPLOADER_GENERATION = "load_uploader_generation"
#: Why the last upload was refused (shown once by the Load view).
UPLOAD_ERROR = "pc_upload_error"
#: A single page is not a crawl; these uploads get a hint instead of a parse error.
PAGE_SUFFIXES = (".html", ".htm", ".xhtml", ".shtml")
#: Bytes between two updates of the bar while an upload is written to disk.
SPOOL_REPORT_BYTES = 16 << 20


@dataclass(frozen=True, eq=False)
class Request:
    """A crawl to analyse: its source, options, content hash and size in bytes."""

    source: CrawlSource
    options: RunOptions
    digest: str
    size: int

    @property
    def key(self) -> str:
        return analysis_key(self.digest, self.options)


@st.cache_resource(show_spinner=False)
def _jobs() -> AnalysisJobs[Analysis]:
    return AnalysisJobs(max_results=MAX_ANALYSES)


@st.cache_resource(show_spinner=False)
def _uploads() -> UploadSpool:
    """Uploads spooled to the server's temporary folder (shared by every session)."""
    return UploadSpool(keep=MAX_UPLOADS)


def access_policy() -> AccessPolicy:
    """Data roots, state folder and remote-serving permission of this server.

    Read on every run (it is cheap): the app's arguments after ``--``, the
    environment, and the folder the server was started in.
    """
    return policy_from(
        os.environ, sys.argv[1:], Path.cwd(), home=Path.home(), bundled=[SAMPLE_PATH]
    )


def started_with() -> StartOptions:
    """The crawl and ``n_jobs`` the server was started with (``page-cluster app``)."""
    return start_options(sys.argv[1:], Path.cwd())


@st.cache_data(show_spinner="Hashing the crawl…", max_entries=64)
def _path_hash(path: str, identity: tuple) -> str:
    """Content hash of a file or folder, cached by its identity (see ``CrawlSource.identity``)."""
    return content_hash(CrawlSource.from_path(path))


@st.cache_resource(show_spinner=False)
def _store(path: str) -> DecisionStore:
    return DecisionStore(path)


# --- building requests -------------------------------------------------------------


def request_for_path(path: str | Path, options: RunOptions) -> Request:
    """A request for a local file or folder (:class:`LoadError` when it cannot be read
    or lies outside the data roots)."""
    source = CrawlSource.from_path(access_policy().crawl_path(str(path)))
    try:
        identity = source.identity()
        size = source.size()
    except OSError as exc:
        raise LoadError(source.label, exc.strerror or str(exc)) from None
    return Request(source, options, _path_hash(str(source.path), identity), size)


def request_for_upload(
    stream: BinaryIO, name: str, options: RunOptions, *, on_bytes=None
) -> Request:
    """A request for an upload, spooled to disk first and then read like a path."""
    item = _uploads().add(stream, name, on_bytes=on_bytes)
    return Request(item.source(), options, item.digest, item.size)


def request_for_staged(staged: SpooledUpload, options: RunOptions) -> Request:
    """A request for this session's spooled upload."""
    if not staged.path.exists():
        raise LoadError(
            staged.label, "the upload is no longer stored on the server; upload it again"
        )
    return Request(staged.source(), options, staged.digest, staged.size)


def _release_upload(upload: UploadedFile) -> None:
    """Free the web server's in-memory copy of an upload once it is on disk.

    Streamlit keeps every uploaded file in memory until its session ends; a
    crawl of hundreds of megabytes would stay there beside the analysis. This
    uses Streamlit's runtime internals, so any failure just keeps the copy.
    """
    with contextlib.suppress(Exception):
        from streamlit.runtime import Runtime
        from streamlit.runtime.scriptrunner import get_script_run_ctx

        run_ctx = get_script_run_ctx()
        if run_ctx is not None and Runtime.exists():
            Runtime.instance().uploaded_file_mgr.remove_file(run_ctx.session_id, upload.file_id)


def stage_upload(upload: UploadedFile, generation: int) -> SpooledUpload | None:
    """Write a new upload to disk with a progress bar, then start a fresh uploader.

    Returns the session's staged upload (the new one, or the previous one when
    this one was refused); a refusal is left in :data:`UPLOAD_ERROR`.
    """
    state = st.session_state
    name = upload.name
    if name.lower().endswith(PAGE_SUFFIXES):
        state[UPLOAD_ERROR] = (
            f"{name} is a single page, not a crawl: upload a JSONL, JSON or WARC file, "
            "or give the folder of saved pages as a local path."
        )
    else:
        total = max(int(upload.size), 1)
        bar = st.progress(0.0, text=f"Storing {name} on the server…")
        last = [0]

        def moved(done: int) -> None:
            if done - last[0] >= SPOOL_REPORT_BYTES or done >= total:
                last[0] = done
                bar.progress(min(done / total, 1.0), text=f"Storing {name} on the server…")

        upload.seek(0)
        try:
            state[STAGED] = _uploads().add(upload, name, on_bytes=moved)
        except LoadError as exc:
            state[UPLOAD_ERROR] = f"Cannot store the upload: {exc}"
        bar.empty()
    _release_upload(upload)
    state[UPLOADER_GENERATION] = generation + 1
    st.rerun()
    return state.get(STAGED)  # pragma: no cover - st.rerun() does not return


def sample_request() -> Request:
    return request_for_path(SAMPLE_PATH, RunOptions())


def start_request() -> Request | None:
    """What a first visit opens: the crawl the server was started on, else the
    bundled sample (none when the package runs without the repository's sample)."""
    crawl = started_with().crawl
    if crawl is not None:
        return request_for_path(crawl, RunOptions())
    return sample_request() if SAMPLE_PATH.is_file() else None


def open_crawl(request: Request, *, show_overview: bool = False) -> None:
    """Ask for a crawl to be analysed and shown (the next run picks it up).

    ``show_overview``: once it is analysed, go to the Overview (see :func:`take_jump`).
    """
    st.session_state[_REQUEST] = request
    st.session_state[_ERROR] = None
    st.session_state[_JUMP] = show_overview


def take_jump() -> bool:
    """Whether the crawl just opened asked to show the Overview (asked once)."""
    return bool(st.session_state.pop(_JUMP, False))


def load_error() -> str | None:
    return st.session_state.get(_ERROR)


def dismiss_load_error() -> None:
    st.session_state[_ERROR] = None


# --- decisions file ------------------------------------------------------------------


def decisions_path() -> Path:
    override = st.session_state.get(_DB_PATH)
    return Path(override) if override else default_decisions_path()


def use_decisions_path(path: str) -> str | None:
    """Switch this session to another decisions file in the state folder; an error
    message when it is outside it or cannot be used."""
    try:
        target = access_policy().decisions_path(path)
    except ValueError as exc:
        return str(exc)
    try:
        store = _store(str(target))
    except DecisionStoreError as exc:
        return str(exc)
    st.session_state[_DB_PATH] = str(store.path)
    return None


def decision_store() -> tuple[DecisionStore | None, str | None]:
    """The session's store, or ``None`` and why it cannot be used."""
    try:
        return _store(str(decisions_path())), None
    except DecisionStoreError as exc:
        return None, str(exc)


# --- the open crawl ------------------------------------------------------------------


def _restore_request() -> Request | None:
    """The crawl named in the address (a reload or a restart), if it can be found."""
    params = st.query_params
    digest = params.get("crawl")
    if not digest:
        return None
    options = RunOptions(content_block_attribute=params.get("cba") or None)
    upload = _uploads().get(digest)
    if upload is not None:
        return Request(upload.source(), options, digest, upload.size)
    store, _ = decision_store()
    known = store.find_input(digest, options.scope) if store is not None else None
    if known is None or not known.path:
        st.session_state[_ERROR] = (
            "The crawl named in the address is not available any more (an upload is kept "
            "only until the server stops); showing the sample. Decisions on it are "
            "kept: upload it again to see them."
        )
        return None
    try:
        request = request_for_path(known.path, options)
    except LoadError as exc:
        st.session_state[_ERROR] = f"Cannot reopen {known.label}: {exc}"
        return None
    if request.digest != digest:
        st.session_state[_ERROR] = (
            f"{known.path} changed since it was analysed; showing its current content."
        )
    return request


def _remember(analysis: Analysis, request: Request) -> None:
    """Note the crawl as this session opened it (the analysis may be a cached one of
    the same content under another name)."""
    store, _ = decision_store()
    if store is None:
        return
    source = request.source
    path = str(source.path) if source.path is not None and not source.uploaded else None
    # The list of recent crawls is a convenience; decisions report their own errors.
    with contextlib.suppress(DecisionStoreError, OSError):
        store.remember_input(
            analysis.content_hash,
            analysis.options.scope,
            source.label,
            path,
            analysis.input_size,
        )


def _set_address(request: Request) -> None:
    wanted = {"crawl": request.digest}
    if request.options.content_block_attribute:
        wanted["cba"] = request.options.content_block_attribute
    current = {k: st.query_params.get(k) for k in ("crawl", "cba")}
    if current != {"crawl": wanted["crawl"], "cba": wanted.get("cba")}:
        st.query_params.clear()
        st.query_params.update(wanted)


def _wait_with_progress(job, label: str) -> None:
    box = st.empty()
    bar = box.progress(0.0, text=f"Analysing {label}…")
    while not job.wait(POLL_SECONDS):
        snap = job.snapshot()
        bar.progress(
            min(max(snap.fraction, 0.0), 1.0),
            text=f"Analysing {label}: {snap.text} ({snap.elapsed_seconds:.0f}s)",
        )
    box.empty()


def ensure_analysis() -> Analysis | None:
    """Run (or reuse) the requested crawl's analysis, with a progress bar while it runs.

    Called by the entry script before the view: the first visit opens the crawl in
    the address or the bundled sample; a failed load keeps the previous crawl.
    """
    state = st.session_state
    if not state.get(_RESTORED):
        state[_RESTORED] = True
        if state.get(_REQUEST) is None and state.get(_ACTIVE) is None:
            state[_REQUEST] = _restore_request()
    request: Request | None = state.get(_REQUEST) or state.get(_ACTIVE)
    if request is None:
        try:
            request = start_request()
        except LoadError as exc:
            state[_ERROR] = f"The first crawl cannot be read: {exc}"
            return None
        if request is None:
            return None
    jobs = _jobs()
    n_jobs = started_with().n_jobs
    job = jobs.submit(
        request.key,
        request.size,
        lambda progress: analyse(
            request.source,
            request.options,
            digest=request.digest,
            progress=progress,
            n_jobs=n_jobs,
        ),
    )
    if not job.done.is_set():
        _wait_with_progress(job, request.source.label)
    if job.error is not None:
        label = request.source.label
        state[_ERROR] = f"Cannot analyse {label}: {job.error.removeprefix(f'{label}: ')}"
        state.pop(_JUMP, None)
        jobs.discard(request.key)
        state[_REQUEST] = None
        active: Request | None = state.get(_ACTIVE)
        if active is None or active is request:
            state[_ACTIVE] = None
            return None
        return ensure_analysis()
    analysis = job.result
    assert analysis is not None
    if state.get(_ACTIVE) is not request:
        state[_ACTIVE] = request
        _remember(analysis, request)
    state[_REQUEST] = None
    _set_address(request)
    return analysis


def active_analysis() -> Analysis | None:
    request: Request | None = st.session_state.get(_ACTIVE)
    return _jobs().result(request.key) if request is not None else None


@dataclass(frozen=True, eq=False)
class Context:
    """What a view needs: the analysis, its decisions and the merged partition."""

    analysis: Analysis
    decisions: dict[tuple[str, str], Decision]
    applied: tuple[tuple[str, str], ...]
    view: PartitionView
    store: DecisionStore | None
    store_error: str | None
    #: The crawl's name as this session opened it: results are shared by content,
    #: so the same bytes opened under another name reuse an analysis with the first name.
    label: str = ""
    split_decisions: dict[str, SplitDecision] = field(default_factory=dict)
    applied_splits: tuple[str, ...] = ()


def context() -> Context | None:
    analysis = active_analysis()
    if analysis is None:
        return None
    request: Request | None = st.session_state.get(_ACTIVE)
    label = request.source.label if request is not None else analysis.source.label
    store, problem = decision_store()
    decisions: dict[tuple[str, str], Decision] = {}
    split_decisions: dict[str, SplitDecision] = {}
    if store is not None:
        try:
            decisions = store.decisions(analysis.content_hash, analysis.options.scope)
            split_decisions = store.split_decisions(analysis.content_hash, analysis.options.scope)
        except DecisionStoreError as exc:
            problem = str(exc)
    applied = confirmed_pairs(analysis, decisions)
    applied_splits = confirmed_splits(analysis, split_decisions)
    view = analysis.view(applied, applied_splits)
    return Context(
        analysis,
        decisions,
        applied,
        view,
        store,
        problem,
        label=label,
        split_decisions=split_decisions,
        applied_splits=applied_splits,
    )


def require_context() -> Context:
    """The view's context, or a message and a stop when no crawl is open."""
    ctx = context()
    if ctx is None:
        st.info("No crawl is open. Choose one in the **Load** view.")
        st.stop()
    return ctx
