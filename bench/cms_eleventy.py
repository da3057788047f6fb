"""A blog built by Eleventy from its official starter, for the held-out bench.

``eleventy-base-blog`` is the starter Eleventy's documentation points new
users to: Nunjucks layouts, almost no classes, every template's difference
inside a bare ``<main>``. This module takes the starter at a pinned tag
(``git clone``, as its README says; or the folder ``data/eleventy-blog``
when it is there already), installs its packages from npm at pinned
versions (the lowest its ``package.json`` allows; it ships no lock
file), replaces its sample posts and about page with an allotment
society's blog (the word list and Markdown of ``bench/cms_blogs.py``) and
builds it with ``npx @11ty/eleventy`` into ``_site/``. The starter's own
templates, layouts and CSS are used as they ship, less the message box its
home layout asks the author to delete; only the content is invented.

The content: 40 posts in ``content/blog/`` with none to three tags, each
with the post layout; the about page and four more Markdown pages at the
root; and the starter's own pages: the home page (the latest three posts),
the archive (``blog.njk``), the tag list (``tags.njk``), a page per tag
(``tag-pages.njk``, paginated over the tags) and the not-found page
(``404.md``).

A page's label is the template that renders it, from where Eleventy writes
it: ``post`` (``layouts/post.njk``), ``home`` (``index.njk``), ``archive``
(``blog.njk``), ``tags`` (``tags.njk``), ``tag`` (``tag-pages.njk``) and
``page`` (a Markdown page in the home layout: the about page, the other
pages and the not-found page). The archive and a tag's page both include
``postslist.njk`` (a tag's page adds a link to all tags below it).
``eleventy_pages`` checks each label against the page's markup and stops
if one disagrees.
"""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

from cms_blogs import _PAGES, _TAGS, _WORDS, _body, _run, _sentence, agreeing_with_markup

STARTER = "https://github.com/11ty/eleventy-base-blog"
STARTER_TAG = "v9.0.0"
POSTS = 40
#: The starter's packages at the lowest versions its ``package.json``
#: allows (the starter ships no lock file), so that a build is repeatable.
PACKAGES = {
    "@11ty/eleventy": "3.0.0",
    "@11ty/eleventy-img": "5.0.0",
    "@11ty/eleventy-navigation": "0.3.5",
    "@11ty/eleventy-plugin-rss": "2.0.2",
    "@11ty/eleventy-plugin-syntaxhighlight": "5.0.0",
    "cross-env": "7.0.3",
    "luxon": "3.5.0",
    "zod": "3.23.8",
    "zod-validation-error": "3.3.1",
    "@zachleat/heading-anchors": "1.0.1",
}


_STARTER_NOTE = re.compile(r"<!-- Delete this block.*?<!-- Stop deleting -->", re.S)
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")


def _front(fields: dict[str, str]) -> str:
    return "---\n" + "".join(f"{k}: {v}\n" for k, v in fields.items()) + "---\n\n"


def write_eleventy_content(root: Path, seed: int = 0) -> None:
    """Replace the starter's posts and about page with the blog's, the same
    for a seed."""
    rng = random.Random(seed + 1111)
    blog = root / "content" / "blog"
    for old in blog.glob("**/*.md"):
        old.unlink()
    for n in range(POSTS):
        tags = rng.sample(_TAGS, rng.choice((0, 1, 1, 2, 3)))
        fields = {
            "title": _sentence(rng, 3, 7)[:-1],
            "description": _sentence(rng),
            "date": f"{2023 + n * 2 // POSTS}-{1 + n % 12:02d}-{1 + (n * 7) % 28:02d}",
        }
        if tags:
            fields["tags"] = "[" + ", ".join(f'"{t}"' for t in tags) + "]"
        slug = f"{rng.choice(_WORDS)}-{rng.choice(_WORDS)}-{n}"
        # The starter's image pipeline reads every image a page shows; the
        # word list's photos do not exist, so posts show none.
        body = _IMAGE.sub("", _body(rng, rng.randint(0, 4)).replace(":::python\n", ""))
        text = _front(fields) + body
        (blog / f"{slug}.md").write_text(text, encoding="utf-8")
    for order, title in enumerate(("About", *_PAGES[1:]), start=3):
        slug = title.lower().replace(" ", "-")
        nav = f'\n  key: "{title}"\n  order: {order}' if order < 6 else ""
        front = f"---\ntitle: {title}\n" + (f"eleventyNavigation:{nav}\n" if nav else "")
        text = front + "---\n\n" + f"# {title}\n\n" + _IMAGE.sub("", _body(rng, rng.randint(0, 3)))
        (root / "content" / f"{slug}.md").write_text(text, encoding="utf-8")


