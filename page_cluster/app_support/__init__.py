"""What the analyst app needs, without the app: loading, caching, decisions, view models.

Everything here is plain Python on plain data and never imports streamlit, so it
is tested without a browser or a Streamlit runtime. The Streamlit scripts
(:mod:`page_cluster.app`) only call these functions and draw what
they return.

* :mod:`.sources`: crawl sources (a file or folder path, uploaded bytes) and
  their content hash.
* :mod:`.loading`: :func:`~.loading.load_pages`, the one function that turns a
  source into pages (through :func:`page_cluster.io.open_pages`, so every input
  format the command line reads), and reading one page back for a preview.
* :mod:`.analysis`: one clustering run with its partition report, and the
  partition views with confirmed merges applied.
* :mod:`.jobs`: runs in background threads, shared by every browser tab.
* :mod:`.progress`: progress events turned into a fraction and a sentence.
* :mod:`.decisions`: the analyst's merge and split decisions in a SQLite file.
* :mod:`.preview`: a page rendered in a sandboxed iframe, landmarks outlined.
* :mod:`.views`: tables and figures for each view.
"""

from .analysis import Analysis, PartitionView, RunOptions, analyse
from .decisions import (
    Decision,
    DecisionStore,
    DecisionStoreError,
    SplitDecision,
    default_decisions_path,
)
from .jobs import AnalysisJobs, Job
from .loading import LoadedPages, PageIndex, fetch_page, load_pages
from .progress import ProgressSnapshot, RunProgress
from .sources import CrawlSource, LoadError, content_hash

__all__ = [
    "Analysis",
    "AnalysisJobs",
    "CrawlSource",
    "Decision",
    "DecisionStore",
    "DecisionStoreError",
    "Job",
    "LoadError",
    "LoadedPages",
    "PageIndex",
    "PartitionView",
    "ProgressSnapshot",
    "RunOptions",
    "RunProgress",
    "SplitDecision",
    "analyse",
    "content_hash",
    "default_decisions_path",
    "fetch_page",
    "load_pages",
]
