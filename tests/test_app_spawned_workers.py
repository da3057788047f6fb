"""Spawned workers of the app: they import none of the app."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .app_crawls import ROOT

#: Streamlit installs the script it runs as ``__main__`` (a module with only a
#: ``__file__``); a worker started with spawn then imports that file as
#: ``__mp_main__`` before it can run anything.
AS_STREAMLIT_RUNS_IT = """
import json, multiprocessing, sys, types
import page_cluster.parallel.executor as executor
from tests.spawn_probe import loaded

script = types.ModuleType("__main__")
script.__file__ = sys.argv[1]
sys.modules["__main__"] = script
executor.pool_context = lambda: multiprocessing.get_context("spawn")
names = ["streamlit", "pandas", "page_cluster.app.state"]
got = executor.bounded_map(loaded, [(n, n) for n in names], jobs=1, in_flight=3)
print(json.dumps(dict(got)))
"""


@pytest.mark.parametrize("script", ["page_cluster/app/main.py", "app.py"])
def test_a_spawned_worker_of_the_app_loads_none_of_it(script):
    res = subprocess.run(
        [sys.executable, "-c", AS_STREAMLIT_RUNS_IT, str(ROOT / script)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert res.returncode == 0, res.stderr[-3000:]
    assert json.loads(res.stdout.strip().splitlines()[-1]) == {
        "streamlit": False,
        "pandas": False,
        "page_cluster.app.state": False,
    }, res.stderr[-3000:]
