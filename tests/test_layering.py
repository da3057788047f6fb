"""The package's rooms and the direction of their imports.

Every module of ``page_cluster`` lives in one room; the rooms are listed below
from the ground floor up, and a module may import only from its own room or a
lower one, so that a reader never loads the clustering engine and the engine
never loads the app. The check reads the source (every ``import`` statement,
including those inside functions and under ``TYPE_CHECKING``), so a lazy import
cannot hide an upward edge.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "page_cluster"

#: The rooms, ground floor first. A module imports only from its own room or lower.
ROOMS: tuple[str, ...] = (
    "_version",  # the version string, read by the build
    "base",  # page records, run bounds, progress events, href rules
    "parallel",  # worker processes, background imports
    "io",  # crawl readers: JSONL, JSON arrays, WARC, mirrored folders
    "parsing",  # HTML -> tokens and signatures
    "signatures",  # the deduplicated signature matrix
    "ingest",  # pages -> corpus, in worker processes
    "clustering",  # blocking, Stage A, Stage B
    "validation",  # the post-hoc partition report
    "explain",  # cluster reasons, landmarks
    "api",  # the front door: resolve_page_cluster_keys, the estimator
    "content",  # main-content extraction
    "crawl",  # many files, many hosts, Dask
    "cli",  # the page-cluster command
    "__main__",  # python -m page_cluster
    "app_support",  # the app's logic (no Streamlit)
    "app",  # the app's Streamlit side: entry script, navigation, views
)

#: Imported by the package face (``page_cluster/__init__.py``), which sits above every room.
FACE = "__init__"

#: Only the UI room may import these at all.
UI_ONLY = frozenset({"streamlit"})
#: Installed by the ``app`` extra only: outside the app rooms they may be imported
#: inside a function (a feature that needs them), never when a module loads.
APP_EXTRA = frozenset({"streamlit", "pandas", "plotly", "sklearn"})
APP_ROOMS = frozenset({"app_support", "app"})
UI_ROOMS = frozenset({"app"})


@dataclass(frozen=True)
class Edge:
    source: str  # module name, e.g. page_cluster.io.jsonl
    target: str  # imported module, absolute
    line: int
    top_level: bool  # executed when the module loads


def _module_name(path: Path, root: Path) -> tuple[str, str]:
    """(module, package) of a source file under ``root`` (the package folder)."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        name = ".".join(parts[:-1])
        return name, name
    return ".".join(parts), ".".join(parts[:-1])


