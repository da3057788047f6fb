"""The forked ordered map: order, state, errors, early stops, no stray processes.

These cases fork, which is only safe from a process running no other thread.
A full test run has native threads of its own (an allocator's, a BLAS pool's),
so ``test_fork_pool.py`` runs this file in a fresh interpreter; it can also be
run alone: ``python -m pytest tests/fork_cases.py``.
"""

from __future__ import annotations

import _thread
import os
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from page_cluster.parallel.fork_pool import WorkerError, can_fork, ordered_map


@pytest.fixture(autouse=True)
def a_forkable_process():
    """A process that cannot fork would make every case here meaningless: fail."""
    if not can_fork():
        pytest.fail(
            "this process runs other threads, so it may not fork: run these cases in a fresh"
            " interpreter (python -m pytest tests/fork_cases.py), as test_fork_pool.py does"
        )


def child_pids() -> set[int]:
    """This process's children, running or not yet reaped (Linux /proc)."""
    out: set[int] = set()
    for task in os.listdir("/proc/self/task"):
        with open(f"/proc/self/task/{task}/children") as fh:
            out.update(int(x) for x in fh.read().split())
    return out


@pytest.fixture(autouse=True)
def no_stray_workers():
    """Every test must leave no worker behind, running or unreaped."""
    before = child_pids()
    yield
    assert child_pids() <= before


def forkable_again(timeout: float = 5.0) -> bool:
    """Whether the process may fork again once its extra thread has finished
    (the kernel removes a finished thread a moment after Python lets go of it)."""
    deadline = time.monotonic() + timeout
    while not can_fork():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def record_order(state: list[int], item: int) -> tuple[int, int]:
    state.append(item)
    return item * 3, len(state)


@settings(max_examples=25, deadline=None)
@given(
    items=st.lists(st.integers(-1000, 1000), max_size=40),
    jobs=st.integers(1, 3),
    per_worker=st.integers(1, 3),
    window=st.integers(1, 8),
)
def test_results_come_in_item_order_whatever_the_pool_shape(items, jobs, per_worker, window):
    out = list(
        ordered_map(record_order, items, jobs=jobs, init=list, per_worker=per_worker, window=window)
    )
    assert [r[0] for _, r in out] == [x * 3 for x in items]
    # Each worker saw its items in the order they were given: its counter rises.
    for w in {w for w, _ in out}:
        counts = [r[1] for ww, r in out if ww == w]
        assert counts == list(range(1, len(counts) + 1))


def fail_on_seven(_state: None, item: int) -> int:
    if item == 7:
        raise KeyError(f"item {item}")
    return item


def test_a_worker_exception_is_raised_here_and_every_worker_is_reaped():
    with pytest.raises(KeyError, match="item 7"):
        list(ordered_map(fail_on_seven, range(20), jobs=2, init=lambda: None))


class Unpicklable(Exception):
    def __reduce__(self):
        raise TypeError("no pickling")


def raise_unpicklable(_state: None, item: int) -> int:
    raise Unpicklable("boom")


def test_an_exception_that_cannot_travel_arrives_as_text():
    with pytest.raises(WorkerError, match="Unpicklable: boom"):
        list(ordered_map(raise_unpicklable, range(3), jobs=2, init=lambda: None))


def die_on_three(_state: None, item: int) -> int:
    if item == 3:
        os._exit(9)
    return item


def test_a_worker_that_dies_is_reported_with_its_exit_status():
    with pytest.raises(WorkerError, match="stopped unexpectedly \\(exit status 9\\)"):
        list(ordered_map(die_on_three, range(10), jobs=2, init=lambda: None))


def slow_after_first(_state: None, item: int) -> int:
    if item:
        time.sleep(30)
    return item


def test_stopping_early_ends_the_workers_promptly():
    it = ordered_map(slow_after_first, range(100), jobs=2, init=lambda: None)
    assert next(it) == (0, 0)  # item 0, on the first worker
    started = time.monotonic()
    it.close()  # workers are busy with 30-second items: they are killed, not awaited
    assert time.monotonic() - started < 5


def echo_big(_state: None, item: bytes) -> bytes:
    return item * 2


def test_messages_larger_than_a_pipe_do_not_deadlock():
    items = [bytes([i]) * (3 << 20) for i in range(6)]  # 3 MiB each, 6 MiB back
    out = [r for _, r in ordered_map(echo_big, items, jobs=2, init=lambda: None, per_worker=2)]
    assert [len(r) for r in out] == [6 << 20] * 6
    assert [r[:1] for r in out] == [bytes([i]) for i in range(6)]


def first_is_slow(_state: None, item: int) -> int:
    if item == 0:
        time.sleep(1.0)
    return item


def test_a_slow_item_does_not_hold_up_the_other_worker():
    out = list(
        ordered_map(first_is_slow, range(41), jobs=2, init=lambda: None, per_worker=2, window=100)
    )
    slow_worker = out[0][0]
    assert [r for _, r in out] == list(range(41))
    assert sum(1 for w, _ in out if w != slow_worker) >= 30


def assert_fork_refused() -> None:
    """This process may not fork now, and the ordered map refuses to."""
    assert not can_fork()
    with pytest.raises(RuntimeError, match="single-threaded"):
        list(ordered_map(echo_big, [b"x"], jobs=1, init=lambda: None))


def test_refuses_to_fork_a_threaded_process_and_bad_arguments():
    with pytest.raises(ValueError, match="at least 1"):
        list(ordered_map(echo_big, [], jobs=0, init=lambda: None))
    stop = threading.Event()
    t = threading.Thread(target=stop.wait)
    t.start()
    try:
        assert_fork_refused()
    finally:
        stop.set()
        t.join()
    assert forkable_again()


def test_a_native_thread_that_python_does_not_count_also_stops_the_fork():
    # A thread started below ``threading`` stands for a C library's worker:
    # ``threading.active_count()`` does not see it, the kernel does.
    release = _thread.allocate_lock()
    release.acquire()
    done = _thread.allocate_lock()
    done.acquire()

    def wait_then_signal() -> None:
        release.acquire()
        done.release()

    _thread.start_new_thread(wait_then_signal, ())
    try:
        assert threading.active_count() == 1
        assert_fork_refused()
    finally:
        release.release()
        done.acquire()
    assert forkable_again()
