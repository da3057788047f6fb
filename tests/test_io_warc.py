"""WARC input: page selection, charsets, positions, damaged archives; both readers."""

from __future__ import annotations

import gzip
import io
import random

import pytest

from page_cluster import resolve_page_cluster_keys
from page_cluster.io import open_pages
from page_cluster.io import warc as warc_module
from page_cluster.io.record import PageRecord
from page_cluster.io.report import ReadReport

from .io_fixtures import (
    http_response,
    join,
    request,
    response,
    sample_pages,
    sample_warc_records,
    url_path,
    warc_record,
    warcinfo,
)


def _fastwarc_or_skip() -> str:
    pytest.importorskip("fastwarc.warc", reason="the optional FastWARC reader is not installed")
    return "fastwarc"


@pytest.fixture(params=["warcio", "fastwarc"])
def reader(request) -> str:
    return _fastwarc_or_skip() if request.param == "fastwarc" else "warcio"


def read(data: bytes, reader: str):
    skips = []
    src = open_pages(io.BytesIO(data), "warc", on_skip=skips.append, warc_reader=reader)
    records = list(src)
    return records, src.report, skips


def text_of(rec: PageRecord) -> str:
    html = rec.page.html
    return html.decode(rec.encoding or "utf-8") if isinstance(html, bytes) else html


U = "http://site.example"


def mixed_records() -> list[bytes]:
    return [
        warcinfo(),
        request(U + "/a.html"),
        response(U + "/a.html", b"<html><body><p>a</p></body></html>"),
        response(U + "/old", b"<html><body>moved</body></html>", status=301, Location="/a.html"),
        response(U + "/missing", b"<html><body>404</body></html>", status=404),
        response(U + "/s.css", b"body{}", content_type="text/css"),
        response(U + "/same.html", b"", status=304),
        warc_record("revisit", U + "/a.html", http_response(200, b"")),
        warc_record("resource", U + "/r.html", b"<html><body><p>r</p></body></html>", "text/html"),
        warc_record("resource", "metadata://crawler/log", b"log line\n", "text/plain"),
        response(
            U + "/sniffed", b"<!DOCTYPE html><html><body><p>s</p></body></html>", content_type=None
        ),
        response(U + "/blob", bytes(range(256)) * 4, content_type=None),
        warc_record("metadata", U + "/a.html", b"outlinks: none\r\n", "application/warc-fields"),
    ]


@pytest.mark.parametrize("compress", [False, True])
def test_only_successful_html_captures_are_pages(reader, compress):
    records, report, skips = read(join(mixed_records(), compress), reader)
    assert [r.output_id for r in records] == [U + "/a.html", U + "/r.html", U + "/sniffed"]
    assert dict(report.skipped) == {
        "redirect": 1,
        "failed": 1,
        "non-HTML": 3,
        "not modified": 1,
        "revisit": 1,
    }
    assert report.pages == 3
    assert report.summary() == (
        "skipped 7 records (3 non-HTML, 1 redirect, 1 not modified, 1 failed, 1 revisit)"
    )
    assert [s.reason for s in skips] == [
        "redirect",
        "failed",
        "non-HTML",
        "not modified",
        "revisit",
        "non-HTML",
        "non-HTML",
    ]
    a = records[0]
    assert a.page.paths == ("a.html",) and a.page.host == "site.example"
    assert a.derive_stylesheets and a.url == U + "/a.html"


@pytest.mark.parametrize("compress", [False, True])
def test_positions_name_the_record_number_and_byte_offset(reader, compress):
    recs = mixed_records()
    data = join(recs, compress)
    records, _, skips = read(data, reader)
    sizes = [len(gzip.compress(r, mtime=0)) if compress else len(r) for r in recs]
    offset = [sum(sizes[:i]) for i in range(len(recs))]
    assert records[0].position == f"record 3 (byte {offset[2]}, {U}/a.html)"
    assert records[1].position == f"record 9 (byte {offset[8]}, {U}/r.html)"
    assert skips[0].position == f"record 4 (byte {offset[3]}, {U}/old)"


