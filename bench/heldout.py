#!/usr/bin/env python3
"""Clustering quality on generators the engine was never developed on.

The shared corpora are what the engine was built and tuned against; a score on
them says little about a site nobody looked at. This script builds two more
labelled sites from a Debian package the engine's rules were never read
against, Rust's documentation (``rust-doc``):

- ``rustdoc``: the standard library's API reference as rustdoc writes it. Each
  page's template is the kind of item it documents, which rustdoc puts in the
  file name (``struct.Vec.html``, ``trait.Iterator.html``, a module's
  ``index.html``, the source view under ``src/``). Redirect stubs are left out.
- ``mdbook``: seven books written with mdBook (the Rust book, the Rustonomicon,
  the reference, Rust by Example, ...), one host each. Every page a book's
  generator wrote is that book's one template; the few pages written by another
  tool (the old book's stand-alone pages) are a template of their own.

- ``javadoc11`` and ``javadoc17``: two Java API references from later javadoc
  generations than the shared ``javadoc8`` corpus (HTML5, ``<main>``, no
  frames): jsoup (``libjsoup-java-doc``, JDK 11-style pages) and Apache Commons
  Lang 3 (``libcommons-lang3-java-doc``, JDK 17, with source views). A page's
  template is its javadoc page kind: JDK 17 names it on ``<body>``
  (``class="class-use-page"``); before that, javadoc's fixed file names say it
  (``class-use/``, ``package-summary.html``, ``package-tree.html`` ...).

- ``gtkdoc``: the GLib, GObject and GIO references as gtk-doc writes them
  (``libglib2.0-doc``; DocBook XSL with gtk-doc's own stylesheet and
  navigation), three manuals on one host, each with its own stylesheet. A
  page's template is the kind of DocBook chunk it renders (the class of its
  first ``div``), grouped by the stylesheet template that renders it:
  ``refentry`` (an API page or a tool's manual page), sections, components
  (chapters, prefaces, appendices), divisions (parts, references), ``book``,
  ``index``, ``glossary``.

- ``django``: Django 3.2's documentation (``python-django-doc``), Sphinx with
  Django's own theme, published under ``en/3.2/``. A page's template is what
  Sphinx renders it with: a document, the general index, the module index, the
  search page, or a module's highlighted source (``_modules/``).

- ``haddock``: four Haskell libraries' API references as Haddock writes them
  (``libghc-aeson-doc``, ``libghc-attoparsec-doc``, ``libghc-megaparsec-doc``,
  ``libghc-pandoc-types-doc``), published on one host as Hackage publishes
  them (``package/<name>/docs/``). A page's template is the Haddock page it
  is: a module's page, a library's contents page (``index.html``), its name
  index (``doc-index*.html``: the letter chooser and the letter pages, one
  function writes both) or its hyperlinked source (``src/``). No page has a
  ``<main>``: the layout's ``div#content`` holds each page kind's blocks.

- ``pelican`` and ``pelican-simple``: a blog built by Pelican, a static CMS,
  with two of its bundled themes (``notmyidea``, with a stylesheet and a
  featured first article; ``simple``, without any stylesheet). The sources
  (articles with categories, tags, authors and translations, and a few
  pages) are written by ``bench/cms_blogs.py``; the pages are Pelican's.
  A page's template is the theme file rendering it, with a file that only
  extends another and changes its text counted as that other (the
  category, tag and author listings are the index; the authors, categories
  and tags lists are one term list): index, article, page, term list,
  archives. MkDocs with the Material theme and its blog plugin, and Nikola
  with its Bootstrap 4 theme, in the same module (``mkdocs``, ``nikola``).

- ``gidocgen``: Pango's API reference as gi-docgen writes it
  (``libpango1.0-doc``), six namespaces on one host. A page's template is
  the theme file gi-docgen renders it with, which its file name says
  (``method.Layout.get_text.html``, ``class.Layout.html``): the theme maps
  enums, flags and error domains to one file, records, unions and aliases
  to another, callbacks to the function's; a namespace's ``index.html`` is
  the namespace page and every other page (the class hierarchy, the
  hand-written chapters) the content page. Function-like pages (methods,
  constructors, functions, virtual functions) are separate theme files whose
  main areas are alike: the labels ask the engine to tell them apart.
- ``nodejs``: Node.js's API manual (``nodejs-doc``), one page per module
  and the whole manual on one page, every page written by the same
  template: a one-template manual, scored by its completeness and cluster
  count (ARI is 0 as soon as it is split at all).

- ``hexo`` (``bench/cms_hexo.py``): a blog built by Hexo with its ``landscape``
  theme, from npm. ``docusaurus`` (``bench/cms_docusaurus.py``): a docs site
  with a blog built by Docusaurus's classic preset, from npm; a page's label
  is the theme component rendering it. ``jekyll`` (``bench/cms_jekyll.py``):
  a blog built by Jekyll with its ``minima`` theme, from Debian's packages;
  ``sphinx-furo`` (``bench/cms_sphinx_furo.py``): a handbook built by Sphinx
  with the Furo theme, from PyPI; ``sphinx-rtd``, ``sphinx-pydata`` and
  ``sphinx-alabaster``: the same handbook built with the Read the Docs
  theme, the PyData theme and Alabaster, Sphinx's default theme.
- ``vitepress`` (``bench/cms_vitepress.py``): a handbook built by VitePress
  with its default theme, from npm (home pages, docs with and without the
  sidebar and outline, pages, the not-found page); a page's label is the
  layout its Markdown source's front matter picks (``home``, ``doc``,
  ``page``) or ``404``.
- ``starlight`` (``bench/cms_starlight.py``): a handbook in English and
  Dutch built by Astro with the Starlight theme, from npm (splash pages with
  and without a hero, docs in autogenerated and hand-listed sidebar groups,
  with and without the table of contents, in Markdown and MDX, Dutch pages
  translated or written from the English source, the not-found page); a
  page's label is the template its source's front matter picks (``doc``,
  ``splash``) or ``404``.
- ``nextra`` (``bench/cms_nextra.py``): a handbook and its news built by
  Next.js with Nextra's docs theme, from npm, as a static export (docs in
  folders ordered by ``_meta.json`` files, with and without the TOC, the
  sidebar, the breadcrumb, in Markdown and MDX with Nextra's components;
  navbar pages; the not-found page); a page's label is the layout the theme
  computes from its ``_meta.json`` files and front matter (``default``,
  ``full``, ``raw``) or ``404``.
- ``hugo-doks`` (``bench/cms_hugo.py``): a handbook and news site in English
  and Dutch built by Hugo (Debian's package) with the Doks theme, from npm
  (home, the handbook's section lists and docs, news posts, events and
  stand-alone pages, taxonomy lists and term pages, an editions page, the
  not-found pages); a page's label is the theme's layout file that Hugo's
  lookup order picks for it from its source (``docs/single``,
  ``_default/list``, ``_default/terms`` ...).

- ``wordpress`` and ``wordpress-blocks`` (``bench/cms_wordpress.py``): a blog
  served by WordPress itself (Debian's packages, MariaDB, PHP's built-in
  server) and crawled, with the classic theme Twenty Twenty-One and the block
  theme Twenty Twenty-Three; a page's label is the template WordPress's
  template hierarchy picks.
- ``dokuwiki`` (``bench/cms_dokuwiki.py``): an allotment society's wiki
  served by DokuWiki itself (Debian's packages, pages as text files, PHP's
  built-in server, the default template, ``doku.php?id=ns:page`` URLs) and
  crawled: pages and namespace start pages, the sitemap and media manager of
  the top start pages, recent changes, ten pages' old revisions, image
  detail pages, a search, the login form and missing pages. A page's label
  is the view DokuWiki renders for the request (``page``, ``missing``,
  ``index``, ``recent``, ``search``, ``revisions``, ``media``, ``login``,
  ``detail``), checked against the ``mode_<action>`` class and the elements
  each view prints; needs the Debian packages ``cms_dokuwiki`` names,
  installed.
- ``mediawiki`` (``bench/cms_mediawiki.py``): an allotment society's wiki
  served by MediaWiki itself (Debian's packages, SQLite, PHP's built-in
  server, the default skin Vector 2010) and crawled: articles, categories,
  file pages, ten articles' histories, three special pages, a search and a
  missing page. A page's label is the view MediaWiki renders for the request
  (``article``, ``category``, ``file``, ``history``, ``special-<name>``,
  ``search``, ``missing``), checked against the ``<body>`` classes MediaWiki
  prints; needs the Debian packages ``cms_mediawiki`` names, installed.
- ``material`` (``bench/cms_material.py``): a handbook and its blog built by
  MkDocs with the Material theme, from PyPI, with the blog plugin's authors,
  categories, archive and pagination and the tags plugin, a home page of
  cards, pages that hide the navigation or the table of contents; a page's
  label is the Material template rendering it (``page``, ``blog``,
  ``blog-post``, ``404``).
- ``ikiwiki`` (``bench/cms_ikiwiki.py``): an allotment society's wiki and
  blog compiled by ikiwiki (Debian's package): wiki pages in folders, blog
  posts with tags, the blog's page and archive, tag pages, calendars, folder
  indexes, a site map, a tag cloud and recent changes, all drawn by one page
  template. A page's label is its role, read from its source's directives
  (``page`` for wiki pages and posts alike, ``blog``, ``archive``, ``tag``,
  ``map``, ``tags``, ``calendar-year``, ``calendar-month``,
  ``recentchanges``); needs the Debian packages ``cms_ikiwiki`` names,
  installed.
- ``typedoc`` (``bench/cms_typedoc.py``): an invented TypeScript library's
  API reference built by TypeDoc with its default theme, from npm (eight
  modules of classes, interfaces, enums, type aliases, functions, variables
  and namespaces, TSDoc comments of every length, a README, guides and the
  hierarchy page). A page's label is the kind of reflection it documents,
  from the folder TypeDoc files it in (``classes/`` ...); the module's
  name leads every file name (``classes/plots.Plot.html``).
- ``hexo-next`` (``bench/cms_hexo_next.py``): the Hexo blog's sources
  built again with NexT, the most installed Hexo theme (Nunjucks layouts,
  the whole layout inside one ``<main>``), with the tag cloud and category
  list pages its set-up guide adds. A page's label is the layout file that
  renders it, and for a page the partial its body comes from.
- ``pydoctor`` (``bench/cms_pydoctor.py``): the API reference pydoctor
  writes for four real packages from PyPI wheels (``attr``, ``attrs``,
  ``click``, ``requests``) as one project. A page's label is the page
  class or theme file that renders it (``package``, ``module``, ``class``,
  and the project's start, summary, name index, all-documents and help
  pages).
- ``hugo-ananke`` (``bench/cms_hugo_ananke.py``): a blog built by Hugo with
  Ananke, the theme of Hugo's quick start (Tachyons utility classes only),
  taken from its repository at a pinned tag. A page's label is the layout
  file Hugo's lookup order picks. ``hugo-papermod``
  (``bench/cms_hugo_papermod.py``): the same blog with PaperMod, the most
  starred Hugo theme, and the archive and search pages it asks for.
- ``eleventy`` (``bench/cms_eleventy.py``): a blog built by Eleventy from
  its official starter (``eleventy-base-blog``, taken from its repository
  at a pinned tag; almost no classes, every template's difference inside
  a bare ``<main>``). A page's label is the template that renders it.

It clusters each site whole and in random samples drawn as
``bench/subsets.py`` draws them, and prints ARI, AMI, homogeneity,
completeness and cluster counts (a book with one template scores ARI 0 as soon
as it is split at all: read its completeness and cluster count instead).

    python bench/heldout.py --data /tmp/heldout
    python bench/heldout.py --data /tmp/heldout --sizes 20 50 100
    python bench/heldout.py --data /tmp/heldout --site hexo --site wordpress

Needs ``apt-get download`` (Debian or Ubuntu) and ``dpkg-deb`` the first time,
PyPI for Pelican, MkDocs, Material, Nikola and pydoctor (installed into virtual
environments in ``--data``), npm for Hexo and NexT, Docusaurus, VitePress, Starlight,
TypeDoc and the Doks theme, Debian's ``hugo`` for the Doks and Ananke sites
(and ``git`` with access to GitHub for the Ananke and PaperMod themes
and Eleventy's starter), and, for the
WordPress sites and the ikiwiki site, the Debian packages ``cms_wordpress``
and ``cms_ikiwiki`` name, installed; the extracted packages, the built sites
and the corpora stay in ``--data``.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import re
import statistics
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from sklearn.metrics import (
    adjusted_mutual_info_score,
    adjusted_rand_score,
    completeness_score,
    homogeneity_score,
)

from page_cluster.api.resolve import run_clustering

sys.path.insert(0, str(Path(__file__).resolve().parent))
import cms_blogs  # blogs built by static CMSs
import cms_docusaurus
import cms_dokuwiki
import cms_eleventy
import cms_hexo
import cms_hexo_next
import cms_hugo
import cms_hugo_ananke
import cms_hugo_papermod
import cms_ikiwiki
import cms_jekyll
import cms_material
import cms_mediawiki
import cms_nextra
import cms_pydoctor
import cms_sphinx_furo
import cms_starlight
import cms_typedoc
import cms_vitepress
import cms_wordpress
from subsets import _labels, _lines  # the sibling bench script's readers

PACKAGE = "rust-doc"
HTML_ROOT = Path("usr/share/doc/rust-doc/html")
BOOKS = [
    "book",
    "nomicon",
    "reference",
    "rust-by-example",
    "rustc",
    "embedded-book",
    "unstable-book",
]
SEEDS = range(5)
_REDIRECT = re.compile(r"Redirecting to|http-equiv=\"refresh\"", re.IGNORECASE)
_MDBOOK = "generated using mdBook"


#: Javadoc sites: name -> (package, API folder inside it, host).
JAVADOC = {
    "javadoc11": ("libjsoup-java-doc", "usr/share/doc/libjsoup-java/api", "jsoup.example"),
    "javadoc17": (
        "libcommons-lang3-java-doc",
        "usr/share/doc/libcommons-lang3-java/api",
        "commons-lang.example",
    ),
}
_BODY_KIND = re.compile(r'<body[^>]*\bclass="([a-z-]+)-page"')
#: Fixed javadoc file names and the page kind each one is.
_JAVADOC_FILES = {
    "package-summary.html": "package-declaration",
    "package-tree.html": "package-tree",
    "package-use.html": "package-use",
    "package-frame.html": "frame-list",
    "overview-tree.html": "tree",
    "overview-summary.html": "package-index",
    "index-all.html": "index",
    "help-doc.html": "help",
    "deprecated-list.html": "deprecated-list",
    "constant-values.html": "constants-summary",
    "serialized-form.html": "serialized-form",
    "allclasses-index.html": "all-classes-index",
    "allpackages-index.html": "all-packages-index",
    "allclasses.html": "all-classes-frame",
    "allclasses-frame.html": "all-classes-frame",
    "allclasses-noframe.html": "all-classes-frame",
    "overview-frame.html": "frame-list",
    "index.html": "package-index",
}


#: gtk-doc: package, HTML folder, host; and DocBook chunk kinds rendered by one
#: stylesheet template (the rest are their own).
GTKDOC = ("libglib2.0-doc", "usr/share/gtk-doc/html", "docs.gtk.example")
_DOCBOOK_TEMPLATE = {
    **dict.fromkeys(("sect1", "sect2", "sect3", "section", "simplesect"), "section"),
    **dict.fromkeys(("chapter", "appendix", "preface", "article"), "component"),
    **dict.fromkeys(("part", "reference"), "division"),
}
_FIRST_DIV = re.compile(
    r'<body[^>]*>(?:\s*<table[^>]*class="navigation".*?</table>)?\s*<div[^>]*\bclass="([^"]+)"',
    re.DOTALL,
)


GIDOCGEN = ("libpango1.0-doc", "usr/share/doc/libpango1.0-doc/reference", "docs.pango.example")
#: gi-docgen's file-name prefixes and the theme file each is rendered with.
_GIDOCGEN_TEMPLATE = {
    "class": "class",
    "iface": "interface",
    "property": "property",
    "signal": "signal",
    "vfunc": "vfunc",
    "method": "method",
    "type_func": "type_func",
    "class_method": "class_method",
    "ctor": "ctor",
    "func": "function",
    "callback": "function",
    "const": "constant",
    **dict.fromkeys(("enum", "flags", "error"), "enum"),
    **dict.fromkeys(("struct", "union", "alias"), "struct"),
}
NODEJS = ("nodejs-doc", "usr/share/doc/nodejs/api", "nodejs.example")


DJANGO = ("python-django-doc", "usr/share/doc/python-django-doc/html", "docs.django.example")
#: Pages Sphinx writes with a template of their own, by name.
_SPHINX_PAGES = {
    "genindex.html": "genindex",
    "py-modindex.html": "modindex",
    "search.html": "search",
}


HADDOCK = (
    ("libghc-aeson-doc", "aeson"),
    ("libghc-attoparsec-doc", "attoparsec"),
    ("libghc-megaparsec-doc", "megaparsec"),
    ("libghc-pandoc-types-doc", "pandoc-types"),
)
HADDOCK_HOST = "hackage.example"


def _haddock_kind(rel: str) -> str:
    if rel.startswith("src/"):
        return "source"
    if rel == "index.html":
        return "contents"
    return "index" if rel.startswith("doc-index") else "module"


def _gidocgen_kind(rel: str) -> str:
    name = rel.rsplit("/", 1)[-1]
    if name == "index.html":
        return "namespace"
    prefix = name.split(".", 1)[0] if name.count(".") >= 2 else ""
    return _GIDOCGEN_TEMPLATE.get(prefix, "content")


def _sphinx_kind(rel: str) -> str:
    """Sphinx's own pages sit at the root (``topics/db/search.html`` is a document)."""
    if rel.startswith("_modules/"):
        return "module-source"
    if "/" in rel:
        return "document"
    return "genindex" if rel.startswith("genindex-") else _SPHINX_PAGES.get(rel, "document")


