"""Memory tiers and the router that picks one for each write.

A tier is a :class:`TierStore`: where records of one kind live and how they are scanned. The
built-in tiers are working (bounded, evicts its weakest unpinned memory), episodic, semantic and
procedural. A new tier is a subclass of :class:`BaseTierStore` (or any :class:`TierStore`)
registered with the router; no other module changes::

    class ScratchpadTier(BaseTierStore):
        name = "scratchpad"
        memory_type = MemoryType.WORKING

    engine = Engine.open(path, tiers=[ScratchpadTier()])
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from ..errors import ConfigError, ValidationError
from .record import HEADER_DTYPE, HEADER_SIZE, MemoryType
from .segment import Segment

__all__ = [
    "DEFAULT_SEGMENT_CAPACITY",
    "BaseTierStore",
    "EpisodicTier",
    "ProceduralTier",
    "SemanticTier",
    "TierRouter",
    "TierStore",
    "WorkingTier",
]

DEFAULT_SEGMENT_CAPACITY = 65_536


class TierStore(ABC):
    """What the engine needs from a tier: place records, update headers, expose segments."""

    name: str
    memory_type: MemoryType
    #: Most live records the tier keeps; ``None`` for no bound.
    capacity: int | None = None

    @abstractmethod
    def attach(self, directory: Path, dim: int, params: bytes, index: int) -> None:
        """Open (or create) the tier's files under ``directory``."""

    @abstractmethod
    def allocate(self, n: int) -> tuple[np.ndarray, np.ndarray]:
        """Reserve ``n`` slots; returns (segment numbers, slots)."""

    @abstractmethod
    def put(self, segment_no: int, slots: np.ndarray, records: np.ndarray, vec16: np.ndarray):
        """Write whole records (and their rescoring vectors) at the given slots."""

    @abstractmethod
    def put_headers(self, segment_no: int, slots: np.ndarray, headers: np.ndarray) -> None:
        """Overwrite the 64-byte headers at the given slots."""

    def reserve(self, segment_no: int, slots: np.ndarray) -> None:  # noqa: B027 - optional
        """Disk space for records about to be written at these slots, asked before the write
        is logged (a full disk is then refused, not met by a memory-mapped write). A tier
        that writes its files otherwise may leave it as is."""

    @abstractmethod
    def segments(self) -> Iterator[Segment]:
        """Every segment, in order, for scans."""

    @abstractmethod
    def segment(self, segment_no: int) -> Segment:
        """One segment by number."""

    @abstractmethod
    def checkpoint(self, lsn: int) -> None:
        """Make every change durable and checksummed at ``lsn``."""

    @abstractmethod
    def close(self) -> None: ...

    def choose_evictions(self, live: int) -> int:
        """How many records to evict now that ``live`` records are stored."""
        if self.capacity is None or live <= self.capacity:
            return 0
        return live - self.capacity


