"""The held-out bench's label functions: a site's truth is only as good as them.

Each CMS module in ``bench/`` labels a page with the template that renders it
from where the generator writes it; their examples run here, so a change to
one cannot go unnoticed by the normal test command.
"""

from __future__ import annotations

import doctest
import importlib
import re
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
MODULES = sorted(p.stem for p in BENCH.glob("cms_*.py"))


def test_every_cms_module_is_found():
    assert {"cms_blogs", "cms_hexo", "cms_wordpress", "cms_docusaurus"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_label_examples_hold(name, monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    module = importlib.import_module(name)
    try:
        result = doctest.testmod(module, verbose=False)
    finally:
        sys.modules.pop(name, None)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0


@pytest.fixture
def cms_hugo(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    module = importlib.import_module("cms_hugo")
    yield module
    sys.modules.pop("cms_hugo", None)


#: The page templates Doks 0.5 ships (paths below ``layouts/``).
DOKS = {
    "index.html",
    "404.html",
    "_default/list.html",
    "_default/single.html",
    "_default/terms.html",
    "_default/versions.html",
    "blog/single.html",
    "docs/list.html",
    "docs/single.html",
}


def test_hugo_lookup_prefers_the_type_then_the_layout(cms_hugo):
    # A layout named in front matter wins in the type's folder, then in _default.
    files = DOKS | {"docs/wide.html"}
    assert cms_hugo.hugo_template("page", "docs", "wide", files) == "docs/wide.html"
    assert cms_hugo.hugo_template("page", "blog", "wide", files) == "blog/single.html"
    assert cms_hugo.hugo_template("page", "events", "versions", files) == "_default/versions.html"
    # A section of a type with no list of its own falls through to _default.
    assert cms_hugo.hugo_template("section", "events", "", files) == "_default/list.html"
    # Terms: term.html before taxonomy.html before list.html; lists: terms.html.
    assert cms_hugo.hugo_template("term", "tags", "", DOKS, "tag") == "_default/list.html"
    term = DOKS | {"_default/term.html", "_default/taxonomy.html"}
    assert cms_hugo.hugo_template("term", "tags", "", term, "tag") == "_default/term.html"
    assert cms_hugo.hugo_template("taxonomy", "tags", "", term, "tag") == "_default/terms.html"
    with pytest.raises(LookupError):
        cms_hugo.hugo_template("page", "docs", "", {"index.html"})


def _md(path: Path, front: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\n{front}\n---\n\nText.\n", encoding="utf-8")


def test_doks_labels_come_from_the_content_folder(cms_hugo, tmp_path):
    content = tmp_path / "content"
    _md(content / "en" / "docs" / "_index.md", 'title: "Handbook"')
    _md(content / "en" / "docs" / "soil" / "_index.md", 'title: "Soil"')
    _md(content / "en" / "docs" / "soil" / "worms.md", 'title: "Worms"')
    _md(content / "en" / "blog" / "_index.md", 'title: "News"')
    _md(content / "en" / "blog" / "kale-0" / "index.md", 'title: "Kale"')
    _md(content / "en" / "events" / "fair.md", 'title: "Fair"')
    _md(content / "nl" / "versions.md", 'title: "Edities"\nlayout: "versions"')
    _md(content / "nl" / "about" / "index.md", 'title: "Over"')
    _md(content / "en" / "notes" / "x.md", 'title: "X"\ntype: "docs"')
    _md(content / "en" / "contributors" / "tom" / "_index.md", 'title: "Tom"')

    def label(rel: str) -> str | None:
        return cms_hugo.doks_template_of(rel, content, DOKS)

    assert [label(f"en/{p}index.html") for p in ("", "docs/", "docs/soil/", "blog/page/2/")] == [
        "index",
        "docs/list",
        "docs/list",
        "_default/list",
    ]
    pages = ("docs/soil/worms/", "blog/kale-0/", "events/fair/", "notes/x/")
    assert [label(f"en/{p}index.html") for p in pages] == [
        "docs/single",
        "blog/single",
        "_default/single",
        "docs/single",
    ]
    assert [label(f"nl/{p}index.html") for p in ("versions/", "about/")] == [
        "_default/versions",
        "_default/single",
    ]
    terms = ("tags/", "tags/page/2/", "tags/kale/", "contributors/tom/page/2/")
    assert [label(f"en/{p}index.html") for p in terms] == [
        "_default/terms",
        "_default/terms",
        "_default/list",
        "_default/list",
    ]
    # The language redirect, page 1 of a list (a redirect), files that are no page.
    for rel in ("index.html", "en/blog/page/1/index.html", "en/index.xml", "en/gone/index.html"):
        assert label(rel) is None
    assert label("nl/404.html") == "404"


def test_doks_markup_marks_each_template(cms_hugo):
    """Every template's opening is read as that template, in the minifier's
    unquoted form and with quotes and line breaks."""
    for template, mark in cms_hugo._OPENINGS:
        body = "home" if template == "index" else '"page single"'
        minified = f"<body class={body}><div class=content>{mark}Title"
        assert cms_hugo.template_in_html(minified) == template
        quoted = re.sub(r"class=([^>]*)>", r'class="\1">', mark).replace("><", ">\n<")
        page = f'<body class={body}>\n<div class="content">\n{quoted}'
        assert cms_hugo.template_in_html(page) == template, (template, page)
    assert cms_hugo.template_in_html("<body class=error404><div class=content><p>") is None
    assert cms_hugo.template_in_html("<body class=home><p>no content area") is None


@pytest.fixture
def cms_starlight(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    module = importlib.import_module("cms_starlight")
    yield module
    sys.modules.pop("cms_starlight", None)


def test_starlight_labels_come_from_the_sources(cms_starlight, tmp_path):
    docs = tmp_path / "docs"
    _md(docs / "index.mdx", 'title: "Home"\ntemplate: "splash"\nhero: {"tagline": "Plots"}')
    _md(docs / "open-days.md", 'title: "Open days"\ntemplate: splash')
    _md(docs / "rules.md", 'title: "Rules"\ntableOfContents: false')
    _md(docs / "soil" / "index.md", 'title: "Soil"\nsidebar: {"order": 0}')
    _md(docs / "soil" / "worms-0.mdx", 'title: "Worms"\npagefind: false')
    _md(docs / "nl" / "index.mdx", 'title: "Thuis"\ntemplate: "doc"')
    _md(docs / "nl" / "rules.md", 'title: "Regels"\ntemplate: "splash"')

    def label(rel: str) -> str | None:
        return cms_starlight.starlight_template_of(rel, docs)

    pages = ("", "open-days/", "rules/", "soil/", "soil/worms-0/")
    assert [label(f"{p}index.html") for p in pages] == ["splash", "splash", "doc", "doc", "doc"]
    # A translation's own front matter; an untranslated page takes the English one.
    assert [label(f"nl/{p}index.html") for p in ("", "rules/", "open-days/", "soil/")] == [
        "doc",
        "splash",
        "splash",
        "doc",
    ]
    assert label("404.html") == "404"
    # Starlight's scripts, Pagefind's files and paths with no source are no page.
    for rel in (
        "_astro/page.js",
        "pagefind/pagefind-ui.js",
        "gone/index.html",
        "nl/gone/index.html",
    ):
        assert label(rel) is None


def test_starlight_markup_marks_each_template(cms_starlight):
    doc = (
        '<html lang="en" dir="ltr" data-has-toc data-has-sidebar data-theme="dark" class="a">'
        '<body><nav class="sidebar astro-vrdttmbt" aria-label="Main">'
        '<main data-pagefind-body><h1 id="_top" class="b">404</h1>'
    )
    assert cms_starlight.template_in_html(doc) == "doc"  # a doc titled 404 is a doc
    # Switching the table of contents off leaves the sidebar.
    assert cms_starlight.template_in_html(doc.replace(" data-has-toc", "")) == "doc"
    splash = (
        '<html lang="nl" dir="ltr" data-has-hero data-theme="dark" class="a"><body>'
        '<main data-pagefind-body><div class="hero"><h1 id="_top" data-page-title>Kale</h1>'
    )
    assert cms_starlight.template_in_html(splash) == "splash"
    no_hero = '<html lang="en" data-theme="dark"><main><h1 id="_top" class="c">Open days</h1>'
    assert cms_starlight.template_in_html(no_hero) == "splash"
    not_found = splash.replace(">Kale<", ">404<").replace(" data-pagefind-body", "")
    assert cms_starlight.template_in_html(not_found) == "404"
    # Marks that disagree, a look-alike attribute, or no <html> at all: no template.
    assert cms_starlight.template_in_html(doc.replace(" data-has-sidebar", "")) is None
    assert (
        cms_starlight.template_in_html(splash.replace("data-has-hero", "data-has-sidebar")) is None
    )
    assert (
        cms_starlight.template_in_html(doc.replace("data-has-sidebar", "data-has-sidebars")) is None
    )
    assert cms_starlight.template_in_html('<nav class="sidebar">') is None
