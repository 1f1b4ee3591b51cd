"""``reads._top`` builds hits only for the facts that reach the answer; it must answer exactly
what making every fact a hit, sorting and ``same_text_once`` answered (ranks, scores, the lead
of a group of one text, the others it names)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engramdb import Memory
from engramdb.knowledge.reads import _top, fact_hit, fact_of, same_text_once
from engramdb.knowledge.results import QueryHit

TEXTS = ["I live in Porto.", "i live in  porto.", "The Aria costs $199.", "Returns: 30 days.", "x"]


def row(i: int, statement: str) -> tuple:
    """A fact row in ``_FACT_COLUMNS`` order."""
    return (i, "e", "person", "k", "v", "identity", "s", i % 2, "turn", None, 0.8, 1.0)[:12] + (
        statement,
        0,
        None,
        None,
        None,
        None,
        0,
    )


scores = st.sampled_from([0.1, 0.5, 0.5, 0.9, 1.3, 2.0])
facts_st = st.lists(st.tuples(scores, st.sampled_from(TEXTS)), max_size=40)
passages_st = st.lists(st.tuples(scores, st.sampled_from(TEXTS)), max_size=15)


def reference(scored, passages, k, one_per_text):
    hits = [fact_hit(sc, sim, lex, fact_of(r), False) for sc, sim, lex, r in scored]
    hits += list(passages)
    hits.sort(key=lambda h: -h.score)
    return (same_text_once(hits) if one_per_text else hits)[:k]


@settings(max_examples=300, deadline=None)
@given(facts_st, passages_st, st.integers(1, 12), st.booleans())
def test_top_answers_what_every_hit_answered(fs, ps, k, one_per_text):
    scored = [(sc, 0.0, 0.0, row(i, t)) for i, (sc, t) in enumerate(fs)]
    passages = [
        QueryHit("turn", f"turn-{j}", t, sc, "s", False, {"kind": "turn"})
        for j, (sc, t) in enumerate(ps)
    ]
    got = _top(scored, passages, k, False, one_per_text)
    want = reference(scored, passages, k, one_per_text)
    assert [(h.id, h.score, h.kind, h.source) for h in got] == [
        (h.id, h.score, h.kind, h.source) for h in want
    ]


def test_recall_boosts_each_listed_fact_as_often_as_listed(tmp_path):
    """Reinforcement in as few statements as it takes (each is a commit of its own) still
    boosts a fact listed twice (returned while a write held the store, then again) twice,
    and leaves the others alone."""
    from engramdb.knowledge import reads
    from engramdb.knowledge.vocab import RECALL_BOOST

    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        mem.remember(
            triples=[
                {"subject": f"Lamp {i}", "type": "product", "key": "price", "value": f"£{i + 5}"}
                for i in range(3)
            ],
            scope="org/shop",
        )

        def state() -> dict[int, tuple[float, int]]:
            rows = mem.db.execute("SELECT id, importance, recalled FROM facts ORDER BY id")
            return {r[0]: (r[1], r[2]) for r in rows}

        before = state()
        a, b, c = sorted(before)
        reads.reinforce(mem._store, [a, b, b])
        after = state()
        assert after[a] == (pytest.approx(min(1.0, before[a][0] * RECALL_BOOST)), 1)
        twice = min(1.0, min(1.0, before[b][0] * RECALL_BOOST) * RECALL_BOOST)
        assert after[b] == (pytest.approx(twice), 2)
        assert after[c] == before[c]
        statements: set[str] = set()
        mem._store.writer.set_trace_callback(statements.add)
        reads.reinforce(mem._store, [a, b, c])
        mem._store.writer.set_trace_callback(None)
        # (ids listed once: one statement, where each was a commit of its own)
        assert len([t for t in statements if t.startswith("UPDATE facts")]) == 1
