"""Uploaded crawls spooled to disk, so that an upload costs no more memory than a path.

An upload arrives as bytes in the web server's memory. Copying it in chunks to
a file (hashing on the way) and then reading that file exactly like a crawl
named by its path keeps one copy on disk instead of several in memory: the
reader seeks in the file for previews, just as it does for a local file.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from .sources import CHUNK, CrawlSource, LoadError

__all__ = ["SpooledUpload", "UploadSpool", "safe_suffix", "spool"]

ByteCallback = Callable[[int], None]


def safe_suffix(name: str) -> str:
    """The upload's file-name extensions, kept when harmless (readers ignore them anyway).

    >>> safe_suffix("crawl.warc.gz"), safe_suffix("../../etc/x"), safe_suffix("a.json l")
    ('.warc.gz', '', '')
    """
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    suffix = "".join(Path(base).suffixes)[:24]
    return suffix if suffix and all(c.isalnum() or c == "." for c in suffix) else ""


@dataclass(frozen=True)
class SpooledUpload:
    """An upload written to ``path``: its SHA-256, size, and the name it was uploaded under."""

    path: Path
    digest: str
    size: int
    label: str

    def source(self) -> CrawlSource:
        """Read like a local file, but named (and remembered) as the upload."""
        return CrawlSource(label=self.label, path=self.path, uploaded=True)


def spool(
    stream: BinaryIO, folder: Path, label: str, *, on_bytes: ByteCallback | None = None
) -> SpooledUpload:
    """Copy ``stream`` to a new file in ``folder`` chunk by chunk, hashing it.

    The file is written under a temporary name and renamed to its hash, so a
    half-written upload is never read and the same upload twice is one file.
    """
    digest = hashlib.sha256()
    size = 0
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".upload-", dir=folder)
    except OSError as exc:
        raise LoadError(label, f"cannot store the upload ({exc.strerror or exc})") from None
    try:
        with os.fdopen(fd, "wb") as out:
            while chunk := stream.read(CHUNK):
                digest.update(chunk)
                out.write(chunk)
                size += len(chunk)
                if on_bytes is not None:
                    on_bytes(size)
        hexdigest = digest.hexdigest()
        final = folder / f"{hexdigest}{safe_suffix(label)}"
        os.replace(tmp, final)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise LoadError(label, f"cannot store the upload ({exc.strerror or exc})") from None
    return SpooledUpload(final, hexdigest, size, label)


class UploadSpool:
    """The server's spooled uploads by content hash; the oldest files are deleted beyond a few.

    Shared by every session; the folder is the server's own temporary folder
    unless one is given.
    """

    def __init__(self, folder: Path | None = None, keep: int = 8) -> None:
        self.folder = folder or Path(tempfile.mkdtemp(prefix="page-cluster-uploads-"))
        self.keep = max(1, keep)
        self._lock = threading.Lock()
        self._items: OrderedDict[str, SpooledUpload] = OrderedDict()

    def add(
        self, stream: BinaryIO, label: str, *, on_bytes: ByteCallback | None = None
    ) -> SpooledUpload:
        item = spool(stream, self.folder, label, on_bytes=on_bytes)
        with self._lock:
            self._items[item.digest] = item
            self._items.move_to_end(item.digest)
            while len(self._items) > self.keep:
                _, old = self._items.popitem(last=False)
                if old.path != item.path and old.path not in {i.path for i in self._items.values()}:
                    with contextlib.suppress(OSError):
                        old.path.unlink()
        return item

    def get(self, digest: str) -> SpooledUpload | None:
        with self._lock:
            item = self._items.get(digest)
        if item is None or not item.path.exists():
            return None
        return item
