"""The ``Memory`` façade end to end: the seed's worked example and the behaviours issue 6 names,
against a real store (SQLite files, engine segments, the shipped embedder)."""

from __future__ import annotations

import sqlite3

import pytest

from engramdb import Memory, ValidationError

ORG = "org/acme"
BOB = "org/acme/user/bob"
ALICE = "org/acme/user/alice"


@pytest.fixture
def mem(tmp_path):
    m = Memory.open(tmp_path / "store")
    yield m
    m.close()


def _curated_rows(path) -> list[tuple]:
    con = sqlite3.connect(path / "knowledge.db")
    try:
        return con.execute(
            "SELECT id, value, closed_ms, valid_until_ms, superseded_by, forgotten FROM facts "
            "WHERE authoritative=1 ORDER BY id"
        ).fetchall()
    finally:
        con.close()


def test_worked_example_policy_stands_belief_is_kept_conflict_is_shown(mem, tmp_path):
    doc = mem.upload(
        b"# Returns\n\nReturns are accepted within 30 days of delivery.\n",
        name="returns.md",
        scope=ORG,
    )
    assert doc.facts == 1 and doc.chunks == 1
    before = _curated_rows(tmp_path / "store")
    r = mem.remember("Your return policy is 60 days.", scope=BOB, session_id="s1")
    # the curated row is unchanged
    assert _curated_rows(tmp_path / "store") == before
    # the belief is stored in the customer's scope, with its provenance
    belief = r.facts[0]
    assert (belief.value, belief.scope, belief.authoritative) == ("60 days", BOB, False)
    assert belief.source_kind == "turn" and belief.source_ref == r.turn_id
    # an uncertainty is open
    assert len(r.conflicts) == 1 and r.uncertainties[0]["kind"] == "conflict"
    assert [u["kind"] for u in mem.uncertainties(lens=BOB)] == ["conflict"]
    # state, profile and context show the conflict and the policy that applies
    state = mem.state(lens=BOB)
    (conflict,) = state["conflicts"]
    assert conflict["applies"]["value"] == "30 days" and conflict["applies"]["authoritative"]
    assert {s["value"] for s in conflict["sides"]} == {"30 days", "60 days"}
    assert mem.profile(lens=BOB)["conflicts"][0]["applies"]["value"] == "30 days"
    ctx = mem.context("how long do I have to return an item?", lens=BOB)
    assert "Returns are accepted within 30 days of delivery. [source: returns.md v1]" in ctx
    assert "experiential" in ctx and "Your return policy is 60 days." in ctx
    assert "the policy that applies says '30 days'" in ctx
    # another customer sees the policy and no conflict
    assert mem.state(lens=ALICE)["conflicts"] == []
    # query ranks the fact and the passages together
    hits = mem.query("return window", lens=BOB, k=5)
    assert "fact" in {h.kind for h in hits}
    # the one-sentence policy's chunk says what its fact says: one hit, naming the other
    named = {i for h in hits for i in [h.id, *h.source.get("same_text", [])]}
    assert any(i.startswith("chunk-") for i in named)
    every = mem.query("return window", lens=BOB, k=5, one_per_text=False)
    assert {h.kind for h in every} >= {"fact", "chunk"}


def test_used_to_is_history_not_a_current_fact(mem):
    mem.remember("I have a cat named Miso.", scope=ALICE, session_id="s1")
    assert any(f.key == "pet" for f in mem.facts(lens=ALICE))
    r = mem.remember("I used to have a cat.", scope=ALICE, session_id="s1")
    assert r.corrections and r.decisions[0]["action"] == "historic"
    assert not any(f.key == "pet" for f in mem.facts(lens=ALICE))
    past = mem.history("person", "alice", "pet", lens=ALICE)
    assert len(past) == 2 and all(not f.live for f in past)


def test_a_cat_only_ever_in_the_past(mem):
    r = mem.remember("I used to have a cat.", scope=ALICE)
    assert r.facts and not r.facts[0].live  # stored as history, closed
    assert mem.facts(lens=ALICE) == []
    assert mem.state(lens=ALICE)["conflicts"] == []


