"""End to end in a real browser: confirm a split and a merge, restart, export.

The crawl holds two page layouts that differ only inside ``<main>`` on two
hosts (every page served by both): each host's cluster is one the validator
proposes to split, and the two clusters are duplicates to merge. Needs Debian's
``chromium`` (see ``test_app_e2e``).
"""

from __future__ import annotations

import csv
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from page_cluster import run_clustering
from page_cluster.app_support import DecisionStore
from page_cluster.validation.data import clustered_corpus_from_corpus
from page_cluster.validation.merge import merge_validated_clusters
from page_cluster.validation.report import validate_cluster_partition
from page_cluster.validation.splits import split_validated_clusters

from .app_crawls import glued_layout_records, write_jsonl
from .test_app_e2e import (  # noqa: F401 (browser_page is a fixture)
    AppServer,
    _free_port,
    browser_page,
    metric,
    open_by_path,
    open_view,
    shot,
    sidebar_text,
    wait_idle,
    wait_sidebar,
)

pytestmark = pytest.mark.e2e


def test_browser_confirm_split_and_merge_restart_and_export(tmp_path, browser_page):  # noqa: F811
    try:
        _split_merge_export(tmp_path, browser_page)
    except BaseException:
        shot(browser_page, "failure-splits")
        log = tmp_path / "server.log"
        if log.exists():
            print(log.read_text(errors="replace")[-5000:])
        raise


def _split_merge_export(tmp_path: Path, page) -> None:
    records = glued_layout_records(12, ("glued.example", "copy.glued.example"))
    crawl = write_jsonl(tmp_path / "glued.jsonl", records)
    db = tmp_path / "decisions.sqlite3"
    server = AppServer(_free_port(), db, tmp_path / "server.log", tmp_path)
    server.start()
    try:
        page.goto(server.url)
        page.get_by_role("heading", name="Overview").wait_for()
        wait_idle(page)
        open_view(page, "Load", "Load a crawl")
        open_by_path(page, crawl)
        page.get_by_text("glued.jsonl").first.wait_for()
        wait_sidebar(page, "48 pages in")
        wait_idle(page)
        assert "48 pages in" in sidebar_text(page)

        # 1. Confirm the first split suggestion.
        open_view(page, "Suggestions", "Split and merge suggestions")
        assert metric(page, "Split suggestions") == "2"
        page.get_by_text("Decision: undecided").first.wait_for()
        shot(page, "9-suggestions")
        page.get_by_role("button", name="Confirm split").click()
        page.get_by_text("Decision: confirmed").wait_for()
        wait_idle(page)
        assert metric(page, "Splits applied") == "1"
        shot(page, "9-suggestions-split-confirmed")

        # 2. Confirm the duplicate merge in the Validation view.
        open_view(page, "Validation")
        page.get_by_role("button", name="Confirm merge").click()
        page.get_by_text("Decision: confirmed").wait_for()
        wait_idle(page)
        digest = parse_qs(urlparse(page.url).query)["crawl"][0]
    finally:
        server.stop()

    # 3. After a restart both decisions are applied, and the CSV carries them.
    server.start()
    try:
        page.goto(f"{server.url}/suggestions?crawl={digest}")
        page.get_by_role("heading", name="Split and merge suggestions").wait_for()
        wait_idle(page)
        assert metric(page, "Splits applied") == "1"
        assert "1 confirmed merge(s) applied" in sidebar_text(page)
        open_view(page, "Export")
        page.get_by_text("1 confirmed split(s) and 1 confirmed merge(s) applied").wait_for()
        with page.expect_download() as download:
            page.get_by_role("button", name="Download clusters CSV").click()
        csv_path = tmp_path / "clusters.csv"
        download.value.save_as(csv_path)
        shot(page, "9-export-split-and-merge")
    finally:
        server.stop()

    store = DecisionStore(db)
    (split_key,) = store.split_decisions(digest, "")
    ((pair, _),) = store.decisions(digest, "").items()
    run = run_clustering(records)
    report = validate_cluster_partition(clustered_corpus_from_corpus(run.corpus, run.page_keys))
    (split,) = [s for s in report.split_suggestions if s.cluster_key == split_key]
    expected = merge_validated_clusters(split_validated_clusters(run.page_keys, [split]), [pair])
    with csv_path.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert [r["id"] for r in rows] == [r["id"] for r in records]
    assert [r["clusterKey"] for r in rows] == expected
