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

import anyio.to_thread
from fastapi import FastAPI, Request
from fastapi.responses import Response
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from pydantic import ValidationError as PydanticError
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import __version__
from .auth import AuthContext, AuthError, AuthStore
from .calls import authenticate
from .config import ServerConfig, password_hasher
from .contexts import ContextRegistry, private_file, private_tree
from .gate import Gate
from .idempotency import IdempotencyStore
from .problems import Problem, install, limit_of, problem

__all__ = ["create_app"]


def create_app(
    config: ServerConfig | None = None,
    *,
    writer: str | None = None,
    secret: str | None = None,
) -> FastAPI:
    """The API. ``writer`` (the writer process's Unix socket) makes a reading worker of
    ``engramdb serve --workers N`` (``replica.py``): queries and context blocks answered from
    replicas, everything else forwarded. ``secret``: what workers show the writer when they
    send it the facts their queries returned (``workers.py`` makes one per start)."""
    config = config or ServerConfig()
    root = Path(config.data_dir)
    root.mkdir(parents=True, exist_ok=True, mode=0o700)
    if writer is None:  # (the writer's files: its workers start after it)
        private_tree(root)  # a directory made before 2026-12-06 was world-readable
        if config.backup_dir is not None and Path(config.backup_dir).exists():
            private_tree(Path(config.backup_dir))
        private_file(root / "auth.db")
        private_file(root / "server.db")
    auth = AuthStore(root / "auth.db", hasher=password_hasher(config))

    def job_rights(context: str, who) -> AuthContext | None:
        """A background job runs with its key's rights as they are now, in reach of its
        context (a revoked key, a narrowed reach: the job fails, nothing is written)."""
        ctx = auth.context_of_key(
            who.get("key_id"), who.get("principal_id"), who.get("on_behalf_of")
        )
        return ctx if ctx is not None and ctx.reaches(context) else None

    reinforcer = None
    if writer is not None:
        from .replica import Reinforcer

        reinforcer = Reinforcer(writer, secret or "")
    contexts = ContextRegistry(
        root,
        embedder=config.embedder,
        max_contexts=config.max_contexts,
        job_rights=job_rights,
        read_concurrency=config.read_concurrency,
        replica=writer is not None,
        on_reinforce=reinforcer,
        before_open=reinforcer.opened if reinforcer is not None else None,
        document_read_s=config.document_read_s,
        job_nice=config.job_nice,
    )
    idem = IdempotencyStore(root / "server.db", config.idempotency_ttl_s)
    contexts.on_purge(idem.forget_context)
    registry = CollectorRegistry()
    requests = Counter(
        "engramdb_requests_total", "HTTP requests", ["route", "status"], registry=registry
    )
    latency = Histogram(
        "engramdb_request_seconds", "HTTP request latency", ["route"], registry=registry
    )

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI):
        # the worker threads of every plain (sync) route: anyio's default of 40 let sixteen
        # requests take turns at the interpreter lock, each paying for the switching
        anyio.to_thread.current_default_thread_limiter().total_tokens = config.threads
        if writer is None:  # (jobs are the writer's)
            await run_in_threadpool(contexts.resume_jobs)
        yield
        if reinforcer is not None:
            reinforcer.close()
        contexts.close()
        auth.close()
        idem.close()

    docs = config.public_docs
    app = FastAPI(
        title="EngramDB",
        version=__version__,
        description="Memory for AI agents: curated and experiential knowledge, reconciled.",
        lifespan=lifespan,
        docs_url=None,  # mount_docs: Swagger UI from the vendored files, not a CDN
        redoc_url=None,
        openapi_url="/openapi.json" if docs else None,
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

    @app.exception_handler(RecursionError)
    async def _nested(_: Request, exc: RecursionError):
        return problem(422, "Invalid input", "the request is nested too deeply")

    @app.exception_handler(PydanticError)
    async def _body(_: Request, exc: PydanticError):
        errors = exc.errors()
        first = errors[0] if errors else {}
        field = ".".join(str(x) for x in first.get("loc", ()))
        extra = {} if (limit := limit_of(first)) is None else {"limit": limit}
        return problem(422, "Invalid input", first.get("msg", "invalid body"), field=field, **extra)

    @app.get("/api/v1/health", tags=["health"])
    def health() -> dict[str, Any]:
        """Up or not, without a key: no tenant names or counts."""
        return {"status": "ok", "version": __version__}

    @app.get("/metrics", tags=["health"], include_in_schema=False)
    def metrics(request: Request) -> Response:
        """Request counts and latencies by route template (never a context name); needs
        grant:manage unless ``public_metrics`` is set."""
        if not config.public_metrics and not authenticate(request).administers_all():
            raise Problem(403, "Forbidden", "metrics need grant:manage over '*' and contexts ['*']")
        return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)

    from .routes_admin import add_admin_routes
    from .routes_inspect import add_inspect_routes
    from .routes_manage import add_manage_routes
    from .routes_mem0 import add_mem0_routes
    from .routes_memory import add_memory_routes

    add_admin_routes(app)
    add_memory_routes(app)
    add_manage_routes(app)
    add_mem0_routes(app)
    add_inspect_routes(app)
    from .ui import mount_docs, mount_ui

    if config.dashboard:
        mount_ui(app)
    if docs:
        mount_docs(app)
    from .mcp import mount_mcp

    mount_mcp(app)  # the same tools over MCP (streamable HTTP), same keys
    if writer is not None:
        from .replica import WriterProxy

        # inside the gate: a worker checks the key, the declared size, the key's requests in
        # progress and the body's pace before a request takes a connection to the writer
        app.add_middleware(
            WriterProxy,
            writer_socket=writer,
            secret=secret or "",
            connections=config.writer_connections,
            wait_s=config.writer_wait_s,
        )
    parses = None
    if writer is not None:
        from .replica import LOCAL_READS

        def parses(method: str, path: str) -> bool:  # (what it forwards streams, unread)
            return method == "POST" and LOCAL_READS.match(path) is not None

    app.add_middleware(
        Gate, config=config, store=auth, contexts=contexts, parses=parses
    )  # before any body is read
    app.add_middleware(_Measure, requests=requests, latency=latency)  # counts all it answers
    _relative_slash_redirects(app)
    if writer is None and secret is not None:
        app.add_middleware(_Internal, contexts=contexts, secret=secret)
    return app


