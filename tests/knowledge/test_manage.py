"""Managing memories in place: revise (a versioned correction of a turn), listing pages,
correcting a fact, keyed items, export and import."""

from __future__ import annotations

import json
import time

import pytest

from engramdb import Memory
from engramdb.errors import NotFoundError, ValidationError
from engramdb.knowledge import reads

ALICE = "org/acme/user/alice"
BOB = "org/acme/user/bob"


def _live(mem: Memory, key: str, lens: str = ALICE) -> list[str]:
    return [f.value for f in mem.facts(lens=lens) if f.key == key]


def test_revise_keeps_the_id_closes_old_facts_and_reads_the_new_text(tmp_path):
    with Memory.open(tmp_path / "s") as mem:
        w = mem.remember("I live in Berlin", scope=ALICE, session_id="s1", metadata={"n": 1})
        assert _live(mem, "lives_in") == ["Berlin"]
        r = mem.revise(w.turn_id, "I live in Munich")
        assert r.turn_id == w.turn_id
        assert _live(mem, "lives_in") == ["Munich"]
        m = mem.memory(w.turn_id)
        assert (m.text, m.version, m.metadata) == ("I live in Munich", 2, {"n": 1})
        assert [v["text"] for v in mem.memory_history(w.turn_id)] == [
            "I live in Berlin",
            "I live in Munich",
        ]
        # recall finds the new text under the turn's own id, and never the old one
        hits = reads.query(mem._store, "live Munich Berlin", lens=ALICE, k=10, one_per_text=False)
        turns = [(h.id, h.text) for h in hits if h.kind == "turn"]
        assert turns == [(w.turn_id, "I live in Munich")]
        assert mem.revise(w.turn_id, "I live in Munich").facts == []  # unchanged: no version
        assert mem.memory(w.turn_id).version == 2
    with Memory.open(tmp_path / "s") as mem:  # and after a reopen
        assert mem.memory(w.turn_id).text == "I live in Munich"
        hits = reads.query(mem._store, "Berlin", lens=ALICE, k=10, one_per_text=False)
        assert "I live in Berlin" not in [h.text for h in hits]


def test_a_forgotten_or_purged_turn_takes_its_versions_along(tmp_path):
    with Memory.open(tmp_path / "s") as mem:
        w = mem.remember("My code word is heron", scope=ALICE)
        mem.revise(w.turn_id, "My code word is falcon")
        mem.forget(id=w.turn_id)
        with pytest.raises(NotFoundError):
            mem.memory_history(w.turn_id)
        assert not [h for h in mem.query("code word falcon heron") if h.kind == "turn"]
        mem.forget(id=w.turn_id, purge=True)
        assert mem.db.execute("SELECT COUNT(*) FROM turn_versions").fetchone()[0] == 0
        assert not mem.engine.exists(w.turn_id) and not mem.engine.exists(w.turn_id + ".2")


def test_memories_page_and_filter(tmp_path):
    with Memory.open(tmp_path / "s") as mem:
        ids = [
            mem.remember(
                f"note {i}",
                scope=ALICE if i % 2 else BOB,
                session_id=f"s{i % 3}",
                metadata={"i": i},
            ).turn_id
            for i in range(10)
        ]
        alice = mem.memories(lens=ALICE)
        assert [m.id for m in alice] == [ids[i] for i in range(10) if i % 2]
        pages = [m.id for o in (0, 2, 4) for m in mem.memories(lens=ALICE, limit=2, offset=o)]
        assert pages == [m.id for m in alice]
        assert [m.metadata["i"] for m in mem.memories(session_id="s0")] == [0, 3, 6, 9]
        assert [m.metadata["i"] for m in mem.memories(metadata={"i": 4})] == [4]
        with pytest.raises(ValidationError) as e:
            mem.memories(limit=10**6)
        assert e.value.limit == 1000


def test_correct_fact_is_a_versioned_correction(tmp_path):
    with Memory.open(tmp_path / "s") as mem:
        w = mem.remember("I live in Berlin", scope=ALICE)
        fid = w.facts[0].id
        r = mem.correct_fact(f"fact:{fid}", "Hamburg")
        assert _live(mem, "lives_in") == ["Hamburg"]
        assert r.corrections and r.corrections[0]["closed"] == fid
        old = next(f for f in mem.facts(lens=ALICE, include_closed=True) if f.id == fid)
        assert old.closed_ms is not None and old.superseded_by is not None
        with pytest.raises(ValidationError):
            mem.correct_fact(fid, "Kiel")  # closed: correct the live one
        with pytest.raises(NotFoundError):
            mem.correct_fact("fact:999999", "x")


@pytest.mark.wallclock
def test_items_version_on_put_and_expire(tmp_path):
    with Memory.open(tmp_path / "s") as mem:
        a = mem.put_item("app/u1", "prefs", {"theme": "dark"})
        b = mem.put_item("app/u1", "prefs", {"theme": "light"})
        assert a.id == b.id and b.version == 2 and b.created_ms == a.created_ms
        assert [v["value"] for v in mem.memory_history(a.id)] == [
            {"theme": "dark"},
            {"theme": "light"},
        ]
        mem.put_item("app/u1", "tmp", {"x": 1}, ttl_ms=150)
        assert mem.get_item("app/u1", "tmp") is not None
        time.sleep(0.3)
        assert mem.get_item("app/u1", "tmp") is None
        assert {i.key for i in mem.items("app")} == {"prefs"}
        assert mem.sweep_items() == 1
        with pytest.raises(ValidationError):
            mem.put_item("app/u1", "bad", ["not", "an", "object"])  # type: ignore[arg-type]
        assert mem.get_item("app/u1", "prefs").value == {"theme": "light"}  # nothing lost


def test_export_import_round_trip_compares_equal(tmp_path):
    with Memory.open(tmp_path / "a") as a:
        a.remember(
            triples=[{"subject": "Acme", "key": "return_window", "value": "30 days"}],
            scope="org/acme",
        )
        a.upload(
            b"# Returns\n\nReturns are accepted within 30 days.", name="r.md", scope="org/acme"
        )
        w = a.remember("I live in Berlin", scope=ALICE, session_id="s1", metadata={"x": 1})
        a.revise(w.turn_id, "I live in Munich")
        a.put_item("app/u1", "prefs", {"theme": "dark"})
        gone = a.remember("my secret is 8812", scope=BOB).turn_id
        a.forget(id=gone)
        lines = list(a.export())
    assert lines[0].startswith("{") and '"embedding_model"' in lines[0]
    rows = [json.loads(line) for line in lines[1:]]
    assert gone not in {r["row"].get("id") for r in rows if r["table"] == "turns"}  # forgotten
    with Memory.open(tmp_path / "b") as b:
        b.import_lines(lines)
        assert list(b.export())[1:] == lines[1:]
        assert b.memory(w.turn_id).text == "I live in Munich"
        assert "Munich" in [h.text for h in b.query("where do I live", lens=ALICE)][0]
        with pytest.raises(ValidationError):
            b.import_lines(lines)  # not empty any more: nothing added
        assert len(b.memories()) == 1
    with Memory.open(tmp_path / "c") as c, pytest.raises(ValidationError):
        c.import_lines(["not json", '{"table": "facts"}'])