def _type_checking_block(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _edges(path: Path, root: Path) -> list[Edge]:
    module, package = _module_name(path, root)
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out: list[Edge] = []

    def visit(node: ast.AST, top: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                out.extend(Edge(module, a.name, child.lineno, top) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")[: len(package.split(".")) - (child.level - 1)]
                    stem = ".".join(base + ([child.module] if child.module else []))
                else:
                    stem = child.module or ""
                if child.level and child.module is None:
                    out.extend(
                        Edge(module, f"{stem}.{a.name}", child.lineno, top) for a in child.names
                    )
                else:
                    out.append(Edge(module, stem, child.lineno, top))
            inner = top and not isinstance(
                child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
            )
            visit(child, inner and not _type_checking_block(child))

    visit(tree, True)
    return out


def room_of(module: str, package: str = "page_cluster") -> str | None:
    """The room of a module of the package (``page_cluster.io.jsonl`` -> ``io``)."""
    parts = module.split(".")
    if parts[0] != package:
        return None
    return parts[1] if len(parts) > 1 else FACE


def layering_problems(
    root: Path,
    rooms: tuple[str, ...] = ROOMS,
    app_rooms: frozenset[str] = APP_ROOMS,
    ui_rooms: frozenset[str] = UI_ROOMS,
) -> list[str]:
    """Every import that breaks the order of ``rooms``, as readable sentences."""
    package = root.name
    rank = {room: i for i, room in enumerate(rooms)}
    problems = []
    for path in sorted(root.rglob("*.py")):
        for edge in _edges(path, root):
            where = f"{path.relative_to(root.parent)}:{edge.line}"
            src = room_of(edge.source, package)
            dst = room_of(edge.target, package)
            if src not in rank and src != FACE:
                problems.append(f"{where}: {edge.source} is in no listed room ({src})")
                continue
            top_name = edge.target.split(".")[0]
            if src not in ui_rooms and top_name in UI_ONLY:
                problems.append(f"{where}: the core imports {edge.target}")
            elif src not in app_rooms and top_name in APP_EXTRA and edge.top_level:
                problems.append(f"{where}: {edge.target} imported when the module loads")
            if dst is None or src == FACE or dst == src:
                continue
            if dst not in rank or dst == FACE or rank[dst] > rank[src]:
                problems.append(f"{where}: {src} imports the higher room {dst} ({edge.target})")
    return problems


def test_no_room_imports_a_higher_one() -> None:
    assert layering_problems(PACKAGE) == []


def test_every_room_is_listed_and_exists() -> None:
    packages = {p.parent.name for p in PACKAGE.glob("*/__init__.py")}
    modules = {p.stem for p in PACKAGE.glob("*.py")} - {FACE}
    assert packages | modules == set(ROOMS)


def _write(root: Path, files: dict[str, str]) -> Path:
    pkg = root / "pkg"
    for name, text in files.items():
        path = pkg / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return pkg


@pytest.mark.parametrize(
    ("source", "finding"),
    [
        ("from ..high.b import x\n", "low imports the higher room high"),
        ("def f():\n    from ..high import b\n", "low imports the higher room high"),
        ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.high.b\n", "higher"),
        ("import streamlit as st\n", "the core imports streamlit"),
        ("def f():\n    import streamlit\n", "the core imports streamlit"),
        ("import pandas as pd\n", "pandas imported when the module loads"),
    ],
)
def test_the_check_finds_an_upward_or_app_import(tmp_path: Path, source: str, finding: str) -> None:
    pkg = _write(
        tmp_path,
        {
            "__init__.py": "",
            "low/__init__.py": "",
            "low/a.py": source,
            "high/__init__.py": "",
            "high/b.py": "from ..low.a import x\n",
        },
    )
    problems = layering_problems(
        pkg, rooms=("low", "high"), app_rooms=frozenset(), ui_rooms=frozenset()
    )
    assert any(finding in p for p in problems), problems
    assert all("pkg/high/b.py" not in p for p in problems)


def test_the_check_allows_downward_and_lazy_app_imports(tmp_path: Path) -> None:
    pkg = _write(
        tmp_path,
        {
            "__init__.py": "from .high.b import y\n",
            "low/__init__.py": "",
            "low/a.py": "from . import c\ndef f():\n    import pandas\n",
            "low/c.py": "",
            "high/__init__.py": "",
            "high/b.py": "from ..low.a import x\nimport pkg.low.c\n",
            "app/__init__.py": "import streamlit\n",
        },
    )
    rooms = ("low", "high", "app")
    app = frozenset({"app"})
    assert layering_problems(pkg, rooms=rooms, app_rooms=app, ui_rooms=app) == []
    assert layering_problems(pkg, rooms=("low", "high")) == [
        "pkg/app/__init__.py:1: pkg.app is in no listed room (app)"
    ]


def test_the_app_logic_may_load_pandas_but_not_streamlit(tmp_path: Path) -> None:
    pkg = _write(
        tmp_path,
        {"__init__.py": "", "logic/__init__.py": "import pandas\nimport streamlit\n"},
    )
    problems = layering_problems(
        pkg, rooms=("logic",), app_rooms=frozenset({"logic"}), ui_rooms=frozenset()
    )
    assert problems == ["pkg/logic/__init__.py:2: the core imports streamlit"]
