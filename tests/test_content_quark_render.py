"""Quark evaluation figures and the HTML views of the extraction."""

from __future__ import annotations

import numpy as np
from lxml import html as lhtml

from page_cluster.content.extract import ExtractOptions, extract_main_content
from page_cluster.content.quark import QuarkPageScore, quark_report, score_page
from page_cluster.content.render import (
    CLASS_COLOURS,
    annotated_html,
    cleaned_html,
    template_block_table,
)

from .content_site import site


def _annotated_site(n):
    pages, texts = site(n)
    for p in pages:
        p["html"] = (
            p["html"]
            .replace(
                '<header class="site-header">', '<header class="site-header" quark="rel_link">'
            )
            .replace("<article>", '<article quark="content">')
            .replace('<aside class="sidebar">', '<aside class="sidebar" quark="rel_link">')
            .replace('<footer class="site-footer">', '<footer class="site-footer" quark="noise">')
        )
    return pages, texts


def test_quark_scores_on_an_annotated_site():
    pages, _ = _annotated_site(6)
    results = extract_main_content(
        pages, cluster_keys=[0] * 6, options=ExtractOptions(label_attribute="quark")
    )
    scores = [score_page(r) for r in results]
    for s in scores:
        assert s.annotated > 0 and s.correct <= min(s.annotated, s.extracted)
        assert s.topic_truth
    report = quark_report(scores)
    assert report.macro_recall > 0.95 and report.macro_precision > 0.95
    assert report.topic_recall == 1.0
    assert report.confusion.sum() == sum(int(s.confusion.sum()) for s in scores)
    # every annotated content block is counted on the content row
    assert report.confusion[0].sum() > 0 and report.confusion[1:, 0].sum() == 0


def test_quark_report_arithmetic():
    z = np.zeros((3, 3), dtype=np.int64)
    r = quark_report(
        [
            QuarkPageScore(100, 80, 60, True, True, z, z),  # P .75 R .6
            QuarkPageScore(50, 0, 0, True, False, z, z),  # nothing extracted: R 0, no P
            QuarkPageScore(10, 10, 10, False, False, z, z),  # navigation page, exact
        ]
    )
    assert r.macro_precision == (0.75 + 1.0) / 2
    assert r.macro_recall == (0.6 + 0 + 1.0) / 3
    assert r.topic_precision == 1.0 and r.topic_recall == 0.5
    assert r.navigation_precision == 0.5 and r.navigation_recall == 1.0


def test_annotated_html_is_coloured_and_safe():
    pages, _ = site(4)
    evil = pages[0]["html"].replace(
        "<article>",
        '<article onmouseover="steal()"><a href="javascript:alert(1)">x</a>'
        '<iframe src="https://ads.example"></iframe><script>alert(2)</script>',
    )
    pages[0] = dict(pages[0], html=evil)
    results = extract_main_content(pages, cluster_keys=[0] * 4)
    out = annotated_html(evil, results[0])
    doc = lhtml.document_fromstring(out)
    assert not doc.xpath("//script[not(@data-pc)]|//iframe")
    assert not [a for a in doc.iter() if any(k.startswith("on") for k in a.attrib)]
    assert "javascript:" not in out
    marked = {el.get("data-pc-class") for el in doc.xpath("//*[@data-pc-class]")}
    assert "content" in marked and marked & {"rel_link", "noise"}
    for colour in CLASS_COLOURS.values():
        assert colour in out


def test_cleaned_html_and_template_table():
    pages, _ = site(5)
    results = extract_main_content(pages, cluster_keys=[0] * 5)
    cleaned = cleaned_html(pages[1]["html"], results[1])
    assert "Story number 1" in cleaned and "About us" not in cleaned
    rows = template_block_table(results)
    paths = [r["path"] for r in rows]
    assert "body>header.site-header" in paths
    for r in rows:
        assert r["dropped_on"] >= 3 and 0 < r["page_share"] <= 1
        assert r["class"] in ("rel_link", "noise")


def test_render_refuses_a_different_page():
    pages, _ = site(2)
    results = extract_main_content(pages, cluster_keys=[0, 0])
    try:
        annotated_html("<p>other</p>", results[0])
    except ValueError as exc:
        assert "does not match" in str(exc)
    else:
        raise AssertionError("expected a ValueError")
