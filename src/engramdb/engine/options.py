"""The typed values the engine takes and gives: write inputs, recall options, hits."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

__all__ = ["MemoryInput", "MemoryRecord", "RecallHit", "RecallOptions", "WhyNot"]


@dataclass
class MemoryInput:
    """One memory to write; ``remember_many`` takes a list of these (or of dicts alike)."""

    text: str | bytes
    tier: str | None = None
    tags: list[str] | None = None
    session_id: str | None = None
    timestamp_ms: int | None = None
    id: str | None = None
    source: str | None = None
    scope: str | None = None
    importance: float | None = None
    valence: float | None = None
    arousal: float | None = None
    pinned: bool = False
    vector: np.ndarray | None = None
    meta: dict[str, Any] | None = None
    kind: str | None = None


@dataclass(frozen=True)
class RecallOptions:
    """What to recall and how. ``candidates`` is how many scan hits are rescored exactly."""

    k: int = 10
    tiers: tuple[str, ...] | None = None
    min_timestamp_ms: int | None = None
    max_timestamp_ms: int | None = None
    #: Only memories carrying every one of these tags (given, or extracted keyphrases).
    tags: tuple[str, ...] | None = None
    #: Only memories at least this important (0.05..10).
    min_importance: float | None = None
    #: Only memories whose valence lies in this range (within -1..1).
    valence_range: tuple[float, float] | None = None
    now_ms: int | None = None
    candidates: int = 100
    #: Approximate mode: in a tier partitioned with ``Engine.train_ivf``, scan only the
    #: records of the ``nprobe`` partitions nearest the query (None: scan every record).
    nprobe: int | None = None
    explain: bool = False
    #: Only memories stored under one of these scope keys (exact keys: the engine treats a
    #: scope as an opaque partition key; the knowledge layer decides what scopes mean).
    scopes: tuple[str, ...] | None = None
    #: Tags that raise a memory's score by how many of their Bloom bits it carries (no filter).
    prefer_tags: tuple[str, ...] | None = None
    #: A valence in -1..1: memories of a similar emotional colour score higher.
    mood: float | None = None
    #: Maximal marginal relevance, 0..1: trade score for diversity among the hits (1 = none,
    #: 0.7 is a common choice); None skips it.
    mmr: float | None = None
    #: A named preset of weights (``engramdb.engine.scoring.PROFILES``: balanced, precise,
    #: exploring, recent, semantic); None uses ``EngineConfig.weights``.
    profile: str | None = None
    #: The conversation this recall serves: what it was shown lately is habituated (see
    #: ``habituation.py``); other sessions are unaffected.
    session_id: str | None = None
    #: ``"observe"``: no side effects. ``"learn"``: the recall listeners (passive reinforcement,
    #: co-recall association) run after the recall returns.
    mode: Literal["observe", "learn"] = "observe"


@dataclass(frozen=True)
class MemoryRecord:
    """A stored memory as ``get`` returns it."""

    id: str
    text: str
    tier: str
    tags: list[str]
    session_id: str | None
    scope: str | None
    source: str | None
    timestamp_ms: int
    created_ms: int
    importance: float
    valence: float
    arousal: float
    pinned: bool
    consolidated: bool
    agent_recall_count: int
    storage_strength: float
    memory_type: str
    #: Tags extracted from the text when none were given (they fill the Bloom filter).
    keyphrases: list[str] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class RecallHit:
    """One recalled memory, its score and (with ``explain``) each factor's contribution."""

    id: str
    text: str
    score: float
    similarity: float
    tier: str
    timestamp_ms: int
    session_id: str | None
    tags: list[str]
    meta: dict[str, Any] = field(default_factory=dict)
    explain: dict[str, float] | None = None


@dataclass(frozen=True)
class WhyNot:
    """Why a memory is (or is not) among a recall's hits."""

    id: str
    returned: bool
    #: one of: returned, forgotten, suppressed, tier, time, importance, tags, valence, rank
    reason: str
    detail: str
    #: its rank among everything the recall scored (1-based), when it was scored at all
    rank: int | None = None
    score: float | None = None
    #: the score of the k-th hit, the bar it had to clear
    cutoff: float | None = None
    explain: dict[str, float] | None = None