def test_charset_header_then_bom_then_meta_then_utf8_then_windows_1252(reader):
    ja = "<html><body><p>日本語のページ</p></body></html>"
    fr = "<html><head><meta charset=iso-8859-1></head><body><p>Événement</p></body></html>"
    recs = [
        # HTTP charset wins over a contradicting meta.
        response(
            U + "/sjis",
            ja.replace("<body>", '<head><meta charset="utf-8"></head><body>').encode("shift_jis"),
            content_type="text/html; charset=Shift_JIS",
        ),
        # A byte-order mark wins over the HTTP charset.
        response(
            U + "/bom",
            b"\xef\xbb\xbf" + ja.encode("utf-8"),
            content_type="text/html; charset=iso-8859-1",
        ),
        # No HTTP charset: the meta charset.
        response(U + "/meta", fr.encode("cp1252"), content_type="text/html"),
        # Nothing declared, not UTF-8: windows-1252.
        response(U + "/legacy", "<p>café</p>".encode("cp1252"), content_type="text/html"),
        # Nothing declared, UTF-8: kept as bytes, parsed as UTF-8.
        response(U + "/utf8", ja.encode("utf-8"), content_type="text/html"),
        # An unknown charset label is ignored.
        response(U + "/bogus", ja.encode("utf-8"), content_type="text/html; charset=x-nonsense"),
    ]
    records, report, _ = read(join(recs, True), reader)
    got = {url_path(r.output_id): text_of(r) for r in records}
    assert "日本語のページ" in got["/sjis"]
    assert "日本語のページ" in got["/bom"] and not got["/bom"].startswith("\ufeff")
    assert "Événement" in got["/meta"]
    assert "café" in got["/legacy"]
    assert "日本語のページ" in got["/utf8"] and "日本語のページ" in got["/bogus"]
    utf8 = next(r for r in records if r.output_id.endswith("/utf8"))
    assert isinstance(utf8.page.html, bytes) and utf8.encoding == "utf-8"
    assert report.pages == 6 and not report.skipped


def test_invalid_bytes_are_replaced_and_binary_pages_are_undecodable(reader):
    rng = random.Random(7)
    blob = bytes(rng.randrange(256) for _ in range(4000))
    recs = [
        response(
            U + "/mostly-ok",
            b"<p>caf\xc3\xa9 and a stray \xff byte</p>",
            content_type="text/html; charset=utf-8",
        ),
        response(U + "/binary", blob, content_type="text/html; charset=utf-8"),
        response(U + "/utf16-no-bom", "<p>hello</p>".encode("utf-16-le"), content_type="text/html"),
        response(U + "/after", b"<p>after</p>"),
    ]
    records, report, skips = read(join(recs, True), reader)
    assert [url_path(r.output_id) for r in records] == ["/mostly-ok", "/after"]
    assert "\ufffd" in text_of(records[0])
    assert report.notes["decoded with replacement characters"] == 1
    assert report.skipped["undecodable"] == 2
    assert [s.position.split(" (")[0] for s in skips] == ["record 2", "record 3"]
    assert all(s.is_error and "not text" in s.detail for s in skips)


def test_chunked_and_gzip_encoded_bodies_are_decoded(reader):
    body = b"<html><body><main><p>chunked</p></main></body></html>"
    packed = gzip.compress(body, mtime=0)
    chunked = (
        b"".join(
            f"{len(packed[i : i + 7]):x}\r\n".encode() + packed[i : i + 7] + b"\r\n"
            for i in range(0, len(packed), 7)
        )
        + b"0\r\n\r\n"
    )
    head = (
        b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n"
        b"Content-Encoding: gzip\r\n\r\n"
    )
    records, report, _ = read(warc_record("response", U + "/c", head + chunked), reader)
    assert len(records) == 1 and "<p>chunked</p>" in text_of(records[0])
    assert report.pages == 1 and not report.skipped


