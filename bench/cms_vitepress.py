"""A documentation site written by VitePress, for the held-out bench.

The engine was never developed on VitePress. Like ``bench/cms_blogs.py``
(whose word list and Markdown helpers it uses), this module writes a site's
sources from a seed, builds them with the real generator and labels each page
with the layout that renders it. VitePress and Vue are installed from npm at
pinned versions into ``data/vitepress-site/node_modules`` and the site is
built once with ``npx vitepress build docs`` into ``docs/.vitepress/dist``.
Only the sources are invented; every page is VitePress's output with its
default theme, rendered by the theme's Vue components on the server.

The site is an allotment society's handbook. ``docs/.vitepress/config.mjs``
sets the default theme's top navigation (links and a drop-down), a sidebar
of four groups for ``/handbook/`` only (three collapsible, the last one
closed), social links, a footer,
an "edit this page" link, an outline of ``##`` and ``###`` headings, no
last-updated dates (no git needed) and ``cleanUrls: false`` (every page is
``<path>.html``). What the Markdown sources hold, so that each kind of page
has more than one look:

* Two pages with ``layout: home``: the home page (``index.md``: a hero with
  two buttons and six feature cards, some with an icon or a link) and the
  open days' landing page (a hero with one button, no features, Markdown
  below it).
* 40 handbook docs (``handbook/index.md`` and ``handbook/<section>/``, the
  default ``layout: doc``, with the sidebar) and two docs outside it (news
  and the rules, no sidebar). About a quarter are long, with many ``##`` and
  ``###`` headings (the right-hand outline shows), a sixth short, a title
  and a paragraph or two (no outline), and the rest hold custom containers
  (``::: tip``, ``::: warning``, ``::: details``...), code blocks with a file
  name and highlighted lines, a code group, or a table. A few switch parts of
  the page off in their front matter: ``aside: false``, ``outline: false``,
  ``prev: false`` / ``next: false``, ``editLink: false``.
* Four pages with ``layout: page`` outside the sidebar's folder (about, the
  committee, contact, the seed library: no sidebar, no outline): prose, a
  table, or raw HTML blocks.
* The not-found page VitePress writes itself (``404.html``).

A page's label is the default theme's layout for it, read from its source,
not from the HTML: ``404`` for ``404.html``; otherwise the ``layout`` in the
front matter of the Markdown file the page was built from (``<path>.md``),
``doc`` when there is none (VitePress's default). Labels: ``home``, ``doc``,
``page``, ``404``.

The default theme's ``Layout.vue`` picks one component for the page's
content from the same front matter, and each component's root element
carries its name as a class: ``VPHome``, ``VPDoc`` or ``VPPage`` (an
``is-home`` or ``has-sidebar`` on the ``VPContent`` around it, a
``has-sidebar`` or ``has-aside`` on ``VPDoc`` itself). The not-found
component, ``NotFound``, is never in the markup: VitePress writes
``404.html`` with an empty ``<div id="app"></div>`` (the page is drawn in
the browser) and gives every other page its server-rendered content, so the
empty ``#app`` is what marks it. The labels were checked against those marks
on every page of the build, and ``vitepress_pages`` checks them again each
time it reads the site (it stops if a page's markup shows no layout or
another one than its label); the labels are still derived from the sources
alone.

VitePress names each code group's radio buttons with a random id
(``group-<5 characters>``), which also changes the hash in the file name of
those pages' scripts; every page carries the map of all the pages' script
hashes in an inline script. Apart from those, the same seed gives the same
site.
"""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

from cms_blogs import (
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
    agreeing_with_markup,
    front_field,
    write_package,
)

#: Pinned so that the same sources give the same site (``npm view <pkg> version``).
NPM_PACKAGES = {"vitepress": "1.6.4", "vue": "3.5.47"}

_SITE = "Hazel Lane Handbook"
_TAGLINE = "How the allotments by the railway are run, and what grows on them"

