"""A documentation site written by Astro with the Starlight theme, for the held-out bench.

The engine was never developed on Astro or Starlight. Like
``bench/cms_vitepress.py`` (and ``bench/cms_blogs.py``, whose word list and
Markdown helpers it uses), this module writes a site's sources from a seed,
builds them with the real generator and labels each page with the template
that renders it. Astro 4.16 and Starlight 0.29 are installed from npm at
pinned versions into ``data/starlight-site/node_modules`` and the site is
built once with ``npx astro build`` into ``dist/`` (Starlight then indexes it
with Pagefind for its search box). Only the sources are invented; every page
is Starlight's output, rendered by its own Astro components. Starlight's own
dependencies (MDX, Expressive Code for code blocks, Pagefind...) are ranges
that npm resolves when it installs; only the sitemap integration among them
had to be pinned (see ``NPM_PACKAGES``). The site uses Astro's pass-through
image service (no image is converted, so no image library is needed) and
the default ``build.format``: every page is ``<path>/index.html``, the
not-found page ``404.html``.

The site is an allotment society's handbook in English (the root locale) and
Dutch (``/nl/``). ``astro.config.mjs`` sets Starlight's options: a sidebar of
five groups (``Getting started`` and ``Growing`` generated from their folders,
``Growing`` with a nested ``fruit`` subgroup; ``Soil and compost`` listed item
by item, with an external link; ``Reference`` generated and collapsed; ``The
society``, hand-listed, with links to two splash pages and a badge), group
labels translated, social links, an "edit page" link, a table of contents of
``##`` and ``###`` headings, no last-updated dates (no git needed), no
credits. What the sources (``src/content/docs/``) hold, so that each kind of
page has more than one look:

* Three pages with ``template: splash``: the home page (``index.mdx``: a
  hero with a title, a tagline, an image and two buttons, then a grid of
  four cards), the open days (no hero: the title and Markdown with a table
  and an aside) and the seed swap (a hero with a tagline and one button, no
  image, then link cards).
* 38 docs (the default ``template: doc``, with the sidebar): each group's
  overview, 32 docs in the groups, the rules and the news. Some are long,
  with many ``##`` and ``###`` headings (the right-hand table of contents
  grows), some short (a paragraph or two), the rest hold asides
  (``:::note``, ``:::tip``, ``:::caution``, ``:::danger``, some titled),
  code blocks with a title and a highlighted line or a terminal frame, a
  table, or, as MDX, Starlight's components (``Tabs``/``TabItem``,
  ``Card``/``CardGrid``/``LinkCard``, ``Steps`` with an ``Aside`` and a
  ``Badge``). Front matter varies them: ``tableOfContents: false`` or other
  heading levels, ``prev: false`` / ``next: false``, ``editUrl: false``,
  ``pagefind: false``, a ``banner``, ``lastUpdated: false``, a sidebar badge,
  ``sidebar.hidden``.
* Dutch: the home page, the open days, the rules and the whole ``Getting
  started`` group are translated (their own seeded text); Starlight writes
  every other page's ``/nl/`` copy from the English source, with a "not yet
  translated" notice on the docs. 41 pages in each language.
* The not-found page Starlight writes itself (``404.html``).

A page's label is Starlight's template for it, read from its source, not
from the HTML: ``404`` for ``404.html``; otherwise the ``template`` in the
front matter of the file the page was built from (``<path>.md``,
``<path>.mdx`` or an ``index`` in ``<path>/``; for a ``/nl/`` page without a
Dutch file, the English one Starlight renders in its place), ``doc`` when
there is none (Starlight's default). Labels: ``doc``, ``splash``, ``404``.

Starlight's ``Page.astro`` gives a page the sidebar unless its template is
``splash``, and says so on ``<html>`` (``data-has-sidebar``, beside
``data-has-toc`` and ``data-has-hero``): a doc has that attribute and the
``<nav class="sidebar">``, a splash page neither. The not-found page is not
built from a source: Starlight's 404 route renders an entry of its own with
``template: 'splash'`` and a hero titled ``404``, so its markup is a splash
page's with that title (and no ``data-pagefind-body``); it is labelled
``404``, as the other sites' not-found pages are, because a route of its own
writes it. The labels were checked against those marks on every page of the
build (which also shows that the Dutch copies really take the English
page's template), and ``starlight_pages`` checks them again each time it
reads the site (it stops if a page's markup shows no template, marks that
disagree, or another template than its label); the labels are still derived
from the sources alone.

The same seed gives the same sources, and the same pages but for one URL:
the home pages' hero image is written to ``/_astro/plan.<hash>.svg``, and
Astro's hash covers the image's path on the disk, so it changes with the
folder the site is built in.
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
    agreeing_with_markup,  # the same word list and Markdown as the other sites
    front_field,
    write_package,
)
from cms_vitepress import _IMAGES, _PIXEL  # placeholders for ``_body``'s images

#: Pinned so that the same sources give the same site (``npm view <pkg> version``).
#: Starlight asks for ``@astrojs/sitemap@^3.1.6``, whose newest releases are
#: written for Astro 5 (they fail at the end of an Astro 4 build): it is pinned
#: here to the release of Astro 4.16's time, which npm then also gives Starlight.
NPM_PACKAGES = {"astro": "4.16.19", "@astrojs/starlight": "0.29.3", "@astrojs/sitemap": "3.2.1"}

_SITE = "Hazel Lane Handbook"
_TAGLINE = "How the allotments by the railway are run, and what grows on them"
#: The second locale (the first, English, is the root: no folder).
LOCALE = "nl"

#: The sidebar's groups of docs: (folder, title, Dutch title, docs, how the
#: sidebar lists them: ``auto`` (autogenerated from the folder), ``closed``
#: (autogenerated, collapsed) or ``listed`` (item by item)). With each group's
#: overview, ``growing/fruit/``, the rules and the news that is 38 docs.
_GROUPS = (
    ("getting-started", "Getting started", "Aan de slag", 7, "auto"),
    ("growing", "Growing", "Kweken", 8, "auto"),
    ("soil", "Soil and compost", "Bodem en compost", 7, "listed"),
    ("reference", "Reference", "Naslag", 7, "closed"),
)
#: A nested folder, autogenerated as a subgroup of its parent's group.
_NESTED = ("growing", "fruit", 3)
#: What a doc below a group holds (see ``_doc_body``); the MDX kinds use
#: Starlight's components.
_KINDS = ("long", "long", "short", "asides", "code", "table", "tabs", "cards", "steps")
_MDX = {"tabs", "cards", "steps"}
#: Front matter that switches parts of a doc off (or adds one), by the doc's number.
_SWITCHES: dict[int, dict[str, object]] = {
    2: {"tableOfContents": False},
    5: {"prev": False, "next": False},
    8: {"editUrl": False},
    11: {"pagefind": False},
    14: {"banner": {"content": "The water points are off until the end of March."}},
    17: {"tableOfContents": {"minHeadingLevel": 2, "maxHeadingLevel": 4}},
    23: {"next": False, "tableOfContents": False},
    26: {"banner": {"content": "Plot inspections start in May."}, "editUrl": False},
    29: {"prev": False, "lastUpdated": False},
}
#: The doc the sidebar leaves out (``sidebar.hidden``, in an autogenerated group).
_HIDDEN = 12
_BADGES = ({"text": "New", "variant": "tip"}, {"text": "Draft", "variant": "caution"}, "Updated")
_ASIDES = ("note", "tip", "caution", "danger")
_ICONS = ("open-book", "star", "rocket", "puzzle", "pencil", "information", "setting")
#: Docs translated into Dutch (site paths: a page or a folder), besides the
#: home page and the open days (``_write_splash``); Starlight writes the other
#: pages' ``/nl/`` copies from the English sources, with a notice.
_TRANSLATED = ("rules", "getting-started")
_MONTHS = ("March", "April", "May", "June", "July", "August", "September")
#: The home page's hero image (``src/assets/``).
_PLAN = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 4 4">'
    '<rect width="4" height="4" fill="#6b8e23"/><path d="M0 2h4M2 0v4" stroke="#fff"'
    ' stroke-width=".1"/></svg>\n'
)


def _aside(rng: random.Random, kind: str | None = None) -> str:
    kind = kind or rng.choice(_ASIDES)
    title = f"[{_title(rng)}]" if rng.random() < 0.4 else ""
    return f":::{kind}{title}\n{_paragraph(rng)}\n:::\n"


def _code(rng: random.Random) -> str:
    """A fenced block with a title and a highlighted line, or a terminal's."""
    crop = rng.choice(_WORDS)
    if rng.random() < 0.35:
        return (
            f'```sh title="Archive the {crop} photos"\n'
            f"rsync -a photos/{crop}/ archive/2024/\n"
            f"ls archive/2024/{crop} | wc -l\n```\n"
        )
    return _water_listing(crop, f' title="{crop}.py" {{3}}')


