"""IVF partitions: an approximate recall mode for large tiers (the semantic tier by default).

Training (``Engine.train_ivf``) runs spherical k-means over the tier's vectors and writes each
record's partition into its header's ``centroid_id``; new records of the tier are assigned at
write time. A recall with ``RecallOptions(nprobe=n)`` then scans only the records of the ``n``
partitions whose centroids are closest to the query, instead of every record.

Generations. Retraining replaces the centroids, and a crash may stop it before every header was
rewritten. Ids therefore carry their generation: even generations use ids ``1..32767``, odd ones
``32769..65535``. A record whose id is outside the current generation's range (0 = never
assigned, or left over from the previous training) is *unassigned* and is scanned by every
approximate recall, so a partial retraining costs speed, never a lost memory. (In the episodic
tier ``centroid_id`` holds reflection's cluster number instead, so IVF is refused there.)

Centroids travel in their own log frame and are kept in the index (table ``ivf``), so they are
as durable as the headers that refer to them.
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass

import numpy as np

__all__ = [
    "MAX_NLIST",
    "InvertedLists",
    "IvfConfig",
    "IvfReport",
    "Partitions",
    "default_nlist",
    "spherical_kmeans",
]

#: Partitions per generation (each generation has half of the u16 id space, 0 excluded).
MAX_NLIST = 32_767

_HEAD = struct.Struct("<HHII")


@dataclass(frozen=True)
class IvfConfig:
    """How ``train_ivf`` partitions a tier."""

    #: Partitions; ``None``: about ``4 * sqrt(n)``, from 16 to 16,384.
    nlist: int | None = None
    #: k-means rounds (it stops earlier when no assignment changes).
    iterations: int = 10
    #: Vectors k-means trains on (a random sample of the tier when it holds more).
    sample: int = 100_000
    seed: int = 0
    #: Records appended since the inverted lists were built that are scanned one by one before
    #: the lists are rebuilt (as a fraction of the records the lists cover).
    rebuild_fraction: float = 0.05


@dataclass(frozen=True)
class IvfReport:
    tier: str
    generation: int
    nlist: int
    records: int
    seconds: float


def default_nlist(n: int) -> int:
    return int(min(16_384, max(16, round(4 * math.sqrt(max(n, 1))))))


def spherical_kmeans(
    x: np.ndarray, k: int, *, seed: int = 0, iterations: int = 10
) -> tuple[np.ndarray, np.ndarray]:
    """(unit centroids, labels) of the unit rows of ``x`` under cosine similarity.

    Seeds are ``k`` distinct rows; an empty cluster is re-seeded with the row its centroid
    explains worst, so every centroid ends up owning data. Centroid sums use one sort and
    ``np.add.reduceat`` per round instead of a mask per cluster."""
    n = len(x)
    k = max(1, min(int(k), n))
    rng = np.random.default_rng(seed)
    x = np.ascontiguousarray(x, dtype=np.float32)
    centres = x[np.sort(rng.choice(n, size=k, replace=False))].copy()
    labels = np.full(n, -1, dtype=np.int64)
    for it in range(iterations):
        sims = x @ centres.T
        new = np.argmax(sims, axis=1)
        if it and np.array_equal(new, labels):
            break
        labels = new
        best = sims[np.arange(n), labels]
        del sims
        order = np.argsort(labels, kind="stable")
        counts = np.bincount(labels, minlength=k)
        starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
        owned = counts > 0
        sums = np.add.reduceat(x[order], starts[owned], axis=0)
        centres[owned] = sums
        empty = np.nonzero(~owned)[0]
        if len(empty):  # re-seed with the worst-explained rows
            worst = np.argsort(best)[: len(empty)]
            centres[empty] = x[worst]
        norms = np.linalg.norm(centres, axis=1, keepdims=True)
        centres /= np.where(norms > 0, norms, 1.0)
    return centres, labels


class Partitions:
    """One generation of centroids for one tier."""

    def __init__(self, tier: int, generation: int, centroids: np.ndarray):
        if not 1 <= len(centroids) <= MAX_NLIST:
            raise ValueError(f"nlist must be 1..{MAX_NLIST}, got {len(centroids)}")
        self.tier = int(tier)
        self.generation = int(generation) & 0xFFFF
        self.centroids = np.ascontiguousarray(centroids, dtype=np.float32)

    @property
    def nlist(self) -> int:
        return len(self.centroids)

    @property
    def base(self) -> int:
        """The header id of partition 0 in this generation."""
        return 1 if self.generation % 2 == 0 else 32_769

    def assign(self, unit: np.ndarray) -> np.ndarray:
        """Header ids (u16) of the nearest centroid of each unit row."""
        out = np.empty(len(unit), dtype=np.uint16)
        for i in range(0, len(unit), 65_536):
            part = np.asarray(unit[i : i + 65_536], dtype=np.float32)
            out[i : i + len(part)] = np.argmax(part @ self.centroids.T, axis=1) + self.base
        return out

    def probe(self, query: np.ndarray, nprobe: int) -> np.ndarray:
        """Header ids of the ``nprobe`` partitions closest to the (unit) query."""
        sims = self.centroids @ np.asarray(query, dtype=np.float32)
        n = min(int(nprobe), self.nlist)
        best = np.argpartition(-sims, n - 1)[:n] if n < self.nlist else np.arange(self.nlist)
        return (best + self.base).astype(np.uint16)

    # -- the log frame (kind 4) ------------------------------------------------------------
    def encode(self) -> bytes:
        head = _HEAD.pack(self.tier, self.generation, self.nlist, self.centroids.shape[1])
        return head + self.centroids.astype("<f4").tobytes()

    @classmethod
    def decode(cls, payload: bytes) -> Partitions:
        tier, gen, nlist, dim = _HEAD.unpack_from(payload, 0)
        c = np.frombuffer(payload, "<f4", nlist * dim, _HEAD.size).reshape(nlist, dim)
        return cls(tier, gen, c.copy())


class InvertedLists:
    """The slots of one segment grouped by partition, built from the headers' ids."""

    def __init__(self, ids: np.ndarray, partitions: Partitions):
        self.generation = partitions.generation
        self.covered = len(ids)
        base, top = partitions.base, partitions.base + partitions.nlist
        ids = ids.astype(np.int64)
        self._order = np.argsort(ids, kind="stable")
        self._sorted = ids[self._order]
        outside = (ids < base) | (ids >= top)
        self.unassigned = np.nonzero(outside)[0].astype(np.int64)

    def slots(self, probe: np.ndarray) -> np.ndarray:
        """Slots of the probed partitions plus every unassigned slot, ascending (the scan then
        walks the segment forwards)."""
        probe = np.asarray(probe, dtype=np.int64)
        lo = np.searchsorted(self._sorted, probe, side="left")
        hi = np.searchsorted(self._sorted, probe, side="right")
        parts = [self._order[a:b] for a, b in zip(lo, hi, strict=True) if b > a]
        parts.append(self.unassigned)
        out = np.concatenate(parts)
        out.sort()
        return out
