"""Runs in background threads, shared by every browser tab of one server.

A run on a large crawl takes minutes. Done in the script thread of a
Streamlit session, it would be thrown away whenever the analyst switched views
(the script restarts) and repeated by a second tab. Here a run is a job keyed
by the input's content hash and options: whoever asks first starts it, every
later request (another rerun, another tab) gets the same job and watches its
progress, and the finished result stays cached for the next request. Only the
most recent ``max_results`` finished analyses are kept, to bound memory; a
failed job is kept until someone has seen its error, then forgotten so that a
fixed file can be tried again.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from .loading import LoadError
from .progress import ProgressSnapshot, RunProgress

__all__ = ["AnalysisJobs", "Job"]

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass(eq=False)
class Job(Generic[T]):
    """One run: its progress, and then its result or its error message."""

    key: str
    progress: RunProgress
    done: threading.Event = field(default_factory=threading.Event)
    result: T | None = None
    error: str | None = None
    finished: bool = False  # set just before ``done``, once the registry is tidied
    started_at: float = field(default_factory=time.time)

    def snapshot(self) -> ProgressSnapshot:
        return self.progress.snapshot()

    def wait(self, timeout: float | None = None) -> bool:
        return self.done.wait(timeout)


class AnalysisJobs(Generic[T]):
    """Thread-safe registry of runs by key (see the module docstring)."""

    def __init__(self, max_results: int = 3) -> None:
        if max_results < 1:
            raise ValueError("max_results must be at least 1")
        self.max_results = max_results
        self._lock = threading.Lock()
        self._jobs: OrderedDict[str, Job[T]] = OrderedDict()

    def get(self, key: str) -> Job[T] | None:
        with self._lock:
            job = self._jobs.get(key)
            if job is not None:
                self._jobs.move_to_end(key)
            return job

    def result(self, key: str) -> T | None:
        job = self.get(key)
        return job.result if job is not None and job.done.is_set() else None

    def submit(self, key: str, total_bytes: int, work: Callable[[RunProgress], T]) -> Job[T]:
        """The job for ``key``: the existing one, or a new one running ``work`` in a thread."""
        with self._lock:
            job = self._jobs.get(key)
            if job is not None:
                self._jobs.move_to_end(key)
                return job
            job = Job(key=key, progress=RunProgress(total_bytes))
            self._jobs[key] = job
        thread = threading.Thread(
            target=self._run, args=(job, work), name=f"page-cluster-run-{key[:12]}", daemon=True
        )
        thread.start()
        return job

    def _run(self, job: Job[T], work: Callable[[RunProgress], T]) -> None:
        try:
            job.result = work(job.progress)
        except LoadError as exc:
            job.error = str(exc)
        except MemoryError:
            job.error = "out of memory while analysing this crawl"
        except Exception as exc:  # a bug must reach the analyst as a message, not a hang
            log.exception("analysis %s failed", job.key)
            job.error = f"the analysis failed unexpectedly ({type(exc).__name__}: {exc})"
        finally:
            job.finished = True
            self._evict()
            job.done.set()

    def discard(self, key: str) -> None:
        """Forget a job (after its error was shown)."""
        with self._lock:
            job = self._jobs.get(key)
            if job is not None and job.finished:
                del self._jobs[key]

    def _evict(self) -> None:
        with self._lock:
            finished = [k for k, j in self._jobs.items() if j.finished and j.error is None]
            for key in finished[: max(0, len(finished) - self.max_results)]:
                del self._jobs[key]
