"""The page-cluster analyst app: ``streamlit run app.py``.

A launcher for the app installed with the package (``page_cluster/app/``), which
``page-cluster app`` serves too. Opens on the bundled sample crawl; the Load
view opens another crawl.

Guarded like any script that starts worker processes: Streamlit runs it as
``__main__``, and a worker started with spawn imports it again as
``__mp_main__``, where it must not draw the app.
"""

from page_cluster.app.main import main

if __name__ == "__main__":
    main()
