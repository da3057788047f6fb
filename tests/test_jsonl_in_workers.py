"""JSONL lines decoded in the parsing workers: same pages, same errors, same counts."""

from __future__ import annotations

import io
import json
import pickle
import subprocess
import sys

import pytest

from page_cluster.ingest.build import build_corpus
from page_cluster.io.jsonl import InputError
from page_cluster.io.source import open_pages

from .conftest import SAMPLE

CMD = [sys.executable, "-m", "page_cluster"]


def _with_bad_line(at: int, bad: bytes) -> tuple[bytes, int]:
    """The sample site (273 pages) with ``bad`` inserted as line ``at``."""
    lines = SAMPLE.read_bytes().splitlines(keepends=True)
    lines.insert(at - 1, bad)
    return b"".join(lines), len(lines)


def test_input_error_survives_pickling():
    exc = pickle.loads(pickle.dumps(InputError("line 9", "invalid JSON (Expecting value)")))
    assert (exc.location, exc.message) == ("line 9", "invalid JSON (Expecting value)")
    assert str(exc) == "line 9: invalid JSON (Expecting value)"


@pytest.mark.parametrize(
    ("bad", "needle"),
    [(b'{"html": oops}\n', b"invalid JSON"), (b'{"paths": ["a"]}\n', b"`html`")],
)
def test_a_bad_line_deep_in_a_parallel_run_stops_it_with_its_line_number(bad, needle):
    data, _ = _with_bad_line(200, bad)
    res = subprocess.run([*CMD, "--jobs", "2"], input=data, capture_output=True, timeout=300)
    assert res.returncode == 1
    assert res.stdout == b""
    assert b"line 200: " in res.stderr and needle in res.stderr


@pytest.mark.parametrize("jobs", [1, 2])
def test_skipped_lines_are_counted_and_left_out_in_input_order(jobs):
    data, n_lines = _with_bad_line(150, b"[1, 2]\n")
    data += b"\n   \n"  # blank lines are not records
    skipped = []
    source = open_pages(io.BytesIO(data), skip_invalid=True, on_skip=skipped.append)
    records = []
    corpus = build_corpus(source, jobs=jobs, on_record=records.append)
    assert corpus.n_pages == n_lines - 1 == source.report.pages
    assert [(s.reason, s.position) for s in skipped] == [("invalid", "line 150")]
    assert source.report.skipped_total == 1
    expected = [json.loads(line) for line in data.splitlines() if line.strip()]
    expected = [r for r in expected if isinstance(r, dict)]
    assert [r.output_id for r in records] == [r["id"] for r in expected]
    # Line numbers and byte offsets are kept, so one page can be read again.
    third = records[2]
    assert third.line == 3
    assert data[third.offset :].split(b"\n", 1)[0] == data.splitlines()[2]
    assert all(r.page.html == "" for r in records)  # the HTML was dropped in the worker


def test_corpus_is_the_same_whether_lines_are_decoded_in_workers_or_not():
    data = SAMPLE.read_bytes()
    from_lines = build_corpus(open_pages(io.BytesIO(data)), jobs=2)
    from_dicts = build_corpus([json.loads(x) for x in data.splitlines() if x.strip()], jobs=2)
    assert from_lines.tokens == from_dicts.tokens
    assert from_lines.page_sig.tolist() == from_dicts.page_sig.tolist()
    assert from_lines.rows.row_keys() == from_dicts.rows.row_keys()
    assert [s.stylesheet_hrefs for s in from_lines.signals] == [
        s.stylesheet_hrefs for s in from_dicts.signals
    ]


def test_jsonl_lines_is_for_jsonl_only():
    source = open_pages(io.BytesIO(b'[{"html": "<p>x</p>"}]'))
    assert source.format == "json"
    with pytest.raises(ValueError, match="iterate the source instead"):
        next(iter(source.jsonl_lines()))


@pytest.mark.parametrize("jobs", [1, 2])
def test_pages_are_held_not_awaited_while_the_loader_thread_runs(jobs):
    """While the thread returned by on_parse_start runs (numpy loading), parsing
    goes on and parsed pages wait; they are all taken, in order, once it ends."""
    import threading

    records = [json.loads(x) for x in SAMPLE.read_bytes().splitlines() if x.strip()]
    all_read = threading.Event()
    seen_when_loaded: list[int] = []
    taken: list[object] = []

    def pages():
        yield from records
        all_read.set()

    def loader() -> None:
        all_read.wait(timeout=60)
        seen_when_loaded.append(len(taken))

    def start() -> threading.Thread:
        t = threading.Thread(target=loader)
        t.start()
        return t

    corpus = build_corpus(
        pages, jobs=jobs, on_parse_start=start, on_record=lambda r: taken.append(r.output_id)
    )
    assert all_read.is_set()
    assert seen_when_loaded == [0]  # nothing was taken before the loader ended
    assert corpus.n_pages == len(records)
    assert taken == [r["id"] for r in records]
