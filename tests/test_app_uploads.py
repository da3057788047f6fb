"""Uploads spooled to disk and read like a path; long text sent in parts."""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from page_cluster.app_support import CrawlSource, analyse, content_hash
from page_cluster.app_support.sources import LoadError
from page_cluster.app_support.text import text_part, text_parts
from page_cluster.app_support.uploads import UploadSpool, safe_suffix, spool

from .app_crawls import copied_host_records


def _jsonl(records: list[dict]) -> bytes:
    import json

    return b"".join(json.dumps(r).encode() + b"\n" for r in records)


def test_a_spooled_upload_analyses_like_its_bytes(tmp_path: Path) -> None:
    data = _jsonl(copied_host_records(10))
    seen: list[int] = []
    item = spool(io.BytesIO(data), tmp_path, "my crawl.jsonl", on_bytes=seen.append)
    assert item.path.read_bytes() == data and item.size == len(data)
    assert item.digest == hashlib.sha256(data).hexdigest()
    assert seen and seen[-1] == len(data)
    source = item.source()
    assert source.label == "my crawl.jsonl" and source.uploaded and source.data is None
    assert content_hash(source) == item.digest
    from_disk = analyse(source, digest=item.digest)
    in_memory = analyse(CrawlSource.from_bytes(data, "x.jsonl"))
    assert from_disk.base_keys == in_memory.base_keys
    assert from_disk.page(3).html == in_memory.page(3).html  # previews read the spooled file
    assert not list(tmp_path.glob(".upload-*"))  # no temporary file left


def test_the_spool_keeps_a_few_uploads_and_deletes_older_files(tmp_path: Path) -> None:
    uploads = UploadSpool(tmp_path, keep=2)
    items = [uploads.add(io.BytesIO(f"{i}\n".encode()), f"u{i}.jsonl") for i in range(3)]
    assert uploads.get(items[0].digest) is None and not items[0].path.exists()
    assert uploads.get(items[2].digest) == items[2] and items[2].path.exists()
    again = uploads.add(io.BytesIO(b"2\n"), "same bytes, other name.jsonl")
    assert again.path == items[2].path and again.path.exists()  # one file per content


def test_a_failed_write_leaves_no_file(tmp_path: Path) -> None:
    class Broken(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def read(self, n: int = -1) -> bytes:
            raise OSError(5, "Input/output error")

    with pytest.raises(LoadError, match="Input/output error"):
        spool(Broken(), tmp_path, "x.jsonl")
    assert not list(tmp_path.iterdir())
    blocked = tmp_path / "file"
    blocked.write_text("")
    with pytest.raises(LoadError, match="cannot store the upload"):
        spool(io.BytesIO(b"x"), blocked, "x.jsonl")  # the folder is a file


@settings(max_examples=60, deadline=None)
@given(data=st.binary(max_size=5000), name=st.text(max_size=40))
def test_any_upload_round_trips(tmp_path_factory, data: bytes, name: str) -> None:
    folder = tmp_path_factory.mktemp("spool")
    item = spool(io.BytesIO(data), folder, name)
    assert item.path.parent == folder  # a crafted name never escapes the folder
    assert item.path.read_bytes() == data
    assert item.digest == hashlib.sha256(data).hexdigest()
    assert safe_suffix(name) in ("", *[item.path.name[64:]])


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=300), size=st.integers(1, 50), part=st.integers(-3, 400))
def test_text_parts_cover_the_text_once(text: str, size: int, part: int) -> None:
    n = text_parts(len(text), size)
    assert "".join(text_part(text, i, size) for i in range(n)) == text
    assert all(len(text_part(text, i, size)) <= size for i in range(n))
    assert text_part(text, part, size) == text_part(text, min(max(part, 0), n - 1), size)
