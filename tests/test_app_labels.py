"""Human cluster labels: what they say, that they are unique, that crawl input never breaks them."""

from __future__ import annotations

import re
from fnmatch import fnmatchcase

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from page_cluster.app_support import CrawlSource, analyse
from page_cluster.app_support.labels import (
    MAX_TITLE_CHARS,
    cluster_labels,
    main_area,
    page_title,
    title_pattern,
    url_pattern,
)
from page_cluster.app_support.views import export

from .app_crawls import COPY_HOST, copied_host_records, write_jsonl


def _matches(pattern: str, path: tuple[str, ...]) -> bool:
    """Whether a URL pattern covers a path (``*`` one segment, a final ``**`` the rest)."""
    parts = pattern.strip("/").split("/") if pattern != "/" else []
    deep = parts[-1:] == ["**"]
    fixed = parts[:-1] if deep else parts
    if len(path) < len(fixed) or (not deep and len(path) != len(fixed)):
        return False
    return all(fnmatchcase(seg, pat) for seg, pat in zip(path, fixed, strict=False))


def test_url_patterns() -> None:
    assert url_pattern([("news", "2024", "a.html"), ("news", "2023", "b.html")]) == "/news/*/*.html"
    assert url_pattern([("news", "a"), ("news", "b.html")]) == "/news/*"
    assert url_pattern([("a",), ("a", "b"), ("a", "b", "c")]) == "/a/**"
    assert url_pattern([]) == ""


def test_title_patterns_keep_whole_words() -> None:
    assert title_pattern(["Red shoe | Shop", "Red hat | Shop"]) == "Red * | Shop"
    assert title_pattern(["Report 2023 - Acme", "Report 2024 - Acme"]) == "Report * - Acme"
    assert title_pattern(["Alpha.", "Beta."]) == ""  # punctuation alone is no pattern
    assert title_pattern(["", ""]) == ""


def test_main_area_names_what_is_inside_main() -> None:
    tokens = ["body>main", "body>main>ul.list", "body>main>ul.list>li", "body>main>h1"]
    assert main_area(tokens) == "main > ul.list, h1"
    many = ["body>main>a", "body>main>b", "body>main>c"]
    assert main_area(many) == "main > a, b …"
    assert main_area(["body>div[role=main]>table"]) == "main > table"


def test_page_titles_from_text_and_bytes() -> None:
    assert page_title("<title>A\n\tB</title>") == "A B"
    assert page_title(b"<title>\x93quoted\x94</title>", "windows-1252") == "“quoted”"
    assert page_title(b"<title>x</title>", "no-such-codec") == "x"
    assert page_title("<p>" + "x" * 40_000 + "<title>late</title>") == ""  # head only
    assert len(page_title("<title>" + "long " * 100 + "</title>")) <= MAX_TITLE_CHARS


def test_two_hosts_get_distinct_readable_labels(tmp_path) -> None:
    """The copied host's clusters have the same structure and paths as the originals;
    their labels differ by host, and nothing in them is a hash."""
    crawl = write_jsonl(tmp_path / "two-hosts.jsonl", copied_host_records(40))
    analysis = analyse(CrawlSource.from_path(crawl))
    view = analysis.view()
    labels = [view.label(k) for k in view.cluster_keys]
    assert len(set(labels)) == len(labels)
    assert sum(COPY_HOST in label for label in labels) == len(labels) // 2
    assert not any(re.search(r"[0-9a-f]{12}|cluster:\d", label) for label in labels)
    for key in view.cluster_keys:
        pattern = view.label(key).split(" · ")[0].split("/", 1)[1]
        for p in view.members(key):
            assert _matches("/" + pattern, analysis.pages.paths[int(p)])
    rows = export.clusters_csv(analysis, view).splitlines()
    assert rows[0] == "id,clusterKey,path,host,clusterLabel"


def test_repeated_labels_are_numbered_in_key_order() -> None:
    members = {"k2": np.array([1]), "k1": np.array([0]), "k3": np.array([2])}
    labels = cluster_labels(members, [("a",), ("a",), ("b",)], [None] * 3, ["T", "T", "T"], {})
    assert labels == {"k1": "/a · “T” (1)", "k2": "/a · “T” (2)", "k3": "/b · “T”"}


_segment = st.text(st.characters(codec="utf-8"), max_size=8)


@settings(max_examples=150, deadline=None)
@given(
    paths=st.lists(st.lists(_segment, max_size=4).map(tuple), min_size=1, max_size=12),
    titles=st.lists(st.text(max_size=30), min_size=12, max_size=12),
    hosts=st.lists(st.sampled_from([None, "a.example", "b.example", ""]), min_size=12, max_size=12),
    cut=st.integers(0, 12),
)
def test_labels_are_unique_one_line_and_cover_every_key(paths, titles, hosts, cut) -> None:
    n = len(paths)
    members = {"x": np.arange(0, min(cut, n)), "y": np.arange(min(cut, n), n)}
    members = {k: v for k, v in members.items() if len(v)}
    labels = cluster_labels(members, paths, hosts[:n], titles[:n], {"x": ["body>main>p"]})
    assert set(labels) == set(members)
    assert len(set(labels.values())) == len(labels)
    assert all(label and "\n" not in label and "\r" not in label for label in labels.values())


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(st.binary(max_size=300), st.text(max_size=300)),
    st.sampled_from([None, "utf-8", "shift_jis", "bogus"]),
)
def test_page_title_never_raises(markup, encoding) -> None:
    for doc in (
        markup,
        b"<title>" + markup + b"</title>"
        if isinstance(markup, bytes)
        else f"<title>{markup}</title>",
    ):
        title = page_title(doc, encoding)
        assert isinstance(title, str) and len(title) <= MAX_TITLE_CHARS
        assert not re.search(r"[\x00-\x1f]", title)
