"""The gate every HTTP request passes before a route reads its body.

In this order, each answered at once with a problem document:

1. the key (401): a request without a valid bearer key never has its body read;
   then a path holding a control character (422): Starlette's ``{path:path}`` would drop a
   trailing newline and act on another path;
2. the declared size (413): ``Content-Length`` above the route's limit;
3. the context (404): a route under ``/api/v1/{context}/`` for a context the key does not
   reach, or that does not exist, is answered the same way, before any other check;
4. the key's requests in progress (429, ``max_requests_per_key``).

Before all of them, a request with both ``Transfer-Encoding`` and ``Content-Length`` is a 400
(RFC 9112 6.3). Then the body streams through a counter that stops it with a 413 once it
passes the limit (chunked bodies declare no length), and with a 408 once it comes slower
than its deadline; a large body waits for room in the parsing budget before its first byte
is read. Starlette's own ``RequestBodyLimitMiddleware`` has one limit per
application; uploads, MCP calls and batches need a larger one than other JSON routes.

The caller's ``AuthContext`` is left in the ASGI scope for
:func:`engramdb.server.calls.authenticate`, so a route never checks the key twice.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import anyio
from fastapi import HTTPException
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .auth import AuthContext, AuthError, AuthStore
from .auth.reach import CONTEXT_NAME
from .config import ServerConfig
from .contexts import RESERVED, ContextNotFound, ContextRegistry
from .problems import Problem, problem, unauthorised

__all__ = ["AUTH_SCOPE_KEY", "Gate", "authenticate_headers"]

#: Where the gate leaves the caller's AuthContext in the ASGI scope.
AUTH_SCOPE_KEY = "engramdb.auth"
_MULTIPART_SLACK = 1024 * 1024  # form boundaries and fields around an uploaded file
#: The routes whose JSON may be large (many items at once): ``max_batch_bytes`` for batches of
#: writes (checked again by the route), ``max_request_bytes`` for an import; every other JSON
#: body has ``max_json_bytes`` (one text is at most 64 KiB).
_BATCH = re.compile(r"^/api/v1/[^/]+/(?:facts/batch|mem0/memories)/?$")
_IMPORT = re.compile(r"^/api/v1/[^/]+/import/?$")
#: Bodies above this take their size from ``max_parsing_bytes`` once received, until answered
#: (smaller ones never wait).
_SMALL_BODY = 64 * 1024


class _Budget:
    """Bytes of large request bodies parsed at once in this process: JSON becomes many times
    its size in Python objects (3 bytes of ``[],`` about 64), and ten 16 MiB bodies at once
    added 755 MB to the writer. A body takes its size once it has arrived whole (a client
    sending slowly holds nothing) and gives it back when answered; one alone always fits, and
    one principal holds at most half of it while it holds any (so one tenant's large bodies
    make only its own wait)."""

    def __init__(self, total: int):
        self.total = total
        self.used = 0
        self.by_owner: dict[str, int] = {}
        self._changed: anyio.Event | None = None

    def _fits(self, n: int, owner: str) -> bool:
        own = self.by_owner.get(owner, 0)
        if own and own + n > self.total // 2:
            return False
        return not self.used or self.used + n <= self.total

    async def take(self, n: int, wait_s: float, owner: str = "") -> bool:
        with anyio.move_on_after(wait_s):
            while not self._fits(n, owner):
                if self._changed is None:
                    self._changed = anyio.Event()
                await self._changed.wait()
            self.used += n
            self.by_owner[owner] = self.by_owner.get(owner, 0) + n
            return True
        return False

    def give(self, n: int, owner: str = "") -> None:
        self.used -= n
        left = self.by_owner.pop(owner, 0) - n
        if left > 0:
            self.by_owner[owner] = left
        if self._changed is not None:
            self._changed.set()
            self._changed = None


class _TooLarge(HTTPException):
    """Raised from ``receive`` inside a route; FastAPI lets an HTTPException through its body
    parsing, and the app's handler renders it as a problem document."""

    def __init__(self) -> None:
        super().__init__(413, "Payload too large")


class _Stopped(HTTPException):
    """Raised from ``receive`` when a body arrives slower than its deadline allows (408) or
    waited too long for the parsing budget (503); whatever the route or the proxy makes of
    it, the gate answers with its own problem and closes the connection."""

    def __init__(self) -> None:
        super().__init__(408, "Request timeout")


def authenticate_headers(store: AuthStore, headers: Headers) -> AuthContext:
    """The caller's rights: a bearer key, narrowed by ``X-On-Behalf-Of`` when given."""
    header = headers.get("authorization", "")
    if not header.lower().startswith("bearer "):
        raise Problem(401, "Unauthorized", "an API key is required: Authorization: Bearer <key>")
    ctx = store.authenticate(header[7:].strip())
    other = headers.get("x-on-behalf-of")
    if other:
        ctx = store.delegate(ctx, other.strip())
    return ctx


