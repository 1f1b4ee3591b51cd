"""Scoring retrievers on LongMemEval-format files, the way LongMemEval scores retrieval.

Each instance is its own haystack: its sessions' turns are indexed (user turns only, as
LongMemEval's turn-level index does; ``granularity="all"`` adds the assistant's), a fresh index per
retriever per question, and the question retrieves ``depth`` turns. Gold: ``answer_session_ids``
for sessions, and the ``has_answer`` turns of those sessions for turns (doc id
``<session_id>_<turn number>``, 1-based over all turns of the session, as LongMemEval numbers
them). Questions whose id ends in ``_abs`` (abstention) are skipped.

Metrics per level (turn, and session from the turn ranking as in LongMemEval's turn2session
scoring), for each k: ``recall_any@k``, ``recall_all@k``, ``ndcg_any@k``; plus MRR. Knowledge-update
questions also report whether the newer fact outranks the stale one: among the question's
answer sessions the latest by date holds the current fact, the earlier ones the stale facts; the
best-ranked gold turn of each side is compared (a side never retrieved ranks last).

The synthetic generator lives in ``longmem_gen`` and is re-exported here.
"""

from __future__ import annotations

import json
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import metrics as m
from .harness import aggregate, build_retrievers
from .locomo import parse_session_datetime
from .longmem_gen import QUESTION_TYPES, GeneratorConfig, generate_longmem, write_longmem
from .retrievers import DEFAULT_RETRIEVERS, Doc, EmbedderCache, Retriever

__all__ = [
    "LONGMEM_KS",
    "QUESTION_TYPES",
    "GeneratorConfig",
    "Haystack",
    "build_haystack",
    "evaluate_longmem",
    "generate_longmem",
    "knowledge_update_ranks",
    "load_longmem",
    "longmem_metrics",
    "write_longmem",
]

#: The cut-offs LongMemEval reports.
LONGMEM_KS = (1, 3, 5, 10, 30, 50)
DEFAULT_LONGMEM_DEPTH = 500

Progress = Callable[[str], None]


@dataclass
class Haystack:
    """One instance prepared for retrieval."""

    docs: list[Doc]
    session_of: dict[str, str]  # doc id -> session id
    session_date: dict[str, int | None]
    gold_turns: set[str]
    gold_sessions: set[str]
    asked_ms: int | None


def load_longmem(path: str | Path) -> list[dict[str, Any]]:
    """Read a LongMemEval-format file (a JSON list of instances)."""
    with Path(path).open(encoding="utf-8") as f:
        data = json.load(f)
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list):
        raise ValueError(f"{path}: expected a JSON list of LongMemEval instances")
    return data


def build_haystack(inst: dict[str, Any], granularity: str = "user") -> Haystack:
    """Docs and gold ids of an instance (see the module docstring)."""
    if granularity not in ("user", "all"):
        raise ValueError("granularity must be 'user' or 'all'")
    answer_ids = {str(s) for s in inst.get("answer_session_ids") or []}
    ids = [str(s) for s in inst.get("haystack_session_ids") or []]
    dates = list(inst.get("haystack_dates") or [])
    sessions = list(inst.get("haystack_sessions") or [])
    docs: list[Doc] = []
    session_of: dict[str, str] = {}
    session_date: dict[str, int | None] = {}
    gold_turns: set[str] = set()
    for n, (sid, turns) in enumerate(zip(ids, sessions, strict=False)):
        ts = parse_session_datetime(dates[n]) if n < len(dates) else None
        session_date[sid] = ts
        for t_no, turn in enumerate(turns or [], start=1):
            if not isinstance(turn, dict):
                continue
            if granularity == "user" and turn.get("role") != "user":
                continue
            text = str(turn.get("content") or "").strip()
            if not text:
                continue
            did = f"{sid}_{t_no}"
            if did in session_of:
                continue
            session_of[did] = sid
            docs.append(Doc(did, text, sid, ts, {"role": str(turn.get("role") or "")}))
            if sid in answer_ids and turn.get("has_answer") is True:
                gold_turns.add(did)
    return Haystack(
        docs=docs,
        session_of=session_of,
        session_date=session_date,
        gold_turns=gold_turns,
        gold_sessions=answer_ids & set(session_date),
        asked_ms=parse_session_datetime(inst.get("question_date")),
    )


def longmem_metrics(ranked: Sequence[str], hay: Haystack, ks: Sequence[int]) -> dict[str, float]:
    """Per-question metrics; turn metrics only when the instance has turn-level gold."""
    out: dict[str, float] = {}
    sessions = m.to_sessions(ranked, hay.session_of.__getitem__)
    levels: list[tuple[str, Sequence[Any], set[str]]] = [("session", sessions, hay.gold_sessions)]
    if hay.gold_turns:
        levels.append(("turn", ranked, hay.gold_turns))
    for level, ranking, gold in levels:
        for k in ks:
            out[f"{level}_recall_any@{k}"] = m.recall_any(ranking, gold, k)
        for k in ks:
            out[f"{level}_recall_all@{k}"] = m.recall_all(ranking, gold, k)
        for k in ks:
            out[f"{level}_ndcg_any@{k}"] = m.ndcg(ranking, gold, k)
        out[f"{level}_mrr"] = m.reciprocal_rank(ranking, gold)
    return out


