"""The analyst app's entry script, run by Streamlit on every interaction.

``page-cluster app`` serves this file; ``streamlit run app.py`` (the repository's
launcher) calls :func:`main`. The views are the scripts in ``views/``, listed
in :mod:`page_cluster.app.nav`.

The app is imported inside :func:`main`, not at the top: Streamlit installs
this file as ``__main__``, so a worker process the app starts with spawn (to
parse a large crawl) imports it again, as ``__mp_main__``, before doing its
work. It needs none of the app (Streamlit, pandas, the views).
"""

from __future__ import annotations

from pathlib import Path

#: Served by the app itself: a Material icon as page icon is fetched from a font CDN,
#: and the app must work offline (no request leaves this machine).
ICON = Path(__file__).resolve().parent / "icon.png"


def main() -> None:
    """Draw one run of the app: navigation, access checks, the open crawl, the view."""
    import streamlit as st

    from page_cluster.app import nav, sidebar, state
    from page_cluster.app_support.access import listen_problem
    from page_cluster.app_support.text import markdown_text

    st.set_page_config(page_title="page-cluster", page_icon=str(ICON), layout="wide")

    page = st.navigation(nav.navigation_pages())
    listening = listen_problem(st.get_option("server.address"), state.access_policy().allow_remote)
    if listening is not None:
        level, message = listening
        if level == "error":
            st.error(message)
            st.stop()
        st.warning(message)
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


if __name__ == "__main__":
    main()
