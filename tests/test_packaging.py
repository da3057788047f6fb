"""What an install brings: the library and command line alone, the app as an extra.

``pip install .`` must not pull Streamlit, pandas, plotly or scikit-learn (the
command line and library never load them); ``.[app]`` adds the app, ``.[test]``
everything. Read from the installed distribution's metadata, i.e. what pip
actually resolves. ``.ci/run`` also does a real slim install in a fresh venv.
"""

from __future__ import annotations

import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from page_cluster.cli import app_cmd

ROOT = Path(__file__).resolve().parent.parent
APP_LIBRARIES = {"streamlit", "pandas", "plotly"}
NOT_IN_THE_CORE = APP_LIBRARIES | {"scikit-learn"}


def _requirements() -> list[tuple[str, str | None]]:
    """``(name, extra or None)`` for each requirement of the installed distribution."""
    out = []
    for text in metadata.requires("page-cluster") or []:
        name = re.split(r"[\s<>=!~;\[(]", text, maxsplit=1)[0].lower().replace("_", "-")
        extra = re.search(r"""extra\s*==\s*["']([\w-]+)["']""", text)
        out.append((name, extra.group(1) if extra else None))
    return out


def test_the_core_install_has_no_app_library() -> None:
    core = {name for name, extra in _requirements() if extra is None}
    assert {"lxml", "numpy", "scipy", "warcio"} <= core
    assert not core & NOT_IN_THE_CORE


def test_the_app_extra_brings_the_app_and_the_test_extra_everything() -> None:
    by_extra: dict[str, set[str]] = {}
    for name, extra in _requirements():
        by_extra.setdefault(extra or "", set()).add(name)
    assert by_extra["app"] >= APP_LIBRARIES
    # the test extra names the app extra (and scikit-learn for the quality scores)
    assert {"page-cluster", "scikit-learn", "pytest", "playwright"} <= by_extra["test"]
    requires = metadata.requires("page-cluster") or []
    assert any(r.startswith("page-cluster[app]") and "test" in r for r in requires)


def test_the_app_command_has_the_repository_server_settings() -> None:
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    flat = {
        f"{section}.{key}": str(value).lower() if isinstance(value, bool) else str(value)
        for section, values in config.items()
        for key, value in values.items()
    }
    assert flat == app_cmd.SERVER_SETTINGS


def test_the_app_command_serves_the_installed_entry_script(tmp_path: Path) -> None:
    command = app_cmd.streamlit_command(
        ["--server.port", "8600", "crawl.jsonl", "--jobs", "2", "--data-root=x"], cwd=tmp_path
    )
    assert command[:4] == [sys.executable, "-m", "streamlit", "run"]
    script = Path(command[4])
    assert script.is_file() and script.parent.name == "app"
    assert "def main()" in script.read_text(encoding="utf-8")
    flags, app_args = command[5 : command.index("--")], command[command.index("--") + 1 :]
    assert "--server.port=8600" in flags and "--server.address=localhost" in flags
    assert app_args == [
        "--jobs",
        "2",
        "--crawl",
        str(tmp_path / "crawl.jsonl"),
        "--data-root",
        str(tmp_path / "x"),
    ]


def test_a_streamlit_option_on_the_command_line_replaces_the_default() -> None:
    command = app_cmd.streamlit_command(["--server.address", "0.0.0.0", "--allow-remote"])
    flags = command[5 : command.index("--")]
    assert "--server.address=0.0.0.0" in flags
    assert "--server.address=localhost" not in flags
    assert command[-1] == "--allow-remote"


def test_an_option_without_a_value_is_a_usage_error(capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        app_cmd.streamlit_command(["--server.port"])
    assert exc.value.code == 2
    assert "--server.port needs a value" in capsys.readouterr().err


def test_without_the_app_extra_the_command_says_what_to_install(monkeypatch, capsys) -> None:
    monkeypatch.setitem(sys.modules, "streamlit", None)  # as if not installed
    monkeypatch.setattr(app_cmd.os, "execv", lambda *a: pytest.fail("the server was started"))
    assert app_cmd.main([]) == 1
    assert "pip install 'page-cluster[app]'" in capsys.readouterr().err


def test_a_missing_crawl_is_an_error_before_any_server_starts(tmp_path, monkeypatch, capsys):
    started: list[tuple] = []
    monkeypatch.setattr(app_cmd.os, "execv", lambda *a: started.append(a))
    monkeypatch.chdir(tmp_path)
    assert app_cmd.main(["nope.jsonl"]) == 1
    assert f"{tmp_path / 'nope.jsonl'}: no such file or folder" in capsys.readouterr().err
    assert started == []
    (tmp_path / "crawl.jsonl").write_text('{"html": "<p>x</p>"}\n', encoding="utf-8")
    app_cmd.main(["crawl.jsonl", "--server.port", "8600"])
    ((program, command),) = started
    assert program == sys.executable and str(tmp_path / "crawl.jsonl") in command
