"""IVF partitions of a tier: training, assignment at write time, probing at recall (see
``ivf.py`` for the scheme)."""

from __future__ import annotations

import threading
import time

import numpy as np

from ..errors import ValidationError
from .ivf import InvertedLists, IvfReport, Partitions, default_nlist, spherical_kmeans
from .record import HEADER_DTYPE, HEADER_SIZE, Flag, MemoryType

__all__ = ["PartitionsMixin"]

#: Header updates per log frame when training rewrites ``centroid_id``.
_ASSIGN_FRAME = 32_768


class PartitionsMixin:
    """Part of :class:`engramdb.Engine` (see ``engine.py``); not used on its own."""

    def train_ivf(self, tier: str = "semantic", *, nlist: int | None = None) -> IvfReport:
        """Partition a tier with k-means so that ``RecallOptions(nprobe=...)`` can scan part
        of it. Retraining replaces the previous partitions; records written afterwards are
        assigned as they arrive."""
        started = time.perf_counter()
        cfg = self.config.ivf
        t = self._router.get(tier)
        if t.memory_type == MemoryType.EPISODIC:
            raise ValidationError(
                "tier",
                f"{t.name!r} is episodic: its centroid_id holds reflection's clusters; "
                "partition the semantic tier (or another non-episodic tier)",
            )
        if nlist is not None and (isinstance(nlist, bool) or not 1 <= int(nlist) <= 16_384):
            raise ValidationError("nlist", f"must be from 1 to 16384, got {nlist!r}", limit=16_384)
        with self._lock:
            self._check_open()
            segs = [(seg, seg.count) for seg in t.segments() if seg.count]
        live = []
        for seg, n in segs:
            flags = np.asarray(seg.records[:n, 1])
            live.append(np.nonzero((flags & np.uint8(Flag.TOMBSTONE)) == 0)[0])
        total = sum(len(x) for x in live)
        if total == 0:
            raise ValidationError("tier", f"{t.name!r} holds no memories to partition")
        nlist = nlist if nlist is not None else cfg.nlist
        k = min(int(nlist) if nlist is not None else default_nlist(total), total)
        rng = np.random.default_rng(cfg.seed)
        take = min(total, cfg.sample)
        picks = np.sort(rng.choice(total, size=take, replace=False))
        sample = np.empty((take, self.dim), dtype=np.float32)
        offset, filled = 0, 0
        for (seg, _), slots in zip(segs, live, strict=True):
            mine = picks[(picks >= offset) & (picks < offset + len(slots))] - offset
            sample[filled : filled + len(mine)] = seg.vectors16[slots[mine]]
            filled += len(mine)
            offset += len(slots)
        centres, _ = spherical_kmeans(sample, k, seed=cfg.seed, iterations=cfg.iterations)
        with self._lock:
            self._check_open()
            old = self._ivf.get(t.index)
            parts = Partitions(t.index, (old.generation + 1) if old else 0, centres)
            self._log_and_apply(parts)
            assigned = 0
            for seg in t.segments():
                n = seg.count
                for lo in range(0, n, _ASSIGN_FRAME):
                    hi = min(n, lo + _ASSIGN_FRAME)
                    raw = np.ascontiguousarray(seg.records[lo:hi, :HEADER_SIZE])
                    headers = raw.view(HEADER_DTYPE).reshape(-1).copy()
                    headers["centroid_id"] = parts.assign(seg.vectors16[lo:hi])
                    base = (t.index << 48) | (seg.segment_no << 24)
                    self._write_headers(base + np.arange(lo, hi, dtype=np.int64), headers, {})
                    assigned += hi - lo
            self._ivf_lists.clear()
            self._maybe_checkpoint()
        took = time.perf_counter() - started
        return IvfReport(t.name, parts.generation, parts.nlist, assigned, took)

    def ivf_info(self) -> dict[str, dict[str, int]]:
        """The trained tiers: generation and number of partitions."""
        with self._lock:
            return {
                self._tier_by_index(i).name: {"generation": p.generation, "nlist": p.nlist}
                for i, p in self._ivf.items()
            }

    def _apply_ivf(self, lsn: int, parts: Partitions, *, applied: int) -> None:
        if lsn > applied:
            self._index.apply_ivf(lsn, parts.tier, parts.generation, parts.centroids)
        self._ivf[parts.tier] = parts

    def _load_ivf(self) -> None:
        self._ivf: dict[int, Partitions] = {}
        self._ivf_lists: dict[tuple[int, int], InvertedLists] = {}
        self._ivf_lists_lock = threading.Lock()
        for tier, gen, nlist, dim, blob in self._index.ivf_rows():
            if tier in self._by_index and dim == self.dim:
                c = np.frombuffer(blob, "<f4").reshape(nlist, dim).copy()
                self._ivf[tier] = Partitions(tier, gen, c)

    def _assign_partitions(self, chunk, unit: np.ndarray, headers: np.ndarray) -> None:
        """Write-time assignment: new records of a partitioned tier get their centroid id."""
        if not self._ivf:
            return
        by_tier: dict[int, list[int]] = {}
        for i, p in enumerate(chunk):
            if p.tier.index in self._ivf:
                by_tier.setdefault(p.tier.index, []).append(i)
        for tier, rows in by_tier.items():
            headers["centroid_id"][rows] = self._ivf[tier].assign(unit[rows])

    def _probes(self, tiers, q: np.ndarray, nprobe: int) -> dict[int, np.ndarray]:
        """The partitions an approximate recall probes, per partitioned tier (once per recall,
        not per segment)."""
        return {t.index: self._ivf[t.index].probe(q, nprobe) for t in tiers if t.index in self._ivf}

    def _probe_slots(
        self, tier, seg, n: int, q: np.ndarray, nprobe: int, probe: np.ndarray | None = None
    ) -> np.ndarray | None:
        """The slots of ``seg`` an approximate recall scans, or None (scan everything) when the
        tier is not partitioned."""
        parts = self._ivf.get(tier.index)
        if parts is None:
            return None
        key = (tier.index, seg.segment_no)
        cfg = self.config.ivf
        with self._ivf_lists_lock:
            lists = self._ivf_lists.get(key)
            stale = (
                lists is None
                or lists.generation != parts.generation
                or n - lists.covered > max(1_024, cfg.rebuild_fraction * lists.covered)
            )
            if stale:
                ids = np.ascontiguousarray(seg.records[:n, 32:34]).view("<u2").reshape(-1)
                lists = self._ivf_lists[key] = InvertedLists(ids, parts)
        slots = lists.slots(parts.probe(q, nprobe) if probe is None else probe)
        if lists.covered < n:  # written since the lists were built: scanned one by one
            slots = np.concatenate([slots, np.arange(lists.covered, n, dtype=np.int64)])
        return slots
