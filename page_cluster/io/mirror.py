"""Pages from a folder: a ``wget --mirror`` tree or any folder of saved pages.

Each ``.html`` / ``.htm`` / ``.xhtml`` / ``.shtml`` file is a page; its URL path is
its path relative to the folder. A mirroring crawler puts every site under a
folder named after its host (``example.com/``, ``127.0.0.1:8000/``): when the
folder holds only such host folders, each page's URL gets that host, so the
URLs (and the output ids) are those of the live site. Other files are counted as
non-HTML (files beside the host folders, such as a crawl log, are not read).
Files are read one at a time, depth-first in name order, so the order is stable
and memory does not grow with the tree; hidden folders (``.git`` ...) are not
entered. Everything else left out is counted: symbolic links to folders (not
entered), links that lead out of the folder (never read: a saved crawl must not
make the reader show ``/etc/passwd``), link loops, unreadable folders and files
that are not regular files (a FIFO would block the reader forever).
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from ..base.limits import MAX_PAGE_BYTES
from ..base.model import Page
from .charset import UndecodableError, decode_html_bytes
from .jsonl import InputError
from .record import PageRecord
from .report import ReadReport, Skipped, one_line
from .url_signals import signals_from_url, url_from_relative_path

__all__ = [
    "HTML_SUFFIXES",
    "host_folders",
    "is_page_file",
    "iter_mirror_pages",
    "read_mirror_page",
    "walk_files",
]

HTML_SUFFIXES = (".html", ".htm", ".xhtml", ".shtml")

#: Larger files are skipped as too large (the default; see ``max_bytes``).
MAX_FILE_BYTES = MAX_PAGE_BYTES

#: ``walk_files``'s report of an entry it leaves out: (path, reason, detail).
LeftOut = Callable[[Path, str, str], None]

_HOST_DIR = re.compile(
    r"""^(?:localhost
        |(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*   # name.tld
        |\d{1,3}(?:\.\d{1,3}){3}                             # IPv4
        |\[[0-9a-f:.]+\]                                     # [IPv6]
        )(?::\d{1,5})?$""",
    re.IGNORECASE | re.VERBOSE,
)


def host_folders(root: Path) -> list[str] | None:
    """The host folder names when ``root`` is a mirror of whole sites, else ``None``.

    It is one when it has at least one sub-folder, every visible sub-folder is
    named like a host (``name.tld``, an IP address or ``localhost``, with an
    optional ``:port``), and no page file sits directly in it.
    """
    try:
        entries = list(os.scandir(root))
    except OSError:
        return None
    dirs: list[str] = []
    for entry in entries:
        try:
            is_dir = entry.is_dir(follow_symlinks=False)
        except OSError:
            continue
        if is_dir and entry.name.startswith("."):
            continue  # a hidden folder (.git) is never read; a hidden page file is
        if is_dir:
            if not _HOST_DIR.match(entry.name):
                return None
            dirs.append(entry.name)
        elif entry.name.lower().endswith(HTML_SUFFIXES):
            return None
    return sorted(dirs) or None


def _sorted_entries(folder: Path, left_out: LeftOut | None) -> Iterator[os.DirEntry[str]]:
    try:
        with os.scandir(folder) as it:
            return iter(sorted(it, key=lambda e: e.name))
    except OSError as exc:
        if left_out is not None:
            left_out(folder, "unreadable", f"folder: {exc.strerror or type(exc).__name__}")
        return iter(())


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def walk_files(top: Path, left_out: LeftOut | None = None) -> Iterator[Path]:
    """Files under ``top`` depth-first in name order (``a/z.html`` before
    ``b.html``), holding one folder listing per level; hidden folders are not
    entered. Symbolic links to files are given (the reader checks where they
    lead); everything else not given is told to ``left_out``: links to folders
    (not entered), broken links and link loops, unreadable folders, FIFOs,
    sockets and devices."""
    stack = [_sorted_entries(top, left_out)]
    while stack:
        entry = next(stack[-1], None)
        if entry is None:
            stack.pop()
            continue
        path = Path(entry.path)
        try:
            if entry.is_dir(follow_symlinks=False):
                if not entry.name.startswith("."):
                    stack.append(_sorted_entries(path, left_out))
                continue
            mode = os.stat(path).st_mode  # follows a link; raises on a loop
        except OSError as exc:
            if left_out is not None:
                left_out(path, "unreadable", exc.strerror or type(exc).__name__)
            continue
        if stat.S_ISREG(mode):
            yield path
        elif left_out is None:
            continue
        elif stat.S_ISDIR(mode):
            left_out(path, "linked folder", "a symbolic link to a folder is not entered")
        else:
            left_out(path, "not a file", _kind(mode))


def is_page_file(name: str) -> bool:
    """Whether a file name is one the reader takes for a page.

    >>> is_page_file("a/INDEX.HTM"), is_page_file("site.css")
    (True, False)
    """
    return name.lower().endswith(HTML_SUFFIXES)


def _read_inside(path: Path, real_root: str, max_bytes: int) -> bytes | tuple[str, str]:
    """The bytes of a regular file that lies inside ``real_root`` (links
    followed), or ``(reason, detail)`` saying why it is not read. The file is
    opened without blocking and checked after opening, so a FIFO or device put
    in its place is never read from."""
    real = os.path.realpath(path)
    if os.path.commonpath([real, real_root]) != real_root:
        return "outside folder", "a symbolic link leading out of the folder"
    try:
        fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        return "unreadable", exc.strerror or type(exc).__name__
    with os.fdopen(fd, "rb", buffering=0) as fh:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return "not a file", _kind(st.st_mode)
        if st.st_size > max_bytes:
            return "too large", f"over {max_bytes} bytes"
        try:
            data = fh.read(max_bytes + 1)
        except OSError as exc:
            return "unreadable", exc.strerror or type(exc).__name__
    if len(data) > max_bytes:
        return "too large", f"over {max_bytes} bytes"
    return data


def _page_from_file(
    path: Path, root: Path, top: Path, host_dir: str | None, max_bytes: int = MAX_FILE_BYTES
) -> tuple[PageRecord | Skipped, bool]:
    """One page file read (and whether bytes were replaced), or why it is left out."""
    file = path.relative_to(root).as_posix()
    where = f"file {one_line(file)}"
    data = _read_inside(path, os.path.realpath(root), max_bytes)
    if isinstance(data, tuple):
        return Skipped(data[0], where, data[1]), False
    try:
        decoded = decode_html_bytes(data)
    except UndecodableError as exc:
        return Skipped("undecodable", where, str(exc)), False
    url = url_from_relative_path(path.relative_to(top).as_posix(), host_dir)
    paths, host = signals_from_url(url)
    record = PageRecord(
        page=Page(html=decoded.html, paths=paths, host=host, id=url),
        position=where,
        output_id=url,
        url=url,
        derive_stylesheets=True,
        encoding=decoded.encoding,
        file=file,
    )
    return record, decoded.replaced


def _tops(root: Path) -> list[tuple[Path, str | None]]:
    """The folders whose files are read, each with the host its URLs get."""
    hosts = host_folders(root)
    return [(root / h, h) for h in hosts] if hosts else [(root, None)]


def iter_mirror_pages(
    root: Path,
    report: ReadReport,
    on_skip: Callable[[Skipped], None] | None = None,
    *,
    max_bytes: int = MAX_FILE_BYTES,
) -> Iterator[PageRecord]:
    """Yield the pages saved under ``root``, counting everything left out."""

    def skip(s: Skipped) -> None:
        report.add_skip(s)
        if on_skip is not None:
            on_skip(s)

    def left_out(path: Path, reason: str, detail: str) -> None:
        relative = path.relative_to(root).as_posix()
        kind = "folder" if reason == "unreadable" and detail.startswith("folder") else "file"
        if kind == "folder":
            detail = detail.removeprefix("folder: ")
        skip(Skipped(reason, f"{kind} {one_line(relative)}", detail))

    for top, host_dir in _tops(root):
        for path in walk_files(top, left_out):
            if not is_page_file(path.name):
                skip(Skipped("non-HTML", f"file {one_line(path.relative_to(root).as_posix())}"))
                continue
            outcome, replaced = _page_from_file(path, root, top, host_dir, max_bytes)
            if isinstance(outcome, Skipped):
                skip(outcome)
                continue
            if replaced:
                report.notes["decoded with replacement characters"] += 1
            report.pages += 1
            yield outcome


def read_mirror_page(root: Path, file: str) -> PageRecord:
    """The page read from ``file`` (a :attr:`PageRecord.file`) alone, as the folder
    reader reads it; raises :class:`InputError` when it is not a page any more."""
    path = root / file
    for top, host_dir in _tops(root):
        if top in path.parents:
            outcome, _ = _page_from_file(path, root, top, host_dir)
            if isinstance(outcome, Skipped):
                raise InputError(outcome.position, f"{outcome.reason} ({outcome.detail})")
            return outcome
    raise InputError(f"file {one_line(file)}", "is not in a folder the reader reads")
