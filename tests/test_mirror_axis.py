"""Mirror-axis detection and axis normalisation."""

from __future__ import annotations

from collections import Counter, defaultdict

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from page_cluster.clustering.autocut import auto_cut_threshold
from page_cluster.clustering.mirror_axis import (
    AT_ROOT,
    MIN_MIRRORED_SHARE,
    MIN_ROOT_DIRECTORIES,
    clean_segments,
)
from page_cluster.validation import (
    MirrorAxis,
    detect_mirror_axis,
    normalize_href_by_mirror_axis,
    normalize_path_by_mirror_axis,
)

from .sites import mirrored_site

SECTIONS = ["faq", "access", "gallery", "search", "course", "fare", "article", "index"]


def mirrored_paths(values, sections, prefix=()):
    return [[*prefix, v, s, "index.html"] for v in values for s in sections]


def test_language_axis_at_the_root():
    axis = detect_mirror_axis(mirrored_paths(["en", "zh", "ko", "th"], SECTIONS))
    assert axis is not None
    assert axis.position == 0
    assert axis.values == {"en", "zh", "ko", "th"}
    assert axis.skeleton_count == len(SECTIONS)


def test_language_axis_below_a_fixed_prefix():
    axis = detect_mirror_axis(mirrored_paths(["en", "ja", "fr"], SECTIONS, prefix=("docs",)))
    assert axis is not None and axis.position == 1 and axis.values == {"en", "ja", "fr"}
    axis = detect_mirror_axis(mirrored_paths(["en", "ja", "fr"], SECTIONS, prefix=("a", "b")))
    assert axis is not None and axis.position == 2


def test_mirrored_test_site_axis_with_and_without_prefix():
    for prefix, position in (((), 0), (("site",), 1)):
        pages = mirrored_site(prefix=prefix)
        axis = detect_mirror_axis([p["paths"] for p in pages])
        assert axis is not None
        assert (axis.position, axis.values) == (position, {"en", "ja", "fr"})


def test_a_default_language_at_the_root_is_one_more_copy():
    # English at the root, Dutch in a folder: no position shows two values,
    # but the folder's pages are the root's pages with the folder taken out.
    root = [[s, "index.html"] for s in SECTIONS] + [["index.html"]]
    paths = root + [["nl", *p] for p in root]
    axis = detect_mirror_axis(paths)
    assert axis is not None
    assert (axis.position, axis.values, axis.at_root) == (0, {"nl"}, True)
    assert axis.aligned(["faq", "index.html"]) == (AT_ROOT, "faq", "index.html")
    assert normalize_path_by_mirror_axis(["faq", "index.html"], axis) == (
        normalize_path_by_mirror_axis(["nl", "faq", "index.html"], axis)
    )
    # Two languages in folders copy each other; the root is one copy more.
    axis = detect_mirror_axis(mirrored_paths(["ja", "fr"], SECTIONS) + root)
    assert axis is not None
    assert (axis.position, axis.values, axis.at_root) == (0, {"ja", "fr"}, True)
    # All languages in folders: the root holds none of their pages.
    axis = detect_mirror_axis([*mirrored_paths(["en", "ja"], SECTIONS), ["index.html"]])
    assert axis is not None and not axis.at_root


def test_trees_that_copy_some_addresses_are_no_root_copy():
    classes = [["org", pkg, f"{pkg}{c}.html"] for pkg in ("io", "net", "util") for c in "ABCD"]
    # Source views filed like the class pages, in a folder of their own: no
    # front page of the root among them.
    views = [["src-html", *p] for p in classes]
    assert detect_mirror_axis(classes + views + [["index.html"]]) is None
    # A module re-exporting a few items of its submodule: one directory.
    items = [["std", "map", f"struct.{c}.html"] for c in "ABCDEF"]
    reexports = [["std", f"struct.{c}.html"] for c in "ABCD"]
    assert detect_mirror_axis(items + reexports) is None
    assert MIN_ROOT_DIRECTORIES >= 2


def test_single_mirror_and_plain_listings_are_not_axes():
    assert detect_mirror_axis([["en", s, "index.html"] for s in SECTIONS]) is None
    assert detect_mirror_axis([["faq", f"{i:02d}", "index.html"] for i in range(20)]) is None
    assert detect_mirror_axis([]) is None


