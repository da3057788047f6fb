"""End to end in a real browser: ``page-cluster app`` driven by Chromium.

Starts the installed app (the command's entry point, as a user would) on the
bundled sample, on a free localhost port with a temporary decisions file,
screenshots every view of the bundled sample, opens a derived crawl (the
sample's first pages plus byte-identical copies on a second host, which the
validator flags), confirms a merge, restarts the server, checks the
confirmation is still there, downloads the CSV, and finally opens a mirror
folder by its path and previews one of its pages.

Needs Debian's ``chromium`` at /usr/bin/chromium (``.ci/run`` installs it).
Screenshots go to ``artifacts/screenshots/`` (git-ignored, regenerated).
"""

from __future__ import annotations

import contextlib
import csv
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from playwright import sync_api

from page_cluster import run_clustering
from page_cluster.app_support import DecisionStore
from page_cluster.validation.merge import merge_validated_clusters

from .app_crawls import (
    COPY_HOST,
    ROOT,
    SAMPLE,
    copied_host_records,
    sample_records,
    write_jsonl,
    write_site_folder,
)
from .browser_gate import CHROMIUM, browser_missing_reason

CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
#: The installed command, next to this interpreter (the venv's bin folder).
ENTRY_POINT = Path(sys.executable).parent / "page-cluster"
#: Upper bounds for event-driven waits (seconds); normally each takes a second or two.
SERVER_START_TIMEOUT = 90
APP_TIMEOUT = 90

pytestmark = pytest.mark.e2e

_MISSING = browser_missing_reason(CHROMIUM, dict(os.environ))
if _MISSING is not None:  # pragma: no cover - depends on the machine
    pytest.skip(_MISSING, allow_module_level=True)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class AppServer:
    """``page-cluster app sample_data/site.jsonl`` as a subprocess on one port."""

    def __init__(self, port: int, decisions_db: Path, log: Path, data_root: Path) -> None:
        self.port = port
        self.decisions_db = decisions_db
        self.log = log
        self.data_root = data_root
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://localhost:{self.port}"

    def start(self) -> None:
        env = dict(
            os.environ,
            PAGE_CLUSTER_DECISIONS_DB=str(self.decisions_db),
            PAGE_CLUSTER_STATE_DIR=str(self.decisions_db.parent),
        )
        fh = self.log.open("ab")
        self.proc = subprocess.Popen(
            [
                str(ENTRY_POINT),
                "app",
                str(SAMPLE.relative_to(ROOT)),
                "--server.port",
                str(self.port),
                "--data-root",
                str(self.data_root),
            ],
            cwd=ROOT,
            env=env,
            stdout=fh,
            stderr=subprocess.STDOUT,
        )
        fh.close()
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the app server exited:\n{self.log.read_text()}")
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=2) as r,
            ):
                if r.status == 200:
                    return
            time.sleep(0.2)
        raise RuntimeError(f"the app server did not start:\n{self.log.read_text()}")

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)
        self.proc = None


@pytest.fixture
def browser_page() -> Iterator:
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = browser.new_context(
            viewport={"width": 1440, "height": 1500}, accept_downloads=True
        )
        page = context.new_page()
        page.set_default_timeout(APP_TIMEOUT * 1000)
        try:
            yield page
        finally:
            context.close()
            browser.close()


def wait_idle(page) -> None:
    """Wait until the script run finished (the app root reports it) and no bar is left."""
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
    page.wait_for_selector('[data-testid="stProgress"]', state="detached")


def open_view(page, title: str, heading: str | None = None) -> None:
    page.locator('[data-testid="stSidebarNav"]').get_by_role("link", name=title).click()
    page.get_by_role("heading", name=heading or title).wait_for()
    wait_idle(page)


def shot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(300)  # let charts finish their first paint
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def metric(page, label: str) -> str:
    """The value shown by the ``st.metric`` with this label."""
    box = page.locator('[data-testid="stMetric"]').filter(
        has=page.locator('[data-testid="stMetricLabel"]', has_text=re.compile(f"^{label}$"))
    )
    return box.locator('[data-testid="stMetricValue"]').inner_text().strip()


