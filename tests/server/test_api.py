"""The REST API against a real uvicorn server on loopback: contexts, principals and keys,
curated and experiential writes, fail-closed reads, idempotency, problem documents."""

from __future__ import annotations

import httpx
import pytest

CTX = "shop"
ORG = "org/acme"
ALICE = "org/acme/user/alice"
BOB = "org/acme/user/bob"


def _principal(admin: httpx.Client, name: str, grants: dict) -> str:
    body = {"name": name, "kind": "agent", "grants": grants, "contexts": [CTX]}
    r = admin.post("/api/v1/principals", json=body)
    assert r.status_code == 201, r.text
    pid = r.json()["id"]
    r = admin.post("/api/v1/keys", json={"principalId": pid, "label": name})
    assert r.status_code == 201, r.text
    return r.json()["token"]


@pytest.fixture(scope="module")
def keys(live) -> dict[str, str]:
    with live.client(live.admin) as admin:
        assert admin.post("/api/v1/contexts", json={"name": CTX}).status_code == 201
        return {
            "curator": _principal(
                admin,
                "curator",
                {
                    "memory:read": ["org/acme/*"],
                    "memory:write": ["org/acme/*"],
                    "memory:curate": ["org/acme/*"],
                },
            ),
            "alice": _principal(
                admin,
                "alice",
                {
                    "memory:read": [ORG, ALICE + "/*"],
                    "memory:write": [ALICE + "/*"],
                    "memory:forget": [ALICE + "/*"],
                },
            ),
            "bob": _principal(
                admin,
                "bob",
                {"memory:read": [ORG, BOB + "/*"], "memory:write": [BOB + "/*"]},
            ),
        }


def test_health_openapi_and_metrics(live):
    with live.client() as c:
        h = c.get("/api/v1/health").json()
        assert h["status"] == "ok"
        assert set(h) == {"status", "version"}  # no tenant names or counts without a key
        spec = c.get("/openapi.json").json()
        assert "/api/v1/{context}/facts" in spec["paths"]
        assert c.get("/metrics").status_code == 401
    with live.client(live.admin) as admin:
        assert "engramdb_requests_total" in admin.get("/metrics").text


def test_the_worked_example_over_http(live, keys):
    with live.client(keys["curator"]) as cur, live.client(keys["alice"]) as alice:
        doc = b"# Returns\n\nReturns are accepted within 30 days of delivery.\n"
        r = cur.post(
            f"/api/v1/{CTX}/documents?wait=true",
            files={"file": ("returns.md", doc, "text/markdown")},
            data={"scope": ORG},
        )
        assert r.status_code == 201, r.text
        assert r.json()["facts"] == 1
        r = alice.post(
            f"/api/v1/{CTX}/facts",
            json={"scope": ALICE, "text": "Your return policy is 60 days.", "session_id": "a1"},
        )
        assert r.status_code == 201, r.text
        body = r.json()
        assert body["conflicts"] and body["turnId"].startswith("turn-")
        state = alice.get(f"/api/v1/{CTX}/state", params={"lens": ALICE}).json()
        assert state["conflicts"][0]["applies"]["value"] == "30 days"
        ctx = alice.post(f"/api/v1/{CTX}/context", json={"query": "returns", "lens": [ALICE]})
        assert "the policy that applies says '30 days'" in ctx.json()["context"]


