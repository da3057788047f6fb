"""Every view of the app under ``streamlit.testing.v1.AppTest``: no exceptions, and
the values shown are the core's."""

from __future__ import annotations

import gzip
import io
import json
import re
from collections import Counter
from urllib.parse import urlsplit

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from page_cluster import run_clustering
from page_cluster.app_support import CrawlSource, DecisionStore, analyse, content_hash
from page_cluster.app_support.views import cohesion, landmark_rates, overview, siblings
from page_cluster.app_support.views.keys import short_key
from page_cluster.explain.reasons import build_cluster_reasons
from page_cluster.validation.data import clustered_corpus_from_corpus
from page_cluster.validation.merge import merge_validated_clusters
from page_cluster.validation.report import validate_cluster_partition
from page_cluster.validation.splits import split_validated_clusters

from .app_crawls import (
    ROOT,
    SAMPLE,
    command_output,
    copied_host_records,
    glued_layout_records,
    sample_records,
    warc_members,
    write_jsonl,
    write_site_folder,
    write_warc_gz,
)

APP = str(ROOT / "app.py")
TIMEOUT = 60


@pytest.fixture
def db(tmp_path, monkeypatch):
    path = tmp_path / "decisions.sqlite3"
    monkeypatch.setenv("PAGE_CLUSTER_DECISIONS_DB", str(path))
    monkeypatch.setenv("PAGE_CLUSTER_DATA_ROOTS", str(tmp_path))
    monkeypatch.setenv("PAGE_CLUSTER_STATE_DIR", str(tmp_path))
    return path


@pytest.fixture(scope="module")
def core():
    """The core's own results on the sample, to compare the app against."""
    run = run_clustering(sample_records())
    return run, build_cluster_reasons(run)


@pytest.fixture(scope="module")
def sample_view():
    return analyse(CrawlSource.from_path(SAMPLE)).view()


