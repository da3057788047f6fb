"""A documentation site written by Sphinx in four themes, for the held-out bench.

Like ``bench/cms_blogs.py`` (whose word list and sentence helpers it uses),
this module writes a site's sources from a seed, builds them with the real
generator and labels each page with the theme template that renders it.
Sphinx and the themes are installed from PyPI at pinned versions into one
throwaway virtual environment in the data folder (``sphinx-build-venv``). The
same sources are built with four themes, each once with ``sphinx-build -b
html`` from ``<folder>/source`` into ``<folder>/html``: Furo
(``sphinx-furo``), the Read the Docs theme (``sphinx-rtd``), the PyData
theme (``sphinx-pydata``) and Alabaster, Sphinx's default theme, which comes
with Sphinx (``sphinx-alabaster``). Their ``conf.py`` differ only in
``html_theme`` and ``html_theme_options`` (keyboard navigation on in Furo and
PyData, the other themes' defaults). Only the sources are invented; every page is Sphinx's
output with the real theme.

The sources are reStructuredText: an allotment society's handbook of 50
documents. The root ``index.rst`` holds two toctrees, one shown with a caption
(getting started, growing, running the site, recipes) and one hidden (the API
reference, the glossary, an about page); growing has three nested sections
(vegetables, fruit, soil), and every section has an ``index.rst`` with its own
toctree. In each section but the recipes about a third of the documents are
long (sections, subsections and now and then a level below: Furo shows its
"On this page" table of contents), a third middling (a section or two) and a
third short (a title and a paragraph or two: Furo hides the table of
contents). Their blocks are prose, admonitions, Python and console code
blocks, literal blocks, list, CSV and simple tables, bullet, numbered and
definition lists, footnotes, ``.. index::`` entries, and ``:term:`` and
``:py:func:`` references. A
glossary defines the terms; the recipes have an ingredients table and
numbered steps. The API section documents a made-up package, ``plotkeeper``,
and six of its modules by hand with the ``py`` domain (``py:module``,
``py:data``, ``py:function``, ``py:class`` with ``py:attribute``,
``py:property`` and ``py:method``, ``py:exception``; no autodoc), so that the
general index and the Python module index have entries.

A page's label is the template that Sphinx renders it with, read from where
Sphinx writes it; the names are the same in the four themes:

* ``page``: every document (``<docname>.html``), the root ``index.html``
  included: Sphinx renders every document with ``page.html``, and no theme
  has another template for the root.
* ``genindex``: ``genindex.html``, the general index (not split into one page
  a letter, Sphinx's default).
* ``domainindex``: ``py-modindex.html``, the Python module index.
* ``search``: ``search.html``.

Furo's ``genindex.html``, ``domainindex.html`` and ``search.html`` extend its
``page.html`` and replace only the article's content, the head's ``<title>``
and some scripts, so the three special pages have the documents' whole shell
(header, navigation sidebar, footer) with an empty table of contents drawer
(``toc-drawer no-toc``, as on the short documents). Furo's ``layout.html``
only prints an error and renders no page here.

The Read the Docs theme has two page templates of its own, ``layout.html``
and ``search.html``. Documents are rendered with Sphinx's ``basic/page.html``
and the two indexes with ``basic/genindex.html`` and
``basic/domainindex.html``; these and the theme's ``search.html`` (Sphinx's
search page, loading the index with jQuery) all extend ``layout.html``,
which resolves to the theme's and holds the whole shell (navigation sidebar,
breadcrumbs, footer) and renders no page itself. The special pages keep that
shell without the documents' "View page source" link and previous and next
buttons; the search page adds Sphinx's search scripts.

The PyData theme's ``layout.html`` extends ``basic/layout.html``; it too has
one other page template, ``search.html``, which extends ``page.html``
(``basic/page.html``, whose parent is the theme's ``layout.html``) and
replaces the article's block, the ``<title>`` and the scripts. Documents and
the two indexes are rendered with Sphinx's ``basic/page.html``,
``basic/genindex.html`` and ``basic/domainindex.html``, as in the Read the
Docs theme. The special pages have no breadcrumbs, no secondary sidebar (the
"On this page" column) and their primary sidebar is hidden on wide screens
(``hide-on-wide``, as on the root ``index.html``, which has no section to
list).

The labels were checked, in each theme and on every page, against the
template name that Sphinx hands to the page's ``html-page-context`` event and
the file that name resolves to in the builder's template loader (a hook in a
throwaway copy of each build), and against each special template's own
markup. Nothing in the pages is random: the same seed gives the same site,
byte for byte.
"""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

