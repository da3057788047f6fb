"""Nothing in a crawl file may crash a reader (property-based, random and adversarial).

Damaged WARC files, arbitrary bytes, broken JSON arrays, odd URLs and charsets:
the readers either yield pages or report skipped records (WARC, folders) or raise
:class:`InputError` naming a position (JSON); nothing else.
"""

from __future__ import annotations

import gzip
import io
import json
import random
import re
import signal

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from page_cluster import resolve_page_cluster_keys
from page_cluster.io import InputError, open_pages
from page_cluster.io.charset import (
    DecodedHtml,
    UndecodableError,
    charset_from_content_type,
    decode_html_bytes,
)
from page_cluster.io.report import ERROR_REASONS, ROUTINE_REASONS
from page_cluster.io.url_signals import (
    host_from_url,
    paths_from_url,
    resolve_stylesheet_hrefs,
    signals_from_url,
    url_from_relative_path,
)
from page_cluster.parsing.stylesheet_links import StylesheetLinks

from .io_fixtures import join, request, response, warc_record, warcinfo

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
U = "http://p.example"
POSITION = re.compile(r"^record \d+ \((?:uncompressed )?byte \d+(?:, .+)?\)$")


def _readers() -> list[str]:
    try:
        import fastwarc.warc  # noqa: F401
    except ImportError:
        return ["warcio"]
    return ["warcio", "fastwarc"]


READERS = _readers()


def small_archive() -> list[bytes]:
    recs = [warcinfo()]
    for i in range(6):
        url = f"{U}/{i}.html"
        recs.append(request(url))
        recs.append(response(url, f"<html><body><main><p>{i}</p></main></body></html>".encode()))
    recs.append(response(U + "/s.css", b"body{}", content_type="text/css"))
    recs.append(response(U + "/r", b"", status=302, Location="/0.html"))
    return recs


ARCHIVE = small_archive()
URLS = {f"{U}/{i}.html" for i in range(6)}
LAYOUTS = {
    "plain": join(ARCHIVE, False),
    "per-record gzip": join(ARCHIVE, True),
    "whole-file gzip": gzip.compress(join(ARCHIVE, False), mtime=0),
}

mutation = st.tuples(
    st.sampled_from(["flip", "insert", "delete", "truncate"]),
    st.floats(min_value=0, max_value=1, allow_nan=False),
    st.binary(min_size=1, max_size=40),
)


def mutate(data: bytes, ops: list[tuple[str, float, bytes]]) -> bytes:
    buf = bytearray(data)
    for op, where, junk in ops:
        i = int(where * len(buf)) if buf else 0
        if op == "flip" and buf:
            for k, b in enumerate(junk):
                if i + k < len(buf):
                    buf[i + k] ^= b or 0xFF
        elif op == "insert":
            buf[i:i] = junk
        elif op == "delete":
            del buf[i : i + len(junk)]
        else:
            del buf[i:]
    return bytes(buf)


def read_all(data: bytes, reader: str):
    skips = []
    src = open_pages(io.BytesIO(data), "warc", on_skip=skips.append, warc_reader=reader)
    return list(src), src.report, skips


def check_outcome(records, report, skips) -> None:
    assert report.pages == len(records)
    assert report.skipped_total == len(skips)
    for skip in skips:
        assert skip.reason in ROUTINE_REASONS + ERROR_REASONS
        assert POSITION.match(skip.position), skip.position
    for rec in records:
        assert POSITION.match(rec.position), rec.position
        assert isinstance(rec.page.html, (str, bytes))


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("layout", list(LAYOUTS))
@SETTINGS
@given(ops=st.lists(mutation, min_size=1, max_size=4))
# Found by this test: a damaged header put a newline in a URL, and so in the
# position of a skipped record (positions are one line).
@example(ops=[("truncate", 0.431640625, b"\x00"), ("flip", 0.98828125, b"\x00")])
# Also found by it: bytes after the last gzip member of a whole-file gzip.
@example(ops=[("insert", 1.0, b"\x00\x00")])
def test_damaged_archives_never_crash_and_only_yield_real_pages(reader, layout, ops):
    records, report, skips = read_all(mutate(LAYOUTS[layout], ops), reader)
    check_outcome(records, report, skips)
    # A damaged capture may lose its URL or content, but a page always comes
    # from a response record of the archive.
    assert len(records) <= len(URLS) + 2


@pytest.mark.parametrize("reader", READERS)
@SETTINGS
@given(data=st.binary(max_size=3000))
def test_arbitrary_bytes_read_as_warc_never_crash(reader, data):
    check_outcome(*read_all(data, reader))


@pytest.mark.parametrize("reader", READERS)
@SETTINGS
@given(
    status=st.integers(min_value=-5, max_value=1200) | st.none(),
    ctype=st.text(max_size=40) | st.none(),
    body=st.binary(max_size=400),
    url=st.text(max_size=60),
)
def test_odd_records_never_crash(reader, status, ctype, body, url):
    url = url.replace("\r", "").replace("\n", "")
    head = f"HTTP/1.1 {status} X\r\n" if status is not None else "HTTP/1.1\r\n"
    if ctype is not None:
        head += "Content-Type: " + ctype.replace("\r", "").replace("\n", "") + "\r\n"
    block = head.encode("utf-8", "replace") + b"\r\n" + body
    data = join([warc_record("response", url or None, block)], True)
    records, report, skips = read_all(data, reader)
    check_outcome(records, report, skips)
    resolve_page_cluster_keys(records)


