"""A documentation site with a blog, written by MkDocs with the Material theme.

Like ``bench/cms_blogs.py`` (whose word lists and Markdown helpers it uses),
this module writes a site's sources from a seed, builds them with the real
generator and labels each page with the theme template that renders it.
MkDocs, Material for MkDocs and the Markdown extensions are installed from
PyPI at pinned versions into a throwaway virtual environment of their own
(``material-site/mkdocs-venv`` in the data folder: ``data/mkdocs-venv`` is
the smaller MkDocs site's of ``cms_blogs``, with that site's pins), and the
site is built once with ``mkdocs build`` into ``material-site/site``. Only
the sources are invented; every page is MkDocs' output with the Material
theme and its built-in blog and tags plugins. URLs are MkDocs' default
directory URLs: every page is ``<path>/index.html``, the not-found page
``404.html``.

The site is an allotment society's handbook and its news. ``mkdocs.yml``
sets navigation tabs, sections and section index pages, a light and a dark
palette, an "edit this page" button, a repository link, social links, code
copy buttons, linked content tabs and the usual Markdown extensions
(admonitions, ``pymdownx`` details, highlighting, superfences, tabs, task
lists, emoji and icons, definition lists, abbreviations, ``md_in_html``). What
the Markdown sources hold, so that each kind of page has more than one look:

* The home page (``index.md``): grid cards with icons, the navigation and
  the table of contents hidden (``hide: [navigation, toc]``).
* The handbook tab: its own index page and four nav sections, each with an
  index page and six to ten docs. About a third of the docs are long, with
  many ``##`` and ``###`` headings (the table of contents shows), the rest
  short (a paragraph or two), or with admonitions (``!!!``, collapsible
  ``???`` and ``???+``, now and then inline), code blocks with a title,
  highlighted lines or line numbers, content tabs (some with a task list
  below them), or a table. A third or so have tags; six hide a part of the
  page in their front matter (``hide: [toc]``, ``[navigation]``,
  ``[navigation, toc]``, ``[footer]``).
* A reference section: a glossary (definition lists and an abbreviation),
  the rules (admonitions), a sowing calendar (a table, no table of contents)
  and a short contacts page.
* The tags page (``tags.md``), where the tags plugin lists every tag and its
  pages at ``<!-- material/tags -->``.
* The blog (``blog/``, the blog plugin): 25 posts over 2023 to 2025 by three
  authors (``blog/.authors.yml``, with SVG avatars; a few posts by two), in
  one or two of six categories, most with tags, some with an updated date,
  four with related links to handbook pages, one pinned, more than half
  cut short in the lists by ``<!-- more -->``. Six posts to a list
  page and authors' profiles switched on, so the plugin writes the blog's
  index and its later pages, an archive page for each year, a page for each
  category and each author, every one of them paginated when it has more
  than six posts.
* The not-found page MkDocs writes with the theme's ``404.html``.

A page's label is the Material template that renders it. Material 9.8.2's
templates folder holds six page templates: ``main.html`` (extending
``base.html``, which renders no page itself), ``blog.html`` and
``blog-post.html`` (both extending ``main.html`` and replacing its content
area), ``404.html`` and ``redirect.html`` (only for the redirects plugin, not
used here). The blog plugin renders each of its views (the index and its
later pages, the archive's, the categories', the profiles') with
``blog.html`` and each post with ``blog-post.html``, unless the source's
front matter asks for another ``template``; the tags plugin has no template
of its own in this version: it writes its listing into the tags page's
Markdown, which ``main.html`` renders like any other page. Labels:
``page`` (``main.html``), ``blog``, ``blog-post``, ``404``.

The labels are read from where MkDocs writes a page and from the sources,
not from the HTML: the blog plugin's pages by its URL formats (the
defaults), the others from the Markdown source they were built from (its
front matter's ``template``, which no source sets, else ``main.html``).
``material_pages`` checks each time it reads the site that the blog's pages
are the ones its sources call for (each post at its date and its title's
slug, a page for each year, category and author, besides the later pages)
and that each page's content area opens as its label's template writes it:
``blog-post.html``'s ``md-content--post`` beside the post's own sidebar,
``blog.html``'s ``md-content__inner`` ``div`` with the view's header,
``404.html``'s article holding only its "404 - Not found" heading, and
``main.html``'s ``md-content__inner`` article (``base.html``'s block). It
stops if one does not. The prose's images point at ``/images/<n>.jpg``,
which the site does not hold; MkDocs leaves such absolute links as they are.
Nothing in the pages is random: the same seed gives the same sources, and
two builds of them gave the same pages, byte for byte.
"""

