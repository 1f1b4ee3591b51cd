"""What the REST routes and the MCP tools share: the answer's data, the write check, and the
scope of a stored item."""

from __future__ import annotations

import dataclasses
from typing import Any

from ..knowledge.scopes import check_scope
from .auth import AuthContext
from .problems import Problem
from .schemas import camel

__all__ = ["check_write", "scope_of", "to_data"]


def to_data(obj: Any) -> Any:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return camel(dataclasses.asdict(obj))
    if isinstance(obj, list):
        return [to_data(x) for x in obj]
    return camel(obj)


def check_write(ctx: AuthContext, scope: str, authoritative: bool) -> str:
    scope = check_scope(scope)
    if not ctx.writable(scope, authoritative):
        need = "memory:write and memory:curate" if authoritative else "memory:write"
        raise Problem(403, "Forbidden", f"this key has no {need} over {scope!r}", scope=scope)
    return scope


def scope_of(mem: Any, item_id: str) -> str | None:
    sid = str(item_id)
    if sid.startswith("fact:") or sid.isdigit():
        number = sid.removeprefix("fact:")
        if not (number.isascii() and number.isdigit()) or len(number) > 18:
            return None
        row = mem.db.execute("SELECT scope FROM facts WHERE id=?", (int(number),)).fetchone()
    elif sid.startswith("turn-"):
        row = mem.db.execute("SELECT scope FROM turns WHERE id=?", (sid,)).fetchone()
    else:
        row = mem.db.execute("SELECT scope FROM chunks WHERE id=?", (sid,)).fetchone()
    return row[0] if row else None