def _gtkdoc_kind(html: str) -> str:
    found = _FIRST_DIV.search(html)
    kind = found.group(1).split()[0] if found else "unknown"
    return _DOCBOOK_TEMPLATE.get(kind, kind)


def fetch_package(data: Path, package: str = PACKAGE, html_root: Path = HTML_ROOT) -> Path:
    """A package's HTML folder, downloaded and extracted into ``data`` once."""
    root = data / package
    if not (root / html_root).is_dir():
        data.mkdir(parents=True, exist_ok=True)
        subprocess.run(["apt-get", "download", package], cwd=data, check=True)
        deb = max(data.glob(f"{package}_*.deb"))
        subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
    return root / html_root


def _javadoc_kind(rel: str, html: str) -> str:
    """A javadoc page's kind: named on ``<body>`` (JDK 17), else by file name."""
    named = _BODY_KIND.search(html[:5000])
    if named:
        return named.group(1)
    if rel.startswith("src-html/"):
        return "source"
    if "/class-use/" in f"/{rel}":
        return "class-use"
    name = rel.rsplit("/", 1)[-1]
    return _JAVADOC_FILES.get(name, "class-declaration")


def _pages(folder: Path, base: Path) -> Iterator[tuple[str, str]]:
    """(path relative to ``base``, HTML) of every real page under ``folder``."""
    for file in sorted(folder.rglob("*.html")):
        html = file.read_bytes().decode("utf-8", "replace")
        if _REDIRECT.search(html[:3000]) or "<body" not in html.lower():
            continue  # a redirect stub, or a script-only fragment map
        yield file.relative_to(base).as_posix(), html


