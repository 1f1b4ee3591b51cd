"""``Idempotency-Key``: the same key with the same request gets the stored response again (the
write is not repeated); the same key with a different request is a 409 problem.

Stored responses are copies of what a write answered (facts, values): a purge in a context
drops that context's stored responses too, so no copy of what was purged outlives it."""

from __future__ import annotations

import hashlib
import json
import threading
import time
from pathlib import Path

from ..store.sqlite import connect

__all__ = ["IdempotencyStore"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS idempotency (
    principal  TEXT NOT NULL,
    key        TEXT NOT NULL,
    request    TEXT NOT NULL,
    status     INTEGER NOT NULL,
    body       TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    path       TEXT,
    PRIMARY KEY (principal, key)
) WITHOUT ROWID;
"""


def fingerprint(method: str, path: str, body: bytes) -> str:
    return hashlib.sha256(method.encode() + b" " + path.encode() + b"\n" + body).hexdigest()


class IdempotencyStore:
    def __init__(self, path: Path, ttl_s: int):
        self.db = connect(path)
        self.db.execute("PRAGMA secure_delete=ON")  # a dropped response leaves no trace
        self.db.executescript(_SCHEMA)
        columns = {r[1] for r in self.db.execute("PRAGMA table_info(idempotency)")}
        if "path" not in columns:  # a store made before purges dropped stored responses
            self.db.execute("ALTER TABLE idempotency ADD COLUMN path TEXT")
        self.ttl_ms = ttl_s * 1000
        self._lock = threading.Lock()

    def lookup(self, principal: str, key: str) -> tuple[str, int, object] | None:
        """(request fingerprint, status, body) stored for this key, if still kept."""
        now = int(time.time() * 1000)
        with self._lock:
            self.db.execute("DELETE FROM idempotency WHERE created_ms < ?", (now - self.ttl_ms,))
            row = self.db.execute(
                "SELECT request, status, body FROM idempotency WHERE principal=? AND key=?",
                (principal, key),
            ).fetchone()
        return (row[0], row[1], json.loads(row[2])) if row else None

    def store(
        self,
        principal: str,
        key: str,
        request: str,
        status: int,
        body: object,
        path: str | None = None,
    ) -> None:
        with self._lock:
            self.db.execute(
                "INSERT OR REPLACE INTO idempotency(principal, key, request, status, body, "
                "created_ms, path) VALUES(?,?,?,?,?,?,?)",
                (principal, key, request, status, json.dumps(body), int(time.time() * 1000), path),
            )

    def forget_context(self, context: str) -> int:
        """Drop every stored response of a context's routes (after a purge there)."""
        prefix = f"/api/v1/{context}/"
        with self._lock:
            cur = self.db.execute(
                "DELETE FROM idempotency WHERE path >= ? AND path < ?",
                (prefix, prefix[:-1] + "0"),
            )
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return cur.rowcount

    def close(self) -> None:
        self.db.close()
