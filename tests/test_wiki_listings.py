"""A wiki compiler's generated listings among its pages: one layout, two fillings.

A wiki compiler draws every page with one page template; what tells a tag
page from an article is what fills the content area: the writer's prose on
an article, a list of generated entries (a link and a date each, under feed
buttons) on a tag page, which has no prose at all. The tag pages live at
routes of their own (``/tags/<tag>/``), and the listing's blocks are on few
pages of the site, too few to be established structure.

Two pages of the site bridge the two kinds: the hand-written archive (a line
of prose over the same entries) and the blog (prose, feed buttons and the
newest posts in full). Each shows one of the tag page's parts beside prose,
so neither part is exclusive of the articles' text; yet a tag page is not an
article with its text left out. The container that holds prose on every
article holds the generated list instead, at other routes: two templates.

A two-sided test per seed: without the rule the tag pages join the articles.
"""

from __future__ import annotations

import random

from page_cluster.api.resolve import run_clustering

WORDS = [
    "kale",
    "bean",
    "mulch",
    "compost",
    "hedge",
    "pond",
    "frog",
    "thyme",
    "shed",
    "water",
    "seed",
    "frost",
]


def _words(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize()


def _prose(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randint(2, 6)):
        kind = rng.choice(["p", "p", "p", "h2", "ul", "table", "pre"])
        if kind == "p":
            parts.append(f"<p>{_words(rng, 18)}.</p>")
        elif kind == "h2":
            parts.append(f"<h2>{_words(rng, 3)}</h2>")
        elif kind == "ul":
            items = "".join(f"<li>{_words(rng, 4)}</li>" for _ in range(rng.randint(2, 5)))
            parts.append(f"<ul>{items}</ul>")
        elif kind == "table":
            rows = "".join(f"<tr><td>{_words(rng, 1)}</td><td>3</td></tr>" for _ in range(3))
            parts.append(f"<table><tr><th>crop</th><th>rows</th></tr>{rows}</table>")
        else:
            parts.append("<pre>water(bed, litres=4)</pre>")
    if not parts[0].startswith("<p>"):
        parts.insert(0, f"<p>{_words(rng, 12)}.</p>")
    if rng.random() < 0.2:
        parts.insert(1, '<div class="notebox"><p>Mind the frost.</p></div>')
    return "".join(parts)


def _feeds() -> str:
    return (
        '<div class="feedlink"><a class="feedbutton" href="index.rss">RSS</a>'
        '<a class="feedbutton" href="index.atom">Atom</a></div>'
    )


def _entries(rng: random.Random, n: int) -> str:
    return "".join(
        f'<div class="archivepage"><a href="/blog/p{rng.randrange(40)}/">{_words(rng, 3)}</a>'
        f'<br><span class="archivepagedate">Posted <span class="date">Mon 05 Feb</span>'
        "</span></div>"
        for _ in range(n)
    )


def _inlined(rng: random.Random, n: int) -> str:
    return "".join(
        f'<div class="inlinepage"><div class="inlineheader"><span class="header">'
        f'<a href="/blog/p{k}/">{_words(rng, 3)}</a></span></div>'
        f'<div class="inlinecontent">{_prose(rng)}</div><div class="inlinefooter">'
        f'<span class="pagedate">Posted <span class="date">Tue 29 Oct</span></span></div></div>'
        for k in range(n)
    )


def _page(path: str, title: str, content: str, footer: str = "") -> dict:
    crumbs = "".join(f'<a href="/{p}/">{p}</a>/ ' for p in path.strip("/").split("/")[:-1])
    html = (
        '<html><head><link rel="stylesheet" href="/style.css"></head><body><div class="page">'
        f'<div class="pageheader"><div class="header"><span><span class="parentlinks">'
        f'<a href="/">Allotments</a>/ {crumbs}</span><span class="title">{title}</span></span></div>'
        '<div class="actions"><ul><li><a href="/recentchanges/">RecentChanges</a></li>'
        f'<li><a href="/log/{path}">History</a></li></ul></div></div>'
        '<div class="sidebar"><ul><li><a href="/">Home</a></li><li><a href="/growing/">Growing'
        '</a></li><li><a href="/blog/">News</a></li><li><a href="/tags/">Tags</a></li></ul></div>'
        f'<div id="pagebody"><div id="content" role="main">{content}</div></div>'
        f'<div id="footer" class="pagefooter" role="contentinfo"><div id="pageinfo">{footer}'
        '<div class="pagedate">Last edited <span class="date">Sun 28 Apr</span></div></div></div>'
        "</div></body></html>"
    )
    return {"url": f"https://wiki.example/{path.strip('/')}/", "html": html}


def wiki_site(seed: int) -> tuple[list[dict], list[str]]:
    """Pages and their kinds: articles (wiki pages and blog posts, one
    template), tag pages, the archive and the blog."""
    rng = random.Random(seed)
    pages, kinds = [], []
    folders = ["growing", "soil", "plots", "wildlife", "tools"]
    for k in range(40):
        pages.append(_page(f"{rng.choice(folders)}/page-{k}", _words(rng, 3), _prose(rng)))
        kinds.append("article")
    for k in range(14):
        tags = "".join(f'<a href="/tags/{t}/" rel="tag">{t}</a>' for t in rng.sample(WORDS, 2))
        footer = f'<div class="tags">Tags: {tags}</div>'
        pages.append(_page(f"blog/p{k}", _words(rng, 3), _prose(rng), footer))
        kinds.append("article")
    for tag in WORDS[:9]:
        backlinks = '<div id="backlinks">Links: <a href="/blog/p1/">blog/p1</a></div>'
        content = _feeds() + _entries(rng, rng.randint(1, 6))
        pages.append(_page(f"tags/{tag}", f"pages tagged {tag}", content, backlinks))
        kinds.append("tag")
    intro = f"<p>{_words(rng, 10)}.</p>"
    pages.append(_page("archives", "Archives", intro + _entries(rng, 20)))
    kinds.append("archive")
    pages.append(_page("blog", "News", intro + _feeds() + _inlined(rng, 6)))
    kinds.append("blog")
    order = list(range(len(pages)))
    rng.shuffle(order)
    return [pages[k] for k in order], [kinds[k] for k in order]


def _keys_of(pages: list[dict], kinds: list[str], kind: str, keys: list[str]) -> set[str]:
    return {k for k, t in zip(keys, kinds, strict=True) if t == kind}


def test_tag_pages_are_not_articles_without_text() -> None:
    for seed in range(3):
        pages, kinds = wiki_site(seed)
        keys = list(run_clustering(pages).page_keys)
        tag_keys = _keys_of(pages, kinds, "tag", keys)
        article_keys = _keys_of(pages, kinds, "article", keys)
        assert len(tag_keys) == 1, (seed, tag_keys)
        assert len(article_keys) == 1, (seed, article_keys)
        assert tag_keys.isdisjoint(article_keys), seed
