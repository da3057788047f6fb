"""A documentation-and-news site written by Hugo with the Doks theme, for the held-out bench.

The engine was never developed on Hugo. Like ``bench/cms_vitepress.py``,
this module writes a site's sources from a seed, builds them with the real
generator and labels each page with the template that renders it. Hugo is
Debian's (``hugo``, the extended build: Doks compiles its SCSS with Hugo's
LibSass and its scripts with Hugo's esbuild); the theme is Doks 0.5
(``@hyas/doks`` on npm, the release made for Hugo 0.101; the later
``@thulite/doks-core`` needs Hugo 0.146's new template layout) with the
packages its build reads (Bootstrap, FlexSearch, KaTeX, Mermaid, highlight.js,
``@hyas/images``, PostCSS with autoprefixer and PurgeCSS), installed at
pinned versions into ``data/hugo-doks/node_modules`` with
``npm install --ignore-scripts`` (the theme's own ``postinstall`` downloads a
Hugo binary, which the site does not need). The site's configuration mounts
the theme's ``layouts``, ``assets``, ``static`` and ``i18n`` folders from
there, as the theme's own configuration mounts its packages, and the site is
built once with ``hugo --gc --minify`` (the theme's ``build`` script, in
Hugo's production environment) into ``public/``. Only the sources are
invented; every page is Hugo's output with the theme's templates.

The site is an allotment society's handbook and news in two languages,
English and Dutch (the theme ships Dutch strings), every page mirrored under
``/en/`` and ``/nl/`` (the same files in ``content/en`` and ``content/nl``,
other seeded text), with the theme's language menu. What the sources hold,
so that each kind of page has more than one look:

* The home page (a lead and a "get started" button; the English one also
  shows the theme's six feature blurbs, which it writes for English only).
* The handbook, ``docs/``: its own list and four sections, one with a nested
  section, each an ``_index.md`` (23 docs below them). A third of the docs
  are long, with many ``##`` and ``###`` headings (the table of contents
  shows), a sixth short (no headings: no table of contents), the rest hold
  the theme's ``alert`` shortcode (four contexts, some with an icon), its
  ``details`` shortcode, fenced code, a table, or a Mermaid diagram (with
  ``mermaid: true``, which adds the diagram script). Some switch the table
  of contents off (``toc: false``) or on by name (``toc: true``, which
  changes the main column's classes), most have a ``lead``.
* The news, ``blog/``: 15 posts with one or two categories, none to three
  tags and one or two contributors; the section's list runs to three pages
  (``paginate: 7``).
* Events, ``events/``: a list and six events, pages the theme has no
  templates of their own for.
* Three stand-alone pages (about, contact with the ``email`` shortcode,
  privacy) and a page with ``layout: versions`` (the handbook's editions,
  from ``data/docs-versions.json``).
* The taxonomies the theme's configuration sets: the lists of categories,
  tags and contributors and each term's page (a contributor's with text from
  ``contributors/<name>/_index.md``), later pages where a list is long.
* The not-found page of each language.

A page's label is the layout file that renders it, derived from the sources
and Hugo's template lookup order, not from the HTML. ``doks_source_of`` reads
a page's kind, type and ``layout`` from where Hugo writes it and from the
content folder (home; a section where its folder has an ``_index.md``; a
taxonomy list or a term page where its first folder is one of the
configuration's taxonomies; otherwise the page whose ``index.md`` or
``<name>.md`` it is, its type its first folder or its front matter's
``type``). ``hugo_template`` then walks Hugo's lookup order for that kind
(``<type>/<layout>.html``, ``<type>/single.html``, ``_default/...`` for a
page; ``<type>/list.html`` ... ``_default/list.html`` for a section;
``terms.html`` for a taxonomy list; ``term.html``, ``taxonomy.html``,
``list.html`` for a term) and takes the first file the pinned theme ships.
The theme ships nine page templates, one label each, named by their path
below ``layouts/``: ``index`` (home), ``docs/list``, ``docs/single``,
``blog/single``, ``_default/list`` (the news list, the events list and every
term page: one file renders them), ``_default/single`` (events and the
stand-alone pages), ``_default/terms`` (taxonomy lists),
``_default/versions`` and ``404``. The first page of a paginated list is also
written to ``page/1/``, and the site's root ``index.html`` is the language
redirect: those are redirect stubs, not pages, and are left out.

Each template opens the page's ``<div class="content">`` with markup of its
own (a hero ``section``, the docs' sidebar row, the blog post's header, a
nine- or twelve-column row with the title in or outside an ``<article>``...),
and the not-found page has ``<body class="error404">``. ``template_in_html``
reads the template from those marks; they were checked against the labels on
every page of the build, and ``doks_pages`` checks them again each time it
reads the site (it stops if a page's markup shows no template or another one
than its label); the labels are still derived from the sources alone. The
same seed gives the same site.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
from pathlib import Path

from cms_blogs import (  # the same word list and Markdown as the other sites
    _WORDS,
    _fenced_body,
    _front,
    _long,
    _paragraph,
    _run,
    _sentence,
    _slug,
    _table,
    _title,
    _water_listing,
    front_field,
    write_package,
)
from cms_vitepress import _IMAGES, _PIXEL  # placeholders for ``_body``'s images

#: Hugo the site was built with (Debian's package); the labels follow its
#: template lookup order.
HUGO = "0.111.3"
#: Pinned so that the same sources give the same site (``npm view <pkg> version``).
NPM_PACKAGES = {
    "@hyas/doks": "0.5.0",
    "@hyas/images": "0.2.3",
    "bootstrap": "5.2.3",
    "clipboard": "2.0.11",
    "flexsearch": "0.7.31",
    "highlight.js": "11.6.0",
    "instant.page": "5.1.1",
    "katex": "0.16.4",
    "lazysizes": "5.3.2",
    "mermaid": "9.1.7",
    "postcss": "8.4.21",
    "postcss-cli": "10.1.0",
    "autoprefixer": "10.4.13",
    "@fullhuman/postcss-purgecss": "4.1.3",
    "purgecss-whitelister": "2.4.0",
}
THEME = "node_modules/@hyas/doks"

_SITE = "Hazel Lane Allotments"
LANGUAGES = ("en", "nl")
#: Taxonomies of the site's configuration: plural (the folder) -> singular.
TAXONOMIES = {"contributors": "contributor", "categories": "category", "tags": "tag"}

#: The handbook's sections: (folder, title, docs, nested section or None);
#: a nested section is (folder, title, docs). 19 + 4 = 23 docs.
_DOCS = (
    ("prologue", "Prologue", 4, None),
    ("plots", "Plots and tenancy", 6, None),
    ("growing", "Growing", 4, ("fruit", "Fruit", 4)),
    ("soil", "Soil and compost", 5, None),
)
_DOC_KINDS = ("long", "long", "short", "alerts", "details", "code", "table")
#: Docs that draw a Mermaid diagram (by number, from 0).
_MERMAID = (6, 17)
_CATEGORIES = ("Plots", "Harvest", "Events", "Committee")
_TAGS = ("beginner", "no-dig", "compost", "water", "pests", "seeds", "tools", "wildlife")
_CONTRIBUTORS = ("Maya Fernside", "Tom Ashdown", "Priya Holloway")
_POSTS = 15
_EVENTS = 6
#: Stand-alone pages (``_default/single``): (slug, title, kind of body).
_PAGES = (("about", "About the society", "long"), ("contact", "Contact", "email"))
_PAGES += (("privacy-policy", "Privacy", "long"),)
_ALERTS = ("doks", "info", "warning", "danger")
#: The fixed titles on the Dutch side (the rest is seeded text in both).
_DUTCH = {
    _SITE: "Volkstuinen Hazel Lane",
    "Handbook": "Handboek",
    "Prologue": "Proloog",
    "Plots and tenancy": "Tuinen en huur",
    "Growing": "Kweken",
    "Fruit": "Fruit",
    "Soil and compost": "Grond en compost",
    "News": "Nieuws",
    "Events": "Evenementen",
    "About the society": "Over de vereniging",
    "Contact": "Contact",
    "Privacy": "Privacy",
    "Editions": "Edities",
}
_ICONS = ("💡", "⚠️", "🌱")


def _named(title: str, lang: str) -> str:
    return _DUTCH[title] if lang == "nl" else title


def _alert(rng: random.Random) -> str:
    context = rng.choice(_ALERTS)
    icon = f' icon="{rng.choice(_ICONS)}"' if rng.random() < 0.5 else ""
    return f'{{{{< alert context="{context}"{icon} >}}}}\n{_sentence(rng)}\n{{{{< /alert >}}}}\n'


def _code(rng: random.Random) -> str:
    crop = rng.choice(_WORDS)
    if rng.random() < 0.5:
        return f"```bash\nrsync -a photos/{crop}/ archive/$(date +%Y)/\n```\n"
    return _water_listing(crop, "")


def _mermaid(rng: random.Random) -> str:
    a, b, c = rng.sample(_WORDS, 3)
    return f"{{{{< mermaid >}}}}\ngraph LR\n  {a} --> {b}\n  {b} --> {c}\n{{{{< /mermaid >}}}}\n"


def _doc_body(rng: random.Random, kind: str) -> str:
    """A doc's Markdown: ``long`` (a table of contents), ``short`` (no
    heading), ``alerts``, ``details``, ``code``, ``table`` or ``mermaid``."""
    if kind == "long":
        return _long(rng)
    if kind == "short":
        return "\n\n".join(_paragraph(rng) for _ in range(rng.randint(1, 2))) + "\n"
    if kind == "alerts":
        body = f"{_alert(rng)}\n{_fenced_body(rng, rng.randint(1, 3))}"
        return body + (f"\n{_alert(rng)}" if rng.random() < 0.5 else "")
    if kind == "details":
        summary = _title(rng)
        block = f'{{{{< details "{summary}" >}}}}\n{_paragraph(rng)}\n{{{{< /details >}}}}\n'
        return f"{_paragraph(rng)}\n\n{block}\n{_fenced_body(rng, rng.randint(1, 2))}"
    if kind == "code":
        return f"{_paragraph(rng)}\n\n{_code(rng)}\n{_fenced_body(rng, rng.randint(1, 3))}"
    if kind == "mermaid":
        return f"{_paragraph(rng)}\n\n{_mermaid(rng)}\n{_fenced_body(rng, rng.randint(0, 2))}"
    first = _paragraph(rng)
    return f"{first}\n\n{_table(rng, rng.randint(4, 10))}\n{_fenced_body(rng, rng.randint(0, 2))}"


def _date(n: int) -> str:
    return f"2024-{1 + n % 12:02d}-{1 + (n * 5) % 28:02d}T09:{n % 60:02d}:00+00:00"


def _write(path: Path, fields: dict[str, object], body: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_front(fields, ascii_only=False) + body, encoding="utf-8")


def _write_docs(content: Path, rng: random.Random, lang: str) -> None:
    """The handbook: its list, sections (one nested) and their docs."""
    _write(content / "docs" / "_index.md", {"title": _named("Handbook", lang), "weight": 1}, "")
    number = 0

    def doc(folder: Path, slug: str, weight: int) -> None:
        nonlocal number
        title = _title(rng)
        kind = "mermaid" if number in _MERMAID else rng.choice(_DOC_KINDS)
        fields: dict[str, object] = {"title": title, "description": _sentence(rng)}
        if rng.random() < 0.7:
            fields["lead"] = _sentence(rng)
        fields.update({"date": _date(number), "draft": False, "images": [], "weight": weight})
        roll = rng.random()
        if roll < 0.2:
            fields["toc"] = False
        elif roll < 0.6:
            fields["toc"] = True
        if kind == "mermaid":
            fields["mermaid"] = True
        _write(folder / f"{slug or _slug(title, number)}.md", fields, _doc_body(rng, kind))
        number += 1

    for position, (folder, title, count, nested) in enumerate(_DOCS):
        section = content / "docs" / folder
        fields = {"title": _named(title, lang), "weight": 10 * (position + 1)}
        _write(section / "_index.md", fields, _paragraph(rng) + "\n")
        for n in range(count):
            # The home page's button links to the prologue's introduction.
            doc(section, "introduction" if (folder, n) == ("prologue", 0) else "", 10 * (n + 1))
        if nested:
            sub, sub_title, sub_count = nested
            fields = {"title": _named(sub_title, lang), "weight": 100}
            _write(section / sub / "_index.md", fields, "")
            for n in range(sub_count):
                doc(section / sub, "", 10 * (n + 1))


def _write_blog(content: Path, rng: random.Random, lang: str) -> None:
    _write(content / "blog" / "_index.md", {"title": _named("News", lang), "weight": 2}, "")
    for n in range(_POSTS):
        title = _title(rng)
        fields = {
            "title": title,
            "description": _sentence(rng),
            "excerpt": _sentence(rng),
            "date": _date(n),
            "draft": False,
            "weight": 50,
            "images": [],
            "categories": rng.sample(_CATEGORIES, rng.choice((1, 1, 2))),
            "tags": rng.sample(_TAGS, rng.randint(0, 3)),
            "contributors": rng.sample(_CONTRIBUTORS, rng.choice((1, 1, 2))),
        }
        body = _long(rng) if rng.random() < 0.2 else _fenced_body(rng, rng.randint(0, 4))
        _write(content / "blog" / _slug(title, n) / "index.md", fields, body)
    for name in _CONTRIBUTORS:
        slug = name.lower().replace(" ", "-")
        fields = {"title": name, "description": _sentence(rng), "images": []}
        _write(content / "contributors" / slug / "_index.md", fields, _paragraph(rng) + "\n")


def _write_pages(content: Path, rng: random.Random, lang: str) -> None:
    """Events, stand-alone pages and the editions page."""
    fields: dict[str, object] = {"title": _named("Events", lang), "weight": 3}
    _write(content / "events" / "_index.md", fields, "")
    for n in range(_EVENTS):
        title = _title(rng)
        fields = {"title": title, "excerpt": _sentence(rng), "date": _date(n), "images": []}
        # The theme's list cards read every page's contributors: the organiser.
        fields["contributors"] = [rng.choice(_CONTRIBUTORS)]
        body = _fenced_body(rng, rng.randint(0, 3))
        if rng.random() < 0.3:
            body += f"\n{_table(rng, rng.randint(3, 6))}"
        _write(content / "events" / f"{_slug(title, n)}.md", fields, body)
    for slug, title, kind in _PAGES:
        fields = {"title": _named(title, lang), "description": _sentence(rng), "images": []}
        if kind == "email":
            email = '{{< email user="secretary" domain="allotments.example" >}}'
            body = f"{_paragraph(rng)}\n\n{email}\n"
        else:
            body = _long(rng)
        _write(content / slug / "index.md", fields, body)
    fields = {"title": _named("Editions", lang), "lead": _sentence(rng), "layout": "versions"}
    _write(content / "versions.md", fields, _paragraph(rng) + "\n")


def _write_content(content: Path, rng: random.Random, lang: str) -> None:
    fields = {"title": _named(_SITE, lang), "lead": _sentence(rng)}
    _write(content / "_index.md", fields, _paragraph(rng) + "\n")
    _write_docs(content, rng, lang)
    _write_blog(content, rng, lang)
    _write_pages(content, rng, lang)


def _menus(lang: str) -> dict[str, object]:
    base = f"/{lang}"
    return {
        "main": [
            {"name": "Handbook", "url": f"{base}/docs/prologue/introduction/", "weight": 10},
            {"name": "News", "url": f"{base}/blog/", "weight": 20},
            {"name": "Events", "url": f"{base}/events/", "weight": 30},
            {"name": "Society", "identifier": "society", "url": f"{base}/about/", "weight": 40},
            {"name": "Contact", "url": f"{base}/contact/", "weight": 41, "parent": "society"},
            {"name": "Editions", "url": f"{base}/versions/", "weight": 42, "parent": "society"},
        ],
        "social": [{"name": "Mastodon", "url": "https://social.example/@hazel", "weight": 10}],
        "footer": [{"name": "Privacy", "url": f"{base}/privacy-policy/", "weight": 10}],
    }


def _params() -> dict[str, object]:
    """The theme's ``params`` (its own defaults, with the society's names)."""
    return {
        "title": _SITE,
        "titleSeparator": "-",
        "titleAddition": "The growers' handbook",
        "description": "How the allotments by the railway are run, and what grows on them.",
        "images": [],
        "ogLocale": "en_GB",
        "domainTLD": "allotments.example",
        "titleHome": _SITE,
        "schemaType": "Organization",
        "schemaName": "Hazel Lane Allotment Society",
        "schemaAuthor": "Maya Fernside",
        "schemaLocale": "en-GB",
        "schemaSection": "blog",
        "siteLinksSearchBox": False,
        "themeColor": "#fff",
        "quality": 85,
        "bgColor": "#fff",
        "landscapePhotoWidths": [900, 800, 700, 600, 500],
        "portraitPhotoWidths": [800, 700, 600, 500],
        "lqipWidth": "20x",
        "smallLimit": "300",
        "imageResponsive": True,
        "imageConvertTo": "webp",
        "imageImageSizes": ["480", "720", "1080", "1280", "1600", "2048"],
        "singleSize": False,
        "imageAddClass": "img-fluid lazyload blur-up",
        "defaultImage": "default-image.png",
        "fillImage": "1270x740 Center",
        "footer": "Hazel Lane Allotment Society, by the railway.",
        "copyRight": "Text shared under CC BY-SA 4.0",
        "alert": False,
        "editPage": False,
        "lastMod": False,
        "sections": {"sectionNav": ["docs"]},
        "options": {
            "lazySizes": True,
            "clipBoard": True,
            "instantPage": True,
            "flexSearch": True,
            "searchSectionsShow": [],
            "searchSectionsIndex": [],
            "darkMode": True,
            "bootStrapJs": True,
            "breadCrumb": False,
            "highLight": True,
            "kaTex": False,
            "multilingualMode": True,
            "docsVersioning": False,
            "fullWidth": False,
            "navbarSticky": True,
            "toTopButton": False,
            "scrollSpy": False,
        },
        "menu": {"section": {"auto": True, "collapsibleSidebar": True}},
    }


def _mount(source: str, target: str) -> dict[str, str]:
    return {"source": source, "target": target}


def _config() -> dict[str, object]:
    """The site's ``config.yaml``: the theme's own configuration (outputs,
    taxonomies, markup, params), its mounts pointed into ``node_modules``."""
    netlify = {"mediaType": "text/netlify", "isPlainText": True, "notAlternative": True}
    return {
        "baseURL": "https://allotments.example/",
        "title": _SITE,
        "canonifyURLs": False,
        "disableAliases": True,
        "disableHugoGeneratorInject": True,
        "enableEmoji": True,
        "enableGitInfo": False,
        "enableRobotsTXT": True,
        "paginate": 7,
        "rssLimit": 10,
        "defaultContentLanguage": "en",
        "defaultContentLanguageInSubdir": True,
        "outputs": {
            "home": ["HTML", "RSS", "REDIRECTS", "HEADERS"],
            "section": ["HTML", "RSS", "SITEMAP"],
        },
        "mediaTypes": {"text/netlify": {"suffixes": [""], "delimiter": ""}},
        "outputFormats": {
            "REDIRECTS": {**netlify, "baseName": "_redirects"},
            "HEADERS": {**netlify, "baseName": "_headers"},
            "SITEMAP": {
                "mediaType": "application/xml",
                "baseName": "sitemap",
                "isHTML": False,
                "isPlainText": True,
                "noUgly": True,
                "rel": "sitemap",
            },
        },
        "taxonomies": {single: plural for plural, single in TAXONOMIES.items()},
        "related": {
            "threshold": 80,
            "includeNewer": True,
            "toLower": False,
            "indices": [
                {"name": "categories", "weight": 100},
                {"name": "tags", "weight": 80},
                {"name": "date", "weight": 10},
            ],
        },
        "minify": {"tdewolff": {"html": {"keepWhitespace": False}}},
        "markup": {
            "defaultMarkdownHandler": "goldmark",
            "goldmark": {
                "extensions": {"linkify": False},
                "parser": {
                    "autoHeadingID": True,
                    "autoHeadingIDType": "github",
                    "attribute": {"block": True, "title": True},
                },
                "renderer": {"unsafe": True},
            },
            "highlight": {"codeFences": False, "noClasses": False, "style": "dracula"},
            "tableOfContents": {"endLevel": 3, "ordered": False, "startLevel": 2},
        },
        "params": _params(),
        "languages": {
            "en": {
                "languageName": "English",
                "contentDir": "content/en",
                "weight": 10,
                "params": {"languageISO": "EN", "languageTag": "en-GB"},
                "menus": _menus("en"),
            },
            "nl": {
                "languageName": "Nederlands",
                "contentDir": "content/nl",
                "weight": 20,
                "params": {
                    "languageISO": "NL",
                    "languageTag": "nl-NL",
                    "titleAddition": "Het handboek van de tuinders",
                    "footer": "Volkstuinvereniging Hazel Lane, langs het spoor.",
                },
                "menus": _menus("nl"),
            },
        },
        "module": {
            "hugoVersion": {"extended": True, "min": "0.80.0"},
            "mounts": [
                _mount(f"{THEME}/assets", "assets"),
                _mount(f"{THEME}/static", "static"),
                _mount("static", "static"),
                _mount(f"{THEME}/layouts", "layouts"),
                _mount(f"{THEME}/i18n", "i18n"),
                _mount("data", "data"),
                _mount("node_modules/flexsearch", "assets/js/vendor/flexsearch"),
                _mount("node_modules/katex", "assets/js/vendor/katex"),
                _mount("node_modules/mermaid", "assets/js/vendor/mermaid"),
                _mount("node_modules/@hyas/images/layouts", "layouts"),
            ],
        },
    }


#: The theme's PostCSS configuration, its paths pointed at the mounted theme.
_POSTCSS = """\
const autoprefixer = require('autoprefixer');
const purgecss = require('@fullhuman/postcss-purgecss');
const whitelister = require('purgecss-whitelister');
const theme = './node_modules/@hyas/doks';

