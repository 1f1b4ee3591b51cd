"""Contexts: hard isolation. Each context is its own data directory with its own ``Memory``
(engine files and knowledge.db); nothing is shared between two contexts but the process."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import stat
import threading
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..errors import NotFoundError, StorageError, ValidationError
from ..knowledge.documents.budget import DOCUMENT_READ_SECONDS, JOB_NICE
from ..knowledge.jobs import has_unfinished
from ..knowledge.memory import Memory
from .auth.reach import CONTEXT_NAME

__all__ = [
    "ContextNotFound",
    "ContextRegistry",
    "WriteGate",
    "check_context",
    "private_file",
    "private_tree",
]


class ContextNotFound(NotFoundError):
    """No such context, or one the key does not reach: the same answer for both."""

    def __str__(self) -> str:
        return f"context {self.id} is not here"


#: Names the API uses for itself under /api/v1/.
RESERVED = frozenset(
    {"contexts", "me", "keys", "principals", "health", "metrics", "verbs", "backup"}
)


def check_context(name: object) -> str:
    if isinstance(name, str) and name in RESERVED:
        raise ValidationError("context", f"{name!r} is reserved", value=name)
    if not isinstance(name, str) or not CONTEXT_NAME.fullmatch(name):
        raise ValidationError(
            "context",
            "must be 1-64 lower-case letters, digits, '_' or '-', starting with a letter or digit",
            value=name,
        )
    return name


#: How long deleting a context waits for the requests using it to finish (their step).
DELETE_WAIT_SECONDS = 120.0


class WriteGate:
    """One context's turn-taking for writes, on the event loop side: a write request waits
    here without holding a request thread, then holds one thread for one step at a time
    (``routes_memory.py``). ``asyncio.Lock`` wakes its waiters in order and a releasing
    request that asks again queues behind them, so writers of a context alternate step by
    step, and one context's writes never hold more than one thread (plus one for an upload
    that waits for its result)."""

    def __init__(self) -> None:
        #: the writes of facts (one at a time; each holds it for one step)
        self.step = asyncio.Lock()
        #: uploads with ``wait=true`` (one at a time: reading a document takes a thread)
        self.upload = asyncio.Lock()
        #: write requests running or waiting (``max_context_writes``)
        self.pending = 0


class ContextRegistry:
    """Opens each context's ``Memory`` on first use and serialises the calls made on it."""

    def __init__(
        self,
        root: Path,
        *,
        embedder: str | None = None,
        max_contexts: int = 1_000,
        job_rights: Callable[[str, Mapping[str, str | None]], Any] | None = None,
        read_concurrency: int = 0,
        replica: bool = False,
        on_reinforce: Callable[[str, list[int]], object] | None = None,
        before_open: Callable[[str], object] | None = None,
        document_read_s: float = DOCUMENT_READ_SECONDS,
        job_nice: int = JOB_NICE,
    ):
        #: (context, a job's provenance) -> the submitter's rights there now, or None
        self.job_rights = job_rights
        #: Reads that run at once in this process (0: no limit). A read is Python holding the
        #: interpreter lock for most of its time: sixteen at once took turns at it and each
        #: paid for the switching (docs/server.md, "Concurrency").
        self._read_slots = (
            threading.BoundedSemaphore(read_concurrency) if read_concurrency > 0 else None
        )
        self._holding = threading.local()
        #: a reading worker's registry (``replica.py``): each context a replica of the files
        #: the writer process keeps; ``on_reinforce(context, fact ids)`` tells the writer what
        #: its queries returned
        self.replica = replica
        self.on_reinforce = on_reinforce
        self.before_open = before_open
        self._inodes: dict[str, int] = {}
        self.root = Path(root) / "contexts"
        self.root.mkdir(parents=True, exist_ok=True)
        self.embedder = embedder
        #: how long reading one uploaded document may take (0: no limit)
        self.document_read_s = document_read_s
        #: how far below requests a job reads its document (``budget.JOB_NICE``)
        self.job_nice = job_nice
        self.max_contexts = max_contexts
        self._open: dict[str, Memory] = {}
        self._purges: dict[str, int] = {}
        self._purge_listeners: list[Callable[[str], object]] = []
        self._locks: dict[str, threading.RLock] = {}
        self._gates: dict[str, WriteGate] = {}
        self._lock = threading.Lock()
        #: requests using each context's Memory now (``use``), and the contexts being deleted:
        #: a delete waits for the first to finish and turns new ones away (404)
        self._users: dict[str, int] = {}
        self._closing: set[str] = set()
        self._idle = threading.Condition(self._lock)

    def _open_memory(self, name: str) -> Memory:
        if self.replica:
            inode = _inode(self.root / name)  # (before the open: a store made again since is
            try:  # seen as changed at the next use)
                mem = Memory.open_replica(
                    self.root / name, embedder=self.embedder, job_nice=self.job_nice
                )
            except StorageError:  # (the writer is still making it)
                raise ContextNotFound(name) from None
            self._inodes[name] = inode
            if self.on_reinforce is not None:
                tell = self.on_reinforce
                mem.on_reinforce = lambda ids: tell(name, ids)
            return mem
        rights = None
        if self.job_rights is not None:
            job_rights = self.job_rights

            def rights(who: Mapping[str, str | None]) -> Any:
                return job_rights(name, who)

        return Memory.open(
            self.root / name,
            embedder=self.embedder,
            job_rights=rights,
            document_read_s=self.document_read_s or None,  # (0: no limit)
            job_nice=self.job_nice,
            # (the reading workers take the curated statements' encodings it stores)
            encode_statements=True,
        )

    def gate(self, name: str) -> WriteGate:
        """The context's ``WriteGate`` (made on first use; called on the event loop)."""
        with self._lock:
            gate = self._gates.get(name)
            if gate is None:
                gate = self._gates[name] = WriteGate()
            return gate

    @contextlib.asynccontextmanager
    async def write_turn(self, name: str, kind: str, limit: int) -> AsyncIterator[asyncio.Lock]:
        """A write request's place in its context's queue (``WriteGate``), for REST and MCP
        alike: counted against ``limit`` (``max_context_writes``; beyond it a 429 with
        Retry-After), and waited for on the event loop without a request thread. Yields the
        gate's ``step`` (or ``upload``) lock, which the request takes step by step."""
        from .problems import Problem

        if not self.exists(name):
            raise ContextNotFound(name)
        gate = self.gate(name)
        if gate.pending >= limit:
            raise Problem(
                429,
                "Too many requests",
                f"this context already has {limit} write requests running or waiting "
                "(max_context_writes); retry shortly",
                limit=limit,
                headers={"Retry-After": "1"},
            )
        gate.pending += 1
        try:
            yield getattr(gate, kind)
        finally:
            gate.pending -= 1

    def resume_jobs(self) -> list[str]:
        """Open the contexts that hold unfinished upload jobs (a crash or a shutdown stopped
        them), so those run again at start rather than at the context's next request."""
        resumed = []
        for name in self.names():
            if has_unfinished(self.root / name):
                with self.use(name, exclusive=False):
                    resumed.append(name)
        return resumed

    def names(self) -> list[str]:
        return sorted(
            p.name for p in self.root.iterdir() if p.is_dir() and CONTEXT_NAME.fullmatch(p.name)
        )

    def exists(self, name: str) -> bool:
        return (self.root / check_context(name)).is_dir()

    def create(self, name: str) -> dict[str, Any]:
        name = check_context(name)
        with self._lock:
            if (self.root / name).exists():
                raise ValidationError("context", f"{name!r} already exists", value=name)
            if len(self.names()) >= self.max_contexts:
                raise ValidationError("context", "too many contexts", limit=self.max_contexts)
            mem = self._open_memory(name)
            self._open[name] = mem
            self._locks[name] = threading.RLock()
        return {"name": name, "createdMs": int(time.time() * 1000)}

    def delete(self, name: str, *, wait_s: float = DELETE_WAIT_SECONDS) -> None:
        """Delete the context: new requests to it are turned away (404) at once, and the
        ones using its store finish what they are doing first (a write its step, at most
        ``write_step_ms`` or one item), so none meets a closed database half way (that was a
        500 and a batch that could not say what it stored). After ``wait_s`` it is closed
        anyway."""
        name = check_context(name)
        with self._lock:
            if not (self.root / name).is_dir() or name in self._closing:
                raise ContextNotFound(name)
            self._closing.add(name)
            try:
                self._idle.wait_for(lambda: not self._users.get(name), timeout=wait_s)
                mem = self._open.pop(name, None)
                lock = self._locks.pop(name, None)
                if mem is not None:
                    with lock or threading.RLock():
                        mem.close()
                shutil.rmtree(self.root / name)
            finally:
                self._closing.discard(name)

    @contextmanager
    def use(self, name: str, *, exclusive: bool = True, slot: bool = True):
        """The context's Memory for one request: held exclusively for writes; reads run side
        by side (the engine and SQLite serialise what they must), at most
        ``read_concurrency`` of them at a time (``slot=False``: a long internal read, such as a
        backup, that must not hold a request's place)."""
        name = check_context(name)
        if self.replica:
            self._forget_if_gone(name)
            if name not in self._open and self.before_open is not None:
                # the writer opens it first (a long log replay there holds up this context
                # only, not the registry)
                self.before_open(name)
        with self._lock:
            if name in self._closing:  # (being deleted)
                raise ContextNotFound(name)
            mem = self._open.get(name)
            if mem is None:
                if not (self.root / name).is_dir():
                    raise ContextNotFound(name)
                mem = self._open[name] = self._open_memory(name)
                self._locks[name] = threading.RLock()
            lock = self._locks[name]
            self._users[name] = self._users.get(name, 0) + 1
        try:
            if mem.broken:  # a write met a full disk after it was logged: reopening applies it
                with lock:
                    mem = self._reopen(name, mem)
            if not exclusive:
                with self._read_slot(slot):
                    yield mem
                return
            with lock:
                yield mem
        finally:
            with self._lock:
                left = self._users.pop(name, 1) - 1
                if left:
                    self._users[name] = left
                else:
                    self._idle.notify_all()

    @contextmanager
    def _read_slot(self, wanted: bool):
        """One of the read slots, for this thread (a read inside a read takes no second)."""
        slots = self._read_slots
        depth = getattr(self._holding, "depth", 0)
        if slots is None or not wanted or depth:
            yield
            return
        with slots:
            self._holding.depth = 1
            try:
                yield
            finally:
                self._holding.depth = 0

    def _forget_if_gone(self, name: str) -> None:
        """A replica of a context the writer deleted (or deleted and made again) is closed:
        its files are not the context's any more."""
        with self._lock:
            mem = self._open.get(name)
            if mem is None or _inode(self.root / name) == self._inodes.get(name):
                return
            self._open.pop(name, None)
            self._inodes.pop(name, None)
        # closed later: a read of another thread may still be using it
        timer = threading.Timer(60.0, _close_quietly, (mem,))
        timer.daemon = True
        timer.start()

    def _reopen(self, name: str, mem: Memory) -> Memory:
        """The context's store opened again (its log replayed); a disk still full answers
        ``DiskFullError`` now and the next request tries again."""
        with self._lock:
            current = self._open.get(name)
            if current is not None and current is not mem:
                return current  # another request reopened it meanwhile
            self._open.pop(name, None)
            with contextlib.suppress(StorageError):
                mem.close()
            fresh = self._open[name] = self._open_memory(name)
            return fresh

    def backup(self, dest: Path) -> list[str]:
        """Every context copied into ``dest/contexts/<name>`` (``Memory.backup``: each while
        it is open, its writes held back for its copy); the names copied."""
        names = self.names()
        for name in names:
            with self.use(name, exclusive=False, slot=False) as mem:
                mem.backup(dest / "contexts" / name)
        return names

    def on_purge(self, listener: Callable[[str], object]) -> None:
        """Call ``listener(context)`` after every purge there (copies kept outside the
        context's store, such as stored Idempotency-Key responses, must go too)."""
        self._purge_listeners.append(listener)

    def purged(self, name: str) -> None:
        with self._lock:
            self._purges[name] = self._purges.get(name, 0) + 1
        for listener in self._purge_listeners:
            listener(name)

    def purges(self, name: str) -> int:
        """How many purges the context has seen in this process (a response computed before
        one must not be stored after it)."""
        with self._lock:
            return self._purges.get(name, 0)

    def close(self) -> None:
        with self._lock:
            for name, mem in list(self._open.items()):
                with self._locks[name]:
                    mem.close()
            self._open.clear()


