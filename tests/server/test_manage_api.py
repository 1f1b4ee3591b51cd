"""Managing a context through the real API: memories page by page within the key's rights,
corrections in place with history, fact corrections (curated ones need memory:curate), export
and import of a whole context (managers only)."""

from __future__ import annotations

import httpx
import pytest
from _serve import agent_key

CTX = "mg"
ORG = "org/acme"
ALICE = f"{ORG}/user/alice"
BOB = f"{ORG}/user/bob"


def _key(admin: httpx.Client, name: str, grants: dict) -> str:
    return agent_key(admin, name, grants, [CTX, CTX + "2"])


@pytest.fixture(scope="module")
def keys(live) -> dict[str, str]:
    with live.client(live.admin) as admin:
        assert admin.post("/api/v1/contexts", json={"name": CTX}).status_code == 201
        r = admin.post(
            f"/api/v1/{CTX}/facts",
            json={
                "triples": [{"subject": "Acme", "key": "return_window", "value": "30 days"}],
                "scope": ORG,
            },
        )
        assert r.status_code == 201, r.text
        return {
            "alice": _key(
                admin,
                "mg-alice",
                {
                    "memory:read": [ORG, ALICE, ALICE + "/*"],
                    "memory:write": [ALICE, ALICE + "/*"],
                },
            ),
            "bob": _key(admin, "mg-bob", {"memory:read": [ORG, BOB], "memory:write": [BOB]}),
        }


def test_memories_are_paged_corrected_and_versioned_within_the_keys_rights(live, keys):
    base = f"/api/v1/{CTX}"
    with live.client(keys["alice"]) as alice, live.client(keys["bob"]) as bob:
        ids = []
        for i in range(5):
            r = alice.post(base + "/facts", json={"text": f"alice note {i}", "scope": ALICE})
            assert r.status_code == 201, r.text
            ids.append(r.json()["turnId"])
        r = bob.post(base + "/facts", json={"text": "I live in Leeds", "scope": BOB})
        bobs = r.json()["turnId"]
        page1 = alice.get(base + "/memories", params={"limit": 3}).json()["memories"]
        page2 = alice.get(base + "/memories", params={"limit": 3, "offset": 3}).json()["memories"]
        assert [m["id"] for m in page1 + page2] == ids  # bob's turn is not alice's to list
        assert bob.get(base + "/memories").json()["memories"][0]["id"] == bobs
        assert bob.get(f"{base}/memories/{ids[0]}").status_code == 404

        r = alice.patch(f"{base}/memories/{ids[0]}", json={"text": "alice note zero"})
        assert r.status_code == 200, r.text
        assert r.json()["memory"]["version"] == 2
        versions = alice.get(f"{base}/memories/{ids[0]}/history").json()["versions"]
        assert [v["text"] for v in versions] == ["alice note 0", "alice note zero"]
        assert all("actor" not in v for v in versions)  # who wrote: for administrators
        assert bob.patch(f"{base}/memories/{ids[0]}", json={"text": "hacked"}).status_code == 404
        assert alice.get(f"{base}/memories/{ids[0]}").json()["text"] == "alice note zero"

        facts = alice.get(base + "/state", params={"lens": ALICE}).json()
        curated = next(f for f in facts["knowledge"] if f["key"] == "return_window")
        r = alice.patch(f"{base}/facts/{curated['id']}", json={"value": "90 days"})
        assert r.status_code == 403  # a curated row needs memory:curate
    with live.client(live.admin) as admin:
        r = admin.get(f"{base}/memories/{ids[0]}/history")
        assert r.json()["versions"][1]["actor"]["principalId"]


def test_export_and_import_a_context(live, keys):
    with live.client(keys["alice"]) as alice:
        assert alice.get(f"/api/v1/{CTX}/export").status_code == 403
    with live.client(live.admin) as admin:
        r = admin.get(f"/api/v1/{CTX}/export")
        assert r.status_code == 200, r.text
        lines = r.text.splitlines()
        assert '"engramdb-export"' in lines[0] and len(lines) > 5
        assert admin.post("/api/v1/contexts", json={"name": CTX + "2"}).status_code == 201
        r = admin.post(f"/api/v1/{CTX}2/import", content=r.text.encode())
        assert r.status_code == 200, r.text
        assert r.json()["imported"]["turns"] >= 6
        again = admin.get(f"/api/v1/{CTX}2/export").text.splitlines()
        assert again[1:] == lines[1:]
        r = admin.post(f"/api/v1/{CTX}2/import", content="\n".join(lines).encode())
        assert r.status_code == 422  # not empty: nothing added


def test_the_client_has_what_the_server_has(live, keys):
    from engramdb.client import Client
    from engramdb.client.errors import PermissionDeniedError

    with Client(live.url, api_key=keys["alice"], context=CTX) as c:
        w = c.remember("My gym locker is 7", scope=ALICE, session_id="gym")
        assert any(s["sessionId"] == "gym" for s in c.sessions())
        mine = c.memories(session_id="gym")
        assert [m["id"] for m in mine] == [w.turn_id]
        assert c.revise(w.turn_id, "My gym locker is 9")["version"] == 2
        assert [v["text"] for v in c.memory_history(w.turn_id)] == [
            "My gym locker is 7",
            "My gym locker is 9",
        ]
        assert c.memory(w.turn_id)["text"] == "My gym locker is 9"
        with pytest.raises(PermissionDeniedError):  # this key may forget nothing: 403
            c.forget("gym locker", lens=[ALICE])
    with Client(live.url, api_key=live.admin, context=CTX) as admin:
        lines = admin.export()
        assert lines[0].startswith("{") and all(line.endswith("\n") for line in lines)


def test_history_takes_a_lens_over_rest_and_the_client(live, keys):
    from engramdb.client import Client

    with live.client(live.admin) as admin:
        for user, city in (("alice", "Oslo"), ("bob", "Rome")):
            r = admin.post(
                f"/api/v1/{CTX}/facts",
                json={"text": f"I live in {city}", "scope": f"{ORG}/user/{user}"},
            )
            assert r.status_code == 201, r.text
    with Client(live.url, api_key=live.admin, context=CTX) as c:
        everyone = [f.scope for f in c.history("person", "bob", "lives_in")]
        assert everyone and set(everyone) == {BOB}
        assert c.history("person", "bob", "lives_in", lens=[ALICE]) == []


def test_facts_are_listed_page_by_page_within_the_keys_rights(live, keys):
    from engramdb.client import Client

    base = f"/api/v1/{CTX}"
    with live.client(keys["bob"]) as bob:
        r = bob.get(base + "/facts", params={"curated": "true"})
        assert r.status_code == 200, r.text
        assert {f["key"] for f in r.json()["facts"]} == {"return_window"}
        mine = bob.get(base + "/facts", params={"lens": BOB, "curated": "false"}).json()
        assert mine["facts"] and all(f["scope"] == BOB for f in mine["facts"])
        assert bob.get(base + "/facts", params={"state": "nope"}).status_code == 422
    with Client(live.url, api_key=keys["alice"], context=CTX) as c:
        scopes = {f.scope for f in c.facts(state="all", limit=1000)}
        assert BOB not in scopes  # bob's beliefs are not alice's to list
        one, two = c.facts(limit=1), c.facts(limit=1, offset=1)
        assert one and (not two or one[0].id != two[0].id)