@pytest.mark.parametrize("compress", [False, True])
def test_a_corrupt_record_is_skipped_with_its_position_and_reading_resumes(reader, compress):
    recs = [warcinfo()] + [response(f"{U}/{i}.html", f"<p>{i}</p>".encode()) for i in range(6)]
    members = [gzip.compress(r, mtime=0) if compress else r for r in recs]
    bad = 3  # the record holding /2.html
    if compress:
        m = bytearray(members[bad])
        m[20:40] = b"\x00" * 20  # damage the deflate data, keep the gzip header
        members[bad] = bytes(m)
    else:
        members[bad] = members[bad].replace(b"WARC/1.0", b"WARX/9.9", 1)
    data = b"".join(members)
    records, report, skips = read(data, reader)
    assert [url_path(r.output_id) for r in records] == [
        "/0.html",
        "/1.html",
        "/3.html",
        "/4.html",
        "/5.html",
    ]
    assert report.skipped == {"corrupt": 1}
    offset = sum(len(m) for m in members[:bad])
    (skip,) = skips
    assert skip.position == f"record 4 (byte {offset})"
    assert f"resuming at byte {offset + len(members[bad])}" in skip.detail
    # Numbering goes on after the damage.
    assert records[2].position.startswith(f"record 5 (byte {offset + len(members[bad])}")


@pytest.mark.parametrize("compress", [False, True])
@pytest.mark.parametrize("cut_in", ["page", "non-page"])
def test_a_file_ending_inside_its_last_record_is_reported_as_truncated(reader, compress, cut_in):
    recs = [warcinfo()] + [response(f"{U}/{i}.html", f"<p>{i}</p>".encode() * 50) for i in range(4)]
    if cut_in == "non-page":
        recs.append(response(U + "/s.css", b"body{}" * 200, content_type="text/css"))
    data = join(recs, compress)
    cut = data[: len(data) - 40]
    records, report, skips = read(cut, reader)
    expected = ["/0.html", "/1.html", "/2.html"] + (["/3.html"] if cut_in == "non-page" else [])
    assert [url_path(r.output_id) for r in records] == expected
    assert report.skipped == {"truncated": 1}
    (skip,) = skips
    last_offset = len(join(recs[:-1], compress))
    assert skip.position.startswith(f"record {len(recs)} (byte {last_offset}")
    assert "ends inside this record" in skip.detail


def test_whole_file_gzip_reads_like_per_record_gzip(reader):
    recs = [warcinfo()] + [response(f"{U}/{i}.html", f"<p>{i}</p>".encode()) for i in range(5)]
    records, report, skips = read(gzip.compress(join(recs, False), mtime=0), reader)
    assert [url_path(r.output_id) for r in records] == [f"/{i}.html" for i in range(5)]
    assert not skips and report.pages == 5
    assert "uncompressed byte" in records[0].position


def test_truncated_whole_file_gzip_keeps_what_came_before(reader):
    rng = random.Random(3)
    text = [" ".join(f"{rng.getrandbits(40):x}" for _ in range(300)) for _ in range(6)]
    recs = [warcinfo()] + [
        response(f"{U}/{i}.html", f"<p>{t}</p>".encode()) for i, t in enumerate(text)
    ]
    data = gzip.compress(join(recs, False), mtime=0)
    records, report, skips = read(data[: len(data) * 2 // 3], reader)
    assert 1 <= len(records) < 6
    assert [url_path(r.output_id) for r in records] == [f"/{i}.html" for i in range(len(records))]
    assert report.skipped == {"truncated": 1}
    assert "uncompressed byte" in skips[0].position


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"not a warc at all\n",
        b'{"html": "<p>x</p>"}\n',
        b"\x1f\x8b\x08garbage",
        bytes(range(256)),
    ],
)
def test_anything_forced_as_warc_never_raises(reader, data):
    records, report, skips = read(data, reader)
    assert records == []
    assert report.skipped_total == len(skips) <= 1
    if data.strip():
        assert skips and skips[0].reason in ("corrupt", "truncated")