def _tabs(rng: random.Random) -> str:
    seasons = rng.sample(("Spring", "Summer", "Autumn", "Winter"), rng.randint(2, 4))
    items = "".join(
        f'<TabItem label="{season}">\n\n{_paragraph(rng)}\n\n</TabItem>\n' for season in seasons
    )
    sync = ' syncKey="season"' if rng.random() < 0.5 else ""
    return f"<Tabs{sync}>\n{items}</Tabs>\n"


def _cards(rng: random.Random) -> str:
    cards = "".join(
        f'<Card title="{_title(rng)}" icon="{rng.choice(_ICONS)}">\n{_sentence(rng)}\n</Card>\n'
        for _ in range(rng.randint(2, 4))
    )
    stagger = " stagger" if rng.random() < 0.5 else ""
    link = f'<LinkCard title="{_title(rng)}" href="/reference/" description="{_sentence(rng)}" />\n'
    return f"<CardGrid{stagger}>\n{cards}</CardGrid>\n\n{link}"


def _steps(rng: random.Random) -> str:
    steps = "\n".join(
        f"{n}. {_sentence(rng, 3, 8)}\n\n   {_paragraph(rng)}" for n in range(1, rng.randint(3, 6))
    )
    badge = f'<Badge text="{rng.choice(_WORDS)}" variant="note" />'
    aside = f'<Aside type="tip">\n{_sentence(rng)}\n</Aside>\n'
    return f"Each season {badge}:\n\n<Steps>\n\n{steps}\n\n</Steps>\n\n{aside}"


