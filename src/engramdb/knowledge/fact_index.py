"""The fact index: every fact not forgotten, held in memory by each process as columns (scope,
the three clocks, authority, importance), two unit embeddings (the statement, and "entity key
value") and the postings of its words, so that a query, a context block and a turn's catalogue
reading take the top of a ranking instead of reading every fact the lens can see.

It follows the writer through the ``changes`` log (``schema.CHANGE_LOG``, filled by triggers in
the writer's transaction): a reader applies only the rows logged since the last it read, so a
commit of a thousand new facts costs every process those thousand, not a rebuild. It reads
committed rows only (a write's own uncommitted rows, or a rolled-back write's, never enter it).

What it returns are candidates: positions whose rows the caller reads again through its own
snapshot (so a read never sees a fact its snapshot does not hold) and scores with the one
formula (``reads._scores``). Up to ``limit`` visible facts every one is a candidate; beyond, the
best ``limit`` by that formula computed over the index's columns (it holds the same vectors,
words and importance), over every visible fact up to ``IVF_MIN`` and beyond over the facts sharing
the query's words and those an IVF probe of the statements' vectors reaches
(``engine.ivf.spherical_kmeans``).
"""

from __future__ import annotations

import itertools
import logging
import re
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine._blas import single_threaded_blas
from ..engine.ivf import spherical_kmeans
from ..store.sqlite import rows_in
from .documents.budget import at_lower_priority
from .schema import CHANGE_ENTITY
from .vocab import CATEGORIES

__all__ = ["IVF_MIN", "NAME_TOKEN", "FactIndex", "IndexedRow", "Search"]

#: A word of a name as the gazetteer files it ("SK-031337" is "sk" and "031337").
NAME_TOKEN = re.compile(r"[^\W_]+")

#: Candidates a search returns at least while some facts wait for their vectors (their
#: estimate lacks meaning: more of them are read and scored exactly).
WIDE_SEARCH = 128

#: Common name words a text may say for ``names_for`` to look its names up by word set (2**n
#: sets); past it, each name holding one of them is checked.
_MAX_COMMON_SAID = 10

#: Visible facts above this many are searched by meaning through partitions of the statements'
#: vectors (below it a flat product is cheaper than its upkeep).
IVF_MIN = 12_000
#: Partitions probed per query, as a share of the partitions (at least ``_MIN_PROBE``).
PROBE_SHARE = 0.04
_MIN_PROBE = 8

_NEVER = np.iinfo(np.int64).max

log = logging.getLogger("engramdb.knowledge")

#: The columns ``sync`` reads of a fact (``IndexedRow``'s order).
ROW_COLUMNS = """f.id, f.scope, f.known_ms, f.closed_ms, f.category, f.authoritative,
    f.importance, f.statement, e.name, e.type, e.key, f.key, f.key_phrase, f.value,
    f.value_kind, f.entity_id, f.forgotten"""


@dataclass(frozen=True)
class IndexedRow:
    """A fact as the index reads it (``ROW_COLUMNS``)."""

    id: int
    scope: str
    known_ms: int
    closed_ms: int | None
    category: str
    authoritative: bool
    importance: float
    statement: str
    entity: str
    entity_type: str
    entity_key: str
    key: str
    key_phrase: str
    value: str
    value_kind: str
    entity_id: int
    forgotten: int


@dataclass(frozen=True)
class Search:
    """Candidates of one search: fact ids, and how many facts were visible in all."""

    ids: list[int]
    visible: int


#: (rows) -> the unit embeddings of their statements and of their "entity key value" bodies.
Embedder = Callable[[list[IndexedRow]], tuple[np.ndarray, np.ndarray]]

#: New facts of one sync at most this many are embedded before it returns; more (an upload of
#: thousands, the first sync of a process) are embedded by a thread of the index's own, and until
#: then are found by their words only.
INLINE_EMBED = 512
#: Facts the filling thread embeds at a time (it holds the lock only to store them, and pauses
#: between two: the process's reads have the interpreter back). Each call of the embedder costs
#: about 10 ms of its own: 512 at a time made a 55,000-row upload about 6 s slower.
FILL_BATCH = 2_048
#: A commit of at most this many facts is applied by the read that finds it, under the lock;
#: a larger one is read outside it while other reads go on (``FactIndex.sync``).
INLINE_SYNC = 512

#: A large commit is worded this many rows at a time, with a pause between (``_catch_up``).
CATCH_UP_SLICE = 128
CATCH_UP_PAUSE_S = 0.001
#: A write waits at most this long for a large commit another thread is reading (then it reads
#: what is left itself).
CATCH_UP_WAIT_S = 120.0

#: A row as ``FactIndex._add`` files it: with its query words and its template words.
_Prepared = tuple[IndexedRow, frozenset[str], frozenset[str]]


