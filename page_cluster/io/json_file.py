"""Writing report files: checked before the work starts, replaced atomically.

A report is written to a temporary file next to its destination and renamed
over it, so a reader never sees half a file and a failed run leaves the previous
file intact. Writability is checked up front so that a typo in a path fails in
a second, not after an hour of clustering.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TextIO

__all__ = ["check_writable", "write_json_atomic", "write_jsonl_atomic"]


def check_writable(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` cannot be written as a file, or ``None`` when it can."""
    target = Path(path)
    if str(path) == "":
        return "empty path"
    if target.is_dir():
        return "is a directory"
    parent = target.parent
    if not parent.is_dir():
        return f"directory {str(parent)!r} does not exist"
    if target.exists() and not os.access(target, os.W_OK):
        return "permission denied"
    import tempfile  # (here: the command line starts without it)

    try:
        fd, probe = tempfile.mkstemp(dir=parent, prefix=f".{target.name}.", suffix=".probe")
    except OSError as exc:
        return exc.strerror or str(exc)
    os.close(fd)
    os.unlink(probe)
    return None


def _default_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _write_atomic(path: str | os.PathLike[str], write: Callable[[TextIO], None]) -> None:
    target = Path(path)
    import tempfile

    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        # A lone surrogate (legal in JSON input) is written as its JSON escape.
        with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, _default_mode())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_json_atomic(path: str | os.PathLike[str], value: Any) -> None:
    """Write ``value`` as UTF-8 JSON to ``path`` via a temporary file and a rename."""

    def write(fh: TextIO) -> None:
        json.dump(value, fh, ensure_ascii=False, separators=(",", ":"))
        fh.write("\n")

    _write_atomic(path, write)


def write_jsonl_atomic(path: str | os.PathLike[str], records: Iterable[Any]) -> None:
    """Write one JSON value per line, atomically."""

    def write(fh: TextIO) -> None:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False, separators=(",", ":")))
            fh.write("\n")

    _write_atomic(path, write)
