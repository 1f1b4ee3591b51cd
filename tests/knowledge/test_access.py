"""The knowledge layer with a caller (``Memory.remember/upload/forget/forget_document(...,
caller=...)``): rights checked row by row, reconciliation and results limited to what the
caller may read, instructions revoked in the writer's own scope only, the speaker as the owner
of the personal scope, provenance on every source, and a purge that leaves no copy."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from engramdb import Memory
from engramdb.engine import Engine
from engramdb.errors import ForbiddenError, NotFoundError
from engramdb.knowledge.access import Caller, owner_of, speaker_of

ORG = "org/acme"
BOB = "org/acme/user/bob"
ALICE = "org/acme/user/alice"


def _covers(pattern: str, path: str) -> bool:
    if pattern == "*":
        return True
    if pattern.endswith("/*"):
        base = pattern[:-2]
        return path == base or path.startswith(base + "/")
    return pattern == path


@dataclass
class Who:
    """A tiny Caller: verb -> patterns (``a/b`` exact, ``a/*`` a and below, ``*``)."""

    grants: dict[str, list[str]]
    principal: str = "p_test"
    key: str = "k_test"
    on_behalf_of: str | None = None
    asked: list[str] = field(default_factory=list)

    def can(self, verb: str, path: str) -> bool:
        return any(_covers(p, path) for p in self.grants.get(verb, []))

    def readable(self, scope: str) -> bool:
        return self.can("memory:read", scope)

    def provenance(self) -> Mapping[str, str | None]:
        return {
            "principal_id": self.principal,
            "key_id": self.key,
            "on_behalf_of": self.on_behalf_of,
        }


def customer(path: str, *, forget: bool = True, curate: bool = False) -> Who:
    grants = {"memory:read": [ORG, path + "/*"], "memory:write": [path + "/*"]}
    if forget:
        grants["memory:forget"] = [path + "/*"]
    if curate:
        grants["memory:curate"] = [path + "/*"]
    return Who(grants)


@pytest.fixture
def mem(tmp_path):
    m = Memory.open(tmp_path / "store")
    yield m
    m.close()


def _upsert(mem: Memory, scope: str, subject: str, key: str, value: str, **kw) -> int:
    triple = {"subject": subject, "key": key, "value": value, **kw}
    return mem.remember(triples=[triple], scope=scope).facts[0].id


def _live(mem: Memory, fid: int) -> bool:
    return any(f.id == fid for f in mem.facts())


def test_the_servers_auth_context_is_a_caller():
    from engramdb.server.auth import AuthContext

    for name in ("can", "readable", "provenance"):
        assert callable(getattr(AuthContext, name))
    assert isinstance(Who({}), Caller)


def test_owner_and_speaker_of_a_scope():
    assert owner_of("org/acme/user/bob/alice") == ("bob", "org/acme/user/bob")
    assert owner_of("org/acme/customer/c7/people/x") == ("c7", "org/acme/customer/c7")
    assert owner_of("org/acme/team/t1") is None and owner_of("org/acme/user") is None
    assert speaker_of("org/acme/user/bob/alice") == "bob"
    assert speaker_of("org/acme/team/t1") == "t1"


# ------------------------------------------------------------------ forget
def test_forget_by_id_needs_forget_and_curate_for_curated_rows(mem):
    curated = _upsert(mem, BOB, "Kettle", "price", "$40", type="product")
    belief = mem.remember("I live in Oslo.", scope=BOB).facts[0].id
    bob = customer(BOB)
    with pytest.raises(ForbiddenError) as e:
        mem.forget(id=f"fact:{curated}", caller=bob)
    assert e.value.scope == BOB and "memory:curate" in str(e.value)
    assert _live(mem, curated)
    assert mem.forget(id=f"fact:{belief}", caller=bob)["facts"] == 1
    # readable, but no memory:forget at all
    with pytest.raises(ForbiddenError):
        mem.forget(id=f"fact:{curated}", caller=customer(BOB, forget=False))
    # not readable: not there
    with pytest.raises(NotFoundError):
        mem.forget(id=f"fact:{curated}", caller=customer(ALICE, curate=True))
    assert mem.forget(id=f"fact:{curated}", caller=customer(BOB, curate=True))["facts"] == 1
    assert not _live(mem, curated)


def test_forget_a_chunk_or_a_document_needs_curate(mem):
    doc = mem.upload(b"Returns are accepted within 30 days.", name="r.txt", scope=BOB)
    (chunk,) = [
        r[0] for r in mem.db.execute("SELECT id FROM chunks WHERE document_id=?", (doc.id,))
    ]
    with pytest.raises(ForbiddenError):
        mem.forget(id=chunk, caller=customer(BOB))
    with pytest.raises(ForbiddenError):
        mem.forget_document(doc.id, caller=customer(BOB))
    with pytest.raises(NotFoundError):
        mem.forget_document(doc.id, caller=customer(ALICE, curate=True))
    assert mem.forget_document(doc.id, caller=customer(BOB, curate=True))["chunks"] == 1


def test_forget_by_scope_is_all_or_nothing_and_names_no_unreadable_scope(mem):
    carol = "org/acme/user/carol"
    mem.remember("My PIN is 4455.", scope=carol + "/private")
    mem.remember("I like tea.", scope=carol)
    exact = Who(
        {
            "memory:read": [carol, carol + "/x"],
            "memory:forget": [carol, carol + "/x"],
        }
    )
    with pytest.raises(ForbiddenError) as e:
        mem.forget(scope=carol, purge=True, caller=exact)
    assert "private" not in str(e.value) and e.value.scope == carol
    assert {f.value for f in mem.facts()} == {"4455", "tea"}
    # a curated row in a scope it may read and forget, without curate: named
    _upsert(mem, carol, "Tea", "price", "$3")
    with pytest.raises(ForbiddenError) as e:
        mem.forget(
            scope=carol,
            caller=Who({"memory:read": [carol + "/*"], "memory:forget": [carol + "/*"]}),
        )
    assert "memory:curate" in str(e.value)
    everything = Who({v: [carol + "/*"] for v in ("memory:read", "memory:forget", "memory:curate")})
    counts = mem.forget(scope=carol, caller=everything)
    assert counts["facts"] == 3 and mem.facts() == []


def test_forget_by_query_only_takes_rows_the_caller_may_forget(mem):
    curated = _upsert(mem, BOB, "Kettle", "price", "$40", type="product")
    mem.remember("The Kettle costs $60.", scope=BOB)
    counts = mem.forget("Kettle price", caller=customer(BOB))
    assert counts["facts"] >= 1
    assert _live(mem, curated)
    assert all(f.authoritative for f in mem.facts(lens=BOB))
    # a caller with no memory:forget finds nothing to forget
    mem.remember("The Kettle costs $70.", scope=BOB)
    assert sum(mem.forget("Kettle costs", caller=customer(BOB, forget=False)).values()) == 0


def test_check_forget_refuses_without_changing_anything(mem):
    curated = _upsert(mem, BOB, "Kettle", "price", "$40")
    with pytest.raises(ForbiddenError):
        mem.check_forget(id=f"fact:{curated}", caller=customer(BOB))
    with pytest.raises(ForbiddenError):
        mem.check_forget(scope=BOB, caller=customer(BOB))
    mem.check_forget(scope=BOB, caller=customer(BOB, curate=True))
    assert _live(mem, curated)


# ------------------------------------------------------------------ writes
def test_writes_need_write_and_curated_writes_curate(mem):
    with pytest.raises(ForbiddenError):
        mem.remember("Hi.", scope=ALICE, caller=customer(BOB))
    with pytest.raises(ForbiddenError):
        mem.remember(
            triples=[{"subject": "A", "key": "b", "value": "c"}], scope=BOB, caller=customer(BOB)
        )
    with pytest.raises(ForbiddenError):
        mem.upload(b"Text.", name="t.txt", scope=BOB, caller=customer(BOB))
    ok = mem.remember(
        triples=[{"subject": "A", "key": "b", "value": "c"}],
        scope=BOB,
        caller=customer(BOB, curate=True),
    )
    assert ok.facts[0].authoritative
    turn = mem.remember(
        triples=[{"subject": "A", "key": "b", "value": "c"}],
        scope=BOB,
        source_kind="turn",
        caller=customer(BOB),
    )
    assert not turn.corroborations or turn.corroborations == [ok.facts[0].id]


def test_a_hidden_curated_value_is_as_if_it_were_not_there(mem):
    hidden = _upsert(mem, ORG, "Project Falcon", "budget", "$2 million", type="project")
    dave = Who(
        {
            "memory:read": [ORG + "/contractors/dave/*"],
            "memory:write": [ORG + "/contractors/dave/*"],
        }
    )
    where = ORG + "/contractors/dave"
    for text in ("Project Falcon budget is $1 million.", "Project Falcon budget is $2 million."):
        r = mem.remember(text, scope=where, caller=dave)
        assert not r.conflicts and r.corroborations != [hidden], r
        assert all(hidden not in d["candidates"] for d in r.decisions)
    row = mem.db.execute(
        "SELECT corroborations, closed_ms FROM facts WHERE id=?", (hidden,)
    ).fetchone()
    assert row == (0, None)
    assert (
        mem.db.execute("SELECT COUNT(*) FROM provenance WHERE fact_id=?", (hidden,)).fetchone()[0]
        == 1
    )
    # the same turn by a writer who may read the organisation: the curated row is met
    # (the catalogue-guided templates are cached per readable chain, not per scope)
    erin = Who(
        {
            "memory:read": [ORG, ORG + "/contractors/erin/*"],
            "memory:write": [ORG + "/contractors/erin/*"],
        }
    )
    r = mem.remember(
        "Project Falcon budget is $1 million.", scope=ORG + "/contractors/erin", caller=erin
    )
    assert r.conflicts and r.conflicts[0]["against"] == [hidden]


def test_a_turn_revokes_instructions_of_its_own_scope_only(mem):
    org = mem.remember("Always check the order number before a refund.", scope=ORG).instructions
    own = mem.remember("Always greet me by name.", scope=BOB).instructions
    r = mem.remember("You no longer need to check the order number before a refund.", scope=BOB)
    assert r.revoked == []
    r = mem.remember("You no longer need to greet me by name.", scope=BOB, caller=customer(BOB))
    assert [x["id"] for x in r.revoked] == [own[0]["id"]]
    active = {i["id"] for i in mem.instructions()}
    assert org[0]["id"] in active and own[0]["id"] not in active


def test_the_speaker_is_the_owner_of_the_personal_scope(mem):
    r = mem.remember("I live in Lisbon.", scope=BOB + "/alice", caller=customer(BOB))
    assert r.facts[0].entity == "bob"
    stream = mem.db.execute("SELECT stream FROM facts WHERE id=?", (r.facts[0].id,)).fetchone()[0]
    assert stream == f"turn:user:{BOB}"
    # bob's own sub-scope is bob speaking, whatever the session
    a = mem.remember("I live in Porto.", scope=BOB + "/notes", session_id="s1")
    b = mem.remember("I live in Faro.", scope=BOB + "/notes", session_id="s2")
    assert a.facts[0].entity == b.facts[0].entity == "bob"
    assert b.corrections and b.corrections[0]["closed"] == a.facts[0].id


def test_every_source_records_the_caller(mem, tmp_path):
    who = Who(customer(BOB).grants, principal="p_bob", key="k_bob", on_behalf_of="p_alice")
    r = mem.remember("I live in Oslo.", scope=BOB, caller=who)
    row = mem.db.execute(
        "SELECT principal_id, key_id, on_behalf_of FROM sources WHERE ref=?", (r.turn_id,)
    ).fetchone()
    assert row == ("p_bob", "k_bob", "p_alice")
    detail = mem.db.execute("SELECT detail FROM traces ORDER BY id DESC LIMIT 1").fetchone()[0]
    assert (
        '"actor": {"principal_id": "p_bob", "key_id": "k_bob", "on_behalf_of": "p_alice"}' in detail
    )
    embedded = mem.remember("I like tea.", scope=BOB)
    row = mem.db.execute(
        "SELECT principal_id, key_id, on_behalf_of FROM sources WHERE ref=?", (embedded.turn_id,)
    ).fetchone()
    assert row == (None, None, None)


def test_a_store_made_before_source_provenance_is_migrated(tmp_path):
    path = tmp_path / "old"
    Memory.open(path).close()
    con = sqlite3.connect(path / "knowledge.db")
    for column in ("principal_id", "key_id", "on_behalf_of"):
        con.execute(f"ALTER TABLE sources DROP COLUMN {column}")
    con.commit()
    con.close()
    with Memory.open(path) as mem:
        r = mem.remember("I live in Oslo.", scope=BOB, caller=customer(BOB))
        row = mem.db.execute(
            "SELECT principal_id FROM sources WHERE ref=?", (r.turn_id,)
        ).fetchone()
        assert row == ("p_test",)


def test_turn_numbers_count_per_session_and_scope(mem):
    for text in ("Hello.", "Help.", "Thanks."):
        mem.remember(text, scope=ALICE, session_id="s-1")
    r = mem.remember("Hi.", scope=BOB, session_id="s-1")
    seq = mem.db.execute("SELECT seq FROM turns WHERE id=?", (r.turn_id,)).fetchone()[0]
    assert seq == 1


def test_entity_types_come_from_the_scope_chain_the_caller_may_read(mem):
    _upsert(mem, "org/globex", "Nightfall", "price", "$10", type="product")
    other = mem.remember(
        triples=[{"subject": "Nightfall", "key": "release", "value": "June"}], scope=ORG + "/games"
    )
    assert other.facts[0].entity_type == "other"
    _upsert(mem, ORG, "Daybreak", "price", "$12", type="product")
    inherited = mem.remember(
        triples=[{"subject": "Daybreak", "key": "release", "value": "May"}], scope=ORG + "/games"
    )
    assert inherited.facts[0].entity_type == "product"
    blind = Who({v: [ORG + "/team/*"] for v in ("memory:read", "memory:write", "memory:curate")})
    r = mem.remember(
        triples=[{"subject": "Daybreak", "key": "release", "value": "May"}],
        scope=ORG + "/team/x",
        caller=blind,
    )
    assert r.facts[0].entity_type == "other"


# ------------------------------------------------------------------ purge
def _holding(path: Path, secret: bytes) -> list[str]:
    return sorted(p.name for p in path.rglob("*") if p.is_file() and secret in p.read_bytes())


def test_a_purge_leaves_no_copy_in_any_file(tmp_path):
    path = tmp_path / "store"
    erin = "org/acme/user/erin"
    with Memory.open(path) as mem:
        for i in range(20):
            mem.remember(f"I like tea number {i}.", scope=BOB)
        mem.remember("My locker code is 908172.", scope=erin, session_id="lk")
        mem.remember("My locker code is 908172.", scope=erin)
        mem.consolidate(min_proof=2)
        mem.forget(scope=erin)  # soft first: the rows stay, marked
        for i in range(20):
            mem.remember(f"I like coffee number {i}.", scope=BOB)
    assert _holding(path, b"908172")  # checkpointed into the database files
    with Memory.open(path) as mem:
        caller = Who({v: [erin + "/*"] for v in ("memory:read", "memory:forget")})
        counts = mem.forget(scope=erin, purge=True, caller=caller)
        assert counts["turns"] == 2 and counts["facts"] >= 1
        assert _holding(path, b"908172") == []
        for table in ("facts", "turns", "traces", "observations", "uncertainties"):
            n = mem.db.execute(f"SELECT COUNT(*) FROM {table} WHERE scope=?", (erin,)).fetchone()[0]
            assert n == 0, table
        orphans = mem.db.execute(
            "SELECT COUNT(*) FROM sources s WHERE NOT EXISTS (SELECT 1 FROM facts f WHERE "
            "f.source_id=s.id) AND NOT EXISTS (SELECT 1 FROM traces t WHERE t.source_id=s.id) "
            "AND NOT EXISTS (SELECT 1 FROM provenance p WHERE p.source_id=s.id)"
        ).fetchone()[0]
        assert orphans == 0
        assert [h.text for h in mem.query("tea number 3", k=3)][0].startswith("I like tea")
    with Memory.open(path) as mem:
        assert not any("908172" in h.text for h in mem.query("locker code", k=10))
    assert _holding(path, b"908172") == []


def test_purging_one_fact_removes_its_traces_and_observations(mem, tmp_path):
    r = mem.remember("My locker code is 908172.", scope=BOB)
    mem.remember("My locker code is 908172.", scope=BOB)
    fid = r.facts[0].id
    mem.forget(id=f"fact:{fid}", purge=True, caller=customer(BOB))
    assert "908172" not in " ".join(d for (d,) in mem.db.execute("SELECT detail FROM traces"))
    assert mem.db.execute("SELECT COUNT(*) FROM observations").fetchone()[0] == 0
    # the turns themselves are separate rows: forgotten by their own ids
    for (tid,) in mem.db.execute("SELECT id FROM turns").fetchall():
        mem.forget(id=tid, purge=True, caller=customer(BOB))
    assert _holding(tmp_path / "store", b"908172") == []


def test_engine_purge_blanks_the_record_and_keeps_the_id_taken(tmp_path):
    path = tmp_path / "engine"
    with Engine.open(path, embedder="hashing") as engine:
        engine.remember("The vault combination is zq55731.", id="m1")
        engine.remember("Unrelated note about gardens.", id="m2")
        assert engine.purge(["m1", "missing"]) == 1
        assert engine.exists("m1", include_forgotten=True) and not engine.exists("m1")
        assert engine.purge(["m1"]) == 1  # again: nothing left to remove, no error
        assert [h.id for h in engine.recall("vault combination zq55731")] in ([], ["m2"])
    assert _holding(path, b"zq55731") == []
    with Engine.open(path, embedder="hashing") as engine:  # reopens cleanly
        assert engine.exists("m1", include_forgotten=True)
        assert "m2" in [h.id for h in engine.recall("gardens")]
