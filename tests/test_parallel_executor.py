"""The bounded process-pool map shared by spawned parsing and content extraction."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys

import pytest

import page_cluster.parallel.executor as executor
from page_cluster.parallel.executor import bounded_map

_OFFSET = 0


def _set_offset(value: int) -> None:
    global _OFFSET
    _OFFSET = value


def _square_plus(x: int) -> int:
    return x * x + _OFFSET


def _fail_on_three(x: int) -> int:
    if x == 3:
        raise ValueError("three")
    return x


@pytest.fixture(params=["spawn", "default"])
def context(request, monkeypatch):
    if request.param == "spawn":
        monkeypatch.setattr(executor, "pool_context", lambda: multiprocessing.get_context("spawn"))
    return request.param


def test_ordered_results_follow_the_input(context) -> None:
    items = [(f"k{i}", i) for i in range(20)]
    got = list(
        bounded_map(
            _square_plus, items, jobs=2, in_flight=3, initializer=_set_offset, initargs=(5,)
        )
    )
    assert got == [(f"k{i}", i * i + 5) for i in range(20)]


def test_unordered_results_cover_every_key_once(context) -> None:
    got = dict(
        bounded_map(_square_plus, ((i, i) for i in range(15)), jobs=2, in_flight=2, ordered=False)
    )
    assert got == {i: i * i for i in range(15)}


@pytest.mark.parametrize("ordered", [True, False])
def test_items_are_read_lazily(ordered: bool) -> None:
    pulled = []

    def items():
        for i in range(50):
            pulled.append(i)
            yield i, i

    results = bounded_map(_square_plus, items(), jobs=2, in_flight=4, ordered=ordered)
    next(results)
    # At most the tasks in flight, plus the one whose submission filled them.
    assert len(pulled) <= 5
    results.close()


def test_on_start_is_called_once_and_errors_reach_the_caller() -> None:
    started = []
    results = bounded_map(
        _fail_on_three,
        ((i, i) for i in range(6)),
        jobs=2,
        in_flight=2,
        on_start=lambda: started.append(1),
    )
    with pytest.raises(ValueError, match="three"):
        list(results)
    assert started == [1]


#: A user's script: it loads the library (and numpy's threads with it), then
#: clusters with two jobs; ``GUARD`` decides whether its work is under the
#: ``__main__`` guard that spawned workers need.
USER_SCRIPT = """
import os
from page_cluster import resolve_page_cluster_keys

pages = [{{"id": i, "html": f"<main><p>{{i}}</p></main>"}} for i in range(120)]


def work():
    assert len(os.listdir("/proc/self/task")) > 1  # numpy's threads: no fork
    keys = resolve_page_cluster_keys(pages, n_jobs=2)
    print("OK", keys == resolve_page_cluster_keys(pages, n_jobs=1))


{guard}
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="counts threads in /proc")
@pytest.mark.parametrize("guarded", [True, False])
def test_a_script_that_loaded_numpy_gets_spawned_workers_or_a_clear_error(tmp_path, guarded):
    guard = 'if __name__ == "__main__":\n    work()' if guarded else "work()"
    script = tmp_path / "user_script.py"
    script.write_text(USER_SCRIPT.format(guard=guard))
    res = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=300, cwd=tmp_path
    )
    if guarded:
        assert res.returncode == 0, res.stderr[-3000:]
        assert res.stdout.strip() == "OK True", res.stderr[-3000:]
    else:
        # Each spawned worker re-ran the script, could not start a pool of its
        # own and stopped: the script fails, and its error says how to fix it.
        assert res.returncode == 1 and "OK" not in res.stdout
        raised = [
            line
            for line in res.stderr.splitlines()
            if line.startswith("concurrent.futures.process.BrokenProcessPool: ")
        ]
        # The last one raised (the first is the pool's own, chained to it).
        assert raised, res.stderr[-3000:]
        assert '`if __name__ == "__main__":`' in raised[-1] and "n_jobs=1" in raised[-1]
