"""Where a knowledge-level CLI command does its work: the store at ``--path`` (``Memory``) or a
running server (``--url``, through the HTTP client). Both answer with the same plain data
(snake_case dicts and lists), so each command prints one way whichever it talks to."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

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


Lens = list[str] | None
Row = dict[str, Any]


class Knowledge:
    """The knowledge-level operations the CLI offers, on ``target``: a ``Memory`` or a
    ``Client``, which share these calls' names and arguments; the subclasses say where
    they differ."""

    def __init__(self, target: Any):
        self.target = target

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
            self.target.remember(
                text, scope=scope, session_id=session_id, role=role, metadata=metadata
            )
        )

    def query(self, text: str, *, lens: Lens, k: int) -> list[Row]:
        return plain(self.target.query(text, lens=lens, k=k))

    def context(self, query: str | None, *, lens: Lens, budget: int) -> str:
        return str(self.target.context(query, lens=lens, budget=budget))

    def state(self, *, lens: Lens, limit: int | None) -> Row:
        return plain(self.target.state(lens=lens, limit=limit))

    def conflicts(self, *, lens: Lens, include_resolved: bool) -> list[Row]:
        return plain(self.target.conflicts(lens=lens, include_resolved=include_resolved))

    def resolve(self, id: int, *, outcome: str, note: str | None) -> Row:
        return plain(self.target.resolve_conflict(id, outcome=outcome, note=note))

    def revise(self, id: str, text: str) -> Row:
        return plain(self.target.revise(id, text))

    def correct(self, id: str, value: str) -> Row:
        return plain(self.target.correct_fact(id, value))

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
            self.target.forget(query, id=id, scope=scope, purge=purge, lens=lens, dry_run=dry_run)
        )

    def facts(self, *, lens: Lens, closed: bool) -> list[Row]:
        return plain(self.target.facts(lens=lens, include_closed=closed))

    def memories(self, *, lens: Lens, session_id: str | None, limit: int, offset: int) -> list[Row]:
        return plain(
            self.target.memories(lens=lens, session_id=session_id, limit=limit, offset=offset)
        )

    def documents(self) -> list[Row]:
        return plain(self.target.documents())

    def sessions(self) -> list[Row]:
        return plain(self.target.sessions())

    def turns(self, session_id: str) -> list[Row]:
        return plain(self.target.session_turns(session_id))


#: A page of facts asked of a server at a time (its most).
_PAGE = 1000


class _Remote(Knowledge):
    """A running server, through the HTTP client, where its calls differ from Memory's."""

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
        return plain(self.target.remember(text, scope=scope, session_id=session_id, role=role))

    def revise(self, id: str, text: str) -> Row:
        # (the write, as the store's own revise returns it; the turn as it now is aside)
        return plain(self.target.revise_with_write(id, text)[1])

    def facts(self, *, lens: Lens, closed: bool) -> list[Row]:
        out: list[Row] = []
        while True:  # every page, as the store's own listing gives every fact
            page = self.target.facts(
                lens=lens, state="all" if closed else "live", limit=_PAGE, offset=len(out)
            )
            out += plain(page)
            if len(page) < _PAGE:
                return out

    def turns(self, session_id: str) -> list[Row]:
        return plain(self.target.turns(session_id))


@contextmanager
def local(path: Path, embedder: str | None) -> Iterator[Knowledge]:
    """The store at ``path`` for one command (opened, then closed and checkpointed)."""
    from .knowledge.memory import Memory

    with Memory.open(path, embedder=embedder) as mem:
        yield Knowledge(mem)


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
