"""Hostile input and faults: nothing lost silently, nothing overwritten, nothing
unbounded. One regression test per finding; each builds its hostile input here,
small. docs/reliability.md lists them with the behaviour they hold."""

from __future__ import annotations

import gzip
import io
import json
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import threading
import tracemalloc
from pathlib import Path

import pytest
from lxml import etree

from page_cluster.base.limits import Limits
from page_cluster.io import open_pages
from page_cluster.io.json_file import check_writable, output_kind, write_json_atomic
from page_cluster.io.jsonl import InputError, read_bounded_lines
from page_cluster.io.mirror import read_mirror_page
from page_cluster.io.report import ReadReport
from page_cluster.io.warc import iter_warc_pages
from page_cluster.parsing import attribute_cap
from page_cluster.parsing.html_source import parse_html, parse_html_capped

from .conftest import SAMPLE
from .io_fixtures import join, response

CMD = [sys.executable, "-m", "page_cluster"]
U = "http://hostile.example"


def run(args: list[str], stdin: bytes = b"", **kwargs) -> subprocess.CompletedProcess:
    kwargs.setdefault("capture_output", True)
    return subprocess.run(CMD + args, input=stdin, timeout=120, **kwargs)


def no_traceback(res: subprocess.CompletedProcess) -> None:
    assert b"Traceback" not in res.stderr, res.stderr.decode(errors="replace")


def page(i: int, size: int = 0) -> bytes:
    return f"<html><body><main><p>page {i}</p><p>{'x' * size}</p></main></body></html>".encode()


def sample_lines(n: int = 3) -> bytes:
    return b"".join(SAMPLE.read_bytes().splitlines(keepends=True)[:n])


# ---------------------------------------------------------------------------
# 1. Report paths: what a path names decides how it is written


def test_report_file_symlink_is_followed_not_replaced(tmp_path):
    target = tmp_path / "real.json"
    target.write_text("old")
    os.chmod(target, 0o640)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    res = run(["--validation-file", str(link)], sample_lines())
    assert res.returncode == 0, res.stderr
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert "cohesion" in json.loads(target.read_text())
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_dangling_symlink_creates_its_target(tmp_path):
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "made.json")
    write_json_atomic(link, {"a": 1})
    assert link.is_symlink() and json.loads((tmp_path / "made.json").read_text()) == {"a": 1}


def _read_fifo(path: Path, out: list[bytes]) -> threading.Thread:
    def reader() -> None:
        with open(path, "rb") as fh:
            out.append(fh.read())

    t = threading.Thread(target=reader, daemon=True)
    t.start()
    return t


def test_report_fifo_is_written_in_place(tmp_path):
    fifo = tmp_path / "report.fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = _read_fifo(fifo, got)
    res = run(["--cluster-reasons-file", str(fifo)], sample_lines())
    reader.join(30)
    assert res.returncode == 0, res.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert json.loads(got[0])  # the reasons, whole


def test_validate_out_fifo_is_written_in_place(tmp_path):
    pages = tmp_path / "pages.jsonl"
    pages.write_bytes(sample_lines())
    clusters = tmp_path / "clusters.jsonl"
    clusters.write_bytes(run([str(pages)]).stdout)
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = _read_fifo(fifo, got)
    res = run(["validate", "--pages", str(pages), "--clusters", str(clusters), "--out", str(fifo)])
    reader.join(30)
    assert res.returncode == 0, res.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and "cohesion" in json.loads(got[0])


def _full_device(tmp_path: Path) -> Path:
    """A node of the device that is always full: a copy when we may make one
    (as root, where replacing it would have been possible), else /dev/full."""
    if os.geteuid() == 0:
        node = tmp_path / "full"
        try:
            os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 7))
            return node
        except OSError:  # a container without the right to make device nodes
            pass
    return Path("/dev/full")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs Linux's /dev/full")
def test_report_on_a_full_device_is_an_error_and_the_node_stays(tmp_path):
    node = _full_device(tmp_path)
    res = run(["--validation-file", str(node)], sample_lines())
    no_traceback(res)
    assert res.returncode == 1 and res.stdout == b""
    assert b"No space left on device" in res.stderr
    assert stat.S_ISCHR(os.lstat(node).st_mode)