def test_value_set_must_recur_across_min_skeleton_count_skeletons():
    assert detect_mirror_axis(mirrored_paths(["en", "zh"], ["faq", "access"])) is None
    axis = detect_mirror_axis(mirrored_paths(["en", "zh"], ["faq", "access", "gallery"]))
    assert axis is not None and axis.values == {"en", "zh"}
    paths = mirrored_paths(["en", "zh"], ["faq", "access", "gallery"])
    assert detect_mirror_axis(paths, min_skeleton_count=4) is None


def test_the_position_covering_most_skeletons_wins_over_file_name_noise():
    paths = mirrored_paths(["en", "zh", "ko"], SECTIONS) + [
        ["faq", "sub", name, "x.html"] for name in ("a", "b", "c")
    ]
    axis = detect_mirror_axis(paths)
    assert axis is not None and axis.position == 0


def test_empty_segments_are_ignored():
    paths = [["", *p, ""] for p in mirrored_paths(["en", "zh", "ko"], ["faq", "access", "gallery"])]
    axis = detect_mirror_axis(paths)
    assert axis is not None and axis.position == 0 and axis.values == {"en", "zh", "ko"}


def test_max_position_limits_the_scan():
    paths = [
        ["root", "sub", v, d, "p.html"] for v in ("en", "zh", "ko") for d in ("d1", "d2", "d3")
    ]
    assert detect_mirror_axis(paths, max_position=2) is None
    axis = detect_mirror_axis(paths, max_position=3)
    assert axis is not None and axis.position == 2 and axis.values == {"en", "zh", "ko"}


def test_partial_translations_still_form_one_axis():
    paths = mirrored_paths(["en", "ja"], SECTIONS) + mirrored_paths(["fr"], SECTIONS[:4])
    axis = detect_mirror_axis(paths)
    assert axis is not None and axis.values == {"en", "ja", "fr"}


def test_sibling_sections_sharing_a_few_file_names_are_not_mirrors():
    # Two documentation sections of 40 and 60 pages share 6 file names.
    paths = [["3.11", "library", f"mod{i}.html"] for i in range(60)]
    paths += [["3.11", "c-api", f"api{i}.html"] for i in range(34)]
    paths += [["3.11", "c-api", f"mod{i}.html"] for i in range(6)]
    assert detect_mirror_axis(paths) is None


def test_hosts_keep_sites_apart():
    # Two sites, one language each: by path alone they look mirrored.
    paths = mirrored_paths(["en"], SECTIONS) + mirrored_paths(["ja"], SECTIONS)
    hosts = ["a.example"] * len(SECTIONS) + ["b.example"] * len(SECTIONS)
    assert detect_mirror_axis(paths) is not None
    assert detect_mirror_axis(paths, hosts=hosts) is None


def test_normalize_path_by_mirror_axis():
    axis = MirrorAxis(0, frozenset({"en", "zh"}))
    assert normalize_path_by_mirror_axis(["en", "faq", "index.html"], axis) == (
        normalize_path_by_mirror_axis(["zh", "faq", "index.html"], axis)
    )
    assert (
        normalize_path_by_mirror_axis(["zh", "faq", "index.html"], axis) == "{axis}/faq/index.html"
    )
    # Not an axis value, or not at the axis position: left alone.
    assert normalize_path_by_mirror_axis(["de", "faq"], axis) == "de/faq"
    assert normalize_path_by_mirror_axis(["faq", "en"], axis) == "faq/en"
    assert normalize_path_by_mirror_axis(["", "en", "faq"], axis) == "{axis}/faq"


def test_normalize_href_by_mirror_axis():
    axis = MirrorAxis(0, frozenset({"en", "zh"}))
    a = normalize_href_by_mirror_axis("https://example.test/en/faq/page.css", axis)
    b = normalize_href_by_mirror_axis("https://example.test/zh/faq/page.css", axis)
    assert a == b == "https://example.test/{axis}/faq/page.css"
    assert normalize_href_by_mirror_axis("/assets/en/site.css", axis) == "/assets/{axis}/site.css"
    assert normalize_href_by_mirror_axis("/english/site.css", axis) == "/english/site.css"
    assert normalize_href_by_mirror_axis("/en.css", axis) == "/en.css"


