"""The one function that reads a crawl's pages for the app, and reading one back.

:func:`load_pages` goes through :func:`page_cluster.io.open_pages`, the reader
the command line uses, so the app reads every input format the command line
reads, with the same pages, ids and derived signals: JSONL (optionally gzip),
a JSON array, a WARC or WARC.gz, and (from a path) a ``wget --mirror`` folder
or any folder of saved ``.html`` files. Damaged WARC records and unreadable
files in a folder are skipped and counted in the reader's
:class:`~page_cluster.io.report.ReadReport`; a bad JSONL line or JSON element
stops with :class:`LoadError` naming it, unless ``skip_invalid`` asks to skip
and count it too.

Every page read is recorded in a :class:`PageIndex` (id, URL path, host and
where its record is), so a page's HTML can be read back for a preview without
keeping any HTML in memory (:func:`fetch_page`): a JSONL line and a WARC
record from their byte offsets, a folder's page from its file, a JSON array's
element by reading the array again up to it (an array has no line to seek to).
"""

from __future__ import annotations

import dataclasses
import gzip
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, BinaryIO

from ..base.model import Page
from ..io.jsonl import InputError, parse_jsonl_line
from ..io.mirror import read_mirror_page
from ..io.record import PageRecord
from ..io.report import ReadReport
from ..io.source import PageSource, open_pages
from ..io.warc import read_warc_page
from .labels import page_title
from .sources import CrawlSource, FileStamp, LoadError, content_hash, file_stamp

__all__ = [
    "CrawlSource",
    "LoadError",
    "LoadedPages",
    "PageIndex",
    "content_hash",
    "fetch_page",
    "load_pages",
]

#: Records between two byte-position reports while reading.
REPORT_EVERY = 64
#: Leading bytes looked at for binary data in what would be read as JSONL.
SNIFF_BYTES = 4096

_GZIP_MAGIC = b"\x1f\x8b"

ByteCallback = Callable[[int], None]


@dataclass(slots=True)
class PageIndex:
    """Per page read, in input order: id, URL path, host, and where its record is.

    ``format`` is the reader's (``jsonl``, ``json``, ``warc``, ``mirror``).
    ``offsets`` are the records' :attr:`~page_cluster.io.record.PageRecord.offset`
    (``-1`` when the format has none); ``files`` their folder-relative files, and
    ``stamps`` those files' (size, mtime, inode) when they were read, so that a
    preview can check its one file rather than walk the whole folder.
    """

    format: str
    ids: list[Any] = field(default_factory=list)
    paths: list[tuple[str, ...]] = field(default_factory=list)
    hosts: list[str | None] = field(default_factory=list)
    offsets: list[int] = field(default_factory=list)
    files: list[str | None] = field(default_factory=list)
    stamps: list[FileStamp | None] = field(default_factory=list)
    #: Each page's ``<title>`` (for cluster labels; '' when it has none).
    titles: list[str] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.ids)

    def add(self, record: PageRecord, stamp: FileStamp | None = None) -> None:
        self.ids.append(record.output_id)
        self.paths.append(record.page.paths)
        self.hosts.append(record.page.host)
        self.offsets.append(-1 if record.offset is None else record.offset)
        self.files.append(record.file)
        self.stamps.append(stamp)
        self.titles.append(page_title(record.page.html, record.encoding))

    def label(self, i: int) -> Any:
        """The id the output uses: the record's id (else its URL), or its 0-based position."""
        page_id = self.ids[i]
        return i if page_id is None else page_id

    def labels(self) -> list[Any]:
        return [i if v is None else v for i, v in enumerate(self.ids)]

    def path_text(self, i: int) -> str:
        """The URL path, ``/``-joined (empty when the record gave none).

        >>> idx = PageIndex("jsonl")
        >>> idx.add(PageRecord(Page(html="", paths=("en", "a.html"))))
        >>> idx.path_text(0), idx.label(0)
        ('/en/a.html', 0)
        """
        segs = self.paths[i]
        return "/" + "/".join(segs) if segs else ""


@dataclass(slots=True)
class LoadedPages:
    """A stream of page records (consumed once) and what reading it records.

    ``index`` fills up while ``pages`` is iterated; :attr:`report` (pages read,
    records skipped by reason, the first messages of damaged ones) is complete
    once it is exhausted.
    """

    pages: Iterator[PageRecord]
    index: PageIndex
    reader: PageSource

    @property
    def format(self) -> str:
        return self.reader.format

    @property
    def report(self) -> ReadReport:
        return self.reader.report


def _load_error(source: CrawlSource, exc: InputError) -> LoadError:
    return LoadError(exc.location or source.label, exc.message)


def _read_error(source: CrawlSource, exc: BaseException) -> LoadError:
    return LoadError(source.label, f"cannot read the file ({exc})")


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def _check_text(raw: BinaryIO) -> None:
    """Stop at once on binary data (a NUL byte: no JSON text has one) in the
    first bytes of what would be read as JSONL, naming its line, rather than
    after a first record that happens to parse."""
    raw.seek(0)
    head = raw.read(SNIFF_BYTES)
    raw.seek(0)
    if head.startswith(_GZIP_MAGIC):
        try:
            head = zlib.decompressobj(31).decompress(head, SNIFF_BYTES)
        except zlib.error:
            return  # the reader reports the damaged stream with its line
    if b"\x00" in head:
        nul = head.index(b"\x00")
        raise LoadError(
            f"line {_line_of(head, nul)}",
            f"binary data (a NUL byte at byte {nul}): expected a JSONL, JSON or WARC crawl",
        )


