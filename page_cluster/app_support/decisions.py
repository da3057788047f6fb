"""The analyst's merge decisions, in a SQLite file that outlives the server.

A decision says whether two clusters of one input are one template
(``confirmed``) or not (``rejected``); a split decision says whether the
validator's split suggestion for one cluster is right. It is keyed by the input's content hash,
the option that changes token sets (the content-block attribute; empty when
none) and the cluster pair in sorted order, so it is found again after a page
reload, a server restart, or the same crawl uploaded under another name.

Durability: the database runs in WAL mode with ``synchronous=FULL`` and each
decision is one transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``), so a process
killed in the middle of a write loses at most that write, never a decision
already committed. Every change is also appended to ``decision_events``, so an
undone decision remains in the history. Each operation opens its own
connection: a second browser tab, another server process or a command-line
``sqlite3`` sees every committed decision at once.

The file lives at ``$PAGE_CLUSTER_DECISIONS_DB`` when set, otherwise at
``decisions.sqlite3`` in the state folder (``$PAGE_CLUSTER_STATE_DIR``, else
``~/.page-cluster``).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from .._version import __version__

__all__ = [
    "DECISIONS",
    "DECISIONS_DB_ENV",
    "Decision",
    "DecisionStore",
    "DecisionStoreError",
    "RecentInput",
    "SplitDecision",
    "default_decisions_path",
]

#: Environment variable naming the decisions database file.
DECISIONS_DB_ENV = "PAGE_CLUSTER_DECISIONS_DB"
#: Environment variable naming the app's state folder (decision files live there).
STATE_DIR_ENV = "PAGE_CLUSTER_STATE_DIR"
#: The allowed decision values.
DECISIONS = ("confirmed", "rejected")
#: Seconds a write waits for another writer before giving up.
BUSY_TIMEOUT = 10.0

_SCHEMA = """
CREATE TABLE IF NOT EXISTS decisions (
    input_hash TEXT NOT NULL,
    scope TEXT NOT NULL,
    cluster_key_a TEXT NOT NULL,
    cluster_key_b TEXT NOT NULL,
    decision TEXT NOT NULL CHECK (decision IN ('confirmed', 'rejected')),
    decided_at TEXT NOT NULL,
    engine_version TEXT NOT NULL,
    PRIMARY KEY (input_hash, scope, cluster_key_a, cluster_key_b)
);
CREATE TABLE IF NOT EXISTS decision_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    input_hash TEXT NOT NULL,
    scope TEXT NOT NULL,
    cluster_key_a TEXT NOT NULL,
    cluster_key_b TEXT NOT NULL,
    decision TEXT,
    at TEXT NOT NULL,
    engine_version TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS split_decisions (
    input_hash TEXT NOT NULL,
    scope TEXT NOT NULL,
    cluster_key TEXT NOT NULL,
    decision TEXT NOT NULL CHECK (decision IN ('confirmed', 'rejected')),
    decided_at TEXT NOT NULL,
    engine_version TEXT NOT NULL,
    PRIMARY KEY (input_hash, scope, cluster_key)
);
CREATE TABLE IF NOT EXISTS split_decision_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    input_hash TEXT NOT NULL,
    scope TEXT NOT NULL,
    cluster_key TEXT NOT NULL,
    decision TEXT,
    at TEXT NOT NULL,
    engine_version TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS recent_inputs (
    input_hash TEXT NOT NULL,
    scope TEXT NOT NULL,
    label TEXT NOT NULL,
    path TEXT,
    size INTEGER NOT NULL,
    last_opened TEXT NOT NULL,
    PRIMARY KEY (input_hash, scope)
);
"""


def default_decisions_path(env: Mapping[str, str] | None = None) -> Path:
    """``$PAGE_CLUSTER_DECISIONS_DB``, or ``decisions.sqlite3`` in the state folder.

    >>> str(default_decisions_path({"PAGE_CLUSTER_DECISIONS_DB": "/tmp/d.sqlite3"}))
    '/tmp/d.sqlite3'
    """
    env = os.environ if env is None else env
    named = env.get(DECISIONS_DB_ENV, "").strip()
    if named:
        return Path(named).expanduser()
    state = env.get(STATE_DIR_ENV, "").strip()
    folder = Path(state).expanduser() if state else Path.home() / ".page-cluster"
    return folder / "decisions.sqlite3"


class DecisionStoreError(RuntimeError):
    """The decisions file cannot be opened or written (message names the file)."""


@dataclass(frozen=True, slots=True)
class Decision:
    cluster_key_a: str
    cluster_key_b: str
    decision: str
    decided_at: str
    engine_version: str

    @property
    def pair(self) -> tuple[str, str]:
        return (self.cluster_key_a, self.cluster_key_b)


@dataclass(frozen=True, slots=True)
class SplitDecision:
    """The analyst's decision on the split suggestion for one cluster."""

    cluster_key: str
    decision: str
    decided_at: str
    engine_version: str


