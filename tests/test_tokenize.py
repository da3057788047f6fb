import pytest

from page_cluster import tokenize
from page_cluster.parsing.segments import is_noise_class, stable_classes
from page_cluster.parsing.signature import BACKENDS, lexbor_available

_backend = "lxml"


@pytest.fixture(autouse=True, params=BACKENDS)
def backend(request):
    """Every rule holds whichever parser reads the page."""
    global _backend
    if request.param == "lexbor" and not lexbor_available():
        pytest.fail("the lexbor walker is not built (page_cluster.parsing._lexwalk)")
    _backend = request.param
    yield request.param
    _backend = "lxml"


def toks(html: str | bytes, **kw) -> list[str]:
    return tokenize(html, backend=_backend, **kw).tokens


def test_basic_paths_ignore_text():
    assert toks("<body><main><article><p>one</p></article></main></body>") == [
        "body>main>article>p"
    ]
    assert toks("<body><main><article><p>two words</p></article></main></body>") == toks(
        "<body><main><article><p>one</p></article></main></body>"
    )


def test_class_role_and_type_segments():
    t = toks(
        '<body><div class="b a"><nav role="navigation"><input type="search"></nav></div></body>'
    )
    assert t == ["body>.a.b>nav[role=navigation]>input[type=search]"]
    # type is only structural on form controls
    assert toks('<body><ol type="a"><li>x</li></ol></body>') == ["body>ol>li"]


def test_single_child_wrappers_fold():
    nested = '<body><div><div><span><ul class="menu"><li>x</li></ul></span></div></div></body>'
    assert toks(nested) == ["body>ul.menu>li"]
    # a wrapper with two children is structure, not folded
    assert toks("<body><div><p>a</p><p>b</p></div></body>") == ["body>div>p"]


def test_id_names_a_classless_wrapper():
    t = toks(
        '<body><div id="header"><p>a</p><p>b</p></div><div id="content"><p>x</p><h1>y</h1></div></body>'
    )
    assert "body>div#header>p" in t and "body>div#content>h1" in t


def test_generated_and_state_classes_are_dropped():
    a = toks(
        '<body><ul><li class="item css-1x2y3z">a</li><li class="item active">b</li></ul></body>'
    )
    assert a == ["body>ul>li.item"]
    assert is_noise_class("sc-bdVaJa") and is_noise_class("Layout_root__f3k9d")
    assert not is_noise_class("toctree-l1") and not is_noise_class("facade")
    assert stable_classes("post-12 sect2") == ("post-#", "sect#")


def test_a_class_led_by_an_underscore_is_a_build_tools_name_at_any_length() -> None:
    # CSS modules' hashes and the page's own address printed on a content
    # wrapper are one kind of name, short or long: none names a template.
    for name in ("_a1b2c3", "_handbook_soil_mulch", "_rules", "_news", "_faq", "_x"):
        assert is_noise_class(name), name
    assert stable_classes("vp-doc _news") == stable_classes("vp-doc _handbook_growing_kale")
    assert not is_noise_class("news") and not is_noise_class("faq_item")


def test_opaque_elements_are_leaves():
    t = toks(
        "<body><div class=x><script>var a = '<p>';</script><svg><g><path/></g></svg>"
        "<noscript><img></noscript><style>p{}</style></div></body>"
    )
    assert t == ["body>.x>script", "body>.x>svg", "body>.x>noscript", "body>.x>style"]


def test_body_classes_kept_aside():
    r = tokenize('<body class="page-article dark"><p>x</p></body>')
    assert r.body_class_list == ["page-article", "dark"]
    assert r.tokens == ["body>p"]


def test_recursion_collapses_nested_structures():
    shallow = toks("<body><ul><li>a</li><li>b</li></ul></body>")
    deep = toks("<body><ul><li><ul><li><ul><li>c</li></ul></li></ul></li></ul></body>")
    assert shallow == deep == ["body>ul>li"]
    # a table in a table cell is three steps down: still one structure
    nested = toks(
        "<body><table><tr><td><table><tr><td>x</td></tr></table></td></tr></table></body>"
    )
    assert nested == toks("<body><table><tr><td>x</td></tr></table></body>")


