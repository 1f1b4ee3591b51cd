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
import os
import shutil
import sqlite3
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from ..embed.base import Embedder
from ..embed.factory import embedder_for_model_id, get_embedder
from ..errors import (
    ConfigError,
    DiskFullError,
    EmbedderMismatchError,
    StorageError,
    ValidationError,
)
from ._associations import AssociationsMixin
from ._common import _now_ms
from ._partitions import PartitionsMixin
from ._prospective import ProspectiveMixin
from ._reads import ReadPathMixin
from ._reflection import ReflectionMixin
from ._replica import ReplicaMixin
from ._writes import WritePathMixin
from .calibration import calibration_texts
from .control import ControlState
from .habituation import Habituation, HabituationConfig
from .index import MemoryIndex
from .ivf import IvfConfig, Partitions
from .listeners import (
    CoRecallListener,
    LtpListener,
    RecallListener,
    StdpListener,
    takes_session,
)
from .lock import ProcessLock
from .pipeline import IngestConfig, IngestionPipeline
from .quantizer import ScalarQuantizer
from .record import record_stride
from .reflect import ReflectConfig
from .scoring import DECAY_PRESETS, DecayTable, ExpansionConfig, ScoreWeights
from .segment import disk_error
from .stdp import CoActivationGraph, SessionActivation, StdpConfig
from .tiers import DEFAULT_SEGMENT_CAPACITY, BaseTierStore, TierRouter, TierStore
from .wal import WriteAheadLog
from .walrecords import (
    KIND_HEADERS,
    KIND_IVF,
    KIND_REMEMBER,
    KIND_REMEMBER_LINKED,
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
    #: How recall spreads activation from its best candidates (temporal chain).
    expansion: ExpansionConfig = field(default_factory=ExpansionConfig)
    #: Habituation with inhibition of return per conversation session.
    habituation: HabituationConfig = field(default_factory=HabituationConfig)
    #: What a LEARN-mode recall teaches the store (see ``listeners.py``).
    listeners: tuple[RecallListener, ...] = field(
        default_factory=lambda: (LtpListener(), CoRecallListener(), StdpListener())
    )
    #: Storage-strength gain of a passive recall (an explicit ``reinforce`` defaults to 1).
    passive_gain: float = 0.25
    #: The cognitive ingestion steps (tags, affect, surprise, Hebbian, entities).
    ingest: IngestConfig = field(default_factory=IngestConfig)
    #: When and how reflection consolidates episodes and prunes working memory.
    reflect: ReflectConfig = field(default_factory=ReflectConfig)
    #: Directed co-activation (STDP) learned from recalls and its predictive boost.
    stdp: StdpConfig = field(default_factory=StdpConfig)
    #: How ``train_ivf`` partitions a tier for approximate recall.
    ivf: IvfConfig = field(default_factory=IvfConfig)


class Engine(
    WritePathMixin,
    ReadPathMixin,
    AssociationsMixin,
    ReflectionMixin,
    ProspectiveMixin,
    PartitionsMixin,
    ReplicaMixin,
):
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
        self._writes_in_flight = 0
        self._flight_lock = threading.Lock()

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
            try:
                engine._open()
            except OSError as exc:  # creating or replaying on a disk that cannot take it
                raise disk_error(exc, path) from exc
        except BaseException:
            engine._abandon()
            raise
        return engine

    @classmethod
    def open_replica(
        cls,
        path: str | Path,
        *,
        embedder: Embedder | str | None = None,
        config: EngineConfig | None = None,
    ) -> Engine:
        """A read-only view of the store in ``path`` that another process has open for writing
        (``_replica.py``): its recalls see each write the writer has committed, without a
        lock between the two; every write is refused."""
        path = Path(path)
        if not (path / "index.db").is_file():
            raise StorageError(f"{path}: no store to follow (open it for writing first)")
        config = config or EngineConfig()
        router = TierRouter()
        for tier in router:
            if isinstance(tier, BaseTierStore):
                tier.segment_capacity = config.segment_capacity
        engine = cls(path, embedder, router, config)
        try:
            engine._open_replica()
        except BaseException:
            engine._abandon()
            raise
        return engine

    def _abandon(self) -> None:
        """Undo a failed open: close whatever was opened, release the lock, write nothing."""
        for tier in self._router:
            tier.close()
        for name in ("_wal", "_index"):
            part = getattr(self, name, None)
            if part is not None:
                part.close()
        self._release()

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
        self._wal = WriteAheadLog(self.path / "wal.log", sync=self.config.sync)
        self._live_count = self._index.count()  # then kept by applying each frame
        # whether any memory names its speaker: recall looks speakers up only then
        self._has_speakers = self._index.has_speakers()
        self._pipeline = IngestionPipeline(self._index, self.dim, self.config.ingest)
        self._control = ControlState(self._index.con)
        self._coactivation = CoActivationGraph(self._index.con, self.config.stdp)
        self._activation = SessionActivation()
        self._load_ivf()
        self._recover()
        recent = self._index.recent_locs(self.config.ingest.surprise.window)
        if recent:
            self._pipeline.seed_recent(self._vectors_of(recent))
        mark = int(self._index.get_meta("reflected_seq") or 0)
        source = self.config.reflect.source_tier
        self._since_reflect = self._index.count_after(source, mark)
        self._last_reflect_ms = int(self._index.get_meta("reflect_time_ms") or _now_ms())
        self._pool = ThreadPoolExecutor(max(1, self.config.scan_threads), "engramdb-scan")
        self._learn_pool = ThreadPoolExecutor(1, "engramdb-learn")
        self._habituation = Habituation(self.config.habituation)
        self._listeners = [(x, takes_session(x)) for x in self.config.listeners]
        self._closed = False
        self._start_reflector()

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
            elif frame.kind == KIND_IVF:
                self._apply_ivf(frame.lsn, Partitions.decode(frame.payload), applied=applied)
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
        if getattr(self, "_learn_pool", None) is not None and not self._closed:
            self._learn_pool.shutdown(wait=True)  # what was recalled is learned before closing
        if getattr(self, "_reflector", None) is not None:
            self._stop_reflector()  # outside the lock: it may be waiting for it
        with self._lock:
            if self._closed:
                return
            try:
                if self._broken is None and not self._replica:
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
            kind = DiskFullError if isinstance(self._broken, DiskFullError) else StorageError
            raise kind(
                f"store {self.path} stopped after a failed write ({self._broken}); "
                "reopen it to recover from its log"
            )

    @property
    def broken(self) -> bool:
        """A write failed after it was logged (a full disk under the index): every call
        refuses until the store is reopened, which applies the log."""
        return self._broken is not None

    # ------------------------------------------------------------------ checkpoints
    def checkpoint(self) -> None:
        """Sync segments and the index, then empty the log."""
        with self._lock:
            self._check_open()
            self._check_writable()
            self._checkpoint()

    def backup(self, dest: str | Path) -> Path:
        """A consistent copy of the store in ``dest`` (a new or empty directory), taken while
        it is open: a checkpoint makes the segments and the index whole, then they are copied
        (the index through SQLite's backup API) with writes held back; reads go on. The copy
        opens like any store, with an empty log."""
        dest = _empty_directory(dest)
        with self._lock:
            self._check_open()
            self._checkpoint()
            for src in sorted(self.path.rglob("*")):
                rel = src.relative_to(self.path)
                if src.is_dir() or rel.name in _NOT_COPIED or rel.name.endswith(_SQLITE_LOGS):
                    continue
                target = dest / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                if src.suffix == ".db":
                    continue  # (SQLite files below, each through its backup API)
                shutil.copyfile(src, target)
                _fsync(target)
            copy_sqlite(self._index.con, dest / "index.db")
            (dest / "wal.log").touch()
        return dest

    def _checkpoint(self) -> None:
        lsn = self._lsn
        for tier in self._router:
            tier.checkpoint(lsn)
        self._index.checkpoint()
        self._wal.reset()

    def _maybe_checkpoint(self) -> None:
        if self._wal.size >= self.config.checkpoint_bytes:
            self._checkpoint()

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
                "ivf": self.ivf_info(),
                "config": {
                    f.name: getattr(self.config, f.name)
                    for f in fields(self.config)
                    if isinstance(getattr(self.config, f.name), int | float | str | bool)
                },
            }

    def tier_counts(self, scopes: Sequence[str] | None = None) -> dict[str, dict[str, int]]:
        """Live and forgotten memories per tier of these scopes only (None: all): the part of
        ``stats()`` a reader of some scopes may see (it names no other scope's counts)."""
        with self._lock:
            self._check_open()
            counts = self._index.tier_counts(scopes)
        return {t: counts.get(t, {"live": 0, "forgotten": 0}) for t in self._router.names()}

    def tier_names(self) -> list[str]:
        return self._router.names()


#: Store files a backup does not copy: the process lock, the (checkpointed, empty) log.
_NOT_COPIED = frozenset({"LOCK", "wal.log"})
_SQLITE_LOGS = ("-wal", "-shm", "-journal")


def _empty_directory(dest: str | Path) -> Path:
    dest = Path(dest)
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise ValidationError("dest", f"{dest} must be a new or empty directory")
    dest.mkdir(parents=True, exist_ok=True)
    return dest


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def copy_sqlite(con: sqlite3.Connection, target: Path) -> None:
    """A consistent copy of an open SQLite database (its backup API), made durable."""
    out = sqlite3.connect(str(target))
    try:
        con.backup(out)
    finally:
        out.close()
    _fsync(target)
