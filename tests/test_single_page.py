"""The per-page path (pages without same-template siblings) on article pages."""

from __future__ import annotations

import re
from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from page_cluster.content.blocks import segment_html
from page_cluster.content.extract import ExtractOptions, extract_main_content
from page_cluster.content.features import block_stats
from page_cluster.content.single_page import single_page_keep

from .article_pages import ArticlePage, article_pages
from .test_properties import html_soup

PAGES = article_pages()


def _shingles(text: str) -> Counter:
    tokens = re.findall(r"\w+", text)
    return Counter(tuple(tokens[i : i + 4]) for i in range(max(1, len(tokens) - 3)))


def _precision(truth: str, pred: str) -> float:
    t, p = _shingles(truth), _shingles(pred)
    return sum((t & p).values()) / max(sum(p.values()), 1)


#: These tests pin the own per-page rules, whichever reader is the default.
OWN_RULES = ExtractOptions(per_page="single-page")


def _alone(html: str) -> str:
    [r] = extract_main_content([{"id": "p", "html": html}], cluster_keys=[None], options=OWN_RULES)
    assert r.siblings == 0
    assert r.extractor == "single-page"
    return r.main_text


def _norm(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_article_body_is_kept_and_furniture_dropped(page: ArticlePage):
    text = _alone(page.html)
    for paragraph in page.body:
        assert _norm(paragraph) in text
    leaked = [c for c in page.chrome if c in text]
    assert leaked == []
    # What the rules are known to keep must stay small against the body.
    assert _precision(page.body_text, text) >= 0.9


def test_known_leftovers_are_still_there():
    # If a change removes these, move them to the page's chrome list.
    for page in PAGES:
        text = _alone(page.html)
        for left in page.kept_anyway:
            assert left in text, (page.name, left)


def _page(body: str, title: str = "Page") -> str:
    return f"<html><head><title>{title}</title></head><body>{body}</body></html>"


PROSE = [
    f"Paragraph {i} of the story, with commas, clauses and a full stop, as prose has it, "
    "long enough to count as a paragraph of its own for the reader. " * 2
    for i in range(6)
]


def test_furniture_inside_the_article_is_removed():
    html = _page(
        '<div class="story">'
        + "".join(f"<p>{p}</p>" for p in PROSE[:3])
        + '<div class="newsletter-signup"><p>Sign up, today, for our letter: news, views, '
        "offers, and more, every single morning, straight to you.</p></div>"
        + "".join(f"<p>{p}</p>" for p in PROSE[3:])
        + "</div>"
    )
    text = _alone(html)
    assert "Sign up" not in text
    assert all(_norm(p) in text for p in PROSE)


def test_headline_and_byline_are_not_body_text():
    html = _page(
        '<article><h1>Harbour wall to be rebuilt</h1><p class="byline">By Tom Berg</p>'
        + "".join(f"<p>{p}</p>" for p in PROSE)
        + "</article>",
        title="Harbour wall to be rebuilt | Gazette",
    )
    text = _alone(html)
    assert "Harbour wall" not in text and "Tom Berg" not in text
    assert text.startswith("Paragraph 0")


def test_data_table_stays_and_link_table_goes():
    rows = "".join(f"<tr><td>City {i}</td><td>{i * 1000}</td><td>{i}%</td></tr>" for i in range(12))
    links = "".join(f'<tr><td><a href="/x/{i}">Other story {i}</a></td></tr>' for i in range(3))
    html = _page(
        '<div class="entry">'
        + "".join(f"<p>{p}</p>" for p in PROSE[:3])
        + f"<table><tr><th>City</th><th>People</th><th>Share</th></tr>{rows}</table>"
        + f"<table>{links}</table>"
        + "".join(f"<p>{p}</p>" for p in PROSE[3:])
        + "</div>"
    )
    text = _alone(html)
    assert "City 11 11000 11%" in text
    assert "Other story" not in text


def test_hidden_text_is_not_read():
    html = _page(
        "<div>"
        + "".join(f"<p>{p}</p>" for p in PROSE)
        + '<p style="display:none">A hidden paragraph, with commas, that nobody can see '
        "on the page, however long it may be, and it is long.</p></div>"
    )
    assert "hidden paragraph" not in _alone(html)


def test_content_in_a_furniture_named_block_is_found_on_retry():
    # The only prose sits in a block whose name says "extra": the first reading
    # finds nothing, the retry without furniture-name removal finds it.
    html = _page(
        '<div class="menu"><a href="/">Home</a> <a href="/a">About</a></div>'
        '<div class="extra-text">' + "".join(f"<p>{p}</p>" for p in PROSE) + "</div>"
    )
    text = _alone(html)
    assert all(_norm(p) in text for p in PROSE)
    assert "About" not in text


def test_near_equal_containers_are_read_together():
    # An article cut into several equal parts (by ads between them): their common
    # ancestor is the content, not the first part alone.
    parts = "".join(
        f'<div class="part"><p>{PROSE[i]}</p><p>{PROSE[i + 1]}</p></div>'
        '<div class="slot"><img src="/ad.gif"></div>'
        for i in range(0, 6, 2)
    )
    html = _page(f'<div class="layout"><div class="wrap">{parts}</div></div>')
    text = _alone(html)
    assert all(_norm(p) in text for p in PROSE)


def _article_with_list(items: str) -> str:
    """The prose with a list of ``items`` after its third paragraph."""
    return _page(
        '<div class="article">'
        + "".join(f"<p>{p}</p>" for p in PROSE[:3])
        + f"<ul>{items}</ul>"
        + "".join(f"<p>{p}</p>" for p in PROSE[3:])
        + "</div>"
    )


def test_related_link_list_inside_the_body_is_dropped():
    items = "".join(
        f'<li><a href="/s/{i}">A related story with a long headline, number {i}</a></li>'
        for i in range(4)
    )
    html = _article_with_list(items)
    text = _alone(html)
    assert "related story" not in text
    assert all(_norm(p) in text for p in PROSE)


def test_prose_list_inside_the_body_is_kept():
    items = "".join(
        f"<li>Point {i}: a plain sentence, without links, that the story lists.</li>"
        for i in range(4)
    )
    html = _article_with_list(items)
    assert "Point 3: a plain sentence" in _alone(html)


def _story(*inserts: str, title: str = "Page") -> str:
    """The prose in an article element, ``inserts[i]`` after paragraph ``i``."""
    parts = []
    for i, p in enumerate(PROSE):
        parts.append(f"<p>{p}</p>")
        if i < len(inserts):
            parts.append(inserts[i])
    return _page(
        f'<article class="post"><div class="post-body">{"".join(parts)}</div></article>', title
    )


def test_captions_and_picture_boxes_between_paragraphs_are_dropped():
    html = _story(
        '<figure class="wp-block-image"><img src="/a.jpg"><figcaption>The quay at dawn, '
        "before the storm. Photo: A. Photographer</figcaption></figure>",
        '<div class="article-image"><img src="/b.jpg"><p class="image-caption">Fishermen mend '
        "their nets on the slipway</p></div>",
        '<div class="photo"><img src="/c.jpg"><div>Credit: Harbour Archive, 1987</div></div>',
        '<p class="caption">Boats moored in the inner harbour, last winter.</p>',
    )
    text = _alone(html)
    for gone in ("The quay at dawn", "Fishermen mend", "Harbour Archive", "Boats moored"):
        assert gone not in text
    assert all(_norm(p) in text for p in PROSE)


def test_figures_of_code_and_data_stay_and_a_figure_of_links_goes():
    rows = "".join(
        f"<tr><td>Pier {i}</td><td>{i * 12} m</td><td>{1900 + i}</td></tr>" for i in range(5)
    )
    html = _story(
        "<figure><pre>wall = rebuild(harbour, granite=True)</pre>"
        "<figcaption>Listing 1</figcaption></figure>",
        f"<figure class='wp-block-table'><table><tr><th>Pier</th><th>Length</th><th>Built</th>"
        f"</tr>{rows}</table></figure>",
        "<figure class='wp-block-table'><table><tr><td><a href='/s/1'>Read also: how the old "
        "wall was built, a century ago</a></td></tr></table></figure>",
    )
    text = _alone(html)
    assert "wall = rebuild(harbour, granite=True)" in text
    assert "Pier 4 48 m 1904" in text
    assert "Read also" not in text


def test_the_article_header_and_headline_are_dropped_whatever_the_title():
    # The document title differs from the headline: the article's own header
    # (kicker, headline, standfirst, date) is still not body text.
    html = _page(
        '<main><article><header class="article-head"><p class="kicker">Weather</p>'
        "<h1>Storm spares the coast</h1><p>Forecasters had feared the worst for the night.</p>"
        '</header><div class="article-text">'
        + "".join(f"<p>{p}</p>" for p in PROSE)
        + "</div></article></main>",
        title="Home page of the Coast Gazette",
    )
    text = _alone(html)
    assert "Storm spares" not in text and "Forecasters had feared" not in text
    assert text.startswith("Paragraph 0")


def test_dates_ad_slots_and_author_bios_are_furniture():
    html = _page(
        '<div class="story"><div class="post-date">Sunday, 3 March 2024, 14:32</div>'
        '<p class="timestamp">Updated 16:05</p>'
        + "".join(f"<p>{p}</p>" for p in PROSE[:3])
        + '<div class="ad-container"><p>Sponsored: the new season of gardening gloves, soft, '
        "strong and washable, now in shops, with free delivery.</p></div>"
        + "".join(f"<p>{p}</p>" for p in PROSE[3:])
        + '<div class="author-bio"><p>Tom Berg has covered the harbour, the council and the '
        "island ferries for the paper since 2009, and lives on the quay.</p></div></div>"
    )
    text = _alone(html)
    for gone in ("3 March 2024", "Updated 16:05", "gardening gloves", "Tom Berg"):
        assert gone not in text
    assert all(_norm(p) in text for p in PROSE)


def test_a_picture_story_is_read_on_retry():
    # A page whose only text is short captions of pictures is not emptied: the
    # retry without furniture-name removal brings them back.
    html = _page(
        '<div class="gallery">'
        + "".join(
            f'<div class="photo"><img src="/{i}.jpg"><p class="caption">Picture {i}: the '
            f"harbour wall, seen from the north pier, on a calm day in June.</p></div>"
            for i in range(3)
        )
        + "</div>"
    )
    assert "Picture 2: the harbour wall" in _alone(html)


def _alone_bytes(data: bytes) -> str:
    [r] = extract_main_content([{"id": "p", "html": data}], cluster_keys=[None])
    return r.main_text


QUOTED = (
    "\u201cWe dodged a bullet,\u201d said the spokesman of the caf\u00e9 owners\u2019 association, "
    "as the storm passed the town without the damage that forecasters had feared. "
)


def test_utf8_bytes_with_a_late_meta_charset_are_read_as_utf8():
    # News pages often carry tens of kilobytes of inline style before their meta
    # charset, with a non-ASCII character in it: the parser's own sniffing has
    # then settled on windows-1252 and reads the UTF-8 text as mojibake.
    style = "<style>.more::after{content:'\u2192'}" + ".c{color:red}" * 4000 + "</style>"
    html = (
        f'<html><head>{style}<meta charset="utf-8"><title>Storm</title></head><body>'
        f'<div class="story"><p>{QUOTED * 3}</p><p>{QUOTED * 2}</p></div></body></html>'
    )
    text = _alone_bytes(html.encode("utf-8"))
    assert _norm(QUOTED) in text
    assert "\u00e2\u20ac" not in text  # no mojibake of the quotes


def test_declared_and_legacy_charsets_of_bytes_are_honoured():
    body = f'<div class="story"><p>{QUOTED * 3}</p><p>{QUOTED * 2}</p></div>'
    declared = f'<html><head><meta charset="windows-1252"></head><body>{body}</body></html>'
    assert _norm(QUOTED) in _alone_bytes(declared.encode("cp1252"))
    # Undeclared and not valid UTF-8: the web's legacy default.
    undeclared = f"<html><body>{body}</body></html>"
    assert _norm(QUOTED) in _alone_bytes(undeclared.encode("cp1252"))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(html_soup())
def test_per_page_path_never_crashes_on_tag_soup(html):
    pb = segment_html(html, mark_unseen=True)
    kept = single_page_keep(pb, block_stats(pb), pb.title)
    assert kept.dtype == np.bool_ and len(kept) == len(pb)
    [r] = extract_main_content([{"html": html}], cluster_keys=[None])
    assert isinstance(r.main_text, str)
