"""The lexbor route: the compiled walk gives exactly the reference walk's tokens,
and pages read the same as with lxml wherever the two parsers build one tree.

The reference (:func:`page_cluster.parsing.lexbor_tree.reference_walk`) mirrors
lexbor's tree through selectolax's Python API and runs the pure walker of
:mod:`page_cluster.parsing.structure` on it; the compiled walk must agree on
every page: random and adversarial soup, raw bytes, the test sites.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from page_cluster.parsing import lexbor_tree
from page_cluster.parsing.html_source import utf8_page
from page_cluster.parsing.signature import LocalInterner, page_structure, parse_document

from .article_pages import article_pages
from .cms_site import build as cms_site
from .sites import mirrored_site
from .test_fastwalk import soup
from .test_properties import tag_soup


def _both(data: bytes, cba: str | None = None) -> tuple[object, object]:
    fast = lexbor_tree.walk(data, cba, True)
    ref = lexbor_tree.reference_walk(data, cba, True)
    return fast, ref


def test_the_lexbor_walker_is_built_and_used() -> None:
    # The install builds it (setup.py) and selectolax is a dependency; without
    # them pages are read with lxml, which this test reports rather than hides.
    assert lexbor_tree.available(), "page_cluster.parsing._lexwalk was not built or not loaded"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(soup(), st.sampled_from([None, "data-block"]))
def test_same_tokens_as_the_reference_on_random_soup(html: str, cba: str | None) -> None:
    fast, ref = _both(html.encode("utf-8", "replace"), cba)
    assert fast == ref


TABLE_SOUP = tag_soup(
    [
        "table",
        "tbody",
        "thead",
        "tr",
        "td",
        "th",
        "caption",
        "b",
        "code",
        "i",
        "p",
        "div",
        "ul",
        "li",
        "template",
        "a",
        "font",
        "nobr",
        "select",
        "option",
        "form",
        "frameset",
        "body",
    ],
    ["", 'class="x"', 'class="row odd"', 'role="grid"', 'id="t"', "data-block"],
    [st.sampled_from(["text", " ", "<br>", "<!--x-->", "\x00", "&amp;", "\ufeff"])],
    max_size=60,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TABLE_SOUP, st.sampled_from([None, "data-block"]))
def test_same_tokens_on_misnested_tables_and_formatting(html: str, cba: str | None) -> None:
    # Foster parenting, implicit tbody, the adoption agency, reopened formatting.
    fast, ref = _both(html.encode("utf-8"), cba)
    assert fast == ref


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_raw_bytes_never_break_the_walk(data: bytes) -> None:
    # Invalid UTF-8, NUL bytes, stray markup: the same result as the reference,
    # and through the engine's entry point a signature, never an exception.
    fast, ref = _both(data)
    assert fast == ref
    page = parse_document(data, LocalInterner(), None, None, backend="lexbor")
    assert page.element_count >= 0


@pytest.mark.parametrize("cba", [None, "data-block"])
def test_same_tokens_on_test_sites(cba: str | None) -> None:
    pages = [rec["html"] for rec, _ in cms_site()] + [p["html"] for p in mirrored_site()]
    pages += [a.html for a in article_pages()]
    for html in pages:
        data, _ = utf8_page(html)
        assert data is not None
        fast, ref = _both(data, cba)
        assert fast == ref


# Well-formed pages (every element closed, block elements only where HTML allows
# them) are one tree to both parsers: the tokens must not depend on the parser.
_BLOCKS = ["div", "section", "nav", "ul", "main", "header", "footer", "article", "aside"]
_CLASSES = ["", ' class="card"', ' class="nav odd"', ' role="navigation"', ' id="Head"']


@st.composite
def well_formed(draw: st.DrawFn, depth: int = 0) -> str:
    tag = draw(st.sampled_from(_BLOCKS))
    attr = draw(st.sampled_from(_CLASSES))
    if depth >= 4:
        kids = [draw(st.sampled_from(["", "text", "<a href='#'>x</a>", "<p>p</p>", "<em>e</em>"]))]
    else:
        kids = draw(st.lists(well_formed(depth + 1), max_size=3))
    if tag == "ul":  # list items only, each holding the blocks
        item = draw(st.sampled_from(_CLASSES))
        kids = [f"<li{item}>{k}</li>" for k in kids]
    return f"<{tag}{attr}>{''.join(kids)}</{tag}>"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(well_formed(), min_size=1, max_size=3),
    st.sampled_from(["", " class='page x'"]),
    st.sampled_from(["", " class='blog-list-page no-js'", " class='docs-doc-id-a/b x'"]),
)
def test_well_formed_pages_read_the_same_with_either_parser(
    parts: list[str], body: str, root: str
) -> None:
    html = (
        f"<!doctype html><html{root}><head><title>t</title></head>"
        f"<body{body}>{''.join(parts)}</body></html>"
    )
    a = page_structure(html, backend="lxml")[0]
    b = page_structure(html, backend="lexbor")[0]
    assert set(a.node_paths) == set(b.node_paths)
    assert set(a.leaf_paths) == set(b.leaf_paths)
    assert a.attr_tokens == b.attr_tokens
    assert a.element_count == b.element_count


def test_implicit_and_written_table_bodies_give_one_token_set() -> None:
    written = "<body><table class='t'><tbody><tr><td>1</td></tr></tbody></table></body>"
    implicit = "<body><table class='t'><tr><td>1</td></tr></table></body>"
    for backend in ("lxml", "lexbor"):
        a = page_structure(written, backend=backend)[0]
        b = page_structure(implicit, backend=backend)[0]
        assert (
            a.node_paths
            == b.node_paths
            == ["body>table.t", "body>table.t>tr", "body>table.t>tr>td"]
        )
    # A table body with a class of its own is a template step.
    classed = "<body><table><tbody class='rows'><tr><td>1</td></tr></tbody></table></body>"
    assert "body>table>tbody.rows>tr" in page_structure(classed, backend="lexbor")[0].node_paths


def test_an_unclosed_formatting_tag_does_not_prefix_the_rest_of_the_page() -> None:
    # An HTML5 parser re-opens the unclosed <code> in every following block.
    html = (
        "<body><div class='doc'><p>see <code>x</p><div class='sig'><p>y</p></div></div>"
        "<div class='footer'><ul><li>a</li></ul></div></body>"
    )
    for backend in ("lxml", "lexbor"):
        nodes = page_structure(html, backend=backend)[0].node_paths
        assert "body>.footer>ul>li" in nodes, backend
        assert not any(">code>" in n or n.startswith("body>code") for n in nodes), backend
    # Re-opened around the spaces between blocks, nested: no step at all; an
    # empty element with a class (an icon) stays.
    html = "<body><div class='a'><u><b>\n</b></u><i class='icon'></i><p>x</p></div></body>"
    for backend in ("lxml", "lexbor"):
        nodes = page_structure(html, backend=backend)[0].node_paths
        assert nodes == ["body>.a", "body>.a>i.icon", "body>.a>p"], backend


def test_encodings_xml_declaration_nul_and_bom() -> None:
    page = "<body class='é'><div class='café'><p>x</p></div></body>"
    want = page_structure(page, backend="lxml")[0]
    for data, encoding in [
        (page.encode("cp1252"), "cp1252"),
        (b"<meta charset='windows-1252'>" + page.encode("cp1252"), None),
        (b"\xef\xbb\xbf" + page.encode("utf-8"), None),
        (b'<?xml version="1.0" encoding="UTF-8"?>' + page.encode("utf-8"), None),
        (page.encode("utf-8").replace(b"<div", b"<d\x00iv"), "utf-8"),
        (page.encode("utf-8"), "no-such-charset"),
    ]:
        got = page_structure(data, encoding, backend="lexbor")[0]
        assert got.node_paths == want.node_paths, (data[:40], encoding)
        assert got.attr_tokens == want.attr_tokens
    assert page_structure(b"", backend="lexbor")[0].node_paths == []
    assert page_structure("  \n ", backend="lexbor")[0].node_paths == []


def test_stylesheet_links_match_the_lxml_route() -> None:
    html = (
        "<html><head><base href='/docs/'><base href='/other/'>"
        "<link rel='StyleSheet preload' href=' a.css '><link rel='icon' href='i.png'>"
        "<link rel='stylesheet'><link href='b.css' rel='stylesheet'></head>"
        "<body><link rel='stylesheet' href='late.css'><p>x</p></body></html>"
    )
    a = page_structure(html, with_stylesheet_links=True, backend="lxml")[1]
    b = page_structure(html, with_stylesheet_links=True, backend="lexbor")[1]
    assert a == b
    assert b is not None and b.hrefs == ("a.css", "b.css", "late.css")
    assert b.base_href == "/docs/"


def test_attribute_bombs_are_capped_before_lexbor() -> None:
    bomb = (
        "<body><div " + " ".join(f"a{i}" for i in range(5000)) + " class='x'><p>y</p></div></body>"
    )
    page = parse_document(bomb, LocalInterner(), backend="lexbor", max_attributes=100)
    assert page.capped_elements == 1


def test_deep_nesting_does_not_overflow() -> None:
    html = "<body>" + "<div class=a><div class=b>" * 5000 + "x" + "</div></div>" * 5000 + "</body>"
    nodes = page_structure(html, backend="lexbor")[0].node_paths
    assert nodes == ["body>.a", "body>.a>.b"]


def test_a_namespaced_content_block_attribute_uses_lxml() -> None:
    # Only plain attribute names are looked up in C; others take the lxml route.
    html = "<body><div data-b='1'><p>x</p></div></body>"
    a = page_structure(html, None, "{urn:x}data-b", backend="lexbor")[0]
    b = page_structure(html, None, "{urn:x}data-b", backend="lxml")[0]
    assert a == b


def test_environment_switch_forces_lxml() -> None:
    code = (
        "from page_cluster.parsing import signature as s, lexbor_tree as t;"
        "print(s.default_backend(), t.available())"
    )
    env = {**os.environ, "PAGE_CLUSTER_PARSER": "lxml"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.split() == ["lxml", "False"]
    env.pop("PAGE_CLUSTER_PARSER")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout.split() == ["lexbor", "True"]


def test_an_unknown_backend_is_refused() -> None:
    with pytest.raises(ValueError):
        page_structure("<p>x</p>", backend="html5lib")


def test_a_stray_closing_p_adds_no_step_but_a_written_empty_p_does() -> None:
    # An HTML5 parser turns a stray </p> into an empty <p> where none may be.
    stray = "<body><div class='d'><pre>a</p>b</pre><ul><li>x</li></p></ul></div></body>"
    written = "<body><div class='d'><div id='preamble'><p></p></div><pre>a</pre></div></body>"
    for backend in ("lxml", "lexbor"):
        nodes = page_structure(stray, backend=backend)[0].node_paths
        assert not any(n.endswith(">p") for n in nodes), backend
        nodes = page_structure(written, backend=backend)[0].node_paths
        assert "body>.d>div#preamble>p" in nodes, backend


def test_threads_get_the_same_tokens_as_one_thread() -> None:
    # The compiled walk's tables are shared by the process (the app parses in threads).
    from concurrent.futures import ThreadPoolExecutor

    pages = [rec["html"] for rec, _ in cms_site()] + [a.html for a in article_pages()]
    pages = [utf8_page(p)[0] for p in pages]
    want = [lexbor_tree.walk(p, None, True) for p in pages]
    with ThreadPoolExecutor(4) as pool:
        for _ in range(3):
            got = list(pool.map(lambda p: lexbor_tree.walk(p, None, True), pages))
            assert got == want


def test_without_the_compiled_walker_pages_are_read_with_lxml() -> None:
    # As when the install could not build it: the import fails, lxml reads pages.
    code = (
        "import sys; sys.modules['page_cluster.parsing._lexwalk'] = None\n"
        "from page_cluster.parsing import signature as s\n"
        "from page_cluster import tokenize\n"
        "print(s.default_backend(), tokenize('<body><table><tr><td>x</td></tr></table>').tokens)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "lxml ['body>table>tr>td']", out.stderr
