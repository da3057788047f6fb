"""Body classes that restate a page's address (``clustering.address_classes``).

A CMS prints the query an archive answers into its body classes (``tag
tag-organic`` at ``/tag/organic/``): the same template at another place. Small
samples hold two or three pages of each archive, too few for any statistic to
call their markup the same; the rule must still put them together, and must
not touch a class that names a page type of its own.
"""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from page_cluster.api.resolve import run_clustering
from page_cluster.clustering.address_classes import (
    address_words,
    class_words,
    drop_address_classes,
    tail_words,
)
from page_cluster.parsing.segments import BODY_CLASS_TOKEN
from page_cluster.signatures.binary_rows import BinaryRows
from page_cluster.signatures.corpus import Corpus, PageSignals, token_info

from .sites import clusters_by_label

HEAD = (
    '<header class="site-header"><p class="site-title"><a href="/">Allotment</a></p>'
    '<nav class="menu"><a href="/category/fruit/">Fruit</a><a href="/about/">About</a></nav>'
    "</header>"
)
FOOT = '<footer class="site-footer"><p>(c) Hazel Lane</p></footer>'


def _page(url: str, body_class: str, main: str) -> dict:
    html = (
        f'<html><body class="{body_class} wp-embed-responsive"><div class="wp-site-blocks">'
        f"{HEAD}<main class='wp-block-group'>{main}</main>{FOOT}</div></body></html>"
    )
    return {"url": f"https://garden.example{url}", "html": html, "stylesheetHrefs": ["/s.css"]}


def _listing(rng: random.Random, title: str) -> str:
    items = "".join(
        f'<li class="wp-block-post"><h2 class="wp-block-post-title"><a href="/p/{k}/">Post</a>'
        f'</h2><div class="wp-block-post-excerpt"><p>Some words.</p></div></li>'
        for k in range(rng.randint(3, 8))
    )
    return (
        f'<h1 class="wp-block-query-title">{title}</h1>'
        f'<ul class="wp-block-post-template">{items}</ul>'
        '<nav class="wp-block-query-pagination"><a class="next">Next</a></nav>'
    )


def _post(rng: random.Random, i: int) -> str:
    paras = "".join("<p>Words of the writer.</p>" for _ in range(rng.randint(2, 6)))
    return (
        f'<h1 class="wp-block-post-title">Post {i}</h1>'
        f'<div class="entry-content wp-block-post-content">{paras}</div>'
        '<div class="wp-block-post-terms"><a href="/tag/x/">x</a></div>'
    )


def _garden(seed: int) -> list[tuple[dict, str]]:
    """Eleven pages: four posts, archives of three queries (two, two and one
    page), and two search results that print the archives' very list, one of
    them at an address with the word ``search`` (WordPress serves both)."""
    rng = random.Random(seed)
    pages = [
        (
            _page(f"/2024/0{i + 1}/post-{i}/", f"single single-post postid-{i}", _post(rng, i)),
            "post",
        )
        for i in range(4)
    ]
    archives = [
        ("/category/fruit/", "archive category category-fruit category-3"),
        ("/category/tools/page/2/", "archive category category-tools category-5 paged paged-2"),
        ("/tag/no-dig/", "archive tag tag-no-dig tag-7"),
        ("/tag/companion-planting/", "archive tag tag-companion-planting tag-9"),
        ("/author/maya/", "archive author author-maya author-2"),
    ]
    pages += [(_page(u, c, _listing(rng, "Archive")), "archive") for u, c in archives]
    pages += [
        (_page(u, "search search-results", _listing(rng, "Results")), "search")
        for u in ("/?s=kale", "/search/bees/")
    ]
    return pages


def test_archives_of_three_queries_on_one_markup_are_one_cluster_on_a_few_pages() -> None:
    for seed in range(3):
        found = clusters_by_label(_garden(seed))
        assert len(found["archive"]) == 1, (seed, found)
        assert len({*found["archive"], *found["post"], *found["search"]}) == 3, (seed, found)


