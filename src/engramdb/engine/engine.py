"""The ``Engine`` façade: the one entry point of the cognitive engine.

Write path (``remember_many``): validate everything, embed, quantize, build headers, route to
tiers, then one log frame per chunk (synced: the group commit), then apply to segments and to the
SQLite index. Read path (``recall``): embed the query, scan every segment in compiled code
(threads over segments), rescore the best candidates with their float16 vectors, rank them with
the cognitive score, and read their texts from the index.

On open the engine recovers by itself: it replays the log past what SQLite and each segment hold,
verifies the checksums of everything the log did not touch, and checkpoints.
"""

from __future__ import annotations

import base64
import json
import logging
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..embed.base import Embedder
from ..embed.factory import embedder_for_model_id, get_embedder
from ..errors import (
    ConfigError,
    EmbedderMismatchError,
    NotFoundError,
    StorageError,
    ValidationError,
)
from . import validation as v
from .calibration import calibration_texts
from .index import MemoryIndex, pack_loc, unpack_loc
from .lexical import fts_query
from .lock import ProcessLock
from .options import MemoryInput, MemoryRecord, RecallHit, RecallOptions
from .pipeline import IngestConfig, IngestionPipeline
from .quantizer import ScalarQuantizer
from .record import (
    HEADER_DTYPE,
    HEADER_SIZE,
    Flag,
    get_memory_type,
    has_flag,
    make_flags,
    record_stride,
)
from .reflect import ReflectConfig, ReflectReport, gist_text, plan_consolidation
from .scan import dot_scan, top_candidates
from .scoring import (
    DECAY_PRESETS,
    DecayTable,
    ScoreWeights,
    reinforcement_gain,
    score_candidates,
)
from .tiers import DEFAULT_SEGMENT_CAPACITY, BaseTierStore, TierRouter, TierStore
from .wal import WriteAheadLog
from .walrecords import (
    KIND_HEADERS,
    KIND_REMEMBER,
    KIND_REMEMBER_LINKED,
    LOC_DTYPE,
    HeaderUpdate,
    RememberBatch,
)

__all__ = ["Engine", "EngineConfig"]

log = logging.getLogger("engramdb.engine")

FORMAT_VERSION = "1"


@dataclass(frozen=True)
class EngineConfig:
    """How an engine behaves; every field has a working default."""

    #: Records per segment file before a tier grows a new one.
    segment_capacity: int = DEFAULT_SEGMENT_CAPACITY
    #: Checkpoint (sync segments, empty the log) once the log holds this many bytes.
    checkpoint_bytes: int = 64 << 20
    #: Records per log frame inside one ``remember_many`` call.
    frame_records: int = 4_096
    #: ``fdatasync`` every log frame before acknowledging. Turn off only for a bulk load that
    #: can be redone: a power loss may then lose acknowledged writes (a kill -9 still does not).
    sync: bool = True
    #: Threads for segment scans.
    scan_threads: int = 2
    #: Verify every segment's checksum on open.
    verify_on_open: bool = True
    decay: DecayTable = field(default_factory=lambda: DECAY_PRESETS["default"])
    weights: ScoreWeights = field(default_factory=ScoreWeights)
    #: Storage-strength gain of a passive recall (an explicit ``reinforce`` defaults to 1).
    passive_gain: float = 0.25
    #: The cognitive ingestion steps (tags, affect, surprise, Hebbian, entities).
    ingest: IngestConfig = field(default_factory=IngestConfig)
    #: When and how reflection consolidates episodes and prunes working memory.
    reflect: ReflectConfig = field(default_factory=ReflectConfig)


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


