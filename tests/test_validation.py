"""Partition validation: duplicates, cohesion, merges and the combined report."""

from __future__ import annotations

import json
import random
from collections import defaultdict

import pytest

from page_cluster import (
    merge_validated_clusters,
    resolve_page_cluster_keys,
    validate_cluster_partition,
)
from page_cluster.ingest.build import build_corpus
from page_cluster.validation import (
    ClusteredPage,
    MirrorAxis,
    compute_cluster_cohesion,
    find_cross_cluster_duplicates,
)
from page_cluster.validation.data import clustered_corpus_from_corpus
from page_cluster.validation.merge import merge_key_map, safe_merges

from .sites import mirrored_site


def page(key, tokens, paths=(), hrefs=(), **kw):
    return ClusteredPage(key, frozenset(tokens), tuple(paths), tuple(hrefs), **kw)


# --- find_cross_cluster_duplicates -------------------------------------------


def test_identical_token_sets_in_two_clusters_are_a_similarity_1_duplicate():
    pages = [
        page("b", ["body>p", "body>ul"], id="p1"),
        page("a", ["body>p", "body>ul"], id="p2"),
        page("a", ["body>p"], id="p3"),
        page("c", ["body>table"], id="p4"),
    ]
    (dup,) = find_cross_cluster_duplicates(pages)
    assert (dup.cluster_key_a, dup.cluster_key_b) == ("a", "b")
    assert dup.similarity == 1.0
    assert not dup.corroborated_by_mirror_axis
    assert {dup.example_page_a, dup.example_page_b} == {"p1", "p2"}
    assert dup.to_json()["clusterKeyA"] == "a"


def test_three_clusters_sharing_one_token_set_give_three_pairs():
    pages = [page(k, ["body>p"]) for k in ("c", "a", "b")]
    pairs = [(d.cluster_key_a, d.cluster_key_b) for d in find_cross_cluster_duplicates(pages)]
    assert pairs == [("a", "b"), ("a", "c"), ("b", "c")]


def test_empty_token_sets_are_no_evidence():
    assert find_cross_cluster_duplicates([page("a", []), page("b", [])]) == []


def test_near_duplicates_need_the_mirror_axis_and_matching_stylesheets():
    axis = MirrorAxis(0, frozenset({"en", "ja"}))
    base = [f"body>t{i}" for i in range(9)]
    en = page("k-en", base, ["en", "news", "1.html"], ["/en/site.css?v=1"])
    ja = page("k-ja", [*base, "body>lang"], ["ja", "news", "1.html"], ["/ja/site.css?v=2"])
    # Without an axis only identical sets count.
    assert find_cross_cluster_duplicates([en, ja]) == []
    (dup,) = find_cross_cluster_duplicates([en, ja], mirror_axis=axis)
    assert dup.similarity == pytest.approx(0.9)
    assert dup.corroborated_by_mirror_axis and dup.safe_to_merge
    # A different stylesheet shape, a different path shape, or too little overlap: none.
    other_css = page("k-ja", ja.tokens, ja.paths, ["/ja/other.css"])
    other_path = page("k-ja", ja.tokens, ["ja", "news", "2.html"], ja.stylesheet_hrefs)
    far = page("k-ja", [*base[:5], "body>x", "body>y"], ja.paths, ja.stylesheet_hrefs)
    for other in (other_css, other_path, far):
        assert find_cross_cluster_duplicates([en, other], mirror_axis=axis) == []
    # The threshold is a parameter.
    assert find_cross_cluster_duplicates(
        [en, far], mirror_axis=axis, corroborated_similarity_threshold=0.45
    )


def test_best_pair_per_cluster_pair_and_corroboration_of_identical_mirrors():
    axis = MirrorAxis(0, frozenset({"en", "ja"}))
    t = ["body>a", "body>b", "body>c", "body>d", "body>e"]
    pages = [
        page("x", t, ["en", "p.html"], ["/en/a.css"]),
        page("y", t, ["ja", "p.html"], ["/ja/a.css"]),  # identical mirror copy
        page("y", t, ["ja", "q.html"], ["/ja/a.css"]),
    ]
    (dup,) = find_cross_cluster_duplicates(pages, mirror_axis=axis)
    assert dup.similarity == 1.0 and dup.corroborated_by_mirror_axis
    # Identical but not mirror copies of each other: reported, not corroborated.
    (dup,) = find_cross_cluster_duplicates([pages[0], pages[2]], mirror_axis=axis)
    assert dup.similarity == 1.0 and not dup.corroborated_by_mirror_axis


def _assert_one_key_per_template(pages: list[dict], merged: list[str]) -> None:
    """The merged keys put each template's pages, every language, under one key."""
    keys_of = defaultdict(set)
    for p, k in zip(pages, merged, strict=True):
        keys_of[p["template"]].add(k)
    assert all(len(v) == 1 for v in keys_of.values())
    assert len(set(merged)) == len(keys_of)


