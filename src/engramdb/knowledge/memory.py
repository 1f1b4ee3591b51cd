"""``Memory``: the knowledge-level façade most users call.

It keeps two kinds of truth apart and honest: authoritative (documents, operator upserts) and
experiential (conversation turns and what is derived from them). Every write is extracted into
claims, and one reconciler (``reconcile.py``) decides for each claim, in one SQLite transaction
with its decision trace. Turns and document chunks also go to the cognitive ``Engine`` (episodic
and semantic tiers) so that ``query`` ranks facts and passages together.
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import json
import logging
import re
import threading
import time
import uuid
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from ..engine import Engine, EngineConfig, MemoryInput, RecallOptions
from ..errors import NotFoundError, ValidationError
from ..store.sqlite import connect
from . import views
from .access import Caller, check_write, owner_of, speaker_of
from .claims import ORG, SELF, Claim, Extraction
from .documents import MAX_DOCUMENT_BYTES, chunk, parse_document, rows_to_triples
from .extract import MAX_READ_CHARS, extract_stage0, read_window
from .extract.aligned import Template, align, names_variant
from .extract.stage0 import _is_clock, _lemma
from .lexicon import PRICE_WORDS
from .lexicon import words as aligned_words
from .reconcile import (
    CONFIDENCE_FLOOR,
    Decision,
    Existing,
    Incoming,
    _names_same_thing,
    contrasting,
    decide,
    family_contrast,
    money_nouns_differ,
    other_sizes_differ,
)
from .results import DocumentResult, Fact, QueryHit, WriteResult
from .schema import KNOWLEDGE_SCHEMA, SCHEMA_VERSION, migrate
from .scopes import ancestors, check_lens, check_scope, org_of, visible
from .values import compare, parse_value
from .vocab import (
    CATEGORIES,
    RECALL_BOOST,
    SOURCE_KINDS,
    TRUST_PRIORS,
    canonical_key,
    entity_type,
    is_authoritative,
    is_known_key,
    normalize_name,
)

__all__ = ["Memory"]

#: A read region set by the server for one request (see ``Memory.region``).
_REGION: contextvars.ContextVar = contextvars.ContextVar("engramdb_region", default=None)

log = logging.getLogger("engramdb.knowledge")

_ROLES = ("user", "assistant", "system", "tool")
MAX_TRIPLES = 10_000
#: Two attribute phrases name the same thing at or above this cosine (static embeddings).
KEY_SIMILARITY = 0.65
#: Or this share of the shorter statement's content words (stemmed) in the other, for two
#: amounts of the same kind.
WORD_OVERLAP = 0.5
#: The bar when both facts are about the same named entity with the same kind of amount.
SAME_THING_SIMILARITY = 0.5
#: Curated facts a turn is read against at most (catalogue-guided extraction), best first.
MAX_TEMPLATES = 64
#: An instruction is revoked by a statement this close to it (content-word overlap).
REVOKE_OVERLAP = 0.5

_FACT_COLUMNS = """f.id, e.name, e.type, f.key, f.value, f.category, f.scope, f.authoritative,
    s.kind, s.ref, f.confidence, f.importance, f.statement, f.known_ms, f.valid_from_ms,
    f.valid_until_ms, f.closed_ms, f.superseded_by, f.corroborations"""


def _ms(when: datetime | int | float | str | None, field: str) -> int | None:
    if when is None:
        return None
    if isinstance(when, bool):
        raise ValidationError(field, "must be a datetime, an ISO-8601 string or epoch ms")
    if isinstance(when, int | float):
        if when != when or not _MIN_MS <= when <= _MAX_MS:
            raise ValidationError(field, "is outside the years 1 to 9999", limit="0001..9999")
        return int(when)
    if isinstance(when, str):
        try:
            when = datetime.fromisoformat(when.replace("Z", "+00:00"))
        except ValueError:
            raise ValidationError(field, f"{when!r} is not an ISO-8601 time") from None
    if isinstance(when, datetime):
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        try:
            ms = int(when.timestamp() * 1000)
        except (OverflowError, OSError, ValueError):
            raise ValidationError(field, "is outside the years 1 to 9999") from None
        if not _MIN_MS <= ms <= _MAX_MS:
            raise ValidationError(field, "is outside the years 1 to 9999", limit="0001..9999")
        return ms
    raise ValidationError(field, "must be a datetime, an ISO-8601 string or epoch ms")


# years 1 and 9999 in epoch milliseconds: what datetime (and so every clock here) can hold
_MIN_MS = -62_135_596_800_000 + 86_400_000
_MAX_MS = 253_402_300_799_999 - 86_400_000


def _now_ms() -> int:
    return int(time.time() * 1000)


class Memory:
    """An open knowledge store (an ``Engine`` plus ``knowledge.db`` in the same directory)."""

    def __init__(self, path: Path, engine: Engine, confidence_floor: float, llm: Any = None):
        self.path = path
        self.engine = engine
        self.confidence_floor = confidence_floor
        self._llm = None
        if llm is not None:  # stages 1-2 of the cascade; httpx and pydantic only when asked for
            from .extract.llm import LLMExtractor

            self._llm = LLMExtractor(llm)
        self.db = connect(path / "knowledge.db")
        # freed space is overwritten with zeros: a purged row leaves no copy in the file
        self.db.execute("PRAGMA secure_delete=ON")
        self.db.executescript(KNOWLEDGE_SCHEMA)
        migrate(self.db)
        self.db.execute(
            "INSERT OR IGNORE INTO kmeta(key, value) VALUES('schema_version', ?)", (SCHEMA_VERSION,)
        )
        self._lock = threading.RLock()
        self._vec_cache: dict[str, np.ndarray] = {}
        #: scope chain -> (signature of its curated facts, their templates); see _templates
        self._template_cache: dict[tuple[str, ...], tuple[Any, list]] = {}
        self._scopes: set[str] | None = None
        self._catch_up()

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
    ) -> Memory:
        """Open (or create) a store in directory ``path``: no server, network or LLM needed.
        ``llm`` (an ``extract.llm.LLMConfig``: any OpenAI-compatible chat endpoint) adds
        extraction stages 1 and 2 on top of the heuristics; their failures are reported in each
        ``WriteResult.errors`` and as open uncertainties, never as a failed write."""
        path = Path(path)
        engine = Engine.open(path, embedder=embedder, config=engine_config)
        try:
            return cls(path, engine, confidence_floor, llm)
        except BaseException:
            engine.close()
            raise

    def close(self) -> None:
        with self._lock:
            if self._llm is not None:
                self._llm.close()
            self.engine.close()
            self.db.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _catch_up(self) -> None:
        """Engine memories of turns and chunks committed here but not yet written there (a
        crash between the two commits): write them now."""
        for table, tier in (("turns", "episodic"), ("chunks", "semantic")):
            cols = "id, text, scope, observed_ms" + (
                ", session_id, role" if table == "turns" else ", document_id, heading"
            )
            rows = self.db.execute(
                f"SELECT {cols} FROM {table} WHERE memory_written=0 AND forgotten=0"
            ).fetchall()
            todo = [r for r in rows if not self.engine.exists(r[0], include_forgotten=True)]
            if todo:
                self.engine.remember_many([self._engine_item(table, r, tier) for r in todo])
            if rows:
                self.db.executemany(
                    f"UPDATE {table} SET memory_written=1 WHERE id=?", [(r[0],) for r in rows]
                )

    @staticmethod
    def _engine_item(table: str, row: Sequence[Any], tier: str) -> MemoryInput:
        if table == "turns":
            mid, text, scope, ts, session, role = row
            return MemoryInput(
                text=text,
                id=mid,
                tier=tier,
                scope=scope,
                session_id=session,
                timestamp_ms=ts,
                meta={"kind": "turn", "role": role},
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
        write's source row records ``caller.provenance()``."""
        scope = check_scope(scope)
        self._check_writable_scope(scope)
        if (text is None) == (triples is None):
            raise ValidationError("text", "give either a turn's text or triples, not both")
        now = _ms(observed_at, "observed_at") or _now_ms()
        if triples is not None:
            return self._remember_triples(
                list(triples), scope, source_kind or "upsert", now, caller
            )
        if source_kind not in (None, "turn"):
            raise ValidationError("source_kind", "a text is a conversation turn ('turn')")
        if role not in _ROLES:
            raise ValidationError("role", f"must be one of {', '.join(_ROLES)}", value=role)
        check_write(caller, scope, False)
        self.engine.validate([{"text": text, "session_id": session_id}])
        readable = caller.readable if caller is not None else None
        with self._lock:
            known = self._catalogue(scope, readable)
            reference = datetime.fromtimestamp(now / 1000, UTC)
            speaker = "user" if role == "user" else "assistant"
            read, cut = read_window(text)
            extraction = extract_stage0(read, reference=reference, role=speaker, known=known)
            if self._llm is not None:  # outside the transaction: a slow model blocks no reader
                extraction = self._llm.extract(
                    read, role=speaker, reference=reference, stage0=extraction, known=known
                )
            self._align(read, scope, extraction, readable)
            if cut:
                extraction.errors.append(
                    f"text: facts were read from the first {len(read)} of {len(text)} "
                    f"characters (limit {MAX_READ_CHARS}); the whole turn is stored and searchable"
                )
            turn_id = f"turn-{uuid.uuid4().hex}"
            result = WriteResult(turn_id=turn_id, errors=list(extraction.errors))
            with self._transaction():
                seq = self._next_seq(session_id, scope)
                self.db.execute(
                    "INSERT INTO turns(id, session_id, seq, role, text, scope, observed_ms, "
                    "created_ms) VALUES(?,?,?,?,?,?,?,?)",
                    (turn_id, session_id, seq, role, text, scope, now, _now_ms()),
                )
                source = self._source("turn", turn_id, session_id, now, caller)
                ctx = _WriteContext(
                    scope, source, "turn", _stream(role, scope, session_id), now, role, caller
                )
                self._apply_extraction(extraction, ctx, result, known)
            self.engine.remember(
                text,
                id=turn_id,
                tier="episodic",
                scope=scope,
                session_id=session_id,
                timestamp_ms=now,
                meta={"kind": "turn", "role": role},
            )
            self.db.execute("UPDATE turns SET memory_written=1 WHERE id=?", (turn_id,))
            if self._scopes is not None:
                self._scopes.add(scope)
            return self._redact(result, readable)

    def _remember_triples(
        self,
        triples: list[Mapping[str, Any]],
        scope: str,
        kind: str,
        now: int,
        caller: Caller | None = None,
    ) -> WriteResult:
        if kind not in SOURCE_KINDS:
            raise ValidationError("source_kind", f"must be one of {', '.join(SOURCE_KINDS)}")
        if not triples:
            raise ValidationError("triples", "is empty")
        if len(triples) > MAX_TRIPLES:
            raise ValidationError("triples", "too many in one call", limit=MAX_TRIPLES)
        check_write(caller, scope, is_authoritative(kind))
        claims = [self._claim_of_triple(t, i) for i, t in enumerate(triples)]
        result = WriteResult()
        with self._lock:
            with self._transaction():
                source = self._source(kind, None, None, now, caller)
                ctx = _WriteContext(scope, source, kind, f"{kind}:{scope}", now, "document", caller)
                for claim in claims:
                    self._reconcile_claim(claim, ctx, result)
            return self._redact(result, ctx.readable)

    @staticmethod
    def _claim_of_triple(t: Mapping[str, Any], i: int) -> Claim:
        if not isinstance(t, Mapping):
            raise ValidationError(f"triples[{i}]", "must be an object")
        subject = t.get("subject")
        key = t.get("key", t.get("predicate"))
        value = t.get("value", t.get("object"))
        for name, v in (("subject", subject), ("key", key), ("value", value)):
            if v is None or (isinstance(v, str) and not v.strip()):
                raise ValidationError(f"triples[{i}].{name}", "is required")
        category = t.get("category", "knowledge")
        if category not in ("identity", "knowledge", "context"):
            raise ValidationError(
                f"triples[{i}].category", "must be identity, knowledge or context", value=category
            )
        return Claim(
            subject=str(subject),
            subject_type=entity_type(t.get("type")),
            key=canonical_key(str(key)),
            key_phrase=str(key).replace("_", " "),
            value=str(value),
            category=category,
            statement=f"{subject} {str(key).replace('_', ' ')}: {value}",
            confidence=float(t.get("confidence", 1.0)),
            object_type=entity_type(t["object_type"]) if t.get("object_type") else None,
        )

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
        scope = check_scope(scope)
        self._check_writable_scope(scope)
        check_write(caller, scope, True)
        if isinstance(source, bytes):
            data, name = source, name or "document"
        else:
            p = Path(source)
            if not p.is_file():
                raise ValidationError("source", f"{p} is not a file")
            if p.stat().st_size > MAX_DOCUMENT_BYTES:
                raise ValidationError("source", "file too large", limit=MAX_DOCUMENT_BYTES)
            data, name = p.read_bytes(), name or p.name
        doc = parse_document(data, name=name, media_type=media_type)
        now = _ms(observed_at, "observed_at") or _now_ms()
        with self._lock:
            prev = self.db.execute(
                "SELECT id, version, content_hash FROM documents WHERE name=? AND scope=? AND "
                "forgotten=0 AND superseded_by IS NULL ORDER BY version DESC LIMIT 1",
                (name, scope),
            ).fetchone()
            if prev and prev[2] == doc.content_hash:
                n = self.db.execute(
                    "SELECT COUNT(*) FROM chunks WHERE document_id=?", (prev[0],)
                ).fetchone()[0]
                return DocumentResult(prev[0], name, prev[1], doc.content_hash, True, n, 0)
            version = (prev[1] + 1) if prev else 1
            pieces = chunk(doc)
            result = WriteResult()
            with self._transaction():
                cur = self.db.execute(
                    "INSERT INTO documents(name, media_type, content_hash, title, scope, version, "
                    "observed_ms, created_ms) VALUES(?,?,?,?,?,?,?,?)",
                    (
                        name,
                        doc.media_type,
                        doc.content_hash,
                        doc.title,
                        scope,
                        version,
                        now,
                        _now_ms(),
                    ),
                )
                doc_id = int(cur.lastrowid)
                retired: list[str] = []
                if prev:
                    self.db.execute(
                        "UPDATE documents SET superseded_by=? WHERE id=?", (doc_id, prev[0])
                    )
                    for (fid,) in self.db.execute(
                        "SELECT id FROM facts WHERE document_id=? AND closed_ms IS NULL",
                        (prev[0],),
                    ).fetchall():
                        result.corrections.append(
                            {
                                "closed": fid,
                                "by": None,
                                "action": "supersede",
                                "reason": f"version {version} of {name} replaces version {prev[1]}",
                            }
                        )
                        result.decisions.append(
                            {"action": "supersede", "closed": [fid], "reason": "new version"}
                        )
                    self.db.execute(
                        "UPDATE facts SET closed_ms=?, valid_until_ms=? WHERE document_id=? AND "
                        "closed_ms IS NULL",
                        (now, now, prev[0]),
                    )
                    retired = [
                        r[0]
                        for r in self.db.execute(
                            "SELECT id FROM chunks WHERE document_id=? AND forgotten=0", (prev[0],)
                        )
                    ]
                chunk_rows = [
                    (
                        f"chunk-{doc_id}-{doc.content_hash[:12]}-{c.index:05d}",
                        doc_id,
                        c.index,
                        c.text,
                        " / ".join(c.heading_path),
                        c.page,
                        scope,
                        now,
                    )
                    for c in pieces
                ]
                self.db.executemany(
                    "INSERT OR REPLACE INTO chunks(id, document_id, idx, text, heading, page, "
                    "scope, observed_ms) VALUES(?,?,?,?,?,?,?,?)",
                    chunk_rows,
                )
                source_id = self._source("document", str(doc_id), None, now, caller)
                ctx = _WriteContext(
                    scope,
                    source_id,
                    "document",
                    f"document:{scope}:{name}",
                    now,
                    "document",
                    caller,
                )
                ctx.document_id = doc_id
                for triple in rows_to_triples(doc) if doc.rows else []:
                    claim = self._claim_of_triple(
                        {
                            "subject": triple.subject,
                            "type": triple.subject_type,
                            "key": triple.predicate,
                            "value": triple.object,
                        },
                        triple.row,
                    )
                    self._reconcile_claim(claim, ctx, result)
                if not doc.rows:
                    known = self._catalogue(scope, ctx.readable)
                    for section in doc.sections:
                        extraction = extract_stage0(
                            section.text,
                            reference=datetime.fromtimestamp(now / 1000, UTC),
                            role="document",
                            known=known,
                        )
                        extraction.uncertainties = []  # a policy's wording is not a hedge
                        self._apply_extraction(extraction, ctx, result, known)
            if retired:
                for mid in retired:
                    self.engine.forget(mid)
                self.db.executemany(
                    "UPDATE chunks SET forgotten=1 WHERE id=?", [(m,) for m in retired]
                )
            if chunk_rows:
                self.engine.remember_many(
                    [
                        self._engine_item(
                            "chunks", (r[0], r[3], r[6], r[7], r[1], r[4]), "semantic"
                        )
                        for r in chunk_rows
                    ]
                )
                self.db.executemany(
                    "UPDATE chunks SET memory_written=1 WHERE id=?", [(r[0],) for r in chunk_rows]
                )
                if self._scopes is not None:
                    self._scopes.add(scope)
            result.errors.extend(ctx.limit_note())
            self._redact(result, ctx.readable)
        return DocumentResult(
            doc_id,
            name,
            version,
            doc.content_hash,
            False,
            len(chunk_rows),
            len(result.facts),
            prev[1] if prev else None,
            result,
        )

    # ------------------------------------------------------------------ the write core
    def _transaction(self):
        return _Tx(self.db)

    def _next_seq(self, session_id: str | None, scope: str) -> int:
        """The turn's number in its session, counted per (session, scope): a number counted
        over every scope would tell a writer how many turns other scopes' sessions of that id
        hold."""
        row = self.db.execute(
            "SELECT COALESCE(MAX(seq), 0) FROM turns WHERE session_id IS ? AND scope=?",
            (session_id, scope),
        ).fetchone()
        return int(row[0]) + 1

    def _source(
        self,
        kind: str,
        ref: str | None,
        session: str | None,
        now: int,
        caller: Caller | None = None,
    ) -> int:
        """A source row; with a caller, the acting principal, its key and the delegation
        target (``caller.provenance()``)."""
        who = _actor(caller) or {}
        cur = self.db.execute(
            "INSERT INTO sources(kind, ref, session_id, trust, created_ms, principal_id, key_id, "
            "on_behalf_of) VALUES(?,?,?,?,?,?,?,?)",
            (
                kind,
                ref,
                session,
                TRUST_PRIORS[kind],
                now,
                who.get("principal_id"),
                who.get("key_id"),
                who.get("on_behalf_of"),
            ),
        )
        return int(cur.lastrowid)

    @staticmethod
    def _chain(scope: str, readable: Any = None) -> list[str]:
        """``scope`` and its ancestors (nearest first), those ``readable`` admits only."""
        chain = [scope, *ancestors(scope)]
        return chain if readable is None else [s for s in chain if readable(s)]

    def _redact(self, result: WriteResult, readable: Any) -> WriteResult:
        """Drop from a write's result what lies outside ``readable`` (None: nothing): facts,
        corrections, corroborations, conflicts' other sides, decisions' candidates, links,
        revocations and uncertainties of scopes the writer may not read."""
        if readable is None:
            return result
        scopes: dict[int, str | None] = {}

        def ok(fid: Any) -> bool:
            if fid is None:
                return True
            if fid not in scopes:
                row = self.db.execute("SELECT scope FROM facts WHERE id=?", (fid,)).fetchone()
                scopes[fid] = row[0] if row else None
            where = scopes[fid]
            return where is not None and bool(readable(where))

        result.facts[:] = [f for f in result.facts if readable(f.scope)]
        result.corrections[:] = [
            c for c in result.corrections if ok(c.get("closed")) and ok(c.get("by"))
        ]
        result.corroborations[:] = [f for f in result.corroborations if ok(f)]
        for c in result.conflicts:
            c["against"] = [f for f in c.get("against", []) if ok(f)]
            if not ok(c.get("fact")):
                c["fact"] = None
        result.conflicts[:] = [c for c in result.conflicts if c["against"]]
        for d in result.decisions:
            for k in ("candidates", "closed", "conflicts_with"):
                if isinstance(d.get(k), list):
                    d[k] = [f for f in d[k] if ok(f)]
            for k in ("stored", "corroborated"):
                if k in d and not ok(d[k]):
                    d[k] = None
        result.links[:] = [
            link
            for link in result.links
            if self._entity_readable(link.get("resolves_to"), readable)
        ]
        result.revoked[:] = [r for r in result.revoked if self._instruction_readable(r, readable)]
        result.uncertainties[:] = [
            u for u in result.uncertainties if self._uncertainty_readable(u, readable)
        ]
        return result

    def _entity_readable(self, eid: Any, readable: Any) -> bool:
        row = self.db.execute("SELECT scope FROM entities WHERE id=?", (eid,)).fetchone()
        return row is not None and bool(readable(row[0]))

    def _instruction_readable(self, item: Mapping[str, Any], readable: Any) -> bool:
        row = self.db.execute(
            "SELECT scope FROM instructions WHERE id=?", (item.get("id"),)
        ).fetchone()
        return row is not None and bool(readable(row[0]))

    def _uncertainty_readable(self, item: Mapping[str, Any], readable: Any) -> bool:
        row = self.db.execute(
            "SELECT scope FROM uncertainties WHERE id=?", (item.get("id"),)
        ).fetchone()
        return row is not None and bool(readable(row[0]))

    def _apply_extraction(
        self, ex: Extraction, ctx: _WriteContext, result: WriteResult, known: dict[str, str]
    ) -> None:
        for claim in ex.claims:
            self._reconcile_claim(claim, ctx, result)
        for text in ex.revocations:
            revoked = self._revoke(text, ctx)
            if revoked:
                result.revoked.extend(revoked)
            elif re.match(r"^(?:please\s+)?(?:stop|don't|do not|never)\b", text, re.I):
                ex.instructions.append(text)
        for text in ex.instructions:
            cur = self.db.execute(
                "INSERT INTO instructions(text, scope, source_id, created_ms) VALUES(?,?,?,?)",
                (text, ctx.scope, ctx.source, ctx.now),
            )
            result.instructions.append({"id": int(cur.lastrowid), "text": text})
            self._trace(ctx, "instruction", {"text": text})
        for q in ex.uncertainties:
            self._open_uncertainty(ctx, q.about, q.reason, "extraction", [], result)
        for m in ex.mentions:
            link = self._link_mention(m.name, m.type, ctx)
            if link:
                result.links.append(link)

    def _entity(
        self, name: str, etype: str, ctx: _WriteContext, category: str
    ) -> tuple[int, str, str]:
        """(id, type, key) of the entity ``name`` in the write's scope, created if new. "I"
        is the owner of the personal scope (``speaker_of``); a name of no known type takes
        the type it has in the write's scope chain (a catalogue's), among the rows the writer
        may read: never another scope's (another tenant's product of the same name)."""
        if name == SELF:
            name = speaker_of(ctx.scope)
            etype = "person"
        elif name == ORG:
            name = org_of(ctx.scope) or ctx.scope
            etype = "organisation"
        etype = entity_type(etype)
        key = normalize_name(name) or name.casefold()
        row = self.db.execute(
            "SELECT id, type FROM entities WHERE key=? AND scope=? AND (type=? OR ?='other' "
            "OR type='other') ORDER BY type=? DESC LIMIT 1",
            (key, ctx.scope, etype, etype, etype),
        ).fetchone()
        if row:
            return int(row[0]), row[1], key
        if etype == "other":  # the type the same name has up the scope chain (a catalogue's)
            chain = self._chain(ctx.scope, ctx.readable)
            marks = ",".join("?" * len(chain))
            other = (
                self.db.execute(
                    f"SELECT type FROM entities WHERE key=? AND type!='other' AND forgotten=0 "
                    f"AND scope IN ({marks}) ORDER BY LENGTH(scope) DESC, id LIMIT 1",
                    (key, *chain),
                ).fetchone()
                if chain
                else None
            )
            if other:
                etype = other[0]
        cur = self.db.execute(
            "INSERT INTO entities(type, key, name, scope, category, authoritative, source_id, "
            "created_ms) VALUES(?,?,?,?,?,?,?,?)",
            (etype, key, name, ctx.scope, category, int(ctx.authoritative), ctx.source, ctx.now),
        )
        return int(cur.lastrowid), etype, key

    def _candidates(self, ekey: str, etype: str, claim: Claim, ctx: _WriteContext) -> list[tuple]:
        """Live facts about the same thing in the write's scope, plus curated facts of its
        ancestor scopes. The same entity is the same key (or one linked by ``resolves_to``);
        the organisation itself ("your", "our", an impersonal policy sentence) is compatible
        with any entity of its own catalogue, and the attribute then decides. With a caller,
        only rows it may read: a curated row it may not read is not a candidate (a claim about
        it neither conflicts with nor corroborates it, so guesses learn nothing)."""
        scopes = self._chain(ctx.scope, ctx.readable)
        if not scopes:
            return []
        marks = ",".join("?" * len(scopes))
        keys = {ekey}
        for (target,) in self.db.execute(
            "SELECT t.key FROM entities e JOIN entities t ON t.id=e.resolves_to WHERE e.key=?",
            (ekey,),
        ):
            keys.add(target)
        org = normalize_name(org_of(ctx.scope) or "")
        # What the rules below would skip anyway is not fetched: experiential rows of other
        # scopes; the rows of this very upload; and, for a claim about a named thing, rows
        # about other named things (only its own entity and the organisation's can match).
        # A catalogue of n rows used to fetch every earlier row for each: n^2 in the upload.
        where = ["(f.scope = ? OR f.authoritative = 1)"]
        params: list[Any] = [ctx.scope]
        if claim.answers is not None:
            where.append("f.id = ?")
            params.append(claim.answers)
        if ctx.authoritative and claim.answers is None:
            # "!=" in effect (writes are serialised, so no later source exists yet); "<" lets
            # the index skip this upload's own rows instead of reading each
            where.append("f.source_id < ?")
            params.append(ctx.source)
        if ekey != org and claim.answers is None:
            known = sorted(keys | {org})
            where.append(
                f"f.entity_id IN (SELECT id FROM entities WHERE key IN "
                f"({','.join('?' * len(known))}) UNION SELECT id FROM entities "
                "WHERE type = 'organisation')"
            )
            params += known
        rows = self.db.execute(
            f"""SELECT f.id, f.key, f.key_phrase, f.value, f.value_kind, f.authoritative,
                f.confidence, f.scope, f.document_id, s.kind, e.type, f.statement, f.stream,
                e.key, e.name, f.source_id
            FROM facts f JOIN entities e ON e.id=f.entity_id JOIN sources s ON s.id=f.source_id
            WHERE f.closed_ms IS NULL AND f.forgotten=0 AND f.scope IN ({marks})
            AND {" AND ".join(where)}
            ORDER BY f.key = ? DESC, e.key = ? DESC, f.id DESC LIMIT {MAX_CANDIDATES}""",
            [*scopes, *params, claim.key, ekey],
        ).fetchall()
        if claim.answers is not None:  # read against that fact: it alone is compared
            masked = claim.statement.replace(claim.value, " ")
            return [
                r
                for r in rows
                if r[0] == claim.answers and not contrasting(masked, r[11].replace(r[3], " "))
            ]
        out = []
        for r in rows:
            if r[7] != ctx.scope and not r[5]:
                continue  # experiential facts of other scopes coexist
            if ctx.authoritative and r[15] == ctx.source:
                continue  # one document's two values ("weekdays 8am", "Saturdays 9am") both stand
            if r[10] == "organisation" and r[5] and r[13] != org and _is_org_root(r[7]):
                r = (*r[:13], org, *r[14:])  # "Roadway Rentals" upserted at org/roadway is the org
            same_entity = r[13] in keys
            if not same_entity:
                if etype == "person" or r[10] == "person":
                    continue  # people are only ever themselves
                if org not in (ekey, r[13]):
                    continue  # two different named things
                if r[13] == org and ekey != org and not _mentions_name(r[11], claim.subject):
                    continue  # "Bloom & Vine takes orders until 5pm" is not about our policy
                if ekey == org and r[13] != org and not _mentions_name(claim.statement, r[14]):
                    continue  # "your advanced tango class" is not the catalogue's Beginner Salsa
                if ekey == org and r[13] != org and names_variant(claim.statement, r[14], org):
                    continue  # "the Tern Vektron" is not the catalogue's Tern Commuter 8
            elif etype not in ("other", r[10]) and r[10] != "other":
                continue
            if (claim.negated or claim.past) and same_entity and not r[5]:
                gerund = claim.value.split()[0] if claim.value.split() else ""
                if (
                    claim.key in ("*", r[1])
                    or _names_same_thing(r[3], claim.value)
                    or (gerund.endswith("ing") and _lemma(gerund[:-3] + "s") == r[1])
                ):
                    out.append(r)  # a negation closes what it names, whatever the key
                continue
            other_name = "" if same_entity or r[13] == org else r[14]
            mine = "" if same_entity or ekey == org else claim.subject
            if self._same_key(claim, r[1], r[2], r[4], r[11], r[3], other_name, mine):
                out.append(r)
        return out

    def _same_key(
        self,
        claim: Claim,
        key: str,
        phrase: str,
        kind: str,
        statement: str,
        value: str,
        their_subject: str = "",
        my_subject: str = "",
    ) -> bool:
        """Whether a live fact is about the same attribute as the claim: the same canonical
        key; or, for values of compatible kinds whose keys are not two different known keys,
        topics (subject and key phrase) or statements (values masked) at least
        ``KEY_SIMILARITY`` alike."""
        masked_a = claim.statement.replace(claim.value, " ")
        masked_b = statement.replace(value, " ")
        if contrasting(masked_a, masked_b):
            return False  # "a large dog" / "a small dog": different things, one key
        if family_contrast(masked_a, f"{phrase or key} {masked_b}"):
            return False  # "90 standing" / "seated capacity: 60", "adult" / "children"
        if other_sizes_differ(claim.statement, claim.value, statement, value):
            return False  # "Compost 50L" / "your 20 litre bag of compost": two products
        if "money" in (kind, claim.typed.kind if claim.typed is not None else "") and (
            money_nouns_differ(masked_a, masked_b)
        ):
            return False  # "the call-out fee" / "the hourly rate": two prices
        if claim.key == key and not (their_subject or my_subject):
            if key == "price" and claim.subject == ORG:
                # the fallback key of any amount of money: the statements must share what
                # is priced ("limited company accounts ... £900" is no self-assessment fee)
                shared = aligned_words(masked_a) & aligned_words(masked_b)
                return bool(shared - PRICE_WORDS)  # "a month" is when, not what
            return True
        if claim.multi:
            return False
        mine = claim.value_kind or ("hours" if _is_clock(claim.value) else _kind_of(claim))
        numeric = {"number"}
        if (
            mine != kind
            and not ({mine, kind} & numeric and "text" not in (mine, kind))
            and {mine, kind} != {"frequency", "duration"}
            and {mine, kind} != {"free", "money"}
        ):
            return False
        if claim.key != key and is_known_key(claim.key) and is_known_key(key):
            return False  # two different attributes the vocabulary knows apart
        if (
            "number" in (mine, kind)
            and mine != kind
            and _counted_elsewhere(
                (phrase or key) if kind == "number" else (claim.key_phrase or claim.key),
                masked_a if kind == "number" else masked_b,
            )
        ):
            return False  # "maximum users: 5" is no amount of storage
        if claim.key == key:
            return True
        threshold = KEY_SIMILARITY
        if (
            not their_subject
            and not my_subject
            and mine != "text"
            and claim.subject
            not in (
                ORG,
                SELF,
            )
        ):
            threshold = SAME_THING_SIMILARITY  # one named thing, one kind of amount
        a = self._vec(f"{my_subject} {claim.key_phrase or claim.key}".strip())
        b = self._vec(f"{their_subject} {phrase or key}".strip())
        sim = float(a @ b)
        sim = max(sim, float(self._vec(masked_a) @ self._vec(masked_b)))
        if sim >= threshold:
            return True
        # the same words, stemmed, whatever the sentence shape ("books may be borrowed for ..."
        # / "your loan period for books is ..."): only for amounts of one kind
        if mine == "text" or kind == "text":
            return False
        wa, wb = _stems(masked_a), _stems(masked_b)
        if not wa or not wb:
            return False
        overlap = len(wa & wb) / min(len(wa), len(wb))
        return overlap >= WORD_OVERLAP or (overlap >= 0.3 and sim >= SAME_THING_SIMILARITY)

    def _vec(self, text: str) -> np.ndarray:
        v = self._vec_cache.get(text)
        if v is None:
            v = np.asarray(self.engine.embedder.embed([text])[0], dtype=np.float32)
            n = float(np.linalg.norm(v))
            v = v / n if n > 0 else v
            if len(self._vec_cache) > 50_000:
                self._vec_cache.clear()
            self._vec_cache[text] = v
        return v

    def _reconcile_claim(self, claim: Claim, ctx: _WriteContext, result: WriteResult) -> None:
        eid, etype, ekey = self._entity(claim.subject, claim.subject_type, ctx, claim.category)
        if ctx.kind == "document" and not ctx.first_saying(ekey, claim.key, claim.value):
            return
        found = self._candidates(ekey, etype, claim, ctx)
        kind = claim.value_kind or ("hours" if _is_clock(claim.value) else _kind_of(claim))
        incoming = Incoming(
            value=claim.value,
            value_kind=kind,
            authoritative=ctx.authoritative,
            confidence=claim.confidence if not ctx.authoritative else max(claim.confidence, 0.9),
            scope=ctx.scope,
            stream=ctx.stream,
            negated=claim.negated,
            past=claim.past,
            multi=claim.multi,
            typed=claim.typed,
        )
        existing = [Existing(r[0], r[3], r[4], bool(r[5]), r[6], r[7], r[12]) for r in found]
        decision = decide(incoming, existing, self.confidence_floor)
        new_id = None
        if decision.store:
            new_id = self._insert_fact(eid, claim, kind, incoming, ctx, decision)
            result.facts.append(self._fact(new_id))
        for old in decision.closes:
            self.db.execute(
                "UPDATE facts SET closed_ms=?, valid_until_ms=COALESCE(valid_until_ms, ?), "
                "superseded_by=? WHERE id=? AND closed_ms IS NULL",
                (ctx.now, ctx.now, new_id, old),
            )
            result.corrections.append(
                {"closed": old, "by": new_id, "action": decision.action, "reason": decision.reason}
            )
        if decision.corroborates is not None:
            self.db.execute(
                "INSERT OR IGNORE INTO provenance(fact_id, source_id, created_ms) VALUES(?,?,?)",
                (decision.corroborates, ctx.source, ctx.now),
            )
            self.db.execute(
                "UPDATE facts SET corroborations=corroborations+1 WHERE id=?",
                (decision.corroborates,),
            )
            result.corroborations.append(decision.corroborates)
        if decision.action == "conflict":
            about = f"{claim.subject if claim.subject not in (SELF, ORG) else ekey} {claim.key}"
            # the other side's value is not quoted: it may lie outside what a reader of this
            # scope may read; views show each side through the reader's region
            reason = f"{decision.reason} (said: {claim.value!r})"
            u = self._open_uncertainty(
                ctx, about, reason, "conflict", [new_id, *decision.conflicts_with], result
            )
            result.conflicts.append(
                {
                    "uncertainty": u,
                    "fact": new_id,
                    "against": decision.conflicts_with,
                    "about": about,
                }
            )
        trace = {
            "claim": {"subject": claim.subject, "key": claim.key, "value": claim.value},
            "action": decision.action,
            "reason": decision.reason,
            "candidates": [r[0] for r in found],
            "stored": new_id,
            "closed": decision.closes,
            "corroborated": decision.corroborates,
            "conflicts_with": decision.conflicts_with,
        }
        result.decisions.append(trace)
        self._trace(ctx, "reconcile", trace)
        if not ctx.authoritative and decision.action in ("insert", "corroborate", "supersede"):
            self._observe(claim, ekey, ctx)

    def _insert_fact(
        self, eid: int, claim: Claim, kind: str, inc: Incoming, ctx: _WriteContext, d: Decision
    ) -> int:
        typed = (
            claim.typed
            if claim.typed is not None
            else (parse_value(claim.value) if kind != "hours" else None)
        )
        category = CATEGORIES.get(claim.category, CATEGORIES["knowledge"])
        closed = ctx.now if d.closed else None
        # a relation: the value names an entity ("works at Acme", "lives in Lisbon")
        object_type = claim.object_type or _RELATION_OBJECTS.get(claim.key)
        object_id = None
        if object_type and kind == "text" and not claim.negated:
            object_id, _, _ = self._entity(claim.value, object_type, ctx, claim.category)
        cur = self.db.execute(
            """INSERT INTO facts(entity_id, key, key_phrase, value, value_kind, value_num,
                value_unit, object_id, category, scope, source_id, authoritative, trust, confidence,
                importance, statement, span_start, span_end, known_ms, valid_from_ms,
                valid_until_ms, closed_ms, supersedes, document_id, stream)
            VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)""",
            (
                eid,
                claim.key,
                claim.key_phrase,
                claim.value,
                kind,
                typed.magnitude if typed is not None else None,
                typed.unit if typed is not None else None,
                object_id,
                category.name,
                ctx.scope,
                ctx.source,
                int(ctx.authoritative),
                TRUST_PRIORS[ctx.kind],
                inc.confidence,
                category.importance,
                claim.statement,
                claim.span[0] if claim.span else None,
                claim.span[1] if claim.span else None,
                ctx.now,
                claim.valid_from_ms or ctx.now,
                closed,
                closed,
                d.closes[0] if d.closes else None,
                ctx.document_id,
                ctx.stream,
            ),
        )
        fid = int(cur.lastrowid)
        self.db.execute(
            "INSERT INTO provenance(fact_id, source_id, created_ms) VALUES(?,?,?)",
            (fid, ctx.source, ctx.now),
        )
        return fid

    def _open_uncertainty(
        self,
        ctx: _WriteContext,
        about: str,
        reason: str,
        kind: str,
        facts: list,
        result: WriteResult,
    ) -> int:
        cur = self.db.execute(
            "INSERT INTO uncertainties(about, reason, kind, scope, source_id, fact_ids, "
            "created_ms) VALUES(?,?,?,?,?,?,?)",
            (
                about,
                reason,
                kind,
                ctx.scope,
                ctx.source,
                json.dumps([f for f in facts if f]),
                ctx.now,
            ),
        )
        uid = int(cur.lastrowid)
        result.uncertainties.append({"id": uid, "about": about, "reason": reason, "kind": kind})
        return uid

    def _revoke(self, text: str, ctx: _WriteContext) -> list[dict[str, Any]]:
        """Revoke the active instruction of the write's own scope the statement names best.
        Instructions of ancestor scopes are never touched (a customer's "you no longer need
        to ..." does not lift an organisation's instruction), nor ones the writer may not
        read."""
        words = _content_words(text)
        if ctx.readable is not None and not ctx.readable(ctx.scope):
            return []
        best: list[tuple[float, int, str]] = []
        for iid, itext in self.db.execute(
            "SELECT id, text FROM instructions WHERE active=1 AND forgotten=0 AND scope=?",
            (ctx.scope,),
        ):
            theirs = _content_words(itext)
            if not theirs:
                continue
            overlap = len(words & theirs) / len(theirs)
            if overlap >= REVOKE_OVERLAP:
                best.append((overlap, iid, itext))
        out = []
        for overlap, iid, itext in sorted(best, reverse=True)[:1]:
            self.db.execute(
                "UPDATE instructions SET active=0, revoked_ms=?, revoked_by=? WHERE id=?",
                (ctx.now, ctx.source, iid),
            )
            out.append({"id": iid, "text": itext, "by": text, "overlap": round(overlap, 2)})
            self._trace(ctx, "revoke", out[-1])
        return out

    def _align(self, text: str, scope: str, extraction: Extraction, readable: Any = None) -> None:
        """Catalogue-guided extraction (``extract/aligned.py``): claims of the turn that answer
        a live curated fact of its organisation replace stage-0 claims of the same value (only
        facts ``readable`` admits, when given)."""
        templates, names = self._templates(scope, text, readable)
        org = org_of(scope) or ""
        aligned = [
            claim for _, claim in align(text, templates, other_names=names, organisation=org)
        ]
        if not aligned:
            return

        def overlaps(c: Claim) -> bool:
            if c.negated or c.past:
                return False
            v = c.value.casefold().strip()
            tv = parse_value(c.value)
            for a in aligned:
                av = a.value.casefold().strip()
                if v and (v == av or re.search(rf"(?<!\w){re.escape(av)}(?!\w)", v)):
                    return True  # the same words ("open at 7:30am" holds "7:30am")
                ta = a.typed if a.typed is not None else parse_value(a.value)
                if tv.kind == ta.kind != "text" and compare(tv, ta) == "same":
                    return True  # "90 minutes" read by stage 0 as "an hour and a half"
            return False

        extraction.claims[:] = [c for c in extraction.claims if not overlaps(c)] + aligned

    def _templates(
        self, scope: str, text: str, readable: Any = None
    ) -> tuple[list[Template], list[str]]:
        """Live curated facts of ``scope`` and its ancestors that share a word with ``text``
        (or whose entity it names), best first, and the catalogue names the text mentions;
        only those of scopes ``readable`` admits, when given."""
        words = aligned_words(text)
        low = text.casefold()
        said = set(_WORD.findall(low))
        ranked: list[tuple[int, Template]] = []
        names: set[str] = set()
        for t, t_words, name_words in self._curated_templates(scope, readable):
            named = bool(name_words & said) and (t.subject in names or _names_it(low, t.subject))
            if named:
                names.add(t.subject)
            shared = len(words & t_words)
            if shared or named:
                ranked.append((shared + (2 if named else 0), t))
        # the facts the turn is most about; a catalogue of thousands stays cheap to read
        ranked.sort(key=lambda r: -r[0])
        return [t for _, t in ranked[:MAX_TEMPLATES]], sorted(names)[:MAX_TEMPLATES]

    def _curated_templates(
        self, scope: str, readable: Any = None
    ) -> list[tuple[Template, frozenset, frozenset]]:
        """Every live curated fact of the scope chain (its scopes ``readable`` admits, when
        given) as a template, with its attribute words and its entity's name words; kept per
        readable chain until a curated fact of it is added, closed or forgotten (a signature
        of them is read on every call)."""
        scopes = self._chain(scope, readable)
        if not scopes:
            return []
        marks = ",".join("?" * len(scopes))
        signature = self.db.execute(
            f"SELECT COUNT(*), MAX(id), MAX(closed_ms), SUM(forgotten) FROM facts "
            f"WHERE authoritative=1 AND scope IN ({marks})",
            scopes,
        ).fetchone()
        cached = self._template_cache.get(tuple(scopes))
        if cached is not None and cached[0] == signature:
            return cached[1]
        org = normalize_name(org_of(scope) or "")
        out = []
        for (
            fid,
            key,
            phrase,
            value,
            kind,
            statement,
            category,
            etype,
            ekey,
            name,
            fscope,
        ) in self.db.execute(
            f"""SELECT f.id, f.key, f.key_phrase, f.value, f.value_kind, f.statement,
                    f.category, e.type, e.key, e.name, f.scope
                FROM facts f JOIN entities e ON e.id=f.entity_id
                WHERE f.authoritative=1 AND f.closed_ms IS NULL AND f.forgotten=0
                AND f.scope IN ({marks}) ORDER BY f.id DESC""",
            scopes,
        ):
            own = ekey == org or (etype == "organisation" and _is_org_root(fscope))
            subject = "" if own else name
            t = Template(
                fact_id=fid,
                subject=subject,
                subject_type=etype,
                key=key,
                key_phrase=phrase or key,
                value=value,
                value_kind=kind or "",
                statement=statement or "",
                category=category or "knowledge",
                name=name,
            )
            t_words = aligned_words(f"{subject} {phrase or key} {statement}")
            out.append((t, t_words, frozenset(_WORD.findall(subject.casefold()))))
        if len(self._template_cache) > 256:
            self._template_cache.clear()
        self._template_cache[tuple(scopes)] = (signature, out)
        return out

    def _catalogue(self, scope: str, readable: Any = None) -> dict[str, str]:
        """Curated entity names visible from ``scope`` (lower-cased name -> type): of its
        chain's scopes ``readable`` admits, when given."""
        scopes = self._chain(scope, readable)
        if not scopes:
            return {}
        marks = ",".join("?" * len(scopes))
        return {
            name.casefold(): etype
            for name, etype in self.db.execute(
                f"SELECT name, type FROM entities WHERE authoritative=1 AND forgotten=0 "
                f"AND type NOT IN ('organisation') AND scope IN ({marks})",
                scopes,
            )
        }

    def _link_mention(self, name: str, etype: str, ctx: _WriteContext) -> dict[str, Any] | None:
        """``resolves_to``: a chat mention ("my AirPods") is its own experiential entity, linked
        to the curated one ("AirPods Pro") it names, never merged with it."""
        if ctx.authoritative:
            return None
        scopes = [s for s in ancestors(ctx.scope) if ctx.readable is None or ctx.readable(s)]
        if not scopes:
            return None
        marks = ",".join("?" * len(scopes))
        key = normalize_name(name)
        target = None
        for tid, tkey, tname in self.db.execute(
            f"SELECT id, key, name FROM entities WHERE authoritative=1 AND type=? "
            f"AND forgotten=0 AND scope IN ({marks})",
            [etype, *scopes],
        ):
            if tkey == key or key in tkey.split("_") or tkey.startswith(key + "_"):
                target = (tid, tkey, tname)
                if tkey == key:
                    break
        if target is None:
            return None
        eid, _, _ = self._entity(name, etype, ctx, "knowledge")
        self.db.execute(
            "UPDATE entities SET resolves_to=? WHERE id=? AND resolves_to IS NULL",
            (target[0], eid),
        )
        link = {"entity": eid, "name": name, "resolves_to": target[0], "target": target[2]}
        self._trace(ctx, "resolves_to", link)
        return link

    def _observe(self, claim: Claim, ekey: str, ctx: _WriteContext) -> None:
        sig = hashlib.sha1(f"{ekey}|{claim.key}|{claim.value.casefold()}".encode()).hexdigest()
        self.db.execute(
            "INSERT INTO observations(scope, signature, text, proof_count, first_ms, last_ms, "
            "history) VALUES(?,?,?,1,?,?,?) ON CONFLICT(scope, signature) DO UPDATE SET "
            "proof_count=proof_count+1, last_ms=excluded.last_ms, "
            "history=json_insert(history, '$[#]', ?)",
            (
                ctx.scope,
                sig,
                claim.statement,
                ctx.now,
                ctx.now,
                json.dumps([ctx.source]),
                ctx.source,
            ),
        )

    def _trace(self, ctx: _WriteContext, op: str, detail: dict[str, Any]) -> None:
        if ctx.actor is not None:  # who wrote: principal, key, delegation target
            detail = {**detail, "actor": ctx.actor}
        self.db.execute(
            "INSERT INTO traces(op, scope, source_id, created_ms, detail) VALUES(?,?,?,?,?)",
            (op, ctx.scope, ctx.source, ctx.now, json.dumps(detail, default=str)),
        )

    # ------------------------------------------------------------------ reads
    @contextlib.contextmanager
    def region(self, readable):
        """Within this block every read also passes ``readable(scope) -> bool`` (the server's
        grant check, fail-closed); a lens still narrows inside it."""
        token = _REGION.set(readable)
        try:
            yield self
        finally:
            _REGION.reset(token)

    def _visible(self, scope: str, paths) -> bool:
        region = _REGION.get()
        return visible(scope, paths) and (region is None or region(scope))

    def _fact(self, fid: int) -> Fact:
        row = self.db.execute(
            f"SELECT {_FACT_COLUMNS} FROM facts f JOIN entities e ON e.id=f.entity_id "
            "JOIN sources s ON s.id=f.source_id WHERE f.id=?",
            (fid,),
        ).fetchone()
        if row is None:
            raise NotFoundError(str(fid))
        return _fact_of(row)

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
        paths = check_lens(lens)
        at = _ms(as_of, "as_of")
        now = now if now is not None else _now_ms()
        rows = self.db.execute(
            f"SELECT {_FACT_COLUMNS} FROM facts f JOIN entities e ON e.id=f.entity_id "
            "JOIN sources s ON s.id=f.source_id WHERE f.forgotten=0 ORDER BY f.known_ms, f.id"
        ).fetchall()
        out = []
        for row in rows:
            f = _fact_of(row)
            if not self._visible(f.scope, paths):
                continue
            if not include_closed:
                t = at if at is not None else now
                if f.known_ms > t or (f.closed_ms is not None and f.closed_ms <= t):
                    continue
                ttl = CATEGORIES[f.category].ttl_ms if f.category in CATEGORIES else None
                if ttl is not None and t - f.known_ms > ttl:
                    continue
            out.append(f)
        return out

    def query(
        self,
        text: str,
        *,
        lens: str | Sequence[str] | None = None,
        k: int = 10,
        mode: str = "hybrid",
        as_of: datetime | int | str | None = None,
        explain: bool = False,
    ) -> list[QueryHit]:
        """Facts and passages (document chunks, conversation turns) ranked together. ``mode``:
        ``hybrid`` (the engine's cognitive recall), ``vector`` (similarity only), ``bm25``
        (words only) or ``graph`` (facts of the entities the query names, then their passages)."""
        if mode not in ("hybrid", "vector", "bm25", "graph"):
            raise ValidationError("mode", "must be hybrid, vector, bm25 or graph", value=mode)
        paths = check_lens(lens)
        self.engine.validate([{"text": text}])
        at = _ms(as_of, "as_of")
        with self._lock:
            facts = self.facts(lens=paths, as_of=at)
            hits = self._fact_hits(text, facts, mode, explain)
            if mode != "graph" or not hits:
                hits += self._passage_hits(text, paths, k, mode, at, explain)
            hits.sort(key=lambda h: -h.score)
            hits = hits[:k]
            returned = [int(h.id[5:]) for h in hits if h.kind == "fact"]
            if returned:  # recall reinforces what it returns (x1.1, capped at 1.0)
                self.db.executemany(
                    "UPDATE facts SET importance=MIN(1.0, importance*?), recalled=recalled+1 "
                    "WHERE id=?",
                    [(RECALL_BOOST, i) for i in returned],
                )
        return hits

    def _fact_hits(self, text: str, facts: list[Fact], mode: str, explain: bool) -> list[QueryHit]:
        if not facts:
            return []
        q = self._vec(text)
        qwords = _content_words(text)
        out = []
        for f in facts:
            body = f"{f.entity} {f.key.replace('_', ' ')} {f.value}"
            sim = float(self._vec(f.statement) @ q)
            sim = max(sim, float(self._vec(body) @ q))
            fw = _content_words(f"{f.statement} {body}")
            lex = len(qwords & fw) / len(qwords) if qwords else 0.0
            if mode == "bm25":
                score = lex
            elif mode == "vector":
                score = sim
            else:
                score = 0.8 * sim + 0.35 * lex
            if mode == "graph" and not (qwords & set(f.entity.casefold().split())):
                continue
            score *= 0.85 + 0.15 * f.importance
            out.append(
                QueryHit(
                    "fact",
                    f"fact:{f.id}",
                    f.statement,
                    score,
                    f.scope,
                    f.authoritative,
                    {"kind": f.source_kind, "ref": f.source_ref},
                    fact=f,
                    explain={"similarity": sim, "lexical": lex} if explain else None,
                )
            )
        return out

    def _passage_hits(self, text, paths, k, mode, at, explain) -> list[QueryHit]:
        scopes = self._visible_scopes(paths)
        if scopes == []:
            return []
        profile = {"vector": "semantic", "bm25": "precise"}.get(mode)
        opts = RecallOptions(
            k=min(1000, k * 3),
            scopes=scopes,
            profile=profile,
            explain=explain,
            max_timestamp_ms=at,
        )
        out = []
        for h in self.engine.recall(text, opts):
            kind = (h.meta or {}).get("kind")
            if kind not in ("turn", "chunk"):
                continue
            table = "turns" if kind == "turn" else "chunks"
            row = self.db.execute(
                f"SELECT scope, forgotten FROM {table} WHERE id=?", (h.id,)
            ).fetchone()
            if row is None or row[1]:
                continue
            source = {"kind": "turn", "ref": h.id, "session_id": h.session_id}
            if kind == "chunk":
                source = {
                    "kind": "document",
                    "ref": str((h.meta or {}).get("document_id")),
                    "heading": (h.meta or {}).get("heading"),
                }
            out.append(
                QueryHit(
                    kind,
                    h.id,
                    h.text,
                    float(h.score),
                    row[0],
                    kind == "chunk",
                    source,
                    explain=h.explain,
                )
            )
        return out

    def _visible_scopes(self, paths: list[str] | None) -> list[str] | None:
        if paths is None and _REGION.get() is None:
            return None
        return sorted(s for s in self._passage_scopes() if self._visible(s, paths))

    def _passage_scopes(self) -> set[str]:
        """The scopes that hold turns or chunks, kept in memory (a scan of every turn per
        query cost more than the recall itself at 100k turns); a write adds its scope, a
        forget drops the cache."""
        scopes = self._scopes
        if scopes is None:
            scopes = self._scopes = {
                r[0]
                for r in self.db.execute(
                    "SELECT DISTINCT scope FROM turns UNION SELECT DISTINCT scope FROM chunks"
                )
            }
        return scopes

    def uncertainties(
        self, *, lens: str | Sequence[str] | None = None, include_resolved: bool = False
    ) -> list[dict[str, Any]]:
        paths = check_lens(lens)
        rows = self.db.execute(
            "SELECT id, about, reason, kind, scope, fact_ids, resolved, created_ms FROM "
            "uncertainties WHERE forgotten=0 ORDER BY id"
        ).fetchall()
        rows = [r for r in rows if (include_resolved or not r[6]) and self._visible(r[4], paths)]
        ids = {f for r in rows for f in json.loads(r[5])}
        seen = self._visible_facts(ids, paths)
        out = []
        for r in rows:
            facts = json.loads(r[5])
            shown = [f for f in facts if f in seen]
            if r[3] == "conflict" and len(facts) > 1 and not set(facts[1:]) & seen:
                continue  # a conflict with nothing the reader may see is none of its business
            out.append(
                {
                    "id": r[0],
                    "about": r[1],
                    "reason": r[2],
                    "kind": r[3],
                    "scope": r[4],
                    "facts": shown,
                    "resolved": bool(r[6]),
                    "created_ms": r[7],
                }
            )
        return out

    def _visible_facts(self, ids: Iterable[int], paths) -> set[int]:
        """Which of these fact ids the reader may see (scope through the lens and region)."""
        ids = sorted(ids)
        out: set[int] = set()
        for i in range(0, len(ids), 500):
            part = ids[i : i + 500]
            marks = ",".join("?" * len(part))
            for fid, scope in self.db.execute(
                f"SELECT id, scope FROM facts WHERE id IN ({marks}) AND forgotten=0", part
            ):
                if self._visible(scope, paths):
                    out.add(fid)
        return out

    def trace_detail(self, detail: dict[str, Any]) -> dict[str, Any]:
        """A trace's detail as the current reader (``region``) may see it: ids of facts and
        entities it may not read are dropped, with the names they carry."""
        facts: set[int] = set()
        for key in ("candidates", "closed", "conflicts_with"):
            facts.update(x for x in detail.get(key) or () if isinstance(x, int))
        for key in ("stored", "corroborated"):
            if isinstance(detail.get(key), int):
                facts.add(detail[key])
        seen = self._visible_facts(facts, None)
        out = dict(detail)
        for key in ("candidates", "closed", "conflicts_with"):
            if isinstance(out.get(key), list):
                out[key] = [x for x in out[key] if x in seen]
        for key in ("stored", "corroborated"):
            if isinstance(out.get(key), int) and out[key] not in seen:
                out[key] = None
        target = out.get("resolves_to")
        if isinstance(target, int):
            row = self.db.execute("SELECT scope FROM entities WHERE id=?", (target,)).fetchone()
            if row is None or not self._visible(row[0], None):
                out.pop("resolves_to", None)
                out.pop("target", None)
        return out

    def resolve_uncertainty(self, id: int) -> None:
        with self._lock:
            cur = self.db.execute(
                "UPDATE uncertainties SET resolved=1, resolved_ms=? WHERE id=? AND resolved=0",
                (_now_ms(), id),
            )
            if cur.rowcount == 0:
                raise NotFoundError(str(id))

    def instructions(
        self, *, lens: str | Sequence[str] | None = None, include_revoked: bool = False
    ) -> list[dict[str, Any]]:
        paths = check_lens(lens)
        out = []
        for r in self.db.execute(
            "SELECT id, text, scope, active, created_ms, revoked_ms FROM instructions "
            "WHERE forgotten=0 ORDER BY id"
        ):
            if (not r[3] and not include_revoked) or not self._visible(r[2], paths):
                continue
            out.append(
                {
                    "id": r[0],
                    "text": r[1],
                    "scope": r[2],
                    "active": bool(r[3]),
                    "created_ms": r[4],
                    "revoked_ms": r[5],
                }
            )
        return out

    def state(self, *, lens: str | Sequence[str] | None = None, as_of=None) -> dict[str, Any]:
        return views.state(self, check_lens(lens), _ms(as_of, "as_of"))

    def profile(self, *, lens: str | Sequence[str] | None = None) -> dict[str, Any]:
        return views.profile(self, check_lens(lens))

    def context(
        self, query: str | None = None, *, lens: str | Sequence[str] | None = None, k: int = 8
    ) -> str:
        return views.context(self, query, check_lens(lens), k)

    def entity(
        self, type: str, name: str, *, as_of=None, lens: str | Sequence[str] | None = None
    ) -> dict[str, Any]:
        return views.entity(self, entity_type(type), name, _ms(as_of, "as_of"), check_lens(lens))

    def history(
        self, type: str, name: str, key: str, *, lens: str | Sequence[str] | None = None
    ) -> list[Fact]:
        return views.history(self, entity_type(type), name, canonical_key(key), check_lens(lens))

    # ------------------------------------------------------------------ lifecycle
    def forget(
        self,
        query: str | None = None,
        *,
        id: str | int | None = None,
        scope: str | None = None,
        purge: bool = False,
        caller: Caller | None = None,
    ) -> dict[str, int]:
        """Forget by fact id (``"fact:12"`` or 12), by turn/chunk id, by query (the facts and
        passages it finds best, score above half the best), or a whole scope subtree. Soft by
        default (rows stay, marked forgotten, out of every read); ``purge`` deletes every copy:
        the rows, their provenance, traces and observations, the sources only they used, and
        the engine's record, full-text entry and log frames.

        ``caller`` (None: embedded use, every right): forgetting a row needs ``memory:forget``
        over its scope, and ``memory:curate`` as well for an authoritative row (a curated fact
        or entity, a document chunk, a document). By id: a row the caller may not read is a
        ``NotFoundError``, one it may not forget a ``ForbiddenError``. By query: only rows it
        may read and forget are candidates. By scope: every row of the subtree is checked and,
        if any is not covered, ``ForbiddenError`` and nothing is removed."""
        from .lifecycle import forget

        self._scopes = None  # recomputed on the next read
        return forget(self, query, id, check_scope(scope) if scope else None, purge, caller)

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
        now = _now_ms()
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
        now = _now_ms()
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
        for (path,) in self.db.execute(
            "SELECT scope FROM turns UNION SELECT scope FROM chunks UNION SELECT scope FROM facts"
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

        self._scopes = None
        return forget_document(self, doc_id, purge, caller)

    def consolidate(self, *, min_proof: int = 3, now: int | None = None) -> dict[str, int]:
        from .lifecycle import consolidate

        return consolidate(self, min_proof, now if now is not None else _now_ms())

    def elaborate(self) -> dict[str, int]:
        from .lifecycle import elaborate

        return elaborate(self)


MAX_VALUES_PER_ATTRIBUTE = 16
"""Distinct values one document may state for one attribute of one subject (a price list
names its items; a real document never gives one thing sixteen prices)."""

MAX_CANDIDATES = 128
"""Live rows one claim is compared with, its own attribute and its own entity first, then the
newest: the comparison costs tens of microseconds a pair, and a claim about a thing of a catalogue
of thousands must not read them all."""


class _WriteContext:
    def __init__(
        self,
        scope: str,
        source: int,
        kind: str,
        stream: str,
        now: int,
        role: str,
        caller: Caller | None = None,
    ):
        #: what the writer may read (None: everything); reconciliation sees nothing else
        self.readable = caller.readable if caller is not None else None
        #: who writes, recorded in every trace (None: embedded use)
        self.actor = _actor(caller)
        self.scope = scope
        self.source = source
        self.kind = kind
        self.stream = stream
        self.now = now
        self.role = role
        self.authoritative = is_authoritative(kind)
        self.document_id: int | None = None
        #: values stated so far per (entity, key), and how many were beyond the limit
        self.said: dict[tuple[str, str], set[str]] = {}
        self.dropped = 0

    def first_saying(self, entity: str, key: str, value: str) -> bool:
        """Whether a document states this value of this attribute for the first time and
        within ``MAX_VALUES_PER_ATTRIBUTE``. A document that repeats a line, or lists hundreds
        of values of one attribute of one thing, is a list without names: stored as fact rows
        each would be compared with all the others (quadratic in the upload, and again in
        every later upload), and none would answer a question. Its text stays searchable."""
        values = self.said.setdefault((entity, key), set())
        v = " ".join(value.casefold().split())
        if v in values:
            return False
        if len(values) >= MAX_VALUES_PER_ATTRIBUTE:
            self.dropped += 1
            return False
        values.add(v)
        return True

    def limit_note(self) -> list[str]:
        if not self.dropped:
            return []
        return [
            f"{self.dropped} values were not stored as facts: over {MAX_VALUES_PER_ATTRIBUTE} "
            "values of one attribute of one subject (the text stays searchable)"
        ]


class _Tx:
    """One SQLite transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``; rolled back on error)."""

    def __init__(self, db):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN IMMEDIATE")
        return self

    def __exit__(self, exc_type, exc, tb):
        self.db.execute("ROLLBACK" if exc_type else "COMMIT")
        return False


#: Keys whose value names an entity of this type: the fact is a relation to it.
_RELATION_OBJECTS = {
    "employer": "organisation",
    "lives_in": "location",
    "hometown": "location",
    "manager": "person",
    "team": "organisation",
}


def _is_org_root(scope: str) -> bool:
    parts = scope.split("/")
    return len(parts) >= 2 and parts[-2] in (
        "org",
        "orgs",
        "organisation",
        "organization",
        "tenant",
    )


def _names_it(low: str, name: str) -> bool:
    """A name is named by a word of it that names nothing else: all its words, or its rarest
    (longest) distinctive one ("the Tenby Road branch"; not "product" for "Product 7")."""
    words = [w for w in _WORD.findall(name.casefold()) if w not in _STOP and len(w) > 2]
    said = set(_WORD.findall(low))
    if words and all(w in said for w in words):
        return True
    return any(w in said and not w.isdigit() and w not in _COMMON_NAME_WORDS for w in words)


#: Words many catalogue names share ("Product 7", "Standard delivery"): naming one names none.
_COMMON_NAME_WORDS = frozenset(
    "product products service services plan plans item items option options standard "
    "basic premium".split()
)


def _mentions_name(statement: str, name: str) -> bool:
    """Whether an organisation-level statement is about the named thing: a word of the name
    (not a common word) appears in it."""
    words = [w for w in _WORD.findall(name.casefold()) if w not in _STOP and len(w) > 2]
    low = statement.casefold()
    return any(re.search(rf"\b{re.escape(w)}", low) for w in words)


def _stream(role: str, scope: str, session_id: str | None) -> str:
    """Who is speaking, for supersession: in a personal scope (anything under
    ``.../user/<id>``) every conversation is the same person, the owner (``owner_of``); in a
    shared scope (a team, a project) each conversation session is its own speaker, so one
    cannot silently overwrite another."""
    owner = owner_of(scope)
    if owner is None:
        return f"turn:{role}:{scope}:{session_id}"
    return f"turn:{role}:{owner[1]}"


def _actor(caller: Caller | None) -> dict[str, str | None] | None:
    """The acting principal, its key and the delegation target of a caller (None: embedded
    use)."""
    if caller is None:
        return None
    p = caller.provenance()
    return {k: p.get(k) for k in ("principal_id", "key_id", "on_behalf_of")}


def _kind_of(claim: Claim) -> str:
    if claim.typed is not None:
        return claim.typed.kind
    return parse_value(claim.value).kind


_WORD = re.compile(r"[a-z0-9][a-z0-9'-]*")
_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "from",
        "by",
        "with",
        "and",
        "or",
        "but",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "am",
        "it",
        "this",
        "that",
        "i",
        "you",
        "we",
        "my",
        "your",
        "our",
        "me",
        "us",
        "please",
        "can",
        "could",
        "would",
        "should",
        "will",
        "do",
        "does",
        "did",
        "not",
        "no",
        "need",
        "longer",
        "anymore",
        "any",
        "more",
        "stop",
        "always",
        "never",
        "now",
        "just",
    ]
)


