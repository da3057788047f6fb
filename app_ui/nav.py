"""The app's views, in menu order. A new view is one more line in ``VIEWS``.

The view scripts live in ``app_pages/``, not ``pages/``: Streamlit treats a
``pages/`` folder next to the entry script as a legacy multipage app until some
run has called ``st.navigation``, so the first request of a fresh server for a
deep link (``/validation`` after a restart) would run the view without
``app.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

__all__ = ["VIEWS", "ViewSpec", "navigation_pages"]


@dataclass(frozen=True)
class ViewSpec:
    script: str  # relative to app.py
    title: str
    icon: str
    url_path: str
    default: bool = False


#: The view a freshly analysed crawl opens on.
OVERVIEW = "app_pages/overview.py"

VIEWS: list[ViewSpec] = [
    ViewSpec("app_pages/load.py", "Load", ":material/upload_file:", "load"),
    ViewSpec("app_pages/overview.py", "Overview", ":material/dashboard:", "overview", default=True),
    ViewSpec("app_pages/cluster.py", "Cluster detail", ":material/search:", "cluster"),
    ViewSpec("app_pages/landmarks.py", "Landmark rates", ":material/grid_on:", "landmarks"),
    ViewSpec("app_pages/siblings.py", "Sibling diff", ":material/compare_arrows:", "siblings"),
    ViewSpec("app_pages/cohesion.py", "Cohesion", ":material/insights:", "cohesion"),
    ViewSpec("app_pages/validation.py", "Validation", ":material/fact_check:", "validation"),
    ViewSpec("app_pages/splits.py", "Suggestions", ":material/call_split:", "suggestions"),
    ViewSpec("app_pages/content.py", "Content", ":material/article:", "content"),
    ViewSpec("app_pages/export.py", "Export", ":material/download:", "export"),
]


def navigation_pages() -> list[st.Page]:
    return [
        st.Page(v.script, title=v.title, icon=v.icon, url_path=v.url_path, default=v.default)
        for v in VIEWS
    ]