from cms_blogs import (  # the same word list and prose as the other sites
    _WORDS,
    _html_pages,
    _paragraph,
    _run,
    _sentence,
    _tool,
)

#: Pinned so that the same sources give the same site: Sphinx, Furo, the
#: ``basic-ng`` theme Furo inherits from, and the reST parser and the
#: highlighter whose markup ends up in the pages.
SPHINX = (
    "sphinx==9.0.4",
    "furo==2025.12.19",
    "sphinx-basic-ng==1.0.0b2",
    "docutils==0.22.4",
    "pygments==2.21.0",
)

#: The other themes, pinned too and installed into the same environment: the
#: Read the Docs theme with the jQuery extension it loads, PyData's, and
#: Alabaster (Sphinx's default, which Sphinx installs; pinned here).
THEME_PACKAGES = (
    "sphinx-rtd-theme==3.1.0",
    "sphinxcontrib-jquery==4.1",
    "pydata-sphinx-theme==0.24.0",
    "alabaster==1.0.0",
)

#: Each build of the handbook, by its folder's suffix (``sphinx-rtd``): the
#: theme's name in ``conf.py`` (also the module it is installed as) and its
#: options there.
THEMES = {
    "furo": ("furo", '{"navigation_with_keys": True}'),
    "rtd": ("sphinx_rtd_theme", "{}"),
    "pydata": ("pydata_sphinx_theme", '{"navigation_with_keys": True}'),
    "alabaster": ("alabaster", "{}"),
}

_PROJECT = "Hazel Lane Growers' Handbook"
_CONF = """\
project = {project!r}
author = "Hazel Lane Allotment Society"
copyright = "2024, Hazel Lane Allotment Society"
release = "3.1"
language = "en"
extensions = []
html_theme = "{theme}"
html_title = "Hazel Lane Handbook"
html_theme_options = {options}
pygments_style = "friendly"
"""

#: Sections of the handbook: folder, title, and the titles of its documents.
_SECTIONS = (
    (
        "getting-started",
        "Getting started",
        (
            "Applying for a plot",
            "Your first season",
            "Keys and gates",
            "Tools on loan",
            "Paying the rent",
            "Who to ask",
        ),
    ),
    (
        "growing/vegetables",
        "Vegetables",
        (
            "Potatoes",
            "Onions and garlic",
            "Brassicas",
            "Beans and peas",
            "Squash",
            "Tomatoes",
            "Salad leaves",
            "Roots",
        ),
    ),
    (
        "growing/fruit",
        "Fruit",
        ("Apples and pears", "Plums and cherries", "Currants", "Raspberries", "Rhubarb"),
    ),
    ("growing/soil", "Soil", ("Compost bays", "No-dig beds", "Green manure", "Mulching")),
    (
        "running",
        "Running the site",
        ("Committee", "Site rules", "Inspections", "Water points", "Bonfires", "Open day"),
    ),
    (
        "recipes",
        "Recipes",
        ("Green tomato chutney", "Rhubarb crumble", "Pickled beans", "Squash soup"),
    ),
)
_GROWING = ("growing/vegetables", "growing/fruit", "growing/soil")
_MODULES = ("beds", "rota", "compost", "weather", "seeds", "water")
_TERMS = (
    "no-dig",
    "green manure",
    "tilth",
    "cordon",
    "chitting",
    "hardening off",
    "catch crop",
    "successional sowing",
    "leaf mould",
    "half plot",
    "brassica",
    "water butt",
)
_ADMONITIONS = ("note", "tip", "warning", "important", "caution", "seealso", "hint")
_VERBS = ("water", "sow", "harvest", "prune", "mulch", "book", "count", "list", "check")
_CODE = (
    "from plotkeeper.beds import Bed\n\nbed = Bed(plot=12, width=1.2, length=4)\n"
    "bed.sow('kale', rows=3)\nprint(bed.area)",
    "for bed in beds:\n    if bed.is_dry:\n        water(bed, litres=4)",
    "rota = Rota.from_sheet('rota.csv')\nfor week, names in rota.weeks():\n"
    "    print(week, ', '.join(names))",
)
_CONSOLE = (
    "$ python -m pip install plotkeeper\n$ plotkeeper rota --week 14",
    "$ plotkeeper beds --plot 12\nbed 1  kale     3 rows\nbed 2  garlic   5 rows",
)


