"""Crawl sources, their content hash, and the one function that reads pages.

A crawl comes from a file named by its path (read in place, never copied, so a
multi-gigabyte crawl costs no upload) or from uploaded bytes. The content hash
(SHA-256 of the bytes as stored) identifies the input: cached results and the
analyst's decisions are keyed by it, so renaming or re-uploading a file finds
them again, and a changed file does not inherit decisions made on other pages.

Formats today: JSONL (one page object per line, the command line's input,
optionally gzip-compressed) and a JSON array of page objects. Every page read
is recorded in a :class:`PageIndex` (id, URL path, host and where the record
sits in the file), so a page's HTML can be read back for a preview without
keeping any HTML in memory. :func:`load_pages` is the single entry point: a
reader for further formats (WARC, mirror folders) replaces its body, nothing
else; its pages get no offsets (``-1``) and :func:`fetch_page` then finds a
page by reading the stream again up to it.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import io
import json
import re
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from ..io.jsonl import InputError, parse_jsonl_line
from ..model import InvalidPageError, Page, coerce_page

__all__ = [
    "CrawlSource",
    "LoadError",
    "LoadProblem",
    "LoadedPages",
    "PageIndex",
    "content_hash",
    "fetch_page",
    "load_pages",
]

#: Bytes read per step when hashing or sniffing.
CHUNK = 1 << 20
#: Records between two byte-position reports while reading.
REPORT_EVERY = 64

_GZIP_MAGIC = b"\x1f\x8b"
_WHITESPACE = re.compile(r"[ \t\r\n]*")

ByteCallback = Callable[[int], None]


class LoadError(ValueError):
    """A crawl that cannot be read; ``location`` says where (``line 12``, a file)."""

    def __init__(self, location: str, message: str) -> None:
        super().__init__(f"{location}: {message}")
        self.location = location
        self.message = message


@dataclass(frozen=True, slots=True)
class LoadProblem:
    """A record skipped on request (``skip_invalid``), and why."""

    location: str
    message: str

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


@dataclass(frozen=True, slots=True, eq=False)
class CrawlSource:
    """Where a crawl's bytes are: a local file, or bytes held in memory."""

    label: str
    path: Path | None = None
    data: bytes | None = field(default=None, repr=False)

    @classmethod
    def from_path(cls, path: str | Path) -> CrawlSource:
        """A local file, checked to be a readable regular file."""
        text = str(path).strip()
        if not text:
            raise LoadError("path", "no file named")
        target = Path(text).expanduser()
        try:
            target = target.resolve()
            if not target.exists():
                raise LoadError(str(target), "no such file")
            if target.is_dir():
                raise LoadError(str(target), "is a directory, not a crawl file")
            with target.open("rb"):
                pass
        except OSError as exc:
            raise LoadError(str(target), exc.strerror or str(exc)) from None
        return cls(label=target.name, path=target)

    @classmethod
    def from_bytes(cls, data: bytes, label: str) -> CrawlSource:
        return cls(label=label, data=bytes(data))

    def size(self) -> int:
        if self.data is not None:
            return len(self.data)
        assert self.path is not None
        return self.path.stat().st_size

    def identity(self) -> tuple[Any, ...]:
        """Cheap identity of the current bytes: (path, size, mtime) or the object."""
        if self.path is not None:
            st = self.path.stat()
            return (str(self.path), st.st_size, st.st_mtime_ns, st.st_ino)
        return ("bytes", id(self.data), len(self.data or b""))

    def open_raw(self) -> BinaryIO:
        if self.data is not None:
            return io.BytesIO(self.data)
        assert self.path is not None
        try:
            return self.path.open("rb")
        except OSError as exc:
            raise LoadError(str(self.path), exc.strerror or str(exc)) from None


def content_hash(source: CrawlSource, *, on_bytes: ByteCallback | None = None) -> str:
    """SHA-256 (hex) of the source's bytes as stored.

    >>> content_hash(CrawlSource.from_bytes(b"", "empty"))[:16]
    'e3b0c44298fc1c14'
    """
    digest = hashlib.sha256()
    if source.data is not None:
        digest.update(source.data)
        if on_bytes is not None:
            on_bytes(len(source.data))
        return digest.hexdigest()
    done = 0
    with source.open_raw() as fh:
        while chunk := fh.read(CHUNK):
            digest.update(chunk)
            done += len(chunk)
            if on_bytes is not None:
                on_bytes(done)
    return digest.hexdigest()


