"""Scope paths (``org/acme/user/alice``) and what a lens sees.

A record carries one scope path. A lens path ``P`` sees records scoped at ``P``, below ``P``
(``P/...``) and at the ancestors of ``P``: a customer's lens sees the organisation's policies,
an organisation's lens sees its users' records, and two sibling users never see each other's.
No lens (``None``) sees everything; a lens narrows and never widens.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from ..errors import ValidationError

__all__ = [
    "MAX_SCOPE_CHARS",
    "ancestors",
    "check_lens",
    "check_scope",
    "is_org_root",
    "label_of",
    "org_of",
    "readable_chain",
    "segment_of",
    "visible",
]

MAX_SCOPE_CHARS = 256
#: Used with ``fullmatch``: ``$`` would accept a trailing newline.
_SEGMENT = re.compile(r"[A-Za-z0-9_.@+-]{1,64}")


def check_scope(scope: object, field: str = "scope") -> str:
    """A valid scope path: segments of letters, digits and ``_.@+-`` joined by ``/``."""
    if not isinstance(scope, str) or not scope:
        raise ValidationError(field, "must be a non-empty scope path such as 'org/acme/user/alice'")
    if len(scope) > MAX_SCOPE_CHARS:
        raise ValidationError(field, "is too long", limit=MAX_SCOPE_CHARS, value=len(scope))
    parts = scope.strip("/").split("/")
    if not all(_SEGMENT.fullmatch(p) for p in parts):
        raise ValidationError(
            field, f"{scope!r}: each segment needs 1-64 letters, digits or _.@+-", value=scope
        )
    if any(p in (".", "..") for p in parts):
        raise ValidationError(field, f"{scope!r}: '.' and '..' are not path segments", value=scope)
    return "/".join(parts)


def check_lens(lens: str | Sequence[str] | None) -> list[str] | None:
    if lens is None:
        return None
    paths = [lens] if isinstance(lens, str) else list(lens)
    if not paths:
        raise ValidationError("lens", "must name at least one scope path, or be None")
    return [check_scope(p, "lens") for p in paths]


def ancestors(scope: str) -> list[str]:
    """``org/acme/user/alice`` -> ``[org/acme/user, org/acme, org]`` (nearest first)."""
    parts = scope.split("/")
    return ["/".join(parts[:i]) for i in range(len(parts) - 1, 0, -1)]


def readable_chain(scope: str, readable: Any = None) -> list[str]:
    """``scope`` and its ancestors (nearest first), those ``readable`` admits only."""
    chain = [scope, *ancestors(scope)]
    return chain if readable is None else [s for s in chain if readable(s)]


def visible(scope: str, lens: Iterable[str] | None) -> bool:
    if lens is None:
        return True
    return any(scope == p or scope.startswith(p + "/") or p.startswith(scope + "/") for p in lens)


def org_of(scope: str) -> str | None:
    """The organisation a scope belongs to: the segment after the nearest ``org``."""
    parts = scope.split("/")
    for i in range(len(parts) - 2, -1, -1):
        if parts[i] in ("org", "orgs", "organisation", "organization", "tenant"):
            return parts[i + 1]
    return parts[0] if parts else None


def is_org_root(scope: str) -> bool:
    """Whether ``scope`` is an organisation's own scope (``org/acme``), not one below it."""
    parts = scope.split("/")
    return len(parts) >= 2 and parts[-2] in (
        "org",
        "orgs",
        "organisation",
        "organization",
        "tenant",
    )


_KEEP = re.compile(r"[A-Za-z0-9_@-]")
_ESCAPE = re.compile(r"\+[0-9A-F]{2}")


def segment_of(label: str, field: str = "id") -> str:
    """A scope segment naming ``label`` (a user id, a namespace label), whatever it holds:
    characters outside ``[A-Za-z0-9_@-]`` are written ``+XX`` (their UTF-8 bytes in hex), so
    two labels never share a segment and ``.``/``..`` never appear. ``label_of`` reverses it."""
    if not isinstance(label, str) or not label:
        raise ValidationError(field, "must be a non-empty string", value=label)
    out = "".join(
        c if _KEEP.fullmatch(c) else "".join(f"+{b:02X}" for b in c.encode()) for c in label
    )
    if len(out) > 64:
        raise ValidationError(
            field,
            f"{label[:40]!r}: too long for a scope segment once escaped",
            limit=64,
            value=len(out),
        )
    return out


def label_of(segment: str) -> str:
    """The label a ``segment_of`` segment names."""
    out = bytearray()
    i = 0
    while i < len(segment):
        if _ESCAPE.match(segment, i):
            out.append(int(segment[i + 1 : i + 3], 16))
            i += 3
        else:
            out.extend(segment[i].encode())
            i += 1
    return out.decode(errors="replace")