module.exports = {
  plugins: [
    autoprefixer(),
    purgecss({
      content: [`${theme}/layouts/**/*.html`, './content/**/*.md'],
      safelist: [
        'lazyloaded', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'h5', 'alert-link',
        'container-xxl', 'container-fluid', 'offcanvas-backdrop', 'img-fluid', 'lazyload',
        'blur-up', 'figcaption',
        ...whitelister([
          `${theme}/assets/scss/components/_alerts.scss`,
          `${theme}/assets/scss/components/_buttons.scss`,
          `${theme}/assets/scss/components/_code.scss`,
          `${theme}/assets/scss/components/_syntax.scss`,
          `${theme}/assets/scss/components/_search.scss`,
          `${theme}/assets/scss/common/_dark.scss`,
          './node_modules/bootstrap/scss/_dropdown.scss',
          './node_modules/katex/dist/katex.css',
        ]),
      ],
    }),
  ],
};
"""

#: The handbook's editions, for the ``versions`` layout.
_EDITIONS = [
    {
        "group": "2020s",
        "baseurl": "/docs",
        "description": "The handbook as the committee keeps it now.",
        "versions": [{"v": "2022"}, {"v": "2024"}],
    },
    {
        "group": "2010s",
        "baseurl": "/docs",
        "description": "Earlier editions, kept for the record.",
        "versions": [{"v": "2013"}, {"v": "2016"}, {"v": "2019"}],
    },
]


def write_doks_sources(root: Path, seed: int = 0) -> None:
    """The site's ``package.json``, configuration, data and ``content/`` in
    ``root``, the same for a seed."""
    rng = random.Random(seed + 5151)
    for folder in ("content", "data", "config", "static"):
        shutil.rmtree(root / folder, ignore_errors=True)
    root.mkdir(parents=True, exist_ok=True)
    write_package(root, "hazel-lane-doks", "hugo --gc --minify", NPM_PACKAGES, dev=True)
    # JSON is YAML, and Hugo reads YAML's whole numbers as integers (the
    # theme's image widths go through ``printf "%d"``), JSON's as floats.
    config = "# The bench's allotment site, for Hugo with Doks.\n"
    config += json.dumps(_config(), indent=2, ensure_ascii=False) + "\n"
    (root / "config.yaml").write_text(config, encoding="utf-8")
    (root / "config").mkdir()
    (root / "config" / "postcss.config.js").write_text(_POSTCSS, encoding="utf-8")
    (root / "data").mkdir()
    (root / "data" / "docs-versions.json").write_text(json.dumps(_EDITIONS, indent=2) + "\n")
    # ``@hyas/images``' render hook fails the build on an image it cannot
    # find; one in ``static/`` is linked as it is (its bytes are not read).
    shutil.rmtree(root / "static", ignore_errors=True)
    (root / "static" / "images").mkdir(parents=True)
    for n in _IMAGES:
        (root / "static" / "images" / f"{n}.jpg").write_bytes(_PIXEL)
    for lang in LANGUAGES:
        _write_content(root / "content" / lang, rng, lang)


def _hugo_version() -> str:
    """``hugo version``'s line (``SystemExit`` if Hugo is missing, not the
    extended build or another version than the site was built with)."""
    if shutil.which("hugo") is None:
        raise SystemExit(
            f"building the Doks site needs Hugo {HUGO} (extended) on the PATH: apt-get install hugo"
        )
    line = subprocess.run(["hugo", "version"], capture_output=True, text=True).stdout.strip()
    if f"v{HUGO}+extended" not in line:
        raise SystemExit(f"building the Doks site needs Hugo {HUGO}+extended, found: {line}")
    return line


def build_doks(data: Path, seed: int = 0) -> Path:
    """Hugo's output folder for the Doks site (built once into ``data``)."""
    root = data / "hugo-doks"
    output = root / "public"
    if (output / "index.html").exists():
        return output
    _hugo_version()
    if shutil.which("npm") is None:
        raise SystemExit("building the Doks site needs npm (Node.js 16+) to install the theme")
    write_doks_sources(root, seed)
    env = {**os.environ, "NO_UPDATE_NOTIFIER": "1", "npm_config_update_notifier": "false"}
    if not (root / THEME / "layouts").is_dir():
        install = ["npm", "install", "--no-audit", "--no-fund", "--ignore-scripts"]
        _run(install, f"npm install (Doks) in {root}", cwd=root, env=env)
    shutil.rmtree(output, ignore_errors=True)
    build = ["hugo", "--gc", "--minify", "--environment", "production"]
    build += ["--cacheDir", str((root / ".hugo-cache").resolve())]
    _run(build, f"hugo build in {root}", cwd=root, env=env)
    if not (output / "index.html").exists():
        raise SystemExit(f"hugo build wrote no {output / 'index.html'}")
    return output


