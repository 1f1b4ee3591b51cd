"""Writes that take turns, against what may change while they run (a code review of the write
path): a scope closed while a document or a triples write is read, a context deleted during a
batch or during single writes, a mem0 add with a bad message, a key revoked while a long write
runs. Each test runs a real server on loopback; where the change must land at one exact point
of a write, a hook does it there (no sleep)."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import httpx
from _serve import agent_key, cheap_config, running

from engramdb.knowledge import ingest, turns
from engramdb.server.app import create_app

CTX = "acme"
SCOPE = "org/acme/user/u1"
DOCS = "org/acme/docs"
GRANTS = {v: ["org/acme/*"] for v in ("memory:read", "memory:write", "memory:curate")}


def _setup(tmp_path):
    app = create_app(cheap_config(tmp_path / "data"))
    admin = app.state.auth.bootstrap()
    return app, admin


def _client(base: str, token: str) -> httpx.Client:
    return httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=300)


def _agent(base: str, admin: str) -> tuple[str, str]:
    """The context, and an agent's token and key id there."""
    with _client(base, admin) as a:
        assert a.post("/api/v1/contexts", json={"name": CTX}).status_code == 201
        token = agent_key(a, "writer", GRANTS, [CTX])
    with _client(base, token) as c:
        key_id = c.get("/api/v1/me").json()["keyId"]
    return token, key_id


def _document(sections: int = 40) -> bytes:
    return (
        "# Policy\n\n"
        + "\n\n".join(
            f"## Section {i}\n\nThe Riverside branch opens at {i % 12 + 1} am on weekdays. "
            f"Delivery to Leeds costs {i} pounds. Contact Maria Lopez {i} for refunds."
            for i in range(sections)
        )
    ).encode()


def _once(fn):
    """``fn()`` the first time the returned hook is called (then nothing)."""
    done: list[bool] = []

    def hook() -> None:
        if not done:
            done.append(True)
            fn()

    return hook


def _hooked(monkeypatch, module, name: str, fn) -> None:
    """``module.name`` runs ``fn()`` (once) before its first call: the change lands while the
    write is being read, after its first checks and before it takes the store's lock."""
    real = getattr(module, name)
    hook = _once(fn)

    def wrapped(*args, **kwargs):
        hook()
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapped)


def _documents(base: str, admin: str) -> list:
    with _client(base, admin) as a:
        return a.get(f"/api/v1/{CTX}/documents").json()["documents"]


def _memories(base: str, token: str) -> int:
    with _client(base, token) as c:
        r = c.get(f"/api/v1/{CTX}/memories", params={"limit": 1000})
        return len(r.json()["memories"])


