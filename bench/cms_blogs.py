"""Blogs written by real static CMSs, for the held-out bench.

The engine was never developed on these generators. This module writes a
blog's Markdown sources (posts with categories, tags and authors, a few
translations, stand-alone pages), builds them with the generator installed
into a throwaway virtual environment, and labels each page with the theme
template that renders it. Only the sources are invented; every page is the
generator's output.

* Pelican, with two of its bundled themes: ``notmyidea`` (a stylesheet, a
  featured first article on the first index page) and ``simple`` (no
  stylesheet at all). A page's template is the theme file that renders it,
  counted as its parent where the theme file only extends the parent and
  changes text (``category.html``, ``tag.html`` and ``author.html`` extend
  ``index.html`` with another title: ``index``; ``authors.html``,
  ``categories.html`` and ``tags.html`` are one markup for three lists:
  ``term-list``). Labels: ``index``, ``article``, ``page``, ``term-list``,
  ``archives``.
* MkDocs with the Material theme and its blog plugin: documentation pages
  (``main.html``: ``page``), the blog's index, its later pages, its archive
  and category pages (all ``blog.html``: ``blog``), the posts
  (``blog-post.html``: ``post``) and the not-found page (``404``).
* Nikola with its default theme, ``bootblog4`` (Bootstrap 4): the index and
  its later pages (``index``), posts (``post``), pages (``page``), tag and
  category pages (both ``tag.tmpl``: ``tag``), author pages (``author``),
  the tag and author overviews (``tags``, ``authors``), the archive's year
  list and a year's posts (``list``, ``list_post``), and the empty listings
  and galleries indexes (``listing``, ``gallery``).
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

#: Pinned so that the same sources give the same site.
PELICAN = ("pelican==4.12.0", "markdown==3.11.3")
MKDOCS = ("mkdocs==1.6.1", "mkdocs-material==9.8.2")
NIKOLA = ("nikola==8.3.3", "markdown==3.11.3")
THEMES = ("notmyidea", "simple")

_WORDS = [
    "garden",
    "soil",
    "compost",
    "seed",
    "harvest",
    "tomato",
    "bean",
    "squash",
    "frost",
    "mulch",
    "orchard",
    "pruning",
    "trellis",
    "bed",
    "path",
    "shade",
    "water",
    "rain",
    "season",
    "spring",
    "autumn",
    "winter",
    "summer",
    "root",
    "leaf",
    "flower",
    "bee",
    "pollinator",
    "netting",
    "greenhouse",
    "cold",
    "frame",
    "potato",
    "onion",
    "garlic",
    "kale",
    "chard",
    "lettuce",
    "herb",
    "thyme",
    "sage",
    "basil",
    "mint",
    "rhubarb",
    "currant",
    "raspberry",
    "apple",
    "pear",
    "plum",
    "cherry",
    "walnut",
    "hazel",
    "hedge",
    "pond",
    "frog",
    "slug",
    "snail",
    "worm",
    "beetle",
    "weed",
    "nettle",
    "comfrey",
    "clover",
    "rye",
]
_CATEGORIES = ("Vegetables", "Fruit", "Soil", "Wildlife", "Tools", "Diary")
_TAGS = (
    "beginner",
    "no-dig",
    "seed-saving",
    "companion-planting",
    "organic",
    "small-space",
    "pests",
    "watering",
    "harvest",
    "winter",
    "greenhouse",
    "recipes",
    "trees",
    "hedges",
    "ponds",
)
_AUTHORS = ("Maya Fernside", "Tom Ashdown", "Priya Holloway")
_PAGES = ("About", "Contact", "Allotment rules", "Seed library", "Volunteer")


def _sentence(rng: random.Random, lo: int = 6, hi: int = 16) -> str:
    words = [rng.choice(_WORDS) for _ in range(rng.randint(lo, hi))]
    return " ".join(words).capitalize() + "."


def _paragraph(rng: random.Random) -> str:
    return " ".join(_sentence(rng) for _ in range(rng.randint(2, 5)))


def _body(rng: random.Random, sections: int) -> str:
    """Markdown a writer might post: prose, and now and then a list, a quote,
    code, a table or an image."""
    out = [_paragraph(rng)]
    for _ in range(sections):
        out.append(f"## {_sentence(rng, 2, 5)[:-1]}")
        for _ in range(rng.randint(1, 3)):
            roll = rng.random()
            if roll < 0.15:
                out.append("\n".join(f"- {_sentence(rng, 2, 6)}" for _ in range(rng.randint(2, 6))))
            elif roll < 0.22:
                out.append("\n".join(f"{i}. {_sentence(rng, 3, 8)}" for i in range(1, 5)))
            elif roll < 0.28:
                out.append(f"> {_sentence(rng)}")
            elif roll < 0.32:
                out.append("    :::python\n    for bed in beds:\n        water(bed, litres=4)")
            elif roll < 0.36:
                rows = [f"| {rng.choice(_WORDS)} | {rng.randint(1, 40)} |" for _ in range(3)]
                out.append("\n".join(["| crop | rows |", "|---|---|", *rows]))
            elif roll < 0.42:
                out.append(f"![{rng.choice(_WORDS)}](/images/{rng.randint(1, 40)}.jpg)")
            else:
                out.append(_paragraph(rng))
    return "\n\n".join(out) + "\n"


def write_pelican_sources(content: Path, seed: int = 0, articles: int = 80) -> None:
    """The blog's Markdown sources (``content/``), the same for a seed."""
    rng = random.Random(seed)
    (content / "pages").mkdir(parents=True, exist_ok=True)
    for n in range(articles):
        slug = f"{rng.choice(_WORDS)}-{rng.choice(_WORDS)}-{n}"
        meta = [
            f"Title: {_sentence(rng, 3, 7)[:-1]}",
            f"Date: 2024-{1 + n % 12:02d}-{1 + n % 27:02d} 10:{n % 60:02d}",
            f"Category: {rng.choice(_CATEGORIES)}",
            f"Tags: {', '.join(rng.sample(_TAGS, rng.randint(0, 4)))}",
            f"Author: {rng.choice(_AUTHORS)}",
            f"Slug: {slug}",
        ]
        body = _body(rng, rng.randint(0, 5))
        (content / f"{slug}.md").write_text("\n".join(meta) + "\n\n" + body, encoding="utf-8")
        if rng.random() < 0.12:  # a translation, linked from the original
            fr = [*meta[:5], f"Slug: {slug}", "Lang: fr"]
            fr[0] = f"Title: {_sentence(rng, 3, 7)[:-1]}"
            text = "\n".join(fr) + "\n\n" + _body(rng, rng.randint(0, 3))
            (content / f"{slug}-fr.md").write_text(text, encoding="utf-8")
    for title in _PAGES:
        slug = title.lower().replace(" ", "-")
        meta = [f"Title: {title}", f"Slug: {slug}"]
        text = "\n".join(meta) + "\n\n" + _body(rng, rng.randint(0, 2))
        (content / "pages" / f"{slug}.md").write_text(text, encoding="utf-8")


