"""Where a crawl is (a file, a folder, uploaded bytes) and its content hash.

A crawl named by its path is read in place, never copied, so a multi-gigabyte
crawl or a large mirror costs no upload. The content hash identifies the input:
cached results and the analyst's decisions are keyed by it, so renaming,
moving or re-uploading a crawl finds them again, and a changed crawl does not
inherit decisions made on other pages.

* A file (or upload): SHA-256 of its bytes as stored (compressed or not).
* A folder: SHA-256 over a canonical listing (see :func:`folder_hash`): every
  file's path relative to the folder, sorted, and the contents of its page
  files (``.html``, ``.htm``, ``.xhtml``, ``.shtml``), plus the names of its
  top-level folders (they decide whether it is a mirror of hosts, and so the
  pages' URLs). Other files (stylesheets, images, downloads) count by path
  only: they never change a page, and in a mirror they are most of the bytes.
  Modification times are not hashed, so copying a folder keeps its hash.
"""

from __future__ import annotations

import hashlib
import io
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from ..io.mirror import is_page_file, walk_files

__all__ = ["CrawlSource", "FileStamp", "LoadError", "content_hash", "file_stamp", "folder_hash"]

#: Bytes read per step when hashing.
CHUNK = 1 << 20
#: First bytes of the folder digest: a new listing scheme gets a new tag.
FOLDER_HASH_TAG = b"page-cluster folder listing v1\n"

ByteCallback = Callable[[int], None]


class LoadError(ValueError):
    """A crawl that cannot be read; ``location`` says where (``line 12``, a file)."""

    def __init__(self, location: str, message: str) -> None:
        super().__init__(f"{location}: {message}")
        self.location = location
        self.message = message


def _os_error(target: Path | str, exc: OSError) -> LoadError:
    return LoadError(str(target), exc.strerror or str(exc))


#: A file's (size, mtime in ns, inode): what changes when it is rewritten.
FileStamp = tuple[int, int, int]