def test_reads_fail_closed_and_writes_outside_the_region_are_refused(live, keys):
    with live.client(keys["alice"]) as alice, live.client(keys["bob"]) as bob:
        r = alice.post(f"/api/v1/{CTX}/facts", json={"scope": ALICE, "text": "I live in Oslo."})
        assert r.status_code == 201
        # bob asks about alice: nothing there for him, not a 403
        hits = bob.post(f"/api/v1/{CTX}/query", json={"query": "Oslo", "k": 10}).json()["hits"]
        assert all(h["scope"] in (ORG,) or h["scope"].startswith(BOB) for h in hits)
        assert not any("Oslo" in h["text"] for h in hits)
        state = bob.get(f"/api/v1/{CTX}/state").json()
        assert not any(f["value"] == "Oslo" for f in state["identity"])
        # even with a lens on alice's scope: the lens narrows inside the grant, never widens
        # (bob still sees the organisation's policies, an ancestor of the lens path)
        hits = bob.post(f"/api/v1/{CTX}/query", json={"query": "Oslo", "lens": [ALICE]}).json()
        assert not any(h["scope"].startswith(ALICE) for h in hits["hits"])
        # alice sees it
        hits = alice.post(f"/api/v1/{CTX}/query", json={"query": "Oslo"}).json()["hits"]
        assert any("Oslo" in h["text"] for h in hits)
        # writes outside the write region, and curated writes without memory:curate
        r = alice.post(f"/api/v1/{CTX}/facts", json={"scope": BOB, "text": "I live in Rome."})
        assert r.status_code == 403 and r.headers["content-type"] == "application/problem+json"
        r = alice.post(
            f"/api/v1/{CTX}/facts",
            json={"scope": ALICE, "triples": [{"subject": "X", "key": "price", "value": "$1"}]},
        )
        assert r.status_code == 403
        # and nothing was written by the refused calls
        hits = bob.post(f"/api/v1/{CTX}/query", json={"query": "Rome"}).json()["hits"]
        assert not any("Rome" in h["text"] for h in hits)


def test_idempotency_key_replays_and_refuses_a_different_body(live, keys):
    with live.client(keys["alice"]) as alice:
        body = {"scope": ALICE, "text": "I have a cat named Miso."}
        h = {"Idempotency-Key": "k-123"}
        first = alice.post(f"/api/v1/{CTX}/facts", json=body, headers=h)
        again = alice.post(f"/api/v1/{CTX}/facts", json=body, headers=h)
        assert first.status_code == again.status_code == 201
        assert first.json() == again.json() and again.headers["Idempotent-Replayed"] == "true"
        turns = alice.post(f"/api/v1/{CTX}/query", json={"query": "cat named Miso", "k": 20})
        ids = [
            i
            for x in turns.json()["hits"]
            if "Miso" in x["text"]
            for i in [x["id"], *x["source"].get("sameText", [])]
        ]
        assert sum(1 for i in ids if i.startswith("turn-")) == 1  # one hit per text
        other = alice.post(
            f"/api/v1/{CTX}/facts", json={**body, "text": "I have a dog."}, headers=h
        )
        assert other.status_code == 409


def test_problem_documents_for_bad_requests(live, keys):
    with live.client() as anon, live.client(keys["alice"]) as alice:
        r = anon.post(f"/api/v1/{CTX}/query", json={"query": "x"})
        assert r.status_code == 401 and r.json()["title"] == "Unauthorized"
        with live.client("egdb_notarealkey_secret") as bad:
            assert bad.get("/api/v1/me").status_code == 401
        r = alice.post(f"/api/v1/{CTX}/query", json={"query": "x", "k": 5000})
        assert r.status_code == 422 and r.json()["field"] == "k"
        r = alice.post(f"/api/v1/{CTX}/facts", json={"scope": "bad scope!", "text": "hi"})
        assert r.status_code == 422 and r.json()["field"] == "scope"
        r = alice.post(f"/api/v1/{CTX}/facts", json={"scope": ALICE, "text": "x" * 70_000})
        assert r.status_code == 422 and r.json()["field"] == "text"
        r = alice.post("/api/v1/nowhere/query", json={"query": "x"})
        assert r.status_code == 404
        r = alice.post(f"/api/v1/{CTX}/reflect")
        assert r.status_code == 501
        r = alice.post("/api/v1/contexts", json={"name": "mine"})
        assert r.status_code == 403


