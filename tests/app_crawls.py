"""Crawls for the app tests, derived from the bundled sample."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sample_data" / "site.jsonl"
#: Host given to the copied pages.
COPY_HOST = "copy.library.example"


def sample_records(limit: int | None = None) -> list[dict]:
    with SAMPLE.open(encoding="utf-8") as fh:
        records = [json.loads(line) for line in fh if line.strip()]
    return records[:limit] if limit is not None else records


def copied_host_records(n: int = 40) -> list[dict]:
    """The first ``n`` sample pages, plus byte-identical copies served by a second host.

    Clustering blocks pages by host, so each copy lands in another cluster than
    its original although their structure is identical: the validator then
    suggests merging those cluster pairs (the bundled sample alone yields none).
    """
    originals = sample_records(n)
    copies = [dict(r, id=f"copy:{r['id']}", host=COPY_HOST) for r in originals]
    return originals + copies


def write_jsonl(path: Path, records: list[dict]) -> Path:
    with path.open("w", encoding="utf-8") as fh:
        for r in records:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    return path