def _slug(title: str) -> str:
    return title.lower().replace(" ", "-").replace(".", "-")


def _heading(text: str, char: str) -> str:
    return f"{text}\n{char * len(text)}"


def _title(rng: random.Random) -> str:
    return _sentence(rng, 2, 5)[:-1]


def _indent(text: str, by: str = "   ") -> str:
    return "\n".join(by + line if line else "" for line in text.splitlines())


def _prose(rng: random.Random, api: list[str]) -> str:
    """A paragraph, now and then with a glossary, footnote or API reference."""
    text = _paragraph(rng)
    roll = rng.random()
    if roll < 0.2:
        text += f" See :term:`{rng.choice(_TERMS)}`."
    elif roll < 0.3 and api:
        text += f" The handbook's scripts use :py:func:`{rng.choice(api)}`."
    elif roll < 0.36:
        text += f" {_sentence(rng, 3, 6)[:-1]} [#]_.\n\n.. [#] {_sentence(rng)}"
    return text


def _block(rng: random.Random, api: list[str]) -> str:
    """One block of a document body, in reST."""
    roll = rng.random()
    if roll < 0.1:
        kind = rng.choice(_ADMONITIONS)
        return f".. {kind}::\n\n{_indent(_paragraph(rng))}"
    if roll < 0.13:
        return f".. admonition:: {_title(rng)}\n\n{_indent(_sentence(rng))}"
    if roll < 0.19:
        caption = f"   :caption: {_title(rng)}\n" if rng.random() < 0.4 else ""
        return f".. code-block:: python\n{caption}\n{_indent(rng.choice(_CODE))}"
    if roll < 0.22:
        return f".. code-block:: console\n\n{_indent(rng.choice(_CONSOLE))}"
    if roll < 0.25:
        return f"{_sentence(rng)[:-1]}::\n\n{_indent(rng.choice(_CODE), '    ')}"
    if roll < 0.29:
        rows = [f"   * - {rng.choice(_WORDS)}\n     - {rng.randint(1, 40)}" for _ in range(4)]
        head = f".. list-table:: {_title(rng)}\n   :header-rows: 1\n\n   * - Crop\n     - Rows"
        return "\n".join([head, *rows])
    if roll < 0.32:
        rows = [
            f"   {rng.randint(1, 60)}, {rng.randint(1, 12)}, {rng.choice(_WORDS)}"
            for _ in range(rng.randint(2, 5))
        ]
        return '.. csv-table::\n   :header: "Plot", "Beds", "Main crop"\n\n' + "\n".join(rows)
    if roll < 0.35:
        rule = "=========  ======  ========"
        months = rng.sample(("March", "April", "May", "June", "July", "August"), 3)
        rows = [f"{m:<9}  {rng.randint(1, 99):<6}  {rng.choice(_WORDS)}" for m in months]
        return "\n".join([rule, "Month      Litres  Note", rule, *rows, rule])
    if roll < 0.44:
        return "\n".join(f"* {_sentence(rng, 2, 7)}" for _ in range(rng.randint(2, 6)))
    if roll < 0.49:
        return "\n".join(f"#. {_sentence(rng, 3, 8)}" for _ in range(rng.randint(3, 5)))
    if roll < 0.53:
        items = [f"{rng.choice(_WORDS)}\n   {_sentence(rng)}" for _ in range(rng.randint(2, 4))]
        return "\n".join(items)
    return _prose(rng, api)


