"""Background uploads: a document is stored with its job before the job is acknowledged, one
worker thread per store runs the jobs in the order they came, a job interrupted by a crash or a
shutdown runs again when the store is next opened, and a job can be cancelled while it waits
or until its write commits.

Why a job is run with rights looked up again, not the ones it was submitted with: a key revoked
meanwhile must not keep writing. ``Memory.open(..., job_rights=...)`` says how (the server
passes its key store); without it a job runs with the caller it was submitted with in this
process, and a resumed job that had one fails with a clear error rather than run unchecked.

A job whose upload committed just before a crash runs again after it and finds the document
unchanged: its result then says so (``unchanged``), and nothing is stored twice.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import secrets
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import EngramDBError, NotFoundError, ValidationError
from . import ingest
from .access import Caller, check_write
from .clock import now_ms, to_ms
from .documents import MAX_DOCUMENT_BYTES
from .results import DocumentResult, Job, document_result_of
from .scopes import check_scope
from .writing import actor_of

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = ["MAX_ATTEMPTS", "JobRunner", "Rights", "has_unfinished"]

log = logging.getLogger("engramdb.jobs")

#: A job interrupted this many times (its process died while it ran, each time) fails instead
#: of running again: a document that kills its reader must neither keep the store from opening
#: nor hold its context's queue at every start. (A shutdown is no attempt: the job stops at its
#: next step and waits; a document over a reading limit fails at once and never runs again.)
MAX_ATTEMPTS = 2

#: The rights of a job's submitter, looked up from its provenance (``principal_id``,
#: ``key_id``, ``on_behalf_of``) when it runs; None when they are gone (a revoked key).
Rights = Callable[[Mapping[str, str | None]], Caller | None]

_COLUMNS = (
    "id, kind, state, scope, name, phase, done, total, attempts, created_ms, started_ms, "
    "finished_ms, result, error, principal_id, key_id"
)
_FINISHED = ("done", "failed", "cancelled")
#: Whole results of finished jobs kept in memory for their submitters to fetch.
MAX_KEPT_RESULTS = 256
_REVOKED = "the key that submitted this job is no longer valid"


class _Stop(Exception):
    """Raised from the progress report to stop a job: ``cancelled`` or ``shutdown``."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