def test_role_change_with_as_of_before_and_after(mem):
    mem.remember("I'm Head of Platform at Acme.", scope=ALICE, observed_at="2026-01-10T09:00:00Z")
    r = mem.remember("I'm now the CTO.", scope=ALICE, observed_at="2026-06-01T09:00:00Z")
    assert [c["action"] for c in r.corrections] == ["supersede"] and not r.conflicts
    before = mem.entity("person", "alice", as_of="2026-03-01T00:00:00Z", lens=ALICE)
    after = mem.entity("person", "alice", as_of="2026-07-01T00:00:00Z", lens=ALICE)
    assert [a["value"] for a in before["attributes"]["role"]] == ["Head of Platform"]
    assert [a["value"] for a in after["attributes"]["role"]] == ["CTO"]
    assert [f.value for f in mem.history("person", "alice", "role")] == ["Head of Platform", "CTO"]
    assert after["attributes"]["employer"][0]["value"] == "Acme"


def test_instruction_given_then_revoked(mem):
    r = mem.remember("Always answer in British English.", scope=ALICE)
    assert [i["text"] for i in r.instructions] == ["Always answer in British English"]
    assert [i["text"] for i in mem.state(lens=ALICE)["instructions"]] == [
        "Always answer in British English"
    ]
    assert "Always answer in British English" in mem.context(lens=ALICE)
    r = mem.remember("You no longer need to answer in British English.", scope=ALICE)
    assert r.revoked and r.revoked[0]["text"] == "Always answer in British English"
    assert mem.instructions(lens=ALICE) == []
    kept = mem.instructions(lens=ALICE, include_revoked=True)
    assert len(kept) == 1 and kept[0]["active"] is False  # deactivated, not deleted
    # a revocation that matches nothing, phrased as an order, is a new instruction
    r = mem.remember("Stop using emojis.", scope=ALICE)
    assert [i["text"] for i in r.instructions] == ["Stop using emojis"]


def test_two_users_in_different_scopes_coexist(mem):
    a = mem.remember("I live in Berlin.", scope=ALICE)
    b = mem.remember("I live in Paris.", scope=BOB)
    assert not a.conflicts and not b.conflicts and not b.corrections
    assert [f.value for f in mem.facts(lens=ALICE)] == ["Berlin"]
    assert [f.value for f in mem.facts(lens=BOB)] == ["Paris"]
    # the org's lens sees both users; each user sees only their own
    assert sorted(f.value for f in mem.facts(lens=ORG)) == ["Berlin", "Paris"]
    # the same user moving supersedes
    r = mem.remember("I moved to Lisbon last month.", scope=ALICE)
    assert r.corrections and [f.value for f in mem.facts(lens=ALICE)] == ["Lisbon"]


def test_chat_mention_resolves_to_the_catalogue_entity_without_merging(mem):
    mem.remember(
        triples=[
            {"subject": "AirPods Pro", "type": "product", "key": "price", "value": "$249"},
            {"subject": "AirPods Pro", "type": "product", "key": "warranty", "value": "1 year"},
        ],
        scope=ORG,
    )
    r = mem.remember("My AirPods keep disconnecting from my laptop.", scope=BOB)
    assert r.links and r.links[0]["target"] == "AirPods Pro"
    mine = mem.entity("product", "AirPods", lens=BOB)
    assert mine["links"] == [
        {"scope": BOB, "resolves_to": {"type": "product", "name": "AirPods Pro"}}
    ]
    catalogue = mem.entity("product", "AirPods Pro", lens=ORG)
    assert catalogue["name"] == "AirPods Pro" and catalogue["scopes"] == [ORG]
    assert catalogue["attributes"]["price"][0]["value"] == "$249"


def test_reimporting_triples_supersedes_instead_of_duplicating(mem):
    t = [{"subject": "Kettle", "type": "product", "key": "price", "value": "$40"}]
    mem.remember(triples=t, scope=ORG)
    again = mem.remember(triples=t, scope=ORG)
    assert again.corroborations and not again.facts  # the same value: nothing new
    changed = mem.remember(
        triples=[{"subject": "Kettle", "type": "product", "key": "price", "value": "$45"}],
        scope=ORG,
    )
    assert changed.decisions[0]["action"] == "supersede" and not changed.conflicts
    assert [f.value for f in mem.facts(lens=ORG)] == ["$45"]


