"""Attacks on keys, contexts, requests and names, reproduced through a real server on loopback.

Each test is one finding of the security review (docs/security.md): it makes the attacker's
requests and asserts they are refused, and that the legitimate variant still works.
"""

from __future__ import annotations

import json
import socket
import time

import httpx
import pytest

CTX = "sec"
OTHER = "sec-other"
ORG = "org/acme"
BOB = "org/acme/user/bob"
FULL_BOB = {
    "memory:read": [ORG, BOB + "/*"],
    "memory:write": [BOB + "/*"],
    "memory:forget": [BOB + "/*"],
    "scope:read": [BOB + "/*"],
}


def _principal(admin: httpx.Client, name: str, grants: dict, contexts: list[str]) -> str:
    body = {"name": name, "kind": "agent", "grants": grants, "contexts": contexts}
    r = admin.post("/api/v1/principals", json=body)
    if r.status_code == 422 and "contexts" in r.text:  # a server before contexts (to show
        body.pop("contexts")  # that these tests fail there)
        r = admin.post("/api/v1/principals", json=body)
    assert r.status_code == 201, r.text
    return r.json()["id"]


def _key(admin: httpx.Client, pid: str, **body) -> str:
    r = admin.post("/api/v1/keys", json={"principalId": pid, **body})
    assert r.status_code == 201, r.text
    return r.json()["token"]


@pytest.fixture(scope="module")
def world(live) -> dict[str, str]:
    with live.client(live.admin) as admin:
        for name in (CTX, OTHER):
            assert admin.post("/api/v1/contexts", json={"name": name}).status_code == 201
        bob = _principal(admin, "sec-bob", FULL_BOB, [CTX])
        nobody = _principal(admin, "sec-nowhere", FULL_BOB, [])
        return {
            "bob_id": bob,
            "bob": _key(admin, bob, label="bob"),
            "nowhere": _key(admin, nobody),
        }


def _problem(r: httpx.Response, status: int) -> dict:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/problem+json"), r.headers
    body = r.json()
    assert body["status"] == status and body["title"]
    return body


# ---------------------------------------------------------------- 1. narrowed keys


def test_a_narrowed_key_cannot_mint_a_wider_key(live, world):
    with live.client(world["bob"]) as bob:
        r = bob.post("/api/v1/keys", json={"grants": {"scope:read": [BOB + "/*"]}})
        narrow = r.json()["token"]
        r = bob.post("/api/v1/keys", json={"grants": {"memory:read": [BOB + "/*"]}})
        read_only = r.json()["token"]
    with live.client(narrow) as n:
        # a scope:read-only key asked for grant:manage, then for what its principal holds
        body = _problem(n.post("/api/v1/keys", json={"grants": {"grant:manage": ["*"]}}), 422)
        assert body["field"].startswith("grants.")
        _problem(n.post("/api/v1/keys", json={"grants": {"memory:write": [BOB + "/*"]}}), 422)
        # omitted grants are the calling key's, not the principal's
        r = n.post("/api/v1/keys", json={})
        assert r.status_code == 201 and r.json()["grants"] == {"scope:read": [BOB + "/*"]}
    with live.client(read_only) as ro:
        wider = {"memory:read": [BOB + "/*"], "memory:write": [BOB + "/*"]}
        _problem(ro.post("/api/v1/keys", json={"grants": wider}), 422)
        _problem(ro.post("/api/v1/keys", json={"grants": {"memory:forget": [BOB]}}), 422)
        ok = ro.post("/api/v1/keys", json={"grants": {"memory:read": [BOB + "/notes/*"]}})
        assert ok.status_code == 201


def test_a_narrowed_key_manages_itself_only(live, world):
    with live.client(world["bob"]) as bob:
        r = bob.post("/api/v1/keys", json={"grants": {"memory:read": [BOB + "/*"]}})
        child_id, child = r.json()["keyId"], r.json()["token"]
        sibling_id = bob.post("/api/v1/keys", json={}).json()["keyId"]
    with live.client(child) as c:
        listed = c.get("/api/v1/keys").json()["keys"]
        assert [k["keyId"] for k in listed] == [child_id]  # not the principal's other keys
        _problem(c.get("/api/v1/keys", params={"principalId": world["bob_id"]}), 403)
        _problem(c.post(f"/api/v1/keys/{sibling_id}/rotate"), 403)  # no new token for it
        _problem(c.delete(f"/api/v1/keys/{sibling_id}"), 403)
        _problem(c.delete("/api/v1/keys/nosuchkey000"), 403)  # unknown: the same answer
    with live.client(world["bob"]) as bob:
        assert bob.get("/api/v1/me").status_code == 200  # the parent still works
    with live.client(child) as c:
        token = c.post(f"/api/v1/keys/{child_id}/rotate").json()["token"]
    with live.client(token) as rotated:
        me = rotated.get("/api/v1/me").json()
        assert me["grants"] == {"memory:read": [BOB + "/*"]}


