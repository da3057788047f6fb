"""A blog written by Jekyll with its default theme, minima, for the held-out bench.

Like ``bench/cms_blogs.py`` (whose word list and Markdown helpers it uses),
this module writes a blog's sources, builds them with the real generator and
labels each page with the theme layout that renders it. Only the sources are
invented; every page is Jekyll's output.

The site: Jekyll with the ``minima`` theme gem and the plugins minima needs
(``jekyll-feed``, ``jekyll-seo-tag``) plus ``jekyll-paginate``, all from
Debian's packages (no Gemfile, no Bundler, nothing fetched), built once into
``data/jekyll-minima/_site`` with ``jekyll build``. The sources are 60 posts
in ``_posts/`` over two years, each with categories (one or two) and none to
four tags in its front matter, some long with many headings, a few with
fenced code that Rouge highlights; five stand-alone pages (``<slug>.md``); a
home page (``index.html``) paginated five posts a page; and a not-found page.

Labels are minima's layout files, read from the installed gem's
``_layouts/``, and each is given by where the site's configuration makes
Jekyll write the page:

* ``home``: ``index.html`` and its later pages (``page<n>/index.html``).
  minima 2.5's ``home.html`` lists ``site.posts``, not the paginator, so
  every later page lists all the posts again; only the head (the title's
  "Page n of m", the canonical and previous and next links, all written by
  ``jekyll-seo-tag``) tells them apart.
* ``post``: the posts (``posts/<yyyy>/<mm>/<slug>/index.html``, from
  ``permalink``).
* ``page``: the stand-alone pages (``<slug>/index.html``, from each page's
  own ``permalink``).
* ``default``: the not-found page (``404.html``), which names ``default``
  itself, the layout the other three fill in.

The theme shows neither categories nor tags and has no list pages for them,
so they change only the posts' front matter and the feed.
"""

from __future__ import annotations

import random
import re
import subprocess
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

#: Debian packages and the versions the site was built with (``dpkg-query -W``).
JEKYLL = {
    "jekyll": "4.3.1+dfsg-3+deb12u1",
    "jekyll-theme-minima": "2.5.1-2",
    "ruby-jekyll-feed": "0.17.0-1",
    "ruby-jekyll-seo-tag": "2.8.0-1",
    "ruby-jekyll-paginate": "1.1.0-3",
}
_APT = "apt-get install -y " + " ".join(JEKYLL)

#: Which layout renders which output path is set here (``permalink``,
#: ``paginate_path``) and in each page's front matter.
_JEKYLL_CONF = """\
title: Hazel Lane Allotments
author: Maya Fernside
email: secretary@allotments.example
description: Notes from the plots by the railway, by the allotment society.
url: https://allotments.example
baseurl: ""
lang: en
timezone: Europe/London
theme: minima
plugins:
  - jekyll-feed
  - jekyll-seo-tag
  - jekyll-paginate
permalink: /posts/:year/:month/:title/
paginate: 5
paginate_path: /page:num/
markdown: kramdown
kramdown:
  input: GFM
  syntax_highlighter: rouge
future: true
disable_disk_cache: true
mastodon:
  - username: hazel
    instance: social.example
"""

_CODE = (
    "```ruby\nbeds.each { |bed| bed.water(litres: 4) if bed.dry? }\n```",
    "```yaml\nrota:\n  - plot: 12\n    week: 3\n  - plot: 14\n    week: 4\n```",
    "```sh\nfind photos -name '*.jpg' -newer last-upload | xargs -n1 upload\n```",
)


def _versions() -> dict[str, str]:
    """The installed version of each package in ``JEKYLL`` (``SystemExit`` if
    one is missing or is another version than the site was built with)."""
    query = ["dpkg-query", "-W", "-f", "${Package} ${Status} ${Version}\\n", *JEKYLL]
    done = subprocess.run(query, capture_output=True, text=True)
    found = {}
    for line in done.stdout.splitlines():
        name, *status, version = line.split()
        if status[-1:] == ["installed"]:
            found[name] = version
    missing = [name for name in JEKYLL if name not in found]
    if missing:
        raise SystemExit(f"missing Debian packages {', '.join(missing)}; run: {_APT}")
    other = [
        f"{name} {found[name]} (not {want})" for name, want in JEKYLL.items() if found[name] != want
    ]
    if other:
        raise SystemExit(f"other Debian package versions: {', '.join(other)}; update JEKYLL")
    return found