def test_a_class_of_its_own_still_names_a_page_type() -> None:
    # Search results print the archives' list; "search-results" has a word
    # of its own, so it keeps them apart even at /search/bees/ (tested above:
    # three clusters). The archives lose the words their addresses give, and
    # nothing else.
    labelled = _garden(0)
    corpus = drop_address_classes(run_clustering([r for r, _ in labelled]).corpus)
    classes = {t[len(BODY_CLASS_TOKEN) :] for t in corpus.tokens if t.startswith(BODY_CLASS_TOKEN)}
    assert {"archive", "search", "search-results", "single"} <= classes
    # "paged" on the second page of a listing at /category/tools/page/2/ is
    # the address's "page" inflected.
    assert not classes & {"category", "tag", "author", "tag-no-dig", "author-maya", "paged"}


def _corpus(rows: list[list[int]], page_sig: list[int], paths: list[tuple[str, ...]], tokens):
    return Corpus(
        tokens=tokens,
        rows=BinaryRows.from_rows(rows, len(tokens)),
        page_sig=np.asarray(page_sig, dtype=np.int32),
        signals=[PageSignals(p, (), "h") for p in paths],
        element_count=np.arange(1, len(rows) + 1, dtype=np.int64),
        info=token_info(tokens),
    )


def test_one_signature_at_two_addresses_loses_only_each_pages_own_classes() -> None:
    tokens = [f"{BODY_CLASS_TOKEN}fruit", f"{BODY_CLASS_TOKEN}tag", "body>main"]
    # One signature ("fruit tag" on main) at /tag/fruit/, /tag/x/ and /news/.
    corpus = _corpus(
        [[0, 1, 2]],
        [0, 0, 0],
        [("tag", "fruit"), ("tag", "x"), ("news",)],
        tokens,
    )
    out = drop_address_classes(corpus)
    rows = [sorted(out.tokens[c] for c in out.rows.row(int(s))) for s in out.page_sig]
    assert rows == [
        ["body>main"],
        [f"{BODY_CLASS_TOKEN}fruit", "body>main"],
        [f"{BODY_CLASS_TOKEN}fruit", f"{BODY_CLASS_TOKEN}tag", "body>main"],
    ]
    assert out.element_count.tolist() == [1, 1, 1]


def test_a_file_name_is_a_kind_of_page_not_a_place() -> None:
    # rustdoc prints the item kind both in the file name and on the body.
    tokens = [f"{BODY_CLASS_TOKEN}struct", f"{BODY_CLASS_TOKEN}io", "body>main"]
    corpus = _corpus([[0, 1, 2]], [0], [("std", "io", "struct.Read.html")], tokens)
    out = drop_address_classes(corpus)
    assert [out.tokens[c] for c in out.rows.row(0)] == [f"{BODY_CLASS_TOKEN}struct", "body>main"]


def test_a_class_naming_the_page_itself_leaves_whatever_its_first_word() -> None:
    # A wiki names each page on <body> by a word and the page's own title;
    # a title of two words is no page type of its own. The blog plugin's
    # class on every page under /blog/ restates a folder, not the page: kept.
    tokens = [
        f"{BODY_CLASS_TOKEN}page-Green_manure",
        f"{BODY_CLASS_TOKEN}rootpage-Green_manure",
        f"{BODY_CLASS_TOKEN}page-template-default",
        f"{BODY_CLASS_TOKEN}plugin-blog",
        "body>main",
    ]
    corpus = _corpus(
        [[0, 1, 2, 4], [3, 4]],
        [0, 1, 0],
        [("wiki", "Green_manure"), ("blog", "2024", "frost"), ("wiki", "Squash")],
        tokens,
    )
    out = drop_address_classes(corpus)
    rows = [sorted(out.tokens[c] for c in out.rows.row(int(s))) for s in out.page_sig]
    assert rows == [
        [f"{BODY_CLASS_TOKEN}page-template-default", "body>main"],
        [f"{BODY_CLASS_TOKEN}plugin-blog", "body>main"],
        sorted(tokens[c] for c in (0, 1, 2, 4)),
    ]