def test_expiry_and_strictness_are_kept_by_keys_made_from_a_key(live, world):
    soon = int(time.time() * 1000) + 3_600_000
    with live.client(world["bob"]) as bob:
        r = bob.post("/api/v1/keys", json={"expiresMs": soon, "strict": True})
        assert r.status_code == 201 and r.json()["strict"] and r.json()["expiresMs"] == soon
        limited = r.json()["token"]
    with live.client(limited) as k:
        r = k.post("/api/v1/keys", json={})
        assert r.json()["expiresMs"] == soon and r.json()["strict"] is True
        body = _problem(k.post("/api/v1/keys", json={"expiresMs": soon + 1}), 422)
        assert body["field"] == "expires_ms"
        _problem(k.post("/api/v1/keys", json={"strict": False}), 422)
        later = k.post("/api/v1/keys", json={"expiresMs": soon - 1000})
        assert later.status_code == 201 and later.json()["expiresMs"] == soon - 1000
        rotated = k.post(f"/api/v1/keys/{k.get('/api/v1/me').json()['keyId']}/rotate")
    with live.client(rotated.json()["token"]) as r2:
        me = r2.get("/api/v1/me").json()
        assert me["strict"] is True and me["expiresMs"] == soon


def test_an_administrator_rotates_only_keys_it_holds(live):
    with live.client(live.admin) as admin:
        me = admin.get("/api/v1/me").json()
        soon = int(time.time() * 1000) + 600_000
        r = admin.post("/api/v1/keys", json={"contexts": [CTX], "expiresMs": soon, "strict": True})
        narrow_admin = r.json()["token"]
        pid = _principal(admin, "sec-rotated", {"memory:read": [BOB + "/*"]}, [CTX])
        held = admin.post("/api/v1/keys", json={"principalId": pid, "expiresMs": soon - 1})
        held_id = held.json()["keyId"]
        assert held.json()["strict"] is True or held.json()["expiresMs"] == soon - 1
    with live.client(narrow_admin) as k:
        # the bootstrap key reaches every context and never expires: no token for it
        _problem(k.post(f"/api/v1/keys/{me['keyId']}/rotate"), 403)
        # a key inside this one's rights may be rotated
        other = k.post("/api/v1/keys", json={"principalId": pid}).json()
        assert other["contexts"] == [CTX] and other["expiresMs"] == soon and other["strict"]
        assert k.post(f"/api/v1/keys/{other['keyId']}/rotate").status_code == 200
        _problem(k.post(f"/api/v1/keys/{held_id}/rotate"), 403)  # not strict: more than it
    with live.client(live.admin) as admin:
        assert admin.get("/api/v1/me").status_code == 200  # the bootstrap key still works


# ---------------------------------------------------------------- 2. contexts


def test_keys_reach_only_their_principals_contexts(live, world):
    with live.client(world["bob"]) as bob:
        assert bob.get("/api/v1/contexts").json()["contexts"] == [CTX]
        ok = bob.post(f"/api/v1/{CTX}/facts", json={"scope": BOB, "text": "I like tea."})
        assert ok.status_code == 201
        other = bob.post(f"/api/v1/{OTHER}/facts", json={"scope": BOB, "text": "I like tea."})
        missing = bob.post("/api/v1/nosuchctx/facts", json={"scope": BOB, "text": "x"})
        # a context out of reach is answered exactly like one that does not exist
        a, b = _problem(other, 404), _problem(missing, 404)
        assert a["detail"].replace(OTHER, "?") == b["detail"].replace("nosuchctx", "?")
        _problem(bob.post(f"/api/v1/{OTHER}/query", json={"query": "tea"}), 404)
        _problem(bob.get(f"/api/v1/{OTHER}/state"), 404)
        # a key may not widen its contexts
        body = _problem(bob.post("/api/v1/keys", json={"contexts": [CTX, OTHER]}), 422)
        assert body["field"] == "contexts"
        _problem(bob.post("/api/v1/keys", json={"contexts": ["*"]}), 422)
    with live.client(world["nowhere"]) as nobody:
        assert nobody.get("/api/v1/contexts").json()["contexts"] == []
        _problem(nobody.get(f"/api/v1/{CTX}/state"), 404)
    with live.client(live.admin) as admin:
        assert {CTX, OTHER} <= set(admin.get("/api/v1/contexts").json()["contexts"])
        # giving bob the other context reaches it at once, for the key made before
        r = admin.put(f"/api/v1/principals/{world['bob_id']}/contexts", json={"contexts": ["*"]})
        assert r.status_code == 200 and r.json()["contexts"] == ["*"]
    with live.client(world["bob"]) as bob:
        # the key was made when bob reached CTX only: it still reaches CTX only
        assert bob.get("/api/v1/contexts").json()["contexts"] == [CTX]
        key = bob.post("/api/v1/keys", json={}).json()
        assert key["contexts"] == [CTX]
    with live.client(live.admin) as admin:
        r = admin.put(f"/api/v1/principals/{world['bob_id']}/contexts", json={"contexts": [CTX]})
        assert r.status_code == 200


