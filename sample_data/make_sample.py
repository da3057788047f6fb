#!/usr/bin/env python3
"""Generate the bundled sample crawl: a small fictional library website.

Provenance: every page is produced by this script from its own templates and a
seeded random text generator (no third-party content); the output is released,
like this script, under the project's MIT licence. Run it again to regenerate the
same bytes:

    python sample_data/make_sample.py            # writes sample_data/site.jsonl and labels.csv

The site mirrors its content under /en/, /ja/ and /fr/ and has 8 templates:
home, news article (some with a related-links aside), news list, event, staff
profile, search results, contact form and a sitemap. Chrome: a header with two
design variants, a main navigation that marks the current section, a footer.

Every internal link points at a page file that exists, and the sitemap lists all
pages, so a crawler started at the three language homes (``/en/index.html`` ...)
reaches the whole site when the pages are served as static files. Each page's
``<link rel="stylesheet">`` tags are exactly its ``stylesheetHrefs``.
"""

from __future__ import annotations

import csv
import html
import json
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
HOST = "library.example"
LANGS = {
    "en": {
        "home": "Home",
        "news": "News",
        "events": "Events",
        "staff": "Staff",
        "contact": "Contact",
        "search": "Search",
        "sitemap": "Sitemap",
        "related": "Related",
        "read": "Read more",
        "send": "Send",
        "results": "Results",
    },
    "ja": {
        "home": "ホーム",
        "news": "お知らせ",
        "events": "イベント",
        "staff": "スタッフ",
        "contact": "お問い合わせ",
        "search": "検索",
        "sitemap": "サイトマップ",
        "related": "関連記事",
        "read": "続きを読む",
        "send": "送信",
        "results": "検索結果",
    },
    "fr": {
        "home": "Accueil",
        "news": "Actualités",
        "events": "Événements",
        "staff": "Équipe",
        "contact": "Contact",
        "search": "Recherche",
        "sitemap": "Plan du site",
        "related": "À lire aussi",
        "read": "Lire la suite",
        "send": "Envoyer",
        "results": "Résultats",
    },
}
#: Where each main-navigation item points: a page that exists, so that a crawler
#: (``wget --mirror``) starting at a language home reaches every page.
SECTION_ENTRY = {
    "home": "/{lang}/index.html",
    "news": "/{lang}/news/page-0.html",
    "events": "/{lang}/events/0.html",
    "staff": "/{lang}/staff/0.html",
    "contact": "/{lang}/contact/index.html",
}
#: Pages per section, also listed in full on the sitemap.
SECTION_PAGES = {
    "news": [f"{i}.html" for i in range(40)] + [f"page-{n}.html" for n in range(4)],
    "events": [f"{i}.html" for i in range(20)],
    "staff": [f"{i}.html" for i in range(18)],
    "search": [f"q{i}.html" for i in range(6)],
}
SYLLABLES = [
    "ka",
    "lo",
    "mi",
    "ne",
    "ru",
    "sa",
    "ti",
    "vo",
    "el",
    "an",
    "or",
    "is",
    "ber",
    "gen",
    "tal",
    "mon",
    "ric",
    "fel",
    "dar",
    "sel",
]


def word(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 3)))


def sentence(rng: random.Random, n: int | None = None) -> str:
    words = [word(rng) for _ in range(n or rng.randint(5, 14))]
    return " ".join(words).capitalize() + "."


def paragraph(rng: random.Random) -> str:
    return " ".join(sentence(rng) for _ in range(rng.randint(2, 5)))


def body_blocks(rng: random.Random, n: int) -> str:
    """Free-form content: what varies from page to page inside one template."""
    out = []
    for _ in range(n):
        kind = rng.random()
        if kind < 0.55:
            out.append(f'<p>{html.escape(paragraph(rng))} <a href="/x">{word(rng)}</a>.</p>')
        elif kind < 0.7:
            items = "".join(
                f"<li>{html.escape(sentence(rng, 4))}</li>" for _ in range(rng.randint(2, 5))
            )
            out.append(f"<ul>{items}</ul>")
        elif kind < 0.8:
            rows = "".join(
                f"<tr><td>{word(rng)}</td><td>{rng.randint(1, 99)}</td></tr>"
                for _ in range(rng.randint(2, 4))
            )
            out.append(
                f'<table class="data"><thead><tr><th>{word(rng)}</th><th>#</th></tr></thead><tbody>{rows}</tbody></table>'
            )
        elif kind < 0.9:
            out.append(
                f'<figure><img src="/img/{word(rng)}.jpg" alt=""><figcaption>{html.escape(sentence(rng, 5))}</figcaption></figure>'
            )
        else:
            out.append(
                f"<h2>{html.escape(sentence(rng, 3))}</h2><blockquote><p>{html.escape(sentence(rng))}</p></blockquote>"
            )
    return "\n".join(out)