def _rustdoc_kind(rel: str) -> str:
    if rel.startswith("src/"):
        return "source"
    name = rel.rsplit("/", 1)[-1]
    if name == "index.html":
        return "module"
    if name == "all.html":
        return "all-items"
    return name.split(".", 1)[0]


def _published(
    data: Path,
    package: str,
    root: str,
    host: str,
    folders: list[str],
    kind: Callable[[str, str], str],
) -> list[tuple[str, str, list[str], str, str]]:
    """A package's pages as one site served below ``folders``, each with its
    template from ``kind(path, html)``."""
    html_root = fetch_package(data, package, Path(root))
    prefix = "/".join(folders)
    return [
        (f"{prefix}/{rel}", page, [*folders, *rel.split("/")], host, kind(rel, page))
        for rel, page in _pages(html_root, html_root)
    ]


Record = tuple[str, str, list[str], str, str]  # id, HTML, paths, host, template


def _rustdoc_site(data: Path) -> list[Record]:
    html = fetch_package(data)
    return [
        (rel, page, rel.split("/"), "doc.rust.example", _rustdoc_kind(rel))
        for sub in ("std", "src/std")
        for rel, page in _pages(html / sub, html)
    ]


def _mdbook_site(data: Path) -> list[Record]:
    html = fetch_package(data)
    out: list[Record] = []
    for book in BOOKS:
        for rel, page in _pages(html / book, html / book):
            kind = book if _MDBOOK in page[:3000] else f"{book}:other"
            out.append((f"{book}/{rel}", page, rel.split("/"), f"{book}.example", kind))
    return out