def test_folders_sockets_are_refused_up_front(tmp_path):
    sock_path = tmp_path / "s.sock"
    sock = socket.socket(socket.AF_UNIX)
    try:
        sock.bind(str(sock_path))
        assert output_kind(sock_path) == "refused: is a socket"
        assert check_writable(sock_path) == "is a socket"
        res = run(["--validation-file", str(sock_path)], sample_lines())
        assert res.returncode == 1 and b"is a socket" in res.stderr
        assert stat.S_ISSOCK(os.lstat(sock_path).st_mode)
    finally:
        sock.close()
    assert check_writable(tmp_path) == "is a directory"
    assert output_kind(tmp_path / "new.json") == "new"
    assert output_kind("/dev/null") == "stream"


# ---------------------------------------------------------------------------
# 2. WARC records: every record counted, readers resynchronise


def _overstated(compress: bool, bad: int, factor: int = 10, size: int = 4000) -> bytes:
    records = []
    for i in range(10):
        rec = response(f"{U}/{i}.html", page(i, size))
        if i == bad:
            m = re.search(rb"Content-Length: (\d+)\r\n\r\nHTTP", rec)
            assert m is not None
            n = int(m.group(1))
            rec = rec.replace(
                b"Content-Length: %d\r\n\r\nHTTP" % n,
                b"Content-Length: %d\r\n\r\nHTTP" % (n * factor),
            )
        records.append(rec)
    return join(records, compress)


@pytest.mark.parametrize("reader", ["warcio", "fastwarc"])
@pytest.mark.parametrize("compress", [False, True], ids=["plain", "gzip"])
@pytest.mark.parametrize("bad", [0, 3, 9])
def test_overstated_content_length_loses_no_record_silently(reader, compress, bad):
    if reader == "fastwarc":
        pytest.importorskip("fastwarc")
    report = ReadReport()
    pages = list(iter_warc_pages(io.BytesIO(_overstated(compress, bad)), report, reader=reader))
    urls = [p.url for p in pages]
    # Every record is a page or a counted skip, and only the damaged one is lost.
    assert len(pages) + report.skipped_total == 10
    assert len(pages) >= 9 and len(set(urls)) == len(urls)
    assert all(f"{U}/{i}.html" in urls for i in range(10) if i != bad)
    if len(pages) == 9:
        assert report.errors and report.errors[0].position.startswith(f"record {bad + 1} ")


@pytest.mark.parametrize("reader", ["warcio", "fastwarc"])
def test_understated_content_length_resyncs_on_the_next_header(reader):
    if reader == "fastwarc":
        pytest.importorskip("fastwarc")
    data = _overstated(False, 4, factor=1)
    data = data.replace(b"Content-Length: 2", b"Content-Length: 1", 1)  # a short length
    report = ReadReport()
    pages = list(iter_warc_pages(io.BytesIO(data), report, reader=reader))
    assert len(pages) + report.skipped_total >= 10
    assert {f"{U}/{i}.html" for i in range(1, 10)} <= {p.url for p in pages}


@pytest.mark.parametrize("reader", ["warcio", "fastwarc"])
def test_a_record_without_its_version_line_does_not_swallow_the_rest(reader):
    if reader == "fastwarc":
        pytest.importorskip("fastwarc")
    data = _overstated(False, 99)[len(b"WARC/1.0") :]  # the first record loses its first line
    report = ReadReport()
    pages = list(iter_warc_pages(io.BytesIO(data), report, reader=reader))
    assert [p.url for p in pages] == [f"{U}/{i}.html" for i in range(1, 10)]
    assert report.skipped == {"corrupt": 1}


def test_the_cli_reports_the_overstated_record():
    res = run(["--format", "warc", "-j", "1"], _overstated(False, 3))
    no_traceback(res)
    assert res.returncode == 0
    assert len(res.stdout.splitlines()) == 9
    assert b"runs past the next record" in res.stderr and b"skipped 1 record" in res.stderr


# ---------------------------------------------------------------------------
# 3. Bounded JSONL lines and pages


