"""Reads take turns: a real server on loopback runs at most ``read_concurrency`` reads at a time
(the rest wait; writes do not), and its request threads are ``threads``. Each test wraps the
real ``Memory.query`` to record how many run at once."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from _serve import cheap_config, running

from engramdb.errors import ConfigError
from engramdb.knowledge.memory import Memory
from engramdb.server.app import create_app
from engramdb.server.config import load_config

CTX = "slots"
SCOPE = "org/acme/user/u1"


@pytest.fixture
def overlap(monkeypatch):
    """The most ``Memory.query`` calls seen running at once; each takes at least 0.15 s."""
    real = Memory.query
    state = {"now": 0, "most": 0}
    lock = threading.Lock()

    def query(self, *args, **kw):
        with lock:
            state["now"] += 1
            state["most"] = max(state["most"], state["now"])
        try:
            time.sleep(0.15)  # a long read: the others would run meanwhile if they could
            return real(self, *args, **kw)
        finally:
            with lock:
                state["now"] -= 1

    monkeypatch.setattr(Memory, "query", query)
    return state


def _serve_with(tmp_path, **over):
    app = create_app(cheap_config(tmp_path / "data", **over))
    admin = app.state.auth.bootstrap()
    return app, admin


def _seed(base: str, admin: str) -> None:
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {admin}"}) as c:
        assert c.post("/api/v1/contexts", json={"name": CTX}).status_code == 201
        r = c.post(f"/api/v1/{CTX}/facts", json={"text": "I live in Leeds.", "scope": SCOPE})
        assert r.status_code == 201, r.text


def _queries(base: str, admin: str, n: int) -> list[int]:
    def one(_):
        with httpx.Client(
            base_url=base, headers={"Authorization": f"Bearer {admin}"}, timeout=30
        ) as c:
            return c.post(
                f"/api/v1/{CTX}/query", json={"query": "where do I live?", "lens": [SCOPE]}
            ).status_code

    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(one, range(n)))


def test_one_read_at_a_time_by_default(tmp_path, overlap):
    app, admin = _serve_with(tmp_path)
    with running(app) as base:
        _seed(base, admin)
        assert _queries(base, admin, 4) == [200] * 4
    assert overlap["most"] == 1


def test_without_a_limit_reads_run_side_by_side(tmp_path, overlap):
    app, admin = _serve_with(tmp_path, read_concurrency=0)
    with running(app) as base:
        _seed(base, admin)
        assert _queries(base, admin, 4) == [200] * 4
    assert overlap["most"] > 1  # what the limit prevents, shown without it


@pytest.mark.wallclock
def test_a_write_does_not_wait_for_the_reads(tmp_path, overlap):
    """Four slow reads queue for the one read slot; a turn written meanwhile is answered
    before they are all done."""
    app, admin = _serve_with(tmp_path)
    with running(app) as base:
        _seed(base, admin)
        started = time.monotonic()
        with ThreadPoolExecutor(1) as pool:
            reads = pool.submit(_queries, base, admin, 4)
            time.sleep(0.1)
            with httpx.Client(
                base_url=base, headers={"Authorization": f"Bearer {admin}"}, timeout=30
            ) as c:
                r = c.post(f"/api/v1/{CTX}/facts", json={"text": "I own a cat.", "scope": SCOPE})
            wrote = time.monotonic() - started
            assert r.status_code == 201, r.text
            assert reads.result() == [200] * 4
            read_all = time.monotonic() - started
    assert wrote < read_all - 0.15  # at least one read was still queued when it was answered


def test_the_request_threads_are_the_setting(tmp_path, overlap):
    """Without a read limit, no more requests run at once than there are request threads."""
    app, admin = _serve_with(tmp_path, threads=2, read_concurrency=0)
    with running(app) as base:
        _seed(base, admin)
        assert _queries(base, admin, 6) == [200] * 6
    assert overlap["most"] == 2


def test_bad_concurrency_settings_are_refused():
    assert load_config(env={"ENGRAMDB_READ_CONCURRENCY": "2", "ENGRAMDB_THREADS": "8"}).threads == 8
    with pytest.raises(ConfigError, match="read_concurrency"):
        load_config(env={"ENGRAMDB_READ_CONCURRENCY": "-1"})
    with pytest.raises(ConfigError, match="threads"):
        load_config(env={"ENGRAMDB_THREADS": "0"})
