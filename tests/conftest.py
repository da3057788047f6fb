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


def readme_pages() -> list[dict]:
    """The reference README's example: news/1 and news/2 share a key, about differs."""
    return [
        {
            "paths": ["news", "1"],
            "stylesheetHrefs": ["/a.css"],
            "html": "<body><article>one</article></body>",
        },
        {
            "paths": ["news", "2"],
            "stylesheetHrefs": ["/a.css"],
            "html": "<body><article>two</article></body>",
        },
        {
            "paths": ["about"],
            "stylesheetHrefs": ["/a.css"],
            "html": "<body><section>about</section></body>",
        },
    ]


def keys_in_shuffled_order(resolve, records: list, seed: int) -> tuple[list, list]:
    """Keys of ``records`` as given, and of a shuffled copy mapped back to input order."""
    import random

    keys = resolve(records)
    order = list(range(len(records)))
    random.Random(seed).shuffle(order)
    shuffled = resolve([records[i] for i in order])
    back = [None] * len(records)
    for pos, i in enumerate(order):
        back[i] = shuffled[pos]
    return keys, back


def corpus_of(htmls: list[str]):
    """A corpus built from bare HTML strings (no blocking signals)."""
    from page_cluster.parsing.signature import LocalInterner, parse_document
    from page_cluster.signatures.corpus import CorpusBuilder, PageSignals

    builder = CorpusBuilder()
    interner = LocalInterner()
    for html in htmls:
        builder.add(0, parse_document(html, interner), PageSignals((), (), None))
    return builder.finish()
