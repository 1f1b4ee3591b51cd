"""A memory (a stored turn) corrected in place: ``Memory.revise`` keeps its id, stores the new
text as version n+1 and the old one in ``turn_versions``; ``Memory.memory_history`` reads them.

Why in place and not a new turn: agent frameworks (mem0's ``update(id, text)``, LangGraph's
``put`` of an existing key) hold on to the id. Why versions and not an overwrite: a correction
users can audit ("what did it say before?") instead of a silent delete.

The facts read from the old text close (they were the old version's statements) unless another
source also states them; the new text is read again, like a new turn. The engine's copy of
version n is tombstoned and version n+1 written under ``engine_id(turn, n+1)`` at the turn's
original time, so its place in its session (and its neighbours' windows) stays."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..errors import NotFoundError, ValidationError
from ..store.sqlite import rows_in
from .access import Caller, check_write
from .clock import now_ms
from .recording import apply_extraction, record_source
from .redaction import redact
from .results import WriteResult
from .turns import extraction_text, metadata_json, read_turn
from .writing import WriteContext, actor_of, stream_of

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .open_store import OpenStore

__all__ = ["UNCHANGED", "engine_id", "engine_ids", "history", "record_version", "revise"]


class _Unchanged:
    def __repr__(self) -> str:
        return "UNCHANGED"


#: ``revise(..., metadata=UNCHANGED)``: keep the memory's metadata as it is
UNCHANGED: Any = _Unchanged()


def engine_id(turn_id: str, version: int) -> str:
    """The id of a turn's version in the engine (forgotten ids stay taken there)."""
    return turn_id if version <= 1 else f"{turn_id}.{version}"


def engine_ids(store: OpenStore, turn_ids: list[str]) -> list[str]:
    """Every engine id the versions of these turns were written under."""
    versions = dict(
        rows_in(store.db, "SELECT id, version FROM turns WHERE id IN ({marks})", turn_ids)
    )
    return [engine_id(t, v) for t in turn_ids for v in range(1, versions.get(t, 1) + 1)]


def _turn(store: OpenStore, id: str, caller: Caller | None, items: bool = True) -> tuple:
    """A live turn (``items``: keyed items too; one past its time to live is gone)."""
    row = store.db.execute(
        "SELECT t.id, t.session_id, t.role, t.text, t.scope, t.observed_ms, t.created_ms, "
        "t.version, t.updated_ms, t.metadata, i.expires_ms FROM turns t "
        "LEFT JOIN items i ON i.turn_id = t.id WHERE t.id=? AND t.forgotten=0",
        (str(id),),
    ).fetchone()
    if (
        row is None
        or (caller is not None and not caller.readable(row[4]))
        or (row[2] == "item" and not items)
        or (row[10] is not None and row[10] <= now_ms())
    ):
        raise NotFoundError(str(id))
    return row[:10]


def record_version(
    store: OpenStore,
    turn_id: str,
    version: int,
    event: str,
    text: str | None,
    metadata: str | None,
    value: str | None,
    when: int,
    caller: Caller | None,
) -> None:
    """One row of a memory's history (``ADD`` or ``UPDATE``)."""
    actor = actor_of(caller)
    store.db.execute(
        "INSERT OR REPLACE INTO turn_versions(turn_id, version, event, text, metadata, value, "
        "created_ms, actor) VALUES(?,?,?,?,?,?,?,?)",
        (
            turn_id,
            version,
            event,
            text,
            metadata,
            value,
            when,
            json.dumps(actor) if actor else None,
        ),
    )


def _value(store: OpenStore, tid: str) -> str | None:
    row = store.db.execute("SELECT value FROM items WHERE turn_id=?", (tid,)).fetchone()
    return row[0] if row else None