def test_keys_narrow_rotate_and_revoke(live, keys):
    with live.client(keys["alice"]) as alice:
        me = alice.get("/api/v1/me").json()
        assert me["principal"]["name"] == "alice"
        # a narrower key of one's own: read-only
        r = alice.post("/api/v1/keys", json={"grants": {"memory:read": [ALICE + "/*"]}})
        assert r.status_code == 201
        token, key_id = r.json()["token"], r.json()["keyId"]
        with live.client(token) as ro:
            assert (
                ro.post(f"/api/v1/{CTX}/facts", json={"scope": ALICE, "text": "hi"}).status_code
                == 403
            )
            assert ro.get(f"/api/v1/{CTX}/state").status_code == 200
        # wider than the principal: refused
        r = alice.post("/api/v1/keys", json={"grants": {"memory:read": ["org/*"]}})
        assert r.status_code == 422
        # another key of the same principal is not this key's to manage
        assert alice.post(f"/api/v1/keys/{key_id}/rotate").status_code == 403
        with live.client(token) as ro:
            assert [k["keyId"] for k in ro.get("/api/v1/keys").json()["keys"]] == [key_id]
            new = ro.post(f"/api/v1/keys/{key_id}/rotate").json()["token"]
        with live.client(token) as old:
            assert old.get("/api/v1/me").status_code == 401
        with live.client(new) as fresh:
            assert fresh.get("/api/v1/me").status_code == 200
            listed = fresh.get("/api/v1/keys").json()["keys"]
        assert len(listed) == 1 and listed[0]["keyId"] != key_id and not listed[0]["revokedMs"]


def test_contexts_are_isolated(live, keys):
    with live.client(live.admin) as admin:
        assert admin.post("/api/v1/contexts", json={"name": "other"}).status_code == 201
        r = admin.post("/api/v1/other/facts", json={"scope": ALICE, "text": "I live in Lima."})
        assert r.status_code == 201
        hits = admin.post(f"/api/v1/{CTX}/query", json={"query": "Lima"}).json()["hits"]
        assert not any("Lima" in h["text"] for h in hits)
        assert set(admin.get("/api/v1/contexts").json()["contexts"]) >= {CTX, "other"}
        assert admin.delete("/api/v1/contexts/other").status_code == 204
        assert admin.post("/api/v1/other/query", json={"query": "x"}).status_code == 404
        assert admin.post("/api/v1/contexts", json={"name": "keys"}).status_code == 422


def test_documents_by_id_sessions_and_deleting_a_document(live, keys):
    with live.client(keys["curator"]) as cur, live.client(keys["alice"]) as alice:
        r = cur.post(
            f"/api/v1/{CTX}/documents?wait=true",
            files={"file": ("warranty.md", b"# Warranty\n\nEvery kettle has a 2-year warranty.\n")},
            data={"scope": ORG},
        )
        doc_id = r.json()["id"]
        got = alice.get(f"/api/v1/{CTX}/documents/{doc_id}").json()
        assert got["name"] == "warranty.md" and got["chunks"] == 1
        alice.post(f"/api/v1/{CTX}/facts", json={"scope": ALICE, "text": "Hi.", "sessionId": "zz"})
        sessions = alice.get(f"/api/v1/{CTX}/sessions").json()["sessions"]
        assert any(s["sessionId"] == "zz" and s["turns"] == 1 for s in sessions)
        # alice may not delete curated documents
        assert alice.delete(f"/api/v1/{CTX}/documents/{doc_id}").status_code == 403
        # the curator has no memory:forget: refused too
        assert cur.delete(f"/api/v1/{CTX}/documents/{doc_id}").status_code == 403
    with live.client(live.admin) as admin:
        r = admin.delete(f"/api/v1/{CTX}/documents/{doc_id}")
        assert r.status_code == 200 and r.json()["chunks"] == 1
        assert admin.get(f"/api/v1/{CTX}/documents/{doc_id}").status_code == 404
        hits = admin.post(f"/api/v1/{CTX}/query", json={"query": "kettle warranty"}).json()
        assert not any("2-year warranty" in h["text"] for h in hits["hits"] if h["kind"] == "chunk")
        history = admin.get(f"/api/v1/{CTX}/state").json()
        assert not any(f["value"] == "2-year" for f in history["knowledge"])


