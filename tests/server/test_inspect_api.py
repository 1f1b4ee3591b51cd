"""Looking inside a context through the real API (/overview, /browse, /records, /graph,
/graph/node, /why-not): every kind and state, only what the key may read, forgotten text never
shown, bounded and validated parameters."""

from __future__ import annotations

import time

import httpx
import pytest
from _serve import agent_key, cheap_config, running

from engramdb.server.app import create_app

POLICY = b"# Acme\n\nItems can be returned within 30 days.\n\nThe Aria headphones cost $199.\n"


@pytest.fixture(scope="module")
def store(live) -> dict:
    admin = live.client(live.admin)
    assert admin.post("/api/v1/contexts", json={"name": "inside"}).status_code == 201
    r = admin.post(
        "/api/v1/inside/documents?wait=true",
        files={"file": ("policy.md", POLICY, "text/markdown")},
        data={"scope": "org/acme"},
    )
    assert r.status_code == 201, r.text

    def say(who: str, text: str) -> str:
        r = admin.post(
            "/api/v1/inside/facts",
            json={"text": text, "scope": f"org/acme/user/{who}", "sessionId": f"s-{who}"},
        )
        assert r.status_code == 201, r.text
        return r.json()["turnId"]

    ids = {
        "job": say("maya", "I work at Siemens as an engineer."),
        # (the secret is in no fact read from the turn: a soft forget keeps the turn's facts)
        "sister": say("maya", "My sister Priya lives in Toronto; she keeps a secret recipe."),
        "aria": say("maya", "I think the Aria headphones cost $149."),
        "lisbon": say("maya", "I moved to Lisbon."),
    }
    time.sleep(0.01)
    between = int(time.time() * 1000)
    time.sleep(0.01)
    ids["porto"] = say("maya", "I moved to Porto.")
    ids["bob"] = say("bob", "I live in Berlin and my dog is called Rex.")
    ids["agree"] = say("bob", "The Aria headphones cost $199.")  # corroborates the policy
    r = admin.patch(
        f"/api/v1/inside/memories/{ids['job']}", json={"text": "I work at Bosch as an engineer."}
    )
    assert r.status_code == 200, r.text
    assert admin.post("/api/v1/inside/forget", json={"id": ids["sister"]}).status_code == 200
    maya = agent_key(
        admin, "maya-inside", {"memory:read": ["org/acme", "org/acme/user/maya"]}, ["inside"]
    )
    org = agent_key(admin, "org-inside", {"memory:read": ["org/acme"]}, ["inside"])
    return {
        "ids": ids,
        "maya": live.client(maya),
        "org": live.client(org),
        "admin": admin,
        "between": between,
    }


def rows(client, **query) -> dict:
    r = client.get("/api/v1/inside/browse", params={"limit": 500, **query})
    assert r.status_code == 200, r.text
    return r.json()


def test_browse_lists_every_kind_in_its_state(store):
    ids = store["ids"]
    got = rows(store["admin"])
    by = {(r["kind"], r["id"]): r for r in got["rows"]}
    assert got["page"]["total"] == len(got["rows"])
    assert by[("turn", ids["job"])]["state"] == "live"
    assert by[("turn", ids["job"])]["text"] == "I work at Bosch as an engineer."
    old = by[("turn", f"{ids['job']}@v1")]
    assert old["state"] == "superseded" and "Siemens" in old["text"]
    assert by[("turn", ids["sister"])]["state"] == "forgotten"
    facts = {r["text"]: r["state"] for r in got["rows"] if r["kind"] == "fact"}
    assert facts["maya lives_in = Lisbon"] == "superseded"  # replaced by Porto
    assert facts["maya lives_in = Porto"] == "live"
    assert facts["maya employer = Siemens"] == "expired"  # its turn was corrected
    chunks = [r for r in got["rows"] if r["kind"] == "chunk"]
    assert chunks and all(r["curated"] and r["label"] == "policy.md" for r in chunks)
    times = [r["timeMs"] for r in got["rows"]]
    assert times == sorted(times, reverse=True)  # newest first


