"""A real crawler's output: GNU wget mirrors the sample site served on localhost.

The sample pages are served as static files by a local HTTP server started here;
``wget --mirror --warc-file`` crawls them from the three language homes. The
WARC it writes and the folder it mirrors must cluster into the same partition as
the JSONL of the same pages.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from .conftest import SAMPLE
from .io_fixtures import partition, url_path, write_sample_site

CMD = [sys.executable, "-m", "page_cluster"]


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def wget() -> str:
    path = shutil.which("wget")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("wget is not installed (.ci/run installs it)")
        pytest.skip("wget is not installed")
    return path


@pytest.fixture(scope="module")
def served_site(tmp_path_factory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("site")
    write_sample_site(root)
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def crawl(wget, served_site, tmp_path_factory) -> tuple[Path, Path]:
    out = tmp_path_factory.mktemp("crawl")
    res = subprocess.run(
        [
            wget,
            "--mirror",
            "--warc-file=" + str(out / "crawl"),
            "--directory-prefix=" + str(out / "mirror"),
            "--no-verbose",
            # Python's test server speaks HTTP/1.0 and closes every connection;
            # under load wget sometimes reused one anyway ("No data received").
            "--no-http-keep-alive",
            "--tries=1",
            "--timeout=20",
            *(f"{served_site}/{lang}/index.html" for lang in ("en", "ja", "fr")),
        ],
        capture_output=True,
        timeout=600,
    )
    # 8: the server answered some requests with an error (the sample's images
    # and one link do not exist) -- expected; anything else is a failed crawl.
    problems = [
        line
        for line in res.stderr.decode(errors="replace").splitlines()
        if "ERROR 404" not in line and not line.rstrip().endswith(":")
    ]
    assert res.returncode in (0, 8), "\n".join(problems[-40:])
    return out / "crawl.warc.gz", out / "mirror"


def cluster(args: list[str]) -> tuple[list[dict], str]:
    res = subprocess.run(CMD + args, capture_output=True, timeout=300)
    assert res.returncode == 0, res.stderr.decode(errors="replace")
    out = [json.loads(line) for line in res.stdout.decode().splitlines()]
    return out, res.stderr.decode()


@pytest.fixture(scope="module")
def jsonl_partition() -> set[frozenset[str]]:
    out, _ = cluster([str(SAMPLE)])
    return partition([url_path(o["id"]) for o in out], [o["clusterKey"] for o in out])


def test_wget_warc_clusters_like_the_jsonl(crawl, served_site, jsonl_partition, sample_records):
    warc, _ = crawl
    out, err = cluster([str(warc)])
    assert len(out) == len(sample_records)
    assert all(o["id"].startswith(served_site + "/") for o in out)
    got = partition([url_path(o["id"]) for o in out], [o["clusterKey"] for o in out])
    assert got == jsonl_partition
    # wget also stored its robots.txt probe, missing images (404), the two
    # stylesheets and its own log: all skipped and counted.
    assert "[page-cluster] input: warc" in err
    line = next(x for x in err.splitlines() if "skipped" in x)
    assert "non-HTML" in line and "failed" in line
    assert "warning" not in err


def test_wget_mirror_folder_clusters_like_the_jsonl(crawl, served_site, jsonl_partition):
    _, mirror = crawl
    out, err = cluster([str(mirror)])
    host = served_site.removeprefix("http://")
    assert sorted(p.name for p in mirror.iterdir()) == [host]
    assert all(o["id"].startswith(f"http://{host}/") for o in out)
    got = partition([url_path(o["id"]) for o in out], [o["clusterKey"] for o in out])
    assert got == jsonl_partition
    assert "[page-cluster] skipped 2 files (2 non-HTML)" in err  # the stylesheets


def test_wget_warc_and_folder_give_the_same_keys(crawl):
    """Same pages, same derived signals: not only the partition but the keys agree."""
    warc, mirror = crawl
    a, _ = cluster([str(warc)])
    b, _ = cluster([str(mirror)])
    assert {o["id"]: o["clusterKey"] for o in a} == {o["id"]: o["clusterKey"] for o in b}