def _haddock_site(data: Path) -> list[Record]:
    return [
        page
        for package, name in HADDOCK
        for page in _published(
            data,
            package,
            f"usr/share/doc/{package}/html",
            HADDOCK_HOST,
            ["package", name, "docs"],
            lambda rel, _page: _haddock_kind(rel),
        )
    ]


def _blog(pages: Callable[[], list[tuple[str, str, str]]]) -> list[Record]:
    return [(rel, page, rel.split("/"), "allotments.example", kind) for rel, page, kind in pages()]


def _wordpress_site(data: Path, theme: str) -> list[Record]:
    return [
        (url, page, url.lstrip("/").split("/"), cms_wordpress.HOST, kind)
        for url, page, kind in cms_wordpress.wordpress_pages(data, theme)
    ]


def _dokuwiki_site(data: Path) -> list[Record]:
    return [
        (url, page, url.lstrip("/").split("/"), cms_dokuwiki.HOST, kind)
        for url, page, kind in cms_dokuwiki.dokuwiki_pages(data)
    ]


def _mediawiki_site(data: Path) -> list[Record]:
    return [
        (url, page, url.lstrip("/").split("/"), cms_mediawiki.HOST, kind)
        for url, page, kind in cms_mediawiki.mediawiki_pages(data)
    ]


