"""``page-cluster app``: serve the installed analyst app on this machine.

page-cluster app [CRAWL] [--jobs N] [--data-root DIR]... [--allow-remote]
                 [Streamlit options, e.g. --server.port 8502]

Runs ``streamlit run`` on the app's entry script inside the installed package,
with the server settings the repository's ``.streamlit/config.toml`` gives
``streamlit run app.py`` (local only, headless, no usage statistics), so the
app behaves the same wherever it is started. Any other ``--section.option``
is passed to Streamlit and wins over those settings. Needs the ``app`` extra
(``pip install 'page-cluster[app]'``).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from .common import UsageParser, n_jobs_value

__all__ = ["SERVER_SETTINGS", "main", "streamlit_command"]

#: Streamlit settings of the app, as in ``.streamlit/config.toml`` (a test keeps
#: the two equal); a setting given on the command line replaces its entry.
SERVER_SETTINGS: dict[str, str] = {
    "server.address": "localhost",
    "server.headless": "true",
    "server.maxUploadSize": "2048",
    "server.runOnSave": "false",
    "server.fileWatcherType": "none",
    "browser.gatherUsageStats": "false",
    "browser.serverAddress": "localhost",
    "client.toolbarMode": "minimal",
}

INSTALL_HINT = "the app needs its extra: pip install 'page-cluster[app]'"


def _entry_script() -> Path:
    spec = importlib.util.find_spec("page_cluster.app")
    assert spec is not None and spec.submodule_search_locations
    return Path(next(iter(spec.submodule_search_locations))) / "main.py"


def _parser() -> argparse.ArgumentParser:
    p = UsageParser(
        prog="page-cluster app",
        description="Serve the analyst app at http://localhost:8501 (this machine only). "
        "Options of the form --section.option VALUE (e.g. --server.port 8502) go to Streamlit.",
    )
    p.add_argument("crawl", nargs="?", metavar="CRAWL", help="the crawl to open first")
    p.add_argument(
        "--jobs",
        "-j",
        type=n_jobs_value,
        default=-1,
        metavar="N",
        help="worker processes for parsing a large crawl, as n_jobs: -1 all cores "
        "(default), 1 one process",
    )
    p.add_argument(
        "--data-root",
        action="append",
        default=[],
        metavar="DIR",
        help="a folder the app may open crawls from (repeatable; default: this folder)",
    )
    p.add_argument(
        "--allow-remote",
        action="store_true",
        help="allow serving beyond this machine (with --server.address)",
    )
    return p


def _is_streamlit_option(item: str) -> bool:
    name = item.partition("=")[0]
    return name.startswith("--") and "." in name


def split_arguments(
    argv: Sequence[str], parser: argparse.ArgumentParser
) -> tuple[list[str], dict[str, str]]:
    """The app's own arguments, and the ``--section.option VALUE`` (or
    ``--section.option=VALUE``) pairs meant for Streamlit, in order.

    >>> split_arguments(["--server.port", "8502", "a.jsonl", "--theme.base=dark"], _parser())
    (['a.jsonl'], {'server.port': '8502', 'theme.base': 'dark'})
    """
    own: list[str] = []
    options: dict[str, str] = {}
    items = list(argv)
    i = 0
    while i < len(items):
        item = items[i]
        if not _is_streamlit_option(item):
            own.append(item)
            i += 1
            continue
        name, eq, value = item.partition("=")
        if not eq:
            if i + 1 >= len(items):
                parser.error(f"{item} needs a value")
            value = items[i + 1]
            i += 1
        options[name[2:]] = value
        i += 1
    return own, options


def streamlit_command(argv: Sequence[str], *, cwd: Path | None = None) -> list[str]:
    """The ``streamlit run`` command line for ``page-cluster app`` ``argv``."""
    parser = _parser()
    own, given = split_arguments(argv, parser)
    args = parser.parse_args(own)
    options = {**SERVER_SETTINGS, **given}
    here = Path.cwd() if cwd is None else cwd
    app_args = ["--jobs", str(args.jobs)]
    if args.crawl:
        app_args += ["--crawl", str((here / args.crawl).resolve())]
    for root in args.data_root:
        app_args += ["--data-root", str((here / root).resolve())]
    if args.allow_remote:
        app_args.append("--allow-remote")
    flags = [f"--{name}={value}" for name, value in options.items()]
    return [sys.executable, "-m", "streamlit", "run", str(_entry_script()), *flags, "--", *app_args]


def _crawl_argument(command: Sequence[str]) -> str | None:
    """The crawl a ``streamlit_command`` line opens first, if any."""
    app_args = list(command[list(command).index("--") + 1 :])
    if "--crawl" in app_args:
        return app_args[app_args.index("--crawl") + 1]
    return None


def main(argv: Sequence[str]) -> int:
    command = streamlit_command(argv)
    crawl = _crawl_argument(command)
    if crawl is not None and not Path(crawl).exists():
        # Said here, before a server starts for a mistyped name.
        sys.stderr.write(f"page-cluster app: error: {crawl}: no such file or folder\n")
        return 1
    if importlib.util.find_spec("streamlit") is None:
        sys.stderr.write(f"page-cluster app: error: {INSTALL_HINT}\n")
        return 1
    sys.stdout.flush()
    sys.stderr.flush()
    # Replaced by the server: Ctrl-C and signals reach Streamlit directly.
    os.execv(command[0], command)
    return 0  # pragma: no cover - execv does not return
