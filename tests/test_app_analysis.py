"""Analysis, partition views with merges, background jobs and progress."""

from __future__ import annotations

import json
import threading
from collections import Counter

import numpy as np
import pytest

from page_cluster import run_clustering, validate_cluster_partition
from page_cluster.app_support import AnalysisJobs, CrawlSource, LoadError, RunOptions, analyse
from page_cluster.app_support.analysis import analysis_key
from page_cluster.app_support.progress import READ_SHARE, RunProgress
from page_cluster.base.progress import ProgressEvent
from page_cluster.explain.reasons import build_cluster_reasons
from page_cluster.validation.data import clustered_corpus_from_corpus
from page_cluster.validation.merge import merge_key_map, merge_validated_clusters

from .app_crawls import SAMPLE, copied_host_records, sample_records, write_jsonl


@pytest.fixture(scope="module")
def sample_analysis():
    return analyse(CrawlSource.from_path(SAMPLE))


@pytest.fixture(scope="module")
def copied(tmp_path_factory):
    path = write_jsonl(tmp_path_factory.mktemp("crawl") / "copied.jsonl", copied_host_records(40))
    return analyse(CrawlSource.from_path(path))


def test_analysis_matches_the_core(sample_analysis):
    records = sample_records()
    run = run_clustering(records)
    assert sample_analysis.base_keys == run.page_keys
    assert sample_analysis.n_pages == len(records)
    report = validate_cluster_partition(clustered_corpus_from_corpus(run.corpus, run.page_keys))
    assert sample_analysis.report.to_json() == report.to_json()
    view = sample_analysis.view()
    assert view.keys == run.page_keys
    assert view.reasons == build_cluster_reasons(run)


def test_the_sample_has_no_suggestions_but_the_copied_host_crawl_has(sample_analysis, copied):
    assert sample_analysis.suggestions == []
    assert len(copied.suggestions) >= 1
    assert all(d.similarity == 1.0 for d in copied.suggestions)


def test_view_applies_only_current_suggestions(copied):
    d = copied.suggestions[0]
    pair = (d.cluster_key_b, d.cluster_key_a)  # any order
    unknown = ('["css:x","cluster:0"]', '["css:y","cluster:0"]')
    view = copied.view([pair, unknown])
    assert view.merges == (tuple(sorted(pair)),)
    assert view.keys == merge_validated_clusters(copied.base_keys, [pair])
    survivor, gone = sorted(pair)
    assert gone not in view.cluster_keys and survivor in view.cluster_keys
    assert view.merged_from(survivor) == [survivor, gone]
    assert (
        view.size(survivor) == Counter(copied.base_keys)[survivor] + Counter(copied.base_keys)[gone]
    )
    assert sorted(view.members(survivor).tolist()) == [
        i for i, k in enumerate(view.keys) if k == survivor
    ]
    assert view.reasons == build_cluster_reasons(copied.run, merge_key_map([pair]))
    assert copied.view([pair]) is view  # memoised per merge set


def test_pair_similarities_are_the_validators(sample_analysis, copied):
    for analysis in (sample_analysis, copied):
        view = analysis.view([(d.cluster_key_a, d.cluster_key_b) for d in analysis.suggestions])
        for key in view.cluster_keys:
            sims = view.pair_similarities(key)
            c = view.cohesion[key]
            n = c.sampled_member_count
            assert len(sims) == n * (n - 1) // 2
            if c.median_pair_similarity is None:
                assert len(sims) == 0
            else:
                assert np.median(sims) == pytest.approx(c.median_pair_similarity)
                assert sims.min() == pytest.approx(c.min_pair_similarity)


def test_page_reads_back_and_notices_a_changed_file(tmp_path):
    path = write_jsonl(tmp_path / "c.jsonl", sample_records(12))
    analysis = analyse(CrawlSource.from_path(path))
    assert analysis.page(3).html == sample_records(12)[3]["html"]
    write_jsonl(path, sample_records(13))
    with pytest.raises(LoadError, match="changed"):
        analysis.page(3)


def test_bad_and_empty_input_are_load_errors(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b'{"html": "<p>x</p>"}\n{"id": 2}\n')
    with pytest.raises(LoadError, match=r"^line 2: missing a string `html` field"):
        analyse(CrawlSource.from_path(bad))
    with pytest.raises(LoadError, match="no pages found"):
        analyse(CrawlSource.from_bytes(b"\n\n", "empty.jsonl"))
    with pytest.raises(LoadError) as err:
        analyse(CrawlSource.from_bytes(b"{}\n", "x.jsonl"), RunOptions(skip_invalid=True))
    assert err.value.message == (
        "no pages found; skipped 1 line (1 invalid); "
        "first: line 1: invalid (missing a string `html` field); skipped"
    )


