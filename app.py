"""The page-cluster analyst app: ``streamlit run app.py``.

Opens on the bundled sample crawl; the Load view opens another crawl. The
views live in ``app_pages/`` and are listed in ``app_ui/nav.py``.
"""

import streamlit as st

from app_ui import nav, sidebar, state
from page_cluster.app_support.text import markdown_text

st.set_page_config(page_title="page-cluster", page_icon=":material/account_tree:", layout="wide")

page = st.navigation(nav.navigation_pages())
state.ensure_analysis()
if state.take_jump() and state.active_analysis() is not None:
    st.switch_page(nav.OVERVIEW)
problem = state.load_error()
if problem:
    box = st.container(border=True)
    box.error(markdown_text(problem))
    box.button("Dismiss", key="dismiss_load_error", on_click=state.dismiss_load_error)
sidebar.render()
page.run()
