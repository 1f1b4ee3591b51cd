"""What the REST routes and the MCP tools share: the answer's data and the write check. (The
checks of a forget, row by row, are ``Memory.forget(..., caller=...)``'s own.)"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..knowledge import access
from ..knowledge.scopes import check_lens, check_scope
from .auth import AuthContext
from .problems import Problem
from .schemas import camel

__all__ = ["check_write", "strict_lens", "to_data"]


def to_data(obj: Any) -> Any:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return camel(dataclasses.asdict(obj))
    if isinstance(obj, list):
        return [to_data(x) for x in obj]
    return camel(obj)


def check_write(ctx: AuthContext, scope: str, authoritative: bool) -> str:
    """The valid scope of a write the key may make (the knowledge layer's one rule, checked
    before a body is handed on); a ``ForbiddenError`` (403) otherwise."""
    scope = check_scope(scope)
    access.check_write(ctx, scope, authoritative)
    return scope


def strict_lens(values: list[str] | None, ctx: AuthContext | None = None) -> list[str] | None:
    """The lens of a read; a strict key asking to look outside its read region is refused
    (others simply find nothing there). The same for REST and MCP."""
    lens = check_lens(values) if values else None
    if ctx is not None and ctx.strict and lens:
        outside = [p for p in lens if not ctx.can("memory:read", p)]
        if outside:
            raise Problem(
                403, "Forbidden", f"this strict key may not read {outside[0]!r}", scope=outside[0]
            )
    return lens
