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


def _sample_with_extras(tmp_path):
    data, _ = _with_bad_line(150, b"[1, 2]\n")
    data += b"\n   \n\t\r\n"  # blank lines are not records
    path = tmp_path / "site.jsonl"
    path.write_bytes(data)
    return path, data


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_file_is_read_where_its_lines_are_the_same_as_a_stream(tmp_path, jobs):
    # From a path, the workers read each line from the file themselves: the
    # pages, skips, line numbers and byte offsets are those of the stream.
    path, data = _sample_with_extras(tmp_path)
    lines = list(open_pages(path).jsonl_lines())
    assert all(line.raw == b"" and line.path == str(path) for line in lines)
    streamed = list(open_pages(io.BytesIO(data)).jsonl_lines())
    assert [(x.number, x.offset) for x in lines] == [(x.number, x.offset) for x in streamed]
    assert [x.length for x in lines] == [len(x.raw) for x in streamed]
    runs = []
    for source in (
        open_pages(path, skip_invalid=True),
        open_pages(io.BytesIO(data), skip_invalid=True),
    ):
        records = []
        corpus = build_corpus(source, jobs=jobs, on_record=records.append)
        runs.append(
            (
                corpus.page_sig.tolist(),
                corpus.tokens,
                source.report.pages,
                source.report.skipped_total,
                [(r.line, r.offset, r.output_id) for r in records],
            )
        )
    assert runs[0] == runs[1]


def test_a_file_read_where_its_lines_are_from_a_process_running_threads(tmp_path):
    # A process running threads (the app) parses in spawned workers, which
    # open the file themselves.
    import threading

    path, data = _sample_with_extras(tmp_path)
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        spawned = build_corpus(open_pages(path, skip_invalid=True), jobs=2)
    finally:
        stop.set()
        thread.join()
    streamed = build_corpus(open_pages(io.BytesIO(data), skip_invalid=True), jobs=1)
    assert spawned.page_sig.tolist() == streamed.page_sig.tolist()
    assert spawned.tokens == streamed.tokens


def test_a_file_replaced_while_it_is_read_is_an_error_not_another_file_read(tmp_path):
    path, data = _sample_with_extras(tmp_path)
    first = next(iter(open_pages(path).jsonl_lines()))
    other = tmp_path / "other.jsonl"
    other.write_bytes(b'{"html": "<p>another crawl</p>"}\n' * 3)
    other.replace(path)
    with pytest.raises(InputError, match="changed while it was read") as err:
        first.decode()
    assert err.value.location == "line 1"
    # A process that had the file open before goes on reading that file.
    path.write_bytes(data)
    third, fourth = list(open_pages(path).jsonl_lines())[2:4]
    assert third.decode().output_id == json.loads(data.splitlines()[2])["id"]
    other.write_bytes(b"")
    other.replace(path)
    assert fourth.decode().output_id == json.loads(data.splitlines()[3])["id"]


def test_a_bad_line_of_a_file_stops_a_parallel_run_with_its_line_number(tmp_path):
    data, _ = _with_bad_line(200, b'{"html": oops}\n')
    path = tmp_path / "site.jsonl"
    path.write_bytes(data)
    res = subprocess.run([*CMD, "--jobs", "2", str(path)], capture_output=True, timeout=300)
    assert res.returncode == 1
    assert res.stdout == b""
    assert b"line 200: invalid JSON" in res.stderr


def test_threads_reading_lines_of_different_files_never_share_a_descriptor(tmp_path):
    # The app's sessions may read their inputs in threads side by side: each
    # thread keeps its own open file.
    import threading

    lines = {}
    for name in ("a", "b"):
        path = tmp_path / f"{name}.jsonl"
        path.write_bytes(
            b"".join(
                b'{"id": "%s%d", "html": "<p>x</p>"}\n' % (name.encode(), i) for i in range(300)
            )
        )
        lines[name] = list(open_pages(path).jsonl_lines())
    got: dict[str, list] = {"a": [], "b": []}
    start = threading.Barrier(2)

    def read(name: str) -> None:
        start.wait()
        for line in lines[name]:
            got[name].append(line.decode().output_id)

    threads = [threading.Thread(target=read, args=(n,)) for n in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == {n: [f"{n}{i}" for i in range(300)] for n in ("a", "b")}
