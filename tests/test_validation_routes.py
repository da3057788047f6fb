"""Routed evidence: a smaller structural difference corroborated by URL routes.

A minority of pages that lacks (or adds) a subtree is an optional part when it
lives among the other pages' addresses, and a second template when it lives at
routes of its own. A lone element against a lone element is one template's
branch unless routes corroborate it. Text read as a tag is never evidence.
"""

from __future__ import annotations

import random

import numpy as np
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from page_cluster.validation import find_cluster_splits, suggest_merges
from page_cluster.validation.data import clustered_corpus_from_pages
from page_cluster.validation.evidence import is_text_tag, parent_columns
from page_cluster.validation.routes import page_routes, route_counts, route_overlap

CHROME = ["body", "body>header", "body>header>nav", "body>main", "body>footer"]
SECTIONS = ["body>main>h1", "body>main>.summary", "body>main>.summary>table", "body>main>hr"]


def _content(rng: random.Random) -> list[str]:
    kinds = ["p", "ul", "ul>li", "pre", "table", "table>tr", "blockquote", "h2", "ol", "dl"]
    chosen = rng.sample(kinds, rng.randint(2, 5))
    return sorted({f"body>main>.text>{k.split('>')[0]}" for k in chosen} | {"body>main>.text"})


def _page(rng: random.Random, *, sections: bool, key: str, folder: str, name: str) -> dict:
    tokens = [*CHROME, *_content(rng), *(SECTIONS if sections else [])]
    return {"clusterKey": key, "tokens": tokens, "paths": [folder, f"{name}.html"]}


def _cluster(minority_folder: str, *, seed: int = 1) -> list[dict]:
    """40 pages with the summary sections under ``class/``, 8 without them."""
    rng = random.Random(seed)
    pages = [_page(rng, sections=True, key="k", folder="class", name=f"c{i}") for i in range(40)]
    pages += [
        _page(rng, sections=False, key="k", folder=minority_folder, name=f"d{i}") for i in range(8)
    ]
    return pages


def test_a_minority_lacking_sections_at_its_own_route_is_a_second_template():
    (split,) = find_cluster_splits(_cluster("dir"))
    assert split.evidence == "routes"
    assert [p.member_count for p in split.parts] == [40, 8]
    assert sorted(split.members[split.member_part == 1].tolist()) == list(range(40, 48))
    assert split.to_json()["evidence"] == "routes"
    assert "body>main>.summary" in split.parts[0].distinguishing_tokens


def test_the_same_minority_among_the_others_addresses_is_an_optional_part():
    assert find_cluster_splits(_cluster("class")) == []


def test_single_page_addresses_are_not_routes():
    # Every page alone in its folder: no route holds two pages, nothing corroborates.
    pages = _cluster("dir")
    for i, p in enumerate(pages):
        p["paths"] = [f"f{i}", "index.html"]
    assert find_cluster_splits(pages) == []


def _lone(tag: str) -> list[str]:
    return [*CHROME, f"body>main>{tag}"]


def test_a_lone_element_against_a_lone_element_needs_routes():
    pages = [
        {"clusterKey": "k", "tokens": _lone("p.none"), "paths": ["mod", f"a{i}.html"]}
        for i in range(12)
    ]
    pages += [
        {"clusterKey": "k", "tokens": _lone("ul"), "paths": ["mod", f"b{i}.html"]}
        for i in range(30)
    ]
    assert find_cluster_splits(pages) == []
    for p in pages[:12]:
        p["paths"] = ["other", p["paths"][1]]
    (split,) = find_cluster_splits(pages)
    assert split.evidence == "routes"
    assert [p.member_count for p in split.parts] == [30, 12]


