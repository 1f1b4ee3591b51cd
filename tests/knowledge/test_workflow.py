"""Acting on conflicts (``Memory.resolve_conflict``, ``knowledge/workflow.py``) and the bounded,
never-mixed context block (``Memory.context(budget=...)``) and paged ``state``, through the
Python API against a real store."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping

import pytest

from engramdb import Memory, NotFoundError, ValidationError
from engramdb.errors import ForbiddenError
from engramdb.knowledge.workflow import dismissed

ORG = "org/acme"
BOB = "org/acme/user/bob"
ALICE = "org/acme/user/alice"
POLICY = b"# Returns\n\nReturns are accepted within 30 days of delivery.\n"


class Grants:
    """A caller with verb -> scope prefixes (``org/acme/*`` the subtree, else exact)."""

    def __init__(self, grants: Mapping[str, list[str]]):
        self.grants = grants

    def can(self, verb: str, path: str) -> bool:
        for p in self.grants.get(verb, ()):
            if p.endswith("/*") and (path == p[:-2] or path.startswith(p[:-1])):
                return True
            if p == path:
                return True
        return False

    def readable(self, scope: str) -> bool:
        return self.can("memory:read", scope)

    def provenance(self) -> Mapping[str, str | None]:
        return {"principal_id": "p-bob", "key_id": "k-bob", "on_behalf_of": None}


BOB_KEY = Grants({"memory:read": [ORG, BOB + "/*"], "memory:write": [BOB + "/*"]})


@pytest.fixture
def mem(tmp_path):
    m = Memory.open(tmp_path / "store")
    yield m
    m.close()


def _conflict(mem: Memory, scope: str = BOB) -> dict:
    mem.upload(POLICY, name="returns.md", scope=ORG)
    r = mem.remember("Your return policy is 60 days.", scope=scope, session_id="s1")
    assert r.conflicts
    (c,) = mem.conflicts(lens=scope)
    return c


def _row(mem: Memory, fid: int) -> tuple:
    return mem.db.execute(
        "SELECT closed_ms, superseded_by, authoritative FROM facts WHERE id=?", (fid,)
    ).fetchone()


def test_uphold_closes_the_belief_superseded_by_the_curated_fact(mem):
    c = _conflict(mem)
    belief, curated = c["facts"]
    out = mem.resolve_conflict(c["id"], outcome="uphold", note="policy checked", caller=BOB_KEY)
    assert out["resolution"] == "uphold" and out["note"] == "policy checked"
    assert out["closed"] == [belief] and out["resolved"]
    assert out["resolved_by"] == {"principal_id": "p-bob", "key_id": "k-bob", "on_behalf_of": None}
    closed, by, _ = _row(mem, belief)
    assert closed is not None and by == curated
    assert _row(mem, curated)[0] is None  # the policy stands
    # the belief stays in history; the conflict leaves the open listings
    history = mem.history("organisation", "acme", "return_window", lens=BOB)
    assert {(f.value, f.live) for f in history} == {("30 days", True), ("60 days", False)}
    assert mem.conflicts(lens=BOB) == [] and mem.state(lens=BOB)["conflicts"] == []
    (done,) = mem.conflicts(lens=BOB, include_resolved=True)
    assert done["resolution"] == "uphold" and done["resolved_ms"] is not None
    (u,) = mem.uncertainties(lens=BOB, include_resolved=True)
    assert u["resolution"] == "uphold" and u["note"] == "policy checked"
    # the decision is traced, with who made it
    (op, scope, detail) = mem.db.execute(
        "SELECT op, scope, detail FROM traces WHERE op='resolve'"
    ).fetchone()
    assert scope == BOB and '"outcome": "uphold"' in detail and '"k-bob"' in detail


def test_accept_closes_the_curated_fact_and_makes_nothing_curated(mem):
    c = _conflict(mem)
    belief, curated = c["facts"]
    with pytest.raises(ForbiddenError) as e:  # a customer may not overrule the policy
        mem.resolve_conflict(c["id"], outcome="accept", caller=BOB_KEY)
    assert e.value.scope == ORG and _row(mem, curated)[0] is None
    curator = Grants(
        {
            "memory:read": [ORG + "/*"],
            "memory:write": [ORG + "/*"],
            "memory:curate": [ORG],
        }
    )
    out = mem.resolve_conflict(c["id"], outcome="accept", caller=curator)
    assert out["closed"] == [curated] and out["applies"] is None
    assert _row(mem, curated)[0] is not None and _row(mem, curated)[1] is None
    assert _row(mem, belief) == (None, None, 0)  # still a belief, still live
    assert not any(f.authoritative for f in mem.facts(lens=BOB))
    assert "30 days" in {f.value for f in mem.facts(lens=BOB, include_closed=True)}


def test_dismiss_keeps_both_and_the_pair_is_never_a_conflict_again(mem):
    c = _conflict(mem)
    belief, curated = c["facts"]
    assert not dismissed(mem._store, belief, [curated])
    mem.resolve_conflict(c["id"], outcome="dismiss", note="misread", caller=BOB_KEY)
    assert _row(mem, belief)[0] is None and _row(mem, curated)[0] is None
    assert dismissed(mem._store, belief, [curated])
    # the customer saying it again is the same belief (corroborated, not stored twice), and
    # no conflict opens again
    again = mem.remember("Your return policy is 60 days.", scope=BOB, session_id="s2")
    assert again.facts == [] and again.corroborations == [belief] and again.conflicts == []
    assert dismissed(mem._store, belief, [curated])
    # a new version of the document with the same value is the same pair
    doc = mem.upload(POLICY + b"\nKeep your receipt.\n", name="returns.md", scope=ORG)
    new = [f.id for f in doc.write.facts if f.value == "30 days"]
    assert new and new[0] != curated and dismissed(mem._store, belief, new)
    # another value, another person, another policy are not
    other = mem.remember("Your return policy is 90 days.", scope=BOB, session_id="s3")
    assert not dismissed(mem._store, other.facts[0].id, [curated])
    alice = mem.remember("Your return policy is 60 days.", scope=ALICE, session_id="a1")
    assert not dismissed(mem._store, alice.facts[0].id, [curated])


def test_rights_errors_and_repeats(mem):
    c = _conflict(mem)
    with pytest.raises(ValidationError) as e:
        mem.resolve_conflict(c["id"], outcome="overrule")
    assert e.value.field == "outcome"
    with pytest.raises(ValidationError) as e:
        mem.resolve_conflict(c["id"], outcome="uphold", note="x" * 5000)
    assert e.value.field == "note" and e.value.limit == 2000
    with pytest.raises(NotFoundError):
        mem.resolve_conflict(9999, outcome="uphold")
    # a caller who cannot read a side, or the conflict, is told it is not there
    blind = Grants({"memory:read": [BOB + "/*"], "memory:write": [BOB + "/*"]})
    with pytest.raises(NotFoundError):
        mem.resolve_conflict(c["id"], outcome="dismiss", caller=blind)
    alice = Grants({"memory:read": [ORG, ALICE + "/*"], "memory:write": [ALICE + "/*"]})
    with pytest.raises(NotFoundError):
        mem.resolve_conflict(c["id"], outcome="dismiss", caller=alice)
    reader = Grants({"memory:read": [ORG, BOB + "/*"]})
    with pytest.raises(ForbiddenError):
        mem.resolve_conflict(c["id"], outcome="dismiss", caller=reader)
    # the same outcome again answers the decision; another one is refused
    first = mem.resolve_conflict(f"uncertainty:{c['id']}", outcome="uphold", caller=BOB_KEY)
    again = mem.resolve_conflict(c["id"], outcome="uphold", caller=BOB_KEY)
    assert again["resolved_ms"] == first["resolved_ms"] and again["closed"] == []
    with pytest.raises(ValidationError) as e:
        mem.resolve_conflict(c["id"], outcome="dismiss")
    assert e.value.field == "outcome" and "already resolved: uphold" in str(e.value)
    assert mem.db.execute("SELECT COUNT(*) FROM traces WHERE op='resolve'").fetchone()[0] == 1


def test_a_store_of_an_earlier_version_gets_the_resolution_columns(tmp_path):
    Memory.open(tmp_path / "s").close()
    con = sqlite3.connect(tmp_path / "s" / "knowledge.db")
    con.execute("ALTER TABLE uncertainties DROP COLUMN resolution")
    con.commit()
    con.close()
    with Memory.open(tmp_path / "s") as m:
        cols = {r[1] for r in m.db.execute("PRAGMA table_info(uncertainties)")}
        assert {"resolution", "note", "resolved_by"} <= cols


def test_purging_the_belief_purges_the_resolution_trace(mem):
    c = _conflict(mem)
    mem.resolve_conflict(c["id"], outcome="dismiss", note="they meant 60 days for exchanges")
    mem.forget(id=f"fact:{c['facts'][0]}", purge=True)
    assert mem.db.execute("SELECT COUNT(*) FROM traces WHERE op='resolve'").fetchone()[0] == 0


# ----------------------------------------------------------------------------- context
def _busy(mem: Memory) -> None:
    mem.upload(POLICY, name="returns.md", scope=ORG)
    mem.remember(
        triples=[
            {"subject": f"Kettle {i}", "type": "product", "key": "price", "value": f"${20 + i}"}
            for i in range(40)
        ],
        scope=ORG,
    )
    mem.remember("Always answer in British English.", scope=ORG, session_id="o")
    mem.remember("Your return policy is 60 days.", scope=BOB, session_id="b1")
    mem.remember("My locker code is 4711. Never call me before noon.", scope=BOB, session_id="b")
    mem.remember("I live in Oslo. Always call me Ally.", scope=ALICE, session_id="a1")


def test_the_budget_is_respected_most_relevant_first(mem):
    _busy(mem)
    full = mem.context("return window", lens=BOB, budget=200_000)
    assert "left out" not in full and "Kettle 39" in full
    for budget in (1, 40, 300, 1000, 4000):
        block = mem.context("return window", lens=BOB, budget=budget)
        assert len(block) <= budget
    block = mem.context("return window", lens=BOB, budget=600)
    lines = block.splitlines()
    assert lines[0] == "## Instructions (follow these)"
    assert "British English" in block  # instructions first
    assert "the policy that applies says '30 days'" in block  # then the open conflict
    assert lines[-1].startswith("[") and "left out to stay within 600 characters" in lines[-1]
    left = int(lines[-1].split()[0][1:])
    assert left > 30  # most of the catalogue did not fit, and is counted
    assert len(mem.context("return window", lens=BOB)) <= 4000  # the default budget
    for bad in (0, -5, 1.5, "4000", True, 10**9):
        with pytest.raises(ValidationError) as e:
            mem.context("x", lens=BOB, budget=bad)
        assert e.value.field == "budget" and e.value.limit is not None


def test_a_context_block_never_mixes_people(mem):
    _busy(mem)
    for lens in (ORG, None, [BOB, ALICE], [ORG, "org/acme/team/x"]):
        block = mem.context("code locker Oslo return", lens=lens, budget=200_000)
        assert "Kettle 3" in block and "British English" in block  # what is common to all
        for personal in ("4711", "Oslo", "60 days", "noon", "Ally", "user/"):
            assert personal not in block, (lens, personal)
    bob = mem.context("code locker Oslo return", lens=BOB, budget=200_000)
    assert "4711" in bob and "noon" in bob and "60 days" in bob and "Kettle 3" in bob
    assert "Oslo" not in bob and "Ally" not in bob
    # a lens below bob's own scope is still bob
    assert "4711" in mem.context("locker", lens=BOB + "/notes", budget=200_000)


def test_state_pages_its_lists_with_totals(mem):
    _busy(mem)
    whole = mem.state(lens=ORG)
    totals = whole["page"]["totals"]
    assert totals["knowledge"] == len(whole["knowledge"]) > 40
    page = mem.state(lens=ORG, limit=10, offset=5)
    assert page["page"] == {"offset": 5, "limit": 10, "totals": totals}
    assert [f["id"] for f in page["knowledge"]] == [f["id"] for f in whole["knowledge"][5:15]]
    assert mem.state(lens=ORG, limit=10, offset=10_000)["knowledge"] == []
    for kw, field in (({"limit": 0}, "limit"), ({"offset": -1}, "offset")):
        with pytest.raises(ValidationError) as e:
            mem.state(lens=ORG, **kw)
        assert e.value.field == field


def test_a_dismissed_conflict_is_not_opened_again_by_a_repeat_or_a_new_version(mem):
    """End to end through the reconciler and the re-check of beliefs on curated arrival."""
    c = _conflict(mem)
    mem.resolve_conflict(c["id"], outcome="dismiss", caller=BOB_KEY)
    again = mem.remember("Your return policy is 60 days.", scope=BOB, session_id="s2")
    assert not again.conflicts
    doc = mem.upload(POLICY + b"\nKeep your receipt.\n", name="returns.md", scope=ORG)
    assert not doc.write.conflicts
    other = mem.remember("Your return policy is 90 days.", scope=BOB, session_id="s3")
    assert other.conflicts  # another value is another claim