#: The handbook's sidebar groups: (folder, title, number of docs). With each
#: group's overview and ``handbook/index.md`` that is 40 docs.
_SECTIONS = (
    ("getting-started", "Getting started", 7),
    ("growing", "Growing", 11),
    ("soil", "Soil and compost", 9),
    ("reference", "Reference", 8),
)
#: Pages with ``layout: page``: (slug, title, what they hold).
_PAGE_PAGES = (
    ("about", "About the society", "prose"),
    ("committee", "The committee", "table"),
    ("contact", "Contact", "html"),
    ("seed-library", "Seed library", "prose"),
)
_FEATURES = (
    ("Getting a plot", "🌱", "/handbook/getting-started/"),
    ("Growing", "🥕", "/handbook/growing/"),
    ("Soil and compost", "🪱", "/handbook/soil/"),
    ("Open days", "", "/open-days"),
    ("Seed library", "🌻", "/seed-library"),
    ("Rules", "", "/rules"),
)
_CONTAINERS = ("tip", "info", "warning", "danger", "details")
#: ``_body``'s images are ``/images/<1..40>.jpg``; VitePress fails the build on
#: an image it cannot find, so ``docs/public/images/`` holds a placeholder for
#: each (a 1x1 GIF: the pages' markup does not depend on what the file holds).
_IMAGES = range(1, 41)
_PIXEL = bytes.fromhex(
    "47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b"
)


def _container(rng: random.Random, kind: str | None = None) -> str:
    kind = kind or rng.choice(_CONTAINERS)
    title = f" {_title(rng)}" if kind == "details" or rng.random() < 0.4 else ""
    return f"::: {kind}{title}\n{_paragraph(rng)}\n:::\n"


def _code(rng: random.Random) -> str:
    """A fenced block with a file name and highlighted lines, or a code group."""
    crop = rng.choice(_WORDS)
    if rng.random() < 0.3:
        return (
            "::: code-group\n"
            f"```bash [rsync]\nrsync -a photos/{crop}/ archive/$(date +%Y)/\n```\n\n"
            f"```python [archive.py]\nshutil.copytree('photos/{crop}', archive_dir())\n```\n"
            ":::\n"
        )
    return _water_listing(crop, f" [{crop}.py]{{3}}")


def _doc_body(rng: random.Random, kind: str) -> str:
    """A doc's Markdown below its title: ``long`` (an outline), ``short`` (no
    heading), ``containers``, ``code`` or ``table``."""
    if kind == "long":
        return _long(rng)
    if kind == "short":
        return "\n\n".join(_paragraph(rng) for _ in range(rng.randint(1, 2))) + "\n"
    if kind == "containers":
        body = (
            f"{_paragraph(rng)}\n\n{_container(rng, 'tip')}\n{_fenced_body(rng, rng.randint(1, 3))}"
        )
        return body + f"\n{_container(rng, rng.choice(('warning', 'details', 'danger')))}"
    if kind == "code":
        return f"{_paragraph(rng)}\n\n{_code(rng)}\n{_fenced_body(rng, rng.randint(1, 3))}"
    first = _paragraph(rng)
    return f"{first}\n\n{_table(rng, rng.randint(4, 10))}\n{_fenced_body(rng, rng.randint(0, 2))}"


#: Front matter that switches parts of a handbook doc off, by the doc's number.
_SWITCHES: dict[int, dict[str, object]] = {
    3: {"aside": False},
    11: {"outline": False},
    17: {"prev": False, "next": False},
    24: {"aside": False, "editLink": False},
    30: {"next": False},
    34: {"outline": False, "prev": False},
}


def _write_doc(
    path: Path, rng: random.Random, title: str, kind: str, extra: dict[str, object]
) -> None:
    fields: dict[str, object] = {"title": title}
    if rng.random() < 0.3:
        fields["description"] = _sentence(rng)
    fields.update(extra)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = _front(fields, ascii_only=False) + f"# {title}\n\n" + _doc_body(rng, kind)
    path.write_text(text, encoding="utf-8")


def _write_handbook(docs: Path, rng: random.Random) -> list[dict[str, object]]:
    """The handbook's docs; returns the sidebar's groups."""
    kinds = ("long", "long", "short", "containers", "code", "table")
    _write_doc(docs / "handbook" / "index.md", rng, "The handbook", "long", {})
    groups: list[dict[str, object]] = []
    number = 1
    for position, (folder, label, count) in enumerate(_SECTIONS):
        items = []
        for n in range(count):
            title = _title(rng)
            slug = _slug(title, n)
            kind = "containers" if n == 0 else rng.choice(kinds)
            extra = _SWITCHES.get(number, {})
            _write_doc(docs / "handbook" / folder / f"{slug}.md", rng, title, kind, extra)
            items.append({"text": title, "link": f"/handbook/{folder}/{slug}"})
            number += 1
        # A group's overview, a short doc (the home page's features link to it).
        (docs / "handbook" / folder / "index.md").write_text(
            _front({"title": label}, ascii_only=False) + f"# {label}\n\n" + _doc_body(rng, "short"),
            encoding="utf-8",
        )
        items.insert(0, {"text": "Overview", "link": f"/handbook/{folder}/"})
        group: dict[str, object] = {"text": label, "items": items}
        if position:
            group["collapsed"] = position == len(_SECTIONS) - 1
        groups.append(group)
    return groups