def test_what_a_pager_in_the_main_area_holds_is_no_second_template():
    # Listings of one template at two routes: the long archives' pagers
    # hold an ellipsis between page numbers, the short tag listings' do
    # not. What a pager holds follows the listing's length and the page's
    # place; that the listing has a pager is its template's.
    def listing(dots: bool, folder: list[str]) -> dict:
        pager = ["body>main>nav.pager", "body>main>nav.pager>a.page"]
        if dots:
            pager += ["body>main>nav.pager>span.dots"]
        tokens = [*CHROME, "body>main>h1", "body>main>.summary", *pager]
        return {"clusterKey": "k", "tokens": tokens, "paths": folder}

    pages = [listing(False, ["tags", f"t{i}", "index.html"]) for i in range(12)]
    pages += [listing(True, ["archive", f"{2000 + i}", "index.html"]) for i in range(12)]
    assert find_cluster_splits(pages) == []
    # The pager itself against its absence, at routes of their own, still counts.
    pages = [listing(False, ["tags", f"t{i}", "index.html"]) for i in range(12)]
    pages += [
        {"clusterKey": "k", "tokens": [*CHROME, "body>main>h1"], "paths": ["posts", f"p{i}.html"]}
        for i in range(12)
    ]
    (split,) = find_cluster_splits(pages)
    assert split.evidence == "routes"


def test_what_the_site_navigation_opens_for_a_section_is_no_second_template():
    # A docs theme's sidebar tree opens the section the page is in: the
    # handbook's pages show its nested items expanded, the reference's pages
    # another section's. The navigation follows the page's place.
    def doc(section: str, i: int) -> dict:
        tree = ["body>aside>nav.tree", "body>aside>nav.tree>ul", "body>aside>nav.tree>ul>li"]
        if section == "handbook":  # its chapters listed, the page's own opened
            tree += [
                "body>aside>nav.tree>ul>li>ol.chapters",
                "body>aside>nav.tree>ul>li>ol.chapters>li",
                "body>aside>nav.tree>ul>li>ol.chapters>li>a",
            ]
        else:  # the reference's index of entries
            tree += [
                "body>aside>nav.tree>ul>li>dl.entries",
                "body>aside>nav.tree>ul>li>dl.entries>dt",
                "body>aside>nav.tree>ul>li>dl.entries>dd",
            ]
        tokens = [*CHROME, *tree, "body>main>h1", "body>main>.text", "body>main>.text>p"]
        return {"clusterKey": "k", "tokens": tokens, "paths": [section, f"d{i}", "index.html"]}

    pages = [doc("handbook", i) for i in range(20)] + [doc("reference", i) for i in range(8)]
    assert find_cluster_splits(pages) == []
    # Whether a page has the navigation at all, at routes of their own, still counts.
    bare = [*CHROME, "body>main>h1", "body>main>.hero", "body>main>.hero>a.button"]
    pages = [doc("handbook", i) for i in range(20)]
    pages += [
        {"clusterKey": "k", "tokens": bare, "paths": ["land", f"l{i}.html"]} for i in range(8)
    ]
    (split,) = find_cluster_splits(pages)
    assert split.evidence in {"routes", "twoSided"}


def test_two_substantial_subtrees_decide_without_routes():
    table = [*CHROME, "body>main>table", "body>main>table>tr"]
    form = [*CHROME, "body>main>form", "body>main>form>input"]
    pages = [
        {"clusterKey": "k", "tokens": t, "paths": ["x", f"{i}.html"]}
        for i, t in enumerate([table] * 6 + [form] * 6)
    ]
    (split,) = find_cluster_splits(pages)
    assert split.evidence == "twoSided"
    assert [p.member_count for p in split.parts] == [6, 6]


def _named_blocks(*, minority_name: str, both_on_one_page: bool = False) -> list[dict]:
    """40 member lists and 8 group pages, told apart only by the named block
    each kind's generator puts among free-form content (a member table, a code
    fragment); group pages are named ``minority_name``."""
    rng = random.Random(5)
    table = ["body>main>.text>table.directory", "body>main>.text>table.directory>tr"]
    fragment = ["body>main>.text>div.fragment", "body>main>.text>div.fragment>div.line"]
    pages = [
        {
            "clusterKey": "k",
            "tokens": [*CHROME, *_content(rng), *table],
            "paths": ["ref", f"class{i}-members.html"],
        }
        for i in range(40)
    ]
    pages += [
        {
            "clusterKey": "k",
            "tokens": [*CHROME, *_content(rng), *fragment],
            "paths": ["ref", minority_name.format(i)],
        }
        for i in range(8)
    ]
    if both_on_one_page:
        pages[0]["tokens"] += fragment
    return pages