def test_forgotten_text_is_never_shown_nor_matched(store):
    got = rows(store["admin"], state="forgotten")
    assert [r["id"] for r in got["rows"]] == [store["ids"]["sister"]]
    assert got["rows"][0]["text"] is None
    assert rows(store["admin"], q="secret recipe")["page"]["total"] == 0
    r = store["admin"].get(f"/api/v1/inside/records/turn/{store['ids']['sister']}")
    assert r.status_code == 200
    assert r.json()["text"] is None and r.json()["history"] == []
    assert "secret" not in r.text


def test_filters_and_pages(store):
    admin = store["admin"]
    assert {r["kind"] for r in rows(admin, kind="fact")["rows"]} == {"fact"}
    assert {r["scope"] for r in rows(admin, scope="org/acme/user/bob")["rows"]} == {
        "org/acme/user/bob"
    }
    assert {r["sessionId"] for r in rows(admin, sessionId="s-bob")["rows"]} == {"s-bob"}
    after = rows(admin, since=str(store["between"]), kind="turn")["rows"]
    assert store["ids"]["lisbon"] not in {r["id"] for r in after}
    assert store["ids"]["porto"] in {r["id"] for r in after}
    whole = rows(admin)["rows"]
    first = admin.get("/api/v1/inside/browse", params={"limit": 3}).json()
    second = admin.get("/api/v1/inside/browse", params={"limit": 3, "offset": 3}).json()
    assert [r["id"] for r in first["rows"] + second["rows"]] == [r["id"] for r in whole[:6]]
    assert first["page"]["total"] == len(whole)
    r = admin.get("/api/v1/inside/browse", params={"state": "gone"})
    assert r.status_code == 422 and "live" in r.json()["detail"]
    r = admin.get("/api/v1/inside/browse", params={"limit": 501})
    assert r.status_code == 422 and r.json()["limit"] == 500


def test_a_key_sees_only_what_it_may_read(store):
    maya, ids = store["maya"], store["ids"]
    got = rows(maya)
    assert {r["scope"] for r in got["rows"]} == {"org/acme", "org/acme/user/maya"}
    assert rows(maya, q="Berlin")["page"]["total"] == 0
    assert rows(maya, scope="org/acme/user/bob")["page"]["total"] == 0
    # another customer's turn is not there, exactly as a made-up id
    for rid in (ids["bob"], "turn-does-not-exist"):
        r = maya.get(f"/api/v1/inside/records/turn/{rid}")
        assert r.status_code == 404, r.text
    mine = maya.get("/api/v1/inside/overview").json()
    every = store["admin"].get("/api/v1/inside/overview").json()
    assert mine["kinds"]["turn"]["live"] == every["kinds"]["turn"]["live"] - 2  # bob's
    assert mine["health"] is None and every["health"]["log"]["lsn"] > 0
    assert every["health"]["index"]["knowledgeCheck"] is None  # (reads the whole file: asked)
    checked = store["admin"].get("/api/v1/inside/overview", params={"check": "true"}).json()
    assert checked["health"]["index"]["knowledgeCheck"] == "ok"
    episodic = every["tiers"]["episodic"]
    assert episodic["live"] == 6 and episodic["forgotten"] == 2  # a revision, a forget


def test_record_detail_has_clocks_chain_and_provenance(store):
    admin = store["admin"]
    lisbon = next(
        r for r in rows(admin, kind="fact")["rows"] if r["text"] == "maya lives_in = Lisbon"
    )
    d = admin.get(f"/api/v1/inside/records/fact/{lisbon['id']}").json()
    assert [c["value"] for c in d["chain"]] == ["Lisbon", "Porto"]
    assert d["chain"][0]["this"] is True
    assert d["clocks"]["closedMs"] >= d["clocks"]["knownMs"]
    assert d["provenance"][0]["kind"] == "turn"
    assert d["provenance"][0]["ref"] == store["ids"]["lisbon"]
    turn = admin.get(f"/api/v1/inside/records/turn/{store['ids']['job']}").json()
    assert [v["event"] for v in turn["history"]] == ["ADD", "UPDATE"]
    assert {f["text"]: f["live"] for f in turn["facts"]}["maya employer = Bosch"] is True
    for path in ("records/fact/abc", "records/instruction/x1", "records/chunk/nope"):
        assert admin.get(f"/api/v1/inside/{path}").status_code == 404, path
    assert admin.get("/api/v1/inside/records/memo/1").status_code == 422


