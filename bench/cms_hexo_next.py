"""The Hexo blog again, rendered by NexT, for the held-out bench.

``bench/cms_hexo.py`` writes an allotment society's blog and builds it with
Hexo's classic theme; this module builds the same sources with NexT, the
most installed Hexo theme on npm (``hexo-theme-next``, Nunjucks layouts),
so that one generator is scored under two themes. Only the sources are
invented; every page is Hexo's output. Hexo, NexT and the generators are
installed from npm at pinned versions into ``data/hexo-next/node_modules``
and the site is built with ``hexo generate``.

NexT's documented set-up adds two stand-alone pages to the blog's: a tag
cloud (``source/tags/index.md`` with ``type: tags``) and a category list
(``source/categories/index.md`` with ``type: categories``), both linked
from the menu beside the archives and the About page. The sidebar shows a
post's table of contents when the post has headings.

NexT's layout files are ``index``, ``post``, ``page``, ``archive``,
``category`` and ``tag`` (``layout/<name>.njk``, each extending
``_layout.njk``). Every page puts the whole layout inside one ``<main>``
(the header and the sidebar too); a layout file fills
``div.main-inner``, whose class names it (``main-inner post
posts-expand``). ``category.njk`` and ``tag.njk`` print the same markup (a
heading and a list of titles by year) with another word in it;
``archive.njk`` prints the list under a line of cheer instead of a
heading. ``page.njk`` fills the page's body from another partial when the
page's ``type`` asks for one: ``_partials/page/tags.njk`` (a tag cloud) or
``_partials/page/categories.njk`` (a category tree), otherwise the page's
Markdown.

A page's label is the layout file that renders it, and for ``page.njk``
the partial its body comes from: ``index`` (the index and its later pages),
``post``, ``page``, ``tag-cloud``, ``category-list``, ``archive`` (the
archives, a year's and a month's), ``category`` and ``tag`` (each with its
later pages); read from where the site's ``_config.yml`` makes Hexo write
the page, and checked against the class of ``div.main-inner`` and the
partial's own block on every page (``next_pages`` stops if one disagrees).
Hexo gives each post a random id and the footer prints the current year;
apart from those the same seed gives the same site.
"""

from __future__ import annotations

import re
from pathlib import Path

from cms_blogs import _html_pages, agreeing_with_markup
from cms_hexo import _HEXO_CONF, HEXO, hexo_layout_of, hexo_site

#: Pinned so that the same sources give the same site (``npm view <pkg> version``).
NEXT = {
    **{name: version for name, version in HEXO.items() if name != "hexo-theme-landscape"},
    "hexo-theme-next": "8.29.0",
}

#: The landscape blog's configuration with NexT and the menu its set-up
#: guide writes (``Name: /path/ || icon``).
_NEXT_CONF = (
    _HEXO_CONF.split("theme: landscape")[0]
    + """\
theme: next
theme_config:
  menu:
    home: / || fa fa-home
    about: /about/ || fa fa-user
    tags: /tags/ || fa fa-tags
    categories: /categories/ || fa fa-th
    archives: /archives/ || fa fa-archive
  toc:
    enable: true
"""
)

#: The two pages NexT's set-up guide asks for, rendered by ``page.njk``
#: from another partial than the Markdown.
_TYPED_PAGES = {"tags": "Tags", "categories": "Categories"}


def build_next(data: Path, seed: int = 0) -> Path:
    """Hexo's output folder for the blog in NexT (built once into ``data``)."""
    return hexo_site(data / "hexo-next", "hazel-lane-next", NEXT, _NEXT_CONF, seed, _typed_pages)


def _typed_pages(root: Path) -> None:
    for folder, title in _TYPED_PAGES.items():
        page = root / "source" / folder / "index.md"
        page.parent.mkdir(parents=True, exist_ok=True)
        front = f"---\ntitle: {title}\ndate: 2023-01-02 09:00:00\ntype: {folder}\n---\n"
        page.write_text(front, encoding="utf-8")


_TYPED = {"tags/index.html": "tag-cloud", "categories/index.html": "category-list"}


def next_template_of(rel: str) -> str | None:
    """A page's NexT template from where Hexo writes it (``None``: not a page).

    >>> [next_template_of(p) for p in ("index.html", "page/3/index.html", "about/index.html")]
    ['index', 'index', 'page']
    >>> [next_template_of(p) for p in ("tags/index.html", "tags/pests/page/2/index.html")]
    ['tag-cloud', 'tag']
    >>> [next_template_of(p) for p in ("categories/index.html", "categories/Fruit/index.html")]
    ['category-list', 'category']
    >>> [next_template_of(p) for p in ("2024/03/08/kale-bean-3/index.html", "css/main.css")]
    ['post', None]
    """
    if rel in _TYPED:
        return _TYPED[rel]
    # NexT's layout files have landscape's names and Hexo writes their
    # pages to the same places.
    return hexo_layout_of(rel)


_INNER = re.compile(r'<div class="main-inner (\w+) posts-')


def next_markup_of(html: str) -> str | None:
    """What a page's markup says rendered it: the layout file named on
    ``div.main-inner``, and for ``page.njk`` the partial's own block.

    >>> next_markup_of('<div class="main-inner page posts-expand"><div class="tag-cloud">')
    'tag-cloud'
    >>> next_markup_of('<div class="main-inner tag posts-collapse">')
    'tag'
    """
    found = _INNER.search(html)
    if found is None:
        return None
    layout = found.group(1)
    if layout == "page" and '<div class="tag-cloud">' in html:
        return "tag-cloud"
    if layout == "page" and '<div class="category-all-page">' in html:
        return "category-list"
    return layout


def next_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, template) of every page of the blog in NexT."""
    pages = _html_pages(build_next(data), next_template_of)
    return agreeing_with_markup(pages, next_markup_of, "NexT templates")
