"""Parsing pages in worker processes, in input order, with bounded memory.

Each worker keeps its own token interner and returns only integer arrays plus
the token strings it has not sent before; the main process maps them onto one
vocabulary (:class:`~page_cluster.signatures.corpus.CorpusBuilder`). Results are consumed in
submission order and every worker handles its chunks in that order, so each
worker's new strings always arrive before the ids that use them. At most
``INFLIGHT_PER_JOB`` chunks per worker are queued at any time: a 150,000-page
crawl never sits in memory at once.

A process that may fork (the command line) uses :mod:`page_cluster.parallel.fork_pool`;
one running threads (the app, a notebook) a spawn-based process pool.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..base.limits import MAX_ATTRIBUTES
from ..base.pickling import pickled_by_fields
from ..io.jsonl import InputError, JsonlLine
from ..io.record import PageRecord
from ..parallel.executor import bounded_map, pool_context
from ..parallel.fork_pool import can_fork, ordered_map
from ..parsing.html_source import to_utf8
from ..parsing.signature import LocalInterner, ParsedPage, parse_document

if TYPE_CHECKING:
    pass

__all__ = [
    "CHUNK",
    "DecodedLine",
    "ParseTask",
    "Result",
    "Task",
    "parse_in_order",
    "pool_context",
    "run_task",
]

#: Pages per task sent to a worker. Small enough that the last chunks of a
#: small site do not leave one core idle, large enough to amortise the
#: per-message cost (asciidoc, 241 pages: 32 -> 16 took 1.83x -> 1.75x its
#: parse-only floor; 8 was slower again).
CHUNK = 16
#: Past this many pages, chunks hold ``LARGE_CHUNK`` pages: on a large input
#: every message's fixed cost (a pickle, a write, a wake-up of the busy main
#: process) counts, and a last chunk of 64 pages keeps a core busy for a few
#: tens of milliseconds only (the first 30,000 pages of the 150,000-page
#: site: 8.6 / 7.9 s with 16 pages a chunk throughout, 7.5 / 7.2 s with 64).
LARGE_AFTER = 1024
LARGE_CHUNK = 64
#: Chunks in flight per worker (sent and not yet consumed, in order): bounds the
#: HTML and results held at once (jobs x 6 x 64 pages).
INFLIGHT_PER_JOB = 6
#: Chunks handed to one forked worker at a time (one being parsed, the next
#: ready); new chunks go to whichever worker finishes first.
PER_WORKER = 2
#: Inputs smaller than this are parsed in the calling process (no start-up cost).
MIN_PARALLEL_PAGES = 2 * CHUNK


@dataclass(frozen=True, slots=True)
class ParseTask:
    """What a worker needs to parse one page: its HTML and how to read it.

    Callers send text already encoded as UTF-8 bytes (``encoding="utf-8"``):
    bytes cross the process boundary as a plain copy, where a ``str`` holding any
    non-ASCII character is encoded to pickle it, decoded to unpickle it and
    encoded again for lxml.
    """

    html: str | bytes
    encoding: str | None
    with_stylesheet_links: bool

    @classmethod
    def from_record(cls, record: PageRecord) -> ParseTask:
        """The task for a record: text as UTF-8 bytes, bytes with their known charset."""
        html, encoding = record.page.html, record.encoding
        if isinstance(html, str):
            html, encoding = to_utf8(html), "utf-8"
        return cls(html, encoding, record.derive_stylesheets)


#: What a worker is given: a page's HTML, or an undecoded JSONL line.
Task = ParseTask | JsonlLine


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class DecodedLine:
    """What becomes of a :class:`~page_cluster.io.jsonl.JsonlLine` task.

    A page: ``record`` (its HTML dropped, the rest as read) and ``parsed``. A
    line that is not a page: ``error``. A blank line: all three ``None``.
    """

    record: PageRecord | None
    parsed: ParsedPage | None
    error: InputError | None = None


#: What a worker returns for one :data:`Task`.
Result = ParsedPage | DecodedLine


def run_task(
    task: Task, interner: LocalInterner, cba: str | None, max_attributes: int = MAX_ATTRIBUTES
) -> Result:
    """Parse one task: a page's HTML, or a JSONL line decoded here first.

    Decoding the JSON where the HTML is parsed takes that work off the process
    that reads the input, which is the busiest one of a run.
    """
    if isinstance(task, ParseTask):
        return _parse(task, interner, cba, max_attributes)
    try:
        record = task.decode()
    except InputError as exc:
        return DecodedLine(None, None, exc)
    if record is None:
        return DecodedLine(None, None)
    parsed = _parse(ParseTask.from_record(record), interner, cba, max_attributes)
    return DecodedLine(replace(record, page=replace(record.page, html="")), parsed)


def _parse(
    task: ParseTask, interner: LocalInterner, cba: str | None, max_attributes: int
) -> ParsedPage:
    return parse_document(
        task.html,
        interner,
        cba,
        task.encoding,
        with_stylesheet_links=task.with_stylesheet_links,
        max_attributes=max_attributes,
    )


_worker_interner: LocalInterner | None = None
_worker_cba: str | None = None
_worker_max_attributes: int = MAX_ATTRIBUTES


def _init_worker(content_block_attribute: str | None, max_attributes: int = MAX_ATTRIBUTES) -> None:
    global _worker_interner, _worker_cba, _worker_max_attributes
    _worker_interner = LocalInterner()
    _worker_cba = content_block_attribute
    _worker_max_attributes = max_attributes


def _parse_chunk(tasks: list[Task]) -> tuple[int, list[Result]]:
    interner, cba, cap = _worker_interner, _worker_cba, _worker_max_attributes
    assert interner is not None
    return os.getpid(), [run_task(t, interner, cba, cap) for t in tasks]


def parse_in_order(
    tasks: Iterable[Task],
    *,
    jobs: int,
    content_block_attribute: str | None = None,
    on_start: Callable[[], None] | None = None,
    max_attributes: int = MAX_ATTRIBUTES,
) -> Iterator[tuple[object, Result]]:
    """Parse every task; yield ``(worker id, result)`` in input order.

    The result of a :class:`ParseTask` is its :class:`ParsedPage`, that of a
    JSONL line a :class:`DecodedLine` (see :func:`run_task`).

    ``on_start`` is called once parsing is under way, after any worker process
    has been started: the place to begin work that may use threads (forking a
    process that runs threads is unsafe).
    """
    it = iter(tasks)
    head: list[Task] = []
    if jobs > 1:
        for task in it:
            head.append(task)
            if len(head) >= MIN_PARALLEL_PAGES:
                break
    if jobs <= 1 or len(head) < MIN_PARALLEL_PAGES:
        if on_start is not None:
            on_start()
        interner = LocalInterner()
        for task in (*head, *it) if jobs > 1 else it:
            yield "local", run_task(task, interner, content_block_attribute, max_attributes)
        return
    yield from _parse_parallel(head, it, jobs, content_block_attribute, on_start, max_attributes)


def _chunks(head: list[Task], rest: Iterator[Task]) -> Iterator[list[Task]]:
    """Chunks of :data:`CHUNK` tasks, of :data:`LARGE_CHUNK` past
    :data:`LARGE_AFTER` tasks.

    >>> [len(c) for c in _chunks(list(range(40)), iter(range(1100)))][-3:]
    [16, 64, 52]
    """
    tasks = itertools.chain(head, rest)
    sent = 0
    while chunk := list(itertools.islice(tasks, CHUNK if sent < LARGE_AFTER else LARGE_CHUNK)):
        sent += len(chunk)
        yield chunk


def _parse_parallel(
    head: list[Task],
    rest: Iterator[Task],
    jobs: int,
    cba: str | None,
    on_start: Callable[[], None] | None,
    max_attributes: int = MAX_ATTRIBUTES,
) -> Iterator[tuple[object, Result]]:
    chunks = _chunks(head, rest)
    if not can_fork():
        yield from _parse_spawned(chunks, jobs, cba, on_start, max_attributes)
        return

    def run_chunk(interner: LocalInterner, tasks: list[Task]) -> list[Result]:
        return [run_task(t, interner, cba, max_attributes) for t in tasks]

    for worker, results in ordered_map(
        run_chunk,
        chunks,
        jobs=jobs,
        init=LocalInterner,
        per_worker=PER_WORKER,
        window=jobs * INFLIGHT_PER_JOB,
        on_start=on_start,
    ):
        for result in results:
            yield worker, result


def _parse_spawned(
    chunks: Iterator[list[Task]],
    jobs: int,
    cba: str | None,
    on_start: Callable[[], None] | None,
    max_attributes: int = MAX_ATTRIBUTES,
) -> Iterator[tuple[object, Result]]:
    """The same with a spawn-safe process pool (for a process running threads)."""
    for _, result in bounded_map(
        _parse_chunk,
        ((None, chunk) for chunk in chunks),
        jobs=jobs,
        in_flight=jobs * INFLIGHT_PER_JOB,
        initializer=_init_worker,
        initargs=(cba, max_attributes),
        on_start=on_start,
    ):
        yield from _unpack(result)


def _unpack(result: tuple[int, list[Result]]) -> Iterator[tuple[object, Result]]:
    pid, parsed = result
    for p in parsed:
        yield pid, p
