"""The neighbour-turn window: each memory's text indexed with the texts around it.

In a conversation the words of a question are often split over a few turns: the question
names a trip, the answer two turns later names the city. BM25 over a memory's own text misses
that; BM25 over the memory and its neighbours as separate weighted columns finds it (LoCoMo dev
split, BM25 alone: turn R@10 0.613 on the turn, 0.743 on the window; `docs/evaluation.md`).

A memory's window is its own text, the texts of up to ``SPAN`` live memories before it in its
session (column ``prev``) and up to ``SPAN`` after it (``next``), in session order (timestamp,
then arrival), and the tags its writer gave it (column ``tags``: a memory tagged "pets" is
found by "what pet do I have?"). The table keeps its own copy of those texts: FTS5 has to be
given a row's old values to remove it, and neighbours change. (``detail=column`` would keep a
smaller index and ranks the same, but refuses the phrase a query word like ``setting_0``
becomes.)

When memories arrive or are forgotten, the windows of every memory within ``SPAN`` of them are
written again, so a window never holds a forgotten text and order of arrival does not matter.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable

__all__ = ["SPAN", "WEIGHTS", "WINDOW_SCHEMA", "WindowIndex"]

#: How many neighbours on each side of a memory its window holds.
SPAN = 2

#: BM25 column weights (own text, previous turns, next turns, tags). Chosen on the LoCoMo dev
#: split only (BM25 alone, turn R@10): 0.734 for (1, 0.5, 0.5), 0.743 for (1, 0.5, 0.25), 0.743
#: for (1, 0.7, 0.35), 0.738 for (1, 0.3, 0.15): what came before a turn says more about it
#: than what came after. A tag is the writer's own word for what the memory is about: as much
#: as its text (LoCoMo has none).
WEIGHTS = (1.0, 0.5, 0.25, 1.0)

_RANK = f"bm25({', '.join(map(str, WEIGHTS))})"
WINDOW_SCHEMA = f"""
CREATE VIRTUAL TABLE IF NOT EXISTS memories_window USING fts5(
    text, prev, next, tags, tokenize='porter unicode61'
);
INSERT INTO memories_window(memories_window, rank) VALUES('rank', '{_RANK}');
"""

_BEFORE = (
    "SELECT loc, text FROM memories WHERE session_id=? AND deleted=0 AND "
    "(timestamp_ms < ? OR (timestamp_ms = ? AND seq < ?)) "
    "ORDER BY timestamp_ms DESC, seq DESC LIMIT ?"
)
_AFTER = (
    "SELECT loc, text FROM memories WHERE session_id=? AND deleted=0 AND "
    "(timestamp_ms > ? OR (timestamp_ms = ? AND seq > ?)) "
    "ORDER BY timestamp_ms, seq LIMIT ?"
)


class WindowIndex:
    """Keeps ``memories_window`` in step with the ``memories`` table; the caller holds the
    transaction."""

    def __init__(self, con: sqlite3.Connection):
        self.con = con

    def ensure(self) -> None:
        """Create the table; a store written before it existed gets every window built once."""
        con = self.con
        exists = con.execute("SELECT 1 FROM sqlite_master WHERE name='memories_window'").fetchone()
        if exists:
            return
        con.executescript(WINDOW_SCHEMA)
        locs = [r[0] for r in con.execute("SELECT loc FROM memories WHERE deleted=0")]
        if locs:
            con.execute("BEGIN IMMEDIATE")
            try:
                self._write(locs)
                con.execute("COMMIT")
            except BaseException:
                con.execute("ROLLBACK")
                raise

    def added(self, locs: Iterable[int]) -> None:
        """New memories (already inserted): their windows and their neighbours'."""
        self._write(self._around(locs))

    def removed(self, locs: Iterable[int]) -> None:
        """Forgotten memories (already marked deleted): gone from the table, and their
        neighbours' windows no longer hold their text."""
        locs = list(locs)
        affected = self._around(locs)
        self.con.executemany("DELETE FROM memories_window WHERE rowid=?", [(x,) for x in locs])
        self._write(affected - set(locs))

    def optimize(self) -> None:
        """Merge the index into one segment, dropping what deleted rows left in it."""
        self.con.execute("INSERT INTO memories_window(memories_window) VALUES('optimize')")

    # -- internals ---------------------------------------------------------------------------
    def _position(self, loc: int) -> tuple[str | None, int, int, str, int, str] | None:
        return self.con.execute(
            "SELECT session_id, timestamp_ms, seq, text, deleted, tags FROM memories WHERE loc=?",
            (loc,),
        ).fetchone()

    def _side(self, pos, forward: bool) -> list[tuple[int, str]]:
        session, ts, seq = pos[0], pos[1], pos[2]
        rows = self.con.execute(_AFTER if forward else _BEFORE, (session, ts, ts, seq, SPAN))
        return [(int(r[0]), r[1]) for r in rows]

    def _around(self, locs: Iterable[int]) -> set[int]:
        """The memories whose windows can hold any of ``locs``: each one (if live) and up to
        ``SPAN`` live neighbours on either side."""
        out: set[int] = set()
        for loc in locs:
            pos = self._position(loc)
            if pos is None:
                continue
            if not pos[4]:
                out.add(int(loc))
            if pos[0] is None:
                continue
            for forward in (False, True):
                out.update(x for x, _ in self._side(pos, forward))
        return out

    def _write(self, locs: Iterable[int]) -> None:
        rows = []
        for loc in locs:
            pos = self._position(loc)
            if pos is None or pos[4]:
                continue
            if pos[0] is None:
                prev = nxt = ""
            else:
                prev = " ".join(t for _, t in reversed(self._side(pos, False)))
                nxt = " ".join(t for _, t in self._side(pos, True))
            rows.append((int(loc), pos[3], prev, nxt, " ".join(json.loads(pos[5] or "[]"))))
        self.con.executemany("DELETE FROM memories_window WHERE rowid=?", [(r[0],) for r in rows])
        self.con.executemany(
            "INSERT INTO memories_window(rowid, text, prev, next, tags) VALUES(?, ?, ?, ?, ?)",
            rows,
        )