@dataclass(frozen=True, slots=True)
class RecentInput:
    input_hash: str
    scope: str
    label: str
    path: str | None
    size: int
    last_opened: str


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _pair(a: str, b: str) -> tuple[str, str]:
    if not isinstance(a, str) or not isinstance(b, str) or a == b:
        raise ValueError("a decision needs two different cluster keys")
    return (a, b) if a < b else (b, a)


class DecisionStore:
    """Decisions in one SQLite file (see the module docstring)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path).expanduser()
        if self.path.is_dir():
            raise DecisionStoreError(f"{self.path}: is a directory, not a database file")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._connect() as conn:
                conn.execute("PRAGMA journal_mode=WAL")
                conn.executescript(_SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise DecisionStoreError(
                f"{self.path}: cannot open the decisions file ({exc})"
            ) from None

    @contextlib.contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None)
        try:
            conn.execute("PRAGMA synchronous=FULL")
            yield conn
        finally:
            conn.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        try:
            with self._connect() as conn:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    yield conn
                except BaseException:
                    with contextlib.suppress(sqlite3.Error):
                        conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
        except sqlite3.Error as exc:
            raise DecisionStoreError(f"{self.path}: cannot write the decision ({exc})") from None

    def record(
        self, input_hash: str, scope: str, key_a: str, key_b: str, decision: str
    ) -> Decision:
        """Store (or replace) one decision, atomically, and log it."""
        if decision not in DECISIONS:
            raise ValueError(f"decision must be one of {DECISIONS}, got {decision!r}")
        a, b = _pair(key_a, key_b)
        at = _now()
        with self._transaction() as conn:
            conn.execute(
                "INSERT INTO decisions VALUES (?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (input_hash, scope, cluster_key_a, cluster_key_b) DO UPDATE SET "
                "decision = excluded.decision, decided_at = excluded.decided_at, "
                "engine_version = excluded.engine_version",
                (input_hash, scope, a, b, decision, at, __version__),
            )
            conn.execute(
                "INSERT INTO decision_events (input_hash, scope, cluster_key_a, cluster_key_b, "
                "decision, at, engine_version) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (input_hash, scope, a, b, decision, at, __version__),
            )
        return Decision(a, b, decision, at, __version__)

    def clear(self, input_hash: str, scope: str, key_a: str, key_b: str) -> None:
        """Undo a decision (the history keeps it)."""
        a, b = _pair(key_a, key_b)
        with self._transaction() as conn:
            gone = conn.execute(
                "DELETE FROM decisions WHERE input_hash = ? AND scope = ? "
                "AND cluster_key_a = ? AND cluster_key_b = ?",
                (input_hash, scope, a, b),
            ).rowcount
            if gone:
                conn.execute(
                    "INSERT INTO decision_events (input_hash, scope, cluster_key_a, "
                    "cluster_key_b, decision, at, engine_version) VALUES (?, ?, ?, ?, NULL, ?, ?)",
                    (input_hash, scope, a, b, _now(), __version__),
                )

    def _read(self, sql: str, params: tuple) -> list[tuple]:
        try:
            with self._connect() as conn:
                return conn.execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            raise DecisionStoreError(f"{self.path}: cannot read decisions ({exc})") from None

    def decisions(self, input_hash: str, scope: str) -> dict[tuple[str, str], Decision]:
        """Current decisions of one input, by sorted cluster pair."""
        rows = self._read(
            "SELECT cluster_key_a, cluster_key_b, decision, decided_at, engine_version "
            "FROM decisions WHERE input_hash = ? AND scope = ? ORDER BY decided_at",
            (input_hash, scope),
        )
        return {(r[0], r[1]): Decision(*r) for r in rows}

    def history(self, input_hash: str, scope: str) -> list[tuple[str, str, str | None, str]]:
        """Every change of one input: (key A, key B, decision or None when undone, time)."""
        return [
            (r[0], r[1], r[2], r[3])
            for r in self._read(
                "SELECT cluster_key_a, cluster_key_b, decision, at FROM decision_events "
                "WHERE input_hash = ? AND scope = ? ORDER BY id",
                (input_hash, scope),
            )
        ]

    def record_split(
        self, input_hash: str, scope: str, cluster_key: str, decision: str
    ) -> SplitDecision:
        """Store (or replace) the decision on one cluster's split suggestion, and log it."""
        if decision not in DECISIONS:
            raise ValueError(f"decision must be one of {DECISIONS}, got {decision!r}")
        if not isinstance(cluster_key, str) or not cluster_key:
            raise ValueError("a split decision needs a cluster key")
        at = _now()
        with self._transaction() as conn:
            conn.execute(
                "INSERT INTO split_decisions VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (input_hash, scope, cluster_key) DO UPDATE SET "
                "decision = excluded.decision, decided_at = excluded.decided_at, "
                "engine_version = excluded.engine_version",
                (input_hash, scope, cluster_key, decision, at, __version__),
            )
            conn.execute(
                "INSERT INTO split_decision_events (input_hash, scope, cluster_key, decision, "
                "at, engine_version) VALUES (?, ?, ?, ?, ?, ?)",
                (input_hash, scope, cluster_key, decision, at, __version__),
            )
        return SplitDecision(cluster_key, decision, at, __version__)

    def clear_split(self, input_hash: str, scope: str, cluster_key: str) -> None:
        """Undo a split decision (the history keeps it)."""
        with self._transaction() as conn:
            gone = conn.execute(
                "DELETE FROM split_decisions WHERE input_hash = ? AND scope = ? "
                "AND cluster_key = ?",
                (input_hash, scope, cluster_key),
            ).rowcount
            if gone:
                conn.execute(
                    "INSERT INTO split_decision_events (input_hash, scope, cluster_key, "
                    "decision, at, engine_version) VALUES (?, ?, ?, NULL, ?, ?)",
                    (input_hash, scope, cluster_key, _now(), __version__),
                )

    def split_decisions(self, input_hash: str, scope: str) -> dict[str, SplitDecision]:
        """Current split decisions of one input, by cluster key."""
        rows = self._read(
            "SELECT cluster_key, decision, decided_at, engine_version FROM split_decisions "
            "WHERE input_hash = ? AND scope = ? ORDER BY decided_at",
            (input_hash, scope),
        )
        return {r[0]: SplitDecision(*r) for r in rows}

    def split_history(self, input_hash: str, scope: str) -> list[tuple[str, str | None, str]]:
        """Every split decision change of one input: (key, decision or None when undone, time)."""
        return [
            (r[0], r[1], r[2])
            for r in self._read(
                "SELECT cluster_key, decision, at FROM split_decision_events "
                "WHERE input_hash = ? AND scope = ? ORDER BY id",
                (input_hash, scope),
            )
        ]

    def remember_input(
        self, input_hash: str, scope: str, label: str, path: str | None, size: int
    ) -> None:
        """Note an analysed input, so a reload (or a restart, for a file) can reopen it."""
        with self._transaction() as conn:
            conn.execute(
                "INSERT INTO recent_inputs VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (input_hash, scope) DO UPDATE SET label = excluded.label, "
                "path = excluded.path, size = excluded.size, last_opened = excluded.last_opened",
                (input_hash, scope, label, path, int(size), _now()),
            )

    def recent_inputs(self, limit: int = 20) -> list[RecentInput]:
        rows = self._read(
            "SELECT input_hash, scope, label, path, size, last_opened FROM recent_inputs "
            "ORDER BY last_opened DESC LIMIT ?",
            (int(limit),),
        )
        return [RecentInput(*r) for r in rows]

    def find_input(self, input_hash: str, scope: str) -> RecentInput | None:
        rows = self._read(
            "SELECT input_hash, scope, label, path, size, last_opened FROM recent_inputs "
            "WHERE input_hash = ? AND scope = ?",
            (input_hash, scope),
        )
        return RecentInput(*rows[0]) if rows else None
