"""Reconciliation does not depend on order: curated knowledge that arrives after a belief meets
it (``knowledge/recheck.py``)."""

from __future__ import annotations

import pytest

from engramdb import Memory
from engramdb.knowledge import reads


@pytest.fixture
def mem(tmp_path):
    with Memory.open(tmp_path / "m", embedder="hashing") as m:
        yield m


def _curated(mem: Memory, fid: int):
    f = reads.fact(mem._store, fid)
    assert f.authoritative
    return f


def test_a_belief_said_before_the_policy_is_flagged_when_the_policy_arrives(mem):
    said = mem.remember(
        "Your return window is 60 days.",
        scope="org/acme/user/bob",
        session_id="s1",
    )
    assert not said.conflicts  # nothing curated yet
    doc = mem.upload(
        b"# Returns\n\nItems may be returned within 30 days of delivery.",
        name="returns.md",
        scope="org/acme",
    )
    assert doc.write.conflicts, doc.write.decisions
    c = doc.write.conflicts[0]
    assert _curated(mem, c["fact"]).value == "30 days"
    assert not reads.fact(mem._store, c["against"][0]).authoritative
    # the conflict is open in the customer's view, with the policy that applies
    conflicts = mem.state(lens="org/acme/user/bob")["conflicts"]
    assert conflicts and conflicts[0]["applies"]["value"] == "30 days"
    # uploading the same policy again opens no second conflict
    again = mem.upload(
        b"# Returns\n\nItems may be returned within 30 days of delivery.\n",
        name="returns-v2.md",
        scope="org/acme",
    )
    assert not again.write.conflicts
    assert len(mem.state(lens="org/acme/user/bob")["conflicts"]) == 1


def test_an_upsert_after_the_belief_is_flagged_and_an_agreeing_one_is_not(mem):
    mem.remember("Aria Headphones cost $99.", scope="org/acme/user/bob", session_id="s1")
    mem.remember("Orbit Speaker costs $89.", scope="org/acme/user/bob", session_id="s1")
    up = mem.remember(
        triples=[
            {"subject": "Aria Headphones", "type": "product", "key": "price", "value": "$129"},
            {"subject": "Orbit Speaker", "type": "product", "key": "price", "value": "$89"},
        ],
        scope="org/acme",
    )
    values = {_curated(mem, c["fact"]).value for c in up.conflicts}
    assert values == {"$129"}


def test_beliefs_outside_the_curated_scope_are_not_read_again(mem):
    mem.remember("Your return window is 60 days.", scope="org/globex/user/ann", session_id="s")
    doc = mem.upload(
        b"Items may be returned within 30 days of delivery.", name="r.txt", scope="org/acme"
    )
    assert not doc.write.conflicts


def test_a_second_price_list_does_not_conflict_with_the_first(tmp_path):
    """Two lists of different items ("Widget 0-1 costs $62", "Gadget 0-1 costs $75") are two
    catalogues, not a contradiction: read by likeness of their keys ("widget_0_1_price" /
    "gadget_0_1_price") the second used to open one conflict or corroboration per row, and it
    ranked every live row per claim (minutes at 150 KB). Curated against curated, the same
    attribute is the same key."""
    import random

    from engramdb import Memory

    def price_list(series: str, seed: int) -> bytes:
        rng = random.Random(seed)
        lines = [
            f"- {series} {i // 10}-{i % 10} costs ${rng.randint(5, 900)} and ships within "
            f"{rng.randint(1, 14)} days."
            for i in range(200)
        ]
        return ("# Price list\n\n" + "\n".join(lines)).encode()

    with Memory.open(tmp_path, embedder="hashing") as mem:
        mem.upload(price_list("Widget", 1), scope="org/acme", name="widgets.md")
        r = mem.upload(price_list("Gadget", 2), scope="org/acme", name="gadgets.md")
        assert r.facts == 400
        assert not r.write.conflicts and not r.write.corroborations
        assert {d["action"] for d in r.write.decisions} == {"insert"}
        again = mem.upload(price_list("Widget", 3), scope="org/acme", name="widgets-2.md")
        assert again.write.conflicts  # the same items at other prices still conflict


def test_a_belief_said_in_words_of_its_own_meets_the_policy_that_arrives_later(tmp_path):
    """'You close at 4 on Sundays', said before any catalogue, was read without one (a key of
    its own words); the hours uploaded later still meet it: the sentence is aligned again
    with the new facts, as a turn said after them would be."""
    from engramdb import Memory

    with Memory.open(tmp_path / "m", embedder="hashing") as mem:
        mem.remember("You close at 4 on Sundays.", scope="org/shop/user/ann", session_id="s")
        r = mem.upload(
            b"# Opening hours\n\n| Day | Hours |\n|---|---|\n| Saturday | 9:00 am - 6:00 pm |\n"
            b"| Sunday | 10:00 am - 5:00 pm |\n",
            name="hours.md",
            scope="org/shop",
        )
        conflicts = r.write.conflicts
        assert conflicts, r.write.decisions
        facts = {f.id: f for f in mem.facts(lens="org/shop/user/ann")}
        assert any("5:00 pm" in facts[c["fact"]].value for c in conflicts)


def test_a_write_says_when_it_read_only_the_newest_beliefs_again(tmp_path):
    from engramdb import Memory
    from engramdb.knowledge.recheck import MAX_REALIGNED

    with Memory.open(tmp_path / "m", embedder="hashing") as mem:
        for n in range(MAX_REALIGNED + 5):
            mem.remember(f"I smoke {n + 1} a day.", scope=f"org/shop/user/u{n}", session_id="s")
        r = mem.remember(
            triples=[{"subject": "Shop", "type": "organisation", "key": "price", "value": "£5"}],
            scope="org/shop",
        )
    assert any(f"newest {MAX_REALIGNED} sentences" in e for e in r.errors), r.errors
