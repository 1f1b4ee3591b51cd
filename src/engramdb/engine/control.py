"""Prospective memory and suppression: state the engine keeps beside the memories.

- Reminders (``Engine.schedule_reminder``): a text due at a time. A recall made once it is due
  returns it first, once; after that it is marked delivered.
- Suppression (``Engine.suppress`` / ``unsuppress``): a suppressed memory is left out of every
  recall until it is unsuppressed. Reversible, unlike ``forget``.

Both change through log frames (header-update frames that touch no header), applied in the
same transaction as their ``applied_lsn``, so they are exactly as durable as a memory.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

__all__ = ["CONTROL_SCHEMA", "ControlState", "Reminder"]

CONTROL_SCHEMA = """
CREATE TABLE IF NOT EXISTS suppressed (
    loc      INTEGER PRIMARY KEY,
    since_ms INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS reminders (
    id           TEXT PRIMARY KEY,
    text         TEXT NOT NULL,
    due_ms       INTEGER NOT NULL,
    created_ms   INTEGER NOT NULL,
    delivered_ms INTEGER
);
CREATE INDEX IF NOT EXISTS reminders_pending ON reminders(delivered_ms, due_ms);
"""


@dataclass(frozen=True)
class Reminder:
    id: str
    text: str
    due_ms: int
    created_ms: int
    delivered_ms: int | None


class ControlState:
    """Reads and applies the control tables; the suppressed set is cached in memory."""

    def __init__(self, con: sqlite3.Connection):
        self.con = con
        self.suppressed: set[int] = {int(r[0]) for r in con.execute("SELECT loc FROM suppressed")}

    def apply(self, meta: dict) -> None:
        """Apply a frame's control changes (inside the caller's transaction)."""
        for loc, ms in meta.get("suppress") or ():
            self.con.execute(
                "INSERT OR IGNORE INTO suppressed(loc, since_ms) VALUES(?, ?)", (loc, ms)
            )
            self.suppressed.add(int(loc))
        for loc in meta.get("unsuppress") or ():
            self.con.execute("DELETE FROM suppressed WHERE loc=?", (loc,))
            self.suppressed.discard(int(loc))
        if (r := meta.get("reminder")) is not None:
            self.con.execute(
                "INSERT OR REPLACE INTO reminders(id, text, due_ms, created_ms, delivered_ms) "
                "VALUES(?,?,?,?,NULL)",
                (r["id"], r["text"], r["due_ms"], r["created_ms"]),
            )
        for rid, ms in meta.get("delivered") or ():
            self.con.execute(
                "UPDATE reminders SET delivered_ms=? WHERE id=? AND delivered_ms IS NULL",
                (ms, rid),
            )

    def due(self, now_ms: int) -> list[Reminder]:
        return [
            Reminder(*r)
            for r in self.con.execute(
                "SELECT id, text, due_ms, created_ms, delivered_ms FROM reminders "
                "WHERE delivered_ms IS NULL AND due_ms <= ? ORDER BY due_ms, id",
                (now_ms,),
            )
        ]

    def reminders(self, *, pending_only: bool = False) -> list[Reminder]:
        where = "WHERE delivered_ms IS NULL " if pending_only else ""
        return [
            Reminder(*r)
            for r in self.con.execute(
                "SELECT id, text, due_ms, created_ms, delivered_ms FROM reminders "
                f"{where}ORDER BY due_ms, id"
            )
        ]

    def reminder_exists(self, rid: str) -> bool:
        return self.con.execute("SELECT 1 FROM reminders WHERE id=?", (rid,)).fetchone() is not None
