"""Suspicious clusters, split suggestions and ranked merge suggestions."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter, defaultdict

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from page_cluster import validate_cluster_partition
from page_cluster.ingest.build import build_corpus
from page_cluster.validation import find_cluster_splits, split_validated_clusters, suggest_merges
from page_cluster.validation.data import (
    ClusteredCorpus,
    as_clustered_corpus,
    clustered_corpus_from_corpus,
)
from page_cluster.validation.evidence import significant
from page_cluster.validation.merge import merge_validated_clusters

from . import cms_site
from .sites import mirrored_site


def _records(tokens_by_key):
    return [{"clusterKey": k, "tokens": t} for k, t in tokens_by_key]


def _content(rng: random.Random) -> list[str]:
    """Free-form article content: a varying choice of blocks under one container."""
    kinds = ["p", "ul", "ul>li", "pre", "table", "table>tr", "blockquote", "h2", "h3", "ol"]
    chosen = rng.sample(kinds, rng.randint(2, 6))
    out = {f"body>main>article>{k.split('>')[0]}" for k in chosen}
    return sorted(out | {f"body>main>article>{k}" for k in chosen})


CHROME = ["body>header", "body>header>nav", "body>footer", "body>main"]


def _article(rng: random.Random, *, toc: bool = False, wide: bool = False) -> list[str]:
    head = "body>header.top.top--wide" if wide else "body>header.top"
    extra = ["body>main>nav.toc", "body>main>nav.toc>ul"] if toc else []
    return [*CHROME, head, "body>main>article", *_content(rng), *extra]


def _listing(rng: random.Random) -> list[str]:
    """A search page: a form, and a results list (with or without the form's input)."""
    form = ["body>main>form.search", "body>main>form.search>input"][: rng.randint(1, 2)]
    return [*CHROME, "body>header.top", *form, "body>main>ol.results", "body>main>ol.results>li"]


# --- split suggestions ------------------------------------------------------


def test_a_cluster_glued_from_two_templates_is_split_along_them():
    rng = random.Random(3)
    pages = [("k", _article(rng)) for _ in range(30)] + [("k", _listing(rng)) for _ in range(12)]
    (split,) = find_cluster_splits(_records(pages))
    assert split.cluster_key == "k" and split.member_count == 42
    assert [p.member_count for p in split.parts] == [30, 12]
    truth = np.array([0] * 30 + [1] * 12)
    assert (split.member_part[np.argsort(split.members)] == truth).all()
    assert "body>main>article" in split.parts[0].distinguishing_tokens
    assert "body>main>ol.results" in split.parts[1].distinguishing_tokens
    assert split.between_similarity < split.within_similarity


def test_varied_content_optional_sections_and_header_variants_are_not_suspicious():
    rng = random.Random(5)
    pages = [
        ("k", _article(rng, toc=rng.random() < 0.4, wide=rng.random() < 0.3)) for _ in range(60)
    ]
    assert find_cluster_splits(_records(pages)) == []
    report = validate_cluster_partition(_records(pages))
    assert [c.suspicious for c in report.cohesion] == [False]


def _product(rng: random.Random, *, reviews: bool, related: bool) -> list[str]:
    """A product page: a description of varying blocks, and optional reviews
    and related-products blocks in the product's container."""
    box = "body>main>div.product"
    kinds = ["p", "ul", "ul>li", "table", "table>tr", "h2", "h3", "ol", "pre", "blockquote"]
    body = {f"{box}>div.body>{k}" for k in rng.sample(kinds, rng.randint(2, 6))}
    out = [*CHROME, "body>header.top", box, f"{box}>h1", f"{box}>div.body", *sorted(body)]
    if reviews:
        out += [f"{box}>section.reviews", f"{box}>section.reviews>ol"]
    if related:
        out += [f"{box}>aside.related", f"{box}>aside.related>ul"]
    return out


def test_optional_parts_some_page_has_side_by_side_do_not_make_two_templates():
    rng = random.Random(4)
    one = [("k", _product(rng, reviews=True, related=False)) for _ in range(20)]
    other = [("k", _product(rng, reviews=False, related=True)) for _ in range(20)]
    # One product page has both blocks: neither block excludes the other.
    both = [("k", _product(rng, reviews=True, related=True))]
    assert find_cluster_splits(_records(one + other + both)) == []
    # Without it the blocks never share a page: that is two templates.
    (split,) = find_cluster_splits(_records(one + other))
    assert sorted(p.member_count for p in split.parts) == [20, 20]


def test_two_odd_pages_are_content_not_a_template():
    rng = random.Random(9)
    pages = [("k", _article(rng)) for _ in range(40)]
    pages.append(("k", [*CHROME, "body>header.top", "body>main>dl"]))
    assert find_cluster_splits(_records(pages)) == []


def test_glued_pairs_of_the_cms_site_are_split_along_templates_and_the_truth_is_not_flagged():
    records = cms_site.build()
    pages = [r for r, _ in records]
    labels = [t for _, t in records]
    corpus = build_corpus(pages)
    assert find_cluster_splits(clustered_corpus_from_corpus(corpus, labels)) == []
    sizes = Counter(labels)
    big = sorted(t for t, n in sizes.items() if n >= 4)
    pairs = list(itertools.combinations(big, 2))
    split_well = 0
    for a, b in pairs:
        keys = ["glued" if t in (a, b) else t for t in labels]
        splits = find_cluster_splits(clustered_corpus_from_corpus(corpus, keys))
        # Only the glued cluster may be flagged; its parts never mix the two templates.
        assert {s.cluster_key for s in splits} <= {"glued"}, (a, b)
        for s in splits:
            parts = defaultdict(set)
            for page, part in zip(s.members.tolist(), s.member_part.tolist(), strict=True):
                parts[part].add(labels[page])
            assert all(len(v) == 1 for v in parts.values()), (a, b, dict(parts))
            split_well += 1
    # Archive listings that differ by one header element only (one-sided) stay together.
    assert split_well >= 2 * len(pairs) / 3


def test_split_keys_apply_to_the_partition_and_check_membership():
    table = ["body>main", "body>main>table", "body>main>table>tr"]
    form = ["body>main", "body>main>form", "body>main>form>input"]
    pages = [("k", table), ("k", form)] * 3 + [("j", ["body>p"])]
    keys = [k for k, _ in pages]
    (split,) = find_cluster_splits(_records(pages))
    out = split_validated_clusters(keys, [split])
    assert out[-1] == "j"
    assert Counter(out) == Counter({"k": 3, "k#split:1": 3, "j": 1})
    assert len({out[i] for i in range(0, 6, 2)}) == 1
    with pytest.raises(ValueError, match="not in cluster"):
        split_validated_clusters(["x"] * 7, [split])


def test_splits_survive_degenerate_partitions():
    assert find_cluster_splits([]) == []
    assert find_cluster_splits(_records([("a", [])] * 5)) == []
    assert find_cluster_splits(_records([("a", ["body>p"])] * 9)) == []
    assert find_cluster_splits(_records([("a", ["x"]), ("b", ["y"])])) == []
    # Without a vocabulary every token is a top-level one; nothing breaks.
    base = as_clustered_corpus(_records([("k", ["a", "b"])] * 3 + [("k", ["c", "d"])] * 3))
    bare = ClusteredCorpus(
        base.matrix,
        base.page_sig,
        base.page_cluster,
        base.cluster_keys,
        base.paths,
        base.stylesheet_hrefs,
        base.hosts,
    )
    (split,) = find_cluster_splits(bare)
    assert sorted(p.member_count for p in split.parts) == [3, 3]


def test_splits_do_not_depend_on_page_order():
    rng = random.Random(11)
    pages = [("k", _article(rng)) for _ in range(25)] + [("k", _listing(rng)) for _ in range(8)]
    shuffled = pages[:]
    random.Random(1).shuffle(shuffled)
    a = find_cluster_splits(_records(pages))[0].to_json()
    b = find_cluster_splits(_records(shuffled))[0].to_json()
    for part in (*a["parts"], *b["parts"]):
        part.pop("examplePages")
    assert a == b


# --- merge suggestions ------------------------------------------------------


def _doc(rng, toc):
    return _article(rng, toc=toc)


def test_a_template_split_by_an_optional_section_is_suggested_and_another_template_is_not():
    rng = random.Random(2)
    pages = (
        [("docs", _doc(rng, toc=rng.random() < 0.1)) for _ in range(40)]
        + [("docs-toc", _doc(rng, toc=True)) for _ in range(6)]
        + [("search", _listing(rng)) for _ in range(10)]
    )
    suggestions = suggest_merges(_records(pages))
    assert [(s.cluster_key_a, s.cluster_key_b) for s in suggestions] == [("docs", "docs-toc")]
    (s,) = suggestions
    assert s.kind == "optionalSections"
    assert s.only_in_b == ["body>main>nav.toc"] and s.only_in_a == []
    assert 0 < s.confidence <= 1
    data = s.to_json()
    assert {"clusterKeyA", "clusterKeyB", "confidence", "kind", "onlyInA", "onlyInB"} <= set(data)


def test_a_subtree_nobody_ever_has_optionally_is_not_an_optional_section():
    rng = random.Random(4)
    pages = [("docs", _doc(rng, toc=False)) for _ in range(30)] + [
        ("docs-toc", _doc(rng, toc=True)) for _ in range(6)
    ]
    assert suggest_merges(_records(pages)) == []


def test_class_variants_of_one_element_are_suggested_as_one_template():
    rng = random.Random(6)
    pages = [("plain", _article(rng)) for _ in range(20)] + [
        ("wide", _article(rng, wide=True)) for _ in range(20)
    ]
    (s,) = suggest_merges(_records(pages))
    assert s.kind == "classVariants"
    assert s.class_variants == [["body>header.top", "body>header.top.top--wide"]]


def test_a_suggested_merge_is_never_a_cluster_the_splitter_would_cut():
    rng = random.Random(8)
    pages = (
        [("docs", _doc(rng, toc=rng.random() < 0.1)) for _ in range(30)]
        + [("docs-toc", _doc(rng, toc=True)) for _ in range(5)]
        + [("search", _listing(rng)) for _ in range(10)]
    )
    keys = [k for k, _ in pages]
    merged = merge_validated_clusters(keys, suggest_merges(_records(pages)))
    again = [{"clusterKey": k, "tokens": t} for k, (_, t) in zip(merged, pages, strict=True)]
    assert find_cluster_splits(again) == []


def test_a_lone_element_each_side_is_one_template_branching_and_is_suggested():
    # The definition list of most pages holds a nested list, of a few a table
    # instead; each is optional somewhere on the site. A lone element against a
    # lone element would not split the pair glued together, so it is no bar.
    rng = random.Random(14)
    base = [*CHROME, "body>main>dl", "body>main>dl>dd"]
    nested, label = "body>main>dl>dd>ul", "body>main>dl>dd>table"
    big = [[*base, nested]] * 27 + [base] * 2 + [[*base, label]]
    pages = [("big", [*t, *_content(rng)]) for t in big]
    pages += [("small", [*base, label, *_content(rng)]) for _ in range(5)]
    assert find_cluster_splits(_records([("k", t) for _, t in pages])) == []
    (s,) = suggest_merges(_records(pages))
    assert (s.cluster_key_a, s.cluster_key_b) == ("big", "small")
    assert s.only_in_a == [nested] and s.only_in_b == [label]


def test_two_elements_each_side_are_two_templates_and_not_suggested():
    base = ["body>main", "body>main>p"]
    table = ["body>main>table", "body>main>table>tr"]
    form = ["body>main>form", "body>main>form>input"]
    pages = [("a", base + table)] * 27 + [("a", base)] * 3 + [("b", base + form)] * 5
    pages += [("c", base + table + form), ("c", base)]  # both optional somewhere
    assert not any(
        {m.cluster_key_a, m.cluster_key_b} == {"a", "b"} for m in suggest_merges(_records(pages))
    )


def test_which_kinds_of_entry_a_shared_table_holds_is_content_for_a_merge():
    # One usage page template in two clusters: on most pages the usage table's
    # rows hold a name cell and a description cell, on a few one cell with a
    # block. Each side differs by two items inside the rows, which would be
    # two templates if the rows' insides were the template's structure.
    table = ["body>main>table.use", "body>main>table.use>tr", "body>main>table.use>tr>th"]
    rows = ["body>main>table.use>tr>td.first", "body>main>table.use>tr>td.last"]
    one = ["body>main>table.use>tr>td.one", "body>main>table.use>tr>td.one>div.block"]
    pages = [("uses", [*CHROME, *table, *rows])] * 6 + [("few", [*CHROME, *table, *one])] * 3
    (s,) = suggest_merges(_records(pages))
    assert {s.cluster_key_a, s.cluster_key_b} == {"uses", "few"}
    # The differences stay listed as the suggestion's evidence.
    assert sorted(s.only_in_a + s.only_in_b) == sorted(rows + one[:1])
    # The same parts as the page's own blocks, not inside a table's rows, are
    # two templates.
    flat = [("uses", [*CHROME, "body>main>div.first", "body>main>div.last"])] * 6
    flat += [("few", [*CHROME, "body>main>div.one", "body>main>div.one>div.block"])] * 3
    assert suggest_merges(_records(flat)) == []


def _node(rng: random.Random) -> list[str]:
    """A manual's node: paragraphs, and a varying choice of other blocks."""
    return [*CHROME, "body>main>article", "body>main>article>p", *_content(rng)]


def _index_page(rng: random.Random) -> list[str]:
    """The manual's index: an index table and no running text; a letter bar on some."""
    table = ["body>main>article>table.index", "body>main>article>table.index>tr"]
    letters = ["body>main>article>table.letters"] if rng.random() < 0.5 else []
    return [*CHROME, "body>main>article", "body>main>article>h2", *table, *letters]


def test_prose_against_an_index_block_is_two_templates_and_not_suggested():
    # Both clusters fill the article freely, which hides what is inside it from
    # the other rules; the nodes always print paragraphs there, the index pages
    # never do and print an index table instead.
    rng = random.Random(16)
    pages = [("nodes", _node(rng)) for _ in range(60)]
    pages += [("index", _index_page(rng)) for _ in range(6)]
    assert suggest_merges(_records(pages)) == []
    # A node cluster that only lacks some blocks is still the nodes' template.
    pages += [("short", [*CHROME, "body>main>article", "body>main>article>p"]) for _ in range(4)]
    assert {(s.cluster_key_a, s.cluster_key_b) for s in suggest_merges(_records(pages))} == {
        ("nodes", "short")
    }


def _translated(key: str, tokens: list[str], name: str) -> list[dict]:
    return [
        {"clusterKey": key, "tokens": tokens, "paths": [lang, "docs", name]}
        for lang in ("en", "ja", "fr")
    ]


VIDEO = ["body>main>figure.video", "body>main>figure.video>iframe"]


def test_a_part_the_site_shows_on_one_document_does_not_bar_a_merge():
    # A page alone in its cluster for a one-off block (in three languages: one
    # document) cannot show whether the block is optional: it is suggested
    # back to its template. Shown by two documents and never optional, the
    # block bars the merge as before.
    rng = random.Random(18)
    docs = [r for i in range(12) for r in _translated("docs", _doc(rng, False), f"{i}.html")]
    odd = [*_doc(rng, False), *VIDEO]
    once = docs + _translated("odd", odd, "odd.html")
    (s,) = suggest_merges(once)
    assert (s.cluster_key_a, s.cluster_key_b, s.kind) == ("docs", "odd", "optionalSections")
    assert s.only_in_b == ["body>main>figure.video"]
    twice = once + _translated("odd", [*_doc(rng, False), *VIDEO], "odd2.html")
    assert suggest_merges(twice) == []
    # Without the mirror axis, the three copies are three pages showing it.
    assert suggest_merges(once, mirror_axis=None) == []


def test_a_part_on_nearly_every_page_of_the_larger_cluster_is_its_own_not_optional():
    # Class pages all carry a description; two directory pages are glued to
    # them (the site then shows the description "optional"). The directory
    # cluster lacks it on every page: not the class template with the
    # description left out, whatever the glued pages show.
    desc = ["body>main>div.textblock", "body>main>div.textblock>p"]
    listing = ["body>main>h1", "body>main>ul.files"]
    classes = [("class", [*CHROME, "body>main>h1", *desc]) for _ in range(40)]
    glued = [("class", [*CHROME, *listing]) for _ in range(2)]
    dirs = [("dir", [*CHROME, *listing]) for _ in range(12)]
    assert suggest_merges(_records(classes + glued + dirs)) == []
    # The smaller cluster's own extras are still optional ones: six pages
    # with a description against a cluster of listings that has it on two.
    plain = [("dir", [*CHROME, *listing]) for _ in range(30)] + [
        ("dir", [*CHROME, *listing, *desc]) for _ in range(2)
    ]
    described = [("described", [*CHROME, *listing, *desc]) for _ in range(6)]
    (s,) = suggest_merges(_records(plain + described))
    assert (s.cluster_key_a, s.cluster_key_b, s.kind) == ("described", "dir", "optionalSections")
    assert (s.only_in_a, s.only_in_b) == (["body>main>div.textblock"], [])


def test_two_page_types_named_on_body_are_not_suggested_as_one_template():
    # The same layout, and every page names its type on <body> (javadoc's
    # class-use-page and all-packages-index-page, WordPress's single / page).
    table = ["body>main>h1", "body>main>div.caption", "body>main>div.summary-table"]
    uses = [("uses", [*CHROME, *table, "@body.class:class-use-page"]) for _ in range(20)]
    index = [("index", [*CHROME, *table, "@body.class:all-packages-index-page"])]
    assert suggest_merges(_records(uses + index)) == []
    # A class on one side only is an option of one template: still suggested.
    plain = [("index", [*CHROME, *table])]
    (s,) = suggest_merges(_records(uses + plain))
    assert {s.cluster_key_a, s.cluster_key_b} == {"uses", "index"}


def test_a_link_or_code_word_in_one_page_prose_is_no_template_difference():
    rng = random.Random(12)
    pages = [("docs", [*_doc(rng, toc=False), "body>main>article>p"]) for _ in range(30)]
    odd = [*_doc(rng, toc=False), "body>main>article>p", "body>main>article>p>code"]
    pages.append(("odd", odd))
    (s,) = suggest_merges(_records(pages))
    assert {s.cluster_key_a, s.cluster_key_b} == {"docs", "odd"}
    assert s.only_in_a == s.only_in_b == []


def test_significance_needs_more_than_one_page_against_a_common_token():
    # One page lacking what 85% of 900 pages have is ordinary; five are not.
    assert significant([0.0], [0.85], 1, 900).tolist() == [False]
    assert significant([0.0], [0.85], 5, 900).tolist() == [True]
    assert significant([0.0], [1.0], 1, 900).tolist() == [True]


# --- the report -------------------------------------------------------------


def test_report_carries_flags_splits_and_merges_in_json():
    pages = mirrored_site(lang_marker=False)
    corpus = build_corpus(pages)
    keys = ["glued" if p["template"] in ("article", "profile") else p["template"] for p in pages]
    report = validate_cluster_partition(clustered_corpus_from_corpus(corpus, keys))
    data = json.loads(json.dumps(report.to_json()))
    flagged = {c["clusterKey"] for c in data["cohesion"] if c["suspicious"]}
    assert flagged == {"glued"} == {s["clusterKey"] for s in data["splitSuggestions"]}
    (split,) = data["splitSuggestions"]
    assert sum(p["memberCount"] for p in split["parts"]) == split["memberCount"] == 36
    assert all(p["distinguishingTokens"] for p in split["parts"])
    assert isinstance(data["mergeSuggestions"], list)
    assert all("lowMedianSimilarity" in c for c in data["cohesion"])


# --- never crashes ----------------------------------------------------------

_STEPS = [
    "body",
    "main",
    "div.a",
    "div.a.b",
    ".x",
    "p",
    "ul",
    "li.c-1",
    "li.c-2",
    "li.c-3",
    "@body.class:k",
]


@st.composite
def _partitions(draw):
    n = draw(st.integers(min_value=0, max_value=30))
    pages = []
    for _ in range(n):
        depth_paths = draw(
            st.lists(st.lists(st.sampled_from(_STEPS), min_size=1, max_size=4), max_size=8)
        )
        tokens = {">".join(p) for p in depth_paths}
        key = draw(st.sampled_from(["a", "b", "c"]))
        lang = draw(st.sampled_from(["en", "ja", "fr"]))
        pages.append({"clusterKey": key, "tokens": sorted(tokens), "paths": [lang, "p.html"]})
    return pages


@settings(max_examples=40, deadline=None)
@given(_partitions())
def test_any_partition_validates_without_error_and_suggestions_are_consistent(pages):
    report = validate_cluster_partition(pages)
    json.dumps(report.to_json())
    keys = [p["clusterKey"] for p in pages]
    split_keys = split_validated_clusters(keys, report.split_suggestions)
    assert len(split_keys) == len(keys)
    for s in report.split_suggestions:
        assert sum(p.member_count for p in s.parts) == s.member_count >= 2 * len(s.parts)
        assert {keys[i] for i in s.members.tolist()} == {s.cluster_key}
    flagged = {c.cluster_key for c in report.cohesion if c.suspicious}
    assert flagged == {s.cluster_key for s in report.split_suggestions}
    for m in report.merge_suggestions:
        assert m.cluster_key_a != m.cluster_key_b and 0 <= m.confidence <= 1


def test_a_classed_wrapper_and_a_bare_one_are_one_element_renamed():
    # Three pages print their content wrapper and heading block with classes
    # (``.contents``, ``.header``: classed divs) where the rest print a bare
    # ``div``: one element named two ways, not a second template.
    rng = random.Random(13)
    bare = ["body>main>div", "body>main>div>h1", "body>main>div>p", "body>main>div>ul"]
    classed = [
        "body>main>.header",
        "body>main>.header>h1",
        "body>main>.contents",
        "body>main>.contents>p",
        "body>main>.contents>ul",
    ]
    pages = [("k", [*CHROME, *bare, *_content(rng)]) for _ in range(34)]
    pages += [("k", [*CHROME, *classed, *_content(rng)]) for _ in range(3)]
    assert find_cluster_splits(_records(pages)) == []
