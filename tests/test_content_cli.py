"""The ``extract`` and ``evaluate`` subcommands (real subprocesses)."""

from __future__ import annotations

import json
import subprocess
import sys

from page_cluster.cli.main import SUBCOMMANDS

from .content_site import site

CMD = [sys.executable, "-m", "page_cluster"]


def run(args, stdin: bytes = b""):
    return subprocess.run(CMD + args, input=stdin, capture_output=True, timeout=300)


def jsonl(records) -> bytes:
    return b"".join(json.dumps(r).encode() + b"\n" for r in records)


def test_registered():
    assert {"extract", "evaluate"} <= set(SUBCOMMANDS)


def test_extract_one_line_per_page_in_order():
    pages, texts = site(6)
    res = run(["extract"], jsonl(pages))
    assert res.returncode == 0, res.stderr
    out = [json.loads(line) for line in res.stdout.decode().splitlines()]
    assert [o["id"] for o in out] == [p["id"] for p in pages]
    for o, text in zip(out, texts, strict=True):
        assert text.split(" ", 5)[5] in o["main_text"]
        assert "About us" not in o["main_text"]
        b = o["blocks"][0]
        assert set(b) == {"path", "start", "end", "class", "main", "level", "noise"}
    assert b"done" in res.stderr


def test_extract_with_clusters_file_and_no_blocks(tmp_path):
    pages, _ = site(4)
    clusters = tmp_path / "c.jsonl"
    clusters.write_text(
        "".join(json.dumps({"id": p["id"], "clusterKey": "k"}) + "\n" for p in pages)
    )
    res = run(["extract", "--clusters", str(clusters), "--no-blocks"], jsonl(pages))
    assert res.returncode == 0, res.stderr
    out = [json.loads(line) for line in res.stdout.decode().splitlines()]
    assert all(set(o) == {"id", "main_text", "extractor", "siblings"} for o in out)
    assert {(o["extractor"], o["siblings"]) for o in out} == {("template", 3)}


def test_extract_says_which_reader_read_a_page_alone(tmp_path):
    # One page per cluster: no siblings, so the per-page reader is used and named.
    pages, texts = site(3)
    clusters = tmp_path / "c.jsonl"
    clusters.write_text(
        "".join(json.dumps({"id": p["id"], "clusterKey": p["id"]}) + "\n" for p in pages)
    )
    res = run(["extract", "--clusters", str(clusters)], jsonl(pages))
    assert res.returncode == 0, res.stderr
    out = [json.loads(line) for line in res.stdout.decode().splitlines()]
    assert [(o["extractor"], o["siblings"]) for o in out] == [("trafilatura", 0)] * 3
    # stderr carries progress lines only (nothing from the library's logging).
    assert all(line.startswith(b"[page-cluster]") for line in res.stderr.splitlines())
    for o, text in zip(out, texts, strict=True):
        assert text.split(" ", 5)[5] in o["main_text"]
        assert any(b["main"] for b in o["blocks"])
    res = run(
        ["extract", "--clusters", str(clusters), "--per-page", "single-page", "--no-blocks"],
        jsonl(pages),
    )
    assert res.returncode == 0, res.stderr
    out = [json.loads(line) for line in res.stdout.decode().splitlines()]
    assert [o["extractor"] for o in out] == ["single-page"] * 3
    res = run(["extract", "--per-page", "nonsense"], jsonl(pages))
    assert res.returncode == 2 and b"usage" in res.stderr


def test_extract_errors_name_the_place(tmp_path):
    pages, _ = site(2)
    bad = jsonl(pages) + b'{"id": "x"}\n'
    res = run(["extract"], bad)
    assert res.returncode == 1 and res.stdout == b""
    assert b"line 3" in res.stderr and b"Traceback" not in res.stderr

    clusters = tmp_path / "c.jsonl"
    clusters.write_text('{"id": "p0", "clusterKey": "k"}\nnot json\n')
    res = run(["extract", "--clusters", str(clusters)], jsonl(pages))
    assert res.returncode == 1 and b"c.jsonl: line 2" in res.stderr

    clusters.write_text('{"id": "p0", "clusterKey": "k"}\n')
    res = run(["extract", "--clusters", str(clusters)], jsonl(pages))
    assert res.returncode == 1 and b"'p1' is not in" in res.stderr

    res = run(["extract", "--clusters", str(tmp_path / "missing.jsonl")], jsonl(pages))
    assert res.returncode == 1 and b"cannot read" in res.stderr

    res = run(["extract", "--min-score", "2"], b"")
    assert res.returncode == 2 and b"usage" in res.stderr


