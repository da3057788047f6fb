"""Writing report files: checked before the work starts, never half written,
never put in the place of something that is not a report.

What a path names decides how it is written:

* a new path or a regular file: a temporary file next to it is renamed over it,
  so a reader never sees half a file and a failed run leaves the previous file
  intact (the file keeps its permissions);
* a symbolic link: followed, and what it leads to is written as above (the link
  stays a link);
* a character device or a FIFO (``/dev/null``, ``/dev/stdout``, a process
  substitution ``>(jq .)``): written in place, as a shell redirection would;
  a write error (``/dev/full``) is an error of the run;
* a folder, a socket or a block device: refused with a clear error.

Writability is checked up front so that a typo in a path fails in a second,
not after an hour of clustering.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TextIO

__all__ = ["check_writable", "output_kind", "write_json_atomic", "write_jsonl_atomic"]


def output_kind(path: str | os.PathLike[str]) -> str:
    """How ``path`` is written: ``new``, ``file`` (a regular file), ``stream`` (a
    character device or FIFO, written in place), or ``refused: WHY``. Symbolic
    links are followed.

    >>> output_kind("/dev/null"), output_kind("/"), output_kind("/no/such/dir/x.json")
    ('stream', 'refused: is a directory', 'new')
    """
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "new"  # (also a link to a file not made yet: the file is created)
    except OSError as exc:
        return f"refused: {exc.strerror or exc}"
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "refused: is a directory"
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        return "stream"
    if stat.S_ISBLK(mode):
        return "refused: is a block device"
    if stat.S_ISSOCK(mode):
        return "refused: is a socket"
    return "refused: is not a regular file"


def _real_target(path: str | os.PathLike[str]) -> Path:
    """Where the file behind ``path`` is (symbolic links followed)."""
    return Path(os.path.realpath(path))


def check_writable(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` cannot be written as a file, or ``None`` when it can."""
    if str(path) == "":
        return "empty path"
    kind = output_kind(path)
    if kind.startswith("refused: "):
        return kind.removeprefix("refused: ")
    if kind == "stream":
        return None if os.access(path, os.W_OK) else "permission denied"
    target = _real_target(path)
    parent = target.parent
    if not parent.is_dir():
        return f"directory {str(Path(path).parent)!r} does not exist"
    if kind == "file" and not os.access(target, os.W_OK):
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


def _open_text(fd: int) -> TextIO:
    # A lone surrogate (legal in JSON input) is written as its JSON escape.
    return os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace")


def _write_atomic(path: str | os.PathLike[str], write: Callable[[TextIO], None]) -> None:
    kind = output_kind(path)
    if kind.startswith("refused: "):
        raise OSError(f"{path}: {kind.removeprefix('refused: ')}; not written")
    if kind == "stream":
        with _open_text(os.open(path, os.O_WRONLY | getattr(os, "O_NOCTTY", 0))) as fh:
            write(fh)
            fh.flush()
        return
    target = _real_target(path)
    mode = _default_mode()
    if kind == "file":
        with contextlib.suppress(OSError):
            mode = stat.S_IMODE(os.stat(target).st_mode)
    import tempfile

    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with _open_text(fd) as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_json_atomic(path: str | os.PathLike[str], value: Any) -> None:
    """Write ``value`` as UTF-8 JSON to ``path`` (see the module for how)."""

    def write(fh: TextIO) -> None:
        json.dump(value, fh, ensure_ascii=False, separators=(",", ":"))
        fh.write("\n")

    _write_atomic(path, write)


def write_jsonl_atomic(path: str | os.PathLike[str], records: Iterable[Any]) -> None:
    """Write one JSON value per line, as :func:`write_json_atomic` writes."""

    def write(fh: TextIO) -> None:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False, separators=(",", ":")))
            fh.write("\n")

    _write_atomic(path, write)