def hugo_template(kind: str, type_: str, layout: str, files: set[str], taxonomy: str = "") -> str:
    """The layout file (below ``layouts/``) Hugo renders a page of ``kind``
    with: the first of Hugo's lookup order for HTML that is in ``files``.
    ``taxonomy`` is a taxonomy list's or term's singular name.

    >>> doks = {"index.html", "404.html", "_default/list.html", "_default/single.html",
    ...         "_default/terms.html", "_default/versions.html", "docs/list.html",
    ...         "docs/single.html", "blog/single.html"}
    >>> [hugo_template(k, t, "", doks) for k, t in (("home", "page"), ("section", "docs"),
    ...     ("section", "blog"), ("page", "docs"), ("page", "blog"), ("page", "events"))]
    ... # doctest: +NORMALIZE_WHITESPACE
    ['index.html', 'docs/list.html', '_default/list.html', 'docs/single.html',
     'blog/single.html', '_default/single.html']
    >>> [hugo_template("page", t, layout, doks) for t, layout in (("page", "versions"),
    ...     ("docs", "nope"))]
    ['_default/versions.html', 'docs/single.html']
    >>> [hugo_template(k, "tags", "", doks, "tag") for k in ("taxonomy", "term")]
    ['_default/terms.html', '_default/list.html']
    >>> hugo_template("term", "tags", "", doks | {"_default/taxonomy.html"}, "tag")
    '_default/taxonomy.html'
    >>> hugo_template("404", "", "", doks)
    '404.html'
    """
    named = [layout] if layout else []
    if kind == "404":
        dirs, names = [""], ["404"]
    elif kind == "home":
        dirs, names = ["", "_default"], [*named, "index", "home", "list"]
    elif kind == "page":
        dirs, names = [type_, "_default"], [*named, "single"]
    elif kind == "section":
        dirs, names = [type_, "section", "_default"], [*named, type_, "section", "list"]
    elif kind == "taxonomy":
        dirs = [type_, "taxonomy", "_default"]
        names = [*named, f"{taxonomy}.terms", "terms", "list"]
    elif kind == "term":
        dirs = [type_, "term", "taxonomy", "_default"]
        names = [*named, "term", taxonomy, "taxonomy", "list"]
    else:
        raise ValueError(f"no Hugo page kind {kind!r}")
    for folder in dirs:
        for name in names:
            path = f"{folder}/{name}.html" if folder else f"{name}.html"
            if path in files:
                return path
    raise LookupError(f"no layout for a {kind} of type {type_!r} in {sorted(files)}")


