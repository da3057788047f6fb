"""The Dask crawl cases (``dask_cases.py``) in a fresh interpreter.

A Dask client leaves threads running in its process, which the rest of the
suite should not inherit (a process running threads must not fork, and the
fork pool's cases need one that may). So the cases run in a pytest of their
own, and this test fails with their report when any of them fails.
"""

from __future__ import annotations

from .fresh_pytest import ROOT, assert_all_passed, run_alone

CASES = 6


def test_dask_cases_pass_in_a_fresh_interpreter() -> None:
    assert_all_passed(run_alone([ROOT / "tests" / "dask_cases.py"]), CASES)