from __future__ import annotations

import random
import re
import shutil
from datetime import date, timedelta
from pathlib import Path

from cms_blogs import (
    _AUTHORS,
    _CATEGORIES,
    _TAGS,
    _WORDS,
    _fenced_body,
    _html_pages,
    _long,
    _paragraph,
    _sentence,
    _slug,
    _table,
    _title,
    _water_listing,
    agreeing_with_markup,
    mkdocs_site,
)

#: Pinned so that the same sources give the same site: MkDocs, the theme, and
#: the Markdown parser, its extensions, the highlighter and the date
#: formatter whose output ends up in the pages.
MATERIAL = (
    "mkdocs==1.6.1",
    "mkdocs-material==9.8.2",
    "markdown==3.11.4",
    "pymdown-extensions==13.1.2",
    "pygments==2.21.0",
    "babel==2.19.0",
)

_SITE = "Hazel Lane Growers"
_HOST = "allotments.example"

#: The handbook's nav sections: (folder, title, number of docs besides the
#: section's ``index.md``).
_SECTIONS = (
    ("getting-started", "Getting started", 6),
    ("growing", "Growing", 10),
    ("soil", "Soil and compost", 7),
    ("running", "Running the site", 6),
)
#: The reference section: (file, title, what it holds).
_REFERENCE = (
    ("glossary", "Glossary", "glossary"),
    ("rules", "Allotment rules", "admonitions"),
    ("calendar", "Sowing calendar", "table"),
    ("contacts", "Who to ask", "short"),
)
#: Front matter that hides parts of a handbook doc, by the doc's number.
_HIDE = {
    2: ["toc"],
    7: ["navigation", "toc"],
    12: ["navigation"],
    16: ["toc"],
    21: ["navigation", "toc"],
    26: ["footer"],
}
_ADMONITIONS = ("note", "tip", "info", "warning", "danger", "example", "question", "quote")
_POSTS = 25
#: The authors' keys in ``.authors.yml``: a first name, lower-case.
_AUTHOR_KEYS = {name.split()[0].lower(): name for name in _AUTHORS}
_AVATAR = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">'
    '<circle cx="32" cy="32" r="32" fill="#{colour}"/>'
    '<text x="32" y="41" font-size="26" text-anchor="middle" fill="#fff">{initials}</text>'
    "</svg>\n"
)
_COLOURS = ("4caf50", "8d6e63", "ff9800")


def _indent(text: str) -> str:
    return "\n".join(f"    {line}" if line else "" for line in text.splitlines())


def _admonition(rng: random.Random, kind: str | None = None) -> str:
    """``!!! kind``, now and then with a title, collapsible (``???``) or
    inline beside the text."""
    kind = kind or rng.choice(_ADMONITIONS)
    marker = rng.choice(("!!!", "!!!", "???", "???+"))
    title = f' "{_title(rng)}"' if rng.random() < 0.5 else ""
    inline = " inline end" if marker == "!!!" and rng.random() < 0.15 else ""
    return f"{marker} {kind}{inline}{title}\n\n{_indent(_paragraph(rng))}\n"


def _code(rng: random.Random) -> str:
    """A fenced block with a title and highlighted lines, line numbers, or a
    shell session."""
    crop = rng.choice(_WORDS)
    roll = rng.random()
    if roll < 0.4:
        return _water_listing(crop, f' title="{crop}.py" hl_lines="3"')
    if roll < 0.7:
        return _water_listing(crop, ' linenums="1"')
    return f'``` bash title="Back up the photos"\nrsync -a photos/{crop}/ archive/2024/\n```\n'


