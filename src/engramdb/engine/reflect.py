"""Circadian reflection: consolidate related episodes into semantic memory, prune scratch memory.

The decision core here is pure (vectors and texts in, a plan out); :meth:`Engine.reflect` carries
the plan out through the write-ahead log like any other write.

1. Memories of the source tier (episodic) written since the last reflection are taken in windows
   of ``max_candidates`` (a watermark on the arrival order records how far reflection got); the
   important enough ones are clustered with k-means (seeds drawn from the data, Lloyd
   iterations, fixed seed: the same memories give the same clusters),
   ``k = ceil(n / cluster_size)``. Bounded windows keep the cost per written memory flat
   (k-means costs n * k = n^2 / cluster_size per window).
2. Members farther than ``member_min_similarity`` from their centroid are left out (k-means
   assigns every point somewhere); a cluster that keeps at least ``min_cluster`` members whose
   mean cosine to their centroid reaches ``min_cohesion`` becomes one consolidated semantic
   memory: an extractive gist made of the ``summary_sentences`` members closest to the
   centroid, in time order. No LLM is needed.
3. The sources are marked consolidated (flag bit 3), their header's ``centroid_id`` records the
   cluster, and a Hebbian edge links each source to its gist.
4. Working memories that are weak (importance x retention below ``prune_below``), older than
   ``prune_min_age_ms`` and not pinned are forgotten.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

__all__ = ["Cluster", "ReflectConfig", "ReflectReport", "kmeans", "plan_consolidation"]

_DAY_MS = 86_400_000


@dataclass(frozen=True)
class ReflectConfig:
    #: Reflect automatically once this many memories were written since the last time
    #: (None: only on request).
    every_writes: int | None = 500
    #: ... or once this much time passed since the last time (None: never).
    every_ms: int | None = None
    #: Reflect on a background thread once the store has been idle for ``idle_ms`` (as sleep
    #: consolidates memory), instead of inside the write that made it due. A stream of writes
    #: that never pauses is interrupted once ``max_backlog`` writes are waiting.
    background: bool = True
    idle_ms: int = 250
    max_backlog: int = 50_000
    source_tier: str = "episodic"
    target_tier: str = "semantic"
    #: Only memories at least this important are consolidated: repetitive small talk gets low
    #: importance from surprise and is left alone (it made most gists before this filter).
    min_importance: float = 1.0
    cluster_size: int = 8
    min_cluster: int = 3
    #: A member joins its cluster's gist only this close to the centroid (cosine); k-means puts
    #: every point somewhere, this keeps the outliers out.
    #: Windows of at least this many candidates are centred first (see ``plan_consolidation``).
    centre_from: int = 64
    #: (cosines between centred vectors for large windows)
    member_min_similarity: float = 0.6
    min_cohesion: float = 0.7
    summary_sentences: int = 3
    #: Reflection looks at the not yet consolidated memories among this many most recent ones of
    #: the source tier. k-means costs n * k = n^2 / cluster_size, so the window keeps a
    #: reflection's cost per written memory flat instead of growing with the store.
    max_candidates: int = 1_000
    iterations: int = 8
    seed: int = 0
    prune_below: float = 0.05
    prune_min_age_ms: int = _DAY_MS


@dataclass
class Cluster:
    members: list[int]  # row indices into the candidates
    centroid: np.ndarray
    cohesion: float
    gist: list[int]  # members chosen for the gist, in time order


@dataclass
class ReflectReport:
    """What one reflection did, by memory id."""

    clusters: int = 0
    created: list[str] = field(default_factory=list)
    consolidated: list[str] = field(default_factory=list)
    pruned: list[str] = field(default_factory=list)


def kmeans(x: np.ndarray, k: int, *, seed: int = 0, iterations: int = 20) -> np.ndarray:
    """Cluster labels of the rows of ``x`` (cosine geometry: rows are unit vectors)."""
    n = len(x)
    k = max(1, min(k, n))
    rng = np.random.default_rng(seed)
    # seeds: k distinct points of the data (k-means++ seeding was k sequential passes and cost
    # more than all the iterations together; the cohesion filter downstream drops loose clusters)
    centres = np.array(x[np.sort(rng.choice(n, size=k, replace=False))], dtype=np.float32)
    labels = np.zeros(n, dtype=np.int64)
    for it in range(iterations):
        new = np.argmax(x @ centres.T, axis=1)
        if it and np.array_equal(new, labels):
            break
        labels = new
        for j in range(k):
            members = x[labels == j]
            if len(members):
                c = members.mean(axis=0)
                norm = np.linalg.norm(c)
                centres[j] = c / norm if norm > 0 else c
    return labels


def plan_consolidation(
    vectors: np.ndarray, timestamps: np.ndarray, config: ReflectConfig
) -> list[Cluster]:
    """The clusters worth consolidating, with the members that make up each gist."""
    n = len(vectors)
    if n < config.min_cluster:
        return []
    # centre the candidates: what all of them share (the chat register, the speakers' names)
    # says nothing about topic and would pull unrelated memories together. Only for windows
    # large enough to hold many topics: the mean of a handful of memories is their topic.
    if n >= config.centre_from:
        centred = vectors - vectors.mean(axis=0)
        norms = np.linalg.norm(centred, axis=1, keepdims=True)
        vectors = np.divide(centred, norms, out=np.zeros_like(centred), where=norms > 0)
    k = math.ceil(n / max(1, config.cluster_size))
    labels = kmeans(vectors, k, seed=config.seed, iterations=config.iterations)
    out = []
    for j in np.unique(labels):
        members = np.nonzero(labels == j)[0]
        if len(members) < config.min_cluster:
            continue
        centroid = _unit(vectors[members].mean(axis=0))
        members = members[vectors[members] @ centroid >= config.member_min_similarity]
        if len(members) < config.min_cluster:
            continue
        centroid = _unit(vectors[members].mean(axis=0))
        sims = vectors[members] @ centroid
        cohesion = float(sims.mean())
        if cohesion < config.min_cohesion:
            continue
        best = members[np.argsort(-sims, kind="stable")[: config.summary_sentences]]
        gist = sorted(best.tolist(), key=lambda i: (int(timestamps[i]), i))
        out.append(Cluster(members.tolist(), centroid.astype(np.float32), cohesion, gist))
    return out


def _unit(v: np.ndarray) -> np.ndarray:
    norm = float(np.linalg.norm(v))
    return v / norm if norm > 0 else v


def gist_text(texts: list[str], limit: int = 60_000) -> str:
    """The consolidated memory's text: its gist sentences, joined, cut at ``limit`` bytes of
    UTF-8 (members near the text limit would otherwise make a gist no memory may hold, and
    every later reflection would fail on it)."""
    text = " … ".join(t.strip() for t in texts)
    data = text.encode()
    if len(data) <= limit:
        return text
    return data[: limit - 3].decode(errors="ignore") + "…"