def test_a_context_that_does_not_exist_is_answered_before_any_other_check(live, world):
    with live.client(world["bob"]) as bob:
        # no write right over this scope: still the same 404 as for any missing context
        r = bob.post("/api/v1/nosuchctx/facts", json={"scope": "org/other", "text": "x"})
        _problem(r, 404)


def test_mcp_calls_reach_only_the_keys_contexts(live, world):
    call = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "recall", "arguments": {"query": "tea", "context": OTHER}},
    }
    headers = {
        "Authorization": f"Bearer {world['bob']}",
        "Accept": "application/json, text/event-stream",
    }
    with httpx.Client(base_url=live.url, timeout=30) as c:
        r = c.post("/mcp", json=call, headers=headers)
        assert r.status_code == 200, r.text
        result = r.json()["result"]
        assert result["isError"] is True
        assert result["structuredContent"]["error"]["status"] == 404
        call["params"]["arguments"]["context"] = CTX
        r = c.post("/mcp", json=call, headers=headers)
        assert r.json()["result"].get("isError") is not True


def test_a_refused_delegation_is_a_403_not_an_invalid_key(live, world):
    with live.client(world["bob"]) as bob:
        body = _problem(bob.get("/api/v1/me", headers={"X-On-Behalf-Of": "p_nosuchone00"}), 403)
        assert "behalf" in body["detail"]


def test_the_gate_judges_the_path_the_routes_see(tmp_path):
    """Behind a proxy prefix (uvicorn --root-path) the context check still applies."""
    from _serve import cheap_config, running

    from engramdb.server.app import create_app

    app = create_app(cheap_config(tmp_path))
    admin = app.state.auth.bootstrap()
    app.state.contexts.create("kept")
    pid = app.state.auth.create_principal(
        "no-contexts", "agent", {"memory:read": ["*"], "memory:write": ["*"]}
    ).id
    token = app.state.auth.create_key(pid)[1]
    with running(app, root_path="/x") as url, httpx.Client(base_url=url, timeout=30) as c:
        h = {"Authorization": f"Bearer {token}"}
        assert c.get("/api/v1/health").status_code == 200
        _problem(c.get("/api/v1/kept/state", headers=h), 404)
        ok = c.get("/api/v1/kept/state", headers={"Authorization": f"Bearer {admin}"})
        assert ok.status_code == 200


def test_a_delegated_request_reaches_only_what_both_reach(live, world):
    with live.client(live.admin) as admin:
        headers = {"X-On-Behalf-Of": world["bob_id"]}
        r = admin.get("/api/v1/contexts", headers=headers)
        assert r.json()["contexts"] == [CTX]
        _problem(admin.get(f"/api/v1/{OTHER}/state", headers=headers), 404)


# ---------------------------------------------------------------- 6. bodies and sizes


def _raw(live, request: bytes) -> tuple[int, bytes, float]:
    """Send raw bytes; the status line and how long the server took to answer."""
    host, port = live.url.removeprefix("http://").split(":")
    started = time.perf_counter()
    with socket.create_connection((host, int(port)), timeout=30) as s:
        s.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    status = int(data.split(b" ", 2)[1]) if data else 0
    return status, data, time.perf_counter() - started


