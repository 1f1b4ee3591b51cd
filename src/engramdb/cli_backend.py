"""Where a knowledge-level CLI command does its work: the store at ``--path`` (``Memory``) or a
running server (``--url``, through the HTTP client). Both answer with the same plain data
(snake_case dicts and lists), so each command prints one way whichever it talks to."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

from .errors import EngramDBError

__all__ = ["Knowledge", "RemoteError", "local", "plain", "remote"]

_CAMEL = re.compile(r"^[a-z]+(?:[A-Z][a-z0-9]*)+$")
#: Keys whose values are the user's own data (or a library's free-form detail): kept as given.
_AS_GIVEN = frozenset({"metadata", "meta", "source", "detail", "explain"})


def _snake(key: str) -> str:
    return re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), key) if _CAMEL.match(key) else key


def plain(value: Any) -> Any:
    """Results as plain data with snake_case keys: dataclasses become dicts (the client's
    ``extra``, what a server sent beyond the known fields, is left out), and a server's
    camelCase keys (``sessionId``) read as the library's (``session_id``). What the user
    stored (``metadata``) keeps its own keys."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = {k: v for k, v in dataclasses.asdict(value).items() if k != "extra"}
    if isinstance(value, Mapping):
        return {
            (_snake(k) if isinstance(k, str) else k): (v if k in _AS_GIVEN else plain(v))
            for k, v in value.items()
        }
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


class RemoteError(EngramDBError):
    """A server refused a call (its problem's detail), or could not be reached."""


class Knowledge(Protocol):
    """The knowledge-level operations the CLI offers, on either side."""

    def remember(
        self,
        text: str,
        *,
        scope: str,
        session_id: str | None,
        role: str,
        metadata: Mapping[str, Any] | None,
    ) -> dict[str, Any]: ...

    def query(self, text: str, *, lens: list[str] | None, k: int) -> list[dict[str, Any]]: ...

    def context(self, query: str | None, *, lens: list[str] | None, budget: int) -> str: ...

    def state(self, *, lens: list[str] | None, limit: int | None) -> dict[str, Any]: ...

    def conflicts(
        self, *, lens: list[str] | None, include_resolved: bool
    ) -> list[dict[str, Any]]: ...

    def resolve(self, id: int, *, outcome: str, note: str | None) -> dict[str, Any]: ...

    def revise(self, id: str, text: str) -> dict[str, Any]: ...

    def correct(self, id: str, value: str) -> dict[str, Any]: ...

    def forget(
        self,
        query: str | None,
        *,
        id: str | None,
        scope: str | None,
        purge: bool,
        lens: list[str] | None,
        dry_run: bool,
    ) -> dict[str, Any]: ...

    def facts(self, *, lens: list[str] | None, closed: bool) -> list[dict[str, Any]]: ...

    def memories(
        self, *, lens: list[str] | None, session_id: str | None, limit: int, offset: int
    ) -> list[dict[str, Any]]: ...

    def documents(self) -> list[dict[str, Any]]: ...

    def sessions(self) -> list[dict[str, Any]]: ...

    def turns(self, session_id: str) -> list[dict[str, Any]]: ...


Lens = list[str] | None
Row = dict[str, Any]


class _Local:
    """The store at --path, opened for this one command."""

    def __init__(self, mem: Any):
        self.mem = mem

    def remember(
        self,
        text: str,
        *,
        scope: str,
        session_id: str | None,
        role: str,
        metadata: Mapping[str, Any] | None,
    ) -> Row:
        return plain(
            self.mem.remember(
                text, scope=scope, session_id=session_id, role=role, metadata=metadata
            )
        )

    def query(self, text: str, *, lens: Lens, k: int) -> list[Row]:
        return plain(self.mem.query(text, lens=lens, k=k))

    def context(self, query: str | None, *, lens: Lens, budget: int) -> str:
        return str(self.mem.context(query, lens=lens, budget=budget))

    def state(self, *, lens: Lens, limit: int | None) -> Row:
        return plain(self.mem.state(lens=lens, limit=limit))

    def conflicts(self, *, lens: Lens, include_resolved: bool) -> list[Row]:
        return plain(self.mem.conflicts(lens=lens, include_resolved=include_resolved))

    def resolve(self, id: int, *, outcome: str, note: str | None) -> Row:
        return plain(self.mem.resolve_conflict(id, outcome=outcome, note=note))

    def revise(self, id: str, text: str) -> Row:
        return plain(self.mem.revise(id, text))

    def correct(self, id: str, value: str) -> Row:
        return plain(self.mem.correct_fact(id, value))

    def forget(
        self,
        query: str | None,
        *,
        id: str | None,
        scope: str | None,
        purge: bool,
        lens: Lens,
        dry_run: bool,
    ) -> Row:
        return plain(
            self.mem.forget(query, id=id, scope=scope, purge=purge, lens=lens, dry_run=dry_run)
        )

    def facts(self, *, lens: Lens, closed: bool) -> list[Row]:
        return plain(self.mem.facts(lens=lens, include_closed=closed))

    def memories(self, *, lens: Lens, session_id: str | None, limit: int, offset: int) -> list[Row]:
        return plain(
            self.mem.memories(lens=lens, session_id=session_id, limit=limit, offset=offset)
        )

    def documents(self) -> list[Row]:
        return plain(self.mem.documents())

    def sessions(self) -> list[Row]:
        return plain(self.mem.sessions())

    def turns(self, session_id: str) -> list[Row]:
        return plain(self.mem.session_turns(session_id))


