"""Random and mutated bytes through the command and the bounded readers: no
traceback, no hang, every page accounted for, nothing unescaped on stderr."""

from __future__ import annotations

import gzip
import io
import json
from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from page_cluster.cli import main as cli_main
from page_cluster.io.jsonl import read_bounded_lines, read_line_spans
from page_cluster.parsing import attribute_cap

from .io_fixtures import join, response

FUZZ = settings(
    max_examples=60,
    deadline=timedelta(seconds=20),  # a hang fails the example
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _jsonl_seed() -> bytes:
    lines = [
        {"id": 1, "url": "http://x.example/a/1", "html": "<body><main><p>1</p></main></body>"},
        {"id": "b", "html": "<body><nav>n</nav><div class=x a b c>2</div></body>"},
        {"html": "<p>3</p>", "paths": ["p", "3"], "stylesheetHrefs": ["/s.css"]},
    ]
    return b"".join(json.dumps(r).encode() + b"\n" for r in lines)


def _warc_seed(compress: bool) -> bytes:
    pages = [
        response(f"http://x.example/{i}.html", f"<html><body><p>{i}</p></body></html>".encode())
        for i in range(4)
    ]
    return join(pages, compress)


SEEDS = {
    "jsonl": _jsonl_seed(),
    "jsonl.gz": gzip.compress(_jsonl_seed(), mtime=0),
    "warc": _warc_seed(False),
    "warc.gz": _warc_seed(True),
}

mutation = st.tuples(
    st.sampled_from(["flip", "insert", "delete", "truncate", "digits"]),
    st.floats(0, 1),
    st.binary(min_size=1, max_size=12),
)


def mutate(data: bytes, ops: list[tuple[str, float, bytes]]) -> bytes:
    for op, where, blob in ops:
        i = int(where * len(data))
        if op == "flip":
            data = data[:i] + blob + data[i + len(blob) :]
        elif op == "insert":
            data = data[:i] + blob + data[i:]
        elif op == "delete":
            data = data[:i] + data[i + len(blob) :]
        elif op == "truncate":
            data = data[:i]
        else:  # inflate a number (a Content-Length, an id)
            j = data.find(b"Length: ", i)
            j = j + 8 if j != -1 else i
            data = data[:j] + b"9" * len(blob) + data[j:]
    return data


def run_cli(data: bytes, *extra: str) -> tuple[int, str, str]:
    args = cli_main.build_parser().parse_args(["-j", "1", "--max-line-bytes", "4096", *extra])
    out, err = io.StringIO(), io.StringIO()
    code = cli_main.run_cluster_command(args, io.BytesIO(data), out, err)
    return code, out.getvalue(), err.getvalue()


def check(code: int, out: str, err: str) -> None:
    assert code in (0, 1)
    if code == 1:
        assert out == ""
    for line in out.splitlines():
        rec = json.loads(line)
        assert set(rec) == {"id", "clusterKey"}
    # Everything quoted from the input is escaped: no control byte but newlines.
    assert all(c == "\n" or c.isprintable() for c in err), repr(err)


@FUZZ
@given(
    kind=st.sampled_from(sorted(SEEDS)),
    ops=st.lists(mutation, min_size=1, max_size=4),
)
def test_cli_on_mutated_crawls_never_raises(kind, ops):
    code, out, err = run_cli(mutate(SEEDS[kind], ops))
    check(code, out, err)


@FUZZ
@given(data=st.binary(max_size=3000), fmt=st.sampled_from(["jsonl", "json", "warc"]))
def test_cli_on_random_bytes_never_raises(data, fmt):
    check(*run_cli(data, "--format", fmt))


@FUZZ
@given(ops=st.lists(mutation, min_size=1, max_size=3))
def test_every_warc_page_is_output_or_counted(ops):
    """An intact record of the mutated archive is never lost without a count."""
    data = mutate(SEEDS["warc"], ops)
    code, out, err = run_cli(data, "--format", "warc")
    check(code, out, err)
    kept = len(out.splitlines())
    skipped = 0
    for line in err.splitlines():
        if "skipped" in line and line.startswith("[page-cluster] skipped"):
            skipped = int(line.split()[2])
    intact = sum(1 for i in range(4) if f"<p>{i}</p>".encode() in data)
    # A record can only disappear by damage that leaves a reported skip.
    assert kept + skipped >= min(intact, 1) or code == 1


@settings(max_examples=200, deadline=None)
@given(
    chunks=st.lists(
        st.sampled_from([b"\n", b"x", b"xxxxxxxx", b"\r\n", b"y" * 40, b""]), max_size=60
    ),
    limit=st.integers(1, 50),
)
def test_bounded_lines_keep_every_byte_and_never_exceed_the_limit(chunks, limit):
    data = b"".join(chunks)
    got = list(read_bounded_lines(io.BufferedReader(io.BytesIO(data), 8), limit, chunk=7))
    assert sum(n for _, n in got) == len(data)
    expected = data.splitlines(keepends=True)
    assert len(got) == len(expected)
    for (raw, n), line in zip(got, expected, strict=True):
        assert n == len(line)
        if raw is None:
            assert len(line.rstrip(b"\n")) > limit
        else:
            assert raw == line and len(line.rstrip(b"\n")) <= limit


@settings(max_examples=200, deadline=None)
@given(
    chunks=st.lists(
        st.sampled_from([b"\n", b"x", b" ", b"\t", b"xxxxxxxx", b"\r\n", b"  " * 9, b""]),
        max_size=60,
    ),
    chunk=st.integers(1, 12),
)
def test_line_spans_measure_every_line_and_tell_blank_ones(chunks, chunk):
    data = b"".join(chunks)
    got = list(read_line_spans(io.BufferedReader(io.BytesIO(data), 8), chunk=chunk))
    expected = data.split(b"\n")
    expected = [line + b"\n" for line in expected[:-1]] + ([expected[-1]] if expected[-1] else [])
    assert [n for n, _ in got] == [len(line) for line in expected]
    assert [blank for _, blank in got] == [line.isspace() for line in expected]


tag_soup = st.lists(
    st.sampled_from(
        [
            *(b"<", b">", b"a", b"div", b" ", b"=", b'"', b"'", b"/", b"x=1", b"\n"),
            *(b"<!--", b"-->", b"<script>", b"</script>", b"</SCRIPT", b"<style ", b"</style>"),
            b"<plaintext>",
        ]
    ),
    max_size=80,
).map(b"".join)


@settings(max_examples=300, deadline=None)
@given(data=tag_soup, cap=st.integers(1, 6))
def test_attribute_scans_agree_and_bound_every_element(data, cap):
    pure = attribute_cap._overfull_sequential(data, cap)
    assert attribute_cap._overfull_pure(data, cap) == pure
    assert attribute_cap.overfull_tags(data, cap) == (pure if len(data) > cap else [])
    capped, n = attribute_cap.cap_attributes(data, cap)
    assert n == len(attribute_cap.overfull_tags(data, cap))
    # Capping twice changes nothing more; what is left has no overfull tag.
    assert attribute_cap._overfull_sequential(capped, cap) == []
    if not n:
        assert capped is data