@pytest.mark.wallclock
def test_a_body_is_not_read_before_the_key_and_its_size_are_checked(live, world):
    # declares 286 MiB and sends none of it: an answer must come without reading the body
    head = (
        f"POST /api/v1/{CTX}/facts/batch HTTP/1.1\r\nHost: x\r\n"
        "Content-Type: application/json\r\nContent-Length: 300000000\r\n"
    )
    status, data, took = _raw(live, (head + "\r\n").encode())
    assert status == 401 and b"problem+json" in data and took < 10
    auth = f"Authorization: Bearer {world['bob']}\r\n"
    status, data, took = _raw(live, (head + auth + "\r\n").encode())
    assert status == 413 and b"problem+json" in data and took < 10
    # multipart uploads alike
    head = (
        f"POST /api/v1/{CTX}/documents HTTP/1.1\r\nHost: x\r\n"
        "Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 209715200\r\n\r\n"
    )
    status, _, _ = _raw(live, head.encode())
    assert status == 401


def test_a_streamed_body_is_cut_off_at_the_limit(live, world):
    limit = 16 * 1024 * 1024

    def chunks():
        piece = b'{"items": [' + b" " * 65536
        yield piece
        sent = len(piece)
        while sent <= limit + 65536:
            yield b" " * 65536
            sent += 65536

    with live.client(world["bob"]) as bob:
        r = bob.post(
            f"/api/v1/{CTX}/facts/batch",
            content=chunks(),
            headers={"Content-Type": "application/json"},
        )
    body = _problem(r, 413)
    assert body["title"] == "Payload too large"


def test_deeply_nested_json_is_a_422_problem(live, world):
    nested = "[" * 100_000 + "]" * 100_000
    body = '{"scope": "org/acme/user/bob", "triples": ' + nested + "}"
    with live.client(world["bob"]) as bob:
        r = bob.post(
            f"/api/v1/{CTX}/facts", content=body, headers={"Content-Type": "application/json"}
        )
        assert "nested" in _problem(r, 422)["detail"]
        r = bob.post(
            f"/api/v1/{CTX}/query",
            content='{"query": "x", "lens": ' + nested + "}",
            headers={"Content-Type": "application/json"},
        )
        _problem(r, 422)
        call = '{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": ' + nested + "}"
        r = bob.post(
            "/mcp",
            content=call,
            headers={
                "Content-Type": "application/json",
                "Accept": "application/json, text/event-stream",
            },
        )
        assert r.status_code < 500, r.text


# ---------------------------------------------------------------- 8. subtree checks


def test_scope_delete_needs_the_whole_subtree(live):
    with live.client(live.admin) as admin:
        pid = _principal(admin, "sec-tombstoner", {"scope:delete": ["org"]}, [CTX])
        exact = _key(admin, pid)
        pid = _principal(admin, "sec-tombstoner2", {"scope:delete": ["org/x/*"]}, [CTX])
        subtree = _key(admin, pid)
        r = admin.post(f"/api/v1/{CTX}/facts", json={"scope": "org/y/user/c", "text": "Hi."})
        assert r.status_code == 201
    with live.client(exact) as k:
        _problem(k.delete(f"/api/v1/{CTX}/scopes/org"), 403)
    with live.client(live.admin) as admin:  # nothing below org was closed
        r = admin.post(f"/api/v1/{CTX}/facts", json={"scope": "org/y/user/c", "text": "Yo."})
        assert r.status_code == 201
    with live.client(subtree) as k:
        assert k.delete(f"/api/v1/{CTX}/scopes/org/x").status_code == 200


# ---------------------------------------------------------------- 12. idempotency


def test_a_stored_response_is_replayed_only_to_the_key_that_made_it(live, world):
    with live.client(world["bob"]) as bob:
        r = bob.post(
            f"/api/v1/{CTX}/facts",
            json={"scope": BOB, "text": "My locker is number 12."},
            headers={"Idempotency-Key": "sec-once"},
        )
        assert r.status_code == 201
        fact = r.json()["turnId"]
        forget = {"id": fact}
        r = bob.post(f"/api/v1/{CTX}/forget", json=forget, headers={"Idempotency-Key": "sec-f"})
        assert r.status_code == 200
        ro = bob.post("/api/v1/keys", json={"grants": {"memory:read": [BOB + "/*"]}})
        read_only = ro.json()["token"]
    with live.client(read_only) as ro:
        r = ro.post(f"/api/v1/{CTX}/forget", json=forget, headers={"Idempotency-Key": "sec-f"})
        assert r.status_code in (403, 404) and "idempotent-replayed" not in r.headers
    with live.client(live.admin) as admin:
        # the same Idempotency-Key on behalf of bob is not bob's stored response either
        r = admin.post(
            f"/api/v1/{CTX}/facts",
            json={"scope": BOB, "text": "My locker is number 12."},
            headers={"Idempotency-Key": "sec-once", "X-On-Behalf-Of": world["bob_id"]},
        )
        assert r.status_code == 201 and "idempotent-replayed" not in r.headers
    with live.client(world["bob"]) as bob:
        r = bob.post(
            f"/api/v1/{CTX}/facts",
            json={"scope": BOB, "text": "My locker is number 12."},
            headers={"Idempotency-Key": "sec-once"},
        )
        assert r.headers.get("idempotent-replayed") == "true"