@SETTINGS
@given(data=st.binary(max_size=2000), declared=st.text(max_size=30) | st.none())
def test_decoding_gives_text_or_says_undecodable(data, declared):
    try:
        out = decode_html_bytes(data, charset_from_content_type(declared))
    except UndecodableError:
        return
    assert isinstance(out, DecodedHtml)
    if isinstance(out.html, bytes):
        assert out.encoding == "utf-8"
        out.html.decode("utf-8")
    else:
        assert out.encoding is None


@SETTINGS
@given(
    url=st.text(max_size=80),
    href=st.lists(st.text(max_size=40), max_size=4),
    base=st.text(max_size=20) | st.none(),
)
def test_url_signals_never_raise(url, href, base):
    paths = paths_from_url(url)
    assert all(isinstance(p, str) and p for p in paths)
    host = host_from_url(url)
    assert signals_from_url(url) == (paths, host)
    assert host is None or (host and host == host.lower())
    hrefs = resolve_stylesheet_hrefs(StylesheetLinks(tuple(href), base), url or None, host)
    assert len(hrefs) == len(href)
    assert url_from_relative_path(url, None).startswith("/")


page_object = st.fixed_dictionaries(
    {"html": st.text(max_size=50)},
    optional={
        "id": st.one_of(st.text(max_size=10), st.integers(), st.none()),
        "url": st.one_of(st.text(max_size=30), st.none()),
        "paths": st.one_of(st.lists(st.text(max_size=5), max_size=3), st.none()),
    },
)


@SETTINGS
@given(pages=st.lists(page_object, max_size=6), indent=st.sampled_from([None, 1]))
def test_json_arrays_read_like_their_elements(pages, indent):
    data = json.dumps(pages, indent=indent).encode()
    src = open_pages(io.BytesIO(data), "json")
    records = list(src)
    assert len(records) == len(pages)
    for rec, page in zip(records, pages, strict=True):
        want = (
            page.get("id")
            if page.get("id") is not None
            else (page.get("url") or "").strip() or None
        )
        assert rec.output_id == want


@SETTINGS
@given(data=st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_any_bytes_as_a_json_array_read_or_fail_with_a_position(data):
    try:
        list(open_pages(io.BytesIO(b"[" + data), "json"))
    except InputError as exc:
        assert re.match(r"^(element \d+|after element \d+|after the array|byte \d+): ", str(exc))


json_value = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(st.sampled_from(["html", "id", "url", "paths"]), children, max_size=3)
    ),
    max_leaves=6,
)
jsonl_line = (
    page_object.map(lambda p: json.dumps(p).encode())
    | json_value.map(lambda v: json.dumps(v).encode())
    | st.binary(max_size=30).filter(lambda b: b"\n" not in b)
)


@SETTINGS
@given(lines=st.lists(jsonl_line, max_size=8), compress=st.booleans())
def test_skipping_invalid_jsonl_never_raises_and_offsets_find_each_line(lines, compress):
    """With ``skip_invalid`` every line is a page, a blank, or an ``invalid`` skip
    naming its line; each page's offset is where its line starts."""
    text = b"".join(line + b"\n" for line in lines)
    assume(not text.startswith(b"\x1f\x8b"))  # that is a damaged gzip stream, which stops
    data = gzip.compress(text) if compress else text
    src = open_pages(io.BytesIO(data), "jsonl", skip_invalid=True)
    records = list(src)
    # A UTF-8 byte-order mark opening the stream is not content: a first line of
    # only a BOM (and spaces) is blank.
    shown = [line.removeprefix(b"\xef\xbb\xbf") if i == 0 else line for i, line in enumerate(lines)]
    blank = sum(1 for line in shown if not line.strip())
    assert len(records) + src.report.skipped_total + blank == len(lines)
    assert all(re.match(r"^line \d+$", e.position) for e in src.report.errors)
    assert src.report.skipped_total == src.report.skipped["invalid"]
    for rec in records:
        assert rec.line is not None and rec.offset is not None
        assert text[rec.offset :].split(b"\n", 1)[0] == lines[rec.line - 1]


class _Hang(Exception):
    pass


def _alarm(signum, frame):
    raise _Hang