_CONF = """\
AUTHOR = "Maya Fernside"
SITENAME = "Hazel Lane Allotments"
SITEURL = ""
TIMEZONE = "Europe/London"
DEFAULT_LANG = "en"
DEFAULT_PAGINATION = 5
THEME = {theme!r}
FEED_ALL_ATOM = None
CATEGORY_FEED_ATOM = None
TRANSLATION_FEED_ATOM = None
AUTHOR_FEED_ATOM = None
AUTHOR_FEED_RSS = None
RELATIVE_URLS = False
LINKS = (("Seed swap", "https://seeds.example/"), ("Council", "https://council.example/"))
SOCIAL = (("mastodon", "https://social.example/@hazel"),)
"""


def _tool(data: Path, name: str, packages: tuple[str, ...]) -> Path:
    """The ``name`` command of a throwaway environment in ``data``."""
    env = data / f"{name}-venv"
    exe = env / "bin" / name
    if not exe.exists():
        subprocess.run([sys.executable, "-m", "venv", str(env)], check=True)
        pip = [str(env / "bin" / "python"), "-m", "pip", "install", "-q", *packages]
        subprocess.run(pip, check=True)
    return exe


# ``_body``'s code sample is indented with Python-Markdown's ``:::python``
# marker. In CommonMark an indented block after a list continues the list,
# and Docusaurus (a directive) and VitePress (a custom container) read
# ``:::`` as their own markup, so their sites fence it instead.
_INDENTED = "    :::python\n    for bed in beds:\n        water(bed, litres=4)"
_FENCED = "```python\nfor bed in beds:\n    water(bed, litres=4)\n```"