def test_a_small_sample_of_a_mirrored_site_shows_its_axis_by_shared_sections():
    from page_cluster.clustering.mirror_axis import section_axis

    # Twenty pages of an eleven-language manual: no page appears in two
    # languages, so no skeleton repeats, but the same sections do.
    langs = ("en", "fr", "ja", "ko", "tr", "de", "es")
    paths = [
        ["docs", "2.4", lang, sec, f"{sec}-{lang}-{i}.html"]
        for i, lang in enumerate(langs)
        for sec in ("mod", "programs")
    ] + [["docs", "2.4", lang, f"top-{lang}.html"] for lang in langs[:6]]
    assert detect_mirror_axis(paths) is None
    assert section_axis(paths) == 2


def test_one_section_drawn_in_three_languages_shows_the_axis():
    from page_cluster.clustering.mirror_axis import section_axis

    # A 20-page draw of a manual in many languages: the module pages came in
    # three languages, every other page is alone in its directory.
    paths = [
        ["docs", "2.4", lang, "mod", f"mod_{name}.html"]
        for lang, names in (("en", "abc"), ("ja", "def"), ("fr", "ghij"))
        for name in names
    ] + [
        ["docs", "2.4", "tr", "programs", "ab.html"],
        ["docs", "2.4", "tr", "programs", "other.html"],
        ["docs", "2.4", "tr", "glossary.html"],
        ["docs", "2.4", "ko", "filter.html"],
        ["docs", "2.4", "en", "license.html"],
    ]
    assert detect_mirror_axis(paths) is None
    assert section_axis(paths) == 2
    # Two values sharing one directory name can be a coincidence.
    two = [p for p in paths if p[2] != "fr"]
    assert section_axis(two) is None


def test_entity_sub_pages_are_not_a_section_axis():
    from page_cluster.clustering.mirror_axis import section_axis

    # Each product has a review form and a questions page below it: the
    # slug position is not an axis (reviews/ and questions/ hold one name each).
    paths = [["catalogue", slug, ""] for slug in ("mug", "cup", "pot")] + [
        ["catalogue", slug, sub, "add"]
        for slug in ("mug", "cup", "pot")
        for sub in ("reviews", "questions")
    ]
    assert section_axis(paths) is None
    # A single value mirrors nothing.
    assert section_axis([["en", "mod", f"{i}.html"] for i in range(5)]) is None


def _reference_axis(paths, hosts=None, min_skeleton_count=3, max_position=3):
    """The rule as first written, page by page in Python: the array version
    must find the same axis."""
    segments = [clean_segments(p) for p in paths]
    hosts = list(hosts) if hosts is not None else [None] * len(segments)
    best = None
    for position in range(max_position):
        by_skeleton = defaultdict(set)
        for segs, host in zip(segments, hosts, strict=True):
            if len(segs) > position + 1:
                skeleton = (host, len(segs), segs[:position], segs[position + 1 :])
                by_skeleton[skeleton].add(segs[position])
        recurrence = Counter(frozenset(v) for v in by_skeleton.values() if len(v) >= 2)
        if not recurrence:
            continue
        counts = np.fromiter(recurrence.values(), dtype=np.float64)
        cut = auto_cut_threshold(np.log(np.append(counts, 1.0)))
        floor = max(float(min_skeleton_count), float(np.exp(cut)) if cut is not None else 1.0)
        qualifying = [v for v, n in recurrence.items() if n >= floor - 1e-9]
        if not qualifying:
            continue
        values = frozenset().union(*qualifying)
        # Sets beside the axis's values, recurring on enough skeletons: more values.
        values = values.union(
            *[v for v, n in recurrence.items() if n >= min_skeleton_count and v & values]
        )
        seen, mirrored, covered = Counter(), Counter(), 0
        for vals in by_skeleton.values():
            on_axis = vals & values
            seen.update(on_axis)
            if len(on_axis) >= 2:
                covered += 1
                mirrored.update(on_axis)
        if max(mirrored[v] / seen[v] for v in values) < MIN_MIRRORED_SHARE:
            continue
        if best is None or covered > best[2]:
            best = (position, values, covered)
    pages = list(zip(hosts, segments, strict=True))
    if best is not None:
        rooted = _reference_root(pages, best[0], min_skeleton_count, front=False)
        if rooted and rooted[0] & best[1]:
            return (best[0], best[1] | rooted[0], best[2], True)
        return (*best, False)
    for position in range(max_position):
        rooted = _reference_root(pages, position, min_skeleton_count, front=True)
        if rooted and (best is None or rooted[1] > best[2]):
            best = (position, rooted[0], rooted[1], True)
    return best


