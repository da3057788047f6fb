"""Validation: merge suggestions with evidence; the analyst confirms or rejects each."""

import streamlit as st

from page_cluster.app import state, widgets
from page_cluster.app_support import DecisionStoreError
from page_cluster.app_support.text import markdown_text
from page_cluster.app_support.views import suggestions as sg
from page_cluster.app_support.views.keys import short_key

ctx = state.require_context()
analysis = ctx.analysis

st.title("Validation")
st.caption(sg.mirror_axis_text(analysis.report))
items = sg.suggestions(analysis, ctx.decisions)
base = analysis.view(())  # suggestions name the run's own clusters
if ctx.store_error:
    st.error(markdown_text(f"Decisions cannot be saved: {ctx.store_error}"))

cols = st.columns(4)
cols[0].metric("Merge suggestions", len(items))
cols[1].metric("Confirmed", sum(s.decision == "confirmed" for s in items))
cols[2].metric("Rejected", sum(s.decision == "rejected" for s in items))
cols[3].metric("Undecided", sum(s.decision is None for s in items))

if not items:
    st.info(
        "The validator suggests no merge: no two clusters hold pages with identical "
        "structure or near-identical mirror copies."
    )
else:
    st.dataframe(
        sg.suggestion_table(items, analysis),
        hide_index=True,
        width="stretch",
        # Long labels and URLs are cut to a column width (the full text on hover),
        # so the table fits the page.
        column_config={
            c: st.column_config.TextColumn(width="medium")
            for c in ("clusterA", "clusterB", "examplePageA", "examplePageB")
        },
    )


def _decide(pair: tuple[str, str], decision: str | None) -> None:
    store = ctx.store
    if store is None:
        return
    try:
        if decision is None:
            store.clear(analysis.content_hash, analysis.options.scope, *pair)
        else:
            store.record(analysis.content_hash, analysis.options.scope, *pair, decision)
    except DecisionStoreError as exc:
        st.session_state["pc_decision_error"] = str(exc)


if items:
    first_open = next((i for i, s in enumerate(items) if s.decision is None), 0)
    # The options name each decision; the browser keeps a select's old option text
    # for the same widget, so a new set of decisions gets a new widget, on the
    # suggestion that was shown.
    kept = st.session_state.get("validation_selected")
    index = st.selectbox(
        "Suggestion",
        range(len(items)),
        index=kept if isinstance(kept, int) and 0 <= kept < len(items) else first_open,
        format_func=lambda i: (
            f"{i + 1}. {base.label(items[i].key_a)} ⇄ {base.label(items[i].key_b)} "
            f"({items[i].similarity:.2f}, {items[i].decision or 'undecided'})"
        ),
        key=widgets.versioned_key("validation_pick", [s.decision for s in items]),
    )
    st.session_state["validation_selected"] = index
    s = items[index]
    st.markdown(f"**Evidence:** {s.evidence()}.")
    facts = st.columns(4)
    facts[0].metric("Similarity", f"{s.similarity:.3f}")
    facts[1].metric("Mirror copies", "yes" if s.corroborated_by_mirror_axis else "no")
    facts[2].metric("Size A", s.size_a)
    facts[3].metric("Size B", s.size_b)
    status = s.decision or "undecided"
    when = f" ({markdown_text(s.decided_at)})" if s.decided_at else ""
    st.markdown(f"Decision: **{status}**{when}")
    problem = st.session_state.pop("pc_decision_error", None)
    if problem:
        st.error(markdown_text(problem))
    disabled = ctx.store is None
    widgets.decision_buttons(
        s.decision,
        _decide,
        s.pair,
        labels=("Confirm merge", "Reject", "Undo decision"),
        key="validation",
        disabled=disabled,
    )

    left, right = st.columns(2)
    for column, side, key, position in (
        (left, "A", s.key_a, s.example_a),
        (right, "B", s.key_b, s.example_b),
    ):
        with column:
            label = analysis.pages.label(position)
            st.markdown(f"**Cluster {side}:** {markdown_text(base.label(key))}")
            st.caption(f"Key: {markdown_text(short_key(key))}")
            where = f"{label} · {analysis.pages.path_text(position)}"
            st.caption(f"Example page: {markdown_text(where)}")
            widgets.page_preview(ctx, position, title=f"Example page {side}", height=420)

others = sg.other_decisions(analysis, ctx.decisions)
if others:
    with st.expander(f"{len(others)} stored decision(s) this run does not suggest (not applied)"):
        st.dataframe(
            [
                {
                    "clusterA": d.cluster_key_a,
                    "clusterB": d.cluster_key_b,
                    "decision": d.decision,
                    "decidedAt": d.decided_at,
                    "engineVersion": d.engine_version,
                }
                for d in others
            ],
            hide_index=True,
        )
if ctx.store is not None:
    with st.expander("History of decisions on this crawl"):
        history = ctx.store.history(analysis.content_hash, analysis.options.scope)
        st.dataframe(
            [
                {"clusterA": a, "clusterB": b, "decision": d or "undone", "at": at}
                for a, b, d, at in history
            ],
            hide_index=True,
        )
