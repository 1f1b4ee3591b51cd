"""The Engine façade: writes, reads, tiers, ranking factors, errors, locking."""

from __future__ import annotations

import subprocess
import sys
import threading
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engramdb import (
    EmbedderMismatchError,
    Engine,
    EngineConfig,
    MemoryInput,
    NotFoundError,
    RecallOptions,
    StoreLockedError,
    ValidationError,
)
from engramdb.engine import BaseTierStore, MemoryType
from engramdb.engine.validation import MAX_TEXT_BYTES

DAY = 86_400_000
NOW = 1_780_000_000_000


def test_remember_get_recall_forget(engine):
    a = engine.remember("I moved to Berlin last spring", session_id="s1", tags=["home"])
    b = engine.remember("My cat knocks glasses off the kitchen table")
    rec = engine.get(a)
    assert rec.text == "I moved to Berlin last spring"
    assert rec.session_id == "s1" and rec.tags == ["home"] and rec.tier == "episodic"
    assert rec.memory_type == "episodic" and rec.importance == 1.0
    hits = engine.recall("moved to Berlin", RecallOptions(k=1))
    assert [h.id for h in hits] == [a]
    assert engine.forget(b) is True
    assert engine.forget(b) is False
    assert b not in {h.id for h in engine.recall("cat kitchen table", RecallOptions(k=5))}
    with pytest.raises(NotFoundError):
        engine.get(b)
    with pytest.raises(NotFoundError):
        engine.forget("never-stored")


def test_memories_survive_reopen(store_path):
    with Engine.open(store_path, embedder="hashing") as eng:
        mid = eng.remember("The invoice is due at the end of the month", id="inv")
    with Engine.open(store_path, embedder="hashing") as eng:
        assert eng.get(mid).text.startswith("The invoice")
        assert eng.recall("invoice due", RecallOptions(k=1))[0].id == "inv"
        assert eng.search_text("invoice")[0][0] == "inv"


def test_remember_many_and_explicit_ids(engine):
    ids = engine.remember_many(
        [MemoryInput(text=f"note number {i} about topic {i % 3}", id=f"n{i}") for i in range(50)]
        + [{"text": "a dict works too", "tags": ["x"]}]
    )
    assert ids[:3] == ["n0", "n1", "n2"] and len(ids) == 51
    assert engine.stats()["live"] == 51
    with pytest.raises(ValidationError, match="already stored"):
        engine.remember("again", id="n3")


def test_crossing_segment_boundaries(store_path, small_segments):
    with Engine.open(store_path, embedder="hashing", config=small_segments) as eng:
        ids = eng.remember_many([{"text": f"memory about item {i}"} for i in range(300)])
        assert eng.stats()["tiers"]["episodic"]["segments"] == 5
        assert eng.recall("memory about item 257", RecallOptions(k=1))[0].id == ids[257]
    with Engine.open(store_path, embedder="hashing", config=small_segments) as eng:
        assert eng.get(ids[299]).text == "memory about item 299"


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"text": ""}, "text"),
        ({"text": "   \n"}, "text"),
        ({"text": "x" * (MAX_TEXT_BYTES + 1)}, "text"),
        ({"text": b"caf\xc3"}, "text"),
        ({"text": "bad \ud800 surrogate"}, "text"),
        ({"text": "ok", "tier": "nonexistent"}, "tier"),
        ({"text": "ok", "vector": [float("nan")] * 256}, "vector"),
        ({"text": "ok", "vector": [float("inf")] + [0.0] * 255}, "vector"),
        ({"text": "ok", "vector": [0.1] * 255}, "vector"),
        ({"text": "ok", "vector": [0.0] * 256}, "vector"),
        ({"text": "ok", "importance": 11}, "importance"),
        ({"text": "ok", "valence": 2}, "valence"),
        ({"text": "ok", "timestamp_ms": -5}, "timestamp_ms"),
        ({"text": "ok", "tags": "not-a-list"}, "tags"),
        ({"text": "ok", "id": ""}, "id"),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(engine, kwargs, field):
    engine.remember("already here", id="keep")
    before = engine.stats()
    with pytest.raises(ValidationError) as err:
        engine.remember(**kwargs)
    assert err.value.field == field
    assert field in str(err.value)
    after = engine.stats()
    assert after["live"] == before["live"] == 1
    assert after["lsn"] == before["lsn"]
    assert engine.get("keep").text == "already here"


