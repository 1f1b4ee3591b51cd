"""A replica: a read-only view of a store another process writes (``Engine.open_replica``).

Several server processes share one store this way: one writer, readers that map the same
segment files and read the same SQLite index in WAL mode. The writer's segment writes land in
the shared page cache before its index commits them, so a replica that takes each segment's
row count from the index never sees half a record; a forget's tombstone is in the mapped
header (and the index's ``deleted`` flag) at once. What a writer keeps in memory (row counts,
new segment files, suppressed memories, IVF partitions, the entity gazetteer, the speaker
flag, the live count) a replica reads again whenever SQLite's ``data_version`` says another
connection committed: one pragma per read when nothing changed.

A replica never writes: no log, no checkpoint, no reflection, no reminders (the writer
delivers them), no learning from recalls (``mode="learn"`` is refused).
"""

from __future__ import annotations

import json
import threading
import time

from ..errors import StorageError
from .index import MemoryIndex
from .quantizer import ScalarQuantizer
from .tiers import BaseTierStore

__all__ = ["ReplicaMixin"]

#: How long a replica keeps its live count between writes it sees (a COUNT(*) reads the whole
#: index: at 100k memories a few milliseconds, not worth paying for every write).
_COUNT_EVERY_S = 1.0


class _NoLog:
    """The log of a replica: every logged write is refused, naming why."""

    size = 0

    def __init__(self, path):
        self.path = path

    def append(self, *args, **kw):
        raise StorageError(f"store {self.path} is open as a replica: it never writes")

    append_many = sync = reset = append

    def read_frames(self):
        return []

    def close(self) -> None:
        pass


