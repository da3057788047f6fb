"""The compiled walker gives exactly the pure walker's tokens.

The pure-Python walker in :mod:`page_cluster.parsing.structure` is the reference;
the compiled one must agree on every page: real generator output, the test
sites, and random and adversarial soup.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from page_cluster.parsing import structure
from page_cluster.parsing.html_source import parse_html

from .article_pages import article_pages
from .cms_site import build as cms_site
from .sites import mirrored_site
from .test_properties import tag_soup

TAGS = [
    "div",
    "span",
    "p",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "table",
    "tr",
    "td",
    "a",
    "b",
    "em",
    "code",
    "main",
    "nav",
    "header",
    "section",
    "script",
    "svg",
    "svg:rect",
    "fb:like",
    "iframe",
    "input",
    "DIV",
    "x-y",
]
ATTRS = [
    "",
    'class="a"',
    'class="a odd"',
    'class="a even row-3"',
    'class="css-1x2y3z memitem:abc123"',
    'class=""',
    "class",
    'role="Navigation "',
    'type="Text"',
    'id="Header"',
    'id=" "',
    'xml:lang="en"',
    'data-block="1"',
    'class="a" class="b"',
    "data-block",
]
TEXT = ["", " ", "\n  ", "\xa0", "\u3000", "word", " x ", "\x1c", "&nbsp;", "&#160;", "é"]


def soup() -> st.SearchStrategy[str]:
    pieces = [
        st.sampled_from(TEXT),
        st.text(max_size=8),
        st.sampled_from(["<!-- c -->", "<?pi x?>", "<br>", "<![CDATA[x]]>", "<body>"]),
    ]
    body = tag_soup(TAGS, ATTRS, pieces, max_size=80)
    return body.map(lambda html: "<html><body class='page'>" + html)


def _both(html: str | bytes, cba: str | None = None) -> tuple[object, object]:
    root = parse_html(html)
    assert root is not None
    body = structure.find_body(root)
    fast = structure._FAST_WALK
    assert fast is not None
    return fast(body, "body", cba), structure._walk_below(body, "body", cba)


def test_the_compiled_walker_is_built_and_used() -> None:
    # The install builds it (setup.py); a missing compiler leaves the slower pure
    # walker, which this test reports rather than hides.
    assert structure._FAST_WALK is not None, "page_cluster.parsing._fastwalk was not built"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(soup(), st.sampled_from([None, "data-block"]))
def test_same_tokens_on_random_soup(html: str, cba: str | None) -> None:
    fast, pure = _both(html, cba)
    assert fast == pure


@pytest.mark.parametrize("cba", [None, "data-block"])
def test_same_tokens_on_test_sites(cba: str | None) -> None:
    pages = [rec["html"] for rec, _ in cms_site()] + [p["html"] for p in mirrored_site()]
    pages += [a.html for a in article_pages()]
    for html in pages:
        fast, pure = _both(html, cba)
        assert fast == pure


def test_walk_structure_uses_it_and_matches_the_pure_walker() -> None:
    html = (
        "<body class='doc'><div id='head'><nav><ul><li class='x odd'><a>1</a></li>"
        "<li class='x even'>2</li></ul></nav></div><main><p>a <b>b</b></p></main></body>"
    )
    root = parse_html(html)
    fast = structure.walk_structure(root)
    saved = structure._FAST_WALK
    try:
        structure._FAST_WALK = None
        pure = structure.walk_structure(root)
    finally:
        structure._FAST_WALK = saved
    assert fast == pure
    assert "body>div#head>nav>ul>li.x" in fast.node_paths


def test_environment_switch_forces_the_pure_walker() -> None:
    code = "from page_cluster.parsing import structure as s; print(s._FAST_WALK is None)"
    env = {**os.environ, "PAGE_CLUSTER_PURE_WALK": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.strip() == "True"


def test_non_element_roots_and_odd_attribute_names_fall_back() -> None:
    # A namespaced content-block attribute is looked up by the pure walker.
    root = etree.fromstring("<body><div data-b='1'><p>x</p></div></body>", etree.HTMLParser())
    a = structure.walk_structure(root, "{urn:x}data-b")
    saved = structure._FAST_WALK
    try:
        structure._FAST_WALK = None
        b = structure.walk_structure(root, "{urn:x}data-b")
    finally:
        structure._FAST_WALK = saved
    assert a == b