def _fenced_body(rng: random.Random, sections: int) -> str:
    """:func:`_body` with its code sample fenced."""
    return _body(rng, sections).replace(_INDENTED, _FENCED)


def _title(rng: random.Random) -> str:
    """A short title: three to seven words, no full stop."""
    return _sentence(rng, 3, 7)[:-1]


def _slug(title: str, n: int) -> str:
    """A page's file name: the title's first three words and a number."""
    return "-".join(title.lower().split()[:3]) + f"-{n}"


def _long(rng: random.Random) -> str:
    """Many ``##`` sections, about half of them with ``###`` subsections."""
    parts = []
    for section in _fenced_body(rng, rng.randint(5, 9)).split("\n\n## "):
        if parts and rng.random() < 0.5:
            for _ in range(rng.randint(1, 3)):
                section += f"\n\n### {_title(rng)}\n\n{_paragraph(rng)}"
        parts.append(section)
    return "\n\n## ".join(parts)


def _table(rng: random.Random, rows: int) -> str:
    """A Markdown table of ``rows`` crops with their months and row counts."""
    head = "| Crop | Sow | Harvest | Rows |\n|---|---|---|---:|\n"
    months = ("March", "April", "May", "June", "July", "August", "September")
    body = [
        f"| {rng.choice(_WORDS)} | {rng.choice(months)} | {rng.choice(months)} "
        f"| {rng.randint(1, 12)} |"
        for _ in range(rows)
    ]
    return head + "\n".join(body) + "\n"


_FRONT_BLOCK = re.compile(r"---\n(.*?)\n---\n", re.DOTALL)


def front_field(markdown: str, name: str) -> str:
    """A front-matter field's string value ('' when absent): what the sites'
    generators read to pick a page's layout or template.

    >>> front_field('---\\ntitle: "Kale"\\nlayout: "versions"\\n---\\n\\nText\\n', "layout")
    'versions'
    >>> [front_field(t, "type") for t in ("---\\ntitle: x\\n---\\n", "No front matter\\n")]
    ['', '']
    >>> front_field("Text.\\n\\n---\\nlayout: page\\n---\\n", "layout")  # a rule, not front matter
    ''
    """
    front = _FRONT_BLOCK.match(markdown)
    found = re.search(rf'^{name}:\s*"?([\w-]+)"?\s*$', front.group(1), re.M) if front else None
    return found.group(1) if found else ""


def _water_listing(crop: str, info: str) -> str:
    """The sites' Python code block (``info``: what follows ``python`` on the
    fence: a file name, highlighted lines, in each generator's syntax)."""
    return (
        f"```python{info}\n"
        "def water(bed, litres):\n"
        f'    """Water one bed of {crop}."""\n'
        "    bed.moisture += litres / bed.area\n"
        "    return bed.moisture\n"
        "```\n"
    )


def _front(fields: dict[str, object], *, ascii_only: bool = True) -> str:
    """YAML front matter; JSON is YAML, so each value is written as JSON
    (``ascii_only``: other characters escaped, as JSON may)."""
    lines = [f"{key}: {json.dumps(v, ensure_ascii=ascii_only)}" for key, v in fields.items()]
    return "---\n" + "\n".join(lines) + "\n---\n\n"


def _run(cmd: list[str], what: str, **kw) -> str:
    """Run a build step (``kw``: ``cwd``, ``env``...); its standard output, or
    an error ending the bench with the tail of what the step printed."""
    done = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if done.returncode:
        raise SystemExit(f"{what} failed:\n{done.stdout[-1500:]}\n{done.stderr[-2500:]}")
    return done.stdout