def _relative_slash_redirects(app: FastAPI) -> None:
    """``/api/v1/contexts/`` still redirects to ``/api/v1/contexts`` (and the other way), but
    with a relative ``Location``: Starlette built an absolute one from the request's Host
    header, so a hostile Host was sent back as the redirect's target."""
    from urllib.parse import quote

    from starlette.responses import RedirectResponse
    from starlette.routing import Match

    router = app.router
    router.redirect_slashes = False
    not_found = router.default

    async def slash_or_404(scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] == "http" and path not in ("", "/"):
            other = path.rstrip("/") if path.endswith("/") else path + "/"
            moved = {**scope, "path": other}
            if other.startswith("/") and not other.startswith(("//", "/\\")):
                for route in router.routes:
                    if route.matches(moved)[0] is not Match.NONE:
                        query = scope.get("query_string", b"").decode("latin-1")
                        location = quote(other, safe="/:@!$&'()*+,;=-._~") + (
                            "?" + query if query else ""
                        )
                        await RedirectResponse(location)(scope, receive, send)
                        return
        await not_found(scope, receive, send)

    router.default = slash_or_404


class _Internal:
    """The writer's door for its reading workers (outermost, before the gate: they show the
    server's secret, not a key): ``POST /internal/v1/{context}/reinforce`` with the ids of the
    facts a worker's queries returned, and ``POST /internal/v1/{context}/open`` before a worker
    first reads a context. Without the secret the paths are not there (404)."""

    def __init__(self, app: ASGIApp, *, contexts: ContextRegistry, secret: str):
        self.app = app
        self.contexts = contexts
        self.secret = secret.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/internal/"):
            await self.app(scope, receive, send)
            return
        import hmac

        from .replica import INTERNAL_HEADER

        given = dict(scope["headers"]).get(INTERNAL_HEADER.encode(), b"")
        parts = scope["path"].split("/")  # ['', 'internal', 'v1', context, action]
        if (
            not hmac.compare_digest(given, self.secret)
            or len(parts) != 5
            or parts[4] not in ("reinforce", "open")
            or scope["method"] != "POST"
        ):
            await _plain(send, 404)
            return
        if parts[4] == "open":  # a worker is about to read the context: open it here first

            def open_it() -> None:
                with self.contexts.use(parts[3], exclusive=False, slot=False):
                    pass

            try:
                await run_in_threadpool(open_it)
            except Exception:
                await _plain(send, 404)
                return
            await _plain(send, 204)
            return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if len(body) > 1 << 20:
                await _plain(send, 413)
                return
            if not message.get("more_body", False):
                break
        import json

        try:
            ids = [int(x) for x in json.loads(body)["ids"]][:10_000]
        except (ValueError, KeyError, TypeError):
            await _plain(send, 422)
            return

        def work() -> None:
            with self.contexts.use(parts[3], exclusive=False, slot=False) as mem:
                mem.reinforce_returned(ids)

        try:
            await run_in_threadpool(work)
        except Exception:  # (a context gone meanwhile: a nudge lost, nothing else)
            await _plain(send, 404)
            return
        await _plain(send, 204)


async def _plain(send: Send, status: int) -> None:
    await send({"type": "http.response.start", "status": status, "headers": []})
    await send({"type": "http.response.body", "body": b""})


class _Measure:
    """Count and time requests by route template (never a context name). Plain ASGI: a
    ``BaseHTTPMiddleware`` would read the body in another task and wrap its errors."""

    def __init__(self, app: ASGIApp, *, requests: Counter, latency: Histogram):
        self.app = app
        self.requests = requests
        self.latency = latency

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def seen(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, seen)
        finally:
            name = getattr(scope.get("route"), "path", "unmatched")
            self.requests.labels(name, str(status)).inc()
            self.latency.labels(name).observe(time.perf_counter() - started)
