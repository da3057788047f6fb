"""A blog written by Hugo with the Ananke theme, for the held-out bench.

Ananke is the theme of Hugo's own quick start, and its markup is
utility classes from Tachyons (``pa3 pa4-ns nested-copy-line-height``,
``f4 tc-l center measure-wide lh-copy``): no class names a part of the
layout, and the templates differ in which utility classes their boxes
carry and what they hold. Hugo is Debian's (``hugo``); the theme is
Ananke 2.9.2, the last release that Hugo before 0.128 builds (2.10 calls
``css.Sass``), taken from its
repository at that tag (``git clone``, as Hugo's quick start adds it) into
``data/hugo-ananke/themes/ananke`` unless that folder is there already.
Only the sources are invented; every page is Hugo's output with the
theme's templates, built once with ``hugo`` into ``public/``.

The site is an allotment society's blog, from the word list and Markdown
of ``bench/cms_blogs.py``:

* the home page (a lead, the three newest posts with their images or
  without, the next four as links);
* ``post/``: 48 posts with categories and tags, about a third with a
  featured image (a header photo on the post and an image in its summary),
  the section's list and its later pages (``paginate: 6``);
* ``projects/``: a list and seven project pages, a section the theme has
  no templates of its own for;
* stand-alone pages at the root (about, contact, the allotment rules,
  the seed library, volunteering), which Hugo types ``page``;
* the tags and categories lists and each term's page;
* the not-found page.

A page's label is the layout file that renders it, from the sources and
Hugo's template lookup order (``cms_hugo.hugo_template``), not from the
HTML: ``index.html`` (the home page), ``_default/single.html`` (posts and
projects), ``page/single.html`` (the root pages), ``post/list.html`` (the
post list and its later pages; the theme's comment says it is the default
list written again for the section, and it holds its summaries in an
``aside`` where the default holds them in a ``section``),
``_default/list.html`` (the projects' list), ``_default/terms.html`` (a
taxonomy's list of terms), ``_default/taxonomy.html`` (a term's posts) and
``404.html``. ``ananke_pages`` checks each label against the page's markup
(the boxes each layout file writes) and stops if one disagrees.
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

from cms_blogs import (
    _CATEGORIES,
    _PAGES,
    _TAGS,
    _WORDS,
    _body,
    _run,
    _sentence,
    agreeing_with_markup,
)
from cms_hugo import hugo_template, theme_templates

ANANKE = "https://github.com/theNewDynamic/gohugo-theme-ananke"
ANANKE_TAG = "v2.9.2"
POSTS = 48
PROJECTS = 7
TAXONOMIES = {"tags": "tag", "categories": "category"}

_CONFIG = """\
baseURL = "https://allotments.example/"
languageCode = "en-gb"
title = "Hazel Lane Allotments"
theme = "ananke"
paginate = 6
enableRobotsTXT = false

[taxonomies]
  tag = "tags"
  category = "categories"

[params]
  description = "Notes from the plots by the railway"
  mainSections = ["post"]
  recent_posts_number = 3
  show_reading_time = true
  text_color = ""

[menu]
  [[menu.main]]
    name = "Posts"
    url = "/post/"
    weight = 1
  [[menu.main]]
    name = "Projects"
    url = "/projects/"
    weight = 2
  [[menu.main]]
    name = "About"
    url = "/about/"
    weight = 3
  [[menu.main]]
    name = "Contact"
    url = "/contact/"
    weight = 4
"""


def _front(fields: dict[str, object]) -> str:
    lines = ["---"]
    for key, value in fields.items():
        if isinstance(value, list):
            lines.append(f"{key}: [{', '.join(repr(v) for v in value)}]")
        else:
            lines.append(f"{key}: {value!r}" if isinstance(value, str) else f"{key}: {value}")
    return "\n".join([*lines, "---", ""])


def write_ananke_sources(root: Path, seed: int = 0) -> None:
    """The site's ``config.toml`` and ``content/``, the same for a seed."""
    (root / "config.toml").write_text(_CONFIG, encoding="utf-8")
    write_blog_content(root, seed)


