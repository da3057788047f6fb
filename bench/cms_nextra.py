"""A documentation site with a blog written by Next.js and Nextra, for the held-out bench.

The engine was never developed on Next.js or Nextra. Like
``bench/cms_starlight.py`` and ``bench/cms_vitepress.py`` (and
``bench/cms_blogs.py``, whose word list and Markdown helpers it uses), this
module writes a site's sources from a seed, builds them with the real
generator and labels each page with the layout that renders it. Next.js 14.2,
React 18.2, Nextra 2.13 and Nextra's docs theme (``nextra-theme-docs``) are
installed from npm at pinned versions into ``data/nextra-site/node_modules``
and the site is built once with ``npx next build`` as a static export
(``output: 'export'``, ``images: { unoptimized: true }``) into ``out/``:
every page is ``<route>.html``, written by Next.js's server-side render of
the theme's layout around the page's compiled MDX. Only the sources are
invented. Nextra's own dependencies (MDX, Shiki through rehype-pretty-code,
FlexSearch...) are ranges that npm resolves when it installs.
``next.config.js`` fixes the build id, which Next.js otherwise draws at random
and writes into every page.

The site is an allotment society's handbook with its news.
``theme.config.jsx`` sets the docs theme's logo, a project link, a banner, an
"edit this page" link, a feedback link, a footer, a sidebar whose folders
start collapsed below the first level, a table of contents (TOC) with a
"back to top" link, and page titles; no git timestamps. ``pages/_meta.json``
makes the navbar: the handbook and the news (folders), the open days and the
seed swap (``type: 'page'`` items), a ``type: 'menu'`` drop-down (the
committee, contact, an external link) and an external link; the home page,
the committee, contact and the plot map are hidden from it. What ``pages/``
holds, so that each layout has more than one look:

* 46 handbook docs (``handbook/``): an overview with cards; four folders,
  each with an ``index`` overview and docs listed in the order and under the
  titles of the folder's ``_meta.json`` (separators between groups,
  ``reference`` collapsed, with a ``*`` entry switching pagination off for
  all it holds); a nested ``growing/fruit/`` folder; the rules, a sowing
  calendar, a printable seed catalogue and a glossary. Some docs are long,
  with ``##`` and ``###`` headings (the right-hand TOC fills), some short,
  the rest hold a code block with a file name and a highlighted line, a
  table, or, as MDX, Nextra's components (``Callout``, ``Tabs``/``Tab``,
  ``Cards``/``Card``, ``Steps``, ``FileTree``). Theme options switch parts
  off, in ``_meta.json`` or in the front matter (which wins): ``toc``,
  ``sidebar``, ``breadcrumb``, ``pagination``, ``navbar`` or ``footer``
  false, ``typesetting: 'article'``, ``layout: 'full'`` or ``'raw'``. The
  fruit folder is ``layout: 'full'`` for all it holds but its first doc,
  which the folder's own ``_meta.json`` sets back to ``default``.
* The news (``news/``, a navbar page with ``typesetting: 'article'`` and no
  breadcrumb for all it holds): 24 posts in Markdown or MDX with a date, an
  author and a byline, a few without the TOC, and their index
  (``layout: 'full'``): cards for the latest three and a list of all.
* Pages of their own: the home page (``index.mdx``, ``layout: 'raw'``: a
  hero written in JSX, then cards), the plot map (``raw``: a grid of plots
  in JSX), the open days, the seed swap and contact (``full``: steps, tabs,
  cards, JSX blocks) and the committee (the default layout; as a
  ``type: 'page'`` item it has no sidebar, breadcrumb or pagination).
* The not-found page: ``pages/404.mdx``, a title and the theme's
  ``NotFoundPage`` (without it Next.js would write its own bare error page,
  outside the theme), which Next.js writes to ``404.html``.

That is 78 pages: 60 ``default``, 12 ``full``, 5 ``raw`` and the ``404``.

A page's label is the docs theme's layout for it, read from the sources,
not from the HTML: ``404`` for ``404.html``; otherwise the ``layout`` the
theme computes for the file the page was built from (``<route>.mdx``,
``<route>.md`` or an ``index`` in ``<route>/``): ``default``, overridden
folder by folder by the ``theme`` that each ``_meta.json`` on the way gives
the next name (the item's own entry over the folder's ``*`` entry), then by
the page's front matter, which the theme spreads over those options. The
layout is the theme's choice of what to render around the content: ``raw``
puts it in a bare ``<div>`` (no article, TOC column, breadcrumb, pagination
or desktop sidebar, and Markdown elements without the theme's classes);
``full`` in the ``nextra-content`` article with the pagination after it, no
breadcrumb and no TOC column; ``default`` in that article as a flex box
around a ``<main>`` with the breadcrumb and the pagination, beside the TOC's
column. ``typesetting: 'article'`` is no label of its own: it only adds a
class to the ``default`` article (the same elements, set otherwise by the
stylesheet), as ``toc: false`` or ``sidebar: false`` only take a part out,
and a ``type: 'page'`` item only loses the sidebar, the TOC's contents, the
breadcrumb and the pagination.

The labels were checked against the markup on every page of the build, and
``nextra_pages`` checks them again each time it reads the site: ``default``
has the ``<article class="... nextra-content nx-flex ...">`` with a
``<main>`` in it and the ``<nav class="nextra-toc ...">`` column (there,
empty, when the TOC is off); ``full`` that article without either; ``raw``
no such article and no TOC column, its content in a ``<div class="nx-w-full
nx-break-words">`` and the row around it without ``nx-max-w-[90rem]``. The
not-found page is ``default`` markup rendered for Next.js's ``/404`` route
(``"page":"/404"`` in ``__NEXT_DATA__``). On ``default`` pages the class
``nextra-body-typesetting-article`` is checked against the typesetting the
sources give, too, which tests the reading of ``_meta.json`` further (28
pages have it). ``nextra_pages`` stops if a page's markup shows no layout,
marks that disagree, or another layout or typesetting than its sources; the
labels are still derived from the sources alone.

The same seed gives the same sources and, with the build id fixed and the
same packages installed, the same pages: two builds in different folders
wrote byte-identical HTML.
"""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

