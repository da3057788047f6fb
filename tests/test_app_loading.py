"""The app's crawl loading: formats, content hash, read-back, and bad input."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
from pathlib import Path
from urllib.parse import urlsplit

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
from page_cluster.io import open_pages

from .app_crawls import (
    SAMPLE,
    sample_records,
    warc_members,
    write_site_folder,
)

RECORDS = [
    {"id": "a", "html": "<body><p>one</p></body>", "paths": ["en", "a.html"], "host": "x.example"},
    {"html": "<body><p>two ✓</p></body>", "paths": ["ja", "b.html"]},
    {"id": 7, "html": "<body><header>h</header></body>", "stylesheetHrefs": ["/s.css"]},
]


def _jsonl(records: list[dict]) -> bytes:
    return b"".join(json.dumps(r, ensure_ascii=False).encode() + b"\n" for r in records)


def _text(record) -> str:
    """A record's HTML as text (WARC and folder readers hand the parser UTF-8 bytes)."""
    html = record.page.html
    return html.decode(record.encoding or "utf-8") if isinstance(html, bytes) else html


def _read_all(source: CrawlSource, **kw):
    loaded = load_pages(source, **kw)
    return [_text(r) for r in loaded.pages], loaded


@pytest.mark.parametrize(
    "data, fmt",
    [
        (_jsonl(RECORDS), "jsonl"),
        (b"\xef\xbb\xbf" + _jsonl(RECORDS).replace(b"\n", b"\r\n"), "jsonl"),
        (gzip.compress(_jsonl(RECORDS)), "jsonl"),
        (json.dumps(RECORDS, ensure_ascii=False, indent=2).encode(), "json"),
        (gzip.compress(json.dumps(RECORDS).encode()), "json"),
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
    assert loaded.report.pages == 3 and loaded.report.summary() is None
    # JSONL lines are read back from their offsets; a JSON array has none.
    assert (min(index.offsets) >= 0) == (fmt == "jsonl")


def test_pages_without_offsets_are_found_by_reading_again():
    source = CrawlSource.from_bytes(_jsonl(RECORDS), "x.jsonl")
    _, loaded = _read_all(source)
    index = loaded.index
    index.offsets[:] = [-1] * len(index)  # as a reader without record positions leaves them
    assert [fetch_page(source, index, i).html for i in range(3)] == [r["html"] for r in RECORDS]
    with pytest.raises(LoadError, match="fewer pages"):
        index.offsets.append(-1)
        index.files.append(None)
        index.ids.append("gone")
        fetch_page(source, index, 3)


def test_a_record_that_is_not_the_indexed_one_is_refused():
    source = CrawlSource.from_bytes(_jsonl(RECORDS), "x.jsonl")
    _, loaded = _read_all(source)
    loaded.index.ids[1] = "something else"
    with pytest.raises(LoadError, match="another record"):
        fetch_page(source, loaded.index, 1)


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
        (b'[{"html": "a"},\n {"id": 1}\n]', "element 1", "html"),
        (b'[{"html": "a"},\n {"html": "b"\n]', "element 1", "invalid JSON"),
        (b'[{"html": "a"}] trailing', "after the array", "unexpected data"),
        (b'[{"html": "a"}, 3]', "element 1", "expected a JSON object"),
        (b"[]", "line 1", "expected a JSON object, got an array"),
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
        "empty-array",
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
    assert err.value.location == "line 1"
    assert "gzip stream" in err.value.message


def test_skip_invalid_lists_each_skipped_record(tmp_path):
    data = b'{"html": "a"}\nnot json\n{"id": 1}\n{"html": "b", "id": "x"}\n\x00\n'
    htmls, loaded = _read_all(CrawlSource.from_bytes(data, "x.jsonl"), skip_invalid=True)
    assert htmls == ["a", "b"]
    assert loaded.index.ids == [None, "x"]
    report = loaded.report
    assert report.skipped == {"invalid": 3}
    assert [e.position for e in report.errors] == ["line 2", "line 3", "line 5"]
    assert "invalid JSON" in report.errors[2].detail
    assert report.summary() == "skipped 3 lines (3 invalid)"


def test_skip_invalid_skips_array_elements_that_are_not_pages():
    data = b'[{"html": "a"}, 3, {"id": 1}, {"html": "b"}]'
    htmls, loaded = _read_all(CrawlSource.from_bytes(data, "x.json"), skip_invalid=True)
    assert htmls == ["a", "b"]
    assert [e.position for e in loaded.report.errors] == ["element 1", "element 2"]


def test_skip_invalid_never_resyncs_inside_broken_json_array():
    data = b'[{"html": "a"}, {"html": ]'
    with pytest.raises(LoadError):
        list(load_pages(CrawlSource.from_bytes(data, "x.json"), skip_invalid=True).pages)


@pytest.mark.parametrize("name", ["missing.jsonl", ""])
def test_unreadable_paths_are_load_errors(tmp_path, name):
    with pytest.raises(LoadError):
        CrawlSource.from_path(tmp_path / name if name else "  ")


def test_an_empty_file_has_no_pages():
    for data in (b"", b"  \n", gzip.compress(b"")):
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
        assert exc.location.startswith(("line ", "element ", "after "))
        return
    # JSONL whose first record is an array of objects reads as a JSON array, and
    # an array not starting with an object as JSONL (it is no crawl either way).
    if loaded.index.format != ("json" if as_array else "jsonl"):
        return
    good = [v for v in values if isinstance(v, dict) and isinstance(v.get("html"), str)]
    assert len(pages) <= len(good)
    if skip:
        assert len(pages) + loaded.report.skipped_total == len(values)


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


# --- WARC and folders ------------------------------------------------------------------

SAMPLE_SLICE = 30


def _by_path(records: list[dict]) -> dict[str, str]:
    return {urlsplit(r["id"]).path: r["html"] for r in records}


def _whole_file_gzip(members: list[bytes]) -> bytes:
    return gzip.compress(b"".join(gzip.decompress(m) for m in members), mtime=0)


@pytest.mark.parametrize("layout", ["per-record-gzip", "whole-file-gzip", "plain"])
def test_warc_pages_ids_and_read_back(tmp_path, layout):
    records = sample_records(SAMPLE_SLICE)
    members = warc_members(records)
    data = {
        "per-record-gzip": b"".join(members),
        "whole-file-gzip": _whole_file_gzip(members),
        "plain": b"".join(gzip.decompress(m) for m in members),
    }[layout]
    path = tmp_path / "crawl.warc"
    path.write_bytes(data)
    for source in (CrawlSource.from_path(path), CrawlSource.from_bytes(data, "upload.warc")):
        htmls, loaded = _read_all(source)
        index = loaded.index
        assert index.format == "warc"
        assert htmls == [r["html"] for r in records]
        assert index.labels() == [r["id"] for r in records]  # output ids are the URLs
        assert index.hosts == [r["host"] for r in records]
        assert [index.path_text(i) for i in range(len(index))] == [
            "/" + "/".join(r["paths"]) for r in records
        ]
        assert min(index.offsets) > 0  # after the warcinfo record
        assert loaded.report.summary() == "skipped 1 record (1 non-HTML)"
        for i in (0, 7, len(records) - 1):
            assert fetch_page(source, index, i).html == records[i]["html"]


def test_warc_gz_upload_reports_byte_progress(tmp_path):
    data = b"".join(warc_members(sample_records(SAMPLE_SLICE)))
    seen: list[int] = []
    loaded = load_pages(CrawlSource.from_bytes(data, "x.warc.gz"), on_bytes=seen.append)
    assert len(list(loaded.pages)) == SAMPLE_SLICE
    assert seen == sorted(seen) and seen[-1] == len(data)


def test_damaged_warc_gz_is_read_around_the_damage(tmp_path):
    records = sample_records(SAMPLE_SLICE)
    members = warc_members(records, stylesheet=False)
    bad = 5  # the member holding records[4]
    damaged = bytearray(members[bad])
    damaged[30:60] = b"\x00" * 30  # the deflate data, not the gzip header
    members[bad] = bytes(damaged)
    data = b"".join(members)[:-30]  # and the last record is cut short
    source = CrawlSource.from_bytes(data, "damaged.warc.gz")
    htmls, loaded = _read_all(source)
    kept = records[:4] + records[5:-1]
    assert htmls == [r["html"] for r in kept]
    report = loaded.report
    assert report.skipped == {"corrupt": 1, "truncated": 1}
    corrupt, truncated = report.errors
    offset = sum(len(m) for m in members[:bad])
    assert corrupt.position == f"record {bad + 1} (byte {offset})"
    assert truncated.reason == "truncated" and "ends inside" in truncated.detail
    for i in range(len(kept)):
        assert fetch_page(source, loaded.index, i).html == kept[i]["html"]


def test_a_folder_reads_like_the_command_and_reads_back(tmp_path):
    records = sample_records(SAMPLE_SLICE)
    root = write_site_folder(tmp_path / "mirror", records)
    source = CrawlSource.from_path(root)
    assert source.folder and source.label == "mirror/"
    htmls, loaded = _read_all(source)
    index = loaded.index
    assert index.format == "mirror"
    with open_pages(root) as reader:
        expected = [(r.output_id, _text(r)) for r in reader]
    assert list(zip(index.labels(), htmls, strict=True)) == expected
    html_of = _by_path(records)
    assert sorted(htmls) == sorted(html_of.values())
    assert all(str(label).startswith("http://library.example/") for label in index.labels())
    assert loaded.report.summary() == "skipped 1 file (1 non-HTML)"
    for i in range(len(index)):
        assert index.files[i] == "library.example" + urlsplit(index.label(i)).path
        assert fetch_page(source, index, i).html == html_of[urlsplit(index.label(i)).path]
    # A page file that goes away cannot be shown any more; the message says so.
    (root / index.files[0]).unlink()
    with pytest.raises(LoadError, match="can no longer be read"):
        fetch_page(source, index, 0)


def test_folder_progress_follows_the_page_files(tmp_path):
    root = write_site_folder(tmp_path / "site", sample_records(SAMPLE_SLICE), host=None)
    source = CrawlSource.from_path(root)
    seen: list[int] = []
    list(load_pages(source, on_bytes=seen.append).pages)
    assert seen == sorted(seen) and seen[-1] == source.size()
    assert source.size() == sum(
        p.stat().st_size for p in root.rglob("*.html")
    )  # the stylesheet is not read


def _folder_digest(root: Path) -> str:
    return content_hash(CrawlSource.from_path(root))


def test_folder_hash_depends_on_paths_and_page_contents_only(tmp_path):
    root = write_site_folder(tmp_path / "a", sample_records(12))
    digest = _folder_digest(root)
    identity = CrawlSource.from_path(root).identity()
    # A copy elsewhere (other mtimes and inodes) has the same hash, another identity.
    copy = tmp_path / "b"
    shutil.copytree(root, copy)
    assert _folder_digest(copy) == digest
    assert CrawlSource.from_path(copy).identity() != identity
    # Touching a file changes the identity (the cache key) but not the hash.
    page = next(copy.rglob("*.html"))
    os.utime(page, ns=(1, 1))
    assert _folder_digest(copy) == digest
    # A stylesheet's content is not hashed, its path is.
    css = copy / "library.example" / "assets" / "site.css"
    css.write_text("body { margin: 1px }\n")
    assert _folder_digest(copy) == digest
    css.rename(css.with_name("other.css"))
    renamed = _folder_digest(copy)
    assert renamed != digest
    # A page's content is hashed.
    page.write_text(page.read_text() + " ")
    assert _folder_digest(copy) not in (digest, renamed)
    # An empty top-level folder decides whether the folder is a mirror of hosts.
    (root / "notes").mkdir()
    assert _folder_digest(root) != digest
    # Hidden folders are not read, so not hashed.
    (root / "notes").rmdir()
    (root / ".git").mkdir()
    (root / ".git" / "x.html").write_text("<p>x</p>")
    assert _folder_digest(root) == digest


_names = st.text(alphabet="ab.-_", min_size=1, max_size=4).filter(lambda n: n not in (".", ".."))
_trees = st.dictionaries(
    st.lists(_names, min_size=1, max_size=3).map(tuple),
    st.binary(max_size=40),
    min_size=1,
    max_size=6,
)


def _write_tree(root: Path, tree: dict[tuple[str, ...], bytes]) -> bool:
    root.mkdir()
    for parts, data in tree.items():
        path = root.joinpath(*parts[:-1], parts[-1] + ".html")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        except (FileExistsError, NotADirectoryError, IsADirectoryError):
            return False  # a name used both as a folder and a file
    return True


@settings(max_examples=60, deadline=None)
@given(tree=_trees, change=st.binary(min_size=1, max_size=5))
def test_folder_hash_is_stable_and_sees_every_page_byte(tmp_path_factory, tree, change):
    base = tmp_path_factory.mktemp("tree")
    if not _write_tree(base / "a", tree) or not _write_tree(base / "b", tree):
        return
    a = _folder_digest(base / "a")
    assert _folder_digest(base / "b") == a
    # Whatever the files hold, loading never fails on a folder: each file outside
    # hidden folders is a page or a counted skip.
    loaded = load_pages(CrawlSource.from_path(base / "a"))
    pages = list(loaded.pages)
    visible = [p for p in tree if not any(part.startswith(".") for part in p[:-1])]
    assert len(pages) + loaded.report.skipped_total == len(visible)
    if visible:
        parts = visible[0]
        path = (base / "b").joinpath(*parts[:-1], parts[-1] + ".html")
        path.write_bytes(path.read_bytes() + change)
        assert _folder_digest(base / "b") != a