def test_extract_reads_a_warc_and_a_folder_by_the_clustering_ids(tmp_path):
    # Any crawl the clustering command reads, with the ids its output gives
    # (here the pages' URLs), so its output serves as --clusters as it is.
    from .io_fixtures import join, response, sample_warc_records, write_sample_site

    warc = tmp_path / "crawl.warc.gz"
    records = sample_warc_records()
    # A response that is not a page: skipped and counted, never a crash.
    records.append(
        response("http://library.example/logo.png", b"\x89PNG", content_type="image/png")
    )
    warc.write_bytes(join(records, True))
    write_sample_site(tmp_path / "site" / "127.0.0.1:8000")
    for crawl in (warc, tmp_path / "site"):
        clustered = run([str(crawl)])
        assert clustered.returncode == 0, clustered.stderr
        clusters = tmp_path / "clusters.jsonl"
        clusters.write_bytes(clustered.stdout)
        ids = [json.loads(line)["id"] for line in clustered.stdout.decode().splitlines()]
        for args in ([str(crawl)], [str(crawl), "--clusters", str(clusters)]):
            res = run(["extract", "--no-blocks", *args])
            assert res.returncode == 0, res.stderr
            out = [json.loads(line) for line in res.stdout.decode().splitlines()]
            assert [o["id"] for o in out] == ids
            assert sum(o["extractor"] == "template" for o in out) > len(out) // 2
        assert b"input: " in res.stderr
    res = run(["extract", str(tmp_path / "missing.warc")])
    assert res.returncode == 1 and res.stdout == b"" and b"missing.warc" in res.stderr


def test_extract_empty_input():
    res = run(["extract"], b"")
    assert res.returncode == 0 and res.stdout == b""


def test_evaluate_prints_quark_figures():
    pages, _ = site(5)
    for p in pages:
        p["html"] = p["html"].replace("<article>", '<article quark="content">')
    res = run(["evaluate", "--json"], jsonl(pages))
    assert res.returncode == 0, res.stderr
    report = json.loads(res.stdout)
    assert report["pages"] == 5 and report["macro_f1"] > 0.9
    assert len(report["confusion_blocks"]) == 3
    res = run(["evaluate"], jsonl(pages))
    assert b"Macro precision" in res.stdout and b"topic pages" in res.stdout


def test_extract_output_is_the_same_for_any_number_of_jobs():
    from .conftest import SAMPLE

    data = SAMPLE.read_bytes()
    one = run(["extract", "--jobs", "1"], data)
    two = run(["extract", "--jobs", "2"], data)
    assert one.returncode == 0 and two.returncode == 0, two.stderr
    assert one.stdout == two.stdout
    assert len(one.stdout.splitlines()) == 273
    assert b"clusters read" in two.stderr


def test_extract_rejects_a_zero_job_count():
    res = run(["extract", "--jobs", "0"], b"")
    assert res.returncode == 2
    assert b"0 has no meaning" in res.stderr


def test_extract_with_a_killed_worker_ends_with_one_line_and_nothing_written(monkeypatch):
    # This process runs threads, so the extraction workers are spawned: each
    # is handed a function that kills its own process on the first task.
    import io

    from page_cluster.cli import extract
    from page_cluster.content import extract as content_extract

    from . import spawn_probe
    from .conftest import SAMPLE

    monkeypatch.setattr(content_extract, "_read_in_worker", spawn_probe.die)
    args = extract.build_parser().parse_args(["--jobs", "2"])
    out, err = io.StringIO(), io.StringIO()
    assert extract.run(args, io.BytesIO(SAMPLE.read_bytes()), out, err) == 1
    assert out.getvalue() == ""
    last = err.getvalue().strip().splitlines()[-1]
    assert last == (
        "page-cluster: error: a worker process stopped unexpectedly; nothing was written"
        " (a worker killed for lack of memory?)"
    ), err.getvalue()[-2000:]
    assert "Traceback" not in err.getvalue()