class _Endless(io.RawIOBase):
    """``total`` bytes of one value without a newline, produced on the fly (like
    /dev/zero), so the test itself holds nothing."""

    def __init__(self, total: int, byte: bytes = b"\x00") -> None:
        self.left = total
        self.block = byte * (1 << 16)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        n = min(len(buffer), self.left, len(self.block))
        buffer[:n] = self.block[:n]
        self.left -= n
        return n


def test_a_huge_line_is_read_past_in_bounded_memory():
    stream = io.BufferedReader(_Endless(64 << 20), 1 << 16)
    tracemalloc.start()
    try:
        lines = list(read_bounded_lines(stream, 1 << 20))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert lines == [(None, 64 << 20)]
    assert peak < 8 << 20  # a 64 MiB line, never more than ~2 MiB held


def test_a_gzip_bomb_line_stops_with_its_line_number_in_bounded_memory():
    bomb = gzip.compress(b'{"html": "' + b"x" * (32 << 20))
    data = gzip.compress(sample_lines(2)) + bomb
    limits = Limits(max_line_bytes=1 << 20)
    tracemalloc.start()
    try:
        with pytest.raises(InputError) as err:
            list(open_pages(io.BytesIO(data), limits=limits))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert err.value.location == "line 3" and err.value.reason == "too large"
    assert peak < 16 << 20


def test_oversized_jsonl_line_and_page_are_reported_or_skipped():
    big_line = json.dumps({"html": "<p>" + "y" * 5000 + "</p>"}).encode() + b"\n"
    small = [json.dumps({"id": i, "html": f"<p>{i}</p>"}).encode() + b"\n" for i in range(3)]
    data = small[0] + small[1] + big_line + small[2]
    res = run(["--max-line-bytes", "2000", "-j", "1"], data)
    no_traceback(res)
    assert res.returncode == 1 and res.stdout == b""
    assert b"line 3: line over 2000 bytes" in res.stderr
    res = run(["--max-page-bytes", "1000", "--max-line-bytes", "99999", "-j", "1"], big_line)
    assert res.returncode == 1 and b"line 1: page over 1000 bytes" in res.stderr
    skips: list = []
    src = open_pages(
        io.BytesIO(data),
        limits=Limits(max_line_bytes=2000),
        skip_invalid=True,
        on_skip=skips.append,
    )
    assert len(list(src)) == 3
    assert src.report.skipped == {"too large": 1} and skips[0].position == "line 3"


def test_validate_bounds_the_lines_of_a_clusters_file(tmp_path):
    pages = tmp_path / "pages.jsonl"
    pages.write_bytes(sample_lines(2))
    clusters = tmp_path / "clusters.jsonl"
    clusters.write_bytes(b'{"id": "' + b"z" * 5000 + b'", "clusterKey": "k"}\n')
    args = ["--pages", str(pages), "--clusters", str(clusters), "--max-line-bytes", "1000"]
    res = run(["validate", *args])
    no_traceback(res)
    assert res.returncode == 1 and b"line 1: line over 1000 bytes" in res.stderr


def test_a_stream_of_zeros_is_an_error_not_a_memory_error():
    res = run(["--max-line-bytes", "100000", "-j", "1"], b"\x00" * 3_000_000)
    no_traceback(res)
    assert res.returncode == 1 and b"line 1: line over 100000 bytes" in res.stderr


# ---------------------------------------------------------------------------
# 4. Attributes per element


def _attribute_bomb(n: int) -> bytes:
    attrs = " ".join(f"a{i}=v" for i in range(n))
    return f"<html><body><div {attrs}><p>t</p></div><p>after</p></body></html>".encode()


def test_an_element_keeps_at_most_max_attributes():
    root, capped = parse_html_capped(_attribute_bomb(30_000), "utf-8", max_attributes=1000)
    div = root.find(".//div")
    assert capped == 1 and len(div.attrib) == 1000 and div.get("a999") == "v"
    assert [p.text for p in root.iter("p")] == ["t", "after"]  # the rest is intact


def test_quoted_gt_does_not_hide_attributes():
    attrs = " ".join(f'a{i}=">"' for i in range(3000))
    root = parse_html(f"<body><div {attrs}></div></body>".encode(), "utf-8", max_attributes=50)
    assert len(root.find(".//div").attrib) == 50


