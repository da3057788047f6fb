"""Import modules in a background thread while the main thread does other work.

A clustering run spends a fixed 60-70 ms of CPU time importing numpy and the
clustering stages; on a small crawl that is a large share of the run. Starting
those imports while the pages are being parsed (the workers are forked before,
from a process without numpy) hides much of that time. Python's import lock
makes the later regular ``import`` wait for, and reuse, the background one; an
import error is left for that regular import to raise, where it is reported
properly.
"""

from __future__ import annotations

import importlib
import sys
import threading
from collections.abc import Iterable

__all__ = ["preload_in_background"]


def preload_in_background(modules: Iterable[str]) -> threading.Thread | None:
    """Start importing ``modules`` in a daemon thread; ``None`` if all are loaded.

    >>> preload_in_background(["json"]) is None  # already imported
    True
    """
    missing = [m for m in modules if m not in sys.modules]
    if not missing:
        return None

    def load() -> None:
        for name in missing:
            try:
                importlib.import_module(name)
            except Exception:  # re-raised by the regular import
                return

    thread = threading.Thread(target=load, name="page-cluster-preload", daemon=True)
    thread.start()
    return thread