class Gate:
    def __init__(
        self,
        app: ASGIApp,
        *,
        config: ServerConfig,
        store: AuthStore,
        contexts: ContextRegistry,
        parses: Callable[[str, str], bool] | None = None,
    ):
        """``parses(method, path)``: whether this process reads the body itself (a reading
        worker streams what it forwards, unread)."""
        self.app = app
        self.config = config
        self.parses = parses or (lambda method, path: True)
        self.budget = _Budget(config.max_parsing_bytes)
        self.store = store
        self.contexts = contexts
        public = {"/api/v1/health"}
        if config.public_docs:
            public |= {"/docs", "/docs/oauth2-redirect", "/openapi.json"}
        if config.public_metrics:
            public.add("/metrics")
        prefixes = ["/ui/"] if config.dashboard else []
        if config.dashboard:
            public.add("/ui")
        if config.public_docs:
            prefixes.append("/docs/assets/")
        self.public = frozenset(public)
        self.prefixes = tuple(prefixes)
        #: requests of each key being answered in this process (``max_requests_per_key``)
        self.in_flight: dict[str, int] = {}

    def is_public(self, path: str) -> bool:
        """Needs no key: health, the docs if public, the dashboard's static files."""
        return path in self.public or path.startswith(self.prefixes)

    def limit(self, path: str, method: str) -> int:
        return getattr(self.config, self.setting(path, method)) + self.slack(path, method)

    @staticmethod
    def setting(path: str, method: str) -> str:
        """The setting that bounds this route's body (named in a 413)."""
        if path.rstrip("/") == "/mcp" or (
            method == "POST" and path.rstrip("/").endswith("/documents")
        ):
            return "max_upload_bytes"
        if method == "POST" and _BATCH.match(path):
            return "max_batch_bytes"
        if method == "POST" and _IMPORT.match(path):
            return "max_request_bytes"
        return "max_json_bytes"

    def slack(self, path: str, method: str) -> int:
        """What an upload's body carries around the file: its form, or base64 in MCP."""
        if path.rstrip("/") == "/mcp":
            return self.config.max_upload_bytes // 3 + _MULTIPART_SLACK
        if method == "POST" and path.rstrip("/").endswith("/documents"):
            return _MULTIPART_SLACK
        return 0

    def parses_body(self, path: str, method: str) -> bool:
        """Whether this process parses the body whole in memory (an upload streams to disk;
        a reading worker streams what it forwards)."""
        if method == "POST" and path.rstrip("/").endswith("/documents"):
            return False
        return self.parses(method, path)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = route_path(scope)
        headers = Headers(scope=scope)
        if "transfer-encoding" in headers and "content-length" in headers:
            # RFC 9112 6.3: a message with both may be an attempt to smuggle a request past
            # something that reads the other length; it is refused, never guessed at
            await _problem(
                send,
                400,
                "Bad request",
                "a request may not carry both Transfer-Encoding and Content-Length",
            )
            return
        owner: str | None = None  # (the principal whose requests are counted)
        if not self.is_public(path):
            try:
                auth = await anyio.to_thread.run_sync(authenticate_headers, self.store, headers)
            except AuthError as exc:
                if exc.reason == "delegation":  # a valid key that may not act for that one
                    await _problem(send, 403, "Forbidden", str(exc))
                    return
                await self._refuse(scope, receive, send, exc)
                return
            except Problem as exc:
                await self._refuse(scope, receive, send, exc)
                return
            scope.setdefault("state", {})[AUTH_SCOPE_KEY] = auth
            owner = auth.principal_id  # (all its keys together: a key can make more keys)
            context = _context_of(path)
            if context is not None and not (
                auth.reaches(context) and self.contexts.exists(context)
            ):  # one answer for both, before any other check can tell them apart
                await _problem(send, 404, "Not found", str(ContextNotFound(context)))
                return
        if any(ord(c) < 32 or ord(c) == 127 for c in path):
            # a route's {path:path} would silently drop a trailing newline: refuse them all
            await _problem(send, 422, "Invalid input", "the path holds a control character")
            return
        limit = self.limit(path, scope["method"])
        too_large = f"the request body is over the limit ({self.setting(path, scope['method'])})"
        declared = headers.get("content-length")
        if declared is not None:
            if not declared.isdigit():
                await _problem(send, 400, "Bad request", "Content-Length is not a number")
                return
            if int(declared) > limit:
                await _problem(send, 413, "Payload too large", too_large, limit)
                return
        if owner is not None:
            most = self.config.max_requests_per_key
            if most and self.in_flight.get(owner, 0) >= most:
                await _problem(
                    send,
                    429,
                    "Too many requests",
                    f"this key's principal has {most} requests in progress "
                    "(max_requests_per_key, counted over all its keys)",
                    most,
                    headers=[(b"retry-after", b"1")],
                )
                return
            self.in_flight[owner] = self.in_flight.get(owner, 0) + 1
        try:
            await self._pass(
                scope, receive, send, limit, self.parses_body(path, scope["method"]), owner or ""
            )
        finally:
            if owner is not None:
                left = self.in_flight.pop(owner) - 1
                if left:
                    self.in_flight[owner] = left

    async def _pass(
        self, scope: Scope, receive: Receive, send: Send, limit: int, parsed: bool, owner: str
    ) -> None:
        """The request, its body counted and timed: over ``limit`` is a 413; a body slower
        than ``body_timeout_s`` plus one second per ``body_min_rate`` bytes received is a 408
        (a client trickling bytes would otherwise hold its connection, and a worker's
        connection to the writer, for as long as it likes). A large body this process parses
        (``parsed``) waits, once it has arrived whole, for room in the parsing budget
        (``max_parsing_bytes``) for its size, and holds it until answered: what large bodies
        parse into does not pile up, and a slow client holds none of it."""
        seen = 0
        done = False
        failed: tuple | None = None  # (the problem the client hears instead of the route's)
        rate = self.config.body_min_rate
        deadline: float | None = None
        taken = 0

        async def counted() -> Message:
            nonlocal seen, done, failed, deadline, taken
            if done:  # (after the body: a wait for the client to leave, never timed)
                return await receive()
            if deadline is None:  # (from the route's first read: time the server took first
                # is not the client's)
                deadline = anyio.current_time() + self.config.body_timeout_s
            now = anyio.current_time()
            left = deadline + (seen / rate if rate else 0.0) - now
            message = None
            if left > 0:
                with anyio.move_on_after(left):
                    message = await receive()
            if message is None:
                failed = _slow(seen)
                raise _Stopped
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                done = not message.get("more_body", False)
                if seen > limit:
                    raise _TooLarge
                if done and parsed and seen > _SMALL_BODY:  # (whole: about to be parsed)
                    if not await self.budget.take(seen, self.config.body_timeout_s, owner):
                        failed = _busy(self.config.max_parsing_bytes)
                        raise _Stopped
                    taken = seen
            else:
                done = True
            return message

        started = False

        async def tracked(message: Message) -> None:
            nonlocal started
            if failed is not None:  # (the route answered the cut body its own way)
                if not started:
                    started = True
                    await _problem(send, *failed)
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, tracked)
        except _TooLarge:
            if not started:
                await _problem(
                    send,
                    413,
                    "Payload too large",
                    "the request body is over the limit "
                    f"({self.setting(route_path(scope), scope['method'])})",
                    limit,
                )
        except Exception:
            if failed is None:
                raise
            if not started:
                await _problem(send, *failed)
        finally:
            if taken:
                self.budget.give(taken, owner)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, exc: Exception) -> None:
        detail = exc.detail if isinstance(exc, Problem) else "invalid or expired key"
        if route_path(scope).rstrip("/") == "/mcp":  # MCP clients see a JSON-RPC error's message
            await unauthorised(detail)(scope, receive, send)
            return
        await _problem(
            send, 401, "Unauthorized", detail, headers=[(b"www-authenticate", b"Bearer")]
        )


