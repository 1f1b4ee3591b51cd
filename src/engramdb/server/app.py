"""The HTTP API: ``create_app(config)`` builds the FastAPI application (run it with uvicorn, or
``engramdb serve``).

Every route under ``/api/v1/{context}/`` authenticates a bearer API key, applies its grants
(reads fail closed: what lies outside the key's read region is simply not there; writes outside
its write region are refused with 403), and works on that context's ``Memory``. JSON is
camelCase; request bodies accept snake_case too. Errors are RFC 7807 problem documents.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from pydantic import ValidationError as PydanticError
from starlette.concurrency import run_in_threadpool

from .. import __version__
from .auth import AuthContext, AuthError, AuthStore
from .config import ServerConfig, password_hasher
from .contexts import ContextRegistry
from .idempotency import IdempotencyStore, fingerprint
from .problems import Problem, install, problem

__all__ = ["create_app"]


def create_app(config: ServerConfig | None = None) -> FastAPI:
    config = config or ServerConfig()
    root = Path(config.data_dir)
    root.mkdir(parents=True, exist_ok=True)
    auth = AuthStore(root / "auth.db", hasher=password_hasher(config))
    contexts = ContextRegistry(root, embedder=config.embedder, max_contexts=config.max_contexts)
    idem = IdempotencyStore(root / "server.db", config.idempotency_ttl_s)
    registry = CollectorRegistry()
    requests = Counter(
        "engramdb_requests_total", "HTTP requests", ["route", "status"], registry=registry
    )
    latency = Histogram(
        "engramdb_request_seconds", "HTTP request latency", ["route"], registry=registry
    )

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI):
        yield
        contexts.close()
        auth.close()
        idem.close()

    app = FastAPI(
        title="EngramDB",
        version=__version__,
        description="Memory for AI agents: curated and experiential knowledge, reconciled.",
        lifespan=lifespan,
    )
    app.state.config = config
    app.state.auth = auth
    app.state.contexts = contexts
    app.state.idempotency = idem
    install(app)

    @app.exception_handler(AuthError)
    async def _unauthorised(_: Request, exc: AuthError):
        resp = problem(401, "Unauthorized", "invalid or expired key")
        resp.headers["WWW-Authenticate"] = "Bearer"
        return resp

    @app.exception_handler(PydanticError)
    async def _body(_: Request, exc: PydanticError):
        errors = exc.errors()
        first = errors[0] if errors else {}
        field = ".".join(str(x) for x in first.get("loc", ()))
        return problem(422, "Invalid input", first.get("msg", "invalid body"), field=field)

    @app.middleware("http")
    async def _measure(request: Request, call_next):
        started = time.perf_counter()
        response = await call_next(request)
        route = request.scope.get("route")
        name = getattr(route, "path", "unmatched")
        requests.labels(name, str(response.status_code)).inc()
        latency.labels(name).observe(time.perf_counter() - started)
        return response

    @app.get("/api/v1/health", tags=["health"])
    def health() -> dict[str, Any]:
        return {"status": "ok", "version": __version__, "contexts": len(contexts.names())}

    @app.get("/metrics", tags=["health"], include_in_schema=False)
    def metrics() -> Response:
        return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)

    from .routes_admin import add_admin_routes
    from .routes_memory import add_memory_routes

    add_admin_routes(app)
    add_memory_routes(app)
    from .mcp import mount_mcp

    mount_mcp(app)  # the same tools over MCP (streamable HTTP), same keys
    return app


def authenticate(request: Request) -> AuthContext:
    """The caller's rights: a bearer key, narrowed by ``X-On-Behalf-Of`` when given."""
    header = request.headers.get("authorization", "")
    if not header.lower().startswith("bearer "):
        raise Problem(401, "Unauthorized", "an API key is required: Authorization: Bearer <key>")
    store: AuthStore = request.app.state.auth
    ctx = store.authenticate(header[7:].strip())
    other = request.headers.get("x-on-behalf-of")
    if other:
        ctx = store.delegate(ctx, other.strip())
    return ctx


_IN_FLIGHT: set[tuple[str, str]] = set()


async def idempotent(
    request: Request, ctx: AuthContext, work, raw: bytes | None = None
) -> JSONResponse:
    """Run ``work()`` (in a worker thread) once per ``Idempotency-Key``: a repeat with the same
    body gets the stored response, a repeat with another body a 409, and a repeat that arrives
    while the first is still running a 409 too (retry later). A form route passes its own
    ``raw`` fingerprint material: the parser has consumed the request stream."""
    key = request.headers.get("idempotency-key")
    if not key:
        status, body = await run_in_threadpool(work)
        return JSONResponse(body, status_code=status)
    if len(key) > 255:
        raise Problem(422, "Invalid input", "Idempotency-Key is too long", limit=255)
    store: IdempotencyStore = request.app.state.idempotency
    if raw is None:
        raw = await request.body()
    fp = fingerprint(request.method, request.url.path, raw)
    seen = store.lookup(ctx.subject_id, key)
    if seen is not None:
        if seen[0] != fp:
            raise Problem(409, "Conflict", "this Idempotency-Key was used with a different request")
        resp = JSONResponse(seen[2], status_code=seen[1])
        resp.headers["Idempotent-Replayed"] = "true"
        return resp
    slot = (ctx.subject_id, key)
    if slot in _IN_FLIGHT:
        raise Problem(409, "Conflict", "a request with this Idempotency-Key is still running")
    _IN_FLIGHT.add(slot)
    try:
        status, body = await run_in_threadpool(work)
        if status < 500:
            store.store(ctx.subject_id, key, fp, status, body)
    finally:
        _IN_FLIGHT.discard(slot)
    return JSONResponse(body, status_code=status)
