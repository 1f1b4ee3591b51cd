"""mem0's REST routes under /api/v1/{context}/mem0/, against a real server on loopback: the
shapes of mem0's server, and the key's rights on every route (a customer's key reads and
changes its own user's memories only)."""

from __future__ import annotations

import httpx
import pytest
from _serve import agent_key

CTX = "m0"
ORG = "org/acme"
Q = {"scope_prefix": ORG}


def _key(admin: httpx.Client, name: str, user: str) -> str:
    me = f"{ORG}/user/{user}"
    grants = {
        "memory:read": [ORG, me, me + "/*"],
        "memory:write": [me, me + "/*"],
        "memory:forget": [me, me + "/*"],
    }
    return agent_key(admin, name, grants, [CTX])


@pytest.fixture(scope="module")
def keys(live) -> dict[str, str]:
    with live.client(live.admin) as admin:
        assert admin.post("/api/v1/contexts", json={"name": CTX}).status_code == 201
        return {"alice": _key(admin, "m0-alice", "alice"), "bob": _key(admin, "m0-bob", "bob")}


def test_the_mem0_routes_round_trip(live, keys):
    base = f"/api/v1/{CTX}/mem0"
    with live.client(keys["alice"]) as c:
        r = c.post(
            base + "/memories",
            params=Q,
            json={
                "messages": [
                    {"role": "user", "content": "I adopted a golden retriever named Biscuit"},
                    {"role": "assistant", "content": "What a lovely name!"},
                ],
                "user_id": "alice",
                "metadata": {"channel": "web"},
            },
        )
        assert r.status_code == 200, r.text
        added = r.json()["results"]
        assert [a["event"] for a in added] == ["ADD", "ADD"]
        dog = added[0]["id"]
        r = c.post(
            base + "/memories",
            params=Q,
            json={"messages": "I work as a nurse in Leeds", "user_id": "alice", "infer": False},
        )
        nurse = r.json()["results"][0]["id"]

        r = c.post(
            base + "/search", params=Q, json={"query": "what pet do I have?", "user_id": "alice"}
        )
        assert r.status_code == 200, r.text
        hits = r.json()["results"]
        assert hits[0]["id"] == dog and hits[0]["user_id"] == "alice"
        assert hits[0]["metadata"] == {"channel": "web"}
        assert isinstance(hits[0]["score"], float)
        r = c.post(
            base + "/search",
            params=Q,
            json={"query": "nurse", "filters": {"user_id": "alice", "channel": "web"}},
        )
        assert nurse not in {h["id"] for h in r.json()["results"]}

        r = c.get(base + "/memories", params={**Q, "user_id": "alice"})
        assert {m["id"] for m in r.json()["results"]} >= {dog, nurse}
        assert c.get(f"{base}/memories/{dog}", params=Q).json()["memory"].startswith("I adopted")

        r = c.put(
            f"{base}/memories/{nurse}", params=Q, json={"text": "I work as a doctor in Leeds"}
        )
        assert r.status_code == 200, r.text
        assert c.get(f"{base}/memories/{nurse}", params=Q).json()["memory"] == (
            "I work as a doctor in Leeds"
        )
        history = c.get(f"{base}/memories/{nurse}/history", params=Q).json()
        assert [(h["event"], h["old_memory"], h["new_memory"]) for h in history] == [
            ("ADD", None, "I work as a nurse in Leeds"),
            ("UPDATE", "I work as a nurse in Leeds", "I work as a doctor in Leeds"),
        ]

        assert c.delete(f"{base}/memories/{nurse}", params=Q).status_code == 200
        assert c.get(f"{base}/memories/{nurse}", params=Q).status_code == 404
        assert c.delete(f"{base}/memories/{nurse}", params=Q).status_code == 404
        r = c.post(base + "/search", params=Q, json={"query": "what pet?"})
        assert r.status_code == 422  # no user, agent or run: mem0's error, with a message
        assert "user_id" in r.json()["detail"]


