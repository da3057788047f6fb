"""The ``page-cluster`` command on every input format, and on damaged crawls."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys

from .conftest import SAMPLE
from .io_fixtures import join, partition, response, sample_warc_records, url_path, warcinfo

CMD = [sys.executable, "-m", "page_cluster"]


def run(args: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run(CMD + args, input=stdin, capture_output=True, timeout=300)


def output(res: subprocess.CompletedProcess) -> list[dict]:
    return [json.loads(line) for line in res.stdout.decode().splitlines()]


def test_jsonl_by_path_equals_jsonl_on_stdin():
    by_path = run([str(SAMPLE)])
    by_stdin = run([], SAMPLE.read_bytes())
    dash = run(["-", "--format", "jsonl"], SAMPLE.read_bytes())
    assert by_path.returncode == by_stdin.returncode == dash.returncode == 0
    assert by_path.stdout == by_stdin.stdout == dash.stdout
    assert b"input:" not in by_stdin.stderr  # JSONL progress is unchanged


def test_json_array_on_stdin(sample_records):
    data = json.dumps(sample_records[:40]).encode()
    res = run([], data)
    assert res.returncode == 0, res.stderr
    assert [o["id"] for o in output(res)] == [r["id"] for r in sample_records[:40]]
    assert b"[page-cluster] input: json (<stdin>)" in res.stderr


def test_warc_by_path_and_piped_give_the_sample_partition(tmp_path, sample_records):
    data = join(
        [
            *sample_warc_records(),
            response("http://library.example/a.css", b"p{}", content_type="text/css"),
        ],
        True,
    )
    path = tmp_path / "crawl.warc.gz"
    path.write_bytes(data)
    by_path = run([str(path)])
    piped = run(["--format", "warc"], data)  # a pipe: copied to a temporary file
    assert by_path.returncode == piped.returncode == 0, by_path.stderr
    assert by_path.stdout == piped.stdout
    out = output(by_path)
    jsonl = output(run([str(SAMPLE)]))
    assert [url_path(o["id"]) for o in out] == [url_path(o["id"]) for o in jsonl]
    assert partition([url_path(o["id"]) for o in out], [o["clusterKey"] for o in out]) == partition(
        [url_path(o["id"]) for o in jsonl], [o["clusterKey"] for o in jsonl]
    )
    err = by_path.stderr.decode()
    assert "[page-cluster] skipped 1 record (1 non-HTML)" in err
    assert f"done — {len(sample_records)} pages in " in err


def test_damaged_warc_skips_reports_positions_and_finishes(tmp_path):
    recs = [warcinfo()] + [
        response(f"http://x.example/{i}.html", f"<body><main><p>{i}</p></main></body>".encode())
        for i in range(8)
    ]
    members = [gzip.compress(r, mtime=0) for r in recs]
    members[3] = members[3][:12] + b"\x00" * 25 + members[3][37:]
    data = b"".join(members)[:-30]  # and the download was cut short
    path = tmp_path / "bad.warc.gz"
    path.write_bytes(data)
    res = run([str(path)])
    assert res.returncode == 0
    ids = [o["id"] for o in output(res)]
    assert ids == [f"http://x.example/{i}.html" for i in (0, 1, 3, 4, 5, 6)]
    err = res.stderr.decode()
    offset = sum(len(m) for m in members[:3])
    assert f"[page-cluster] warning: record 4 (byte {offset}): corrupt (" in err
    assert (
        "warning: record 9 (byte " in err and "truncated (the file ends inside this record)" in err
    )
    assert "[page-cluster] skipped 2 records (1 corrupt, 1 truncated)" in err
    assert "Traceback" not in err


def test_mirror_folder(tmp_path):
    site = tmp_path / "example.com"
    (site / "a").mkdir(parents=True)
    (site / "a" / "1.html").write_text("<body><main><p>1</p></main></body>")
    (site / "a" / "2.html").write_text("<body><main><p>2</p></main></body>")
    (site / "logo.png").write_bytes(b"\x89PNG")
    res = run([str(tmp_path)])
    assert res.returncode == 0, res.stderr
    out = output(res)
    assert [o["id"] for o in out] == ["http://example.com/a/1.html", "http://example.com/a/2.html"]
    assert out[0]["clusterKey"] == out[1]["clusterKey"]
    assert b"skipped 1 file (1 non-HTML)" in res.stderr


def test_input_errors_exit_1_with_a_message_and_no_output(tmp_path):
    missing = run([str(tmp_path / "nope.warc")])
    assert missing.returncode == 1 and missing.stdout == b""
    assert b"page-cluster: error: " in missing.stderr and b"cannot open" in missing.stderr
    folder_as_warc = run([str(tmp_path), "--format", "warc"])
    assert folder_as_warc.returncode == 1 and b"is a folder" in folder_as_warc.stderr
    bad_array = run([], b'[{"html": "<p>a</p>"}, {"html": 1}]')
    assert bad_array.returncode == 1 and bad_array.stdout == b""
    assert b"element 1: missing a string `html` field" in bad_array.stderr
    nothing = run(["--format", "warc"], b"this is not an archive\n")
    assert nothing.returncode == 1 and nothing.stdout == b""
    assert b"no page could be read" in nothing.stderr
    bad_format = run(["--format", "csv"])
    assert bad_format.returncode == 2 and b"usage: page-cluster" in bad_format.stderr


def test_warnings_are_capped_but_every_skip_is_counted(tmp_path):
    from page_cluster.cli.common import MAX_WARNINGS

    blob = bytes(range(256)) * 8
    recs = [warcinfo()]
    recs += [response(f"http://x.example/b{i}.html", blob) for i in range(MAX_WARNINGS + 5)]
    recs += [response("http://x.example/ok.html", b"<body><p>ok</p></body>")]
    path = tmp_path / "many.warc.gz"
    path.write_bytes(join(recs, True))
    res = run([str(path)])
    assert res.returncode == 0
    assert [o["id"] for o in output(res)] == ["http://x.example/ok.html"]
    err = res.stderr.decode()
    assert err.count("undecodable (not text") == MAX_WARNINGS
    assert "more damaged records follow; only their count is shown" in err
    assert f"skipped {MAX_WARNINGS + 5} records ({MAX_WARNINGS + 5} undecodable)" in err


def test_warnings_survive_the_rewritten_terminal_line():
    import io

    from page_cluster.cli.progress import ProgressPrinter

    out = io.StringIO()
    p = ProgressPrinter(out, tty=True)
    p.reading()
    p.warning("record 3 (byte 10): corrupt; skipped")
    p.reading()
    text = out.getvalue()
    assert "\npage-cluster: warning: record 3 (byte 10): corrupt; skipped\n" in text.replace(
        "\r", "\n"
    )
    # The warning is on its own line, after the in-place line was cleared.
    line = next(x for x in text.split("\n") if "warning" in x)
    assert line.endswith("page-cluster: warning: record 3 (byte 10): corrupt; skipped")