def build_eleventy(data: Path, seed: int = 0) -> Path:
    """Eleventy's output folder for the blog (built once into ``data``)."""
    root = data / "eleventy-blog"
    output = root / "_site"
    if (output / "index.html").exists():
        return output
    if not (root / "eleventy.config.js").is_file():
        if shutil.which("git") is None:
            raise SystemExit(f"git is needed to fetch Eleventy's starter ({STARTER})")
        clone = ["git", "clone", "-q", "--depth", "1", "--branch", STARTER_TAG, STARTER, str(root)]
        _run(clone, "git clone (eleventy-base-blog)")
    if not (root / "node_modules" / ".bin" / "eleventy").exists():
        manifest = json.loads((root / "package.json").read_text(encoding="utf-8"))
        for field in ("dependencies", "devDependencies"):
            for name in manifest.get(field, {}):
                manifest[field][name] = PACKAGES[name]
        (root / "package.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
        npm = ["npm", "install", "--no-audit", "--no-fund", "--silent"]
        _run(npm, "npm install", cwd=root)
    write_eleventy_content(root, seed)
    # The home layout's first lines ask the site's author to delete them.
    home = root / "_includes" / "layouts" / "home.njk"
    home.write_text(_STARTER_NOTE.sub("", home.read_text(encoding="utf-8")), encoding="utf-8")
    _run(["npx", "@11ty/eleventy", "--quiet"], "eleventy", cwd=root)
    return output


_POST = re.compile(r"blog/[^/]+/index\.html")
_FIXED = {"index.html": "home", "blog/index.html": "archive", "tags/index.html": "tags"}


def eleventy_template_of(rel: str) -> str | None:
    """A page's template from where Eleventy writes it (``None``: not a page).

    >>> [eleventy_template_of(p) for p in ("index.html", "blog/index.html", "404.html")]
    ['home', 'archive', 'page']
    >>> [eleventy_template_of(p) for p in ("blog/kale-bean-3/index.html", "tags/pests/index.html")]
    ['post', 'tag']
    >>> [eleventy_template_of(p) for p in ("about/index.html", "feed/feed.xml")]
    ['page', None]
    """
    if rel in _FIXED:
        return _FIXED[rel]
    if rel == "404.html":
        return "page"
    if _POST.fullmatch(rel):
        return "post"
    if rel.startswith("tags/") and rel.count("/") == 2 and rel.endswith("/index.html"):
        return "tag"
    if rel.count("/") == 1 and rel.endswith("/index.html"):
        return "page"
    return None


def eleventy_markup_of(html: str) -> str | None:
    """What a page's markup says rendered it (the blocks each template
    writes in ``<main>``).

    >>> eleventy_markup_of('<main><h1>Tagged “kale”</h1><ol reversed class="postlist">')
    'tag'
    """
    main = re.sub(r"\s+", " ", html[html.find("<main") :])
    if '<ul class="post-metadata">' in main:
        return "post"
    if 'class="postlist"' in main:
        if re.search(r"<h1[^>]*>Latest \d+ Posts?</h1>", main):
            return "home"
        return "tag" if re.search(r"<h1[^>]*>Tagged", main) else "archive"
    if re.search(r"<h1[^>]*>Tags</h1>", main):
        return "tags"
    return "page"


def eleventy_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, template) of every page of the Eleventy blog."""
    output = build_eleventy(data)
    pages = []
    for file in sorted(output.rglob("*.html")):
        rel = file.relative_to(output).as_posix()
        kind = eleventy_template_of(rel)
        if kind is not None:
            pages.append((rel, file.read_text(encoding="utf-8"), kind))
    return agreeing_with_markup(pages, eleventy_markup_of, "Eleventy templates")