def test_named_blocks_of_two_page_kinds_in_free_form_content_need_routes():
    # Each kind at its own kind of file name: two templates.
    (split,) = find_cluster_splits(_named_blocks(minority_name="group{}.html"))
    assert split.evidence == "routes"
    assert [p.member_count for p in split.parts] == [40, 8]
    assert sorted(split.members[split.member_part == 1].tolist()) == list(range(40, 48))
    # The same pages among the member lists' addresses: blocks a writer chose.
    assert find_cluster_splits(_named_blocks(minority_name="class{}-members.html")) == []
    # A page showing both blocks: optional parts of one template, wherever filed.
    assert (
        find_cluster_splits(_named_blocks(minority_name="group{}.html", both_on_one_page=True))
        == []
    )


def test_text_read_as_a_tag_is_not_structure():
    assert is_text_tag("body>.block>t") and is_text_tag("body>p>updated")
    assert is_text_tag("body>p>ahref=http:")
    for token in [
        "body",
        "body>div.x>h.~h1",
        "body>my-widget>p",
        "body>input[type=text]",
        "body>.block",
        "body>div#main>span.c",
    ]:
        assert not is_text_tag(token), token
    assert parent_columns(["body", "body>p", "body>p>t"], 3).tolist() == [-1, 0, -2]


def test_a_page_whose_only_extra_is_text_read_as_a_tag_joins_its_template():
    rng = random.Random(3)
    doc = [{"clusterKey": "doc", "tokens": [*CHROME, *_content(rng)]} for _ in range(30)]
    # Two pages with the extra: a part on one page alone would not bar a merge
    # whatever it is (it cannot show whether it is optional).
    odd = [{"clusterKey": "odd", "tokens": [*doc[k]["tokens"], "body>main>t"]} for k in (0, 1)]
    (s,) = suggest_merges([*doc, *odd])
    assert {s.cluster_key_a, s.cluster_key_b} == {"doc", "odd"}
    # The same extra as a real element, never optional anywhere, is no merge.
    for page in odd:
        page["tokens"] = [*page["tokens"][:-1], "body>main>aside"]
    assert suggest_merges([*doc, *odd]) == []


def test_mirror_copies_share_a_route_found_on_one_copy():
    paths = [[lang, "news", f"{i}.html"] for i in range(5) for lang in ("en", "fr", "ja")]
    cc = clustered_corpus_from_pages(
        [{"clusterKey": "k", "tokens": ["body"], "paths": p} for p in paths]
    )
    from page_cluster.clustering.mirror_axis import MirrorAxis

    axis = MirrorAxis(0, frozenset({"en", "fr", "ja"}))
    document = np.repeat(np.arange(5), 3)
    # Each file name recurs in three languages, yet it is one page's name.
    assert len(set(page_routes(cc, axis, document).tolist())) == 1
    assert len(set(page_routes(cc, axis).tolist())) == 5


def _partly_translated_manual() -> list[dict]:
    """A manual in English and French, a few pages also in Japanese and
    Korean, and one page (``misc/index.html``, in four languages) with a
    warning and a list the others lack."""
    base = [*CHROME, "body>main>section", "body>main>section>p"]
    odd = [*base, "body>main>.warning", "body>main>.warning>p", "body>main>dl", "body>main>dl>dt"]
    names = [f"p{i}.html" for i in range(72)]
    copies = [(lang, n) for lang in ("en", "fr") for n in names]
    copies += [(lang, n) for lang in ("ja", "ko") for n in names[60:68]]
    copies += [("ja", n) for n in names[68:]]
    pages = [
        {"clusterKey": "k", "tokens": base, "paths": ["docs", lang, "guide", n]}
        for lang, n in copies
    ]
    pages += [
        {"clusterKey": "k", "tokens": odd, "paths": ["docs", lang, "misc", "index.html"]}
        for lang in ("en", "fr", "ja", "ko")
    ]
    return pages


