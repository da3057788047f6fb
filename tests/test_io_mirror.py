"""Folder input: ``wget --mirror`` trees and plain folders of saved pages."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from page_cluster import resolve_page_cluster_keys
from page_cluster.io import open_pages
from page_cluster.io.mirror import host_folders

from .io_fixtures import partition, url_path, write_sample_site


def read(root: Path):
    skips = []
    src = open_pages(root, on_skip=skips.append)
    return list(src), src.report, skips


def test_a_mirror_tree_gives_urls_with_the_host_folder(tmp_path):
    site = tmp_path / "127.0.0.1:8123"
    (site / "en" / "news").mkdir(parents=True)
    (site / "en" / "news" / "1.html").write_text(
        '<html><head><link rel="stylesheet" href="../../assets/s.css"></head><body><p>1</p></body></html>'
    )
    (site / "en" / "index.html").write_text("<p>home</p>")
    (site / "assets").mkdir()
    (site / "assets" / "s.css").write_text("p{}")
    (tmp_path / "crawl.warc.gz").write_bytes(b"")  # files beside host folders are not read
    assert host_folders(tmp_path) == ["127.0.0.1:8123"]
    records, report, skips = read(tmp_path)
    assert [r.output_id for r in records] == [
        "http://127.0.0.1:8123/en/index.html",
        "http://127.0.0.1:8123/en/news/1.html",
    ]
    news = records[1]
    assert news.page.paths == ("en", "news", "1.html") and news.page.host == "127.0.0.1"
    assert news.position == "file 127.0.0.1:8123/en/news/1.html"
    assert report.skipped == {"non-HTML": 1} and report.summary() == "skipped 1 file (1 non-HTML)"
    assert [s.position for s in skips] == ["file 127.0.0.1:8123/assets/s.css"]


def test_a_plain_folder_gives_root_relative_urls(tmp_path):
    (tmp_path / "docs" / "v1.2").mkdir(parents=True)
    (tmp_path / "docs" / "v1.2" / "a b.HTM").write_text("<p>a</p>")
    (tmp_path / "index.html").write_text("<p>i</p>")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "x.html").write_text("<p>hidden</p>")
    assert host_folders(tmp_path) is None
    records, report, _ = read(tmp_path)
    assert [r.output_id for r in records] == ["/docs/v1.2/a%20b.HTM", "/index.html"]
    assert records[0].page.paths == ("docs", "v1.2", "a b.HTM") and records[0].page.host is None
    assert report.pages == 2 and not report.skipped


@pytest.mark.parametrize(
    ("names", "is_mirror"),
    [
        (["example.com"], True),
        (["www.example.co.uk", "cdn.example.com:8080"], True),
        (["localhost:8000"], True),
        (["10.0.0.1"], True),
        (["en", "ja"], False),
        (["example.com", "assets"], False),
        (["v1.2"], False),
    ],
)
def test_host_folder_detection(tmp_path, names, is_mirror):
    for n in names:
        (tmp_path / n).mkdir()
    assert (host_folders(tmp_path) is not None) == is_mirror


def test_a_hidden_page_file_beside_host_folders_is_read_not_dropped(tmp_path):
    # A page file at the top makes the folder a plain one, hidden name or not
    # (an AppleDouble ``._x.html`` is still a file the folder holds); a hidden
    # folder (``.git``) is never read and does not change the verdict.
    (tmp_path / "example.com").mkdir()
    (tmp_path / "example.com" / "a.html").write_text("<p>a</p>")
    (tmp_path / ".git").mkdir()
    assert host_folders(tmp_path) == ["example.com"]
    (tmp_path / "._a.html").write_text("<p>b</p>")
    assert host_folders(tmp_path) is None
    records, report, _ = read(tmp_path)
    assert len(records) == 2 and report.pages == 2


def test_charsets_and_damaged_files_are_reported_not_fatal(tmp_path, monkeypatch):
    (tmp_path / "sjis.html").write_bytes(
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">'
        "</head><body><p>日本語</p></body></html>".encode("shift_jis")
    )
    (tmp_path / "binary.html").write_bytes(bytes(range(256)) * 8)
    (tmp_path / "locked.html").write_text("<p>x</p>")
    (tmp_path / "ok.html").write_text("<p>ok</p>")
    real = os.open

    def fake_open(path, flags, *args, **kwargs):
        if str(path).endswith("locked.html"):
            raise PermissionError(13, "Permission denied")
        return real(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", fake_open)
    records, report, skips = read(tmp_path)
    assert [r.output_id for r in records] == ["/ok.html", "/sjis.html"]
    assert "日本語" in records[1].page.html
    assert report.skipped == {"undecodable": 1, "unreadable": 1}
    messages = sorted(s.message for s in skips)
    assert messages[0].startswith("file binary.html: undecodable (not text")
    assert messages[1] == "file locked.html: unreadable (Permission denied); skipped"


def test_sample_site_folder_clusters_like_its_jsonl(tmp_path, sample_records):
    write_sample_site(tmp_path)
    records, report, _ = read(tmp_path)
    assert report.pages == len(sample_records) and report.skipped == {"non-HTML": 2}
    folder = partition([r.output_id for r in records], resolve_page_cluster_keys(records))
    jsonl = partition(
        [url_path(r["id"]) for r in sample_records], resolve_page_cluster_keys(sample_records)
    )
    assert folder == jsonl


def test_each_page_reads_back_alone_from_its_file(tmp_path):
    from page_cluster.io import InputError
    from page_cluster.io.mirror import read_mirror_page

    for root, host in ((tmp_path / "m", "127.0.0.1:8000"), (tmp_path / "plain", None)):
        write_sample_site(root / host if host else root)
        records, report, _ = read(root)
        assert report.pages == len(records) > 0
        for rec in records:
            assert rec.file is not None and rec.position == f"file {rec.file}"
            again = read_mirror_page(root, rec.file)
            assert (again.page, again.output_id, again.position) == (
                rec.page,
                rec.output_id,
                rec.position,
            )
        with pytest.raises(InputError, match="unreadable"):
            read_mirror_page(root, records[0].file + ".gone")


def test_file_names_with_control_characters_stay_one_line_positions(tmp_path):
    from page_cluster.io.mirror import read_mirror_page

    (tmp_path / "a\nb.html").write_text("<html><body><p>x</p></body></html>")
    (tmp_path / "c\td.bin").write_bytes(b"\x00\x01")
    skips = []
    records = list(open_pages(tmp_path, on_skip=skips.append))
    assert [r.position for r in records] == ["file a\\nb.html"]
    assert [s.position for s in skips] == ["file c\\td.bin"]
    assert read_mirror_page(tmp_path, records[0].file).page.html == records[0].page.html
