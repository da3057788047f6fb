"""A WordPress-like site for tests: HTML5 landmarks, per-page body classes,
editor blocks, optional widgets and comments (generated, no third-party content).

Templates: home, single post, static page, category archive, tag archive,
search results, author archive, 404. Body classes carry the page type, but also
per-page values (post id, category, slug) as real CMS themes print them.
"""

from __future__ import annotations

import random

CATEGORIES = ["news", "sports", "culture", "tech", "travel"]
WORDS = [
    "lorem",
    "ipsum",
    "dolor",
    "sit",
    "amet",
    "consectetur",
    "adipiscing",
    "elit",
    "sed",
    "do",
    "eiusmod",
    "tempor",
]


def _text(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def _blocks(rng: random.Random) -> str:
    out = []
    for _ in range(rng.randint(2, 8)):
        kind = rng.random()
        if kind < 0.5:
            out.append(f'<p class="wp-block-paragraph">{_text(rng, 14)}</p>')
        elif kind < 0.6:
            out.append(f'<h2 class="wp-block-heading">{_text(rng, 4)}</h2>')
        elif kind < 0.7:
            out.append(
                '<figure class="wp-block-image size-large"><img src="a.jpg" alt=""/>'
                f"<figcaption>{_text(rng, 5)}</figcaption></figure>"
            )
        elif kind < 0.8:
            items = "".join(f"<li>{_text(rng, 3)}</li>" for _ in range(rng.randint(2, 5)))
            out.append(f'<ul class="wp-block-list">{items}</ul>')
        elif kind < 0.9:
            out.append(
                '<div class="wp-block-columns"><div class="wp-block-column">'
                f'<p>{_text(rng, 8)}</p></div><div class="wp-block-column">'
                f"<p>{_text(rng, 8)}</p></div></div>"
            )
        else:
            out.append(
                f'<blockquote class="wp-block-quote"><p>{_text(rng, 10)}</p>'
                f"<cite>{_text(rng, 2)}</cite></blockquote>"
            )
    return "".join(out)


def _shell(rng: random.Random, body_class: str, main: str, *, home: bool = False) -> str:
    hero = '<div class="hero"><h2>Welcome</h2><p>Tagline</p></div>' if home else ""
    menu = "".join(
        f'<li class="menu-item menu-item-{i}{" current-menu-item" if rng.random() < 0.2 else ""}">'
        f'<a href="/{c}/">{c}</a></li>'
        for i, c in enumerate(CATEGORIES)
    )
    widgets = [
        '<section class="widget widget_search"><form role="search" class="search-form">'
        '<input type="search" name="s"/><button type="submit">Go</button></form></section>'
    ]
    if rng.random() < 0.7:
        recent = "".join(
            f'<li><a href="/p/{rng.randint(1, 99)}/">{_text(rng, 3)}</a></li>' for _ in range(5)
        )
        widgets.append(
            f'<section class="widget widget_recent_entries"><h2 class="widget-title">'
            f"Recent</h2><ul>{recent}</ul></section>"
        )
    if rng.random() < 0.4:
        tags = "".join(
            f'<a class="tag-cloud-link tag-link-{rng.randint(1, 50)}">t</a>' for _ in range(8)
        )
        widgets.append(
            f'<section class="widget widget_tag_cloud"><div class="tagcloud">{tags}</div></section>'
        )
    return (
        f'<!DOCTYPE html><html lang="en"><head><title>t</title>'
        f'<link rel="stylesheet" href="/wp-content/themes/t/style.css?ver=6.4"/></head>'
        f'<body class="{body_class}"><div id="page" class="site">'
        f'<header id="masthead" class="site-header"><div class="site-branding">'
        f'<p class="site-title"><a href="/">Site</a></p></div>{hero}'
        f'<nav id="site-navigation" class="main-navigation"><ul id="primary-menu" class="menu">'
        f"{menu}</ul></nav></header>"
        f'<div id="content" class="site-content"><main id="main" class="site-main">{main}</main>'
        f'<aside id="secondary" class="widget-area">{"".join(widgets)}</aside></div>'
        f'<footer id="colophon" class="site-footer"><div class="site-info">(c)</div></footer>'
        f"</div></body></html>"
    )


def _excerpts(rng: random.Random, n: int) -> str:
    return "".join(
        f'<article class="post-{rng.randint(1, 999)} post type-post status-publish hentry '
        f'category-{rng.choice(CATEGORIES)}"><header class="entry-header"><h2 class="entry-title">'
        f'<a href="/p/1/">{_text(rng, 5)}</a></h2></header><div class="entry-summary">'
        f"<p>{_text(rng, 20)}</p></div></article>"
        for _ in range(n)
    )


def build(seed: int = 11) -> list[tuple[dict, str]]:
    """Records in the JSONL shape with their template label."""
    rng = random.Random(seed)
    out: list[tuple[dict, str]] = []

    def add(path: list[str], template: str, html: str) -> None:
        out.append(
            (
                {
                    "id": "/" + "/".join(path),
                    "html": html,
                    "paths": path,
                    "stylesheetHrefs": ["/wp-content/themes/t/style.css"],
                    "host": "cms.example",
                },
                template,
            )
        )

    add(["index.html"], "home", _shell(rng, "home blog", _excerpts(rng, 6), home=True))
    for i in range(120):
        cat = rng.choice(CATEGORIES)
        comments = ""
        if rng.random() < 0.5:
            items = "".join(
                f'<li class="comment even thread-even depth-1" id="comment-{rng.randint(1, 9999)}">'
                f'<article class="comment-body"><p>{_text(rng, 9)}</p></article></li>'
                for _ in range(rng.randint(1, 4))
            )
            comments = f'<div id="comments" class="comments-area"><ol class="comment-list">{items}</ol></div>'
        main = (
            f'<article id="post-{i}" class="post-{i} post type-post status-publish format-standard '
            f'hentry category-{cat}"><header class="entry-header"><h1 class="entry-title">'
            f'{_text(rng, 6)}</h1><div class="entry-meta"><span class="posted-on">d</span></div>'
            f'</header><div class="entry-content">{_blocks(rng)}</div>'
            f'<footer class="entry-footer"><span class="cat-links">{cat}</span></footer></article>'
            f'<nav class="navigation post-navigation"><div class="nav-links"><div class="nav-previous">'
            f'<a href="#">p</a></div><div class="nav-next"><a href="#">n</a></div></div></nav>{comments}'
        )
        add(
            ["p", str(i), "index.html"],
            "single",
            _shell(
                rng,
                f"post-template-default single single-post postid-{i} single-format-standard "
                f"category-{cat}",
                main,
            ),
        )
    for i, slug in enumerate(
        ["about", "contact", "privacy", "team", "jobs", "faq", "press", "legal"]
    ):
        main = (
            f'<article id="post-{500 + i}" class="post-{500 + i} page type-page status-publish hentry">'
            f'<header class="entry-header"><h1 class="entry-title">{slug}</h1></header>'
            f'<div class="entry-content">{_blocks(rng)}</div></article>'
        )
        add(
            [slug, "index.html"],
            "page",
            _shell(rng, f"page-template-default page page-id-{500 + i} page-{slug}", main),
        )
    for cat in CATEGORIES:
        for n in range(1, 5):
            main = (
                f'<header class="page-header"><h1 class="page-title">{cat}</h1></header>'
                f"{_excerpts(rng, rng.randint(3, 10))}"
                f'<nav class="navigation pagination"><div class="nav-links"><span class="page-numbers">'
                f"{n}</span></div></nav>"
            )
            add(
                [cat, "page", str(n), "index.html"],
                "category",
                _shell(
                    rng,
                    f"archive category category-{cat} category-{CATEGORIES.index(cat) + 2}",
                    main,
                ),
            )
    for t in range(20):
        main = (
            f'<header class="page-header"><h1 class="page-title">Tag {t}</h1>'
            f'<div class="taxonomy-description"><p>{_text(rng, 8)}</p></div></header>'
            f"{_excerpts(rng, rng.randint(1, 6))}"
        )
        add(
            ["tag", f"t{t}", "index.html"],
            "tag",
            _shell(rng, f"archive tag tag-t{t} tag-{t + 10}", main),
        )
    for q in range(10):
        hits = _excerpts(rng, rng.randint(0, 7))
        main = '<header class="page-header"><h1 class="page-title">Search results</h1></header>' + (
            hits or '<section class="no-results not-found"><p>Nothing found.</p></section>'
        )
        add(["search", f"q{q}.html"], "search", _shell(rng, "search search-results", main))
    for a in range(8):
        main = (
            f'<header class="page-header"><h1 class="page-title">Author {a}</h1>'
            f'<div class="author-bio"><img class="avatar avatar-96" src="a.png"/><p>{_text(rng, 12)}</p>'
            f"</div></header>{_excerpts(rng, rng.randint(2, 6))}"
        )
        add(
            ["author", f"a{a}", "index.html"],
            "author",
            _shell(rng, f"archive author author-a{a} author-{a + 3}", main),
        )
    for e in range(3):
        main = (
            '<section class="error-404 not-found"><header class="page-header">'
            '<h1 class="page-title">Not found</h1></header><div class="page-content">'
            f"<p>{_text(rng, 10)}</p></div></section>"
        )
        add(["missing", f"{e}.html"], "404", _shell(rng, "error404", main))
    return out