def _write_home_pages(docs: Path, rng: random.Random) -> None:
    features = []
    for title, icon, link in _FEATURES:
        feature: dict[str, object] = {"title": title, "details": _sentence(rng)}
        if icon:
            feature["icon"] = icon
        if rng.random() < 0.7:
            feature["link"] = link
            feature["linkText"] = "Read on"
        features.append(feature)
    hero = {
        "name": "Hazel Lane Allotments",
        "text": "The growers' handbook",
        "tagline": _TAGLINE,
        "actions": [
            {"theme": "brand", "text": "Read the handbook", "link": "/handbook/"},
            {"theme": "alt", "text": "Come to an open day", "link": "/open-days"},
        ],
    }
    home = _front({"layout": "home", "hero": hero, "features": features}, ascii_only=False)
    (docs / "index.md").write_text(home, encoding="utf-8")
    hero = {
        "name": "Open days",
        "text": "Walk the plots with us",
        "actions": [{"theme": "brand", "text": "How to find us", "link": "/contact"}],
    }
    text = _front({"layout": "home", "title": "Open days", "hero": hero}, ascii_only=False)
    text += _fenced_body(rng, 3) + "\n" + _table(rng, 5)
    (docs / "open-days.md").write_text(text, encoding="utf-8")


def _write_page_pages(docs: Path, rng: random.Random) -> None:
    for slug, title, kind in _PAGE_PAGES:
        text = _front({"layout": "page", "title": title}, ascii_only=False) + f"# {title}\n\n"
        if kind == "table":
            text += f"{_paragraph(rng)}\n\n" + _table(rng, 6)
        elif kind == "html":
            cards = "".join(
                f'  <div class="card">\n    <h2>{name}</h2>\n'
                f"    <p>{_sentence(rng)}</p>\n  </div>\n"
                for name in ("Secretary", "Lettings", "Seed library")
            )
            text += f'<div class="cards">\n{cards}</div>\n\n{_paragraph(rng)}\n'
        else:
            text += _fenced_body(rng, rng.randint(1, 4))
        (docs / f"{slug}.md").write_text(text, encoding="utf-8")


def _config(sidebar: list[dict[str, object]]) -> dict[str, object]:
    """``docs/.vitepress/config.mjs``'s object (written out as JSON)."""
    society = [{"text": title, "link": f"/{slug}"} for slug, title, _kind in _PAGE_PAGES]
    return {
        "lang": "en-GB",
        "title": _SITE,
        "description": _TAGLINE,
        "cleanUrls": False,
        "lastUpdated": False,
        "themeConfig": {
            "nav": [
                {"text": "Handbook", "link": "/handbook/", "activeMatch": "/handbook/"},
                {"text": "Open days", "link": "/open-days"},
                {"text": "News", "link": "/news"},
                {"text": "Society", "items": society},
            ],
            "sidebar": {"/handbook/": sidebar},
            "outline": {"level": [2, 3], "label": "On this page"},
            "socialLinks": [
                {"icon": "mastodon", "link": "https://social.example/@hazel"},
                {"icon": "github", "link": "https://code.example/hazel-lane/handbook"},
            ],
            "editLink": {
                "pattern": "https://code.example/hazel-lane/handbook/edit/main/docs/:path",
                "text": "Suggest a change to this page",
            },
            "footer": {
                "message": "Hazel Lane Allotment Society, by the railway.",
                "copyright": "Text shared under CC BY-SA 4.0",
            },
        },
    }


