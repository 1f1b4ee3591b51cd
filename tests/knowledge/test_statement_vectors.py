"""Curated statements' contextual encodings stored once by the writer and read by every process,
and background reading below the requests' priority (``statement_vectors``, ``budget``)."""

from __future__ import annotations

import os
import sys
import threading

import numpy as np
import pytest

from engramdb import Memory
from engramdb.embed import contextual
from engramdb.embed.contextual import CONTEXTUAL_MODEL_ID, ContextualEncoder
from engramdb.errors import ValidationError
from engramdb.knowledge import statement_vectors
from engramdb.knowledge.documents.budget import (
    ReadBudget,
    at_lower_priority,
    check_job_nice,
    current,
    reading,
)

PRICES = (
    b"# Prices\n\n| Plan | Price |\n|---|---|\n| Basic | $10 a month |\n| Plus | $25 a month |\n"
    b"| Pro | $60 a month |\n\nRefunds are given within 14 days of purchase.\n"
)


def _curated(mem: Memory) -> list[tuple[int, str]]:
    return mem.db.execute(
        "SELECT id, statement FROM facts WHERE authoritative=1 AND forgotten=0 "
        "AND closed_ms IS NULL ORDER BY id"
    ).fetchall()


def _stored_rows(mem: Memory) -> dict[int, tuple[bytes, bytes]]:
    rows = mem.db.execute("SELECT fact_id, digest, vec FROM statement_vectors").fetchall()
    return {fid: (dig, vec) for fid, dig, vec in rows}


@pytest.fixture
def encoded_store(tmp_path):
    mem = Memory.open(tmp_path / "s", embedder="hashing", encode_statements=True)
    mem.upload(PRICES, name="prices.md", scope="org/a")
    assert mem._store.statements is not None and mem._store.statements.idle(60)
    yield mem
    mem.close()


def test_the_writer_stores_each_curated_statement_as_the_encoder_computes_it(encoded_store):
    mem = encoded_store
    facts = _curated(mem)
    assert len(facts) >= 4
    stored = _stored_rows(mem)
    assert set(stored) == {fid for fid, _ in facts}
    fresh = ContextualEncoder()
    for fid, text in facts:
        dig, vec = stored[fid]
        assert dig == statement_vectors.digest(CONTEXTUAL_MODEL_ID, text)
        # one text a run: the stored vector is the very one a reader would compute
        assert np.array_equal(np.frombuffer(vec, dtype=np.float32), fresh.embed([text])[0])


def test_a_read_takes_stored_statements_and_encodes_only_the_question(encoded_store, monkeypatch):
    mem = encoded_store
    expected = [h.id for h in mem.query("how much is the plus plan", lens=["org/a/user/u"], k=5)]
    contextual._kept.clear()
    computed: list[str] = []
    real = contextual._encode

    def counting(text: str) -> np.ndarray:
        computed.append(text)
        return real(text)

    monkeypatch.setattr(contextual, "_encode", counting)
    replica = Memory.open_replica(mem.path, embedder="hashing")
    try:
        hits = replica.query("how much is the plus plan", lens=["org/a/user/u"], k=5)
    finally:
        replica.close()
    assert [h.id for h in hits] == expected  # (the same ranking, from stored vectors)
    assert computed == ["how much is the plus plan"]


def test_without_stored_vectors_a_read_encodes_the_statements_it_ranks(tmp_path, monkeypatch):
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:  # (the embedded default)
        mem.upload(PRICES, name="prices.md", scope="org/a")
        assert mem._store.statements is None
        assert _stored_rows(mem) == {}
        contextual._kept.clear()
        computed: list[str] = []
        real = contextual._encode
        monkeypatch.setattr(contextual, "_encode", lambda t: computed.append(t) or real(t))
        mem.query("how much is the plus plan", lens=["org/a/user/u"], k=5)
        assert len(computed) > 1  # (the question and the statements it ranks)


def test_a_stored_vector_of_another_statement_is_not_read(encoded_store, monkeypatch):
    mem = encoded_store
    (fid, text), *_ = _curated(mem)
    with mem._store.lock, mem._store.transaction() as con:
        con.execute(
            "UPDATE statement_vectors SET digest=? WHERE fact_id=?",
            (statement_vectors.digest(CONTEXTUAL_MODEL_ID, "something else"), fid),
        )
    assert statement_vectors.stored(mem.db, CONTEXTUAL_MODEL_ID, [(fid, text)]) == {}
    other_model = statement_vectors.stored(mem.db, "another/model", [(fid, text)])
    assert other_model == {}