def write_blog_content(root: Path, seed: int = 0) -> None:
    """The blog's ``content/`` (any theme's), the same for a seed."""
    rng = random.Random(seed + 4711)
    content = root / "content"
    (content / "post").mkdir(parents=True, exist_ok=True)
    (content / "projects").mkdir(parents=True, exist_ok=True)
    home = _front({"title": "Hazel Lane Allotments", "description": _sentence(rng)})
    (content / "_index.md").write_text(home + _body(rng, 0), encoding="utf-8")
    lead = _front({"title": "Posts"}) + _sentence(rng) + "\n"
    (content / "post" / "_index.md").write_text(lead, encoding="utf-8")
    for n in range(POSTS):
        fields: dict[str, object] = {
            "title": _sentence(rng, 3, 7)[:-1],
            "date": f"{2023 + n * 2 // POSTS}-{1 + n % 12:02d}-{1 + (n * 7) % 28:02d}",
            "tags": rng.sample(_TAGS, rng.choice((0, 1, 2, 2, 3))),
            "categories": rng.sample(_CATEGORIES, rng.choice((0, 1, 1, 1, 2))),
        }
        if rng.random() < 0.35:
            fields["featured_image"] = f"/images/plot-{rng.randint(1, 12)}.jpg"
        if rng.random() < 0.5:
            fields["description"] = _sentence(rng)
        slug = f"{rng.choice(_WORDS)}-{rng.choice(_WORDS)}-{n}"
        body = _body(rng, rng.randint(0, 5))
        (content / "post" / f"{slug}.md").write_text(_front(fields) + body, encoding="utf-8")
    lead = _front({"title": "Projects"}) + _sentence(rng) + "\n"
    (content / "projects" / "_index.md").write_text(lead, encoding="utf-8")
    for n in range(PROJECTS):
        fields = {"title": f"The {rng.choice(_WORDS)} project", "date": f"2024-0{1 + n}-10"}
        slug = f"{rng.choice(_WORDS)}-project-{n}"
        text = _front(fields) + _body(rng, rng.randint(1, 3))
        (content / "projects" / f"{slug}.md").write_text(text, encoding="utf-8")
    for title in _PAGES:
        slug = title.lower().replace(" ", "-")
        text = _front({"title": title}) + _body(rng, rng.randint(0, 3))
        (content / f"{slug}.md").write_text(text, encoding="utf-8")


def clone_theme(root: Path, name: str, url: str, tag: str) -> Path:
    """``root/themes/<name>``: a Hugo theme's repository at ``tag``, cloned
    the first time."""
    theme = root / "themes" / name
    if not (theme / "layouts").is_dir():
        theme.parent.mkdir(parents=True, exist_ok=True)
        if shutil.which("git") is None:
            raise SystemExit(f"git is needed to fetch the {name} theme ({url})")
        clone = ["git", "clone", "-q", "--depth", "1", "--branch", tag, url, str(theme)]
        _run(clone, f"git clone (the {name} theme)")
    return theme


def hugo_build(root: Path, write: Callable[[Path], None]) -> Path:
    """``root/public``, built once by Debian's Hugo after ``write(root)``
    wrote the sources."""
    output = root / "public"
    if (output / "index.html").exists():
        return output
    if shutil.which("hugo") is None:
        raise SystemExit("hugo is needed (Debian: apt-get install hugo)")
    root.mkdir(parents=True, exist_ok=True)
    write(root)
    done = subprocess.run(["hugo", "--source", str(root)], capture_output=True, text=True)
    if done.returncode or not (output / "index.html").exists():
        raise SystemExit(f"hugo failed:\n{done.stdout[-1500:]}\n{done.stderr[-2500:]}")
    return output


def build_ananke(data: Path, seed: int = 0) -> Path:
    """Hugo's output folder for the blog (built once into ``data``)."""

    def write(root: Path) -> None:
        clone_theme(root, "ananke", ANANKE, ANANKE_TAG)
        write_ananke_sources(root, seed)

    return hugo_build(data / "hugo-ananke", write)


_PAGED = re.compile(r"(.*?)/?page/(\d+)")


