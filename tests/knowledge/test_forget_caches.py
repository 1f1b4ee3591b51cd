"""A forgotten text does not outlive its rows in the process's caches: the parse, the clause
readings, the encoder's kept vectors and the pair model's verdicts are keyed by what people
wrote (``knowledge/text_caches.py``). A replica following the store drops its own when the
writer forgets."""

from __future__ import annotations

from engramdb import Memory
from engramdb.embed import contextual
from engramdb.knowledge import text_caches
from engramdb.language import parser

SECRET = "Your returns window is 90 days, my account pin is 4417."


def _cached_anywhere() -> bool:
    return parser.parse.cache_info().currsize > 0 or any(
        "4417" in t for t in list(contextual._kept)
    )


def test_a_forgotten_turn_leaves_no_text_in_the_caches(tmp_path):
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        mem.upload(b"Returns are accepted within 30 days.", name="r.md", scope="org/acme")
        got = mem.remember(SECRET, scope="org/acme/user/sam", session_id="s1")
        contextual.encoded(SECRET)  # (as a query's rerank or the verifier would)
        assert _cached_anywhere()
        mem.forget(id=got.turn_id, purge=True, extracted=True)
        assert not _cached_anywhere()
        assert parser.parse.cache_info().currsize == 0


def test_every_forget_counts_and_a_replica_drops_its_caches(tmp_path, monkeypatch):
    path = tmp_path / "s"
    with Memory.open(path, embedder="hashing") as mem:
        mem.remember(SECRET, scope="org/acme/user/sam", session_id="s1")
        replica = Memory.open_replica(path, embedder="hashing")
        try:
            dropped: list[int] = []
            monkeypatch.setattr(text_caches, "drop", lambda: dropped.append(1))
            replica._store.follow()
            assert dropped == []  # (a write that forgets nothing keeps the caches)
            mem.remember("Another turn.", scope="org/acme/user/sam", session_id="s1")
            replica._store.follow()
            assert dropped == []
            before = mem._store.forgets()
            mem.forget(scope="org/acme/user/sam", purge=True)
            assert mem._store.forgets() == before + 1
            dropped.clear()  # (the writer's own drop: this process's)
            replica._store.follow()
            assert dropped  # (the writer forgot: the replica's texts go too)
        finally:
            replica.close()


def test_a_forget_that_removes_nothing_keeps_the_caches_and_counts_nothing(tmp_path):
    import pytest

    from engramdb.errors import NotFoundError

    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        mem.remember(SECRET, scope="org/acme/user/sam", session_id="s1")
        mem.query("returns window", lens="org/acme/user/sam")
        before = mem._store.forgets()
        cached = parser.parse.cache_info().currsize
        with pytest.raises(NotFoundError):
            mem.forget(id="fact:999999")
        assert mem._store.forgets() == before
        assert parser.parse.cache_info().currsize == cached > 0
        # a forget that removes rows empties the store's own text-keyed caches as well
        mem._store.vec_cache["4417"] = contextual.encoded("x")
        mem.forget(scope="org/acme/user/sam", purge=True)
        assert mem._store.forgets() == before + 1
        assert not mem._store.vec_cache and not mem._store.fact_features
