"""``Memory``: the knowledge-level façade most users call.

It keeps two kinds of truth apart and honest: authoritative (documents, operator upserts) and
experiential (conversation turns and what is derived from them). Every write is extracted into
claims, and one reconciler (``reconcile.py``) decides for each claim, in one SQLite transaction
with its decision trace. Turns and document chunks also go to the cognitive ``Engine`` (episodic
and semantic tiers) so that ``query`` ranks facts and passages together.

This class opens, closes and catches up the store and names the public operations; each step
of the pipeline lives in its own module (``turns``, ``ingest``, ``catalogue``, ``candidates``,
``recording``, ``redaction``, ``reads``, ``views``, ``workflow``, ``lifecycle``; see
docs/knowledge.md).
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

from ..embed.contextual import CONTEXTUAL_MODEL_ID
from ..embed.contextual import shared as contextual_shared
from ..engine import Engine, EngineConfig, MemoryInput
from ..engine.engine import copy_sqlite
from ..errors import NotFoundError, StorageError, ValidationError
from ..store.sqlite import connect, storage_error, transaction
from . import (
    browse,
    explain,
    graph_view,
    ingest,
    items,
    listing,
    overview,
    reads,
    redaction,
    revisions,
    statement_vectors,
    turns,
    views,
    workflow,
)
from .access import Caller
from .catalogue import template_words
from .clock import now_ms, to_ms
from .documents.budget import DOCUMENT_READ_SECONDS, JOB_NICE, check_job_nice
from .fact_index import FactIndex
from .jobs import JobRunner, Rights
from .reconcile import CONFIDENCE_FLOOR
from .results import DocumentResult, Fact, Job, QueryHit, StoredMemory, WriteResult
from .schema import KNOWLEDGE_SCHEMA, SCHEMA_VERSION, migrate
from .scopes import ancestors, check_lens, check_scope
from .statement_vectors import StatementEncoder
from .vocab import canonical_key, entity_type

__all__ = ["Memory"]


class _Reader:
    """A thread's reader connection (the thread-local slot; closed when the thread ends)."""

    def __init__(self, con: sqlite3.Connection):
        self.con = con


def _drop_reader(cons: list, lock: threading.Lock, con: sqlite3.Connection) -> None:
    with lock:
        if con in cons:
            cons.remove(con)
            con.close()


