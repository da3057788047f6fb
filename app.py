"""The page-cluster analyst app: ``streamlit run app.py``.

A launcher for the app installed with the package (``page_cluster/app/``), which
``page-cluster app`` serves too. Opens on the bundled sample crawl; the Load
view opens another crawl.
"""

from page_cluster.app.main import main

main()
