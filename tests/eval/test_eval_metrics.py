"""eval.metrics: every metric on hand-made rankings, plus LongMemEval's turn2session rule."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engramdb.eval import metrics as m

RANKED = ["D1:1", "D2:4", "D1:3", "D3:2", "D2:1"]


def test_evidence_recall_is_the_share_of_gold_in_the_top_k() -> None:
    gold = {"D2:4", "D3:2"}
    assert m.evidence_recall(RANKED, gold, 1) == 0.0
    assert m.evidence_recall(RANKED, gold, 2) == 0.5
    assert m.evidence_recall(RANKED, gold, 4) == 1.0
    assert m.evidence_recall(RANKED, gold, 50) == 1.0  # k beyond the ranking
    assert m.evidence_recall(RANKED, ["D9:9"], 5) == 0.0


def test_gold_never_retrieved_and_empty_ranking() -> None:
    assert m.evidence_recall([], {"D1:1"}, 5) == 0.0
    assert m.recall_any([], {"D1:1"}, 5) == 0.0
    assert m.recall_all([], {"D1:1"}, 5) == 0.0
    assert m.ndcg([], {"D1:1"}, 5) == 0.0
    assert m.reciprocal_rank([], {"D1:1"}) == 0.0


def test_empty_gold_scores_zero_instead_of_dividing_by_zero() -> None:
    for fn in (m.evidence_recall, m.recall_any, m.recall_all, m.ndcg):
        assert fn(RANKED, set(), 5) == 0.0
    assert m.reciprocal_rank(RANKED, set()) == 0.0


def test_recall_any_and_all() -> None:
    gold = ["D1:3", "D2:1"]
    assert m.recall_any(RANKED, gold, 2) == 0.0
    assert m.recall_any(RANKED, gold, 3) == 1.0
    assert m.recall_all(RANKED, gold, 3) == 0.0
    assert m.recall_all(RANKED, gold, 5) == 1.0


def test_duplicates_in_the_ranking_count_once() -> None:
    ranked = ["a", "a", "a", "b"]
    assert m.evidence_recall(ranked, {"b"}, 2) == 1.0
    assert m.reciprocal_rank(ranked, {"b"}) == 0.5
    assert m.ndcg(ranked, {"b"}, 2) == pytest.approx(1 / math.log2(3))


def test_ndcg_binary_relevance_with_log2_discount() -> None:
    ranked = ["x", "g1", "y", "g2"]
    gold = {"g1", "g2"}
    dcg = 1 / math.log2(3) + 1 / math.log2(5)
    ideal = 1 + 1 / math.log2(3)
    assert m.ndcg(ranked, gold, 4) == pytest.approx(dcg / ideal)
    # at k=2 the ideal holds two hits, the ranking one at position 2
    assert m.ndcg(ranked, gold, 2) == pytest.approx((1 / math.log2(3)) / ideal)
    assert m.ndcg(["g1", "g2", "x"], gold, 10) == pytest.approx(1.0)
    # more gold than k: the ideal is k hits
    assert m.ndcg(["g1"], {"g1", "g2", "g3"}, 1) == pytest.approx(1.0)


def test_reciprocal_rank_and_rank_of() -> None:
    assert m.reciprocal_rank(RANKED, {"D1:3", "D2:1"}) == pytest.approx(1 / 3)
    assert m.rank_of(RANKED, {"D3:2"}) == 4
    assert m.rank_of(RANKED, {"nope"}) is None


@pytest.mark.parametrize("fn", [m.evidence_recall, m.recall_any, m.recall_all, m.ndcg])
def test_k_must_be_positive(fn) -> None:
    with pytest.raises(ValueError):
        fn(RANKED, {"D1:1"}, 0)


def test_to_sessions_orders_sessions_by_their_best_turn() -> None:
    def session(t: str) -> int:
        return int(t[1:].split(":")[0])

    assert m.to_sessions(RANKED, session) == [1, 2, 3]
    sessions = m.to_sessions(RANKED, session)
    assert m.recall_any(sessions, {3}, 2) == 0.0
    assert m.recall_any(sessions, {3}, 3) == 1.0


def _turn2session_reference(ranked: list[str], gold: set[str], k: int) -> float:
    """LongMemEval's rule as its paper's code describes it: widen the turn cut-off until the
    top turns cover k distinct sessions, then check whether any gold session is among them."""
    sess = [t.split("_")[0] for t in ranked]
    gold_s = {g.split("_")[0] for g in gold}
    eff = k
    while eff <= len(sess) and len(set(sess[:eff])) < k:
        eff += 1
    return float(bool(gold_s & set(sess[:eff])))


@given(
    st.lists(st.tuples(st.integers(0, 6), st.integers(0, 4)), min_size=1, max_size=30, unique=True),
    st.sets(st.tuples(st.integers(0, 6), st.integers(0, 4)), min_size=1, max_size=4),
    st.integers(1, 10),
)
def test_session_recall_matches_longmemeval_turn2session(turns, gold, k) -> None:
    ranked = [f"s{s}_{t}" for s, t in turns]
    gold_ids = {f"s{s}_{t}" for s, t in gold}
    sessions = m.to_sessions(ranked, lambda x: x.split("_")[0])
    gold_sessions = {g.split("_")[0] for g in gold_ids}
    assert m.recall_any(sessions, gold_sessions, k) == _turn2session_reference(ranked, gold_ids, k)


def test_mean_and_percentile() -> None:
    assert m.mean([]) == 0.0
    assert m.mean([1.0, 2.0, 6.0]) == 3.0
    values = [5.0, 1.0, 4.0, 2.0, 3.0, 10.0]
    for q in (0, 25, 50, 95, 100):
        assert m.percentile(values, q) == pytest.approx(float(np.percentile(values, q)))
    assert m.percentile([], 50) == 0.0
    with pytest.raises(ValueError):
        m.percentile(values, 101)