_PAGED = re.compile(r"(?:(.*)/)?page/(\d+)")


def doks_source_of(rel: str, content: Path) -> tuple[str, str, str, str] | None:
    """(kind, type, layout, taxonomy) of the page Hugo writes to ``rel`` (a
    path in the output folder), from the ``content`` folder it was built from
    (``None``: not a page: a redirect stub, an asset or a feed).

    >>> [doks_source_of(p, Path("content")) for p in ("en/index.html", "nl/404.html")]
    [('home', 'page', '', ''), ('404', '', '', '')]
    >>> [doks_source_of(p, Path("content")) for p in ("en/tags/index.html", "nl/tags/page/2/")]
    [('taxonomy', 'tags', '', 'tag'), None]
    >>> doks_source_of("nl/tags/page/2/index.html", Path("content"))
    ('taxonomy', 'tags', '', 'tag')
    >>> doks_source_of("en/categories/plots/index.html", Path("content"))
    ('term', 'categories', '', 'category')
    >>> [doks_source_of(p, Path("content")) for p in ("index.html", "en/blog/page/1/index.html")]
    [None, None]
    >>> [doks_source_of(p, Path("content")) for p in ("en/sitemap.xml", "en/unknown/index.html")]
    [None, None]
    """
    lang, _, rest = rel.partition("/")
    if lang not in LANGUAGES:
        return None
    if rest == "404.html":
        return ("404", "", "", "")
    if rest != "index.html" and not rest.endswith("/index.html"):
        return None
    folder = rest[: -len("index.html")].rstrip("/")
    paged = _PAGED.fullmatch(folder)
    if paged:
        if paged.group(2) == "1":
            return None  # the first page again, as a redirect to the list
        folder = paged.group(1) or ""
    if not folder:
        return ("home", "page", "", "")
    parts = folder.split("/")
    source = content / lang / folder
    fields = ""
    if (source / "_index.md").is_file():
        fields = (source / "_index.md").read_text(encoding="utf-8")
    if parts[0] in TAXONOMIES and len(parts) <= 2:
        kind = "taxonomy" if len(parts) == 1 else "term"
        layout = front_field(fields, "layout")
        return (kind, front_field(fields, "type") or parts[0], layout, TAXONOMIES[parts[0]])
    if fields:
        type_ = front_field(fields, "type") or parts[0]
        return ("section", type_, front_field(fields, "layout"), "")
    for page in (source / "index.md", source.with_suffix(".md")):
        if page.is_file():
            text = page.read_text(encoding="utf-8")
            type_ = front_field(text, "type") or (parts[0] if len(parts) > 1 else "page")
            return ("page", type_, front_field(text, "layout"), "")
    return None


