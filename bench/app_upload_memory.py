#!/usr/bin/env python3
"""Server memory after opening a crawl by upload, against opening it by path.

Starts ``streamlit run app.py`` twice on the same crawl file, in fresh
processes, and drives each with Debian's Chromium (Playwright): once the crawl
is named in the Load view's path box (the baseline), once it is uploaded with
the file uploader (Analyse is clicked right after choosing the file). When the
Overview shows the crawl, it reads the server's resident memory (``VmRSS``) and
its peak (``VmHWM``) from ``/proc`` and prints both and the ratios
upload / path. An upload is spooled to disk and read like a path, so the
ratios should stay near 1.

The crawl is ``--input`` or, by default, one built in a temporary folder:
the bundled sample's pages padded with text to about ``--mb`` megabytes.

    python bench/app_upload_memory.py --mb 185
    python bench/app_upload_memory.py --input crawl.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sample_data" / "site.jsonl"
CHROMIUM = "/usr/bin/chromium"
TIMEOUT_MS = 900_000


def build_crawl(path: Path, megabytes: float) -> Path:
    """The sample's pages, each padded with ~48 KB of text in its body, repeated under
    new ids until the file holds ``megabytes`` MB."""
    records = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()]
    words = " ".join(f"w{i}" for i in range(9_000))
    target = int(megabytes * 1_000_000)
    written = 0
    copy = 0
    with path.open("w", encoding="utf-8") as fh:
        while written < target:
            for r in records:
                html = r["html"].replace("</body>", f"<p>{words} {copy}</p></body>", 1)
                line = json.dumps(dict(r, id=f"{r['id']}#{copy}", html=html)) + "\n"
                fh.write(line)
                written += len(line.encode("utf-8"))
                if written >= target:
                    break
            copy += 1
    return path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _memory_mb(pid: int) -> tuple[float, float]:
    """(VmRSS, VmHWM) of a process in MB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0]) / 1024
    return fields["VmRSS"], fields["VmHWM"]


def measure(crawl: Path, mode: str, work: Path) -> tuple[float, float, float]:
    """Open ``crawl`` in a fresh server by ``mode`` (path or upload): RSS, peak, seconds."""
    from playwright.sync_api import sync_playwright

    port = _free_port()
    env = dict(
        os.environ,
        PAGE_CLUSTER_STATE_DIR=str(work / f"state-{mode}"),
        PAGE_CLUSTER_DATA_ROOTS=str(crawl.parent),
    )
    log = (work / f"server-{mode}.log").open("wb")
    server = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        url = f"http://localhost:{port}"
        for _ in range(600):
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2):
                    break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless=new"])
            page = browser.new_page()
            page.set_default_timeout(TIMEOUT_MS)
            page.goto(f"{url}/load")
            page.get_by_role("heading", name="Load a crawl").wait_for()
            idle = '[data-testid="stApp"][data-test-script-state="notRunning"]'
            page.wait_for_selector(idle)
            t0 = time.perf_counter()
            if mode == "path":
                page.get_by_text("Local path (file or folder)").click()
                box = page.get_by_label(
                    "Path of a crawl file or folder on this machine (read in place, not copied)"
                )
                box.fill(str(crawl))
                box.press("Enter")
                page.wait_for_selector(idle)
            else:
                page.get_by_text("Upload a file").click()
                page.wait_for_selector(idle)
                dropzone = page.locator('[data-testid="stFileUploaderDropzoneInput"]')
                dropzone.set_input_files(str(crawl))
            page.get_by_role("button", name="Analyse").click()
            page.get_by_role("heading", name="Overview").wait_for()
            page.wait_for_selector(idle)
            page.wait_for_selector('[data-testid="stProgress"]', state="detached")
            sidebar = page.locator('[data-testid="stSidebar"]').inner_text()
            if crawl.name not in sidebar:
                raise SystemExit(f"{mode}: the crawl did not open:\n{sidebar}")
            seconds = time.perf_counter() - t0
            time.sleep(2)  # let the server settle after the last run
            rss, peak = _memory_mb(server.pid)
            browser.close()
        return rss, peak, seconds
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--input", type=Path, help="a crawl file (default: one built)")
    parser.add_argument("--mb", type=float, default=185.0, help="size of the built crawl")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="page-cluster-bench-") as tmp:
        work = Path(tmp)
        crawl = args.input.resolve() if args.input else build_crawl(work / "crawl.jsonl", args.mb)
        size = crawl.stat().st_size / 1e6
        print(f"crawl: {crawl.name}, {size:.1f} MB")
        path_rss, path_peak, path_s = measure(crawl, "path", work)
        print(f"by path:   RSS {path_rss:7.1f} MB, peak {path_peak:7.1f} MB, {path_s:6.1f} s")
        up_rss, up_peak, up_s = measure(crawl, "upload", work)
        print(f"by upload: RSS {up_rss:7.1f} MB, peak {up_peak:7.1f} MB, {up_s:6.1f} s")
        print(
            f"ratio upload/path: RSS {up_rss / path_rss:.2f}, peak {up_peak / path_peak:.2f}, "
            f"time {up_s / path_s:.2f}"
        )


if __name__ == "__main__":
    main()