class Engine:
    """An open store. Use :meth:`open`; close it (or use ``with``) to checkpoint and unlock."""

    def __init__(
        self, path: Path, embedder: Embedder | str | None, router: TierRouter, config: EngineConfig
    ):
        self.path = path
        self._embedder_spec = embedder
        self.embedder: Embedder
        self.config = config
        self._router = router
        self._lock = threading.RLock()
        self._plock = ProcessLock(path)
        self._closed = True
        self._broken: BaseException | None = None
        self._lsn = 0
        self._pool: ThreadPoolExecutor | None = None

    # ------------------------------------------------------------------ opening and closing
    @classmethod
    def open(
        cls,
        path: str | Path,
        *,
        embedder: Embedder | str | None = None,
        tiers: Sequence[TierStore] | None = None,
        config: EngineConfig | None = None,
    ) -> Engine:
        """Open (or create) the store in directory ``path``.

        ``embedder`` (an :class:`Embedder` or a spec such as ``"hashing"``) defaults to the
        store's own model when the store exists and its model can be rebuilt offline, and to the
        shipped static model for a new store. A store remembers the model it was created with
        and refuses another. ``tiers`` adds tiers to the four built-in ones, or
        replaces the built-in tier of the same name.
        """
        path = Path(path)
        path.mkdir(parents=True, exist_ok=True)
        config = config or EngineConfig()
        router = TierRouter()
        for tier in tiers or ():
            router.register(tier, replace=True)
        for tier in router:
            if (
                isinstance(tier, BaseTierStore)
                and tier.segment_capacity == DEFAULT_SEGMENT_CAPACITY
            ):
                tier.segment_capacity = config.segment_capacity
        engine = cls(path, embedder, router, config)
        engine._plock.acquire()
        try:
            engine._open()
        except BaseException:
            engine._release()
            raise
        return engine

    def _open(self) -> None:
        self._index = MemoryIndex(self.path / "index.db")
        stored = self._index.get_meta("embedder_model")
        self.embedder = emb = self._resolve_embedder(stored)
        if stored is None:
            sample = emb.embed(calibration_texts())
            quantizer = ScalarQuantizer.calibrate(sample)
            self._index.set_meta(
                {
                    "format_version": FORMAT_VERSION,
                    "embedder_model": emb.model_id,
                    "dim": str(emb.dim),
                    "quantizer": base64.b64encode(quantizer.to_bytes()).decode(),
                    "created_ms": str(_now_ms()),
                    "applied_lsn": "0",
                }
            )
        else:
            dim = int(self._index.get_meta("dim") or 0)
            if stored != emb.model_id or dim != emb.dim:
                raise EmbedderMismatchError(str(self.path), stored, dim, emb.model_id, emb.dim)
            quantizer = ScalarQuantizer.from_bytes(
                base64.b64decode(self._index.get_meta("quantizer") or ""), dim
            )
        self.quantizer = quantizer
        self.dim = emb.dim
        tier_ids: dict[str, int] = json.loads(self._index.get_meta("tiers") or "{}")
        for tier in self._router:
            if tier.name not in tier_ids:
                tier_ids[tier.name] = max(tier_ids.values(), default=-1) + 1
        self._index.set_meta({"tiers": json.dumps(tier_ids)})
        self._by_index: dict[int, TierStore] = {}
        for tier in self._router:
            idx = tier_ids[tier.name]
            tier.attach(self.path / "segments" / tier.name, self.dim, quantizer.to_bytes(), idx)
            self._by_index[idx] = tier
        self._tier_ids = tier_ids
        self._wal = WriteAheadLog(self.path / "wal.log", sync=self.config.sync)
        self._pipeline = IngestionPipeline(self._index, self.dim, self.config.ingest)
        self._recover()
        recent = self._index.recent_locs(self.config.ingest.surprise.window)
        if recent:
            self._pipeline.seed_recent(self._vectors_of(recent))
        state = json.loads(self._index.get_meta("reflect_state") or "{}")
        self._since_reflect = self._writes_total() - int(state.get("writes", 0))
        self._last_reflect_ms = int(state.get("time_ms", _now_ms()))
        self._pool = ThreadPoolExecutor(max(1, self.config.scan_threads), "engramdb-scan")
        self._closed = False

    def _resolve_embedder(self, stored: str | None) -> Embedder:
        spec = self._embedder_spec
        if spec is not None or stored is None:
            return get_embedder(spec)
        own = embedder_for_model_id(stored)
        if own is None:
            raise ConfigError(
                f"store {self.path} was written with embedder {stored!r}, which cannot be "
                "rebuilt from its id alone; pass the same embedder to Engine.open(embedder=...)"
            )
        return own

    def _recover(self) -> None:
        frames = self._wal.read_frames()
        applied = int(self._index.get_meta("applied_lsn") or 0)
        touched: set[tuple[int, int]] = set()
        top = applied
        for frame in frames:
            top = max(top, frame.lsn)
            if frame.kind in (KIND_REMEMBER, KIND_REMEMBER_LINKED):
                batch = (
                    RememberBatch.decode(frame.payload)
                    if frame.kind == KIND_REMEMBER
                    else RememberBatch.decode_linked(frame.payload)
                )
                touched |= self._apply_remember(frame.lsn, batch, replay=True, applied=applied)
            elif frame.kind == KIND_HEADERS:
                update = HeaderUpdate.decode(frame.payload)
                touched |= self._apply_headers(frame.lsn, update, replay=True, applied=applied)
            else:
                raise StorageError(f"{self._wal.path}: unknown frame kind {frame.kind}")
        for tier in self._router:
            for seg in tier.segments():
                top = max(top, seg.checkpoint_lsn)
                if self.config.verify_on_open and (tier.index, seg.segment_no) not in touched:
                    seg.verify()
        self._lsn = top
        if frames:
            log.info("%s: replayed %d log frames", self.path, len(frames))
            self._checkpoint()

    def close(self) -> None:
        """Checkpoint, close every file and release the write lock."""
        with self._lock:
            if self._closed:
                return
            try:
                if self._broken is None:
                    self._checkpoint()
            finally:
                self._closed = True
                if self._pool is not None:
                    self._pool.shutdown(wait=True)
                for tier in self._router:
                    tier.close()
                self._wal.close()
                self._index.close()
                self._release()

    def _release(self) -> None:
        self._plock.release()

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _check_open(self) -> None:
        if self._closed:
            raise StorageError(f"store {self.path} is closed")
        if self._broken is not None:
            raise StorageError(
                f"store {self.path} stopped after a failed write ({self._broken}); "
                "reopen it to recover from its log"
            )

    # ------------------------------------------------------------------ checkpoints
    def checkpoint(self) -> None:
        """Sync segments and the index, then empty the log."""
        with self._lock:
            self._check_open()
            self._checkpoint()

    def _checkpoint(self) -> None:
        lsn = self._lsn
        for tier in self._router:
            tier.checkpoint(lsn)
        self._index.checkpoint()
        self._wal.reset()

    def _maybe_checkpoint(self) -> None:
        if self._wal.size >= self.config.checkpoint_bytes:
            self._checkpoint()

    # ------------------------------------------------------------------ writing
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
        ids = self._remember_many(items)
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
        vectors = self._vectors(prepared)
        with self._lock:
            self._check_open()
            self._check_ids(ids)  # again under the lock: another thread may have taken one
            step = max(1, self.config.frame_records)
            for start in range(0, len(prepared), step):
                self._write_chunk(prepared[start : start + step], vectors[start : start + step])
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

    def _write_chunk(
        self,
        chunk: list[_Prepared],
        vectors: np.ndarray,
        link: Callable[[list[int]], HeaderUpdate] | None = None,
    ) -> None:
        """One log frame for ``chunk``; ``link`` (given the new memories' locations) adds header
        updates that must land in the same frame."""
        n = len(chunk)
        norms = np.linalg.norm(vectors, axis=1).astype(np.float32)
        unit = np.divide(
            vectors, norms[:, None], out=np.zeros_like(vectors), where=norms[:, None] > 0
        )
        rich = self._pipeline.enrich(
            [p.text for p in chunk],
            [p.tags for p in chunk],
            unit,
            [p.importance for p in chunk],
            [p.valence for p in chunk],
            [p.arousal for p in chunk],
        )
        pinned = rich.pinned | np.array([p.pinned for p in chunk], dtype=bool)
        headers = np.zeros(n, dtype=HEADER_DTYPE)
        headers["header_version"] = 1
        headers["flags"] = [
            make_flags(p.tier.memory_type, *([Flag.PINNED] if pin else []))
            for p, pin in zip(chunk, pinned, strict=True)
        ]
        headers["valence"] = np.rint(np.clip(rich.valence, -1, 1) * 127)
        headers["arousal"] = np.rint(np.clip(rich.arousal, 0, 1) * 255)
        headers["importance"] = rich.importance
        headers["timestamp_ms"] = [p.timestamp_ms for p in chunk]
        headers["exact_norm"] = norms
        headers["synaptic_tags"] = rich.blooms
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
                "novelty": None if np.isnan(nov) else float(nov),
            }
            for p, kp, nov in zip(chunk, rich.keyphrases, rich.novelty, strict=True)
        ]
        batch = RememberBatch(locs, records, unit.astype(np.float16), meta_rows)
        if link is not None:
            batch.updates = link([pack_loc(t, s, sl) for t, s, sl in locs.tolist()])
        self._log_and_apply(batch)

    def _log_and_apply(self, change: RememberBatch | HeaderUpdate) -> None:
        lsn = self._lsn + 1
        kind = change.kind if isinstance(change, RememberBatch) else KIND_HEADERS
        self._wal.append(lsn, kind, change.encode())
        self._lsn = lsn
        try:
            if isinstance(change, RememberBatch):
                self._apply_remember(lsn, change, replay=False, applied=lsn - 1)
            else:
                self._apply_headers(lsn, change, replay=False, applied=lsn - 1)
        except BaseException as exc:
            self._broken = exc
            raise

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
            tier.put(seg_no, slots, batch.records[rows], batch.vectors16[rows])
            touched.add((tier_idx, seg_no))
        if batch.updates is not None:
            touched |= self._put_headers(lsn, batch.updates, replay=replay)
        if lsn > applied:
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
            links = update.meta.get("links") or []
            steps = []
            if links:
                steps.append(("hebbian", lambda: self._link(links)))
            self._index.apply_deleted(lsn, deleted, steps=steps)
        return touched

    def _link(self, links: list[list[int]]) -> None:
        for a, b, ts in links:
            self._pipeline.hebbian.strengthen([(a, b)], now_ms=ts)

    def _tier_by_index(self, idx: int) -> TierStore:
        try:
            return self._by_index[idx]
        except KeyError:
            raise StorageError(
                f"{self.path}: the log names tier #{idx}, which is not registered; open the store "
                "with the same custom tiers it was written with"
            ) from None

    # ------------------------------------------------------------------ header changes
    def _read_headers(self, locs: Sequence[int]) -> np.ndarray:
        out = np.zeros(len(locs), dtype=HEADER_DTYPE)
        for i, loc in enumerate(locs):
            t, s, sl = unpack_loc(loc)
            seg = self._tier_by_index(t).segment(s)
            out[i] = np.ascontiguousarray(seg.records[sl, :HEADER_SIZE]).view(HEADER_DTYPE)[0]
        return out

    def _vectors_of(self, locs: Sequence[int]) -> np.ndarray:
        """Float32 unit vectors of stored memories (from their float16 rescoring copies)."""
        out = np.zeros((len(locs), self.dim), dtype=np.float32)
        for i, loc in enumerate(locs):
            t, s, sl = unpack_loc(loc)
            out[i] = self._tier_by_index(t).segment(s).vectors16[sl]
        return out

    def _write_headers(self, locs: Sequence[int], headers: np.ndarray, meta: dict) -> None:
        self._log_and_apply(self._header_update(locs, headers, meta))

    def _header_update(self, locs: Sequence[int], headers: np.ndarray, meta: dict) -> HeaderUpdate:
        arr = np.zeros(len(locs), dtype=LOC_DTYPE)
        for i, loc in enumerate(locs):
            arr[i] = unpack_loc(loc)
        raw = np.ascontiguousarray(headers).view(np.uint8).reshape(len(locs), HEADER_SIZE)
        return HeaderUpdate(arr, raw, meta)

    def forget(self, id: str) -> bool:
        """Tombstone a memory: it is never recalled again. False if it was already forgotten."""
        v.check_id(id)
        with self._lock:
            self._check_open()
            found = self._index.loc_of(id, include_deleted=True)
            if found is None:
                raise NotFoundError(id)
            loc, deleted = found
            if deleted:
                return False
            self._forget_locs([loc])
            self._maybe_checkpoint()
            return True

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

    # ------------------------------------------------------------------ reflection
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
            keep = (headers["flags"] & np.uint8(Flag.CONSOLIDATED)) == 0
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
                self._write_chunk(prepared, self._vectors(prepared), link=link)
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

    # ------------------------------------------------------------------ associations
    def associations(self, id: str, *, now_ms: int | None = None) -> list[tuple[str, float]]:
        """Hebbian neighbours of a memory with their current (decayed) weights, strongest
        first."""
        loc = self._live_loc(id)
        with self._lock:
            found = self._pipeline.hebbian.neighbors([loc], now_ms or _now_ms())[loc]
            rows = self._index.rows_by_loc([o for o, _ in found])
        pairs = [(rows[o]["id"], w) for o, w in found if o in rows and not rows[o]["deleted"]]
        return sorted(pairs, key=lambda p: -p[1])

    def session_neighbors(self, id: str, hops: int = 3) -> tuple[list[str], list[str]]:
        """The memories before and after this one in its session (nearest first)."""
        loc = self._live_loc(id)
        with self._lock:
            back = self._pipeline.temporal.follow(loc, hops, forward=False)
            fwd = self._pipeline.temporal.follow(loc, hops, forward=True)
            rows = self._index.rows_by_loc(back + fwd)
        return [rows[x]["id"] for x in back], [rows[x]["id"] for x in fwd]

    def entities_of(self, id: str) -> list[dict[str, Any]]:
        """Entities (names, dates, known names) this memory mentions."""
        loc = self._live_loc(id)
        with self._lock:
            found = self._pipeline.entities.entities_of(loc)
        return [{"key": k, "kind": kind, "name": name} for _, k, kind, name in found]

    def entity_memories(self, name: str, *, hops: int = 0) -> list[str]:
        """Ids of live memories that mention an entity (by name or ISO date), or, with
        ``hops``, entities linked to it by co-occurrence."""
        key = " ".join(name.casefold().split())
        with self._lock:
            self._check_open()
            eids = self._pipeline.entities.find(key)
            if hops:
                eids = list(self._pipeline.entities.related(eids, hops))
            locs = self._pipeline.entities.memories_of(eids)
            rows = self._index.rows_by_loc(locs)
        return [rows[x]["id"] for x in sorted(locs, key=lambda x: rows[x]["seq"])]

    def _live_loc(self, id: str) -> int:
        v.check_id(id)
        with self._lock:
            self._check_open()
            found = self._index.loc_of(id)
        if found is None:
            raise NotFoundError(id)
        return found[0]

    # ------------------------------------------------------------------ reading
    def get(self, id: str) -> MemoryRecord:
        """The stored memory with this id (``NotFoundError`` if unknown or forgotten)."""
        v.check_id(id)
        with self._lock:
            self._check_open()
            found = self._index.loc_of(id)
            if found is None:
                raise NotFoundError(id)
            row = self._index.rows_by_loc([found[0]])[found[0]]
            h = self._read_headers([found[0]])[0]
        return _record(row, h)

    def recall(self, query: str | Any, options: RecallOptions | None = None) -> list[RecallHit]:
        """The ``k`` memories that best answer ``query`` (a text, or a vector of the store's
        dimension), ranked by the cognitive score."""
        opts = options or RecallOptions()
        k = v.check_k(opts.k)
        if isinstance(query, str | bytes):
            qtext = v.check_text(query, "query")
            q = np.asarray(self.embedder.embed([qtext])[0], dtype=np.float32)
        else:
            q = v.check_vector(query, self.dim, "query")
        norm = float(np.linalg.norm(q))
        if norm == 0.0:
            return []
        q = q / norm
        tiers = [self._router.get(t) for t in opts.tiers] if opts.tiers else list(self._router)
        with self._lock:
            self._check_open()
            work = [(t, seg, seg.count) for t in tiers for seg in t.segments() if seg.count]
        qcodes, _ = self.quantizer.encode_query(q)
        pool_size = max(opts.candidates, k)

        def scan(job):
            tier, seg, n = job
            scores = dot_scan(
                seg.records,
                n,
                qcodes,
                min_ts=opts.min_timestamp_ms,
                max_ts=opts.max_timestamp_ms,
            )
            best = top_candidates(scores, pool_size)
            return tier, seg, best, scores[best]

        if len(work) > 1 and self._pool is not None:
            results = list(self._pool.map(scan, work))
        else:
            results = [scan(j) for j in work]
        cands = [
            (t, s, slot, sc)
            for t, s, best, scs in results
            for slot, sc in zip(best, scs, strict=True)
        ]
        if not cands:
            return []
        approx = np.array([c[3] for c in cands], dtype=np.float32)
        keep = top_candidates(approx, pool_size)
        chosen = [cands[i] for i in keep]
        sims = np.empty(len(chosen), dtype=np.float32)
        headers = np.empty(len(chosen), dtype=HEADER_DTYPE)
        for i, (_, seg, slot, _) in enumerate(chosen):
            sims[i] = seg.vectors16[slot].astype(np.float32) @ q
            headers[i] = np.ascontiguousarray(seg.records[slot, :HEADER_SIZE]).view(HEADER_DTYPE)[0]
        now = opts.now_ms if opts.now_ms is not None else _now_ms()
        total, parts = score_candidates(
            sims,
            headers["importance"],
            headers["timestamp_ms"],
            headers["storage_strength"],
            (headers["flags"] & np.uint8(Flag.PINNED)) != 0,
            now,
            self.config.weights,
            self.config.decay,
            headers["arousal"].astype(np.float32) / 255.0,
        )
        order = np.argsort(-total, kind="stable")
        locs = [
            pack_loc(chosen[i][0].index, chosen[i][1].segment_no, int(chosen[i][2]))
            for i in order[: k * 2]
        ]
        with self._lock:
            rows = self._index.rows_by_loc(locs)
        hits: list[RecallHit] = []
        for rank_i, loc in zip(order, locs, strict=False):
            row = rows.get(loc)
            if row is None or row["deleted"]:
                continue
            hits.append(
                RecallHit(
                    id=row["id"],
                    text=row["text"],
                    score=float(total[rank_i]),
                    similarity=float(sims[rank_i]),
                    tier=row["tier"],
                    timestamp_ms=int(row["timestamp_ms"]),
                    session_id=row["session_id"],
                    tags=row["tags"],
                    meta=row["meta"],
                    explain={n: float(p[rank_i]) for n, p in parts.items()}
                    if opts.explain
                    else None,
                )
            )
            if len(hits) == k:
                break
        return hits

    def search_text(self, query: str, k: int = 10) -> list[tuple[str, float]]:
        """BM25 (FTS5, porter stemming) over live memories: (id, bm25) best first; lower bm25
        is better, as SQLite reports it."""
        k = v.check_k(k)
        match = fts_query(v.check_text(query, "query"))
        if match is None:
            return []
        with self._lock:
            self._check_open()
            found = self._index.fts_search(match, k)
            rows = self._index.rows_by_loc([loc for loc, _ in found])
        return [(rows[loc]["id"], s) for loc, s in found if loc in rows]

    # ------------------------------------------------------------------ inspection
    def stats(self) -> dict[str, Any]:
        """Counts per tier, sizes on disk, the embedder and the log position."""
        with self._lock:
            self._check_open()
            tiers = {}
            for tier in self._router:
                segs = list(tier.segments())
                tiers[tier.name] = {
                    "live": self._index.count(tier.name),
                    "forgotten": self._index.count(tier.name, deleted=True),
                    "segments": len(segs),
                    "capacity": tier.capacity,
                }
            disk = sum(p.stat().st_blocks * 512 for p in self.path.rglob("*") if p.is_file())
            return {
                "path": str(self.path),
                "embedder": self.embedder.model_id,
                "dim": self.dim,
                "record_bytes": record_stride(self.dim),
                "live": sum(t["live"] for t in tiers.values()),
                "tiers": tiers,
                "lsn": self._lsn,
                "wal_bytes": self._wal.size,
                "disk_bytes": disk,
                "config": {
                    k: val
                    for k, val in asdict(self.config).items()
                    if isinstance(val, int | float | str | bool)
                },
            }

    def tier_names(self) -> list[str]:
        return self._router.names()


def _segment_lsn(tier: TierStore, seg_no: int) -> int:
    try:
        return tier.segment(seg_no).checkpoint_lsn
    except Exception:
        return -1


def _record(row: dict[str, Any], h: np.void) -> MemoryRecord:
    flags = int(h["flags"])
    return MemoryRecord(
        id=row["id"],
        text=row["text"],
        tier=row["tier"],
        tags=row["tags"],
        session_id=row["session_id"],
        scope=row["scope"],
        source=row["source"],
        timestamp_ms=int(row["timestamp_ms"]),
        created_ms=int(row["created_ms"]),
        importance=float(h["importance"]),
        valence=int(h["valence"]) / 127.0,
        arousal=int(h["arousal"]) / 255.0,
        pinned=has_flag(flags, Flag.PINNED),
        consolidated=has_flag(flags, Flag.CONSOLIDATED),
        agent_recall_count=int(h["agent_recall_count"]),
        storage_strength=float(h["storage_strength"]),
        memory_type=get_memory_type(flags).name.lower(),
        keyphrases=row["keyphrases"],
        meta=row["meta"],
    )


def _now_ms() -> int:
    return time.time_ns() // 1_000_000
