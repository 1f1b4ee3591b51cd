"""A real uvicorn server on loopback, one per test module, with a bootstrapped management key
and cheap Argon2 parameters."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import uvicorn

from engramdb.server.app import create_app
from engramdb.server.config import ServerConfig


@dataclass
class Live:
    url: str
    admin: str  # the bootstrap management key
    data_dir: Path

    def client(self, token: str | None = None) -> httpx.Client:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=30)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    data = tmp_path_factory.mktemp("server")
    config = ServerConfig(
        data_dir=data, embedder="hashing", argon2_time_cost=1, argon2_memory_cost=8192
    )
    app = create_app(config)
    admin = app.state.auth.bootstrap()
    assert admin is not None
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    yield Live(f"http://127.0.0.1:{port}", admin, data)
    server.should_exit = True
    thread.join(timeout=20)
