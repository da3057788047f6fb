"""Input formats: the reference JSONL, JSON arrays, WARC files and mirrored folders.

The one entry point is :func:`open_pages`::

    from page_cluster.io import open_pages
    from page_cluster import run_clustering

    with open_pages("crawl.warc.gz") as source:       # or a folder, a .jsonl, a stream
        run = run_clustering(source)
        print(source.report.summary())                # "skipped 12 records (9 non-HTML, ...)"

Records carry their output id (the record's id, else its URL) and position;
``paths``, ``host`` and ``stylesheetHrefs`` absent from a record are derived from
its URL and HTML (see :mod:`page_cluster.io.record`).
"""

from .jsonl import InputError, read_jsonl_pages
from .record import PageRecord, record_from_mapping
from .report import ReadReport, Skipped
from .source import FORMATS, PageSource, detect_format, open_pages

__all__ = [
    "FORMATS",
    "InputError",
    "PageRecord",
    "PageSource",
    "ReadReport",
    "Skipped",
    "detect_format",
    "open_pages",
    "read_jsonl_pages",
    "record_from_mapping",
]