#: Each held-out site and how it is built (from Debian packages, PyPI or npm).
SITES: dict[str, Callable[[Path], list[Record]]] = {
    "rustdoc": _rustdoc_site,
    "mdbook": _mdbook_site,
    # Published under a folder, as javadoc sites are (``/apidocs/``).
    **{
        name: lambda data, spec=spec: _published(data, *spec, ["api"], _javadoc_kind)
        for name, spec in JAVADOC.items()
    },
    "gtkdoc": lambda data: _published(
        data, *GTKDOC, ["gtk-doc", "html"], lambda _rel, page: _gtkdoc_kind(page)
    ),
    "django": lambda data: _published(
        data, *DJANGO, ["en", "3.2"], lambda rel, _page: _sphinx_kind(rel)
    ),
    "haddock": _haddock_site,
    "gidocgen": lambda data: _published(
        data, *GIDOCGEN, ["docs"], lambda rel, _page: _gidocgen_kind(rel)
    ),
    "nodejs": lambda data: _published(data, *NODEJS, ["api"], lambda _rel, _page: "api"),
    "pelican": lambda data: _blog(lambda: cms_blogs.pelican_pages(data, "notmyidea")),
    "pelican-simple": lambda data: _blog(lambda: cms_blogs.pelican_pages(data, "simple")),
    "mkdocs": lambda data: _blog(lambda: cms_blogs.mkdocs_pages(data)),
    "nikola": lambda data: _blog(lambda: cms_blogs.nikola_pages(data)),
    "hexo": lambda data: _blog(lambda: cms_hexo.hexo_pages(data)),
    "docusaurus": lambda data: _blog(lambda: cms_docusaurus.docusaurus_pages(data)),
    "jekyll": lambda data: _blog(lambda: cms_jekyll.jekyll_pages(data)),
    "sphinx-furo": lambda data: _blog(lambda: cms_sphinx_furo.furo_pages(data)),
    "sphinx-rtd": lambda data: _blog(lambda: cms_sphinx_furo.sphinx_rtd_pages(data)),
    "sphinx-pydata": lambda data: _blog(lambda: cms_sphinx_furo.sphinx_pydata_pages(data)),
    "sphinx-alabaster": lambda data: _blog(lambda: cms_sphinx_furo.sphinx_alabaster_pages(data)),
    "vitepress": lambda data: _blog(lambda: cms_vitepress.vitepress_pages(data)),
    "starlight": lambda data: _blog(lambda: cms_starlight.starlight_pages(data)),
    "nextra": lambda data: _blog(lambda: cms_nextra.nextra_pages(data)),
    "hugo-doks": lambda data: _blog(lambda: cms_hugo.doks_pages(data)),
    "wordpress": lambda data: _wordpress_site(data, "twentytwentyone"),
    "wordpress-blocks": lambda data: _wordpress_site(data, "twentytwentythree"),
    "dokuwiki": _dokuwiki_site,
    "mediawiki": _mediawiki_site,
    "material": lambda data: _blog(lambda: cms_material.material_pages(data)),
    "ikiwiki": lambda data: _blog(lambda: cms_ikiwiki.ikiwiki_pages(data)),
    "typedoc": lambda data: _blog(lambda: cms_typedoc.typedoc_pages(data)),
    "hexo-next": lambda data: _blog(lambda: cms_hexo_next.next_pages(data)),
    "pydoctor": lambda data: _blog(lambda: cms_pydoctor.pydoctor_pages(data)),
    "hugo-ananke": lambda data: _blog(lambda: cms_hugo_ananke.ananke_pages(data)),
    "eleventy": lambda data: _blog(lambda: cms_eleventy.eleventy_pages(data)),
    "hugo-papermod": lambda data: _blog(lambda: cms_hugo_papermod.papermod_pages(data)),
}