_STEM_STOP = frozenset(
    "a an the of to in on at for from by with and or but is are was were be been am it this "
    "that these those i you we my your our me us they their can could would should will may "
    "might must do does did not no only just also up as than then so very per each every any "
    "all some more most less least about over under into out off one two three four five six "
    "seven eight nine ten half quarter full whole roughly approximately around least max "
    "maximum minimum need needs needed".split()
)


def _counted_elsewhere(count_phrase: str, other: str) -> bool:
    """A bare count's phrase names what it counts ("maximum users"); a statement of an amount
    with a unit that never mentions those things is about something else."""
    plural = [w for w in _WORD.findall(count_phrase.casefold()) if w.endswith("s") and len(w) > 3]
    return bool(plural) and not any(_stem(w) in _stems(other) for w in plural)


def _stem(word: str) -> str:
    """A light suffix stripper (plural, past, gerund, adverb): enough to meet "cancelled" with
    "cancel" and "books" with "book"."""
    for suffix in ("ations", "ation", "ings", "ing", "edly", "ed", "ies", "es", "s", "ly"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiou":
        word = word[:-1]
    return word


def _stems(text: str) -> set[str]:
    return {
        _stem(w)
        for w in _WORD.findall(text.casefold())
        if w not in _STEM_STOP and not w[0].isdigit() and len(w) > 2
    }


def _content_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.casefold()) if w not in _STOP}


def _fact_of(row: Sequence[Any]) -> Fact:
    return Fact(
        id=row[0],
        entity=row[1],
        entity_type=row[2],
        key=row[3],
        value=row[4],
        category=row[5],
        scope=row[6],
        authoritative=bool(row[7]),
        source_kind=row[8],
        source_ref=row[9],
        confidence=row[10],
        importance=row[11],
        statement=row[12],
        known_ms=row[13],
        valid_from_ms=row[14],
        valid_until_ms=row[15],
        closed_ms=row[16],
        superseded_by=row[17],
        corroborations=row[18],
    )
