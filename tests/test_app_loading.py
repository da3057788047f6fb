"""The app's crawl loading: formats, content hash, read-back, and bad input."""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from page_cluster.app_support.loading import (
    CrawlSource,
    LoadError,
    content_hash,
    fetch_page,
    load_pages,
)

from .app_crawls import SAMPLE, sample_records

RECORDS = [
    {"id": "a", "html": "<body><p>one</p></body>", "paths": ["en", "a.html"], "host": "x.example"},
    {"html": "<body><p>two ✓</p></body>", "paths": ["ja", "b.html"]},
    {"id": 7, "html": "<body><header>h</header></body>", "stylesheetHrefs": ["/s.css"]},
]


def _jsonl(records: list[dict]) -> bytes:
    return b"".join(json.dumps(r, ensure_ascii=False).encode() + b"\n" for r in records)


def _read_all(source: CrawlSource, **kw):
    loaded = load_pages(source, **kw)
    return [p.html for p in loaded.pages], loaded


@pytest.mark.parametrize(
    "data, fmt",
    [
        (_jsonl(RECORDS), "jsonl"),
        (b"\xef\xbb\xbf" + _jsonl(RECORDS).replace(b"\n", b"\r\n"), "jsonl"),
        (gzip.compress(_jsonl(RECORDS)), "jsonl"),
        (json.dumps(RECORDS, ensure_ascii=False, indent=2).encode(), "json-array"),
        (gzip.compress(json.dumps(RECORDS).encode()), "json-array"),
    ],
    ids=["jsonl", "jsonl-bom-crlf", "jsonl-gzip", "json-array", "json-array-gzip"],
)
def test_formats_give_the_same_pages_and_read_back(tmp_path, data, fmt):
    path = tmp_path / "crawl"
    path.write_bytes(data)
    source = CrawlSource.from_path(path)
    htmls, loaded = _read_all(source)
    assert htmls == [r["html"] for r in RECORDS]
    index = loaded.index
    assert index.format == fmt
    assert index.ids == ["a", None, 7]
    assert index.labels() == ["a", 1, 7]
    assert [index.path_text(i) for i in range(3)] == ["/en/a.html", "/ja/b.html", ""]
    assert index.hosts == ["x.example", None, None]
    for i, record in enumerate(RECORDS):
        assert fetch_page(source, index, i).html == record["html"]
    assert loaded.problems == []


def test_pages_without_offsets_are_found_by_reading_again():
    source = CrawlSource.from_bytes(_jsonl(RECORDS), "x.jsonl")
    _, loaded = _read_all(source)
    index = loaded.index
    index.offsets[:] = [-1] * len(index)  # as a reader without record positions leaves them
    assert [fetch_page(source, index, i).html for i in range(3)] == [r["html"] for r in RECORDS]
    with pytest.raises(LoadError, match="fewer pages"):
        index.offsets.append(-1)
        fetch_page(source, index, 3)


def test_uploaded_bytes_behave_like_a_file(tmp_path):
    source = CrawlSource.from_bytes(_jsonl(RECORDS), "upload.jsonl")
    htmls, loaded = _read_all(source)
    assert htmls == [r["html"] for r in RECORDS]
    assert fetch_page(source, loaded.index, 2).html == RECORDS[2]["html"]
    assert source.size() == len(_jsonl(RECORDS))


def test_content_hash_is_sha256_of_the_stored_bytes(tmp_path):
    data = SAMPLE.read_bytes()
    expected = hashlib.sha256(data).hexdigest()
    assert content_hash(CrawlSource.from_path(SAMPLE)) == expected
    assert content_hash(CrawlSource.from_bytes(data, "x")) == expected
    seen: list[int] = []
    content_hash(CrawlSource.from_path(SAMPLE), on_bytes=seen.append)
    assert seen[-1] == len(data)


def test_byte_progress_reaches_the_file_size():
    seen: list[int] = []
    loaded = load_pages(CrawlSource.from_path(SAMPLE), on_bytes=seen.append)
    pages = list(loaded.pages)
    assert len(pages) == len(sample_records())
    assert seen == sorted(seen)
    assert seen[-1] == SAMPLE.stat().st_size
    assert len(seen) > 2  # reported along the way, not only at the end


@pytest.mark.parametrize(
    "data, where, words",
    [
        (b'{"html": "<p>a</p>"}\n{"html": "<p>b</p>"\n', "line 2", "invalid JSON"),
        (b'{"html": "<p>a</p>"}\n\n{"id": 3}\n', "line 3", "html"),
        (b'{"html": "<p>a</p>"}\n[1, 2]\n', "line 2", "expected a JSON object"),
        (b'{"html": "<p>a</p>"}\n{"html": "x", "paths": "a/b"}\n', "line 2", "paths"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "line 3", "binary"),
        (b'{"html": "a"}\n\xff\xfe\xfa garbage\n', "line 2", "invalid JSON"),
        (b'[{"html": "a"},\n {"id": 1}\n]', "record 2 (line 2)", "html"),
        (b'[{"html": "a"},\n {"html": "b"\n]', "line 3", "invalid JSON"),
        (b'[{"html": "a"}] trailing', "line 1", "after the JSON array"),
        (b'[{"html": "a"}, 3]', "record 2 (line 1)", "expected a JSON object"),
    ],
    ids=[
        "malformed-line",
        "no-html",
        "not-an-object",
        "paths-not-a-list",
        "binary-png",
        "not-utf8",
        "array-no-html",
        "array-malformed",
        "array-trailing",
        "array-number",
    ],
)
def test_bad_input_names_where(tmp_path, data, where, words):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(data)
    with pytest.raises(LoadError) as err:
        list(load_pages(CrawlSource.from_path(path)).pages)
    assert err.value.location == where
    assert words in err.value.message
    assert str(err.value).startswith(f"{where}: ")


