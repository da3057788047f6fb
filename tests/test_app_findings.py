"""Regressions found by trying the app as a new analyst would, under ``AppTest``.

Each test names the problem it guards against: one-cluster crawls in the
sliders, an Analyse click made before an upload arrived, a huge main text,
paths outside the data roots, the listen address, messages that were cut or
leaked internals, and readable cluster labels.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from streamlit import config as st_config
from streamlit.testing.v1 import AppTest

from .app_crawls import COPY_HOST, copied_host_records, write_jsonl
from .test_app_streamlit import (
    APP,
    TIMEOUT,
    _open_path,
    goto,
    metrics,
    start,
    suggestion_picker,
    text_of,
)

VIEWS = (
    "overview",
    "cluster",
    "landmarks",
    "siblings",
    "cohesion",
    "validation",
    "content",
    "export",
)


@pytest.fixture
def env(tmp_path, monkeypatch) -> Path:
    """Decisions, state and data roots all in the test's folder."""
    monkeypatch.setenv("PAGE_CLUSTER_DECISIONS_DB", str(tmp_path / "state" / "d.sqlite3"))
    monkeypatch.setenv("PAGE_CLUSTER_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setenv("PAGE_CLUSTER_DATA_ROOTS", str(tmp_path / "data"))
    (tmp_path / "data").mkdir()
    return tmp_path / "data"


def _page(body: str, title: str = "T") -> str:
    return f"<html><head><title>{title}</title></head><body><main>{body}</main></body></html>"


def _every_view_opens(at: AppTest) -> None:
    for view in VIEWS:
        goto(at, view)  # goto asserts no exception
        assert not [e.value for e in at.error], (view, [e.value for e in at.error])


# --- 1. one-item sliders ------------------------------------------------------------------


@pytest.mark.parametrize(
    "bodies",
    [
        ["<article><p>a</p></article>"] * 3,  # one cluster
        ["<article><p>a</p></article>"] * 3 + ["<table><tr><td>x</td></tr></table>"],
    ],
    ids=["one-cluster", "two-clusters-one-single-page"],
)
def test_every_view_opens_with_one_qualifying_cluster(env, bodies):
    records = [
        {"id": f"p{i}", "html": _page(b), "paths": ["s", str(i)]} for i, b in enumerate(bodies)
    ]
    at = _open_path(start(), write_jsonl(env / "small.jsonl", records))
    _every_view_opens(at)
    goto(at, "cohesion")
    assert any("Clusters in the chart: 1" in c.value for c in at.caption)
    at.checkbox(key="cohesion_suspicious").check().run()
    assert not at.exception


# --- 2. an Analyse click before the upload arrived ----------------------------------------


def test_an_analyse_click_waits_for_the_upload(env):
    data = b"".join(json.dumps(r).encode() + b"\n" for r in copied_host_records(5))
    at = goto(start(), "load")
    at.radio(key="load_kind").set_value("Upload a file").run()
    at.button(key="load_go").click().run()  # the file is still on its way
    assert any("Waiting for the file" in i.value for i in at.info)
    assert "site.jsonl" in text_of(at)
    at.get("file_uploader")[0].set_value(("late.jsonl", data, "application/jsonl")).run()
    # No second click: the analysis starts once the file is there.
    assert not at.exception, [e.value for e in at.exception]
    assert at.title[0].value == "Overview"
    assert "late.jsonl" in text_of(at) and "10 pages in" in text_of(at)


def test_an_upload_is_spooled_and_the_uploader_reset(env):
    data = b"".join(json.dumps(r).encode() + b"\n" for r in copied_host_records(6))
    at = goto(start(), "load")
    at.radio(key="load_kind").set_value("Upload a file").run()
    at.get("file_uploader")[0].set_value(("up.jsonl", data, "application/jsonl")).run()
    staged = at.session_state["load_staged"]
    assert staged.path.read_bytes() == data and staged.label == "up.jsonl"
    assert any("ready to analyse" in s.value for s in at.success)
    assert at.get("file_uploader")[0].value is None  # a fresh, empty uploader
    at.button(key="load_go").click().run()
    assert "up.jsonl" in text_of(at) and "12 pages in" in text_of(at)


def test_a_single_html_upload_gets_a_hint(env):
    at = goto(start(), "load")
    at.radio(key="load_kind").set_value("Upload a file").run()
    at.get("file_uploader")[0].set_value(("page.html", b"<p>x</p>", "text/html")).run()
    errors = [e.value for e in at.error]
    assert any("single page, not a crawl" in e for e in errors), errors
    assert not any("invalid JSON" in e for e in errors)


# --- 3. a huge main text ------------------------------------------------------------------


def test_a_long_main_text_is_sent_in_parts(env):
    words = " ".join(f"word{i}" for i in range(60_000))  # about 530,000 characters
    records = [
        {"id": f"p{i}", "html": _page(f"<article><p>{words}</p></article>"), "paths": ["a", str(i)]}
        for i in range(2)
    ]
    at = _open_path(start(), write_jsonl(env / "long.jsonl", records))
    goto(at, "content")
    part = at.number_input[0]
    assert part.label.startswith("Part of the main text") and part.max == 3
    first = at.text_area[0].value
    assert 0 < len(first) <= 200_000 and first.startswith("word0 ")
    part.set_value(3).run()
    last = at.text_area[0].value
    assert last.endswith("word59999") and len(last) < 200_000
    assert any("showing part 3 of 3" in c.value for c in at.caption)


# --- 5. the file system -------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["/etc/", "../", "../../..", "/"])
def test_paths_outside_the_data_roots_are_refused(env, typed):
    at = _open_path(start(), typed)
    errors = [e.value for e in at.error]
    assert any("outside the folders this app may read" in e for e in errors), errors
    assert "site.jsonl" in text_of(at)


def test_decision_files_only_in_the_state_folder(env, tmp_path):
    at = goto(start(), "load")
    outside = tmp_path / "elsewhere" / "d.sqlite3"
    at.text_input(key="load_db_path").set_value(str(outside)).run()
    at.button(key="load_db_use").click().run()
    assert any("decisions files are kept in" in e.value for e in at.error)
    assert not outside.parent.exists()
    at.text_input(key="load_db_path").set_value("team.sqlite3").run()
    at.button(key="load_db_use").click().run()
    assert not at.error
    assert (tmp_path / "state" / "team.sqlite3").exists()


@pytest.fixture
def address():
    before = st_config.get_option("server.address")
    yield lambda value: st_config.set_option("server.address", value)
    st_config.set_option("server.address", before)


def test_serving_beyond_localhost_needs_an_explicit_option(env, address, monkeypatch):
    address("0.0.0.0")
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    assert not at.exception
    assert any("--allow-remote" in e.value for e in at.error)
    assert not at.title and not at.metric  # nothing of a crawl is served
    monkeypatch.setenv("PAGE_CLUSTER_ALLOW_REMOTE", "1")
    at = start()
    assert any("no login" in w.value for w in at.warning)
    assert at.title[0].value == "Overview"


# --- 6. smaller findings ------------------------------------------------------------------


def test_a_corrupt_warc_message_names_no_internals(env):
    bad = env / "bad.warc"
    bad.write_bytes(b"WARC/1.0\r\nWARC-Type: response\r\nContent-Length: 10\r\n\r\ngarbage")
    at = _open_path(start(), bad)
    errors = " ".join(e.value for e in at.error)
    assert "cannot be parsed" in errors and "AttributeError" not in errors


def test_a_broken_json_message_says_where(env):
    bad = env / "ctrl.jsonl"
    bad.write_bytes(b'{"html": "a\x01b"}\n')
    at = _open_path(start(), bad)
    errors = " ".join(e.value for e in at.error)
    assert "Invalid control character at character 12" in errors.replace("\\", "")


def test_the_validation_select_shows_a_decision_at_once(env):
    at = _open_path(start(), write_jsonl(env / "c.jsonl", copied_host_records(20)))
    goto(at, "validation")
    assert suggestion_picker(at).options[0].endswith("undecided)")
    at.button(key="validation_confirm").click().run()
    picker = suggestion_picker(at)
    assert picker.value == 0 and picker.options[0].endswith("confirmed)")
    # The load banner counts clusters after the merge, as the sidebar does.
    clusters = metrics(goto(at, "overview"))["Clusters"]
    goto(at, "load")
    assert f"in {clusters} clusters (1 confirmed merge(s) applied)" in text_of(at)


def test_one_page_is_one_page(env):
    one = write_jsonl(env / "one.jsonl", [{"id": "a", "html": _page("<p>x</p>")}])
    at = _open_path(start(), one)
    assert "1 page in 1 cluster" in text_of(at)
    assert "1 pages" not in text_of(at)


def test_skip_messages_show_urls_as_code(env):
    records = copied_host_records(3)
    lines = [json.dumps(r) for r in records] + ['{"id": "http://evil.example/x", "html": 1}']
    crawl = env / "skips.jsonl"
    crawl.write_text("\n".join(lines) + "\n")
    at = goto(start(), "load")
    at.checkbox(key="load_skip").check().run()
    at = _open_path(at, crawl)
    shown = [w.value for w in at.warning]
    assert any(re.search(r"- `+line 7: invalid", w) for w in shown), shown


def _treemap_clusters(at: AppTest) -> set[str]:
    """The cluster labels drawn in the Overview's treemap (its leaves)."""
    spec = json.loads(at.get("plotly_chart")[0].proto.spec)["data"][0]
    parents = set(spec["parents"])
    return {
        html.unescape(label)
        for label, id_ in zip(spec["labels"], spec["ids"], strict=True)
        if id_ not in parents
    }


def test_page_search_filters_the_treemap(env):
    at = _open_path(start(), write_jsonl(env / "c.jsonl", copied_host_records(40)))
    goto(at, "overview")
    everything = _treemap_clusters(at)
    at.text_input(key="overview_query").set_value("copy:https://library.example/en/news/").run()
    shown = set(at.dataframe[1].value["label"])
    assert _treemap_clusters(at) == shown and 0 < len(shown) < len(everything)


# --- 7. readable clusters -----------------------------------------------------------------


def test_labels_everywhere_and_search_by_label_or_host(env):
    at = _open_path(start(), write_jsonl(env / "c.jsonl", copied_host_records(40)))
    goto(at, "overview")
    table = at.dataframe[0].value
    assert table["label"].is_unique
    assert table["label"].str.contains(COPY_HOST).sum() == len(table) // 2
    at.text_input(key="overview_cluster_query").set_value(COPY_HOST.upper()).run()
    shown = at.dataframe[0].value
    assert len(shown) == len(table) // 2 and shown["hosts"].str.contains(COPY_HOST).all()
    at.text_input(key="overview_cluster_query").set_value("/news/").run()
    assert set(at.dataframe[0].value["label"]) == {
        label for label in table["label"] if "/news/" in label
    }
    picker = at.selectbox(key="overview_open")
    assert all(" — " in o and "css:" not in o for o in picker.options)


def test_the_same_crawl_under_another_name_shows_that_name(env):
    """Results are shared by content; the name shown is the one this session opened."""
    records = copied_host_records(7)
    first = write_jsonl(env / "first.jsonl", records)
    second = write_jsonl(env / "second.jsonl", records)
    at = _open_path(start(), first)
    assert "first.jsonl" in text_of(at)
    at = _open_path(at, second)
    assert "second.jsonl" in text_of(at) and "first.jsonl" not in text_of(at)