def test_one_page_in_several_languages_is_one_document_not_a_template():
    # Its four copies are one document, in languages the manual translates
    # only in part: one odd page, however many copies, is content (it was a
    # routed part of four pages while only English and French were read as
    # the axis).
    assert find_cluster_splits(_partly_translated_manual()) == []
    # With English and French alone as the axis, the Japanese and Korean
    # copies count as documents of their own: a part at a route of its own.
    from page_cluster.clustering.mirror_axis import MirrorAxis

    two = MirrorAxis(1, frozenset({"en", "fr"}))
    (split,) = find_cluster_splits(_partly_translated_manual(), mirror_axis=two)
    assert split.evidence == "routes"
    assert [p.member_count for p in split.parts] == [164, 4]


@st.composite
def _route_table(draw):
    rows = draw(st.integers(2, 8))
    routes = draw(st.integers(1, 5))
    counts = draw(
        st.lists(
            st.lists(st.integers(0, 4), min_size=routes + 1, max_size=routes + 1),
            min_size=rows,
            max_size=rows,
        )
    )
    sides = draw(
        st.lists(st.lists(st.booleans(), min_size=rows, max_size=rows), min_size=1, max_size=4)
    )
    return np.array(counts, dtype=np.float64), np.array(sides, dtype=bool)


@settings(max_examples=150, deadline=None)
@given(_route_table())
def test_route_overlap_is_a_share_and_symmetric_in_the_sides(table):
    counts, sides = table
    m = sp.csr_matrix(counts)
    shared, unrouted = route_overlap(sides, m)
    shared_c, unrouted_c = route_overlap(~sides, m)
    assert ((shared >= 0) & (shared <= 1 + 1e-9)).all()
    assert ((unrouted >= 0) & (unrouted <= 1 + 1e-9)).all()
    np.testing.assert_allclose(shared, shared_c)
    np.testing.assert_allclose(unrouted, unrouted_c)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 4), st.integers(0, 6), st.integers(0, 3)), min_size=1, max_size=30
    )
)
def test_route_counts_keep_every_page_and_routes_of_one_document_have_none(members):
    routes = np.array([r for r, _, _ in members])
    document = np.array([d for _, d, _ in members])
    row = np.array([w for _, _, w in members])
    counts = route_counts(routes, document, row, 4).toarray()
    assert counts.sum() == len(members)
    for r in np.unique(routes):
        docs = len(set(document[routes == r].tolist()))
        if docs < 2:
            # Its pages are in the last column, "no route".
            assert counts[:, -1].sum() >= (routes == r).sum()


def _two_kinds(group_name: str) -> list[dict]:
    """Two clusters, 20 member lists and 12 group pages, each kind's named
    block among free-form content on three pages in four: below the quorum
    a difference needs, so only the named blocks and the routes tell them
    apart (a member list with no members, a group page with no code)."""
    rng = random.Random(7)
    table = ["body>main>.text>table.directory", "body>main>.text>table.directory>tr"]
    fragment = ["body>main>.text>div.fragment", "body>main>.text>div.fragment>div.line"]
    pages = [
        {
            "clusterKey": "m",
            "tokens": [*CHROME, *_content(rng), *(table if i % 4 else [])],
            "paths": ["ref", f"class{i}-members.html"],
        }
        for i in range(20)
    ]
    pages += [
        {
            "clusterKey": "g",
            "tokens": [*CHROME, *_content(rng), *(fragment if i % 4 else [])],
            "paths": ["ref", group_name.format(i)],
        }
        for i in range(12)
    ]
    return pages


def test_named_blocks_of_two_page_kinds_at_their_own_routes_are_not_suggested_as_one():
    # Each kind at its own kind of file name: two templates, as a split reads them.
    assert suggest_merges(_two_kinds("group{}.html")) == []
    # The same pages among the member lists' addresses: blocks a writer chose.
    (merge,) = suggest_merges(_two_kinds("class{}x-members.html"))
    assert {merge.cluster_key_a, merge.cluster_key_b} == {"g", "m"}
