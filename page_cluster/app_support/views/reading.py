"""What reading a crawl left out, for the Load view.

A WARC routinely holds records that are not pages (stylesheets, redirects,
failed fetches); those are only counted. Damaged records, unreadable files and
(when asked to skip them) bad JSONL lines are *errors*: counted and described.
The view shows the counts by reason, the first few descriptions, and the rest
in a table.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from ...io.report import ReadReport

__all__ = ["SHOWN_MESSAGES", "ReadSummary", "read_summary"]

#: Damage descriptions shown directly; the rest are in the table.
SHOWN_MESSAGES = 5


@dataclass(frozen=True, slots=True)
class ReadSummary:
    """``headline``: ``Skipped 3 records (1 non-HTML, 2 corrupt)``; ``damaged``:
    whether any skip was damage (shown as a warning, not a note); ``first``:
    the first damage messages; ``table``: every kept one (where, reason, detail)."""

    headline: str
    notes: str | None
    damaged: int
    first: list[str]
    table: pd.DataFrame


def read_summary(report: ReadReport, *, shown: int = SHOWN_MESSAGES) -> ReadSummary | None:
    """The summary of a read, or ``None`` when nothing was skipped or noted.

    >>> from page_cluster.io.report import Skipped
    >>> r = ReadReport()
    >>> for s in (Skipped("non-HTML", "record 2"), Skipped("corrupt", "record 3", "bad gzip")):
    ...     r.add_skip(s)
    >>> s = read_summary(r)
    >>> s.headline, s.damaged, s.first
    ('Skipped 2 records (1 non-HTML, 1 corrupt)', 1, ['record 3: corrupt (bad gzip); skipped'])
    """
    headline = report.summary() or "nothing skipped"
    notes = report.notes_summary()
    if not report.skipped_total and notes is None:
        return None
    table = pd.DataFrame(
        [{"where": e.position, "reason": e.reason, "detail": e.detail} for e in report.errors],
        columns=["where", "reason", "detail"],
    )
    return ReadSummary(
        headline=headline[:1].upper() + headline[1:],
        notes=notes,
        damaged=report.error_total,
        first=[e.message for e in report.errors[:shown]],
        table=table,
    )