def write_package(
    root: Path, name: str, build: str, packages: dict, *, dev: bool = False, module: bool = False
) -> None:
    """The site's ``package.json``: its pinned ``packages`` (as dependencies,
    or as ``dev`` dependencies), the ``build`` script, an ES ``module`` or not."""
    package: dict[str, object] = {"name": name, "version": "1.0.0", "private": True}
    if module:
        package["type"] = "module"
    package["scripts"] = {"build": build}
    package["devDependencies" if dev else "dependencies"] = packages
    (root / "package.json").write_text(json.dumps(package, indent=2) + "\n", encoding="utf-8")


def _npm_site(
    root: Path,
    output: Path,
    write: Callable[[], None],
    tool: str,
    build: list[str],
    needs: str,
    extra_env: dict[str, str] | None = None,
) -> Path:
    """``output`` (its ``index.html`` there), building it once with an npm
    generator: ``write()`` the sources into ``root``, install the pinned
    packages unless ``tool``'s command is there, then ``npx <build>``.
    ``needs`` names the generator and the Node.js it asks for, for the error
    when npm is missing; ``extra_env``, variables the install and the build
    also get."""
    if (output / "index.html").exists():
        return output
    if shutil.which("npm") is None or shutil.which("npx") is None:
        raise SystemExit(f"building the {needs} with npm and npx")
    write()
    env = {**os.environ, "NO_UPDATE_NOTIFIER": "1", "npm_config_update_notifier": "false"}
    env.update(extra_env or {})
    if not (root / "node_modules" / ".bin" / tool).exists():
        install = ["npm", "install", "--no-audit", "--no-fund"]
        _run(install, f"npm install ({tool}) in {root}", cwd=root, env=env)
    _run(["npx", "--no-install", *build], f"{tool} build in {root}", cwd=root, env=env)
    if not (output / "index.html").exists():
        raise SystemExit(f"{tool} build wrote no {output / 'index.html'}")
    return output


def build_pelican(data: Path, theme: str, seed: int = 0) -> Path:
    """Pelican's output folder for ``theme`` (built once into ``data``)."""
    root = data / f"pelican-{theme}"
    output = root / "output"
    if (output / "index.html").exists():
        return output
    write_pelican_sources(root / "content", seed)
    conf = root / "pelicanconf.py"
    conf.write_text(_CONF.format(theme=theme), encoding="utf-8")
    exe = _tool(data, "pelican", PELICAN)
    _run([str(exe), str(root / "content"), "-o", str(output), "-s", str(conf), "-q"], "pelican")
    return output


def _html_pages(output: Path, label: Callable[[str], str | None]) -> list[tuple[str, str, str]]:
    out = []
    for file in sorted(output.rglob("*.html")):
        rel = file.relative_to(output).as_posix()
        kind = label(rel)
        if kind is not None:
            out.append((rel, file.read_text(encoding="utf-8"), kind))
    return out


def agreeing_with_markup(
    pages: list[tuple[str, str, str]], markup_of: Callable[[str], str | None], what: str
) -> list[tuple[str, str, str]]:
    """``pages`` (path, HTML, label) when each page's markup (``markup_of``)
    says what its label, read from the sources, says; otherwise
    ``SystemExit`` naming the first twenty that do not (``what``: the
    labels, "VitePress layouts").

    >>> agreeing_with_markup([("a.html", "<b>", "x")], lambda html: "x", "kinds")
    [('a.html', '<b>', 'x')]
    >>> agreeing_with_markup([("a.html", "<b>", "x")], lambda html: "y", "kinds")
    Traceback (most recent call last):
    SystemExit: kinds other than the sources say:
    a.html: x, markup y
    """
    wrong = [
        f"{rel}: {label}, markup {markup_of(html)}"
        for rel, html, label in pages
        if markup_of(html) != label
    ]
    if wrong:
        raise SystemExit(f"{what} other than the sources say:\n" + "\n".join(wrong[:20]))
    return pages


def pelican_pages(data: Path, theme: str) -> list[tuple[str, str, str]]:
    """(path, HTML, template) of every page of the Pelican blog in ``theme``."""
    return _html_pages(build_pelican(data, theme), pelican_template_of)


