"""The neighbour-turn window: each memory's text indexed with the texts around it.

In a conversation the words of a question are often split over a few turns: the question
names a trip, the answer two turns later names the city. BM25 over a memory's own text misses
that; BM25 over the memory and its neighbours as separate weighted columns finds it (LoCoMo dev
split, BM25 alone: turn R@10 0.613 on the turn, 0.743 on the window; `docs/evaluation.md`).

A memory's window is its own text, the texts of up to ``SPAN`` live memories of the same
session and scope before it (column ``prev``) and up to ``SPAN`` after it (``next``), in
session order (timestamp, then arrival), and the tags its writer gave it (column ``tags``: a
memory tagged "pets" is found by "what pet do I have?"). The table keeps its own copy of
those texts: FTS5 has to be given a row's old values to remove it, and neighbours change.
(``detail=column`` would keep a smaller index and ranks the same, but refuses the phrase a
query word like ``setting_0`` becomes.)

Only the same scope: a reader allowed one scope must not find its memories by the words of
another scope's memory between them (sessions may be shared across scopes). When memories
arrive or are forgotten, the windows of every memory within ``SPAN`` of them are written
again, so a window never holds a forgotten text and order of arrival does not matter. Every
look-up is a range of the ``(session_id, scope, timestamp_ms, seq)`` index (row values, so
SQLite seeks instead of walking the session): a write costs the same in a session of ten
memories or of a million.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterable

from ..store.sqlite import rows_in, transaction

__all__ = ["SPAN", "WEIGHTS", "WindowIndex"]

log = logging.getLogger("engramdb.index")

#: How many neighbours on each side of a memory its window holds.
SPAN = 2

#: BM25 column weights (own text, previous turns, next turns, tags). Chosen on the LoCoMo dev
#: split only (BM25 alone, turn R@10): 0.734 for (1, 0.5, 0.5), 0.743 for (1, 0.5, 0.25), 0.743
#: for (1, 0.7, 0.35), 0.738 for (1, 0.3, 0.15): what came before a turn says more about it
#: than what came after. A tag is the writer's own word for what the memory is about: as much
#: as its text (LoCoMo has none).
WEIGHTS = (1.0, 0.5, 0.25, 1.0)

_RANK = f"bm25({', '.join(map(str, WEIGHTS))})"
_CREATE = (
    "CREATE VIRTUAL TABLE memories_window USING fts5("
    "text, prev, next, tags, tokenize='porter unicode61')",
    f"INSERT INTO memories_window(memories_window, rank) VALUES('rank', '{_RANK}')",
    "CREATE INDEX IF NOT EXISTS memories_session_scope "
    "ON memories(session_id, scope, timestamp_ms, seq)",
)
_COLS = "SELECT loc, text, tags FROM memories WHERE session_id=? AND scope IS ? AND deleted=0 AND "
_BEFORE = _COLS + "(timestamp_ms, seq) < (?, ?) ORDER BY timestamp_ms DESC, seq DESC LIMIT ?"
_AFTER = _COLS + "(timestamp_ms, seq) > (?, ?) ORDER BY timestamp_ms, seq LIMIT ?"
_BETWEEN = (
    _COLS + "(timestamp_ms, seq) >= (?, ?) AND (timestamp_ms, seq) <= (?, ?) "
    "ORDER BY timestamp_ms, seq LIMIT ?"
)
_PAD = (None, None, None)


def _tags(raw: str | None) -> str:
    """The tags column of a window: the memory's tags (JSON in ``memories``) as words."""
    return " ".join(json.loads(raw or "[]"))


