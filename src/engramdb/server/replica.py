"""A reading worker process of ``engramdb serve --workers N`` (``workers.py`` starts them).

Each worker listens on the server's port beside the writer (SO_REUSEPORT).
It answers queries and context blocks itself, from replicas of the contexts
(``Memory.open_replica``: the writer's files, read-only, followed as the writer commits), and
hands every other request, unchanged, to the writer over a Unix socket only the server's user
can open: one writer keeps every write, job, key and idempotency record; reads spread over
the cores. The facts a worker's queries return are sent to the writer to be reinforced.

    python -m engramdb.server.replica   (environment set by workers.py; not for direct use)
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import re
import socket
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from starlette.types import ASGIApp, Receive, Scope, Send

from ..errors import StorageError

__all__ = ["INTERNAL_HEADER", "LOCAL_READS", "WriterProxy", "main"]

#: The requests a worker answers itself: the reads that make most of the traffic. Everything
#: else (writes, jobs, keys, views, the dashboard, MCP) goes to the writer.
LOCAL_READS = re.compile(r"^/api/v1/[a-z0-9][a-z0-9_-]{0,63}/(query|context)$")
#: A header only workers send the writer (with the secret the server gave them at start);
#: stripped from every request a worker forwards.
INTERNAL_HEADER = "x-engramdb-internal"
#: Which worker answered (a random name per start: for tests and logs, never a pid).
_MARK = (b"x-engramdb-process", b"reader-" + os.urandom(4).hex().encode())
_HOP = {
    b"connection",
    b"keep-alive",
    b"proxy-connection",
    b"transfer-encoding",
    b"upgrade",
    b"te",
    b"trailer",
    b"host",
    b"content-length",
    INTERNAL_HEADER.encode(),
}


class WriterProxy:
    """Outermost ASGI layer of a worker: its local reads go to ``app``; every other request
    is replayed to the writer, streamed both ways."""

    def __init__(self, app: ASGIApp, *, writer_socket: str, secret: str):
        self.app = app
        self.secret = secret
        self._client = httpx.AsyncClient(
            transport=httpx.AsyncHTTPTransport(uds=writer_socket),
            base_url="http://writer",
            timeout=httpx.Timeout(None, connect=10.0),
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            return
        if scope["method"] == "POST" and LOCAL_READS.match(scope["path"]):

            async def marked(message) -> None:
                if message["type"] == "http.response.start":  # (who answered: for tests, logs)
                    message = {**message, "headers": [*message.get("headers", []), _MARK]}
                await send(message)

            await self.app(scope, receive, marked)
            return
        await self._forward(scope, receive, send)

    async def _forward(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def body():
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                chunk = message.get("body", b"")
                if chunk:
                    yield chunk
                if not message.get("more_body", False):
                    return

        headers = [(k, v) for k, v in scope["headers"] if k.lower() not in _HOP]
        client = scope.get("client")
        if client:
            headers.append((b"x-forwarded-for", str(client[0]).encode()))
        path = (scope.get("root_path", "") or "") + scope["path"]
        query = scope.get("query_string", b"")
        url = path + ("?" + query.decode("latin-1") if query else "")
        has_body = any(
            k.lower() in (b"content-length", b"transfer-encoding") for k, _ in scope["headers"]
        )
        request = self._client.build_request(
            scope["method"], url, headers=headers, content=body() if has_body else None
        )
        try:
            response = await self._client.send(request, stream=True)
        except httpx.HTTPError:
            await _answer(
                send,
                503,
                b'{"title":"Service Unavailable","status":503,'
                b'"detail":"the writer process does not answer"}',
            )
            return
        try:
            out = [
                (k.lower(), v)
                for k, v in response.headers.raw
                if k.lower() not in (b"transfer-encoding", b"connection", b"content-length")
            ]
            await send(
                {"type": "http.response.start", "status": response.status_code, "headers": out}
            )
            async for chunk in response.aiter_raw():
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            await response.aclose()


async def _answer(send: Send, status: int, body: bytes) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/problem+json")],
        }
    )
    await send({"type": "http.response.body", "body": body})


#: How long a worker gathers returned facts before it sends them to the writer.
_BATCH_S = 0.2


class Reinforcer:
    """Sends the writer, in the background and in batches, the facts this worker's queries
    returned (a query's reinforcement, which a replica cannot write)."""

    def __init__(self, writer_socket: str, secret: str):
        self._queue: queue.SimpleQueue[tuple[str, list[int]] | None] = queue.SimpleQueue()
        self._client = httpx.Client(
            transport=httpx.HTTPTransport(uds=writer_socket), base_url="http://writer", timeout=10
        )
        self._secret = secret
        self._thread = threading.Thread(target=self._run, name="engramdb-reinforce", daemon=True)
        self._thread.start()

    def __call__(self, context: str, ids: list[int]) -> None:
        self._queue.put((context, ids))

    def opened(self, context: str) -> None:
        """Ask the writer to open ``context`` (replaying its log after a crash) before this
        worker reads it: a replica of a store no writer has opened would miss the writes its
        log still holds."""
        try:
            r = self._client.post(
                f"/internal/v1/{context}/open", headers={INTERNAL_HEADER: self._secret}
            )
        except httpx.HTTPError as exc:
            raise StorageError(f"the writer process does not answer ({exc})") from None
        if r.status_code != 204:
            raise StorageError(f"the writer did not open context {context!r} ({r.status_code})")

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            time.sleep(_BATCH_S)  # (one call for what a few hundred queries returned)
            batch: dict[str, list[int]] = {item[0]: list(item[1])}
            while not self._queue.empty():  # what came meanwhile goes in the same calls
                more = self._queue.get()
                if more is None:
                    self._send(batch)
                    return
                batch.setdefault(more[0], []).extend(more[1])
            self._send(batch)

    def _send(self, batch: dict[str, list[int]]) -> None:
        for context, ids in batch.items():
            # (a reinforcement is a nudge: lost with a writer that went away)
            with contextlib.suppress(httpx.HTTPError):
                self._client.post(
                    f"/internal/v1/{context}/reinforce",
                    json={"ids": ids[:10_000]},
                    headers={INTERNAL_HEADER: self._secret},
                )

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=5)
        self._client.close()