def _wiki_page(title: str, rng: random.Random) -> dict:
    slug = title.replace(" ", "_")
    paras = "".join("<p>Words of the writer.</p>" for _ in range(rng.randint(1, 4)))
    toc = '<div class="toc" role="navigation"><ul><li><a href="#a">A</a></li></ul></div>'
    body = paras + (toc + "<h2>More</h2><p>More words.</p>" if rng.random() < 0.5 else "")
    html = (
        f'<html><body class="mediawiki ltr ns-0 page-{slug} rootpage-{slug} action-view">'
        '<div id="content" class="mw-body" role="main"><h1 id="firstHeading">'
        f'{title}</h1><div class="mw-body-content"><div class="mw-parser-output">{body}'
        '</div></div></div><div id="mw-navigation"><nav class="portal"><ul><li><a href="/">'
        "Main</a></li></ul></nav></div></body></html>"
    )
    return {"url": f"https://wiki.example/wiki/{slug}", "html": html}


def test_articles_titled_in_one_word_or_several_are_one_template() -> None:
    rng = random.Random(3)
    titles = ["Squash", "Mint", "Pond", "Thyme", "Walnut", "Kale", "Sage", "Worm"]
    titles += ["Green manure", "Water butt", "Leaf mould"]
    keys = list(run_clustering([_wiki_page(t, rng) for t in titles]).page_keys)
    assert len(set(keys)) == 1


def test_a_corpus_without_such_classes_is_returned_as_it_is() -> None:
    tokens = [f"{BODY_CLASS_TOKEN}page", "body>main"]
    corpus = _corpus([[0, 1]], [0], [("about",)], tokens)
    assert drop_address_classes(corpus) is corpus


_SEGMENT = st.text(alphabet="abdes-_.%é9/ ", max_size=8)


@settings(max_examples=150, deadline=None)
@given(
    classes=st.lists(st.text(alphabet="abdes-_#*é9", min_size=1, max_size=8), max_size=5),
    pages=st.lists(
        st.tuples(st.integers(0, 2), st.lists(_SEGMENT, max_size=4)), min_size=1, max_size=8
    ),
)
def test_only_body_classes_leave_and_only_from_pages_whose_address_has_their_words(
    classes: list[str], pages: list[tuple[int, list[str]]]
) -> None:
    # A class leaves a page when all its words are the address's, or all its
    # words after the first are the page's own name's (not a file's).
    tokens = sorted({*(f"{BODY_CLASS_TOKEN}{c}" for c in classes), "body>main", "body>nav"})
    n = len(tokens)
    rows = [list(range(n)), list(range(0, n, 2)), [n - 1]]
    corpus = _corpus(rows, [s for s, _ in pages], [tuple(p) for _, p in pages], tokens)
    out = drop_address_classes(corpus)
    assert out.n_pages == corpus.n_pages
    for p, (sig, path) in enumerate(pages):
        before = {tokens[c] for c in rows[sig]}
        after = {out.tokens[c] for c in out.rows.row(int(out.page_sig[p]))}
        gone = before - after
        assert after <= before
        assert all(t.startswith(BODY_CLASS_TOKEN) for t in gone)
        here = address_words(tuple(path))
        own = address_words(tuple(path[-1:]))
        for t in before & {x for x in tokens if x.startswith(BODY_CLASS_TOKEN)}:
            words = class_words(t[len(BODY_CLASS_TOKEN) :])
            tail = tail_words(t[len(BODY_CLASS_TOKEN) :])
            assert (t in gone) == (bool(words and words <= here) or bool(tail and tail <= own))