def test_a_key_reaches_its_own_users_memories_only(live, keys):
    base = f"/api/v1/{CTX}/mem0"
    with live.client(keys["alice"]) as alice:
        r = alice.post(
            base + "/memories",
            params=Q,
            json={"messages": "My locker code is 4417", "user_id": "alice", "infer": False},
        )
        secret = r.json()["results"][0]["id"]
    with live.client(keys["bob"]) as bob:
        r = bob.post(
            base + "/memories", params=Q, json={"messages": "I am alice now", "user_id": "alice"}
        )
        assert r.status_code == 403
        r = bob.post(  # alice's exact words: refused alike (no oracle of what she said)
            base + "/memories",
            params=Q,
            json={"messages": "My locker code is 4417", "user_id": "alice"},
        )
        assert r.status_code == 403
        r = bob.post(base + "/search", params=Q, json={"query": "locker code", "user_id": "alice"})
        assert r.status_code == 200 and r.json()["results"] == []
        assert bob.get(base + "/memories", params={**Q, "user_id": "alice"}).json() == {
            "results": []
        }
        for call in (bob.get, bob.delete):
            assert call(f"{base}/memories/{secret}", params=Q).status_code == 404
        assert bob.get(f"{base}/memories/{secret}/history", params=Q).status_code == 404
        r = bob.put(f"{base}/memories/{secret}", params=Q, json={"text": "code is 0000"})
        assert r.status_code == 404
        assert bob.post(base + "/reset").status_code == 403  # a whole context: managers only
        r = bob.delete(base + "/memories", params={**Q, "user_id": "alice"})
        assert r.status_code == 200  # nothing of alice's is bob's to see, so nothing goes
        assert (
            "4417"
            not in bob.post(
                base + "/search", params=Q, json={"query": "code", "user_id": "bob"}
            ).text
        )
    with live.client(keys["alice"]) as alice:
        assert alice.get(f"{base}/memories/{secret}", params=Q).json()["memory"] == (
            "My locker code is 4417"
        )


def test_reset_with_a_prefix_forgets_only_what_mem0_wrote(live, keys):
    """mem0's reset promises to forget what that API wrote: with a prefix it purged the
    organisation's curated documents and the turns other APIs wrote there too."""
    prefix = "org/rst"
    base = f"/api/v1/{CTX}/mem0"
    with live.client(live.admin) as admin:
        r = admin.post(
            f"/api/v1/{CTX}/documents?wait=true",
            files={"file": ("returns.md", b"# Returns\n\nReturns are accepted within 30 days.\n")},
            data={"scope": prefix},
        )
        assert r.status_code in (200, 201), r.text
        doc = r.json()["id"]
        r = admin.post(
            f"/api/v1/{CTX}/facts",
            json={"scope": f"{prefix}/user/carol", "text": "I bank with Northwind."},
        )
        assert r.status_code == 201, r.text
        r = admin.post(
            base + "/memories",
            params={"scope_prefix": prefix},
            json={"messages": "My gate code is 7788", "user_id": "carol"},
        )
        assert r.status_code == 200, r.text
        r = admin.post(base + "/reset", params={"scope_prefix": prefix})
        assert r.status_code == 200, r.text
        assert admin.get(f"/api/v1/{CTX}/documents/{doc}").status_code == 200
        left = admin.get(f"/api/v1/{CTX}/memories", params={"lens": f"{prefix}/user/carol"})
        assert [m["text"] for m in left.json()["memories"]] == ["I bank with Northwind."]
        got = admin.get(base + "/memories", params={"scope_prefix": prefix, "user_id": "carol"})
        assert got.json() == {"results": []}
        hits = admin.post(f"/api/v1/{CTX}/query", json={"query": "gate code 7788"}).text
        assert "7788" not in hits


def test_reset_of_a_prefix_the_key_may_not_forget_is_403_empty_or_not(live, keys):
    """A reset's answer must not tell whether another customer's prefix holds memories."""
    base = f"/api/v1/{CTX}/mem0"
    with live.client(live.admin) as admin:
        r = admin.post(
            base + "/memories",
            params={"scope_prefix": "org/globex"},
            json={"messages": "My PIN is 9911", "user_id": "zed", "infer": False},
        )
        assert r.status_code == 200, r.text
    with live.client(keys["alice"]) as alice:
        full = alice.post(base + "/reset", params={"scope_prefix": "org/globex"})
        empty = alice.post(base + "/reset", params={"scope_prefix": "org/initech"})
    assert full.status_code == empty.status_code == 403, (full.text, empty.text)
    assert full.json()["detail"].replace("globex", "X") == empty.json()["detail"].replace(
        "initech", "X"
    )