def _index_entry(rng: random.Random) -> str:
    first, second = rng.sample(_WORDS, 2)
    if rng.random() < 0.5:
        return f".. index:: single: {first}; {second}\n\n"
    return f".. index:: pair: {first}; {second}\n\n"


def _document(rng: random.Random, title: str, api: list[str], length: str) -> str:
    """A handbook document, ``short`` (no table of contents), ``middling``
    (a section or two) or ``long`` (subsections too)."""
    out = [_heading(title, "=")]
    if rng.random() < 0.3:
        out.insert(0, _index_entry(rng).rstrip())
    out.append(_prose(rng, api))
    if length == "short":  # the title and a paragraph or two
        if rng.random() < 0.5:
            out.append(_block(rng, api))
        return "\n\n".join(out) + "\n"
    long = length == "long"
    for _ in range(rng.randint(2, 5) if long else rng.randint(1, 2)):
        out.append(_heading(_title(rng), "-"))
        out += [_block(rng, api) for _ in range(rng.randint(1, 3))]
        for _ in range(rng.randint(0, 3) if long else 0):
            out.append(_heading(_title(rng), "~"))
            out += [_block(rng, api) for _ in range(rng.randint(1, 3))]
            for _ in range(rng.randint(0, 2) if rng.random() < 0.3 else 0):
                out.append(_heading(_title(rng), "^"))
                out += [_block(rng, api) for _ in range(rng.randint(1, 2))]
    return "\n\n".join(out) + "\n"


def _recipe(rng: random.Random, title: str) -> str:
    rows = [f"   * - {rng.choice(_WORDS)}\n     - {rng.randint(50, 900)} g" for _ in range(5)]
    head = ".. list-table:: Ingredients\n   :header-rows: 1\n\n   * - Ingredient\n     - Weight"
    table = "\n".join([head, *rows])
    steps = "\n".join(f"#. {_sentence(rng, 4, 10)}" for _ in range(rng.randint(4, 8)))
    tip = f".. tip::\n\n{_indent(_sentence(rng))}"
    parts = [_heading(title, "="), _paragraph(rng), table, _heading("Method", "-"), steps, tip]
    return "\n\n".join(parts) + "\n"


def _toctree(entries: list[str], caption: str = "", hidden: bool = False) -> str:
    options = "   :maxdepth: 2\n"
    options += f"   :caption: {caption}\n" if caption else ""
    options += "   :hidden:\n" if hidden else ""
    return ".. toctree::\n" + options + "\n" + "\n".join(f"   {e}" for e in entries)


def _identifier(rng: random.Random, taken: set[str], make: str) -> str:
    """A new function name (``water_kale``) or class name (``KalePlan``)."""
    while True:
        word = rng.choice(_WORDS)
        if make == "class":
            name = f"{word.capitalize()}{rng.choice(('Plan', 'Log', 'Store', 'Rota'))}"
        else:
            name = f"{rng.choice(_VERBS)}_{word}"
        if name not in taken:
            taken.add(name)
            return name


def _api_function(rng: random.Random, name: str, directive: str, depth: str = "") -> str:
    params = rng.sample(_WORDS, rng.randint(0, 3))
    sig = ", ".join(params + (["*", "when=None"] if rng.random() < 0.3 else []))
    lines = [f"{depth}.. py:{directive}:: {name}({sig})"]
    if directive == "method" and rng.random() < 0.2:
        lines.append(f"{depth}   :classmethod:")
    lines += ["", f"{depth}   {_paragraph(rng)}", ""]
    for param in params:
        lines.append(f"{depth}   :param {param}: {_sentence(rng, 3, 8)}")
        lines.append(f"{depth}   :type {param}: {rng.choice(('int', 'str', 'float', 'Bed'))}")
    if rng.random() < 0.7:
        lines.append(f"{depth}   :returns: {_sentence(rng, 3, 8)}")
        lines.append(f"{depth}   :rtype: {rng.choice(('int', 'bool', 'list[str]', 'None'))}")
    if rng.random() < 0.3:
        lines.append(f"{depth}   :raises ValueError: {_sentence(rng, 3, 8)}")
    if rng.random() < 0.2:
        lines += ["", f"{depth}   .. versionadded:: 2.{rng.randint(0, 9)}"]
    return "\n".join(lines)