def test_a_class_reused_far_below_is_not_recursion():
    """A grid's ``col`` in the layout and again in a footer row keeps its place:
    folding it back would move the footer's parts up to the layout column, so
    the same article would read differently under ``col`` and under
    ``col wide`` (a layout switch)."""
    inner = "<article><footer><div class=meta><div class=col><a class=edit>e</a></div></div></footer></article>"
    plain = toks(f"<body><div class=row><div class=col>{inner}</div></div></body>")
    assert "body>.row>.col>article>footer>.meta>.col>a.edit" in plain
    assert "body>.row>.col>a.edit" not in plain
    switched = toks(f"<body><div class=row><div class='col wide'>{inner}</div></div></body>")
    below = {t.split(">", 3)[3] for t in plain if t.count(">") > 2}
    assert below == {t.split(">", 3)[3] for t in switched if t.count(">") > 2}


def test_text_formatting_is_content_not_structure():
    a = toks("<body><p>Some <b>bold</b> and <a href=x>a <code>link</code></a>.</p></body>")
    b = toks("<body><p>Plain text only.</p></body>")
    assert a == b == ["body>p"]
    # but a link that is the whole item of a navigation list is structure
    assert toks("<body><ul><li><a href=x>Home</a></li></ul></body>") == ["body>ul>li>a"]


def test_malformed_uppercase_and_unclosed_html():
    assert toks("<BODY><DIV CLASS=Box><P>x<P>y</DIV>") == ["body>.Box>p"]
    assert toks("<p>unclosed <div><span class=a>x") == ["body>p", "body>.a"]


def test_no_body_and_frameset():
    assert toks("<p>fragment</p>") == ["body>p"]
    assert toks('<html><frameset><frame src="a.html"><frame src="b.html"></frameset></html>') == [
        "frameset>frame"
    ]
    assert toks("") == []
    assert toks("   ") == []


def test_xml_declaration_and_bytes_input():
    xml = '<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><body><p>é</p></body></html>'
    assert toks(xml) == ["body>p"]
    assert toks(xml.encode("utf-8")) == ["body>p"]
    assert toks(b"\xef\xbb\xbf<body><p>bom</p></body>") == ["body>p"]


def test_cjk_and_entities():
    assert toks('<body><div class="記事"><p>日本語&amp;&nbsp;&#x1F600;</p></div></body>') == [
        "body>.記事>p"
    ]


def test_delimiters_inside_class_names_cannot_forge_steps():
    t = toks('<body><div class="a>b.c"><p>x</p><p>y</p></div></body>')
    assert t == ["body>.a_b_c>p"]


def test_content_block_attribute_hides_free_form_blocks():
    a = '<body><main><div data-bgb="1"><p>x</p><table><tr><td>1</td></tr></table></div></main></body>'
    b = '<body><main><div data-bgb="1"><ul><li>y</li></ul></div></main></body>'
    assert toks(a, content_block_attribute="data-bgb") == toks(
        b, content_block_attribute="data-bgb"
    )
    assert toks(a) != toks(b)


def test_deep_nesting_does_not_overflow():
    html = "<body>" + "<div class=a><div class=b>" * 5000 + "x" + "</div></div>" * 5000 + "</body>"
    assert toks(html)  # no RecursionError


def test_a_coded_page_type_on_the_body_is_kept():
    """WordPress names its not-found page ``error404`` on the body: a word and a
    number, kept there (numbers folded); a hash-like class is still dropped."""
    from page_cluster.parsing.signature import page_structure

    structure, _, _ = page_structure(
        '<body class="error404 hfeed k3j9zq2a active"><p>x</p></body>', backend=_backend
    )
    assert sorted(structure.attr_tokens) == ["@body.class:error#", "@body.class:hfeed"]


def test_the_root_elements_classes_are_the_pages_too():
    """Frameworks name the page type on ``<html>`` as often as on ``<body>``
    (``blog-list-page``); a class holding a path (a document id such as
    ``docs-doc-id-guides/retries``) is the page's address, not a type."""
    from page_cluster.parsing.signature import page_structure

    structure, _, _ = page_structure(
        '<html class="blog-wrapper blog-list-page docs-doc-id-guides/retries">'
        '<body class="home"><p>x</p></body></html>',
        backend=_backend,
    )
    assert sorted(structure.attr_tokens) == [
        "@body.class:blog-list-page",
        "@body.class:blog-wrapper",
        "@body.class:home",
    ]
    # A fragment whose root is the body has no root classes beside it.
    structure, _, _ = page_structure('<body class="home"><p>x</p></body>', backend=_backend)
    assert structure.attr_tokens == ["@body.class:home"]
