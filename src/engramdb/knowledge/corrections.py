"""Correcting one fact by id (``Memory.correct_fact``): the new value is a claim of the same
subject and attribute, in the same stream, decided by the one reconciler like any other
write, so history is kept (the old row closes, ``superseded_by`` the new one) and a
correction of a belief that contradicts curated knowledge is a conflict, not an overwrite.

Why not an update in place: rows are never changed except to close them (``schema``), so an
``as_of`` read still sees what was believed before the correction."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import NotFoundError, ValidationError
from .access import Caller, check_write
from .claims import Claim
from .clock import now_ms
from .recording import reconcile_claim, record_source
from .redaction import redact
from .results import WriteResult
from .writing import WriteContext

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = ["correct_fact"]


def correct_fact(store: OpenStore, id: str | int, value: str, caller: Caller | None) -> WriteResult:
    """The body of ``Memory.correct_fact``."""
    sid = str(id).removeprefix("fact:")
    if not (sid.isascii() and sid.isdigit()) or len(sid) > 18:
        raise NotFoundError(str(id))
    if not isinstance(value, str) or not value.strip():
        raise ValidationError("value", "must be a non-empty string")
    fid = int(sid)
    with store.lock:
        row = store.db.execute(
            "SELECT e.name, e.type, f.key, f.key_phrase, f.category, f.scope, f.authoritative, "
            "f.stream, f.closed_ms, f.forgotten, f.value FROM facts f "
            "JOIN entities e ON e.id = f.entity_id WHERE f.id = ?",
            (fid,),
        ).fetchone()
        if row is None or row[9] or (caller is not None and not caller.readable(row[5])):
            raise NotFoundError(f"fact:{fid}", "fact")
        name, etype, key, phrase, category, scope, auth, stream, closed, _, old = row
        if closed is not None:
            raise ValidationError("id", f"fact:{fid} is closed already: correct the live value")
        check_write(caller, scope, bool(auth))  # a curated row needs memory:curate
        result = WriteResult()
        if value.strip() == old:
            return result
        kind = "upsert" if auth else "turn"
        now = now_ms()
        with store.transaction():
            source = record_source(store, kind, None, None, now, caller)
            ctx = WriteContext(
                scope, source, kind, stream, now, "document" if auth else "user", caller
            )
            claim = Claim(
                subject=name,
                subject_type=etype,
                key=key,
                key_phrase=phrase,
                value=value.strip(),
                category=category,
                statement=f"{name} {phrase}: {value.strip()}",
                confidence=1.0,
                answers=fid,
            )
            reconcile_claim(store, claim, ctx, result)
            new = next((f.id for f in result.facts if f.value == value.strip()), None)
            still = store.db.execute("SELECT closed_ms FROM facts WHERE id=?", (fid,)).fetchone()
            if new is not None and still[0] is None and not result.conflicts:
                store.db.execute(
                    "UPDATE facts SET closed_ms=?, valid_until_ms=COALESCE(valid_until_ms, ?), "
                    "superseded_by=? WHERE id=?",
                    (now, now, new, fid),
                )
                store.db.execute("UPDATE facts SET supersedes=? WHERE id=?", (fid, new))
                result.corrections.append({"closed": fid, "by": new, "reason": "corrected"})
        return redact(store, result, caller.readable if caller is not None else None)
