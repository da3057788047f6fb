"""What the app may touch on the server: data roots, the state folder, the listen address.

The app has no login, so anything a browser can type into a path box is read
with the server's rights. Crawls are therefore opened only under *data roots*
(by default the folder the app was started in, plus folders named with
``--data-root`` or ``$PAGE_CLUSTER_DATA_ROOTS``), and decision files are kept
under one *state folder* (``$PAGE_CLUSTER_STATE_DIR``, else ``~/.page-cluster``).
Paths are compared after resolving ``..`` and symbolic links, so neither walks
out of a root. The server should listen on this machine only; another address
must be asked for explicitly (``--allow-remote``) and is then flagged.

Everything here is plain data in, plain data out: the Streamlit side passes the
environment, its arguments and the working folder.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .decisions import STATE_DIR_ENV
from .sources import LoadError

__all__ = [
    "ALLOW_REMOTE_ENV",
    "DATA_ROOTS_ENV",
    "LOCAL_ADDRESSES",
    "STATE_DIR_ENV",
    "AccessPolicy",
    "StartOptions",
    "inside",
    "is_local_address",
    "listen_problem",
    "policy_from",
]

#: Extra data roots, separated by the platform's path separator (``:`` on POSIX).
DATA_ROOTS_ENV = "PAGE_CLUSTER_DATA_ROOTS"
#: ``1`` lets the app serve on an address other than this machine's.
ALLOW_REMOTE_ENV = "PAGE_CLUSTER_ALLOW_REMOTE"
#: Addresses that only this machine can reach.
LOCAL_ADDRESSES = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})


def _expand(text: str) -> Path:
    """``~`` and ``~user`` expanded; an unknown user's ``~name`` stays a plain name
    (``Path.expanduser`` would raise)."""
    try:
        return Path(os.path.expanduser(text))
    except ValueError:  # a NUL byte in a ~name: left for the caller to refuse
        return Path(text)


def _real(path: Path) -> Path:
    """``path`` with ``~``, ``..`` and symbolic links resolved (it need not exist).

    Raises ``ValueError`` for a path no file can have (a NUL byte).
    """
    return Path(os.path.realpath(_expand(str(path))))


def inside(path: Path, roots: Sequence[Path]) -> bool:
    """Whether ``path`` (resolved) is one of ``roots`` or below one of them.

    >>> inside(Path("/srv/crawls/a.jsonl"), [Path("/srv/crawls")])
    True
    >>> inside(Path("/srv/crawls/../secret"), [Path("/srv/crawls")])
    False
    >>> inside(Path("/srv/crawls-old/a"), [Path("/srv/crawls")])
    False
    """
    real = _real(path)
    return any(real.is_relative_to(_real(root)) for root in roots)


@dataclass(frozen=True)
class AccessPolicy:
    """Where crawls may be read from, where state is kept, and whether remote serving is allowed."""

    data_roots: tuple[Path, ...]
    state_dir: Path
    allow_remote: bool = False
    #: Files the app itself ships (the bundled sample) and the crawl it was started
    #: on: always readable.
    bundled: tuple[Path, ...] = ()

    def roots_text(self) -> str:
        return ", ".join(str(r) for r in self.data_roots)

    def crawl_path(self, text: str) -> Path:
        """The crawl path typed by the analyst, resolved, or :class:`LoadError` if outside.

        A relative path is taken from the first data root (the folder the app
        was started in, by default).
        """
        text = text.strip()
        if not text:
            raise LoadError("path", "no file or folder named")
        given = _expand(text)
        if not given.is_absolute() and self.data_roots:
            given = self.data_roots[0] / given
        try:
            real = _real(given)
            allowed = inside(real, self.bundled) or inside(real, self.data_roots)
        except ValueError:
            raise LoadError("path", "not a usable file or folder name") from None
        if allowed:
            return real
        raise LoadError(
            text,
            "outside the folders this app may read ("
            + self.roots_text()
            + "); start the app with --data-root FOLDER (or set "
            + DATA_ROOTS_ENV
            + ") to open crawls elsewhere",
        )

    def decisions_path(self, text: str) -> Path:
        """A decisions file named by the analyst, kept inside the state folder.

        A bare name (``team.sqlite3``) or a relative path is placed in the state
        folder; anything resolving outside it raises :class:`ValueError`.
        """
        text = text.strip()
        if not text:
            raise ValueError("no decisions file named")
        given = _expand(text)
        if not given.is_absolute():
            given = self.state_dir / given
        try:
            real = _real(given)
        except ValueError:
            raise ValueError(f"{text!r} is not a usable file name") from None
        if not inside(real, [self.state_dir]) or real == _real(self.state_dir):
            raise ValueError(
                f"{text}: decisions files are kept in {self.state_dir}; give a file name "
                f"there (set {STATE_DIR_ENV} to use another folder)"
            )
        return real


def _parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="app.py", add_help=False)
    parser.add_argument("--data-root", action="append", default=[])
    parser.add_argument("--allow-remote", action="store_true")
    parser.add_argument("--crawl")
    parser.add_argument("--jobs", type=int, default=-1)
    args, _unknown = parser.parse_known_args(list(argv))
    return args


@dataclass(frozen=True)
class StartOptions:
    """How the server was started (``page-cluster app [CRAWL] [--jobs N]``)."""

    #: The crawl to open first, instead of the bundled sample.
    crawl: Path | None = None
    #: Worker processes for parsing a large crawl, as ``n_jobs`` (-1: all cores).
    n_jobs: int = -1


def start_options(argv: Sequence[str], cwd: Path) -> StartOptions:
    """The app's start options from its arguments (after ``--``).

    >>> start_options(["--crawl", "a.jsonl", "--jobs", "2"], Path("/srv"))
    StartOptions(crawl=PosixPath('/srv/a.jsonl'), n_jobs=2)
    >>> start_options([], Path("/srv"))
    StartOptions(crawl=None, n_jobs=-1)
    """
    args = _parse_args(argv)
    crawl = None
    if args.crawl:
        given = _expand(args.crawl)
        crawl = given if given.is_absolute() else cwd / given
    return StartOptions(crawl, args.jobs or -1)


def policy_from(
    env: Mapping[str, str],
    argv: Sequence[str],
    cwd: Path,
    *,
    home: Path,
    bundled: Sequence[Path] = (),
) -> AccessPolicy:
    """The policy from the app's arguments (after ``--``), environment and start folder.

    >>> p = policy_from({}, ["--data-root", "/data"], Path("/srv/app"), home=Path("/home/a"))
    >>> [str(r) for r in p.data_roots], str(p.state_dir), p.allow_remote
    (['/srv/app', '/data'], '/home/a/.page-cluster', False)
    """
    args = _parse_args(argv)
    roots: list[Path] = [cwd]
    named = [*args.data_root]
    named += [p for p in env.get(DATA_ROOTS_ENV, "").split(os.pathsep) if p.strip()]
    for text in named:
        path = _expand(text.strip())
        roots.append(path if path.is_absolute() else cwd / path)
    unique: list[Path] = []
    for root in roots:
        if root not in unique:
            unique.append(root)
    state = env.get(STATE_DIR_ENV, "").strip()
    state_dir = _expand(state) if state else home / ".page-cluster"
    allow = args.allow_remote or env.get(ALLOW_REMOTE_ENV, "").strip() == "1"
    # The crawl named when the server was started is readable wherever it is.
    start = start_options(argv, cwd).crawl
    files = (*bundled, start) if start is not None else tuple(bundled)
    return AccessPolicy(tuple(unique), state_dir, allow, files)


def is_local_address(address: str | None) -> bool:
    """Whether a server address is reachable from this machine only.

    An empty address means every interface (Streamlit's own default).

    >>> is_local_address("localhost"), is_local_address("0.0.0.0"), is_local_address("")
    (True, False, False)
    """
    return (address or "").strip().lower() in LOCAL_ADDRESSES


def listen_problem(address: str | None, allow_remote: bool) -> tuple[str, str] | None:
    """``(level, message)`` when the server listens beyond this machine, else ``None``.

    ``level`` is ``error`` (the app refuses to serve) or ``warning`` (it was allowed).
    """
    if is_local_address(address):
        return None
    shown = address or "every network interface"
    if allow_remote:
        return (
            "warning",
            f"This app listens on {shown}: anyone who can reach this port can read "
            "the crawls under its data roots and change decisions (there is no login).",
        )
    return (
        "error",
        f"This app is set to listen on {shown}, beyond this machine, and has no login. "
        "Restart it with --server.address localhost, or, to serve it on purpose, add "
        f"-- --allow-remote after the script name (or set {ALLOW_REMOTE_ENV}=1).",
    )
