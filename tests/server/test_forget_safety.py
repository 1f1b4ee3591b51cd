"""Forget through the real API, as an attacker and an agent met it: the answer to a forget of
another customer's scope does not depend on whether that scope holds data (it was 403 for a
scope with rows, 200 with zero counts for an empty one), and a forget by query removes only
what is related to the query (``"my medical diagnosis"`` deleted "My dog is called Rolo.");
``dryRun`` shows what would go without removing it."""

from __future__ import annotations

import httpx
import pytest
from _serve import agent_key

CTX = "fs"
ACME = "org/acme"
GLOBEX = "org/globex"
DOG = "My dog is called Rolo."
TEA = "I prefer green tea in the morning."


@pytest.fixture(scope="module")
def keys(live) -> dict[str, str]:
    with live.client(live.admin) as admin:
        assert admin.post("/api/v1/contexts", json={"name": CTX}).status_code == 201
        for scope, text in (
            (f"{GLOBEX}/user/zed", "My account number is 5512."),
            (f"{ACME}/user/dana", DOG),
            (f"{ACME}/user/dana", TEA),
        ):
            r = admin.post(f"/api/v1/{CTX}/facts", json={"text": text, "scope": scope})
            assert r.status_code == 201, r.text
        me = f"{ACME}/user/dana"
        dana = agent_key(
            admin,
            "fs-dana",
            {
                "memory:read": [me, me + "/*"],
                "memory:write": [me, me + "/*"],
                "memory:forget": [me, me + "/*"],
            },
            [CTX],
        )
        acme = agent_key(
            admin,
            "fs-acme",
            {
                "memory:read": [ACME + "/*"],
                "memory:write": [ACME + "/*"],
                "memory:forget": [ACME + "/*"],
            },
            [CTX],
        )
    return {"dana": dana, "acme": acme}


def _texts(admin: httpx.Client, scope: str) -> list[str]:
    r = admin.get(f"/api/v1/{CTX}/memories", params={"lens": scope})
    assert r.status_code == 200, r.text
    return sorted(m["text"] for m in r.json()["memories"] if m["scope"] == scope)


def test_forget_of_another_customers_scope_is_403_whether_or_not_it_holds_data(live, keys):
    with live.client(keys["acme"]) as acme:
        full = acme.post(f"/api/v1/{CTX}/forget", json={"scope": f"{GLOBEX}/user/zed"})
        empty = acme.post(f"/api/v1/{CTX}/forget", json={"scope": f"{GLOBEX}/user/nobody"})
        for purge in (False, True):
            r = acme.post(
                f"/api/v1/{CTX}/forget", json={"scope": f"{GLOBEX}/user/nobody", "purge": purge}
            )
            assert r.status_code == 403, r.text
    assert full.status_code == empty.status_code == 403, (full.text, empty.text)
    shape = {k: v for k, v in full.json().items() if k not in ("detail", "scope", "instance")}
    other = {k: v for k, v in empty.json().items() if k not in ("detail", "scope", "instance")}
    assert shape == other
    assert full.json()["detail"].replace("zed", "X") == empty.json()["detail"].replace(
        "nobody", "X"
    )
    with live.client(live.admin) as admin:
        assert _texts(admin, f"{GLOBEX}/user/zed") == ["My account number is 5512."]


def test_forget_by_query_has_a_relevance_floor_and_a_dry_run(live, keys):
    me = f"{ACME}/user/dana"
    with live.client(keys["dana"]) as dana:
        r = dana.post(f"/api/v1/{CTX}/forget", json={"query": "my medical diagnosis"})
        assert r.status_code == 200, r.text
        body = r.json()
        assert not any(v for v in body.values() if isinstance(v, int) and not isinstance(v, bool))
        assert "nothing" in body["message"].lower()
        with live.client(live.admin) as admin:
            assert _texts(admin, me) == sorted([DOG, TEA])

        r = dana.post(f"/api/v1/{CTX}/forget", json={"query": "forget my dog", "dryRun": True})
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["dryRun"] is True and body["turns"] == 1
        assert {w["text"] for w in body["wouldForget"]} == {DOG}
        with live.client(live.admin) as admin:
            assert _texts(admin, me) == sorted([DOG, TEA])  # a dry run removes nothing

        r = dana.post(f"/api/v1/{CTX}/forget", json={"query": "forget my dog"})
        assert r.status_code == 200, r.text
        assert r.json()["turns"] == 1 and "dryRun" not in r.json()
        with live.client(live.admin) as admin:
            assert _texts(admin, me) == [TEA]

        r = dana.post(f"/api/v1/{CTX}/forget", json={"scope": me, "dryRun": True})
        assert r.status_code == 200 and r.json()["turns"] == 1, r.text
        assert r.json()["wouldForget"][0]["text"] == TEA
        r = dana.post(f"/api/v1/{CTX}/forget", json={"scope": f"{GLOBEX}/user/zed", "dryRun": 1})
        assert r.status_code == 422  # a flag of a destructive call: JSON true or false only
        r = dana.post(f"/api/v1/{CTX}/forget", json={"scope": f"{GLOBEX}/user/zed", "dryRun": True})
        assert r.status_code == 403  # a dry run is checked like the real one
    with live.client(live.admin) as admin:
        assert _texts(admin, me) == [TEA]


