"""MCP tools over the same memory and the same authorisation as the REST API.

Eight tools: ``remember``, ``recall``, ``context``, ``reflect``, ``forget``, ``upload``,
``inspect`` and ``resolve_conflict``. Every call is authorised like a REST request: reads go through
``Memory.region(auth.readable)`` (fail-closed: what lies outside the key's read region is
simply not there), writes are refused unless ``auth.writable(scope, authoritative)``
(authoritative: an upload or an upsert of triples), and ``forget`` needs ``memory:forget``
over every row it removes (and ``memory:curate`` for curated ones), checked row by row by
``Memory.forget(..., caller=auth)``; writes are reconciled through ``caller=auth`` too, and
``resolve_conflict`` is checked by ``Memory.resolve_conflict(..., caller=auth)``
(``memory:write`` over the conflict, ``memory:curate`` over the curated side to accept).
Results are JSON objects in camelCase, like the REST API. A failed operation is a tool result
with ``isError: true`` and ``structuredContent.error = {status, title, message, ...}`` (the
HTTP status the REST API would have answered); JSON-RPC errors are left to protocol faults.

Three ways to serve them:

* :func:`build_mcp` builds the ``MCPServer`` (tools only, no transport);
* :func:`mount_mcp` adds Streamable HTTP at ``/mcp`` to the FastAPI app of ``create_app``, with
  the REST API's bearer keys (and ``X-On-Behalf-Of``); an ``X-EngramDB-Context`` header gives
  the context of calls that name none;
* :func:`run_stdio` serves one data directory over stdio for one key (``engramdb mcp``).
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import os
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import anyio
from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from mcp.server.auth.provider import AccessToken
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.tools import Tool
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field
from pydantic import ValidationError as PydanticValidationError
from starlette.requests import Request
from starlette.types import Receive, Scope, Send

from .. import __version__
from ..errors import (
    ConfigError,
    EngramDBError,
    ForbiddenError,
    NotFoundError,
    StoreLockedError,
    ValidationError,
)
from ..knowledge.lifecycle import said_of
from ..knowledge.scopes import check_scope
from .auth import AuthContext, AuthError, AuthStore
from .common import check_write, strict_lens, to_data
from .config import ServerConfig, load_config, password_hasher
from .contexts import ContextNotFound, ContextRegistry, check_context
from .problems import Problem, limit_of, problem, unauthorised
from .schemas import Triple

if TYPE_CHECKING:
    from fastapi import FastAPI

__all__ = ["CONTEXT_HEADER", "MEM0_TOOLS", "TOOLS", "build_mcp", "mount_mcp", "run_stdio"]

TOOLS = (
    "remember",
    "recall",
    "context",
    "reflect",
    "forget",
    "upload",
    "inspect",
    "resolve_conflict",
)
#: OpenMemory's tool names (mem0's MCP server), served beside them over ``compat.mem0``.
MEM0_TOOLS = (
    "add_memories",
    "search_memory",
    "list_memories",
    "delete_memories",
    "delete_all_memories",
)
#: The header naming the context of HTTP calls that pass no ``context`` argument.
CONTEXT_HEADER = "x-engramdb-context"
#: Where the HTTP endpoint leaves the caller's AuthContext in the ASGI scope.
_SCOPE_KEY = "engramdb.auth"
#: The JSON-RPC error code of a refused key (implementation-defined server error range).

INSTRUCTIONS = """EngramDB is long-term memory. `remember` conversation turns worth keeping (the
user's facts, preferences, corrections) in the user's scope; `recall` or `context` before
answering anything that may depend on them. Curated knowledge (documents, upserts) outranks
what was said in conversation: when they disagree, the context block says which one applies.
Scopes are paths such as org/acme or org/acme/user/alice; a lens narrows a read to some of
them."""

Auth = AuthContext | Callable[[], AuthContext]

# ----------------------------------------------------------------------------- arguments
ContextArg = Annotated[
    str | None,
    Field(description="The EngramDB context (an isolated memory store) to use.", max_length=64),
]
Lens = Annotated[
    list[Annotated[str, Field(max_length=256)]] | None,
    Field(
        description="Scope paths to look through (e.g. ['org/acme/user/alice']): a lens narrows "
        "what you may read, it never widens it; the user's path also shows the curated "
        "knowledge of its organisation.",
        max_length=64,
    ),
]
ScopeArg = Annotated[
    str,
    Field(
        description="The scope path the write belongs to, e.g. org/acme/user/alice.",
        min_length=1,
        max_length=256,
    ),
]
AsOf = Annotated[
    str | int | None,
    Field(description="A past moment (ISO 8601 or ms since the epoch) to read the memory as of."),
]


UserArg = Annotated[
    str,
    Field(description="Whose memories (mem0's user_id).", min_length=1, max_length=256),
]
PrefixArg = Annotated[
    str | None,
    Field(description="Scope path the users' scopes go under (e.g. org/acme).", max_length=256),
]


# ----------------------------------------------------------------------------- results
def _failure(status: int, title: str, message: str, **extra: Any) -> CallToolResult:
    error = {"status": status, "title": title, "message": message, **extra}
    return CallToolResult(
        content=[TextContent(type="text", text=f"{title} ({status}): {message}")],
        structured_content={"error": error},
        is_error=True,
    )


def _hit(hit: Any, rank: int) -> dict[str, Any]:
    """A query hit with its rank among facts and passages together, without its empty fields."""
    out = {"rank": rank, **to_data(hit)}
    return {k: v for k, v in out.items() if v is not None}


@dataclass
class _Write:
    """The store's part of a write tool, to run once the call has its context's turn
    (``WriteGate``: ``kind`` is its ``step`` or ``upload`` lock), as REST writes do."""

    kind: str
    fn: Callable[[], dict[str, Any]]


# ----------------------------------------------------------------------------- the tools
class _Tools:
    """The work of each tool, given who asks (``AuthContext``) and in which context."""

    def __init__(
        self,
        contexts: ContextRegistry,
        config: ServerConfig,
        default_context: str | None,
        auth: Auth | None,
    ):
        self.contexts = contexts
        self.config = config
        self.default_context = default_context
        self.auth = auth

    # -- plumbing
    def who(self, ctx: Context | None) -> AuthContext:
        if self.auth is not None:
            return self.auth() if callable(self.auth) else self.auth
        request = None
        if ctx is not None:
            with contextlib.suppress(ValueError):  # no request context: not over HTTP
                request = ctx.request_context.request
        scope = getattr(request, "scope", None)
        auth = scope.get(_SCOPE_KEY) if isinstance(scope, dict) else None
        if not isinstance(auth, AuthContext):  # fail closed
            raise Problem(401, "Unauthorized", "an API key is required")
        return auth

    def context_name(self, ctx: Context | None, given: str | None) -> str:
        if self.default_context is not None and self.auth is not None:
            # a server started for one context (stdio): that one only
            if given not in (None, self.default_context):
                raise Problem(
                    422,
                    "Invalid input",
                    f"this server serves the context {self.default_context!r} only",
                    field="context",
                )
            return self.default_context
        name = given
        if name is None and ctx is not None:
            with contextlib.suppress(ValueError):
                headers = getattr(ctx.request_context.request, "headers", None)
                name = headers.get(CONTEXT_HEADER) if headers is not None else None
        name = name or self.default_context
        if not name:
            raise Problem(
                422,
                "Invalid input",
                f"which context? pass `context` (or the {CONTEXT_HEADER} header)",
                field="context",
            )
        return name

    async def run(
        self,
        ctx: Context | None,
        context: str | None,
        work: Callable[..., dict[str, Any] | _Write],
    ) -> dict[str, Any] | CallToolResult:
        """``work(auth, context_name)`` in a request thread, with every failure turned into an
        error result. A write's ``work`` checks its arguments and answers a ``_Write``: the
        call then waits for its context's turn on the event loop, holding no thread (the
        REST writes' ``WriteGate``; many MCP writes of one context once took every request
        thread, and other tenants waited), and stores in one thread."""
        try:
            if callable(self.auth):  # (stdio: the key checked again, a hash, off the loop)
                auth = await anyio.to_thread.run_sync(self.auth)
            else:
                auth = self.who(ctx)
            name = self.context_name(ctx, context)
            if not auth.reaches(check_context(name)):
                raise ContextNotFound(name)  # the same answer as for a context that is not
            out = await anyio.to_thread.run_sync(work, auth, name)
            if isinstance(out, _Write):
                async with (
                    self.contexts.write_turn(
                        name, out.kind, self.config.max_context_writes
                    ) as turn,
                    turn,
                ):
                    out = await anyio.to_thread.run_sync(out.fn)
            return out
        except Problem as exc:
            return _failure(exc.status, exc.title, exc.detail, **exc.extra)
        except AuthError:
            return _failure(401, "Unauthorized", "invalid or expired key")
        except ValidationError as exc:
            extra: dict[str, Any] = {"field": exc.field}
            if exc.limit is not None:
                extra["limit"] = exc.limit
            return _failure(422, "Invalid input", str(exc), **extra)
        except NotFoundError as exc:
            return _failure(404, "Not found", str(exc))
        except ForbiddenError as exc:
            return _failure(
                403, "Forbidden", str(exc), **({"scope": exc.scope} if exc.scope else {})
            )
        except StoreLockedError as exc:
            return _failure(503, "Store locked", str(exc))
        except EngramDBError as exc:
            return _failure(500, "Storage error", str(exc))

    def _writer(self, name: str):
        """The Memory for a write that has its turn: no registry lock (the store's own lock
        holds each write's transaction; reading the text or document takes none)."""
        return self.contexts.use(name, exclusive=False, slot=False)

    def _reader(self, name: str):
        return self.contexts.use(name, exclusive=False)

    def _text_limit(self, field: str, text: str | None) -> None:
        limit = self.config.max_text_bytes
        if text is not None and len(text.encode("utf-8", "surrogatepass")) > limit:
            raise Problem(413, "Payload too large", f"{field} is over the limit", limit=limit)

    def _k(self, k: int) -> int:
        if k > self.config.max_k:
            raise Problem(
                422, "Invalid input", "k is too large", field="k", limit=self.config.max_k
            )
        return k

    # -- the eight tools
    def remember(
        self,
        auth: AuthContext,
        name: str,
        *,
        text: str | None,
        triples: list[Triple] | None,
        scope: str,
        session_id: str | None,
        role: str,
        source_kind: str | None,
        observed_at: str | int | None,
    ) -> _Write:
        if (text is None) == (triples is None):
            raise Problem(
                422, "Invalid input", "give either a turn's text or triples", field="text"
            )
        self._text_limit("text", text)
        if triples is not None and len(triples) > self.config.max_batch:
            raise Problem(
                422,
                "Invalid input",
                "too many triples",
                field="triples",
                limit=self.config.max_batch,
            )
        authoritative = triples is not None and source_kind in (None, "upsert")
        scope = check_write(auth, scope, authoritative)

        def write() -> dict[str, Any]:
            with self._writer(name) as mem:
                if triples is not None:
                    result = mem.remember(
                        triples=[t.model_dump(exclude_none=True) for t in triples],
                        scope=scope,
                        source_kind=source_kind or "upsert",
                        observed_at=observed_at,
                        caller=auth,
                    )
                else:
                    result = mem.remember(
                        text,
                        scope=scope,
                        session_id=session_id,
                        role=role,
                        observed_at=observed_at,
                        source_kind=source_kind,
                        caller=auth,
                    )
            return to_data(result)

        return _Write("step", write)

    def recall(
        self,
        auth: AuthContext,
        name: str,
        *,
        query: str,
        lens: list[str] | None,
        k: int,
        mode: str,
        as_of: str | int | None,
        explain: bool,
    ) -> dict[str, Any]:
        self._text_limit("query", query)
        k = self._k(k)
        with self._reader(name) as mem, mem.region(auth.readable):
            hits = mem.query(
                query,
                lens=strict_lens(lens, auth),
                k=k,
                mode=mode,
                as_of=as_of,
                explain=explain,
            )
        ranked = [_hit(h, i + 1) for i, h in enumerate(hits)]
        return {
            "facts": [h for h in ranked if h["kind"] == "fact"],
            "passages": [h for h in ranked if h["kind"] != "fact"],
        }

    def context(
        self,
        auth: AuthContext,
        name: str,
        *,
        query: str | None,
        lens: list[str] | None,
        k: int,
        budget: int,
    ) -> dict[str, Any]:
        self._text_limit("query", query)
        k = self._k(k)
        with self._reader(name) as mem, mem.region(auth.readable):
            text = mem.context(query, lens=strict_lens(lens, auth), k=k, budget=budget)
        return {"context": text}

    def resolve_conflict(
        self, auth: AuthContext, name: str, *, id: int, outcome: str, note: str | None
    ) -> _Write:
        # rights are Memory.resolve_conflict's: a side out of reach is a 404, no
        # memory:write a 403, and accepting needs memory:curate over the curated side
        def write() -> dict[str, Any]:
            # short: it may keep the context's exclusive lock, once it has its turn
            with self.contexts.use(name) as mem, mem.region(auth.readable):
                out = mem.resolve_conflict(id, outcome=outcome, note=note, caller=auth)
            if not auth.manages():  # who resolved is for administrators, as a trace's actor
                out.pop("resolved_by", None)
            return to_data(out)

        return _Write("step", write)

    def reflect(self, auth: AuthContext, name: str) -> dict[str, Any]:
        raise Problem(
            501,
            "Not implemented",
            "reflection (questions answered by synthesis) needs an LLM; none is configured on "
            "this server. Use `recall` or `context` and reason over what they return.",
        )

    def forget(
        self,
        auth: AuthContext,
        name: str,
        *,
        id: str | None,
        query: str | None,
        scope: str | None,
        purge: bool,
        lens: list[str] | None = None,
        dry_run: bool = False,
    ) -> dict[str, Any] | _Write:
        if sum(x is not None for x in (id, query, scope)) != 1:
            raise Problem(
                422, "Invalid input", "give exactly one of id, query or scope", field="id"
            )
        self._text_limit("query", query)
        if scope is not None:
            scope = check_scope(scope)
        lens = strict_lens(lens, auth)
        if query is not None and not any(
            auth.can_anywhere("memory:forget", p) for p in (lens or [None])
        ):
            raise Problem(403, "Forbidden", "this key has no memory:forget over what it asks")
        # every row it would remove is checked by Memory.forget (forget, and curate for
        # curated rows; by scope all or nothing)
        if dry_run:  # the same checks; nothing removed
            with self._reader(name) as mem:
                out = mem.forget(
                    query, id=id, scope=scope, purge=purge, caller=auth, lens=lens, dry_run=True
                )
            message = said_of(query, out).get("message")
            listed = out.pop("wouldForget")
            out.pop("dryRun")
            result = {"wouldForget": to_data(out), "rows": to_data(listed), "dryRun": True}
            return result | ({"message": message} if message else {})

        def write() -> dict[str, Any]:
            # short: it keeps the context's exclusive lock, once it has its turn
            with self.contexts.use(name) as mem:
                counts = mem.forget(query, id=id, scope=scope, purge=purge, caller=auth, lens=lens)
                if purge:  # stored REST responses may quote what was purged
                    self.contexts.purged(name)
            message = said_of(query, counts).get("message")
            result = {"forgotten": to_data(counts), "purged": purge}
            return result | ({"message": message} if message else {})

        return _Write("step", write)

    def upload(
        self,
        auth: AuthContext,
        name: str,
        *,
        filename: str,
        content: str | None,
        content_base64: str | None,
        scope: str,
        media_type: str | None,
    ) -> _Write:
        if (content is None) == (content_base64 is None):
            raise Problem(
                422, "Invalid input", "give content (text) or content_base64", field="content"
            )
        limit = self.config.max_upload_bytes
        if content is not None:
            data = content.encode("utf-8", "surrogatepass")
        else:
            assert content_base64 is not None
            if len(content_base64) > (limit // 3 + 1) * 4 + 4:
                raise Problem(413, "Payload too large", "the file is over the limit", limit=limit)
            try:
                data = base64.b64decode(content_base64, validate=True)
            except (binascii.Error, ValueError):
                raise Problem(
                    422, "Invalid input", "content_base64 is not base64", field="content_base64"
                ) from None
        if len(data) > limit:
            raise Problem(413, "Payload too large", "the file is over the limit", limit=limit)
        scope = check_write(auth, scope, True)

        def write() -> dict[str, Any]:
            # read outside every lock (as REST's wait=true): the store's lock holds the write
            with self._writer(name) as mem:
                result = mem.upload(
                    data, scope=scope, name=filename, media_type=media_type, caller=auth
                )
            return to_data(result)

        return _Write("upload", write)

    def inspect(
        self,
        auth: AuthContext,
        name: str,
        *,
        view: str | None,
        entity_type: str | None,
        entity: str | None,
        key: str | None,
        lens: list[str] | None,
        as_of: str | int | None,
        limit: int | None = None,
        offset: int = 0,
        session: str | None = None,
        document: int | None = None,
    ) -> dict[str, Any]:
        view = view or ("entity" if entity else "state")
        paths = strict_lens(lens, auth)
        listing = self._listing(auth, name, view, session, document)
        if listing is not None:
            return listing
        if view == "entity" and not (entity and entity_type):
            raise Problem(
                422, "Invalid input", "an entity needs entity_type and entity", field="entity"
            )
        with self._reader(name) as mem, mem.region(auth.readable):
            if view == "state":
                state = mem.state(lens=paths, as_of=as_of, limit=limit, offset=offset)
                return {"view": "state", **to_data(state)}
            if view == "profile":
                return {"view": "profile", **to_data(mem.profile(lens=paths))}
            assert entity_type is not None and entity is not None
            if key:
                history = mem.history(entity_type, entity, key, lens=paths)
                return {"view": "history", "key": key, "history": to_data(history)}
            return {
                "view": "entity",
                **to_data(mem.entity(entity_type, entity, as_of=as_of, lens=paths)),
            }

    def _listing(
        self,
        auth: AuthContext,
        name: str,
        view: str,
        session: str | None,
        document: int | None,
    ) -> dict[str, Any] | None:
        """The listings of what is stored (``Memory.documents``, ``chunks``, ``sessions``,
        ``session_turns``), as the REST API lists them; None for another view."""
        if view not in ("documents", "chunks", "sessions", "turns"):
            return None
        if view == "turns" and not session:
            raise Problem(422, "Invalid input", "turns needs a session", field="session")
        if view == "chunks" and document is None:
            raise Problem(422, "Invalid input", "chunks needs a document id", field="document")
        with self._reader(name) as mem, mem.region(auth.readable):
            if view == "documents":
                return {"view": view, "documents": to_data(mem.documents(caller=auth))}
            if view == "sessions":
                return {"view": view, "sessions": to_data(mem.sessions(caller=auth))}
            if view == "turns":
                assert session is not None
                return {"view": view, "turns": to_data(mem.session_turns(session, caller=auth))}
            if view == "chunks":
                assert document is not None
                return {"view": view, "chunks": to_data(mem.chunks(document, caller=auth))}
        return None


#: What every tool returns (its output schema): a JSON object.
Result = dict[str, Any]


class _CheckedTool(Tool):
    """A tool whose argument errors are answered like every other refusal (status 422, the
    field, the limit, one plain sentence), not as pydantic's multi-line report."""

    async def run(self, arguments, context, convert_result=False):
        try:
            self.fn_metadata.validate_arguments(arguments)
        except PydanticValidationError as exc:
            first = exc.errors()[0] if exc.errors() else {}
            field = ".".join(str(x) for x in first.get("loc", ()))
            extra = {} if (limit := limit_of(first)) is None else {"limit": limit}
            message = f"{field}: {first.get('msg', 'invalid argument')}"
            failure = _failure(422, "Invalid input", message, field=field, **extra)
            return self.fn_metadata.convert_result(failure) if convert_result else failure
        return await super().run(arguments, context, convert_result)


def _tool_list(tools: _Tools, *, hide_context: bool) -> list[Tool]:
    async def remember(
        scope: ScopeArg,
        text: Annotated[
            str | None,
            Field(
                description="A conversation turn to remember (what the user or the assistant "
                "said). Facts, corrections and preferences are extracted from it.",
                max_length=65_536,
            ),
        ] = None,
        triples: Annotated[
            list[Triple] | None,
            Field(
                description="Structured facts instead of text: {subject, key, value, type?, "
                "category?}. With source_kind 'upsert' (the default) they are curated "
                "(authoritative) and need memory:curate.",
                max_length=1_000,
            ),
        ] = None,
        session_id: Annotated[str | None, Field(max_length=256)] = None,
        role: Literal["user", "assistant", "system", "tool"] = "user",
        source_kind: Literal["upsert", "turn", "consolidation", "reflect", "elaboration"]
        | None = None,
        observed_at: AsOf = None,
        context: ContextArg = None,
        ctx: Context | None = None,
    ) -> Result:
        """Remember a conversation turn (text) or structured facts (triples). Returns what the
        write did: facts stored, corrections, conflicts with curated knowledge, uncertainties."""
        return await tools.run(  # type: ignore[return-value]
            ctx,
            context,
            lambda auth, name: tools.remember(
                auth,
                name,
                text=text,
                triples=triples,
                scope=scope,
                session_id=session_id,
                role=role,
                source_kind=source_kind,
                observed_at=observed_at,
            ),
        )

    async def recall(
        query: Annotated[str, Field(min_length=1, max_length=65_536)],
        lens: Lens = None,
        k: Annotated[int, Field(ge=1, le=100, description="How many hits at most.")] = 10,
        mode: Literal["hybrid", "vector", "bm25", "graph"] = "hybrid",
        as_of: AsOf = None,
        explain: bool = False,
        context: ContextArg = None,
        ctx: Context | None = None,
    ) -> Result:
        """Search the memory: facts and passages (document chunks, conversation turns) ranked
        together. Curated (authoritative) hits are marked."""
        return await tools.run(  # type: ignore[return-value]
            ctx,
            context,
            lambda auth, name: tools.recall(
                auth, name, query=query, lens=lens, k=k, mode=mode, as_of=as_of, explain=explain
            ),
        )

    async def context_(
        query: Annotated[
            str | None,
            Field(description="What the answer is about (optional).", max_length=65_536),
        ] = None,
        lens: Lens = None,
        k: Annotated[int, Field(ge=1, le=100)] = 8,
        budget: Annotated[
            int,
            Field(description="The most characters the block may hold (1 to 200,000)."),
        ] = 4_000,
        context: ContextArg = None,
        ctx: Context | None = None,
    ) -> Result:
        """The memory as a prompt block (Markdown) to put before answering, most relevant
        first within a character budget: instructions, open conflicts and the policy that
        applies, curated facts, what the user said, relevant passages. It never mixes people:
        a lens that names no single user's scope gets only what is common to all."""
        return await tools.run(  # type: ignore[return-value]
            ctx,
            context,
            lambda auth, name: tools.context(
                auth, name, query=query, lens=lens, k=k, budget=budget
            ),
        )

    async def resolve_conflict(
        id: Annotated[
            int,
            Field(
                description="The conflict id (from the conflicts of inspect state).", ge=0, le=2**62
            ),
        ],
        outcome: Annotated[
            Literal["uphold", "accept", "dismiss"],
            Field(
                description="uphold: the curated fact stands, the user's belief is closed; "
                "accept: the user was right, the curated fact is outdated and closed (needs "
                "memory:curate over it); dismiss: not a real conflict, both stay."
            ),
        ],
        note: Annotated[
            str | None, Field(description="Why (kept with the decision).", max_length=2_000)
        ] = None,
        context: ContextArg = None,
        ctx: Context | None = None,
    ) -> Result:
        """Resolve a conflict between what a user said and curated knowledge. Needs
        memory:write over the conflict's scope."""
        return await tools.run(  # type: ignore[return-value]
            ctx,
            context,
            lambda auth, name: tools.resolve_conflict(
                auth, name, id=id, outcome=outcome, note=note
            ),
        )

    async def reflect(
        query: Annotated[str, Field(min_length=1, max_length=65_536)],
        persist: bool = False,
        context: ContextArg = None,
        ctx: Context | None = None,
    ) -> Result:
        """Answer a question by synthesis over the memory (needs an LLM on the server)."""
        return await tools.run(ctx, context, tools.reflect)  # type: ignore[return-value]

    async def forget(
        id: Annotated[
            str | None,
            Field(description="A fact ('fact:12'), turn or chunk id.", max_length=256),
        ] = None,
        query: Annotated[
            str | None,
            Field(description="Forget what this query finds best.", max_length=65_536),
        ] = None,
        scope: Annotated[
            str | None, Field(description="Forget a whole scope subtree.", max_length=256)
        ] = None,
        purge: Annotated[
            bool, Field(description="Delete for good (default: soft, out of every read).")
        ] = False,
        lens: Lens = None,
        dry_run: Annotated[
            bool,
            Field(description="Only show what would go (counts and rows); remove nothing."),
        ] = False,
        context: ContextArg = None,
        ctx: Context | None = None,
    ) -> Result:
        """Forget by id, by query or a whole scope (exactly one). Needs memory:forget over
        the scope. A forget by query removes only rows related to the query (a shared word or
        a close meaning; none: zero counts and a message); a lens keeps it to rows at or below
        its paths. Try dry_run=true first to see what would go."""
        return await tools.run(  # type: ignore[return-value]
            ctx,
            context,
            lambda auth, name: tools.forget(
                auth,
                name,
                id=id,
                query=query,
                scope=scope,
                purge=purge,
                lens=lens,
                dry_run=dry_run,
            ),
        )

    async def upload(
        name: Annotated[
            str,
            Field(description="The document's name, e.g. returns.md", min_length=1, max_length=256),
        ],
        scope: ScopeArg,
        content: Annotated[str | None, Field(description="The document as text.")] = None,
        content_base64: Annotated[
            str | None, Field(description="The document's bytes in base64 (PDF and others).")
        ] = None,
        media_type: Annotated[
            str | None,
            Field(
                description="e.g. text/markdown, application/pdf (default: from the name).",
                max_length=128,
            ),
        ] = None,
        context: ContextArg = None,
        ctx: Context | None = None,
    ) -> Result:
        """Upload a curated (authoritative) document: text, Markdown, HTML, PDF, JSON or CSV.
        A changed document of the same name is a new version. Needs memory:curate."""
        return await tools.run(  # type: ignore[return-value]
            ctx,
            context,
            lambda auth, ctx_name: tools.upload(
                auth,
                ctx_name,
                filename=name,
                content=content,
                content_base64=content_base64,
                scope=scope,
                media_type=media_type,
            ),
        )

    async def inspect(
        view: Annotated[
            Literal["state", "profile", "entity", "documents", "chunks", "sessions", "turns"]
            | None,
            Field(
                description="state (default), profile, entity (with entity_type, entity), "
                "documents, chunks (with document), sessions, or turns (with session)."
            ),
        ] = None,
        entity_type: Annotated[
            str | None, Field(description="e.g. person, organization, product.", max_length=64)
        ] = None,
        entity: Annotated[
            str | None, Field(description="The entity's name.", max_length=512)
        ] = None,
        key: Annotated[
            str | None,
            Field(description="With an entity: the history of this attribute.", max_length=256),
        ] = None,
        lens: Lens = None,
        as_of: AsOf = None,
        limit: Annotated[
            int | None,
            Field(description="state: at most this many items per list.", ge=1, le=10_000),
        ] = None,
        offset: Annotated[
            int, Field(description="state: skip this many items of each list.", ge=0)
        ] = 0,
        session: Annotated[
            str | None, Field(description="turns: the session's id.", max_length=256)
        ] = None,
        document: Annotated[
            int | None, Field(description="chunks: the document's id.", ge=0, le=2**62)
        ] = None,
        context: ContextArg = None,
        ctx: Context | None = None,
    ) -> Result:
        """Look at the memory's state through a lens (facts by kind, conflicts between what was
        said and the policy that applies, uncertainties, instructions), the profile, one
        entity (its current facts, or the history of one attribute), or list what is stored:
        documents and a document's chunks, conversation sessions and a session's turns."""
        return await tools.run(  # type: ignore[return-value]
            ctx,
            context,
            lambda auth, name: tools.inspect(
                auth,
                name,
                view=view,
                entity_type=entity_type,
                entity=entity,
                key=key,
                lens=lens,
                as_of=as_of,
                limit=limit,
                offset=offset,
                session=session,
                document=document,
            ),
        )

    # ---- OpenMemory's tool names (mem0's MCP server), over compat.mem0 with the same key
    async def mem0_call(context, ctx, scope_prefix, work, write: str | None):
        """``write``: None for a read; "add" (stored without the registry's lock) or
        "forget" (short, under it), each once the call has its context's turn."""

        def run(auth: AuthContext, name: str) -> dict[str, Any] | _Write:
            from ..compat.mem0 import Memory as Mem0

            def call() -> dict[str, Any]:
                use = {
                    None: tools._reader,
                    "add": tools._writer,
                    "forget": tools.contexts.use,
                }[write]
                with use(name) as mem:
                    try:
                        return work(Mem0(mem, scope_prefix=scope_prefix, caller=auth))
                    except ValueError as e:
                        status = 404 if "not found" in str(e) else 422
                        title = "Not found" if status == 404 else "Invalid input"
                        raise Problem(status, title, str(e)) from None

            return call() if write is None else _Write("step", call)

        return await tools.run(ctx, context, run)

    async def add_memories(
        text: Annotated[str, Field(min_length=1, max_length=65_536)],
        user_id: UserArg,
        scope_prefix: PrefixArg = None,
        context: ContextArg = None,
        ctx: Context | None = None,
    ) -> Result:
        """Remember something the user said (OpenMemory's add_memories)."""
        return await mem0_call(  # type: ignore[return-value]
            context, ctx, scope_prefix, lambda m: m.add(text, user_id=user_id), "add"
        )

    async def search_memory(
        query: Annotated[str, Field(min_length=1, max_length=65_536)],
        user_id: UserArg,
        limit: Annotated[int, Field(ge=1, le=100)] = 10,
        scope_prefix: PrefixArg = None,
        context: ContextArg = None,
        ctx: Context | None = None,
    ) -> Result:
        """Search the user's memories, best first (OpenMemory's search_memory)."""
        return await mem0_call(  # type: ignore[return-value]
            context,
            ctx,
            scope_prefix,
            lambda m: m.search(query, user_id=user_id, top_k=limit),
            None,
        )

    async def list_memories(
        user_id: UserArg,
        limit: Annotated[int, Field(ge=1, le=1000)] = 100,
        scope_prefix: PrefixArg = None,
        context: ContextArg = None,
        ctx: Context | None = None,
    ) -> Result:
        """List the user's memories, newest first (OpenMemory's list_memories)."""
        return await mem0_call(  # type: ignore[return-value]
            context, ctx, scope_prefix, lambda m: m.get_all(user_id=user_id, top_k=limit), None
        )

    async def delete_memories(
        memory_ids: Annotated[list[Annotated[str, Field(max_length=256)]], Field(max_length=1000)],
        user_id: UserArg,
        scope_prefix: PrefixArg = None,
        context: ContextArg = None,
        ctx: Context | None = None,
    ) -> Result:
        """Forget some of the user's memories by id (OpenMemory's delete_memories)."""

        def work(m) -> dict[str, Any]:
            for mid in memory_ids:  # each one the user's, checked before any is forgotten
                if (m.get(mid) or {}).get("user_id") != user_id:
                    raise ValueError(f"Memory with id {mid} not found")
            m.forget_all(list(memory_ids))  # all or none
            return {"deleted": list(memory_ids)}

        return await mem0_call(  # type: ignore[return-value]
            context, ctx, scope_prefix, work, "forget"
        )

    async def delete_all_memories(
        user_id: UserArg,
        scope_prefix: PrefixArg = None,
        context: ContextArg = None,
        ctx: Context | None = None,
    ) -> Result:
        """Forget all the user's memories (OpenMemory's delete_all_memories)."""
        return await mem0_call(  # type: ignore[return-value]
            context, ctx, scope_prefix, lambda m: m.delete_all(user_id=user_id), "forget"
        )

    read = ToolAnnotations(read_only_hint=True, open_world_hint=False)
    destroys = ToolAnnotations(destructive_hint=True, open_world_hint=False)
    specs: list[tuple[Callable[..., Any], str, ToolAnnotations]] = [
        (add_memories, "add_memories", ToolAnnotations(destructive_hint=False)),
        (search_memory, "search_memory", read),
        (list_memories, "list_memories", read),
        (delete_memories, "delete_memories", destroys),
        (delete_all_memories, "delete_all_memories", destroys),
        (remember, "remember", ToolAnnotations(destructive_hint=False, open_world_hint=False)),
        (recall, "recall", read),
        (context_, "context", read),
        (reflect, "reflect", read),
        (forget, "forget", ToolAnnotations(destructive_hint=True, open_world_hint=False)),
        (upload, "upload", ToolAnnotations(destructive_hint=False, open_world_hint=False)),
        (inspect, "inspect", read),
        (
            resolve_conflict,
            "resolve_conflict",
            ToolAnnotations(destructive_hint=True, idempotent_hint=True, open_world_hint=False),
        ),
    ]
    out = []
    for fn, name, hints in specs:
        made = Tool.from_function(fn, name=name, annotations=hints)
        tool = _CheckedTool(**{f: getattr(made, f) for f in Tool.model_fields})
        if hide_context:
            tool.parameters.get("properties", {}).pop("context", None)
        out.append(tool)
    return out


def build_mcp(
    source: Any,
    *,
    default_context: str | None = None,
    auth: Auth | None = None,
    config: ServerConfig | None = None,
) -> MCPServer:
    """The MCP server of EngramDB's eight tools (and OpenMemory's five names, ``MEM0_TOOLS``).

    ``source`` is the FastAPI ``app.state`` of ``create_app`` (``.contexts``, ``.config``) or a
    :class:`ContextRegistry`. ``auth`` fixes who calls (an ``AuthContext``, or a function
    returning one per call, e.g. re-authenticating a key); without it each call is authorised by
    the AuthContext the HTTP endpoint of :func:`mount_mcp` put on the request, and refused when
    there is none. ``default_context``: the context of calls that name none; with a fixed
    ``auth`` the server serves that context only and the tools have no ``context`` argument.
    """
    contexts = getattr(source, "contexts", source)
    if not isinstance(contexts, ContextRegistry):
        raise TypeError("build_mcp needs app.state (with .contexts) or a ContextRegistry")
    config = config or getattr(source, "config", None) or ServerConfig()
    tools = _Tools(contexts, config, default_context, auth)
    hide = default_context is not None and auth is not None
    return MCPServer(
        "engramdb",
        title="EngramDB",
        description="Memory for AI agents: curated and experiential knowledge, reconciled.",
        instructions=INSTRUCTIONS,
        version=__version__,
        tools=_tool_list(tools, hide_context=hide),
        log_level="WARNING",
    )


# ----------------------------------------------------------------------------- HTTP
class _Transport:
    """The SDK's Streamable HTTP session manager, in stateless JSON mode (every POST is one
    self-contained exchange, so any worker can serve any request; the tools never call back,
    and do their work in request threads, a write's only once it has its context's turn).
    A fresh manager per lifespan run (a manager runs only once)."""

    def __init__(self, server: MCPServer, max_body: int):
        self.server = server
        self.max_body = max_body
        self.manager: Any = None

    @contextlib.asynccontextmanager
    async def run(self) -> AsyncIterator[None]:
        self.server.streamable_http_app(
            stateless_http=True,
            json_response=True,
            max_request_body_size=self.max_body,
            # every request carries a bearer key, which a DNS-rebinding page does not have;
            # the Host header of a deployed server is not known here
            transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
        )
        manager = self.server.session_manager
        async with manager.run():
            self.manager = manager
            try:
                yield
            finally:
                self.manager = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        manager = self.manager
        if manager is None:
            response = problem(503, "Unavailable", "the MCP endpoint is not running (no lifespan)")
            await response(scope, receive, send)
            return
        await manager.handle_request(scope, receive, send)


class _Endpoint:
    """ASGI endpoint of ``/mcp``: authenticates the bearer key like the REST API (a 401 without
    a valid one), then hands the request, with its AuthContext, to the transport."""

    def __init__(self, transport: _Transport):
        self.transport = transport

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        from .calls import authenticate

        if scope["type"] != "http":  # pragma: no cover - Route only routes http here
            return
        try:
            auth = await anyio.to_thread.run_sync(authenticate, Request(scope))
        except (Problem, AuthError) as exc:
            detail = exc.detail if isinstance(exc, Problem) else "invalid or expired key"
            await unauthorised(detail)(scope, receive, send)
            return
        token = AccessToken(
            token=auth.key_id, client_id=auth.key_id, scopes=[], subject=auth.subject_id
        )
        scope = {**scope, _SCOPE_KEY: auth, "user": AuthenticatedUser(token)}
        await self.transport(scope, receive, send)


def mount_mcp(app: FastAPI, *, path: str = "/mcp", default_context: str | None = None) -> MCPServer:
    """Serve the tools over Streamable HTTP at ``path`` on the app of ``create_app``, with its
    bearer keys. Call once, before the app starts: the SDK's session manager is run inside the
    app's lifespan (entered after the app's own startup, left before its shutdown)."""
    server = build_mcp(app.state, default_context=default_context)
    config: ServerConfig = app.state.config
    transport = _Transport(server, max_body=config.max_upload_bytes * 4 // 3 + 1024 * 1024)
    inner = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(a: Any) -> AsyncIterator[Any]:
        async with inner(a) as state, transport.run():
            yield state

    app.router.lifespan_context = lifespan
    app.router.add_route(path, _Endpoint(transport), include_in_schema=False)
    app.state.mcp = server
    return server


# ----------------------------------------------------------------------------- stdio
def _open(config: ServerConfig) -> tuple[AuthStore, ContextRegistry]:
    root = Path(config.data_dir)
    if not (root / "auth.db").is_file():
        raise ConfigError(f"{root} is not an EngramDB server data directory (no auth.db)")
    auth = AuthStore(root / "auth.db", hasher=password_hasher(config))
    try:
        contexts = ContextRegistry(root, embedder=config.embedder, max_contexts=config.max_contexts)
    except BaseException:
        auth.close()
        raise
    return auth, contexts


def run_stdio(
    data_dir: str | Path | None = None,
    context: str | None = None,
    api_key: str | None = None,
    *,
    config: ServerConfig | None = None,
) -> None:
    """Serve the tools over stdio on a server's data directory, for one API key (``api_key``,
    else ``$ENGRAMDB_API_KEY``) and one context (None: each call names its own).

    The key is checked before serving (``AuthError``, ``ConfigError`` or ``NotFoundError`` for
    the caller to report) and again at every call, so a revoked key or narrowed grants take
    effect at once. Settings come from ``config``, else ``ENGRAMDB_*`` (``load_config``)."""
    config = config or load_config(data_dir=data_dir)
    token = api_key or os.environ.get("ENGRAMDB_API_KEY")
    if not token:
        raise ConfigError("an API key is required: pass one or set ENGRAMDB_API_KEY")
    store, contexts = _open(config)
    try:
        caller = store.authenticate(token)
        if context is not None and not (contexts.exists(context) and caller.reaches(context)):
            raise ContextNotFound(context)
        server = build_mcp(
            contexts,
            default_context=context,
            auth=lambda: store.authenticate(token),
            config=config,
        )
        server.run("stdio")
    finally:
        contexts.close()
        store.close()