def test_graph_is_bounded_read_scoped_and_as_of(store):
    admin, maya = store["admin"], store["maya"]
    g = admin.get("/api/v1/inside/graph", params={"entity": "maya"}).json()
    names = {n["name"] for n in g["nodes"]}
    assert g["root"] == "person:maya" and {"Porto", "Bosch"} <= names
    assert "Lisbon" not in names  # superseded by now
    then = admin.get(
        "/api/v1/inside/graph", params={"entity": "maya", "asOf": store["between"]}
    ).json()
    assert "Lisbon" in {n["name"] for n in then["nodes"]}
    assert "Porto" not in {n["name"] for n in then["nodes"]}
    assert maya.get("/api/v1/inside/graph", params={"entity": "bob"}).status_code == 404
    every = maya.get("/api/v1/inside/graph").json()
    assert all(set(n["scopes"]) <= {"org/acme", "org/acme/user/maya"} for n in every["nodes"])
    assert "Berlin" not in {n["name"] for n in every["nodes"]}
    r = admin.get("/api/v1/inside/graph", params={"depth": 3})
    assert r.status_code == 422 and r.json()["limit"] == 2
    r = admin.get("/api/v1/inside/graph", params={"limit": 501})
    assert r.status_code == 422 and r.json()["limit"] == 500
    node = maya.get("/api/v1/inside/graph/node", params={"type": "person", "name": "maya"}).json()
    assert node["attributes"]["lives_in"][0]["value"] == "Porto"  # spelled as stored
    assert store["ids"]["porto"] in {m["id"] for m in node["memories"]}
    r = maya.get("/api/v1/inside/graph/node", params={"type": "person", "name": "bob"})
    assert r.status_code == 404


def test_why_not_explains_a_rank_and_hides_what_it_may_not_read(store):
    maya, ids = store["maya"], store["ids"]
    r = maya.post("/api/v1/inside/why-not", json={"id": ids["aria"], "query": "Aria price"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["returned"] is True and body["rank"] >= 1
    assert {"similarity", "lexical", "importance"} <= set(body["explain"])
    r = maya.post("/api/v1/inside/why-not", json={"id": ids["bob"], "query": "dog"})
    assert r.status_code == 404
    r = maya.post("/api/v1/inside/why-not", json={"id": ids["sister"], "query": "sister"})
    assert r.status_code == 404  # forgotten: not even an answer about it
    r = store["admin"].post(
        "/api/v1/inside/why-not", json={"id": ids["bob"], "query": "dog", "k": 0}
    )
    assert r.status_code == 422


def test_conflict_sides_say_who_said_it_and_where_the_policy_is(store):
    got = store["maya"].get("/api/v1/inside/conflicts").json()["conflicts"]
    aria = next(c for c in got if "$149" in {s["value"] for s in c["sides"]})
    said = next(s for s in aria["sides"] if not s["authoritative"])
    assert said["saidBy"] == "maya"
    assert aria["applies"]["sourceLabel"] == "policy.md v1"


def test_the_dashboard_can_be_turned_off(tmp_path):
    with running(create_app(cheap_config(tmp_path, dashboard=False))) as url:
        assert httpx.get(url + "/ui/").status_code == 401  # not public: an unknown path
        assert httpx.get(url + "/api/v1/health").status_code == 200


def test_provenance_hides_a_source_the_key_may_not_read(store):
    policy = next(
        r
        for r in rows(store["admin"], kind="fact")["rows"]
        if r["curated"] and r["text"].endswith("$199")
    )
    path = f"/api/v1/inside/records/fact/{policy['id']}"
    seen = store["admin"].get(path).json()["provenance"]
    assert store["ids"]["agree"] in {p.get("ref") for p in seen}  # bob's turn agreed
    shown = store["org"].get(path).json()["provenance"]
    assert {"kind": "turn", "hidden": True} in shown
    assert store["ids"]["agree"] not in str(shown) and "s-bob" not in str(shown)
    assert any(p.get("document") == "policy.md" for p in shown)
