"""A documentation site with a blog, written by Docusaurus, for the held-out bench.

The engine was never developed on Docusaurus. This module writes, from a seed,
the sources of an allotment society's handbook (Markdown docs in nested
categories, a blog with authors and tags, stand-alone Markdown pages, a React
home page, ``docusaurus.config.js``), installs Docusaurus with its classic
preset from the npm registry into the data folder, and builds the site with
``npx docusaurus build``. Only the sources are invented; every page is the
generator's output, rendered by the classic theme's React components.

What the sources hold, so that each kind of page has more than one look:

* Docs (``/docs/``, sidebar generated from the folders): an introduction, a
  category whose index is a doc, three categories (one nested) with a
  generated index page, some long docs with ``##``/``###`` headings (the table
  of contents shows), some short ones with no heading (no table of contents),
  admonitions, tabs and code blocks with titles, and inline tags on about half
  of them (so the docs' tag pages exist too).
* A blog (``/blog/``) of 40 posts over two years by three authors (some
  posts by two), tags from ``tags.yml``, a quarter of the posts long with a
  ``<!-- truncate -->`` marker (list pages show only their summary, the rest
  in full), five posts to a list page, author pages switched on.
* Three Markdown pages in ``src/pages/``, the home page (a React page of our
  own with a CSS module) and the not-found page.

A page's label is the theme component that renders its route, read from where
Docusaurus writes it (every page is ``<route>/index.html``, the not-found page
``404.html``). Routes that one component renders share a label:

* ``DocItem``: a doc, including a category's index doc.
* ``DocCategoryGeneratedIndexPage``: a category's generated index
  (``docs/category/<slug>/``).
* ``DocTagsListPage`` (``docs/tags/``) and ``DocTagDocListPage`` (one tag's
  docs, ``docs/tags/<tag>/``).
* ``BlogListPage``: the blog's index and its later pages (``blog/page/<n>/``).
* ``BlogPostPage``: a post (``blog/<yyyy>/<mm>/<dd>/<slug>/``).
* ``BlogTagsListPage`` (``blog/tags/``) and ``BlogTagsPostsPage`` (one tag's
  posts and their later pages, ``blog/tags/<tag>/``).
* ``BlogAuthorsListPage`` (``blog/authors/``) and ``BlogAuthorsPostsPage``
  (one author's posts and their later pages).
* ``BlogArchivePage``: ``blog/archive/``.
* ``MDXPage``: a Markdown page of ``src/pages/``.
* ``HomePage``: our React home page (``index.html``).
* ``NotFound``: ``404.html``.

Docusaurus also marks each page's kind with classes on ``<html>``
(``docs-doc-page``, ``blog-list-page``, ``mdx-page``...); the labels were
checked against those classes on every page of the build, but they are
derived from the path alone. (The archive carries no kind class, only
``plugin-blog``; a generated index carries the docs wrapper's
``docs-doc-page`` but no ``docs-doc-id-*``; the home page only
``plugin-pages``; the not-found page only ``plugin-native``.)

``.md`` files are read as CommonMark (``markdown.format: 'detect'``), ``.mdx``
files (the docs with tabs) as MDX. The prose's images point at
``/images/<n>.jpg``, which the site does not hold; Docusaurus is told to keep
such URLs as they are rather than fail.
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
    _npm_site,
    _paragraph,
    _sentence,
    _title,
    _water_listing,
    write_package,
)

#: Pinned so that the same sources give the same site. React 19, as the
#: classic template of this Docusaurus asks for (the last 19.2: 19.3 is newer
#: than this Docusaurus).
DOCUSAURUS = "3.10.2"
NPM_PACKAGES = {
    "@docusaurus/core": DOCUSAURUS,
    "@docusaurus/preset-classic": DOCUSAURUS,
    "@mdx-js/react": "3.1.1",
    "clsx": "2.1.1",
    "react": "19.2.9",
    "react-dom": "19.2.9",
}

_SITE = "Hazel Lane Growers' Handbook"
_TAGLINE = "How the allotments are run, and what grows on them"

# The docs: (folder, category label, generated index?, number of docs).
# ``growing/fruit`` is nested in ``growing``; ``getting-started`` has an
# ``index.md`` of its own, so its category links to that doc instead.
_DOC_FOLDERS = (
    ("getting-started", "Getting started", False, 6),
    ("growing", "Growing", True, 9),
    ("growing/fruit", "Fruit", True, 5),
    ("soil", "Soil and compost", True, 8),
    ("reference", "Reference", True, 6),
)
_DOC_TAGS = ("plots", "rules", "vegetables", "fruit", "soil", "tools", "water", "wildlife")
_BLOG_TAGS = {
    "news": "Society news and committee decisions.",
    "events": "Open days, seed swaps and work parties.",
    "harvest": "What came in, and how much.",
    "pests": "Slugs, pigeons and everything else.",
    "soil": "Compost, manure and cover crops.",
    "seeds": "Saving, swapping and sowing.",
    "weather": "Frosts, floods and droughts.",
    "recipes": "What to do with all those courgettes.",
    "wildlife": "The pond, the hedges and who lives there.",
    "tools": "Sheds, mowers and the tool library.",
}
_BLOG_AUTHORS = {
    "maya": ("Maya Fernside", "Society secretary"),
    "tom": ("Tom Ashdown", "Plot 14"),
    "priya": ("Priya Holloway", "Seed library keeper"),
}
_MD_PAGES = ("About", "Seed library", "Volunteer")


def _long_prose(rng: random.Random) -> str:
    """A long doc: ``_prose``'s sections, each now and then with subsections."""
    parts = []
    for section in _fenced_body(rng, rng.randint(5, 8)).split("\n\n## "):
        if parts and rng.random() < 0.4:
            section += f"\n\n### {_title(rng)}\n\n{_paragraph(rng)}"
        parts.append(section)
    return "\n\n## ".join(parts)


