"""Who is calling the knowledge layer, and what that caller may touch.

``Memory.remember``, ``Memory.upload``, ``Memory.forget`` and ``Memory.forget_document`` take a
keyword ``caller``: any object with the three methods of :class:`Caller` (the server's
``AuthContext`` is one). ``caller=None`` is embedded use: every right, nothing filtered.

With a caller:

* a write needs ``memory:write`` over its scope (and ``memory:curate`` for an authoritative
  one: an upsert of triples, a document), else :class:`~engramdb.errors.ForbiddenError`;
* a write is reconciled only against rows the caller may read (a curated row it may not read is
  as if it were not there: no conflict, no corroboration, the row is left unchanged), and its
  result, its traces and its links show only what the caller may read;
* forgetting a row needs ``memory:forget`` over the row's scope, and ``memory:curate`` as well
  for an authoritative row (an authoritative fact or entity, a document chunk, a document);
* the source row of a write records ``caller.provenance()`` (principal, key, delegation
  target).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

from ..errors import ForbiddenError

__all__ = [
    "PERSONAL",
    "Caller",
    "check_write",
    "may_forget",
    "owner_of",
    "readable_by",
    "speaker_of",
]

#: Path segments after which comes the id of the person a scope belongs to.
PERSONAL = ("user", "users", "person", "people", "customer")


@runtime_checkable
class Caller(Protocol):
    """The rights of whoever calls: ``can(verb, path)`` for a verb (``memory:read``,
    ``memory:write``, ``memory:curate``, ``memory:forget``...) over one scope path,
    ``readable(scope)`` for a record's scope, and ``provenance()`` (``principal_id``,
    ``key_id``, ``on_behalf_of``; missing keys read as None) to record on every write."""

    def can(self, verb: str, path: str) -> bool: ...

    def readable(self, scope: str) -> bool: ...

    def provenance(self) -> Mapping[str, str | None]: ...


def owner_of(scope: str) -> tuple[str, str] | None:
    """(owner id, the owner's personal scope) of a path in someone's personal space: the
    segment after the first ``user/``, ``users/``, ``person/``, ``people/`` or ``customer/``
    (``org/acme/user/bob/alice`` is bob's: ``("bob", "org/acme/user/bob")``); None when the
    path has no such segment (a shared scope)."""
    parts = scope.split("/")
    for i, part in enumerate(parts[:-1]):
        if part in PERSONAL:
            return parts[i + 1], "/".join(parts[: i + 2])
    return None


def speaker_of(scope: str) -> str:
    """Who "I" is in a turn written to ``scope``: the owner of the personal scope, else (a
    shared scope) its last segment. Never merely the last segment of a personal path: bob
    writing to ``org/acme/user/bob/alice`` speaks as bob."""
    owner = owner_of(scope)
    return owner[0] if owner else scope.rsplit("/", 1)[-1]


def readable_by(caller: Caller | None) -> Callable[[str], bool] | None:
    """``caller.readable``, or None (everything) for embedded use."""
    return None if caller is None else caller.readable


def may_forget(caller: Caller | None, scope: str, authoritative: bool) -> bool:
    """Whether the caller may forget a row of ``scope`` (curated rows need curate too)."""
    if caller is None:
        return True
    return caller.can("memory:forget", scope) and (
        not authoritative or caller.can("memory:curate", scope)
    )


def check_write(caller: Caller | None, scope: str, authoritative: bool) -> None:
    """``ForbiddenError`` unless the caller may write to ``scope`` (and curate there, for an
    authoritative write)."""
    if caller is None:
        return
    if not caller.can("memory:write", scope) or (
        authoritative and not caller.can("memory:curate", scope)
    ):
        need = "memory:write and memory:curate" if authoritative else "memory:write"
        raise ForbiddenError(f"this caller has no {need} over {scope!r}", scope=scope)