def test_seeded_damage_corpus_terminates_and_never_crashes():
    """A fixed corpus of 2500 damaged archives (the same seed found a case where
    warcio's offset went backwards and resynchronising looped forever)."""
    rng = random.Random(1)
    old = signal.signal(signal.SIGALRM, _alarm)
    try:
        for n in range(2500):
            layout = rng.choice(list(LAYOUTS))
            reader = rng.choice(["warcio", "fastwarc"])
            ops = [
                (
                    rng.choice(["flip", "insert", "delete", "truncate"]),
                    rng.random(),
                    bytes(rng.randrange(256) for _ in range(rng.randint(1, 40))),
                )
                for _ in range(rng.randint(1, 4))
            ]
            if reader not in READERS:
                reader = "warcio"
            signal.alarm(30)
            try:
                check_outcome(*read_all(mutate(LAYOUTS[layout], ops), reader))
            except _Hang:
                pytest.fail(f"reading damaged archive {n} ({layout}, {reader}) did not finish")
            finally:
                signal.alarm(0)
    finally:
        signal.signal(signal.SIGALRM, old)


@SETTINGS
@given(
    rec_type=st.sampled_from(["response", "resource", "revisit", "request"]),
    status=st.integers(min_value=-5, max_value=1200) | st.none(),
    ctype=st.text(max_size=40) | st.none(),
    body=st.binary(max_size=400),
    url=st.text(max_size=30) | st.sampled_from(["http://a.example/x", "http://a b/"]),
)
def test_both_readers_agree_on_any_single_record(rec_type, status, ctype, body, url):
    if "fastwarc" not in READERS:
        pytest.skip("the optional FastWARC reader is not installed")
    url = url.replace("\r", "").replace("\n", "")
    head = f"HTTP/1.1 {status} X\r\n" if status is not None else "HTTP/1.1\r\n"
    if ctype is not None:
        head += "Content-Type: " + ctype.replace("\r", "").replace("\n", "") + "\r\n"
    block = head.encode("utf-8", "replace") + b"\r\n" + body
    data = join([warc_record(rec_type, url or None, block)], True)
    outcomes = []
    for reader in READERS:
        records, _, skips = read_all(data, reader)
        outcomes.append(
            (
                [(r.output_id, r.page.html, r.position) for r in records],
                [s.message for s in skips],
            )
        )
    assert outcomes[0] == outcomes[1]


url_part = st.text(alphabet="ab/.?#:%;@", max_size=14)


base_url = st.one_of(
    st.builds(
        lambda *parts: "".join(parts),
        st.sampled_from(["http://", "https://", "//", "", "http:", "file:///"]),
        st.sampled_from(["ex.com", "ex.com:81", "", "[::1]"]),
        url_part,
    ),
    st.text(max_size=25),
)


@SETTINGS
@given(base=base_url, href=(url_part | st.text(max_size=15)).filter(bool))
def test_resolving_against_the_base_directory_equals_resolving_against_the_page(base, href):
    """The resolution cache keys path references by the base's directory only."""
    from urllib.parse import urljoin

    from page_cluster.io.url_signals import _base_directory, _is_path_reference

    try:
        expected = urljoin(base, href)
    except ValueError:
        return
    if _is_path_reference(href):
        assert urljoin(_base_directory(base), href) == expected


def _outcome(raw: bytes) -> tuple:
    """What reading one JSONL line gives: the record's fields, or the error."""
    from page_cluster.io.jsonl import parse_jsonl_line

    try:
        rec = parse_jsonl_line(raw, 1)
    except InputError as exc:
        return ("error", str(exc))
    if rec is None:
        return ("blank",)
    page = rec.page
    return (
        "page",
        repr(rec.output_id),
        page.html,
        page.paths,
        page.host,
        page.stylesheet_hrefs,
        rec.derive_stylesheets,
    )


json_scalar = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20)
)
json_field = st.recursive(json_scalar, lambda inner: st.lists(inner, max_size=3), max_leaves=6)
page_like = st.fixed_dictionaries(
    {},
    optional={
        "id": json_field,
        "url": json_field,
        "html": json_field,
        "paths": json_field,
        "host": json_field,
        "stylesheetHrefs": json_field,
        "extra": json_field,
    },
)


@SETTINGS
@given(
    line=page_like.map(lambda d: json.dumps(d).encode())
    | json_field.map(lambda v: json.dumps(v).encode())
    | st.text(max_size=60).map(lambda t: t.encode("utf-8", "surrogatepass"))
    | st.binary(max_size=60)
)
@example(line=b'{"id": 123456789012345678901234567890, "html": "x"}')
@example(line=b'{"id": NaN, "html": "x"}')
@example(line=b'{"id": 1e400, "html": "x"}')
@example(line=b'{"id": "\\ud800", "html": "\\udfff"}')
@example(line=b'{"html": "x", "id": 1.5}')
@example(line='{"html": "x"}'.encode("utf-16"))
def test_both_json_decoders_read_a_line_alike(line):
    # The fast decoder (orjson, when installed) and Python's own give the same
    # record, or the same error, for any line.
    import page_cluster.io.jsonl as jsonl

    fast = _outcome(line)
    saved, jsonl._orjson = jsonl._orjson, None
    try:
        plain = _outcome(line)
    finally:
        jsonl._orjson = saved
    assert fast == plain


def test_the_fast_json_decoder_is_installed_where_tests_run():
    # The test extra installs orjson, so the property above compares two decoders.
    import page_cluster.io.jsonl as jsonl

    assert jsonl._orjson is not None