from cms_blogs import (  # the same word list and Markdown as the other sites
    _AUTHORS,
    _WORDS,
    _fenced_body,
    _front,
    _html_pages,
    _long,
    _npm_site,
    _paragraph,
    _sentence,
    _slug,
    _table,
    _title,
    _water_listing,
    front_field,
    write_package,
)
from cms_vitepress import _IMAGES  # ``_body``'s images: ``/images/<1..40>.jpg``

#: Pinned so that the same sources give the same site (``npm view <pkg> version``):
#: Nextra 2's last release and the Next.js 14 release it builds with.
NPM_PACKAGES = {
    "next": "14.2.35",
    "react": "18.2.0",
    "react-dom": "18.2.0",
    "nextra": "2.13.4",
    "nextra-theme-docs": "2.13.4",
}

#: The placeholder for each of ``_body``'s images (in ``public/images/``):
#: Nextra imports a page's images, and Next.js reads each one to size it and
#: to draw its blurred placeholder, so it must be a real JPEG (a grey pixel).
_JPEG = bytes.fromhex(
    "ffd8ffe000104a46494600010100000100010000ffdb004300100b0c0e0c0a100e0d0e12111013"
    "18281a181616183123251d283a333d3c3933383740485c4e404457453738506d51575f62676867"
    "3e4d71797064785c656763ffc0000b080001000101011100ffc40014000100000000000000000000"
    "000000000000ffc40014100100000000000000000000000000000000ffda0008010100003f003fff"
    "d9"
)

_SITE = "Hazel Lane Handbook"
_TAGLINE = "How the allotments by the railway are run, and what grows on them"

#: The handbook's groups: (folder, title, number of docs). ``growing`` also
#: holds the ``fruit`` folder (``_FRUIT``); with the overviews and the
#: handbook's own four docs that is 46 docs.
_GROUPS = (
    ("getting-started", "Getting started", 8),
    ("growing", "Growing", 9),
    ("soil", "Soil and compost", 8),
    ("reference", "Reference", 8),
)
#: A nested folder, ``layout: 'full'`` for all it holds (its ``_meta.json``
#: entry in ``growing``), but for its first doc, which its own ``_meta.json``
#: sets back to ``default``.
_FRUIT = ("growing", "fruit", "Fruit", 4)
#: What a doc holds (see ``_doc_body``); the MDX kinds use Nextra's components.
_KINDS = (
    "long",
    "long",
    "short",
    "callouts",
    "code",
    "table",
    "tabs",
    "cards",
    "steps",
    "files",
)
_MDX = {"callouts", "tabs", "cards", "steps", "files"}
#: ``theme`` options a group's ``_meta.json`` gives a doc, by the doc's number.
_META_SWITCHES: dict[int, dict[str, object]] = {
    2: {"toc": False},
    5: {"breadcrumb": False, "pagination": False},
    8: {"layout": "full"},
    11: {"sidebar": False},
    14: {"typesetting": "article"},
    17: {"layout": "raw"},
    20: {"toc": False, "pagination": False},
    23: {"layout": "full"},
    26: {"footer": False},
    29: {"layout": "full"},
    27: {"navbar": False},
    32: {"typesetting": "article", "toc": False},
}
#: Theme options in a doc's front matter (which win over ``_meta.json``'s:
#: doc 29 is ``full`` there and ``default`` here).
_FRONT_SWITCHES: dict[int, dict[str, object]] = {
    3: {"toc": False},
    7: {"layout": "full"},
    13: {"typesetting": "article", "breadcrumb": False},
    19: {"sidebar": False, "toc": False},
    24: {"layout": "raw"},
    29: {"layout": "default"},
    30: {"layout": "full", "sidebar": False},
    31: {"pagination": False},
}
_CALLOUTS = (("info", "💧"), ("warning", "⚠️"), ("error", "🚫"), ("default", "🌱"))
_ICONS = ("🌱", "🥕", "🪱", "🍓", "🌻", "🧺", "🐝", "🪴")
_MONTHS = ("March", "April", "May", "June", "July", "August", "September")
#: The news: posts in ``news/``, newest first.
_POSTS = 24


