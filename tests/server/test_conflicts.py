"""Conflicts acted on through the real server on loopback (REST, MCP and the client), and the
bounded context block and paged state over the wire: keys with narrowed grants resolve what
they may, are told 404 for what they may not read and 403 for accepting without curate."""

from __future__ import annotations

import asyncio
from typing import Any

import anyio
import httpx
import httpx2
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from engramdb.client import (
    AsyncClient,
    Client,
    InvalidInputError,
    NotFoundError,
    PermissionDeniedError,
)

CTX = "conflicts"
ORG = "org/acme"
POLICY = b"# Returns\n\nReturns are accepted within 30 days of delivery.\n"
USERS = ("bob", "carol", "erin", "finn", "gus", "hal")


def _user(name: str) -> str:
    return f"{ORG}/user/{name}"


def _principal(admin: httpx.Client, name: str, grants: dict) -> str:
    body: dict[str, Any] = {"name": name, "kind": "agent", "grants": grants, "contexts": [CTX]}
    r = admin.post("/api/v1/principals", json=body)
    assert r.status_code == 201, r.text
    r = admin.post("/api/v1/keys", json={"principalId": r.json()["id"], "label": name})
    assert r.status_code == 201, r.text
    return r.json()["token"]


def _world(live) -> dict[str, Any]:
    """A policy, and one customer per test who contradicted it (a conflict each)."""
    keys: dict[str, Any] = {}
    with live.client(live.admin) as admin:
        assert admin.post("/api/v1/contexts", json={"name": CTX}).status_code == 201
        r = admin.post(
            f"/api/v1/{CTX}/documents?wait=true",
            files={"file": ("returns.md", POLICY)},
            data={"scope": ORG},
        )
        assert r.status_code == 201, r.text
        for name in USERS:
            me = _user(name)
            keys[name] = _principal(
                admin,
                f"cf-{name}",
                {"memory:read": [ORG, me + "/*"], "memory:write": [me + "/*"]},
            )
        # a curator of the organisation's knowledge
        keys["curator"] = _principal(
            admin,
            "cf-curator",
            {
                "memory:read": [ORG + "/*"],
                "memory:write": [ORG + "/*"],
                "memory:curate": [ORG + "/*"],
            },
        )
        # reads and writes bob's records, not the organisation's: the policy side is unreadable
        keys["blind"] = _principal(
            admin,
            "cf-blind",
            {"memory:read": [_user("bob") + "/*"], "memory:write": [_user("bob") + "/*"]},
        )
    conflicts = {}
    for name in USERS:
        with live.client(keys[name]) as c:
            r = c.post(
                f"/api/v1/{CTX}/facts",
                json={"scope": _user(name), "text": "Your return policy is 60 days."},
            )
            assert r.status_code == 201 and r.json()["conflicts"], r.text
            conflicts[name] = r.json()["conflicts"][0]["uncertainty"]
    keys["conflicts"] = conflicts
    return keys


_WORLD: dict[int, dict[str, Any]] = {}


def world(live) -> dict[str, Any]:
    if id(live) not in _WORLD:
        _WORLD[id(live)] = _world(live)
    return _WORLD[id(live)]


def _resolve(c: httpx.Client, uid: int, outcome: Any, note: str | None = None) -> httpx.Response:
    body = {"outcome": outcome} if note is None else {"outcome": outcome, "note": note}
    return c.post(f"/api/v1/{CTX}/conflicts/{uid}/resolve", json=body)


