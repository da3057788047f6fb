"""A blog written by Hexo, a static blog generator from npm, for the held-out bench.

Like ``bench/cms_blogs.py`` (whose word list and Markdown helpers it uses),
this module writes a blog's sources, builds them with the real generator and
labels each page with the theme template that renders it. Only the sources
are invented; every page is Hexo's output.

The site: Hexo with its classic default theme, ``landscape``, and the
generators a new Hexo blog comes with (index, archive, category, tag; EJS,
Marked and Stylus renderers), installed from npm at pinned versions into
``data/hexo-landscape/node_modules`` and built with ``hexo generate``. The
sources are 72 posts in ``source/_posts`` over two years (a category, a
category and its subcategory, two categories or none; none to five tags;
about half with an excerpt cut by ``<!-- more -->``; a few long ones with
many headings; fenced code that Hexo highlights, Markdown images, a photo
gallery now and then) and five stand-alone pages (``source/<slug>/index.md``).
The generators' ``per_page`` is small enough that the index, the archives, a
year's archive, the categories and the tags have later pages.

Every landscape layout file is one line that renders a partial inside
``layout.ejs``, and the files are fewer than they look:

* ``index.ejs``: the index and its later pages (``index.html``,
  ``page/<n>/``), the posts' full articles or excerpts in a row (``index``).
* ``post.ejs`` and ``page.ejs`` are the same line (``_partial/article`` with
  the page, not as an index entry): posts (``<yyyy>/<mm>/<dd>/<slug>/``) and
  stand-alone pages (``<slug>/``) are one template, ``article``. A post has
  more filled in (its categories, tags, newer and older links) because it
  has the data, not because another file renders it.
* ``archive.ejs``, ``category.ejs`` and ``tag.ejs`` are the same line
  (``_partial/archive`` without expanding the posts): the archives and a
  year's or a month's posts (``archives/``), a category's posts
  (``categories/``) and a tag's (``tags/``), each with its later pages, are
  one template, ``archive``, a list of titles by year (only the head's
  ``<title>`` says which list it is).

Labels: ``index``, ``article``, ``archive``; ``hexo_layout_of`` gives the
layout file itself. Hexo gives each post a random id, which the theme writes
into the share link's ``data-id`` and a gallery's ``rel``; apart from those
(and the footer's current year) the same seed gives the same site.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path

from cms_blogs import (  # the same word list and Markdown as the other blogs
    _CATEGORIES,
    _PAGES,
    _TAGS,
    _WORDS,
    _body,
    _html_pages,
    _paragraph,
    _run,
    _sentence,
)

#: Pinned so that the same sources give the same site (``npm view <pkg> version``).
HEXO = {
    "hexo": "8.1.2",
    "hexo-cli": "4.3.2",
    "hexo-theme-landscape": "1.1.0",
    "hexo-generator-index": "4.0.0",
    "hexo-generator-archive": "2.0.0",
    "hexo-generator-category": "2.0.0",
    "hexo-generator-tag": "2.0.0",
    "hexo-renderer-ejs": "2.0.0",
    "hexo-renderer-marked": "7.0.1",
    "hexo-renderer-stylus": "3.0.1",
}

#: Which layout file renders which output folder is set here (``permalink``,
#: ``archive_dir``, ``category_dir``, ``tag_dir``, ``pagination_dir``).
_HEXO_CONF = """\
title: Hazel Lane Allotments
subtitle: Notes from the plots by the railway
description: An allotment society's blog
author: Maya Fernside
language: en
timezone: Europe/London
url: https://allotments.example
permalink: :year/:month/:day/:title/
source_dir: source
public_dir: public
archive_dir: archives
category_dir: categories
tag_dir: tags
pagination_dir: page
default_layout: post
updated_option: date
relative_link: false
future: true
syntax_highlighter: highlight.js
highlight:
  line_number: true
  auto_detect: false
  wrap: true
index_generator:
  path: ""
  per_page: 6
  order_by: -date
archive_generator:
  per_page: 10
  yearly: true
  monthly: true
  daily: false
category_generator:
  per_page: 5
tag_generator:
  per_page: 5
theme: landscape
theme_config:
  menu:
    Home: /
    Archives: /archives
    About: /about/
    Contact: /contact/
"""

_SUBCATEGORIES = {
    "Vegetables": ("Roots", "Brassicas"),
    "Fruit": ("Soft fruit", "Top fruit"),
}
_CODE = (
    "```python\nfor bed in beds:\n    if bed.dry():\n        water(bed, litres=4)\n```",
    "```js\nconst rota = plots.map((p, i) => ({ plot: p, week: i % 4 }));\n```",
    "```bash\nrsync -a photos/ archive/$(date +%Y)/\n```",
)


def _yaml_list(key: str, items: list[str]) -> list[str]:
    return [f"{key}:", *(f"  - {item}" for item in items)] if items else []


def _categories(rng: random.Random) -> list[str]:
    """A post's ``categories``: one, one nested in another, two apart, or none."""
    first = rng.choice(_CATEGORIES)
    roll = rng.random()
    if roll < 0.05:
        return []
    if roll < 0.15:
        second = rng.choice([c for c in _CATEGORIES if c != first])
        return [f"[{first}]", f"[{second}]"]
    if roll < 0.45 and first in _SUBCATEGORIES:
        return [f"[{first}, {rng.choice(_SUBCATEGORIES[first])}]"]
    return [first]


