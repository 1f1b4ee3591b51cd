"""``Idempotency-Key``: the same key with the same request gets the stored response again (the
write is not repeated); the same key with a different request is a 409 problem."""

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
    PRIMARY KEY (principal, key)
) WITHOUT ROWID;
"""


def fingerprint(method: str, path: str, body: bytes) -> str:
    return hashlib.sha256(method.encode() + b" " + path.encode() + b"\n" + body).hexdigest()


class IdempotencyStore:
    def __init__(self, path: Path, ttl_s: int):
        self.db = connect(path)
        self.db.executescript(_SCHEMA)
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

    def store(self, principal: str, key: str, request: str, status: int, body: object) -> None:
        with self._lock:
            self.db.execute(
                "INSERT OR REPLACE INTO idempotency(principal, key, request, status, body, "
                "created_ms) VALUES(?,?,?,?,?,?)",
                (principal, key, request, status, json.dumps(body), int(time.time() * 1000)),
            )

    def close(self) -> None:
        self.db.close()