def test_new_document_version_supersedes_its_own_facts(mem):
    mem.upload(b"Returns are accepted within 30 days of delivery.", name="r.txt", scope=ORG)
    same = mem.upload(b"Returns are accepted within 30 days of delivery.", name="r.txt", scope=ORG)
    assert same.unchanged and same.version == 1
    v2 = mem.upload(b"Returns are accepted within 45 days of delivery.", name="r.txt", scope=ORG)
    assert v2.version == 2 and v2.superseded_version == 1
    assert [f.value for f in mem.facts(lens=ORG)] == ["45 days"]
    hits = mem.query("returns accepted within days", lens=ORG, k=5)
    assert not any("30 days" in h.text for h in hits if h.kind == "chunk")


def test_forget_soft_purge_and_scope_subtree(mem, tmp_path):
    mem.remember("I live in Berlin.", scope=ALICE)
    mem.remember("I live in Paris.", scope=BOB)
    fid = mem.facts(lens=ALICE)[0].id
    assert mem.forget(id=f"fact:{fid}")["facts"] == 1
    assert mem.facts(lens=ALICE) == []
    counts = mem.forget(scope="org/acme/user", purge=True)
    assert counts["facts"] == 2 and counts["turns"] == 2
    assert mem.facts() == [] and mem.query("Paris", k=5) == []
    with pytest.raises(ValidationError):
        mem.forget()


def test_consolidation_counts_repeated_observations(mem):
    for i in range(3):
        mem.remember("I prefer dark mode.", scope=ALICE, session_id=f"s{i}")
    report = mem.consolidate()
    assert report["promoted"] == 1
    (fact,) = [f for f in mem.facts(lens=ALICE) if f.key == "prefers"]
    assert fact.corroborations == 2


def test_context_expires_after_its_time_to_live(mem):
    mem.remember("I'm debugging the checkout today.", scope=ALICE, observed_at=1_780_000_000_000)
    assert [f.category for f in mem.facts(lens=ALICE, now=1_780_000_000_000 + 1)] == ["context"]
    later = 1_780_000_000_000 + 8 * 86_400_000
    assert mem.facts(lens=ALICE, now=later) == []
    assert mem.consolidate(now=later)["expired"] == 1


def test_bad_input_is_refused_and_loses_nothing(mem):
    mem.remember("I live in Berlin.", scope=ALICE)
    for call, field in (
        (lambda: mem.remember("", scope=ALICE), "text"),
        (lambda: mem.remember("hi", scope="org//x y"), "scope"),
        (lambda: mem.remember("hi", scope=ALICE, role="boss"), "role"),
        (lambda: mem.remember(triples=[{"subject": "x"}], scope=ORG), "triples[0].key"),
        (lambda: mem.remember(triples=[], scope=ORG), "triples"),
        (lambda: mem.query("x", mode="fuzzy"), "mode"),
        (lambda: mem.remember("hi", scope=ALICE, observed_at="yesterday-ish"), "observed_at"),
    ):
        with pytest.raises(ValidationError) as e:
            call()
        assert e.value.field == field
    assert [f.value for f in mem.facts(lens=ALICE)] == ["Berlin"]


def test_reopen_keeps_everything(tmp_path):
    with Memory.open(tmp_path / "s") as m:
        m.upload(b"Returns are accepted within 30 days.", name="r.md", scope=ORG)
        m.remember("Your return policy is 60 days.", scope=BOB)
    with Memory.open(tmp_path / "s") as m:
        assert len(m.state(lens=BOB)["conflicts"]) == 1
        hits = m.query("return policy", lens=BOB, one_per_text=False)
        assert {h.kind for h in hits} >= {"chunk", "turn"}


def test_relative_dates_set_valid_time_from_the_turns_time(mem):
    mem.remember("I moved to Lisbon last month.", scope=ALICE, observed_at="2026-06-15T10:00:00Z")
    (fact,) = mem.facts(lens=ALICE, as_of="2026-06-16T00:00:00Z")
    # valid from the start of May (the month before the turn), known from the turn
    assert fact.valid_from_ms == 1_777_593_600_000  # 2026-05-01T00:00:00Z
    assert fact.known_ms == 1_781_517_600_000  # 2026-06-15T10:00:00Z
    span = mem.db.execute(
        "SELECT span_start, span_end FROM facts WHERE id=?", (fact.id,)
    ).fetchone()
    assert span == (0, len("I moved to Lisbon last month"))


