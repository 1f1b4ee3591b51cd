"""The state an open knowledge store shares among the steps of its pipeline.

``Memory`` opens one ``OpenStore`` and forwards its public calls to the step modules, each of
which takes the ``OpenStore`` (or only the connection, the engine or the index it needs).
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import weakref
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..embed.contextual import CONTEXTUAL_MODEL_ID
from ..embed.contextual import shared as contextual_shared
from ..engine import Engine, MemoryInput
from ..engine.engine import copy_sqlite
from ..errors import StorageError, ValidationError
from ..store.sqlite import connect, storage_error, transaction
from . import reads, statement_vectors, text_caches
from .catalogue import template_words
from .documents.budget import DOCUMENT_READ_SECONDS, JOB_NICE, check_job_nice
from .fact_index import FactIndex
from .jobs import JobRunner, Rights
from .schema import KNOWLEDGE_SCHEMA, SCHEMA_VERSION, migrate
from .scopes import ancestors
from .statement_vectors import StatementEncoder

__all__ = ["OpenStore"]


class _Reader:
    """A thread's reader connection (the thread-local slot; closed when the thread ends)."""

    def __init__(self, con: sqlite3.Connection):
        self.con = con


def _drop_reader(cons: list, lock: threading.Lock, con: sqlite3.Connection) -> None:
    with lock:
        if con in cons:
            cons.remove(con)
            con.close()


