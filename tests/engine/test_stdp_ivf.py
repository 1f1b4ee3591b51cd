"""STDP (directed co-activation and its predictive boost) and IVF partitions (approximate
recall) of the engine."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from engramdb import Engine, EngineConfig, RecallOptions, ValidationError
from engramdb.engine import IvfConfig, ScoreWeights
from engramdb.engine.ivf import InvertedLists, Partitions, spherical_kmeans
from engramdb.engine.listeners import StdpListener

NOW = 1_780_000_000_000
MIN = 60_000


def _unit(v):
    return (v / np.linalg.norm(v)).astype(np.float32)


def _stdp_store(path: Path, stdp: float = 0.5) -> Engine:
    config = EngineConfig(
        weights=ScoreWeights(stdp=stdp, temporal=0.0, hebbian=0.0, entity=0.0, lexical=0.0),
        listeners=(StdpListener(),),
        habituation=EngineConfig().habituation.__class__(enabled=False),
    )
    return Engine.open(path, embedder="hashing", config=config)


def _vectors(dim: int, seed: int = 3):
    rng = np.random.default_rng(seed)
    qa, qb, qx, r = (_unit(rng.normal(size=dim)) for _ in range(4))
    return qa, qb, qx, r


def _teach_a_then_b(eng: Engine, qa, qb, rounds: int = 3) -> None:
    t = NOW
    for i in range(rounds):
        s = f"teach{i}"
        eng.recall(qa, RecallOptions(k=1, mode="learn", session_id=s, now_ms=t))
        eng.recall(qb, RecallOptions(k=1, mode="learn", session_id=s, now_ms=t + MIN))
        t += 30 * MIN
    eng.wait_for_listeners()


def test_stdp_learns_the_order_of_recalls_in_a_session(store_path):
    with _stdp_store(store_path) as eng:
        qa, qb, _, _ = _vectors(eng.dim)
        eng.remember("what the user asked first", id="A", vector=qa, timestamp_ms=NOW)
        eng.remember("what the user asked next", id="B", vector=qb, timestamp_ms=NOW)
        _teach_a_then_b(eng, qa, qb)
        a, b = eng._index.loc_of("A")[0], eng._index.loc_of("B")[0]
        forward = eng._coactivation.weight(a, b, NOW + 2 * 60 * MIN)
        assert forward > 1.0
        assert eng._coactivation.weight(b, a, NOW + 2 * 60 * MIN) == 0.0
        # the reverse order, once, depresses nothing it has not earned but learns B -> A a bit
        eng.recall(qb, RecallOptions(k=1, mode="learn", session_id="rev", now_ms=NOW + 200 * MIN))
        eng.recall(qa, RecallOptions(k=1, mode="learn", session_id="rev", now_ms=NOW + 201 * MIN))
        eng.wait_for_listeners()
        assert eng._coactivation.weight(a, b, NOW + 201 * MIN) < forward  # depressed
        assert 0 < eng._coactivation.weight(b, a, NOW + 201 * MIN) < forward
    with Engine.open(store_path, embedder="hashing") as eng:  # through the log, like any change
        assert eng._coactivation.weight(a, b, NOW + 201 * MIN) > 0


def test_stdp_predictive_boost_changes_the_ranking_of_what_comes_next(store_path):
    with _stdp_store(store_path) as eng:
        qa, qb, qx, _ = _vectors(eng.dim)
        eng.remember("first question's answer", id="A", vector=qa, timestamp_ms=NOW)
        eng.remember("usually asked next", id="B", vector=qb, timestamp_ms=NOW)
        # a query a little closer to C than to B
        query = _unit(qb + qx)
        eng.remember("a closer stranger", id="C", vector=_unit(qx + 0.1 * qb), timestamp_ms=NOW)
        _teach_a_then_b(eng, qa, qb)
        t = NOW + 300 * MIN
        fresh = eng.recall(query, RecallOptions(k=2, session_id="fresh", now_ms=t))
        assert [h.id for h in fresh] == ["C", "B"]
        # after A was recalled in this session, B is predicted
        eng.recall(qa, RecallOptions(k=1, session_id="primed", now_ms=t))
        primed = eng.recall(
            query, RecallOptions(k=2, session_id="primed", now_ms=t + MIN, explain=True)
        )
        assert [h.id for h in primed] == ["B", "C"]
        assert primed[0].explain["stdp"] > 0
        # outside the window the prediction has lapsed
        late = eng.recall(query, RecallOptions(k=2, session_id="primed", now_ms=t + 60 * MIN))
        assert [h.id for h in late] == ["C", "B"]
    with _stdp_store(store_path.parent / "off", stdp=0.0) as eng:  # weight 0: no boost
        qa, qb, qx, _ = _vectors(eng.dim)
        eng.remember("first question's answer", id="A", vector=qa, timestamp_ms=NOW)
        eng.remember("usually asked next", id="B", vector=qb, timestamp_ms=NOW)
        eng.remember("a closer stranger", id="C", vector=_unit(qx + 0.1 * qb), timestamp_ms=NOW)
        _teach_a_then_b(eng, qa, qb)
        eng.recall(qa, RecallOptions(k=1, session_id="primed", now_ms=NOW + 300 * MIN))
        hits = eng.recall(
            _unit(qb + qx), RecallOptions(k=2, session_id="primed", now_ms=NOW + 301 * MIN)
        )
        assert [h.id for h in hits] == ["C", "B"]


def test_observe_mode_learns_no_coactivation(store_path):
    with _stdp_store(store_path) as eng:
        qa, qb, _, _ = _vectors(eng.dim)
        eng.remember("a", id="A", vector=qa)
        eng.remember("b", id="B", vector=qb)
        eng.recall(qa, RecallOptions(k=1, session_id="s"))
        eng.recall(qb, RecallOptions(k=1, session_id="s"))
        eng.wait_for_listeners()
        assert eng._index.con.execute("SELECT COUNT(*) FROM coactivation").fetchone()[0] == 0


def test_custom_listener_without_session_keyword_still_runs(store_path):
    seen = []

    class Old:
        def on_recall(self, engine, query, hits, now_ms):
            seen.append(len(hits))

    with Engine.open(
        store_path, embedder="hashing", config=EngineConfig(listeners=(Old(), StdpListener()))
    ) as eng:
        eng.remember("hello there")
        eng.recall("hello", RecallOptions(k=1, mode="learn", session_id="s"))
        eng.wait_for_listeners()
    assert seen == [1]


# -- IVF ------------------------------------------------------------------------------------


def _clustered(dim: int, n: int, seed: int = 0, clusters: int = 40):
    rng = np.random.default_rng(seed)
    centres = rng.normal(size=(clusters, dim)).astype(np.float32)
    x = centres[rng.integers(0, clusters, n)] + 0.6 * rng.normal(size=(n, dim)).astype(np.float32)
    q = centres[rng.integers(0, clusters, 40)] + 0.6 * rng.normal(size=(40, dim))
    return x.astype(np.float32), q.astype(np.float32)


def test_spherical_kmeans_gives_every_centroid_data():
    x, _ = _clustered(32, 2_000, clusters=8)
    x /= np.linalg.norm(x, axis=1, keepdims=True)
    centres, labels = spherical_kmeans(x, 8, seed=1)
    assert centres.shape == (8, 32)
    assert np.allclose(np.linalg.norm(centres, axis=1), 1.0, atol=1e-5)
    assert len(np.unique(labels)) == 8


def test_inverted_lists_treat_other_generations_as_unassigned():
    parts = Partitions(0, 1, np.eye(4, dtype=np.float32))  # odd generation: ids 32769..
    ids = np.array([32769, 0, 32770, 3, 32772, 32769], dtype=np.uint16)  # 0 and 3: unassigned
    lists = InvertedLists(ids, parts)
    assert lists.unassigned.tolist() == [1, 3]
    assert lists.slots(np.array([32769], dtype=np.uint16)).tolist() == [0, 1, 3, 5]
    assert lists.slots(np.array([32771], dtype=np.uint16)).tolist() == [1, 3]


def test_ivf_approximate_recall_matches_the_exact_scan_and_scans_less(store_path):
    config = EngineConfig(ivf=IvfConfig(nlist=64))
    with Engine.open(store_path, embedder="hashing", config=config) as eng:
        x, queries = _clustered(eng.dim, 6_000)
        eng.remember_many(
            [{"text": f"doc {i}", "vector": v, "tier": "semantic"} for i, v in enumerate(x)]
        )
        report = eng.train_ivf()
        assert (report.tier, report.nlist, report.records) == ("semantic", 64, 6_000)
        seg = next(eng._router.get("semantic").segments())
        ids = np.ascontiguousarray(seg.records[: seg.count, 32:34]).view("<u2").reshape(-1)
        assert ids.min() >= 1 and ids.max() <= 64  # generation 0: ids 1..64
        overlap = []
        for q in queries:
            exact = eng.recall(q, RecallOptions(k=10, tiers=("semantic",)))
            approx = eng.recall(q, RecallOptions(k=10, tiers=("semantic",), nprobe=8))
            overlap.append(len({h.id for h in exact} & {h.id for h in approx}) / 10)
        assert np.mean(overlap) >= 0.9
        scanned = eng._probe_slots(eng._router.get("semantic"), seg, seg.count, _unit(q), 8)
        assert len(scanned) < seg.count / 3
        # a memory written after training is assigned and found by the approximate mode
        new = _unit(queries[0] + 0.01)
        eng.remember("written after training", id="late", vector=new, tier="semantic")
        got = eng.recall(new, RecallOptions(k=1, tiers=("semantic",), nprobe=2))
        assert [h.id for h in got] == ["late"]
        # retraining moves to the other half of the id space
        assert eng.train_ivf(nlist=16).generation == 1
        ids = np.ascontiguousarray(seg.records[: seg.count, 32:34]).view("<u2").reshape(-1)
        assert ids.min() >= 32_769 and ids.max() <= 32_769 + 15
        assert eng.stats()["ivf"] == {"semantic": {"generation": 1, "nlist": 16}}


def test_ivf_refuses_bad_requests(engine):
    with pytest.raises(ValidationError, match="holds no memories"):
        engine.train_ivf()
    with pytest.raises(ValidationError, match="episodic"):
        engine.train_ivf("episodic")
    with pytest.raises(ValidationError, match="nlist"):
        engine.train_ivf(nlist=0)
    engine.remember("a fact", tier="semantic")
    with pytest.raises(ValidationError, match="nprobe"):
        engine.recall("fact", RecallOptions(nprobe=0))
    # nprobe on a tier that was never trained scans it exactly
    assert len(engine.recall("fact", RecallOptions(nprobe=4))) == 1


@pytest.mark.crash
def test_ivf_partitions_survive_a_kill_after_training(tmp_path):
    path = tmp_path / "store"
    child = textwrap.dedent(
        f"""
        import os, signal, numpy as np
        from engramdb import Engine, EngineConfig
        from engramdb.engine import IvfConfig
        eng = Engine.open({str(path)!r}, embedder="hashing",
                          config=EngineConfig(ivf=IvfConfig(nlist=8)))
        rng = np.random.default_rng(0)
        x = rng.normal(size=(500, eng.dim)).astype(np.float32)
        eng.remember_many([{{"text": f"d{{i}}", "vector": v, "tier": "semantic", "id": f"d{{i}}"}}
                           for i, v in enumerate(x)])
        eng.train_ivf()
        print("trained", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True)
    assert "trained" in out.stdout, out.stderr
    with Engine.open(path, embedder="hashing") as eng:  # replayed from the log
        assert eng.ivf_info() == {"semantic": {"generation": 0, "nlist": 8}}
        seg = next(eng._router.get("semantic").segments())
        ids = np.ascontiguousarray(seg.records[: seg.count, 32:34]).view("<u2").reshape(-1)
        assert ids.min() >= 1 and ids.max() <= 8
        v = eng.get("d7")
        hits = eng.recall(
            eng._vectors_of([eng._index.loc_of("d7")[0]])[0], RecallOptions(k=1, nprobe=1)
        )
        assert hits[0].id == v.id
