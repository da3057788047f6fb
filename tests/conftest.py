"""Shared fixtures: the bundled sample crawl."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sample_data" / "site.jsonl"
SAMPLE_LABELS = ROOT / "sample_data" / "labels.csv"


@pytest.fixture(scope="session")
def sample_records() -> list[dict]:
    with SAMPLE.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


@pytest.fixture(scope="session")
def sample_labels() -> dict[str, str]:
    with SAMPLE_LABELS.open(encoding="utf-8") as fh:
        return {r["id"]: r["template"] for r in csv.DictReader(fh)}