class JobRunner:
    """The jobs of one store and the thread that runs them (started when there is work, gone
    when there is none)."""

    def __init__(self, store: OpenStore, rights: Rights | None = None):
        self.store = store
        self.rights = rights
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._pending = False
        self._stopping = False
        self._live: dict[str, tuple[str, int, int]] = {}
        self._cancel: set[str] = set()
        self._callers: dict[str, Caller | None] = {}
        #: the whole results of jobs finished in this process (their facts, conflicts and
        #: decisions, as the submitter may see them), newest last; any forget clears them, so
        #: no copy of forgotten text stays here. The jobs table keeps ids and counts only.
        self._results: OrderedDict[str, DocumentResult] = OrderedDict()
        self._forgets = 0

    # ------------------------------------------------------------------ submitting
    def submit_upload(
        self,
        source: str | Path | bytes,
        *,
        scope: str,
        name: str | None = None,
        media_type: str | None = None,
        observed_at: datetime | int | str | None = None,
        caller: Caller | None = None,
    ) -> Job:
        """Check the write as ``upload`` would, store the document with its job (durable when
        this returns) and wake the worker."""
        store = self.store
        scope = check_scope(scope)
        store.check_writable_scope(scope)
        check_write(caller, scope, True)
        data, name = ingest.document_bytes(source, name)
        if len(data) > MAX_DOCUMENT_BYTES:
            raise ValidationError("source", "file too large", limit=MAX_DOCUMENT_BYTES)
        observed = to_ms(observed_at, "observed_at") or now_ms()
        who = actor_of(caller) or {}
        # "" marks a caller without ids: a job that had a caller never runs without one
        principal = None if caller is None else (who.get("principal_id") or "")
        jid = f"job-{secrets.token_hex(8)}"
        self._callers[jid] = caller  # (before the row: the worker may claim it at once)
        try:
            self._insert(jid, scope, name, media_type, observed, data, principal, who)
        except BaseException:
            self._callers.pop(jid, None)
            raise
        self.start()
        return self.get(jid)

    def _insert(self, jid, scope, name, media_type, observed, data, principal, who) -> None:
        store = self.store
        with store.lock, store.transaction():
            store.db.execute(
                "INSERT INTO jobs(id, kind, state, scope, name, media_type, observed_ms, payload, "
                "principal_id, key_id, on_behalf_of, created_ms) "
                "VALUES(?, 'upload', 'queued', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    jid,
                    scope,
                    name,
                    media_type,
                    observed,
                    data,
                    principal,
                    who.get("key_id"),
                    who.get("on_behalf_of"),
                    now_ms(),
                ),
            )

    # ------------------------------------------------------------------ reading
    def get(self, job_id: str, caller: Caller | None = None) -> Job:
        """The job, if the caller submitted it (or manages the server); else ``NotFoundError``
        (another principal's job is not here)."""
        row = self.store.db.execute(f"SELECT {_COLUMNS} FROM jobs WHERE id=?", (job_id,)).fetchone()
        if row is None or not _visible(row, caller):
            raise NotFoundError(job_id, "job")
        return self._job(row)

    def list(
        self, caller: Caller | None = None, *, state: str | None = None, limit: int = 100
    ) -> list[Job]:
        """The caller's jobs, newest first."""
        if state is not None and state not in ("queued", "running", *_FINISHED):
            raise ValidationError("state", "unknown job state", value=state)
        sql = f"SELECT {_COLUMNS} FROM jobs" + (" WHERE state=?" if state else "")
        rows = self.store.db.execute(
            sql + " ORDER BY created_ms DESC, rowid DESC", (state,) if state else ()
        ).fetchall()
        return [self._job(r) for r in rows if _visible(r, caller)][: max(0, limit)]

    def wait(self, job_id: str, timeout: float | None = None, caller: Caller | None = None) -> Job:
        """The job once it has finished, or as it is when ``timeout`` seconds have passed."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            job = self.get(job_id, caller)
            left = None if deadline is None else deadline - time.monotonic()
            if job.finished or (left is not None and left <= 0):
                return job
            with self._cond:
                self._cond.wait(0.5 if left is None else min(0.5, left))

    # ------------------------------------------------------------------ cancelling
    def cancel(self, job_id: str, caller: Caller | None = None) -> Job:
        """Cancel a waiting job at once, a running one at its next step (until its write
        commits: then it finishes). A finished job is returned as it is."""
        self.get(job_id, caller)
        store = self.store
        with store.lock, store.transaction():
            cur = store.db.execute(
                "UPDATE jobs SET state='cancelled', finished_ms=?, payload=NULL "
                "WHERE id=? AND state='queued'",
                (now_ms(), job_id),
            )
        if not cur.rowcount and self.get(job_id, caller).state == "running":
            with self._cond:
                self._cancel.add(job_id)
        self._notify()
        return self.get(job_id, caller)

    def forgotten(self) -> None:
        """Something was forgotten: the whole results kept in memory go (a job finishing now
        keeps only its ids and counts)."""
        with self._cond:
            self._forgets += 1
            self._results.clear()

    def forget_scope(self, where: str, params: tuple) -> None:
        """In a forget of a subtree (its transaction, ``where`` over ``scope``): its waiting
        jobs are cancelled, its running one stops, and finished ones keep no copy of what was
        uploaded or stored."""
        db = self.store.db
        for (jid,) in db.execute(f"SELECT id FROM jobs WHERE state='running' AND {where}", params):
            with self._cond:
                self._cancel.add(jid)
        db.execute(
            f"UPDATE jobs SET state='cancelled', finished_ms=?, payload=NULL, "
            f"error='its scope was forgotten' WHERE state='queued' AND {where}",
            (now_ms(), *params),
        )
        db.execute(
            f"UPDATE jobs SET payload=NULL, result=NULL WHERE state IN "
            f"('done', 'failed', 'cancelled') AND {where}",
            params,
        )

    # ------------------------------------------------------------------ the worker
    def start(self) -> None:
        """Run the waiting jobs (after a crash: the interrupted ones too)."""
        with self._cond:
            self._pending = True
            if self._thread is None and not self._stopping:
                self._thread = threading.Thread(
                    target=self._loop, name="engramdb-jobs", daemon=True
                )
                self._thread.start()
            self._cond.notify_all()

    def recover(self) -> None:
        """On open: a job that was running when the process died waits again (or fails, after
        ``MAX_ATTEMPTS`` interruptions)."""
        store = self.store
        # an upload written in batches that never published (its process died): its rows go,
        # and its job (still marked running) runs it again below
        ingest.discard_unpublished(store)
        with store.lock, store.transaction():
            store.db.execute(
                "UPDATE jobs SET state='failed', finished_ms=?, payload=NULL, error=? "
                "WHERE state='running' AND attempts >= ?",
                (
                    now_ms(),
                    f"interrupted {MAX_ATTEMPTS} times (the process died while it ran); "
                    "upload the document again",
                    MAX_ATTEMPTS,
                ),
            )
            store.db.execute("UPDATE jobs SET state='queued' WHERE state='running'")
        if store.db.execute("SELECT 1 FROM jobs WHERE state='queued' LIMIT 1").fetchone():
            self.start()

    def close(self, timeout: float = 30.0) -> None:
        """Stop the worker: a running job stops at its next step and waits for the next open
        (its transaction rolled back), unless its write has committed (then it finishes)."""
        with self._cond:
            self._stopping = True
            thread = self._thread
            self._cond.notify_all()
        if thread is not None:
            thread.join(timeout)

    def _notify(self) -> None:
        with self._cond:
            self._cond.notify_all()

    def _loop(self) -> None:
        while True:
            with self._cond:
                if self._stopping:
                    self._thread = None
                    return
                self._pending = False
            row = self._claim()
            if row is None:
                with self._cond:
                    if self._stopping or not self._pending:
                        self._thread = None
                        return
                continue
            try:
                self._run(row)
            except Exception:  # a failure to record a failure: the job runs again on open
                log.exception("job %s", row[0])
            self._notify()

    def _claim(self) -> tuple | None:
        store = self.store
        with store.lock, store.transaction():
            row = store.db.execute(
                "SELECT id, scope, name, media_type, observed_ms, payload, principal_id, key_id, "
                "on_behalf_of FROM jobs WHERE state='queued' ORDER BY created_ms, rowid LIMIT 1"
            ).fetchone()
            if row is not None:
                store.db.execute(
                    # its phase from the start: another process (a server's reading worker)
                    # sees this row, not this process's live progress, and a long parse
                    # showed "None 0/0" there until the job was done
                    "UPDATE jobs SET state='running', phase='reading', done=0, total=0, "
                    "started_ms=?, attempts=attempts+1 WHERE id=?",
                    (now_ms(), row[0]),
                )
        return row

    def _run(self, row: tuple) -> None:
        jid, scope, name, media_type, observed, payload, principal, key_id, behalf = row
        who = {"principal_id": principal, "key_id": key_id, "on_behalf_of": behalf}
        caller, refusal = self._caller_of(jid, principal, who)
        if refusal is not None:
            self._finish(jid, "failed", error=refusal)
            return

        def progress(phase: str, done: int, total: int) -> None:
            last = self._live.get(jid, ("",))[0]
            self._live[jid] = (phase, done, total)
            if phase == "indexing":
                return  # committed: it finishes
            if (
                phase == "writing"
                and last != "writing"
                and principal is not None
                and self._caller_of(jid, principal, who)[1] is not None
            ):
                raise _Stop("revoked")  # (its key was revoked while it read)
            with self._cond:
                if jid in self._cancel:
                    raise _Stop("cancelled")
                if self._stopping:
                    raise _Stop("shutdown")

        forgets = self._forgets
        try:
            result = ingest.upload(
                self.store,
                bytes(payload),
                scope=scope,
                name=name,
                media_type=media_type,
                observed_at=observed,
                caller=caller,
                progress=progress,
                nice=self.store.job_nice,
            )
        except _Stop as stop:
            if stop.why == "shutdown":
                self._requeue(jid)
            elif stop.why == "revoked":
                self._finish(jid, "failed", error=_REVOKED)
            else:
                self._finish(jid, "cancelled")
        except EngramDBError as exc:  # refused (rights gone, scope closed, unreadable file)
            self._finish(jid, "failed", error=str(exc))
        except Exception as exc:
            log.exception("job %s", jid)
            self._finish(jid, "failed", error=f"internal error ({type(exc).__name__})")
        else:
            # what it stored is read through the API (facts, conflicts): the job keeps ids and
            # counts only, so no copy of the document's text outlives a forget or a purge
            kept = dataclasses.replace(result, write=None)
            with self.store.lock:  # (a forget holds the lock: none runs meanwhile)
                with self._cond:  # (kept before the job reads as done: its first look sees it)
                    if self._forgets == forgets:
                        self._results[jid] = result
                        while len(self._results) > MAX_KEPT_RESULTS:
                            self._results.popitem(last=False)
                self._finish(jid, "done", result=json.dumps(dataclasses.asdict(kept)))
        finally:
            self._live.pop(jid, None)
            with self._cond:
                self._cancel.discard(jid)
            self._callers.pop(jid, None)

    def _caller_of(
        self, jid: str, principal: str | None, who: dict[str, str | None]
    ) -> tuple[Caller | None, str | None]:
        if principal is None:
            return None, None  # embedded use: no caller, all rights
        if self.rights is not None:
            caller = self.rights(who)
            if caller is None:
                return None, _REVOKED
            return caller, None
        if jid in self._callers:
            return self._callers[jid], None
        return None, "the rights of this job's submitter cannot be checked in this process"

    def _finish(
        self, jid: str, state: str, *, result: str | None = None, error: str | None = None
    ) -> None:
        phase, done, total = self._live.get(jid, (None, 0, 0))
        store = self.store
        with store.lock, store.transaction():
            store.db.execute(
                "UPDATE jobs SET state=?, result=?, error=?, finished_ms=?, payload=NULL, "
                "phase=?, done=?, total=? WHERE id=?",
                (state, result, error, now_ms(), phase, done, total, jid),
            )

    def _requeue(self, jid: str) -> None:
        store = self.store
        with store.lock, store.transaction():  # (a shutdown is no failed attempt)
            store.db.execute(
                "UPDATE jobs SET state='queued', attempts=MAX(attempts-1, 0) WHERE id=?", (jid,)
            )

    def _job(self, row: tuple) -> Job:
        jid, kind, state, scope, name, phase, done, total, attempts, created, started = row[:11]
        finished, result, error = row[11:14]
        if state == "running" and jid in self._live:
            phase, done, total = self._live[jid]
        whole = self._results.get(jid) if state == "done" else None
        return Job(
            id=jid,
            kind=kind,
            state=state,
            scope=scope,
            name=name,
            phase=phase,
            done=done,
            total=total,
            attempts=attempts,
            created_ms=created,
            started_ms=started,
            finished_ms=finished,
            result=whole or (document_result_of(json.loads(result)) if result else None),
            error=error,
        )


def _visible(row: tuple, caller: Caller | None) -> bool:
    """A job is its submitting key's (its result was redacted for that key's rights), and an
    administrator's."""
    if caller is None:
        return True
    manages = getattr(caller, "manages", None)
    if callable(manages) and manages():
        return True
    who = caller.provenance()
    return row[14] == (who.get("principal_id") or "") and row[15] == who.get("key_id")


def has_unfinished(directory: Path) -> bool:
    """Whether the store in ``directory`` holds jobs that a crash or a shutdown stopped,
    looked up read-only without opening the store (a server opens only such stores at start,
    so their uploads run again before their next request)."""
    db = Path(directory) / "knowledge.db"
    if not db.is_file():
        return False
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return (
            con.execute(
                "SELECT 1 FROM jobs WHERE state IN ('queued', 'running') LIMIT 1"
            ).fetchone()
            is not None
        )
    except sqlite3.Error:
        return False  # (a store from before jobs)
    finally:
        con.close()
