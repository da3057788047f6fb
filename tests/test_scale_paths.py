"""Scalable paths give the same answers as the exact ones on small inputs."""

from __future__ import annotations

import random
import subprocess
import sys

import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

import page_cluster.clustering.pipeline as pipeline
import page_cluster.clustering.stage_a as stage_a
from page_cluster import resolve_page_cluster_keys
from page_cluster.clustering.stage_a import near_duplicate_components
from page_cluster.io.source import open_pages

from .conftest import SAMPLE


def partition(keys):
    groups = {}
    for i, k in enumerate(keys):
        groups.setdefault(k, []).append(i)
    return sorted(sorted(g) for g in groups.values())


def test_near_duplicate_components_finds_close_rows_only():
    rows = [list(range(40)), [*range(40), 99], list(range(50, 90)), [*range(50, 90), 98]]
    rows.append(list(range(0, 20)) + list(range(60, 80)))  # half of each: far from both
    data, ind, ptr = [], [], [0]
    for r in rows:
        ind.extend(r)
        data.extend([1.0] * len(r))
        ptr.append(len(ind))
    m = sp.csr_matrix((data, ind, ptr), shape=(len(rows), 100))
    labels = near_duplicate_components(m, 0.05).tolist()
    assert labels[0] == labels[1] and labels[2] == labels[3]
    assert len({labels[0], labels[2], labels[4]}) == 3


def test_minhash_path_agrees_with_exact_on_the_sample(sample_records, monkeypatch):
    exact = resolve_page_cluster_keys(sample_records)
    monkeypatch.setattr(stage_a, "DENSE_MAX", 3)
    notes = []
    scalable = resolve_page_cluster_keys(
        sample_records, on_progress=lambda e: e.phase == "note" and notes.append(e.message)
    )
    assert partition(scalable) == partition(exact)
    assert any("minhash near-duplicate path" in n and n.startswith("pass1:") for n in notes)


def test_block_first_stage_b_agrees_on_the_sample(sample_records, monkeypatch):
    exact = resolve_page_cluster_keys(sample_records)
    monkeypatch.setattr(pipeline, "STAGE_B_DENSE_MAX", 2)
    notes = []
    scalable = resolve_page_cluster_keys(
        sample_records, on_progress=lambda e: e.phase == "note" and notes.append(e.message)
    )
    assert partition(scalable) == partition(exact)
    assert any(n.startswith("stage-b:") for n in notes)


def test_parallel_parsing_gives_identical_keys(sample_records):
    one = resolve_page_cluster_keys(sample_records, n_jobs=1)
    two = resolve_page_cluster_keys(sample_records, n_jobs=2)
    assert one == two
    order = list(range(len(sample_records)))
    random.Random(3).shuffle(order)
    shuffled = resolve_page_cluster_keys([sample_records[i] for i in order], n_jobs=2)
    back = [None] * len(order)
    for pos, i in enumerate(order):
        back[i] = shuffled[pos]
    assert back == one


def test_spawned_workers_give_identical_keys(sample_records, monkeypatch):
    # A process running threads (the app) starts its workers with "spawn": fresh
    # interpreters that import the parsing modules themselves.
    import threading

    import page_cluster.ingest.parallel_parse as parallel_parse

    spawned = []
    real = parallel_parse._parse_spawned
    monkeypatch.setattr(parallel_parse, "_parse_spawned", lambda *a: spawned.append(1) or real(*a))
    one = resolve_page_cluster_keys(sample_records, n_jobs=1)
    stop = threading.Event()
    busy = threading.Thread(target=stop.wait)
    busy.start()
    try:
        two = resolve_page_cluster_keys(sample_records, n_jobs=2)
        # A JSONL source: its undecoded lines travel to the spawned workers.
        from_lines = resolve_page_cluster_keys(open_pages(SAMPLE), n_jobs=2)
    finally:
        stop.set()
        busy.join()
    assert spawned == [1, 1]
    assert two == one
    assert from_lines == one


def test_cli_jobs_flag_output_identical():
    outs = []
    for jobs in ("1", "2"):
        res = subprocess.run(
            [sys.executable, "-m", "page_cluster", "--jobs", jobs, str(SAMPLE)],
            capture_output=True,
            timeout=300,
        )
        assert res.returncode == 0, res.stderr
        outs.append(res.stdout)
    assert outs[0] == outs[1]
    assert len(outs[0].splitlines()) == sum(1 for line in SAMPLE.read_text().splitlines() if line)
    res = subprocess.run([sys.executable, "-m", "page_cluster", "--jobs", "0"], capture_output=True)
    assert res.returncode == 2 and b"--jobs" in res.stderr


def test_progress_keeps_pass1b_above_the_reference_threshold(monkeypatch, sample_records):
    monkeypatch.setattr(pipeline, "COMPAT_PASS1B_PAGES", 10)
    events = []
    resolve_page_cluster_keys(sample_records[:40], on_progress=events.append)
    assert any(e.phase == "pass1b-assign" and e.pages_assigned == 40 for e in events)


def test_parallel_errors_name_the_record():
    bad = [{"html": "<p>x</p>"}] * 100 + [{"paths": ["a"]}]
    try:
        resolve_page_cluster_keys(bad, n_jobs=2)
    except Exception as exc:
        assert "page 100" in str(exc)
    else:
        raise AssertionError("expected an error")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sets(st.integers(0, 30), max_size=25), min_size=1, max_size=25))
def test_near_duplicate_components_only_joins_verified_close_rows(rows):
    data, ind, ptr = [], [], [0]
    for r in rows:
        ind.extend(sorted(r))
        data.extend([1.0] * len(r))
        ptr.append(len(ind))
    m = sp.csr_matrix((data, ind, ptr), shape=(len(rows), 31))
    labels = near_duplicate_components(m, 0.05)
    sets = [set(r) for r in rows]

    def close(a, b):
        union = len(sets[a] | sets[b])
        return union == 0 or 1 - len(sets[a] & sets[b]) / union <= 0.05

    # Every component is connected through verified close pairs (single linkage).
    for label in set(labels.tolist()):
        members = [i for i, lab in enumerate(labels) if lab == label]
        reached, frontier = {members[0]}, [members[0]]
        while frontier:
            a = frontier.pop()
            for b in members:
                if b not in reached and close(a, b):
                    reached.add(b)
                    frontier.append(b)
        assert reached == set(members)
    # Identical rows always end up together.
    for a in range(len(rows)):
        for b in range(len(rows)):
            if sets[a] == sets[b]:
                assert labels[a] == labels[b]


def test_workers_are_forked_before_numpy_loads():
    # The CLI starts its parsing workers from a process that has not imported
    # the numeric stack, so they parse while it loads; parsing never needs it.
    code = (
        "import sys\n"
        "import page_cluster.cli.main\n"
        "from page_cluster.parsing.signature import LocalInterner, parse_document\n"
        "p = parse_document('<body><div class=a><p>x</p></div></body>', LocalInterner(),"
        " with_stylesheet_links=True)\n"
        "print(len(p.local_ids) > 0, sorted(m for m in sys.modules if m.split('.')[0] in"
        " ('numpy', 'scipy')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True []"
