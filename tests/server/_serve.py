"""A real uvicorn server on loopback for the server tests (used by conftest.py and by tests
that need a server with settings of their own)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn

from engramdb.server.config import ServerConfig

__all__ = ["agent_key", "cheap_config", "running"]


@contextmanager
def running(app, root_path: str = "") -> Iterator[str]:
    """Serve ``app`` with uvicorn on a free loopback port (behind ``root_path``, as a proxy
    prefix would); yields its base URL."""
    config = uvicorn.Config(
        app, host="127.0.0.1", port=0, log_level="warning", lifespan="on", root_path=root_path
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)


def cheap_config(data: Path, **over) -> ServerConfig:
    return ServerConfig(
        data_dir=data, embedder="hashing", argon2_time_cost=1, argon2_memory_cost=8192, **over
    )


def agent_key(admin, name: str, grants: dict, contexts: list[str]) -> str:
    """The token of a new agent principal with ``grants``, reaching ``contexts``, made through
    the real API with a management client (``httpx.Client``)."""
    r = admin.post(
        "/api/v1/principals",
        json={"name": name, "kind": "agent", "grants": grants, "contexts": contexts},
    )
    assert r.status_code == 201, r.text
    r = admin.post("/api/v1/keys", json={"principalId": r.json()["id"], "label": name})
    assert r.status_code == 201, r.text
    return r.json()["token"]
