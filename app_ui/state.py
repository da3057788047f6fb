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
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

import streamlit as st

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
from page_cluster.app_support.analysis import analysis_key
from page_cluster.app_support.views.splits import confirmed_splits
from page_cluster.app_support.views.suggestions import confirmed_pairs

ROOT = Path(__file__).resolve().parents[1]
SAMPLE_PATH = ROOT / "sample_data" / "site.jsonl"
#: Finished analyses kept in memory (override with PAGE_CLUSTER_APP_MAX_ANALYSES).
MAX_ANALYSES = max(1, int(os.environ.get("PAGE_CLUSTER_APP_MAX_ANALYSES", "3") or 3))
#: Uploaded crawls kept in memory for reloads.
MAX_UPLOADS = 2
#: Seconds between two progress-bar updates while a run is going.
POLL_SECONDS = 0.2

_REQUEST = "pc_request"
_ACTIVE = "pc_active"
_ERROR = "pc_load_error"
_DB_PATH = "pc_db_path"
_RESTORED = "pc_restored"


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


class _Uploads:
    """Uploaded crawls by content hash (a few, in memory: uploads are not written to disk)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._items: OrderedDict[str, CrawlSource] = OrderedDict()

    def put(self, digest: str, source: CrawlSource) -> None:
        with self._lock:
            self._items[digest] = source
            self._items.move_to_end(digest)
            while len(self._items) > MAX_UPLOADS:
                self._items.popitem(last=False)

    def get(self, digest: str) -> CrawlSource | None:
        with self._lock:
            return self._items.get(digest)


@st.cache_resource(show_spinner=False)
def _uploads() -> _Uploads:
    return _Uploads()


@st.cache_data(show_spinner="Hashing the crawl…", max_entries=64)
def _path_hash(path: str, identity: tuple) -> str:
    """Content hash of a file or folder, cached by its identity (see ``CrawlSource.identity``)."""
    return content_hash(CrawlSource.from_path(path))


@st.cache_resource(show_spinner=False)
def _store(path: str) -> DecisionStore:
    return DecisionStore(path)


# --- building requests -------------------------------------------------------------


def request_for_path(path: str | Path, options: RunOptions) -> Request:
    """A request for a local file or folder (:class:`LoadError` when it cannot be read)."""
    source = CrawlSource.from_path(path)
    try:
        identity = source.identity()
        size = source.size()
    except OSError as exc:
        raise LoadError(source.label, exc.strerror or str(exc)) from None
    return Request(source, options, _path_hash(str(source.path), identity), size)


def request_for_upload(data: bytes, name: str, options: RunOptions) -> Request:
    source = CrawlSource.from_bytes(data, name)
    digest = content_hash(source)
    _uploads().put(digest, source)
    return Request(source, options, digest, source.size())


def sample_request() -> Request:
    return request_for_path(SAMPLE_PATH, RunOptions())


def open_crawl(request: Request) -> None:
    """Ask for a crawl to be analysed and shown (the next run picks it up)."""
    st.session_state[_REQUEST] = request
    st.session_state[_ERROR] = None


def load_error() -> str | None:
    return st.session_state.get(_ERROR)


def dismiss_load_error() -> None:
    st.session_state[_ERROR] = None


# --- decisions file ------------------------------------------------------------------


def decisions_path() -> Path:
    override = st.session_state.get(_DB_PATH)
    return Path(override) if override else default_decisions_path()


def use_decisions_path(path: str) -> str | None:
    """Switch this session to another decisions file; an error message when it fails."""
    try:
        store = _store(str(Path(path.strip()).expanduser()))
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
        return Request(upload, options, digest, upload.size())
    store, _ = decision_store()
    known = store.find_input(digest, options.scope) if store is not None else None
    if known is None or not known.path:
        st.session_state[_ERROR] = (
            "The crawl named in the address is not available any more (an upload is kept "
            "in memory only until the server stops); showing the sample. Decisions on it are "
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


def _remember(analysis: Analysis) -> None:
    store, _ = decision_store()
    if store is None:
        return
    path = str(analysis.source.path) if analysis.source.path is not None else None
    # The list of recent crawls is a convenience; decisions report their own errors.
    with contextlib.suppress(DecisionStoreError, OSError):
        store.remember_input(
            analysis.content_hash,
            analysis.options.scope,
            analysis.source.label,
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

    Called by ``app.py`` before the view: the first visit opens the crawl in
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
            request = sample_request()
        except LoadError as exc:
            state[_ERROR] = f"The bundled sample cannot be read: {exc}"
            return None
    jobs = _jobs()
    job = jobs.submit(
        request.key,
        request.size,
        lambda progress: analyse(
            request.source, request.options, digest=request.digest, progress=progress
        ),
    )
    if not job.done.is_set():
        _wait_with_progress(job, request.source.label)
    if job.error is not None:
        label = request.source.label
        state[_ERROR] = f"Cannot analyse {label}: {job.error.removeprefix(f'{label}: ')}"
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
        _remember(analysis)
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
    split_decisions: dict[str, SplitDecision] = field(default_factory=dict)
    applied_splits: tuple[str, ...] = ()


def context() -> Context | None:
    analysis = active_analysis()
    if analysis is None:
        return None
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
        analysis, decisions, applied, view, store, problem, split_decisions, applied_splits
    )


def require_context() -> Context:
    """The view's context, or a message and a stop when no crawl is open."""
    ctx = context()
    if ctx is None:
        st.info("No crawl is open. Choose one in the **Load** view.")
        st.stop()
    return ctx