def write_vitepress_sources(root: Path, seed: int = 0) -> None:
    """The site's ``package.json`` and ``docs/`` in ``root``, the same for a seed."""
    rng = random.Random(seed + 4242)
    docs = root / "docs"
    shutil.rmtree(docs, ignore_errors=True)
    (docs / ".vitepress").mkdir(parents=True)
    write_package(
        root, "hazel-lane-vitepress", "vitepress build docs", NPM_PACKAGES, dev=True, module=True
    )
    _write_home_pages(docs, rng)
    sidebar = _write_handbook(docs, rng)
    _write_doc(docs / "news.md", rng, "News from the plots", "long", {})
    _write_doc(docs / "rules.md", rng, "Allotment rules", "containers", {"aside": False})
    _write_page_pages(docs, rng)
    images = docs / "public" / "images"
    images.mkdir(parents=True)
    for n in _IMAGES:
        (images / f"{n}.jpg").write_bytes(_PIXEL)
    config = "// The bench's allotment handbook.\nexport default "
    config += json.dumps(_config(sidebar), indent=2, ensure_ascii=False) + "\n"
    (docs / ".vitepress" / "config.mjs").write_text(config, encoding="utf-8")


def build_vitepress(data: Path, seed: int = 0) -> Path:
    """VitePress's output folder for the handbook (built once into ``data``)."""
    root = data / "vitepress-site"
    return _npm_site(
        root,
        root / "docs" / ".vitepress" / "dist",
        lambda: write_vitepress_sources(root, seed),
        "vitepress",
        ["vitepress", "build", "docs"],
        "VitePress site needs Node.js 18+",
    )


def layout_in_source(markdown: str) -> str:
    """The default theme's layout for a Markdown source: its front matter's
    ``layout``, else ``doc``.

    >>> layout_in_source('---\\ntitle: "Kale"\\nlayout: "home"\\n---\\n\\n# Kale\\n')
    'home'
    >>> [layout_in_source(t) for t in ("---\\naside: false\\n---\\n", "# No front matter\\n")]
    ['doc', 'doc']
    >>> layout_in_source("# Title\\n\\n---\\nlayout: page\\n---\\n")  # a rule, not front matter
    'doc'
    """
    return front_field(markdown, "layout") or "doc"


def vitepress_layout_of(rel: str, docs: Path) -> str | None:
    """The layout that renders ``rel`` (a path in the output folder), from the
    source VitePress built it from (``None``: not a page).

    >>> vitepress_layout_of("404.html", Path("docs"))
    '404'
    >>> [vitepress_layout_of(p, Path("docs")) for p in ("assets/app.js", "hashmap.json")]
    [None, None]
    """
    if rel == "404.html":
        return "404"
    if not rel.endswith(".html") or rel.startswith("assets/"):
        return None
    source = docs / f"{rel[: -len('.html')]}.md"
    if not source.is_file():
        return None
    return layout_in_source(source.read_text(encoding="utf-8"))


#: The class on the root element of the component that ``Layout.vue`` renders
#: the page's content with, and the layout it stands for.
_HTML_LAYOUT = {"VPHome": "home", "VPDoc": "doc", "VPPage": "page", "NotFound": "404"}
_LAYOUT_CLASS = re.compile(r'<div class="(VPHome|VPDoc|VPPage|NotFound)\b')
#: What VitePress writes into the not-found page's body in place of the page.
_EMPTY_APP = '<div id="app"></div>'


def layout_in_html(html: str) -> str | None:
    """The layout a built page's markup says it has (``None``: none found).
    VitePress renders the not-found page in the browser only: its ``#app`` is
    empty, and that is the one page where it is.

    >>> layout_in_html('<div class="VPContent is-home"><div class="VPHome">')
    'home'
    >>> layout_in_html('<div class="VPDoc has-sidebar has-aside">')
    'doc'
    >>> layout_in_html('<body><div id="app"></div><script>')
    '404'
    >>> layout_in_html('<div class="VPDocAside">') is None
    True
    """
    if _EMPTY_APP in html:
        return "404"
    found = _LAYOUT_CLASS.search(html)
    return _HTML_LAYOUT[found.group(1)] if found else None


def vitepress_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, layout) of every page of the VitePress site; ``SystemExit``
    if a page's markup names another layout than its source."""
    output = build_vitepress(data)
    docs = output.parent.parent
    pages = _html_pages(output, lambda rel: vitepress_layout_of(rel, docs))
    return agreeing_with_markup(pages, layout_in_html, "VitePress layouts")
