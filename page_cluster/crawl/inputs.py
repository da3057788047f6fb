"""Which files a crawl command reads, and where each one's output goes (no Dask)."""

from __future__ import annotations

import glob
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "CRAWL_SUFFIXES",
    "DaskSpec",
    "expand_inputs",
    "host_file_names",
    "is_crawl_run",
    "is_pattern",
    "output_names",
    "parse_dask_spec",
]

#: File names a folder of crawl files is made of (a folder of ``.html`` files is
#: a mirrored site instead).
CRAWL_SUFFIXES = (".warc", ".warc.gz", ".jsonl", ".jsonl.gz", ".json", ".json.gz")
_PAGE_SUFFIXES = (".html", ".htm", ".xhtml", ".shtml")


def is_pattern(text: str) -> bool:
    """A glob pattern the shell did not expand (quoted on the command line).

    >>> is_pattern("crawls/*.warc.gz"), is_pattern("crawl.warc.gz")
    (True, False)
    """
    return glob.has_magic(text)


def _crawl_files(folder: str) -> list[str] | None:
    """The crawl files under a folder (sorted), or None when it is a mirrored site."""
    found: list[str] = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            low = name.lower()
            if low.endswith(_PAGE_SUFFIXES):
                return None
            if low.endswith(CRAWL_SUFFIXES) and not name.startswith("."):
                found.append(os.path.join(root, name))
    return sorted(found) or None


def expand_inputs(inputs: Sequence[str]) -> list[str]:
    """Files to read, in the order given: a quoted glob expands (sorted), a folder
    holding only crawl files becomes those files; anything else is kept as it is
    (a mirrored folder, a file, or a missing path that its reader reports)."""
    out: list[str] = []
    for item in inputs:
        if not os.path.exists(item) and is_pattern(item):
            matches = sorted(glob.glob(item, recursive=True))
            for m in matches:
                out.extend(_crawl_files(m) or [m] if os.path.isdir(m) else [m])
            if not matches:
                out.append(item)
        elif os.path.isdir(item):
            out.extend(_crawl_files(item) or [item])
        else:
            out.append(item)
    return out


def is_crawl_run(inputs: Sequence[str], files: Sequence[str], *, dask: bool, out_dir: bool) -> bool:
    """Whether a command asks for the crawl form: ``--dask``, ``--out-dir``, several
    inputs, or one that expanded (a glob, a folder of crawl files). Otherwise the
    single-input form runs exactly as it always has.

    >>> is_crawl_run(["a.jsonl"], ["a.jsonl"], dask=False, out_dir=False)
    False
    >>> is_crawl_run(["crawls/"], ["crawls/a.warc.gz"], dask=False, out_dir=False)
    True
    """
    return dask or out_dir or len(files) != 1 or list(inputs) != list(files)


def _stem(name: str) -> str:
    low = name.lower()
    for suffix in sorted(CRAWL_SUFFIXES, key=len, reverse=True):
        if low.endswith(suffix) and len(name) > len(suffix):
            return name[: -len(suffix)]
    return name


def output_names(files: Sequence[str]) -> list[str]:
    """Relative output file names, one per input, never two alike.

    Inputs keep their path below the folder all of them share, so two
    ``part-0.warc.gz`` in different folders do not collide.

    >>> output_names(["a/x.warc.gz", "b/x.jsonl", "b/y.json"])
    ['a/x.clusters.jsonl', 'b/x.clusters.jsonl', 'b/y.clusters.jsonl']
    """
    if not files:
        return []
    parts = [Path(os.path.abspath(f)).parts for f in files]
    common = 0
    if len(files) > 1:
        shortest = min(len(p) for p in parts) - 1
        while common < shortest and len({p[common] for p in parts}) == 1:
            common += 1
    else:
        common = len(parts[0]) - 1
    names: list[str] = []
    seen: set[str] = set()
    for p in parts:
        rel = list(p[common:]) or ["input"]
        rel[-1] = _stem(rel[-1]) + ".clusters.jsonl"
        name = "/".join(rel)
        base, n = name, 1
        while name in seen:
            n += 1
            name = base.replace(".clusters.jsonl", f".{n}.clusters.jsonl")
        seen.add(name)
        names.append(name)
    return names


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]")


def host_file_names(hosts: Sequence[str]) -> dict[str, str]:
    """A file-system-safe, distinct base name for every host.

    >>> names = host_file_names(["example.com", "127.0.0.1:8000", "", "127.0.0.1_8000"])
    >>> list(names.values())
    ['example.com', '127.0.0.1_8000', '_no-host', '127.0.0.1_8000.2']
    """
    out: dict[str, str] = {}
    used: set[str] = set()
    for host in hosts:
        base = _UNSAFE.sub("_", host).lstrip(".") or "_no-host"
        name, n = base, 1
        while name in used:
            n += 1
            name = f"{base}.{n}"
        used.add(name)
        out[host] = name
    return out


@dataclass(frozen=True, slots=True)
class DaskSpec:
    """Where to run: a ``LocalCluster`` of ``workers`` processes (None: the
    caller's default), or an existing scheduler at ``address``."""

    address: str | None = None
    workers: int | None = None


def parse_dask_spec(text: str) -> DaskSpec:
    """``local``, ``local:N`` or a scheduler address.

    >>> parse_dask_spec("local:2"), parse_dask_spec("tcp://scheduler:8786")
    (DaskSpec(address=None, workers=2), DaskSpec(address='tcp://scheduler:8786', workers=None))
    """
    text = text.strip()
    if text == "local":
        return DaskSpec(None, None)
    if text.startswith("local:"):
        count = text[len("local:") :]
        if not count.isdigit() or int(count) < 1:
            raise ValueError(f"expected local or local:N with N >= 1, got {text!r}")
        return DaskSpec(None, int(count))
    if not text:
        raise ValueError("expected local, local:N or a scheduler address")
    return DaskSpec(text, None)