def _mdx(imports: str, body: str) -> str:
    """An MDX body importing ``imports`` from Nextra's components."""
    return f"import {{ {imports} }} from 'nextra/components'\n\n{body}"


def _callout(rng: random.Random, kind: str | None = None) -> str:
    kind, emoji = next(c for c in _CALLOUTS if c[0] == kind) if kind else rng.choice(_CALLOUTS)
    return f'<Callout type="{kind}" emoji="{emoji}">\n{_paragraph(rng)}\n</Callout>\n'


def _code(rng: random.Random) -> str:
    """A fenced block with a file name and a highlighted line, or a shell's."""
    crop = rng.choice(_WORDS)
    if rng.random() < 0.35:
        return (
            f"```sh copy\nrsync -a photos/{crop}/ archive/2024/\n"
            f"ls archive/2024/{crop} | wc -l\n```\n"
        )
    numbers = " showLineNumbers" if rng.random() < 0.5 else ""
    return _water_listing(crop, f' filename="{crop}.py" {{3}}{numbers}')


def _tabs(rng: random.Random) -> str:
    seasons = rng.sample(("Spring", "Summer", "Autumn", "Winter"), rng.randint(2, 4))
    items = ", ".join(f"'{season}'" for season in seasons)
    tabs = "".join(f"<Tab>\n\n{_paragraph(rng)}\n\n</Tab>\n" for _ in seasons)
    return f"<Tabs items={{[{items}]}}>\n{tabs}</Tabs>\n"


def _cards(rng: random.Random, links: tuple[tuple[str, str], ...]) -> str:
    cards = "".join(
        f'<Card icon={{<span>{rng.choice(_ICONS)}</span>}} title="{title}" href="{href}" arrow />\n'
        for title, href in links
    )
    return f"<Cards>\n{cards}</Cards>\n"


def _steps(rng: random.Random) -> str:
    steps = "\n".join(f"### {_title(rng)}\n\n{_paragraph(rng)}\n" for _ in range(rng.randint(2, 5)))
    return f"<Steps>\n{steps}</Steps>\n"


def _files(rng: random.Random) -> str:
    """A ``FileTree`` of the shed's shelves."""
    shelves = "".join(
        f'<FileTree.Folder name="{rng.choice(_WORDS)}-shelf"{" defaultOpen" if n == 0 else ""}>\n'
        + "".join(f'<FileTree.File name="{rng.choice(_WORDS)}.txt" />\n' for _ in range(3))
        + "</FileTree.Folder>\n"
        for n in range(rng.randint(2, 3))
    )
    return f'<FileTree>\n{shelves}<FileTree.File name="rota.pdf" />\n</FileTree>\n'


