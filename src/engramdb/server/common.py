"""What the REST routes and the MCP tools share: the answer's data and the write check. (The
checks of a forget, row by row, are ``Memory.forget(..., caller=...)``'s own.)"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..knowledge.scopes import check_scope
from .auth import AuthContext
from .problems import Problem
from .schemas import camel

__all__ = ["check_write", "to_data"]


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
