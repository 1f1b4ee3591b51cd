"""Rows of structured files as (subject, predicate, object) triples.

A catalogue row ``sku=A1, name=Widget, price=9.99`` becomes ``(A1, name, Widget)`` and
``(A1, price, 9.99)``: authoritative facts the reconciler can hold chat claims against. A JSON
object describes one thing, the document itself, so its subject is the document title.
"""

from __future__ import annotations

import re

from engramdb.errors import ValidationError

from ._text import blank, render_value
from .model import ParsedDocument, Triple

__all__ = ["KEY_COLUMN_NAMES", "normalize_key", "pick_key_column", "rows_to_triples"]

KEY_COLUMN_NAMES = ("id", "sku", "name", "product", "title")
"""Column names that identify a row, most specific first; checked before the first column."""

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_NON_WORD = re.compile(r"[^0-9a-z]+")


def normalize_key(name: str) -> str:
    """A column name or key path as a predicate, so differently written headers agree.

    ``"Return Window (days)"`` → ``return_window_days``, ``"windowDays"`` → ``window_days``; the
    dots of a JSON key path are kept.
    """
    return ".".join(
        _NON_WORD.sub("_", _CAMEL.sub("_", part).lower()).strip("_") for part in name.split(".")
    )


def pick_key_column(columns: list[str]) -> str:
    """The column whose cell names a row: an id-like column if there is one, else the first.

    Exact names win (``id``, ``sku``, ``name``, ``product``, ``title``), then names ending in one
    (``product_id``, ``product_name``).
    """
    normal = {column: normalize_key(column) for column in columns}
    for wanted in KEY_COLUMN_NAMES:
        for column in columns:
            if normal[column] == wanted:
                return column
    for wanted in KEY_COLUMN_NAMES:
        for column in columns:
            if normal[column].endswith("_" + wanted):
                return column
    return columns[0]


def rows_to_triples(doc: ParsedDocument, *, key_column: str | None = None) -> list[Triple]:
    """Every non-empty cell as a triple about its row's key; rows without a key are skipped.

    List values (a JSON list of scalars) give one triple per item. ``subject_type`` is the
    normalised key column (``sku``), or ``document`` for a JSON object.
    """
    if not doc.rows:
        return []
    if doc.metadata.get("shape") == "object":
        return [
            Triple(doc.title, normalize_key(column), text, "document", 0, column)
            for column, value in doc.rows[0].items()
            for text in _texts(value)
        ]
    columns = list(dict.fromkeys(column for row in doc.rows for column in row))
    if key_column is None:
        key = pick_key_column(columns)
    elif key_column in columns:
        key = key_column
    else:
        raise ValidationError(
            "key_column",
            f"{key_column!r} is not a column of {doc.name!r}; columns are {', '.join(columns)}",
            value=key_column,
        )
    subject_type = normalize_key(key) or "row"
    triples: list[Triple] = []
    for index, row in enumerate(doc.rows):
        subject = render_value(row.get(key, "")).strip() if not blank(row.get(key)) else ""
        if not subject:
            continue
        for column, value in row.items():
            if column == key:
                continue
            predicate = normalize_key(column) or column
            triples.extend(
                Triple(subject, predicate, text, subject_type, index, column)
                for text in _texts(value)
            )
    return triples


def _texts(value: object) -> list[str]:
    items = value if isinstance(value, list) else [value]
    texts = (render_value(item).strip() for item in items if not blank(item))
    return [text for text in texts if text]
