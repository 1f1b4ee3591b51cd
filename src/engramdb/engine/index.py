"""The SQLite index: where each memory lives, its text, metadata, and an FTS5 index.

``loc`` packs a record's place into one integer, used as the rowid of both tables::

    loc = tier_index << 48 | segment << 24 | slot

The index is the system of record for texts and metadata; segments hold the vectors and the
cognitive headers. Every change arrives here from a write-ahead-log frame, applied in one SQLite
transaction together with ``applied_lsn``, so replay after a crash knows exactly where to resume.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable, Sequence
from contextlib import contextmanager
from typing import Any

from ..errors import StorageError
from ..store.sqlite import connect, rows_in, transaction, truncate_log
from .control import CONTROL_SCHEMA
from .graph import GRAPH_SCHEMA
from .window import WindowIndex

log = logging.getLogger("engramdb.index")

__all__ = ["MemoryIndex", "pack_loc", "unpack_loc"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS memories (
    loc          INTEGER PRIMARY KEY,
    id           TEXT NOT NULL UNIQUE,
    tier         TEXT NOT NULL,
    text         TEXT NOT NULL,
    source       TEXT,
    tags         TEXT NOT NULL DEFAULT '[]',
    scope        TEXT,
    session_id   TEXT,
    timestamp_ms INTEGER NOT NULL,
    created_ms   INTEGER NOT NULL,
    meta         TEXT NOT NULL DEFAULT '{}',
    keyphrases   TEXT NOT NULL DEFAULT '[]',
    lsn          INTEGER NOT NULL,
    seq          INTEGER NOT NULL,
    deleted      INTEGER NOT NULL DEFAULT 0,
    segment      INTEGER GENERATED ALWAYS AS ((loc >> 24) & 16777215) VIRTUAL,
    slot         INTEGER GENERATED ALWAYS AS (loc & 16777215) VIRTUAL
);
CREATE INDEX IF NOT EXISTS memories_session ON memories(session_id, timestamp_ms, seq);
-- (scope, deleted, loc) covers the look-up of a lens's memories (locs_in_scopes): at 100k
-- memories and 2,000 in scope it reads 0.36 ms of index instead of 2.6 ms of table rows
DROP INDEX IF EXISTS memories_scope;
CREATE INDEX IF NOT EXISTS memories_scope_live ON memories(scope, deleted, loc);
CREATE INDEX IF NOT EXISTS memories_tier ON memories(tier, deleted);
CREATE INDEX IF NOT EXISTS memories_tier_seq ON memories(tier, seq);
CREATE TABLE IF NOT EXISTS ivf (
    tier       INTEGER PRIMARY KEY,
    generation INTEGER NOT NULL,
    nlist      INTEGER NOT NULL,
    dim        INTEGER NOT NULL,
    centroids  BLOB NOT NULL
);
CREATE VIRTUAL TABLE IF NOT EXISTS memories_fts USING fts5(
    text, content='memories', content_rowid='loc', tokenize='porter unicode61'
);
"""

_ROW_COLUMNS = (
    "loc, id, tier, text, source, tags, scope, session_id, timestamp_ms, created_ms, meta, "
    "keyphrases, lsn, seq"
)
#: ``seq`` orders memories by arrival: the frame's LSN, then the position in the frame.
SEQ_PER_FRAME = 8192


def pack_loc(tier: int, segment: int, slot: int) -> int:
    return (int(tier) << 48) | (int(segment) << 24) | int(slot)


def unpack_loc(loc: int) -> tuple[int, int, int]:
    return (loc >> 48) & 0x7FFF, (loc >> 24) & 0xFFFFFF, loc & 0xFFFFFF