def _admonition(rng: random.Random) -> str:
    kind = rng.choice(("note", "tip", "info", "warning", "danger"))
    title = f"[{_title(rng)}]" if rng.random() < 0.5 else ""
    return f":::{kind}{title}\n\n{_paragraph(rng)}\n\n:::\n"


def _code(rng: random.Random) -> str:
    crop = rng.choice(_WORDS)
    return _water_listing(crop, f' title="{crop}.py" {{3}}')


def _tabs(rng: random.Random) -> str:
    """Tabs of the classic theme (an MDX component, so only in ``.mdx``)."""
    items = []
    for n, season in enumerate(rng.sample(("Spring", "Summer", "Autumn", "Winter"), 3)):
        default = " default" if n == 0 else ""
        head = f'<TabItem value="{season.lower()}" label="{season}"{default}>'
        items.append(f"{head}\n\n{_paragraph(rng)}\n\n</TabItem>")
    return "<Tabs>\n" + "\n".join(items) + "\n</Tabs>\n"


_TABS_IMPORT = "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n"


def _write_doc(path: Path, rng: random.Random, fields: dict[str, object], kind: str) -> None:
    """One doc of ``kind``: ``long`` (headings, so a table of contents),
    ``short`` (a paragraph or two), ``admonition``, ``code`` or ``tabs``."""
    if rng.random() < 0.5:
        fields["tags"] = rng.sample(_DOC_TAGS, rng.randint(1, 3))
    if rng.random() < 0.3:
        fields["description"] = _sentence(rng)
    ext = ".md"
    if kind == "long":
        body = _long_prose(rng)
    elif kind == "short":
        body = "\n\n".join(_paragraph(rng) for _ in range(rng.randint(1, 2))) + "\n"
    elif kind == "admonition":
        body = f"{_paragraph(rng)}\n\n{_admonition(rng)}\n{_fenced_body(rng, rng.randint(1, 3))}"
        body += f"\n{_admonition(rng)}"
    elif kind == "code":
        body = f"{_paragraph(rng)}\n\n{_code(rng)}\n{_fenced_body(rng, rng.randint(1, 3))}"
    else:
        ext = ".mdx"  # MDX: no indented code, so the prose is kept to paragraphs
        body = f"{_TABS_IMPORT}{_paragraph(rng)}\n\n{_tabs(rng)}\n## {_title(rng)}\n\n"
        body += f"{_paragraph(rng)}\n\n{_code(rng)}"
    text = _front(fields) + body
    path.with_suffix(ext).write_text(text, encoding="utf-8")


