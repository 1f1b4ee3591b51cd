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
import dataclasses
import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from ..engine import Engine, EngineConfig
from ..errors import NotFoundError, StorageError
from . import (
    browse,
    explain,
    graph_view,
    ingest,
    inventory,
    items,
    listing,
    overview,
    reads,
    redaction,
    revisions,
    turns,
    views,
    workflow,
)
from .access import Caller
from .clock import now_ms, to_ms
from .documents.budget import DOCUMENT_READ_SECONDS, JOB_NICE
from .fact_index import FactIndex
from .jobs import JobRunner, Rights
from .open_store import OpenStore
from .reconcile import CONFIDENCE_FLOOR
from .results import (
    ChunkInfo,
    DocumentInfo,
    DocumentResult,
    Fact,
    Job,
    QueryHit,
    SessionInfo,
    StoredMemory,
    TraceInfo,
    TurnInfo,
    WriteResult,
)
from .scopes import check_lens, check_scope
from .vocab import canonical_key, entity_type

__all__ = ["Memory"]


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
        self._store = OpenStore(
            path,
            engine,
            confidence_floor,
            llm,
            job_rights,
            replica=replica,
            document_read_s=document_read_s,
            job_nice=job_nice,
            encode_statements=encode_statements,
        )

    @property
    def path(self) -> Path:
        """The store's directory."""
        return self._store.path

    @property
    def engine(self) -> Engine:
        """The cognitive engine the turns and chunks are remembered in."""
        return self._store.engine

    @property
    def confidence_floor(self) -> float:
        return self._store.confidence_floor

    @property
    def replica(self) -> bool:
        """A read-only view of a store another process writes (``open_replica``)."""
        return self._store.replica

    @property
    def document_read_s(self) -> float | None:
        """How long reading one uploaded document may take (None: no limit)."""
        return self._store.document_read_s

    @property
    def job_nice(self) -> int:
        """How far below requests a background job reads its document."""
        return self._store.job_nice

    @property
    def on_reinforce(self) -> Callable[[list[int]], object] | None:
        """Where a replica sends the ids of the facts its queries returned (the writer
        reinforces them); None drops them."""
        return self._store.on_reinforce

    @on_reinforce.setter
    def on_reinforce(self, hook: Callable[[list[int]], object] | None) -> None:
        self._store.on_reinforce = hook

    @property
    def _runner(self) -> JobRunner:
        if self._store.jobs is None:
            raise StorageError(f"store {self.path} is open as a replica: it runs no jobs")
        return self._store.jobs

    def curated_written(self, document: int) -> None:
        """An upload published ``document``'s curated facts: their statements are encoded
        ahead, if this store does that (``encode_statements``)."""
        self._store.curated_written(document)

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
        reads.reinforce(self._store, [int(i) for i in fact_ids])

    def close(self) -> None:
        """Close the store; a running job stops at its next step and runs again on the next
        open."""
        self._store.close()

    @property
    def broken(self) -> bool:
        """The engine stopped after a failed write (see ``Engine.broken``): reopen to go on."""
        return self.engine.broken

    @property
    def db(self) -> sqlite3.Connection:
        """This thread's connection to ``knowledge.db`` (``OpenStore.db``)."""
        return self._store.db

    def fact_index(self, *, wait: bool = True) -> FactIndex:
        """The fact index, brought up to the changes committed so far (``OpenStore.fact_index``)."""
        return self._store.fact_index(wait=wait)

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

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
            self._store,
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
        return listing.memory(self._store, id, caller)

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
            self._store,
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
        return listing.iter_memories(
            self._store, check_lens(lens), session_id=session_id, caller=caller
        )

    def documents(self, *, caller: Caller | None = None) -> list[DocumentInfo]:
        """Live uploaded documents (those ``caller`` may read), in upload order."""
        return inventory.documents(self._store, caller)

    def document(self, id: int, *, caller: Caller | None = None) -> DocumentInfo:
        """One live document with its chunk count (``NotFoundError`` if gone or unreadable)."""
        return inventory.document(self._store, id, caller)

    def chunks(self, document: int, *, caller: Caller | None = None) -> list[ChunkInfo]:
        """A document's live chunks in reading order."""
        return inventory.chunks(self._store, document, caller)

    def sessions(self, *, limit: int = 1000, caller: Caller | None = None) -> list[SessionInfo]:
        """Conversation sessions, the latest first, with their turn counts."""
        return inventory.sessions(self._store, caller, limit=limit)

    def session_turns(self, session_id: str, *, caller: Caller | None = None) -> list[TurnInfo]:
        """A session's live turns in the order they were said."""
        return inventory.turns(self._store, session_id, caller)

    def traces(self, *, limit: int = 100, caller: Caller | None = None) -> list[TraceInfo]:
        """The latest decision traces, newest first, each detail as the reader may see it."""
        found = inventory.traces(self._store, caller, limit=limit)
        with contextlib.ExitStack() as stack:
            if caller is not None:  # ids and names the caller may not read leave each detail
                stack.enter_context(self.region(caller.readable))
            return [dataclasses.replace(t, detail=self.trace_detail(t.detail)) for t in found]

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
        self._store.drop_scopes()
        return revisions.revise(
            self._store, id, text, metadata=metadata, extract=extract, caller=caller
        )

    def correct_fact(
        self, id: str | int, value: str, *, caller: Caller | None = None
    ) -> WriteResult:
        """Correct one live fact by id (``"fact:12"`` or 12): a versioned correction (the old
        row closes, superseded by the new one; ``history`` shows both). A curated fact needs
        ``memory:curate`` over its scope; a belief that now contradicts curated knowledge is
        a conflict, as in any write (see ``corrections``)."""
        from .corrections import correct_fact

        return correct_fact(self._store, id, value, caller)

    def memory_history(self, id: str, *, caller: Caller | None = None) -> list[dict[str, Any]]:
        """Every version of a remembered turn or item, oldest first (see ``revisions``)."""
        return revisions.history(self._store, id, caller)

    def export(self) -> Iterator[str]:
        """The store as JSON lines: a header with the embedding model id, then every live row
        of every knowledge table (see ``export``; ``import_lines`` reads them back)."""
        from .export import export_lines

        return export_lines(self._store)

    def import_lines(self, lines: Iterable[str]) -> dict[str, Any]:
        """An export's lines into this store, which must be empty; all or nothing."""
        from .export import import_lines

        return import_lines(self._store, lines)

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
        return items.put(self._store, scope, key, value, text=text, ttl_ms=ttl_ms, caller=caller)

    def get_item(
        self, scope: str, key: str, *, refresh: bool = True, caller: Caller | None = None
    ) -> items.Item | None:
        return items.get(self._store, scope, key, refresh=refresh, caller=caller)

    def delete_item(self, scope: str, key: str, *, caller: Caller | None = None) -> bool:
        return items.delete(self._store, scope, key, caller=caller)

    def items(self, prefix: str | None = None, *, caller: Caller | None = None) -> list[items.Item]:
        """Live items at ``prefix`` or below it (None: all), most recently changed first."""
        return list(items.scan(self._store, check_scope(prefix) if prefix else None, caller=caller))

    def sweep_items(self) -> int:
        """Forget the items past their time to live; how many."""
        return items.sweep(self._store)

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
            self._store,
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
        return self._store.backup(dest)

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
        return self._runner.submit_upload(
            source,
            scope=scope,
            name=name,
            media_type=media_type,
            observed_at=observed_at,
            caller=caller,
        )

    def job(self, id: str, *, caller: Caller | None = None) -> Job:
        """A job with its state and progress (``NotFoundError`` if it is not the caller's)."""
        return self._runner.get(id, caller)

    def jobs(
        self, *, state: str | None = None, limit: int = 100, caller: Caller | None = None
    ) -> list[Job]:
        """The caller's jobs, newest first."""
        return self._runner.list(caller, state=state, limit=limit)

    def wait_job(
        self, id: str, *, timeout: float | None = None, caller: Caller | None = None
    ) -> Job:
        """The job once it has finished (or as it is after ``timeout`` seconds)."""
        return self._runner.wait(id, timeout, caller)

    def cancel_job(self, id: str, *, caller: Caller | None = None) -> Job:
        """Cancel a job: at once while it waits, at its next step while it runs (nothing of it
        stays), not at all once its write has committed."""
        return self._runner.cancel(id, caller)

    # ------------------------------------------------------------------ reads
    def region(self, readable):
        """Within this block every read also passes ``readable(scope) -> bool`` (the server's
        grant check, fail-closed); a lens still narrows inside it."""
        return redaction.region(self._store, readable)

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
        return reads.facts(
            self._store, lens=lens, as_of=as_of, include_closed=include_closed, now=now
        )

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
        self._store.follow()
        return reads.query(
            self._store,
            text,
            lens=lens,
            k=k,
            mode=mode,
            as_of=as_of,
            explain=explain,
            one_per_text=one_per_text,
        )

    def uncertainties(
        self, *, lens: str | Sequence[str] | None = None, include_resolved: bool = False
    ) -> list[dict[str, Any]]:
        return reads.uncertainties(self._store, lens=lens, include_resolved=include_resolved)

    def trace_detail(self, detail: dict[str, Any]) -> dict[str, Any]:
        """A trace's detail as the current reader (``region``) may see it: ids of facts and
        entities it may not read are dropped, with the names they carry."""
        return reads.trace_detail(self._store, detail)

    def conflicts(
        self, *, lens: str | Sequence[str] | None = None, include_resolved: bool = False
    ) -> list[dict[str, Any]]:
        """Open (or every) conflict between a belief and curated knowledge, with both sides;
        a resolved one carries its ``resolution``, ``note``, ``resolved_ms``, ``resolved_by``."""
        return views.conflicts(self._store, check_lens(lens), include_resolved)

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
        return workflow.resolve_conflict(self._store, id, outcome=outcome, note=note, caller=caller)

    def resolve_uncertainty(self, id: int) -> None:
        with self._store.lock, self._store.transaction():  # (a replica: a clear error)
            cur = self.db.execute(
                "UPDATE uncertainties SET resolved=1, resolved_ms=? WHERE id=? AND resolved=0",
                (now_ms(), id),
            )
            if cur.rowcount == 0:
                raise NotFoundError(str(id))

    def instructions(
        self, *, lens: str | Sequence[str] | None = None, include_revoked: bool = False
    ) -> list[dict[str, Any]]:
        return reads.instructions(self._store, lens=lens, include_revoked=include_revoked)

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
        return views.state(self._store, check_lens(lens), to_ms(as_of, "as_of"), limit, offset)

    def profile(self, *, lens: str | Sequence[str] | None = None) -> dict[str, Any]:
        return views.profile(self._store, check_lens(lens))

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
        self._store.follow()
        return views.context(self._store, query, check_lens(lens), k, budget)

    def entity(
        self, type: str, name: str, *, as_of=None, lens: str | Sequence[str] | None = None
    ) -> dict[str, Any]:
        return views.entity(
            self._store, entity_type(type), name, to_ms(as_of, "as_of"), check_lens(lens)
        )

    def history(
        self, type: str, name: str, key: str, *, lens: str | Sequence[str] | None = None
    ) -> list[Fact]:
        return views.history(
            self._store, entity_type(type), name, canonical_key(key), check_lens(lens)
        )

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
            self._store,
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
        return browse.record(self._store, kind, str(id), check_lens(lens), caller)

    def overview(
        self, *, lens: str | Sequence[str] | None = None, caller: Caller | None = None
    ) -> dict[str, Any]:
        """Counts per kind and state, per engine tier, and open conflicts, of what the reader
        may see."""
        return overview.overview(self._store, check_lens(lens), caller)

    def store_health(self, *, check: bool = False) -> dict[str, Any]:
        """The whole store's log, segments and index (for administrators); ``check`` adds the
        knowledge tables' integrity check (it reads the whole file)."""
        return overview.store_health(self._store, check)

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
            self._store,
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
            self._store, entity_type(type), name, as_of=to_ms(as_of, "as_of"), lens=check_lens(lens)
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
            self._store, str(id), query, check_lens(lens), k=k, mode=mode, caller=caller
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
            self._store,
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
        with self._store.forgetting():
            return forget(*args)

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

        with self._store.forgetting():
            return forget_ids(self._store, list(ids), purge, caller, extracted)

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

        check_forget(self._store, id, check_scope(scope) if scope else None, caller, purge)

    # ------------------------------------------------------------------ scope paths
    def register_scope(self, path: str) -> dict[str, Any]:
        """Name a scope path (writes need no registration; this is the vocabulary a UI or an
        administrator keeps). Registering a tombstoned path opens it again."""
        path = check_scope(path)
        now = now_ms()
        with self._store.lock, self._store.transaction():
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
        with self._store.lock, self._store.transaction():
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
        return [out[p] for p in sorted(out) if redaction.is_visible(p, None)]

    def _check_writable_scope(self, scope: str) -> None:
        self._store.check_writable_scope(scope)

    def forget_document(
        self, doc_id: int, *, purge: bool = False, caller: Caller | None = None
    ) -> dict[str, int]:
        """Forget an uploaded document (every version's row of this id): its chunks leave
        recall, its facts close (kept as history unless ``purge``, which deletes every copy as
        ``forget`` does). ``caller``: a document it may not read is a ``NotFoundError``; one
        it may not forget and curate a ``ForbiddenError``."""
        from .lifecycle import forget_document

        with self._store.forgetting():
            return forget_document(self._store, doc_id, purge, caller)

    def consolidate(self, *, min_proof: int = 3, now: int | None = None) -> dict[str, int]:
        from .lifecycle import consolidate

        return consolidate(self._store, min_proof, now if now is not None else now_ms())

    def elaborate(self) -> dict[str, int]:
        from .lifecycle import elaborate

        return elaborate(self._store)
