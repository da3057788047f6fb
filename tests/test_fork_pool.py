"""When a process may fork, and the forked ordered map's cases in a process that may.

A full test run imports libraries that start native threads, so it may not fork
(:func:`can_fork` says no). The fork cases (``fork_cases.py``) and the module's
runnable example therefore run in a fresh interpreter started here.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import page_cluster.parallel.fork_pool as fork_pool

from .fresh_pytest import ROOT, assert_all_passed, run_alone

CASES = Path(__file__).with_name("fork_cases.py")
MODULE = ROOT / "page_cluster" / "parallel" / "fork_pool.py"


def test_the_fork_cases_pass_in_a_fresh_single_threaded_interpreter():
    tests = sum(
        isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
        for node in ast.parse(CASES.read_text()).body
    )
    # Every case, plus the module's runnable example.
    assert_all_passed(run_alone([CASES, MODULE], ["--doctest-modules"]), tests + 1)


@pytest.mark.parametrize(
    ("python_threads", "kernel_threads", "expected"),
    [(1, 1, True), (1, 3, False), (2, 2, False), (2, None, False), (1, None, True)],
)
def test_fork_needs_one_thread_by_both_counts(
    monkeypatch, python_threads, kernel_threads, expected
):
    monkeypatch.setattr(fork_pool.threading, "active_count", lambda: python_threads)
    monkeypatch.setattr(fork_pool, "os_thread_count", lambda: kernel_threads)
    assert fork_pool.can_fork() is expected


def test_the_kernel_count_sees_this_process_threads():
    # Linux lists each thread under /proc/self/task; the count includes this one.
    count = fork_pool.os_thread_count()
    if not sys.platform.startswith("linux"):
        pytest.skip("no /proc/self/task outside Linux: only Python's threads are counted there")
    assert count is not None and count >= 1
