"""Forget by query through the real API: a lens bounds it (a management key aimed at one user
once forgot two other users' turns too, and ``lens`` was refused with 422), and a key that may
forget nothing is told so (403), not answered 200 with zero counts."""

from __future__ import annotations

import httpx
import pytest
from _serve import agent_key

CTX = "fl"
ORG = "org/acme"
USERS = ("alice", "bob", "carol")
TEXT = "My parking spot is number 42 on level B"


def _key(admin: httpx.Client, name: str, grants: dict) -> str:
    return agent_key(admin, name, grants, [CTX])


@pytest.fixture(scope="module")
def setup(live):
    with live.client(live.admin) as admin:
        assert admin.post("/api/v1/contexts", json={"name": CTX}).status_code == 201
        for user in USERS:
            r = admin.post(
                f"/api/v1/{CTX}/facts",
                json={"text": TEXT, "scope": f"{ORG}/user/{user}", "sessionId": "s1"},
            )
            assert r.status_code == 201, r.text
        reader = _key(admin, "fl-reader", {"memory:read": [ORG + "/*"]})
    return reader


def _turns(admin: httpx.Client, user: str) -> list[str]:
    r = admin.get(f"/api/v1/{CTX}/sessions/s1/turns")
    assert r.status_code == 200, r.text
    return [t["text"] for t in r.json()["turns"] if t["scope"] == f"{ORG}/user/{user}"]


def test_a_lens_bounds_a_forget_by_query(live, setup):
    with live.client(live.admin) as admin:
        r = admin.post(
            f"/api/v1/{CTX}/forget",
            json={"query": "parking spot number", "lens": [f"{ORG}/user/alice"]},
        )
        assert r.status_code == 200, r.text
        assert r.json()["turns"] == 1
        assert _turns(admin, "alice") == []
        assert _turns(admin, "bob") == [TEXT] and _turns(admin, "carol") == [TEXT]
        r = admin.post(f"/api/v1/{CTX}/forget", json={"id": "turn-x", "lens": [ORG]})
        assert r.status_code == 422  # a lens narrows a query; an id is exact
        assert "lens" in r.text


def test_a_key_that_may_forget_nothing_gets_403(live, setup):
    with live.client(setup) as reader:
        r = reader.post(f"/api/v1/{CTX}/forget", json={"query": "parking spot number"})
        assert r.status_code == 403, r.text
        assert "memory:forget" in r.json()["detail"]
    with live.client(live.admin) as admin:
        assert _turns(admin, "bob") == [TEXT]
