"""The app's views, in menu order. A new view is one more line in ``VIEWS``.

The view scripts live in ``views/``, named by absolute path so that either
entry script (the installed ``main.py`` or the repository's ``app.py``) finds
them. Not ``pages/``: Streamlit treats a ``pages/`` folder next to the entry
script as a legacy multipage app until some run has called ``st.navigation``,
so the first request of a fresh server for a deep link (``/validation`` after a
restart) would run the view without the entry script.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import streamlit as st

__all__ = ["VIEWS", "ViewSpec", "navigation_pages", "view_script"]

#: Where the view scripts are.
VIEWS_DIR = Path(__file__).resolve().parent / "views"


def view_script(name: str) -> str:
    """The absolute path of a view script (``st.switch_page`` takes it as is)."""
    return str(VIEWS_DIR / f"{name}.py")


@dataclass(frozen=True)
class ViewSpec:
    script: str  # absolute path
    title: str
    icon: str
    url_path: str
    default: bool = False


#: The view a freshly analysed crawl opens on.
OVERVIEW = view_script("overview")

VIEWS: list[ViewSpec] = [
    ViewSpec(view_script("load"), "Load", ":material/upload_file:", "load"),
    ViewSpec(view_script("overview"), "Overview", ":material/dashboard:", "overview", default=True),
    ViewSpec(view_script("cluster"), "Cluster detail", ":material/search:", "cluster"),
    ViewSpec(view_script("landmarks"), "Landmark rates", ":material/grid_on:", "landmarks"),
    ViewSpec(view_script("siblings"), "Sibling diff", ":material/compare_arrows:", "siblings"),
    ViewSpec(view_script("cohesion"), "Cohesion", ":material/insights:", "cohesion"),
    ViewSpec(view_script("validation"), "Validation", ":material/fact_check:", "validation"),
    ViewSpec(view_script("splits"), "Suggestions", ":material/call_split:", "suggestions"),
    ViewSpec(view_script("content"), "Content", ":material/article:", "content"),
    ViewSpec(view_script("export"), "Export", ":material/download:", "export"),
]


def navigation_pages() -> list[st.Page]:
    return [
        st.Page(v.script, title=v.title, icon=v.icon, url_path=v.url_path, default=v.default)
        for v in VIEWS
    ]