def _tabs(rng: random.Random) -> str:
    """Content tabs: one per soil (or season), prose or code in each."""
    names = rng.choice((("Clay", "Sand", "Loam"), ("Spring", "Summer", "Autumn", "Winter")))
    out = []
    for name in names[: rng.randint(2, len(names))]:
        inner = _code(rng) if rng.random() < 0.25 else _paragraph(rng)
        out.append(f'=== "{name}"\n\n{_indent(inner)}\n')
    return "\n".join(out)


def _tasks(rng: random.Random) -> str:
    return "\n".join(
        f"- [{'x' if rng.random() < 0.4 else ' '}] {_sentence(rng, 3, 7)}"
        for _ in range(rng.randint(3, 6))
    )


def _doc_body(rng: random.Random, kind: str) -> str:
    """A doc's Markdown below its title: ``long`` (a table of contents),
    ``short`` (no heading), ``admonitions``, ``code``, ``tabs`` or ``table``."""
    if kind == "long":
        return _long(rng)
    if kind == "short":
        return "\n\n".join(_paragraph(rng) for _ in range(rng.randint(1, 2))) + "\n"
    first = _paragraph(rng)
    if kind == "admonitions":
        parts = [first, _admonition(rng, "tip"), _fenced_body(rng, rng.randint(1, 3))]
        parts.append(_admonition(rng, rng.choice(("warning", "danger", "example"))))
    elif kind == "code":
        parts = [first, _code(rng), _fenced_body(rng, rng.randint(1, 3))]
    elif kind == "tabs":
        parts = [first, _tabs(rng), _fenced_body(rng, rng.randint(0, 2))]
        if rng.random() < 0.5:
            parts.insert(2, f"## {_title(rng)}\n\n{_tasks(rng)}\n")
    else:
        parts = [first, _table(rng, rng.randint(4, 10)), _fenced_body(rng, rng.randint(0, 2))]
    return "\n\n".join(part.rstrip("\n") for part in parts) + "\n"


def _yaml_list(name: str, items: list[str]) -> str:
    return f"{name}:\n" + "".join(f"  - {item}\n" for item in items)


