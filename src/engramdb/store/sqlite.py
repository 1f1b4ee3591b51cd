"""Opening SQLite the way every EngramDB database is opened."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["connect", "has_fts5", "rows_in"]

#: Values bound in one ``IN (...)``: well under SQLite's limit on variables of a statement.
IN_CHUNK = 500


def connect(path: Path | str) -> sqlite3.Connection:
    """A connection in WAL mode with ``synchronous=NORMAL``: commits are atomic and consistent
    after a crash; their durability comes from the engine's own write-ahead log, and from a full
    SQLite checkpoint at every engine checkpoint."""
    con = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None, timeout=30)
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
