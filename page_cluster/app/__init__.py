"""The analyst app's Streamlit side: entry script, navigation, shared widgets, views.

Installed with the package, served by ``page-cluster app`` (needs the ``app``
extra). Only this room imports Streamlit; the logic it draws lives in
:mod:`page_cluster.app_support`, which does not.
"""