#: The components each MDX kind imports.
_IMPORTS = {
    "tabs": "Tabs, TabItem",
    "cards": "Card, CardGrid, LinkCard",
    "steps": "Aside, Badge, Steps",
}


def _doc_body(rng: random.Random, kind: str) -> str:
    """A doc's Markdown below its front matter (Starlight writes the title):
    ``long`` (a table of contents), ``short`` (no heading), ``asides``,
    ``code``, ``table``, or, in MDX, ``tabs``, ``cards`` or ``steps``."""
    if kind == "long":
        return _long(rng)
    if kind == "short":
        return "\n\n".join(_paragraph(rng) for _ in range(rng.randint(1, 2))) + "\n"
    if kind == "asides":
        body = f"{_paragraph(rng)}\n\n{_aside(rng, 'note')}\n{_fenced_body(rng, rng.randint(1, 3))}"
        return body + f"\n{_aside(rng, rng.choice(('tip', 'caution', 'danger')))}"
    if kind == "code":
        return f"{_paragraph(rng)}\n\n{_code(rng)}\n{_fenced_body(rng, rng.randint(1, 3))}"
    if kind == "table":
        body = f"{_paragraph(rng)}\n\n{_table(rng, rng.randint(4, 10))}\n"
        return body + _fenced_body(rng, rng.randint(0, 2))
    parts = {"tabs": _tabs, "cards": _cards, "steps": _steps}
    head = f"import {{ {_IMPORTS[kind]} }} from '@astrojs/starlight/components';\n\n"
    body = f"{_paragraph(rng)}\n\n{parts[kind](rng)}\n"
    return head + body + _fenced_body(rng, rng.randint(0, 2))


def _write(path: Path, fields: dict[str, object], body: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_front(fields, ascii_only=False) + body, encoding="utf-8")