def sidebar_text(page) -> str:
    return page.locator('[data-testid="stSidebar"]').inner_text()


def wait_sidebar(page, text: str) -> None:
    """Wait until the sidebar says ``text``: an analysis started by a click may
    not have begun its run when the page last reported itself idle."""
    sync_api.expect(page.locator('[data-testid="stSidebar"]')).to_contain_text(
        text, timeout=APP_TIMEOUT * 1000
    )


def open_by_path(page, path: Path) -> None:
    """In the Load view: give a local path (file or folder) and analyse it."""
    page.get_by_text("Local path (file or folder)").click()
    path_box = page.get_by_label(
        "Path of a crawl file or folder on this machine (read in place, not copied)"
    )
    path_box.fill(str(path))
    path_box.press("Enter")
    wait_idle(page)
    page.get_by_role("button", name="Analyse").click()


def test_browser_confirm_restart_and_export(tmp_path, browser_page):
    try:
        _confirm_restart_and_export(tmp_path, browser_page)
    except BaseException:
        shot(browser_page, "failure")  # what the browser showed when it failed
        log = tmp_path / "server.log"
        if log.exists():
            print(log.read_text(errors="replace")[-5000:])
        raise


def _confirm_restart_and_export(tmp_path: Path, page) -> None:
    crawl = write_jsonl(tmp_path / "copied-host.jsonl", copied_host_records(40))
    mirror = write_site_folder(tmp_path / "mirror", sample_records(60))
    db = tmp_path / "decisions.sqlite3"
    server = AppServer(_free_port(), db, tmp_path / "server.log", tmp_path)
    server.start()
    try:
        # 1. The app opens on the bundled sample and shows every view.
        page.goto(server.url)
        page.get_by_role("heading", name="Overview").wait_for()
        wait_idle(page)
        assert "site.jsonl" in sidebar_text(page)
        assert "273 pages in" in sidebar_text(page)
        shot(page, "1-overview")
        open_view(page, "Cluster detail")
        page.get_by_role("tab", name="Preview").click()
        inner = page.frame_locator('[data-testid="stIFrame"]').locator("iframe")
        inner.wait_for()
        assert inner.get_attribute("sandbox") == ""  # no allow-scripts, no allow-same-origin
        shot(page, "2-cluster-detail")
        open_view(page, "Landmark rates")
        shot(page, "3-landmark-rates")
        open_view(page, "Sibling diff")
        shot(page, "4-sibling-diff")
        open_view(page, "Cohesion")
        shot(page, "5-cohesion")
        open_view(page, "Content")
        page.get_by_text("Main text").first.wait_for()
        blocks = page.frame_locator('[data-testid="stIFrame"]').locator("iframe")
        blocks.wait_for()
        assert blocks.get_attribute("sandbox") == ""
        shot(page, "8-content")
        open_view(page, "Export")
        shot(page, "7-export-sample")

        # 2. Open the derived crawl by its path.
        open_view(page, "Load", "Load a crawl")
        open_by_path(page, crawl)
        page.get_by_text("copied-host.jsonl").first.wait_for()
        wait_sidebar(page, "80 pages in")
        wait_idle(page)
        assert "80 pages in" in sidebar_text(page)
        shot(page, "0-load")

        # 3. Confirm the first suggestion.
        open_view(page, "Validation")
        page.get_by_text("Decision: undecided").wait_for()
        shot(page, "6-validation")
        page.get_by_role("button", name="Confirm merge").click()
        page.get_by_text("Decision: confirmed").wait_for()
        wait_idle(page)
        assert "1 confirmed merge(s) applied" in sidebar_text(page)
        shot(page, "6-validation-confirmed")
        address = urlparse(page.url)
        digest = parse_qs(address.query)["crawl"][0]
    finally:
        server.stop()

    # 4. After a restart the confirmation is still there (the address reopens the crawl).
    server.start()
    try:
        page.goto(f"{server.url}/validation?crawl={digest}")
        page.get_by_role("heading", name="Validation").wait_for()
        wait_idle(page)
        assert "copied-host.jsonl" in sidebar_text(page)
        assert "1 confirmed merge(s) applied" in sidebar_text(page)
        assert metric(page, "Confirmed") == "1"
        # The confirmed suggestion, picked from the list, shows its stored decision.
        page.locator('[data-testid="stSelectbox"]').filter(has_text="Suggestion").click()
        page.get_by_role("option", name=re.compile(r"confirmed\)$")).click()
        page.get_by_text("Decision: confirmed").wait_for()
        wait_idle(page)
        assert page.get_by_role("button", name="Confirm merge").is_disabled()
        shot(page, "6-validation-after-restart")

        # 5. The CSV has the confirmed merge applied.
        open_view(page, "Export")
        with page.expect_download() as download:
            page.get_by_role("button", name="Download clusters CSV").click()
        csv_path = tmp_path / "clusters.csv"
        download.value.save_as(csv_path)
        shot(page, "7-export")

        # 6. A mirror folder opens by its path, and its pages preview.
        open_view(page, "Load", "Load a crawl")
        open_by_path(page, mirror)
        page.get_by_text("Skipped 1 file (1 non-HTML).").wait_for()
        wait_sidebar(page, "60 pages in")
        wait_idle(page)
        assert "mirror/" in sidebar_text(page) and "60 pages in" in sidebar_text(page)
        shot(page, "0-load-mirror")
        open_view(page, "Cluster detail")
        page.get_by_role("tab", name="Preview").click()
        inner = page.frame_locator('[data-testid="stIFrame"]').locator("iframe")
        inner.wait_for()
        assert "http://library.example/" in (inner.get_attribute("title") or "")
        shot(page, "2-cluster-detail-mirror")
    finally:
        server.stop()

    decisions = DecisionStore(db).decisions(digest, "")
    assert len(decisions) == 1
    ((pair, decision),) = decisions.items()
    assert decision.decision == "confirmed"

    records = copied_host_records(40)
    keys = merge_validated_clusters(run_clustering(records).page_keys, [pair])
    with csv_path.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert list(rows[0]) == ["id", "clusterKey", "path", "host", "clusterLabel"]
    assert [r["id"] for r in rows] == [r["id"] for r in records]
    assert [r["clusterKey"] for r in rows] == keys
    assert [r["host"] for r in rows] == [r["host"] for r in records]
    assert [r["path"] for r in rows] == ["/" + "/".join(r["paths"]) for r in records]
    merged_to, merged_away = sorted(pair)
    assert merged_away not in {r["clusterKey"] for r in rows}
    assert sum(r["clusterKey"] == merged_to for r in rows) > 1


