"""The write path of the engine: validation, embedding, enrichment, the log frame, and applying
it to segments and the index; and every change to a stored header (forget, reinforce, eviction)."""

from __future__ import annotations

import json
import logging
import uuid
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import NotFoundError, StorageError, ValidationError
from . import validation as v
from ._common import _now_ms, _segment_lsn
from .index import pack_loc
from .ivf import Partitions
from .options import MemoryInput
from .pipeline import TextFeatures
from .record import HEADER_DTYPE, HEADER_SIZE, Flag, make_flags, record_stride
from .scoring import reinforcement_gain
from .tiers import TierStore
from .walrecords import KIND_HEADERS, KIND_IVF, LOC_DTYPE, HeaderUpdate, RememberBatch

__all__ = ["WritePathMixin"]

log = logging.getLogger("engramdb.engine")


@dataclass
class _Prepared:
    text: str
    tier: TierStore
    tags: list[str]
    session_id: str | None
    timestamp_ms: int
    id: str
    source: str | None
    scope: str | None
    importance: float | None
    valence: float | None
    arousal: float | None
    pinned: bool
    vector: np.ndarray | None
    meta: dict[str, Any]


class WritePathMixin:
    """Part of :class:`engramdb.Engine` (see ``engine.py``); not used on its own."""

    def remember(
        self,
        text: str | bytes,
        *,
        tier: str | None = None,
        tags: Sequence[str] | None = None,
        session_id: str | None = None,
        timestamp_ms: int | None = None,
        id: str | None = None,
        source: str | None = None,
        scope: str | None = None,
        importance: float | None = None,
        valence: float | None = None,
        arousal: float | None = None,
        pinned: bool = False,
        vector: Any = None,
        meta: Mapping[str, Any] | None = None,
        kind: str | None = None,
    ) -> str:
        """Store one memory durably and return its id."""
        item = MemoryInput(
            text=text,
            tier=tier,
            tags=tags,  # type: ignore[arg-type]
            session_id=session_id,
            timestamp_ms=timestamp_ms,
            id=id,
            source=source,
            scope=scope,
            importance=importance,
            valence=valence,
            arousal=arousal,
            pinned=pinned,
            vector=vector,
            meta=dict(meta) if meta else None,
            kind=kind,
        )
        return self.remember_many([item])[0]

    def remember_many(self, items: Iterable[MemoryInput | Mapping[str, Any]]) -> list[str]:
        """Store many memories; all are validated before any is written. Each chunk of
        ``frame_records`` is one synced log frame (group commit)."""
        with self._flight_lock:  # the background reflector waits while writes go on
            self._writes_in_flight += 1
        try:
            ids = self._remember_many(items)
        finally:
            with self._flight_lock:
                self._writes_in_flight -= 1
        self._maybe_reflect(len(ids))
        return ids

    def _remember_many(self, items: Iterable[MemoryInput | Mapping[str, Any]]) -> list[str]:
        prepared = [self._prepare(item, i) for i, item in enumerate(items)]
        if not prepared:
            return []
        if len(prepared) > v.MAX_BATCH:
            raise ValidationError("items", f"{len(prepared)} items", limit=v.MAX_BATCH)
        ids = [p.id for p in prepared]
        self._check_ids(ids)
        vectors, feats = self._embed_and_describe(prepared)
        with self._lock:
            self._check_open()
            self._check_writable()
            self._check_ids(ids)  # again under the lock: another thread may have taken one
            step = max(1, self.config.frame_records)
            for start in range(0, len(prepared), step):
                stop = start + step
                self._write_chunk(
                    prepared[start:stop], vectors[start:stop], feats.slice(start, stop)
                )
            self._evict_if_needed({p.tier.name for p in prepared})
            self._maybe_checkpoint()
        return ids

    def validate(self, items: Iterable[MemoryInput | Mapping[str, Any]]) -> None:
        """Check items exactly as ``remember_many`` would, without writing anything: bad fields,
        ids repeated in the batch, ids already taken (forgotten ids stay taken)."""
        prepared = [self._prepare(item, i) for i, item in enumerate(items)]
        self._check_ids([p.id for p in prepared])

    def exists(self, id: str, *, include_forgotten: bool = False) -> bool:
        """Whether a memory with this id is stored (forgotten ones count when asked: their ids
        cannot be reused)."""
        v.check_id(id)
        with self._lock:
            self._check_open()
            return self._index.loc_of(id, include_deleted=include_forgotten) is not None

    def _check_ids(self, ids: list[str]) -> None:
        if len(set(ids)) != len(ids):
            dup = next(i for i, n in Counter(ids).items() if n > 1)
            raise ValidationError("id", f"{dup!r} appears twice in one batch")
        with self._lock:
            self._check_open()
            taken = self._index.existing_ids(ids)
        if taken:
            raise ValidationError(
                "id", f"already stored (ids of forgotten memories stay taken): {sorted(taken)[:5]}"
            )

    def _prepare(self, item: MemoryInput | Mapping[str, Any], i: int) -> _Prepared:
        if isinstance(item, Mapping):
            unknown = set(item) - set(MemoryInput.__dataclass_fields__)
            if unknown:
                raise ValidationError(f"items[{i}]", f"unknown fields {sorted(unknown)}")
            if "text" not in item:
                raise ValidationError(f"items[{i}].text", "is required")
            item = MemoryInput(**item)
        elif not isinstance(item, MemoryInput):
            raise ValidationError(f"items[{i}]", "must be a MemoryInput or a mapping")
        for name in ("tier", "kind"):
            value = getattr(item, name)
            if value is not None and not isinstance(value, str):
                raise ValidationError(name, f"must be a string, got {type(value).__name__}")
        if not isinstance(item.pinned, bool):
            raise ValidationError("pinned", f"must be true or false, got {item.pinned!r}")
        tier = self._router.route(item.tier, item.kind)
        pid = v.check_id(item.id) if item.id is not None else uuid.uuid4().hex
        importance = v.check_importance(item.importance)
        valence = v.check_unit(item.valence, "valence", -1.0, 1.0)
        arousal = v.check_unit(item.arousal, "arousal", 0.0, 1.0)
        if item.meta is not None and not isinstance(item.meta, Mapping):
            raise ValidationError("meta", "must be a mapping")
        meta = dict(item.meta or {})
        if meta:
            try:
                json.dumps(meta)
            except (TypeError, ValueError) as exc:
                raise ValidationError("meta", f"must be JSON-serialisable ({exc})") from None
        return _Prepared(
            text=v.check_text(item.text),
            tier=tier,
            tags=v.check_tags(item.tags),
            session_id=v.check_short(item.session_id, "session_id"),
            timestamp_ms=v.check_timestamp(item.timestamp_ms) or _now_ms(),
            id=pid,
            source=v.check_short(item.source, "source"),
            scope=v.check_short(item.scope, "scope"),
            importance=importance,
            valence=valence,
            arousal=arousal,
            pinned=item.pinned,
            vector=v.check_vector(item.vector, self.dim) if item.vector is not None else None,
            meta=meta,
        )

    def _vectors(self, prepared: list[_Prepared]) -> np.ndarray:
        out = np.empty((len(prepared), self.dim), dtype=np.float32)
        need = [i for i, p in enumerate(prepared) if p.vector is None]
        if need:
            emb = np.asarray(self.embedder.embed([prepared[i].text for i in need]), np.float32)
            if emb.shape != (len(need), self.dim) or not np.isfinite(emb).all():
                raise StorageError(
                    f"embedder {self.embedder.model_id!r} returned shape {emb.shape} "
                    f"or non-finite values for {len(need)} texts"
                )
            out[need] = emb
        for i, p in enumerate(prepared):
            if p.vector is not None:
                out[i] = p.vector
        return out

    def _embed_and_describe(self, prepared: list[_Prepared]) -> tuple[np.ndarray, TextFeatures]:
        """Embed in a worker thread (the tokenizer runs in Rust without the GIL) while this
        thread computes the text-only features."""
        # (small batches stay on this thread: handing over the GIL can cost a 5 ms switch
        # interval, more than the overlap saves)
        big = len(prepared) >= 256 and self._pool is not None
        future = self._pool.submit(self._vectors, prepared) if big else None
        feats = self._pipeline.text_features(
            [p.text for p in prepared],
            [p.tags for p in prepared],
            [p.valence for p in prepared],
            [p.arousal for p in prepared],
            [p.timestamp_ms for p in prepared],
        )
        vectors = future.result() if future is not None else self._vectors(prepared)
        return vectors, feats

    def _write_chunk(
        self,
        chunk: list[_Prepared],
        vectors: np.ndarray,
        feats: TextFeatures,
        link: Callable[[list[int]], HeaderUpdate] | None = None,
    ) -> None:
        """One log frame for ``chunk``; ``link`` (given the new memories' locations) adds header
        updates that must land in the same frame."""
        n = len(chunk)
        norms = np.linalg.norm(vectors, axis=1).astype(np.float32)
        unit = np.divide(
            vectors, norms[:, None], out=np.zeros_like(vectors), where=norms[:, None] > 0
        )
        importance, flash, novelty = self._pipeline.surprise_features(
            unit, [p.importance for p in chunk]
        )
        pinned = flash | np.array([p.pinned for p in chunk], dtype=bool)
        headers = np.zeros(n, dtype=HEADER_DTYPE)
        headers["header_version"] = 1
        headers["flags"] = [
            make_flags(p.tier.memory_type, *([Flag.PINNED] if pin else []))
            for p, pin in zip(chunk, pinned, strict=True)
        ]
        headers["valence"] = np.rint(np.clip(feats.valence, -1, 1) * 127)
        headers["arousal"] = np.rint(np.clip(feats.arousal, 0, 1) * 255)
        headers["importance"] = importance
        headers["timestamp_ms"] = [p.timestamp_ms for p in chunk]
        headers["exact_norm"] = norms
        headers["synaptic_tags"] = feats.blooms
        self._assign_partitions(chunk, unit, headers)
        records = np.empty((n, record_stride(self.dim)), dtype=np.uint8)
        records[:, :HEADER_SIZE] = headers.view(np.uint8).reshape(n, HEADER_SIZE)
        records[:, HEADER_SIZE:] = self.quantizer.encode(unit).view(np.uint8)
        locs = np.zeros(n, dtype=LOC_DTYPE)
        by_tier: dict[str, list[int]] = {}
        for i, p in enumerate(chunk):
            by_tier.setdefault(p.tier.name, []).append(i)
        for name, rows in by_tier.items():
            tier = self._router.get(name)
            segs, slots = tier.allocate(len(rows))
            locs["tier"][rows] = tier.index
            locs["segment"][rows] = segs
            locs["slot"][rows] = slots
        created = _now_ms()
        meta_rows = [
            {
                "id": p.id,
                "tier": p.tier.name,
                "text": p.text,
                "source": p.source,
                "tags": p.tags,
                "scope": p.scope,
                "session_id": p.session_id,
                "timestamp_ms": p.timestamp_ms,
                "created_ms": created,
                "meta": p.meta,
                "keyphrases": kp,
                "mentions": ments,
                "novelty": None if np.isnan(nov) else float(nov),
            }
            for p, kp, nov, ments in zip(
                chunk, feats.keyphrases, novelty, feats.mentions, strict=True
            )
        ]
        batch = RememberBatch(locs, records, unit.astype(np.float16), meta_rows)
        if link is not None:
            batch.updates = link([pack_loc(t, s, sl) for t, s, sl in locs.tolist()])
        self._log_and_apply(batch)

    def _log_and_apply(self, change: RememberBatch | HeaderUpdate | Partitions) -> None:
        self._check_writable()
        lsn = self._lsn + 1
        if isinstance(change, RememberBatch):
            kind = change.kind
            self._reserve(change)  # a full disk refuses the write here, before it is logged
        else:
            kind = KIND_IVF if isinstance(change, Partitions) else KIND_HEADERS
        self._wal.append(lsn, kind, change.encode())
        self._lsn = lsn
        try:
            if isinstance(change, RememberBatch):
                self._apply_remember(lsn, change, replay=False, applied=lsn - 1)
            elif isinstance(change, Partitions):
                self._apply_ivf(lsn, change, applied=lsn - 1)
            else:
                self._apply_headers(lsn, change, replay=False, applied=lsn - 1)
        except BaseException as exc:
            self._broken = exc
            raise

    def _reserve(self, batch: RememberBatch) -> None:
        for tier_idx, seg_no, rows in self._groups(batch.locs):
            slots = batch.locs["slot"][rows].astype(np.int64)
            self._tier_by_index(tier_idx).reserve(seg_no, slots)

    def _groups(self, locs: np.ndarray):
        keys = locs["tier"].astype(np.int64) << 32 | locs["segment"].astype(np.int64)
        for key in np.unique(keys):
            rows = np.nonzero(keys == key)[0]
            yield int(key >> 32), int(key & 0xFFFFFFFF), rows

    def _apply_remember(
        self, lsn: int, batch: RememberBatch, *, replay: bool, applied: int
    ) -> set[tuple[int, int]]:
        touched = set()
        for tier_idx, seg_no, rows in self._groups(batch.locs):
            tier = self._tier_by_index(tier_idx)
            if replay and _segment_lsn(tier, seg_no) >= lsn:
                continue
            slots = batch.locs["slot"][rows].astype(np.int64)
            if replay:  # (a reopen on a full disk: refused, not a SIGBUS)
                tier.reserve(seg_no, slots)
            tier.put(seg_no, slots, batch.records[rows], batch.vectors16[rows])
            touched.add((tier_idx, seg_no))
        if batch.updates is not None:
            touched |= self._put_headers(lsn, batch.updates, replay=replay)
        if lsn > applied:
            self._live_count += len(batch.rows)
            if not self._has_speakers:  # (the index keeps the same flag in its meta)
                self._has_speakers = any("speaker" in (r.get("meta") or {}) for r in batch.rows)
            locs = [pack_loc(t, s, sl) for t, s, sl in batch.locs.tolist()]
            unit = None if replay else batch.vectors16.astype(np.float32)
            steps = self._pipeline.steps(locs, batch.rows, unit)
            links = batch.updates.meta.get("links") if batch.updates is not None else None
            if links:
                steps.append(("hebbian-links", lambda: self._link(links)))
            self._index.apply_remember(lsn, locs, batch.rows, replay=replay, steps=steps)
        return touched

    def _put_headers(self, lsn: int, update: HeaderUpdate, *, replay: bool) -> set:
        touched = set()
        for tier_idx, seg_no, rows in self._groups(update.locs):
            tier = self._tier_by_index(tier_idx)
            if replay and _segment_lsn(tier, seg_no) >= lsn:
                continue
            slots = update.locs["slot"][rows].astype(np.int64)
            tier.put_headers(seg_no, slots, update.headers[rows])
            touched.add((tier_idx, seg_no))
        return touched

    def _apply_headers(
        self, lsn: int, update: HeaderUpdate, *, replay: bool, applied: int
    ) -> set[tuple[int, int]]:
        touched = self._put_headers(lsn, update, replay=replay)
        if lsn > applied:
            deleted = update.meta.get("deleted") or []
            self._live_count -= len(deleted)
            links = update.meta.get("links") or []
            steps = []
            if links:
                amount = float(update.meta.get("amount", 1.0))
                steps.append(("hebbian", lambda: self._link(links, amount)))
            coact = update.meta.get("coactivations") or []
            if coact:
                steps.append(("stdp", lambda: self._coactivation.update(coact)))
            self._index.apply_deleted(
                lsn, deleted, steps=steps, then=lambda: self._control.apply(update.meta)
            )
        return touched

    def _link(self, links: list[list[int]], amount: float = 1.0) -> None:
        self._pipeline.hebbian.strengthen_many([(a, b, ts) for a, b, ts in links], amount)

    def _tier_by_index(self, idx: int) -> TierStore:
        try:
            return self._by_index[idx]
        except KeyError:
            raise StorageError(
                f"{self.path}: the log names tier #{idx}, which is not registered; open the store "
                "with the same custom tiers it was written with"
            ) from None

    def _by_segment(self, locs: Sequence[int]):
        """(segment, positions in ``locs``, slots) for each segment the locations fall in."""
        arr = np.asarray(locs, dtype=np.int64)
        keys = arr >> 24
        for key in np.unique(keys):
            pos = np.nonzero(keys == key)[0]
            seg = self._tier_by_index(int(key >> 24)).segment(int(key & 0xFFFFFF))
            yield seg, pos, arr[pos] & 0xFFFFFF

    def _read_headers(self, locs: Sequence[int]) -> np.ndarray:
        out = np.zeros(len(locs), dtype=HEADER_DTYPE)
        for seg, pos, slots in self._by_segment(locs):
            raw = np.ascontiguousarray(seg.records[slots, :HEADER_SIZE])
            out[pos] = raw.view(HEADER_DTYPE).reshape(-1)
        return out

    def _vectors_of(self, locs: Sequence[int]) -> np.ndarray:
        """Float32 unit vectors of stored memories (from their float16 rescoring copies)."""
        out = np.zeros((len(locs), self.dim), dtype=np.float32)
        for seg, pos, slots in self._by_segment(locs):
            out[pos] = seg.vectors16[slots]
        return out

    def _write_headers(self, locs: Sequence[int], headers: np.ndarray, meta: dict) -> None:
        self._log_and_apply(self._header_update(locs, headers, meta))

    def _header_update(self, locs: Sequence[int], headers: np.ndarray, meta: dict) -> HeaderUpdate:
        packed = np.asarray(locs, dtype=np.int64)
        arr = np.zeros(len(packed), dtype=LOC_DTYPE)
        arr["tier"] = packed >> 48
        arr["segment"] = (packed >> 24) & 0xFFFFFF
        arr["slot"] = packed & 0xFFFFFF
        raw = np.ascontiguousarray(headers).view(np.uint8).reshape(len(locs), HEADER_SIZE)
        return HeaderUpdate(arr, raw, meta)

    def forget(self, id: str) -> bool:
        """Tombstone a memory: it is never recalled again. False if it was already forgotten."""
        with self._lock:
            loc, deleted = self._stored_loc(id)
            if deleted:
                return False
            self._forget_locs([loc])
            self._maybe_checkpoint()
            return True

    def purge(self, ids: Sequence[str]) -> int:
        """Forget memories for good: tombstone those still live, then remove every copy of
        their text the engine keeps: the index row's text, tags, keyphrases and metadata are
        blanked (the id stays taken), their entity mentions go (with entities nothing else
        mentions), the full-text index is merged so that no segment holds their words, and the
        log (whose frames hold the text) is checkpointed and emptied. Unknown ids are skipped;
        returns how many were purged."""
        with self._lock:
            self._check_open()
            locs, live = [], []
            for id in ids:
                found = self._index.loc_of(v.check_id(id), include_deleted=True)
                if found is not None:
                    locs.append(found[0])
                    if not found[1]:
                        live.append(found[0])
            if live:
                self._forget_locs(live)
            if locs:
                self._index.purge(locs)
                self._checkpoint()
                self._index.checkpoint(truncate=True)
            return len(locs)

    def _forget_locs(self, locs: list[int]) -> None:
        headers = self._read_headers(locs)
        headers["flags"] |= np.uint8(Flag.TOMBSTONE)
        self._write_headers(locs, headers, {"deleted": locs})

    def reinforce(self, id: str, strength: float = 1.0, *, now_ms: int | None = None) -> None:
        """An explicit recall by the agent: counts it and grows the storage strength, which
        slows the memory's decay; the harder the memory was to retrieve (the more it had
        faded), the more it grows (see :mod:`engramdb.engine.scoring`)."""
        v.check_id(id)
        gain = v.check_unit(strength, "strength", 0.0, 10.0) or 0.0
        with self._lock:
            self._check_open()
            found = self._index.loc_of(id)
            if found is None:
                raise NotFoundError(id)
            self._strengthen([found[0]], gain, now_ms, explicit=True)
            self._maybe_checkpoint()

    def mark_recalled(self, ids: Sequence[str], *, now_ms: int | None = None) -> None:
        """Passive reinforcement of memories a recall returned (what LEARN mode does): the
        passive counter, the time of it, and a smaller growth of storage strength."""
        with self._lock:
            self._check_open()
            locs = [f[0] for i in ids if (f := self._index.loc_of(v.check_id(i)))]
            if locs:
                self._strengthen(locs, self.config.passive_gain, now_ms, explicit=False)
                self._maybe_checkpoint()

    def associate(
        self, pairs: Sequence[tuple[str, str]], *, amount: float = 1.0, now_ms: int | None = None
    ) -> None:
        """Strengthen the Hebbian edge between each pair of memories (what co-recall does)."""
        now = now_ms if now_ms is not None else _now_ms()
        with self._lock:
            self._check_open()
            links = []
            for a, b in pairs:
                la, lb = self._index.loc_of(v.check_id(a)), self._index.loc_of(v.check_id(b))
                if la and lb and la[0] != lb[0]:
                    links.append([la[0], lb[0], now])
            if links:
                empty = np.zeros(0, dtype=HEADER_DTYPE)
                self._write_headers([], empty, {"links": links, "amount": amount})
                self._maybe_checkpoint()

    def coactivate(
        self, pairs: Sequence[tuple[str, str]], *, amount: float = 1.0, now_ms: int | None = None
    ) -> None:
        """STDP: each (earlier, later) pair of memories recalled in that order strengthens the
        directed weight earlier -> later and weakens later -> earlier (see ``stdp.py``)."""
        now = now_ms if now_ms is not None else _now_ms()
        amount = v.check_unit(amount, "amount", 0.0, 1.0)
        with self._lock:
            self._check_open()
            changes = []
            for a, b in pairs:
                la, lb = self._index.loc_of(v.check_id(a)), self._index.loc_of(v.check_id(b))
                if la and lb and la[0] != lb[0]:
                    changes.append([la[0], lb[0], amount, now])
            if changes:
                empty = np.zeros(0, dtype=HEADER_DTYPE)
                self._write_headers([], empty, {"coactivations": changes})
                self._maybe_checkpoint()

    def _stored_loc(self, id: str) -> tuple[int, bool]:
        """(location, forgotten) of an id ever stored; NotFoundError otherwise."""
        v.check_id(id)
        with self._lock:
            self._check_open()
            found = self._index.loc_of(id, include_deleted=True)
        if found is None:
            raise NotFoundError(id)
        return found

    def _strengthen(self, locs: list[int], gain: float, now_ms: int | None, *, explicit: bool):
        now = now_ms if now_ms is not None else _now_ms()
        headers = self._read_headers(locs)
        retention = self.config.decay.retention(
            now - headers["timestamp_ms"],
            headers["storage_strength"],
            headers["arousal"].astype(np.float32) / 255.0,
        )
        headers["storage_strength"] += reinforcement_gain(retention, gain)
        if explicit:
            headers["agent_recall_count"] += 1
        else:
            headers["spector_recall_cnt"] += 1
            headers["last_auto_ltp"] = now
        self._write_headers(locs, headers, {})

    def _evict_if_needed(self, tier_names: set[str]) -> None:
        for name in tier_names:
            tier = self._router.get(name)
            if tier.capacity is None:
                continue
            live = self._index.live_locs(name)
            n = tier.choose_evictions(len(live))
            if n <= 0:
                continue
            headers = self._read_headers(live)
            pinned = (headers["flags"] & np.uint8(Flag.PINNED)) != 0
            retention = self.config.decay.retention(
                _now_ms() - headers["timestamp_ms"],
                headers["storage_strength"],
                headers["arousal"].astype(np.float32) / 255.0,
            )
            strength = headers["importance"] * retention
            strength[pinned] = np.inf
            order = np.argsort(strength, kind="stable")[:n]
            victims = [live[i] for i in order if np.isfinite(strength[i])]
            if victims:
                log.debug("tier %s over capacity: evicting %d", name, len(victims))
                self._forget_locs(victims)
