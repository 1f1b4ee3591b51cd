"""The association graphs, kept in the SQLite index next to the memories they link.

- :class:`HebbianGraph`: weighted, undirected memory-to-memory edges. Co-occurrence in a session
  (at ingestion) and co-recall strengthen an edge with a saturating update; weights decay
  exponentially with the time since the edge was last strengthened, and every weight is clamped to
  ``[0, max_weight]``.
- :class:`TemporalChain`: each session's memories in order (timestamp, then arrival), so a memory's
  previous and next memories can be followed either way. The chain is the ordered index
  ``memories(session_id, timestamp_ms, seq)``: no pointers to keep in step.
- :class:`EntityGraph`: entities (names, dates, known names), which memories mention them, and
  co-occurrence relations between entities mentioned together.

Every write to these tables happens inside the transaction that applies a log frame, so the graphs
are exactly as durable as the memories and are rebuilt by log replay after a crash.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..store.sqlite import rows_in

__all__ = ["GRAPH_SCHEMA", "EntityGraph", "HebbianConfig", "HebbianGraph", "TemporalChain"]

GRAPH_SCHEMA = """
CREATE TABLE IF NOT EXISTS hebbian (
    a          INTEGER NOT NULL,
    b          INTEGER NOT NULL,
    weight     REAL NOT NULL,
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (a, b)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS hebbian_b ON hebbian(b);
CREATE TABLE IF NOT EXISTS entities (
    eid       INTEGER PRIMARY KEY,
    key       TEXT NOT NULL,
    kind      TEXT NOT NULL,
    name      TEXT NOT NULL,
    first_ms  INTEGER NOT NULL,
    last_ms   INTEGER NOT NULL,
    UNIQUE (key, kind)
);
CREATE TABLE IF NOT EXISTS mentions (
    eid INTEGER NOT NULL,
    loc INTEGER NOT NULL,
    PRIMARY KEY (eid, loc)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS mentions_loc ON mentions(loc);
CREATE TABLE IF NOT EXISTS entity_links (
    a      INTEGER NOT NULL,
    b      INTEGER NOT NULL,
    weight REAL NOT NULL,
    PRIMARY KEY (a, b)
) WITHOUT ROWID;
-- links are walked both ways (``related``, ``strongest_related``)
CREATE INDEX IF NOT EXISTS entity_links_b ON entity_links(b);
"""

_DAY_MS = 86_400_000


@dataclass(frozen=True)
class HebbianConfig:
    """Learning rate, ceiling and half-life of the Hebbian edges."""

    rate: float = 1.0
    max_weight: float = 10.0
    half_life_days: float = 30.0
    min_weight: float = 0.01


class HebbianGraph:
    def __init__(self, con: sqlite3.Connection, config: HebbianConfig | None = None):
        self.con = con
        self.config = config or HebbianConfig()

    def decayed(self, weight: float, updated_ms: int, now_ms: int) -> float:
        cfg = self.config
        days = max(0, now_ms - updated_ms) / _DAY_MS
        w = weight * math.exp(-math.log(2) * days / cfg.half_life_days)
        return min(max(w, 0.0), cfg.max_weight)

    def strengthen(self, pairs: Iterable[tuple[int, int]], now_ms: int, amount: float = 1.0):
        """Hebb's rule with saturation: ``w += rate * amount * (1 - w / max)`` after decaying
        the old weight to ``now_ms``."""
        self.strengthen_many([(x, y, now_ms) for x, y in pairs], amount)

    def strengthen_many(
        self, pairs: Sequence[tuple[int, int, int]], amount: float = 1.0, *, fresh: bool = False
    ) -> None:
        """``strengthen`` for many (x, y, time_ms) at once: one read and one write statement
        for the whole batch; a pair listed twice is strengthened twice. ``fresh``: every pair
        involves a memory written just now, so no edge can exist yet and nothing is read."""
        cfg = self.config
        edges: dict[tuple[int, int], tuple[float, int] | None] = {}
        todo = []
        for x, y, ts in pairs:
            if x != y:
                key = (x, y) if x < y else (y, x)
                edges[key] = None
                todo.append((key, ts))
        if not todo:
            return
        keys = list(edges)
        for i in range(0, 0 if fresh else len(keys), 400):
            chunk = keys[i : i + 400]
            cond = " OR ".join("(a=? AND b=?)" for _ in chunk)
            flat = [v for k in chunk for v in k]
            for a, b, w, ts in self.con.execute(
                f"SELECT a, b, weight, updated_ms FROM hebbian WHERE {cond}", flat
            ):
                edges[(a, b)] = (w, ts)
        for key, ts in todo:
            old = edges[key]
            w = self.decayed(old[0], old[1], ts) if old else 0.0
            w = min(cfg.max_weight, w + cfg.rate * amount * (1.0 - w / cfg.max_weight))
            edges[key] = (w, max(ts, old[1]) if old else ts)
        self.con.executemany(
            "INSERT INTO hebbian(a, b, weight, updated_ms) VALUES(?,?,?,?) "
            "ON CONFLICT(a, b) DO UPDATE SET weight=excluded.weight, "
            "updated_ms=excluded.updated_ms",
            [(a, b, w, ts) for (a, b), (w, ts) in ((k, edges[k]) for k in keys)],
        )

    def neighbors(self, locs: Sequence[int], now_ms: int) -> dict[int, list[tuple[int, float]]]:
        """Each loc's neighbours with their decayed weights (above ``min_weight``)."""
        out: dict[int, list[tuple[int, float]]] = {int(x): [] for x in locs}
        if not out:
            return out
        marks = ",".join("?" * len(out))
        keys = list(out)
        rows = self.con.execute(
            f"SELECT a, b, weight, updated_ms FROM hebbian WHERE a IN ({marks}) "
            f"UNION ALL SELECT a, b, weight, updated_ms FROM hebbian WHERE b IN ({marks})",
            keys + keys,
        )
        for a, b, w, ts in rows:
            weight = self.decayed(w, ts, now_ms)
            if weight < self.config.min_weight:
                continue
            if a in out:
                out[a].append((b, weight))
            if b in out:
                out[b].append((a, weight))
        return out

    def weight(self, x: int, y: int, now_ms: int) -> float:
        a, b = (x, y) if x < y else (y, x)
        row = self.con.execute(
            "SELECT weight, updated_ms FROM hebbian WHERE a=? AND b=?", (a, b)
        ).fetchone()
        return self.decayed(row[0], row[1], now_ms) if row else 0.0

    def count(self) -> int:
        return int(self.con.execute("SELECT COUNT(*) FROM hebbian").fetchone()[0])


class TemporalChain:
    """Follow a session's memories in order from any one of them."""

    def __init__(self, con: sqlite3.Connection):
        self.con = con

    def _position(self, loc: int) -> tuple[str, int, int] | None:
        row = self.con.execute(
            "SELECT session_id, timestamp_ms, seq FROM memories WHERE loc=?", (loc,)
        ).fetchone()
        return None if row is None or row[0] is None else (row[0], row[1], row[2])

    def predecessors(self, members: Sequence[tuple[int, str, int, int]]) -> dict[int, int]:
        """Each new memory's predecessor in its session, for a batch of (loc, session, ts, seq)
        that is already inserted: two queries per session, not one per memory."""
        by_session: dict[str, list[tuple[int, int, int]]] = {}
        for loc, session, ts, seq in members:
            by_session.setdefault(session, []).append((ts, seq, loc))
        out: dict[int, int] = {}
        for session, rows in by_session.items():
            lo = min(r[0] for r in rows)
            hi = max(r[0] for r in rows)
            first_seq = min(r[1] for r in rows)
            chain = [
                (r[1], r[2], r[0])
                for r in self.con.execute(
                    "SELECT loc, timestamp_ms, seq FROM memories WHERE session_id=? AND deleted=0 "
                    "AND seq < ? AND timestamp_ms BETWEEN ? AND ?",
                    (session, first_seq, lo, hi),
                )
            ]
            before = self.previous_of(session, lo, -1)
            if before is not None:
                chain.append((-1, -1, before))  # sorts first: it precedes everything here
            chain += rows
            chain.sort()
            new = {r[2] for r in rows}
            for (_, _, prev), (_, _, cur) in zip(chain, chain[1:], strict=False):
                if cur in new:
                    out[cur] = prev
        return out

    def previous_of(self, session_id: str, timestamp_ms: int, seq: int) -> int | None:
        """The last live memory of the session that comes before this position."""
        row = self.con.execute(
            "SELECT loc FROM memories WHERE session_id=? AND deleted=0 AND "
            "(timestamp_ms, seq) < (?, ?) ORDER BY timestamp_ms DESC, seq DESC LIMIT 1",
            (session_id, timestamp_ms, seq),
        ).fetchone()
        return None if row is None else int(row[0])

    def positions(self, locs: Sequence[int]) -> dict[int, tuple[str, int, int]]:
        """(session, timestamp, seq) of each of ``locs`` that has a session, in one query."""
        rows = rows_in(
            self.con,
            "SELECT loc, session_id, timestamp_ms, seq FROM memories WHERE loc IN ({marks})",
            [int(x) for x in locs],
        )
        return {int(r[0]): (r[1], r[2], r[3]) for r in rows if r[1] is not None}

    def follow(
        self,
        loc: int,
        hops: int,
        *,
        forward: bool = True,
        position: tuple[str, int, int] | None | bool = False,
    ) -> list[int]:
        """Up to ``hops`` live memories after (or before) ``loc`` in its session, nearest
        first. ``position``: the memory's (session, timestamp, seq) when the caller read it
        already (``positions``; None for a memory without a session)."""
        pos = self._position(loc) if position is False else position
        if pos is None or hops <= 0:
            return []
        session, ts, seq = pos
        # row values: a range of the (session_id, timestamp_ms, seq) index, not a walk of the
        # whole session
        if forward:
            sql = (
                "SELECT loc FROM memories WHERE session_id=? AND deleted=0 AND "
                "(timestamp_ms, seq) > (?, ?) ORDER BY timestamp_ms, seq LIMIT ?"
            )
        else:
            sql = (
                "SELECT loc FROM memories WHERE session_id=? AND deleted=0 AND "
                "(timestamp_ms, seq) < (?, ?) ORDER BY timestamp_ms DESC, seq DESC LIMIT ?"
            )
        return [int(r[0]) for r in self.con.execute(sql, (session, ts, seq, hops))]


#: An entity is linked with the next this many entities its memory names: every pair of a turn
#: or a passage naming up to 13, and a bounded number for a text naming dozens (64 distinct
#: entities gave 2,016 links a memory, written under the write lock; 690 with the window).
LINK_WINDOW = 12


class EntityGraph:
    """Entities, their mentions in memories, and co-occurrence between entities."""

    def __init__(self, con: sqlite3.Connection):
        self.con = con

    def add_mentions(self, loc: int, mentions: Sequence[tuple[str, str, str]], ts: int) -> None:
        """Record (key, kind, name) mentions of one memory and link the entities it names
        together."""
        self.add_mentions_many([(loc, ts, mentions)])

    def add_mentions_many(
        self, batch: Sequence[tuple[int, int, Sequence[tuple[str, str, str]]]]
    ) -> None:
        """``add_mentions`` for many memories, (loc, ts, mentions) each, in a few statements."""
        span: dict[tuple[str, str], list] = {}
        for _, ts, mentions in batch:
            for key, kind, name in mentions:
                cur = span.get((key, kind))
                span[(key, kind)] = (
                    [name, ts, ts] if cur is None else [cur[0], min(cur[1], ts), max(cur[2], ts)]
                )
        if not span:
            return
        self.con.executemany(
            "INSERT INTO entities(key, kind, name, first_ms, last_ms) "
            "VALUES(?,?,?,?,?) ON CONFLICT(key, kind) DO UPDATE SET "
            "first_ms=min(first_ms, excluded.first_ms), last_ms=max(last_ms, excluded.last_ms)",
            [(k, kind, v[0], v[1], v[2]) for (k, kind), v in span.items()],
        )
        eid_of = self._eids(list(span))
        pairs = []
        links: dict[tuple[int, int], int] = {}
        for loc, _, mentions in batch:
            eids = list(dict.fromkeys(eid_of[(k, kind)] for k, kind, _ in mentions))
            pairs += [(e, loc) for e in eids]
            for i, a in enumerate(eids):  # (mentions come in the order the text names them)
                for b in eids[i + 1 : i + 1 + LINK_WINDOW]:
                    link = (a, b) if a < b else (b, a)
                    links[link] = links.get(link, 0) + 1
        self.con.executemany("INSERT OR IGNORE INTO mentions(eid, loc) VALUES(?, ?)", pairs)
        self.con.executemany(
            "INSERT INTO entity_links(a, b, weight) VALUES(?,?,?) "
            "ON CONFLICT(a, b) DO UPDATE SET weight=weight+excluded.weight",
            [(a, b, w) for (a, b), w in links.items()],
        )

    def _eids(self, keys: list[tuple[str, str]]) -> dict[tuple[str, str], int]:
        out: dict[tuple[str, str], int] = {}
        for i in range(0, len(keys), 400):
            chunk = keys[i : i + 400]
            cond = " OR ".join("(key=? AND kind=?)" for _ in chunk)
            flat = [v for k in chunk for v in k]
            for eid, key, kind in self.con.execute(
                f"SELECT eid, key, kind FROM entities WHERE {cond}", flat
            ):
                out[(key, kind)] = int(eid)
        return out

    def known_names(self) -> list[tuple[str, str]]:
        """(name, kind) of every named entity, for the extractor's gazetteer."""
        return [
            (r[0], r[1])
            for r in self.con.execute("SELECT name, kind FROM entities WHERE kind != 'date'")
        ]

    def find(self, key: str) -> list[int]:
        return [int(r[0]) for r in self.con.execute("SELECT eid FROM entities WHERE key=?", (key,))]

    def mention_count(self, eid: int) -> int:
        return int(
            self.con.execute("SELECT COUNT(*) FROM mentions WHERE eid=?", (eid,)).fetchone()[0]
        )

    def mention_counts(self, eids: Iterable[int]) -> dict[int, int]:
        """``mention_count`` of each entity, in one statement per 500."""
        out: dict[int, int] = {}
        f = sorted(set(eids))
        for i in range(0, len(f), 500):
            part = f[i : i + 500]
            marks = ",".join("?" * len(part))
            out.update(
                (int(e), int(c))
                for e, c in self.con.execute(
                    f"SELECT eid, COUNT(*) FROM mentions WHERE eid IN ({marks}) GROUP BY eid",
                    part,
                )
            )
        return out

    def live_memories_each(self, eids: Iterable[int]) -> dict[int, list[int]]:
        """``memories_of([eid])`` of each entity, in one statement per 500."""
        out: dict[int, list[int]] = {}
        f = sorted(set(eids))
        for i in range(0, len(f), 500):
            part = f[i : i + 500]
            for e, loc in self.con.execute(
                f"SELECT m.eid, m.loc FROM mentions m JOIN memories x ON x.loc = m.loc "
                f"WHERE m.eid IN ({','.join('?' * len(part))}) AND x.deleted = 0",
                part,
            ):
                out.setdefault(int(e), []).append(int(loc))
        return out

    def memories_of(self, eids: Iterable[int], *, live_only: bool = True) -> list[int]:
        eids = list(eids)
        if not eids:
            return []
        marks = ",".join("?" * len(eids))
        sql = f"SELECT DISTINCT m.loc FROM mentions m WHERE m.eid IN ({marks})"
        if live_only:
            sql = (
                f"SELECT DISTINCT m.loc FROM mentions m JOIN memories x ON x.loc = m.loc "
                f"WHERE m.eid IN ({marks}) AND x.deleted = 0"
            )
        return [int(r[0]) for r in self.con.execute(sql, eids)]

    def mentions_of(self, locs: Sequence[int]) -> dict[int, list[tuple[str, str, str]]]:
        """(key, kind, name) of the entities each memory mentions."""
        out: dict[int, list[tuple[str, str, str]]] = {}
        for i in range(0, len(locs), 500):
            chunk = [int(x) for x in locs[i : i + 500]]
            marks = ",".join("?" * len(chunk))
            for loc, key, kind, name in self.con.execute(
                f"SELECT m.loc, e.key, e.kind, e.name FROM mentions m JOIN entities e "
                f"ON e.eid = m.eid WHERE m.loc IN ({marks})",
                chunk,
            ):
                out.setdefault(int(loc), []).append((key, kind, name))
        return out

    def entities_of(self, loc: int) -> list[tuple[int, str, str, str]]:
        return [
            (int(r[0]), r[1], r[2], r[3])
            for r in self.con.execute(
                "SELECT e.eid, e.key, e.kind, e.name FROM mentions m JOIN entities e "
                "ON e.eid = m.eid WHERE m.loc=? ORDER BY e.eid",
                (loc,),
            )
        ]

    def strongest_related(self, eids: Iterable[int], limit: int) -> list[int]:
        """The ``limit`` entities most linked (by summed co-occurrence weight) to ``eids``,
        outside them, strongest first."""
        f = sorted(set(eids))
        if not f:
            return []
        marks = ",".join("?" * len(f))
        return [
            int(r[0])
            for r in self.con.execute(
                f"SELECT other, SUM(w) AS s FROM ("
                f"SELECT b AS other, weight AS w FROM entity_links WHERE a IN ({marks}) "
                f"UNION ALL SELECT a, weight FROM entity_links WHERE b IN ({marks})) "
                f"WHERE other NOT IN ({marks}) GROUP BY other ORDER BY s DESC, other LIMIT ?",
                [*f, *f, *f, int(limit)],
            )
        ]

    def related(self, eids: Iterable[int], hops: int = 1) -> set[int]:
        """Entities reachable through co-occurrence links within ``hops`` steps."""
        frontier = set(eids)
        seen = set(frontier)
        for _ in range(hops):
            if not frontier:
                break
            marks = ",".join("?" * len(frontier))
            f = list(frontier)
            nxt = {
                int(r[0])
                for r in self.con.execute(
                    f"SELECT b FROM entity_links WHERE a IN ({marks}) "
                    f"UNION SELECT a FROM entity_links WHERE b IN ({marks})",
                    f + f,
                )
            }
            frontier = nxt - seen
            seen |= frontier
        return seen

    def count(self) -> tuple[int, int]:
        e = self.con.execute("SELECT COUNT(*) FROM entities").fetchone()[0]
        m = self.con.execute("SELECT COUNT(*) FROM mentions").fetchone()[0]
        return int(e), int(m)
