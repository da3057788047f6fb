"""A small synthetic site for content tests: one template, varied articles."""

from __future__ import annotations

WORDS = [
    "river",
    "mountain",
    "library",
    "harbour",
    "garden",
    "lantern",
    "orchard",
    "meadow",
    "bridge",
    "castle",
    "village",
    "market",
    "winter",
    "summer",
    "candle",
    "window",
    "forest",
    "valley",
    "island",
    "station",
]

NAV = (
    '<header class="site-header"><a href="/">Home</a> <a href="/news">News</a> '
    '<a href="/about">About us</a> <a href="/contact">Contact</a></header>'
)
SIDEBAR = (
    '<aside class="sidebar"><h3>Popular</h3><ul>'
    '<li><a href="/p/1">The best gardens of the year</a></li>'
    '<li><a href="/p/2">Ten bridges worth a visit</a></li>'
    '<li><a href="/p/3">Winter markets, ranked</a></li></ul></aside>'
)
FOOTER = '<footer class="site-footer"><p>Copyright 2024 Example. All rights reserved.</p></footer>'


def sentence(i: int, j: int) -> str:
    words = [WORDS[(i * 997 + j * 61 + k * 13) % len(WORDS)] for k in range(14)]
    return (" ".join(words[:7]) + ", " + " ".join(words[7:]) + ".").capitalize()


def article(i: int, paragraphs: int = 3) -> tuple[str, str]:
    """HTML of article ``i`` and its main text."""
    title = f"Story number {i} about the {WORDS[i % len(WORDS)]}"
    paras = [" ".join(sentence(i, j * 4 + k) for k in range(4)) for j in range(paragraphs)]
    html = f"<article><h1>{title}</h1>" + "".join(f"<p>{p}</p>" for p in paras) + "</article>"
    return html, " ".join([title, *paras])


def page(i: int, paragraphs: int = 3) -> tuple[dict, str]:
    body, text = article(i, paragraphs)
    html = (
        f"<html><head><title>Story {i} | Example</title></head><body>{NAV}"
        f'<div class="layout"><main class="content">{body}</main>{SIDEBAR}</div>{FOOTER}'
        "</body></html>"
    )
    return {
        "id": f"p{i}",
        "html": html,
        "paths": ["news", str(i)],
        "stylesheetHrefs": ["/a.css"],
    }, text


def site(n: int = 8) -> tuple[list[dict], list[str]]:
    pages, texts = zip(*(page(i, 2 + i % 3) for i in range(n)), strict=True)
    return list(pages), list(texts)
