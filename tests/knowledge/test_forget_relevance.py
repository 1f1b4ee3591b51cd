"""Forget by query removes only what is related to the query, measured on a few realistic
stores with the default embedder (the floor is ``lifecycle.FORGET_MIN_SIMILARITY``): the best
of unrelated rows used to go ("my medical diagnosis" deleted "My dog is called Rolo.")."""

from __future__ import annotations

import pytest

from engramdb import Memory

ME = "org/acme/user/alice"
STORE = (
    "My dog is called Rolo.",
    "I live in Leeds and work as a nurse.",
    "I prefer green tea in the morning.",
    "My sister's name is Hannah.",
    "The meeting with Sam moved to Friday.",
)
DIAGNOSIS = "I was diagnosed with type 2 diabetes last year."


@pytest.fixture
def mem(tmp_path):
    with Memory.open(tmp_path / "m") as m:
        for text in STORE:
            m.remember(text, scope=ME)
        yield m


def _left(mem: Memory) -> set[str]:
    return {m.text for m in mem.memories(lens=ME)}


@pytest.mark.parametrize("query", ["my medical diagnosis", "my health condition", "zq12"])
def test_an_unrelated_query_forgets_nothing(mem, query):
    assert not any(mem.forget(query).values())
    assert _left(mem) == set(STORE)


@pytest.mark.parametrize(
    ("query", "gone"),
    [
        ("forget my dog", "My dog is called Rolo."),
        ("Rolo", "My dog is called Rolo."),
        ("where I live", "I live in Leeds and work as a nurse."),
        ("what I said about tea", "I prefer green tea in the morning."),
    ],
)
def test_a_related_query_still_forgets_its_row(mem, query, gone):
    counts = mem.forget(query)
    assert counts["turns"] == 1
    assert _left(mem) == set(STORE) - {gone}


def test_a_related_meaning_without_a_shared_word_is_forgotten(mem):
    mem.remember(DIAGNOSIS, scope=ME)
    assert mem.forget("my medical diagnosis")["turns"] == 1
    assert _left(mem) == set(STORE)


def test_a_dry_run_lists_what_would_go_and_removes_nothing(mem):
    out = mem.forget("forget my dog", dry_run=True)
    assert out["dryRun"] is True and out["turns"] == 1
    assert {w["text"] for w in out["wouldForget"]} >= {"My dog is called Rolo."}
    assert _left(mem) == set(STORE)
    out = mem.forget(scope=ME, dry_run=True)
    assert out["turns"] == len(STORE) and _left(mem) == set(STORE)
    assert mem.forget("my medical diagnosis", dry_run=True)["wouldForget"] == []