def _doc_body(rng: random.Random, kind: str) -> str:
    """A doc's body below its ``#`` title: ``long`` (the table of contents
    grows), ``short`` (no heading), ``code`` or ``table`` in Markdown, or, in
    MDX, ``callouts``, ``tabs``, ``cards``, ``steps`` or ``files``."""
    if kind == "long":
        return _long(rng)
    if kind == "short":
        return "\n\n".join(_paragraph(rng) for _ in range(rng.randint(1, 2))) + "\n"
    if kind == "code":
        return f"{_paragraph(rng)}\n\n{_code(rng)}\n{_fenced_body(rng, rng.randint(1, 3))}"
    if kind == "table":
        body = f"{_paragraph(rng)}\n\n{_table(rng, rng.randint(4, 10))}\n"
        return body + _fenced_body(rng, rng.randint(0, 2))
    rest = _fenced_body(rng, rng.randint(0, 2))
    if kind == "callouts":
        first, second = _callout(rng, "info"), _callout(rng)
        body = f"{_paragraph(rng)}\n\n{first}\n{_fenced_body(rng, rng.randint(1, 3))}\n{second}"
        return _mdx("Callout", body)
    if kind == "tabs":
        return _mdx("Tabs, Tab", f"{_paragraph(rng)}\n\n{_tabs(rng)}\n{rest}")
    if kind == "cards":
        links = tuple((_title(rng), f"/handbook/{g[0]}") for g in rng.sample(_GROUPS, 3))
        return _mdx("Cards, Card", f"{_paragraph(rng)}\n\n{_cards(rng, links)}\n{rest}")
    if kind == "steps":
        return _mdx(
            "Steps, Callout", f"{_paragraph(rng)}\n\n{_steps(rng)}\n{_callout(rng)}\n{rest}"
        )
    return _mdx("FileTree", f"{_paragraph(rng)}\n\n{_files(rng)}\n{rest}")


def _write(path: Path, fields: dict[str, object], title: str, body: str) -> None:
    """A page: front matter (if any), its ``#`` title and ``body``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    head = _front(fields, ascii_only=False) if fields else ""
    path.write_text(f"{head}# {title}\n\n{body}", encoding="utf-8")


def _write_meta(folder: Path, meta: dict[str, object]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    text = json.dumps(meta, indent=2, ensure_ascii=False) + "\n"
    (folder / "_meta.json").write_text(text, encoding="utf-8")


def _entry(title: str, theme: dict[str, object] | None) -> object:
    """A ``_meta.json`` entry: the title alone, or with ``theme`` options."""
    return {"title": title, "theme": theme} if theme else title


def _write_doc(
    folder: Path, name: str, rng: random.Random, title: str, kind: str, front: dict[str, object]
) -> None:
    fields: dict[str, object] = {}
    if rng.random() < 0.3:
        fields["description"] = _sentence(rng)
    fields.update(front)
    suffix = ".mdx" if kind in _MDX else ".md"
    _write(folder / f"{name}{suffix}", fields, title, _doc_body(rng, kind))


def _write_handbook(pages: Path, rng: random.Random) -> None:
    """``pages/handbook/``: an overview, the groups' folders of docs with
    their ``_meta.json`` files, and four docs of its own."""
    handbook = pages / "handbook"
    meta: dict[str, object] = {"index": "Overview"}
    number = 1
    for folder, label, count in _GROUPS:
        if folder == "growing":
            meta["--growing"] = {"type": "separator", "title": "On the plot"}
        meta[folder] = (
            {"title": label, "theme": {"collapsed": True}} if folder == "reference" else label
        )
        group = handbook / folder
        _write(group / "index.md", {"title": label}, label, _doc_body(rng, "short"))
        entries: dict[str, object] = {"index": "Overview"}
        if folder == "reference":  # a fallback for every entry of the folder
            entries = {"*": {"theme": {"pagination": False}}, **entries}
        for n in range(count):
            title = _title(rng)
            name = _slug(title, n)
            kind = "callouts" if n == 0 else rng.choice(_KINDS)
            entries[name] = _entry(title, _META_SWITCHES.get(number))
            _write_doc(group, name, rng, title, kind, _FRONT_SWITCHES.get(number, {}))
            number += 1
        if folder == _FRUIT[0]:
            entries[_FRUIT[1]] = {"title": _FRUIT[2], "theme": {"layout": "full"}}
            fruit = group / _FRUIT[1]
            fruit_entries: dict[str, object] = {}
            for n in range(_FRUIT[3]):
                title = _title(rng)
                name = _slug(title, n)
                fruit_entries[name] = _entry(title, {"layout": "default"} if n == 0 else None)
                _write_doc(fruit, name, rng, title, rng.choice(_KINDS), {})
            _write_meta(fruit, fruit_entries)
        _write_meta(group, entries)
    links = tuple((label, f"/handbook/{folder}") for folder, label, _n in _GROUPS)
    body = _mdx("Cards, Card", f"{_paragraph(rng)}\n\n{_cards(rng, links)}\n{_long(rng)}")
    _write(handbook / "index.mdx", {"title": "The handbook"}, "The handbook", body)
    meta["--society"] = {"type": "separator", "title": "The society"}
    meta["rules"] = {"title": "Allotment rules", "theme": {"toc": False}}
    _write(handbook / "rules.md", {}, "Allotment rules", _long(rng))
    meta["calendar"] = {"title": "Sowing calendar", "theme": {"layout": "full"}}
    body = f"{_paragraph(rng)}\n\n{_table(rng, 24)}\n{_paragraph(rng)}\n"
    _write(handbook / "calendar.md", {}, "Sowing calendar", body)
    meta["seed-catalogue"] = {"title": "Seed catalogue (print)", "theme": {"layout": "raw"}}
    body = f"{_paragraph(rng)}\n\n{_table(rng, 16)}\n{_fenced_body(rng, 2)}"
    _write(handbook / "seed-catalogue.md", {}, "Seed catalogue", body)
    meta["glossary"] = {"title": "Glossary", "theme": {"typesetting": "article"}}
    terms = "".join(
        f"### {word.capitalize()}\n\n{_paragraph(rng)}\n\n"
        for word in sorted(rng.sample(_WORDS, 12))
    )
    _write(handbook / "glossary.md", {}, "Glossary", f"{_paragraph(rng)}\n\n{terms}")
    _write_meta(handbook, meta)


def _write_news(pages: Path, rng: random.Random) -> None:
    """``pages/news/``: the news index (``layout: 'full'``) and the posts,
    newest first; the top ``_meta.json`` sets the folder's typesetting."""
    news = pages / "news"
    meta: dict[str, object] = {"index": {"title": "All news", "theme": {"layout": "full"}}}
    posts = []
    for n in range(_POSTS):
        date = f"2024-{9 - n // 3:02d}-{28 - 9 * (n % 3):02d}"
        title = _title(rng)
        name = f"{date}-{_slug(title, n)}"
        author = rng.choice(_AUTHORS)
        fields: dict[str, object] = {"title": title, "date": date, "author": author}
        if n % 7 == 3:
            fields["toc"] = False
        byline = f"*{author}, {date}*\n\n"
        if n % 4 == 1:
            body = _mdx(
                "Callout", f"{byline}{_callout(rng)}\n{_fenced_body(rng, rng.randint(1, 4))}"
            )
            suffix = ".mdx"
        else:
            body = byline + _fenced_body(rng, rng.randint(0, 5))
            suffix = ".md"
        _write(news / f"{name}{suffix}", fields, title, body)
        meta[name] = title
        posts.append((title, name, date))
    listing = "".join(f"- [{title}](/news/{name}), *{date}*\n" for title, name, date in posts)
    latest = tuple((title, f"/news/{name}") for title, name, _date in posts[:3])
    body = _mdx(
        "Cards, Card", f"{_paragraph(rng)}\n\n{_cards(rng, latest)}\n## Every post\n\n{listing}"
    )
    _write(news / "index.mdx", {"title": "News"}, "News from the plots", body)
    _write_meta(news, meta)