def test_hedged_and_vague_statements_open_uncertainties(mem):
    r = mem.remember("I think my manager is Priya.", scope=ALICE)
    assert r.facts and r.facts[0].confidence < 0.7
    assert any("hedge" in u["reason"] for u in r.uncertainties)
    r = mem.remember("I'll move to Madrid soon.", scope=BOB)
    assert any("soon" in u["reason"] for u in r.uncertainties)


def test_an_employer_is_a_relation_to_an_organisation_entity(mem):
    mem.remember("I work at Initech.", scope=ALICE)
    org = mem.entity("organisation", "Initech", lens=ALICE)
    assert org["name"] == "Initech"
    (fact,) = [f for f in mem.facts(lens=ALICE) if f.key == "employer"]
    row = mem.db.execute("SELECT object_id FROM facts WHERE id=?", (fact.id,)).fetchone()
    assert row[0] is not None


def test_a_long_turn_is_read_for_facts_up_to_the_limit_and_stored_whole(mem):
    """Facts come from the first MAX_READ_CHARS characters (a crafted 64 KiB turn would hold
    the write lock for over a second); the whole turn is stored and found by search."""
    from engramdb.knowledge.extract import MAX_READ_CHARS

    filler = "We talked about the weather for a while. " * (MAX_READ_CHARS // 40 + 10)
    text = "I live in Lisbon. " + filler + "My dog is named Quillfeather."
    r = mem.remember(text, scope="org/acme/user/bob", session_id="s1")
    values = {f.value for f in r.facts}
    assert "Lisbon" in values and "Quillfeather" not in values
    assert any(f"limit {MAX_READ_CHARS}" in e for e in r.errors)
    hits = mem.query("Quillfeather", lens="org/acme/user/bob")
    assert any(h.id == r.turn_id for h in hits)


def test_query_returns_one_hit_per_text(mem):
    """A turn and the fact read from it say the same words: one hit, naming the other."""
    for _ in range(2):
        mem.remember("I live in Lisbon.", scope=BOB, session_id="s1")
    mem.remember("I adopted a dog named Biscuit.", scope=BOB, session_id="s1")
    hits = mem.query("where do I live, Lisbon?", lens=BOB, k=5)
    texts = [h.text for h in hits]
    assert texts.count("I live in Lisbon.") == 1
    lisbon = next(h for h in hits if h.text == "I live in Lisbon.")
    assert lisbon.kind == "fact"  # the fact speaks for the group: it carries provenance
    assert len(lisbon.source["same_text"]) == 2  # the two turns


def test_the_change_log_follows_what_the_index_holds(mem):
    """The fact index follows writes through the ``changes`` log: a turn logs the facts it
    stores, a curated upsert its fact and entity, a forget the fact it forgets, a reinforcement
    the facts it reinforced; and a turn after the operator forgets a curated price no longer
    meets it."""

    def top() -> int:
        return mem.db.execute("SELECT COALESCE(MAX(seq), 0) FROM changes").fetchone()[0]

    v0 = top()
    mem.remember("My dog is called Rex.", scope=BOB)
    v1 = top()
    assert v1 > v0
    hits = mem.query("what is my dog called", lens=BOB)  # (reinforces what it returns)
    returned = {int(h.id[5:]) for h in hits if h.kind == "fact"}
    logged = {r[0] for r in mem.db.execute("SELECT row_id FROM changes WHERE seq > ?", (v1,))}
    assert logged <= returned  # (its importance moved: the index follows; nothing else)
    v1 = top()
    r = mem.remember(
        triples=[{"subject": "Zeta Lamp", "type": "product", "key": "price", "value": "£25"}],
        scope=ORG,
    )
    v2 = top()
    logged = {
        tuple(x) for x in mem.db.execute("SELECT kind, row_id FROM changes WHERE seq > ?", (v1,))
    }
    assert (0, r.facts[0].id) in logged and any(kind == 1 for kind, _ in logged)
    assert mem.remember("the Zeta Lamp costs £40", scope=BOB).conflicts  # meets the curated row
    mem.forget(id=r.facts[0].id)
    assert (0, r.facts[0].id) in {
        tuple(x) for x in mem.db.execute("SELECT kind, row_id FROM changes WHERE seq > ?", (v2,))
    }
    assert not mem.remember("the Zeta Lamp costs £45", scope=BOB).conflicts
