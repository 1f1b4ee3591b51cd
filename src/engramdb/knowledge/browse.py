"""Looking inside a context (``Memory.browse``, ``Memory.record``): every kind of row it holds
(turns, keyed items, facts, document chunks, instructions) in every state, newest first, page
by page, and one row in detail with where it came from, what it replaced and its clocks.

The states, one vocabulary for every kind:

* ``live``: read by recall and the views;
* ``superseded``: replaced by a newer row (a fact closed by its successor, an older version
  of a revised turn, a chunk of an older version of its document, a revoked instruction);
* ``expired``: closed with no successor (a fact past its validity or time to live, a keyed
  item past its TTL);
* ``forgotten``: soft-forgotten. Its text is never shown (forget means out of every read),
  and a text filter never matches it; only that it was there, when and where.

Only the scopes the lens and the caller's read grant admit are listed (as for
``Memory.memories``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..errors import NotFoundError, ValidationError
from . import reads
from .access import Caller, owner_of
from .clock import now_ms
from .reads import _FACT_COLUMNS, _passage_scopes, fact_of
from .redaction import seen_by
from .vocab import normalize_name

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = ["KINDS", "MAX_PAGE", "STATES", "browse", "record"]

KINDS = ("turn", "item", "fact", "chunk", "instruction")
STATES = ("live", "superseded", "expired", "forgotten")
MAX_PAGE = 500

#: each kind as rows of (kind, id, state, text, scope, session_id, label, time_ms, curated);
#: text that is out of every read is NULL here (a forgotten row, a fact of a forgotten
#: document, an item past its time to live, a chunk retired by a newer version), so no filter
#: and no page can show it. ``{k}`` is the look-up of one row (``record``) or ``1`` (``browse``).
_SELECTS = {
    "turn": """
        SELECT 'turn', t.id, CASE WHEN t.forgotten THEN 'forgotten' ELSE 'live' END,
               CASE WHEN t.forgotten THEN NULL ELSE t.text END, t.scope, t.session_id, t.role,
               COALESCE(t.updated_ms, t.created_ms), 0
        FROM turns t WHERE t.role != 'item' AND {k}
        UNION ALL
        SELECT 'turn', v.turn_id || '@v' || v.version,
               CASE WHEN t.forgotten THEN 'forgotten' ELSE 'superseded' END,
               CASE WHEN t.forgotten THEN NULL ELSE v.text END, t.scope, t.session_id, t.role,
               v.created_ms, 0
        FROM turn_versions v JOIN turns t ON t.id = v.turn_id
        WHERE t.role != 'item' AND v.version < t.version AND {k}""",
    "item": """
        SELECT 'item', t.id, CASE WHEN t.forgotten OR i.forgotten THEN 'forgotten'
                                  WHEN i.expires_ms IS NOT NULL AND i.expires_ms <= :now
                                  THEN 'expired' ELSE 'live' END,
               CASE WHEN t.forgotten OR i.forgotten OR i.expires_ms <= :now THEN NULL
                    ELSE i.value END, t.scope,
               t.session_id, i.key, COALESCE(t.updated_ms, t.created_ms), 0
        FROM turns t JOIN items i ON i.turn_id = t.id WHERE t.role = 'item' AND {k}""",
    "fact": """
        SELECT 'fact', CAST(f.id AS TEXT),
               CASE WHEN f.forgotten OR d.forgotten THEN 'forgotten'
                    WHEN f.closed_ms IS NOT NULL
                     AND (f.superseded_by IS NOT NULL OR d.superseded_by IS NOT NULL)
                    THEN 'superseded'
                    WHEN f.closed_ms IS NOT NULL
                      OR (f.valid_until_ms IS NOT NULL AND f.valid_until_ms <= :now)
                    THEN 'expired' ELSE 'live' END,
               CASE WHEN f.forgotten OR d.forgotten THEN NULL
                    ELSE e.name || ' ' || f.key || ' = ' || f.value END,
               f.scope, s.session_id, f.category, f.known_ms, f.authoritative
        FROM facts f JOIN entities e ON e.id = f.entity_id JOIN sources s ON s.id = f.source_id
        LEFT JOIN documents d ON d.id = f.document_id WHERE {k}""",
    "chunk": """
        SELECT 'chunk', c.id, CASE WHEN d.forgotten THEN 'forgotten'
                                   WHEN d.superseded_by IS NOT NULL THEN 'superseded'
                                   WHEN c.forgotten THEN 'forgotten' ELSE 'live' END,
               CASE WHEN c.forgotten OR d.forgotten THEN NULL ELSE c.text END, c.scope, NULL,
               d.name, c.observed_ms, 1
        FROM chunks c JOIN documents d ON d.id = c.document_id WHERE {k}""",
    "instruction": """
        SELECT 'instruction', CAST(n.id AS TEXT),
               CASE WHEN n.forgotten THEN 'forgotten' WHEN n.active = 0 THEN 'superseded'
                    ELSE 'live' END,
               CASE WHEN n.forgotten THEN NULL ELSE n.text END, n.scope, NULL, 'instruction',
               n.created_ms, 1
        FROM instructions n WHERE {k}""",
}
#: the look-up of one row by its id, per kind (through each table's primary key)
_BY_ID = {
    "turn": "t.id = :base",
    "item": "t.id = :base",
    "fact": "f.id = :nid",
    "chunk": "c.id = :base",
    "instruction": "n.id = :nid",
}
_COLS = ("kind", "id", "state", "text", "scope", "session_id", "label", "time_ms", "curated")


_ALIAS = {"turn": "t", "item": "t", "fact": "f", "chunk": "c", "instruction": "n"}


def rows_of(kinds: Sequence[str], key: str | None = None, scoped: bool = False) -> str:
    """A ``WITH`` of the rows of these kinds as table ``r``: of one id (``key``), or of the
    scopes in the JSON parameter ``:scopes`` (``scoped``), a condition inside each table's
    own select, where its scope index serves it."""

    def where(kind: str) -> str:
        if key:
            return _BY_ID[kind]
        if scoped:
            return f"{_ALIAS[kind]}.scope IN (SELECT value FROM json_each(:scopes))"
        return "1"

    union = " UNION ALL ".join(_SELECTS[k].format(k=where(k)) for k in kinds)
    return f"WITH r({', '.join(_COLS)}) AS ({union})"


def _check(name: str, value: Any, allowed: Sequence[str]) -> list[str]:
    values = [value] if isinstance(value, str) else list(value or [])
    for v in values:
        if v not in allowed:
            raise ValidationError(name, f"must be one of {', '.join(allowed)}", value=v)
    return [a for a in allowed if a in values] if values else list(allowed)  # once each


def visible_scopes(
    store: OpenStore, lens: list[str] | None, caller: Caller | None
) -> tuple[list[str], bool]:
    """Every scope some row of the context holds that the lens, the region and the caller's
    read grant admit (turns' and chunks' scopes are kept in memory; facts' and instructions'
    are read from their scope indexes), and whether that is every scope there is (then no
    row needs the check: a whole-store scan beats one index range per scope)."""
    found: set[str] = set(_passage_scopes(store))
    for table in ("facts", "instructions"):
        found.update(s for (s,) in store.db.execute(f"SELECT DISTINCT scope FROM {table}"))
    seen = sorted(s for s in found if seen_by(s, lens, caller))
    return seen, len(seen) == len(found)


def browse(
    store: OpenStore,
    lens: list[str] | None,
    *,
    kind: str | Sequence[str] | None = None,
    state: str | Sequence[str] | None = None,
    scope: str | None = None,
    session_id: str | None = None,
    text: str | None = None,
    since_ms: int | None = None,
    until_ms: int | None = None,
    limit: int = 50,
    offset: int = 0,
    caller: Caller | None = None,
    now: int | None = None,
) -> dict[str, Any]:
    """A page of rows, newest first, and how many match (``total``)."""
    kinds = _check("kind", kind, KINDS)
    states = _check("state", state, STATES)
    for name, v, top in (("limit", limit, MAX_PAGE), ("offset", offset, None)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0 or (top and v > top):
            raise ValidationError(name, "must be a whole number >= 0", limit=top, value=v)
    scopes, every = visible_scopes(store, lens, caller)
    if scope is not None:  # one scope and those under it
        scopes = [s for s in scopes if s == scope or s.startswith(scope.rstrip("/") + "/")]
        every = False
    if not scopes:
        return {"rows": [], "total": 0}
    params: dict[str, Any] = {"now": now if now is not None else now_ms()}
    params["states"] = json.dumps(states)
    params["scopes"] = json.dumps(scopes)  # one parameter, however many scopes a key reads
    where = ["state IN (SELECT value FROM json_each(:states))"]
    for clause, name, value in (
        ("session_id = :session", "session", session_id),
        # lower() on both sides: SQLite folds ASCII only, so non-ASCII text matches as typed
        ("instr(lower(text), lower(:text)) > 0", "text", text or None),
        ("time_ms >= :since", "since", since_ms),
        ("time_ms < :until", "until", until_ms),
    ):
        if value is not None:
            where.append(clause)
            params[name] = value
    inner = f"{rows_of(kinds, scoped=not every)} SELECT * FROM r WHERE {' AND '.join(where)}"
    total = store.db.execute(f"SELECT count(*) FROM ({inner})", params).fetchone()[0]
    rows = (
        store.db.execute(
            f"{inner} ORDER BY time_ms DESC, kind, id LIMIT :limit OFFSET :offset",
            {**params, "limit": limit, "offset": offset},
        ).fetchall()
        if limit
        else []
    )
    out = []
    for r in rows:
        row = dict(zip(_COLS, r, strict=True))
        row["curated"] = bool(row["curated"])
        owner = owner_of(row["scope"])
        row["owner"] = owner[0] if owner else None
        out.append(row)
    return {"rows": out, "total": total}


def record(
    store: OpenStore,
    kind: str,
    id: str,
    lens: list[str] | None,
    caller: Caller | None = None,
    now: int | None = None,
) -> dict[str, Any]:
    """One row in detail: its clocks, where it came from (provenance), the chain of rows it
    replaced and that replaced it, and its history. ``NotFoundError`` for a row the reader may
    not see; a forgotten row answers only that it was forgotten."""
    (kind,) = _check("kind", kind, KINDS)
    base_id = id.split("@v")[0] if kind == "turn" else id
    found = None
    if kind not in ("fact", "instruction") or (id.isascii() and id.isdigit() and len(id) < 19):
        found = store.db.execute(
            f"{rows_of([kind], key=id)} SELECT * FROM r WHERE id = :id",
            {
                "id": id,
                "base": base_id,
                "nid": int(id) if kind in ("fact", "instruction") else None,
                "now": now if now is not None else now_ms(),
            },
        ).fetchone()
    if found is None:
        raise NotFoundError(id, kind)
    row = dict(zip(_COLS, found, strict=True))
    row["curated"] = bool(row["curated"])
    if not seen_by(row["scope"], lens, caller):
        raise NotFoundError(id, kind)
    if row["state"] == "forgotten":
        return {**row, "clocks": {}, "provenance": [], "chain": [], "history": []}
    detail = {"turn": _turn, "item": _turn, "fact": _fact, "chunk": _chunk}.get(kind, _instruction)
    return {**row, **detail(store, base_id, lens, caller)}


def _turn(store: OpenStore, id: str, lens, caller) -> dict[str, Any]:
    t = store.db.execute(
        "SELECT observed_ms, created_ms, updated_ms, version, metadata, session_id, role "
        "FROM turns WHERE id=?",
        (id,),
    ).fetchone()
    versions = [
        {"version": v, "event": e, "text": text, "at_ms": at}
        for v, e, text, at in store.db.execute(
            "SELECT version, event, text, created_ms FROM turn_versions WHERE turn_id=? "
            "ORDER BY version",
            (id,),
        )
    ]
    read = [
        {"id": fid, "text": f"{name} {key} = {value}", "live": closed is None, "scope": scope}
        for fid, name, key, value, closed, scope in store.db.execute(
            "SELECT f.id, e.name, f.key, f.value, f.closed_ms, f.scope FROM facts f "
            "JOIN entities e ON e.id=f.entity_id JOIN sources s ON s.id=f.source_id "
            "WHERE s.kind='turn' AND s.ref=? AND f.forgotten=0 ORDER BY f.id",
            (id,),
        )
        if seen_by(scope, lens, caller)
    ]
    return {
        "clocks": {"observed_ms": t[0], "stored_ms": t[1], "updated_ms": t[2]},
        "version": t[3],
        "metadata": json.loads(t[4]) if t[4] else None,
        "session_id": t[5],
        "role": t[6],
        "provenance": [{"kind": "turn", "session_id": t[5], "role": t[6]}],
        "facts": read,
        "chain": [],
        "history": versions,
    }


def _fact(store: OpenStore, id: str, lens, caller) -> dict[str, Any]:
    f = reads.fact(store, int(id))

    def shown(fid: int | None) -> bool:
        if fid is None:
            return False
        row = store.db.execute("SELECT scope, forgotten FROM facts WHERE id=?", (fid,)).fetchone()
        return row is not None and not row[1] and seen_by(row[0], lens, caller)

    back, cur = [], f.id
    while len(back) < 50:  # what it replaced, newest first
        (prev,) = store.db.execute("SELECT supersedes FROM facts WHERE id=?", (cur,)).fetchone()
        if not shown(prev):
            break
        back.append(prev)
        cur = prev
    ahead, cur = [], f.superseded_by
    while shown(cur) and len(ahead) < 50:
        ahead.append(cur)
        (cur,) = store.db.execute("SELECT superseded_by FROM facts WHERE id=?", (cur,)).fetchone()
    chain = [_fact_line(reads.fact(store, i)) for i in reversed(back)]
    chain += [{**_fact_line(f), "this": True}] + [_fact_line(reads.fact(store, i)) for i in ahead]
    cols = (
        "SELECT s.kind, s.ref, s.session_id, s.trust, s.created_ms, s.principal_id, d.name, "
        "d.version, COALESCE(t.scope, d.scope) FROM {src} JOIN sources s ON s.id={sid} "
        "LEFT JOIN documents d ON s.kind='document' AND d.id=CAST(s.ref AS INTEGER) "
        "LEFT JOIN turns t ON s.kind='turn' AND t.id=s.ref WHERE {fid}=? ORDER BY s.created_ms"
    )
    sources = (
        store.db.execute(
            cols.format(src="provenance p", sid="p.source_id", fid="p.fact_id"), (f.id,)
        ).fetchall()
        or store.db.execute(  # the row's own source (a fact stated once)
            cols.format(src="facts f", sid="f.source_id", fid="f.id"), (f.id,)
        ).fetchall()
    )
    keys = ("kind", "ref", "session_id", "trust", "at_ms", "principal_id", "document", "version")
    provenance = []
    for src in sources:
        where = src[8]  # a turn's or document's own scope: another reader's turn stays hidden
        if where is None or seen_by(where, lens, caller):
            provenance.append(dict(zip(keys, src[:8], strict=True)))
        else:
            provenance.append({"kind": src[0], "hidden": True})
    history = [_fact_line(h) for h in _history(store, f) if shown(h.id)]
    return {
        "fact": f.to_dict(),
        "clocks": {
            "known_ms": f.known_ms,
            "valid_from_ms": f.valid_from_ms,
            "valid_until_ms": f.valid_until_ms,
            "closed_ms": f.closed_ms,
        },
        "provenance": provenance,
        "chain": chain,
        "history": history,
    }


def _history(store: OpenStore, f) -> list:
    """Every value of the fact's entity and attribute, oldest first, through the indexes (not
    a read of every fact)."""
    rows = store.db.execute(
        f"SELECT {_FACT_COLUMNS} FROM facts f JOIN entities e ON e.id=f.entity_id "
        "JOIN sources s ON s.id=f.source_id WHERE f.entity_id IN "
        "(SELECT id FROM entities WHERE key=? AND type=?) AND f.key=? AND f.forgotten=0 "
        "ORDER BY f.known_ms, f.id LIMIT 500",
        (normalize_name(f.entity), f.entity_type, f.key),
    ).fetchall()
    return [fact_of(r) for r in rows]


def _fact_line(f) -> dict[str, Any]:
    return {
        "id": f.id,
        "value": f.value,
        "statement": f.statement,
        "scope": f.scope,
        "curated": f.authoritative,
        "known_ms": f.known_ms,
        "closed_ms": f.closed_ms,
    }


def _chunk(store: OpenStore, id: str, lens, caller) -> dict[str, Any]:
    c = store.db.execute(
        "SELECT d.name, d.version, d.media_type, c.heading, c.page, c.observed_ms, d.created_ms, "
        "d.id FROM chunks c JOIN documents d ON d.id=c.document_id WHERE c.id=?",
        (id,),
    ).fetchone()
    return {
        "clocks": {"observed_ms": c[5], "stored_ms": c[6]},
        "provenance": [
            {
                "kind": "document",
                "document": c[0],
                "version": c[1],
                "media_type": c[2],
                "heading": c[3],
                "page": c[4],
                "ref": str(c[7]),
            }
        ],
        "chain": [],
        "history": [],
    }


def _instruction(store: OpenStore, id: str, lens, caller) -> dict[str, Any]:
    n = store.db.execute(
        "SELECT created_ms, revoked_ms, s.kind, s.ref FROM instructions i "
        "JOIN sources s ON s.id=i.source_id WHERE i.id=?",
        (int(id),),
    ).fetchone()
    return {
        "clocks": {"stored_ms": n[0], "revoked_ms": n[1]},
        "provenance": [{"kind": n[2], "ref": n[3]}],
        "chain": [],
        "history": [],
    }
