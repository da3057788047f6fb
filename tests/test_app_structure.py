"""How the app is put together: the core never imports streamlit, crawled HTML only
reaches the page through the sandboxed iframe, and the server is local-only."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from .app_crawls import ROOT

PACKAGE = ROOT / "page_cluster"
APP_ROOM = PACKAGE / "app"
UI_FILES = [ROOT / "app.py", *sorted(APP_ROOM.rglob("*.py"))]


def _imports(path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize(
    "path",
    sorted(p for p in PACKAGE.rglob("*.py") if not p.is_relative_to(APP_ROOM)),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_the_core_never_imports_streamlit(path):
    assert "streamlit" not in _imports(path)


def test_importing_the_app_support_loads_no_streamlit():
    code = (
        "import sys, page_cluster, page_cluster.app_support, page_cluster.app_support.preview\n"
        "from page_cluster.app_support.views import (cohesion, detail, export, keys,\n"
        "    landmark_rates, overview, siblings, suggestions)\n"
        "assert 'streamlit' not in sys.modules, 'streamlit was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_every_view_in_the_menu_exists_and_no_pages_folder_shadows_navigation():
    from page_cluster.app.nav import VIEWS

    for view in VIEWS:
        assert Path(view.script).is_file(), view.script
    assert sum(v.default for v in VIEWS) == 1
    assert len({v.url_path for v in VIEWS}) == len(VIEWS)
    # A `pages/` folder next to the entry script makes Streamlit run a deep-linked
    # view without it on a fresh server (legacy multipage mode): keep views elsewhere.
    assert not (ROOT / "pages").exists()
    assert not (APP_ROOM / "pages").exists()


@pytest.mark.parametrize("path", UI_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_raw_html_rendering_in_the_ui(path):
    source = path.read_text(encoding="utf-8")
    for forbidden in ("unsafe_allow_html", "st.html(", "components.v1", "unsafe_allow_javascript"):
        assert forbidden not in source, f"{forbidden} in {path.name}"
    if "st.iframe(" in source:
        # The only iframe is the sandboxed preview, built by sandboxed_iframe().
        assert path.name == "widgets.py"
        assert source.count("st.iframe(") == 1
        assert "st.iframe(sandboxed_iframe(" in source


def test_server_config_is_local_headless_and_fits_big_uploads():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["server"]["address"] == "localhost"
    assert config["server"]["headless"] is True
    assert config["server"]["maxUploadSize"] >= 1024  # megabytes: a 1 GB crawl fits
    assert config["browser"]["gatherUsageStats"] is False