def _write_docs(docs: Path, rng: random.Random) -> None:
    kinds = ("long", "long", "short", "short", "admonition", "code", "tabs")
    docs.mkdir(parents=True, exist_ok=True)
    _write_doc(docs / "intro", rng, {"title": "Welcome", "sidebar_position": 1}, "long")
    for position, (folder, label, generated, count) in enumerate(_DOC_FOLDERS, start=2):
        where = docs / folder
        where.mkdir(parents=True, exist_ok=True)
        category: dict[str, object] = {"label": label, "position": position}
        if generated:
            category["link"] = {"type": "generated-index", "description": _sentence(rng)}
        else:
            fields = {"title": label, "sidebar_position": 0}
            _write_doc(where / "index", rng, fields, "short")
        (where / "_category_.json").write_text(json.dumps(category, indent=2), encoding="utf-8")
        for n in range(count):
            title = _title(rng)
            slug = "-".join(title.lower().split()[:3])
            fields = {"title": title, "sidebar_position": n + 1}
            _write_doc(where / f"{slug}-{n}", rng, fields, rng.choice(kinds))


def _write_blog(blog: Path, rng: random.Random, posts: int = 40) -> None:
    blog.mkdir(parents=True, exist_ok=True)
    authors = [
        f"{key}:\n  name: {json.dumps(name)}\n  title: {json.dumps(title)}\n"
        f"  url: https://allotments.example/people/{key}\n  page: true\n"
        for key, (name, title) in _BLOG_AUTHORS.items()
    ]
    (blog / "authors.yml").write_text("".join(authors), encoding="utf-8")
    tags = [
        f"{key}:\n  label: {json.dumps(key.capitalize())}\n  permalink: /{key}\n"
        f"  description: {json.dumps(text)}\n"
        for key, text in _BLOG_TAGS.items()
    ]
    (blog / "tags.yml").write_text("".join(tags), encoding="utf-8")
    keys = list(_BLOG_AUTHORS)
    for n in range(posts):
        date = f"{2023 + n // 24}-{1 + n // 2 % 12:02d}-{1 + 13 * (n % 2) + n % 7:02d}"
        title = _title(rng)
        slug = "-".join(title.lower().split()[:4])
        fields: dict[str, object] = {
            "title": title,
            "authors": rng.sample(keys, 2 if rng.random() < 0.2 else 1),
            "tags": rng.sample(list(_BLOG_TAGS), rng.randint(1, 3)),
        }
        if rng.random() < 0.25:  # long, and cut on the list pages
            body = (
                f"{_paragraph(rng)}\n\n<!-- truncate -->\n\n{_fenced_body(rng, rng.randint(3, 6))}"
            )
        else:
            body = _fenced_body(rng, rng.randint(0, 2))
        if rng.random() < 0.15:
            body += f"\n{_admonition(rng)}"
        (blog / f"{date}-{slug}.md").write_text(_front(fields) + body, encoding="utf-8")


_INDEX_JS = """\
import React from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import styles from './index.module.css';

const SECTIONS = __SECTIONS__;

function Section({title, text, to}) {
  return (
    <div className={clsx('col col--4', styles.section)}>
      <Heading as="h3">{title}</Heading>
      <p>{text}</p>
      <Link to={to}>Read on</Link>
    </div>
  );
}

export default function Home() {
  const {siteConfig} = useDocusaurusContext();
  return (
    <Layout title="Home" description={siteConfig.tagline}>
      <header className={clsx('hero hero--primary', styles.banner)}>
        <div className="container">
          <Heading as="h1" className="hero__title">{siteConfig.title}</Heading>
          <p className="hero__subtitle">{siteConfig.tagline}</p>
          <div className={styles.actions}>
            <Link className="button button--secondary button--lg" to="/docs/intro">
              Read the handbook
            </Link>
          </div>
        </div>
      </header>
      <main>
        <section className={styles.sections}>
          <div className="container">
            <div className="row">
              {SECTIONS.map((props) => <Section key={props.title} {...props} />)}
            </div>
          </div>
        </section>
      </main>
    </Layout>
  );
}
"""

