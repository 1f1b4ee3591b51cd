"""eval.longmem_gen (the synthetic generator), eval.longmem (LongMemEval-style scoring) and the
``eval generate-longmem`` / ``eval longmem`` commands."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from engramdb.eval.cli import app
from engramdb.eval.longmem import (
    DEFAULT_LONGMEM_DEPTH,
    build_haystack,
    evaluate_longmem,
    knowledge_update_ranks,
    longmem_metrics,
)
from engramdb.eval.longmem_gen import (
    DATE_FORMAT,
    MAX_SESSIONS,
    QUESTION_TYPES,
    GeneratorConfig,
    generate_longmem,
)
from engramdb.eval.report import format_longmem

KEYS = [
    "question_id", "question_type", "question", "answer", "question_date",
    "haystack_session_ids", "haystack_dates", "haystack_sessions", "answer_session_ids",
]  # fmt: skip


def _ku_instance() -> dict[str, Any]:
    """Hand-made: the job changed between two sessions; one filler session."""
    return {
        "question_id": "ku01",
        "question_type": "knowledge-update",
        "question": "Where do I work now?",
        "answer": "Lumen Labs",
        "question_date": "2024/03/01 (Fri) 10:00",
        "haystack_session_ids": ["answer_ku01_1", "filler_1", "answer_ku01_2"],
        "haystack_dates": [
            "2023/01/05 (Thu) 09:00",
            "2023/06/01 (Thu) 12:00",
            "2024/02/01 (Thu) 18:30",
        ],
        "haystack_sessions": [
            [
                {"role": "user", "content": "I work at Northwind Clinic.", "has_answer": True},
                {"role": "assistant", "content": "Nice!", "has_answer": False},
                {"role": "user", "content": "Any lunch ideas?", "has_answer": False},
            ],
            [
                {"role": "user", "content": "How do I fix a leaky tap?"},
                {"role": "assistant", "content": "Turn off the water first."},
            ],
            [
                {"role": "user", "content": "Anyway.", "has_answer": False},
                {"role": "assistant", "content": "Sure.", "has_answer": False},
                {"role": "user", "content": "I now work at Lumen Labs.", "has_answer": True},
            ],
        ],
        "answer_session_ids": ["answer_ku01_1", "answer_ku01_2"],
    }


# ---------------------------------------------------------------------------- scoring
def test_haystack_ids_gold_and_granularity() -> None:
    hay = build_haystack(_ku_instance())
    assert [d.id for d in hay.docs] == [
        "answer_ku01_1_1", "answer_ku01_1_3", "filler_1_1", "answer_ku01_2_1", "answer_ku01_2_3",
    ]  # fmt: skip
    assert hay.gold_turns == {"answer_ku01_1_1", "answer_ku01_2_3"}
    assert hay.gold_sessions == {"answer_ku01_1", "answer_ku01_2"}
    assert hay.session_of["answer_ku01_2_3"] == "answer_ku01_2"
    assert hay.asked_ms is not None and hay.docs[0].timestamp_ms is not None
    assert len(build_haystack(_ku_instance(), "all").docs) == 8
    with pytest.raises(ValueError):
        build_haystack(_ku_instance(), "assistant")


def test_longmem_metrics_on_a_hand_made_ranking() -> None:
    hay = build_haystack(_ku_instance())
    ranked = ["filler_1_1", "answer_ku01_2_3", "answer_ku01_1_3", "answer_ku01_1_1"]
    got = longmem_metrics(ranked, hay, [1, 2, 3])
    # sessions ranked: filler_1, answer_ku01_2, answer_ku01_1
    assert got["session_recall_any@1"] == 0.0
    assert got["session_recall_any@2"] == 1.0
    assert got["session_recall_all@2"] == 0.0
    assert got["session_recall_all@3"] == 1.0
    assert got["session_mrr"] == 0.5
    assert got["turn_recall_any@2"] == 1.0
    assert got["turn_recall_all@3"] == 0.0  # answer_ku01_1_1 is 4th
    assert got["turn_mrr"] == 0.5
    assert 0.0 < got["turn_ndcg_any@3"] < 1.0


def test_knowledge_update_compares_newer_and_stale_fact() -> None:
    hay = build_haystack(_ku_instance())
    newer_first = ["answer_ku01_2_3", "answer_ku01_1_1"]
    stale_first = ["answer_ku01_1_1", "filler_1_1", "answer_ku01_2_3"]
    assert knowledge_update_ranks(newer_first, hay) == (1, 2)
    assert knowledge_update_ranks(stale_first, hay) == (3, 1)
    assert knowledge_update_ranks(["filler_1_1"], hay) == (None, None)


class Fixed:
    """Returns a fixed order of ids (those present in the haystack)."""

    def __init__(self, name: str, order: list[str]):
        self.name, self.order, self.ids = name, order, set()

    def ingest(self, docs, *, now_ms=None) -> None:
        self.ids = {d.id for d in docs}

    def search(self, query: str, k: int) -> list[str]:
        return [i for i in self.order if i in self.ids][:k]

    def close(self) -> None:
        self.ids = set()


def test_evaluate_reports_knowledge_updates_and_skips_abstention() -> None:
    abstain = dict(_ku_instance(), question_id="ku02_abs")
    newer = Fixed("newer", ["answer_ku01_2_3", "answer_ku01_1_1", "filler_1_1"])
    stale = Fixed("stale", ["answer_ku01_1_1", "answer_ku01_2_3", "filler_1_1"])
    result = evaluate_longmem([_ku_instance(), abstain], [newer, stale], [1, 2])
    assert result["questions"] == 1
    assert result["skipped_abstention"] == 1
    assert result["types"] == {"knowledge-update": 1}
    ku_new = result["retrievers"]["newer"]["knowledge_update"]
    ku_old = result["retrievers"]["stale"]["knowledge_update"]
    assert ku_new["questions"] == 1 and ku_new["newer_above_stale"] == 1.0
    assert ku_old["newer_above_stale"] == 0.0
    assert ku_old["items"][0] == {
        "question_id": "ku01", "newer_rank": 2, "stale_rank": 1, "newer_above_stale": False,
    }  # fmt: skip
    assert result["retrievers"]["newer"]["session_recall_all@2"] == 1.0
    assert "newer above stale" in format_longmem(result)


# ---------------------------------------------------------------------------- generator
def test_generator_is_deterministic_and_per_question_stable() -> None:
    a = generate_longmem(GeneratorConfig(questions=6, sessions=12, seed=7))
    b = generate_longmem(GeneratorConfig(questions=6, sessions=12, seed=7))
    c = generate_longmem(GeneratorConfig(questions=6, sessions=12, seed=8))
    assert a == b
    assert a != c
    assert generate_longmem(GeneratorConfig(questions=3, sessions=12, seed=7)) == a[:3]


def test_generated_instances_follow_the_longmemeval_schema() -> None:
    data = generate_longmem(GeneratorConfig(questions=20, sessions=15, seed=1, abstention=0.0))
    assert {d["question_type"] for d in data} == set(QUESTION_TYPES)
    for inst in data:
        assert list(inst) == KEYS
        n = len(inst["haystack_session_ids"])
        assert n == 15 == len(inst["haystack_dates"]) == len(inst["haystack_sessions"])
        assert len(set(inst["haystack_session_ids"])) == n
        dates = [datetime.strptime(d, DATE_FORMAT) for d in inst["haystack_dates"]]
        assert dates == sorted(dates)
        assert dates[-1] < datetime.strptime(inst["question_date"], DATE_FORMAT)
        answers = inst["answer_session_ids"]
        assert answers and set(answers) <= set(inst["haystack_session_ids"])
        for sid, turns in zip(inst["haystack_session_ids"], inst["haystack_sessions"], strict=True):
            roles = [t["role"] for t in turns]
            assert roles == ["user", "assistant"] * (len(turns) // 2)
            flagged = [t for t in turns if t.get("has_answer")]
            if sid in answers:
                assert len(flagged) == 1 and flagged[0]["role"] == "user"
                assert all("has_answer" in t for t in turns)
            else:
                assert not flagged


def _answer_turn(inst: dict[str, Any], sid: str) -> tuple[datetime, str]:
    i = inst["haystack_session_ids"].index(sid)
    text = next(t["content"] for t in inst["haystack_sessions"][i] if t.get("has_answer"))
    return datetime.strptime(inst["haystack_dates"][i], DATE_FORMAT), text


def test_knowledge_updates_put_the_new_fact_later() -> None:
    cfg = GeneratorConfig(questions=12, sessions=10, seed=3, types=("knowledge-update",),
                          abstention=0.0)  # fmt: skip
    for inst in generate_longmem(cfg):
        (d1, old), (d2, new) = (_answer_turn(inst, s) for s in inst["answer_session_ids"])
        assert d1 < d2
        assert inst["answer"] in new and inst["answer"] not in old


def test_temporal_answers_agree_with_the_dates() -> None:
    cfg = GeneratorConfig(questions=16, sessions=10, seed=5, types=("temporal-reasoning",),
                          abstention=0.0)  # fmt: skip
    for inst in generate_longmem(cfg):
        turns = [_answer_turn(inst, s) for s in inst["answer_session_ids"]]
        if inst["question"].startswith("Which trip"):
            earliest = min(turns)[1]
            assert inst["answer"] in earliest
        else:
            asked = datetime.strptime(inst["question_date"], DATE_FORMAT)
            assert inst["answer"] == str((asked.date() - turns[0][0].date()).days)


def test_abstention_questions_have_no_evidence() -> None:
    data = generate_longmem(GeneratorConfig(questions=30, sessions=5, seed=2, abstention=0.5))
    abs_ = [d for d in data if d["question_id"].endswith("_abs")]
    assert 5 <= len(abs_) <= 25
    assert all(d["answer_session_ids"] == [] for d in abs_)


def test_generator_limits() -> None:
    big = generate_longmem(GeneratorConfig(questions=1, sessions=MAX_SESSIONS))
    assert len(big[0]["haystack_sessions"]) == MAX_SESSIONS
    for bad in (
        GeneratorConfig(sessions=MAX_SESSIONS + 1),
        GeneratorConfig(sessions=0),
        GeneratorConfig(types=("nope",)),
        GeneratorConfig(min_turns=6, max_turns=4),
    ):
        with pytest.raises(ValueError):
            bad.check()


def test_hashing_retrievers_on_a_generated_file() -> None:
    data = generate_longmem(GeneratorConfig(questions=10, sessions=20, seed=4))
    result = evaluate_longmem(data, ["fts5", "dense:hashing", "engine:hashing"], [1, 5, 50])
    assert result["depth"] == DEFAULT_LONGMEM_DEPTH
    for name, r in result["retrievers"].items():
        if name != "fts5":  # BM25 ranks only matching turns; the others rank all 20 sessions
            assert r["session_recall_any@50"] == 1.0
        assert 0.0 <= r["turn_ndcg_any@5"] <= 1.0
        assert r["knowledge_update"]["questions"] == result["types"].get("knowledge-update", 0)
    json.dumps(result)


# ---------------------------------------------------------------------------- CLI
runner = CliRunner()


def test_cli_generate_then_score(tmp_path: Path) -> None:
    data, out = tmp_path / "lm.json", tmp_path / "res.json"
    res = runner.invoke(
        app, ["generate-longmem", "--out", str(data), "--questions", "8", "--sessions", "12"]
    )
    assert res.exit_code == 0, res.output
    assert len(json.loads(data.read_text())) == 8
    res = runner.invoke(
        app,
        ["longmem", "--data", str(data), "--retrievers", "fts5,dense:hashing", "--k", "1,5",
         "--json", str(out), "-q"],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    assert "Session level" in res.output and "newer above stale" in res.output
    doc = json.loads(out.read_text())
    assert set(doc["retrievers"]) == {"fts5", "dense:hashing"}
    r = doc["retrievers"]["fts5"]
    for key in ("session_recall_any@5", "session_recall_all@5", "session_ndcg_any@5",
                "turn_recall_any@5", "turn_recall_all@5", "turn_ndcg_any@5"):  # fmt: skip
        assert isinstance(r[key], float)
    assert "newer_above_stale" in r["knowledge_update"]


def test_cli_generate_refuses_too_many_sessions(tmp_path: Path) -> None:
    res = runner.invoke(app, ["generate-longmem", "--out", str(tmp_path / "x.json"),
                              "--sessions", "501"])  # fmt: skip
    assert res.exit_code == 2
