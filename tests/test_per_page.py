"""Pages without same-template siblings: the chosen reader, its text on the blocks."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from page_cluster.content import per_page
from page_cluster.content.blocks import segment_html
from page_cluster.content.extract import ExtractOptions, extract_main_content
from page_cluster.content.per_page import (
    EXTRACTORS,
    decode_for_reader,
    project_text,
    resolve_per_page,
    trafilatura_text,
)
from page_cluster.content.render import annotated_html

from .content_site import FOOTER, NAV, SIDEBAR, page
from .test_properties import html_soup


def _one(html, **options):
    [r] = extract_main_content(
        [{"id": "p", "html": html}], cluster_keys=[None], options=ExtractOptions(**options)
    )
    return r


def test_default_reader_of_a_page_alone_is_trafilatura():
    # trafilatura is a dependency: the default (``auto``) must use it.
    assert per_page.trafilatura_available()
    assert resolve_per_page("auto") == "trafilatura"
    rec, text = page(7)
    r = _one(rec["html"])
    assert r.extractor == "trafilatura" and r.siblings == 0
    assert text.split(" ", 6)[6] in r.main_text
    for chrome in ("About us", "Ten bridges worth a visit", "All rights reserved"):
        assert chrome not in r.main_text


def test_a_cluster_of_one_inside_a_crawl_gets_the_per_page_reader():
    # Three pages of one template and one page alone: only the lone one is read
    # by the per-page reader, and each result says which reader it had.
    pages = [page(i)[0] for i in range(4)]
    results = extract_main_content(pages, cluster_keys=["a", "a", "a", "b"])
    assert [(r.extractor, r.siblings) for r in results] == [("template", 2)] * 3 + [
        ("trafilatura", 0)
    ]
    own = extract_main_content(
        pages, cluster_keys=["a", "a", "a", "b"], options=ExtractOptions(per_page="single-page")
    )
    assert [r.extractor for r in own] == ["template"] * 3 + ["single-page"]
    # The template path is the same whatever the per-page reader is.
    assert [r.main_text for r in own[:3]] == [r.main_text for r in results[:3]]


def test_blocks_of_a_trafilatura_page_follow_its_text():
    rec, _ = page(3)
    r = _one(rec["html"])
    pb = r.blocks
    kept_paths = {pb.paths[b] for b in np.flatnonzero(r.kept).tolist() if pb.own_text(b)}
    assert any(p.endswith("article>p") for p in kept_paths)
    assert not any("site-header" in p or "sidebar" in p or "site-footer" in p for p in kept_paths)
    records = r.block_records()
    assert any(b["main"] for b in records) and any(not b["main"] for b in records)
    # The annotated view colours from the same mask (and drops scripts).
    html = annotated_html(rec["html"] + "<script>alert(1)</script>", r)
    assert "<script" not in html.lower()


def test_falls_back_to_the_own_rules_when_trafilatura_finds_nothing(monkeypatch):
    rec, text = page(5)
    monkeypatch.setattr(per_page, "trafilatura_text", lambda html: None)
    monkeypatch.setattr("page_cluster.content.extract.trafilatura_text", lambda html: None)
    r = _one(rec["html"])
    assert r.extractor == "single-page"
    assert text.split(" ", 6)[6] in r.main_text


def test_falls_back_when_trafilatura_is_missing(monkeypatch):
    monkeypatch.setattr(per_page, "trafilatura_available", lambda: False)
    assert resolve_per_page("auto") == "single-page"
    assert trafilatura_text("<p>anything at all here</p>") is None
    rec, _ = page(2)
    assert _one(rec["html"]).extractor == "single-page"


def test_a_failing_library_never_ends_a_run(monkeypatch):
    import trafilatura

    def boom(*args, **kwargs):
        raise RuntimeError("library failure")

    monkeypatch.setattr(trafilatura, "extract", boom)
    assert trafilatura_text("<p>text</p>") is None
    rec, _ = page(1)
    assert _one(rec["html"]).extractor == "single-page"


def test_unknown_reader_is_refused():
    with pytest.raises(ValueError, match="per_page"):
        resolve_per_page("readability")
    with pytest.raises(ValueError, match="per_page"):
        _one("<p>x</p>", per_page="readability")


def test_bytes_are_decoded_as_the_readers_decode_them():
    html = '<html><head><meta charset="windows-1252"></head><body><p>caf\u00e9</p></body></html>'
    assert "caf\u00e9" in decode_for_reader(html.encode("cp1252"))
    assert decode_for_reader("<p>x</p>") == "<p>x</p>"
    # Not text at all: still a string, never an exception.
    assert isinstance(decode_for_reader(bytes(range(256)) * 8), str)


def test_project_text_keeps_blocks_whose_text_is_in_the_extraction():
    html = (
        f"<html><body>{NAV}<main><p>The first paragraph is the story itself.</p>"
        "<p>A second paragraph carries on with it.</p></main>"
        f"{SIDEBAR}{FOOTER}</body></html>"
    )
    pb = segment_html(html)
    kept = project_text(pb, "The first paragraph is the story itself.\nA second paragraph")
    kept_text = [pb.own_text(b) for b in np.flatnonzero(kept).tolist() if pb.own_text(b)]
    # The second paragraph shares only part of its words: half its shingles.
    assert kept_text[0] == "The first paragraph is the story itself."
    assert "Contact" not in " ".join(kept_text)
    # Containers of kept blocks are kept (body, main).
    assert kept[0] and kept[pb.paths.index("body>main")]
    assert not project_text(pb, "").any()


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(html_soup(), st.text(max_size=200))
def test_project_text_on_tag_soup_and_any_text(html, text):
    pb = segment_html(html)
    kept = project_text(pb, text)
    assert kept.dtype == np.bool_ and len(kept) == len(pb)
    # A kept block's parent is kept: the mask is closed upwards.
    for b in np.flatnonzero(kept).tolist():
        if pb.parent[b] >= 0:
            assert kept[pb.parent[b]]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(html_soup(), st.binary(max_size=400), st.text(max_size=300)))
def test_a_page_alone_never_crashes_the_default_reader(html):
    r = _one(html)
    assert isinstance(r.main_text, str)
    assert r.extractor in EXTRACTORS and r.extractor != "template"
    assert len(r.kept) == len(r.blocks)


def test_the_content_view_names_the_reader_of_a_member():
    from page_cluster.app_support.views.content import reader_note

    pages = [page(i)[0] for i in range(3)]
    with_siblings = extract_main_content(pages[:2], cluster_keys=[0, 0])
    assert reader_note(with_siblings[0]) == "Read with 1 same-template sibling."
    [alone] = extract_main_content(pages[2:], cluster_keys=[0])
    assert "trafilatura" in reader_note(alone) and "Alone" in reader_note(alone)
    [own] = extract_main_content(
        pages[2:], cluster_keys=[0], options=ExtractOptions(per_page="single-page")
    )
    assert "per-page rules" in reader_note(own)