class OpenStore:
    """An open store's state: ``knowledge.db``'s connections and write lock, the engine, the
    fact index and the caches over them. The pipeline's steps take this (or less), never the
    ``Memory`` façade, so that another surface (the server, a job, an import) runs the same
    steps over the same state."""

    def __init__(
        self,
        path: Path,
        engine: Engine,
        confidence_floor: float,
        llm: Any = None,
        job_rights: Rights | None = None,
        *,
        replica: bool = False,
        document_read_s: float | None = DOCUMENT_READ_SECONDS,
        job_nice: int = JOB_NICE,
        encode_statements: bool = False,
    ):
        self.path = path
        #: how long reading one uploaded document may take (None: no limit)
        self.document_read_s = document_read_s
        #: how far below requests a background job reads its document (``budget.JOB_NICE``)
        self.job_nice = check_job_nice(job_nice)
        self.engine = engine
        self.confidence_floor = confidence_floor
        self.llm = None
        if llm is not None:  # stages 1-2 of the cascade; httpx and pydantic only when asked for
            from .extract.llm import LLMExtractor

            self.llm = LLMExtractor(llm)
        #: a read-only view of a store another process writes (``open_replica``)
        self.replica = replica
        #: where a replica sends the ids of the facts its queries returned (the writer
        #: reinforces them); None drops them
        self.on_reinforce: Callable[[list[int]], object] | None = None
        if replica:
            self.writer = connect(path / "knowledge.db")  # (never written: query_only)
            self.writer.execute("PRAGMA query_only=ON")
            self._seen_version: int | None = None
            self._seen_forgets = self.forgets()
            self._follow_lock = threading.Lock()
        else:
            self.writer = connect(path / "knowledge.db")
            # freed space is overwritten with zeros: a purged row leaves no copy in the file
            self.writer.execute("PRAGMA secure_delete=ON")
            self.writer.executescript(KNOWLEDGE_SCHEMA)
            migrate(self.writer)
            self.writer.execute(
                "INSERT OR IGNORE INTO kmeta(key, value) VALUES('schema_version', ?)",
                (SCHEMA_VERSION,),
            )
        self.lock = threading.RLock()
        #: forgets that removed rows, in this process (``forgetting`` drops the text caches
        #: when a forget adds one)
        self._forgot = 0
        self._readers = threading.local()
        self._reader_cons: list[sqlite3.Connection] = []
        self.readers_lock = threading.Lock()
        self.closed = False
        #: facts a query returned while a write held the store: reinforced by the next query
        #: that finds it free (a read never waits for a write)
        self.reinforce_later: list[int] = []
        self.vec_cache: dict[str, np.ndarray] = {}
        #: fact id -> its embeddings and words, for the facts the index holds no vectors of
        #: (``reads._features``)
        self.fact_features: dict[int, tuple[np.ndarray, np.ndarray, set[str], str]] = {}
        #: every fact not forgotten, searchable without reading them all (``fact_index``)
        self.index = FactIndex(
            self.engine.embedder.dim,
            lambda rows: reads.index_vectors(self, rows),
            reads.index_words,
            template_words,
            self.reader,
            nice=self.job_nice,
        )
        self.scopes: set[str] | None = None
        #: bumped by every change to the scopes that hold passages, so that a query that read
        #: them from an older snapshot does not keep its set (``reads._passage_scopes``)
        self.scopes_version = 0
        #: the writer's thread that stores curated statements' contextual encodings for
        #: every process to read (``statement_vectors``; None: each read computes its own)
        self.statements: StatementEncoder | None = None
        if replica:
            self.jobs = None  # (jobs are the writer's)
            return
        with self.lock:
            self.catch_up()
        if encode_statements:
            self.statements = StatementEncoder(
                CONTEXTUAL_MODEL_ID,
                # (a closed store has nothing more to encode: no connection is opened again)
                lambda after, n, document: (
                    []
                    if self.closed
                    else statement_vectors.pending(self.reader(), after, n, document)
                ),
                lambda texts: contextual_shared().embed(texts),
                self.save_statement_vectors,
                self.job_nice,
            )
            self.statements.wake()  # (facts stored before, or by a run that stopped)
        self.jobs = JobRunner(self, job_rights)
        self.jobs.recover()

    def save_statement_vectors(self, rows: list[statement_vectors.Stored]) -> None:
        with self.lock:
            if self.closed:
                return
            with self.transaction() as con:
                statement_vectors.save(con, rows)

    def curated_written(self, document: int) -> None:
        """An upload published ``document``'s curated facts: their statements are encoded
        ahead, if this store does that (``encode_statements``)."""
        if self.statements is not None:
            self.statements.wake(document)

    def follow(self) -> None:
        """A replica's caches that a write by the writer makes stale, dropped when SQLite
        says it committed (the other caches check a signature of what they hold)."""
        if not self.replica:
            return
        with self._follow_lock:  # (dropped before any query can read the new version)
            version = int(self.writer.execute("PRAGMA data_version").fetchone()[0])
            if version != self._seen_version:
                self.drop_scopes()
                self._seen_version = version
                forgets = self.forgets()
                if forgets != self._seen_forgets:  # (the writer forgot: texts out of caches)
                    self.drop_texts()
                    self._seen_forgets = forgets

    def forgets(self) -> int:
        """How many forgets the store has seen (``kmeta``: a replica drops its text caches
        when it changes)."""
        row = self.writer.execute("SELECT value FROM kmeta WHERE key='forgets'").fetchone()
        return int(row[0]) if row else 0

    def close(self) -> None:
        """Close the store; a running job stops at its next step and runs again on the next
        open."""
        if self.jobs is not None:
            self.jobs.close()
        if self.statements is not None:
            self.statements.close()
        self.index.close()  # (its filling thread embeds with the engine's model)
        with self.lock:
            if self.closed:
                return
            self.closed = True
            try:
                if self.llm is not None:
                    with contextlib.suppress(Exception):  # (its connections only)
                        self.llm.close()
                self.engine.close()  # (releases its files even when its checkpoint fails)
            finally:  # a full disk must not keep the files open or the store locked
                with self.readers_lock:
                    for con in self._reader_cons:
                        con.close()
                    self._reader_cons.clear()
                try:
                    self.writer.close()
                except sqlite3.Error as exc:
                    raise storage_error(exc, self.path / "knowledge.db") or exc from exc

    @property
    def broken(self) -> bool:
        """The engine stopped after a failed write (see ``Engine.broken``): reopen to go on."""
        return self.engine.broken

    @property
    def db(self) -> sqlite3.Connection:
        """This thread's connection to ``knowledge.db``: the writer's while the thread holds the
        store's lock (its transaction, its own rows not yet committed); else one of the
        thread's own, which sees committed rows only. SQLite in WAL mode lets that reader go
        on while a write runs: a read never waits for an upload, and never sees half of one
        (nor a cancelled one, rolled back)."""
        if not self.replica and (self.lock._is_owned() or self.closed):  # type: ignore[attr-defined]
            return self.writer
        return self.reader()

    def reader(self) -> sqlite3.Connection:
        """This thread's read connection (committed rows only), even while it holds the lock."""
        holder = getattr(self._readers, "holder", None)
        if holder is None:
            con = connect(self.path / "knowledge.db")
            con.execute("PRAGMA query_only=ON")  # (every write holds the lock: the writer's)
            con.execute("PRAGMA cache_size=-8192")  # (one per thread: 8 MiB each, not 64)
            holder = self._readers.holder = _Reader(con)
            with self.readers_lock:
                self._reader_cons.append(con)
            # a server's worker threads come and go: a thread's connection goes with it
            weakref.finalize(holder, _drop_reader, self._reader_cons, self.readers_lock, con)
        return holder.con

    def fact_index(self, *, wait: bool = True) -> FactIndex:
        """The fact index, brought up to the changes committed so far (as this thread's read
        snapshot sees them); a read (``wait=False``) does not wait for a large commit that
        another thread is applying (``FactIndex.sync``)."""
        self.index.sync(self.reader(), wait=wait)
        return self.index

    def add_scope(self, scope: str) -> None:
        """A write put passages in ``scope`` (the cache of such scopes learns it)."""
        with self.readers_lock:
            self.scopes_version += 1
            if self.scopes is not None and scope not in self.scopes:
                self.scopes = self.scopes | {scope}  # (a new set: readers may iterate the old)

    def drop_scopes(self) -> None:
        with self.readers_lock:
            self.scopes_version += 1
            self.scopes = None

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[None]:
        """One view of the store for a read of several statements (a read transaction on this
        thread's connection; inside a write, the write's own view)."""
        con = self.db
        if con is self.writer or con.in_transaction:
            yield
            return
        con.execute("BEGIN")
        try:
            yield
        finally:
            con.execute("COMMIT")

    def catch_up(self) -> None:
        """Engine memories of turns and chunks committed here but not yet written there (a
        crash between the two commits): write them now."""
        for table, tier in (("turns", "episodic"), ("chunks", "semantic")):
            cols = "id, text, scope, observed_ms" + (
                ", session_id, role, version" if table == "turns" else ", document_id, heading"
            )
            rows = self.db.execute(
                f"SELECT {cols} FROM {table} WHERE memory_written=0 AND forgotten=0"
            ).fetchall()
            if table == "turns":  # (a revised turn's copy has its version's id)
                rows = self._revised_copies(rows)
            todo = [
                r for r in rows if r[1] and not self.engine.exists(r[0], include_forgotten=True)
            ]
            if todo:
                self.engine.remember_many([self.engine_item(table, r, tier) for r in todo])
            if rows:
                self.db.executemany(
                    f"UPDATE {table} SET memory_written=1 WHERE id=?",
                    [(r[6] if table == "turns" else r[0],) for r in rows],
                )

    def _revised_copies(self, rows: list) -> list:
        """Turn rows as engine copies: the id of their version, the older versions'
        copies tombstoned (a crash fell between a revision's two commits)."""
        from .revisions import engine_id

        out = []
        for tid, text, scope, ts, session, role, version in rows:
            for v in range(1, version):
                if self.engine.exists(engine_id(tid, v)):
                    self.engine.forget(engine_id(tid, v))
            out.append((engine_id(tid, version), text, scope, ts, session, role, tid))
        return out

    @staticmethod
    def engine_item(table: str, row: Sequence[Any], tier: str) -> MemoryInput:
        if table == "turns":
            mid, text, scope, ts, session, role, tid = row
            meta = {"kind": "turn", "role": role}
            if mid != tid:
                meta["turn"] = tid
            return MemoryInput(
                text=text,
                id=mid,
                tier=tier,
                scope=scope,
                session_id=session,
                timestamp_ms=ts,
                meta=meta,
            )
        mid, text, scope, ts, doc, heading = row
        return MemoryInput(
            text=text,
            id=mid,
            tier=tier,
            scope=scope,
            timestamp_ms=ts,
            meta={"kind": "chunk", "document_id": doc, "heading": heading},
        )

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One SQLite transaction (``lifecycle`` writes in it too). Once it commits, this
        process's next read of the fact index waits for it, however large: what a process
        wrote, its own reads see. A replica never writes: every write it is asked for is a
        ``StorageError`` that says so (not SQLite's "readonly database")."""
        if self.replica:
            raise StorageError(
                f"store {self.path} is open as a replica: it never writes; write through "
                "the process that opened it with Memory.open"
            )
        with transaction(self.db, str(self.path / "knowledge.db")) as con:
            yield con
        seq = self.db.execute("SELECT MAX(seq) FROM changes").fetchone()[0]
        self.index.own_write(int(seq or 0))

    def check_writable_scope(self, scope: str) -> None:
        paths = [scope, *ancestors(scope)]
        marks = ",".join("?" * len(paths))
        row = self.db.execute(
            f"SELECT path FROM scopes WHERE tombstoned_ms IS NOT NULL AND path IN ({marks}) "
            "LIMIT 1",
            paths,
        ).fetchone()
        if row:
            raise ValidationError("scope", f"{scope!r} is closed: {row[0]!r} was tombstoned")

    def backup(self, dest: str | Path) -> Path:
        """A consistent copy of the engine's files and knowledge.db in ``dest`` (see
        ``Memory.backup``)."""
        with self.lock:  # (knowledge rows and the engine's copies of them, in one state)
            dest = self.engine.backup(dest)
            copy_sqlite(self.writer, dest / "knowledge.db")
        return dest

    @contextlib.contextmanager
    def forgetting(self) -> Iterator[None]:
        """Around a forget: the cached set of scopes holding passages is dropped before and
        after it, and the job runner learns that rows went (an upload of them stops). When
        the forget removed rows (``note_forget``), the texts it removed leave this process's
        caches too (``drop_texts``); a forget refused or of nothing keeps them."""
        before = self._forgot
        self.drop_scopes()  # recomputed on the next read
        try:
            yield
        finally:
            self.drop_scopes()
            if self.jobs is not None:
                self.jobs.forgotten()
            if self._forgot != before:  # (rows went, even if a later step failed)
                self.drop_texts()

    def note_forget(self) -> None:
        """In a forget's transaction that removes rows: one more forget in ``kmeta``, which
        the replicas following the store read (``follow``) to drop their own caches."""
        self.db.execute(
            "INSERT INTO kmeta(key, value) VALUES('forgets', '1') ON CONFLICT(key) "
            "DO UPDATE SET value = CAST(value AS INTEGER) + 1"
        )
        self._forgot += 1

    def drop_texts(self) -> None:
        """Every cache of the process keyed by what people wrote (``text_caches``), and this
        store's own: the claims' vectors and the features of facts the index does not hold."""
        text_caches.drop()
        self.vec_cache.clear()
        self.fact_features.clear()