class ReplicaMixin:
    """The replica's open and refresh; the engine's reads call ``_refresh`` first."""

    _replica = False

    def _open_replica(self) -> None:
        import base64

        self._index = MemoryIndex(self.path / "index.db", read_only=True)
        stored = self._index.get_meta("embedder_model")
        if stored is None:
            raise StorageError(f"{self.path}: no store to follow (open it for writing first)")
        self.embedder = emb = self._resolve_embedder(stored)
        dim = int(self._index.get_meta("dim") or 0)
        if stored != emb.model_id or dim != emb.dim:
            from ..errors import EmbedderMismatchError

            raise EmbedderMismatchError(str(self.path), stored, dim, emb.model_id, emb.dim)
        self.quantizer = ScalarQuantizer.from_bytes(
            base64.b64decode(self._index.get_meta("quantizer") or ""), dim
        )
        self.dim = dim
        self._tier_ids: dict[str, int] = json.loads(self._index.get_meta("tiers") or "{}")
        self._by_index = {}
        for tier in self._router:
            if not isinstance(tier, BaseTierStore):
                raise StorageError(f"tier {tier.name!r}: a replica follows built-in tiers only")
            if tier.name in self._tier_ids:
                self._by_index[self._tier_ids[tier.name]] = tier
        self._wal = _NoLog(self.path)
        self._lsn = int(self._index.get_meta("applied_lsn") or 0)
        self._seen_version: int | None = None
        self._counted_at = 0.0
        self._refresh_lock = threading.Lock()
        from concurrent.futures import ThreadPoolExecutor

        from .control import ControlState
        from .habituation import Habituation
        from .listeners import takes_session
        from .pipeline import IngestionPipeline
        from .stdp import CoActivationGraph, SessionActivation

        self._pipeline = IngestionPipeline(self._index, self.dim, self.config.ingest)
        self._entity_mark = self._entity_signature()
        self._load_ivf()
        self._ivf_seen = {(r[0], r[1]) for r in self._index.ivf_rows()}
        self._control = ControlState(self._index.con)
        self._coactivation = CoActivationGraph(self._index.con, self.config.stdp)
        self._activation = SessionActivation()
        self._live_count = 0
        self._has_speakers = False
        self._pool = ThreadPoolExecutor(max(1, self.config.scan_threads), "engramdb-scan")
        self._learn_pool = ThreadPoolExecutor(1, "engramdb-learn")
        self._habituation = Habituation(self.config.habituation)
        self._listeners = [(x, takes_session(x)) for x in self.config.listeners]
        self._replica = True
        self._closed = False
        self._refresh()

    def _check_writable(self) -> None:
        if self._replica:
            raise StorageError(f"store {self.path} is open as a replica: it never writes")

    def _refresh(self) -> None:
        """Catch up with the writer when SQLite says it committed since the last look."""
        if not self._replica:
            return
        with self._refresh_lock:
            version = self._index.data_version()
            if version == self._seen_version:
                return
            with self._lock:
                self._follow()
            self._seen_version = version

    def _follow(self) -> None:
        index = self._index
        self._tier_ids = json.loads(index.get_meta("tiers") or "{}")
        for tier in self._router:
            idx = self._tier_ids.get(tier.name)
            if idx is None:
                continue
            self._by_index[idx] = tier
            known = [seg.segment_no for seg in tier.segments()]
            directory = self.path / "segments" / tier.name
            if not directory.is_dir():
                continue
            n = 0
            while (directory / f"seg-{n:06d}.rec").exists():
                n += 1
            # only the last known segment and new ones can have grown
            look = sorted({*known[-1:], *range(len(known), n)})
            tier.follow(directory, self.dim, idx, index.segment_counts(idx, look))
        self._control.suppressed = {
            int(r[0]) for r in index.con.execute("SELECT loc FROM suppressed")
        }
        generations = {(r[0], r[1]) for r in index.ivf_rows()}
        if generations != self._ivf_seen:  # (partitions change rarely: a retrain)
            self._ivf_seen = generations
            self._follow_ivf()
        self._has_speakers = index.get_meta("has_speakers") == "1"
        self._follow_entities()
        now = time.monotonic()
        if now - self._counted_at >= _COUNT_EVERY_S or not self._live_count:
            self._live_count = index.count()
            self._counted_at = now
        index._written()  # (term counts read before the writer's commit are stale)

    def _entity_signature(self) -> tuple:
        """(count, highest id, its name): entity ids are reused after a purge, so the highest
        id alone could stay the same while the names change."""
        con = self._index.con
        count, top = con.execute("SELECT COUNT(*), MAX(eid) FROM entities").fetchone()
        name = None
        if top is not None:
            name = con.execute("SELECT name FROM entities WHERE eid=?", (top,)).fetchone()[0]
        return (count, top or 0, name)

    def _follow_entities(self) -> None:
        """The gazetteer that reads names in queries: new names added; after a purge (ids
        reused, names gone) read again whole."""
        mark = self._entity_signature()
        if mark == self._entity_mark:
            return
        old_count, old_top, _ = self._entity_mark
        count, top, _ = mark
        con = self._index.con
        grown = (
            count > old_count
            and top > old_top
            and (count - old_count)
            == con.execute("SELECT COUNT(*) FROM entities WHERE eid > ?", (old_top,)).fetchone()[0]
        )
        if grown:
            rows = con.execute(
                "SELECT name, kind FROM entities WHERE eid > ? AND kind != 'date'", (old_top,)
            ).fetchall()
            self._pipeline.extractor.add_known([(n, k) for n, k in rows])
        else:
            from .entities import EntityExtractor

            self._pipeline.extractor = EntityExtractor(self._pipeline.entities.known_names())
        self._entity_mark = mark

    def _follow_ivf(self) -> None:
        """The writer trained (or dropped) partitions: read them again, keeping the lock the
        readers of the inverted lists hold."""
        import numpy as np

        from .ivf import Partitions

        ivf = {}
        for tier, gen, nlist, dim, blob in self._index.ivf_rows():
            if tier in self._by_index and dim == self.dim:
                c = np.frombuffer(blob, "<f4").reshape(nlist, dim).copy()
                ivf[tier] = Partitions(tier, gen, c)
        with self._ivf_lists_lock:
            self._ivf = ivf
            self._ivf_lists = {}