def start(**query) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.query_params.update(query)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def goto(at: AppTest, script: str) -> AppTest:
    at.switch_page(f"page_cluster/app/views/{script}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def suggestion_picker(at: AppTest):
    """The Validation view's suggestion select (its key changes with the decisions)."""
    return next(s for s in at.selectbox if s.label == "Suggestion")


def metrics(at: AppTest) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def markdown_of(at: AppTest) -> str:
    """Every Markdown source shown (captions, messages, sidebar), as sent to the browser."""
    shown = (*at.markdown, *at.caption, *at.error, *at.warning, *at.info, *at.success)
    parts = [x.value for x in shown]
    parts += [x.value for x in at.sidebar.markdown] + [x.value for x in at.sidebar.caption]
    return "\n".join(str(p) for p in parts)


def text_of(at: AppTest) -> str:
    """The same with Markdown escapes resolved (what a reader sees)."""
    return re.sub(r"\\(.)", r"\1", markdown_of(at))


def test_opens_on_the_sample_overview(db, core):
    run, _ = core
    at = start()
    assert at.title[0].value == "Overview"
    m = metrics(at)
    assert m["Pages"] == str(len(run.page_keys))
    assert m["Clusters"] == str(len(set(run.page_keys)))
    assert m["Confirmed merges applied"] == "0"
    table = at.dataframe[0].value
    sizes = Counter(run.page_keys)
    assert dict(zip(table["cluster"], table["size"], strict=True)) == {
        short_key(k): v for k, v in sizes.items()
    }
    assert "site.jsonl" in text_of(at) and str(db) == at.sidebar.code[0].value.strip()
    assert at.query_params["crawl"] == content_hash(CrawlSource.from_path(SAMPLE))


def test_overview_search_and_filters(db, core, sample_view):
    run, _ = core
    at = start()
    at.text_input(key="overview_query").set_value("ja/news/").run()
    found = at.dataframe[0].value
    ids = [r["id"] for r in sample_records()]
    assert list(found["id"]) == [i for i in ids if "ja/news/" in i]
    clusters = at.dataframe[1].value
    assert set(clusters["cluster"]) == {short_key(run.page_keys[ids.index(i)]) for i in found["id"]}
    at.text_input(key="overview_query").set_value("").run()
    at.checkbox(key="overview_suspicious").check().run()
    shown = at.dataframe[0].value
    expected = overview.filter_clusters(overview.cluster_table(sample_view), suspicious_only=True)
    assert list(shown["cluster"]) == list(expected["cluster"])
    # The sample is clustered perfectly: no cluster is suspicious.
    assert shown.empty
    at.checkbox(key="overview_suspicious").uncheck().run()
    expected = overview.filter_clusters(overview.cluster_table(sample_view))
    assert list(at.dataframe[0].value["cluster"]) == list(expected["cluster"])
    # Open one of them in the detail view.
    pick = expected["clusterKey"].iloc[-1]
    at.selectbox(key="overview_open").set_value(pick).run()
    next(b for b in at.button if b.label == "Show cluster detail").click().run()
    assert at.title[0].value == "Cluster detail"
    assert at.selectbox(key="detail_cluster").value == pick


def test_cluster_detail_shows_members_core_and_landmarks(db, core):
    run, reasons = core
    at = goto(start(), "cluster")
    key = Counter(run.page_keys).most_common(1)[0][0]
    assert at.selectbox(key="detail_cluster").value == key
    members, core_tokens, landmarks, legend = (d.value for d in at.dataframe)
    ids = [r["id"] for r in sample_records()]
    assert list(members["id"]) == [ids[i] for i, k in enumerate(run.page_keys) if k == key]
    assert list(core_tokens["token"]) == reasons[key]["structuralCoreTokens"]
    for row in landmarks.itertuples():
        assert row.presenceRate == reasons[key]["landmarks"][row.landmark]["presenceRate"]
        assert row.chromeRate == reasons[key]["landmarks"][row.landmark]["chromeRate"]
    assert legend["chrome"].any()
    assert metrics(at)["Members"] == str(Counter(run.page_keys)[key])
    # Another cluster and another member.
    other = sorted(set(run.page_keys))[0]
    at.selectbox(key="detail_cluster").set_value(other).run()
    assert list(at.dataframe[1].value["token"]) == reasons[other]["structuralCoreTokens"]


def test_landmark_rates_are_the_reasons(db, sample_view):
    at = goto(start(), "landmarks")
    presence, chrome = (d.value for d in at.dataframe)
    for table, metric in ((presence, "presenceRate"), (chrome, "chromeRate")):
        expected = landmark_rates.landmark_rate_matrix(sample_view, metric).reset_index()
        pd.testing.assert_frame_equal(table.reset_index(drop=True), expected, check_dtype=False)


def test_sibling_diff_matches(db, sample_view):
    at = goto(start(), "siblings")
    a = at.selectbox(key="siblings_a").value
    b = at.selectbox(key="siblings_b").value
    assert b in sample_view.reasons[a]["siblingClusterKeys"]
    diff = siblings.sibling_diff(sample_view, a, b)
    m = metrics(at)
    assert m["Only in A"] == str(len(diff.only_a))
    assert m["Shared"] == str(len(diff.shared))
    assert m["Core Jaccard"] == f"{diff.core_jaccard:.3f}"
    only_a, shared, only_b, shells = (d.value for d in at.dataframe)
    assert list(only_a["token"]) == diff.only_a and list(only_b["token"]) == diff.only_b
    assert list(shared["token"]) == diff.shared
    assert list(shells["landmark"]) == list(diff.shell_jaccard)


def test_cohesion_lowest_first(db, sample_view):
    at = goto(start(), "cohesion")
    shown = at.dataframe[0].value
    expected = cohesion.cohesion_table(sample_view)
    assert list(shown["cluster"]) == list(expected["cluster"])
    assert list(shown["median"]) == list(expected["median"])
    at.checkbox(key="cohesion_suspicious").check().run()
    # The sample is clustered perfectly: varied pages, but no cluster mixes templates.
    assert not expected["suspicious"].any()
    assert "No suspicious cluster." in text_of(at)
    assert not at.dataframe


def test_suggestions_on_the_sample_have_nothing_to_decide(db):
    at = goto(start(), "splits")
    assert metrics(at)["Split suggestions"] == "0"
    assert "No cluster is suspicious" in text_of(at)
    assert "No two clusters look like one template" in text_of(at)


def test_validation_on_the_sample_has_nothing_to_decide(db):
    at = goto(start(), "validation")
    assert metrics(at)["Merge suggestions"] == "0"
    assert "suggests no merge" in text_of(at)
    assert "Mirror axis: URL segment 1 takes the values en, fr, ja" in text_of(at)


def test_export_preview_is_the_csv(db, core):
    run, _ = core
    at = goto(start(), "export")
    labels = [b.label for b in at.get("download_button")]
    assert labels == [
        "Download clusters CSV",
        "Download cluster reasons JSON",
        "Download validation JSON",
        "Download decisions JSON",
    ]
    preview = at.dataframe[0].value
    assert list(preview.columns) == ["id", "clusterKey", "path", "host", "clusterLabel"]
    assert list(preview["clusterKey"]) == run.page_keys[: len(preview)]


def test_a_server_started_on_a_crawl_offers_that_crawl_on_load(db, tmp_path, monkeypatch):
    crawl = tmp_path / "started.jsonl"
    crawl.write_bytes(SAMPLE.read_bytes())
    monkeypatch.setattr("sys.argv", ["app.py", "--crawl", str(crawl)])
    at = goto(start(), "load")
    assert "started.jsonl" in text_of(at)  # the crawl that is open
    assert at.radio(key="load_kind").value == "Local path (file or folder)"
    assert at.text_input(key="load_path").value == str(crawl)


def test_a_server_started_without_a_crawl_offers_the_sample(db):
    at = goto(start(), "load")
    assert at.radio(key="load_kind").value == "Bundled sample"


def _open_path(at: AppTest, path) -> AppTest:
    goto(at, "load")
    at.radio(key="load_kind").set_value("Local path (file or folder)").run()
    at.text_input(key="load_path").set_value(str(path)).run()
    at.button(key="load_go").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return _back_to_load_if_opened(at)


def _back_to_load_if_opened(at: AppTest) -> AppTest:
    """A crawl that opens shows the Overview; a failed one stays on Load with its error.

    Either way the test goes on from the Load view, where the open crawl is described.
    """
    if at.error:
        assert at.title[0].value == "Load a crawl"
        return at
    assert at.title[0].value == "Overview"
    return goto(at, "load")


def test_confirm_a_merge_updates_every_view_and_persists(db, tmp_path):
    crawl = write_jsonl(tmp_path / "copied.jsonl", copied_host_records(40))
    at = _open_path(start(), crawl)
    assert "copied.jsonl" in text_of(at) and "80 pages in" in text_of(at)
    goto(at, "validation")
    assert metrics(at)["Undecided"] == metrics(at)["Merge suggestions"] != "0"
    at.button(key="validation_confirm").click().run()
    assert metrics(at)["Confirmed"] == "1"
    assert "Decision: **confirmed**" in text_of(at)

    digest = content_hash(CrawlSource.from_path(crawl))
    stored = DecisionStore(db).decisions(digest, "")
    ((pair, decision),) = stored.items()
    assert decision.decision == "confirmed"
    keys = merge_validated_clusters(run_clustering(copied_host_records(40)).page_keys, [pair])

    goto(at, "overview")
    assert metrics(at)["Confirmed merges applied"] == "1"
    assert metrics(at)["Clusters"] == str(len(set(keys)))
    goto(at, "export")
    assert list(at.dataframe[0].value["clusterKey"]) == keys[:50]

    # A second session (another tab, or after a restart) reopens it from the address.
    other = start(crawl=digest)
    assert "copied.jsonl" in text_of(other)
    goto(other, "validation")
    assert metrics(other)["Confirmed"] == "1"
    suggestion_picker(other).set_value(0).run()  # the one confirmed above
    assert "Decision: **confirmed**" in text_of(other)
    other.button(key="validation_undo").click().run()
    assert metrics(other)["Confirmed"] == "0"
    goto(at, "validation")  # the first tab sees the undo on its next run
    assert metrics(at)["Confirmed"] == "0"
    assert [d for *_, d, _ in DecisionStore(db).history(digest, "")] == ["confirmed", None]


@pytest.mark.parametrize(
    "content, where",
    [
        (b'{"html": "<p>a</p>"}\n{"html": "<p>b</p>"\n', "line 2"),
        (b'{"html": "<p>a</p>"}\n{"html": "<p>b</p>"}\n{"id": "no-html"}\n', "line 3"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", "line 3"),
    ],
    ids=["malformed-json", "missing-html", "binary"],
)
def test_bad_input_shows_where_and_keeps_the_open_crawl(db, tmp_path, content, where):
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(content)
    at = _open_path(start(), bad)
    errors = [e.value for e in at.error]
    assert any(where in e and "bad" in e for e in errors), errors
    assert "site.jsonl" in text_of(at) and "273 pages in" in text_of(at)
    goto(at, "overview")  # every view still works on the crawl that was open
    assert metrics(at)["Pages"] == "273"
    at.button(key="dismiss_load_error").click().run()
    assert not at.error


def test_upload_and_skip_invalid_records(db):
    records = copied_host_records(6)
    data = b"".join(json.dumps(r).encode() + b"\n" for r in records)
    data += b"not json\n"
    at = goto(start(), "load")
    at.radio(key="load_kind").set_value("Upload a file").run()
    at.get("file_uploader")[0].set_value(("upload.jsonl", data, "application/jsonl")).run()
    at.button(key="load_go").click().run()
    assert any("line 13" in e.value for e in at.error)
    at.checkbox(key="load_skip").check().run()
    at.button(key="load_go").click().run()
    assert not at.exception
    assert "upload.jsonl" in text_of(at) and "12 pages in" in text_of(at)
    assert len(at.warning) == 1
    assert "Skipped 1 line (1 invalid)." in text_of(at)
    assert "- `line 13: invalid (invalid JSON" in text_of(at)


def test_content_block_attribute_option(db, tmp_path):
    records = [
        {
            "html": f'<body><main><div data-bgb="x"><p>{i}</p>{"<ul><li>a</li></ul>" * i}</div></main></body>'
        }
        for i in range(4)
    ]
    crawl = write_jsonl(tmp_path / "cms.jsonl", records)
    at = goto(start(), "load")
    at.text_input(key="load_attribute").set_value("data-bgb").run()
    _open_path(at, crawl)
    goto(at, "overview")
    assert metrics(at)["Clusters"] == "1"
    assert at.query_params["cba"] == "data-bgb"


def test_decisions_file_can_be_changed_and_bad_ones_are_reported(db, tmp_path):
    at = goto(start(), "load")
    assert at.text_input(key="load_db_path").value == str(db)
    (tmp_path / "a-folder").mkdir()
    at.text_input(key="load_db_path").set_value(str(tmp_path / "a-folder")).run()
    at.button(key="load_db_use").click().run()
    assert any("directory" in e.value for e in at.error)
    other = tmp_path / "elsewhere" / "d.sqlite3"
    at.text_input(key="load_db_path").set_value(str(other)).run()
    at.button(key="load_db_use").click().run()
    assert not at.error
    assert str(other) in [c.value for c in at.sidebar.code]
    assert other.exists()


def test_unknown_crawl_in_the_address_falls_back_to_the_sample(db):
    at = start(crawl="0" * 64)
    assert "site.jsonl" in text_of(at)
    assert any("not available" in e.value for e in at.error)


def test_crawled_text_is_not_rendered_as_markdown(db, tmp_path):
    records = [
        {
            "id": "![x](http://evil.example/p.png) **bold** :red[x]",
            "html": "<body><p>a</p></body>",
            "paths": ["a_b_c"],
            "host": "one.example",
        },
        {
            "id": "[link](http://evil.example)",
            "html": "<body><p>a</p></body>",
            "paths": ["a_b_c"],
            "host": "two.example",
        },
    ]
    crawl = write_jsonl(tmp_path / "odd_name_[x].jsonl", records)
    at = _open_path(start(), crawl)
    goto(at, "validation")  # example pages are named in captions
    assert "![x](http://evil.example/p.png) **bold** :red[x]" in text_of(at)
    shown = markdown_of(at)
    assert "odd\\_name\\_\\[x\\]\\.jsonl" in shown  # the file name, escaped
    assert "odd_name_[x].jsonl" in text_of(at)
    assert "](http" not in shown and "**bold**" not in shown and ":red[" not in shown


def test_csv_download_payload(db, tmp_path):
    """The bytes behind the download button are the export function's CSV."""
    crawl = write_jsonl(tmp_path / "copied.jsonl", copied_host_records(10))
    at = goto(_open_path(start(), crawl), "export")
    preview = at.dataframe[0].value
    expected = pd.read_csv(
        io.StringIO(
            "id,clusterKey,path,host\n"
            + "".join(
                f'{r["id"]},"{k.replace(chr(34), chr(34) * 2)}",/{"/".join(r["paths"])},{r["host"]}\n'
                for r, k in zip(
                    copied_host_records(10),
                    run_clustering(copied_host_records(10)).page_keys,
                    strict=True,
                )
            )
        ),
        dtype=str,
    )
    pd.testing.assert_frame_equal(
        preview.drop(columns=["clusterLabel"]).reset_index(drop=True), expected
    )
    # One human label per key, a different one for each key.
    pairs = set(zip(preview["clusterKey"], preview["clusterLabel"], strict=True))
    assert len({k for k, _ in pairs}) == len({label for _, label in pairs}) == len(pairs)
    assert all(label and not label.startswith("[") for _, label in pairs)


def test_an_unusable_decisions_file_disables_decisions_but_not_the_app(tmp_path, monkeypatch):
    monkeypatch.setenv("PAGE_CLUSTER_DECISIONS_DB", str(tmp_path))  # a directory
    monkeypatch.setenv("PAGE_CLUSTER_DATA_ROOTS", str(tmp_path))
    crawl = write_jsonl(tmp_path / "copied.jsonl", copied_host_records(10))
    at = _open_path(start(), crawl)
    goto(at, "validation")
    assert any("Decisions cannot be saved" in e.value and "directory" in e.value for e in at.error)
    assert at.button(key="validation_confirm").disabled
    goto(at, "overview")
    assert metrics(at)["Pages"] == "20"


# --- WARC.gz and folders ------------------------------------------------------------------


def _upload(at: AppTest, name: str, data: bytes) -> AppTest:
    goto(at, "load")
    at.radio(key="load_kind").set_value("Upload a file").run()
    at.get("file_uploader")[0].set_value((name, data, "application/octet-stream")).run()
    at.button(key="load_go").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return _back_to_load_if_opened(at)


def _assert_clusters_are_the_commands(at: AppTest, path) -> None:
    """The overview's cluster table and the export rows are ``page-cluster PATH``'s."""
    rows = command_output(path)
    keys = [k for _, k in rows]
    goto(at, "overview")
    assert metrics(at)["Pages"] == str(len(rows))
    table = at.dataframe[0].value
    assert dict(zip(table["cluster"], table["size"], strict=True)) == {
        short_key(k): n for k, n in Counter(keys).items()
    }
    goto(at, "export")
    preview = at.dataframe[0].value
    assert list(preview["id"]) == [str(i) for i, _ in rows[: len(preview)]]
    assert list(preview["clusterKey"]) == keys[: len(preview)]


_TITLE = re.compile(r"<title>([^<&]*)</title>")


def _assert_preview_reads_the_page(at: AppTest, html_by_path: dict[str, str]) -> None:
    """The cluster view's preview shows the chosen member's own HTML, read back."""
    goto(at, "cluster")
    assert not at.error, [e.value for e in at.error]
    frame = at.get("iframe")[0].proto.srcdoc
    label = re.search(r'title="Preview of ([^"]+)"', frame).group(1)
    page_title = _TITLE.search(html_by_path[urlsplit(label).path]).group(1)
    assert page_title and page_title in frame
    assert list(at.dataframe[-1].value.columns)[:2] == ["landmark", "chrome"]  # outlined


def _by_path(records: list[dict]) -> dict[str, str]:
    return {urlsplit(r["id"]).path: r["html"] for r in records}


def test_a_warc_gz_opens_by_path_and_by_upload_like_the_command(db, tmp_path):
    records = sample_records(120)
    crawl = write_warc_gz(tmp_path / "crawl.warc.gz", records)
    at = _open_path(start(), crawl)
    assert "crawl.warc.gz" in text_of(at) and "(warc)" in text_of(at)
    assert "120 pages in" in text_of(at)
    assert "Skipped 1 record (1 non-HTML)." in text_of(at)  # the stylesheet response
    assert not at.warning  # routine skips are a note, not a warning
    _assert_clusters_are_the_commands(at, crawl)
    _assert_preview_reads_the_page(at, _by_path(records))
    digest = content_hash(CrawlSource.from_path(crawl))
    assert at.query_params["crawl"] == digest

    # An uploaded WARC.gz (other pages, so not the analysis cached above).
    uploaded = write_warc_gz(tmp_path / "upload.warc.gz", records[:90])
    other = _upload(start(), "upload.warc.gz", uploaded.read_bytes())
    assert "upload.warc.gz" in text_of(other) and "90 pages in" in text_of(other)
    assert other.query_params["crawl"] == content_hash(CrawlSource.from_path(uploaded))
    _assert_clusters_are_the_commands(other, uploaded)
    _assert_preview_reads_the_page(other, _by_path(records))


def test_a_mirror_folder_opens_by_path_like_the_command(db, tmp_path):
    records = sample_records(120)
    root = write_site_folder(tmp_path / "mirror", records)
    at = _open_path(start(), root)
    assert "mirror/" in text_of(at) and "(mirror)" in text_of(at)
    assert "120 pages in" in text_of(at)
    assert "Skipped 1 file (1 non-HTML)." in text_of(at)
    _assert_clusters_are_the_commands(at, root)
    _assert_preview_reads_the_page(at, _by_path(records))
    assert at.query_params["crawl"] == content_hash(CrawlSource.from_path(root))
    # A reload (or a restart) reopens the folder from the address.
    again = start(crawl=at.query_params["crawl"])
    assert "mirror/" in text_of(again) and "120 pages in" in text_of(again)


def test_a_json_array_and_a_gzip_jsonl_open_like_the_command(db, tmp_path):
    records = sample_records(60)
    array = tmp_path / "pages.json"
    array.write_text(json.dumps(records))
    at = _open_path(start(), array)
    assert "(json)" in text_of(at) and "60 pages in" in text_of(at)
    _assert_clusters_are_the_commands(at, array)
    _assert_preview_reads_the_page(at, _by_path(records))
    packed = tmp_path / "pages.jsonl.gz"
    packed.write_bytes(gzip.compress(write_jsonl(tmp_path / "p.jsonl", records).read_bytes()))
    at = _upload(start(), packed.name, packed.read_bytes())
    assert "(jsonl)" in text_of(at) and "60 pages in" in text_of(at)
    _assert_clusters_are_the_commands(at, packed)
    _assert_preview_reads_the_page(at, _by_path(records))


def test_a_damaged_warc_gz_shows_the_skip_summary_and_works(db, tmp_path):
    records = sample_records(40)
    members = warc_members(records)
    for bad in (6, 20):
        damaged = bytearray(members[bad])
        damaged[30:60] = b"\x00" * 30  # the deflate data of one record
        members[bad] = bytes(damaged)
    crawl = tmp_path / "damaged.warc.gz"
    crawl.write_bytes(b"".join(members)[:-30])  # and the last record is cut short
    at = _open_path(start(), crawl)
    assert not at.error, [e.value for e in at.error]
    assert "damaged.warc.gz" in text_of(at) and "37 pages in" in text_of(at)  # 40 - 3
    assert len(at.warning) == 1
    shown = text_of(at)
    assert "Skipped 4 records (1 non-HTML, 2 corrupt, 1 truncated)." in shown
    offset = sum(len(m) for m in members[:6])
    # Shown as code (never a live link); the fence grows when the message holds a backtick.
    assert re.search(rf"- `+ ?record 7 \(byte {offset}\): corrupt \(", shown), shown
    assert "truncated (the file ends inside this record); skipped" in shown
    _assert_clusters_are_the_commands(at, crawl)
    kept = {urlsplit(r["id"]).path: r["html"] for r in records}
    _assert_preview_reads_the_page(at, kept)


def test_more_damage_than_shown_is_listed_in_a_table(db, tmp_path):
    members = warc_members(sample_records(30), stylesheet=False)
    for bad in range(2, 30, 3):
        members[bad] = members[bad][:20] + b"\xff" * 20 + members[bad][40:]
    crawl = tmp_path / "many.warc.gz"
    crawl.write_bytes(b"".join(members))
    at = _open_path(start(), crawl)
    assert "Skipped 10 records (10 corrupt)." in text_of(at)
    assert text_of(at).count(": corrupt (") == 5
    (expander,) = [e for e in at.expander if "Damaged" in e.label]
    assert expander.label == "Damaged or invalid records (10 listed of 10)"
    table = at.dataframe[0].value
    assert list(table["reason"]) == ["corrupt"] * 10


def test_a_folder_without_pages_is_a_clear_error(db, tmp_path):
    empty = tmp_path / "nothing"
    (empty / "assets").mkdir(parents=True)
    (empty / "assets" / "a.css").write_text("body{}")
    at = _open_path(start(), empty)
    assert len(at.error) == 1
    assert "Cannot analyse nothing/: no pages found; skipped 1 file (1 non-HTML)" in text_of(at)
    assert "site.jsonl" in text_of(at)  # the open crawl stays open


def test_content_view_colours_blocks_and_lists_template_blocks(db, core):
    from page_cluster.app_support.views import content
    from page_cluster.content import extract_main_content, template_block_table

    run, _ = core
    at = goto(start(), "content")
    assert at.title[0].value == "Content"
    key = at.selectbox(key="content_cluster").value
    positions = [i for i, k in enumerate(run.page_keys) if k == key][: content.MAX_MEMBERS]
    assert at.selectbox(key="content_member").value == positions[0]
    # The main text shown is the extraction's for that member with its siblings.
    records = sample_records()
    expected = extract_main_content(
        [records[i] for i in positions], cluster_keys=[0] * len(positions)
    )
    assert at.text_area(key=f"content_text_{positions[0]}_0").value == expected[0].main_text
    # Which reader found it is said next to it.
    assert expected[0].extractor == "template"
    assert content.reader_note(expected[0]) in markdown_of(at) + text_of(at)
    # The template blocks listed are the extraction's, per DOM path.
    table = at.dataframe[0].value
    rows = template_block_table(expected)
    assert list(table["path"]) == [r["path"] for r in rows]
    assert rows, "the sample's clusters share header, navigation and footer blocks"
    # Another member of the same cluster.
    at.selectbox(key="content_member").set_value(positions[1]).run()
    assert not at.exception
    assert at.text_area(key=f"content_text_{positions[1]}_0").value == expected[1].main_text


def test_content_view_renders_only_inside_the_sandbox():
    from page_cluster.app_support.views import content

    source = (ROOT / "page_cluster" / "app" / "views" / "content.py").read_text()
    # Through the one sandboxed-iframe widget (scripts off), never raw HTML.
    assert "widgets.sandboxed_document(" in source and "unsafe_allow_html" not in source
    assert content.CLASS_COLOURS["content"] and content.CLASS_COLOURS["noise"]


def test_confirm_a_split_and_a_merge_applies_both_on_export_and_persists(db, tmp_path):
    records = glued_layout_records(12, ("glued.example", "copy.glued.example"))
    crawl = write_jsonl(tmp_path / "glued.jsonl", records)
    at = _open_path(start(), crawl)
    assert "48 pages in 2 clusters" in text_of(at)
    goto(at, "splits")
    assert metrics(at)["Split suggestions"] == "2"
    assert metrics(at)["Splits applied"] == "0"
    parts = at.dataframe[1].value
    assert list(parts["size"]) == [12, 12]
    assert "filters" in parts["onlyThisPartHas"][0] or "filters" in parts["onlyThisPartHas"][1]
    at.button(key="splits_confirm").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert metrics(at)["Splits applied"] == "1"
    assert "Decision: **confirmed**" in text_of(at)

    digest = content_hash(CrawlSource.from_path(crawl))
    (split_key,) = DecisionStore(db).split_decisions(digest, "")
    goto(at, "validation")
    at.button(key="validation_confirm").click().run()
    ((pair, _),) = DecisionStore(db).decisions(digest, "").items()

    # The core's own answer: the confirmed split, then the confirmed merge.
    run = run_clustering(records)
    report = validate_cluster_partition(clustered_corpus_from_corpus(run.corpus, run.page_keys))
    (split,) = [s for s in report.split_suggestions if s.cluster_key == split_key]
    expected = merge_validated_clusters(split_validated_clusters(run.page_keys, [split]), [pair])
    # The merge joins the other host's cluster to the split cluster's first part.
    assert len(set(expected)) == 2 and any("#split:1" in k for k in expected)
    goto(at, "export")
    assert "1 confirmed split(s) and 1 confirmed merge(s) applied" in text_of(at)
    assert list(at.dataframe[0].value["clusterKey"]) == expected
    goto(at, "overview")
    assert metrics(at)["Clusters"] == "2"

    # Another session (or a restart) finds the split decision again; undo it there.
    other = start(crawl=digest)
    goto(other, "splits")
    assert metrics(other)["Splits applied"] == "1"
    other.selectbox(key="splits_pick").set_value(
        [
            s.cluster_key for s in sorted(report.split_suggestions, key=lambda s: s.cluster_key)
        ].index(split_key)
    ).run()
    other.button(key="splits_undo").click().run()
    assert metrics(other)["Splits applied"] == "0"
    assert [d for _, d, _ in DecisionStore(db).split_history(digest, "")] == ["confirmed", None]
