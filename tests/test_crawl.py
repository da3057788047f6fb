"""Crawl archives without Dask: inputs, per-host clustering, assembly, the CLI form."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from page_cluster import resolve_page_cluster_keys
from page_cluster.cli.main import main
from page_cluster.clustering.pipeline import cluster_host_corpus, host_pages
from page_cluster.crawl import cluster_crawl, run_crawl
from page_cluster.crawl.assemble import file_keys, host_order, host_starts
from page_cluster.crawl.hosts import cluster_host, host_corpus
from page_cluster.crawl.inputs import expand_inputs, output_names, parse_dask_spec
from page_cluster.crawl.shards import FileShards, read_file_shards
from page_cluster.ingest.build import build_corpus

from .conftest import SAMPLE
from .crawl_fixtures import multi_host_pages, write_archive, write_multi_host_file


def run_cli(argv: list[str], capsys) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_expand_inputs_folders_globs_and_mirrors(tmp_path: Path) -> None:
    crawls = tmp_path / "crawls"
    (crawls / "b").mkdir(parents=True)
    for name in ("b/2.warc.gz", "1.jsonl", "3.jsonl.gz", "notes.txt"):
        (crawls / name).write_text("x")
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>x</p>")
    (site / "dump.jsonl").write_text("x")
    assert expand_inputs([str(crawls)]) == [
        str(crawls / "1.jsonl"),
        str(crawls / "3.jsonl.gz"),
        str(crawls / "b" / "2.warc.gz"),
    ]
    # A folder of saved pages stays one mirrored site.
    assert expand_inputs([str(site)]) == [str(site)]
    assert expand_inputs([str(crawls / "*.jsonl*")]) == [
        str(crawls / "1.jsonl"),
        str(crawls / "3.jsonl.gz"),
    ]
    # A pattern matching nothing is kept, for its reader to report.
    assert expand_inputs([str(tmp_path / "none-*.warc")]) == [str(tmp_path / "none-*.warc")]


def test_output_names_are_distinct_and_keep_folders() -> None:
    assert output_names(["/d/x/a.warc.gz", "/d/y/a.warc.gz", "/d/y/a.warc"]) == [
        "x/a.clusters.jsonl",
        "y/a.clusters.jsonl",
        "y/a.2.clusters.jsonl",
    ]
    assert output_names(["/d/only.jsonl"]) == ["only.clusters.jsonl"]


@pytest.mark.parametrize("bad", ["local:0", "local:x", "  "])
def test_parse_dask_spec_rejects_bad_counts(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_dask_spec(bad)


def _summary(hosts: list[str], page_host: list[int]) -> FileShards:
    return FileShards("f", "jsonl", hosts, np.asarray(page_host), list(page_host), {})


def test_assembly_follows_each_hosts_page_sequence_across_files() -> None:
    from page_cluster.crawl.hosts import encode_keys

    a = _summary(["x", "y"], [0, 1, 0])
    b = _summary(["y", "x"], [0, 1, 1])
    results = {
        "x": encode_keys("x", ["x0", "x1", "x2", "x3"]),
        "y": encode_keys("y", ["y0", "y1"]),
    }
    starts = host_starts([a, b])
    assert starts == [{"x": 0, "y": 0}, {"y": 1, "x": 2}]
    assert file_keys(a, starts[0], results) == ["x0", "y0", "x1"]
    assert file_keys(b, starts[1], results) == ["y1", "x2", "x3"]
    assert host_order([a, b]) == ["x", "y"]


def test_shards_hold_no_html_and_rebuild_the_hosts_corpus(tmp_path: Path) -> None:
    files, pages = write_archive(tmp_path, files=2)
    shards = read_file_shards(str(files[0]))
    assert shards.error is None
    blob = repr([s.strings for s in shards.shards.values()])
    assert "<p>" not in blob and "lorem" not in blob
    # Every string a shard carries is used by one of its pages.
    for shard in shards.shards.values():
        assert set(shard.ids.tolist()) == set(range(len(shard.strings)))
    # The host's corpus from shards equals the corpus of its pages parsed alone.
    host = "library.example"
    first = [p for p in pages[: shards.n_pages] if p.get("host") == host]
    direct = build_corpus(first)
    rebuilt = host_corpus([shards.shards[host]])
    assert rebuilt.tokens == direct.tokens
    assert rebuilt.rows.row_keys() == direct.rows.row_keys()
    assert rebuilt.page_sig.tolist() == direct.page_sig.tolist()


def test_each_host_is_clustered_on_its_own(tmp_path: Path) -> None:
    files, _ = write_archive(tmp_path, files=5)
    jsonl = [f for f in files if ".warc" not in f.name]
    result = run_crawl([str(f) for f in jsonl])
    rows = result.rows()
    read = [p for f in jsonl for p in _read_jsonl(f)]
    assert [r[0] for r in rows] == [p["id"] for p in read]
    by_host: dict[str, list[int]] = {}
    for i, p in enumerate(read):
        by_host.setdefault(p.get("host") or "", []).append(i)
    assert set(by_host) == set(result.hosts) and len(by_host) == 4
    for host, idx in by_host.items():
        alone = resolve_page_cluster_keys([read[i] for i in idx])
        assert [rows[i][2] for i in idx] == alone, host
        assert {rows[i][1] for i in idx} == {host}


def _read_jsonl(path: Path) -> list[dict]:
    import gzip

    raw = path.read_bytes()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    return [json.loads(line) for line in raw.decode("utf-8").splitlines() if line.strip()]


def test_split_does_not_change_keys(tmp_path: Path) -> None:
    """The same pages in 1 or 5 files get the same keys."""
    files, _ = write_archive(tmp_path / "five", files=5)
    whole = tmp_path / "one.jsonl"
    whole.write_text(
        "".join(
            json.dumps(p) + "\n" for f in files if ".warc" not in f.name for p in _read_jsonl(f)
        )
    )
    split = run_crawl([str(f) for f in files if ".warc" not in f.name]).rows()
    single = run_crawl([str(whole)]).rows()
    assert [r[:3] for r in split] == [r[:3] for r in single]


def test_single_host_file_matches_the_single_input_command(tmp_path: Path, capsys) -> None:
    code, plain, _ = run_cli([str(SAMPLE), "--jobs", "1"], capsys)
    assert code == 0
    code, _, err = run_cli([str(SAMPLE), "--out-dir", str(tmp_path)], capsys)
    assert code == 0, err
    assert (tmp_path / "site.clusters.jsonl").read_text(encoding="utf-8") == plain


def test_a_multi_host_file_clusters_each_host_alone(tmp_path: Path, capsys) -> None:
    """One file of three hosts: every host gets the keys it gets alone, and the
    single-input command, the crawl form and the library agree byte for byte."""
    path = tmp_path / "hosts.jsonl"
    pages = write_multi_host_file(path)
    # The fixture is one where a corpus shared by the hosts changes keys.
    shared = cluster_host_corpus(build_corpus(pages)).page_keys
    by_host: dict[str, list[int]] = {}
    for i, p in enumerate(pages):
        by_host.setdefault(p["host"], []).append(i)
    assert len(by_host) == 3
    alone = [""] * len(pages)
    for idx in by_host.values():
        for i, key in zip(idx, resolve_page_cluster_keys([pages[i] for i in idx]), strict=True):
            alone[i] = key
    assert shared != alone
    assert resolve_page_cluster_keys(pages) == alone
    assert resolve_page_cluster_keys(pages, n_jobs=2) == alone
    code, plain, err = run_cli([str(path), "--jobs", "2"], capsys)
    assert code == 0, err
    assert "host 3/3" in err
    assert [json.loads(line)["clusterKey"] for line in plain.splitlines()] == alone
    code, _, err = run_cli([str(path), "--out-dir", str(tmp_path / "out")], capsys)
    assert code == 0, err
    assert (tmp_path / "out" / "hosts.clusters.jsonl").read_text(encoding="utf-8") == plain


def test_host_corpus_cut_from_a_shared_corpus_is_the_hosts_own(tmp_path: Path) -> None:
    """Cutting one host's pages out of a multi-host corpus numbers them as
    reading that host alone does (the engine sees the same input)."""
    pages = multi_host_pages()
    whole = build_corpus(pages)
    for host, idx in host_pages(whole.signals).items():
        part = whole.take_pages(idx)
        own = build_corpus([pages[i] for i in idx.tolist()])
        assert part.tokens == own.tokens, host
        assert part.rows.row_keys() == own.rows.row_keys()
        assert part.page_sig.tolist() == own.page_sig.tolist()
        assert part.info.parent.tolist() == own.info.parent.tolist()
        assert [s.host for s in part.signals] == [host] * len(idx)


def test_cli_many_files_to_stdout_and_out_dir(tmp_path: Path, capsys) -> None:
    files, _ = write_archive(tmp_path / "in", files=6)
    names = [str(f) for f in files]
    code, out, err = run_cli(names, capsys)
    assert code == 0, err
    expected = run_crawl(names)
    lines = [json.loads(line) for line in out.splitlines()]
    assert [(d["id"], d["clusterKey"]) for d in lines] == [(r[0], r[2]) for r in expected.rows()]
    assert "clustered host" in err and "done —" in err
    # The folder form reads the same files in the same order.
    code, out_folder, _ = run_cli([str(tmp_path / "in")], capsys)
    assert code == 0 and out_folder == out
    code, _, err = run_cli(
        [*names, "--out-dir", str(tmp_path / "out"), "--reasons-per-host", "--validation-per-host"],
        capsys,
    )
    assert code == 0, err
    written = sorted(
        p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").rglob("*.*")
    )
    assert [w for w in written if not w.startswith("hosts/")] == [
        f"part-{n:02d}.clusters.jsonl" for n in range(6)
    ]
    host_files = [w for w in written if w.startswith("hosts/")]
    assert "hosts/library.example.reasons.json" in host_files
    assert "hosts/_no-host.validation.json" in host_files
    reasons = json.loads((tmp_path / "out/hosts/mirror.example.reasons.json").read_text())
    assert reasons and all(k.startswith('["') for k in reasons)


def test_damaged_file_is_named_and_the_others_finish(tmp_path: Path, capsys) -> None:
    files, _ = write_archive(tmp_path, files=3)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"html": "<p>a</p>"}\n{not json\n')
    missing = tmp_path / "missing.warc.gz"
    code, out, err = run_cli([str(files[0]), str(bad), str(missing), str(files[1])], capsys)
    assert code == 1
    assert f"{bad}: line 2" in err and str(missing) in err
    good = run_crawl([str(files[0]), str(files[1])]).rows()
    assert [json.loads(line)["clusterKey"] for line in out.splitlines()] == [r[2] for r in good]


def test_crawl_form_usage_errors(tmp_path: Path, capsys) -> None:
    files, _ = write_archive(tmp_path, files=2)
    names = [str(f) for f in files]
    code, out, err = run_cli([*names, "--validation-file", str(tmp_path / "v.json")], capsys)
    assert code == 2 and out == "" and "--validation-per-host" in err
    code, _, err = run_cli([*names, "--reasons-per-host"], capsys)
    assert code == 2 and "--out-dir" in err
    code, _, err = run_cli([*names, "--dask", "local:0"], capsys)
    assert code == 2 and "--dask" in err


def test_cluster_crawl_returns_a_frame(tmp_path: Path) -> None:
    files, _ = write_archive(tmp_path, files=3)
    frame = cluster_crawl([str(f) for f in files[:2]])
    assert list(frame.columns) == ["id", "host", "clusterKey", "file"]
    assert len(frame) == sum(len(_read_jsonl(f)) for f in files[:2])
    assert frame.groupby("clusterKey")["host"].nunique().max() == 1


def test_cluster_host_with_reports(tmp_path: Path) -> None:
    files, _ = write_archive(tmp_path, files=2)
    shards = read_file_shards(str(files[0]))
    result = cluster_host(
        "mirror.example", [shards.shards["mirror.example"]], reasons=True, validate=True
    )
    assert result.reasons is not None and set(result.reasons) == set(result.key_table)
    assert result.report is not None and "cohesion" in result.report


def test_crawl_of_garbage_never_raises(tmp_path: Path) -> None:
    odd = tmp_path / "odd.jsonl"
    odd.write_bytes(b'{"html": "\\u0000<div><<<>>"}\n{"html": ""}\n')
    zero = tmp_path / "zero.jsonl"
    zero.write_bytes(b"")
    gz = tmp_path / "broken.warc.gz"
    gz.write_bytes(b"\x1f\x8b\x08\x00garbage")
    result = run_crawl([str(odd), str(zero), str(gz)])
    assert [len(f.keys) for f in result.files[:2]] == [2, 0]
    assert result.files[2].error is not None and "gzip" in result.files[2].error
    assert result.files[0].error is None and result.files[1].error is None


def test_crawl_form_without_dask_does_not_import_it(tmp_path: Path) -> None:
    import subprocess
    import sys

    files, _ = write_archive(tmp_path / "in", files=2)
    script = (
        "import sys\n"
        "from page_cluster.cli.main import main\n"
        f"code = main([{str(files[0])!r}, {str(files[1])!r}, '--out-dir', {str(tmp_path / 'out')!r}])\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed'))\n"
        "print(code, loaded)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert proc.stdout.strip() == "0 []", proc.stdout + proc.stderr
    assert (tmp_path / "out" / "part-00.clusters.jsonl").stat().st_size > 0


def test_host_names_cannot_escape_the_reports_folder() -> None:
    from page_cluster.crawl.inputs import host_file_names

    names = host_file_names(["../../etc", "..", "", "a/b", "ok.example"])
    assert all("/" not in n and not n.startswith(".") for n in names.values())
    assert len(set(names.values())) == 5