@dataclass(slots=True)
class PageIndex:
    """Per page read, in input order: id, URL path, host, and where its record is.

    ``offsets`` are byte offsets of JSONL lines (in the decompressed stream) or
    character offsets of JSON-array elements; :func:`fetch_page` reads one page
    back from them.
    """

    format: str
    ids: list[Any] = field(default_factory=list)
    paths: list[tuple[str, ...]] = field(default_factory=list)
    hosts: list[str | None] = field(default_factory=list)
    offsets: list[int] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.ids)

    def add(self, page: Page, raw_id: Any, offset: int) -> None:
        self.ids.append(raw_id)
        self.paths.append(page.paths)
        self.hosts.append(page.host)
        self.offsets.append(offset)

    def label(self, i: int) -> Any:
        """The id the output uses: the record's id, or its 0-based position."""
        page_id = self.ids[i]
        return i if page_id is None else page_id

    def labels(self) -> list[Any]:
        return [i if v is None else v for i, v in enumerate(self.ids)]

    def path_text(self, i: int) -> str:
        """The URL path, ``/``-joined (empty when the record gave none).

        >>> idx = PageIndex("jsonl"); idx.add(Page(html="", paths=("en", "a.html")), None, 0)
        >>> idx.path_text(0), idx.label(0)
        ('/en/a.html', 0)
        """
        segs = self.paths[i]
        return "/" + "/".join(segs) if segs else ""


@dataclass(slots=True)
class LoadedPages:
    """A stream of pages (consumed once) and what reading it records.

    ``index`` and ``problems`` fill up while ``pages`` is iterated.
    """

    pages: Iterator[Page]
    index: PageIndex
    problems: list[LoadProblem]


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


@contextlib.contextmanager
def _opened(source: CrawlSource) -> Iterator[tuple[BinaryIO, BinaryIO]]:
    """(raw file, decompressed stream): gzip is recognised by its magic bytes."""
    raw = source.open_raw()
    try:
        magic = raw.read(2)
        raw.seek(0)
        if magic == _GZIP_MAGIC:
            with gzip.GzipFile(fileobj=raw, mode="rb") as gz:
                yield raw, gz  # type: ignore[misc]
        else:
            yield raw, raw
    finally:
        raw.close()


def _sniff(stream: BinaryIO, strict: bool) -> str:
    """``"json-array"`` when the first non-blank character is ``[``, else ``"jsonl"``.

    ``strict``: a NUL byte near the start (no JSON text has one) stops at once,
    naming its line, rather than after a first record that happens to parse.
    """
    head = stream.read(4096)
    stream.seek(0)
    if strict and b"\x00" in head:
        nul = head.index(b"\x00")
        raise LoadError(
            f"line {_line_of(head, nul)}",
            f"binary data (a NUL byte at byte {nul}): expected a JSONL or JSON crawl",
        )
    text = head.removeprefix(b"\xef\xbb\xbf").lstrip(b" \t\r\n")
    return "json-array" if text.startswith(b"[") else "jsonl"


def _read_error(location: str, exc: BaseException) -> LoadError:
    return LoadError(location, f"cannot read the file ({exc})")


def _jsonl_pages(
    source: CrawlSource,
    index: PageIndex,
    problems: list[LoadProblem],
    skip_invalid: bool,
    on_bytes: ByteCallback | None,
) -> Iterator[Page]:
    with _opened(source) as (raw, stream):
        offset = 0
        line_no = 0
        lines = iter(stream)
        while True:
            try:
                line = next(lines)
            except StopIteration:
                break
            except (OSError, EOFError, zlib.error) as exc:
                raise _read_error(f"line {line_no + 1}", exc) from None
            line_no += 1
            start, offset = offset, offset + len(line)
            try:
                if b"\x00" in line:
                    raise InputError(
                        f"line {line_no}", "binary data (a NUL byte), not a line of JSON text"
                    )
                rec = parse_jsonl_line(line, line_no)
            except InputError as exc:
                if not skip_invalid:
                    raise LoadError(exc.location, exc.message) from None
                problems.append(LoadProblem(exc.location, exc.message))
                continue
            if on_bytes is not None and line_no % REPORT_EVERY == 0:
                on_bytes(raw.tell())
            if rec is None:
                continue
            index.add(rec.page, rec.raw_id, start)
            yield rec.page
        if on_bytes is not None:
            on_bytes(source.size())


