"""Listing what is remembered (``Memory.memories``, ``Memory.memory``): turns page by page, in
the order they were stored, filtered by scope, session, role, time and metadata; only what the
lens and the caller's region admit. Keyed store items (``items``) are listed there, not here."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import NotFoundError, ValidationError
from .access import Caller
from .reads import _passage_scopes
from .redaction import is_visible, seen_by
from .results import StoredMemory

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = ["MAX_PAGE", "iter_memories", "matches", "memories", "memory", "stored_memory"]

MAX_PAGE = 1000
_COLS = "id, text, scope, session_id, role, observed_ms, created_ms, updated_ms, version, metadata"


def stored_memory(row: Sequence[Any]) -> StoredMemory:
    meta = row[9]
    return StoredMemory(*row[:9], metadata=json.loads(meta) if meta else None)


def memory(store: OpenStore, id: str, caller: Caller | None = None) -> StoredMemory:
    """One live turn by id; ``NotFoundError`` if it is not there or not readable."""
    row = store.db.execute(
        f"SELECT {_COLS} FROM turns WHERE id=? AND forgotten=0 AND role != 'item'", (str(id),)
    ).fetchone()
    if (
        row is None
        or not is_visible(row[2], None)
        or (caller is not None and not caller.readable(row[2]))
    ):
        raise NotFoundError(str(id))
    return stored_memory(row)


def matches(metadata: Mapping[str, Any] | None, wanted: Mapping[str, Any] | None) -> bool:
    """Whether a memory's metadata holds every key of ``wanted`` with an equal value."""
    if not wanted:
        return True
    have = metadata or {}
    return all(k in have and have[k] == v for k, v in wanted.items())


def _where(
    store: OpenStore, lens: list[str] | None, caller: Caller | None
) -> tuple[list[str] | None, list[Any]]:
    """The conditions of the live turns the lens and the caller admit (None: there are none)."""
    scopes = sorted(s for s in _passage_scopes(store) if seen_by(s, lens, caller))
    if not scopes:
        return None, []
    where = ["forgotten=0", "role != 'item'", f"scope IN ({','.join('?' * len(scopes))})"]
    return where, list(scopes)


def memories(
    store: OpenStore,
    lens: list[str] | None,
    *,
    session_id: str | None = None,
    role: str | None = None,
    since_ms: int | None = None,
    until_ms: int | None = None,
    metadata: Mapping[str, Any] | None = None,
    limit: int = 100,
    offset: int = 0,
    caller: Caller | None = None,
) -> list[StoredMemory]:
    """A page of live turns, oldest first (a stable order for paging), of the scopes the
    lens, the region and the caller's read grant all admit."""
    for name, v, top in (("limit", limit, MAX_PAGE), ("offset", offset, None)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0 or (top and v > top):
            raise ValidationError(name, "must be a whole number >= 0", limit=top, value=v)
    if metadata is not None and not isinstance(metadata, Mapping):
        raise ValidationError("metadata", "must be an object of key: value to match")
    where, params = _where(store, lens, caller)
    if where is None or limit == 0:
        return []
    for clause, value in (
        ("session_id=?", session_id),
        ("role=?", role),
        ("created_ms>=?", since_ms),
        ("created_ms<?", until_ms),
    ):
        if value is not None:
            where.append(clause)
            params.append(value)
    sql = f"SELECT {_COLS} FROM turns WHERE {' AND '.join(where)} ORDER BY created_ms, id"
    if not metadata:  # the page in SQL: no row before it is read into Python
        sql += " LIMIT ? OFFSET ?"
        return [stored_memory(r) for r in store.db.execute(sql, [*params, limit, offset])]
    out: list[StoredMemory] = []
    skipped = 0
    for row in store.db.execute(sql, params):
        m = stored_memory(row)
        if not matches(m.metadata, metadata):
            continue
        if skipped < offset:
            skipped += 1
            continue
        out.append(m)
        if len(out) >= limit:
            break
    return out


def iter_memories(
    store: OpenStore,
    lens: list[str] | None,
    *,
    session_id: str | None = None,
    caller: Caller | None = None,
) -> Iterator[StoredMemory]:
    """Every live turn the lens and the caller admit, oldest first, in one pass (an adapter
    that filters on its own keeps no offset: paging through offsets would read the first rows
    again for every page)."""
    where, params = _where(store, lens, caller)
    if where is None:
        return
    if session_id is not None:
        where.append("session_id=?")
        params.append(session_id)
    sql = f"SELECT {_COLS} FROM turns WHERE {' AND '.join(where)} ORDER BY created_ms, id"
    for row in store.db.execute(sql, params).fetchall():
        yield stored_memory(row)