def test_the_cli_notes_pages_with_dropped_attributes():
    line = json.dumps({"id": "bomb", "html": _attribute_bomb(5000).decode()}).encode()
    res = run(["--max-attributes", "100", "-j", "1"], line + b"\n" + sample_lines(2))
    assert res.returncode == 0, res.stderr
    assert b"1 page with attributes beyond 100 per element dropped" in res.stderr


def test_valid_pages_pass_unchanged():
    data = SAMPLE.read_bytes()
    for raw in data.splitlines()[:50]:
        html = json.loads(raw)["html"].encode()
        assert attribute_cap.cap_attributes(html, 1000)[0] is html


# Read as markup, a script's ``a<b`` opens a tag; a quote inside an unquoted
# "value" (``s=f('x``) leaves the next one unpaired, the text's apostrophes
# pair up with it, and the words between count as the tag's attributes: past
# the thousandth, the rest of the page was cut (WordPress's emoji loader in
# every page's head did this to its whole main area).
_RAW_TEXT_TRAPS = {
    "script": "<script>if(a<b)s=f('x y')</script>",
    "SCRIPT": "<SCRIPT>if(a<b)s=f('x y')</Script >",
    "style": "<style>a<b{c:url(x y')}</style>",
    "title": "<title>a<b x='y z</title>",
    "textarea": "<textarea>a<b x='y z</textarea>",
}


@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "pure"])
@pytest.mark.parametrize("wrapper", sorted(_RAW_TEXT_TRAPS))
def test_what_raw_text_elements_hold_is_never_read_as_attributes(monkeypatch, pure, wrapper):
    if pure:
        monkeypatch.setenv("PAGE_CLUSTER_PURE_SCAN", "1")
    attribute_cap._compiled.cache_clear()
    try:
        words = " ".join(f"w{i}" for i in range(1500))
        html = (
            f"<html><head>{_RAW_TEXT_TRAPS[wrapper]}</head><body>"
            f'<main class="m"><article class="post"><p>don\'t {words} it\'s</p></article>'
            '<aside class="a"><p>t</p></aside></main><footer class="f"><p>t</p></footer>'
            "</body></html>"
        ).encode()
        assert attribute_cap.cap_attributes(html, 1000) == (html, 0)
        root = parse_html(html, "utf-8")
        assert root.find(".//main/aside") is not None and root.find(".//footer") is not None
    finally:
        attribute_cap._compiled.cache_clear()


def test_an_element_after_a_script_is_still_capped():
    attrs = " ".join(f"a{i}" for i in range(50))
    html = f"<script>if(a<b)s='</script><div {attrs}>x</div><p>after</p>".encode()
    capped, n = attribute_cap.cap_attributes(html, 10)
    assert n == 1 and b"a9 " in capped and b"a10" not in capped and capped.endswith(b"<p>after</p>")


# ---------------------------------------------------------------------------
# 5. Clear errors instead of tracebacks


@pytest.mark.parametrize("field", ["id", "url", "host", "paths"])
def test_lone_surrogates_in_any_field(field):
    value = ["a", "\ud800"] if field == "paths" else "x\ud800y"
    rec = {"html": "<p>a</p>", field: value}
    if field == "host":
        rec["id"] = "\udfff"
    data = json.dumps(rec).encode() + b"\n" + sample_lines(2)
    res = run(["-j", "1"], data)
    no_traceback(res)
    assert res.returncode == 0
    first = json.loads(res.stdout.splitlines()[0])
    if field in ("id", "url"):
        assert first["id"] == "x\ud800y"


def test_an_id_of_five_thousand_digits():
    res = run(["-j", "1"], b'{"id": ' + b"7" * 5000 + b', "html": "<p>x</p>"}\n')
    no_traceback(res)
    assert res.returncode == 1 and b"line 1: invalid JSON" in res.stderr


@pytest.mark.parametrize("name", ["", "a b", "{x}", "\x01", "a=b"])
def test_an_impossible_content_block_attribute_is_a_usage_error(name):
    res = run(["--content-block-attribute", name], sample_lines())
    no_traceback(res)
    assert res.returncode == 2 and b"--content-block-attribute" in res.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs Linux's /dev/full")