def _open(source: CrawlSource, skip_invalid: bool) -> tuple[PageSource, BinaryIO | None]:
    """The reader for a source, and the raw stream it reads (``None`` for a folder)."""
    if source.folder:
        assert source.path is not None
        try:
            return open_pages(source.path, "mirror"), None
        except InputError as exc:
            raise _load_error(source, exc) from None
    raw = source.open_raw()
    try:
        reader = open_pages(raw, skip_invalid=skip_invalid)
        if reader.format == "jsonl" and not skip_invalid:
            _check_text(raw)
    except InputError as exc:
        raw.close()
        raise _load_error(source, exc) from None
    except (LoadError, OSError):
        raw.close()
        raise
    return reader, raw


def _records(
    source: CrawlSource,
    reader: PageSource,
    raw: BinaryIO | None,
    index: PageIndex,
    on_bytes: ByteCallback | None,
) -> Iterator[PageRecord]:
    done = 0  # bytes of a folder's page files read so far
    try:
        for n, record in enumerate(reader, start=1):
            stamp = None
            if record.file is not None and source.path is not None:
                stamp = file_stamp(source.path / record.file)
                done += stamp[0] if stamp is not None else 0
            index.add(record, stamp)
            if on_bytes is not None:
                if raw is None:
                    on_bytes(done)
                elif n % REPORT_EVERY == 0:
                    on_bytes(raw.tell())
            yield record
    except InputError as exc:
        raise _load_error(source, exc) from None
    except (OSError, EOFError, zlib.error) as exc:
        raise _read_error(source, exc) from None
    finally:
        reader.close()
        if raw is not None:
            raw.close()
    if on_bytes is not None and raw is not None:
        on_bytes(source.size())


def load_pages(
    source: CrawlSource,
    *,
    skip_invalid: bool = False,
    on_bytes: ByteCallback | None = None,
) -> LoadedPages:
    """Open a crawl: its page records as a stream, plus what reading them records.

    The format is detected from the content (a folder is read as a mirror). A
    bad JSONL line or JSON element raises :class:`LoadError` naming it while
    ``pages`` is iterated; with ``skip_invalid`` one that is valid JSON but not
    a page is skipped and counted instead (invalid JSON in a JSON array always
    stops: the rest of the array cannot be trusted). ``on_bytes`` receives how
    many stored bytes have been read so far.

    >>> src = CrawlSource.from_bytes(b'{"id": 7, "html": "<p>x</p>"}\\n{"html": 1}\\n', "a.jsonl")
    >>> loaded = load_pages(src, skip_invalid=True)
    >>> [r.page.html for r in loaded.pages], loaded.index.ids, loaded.report.summary()
    (['<p>x</p>'], [7], 'skipped 1 line (1 invalid)')
    >>> [e.message for e in loaded.report.errors]
    ['line 2: invalid (missing a string `html` field); skipped']
    """
    reader, raw = _open(source, skip_invalid)
    index = PageIndex(format=reader.format)
    return LoadedPages(_records(source, reader, raw, index, on_bytes), index, reader)


def _changed(source: CrawlSource, i: int, why: str) -> LoadError:
    return LoadError(source.label, f"page {i} can no longer be read ({why})")


def _nth_record(source: CrawlSource, i: int) -> PageRecord:
    """Record ``i`` found by reading the pages again (formats without offsets)."""
    loaded = load_pages(source, skip_invalid=True)
    for position, record in enumerate(loaded.pages):
        if position == i:
            loaded.pages.close()  # type: ignore[attr-defined]
            return record
    raise _changed(source, i, "the input has fewer pages")


def _jsonl_record(source: CrawlSource, offset: int) -> PageRecord | None:
    with source.open_raw() as raw:
        magic = raw.read(2)
        raw.seek(0)
        stream: BinaryIO = gzip.GzipFile(fileobj=raw, mode="rb") if magic == _GZIP_MAGIC else raw
        stream.seek(offset)
        line = stream.readline()
    return parse_jsonl_line(line, 1 if offset == 0 else 0, offset)


def _read_record(source: CrawlSource, index: PageIndex, i: int) -> PageRecord | None:
    offset = index.offsets[i]
    file = index.files[i]
    if index.format == "mirror" and file is not None and source.path is not None:
        return read_mirror_page(source.path, file)
    if index.format == "warc" and offset >= 0:
        with source.open_raw() as raw:
            return read_warc_page(raw, offset)
    if index.format == "jsonl" and offset >= 0:
        return _jsonl_record(source, offset)
    return _nth_record(source, i)


def fetch_page(source: CrawlSource, index: PageIndex, i: int) -> Page:
    """Read page ``i`` back from the source (for a preview): one record, not the crawl.

    The record read must carry the page's id (or URL) as indexed; anything else
    means the input changed, reported as :class:`LoadError`.
    """
    try:
        record = _read_record(source, index, i)
    except InputError as exc:
        raise _changed(source, i, exc.message) from None
    except (OSError, EOFError, zlib.error) as exc:
        raise _changed(source, i, f"cannot read the file: {exc}") from None
    if record is None:
        raise _changed(source, i, "a blank line")
    if record.output_id != index.ids[i]:
        raise _changed(source, i, "another record is there now")
    page = record.page
    if isinstance(page.html, bytes):  # WARC and folder pages: bytes in a known charset
        html = page.html.decode(record.encoding or "utf-8", "replace")
        page = dataclasses.replace(page, html=html)
    return page