def write_jekyll_sources(root: Path, seed: int = 0, posts: int = 60) -> None:
    """The blog's sources (``_config.yml``, ``_posts/``, pages), the same for a seed."""
    rng = random.Random(seed + 1213)
    (root / "_posts").mkdir(parents=True, exist_ok=True)
    (root / "_config.yml").write_text(_JEKYLL_CONF, encoding="utf-8")
    for n in range(posts):
        slug = f"{rng.choice(_WORDS)}-{rng.choice(_WORDS)}-{n}"
        date = f"{2023 + n * 2 // posts}-{1 + n % 12:02d}-{1 + (n * 5) % 28:02d}"
        cats = rng.sample(_CATEGORIES, rng.choice((1, 1, 1, 2)))
        tags = rng.sample(_TAGS, rng.randint(0, 4))
        front = [
            "layout: post",
            f"title: {_sentence(rng, 3, 7)[:-1]}",
            f"date: {date} {8 + n % 10:02d}:{n % 60:02d}:00 +0000",
            f"categories: [{', '.join(cats)}]",
            f"tags: [{', '.join(tags)}]",
        ]
        if rng.random() < 0.3:
            front.append(f"author: {rng.choice(('Tom Ashdown', 'Priya Holloway'))}")
        long = rng.random() < 0.12
        body = _body(rng, rng.randint(9, 14) if long else rng.randint(0, 4))
        if rng.random() < 0.12:
            body += f"\n{_paragraph(rng)}\n\n{rng.choice(_CODE)}\n"
        text = "---\n" + "\n".join(front) + "\n---\n\n" + body
        (root / "_posts" / f"{date}-{slug}.md").write_text(text, encoding="utf-8")
    for title in _PAGES:
        slug = title.lower().replace(" ", "-")
        front = f"---\nlayout: page\ntitle: {title}\npermalink: /{slug}/\n---\n\n"
        (root / f"{slug}.md").write_text(front + _body(rng, rng.randint(0, 3)), encoding="utf-8")
    home = f"---\nlayout: home\n---\n\n<p>{_sentence(rng)}</p>\n"
    (root / "index.html").write_text(home, encoding="utf-8")
    lost = "---\nlayout: default\npermalink: /404.html\n---\n\n"
    lost += f'<div class="container">\n  <h1>404</h1>\n  <p>{_sentence(rng, 3, 6)}</p>\n</div>\n'
    (root / "404.html").write_text(lost, encoding="utf-8")


def build_jekyll(data: Path, seed: int = 0) -> Path:
    """Jekyll's output folder for the blog (built once into ``data``)."""
    root = data / "jekyll-minima"
    output = root / "_site"
    if (output / "index.html").exists():
        return output
    _versions()
    write_jekyll_sources(root, seed)
    cmd = ["jekyll", "build", "--quiet", "--source", str(root), "--destination", str(output)]
    _run(cmd, "jekyll build")
    return output


_POST = re.compile(r"posts/\d{4}/\d{2}/[^/]+/index\.html")
_HOME = re.compile(r"(page\d+/)?index\.html")


def jekyll_template_of(rel: str) -> str | None:
    """The minima layout (without ``.html``) that renders ``rel``, from where
    the site's configuration makes Jekyll write it (``None``: not a page).

    >>> [jekyll_template_of(p) for p in ("index.html", "page3/index.html", "about/index.html")]
    ['home', 'home', 'page']
    >>> [jekyll_template_of(p) for p in ("posts/2024/03/kale-bean-3/index.html", "404.html")]
    ['post', 'default']
    >>> [jekyll_template_of(p) for p in ("feed.xml", "assets/main.css", "posts/index.html")]
    [None, None, None]
    """
    if rel == "404.html":
        return "default"
    if _HOME.fullmatch(rel):
        return "home"
    if _POST.fullmatch(rel):
        return "post"
    folder, _, name = rel.partition("/")
    if name == "index.html" and folder not in ("posts", "assets"):
        return "page"
    return None


def jekyll_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, template) of every page of the Jekyll minima blog."""
    return _html_pages(build_jekyll(data), jekyll_template_of)