def test_stdout_on_a_full_device():
    with open("/dev/full", "wb") as full:
        res = subprocess.run(
            [*CMD, "-j", "1"],
            input=sample_lines(),
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=120,
        )
    no_traceback(res)
    assert res.returncode == 1 and b"cannot write the output" in res.stderr


KILL_A_WORKER = """
import io, json, os, signal, sys
from page_cluster.cli import main as cli_main
from page_cluster.ingest import parallel_parse

parent = os.getpid()
real = parallel_parse.run_task


def deadly(task, *args):
    html = getattr(task, "html", b"") or b""
    if b"kill-me" in html and os.getpid() != parent:
        os.kill(os.getpid(), signal.SIGKILL)
    return real(task, *args)


parallel_parse.run_task = deadly  # seen by the forked workers
records = [{"id": i, "html": f"<p>{'kill-me' if i == 40 else i}</p>"} for i in range(80)]
args = cli_main.build_parser().parse_args(["--jobs", "2", "--format", "json"])
out, err = io.StringIO(), io.StringIO()
code = cli_main.run_cluster_command(args, io.BytesIO(json.dumps(records).encode()), out, err)
print(json.dumps({"code": code, "out": out.getvalue(), "err": err.getvalue()}))
"""


def test_a_killed_parse_worker_is_an_error():
    # A fresh interpreter, as the command line is: it forks its parsing workers,
    # which inherit the patched parser (this test process runs threads, so it
    # would start its workers with spawn, which does not carry the patch).
    res = subprocess.run(
        [sys.executable, "-c", KILL_A_WORKER], capture_output=True, text=True, timeout=120
    )
    assert res.returncode == 0, res.stderr
    got = json.loads(res.stdout.strip().splitlines()[-1])
    assert got["code"] == 1, got
    assert "stopped unexpectedly" in got["err"] and got["out"] == ""


# ---------------------------------------------------------------------------
# 6. No terminal escapes from the input


def test_control_bytes_of_a_corrupt_record_are_escaped():
    evil = b"\x1b]0;pwned\x07\x1b[2J\x9b31m not a record\r\n\r\n"
    good = [response(f"{U}/{i}.html", page(i)) for i in range(3)]
    for data in (join(good[:1], False) + evil + join(good[1:], False), join(good, True)[:-5]):
        data = data if data[:2] != b"\x1f\x8b" else data + gzip.compress(evil)
        res = run(["--format", "warc", "-j", "1"], data)
        no_traceback(res)
        assert b"\x1b" not in res.stderr and b"\x07" not in res.stderr
        assert "\x9b" not in res.stderr.decode("utf-8", "replace")


def test_damaged_gzip_jsonl_message_is_one_clean_line():
    data = gzip.compress(sample_lines(3))
    data = data[:30] + b"\x1b[2J\x1b]0;x\x07" * 4 + data[60:]
    res = run(["-j", "1"], data)
    no_traceback(res)
    assert res.returncode == 1 and b"\x1b" not in res.stderr


# ---------------------------------------------------------------------------
# 7. Folder crawls


def test_folder_links_outside_fifos_and_loops_are_skipped_and_counted(tmp_path):
    root = tmp_path / "site"
    root.mkdir()
    (root / "a.html").write_bytes(page(1))
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0")
    (root / "passwd.html").symlink_to(secret)
    (root / "inside.html").symlink_to(root / "a.html")
    os.mkfifo(root / "pipe.html")
    (root / "loop.html").symlink_to(root / "loop.html")
    (root / "linked").symlink_to(tmp_path)
    skips: list = []
    src = open_pages(root, on_skip=skips.append)
    pages = list(src)
    assert sorted(p.file for p in pages) == ["a.html", "inside.html"]
    assert all(b"root:x" not in p.page.html for p in pages)
    assert src.report.skipped == {
        "outside folder": 1,
        "not a file": 1,
        "unreadable": 1,
        "linked folder": 1,
    }
    with pytest.raises(InputError, match="outside folder"):
        read_mirror_page(root, "passwd.html")
    assert "skipped 4 files" in (src.report.summary() or "")