class BaseTierStore(TierStore):
    """Segment files in a directory of their own; grows by adding segments."""

    segment_capacity: int = DEFAULT_SEGMENT_CAPACITY

    def __init__(self, *, capacity: int | None = None, segment_capacity: int | None = None):
        if capacity is not None:
            if capacity < 1:
                raise ConfigError(f"tier {self.name!r}: capacity must be at least 1")
            self.capacity = capacity
        if segment_capacity is not None:
            self.segment_capacity = segment_capacity
        self._segments: list[Segment] = []
        self._directory: Path | None = None
        self._dim = 0
        self._params = b""
        self.index = -1

    def attach(self, directory: Path, dim: int, params: bytes, index: int) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        self._directory, self._dim, self._params, self.index = directory, dim, params, index
        Segment.remove_strays(directory)
        numbers = sorted(int(p.stem.split("-")[1]) for p in directory.glob("seg-*.rec"))
        for expected, no in enumerate(numbers):
            if no != expected:
                raise ConfigError(f"{directory}: segment {expected} is missing")
            self._segments.append(Segment.open(directory, no))

    def follow(self, directory: Path, dim: int, index: int, counts: dict[int, int]) -> None:
        """A replica's view: open (read-only) the segments another process has written since,
        and take each segment's row count from ``counts`` (what the writer's index holds:
        the rows the writer has finished)."""
        self._directory, self._dim, self.index = directory, dim, index
        while (directory / f"seg-{len(self._segments):06d}.rec").exists():
            self._segments.append(Segment.open(directory, len(self._segments), read_only=True))
        for no, n in counts.items():
            if no < len(self._segments):
                self._segments[no].count = max(self._segments[no].count, n)

    def _new_segment(self, lsn: int = 0) -> Segment:
        assert self._directory is not None
        seg = Segment.create(
            self._directory,
            len(self._segments),
            self._dim,
            self.segment_capacity,
            self._params,
            lsn,
        )
        self._segments.append(seg)
        return seg

    def ensure_segment(self, segment_no: int) -> Segment:
        while len(self._segments) <= segment_no:
            self._new_segment()
        return self._segments[segment_no]

    def allocate(self, n: int) -> tuple[np.ndarray, np.ndarray]:
        segs = np.empty(n, dtype=np.uint32)
        slots = np.empty(n, dtype=np.uint32)
        done = 0
        reserved: dict[int, int] = {}
        while done < n:
            seg = self._segments[-1] if self._segments else self._new_segment()
            used = seg.count + reserved.get(seg.segment_no, 0)
            room = seg.capacity - used
            if room <= 0:
                self._new_segment()
                continue
            take = min(room, n - done)
            segs[done : done + take] = seg.segment_no
            slots[done : done + take] = np.arange(used, used + take, dtype=np.uint32)
            reserved[seg.segment_no] = reserved.get(seg.segment_no, 0) + take
            done += take
        return segs, slots

    def reserve(self, segment_no: int, slots: np.ndarray) -> None:
        self.ensure_segment(segment_no).reserve(slots)

    def put(self, segment_no: int, slots: np.ndarray, records: np.ndarray, vec16: np.ndarray):
        self.ensure_segment(segment_no).put(slots, records, vec16)

    def put_headers(self, segment_no: int, slots: np.ndarray, headers: np.ndarray) -> None:
        self.segment(segment_no).put_headers(slots, headers)

    def headers(self, segment_no: int, slots: np.ndarray) -> np.ndarray:
        rows = self.segment(segment_no).records[slots, :HEADER_SIZE]
        return np.ascontiguousarray(rows).view(HEADER_DTYPE).reshape(-1)

    def segments(self) -> Iterator[Segment]:
        return iter(list(self._segments))

    def segment(self, segment_no: int) -> Segment:
        try:
            return self._segments[segment_no]
        except IndexError:
            raise ConfigError(f"tier {self.name!r} has no segment {segment_no}") from None

    def checkpoint(self, lsn: int) -> None:
        for seg in self._segments:
            seg.checkpoint(lsn)

    def close(self) -> None:
        for seg in self._segments:
            seg.close()
        self._segments.clear()


class WorkingTier(BaseTierStore):
    """Scratch memory with a bounded capacity; the weakest unpinned memory is evicted."""

    name = "working"
    memory_type = MemoryType.WORKING
    capacity: int | None = 1_000


class EpisodicTier(BaseTierStore):
    """What happened: conversation turns and events."""

    name = "episodic"
    memory_type = MemoryType.EPISODIC


class SemanticTier(BaseTierStore):
    """What is known: documents and consolidated knowledge."""

    name = "semantic"
    memory_type = MemoryType.SEMANTIC


class ProceduralTier(BaseTierStore):
    """How to act: instructions and skills."""

    name = "procedural"
    memory_type = MemoryType.PROCEDURAL


_KIND_ROUTES = {
    "turn": "episodic",
    "event": "episodic",
    "document": "semantic",
    "fact": "semantic",
    "instruction": "procedural",
    "skill": "procedural",
    "scratch": "working",
}


class TierRouter:
    """Names to tiers, and the default tier for each kind of write."""

    def __init__(self, tiers: list[TierStore] | None = None):
        self._tiers: dict[str, TierStore] = {}
        for tier in tiers if tiers is not None else default_tiers():
            self.register(tier)

    def register(self, tier: TierStore, *, replace: bool = False) -> None:
        """Add a tier; ``replace`` swaps out a tier of the same name (to configure a built-in
        one, e.g. ``WorkingTier(capacity=50)``)."""
        if not getattr(tier, "name", None):
            raise ConfigError(f"{type(tier).__name__} has no tier name")
        if not replace and tier.name in self._tiers and self._tiers[tier.name] is not tier:
            raise ConfigError(f"a tier named {tier.name!r} is already registered")
        self._tiers[tier.name] = tier

    def get(self, name: str) -> TierStore:
        try:
            return self._tiers[name]
        except KeyError:
            raise ValidationError(
                "tier", f"unknown tier {name!r}; known tiers: {', '.join(sorted(self._tiers))}"
            ) from None

    def route(self, tier: str | None = None, kind: str | None = None) -> TierStore:
        """The caller's tier if given, else the default for ``kind``, else episodic."""
        if tier is not None:
            return self.get(tier)
        return self.get(_KIND_ROUTES.get(kind or "", "episodic"))

    def __iter__(self) -> Iterator[TierStore]:
        return iter(list(self._tiers.values()))

    def __contains__(self, name: object) -> bool:
        return name in self._tiers

    def names(self) -> list[str]:
        return list(self._tiers)


def default_tiers() -> list[TierStore]:
    return [WorkingTier(), EpisodicTier(), SemanticTier(), ProceduralTier()]
