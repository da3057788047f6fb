"""Format detection, JSONL and JSON-array input, and signals derived from URLs and HTML."""

from __future__ import annotations

import gzip
import io
import json

import pytest

from page_cluster import Page, resolve_page_cluster_keys
from page_cluster.ingest.build import build_corpus
from page_cluster.io import InputError, open_pages
from page_cluster.io.source import detect_format

from .io_fixtures import join, sample_warc_records


def jsonl(*records) -> bytes:
    return b"".join(json.dumps(r).encode() + b"\n" for r in records)


@pytest.mark.parametrize(
    ("prefix", "expected"),
    [
        (b"WARC/1.0\r\nWARC-Type: warcinfo", "warc"),
        (b'[{"html": "<p>"}]', "json"),
        (b'\xef\xbb\xbf  [\n  {\n "html": ""}]', "json"),
        (b'{"html": "<p>"}\n', "jsonl"),
        (b"[1, 2]\n", "jsonl"),  # not an array of pages: JSONL's line error applies
        (b"[]", "jsonl"),
        (b"", "jsonl"),
        (b"<html>", "jsonl"),
        (gzip.compress(b"WARC/1.1\r\n"), "warc"),
        (gzip.compress(b'[{"html": ""}]'), "json"),
        (gzip.compress(b'{"html": ""}\n'), "jsonl"),
    ],
)
def test_detect_format_from_content(prefix, expected):
    assert detect_format(prefix) == expected


def test_paths_streams_and_folders_are_detected(tmp_path):
    records = [{"id": "a", "html": "<p>a</p>"}, {"id": "b", "html": "<p>b</p>"}]
    (tmp_path / "pages.jsonl").write_bytes(jsonl(*records))
    (tmp_path / "pages.json").write_text(json.dumps(records))
    (tmp_path / "pages.jsonl.gz").write_bytes(gzip.compress(jsonl(*records)))
    (tmp_path / "crawl.warc.gz").write_bytes(join(sample_warc_records()[:5], True))
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "a.html").write_text("<p>a</p>")
    formats = {
        name: open_pages(tmp_path / name).format
        for name in ("pages.jsonl", "pages.json", "pages.jsonl.gz", "crawl.warc.gz", "site")
    }
    assert formats == {
        "pages.jsonl": "jsonl",
        "pages.json": "json",
        "pages.jsonl.gz": "jsonl",
        "crawl.warc.gz": "warc",
        "site": "mirror",
    }
    for name in ("pages.jsonl", "pages.json", "pages.jsonl.gz"):
        assert [r.output_id for r in open_pages(tmp_path / name)] == ["a", "b"]
        # The same through a stream.
        with (tmp_path / name).open("rb") as fh:
            assert [r.output_id for r in open_pages(fh)] == ["a", "b"]


def test_a_path_source_can_be_read_twice_a_stream_once(tmp_path):
    path = tmp_path / "p.jsonl"
    path.write_bytes(jsonl({"html": "<p>a</p>"}))
    src = open_pages(path)
    assert len(list(src)) == len(list(src)) == 1
    stream = open_pages(io.BytesIO(path.read_bytes()))
    list(stream)
    with pytest.raises(RuntimeError, match="can only be read once"):
        list(stream)


def test_forced_formats_that_cannot_apply_fail_clearly(tmp_path):
    (tmp_path / "a.jsonl").write_bytes(jsonl({"html": "<p>a</p>"}))
    with pytest.raises(InputError, match="not a folder"):
        open_pages(tmp_path / "a.jsonl", "mirror")
    with pytest.raises(InputError, match="is a folder"):
        open_pages(tmp_path, "warc")
    with pytest.raises(InputError, match="cannot open"):
        open_pages(tmp_path / "missing.warc.gz")
    with pytest.raises(InputError, match="unknown input format"):
        open_pages(tmp_path / "a.jsonl", "csv")
    with pytest.raises(InputError, match="element 0: expected a JSON object, got a number"):
        list(open_pages(io.BytesIO(b"[1]"), "json"))


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        (b'[{"html": "a"}, {"html": oops}]', "element 1: invalid JSON"),
        (b'[{"html": "a"}, {"paths": []}]', "element 1: missing a string `html` field"),
        (b'[{"html": "a"}, null]', "element 1: expected a JSON object, got null"),
        (b'[{"html": "a"} {"html": "b"}]', "after element 0: expected ',' or ']'"),
        (b'[{"html": "a"},', "element 1: unexpected end of input"),
        (b'[{"html": "a"}] [', "after the array: unexpected data"),
        (b'[{"html": "\xff"}]', "byte 11: the input is not UTF-8"),
        (b'[{"html": "a", "url": 3}]', "element 0: `url` must be a string"),
    ],
)
def test_json_array_errors_name_the_element(payload, message):
    with pytest.raises(InputError) as err:
        list(open_pages(io.BytesIO(payload), "json"))
    assert str(err.value).startswith(message)


def test_json_array_streams_elements_larger_than_its_read_size():
    big = "<p>" + "x" * 300_000 + "</p>"
    pages = [{"id": i, "html": big if i % 2 else "<p>s</p>"} for i in range(5)]
    data = json.dumps(pages, indent=2).encode()
    records = list(open_pages(io.BytesIO(data)))
    assert [r.output_id for r in records] == [0, 1, 2, 3, 4]
    assert records[1].page.html == big