def _write(path: Path, front: str, body: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = f"---\n{front}---\n\n{body}" if front else body
    path.write_text(text, encoding="utf-8")


def _doc_front(rng: random.Random, hide: list[str] | None = None) -> str:
    """A doc's front matter: now and then a description, tags, parts hidden."""
    front = f"description: {_sentence(rng)}\n" if rng.random() < 0.3 else ""
    if rng.random() < 0.5:
        front += _yaml_list("tags", sorted(rng.sample(_TAGS, rng.randint(1, 3))))
    if hide:
        front += _yaml_list("hide", hide)
    return front


def _write_handbook(docs: Path, rng: random.Random) -> list[str]:
    """The handbook's docs; returns the ``nav`` lines of its tab."""
    kinds = ("long", "long", "short", "admonitions", "code", "tabs", "table")
    handbook = docs / "handbook"
    _write(handbook / "index.md", "", f"# The handbook\n\n{_doc_body(rng, 'admonitions')}")
    nav = ["  - Handbook:", "      - handbook/index.md"]
    number = 1
    for folder, label, count in _SECTIONS:
        nav.append(f"      - {label}:")
        nav.append(f"          - handbook/{folder}/index.md")
        intro = f"# {label}\n\n{_doc_body(rng, 'short')}"
        _write(handbook / folder / "index.md", _doc_front(rng), intro)
        for n in range(count):
            title = _title(rng)
            slug = _slug(title, n)
            kind = ("long", "tabs")[n] if n < 2 else rng.choice(kinds)
            body = f"# {title}\n\n{_doc_body(rng, kind)}"
            _write(handbook / folder / f"{slug}.md", _doc_front(rng, _HIDE.get(number)), body)
            nav.append(f"          - handbook/{folder}/{slug}.md")
            number += 1
    return nav


def _glossary(rng: random.Random) -> str:
    """Definition lists (``def_list``) with abbreviations (``abbr``)."""
    terms = sorted(set(rng.sample(_WORDS, 12)))
    entries = "\n\n".join(f"{term}\n:   {_paragraph(rng)}" for term in terms)
    return f"{_paragraph(rng)}\n\n{entries}\n\n*[RHS]: Royal Horticultural Society\n"


def _write_reference(docs: Path, rng: random.Random) -> list[str]:
    nav = ["  - Reference:"]
    for slug, title, kind in _REFERENCE:
        body = _glossary(rng) if kind == "glossary" else _doc_body(rng, kind)
        hide = ["toc"] if kind == "table" else None
        _write(docs / "reference" / f"{slug}.md", _doc_front(rng, hide), f"# {title}\n\n{body}")
        nav.append(f"      - reference/{slug}.md")
    return nav


def _write_home(docs: Path, rng: random.Random) -> None:
    """The home page: grid cards with icons, no sidebars."""
    cards = (
        ("material-sprout", "Getting a plot", "handbook/getting-started/index.md"),
        ("material-shovel", "Growing", "handbook/growing/index.md"),
        ("material-recycle", "Soil and compost", "handbook/soil/index.md"),
        ("material-newspaper-variant-outline", "News", "blog/index.md"),
    )
    grid = "\n\n".join(
        f"-   :{icon}:{{ .lg .middle }} __{title}__\n\n    ---\n\n"
        f"    {_sentence(rng)}\n\n    [:octicons-arrow-right-24: Read on]({link})"
        for icon, title, link in cards
    )
    body = (
        f"# {_SITE}\n\n{_paragraph(rng)}\n\n"
        f'<div class="grid cards" markdown>\n\n{grid}\n\n</div>\n\n{_paragraph(rng)}\n'
    )
    _write(docs / "index.md", _yaml_list("hide", ["navigation", "toc"]), body)


def _write_blog(blog: Path, rng: random.Random, links: list[str]) -> None:
    """The blog's index, its authors and its posts (``blog/posts/``): dates
    over two years, some with an updated date, one or two categories and
    authors, tags, related links, ``<!-- more -->`` in more than half, one
    pinned."""
    _write(blog / "index.md", "", f"# News from the plots\n\n{_sentence(rng)}\n")
    authors = "authors:\n"
    for (key, name), colour in zip(_AUTHOR_KEYS.items(), _COLOURS, strict=True):
        initials = "".join(part[0] for part in name.split())
        avatar = _AVATAR.format(colour=colour, initials=initials)
        (blog / "avatars").mkdir(parents=True, exist_ok=True)
        (blog / "avatars" / f"{key}.svg").write_text(avatar, encoding="utf-8")
        authors += f"  {key}:\n    name: {name}\n    description: {_title(rng)}\n"
        authors += f"    avatar: blog/avatars/{key}.svg\n"
    (blog / ".authors.yml").write_text(authors, encoding="utf-8")
    day = date(2023, 2, 20)
    for n in range(_POSTS):
        day += timedelta(days=rng.randint(12, 50))
        if rng.random() < 0.2:
            updated = day + timedelta(days=rng.randint(3, 40))
            front = f"date:\n  created: {day.isoformat()}\n  updated: {updated.isoformat()}\n"
        else:
            front = f"date: {day.isoformat()}\n"
        front += _yaml_list("authors", rng.sample(sorted(_AUTHOR_KEYS), rng.choice((1, 1, 1, 2))))
        front += _yaml_list("categories", rng.sample(_CATEGORIES, rng.choice((1, 1, 2))))
        if rng.random() < 0.6:
            front += _yaml_list("tags", sorted(rng.sample(_TAGS, rng.randint(1, 3))))
        if n % 6 == 3:  # related links in the post's sidebar
            front += _yaml_list("links", rng.sample(links, 2))
        if n == 17:
            front += "pin: true\n"
        title = _title(rng)
        body = _fenced_body(rng, rng.randint(0, 4))
        first, _, rest = body.partition("\n\n")
        if rest and rng.random() < 0.75:
            body = f"{first}\n\n<!-- more -->\n\n{rest}"
        if rng.random() < 0.2:
            body += f"\n{_admonition(rng)}"
        _write(blog / "posts" / f"{_slug(title, n)}.md", front, f"# {title}\n\n{body}")


_CONFIG = """\
# The bench's allotment handbook and its news.
site_name: {site}
site_url: https://{host}/
site_description: How the allotments by the railway are run, and what grows on them
site_author: Hazel Lane Allotment Society
repo_url: https://code.example/hazel-lane/handbook
repo_name: hazel-lane/handbook
edit_uri: edit/main/docs/
copyright: Text shared under CC BY-SA 4.0

theme:
  name: material
  language: en
  palette:
    - scheme: default
      primary: green
      accent: lime
      toggle:
        icon: material/weather-night
        name: Switch to dark mode
    - scheme: slate
      primary: green
      accent: lime
      toggle:
        icon: material/weather-sunny
        name: Switch to light mode
  icon:
    repo: fontawesome/brands/git-alt
  features:
    - navigation.tabs
    - navigation.sections
    - navigation.indexes
    - navigation.top
    - navigation.footer
    - toc.follow
    - search.suggest
    - search.highlight
    - content.code.copy
    - content.tabs.link
    - content.action.edit

plugins:
  - search
  - blog:
      blog_toc: true
      post_date_format: medium
      pagination_per_page: 6
      authors_profiles: true
      categories_allowed:
{categories}
  - tags

markdown_extensions:
  - abbr
  - admonition
  - attr_list
  - def_list
  - footnotes
  - md_in_html
  - tables
  - toc:
      permalink: true
  - pymdownx.details
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
      emoji_generator: !!python/name:material.extensions.emoji.to_svg
  - pymdownx.highlight:
      anchor_linenums: true
  - pymdownx.inlinehilite
  - pymdownx.superfences
  - pymdownx.tabbed:
      alternate_style: true
  - pymdownx.tasklist:
      custom_checkbox: true

extra:
  social:
    - icon: fontawesome/brands/mastodon
      link: https://social.example/@hazel
    - icon: fontawesome/solid/envelope
      link: mailto:secretary@{host}

nav:
  - Home: index.md
{nav}
  - Blog:
      - blog/index.md
  - Tags: tags.md
"""


def write_material_sources(root: Path, seed: int = 0) -> None:
    """The site's ``mkdocs.yml`` and ``docs/`` in ``root``, the same for a seed."""
    rng = random.Random(seed + 9090)
    docs = root / "docs"
    shutil.rmtree(docs, ignore_errors=True)
    _write_home(docs, rng)
    nav = _write_handbook(docs, rng)
    nav += _write_reference(docs, rng)
    links = [line.split("- ", 1)[1] for line in nav if line.endswith(".md")]
    _write_blog(docs / "blog", rng, links)
    _write(docs / "tags.md", "", f"# Tags\n\n{_sentence(rng)}\n\n<!-- material/tags -->\n")
    config = _CONFIG.format(
        site=_SITE,
        host=_HOST,
        categories="".join(f"        - {c}\n" for c in _CATEGORIES).rstrip("\n"),
        nav="\n".join(nav),
    )
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")


def build_material(data: Path, seed: int = 0) -> Path:
    """MkDocs' output folder for the handbook and news (built once into ``data``)."""
    root = data / "material-site"
    # Its own environment (``material-site/mkdocs-venv``): ``data/mkdocs-venv``
    # is ``cms_blogs``' MkDocs site's, with that site's pins.
    return mkdocs_site(root, lambda: write_material_sources(root, seed), root, MATERIAL)


def template_in_source(markdown: str) -> str | None:
    """The template a Markdown source's front matter asks for (``template:
    blog.html`` is ``blog``), ``None`` when it asks for none.

    >>> template_in_source('---\\ntags:\\n  - pests\\ntemplate: "blog.html"\\n---\\n\\n# Slugs\\n')
    'blog'
    >>> [template_in_source(t) for t in ("---\\nhide:\\n  - toc\\n---\\n", "# No front matter\\n")]
    [None, None]
    >>> template_in_source("# Title\\n\\n---\\ntemplate: main.html\\n---\\n") is None  # a rule
    True
    """
    front = re.match(r"---\n(.*?)\n---\n", markdown, re.DOTALL)
    found = (
        re.search(r'^template:\s*"?([\w-]+)\.html"?\s*$', front.group(1), re.M) if front else None
    )
    return found.group(1) if found else None


def source_of(url: str, docs: Path) -> Path | None:
    """The Markdown file MkDocs builds the page at ``url`` from (``url`` is
    the page's folder, ``""`` for the home page), ``None`` when there is none.

    >>> source_of("gone/", Path("docs")) is None
    True
    """
    for candidate in (f"{url}index.md", f"{url.rstrip('/')}.md"):
        if candidate != ".md" and (docs / candidate).is_file():
            return docs / candidate
    return None


#: What the blog plugin writes where, by its URL formats in ``mkdocs.yml``
#: (the defaults): the blog's index at ``blog/``, posts at
#: ``blog/<yyyy>/<mm>/<dd>/<slug>/``, the archive's years, the categories
#: and the authors' profiles, each view's later pages under ``page/<n>/``.
_BLOG_ROLE = re.compile(
    r"blog/(?:"
    r"(?P<post>\d{4}/\d{2}/\d{2}/[\w-]+/)"
    r"|(?:(?P<archive>archive/\d{4}/)|(?P<category>category/[\w-]+/)|(?P<profile>author/[\w-]+/))?"
    r"(?:page/\d+/)?"
    r")"
)
#: The template each of the plugin's pages is rendered with: every view (the
#: index, the archive, a category, a profile) with ``blog.html``.
_ROLE_TEMPLATE = {
    "index": "blog",
    "archive": "blog",
    "category": "blog",
    "profile": "blog",
    "post": "blog-post",
}


def blog_role(url: str) -> str | None:
    """The blog plugin's role for the page at ``url`` (its folder): ``index``,
    ``archive``, ``category``, ``profile``, ``post``; ``None`` elsewhere.

    >>> [blog_role(u) for u in ("blog/", "blog/page/3/", "blog/2024/03/01/kale-bean/")]
    ['index', 'index', 'post']
    >>> [blog_role(u) for u in ("blog/archive/2023/page/2/", "blog/category/soil/")]
    ['archive', 'category']
    >>> [blog_role(u) for u in ("blog/author/maya/", "handbook/soil/", "blog/page/")]
    ['profile', None, None]
    """
    found = _BLOG_ROLE.fullmatch(url)
    if not found:
        return None
    roles = ("post", "archive", "category", "profile")
    return next((role for role in roles if found.group(role)), "index")


def material_template_of(rel: str, docs: Path) -> str | None:
    """The Material template that renders ``rel`` (a path in the output
    folder): ``404`` for the not-found page, the blog plugin's template for
    its pages, else the one the source asks for, ``page`` (``main.html``)
    when it asks for none; ``None``: not a page.

    >>> [material_template_of(p, Path("docs")) for p in ("404.html", "blog/page/2/index.html")]
    ['404', 'blog']
    >>> material_template_of("blog/2025/01/04/kale-bean/index.html", Path("docs"))
    'blog-post'
    >>> [material_template_of(p, Path("docs")) for p in ("assets/x.html", "gone/index.html")]
    [None, None]
    """
    if rel == "404.html":
        return "404"
    if not rel.endswith("index.html") or rel.startswith(("assets/", "search/")):
        return None
    url = rel[: -len("index.html")]
    role = blog_role(url)
    if role is not None:
        return _ROLE_TEMPLATE[role]
    source = source_of(url, docs)
    if source is None:
        return None
    return template_in_source(source.read_text(encoding="utf-8")) or "page"


#: How each template opens the page's content area (``md-content``), most
#: particular first: a post has its own sidebar beside the article, a view a
#: ``div`` with the view's header above its excerpts, the not-found page
#: Material's heading alone in the article, every other page (``main.html``
#: through ``base.html``) an article.
_CONTENT = r'<div class="md-content{}" data-md-component="content">\s*'
_OPENINGS = (
    (
        "blog-post",
        _CONTENT.format(" md-content--post") + r'<div class="md-sidebar md-sidebar--post"',
    ),
    (
        "blog",
        _CONTENT.format("") + r'<div class="md-content__inner">\s*<header class="md-typeset">',
    ),
    ("404", _CONTENT.format("") + r'<article class="md-content__inner md-typeset">\s*<h1>404 - '),
    ("page", _CONTENT.format("") + r'<article class="md-content__inner md-typeset">'),
)


def template_in_html(html: str) -> str | None:
    """The template a built page's markup says rendered it (``None``: none).

    >>> opening = '<div class="md-content" data-md-component="content">\\n  '
    >>> template_in_html(opening + '<article class="md-content__inner md-typeset">\\n<nav')
    'page'
    >>> template_in_html(opening + '<article class="md-content__inner md-typeset">\\n<h1>404 - Not')
    '404'
    >>> template_in_html(opening + '<div class="md-content__inner">\\n<header class="md-typeset">')
    'blog'
    >>> post = '<div class="md-content md-content--post" data-md-component="content">'
    >>> template_in_html(post + '<div class="md-sidebar md-sidebar--post" data-md-type="x">')
    'blog-post'
    >>> template_in_html(post + '<article class="md-content__inner md-typeset">') is None
    True
    """
    for template, opening in _OPENINGS:
        if re.search(opening, html):
            return template
    return None


def _slugify(name: str) -> str:
    """The plugin's slug for a name of plain words (a title, a category)."""
    return "-".join(name.lower().split())


def _post_url(markdown: str) -> str:
    """Where the blog plugin writes a post: its creation date and its title's
    slug (the plugin's ``pymdownx`` slugify; the titles are plain words).

    >>> _post_url("---\\ndate:\\n  created: 2024-03-01\\n---\\n\\n# Kale and beans\\n")
    'blog/2024/03/01/kale-and-beans/'
    """
    day = re.search(r"^(?:date|  created): (\d{4})-(\d{2})-(\d{2})$", markdown, re.M)
    title = re.search(r"^# (.+)$", markdown, re.M)
    if not day or not title:
        raise SystemExit(f"a post with no date or title:\n{markdown[:300]}")
    return "blog/{}/{}/{}/".format(*day.groups()) + _slugify(title.group(1)) + "/"


def _listed(markdown: str, name: str) -> list[str]:
    """The items of a list in a post's front matter (``categories``...)."""
    found = re.search(rf"^{name}:\n((?:  - .+\n)+)", markdown, re.M)
    return [line[len("  - ") :] for line in found.group(1).splitlines()] if found else []


def blog_urls(docs: Path) -> dict[str, str]:
    """The first page of each of the blog plugin's pages that the sources call
    for (``url -> role``): the index, every post, the archive's years, the
    categories and the authors' profiles."""
    urls = {"blog/": "index"}
    for source in sorted((docs / "blog" / "posts").glob("*.md")):
        text = source.read_text(encoding="utf-8")
        post = _post_url(text)
        urls[post] = "post"
        urls[f"blog/archive/{post.split('/')[1]}/"] = "archive"
        urls.update(
            {f"blog/category/{_slugify(c)}/": "category" for c in _listed(text, "categories")}
        )
        urls.update({f"blog/author/{a}/": "profile" for a in _listed(text, "authors")})
    return urls


def material_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, template) of every page of the Material site; ``SystemExit``
    if the blog's pages are not the ones its sources call for, or a page's
    markup shows another template than its label."""
    output = build_material(data)
    docs = output.parent / "docs"
    pages = _html_pages(output, lambda rel: material_template_of(rel, docs))
    built = {
        rel[: -len("index.html")] for rel, _html, _label in pages if rel.endswith("/index.html")
    }
    called = blog_urls(docs)
    wrote = {re.sub(r"page/\d+/$", "", url) for url in built if blog_role(url)}
    if wrote != set(called):
        missing, extra = sorted(set(called) - wrote), sorted(wrote - set(called))
        raise SystemExit(f"the blog's pages are not its sources': missing {missing}, extra {extra}")
    return agreeing_with_markup(pages, template_in_html, "Material templates")