# --- the analyst's workflow on a two-host crawl -------------------------------------------


def _local(url: str) -> bool:
    """Whether the browser's request stays on this machine (or inside the page)."""
    parsed = urlparse(url)
    return parsed.scheme in {"data", "blob", "about"} or parsed.hostname in {
        "localhost",
        "127.0.0.1",
        "::1",
    }


def _select_options(page, label: str) -> list[str]:
    """The option texts of the select box with this label (opened, read, closed)."""
    page.locator('[data-testid="stSelectbox"]').filter(has_text=label).click()
    options = page.get_by_role("option").all_inner_texts()
    page.keyboard.press("Escape")
    return [o.strip() for o in options]


def _selected_text(page, label: str) -> str:
    """The text the select box with this label shows (its input's value)."""
    return page.get_by_role("combobox", name=label).input_value()


def test_browser_two_host_workflow_labels_decision_restart_export(tmp_path, browser_page):
    try:
        _two_host_workflow(tmp_path, browser_page)
    except BaseException:
        shot(browser_page, "failure-workflow")
        log = tmp_path / "server.log"
        if log.exists():
            print(log.read_text(errors="replace")[-5000:])
        raise


def _two_host_workflow(tmp_path: Path, page) -> None:
    records = copied_host_records(40)  # 40 pages on each of two hosts, same templates
    crawl = write_jsonl(tmp_path / "two-hosts.jsonl", records)
    upload = write_jsonl(tmp_path / "upload.jsonl", copied_host_records(12))
    db = tmp_path / "decisions.sqlite3"
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    server = AppServer(_free_port(), db, tmp_path / "server.log", tmp_path)
    server.start()
    try:
        page.goto(server.url)
        page.get_by_role("heading", name="Overview").wait_for()
        wait_idle(page)

        # Load by path: the app goes to the Overview by itself once it is analysed.
        open_view(page, "Load", "Load a crawl")
        open_by_path(page, crawl)
        page.get_by_role("heading", name="Overview").wait_for()
        wait_sidebar(page, "80 pages in")
        wait_idle(page)
        assert "two-hosts.jsonl" in sidebar_text(page) and "80 pages in" in sidebar_text(page)
        # Readable, distinct labels naming both hosts; no hashes.
        labels = _select_options(page, "Open a cluster")
        assert len(labels) == len(set(labels)) >= 4
        assert sum(COPY_HOST in o for o in labels) == len(labels) // 2
        assert not any(re.search(r"css:|cluster:\d|[0-9a-f]{12}", o) for o in labels)
        shot(page, "w1-overview-labels")

        # A merge decision; the select shows it at once.
        open_view(page, "Validation")
        assert _selected_text(page, "Suggestion").rstrip().endswith("undecided)")
        page.get_by_role("button", name="Confirm merge").click()
        page.get_by_text("Decision: confirmed").wait_for()
        wait_idle(page)
        assert "confirmed)" in _selected_text(page, "Suggestion")
        assert "1 confirmed merge(s) applied" in sidebar_text(page)
        digest = parse_qs(urlparse(page.url).query)["crawl"][0]
        shot(page, "w2-validation-confirmed")
    finally:
        server.stop()

    server.start()
    try:
        # After a restart the decision is still applied; the CSV carries the labels.
        page.goto(f"{server.url}/export?crawl={digest}")
        page.get_by_role("heading", name="Export").wait_for()
        wait_idle(page)
        assert "1 confirmed merge(s) applied" in sidebar_text(page)
        with page.expect_download() as download:
            page.get_by_role("button", name="Download clusters CSV").click()
        csv_path = tmp_path / "workflow.csv"
        download.value.save_as(csv_path)
        shot(page, "w3-export")

        # An upload with Analyse clicked at once is analysed, not lost.
        open_view(page, "Load", "Load a crawl")
        page.get_by_text("Upload a file").click()
        wait_idle(page)
        page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(upload))
        page.get_by_role("button", name="Analyse").click()
        page.get_by_role("heading", name="Overview").wait_for()
        wait_idle(page)
        assert "upload.jsonl" in sidebar_text(page) and "24 pages in" in sidebar_text(page)
        shot(page, "w4-upload-analysed")
    finally:
        server.stop()

    ((pair, decision),) = DecisionStore(db).decisions(digest, "").items()
    assert decision.decision == "confirmed"
    with csv_path.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert list(rows[0]) == ["id", "clusterKey", "path", "host", "clusterLabel"]
    keys = merge_validated_clusters(run_clustering(records).page_keys, [pair])
    assert [r["clusterKey"] for r in rows] == keys
    by_key: dict[str, set[str]] = {}
    for r in rows:
        by_key.setdefault(r["clusterKey"], set()).add(r["clusterLabel"])
    assert all(len(v) == 1 for v in by_key.values())  # one label per cluster
    assert len({next(iter(v)) for v in by_key.values()}) == len(by_key)  # distinct
    assert any(COPY_HOST in r["clusterLabel"] for r in rows)

    # The app works offline: nothing the browser asked for left this machine.
    assert requests and all(_local(u) for u in requests), [u for u in requests if not _local(u)]
