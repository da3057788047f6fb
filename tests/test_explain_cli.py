"""The report-file options of ``page-cluster`` and the ``validate`` subcommand."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import defaultdict

import pytest

from .conftest import SAMPLE
from .sites import mirrored_site

CMD = [sys.executable, "-m", "page_cluster"]


def run(args, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run(CMD + list(args), input=stdin, capture_output=True, timeout=300)


def jsonl(records) -> bytes:
    return b"".join(json.dumps(r, ensure_ascii=False).encode() + b"\n" for r in records)


def stdout_keys(res) -> list[str]:
    return [json.loads(line)["clusterKey"] for line in res.stdout.decode().splitlines()]


IDENTICAL = "<body><header><a>x</a></header><main><article><p>t</p></article></main></body>"


def two_host_pages() -> list[dict]:
    return [
        {"id": "one", "html": IDENTICAL, "paths": ["a", "1.html"], "host": "one.example"},
        {"id": "two", "html": IDENTICAL, "paths": ["a", "1.html"], "host": "two.example"},
        {
            "id": "three",
            "html": "<body><table><tr><td>1</td></tr></table></body>",
            "host": "one.example",
        },
    ]


def test_sample_reports_are_valid_and_describe_stdout_keys(tmp_path):
    reasons, report = tmp_path / "reasons.json", tmp_path / "report.json"
    data = SAMPLE.read_bytes()
    res = run(["--cluster-reasons-file", str(reasons), "--validation-file", str(report)], data)
    assert res.returncode == 0, res.stderr
    keys = stdout_keys(res)
    r = json.loads(reasons.read_text(encoding="utf-8"))
    v = json.loads(report.read_text(encoding="utf-8"))
    assert set(r) == set(keys)
    assert sum(e["memberCount"] for e in r.values()) == len(keys)
    assert sum(c["memberCount"] for c in v["cohesion"]) == len(keys)
    assert v["mirrorAxis"]["position"] == 0
    assert v["mirrorAxis"]["values"] == ["en", "fr", "ja"]
    assert b"validate:" in res.stderr and b"reasons:" in res.stderr
    # No temporary files are left behind.
    assert sorted(os.listdir(tmp_path)) == ["reasons.json", "report.json"]


def test_byte_identical_pages_in_two_clusters_are_merged_on_stdout(tmp_path):
    report = tmp_path / "report.json"
    pages = jsonl(two_host_pages())
    plain = stdout_keys(run([], pages))
    assert plain[0] != plain[1], "blocking keeps hosts apart"
    res = run(["--validation-file", str(report)], pages)
    assert res.returncode == 0, res.stderr
    keys = stdout_keys(res)
    assert keys[0] == keys[1] == min(plain[0], plain[1])
    assert keys[2] == plain[2]
    v = json.loads(report.read_text(encoding="utf-8"))
    (dup,) = v["crossClusterDuplicates"]
    assert dup["similarity"] == 1
    assert {dup["clusterKeyA"], dup["clusterKeyB"]} == {plain[0], plain[1]}
    assert {dup["examplePageA"], dup["examplePageB"]} == {"one", "two"}


def test_mirrored_site_gets_one_key_per_template_across_languages(tmp_path):
    for prefix in ((), ("site",)):
        pages = mirrored_site(prefix=prefix)
        report = tmp_path / "report.json"
        reasons = tmp_path / "reasons.json"
        res = run(
            ["--validation-file", str(report), "--cluster-reasons-file", str(reasons)],
            jsonl(pages),
        )
        assert res.returncode == 0, res.stderr
        keys_of = defaultdict(set)
        for p, k in zip(pages, stdout_keys(res), strict=True):
            keys_of[p["template"]].add(k)
        assert all(len(v) == 1 for v in keys_of.values()), keys_of
        v = json.loads(report.read_text(encoding="utf-8"))
        assert v["mirrorAxis"]["position"] == len(prefix)
        assert v["mirrorAxis"]["values"] == ["en", "fr", "ja"]
        assert set(json.loads(reasons.read_text(encoding="utf-8"))) == set(stdout_keys(res))


def test_empty_input_still_writes_both_files(tmp_path):
    reasons, report = tmp_path / "r.json", tmp_path / "v.json"
    res = run(["--cluster-reasons-file", str(reasons), "--validation-file", str(report)], b"")
    assert res.returncode == 0 and res.stdout == b""
    assert json.loads(reasons.read_text()) == {}
    assert json.loads(report.read_text()) == {
        "mirrorAxis": None,
        "cohesion": [],
        "crossClusterDuplicates": [],
        "splitSuggestions": [],
        "mergeSuggestions": [],
    }


@pytest.mark.parametrize("flag", ["--cluster-reasons-file", "--validation-file"])
def test_unwritable_report_path_fails_before_clustering(tmp_path, flag):
    for bad in (tmp_path / "missing" / "x.json", tmp_path):
        res = run([flag, str(bad)], SAMPLE.read_bytes())
        assert res.returncode == 1
        assert res.stdout == b""
        assert f"cannot write {flag}".encode() in res.stderr
        assert b"reading input" not in res.stderr


def test_same_path_for_both_reports_is_refused(tmp_path):
    path = str(tmp_path / "x.json")
    res = run(["--cluster-reasons-file", path, "--validation-file", path], b"")
    assert res.returncode == 1 and b"same file" in res.stderr


def test_bad_input_leaves_existing_report_untouched(tmp_path):
    report = tmp_path / "v.json"
    report.write_text("previous")
    res = run(["--validation-file", str(report)], b'{"html": "<p>x</p>"}\nnot json\n')
    assert res.returncode == 1 and res.stdout == b""
    assert report.read_text() == "previous"


def test_help_lists_the_report_options():
    out = run(["--help"]).stdout
    assert b"--cluster-reasons-file" in out and b"--validation-file" in out


# --- page-cluster validate ----------------------------------------------------


def write(path, records) -> str:
    path.write_bytes(jsonl(records))
    return str(path)


def test_validate_reports_and_merges_a_saved_partition(tmp_path):
    pages = two_host_pages()
    p = write(tmp_path / "pages.jsonl", pages)
    # A saved partition: the two identical pages split, listed in another order.
    c = write(
        tmp_path / "clusters.jsonl",
        [
            {"id": "three", "clusterKey": "k3"},
            {"id": "two", "clusterKey": "k2"},
            {"id": "one", "clusterKey": "k1"},
        ],
    )
    merged = tmp_path / "merged.jsonl"
    res = run(["validate", "--pages", p, "--clusters", c, "--merged-out", str(merged)])
    assert res.returncode == 0, res.stderr
    report = json.loads(res.stdout)
    (dup,) = report["crossClusterDuplicates"]
    assert (dup["clusterKeyA"], dup["clusterKeyB"], dup["similarity"]) == ("k1", "k2", 1.0)
    assert [c["clusterKey"] for c in report["cohesion"]] == ["k1", "k2", "k3"]
    rows = [json.loads(line) for line in merged.read_text().splitlines()]
    assert rows == [
        {"id": "one", "clusterKey": "k1"},
        {"id": "two", "clusterKey": "k1"},
        {"id": "three", "clusterKey": "k3"},
    ]


def test_validate_flags_a_glued_cluster(tmp_path):
    pages = mirrored_site(lang_marker=False)
    p = write(tmp_path / "pages.jsonl", pages)
    keys = ["glued" if x["template"] != "listing" else "listing" for x in pages]
    c = write(
        tmp_path / "c.jsonl",
        [{"id": x["id"], "clusterKey": k} for x, k in zip(pages, keys, strict=True)],
    )
    out = tmp_path / "report.json"
    res = run(["validate", "--pages", p, "--clusters", c, "--out", str(out)])
    assert res.returncode == 0, res.stderr and res.stdout == b""
    cohesion = {x["clusterKey"]: x for x in json.loads(out.read_text())["cohesion"]}
    assert cohesion["glued"]["suspicious"] and not cohesion["listing"]["suspicious"]
    assert b"1 suspicious clusters" in res.stderr


def test_validate_matches_the_cluster_commands_own_output(tmp_path):
    report = tmp_path / "a.json"
    res = run(["--validation-file", str(report)], SAMPLE.read_bytes())
    clusters = tmp_path / "clusters.jsonl"
    clusters.write_bytes(res.stdout)
    # The stdout keys are already merged; validating them again finds nothing to merge.
    res2 = run(["validate", "--pages", str(SAMPLE), "--clusters", str(clusters)])
    assert res2.returncode == 0, res2.stderr
    again = json.loads(res2.stdout)
    assert not [d for d in again["crossClusterDuplicates"] if d["similarity"] == 1]


def test_validate_reads_pages_or_clusters_from_stdin(tmp_path):
    # '-' is standard input, as for the clustering command: a crawl piped in
    # (zcat crawl.jsonl.gz | page-cluster validate --pages - ...) or the
    # clustering output piped in, and the report is the one the files give.
    pages = two_host_pages()
    p = write(tmp_path / "pages.jsonl", pages)
    c = write(
        tmp_path / "clusters.jsonl",
        [{"id": x["id"], "clusterKey": f"k-{x['id']}"} for x in pages],
    )
    from_files = run(["validate", "--pages", p, "--clusters", c])
    assert from_files.returncode == 0, from_files.stderr
    pages_in = run(["validate", "--pages", "-", "--clusters", c], jsonl(pages))
    assert pages_in.returncode == 0, pages_in.stderr
    clusters_in = run(
        ["validate", "--pages", p, "--clusters", "-"], (tmp_path / "clusters.jsonl").read_bytes()
    )
    assert clusters_in.returncode == 0, clusters_in.stderr
    report = json.loads(from_files.stdout)
    assert report["crossClusterDuplicates"]
    assert json.loads(pages_in.stdout) == report == json.loads(clusters_in.stdout)
    # A message about a page read from stdin names stdin.
    short = run(["validate", "--pages", "-", "--clusters", c], jsonl([*pages, {"html": "<p/>"}]))
    assert short.returncode == 1 and b"1 page(s) of stdin have no cluster" in short.stderr
    both = run(["validate", "--pages", "-", "--clusters", "-"], jsonl(pages))
    assert both.returncode == 1 and both.stdout == b""
    assert b"only one of --pages and --clusters can be read from stdin" in both.stderr


def test_validate_ids_without_id_match_by_position(tmp_path):
    p = write(tmp_path / "p.jsonl", [{"html": "<p>a</p>"}, {"html": "<p>a</p>"}])
    c = write(tmp_path / "c.jsonl", [{"id": 0, "clusterKey": "x"}, {"id": 1, "clusterKey": "y"}])
    res = run(["validate", "--pages", p, "--clusters", c])
    assert res.returncode == 0, res.stderr
    (dup,) = json.loads(res.stdout)["crossClusterDuplicates"]
    assert (dup["examplePageA"], dup["examplePageB"]) == (0, 1)


@pytest.mark.parametrize(
    ("pages", "clusters", "needle"),
    [
        ([{"id": "a", "html": "x"}], [], b"1 page(s) of"),
        (
            [{"id": "a", "html": "x"}],
            [{"id": "a", "clusterKey": "k"}, {"id": "b", "clusterKey": "k"}],
            b"are not pages",
        ),
        ([{"id": 1, "html": "x"}], [{"id": "1", "clusterKey": "k"}], b"have no cluster"),
        (
            [{"id": "a", "html": "x"}, {"id": "a", "html": "y"}],
            [{"id": "a", "clusterKey": "k"}],
            b"used by two pages",
        ),
        (
            [{"id": "a", "html": "x"}],
            [{"id": "a", "clusterKey": "k"}, {"id": "a", "clusterKey": "j"}],
            b'line 2: id "a" already given on line 1',
        ),
        ([{"id": "a", "html": "x"}], [{"id": "a"}], b"line 1: missing a string `clusterKey`"),
        (
            [{"id": "a", "html": "x"}],
            [{"clusterKey": "k"}],
            b"line 1: missing a string or number `id`",
        ),
        ([{"id": "a"}], [{"id": "a", "clusterKey": "k"}], b"line 1: missing a string `html` field"),
    ],
)
def test_validate_errors_name_the_file_and_line(tmp_path, pages, clusters, needle):
    p = write(tmp_path / "p.jsonl", pages)
    c = write(tmp_path / "c.jsonl", clusters)
    res = run(["validate", "--pages", p, "--clusters", c])
    assert res.returncode == 1
    assert res.stdout == b""
    assert needle in res.stderr, res.stderr
    assert b"Traceback" not in res.stderr


def test_validate_bad_json_missing_files_and_usage(tmp_path):
    p = write(tmp_path / "p.jsonl", [{"id": "a", "html": "x"}])
    c = tmp_path / "c.jsonl"
    c.write_bytes(b'{"id": "a", "clusterKey": "k"}\n{oops\n')
    res = run(["validate", "--pages", p, "--clusters", str(c)])
    assert res.returncode == 1 and f"{c}: line 2: invalid JSON".encode() in res.stderr
    good = write(tmp_path / "good.jsonl", [{"id": "a", "clusterKey": "k"}])
    res = run(["validate", "--pages", str(tmp_path / "nope.jsonl"), "--clusters", good])
    assert res.returncode == 1 and b"cannot read --pages" in res.stderr
    res = run(["validate", "--pages", p, "--clusters", str(tmp_path / "nope.jsonl")])
    assert res.returncode == 1 and b"cannot read --clusters" in res.stderr
    res = run(["validate", "--pages", p])
    assert res.returncode == 2 and b"usage: page-cluster validate" in res.stderr
    res = run(["validate", "--pages", p, "--clusters", str(c), "--out", str(tmp_path / "no" / "x")])
    assert res.returncode == 1 and b"cannot write --out" in res.stderr


# --- validate reads every input format ----------------------------------------------


def _validate_against_the_command(tmp_path, pages_path, *extra) -> tuple[dict, bytes]:
    """Cluster ``pages_path`` with the command, validate its output on the same input."""
    res = run([str(pages_path), "--validation-file", str(tmp_path / "direct.json")])
    assert res.returncode == 0, res.stderr
    clusters = tmp_path / "clusters.jsonl"
    clusters.write_bytes(res.stdout)
    merged = tmp_path / "merged.jsonl"
    res2 = run(
        [
            *("validate", "--pages", str(pages_path), "--clusters", str(clusters)),
            *("--merged-out", str(merged), *extra),
        ]
    )
    assert res2.returncode == 0, res2.stderr
    # Every page matched its cluster by the id the command gave it (URL or position).
    ids = [json.loads(line)["id"] for line in res.stdout.decode().splitlines()]
    assert [json.loads(line)["id"] for line in merged.read_text().splitlines()] == ids
    return json.loads(res2.stdout), res2.stderr


@pytest.mark.parametrize("compress", [True, False])
def test_validate_reads_a_warc_by_the_ids_the_command_gives(tmp_path, compress):
    from .io_fixtures import join, sample_warc_records

    warc = tmp_path / ("crawl.warc.gz" if compress else "crawl.warc")
    warc.write_bytes(join(sample_warc_records(), compress))
    report, _ = _validate_against_the_command(tmp_path, warc)
    # The same partition, validated from the JSONL of the same pages, gives the
    # same cohesion: the WARC's pages and signals are the JSONL's.
    key_of = {
        json.loads(line)["id"].replace("http://", "https://"): json.loads(line)["clusterKey"]
        for line in (tmp_path / "clusters.jsonl").read_text().splitlines()
    }
    jsonl_clusters = tmp_path / "jsonl-clusters.jsonl"
    jsonl_clusters.write_text(
        "".join(
            json.dumps({"id": r["id"], "clusterKey": key_of[r["id"]]}) + "\n"
            for r in sample_json_records(None)
        )
    )
    res = run(["validate", "--pages", str(SAMPLE), "--clusters", str(jsonl_clusters)])
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["cohesion"] == report["cohesion"]


def test_validate_reads_a_folder_and_a_json_array(tmp_path):
    from .io_fixtures import write_sample_site

    write_sample_site(tmp_path / "site" / "127.0.0.1:8000")
    report, stderr = _validate_against_the_command(tmp_path, tmp_path / "site")
    assert b"skipped 2 files (2 non-HTML)" in stderr
    assert len(report["cohesion"]) > 1
    records = [{"html": r["html"], "paths": r["paths"]} for r in sample_json_records()]
    array = tmp_path / "pages.json"
    array.write_text(json.dumps(records))
    report, _ = _validate_against_the_command(tmp_path, array, "--format", "json")
    assert len(report["cohesion"]) > 1


def sample_json_records(limit: int | None = 60) -> list[dict]:
    return [json.loads(line) for line in SAMPLE.read_text().splitlines()[:limit]]


def test_validate_reports_damaged_warc_records_and_unreadable_inputs(tmp_path):
    import gzip

    from .io_fixtures import response, warcinfo

    members = [
        gzip.compress(r, mtime=0)
        for r in [warcinfo()]
        + [
            response(f"http://s.example/{i}.html", f"<main><p>{i}</p></main>".encode())
            for i in range(4)
        ]
    ]
    members[2] = members[2][:20] + b"\x00" * 20 + members[2][40:]
    warc = tmp_path / "damaged.warc.gz"
    warc.write_bytes(b"".join(members))
    clusters = tmp_path / "c.jsonl"
    clusters.write_text(
        "".join(
            json.dumps({"id": f"http://s.example/{i}.html", "clusterKey": "k"}) + "\n"
            for i in (0, 2, 3)
        )
    )
    res = run(["validate", "--pages", str(warc), "--clusters", str(clusters)])
    assert res.returncode == 0, res.stderr
    assert b"record 3 (byte " in res.stderr and b"corrupt" in res.stderr
    assert b"validate: skipped 1 record (1 corrupt)" in res.stderr
    assert json.loads(res.stdout)["cohesion"][0]["memberCount"] == 3
    # A folder forced to be a file format, and an archive that holds no page at all.
    res = run(
        ["validate", "--pages", str(tmp_path), "--format", "warc", "--clusters", str(clusters)]
    )
    assert res.returncode == 1 and b"is a folder" in res.stderr
    junk = tmp_path / "junk.warc"
    junk.write_bytes(b"WARC/1.0\r\nbroken")
    res = run(["validate", "--pages", str(junk), "--clusters", str(clusters)])
    assert res.returncode == 1 and b"no page could be read from" in res.stderr
    assert b"Traceback" not in res.stderr
