"""Reflection as the engine carries it out: plan (see :mod:`.reflect`), then one atomic frame."""

from __future__ import annotations

import json
import logging

import numpy as np

from ._common import _now_ms
from .options import MemoryInput
from .record import HEADER_DTYPE, Flag
from .reflect import ReflectReport, gist_text, plan_consolidation
from .walrecords import HeaderUpdate

__all__ = ["ReflectionMixin"]

log = logging.getLogger("engramdb.engine")


class ReflectionMixin:
    """Part of :class:`engramdb.Engine` (see ``engine.py``); not used on its own."""

    def reflect(self, *, now_ms: int | None = None) -> ReflectReport:
        """Consolidate related episodes into semantic memories and prune weak working memories
        (see :mod:`engramdb.engine.reflect`). Runs by itself when due (``EngineConfig.reflect``)."""
        cfg = self.config.reflect
        now = now_ms if now_ms is not None else _now_ms()
        report = ReflectReport()
        with self._lock:
            self._check_open()
            self._router.get(cfg.source_tier)
            self._router.get(cfg.target_tier)
            rows = self._index.unconsolidated(cfg.source_tier, cfg.max_candidates)
            locs = [r[0] for r in rows]
            headers = self._read_headers(locs) if locs else np.zeros(0, HEADER_DTYPE)
            keep = ((headers["flags"] & np.uint8(Flag.CONSOLIDATED)) == 0) & (
                headers["importance"] >= cfg.min_importance
            )
            rows = [r for r, k in zip(rows, keep, strict=True) if k]
            headers = headers[keep]
            locs = [r[0] for r in rows]
            clusters = plan_consolidation(
                self._vectors_of(locs), np.array([r[2] for r in rows], dtype=np.int64), cfg
            )
            base = int(self._index.get_meta("centroid_seq") or 0)
            items: list[MemoryInput] = []
            for j, cl in enumerate(clusters):
                member_ids = [rows[i][1] for i in cl.members]
                items.append(
                    MemoryInput(
                        text=gist_text([rows[i][3] for i in cl.gist]),
                        tier=cfg.target_tier,
                        timestamp_ms=int(max(rows[i][2] for i in cl.members)),
                        source="consolidation",
                        importance=float(
                            min(10.0, 1.5 * float(np.mean(headers["importance"][cl.members])))
                        ),
                        meta={
                            "kind": "consolidation",
                            "derived_from": member_ids,
                            "cluster": (base + j) % 65535 + 1,
                            "cohesion": round(cl.cohesion, 4),
                        },
                    )
                )
                report.consolidated += member_ids
            if items:
                prepared = [self._prepare(item, i) for i, item in enumerate(items)]
                marks = [locs[i] for cl in clusters for i in cl.members]
                cids = [
                    it.meta["cluster"]
                    for it, cl in zip(items, clusters, strict=True)
                    for _ in cl.members
                ]
                hdr = self._read_headers(marks)
                hdr["flags"] |= np.uint8(Flag.CONSOLIDATED)
                hdr["centroid_id"] = cids

                def link(new_locs: list[int]) -> HeaderUpdate:
                    pairs = [
                        [new_locs[j], locs[i], now]
                        for j, cl in enumerate(clusters)
                        for i in cl.members
                    ]
                    return self._header_update(marks, hdr, {"links": pairs})

                # the gists, the marks on their sources and the links land in one frame
                vectors, feats = self._embed_and_describe(prepared)
                self._write_chunk(prepared, vectors, feats, link=link)
                report.created = [p.id for p in prepared]
                self._index.set_meta({"centroid_seq": str(base + len(clusters))})
            report.clusters = len(clusters)
            report.pruned = self._prune_working(now)
            self._index.set_meta(
                {"reflect_state": json.dumps({"writes": self._writes_total(), "time_ms": now})}
            )
            self._since_reflect = 0
            self._maybe_checkpoint()
        return report

    def _prune_working(self, now: int) -> list[str]:
        cfg = self.config.reflect
        live = self._index.live_locs("working")
        if not live:
            return []
        h = self._read_headers(live)
        retention = self.config.decay.retention(
            now - h["timestamp_ms"], h["storage_strength"], h["arousal"].astype(np.float32) / 255
        )
        weak = (
            (h["importance"] * retention < cfg.prune_below)
            & ((h["flags"] & np.uint8(Flag.PINNED)) == 0)
            & (now - h["timestamp_ms"] >= cfg.prune_min_age_ms)
        )
        victims = [loc for loc, w in zip(live, weak, strict=True) if w]
        if not victims:
            return []
        ids = [r["id"] for r in self._index.rows_by_loc(victims).values()]
        self._forget_locs(victims)
        return ids

    def _writes_total(self) -> int:
        return self._index.count() + self._index.count(deleted=True)

    def _maybe_reflect(self, written: int) -> None:
        cfg = self.config.reflect
        if written <= 0 or (cfg.every_writes is None and cfg.every_ms is None):
            return
        with self._lock:
            self._since_reflect += written
            due = cfg.every_writes is not None and self._since_reflect >= cfg.every_writes
            if cfg.every_ms is not None:
                due |= _now_ms() - self._last_reflect_ms >= cfg.every_ms
            if due:
                try:
                    self.reflect()
                except Exception:  # the writes stand; reflection is retried next time
                    log.warning("automatic reflection failed", exc_info=True)