_INDEX_CSS = """\
.banner {
  padding: 4rem 0;
  text-align: center;
}

.actions {
  display: flex;
  justify-content: center;
}

.sections {
  padding: 2rem 0;
}

.section {
  margin-bottom: 1.5rem;
}
"""

_CONFIG = """\
// Written by the bench: an allotment society's handbook, blog and pages.
module.exports = {
  title: __TITLE__,
  tagline: __TAGLINE__,
  url: 'https://allotments.example',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  markdown: {
    format: 'detect',
    // The prose's images are hosted elsewhere: their URLs are kept as they are.
    hooks: {onBrokenMarkdownLinks: 'throw', onBrokenMarkdownImages: 'ignore'},
  },
  i18n: {defaultLocale: 'en', locales: ['en']},
  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.js',
          routeBasePath: 'docs',
        },
        blog: {
          routeBasePath: 'blog',
          showReadingTime: true,
          postsPerPage: 5,
          blogSidebarCount: 8,
          blogSidebarTitle: 'Recent posts',
          tags: 'tags.yml',
          authorsMapPath: 'authors.yml',
          onInlineTags: 'throw',
          onInlineAuthors: 'throw',
          onUntruncatedBlogPosts: 'ignore',
        },
        pages: {},
        sitemap: {},
        theme: {},
      },
    ],
  ],
  themeConfig: {
    navbar: {
      title: __TITLE__,
      items: [
        {type: 'docSidebar', sidebarId: 'handbook', position: 'left', label: 'Handbook'},
        {to: '/blog', label: 'News', position: 'left'},
        {to: '/about', label: 'About', position: 'right'},
        {to: '/seed-library', label: 'Seed library', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Handbook',
          items: [
            {label: 'Welcome', to: '/docs/intro'},
            {label: 'Tags', to: '/docs/tags'},
          ],
        },
        {
          title: 'News',
          items: [
            {label: 'Blog', to: '/blog'},
            {label: 'Archive', to: '/blog/archive'},
          ],
        },
        {
          title: 'Society',
          items: [
            {label: 'About', to: '/about'},
            {label: 'Volunteer', to: '/volunteer'},
          ],
        },
      ],
      copyright: 'Hazel Lane Allotment Society. Built with Docusaurus.',
    },
  },
};
"""

_SIDEBARS = """\
module.exports = {
  handbook: [{type: 'autogenerated', dirName: '.'}],
};
"""


def write_docusaurus_sources(root: Path, seed: int = 0) -> None:
    """The site's sources and ``package.json`` in ``root``, the same for a seed."""
    rng = random.Random(seed + 3100)
    for folder in ("docs", "blog", "src"):
        shutil.rmtree(root / folder, ignore_errors=True)
    root.mkdir(parents=True, exist_ok=True)
    write_package(root, "hazel-lane-handbook", "docusaurus build", NPM_PACKAGES)
    config = _CONFIG.replace("__TITLE__", json.dumps(_SITE)).replace(
        "__TAGLINE__", json.dumps(_TAGLINE)
    )
    (root / "docusaurus.config.js").write_text(config, encoding="utf-8")
    (root / "sidebars.js").write_text(_SIDEBARS, encoding="utf-8")
    _write_docs(root / "docs", rng)
    _write_blog(root / "blog", rng)
    pages = root / "src" / "pages"
    pages.mkdir(parents=True)
    sections = [
        {"title": "Handbook", "text": _sentence(rng), "to": "/docs/intro"},
        {"title": "News", "text": _sentence(rng), "to": "/blog"},
        {"title": "Seed library", "text": _sentence(rng), "to": "/seed-library"},
    ]
    index = _INDEX_JS.replace("__SECTIONS__", json.dumps(sections, indent=2))
    (pages / "index.js").write_text(index, encoding="utf-8")
    (pages / "index.module.css").write_text(_INDEX_CSS, encoding="utf-8")
    for n, title in enumerate(_MD_PAGES):
        slug = title.lower().replace(" ", "-")
        fields: dict[str, object] = {"title": title, "description": _sentence(rng)}
        if n == 0:
            fields["hide_table_of_contents"] = True
        text = _front(fields) + f"# {title}\n\n" + _fenced_body(rng, 1 + 2 * n)
        (pages / f"{slug}.md").write_text(text, encoding="utf-8")


