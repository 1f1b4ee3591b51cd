"""The cognitive ingestion pipeline (seed steps 2-4 and 9b-9d), as discrete, replaceable steps.

Before the log (their results go into the record header, so replay never recomputes them):

- ``tags``: the 64-bit Bloom filter of the given tags, or of up to 10 extracted keyphrases;
- ``affect``: valence and arousal from a sentiment lexicon, unless the caller gave them;
- ``surprise``: novelty against recent memories sets importance; a flashbulb pins the memory.

After the log, inside the transaction that applies the frame (so they are exactly as durable as
the memories, and log replay rebuilds them after a crash); each runs in a savepoint and a failure
is logged without failing the write:

- ``surprise-stats``: the running novelty statistics advance;
- ``hebbian``: the edge to the previous memory of the same session is strengthened;
- ``temporal``: the session chain is the ordered index ``(session_id, timestamp_ms, seq)``, kept
  by the insert itself; nothing else to do;
- ``entities``: names, dates and known names are extracted, linked to the memory and to each
  other, and new names join the gazetteer.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .affect import estimate_affect_many
from .entities import EntityExtractor
from .graph import EntityGraph, HebbianConfig, HebbianGraph, TemporalChain
from .index import MemoryIndex
from .surprise import SurpriseConfig, SurpriseDetector, Welford
from .tags import bloom64, keyphrases

__all__ = ["IngestConfig", "IngestionPipeline"]

Step = tuple[str, Callable[[], None]]


@dataclass(frozen=True)
class IngestConfig:
    """Which cognitive steps run on every write, and their parameters."""

    auto_tags: bool = True
    max_keyphrases: int = 10
    affect: bool = True
    surprise: SurpriseConfig = field(default_factory=SurpriseConfig)
    hebbian: bool = True
    hebbian_params: HebbianConfig = field(default_factory=HebbianConfig)
    entities: bool = True
    #: Names of post-log steps to skip (for ablations), e.g. ``frozenset({"entities"})``.
    disabled_steps: frozenset[str] = frozenset()


@dataclass
class TextFeatures:
    """What the text-only steps decided for a batch, row by row (no engine state involved, so
    they can run while the batch is being embedded)."""

    blooms: np.ndarray
    keyphrases: list[list[str]]
    valence: np.ndarray
    arousal: np.ndarray
    #: (key, kind, name) of each entity a row mentions (dates keyed by their ISO value)
    mentions: list[list[tuple[str, str, str]]]

    def slice(self, a: int, b: int) -> TextFeatures:
        return TextFeatures(
            self.blooms[a:b],
            self.keyphrases[a:b],
            self.valence[a:b],
            self.arousal[a:b],
            self.mentions[a:b],
        )


class IngestionPipeline:
    """Holds the state the steps share: novelty statistics, the gazetteer, the graphs."""

    def __init__(self, index: MemoryIndex, dim: int, config: IngestConfig):
        self.config = config
        self.index = index
        con = index.con
        self.hebbian = HebbianGraph(con, config.hebbian_params)
        self.temporal = TemporalChain(con)
        self.entities = EntityGraph(con)
        stats = Welford.from_dict(json.loads(index.get_meta("surprise_stats") or "{}"))
        self.surprise = SurpriseDetector(config.surprise, dim, stats)
        known = self.entities.known_names()
        self.extractor = EntityExtractor(known)
        self._seen: set[str] = {name for name, _ in known}
        #: Extra post-log steps (name, callable(locs, rows)); tests inject failures here.
        self.extra_steps: list[tuple[str, Callable[[Sequence[int], Sequence[dict]], None]]] = []

    # -- before the log ----------------------------------------------------------------------
    def text_features(
        self,
        texts: Sequence[str],
        tags: Sequence[Sequence[str]],
        given_valence: Sequence[float | None],
        given_arousal: Sequence[float | None],
        timestamps: Sequence[int],
    ) -> TextFeatures:
        """Tags (Bloom of the given tags or of extracted keyphrases), valence and arousal, and
        the entities each text mentions. Extraction happens here, before the log, so that the
        mentions travel in the log frame: replay after a crash links exactly what was linked."""
        cfg = self.config
        n = len(texts)
        phrases: list[list[str]] = [[] for _ in range(n)]
        blooms = np.zeros(n, dtype=np.uint64)
        for i, (text, given) in enumerate(zip(texts, tags, strict=True)):
            if given:
                blooms[i] = bloom64(given)
            elif cfg.auto_tags:
                phrases[i] = keyphrases(text, cfg.max_keyphrases)
                blooms[i] = bloom64(phrases[i])
        valence = np.zeros(n, dtype=np.float32)
        arousal = np.zeros(n, dtype=np.float32)
        if cfg.affect:
            val, aro = estimate_affect_many(list(texts))
            valence[:] = val
            arousal[:] = aro
        for i in range(n):
            if given_valence[i] is not None:
                valence[i] = given_valence[i]
            if given_arousal[i] is not None:
                arousal[i] = given_arousal[i]
        mentions: list[list[tuple[str, str, str]]] = [[] for _ in range(n)]
        if cfg.entities and "entities" not in cfg.disabled_steps:
            extract = self.extractor.extract
            for i, (text, ts) in enumerate(zip(texts, timestamps, strict=True)):
                mentions[i] = [
                    (m.value or m.key, m.kind, m.name)
                    if m.kind == "date"
                    else (m.key, m.kind, m.name)
                    for m in extract(text, ts)
                ]
        return TextFeatures(blooms, phrases, valence, arousal, mentions)

    def surprise_features(
        self, unit: np.ndarray, given_importance: Sequence[float | None]
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Importance, flashbulb pin and novelty of each row (under the engine's write lock:
        they depend on what was stored before)."""
        n = len(unit)
        cfg = self.config
        novelty = np.full(n, np.nan, dtype=np.float32)
        importance = np.full(n, cfg.surprise.default_importance, dtype=np.float32)
        pinned = np.zeros(n, dtype=bool)
        if cfg.surprise.enabled:
            novelty = self.surprise.novelty(unit)
            importance, _, pinned = self.surprise.assess(novelty)
        for i in range(n):
            if given_importance[i] is not None:
                importance[i] = given_importance[i]
                pinned[i] = False
        return importance, pinned, novelty

    # -- after the log, inside the apply transaction -----------------------------------------
    def steps(self, locs: Sequence[int], rows: Sequence[dict[str, Any]], unit) -> list[Step]:
        off = self.config.disabled_steps
        out: list[Step] = []
        if self.config.surprise.enabled and "surprise-stats" not in off:
            out.append(("surprise-stats", lambda: self._surprise_stats(rows, unit)))
        if self.config.hebbian and "hebbian" not in off:
            # (unit is None on log replay, where edges may already be there)
            out.append(("hebbian", lambda: self._hebbian(locs, rows, fresh=unit is not None)))
        if self.config.entities and "entities" not in off:
            out.append(("entities", lambda: self._entities(locs, rows)))
        for name, fn in self.extra_steps:
            out.append((name, lambda fn=fn: fn(locs, rows)))
        return out

    def _surprise_stats(self, rows: Sequence[dict[str, Any]], unit) -> None:
        novelty = [r["novelty"] for r in rows if r.get("novelty") is not None]
        self.surprise.observe(novelty, unit)
        self.index.set_meta({"surprise_stats": json.dumps(self.surprise.stats.to_dict())})

    def _hebbian(
        self, locs: Sequence[int], rows: Sequence[dict[str, Any]], *, fresh: bool = False
    ) -> None:
        seqs = self.index.seqs(locs)
        members = [
            (loc, row["session_id"], row["timestamp_ms"], seqs[loc])
            for loc, row in zip(locs, rows, strict=True)
            if row.get("session_id") is not None
        ]
        prev = self.temporal.predecessors(members)
        ts = {m[0]: m[2] for m in members}
        self.hebbian.strengthen_many([(loc, p, ts[loc]) for loc, p in prev.items()], fresh=fresh)

    def _entities(self, locs: Sequence[int], rows: Sequence[dict[str, Any]]) -> None:
        batch = []
        new: list[tuple[str, str]] = []
        seen = self._seen
        for loc, row in zip(locs, rows, strict=True):
            mentions = [tuple(m) for m in row.get("mentions") or ()]
            if not mentions:
                continue
            batch.append((loc, row["timestamp_ms"], mentions))
            new += [
                (name, kind) for _, kind, name in mentions if kind != "date" and name not in seen
            ]
        self.entities.add_mentions_many(batch)
        if new:
            # once per batch: the gazetteer rebuilds for new names, and rebuilding per memory
            # cost more than all the rest of extraction; a name learned from one write is found
            # in lower case from the next write on (capitalised, it is found at once anyway)
            self.extractor.add_known(new)
            self._seen.update(n for n, _ in new)

    # -- state on open -------------------------------------------------------------------------
    def seed_recent(self, vectors: np.ndarray) -> None:
        self.surprise.seed_recent(vectors)
