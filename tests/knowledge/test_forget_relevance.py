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


@pytest.mark.wallclock
def test_a_mem0_reset_forgets_its_memories_in_one_transaction(tmp_path):
    """A reset that purged each memory in its own call (SQLite's log emptied each time) took
    26 s for 300 memories; all of them now go in one transaction (0.25 s measured)."""
    import time

    from engramdb.compat.mem0 import Memory as Mem0

    with Mem0(tmp_path / "m0", scope_prefix="org/acme") as m:
        for i in range(300):
            m.add(f"My note number {i} is about topic {i % 17}", user_id=f"u{i % 10}", infer=False)
        m.memory.upload(b"Returns are accepted within 30 days.", name="r.md", scope="org/acme")
        start = time.perf_counter()
        m.reset()
        assert time.perf_counter() - start < 10
        assert all(m.get_all(user_id=f"u{i}")["results"] == [] for i in range(10))
        assert m.memory.db.execute("SELECT COUNT(*) FROM turns").fetchone()[0] == 0
        assert m.memory.db.execute("SELECT COUNT(*) FROM documents").fetchone()[0] == 1


SESSION = (
    "What's the weather like in Leeds today?",
    DIAGNOSIS,
    "My dog is called Rolo.",
    "I like hiking in the mountains.",
)


@pytest.fixture(params=[None, "hashing"], ids=["default", "hashing"])
def session(tmp_path, request):
    """One session of four turns: a turn's full-text score covers its neighbours' words too
    (the engine's window), so "diabetes" scored the hiking turn 0.95 on words it lacks."""
    kw = {} if request.param is None else {"embedder": request.param}
    with Memory.open(tmp_path / "s", **kw) as m:
        for text in SESSION:
            m.remember(text, scope=ME, session_id="s1")
        yield m, request.param


def test_a_neighbours_word_does_not_make_a_turn_related(session):
    mem, _ = session
    out = mem.forget("diabetes", dry_run=True)
    assert {w["text"] for w in out["wouldForget"]} == {DIAGNOSIS}
    assert out["turns"] == 1
    assert mem.forget("diabetes")["turns"] == 1
    assert _left(mem) == set(SESSION) - {DIAGNOSIS}


def test_forget_my_dog_in_a_session_removes_the_dog_turn_only(session):
    mem, _ = session
    out = mem.forget("forget my dog", dry_run=True)
    assert {w["text"] for w in out["wouldForget"]} == {"My dog is called Rolo."}
    assert mem.forget("forget my dog")["turns"] == 1
    assert _left(mem) == set(SESSION) - {"My dog is called Rolo."}


def test_a_close_meaning_in_a_session_still_forgets_by_cosine(session):
    mem, embedder = session
    if embedder == "hashing":  # (hashed words have no meaning: only a shared word relates)
        assert mem.forget("my medical diagnosis", dry_run=True)["wouldForget"] == []
        return
    out = mem.forget("my medical diagnosis", dry_run=True)
    assert {w["text"] for w in out["wouldForget"]} == {DIAGNOSIS}
    assert mem.forget("my medical diagnosis")["turns"] == 1
    assert _left(mem) == set(SESSION) - {DIAGNOSIS}


def test_a_shared_word_counts_by_its_stem(session):
    """Own-text words are compared as the full-text index compares them (porter stems)."""
    mem, _ = session
    out = mem.forget("dogs", dry_run=True)
    assert {w["text"] for w in out["wouldForget"]} == {"My dog is called Rolo."}


def test_a_dry_run_does_not_wait_for_a_write(mem):
    """A dry run is a read: it plans on a snapshot of committed rows, never waiting for the
    store's lock (a server's dry run held a read slot of the whole process while it did)."""
    import threading

    mem._store.lock.acquire()
    try:
        out: dict = {}
        t = threading.Thread(target=lambda: out.update(mem.forget("Rolo", dry_run=True)))
        t.start()
        t.join(timeout=10)
        assert not t.is_alive(), "the dry run waited for the store's lock"
        assert {w["text"] for w in out["wouldForget"]} == {"My dog is called Rolo."}
    finally:
        mem._store.lock.release()
    t.join()
    assert _left(mem) == set(STORE)


@pytest.mark.parametrize("purge", [True, False])
def test_forgetting_a_revoked_instruction_takes_its_revocation_trace_too(tmp_path, purge):
    """A revocation's trace (written by the revoking turn) quotes the instruction it lifted:
    forgetting the instruction's turn by id must take that quote out of the traces as well
    (the isolation run once found a purged instruction's marker still in /traces; the trace
    was written by another turn, so nothing found it)."""
    scope = "org/acme/user/alice"
    with Memory.open(tmp_path / "m") as m:
        said = m.remember("From now on always mention zqmarker first.", scope=scope)
        assert said.instructions
        lifted = m.remember("You no longer need to mention zqmarker first.", scope=scope)
        assert lifted.revoked
        # (a soft forget of the turn alone leaves what was read from it live: here what was
        # read from it goes too)
        m.forget(id=said.turn_id, purge=purge, extracted=True)

        def quoting() -> list[tuple[str, str]]:
            return [
                (op, detail)
                for op, detail in m.db.execute(
                    "SELECT op, detail FROM traces WHERE forgotten=0 AND op != 'forget'"
                )
                if "From now on" in detail or "always mention zqmarker" in detail
            ]

        assert quoting() == []