def write_hexo_sources(root: Path, seed: int = 0, posts: int = 72) -> None:
    """The blog's ``source/`` folder, the same for a seed."""
    rng = random.Random(seed + 919)
    (root / "source" / "_posts").mkdir(parents=True, exist_ok=True)
    for n in range(posts):
        slug = f"{rng.choice(_WORDS)}-{rng.choice(_WORDS)}-{n}"
        month, day = 1 + n % 12, 1 + (n * 7) % 28
        front = [
            f"title: {_sentence(rng, 3, 7)[:-1]}",
            f"date: {2023 + n * 2 // posts}-{month:02d}-{day:02d} {8 + n % 10:02d}:{n % 60:02d}:00",
            *_yaml_list("categories", _categories(rng)),
            *_yaml_list("tags", rng.sample(_TAGS, rng.choice((0, 1, 1, 2, 2, 3, 4, 5)))),
        ]
        if rng.random() < 0.05:
            front += _yaml_list("photos", [f"/images/{rng.randint(1, 40)}.jpg" for _ in range(3)])
        long = rng.random() < 0.1
        body = _body(rng, rng.randint(9, 14) if long else rng.randint(0, 4))
        if rng.random() < 0.12:
            body += f"\n{_paragraph(rng)}\n\n{rng.choice(_CODE)}\n"
        first, _, rest = body.partition("\n\n")
        if rest and rng.random() < 0.5:
            body = f"{first}\n\n<!-- more -->\n\n{rest}"
        text = "---\n" + "\n".join(front) + "\n---\n\n" + body
        (root / "source" / "_posts" / f"{slug}.md").write_text(text, encoding="utf-8")
    for title in _PAGES:
        slug = title.lower().replace(" ", "-")
        folder = root / "source" / slug
        folder.mkdir(parents=True, exist_ok=True)
        front = f"---\ntitle: {title}\ndate: 2023-01-02 09:00:00\n---\n\n"
        text = front + _body(rng, rng.randint(0, 3))
        (folder / "index.md").write_text(text, encoding="utf-8")


def build_hexo(data: Path, seed: int = 0) -> Path:
    """Hexo's output folder for the blog (built once into ``data``)."""
    return hexo_site(data / "hexo-landscape", "hazel-lane", HEXO, _HEXO_CONF, seed)


def hexo_site(
    root: Path,
    name: str,
    packages: dict[str, str],
    config: str,
    seed: int = 0,
    extra: Callable[[Path], None] | None = None,
) -> Path:
    """Build the blog's sources once in ``root`` with Hexo and the pinned
    npm ``packages`` (theme included) under ``config``; ``extra`` writes
    more sources (a theme's own pages). Returns the output folder."""
    output = root / "public"
    if (output / "index.html").exists():
        return output
    root.mkdir(parents=True, exist_ok=True)
    # ``hexo`` is what tells the Hexo command line that this folder is a site.
    package = {"name": name, "private": True, "hexo": {"version": packages["hexo"]}}
    package["dependencies"] = dict(packages)
    (root / "package.json").write_text(json.dumps(package, indent=2) + "\n", encoding="utf-8")
    (root / "_config.yml").write_text(config, encoding="utf-8")
    write_hexo_sources(root, seed)
    if extra is not None:
        extra(root)
    hexo = root / "node_modules" / ".bin" / "hexo"
    if not hexo.exists():
        npm = ["npm", "install", "--prefix", str(root), "--no-audit", "--no-fund", "--silent"]
        _run(npm, "npm install")
    _run([str(hexo), "generate", "--silent", "--cwd", str(root)], "hexo generate")
    return output


_POST = re.compile(r"\d{4}/\d{2}/\d{2}/[^/]+/index\.html")
_LISTS = {"archives": "archive", "categories": "category", "tags": "tag", "page": "index"}
#: Layout files that are the same line as another, counted as one template.
_SAME = {"index": "index", "post": "article", "page": "article"}


def hexo_layout_of(rel: str) -> str | None:
    """The landscape layout file (without ``.ejs``) that renders ``rel``, from
    where the site's ``_config.yml`` makes Hexo write it (``None``: not a page).

    >>> [hexo_layout_of(p) for p in ("index.html", "page/3/index.html", "about/index.html")]
    ['index', 'index', 'page']
    >>> [hexo_layout_of(p) for p in ("archives/2023/05/index.html", "tags/pests/page/2/index.html")]
    ['archive', 'tag']
    >>> [hexo_layout_of(p) for p in ("2024/03/08/kale-bean-3/index.html", "css/style.css")]
    ['post', None]
    """
    if not rel.endswith("index.html"):
        return None
    if rel == "index.html":
        return "index"
    if _POST.fullmatch(rel):
        return "post"
    top, _, rest = rel.partition("/")
    if top in _LISTS:
        return _LISTS[top]
    return "page" if rest == "index.html" else None


def hexo_template_of(rel: str) -> str | None:
    """A page's template from where Hexo writes it: its layout file, with
    ``post.ejs`` and ``page.ejs`` one template (``article``) and
    ``archive.ejs``, ``category.ejs`` and ``tag.ejs`` another (``archive``).

    >>> [hexo_template_of(p) for p in ("page/2/index.html", "contact/index.html")]
    ['index', 'article']
    >>> [hexo_template_of(p) for p in ("2023/01/01/bee-rye-0/index.html", "archives/index.html")]
    ['article', 'archive']
    >>> [hexo_template_of(p) for p in ("categories/Fruit/Soft-fruit/index.html", "js/script.js")]
    ['archive', None]
    """
    layout = hexo_layout_of(rel)
    return None if layout is None else _SAME.get(layout, "archive")


def hexo_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, template) of every page of the Hexo landscape blog."""
    return _html_pages(build_hexo(data), hexo_template_of)
