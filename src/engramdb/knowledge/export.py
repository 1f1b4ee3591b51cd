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
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from ..errors import ValidationError
from .clock import now_ms

if TYPE_CHECKING:
    from .memory import Memory

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
#: filled again on import (the engine's copies are written anew)
_RESET = {"turns": {"memory_written": 0}, "chunks": {"memory_written": 0}}


def _columns(mem: Memory, table: str) -> list[str]:
    return [r[1] for r in mem.db.execute(f"PRAGMA table_info({table})")]


def export_lines(mem: Memory) -> Iterator[str]:
    """The store's lines (each ends with a newline)."""
    header = {
        "format": FORMAT,
        "version": VERSION,
        "embedding_model": mem.engine.embedder.model_id,
        "exported_at": now_ms(),
    }
    yield json.dumps(header, sort_keys=True) + "\n"
    with mem._snapshot():
        tables = {table: _rows(mem, table, order, forgotten) for table, order, forgotten in TABLES}
        ids: dict[tuple[str, str], set] = {}  # (parent table, column): the exported values
        for table, rows in tables.items():
            for row in rows:
                _drop_dangling(mem, table, row, tables, ids)
                yield json.dumps({"table": table, "row": row}, sort_keys=True) + "\n"


def _rows(mem: Memory, table: str, order: str, has_forgotten: bool) -> list[dict[str, Any]]:
    cols = [c for c in _columns(mem, table) if c not in _RESET.get(table, {})]
    where = " WHERE forgotten = 0" if has_forgotten else ""
    if table == "provenance":
        where = " WHERE fact_id IN (SELECT id FROM facts WHERE forgotten = 0)"
    if table == "turn_versions":
        where = " WHERE turn_id IN (SELECT id FROM turns WHERE forgotten = 0)"
    out = []
    for values in mem.db.execute(f"SELECT {', '.join(cols)} FROM {table}{where} ORDER BY {order}"):
        row = dict(zip(cols, values, strict=True))
        out.append({k: v.hex() if isinstance(v, bytes) else v for k, v in row.items()})
    return out


_KEYS: dict[str, list[tuple[str, str, str]]] = {}


def _drop_dangling(
    mem: Memory,
    table: str,
    row: dict[str, Any],
    tables: dict[str, list[dict[str, Any]]],
    ids: dict[tuple[str, str], set],
) -> None:
    """A reference to a row that is not exported (a forgotten one) reads as none: the import
    keeps every foreign key, and the export names nothing it left out."""
    if table not in _KEYS:
        _KEYS[table] = [
            (r[3], r[2], r[4] or "id") for r in mem.db.execute(f"PRAGMA foreign_key_list({table})")
        ]
    for column, parent, target in _KEYS[table]:
        value = row.get(column)
        if value is None or parent not in tables:
            continue
        if (parent, target) not in ids:
            ids[parent, target] = {r.get(target) for r in tables[parent]}
        if value not in ids[parent, target]:
            row[column] = None


def _empty(mem: Memory) -> bool:
    return not any(
        mem.db.execute(f"SELECT 1 FROM {t} LIMIT 1").fetchone()
        for t in ("turns", "facts", "chunks", "documents", "entities")
    )


def import_lines(mem: Memory, lines: Iterable[str]) -> dict[str, Any]:
    """Rows of an export into an empty store, in one transaction (all or nothing); then the
    engine's copies of its turns and chunks. Counts per table."""
    if not _empty(mem):
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
    cols = {t: set(_columns(mem, t)) for t in known}
    counts: dict[str, int] = dict.fromkeys(sorted(known), 0)
    with mem._lock:
        with mem._transaction():
            mem.db.execute("PRAGMA defer_foreign_keys = ON")  # (a fact names a later one)
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
                row = {**row, **_RESET.get(table, {})}
                names = ", ".join(row)
                marks = ", ".join("?" * len(row))
                mem.db.execute(f"INSERT INTO {table}({names}) VALUES({marks})", list(row.values()))
                counts[table] += 1
        mem._drop_scopes()
        mem._catch_up()
    return {"imported": counts, "embedding_model": header.get("embedding_model")}
