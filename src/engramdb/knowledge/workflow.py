"""Acting on a conflict: a customer's claim that contradicts curated knowledge is stored as their
belief and an uncertainty of kind ``conflict`` names both facts (``recording.reconcile_claim``,
``recheck``). ``resolve_conflict`` closes it with one of three outcomes:

* ``uphold``: the curated fact stands. The belief is closed, superseded by the curated fact
  (``superseded_by``), and stays in history.
* ``accept``: the customer was right and the curated fact is outdated. The curated fact is
  closed (kept in history, with no successor); nothing experiential becomes curated: the
  belief stays a belief, and the correct curated value comes from a new upload or upsert.
  Needs ``memory:curate`` over the curated fact's scope.
* ``dismiss``: not a real conflict (a misreading). Both facts stay live, and the same pair is
  never opened as a conflict again (``dismissed``, asked by the reconciler and the recheck).

Every outcome needs ``memory:write`` over the conflict's scope (the speaker's). A conflict the
caller may not read, or one with a side it may not read, is a ``NotFoundError`` (its id says
nothing). The decision is kept on the uncertainty (``resolution``, ``note``, ``resolved_by``,
``resolved_ms``) and as a ``resolve`` trace. Resolving again with the same outcome answers the
recorded decision and changes nothing; another outcome is a ``ValidationError``.
"""

from __future__ import annotations

import contextlib
import json
from typing import TYPE_CHECKING, Any

from ..errors import ForbiddenError, NotFoundError, ValidationError
from .access import Caller, readable_by
from .clock import now_ms
from .redaction import is_visible, region
from .views import conflicts
from .writing import actor_of

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = ["MAX_NOTE_CHARS", "OUTCOMES", "dismissed", "resolve_conflict"]

OUTCOMES = ("uphold", "accept", "dismiss")
MAX_NOTE_CHARS = 2_000


def resolve_conflict(
    store: OpenStore,
    id: int | str,
    *,
    outcome: str,
    note: str | None = None,
    caller: Caller | None = None,
) -> dict[str, Any]:
    """The body of ``Memory.resolve_conflict``: the conflict as the caller now sees it, with its
    ``resolution`` and the ids of the facts this closed (``closed``)."""
    outcome = _check_outcome(outcome)
    note = _check_note(note)
    uid = _check_id(id)
    readable = readable_by(caller)

    def seen(scope: str) -> bool:
        return is_visible(scope, None) and (readable is None or readable(scope))

    with store.lock:
        with store.transaction():
            scope, ids, done, said = _conflict(store, uid, seen)
            beliefs, curated = _sides(store, uid, ids, seen)
            _check_rights(caller, scope, beliefs, curated, outcome)
            if done:
                if said != outcome:
                    raise ValidationError(
                        "outcome",
                        f"conflict {uid} was already resolved: {said or 'closed'}",
                        value=outcome,
                    )
                closed: list[int] = []
            else:
                closed = _apply(store, uid, scope, outcome, note, beliefs, curated, caller)
        with region(store, readable) if readable is not None else contextlib.nullcontext():
            view = next(
                (c for c in conflicts(store, None, include_resolved=True) if c["id"] == uid),
                {"id": uid, "resolution": outcome},
            )
    return {**view, "closed": closed}


def dismissed(store: OpenStore, belief_id: int | None, curated_ids: list[int]) -> bool:
    """Whether a conflict between this belief and one of these curated facts was dismissed
    before, so that it is not opened again. The pair is matched by what its facts state, not
    by their rows: the same speaker (stream) in the same scope stating the same value of the
    same attribute of the same thing (the customer saying it again), against the same curated
    source stating the same value (a new version of the document, an upsert run again)."""
    if belief_id is None or not curated_ids:
        return False
    rows = store.db.execute(
        "SELECT fact_ids FROM uncertainties WHERE kind='conflict' AND resolution='dismiss' "
        "AND forgotten=0"
    ).fetchall()
    if not rows:
        return False
    belief = _stated(store, belief_id)
    curated = {_stated(store, fid) for fid in curated_ids} - {None}
    if belief is None or belief[0] or not curated:
        return False
    for (text,) in rows:
        sides = {_stated(store, fid) for fid in json.loads(text)}
        if belief in sides and curated & sides:
            return True
    return False


# ----------------------------------------------------------------------------- checks
def _check_outcome(outcome: object) -> str:
    if not isinstance(outcome, str) or outcome not in OUTCOMES:
        raise ValidationError("outcome", "must be uphold, accept or dismiss", value=outcome)
    return outcome


def _check_note(note: object) -> str | None:
    if note is None:
        return None
    if not isinstance(note, str):
        raise ValidationError("note", "must be text", value=type(note).__name__)
    if len(note) > MAX_NOTE_CHARS:
        raise ValidationError("note", "is too long", limit=MAX_NOTE_CHARS, value=len(note))
    return note.strip() or None