def pelican_template_of(rel: str) -> str | None:
    """A page's template from where Pelican writes it (``None``: not a page,
    such as a feed or the theme's files).

    >>> [pelican_template_of(p) for p in ("index3.html", "tag/pests2.html", "pages/about.html")]
    ['index', 'index', 'page']
    >>> [pelican_template_of(p) for p in ("tags.html", "archives.html", "kale-bean-3.html")]
    ['term-list', 'archives', 'article']
    """
    if not rel.endswith(".html") or rel.startswith(("theme/", "feeds/")):
        return None
    folder, _, name = rel.rpartition("/")
    if folder in ("category", "tag", "author"):
        return "index"
    if folder == "pages":
        return "page"
    if folder:
        return None
    if name in ("authors.html", "categories.html", "tags.html"):
        return "term-list"
    if name == "archives.html":
        return "archives"
    if name == "index.html" or (name.startswith("index") and name[5:-5].isdigit()):
        return "index"
    return "article"


# ---------------------------------------------------------------- MkDocs


_MKDOCS_CONF = """\
site_name: Hazel Lane Allotments
site_url: https://allotments.example/
theme:
  name: material
  features:
    - navigation.tabs
    - navigation.sections
plugins:
  - search
  - blog:
      blog_toc: true
      pagination_per_page: 6
markdown_extensions:
  - tables
  - admonition
  - toc:
      permalink: true
"""
_GUIDES = ("Getting a plot", "Water points", "Compost bays", "Sheds", "Paths", "Bonfires")


def write_mkdocs_sources(root: Path, seed: int = 0, posts: int = 48) -> None:
    """An allotment society's handbook and blog, as Markdown for MkDocs."""
    rng = random.Random(seed + 77)
    docs = root / "docs"
    (docs / "blog" / "posts").mkdir(parents=True, exist_ok=True)
    (docs / "guide").mkdir(parents=True, exist_ok=True)
    (root / "mkdocs.yml").write_text(_MKDOCS_CONF, encoding="utf-8")
    (docs / "index.md").write_text("# Welcome\n\n" + _body(rng, 2), encoding="utf-8")
    for title in _GUIDES:
        slug = title.lower().replace(" ", "-")
        text = f"# {title}\n\n" + _body(rng, rng.randint(1, 5))
        if rng.random() < 0.4:
            text += f"\n!!! note\n\n    {_sentence(rng)}\n"
        (docs / "guide" / f"{slug}.md").write_text(text, encoding="utf-8")
    (docs / "blog" / "index.md").write_text("# News\n", encoding="utf-8")
    for n in range(posts):
        cats = rng.sample(_CATEGORIES, rng.randint(1, 2))
        front = ["---", f"date: 2024-{1 + n % 12:02d}-{1 + n % 27:02d}", "categories:"]
        front += [f"  - {c}" for c in cats]
        front.append("---")
        body = _body(rng, rng.randint(0, 4))
        first, _, rest = body.partition("\n\n")
        if rest and rng.random() < 0.8:
            body = f"{first}\n\n<!-- more -->\n\n{rest}"
        text = "\n".join(front) + f"\n\n# {_sentence(rng, 3, 7)[:-1]}\n\n{body}"
        (docs / "blog" / "posts" / f"post-{n:02d}.md").write_text(text, encoding="utf-8")


def mkdocs_site(
    root: Path, write: Callable[[], None], tools: Path, packages: tuple[str, ...]
) -> Path:
    """``root/site``, built once by MkDocs from ``root/mkdocs.yml``: ``write()``
    the sources, then ``mkdocs build`` from a throwaway environment in
    ``tools`` with ``packages`` (each MkDocs site keeps its own pins)."""
    output = root / "site"
    if (output / "index.html").exists():
        return output
    write()
    exe = _tool(tools, "mkdocs", packages)
    _run([str(exe), "build", "-q", "-f", str(root / "mkdocs.yml"), "-d", str(output)], "mkdocs")
    return output


def build_mkdocs(data: Path, seed: int = 0) -> Path:
    """MkDocs' output folder for the handbook and blog (built once into ``data``)."""
    root = data / "mkdocs-material"
    return mkdocs_site(root, lambda: write_mkdocs_sources(root, seed), data, MKDOCS)