def _write_doc(
    docs: Path,
    rel: str,
    rng: random.Random,
    kind: str,
    extra: dict[str, object],
    title: str | None = None,
) -> None:
    """The doc at site path ``rel`` in English, and in Dutch if it is one of
    the translated pages (or below one), with the same front matter switches."""
    for lang in ("", LOCALE):
        if lang and not any(rel == t or rel.startswith(f"{t}/") for t in _TRANSLATED):
            continue
        fields: dict[str, object] = {"title": title if title and not lang else _title(rng)}
        if rng.random() < 0.3:
            fields["description"] = _sentence(rng)
        fields.update(extra)
        suffix = ".mdx" if kind in _MDX else ".md"
        folder = docs / lang if lang else docs
        _write(folder / f"{rel}{suffix}", fields, _doc_body(rng, kind))


def _write_groups(docs: Path, rng: random.Random) -> list[dict[str, object]]:
    """The grouped docs; returns the sidebar's groups."""
    groups: list[dict[str, object]] = []
    number = 1
    for folder, label, dutch, count, listing in _GROUPS:
        overview = {"sidebar": {"order": 0, "label": "Overview"}}
        _write_doc(docs, f"{folder}/index", rng, "short", overview, label)
        items: list[object] = [folder]
        docs_here = [(folder, n) for n in range(count)]
        if folder == _NESTED[0]:
            docs_here += [(f"{folder}/{_NESTED[1]}", n) for n in range(_NESTED[2])]
        for where, n in docs_here:
            title = _title(rng)
            slug = f"{where}/{_slug(title, n)}"
            kind = "asides" if n == 0 else rng.choice(_KINDS)
            sidebar: dict[str, object] = {"order": n + 1}
            if number == _HIDDEN:
                sidebar["hidden"] = True
            if number % 9 == 4:
                sidebar["badge"] = _BADGES[number % len(_BADGES)]
            extra = {**_SWITCHES.get(number, {}), "sidebar": sidebar}
            _write_doc(docs, slug, rng, kind, extra, title)
            if n % 3 == 1:
                items.append({"label": title.split()[0], "slug": slug})
            else:
                items.append(slug)
            number += 1
        group: dict[str, object] = {"label": label, "translations": {LOCALE: dutch}}
        if listing == "listed":
            link = {"label": "The council's compost scheme", "link": "https://council.example/"}
            group["items"] = [*items, {**link, "attrs": {"target": "_blank"}}]
        else:
            group["autogenerate"] = {"directory": folder}
            group["collapsed"] = listing == "closed"
        groups.append(group)
    society = {
        "label": "The society",
        "translations": {LOCALE: "De vereniging"},
        "items": [
            "rules",
            "news",
            {"label": "Open days", "link": "/open-days/"},
            {"label": "Seed swap", "link": "/seed-swap/", "badge": "New"},
        ],
    }
    return [*groups, society]


def _write_splash(docs: Path, rng: random.Random) -> None:
    """Three pages with ``template: splash`` (two with a hero) and the home
    page's translation."""
    cards = "".join(
        f'  <Card title="{title}" icon="{icon}">\n    {_sentence(rng)}\n  </Card>\n'
        for title, icon in (
            ("Getting a plot", "rocket"),
            ("Growing", "star"),
            ("Soil and compost", "puzzle"),
            ("Reference", "open-book"),
        )
    )
    for lang, up in (("", "../../"), (LOCALE, "../../../")):
        hero = {
            "title": "Hazel Lane Allotments",
            "tagline": _TAGLINE if not lang else _sentence(rng),
            "image": {"file": f"{up}assets/plan.svg", "alt": "The plots' plan"},
            "actions": [
                {"text": "Read the handbook", "link": "/getting-started/", "icon": "right-arrow"},
                {
                    "text": "Come to an open day",
                    "link": "/open-days/",
                    "icon": "external",
                    "variant": "minimal",
                },
            ],
        }
        fields = {"title": _SITE, "description": _TAGLINE, "template": "splash", "hero": hero}
        body = "import { Card, CardGrid } from '@astrojs/starlight/components';\n\n"
        body += f"## {_title(rng)}\n\n<CardGrid stagger>\n{cards}</CardGrid>\n"
        _write((docs / lang / "index.mdx") if lang else docs / "index.mdx", fields, body)
        fields = {"title": "Open days" if not lang else "Open dagen", "template": "splash"}
        body = f"{_fenced_body(rng, 3)}\n{_table(rng, 5)}\n{_aside(rng, 'tip')}"
        _write((docs / lang if lang else docs) / "open-days.md", fields, body)
    hero = {
        "tagline": _sentence(rng),
        "actions": [{"text": "How to bring seed", "link": "/rules/", "variant": "secondary"}],
    }
    links = "".join(
        f'<LinkCard title="{_title(rng)}" href="/growing/" description="{_sentence(rng)}" />\n'
        for _ in range(3)
    )
    body = "import { LinkCard } from '@astrojs/starlight/components';\n\n"
    body += f"{_paragraph(rng)}\n\n{links}"
    _write(docs / "seed-swap.mdx", {"title": "Seed swap", "template": "splash", "hero": hero}, body)