def test_language_split_partition_merges_back_to_one_key_per_template():
    for prefix in ((), ("site",)):
        pages = mirrored_site(prefix=prefix)
        corpus = build_corpus(pages)
        split = [f"{p['template']}/{p['lang']}" for p in pages]
        report = validate_cluster_partition(clustered_corpus_from_corpus(corpus, split))
        axis = report.mirror_axis
        assert axis is not None
        assert axis.position == len(prefix) and axis.values == {"en", "ja", "fr"}
        dups = report.cross_cluster_duplicates
        # en headers lack the language note: near-identical, corroborated by the axis.
        near = [d for d in dups if d.similarity < 1]
        assert near and all(d.corroborated_by_mirror_axis for d in near)
        _assert_one_key_per_template(pages, merge_validated_clusters(split, report.safe_merges()))


def test_a_default_language_at_the_root_is_a_mirror_copy_too():
    # The Japanese and French copies sit in folders, the English one at the
    # root, with its stylesheet there too: still one page in three languages.
    pages = mirrored_site(root_lang="en")
    corpus = build_corpus(pages)
    split = [f"{p['template']}/{p['lang']}" for p in pages]
    report = validate_cluster_partition(clustered_corpus_from_corpus(corpus, split))
    axis = report.mirror_axis
    assert axis is not None and axis.at_root
    assert (axis.position, axis.values) == (0, {"ja", "fr"})
    assert report.to_json()["mirrorAxis"]["atRoot"] is True
    _assert_one_key_per_template(pages, merge_validated_clusters(split, report.safe_merges()))
    # One cluster per template: the root's pages are no other route than
    # their translations, so nothing is split by language.
    truth = [p["template"] for p in pages]
    report = validate_cluster_partition(clustered_corpus_from_corpus(corpus, truth))
    assert report.split_suggestions == []


# --- compute_cluster_cohesion -------------------------------------------------


def test_glued_cluster_is_suspicious_and_template_clusters_are_not():
    pages = mirrored_site(lang_marker=False)
    corpus = build_corpus(pages)
    keys = [p["template"] for p in pages]
    keys = ["glued" if k in ("article", "profile") else k for k in keys]
    report = validate_cluster_partition(clustered_corpus_from_corpus(corpus, keys))
    by_key = {c.cluster_key: c for c in report.cohesion}
    assert by_key["glued"].suspicious
    assert by_key["glued"].median_pair_similarity < 0.75
    assert not by_key["listing"].suspicious
    assert by_key["listing"].median_pair_similarity > 0.9
    assert by_key["glued"].member_count == 36 and by_key["glued"].sampled_member_count == 36


def test_cohesion_distribution_sampling_and_singletons():
    members = {
        "big": [[f"t{i}", "shared"] for i in range(100)],
        "one": [["x"]],
        "none": [],
    }
    result = {c.cluster_key: c for c in compute_cluster_cohesion(members)}
    big = result["big"]
    assert (big.member_count, big.sampled_member_count) == (100, 40)
    # Every pair shares 1 of 3 tokens.
    assert big.median_pair_similarity == big.p10_pair_similarity == big.min_pair_similarity
    assert big.median_pair_similarity == pytest.approx(1 / 3)
    assert result["one"].median_pair_similarity is None and not result["one"].suspicious
    assert result["none"].member_count == 0
    assert [c.cluster_key for c in compute_cluster_cohesion(members)] == ["big", "none", "one"]
    with pytest.raises(ValueError):
        compute_cluster_cohesion(members, max_sample_size=1)


def test_cohesion_quantiles_follow_nearest_rank():
    # Pair similarities of {a}, {a}, {a,b}, {c}: 1, .5, 0, .5, 0, 0
    (c,) = compute_cluster_cohesion({"k": [["a"], ["a"], ["a", "b"], ["c"]]})
    assert c.min_pair_similarity == 0.0
    assert c.p10_pair_similarity == 0.0
    assert c.median_pair_similarity == pytest.approx(0.25)
    assert c.suspicious
    (c,) = compute_cluster_cohesion(
        {"k": [["a"], ["a"], ["a", "b"], ["c"]]}, suspicious_median_below=0.2
    )
    assert not c.suspicious


def test_cohesion_sample_is_deterministic_and_independent_of_page_order():
    rng = random.Random(3)
    members = [[f"t{rng.randint(0, 30)}" for _ in range(rng.randint(1, 6))] for _ in range(200)]
    shuffled = members[:]
    rng.shuffle(shuffled)
    a = compute_cluster_cohesion({"k": members})[0]
    b = compute_cluster_cohesion({"k": shuffled})[0]
    assert a == b
    assert a.sampled_member_count == 40


# --- merges -------------------------------------------------------------------


