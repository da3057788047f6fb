"""The held-out bench's label functions: a site's truth is only as good as them.

Each CMS module in ``bench/`` labels a page with the template that renders it
from where the generator writes it; their examples run here, so a change to
one cannot go unnoticed by the normal test command.
"""

from __future__ import annotations

import doctest
import importlib
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
MODULES = sorted(p.stem for p in BENCH.glob("cms_*.py"))


def test_every_cms_module_is_found():
    assert {"cms_blogs", "cms_hexo", "cms_wordpress", "cms_docusaurus"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_label_examples_hold(name, monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    module = importlib.import_module(name)
    try:
        result = doctest.testmod(module, verbose=False)
    finally:
        sys.modules.pop(name, None)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
