"""Turn pages (records, dicts, any iterable) into a :class:`~page_cluster.signatures.corpus.Corpus`.

Each page is parsed once and its HTML dropped right away; only its signature
and blocking signals are kept. Parsing can run in worker processes.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from threading import Thread
from typing import TYPE_CHECKING, Any

from ..base.limits import MAX_ATTRIBUTES
from ..base.model import InvalidPageError, Page, PageId, attribute_name_problem, coerce_page
from ..base.progress import ProgressCallback, ProgressEvent
from ..io.record import PageRecord, record_from_mapping
from ..io.source import PageSource
from ..io.url_signals import page_base_url, resolve_stylesheet_hrefs
from ..parsing.signature import ParsedPage
from .parallel_parse import DecodedLine, ParseTask, Result, Task, parse_in_order

if TYPE_CHECKING:
    from ..signatures.corpus import Corpus, PageSignals

__all__ = ["PagesInput", "build_corpus", "iter_page_records", "iter_pages", "page_signals"]

PageLike = Page | PageRecord | Mapping[str, Any]
PagesInput = Iterable[PageLike] | Callable[[], Iterable[PageLike]]

#: How often (in pages) reading progress is reported.
PROGRESS_EVERY = 1000
#: Parsed pages held while the numeric stack loads (a few MB at most).
HOLD_MAX = 4096
#: The report note on a page some of whose elements lost attributes.
CAPPED_NOTE = "with attributes beyond {} per element dropped"


def iter_pages(pages: PagesInput) -> Iterator[Page]:
    """Yield validated pages; a bad record raises with its 0-based position."""
    source = pages() if callable(pages) else pages
    for index, record in enumerate(source):
        try:
            yield coerce_page(record)
        except InvalidPageError as exc:
            raise InvalidPageError(f"page {index}: {exc}") from None


def iter_page_records(pages: PagesInput) -> Iterator[PageRecord]:
    """Yield :class:`PageRecord` objects; a bad record raises with its 0-based position.

    Dicts go through :func:`~page_cluster.io.record.record_from_mapping` (absent
    ``paths``/``host`` derived from ``url``, absent ``stylesheetHrefs`` read from
    the HTML); :class:`Page` objects are taken as they are.
    """
    source = pages() if callable(pages) else pages
    for index, record in enumerate(source):
        if isinstance(record, PageRecord):
            yield record
            continue
        try:
            if isinstance(record, Mapping):
                yield record_from_mapping(record, f"page {index}")
            else:
                yield PageRecord(page=coerce_page(record), position=f"page {index}")
        except InvalidPageError as exc:
            raise InvalidPageError(f"page {index}: {exc}") from None


def page_signals(record: PageRecord, parsed: ParsedPage) -> PageSignals:
    """A page's blocking signals; ``stylesheetHrefs`` a record lacks are read from
    its own ``<link>`` tags (from the same parse), resolved against its URL."""
    from ..signatures.corpus import PageSignals

    page = record.page
    hrefs = page.stylesheet_hrefs
    if record.derive_stylesheets and parsed.stylesheet_links is not None:
        base = page_base_url(record.url, page.paths)
        hrefs = resolve_stylesheet_hrefs(parsed.stylesheet_links, base, page.host)
    return PageSignals(page.paths, hrefs, page.host)


def build_corpus(
    pages: PagesInput,
    *,
    content_block_attribute: str | None = None,
    on_progress: ProgressCallback | None = None,
    ids: list[PageId] | None = None,
    jobs: int = 1,
    on_parse_start: Callable[[], object] | None = None,
    on_record: Callable[[PageRecord], None] | None = None,
    max_attributes: int | None = None,
) -> Corpus:
    """Parse every page once into a deduplicated corpus of signatures.

    When ``ids`` is a list, each page's ``id`` is appended to it (in input order);
    ``on_record`` is called with every page's record, in input order, once the
    page is parsed (its HTML may already be dropped). Records without
    ``stylesheetHrefs`` get them from their own ``<link>`` tags, read from the
    same parse. ``jobs`` > 1 parses in that many worker processes; the corpus is
    identical for any number of jobs. A JSONL :class:`~page_cluster.io.source.PageSource`
    is decoded line by line in the workers. ``on_parse_start`` is called once
    parsing is under way (see :func:`~page_cluster.ingest.parallel_parse.parse_in_order`);
    when it returns a thread (one loading numpy, see
    :func:`~page_cluster.parallel.preload.preload_in_background`), parsed pages are held
    until that thread ends instead of waiting for it. ``max_attributes`` bounds
    the attributes kept per element (default: the source's limits, else
    :data:`~page_cluster.base.limits.MAX_ATTRIBUTES`); pages that lost some are
    noted in a :class:`~page_cluster.io.source.PageSource`'s report.
    """
    if content_block_attribute is not None:
        problem = attribute_name_problem(content_block_attribute)
        if problem:
            raise ValueError(f"content_block_attribute {content_block_attribute!r} {problem}")
    waiting: deque[PageRecord] = deque()
    source = pages if isinstance(pages, PageSource) and pages.format == "jsonl" else None
    reporting = pages if isinstance(pages, PageSource) else None
    if max_attributes is None:
        max_attributes = reporting.limits.max_attributes if reporting else MAX_ATTRIBUTES

    def tasks() -> Iterator[Task]:
        if source is not None:
            yield from source.jsonl_lines()
            return
        for record in iter_page_records(pages):
            waiting.append(record)
            yield ParseTask.from_record(record)

    def records(
        results: Iterator[tuple[object, Result]],
    ) -> Iterator[tuple[object, ParsedPage, PageRecord]]:
        for worker, result in results:
            if not isinstance(result, DecodedLine):
                yield worker, result, waiting.popleft()
                continue
            assert source is not None
            if result.error is not None:
                source.reject(result.error)
            elif result.record is not None and result.parsed is not None:
                yield worker, result.parsed, source.accept(result.record)

    loading: list[object] = []

    def started() -> None:
        if on_parse_start is not None:
            loading.append(on_parse_start())

    parsed_pages = records(
        parse_in_order(
            tasks(),
            jobs=jobs,
            content_block_attribute=content_block_attribute,
            on_start=started,
            max_attributes=max_attributes,
        )
    )

    # The corpus module (numpy) is loaded only once parsing has started, so that
    # the workers are forked from a light process and parse while the numeric
    # stack loads. While a loader thread from ``on_parse_start`` still runs,
    # results are held here rather than waiting for it: waiting would also stop
    # feeding the workers.
    def running_loader() -> Thread | None:
        thread = loading[0] if loading else None
        return thread if isinstance(thread, Thread) and thread.is_alive() else None

    held: list[tuple[object, ParsedPage, PageRecord]] = []
    for item in parsed_pages:
        held.append(item)
        if running_loader() is None or len(held) >= HOLD_MAX:
            break
    else:  # every page is parsed; nothing is left to feed
        thread = running_loader()
        if thread is not None:
            thread.join()
    from ..signatures.corpus import CorpusBuilder

    builder = CorpusBuilder()
    for i, (worker, parsed, record) in enumerate(itertools.chain(held, parsed_pages), start=1):
        builder.add(worker, parsed, page_signals(record, parsed))
        if parsed.capped_elements and reporting is not None:
            reporting.report.notes[CAPPED_NOTE.format(max_attributes)] += 1
        if ids is not None:
            ids.append(record.page.id)
        if on_record is not None:
            on_record(record)
        if on_progress is not None and i % PROGRESS_EVERY == 0:
            on_progress(ProgressEvent("pass0-signals", pages_seen=i))
    return builder.finish()
