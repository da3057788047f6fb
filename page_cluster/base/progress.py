"""Progress events emitted by the core; the CLI and the app render them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["ProgressCallback", "ProgressEvent"]


@dataclass(frozen=True, slots=True)
class ProgressEvent:
    """One moment of a run.

    ``phase`` is one of ``"pass0-signals"`` (``pages_seen``), ``"pass1-block-complete"``
    (``blocks_processed`` of ``total_blocks``), ``"pass1b-assign"`` (``pages_assigned``
    of ``pages_to_assign``), ``"stage-b-start"`` (``unit_count``) and ``"note"``
    (``message``: which code path ran, e.g. the scalable path for a huge block).
    """

    phase: str
    pages_seen: int = 0
    blocks_processed: int = 0
    total_blocks: int = 0
    pages_assigned: int = 0
    pages_to_assign: int = 0
    unit_count: int = 0
    message: str = ""


ProgressCallback = Callable[[ProgressEvent], None]