def _batch(n: int, size: int = 20_000) -> dict:
    note = "The note mentions clouds over the hills and a light breeze at noon. " * (size // 70)
    return {"items": [{"text": f"I live in Leeds {i}. {note}", "scope": SCOPE} for i in range(n)]}


def _when_stored(base: str, token: str, future, at_least: int = 1) -> None:
    """Wait until the write has stored ``at_least`` memories (it is under way)."""
    deadline = time.monotonic() + 120
    while _memories(base, token) < at_least:
        assert time.monotonic() < deadline and not future.done(), "the write never began"
        time.sleep(0.02)


# A. a scope closed while the write was read ---------------------------------------------------


def test_an_upload_with_wait_into_a_scope_closed_while_it_was_read_stores_nothing(
    tmp_path, monkeypatch
):
    app, admin = _setup(tmp_path)
    with running(app) as base:
        token, _ = _agent(base, admin)

        def close() -> None:
            with _client(base, admin) as a:
                assert a.delete(f"/api/v1/{CTX}/scopes/{DOCS}").status_code == 200

        _hooked(monkeypatch, ingest, "_read_prose", close)
        with _client(base, token) as c:
            r = c.post(
                f"/api/v1/{CTX}/documents?wait=true",
                data={"scope": DOCS},
                files={"file": ("policy.md", _document(), "text/markdown")},
            )
        assert r.status_code == 422, r.text[:300]
        assert "closed" in r.json()["detail"]
        assert _documents(base, admin) == []


def test_triples_into_a_scope_closed_while_they_were_read_are_refused(tmp_path, monkeypatch):
    app, admin = _setup(tmp_path)
    with running(app) as base:
        token, _ = _agent(base, admin)

        def close() -> None:
            with _client(base, admin) as a:
                assert a.delete(f"/api/v1/{CTX}/scopes/{DOCS}").status_code == 200

        _hooked(monkeypatch, turns, "claim_of_triple", close)
        triples = [{"subject": "Riverside", "key": "opens_at", "value": "9 am"}]
        with _client(base, token) as c:
            r = c.post(f"/api/v1/{CTX}/facts", json={"triples": triples, "scope": DOCS})
            assert r.status_code == 422, r.text[:300]
            assert "closed" in r.json()["detail"]
            assert c.get(f"/api/v1/{CTX}/facts").json()["facts"] == []


# B. a context deleted during writes ------------------------------------------------------------


def test_deleting_a_context_during_a_batch_answers_what_was_stored(tmp_path):
    app, admin = _setup(tmp_path)
    with running(app) as base:
        token, _ = _agent(base, admin)
        with ThreadPoolExecutor(1) as pool, _client(base, token) as c:
            batch = pool.submit(c.post, f"/api/v1/{CTX}/facts/batch", json=_batch(60))
            _when_stored(base, token, batch)
            with _client(base, admin) as a:
                assert a.delete(f"/api/v1/contexts/{CTX}").status_code == 204
            r = batch.result(300)
        # before: 500 "Internal error: ProgrammingError (n of 60 items stored)"
        assert r.status_code == 404, r.text[:300]
        out = r.json()
        assert 1 <= out["committed"] < 60 and len(out["results"]) == out["committed"]
        with _client(base, token) as c:
            r = c.post(f"/api/v1/{CTX}/facts", json={"text": "hi", "scope": SCOPE})
            assert r.status_code == 404, r.text[:300]
            assert c.get(f"/api/v1/{CTX}/memories").status_code == 404


def test_deleting_a_context_during_single_writes_never_answers_500(tmp_path):
    app, admin = _setup(tmp_path)
    with running(app) as base:
        token, _ = _agent(base, admin)
        text = "I live in Leeds. " + "The note mentions clouds over the hills. " * 400

        def write(i: int) -> httpx.Response:
            with _client(base, token) as c:
                return c.post(f"/api/v1/{CTX}/facts", json={"text": f"{i} {text}", "scope": SCOPE})

        with ThreadPoolExecutor(12) as pool:
            writes = [pool.submit(write, i) for i in range(24)]
            _when_stored(base, token, writes[-1])
            with _client(base, admin) as a:
                assert a.delete(f"/api/v1/contexts/{CTX}").status_code == 204
            codes = sorted(w.result(300).status_code for w in writes)
        assert set(codes) <= {201, 404}, str(codes)
        assert 201 in codes


# C. mem0: every message checked before any is stored -----------------------------------------


def test_a_mem0_add_with_a_bad_message_stores_none_of_it(tmp_path):
    app, admin = _setup(tmp_path)
    with running(app) as base:
        token, _ = _agent(base, admin)
        messages = [
            {"role": "user", "content": "I live in Leeds."},
            {"role": "assistant", "content": "Noted."},
            {"role": "bogus", "content": "I like tea."},
        ]
        with _client(base, token) as c:
            r = c.post(
                f"/api/v1/{CTX}/mem0/memories",
                params={"scope_prefix": "org/acme"},
                json={"messages": messages, "user_id": "u1"},
            )
            assert r.status_code == 422, r.text[:300]
            assert "messages[2].role" in r.json()["detail"]
        assert _memories(base, token) == 0


def test_a_mem0_add_stopped_half_way_says_what_it_stored(tmp_path):
    app, admin = _setup(tmp_path)
    with running(app) as base:
        token, _ = _agent(base, admin)
        note = "The note mentions clouds over the hills and a light breeze. " * 300
        messages = [{"role": "user", "content": f"I live in Leeds {i}. {note}"} for i in range(40)]
        with ThreadPoolExecutor(1) as pool, _client(base, token) as c:
            add = pool.submit(
                c.post,
                f"/api/v1/{CTX}/mem0/memories",
                params={"scope_prefix": "org/acme"},
                json={"messages": messages, "user_id": "u1"},
            )
            _when_stored(base, token, add)
            with _client(base, admin) as a:
                assert a.delete(f"/api/v1/{CTX}/scopes/org/acme/user/u1").status_code == 200
            r = add.result(300)
        assert r.status_code == 422, r.text[:300]
        out = r.json()
        assert 1 <= out["committed"] < 40 and len(out["results"]) == out["committed"]
        assert out["failedIndex"] == out["committed"]
        assert "stored" in out["detail"]


# D. a key revoked while its write runs ---------------------------------------------------------


def _revoke(base: str, admin: str, key_id: str) -> None:
    with _client(base, admin) as a:
        r = a.delete(f"/api/v1/keys/{key_id}")
        assert r.status_code == 200, r.text[:300]


def test_a_batch_whose_key_is_revoked_stops_and_says_what_was_stored(tmp_path):
    app, admin = _setup(tmp_path)
    with running(app) as base:
        token, key_id = _agent(base, admin)
        with ThreadPoolExecutor(1) as pool, _client(base, token) as c:
            batch = pool.submit(c.post, f"/api/v1/{CTX}/facts/batch", json=_batch(60))
            with _client(base, admin) as a:  # (the agent's key cannot read once revoked)
                deadline = time.monotonic() + 120
                while not a.get(f"/api/v1/{CTX}/memories").json()["memories"]:
                    assert time.monotonic() < deadline and not batch.done()
                    time.sleep(0.02)
            _revoke(base, admin, key_id)
            r = batch.result(300)
        assert r.status_code == 401, r.text[:300]
        out = r.json()
        stored = out["committed"]
        assert 1 <= stored < 60 and len(out["results"]) == stored
        with _client(base, admin) as a:
            assert len(a.get(f"/api/v1/{CTX}/memories").json()["memories"]) == stored


def test_an_upload_with_wait_whose_key_is_revoked_while_it_is_read_stores_nothing(
    tmp_path, monkeypatch
):
    app, admin = _setup(tmp_path)
    with running(app) as base:
        token, key_id = _agent(base, admin)
        _hooked(monkeypatch, ingest, "_read_prose", lambda: _revoke(base, admin, key_id))
        with _client(base, token) as c:
            r = c.post(
                f"/api/v1/{CTX}/documents?wait=true",
                data={"scope": DOCS},
                files={"file": ("policy.md", _document(), "text/markdown")},
            )
        assert r.status_code == 401, r.text[:300]
        assert _documents(base, admin) == []


def test_a_mem0_add_whose_key_is_revoked_stops(tmp_path):
    app, admin = _setup(tmp_path)
    with running(app) as base:
        token, key_id = _agent(base, admin)
        note = "The note mentions clouds over the hills and a light breeze. " * 300
        messages = [{"role": "user", "content": f"I live in Leeds {i}. {note}"} for i in range(40)]
        with ThreadPoolExecutor(1) as pool, _client(base, token) as c:
            add = pool.submit(
                c.post,
                f"/api/v1/{CTX}/mem0/memories",
                params={"scope_prefix": "org/acme"},
                json={"messages": messages, "user_id": "u1"},
            )
            _when_stored(base, token, add)
            _revoke(base, admin, key_id)
            r = add.result(300)
        assert r.status_code == 401, r.text[:300]
        out = r.json()
        assert 1 <= out["committed"] < 40
        with _client(base, admin) as a:
            assert len(a.get(f"/api/v1/{CTX}/memories").json()["memories"]) == out["committed"]