def build_docusaurus(data: Path, seed: int = 0) -> Path:
    """Docusaurus' output folder for the handbook (built once into ``data``)."""
    root = data / "docusaurus"
    return _npm_site(
        root,
        root / "build",
        lambda: write_docusaurus_sources(root, seed),
        "docusaurus",
        ["docusaurus", "build"],
        "Docusaurus site needs Node.js 20+",
    )


_POST = re.compile(r"blog/\d{4}/\d{2}/\d{2}/[^/]+")
_SINGLE = {
    "docs/tags": "DocTagsListPage",
    "blog/tags": "BlogTagsListPage",
    "blog/authors": "BlogAuthorsListPage",
    "blog/archive": "BlogArchivePage",
}
_UNDER = {
    "docs/tags/": "DocTagDocListPage",
    "docs/category/": "DocCategoryGeneratedIndexPage",
    "blog/tags/": "BlogTagsPostsPage",
    "blog/authors/": "BlogAuthorsPostsPage",
}


def docusaurus_template_of(rel: str) -> str | None:
    """The theme component that renders a page, from where Docusaurus writes
    it (``None``: not a page, such as a script, a stylesheet or a feed).

    >>> [docusaurus_template_of(p) for p in ("index.html", "404.html", "about/index.html")]
    ['HomePage', 'NotFound', 'MDXPage']
    >>> [docusaurus_template_of(p) for p in ("blog/index.html", "blog/page/3/index.html")]
    ['BlogListPage', 'BlogListPage']
    >>> docusaurus_template_of("blog/2024/03/02/kale-and-chard/index.html")
    'BlogPostPage'
    >>> [docusaurus_template_of(p) for p in ("blog/tags/index.html", "blog/tags/soil/index.html")]
    ['BlogTagsListPage', 'BlogTagsPostsPage']
    >>> [docusaurus_template_of(p) for p in ("blog/tags/pests/page/2/index.html", "blog/archive/")]
    ['BlogTagsPostsPage', None]
    >>> [docusaurus_template_of(f"blog/{p}index.html") for p in ("archive/", "authors/tom/page/2/")]
    ['BlogArchivePage', 'BlogAuthorsPostsPage']
    >>> [docusaurus_template_of(f"docs/{p}/index.html") for p in ("soil/x-2", "tags", "tags/fruit")]
    ['DocItem', 'DocTagsListPage', 'DocTagDocListPage']
    >>> docusaurus_template_of("docs/category/fruit/index.html")
    'DocCategoryGeneratedIndexPage'
    >>> [docusaurus_template_of(p) for p in ("blog/rss.xml", "assets/js/main.js")]
    [None, None]
    """
    if rel == "404.html":
        return "NotFound"
    if rel == "index.html":
        return "HomePage"
    if not rel.endswith("/index.html") or rel.startswith(("assets/", "img/")):
        return None
    route = rel[: -len("/index.html")]
    if route in _SINGLE:
        return _SINGLE[route]
    for prefix, label in _UNDER.items():
        if route.startswith(prefix):
            return label
    if route.startswith("docs/") or route == "docs":
        return "DocItem"
    if route == "blog" or re.fullmatch(r"blog/page/\d+", route):
        return "BlogListPage"
    if _POST.fullmatch(route):
        return "BlogPostPage"
    if route.startswith("blog/"):
        return None
    return "MDXPage"


def docusaurus_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, template) of every page of the Docusaurus site."""
    return _html_pages(build_docusaurus(data), docusaurus_template_of)
