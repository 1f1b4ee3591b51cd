"""Grounded reads (issue 37): the fact that answers a customer's question comes first.

Measured on organisations of the grounding dev set (``truth_corpus/dev``): each mechanism
shows the ranking change it causes against the same reads without it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engramdb import Memory
from engramdb.knowledge import reads

sys.path.insert(0, str(Path(__file__).parent))
from _truth import load_grounding, run_grounding, says  # noqa: E402

ORGS = ("dental", "gardencentre", "laundry", "drivingschool")


def _first(tmp_path: Path, name: str) -> int:
    results = run_grounding(load_grounding(ORGS), tmp_path / name)
    return sum(1 for _, first, _, _ in results if first)


def _engine_score(parts):  # (a chunk ranked by every signal of the engine, as before)
    return sum(float(v) for v in (parts or {}).values())


def test_the_encoder_and_passage_scoring_put_the_answer_first(tmp_path, monkeypatch):
    both = _first(tmp_path, "both")
    monkeypatch.setattr(reads, "CONTEXT_RERANK", 0)
    no_encoder = _first(tmp_path, "no-encoder")
    monkeypatch.setattr(reads, "CONTEXT_RERANK", 8)
    monkeypatch.setattr(reads, "chunk_score", _engine_score)
    engine_chunks = _first(tmp_path, "engine-chunks")
    # (on the dev set's 80 questions here: 45 first against 31 and 35)
    assert both >= no_encoder + 8
    assert both >= engine_chunks + 6


def test_the_gain_raises_only_the_best_facts(tmp_path):
    doc = (
        b"# Plans\n\nUnused minutes do not roll over to the next month. Unused data carries "
        b"over for one month. The plan can be cancelled with 30 days notice.\n"
    )
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        mem.upload(doc, name="plans.md", scope="org/t")
        rows = reads.candidate_rows(mem._store, "quit my contract", ["org/t/user/u"], None, 32).rows
        plain = reads._scores(
            mem._store,
            "quit my contract",
            [(r[0], r[1], r[3], r[4], r[11], r[12], r[19]) for r in rows],
            "hybrid",
        )
        scored = [(sc, sim, lex, rows[i]) for sc, sim, lex, i in plain]
        gained = reads.contextual_gain("quit my contract", scored)
        assert all(g[0] >= s[0] for g, s in zip(gained, scored, strict=True))
        assert sum(g[0] > s[0] for g, s in zip(gained, scored, strict=True)) == min(
            len(scored), reads.CONTEXT_RERANK
        )
        best = max(gained, key=lambda g: g[0])[3][12]
        assert "cancelled" in best


@pytest.mark.parametrize("parts", [None, {}, {"similarity": 0.5, "lexical": 0.25, "entity": 2.0}])
def test_a_chunk_is_scored_on_meaning_and_words(parts):
    assert reads.chunk_score(parts) == sum(
        v for k, v in (parts or {}).items() if k in ("similarity", "lexical")
    )


def test_without_the_encoder_the_formula_ranks_alone(tmp_path, monkeypatch, caplog):
    from engramdb.errors import ConfigError

    def broken(text):
        raise ConfigError("no model here")

    monkeypatch.setattr(reads, "encoded", broken)
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        mem.upload(
            b"# Plans\n\nThe plan can be cancelled with 30 days notice.\n",
            name="p.md",
            scope="org/t",
        )
        with caplog.at_level("WARNING", logger="engramdb"):
            first = mem.query("cancel the plan", lens=["org/t/user/u"], k=3)
            again = mem.query("cancel the plan", lens=["org/t/user/u"], k=3)
        assert first and [h.id for h in first] == [h.id for h in again]
        assert sum("contextual encoder" in r.message for r in caplog.records) == 1
        assert "cancelled" in mem.context("cancel the plan", lens=["org/t/user/u"])


def test_a_long_question_is_encoded_but_not_kept():
    from engramdb.embed import contextual

    before = len(contextual._kept)
    long = "how much is the plan " * 40  # (over MAX_KEPT_CHARS)
    assert contextual.encoded(long).shape == (384,)
    assert len(contextual._kept) == before
    contextual.encoded("how much is the plan")
    assert len(contextual._kept) == before + 1


def test_the_context_block_lists_a_statement_once(tmp_path):
    """A passage that is one fact's statement is not listed beside the fact again."""
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        mem.upload(b"Returns are accepted within 30 days of delivery.", name="r.md", scope="org/a")
        block = mem.context("how long do I have to return it", lens=["org/a/user/u"])
    assert block.count("Returns are accepted within 30 days of delivery.") == 1


def test_the_scorer_reads_a_quote_in_its_file_s_syntax():
    """A hit says the labelled fact when it holds the quote as text (tags and JSON punctuation
    aside), or the value and most of the quote's words (a CSV line); one cell of the row, or
    the value alone, does not."""
    row = {"value": "PL-1047", "quote": "PL-1047,Lavender 'Munstead',2 litre,£6.49,yes,full sun"}
    assert says(
        "Lavender 'Munstead' (PL-1047): pot size 2 litre; price £6.49; hardy yes; "
        "position full sun",
        row,
    )
    assert not says("Lavender 'Munstead' (PL-1047) price: £6.49", row)
    html = {"value": "not permitted", "quote": "<li>Tripods are not permitted.</li>"}
    assert says("- Flash is fine.\n- Tripods are not permitted.", html)
    assert not says("Tripods are welcome; drones are not permitted.", html)
    sibling = {"value": "£14.99", "quote": "PL-1042,Lavender 'Hidcote',5 litre,£14.99,yes,full sun"}
    assert not says(  # the words of two other rows together
        "PL-1041 | Lavender 'Hidcote' | 2 litre | £6.99 | yes | full sun\n"
        "PL-2001 | Rose 'Iceberg' | 5 litre | £14.99 | yes | full sun",
        sibling,
    )
    prose = {"value": "12 months", "quote": "Finance over £1,000 is spread over 12 months."}
    assert not says("Finance is not spread over 12 months for plans over £1,000.", prose)
    json_ = {"value": "12 months", "quote": '"valid_for": "12 months"'}
    assert says("gift_vouchers.valid_for: 12 months", json_)
    assert not says("gift_vouchers.values: 12 months", json_)