def _reference_root(pages, position, min_skeleton_count, *, front):
    """Folders whose pages are mostly the root's pages (the rule page by page;
    ``pages``: (host, segments) of every page, repeats included)."""
    known = set(pages)
    folders = {segs[position] for _, segs in pages if len(segs) > position + 1}
    values, total = set(), 0
    for v in folders:
        under = [(h, s) for h, s in pages if len(s) > position + 1 and s[position] == v]
        copies = [
            (*s[:position], *s[position + 1 :])
            for h, s in under
            if (h, (*s[:position], *s[position + 1 :])) in known
        ]
        dirs = {c[:-1] for c in copies}
        for h, s in pages:  # the folder's own page and the root's
            if len(s) == position + 1 and s[position] == v and (h, s[:position]) in known:
                copies.append((*s[:position], ""))
                dirs.add(s[:position])
        if (
            len(copies) >= min_skeleton_count
            and len(copies) >= MIN_MIRRORED_SHARE * len(under)
            and len(dirs) >= MIN_ROOT_DIRECTORIES
            and (not front or any(len(d) == position for d in dirs))
        ):
            values.add(v)
            total += len(copies)
    return (frozenset(values), total) if values else None


_segment = st.sampled_from(
    ["en", "ja", "fr", "de", "docs", "faq", "news", "a", "b", "", "index.html"]
)


@settings(max_examples=300, deadline=None)
@given(
    paths=st.lists(st.lists(_segment, max_size=5), max_size=80),
    hosts=st.lists(st.sampled_from([None, "a.example", "b.example"]), min_size=80, max_size=80),
)
def test_the_axis_is_the_one_the_page_by_page_rule_finds(paths, hosts):
    hosts = hosts[: len(paths)]
    got = detect_mirror_axis(paths, hosts=hosts)
    want = _reference_axis(paths, hosts)
    assert (
        None if got is None else (got.position, got.values, got.skeleton_count, got.at_root)
    ) == want


def test_the_axis_is_found_on_a_mirrored_site_with_partial_translations():
    paths = mirrored_paths(["en", "ja", "fr"], SECTIONS, prefix=("docs",))
    paths += [["docs", "de", s, "index.html"] for s in SECTIONS[:2]]
    paths += [["blog", str(i), "post.html"] for i in range(30)]
    want = _reference_axis(paths)
    axis = detect_mirror_axis(paths)
    assert (axis.position, axis.values, axis.skeleton_count, axis.at_root) == want
    assert axis.values == {"en", "ja", "fr"}  # "de" copies two sections: too few


def test_partial_translations_far_below_the_most_copied_set_join_the_axis():
    # A manual in English and French (60 pages) with 8 of its pages also in
    # Japanese and Korean and 4 more in Japanese: the most copied set recurs
    # far more often than the others, and a cut on recurrence alone kept only
    # English and French. Spanish on two pages is too few to tell.
    pages = [f"p{i}.html" for i in range(72)]
    paths = [["docs", lang, "guide", name] for lang in ("en", "fr") for name in pages]
    paths += [["docs", lang, "guide", name] for lang in ("ja", "ko") for name in pages[60:68]]
    paths += [["docs", "ja", "guide", name] for name in pages[68:72]]
    paths += [["docs", "es", "guide", name] for name in pages[:2]]
    axis = detect_mirror_axis(paths)
    assert axis is not None and axis.position == 1
    assert axis.values == {"en", "fr", "ja", "ko"}
    assert axis.skeleton_count == 72
    want = _reference_axis(paths)
    assert (axis.position, axis.values, axis.skeleton_count, axis.at_root) == want


def test_sets_beside_no_axis_value_stay_out():
    # Two sections that repeat file names among themselves but never beside
    # the mirrored languages are not more of the axis.
    pages = [f"p{i}.html" for i in range(40)]
    paths = [[lang, "guide", name] for lang in ("en", "fr") for name in pages]
    paths += [[sec, "guide", f"q{i}.html"] for sec in ("alpha", "beta") for i in range(4)]
    axis = detect_mirror_axis(paths)
    assert axis is not None and axis.values == {"en", "fr"}
