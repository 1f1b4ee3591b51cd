"""A store as JSON lines (``Memory.export``) and back (``Memory.import_lines``).

The first line is a header (format, version, the embedding model id); then one line per row of
each knowledge table, ``{"table": ..., "row": {column: value}}``, in an order that imports
(sources before what cites them). Forgotten rows are not exported: a soft forget is out of
every read, and an export is one. The engine's copies (vectors, full-text rows, windows) are
derived: an import writes them again from the turns and chunks, with the target store's
embedder. The engine's learned state (strengths, associations, co-activations) is not in an
export; ``Memory.backup`` keeps everything.

A round trip compares equal: ``export(import(export(s)))`` gives the lines of ``export(s)``
(the header's ``exported_at`` apart)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from ..errors import ValidationError
from .clock import now_ms
from .schema import FACTS_ONLY

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = ["FORMAT", "TABLES", "export_lines", "import_lines"]

FORMAT = "engramdb-export"
VERSION = 1
#: (table, ORDER BY, whether it has a ``forgotten`` column), in import order
TABLES = (
    ("scopes", "path", False),
    ("sources", "id", False),
    ("entities", "id", True),
    ("documents", "id", True),
    ("facts", "id", True),
    ("provenance", "fact_id, source_id", False),
    ("instructions", "id", True),
    ("uncertainties", "id", True),
    ("observations", "id", True),
    ("turns", "created_ms, id", True),
    ("turn_versions", "turn_id, version", False),
    ("items", "turn_id", True),
    ("chunks", "document_id, idx", True),
    ("traces", "id", True),
)
#: filled again on import (the engine's copies are written anew), except a chunk's mark that
#: it is never copied there (``FACTS_ONLY``), which the export keeps
_RESET = {"turns": {"memory_written": 0}, "chunks": {"memory_written": 0}}
_KEPT = {("chunks", "memory_written"): FACTS_ONLY}


def _reset(table: str, row: dict[str, Any]) -> dict[str, Any]:
    return {
        c: v
        for c, v in _RESET.get(table, {}).items()
        if (table, c) not in _KEPT or row.get(c) != _KEPT[table, c]
    }


def _columns(store: OpenStore, table: str) -> list[str]:
    return [r[1] for r in store.db.execute(f"PRAGMA table_info({table})")]


def export_lines(store: OpenStore) -> Iterator[str]:
    """The store's lines (each ends with a newline)."""
    header = {
        "format": FORMAT,
        "version": VERSION,
        "embedding_model": store.engine.embedder.model_id,
        "exported_at": now_ms(),
    }
    yield json.dumps(header, sort_keys=True) + "\n"
    with store.snapshot():
        exported = _exported_ids(store)
        for table, order, forgotten in TABLES:
            keys = _foreign_keys(store, table)
            for row in _rows(store, table, order, forgotten):
                for column, parent, target in keys:
                    # a reference to a row left out (a forgotten one) reads as none: the
                    # import keeps every foreign key, the export names nothing it left out
                    value = row.get(column)
                    if value is not None and value not in exported.get((parent, target), {value}):
                        row[column] = None
                yield json.dumps({"table": table, "row": row}, sort_keys=True) + "\n"


def _where(table: str, has_forgotten: bool) -> str:
    if table == "provenance":
        return " WHERE fact_id IN (SELECT id FROM facts WHERE forgotten = 0)"
    if table == "turn_versions":
        return " WHERE turn_id IN (SELECT id FROM turns WHERE forgotten = 0)"
    return " WHERE forgotten = 0" if has_forgotten else ""


def _foreign_keys(store: OpenStore, table: str) -> list[tuple[str, str, str]]:
    """(column, parent table, parent column) of each foreign key of ``table``."""
    return [
        (r[3], r[2], r[4] or "id") for r in store.db.execute(f"PRAGMA foreign_key_list({table})")
    ]


def _exported_ids(store: OpenStore) -> dict[tuple[str, str], set]:
    """The values each referenced column has in the export (ids only: a row's text is read
    once, when it is written out)."""
    wanted = {(p, t) for table, _, _ in TABLES for _, p, t in _foreign_keys(store, table)}
    flags = {table: forgotten for table, _, forgotten in TABLES}
    return {
        (parent, target): {
            r[0]
            for r in store.db.execute(
                f"SELECT {target} FROM {parent}{_where(parent, flags[parent])}"
            )
        }
        for parent, target in wanted
        if parent in flags
    }


def _rows(
    store: OpenStore, table: str, order: str, has_forgotten: bool
) -> Iterator[dict[str, Any]]:
    cols = [
        c for c in _columns(store, table) if c not in _RESET.get(table, {}) or (table, c) in _KEPT
    ]
    sql = f"SELECT {', '.join(cols)} FROM {table}{_where(table, has_forgotten)} ORDER BY {order}"
    cur = store.db.execute(sql)
    while batch := cur.fetchmany(500):
        for values in batch:
            row = dict(zip(cols, values, strict=True))
            yield {k: v.hex() if isinstance(v, bytes) else v for k, v in row.items()}


def _empty(store: OpenStore) -> bool:
    return not any(store.db.execute(f"SELECT 1 FROM {t} LIMIT 1").fetchone() for t, _, _ in TABLES)


def import_lines(store: OpenStore, lines: Iterable[str]) -> dict[str, Any]:
    """Rows of an export into an empty store, in one transaction (all or nothing); then the
    engine's copies of its turns and chunks. Counts per table."""
    if not _empty(store):
        raise ValidationError("import", "the store is not empty: import into a new one")
    it = iter(lines)
    first = next(it, "").strip()
    try:
        header = json.loads(first) if first else {}
    except json.JSONDecodeError:
        header = {}
    if header.get("format") != FORMAT:
        raise ValidationError("import", f"line 1 is not an {FORMAT} header")
    if header.get("version") != VERSION:
        raise ValidationError("import", f"export version {header.get('version')!r} is unknown")
    known = {t for t, _, _ in TABLES}
    cols = {t: set(_columns(store, t)) for t in known}
    counts: dict[str, int] = dict.fromkeys(sorted(known), 0)
    with store.lock:
        with store.transaction():
            store.db.execute("PRAGMA defer_foreign_keys = ON")  # (a fact names a later one)
            for n, line in enumerate(it, start=2):
                if not line.strip():
                    continue
                try:
                    entry = json.loads(line)
                    table, row = entry["table"], entry["row"]
                except (json.JSONDecodeError, KeyError, TypeError):
                    raise ValidationError(f"line {n}", "is not a table row of an export") from None
                if table not in known or not isinstance(row, dict) or not set(row) <= cols[table]:
                    raise ValidationError(f"line {n}", f"unknown table or columns ({table!r})")
                row = {**row, **_reset(table, row)}
                names = ", ".join(row)
                marks = ", ".join("?" * len(row))
                try:
                    store.db.execute(
                        f"INSERT INTO {table}({names}) VALUES({marks})", list(row.values())
                    )
                except sqlite3.Error as e:
                    raise ValidationError(f"line {n}", f"cannot be stored ({e})") from None
                counts[table] += 1
        store.drop_scopes()
        store.catch_up()
    return {"imported": counts, "embedding_model": header.get("embedding_model")}
