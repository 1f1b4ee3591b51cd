"""What every route does with its request, in one place the routes, MCP and the dashboard
import (never ``app.py``, which only assembles them): who calls (``authenticate``), the
context it opens (``open_context``, ``writer_of``, a write's turns), its rights as they are now
(``rights_now``), and the idempotent replay of a write (``idempotent``)."""

from __future__ import annotations

import inspect

from fastapi import Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from .auth import AuthContext, AuthStore
from .contexts import ContextNotFound, ContextRegistry, check_context
from .gate import AUTH_SCOPE_KEY, authenticate_headers
from .idempotency import IdempotencyStore, fingerprint
from .problems import Problem, respond

__all__ = [
    "authenticate",
    "idempotent",
    "open_context",
    "reached",
    "rights_now",
    "step",
    "write_turns",
    "writer_of",
]


def authenticate(request: Request) -> AuthContext:
    """The caller's rights, as the gate found them (a bearer key, narrowed by
    ``X-On-Behalf-Of`` when given); checked here when the gate did not run."""
    state = request.scope.get("state") or {}
    ctx = state.get(AUTH_SCOPE_KEY)
    if isinstance(ctx, AuthContext):
        return ctx
    store: AuthStore = request.app.state.auth
    return authenticate_headers(store, request.headers)


_IN_FLIGHT: set[tuple[str, str]] = set()


def _owner(ctx: AuthContext) -> str:
    """Whose stored responses these are: the calling principal and key, and the delegation
    target; another key of the same principal (perhaps a read-only one) has its own."""
    target = ctx.on_behalf_of.id if ctx.on_behalf_of else ""
    return f"{ctx.principal_id}/{ctx.key_id}/{target}"


async def idempotent(
    request: Request, ctx: AuthContext, work, raw: bytes | None = None
) -> JSONResponse:
    """Run ``work()`` (in a worker thread) once per ``Idempotency-Key``: a repeat with the same
    body gets the stored response, a repeat with another body a 409, and a repeat that arrives
    while the first is still running a 409 too (retry later). A form route passes its own
    ``raw`` fingerprint material: the parser has consumed the request stream.

    Routes call this after their authorisation checks, and responses are filed per calling
    principal, key and delegation target, so a replay goes only to the key that made it and
    only once the request is allowed again."""
    key = request.headers.get("idempotency-key")
    if not key:
        status, body = await _run(work)
        return _answer(status, body)
    if len(key) > 255:
        raise Problem(422, "Invalid input", "Idempotency-Key is too long", limit=255)
    store: IdempotencyStore = request.app.state.idempotency
    if raw is None:
        raw = await request.body()
    fp = fingerprint(request.method, request.url.path, raw)
    owner = _owner(ctx)
    seen = store.lookup(owner, key)
    if seen is not None:
        if seen[0] != fp:
            raise Problem(409, "Conflict", "this Idempotency-Key was used with a different request")
        resp = _answer(seen[1], seen[2])
        resp.headers["Idempotent-Replayed"] = "true"
        return resp
    slot = (owner, key)
    if slot in _IN_FLIGHT:
        raise Problem(409, "Conflict", "a request with this Idempotency-Key is still running")
    _IN_FLIGHT.add(slot)
    contexts: ContextRegistry = request.app.state.contexts
    name = request.path_params.get("context")
    purges = contexts.purges(name) if name else 0
    try:
        status, body = await _run(work)
        # a response computed before a purge of its context may quote what was purged (a
        # purge's own answer is counts only: it is kept)
        own = 1 if getattr(request.state, "purged", False) else 0
        # a batch stopped half way (``committed``) is kept whatever its status: a retry must
        # be told what was stored, not store it again
        partial = isinstance(body, dict) and bool(body.get("committed"))
        if (status < 500 or partial) and (not name or contexts.purges(name) == purges + own):
            store.store(owner, key, fp, status, body, request.url.path)
    finally:
        _IN_FLIGHT.discard(slot)
    return _answer(status, body)


async def _run(work) -> tuple[int, object]:
    """``work()`` in a worker thread, or awaited when it is a coroutine function (a write
    that takes its context's turns step by step, each step in a thread)."""
    if inspect.iscoroutinefunction(work):
        return await work()
    return await run_in_threadpool(work)


def _answer(status: int, body: object) -> JSONResponse:
    return respond(status, body)


def reached(request: Request, context: str) -> None:
    """The gate refused contexts out of reach already; checked again where the store is
    opened, so no other way in (a mount, a new route) skips it."""
    if not authenticate(request).reaches(check_context(context)):
        raise ContextNotFound(context)


def open_context(request: Request, context: str, *, write: bool = True):
    """The context's Memory for this request, once the key is seen to reach it: held for a
    write, shared for a read (``ContextRegistry.use``)."""
    reached(request, context)
    return request.app.state.contexts.use(context, exclusive=write)


def writer_of(request: Request, context: str):
    """The context's Memory for a write that takes its own turns (``_turns``): no registry
    lock and no read slot; the Memory's lock holds each item's write (its transaction and
    its engine record), and reading the item (extraction) takes no lock at all."""
    reached(request, context)
    return request.app.state.contexts.use(context, exclusive=False, slot=False)


def rights_now(request: Request, context: str, ctx: AuthContext) -> AuthContext:
    """The caller's rights as they are now, for a write's next step (a background job checks
    them the same way before it writes): a key revoked or expired, or no longer reaching the
    context, while its long write ran is a 401 from then on; grants narrowed meanwhile apply
    to the rest of the write (a 403 where they no longer allow it)."""
    job_rights = request.app.state.contexts.job_rights
    if job_rights is None:
        return ctx
    now = job_rights(context, ctx.provenance())
    if now is None:
        raise Problem(
            401,
            "Unauthorized",
            "the key was revoked or expired (or no longer reaches this context) while this "
            "write ran: the rest of it was not stored",
        )
    return now


def write_turns(request: Request, context: str, kind: str = "step"):
    """A write request's place in its context's queue, once the key is seen to reach it
    (``ContextRegistry.write_turn``)."""
    reached(request, context)
    contexts = request.app.state.contexts
    return contexts.write_turn(context, kind, request.app.state.config.max_context_writes)


async def step(lock, fn):
    """``fn()`` in a request thread while holding one turn of the context."""
    async with lock:
        return await run_in_threadpool(fn)