def ananke_source_of(rel: str, content: Path) -> tuple[str, str, str] | None:
    """(kind, type, taxonomy) of the page Hugo writes to ``rel``, from the
    ``content`` folder (``None``: not a page).

    >>> import tempfile
    >>> c = Path(tempfile.mkdtemp())
    >>> (c / "post").mkdir(); _ = (c / "post" / "_index.md").write_text("")
    >>> _ = (c / "about.md").write_text("")
    >>> [ananke_source_of(p, c) for p in ("index.html", "404.html", "post/page/2/index.html")]
    [('home', 'page', ''), ('404', '', ''), ('section', 'post', '')]
    >>> [ananke_source_of(p, c) for p in ("tags/index.html", "tags/kale/index.html")]
    [('taxonomy', 'tags', 'tag'), ('term', 'tags', 'tag')]
    >>> [ananke_source_of(p, c) for p in ("about/index.html", "post/kale-bed-3/index.html")]
    [('page', 'page', ''), ('page', 'post', '')]
    >>> [ananke_source_of(p, c) for p in ("post/page/1/index.html", "images/a.jpg")]
    [None, None]
    """
    if rel == "404.html":
        return ("404", "", "")
    if rel != "index.html" and not rel.endswith("/index.html"):
        return None
    folder = rel[: -len("index.html")].rstrip("/")
    paged = _PAGED.fullmatch(folder)
    if paged:
        if paged.group(2) == "1":
            return None  # the first page again, as a redirect to the list
        folder = paged.group(1)
    if not folder:
        return ("home", "page", "")
    parts = folder.split("/")
    if parts[0] in TAXONOMIES and len(parts) <= 2:
        kind = "taxonomy" if len(parts) == 1 else "term"
        return (kind, parts[0], TAXONOMIES[parts[0]])
    if len(parts) == 1 and (content / folder / "_index.md").is_file():
        return ("section", folder, "")
    if len(parts) == 1 and (content / f"{folder}.md").is_file():
        return ("page", "page", "")
    if len(parts) == 2 and (content / parts[0]).is_dir():
        return ("page", parts[0], "")
    return None


#: The boxes each layout file writes inside ``<main>`` (its utility
#: classes), to check the labels against the pages.
_MARKUP = {
    "index.html": ('<main class="pb7" role="main"> <article class="cf ph3 ph5-l',),
    "_default/single.html": ('<article class="flex-l flex-wrap justify-between mw8 center ph3">',),
    "page/single.html": ('<div class="flex-l mt2 mw8 center">',),
    "post/list.html": (
        '<article class="pa3 pa4-ns nested-copy-line-height">',
        '<aside class="flex-ns flex-wrap justify-around mt5">',
    ),
    "_default/list.html": (
        '<article class="pa3 pa4-ns nested-copy-line-height">',
        '<section class="flex-ns flex-wrap justify-around mt5">',
    ),
    "_default/terms.html": ('<article class="cf pa3 pa4-m pa4-l">', '<section class="ph4">'),
    "_default/taxonomy.html": (
        '<article class="cf pa3 pa4-m pa4-l">',
        '<div class="relative w-100 mb4 bg-white">',
    ),
    "404.html": ('<article class="center cf pv5 measure-wide-l">',),
}


def ananke_markup_of(html: str) -> str | None:
    """The one layout file whose boxes are all in the page (``None``: none
    or several).

    >>> ananke_markup_of('<main class="pb7"><div class="flex-l mt2 mw8 center">')
    'page/single.html'
    """
    flat = re.sub(r"\s+", " ", html)
    found = [name for name, marks in _MARKUP.items() if all(m in flat for m in marks)]
    return found[0] if len(found) == 1 else None


def ananke_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, layout file) of every page of the Ananke blog."""
    output = build_ananke(data)
    root = output.parent
    files = theme_templates([root / "themes" / "ananke" / "layouts"])
    pages = []
    for file in sorted(output.rglob("*.html")):
        rel = file.relative_to(output).as_posix()
        source = ananke_source_of(rel, root / "content")
        if source is None:
            continue
        kind, type_, taxonomy = source
        template = hugo_template(kind, type_, "", files, taxonomy)
        pages.append((rel, file.read_text(encoding="utf-8"), template))
    return agreeing_with_markup(pages, ananke_markup_of, "Ananke layouts")
