"""One host clustered on its own: the unit of work after parsing.

Templates belong to a host, so each host's pages form one corpus, built from its
shards in input order (file order, then page order) and handed to the
clustering engine unchanged. The result is compact: a table of distinct keys and
one small integer per page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..signatures.corpus import Corpus, CorpusBuilder
from .shards import HostShard

__all__ = ["HostResult", "cluster_host", "host_corpus"]


@dataclass(slots=True)
class HostResult:
    """Keys of one host's pages (input order) as ``key_table[codes[i]]``, and the
    reports that were asked for (JSON-ready)."""

    host: str
    key_table: list[str]
    codes: np.ndarray
    reasons: dict[str, Any] | None = None
    report: dict[str, Any] | None = None

    @property
    def keys(self) -> list[str]:
        table = self.key_table
        return [table[c] for c in self.codes.tolist()]


def host_corpus(shards: Sequence[HostShard]) -> Corpus:
    """The corpus of one host's pages, from its shards in input order.

    Each shard has its own vocabulary, as a parsing worker has: the builder maps
    them onto one and numbers it canonically, so the corpus does not depend on
    how the pages were split into files.
    """
    builder = CorpusBuilder()
    for s, shard in enumerate(shards):
        for parsed, signals in zip(shard.parsed_pages(), shard.signals, strict=True):
            builder.add(s, parsed, signals)
    return builder.finish()


def encode_keys(host: str, keys: Sequence[str]) -> HostResult:
    """Keys as a table of distinct keys (first-seen order) plus one code per page."""
    table: dict[str, int] = {}
    codes = np.fromiter((table.setdefault(k, len(table)) for k in keys), np.int32, len(keys))
    return HostResult(host, list(table), codes)


def cluster_host(
    host: str, shards: Sequence[HostShard], *, reasons: bool = False, validate: bool = False
) -> HostResult:
    """Cluster one host (every shard of it) with the engine's public entry point.

    With ``validate`` the safe merges of the host's partition report are applied
    to its keys, as ``--validation-file`` does for a single run.
    """
    from ..clustering.pipeline import cluster_corpus

    run = cluster_corpus(host_corpus(shards))
    if not reasons and not validate:
        return encode_keys(host, run.page_keys)
    from ..explain.outputs import explain_run

    ids = [i for shard in shards for i in shard.output_ids]
    out = explain_run(run, validate=validate, reasons=reasons, ids=ids)
    result = encode_keys(host, out.keys)
    result.reasons = out.reasons
    result.report = out.report.to_json() if out.report is not None else None
    return result
