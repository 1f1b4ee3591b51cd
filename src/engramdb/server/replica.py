"""What a reading worker of ``engramdb serve --workers N`` does with a request (the process
itself is ``reader.py``, which ``workers.py`` starts).

Each worker listens on the server's port beside the writer (SO_REUSEPORT).
It answers queries and context blocks itself, from replicas of the contexts
(``Memory.open_replica``: the writer's files, read-only, followed as the writer commits), and
hands every other request, unchanged, to the writer over a Unix socket only the server's user
can open: one writer keeps every write, job, key and idempotency record; reads spread over
the cores. The facts a worker's queries return are sent to the writer to be reinforced.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import re
import threading
import time

import anyio
import httpcore
import httpx
from starlette.types import ASGIApp, Receive, Scope, Send

from ..errors import StorageError
from .problems import PROBLEM_MEDIA, problem_body

__all__ = ["INTERNAL_HEADER", "LOCAL_READS", "Reinforcer", "WriterProxy"]

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
    b"x-forwarded-for",
    b"x-forwarded-host",
    b"x-forwarded-proto",
    b"keep-alive",
    b"proxy-connection",
    b"transfer-encoding",
    b"upgrade",
    b"te",
    b"trailer",
    b"content-length",
    INTERNAL_HEADER.encode(),
}


class _ClientGone(Exception):
    """The client went away before its request body was whole: the writer must not see it
    as complete."""


class WriterProxy:
    """A worker's ASGI layer just inside its gate (the key, the declared size, the key's
    requests in progress and the body's pace are checked there first, as the writer's gate
    does): its local reads go to ``app``; every other request is replayed to the writer byte
    for byte (the raw path and query, every header but the hop-by-hop ones), its body and
    answer streamed. It speaks to the writer's transport directly: no client-side cookie jar
    (one jar would carry one tenant's cookies into another's requests), no added headers. A
    request waits at most ``wait_s`` for one of the ``connections`` to the writer, then is a
    503 with Retry-After (it waited for ever: slow bodies holding every connection stalled
    every tenant's writes)."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        writer_socket: str,
        secret: str,
        connections: int = 256,
        wait_s: float = 10.0,
    ):
        self.app = app
        self.secret = secret
        # httpcore, not httpx: its URL keeps the request target as the client sent it (httpx
        # folds "..", "//" and decodes escapes again, so DELETE .../bob/.. would have removed
        # .../user on the writer)
        self._pool = httpcore.AsyncConnectionPool(uds=writer_socket, max_connections=connections)
        self._timeout = {"connect": 10.0, "read": None, "write": None, "pool": wait_s}

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
                    raise _ClientGone
                chunk = message.get("body", b"")
                if chunk:
                    yield chunk
                if not message.get("more_body", False):
                    return

        raw = scope.get("raw_path") or scope["path"].encode()
        query = scope.get("query_string", b"")
        headers = [(k, v) for k, v in scope["headers"] if k.lower() not in _HOP]
        sent = dict(scope["headers"])
        length = sent.get(b"content-length")
        if length is not None:
            headers.append((b"content-length", length))
        has_body = length is not None or b"transfer-encoding" in sent
        if has_body and length is None:
            headers.append((b"transfer-encoding", b"chunked"))
        if b"host" not in sent:
            headers.append((b"host", b"writer"))
        client = scope.get("client")
        if client:
            headers.append((b"x-forwarded-for", str(client[0]).encode()))
        target = raw + (b"?" + query if query else b"")
        url = httpcore.URL(scheme=b"http", host=b"writer", port=None, target=target)
        started = False
        try:
            async with self._pool.stream(
                scope["method"],
                url,
                headers=headers,
                content=body() if has_body else None,
                extensions={"timeout": self._timeout},
            ) as response:
                out = [
                    (k.lower(), v)
                    for k, v in response.headers
                    if k.lower() not in (b"transfer-encoding", b"connection")
                ]
                await send(
                    {"type": "http.response.start", "status": response.status, "headers": out}
                )
                started = True
                async with anyio.create_task_group() as tasks:

                    async def client_left() -> None:  # (a stream, such as MCP's, ends with it)
                        while (await receive())["type"] != "http.disconnect":
                            pass
                        tasks.cancel_scope.cancel()

                    tasks.start_soon(client_left)
                    async for chunk in response.aiter_stream():
                        await send({"type": "http.response.body", "body": chunk, "more_body": True})
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
                    tasks.cancel_scope.cancel()
        except _ClientGone:
            return
        except httpcore.PoolTimeout:
            await _answer(
                send,
                503,
                _problem(
                    503,
                    "Service Unavailable",
                    "every connection to the writer process is busy (writer_connections); "
                    "retry shortly",
                ),
                [(b"retry-after", b"1")],
            )
        except (httpcore.NetworkError, httpcore.TimeoutException, OSError):
            if started:  # (the writer went away mid-answer: the client sees it cut short)
                return
            await _answer(
                send,
                503,
                _problem(503, "Service Unavailable", "the writer process does not answer"),
            )
        except httpcore.ProtocolError:
            if not started:
                await _answer(send, 400, _problem(400, "Bad Request", "the request is malformed"))


def _problem(status: int, title: str, detail: str) -> bytes:
    return json.dumps(problem_body(status, title, detail)).encode()


async def _answer(
    send: Send, status: int, body: bytes, headers: list[tuple[bytes, bytes]] | None = None
) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", PROBLEM_MEDIA.encode()), *(headers or [])],
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
            transport=httpx.HTTPTransport(uds=writer_socket),
            base_url="http://writer",
            timeout=httpx.Timeout(300.0, connect=10.0),  # (opening may replay a long log)
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
