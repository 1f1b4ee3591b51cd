"""Writing a conversation turn or structured triples (``Memory.remember``): a turn is read
for facts (stage 0, the optional LLM stages, then catalogue-guided alignment), stored with its
extraction in one transaction, then written to the engine's episodic tier; triples become
claims that are reconciled one by one."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ..errors import ValidationError
from .access import Caller, check_write, speaker_of
from .catalogue import align_turn, known_names
from .claims import SELF, Claim, Extraction
from .clock import now_ms, to_ms
from .extract import MAX_READ_CHARS, extract_stage0, read_window
from .extract.first_person import Frame
from .mentions import partial_names, resolve_partial
from .own_updates import apply_own_updates
from .recheck import recheck_beliefs
from .recording import apply_extraction, reconcile_claim, record_source
from .redaction import redact
from .results import WriteResult
from .scopes import check_scope, org_of
from .vocab import SOURCE_KINDS, canonical_key, entity_type, is_authoritative
from .writing import WriteContext, stream_of

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = [
    "MAX_METADATA_CHARS",
    "MAX_TRIPLES",
    "claim_of_triple",
    "json_object",
    "metadata_json",
    "read_turn",
    "remember",
]


_ROLES = ("user", "assistant", "system", "tool")
MAX_TRIPLES = 10_000


def remember(
    store: OpenStore,
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
    """The body of ``Memory.remember``."""
    scope = check_scope(scope)
    store.check_writable_scope(scope)
    if (text is None) == (triples is None):
        raise ValidationError("text", "give either a turn's text or triples, not both")
    now = to_ms(observed_at, "observed_at") or now_ms()
    if triples is not None:
        if metadata is not None:
            raise ValidationError("metadata", "is for a turn's text, not for triples")
        return _remember_triples(store, list(triples), scope, source_kind or "upsert", now, caller)
    if source_kind not in (None, "turn"):
        raise ValidationError("source_kind", "a text is a conversation turn ('turn')")
    if role not in _ROLES:
        raise ValidationError("role", f"must be one of {', '.join(_ROLES)}", value=role)
    check_write(caller, scope, False)
    store.engine.validate([{"text": text, "session_id": session_id}])
    meta_json = metadata_json(metadata)
    readable = caller.readable if caller is not None else None
    # Reading the turn (extraction, catalogue alignment) takes no lock: it reads committed
    # rows only, and a long turn costs its own writer, not every other writer of the store.
    extraction, known = read_turn(store, text, scope, session_id, role, now, readable, extract)
    with store.lock:
        store.check_writable_scope(scope)  # (closed while it was read)
        turn_id = f"turn-{uuid.uuid4().hex}"
        result = WriteResult(turn_id=turn_id, errors=list(extraction.errors))
        with store.transaction():
            seq = _next_seq(store, session_id, scope)
            store.db.execute(
                "INSERT INTO turns(id, session_id, seq, role, text, scope, observed_ms, "
                "created_ms, metadata) VALUES(?,?,?,?,?,?,?,?,?)",
                (turn_id, session_id, seq, role, text, scope, now, now_ms(), meta_json),
            )
            source = record_source(store, "turn", turn_id, session_id, now, caller)
            ctx = WriteContext(
                scope, source, "turn", stream_of(role, scope, session_id), now, role, caller
            )
            apply_extraction(store, extraction, ctx, result, known)
            if extract:
                apply_own_updates(store, extraction_text(text), ctx, result)
        store.engine.remember(
            text,
            id=turn_id,
            tier="episodic",
            scope=scope,
            session_id=session_id,
            timestamp_ms=now,
            meta={"kind": "turn", "role": role},
        )
        store.db.execute("UPDATE turns SET memory_written=1 WHERE id=?", (turn_id,))
        store.add_scope(scope)
        return redact(store, result, readable)


MAX_METADATA_CHARS = 16_384


def json_object(value: Any, field: str, limit: int) -> str:
    """``value`` as stored: a JSON object (a dict of JSON values) of at most ``limit``
    characters, else a ``ValidationError`` naming ``field``."""
    if not isinstance(value, Mapping):
        raise ValidationError(field, "must be an object (a dict of JSON values)")
    try:
        out = json.dumps(dict(value), ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError) as e:
        raise ValidationError(field, f"must hold JSON values only ({e})") from None
    if len(out) > limit:
        raise ValidationError(field, "is too large as JSON", limit=limit, value=len(out))
    return out


def metadata_json(metadata: Mapping[str, Any] | None) -> str | None:
    """A memory's metadata as stored: a JSON object of at most ``MAX_METADATA_CHARS``."""
    return None if metadata is None else json_object(metadata, "metadata", MAX_METADATA_CHARS)