def route_path(scope: Scope) -> str:
    """The path the router matches: without the ``root_path`` a proxy or a mount adds (the
    gate must judge the same path the routes see)."""
    path: str = scope["path"]
    root = scope.get("root_path") or ""
    if root and path.startswith(root) and (len(path) == len(root) or path[len(root)] == "/"):
        return path[len(root) :] or "/"
    return path


def _context_of(path: str) -> str | None:
    """The context named by ``/api/v1/{context}/...``, if the path is a context route."""
    parts = path.split("/")
    if len(parts) < 4 or parts[1] != "api" or parts[2] != "v1":
        return None
    name = parts[3]
    if name in RESERVED or not CONTEXT_NAME.fullmatch(name):
        return None  # management routes; an invalid name is the route's 422
    return name


async def _problem(
    send: Send,
    status: int,
    title: str,
    detail: str,
    limit: int | None = None,
    headers: list[tuple[bytes, bytes]] | None = None,
) -> None:
    """The app's own problem document, sent before any route ran (the body stays unread, so
    the connection is closed after it)."""
    extra = {} if limit is None else {"limit": limit}
    response = problem(status, title, detail, **extra)
    response.headers["connection"] = "close"
    for name, value in headers or []:
        response.headers[name.decode()] = value.decode()
    await response({"type": "http"}, _no_body, send)


def _slow(seen: int) -> tuple:
    detail = (
        f"the request body came too slowly ({seen} bytes received; see body_timeout_s and "
        "body_min_rate)"
    )
    return (408, "Request timeout", detail)


def _busy(budget: int) -> tuple:
    detail = (
        "too many large request bodies are being read at once (max_parsing_bytes); retry shortly"
    )
    return (503, "Service unavailable", detail, budget, [(b"retry-after", b"1")])


async def _no_body() -> Message:
    return {"type": "http.disconnect"}
