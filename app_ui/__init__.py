"""Streamlit glue of the analyst app (``app.py`` and ``app_pages/``).

Only this package, ``app.py`` and ``app_pages/`` import streamlit; the logic they
draw lives in :mod:`page_cluster.app_support`.
"""
