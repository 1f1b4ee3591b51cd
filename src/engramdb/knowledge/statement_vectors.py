"""Curated statements' contextual encodings, computed once by the writer, read by every process.

A read ranks its best facts again with the contextual encoder (``reads.contextual_gain``),
which costs about 2 ms a statement. Computed where the read runs, every reading process of a
server paid for each new statement of an upload the first time it reached a query's best
eight, while the upload was still running: queries' p99 rose to 3x idle (``bench_jobs.py``).
Here the writer encodes an upload's statements once, in a thread of its own below the
requests' priority, and stores them beside the facts; a reader takes a stored vector before
computing one. The encoder reads one text a run, so a stored vector is the one a reader would
compute, and a ranking does not depend on who computed it.

Each vector is stored with a digest of the statement it encodes and of the encoder's model, so a
statement changed since, or another model, is never read; a fact's vector goes with the fact
(a purge deletes it by trigger, ``schema.KNOWLEDGE_SCHEMA``).
"""

from __future__ import annotations

import functools
import hashlib
import logging
import sqlite3
import threading
from collections.abc import Callable, Sequence

import numpy as np

from ..store.sqlite import rows_in
from .documents.budget import at_lower_priority

__all__ = ["BATCH", "StatementEncoder", "digest", "pending", "save", "stored"]

log = logging.getLogger("engramdb")

#: statements encoded between two commits of their vectors (about 0.15 s of encoding; each
#: commit tells every reading process that the store changed, so not many more; a close
#: waits for one statement, not the batch)
BATCH = 64

#: (fact id, the statement encoded, its digest, float32 bytes)
Stored = tuple[int, str, bytes, bytes]


def digest(model: str, text: str) -> bytes:
    """What a stored vector must match: the model and the exact statement."""
    return hashlib.blake2b(f"{model}\x00{text}".encode(), digest_size=16).digest()


def stored(
    con: sqlite3.Connection, model: str, facts: Sequence[tuple[int, str]]
) -> dict[int, np.ndarray]:
    """The stored vectors of ``facts`` (id, statement) whose digest still matches."""
    if not facts:
        return {}
    want = {fid: digest(model, text) for fid, text in facts}
    try:
        rows = rows_in(
            con,
            "SELECT fact_id, digest, vec FROM statement_vectors WHERE fact_id IN ({marks})",
            sorted(want),
        )
    except sqlite3.OperationalError:  # (a store older than the table, not yet opened to write)
        return {}
    out = {}
    for fid, dig, vec in rows:
        if want.get(fid) == dig:
            v = np.frombuffer(vec, dtype=np.float32)
            out[fid] = v
    return out


def pending(
    con: sqlite3.Connection, after: int, limit: int, document: int | None = None
) -> list[tuple[int, str]]:
    """Live curated facts past id ``after`` with no stored vector, in id order: of one
    ``document`` (its index), or of the whole store (a scan: on opening)."""
    where = "" if document is None else "f.document_id = ? AND "
    return con.execute(
        f"SELECT f.id, f.statement FROM facts f WHERE {where}f.id > ? AND f.authoritative = 1 "
        "AND f.forgotten = 0 AND f.closed_ms IS NULL AND NOT EXISTS "
        "(SELECT 1 FROM statement_vectors v WHERE v.fact_id = f.id) ORDER BY f.id LIMIT ?",
        (*(() if document is None else (document,)), after, limit),
    ).fetchall()


def save(con: sqlite3.Connection, rows: Sequence[Stored]) -> None:
    """Store vectors (in the caller's transaction) of facts that still say what was encoded:
    a fact purged meanwhile gets none, nor does a new fact that took its id (ids are reused
    once the highest rows are deleted), so no encoding of a purged statement is kept."""
    con.executemany(
        "INSERT OR REPLACE INTO statement_vectors(fact_id, digest, vec) "
        "SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM facts WHERE id = ? AND statement = ? "
        "AND forgotten = 0)",
        [(fid, dig, vec, fid, text) for fid, text, dig, vec in rows],
    )


class StatementEncoder:
    """The writer's thread that encodes curated statements nobody has stored yet.

    ``wake(document)`` after an upload published a document's facts (``wake()``: look at the
    whole store, as on opening); it runs until none is left, then ends (a store with nothing
    to encode holds no thread). ``read(after, limit, document)`` and ``write(rows)`` are the
    store's; ``encode(texts)`` the encoder's; the encoding runs ``nice`` steps below the
    caller's priority (``budget.at_lower_priority``), the short writes at it."""

    def __init__(
        self,
        model: str,
        read: Callable[[int, int, int | None], list[tuple[int, str]]],
        encode: Callable[[list[str]], np.ndarray],
        write: Callable[[list[Stored]], None],
        nice: int,
    ) -> None:
        self.model = model
        self._read = read
        self._encode = encode
        self._write = write
        self._nice = nice
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        #: what is left to look at: documents' ids, and None for the whole store
        self._todo: set[int | None] = set()
        self._stopping = False

    def wake(self, document: int | None = None) -> None:
        with self._cond:
            if self._stopping:
                return
            self._todo.add(document)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._loop, name="engramdb-statement-encoder", daemon=True
                )
                self._thread.start()

    def close(self, timeout: float = 10.0) -> None:
        """Stop after the statement being encoded (what is left is encoded when a query
        reads it, or by the next writer's pass on opening)."""
        with self._cond:
            self._stopping = True
            thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def idle(self, timeout: float | None = None) -> bool:
        """Wait until nothing is being encoded (tests, benchmarks); False on a timeout."""
        with self._cond:
            thread = self._thread
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True

    def _loop(self) -> None:
        try:
            while True:
                with self._cond:
                    if self._stopping or not self._todo:
                        self._thread = None
                        return
                    # (the whole store first: it takes in any document's)
                    document = (
                        None if None in self._todo else min(d for d in self._todo if d is not None)
                    )
                    self._todo.discard(document)
                    if document is None:
                        self._todo.clear()
                self._pass(document)
        except Exception:  # (a closed store, a full disk: the next wake or reader tries again)
            log.warning("curated statements could not be encoded ahead", exc_info=True)
            with self._cond:
                self._thread = None

    def _pass(self, document: int | None) -> None:
        # the model is loaded here, at the caller's priority (its loading holds the process's
        # encoder lock, which a turn's reading may wait for), before any lowered encoding
        self._encode([])
        after = 0
        while True:
            with self._cond:
                if self._stopping:
                    return
            facts = self._read(after, BATCH, document)
            if not facts:
                return
            texts = [text for _, text in facts]
            vectors = at_lower_priority(
                self._nice,
                functools.partial(self._each, texts),
                name="engramdb-statement-encoder-lowered",
            )
            if vectors is None:
                return  # (closing)
            self._write(
                [
                    (
                        fid,
                        text,
                        digest(self.model, text),
                        np.asarray(v, dtype=np.float32).tobytes(),
                    )
                    for (fid, text), v in zip(facts, vectors, strict=True)
                ]
            )
            after = facts[-1][0]

    def _each(self, texts: list[str]) -> np.ndarray | None:
        """The texts' vectors, one at a time; None as soon as the store is closing."""
        rows = []
        for text in texts:
            with self._cond:
                if self._stopping:
                    return None
            rows.append(self._encode([text])[0])
        return np.stack(rows)
