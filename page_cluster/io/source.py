"""One entry point for every input a crawl comes in: :func:`open_pages`.

``open_pages(source, format=None)`` takes a path (file or folder) or a binary
stream, finds out what it holds when ``format`` is not given, and returns a
:class:`PageSource`: an iterable of :class:`~page_cluster.io.record.PageRecord`
(page, output id, position) plus a :class:`~page_cluster.io.report.ReadReport`
of what was skipped. Formats:

``jsonl``
    the reference's input, one page object per line (also gzip-compressed);
``json``
    one JSON array of page objects (also gzip-compressed);
``warc``
    a WARC file, plain or gzip-compressed (``.warc`` / ``.warc.gz``);
``mirror``
    a folder written by ``wget --mirror``, or any folder of saved ``.html`` files.

Detection looks at the content, not the name: a folder is a mirror; a file
starting with ``WARC/`` (after gzip decompression, if compressed) is a WARC; one
starting with ``[`` followed by ``{`` is a JSON array; anything else is read as
JSONL, so JSONL errors keep their line-numbered messages.
"""

from __future__ import annotations

import io
import os
import stat
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from ..base.limits import DEFAULT_LIMITS, Limits
from .jsonl import InputError, JsonlLine, file_identity, read_bounded_lines, read_line_spans
from .record import PageRecord
from .report import ReadReport, Skipped

if TYPE_CHECKING:
    from .warc import WarcReader

# The JSON-array, WARC and folder readers are imported when their format is
# read: a JSONL run (the common case) starts without them.

__all__ = ["FORMATS", "PageSource", "detect_format", "open_pages"]

FORMATS = ("jsonl", "json", "warc", "mirror")

_GZIP_MAGIC = b"\x1f\x8b"
_PEEK_BYTES = 1 << 16

Source = str | os.PathLike[str] | BinaryIO


def _sniff_text(prefix: bytes) -> str:
    """Format of uncompressed content from its first bytes."""
    if prefix.startswith(b"\xef\xbb\xbf"):
        prefix = prefix[3:]
    if prefix.startswith(b"WARC/"):
        return "warc"
    body = prefix.lstrip(b" \t\r\n")
    if body.startswith(b"["):
        rest = body[1:].lstrip(b" \t\r\n")
        # An array of objects; ``[1, 2]`` or ``[]`` stay JSONL, whose errors the
        # reference contract defines ("line 1: expected a JSON object ...").
        if rest.startswith(b"{"):
            return "json"
    return "jsonl"


def _gunzip_prefix(prefix: bytes) -> bytes:
    try:
        return zlib.decompressobj(31).decompress(prefix, _PEEK_BYTES)
    except zlib.error:
        return b""


def detect_format(prefix: bytes) -> str:
    """The format of a file from its first bytes (gzip is looked through).

    >>> detect_format(b"WARC/1.1\\r\\n"), detect_format(b' [\\n {"html": ""}]'), detect_format(b"")
    ('warc', 'json', 'jsonl')
    """
    if prefix.startswith(_GZIP_MAGIC):
        return _sniff_text(_gunzip_prefix(prefix))
    return _sniff_text(prefix)


class _Prefixed(io.RawIOBase):
    """A stream whose first bytes were already read: serves them, then the rest."""

    def __init__(self, prefix: bytes, rest: BinaryIO) -> None:
        self._prefix = prefix
        self._rest = rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        if self._prefix:
            n = min(len(view), len(self._prefix))
            view[:n] = self._prefix[:n]
            self._prefix = self._prefix[n:]
            return n
        data = self._rest.read(len(view))
        view[: len(data)] = data
        return len(data)


class _GzipErrors(io.RawIOBase):
    """Decompresses a gzip stream, turning its errors into :class:`InputError`."""

    def __init__(self, raw: BinaryIO, counter: Callable[[], str]) -> None:
        import gzip

        self._gz = gzip.GzipFile(fileobj=raw, mode="rb")
        self._where = counter

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        try:
            data = self._gz.read(len(buffer))
        except EOFError:
            raise InputError(self._where(), "truncated gzip stream (the file ends early)") from None
        except (OSError, zlib.error) as exc:
            raise InputError(self._where(), f"damaged gzip stream ({exc})") from None
        view = memoryview(buffer).cast("B")
        view[: len(data)] = data
        return len(data)


