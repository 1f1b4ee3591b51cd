"""Reflection as the engine carries it out: plan (see :mod:`.reflect`), then one atomic frame."""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter

import numpy as np

from ._blas import single_threaded_blas
from ._common import _now_ms
from .options import MemoryInput
from .pipeline import TextFeatures
from .record import Flag
from .reflect import ReflectReport, gist_text, plan_consolidation
from .tags import bloom64
from .validation import MAX_TAG_CHARS
from .walrecords import HeaderUpdate

__all__ = ["ReflectionMixin"]

log = logging.getLogger("engramdb.engine")


class ReflectionMixin:
    """Part of :class:`engramdb.Engine` (see ``engine.py``); not used on its own."""

    def reflect(self, *, now_ms: int | None = None) -> ReflectReport:
        """Consolidate the episodes written since the last reflection into semantic memories
        (window by window) and prune weak working memories (see
        :mod:`engramdb.engine.reflect`). Runs by itself when due (``EngineConfig.reflect``)."""
        cfg = self.config.reflect
        now = now_ms if now_ms is not None else _now_ms()
        report = ReflectReport()
        with self._lock:
            self._check_open()
            self._router.get(cfg.source_tier)
            self._router.get(cfg.target_tier)
            self._since_reflect = 0
        while not self._reflect_window(now, report):
            if self._stop_reflecting.is_set():
                break
        with self._lock:
            self._check_open()
            report.pruned = self._prune_working(now)
            self._last_reflect_ms = now
            self._index.set_meta({"reflect_time_ms": str(now)})
            self._maybe_checkpoint()
        return report

    def _reflect_window(self, now: int, report: ReflectReport) -> bool:
        """Consolidate the next window of episodes; True when there was none left. Each window
        holds the lock on its own, so writes interleave with a long backlog."""
        cfg = self.config.reflect
        with self._lock:
            self._check_open()
            mark = int(self._index.get_meta("reflected_seq") or 0)
            rows = self._index.written_after(cfg.source_tier, mark, cfg.max_candidates)
            if not rows:
                return True
            locs = [r[0] for r in rows]
            headers = self._read_headers(locs)
            keep = ((headers["flags"] & np.uint8(Flag.CONSOLIDATED)) == 0) & (
                headers["importance"] >= cfg.min_importance
            )
            kept = [r for r, k in zip(rows, keep, strict=True) if k]
            headers = headers[keep]
            with single_threaded_blas():  # see _blas.py: idle BLAS threads spin on 2 cores
                clusters = plan_consolidation(
                    self._vectors_of([r[0] for r in kept]),
                    np.array([r[2] for r in kept], dtype=np.int64),
                    cfg,
                )
            if clusters:
                self._consolidate(clusters, kept, headers, now, report)
            report.clusters += len(clusters)
            # the watermark moves after the window's frame: a crash re-reflects this window,
            # where the consolidated flags keep its gists from being written twice
            self._index.set_meta({"reflected_seq": str(rows[-1][3])})
            return len(rows) < cfg.max_candidates

    def _consolidate(self, clusters, rows, headers, now: int, report: ReflectReport) -> None:
        """Write one gist per cluster, mark and link its sources: a single log frame. A gist's
        features come from its sources (their keyphrases as tags, their mean affect, their
        entities), not from extracting its text again."""
        cfg = self.config.reflect
        locs = [r[0] for r in rows]
        members = sorted({locs[i] for cl in clusters for i in cl.members})
        texts = self._index.rows_by_loc(members)
        mentions = self._pipeline.entities.mentions_of(members)
        base = int(self._index.get_meta("centroid_seq") or 0)
        items: list[MemoryInput] = []
        for j, cl in enumerate(clusters):
            src = [locs[i] for i in cl.members]
            counts = Counter(p for loc in src for p in texts[loc]["keyphrases"])
            items.append(
                MemoryInput(
                    text=gist_text([texts[locs[i]]["text"] for i in cl.gist]),
                    tier=cfg.target_tier,
                    # (a keyphrase may be one long token: only those a tag may be are kept)
                    tags=[p for p, _ in counts.most_common(20) if len(p) <= MAX_TAG_CHARS][:10],
                    timestamp_ms=int(max(rows[i][2] for i in cl.members)),
                    source="consolidation",
                    importance=float(
                        min(10.0, 1.5 * float(np.mean(headers["importance"][cl.members])))
                    ),
                    valence=float(np.mean(headers["valence"][cl.members])) / 127.0,
                    arousal=float(np.mean(headers["arousal"][cl.members])) / 255.0,
                    meta={
                        "kind": "consolidation",
                        "derived_from": [rows[i][1] for i in cl.members],
                        "cluster": (base + j) % 65535 + 1,
                        "cohesion": round(cl.cohesion, 4),
                    },
                )
            )
            report.consolidated += [rows[i][1] for i in cl.members]
        prepared = [self._prepare(item, i) for i, item in enumerate(items)]
        feats = TextFeatures(
            blooms=np.array([bloom64(p.tags) for p in prepared], dtype=np.uint64),
            keyphrases=[[] for _ in prepared],
            valence=np.array([p.valence for p in prepared], dtype=np.float32),
            arousal=np.array([p.arousal for p in prepared], dtype=np.float32),
            mentions=[
                sorted({m for i in cl.members for m in mentions.get(locs[i], ())})
                for cl in clusters
            ],
        )
        marks = [locs[i] for cl in clusters for i in cl.members]
        hdr = self._read_headers(marks)
        hdr["flags"] |= np.uint8(Flag.CONSOLIDATED)
        hdr["centroid_id"] = [
            it.meta["cluster"] for it, cl in zip(items, clusters, strict=True) for _ in cl.members
        ]

        def link(new_locs: list[int]) -> HeaderUpdate:
            pairs = [
                [new_locs[j], locs[i], now] for j, cl in enumerate(clusters) for i in cl.members
            ]
            return self._header_update(marks, hdr, {"links": pairs})

        self._write_chunk(prepared, self._vectors(prepared), feats, link=link)
        report.created = [p.id for p in prepared]
        self._index.set_meta({"centroid_seq": str(base + len(clusters))})

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

    # -- scheduling ---------------------------------------------------------------------------
    def _maybe_reflect(self, written: int) -> None:
        """After a write: reflect now (``background=False``), or tell the background thread."""
        cfg = self.config.reflect
        if written <= 0 or (cfg.every_writes is None and cfg.every_ms is None):
            return
        with self._lock:
            self._since_reflect += written
            self._last_write = time.monotonic()
            due = self._reflection_due()
        if not due:
            return
        if cfg.background:
            self._wake_reflector.set()
            return
        try:
            self.reflect()
        except Exception:  # the writes stand; reflection is retried next time
            log.warning("automatic reflection failed", exc_info=True)

    def _reflection_due(self) -> bool:
        cfg = self.config.reflect
        due = cfg.every_writes is not None and self._since_reflect >= cfg.every_writes
        if cfg.every_ms is not None:
            due |= self._since_reflect > 0 and _now_ms() - self._last_reflect_ms >= cfg.every_ms
        return due

    def _start_reflector(self) -> None:
        self._stop_reflecting = threading.Event()
        self._wake_reflector = threading.Event()
        self._last_write = time.monotonic()
        self._reflector: threading.Thread | None = None
        cfg = self.config.reflect
        if cfg.background and (cfg.every_writes is not None or cfg.every_ms is not None):
            self._reflector = threading.Thread(
                target=self._reflector_loop, name="engramdb-reflect", daemon=True
            )
            self._reflector.start()

    def _reflector_loop(self) -> None:
        cfg = self.config.reflect
        idle = cfg.idle_ms / 1000.0
        tick = min(1.0, cfg.every_ms / 1000.0) if cfg.every_ms else 1.0
        stop = self._stop_reflecting
        while not stop.is_set():
            self._wake_reflector.wait(timeout=tick)
            self._wake_reflector.clear()
            with self._lock:
                due = not self._closed and self._reflection_due()
            if not due:
                continue
            # sleep on it: wait for the writes to pause, unless the backlog grows too long
            while not stop.is_set():
                quiet = time.monotonic() - self._last_write
                if self._writes_in_flight:
                    quiet = 0.0  # a write is going on: not idle, however long it takes
                if quiet >= idle or self._since_reflect >= cfg.max_backlog:
                    break
                stop.wait(idle - quiet)
            if stop.is_set():
                break
            try:
                self.reflect()
            except Exception:
                if not stop.is_set():
                    log.warning("background reflection failed", exc_info=True)

    def _stop_reflector(self) -> None:
        self._stop_reflecting.set()
        self._wake_reflector.set()
        if self._reflector is not None and self._reflector is not threading.current_thread():
            self._reflector.join()