class Memory:
    """An open knowledge store (an ``Engine`` plus ``knowledge.db`` in the same directory)."""

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
        self._llm = None
        if llm is not None:  # stages 1-2 of the cascade; httpx and pydantic only when asked for
            from .extract.llm import LLMExtractor

            self._llm = LLMExtractor(llm)
        #: a read-only view of a store another process writes (``open_replica``)
        self.replica = replica
        #: where a replica sends the ids of the facts its queries returned (the writer
        #: reinforces them); None drops them
        self.on_reinforce: Callable[[list[int]], object] | None = None
        if replica:
            self._writer = connect(path / "knowledge.db")  # (never written: query_only)
            self._writer.execute("PRAGMA query_only=ON")
            self._seen_version: int | None = None
            self._follow_lock = threading.Lock()
        else:
            self._writer = connect(path / "knowledge.db")
            # freed space is overwritten with zeros: a purged row leaves no copy in the file
            self._writer.execute("PRAGMA secure_delete=ON")
            self._writer.executescript(KNOWLEDGE_SCHEMA)
            migrate(self._writer)
            self._writer.execute(
                "INSERT OR IGNORE INTO kmeta(key, value) VALUES('schema_version', ?)",
                (SCHEMA_VERSION,),
            )
        self._lock = threading.RLock()
        self._readers = threading.local()
        self._reader_cons: list[sqlite3.Connection] = []
        self._readers_lock = threading.Lock()
        self._closed = False
        #: facts a query returned while a write held the store: reinforced by the next query
        #: that finds it free (a read never waits for a write)
        self._reinforce_later: list[int] = []
        self._vec_cache: dict[str, np.ndarray] = {}
        #: fact id -> its embeddings and words, for the facts the index holds no vectors of
        #: (``reads._features``)
        self._fact_features: dict[int, tuple[np.ndarray, np.ndarray, set[str], str]] = {}
        #: every fact not forgotten, searchable without reading them all (``fact_index``)
        self._index = FactIndex(
            self.engine.embedder.dim,
            lambda rows: reads.index_vectors(self, rows),
            reads.index_words,
            template_words,
            self._reader,
            nice=self.job_nice,
        )
        self._scopes: set[str] | None = None
        #: bumped by every change to the scopes that hold passages, so that a query that read
        #: them from an older snapshot does not keep its set (``reads._passage_scopes``)
        self._scopes_version = 0
        #: the writer's thread that stores curated statements' contextual encodings for
        #: every process to read (``statement_vectors``; None: each read computes its own)
        self._statements: StatementEncoder | None = None
        if replica:
            self._jobs = None  # (jobs are the writer's)
            return
        with self._lock:
            self._catch_up()
        if encode_statements:
            self._statements = StatementEncoder(
                CONTEXTUAL_MODEL_ID,
                # (a closed store has nothing more to encode: no connection is opened again)
                lambda after, n, document: (
                    []
                    if self._closed
                    else statement_vectors.pending(self._reader(), after, n, document)
                ),
                lambda texts: contextual_shared().embed(texts),
                self._save_statement_vectors,
                self.job_nice,
            )
            self._statements.wake()  # (facts stored before, or by a run that stopped)
        self._jobs = JobRunner(self, job_rights)
        self._jobs.recover()

    def _save_statement_vectors(self, rows: list[statement_vectors.Stored]) -> None:
        with self._lock:
            if self._closed:
                return
            with self._transaction() as con:
                statement_vectors.save(con, rows)

    def curated_written(self, document: int) -> None:
        """An upload published ``document``'s curated facts: their statements are encoded
        ahead, if this store does that (``encode_statements``)."""
        if self._statements is not None:
            self._statements.wake(document)

    # ------------------------------------------------------------------ opening and closing
    @classmethod
    def open(
        cls,
        path: str | Path,
        *,
        embedder: Any = None,
        engine_config: EngineConfig | None = None,
        confidence_floor: float = CONFIDENCE_FLOOR,
        llm: Any = None,
        job_rights: Rights | None = None,
        document_read_s: float | None = DOCUMENT_READ_SECONDS,
        job_nice: int = JOB_NICE,
        encode_statements: bool = False,
    ) -> Memory:
        """Open (or create) a store in directory ``path``: no server, network or LLM needed.
        ``llm`` (an ``extract.llm.LLMConfig``: any OpenAI-compatible chat endpoint) adds
        extraction stages 1 and 2 on top of the heuristics; their failures are reported in each
        ``WriteResult.errors`` and as open uncertainties, never as a failed write.
        ``job_rights`` looks up the rights of a background job's submitter when it runs (see
        ``knowledge.jobs``); jobs interrupted by a crash run again now. ``document_read_s``: how
        long reading one uploaded document may take before it is refused (None: no limit).
        ``job_nice``: how many steps of CPU priority below the process's requests a background
        upload job reads its document (Linux; 0 to 19, 0: the same), so a big upload does not
        slow the queries beside it. ``encode_statements``: a thread of this store encodes
        uploaded statements for the contextual rerank ahead of the queries and stores them for
        every process that reads the store (the server's writer does; otherwise a query encodes
        the statements it ranks, once per process)."""
        path = Path(path)
        engine = Engine.open(path, embedder=embedder, config=engine_config)
        try:
            return cls(
                path,
                engine,
                confidence_floor,
                llm,
                job_rights,
                document_read_s=document_read_s,
                job_nice=job_nice,
                encode_statements=encode_statements,
            )
        except BaseException:
            engine.close()
            raise

    @classmethod
    def open_replica(
        cls,
        path: str | Path,
        *,
        embedder: Any = None,
        engine_config: EngineConfig | None = None,
        confidence_floor: float = CONFIDENCE_FLOOR,
        job_nice: int = JOB_NICE,
    ) -> Memory:
        """A read-only view of the store in ``path`` that another process has open for
        writing (``Engine.open_replica``): its reads see every write the writer has
        committed; it writes nothing (the facts its queries return are handed to
        ``on_reinforce``, for the writer to reinforce). ``job_nice``: how far below its
        queries' CPU priority it reads and embeds a large commit of the writer's."""
        path = Path(path)
        if not (path / "knowledge.db").is_file():
            raise StorageError(f"{path}: no store to follow (open it for writing first)")
        engine = Engine.open_replica(path, embedder=embedder, config=engine_config)
        try:
            return cls(path, engine, confidence_floor, replica=True, job_nice=job_nice)
        except BaseException:
            engine.close()
            raise

    def reinforce_returned(self, fact_ids: Sequence[int]) -> None:
        """Reinforce facts a replica's queries returned (as if this store's own queries had:
        ``reads.reinforce``)."""
        if self.replica:
            raise StorageError(f"store {self.path} is open as a replica: it never writes")
        reads.reinforce(self, [int(i) for i in fact_ids])

    def _follow(self) -> None:
        """A replica's caches that a write by the writer makes stale, dropped when SQLite
        says it committed (the other caches check a signature of what they hold)."""
        if not self.replica:
            return
        with self._follow_lock:  # (dropped before any query can read the new version)
            version = int(self._writer.execute("PRAGMA data_version").fetchone()[0])
            if version != self._seen_version:
                self._drop_scopes()
                self._seen_version = version

    def close(self) -> None:
        """Close the store; a running job stops at its next step and runs again on the next
        open."""
        if self._jobs is not None:
            self._jobs.close()
        if self._statements is not None:
            self._statements.close()
        self._index.close()  # (its filling thread embeds with the engine's model)
        with self._lock:
            if self._closed:
                return
            self._closed = True
            try:
                if self._llm is not None:
                    with contextlib.suppress(Exception):  # (its connections only)
                        self._llm.close()
                self.engine.close()  # (releases its files even when its checkpoint fails)
            finally:  # a full disk must not keep the files open or the store locked
                with self._readers_lock:
                    for con in self._reader_cons:
                        con.close()
                    self._reader_cons.clear()
                try:
                    self._writer.close()
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
        if not self.replica and (self._lock._is_owned() or self._closed):  # type: ignore[attr-defined]
            return self._writer
        return self._reader()

    def _reader(self) -> sqlite3.Connection:
        """This thread's read connection (committed rows only), even while it holds the lock."""
        holder = getattr(self._readers, "holder", None)
        if holder is None:
            con = connect(self.path / "knowledge.db")
            con.execute("PRAGMA query_only=ON")  # (every write holds the lock: the writer's)
            con.execute("PRAGMA cache_size=-8192")  # (one per thread: 8 MiB each, not 64)
            holder = self._readers.holder = _Reader(con)
            with self._readers_lock:
                self._reader_cons.append(con)
            # a server's worker threads come and go: a thread's connection goes with it
            weakref.finalize(holder, _drop_reader, self._reader_cons, self._readers_lock, con)
        return holder.con

    def fact_index(self, *, wait: bool = True) -> FactIndex:
        """The fact index, brought up to the changes committed so far (as this thread's read
        snapshot sees them); a read (``wait=False``) does not wait for a large commit that
        another thread is applying (``FactIndex.sync``)."""
        self._index.sync(self._reader(), wait=wait)
        return self._index

    def _add_scope(self, scope: str) -> None:
        """A write put passages in ``scope`` (the cache of such scopes learns it)."""
        with self._readers_lock:
            self._scopes_version += 1
            if self._scopes is not None and scope not in self._scopes:
                self._scopes = self._scopes | {scope}  # (a new set: readers may iterate the old)

    def _drop_scopes(self) -> None:
        with self._readers_lock:
            self._scopes_version += 1
            self._scopes = None

    @contextlib.contextmanager
    def _snapshot(self) -> Iterator[None]:
        """One view of the store for a read of several statements (a read transaction on this
        thread's connection; inside a write, the write's own view)."""
        con = self.db
        if con is self._writer or con.in_transaction:
            yield
            return
        con.execute("BEGIN")
        try:
            yield
        finally:
            con.execute("COMMIT")

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _catch_up(self) -> None:
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
                self.engine.remember_many([self._engine_item(table, r, tier) for r in todo])
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
    def _engine_item(table: str, row: Sequence[Any], tier: str) -> MemoryInput:
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

    # ------------------------------------------------------------------ writes
    def remember(
        self,
        text: str | None = None,
        *,
        scope: str,
        session_id: str | None = None,
        role: str = "user",
        observed_at: datetime | int | str | None = None,
        triples: Iterable[Mapping[str, Any]] | None = None,
        source_kind: str | None = None,
        caller: Caller | None = None,
        metadata: Mapping[str, Any] | None = None,
        extract: bool = True,
    ) -> WriteResult:
        """Remember a conversation turn (``text``) or structured facts (``triples``).

        A turn becomes an episodic memory plus the facts extracted from it; ``triples`` (dicts
        with ``subject``, ``key`` or ``predicate``, ``value`` or ``object``, optional ``type``,
        ``category``) are authoritative with ``source_kind="upsert"`` (the default) and
        experiential with ``"turn"``, ``"consolidation"``, ``"reflect"`` or ``"elaboration"``.

        "I" in a turn is the owner of the personal scope it is written to (``speaker_of``: the
        segment after the first ``user/``, ``users/``, ``person/``, ``people/`` or
        ``customer/``), never merely its last segment. A turn revokes ("you no longer need
        to ...") active instructions of its own scope only.

        ``caller`` (see :mod:`.access`; None: embedded use, every right) must hold
        ``memory:write`` over ``scope`` (and ``memory:curate`` for an upsert), else
        ``ForbiddenError``. The write is then reconciled only against rows the caller may read
        (a claim about a curated value it may not read neither conflicts with nor corroborates
        it, and that row is left unchanged), the result shows only what it may read, and the
        write's source row records ``caller.provenance()``.

        ``metadata`` (a JSON object) is kept with the turn and returned by ``memory`` and
        ``memories``, which can filter on it; ``extract=False`` stores the turn without
        reading facts from it (mem0's ``infer=False``)."""
        return turns.remember(
            self,
            text,
            scope=scope,
            session_id=session_id,
            role=role,
            observed_at=observed_at,
            triples=triples,
            source_kind=source_kind,
            caller=caller,
            metadata=metadata,
            extract=extract,
        )

    # ------------------------------------------------------------------ managing memories
    def memory(self, id: str, *, caller: Caller | None = None) -> StoredMemory:
        """One remembered turn as it is now (``NotFoundError`` if forgotten or unreadable)."""
        return listing.memory(self, id, caller)

    def memories(
        self,
        *,
        lens: str | Sequence[str] | None = None,
        session_id: str | None = None,
        role: str | None = None,
        since: datetime | int | str | None = None,
        until: datetime | int | str | None = None,
        metadata: Mapping[str, Any] | None = None,
        limit: int = 100,
        offset: int = 0,
        caller: Caller | None = None,
    ) -> list[StoredMemory]:
        """A page of remembered turns, oldest first: those the lens sees (and ``caller`` may
        read), of one session or role, stored in [since, until), whose metadata holds every
        pair of ``metadata``."""
        return listing.memories(
            self,
            check_lens(lens),
            session_id=session_id,
            role=role,
            since_ms=to_ms(since, "since"),
            until_ms=to_ms(until, "until"),
            metadata=metadata,
            limit=limit,
            offset=offset,
            caller=caller,
        )

    def iter_memories(
        self,
        *,
        lens: str | Sequence[str] | None = None,
        session_id: str | None = None,
        caller: Caller | None = None,
    ) -> Iterator[StoredMemory]:
        """Every remembered turn the lens (and ``caller``) admit, oldest first, in one pass."""
        return listing.iter_memories(self, check_lens(lens), session_id=session_id, caller=caller)

    def revise(
        self,
        id: str,
        text: str,
        *,
        metadata: Mapping[str, Any] | None = revisions.UNCHANGED,
        extract: bool = True,
        caller: Caller | None = None,
    ) -> WriteResult:
        """Correct a remembered turn in place: same id, a new version (the old text stays
        in ``memory_history``); the facts read from the old text close and the new text is
        read again. ``caller`` needs ``memory:write`` over the turn's scope."""
        self._drop_scopes()
        return revisions.revise(self, id, text, metadata=metadata, extract=extract, caller=caller)

    def correct_fact(
        self, id: str | int, value: str, *, caller: Caller | None = None
    ) -> WriteResult:
        """Correct one live fact by id (``"fact:12"`` or 12): a versioned correction (the old
        row closes, superseded by the new one; ``history`` shows both). A curated fact needs
        ``memory:curate`` over its scope; a belief that now contradicts curated knowledge is
        a conflict, as in any write (see ``corrections``)."""
        from .corrections import correct_fact

        return correct_fact(self, id, value, caller)

    def memory_history(self, id: str, *, caller: Caller | None = None) -> list[dict[str, Any]]:
        """Every version of a remembered turn or item, oldest first (see ``revisions``)."""
        return revisions.history(self, id, caller)

    def export(self) -> Iterator[str]:
        """The store as JSON lines: a header with the embedding model id, then every live row
        of every knowledge table (see ``export``; ``import_lines`` reads them back)."""
        from .export import export_lines

        return export_lines(self)

    def import_lines(self, lines: Iterable[str]) -> dict[str, Any]:
        """An export's lines into this store, which must be empty; all or nothing."""
        from .export import import_lines

        return import_lines(self, lines)

    # ------------------------------------------------------------------ keyed items
    def put_item(
        self,
        scope: str,
        key: str,
        value: dict[str, Any],
        *,
        text: str | None = None,
        ttl_ms: int | None = None,
        caller: Caller | None = None,
    ) -> items.Item:
        """Store a JSON object under (scope, key) (see ``items``): a put of a live key is a
        new version. ``text`` is what recall searches (None: the value as JSON; "": not
        searchable); ``ttl_ms``: forgotten that long after its last put or read."""
        if text is None:
            text = json.dumps(value, ensure_ascii=False) if isinstance(value, dict) else ""
        return items.put(self, scope, key, value, text=text, ttl_ms=ttl_ms, caller=caller)

    def get_item(
        self, scope: str, key: str, *, refresh: bool = True, caller: Caller | None = None
    ) -> items.Item | None:
        return items.get(self, scope, key, refresh=refresh, caller=caller)

    def delete_item(self, scope: str, key: str, *, caller: Caller | None = None) -> bool:
        return items.delete(self, scope, key, caller=caller)

    def items(self, prefix: str | None = None, *, caller: Caller | None = None) -> list[items.Item]:
        """Live items at ``prefix`` or below it (None: all), most recently changed first."""
        return list(items.scan(self, check_scope(prefix) if prefix else None, caller=caller))

    def sweep_items(self) -> int:
        """Forget the items past their time to live; how many."""
        return items.sweep(self)

    def upload(
        self,
        source: str | Path | bytes,
        *,
        scope: str,
        name: str | None = None,
        media_type: str | None = None,
        observed_at: datetime | int | str | None = None,
        caller: Caller | None = None,
    ) -> DocumentResult:
        """Upload an authoritative document (text, Markdown, HTML, PDF, JSON, CSV): identical
        bytes are recognised; a changed file of the same name is a new version that supersedes
        the facts of the old one. Chunks go to the engine's semantic tier, rows become triples,
        prose becomes typed claims.

        ``caller`` (None: embedded use) must hold ``memory:write`` and ``memory:curate`` over
        ``scope`` (``ForbiddenError``); the document is reconciled against, and its result
        shows, only what the caller may read (as for ``remember``)."""
        return ingest.upload(
            self,
            source,
            scope=scope,
            name=name,
            media_type=media_type,
            observed_at=observed_at,
            caller=caller,
        )

    def backup(self, dest: str | Path) -> Path:
        """A consistent copy of the whole store (the engine's files and knowledge.db) in
        ``dest``, a new or empty directory, taken while the store is open: writes (and jobs)
        wait for the copy, reads go on. The copy opens as a store of its own."""
        with self._lock:  # (knowledge rows and the engine's copies of them, in one state)
            dest = self.engine.backup(dest)
            copy_sqlite(self._writer, dest / "knowledge.db")
        return dest

    # ------------------------------------------------------------------ background jobs
    def submit_upload(
        self,
        source: str | Path | bytes,
        *,
        scope: str,
        name: str | None = None,
        media_type: str | None = None,
        observed_at: datetime | int | str | None = None,
        caller: Caller | None = None,
    ) -> Job:
        """``upload`` as a background job: checked now (rights, scope, size), stored with the
        document before this returns, run in order by the store's worker thread. Follow it
        with ``job`` or ``wait_job``; ``cancel_job`` stops it."""
        return self._jobs.submit_upload(
            source,
            scope=scope,
            name=name,
            media_type=media_type,
            observed_at=observed_at,
            caller=caller,
        )

    def job(self, id: str, *, caller: Caller | None = None) -> Job:
        """A job with its state and progress (``NotFoundError`` if it is not the caller's)."""
        return self._jobs.get(id, caller)

    def jobs(
        self, *, state: str | None = None, limit: int = 100, caller: Caller | None = None
    ) -> list[Job]:
        """The caller's jobs, newest first."""
        return self._jobs.list(caller, state=state, limit=limit)

    def wait_job(
        self, id: str, *, timeout: float | None = None, caller: Caller | None = None
    ) -> Job:
        """The job once it has finished (or as it is after ``timeout`` seconds)."""
        return self._jobs.wait(id, timeout, caller)

    def cancel_job(self, id: str, *, caller: Caller | None = None) -> Job:
        """Cancel a job: at once while it waits, at its next step while it runs (nothing of it
        stays), not at all once its write has committed."""
        return self._jobs.cancel(id, caller)

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One SQLite transaction (``lifecycle`` writes in it too). Once it commits, this
        process's next read of the fact index waits for it, however large: what a process
        wrote, its own reads see."""
        with transaction(self.db, str(self.path / "knowledge.db")) as con:
            yield con
        seq = self.db.execute("SELECT MAX(seq) FROM changes").fetchone()[0]
        self._index.own_write(int(seq or 0))

    # ------------------------------------------------------------------ reads
    def region(self, readable):
        """Within this block every read also passes ``readable(scope) -> bool`` (the server's
        grant check, fail-closed); a lens still narrows inside it."""
        return redaction.region(self, readable)

    # views (and the tests) call these four by their Memory names
    def _visible(self, scope: str, paths) -> bool:
        return redaction.is_visible(scope, paths)

    def _fact(self, fid: int) -> Fact:
        return reads.fact(self, fid)

    def facts(
        self,
        *,
        lens: str | Sequence[str] | None = None,
        as_of: datetime | int | str | None = None,
        include_closed: bool = False,
        now: int | None = None,
    ) -> list[Fact]:
        """Facts visible through ``lens``: live now (or at ``as_of``: known by then and not yet
        closed), unexpired; with ``include_closed`` every row ever stored."""
        return reads.facts(self, lens=lens, as_of=as_of, include_closed=include_closed, now=now)

    def query(
        self,
        text: str,
        *,
        lens: str | Sequence[str] | None = None,
        k: int = 10,
        mode: str = "hybrid",
        as_of: datetime | int | str | None = None,
        explain: bool = False,
        one_per_text: bool = True,
    ) -> list[QueryHit]:
        """Facts and passages (document chunks, conversation turns) ranked together. ``mode``:
        ``hybrid`` (the engine's cognitive recall), ``vector`` (similarity only), ``bm25``
        (words only) or ``graph`` (facts of the entities the query names, then their passages).
        A text comes back once (a turn and the fact read from it say the same words): the
        best-ranked hit, naming the others in ``source["same_text"]``; ``one_per_text=False``
        returns every row."""
        self._follow()
        return reads.query(
            self,
            text,
            lens=lens,
            k=k,
            mode=mode,
            as_of=as_of,
            explain=explain,
            one_per_text=one_per_text,
        )

    def _passage_hits(self, text, paths, k, mode, at, explain) -> list[QueryHit]:
        return reads.passage_hits(self, text, paths, k, mode, at, explain)

    def uncertainties(
        self, *, lens: str | Sequence[str] | None = None, include_resolved: bool = False
    ) -> list[dict[str, Any]]:
        return reads.uncertainties(self, lens=lens, include_resolved=include_resolved)

    def trace_detail(self, detail: dict[str, Any]) -> dict[str, Any]:
        """A trace's detail as the current reader (``region``) may see it: ids of facts and
        entities it may not read are dropped, with the names they carry."""
        return reads.trace_detail(self, detail)

    def conflicts(
        self, *, lens: str | Sequence[str] | None = None, include_resolved: bool = False
    ) -> list[dict[str, Any]]:
        """Open (or every) conflict between a belief and curated knowledge, with both sides;
        a resolved one carries its ``resolution``, ``note``, ``resolved_ms``, ``resolved_by``."""
        return views.conflicts(self, check_lens(lens), include_resolved)

    def resolve_conflict(
        self,
        id: int | str,
        *,
        outcome: str,
        note: str | None = None,
        caller: Caller | None = None,
    ) -> dict[str, Any]:
        """Act on a conflict: ``"uphold"`` (the curated fact stands; the belief is closed,
        superseded by it), ``"accept"`` (the curated fact is outdated and is closed; needs
        ``memory:curate`` over its scope) or ``"dismiss"`` (not a conflict; both stay, and
        the pair is never opened again). Needs ``memory:write`` over the conflict's scope; a
        conflict with a side the caller may not read is a ``NotFoundError``. Returns the
        conflict with its ``resolution`` and the facts it ``closed`` (see ``workflow``)."""
        return workflow.resolve_conflict(self, id, outcome=outcome, note=note, caller=caller)

    def resolve_uncertainty(self, id: int) -> None:
        with self._lock:
            cur = self.db.execute(
                "UPDATE uncertainties SET resolved=1, resolved_ms=? WHERE id=? AND resolved=0",
                (now_ms(), id),
            )
            if cur.rowcount == 0:
                raise NotFoundError(str(id))

    def instructions(
        self, *, lens: str | Sequence[str] | None = None, include_revoked: bool = False
    ) -> list[dict[str, Any]]:
        return reads.instructions(self, lens=lens, include_revoked=include_revoked)

    def state(
        self,
        *,
        lens: str | Sequence[str] | None = None,
        as_of=None,
        limit: int | None = None,
        offset: int = 0,
    ) -> dict[str, Any]:
        """Live facts by category, instructions, unknowns and open conflicts. Each list is
        paged alike (``offset`` items skipped, at most ``limit`` kept; None: all); ``page``
        gives the offset, the limit and each list's ``totals``."""
        return views.state(self, check_lens(lens), to_ms(as_of, "as_of"), limit, offset)

    def profile(self, *, lens: str | Sequence[str] | None = None) -> dict[str, Any]:
        return views.profile(self, check_lens(lens))

    def context(
        self,
        query: str | None = None,
        *,
        lens: str | Sequence[str] | None = None,
        k: int = 8,
        budget: int = views.DEFAULT_BUDGET,
    ) -> str:
        """A prompt block of at most ``budget`` characters (default 4,000), most relevant
        first: instructions and open conflicts, curated facts ranked by ``query``, beliefs,
        then up to ``k`` passages; a last line counts what was left out. It never mixes
        people: unless the lens names exactly one person (the owner of a personal scope such
        as ``org/acme/user/bob``), it holds only what is common to all, nothing of any
        personal scope."""
        self._follow()
        return views.context(self, query, check_lens(lens), k, budget)

    def entity(
        self, type: str, name: str, *, as_of=None, lens: str | Sequence[str] | None = None
    ) -> dict[str, Any]:
        return views.entity(self, entity_type(type), name, to_ms(as_of, "as_of"), check_lens(lens))

    def history(
        self, type: str, name: str, key: str, *, lens: str | Sequence[str] | None = None
    ) -> list[Fact]:
        return views.history(self, entity_type(type), name, canonical_key(key), check_lens(lens))

    # ------------------------------------------------------------------ looking inside
    def browse(
        self,
        *,
        lens: str | Sequence[str] | None = None,
        kind: str | Sequence[str] | None = None,
        state: str | Sequence[str] | None = None,
        scope: str | None = None,
        session_id: str | None = None,
        text: str | None = None,
        since=None,
        until=None,
        limit: int = 50,
        offset: int = 0,
        caller: Caller | None = None,
    ) -> dict[str, Any]:
        """Every kind of row (turn, item, fact, chunk, instruction) in every state (live,
        superseded, expired, forgotten: a forgotten row shows no text), newest first, a page
        at a time, with the ``total`` that match (see ``browse``)."""
        return browse.browse(
            self,
            check_lens(lens),
            kind=kind,
            state=state,
            scope=scope,
            session_id=session_id,
            text=text,
            since_ms=to_ms(since, "since"),
            until_ms=to_ms(until, "until"),
            limit=limit,
            offset=offset,
            caller=caller,
        )

    def record(
        self,
        kind: str,
        id: str,
        *,
        lens: str | Sequence[str] | None = None,
        caller: Caller | None = None,
    ) -> dict[str, Any]:
        """One row of ``browse`` in detail: clocks, provenance, supersession chain, history."""
        return browse.record(self, kind, str(id), check_lens(lens), caller)

    def overview(
        self, *, lens: str | Sequence[str] | None = None, caller: Caller | None = None
    ) -> dict[str, Any]:
        """Counts per kind and state, per engine tier, and open conflicts, of what the reader
        may see."""
        return overview.overview(self, check_lens(lens), caller)

    def store_health(self, *, check: bool = False) -> dict[str, Any]:
        """The whole store's log, segments and index (for administrators); ``check`` adds the
        knowledge tables' integrity check (it reads the whole file)."""
        return overview.store_health(self, check)

    def graph(
        self,
        root: str | None = None,
        *,
        root_type: str | None = None,
        depth: int = 2,
        limit: int = 200,
        as_of=None,
        lens: str | Sequence[str] | None = None,
    ) -> dict[str, Any]:
        """The entity graph around ``root`` (see ``graph_view``): ≤ 2 hops, ≤ 500 nodes."""
        return graph_view.graph(
            self,
            root,
            root_type=entity_type(root_type) if root_type else None,
            depth=depth,
            limit=limit,
            as_of=to_ms(as_of, "as_of"),
            lens=check_lens(lens),
        )

    def graph_node(
        self, type: str, name: str, *, as_of=None, lens: str | Sequence[str] | None = None
    ) -> dict[str, Any]:
        """An entity's facts at ``as_of`` and the memories they were read from."""
        return graph_view.node(
            self, entity_type(type), name, as_of=to_ms(as_of, "as_of"), lens=check_lens(lens)
        )

    def why_not(
        self,
        id: str,
        query: str,
        *,
        lens: str | Sequence[str] | None = None,
        k: int = 10,
        mode: str = "hybrid",
        caller: Caller | None = None,
    ) -> dict[str, Any]:
        """Why the turn or chunk ``id`` is, or is not, among the passages recalled for
        ``query`` (the engine's ``why_not`` in the reader's scopes)."""
        return explain.why_not(
            self, str(id), query, check_lens(lens), k=k, mode=mode, caller=caller
        )

    # ------------------------------------------------------------------ lifecycle
    def forget(
        self,
        query: str | None = None,
        *,
        id: str | int | None = None,
        scope: str | None = None,
        purge: bool = False,
        caller: Caller | None = None,
        lens: str | Sequence[str] | None = None,
        extracted: bool = False,
        dry_run: bool = False,
    ) -> dict[str, Any]:
        """Forget by fact id (``"fact:12"`` or 12), by turn/chunk id, by query (the facts and
        passages it finds best, score above half the best, and only those related to it: a
        word of its own text shared, or a meaning at least
        ``lifecycle.FORGET_MIN_SIMILARITY`` close; when none is, zero counts), or a whole
        scope subtree. Soft by default (rows stay, marked forgotten, out of every read);
        ``purge`` deletes every copy: the rows, their provenance, traces and observations, the
        sources only they used, and the engine's record, full-text entry and log frames.

        ``caller`` (None: embedded use, every right): forgetting a row needs ``memory:forget``
        over its scope, and ``memory:curate`` as well for an authoritative row (a curated fact
        or entity, a document chunk, a document). By id: a row the caller may not read is a
        ``NotFoundError``, one it may not forget a ``ForbiddenError``. By query: only rows it
        may read and forget are candidates, and with ``lens`` only rows at or below its paths
        (never an ancestor's, which the lens reads). By scope: every row of the subtree is
        checked and, if any is not covered, ``ForbiddenError`` and nothing is removed.

        ``extracted`` (by id, a turn): what was read from the turn (its facts, instructions,
        uncertainties) is forgotten with it even when soft (a purge always takes it along).

        ``dry_run``: checked exactly as the real call (the same errors), nothing removed; the
        counts of what would go, ``dryRun: True`` and ``wouldForget`` (the first 100 rows the
        caller may read: kind, id, scope, text)."""
        from .lifecycle import forget

        args = (
            self,
            query,
            id,
            check_scope(scope) if scope else None,
            purge,
            caller,
            check_lens(lens),
            extracted,
        )
        if dry_run:
            return forget(*args, dry_run=True)
        self._drop_scopes()  # recomputed on the next read
        try:
            return forget(*args)
        finally:
            self._drop_scopes()
            self._jobs.forgotten()

    def forget_ids(
        self,
        ids: Sequence[str | int],
        *,
        purge: bool = False,
        caller: Caller | None = None,
        extracted: bool = False,
    ) -> dict[str, int]:
        """``forget(id=...)`` of each id, in one transaction and all or none: every id is
        checked as ``forget`` checks it (``NotFoundError``, ``ForbiddenError``) before any row
        is removed."""
        from .lifecycle import forget_ids

        self._drop_scopes()
        try:
            return forget_ids(self, list(ids), purge, caller, extracted)
        finally:
            self._drop_scopes()
            self._jobs.forgotten()

    def check_forget(
        self,
        *,
        id: str | int | None = None,
        scope: str | None = None,
        purge: bool = False,
        caller: Caller | None = None,
    ) -> None:
        """Raise what ``forget(id=..., purge=..., caller=...)`` or ``forget(scope=..., ...)``
        would (``NotFoundError``, ``ForbiddenError``) without forgetting anything: a server
        checks rights before it replays a stored response."""
        from .lifecycle import check_forget

        check_forget(self, id, check_scope(scope) if scope else None, caller, purge)

    # ------------------------------------------------------------------ scope paths
    def register_scope(self, path: str) -> dict[str, Any]:
        """Name a scope path (writes need no registration; this is the vocabulary a UI or an
        administrator keeps). Registering a tombstoned path opens it again."""
        path = check_scope(path)
        now = now_ms()
        with self._lock:
            self.db.execute(
                "INSERT INTO scopes(path, created_ms) VALUES(?, ?) ON CONFLICT(path) DO UPDATE "
                "SET tombstoned_ms=NULL",
                (path, now),
            )
        return {"path": path, "tombstoned": False}

    def tombstone_scope(self, path: str) -> dict[str, Any]:
        """Close a scope path and everything below it to new writes; what is stored stays
        (forget it with ``forget(scope=...)``)."""
        path = check_scope(path)
        now = now_ms()
        with self._lock:
            self.db.execute(
                "INSERT INTO scopes(path, created_ms, tombstoned_ms) VALUES(?, ?, ?) "
                "ON CONFLICT(path) DO UPDATE SET tombstoned_ms=excluded.tombstoned_ms",
                (path, now, now),
            )
        return {"path": path, "tombstoned": True}

    def scopes(self) -> list[dict[str, Any]]:
        """Registered scope paths and the paths that hold records."""
        out: dict[str, dict[str, Any]] = {}
        for path, created, tomb in self.db.execute(
            "SELECT path, created_ms, tombstoned_ms FROM scopes"
        ):
            out[path] = {
                "path": path,
                "registered": True,
                "createdMs": created,
                "tombstoned": tomb is not None,
            }
        # (documents and instructions too: a forget by query purges a document's chunks and
        # facts but keeps the document, listed, and its scope holds it still)
        for (path,) in self.db.execute(
            "SELECT scope FROM turns UNION SELECT scope FROM chunks UNION SELECT scope FROM facts "
            "UNION SELECT scope FROM documents UNION SELECT scope FROM instructions"
        ):
            out.setdefault(path, {"path": path, "registered": False, "tombstoned": False})
        return [out[p] for p in sorted(out) if self._visible(p, None)]

    def _check_writable_scope(self, scope: str) -> None:
        paths = [scope, *ancestors(scope)]
        marks = ",".join("?" * len(paths))
        row = self.db.execute(
            f"SELECT path FROM scopes WHERE tombstoned_ms IS NOT NULL AND path IN ({marks}) "
            "LIMIT 1",
            paths,
        ).fetchone()
        if row:
            raise ValidationError("scope", f"{scope!r} is closed: {row[0]!r} was tombstoned")

    def forget_document(
        self, doc_id: int, *, purge: bool = False, caller: Caller | None = None
    ) -> dict[str, int]:
        """Forget an uploaded document (every version's row of this id): its chunks leave
        recall, its facts close (kept as history unless ``purge``, which deletes every copy as
        ``forget`` does). ``caller``: a document it may not read is a ``NotFoundError``; one
        it may not forget and curate a ``ForbiddenError``."""
        from .lifecycle import forget_document

        self._drop_scopes()
        try:
            return forget_document(self, doc_id, purge, caller)
        finally:
            self._drop_scopes()
            self._jobs.forgotten()

    def consolidate(self, *, min_proof: int = 3, now: int | None = None) -> dict[str, int]:
        from .lifecycle import consolidate

        return consolidate(self, min_proof, now if now is not None else now_ms())

    def elaborate(self) -> dict[str, int]:
        from .lifecycle import elaborate

        return elaborate(self)