def private_tree(root: Path) -> None:
    """``root`` and everything under it readable by this user only (directories 0700, files
    0600 at most): keys' hashes, every context's memories and the backups were world-readable
    under a usual umask of 022. Symbolic links and what others own are left alone."""
    uid = os.getuid()

    def tighten(path: str, st: os.stat_result) -> None:
        if st.st_uid == uid and st.st_mode & 0o077 and not stat.S_ISLNK(st.st_mode):
            mode = stat.S_IMODE(st.st_mode) & 0o700
            with contextlib.suppress(OSError):
                try:
                    os.chmod(path, mode, follow_symlinks=False)
                except NotImplementedError:  # (glibc before 2.32: lstat said it is no link)
                    os.chmod(path, mode)

    with contextlib.suppress(OSError):
        tighten(str(root), os.lstat(root))
    for top, dirs, files in os.walk(root):
        for name in dirs + files:
            path = os.path.join(top, name)
            with contextlib.suppress(OSError):
                st = os.lstat(path)
                if not stat.S_ISLNK(st.st_mode):
                    tighten(path, st)


def private_file(path: Path) -> None:
    """Create ``path`` empty with mode 0600 if it is not there (SQLite then keeps that mode
    for the database and gives it to its -wal and -shm files)."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600))


def _inode(directory: Path) -> int | None:
    try:
        return (directory / "knowledge.db").stat().st_ino
    except OSError:
        return None


def _close_quietly(mem: Memory) -> None:
    with contextlib.suppress(Exception):
        mem.close()