def test_an_unreadable_sub_folder_is_counted(tmp_path, monkeypatch):
    root = tmp_path / "site"
    (root / "locked").mkdir(parents=True)
    (root / "locked" / "x.html").write_bytes(page(2))
    (root / "a.html").write_bytes(page(1))
    real = os.scandir

    def scandir(path):
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied")
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    src = open_pages(root)
    assert [p.file for p in src] == ["a.html"]
    assert src.report.skipped == {"unreadable": 1}
    assert src.report.errors[0].message == "folder locked: unreadable (Permission denied); skipped"


# ---------------------------------------------------------------------------
# 8. No global stderr swap


def test_reading_damaged_warcs_in_threads_leaves_sys_stderr_alone(capfd):
    data = _overstated(False, 3) + b"garbage\r\n\r\n" + _overstated(False, 5)
    before = sys.stderr
    seen: list[object] = []

    def read() -> None:
        for _ in range(5):
            list(iter_warc_pages(io.BytesIO(data), ReadReport(), reader="warcio"))
            seen.append(sys.stderr)

    threads = [threading.Thread(target=read) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sys.stderr is before and all(s is before for s in seen)
    assert capfd.readouterr().err == ""  # warcio's own diagnostics are not printed


def test_compiled_and_pure_scans_agree_on_a_bomb():
    data = _attribute_bomb(3000) + b'<i x="1"y="2"z=3 / w>' + b"<b " + b"q " * 2000
    expected = attribute_cap._overfull_pure(data, 100)
    assert len(expected) == 2
    assert attribute_cap.overfull_tags(data, 100) == expected
    tree = etree.fromstring(attribute_cap.cap_attributes(data, 100)[0], etree.HTMLParser())
    assert max(len(e.attrib) for e in tree.iter()) <= 100


# ---------------------------------------------------------------------------
# What already held, kept held


def test_deep_nesting_and_many_siblings_parse_without_recursion_or_blowup():
    from page_cluster.parsing.tokenize import tokenize

    deep = tokenize("<body>" + "<div class=a>" * 100_000 + "x" + "</div>" * 100_000 + "</body>")
    wide = tokenize("<body><ul>" + "<li>x</li>" * 200_000 + "</ul></body>")
    assert deep.tokens and wide.tokens == ["body>ul>li"]


@pytest.mark.parametrize("reader", ["warcio", "fastwarc"])
def test_a_warc_gzip_bomb_is_skipped_as_too_large(reader):
    if reader == "fastwarc":
        pytest.importorskip("fastwarc")
    bomb = response(f"{U}/bomb.html", b"<html><body>" + b"\0" * (24 << 20) + b"</body></html>")
    data = join([bomb, response(f"{U}/ok.html", page(1))], True)
    assert len(data) < 200_000  # 24 MiB of page in a small archive
    report = ReadReport()
    stream = io.BytesIO(data)
    pages = list(iter_warc_pages(stream, report, reader=reader, max_page_bytes=1 << 20))
    assert [p.url for p in pages] == [f"{U}/ok.html"] and report.skipped == {"too large": 1}


def _group_alive(pgid: int) -> bool:
    """Whether a process of group ``pgid`` still runs (zombies, which an init
    that does not reap would leave, do not count)."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    proc = Path("/proc")
    if not proc.is_dir():
        return True
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            return True
    return False


def _wait_gone(pgid: int, seconds: float = 20.0) -> bool:
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not _group_alive(pgid):
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL])
def test_a_signal_during_parallel_parsing_leaves_no_worker_behind(tmp_path, sig):
    pages = tmp_path / "pages.jsonl"
    pages.write_bytes(SAMPLE.read_bytes() * 30)  # long enough to be caught parsing
    proc = subprocess.Popen(
        [*CMD, "-j", "2", str(pages)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        assert proc.stderr is not None
        proc.stderr.readline()  # "reading input pages...": the workers are starting
        import time

        time.sleep(0.5)
        os.kill(proc.pid, sig)
        code = proc.wait(60)
        assert _wait_gone(proc.pid), "a worker outlived the command"
        if sig == signal.SIGINT:
            assert code in (130, 0)  # (0: it had finished before the signal)
        else:
            assert code in (-sig, 0, 128 + sig)
    finally:
        if _group_alive(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