def test_merges_are_transitive_and_keep_the_smallest_key():
    keys = ["d", "c", "b", "a", "e", "c"]
    pairs = [("d", "c"), {"clusterKeyA": "b", "clusterKeyB": "d"}]
    assert merge_validated_clusters(keys, pairs) == ["b", "b", "b", "a", "e", "b"]
    assert merge_validated_clusters(keys, list(reversed(pairs))) == ["b", "b", "b", "a", "e", "b"]
    assert merge_validated_clusters(keys, []) == keys
    assert merge_key_map([("x", "y"), ("y", "z")]) == {"x": "x", "y": "x", "z": "x"}
    with pytest.raises(TypeError):
        merge_validated_clusters(keys, [("a",)])


def test_safe_merges_policy():
    dups = [
        {
            "clusterKeyA": "a",
            "clusterKeyB": "b",
            "similarity": 1,
            "corroboratedByMirrorAxis": False,
        },
        {
            "clusterKeyA": "a",
            "clusterKeyB": "c",
            "similarity": 0.9,
            "corroboratedByMirrorAxis": True,
        },
        {
            "clusterKeyA": "a",
            "clusterKeyB": "d",
            "similarity": 0.95,
            "corroboratedByMirrorAxis": False,
        },
    ]
    assert [d["clusterKeyB"] for d in safe_merges(dups)] == ["b", "c"]


# --- report and library entry points ------------------------------------------


def test_report_json_shape_and_empty_partition():
    empty = validate_cluster_partition([])
    assert empty.to_json() == {
        "mirrorAxis": None,
        "cohesion": [],
        "crossClusterDuplicates": [],
        "splitSuggestions": [],
        "mergeSuggestions": [],
    }
    report = validate_cluster_partition(
        [
            {"clusterKey": "a", "tokens": ["body>p"], "paths": ["x"], "stylesheetHrefs": []},
            {"clusterKey": "b", "tokens": ["body>p"], "paths": ["y"], "stylesheetHrefs": []},
        ]
    )
    data = json.loads(json.dumps(report.to_json()))
    # The reference's fields, and the grown ones after them (nothing removed).
    assert set(data) == {
        "mirrorAxis",
        "cohesion",
        "crossClusterDuplicates",
        "splitSuggestions",
        "mergeSuggestions",
    }
    assert set(data["cohesion"][0]) == {
        "lowMedianSimilarity",
        "clusterKey",
        "memberCount",
        "sampledMemberCount",
        "medianPairSimilarity",
        "p10PairSimilarity",
        "minPairSimilarity",
        "suspicious",
    }
    assert {"clusterKeyA", "clusterKeyB", "similarity", "corroboratedByMirrorAxis"} <= set(
        data["crossClusterDuplicates"][0]
    )
    with pytest.raises(TypeError, match="page 0"):
        validate_cluster_partition([{"tokens": ["x"]}])


def test_resolve_page_cluster_keys_partition_report_merges_identical_pages_across_hosts():
    html = "<body><header><a>x</a></header><main><article><p>t</p></article></main></body>"
    pages = [
        {"html": html, "paths": ["a", "1.html"], "host": "one.example"},
        {"html": html, "paths": ["a", "1.html"], "host": "two.example"},
    ]
    plain = resolve_page_cluster_keys(pages)
    assert plain[0] != plain[1], "blocking keeps hosts apart"
    reports, reasons = [], {}
    keys = resolve_page_cluster_keys(
        pages,
        on_partition_report=reports.append,
        on_cluster_reason=lambda k, r: reasons.__setitem__(k, r),
    )
    assert keys[0] == keys[1] == min(plain)
    (report,) = reports
    (dup,) = report.cross_cluster_duplicates
    assert dup.similarity == 1.0 and (dup.cluster_key_a, dup.cluster_key_b) == tuple(sorted(plain))
    assert list(reasons) == [keys[0]] and reasons[keys[0]]["memberCount"] == 2
    assert len(reasons[keys[0]]["blocking"]) == 2


def test_cohesion_is_the_same_whatever_the_chunk_size(monkeypatch):
    import page_cluster.validation.pairs as pairs

    rng = random.Random(5)
    members = {
        f"k{c}": [[f"t{rng.randint(0, 12)}" for _ in range(rng.randint(0, 5))] for _ in range(n)]
        for c, n in enumerate([1, 2, 3, 50, 7, 0, 41])
    }
    expected = compute_cluster_cohesion(members)
    monkeypatch.setattr(pairs, "ROW_CHUNK", 5)
    assert compute_cluster_cohesion(members) == expected
    # And equal to the pairwise definition computed naively.
    for c in expected:
        sets = [set(t) for t in members[c.cluster_key]]
        if c.sampled_member_count == c.member_count >= 2:
            sims = sorted(
                len(a & b) / len(a | b) if a | b else 1.0
                for i, a in enumerate(sets)
                for b in sets[i + 1 :]
            )
            assert c.min_pair_similarity == pytest.approx(sims[0])
            assert c.median_pair_similarity == pytest.approx(
                (sims[(len(sims) - 1) // 2] + sims[len(sims) // 2]) / 2
            )