def test_strict_keys_are_told_403_and_scopes_can_be_tombstoned(live, keys):
    with live.client(keys["alice"]) as alice:
        r = alice.post(
            "/api/v1/keys",
            json={"grants": {"memory:read": [ALICE + "/*"]}, "strict": True, "label": "strict"},
        )
        assert r.status_code == 201 and r.json()["strict"] is True
        strict = r.json()["token"]
    with live.client(strict) as s, live.client(keys["alice"]) as alice:
        # outside its region: 403 for the strict key, an empty answer for the lax one
        assert s.post(f"/api/v1/{CTX}/query", json={"query": "x", "lens": [BOB]}).status_code == 403
        lax = alice.post(f"/api/v1/{CTX}/query", json={"query": "Oslo", "lens": [BOB]})
        assert lax.status_code == 200 and not any(
            h["scope"].startswith(ALICE) for h in lax.json()["hits"]
        )
        assert (
            s.post(f"/api/v1/{CTX}/query", json={"query": "x", "lens": [ALICE]}).status_code == 200
        )
    with live.client(live.admin) as admin:
        assert (
            admin.post(f"/api/v1/{CTX}/scopes", json={"path": "org/acme/user/zed"}).status_code
            == 201
        )
        paths = {x["path"]: x for x in admin.get(f"/api/v1/{CTX}/scopes").json()["details"]}
        assert paths["org/acme/user/zed"]["registered"] is True
        assert admin.delete(f"/api/v1/{CTX}/scopes/org/acme/user/zed").status_code == 200
        r = admin.post(
            f"/api/v1/{CTX}/facts", json={"scope": "org/acme/user/zed/notes", "text": "Hi."}
        )
        assert r.status_code == 422 and r.json()["field"] == "scope"
    with live.client(keys["alice"]) as alice:  # no scope:create
        assert alice.post(f"/api/v1/{CTX}/scopes", json={"path": ALICE}).status_code == 403


def test_a_scope_that_holds_only_a_document_is_listed(live, keys):
    """A forget by query purges a document's chunks and facts but not the document, which is
    still listed: its scope still holds a record and ``GET /scopes`` must list it (it listed
    only the scopes of turns, chunks and facts)."""
    scope = "org/acme/team/manuals"
    with live.client(live.admin) as admin:
        doc = b"# Manual\n\nThe quoxil manual describes the lantern plan.\n"
        r = admin.post(
            f"/api/v1/{CTX}/documents?wait=true",
            files={"file": ("quoxil.md", doc, "text/markdown")},
            data={"scope": scope},
        )
        assert r.status_code == 201, r.text
        doc_id = r.json()["id"]
        assert scope in admin.get(f"/api/v1/{CTX}/scopes").json()["scopes"]
        r = admin.post(f"/api/v1/{CTX}/forget", json={"query": "quoxil", "purge": True})
        assert r.status_code == 200 and r.json()["chunks"] == 1 and r.json()["documents"] == 0
        listed = admin.get(f"/api/v1/{CTX}/documents").json()["documents"]
        assert any(d["id"] == doc_id and d["scope"] == scope for d in listed)
        body = admin.get(f"/api/v1/{CTX}/scopes").json()
        assert scope in body["scopes"]
        (detail,) = [d for d in body["details"] if d["path"] == scope]
        assert detail == {"path": scope, "registered": False, "tombstoned": False}
    with live.client(keys["curator"]) as cur, live.client(keys["bob"]) as bob:
        assert scope in cur.get(f"/api/v1/{CTX}/scopes").json()["scopes"]  # reads org/acme/*
        assert scope not in bob.get(f"/api/v1/{CTX}/scopes").json()["scopes"]