_POST = re.compile(r"^blog/\d{4}/\d{2}/\d{2}/")


def mkdocs_template_of(rel: str) -> str | None:
    """A page's Material template from where MkDocs writes it.

    >>> [mkdocs_template_of(p) for p in ("blog/page/2/index.html", "blog/2024/03/01/x/index.html")]
    ['blog', 'post']
    >>> [mkdocs_template_of(p) for p in ("guide/sheds/index.html", "404.html", "assets/x.html")]
    ['page', '404', None]
    """
    if rel.startswith(("assets/", "search/")):
        return None
    if rel == "404.html":
        return "404"
    if _POST.match(rel):
        return "post"
    if rel.startswith("blog/"):
        return "blog"
    return "page"


def mkdocs_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, template) of every page of the MkDocs Material site."""
    return _html_pages(build_mkdocs(data), mkdocs_template_of)


# ---------------------------------------------------------------- Nikola


def write_nikola_sources(root: Path, seed: int = 0, posts: int = 60) -> None:
    """Posts and pages in Nikola's Markdown with its comment metadata."""
    rng = random.Random(seed + 505)
    for n in range(posts):
        slug = f"{rng.choice(_WORDS)}-{rng.choice(_WORDS)}-{n}"
        meta = {
            "title": _sentence(rng, 3, 7)[:-1],
            "slug": slug,
            "date": f"2024-{1 + n % 12:02d}-{1 + n % 27:02d} 10:{n % 60:02d}:00 UTC",
            "tags": ", ".join(rng.sample(_TAGS, rng.randint(0, 3))),
            "category": rng.choice(_CATEGORIES),
            "author": rng.choice(_AUTHORS),
        }
        head = "".join(f".. {k}: {v}\n" for k, v in meta.items())
        text = f"<!--\n{head}-->\n\n{_body(rng, rng.randint(0, 4))}"
        (root / "posts" / f"{slug}.md").write_text(text, encoding="utf-8")
    for title in _PAGES:
        slug = title.lower().replace(" ", "-")
        text = f"<!--\n.. title: {title}\n.. slug: {slug}\n-->\n\n{_body(rng, rng.randint(0, 2))}"
        (root / "pages" / f"{slug}.md").write_text(text, encoding="utf-8")


def build_nikola(data: Path, seed: int = 0) -> Path:
    """Nikola's output folder for the blog (built once into ``data``)."""
    root = data / "nikola-bootblog4"
    output = root / "output"
    if (output / "index.html").exists():
        return output
    exe = _tool(data, "nikola", NIKOLA)
    if not (root / "conf.py").exists():
        _run([str(exe), "init", "-q", str(root)], "nikola init")
    write_nikola_sources(root, seed)
    done = subprocess.run([str(exe), "build"], cwd=root, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"nikola build failed:\n{done.stderr[-2000:]}")
    return output


_NIKOLA_SINGLE = {
    "archive.html": "list",
    "categories/index.html": "tags",
    "authors/index.html": "authors",
    "listings/index.html": "listing",
    "galleries/index.html": "gallery",
}


def nikola_template_of(rel: str) -> str | None:
    """A page's Nikola template from where Nikola writes it.

    >>> [nikola_template_of(p) for p in ("index-3.html", "posts/x/index.html", "2024/index.html")]
    ['index', 'post', 'list_post']
    >>> [nikola_template_of(p) for p in ("categories/cat_soil/index.html", "authors/index.html")]
    ['tag', 'authors']
    """
    if rel in _NIKOLA_SINGLE:
        return _NIKOLA_SINGLE[rel]
    if re.fullmatch(r"index(-\d+)?\.html", rel):
        return "index"
    if re.fullmatch(r"\d{4}/index\.html", rel):
        return "list_post"
    top = rel.split("/", 1)[0]
    kinds = {"posts": "post", "pages": "page", "categories": "tag", "authors": "author"}
    return kinds.get(top) if rel.endswith("/index.html") else None


def nikola_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, template) of every page of the Nikola blog."""
    return _html_pages(build_nikola(data), nikola_template_of)