class FactIndex:
    """One process's index of the store's facts (thread-safe; see the module docstring)."""

    def __init__(
        self,
        dim: int,
        embed: Embedder,
        words: Callable[[IndexedRow], frozenset[str]],
        template_words: Callable[[IndexedRow], frozenset[str]],
        connect: Callable[[], Any] | None = None,
        nice: int = 0,
    ):
        """``connect``: a read connection of the calling thread (committed rows only), for
        the index's own threads; ``nice``: how far below the requests' CPU priority those
        threads read and embed a large commit (``budget.at_lower_priority``)."""
        self._connect = connect
        self._nice = nice
        self._warm = False  # (an embedding ran at a request's priority: ``_warm_pools``)
        self._embed = embed
        self._words = words
        self._template_words = template_words
        self._lock = threading.RLock()
        self.seq = 0
        self._loaded = False
        #: moved by every rebuild: work begun outside the lock (vectors, partitions) for an
        #: older generation is dropped, its positions now name other facts
        self._gen = 0
        self._tried_at = 0  # (the size at which partitions were last tried)
        self._n = 0
        self._cap = 0
        self._dim = int(dim)
        self._pos: dict[int, int] = {}
        self._scopes: list[str] = []
        self._scope_code: dict[str, int] = {}
        self._kind_code: dict[str, int] = {}  # (a value kind -> its code in ``kind``)
        self._statement: list[str] = []
        # with the statement, what the words, vectors and template words were made of
        self._said: list[tuple[str, ...]] = []
        self._dead = 0
        self._postings: dict[str, _Postings] = {}  # word -> positions (query words)
        self._tpostings: dict[str, _Postings] = {}  # (a curated fact's template words)
        self._centroids: np.ndarray | None = None
        self._trained_at = 0
        self._plists: list[_Postings] = []  # partition -> its positions (``_maybe_train``)
        # positions whose fact closes or expires (a superset: their clocks are read where a
        # mask is made; the others' are never), and the latest time a fact is known from
        self._clocked = _Postings()
        self._max_known = 0
        # facts whose vectors are still to come: position -> the row (``INLINE_EMBED``)
        self._pending: dict[int, IndexedRow] = {}
        self._filler: threading.Thread | None = None
        self._closing = False
        #: a thread is reading a large commit outside the lock (``sync``); set when none is
        self._catching_up = False
        self._caught_up = threading.Event()
        self._caught_up.set()
        self._catcher: threading.Thread | None = None
        #: the last change this process committed (``own_write``)
        self._own_seq = 0
        # the gazetteer: curated entity names (id -> lower-cased name, type, scope, its words)
        self._names: dict[int, tuple[str, str, str, frozenset[str]]] = {}
        self._name_postings: dict[str, set[int]] = {}
        self._name_keys: dict[frozenset[str], set[int]] = {}  # a name's words -> its entities
        self._scope_names: dict[str, set[int]] = {}
        self._alloc(1024)

    # -- upkeep ---------------------------------------------------------------------------
    def _alloc(self, cap: int) -> None:
        def grow(a: np.ndarray | None, dtype, shape=()) -> np.ndarray:
            b = np.zeros((cap, *shape), dtype=dtype)
            if a is not None and self._n:
                b[: self._n] = a[: self._n]
            return b

        first = self._cap == 0
        self.ids = grow(None if first else self.ids, np.int64)
        self.scope = grow(None if first else self.scope, np.int32)
        self.known = grow(None if first else self.known, np.int64)
        self.closed = grow(None if first else self.closed, np.int64)
        self.expires = grow(None if first else self.expires, np.int64)
        self.auth = grow(None if first else self.auth, np.bool_)
        self.alive = grow(None if first else self.alive, np.bool_)
        self.importance = grow(None if first else self.importance, np.float32)
        self.kind = grow(None if first else self.kind, np.int16)
        self.part = grow(None if first else self.part, np.int32)
        self.ready = grow(None if first else self.ready, np.bool_)
        self.clocked = grow(None if first else self.clocked, np.bool_)  # (in ``_clocked``)
        self.vs = grow(None if first else self.vs, np.float32, (self._dim,))
        self.vb = grow(None if first else self.vb, np.float32, (self._dim,))
        self._cap = cap

    def sync(self, con, *, wait: bool = True) -> None:
        """Apply the committed changes logged since the last sync (``con``: a connection that
        sees committed rows only, in the caller's read snapshot); the first sync reads every
        fact (a store made before the log has facts and an empty log).

        A commit of more than ``INLINE_SYNC`` facts (an upload) is read, worded and embedded
        by one thread outside the lock, ``nice`` steps below the requests' CPU priority, and
        published whole, with its vectors, under the lock at theirs: a read (``wait=False``)
        that comes meanwhile (or that waited for the lock while another handed the commit to
        that thread) goes on with the index as it was, the commit not yet in it, instead of
        every read of the process waiting for it or computing its vectors. A write
        (``wait=True``) waits: what it decides must be against everything committed."""
        if self.seq < self._own_seq:
            wait = True  # (this process's own writes: its reads see them)
        if wait and self._catching_up:
            self._caught_up.wait(CATCH_UP_WAIT_S)  # (then only what is left is applied here)
        top = con.execute("SELECT MAX(seq) FROM changes").fetchone()[0] or 0
        if top <= self.seq and self._loaded:
            if self._pending and self._filler is None:
                with self._lock:  # (a filler that failed: try again)
                    if self._pending:
                        self._start_filler()
            return
        if not wait and self._catching_up and self._loaded:
            return  # (the index as it was: the commit is being read, this process's own are in)
        with self._lock:
            if top <= self.seq and self._loaded:
                return  # (another thread applied them meanwhile)
            low = con.execute("SELECT MIN(seq) FROM changes").fetchone()[0] or 0
            # read everything again: the first time, when the log no longer reaches back to
            # the last row applied, or when most positions hold dropped facts (forgotten,
            # rewritten): their postings would cost every query
            first = not self._loaded or low > self.seq + 1
            if first or self._dead > max(50_000, self._n // 2):
                self._reset()
                self._apply_names(con, None)
                self._apply(self._prepare(self._read(con, None)), None)
                self.seq = top
                self._loaded = True
                return
            if not wait and self._catching_up:
                return  # (another read started the catch-up while this one waited for the lock)
            facts, entities = self._logged(con, top)
            if len(facts) <= INLINE_SYNC or self._catching_up:
                self._apply_names(con, entities)
                self._apply(self._prepare(self._read(con, facts)), facts)
                self.seq = top
                return
            self._catching_up, since = True, (self.seq, self._gen, top)
            self._caught_up.clear()
        if wait or self._connect is None:
            self._catch_up(con, since, facts, entities, pause=False)
            return
        # no read waits for it: the index's own thread, on a connection of its own
        catcher = threading.Thread(
            target=self._catch_up_alone,
            args=(since, facts, entities),
            name="engramdb-fact-index-sync",
            daemon=True,
        )
        try:
            catcher.start()
        except RuntimeError:  # (no thread to be had: this read applies it)
            self._catch_up(con, since, facts, entities, pause=False)
            return
        self._catcher = catcher

    def own_write(self, seq: int) -> None:
        """This process committed changes logged up to ``seq``: its next read applies them
        all, whatever their number (a read returns early only past its own writes)."""
        self._own_seq = max(self._own_seq, seq)

    def _catch_up(
        self,
        con,
        since: tuple[int, int, int],
        facts: list[int],
        entities: list[int],
        *,
        pause: bool = True,
    ) -> None:
        """Read a large commit's rows outside the lock (reads of the index as it was go on),
        then publish them whole under it, unless another sync applied them meanwhile;
        ``pause``: between slices (a background thread; a caller that waits wants it done)."""
        seq, gen, top = since
        try:
            embedded: Embedded | None = None
            if con is None:  # the index's own thread: read and embedded below the requests'
                # priority, then published under the lock at this one's. A fact comes with its
                # vectors: published without them, every query meeting it computed them inline
                # (a 6,000-fact upload: 0.5-1 s stalls). The connection is opened here: the
                # helper takes no lock the requests' threads wait for.
                assert self._connect is not None
                con = self._connect()
                mine = con
                prepared = at_lower_priority(
                    self._nice,
                    lambda: self._read_prepared(mine, facts, pause),
                    name="engramdb-fact-index-read",
                )
                rows = self._to_embed(prepared)
                self._warm_pools(rows)
                embedded = at_lower_priority(
                    self._nice, lambda: self._embedded(rows), name="engramdb-fact-index-embed"
                )
            else:
                prepared = self._read_prepared(con, facts, pause)
            with self._lock:
                if self.seq == seq and self._gen == gen:  # (else applied or rebuilt meanwhile)
                    self._apply_names(con, entities)
                    self._apply(prepared, facts, embedded)
                    self.seq = top
        finally:
            self._catching_up = False
            self._caught_up.set()

    def _read_prepared(self, con, facts: list[int], pause: bool) -> list[_Prepared]:
        rows = self._read(con, facts)
        prepared: list[_Prepared] = []
        for i in range(0, len(rows), CATCH_UP_SLICE):
            if self._closing:
                raise _Closing
            prepared += self._prepare(rows[i : i + CATCH_UP_SLICE])
            if pause:  # (the reads of the process have the interpreter: without it, a
                time.sleep(CATCH_UP_PAUSE_S)  # read waits up to 5 ms after each SQLite call)
        return prepared

    def _to_embed(self, prepared: list[_Prepared]) -> list[IndexedRow]:
        """The rows of a commit the index will add: not those it holds with the same words (a
        closed or reinforced fact). Read without the lock: a guess, checked at the apply."""
        rows = []
        for row, _, _ in prepared:
            p = self._pos.get(row.id)
            if row.forgotten or (
                p is not None
                and self._statement[p] == row.statement
                and self._said[p] == _said(row)
            ):
                continue
            rows.append(row)
        return rows

    def _embedded(self, rows: list[IndexedRow]) -> Embedded:
        """The vectors of ``rows``, a slice at a time, pausing between."""
        vs = np.zeros((len(rows), self._dim), np.float32)
        vb = np.zeros((len(rows), self._dim), np.float32)
        for i in range(0, len(rows), CATCH_UP_SLICE):
            if self._closing:
                raise _Closing
            part = rows[i : i + CATCH_UP_SLICE]
            vs[i : i + len(part)], vb[i : i + len(part)] = self._vectors(part)
            time.sleep(CATCH_UP_PAUSE_S)
        return Embedded({row.id: i for i, row in enumerate(rows)}, vs, vb)

    def _warm_pools(self, rows: list[IndexedRow]) -> None:
        """Embed once at this thread's priority before any lowered embedding: the tokenizer's
        worker threads are made by the first batch and keep the priority of the thread that
        made them (made by a lowered thread, every later batch would run lowered)."""
        if not self._warm and len(rows) >= 2:
            self._warm = True
            self._vectors(rows[:2])

    def _catch_up_alone(
        self, since: tuple[int, int, int], facts: list[int], entities: list[int]
    ) -> None:
        try:
            if self._closing or self._connect is None:
                return
            self._catch_up(None, since, facts, entities)
        except _Closing:
            return  # (the store is closing: nothing more is read)
        except Exception:  # (a closed store, a busy disk: the next sync tries again)
            log.warning("the fact index could not read a commit", exc_info=True)
        finally:
            self._catching_up = False
            self._caught_up.set()

    def _logged(self, con, top: int) -> tuple[list[int], list[int]]:
        """The facts and entities the log names past ``self.seq`` up to ``top`` (a renamed
        entity changes the words of its facts)."""
        facts, entities = set(), set()
        for kind, rid in con.execute(
            "SELECT kind, row_id FROM changes WHERE seq > ? AND seq <= ?", (self.seq, top)
        ):
            (entities if kind == CHANGE_ENTITY else facts).add(rid)
        if entities:
            facts.update(
                r[0]
                for r in rows_in(
                    con, "SELECT id FROM facts WHERE entity_id IN ({marks})", sorted(entities)
                )
            )
        return sorted(facts), sorted(entities)

    def _reset(self) -> None:
        self._gen += 1
        self._tried_at = 0
        self._n = 0
        self._cap = 0
        self._alloc(1024)  # (new arrays: a reader may still hold rows of the old ones)
        self._pos.clear()
        self._statement.clear()
        self._said.clear()
        self._dead = 0
        self._postings.clear()
        self._tpostings.clear()
        self._centroids = None
        self._trained_at = 0
        self._plists = []
        self._clocked = _Postings()
        self._max_known = 0
        self._pending.clear()
        self._names.clear()
        self._name_postings.clear()
        self._name_keys.clear()
        self._scope_names.clear()

    def _apply_names(self, con, ids: list[int] | None) -> None:
        """The gazetteer follows the entities the log names (None: every entity)."""
        sql = "SELECT id, name, type, scope, authoritative, forgotten FROM entities"
        if ids is None:
            rows = con.execute(sql + " WHERE authoritative = 1 AND forgotten = 0").fetchall()
        else:
            rows = rows_in(con, sql + " WHERE id IN ({marks})", ids)
            for eid in ids:
                self._drop_name(eid)
        for eid, name, etype, scope, authoritative, forgotten in rows:
            if not authoritative or forgotten or etype == "organisation":
                continue
            low = name.casefold()
            words = frozenset(NAME_TOKEN.findall(low))
            self._names[eid] = (low, etype, scope, words)
            self._scope_names.setdefault(scope, set()).add(eid)
            self._name_keys.setdefault(words, set()).add(eid)
            for w in words:
                self._name_postings.setdefault(w, set()).add(eid)

    def _drop_name(self, eid: int) -> None:
        held = self._names.pop(eid, None)
        if held is not None:
            self._scope_names.get(held[2], set()).discard(eid)
            self._name_keys.get(held[3], set()).discard(eid)
            for w in held[3]:
                self._name_postings.get(w, set()).discard(eid)

    def names_for(self, scopes: Sequence[str], text: str | None, small: int) -> dict[str, str]:
        """Curated entity names of ``scopes`` (lower-cased name -> type, in the order they were
        made): all of them up to ``small`` (or without a ``text``); of more, those ``text`` may
        name: each name that shares a rare word with it, or whose every word it says."""
        with self._lock:
            mine = set(scopes)
            total = sum(len(self._scope_names.get(s, ())) for s in mine)
            names = self._names
            if text is None or total <= small:
                return self._ordered(set().union(*(self._scope_names.get(s, ()) for s in mine)))
            said = set(NAME_TOKEN.findall(text.casefold()))
            chain: set[int] = set()
            common = []
            for w in said:
                post = self._name_postings.get(w)
                if not post:
                    continue
                if len(post) <= small // 4:
                    chain |= {e for e in post if names[e][2] in mine}
                else:
                    common.append(w)
            # of common words, only the names said in full: a name with a rare word said is
            # in already, so the rest are names made of common words the text says, found by
            # their word sets (thousands of names share "drill"; few are "flex drill")
            if len(common) <= _MAX_COMMON_SAID:
                keys = self._name_keys
                for r in range(1, len(common) + 1):
                    for combo in itertools.combinations(common, r):
                        chain |= {e for e in keys.get(frozenset(combo), ()) if names[e][2] in mine}
            else:
                for w in common:
                    post = self._name_postings[w]
                    chain |= {e for e in post if names[e][2] in mine and names[e][3] <= said}
            return self._ordered(chain)

    def _ordered(self, eids: set[int]) -> dict[str, str]:
        out: dict[str, str] = {}
        for eid in sorted(eids):
            low, etype = self._names[eid][:2]
            out.setdefault(low, etype)
        return out

    def _read(self, con, ids: list[int] | None) -> list[IndexedRow]:
        """The rows of these facts (None: every fact not forgotten)."""
        sql = f"SELECT {ROW_COLUMNS} FROM facts f JOIN entities e ON e.id = f.entity_id "
        if ids is None:
            rows = con.execute(sql + "WHERE f.forgotten = 0 ORDER BY f.id")
            return [IndexedRow(*r) for r in rows]
        return [IndexedRow(*r) for r in rows_in(con, sql + "WHERE f.id IN ({marks})", ids)]

    def _prepare(self, rows: list[IndexedRow]) -> list[_Prepared]:
        """Each row with the words it is filed under (the costly part: no lock needed)."""
        return [
            (
                row,
                self._words(row),
                self._template_words(row) if row.authoritative else frozenset(),
            )
            for row in rows
        ]

    def _apply(
        self,
        prepared: list[_Prepared],
        ids: list[int] | None,
        embedded: Embedded | None = None,
    ) -> None:
        """(Under the lock.) The rows read for ``ids`` (None: all): new facts added, changed
        ones rewritten, forgotten and deleted ones dropped; ``embedded``: vectors computed
        for them beforehand, by fact id."""
        if ids is not None:
            seen = {row.id for row, _, _ in prepared}
            for fid in set(ids) - seen:  # deleted (a purge)
                self._drop(fid)
        fresh = []
        for item in prepared:
            row = item[0]
            p = self._pos.get(row.id)
            if row.forgotten:
                self._drop(row.id)
            elif (
                p is not None
                and self._statement[p] == row.statement
                and self._said[p] == _said(row)
            ):
                self._set_columns(p, row)  # closed, reinforced: the same words
            else:
                if p is not None:
                    self._drop(row.id)
                fresh.append(item)
        start = self._n
        self._add(fresh)
        rows = [row for row, _, _ in fresh]
        if embedded is not None:  # (positions start.. are the fresh rows, in order)
            have = [i for i, row in enumerate(rows) if row.id in embedded.at]
            self._set_vectors(
                np.asarray(have, dtype=np.int64) + start,
                embedded.vs[[embedded.at[rows[i].id] for i in have]],
                embedded.vb[[embedded.at[rows[i].id] for i in have]],
            )
            if len(have) < len(rows):  # (a guess that missed: they go as any others do)
                taken = set(have)
                rest = [i for i in range(len(rows)) if i not in taken]
                self._pending.update((start + i, rows[i]) for i in rest)
        elif len(rows) <= INLINE_EMBED:
            self._store_vectors(list(range(start, self._n)), rows, *self._vectors(rows))
        else:
            self._pending.update(zip(range(start, self._n), rows, strict=True))
        if self._pending or self._wants_training():
            self._start_filler()

    def _vectors(self, rows: list[IndexedRow]) -> tuple[np.ndarray, np.ndarray]:
        if not rows:
            return np.zeros((0, self._dim), np.float32), np.zeros((0, self._dim), np.float32)
        return self._embed(rows)

    def _store_vectors(
        self,
        positions: list[int],
        rows: list[IndexedRow],
        vs: np.ndarray,
        vb: np.ndarray,
        gen: int | None = None,
    ) -> None:
        """Vectors of rows at their positions (under the lock), those still held there only
        (``gen``: the generation they were taken from)."""
        if gen is not None and gen != self._gen:
            return  # (rebuilt meanwhile: the positions name other facts)
        held = [  # (not dropped or rewritten meanwhile)
            i
            for i, (p, row) in enumerate(zip(positions, rows, strict=True))
            if self._pos.get(row.id) == p and self._statement[p] == row.statement
        ]
        self._set_vectors(np.asarray(positions, dtype=np.int64)[held], vs[held], vb[held])

    def _set_vectors(self, positions: np.ndarray, vs: np.ndarray, vb: np.ndarray) -> None:
        """(Under the lock.) Vectors of positions that hold their facts, in a few array
        operations: thousands of facts hold the lock for a moment, not a loop over them; each
        joins its partition once (it is never moved but by a training, which makes every list
        again)."""
        if not len(positions):
            return
        self.vs[positions] = vs
        self.vb[positions] = vb
        self.ready[positions] = True
        for p in positions.tolist():
            self._pending.pop(p, None)
        if self._centroids is not None:
            near = np.argmax(vs @ self._centroids.T, axis=1)
            for c in np.unique(near):
                chosen = positions[near == c]
                self._plists[int(c)].extend(chosen[self.part[chosen] < 0].tolist())
                self.part[chosen] = c

    def _start_filler(self) -> None:
        """(Under the lock.) A filling thread, unless one runs or the index is closing."""
        if self._filler is None and not self._closing:
            self._filler = threading.Thread(
                target=self._fill, name="engramdb-fact-index", daemon=True
            )
            self._filler.start()

    def _wants_training(self) -> bool:
        n = self._n
        return n >= IVF_MIN and n >= 2 * self._trained_at and n != self._tried_at

    def _fill(self) -> None:
        """Embed the pending facts a batch at a time (outside the lock), and train the
        partitions when the index has grown enough; it ends, under the lock, only when
        nothing is left to do (a sync meanwhile finds it running, or starts another)."""
        try:
            while not self._closing:
                with self._lock:
                    gen = self._gen
                    batch = list(itertools.islice(self._pending.items(), FILL_BATCH))
                    if not batch and not self._wants_training():
                        self._filler = None
                        return
                if batch:
                    positions, rows = [p for p, _ in batch], [r for _, r in batch]
                    vs, vb = self._vectors(rows)
                    with self._lock:
                        self._store_vectors(positions, rows, vs, vb, gen)
                        if gen == self._gen:
                            for p in positions:
                                self._pending.pop(p, None)
                    time.sleep(CATCH_UP_PAUSE_S)  # (the process's reads have the interpreter)
                else:
                    self._maybe_train()
        except Exception:  # (a closed embedder: a later sync starts a filler again)
            pass
        with self._lock:
            self._filler = None

    def wait_filled(self, timeout: float | None = None) -> bool:
        """Wait until every fact has its vectors (benchmarks and tests)."""
        t = self._filler
        if t is not None:
            t.join(timeout)
        return not self._pending

    def close(self) -> None:
        self._closing = True
        for t in (self._filler, self._catcher):
            if t is not None:
                t.join(10)

    def _drop(self, fid: int) -> None:
        p = self._pos.pop(fid, None)
        if p is not None:
            self.alive[p] = False
            self._dead += 1

    def _set_columns(self, p: int, row: IndexedRow) -> None:
        code = self._scope_code.get(row.scope)
        if code is None:
            code = self._scope_code[row.scope] = len(self._scopes)
            self._scopes.append(row.scope)
        ttl = CATEGORIES[row.category].ttl_ms if row.category in CATEGORIES else None
        self.ids[p] = row.id
        self.scope[p] = code
        self.known[p] = row.known_ms
        self.closed[p] = _NEVER if row.closed_ms is None else row.closed_ms
        self.expires[p] = _NEVER if ttl is None else row.known_ms + ttl
        if (row.closed_ms is not None or ttl is not None) and not self.clocked[p]:
            self.clocked[p] = True  # (once: a closed fact is reinforced again and again)
            self._clocked.extend([p])
        self._max_known = max(self._max_known, row.known_ms)
        self.auth[p] = bool(row.authoritative)
        self.alive[p] = True
        self.importance[p] = row.importance
        kind = self._kind_code.get(row.value_kind)
        if kind is None:
            kind = self._kind_code[row.value_kind] = len(self._kind_code)
        self.kind[p] = kind

    def _add(self, rows: list[_Prepared]) -> None:
        """New positions for ``rows``; each word's postings grow once for all of them (a
        commit of thousands of facts is followed by every reading process)."""
        words: dict[str, list[int]] = {}
        template: dict[str, list[int]] = {}
        for row, row_words, row_template in rows:
            if self._n == self._cap:
                self._alloc(self._cap * 2)
            p = self._n
            self._n += 1
            self._set_columns(p, row)
            self.ready[p] = False
            self.part[p] = -1
            self._pos[row.id] = p
            self._statement.append(row.statement)
            self._said.append(_said(row))
            for w in row_words:
                words.setdefault(w, []).append(p)
            for w in row_template:
                template.setdefault(w, []).append(p)
        for found, postings in ((words, self._postings), (template, self._tpostings)):
            for w, positions in found.items():
                post = postings.get(w)
                if post is None:
                    post = postings[w] = _Postings()
                post.extend(positions)

    def _maybe_train(self) -> None:
        """Partitions of the statements' vectors (about ``sqrt(n)``, k-means on a sample),
        once the index holds ``IVF_MIN`` facts and again each time it has doubled; computed
        outside the lock (a query meanwhile scans as before), swapped in under it."""
        with self._lock:
            n, gen = self._n, self._gen
            if not self._wants_training() or self._pending:
                return
            self._tried_at = n
            usable = np.flatnonzero(self.ready[:n] & self.alive[:n])
            if len(usable) < IVF_MIN // 2:
                return
            rng = np.random.default_rng(0)
            sample = np.sort(rng.choice(usable, size=min(len(usable), 8_192), replace=False))
            x = self.vs[sample].copy()
        k = int(min(512, max(16, np.sqrt(n))))
        with single_threaded_blas():  # (a background task: it leaves a core to the queries)
            centroids, _ = spherical_kmeans(x, k, iterations=6)
        part = np.full(n, -1, dtype=np.int32)
        for lo in range(0, n, 16_384):
            hi = min(n, lo + 16_384)
            with self._lock:
                chunk, ready = self.vs[lo:hi].copy(), self.ready[lo:hi].copy()
            with single_threaded_blas():
                part[lo:hi] = np.where(ready, np.argmax(chunk @ centroids.T, axis=1), -1)
            if self._closing or gen != self._gen:
                return
        with self._lock:
            if gen != self._gen:
                return  # (rebuilt meanwhile)
            m = self._n
            late = np.flatnonzero(self.ready[:m] & np.concatenate([part < 0, np.ones(m - n, bool)]))
            self.part[:n] = part
            self.part[n:m] = -1
            if len(late):
                self.part[late] = np.argmax(self.vs[late] @ centroids.T, axis=1)
            assigned = self.part[:m]
            order = np.argsort(assigned, kind="stable")
            bounds = np.searchsorted(assigned[order], np.arange(len(centroids) + 1))
            self._plists = []
            for c in range(len(centroids)):
                lst = _Postings()
                lst.extend(order[bounds[c] : bounds[c + 1]])
                self._plists.append(lst)
            self._centroids = centroids
            self._trained_at = n

    # -- reads ----------------------------------------------------------------------------
    def _postings_of(self, which: int, word: str) -> np.ndarray:
        post = (self._postings if which == 0 else self._tpostings).get(word)
        return post.view() if post is not None else _NONE

    def visible(
        self,
        scope_ok: Callable[[str], bool],
        at: int,
        *,
        authoritative: bool | None = None,
        live: bool = False,
    ) -> np.ndarray:
        """A mask over positions: facts of scopes ``scope_ok`` admits, known by ``at`` and
        neither closed nor expired by then (``live``: not closed, ``at`` aside)."""
        with self._lock:
            n = self._n
            codes = np.fromiter((scope_ok(s) for s in self._scopes), dtype=np.bool_, count=-1)
            chosen = np.flatnonzero(codes)
            if not len(chosen):
                return np.zeros(n, dtype=np.bool_)
            scope = self.scope[:n]
            if len(chosen) <= 4:  # (a lens's chain: a few comparisons beat a gather)
                mask = scope == chosen[0]
                for c in chosen[1:]:
                    mask |= scope == c
            else:
                mask = codes.take(scope)
            mask &= self.alive[:n]
            if authoritative is not None:
                mask &= self.auth[:n] if authoritative else ~self.auth[:n]
            if not live and at < self._max_known:
                mask &= self.known[:n] <= at
            # the clocks of the facts that have them (most facts never close nor expire)
            clocked = self._clocked.view()
            clocked = clocked[clocked < n]
            if len(clocked):
                if live:  # (what the catalogue holds now: not closed, whatever its clocks)
                    open_ = self.closed[clocked] == _NEVER
                else:
                    open_ = (self.closed[clocked] > at) & (self.expires[clocked] >= at)
                mask[clocked] &= open_
            return mask

    def search(
        self,
        query: np.ndarray,
        words: Iterable[str],
        mask: np.ndarray,
        limit: int,
        weights: tuple[float, float],
        answer: tuple[str | None, float] = (None, 0.0),
    ) -> Search:
        """The candidates for a query (its unit vector and content words) among the facts of
        ``mask``: all of them up to ``limit``; else the ``limit`` best by an estimate of the
        one formula (``weights``: similarity's and shared words'; ``answer``: the value kind
        the query asks for and the gain of facts of that kind) over the facts that share a
        word with the query and those the vector probe reaches."""
        with self._lock, single_threaded_blas():  # (two BLAS threads on two busy cores: 10x)
            n = len(mask)  # (positions past it were added since: the mask's caller missed them)
            visible = int(np.count_nonzero(mask))
            if visible <= limit:
                return Search([int(i) for i in self.ids[:n][mask]], visible)
            if self._pending:  # (facts without vectors yet: the estimate reads words only)
                limit = max(limit, WIDE_SEARCH)
            words = list(words)
            counts = np.zeros(n, dtype=np.float32)
            for w in words:
                arr = self._postings_of(0, w)
                arr = arr[arr < n]
                if len(arr):
                    counts[arr] += 1.0
            counts /= max(1, len(words))
            ws, wl = weights
            if self._centroids is not None and visible >= IVF_MIN:
                # by meaning: the partitions nearest the query; by words: those sharing most;
                # read through their position lists, never a pass over every position
                sims_c = self._centroids @ query
                nprobe = min(len(sims_c), max(_MIN_PROBE, int(len(sims_c) * PROBE_SHARE)))
                probe = np.argpartition(-sims_c, nprobe - 1)[:nprobe]
                near = np.concatenate([self._plists[c].view() for c in probe])
                near = near[near < n]
                near = near[mask[near]]
                shared = np.flatnonzero(counts)
                shared = shared[mask[shared]]
                if len(shared) > 4 * limit:
                    shared = shared[np.argpartition(-counts[shared], 4 * limit - 1)[: 4 * limit]]
                # (marked, not sorted: the same positions in order, without sorting the
                # probed partitions' tens of thousands of positions on every search)
                marked = np.zeros(n, dtype=bool)
                marked[near] = True
                marked[shared] = True
                pos = np.flatnonzero(marked)
                lex = counts[pos]
                # the statements' similarity first; the bodies' only for the best of those
                sims = self.vs[pos] @ query
                if len(pos) > 4 * limit:
                    first = (0.8 * ws * sims + wl * lex) * self._weight(pos, answer)
                    keep = np.argpartition(-first, 4 * limit - 1)[: 4 * limit]
                    pos, lex, sims = pos[keep], lex[keep], sims[keep]
                sims = np.maximum(sims, self.vb[pos] @ query)
            else:
                pos = np.flatnonzero(mask)
                lex = counts[pos]
                # (a few of many: gathered; the bodies' similarity only for the best of many)
                sims = self.vs[pos] @ query if 3 * len(pos) < n else (self.vs[:n] @ query)[pos]
                if len(pos) > 8 * limit:
                    first = (0.8 * ws * sims + wl * lex) * self._weight(pos, answer)
                    keep = np.argpartition(-first, 8 * limit - 1)[: 8 * limit]
                    pos, lex, sims = pos[keep], lex[keep], sims[keep]
                sims = np.maximum(sims, self.vb[pos] @ query)
            est = (0.8 * ws * sims + wl * lex) * self._weight(pos, answer)
            take = min(limit, len(pos))
            best = np.argpartition(-est, take - 1)[:take] if take < len(pos) else np.arange(take)
            return Search([int(i) for i in self.ids[pos[best]]], visible)

    def _weight(self, pos: np.ndarray, answer: tuple[str | None, float]) -> np.ndarray:
        """The one formula's factors besides meaning and words: importance, and the gain of
        a fact whose value is of the kind the query asks for."""
        weight = 0.85 + 0.15 * self.importance[pos]
        code = self._kind_code.get(answer[0]) if answer[0] is not None else None
        if code is not None:
            weight = weight * np.where(self.kind[pos] == code, 1.0 + answer[1], 1.0)
        return weight

    def template_pool(
        self, scopes: Sequence[str], words: Iterable[str], small: int, top: int
    ) -> tuple[list[int], int]:
        """Ids of the live curated facts of ``scopes`` a turn of ``words`` is read against:
        all of them up to ``small``; else the ``top`` that share the most of its words (a
        word most of them share tells none apart); and how many there were."""
        chain = set(scopes)
        with self._lock:
            mask = self.visible(chain.__contains__, _NEVER - 1, authoritative=True, live=True)
            total = int(mask.sum())
            if total <= small:
                return [int(i) for i in self.ids[: self._n][mask]], total
            counts = np.zeros(self._n, dtype=np.int32)
            for w in set(words):
                arr = self._postings_of(1, w)
                if len(arr):
                    arr = arr[mask[arr]]
                    if 0 < len(arr) <= total // 4:  # (a word most share tells none apart)
                        counts[arr] += 1
            hit = np.flatnonzero(counts)
            if len(hit) > top:  # the most words shared, then the newest
                order = np.lexsort((-self.ids[hit], -counts[hit]))[:top]
                hit = hit[order]
            return [int(self.ids[p]) for p in hit], total

    def features(self, fid: int, statement: str) -> tuple[np.ndarray, np.ndarray] | None:
        """The two vectors held for a fact, if its statement is the one given."""
        with self._lock:
            p = self._pos.get(fid)
            if p is None or not self.ready[p] or self._statement[p] != statement:
                return None
            return self.vs[p].copy(), self.vb[p].copy()

    def held(self) -> threading.RLock:
        """The index's lock, for a caller that makes a mask and then reads with it (a rebuild
        in between would give its positions to other facts)."""
        return self._lock

    def ids_of(self, mask: np.ndarray) -> list[int]:
        """The fact ids of a mask's positions."""
        with self._lock:
            return [int(i) for i in self.ids[: len(mask)][mask]]

    def vectors(
        self, ids: Sequence[int], statements: Sequence[str]
    ) -> tuple[list[np.ndarray | None], list[np.ndarray | None]]:
        """The two vectors held for each fact (None where the index has none for that
        statement), in one hold of the lock; the rows are views (a row is never rewritten)."""
        vs: list[np.ndarray | None] = [None] * len(ids)
        vb: list[np.ndarray | None] = [None] * len(ids)
        with self._lock:
            a, b = self.vs, self.vb
            for i, (fid, statement) in enumerate(zip(ids, statements, strict=True)):
                p = self._pos.get(fid)
                if p is not None and self.ready[p] and self._statement[p] == statement:
                    vs[i], vb[i] = a[p], b[p]
        return vs, vb

    def ranked_by_importance(self, mask: np.ndarray, limit: int) -> list[int]:
        """Ids of the ``limit`` facts of ``mask`` of most importance, then newest."""
        with self._lock:
            vis = np.flatnonzero(mask)
            order = np.lexsort((-self.known[vis], -self.importance[vis]))[:limit]
            return [int(i) for i in self.ids[vis[order]]]

    def __len__(self) -> int:
        return len(self._pos)


_NONE = np.zeros(0, dtype=np.int64)


@dataclass(frozen=True)
class Embedded:
    """Vectors computed for a commit's rows before it is published: row ``at[fact id]``."""

    at: dict[int, int]
    vs: np.ndarray
    vb: np.ndarray


class _Closing(Exception):
    """The store closes: a catch-up stops where it is."""


def _said(row: IndexedRow) -> tuple[str, ...]:
    """What a fact's words, vectors and template words are made of, besides its statement."""
    return (row.entity, row.key, row.value, row.scope, row.entity_key, row.entity_type)


class _Postings:
    """A word's positions, ascending: a numpy array grown by doubling (a query reads it as it
    is, with no list to convert)."""

    __slots__ = ("_a", "_n")

    def __init__(self) -> None:
        self._a = np.empty(4, dtype=np.int64)
        self._n = 0

    def extend(self, positions: list[int]) -> None:
        need = self._n + len(positions)
        if need > len(self._a):
            grown = np.empty(max(need, 2 * len(self._a)), dtype=np.int64)
            grown[: self._n] = self._a[: self._n]
            self._a = grown
        self._a[self._n : need] = positions
        self._n = need

    def view(self) -> np.ndarray:
        return self._a[: self._n]

    def __len__(self) -> int:
        return self._n
