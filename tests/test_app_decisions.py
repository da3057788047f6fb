"""The decisions database: persistence, atomicity under kill -9, visibility across connections."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from page_cluster.app_support.decisions import (
    DECISIONS_DB_ENV,
    DecisionStore,
    DecisionStoreError,
    default_decisions_path,
)

from .app_crawls import ROOT

H = "f" * 64


def test_record_replace_clear_and_history(tmp_path):
    store = DecisionStore(tmp_path / "d.sqlite3")
    d = store.record(H, "", "b", "a", "confirmed")
    assert d.pair == ("a", "b")  # stored in sorted order
    store.record(H, "", "c", "d", "rejected")
    assert {p: x.decision for p, x in store.decisions(H, "").items()} == {
        ("a", "b"): "confirmed",
        ("c", "d"): "rejected",
    }
    store.record(H, "", "a", "b", "rejected")  # a change of mind replaces the decision
    assert store.decisions(H, "")[("a", "b")].decision == "rejected"
    store.clear(H, "", "b", "a")
    assert ("a", "b") not in store.decisions(H, "")
    history = [(a, b, d) for a, b, d, _ in store.history(H, "")]
    assert history == [
        ("a", "b", "confirmed"),
        ("c", "d", "rejected"),
        ("a", "b", "rejected"),
        ("a", "b", None),
    ]


def test_decisions_are_scoped_by_input_and_option(tmp_path):
    store = DecisionStore(tmp_path / "d.sqlite3")
    store.record(H, "", "a", "b", "confirmed")
    assert store.decisions(H, "data-bgb") == {}
    assert store.decisions("0" * 64, "") == {}


@pytest.mark.parametrize("bad", [("a", "a", "confirmed"), ("a", "b", "maybe")])
def test_invalid_decisions_are_refused(tmp_path, bad):
    store = DecisionStore(tmp_path / "d.sqlite3")
    with pytest.raises(ValueError):
        store.record(H, "", *bad)
    assert store.decisions(H, "") == {}


def test_wal_mode_and_creates_missing_folders(tmp_path):
    path = tmp_path / "deep" / "er" / "d.sqlite3"
    DecisionStore(path)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_unusable_paths_raise_a_clear_error(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(DecisionStoreError, match="directory"):
        DecisionStore(tmp_path)
    with pytest.raises(DecisionStoreError, match="cannot open"):
        DecisionStore(tmp_path / "file" / "d.sqlite3")
    (tmp_path / "garbage.sqlite3").write_bytes(b"not a database" * 100)
    with pytest.raises(DecisionStoreError, match=r"garbage\.sqlite3"):
        DecisionStore(tmp_path / "garbage.sqlite3")


def test_default_path_from_environment_or_home(tmp_path):
    assert default_decisions_path({DECISIONS_DB_ENV: str(tmp_path / "x.db")}) == tmp_path / "x.db"
    home = default_decisions_path({})
    assert home == Path.home() / ".page-cluster" / "decisions.sqlite3"
    assert ROOT not in home.parents  # never inside the repository


def test_second_connection_sees_committed_decisions_at_once(tmp_path):
    path = tmp_path / "d.sqlite3"
    tab_one, tab_two = DecisionStore(path), DecisionStore(path)
    tab_one.record(H, "", "a", "b", "confirmed")
    assert tab_two.decisions(H, "")[("a", "b")].decision == "confirmed"
    tab_two.record(H, "", "c", "d", "rejected")
    assert set(tab_one.decisions(H, "")) == {("a", "b"), ("c", "d")}


def test_another_process_sees_committed_decisions(tmp_path):
    path = tmp_path / "d.sqlite3"
    DecisionStore(path).record(H, "", "a", "b", "confirmed")
    code = (
        "import sys; from page_cluster.app_support.decisions import DecisionStore; "
        f"print(DecisionStore(sys.argv[1]).decisions({H!r}, '')[('a', 'b')].decision)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "confirmed"


_WRITER = textwrap.dedent(
    """
    import sys
    from page_cluster.app_support.decisions import DecisionStore

    store = DecisionStore(sys.argv[1])
    i = 0
    while True:
        store.record("h" * 64, "", f"a{i:06d}", f"b{i:06d}", "confirmed")
        print(i, flush=True)  # acknowledged only after the commit returned
        i += 1
    """
)


@pytest.mark.parametrize("round_", range(3))
def test_kill_during_writes_loses_nothing_confirmed(tmp_path, round_):
    """kill -9 a writer at an arbitrary moment: every acknowledged decision survives."""
    path = tmp_path / "d.sqlite3"
    DecisionStore(path)
    proc = subprocess.Popen(
        [sys.executable, "-c", _WRITER, str(path)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    assert proc.stdout is not None
    acknowledged = []
    wanted = 15 + 10 * round_
    deadline = time.monotonic() + 60
    while len(acknowledged) < wanted and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        acknowledged.append(int(line))
    os.kill(proc.pid, signal.SIGKILL)  # lands in the middle of a later write
    proc.wait(timeout=10)
    assert len(acknowledged) == wanted, "the writer did not get going"

    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    stored = DecisionStore(path).decisions("h" * 64, "")
    for i in acknowledged:
        assert stored[(f"a{i:06d}", f"b{i:06d}")].decision == "confirmed"
    # The write in flight is either fully there or not at all: no half rows.
    assert all(d.decision == "confirmed" and d.decided_at for d in stored.values())


def test_recent_inputs_remember_files(tmp_path):
    store = DecisionStore(tmp_path / "d.sqlite3")
    store.remember_input(H, "", "site.jsonl", "/data/site.jsonl", 10)
    time.sleep(0.002)
    store.remember_input("e" * 64, "data-bgb", "up.jsonl", None, 5)
    time.sleep(0.002)
    store.remember_input(H, "", "site.jsonl", "/data/site.jsonl", 10)  # touched again
    recent = store.recent_inputs()
    assert [r.input_hash for r in recent] == [H, "e" * 64]
    found = store.find_input(H, "")
    assert found is not None and found.path == "/data/site.jsonl"
    assert store.find_input(H, "data-bgb") is None
