"""The Dask crawl cases (``dask_cases.py``) in a fresh interpreter.

A Dask client leaves threads running in its process, and a process running
threads must not fork; the rest of the suite forks parsing workers. So the cases
run in a pytest of their own, and this test fails with their report when any of
them fails.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = 6


def test_dask_cases_pass_in_a_fresh_interpreter() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--no-header",
            "-o",
            "addopts=",
            str(ROOT / "tests" / "dask_cases.py"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    report = proc.stdout[-6000:] + proc.stderr[-2000:]
    assert proc.returncode == 0, report
    assert f"{CASES} passed" in proc.stdout, report