def _api_module(rng: random.Random, module: str, api: list[str]) -> str:
    """A module's reference, written by hand with the ``py`` domain."""
    full = f"plotkeeper.{module}"
    out = [
        _heading(f":mod:`{full}` --- {_title(rng)}", "="),
        f".. py:module:: {full}\n   :synopsis: {_sentence(rng, 4, 9)}",
        _paragraph(rng),
    ]
    taken: set[str] = set()
    const = f"DEFAULT_{rng.choice(_WORDS).upper()}"
    out.append(f".. py:data:: {const}\n   :type: int\n   :value: {rng.randint(1, 60)}")
    out.append(_indent(_sentence(rng)))
    out.append(_heading("Functions", "-"))
    for _ in range(rng.randint(2, 5)):
        name = _identifier(rng, taken, "function")
        api.append(f"{full}.{name}")
        out.append(_api_function(rng, name, "function"))
    out.append(_heading("Classes", "-"))
    for _ in range(rng.randint(1, 3)):
        cls = _identifier(rng, taken, "class")
        body = [f".. py:class:: {cls}({', '.join(rng.sample(_WORDS, 2))})", ""]
        body += [f"   {_paragraph(rng)}", ""]
        if rng.random() < 0.6:
            attr = rng.choice(_WORDS)
            body += [f"   .. py:attribute:: {attr}", "      :type: float", ""]
            body += [f"      {_sentence(rng)}", ""]
        if rng.random() < 0.5:
            prop = f"is_{rng.choice(_WORDS)}"
            body += [f"   .. py:property:: {prop}", "      :type: bool", ""]
            body += [f"      {_sentence(rng)}", ""]
        methods: set[str] = set()
        for _ in range(rng.randint(1, 4)):
            method = _identifier(rng, methods, "function")
            body += [_api_function(rng, method, "method", "   "), ""]
        out.append("\n".join(body).rstrip())
    if rng.random() < 0.5:
        out.append(_heading("Exceptions", "-"))
        error = f"{rng.choice(_WORDS).capitalize()}Error"
        out.append(f".. py:exception:: {error}\n\n{_indent(_sentence(rng))}")
    if rng.random() < 0.4:
        out.append(".. seealso::\n\n   :doc:`/glossary` and :py:mod:`plotkeeper`.")
    return "\n\n".join(out) + "\n"


def write_sphinx_sources(source: Path, seed: int = 0, theme: str = "furo") -> None:
    """The handbook's reST sources, the same for a seed, and ``conf.py`` for
    ``theme`` (a key of ``THEMES``)."""
    rng = random.Random(seed + 3141)
    source.mkdir(parents=True, exist_ok=True)
    name, options = THEMES[theme]
    conf = _CONF.format(project=_PROJECT, theme=name, options=options)
    (source / "conf.py").write_text(conf, encoding="utf-8")

    def write(docname: str, text: str) -> None:
        path = source / f"{docname}.rst"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")

    api: list[str] = []
    for module in _MODULES:
        write(f"api/{module}", _api_module(rng, module, api))
    api_index = [
        _heading("API reference", "="),
        ".. py:module:: plotkeeper\n   :synopsis: The society's scripts for plots and rotas.",
        _paragraph(rng),
        f".. code-block:: python\n\n{_indent(_CODE[0])}",
        _toctree(list(_MODULES)),
    ]
    write("api/index", "\n\n".join(api_index) + "\n")

    for folder, title, docs in _SECTIONS:
        names = []
        lengths = [("short", "middling", "long")[n % 3] for n in range(len(docs))]
        rng.shuffle(lengths)
        for doc, length in zip(docs, lengths, strict=True):
            slug = _slug(doc)
            names.append(slug)
            text = _recipe(rng, doc) if folder == "recipes" else _document(rng, doc, api, length)
            write(f"{folder}/{slug}", text)
        head = [_heading(title, "="), _paragraph(rng), _toctree(names)]
        write(f"{folder}/index", "\n\n".join(head) + "\n")
    growing = [_heading("Growing", "="), _paragraph(rng)]
    growing.append(_toctree([f"{s.split('/')[1]}/index" for s in _GROWING]))
    write("growing/index", "\n\n".join(growing) + "\n")

    terms = [f"   {term}\n      {_paragraph(rng)}" for term in _TERMS]
    glossary = [_heading("Glossary", "="), _paragraph(rng), ".. glossary::\n   :sorted:"]
    write("glossary", "\n\n".join([*glossary, "\n\n".join(terms)]) + "\n")
    write("about", f"{_heading('About this handbook', '=')}\n\n{_paragraph(rng)}\n")

    root = [
        _heading(_PROJECT, "="),
        _paragraph(rng),
        f".. note::\n\n{_indent(_sentence(rng))}",
        _toctree(
            ["getting-started/index", "growing/index", "running/index", "recipes/index"],
            caption="Handbook",
        ),
        _toctree(["api/index", "glossary", "about"], caption="Reference", hidden=True),
        _heading("Indices", "-"),
        "* :ref:`genindex`\n* :ref:`modindex`\n* :ref:`search`",
    ]
    write("index", "\n\n".join(root) + "\n")


