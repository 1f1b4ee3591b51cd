"""Retrieval metrics as LoCoMo and LongMemEval define them: pure functions over ranked ids.

Every function takes ``ranked`` (ids, best first, as a retriever returned them) and ``gold`` (the
relevant ids). Duplicates in ``ranked`` count once, at their first position; an empty ``gold``
is the caller's business (questions without evidence are skipped before scoring), and these
functions return 0.0 for it rather than divide by zero.

- ``evidence_recall`` is LoCoMo's ``recall_acc``: the share of the gold ids found in the top k.
- ``recall_any`` / ``recall_all`` are LongMemEval's: 1.0 if any / all gold ids are in the top k.
- ``ndcg`` is LongMemEval's ``ndcg_any``: binary relevance, log2 discount, divided by the DCG
  of the ideal ranking (all gold ids first).
- ``reciprocal_rank``: 1 / the rank of the first gold id, 0.0 if none was retrieved.
- ``to_sessions`` turns a ranking of turns into a ranking of sessions, in the order each session
  first appears. Its top k is exactly the set LongMemEval's ``evaluate_retrieval_turn2session``
  scores (it widens the turn cut-off until k distinct sessions are covered).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

__all__ = [
    "dedupe",
    "evidence_recall",
    "mean",
    "ndcg",
    "percentile",
    "rank_of",
    "recall_all",
    "recall_any",
    "reciprocal_rank",
    "to_sessions",
]

T = TypeVar("T", bound=Hashable)


def dedupe(ranked: Iterable[T]) -> list[T]:
    """The ranking with repeats removed, each id kept at its first position."""
    seen: dict[T, None] = {}
    for x in ranked:
        seen.setdefault(x, None)
    return list(seen)


def _check_k(k: int) -> int:
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k}")
    return k


def _top(ranked: Sequence[T], k: int) -> set[T]:
    return set(dedupe(ranked)[: _check_k(k)])


def evidence_recall(ranked: Sequence[T], gold: Iterable[T], k: int) -> float:
    """Share of the gold ids among the top k (LoCoMo's turn-level evidence recall)."""
    g = set(gold)
    if not g:
        return 0.0
    return len(g & _top(ranked, k)) / len(g)


def recall_any(ranked: Sequence[T], gold: Iterable[T], k: int) -> float:
    """1.0 if at least one gold id is among the top k."""
    g = set(gold)
    return float(bool(g & _top(ranked, k)))


def recall_all(ranked: Sequence[T], gold: Iterable[T], k: int) -> float:
    """1.0 if every gold id is among the top k (0.0 for an empty gold set)."""
    g = set(gold)
    return float(bool(g) and g <= _top(ranked, k))


def _dcg(relevances: Sequence[int]) -> float:
    return sum(rel / math.log2(i + 2) for i, rel in enumerate(relevances))


def ndcg(ranked: Sequence[T], gold: Iterable[T], k: int) -> float:
    """NDCG@k with binary relevance (LongMemEval's ``ndcg_any``)."""
    _check_k(k)
    g = set(gold)
    if not g:
        return 0.0
    top = dedupe(ranked)[:k]
    ideal = _dcg([1] * min(len(g), k))
    return _dcg([1 if x in g else 0 for x in top]) / ideal


def rank_of(ranked: Sequence[T], wanted: Iterable[T]) -> int | None:
    """1-based rank of the first id of ``wanted`` in the (deduplicated) ranking, else None."""
    w = set(wanted)
    for i, x in enumerate(dedupe(ranked), start=1):
        if x in w:
            return i
    return None


def reciprocal_rank(ranked: Sequence[T], gold: Iterable[T]) -> float:
    """1 / rank of the first gold id; 0.0 when no gold id was retrieved (MRR averages this)."""
    r = rank_of(ranked, gold)
    return 0.0 if r is None else 1.0 / r


def to_sessions(ranked: Sequence[T], session_of: Callable[[T], Hashable]) -> list[Hashable]:
    """A session ranking from a turn ranking: sessions in the order of their best turn."""
    return dedupe(session_of(x) for x in ranked)


def mean(values: Iterable[float]) -> float:
    """Arithmetic mean; 0.0 for no values."""
    vals = list(values)
    return sum(vals) / len(vals) if vals else 0.0


def percentile(values: Iterable[float], q: float) -> float:
    """The q-th percentile (0..100) with linear interpolation, as numpy's default; 0.0 if empty."""
    vals = sorted(values)
    if not vals:
        return 0.0
    if not 0 <= q <= 100:
        raise ValueError(f"percentile must be within 0..100, got {q}")
    pos = (len(vals) - 1) * q / 100.0
    lo = math.floor(pos)
    hi = min(lo + 1, len(vals) - 1)
    return vals[lo] + (vals[hi] - vals[lo]) * (pos - lo)