def theme_templates(layouts: list[Path]) -> set[str]:
    """The page templates in the mounted ``layouts`` folders (paths below
    ``layouts/``; partials, shortcodes, render hooks and base templates are
    not page templates)."""
    out = set()
    for folder in layouts:
        for file in folder.rglob("*.html"):
            rel = file.relative_to(folder).as_posix()
            helper = rel.startswith(("partials/", "shortcodes/")) or "_markup/" in rel
            if not helper and not rel.endswith("baseof.html"):
                out.add(rel)
    return out


def doks_template_of(rel: str, content: Path, files: set[str]) -> str | None:
    """The label (template path without ``.html``) of the page Hugo writes
    to ``rel``, from its source and Hugo's lookup order in ``files``.

    >>> doks = {"index.html", "404.html", "_default/list.html", "_default/terms.html"}
    >>> [doks_template_of(p, Path("content"), doks) for p in ("nl/index.html", "en/404.html")]
    ['index', '404']
    >>> [doks_template_of(f"en/tags/{p}index.html", Path("content"), doks) for p in ("", "kale/")]
    ['_default/terms', '_default/list']
    """
    source = doks_source_of(rel, content)
    if source is None:
        return None
    kind, type_, layout, taxonomy = source
    return hugo_template(kind, type_, layout, files, taxonomy)[: -len(".html")]


