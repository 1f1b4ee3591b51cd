"""JSON: an object becomes one row of flattened key paths, an array of objects becomes rows, and
either is also rendered as readable ``key: value`` lines for chunking and passage recall."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator

from engramdb.errors import ValidationError

from ..claims import ORG
from ._text import (
    Extraction,
    TextBuilder,
    blank,
    check_json_nesting,
    decode_text,
    file_stem,
    record_line,
    render_value,
    singular,
)
from .model import Table
from .rows import NAME_COLUMNS, normalize_key

ORG_KEYS = (
    "company", "vendor", "organisation", "organization", "business", "brand", "provider",
    "operator", "insurer", "airline", "bank", "hotel", "clinic", "practice", "restaurant",
    "school", "college", "university", "gym", "merchant", "retailer", "store_name", "org",
    "store", "shop",
)  # fmt: skip
"""Top-level keys whose string names the organisation the document speaks for."""

__all__ = ["flatten", "parse_json"]


def parse_json(data: bytes, name: str) -> Extraction:
    text = decode_text(data, name)
    check_json_nesting(text, name)
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValidationError(
            "data",
            f"{name!r} is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})",
            value=exc.pos,
        ) from None

    builder = TextBuilder()
    rows: list[dict[str, object]] = []
    if isinstance(value, dict):
        shape = "object"
        row = flatten(value)
        rows = [row] if row else []
        _render_object(value, builder)
    elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        shape = "records"
        rows = [flatten(item) for item in value]
        builder.block("\n".join(record_line(row) for row in rows))
    else:
        shape = "other"
        builder.block(json.dumps(value, indent=2, ensure_ascii=False))
    text, sections = builder.build()
    title = file_stem(name)
    if shape == "object":
        found = next((value[k] for k in ("title", "name") if isinstance(value.get(k), str)), "")
        title = found.strip() or title
    # whether its tables hold every value it states (not a list of lists, nor a top level that
    # is no object or records): then its facts can say all it says (``rows.every_row_read``)
    metadata: dict[str, object] = {"shape": shape, "tabled": shape != "other" and _tabled(value)}
    return Extraction(
        title=title,
        text=text,
        sections=sections,
        rows=rows,
        metadata=metadata,
        tables=things(value, file_stem(name)),
    )


def things(value: object, stem: str) -> list[Table]:
    """The things a JSON document describes, as tables: an array of objects is a table of
    its own (``stores`` → rows of kind ``store``); an object named by a name-like key is one
    thing; a nested object without a name adds dotted attributes to its parent; the top level
    is the organisation (named by ``company``/``vendor``/... when it says so) unless it names
    a thing itself."""
    tables: list[Table] = []
    currency = _currency(value)
    if currency is not None:
        tables = _with_currency(things(_without_currency(value), stem), currency)
        return tables
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        _array(value, singular(stem), tables)
    elif isinstance(value, dict):
        row = _record(value, tables)
        org = next(
            (k for k in row if normalize_key(k) in ORG_KEYS and isinstance(row[k], str)), None
        )
        if org is not None:
            subject = str(row.pop(org)).strip()
            if row:
                tables.insert(0, Table(tuple(row), (row,), "organisation", subject, "organisation"))
        elif _named(value):
            tables.insert(0, Table(tuple(row), (row,), singular(stem)))
        elif row:
            tables.insert(0, Table(tuple(row), (row,), "organisation", ORG, "organisation"))
    return tables


def _currency(value: object) -> str | None:
    """The currency a document states once at its top ("currency": "GBP")."""
    if isinstance(value, dict):
        c = value.get("currency")
        if isinstance(c, str) and re.fullmatch(r"[A-Za-z]{3}|[$£€¥]", c.strip()):
            return c.strip().upper()
    return None


def _without_currency(value: object) -> object:
    return {k: v for k, v in value.items() if k != "currency"} if isinstance(value, dict) else value


def _with_currency(tables: list[Table], currency: str) -> list[Table]:
    return [dataclasses.replace(t, currency=currency) for t in tables]


def _named(obj: dict[str, object]) -> bool:
    return any(normalize_key(str(k)) in NAME_COLUMNS and isinstance(v, str) for k, v in obj.items())


def _array(items: list[dict[str, object]], kind: str, tables: list[Table]) -> None:
    at = len(tables)
    rows = [_record(item, tables) for item in items]
    rows = [r for r in rows if r]
    if rows:
        columns = tuple(dict.fromkeys(c for r in rows for c in r))
        tables.insert(at, Table(columns, tuple(rows), kind))


def _record(obj: dict[str, object], tables: list[Table], prefix: str = "") -> dict[str, object]:
    """One thing's cells; the things nested in it go to ``tables``."""
    row: dict[str, object] = {}
    for key, item in obj.items():
        path = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(item, dict):
            if _named(item):
                nested = _record(item, tables)
                if nested:
                    tables.append(Table(tuple(nested), (nested,), singular(str(key))))
            else:
                row.update(_record(item, tables, path))
        elif isinstance(item, list):
            objects = [v for v in item if isinstance(v, dict)]
            scalars = [v for v in item if not isinstance(v, (dict, list))]
            if objects:
                _array(objects, singular(str(key)), tables)
            if scalars:
                row[path] = scalars
        elif not blank(item):
            row[path] = item
    return row


def flatten(value: dict[str, object]) -> dict[str, object]:
    """Nested objects become dotted key paths (``shipping.returns.window_days``).

    A list of scalars stays one list-valued entry (one predicate, several values); a list that
    holds objects is indexed (``items.0.sku``). Empty objects and lists are dropped.
    """
    return dict(_walk(value, ""))


def _walk(value: object, prefix: str) -> Iterator[tuple[str, object]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(item, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(value, list):
        if _scalar_list(value):
            if value:
                yield prefix, list(value)
        else:
            for index, item in enumerate(value):
                yield from _walk(item, f"{prefix}.{index}")
    else:
        yield prefix, value


def _render_object(value: dict[str, object], builder: TextBuilder) -> None:
    """Top-level scalars form an untitled section; each nested top-level key gets its own."""
    plain: list[str] = []
    nested: list[tuple[str, list[str]]] = []
    for key, item in value.items():
        lines = [f"{k}: {render_value(v)}" for k, v in _walk(item, str(key)) if not blank(v)]
        if isinstance(item, dict) or (isinstance(item, list) and not _scalar_list(item)):
            nested.append((str(key), lines))
        else:
            plain.extend(lines)
    builder.block("\n".join(plain))
    for key, lines in nested:
        if lines:
            builder.heading(key)
            builder.block("\n".join(lines), (key,))


def _tabled(value: object) -> bool:
    """Whether ``things`` keeps all ``value`` says in its tables: no list holds a list (left
    out of them), and no object holds a named object as a field (that becomes a thing of its
    own, and which thing held it is in no table). ``rows.every_row_read`` also checks that
    every value became a fact."""
    if isinstance(value, dict):
        return all(not (isinstance(v, dict) and _named(v)) and _tabled(v) for v in value.values())
    if isinstance(value, list):
        return all(not isinstance(v, list) and _tabled(v) for v in value)
    return True


def _scalar_list(value: list[object]) -> bool:
    return all(not isinstance(v, (dict, list)) for v in value)
