"""Opening SQLite the way every EngramDB database is opened."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from ..errors import DiskFullError, StorageError

__all__ = ["connect", "has_fts5", "rows_in", "storage_error", "transaction", "truncate_log"]

#: Values bound in one ``IN (...)``: well under SQLite's limit on variables of a statement.
IN_CHUNK = 500


class _Connection(sqlite3.Connection):
    """A connection whose full or failing disk is the caller's ``DiskFullError`` /
    ``StorageError`` (naming the file), wherever the statement runs: inside a transaction or
    a single autocommit ``UPDATE``."""

    path = ""

    def execute(self, *args: Any) -> sqlite3.Cursor:  # type: ignore[override]
        try:
            return super().execute(*args)
        except sqlite3.Error as exc:
            raise storage_error(exc, self.path) or exc from exc

    def executemany(self, *args: Any) -> sqlite3.Cursor:  # type: ignore[override]
        try:
            return super().executemany(*args)
        except sqlite3.Error as exc:
            raise storage_error(exc, self.path) or exc from exc

    def executescript(self, *args: Any) -> sqlite3.Cursor:  # type: ignore[override]
        try:
            return super().executescript(*args)
        except sqlite3.Error as exc:
            raise storage_error(exc, self.path) or exc from exc


def connect(path: Path | str) -> sqlite3.Connection:
    """A connection in WAL mode with ``synchronous=NORMAL``: commits are atomic and consistent
    after a crash; their durability comes from the engine's own write-ahead log, and from a full
    SQLite checkpoint at every engine checkpoint."""
    con = sqlite3.connect(
        str(path), check_same_thread=False, isolation_level=None, timeout=30, factory=_Connection
    )
    con.path = str(path)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=NORMAL")
    con.execute("PRAGMA foreign_keys=ON")
    con.execute("PRAGMA temp_store=MEMORY")
    con.execute("PRAGMA cache_size=-65536")
    return con


def has_fts5() -> bool:
    con = sqlite3.connect(":memory:")
    try:
        con.execute("CREATE VIRTUAL TABLE t USING fts5(x)")
        return True
    except sqlite3.OperationalError:
        return False
    finally:
        con.close()


def rows_in(con: sqlite3.Connection, sql: str, values: Sequence[Any]) -> list[tuple]:
    """The rows of ``sql`` for all ``values``, where ``sql`` holds ``{marks}`` inside an
    ``IN ({marks})``: run a chunk of values at a time."""
    out: list[tuple] = []
    for i in range(0, len(values), IN_CHUNK):
        part = list(values[i : i + IN_CHUNK])
        out += con.execute(sql.format(marks=",".join("?" * len(part))), part).fetchall()
    return out


def storage_error(exc: sqlite3.Error, path: Path | str) -> StorageError | None:
    """The caller's error for SQLite's "the disk is full" and "disk I/O error" (None for any
    other): a clear message, not a driver's."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is None:
        return None
    primary = code & 0xFF
    if primary == sqlite3.SQLITE_FULL:
        return DiskFullError(
            f"the disk holding {path} is full: this write was not kept (free space, then retry)"
        )
    if primary == sqlite3.SQLITE_IOERR:
        return StorageError(f"{path}: the disk failed a read or write ({exc}); nothing was kept")
    return None


@contextlib.contextmanager
def transaction(con: sqlite3.Connection, path: Path | str) -> Iterator[sqlite3.Connection]:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled back on any error. A full or failing disk is
    a ``DiskFullError`` / ``StorageError`` naming ``path`` (``_Connection`` maps it; SQLite may
    have rolled back on its own already, so the driver's "no transaction is active" never
    hides the cause)."""
    con.execute("BEGIN IMMEDIATE")
    try:
        yield con
        con.execute("COMMIT")
    except BaseException as exc:
        if con.in_transaction:
            with contextlib.suppress(sqlite3.Error, StorageError):
                con.execute("ROLLBACK")
        if isinstance(exc, sqlite3.Error) and (mapped := storage_error(exc, path)) is not None:
            raise mapped from exc  # (a connection not made by ``connect``)
        raise


def truncate_log(con: sqlite3.Connection, *, tries: int = 50, wait_s: float = 0.02) -> bool:
    """``wal_checkpoint(TRUNCATE)`` until it is not busy: after a purge no old page image may
    stay in SQLite's log, and a reader in another process (a server's reading worker) holding
    a read transaction makes the checkpoint answer "busy" instead of failing. True once the
    log is empty; False if readers kept it busy for ``tries`` attempts."""
    import time

    for _ in range(tries):
        busy = con.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
        if not busy:
            return True
        time.sleep(wait_s)
    return False
