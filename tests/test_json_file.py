"""Report files: writability checks and atomic replacement."""

from __future__ import annotations

import json
import os

import pytest

from page_cluster.io.json_file import check_writable, write_json_atomic, write_jsonl_atomic


def test_check_writable(tmp_path):
    assert check_writable(tmp_path / "new.json") is None
    assert check_writable(tmp_path) == "is a directory"
    assert "does not exist" in check_writable(tmp_path / "no" / "x.json")
    assert check_writable("") == "empty path"
    assert os.listdir(tmp_path) == []  # the probe file is removed


def test_atomic_write_replaces_or_keeps_the_old_file(tmp_path):
    target = tmp_path / "r.json"
    target.write_text("old")
    write_json_atomic(target, {"k": "日本\ud800"})
    assert json.loads(target.read_text(encoding="utf-8")) == {"k": "日本\ud800"}
    with pytest.raises(TypeError):
        write_json_atomic(target, {"k": object()})
    assert json.loads(target.read_text(encoding="utf-8")) == {"k": "日本\ud800"}
    assert os.listdir(tmp_path) == ["r.json"]
    write_jsonl_atomic(tmp_path / "x.jsonl", ({"i": i} for i in range(3)))
    assert (tmp_path / "x.jsonl").read_text().splitlines() == ['{"i":0}', '{"i":1}', '{"i":2}']