def test_gzip_jsonl_errors_keep_line_numbers_and_truncation_is_an_error():
    data = gzip.compress(jsonl({"html": "<p>a</p>"}) + b"nope\n")
    with pytest.raises(InputError, match=r"^line 2: invalid JSON"):
        list(open_pages(io.BytesIO(data)))
    good = gzip.compress(jsonl(*[{"html": f"<p>{i}</p>"} for i in range(200)]))
    with pytest.raises(InputError, match="truncated gzip stream"):
        list(open_pages(io.BytesIO(good[: len(good) // 2])))


def test_url_gives_paths_host_and_the_output_id_explicit_fields_win():
    records = list(
        open_pages(
            io.BytesIO(
                jsonl(
                    {"url": "https://Ex.com:8443/docs/a%20b/p.html?q=1", "html": "<p>1</p>"},
                    {
                        "id": 9,
                        "url": "https://ex.com/x/y.html",
                        "paths": ["given"],
                        "host": "given.example",
                        "html": "<p>2</p>",
                    },
                    {"html": "<p>3</p>"},
                )
            )
        )
    )
    first, second, third = records
    assert first.page.paths == ("docs", "a b", "p.html") and first.page.host == "ex.com"
    assert first.output_id == "https://Ex.com:8443/docs/a%20b/p.html?q=1"
    assert second.page.paths == ("given",) and second.page.host == "given.example"
    assert second.output_id == 9
    assert third.output_id is None and third.page.paths == () and third.page.host is None
    assert [r.line for r in records] == [1, 2, 3]


PAGE = (
    '<html><head><base href="/en/"><link rel="stylesheet" href="css/site.css?v=3">'
    '<link rel="alternate stylesheet" href="https://cdn.other.net/x.css">'
    '<link rel="icon" href="i.png"></head><body><main><p>x</p></main></body></html>'
)


def signals_of(pages):
    return build_corpus(pages).signals


def test_stylesheets_come_from_the_html_only_when_the_record_has_none():
    derived, explicit_empty, explicit, page_object = signals_of(
        [
            {"url": "http://ex.com/en/news/1.html", "html": PAGE},
            {"url": "http://ex.com/en/news/2.html", "html": PAGE, "stylesheetHrefs": []},
            {"url": "http://ex.com/en/news/3.html", "html": PAGE, "stylesheetHrefs": ["/a.css"]},
            Page(html=PAGE, paths=("en", "news", "4.html")),
        ]
    )
    # <base href="/en/"> applies; first-party becomes a root-relative path.
    assert derived.stylesheet_hrefs == ("/en/css/site.css?v=3", "https://cdn.other.net/x.css")
    assert derived.paths == ("en", "news", "1.html") and derived.host == "ex.com"
    assert explicit_empty.stylesheet_hrefs == ()
    assert explicit.stylesheet_hrefs == ("/a.css",)
    assert page_object.stylesheet_hrefs == ()


def test_stylesheets_without_a_url_resolve_against_the_paths():
    (sig,) = signals_of(
        [{"paths": ["en", "a", "b.html"], "html": '<link rel=stylesheet href="../s.css"><p>x</p>'}]
    )
    assert sig.stylesheet_hrefs == ("/en/s.css",)


def test_derived_signals_separate_sites_sharing_no_stylesheets():
    """Two templates on two sections with different stylesheets: with hrefs derived
    from the HTML the pages block apart, as with explicit hrefs."""

    def page(css: str, inner: str, i: int) -> dict:
        return {
            "url": f"http://ex.com/s/{i}.html",
            "html": f'<link rel="stylesheet" href="/{css}.css"><body>{inner}</body>',
        }

    a = [page("a", "<main><article><p>t</p></article></main>", i) for i in range(4)]
    b = [page("b", "<div class=grid><section><p>t</p></section></div>", i + 4) for i in range(4)]
    keys = resolve_page_cluster_keys(a + b)
    assert len(set(keys[:4])) == 1 and len(set(keys[4:])) == 1 and keys[0] != keys[4]
    assert json.loads(keys[0])[0] != json.loads(keys[4])[0]  # different blocks


# --- record offsets and skipping invalid records -----------------------------------------


@pytest.mark.parametrize("compress", [False, True])
def test_jsonl_records_carry_the_byte_offset_of_their_line(compress):
    records = [{"id": i, "html": f"<p>{'é' * i}</p>"} for i in range(5)]
    text = b"\xef\xbb\xbf" + jsonl(*records[:2]) + b"\n  \n" + jsonl(*records[2:])
    data = gzip.compress(text) if compress else text
    got = list(open_pages(io.BytesIO(data)))
    assert [r.output_id for r in got] == list(range(5))
    for rec in got:
        line = text[rec.offset :].split(b"\n", 1)[0]
        assert json.loads(line.removeprefix(b"\xef\xbb\xbf")) == records[rec.output_id]
    assert got[0].offset == 0 and got[1].offset > 0


def test_skip_invalid_counts_bad_lines_and_elements_instead_of_stopping():
    data = jsonl({"html": "a"}, [1], {"id": 2}) + b"{oops\n" + jsonl({"html": "b"})
    with pytest.raises(InputError, match="line 2"):
        list(open_pages(io.BytesIO(data)))
    skips = []
    src = open_pages(io.BytesIO(data), skip_invalid=True, on_skip=skips.append)
    assert [r.page.html for r in src] == ["a", "b"]
    assert [(s.reason, s.position) for s in skips] == [
        ("invalid", "line 2"),
        ("invalid", "line 3"),
        ("invalid", "line 4"),
    ]
    assert src.report.summary() == "skipped 3 lines (3 invalid)"
    array = b'[{"html": "a"}, 1, {"html": "b"}]'
    src = open_pages(io.BytesIO(array), skip_invalid=True)
    assert [r.page.html for r in src] == ["a", "b"]
    assert src.report.summary() == "skipped 1 element (1 invalid)"
    # Invalid JSON inside an array still stops: what follows cannot be trusted.
    with pytest.raises(InputError, match="element 1"):
        list(open_pages(io.BytesIO(b'[{"html": "a"}, {"html": ]'), skip_invalid=True))