def _is_seekable(stream: Any) -> bool:
    try:
        return bool(stream.seekable())
    except (AttributeError, OSError, ValueError):
        return False


class PageSource:
    """The pages of one input, streamed; see :func:`open_pages`.

    Iterating yields :class:`~page_cluster.io.record.PageRecord` objects in input
    order. :attr:`report` counts pages and skipped records as iteration goes.
    A source opened from a path can be iterated again (each pass re-reads it and
    starts a fresh report), so it also serves two-pass consumers; a source
    opened from a stream can be iterated once.

    JSONL and JSON inputs follow the reference's contract: a bad record raises
    :class:`~page_cluster.io.jsonl.InputError` naming its line or element. WARC
    files and folders never raise for a bad record: it is skipped, counted in
    :attr:`report` and passed to ``on_skip``. With ``skip_invalid`` a JSONL line
    or JSON element that is not a page is skipped in the same way (reason
    ``invalid``); invalid JSON inside a JSON array still stops.
    """

    def __init__(
        self,
        *,
        format: str,
        name: str,
        path: Path | None,
        stream: BinaryIO | None,
        prefix: bytes,
        on_skip: Callable[[Skipped], None] | None,
        warc_reader: WarcReader,
        start: int | None = None,
        skip_invalid: bool = False,
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        self.format = format
        self.limits = limits
        self.name = name
        self._path = path
        self._stream = stream
        self._prefix = prefix
        self._on_skip = on_skip
        self._warc_reader = warc_reader
        self._skip_invalid = skip_invalid
        self._used = False
        self._start = start
        self._spool: BinaryIO | None = None
        self.report = ReadReport(unit=self._unit())

    def _unit(self) -> str:
        return {"jsonl": "line", "json": "element", "warc": "record", "mirror": "file"}[self.format]

    def __repr__(self) -> str:
        return f"PageSource(format={self.format!r}, name={self.name!r})"

    def __enter__(self) -> PageSource:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Release the temporary copy of a piped WARC, if one was made."""
        if self._spool is not None:
            self._spool.close()
            self._spool = None

    def _begin(self) -> None:
        if self._path is None:
            if self._used:
                raise RuntimeError(f"{self.name} is a stream and can only be read once")
            self._used = True
        self.report = ReadReport(unit=self._unit())

    def __iter__(self) -> Iterator[PageRecord]:
        self._begin()
        if self.format == "mirror":
            assert self._path is not None
            from .mirror import iter_mirror_pages

            return iter_mirror_pages(
                self._path, self.report, self._on_skip, max_bytes=self.limits.max_page_bytes
            )
        return self._iter_file()

    def _open_binary(self) -> tuple[BinaryIO, bool]:
        """The raw input, positioned at its start; the flag says we must close it."""
        if self._path is not None:
            return open(self._path, "rb"), True
        assert self._stream is not None
        if self._start is not None:
            # A seekable stream (e.g. stdin redirected from a file): rewind it.
            self._stream.seek(self._start)
            return self._stream, False
        return io.BufferedReader(_Prefixed(self._prefix, self._stream), 1 << 16), False

    def jsonl_lines(self) -> Iterator[JsonlLine]:
        """The non-blank lines of a JSONL input, undecoded, for decoding elsewhere.

        The parsing workers decode and parse each line themselves, so that the
        process reading the input does not spend its time in ``json.loads``.
        Whoever decodes a line hands the result back: :meth:`accept` for a page,
        :meth:`reject` for an :class:`InputError` (raised again, or skipped and
        counted with ``skip_invalid``), so that :attr:`report` ends up as
        iterating the source would leave it.

        >>> import io
        >>> src = open_pages(io.BytesIO(b'{"html": "<p>x</p>"}\\n\\n{"html": 1}\\n'))
        >>> [(line.number, line.offset) for line in src.jsonl_lines()]
        [(1, 0), (3, 22)]
        """
        if self.format != "jsonl":
            raise ValueError(f"{self.name} is {self.format}, not JSONL: iterate the source instead")
        self._begin()
        return self._iter_file(raw_lines=True)

    def accept(self, record: PageRecord) -> PageRecord:
        """Count a page decoded from one of :meth:`jsonl_lines`."""
        self.report.pages += 1
        return record

    def reject(self, exc: InputError) -> None:
        """A record that is not a page: raise ``exc``, or with ``skip_invalid``
        skip it (reason ``invalid``), count it and tell ``on_skip``."""
        if not self._skip_invalid:
            raise exc
        skip = Skipped(exc.reason, exc.location, exc.message)
        self.report.add_skip(skip)
        if self._on_skip is not None:
            self._on_skip(skip)

    def _iter_file(self, *, raw_lines: bool = False) -> Iterator[Any]:
        raw, owned = self._open_binary()
        try:
            if self.format == "warc":
                yield from self._iter_warc(raw)
                return
            lines_seen = [0]
            if self._path is not None:
                head = raw.read(2)
                raw.seek(0)
            else:
                head = self._prefix[:2]
            stream: BinaryIO = raw
            if head == _GZIP_MAGIC:
                unit = "line" if self.format == "jsonl" else "element"

                def where() -> str:
                    return f"{unit} {lines_seen[0] + 1}" if unit == "line" else "gzip stream"

                stream = io.BufferedReader(_GzipErrors(raw, where), 1 << 16)
            if self.format == "jsonl":
                file_id = self._in_place(raw) if raw_lines and stream is raw and owned else None
                if file_id is not None:
                    assert self._path is not None
                    path = os.path.abspath(self._path)
                    lines = self._jsonl_lines(stream, lines_seen, self.limits, path, file_id)
                else:
                    lines = self._jsonl_lines(stream, lines_seen, self.limits)
                yield from lines if raw_lines else self._jsonl_records(lines)
            else:
                from .json_array import read_json_array_pages

                on_invalid = self.reject if self._skip_invalid else None
                for rec in read_json_array_pages(
                    stream, on_invalid, max_page_bytes=self.limits.max_page_bytes
                ):
                    self.report.pages += 1
                    yield rec
        finally:
            if owned:
                raw.close()

    @staticmethod
    def _jsonl_lines(
        stream: BinaryIO,
        seen: list[int],
        limits: Limits,
        path: str | None = None,
        file_id: tuple[int, ...] = (),
    ) -> Iterator[JsonlLine]:
        """The non-blank lines, each with its number and byte offset; with
        ``path`` (the regular file ``stream`` reads), each as its place in the
        file, for the worker that decodes it to read there (see
        :class:`JsonlLine`)."""
        offset = 0
        max_page, max_line = limits.max_page_bytes, limits.max_line_bytes
        lines: Iterator[tuple[bytes | None, int, bool]]
        if path is None:
            lines = (
                (raw, length, raw is not None and raw.isspace())
                for raw, length in read_bounded_lines(stream, max_line)
            )
        else:
            lines = ((b"", length, blank) for length, blank in read_line_spans(stream))
        for raw, length, blank in lines:
            seen[0] += 1
            start, offset = offset, offset + length
            if raw is None or length > max_line + 1:
                yield JsonlLine(b"", seen[0], start, max_page, too_long=max_line)
            elif not blank:
                yield JsonlLine(raw, seen[0], start, max_page, 0, path, length, file_id)

    @staticmethod
    def _in_place(stream: BinaryIO) -> tuple[int, ...] | None:
        """The identity of the regular file ``stream`` reads (see
        :func:`~.jsonl.file_identity`), when its lines can be handed out as
        places in it (a system with ``pread``), else ``None``."""
        if not hasattr(os, "pread"):
            return None
        try:
            st = os.fstat(stream.fileno())
        except (OSError, AttributeError, ValueError, io.UnsupportedOperation):
            return None
        return file_identity(st) if stat.S_ISREG(st.st_mode) else None

    def _jsonl_records(self, lines: Iterator[JsonlLine]) -> Iterator[PageRecord]:
        """The records of a JSONL stream, each with its line's byte offset."""
        for line in lines:
            try:
                rec = line.decode()
            except InputError as exc:
                self.reject(exc)
                continue
            if rec is not None:
                yield self.accept(rec)

    def _iter_warc(self, raw: BinaryIO) -> Iterator[PageRecord]:
        import shutil
        import tempfile

        from .warc import iter_warc_pages

        fh = raw
        if not _is_seekable(raw):
            # Damage recovery seeks; a piped WARC is copied to a temporary file.
            self._spool = tempfile.TemporaryFile()  # noqa: SIM115 - closed in close()
            shutil.copyfileobj(raw, self._spool, 1 << 20)
            self._spool.seek(0)
            fh = self._spool
        try:
            yield from iter_warc_pages(
                fh,
                self.report,
                self._on_skip,
                reader=self._warc_reader,
                max_page_bytes=self.limits.max_page_bytes,
            )
        finally:
            self.close()


def open_pages(
    source: Source,
    format: str | None = None,
    *,
    on_skip: Callable[[Skipped], None] | None = None,
    warc_reader: WarcReader = "auto",
    skip_invalid: bool = False,
    limits: Limits = DEFAULT_LIMITS,
) -> PageSource:
    """Open a crawl for reading, whatever its format.

    ``source`` is a path to a file or a folder, or a binary stream (e.g.
    ``sys.stdin.buffer``). ``format`` is one of :data:`FORMATS`; when ``None`` it is
    detected from the content. ``on_skip`` is called for every record left out
    (WARC and folders). ``warc_reader`` chooses the WARC record reader (``"auto"``:
    FastWARC when installed, else warcio). ``skip_invalid``: a JSONL line or JSON
    element that is not a page is skipped and reported (reason ``invalid``)
    instead of raising, as damaged WARC records are. ``limits`` bounds page
    and line sizes (:class:`~page_cluster.base.limits.Limits`); a JSONL line or page
    over them is an error (reason ``too large``), skipped with ``skip_invalid``.

    Raises :class:`~page_cluster.io.jsonl.InputError` when the source cannot be
    opened or does not fit the forced format.

    >>> import io
    >>> src = open_pages(io.BytesIO(b'{"id": "a", "html": "<p>x</p>"}\\n'))
    >>> src.format, [r.output_id for r in src]
    ('jsonl', ['a'])
    """
    if format is not None and format not in FORMATS:
        raise InputError("", f"unknown input format {format!r} (choose from {', '.join(FORMATS)})")
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        name = str(source)
        if path.is_dir():
            if format not in (None, "mirror"):
                raise InputError(name, f"is a folder; --format {format} needs a file")
            found = "mirror"
        else:
            if format == "mirror":
                raise InputError(name, "is not a folder (the mirror format reads a folder)")
            try:
                with open(path, "rb") as fh:
                    prefix = fh.read(_PEEK_BYTES)
            except OSError as exc:
                raise InputError(name, f"cannot open ({exc.strerror or exc})") from None
            found = format or detect_format(prefix)
        return PageSource(
            format=found,
            name=name,
            path=path,
            stream=None,
            prefix=b"",
            on_skip=on_skip,
            warc_reader=warc_reader,
            skip_invalid=skip_invalid,
            limits=limits,
        )
    if format == "mirror":
        raise InputError("<stdin>", "the mirror format reads a folder, not a stream")
    start = None
    if _is_seekable(source):
        try:
            start = source.tell()
        except (OSError, ValueError):
            start = None
    prefix = _read_prefix(source)
    return PageSource(
        start=start,
        format=format or detect_format(prefix),
        name=getattr(source, "name", None) or "<stream>",
        path=None,
        stream=source,
        prefix=prefix,
        on_skip=on_skip,
        warc_reader=warc_reader,
        skip_invalid=skip_invalid,
        limits=limits,
    )


def _read_prefix(stream: BinaryIO) -> bytes:
    """Read up to ``_PEEK_BYTES`` (fewer only at the end of the stream)."""
    chunks: list[bytes] = []
    total = 0
    while total < _PEEK_BYTES:
        data = stream.read(_PEEK_BYTES - total)
        if not data:
            break
        chunks.append(data)
        total += len(data)
    return b"".join(chunks)