def test_a_purge_leaves_no_stored_response_quoting_it(live, world):
    secret = "zq-locker-code-8841"
    with live.client(world["bob"]) as bob:
        r = bob.post(
            f"/api/v1/{CTX}/facts",
            json={"scope": BOB + "/vault", "text": f"My locker code is {secret}."},
            headers={"Idempotency-Key": "sec-secret"},
        )
        assert r.status_code == 201 and secret in r.text
        r = bob.post(f"/api/v1/{CTX}/forget", json={"scope": BOB + "/vault", "purge": True})
        assert r.status_code == 200, r.text
    stored = b"".join(p.read_bytes() for p in live.data_dir.glob("server.db*"))
    assert secret.encode() not in stored


# ---------------------------------------------------------------- 13. names


@pytest.mark.parametrize("name", ["evil\n", "evil\r\n", ".", "..", "Evil", "e" * 65])
def test_context_names_are_matched_whole(live, name):
    with live.client(live.admin) as admin:
        r = admin.post("/api/v1/contexts", json={"name": name})
        _problem(r, 422)
        assert name.strip() not in admin.get("/api/v1/contexts").json()["contexts"] or (
            name.strip() in (CTX, OTHER)
        )


@pytest.mark.parametrize(
    "scope", ["org/acme/user/bob\n", "org/acme/user/bob/.", "org/acme/user/bob/../alice", "./x"]
)
def test_scope_segments_are_matched_whole(live, world, scope):
    with live.client(live.admin) as admin:
        r = admin.post(f"/api/v1/{CTX}/facts", json={"scope": scope, "text": "Hello."})
        assert _problem(r, 422)["field"].endswith("scope")
        r = admin.post(f"/api/v1/{CTX}/query", json={"query": "x", "lens": [scope]})
        _problem(r, 422)


def test_a_newline_in_a_path_does_not_act_on_the_path_without_it(live):
    with live.client(live.admin) as admin:
        assert admin.post(
            f"/api/v1/{CTX}/facts", json={"scope": "org/nl", "text": "Hi."}
        ).is_success
        _problem(admin.delete(f"/api/v1/{CTX}/scopes/org/nl%0A"), 422)
        r = admin.post(f"/api/v1/{CTX}/facts", json={"scope": "org/nl", "text": "Still open."})
        assert r.status_code == 201  # org/nl was not tombstoned


def test_an_overlong_json_number_is_a_422_problem(live, world):
    with live.client(world["bob"]) as bob:
        body = '{"query": "x", "k": ' + "9" * 5000 + "}"
        r = bob.post(
            f"/api/v1/{CTX}/query", content=body, headers={"Content-Type": "application/json"}
        )
        _problem(r, 422)


# ---------------------------------------------------------------- 14. exposure


def test_what_is_exposed_without_a_key(live, world):
    with live.client() as anon:
        health = anon.get("/api/v1/health").json()
        assert set(health) == {"status", "version"}
        _problem(anon.get("/metrics"), 401)
        assert anon.get("/openapi.json").status_code == 200  # documented as public
        _problem(anon.get(f"/api/v1/{CTX}/state"), 401)
        _problem(anon.get("/api/v1/nosuchroute"), 401)
    with live.client(world["bob"]) as bob:
        _problem(bob.get("/metrics"), 403)
    with live.client(live.admin) as admin:
        text = admin.get("/metrics").text
        assert "engramdb_requests_total" in text
        assert f"/{CTX}/" not in text  # route templates, never context names


def test_docs_and_metrics_exposure_are_settings(tmp_path):
    from _serve import cheap_config, running

    from engramdb.server.app import create_app

    app = create_app(cheap_config(tmp_path, public_docs=False, public_metrics=True))
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as c:
        assert c.get("/openapi.json").status_code == 401
        assert c.get("/docs").status_code == 401
        assert c.get("/metrics").status_code == 200


def test_the_problem_bodies_are_json(live):
    with live.client() as anon:
        r = anon.post(f"/api/v1/{CTX}/facts", content=b"x" * 100)
        json.loads(r.text)
