"""Keyed items: a JSON value stored under (scope, key), for key-value stores such as
LangGraph's ``BaseStore`` (``integrations.langgraph``).

An item is a turn (role ``item``, no session) with an ``items`` row holding its key, value and
time to live, so everything a turn has applies to it: scopes, lenses and grants; recall (its
``text``, the part of the value chosen for search, is the engine copy); versions (a put of an
existing key is ``revisions.revise``: the old value stays in its history); forget and purge.
Its text is not read for facts: an item is the application's own record, not a statement
made in a conversation (``Memory.remember`` is for those).

An item past its time to live is gone for every read (``get``, ``scan``, recall, history);
``sweep`` forgets such items."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import ForbiddenError, ValidationError
from .access import Caller, check_write
from .clock import now_ms
from .lifecycle import forget
from .reads import _passage_scopes
from .redaction import is_visible
from .revisions import revise
from .scopes import check_scope
from .turns import json_object

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = ["MAX_KEY_CHARS", "MAX_VALUE_CHARS", "Item", "delete", "get", "put", "rank", "scan"]

MAX_KEY_CHARS = 1024
MAX_VALUE_CHARS = 1_000_000


@dataclass(frozen=True)
class Item:
    """One stored item: ``value`` under ``key`` in ``scope``; ``id`` is its turn's id."""

    id: str
    scope: str
    key: str
    value: dict[str, Any]
    created_ms: int
    updated_ms: int
    version: int
    expires_ms: int | None = None


_SELECT = (
    "SELECT t.id, i.scope, i.key, i.value, t.created_ms, COALESCE(t.updated_ms, t.created_ms), "
    "t.version, i.expires_ms, i.ttl_ms FROM items i JOIN turns t ON t.id = i.turn_id "
    "WHERE i.forgotten = 0 AND t.forgotten = 0"
)


def _item(row) -> Item:
    return Item(row[0], row[1], row[2], json.loads(row[3]), row[4], row[5], row[6], row[7])


def _check_key(key: Any) -> str:
    if not isinstance(key, str) or not key:
        raise ValidationError("key", "must be a non-empty string")
    if len(key) > MAX_KEY_CHARS:
        raise ValidationError("key", "is too long", limit=MAX_KEY_CHARS, value=len(key))
    return key


def _live(row, now: int) -> bool:
    return row[7] is None or row[7] > now


def get(
    store: OpenStore, scope: str, key: str, *, refresh: bool = True, caller: Caller | None = None
) -> Item | None:
    """The live item under (scope, key), or None; ``refresh`` restarts its time to live."""
    scope = check_scope(scope)
    if caller is not None and not caller.readable(scope) or not is_visible(scope, None):
        return None
    row = store.db.execute(_SELECT + " AND i.scope=? AND i.key=?", (scope, key)).fetchone()
    now = now_ms()
    if row is None or not _live(row, now):
        return None
    if refresh and row[8] is not None:
        _refresh(store, [row[0]], now)
    return _item(row)


def _refresh(store: OpenStore, ids: list[str], now: int) -> None:
    with store.lock, store.transaction():
        store.db.executemany(
            "UPDATE items SET expires_ms = ? + ttl_ms WHERE turn_id=? AND ttl_ms IS NOT NULL",
            [(now, i) for i in ids],
        )


def put(
    store: OpenStore,
    scope: str,
    key: str,
    value: dict[str, Any],
    *,
    text: str,
    ttl_ms: int | None = None,
    caller: Caller | None = None,
) -> Item:
    """Store ``value`` under (scope, key): a new item, or a new version of the live one.
    ``text`` is what recall searches ("" keeps the item out of recall)."""
    scope = check_scope(scope)
    key = _check_key(key)
    stored = json_object(value, "value", MAX_VALUE_CHARS)
    if ttl_ms is not None and (
        isinstance(ttl_ms, bool) or not isinstance(ttl_ms, int) or ttl_ms <= 0
    ):
        raise ValidationError("ttl", "must be a positive number of milliseconds", value=ttl_ms)
    check_write(caller, scope, False)
    if caller is not None and not caller.readable(scope):
        # a put is a read of what is there (a new version or a new item): a write-only
        # caller would learn which keys exist
        raise ForbiddenError(f"this key may not read {scope!r}: a put there needs memory:read")
    store.check_writable_scope(scope)
    if text:
        store.engine.validate([{"text": text}])
    with store.lock:
        now = now_ms()
        row = store.db.execute(_SELECT + " AND i.scope=? AND i.key=?", (scope, key)).fetchone()
        if row is not None and not _live(row, now):
            _forget(store, row[0], None)  # expired: a put makes a new item
            row = None
        if row is not None:
            revise(store, row[0], text, extract=False, caller=caller, value=stored)
            with store.transaction():
                store.db.execute(
                    "UPDATE items SET ttl_ms=?, expires_ms=? WHERE turn_id=?",
                    (ttl_ms, now + ttl_ms if ttl_ms else None, row[0]),
                )
            tid = row[0]
        else:
            tid = _insert(store, scope, key, stored, text, ttl_ms, now, caller)
        out = store.db.execute(_SELECT + " AND t.id=?", (tid,)).fetchone()
        return _item(out)


