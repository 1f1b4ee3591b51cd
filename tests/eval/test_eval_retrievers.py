"""eval.retrievers: the protocol, each retriever's ranking and the name parser."""

from __future__ import annotations

import numpy as np
import pytest

from engramdb.embed import HashingEmbedder
from engramdb.eval.retrievers import (
    HYBRID_WEIGHT,
    DenseRetriever,
    Doc,
    EmbedderCache,
    EngineRetriever,
    Fts5Retriever,
    HybridRetriever,
    installed_optional_retrievers,
    make_retriever,
)

DOCS = [
    Doc("a", "Alice: my dog Biscuit loves the beach", "s1", 1_000),
    Doc("b", "Bob: I started pottery classes on Tuesday", "s1", 2_000),
    Doc("c", "Alice: the weather was rainy all week", "s2", 3_000),
    Doc("d", "Bob: my sister moved to Lisbon", "s2", 4_000),
]


@pytest.fixture
def emb() -> HashingEmbedder:
    return HashingEmbedder()


def test_fts5_ranks_matching_docs_only() -> None:
    r = Fts5Retriever()
    r.ingest(DOCS)
    try:
        assert r.search("Where did the sister move?", 10) == ["d"]
        # a query of stop-words only falls back to searching them
        assert set(r.search("the a of", 10)) == {"a", "c"}
        assert r.search("?!", 10) == []
        assert r.search("pottery dog", 1)[0] in {"a", "b"}
    finally:
        r.close()


def test_dense_is_exact_cosine(emb: HashingEmbedder) -> None:
    r = DenseRetriever(emb)
    r.ingest(DOCS)
    q = "sister moved to Lisbon"
    sims = emb.embed([d.text for d in DOCS]) @ emb.embed([q])[0]
    expected = [DOCS[i].id for i in np.argsort(-sims, kind="stable")]
    assert r.search(q, 4) == expected
    assert r.search(q, 2) == expected[:2]
    r.close()
    assert r.search(q, 3) == []


def test_hybrid_extremes_follow_their_component(emb: HashingEmbedder) -> None:
    q = "sister Lisbon"
    lex = HybridRetriever(emb, weight=1.0)
    dense = HybridRetriever(emb, weight=0.0)
    ref = DenseRetriever(emb)
    for r in (lex, dense, ref):
        r.ingest(DOCS)
    try:
        assert lex.search(q, 1) == ["d"]
        assert dense.search(q, 4) == ref.search(q, 4)
        assert len(HybridRetriever(emb).search(q, 3)) == 0  # not ingested: nothing
    finally:
        for r in (lex, dense, ref):
            r.close()
    with pytest.raises(ValueError):
        HybridRetriever(emb, weight=1.5)


def test_engine_retriever_returns_stored_ids(emb: HashingEmbedder) -> None:
    r = EngineRetriever(emb)
    r.ingest(DOCS)
    try:
        got = r.search("my sister moved to Lisbon", 2)
        assert got[0] == "d"
        assert len(got) == 2
    finally:
        r.close()


def test_a_retriever_can_be_reused_for_a_fresh_haystack(emb: HashingEmbedder) -> None:
    r = EngineRetriever(emb)
    r.ingest(DOCS)
    r.ingest([Doc("z", "completely different text about volcanoes")])
    try:
        assert r.search("volcanoes", 5) == ["z"]
    finally:
        r.close()


@pytest.mark.parametrize(
    ("name", "cls", "weight"),
    [
        ("fts5", Fts5Retriever, None),
        ("dense:hashing", DenseRetriever, None),
        ("hybrid:hashing", HybridRetriever, HYBRID_WEIGHT),
        ("hybrid:hashing@0.25", HybridRetriever, 0.25),
        ("engine:hashing", EngineRetriever, None),
    ],
)
def test_make_retriever_parses_names(name: str, cls: type, weight: float | None) -> None:
    r = make_retriever(name)
    assert isinstance(r, cls)
    assert r.name == name
    if weight is not None:
        assert r.weight == weight


@pytest.mark.parametrize("name", ["bm25", "fts5:x", "hybridx", "hybrid@abc"])
def test_make_retriever_refuses_unknown_names(name: str) -> None:
    with pytest.raises(Exception):  # noqa: B017 - ValueError or the factory's ConfigError
        make_retriever(name)


def test_embedder_cache_shares_one_instance() -> None:
    cache = EmbedderCache()
    assert cache.get("hashing") is cache.get("hashing")
    a = make_retriever("dense:hashing", cache)
    b = make_retriever("hybrid:hashing", cache)
    assert a.embedder is b._dense.embedder


def test_optional_retrievers_are_dense_specs() -> None:
    for name in installed_optional_retrievers():
        assert name.startswith("dense:")