_HOME = """\
import {{ Cards, Card }} from 'nextra/components'

export const button = {{ padding: '0.75rem 1.5rem', borderRadius: '9999px' }}
export const brand = {{ background: '#6b8e23', color: '#fff' }}

<div style={{{{ textAlign: 'center', padding: '5rem 1rem 3rem' }}}}>
  <h1 style={{{{ fontSize: '3rem', fontWeight: 800 }}}}>Hazel Lane Allotments</h1>
  <p style={{{{ fontSize: '1.25rem', margin: '1rem 0 2rem' }}}}>{tagline}</p>
  <a href="/handbook" style={{{{ ...button, ...brand }}}}>Read the handbook</a>
  {{' '}}
  <a href="/open-days" style={{button}}>Come to an open day</a>
</div>

<div style={{{{ maxWidth: '64rem', margin: '0 auto', padding: '0 1.5rem 4rem' }}}}>

{cards}
{text}

</div>
"""


def _plot_map(rng: random.Random) -> str:
    """The plot map: a grid of plots in JSX, each with its number and crop."""
    plots = "".join(
        f'  <div style={{{{ border: "1px solid #6b8e23", padding: "0.5rem" }}}}>'
        f"<strong>{n}</strong><br />{rng.choice(_WORDS)}</div>\n"
        for n in range(1, 25)
    )
    grid = (
        '<div style={{ display: "grid", gridTemplateColumns: "repeat(6, 1fr)", gap: "0.5rem",'
        ' padding: "2rem" }}>\n'
    )
    return f"{grid}{plots}</div>\n\n{_paragraph(rng)}\n"