#: The markup each template opens the page's ``<div class="content">`` with
#: (quotes and the blanks between tags taken out), most specific first.
_ROW = "<div class=row justify-content-center>"
_NARROW = f"{_ROW}<div class=col-md-12 col-lg-10 col-xl-8>"
_OPENINGS = (
    ("index", "<section class=section container-fluid mt-n3 pb-3>"),
    ("docs/single", "<div class=row flex-xl-nowrap><div class=col-lg-5 col-xl-4 docs-sidebar"),
    ("blog/single", f"<article>{_ROW}<div class=col-md-12 col-lg-10><div class=blog-header>"),
    ("_default/versions", "<article><h1>"),
    ("_default/list", f"{_ROW}<div class=col-md-12 col-lg-9><h1 class=text-center>"),
    ("_default/terms", f"{_NARROW}<h1 class=text-center>"),
    ("docs/list", f"{_NARROW}<article><h1 class=text-center>"),
    ("_default/single", f"{_NARROW}<article><h1>"),
)
_CONTENT = re.compile(r"<div class=\"?content\"?>")
_BODY = re.compile(r"<body class=\"?([^\">]*)\"?[ >]")


def template_in_html(html: str) -> str | None:
    """The template a built page's markup says rendered it (``None``: none
    found): the not-found page by its ``<body>`` class (its opening is the
    handbook list's), every other by how its content area opens.

    >>> template_in_html('<body class=home><div class=content>'
    ...     '<section class="section container-fluid mt-n3 pb-3">')
    'index'
    >>> narrow = ('<div class=content><div class="row justify-content-center">'
    ...     '<div class="col-md-12 col-lg-10 col-xl-8"><article><h1 class=text-center>Soil</h1>')
    >>> [template_in_html(f"<body class={c}>{narrow}") for c in ('"docs list"', "error404")]
    ['docs/list', '404']
    >>> template_in_html('<body class="page single"><div class=content>\\n<article>\\n<h1>Editions')
    '_default/versions'
    >>> template_in_html('<body class="tags list"><div class=content><p>') is None
    True
    """
    body = _BODY.search(html)
    content = _CONTENT.search(html)
    if body is None or content is None:
        return None
    opening = html[content.end() : content.end() + 400].replace('"', "")
    opening = re.sub(r">\s+<", "><", opening).lstrip()
    if body.group(1).split() == ["error404"]:
        return "404" if opening.startswith(f"{_NARROW}<article><h1 class=text-center>") else None
    for template, mark in _OPENINGS:
        if opening.startswith(mark):
            return template
    return None


_REDIRECT = re.compile(r"http-equiv=\"?refresh", re.IGNORECASE)


def doks_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, template) of every page of the Doks site; ``SystemExit``
    if a page's markup shows another template than its source, or a page
    has no label."""
    output = build_doks(data)
    root = output.parent
    files = theme_templates([root / THEME / "layouts", root / "node_modules/@hyas/images/layouts"])
    pages, wrong = [], []
    for file in sorted(output.rglob("*.html")):
        rel = file.relative_to(output).as_posix()
        html = file.read_text(encoding="utf-8")
        label = doks_template_of(rel, root / "content", files)
        if label is None:
            if not _REDIRECT.search(html[:1000]) and "<body" in html:
                wrong.append(f"{rel}: a page with no source")
            continue
        if template_in_html(html) != label:
            wrong.append(f"{rel}: {label}, markup {template_in_html(html)}")
        pages.append((rel, html, label))
    if wrong:
        raise SystemExit("Doks templates other than the sources say:\n" + "\n".join(wrong[:20]))
    return pages
