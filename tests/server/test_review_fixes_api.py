"""Findings of the review of the management and mem0 routes, reproduced through the real API
and fixed: a write-only key learns nothing from mem0's repeat check, a mem0 reset drops stored
responses that quote what it purged, bad filters and oversized adds are 422s, an import into a
context that holds a scope is a 422."""

from __future__ import annotations

import httpx
import pytest
from _serve import agent_key

CTX = "rf"
ORG = "org/acme"
Q = {"scope_prefix": ORG}
BASE = f"/api/v1/{CTX}/mem0"


def _key(admin: httpx.Client, name: str, grants: dict) -> str:
    return agent_key(admin, name, grants, [CTX, CTX + "2"])


@pytest.fixture(scope="module")
def keys(live) -> dict[str, str]:
    me = f"{ORG}/user/carol"
    with live.client(live.admin) as admin:
        assert admin.post("/api/v1/contexts", json={"name": CTX}).status_code == 201
        return {
            "ingest": _key(admin, "rf-ingest", {"memory:write": [f"{ORG}/user/*"]}),
            "carol": _key(
                admin,
                "rf-carol",
                {
                    "memory:read": [ORG, me, me + "/*"],
                    "memory:write": [me, me + "/*"],
                    "memory:forget": [me, me + "/*"],
                },
            ),
        }


def test_a_write_only_key_learns_nothing_from_the_repeat_check(live, keys):
    with live.client(live.admin) as admin:
        r = admin.post(
            BASE + "/memories",
            params=Q,
            json={"messages": "My PIN is 4411", "user_id": "dave", "infer": False},
        )
        assert r.status_code == 200, r.text
    with live.client(keys["ingest"]) as ing:
        answers = {
            guess: [
                e["event"]
                for e in ing.post(
                    BASE + "/memories", params=Q, json={"messages": guess, "user_id": "dave"}
                ).json()["results"]
            ]
            for guess in ("My PIN is 1234", "My PIN is 4411")
        }
    assert answers == {"My PIN is 1234": ["ADD"], "My PIN is 4411": ["ADD"]}


def test_a_reset_drops_stored_responses_that_quote_what_it_purged(live, keys):
    secret = "zq-passport-Q55123"
    prefix = f"{ORG}/user/carol/app"
    body = {"scope": prefix + "/x", "text": f"My passport number is {secret}."}
    with live.client(keys["carol"]) as carol:
        r = carol.post(f"/api/v1/{CTX}/facts", json=body, headers={"Idempotency-Key": "rf-1"})
        assert r.status_code == 201 and secret in r.text
        r = carol.post(BASE + "/reset", params={"scope_prefix": prefix})
        assert r.status_code == 200, r.text
        stored = b"".join(p.read_bytes() for p in live.data_dir.glob("server.db*"))
        assert secret.encode() not in stored
        r = carol.post(f"/api/v1/{CTX}/facts", json=body, headers={"Idempotency-Key": "rf-1"})
        assert r.headers.get("idempotent-replayed") != "true"


@pytest.mark.parametrize("filters", [{"AND": ["x"]}, {"OR": "ab"}, {"NOT": [1]}])
def test_malformed_filters_are_422s(live, keys, filters):
    with live.client(keys["carol"]) as carol:
        r = carol.post(
            BASE + "/search",
            params=Q,
            json={"query": "green tea", "user_id": "carol", "filters": filters},
        )
        assert r.status_code == 422, r.text
        assert "filters" in r.json()["detail"]


def test_an_add_of_too_many_messages_is_a_422_and_stores_nothing(live, keys):
    messages = [{"role": "user", "content": f"note {i}"} for i in range(101)]
    with live.client(keys["carol"]) as carol:
        before = carol.get(BASE + "/memories", params={**Q, "user_id": "carol"}).json()
        r = carol.post(
            BASE + "/memories", params=Q, json={"messages": messages, "user_id": "carol"}
        )
        assert r.status_code == 422 and "100" in r.json()["detail"]
        after = carol.get(BASE + "/memories", params={**Q, "user_id": "carol"}).json()
        assert after == before


def test_an_import_into_a_context_holding_a_scope_is_a_422(live, keys):
    with live.client(live.admin) as admin:
        lines = admin.get(f"/api/v1/{CTX}/export").text
        assert admin.post("/api/v1/contexts", json={"name": CTX + "2"}).status_code == 201
        r = admin.post(f"/api/v1/{CTX}2/scopes", json={"path": "org/acme"})
        assert r.status_code == 201, r.text
        r = admin.post(f"/api/v1/{CTX}2/import", content=lines.encode())
        assert r.status_code == 422, r.text