def test_content_block_attribute_is_part_of_the_key_and_the_run():
    records = [
        {
            "html": f'<body><main><div data-bgb="x"><p>{i}</p>{"<ul><li>a</li></ul>" * i}</div></main></body>'
        }
        for i in range(4)
    ]
    data = b"".join(json.dumps(r).encode() + b"\n" for r in records)
    plain = analyse(CrawlSource.from_bytes(data, "x"))
    with_attr = analyse(CrawlSource.from_bytes(data, "x"), RunOptions("data-bgb"))
    assert plain.key != with_attr.key
    assert with_attr.key == analysis_key(plain.content_hash, RunOptions("data-bgb"))
    assert len(set(with_attr.base_keys)) == 1
    assert (
        with_attr.base_keys == run_clustering(records, content_block_attribute="data-bgb").page_keys
    )


def test_progress_goes_forward_to_one(tmp_path):
    progress = RunProgress(SAMPLE.stat().st_size)
    seen = []
    original = progress._set

    def spy(fraction, text):
        original(fraction, text)
        seen.append(progress.snapshot().fraction)

    progress._set = spy  # type: ignore[method-assign]
    analyse(CrawlSource.from_path(SAMPLE), progress=progress)
    assert seen == sorted(seen)
    assert seen[-1] == 1.0
    assert any(f == pytest.approx(READ_SHARE) for f in seen)  # reading reached its share
    assert "pages in" in progress.snapshot().text


def test_progress_text_follows_the_core_events():
    p = RunProgress(1000)
    p.bytes_read(500)
    assert p.snapshot().fraction == pytest.approx(READ_SHARE / 2)
    p.event(ProgressEvent("pass0-signals", pages_seen=2000))
    assert "2,000 pages read" in p.snapshot().text
    p.event(ProgressEvent("pass1-block-complete", blocks_processed=1, total_blocks=4))
    assert "1/4 blocks" in p.snapshot().text
    assert p.snapshot().fraction > READ_SHARE
    p.bytes_read(10)  # late reports never move the bar back
    assert p.snapshot().fraction > READ_SHARE


def test_jobs_share_one_run_per_key_and_keep_errors_until_discarded():
    jobs: AnalysisJobs[int] = AnalysisJobs(max_results=2)
    gate = threading.Event()
    calls = []

    def work(progress):
        calls.append(1)
        gate.wait(10)
        return 42

    first = jobs.submit("k", 10, work)
    second = jobs.submit("k", 10, work)
    assert first is second
    gate.set()
    assert first.wait(10) and first.result == 42 and len(calls) == 1
    assert jobs.result("k") == 42

    def broken(progress):
        raise LoadError("line 9", "invalid JSON")

    failed = jobs.submit("bad", 10, broken)
    assert failed.wait(10)
    assert failed.error == "line 9: invalid JSON" and failed.result is None
    assert jobs.get("bad") is failed  # kept until someone has shown the error
    jobs.discard("bad")
    assert jobs.get("bad") is None

    def bug(progress):
        raise KeyError("oops")

    crashed = jobs.submit("bug", 10, bug)
    assert crashed.wait(10)
    assert "KeyError" in (crashed.error or "")


def test_jobs_keep_only_the_latest_results():
    jobs: AnalysisJobs[str] = AnalysisJobs(max_results=2)
    for key in ("a", "b", "c"):
        assert jobs.submit(key, 1, lambda p, key=key: key).wait(10)
    assert jobs.result("a") is None
    assert jobs.result("b") == "b" and jobs.result("c") == "c"


def test_a_folder_page_reads_back_until_its_own_file_changes(tmp_path):
    from .app_crawls import write_site_folder

    root = write_site_folder(tmp_path / "mirror", sample_records(12))
    analysis = analyse(CrawlSource.from_path(root))
    assert analysis.input_format == "mirror" and analysis.n_pages == 12
    files = analysis.pages.files
    assert analysis.page(0).html == (root / files[0]).read_text()
    (root / files[0]).write_text("<p>rewritten</p>")
    with pytest.raises(LoadError, match="changed since it was analysed"):
        analysis.page(0)
    assert analysis.page(1).html == (root / files[1]).read_text()  # other pages still show
    (root / files[1]).unlink()
    with pytest.raises(LoadError, match="changed since it was analysed"):
        analysis.page(1)


def test_the_mirror_axis_sentence_names_a_copy_at_the_root():
    from types import SimpleNamespace

    from page_cluster.app_support.views.suggestions import mirror_axis_text
    from page_cluster.validation import MirrorAxis

    folders = SimpleNamespace(mirror_axis=MirrorAxis(0, frozenset({"en", "ja"}), 12))
    rooted = SimpleNamespace(mirror_axis=MirrorAxis(0, frozenset({"nl"}), 41, at_root=True))
    assert "root" not in mirror_axis_text(folders)
    text = mirror_axis_text(rooted)
    assert "values nl" in text and "root holds one more copy" in text and "41 pages" in text