def header(lang: str, variant: int) -> str:
    t = LANGS[lang]
    if variant == 0:
        return (
            f'<header class="site-header"><a class="logo" href="/{lang}/index.html">Library</a>'
            f'<form class="search-box" role="search" action="/{lang}/search/">'
            f'<input type="search" name="q"><button type="submit">{t["search"]}</button></form></header>'
        )
    return (
        f'<header class="site-header site-header--campaign"><div class="banner"><p>{t["events"]}</p></div>'
        f'<a class="logo" href="/{lang}/index.html">Library</a>'
        f'<form class="search-box" role="search" action="/{lang}/search/">'
        f'<input type="search" name="q"><button type="submit">{t["search"]}</button></form></header>'
    )


def nav(lang: str, current: str) -> str:
    t = LANGS[lang]
    items = []
    for key in ("home", "news", "events", "staff", "contact"):
        cls = "nav-item current" if key == current else "nav-item"
        href = SECTION_ENTRY[key].format(lang=lang)
        items.append(f'<li class="{cls}"><a href="{href}">{t[key]}</a></li>')
    return f'<nav class="global-nav"><ul>{"".join(items)}</ul></nav>'


def footer(lang: str) -> str:
    t = LANGS[lang]
    return (
        f'<footer class="site-footer"><ul class="footer-links"><li><a href="/{lang}/sitemap/index.html">{t["sitemap"]}</a></li>'
        f'<li><a href="/{lang}/contact/index.html">{t["contact"]}</a></li></ul><p class="copyright">© Library</p></footer>'
    )


def stylesheets(extra_css: bool) -> list[str]:
    return ["/assets/site.css"] + (["/assets/news.css"] if extra_css else [])


def page(
    lang: str,
    title: str,
    current: str,
    main: str,
    rng: random.Random,
    aside: str = "",
    extra_css: bool = False,
) -> str:
    links = "".join(f'<link rel="stylesheet" href="{h}">' for h in stylesheets(extra_css))
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f"{links}</head><body>"
        f"{header(lang, 1 if rng.random() < 0.25 else 0)}{nav(lang, current)}"
        f'<div class="layout"><main>{main}</main>{aside}</div>{footer(lang)}</body></html>'
    )