def test_text_limit_is_stated():
    with pytest.raises(ValidationError, match=f"limit: {MAX_TEXT_BYTES} bytes"):
        from engramdb.engine.validation import check_text

        check_text("é" * (MAX_TEXT_BYTES // 2 + 1))


def test_a_bad_item_in_a_batch_writes_nothing(engine):
    with pytest.raises(ValidationError, match=r"items\[1\]|text"):
        engine.remember_many([{"text": "fine"}, {"text": ""}, {"text": "also fine"}])
    with pytest.raises(ValidationError, match="twice"):
        engine.remember_many([{"text": "a", "id": "x"}, {"text": "b", "id": "x"}])
    assert engine.stats()["live"] == 0


def test_recall_validates_k_and_query(engine):
    engine.remember("something")
    with pytest.raises(ValidationError, match="k"):
        engine.recall("something", RecallOptions(k=0))
    with pytest.raises(ValidationError, match="query"):
        engine.recall("")
    with pytest.raises(ValidationError, match="query"):
        engine.recall(np.zeros(3))


def test_opening_with_another_embedder_is_a_clear_error(store_path):
    with Engine.open(store_path, embedder="hashing"):
        pass
    with pytest.raises(EmbedderMismatchError, match="hashing"):
        Engine.open(store_path, embedder="hashing:128")
    with Engine.open(store_path, embedder="hashing") as eng:  # still opens with its own
        assert eng.dim == 256


@pytest.mark.processes
def test_second_writer_in_another_process_is_refused(store_path):
    with Engine.open(store_path, embedder="hashing"):
        code = (
            "import sys\n"
            "from engramdb import Engine, StoreLockedError\n"
            "try:\n"
            f"    Engine.open({str(store_path)!r}, embedder='hashing')\n"
            "except StoreLockedError as e:\n"
            "    print('LOCKED', e); sys.exit(3)\n"
        )
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert out.returncode == 3, out.stderr
        assert "already open for writing" in out.stdout
    # and in the same process too
    with Engine.open(store_path, embedder="hashing"), pytest.raises(StoreLockedError):
        Engine.open(store_path, embedder="hashing")


def test_tiers_route_and_filter(engine):
    e = engine.remember("episode: we went to the lake", kind="turn")
    s = engine.remember("fact: the lake is 40 metres deep", kind="document")
    p = engine.remember("always answer about the lake briefly", kind="instruction")
    w = engine.remember("scratch: lake plan draft", tier="working")
    assert [engine.get(x).tier for x in (e, s, p, w)] == [
        "episodic",
        "semantic",
        "procedural",
        "working",
    ]
    hits = engine.recall("lake", RecallOptions(k=10, tiers=("semantic",)))
    assert [h.id for h in hits] == [s]


class NotebookTier(BaseTierStore):
    name = "notebook"
    memory_type = MemoryType.SEMANTIC


def test_a_custom_tier_plugs_in_without_other_changes(store_path):
    with Engine.open(store_path, embedder="hashing", tiers=[NotebookTier()]) as eng:
        nid = eng.remember("the notebook tier keeps lab notes", tier="notebook")
        eng.remember("the lab notes of the episodic kind")
        assert "notebook" in eng.tier_names()
        hits = eng.recall("lab notes", RecallOptions(k=5, tiers=("notebook",)))
        assert [h.id for h in hits] == [nid]
        assert eng.get(nid).memory_type == "semantic"
    assert (store_path / "segments" / "notebook").is_dir()
    with Engine.open(store_path, embedder="hashing", tiers=[NotebookTier()]) as eng:
        assert eng.get(nid).tier == "notebook"


def test_working_tier_evicts_its_weakest_unpinned_memory(store_path):
    from engramdb.engine import WorkingTier

    tiers = [WorkingTier(capacity=3)]
    with Engine.open(store_path, embedder="hashing", tiers=tiers) as eng:
        pinned = eng.remember("pinned but weak", tier="working", importance=0.05, pinned=True)
        strong = eng.remember("strong thought", tier="working", importance=9)
        weak = eng.remember("weak passing thought", tier="working", importance=0.1)
        mid = eng.remember("medium thought", tier="working", importance=2)
        stats = eng.stats()["tiers"]["working"]
        assert stats["live"] == 3 and stats["forgotten"] == 1
        with pytest.raises(NotFoundError):
            eng.get(weak)
        for kept in (pinned, strong, mid):
            assert eng.get(kept)


def _store_with_vectors(store_path, config=None):
    eng = Engine.open(store_path, embedder="hashing", config=config)
    base = eng.embedder.embed(["the quarterly planning meeting"])[0]
    return eng, base


def test_importance_breaks_a_tie_in_similarity(store_path):
    eng, v = _store_with_vectors(store_path)
    with eng:
        low = eng.remember("minor", vector=v, importance=0.2, timestamp_ms=NOW)
        high = eng.remember("major", vector=v, importance=8.0, timestamp_ms=NOW)
        hits = eng.recall(v, RecallOptions(k=2, now_ms=NOW, explain=True))
        assert [h.id for h in hits] == [high, low]
        assert hits[0].explain["importance"] > hits[1].explain["importance"]
        assert hits[0].explain["similarity"] == pytest.approx(hits[1].explain["similarity"])


def test_older_memories_decay_below_recent_ones(store_path):
    eng, v = _store_with_vectors(store_path)
    with eng:
        old = eng.remember("old", vector=v, timestamp_ms=NOW - 400 * DAY)
        new = eng.remember("new", vector=v, timestamp_ms=NOW - DAY)
        hits = eng.recall(v, RecallOptions(k=2, now_ms=NOW, explain=True))
        assert [h.id for h in hits] == [new, old]
        assert hits[0].explain["retention"] > hits[1].explain["retention"]


def test_reinforcement_slows_decay(store_path):
    eng, v = _store_with_vectors(store_path)
    with eng:
        a = eng.remember("a", vector=v, timestamp_ms=NOW - 30 * DAY)
        b = eng.remember("b", vector=v, timestamp_ms=NOW - 30 * DAY)
        first = eng.recall(v, RecallOptions(k=2, now_ms=NOW))
        assert [h.id for h in first] == [a, b]  # a tie, kept in store order
        for _ in range(3):
            eng.reinforce(b, now_ms=NOW)
        assert eng.get(b).agent_recall_count == 3
        # a faded memory gains more than 1 per reinforcement (up to 2 when fully faded)
        assert 3.0 < eng.get(b).storage_strength < 6.0
        second = eng.recall(v, RecallOptions(k=2, now_ms=NOW))
        assert [h.id for h in second] == [b, a]


def test_pinned_memories_do_not_decay(store_path):
    eng, v = _store_with_vectors(store_path)
    with eng:
        pinned = eng.remember("pinned", vector=v, timestamp_ms=NOW - 700 * DAY, pinned=True)
        fresh = eng.remember("fresh", vector=v, timestamp_ms=NOW - 2 * DAY)
        hits = eng.recall(v, RecallOptions(k=2, now_ms=NOW, explain=True))
        assert hits[0].id == pinned and hits[1].id == fresh


def test_time_bounds_filter_the_scan(engine):
    ids = [engine.remember(f"daily log entry {i}", timestamp_ms=NOW + i * DAY) for i in range(10)]
    hits = engine.recall(
        "daily log entry",
        RecallOptions(k=10, min_timestamp_ms=NOW + 3 * DAY, max_timestamp_ms=NOW + 5 * DAY),
    )
    assert sorted(h.id for h in hits) == sorted(ids[3:6])


def test_threads_can_write_and_read_at_once(engine):
    errors: list[BaseException] = []

    def writer(w: int) -> None:
        try:
            for i in range(40):
                engine.remember(f"writer {w} wrote line {i}", id=f"w{w}-{i}")
                engine.recall(f"writer {w} line {i}", RecallOptions(k=3))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(w,)) for w in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert engine.stats()["live"] == 160
    assert engine.get("w3-39").text == "writer 3 wrote line 39"


def test_closed_engine_refuses_calls(store_path):
    eng = Engine.open(store_path, embedder="hashing")
    eng.close()
    eng.close()  # idempotent
    with pytest.raises(Exception, match="closed"):
        eng.remember("late")


def test_config_sync_off_still_survives_clean_reopen(store_path: Path):
    with Engine.open(store_path, embedder="hashing", config=EngineConfig(sync=False)) as eng:
        eng.remember("no fsync per frame", id="x")
    with Engine.open(store_path, embedder="hashing") as eng:
        assert eng.get("x").text == "no fsync per frame"


def test_reopening_without_an_embedder_uses_the_stores_own(store_path):
    with Engine.open(store_path, embedder="hashing:64") as eng:
        eng.remember("written with a 64-dimensional hashing model", id="h")
    with Engine.open(store_path) as eng:
        assert eng.embedder.model_id == "engramdb/hashing-64-s0@1"
        assert eng.recall("hashing model", RecallOptions(k=1))[0].id == "h"


def test_validate_and_exists_check_without_writing(engine):
    engine.remember("kept", id="a")
    engine.remember("dropped", id="b")
    engine.forget("b")
    engine.validate([{"text": "fine", "id": "c"}])
    with pytest.raises(ValidationError, match="already stored"):
        engine.validate([{"text": "reuse", "id": "b"}])
    with pytest.raises(ValidationError, match="pinned"):
        engine.validate([{"text": "x", "pinned": "false"}])
    with pytest.raises(ValidationError, match="tier"):
        engine.validate([{"text": "x", "tier": ["episodic"]}])
    assert engine.exists("a") and not engine.exists("b")
    assert engine.exists("b", include_forgotten=True)
    assert engine.stats()["live"] == 1


def test_search_text_can_keep_to_some_tiers(engine):
    ep = engine.remember("the lighthouse keeper's diary", tier="episodic")
    sem = engine.remember("lighthouses guide ships at night", tier="semantic")
    assert {i for i, _ in engine.search_text("lighthouse")} == {ep, sem}
    assert [i for i, _ in engine.search_text("lighthouse", tiers=("semantic",))] == [sem]
    with pytest.raises(ValidationError, match="tier"):
        engine.search_text("lighthouse", tiers=("nope",))


def test_lexical_evidence_lifts_an_exact_word_match(store_path):
    from engramdb.engine import ScoreWeights

    def ranking(lexical: float) -> list[str]:
        config = EngineConfig(weights=ScoreWeights(lexical=lexical))
        with Engine.open(store_path / str(lexical), embedder="hashing", config=config) as eng:
            q = eng.embedder.embed(["Zanzibar"])[0]
            other = eng.embedder.embed(["a note about the garden"])[0]
            eng.remember(
                "we flew to Zanzibar in May", id="rare-word", vector=other, timestamp_ms=NOW
            )
            eng.remember("which island did we fly to", id="same-vector", vector=q, timestamp_ms=NOW)
            hits = eng.recall("Zanzibar", RecallOptions(k=2, now_ms=NOW, explain=True))
            if lexical:
                assert hits[0].explain["lexical"] > 0
            return [h.id for h in hits]

    assert ranking(0.0)[0] == "same-vector"
    assert ranking(2.0)[0] == "rare-word"


def test_bm25_hits_join_the_candidates_the_scan_missed(store_path):
    with Engine.open(store_path, embedder="hashing") as eng:
        far = eng.embedder.embed(["completely unrelated gardening words"])[0]
        near = eng.embedder.embed(["budget meeting notes"])[0]
        eng.remember_many(
            [{"text": f"budget meeting notes {i}", "vector": near} for i in range(30)]
            + [{"text": "the quokka budget", "id": "quokka", "vector": far}]
        )
        hits = eng.recall("quokka", RecallOptions(k=3, candidates=5))
        assert "quokka" in [h.id for h in hits]
        vector_only = eng.recall(
            eng.embedder.embed(["quokka"])[0], RecallOptions(k=3, candidates=5)
        )
        assert "quokka" not in [h.id for h in vector_only]


def test_temporal_extension_lifts_the_turn_after_a_match(store_path):
    from engramdb.engine import ScoreWeights

    def ranking(temporal: float) -> list[str]:
        config = EngineConfig(weights=ScoreWeights(temporal=temporal))
        with Engine.open(store_path / str(temporal), embedder="hashing", config=config) as eng:
            rng = np.random.default_rng(7)
            q = eng.embedder.embed(["where did you move"])[0]
            r1, r2 = rng.normal(size=(2, 256)).astype(np.float32)
            near = q + 2.0 * r1 / np.linalg.norm(r1)  # cosine to the query about 0.45
            eng.remember(
                "where did you move?", id="question", vector=q, session_id="s1", timestamp_ms=NOW
            )
            eng.remember(
                "to Lisbon, last spring",
                id="answer",
                vector=r2,
                session_id="s1",
                timestamp_ms=NOW + 1000,
            )
            eng.remember(
                "moving boxes are expensive",
                id="distractor",
                vector=near,
                session_id="s2",
                timestamp_ms=NOW,
            )
            hits = eng.recall(q, RecallOptions(k=3, now_ms=NOW, explain=True))
            if temporal:
                assert dict((h.id, h.explain["temporal"]) for h in hits)["answer"] > 0
            return [h.id for h in hits]

    assert ranking(0.0) == ["question", "distractor", "answer"]
    assert ranking(0.5) == ["question", "answer", "distractor"]


def test_recall_filters_by_tags_importance_and_valence(store_path):
    with Engine.open(store_path, embedder="hashing") as eng:
        v = eng.embedder.embed(["notes about the trip"])[0]
        eng.remember(
            "trip notes one", id="work-low", vector=v, tags=["work"], importance=0.2, valence=-0.8
        )
        eng.remember(
            "trip notes two",
            id="work-high",
            vector=v,
            tags=["work", "travel"],
            importance=5.0,
            valence=0.6,
        )
        eng.remember(
            "trip notes three", id="home", vector=v, tags=["home"], importance=2.0, valence=0.0
        )

        def ids(**kw):
            return sorted(h.id for h in eng.recall(v, RecallOptions(k=10, **kw)))

        assert ids() == ["home", "work-high", "work-low"]
        assert ids(tags=("work",)) == ["work-high", "work-low"]
        assert ids(tags=("Work", "travel")) == ["work-high"]  # tags are normalised
        assert ids(tags=("nowhere",)) == []
        assert ids(min_importance=1.0) == ["home", "work-high"]
        assert ids(valence_range=(0.0, 1.0)) == ["home", "work-high"]
        assert ids(valence_range=(-1.0, -0.5)) == ["work-low"]
        # the filters hold for what lexical evidence brings in too
        text_hits = eng.recall("trip notes", RecallOptions(k=10, tags=("home",)))
        assert [h.id for h in text_hits] == ["home"]
        with pytest.raises(ValidationError, match="valence_range"):
            eng.recall(v, RecallOptions(valence_range=(0.5, -0.5)))
        with pytest.raises(ValidationError, match="importance"):
            eng.recall(v, RecallOptions(min_importance=50))


def test_a_bloom_false_positive_is_never_returned(store_path):
    from engramdb.engine.tags import bloom64

    with Engine.open(store_path, embedder="hashing") as eng:
        v = eng.embedder.embed(["anything"])[0]
        mid = eng.remember("a tagged memory", vector=v, tags=["alpha"])
        # forge a header whose Bloom bits cover a tag the memory does not have
        loc = eng._index.loc_of(mid)[0]
        h = eng._read_headers([loc])
        h["synaptic_tags"] = np.uint64(bloom64(["alpha", "beta"]))
        eng._write_headers([loc], h, {})
        assert eng.recall(v, RecallOptions(tags=("alpha",)))[0].id == mid
        assert eng.recall(v, RecallOptions(tags=("beta",))) == []


def _snapshot(eng):
    """Every header byte of every segment, the Hebbian and the co-activation tables."""
    segs = [bytes(s.records[: s.count]) for t in eng._router for s in t.segments()]
    edges = eng._index.con.execute("SELECT * FROM hebbian ORDER BY a, b").fetchall()
    coact = eng._index.con.execute("SELECT * FROM coactivation ORDER BY pre, post").fetchall()
    return segs, edges, coact, eng.stats()["lsn"]


def test_observe_mode_leaves_every_counter_untouched(engine):
    engine.remember_many([{"text": f"coffee note {i}"} for i in range(6)])
    before = _snapshot(engine)
    for _ in range(3):
        engine.recall("coffee note", RecallOptions(k=5))  # observe is the default
        engine.recall("coffee", RecallOptions(k=5, session_id="s"))
        engine.recall("coffee note", RecallOptions(k=5, mode="observe", explain=True))
    engine.wait_for_listeners()
    assert _snapshot(engine) == before


def test_learn_mode_reinforces_and_associates_what_was_recalled(engine):
    ids = engine.remember_many([{"text": f"coffee note {i}", "id": f"c{i}"} for i in range(6)])
    engine.remember("tea is different", id="tea")
    hits = engine.recall("coffee note", RecallOptions(k=3, mode="learn"))
    engine.wait_for_listeners()
    top = [h.id for h in hits]
    for mid in top:
        rec = engine.get(mid)
        assert rec.storage_strength > 0 and rec.agent_recall_count == 0
    assert engine.get("tea").storage_strength == 0
    loc = engine._index.loc_of(top[0])[0]
    assert engine._read_headers([loc])[0]["spector_recall_cnt"] == 1
    # recalled together, now associated
    assert set(top[1:]) <= {i for i, _ in engine.associations(top[0])}
    assert set(ids) >= set(top)


def test_custom_recall_listeners_run_after_learn_recalls(store_path):
    seen = []

    class Spy:
        def on_recall(self, engine, query, hits, now_ms):
            seen.append((query, [h.id for h in hits]))

    with Engine.open(
        store_path, embedder="hashing", config=EngineConfig(listeners=(Spy(),))
    ) as eng:
        eng.remember("the spy listener sees this", id="s")
        eng.recall("spy listener", RecallOptions(k=1))
        eng.recall("spy listener", RecallOptions(k=1, mode="learn"))
        eng.wait_for_listeners()
        assert seen == [("spy listener", ["s"])]
        assert eng.get("s").storage_strength == 0  # only the given listeners ran
        with pytest.raises(ValidationError, match="mode"):
            eng.recall("spy", RecallOptions(mode="remember"))


def test_suppression_hides_a_memory_until_it_is_lifted_and_persists(store_path):
    with Engine.open(store_path, embedder="hashing") as eng:
        eng.remember("the secret project codename is heron", id="secret")
        eng.remember("the public project codename is finch", id="public")
        q = "project codename"
        assert "secret" in [h.id for h in eng.recall(q)]
        eng.suppress("secret")
        eng.suppress("secret")  # idempotent
        assert eng.is_suppressed("secret")
        assert "secret" not in [h.id for h in eng.recall(q)]
        assert "secret" not in [h.id for h in eng.recall("heron")]  # BM25 cannot bring it back
        assert eng.get("secret").text.startswith("the secret")  # still stored
        with pytest.raises(NotFoundError):
            eng.suppress("never-stored")
    with Engine.open(store_path, embedder="hashing") as eng:
        assert eng.is_suppressed("secret")
        assert "secret" not in [h.id for h in eng.recall(q)]
        eng.unsuppress("secret")
        assert "secret" in [h.id for h in eng.recall(q)]
    with Engine.open(store_path, embedder="hashing") as eng:
        assert not eng.is_suppressed("secret")


def test_a_due_reminder_surfaces_first_and_once(store_path):
    with Engine.open(store_path, embedder="hashing") as eng:
        eng.remember("the dentist is on Elm Street", id="dentist")
        rid = eng.schedule_reminder("call the dentist to confirm", at=NOW + 3_600_000)
        before = eng.recall("dentist", RecallOptions(k=2, now_ms=NOW))
        assert [h.tier for h in before] == ["episodic"]
        due = eng.recall("dentist", RecallOptions(k=2, now_ms=NOW + 7_200_000))
        assert [h.id for h in due] == [rid, "dentist"]
        assert due[0].tier == "prospective" and due[0].text == "call the dentist to confirm"
        again = eng.recall("dentist", RecallOptions(k=2, now_ms=NOW + 7_300_000))
        assert rid not in [h.id for h in again]
        with pytest.raises(ValidationError, match="already exists"):
            eng.schedule_reminder("twice", at=NOW, id=rid)
        later = eng.schedule_reminder("water the plants", at=NOW + 10 * DAY, id="plants")
    with Engine.open(store_path, embedder="hashing") as eng:  # persisted, delivery included
        pending = eng.reminders(pending_only=True)
        assert [r.id for r in pending] == [later]
        assert [r.id for r in eng.reminders()] == [rid, later]
        # a due reminder surfaces even when no memory matches
        hits = eng.recall("zzz unrelated", RecallOptions(k=1, now_ms=NOW + 11 * DAY))
        assert hits[0].id == "plants"


def test_habituation_inhibits_return_within_a_session_only(store_path):
    from engramdb.engine.habituation import HabituationConfig

    def run(enabled: bool) -> tuple[list[str], list[str], list[str]]:
        config = EngineConfig(habituation=HabituationConfig(enabled=enabled))
        with Engine.open(store_path / str(enabled), embedder="hashing", config=config) as eng:
            v = eng.embedder.embed(["a recipe for lentil soup"])[0]
            eng.remember("best", id="best", vector=v, timestamp_ms=NOW, importance=1.2)
            eng.remember("second", id="second", vector=v, timestamp_ms=NOW, importance=1.0)
            opts = RecallOptions(k=1, now_ms=NOW, session_id="chat-1")
            first = [h.id for h in eng.recall(v, opts)]
            again = [h.id for h in eng.recall(v, opts)]
            other = [h.id for h in eng.recall(v, replace(opts, session_id="chat-2"))]
            return first, again, other

    assert run(True) == (["best"], ["second"], ["best"])
    assert run(False) == (["best"], ["best"], ["best"])  # stable when turned off


def test_profiles_change_the_ranking_by_preset(store_path):
    with Engine.open(store_path, embedder="hashing") as eng:
        q = eng.embedder.embed(["Zanzibar"])[0]
        other = eng.embedder.embed(["a note about the garden"])[0]
        r = np.random.default_rng(3).normal(size=256).astype(np.float32)
        close = q + 2.0 * r / np.linalg.norm(r)  # cosine to the query about 0.45
        eng.remember("we flew to Zanzibar in May", id="word", vector=other, timestamp_ms=NOW)
        eng.remember("which island did we fly to", id="meaning", vector=close, timestamp_ms=NOW)

        def top(profile):
            return eng.recall("Zanzibar", RecallOptions(k=1, now_ms=NOW, profile=profile))[0].id

        assert top("semantic") == "meaning"  # similarity alone
        assert top("balanced") == "word"  # the fitted weights: a rare word shared says more
        assert top("precise") == "word"

        def gap(profile):
            hits = eng.recall("Zanzibar", RecallOptions(k=2, now_ms=NOW, profile=profile))
            return hits[0].score - hits[1].score

        assert gap("precise") > gap("balanced") > 0  # the exact word weighs more still
        with pytest.raises(ValidationError, match="profile"):
            top("nonsense")


def test_why_not_explains_each_reason(store_path):
    with Engine.open(store_path, embedder="hashing") as eng:
        v = eng.embedder.embed(["weekend plans"])[0]
        for i in range(5):
            eng.remember(f"plan {i}", id=f"p{i}", vector=v, importance=1.0 + i, timestamp_ms=NOW)
        eng.remember(
            "a far away thought",
            id="far",
            tier="semantic",
            vector=eng.embedder.embed(["taxes"])[0],
            timestamp_ms=NOW,
        )
        eng.remember("gone", id="gone", vector=v)
        eng.forget("gone")
        eng.remember("hidden", id="hidden", vector=v)
        eng.suppress("hidden")
        opts = RecallOptions(k=2, now_ms=NOW)
        assert eng.why_not("p4", v, opts).reason == "returned"
        low = eng.why_not("p0", v, opts)
        assert low.reason == "rank" and low.rank > 2 and low.score < low.cutoff
        assert low.explain["importance"] < eng.why_not("p4", v, opts).explain["importance"]
        assert eng.why_not("gone", v, opts).reason == "forgotten"
        assert eng.why_not("hidden", v, opts).reason == "suppressed"
        assert eng.why_not("far", v, replace(opts, tiers=("episodic",))).reason == "tier"
        assert eng.why_not("p0", v, replace(opts, min_importance=3)).reason == "importance"
        assert eng.why_not("p0", v, replace(opts, max_timestamp_ms=NOW - 1)).reason == "time"
        with pytest.raises(NotFoundError):
            eng.why_not("nobody", v, opts)


def _three(eng, rng_seed=11):
    """A query vector, a close memory, and two far ones that differ only in their links."""
    q = eng.embedder.embed(["what did we decide about the launch"])[0]
    r1, r2 = np.random.default_rng(rng_seed).normal(size=(2, 256)).astype(np.float32)
    return q, r1 / np.linalg.norm(r1), r2 / np.linalg.norm(r2)


def test_hebbian_spreading_lifts_an_associated_memory(store_path):
    from engramdb.engine import ScoreWeights

    def ranking(hebbian: float) -> list[str]:
        config = EngineConfig(weights=ScoreWeights(hebbian=hebbian, temporal=0.0, entity=0.0))
        with Engine.open(store_path / str(hebbian), embedder="hashing", config=config) as eng:
            q, r1, r2 = _three(eng)
            eng.remember("launch decision", id="seed", vector=q, timestamp_ms=NOW)
            eng.remember("first far memory", id="linked", vector=r1, timestamp_ms=NOW)
            eng.remember("second far memory", id="plain", vector=r2 + 0.05 * q, timestamp_ms=NOW)
            eng.associate([("seed", "linked")], amount=5.0, now_ms=NOW)
            hits = eng.recall(q, RecallOptions(k=3, now_ms=NOW, explain=True))
            if hebbian:
                assert dict((h.id, h.explain["hebbian"]) for h in hits)["linked"] > 0
            return [h.id for h in hits]

    assert ranking(0.0) == ["seed", "plain", "linked"]
    assert ranking(0.5) == ["seed", "linked", "plain"]


def test_entity_traversal_lifts_memories_about_the_query_entities(store_path):
    from engramdb.engine import ScoreWeights

    def ranking(entity: float) -> list[str]:
        config = EngineConfig(weights=ScoreWeights(entity=entity, temporal=0.0, lexical=0.0))
        with Engine.open(store_path / str(entity), embedder="hashing", config=config) as eng:
            _, r1, r2 = _three(eng)
            q = eng.embedder.embed(["What does Dana chair?"])[0]
            eng.remember("Dana chairs the committee", id="dana", vector=r1, timestamp_ms=NOW)
            eng.remember(
                "the weather was grey", id="weather", vector=r2 + 0.4 * q, timestamp_ms=NOW
            )
            for i in range(8):  # other memories, so Dana is a rare (informative) entity
                eng.remember(f"filler note number {i}", vector=r2, timestamp_ms=NOW)
            hits = eng.recall("What does Dana chair?", RecallOptions(k=12, now_ms=NOW))
            return [h.id for h in hits if h.id in ("dana", "weather")]

    assert ranking(0.0) == ["weather", "dana"]
    assert ranking(0.5) == ["dana", "weather"]


def test_spreading_keeps_to_the_tiers_asked_for(store_path):
    with Engine.open(store_path, embedder="hashing") as eng:
        v = eng.embedder.embed(["Dana and the committee"])[0]
        eng.remember("Dana leads the committee", id="ep", vector=v, session_id="s")
        eng.remember("Dana's committee, in short", id="sem", tier="semantic", vector=-v)
        eng.associate([("ep", "sem")], amount=5.0)
        for opts in (RecallOptions(k=5, tiers=("episodic",)),):
            assert [h.id for h in eng.recall("Dana committee", opts)] == ["ep"]
            assert [h.id for h in eng.recall(v, opts)] == ["ep"]
        assert "sem" in [h.id for h in eng.recall("Dana committee", RecallOptions(k=5))]


def test_mmr_spreads_the_hits_over_distinct_memories(store_path):
    with Engine.open(store_path, embedder="hashing") as eng:
        q = eng.embedder.embed(["holiday plans"])[0]
        r = np.random.default_rng(5).normal(size=256).astype(np.float32)
        other = q + 1.2 * r / np.linalg.norm(r)
        eng.remember("plans a", id="dup1", vector=q, timestamp_ms=NOW)
        eng.remember("plans b", id="dup2", vector=q, timestamp_ms=NOW)
        eng.remember("plans c", id="different", vector=other, timestamp_ms=NOW)
        plain = [h.id for h in eng.recall(q, RecallOptions(k=2, now_ms=NOW))]
        diverse = [h.id for h in eng.recall(q, RecallOptions(k=2, now_ms=NOW, mmr=0.3))]
        assert plain == ["dup1", "dup2"]
        assert diverse == ["dup1", "different"]
        with pytest.raises(ValidationError, match="mmr"):
            eng.recall(q, RecallOptions(mmr=2.0))


def test_preferred_tags_and_mood_lift_matching_memories(store_path):
    with Engine.open(store_path, embedder="hashing") as eng:
        v = eng.embedder.embed(["dinner ideas"])[0]
        eng.remember("pasta", id="plain", vector=v, timestamp_ms=NOW, valence=-0.8)
        eng.remember("curry", id="tagged", vector=v, timestamp_ms=NOW, tags=["spicy"], valence=0.8)

        def top(**kw):
            return [h.id for h in eng.recall(v, RecallOptions(k=2, now_ms=NOW, **kw))]

        assert top() == ["plain", "tagged"]  # a tie, kept in store order
        assert top(prefer_tags=("spicy",)) == ["tagged", "plain"]
        assert top(mood=0.9) == ["tagged", "plain"]
        assert top(mood=-0.9) == ["plain", "tagged"]
        hits = eng.recall(v, RecallOptions(k=2, now_ms=NOW, prefer_tags=("spicy",), explain=True))
        assert hits[0].explain["tags"] > 0 and hits[1].explain["tags"] == 0


def test_scopes_partition_recall(store_path):
    with Engine.open(store_path, embedder="hashing") as eng:
        v = eng.embedder.embed(["where do I live"])[0]
        eng.remember(
            "alice lives in Berlin", id="a", vector=v, scope="org/acme/user/alice", session_id="sa"
        )
        eng.remember(
            "bob lives in Lisbon", id="b", vector=v, scope="org/acme/user/bob", session_id="sb"
        )
        eng.remember("acme is in Berlin too", id="org", vector=v * 0.9, scope="org/acme")
        alice = RecallOptions(k=5, scopes=("org/acme/user/alice",))
        assert [h.id for h in eng.recall(v, alice)] == ["a"]
        assert [h.id for h in eng.recall("Lisbon Berlin", alice)] == ["a"]  # not via BM25
        both = RecallOptions(k=5, scopes=("org/acme/user/alice", "org/acme"))
        assert sorted(h.id for h in eng.recall(v, both)) == ["a", "org"]
        assert eng.recall(v, RecallOptions(k=5, scopes=("nobody",))) == []


def test_lexical_fusion_leaves_out_words_most_memories_contain(store_path):
    from engramdb.engine import ScoreWeights
    from engramdb.engine.scoring import ExpansionConfig

    config = EngineConfig(
        weights=ScoreWeights(lexical=2.0), expansion=ExpansionConfig(common_term_cap=5)
    )
    with Engine.open(store_path, embedder="hashing", config=config) as eng:
        far = eng.embedder.embed(["unrelated gardening words"])[0]
        eng.remember_many([{"text": f"common word {i}", "vector": far} for i in range(10)])
        eng.remember("the quokka is common", id="rare", vector=far)
        hits = eng.recall("quokka common", RecallOptions(k=1, explain=True))
        assert hits[0].id == "rare" and hits[0].explain["lexical"] > 0  # the rare word counts
        only_common = eng.recall("common", RecallOptions(k=3, explain=True))
        assert all(h.explain["lexical"] == 0 for h in only_common)  # "common" is left out


def test_lexical_fusion_reads_the_rarest_words_within_its_budget(store_path):
    """Words each under the cap but together over it: the most common of them is left out
    (the OR query's cost is bounded), the rarer ones still count."""
    from engramdb.engine import ScoreWeights
    from engramdb.engine.scoring import ExpansionConfig

    config = EngineConfig(
        weights=ScoreWeights(lexical=2.0),
        expansion=ExpansionConfig(lexical_budget=8, window=False),
    )
    with Engine.open(store_path, embedder="hashing", config=config) as eng:
        far = eng.embedder.embed(["unrelated gardening words"])[0]
        eng.remember_many([{"text": f"alpha {i}", "vector": far} for i in range(5)])
        eng.remember_many([{"text": f"beta {i}", "vector": far} for i in range(6)])
        eng.remember("gamma", id="rare", vector=far)
        hits = eng.recall("alpha beta gamma", RecallOptions(k=12, explain=True))
        lexical = {h.id: h.explain["lexical"] for h in hits}
        assert lexical["rare"] > 0
        alphas = [h for h in hits if h.text.startswith("alpha")]
        betas = [h for h in hits if h.text.startswith("beta")]
        assert alphas and all(h.explain["lexical"] > 0 for h in alphas)  # 1 + 5 <= 8
        assert all(h.explain["lexical"] == 0 for h in betas)  # 1 + 5 + 6 > 8


@given(
    st.dictionaries(st.text("abcdef", min_size=1, max_size=3), st.integers(0, 50), max_size=8),
    st.integers(0, 120),
)
def test_the_words_kept_fit_the_budget_and_are_the_rarest(counts, budget):
    from engramdb.engine._reads import _within

    terms = list(counts)
    kept = _within(terms, counts, budget)
    assert bool(kept) == bool(terms)  # the rarest word always
    assert len(kept) == 1 or sum(counts[t] for t in kept) <= budget
    assert kept == [t for t in terms if t in kept]  # the query's order
    left = [t for t in terms if t not in kept]
    if kept and left:
        assert max(counts[t] for t in kept) <= min(counts[t] for t in left)
        assert sum(counts[t] for t in kept) + min(counts[t] for t in left) > budget  # full


def test_the_live_count_kept_in_memory_matches_the_index(store_path):
    with Engine.open(store_path, embedder="hashing") as eng:
        ids = eng.remember_many([{"text": f"count me {i}"} for i in range(7)])
        eng.forget(ids[0])
        eng.forget(ids[0])  # a second forget changes nothing
        assert eng._live_count == eng._index.count() == 6
    with Engine.open(store_path, embedder="hashing") as eng:
        assert eng._live_count == 6


def test_recall_options_out_of_range_are_refused(engine):
    engine.remember("something to find")
    for opts, field in [
        (RecallOptions(candidates=0), "candidates"),
        (RecallOptions(candidates=10**9), "candidates"),
        (RecallOptions(scopes=("",)), "scopes"),
        (RecallOptions(session_id=""), "session_id"),
        (RecallOptions(mood=3), "mood"),
    ]:
        with pytest.raises(ValidationError) as err:
            engine.recall("something", opts)
        assert err.value.field == field