#: A page of facts asked of a server at a time (its most).
_PAGE = 1000


class _Remote:
    """A running server, through the HTTP client (``engramdb.client.Client``)."""

    def __init__(self, client: Any):
        self.client = client

    def remember(
        self,
        text: str,
        *,
        scope: str,
        session_id: str | None,
        role: str,
        metadata: Mapping[str, Any] | None,
    ) -> Row:
        if metadata:
            raise RemoteError("--meta: a server's turns take no metadata (POST /facts)")
        return plain(self.client.remember(text, scope=scope, session_id=session_id, role=role))

    def query(self, text: str, *, lens: Lens, k: int) -> list[Row]:
        return plain(self.client.query(text, lens=lens, k=k))

    def context(self, query: str | None, *, lens: Lens, budget: int) -> str:
        return str(self.client.context(query, lens=lens, budget=budget))

    def state(self, *, lens: Lens, limit: int | None) -> Row:
        return plain(self.client.state(lens=lens, limit=limit))

    def conflicts(self, *, lens: Lens, include_resolved: bool) -> list[Row]:
        return plain(self.client.conflicts(lens=lens, include_resolved=include_resolved))

    def resolve(self, id: int, *, outcome: str, note: str | None) -> Row:
        return plain(self.client.resolve_conflict(id, outcome=outcome, note=note))

    def revise(self, id: str, text: str) -> Row:
        # (the write, as the store's own revise returns it; the turn as it now is aside)
        return plain(self.client.revise_with_write(id, text)[1])

    def correct(self, id: str, value: str) -> Row:
        return plain(self.client.correct_fact(id, value))

    def forget(
        self,
        query: str | None,
        *,
        id: str | None,
        scope: str | None,
        purge: bool,
        lens: Lens,
        dry_run: bool,
    ) -> Row:
        return plain(
            self.client.forget(query, id=id, scope=scope, purge=purge, lens=lens, dry_run=dry_run)
        )

    def facts(self, *, lens: Lens, closed: bool) -> list[Row]:
        out: list[Row] = []
        while True:  # every page, as the store's own listing gives every fact
            page = self.client.facts(
                lens=lens, state="all" if closed else "live", limit=_PAGE, offset=len(out)
            )
            out += plain(page)
            if len(page) < _PAGE:
                return out

    def memories(self, *, lens: Lens, session_id: str | None, limit: int, offset: int) -> list[Row]:
        return plain(
            self.client.memories(lens=lens, session_id=session_id, limit=limit, offset=offset)
        )

    def documents(self) -> list[Row]:
        return plain(self.client.documents())

    def sessions(self) -> list[Row]:
        return plain(self.client.sessions())

    def turns(self, session_id: str) -> list[Row]:
        return plain(self.client.turns(session_id))


@contextmanager
def local(path: Path, embedder: str | None) -> Iterator[Knowledge]:
    """The store at ``path`` for one command (opened, then closed and checkpointed)."""
    from .knowledge.memory import Memory

    with Memory.open(path, embedder=embedder) as mem:
        yield _Local(mem)


@contextmanager
def remote(url: str, api_key: str | None, context: str | None) -> Iterator[Knowledge]:
    """A server's context for one command; its refusals become ``RemoteError``."""
    try:
        from .client import Client, ClientError
    except ImportError as exc:  # (httpx)
        raise RemoteError(f"talking to a server needs httpx: {exc}") from None
    if not context:
        raise RemoteError("--context (or ENGRAMDB_CONTEXT) names the server's context")
    try:
        with Client(url, api_key, context) as client:
            yield _Remote(client)
    except ClientError as exc:
        raise RemoteError(str(exc)) from None