def build() -> list[tuple[dict, str]]:
    rng = random.Random(20261129)
    records: list[tuple[dict, str]] = []

    def add(
        lang: str, path: list[str], template: str, html_text: str, extra_css: bool = False
    ) -> None:
        hrefs = stylesheets(extra_css)
        records.append(
            (
                {
                    "id": f"https://{HOST}/" + "/".join([lang, *path]),
                    "html": html_text,
                    "paths": [lang, *path],
                    "stylesheetHrefs": hrefs,
                    "host": HOST,
                },
                template,
            )
        )

    for lang, t in LANGS.items():
        # home
        tiles = "".join(
            f'<article class="tile"><h2><a href="/{lang}/news/{i}.html">{html.escape(sentence(rng, 4))}</a></h2></article>'
            for i in range(6)
        )
        add(
            lang,
            ["index.html"],
            "home",
            page(
                lang,
                t["home"],
                "home",
                f'<section class="hero"><h1>Library</h1><p>{html.escape(sentence(rng))}</p></section><section class="tiles">{tiles}</section>',
                rng,
            ),
        )
        # news articles
        for i in range(40):
            aside = ""
            if i % 3 == 0:
                links = "".join(
                    f'<li><a href="/{lang}/news/{(i + k) % 40}.html">{html.escape(sentence(rng, 4))}</a></li>'
                    for k in range(1, 4)
                )
                aside = f'<aside class="related"><h2>{t["related"]}</h2><ul>{links}</ul></aside>'
            main = (
                f'<article class="news-article"><header class="article-head"><h1>{html.escape(sentence(rng, 6))}</h1>'
                f'<p class="date">2026-{1 + i % 12:02d}-{1 + i % 28:02d}</p></header>'
                f'<div class="article-body">{body_blocks(rng, rng.randint(2, 9))}</div></article>'
            )
            add(
                lang,
                ["news", f"{i}.html"],
                "news-article",
                page(lang, sentence(rng, 4), "news", main, rng, aside, extra_css=True),
                extra_css=True,
            )
        # news list pages
        for n in range(4):
            items = "".join(
                f'<li class="news-item"><a href="/{lang}/news/{n * 10 + k}.html">{html.escape(sentence(rng, 5))}</a><p>{html.escape(sentence(rng))}</p></li>'
                for k in range(rng.randint(6, 10))
            )
            main = (
                f'<h1>{t["news"]}</h1><ul class="news-list">{items}</ul>'
                f'<nav class="pager" aria-label="pages"><a href="/{lang}/news/page-{n}.html">{n}</a><a href="/{lang}/news/page-{(n + 1) % 4}.html">{n + 1}</a></nav>'
            )
            add(
                lang,
                ["news", f"page-{n}.html"],
                "news-list",
                page(lang, t["news"], "news", main, rng, extra_css=True),
                extra_css=True,
            )
        # events
        for i in range(20):
            main = (
                f'<div class="event"><h1>{html.escape(sentence(rng, 4))}</h1><dl class="event-facts"><dt>Date</dt><dd>2026-03-{1 + i:02d}</dd>'
                f'<dt>Place</dt><dd>{word(rng)}</dd></dl><div class="event-desc">{body_blocks(rng, rng.randint(1, 4))}</div>'
                f'<a class="button" href="/{lang}/contact/index.html">{t["contact"]}</a></div>'
            )
            add(
                lang,
                ["events", f"{i}.html"],
                "event",
                page(lang, sentence(rng, 3), "events", main, rng),
            )
        # staff profiles
        for i in range(18):
            main = (
                f'<div class="profile"><img class="portrait" src="/img/s{i}.jpg" alt=""><h1>{word(rng).title()} {word(rng).title()}</h1>'
                f'<p class="role">{html.escape(sentence(rng, 3))}</p><div class="bio">{body_blocks(rng, rng.randint(1, 3))}</div></div>'
            )
            add(
                lang,
                ["staff", f"{i}.html"],
                "staff-profile",
                page(lang, t["staff"], "staff", main, rng),
            )
        # search results
        for i in range(6):
            hits = "".join(
                f'<li class="hit"><a href="/{lang}/news/{k}.html">{html.escape(sentence(rng, 4))}</a><p class="snippet">{html.escape(sentence(rng))}</p></li>'
                for k in range(rng.randint(0, 8))
            )
            main = (
                f'<h1>{t["results"]}</h1><form class="search-form" role="search"><input type="search" name="q"><button type="submit">{t["search"]}</button></form>'
                f'<ol class="hits">{hits}</ol>'
            )
            add(lang, ["search", f"q{i}.html"], "search", page(lang, t["search"], "", main, rng))
        # contact
        main = (
            f'<h1>{t["contact"]}</h1><form class="contact-form" method="post"><label>Name<input type="text" name="n"></label>'
            f'<label>Mail<input type="email" name="m"></label><textarea name="b"></textarea><button type="submit">{t["send"]}</button></form>'
        )
        add(
            lang,
            ["contact", "index.html"],
            "contact",
            page(lang, t["contact"], "contact", main, rng),
        )
        # sitemap
        groups = ""
        for k in ("news", "events", "staff"):
            files = SECTION_PAGES[k]
            subs = "".join(f'<li><a href="/{lang}/{k}/{f}">{word(rng)}</a></li>' for f in files[:3])
            subs += "".join(f'<li><a href="/{lang}/{k}/{f}">{f}</a></li>' for f in files[3:])
            groups += (
                f'<li><a href="{SECTION_ENTRY[k].format(lang=lang)}">{t[k]}</a><ul>{subs}</ul></li>'
            )
        searches = "".join(
            f'<li><a href="/{lang}/search/{f}">{f}</a></li>' for f in SECTION_PAGES["search"]
        )
        groups += f'<li><a href="/{lang}/search/q0.html">{t["search"]}</a><ul>{searches}</ul></li>'
        add(
            lang,
            ["sitemap", "index.html"],
            "sitemap",
            page(
                lang,
                t["sitemap"],
                "",
                f'<h1>{t["sitemap"]}</h1><ul class="sitemap">{groups}</ul>',
                rng,
            ),
        )
    return records


def main() -> None:
    records = build()
    with (HERE / "site.jsonl").open("w", encoding="utf-8", newline="\n") as fh:
        for rec, _ in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    with (HERE / "labels.csv").open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["id", "template"])
        for rec, template in records:
            w.writerow([rec["id"], template])
    print(f"wrote {len(records)} pages to {HERE / 'site.jsonl'}")


if __name__ == "__main__":
    main()