def _sphinx_build(data: Path, theme: str) -> list[str]:
    """The command running ``sphinx-build`` in the throwaway environment in
    ``data``, which has every theme's packages (one made for Furo alone gets
    the others). The script is run by the environment's own interpreter, so
    that the build sees the packages the import check saw."""
    exe = _tool(data, "sphinx-build", (*SPHINX, *THEME_PACKAGES))
    python = str(exe.with_name("python"))
    module = THEMES[theme][0]
    if subprocess.run([python, "-c", f"import {module}"], capture_output=True).returncode:
        _run([python, "-m", "pip", "install", "-q", *THEME_PACKAGES], "pip install")
    return [python, str(exe)]


def build_sphinx(data: Path, seed: int = 0, theme: str = "furo") -> Path:
    """Sphinx's HTML output folder for the handbook in ``theme`` (a key of
    ``THEMES``), built once into ``data / f"sphinx-{theme}"``."""
    root = data / f"sphinx-{theme}"
    output = root / "html"
    if (output / "index.html").exists():
        return output
    write_sphinx_sources(root / "source", seed, theme)
    command = [*_sphinx_build(data, theme), "-q", "-b", "html"]
    _run([*command, str(root / "source"), str(output)], "sphinx-build")
    return output


_SPECIAL = {"genindex.html": "genindex", "py-modindex.html": "domainindex", "search.html": "search"}


def sphinx_template_of(rel: str) -> str | None:
    """A page's template from where Sphinx writes it, in any of the four
    themes (``None``: not a page, such as the theme's assets or the copied
    sources).

    >>> [sphinx_template_of(p) for p in ("index.html", "growing/fruit/currants.html")]
    ['page', 'page']
    >>> [sphinx_template_of(p) for p in ("genindex.html", "py-modindex.html", "search.html")]
    ['genindex', 'domainindex', 'search']
    >>> [sphinx_template_of(p) for p in ("_static/x.html", "_sources/index.rst.txt", "objects.inv")]
    [None, None, None]
    """
    if not rel.endswith(".html") or rel.startswith("_"):
        return None
    return _SPECIAL.get(rel, "page")


#: Furo's templates have the same names (see the module's docstring).
furo_template_of = sphinx_template_of


def sphinx_pages(data: Path, theme: str) -> list[tuple[str, str, str]]:
    """(path, HTML, template) of every page of the Sphinx handbook in ``theme``."""
    return _html_pages(build_sphinx(data, theme=theme), sphinx_template_of)


def furo_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, template) of every page of the Sphinx handbook in Furo."""
    return sphinx_pages(data, "furo")


def sphinx_rtd_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, template) of every page of the handbook in the Read the Docs theme."""
    return sphinx_pages(data, "rtd")


def sphinx_alabaster_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, template) of every page of the handbook in Alabaster,
    Sphinx's default theme (installed with Sphinx)."""
    return sphinx_pages(data, "alabaster")


def sphinx_pydata_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, template) of every page of the handbook in the PyData theme."""
    return sphinx_pages(data, "pydata")
