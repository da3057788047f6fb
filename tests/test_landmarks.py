"""Landmark extraction, chrome classification and landmark variants."""

from __future__ import annotations

import pytest

from page_cluster import extract_landmarks
from page_cluster.explain import (
    is_chrome_landmark_instance,
    landmark_instance_tokens,
    resolve_landmark_variant_keys,
)


def line_col(text: str, offset: int) -> tuple[int, int]:
    """Reference position: lines end at \\n only; columns count characters."""
    before = text[:offset]
    line = before.count("\n") + 1
    col = offset - (before.rfind("\n") + 1) + 1
    return line, col


def check_positions(html: str) -> None:
    result = extract_landmarks(html)
    for kind in ("header", "footer", "nav", "aside", "form", "search", "main"):
        for inst in result.instances(kind):
            assert html[inst.start_offset : inst.end_offset] == inst.html
            assert (inst.start_line, inst.start_column) == line_col(html, inst.start_offset)
            assert (inst.end_line, inst.end_column) == line_col(html, inst.end_offset)


def test_reference_example_positions():
    r = extract_landmarks("<body><header>H</header><main>M</main><footer>F</footer></body>")
    assert [i.to_json() for i in r.header] == [
        {
            "html": "<header>H</header>",
            "startOffset": 6,
            "endOffset": 24,
            "startLine": 1,
            "startColumn": 7,
            "endLine": 1,
            "endColumn": 25,
        }
    ]
    assert (r.footer[0].start_offset, r.footer[0].end_offset) == (38, 56)
    assert (r.main[0].start_offset, r.main[0].end_offset) == (24, 38)
    assert r.nav == r.aside == r.form == r.search == []
    assert r.remainder_html == "<body><main>M</main></body>"


def test_crlf_and_cjk_positions_are_exact():
    html = (
        '<!DOCTYPE html>\r\n<html lang="ja">\r\n<head><title>日本語のページ</title></head>\r\n'
        '<body>\r\n  <header class="site">サイト名「図書館」<nav><a>ホーム</a></nav></header>\r\n'
        "<main>\r\n<p>本文です。漢字とかな🙂</p>\r\n  <aside>関連記事</aside>\r\n</main>\r\n"
        '\t<footer role="contentinfo">著作権 © 図書館</footer>\r\n</body></html>'
    )
    r = extract_landmarks(html)
    (header,) = r.header
    assert header.html.startswith("<header") and header.html.endswith("</header>")
    assert (header.start_line, header.start_column) == (5, 3)
    assert header.end_line == 5
    # Columns count characters: 3 + len of the header's source.
    assert header.end_column == 3 + len(header.html)
    (aside,) = r.aside
    assert (aside.start_line, aside.start_column) == (8, 3)
    (footer,) = r.footer
    assert (footer.start_line, footer.start_column) == (10, 2)
    (main,) = r.main
    assert (main.start_line, main.start_column, main.end_line) == (6, 1, 9)
    check_positions(html)


def test_cr_is_the_last_column_of_its_line():
    html = "<p>x</p>\r\n<nav>n</nav>"
    (nav,) = extract_landmarks(html).nav
    assert (nav.start_line, nav.start_column) == (2, 1)
    r = extract_landmarks("<nav>a\r\n</nav>")
    assert (r.nav[0].end_line, r.nav[0].end_column) == (2, 7)


def test_bytes_are_decoded_as_utf8():
    r = extract_landmarks("<nav>日本</nav>".encode())
    assert r.nav[0].html == "<nav>日本</nav>"
    assert r.nav[0].end_offset == len("<nav>日本</nav>")


def test_every_instance_by_tag_and_role_in_document_order():
    html = (
        "<body><div role='banner'>b</div><nav>1</nav><main><nav>2</nav>"
        "<section role='search'>s</section><form>f</form></main><search>x</search>"
        "<aside role='complementary'>a</aside><div role='contentinfo'>c</div></body>"
    )
    r = extract_landmarks(html)
    assert [i.html for i in r.header] == ["<div role='banner'>b</div>"]
    assert [i.html for i in r.nav] == ["<nav>1</nav>", "<nav>2</nav>"]
    assert [i.html for i in r.search] == [
        "<section role='search'>s</section>",
        "<search>x</search>",
    ]
    assert [i.html for i in r.form] == ["<form>f</form>"]
    assert len(r.aside) == 1 and len(r.footer) == 1 and len(r.main) == 1


