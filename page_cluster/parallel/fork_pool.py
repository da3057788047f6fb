"""An ordered map over forked worker processes, driven from one thread.

The command line parses pages in worker processes. ``concurrent.futures``
would do, but a small run pays for it twice: importing it (with
``multiprocessing``) costs about 25 ms before the first page can be sent, and
its workers are fed by a helper thread of the main process, which has to win
the interpreter lock from the thread loading numpy at the same moment, so the
workers wait. Here the main thread itself writes each chunk to a worker's pipe
and reads results as they come (``select``); a worker reads its pipe in a
thread of its own, so a write never waits for a busy worker.

Only for a process that can fork safely (:func:`can_fork`: no other thread
running, Python's or native); anything else uses a spawn-based pool.

>>> def square(state, x):
...     return state + x * x
>>> [r for _, r in ordered_map(square, range(5), jobs=2, init=lambda: 100)]
[100, 101, 104, 109, 116]
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import struct
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

__all__ = ["WorkerError", "can_fork", "ordered_map", "os_thread_count"]

S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")

_HEADER = struct.Struct("<Q")
#: Pipe capacity asked for (Linux caps unprivileged pipes at 1 MiB by default):
#: fewer wake-ups per chunk of pages than the 64 KiB default.
_PIPE_BYTES = 1 << 20


class WorkerError(RuntimeError):
    """A worker process failed: its exception could not be sent, or it died."""


def os_thread_count() -> int | None:
    """Threads of this process as the kernel counts them, or ``None`` where it
    cannot tell (no ``/proc``).

    ``threading`` sees only the threads Python started. Native ones (an
    allocator's background thread, a BLAS pool, a C library's worker) are
    invisible to it and make a fork just as unsafe: a lock one of them holds
    at the fork stays locked in the child for ever.
    """
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return None


def can_fork() -> bool:
    """Whether this process may fork workers: POSIX, and no other thread running,
    Python's or native (forking a multi-threaded process can deadlock the child).

    Where the kernel's count is unavailable, only Python's threads are counted.
    """
    if not hasattr(os, "fork") or threading.active_count() != 1:
        return False
    native = os_thread_count()
    return native is None or native == 1


def ordered_map(
    func: Callable[[S, T], R],
    items: Iterable[T],
    *,
    jobs: int,
    init: Callable[[], S],
    per_worker: int = 2,
    window: int | None = None,
    on_start: Callable[[], None] | None = None,
) -> Iterator[tuple[int, R]]:
    """``func(state, item)`` for every item in ``jobs`` forked processes.

    Yields ``(worker index, result)`` in item order. Each worker calls ``init()``
    once for its ``state`` and handles its items in the order they were given
    to it. At most ``per_worker`` items are handed to one worker at a time (new
    ones go to the least busy worker) and at most ``window`` items (default
    ``jobs * per_worker``) are in flight or waiting to be yielded, which bounds
    memory. ``on_start`` runs once the workers exist (threads may start there).
    Items and results are pickled; ``func`` and ``init`` are not (fork).
    An exception in a worker is raised here; a worker that dies raises
    :class:`WorkerError`. Closing the iterator early stops the workers.
    """
    if jobs < 1 or per_worker < 1:
        raise ValueError("jobs and per_worker must be at least 1")
    if not can_fork():
        raise RuntimeError("ordered_map forks: call it from a single-threaded POSIX process")
    limit = window if window is not None else jobs * per_worker
    pool = _Pool(jobs, lambda task_fd, result_fd: _serve(task_fd, result_fd, func, init))
    try:
        if on_start is not None:
            on_start()
        yield from _drive(pool, iter(items), per_worker, max(limit, 1))
    finally:
        pool.close()


class _Worker:
    __slots__ = ("assigned", "index", "pid", "result_fd", "task_fd")

    def __init__(self, index: int, pid: int, task_fd: int, result_fd: int) -> None:
        self.index = index
        self.pid = pid
        self.task_fd = task_fd
        self.result_fd = result_fd
        self.assigned: deque[int] = deque()


class _Pool:
    def __init__(self, jobs: int, serve: Callable[[int, int], None]) -> None:
        self.workers: list[_Worker] = []
        try:
            for index in range(jobs):
                self.workers.append(self._fork(index, serve))
        except BaseException:
            self.close()
            raise

    def _fork(self, index: int, serve: Callable[[int, int], None]) -> _Worker:
        task_r, task_w = os.pipe()
        result_r, result_w = os.pipe()
        for fd in (task_w, result_w):
            _grow_pipe(fd)
        pid = os.fork()
        if pid == 0:  # the worker
            status = 1
            try:
                os.close(task_w)
                os.close(result_r)
                for w in self.workers:  # earlier workers' pipes are not ours
                    os.close(w.task_fd)
                    os.close(w.result_fd)
                serve(task_r, result_w)
                status = 0
            finally:
                os._exit(status)
        os.close(task_r)
        os.close(result_w)
        return _Worker(index, pid, task_w, result_r)

    def close(self) -> None:
        """End every worker: EOF on its task pipe, then reap it (killed if it
        still runs, i.e. the run stopped early)."""
        for w in self.workers:
            _close_quietly(w.task_fd)
        for w in self.workers:
            _close_quietly(w.result_fd)
            if w.assigned:  # stopped early: do not wait for work nobody wants
                _kill_quietly(w.pid)
            _reap(w.pid)
        self.workers = []


def _drive(pool: _Pool, items: Iterator[T], per_worker: int, limit: int) -> Iterator[tuple[int, R]]:
    workers = pool.workers
    by_fd = {w.result_fd: w for w in workers}
    done: dict[int, tuple[int, Any]] = {}
    # poll, not select: no limit on descriptor numbers. Every worker is watched,
    # so one that dies while idle is noticed too.
    poller = select.poll()
    for w in workers:
        poller.register(w.result_fd, select.POLLIN)
    sent = yielded = 0
    exhausted = False
    while True:
        while not exhausted and sent - yielded < limit:
            w = min(workers, key=lambda x: len(x.assigned))
            if len(w.assigned) >= per_worker:
                break
            item = next(items, _END)
            if item is _END:
                exhausted = True
                break
            try:
                _write_message(w.task_fd, pickle.dumps(item, protocol=pickle.HIGHEST_PROTOCOL))
            except BrokenPipeError:
                raise _died(w) from None
            w.assigned.append(sent)
            sent += 1
        while yielded in done:
            yield done.pop(yielded)
            yielded += 1
        if exhausted and yielded == sent:
            return
        if not any(w.assigned for w in workers):
            continue  # all yielded, window open again: send more (or find the end)
        for fd, _event in poller.poll():
            w = by_fd[fd]
            message = _read_message(fd)
            if message is None or not w.assigned:
                raise _died(w)
            ok, value = pickle.loads(message)
            if not ok:
                raise value
            done[w.assigned.popleft()] = (w.index, value)


_END = object()


def _died(w: _Worker) -> WorkerError:
    return WorkerError(f"parsing worker {w.pid} stopped unexpectedly ({_reap(w.pid)})")


def _serve(task_fd: int, result_fd: int, func: Callable[[S, T], R], init: Callable[[], S]) -> None:
    """A worker's life: read items (in a thread), compute, write results."""
    inbox: deque[bytearray | None] = deque()
    ready = threading.Condition()

    def read_all() -> None:
        while True:
            try:
                message = _read_message(task_fd)
            except OSError:
                message = None
            with ready:
                inbox.append(message)
                ready.notify()
            if message is None:
                return

    threading.Thread(target=read_all, name="page-cluster-inbox", daemon=True).start()
    state = init()
    while True:
        with ready:
            while not inbox:
                ready.wait()
            message = inbox.popleft()
        if message is None:
            return
        try:
            reply: tuple[bool, Any] = (True, func(state, pickle.loads(message)))
            data = pickle.dumps(reply, protocol=pickle.HIGHEST_PROTOCOL)
        except BaseException as exc:  # sent back and raised in the main process
            data = _pickled_error(exc)
        try:
            _write_message(result_fd, data)
        except BrokenPipeError:  # the main process stopped listening
            return


