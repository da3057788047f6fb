"""Nothing a crawl contains may crash parsing or reading (property-based)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from page_cluster import resolve_page_cluster_keys, tokenize
from page_cluster.io.jsonl import InputError, parse_jsonl_line

TAGS = [
    "div",
    "span",
    "p",
    "ul",
    "li",
    "a",
    "body",
    "html",
    "main",
    "nav",
    "header",
    "script",
    "svg",
    "table",
    "tr",
    "td",
    "frameset",
    "frame",
    "br",
    "DIV",
    "Body",
    "x-y",
    "math",
]
ATTRS = [
    'class="a b"',
    'class="css-1x2y3z"',
    'role="main"',
    'type="text"',
    'id="x"',
    "data-bgb",
    'class="a>b.c[d]"',
    "class",
    'role="navigation"',
]


def tag_soup(
    tags: list[str], attrs: list[str], pieces: list[st.SearchStrategy[str]], *, max_size: int
) -> st.SearchStrategy[str]:
    """Random runs of opening tags (with an attribute), closing tags and ``pieces``."""
    return st.lists(
        st.one_of(
            st.builds(lambda t, a: f"<{t} {a}>", st.sampled_from(tags), st.sampled_from(attrs)),
            st.builds(lambda t: f"</{t}>", st.sampled_from(tags)),
            *pieces,
        ),
        max_size=max_size,
    ).map("".join)


def html_soup() -> st.SearchStrategy[str]:
    return tag_soup(
        TAGS,
        ATTRS,
        [
            st.text(max_size=20),
            st.sampled_from(
                [
                    "<!--",
                    "-->",
                    "<![CDATA[",
                    "]]>",
                    "<?xml version='1.0'?>",
                    "&amp;",
                    "&#xD800;",
                    "\x00",
                    "\ufeff",
                    "<!DOCTYPE html>",
                    "<",
                    ">",
                    "\r\n",
                ]
            ),
        ],
        max_size=60,
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(html_soup())
def test_tokenize_never_crashes_on_tag_soup(html):
    result = tokenize(html)
    assert all(isinstance(t, str) and t for t in result.tokens)
    tokenize(html.encode("utf-8", "surrogatepass"))


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_tokenize_never_crashes_on_random_bytes(data):
    tokenize(data)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_tokenize_never_crashes_on_random_text(text):
    tokenize(text)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["id", "html", "paths", "stylesheetHrefs", "host", "x"]), json_values
    )
)
def test_reader_accepts_or_rejects_every_object_cleanly(record):
    raw = json.dumps(record).encode()
    try:
        rec = parse_jsonl_line(raw, 1)
    except InputError as exc:
        assert exc.location == "line 1"
        return
    assert rec is not None
    assert isinstance(rec.page.html, str)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_reader_never_crashes_on_random_lines(raw):
    try:
        parse_jsonl_line(raw, 3)
    except InputError as exc:
        assert "line 3" in str(exc)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(html_soup(), min_size=1, max_size=12))
def test_clustering_never_crashes_and_keys_every_page(htmls):
    keys = resolve_page_cluster_keys(
        [{"html": h, "paths": ["s", str(i)]} for i, h in enumerate(htmls)]
    )
    assert len(keys) == len(htmls)
    assert all(json.loads(k) for k in keys)
