"""View models, exports and the sandboxed preview, checked against the core's output."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from page_cluster import extract_landmarks
from page_cluster.app_support import CrawlSource, DecisionStore, analyse
from page_cluster.app_support.preview import MARKER, outline_landmarks, sandboxed_iframe
from page_cluster.app_support.views import (
    cohesion,
    detail,
    export,
    landmark_rates,
    overview,
    siblings,
    suggestions,
)
from page_cluster.explain import landmark_instance_tokens
from page_cluster.signatures.corpus import LANDMARK_CODES

from .app_crawls import SAMPLE, copied_host_records, sample_records, write_jsonl


@pytest.fixture(scope="module")
def sample():
    a = analyse(CrawlSource.from_path(SAMPLE))
    return a, a.view()


@pytest.fixture(scope="module")
def copied_path(tmp_path_factory):
    return write_jsonl(tmp_path_factory.mktemp("c") / "copied.jsonl", copied_host_records(40))


@pytest.fixture(scope="module")
def copied(copied_path):
    return analyse(CrawlSource.from_path(copied_path))


def test_cluster_table_matches_keys_reasons_and_cohesion(sample):
    a, view = sample
    table = overview.cluster_table(view)
    sizes = Counter(a.base_keys)
    assert dict(zip(table["clusterKey"], table["size"], strict=True)) == sizes
    assert list(table["size"]) == sorted(table["size"], reverse=True)
    for row in table.itertuples():
        c = view.cohesion[row.clusterKey]
        assert row.suspicious == c.suspicious
        if c.median_pair_similarity is None:
            assert row.cohesionMedian != row.cohesionMedian  # NaN
        else:
            assert row.cohesionMedian == pytest.approx(c.median_pair_similarity)
        assert row.siblings == len(view.reasons[row.clusterKey]["siblingClusterKeys"])
        assert row.blocking.startswith("stylesheets /assets/")


def test_search_and_filters(sample):
    a, view = sample
    found = overview.search_pages(a, view, "  EN/NEWS/1 ")
    ids = [r["id"] for r in sample_records()]
    expected = [i for i, x in enumerate(ids) if "en/news/1" in x.lower()]
    assert list(found["position"]) == expected and expected
    assert list(found["clusterKey"]) == [a.base_keys[i] for i in expected]
    assert overview.search_pages(a, view, "").empty
    table = overview.cluster_table(view)
    assert set(overview.filter_clusters(table, suspicious_only=True)["clusterKey"]) == {
        k for k, c in view.cohesion.items() if c.suspicious
    }
    assert (overview.filter_clusters(table, min_size=10)["size"] >= 10).all()
    keys = set(found["clusterKey"])
    assert set(overview.filter_clusters(table, keys=keys)["clusterKey"]) == keys
    fig = overview.size_figure(table)
    assert sum(
        fig.data[0].values[[i for i, p in enumerate(fig.data[0].parents) if p.count("/") == 1]]
    ) == len(a.base_keys)


def test_detail_tables(sample):
    a, view = sample
    key = max(view.cluster_keys, key=view.size)
    members = detail.member_table(a, view, key)
    assert list(members["position"]) == [i for i, k in enumerate(a.base_keys) if k == key]
    records = sample_records()
    assert list(members["id"]) == [records[i]["id"] for i in members["position"]]
    lm = detail.landmark_table(view.reasons[key])
    for row in lm.itertuples():
        entry = view.reasons[key]["landmarks"][row.landmark]
        assert row.presenceRate == entry["presenceRate"]
        assert row.chromeRate == entry["chromeRate"]
    assert set(lm["landmark"]) == set(view.reasons[key]["landmarks"])


def test_member_preview_outlines_the_chrome_of_the_cluster(sample):
    a, view = sample
    key = max(view.cluster_keys, key=view.size)
    position = int(view.members(key)[0])
    doc = detail.member_preview(a, view, key, position)
    original = sample_records()[position]["html"]
    found = extract_landmarks(original)
    shells = detail.cluster_shells(view.reasons[key])
    expected = sorted(
        (inst.start_line, inst.start_column, kind)
        for kind in LANDMARK_CODES
        for inst in found.instances(kind)
    )
    assert sorted((m.start_line, m.start_column, m.type) for m in doc.landmarks) == expected
    for m in doc.landmarks:
        inst = next(
            i
            for i in found.instances(m.type)
            if (i.start_line, i.start_column) == (m.start_line, m.start_column)
        )
        tokens = landmark_instance_tokens(inst)
        share = sum(t in set(shells.get(m.type, ())) for t in tokens) / len(tokens)
        assert m.shell_share == pytest.approx(share)
        assert m.chrome == (share >= 0.8)
    assert any(m.chrome for m in doc.landmarks)


def test_landmark_matrix_is_the_reasons(sample):
    _, view = sample
    for metric in landmark_rates.RATE_METRICS:
        m = landmark_rates.landmark_rate_matrix(view, metric)
        assert list(m.columns) == list(LANDMARK_CODES)
        assert set(m.index) == set(view.cluster_keys)
        for key in m.index:
            for t in LANDMARK_CODES:
                entry = view.reasons[key]["landmarks"].get(t)
                value = m.loc[key, t]
                if entry is None:
                    assert (value == 0.0) if metric == "presenceRate" else (value != value)
                else:
                    assert value == entry[metric]
    big = landmark_rates.landmark_rate_matrix(view, "chromeRate", min_size=10)
    assert all(view.size(k) >= 10 for k in big.index)
    with pytest.raises(ValueError):
        landmark_rates.landmark_rate_matrix(view, "nope")


def test_sibling_diff_partitions_the_cores(sample):
    _, view = sample
    pairs = siblings.sibling_pairs(view)
    assert pairs and all(a < b for a, b in pairs)
    for a, b in pairs:
        assert b in view.reasons[a]["siblingClusterKeys"]
        d = siblings.sibling_diff(view, a, b)
        core_a = set(view.reasons[a]["structuralCoreTokens"])
        core_b = set(view.reasons[b]["structuralCoreTokens"])
        assert set(d.only_a) | set(d.shared) == core_a
        assert set(d.only_b) | set(d.shared) == core_b
        assert not set(d.only_a) & set(d.only_b)
        assert d.core_jaccard == pytest.approx(len(core_a & core_b) / len(core_a | core_b))
        for t, value in d.shell_jaccard.items():
            sa = set(view.reasons[a]["landmarks"].get(t, {}).get("shellTokens", []))
            sb = set(view.reasons[b]["landmarks"].get(t, {}).get("shellTokens", []))
            assert value == (len(sa & sb) / len(sa | sb) if sa | sb else None)


def test_cohesion_table_lowest_first_with_the_validators_values(sample):
    a, view = sample
    table = cohesion.cohesion_table(view)
    assert list(table["median"]) == sorted(table["median"])
    report = {c.cluster_key: c for c in a.report.cohesion}
    for row in table.itertuples():
        assert row.median == report[row.clusterKey].median_pair_similarity
        assert row.p10 == report[row.clusterKey].p10_pair_similarity
    fig = cohesion.cohesion_figure(view, list(table["clusterKey"][:3]))
    assert [len(trace.x) for trace in fig.data] == [
        len(view.pair_similarities(k)) for k in table["clusterKey"][:3]
    ]


def test_suggestions_decisions_and_stale_ones(copied, tmp_path):
    store = DecisionStore(tmp_path / "d.sqlite3")
    items = suggestions.suggestions(copied, {})
    assert len(items) == len(copied.suggestions) and all(s.decision is None for s in items)
    first = items[0]
    assert copied.base_keys[first.example_a] == first.key_a
    assert copied.base_keys[first.example_b] == first.key_b
    assert first.size_a == Counter(copied.base_keys)[first.key_a]
    store.record(copied.content_hash, "", first.key_b, first.key_a, "confirmed")
    store.record(copied.content_hash, "", '["x","cluster:0"]', '["y","cluster:0"]', "confirmed")
    if len(items) > 1:
        store.record(copied.content_hash, "", items[1].key_a, items[1].key_b, "rejected")
    decided = store.decisions(copied.content_hash, "")
    items = suggestions.suggestions(copied, decided)
    assert items[0].decision == "confirmed"
    assert suggestions.confirmed_pairs(copied, decided) == (first.pair,)
    assert [d.pair for d in suggestions.other_decisions(copied, decided)] == [
        ('["x","cluster:0"]', '["y","cluster:0"]')
    ]
    table = suggestions.suggestion_table(items, copied)
    assert table["decision"].iloc[0] == "confirmed"
    assert "identical structure" in first.evidence()


def test_csv_export_applies_confirmed_merges(copied):
    pair = (copied.suggestions[0].cluster_key_a, copied.suggestions[0].cluster_key_b)
    view = copied.view([pair])
    rows = list(csv.DictReader(io.StringIO(export.clusters_csv(copied, view))))
    records = copied_host_records(40)
    assert [r["id"] for r in rows] == [r["id"] for r in records]
    assert [r["clusterKey"] for r in rows] == view.keys
    assert [r["host"] for r in rows] == [r["host"] for r in records]
    assert [r["path"] for r in rows] == ["/" + "/".join(r["paths"]) for r in records]
    assert max(pair) not in {r["clusterKey"] for r in rows}


def test_csv_ids_without_id_are_positions_and_numbers_stay_numbers():
    data = (
        b'{"html": "<p>a</p>"}\n{"id": 5, "html": "<p>b</p>"}\n{"id": "x,y", "html": "<p>c</p>"}\n'
    )
    a = analyse(CrawlSource.from_bytes(data, "x.jsonl"))
    rows = list(csv.reader(io.StringIO(export.clusters_csv(a, a.view()))))
    assert [r[0] for r in rows[1:]] == ["0", "5", "x,y"]


def test_validation_json_equals_the_command_lines_report(copied, copied_path, tmp_path):
    out = tmp_path / "v.json"
    subprocess.run(
        [sys.executable, "-m", "page_cluster", "--validation-file", str(out)],
        stdin=copied_path.open("rb"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=True,
    )
    assert json.loads(export.validation_json(copied)) == json.loads(out.read_text())


def test_reasons_and_decisions_json(copied):
    pair = (copied.suggestions[0].cluster_key_a, copied.suggestions[0].cluster_key_b)
    view = copied.view([pair])
    assert json.loads(export.reasons_json(view)) == view.reasons
    body = json.loads(export.decisions_json(copied, {}, ()))
    assert body == {
        "inputSha256": copied.content_hash,
        "contentBlockAttribute": None,
        "decisions": [],
        "splitDecisions": [],
    }


# --- the sandboxed preview ------------------------------------------------------------

_WRAPPER = re.compile(
    r'\A<!DOCTYPE html>.*?<iframe sandbox="" [^>]*srcdoc="([^"]*)"></iframe></body></html>\Z', re.S
)


def test_preview_iframe_is_fully_sandboxed_and_escaped():
    page = '<html><body onload="x()"><script>alert(1)</script><a href="javascript:y()">l</a></body></html>'
    tag = sandboxed_iframe(outline_landmarks(page).srcdoc, title='t"<>', height=300)
    m = _WRAPPER.match(tag)
    assert m, tag
    assert "allow-" not in tag.replace(m.group(1), "")
    assert html.unescape(m.group(1)).endswith(page[page.index("<body") :])
    assert "Content-Security-Policy" in html.unescape(m.group(1))


@settings(max_examples=200, deadline=None)
@given(
    page=st.lists(
        st.sampled_from(list("<>/\"'=&; abchfnr-x\n"))
        | st.sampled_from(
            [
                "<header>",
                "</header>",
                "<nav>",
                "</nav>",
                "<script>",
                "</script>",
                "<!DOCTYPE html>",
                "<body>",
                '<header class="a b">',
                "<nav role=search>",
            ]
        )
        | st.text(max_size=3),
        max_size=40,
    ).map("".join)
)
def test_any_page_stays_inside_the_sandbox(page):
    doc = outline_landmarks(page, {"header": ["body>header"], "nav": ["body>nav"]})
    tag = sandboxed_iframe(doc.srcdoc, title="p")
    m = _WRAPPER.match(tag)
    assert m is not None
    assert "<" not in m.group(1) and '"' not in m.group(1)
    # Removing what the preview added gives the page back, byte for byte.
    restored = re.sub(
        rf' {MARKER}="[a-z]+ (?:chrome|other)" data-page-cluster-label="[^"]*"',
        "",
        html.unescape(m.group(1)),
    )
    restored = re.sub(
        r'<meta http-equiv="Content-Security-Policy"[^>]*><style>.*?</style>',
        "",
        restored,
        count=1,
        flags=re.S,
    )
    assert restored == page


def test_split_decisions_are_stored_applied_and_exported(tmp_path):
    from page_cluster.app_support import DecisionStore
    from page_cluster.app_support.views import splits as sv

    from .app_crawls import glued_layout_records, write_jsonl

    path = write_jsonl(tmp_path / "glued.jsonl", glued_layout_records(8))
    a = analyse(CrawlSource.from_path(path))
    (split,) = a.report.split_suggestions
    store = DecisionStore(tmp_path / "d.sqlite3")
    store.record_split(a.content_hash, "", split.cluster_key, "confirmed")
    store.record_split(a.content_hash, "", "not-a-cluster-of-this-run", "confirmed")
    decisions = store.split_decisions(a.content_hash, "")
    applied = sv.confirmed_splits(a, decisions)
    assert applied == (split.cluster_key,)
    assert [d.cluster_key for d in sv.other_split_decisions(a, decisions)] == [
        "not-a-cluster-of-this-run"
    ]
    view = a.view((), applied)
    assert view.splits == applied and len(view.cluster_keys) == 2
    # Every view reads the split partition: reasons and cohesion per part.
    assert set(view.reasons) == set(view.cluster_keys) == set(view.cohesion)
    assert sum(r["memberCount"] for r in view.reasons.values()) == a.n_pages
    assert not any(c.suspicious for c in view.cohesion.values())
    rows = list(csv.DictReader(io.StringIO(export.clusters_csv(a, view))))
    assert Counter(r["clusterKey"] for r in rows) == Counter(view.keys)
    table = sv.parts_table(split, a)
    assert list(table["size"]) == [p.member_count for p in split.parts]
    body = json.loads(export.decisions_json(a, {}, (), decisions, applied))
    assert {d["clusterKey"]: d["applied"] for d in body["splitDecisions"]} == {
        split.cluster_key: True,
        "not-a-cluster-of-this-run": False,
    }
    store.clear_split(a.content_hash, "", split.cluster_key)
    assert sv.confirmed_splits(a, store.split_decisions(a.content_hash, "")) == ()
    with pytest.raises(ValueError):
        store.record_split(a.content_hash, "", split.cluster_key, "maybe")