def _insert(
    store: OpenStore, scope: str, key: str, stored: str, text: str, ttl_ms, now: int, caller
) -> str:
    from .recording import record_source

    tid = f"turn-{uuid.uuid4().hex}"
    with store.transaction():
        store.db.execute(
            "INSERT INTO turns(id, session_id, seq, role, text, scope, observed_ms, created_ms, "
            "memory_written) VALUES(?,?,?,?,?,?,?,?,?)",
            (tid, None, 0, "item", text, scope, now, now, 0 if text else 1),
        )
        store.db.execute(
            "INSERT INTO items(turn_id, scope, key, value, ttl_ms, expires_ms) VALUES(?,?,?,?,?,?)",
            (tid, scope, key, stored, ttl_ms, now + ttl_ms if ttl_ms else None),
        )
        record_source(store, "turn", tid, None, now, caller)  # who wrote it
    if text:
        store.engine.remember(
            text,
            id=tid,
            tier="episodic",
            scope=scope,
            timestamp_ms=now,
            meta={"kind": "turn", "role": "item"},
        )
        store.db.execute("UPDATE turns SET memory_written=1 WHERE id=?", (tid,))
    store.add_scope(scope)
    return tid


def delete(store: OpenStore, scope: str, key: str, *, caller: Caller | None = None) -> bool:
    """Forget the live item under (scope, key) (softly: its rows stay, out of every read;
    ``Memory.forget(id=..., purge=True)`` removes them). False if there was none."""
    scope = check_scope(scope)
    row = store.db.execute(_SELECT + " AND i.scope=? AND i.key=?", (scope, key)).fetchone()
    if row is None or (caller is not None and not caller.readable(scope)):
        return False
    _forget(store, row[0], caller)
    return True


def scan(store: OpenStore, prefix: str | None, *, caller: Caller | None = None) -> Iterator[Item]:
    """Live items whose scope is ``prefix`` or below it (None: all), newest change first,
    among those the caller may read."""
    now = now_ms()
    if prefix is None:
        rows = store.db.execute(_SELECT + " ORDER BY 6 DESC, t.id")
    else:
        rows = store.db.execute(
            _SELECT + " AND (i.scope=? OR (i.scope>=? AND i.scope<?)) ORDER BY 6 DESC, t.id",
            (prefix, prefix + "/", prefix + "0"),
        )
    for row in rows:
        if not _live(row, now) or not is_visible(row[1], None):
            continue
        if caller is not None and not caller.readable(row[1]):
            continue
        yield _item(row)


def rank(
    store: OpenStore, query: str, prefix: str | None, k: int, *, caller: Caller | None = None
) -> list[tuple[str, float]]:
    """(turn id, score) of the items under ``prefix`` recall finds for ``query``, best first."""
    from ..engine import RecallOptions

    scopes = sorted(
        s
        for s in _passage_scopes(store)
        if (prefix is None or s == prefix or s.startswith(prefix + "/"))
        and is_visible(s, None)
        and (caller is None or caller.readable(s))
    )
    if not scopes:
        return []
    out = []
    for h in store.engine.recall(query, RecallOptions(k=min(1000, k), scopes=tuple(scopes))):
        meta = h.meta or {}
        if meta.get("kind") == "turn" and meta.get("role") == "item":
            out.append((meta.get("turn", h.id), float(h.score)))
    return out


def sweep(store: OpenStore) -> int:
    """Forget every item past its time to live; how many."""
    now = now_ms()
    ids = [
        r[0]
        for r in store.db.execute(
            "SELECT turn_id FROM items WHERE forgotten=0 AND expires_ms IS NOT NULL "
            "AND expires_ms <= ?",
            (now,),
        )
    ]
    for tid in ids:
        _forget(store, tid, None)
    return len(ids)


def _forget(store: OpenStore, turn_id: str, caller: Caller | None) -> None:
    """An item's turn forgotten softly, as ``Memory.forget(id=...)`` does it."""
    with store.forgetting():
        forget(store, None, turn_id, None, False, caller)
