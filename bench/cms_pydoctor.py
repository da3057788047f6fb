"""Python API references written by pydoctor, for the held-out bench.

pydoctor is the API documentation generator of Twisted and many other
Python projects; the engine was never developed on it. Unlike the other
``cms_*`` modules nothing here is invented: pydoctor (pinned) is installed
from PyPI into a throwaway environment in ``data``, the wheels of three
well-known libraries (``attrs``, ``click`` and ``requests``, pinned) are
downloaded from PyPI and unpacked, and one pydoctor run documents all four
of their top-level packages (``attr``, ``attrs``, ``click``, ``requests``)
as one project, the way a project documents itself and its vendored
packages. Every page is pydoctor's output.

pydoctor writes one page per package, module and class (and exception),
each rendered by one page class through the theme's ``common.html``: a
package's page (``PackagePage``: its submodules, then what its
``__init__`` defines), a module's (``ModulePage``: what it defines) and a
class's (``ClassPage``: its bases, subclasses and members; exceptions
too). Beside them are the project's own pages, each with its theme file:
the start page (``index.html``), the module, class and undocumented
summaries (one theme file, ``summary.html``: ``moduleIndex.html``,
``classIndex.html``, ``undoccedSummary.html``), the name index
(``nameIndex.html``), the list of all documents (``all-documents.html``)
and the help page (``apidocs-help.html``).

A page's label is that page class or theme file: ``package``, ``module``
and ``class`` read from the sources (a dotted name is a package when the
unpacked wheel has its ``__init__.py``, a module when it has its ``.py``,
otherwise something a module defines that has its own page: a class), and
``index``, ``summary``, ``name-index``, ``all-documents`` and ``help``
from the file name. ``pydoctor_pages`` checks every page's label against
its markup (the heading's class pydoctor writes from the object's kind:
``package``, ``module``, ``class`` or ``exception``) and stops if one
disagrees.
"""

from __future__ import annotations

import re
import subprocess
import zipfile
from pathlib import Path

from cms_blogs import _run, _tool, agreeing_with_markup

PYDOCTOR = "pydoctor==25.10.1"
#: The documented libraries' wheels, pinned (pure Python, from PyPI).
LIBRARIES = ("attrs==24.2.0", "click==8.1.8", "requests==2.32.3")
#: Their top-level packages, documented as one project.
PACKAGES = ("attr", "attrs", "click", "requests")

_PROJECT_PAGES = {
    "index.html": "index",
    "moduleIndex.html": "summary",
    "classIndex.html": "summary",
    "undoccedSummary.html": "summary",
    "nameIndex.html": "name-index",
    "all-documents.html": "all-documents",
    "apidocs-help.html": "help",
}


def build_pydoctor(data: Path) -> tuple[Path, Path]:
    """pydoctor's output folder and the unpacked sources (built once into ``data``)."""
    root = data / "pydoctor-site"
    output, sources = root / "apidocs", root / "src"
    if (output / "index.html").exists():
        return output, sources
    exe = _tool(data, "pydoctor", (PYDOCTOR,))
    wheels = root / "wheels"
    pip = [str(exe.parent / "python"), "-m", "pip", "download", "-q", "--no-deps"]
    _run([*pip, "--only-binary=:all:", "-d", str(wheels), *LIBRARIES], "pip download")
    for wheel in sorted(wheels.glob("*.whl")):
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(sources)
    command = [
        str(exe),
        "--project-name=allotments-deps",
        "--docformat=restructuredtext",
        f"--html-output={output}",
        "-q",
        *(str(sources / name) for name in PACKAGES),
    ]
    # pydoctor exits non-zero when a docstring does not parse (these
    # libraries' docstrings are not all reStructuredText); it writes every
    # page all the same, so only a missing start page is a failed build.
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if not (output / "index.html").exists():
        raise SystemExit(f"pydoctor wrote no index.html:\n{done.stderr[-2500:]}")
    return output, sources


def pydoctor_kind_of(rel: str, sources: Path) -> str | None:
    """A page's label from its file name and the unpacked sources
    (``None``: not a page).

    >>> import tempfile
    >>> src = Path(tempfile.mkdtemp())
    >>> (src / "pkg").mkdir(); _ = (src / "pkg" / "__init__.py").write_text("")
    >>> _ = (src / "pkg" / "mod.py").write_text("")
    >>> [pydoctor_kind_of(p, src) for p in ("pkg.html", "pkg.mod.html", "pkg.mod.Thing.html")]
    ['package', 'module', 'class']
    >>> [pydoctor_kind_of(p, src) for p in ("classIndex.html", "index.html", "apidocs.css")]
    ['summary', 'index', None]
    """
    if rel in _PROJECT_PAGES:
        return _PROJECT_PAGES[rel]
    if "/" in rel or not rel.endswith(".html"):
        return None
    folder = sources.joinpath(*rel[: -len(".html")].split("."))
    if (folder / "__init__.py").exists():
        return "package"
    if folder.with_suffix(".py").exists():
        return "module"
    return "class"


_HEADING = re.compile(r'<h1 class="(\w+)')
_KINDS = {"package": "package", "module": "module", "class": "class", "exception": "class"}


def pydoctor_markup_of(html: str) -> str | None:
    """What a documented object's page says it is (its heading's class);
    ``None`` on the project's own pages, whose heading has no class.

    >>> pydoctor_markup_of('<h1 class="exception"><code>')
    'class'
    >>> pydoctor_markup_of('<h1 class="module private"><code>')
    'module'
    """
    found = _HEADING.search(html)
    return None if found is None else _KINDS.get(found.group(1), found.group(1))


def pydoctor_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, label) of every page of the pydoctor reference, published
    under ``apidocs/`` (pydoctor's default output folder)."""
    output, sources = build_pydoctor(data)
    pages = []
    for file in sorted(output.glob("*.html")):
        kind = pydoctor_kind_of(file.name, sources)
        if kind is not None:
            pages.append((f"apidocs/{file.name}", file.read_text(encoding="utf-8"), kind))
    own = [page for page in pages if page[0].removeprefix("apidocs/") not in _PROJECT_PAGES]
    agreeing_with_markup(own, pydoctor_markup_of, "pydoctor kinds")
    return pages