def _write_top(pages: Path, rng: random.Random) -> None:
    """The home page and the navbar's pages, and ``pages/_meta.json``."""
    links = tuple(
        (title, href)
        for title, href in (
            ("Getting a plot", "/handbook/getting-started"),
            ("Growing", "/handbook/growing"),
            ("Soil and compost", "/handbook/soil"),
            ("News", "/news"),
        )
    )
    home = _HOME.format(tagline=_TAGLINE, cards=_cards(rng, links), text=_paragraph(rng))
    (pages / "index.mdx").write_text(home, encoding="utf-8")
    body = _mdx(
        "Steps, Callout",
        f"{_paragraph(rng)}\n\n{_steps(rng)}\n{_table(rng, 5)}\n{_callout(rng, 'info')}",
    )
    _write(pages / "open-days.mdx", {"title": "Open days"}, "Open days", body)
    body = _mdx(
        "Tabs, Tab, Cards, Card", f"{_paragraph(rng)}\n\n{_tabs(rng)}\n{_cards(rng, links[:2])}"
    )
    _write(pages / "seed-swap.mdx", {"title": "Seed swap"}, "Seed swap", body)
    rows = "".join(
        f"| {role} | {name} | {rng.choice(_MONTHS)} |\n"
        for role, name in zip(("Chair", "Secretary", "Lettings"), _AUTHORS, strict=True)
    )
    body = f"{_paragraph(rng)}\n\n| Role | Name | Elected |\n|---|---|---|\n{rows}\n{_long(rng)}"
    _write(pages / "committee.md", {"title": "The committee"}, "The committee", body)
    cards = "".join(
        f'<div style={{{{ border: "1px solid #ccc", padding: "1rem" }}}}>\n'
        f"<h2>{what}</h2>\n<p>{_sentence(rng)}</p>\n</div>\n"
        for what in ("Secretary", "Lettings", "Seed library")
    )
    body = _mdx("Callout", f"{_callout(rng, 'warning')}\n{cards}\n{_paragraph(rng)}\n")
    _write(pages / "contact.mdx", {"title": "Contact"}, "Contact", body)
    (pages / "plot-map.mdx").write_text(f"# Plot map\n\n{_plot_map(rng)}", encoding="utf-8")
    not_found = "import { NotFoundPage } from 'nextra-theme-docs'\n\n"
    not_found += "# Page not found\n\n<NotFoundPage />\n"
    (pages / "404.mdx").write_text(not_found, encoding="utf-8")
    society = {
        "committee": {"title": "The committee", "href": "/committee"},
        "contact": {"title": "Contact", "href": "/contact"},
        "council": {"title": "The council", "href": "https://council.example/", "newWindow": True},
    }
    meta = {
        "index": {"title": "Home", "type": "page", "display": "hidden", "theme": {"layout": "raw"}},
        "handbook": {"title": "Handbook", "type": "page"},
        "news": {
            "title": "News",
            "type": "page",
            "theme": {"typesetting": "article", "breadcrumb": False},
        },
        "open-days": {"title": "Open days", "type": "page", "theme": {"layout": "full"}},
        "seed-swap": {"title": "Seed swap", "type": "page", "theme": {"layout": "full"}},
        "society": {"title": "Society", "type": "menu", "items": society},
        "committee": {"title": "The committee", "type": "page", "display": "hidden"},
        "contact": {
            "title": "Contact",
            "type": "page",
            "display": "hidden",
            "theme": {"layout": "full"},
        },
        "plot-map": {
            "title": "Plot map",
            "type": "page",
            "display": "hidden",
            "theme": {"layout": "raw"},
        },
        "shop": {
            "title": "Trading hut",
            "type": "page",
            "href": "https://shop.example/",
            "newWindow": True,
        },
    }
    _write_meta(pages, meta)


_NEXT_CONFIG = """\
// The bench's allotment handbook.
const withNextra = require('nextra')({
  theme: 'nextra-theme-docs',
  themeConfig: './theme.config.jsx',
  defaultShowCopyCode: true,
})

module.exports = withNextra({
  output: 'export',
  images: { unoptimized: true },
  generateBuildId: async () => 'hazel-lane',
})
"""
_THEME_CONFIG = """\
// The bench's allotment handbook.
export default {
  logo: <strong>Hazel Lane Handbook</strong>,
  project: { link: 'https://code.example/hazel-lane/handbook' },
  docsRepositoryBase: 'https://code.example/hazel-lane/handbook/tree/main',
  banner: { key: 'water-2024', text: 'The water points are off until the end of March.' },
  editLink: { text: 'Suggest a change to this page' },
  feedback: { content: 'A question? Ask the committee' },
  footer: { text: 'Hazel Lane Allotment Society, by the railway.' },
  sidebar: { defaultMenuCollapseLevel: 1, toggleButton: true },
  toc: { backToTop: true, title: 'On this page' },
  gitTimestamp: null,
  useNextSeoProps() {
    return { titleTemplate: '%s – Hazel Lane Handbook' }
  },
}
"""


