"""Test files run in a pytest of their own, in a fresh interpreter.

Some cases need a process the rest of the suite cannot give them: forking
needs one with no other thread (the suite has loaded numpy and its BLAS
threads), and a Dask client leaves threads behind in its own process.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_alone(paths: Sequence[Path], options: Sequence[str] = ()) -> subprocess.CompletedProcess:
    """Pytest on ``paths`` only, without the project's default options."""
    return subprocess.run(
        [
            sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--no-header",
            "-o", "addopts=", *options, *map(str, paths),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )  # fmt: skip


def assert_all_passed(proc: subprocess.CompletedProcess, expected: int) -> None:
    """Exactly ``expected`` tests ran and passed: none failed, skipped or missing."""
    report = proc.stdout[-6000:] + proc.stderr[-2000:]
    assert proc.returncode == 0, report
    summary = proc.stdout.strip().splitlines()[-1]
    pattern = rf"{expected} passed(, \d+ warnings?)? in [\d.]+s( \([\d:]+\))?"
    assert re.fullmatch(pattern, summary), report