def knowledge_update_ranks(
    ranked: Sequence[str], hay: Haystack
) -> tuple[int | None, int | None] | None:
    """(rank of the newer fact, rank of the best stale fact), 1-based, None if not retrieved;
    None when the instance does not have two dated answer sessions."""
    dated = [(hay.session_date.get(s), s) for s in hay.gold_sessions]
    if len(dated) < 2 or any(d is None for d, _ in dated):
        return None
    dated.sort(key=lambda x: (x[0] or 0, x[1]))
    newest = dated[-1][1]

    def side(sessions: set[str]) -> set[str]:
        turns = {t for t in hay.gold_turns if hay.session_of[t] in sessions}
        return turns or {d for d, s in hay.session_of.items() if s in sessions}

    newer = side({newest})
    stale = side({s for _, s in dated[:-1]})
    return m.rank_of(ranked, newer), m.rank_of(ranked, stale)


def evaluate_longmem(
    instances: Sequence[dict[str, Any]],
    retrievers: Sequence[str | Retriever] = DEFAULT_RETRIEVERS,
    ks: Sequence[int] = LONGMEM_KS,
    *,
    depth: int = DEFAULT_LONGMEM_DEPTH,
    granularity: str = "user",
    dataset: str = "<data>",
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Score each retriever on every non-abstention instance; returns the ``--json`` document."""
    ks = sorted(set(ks))
    if not ks or ks[0] < 1:
        raise ValueError("k values must be positive integers")
    depth = max(depth, ks[-1])
    say = progress or (lambda _msg: None)
    cache = EmbedderCache()
    built = build_retrievers(retrievers, cache)
    rows: dict[str, list[tuple[str, dict[str, float]]]] = defaultdict(list)
    ku: dict[str, list[dict[str, Any]]] = defaultdict(list)
    latencies: dict[str, list[float]] = defaultdict(list)
    ingest_s: Counter[str] = Counter()
    types: Counter[str] = Counter()
    skipped_abs = no_turn_gold = no_gold = turns_indexed = 0
    started = time.perf_counter()
    for n, inst in enumerate(instances, start=1):
        qid = str(inst.get("question_id", n))
        if qid.endswith("_abs"):
            skipped_abs += 1
            continue
        hay = build_haystack(inst, granularity)
        if not hay.gold_sessions or not hay.docs:
            no_gold += 1
            continue
        qtype = str(inst.get("question_type", "unknown"))
        types[qtype] += 1
        no_turn_gold += not hay.gold_turns
        turns_indexed += len(hay.docs)
        question = str(inst.get("question") or "")
        for r in built:
            t0 = time.perf_counter()
            r.ingest(hay.docs, now_ms=hay.asked_ms)
            ingest_s[r.name] += time.perf_counter() - t0
            try:
                t1 = time.perf_counter()
                ranked = r.search(question, min(depth, len(hay.docs)))
                latencies[r.name].append((time.perf_counter() - t1) * 1000.0)
            finally:
                r.close()
            rows[r.name].append((qtype, longmem_metrics(ranked, hay, ks)))
            if qtype == "knowledge-update":
                ranks = knowledge_update_ranks(ranked, hay)
                if ranks is not None:
                    newer, stale = ranks
                    ku[r.name].append(
                        {
                            "question_id": qid,
                            "newer_rank": newer,
                            "stale_rank": stale,
                            "newer_above_stale": newer is not None
                            and (stale is None or newer < stale),
                        }
                    )
        if n % 10 == 0:
            say(f"{n}/{len(instances)} instances")
    result: dict[str, Any] = {
        "dataset": dataset,
        "questions": sum(types.values()),
        "skipped_abstention": skipped_abs,
        "skipped_no_gold": no_gold,
        "skipped_no_turn_gold": no_turn_gold,
        "granularity": granularity,
        "turns_indexed": turns_indexed,
        "k": ks,
        "depth": depth,
        "types": dict(sorted(types.items())),
        "seconds": round(time.perf_counter() - started, 2),
        "retrievers": {},
    }
    for r in built:
        out: dict[str, Any] = dict(aggregate([x for _, x in rows[r.name]]))
        out["latency_ms_p50"] = round(m.percentile(latencies[r.name], 50), 3)
        out["latency_ms_p95"] = round(m.percentile(latencies[r.name], 95), 3)
        out["ingest_s"] = round(ingest_s[r.name], 3)
        items = ku[r.name]
        out["knowledge_update"] = {
            "questions": len(items),
            "newer_above_stale": round(m.mean(float(i["newer_above_stale"]) for i in items), 4),
            "items": items,
        }
        by_type: dict[str, list[dict[str, float]]] = defaultdict(list)
        for t, x in rows[r.name]:
            by_type[t].append(x)
        out["by_type"] = {t: aggregate(by_type[t]) for t in sorted(by_type)}
        result["retrievers"][r.name] = out
    return result
