"""Running retrievers over LoCoMo conversations and scoring them (LoCoMo's metrics plus
LongMemEval's session-level recall, NDCG and MRR).

Every conversation is a fresh haystack: each retriever ingests its turns, answers every question
of the scored categories with a ranking ``depth`` turns deep, and is closed before the next
conversation. Per question: turn-level evidence recall@k (LoCoMo's ``recall_acc``), recall_all@k,
session-level recall_any@k (the session ranking is the order in which sessions first appear in the
turn ranking, as LongMemEval's turn2session scoring), NDCG@10 over turns and the reciprocal rank
of the first evidence turn. Means over questions, overall and per category.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from . import metrics as m
from .locomo import Conversation, LocomoData, Question
from .retrievers import DEFAULT_RETRIEVERS, Doc, EmbedderCache, Retriever, make_retriever

__all__ = [
    "DEFAULT_DEPTH",
    "DEFAULT_KS",
    "SCORED_CATEGORIES",
    "aggregate",
    "build_retrievers",
    "evaluate_locomo",
    "question_metrics",
    "turn_docs",
]

DEFAULT_KS = (1, 5, 10, 20, 50)
#: Turns retrieved per question; MRR and the session ranking are computed within this depth.
DEFAULT_DEPTH = 100
#: LoCoMo's answerable categories (5 is adversarial: its questions have no answer to find).
SCORED_CATEGORIES = (1, 2, 3, 4)

Progress = Callable[[str], None]


def turn_docs(conv: Conversation) -> list[Doc]:
    """The conversation's turns as retrievable docs (id = dialog id, meta = speaker & date)."""
    return [
        Doc(
            id=t.id,
            text=t.text,
            session_id=t.session_id,
            timestamp_ms=t.timestamp_ms,
            meta={"speaker": t.speaker, "sample_id": conv.sample_id, "date_time": t.date_time},
        )
        for t in conv.turns
    ]


def question_metrics(
    ranked: Sequence[str], q: Question, session_of: Callable[[str], Any], ks: Iterable[int]
) -> dict[str, float]:
    """Every per-question metric of a LoCoMo evaluation for one ranking."""
    gold = set(q.evidence)
    sessions = m.to_sessions(ranked, session_of)
    gold_sessions = {session_of(e) for e in q.evidence}
    out: dict[str, float] = {}
    for k in ks:
        out[f"turn_recall@{k}"] = m.evidence_recall(ranked, gold, k)
    for k in ks:
        out[f"recall_all@{k}"] = m.recall_all(ranked, gold, k)
    for k in ks:
        out[f"session_recall_any@{k}"] = m.recall_any(sessions, gold_sessions, k)
    out["ndcg@10"] = m.ndcg(ranked, gold, 10)
    out["mrr"] = m.reciprocal_rank(ranked, gold)
    # the per-category summary always carries turn_recall@10, whatever the cut-offs
    out.setdefault("turn_recall@10", m.evidence_recall(ranked, gold, 10))
    return out


def aggregate(rows: Sequence[dict[str, float]], digits: int = 4) -> dict[str, float]:
    """Mean of each metric over the rows that have it, keys in first-seen order."""
    keys: dict[str, None] = {}
    for r in rows:
        keys.update(dict.fromkeys(r))
    return {key: round(m.mean(r[key] for r in rows if key in r), digits) for key in keys}


def evaluate_locomo(
    data: LocomoData,
    retrievers: Sequence[str | Retriever] = DEFAULT_RETRIEVERS,
    ks: Sequence[int] = DEFAULT_KS,
    *,
    depth: int = DEFAULT_DEPTH,
    categories: Sequence[int] = SCORED_CATEGORIES,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Score each retriever (a name for ``make_retriever``, or a ``Retriever``) on every
    conversation; returns the ``--json`` document."""
    ks = sorted(set(ks))
    if not ks or ks[0] < 1:
        raise ValueError("k values must be positive integers")
    depth = max(depth, ks[-1], 10)
    say = progress or (lambda _msg: None)
    cache = EmbedderCache()
    built = build_retrievers(retrievers, cache)
    rows: dict[str, list[tuple[int, dict[str, float]]]] = defaultdict(list)
    latencies: dict[str, list[float]] = defaultdict(list)
    ingest_s: Counter[str] = Counter()
    per_cat: Counter[str] = Counter()
    skipped_evidence = skipped_questions = turns = 0
    started = time.perf_counter()
    for conv in data.conversations:
        asked = [q for q in conv.questions if q.category in categories]
        scored = [q for q in asked if q.evidence]
        skipped_questions += len(asked) - len(scored)
        skipped_evidence += sum(len(q.skipped_evidence) for q in asked)
        for q in scored:
            per_cat[str(q.category)] += 1
        docs = turn_docs(conv)
        turns += len(docs)
        if not docs:
            continue
        for r in built:
            t0 = time.perf_counter()
            r.ingest(docs, now_ms=conv.latest_timestamp_ms)
            ingest_s[r.name] += time.perf_counter() - t0
            try:
                for q in scored:
                    t1 = time.perf_counter()
                    ranked = r.search(q.question, depth)
                    latencies[r.name].append((time.perf_counter() - t1) * 1000.0)
                    rows[r.name].append(
                        (q.category or 0, question_metrics(ranked, q, conv.session_of, ks))
                    )
            finally:
                r.close()
        say(f"{conv.sample_id}: {len(docs)} turns, {len(scored)} questions")
    result: dict[str, Any] = {
        "dataset": data.source,
        "questions": sum(per_cat.values()),
        "skipped_evidence": skipped_evidence,
        "skipped_questions": skipped_questions,
        "conversations": len(data.conversations),
        "turns": turns,
        "k": ks,
        "depth": depth,
        "categories": dict(sorted(per_cat.items())),
        "loader": dict(sorted(data.counts.items())),
        "seconds": round(time.perf_counter() - started, 2),
        "retrievers": {},
    }
    for r in built:
        result["retrievers"][r.name] = _summary(rows[r.name], latencies[r.name], ingest_s[r.name])
    return result


def build_retrievers(
    retrievers: Sequence[str | Retriever], cache: EmbedderCache
) -> list[Retriever]:
    """Retrievers from names (``make_retriever``) or as given; names must be unique."""
    built = [make_retriever(r, cache) if isinstance(r, str) else r for r in retrievers]
    names = [r.name for r in built]
    if len(set(names)) != len(names):
        raise ValueError(f"retriever names must be unique, got {names}")
    return built


def _summary(
    rows: list[tuple[int, dict[str, float]]], latencies: list[float], ingest: float
) -> dict[str, Any]:
    out: dict[str, Any] = dict(aggregate([r for _, r in rows]))
    out["latency_ms_p50"] = round(m.percentile(latencies, 50), 3)
    out["latency_ms_p95"] = round(m.percentile(latencies, 95), 3)
    out["ingest_s"] = round(ingest, 3)
    by_cat: dict[str, list[dict[str, float]]] = defaultdict(list)
    for cat, r in rows:
        by_cat[str(cat)].append(r)
    out["by_category"] = {c: aggregate(by_cat[c]) for c in sorted(by_cat, key=int)}
    return out