def extraction_text(text: str) -> str:
    """The part of a turn that is read for facts (the whole turn stays searchable)."""
    return read_window(text)[0]


def read_turn(
    store: OpenStore,
    text: str,
    scope: str,
    session_id: str | None,
    role: str,
    now: int,
    readable: Any,
    extract: bool = True,
) -> tuple[Extraction, dict[str, str]]:
    """What a turn states (stage 0, the optional LLM stages, catalogue alignment), read
    before its transaction; ``extract=False``: nothing (the text is stored as it is)."""
    if not extract:
        return Extraction(), {}
    read, cut = read_window(text)
    known = known_names(store, scope, readable, read)
    reference = datetime.fromtimestamp(now / 1000, UTC)
    speaker = "user" if role == "user" else "assistant"
    partial = partial_names(read, known)  # "the Diavola" is the catalogue's Pizza Diavola
    known = {**known, **{surface: known[name] for surface, name in partial.items()}}
    said = _last_said(store, scope, session_id) if speaker == "user" else None
    extraction = extract_stage0(
        read,
        reference=reference,
        role=speaker,
        known=known,
        said=said,
        organisation=org_of(scope) or "",
    )
    if partial:
        resolve_partial(extraction, partial)
    if store.llm is not None:  # outside the transaction: a slow model blocks no reader
        extraction = store.llm.extract(
            read, role=speaker, reference=reference, stage0=extraction, known=known
        )
    align_turn(store, read, scope, extraction, readable)
    if cut:
        extraction.errors.append(
            f"text: facts were read from the first {len(read)} of {len(text)} "
            f"characters (limit {MAX_READ_CHARS}); the whole turn is stored and searchable"
        )
    return extraction, known


def _remember_triples(
    store: OpenStore,
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
    claims = [claim_of_triple(t, i) for i, t in enumerate(triples)]
    result = WriteResult()
    with store.lock:
        store.check_writable_scope(scope)  # (closed while the request waited its turn)
        with store.transaction():
            source = record_source(store, kind, None, None, now, caller)
            ctx = WriteContext(scope, source, kind, f"{kind}:{scope}", now, "document", caller)
            for claim in claims:
                reconcile_claim(store, claim, ctx, result)
            if ctx.authoritative:
                recheck_beliefs(store, ctx, result)
        return redact(store, result, ctx.readable)


def _last_said(store: OpenStore, scope: str, session_id: str | None) -> list[Frame]:
    """What the speaker's previous turn of this session stated (its live facts), which a bare
    correction ("Sorry, 41 Park Road.") corrects. Read from the store: a restart or another
    worker process sees the same."""
    row = store.db.execute(
        "SELECT id FROM turns WHERE session_id IS ? AND scope=? AND role='user' "
        "ORDER BY seq DESC LIMIT 1",
        (session_id, scope),
    ).fetchone()
    if row is None:
        return []
    speaker = speaker_of(scope)
    frames = []
    for key, value, name, etype, category in store.db.execute(
        "SELECT f.key, f.value, e.name, e.type, f.category FROM facts f "
        "JOIN entities e ON e.id=f.entity_id WHERE f.scope=? AND f.closed_ms IS NULL "
        "AND f.forgotten=0 AND f.source_id IN (SELECT id FROM sources WHERE ref=? AND "
        "kind='turn')",  # (by the indexes: a turn's facts are of its scope)
        (scope, row[0]),
    ):
        subject = SELF if etype == "person" and name == speaker else name
        frames.append(Frame(key, value, (0, 0), subject, etype, category, False))
    return frames


def claim_of_triple(t: Mapping[str, Any], i: int, aliases: Sequence[str] = ()) -> Claim:
    """The claim of one triple (``triples[i]``), checked; ``aliases``: the codes its subject
    is also known by (a table row's SKU), named in its statement so that a code finds it."""
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
    named = f"{subject} ({', '.join(aliases)})" if aliases else subject
    return Claim(
        subject=str(subject),
        subject_type=entity_type(t.get("type")),
        key=canonical_key(str(key)),
        key_phrase=str(key).replace("_", " "),
        value=str(value),
        category=category,
        statement=f"{named} {str(key).replace('_', ' ')}: {value}",
        confidence=float(t.get("confidence", 1.0)),
        object_type=entity_type(t["object_type"]) if t.get("object_type") else None,
    )


def _next_seq(store: OpenStore, session_id: str | None, scope: str) -> int:
    """The turn's number in its session, counted per (session, scope): a number counted
    over every scope would tell a writer how many turns other scopes' sessions of that id
    hold."""
    row = store.db.execute(
        "SELECT COALESCE(MAX(seq), 0) FROM turns WHERE session_id IS ? AND scope=?",
        (session_id, scope),
    ).fetchone()
    return int(row[0]) + 1