class WindowIndex:
    """Keeps ``memories_window`` in step with the ``memories`` table; the caller holds the
    transaction."""

    def __init__(self, con: sqlite3.Connection):
        self.con = con

    def ensure(self) -> None:
        """Create the table; a store written before it existed gets every window built once,
        in the same transaction as the table (a build cut short leaves no table, and the next
        open builds again)."""
        con = self.con
        exists = con.execute("SELECT 1 FROM sqlite_master WHERE name='memories_window'").fetchone()
        if exists:
            return
        with transaction(con, "index.db"):
            for sql in _CREATE:
                con.execute(sql)
            locs = [r[0] for r in con.execute("SELECT loc FROM memories WHERE deleted=0")]
            if locs:
                log.info("building the neighbour-turn windows of %d memories (once)", len(locs))
                for i in range(0, len(locs), 4096):
                    self.added(locs[i : i + 4096])

    def added(self, locs: Iterable[int]) -> None:
        """New memories (already inserted): their windows and their neighbours'. A batch is
        read per session and scope as one ordered run (three range queries), not memory by
        memory; new memories scattered among many older ones go memory by memory."""
        groups: dict[tuple[str, str | None], list[tuple[int, int, int]]] = {}
        alone: list[int] = []
        scattered: list[int] = []
        for loc, session, scope, ts, seq in self._positions(list(locs)):
            if session is None:
                alone.append(loc)
            else:
                groups.setdefault((session, scope), []).append((ts, seq, loc))
        texts = rows_in(
            self.con, "SELECT loc, text, tags FROM memories WHERE loc IN ({marks})", alone
        )
        rows = [(loc, text, "", "", _tags(tags)) for loc, text, tags in texts]
        for (session, scope), members in groups.items():
            run = self._run(session, scope, members)
            if run is None:
                scattered += [loc for _, _, loc in members]
                continue
            new = {loc for _, _, loc in members}
            at = [i for i, (loc, _, _) in enumerate(run) if loc in new]
            for j in sorted({j for i in at for j in range(i - SPAN, i + SPAN + 1)}):
                loc, text, tags = run[j]
                if loc is None:
                    continue
                prev = [r[1] for r in run[j - SPAN : j] if r[0] is not None]
                nxt = [r[1] for r in run[j + 1 : j + 1 + SPAN] if r[0] is not None]
                rows.append((int(loc), text, " ".join(prev), " ".join(nxt), _tags(tags)))
        self._put(rows)
        if scattered:
            self._write(self._around(scattered))

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
    def _position(self, loc: int):
        """(session, scope, ts, seq, text, deleted, tags) of a memory, None if unknown."""
        return self.con.execute(
            "SELECT session_id, scope, timestamp_ms, seq, text, deleted, tags FROM memories "
            "WHERE loc=?",
            (loc,),
        ).fetchone()

    def _side(self, pos, forward: bool) -> list[tuple[int, str, str]]:
        """Up to ``SPAN`` live memories of the same session and scope after (before) ``pos``,
        nearest first."""
        session, scope, ts, seq = pos[0], pos[1], pos[2], pos[3]
        sql = _AFTER if forward else _BEFORE
        return self.con.execute(sql, (session, scope, ts, seq, SPAN)).fetchall()

    def _around(self, locs: Iterable[int]) -> set[int]:
        """The memories whose windows can hold any of ``locs``: each one (if live) and up to
        ``SPAN`` live neighbours on either side."""
        out: set[int] = set()
        for loc in locs:
            pos = self._position(loc)
            if pos is None:
                continue
            if not pos[5]:
                out.add(int(loc))
            if pos[0] is None:
                continue
            for forward in (False, True):
                out.update(int(r[0]) for r in self._side(pos, forward))
        return out

    def _positions(self, locs: list[int]) -> list[tuple[int, str | None, str | None, int, int]]:
        return rows_in(
            self.con,
            "SELECT loc, session_id, scope, timestamp_ms, seq FROM memories "
            "WHERE deleted=0 AND loc IN ({marks})",
            locs,
        )

    def _run(self, session: str, scope: str | None, members: list[tuple[int, int, int]]):
        """The session's live memories of this scope in order, (loc, text, tags), from
        ``2 * SPAN`` before the first new one to ``2 * SPAN`` after the last, padded with
        ``(None, None, None)`` where the session begins or ends, so each memory near a new one
        has its whole window in the run. None when the new ones are scattered among many
        older ones."""
        lo, hi = min(members), max(members)
        cap = 4 * len(members) + 64
        between = self.con.execute(
            _BETWEEN, (session, scope, lo[0], lo[1], hi[0], hi[1], cap)
        ).fetchall()
        if len(between) >= cap:
            return None
        before = self.con.execute(_BEFORE, (session, scope, lo[0], lo[1], 2 * SPAN)).fetchall()
        after = self.con.execute(_AFTER, (session, scope, hi[0], hi[1], 2 * SPAN)).fetchall()
        return (
            [_PAD] * (2 * SPAN - len(before))
            + before[::-1]
            + between
            + after
            + [_PAD] * (2 * SPAN - len(after))
        )

    def _put(self, rows: list[tuple[int, str, str, str, str]]) -> None:
        self.con.executemany("DELETE FROM memories_window WHERE rowid=?", [(r[0],) for r in rows])
        self.con.executemany(
            "INSERT INTO memories_window(rowid, text, prev, next, tags) VALUES(?, ?, ?, ?, ?)",
            rows,
        )

    def _write(self, locs: Iterable[int]) -> None:
        """Windows of these memories, one by one (forgets, scattered arrivals)."""
        rows = []
        for loc in locs:
            pos = self._position(loc)
            if pos is None or pos[5]:
                continue
            if pos[0] is None:
                prev = nxt = ""
            else:
                prev = " ".join(r[1] for r in reversed(self._side(pos, False)))
                nxt = " ".join(r[1] for r in self._side(pos, True))
            rows.append((int(loc), pos[4], prev, nxt, _tags(pos[6])))
        self._put(rows)
