"""Cognitive ingestion: each mechanism, and the effect it is there for."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from engramdb import Engine, EngineConfig, RecallOptions
from engramdb.engine import HEADER_DTYPE, Flag
from engramdb.engine.pipeline import IngestConfig
from engramdb.engine.reflect import ReflectConfig
from engramdb.engine.tags import bloom64, bloom_may_contain

DAY = 86_400_000
T0 = 1_700_000_000_000
HERE = Path(__file__).parent

VARIED = [
    "I adopted a golden retriever puppy last weekend",
    "The quarterly budget review is scheduled for Thursday",
    "My grandmother taught me to bake sourdough bread",
    "We are repainting the kitchen a pale shade of green",
    "The train to Vienna was delayed by two hours",
    "I started learning to play the cello in January",
    "Our team shipped the new billing service yesterday",
    "The museum opened an exhibition about deep sea creatures",
    "I sprained my ankle while running on the beach",
    "The library extended its opening hours on weekends",
    "My brother is moving to Montreal for a new job",
    "The printer on the third floor keeps jamming",
    "We planted tulips and daffodils along the fence",
    "I finally finished reading a novel about lighthouse keepers",
    "The dentist recommended a softer toothbrush",
    "Our neighbours hosted a jazz night in their garden",
    "The city is building a new bicycle lane downtown",
    "I burned the rice while talking on the phone",
    "The conference keynote was about climate modelling",
    "My daughter won the regional spelling competition",
    "The bakery ran out of croissants before nine",
    "I switched my phone plan to save money",
    "The hiking club is planning a trip to the volcano",
    "Our cat learned to open the pantry door",
    "The rain flooded the underground parking garage",
    "I bought a second-hand telescope to watch Saturn",
    "The orchestra rehearsal moved to the old church",
    "My laptop battery barely lasts an hour now",
    "We celebrated grandpa's ninetieth birthday by the lake",
    "The pharmacy changed my prescription to a generic brand",
    "A new ramen place opened across from the office",
    "I volunteered to coach the under-tens football team",
    "The roofers found a wasp nest under the tiles",
    "My sister is training to become a paramedic",
    "The electricity bill doubled over the winter",
    "We watched a documentary about Antarctic penguins",
]


def _store(path: Path, **ingest) -> Engine:
    return Engine.open(path, config=EngineConfig(ingest=IngestConfig(**ingest)))


def _header(eng: Engine, mid: str) -> np.void:
    loc = eng._index.loc_of(mid)[0]
    return eng._read_headers([loc])[0]


# ---------------------------------------------------------------------------------- surprise
def test_a_near_duplicate_gets_lower_importance_than_a_novel_memory(tmp_path: Path):
    with _store(tmp_path / "s") as eng:
        for i, text in enumerate(VARIED):
            eng.remember(text, timestamp_ms=T0 + i * 60_000)
        dup = eng.remember("I adopted a golden retriever puppy last weekend!")
        novel = eng.remember(
            "Quantum entanglement experiments need cryogenic superconducting qubits"
        )
        assert eng.get(dup).importance < 0.5
        assert eng.get(novel).importance > 2 * eng.get(dup).importance


def test_warm_up_keeps_the_default_importance(tmp_path: Path):
    with _store(tmp_path / "s") as eng:
        ids = [eng.remember(t) for t in VARIED[:10]]
        assert all(eng.get(i).importance == 1.0 for i in ids)


def test_a_flashbulb_memory_is_pinned_at_maximum_importance(tmp_path: Path):
    with _store(tmp_path / "s") as eng:
        base = "status update: the build is green and the tests passed"
        for i in range(60):  # a long, monotonous stream: novelty is low and steady
            eng.remember(f"{base} again, run {i}")
        shock = eng.remember("Fire alarm: the server room is flooding and the CEO resigned")
        rec = eng.get(shock)
        assert rec.pinned and rec.importance == 10.0
        # pinned memories do not decay: a year later it still has full retention
        hits = eng.recall(
            "server room flooding", RecallOptions(k=1, now_ms=T0 + 400 * DAY, explain=True)
        )
        assert hits[0].id == shock and hits[0].explain["retention"] == pytest.approx(0.05)


def test_surprise_statistics_survive_reopen(tmp_path: Path):
    with _store(tmp_path / "s") as eng:
        for t in VARIED:
            eng.remember(t)
        n = eng._pipeline.surprise.stats.n
    with _store(tmp_path / "s") as eng:
        assert eng._pipeline.surprise.stats.n == n == len(VARIED) - 1  # the first has no peer


def test_caller_importance_wins_over_surprise(tmp_path: Path):
    with _store(tmp_path / "s") as eng:
        for t in VARIED:
            eng.remember(t)
        mid = eng.remember(VARIED[0], importance=7.5)
        assert eng.get(mid).importance == 7.5 and not eng.get(mid).pinned


# ---------------------------------------------------------------------------------- tags
def test_given_tags_and_keyphrases_fill_the_bloom_filter(tmp_path: Path):
    with _store(tmp_path / "s") as eng:
        tagged = eng.remember("Lunch with the design team", tags=["work", "food"])
        auto = eng.remember("I adopted a golden retriever puppy named Biscuit")
        h = _header(eng, tagged)
        assert int(h["synaptic_tags"]) == bloom64(["work", "food"])
        assert bloom_may_contain(int(h["synaptic_tags"]), "work")
        phrases = eng.get(auto).keyphrases
        assert phrases and any("retriever" in p for p in phrases)
        assert int(_header(eng, auto)["synaptic_tags"]) == bloom64(phrases)


def test_auto_tags_can_be_turned_off(tmp_path: Path):
    with _store(tmp_path / "s", auto_tags=False) as eng:
        mid = eng.remember("I adopted a golden retriever puppy named Biscuit")
        assert int(_header(eng, mid)["synaptic_tags"]) == 0
        assert eng.get(mid).keyphrases == [] and eng.get(mid).meta == {}


# ---------------------------------------------------------------------------------- affect
def test_valence_and_arousal_come_from_the_text_unless_given(tmp_path: Path):
    with _store(tmp_path / "s") as eng:
        happy = eng.remember("I love this place, it's absolutely wonderful!!")
        sad = eng.remember("I hate how terrible and awful this week has been")
        flat = eng.remember("The meeting is in room 4 at three.")
        given = eng.remember("I love it", valence=-0.5, arousal=0.1)
        assert eng.get(happy).valence > 0.3 and eng.get(sad).valence < -0.3
        assert abs(eng.get(flat).valence) < 0.1
        assert eng.get(happy).arousal > eng.get(flat).arousal
        assert eng.get(given).valence == pytest.approx(-0.5, abs=0.01)
        assert eng.get(given).arousal == pytest.approx(0.1, abs=0.01)


def test_arousal_slows_decay(tmp_path: Path):
    with Engine.open(tmp_path / "s", embedder="hashing") as eng:
        v = eng.embedder.embed(["the annual review meeting"])[0]
        calm = eng.remember("calm", vector=v, timestamp_ms=T0, arousal=0.0, importance=1)
        intense = eng.remember("intense", vector=v, timestamp_ms=T0, arousal=1.0, importance=1)
        hits = eng.recall(v, RecallOptions(k=2, now_ms=T0 + 20 * DAY, explain=True))
        assert [h.id for h in hits] == [intense, calm]
        assert hits[0].explain["retention"] > hits[1].explain["retention"]


# ---------------------------------------------------------------------------------- graphs
def _conversation(eng: Engine, session: str, turns: list[str], t0: int) -> list[str]:
    return eng.remember_many(
        [
            {
                "text": t,
                "session_id": session,
                "timestamp_ms": t0 + i * 60_000,
                "id": f"{session}-{i}",
            }
            for i, t in enumerate(turns)
        ]
    )


def test_temporal_links_follow_session_order(tmp_path: Path):
    with _store(tmp_path / "s") as eng:
        ids = _conversation(eng, "s1", VARIED[:6], T0)
        _conversation(eng, "s2", VARIED[6:9], T0)  # another session does not interleave
        late = eng.remember(
            "a turn that arrives late but happened early", session_id="s1", timestamp_ms=T0 + 90_000
        )  # between turns 1 and 2
        before, after = eng.session_neighbors(ids[2], hops=3)
        assert before == [late, ids[1], ids[0]]
        assert after == [ids[3], ids[4], ids[5]]
        assert eng.session_neighbors(ids[0], hops=2) == ([], [ids[1], late])


def test_consecutive_turns_of_a_session_are_hebbian_neighbours(tmp_path: Path):
    with _store(tmp_path / "s") as eng:
        ids = _conversation(eng, "s1", VARIED[:4], T0)
        other = eng.remember(VARIED[10], session_id="s9", timestamp_ms=T0)
        assoc = dict(eng.associations(ids[1], now_ms=T0))
        assert set(assoc) == {ids[0], ids[2]}
        assert assoc[ids[0]] == pytest.approx(1.0)
        assert eng.associations(other) == []


def test_hebbian_weights_saturate_and_decay(tmp_path: Path):
    with _store(tmp_path / "s") as eng:
        h = eng._pipeline.hebbian
        with eng._lock:
            for _ in range(50):
                h.strengthen([(1, 2)], now_ms=T0)
        w = h.weight(1, 2, T0)
        assert 9.0 < w <= h.config.max_weight
        half = h.weight(1, 2, T0 + int(h.config.half_life_days * DAY))
        assert half == pytest.approx(w / 2, rel=1e-3)
        assert h.weight(2, 1, T0) == w  # undirected


def test_an_entity_mentioned_in_two_sessions_links_both_memories(tmp_path: Path):
    with _store(tmp_path / "s") as eng:
        a = eng.remember(
            "Caroline went to a support group meeting on Tuesday", session_id="s1", timestamp_ms=T0
        )
        eng.remember("The weather was grey all day", session_id="s1", timestamp_ms=T0 + 1)
        b = eng.remember(
            "I told caroline about the new painting class",
            session_id="s2",
            timestamp_ms=T0 + 30 * DAY,
        )
        assert eng.entity_memories("Caroline") == [a, b]
        assert {"key": "caroline", "kind": "person_or_name", "name": "Caroline"} in (
            eng.entities_of(a)
        )


def test_dates_become_entities_resolved_against_the_memory_time(tmp_path: Path):
    with _store(tmp_path / "s") as eng:
        t = 1_683_504_000_000  # 2023-05-08
        a = eng.remember("We went camping yesterday with Melanie", timestamp_ms=t)
        b = eng.remember("The camping trip on 7 May 2023 was fun", timestamp_ms=t + 5 * DAY)
        assert eng.entity_memories("2023-05-07") == [a, b]


def test_entity_hops_reach_co_mentioned_entities(tmp_path: Path):
    with _store(tmp_path / "s") as eng:
        a = eng.remember("Jon and Gina opened a dance studio together")
        b = eng.remember("Gina bought new mirrors for the studio")
        c = eng.remember("Jon is saving up for a trip to Paris")
        assert set(eng.entity_memories("Gina")) == {a, b}
        assert set(eng.entity_memories("Gina", hops=1)) >= {a, b, c}


# ---------------------------------------------------------------------------------- degradation
def test_a_failing_graph_step_does_not_fail_the_write(tmp_path: Path, caplog):
    with _store(tmp_path / "s") as eng:

        def broken(locs, rows):
            raise RuntimeError("injected failure")

        eng._pipeline.extra_steps.append(("injected", broken))
        orig = eng._pipeline.hebbian.strengthen_many
        eng._pipeline.hebbian.strengthen_many = lambda *a, **k: (_ for _ in ()).throw(
            OSError("boom")
        )
        with caplog.at_level(logging.WARNING, logger="engramdb.index"):
            ids = _conversation(eng, "s1", ["Anna met Ben at the market", "Ben bought apples"], T0)
        assert "'injected' failed" in caplog.text and "'hebbian' failed" in caplog.text
        assert [eng.get(i).text for i in ids] == ["Anna met Ben at the market", "Ben bought apples"]
        assert eng.entity_memories("Ben") == ids  # the steps that worked did their part
        assert eng.associations(ids[1]) == []  # the failed one left nothing half-done
        eng._pipeline.hebbian.strengthen_many = orig
        eng._pipeline.extra_steps.clear()
        c = eng.remember("Ben sold the apples", session_id="s1", timestamp_ms=T0 + 10 * 60_000)
        assert [i for i, _ in eng.associations(c, now_ms=T0)] == [ids[1]]


# ---------------------------------------------------------------------------------- reflection
CLUSTERS = {
    "alps": [
        "We hiked up to the glacier in the Alps this morning",
        "The Alps hike was steep but the glacier views were worth it",
        "Our guide in the Alps showed us how to cross the glacier safely",
        "After the Alps glacier hike we ate fondue in the mountain hut",
        "My boots got soaked on the glacier trail in the Alps",
    ],
    "tax": [
        "I need to file my tax return before the April deadline",
        "The accountant asked for receipts for the tax return",
        "Filing the tax return online took two evenings",
        "I got a small refund after filing my tax return",
    ],
}


def test_reflection_consolidates_episodes_into_a_semantic_memory(tmp_path: Path):
    config = EngineConfig(reflect=ReflectConfig(every_writes=None))
    with Engine.open(tmp_path / "s", config=config) as eng:
        sources = []
        for name, turns in CLUSTERS.items():
            sources += _conversation(eng, name, turns, T0)
        for t in VARIED[:8]:
            eng.remember(t)
        report = eng.reflect(now_ms=T0 + DAY)
        assert report.clusters >= 2 and report.created
        hits = eng.recall("our glacier hike in the Alps", RecallOptions(k=1, tiers=("semantic",)))
        assert hits and hits[0].id in report.created
        gist = eng.get(hits[0].id)
        assert gist.tier == "semantic" and gist.meta["kind"] == "consolidation"
        alps_ids = [s for s in sources if s.startswith("alps")]
        assert set(gist.meta["derived_from"]) == set(alps_ids)
        for sid in gist.meta["derived_from"]:
            rec = eng.get(sid)
            assert rec.consolidated
            assert int(_header(eng, sid)["centroid_id"]) == gist.meta["cluster"]
        assert hits[0].id in dict(eng.associations(alps_ids[0], now_ms=T0 + DAY))
        # a second reflection does not consolidate the same episodes again
        again = eng.reflect(now_ms=T0 + DAY)
        assert not set(again.consolidated) & set(report.consolidated)


def test_reflection_prunes_weak_old_working_memories(tmp_path: Path):
    config = EngineConfig(reflect=ReflectConfig(every_writes=None))
    with Engine.open(tmp_path / "s", embedder="hashing", config=config) as eng:
        weak = eng.remember("scratch note", tier="working", importance=0.05, timestamp_ms=T0)
        pinned = eng.remember(
            "pinned note", tier="working", importance=0.05, pinned=True, timestamp_ms=T0
        )
        strong = eng.remember("strong note", tier="working", importance=9, timestamp_ms=T0)
        fresh = eng.remember(
            "fresh note", tier="working", importance=0.05, timestamp_ms=T0 + 400 * DAY
        )
        report = eng.reflect(now_ms=T0 + 400 * DAY)
        assert report.pruned == [weak]
        assert {eng.get(x).id for x in (pinned, strong, fresh)} == {pinned, strong, fresh}


def test_reflection_runs_in_the_write_that_makes_it_due(tmp_path: Path):
    config = EngineConfig(reflect=ReflectConfig(every_writes=12, background=False))
    with Engine.open(tmp_path / "s", config=config) as eng:
        _conversation(eng, "alps", CLUSTERS["alps"], T0)
        assert eng.stats()["tiers"]["semantic"]["live"] == 0
        _conversation(eng, "tax", CLUSTERS["tax"], T0)
        eng.remember_many([{"text": t} for t in VARIED[:4]])  # the 13th write makes it due
        assert eng.stats()["tiers"]["semantic"]["live"] >= 1


def test_background_reflection_waits_for_a_pause_in_the_writes(tmp_path: Path):
    config = EngineConfig(reflect=ReflectConfig(every_writes=12, idle_ms=1000))
    with Engine.open(tmp_path / "s", config=config) as eng:
        _conversation(eng, "alps", CLUSTERS["alps"], T0)
        _conversation(eng, "tax", CLUSTERS["tax"], T0)
        eng.remember_many([{"text": t} for t in VARIED[:4]])  # due now, but writes go on
        for t in VARIED[4:10]:
            eng.remember(t)
            assert eng.stats()["tiers"]["semantic"]["live"] == 0
        deadline = time.monotonic() + 10
        while eng.stats()["tiers"]["semantic"]["live"] == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert eng.stats()["tiers"]["semantic"]["live"] >= 1


def test_reflection_walks_the_backlog_once(tmp_path: Path):
    config = EngineConfig(reflect=ReflectConfig(every_writes=None, max_candidates=5))
    with Engine.open(tmp_path / "s", config=config) as eng:
        ids = _conversation(eng, "alps", CLUSTERS["alps"], T0) + _conversation(
            eng, "tax", CLUSTERS["tax"], T0
        )
        first = eng.reflect(now_ms=T0 + DAY)
        assert eng._index.get_meta("reflected_seq") == str(
            eng._index.seqs([eng._index.loc_of(ids[-1])[0]])[eng._index.loc_of(ids[-1])[0]]
        )
        again = eng.reflect(now_ms=T0 + DAY)
        assert again.clusters == 0 and not again.created
        assert first.clusters == 2  # one per window: the alps turns, then the tax turns


# ---------------------------------------------------------------------------------- crash
@pytest.mark.processes
def test_graphs_are_rebuilt_from_the_log_after_a_crash(tmp_path: Path):
    path = tmp_path / "s"
    code = f"""