def test_pages_over_the_size_bound_are_skipped(reader):
    recs = [
        response(U + "/big", b"<p>" + b"x" * 500 + b"</p>"),
        response(U + "/small", b"<p>s</p>"),
    ]
    report = ReadReport()
    skips: list = []
    stream = io.BytesIO(join(recs, True))
    records = list(
        warc_module.iter_warc_pages(stream, report, skips.append, reader=reader, max_page_bytes=100)
    )
    assert [url_path(r.output_id) for r in records] == ["/small"]
    assert report.skipped == {"too large": 1} and skips[0].position.startswith("record 1 (byte 0")


def test_both_readers_agree_on_a_damaged_archive():
    _fastwarc_or_skip()
    recs = sample_warc_records()[:80]
    members = [gzip.compress(r, mtime=0) for r in recs]
    members[30] = members[30][:15] + b"\xff" * 30 + members[30][45:]
    members[55] = b"junk between records\n" + members[55]
    data = b"".join(members)[:-25]
    a = read(data, "warcio")
    b = read(data, "fastwarc")
    assert [(r.position, r.output_id) for r in a[0]] == [(r.position, r.output_id) for r in b[0]]
    assert [s.message for s in a[2]] == [s.message for s in b[2]]
    assert a[1].skipped == b[1].skipped and a[1].skipped["corrupt"] == 2


def test_sample_site_as_warc_clusters_exactly_like_its_jsonl(reader, sample_records):
    """Derived signals equal the JSONL's explicit ones, so the keys are identical."""
    records, report, _ = read(join(sample_warc_records(), True), reader)
    assert report.pages == len(sample_records) and not report.skipped
    pages = {url_path(r["id"]): r for r in sample_records}
    for rec in records:
        src = pages[url_path(rec.output_id)]
        assert list(rec.page.paths) == src["paths"] and rec.page.host == src["host"]
    warc_keys = resolve_page_cluster_keys(records)
    jsonl_keys = resolve_page_cluster_keys(sample_records)
    assert warc_keys == jsonl_keys


def test_sample_pages_fixture_matches_the_bundled_file(sample_records):
    assert sample_pages() == sample_records


@pytest.mark.parametrize("layout", ["plain", "per-record gzip", "whole-file gzip"])
def test_every_page_reads_back_alone_from_its_offset(reader, layout):
    recs = sample_warc_records()[:40]
    recs[7] = recs[7].replace(b"WARC/1.0", b"WARX/9.9", 1)  # damage before some pages
    data = {
        "plain": join(recs, False),
        "per-record gzip": join(recs, True),
        "whole-file gzip": gzip.compress(join(recs, False), mtime=0),
    }[layout]
    records, report, _ = read(data, reader)
    assert len(records) > 10 and report.skipped["corrupt"] == 1
    fh = io.BytesIO(data)
    for rec in records:
        again = warc_module.read_warc_page(fh, rec.offset)
        assert (again.page, again.output_id, again.encoding) == (
            rec.page,
            rec.output_id,
            rec.encoding,
        )
    from page_cluster.io import InputError

    with pytest.raises(InputError):
        warc_module.read_warc_page(fh, records[0].offset + 1)
    with pytest.raises(InputError, match="no page"):
        warc_module.read_warc_page(fh, 0)  # the warcinfo record


def test_a_damaged_record_type_is_counted_and_an_extension_type_is_passed_over(reader):
    # A NUL where a byte of "response" was: the record may have been a page,
    # so it is counted as corrupt. A well-formed type the reader does not know
    # is an extension record, not a page, and is passed over like metadata.
    page = response(U + "/a.html", b"<html><body><p>a</p></body></html>")
    damaged = page.replace(b"WARC-Type: response", b"WARC-Type: \x00esponse", 1)
    extension = warc_record("x-crawl-note", U + "/a.html", b"note\r\n", "text/plain")
    records, report, skips = read(join([damaged, extension, page], False), reader)
    assert [r.output_id for r in records] == [U + "/a.html"]
    assert dict(report.skipped) == {"corrupt": 1}
    assert skips[0].position.startswith("record 1 (byte 0")
