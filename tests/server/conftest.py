"""A real uvicorn server on loopback, one per test module, with a bootstrapped management key
and cheap Argon2 parameters."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from _serve import cheap_config, running

from engramdb.server.app import create_app


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
    app = create_app(cheap_config(data))
    admin = app.state.auth.bootstrap()
    assert admin is not None
    with running(app) as url:
        yield Live(url, admin, data)
