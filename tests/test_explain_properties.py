"""Nothing a crawl contains may crash explanation or validation (property-based)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from page_cluster import (
    extract_landmarks,
    merge_validated_clusters,
    resolve_page_cluster_keys,
    validate_cluster_partition,
)
from page_cluster.explain import resolve_landmark_variant_keys
from page_cluster.explain.landmarks import landmark_instance_tokens
from page_cluster.validation import detect_mirror_axis

from .test_properties import html_soup

LANDMARK_SOUP = st.lists(
    st.one_of(
        st.sampled_from(
            [
                "<header>",
                "</header>",
                "<nav>",
                "</nav>",
                "<footer role='contentinfo'>",
                "</footer>",
                "<div role=navigation>",
                "<div role='SEARCH '>",
                "</div>",
                "<main>",
                "</main>",
                "<aside/>",
                "</aside>",
                "<body>",
                "</body>",
                "<head>",
                "</head>",
                "<script>",
                "</script>",
                "<svg>",
                "</svg>",
                "<!--",
                "-->",
                "<form>",
                "</form>",
                "<p>",
                "<br>",
                "\r\n",
                "\n",
                "日本語",
                "🙂",
                "\ud800",
                "<",
                ">",
                "</",
                "<![CDATA[",
            ]
        ),
        st.text(max_size=8),
    ),
    max_size=50,
).map("".join)


OPEN_TAGS = [
    "header",
    "footer",
    "nav",
    "aside",
    "main",
    "search",
    "form",
    "div",
    "section",
    "ul",
    "li",
    "p",
    "svg",
    "script",
    "body",
]
ATTRIBUTES = ["", " role='navigation'", ' role="banner"', " role=main", " class='x'", " role"]
NOISE = st.sampled_from(
    ["", "\r\n", "\n", "日本語", "🙂", "\ud800", "<br>", "<!-- c -->", "</div>", "<", "&amp;"]
)


def _element(children):
    return st.builds(
        lambda tag, attr, kids, closed, noise: (
            f"<{tag}{attr}>{noise}{''.join(kids)}" + (f"</{tag}>" if closed else "")
        ),
        st.sampled_from(OPEN_TAGS),
        st.sampled_from(ATTRIBUTES),
        st.lists(children, max_size=4),
        st.sampled_from([True, True, True, False]),  # mostly closed
        NOISE,
    )


NESTED = st.recursive(NOISE, _element, max_leaves=25)


def line_col(text: str, offset: int) -> tuple[int, int]:
    before = text[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(NESTED, LANDMARK_SOUP, html_soup()))
def test_extract_landmarks_positions_are_exact_on_any_input(html):
    result = extract_landmarks(html)
    spans = []
    for kind in ("header", "footer", "nav", "aside", "form", "search", "main"):
        for inst in result.instances(kind):
            assert html[inst.start_offset : inst.end_offset] == inst.html
            assert inst.html.endswith(">")
            assert (inst.start_line, inst.start_column) == line_col(html, inst.start_offset)
            assert (inst.end_line, inst.end_column) == line_col(html, inst.end_offset)
            if kind != "main":
                spans.append((inst.start_offset, inst.end_offset))
            landmark_instance_tokens(inst)
    # Reported instances never nest, so the cut-out spans are disjoint.
    removed = sum(e - s for s, e in set(spans))
    assert len(result.remainder_html) == len(html) - removed
    json.dumps(result.to_json())


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_extract_landmarks_accepts_any_bytes(data):
    extract_landmarks(data)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(LANDMARK_SOUP, min_size=1, max_size=8))
def test_variant_keys_never_crash(htmls):
    keys = resolve_landmark_variant_keys(htmls, "nav")
    assert len(keys) == len(htmls)
    assert all(k == "none" or k.startswith("variant:") for k in keys)


segments = st.sampled_from(
    ["", "en", "ja", "fr", "a", "b", "index.html", "x.html", "日本", "{axis}"]
)
partition_pages = st.lists(
    st.fixed_dictionaries(
        {
            "clusterKey": st.sampled_from(["k1", "k2", "k3", '["css:x","cluster:0"]']),
            "tokens": st.lists(
                st.sampled_from(["body>p", "body>ul", "body>ul>li", "@body.class:x"]), max_size=4
            ),
            "paths": st.lists(segments, max_size=4),
            "stylesheetHrefs": st.lists(
                st.sampled_from(["/en/a.css", "/ja/a.css", "/a.css?v=1", ""]), max_size=2
            ),
            "host": st.sampled_from([None, "a.example", "b.example"]),
            "id": st.one_of(st.none(), st.integers(), st.text(max_size=3)),
        }
    ),
    max_size=40,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(partition_pages)
def test_validation_never_crashes_and_reports_consistently(pages):
    report = validate_cluster_partition(pages, min_skeleton_count=2)
    data = json.loads(json.dumps(report.to_json()))
    assert sum(c["memberCount"] for c in data["cohesion"]) == len(pages)
    keys = {p["clusterKey"] for p in pages}
    assert {c["clusterKey"] for c in data["cohesion"]} == keys
    for d in data["crossClusterDuplicates"]:
        assert d["clusterKeyA"] < d["clusterKeyB"]
        assert {d["clusterKeyA"], d["clusterKeyB"]} <= keys
        assert 0 <= d["similarity"] <= 1
    for c in data["cohesion"]:
        assert c["sampledMemberCount"] <= min(c["memberCount"], 40)
    merged = merge_validated_clusters([p["clusterKey"] for p in pages], report.safe_merges())
    assert set(merged) <= keys
    # Merging is idempotent: applying the same pairs again changes nothing.
    assert merge_validated_clusters(merged, report.safe_merges()) == merged


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(segments, max_size=5), max_size=40))
def test_mirror_axis_values_come_from_the_axis_position(paths):
    axis = detect_mirror_axis(paths, min_skeleton_count=2)
    if axis is not None:
        seen = {
            [s for s in p if s][axis.position]
            for p in paths
            if len([s for s in p if s]) > axis.position
        }
        assert axis.values <= seen and len(axis.values) >= 2


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(html_soup(), st.sampled_from(["en", "ja"]), st.sampled_from(["h1", "h2"])),
        min_size=1,
        max_size=10,
    )
)
def test_reports_never_crash_on_tag_soup_sites(rows):
    pages = [
        {"html": h, "paths": [lang, "s", f"{i % 3}.html"], "host": host}
        for i, (h, lang, host) in enumerate(rows)
    ]
    reasons: dict = {}
    reports: list = []
    keys = resolve_page_cluster_keys(
        pages, on_cluster_reason=reasons.__setitem__, on_partition_report=reports.append
    )
    assert set(reasons) == set(keys)
    assert sum(r["memberCount"] for r in reasons.values()) == len(pages)
    json.dumps(reasons)
    json.dumps(reports[0].to_json())


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.binary(max_size=40),
            st.builds(
                lambda rec: json.dumps(rec).encode(),
                st.dictionaries(
                    st.sampled_from(["id", "clusterKey", "x"]),
                    st.one_of(
                        st.none(),
                        st.integers(),
                        st.text(max_size=5),
                        st.lists(st.integers(), max_size=2),
                    ),
                ),
            ),
        ),
        max_size=8,
    )
)
def test_cluster_file_reader_accepts_or_rejects_cleanly(lines):
    import os
    import tempfile

    from page_cluster.cli.validate_cmd import CommandError, read_cluster_assignments

    fd, path = tempfile.mkstemp(suffix=".jsonl")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(b"\n".join(line.replace(b"\n", b" ") for line in lines))
        try:
            out = read_cluster_assignments(path)
        except CommandError as exc:
            assert str(exc).startswith(f"{path}: line ")
            return
        assert all(isinstance(v[0], str) for v in out.values())
    finally:
        os.unlink(path)
