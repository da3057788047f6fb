"""Turn pages (records, dicts, any iterable) into a :class:`~page_cluster.corpus.Corpus`.

Each page is parsed once and its HTML dropped right away; only its signature
and blocking signals are kept. Parsing can run in worker processes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from .corpus import Corpus, CorpusBuilder, PageSignals
from .model import InvalidPageError, Page, PageId, coerce_page
from .parsing.signature import LocalInterner, parse_page
from .progress import ProgressCallback, ProgressEvent

__all__ = ["PagesInput", "build_corpus", "iter_pages"]

PagesInput = Iterable[Page | Mapping[str, Any]] | Callable[[], Iterable[Page | Mapping[str, Any]]]

#: How often (in pages) reading progress is reported.
PROGRESS_EVERY = 1000


def iter_pages(pages: PagesInput) -> Iterator[Page]:
    """Yield validated pages; a bad record raises with its 0-based position."""
    source = pages() if callable(pages) else pages
    for index, record in enumerate(source):
        try:
            yield coerce_page(record)
        except InvalidPageError as exc:
            raise InvalidPageError(f"page {index}: {exc}") from None


def build_corpus(
    pages: PagesInput,
    *,
    content_block_attribute: str | None = None,
    on_progress: ProgressCallback | None = None,
    ids: list[PageId] | None = None,
) -> Corpus:
    """Parse every page once into a deduplicated corpus of signatures.

    When ``ids`` is a list, each page's ``id`` is appended to it (in input order).
    """
    builder = CorpusBuilder()
    interner = LocalInterner()
    for i, page in enumerate(iter_pages(pages), start=1):
        parsed = parse_page(page, interner, content_block_attribute)
        builder.add(0, parsed, PageSignals(page.paths, page.stylesheet_hrefs, page.host))
        if ids is not None:
            ids.append(page.id)
        if on_progress is not None and i % PROGRESS_EVERY == 0:
            on_progress(ProgressEvent("pass0-signals", pages_seen=i))
    return builder.finish()