def _watch_parent(fd: int, on_gone) -> None:
    """The parent holds the write end of a pipe: EOF means it is gone (even after kill -9)."""

    def run() -> None:
        try:
            while os.read(fd, 1):
                pass
        except OSError:
            pass
        on_gone()

    threading.Thread(target=run, name="engramdb-parent", daemon=True).start()


def main() -> int:
    import uvicorn

    from .app import create_app
    from .config import ServerConfig
    from .workers import HTTP

    spec: dict[str, Any] = json.loads(os.environ["ENGRAMDB_WORKER_SPEC"])
    values = {**spec["config"]}
    for name in ("data_dir", "backup_dir"):
        if values.get(name) is not None:
            values[name] = Path(values[name])
    config = ServerConfig(**values)
    sock = socket.create_server((spec["host"], spec["port"]), backlog=2048, reuse_port=True)
    os.write(spec["ready"], b"1")  # (listening: the kernel may hand it connections now)
    os.close(spec["ready"])
    app = create_app(config, writer=spec["writer"], secret=spec["secret"])
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            log_level="warning",
            timeout_graceful_shutdown=config.shutdown_timeout_s,
            lifespan="on",
            http=HTTP,
        )
    )

    def gone() -> None:
        server.should_exit = True
        threading.Timer(config.shutdown_timeout_s + 5, lambda: os._exit(0)).start()

    _watch_parent(spec["watch"], gone)
    server.run(sockets=[sock])
    return 0


if __name__ == "__main__":
    sys.exit(main())