def write_nextra_sources(root: Path, seed: int = 0) -> None:
    """The site's ``package.json``, ``next.config.js``, ``theme.config.jsx``,
    ``pages/`` and ``public/`` in ``root``, the same for a seed."""
    rng = random.Random(seed + 1618)
    for old in ("pages", "public"):
        shutil.rmtree(root / old, ignore_errors=True)
    pages = root / "pages"
    pages.mkdir(parents=True)
    write_package(root, "hazel-lane-nextra", "next build", NPM_PACKAGES)
    (root / "next.config.js").write_text(_NEXT_CONFIG, encoding="utf-8")
    (root / "theme.config.jsx").write_text(_THEME_CONFIG, encoding="utf-8")
    _write_top(pages, rng)
    _write_handbook(pages, rng)
    _write_news(pages, rng)
    images = root / "public" / "images"
    images.mkdir(parents=True)
    for n in _IMAGES:
        (images / f"{n}.jpg").write_bytes(_JPEG)


def build_nextra(data: Path, seed: int = 0) -> Path:
    """Next.js's static export of the handbook (built once into ``data``)."""
    root = data / "nextra-site"
    return _npm_site(
        root,
        root / "out",
        lambda: write_nextra_sources(root, seed),
        "next",
        ["next", "build"],
        "Nextra site needs Node.js 18.17+",
        {"NEXT_TELEMETRY_DISABLED": "1"},
    )


#: The theme options that decide what the docs theme renders around a page,
#: and their defaults (Nextra's ``DEFAULT_PAGE_THEME``).
THEME_DEFAULTS = {"layout": "default", "typesetting": "default"}


def meta_theme(meta: dict[str, object], name: str) -> dict[str, object]:
    """The ``theme`` options a folder's ``_meta.json`` gives its item ``name``:
    the folder's ``*`` entry's, overridden by the item's own.

    >>> meta_theme({"a": "A", "b": {"title": "B", "theme": {"layout": "raw"}}}, "b")
    {'layout': 'raw'}
    >>> meta = {"*": {"theme": {"layout": "full", "toc": False}}, "a": {"theme": {"toc": True}}}
    >>> meta_theme(meta, "a"), meta_theme(meta, "z"), meta_theme({"a": "A"}, "a")
    ({'layout': 'full', 'toc': True}, {'layout': 'full', 'toc': False}, {})
    """
    theme: dict[str, object] = {}
    for key in ("*", name):
        entry = meta.get(key)
        if isinstance(entry, dict) and isinstance(entry.get("theme"), dict):
            theme.update(entry["theme"])
    return theme


def front_theme(markdown: str) -> dict[str, str]:
    """The layout and typesetting a page's front matter sets (the docs theme
    spreads the front matter over the page's theme options).

    >>> front_theme('---\\ntitle: "Kale"\\nlayout: "raw"\\ntoc: false\\n---\\n\\n# Kale\\n')
    {'layout': 'raw'}
    >>> front_theme("# Kale\\n\\n---\\nlayout: full\\n---\\n")  # a rule, not front matter
    {}
    """
    found = {name: front_field(markdown, name) for name in ("layout", "typesetting")}
    return {name: value for name, value in found.items() if value}


def source_of(route: str, pages: Path) -> Path | None:
    """The file Next.js built the page at ``route`` (no slashes around it)
    from: ``<route>.mdx``, ``<route>.md`` or an ``index`` in the folder
    (``None``: no source)."""
    for base in (route, f"{route}/index" if route else "index"):
        for suffix in (".mdx", ".md"):
            if (pages / f"{base}{suffix}").is_file():
                return pages / f"{base}{suffix}"
    return None


def page_theme(route: str, pages: Path) -> dict[str, object] | None:
    """The theme options of the page at ``route``, as the docs theme reads
    them from the sources: the defaults, then, folder by folder down to the
    file, the ``theme`` each ``_meta.json`` gives the next name on the way
    (a folder's options hold for all it holds), then the page's front matter
    (``None``: no source)."""
    source = source_of(route, pages)
    if source is None:
        return None
    names = source.relative_to(pages).with_suffix("").parts
    theme: dict[str, object] = dict(THEME_DEFAULTS)
    for depth, name in enumerate(names):
        meta_file = pages.joinpath(*names[:depth]) / "_meta.json"
        if meta_file.is_file():
            theme.update(meta_theme(json.loads(meta_file.read_text(encoding="utf-8")), name))
    theme.update(front_theme(source.read_text(encoding="utf-8")))
    return theme