def test_forgetting_the_document_for_good_deletes_its_statements_vectors(encoded_store):
    mem = encoded_store
    assert _stored_rows(mem)
    (doc_id,) = mem.db.execute("SELECT id FROM documents").fetchone()
    mem.forget_document(doc_id, purge=True)
    assert _stored_rows(mem) == {}


def test_a_restated_fact_loses_its_stored_vector(encoded_store):
    mem = encoded_store
    (fid, _), *_ = _curated(mem)
    with mem._store.lock, mem._store.transaction() as con:
        con.execute("UPDATE facts SET statement=statement || ' (amended)' WHERE id=?", (fid,))
    assert fid not in _stored_rows(mem)


def test_a_store_opened_again_encodes_what_an_earlier_run_left(tmp_path):
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        mem.upload(PRICES, name="prices.md", scope="org/a")
        n = len(_curated(mem))
    with Memory.open(tmp_path / "s", embedder="hashing", encode_statements=True) as mem:
        assert mem._store.statements is not None and mem._store.statements.idle(60)
        assert len(_stored_rows(mem)) == n


def test_reading_below_priority_returns_raises_and_keeps_the_read_budget():
    budget = ReadBudget("doc.md", None)
    with reading(budget):
        assert at_lower_priority(5, current) is budget
    with pytest.raises(KeyError):
        at_lower_priority(5, lambda: {}["missing"])
    assert at_lower_priority(0, threading.get_native_id) == threading.get_native_id()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread niceness is Linux's")
def test_reading_below_priority_runs_in_a_lowered_thread_and_leaves_the_caller_as_it_was():
    def niceness() -> int:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    mine = niceness()
    assert at_lower_priority(7, niceness) == min(19, mine + 7)
    assert niceness() == mine


@pytest.mark.parametrize("bad", [-1, 20, 2.5, "5", True])
def test_job_nice_is_a_whole_number_from_0_to_19(bad, tmp_path):
    with pytest.raises(ValidationError) as e:
        check_job_nice(bad)
    assert e.value.field == "job_nice" and "0 to 19" in str(e.value) and e.value.limit == 19
    with pytest.raises(ValidationError):
        Memory.open(tmp_path / "s", embedder="hashing", job_nice=bad)


def test_an_encoding_of_a_purged_statement_is_never_kept_for_a_new_fact_of_its_id(tmp_path):
    # the encoder computed a statement's vector; the fact was purged and a new fact took its id
    # (ids are reused once the highest rows are deleted) before the vector was written
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        mem.upload(PRICES, name="prices.md", scope="org/a")
        (fid, text), *_ = _curated(mem)
        vec = ContextualEncoder().embed([text])[0].tobytes()
        (doc_id,) = mem.db.execute("SELECT id FROM documents").fetchone()
        mem.forget_document(doc_id, purge=True)
        mem.upload(b"# Hours\n\nWe open at 9am on weekdays.\n", name="h.md", scope="org/a")
        now = dict(_curated(mem))
        assert fid in now and now[fid] != text  # (the id was taken by another statement)
        mem._store.save_statement_vectors([(fid, text, statement_vectors.digest("m", text), vec)])
        assert fid not in _stored_rows(mem)
        mem._store.save_statement_vectors(  # (its own statement's is kept)
            [(fid, now[fid], statement_vectors.digest("m", now[fid]), vec)]
        )
        assert fid in _stored_rows(mem)


def test_a_document_upload_wakes_the_encoder_for_that_document(tmp_path):
    with Memory.open(tmp_path / "s", embedder="hashing", encode_statements=True) as mem:
        assert mem._store.statements is not None and mem._store.statements.idle(60)
        mem.upload(PRICES, name="prices.md", scope="org/a")
        assert mem._store.statements.idle(60)
        first = set(_stored_rows(mem))
        mem.upload(b"# Hours\n\nWe open at 9am on weekdays.\n", name="h.md", scope="org/a")
        assert mem._store.statements.idle(60)
        assert set(_stored_rows(mem)) == {f for f, _ in _curated(mem)} > first
