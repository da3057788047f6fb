"""classless_blog -- a blog on a classless theme: semantic HTML5, no class or id.

Minimal static-site themes (and their many forks) style bare elements only:
``<header>``, ``<nav>``, ``<main>``, ``<article>``, ``<footer>``. Nothing on a
page names its template, so only the arrangement of the elements tells them
apart. Templates:

* ``post`` -- a post: ``main > article`` with its header, the Markdown body
  straight inside the article (paragraphs, headings, lists, code, quotes),
  and a footer with the date, the author and the tags.
* ``listing`` -- the index, its later pages and the tag pages: a heading,
  then one ``article`` per post with its header, its summary inside a
  ``section`` and a footer, then page links in a ``nav`` when there are more.
* ``page`` -- a stand-alone page (about, contact): a title and the body
  straight inside ``main``.

Posts are just under half the pages that have an ``article``: a post's
paragraphs are on fewer than half of those pages, while the listings carry
their text inside summaries.
"""

from __future__ import annotations

import random

from ._common import Text, dates_back, esc, fmt_date, record, unique_slugs

HOST = "quietriver.example"
NOUNS = ["river", "heron", "reed", "weir", "mill", "towpath", "lock", "barge", "willow"]
TAGS = ["walks", "birds", "history", "maps", "weather", "boats", "mills", "flood"]
PER_PAGE = 3
CSS = ["/theme/css/classless.css"]


def _chrome(title: str, main: str) -> str:
    nav = "".join(
        f'<li><a href="{href}">{name}</a></li>'
        for href, name in (("/", "Home"), ("/about/", "About"), ("/contact/", "Contact"))
    )
    return (
        '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8">'
        f"<title>{esc(title)} · Quiet River</title>"
        '<link rel="stylesheet" href="/theme/css/classless.css"></head>\n<body>\n'
        f'<header><hgroup><h1><a href="/">Quiet River</a></h1></hgroup><nav><ul>{nav}</ul></nav>'
        f"</header>\n<main>\n{main}\n</main>\n"
        '<footer><p>Proudly written by hand. <a href="/feeds/all.atom.xml">Atom</a></p></footer>\n'
        "</body>\n</html>\n"
    )


def _body(rng: random.Random, t: Text) -> str:
    parts = [f"<p>{esc(t.para())}</p>"]
    for _ in range(rng.randint(0, 4)):
        parts.append(f"<h2>{esc(t.title(2, 4))}</h2>")
        for _ in range(rng.randint(1, 3)):
            roll = rng.random()
            if roll < 0.15:
                items = "".join(f"<li>{esc(t.sentence())}</li>" for _ in range(rng.randint(2, 5)))
                parts.append(f"<ul>{items}</ul>")
            elif roll < 0.22:
                parts.append(f"<blockquote><p>{esc(t.sentence())}</p></blockquote>")
            elif roll < 0.28:
                parts.append("<pre><code>walk --from weir --to mill\n</code></pre>")
            elif roll < 0.34:
                parts.append(f'<p><img alt="" src="/images/{rng.randint(1, 30)}.jpg"></p>')
            else:
                parts.append(f"<p>{esc(t.para())}</p>")
    return "\n".join(parts)


def _summary_article(post: dict) -> str:
    return (
        f'<article>\n<header><h2><a href="/{post["slug"]}/" rel="bookmark">'
        f"{esc(post['title'])}</a></h2></header>\n"
        f"<section><p>{esc(post['summary'])}</p></section>\n"
        f'<footer><p>Published: <time datetime="{post["date"].isoformat()}">'
        f"{fmt_date(post['date'])}</time></p><address>By {esc(post['author'])}</address></footer>\n"
        "</article>"
    )


def _listing(url: str, heading: str, posts: list[dict], page: int, pages: int) -> tuple[dict, str]:
    arts = "\n".join(_summary_article(p) for p in posts)
    nav = ""
    if pages > 1:
        links = []
        if page > 1:
            links.append(f'<a href="{url}{"" if page == 2 else f"page/{page - 1}/"}">Newer</a>')
        links.append(f"Page {page} / {pages}")
        if page < pages:
            links.append(f'<a href="{url}page/{page + 1}/">Older</a>')
        nav = f"\n<nav><p>{' '.join(links)}</p></nav>"
    main = f"<h2>{esc(heading)}</h2>\n{arts}{nav}"
    path = url if page == 1 else f"{url}page/{page}/"
    return record(HOST, path, _chrome(heading, main), CSS), "listing"


def build(seed: int = 0) -> list[tuple[dict, str]]:
    rng = random.Random(seed + 9100)
    t = Text(rng, "en", NOUNS)
    n_posts = 9 + seed % 2
    titles = [t.title(3, 6) for _ in range(n_posts)]
    dates = dates_back(rng, n_posts)
    posts = [
        {
            "title": title,
            "slug": slug,
            "date": d,
            "author": rng.choice(["Ada Marsh", "Owen Reed"]),
            "tags": rng.sample(TAGS, rng.randint(1, 3)),
            "summary": t.sentences(1, 2),
        }
        for title, slug, d in zip(titles, unique_slugs(titles), dates, strict=True)
    ]
    out: list[tuple[dict, str]] = []
    for post in posts:
        tags = ", ".join(f'<a href="/tag/{tag}/">{tag}</a>' for tag in post["tags"])
        main = (
            f'<article>\n<header><h2><a href="/{post["slug"]}/" rel="bookmark">'
            f"{esc(post['title'])}</a></h2></header>\n{_body(rng, t)}\n"
            f'<footer><p>Published: <time datetime="{post["date"].isoformat()}">'
            f"{fmt_date(post['date'])}</time></p><address>By {esc(post['author'])}</address>"
            f"<p>Tags: {tags}</p></footer>\n</article>"
        )
        out.append((record(HOST, f"/{post['slug']}/", _chrome(post["title"], main), CSS), "post"))
    pages = -(-len(posts) // PER_PAGE)
    for k in range(pages):
        chunk = posts[k * PER_PAGE : (k + 1) * PER_PAGE]
        out.append(_listing("/", "All articles", chunk, k + 1, pages))
    for tag in TAGS:
        tagged = [p for p in posts if tag in p["tags"]]
        if tagged:
            out.append(_listing(f"/tag/{tag}/", f"Articles tagged {tag}", tagged[:PER_PAGE], 1, 1))
    for name in ("about", "contact"):
        main = f"<h1>{name.title()}</h1>\n{_body(rng, t)}"
        out.append((record(HOST, f"/{name}/", _chrome(name.title(), main), CSS), "page"))
    return out
