"""The Hugo blog again, rendered by PaperMod, for the held-out bench.

PaperMod is the most starred Hugo theme; ``bench/cms_hugo_ananke.py``
builds the same blog with Ananke, the theme of Hugo's quick start. Hugo is
Debian's; the theme is PaperMod v7.0, the last release before Hugo 0.112,
taken from its repository at that tag (``git clone``) into
``data/hugo-papermod/themes/PaperMod`` unless that folder is there already.
The content is ``cms_hugo_ananke.write_blog_content``'s (the home page, 48
posts, the post list and its later pages, seven projects and their list,
five stand-alone pages, tags and categories) plus the two pages PaperMod's
documentation asks for: an archive (``archives.md`` with ``layout:
archives``) and a search page (``search.md`` with ``layout: search``, and the
home page's JSON index it reads). Posts show their reading time,
breadcrumbs, links to the next and previous post, share buttons and a table
of contents when they have headings.

PaperMod's page templates are few: ``_default/list.html`` (the home page,
the section lists, each term's page, their later pages),
``_default/single.html`` (posts, projects and the stand-alone pages),
``_default/archives.html``, ``_default/search.html``,
``_default/terms.html`` (the tags and categories lists) and ``404.html``. A
page's label is the layout file Hugo's lookup order picks
(``cms_hugo.hugo_template``), from the sources; ``papermod_pages`` checks
each against the page's markup and stops if one disagrees.
"""

from __future__ import annotations

import re
from pathlib import Path

from cms_blogs import agreeing_with_markup
from cms_hugo import front_field, hugo_template, theme_templates
from cms_hugo_ananke import ananke_source_of, clone_theme, hugo_build, write_blog_content

PAPERMOD = "https://github.com/adityatelange/hugo-PaperMod"
PAPERMOD_TAG = "v7.0"

_CONFIG = """\
baseURL = "https://allotments.example/"
languageCode = "en-gb"
title = "Hazel Lane Allotments"
theme = "PaperMod"
paginate = 6
enableRobotsTXT = false

[taxonomies]
  tag = "tags"
  category = "categories"

[outputs]
  home = ["HTML", "RSS", "JSON"]

[params]
  description = "Notes from the plots by the railway"
  mainSections = ["post"]
  ShowReadingTime = true
  ShowBreadCrumbs = true
  ShowPostNavLinks = true
  ShowShareButtons = true
  ShowToc = true
  [params.homeInfoParams]
    Title = "Hazel Lane Allotments"
    Content = "Notes from the plots by the railway."

[menu]
  [[menu.main]]
    name = "Posts"
    url = "/post/"
    weight = 1
  [[menu.main]]
    name = "Archive"
    url = "/archives/"
    weight = 2
  [[menu.main]]
    name = "Search"
    url = "/search/"
    weight = 3
  [[menu.main]]
    name = "Tags"
    url = "/tags/"
    weight = 4
"""

#: The pages PaperMod's documentation asks for, by slug: (title, layout).
_THEME_PAGES = {"archives": ("Archive", "archives"), "search": ("Search", "search")}


def write_papermod_sources(root: Path, seed: int = 0) -> None:
    """The site's ``config.toml`` and ``content/``, the same for a seed."""
    (root / "config.toml").write_text(_CONFIG, encoding="utf-8")
    write_blog_content(root, seed)
    for slug, (title, layout) in _THEME_PAGES.items():
        text = f'---\ntitle: "{title}"\nlayout: "{layout}"\n---\n'
        (root / "content" / f"{slug}.md").write_text(text, encoding="utf-8")


def build_papermod(data: Path, seed: int = 0) -> Path:
    """Hugo's output folder for the blog in PaperMod (built once into ``data``)."""

    def write(root: Path) -> None:
        clone_theme(root, "PaperMod", PAPERMOD, PAPERMOD_TAG)
        write_papermod_sources(root, seed)

    return hugo_build(data / "hugo-papermod", write)


def papermod_markup_of(html: str) -> str | None:
    """The layout file a page's markup says rendered it (the block each
    writes into ``<main>``).

    >>> papermod_markup_of('<main class="main"><article class="post-single">')
    '_default/single.html'
    >>> papermod_markup_of('<main class="main"><header class="page-header"><div id="searchbox">')
    '_default/search.html'
    """
    main = html[html.find("<main") :]
    for mark, layout in _MARKS:
        if re.search(mark, main):
            return layout
    return None


#: In order: the first whose mark is in ``<main>`` names the layout file.
_MARKS = (
    (r'<article class="post-single"', "_default/single.html"),
    (r'<div id="searchbox"', "_default/search.html"),
    (r'<div class="archive-year"', "_default/archives.html"),
    (r'<ul class="terms-tags"', "_default/terms.html"),
    (r'<div class="not-found"', "404.html"),
    (r'<article class="(?:post-entry|first-entry)', "_default/list.html"),
)


def papermod_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, layout file) of every page of the PaperMod blog."""
    output = build_papermod(data)
    root = output.parent
    files = theme_templates([root / "themes" / "PaperMod" / "layouts"])
    pages = []
    for file in sorted(output.rglob("*.html")):
        rel = file.relative_to(output).as_posix()
        source = ananke_source_of(rel, root / "content")
        if source is None:
            continue
        kind, type_, taxonomy = source
        layout = ""
        if kind == "page" and type_ == "page":
            page = root / "content" / f"{rel.split('/')[0]}.md"
            layout = front_field(page.read_text(encoding="utf-8"), "layout")
        template = hugo_template(kind, type_, layout, files, taxonomy)
        pages.append((rel, file.read_text(encoding="utf-8"), template))
    return agreeing_with_markup(pages, papermod_markup_of, "PaperMod layouts")