def _config(sidebar: list[dict[str, object]]) -> dict[str, object]:
    """Starlight's options in ``astro.config.mjs`` (written out as JSON)."""
    return {
        "title": _SITE,
        "description": _TAGLINE,
        "defaultLocale": "root",
        "locales": {
            "root": {"label": "English", "lang": "en"},
            LOCALE: {"label": "Nederlands", "lang": LOCALE},
        },
        "social": {
            "mastodon": "https://social.example/@hazel",
            "github": "https://code.example/hazel-lane/handbook",
        },
        "editLink": {"baseUrl": "https://code.example/hazel-lane/handbook/edit/main/"},
        "lastUpdated": False,
        "tableOfContents": {"minHeadingLevel": 2, "maxHeadingLevel": 3},
        "credits": False,
        "sidebar": sidebar,
    }


_ASTRO_CONFIG = """\
// The bench's allotment handbook.
import {{ defineConfig, passthroughImageService }} from 'astro/config';
import starlight from '@astrojs/starlight';

export default defineConfig({{
  site: 'https://allotments.example',
  image: {{ service: passthroughImageService() }},
  integrations: [starlight({config})],
}});
"""
_CONTENT_CONFIG = """\
import { defineCollection } from 'astro:content';
import { docsSchema } from '@astrojs/starlight/schema';

export const collections = { docs: defineCollection({ schema: docsSchema() }) };
"""


def write_starlight_sources(root: Path, seed: int = 0) -> None:
    """The site's ``package.json``, ``astro.config.mjs``, ``src/`` and
    ``public/`` in ``root``, the same for a seed."""
    rng = random.Random(seed + 2718)
    for old in ("src", "public"):
        shutil.rmtree(root / old, ignore_errors=True)
    docs = root / "src" / "content" / "docs"
    docs.mkdir(parents=True)
    write_package(root, "hazel-lane-starlight", "astro build", NPM_PACKAGES, dev=True, module=True)
    (root / "src" / "content" / "config.ts").write_text(_CONTENT_CONFIG, encoding="utf-8")
    (root / "src" / "assets").mkdir()
    (root / "src" / "assets" / "plan.svg").write_text(_PLAN, encoding="utf-8")
    _write_splash(docs, rng)
    sidebar = _write_groups(docs, rng)
    _write_doc(docs, "rules", rng, "asides", {}, "Allotment rules")
    _write_doc(docs, "news", rng, "long", {"tableOfContents": {"maxHeadingLevel": 2}}, "News")
    images = root / "public" / "images"
    images.mkdir(parents=True)
    for n in _IMAGES:
        (images / f"{n}.jpg").write_bytes(_PIXEL)
    config = json.dumps(_config(sidebar), indent=2, ensure_ascii=False)
    (root / "astro.config.mjs").write_text(_ASTRO_CONFIG.format(config=config), encoding="utf-8")


def build_starlight(data: Path, seed: int = 0) -> Path:
    """Astro's output folder for the handbook (built once into ``data``)."""
    root = data / "starlight-site"
    return _npm_site(
        root,
        root / "dist",
        lambda: write_starlight_sources(root, seed),
        "astro",
        ["astro", "build"],
        "Starlight site needs Node.js 18.17+ or 20.3+",
        {"ASTRO_TELEMETRY_DISABLED": "1"},
    )


