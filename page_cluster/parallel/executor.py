"""One bounded map over a process pool, for the work that cannot fork.

Parsing forks its workers when it can (:mod:`.fork_pool`); a process that runs
threads, and content extraction, use a spawn-safe ``ProcessPoolExecutor``
instead. Both want the same thing from it: at most a few tasks in flight per
worker (the HTML on its way to a worker is a copy), results as soon as the
input order allows or as soon as they are done, and pending work cancelled if
the consumer stops early.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any, TypeVar

from .fork_pool import can_fork

if TYPE_CHECKING:
    import multiprocessing.context

__all__ = ["bounded_map", "pool_context"]

K = TypeVar("K")
P = TypeVar("P")
R = TypeVar("R")


#: Why a pool of spawned workers may break, beyond a killed worker: each new
#: interpreter imports the caller's main script first.
SPAWN_HINT = (
    "a worker process stopped before it finished (killed, out of memory, or it could not"
    " start). This process runs other threads (a library's, such as numpy's), so its"
    " workers start as fresh interpreters that import the main script first: a script"
    ' must keep its work under `if __name__ == "__main__":`, or use one job (n_jobs=1;'
    " --jobs 1 on the command line)"
)


def pool_context() -> multiprocessing.context.BaseContext:
    """How to start worker processes from this process: fork when it runs no
    other thread, Python's or native (:func:`.fork_pool.can_fork`), else spawn."""
    import multiprocessing

    # Forking a multi-threaded process (a web app, a notebook kernel, anything
    # that has loaded numpy's BLAS) can deadlock; a fresh interpreter is the
    # safe choice there.
    if "fork" in multiprocessing.get_all_start_methods() and can_fork():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def bounded_map(
    func: Callable[[P], R],
    items: Iterable[tuple[K, P]],
    *,
    jobs: int,
    in_flight: int,
    ordered: bool = True,
    initializer: Callable[..., Any] | None = None,
    initargs: tuple = (),
    on_start: Callable[[], None] | None = None,
) -> Iterator[tuple[K, R]]:
    """``(key, func(payload))`` for each ``(key, payload)`` of ``items``.

    ``jobs`` worker processes (:func:`pool_context`), at most ``in_flight`` tasks
    submitted and not yet yielded; ``items`` is read lazily. With ``ordered``
    results come in input order, otherwise as workers finish them.
    ``on_start`` is called once, when the first task has started the pool. A
    worker's exception is raised here; a pool of spawned workers that breaks
    says what may have broken it (:data:`SPAWN_HINT`).
    """
    context = pool_context()
    try:
        yield from _map_in_pool(
            func, items, context, jobs, in_flight, ordered, initializer, initargs, on_start
        )
    except BrokenProcessPool as exc:
        if context.get_start_method() == "fork":
            raise
        raise BrokenProcessPool(SPAWN_HINT) from exc


def _map_in_pool(
    func: Callable[[P], R],
    items: Iterable[tuple[K, P]],
    context: multiprocessing.context.BaseContext,
    jobs: int,
    in_flight: int,
    ordered: bool,
    initializer: Callable[..., Any] | None,
    initargs: tuple,
    on_start: Callable[[], None] | None,
) -> Iterator[tuple[K, R]]:
    limit = max(1, in_flight)
    with ProcessPoolExecutor(
        max_workers=jobs, mp_context=context, initializer=initializer, initargs=initargs
    ) as pool:
        if ordered:
            queue: deque[tuple[K, Future]] = deque()
            try:
                for key, payload in items:
                    queue.append((key, pool.submit(func, payload)))
                    if on_start is not None:
                        on_start()
                        on_start = None
                    while len(queue) >= limit:
                        done_key, fut = queue.popleft()
                        yield done_key, fut.result()
                while queue:
                    done_key, fut = queue.popleft()
                    yield done_key, fut.result()
            finally:
                for _, fut in queue:
                    fut.cancel()
            return
        pending: dict[Future, K] = {}
        source = iter(items)
        try:
            while True:
                for key, payload in source:
                    pending[pool.submit(func, payload)] = key
                    if on_start is not None:
                        on_start()
                        on_start = None
                    if len(pending) >= limit:
                        break
                if not pending:
                    return
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for fut in finished:
                    yield pending.pop(fut), fut.result()
        finally:
            for fut in pending:
                fut.cancel()