def test_nested_landmarks_belong_to_the_outer_instance_but_main_is_separate():
    html = "<body><header><nav>n</nav></header><main><aside><nav>x</nav></aside></main></body>"
    r = extract_landmarks(html)
    assert [i.html for i in r.header] == ["<header><nav>n</nav></header>"]
    assert r.nav == []
    assert [i.html for i in r.aside] == ["<aside><nav>x</nav></aside>"]
    assert len(r.main) == 1
    assert r.remainder_html == "<body><main></main></body>"


def test_one_element_with_two_types_is_reported_under_both():
    r = extract_landmarks('<header role="navigation"><a>x</a></header>')
    assert r.header[0].html == r.nav[0].html


def test_unclosed_or_self_closed_landmarks_are_not_trusted():
    r = extract_landmarks("<body><div><nav><ul><li>a</div><footer>f</footer><aside/>x</body>")
    assert r.nav == []
    assert r.aside == []
    assert [i.html for i in r.footer] == ["<footer>f</footer>"]


def test_head_scripts_comments_and_second_body_are_ignored():
    html = (
        "<html><head><title>t</title></head><body><!-- <nav>c</nav> -->"
        "<script>var s = '<header>x</header>';</script><svg><nav>v</nav></svg>"
        "<body><footer>f</footer></body></body><nav>after</nav></html>"
    )
    r = extract_landmarks(html)
    assert r.header == [] and r.nav == []
    assert [i.html for i in r.footer] == ["<footer>f</footer>"]


def test_fragment_without_body_is_scanned():
    assert [i.html for i in extract_landmarks("<nav>a</nav>").nav] == ["<nav>a</nav>"]
    assert extract_landmarks("").to_json()["remainderHtml"] == ""


def test_instance_tokens_and_chrome_verdict():
    html = (
        '<body><div class="wrap"><header class="site"><a class="logo">L</a>'
        "<ul><li>x</li></ul></header></div></body>"
    )
    (header,) = extract_landmarks(html).header
    tokens = landmark_instance_tokens(header)
    assert tokens == {
        "body>header.site",
        "body>header.site>a.logo",
        "body>header.site>ul",
        "body>header.site>ul>li",
    }
    assert is_chrome_landmark_instance(tokens, tokens | {"body>footer"})
    # 3 of 4 tokens in the shell: below the 80% containment.
    assert not is_chrome_landmark_instance(tokens, tokens - {"body>header.site>ul>li"})
    assert is_chrome_landmark_instance(tokens, tokens - {"body>header.site>ul>li"}, 0.75)
    assert not is_chrome_landmark_instance(set(), {"body>header"})


def test_variant_keys_group_by_structure_not_text():
    site = "<header class='site'><a class='logo'>{t}</a><ul><li>{t}</li></ul></header>"
    campaign = (
        "<header class='site campaign'><div class='banner'><p>{t}</p><p>b</p></div>"
        "<a class='logo'>{t}</a></header>"
    )
    article = "<article><header class='post-head'><h1>{t}</h1></header></article>"
    pages = [
        f"<body>{site.format(t='a')}{article.format(t='x')}</body>",
        f"<body>{site.format(t='b')}</body>",
        f"<body>{campaign.format(t='c')}</body>",
        "<body><p>none</p></body>",
        f"<body>{campaign.format(t='d')}{article.format(t='y')}</body>",
        f"<body>{site.format(t='e')}</body>",
    ]
    keys = resolve_landmark_variant_keys(pages, "header")
    assert keys[0] == keys[1] == keys[5] == "variant:0"
    assert keys[2] == keys[4] == "variant:1"
    assert keys[3] == "none"
    with pytest.raises(ValueError):
        resolve_landmark_variant_keys(pages, "main")