class MemoryIndex:
    """Thin typed access to the index tables; the caller serialises access."""

    def __init__(self, path, *, read_only: bool = False):
        self.path = str(path)
        self.con = connect(path)
        self.window = WindowIndex(self.con)
        if read_only:  # a replica: the writer made the tables; this connection never writes
            self.con.execute("PRAGMA query_only=ON")
        else:
            # freed space is overwritten with zeros: a purged text leaves no copy in the file
            self.con.execute("PRAGMA secure_delete=ON")
            self.con.executescript(_SCHEMA + GRAPH_SCHEMA + CONTROL_SCHEMA)
            self.window.ensure()
        #: term_counts' answers until the next write: (window, term, cap) -> count
        self._term_counts: dict[tuple[bool, str, int], int] = {}

    # -- meta ------------------------------------------------------------------------------
    def get_meta(self, key: str, default: str | None = None) -> str | None:
        row = self.con.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else default

    def set_meta(self, items: dict[str, str]) -> None:
        self.con.executemany(
            "INSERT INTO meta(key, value) VALUES(?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value=excluded.value",
            list(items.items()),
        )

    # -- applying log frames -----------------------------------------------------------------
    def _written(self) -> None:
        """Every change of the index's rows: what was read about them is read again."""
        self._term_counts.clear()

    def apply_remember(
        self,
        lsn: int,
        locs: Sequence[int],
        rows: Sequence[dict[str, Any]],
        *,
        replay: bool = False,
        steps: Sequence[tuple[str, Callable[[], None]]] = (),
    ) -> None:
        """Insert a batch, then run the graph ``steps`` in the same transaction. On replay, rows
        a crash left behind are replaced, so applying a frame twice gives the same result.

        Each step runs in a savepoint: if it fails, its partial writes are rolled back, the
        failure is logged, and the memories are stored all the same (graceful degradation)."""
        self._written()
        params = [
            (
                loc,
                r["id"],
                r["tier"],
                r["text"],
                r.get("source"),
                _json(r.get("tags"), "[]"),
                r.get("scope"),
                r.get("session_id"),
                r["timestamp_ms"],
                r["created_ms"],
                _json(r.get("meta"), "{}"),
                _json(r.get("keyphrases"), "[]"),
                lsn,
                lsn * SEQ_PER_FRAME + i,
            )
            for i, (loc, r) in enumerate(zip(locs, rows, strict=True))
        ]
        con = self.con
        with self._applying(lsn, steps):
            if replay:
                stale = [p[0] for p in params]
                self._fts_delete(stale)
                con.executemany(
                    "DELETE FROM memories_window WHERE rowid IN "
                    "(SELECT loc FROM memories WHERE id=? OR loc=?)",
                    [(p[1], p[0]) for p in params],
                )
                con.executemany("DELETE FROM memories WHERE loc=?", [(x,) for x in stale])
                con.executemany("DELETE FROM memories WHERE id=?", [(p[1],) for p in params])
            con.executemany(
                f"INSERT INTO memories({_ROW_COLUMNS}) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?)", params
            )
            con.executemany(
                "INSERT INTO memories_fts(rowid, text) VALUES(?, ?)", [(p[0], p[3]) for p in params]
            )
            self.window.added(p[0] for p in params)
            if any("speaker" in (r.get("meta") or {}) for r in rows):
                self.set_meta({"has_speakers": "1"})

    def apply_ivf(self, lsn: int, tier: int, generation: int, centroids) -> None:
        """Keep a tier's IVF centroids (float32, nlist x dim)."""
        with self._applying(lsn, ()):
            self.con.execute(
                "INSERT OR REPLACE INTO ivf(tier, generation, nlist, dim, centroids) "
                "VALUES(?,?,?,?,?)",
                (tier, generation, centroids.shape[0], centroids.shape[1], centroids.tobytes()),
            )

    def ivf_rows(self) -> list[tuple[int, int, int, int, bytes]]:
        sql = "SELECT tier, generation, nlist, dim, centroids FROM ivf"
        return self.con.execute(sql).fetchall()

    def apply_deleted(
        self,
        lsn: int,
        locs: Iterable[int],
        *,
        steps: Sequence[tuple[str, Callable[[], None]]] = (),
        then: Callable[[], None] | None = None,
    ) -> None:
        """Mark memories deleted (and drop them from full-text search), apply ``then`` (a
        change that must not fail quietly), run ``steps``."""
        self._written()
        locs = [int(x) for x in locs]
        con = self.con
        with self._applying(lsn, steps):
            if then is not None:
                then()
            live = (
                [
                    r[0]
                    for r in con.execute(
                        f"SELECT loc FROM memories WHERE deleted=0 AND loc IN ({_marks(locs)})",
                        locs,
                    )
                ]
                if locs
                else []
            )
            self._fts_delete(live)
            con.executemany(
                "UPDATE memories SET deleted=1, lsn=? WHERE loc=?", [(lsn, x) for x in live]
            )
            self.window.removed(live)

    @contextmanager
    def _applying(self, lsn: int, steps: Sequence[tuple[str, Callable[[], None]]]):
        """One transaction per log frame: the change, then the steps, then ``applied_lsn``."""
        with transaction(self.con, self.path):
            yield
            self.run_steps(steps)
            self.set_meta({"applied_lsn": str(lsn)})

    def run_steps(self, steps: Sequence[tuple[str, Callable[[], None]]]) -> list[str]:
        """Run steps inside the open transaction, each in its own savepoint; returns the names
        of the steps that failed (they are logged, never raised)."""
        failed = []
        for name, step in steps:
            self.con.execute("SAVEPOINT step")
            try:
                step()
            except StorageError:
                raise  # a full or failing disk is the write's failure, not one step's
            except Exception:
                self.con.execute("ROLLBACK TO step")
                log.warning(
                    "ingestion step %r failed; the write goes on without it", name, exc_info=True
                )
                failed.append(name)
            self.con.execute("RELEASE step")
        return failed

    def _fts_delete(self, locs: list[int]) -> None:
        if not locs:
            return
        rows = self.con.execute(
            f"SELECT loc, text FROM memories WHERE deleted=0 AND loc IN ({_marks(locs)})", locs
        ).fetchall()
        self.con.executemany(
            "INSERT INTO memories_fts(memories_fts, rowid, text) VALUES('delete', ?, ?)", rows
        )

    # -- reads -----------------------------------------------------------------------------
    def loc_of(self, id: str, *, include_deleted: bool = False) -> tuple[int, bool] | None:
        row = self.con.execute("SELECT loc, deleted FROM memories WHERE id=?", (id,)).fetchone()
        if row is None or (row[1] and not include_deleted):
            return None
        return int(row[0]), bool(row[1])

    def existing_ids(self, ids: Sequence[str]) -> set[str]:
        found: set[str] = set()
        for i in range(0, len(ids), 500):
            chunk = list(ids[i : i + 500])
            found.update(
                r[0]
                for r in self.con.execute(
                    f"SELECT id FROM memories WHERE id IN ({_marks(chunk)})", chunk
                )
            )
        return found

    def rows_by_loc(self, locs: Sequence[int]) -> dict[int, dict[str, Any]]:
        if not locs:
            return {}
        locs = [int(x) for x in locs]
        cur = self.con.execute(
            f"SELECT {_ROW_COLUMNS}, deleted FROM memories WHERE loc IN ({_marks(locs)})", locs
        )
        out = {}
        for row in cur:
            out[row[0]] = {
                "loc": row[0],
                "id": row[1],
                "tier": row[2],
                "text": row[3],
                "source": row[4],
                "tags": json.loads(row[5]),
                "scope": row[6],
                "session_id": row[7],
                "timestamp_ms": row[8],
                "created_ms": row[9],
                "meta": json.loads(row[10]),
                "keyphrases": json.loads(row[11]),
                "lsn": row[12],
                "seq": row[13],
                "deleted": bool(row[14]),
            }
        return out

    def count_after(self, tier: str, seq: int) -> int:
        return int(
            self.con.execute(
                "SELECT COUNT(*) FROM memories WHERE tier=? AND deleted=0 AND seq > ?", (tier, seq)
            ).fetchone()[0]
        )

    def written_after(self, tier: str, seq: int, limit: int) -> list[tuple[int, str, int, int]]:
        """(loc, id, timestamp_ms, seq) of the tier's live memories written after ``seq``, in
        arrival order, at most ``limit``."""
        rows = self.con.execute(
            "SELECT loc, id, timestamp_ms, seq FROM memories WHERE tier=? AND deleted=0 "
            "AND seq > ? ORDER BY seq LIMIT ?",
            (tier, seq, limit),
        ).fetchall()
        return [(int(r[0]), r[1], int(r[2]), int(r[3])) for r in rows]

    def seqs(self, locs: Sequence[int]) -> dict[int, int]:
        locs = [int(x) for x in locs]
        if not locs:
            return {}
        return {
            int(r[0]): int(r[1])
            for r in self.con.execute(
                f"SELECT loc, seq FROM memories WHERE loc IN ({_marks(locs)})", locs
            )
        }

    def recent_locs(self, n: int) -> list[int]:
        """The ``n`` most recently written live memories, oldest first."""
        rows = self.con.execute(
            "SELECT loc FROM memories WHERE deleted=0 ORDER BY seq DESC LIMIT ?", (n,)
        ).fetchall()
        return [int(r[0]) for r in reversed(rows)]

    def count(self, tier: str | None = None, *, deleted: bool = False) -> int:
        if tier is None:
            q, p = "SELECT COUNT(*) FROM memories WHERE deleted=?", (int(deleted),)
        else:
            q, p = "SELECT COUNT(*) FROM memories WHERE deleted=? AND tier=?", (int(deleted), tier)
        return int(self.con.execute(q, p).fetchone()[0])

    def tier_counts(self, scopes: Sequence[str] | None = None) -> dict[str, dict[str, int]]:
        """Live and forgotten memories per tier, of these scopes only (None: every one)."""
        out: dict[str, dict[str, int]] = {}
        parts = (
            [None]
            if scopes is None
            else [list(scopes)[i : i + 500] for i in range(0, len(scopes), 500)]
        )
        for part in parts:
            where, params = "", []
            if part is not None:
                where, params = f"WHERE scope IN ({','.join('?' * len(part))})", part
            for tier, deleted, n in self.con.execute(
                f"SELECT tier, deleted, COUNT(*) FROM memories {where} GROUP BY tier, deleted",
                params,
            ):
                slot = out.setdefault(tier, {"live": 0, "forgotten": 0})
                slot["forgotten" if deleted else "live"] += int(n)
        return out

    def locs_in_scopes(self, scopes: Sequence[str]) -> set[int]:
        """Locations of the live memories stored under any of these scope keys."""
        scopes = list(scopes)
        return {
            int(r[0])
            for r in self.con.execute(
                f"SELECT loc FROM memories WHERE deleted=0 AND scope IN ({_marks(scopes)})", scopes
            )
        }

    def live_locs(self, tier: str) -> list[int]:
        return [
            r[0]
            for r in self.con.execute(
                "SELECT loc FROM memories WHERE tier=? AND deleted=0", (tier,)
            )
        ]

    def has_speakers(self) -> bool:
        """Whether any memory names its speaker: kept in ``meta`` by the write that brought the
        first one (a store written before the key is looked over once)."""
        flag = self.get_meta("has_speakers")
        if flag is None:
            row = self.con.execute(
                "SELECT 1 FROM memories WHERE meta LIKE '%\"speaker\"%' "
                "AND json_extract(meta, '$.speaker') IS NOT NULL LIMIT 1"
            ).fetchone()
            flag = "1" if row else "0"
            self.set_meta({"has_speakers": flag})
        return flag == "1"

    def sources_of(self, locs: Sequence[int]) -> dict[int, tuple[str | None, str | None]]:
        """(scope, ``meta["speaker"]``) of each memory: who a memory is from."""
        rows = rows_in(
            self.con,
            "SELECT loc, scope, json_extract(meta, '$.speaker') FROM memories "
            "WHERE loc IN ({marks})",
            [int(x) for x in locs],
        )
        return {
            int(loc): (scope, who if isinstance(who, str) and who else None)
            for loc, scope, who in rows
        }

    def data_version(self) -> int:
        """Changes whenever another connection commits to the file (SQLite's own counter):
        how a replica knows the writer has moved on, without reading a table."""
        return int(self.con.execute("PRAGMA data_version").fetchone()[0])

    def segment_counts(self, tier: int, segments: Sequence[int]) -> dict[int, int]:
        """Rows in use of each of a tier's ``segments``: one past the highest slot the index
        holds (a range of its primary key, not a scan)."""
        out = {}
        for seg in segments:
            lo = pack_loc(tier, seg, 0)
            row = self.con.execute(
                "SELECT MAX(loc) FROM memories WHERE loc >= ? AND loc < ?",
                (lo, lo + (1 << 24)),
            ).fetchone()
            if row[0] is not None:
                out[seg] = (int(row[0]) & 0xFFFFFF) + 1
        return out

    def texts_of(self, locs: Sequence[int]) -> dict[int, str]:
        rows = rows_in(
            self.con,
            "SELECT loc, text FROM memories WHERE loc IN ({marks})",
            [int(x) for x in locs],
        )
        return {int(loc): text for loc, text in rows}

    def term_counts(self, terms: list[str], cap: int, *, window: bool = False) -> dict[str, int]:
        """How many memories (or windows) hold each term, counted no further than ``cap + 1``,
        so the count costs at most that many index entries a term."""
        # kept until the next write (a common word's count reads up to ``cap`` index entries:
        # at 100k memories 1.4 ms of every query went here)
        table = "memories_window" if window else "memories_fts"
        sql = f"SELECT COUNT(*) FROM (SELECT 1 FROM {table} WHERE {table} MATCH ? LIMIT ?)"
        cache = self._term_counts
        if len(cache) > 50_000:
            cache.clear()
        out = {}
        for t in terms:
            key = (window, t, cap)
            if key not in cache:
                cache[key] = self.con.execute(sql, (f'"{t}"', cap + 1)).fetchone()[0]
            out[t] = cache[key]
        return out

    def fts_search(
        self,
        match: str,
        limit: int,
        *,
        tier_ids: set[int] | None = None,
        window: bool = False,
    ) -> list[tuple[int, float]]:
        """(loc, bm25) best first; ``match`` is an FTS5 query expression. ``window`` ranks each
        memory's neighbour-turn window (``window.py``) instead of its own text.

        FTS5 ranks on its own (``ORDER BY rank LIMIT`` is its fast path; joining every match
        to the memories table cost 50 ms a query at 100k memories). Forgotten memories have
        left the full-text index, and the tier is in the location's top bits, so no join is
        needed; with a tier filter it over-fetches until enough matches are found."""
        table = "memories_window" if window else "memories_fts"
        want = limit
        while True:
            rows = self.con.execute(
                f"SELECT rowid, rank FROM {table} WHERE {table} MATCH ? ORDER BY rank LIMIT ?",
                (match, want),
            ).fetchall()
            out = [
                (int(r[0]), float(r[1]))
                for r in rows
                if tier_ids is None or (int(r[0]) >> 48) in tier_ids
            ]
            if len(out) >= limit or len(rows) < want:
                return out[:limit]
            want *= 4

    def checkpoint(self, *, truncate: bool = False) -> None:
        """Make every committed transaction durable (SQLite syncs its log and the database);
        ``truncate`` also empties SQLite's log file (old page images, after a purge)."""
        if truncate:
            truncate_log(self.con)
        else:
            self.con.execute("PRAGMA wal_checkpoint(FULL)")

    def purge(self, locs: Sequence[int]) -> None:
        """Remove what the index keeps of deleted (tombstoned) memories: their text, tags,
        keyphrases and metadata are blanked (the row stays: its id remains taken), their
        mentions are deleted with the entities no other memory mentions, and the full-text
        index is merged into one segment, which drops the entries of deleted rows."""
        self._written()
        locs = [int(x) for x in locs]
        con = self.con
        with transaction(con, self.path):
            eids: set[int] = set()
            for i in range(0, len(locs), 500):
                part = locs[i : i + 500]
                m = _marks(part)
                con.execute(
                    f"UPDATE memories SET text='', tags='[]', meta='{{}}', keyphrases='[]', "
                    f"source=NULL WHERE deleted=1 AND loc IN ({m})",
                    part,
                )
                eids.update(
                    r[0] for r in con.execute(f"SELECT eid FROM mentions WHERE loc IN ({m})", part)
                )
                con.execute(f"DELETE FROM mentions WHERE loc IN ({m})", part)
            gone = [
                e
                for e in sorted(eids)
                if con.execute("SELECT 1 FROM mentions WHERE eid=? LIMIT 1", (e,)).fetchone()
                is None
            ]
            for i in range(0, len(gone), 500):
                part = gone[i : i + 500]
                m = _marks(part)
                con.execute(f"DELETE FROM entity_links WHERE a IN ({m}) OR b IN ({m})", part * 2)
                con.execute(f"DELETE FROM entities WHERE eid IN ({m})", part)
            con.execute("INSERT INTO memories_fts(memories_fts) VALUES('optimize')")
            self.window.optimize()

    def close(self) -> None:
        self.con.close()


def _json(value: Any, empty: str) -> str:
    return json.dumps(value, ensure_ascii=False) if value else empty


def _marks(items: Sequence[Any]) -> str:
    return ",".join("?" * len(items))
