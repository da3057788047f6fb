"""Main-content extraction: cluster path, per-page path, options, robustness."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from page_cluster.content.blocks import segment_html
from page_cluster.content.classify import BLOCK_CLASSES
from page_cluster.content.extract import (
    ExtractOptions,
    analyze_cluster,
    extract_main_content,
    group_by_cluster,
)
from page_cluster.content.features import block_stats

from .content_site import site
from .test_properties import html_soup


def test_cluster_path_keeps_articles_and_drops_template():
    pages, texts = site(8)
    results = extract_main_content(pages, cluster_keys=["t"] * len(pages))
    for r, text in zip(results, texts, strict=True):
        assert r.siblings == 7
        assert text.split(" ", 5)[5] in r.main_text
        for chrome in ("About us", "Ten bridges worth a visit", "All rights reserved"):
            assert chrome not in r.main_text
        records = r.block_records()
        assert {rec["class"] for rec in records} <= set(BLOCK_CLASSES)
        assert any(rec["main"] for rec in records)


def test_per_page_path_reads_a_lone_article():
    pages, texts = site(1)
    [r] = extract_main_content(pages, cluster_keys=[None])
    assert r.siblings == 0
    assert texts[0].split(" ", 7)[7] in r.main_text
    assert "About us" not in r.main_text and "Ten bridges" not in r.main_text


def test_clusters_are_computed_when_not_given():
    pages, _ = site(6)
    given_keys = [r.main_text for r in extract_main_content(pages, cluster_keys=[0] * 6)]
    computed = [r.main_text for r in extract_main_content(pages)]
    assert computed == given_keys


def test_extraction_is_deterministic_and_in_input_order():
    pages, _ = site(6)
    a = extract_main_content(pages, cluster_keys=[1, 2] * 3)
    b = extract_main_content(pages, cluster_keys=[1, 2] * 3)
    assert [r.main_text for r in a] == [r.main_text for r in b]
    assert [r.page_id for r in a] == [p["id"] for p in pages]


def test_threshold_one_keeps_nothing_but_falls_back_to_text():
    pages, _ = site(4)
    results = extract_main_content(
        pages, cluster_keys=[0] * 4, options=ExtractOptions(threshold=1.0)
    )
    assert all(r.main_text for r in results)  # never an empty answer for a page with text


def test_levels_are_three_importance_groups():
    pages, _ = site(4)
    r = extract_main_content(pages, cluster_keys=[0] * 4)[0]
    own = r.stats.own[:, 0] > 0
    assert set(r.levels[own].tolist()) <= {0, 1, 2}
    assert (r.levels[~own] == -1).all()


def test_mismatched_keys_are_rejected():
    pages, _ = site(2)
    try:
        extract_main_content(pages, cluster_keys=[0])
    except ValueError as exc:
        assert "2 pages" in str(exc)
    else:
        raise AssertionError("expected a ValueError")


def test_group_by_cluster_keeps_first_appearance_order():
    assert group_by_cluster(["b", "a", "b", None, None]) == [[0, 2], [1], [3], [4]]


def test_empty_and_textless_pages():
    results = extract_main_content(
        [{"html": ""}, {"html": "<div><img src=x></div>"}, {"html": "<p>only text</p>"}],
        cluster_keys=[0, 0, 0],
    )
    assert [r.main_text for r in results][:2] == ["", ""]
    assert results[2].main_text == "only text"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(html_soup(), min_size=1, max_size=6))
def test_extraction_never_crashes_on_tag_soup(htmls):
    seg = []
    for h in htmls:
        pb = segment_html(h)
        seg.append((pb, block_stats(pb)))
    out = analyze_cluster(seg)
    assert len(out) == len(htmls)
    for c, (pb, _st) in zip(out, seg, strict=True):
        assert len(c.kept) == len(pb) and isinstance(c.main_text, str)
        c.block_records()


def test_workers_read_clusters_as_the_calling_process_does(monkeypatch):
    # Spawned workers (a process running threads, such as the app, uses them).
    import multiprocessing

    import page_cluster.parallel.executor as executor
    from page_cluster.content.extract import extract_main_content

    pages = [p for n in (5, 40, 30) for p in site(n)[0]]
    keys = [i // 25 for i in range(len(pages))]  # three clusters of 25 pages
    here = extract_main_content(pages, cluster_keys=keys)
    monkeypatch.setattr(executor, "pool_context", lambda: multiprocessing.get_context("spawn"))
    there = extract_main_content(pages, cluster_keys=keys, n_jobs=2)
    assert [c.main_text for c in there] == [c.main_text for c in here]
    assert [c.block_records() for c in there] == [c.block_records() for c in here]
    with pytest.raises(ValueError, match="jobs"):
        extract_main_content(pages, n_jobs=0)


def test_a_dominant_cluster_is_segmented_by_every_worker_with_the_same_result():
    # One template holds most pages, as on most sites: its pages are segmented
    # in shares by all workers and analysed together, not read by one worker.
    from page_cluster.content.extract import _plan_tasks, extract_main_content, group_by_cluster

    pages = [p for n in (70, 6) for p in site(n)[0]]
    keys = [0] * 70 + [1] * 6
    plan = _plan_tasks(group_by_cluster(keys), jobs=2)
    shares = [(a, b) for g, kind, a, b in plan if kind == "segment"]
    assert len(shares) >= 4 and [g for g, *_ in plan].count(0) == len(shares)
    assert shares[0][0] == 0 and shares[-1][1] == 70
    assert all(b == c for (_, b), (c, _) in itertools.pairwise(shares))
    here = extract_main_content(pages, cluster_keys=keys)
    there = extract_main_content(pages, cluster_keys=keys, n_jobs=2)
    assert [c.main_text for c in there] == [c.main_text for c in here]
    assert [c.block_records() for c in there] == [c.block_records() for c in here]
    assert all(
        np.array_equal(a.proba, b.proba) and np.array_equal(a.max_cosine, b.max_cosine)
        for a, b in zip(there, here, strict=True)
    )
    # One cluster alone is shared out too.
    one = extract_main_content(pages[:70], cluster_keys=[0] * 70, n_jobs=2)
    assert [c.main_text for c in one] == [c.main_text for c in here[:70]]


def _chrome_page(i: int, header_extra: str = "") -> dict:
    body = " ".join(
        f"Sentence {k} of story {i} tells the reader something new, with details." for k in range(6)
    )
    return {
        "id": i,
        "html": '<body><header class="site-header"><a class="logo" href="/">Library</a>'
        '<form role="search"><input name="q"><button>Search</button></form>'
        f"{header_extra}</header>"
        f"<main><article><h2>Story {i}</h2><p>{body}</p></article></main></body>",
    }


def test_chrome_repeated_on_every_sibling_is_not_main_content(sample_records):
    # The sample site's header (a logo link and a search box, two words) looks
    # like content to the classifier; it repeats on every page of a cluster.
    from page_cluster import resolve_page_cluster_keys
    from page_cluster.content.extract import extract_main_content

    keys = resolve_page_cluster_keys(sample_records)
    results = extract_main_content(sample_records, cluster_keys=keys)
    # Large clusters: one language each, so the header's words repeat exactly
    # (the three home pages, one per language, share no header text).
    in_clusters = [c for c in results if c.siblings >= 9]
    assert len(in_clusters) > 200
    for content in in_clusters:
        assert content.main_text
        assert not content.main_text.startswith("Library Search"), content.page_id


def test_chrome_text_that_differs_per_page_is_not_taken_for_template():
    from page_cluster.content.blocks import segment_html
    from page_cluster.content.extract import _repeated_chrome

    pb = segment_html(_chrome_page(0, "<p>Opening hours change on Monday 3 June</p>")["html"])
    shares = np.ones(len(pb))
    inside_main = [b for b, p in enumerate(pb.paths) if ">main" in p]
    assert inside_main and not _repeated_chrome(pb, shares)[inside_main].any()
    in_header = [b for b, p in enumerate(pb.paths) if "header" in p and ">main" not in p]
    assert in_header and _repeated_chrome(pb, shares)[in_header].all()
    shares[in_header] = 0.5  # partly page-specific text: left to the classifier
    assert not _repeated_chrome(pb, shares).any()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 120), min_size=1, max_size=12), st.integers(2, 8))
def test_the_task_plan_covers_every_page_once(sizes, jobs):
    from page_cluster.content.extract import MIN_SHARE_PAGES, _plan_tasks

    groups, start = [], 0
    for n in sizes:
        groups.append(list(range(start, start + n)))
        start += n
    plan = _plan_tasks(groups, jobs)
    covered = [i for g, _, a, b in plan for i in groups[g][a:b]]
    assert sorted(covered) == list(range(start))
    # Clusters go largest first; a shared cluster's shares are in page order.
    order = list(dict.fromkeys(g for g, *_ in plan))
    assert [len(groups[g]) for g in order] == sorted(sizes, reverse=True)
    for g in order:
        spans = [(a, b) for gg, _, a, b in plan if gg == g]
        kinds = {k for gg, k, _, _ in plan if gg == g}
        assert spans[0][0] == 0 and spans[-1][1] == len(groups[g])
        assert all(b == c for (_, b), (c, _) in itertools.pairwise(spans))
        if kinds == {"segment"}:
            assert len(groups[g]) > start / jobs
            assert all(b - a >= MIN_SHARE_PAGES for a, b in spans[:-1])
        else:
            assert kinds == {"read"} and len(spans) == 1
