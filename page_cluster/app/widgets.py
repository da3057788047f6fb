"""Widgets shared by several views."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any

import pandas as pd
import streamlit as st

from page_cluster.app_support import Analysis, LoadError
from page_cluster.app_support.preview import PREVIEW_MAX_CHARS, PreviewDocument, sandboxed_iframe
from page_cluster.app_support.text import code_text, markdown_text, plural
from page_cluster.app_support.views.detail import member_preview
from page_cluster.app_support.views.reading import read_summary

from .state import Context

SELECTED_CLUSTER = "pc_selected_cluster"


def decision_buttons(
    current: str | None,
    decide: Callable[[Any, str | None], None],
    subject: Any,
    *,
    labels: tuple[str, str, str],
    key: str,
    disabled: bool,
) -> None:
    """Confirm / reject / undo for one suggestion: ``decide(subject, decision)``
    runs on click; a button that would change nothing is disabled."""
    columns = st.columns([1, 1, 1, 3])[:3]
    for column, decision, label, suffix in zip(
        columns, ("confirmed", "rejected", None), labels, ("confirm", "reject", "undo"), strict=True
    ):
        column.button(
            label,
            type="primary" if decision == "confirmed" else "secondary",
            disabled=disabled or current == decision,
            on_click=decide,
            args=(subject, decision),
            key=f"{key}_{suffix}",
        )


def cluster_label(ctx: Context, key: str) -> str:
    """A cluster as listed in pickers: its human label and size (keys stay in tables)."""
    return f"{ctx.view.label(key)} — {plural(ctx.view.size(key), 'page')}"


def cluster_picker(
    ctx: Context, label: str, *, widget_key: str, keys: Sequence[str] | None = None
) -> str:
    """Pick a cluster (largest first); remembers the choice across views."""
    view = ctx.view
    options = (
        list(keys)
        if keys is not None
        else sorted(view.cluster_keys, key=lambda k: (-view.size(k), k))
    )
    current = st.session_state.get(SELECTED_CLUSTER)
    index = options.index(current) if current in options else 0
    choice = st.selectbox(
        label,
        options,
        index=index,
        format_func=lambda k: cluster_label(ctx, k),
        key=widget_key,
    )
    st.session_state[SELECTED_CLUSTER] = choice
    return choice


def versioned_key(base: str, state: Sequence[object]) -> str:
    """A widget key that changes with ``state``: a fresh widget whose option texts
    are current (the browser keeps a select's old option text for the same key).
    The first version is ``base`` itself."""
    digest = hashlib.sha256(repr(list(state)).encode()).hexdigest()[:12]
    return base if not any(x is not None for x in state) else f"{base}_{digest}"


def count_slider(label: str, total: int, default: int, *, key: str) -> int:
    """How many of ``total`` items to show; no slider when there is nothing to choose.

    A Streamlit slider needs min < max, so one item (or none) is shown as a caption.
    """
    if total <= 1:
        st.caption(f"{label}: {max(total, 0)}")
        return max(total, 0)
    return int(st.slider(label, 1, total, min(max(default, 1), total), key=key))


def page_preview(
    ctx: Context, position: int, *, title: str, height: int = 520
) -> PreviewDocument | None:
    """A page of the crawl in a sandboxed iframe (scripts off), landmarks outlined.

    The outline compares each landmark with the shell of the page's own cluster.
    """
    key = ctx.view.keys[position]
    try:
        doc = member_preview(ctx.analysis, ctx.view, key, position)
    except LoadError as exc:
        st.error(markdown_text(f"Cannot show this page: {exc}"))
        return None
    if doc.truncated:
        st.caption(f"Long page: only its first {PREVIEW_MAX_CHARS:,} characters are shown.")
    sandboxed_document(doc.srcdoc, title=title, height=height)
    return doc


def sandboxed_document(srcdoc: str, *, title: str, height: int = 520) -> None:
    """Crawled HTML (already prepared) in the one sandboxed iframe: scripts off."""
    st.iframe(sandboxed_iframe(srcdoc, title=title, height=height), height=height + 6)


def landmark_legend(doc: PreviewDocument) -> pd.DataFrame:
    return pd.DataFrame(
        [
            {
                "landmark": m.type,
                "chrome": m.chrome,
                "line": m.start_line,
                "column": m.start_column,
                "shellShare": round(m.shell_share, 3),
            }
            for m in doc.landmarks
        ],
        columns=["landmark", "chrome", "line", "column", "shellShare"],
    )


def read_summary_box(analysis: Analysis) -> None:
    """What reading the crawl skipped: counts, the first damage messages, the rest in a table.

    Crawled URLs in the messages are shown as code, so they are never live links.
    """
    summary = read_summary(analysis.read_report)
    if summary is None:
        return
    text = f"{markdown_text(summary.headline)}."
    if summary.notes:
        text += f" {markdown_text(summary.notes)}."
    if summary.first:
        text += "\n\n" + "\n".join(f"- {code_text(m)}" for m in summary.first)
    (st.warning if summary.damaged else st.info)(text)
    if summary.damaged > len(summary.first):
        listed = len(summary.table)
        with st.expander(f"Damaged or invalid records ({listed:,} listed of {summary.damaged:,})"):
            st.dataframe(summary.table, hide_index=True)
