"""Suggestions: split suspicious clusters, merge likely-one-template pairs; decide each."""

import streamlit as st

from page_cluster.app import state, widgets
from page_cluster.app_support import DecisionStoreError
from page_cluster.app_support.analysis import normalize_pair
from page_cluster.app_support.text import markdown_text
from page_cluster.app_support.views import splits as sv
from page_cluster.app_support.views.keys import short_key

ctx = state.require_context()
analysis = ctx.analysis
report = analysis.report
scope = analysis.options.scope

st.title("Split and merge suggestions")
st.caption(
    "A cluster is suspicious when its members fall into groups that each have structure "
    "the others lack (two templates), not merely when they vary; the validator then "
    "proposes how to split it. A merge is suggested for clusters whose structures differ "
    "on one side at most (optional parts, restyled elements). Confirmed suggestions are "
    "applied to every view and to the export."
)
if ctx.store_error:
    st.error(markdown_text(f"Decisions cannot be saved: {ctx.store_error}"))
problem = st.session_state.pop("pc_split_error", None)
if problem:
    st.error(markdown_text(problem))
disabled = ctx.store is None


def _decide_split(key: str, decision: str | None) -> None:
    if ctx.store is None:
        return
    try:
        if decision is None:
            ctx.store.clear_split(analysis.content_hash, scope, key)
        else:
            ctx.store.record_split(analysis.content_hash, scope, key, decision)
    except DecisionStoreError as exc:
        st.session_state["pc_split_error"] = str(exc)


def _decide_merge(pair: tuple[str, str], decision: str | None) -> None:
    if ctx.store is None:
        return
    try:
        if decision is None:
            ctx.store.clear(analysis.content_hash, scope, *pair)
        else:
            ctx.store.record(analysis.content_hash, scope, *pair, decision)
    except DecisionStoreError as exc:
        st.session_state["pc_split_error"] = str(exc)


# --- splits -------------------------------------------------------------------------

splits = sorted(report.split_suggestions, key=lambda s: (-s.member_count, s.cluster_key))
st.subheader("Split suggestions")
cols = st.columns(3)
cols[0].metric("Split suggestions", len(splits))
cols[1].metric(
    "Splits confirmed",
    sum(
        ctx.split_decisions.get(s.cluster_key) is not None
        and ctx.split_decisions[s.cluster_key].decision == "confirmed"
        for s in splits
    ),
)
cols[2].metric("Splits applied", len(ctx.applied_splits))
if not splits:
    st.info("No cluster is suspicious: no cluster's members differ like two templates.")
else:
    st.dataframe(sv.split_table(analysis, ctx.split_decisions), hide_index=True, width="stretch")
    index = st.selectbox(
        "Split suggestion",
        range(len(splits)),
        format_func=lambda i: (
            f"{i + 1}. {short_key(splits[i].cluster_key)} "
            f"({' + '.join(str(p.member_count) for p in splits[i].parts)})"
        ),
        key="splits_pick",
    )
    split = splits[index]
    decided = ctx.split_decisions.get(split.cluster_key)
    st.markdown(f"**Evidence:** {markdown_text(sv.split_evidence(split))}.")
    st.dataframe(sv.parts_table(split, analysis), hide_index=True, width="stretch")
    when = f" ({markdown_text(decided.decided_at)})" if decided else ""
    st.markdown(f"Decision: **{decided.decision if decided else 'undecided'}**{when}")
    widgets.decision_buttons(
        decided.decision if decided else None,
        _decide_split,
        split.cluster_key,
        labels=("Confirm split", "Reject split", "Undo split decision"),
        key="splits",
        disabled=disabled,
    )
    shown = st.columns(min(len(split.parts), 3))
    for column, part_index in zip(shown, range(len(split.parts)), strict=False):
        example = split.parts[part_index].example_pages[0]
        with column:
            st.caption(f"Part {part_index + 1}: {markdown_text(analysis.pages.label(example))}")
            widgets.page_preview(ctx, example, title=f"Part {part_index + 1} example", height=360)

# --- ranked merges ------------------------------------------------------------------

merges = report.merge_suggestions
st.subheader("Merge suggestions (ranked)")
if not merges:
    st.info("No two clusters look like one template beyond the exact duplicates.")
else:
    st.dataframe(sv.merge_table(analysis, ctx.decisions), hide_index=True, width="stretch")
    pick = st.selectbox(
        "Merge suggestion",
        range(len(merges)),
        format_func=lambda i: (
            f"{i + 1}. {short_key(merges[i].cluster_key_a)} ⇄ "
            f"{short_key(merges[i].cluster_key_b)} ({merges[i].confidence:.2f})"
        ),
        key="ranked_pick",
    )
    m = merges[pick]
    pair = normalize_pair(m.cluster_key_a, m.cluster_key_b)
    decided_merge = ctx.decisions.get(pair)
    st.markdown(f"**Evidence:** {markdown_text(sv.merge_evidence(m))}.")
    status = decided_merge.decision if decided_merge else "undecided"
    st.markdown(f"Decision: **{status}**")
    widgets.decision_buttons(
        status if decided_merge else None,
        _decide_merge,
        pair,
        labels=("Confirm merge", "Reject merge", "Undo merge decision"),
        key="ranked",
        disabled=disabled,
    )

others = sv.other_split_decisions(analysis, ctx.split_decisions)
if others:
    with st.expander(f"{len(others)} stored split decision(s) this run does not suggest"):
        st.dataframe(
            [
                {"cluster": d.cluster_key, "decision": d.decision, "decidedAt": d.decided_at}
                for d in others
            ],
            hide_index=True,
        )