def test_rest_uphold_with_rights_checked_first(live):
    w = world(live)
    uid = w["conflicts"]["bob"]
    with live.client(w["bob"]) as bob, live.client(live.admin) as admin:
        listed = bob.get(f"/api/v1/{CTX}/conflicts").json()["conflicts"]
        assert [c["id"] for c in listed] == [uid]
        assert {s["value"] for s in listed[0]["sides"]} == {"30 days", "60 days"}
        # a bad outcome names the field
        r = _resolve(bob, uid, "overrule")
        assert r.status_code == 422 and r.json()["field"] == "outcome", r.text
        # unknown, another customer's, and one with a side the key cannot read: not here
        assert _resolve(bob, 999_999, "uphold").status_code == 404
        with live.client(w["carol"]) as carol:
            assert _resolve(carol, uid, "dismiss").status_code == 404
        with live.client(w["blind"]) as blind:
            r = _resolve(blind, uid, "dismiss")
            assert r.status_code == 404 and r.headers["content-type"] == "application/problem+json"
        # accepting overrules the policy: a customer's key may not
        r = _resolve(bob, uid, "accept")
        assert r.status_code == 403 and r.json()["scope"] == ORG, r.text
        r = _resolve(bob, uid, "uphold", "the policy is 30 days")
        assert r.status_code == 200, r.text
        out = r.json()
        assert out["resolution"] == "uphold" and out["note"] == "the policy is 30 days"
        assert out["closed"] and "resolvedBy" not in out  # who resolved: administrators only
        assert bob.get(f"/api/v1/{CTX}/conflicts").json()["conflicts"] == []
        for params in ({"include_resolved": "true"}, {"includeResolved": "true"}):
            (done,) = bob.get(f"/api/v1/{CTX}/conflicts", params=params).json()["conflicts"]
            assert done["resolution"] == "uphold" and "resolvedBy" not in done
        everything = admin.get(
            f"/api/v1/{CTX}/conflicts", params={"includeResolved": "true", "lens": _user("bob")}
        ).json()["conflicts"]
        assert everything[0]["resolvedBy"]["principalId"]
        traces = admin.get(f"/api/v1/{CTX}/traces").json()["traces"]
        (trace,) = [t for t in traces if t["op"] == "resolve"]
        assert trace["scope"] == _user("bob") and trace["detail"]["outcome"] == "uphold"
        assert trace["detail"]["actor"]["principal_id"]
        mine = [
            t for t in bob.get(f"/api/v1/{CTX}/traces").json()["traces"] if t["op"] == "resolve"
        ]
        assert mine and "actor" not in mine[0]["detail"]
        # the same outcome again is the recorded decision; another is refused
        assert _resolve(bob, uid, "uphold").json()["resolvedMs"] == out["resolvedMs"]
        r = _resolve(bob, uid, "dismiss")
        assert r.status_code == 422 and r.json()["field"] == "outcome"


def test_rest_accept_by_a_curator_and_dismiss_by_the_customer(live):
    w = world(live)
    with live.client(w["curator"]) as curator:
        r = _resolve(curator, w["conflicts"]["carol"], "accept", "the policy changed")
        assert r.status_code == 200, r.text
        policy = [s for s in r.json()["sides"] if s["authoritative"]][0]
        assert not policy["live"] and r.json()["applies"] is None
        assert r.json()["closed"] == [policy["fact"]]
    with live.client(w["erin"]) as erin:
        r = _resolve(erin, w["conflicts"]["erin"], "dismiss", "misread")
        assert r.status_code == 200 and r.json()["closed"] == [], r.text
        state = erin.get(f"/api/v1/{CTX}/state", params={"lens": _user("erin")}).json()
        assert "60 days" in {f["value"] for f in state["knowledge"]}  # the belief stays


def test_mcp_resolve_conflict_applies_the_same_rights(live):
    w = world(live)
    uid = w["conflicts"]["finn"]

    def call(token: str, arguments: dict) -> Any:
        async def main():
            headers = {"Authorization": f"Bearer {token}"}
            async with (
                httpx2.AsyncClient(headers=headers, timeout=30) as http,
                streamable_http_client(live.url + "/mcp", http_client=http) as (read, write),
                ClientSession(read, write) as s,
            ):
                await s.initialize()
                return await s.call_tool("resolve_conflict", {**arguments, "context": CTX})

        return anyio.run(main)

    r = call(w["gus"], {"id": uid, "outcome": "uphold"})
    assert r.is_error and r.structured_content["error"]["status"] == 404
    r = call(w["finn"], {"id": uid, "outcome": "accept"})
    assert r.is_error and r.structured_content["error"]["status"] == 403
    r = call(w["finn"], {"id": uid, "outcome": "uphold", "note": "checked"})
    assert not r.is_error, r.content
    assert r.structured_content["resolution"] == "uphold"
    assert "resolvedBy" not in r.structured_content