def template_in_source(markdown: str) -> str:
    """Starlight's template for a Markdown or MDX source: its front matter's
    ``template``, else ``doc``.

    >>> template_in_source('---\\ntitle: "Kale"\\ntemplate: "splash"\\n---\\n\\nText.\\n')
    'splash'
    >>> [template_in_source(t) for t in ("---\\npagefind: false\\n---\\n", "No front matter\\n")]
    ['doc', 'doc']
    >>> template_in_source("Text.\\n\\n---\\ntemplate: splash\\n---\\n")  # a rule, not front matter
    'doc'
    """
    return front_field(markdown, "template") or "doc"


def source_of(slug: str, docs: Path) -> Path | None:
    """The source Starlight built the page at ``slug`` (a site path without
    slashes around it) from: ``<slug>.md``, ``<slug>.mdx`` or an ``index`` in
    the folder; a Dutch page with no source of its own is built from the
    English one (``None``: no source)."""
    for base in (slug, f"{slug}/index" if slug else "index"):
        for suffix in (".md", ".mdx"):
            if (docs / f"{base}{suffix}").is_file():
                return docs / f"{base}{suffix}"
    if slug == LOCALE or slug.startswith(f"{LOCALE}/"):
        return source_of(slug[len(LOCALE) + 1 :], docs)
    return None


def starlight_template_of(rel: str, docs: Path) -> str | None:
    """The template that renders ``rel`` (a path in the output folder), from
    the source Starlight built it from (``None``: not a page).

    >>> starlight_template_of("404.html", Path("docs"))
    '404'
    >>> [starlight_template_of(p, Path("docs")) for p in ("_astro/x.html", "pagefind/x.js")]
    [None, None]
    """
    if rel == "404.html":
        return "404"
    if not rel.endswith("index.html") or rel.startswith(("_astro/", "pagefind/")):
        return None
    source = source_of(rel[: -len("index.html")].strip("/"), docs)
    return template_in_source(source.read_text(encoding="utf-8")) if source else None


_HTML_TAG = re.compile(r"<html\b[^>]*>")
_HAS_SIDEBAR = re.compile(r"\sdata-has-sidebar(?=[\s=>])")
#: The sidebar ``Page.astro`` renders for a page with one (``doc``).
_SIDEBAR = re.compile(r'<nav class="sidebar\b')
#: The hero's title on the not-found page: Starlight's own entry, titled ``404``.
_TITLE_404 = re.compile(r"<h1 id=\"_top\"[^>]*>404</h1>")


def template_in_html(html: str) -> str | None:
    """The template a built page's markup says it has (``None``: none found,
    or marks that disagree). A doc has a sidebar: ``<html>`` carries
    ``data-has-sidebar`` and the page holds ``<nav class="sidebar">``; a splash
    page has neither. The not-found page is a splash page whose title is
    ``404``.

    >>> template_in_html('<html lang="en" data-has-toc data-has-sidebar data-theme="dark">'
    ...                  '<nav class="sidebar astro-x" aria-label="Main">')
    'doc'
    >>> template_in_html('<html lang="nl" data-has-hero data-theme="dark"><h1 id="_top">Kale</h1>')
    'splash'
    >>> template_in_html('<html lang="en" data-has-hero><h1 id="_top" data-page-title>404</h1>')
    '404'
    >>> [template_in_html(h) for h in ('<html data-has-sidebar>', '<nav class="sidebar">')]
    [None, None]
    """
    tag = _HTML_TAG.search(html)
    if tag is None:
        return None
    marked, sidebar = bool(_HAS_SIDEBAR.search(tag.group(0))), bool(_SIDEBAR.search(html))
    if marked != sidebar:
        return None
    if marked:
        return "doc"
    return "404" if _TITLE_404.search(html) else "splash"


def starlight_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, template) of every page of the Starlight site; ``SystemExit``
    if a page's markup shows another template than its source."""
    output = build_starlight(data)
    docs = output.parent / "src" / "content" / "docs"
    pages = _html_pages(output, lambda rel: starlight_template_of(rel, docs))
    return agreeing_with_markup(pages, template_in_html, "Starlight templates")