def build(data: Path, names: list[str] | None = None) -> dict[str, Path]:
    """Write the held-out sites ``names`` (default: all) as JSONL and
    ``id,template`` CSV into ``data``; returns their JSONL paths."""
    out: dict[str, Path] = {}
    for name in names or list(SITES):
        records = SITES[name](data)
        jsonl, labels = data / f"{name}.jsonl", data / f"{name}.labels.csv"
        # Written beside and renamed: another run reading the site meanwhile
        # sees the old file or the new one, never half of one.
        part, part_labels = jsonl.with_suffix(".jsonl.part"), labels.with_suffix(".csv.part")
        with part.open("w", encoding="utf-8") as fh, part_labels.open("w", newline="") as lh:
            writer = csv.writer(lh)
            writer.writerow(["id", "template"])
            for rid, page, paths, host, kind in records:
                fh.write(json.dumps({"id": rid, "html": page, "paths": paths, "host": host}) + "\n")
                writer.writerow([rid, kind])
        part.replace(jsonl)
        part_labels.replace(labels)
        out[name] = jsonl
    return out


def score(lines: list[str], labels: dict[str, str]) -> dict[str, float]:
    records = [json.loads(line) for line in lines]
    keys = list(run_clustering(lambda: iter(records)).page_keys)
    truth = [labels.get(str(r["id"]), "?") for r in records]
    return {
        "ari": adjusted_rand_score(truth, keys),
        "ami": adjusted_mutual_info_score(truth, keys),
        "homogeneity": homogeneity_score(truth, keys),
        "completeness": completeness_score(truth, keys),
        "true": len(set(truth)),
        "predicted": len(set(keys)),
        "collapsed": float(len(set(truth)) >= 2 and len(set(keys)) == 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, required=True, help="cache and corpus folder")
    ap.add_argument("--sizes", type=int, nargs="*", default=[20, 50, 100])
    ap.add_argument(
        "--site", action="append", choices=sorted(SITES), help="only this site (repeatable)"
    )
    args = ap.parse_args(argv)
    sites = build(args.data, args.site)
    print(
        "| site | pages | size | ARI | min | AMI | homogeneity | completeness "
        "| true / predicted | collapsed |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, jsonl in sites.items():
        labels = _labels(jsonl.with_name(f"{name}.labels.csv"))
        lines = _lines(jsonl)
        full = score(lines, labels)
        print(
            f"| {name} | {len(lines)} | all | {full['ari']:.3f} | | {full['ami']:.3f} | "
            f"{full['homogeneity']:.3f} | {full['completeness']:.3f} | "
            f"{full['true']} / {full['predicted']} | |",
            flush=True,
        )
        for size in args.sizes:
            if size >= len(lines):
                continue
            runs = [score(random.Random(1000 + s).sample(lines, size), labels) for s in SEEDS]
            mean = {k: statistics.mean(r[k] for r in runs) for k in runs[0]}
            print(
                f"| {name} | {len(lines)} | {size} | {mean['ari']:.3f} | "
                f"{min(r['ari'] for r in runs):.2f} | {mean['ami']:.3f} | "
                f"{mean['homogeneity']:.3f} | {mean['completeness']:.3f} | "
                f"{mean['true']:.1f} / {mean['predicted']:.1f} | "
                f"{int(sum(r['collapsed'] for r in runs))} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