def test_the_client_lists_and_resolves_conflicts(live):
    w = world(live)
    uid = w["conflicts"]["hal"]
    with Client(live.url, w["hal"], CTX) as hal:
        assert [c["id"] for c in hal.conflicts()] == [uid]
        with pytest.raises(PermissionDeniedError):
            hal.resolve_conflict(uid, outcome="accept")
        with pytest.raises(InvalidInputError) as e:
            hal.resolve_conflict(uid, outcome="nope")
        assert e.value.field == "outcome"
        with pytest.raises(NotFoundError):
            hal.resolve_conflict(424242, outcome="uphold")

    async def main() -> None:
        async with AsyncClient(live.url, w["hal"], CTX) as hal:
            out = await hal.resolve_conflict(uid, outcome="dismiss", note="misread")
            assert out["resolution"] == "dismiss"
            assert await hal.conflicts() == []
            (done,) = await hal.conflicts(include_resolved=True)
            assert done["note"] == "misread"

    asyncio.run(main())


# ------------------------------------------------------------------ context and state
def test_the_context_block_is_bounded_and_never_mixes_people(live):
    w = world(live)
    with live.client(w["curator"]) as curator:
        r = curator.post(
            f"/api/v1/{CTX}/facts",
            json={
                "scope": ORG,
                "triples": [
                    {"subject": f"Kettle {i}", "type": "product", "key": "price", "value": f"${i}"}
                    for i in range(30)
                ],
            },
        )
        assert r.status_code == 201, r.text
        r = curator.post(
            f"/api/v1/{CTX}/facts",
            json={"scope": _user("gus"), "text": "My locker code is 5521."},
        )
        assert r.status_code == 201, r.text
        # an organisation-level lens: only what is common to all
        org = curator.post(
            f"/api/v1/{CTX}/context",
            json={"query": "locker code return", "lens": [ORG], "budget": 100_000},
        ).json()["context"]
        assert "Kettle 7" in org and "30 days" in org
        assert "5521" not in org and "60 days" not in org and "/user/" not in org
        small = curator.post(
            f"/api/v1/{CTX}/context", json={"query": "kettle", "lens": [ORG], "budget": 500}
        ).json()["context"]
        assert len(small) <= 500 and "left out to stay within 500 characters" in small
        r = curator.post(f"/api/v1/{CTX}/context", json={"query": "x", "budget": 0})
        assert r.status_code == 422 and r.json()["field"] == "budget" and "limit" in r.json()
    with live.client(w["gus"]) as gus:
        block = gus.post(
            f"/api/v1/{CTX}/context",
            json={"query": "locker code", "lens": [_user("gus")], "budget": 100_000},
        ).json()["context"]
        assert "5521" in block and "Kettle 7" in block
    with Client(live.url, w["gus"], CTX) as gus_client:
        assert len(gus_client.context("locker", lens=_user("gus"), budget=300)) <= 300


def test_state_pages_over_the_wire(live):
    w = world(live)
    with Client(live.url, w["curator"], CTX) as curator:
        whole = curator.state(lens=ORG)
        totals = whole["page"]["totals"]
        assert totals["knowledge"] == len(whole["knowledge"]) >= 2
        page = curator.state(lens=ORG, limit=1, offset=1)
        assert page["page"] == {"offset": 1, "limit": 1, "totals": totals}
        assert page["knowledge"] == whole["knowledge"][1:2]
    with live.client(w["curator"]) as c:
        r = c.get(f"/api/v1/{CTX}/state", params={"limit": 0})
        assert r.status_code == 422 and r.json()["field"] == "limit"