DIAGNOSIS = "I was diagnosed with type 2 diabetes last year."
SESSION = (
    "What's the weather like in Leeds today?",
    DIAGNOSIS,
    "My dog is called Rolo.",
    "I like hiking in the mountains.",
)


def test_a_forget_by_query_judges_each_turn_by_its_own_words(live, keys):
    """A turn's full-text score covers its neighbours' words (the engine's window): a forget
    of "diabetes" would have removed the hiking turn after it, which shares no word."""
    me = f"{ACME}/user/dana/health"
    with live.client(keys["dana"]) as dana:
        for text in SESSION:
            r = dana.post(
                f"/api/v1/{CTX}/facts", json={"text": text, "scope": me, "sessionId": "walks"}
            )
            assert r.status_code == 201, r.text
        r = dana.post(
            f"/api/v1/{CTX}/forget", json={"query": "diabetes", "lens": [me], "dryRun": True}
        )
        assert r.status_code == 200, r.text
        assert {w["text"] for w in r.json()["wouldForget"]} == {DIAGNOSIS}
        r = dana.post(f"/api/v1/{CTX}/forget", json={"query": "diabetes", "lens": [me]})
        assert r.status_code == 200 and r.json()["turns"] == 1, r.text
    with live.client(live.admin) as admin:
        assert _texts(admin, me) == sorted(set(SESSION) - {DIAGNOSIS})


def test_a_dry_run_takes_no_read_slot_while_a_write_holds_the_store(tmp_path):
    """With one read slot for the process, a dry run used to take it and then wait for the
    context's write lock: every tenant's reads waited behind the write. Now it plans on a
    snapshot: it answers while the lock is held, and so do other contexts' queries."""
    import threading

    from _serve import cheap_config, running

    from engramdb.server.app import create_app

    app = create_app(cheap_config(tmp_path, read_concurrency=1))
    admin_token = app.state.auth.bootstrap()
    with running(app) as url:
        admin = httpx.Client(
            base_url=url, headers={"Authorization": f"Bearer {admin_token}"}, timeout=30
        )
        with admin:
            for name in ("busy", "other"):
                assert admin.post("/api/v1/contexts", json={"name": name}).status_code == 201
                r = admin.post(f"/api/v1/{name}/facts", json={"text": DOG, "scope": ACME})
                assert r.status_code == 201, r.text
            with app.state.contexts.use("busy", exclusive=False, slot=False) as mem:
                mem._store.lock.acquire()  # a long write (a purge, an upload's write phase)
                try:
                    quick = httpx.Client(
                        base_url=url, headers={"Authorization": f"Bearer {admin_token}"}, timeout=8
                    )
                    answers: dict[str, object] = {}

                    def dry() -> None:
                        try:
                            answers["dry"] = quick.post(
                                "/api/v1/busy/forget", json={"query": "Rolo", "dryRun": True}
                            )
                        except httpx.TimeoutException as e:
                            answers["dry"] = e

                    t = threading.Thread(target=dry)
                    t.start()
                    other = quick.post("/api/v1/other/query", json={"query": "Rolo"})
                    t.join(timeout=20)
                    assert other.status_code == 200, other.text
                    got = answers["dry"]
                    assert isinstance(got, httpx.Response), f"the dry run waited: {got!r}"
                    assert got.status_code == 200, got.text
                    assert {w["text"] for w in got.json()["wouldForget"]} == {DOG}
                finally:
                    mem._store.lock.release()
                    t.join(timeout=30)
                    quick.close()