def _decode_text(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise LoadError(
            f"line {_line_of(data, exc.start)}", f"not UTF-8 text (byte {exc.start})"
        ) from None


def _read_all(source: CrawlSource) -> bytes:
    with _opened(source) as (_, stream):
        try:
            return stream.read()
        except (OSError, EOFError, zlib.error) as exc:
            raise _read_error(source.label, exc) from None


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else type(value).__name__


def _array_elements(text: str) -> Iterator[tuple[int, Any]]:
    """(character offset, value) of each element of a top-level JSON array."""
    decoder = json.JSONDecoder()

    def line(pos: int) -> int:
        return text.count("\n", 0, pos) + 1

    pos = _WHITESPACE.match(text, 0).end()  # type: ignore[union-attr]
    if not text.startswith("[", pos):
        raise LoadError(f"line {line(pos)}", "expected a JSON array of page objects")
    pos = _WHITESPACE.match(text, pos + 1).end()  # type: ignore[union-attr]
    if text.startswith("]", pos):
        return
    while True:
        try:
            value, end = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as exc:
            raise LoadError(f"line {exc.lineno}", f"invalid JSON ({exc.msg})") from None
        except RecursionError:
            raise LoadError(f"line {line(pos)}", "invalid JSON (nested too deeply)") from None
        yield pos, value
        pos = _WHITESPACE.match(text, end).end()  # type: ignore[union-attr]
        if text.startswith(",", pos):
            pos = _WHITESPACE.match(text, pos + 1).end()  # type: ignore[union-attr]
            continue
        if text.startswith("]", pos):
            rest = _WHITESPACE.match(text, pos + 1).end()  # type: ignore[union-attr]
            if rest != len(text):
                raise LoadError(f"line {line(rest)}", "unexpected data after the JSON array")
            return
        raise LoadError(f"line {line(pos)}", "invalid JSON (expected ',' or ']')")


def _array_pages(
    source: CrawlSource,
    index: PageIndex,
    problems: list[LoadProblem],
    skip_invalid: bool,
    on_bytes: ByteCallback | None,
) -> Iterator[Page]:
    text = _decode_text(_read_all(source))
    if on_bytes is not None:
        on_bytes(source.size())
    for number, (offset, value) in enumerate(_array_elements(text), start=1):
        try:
            if not isinstance(value, dict):
                raise InvalidPageError(f"expected a JSON object, got {_describe(value)}")
            page = coerce_page(value)
        except InvalidPageError as exc:
            where = f"record {number} (line {text.count(chr(10), 0, offset) + 1})"
            if not skip_invalid:
                raise LoadError(where, str(exc)) from None
            problems.append(LoadProblem(where, str(exc)))
            continue
        index.add(page, value.get("id"), offset)
        yield page


def load_pages(
    source: CrawlSource,
    *,
    skip_invalid: bool = False,
    on_bytes: ByteCallback | None = None,
) -> LoadedPages:
    """Open a crawl: the pages as a stream, plus what reading them records.

    A bad record raises :class:`LoadError` naming its line (or record) while
    ``pages`` is iterated; with ``skip_invalid`` a record that is valid JSON but
    not a page is skipped and listed in ``problems`` instead (invalid JSON in a
    JSON array always stops: the rest of the array cannot be trusted).
    ``on_bytes`` receives how many stored bytes have been read so far.

    >>> src = CrawlSource.from_bytes(b'{"id": 7, "html": "<p>x</p>"}\\n{"html": 1}\\n', "a.jsonl")
    >>> loaded = load_pages(src, skip_invalid=True)
    >>> [p.html for p in loaded.pages], loaded.index.ids, [str(p) for p in loaded.problems]
    (['<p>x</p>'], [7], ['line 2: missing a string `html` field'])
    """
    with _opened(source) as (_, stream):
        try:
            fmt = _sniff(stream, strict=not skip_invalid)
        except (OSError, EOFError, zlib.error) as exc:
            raise _read_error(source.label, exc) from None
    index = PageIndex(format=fmt)
    problems: list[LoadProblem] = []
    reader = _array_pages if fmt == "json-array" else _jsonl_pages
    return LoadedPages(reader(source, index, problems, skip_invalid, on_bytes), index, problems)


def _nth_page(source: CrawlSource, i: int) -> Page:
    """Page ``i`` found by reading the pages again (formats without record offsets)."""
    loaded = load_pages(source, skip_invalid=True)
    for position, page in enumerate(loaded.pages):
        if position == i:
            return page
    raise LoadError(source.label, f"page {i} can no longer be read (the input has fewer pages)")


def fetch_page(source: CrawlSource, index: PageIndex, i: int) -> Page:
    """Read page ``i`` back from the source (for a preview): one record, not the file."""
    offset = index.offsets[i]
    if offset < 0 or index.format not in ("jsonl", "json-array"):
        return _nth_page(source, i)
    if index.format == "jsonl":
        with _opened(source) as (_, stream):
            try:
                stream.seek(offset)
                line = stream.readline()
            except (OSError, EOFError, zlib.error) as exc:
                raise _read_error(source.label, exc) from None
        try:
            rec = parse_jsonl_line(line, 0 if offset else 1)
        except InputError as exc:
            raise LoadError(
                source.label, f"page {i} can no longer be read ({exc.message})"
            ) from None
        if rec is None:
            raise LoadError(source.label, f"page {i} can no longer be read (blank line)")
        return rec.page
    text = _decode_text(_read_all(source))
    try:
        value, _ = json.JSONDecoder().raw_decode(text, offset)
        return coerce_page(value)
    except (json.JSONDecodeError, InvalidPageError) as exc:
        raise LoadError(source.label, f"page {i} can no longer be read ({exc})") from None