def test_binary_file_is_named_binary_with_its_line(tmp_path):
    path = tmp_path / "image.bin"
    path.write_bytes(b"abc\ndef\x00\x01\x02")
    with pytest.raises(LoadError) as err:
        load_pages(CrawlSource.from_path(path))
    assert err.value.location == "line 2"
    assert "binary data" in err.value.message


def test_corrupt_gzip_is_a_load_error(tmp_path):
    path = tmp_path / "crawl.jsonl.gz"
    path.write_bytes(gzip.compress(_jsonl(RECORDS))[:40])
    with pytest.raises(LoadError) as err:
        list(load_pages(CrawlSource.from_path(path)).pages)
    assert "cannot read the file" in err.value.message


def test_skip_invalid_lists_each_skipped_record(tmp_path):
    data = b'{"html": "a"}\nnot json\n{"id": 1}\n{"html": "b", "id": "x"}\n\x00\n'
    htmls, loaded = _read_all(CrawlSource.from_bytes(data, "x.jsonl"), skip_invalid=True)
    assert htmls == ["a", "b"]
    assert loaded.index.ids == [None, "x"]
    assert [p.location for p in loaded.problems] == ["line 2", "line 3", "line 5"]
    assert "binary" in loaded.problems[2].message


def test_skip_invalid_never_resyncs_inside_broken_json_array():
    data = b'[{"html": "a"}, {"html": ]'
    with pytest.raises(LoadError):
        list(load_pages(CrawlSource.from_bytes(data, "x.json"), skip_invalid=True).pages)


@pytest.mark.parametrize("name", ["missing.jsonl", ""])
def test_unreadable_paths_are_load_errors(tmp_path, name):
    with pytest.raises(LoadError):
        CrawlSource.from_path(tmp_path / name if name else "  ")


def test_a_directory_is_not_a_crawl(tmp_path):
    with pytest.raises(LoadError) as err:
        CrawlSource.from_path(tmp_path)
    assert "directory" in err.value.message


def test_empty_array_and_empty_file_have_no_pages():
    for data in (b"", b"  \n", b"[]", b" [ ] "):
        htmls, loaded = _read_all(CrawlSource.from_bytes(data, "e"))
        assert htmls == [] and len(loaded.index) == 0


# --- property tests: nothing a crawl file contains may crash the loader -----------------

_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(
            st.sampled_from(["html", "id", "paths", "host", "x"]), children, max_size=4
        )
    ),
    max_leaves=8,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.binary(max_size=400), skip=st.booleans())
def test_arbitrary_bytes_load_or_fail_with_a_location(data, skip):
    for blob in (data, gzip.compress(data)):
        try:
            loaded = load_pages(CrawlSource.from_bytes(blob, "x"), skip_invalid=skip)
            pages = list(loaded.pages)
        except LoadError as exc:
            assert exc.location and exc.message
            continue
        assert len(pages) == len(loaded.index)


@settings(max_examples=150, deadline=None)
@given(values=st.lists(_json_values, max_size=6), as_array=st.booleans(), skip=st.booleans())
def test_arbitrary_json_records_load_or_fail_with_a_location(values, as_array, skip):
    if as_array:
        data = json.dumps(values).encode()
    else:
        data = b"".join(json.dumps(v).encode() + b"\n" for v in values)
    try:
        loaded = load_pages(CrawlSource.from_bytes(data, "x"), skip_invalid=skip)
        pages = list(loaded.pages)
    except LoadError as exc:
        assert not skip or not as_array or "invalid JSON" not in exc.message
        assert exc.location.startswith(("line ", "record "))
        return
    good = [v for v in values if isinstance(v, dict) and isinstance(v.get("html"), str)]
    assert len(pages) <= len(good)
    # JSONL whose first record is an array reads as a JSON array (it is no crawl either way).
    as_written = loaded.index.format == ("json-array" if as_array else "jsonl")
    if skip and as_written:
        assert len(pages) + len(loaded.problems) == len(values)


_pages = st.lists(
    st.fixed_dictionaries(
        {"html": st.text(max_size=60)},
        optional={
            "id": st.one_of(st.text(max_size=8), st.integers()),
            "paths": st.lists(st.text(max_size=5), max_size=3),
            "host": st.text(max_size=6),
        },
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=100, deadline=None)
@given(records=_pages, as_array=st.booleans(), compress=st.booleans())
def test_valid_pages_round_trip_through_the_index(records, as_array, compress):
    data = json.dumps(records).encode() if as_array else _jsonl(records)
    if compress:
        data = gzip.compress(data)
    source = CrawlSource.from_bytes(data, "x")
    htmls, loaded = _read_all(source)
    assert htmls == [r["html"] for r in records]
    assert loaded.index.ids == [r.get("id") for r in records]
    for i, r in enumerate(records):
        assert fetch_page(source, loaded.index, i).html == r["html"]


def test_the_sample_reads_back_every_page():
    source = CrawlSource.from_path(SAMPLE)
    htmls, loaded = _read_all(source)
    records = sample_records()
    assert htmls == [r["html"] for r in records]
    assert loaded.index.labels() == [r["id"] for r in records]
    assert fetch_page(source, loaded.index, len(records) - 1).html == records[-1]["html"]
    assert isinstance(source.path, Path)