def revise(
    store: OpenStore,
    id: str,
    text: str,
    *,
    metadata: Mapping[str, Any] | None = UNCHANGED,
    extract: bool = True,
    caller: Caller | None = None,
    value: str | None = UNCHANGED,
) -> WriteResult:
    """The body of ``Memory.revise``; ``value``: a keyed item's new stored value (JSON), and
    only then is an item's turn revised (an item changes through ``items.put``: its value and
    its text together, never read for facts)."""
    if not isinstance(text, str):
        raise ValidationError("text", "must be a string")
    with store.lock:
        tid, session, role, old, scope, observed, created, version, updated, meta = _turn(
            store, id, caller, items=value is not UNCHANGED
        )
        check_write(caller, scope, False)
        store.check_writable_scope(scope)
        new_meta = meta if metadata is UNCHANGED else metadata_json(metadata)
        old_value = _value(store, tid)
        new_value = old_value if value is UNCHANGED else value
        result = WriteResult(turn_id=tid)
        if text == old and new_meta == meta and new_value == old_value:
            return result  # nothing to correct: no new version
        if text:
            store.engine.validate([{"text": text, "session_id": session}])
        readable = caller.readable if caller is not None else None
        now = now_ms()
        extraction, known = read_turn(store, text, scope, session, role, now, readable, extract)
        result.errors.extend(extraction.errors)
        with store.transaction():
            if (
                version == 1
                and not store.db.execute(
                    "SELECT 1 FROM turn_versions WHERE turn_id=?", (tid,)
                ).fetchone()
            ):
                record_version(store, tid, 1, "ADD", old, meta, old_value, created, None)
            record_version(
                store, tid, version + 1, "UPDATE", text, new_meta, new_value, now, caller
            )
            if new_value != old_value:
                store.db.execute("UPDATE items SET value=? WHERE turn_id=?", (new_value, tid))
            _close_old_statements(store, tid, now)
            store.db.execute(
                "UPDATE turns SET text=?, version=?, updated_ms=?, metadata=?, memory_written=? "
                "WHERE id=?",
                (text, version + 1, now, new_meta, 0, tid),  # (catch-up tombstones the old copy)
            )
            if extract and text:
                source = record_source(store, "turn", tid, session, now, caller)
                ctx = WriteContext(
                    scope, source, "turn", stream_of(role, scope, session), now, role, caller
                )
                apply_extraction(store, extraction, ctx, result, known)
                from .own_updates import apply_own_updates

                apply_own_updates(store, extraction_text(text), ctx, result)
        old_id = engine_id(tid, version)
        if store.engine.exists(old_id):
            store.engine.forget(old_id)
        if text:
            store.engine.remember(
                text,
                id=engine_id(tid, version + 1),
                tier="episodic",
                scope=scope,
                session_id=session,
                timestamp_ms=observed,
                meta={"kind": "turn", "role": role, "turn": tid},
            )
        store.db.execute("UPDATE turns SET memory_written=1 WHERE id=?", (tid,))
        return redact(store, result, readable)


def _close_old_statements(store: OpenStore, tid: str, now: int) -> None:
    """What the old text stated, closed: its facts (unless another source states them too),
    its open conflicts and uncertainties, its instructions."""
    sources = [
        r[0] for r in store.db.execute("SELECT id FROM sources WHERE kind='turn' AND ref=?", (tid,))
    ]
    if not sources:
        return
    marks = ",".join("?" * len(sources))
    store.db.execute(
        f"UPDATE facts SET closed_ms=?, valid_until_ms=COALESCE(valid_until_ms, ?) "
        f"WHERE source_id IN ({marks}) AND closed_ms IS NULL AND forgotten=0 AND NOT EXISTS "
        f"(SELECT 1 FROM provenance p WHERE p.fact_id=facts.id AND p.source_id NOT IN ({marks}))",
        (now, now, *sources, *sources),
    )
    store.db.execute(
        f"UPDATE uncertainties SET resolved=1, resolved_ms=?, resolution='revised' "
        f"WHERE source_id IN ({marks}) AND resolved=0",
        (now, *sources),
    )
    store.db.execute(
        f"UPDATE instructions SET active=0, revoked_ms=? WHERE source_id IN ({marks}) AND active=1",
        (now, *sources),
    )


def history(store: OpenStore, id: str, caller: Caller | None = None) -> list[dict[str, Any]]:
    """Every version of a live memory, oldest first: ``version``, ``event`` (ADD, UPDATE),
    ``text``, ``previous`` (the text it replaced), ``metadata``, ``value`` (a keyed item's),
    ``at_ms``, ``actor`` (who wrote it, through the server)."""
    tid, _, _, text, _, _, created, _, _, meta = _turn(store, id, caller)
    rows = store.db.execute(
        "SELECT version, event, text, metadata, value, created_ms, actor FROM turn_versions "
        "WHERE turn_id=? ORDER BY version",
        (tid,),
    ).fetchall()
    if not rows:
        rows = [(1, "ADD", text, meta, _value(store, tid), created, None)]
    out, previous = [], None
    for version, event, t, m, v, at, actor in rows:
        out.append(
            {
                "version": version,
                "event": event,
                "text": t,
                "previous": previous,
                "metadata": json.loads(m) if m else None,
                "value": json.loads(v) if v else None,
                "at_ms": at,
                "actor": json.loads(actor) if actor else None,
            }
        )
        previous = t
    return out