def _check_id(id: object) -> int:
    if isinstance(id, str) and id.startswith("uncertainty:"):
        id = id.split(":", 1)[1]
    if isinstance(id, str) and id.isdigit():
        id = int(id)
    if isinstance(id, bool) or not isinstance(id, int) or not 0 <= id <= 2**62:
        raise ValidationError("id", "must be a conflict's id (an uncertainty id)", value=id)
    return id


def _conflict(store: OpenStore, uid: int, seen) -> tuple[str, list[int], bool, str | None]:
    """(scope, fact ids, resolved, resolution) of a conflict the caller may read."""
    row = store.db.execute(
        "SELECT scope, fact_ids, resolved, resolution FROM uncertainties WHERE id=? "
        "AND kind='conflict' AND forgotten=0",
        (uid,),
    ).fetchone()
    if row is None or not seen(row[0]):
        raise NotFoundError(str(uid), "conflict")
    return row[0], json.loads(row[1]), bool(row[2]), row[3]


def _sides(store: OpenStore, uid: int, ids: list[int], seen) -> tuple[list[tuple], list[tuple]]:
    """The beliefs and the curated facts of a conflict: (id, scope, live) each. A side the
    caller may not read makes the whole conflict not found; forgotten sides are out of every
    read and are left out."""
    beliefs, curated = [], []
    for fid in ids:
        row = store.db.execute(
            "SELECT scope, authoritative, closed_ms, forgotten FROM facts WHERE id=?", (fid,)
        ).fetchone()
        if row is None or row[3]:
            continue
        if not seen(row[0]):
            raise NotFoundError(str(uid), "conflict")
        (curated if row[1] else beliefs).append((fid, row[0], row[2] is None))
    if not beliefs or not curated:
        raise ValidationError(
            "id",
            f"conflict {uid} is not between a belief and curated knowledge (close it with "
            "resolve_uncertainty)",
            value=uid,
        )
    return beliefs, curated


def _check_rights(
    caller: Caller | None, scope: str, beliefs: list[tuple], curated: list[tuple], outcome: str
) -> None:
    if caller is None:
        return
    for where in dict.fromkeys([scope, *(b[1] for b in beliefs)]):
        if not caller.can("memory:write", where):
            raise ForbiddenError(
                f"resolving a conflict needs memory:write over {where!r}", scope=where
            )
    if outcome == "accept":
        for where in dict.fromkeys(c[1] for c in curated):
            if not caller.can("memory:curate", where):
                raise ForbiddenError(
                    f"accepting a conflict closes a curated fact: it needs memory:curate over "
                    f"{where!r}",
                    scope=where,
                )


# ----------------------------------------------------------------------------- the decision
def _apply(
    store: OpenStore,
    uid: int,
    scope: str,
    outcome: str,
    note: str | None,
    beliefs: list[tuple],
    curated: list[tuple],
    caller: Caller | None,
) -> list[int]:
    """Close what the outcome closes, record the decision on the uncertainty and trace it."""
    now = now_ms()
    closed: list[int] = []
    if outcome == "uphold":
        by = next((c[0] for c in curated if c[2]), curated[0][0])
        closed = _close(store, [b[0] for b in beliefs if b[2]], now, by)
    elif outcome == "accept":
        closed = _close(store, [c[0] for c in curated if c[2]], now, None)
    actor = actor_of(caller)
    store.db.execute(
        "UPDATE uncertainties SET resolved=1, resolved_ms=?, resolution=?, note=?, "
        "resolved_by=? WHERE id=?",
        (now, outcome, note, json.dumps(actor) if actor else None, uid),
    )
    detail: dict[str, Any] = {
        "uncertainty": uid,
        "outcome": outcome,
        "note": note,
        "belief": beliefs[0][0],
        "beliefs": [b[0] for b in beliefs],
        "conflicts_with": [c[0] for c in curated],
        "closed": closed,
    }
    if actor is not None:  # who resolved: principal, key, delegation target
        detail["actor"] = actor
    store.db.execute(
        "INSERT INTO traces(op, scope, source_id, created_ms, detail) VALUES(?,?,?,?,?)",
        ("resolve", scope, None, now, json.dumps(detail)),
    )
    return closed


def _close(store: OpenStore, ids: list[int], now: int, by: int | None) -> list[int]:
    out = []
    for fid in ids:
        cur = store.db.execute(
            "UPDATE facts SET closed_ms=?, valid_until_ms=COALESCE(valid_until_ms, ?), "
            "superseded_by=? WHERE id=? AND closed_ms IS NULL",
            (now, now, by, fid),
        )
        if cur.rowcount:
            out.append(fid)
    return out


# ----------------------------------------------------------------------------- dismissed pairs
def _stated(store: OpenStore, fid: int) -> tuple | None:
    """What a fact states, and who says it: (curated, scope, stream, entity type and key,
    attribute, value folded)."""
    row = store.db.execute(
        "SELECT f.authoritative, f.scope, f.stream, e.type, e.key, f.key, f.value FROM facts f "
        "JOIN entities e ON e.id=f.entity_id WHERE f.id=?",
        (fid,),
    ).fetchone()
    if row is None:
        return None
    return (bool(row[0]), *row[1:6], " ".join(row[6].casefold().split()))