import os
from engramdb import Engine
eng = Engine.open({str(path)!r}, config=None)
turns = [
    ("Caroline called Melanie about the picnic", "a", {T0}),
    ("Melanie said the picnic moved to Sunday", "a", {T0 + 1000}),
]
eng.remember_many([{{"text": t, "session_id": s, "timestamp_ms": ts}} for t, s, ts in turns])
# a name learned in one write is found in lower case from the next write on
eng.remember("caroline brought lemonade", session_id="b", timestamp_ms={T0 + 2000})
print("ACK", flush=True)
os._exit(0)  # no checkpoint: the SQLite rows and the graphs come back from the log
"""
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env={**os.environ}
    )
    assert "ACK" in out.stdout, out.stderr
    assert (path / "wal.log").stat().st_size > 0
    with Engine.open(path) as eng:
        assert len(eng.entity_memories("Caroline")) == 2
        assert len(eng.entity_memories("Melanie")) == 2
        first = eng.entity_memories("Caroline")[0]
        assert len(eng.associations(first, now_ms=T0)) == 1
        assert eng._pipeline.surprise.stats.n == 2  # the first memory has no peer


def test_header_dtype_unchanged_by_ingestion_fields():
    assert HEADER_DTYPE.itemsize == 64 and int(Flag.CONSOLIDATED) == 8