def nextra_layout_of(rel: str, pages: Path) -> str | None:
    """The layout that renders ``rel`` (a path in the export folder), from
    the sources (``None``: not a page).

    >>> nextra_layout_of("404.html", Path("pages"))
    '404'
    >>> [nextra_layout_of(p, Path("pages")) for p in ("_next/static/x.js", "gone.html")]
    [None, None]
    """
    if rel == "404.html":
        return "404"
    if not rel.endswith(".html") or rel.startswith("_next/"):
        return None
    route = rel[: -len(".html")]
    theme = page_theme("" if route == "index" else route, pages)
    return str(theme["layout"]) if theme else None


#: The row the docs theme lays the sidebar, the TOC and the body in: wider
#: than 90rem only with ``layout: 'raw'``.
_ROW = re.compile(r'<div class="nx-mx-auto nx-flex( nx-max-w-\[90rem\])?">')
#: The body with ``full`` and ``default`` (``nextra-content``; ``default``'s
#: is a flex box holding a ``<main>``), and the bare one with ``raw``.
_ARTICLE = re.compile(r'<article class="([^"]*\bnextra-content\b[^"]*)">(<main\b)?')
_RAW_BODY = '<div id="reach-skip-nav"></div><div class="nx-w-full nx-break-words">'
#: The table of contents' column, there (empty or not) with ``default`` only.
_TOC = '<nav class="nextra-toc '
_ARTICLE_TYPE = "nextra-body-typesetting-article"
#: The route Next.js rendered, in the page's ``__NEXT_DATA__``.
_NOT_FOUND_ROUTE = '"page":"/404"'


def layout_in_html(html: str) -> str | None:
    """The layout a built page's markup shows (``None``: none, or marks that
    disagree): ``default`` has the ``nextra-content`` article as a flex box
    around a ``<main>`` and the TOC's column, ``full`` the article alone,
    ``raw`` neither and a row without the 90rem limit. The not-found page is
    the ``default`` layout rendered for Next.js's ``/404`` route.

    >>> row, toc = '<div class="nx-mx-auto nx-flex nx-max-w-[90rem]">', '<nav class="nextra-toc x">'
    >>> body = '<article class="nx-w-full nextra-content nx-flex nx-pb-8"><main class="m">'
    >>> layout_in_html(row + toc + body)
    'default'
    >>> layout_in_html(row + '<article class="nx-w-full nextra-content nx-min-h-0"><h1>')
    'full'
    >>> layout_in_html('<div class="nx-mx-auto nx-flex"><aside></aside>' + _RAW_BODY + "<h1>")
    'raw'
    >>> layout_in_html(row + toc + body + '<script>{"props":{},"page":"/404","query":{}}')
    '404'
    >>> [layout_in_html(h) for h in (row + body, row + _RAW_BODY, body)]
    [None, None, None]
    """
    row = _ROW.search(html)
    if row is None:
        return None
    wide, toc, article = row.group(1) is None, _TOC in html, _ARTICLE.search(html)
    if article is None:
        return "raw" if wide and not toc and _RAW_BODY in html else None
    if wide or _RAW_BODY in html:
        return None
    flex, main = "nx-flex" in article.group(1).split(), article.group(2) is not None
    if flex and main and toc:
        return "404" if _NOT_FOUND_ROUTE in html else "default"
    return "full" if not (flex or main or toc) else None


def typesetting_in_html(html: str) -> str:
    """``article`` when the body carries the article typesetting's class.

    >>> body = '<article class="nextra-content nx-flex nextra-body-typesetting-article">'
    >>> typesetting_in_html(body), typesetting_in_html(body.replace(" nextra-body", " x"))
    ('article', 'default')
    """
    found = _ARTICLE.search(html)
    return "article" if found and _ARTICLE_TYPE in found.group(1).split() else "default"


def nextra_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, layout) of every page of the Nextra site; ``SystemExit``
    if a page's markup shows another layout (or, with ``default``, another
    typesetting) than its sources."""
    output = build_nextra(data)
    pages_dir = output.parent / "pages"
    pages = _html_pages(output, lambda rel: nextra_layout_of(rel, pages_dir))
    wrong = []
    for rel, html, label in pages:
        route = "404" if rel == "404.html" else rel[: -len(".html")]
        theme = page_theme("" if route == "index" else route, pages_dir) or THEME_DEFAULTS
        typesetting = theme["typesetting"] if theme["layout"] == "default" else "default"
        seen = (layout_in_html(html), typesetting_in_html(html))
        if seen != (label, typesetting):
            wrong.append(f"{rel}: {label} ({typesetting}), markup {seen[0]} ({seen[1]})")
    if wrong:
        raise SystemExit("Nextra layouts other than the sources say:\n" + "\n".join(wrong[:20]))
    return pages
