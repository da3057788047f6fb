"""Crawl archives on a real Dask ``LocalCluster`` (2 worker processes): the same
output as without Dask, also when a worker is killed mid-run.

Run in a fresh interpreter by ``test_crawl_dask.py``: a Dask client leaves
threads behind, and a process running threads must not fork (the parsing pool
and its tests fork).
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from page_cluster.cli.main import main
from page_cluster.crawl import run_crawl

from .crawl_fixtures import write_archive, write_multi_host_file


def _cluster() -> Any:
    import distributed

    return distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    )


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    import distributed

    with _cluster() as cluster, distributed.Client(cluster) as c:
        yield c


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    files, _ = write_archive(tmp_path_factory.mktemp("archive"), files=8)
    return [str(f) for f in files]


def test_dask_rows_equal_the_local_rows(client, archive: list[str]) -> None:
    here = run_crawl(archive, reasons=True, validate=True)
    there = run_crawl(archive, client=client, reasons=True, validate=True)
    assert there.rows() == here.rows()
    assert len(there.hosts) == 4
    for host, result in here.hosts.items():
        assert there.hosts[host].reasons == result.reasons
        assert there.hosts[host].report == result.report
    # Both workers took part in reading.
    assert len(client.scheduler_info()["workers"]) == 2


def test_a_damaged_file_on_dask_is_reported_and_the_others_finish(
    client, archive: list[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"html": "<p>a</p>"}\nnull\n')
    result = run_crawl([archive[0], str(bad), archive[1]], client=client)
    assert result.files[1].error is not None and "line 2" in result.files[1].error
    assert result.rows() == run_crawl([archive[0], archive[1]]).rows()


def test_killing_a_worker_mid_run_loses_nothing(archive: list[str]) -> None:
    import distributed

    expected = run_crawl(archive).rows()
    killed: list[int] = []
    with _cluster() as cluster, distributed.Client(cluster) as c:
        c.wait_for_workers(2)

        def kill_a_reader(_summary) -> None:
            if killed:
                return
            # The worker holding finished file shards: its results are lost with it.
            holding = [
                addr
                for addr, keys in c.has_what().items()
                if any(str(k).startswith("pc-read-") for k in keys)
            ]
            pids = c.run(os.getpid)
            victim = pids[holding[0]] if holding else next(iter(pids.values()))
            os.kill(victim, signal.SIGKILL)
            killed.append(victim)

        rows = run_crawl(archive, client=c, on_file=kill_a_reader).rows()
        after = set(c.run(os.getpid).values())
    assert killed and killed[0] not in after
    assert rows == expected


def test_cli_dask_local_is_byte_identical(archive: list[str], tmp_path: Path, capsys) -> None:
    assert main(["--out-dir", str(tmp_path / "here"), *archive]) == 0
    assert main(["--dask", "local:2", "--out-dir", str(tmp_path / "dask"), *archive]) == 0
    err = capsys.readouterr().err
    assert "dask: 2 workers" in err
    here = sorted((tmp_path / "here").rglob("*.jsonl"))
    there = sorted((tmp_path / "dask").rglob("*.jsonl"))
    assert [p.name for p in here] == [p.name for p in there] and len(here) == 8
    for a, b in zip(here, there, strict=True):
        assert a.read_bytes() == b.read_bytes()
    first = [json.loads(line) for line in here[0].read_text().splitlines()]
    assert first and {"id", "clusterKey"} == set(first[0])


def test_one_multi_host_file_is_byte_identical_with_and_without_dask(
    tmp_path: Path, capsys
) -> None:
    """The single-input command clusters each host alone, as the Dask run does."""
    path = tmp_path / "hosts.jsonl"
    pages = write_multi_host_file(path)
    assert len({p["host"] for p in pages}) == 3
    # --jobs 1: this process runs Dask threads and must not fork parsing workers.
    assert main(["--jobs", "1", str(path)]) == 0
    plain = capsys.readouterr().out
    assert main(["--dask", "local:2", str(path)]) == 0
    captured = capsys.readouterr()
    assert "dask: 2 workers" in captured.err
    assert captured.out == plain
    assert len(plain.splitlines()) == len(pages)


def test_cli_runs_on_an_existing_scheduler(client, archive: list[str], capsys) -> None:
    assert main(["--dask", client.scheduler.address, *archive]) == 0
    out = capsys.readouterr().out
    rows = [json.loads(line) for line in out.splitlines()]
    assert [(r["id"], r["clusterKey"]) for r in rows] == [
        (row[0], row[2]) for row in run_crawl(archive).rows()
    ]