def file_stamp(path: Path) -> FileStamp | None:
    """The file's stamp now, or ``None`` when it cannot be read."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ino)


@dataclass(frozen=True, slots=True)
class _Listed:
    """One file under a folder: its path relative to the folder, and its stat."""

    relative: str
    path: Path
    size: int
    mtime_ns: int
    inode: int


def _sort_key(relative: str) -> bytes:
    return relative.encode("utf-8", "surrogateescape")


def _listing(root: Path) -> list[_Listed]:
    """The files the folder reader walks (hidden folders skipped), sorted by path."""
    out: list[_Listed] = []
    for path in walk_files(root):
        try:
            st = path.stat()
        except OSError:
            st = None
        out.append(
            _Listed(
                path.relative_to(root).as_posix(),
                path,
                st.st_size if st else -1,
                st.st_mtime_ns if st else -1,
                st.st_ino if st else -1,
            )
        )
    out.sort(key=lambda f: _sort_key(f.relative))
    return out


def _top_folders(root: Path) -> list[str]:
    names: list[str] = []
    try:
        entries = list(os.scandir(root))
    except OSError:
        return names
    for entry in entries:
        try:
            if not entry.name.startswith(".") and entry.is_dir(follow_symlinks=False):
                names.append(entry.name)
        except OSError:
            continue
    return sorted(names, key=_sort_key)


def _field(digest: Any, kind: bytes, text: str) -> None:
    data = _sort_key(text)
    digest.update(kind + len(data).to_bytes(8, "big") + data)


def folder_hash(root: Path, *, on_bytes: ByteCallback | None = None) -> str:
    """SHA-256 (hex) of a folder's canonical listing (see the module docstring).

    Each entry is length-prefixed, so no two listings give the same stream:
    ``D name`` per top-level folder, then per file ``F path`` and, for a page
    file, its size and bytes (an unreadable one is marked as such).
    """
    digest = hashlib.sha256(FOLDER_HASH_TAG)
    for name in _top_folders(root):
        _field(digest, b"D", name)
    done = 0
    for item in _listing(root):
        _field(digest, b"F", item.relative)
        if not is_page_file(item.relative):
            continue
        try:
            with item.path.open("rb") as fh:
                size = os.fstat(fh.fileno()).st_size
                digest.update(b"C" + size.to_bytes(8, "big"))
                while chunk := fh.read(CHUNK):
                    digest.update(chunk)
                    done += len(chunk)
                    if on_bytes is not None:
                        on_bytes(done)
        except OSError:
            digest.update(b"U")
    return digest.hexdigest()


@dataclass(frozen=True, slots=True, eq=False)
class CrawlSource:
    """Where a crawl is: a local file or folder, or bytes held in memory.

    ``uploaded`` marks a file the app spooled from an upload: it is read like a
    path, but its path is the server's, not one to remember or show.
    """

    label: str
    path: Path | None = None
    data: bytes | None = field(default=None, repr=False)
    folder: bool = False
    uploaded: bool = False

    @classmethod
    def from_path(cls, path: str | Path) -> CrawlSource:
        """A local file or folder, checked to be readable."""
        text = str(path).strip()
        if not text:
            raise LoadError("path", "no file or folder named")
        target = Path(text).expanduser()
        try:
            target = target.resolve()
            if not target.exists():
                raise LoadError(str(target), "no such file or folder")
            if target.is_dir():
                with os.scandir(target):
                    pass
                return cls(label=f"{target.name}/", path=target, folder=True)
            if not target.is_file():
                raise LoadError(str(target), "is neither a regular file nor a folder")
            with target.open("rb"):
                pass
        except OSError as exc:
            raise _os_error(target, exc) from None
        return cls(label=target.name, path=target)

    @classmethod
    def from_bytes(cls, data: bytes, label: str) -> CrawlSource:
        return cls(label=label, data=bytes(data))

    def size(self) -> int:
        """Bytes to read: the file's, or the sum of a folder's page files."""
        if self.data is not None:
            return len(self.data)
        assert self.path is not None
        if self.folder:
            return sum(f.size for f in _listing(self.path) if is_page_file(f.relative))
        return self.path.stat().st_size

    def identity(self) -> tuple[Any, ...]:
        """Cheap identity of the current content: what changes when a file is rewritten.

        A file: (path, size, mtime, inode). A folder: its path and a digest of
        every file's path, size, mtime and inode (one walk, no file read).
        """
        if self.path is None:
            return ("bytes", id(self.data), len(self.data or b""))
        if self.folder:
            digest = hashlib.sha256()
            for name in _top_folders(self.path):
                _field(digest, b"D", name)
            for f in _listing(self.path):
                _field(digest, b"F", f.relative)
                digest.update(f"{f.size} {f.mtime_ns} {f.inode}".encode())
            return ("folder", str(self.path), digest.hexdigest())
        st = self.path.stat()
        return (str(self.path), st.st_size, st.st_mtime_ns, st.st_ino)

    def open_raw(self) -> BinaryIO:
        """The stored bytes of a file or an upload (not of a folder)."""
        if self.data is not None:
            return io.BytesIO(self.data)
        assert self.path is not None and not self.folder
        try:
            return self.path.open("rb")
        except OSError as exc:
            raise _os_error(self.path, exc) from None


def _chunks(fh: BinaryIO, on_bytes: ByteCallback | None) -> Iterator[bytes]:
    """The file's bytes in :data:`CHUNK` pieces, reporting how many were read."""
    done = 0
    while chunk := fh.read(CHUNK):
        done += len(chunk)
        yield chunk
        if on_bytes is not None:
            on_bytes(done)


def content_hash(source: CrawlSource, *, on_bytes: ByteCallback | None = None) -> str:
    """SHA-256 (hex) of a file's bytes as stored, or of a folder's listing.

    >>> content_hash(CrawlSource.from_bytes(b"", "empty"))[:16]
    'e3b0c44298fc1c14'
    """
    if source.folder:
        assert source.path is not None
        try:
            return folder_hash(source.path, on_bytes=on_bytes)
        except OSError as exc:
            raise _os_error(source.path, exc) from None
    digest = hashlib.sha256()
    if source.data is not None:
        digest.update(source.data)
        if on_bytes is not None:
            on_bytes(len(source.data))
        return digest.hexdigest()
    with source.open_raw() as fh:
        try:
            for chunk in _chunks(fh, on_bytes):
                digest.update(chunk)
        except OSError as exc:
            raise LoadError(source.label, f"cannot read the file ({exc})") from None
    return digest.hexdigest()