def _pickled_error(exc: BaseException) -> bytes:
    try:
        return pickle.dumps((False, exc), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:
        import traceback

        text = "".join(traceback.format_exception(exc))
        return pickle.dumps((False, WorkerError(f"a parsing worker failed:\n{text}")))


def _write_message(fd: int, data: bytes) -> None:
    view = memoryview(_HEADER.pack(len(data)) + data)
    while view:
        view = view[os.write(fd, view) :]


def _read_message(fd: int) -> bytearray | None:
    """One length-prefixed message; ``None`` at end of input (or a cut message)."""
    head = _read_exact(fd, _HEADER.size)
    if head is None:
        return None
    return _read_exact(fd, _HEADER.unpack(head)[0])


def _read_exact(fd: int, size: int) -> bytearray | None:
    buf = bytearray(size)
    view = memoryview(buf)
    got = 0
    while got < size:
        n = os.readv(fd, [view[got:]])
        if n == 0:
            return None
        got += n
    return buf


def _grow_pipe(fd: int) -> None:
    try:
        import fcntl

        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, _PIPE_BYTES)
    except (ImportError, AttributeError, OSError):
        pass  # not Linux, or above the system's limit: the default still works


def _close_quietly(fd: int) -> None:
    with contextlib.suppress(OSError):
        os.close(fd)


def _kill_quietly(pid: int) -> None:
    import signal

    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)


def _reap(pid: int) -> str:
    """Wait for a worker to end; how it ended, for messages."""
    try:
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:
        return "already reaped"
    if os.WIFSIGNALED(status):
        return f"killed by signal {os.WTERMSIG(status)}"
    return f"exit status {os.waitstatus_to_exitcode(status)}"
