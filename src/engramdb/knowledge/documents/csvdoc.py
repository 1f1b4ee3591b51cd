"""CSV (and TSV): dialect sniffed with :class:`csv.Sniffer`, the first row is the header, every
later row becomes a dict of strings. Numbers stay text here; typed parsing comes later."""

from __future__ import annotations

import csv
import io
import re

from engramdb.errors import ValidationError

from ._text import (
    Extraction,
    Sniffer,
    TextBuilder,
    decode_text,
    file_stem,
    record_line,
    singular,
)
from .budget import checkpoint
from .model import Table
from .rows import matrix_table

__all__ = ["parse_csv"]

_DELIMITERS = ",;\t|"
_SNIFF_CHARS = 64 * 1024
_MAX_CELLS_PER_CHAR = 4
_MIN_CELLS = 100_000


def parse_csv(data: bytes, name: str) -> Extraction:
    text = decode_text(data, name)
    dialect = _dialect(text)
    try:
        table = [row for row in csv.reader(io.StringIO(text), dialect) if "".join(row).strip()]
    except csv.Error as exc:
        raise ValidationError("data", f"{name!r} is not a readable CSV file ({exc})") from None
    if not table:
        raise ValidationError("data", f"{name!r} has no rows")
    columns = _columns(table[0])
    rows: list[dict[str, object]] = []
    # every row is padded to the header's width: bound the cells so that a wide header over
    # many one-cell rows cannot cost the square of the file's size
    width = max(len(columns), max(len(cells) for cells in table))
    if width * (len(table) - 1) > _MAX_CELLS_PER_CHAR * len(text) + _MIN_CELLS:
        raise ValidationError(
            "data",
            f"{name!r} has {len(table) - 1} rows far narrower than its {width} columns",
            limit=_MAX_CELLS_PER_CHAR * len(text) + _MIN_CELLS,
            value=width * (len(table) - 1),
        )
    for cells in table[1:]:
        checkpoint()
        cells = _rejoined(cells, len(columns))
        while len(columns) < len(cells):
            columns.append(f"column_{len(columns) + 1}")
        padded = [c.strip() for c in cells] + [""] * (len(columns) - len(cells))
        rows.append(dict(zip(columns, padded, strict=True)))
    if not rows:
        raise ValidationError("data", f"{name!r} has a header row but no data rows")

    builder = TextBuilder()
    builder.block("\n".join(record_line(row) for row in rows))
    body, sections = builder.build()
    metadata: dict[str, object] = {"columns": columns, "delimiter": dialect.delimiter}
    table = matrix_table(columns, rows) or Table(
        tuple(columns), tuple(rows), kind=singular(file_stem(name))
    )
    return Extraction(
        title=file_stem(name),
        text=body,
        sections=sections,
        rows=rows,
        metadata=metadata,
        tables=[table],
    )


# an amount written with a thousands separator the file did not quote ("£1,150" read as "£1"
# and "150"): its head, and a group of three digits
_THOUSANDS_HEAD = re.compile(r"[£$€]?\s?\d{1,3}")
_THOUSANDS_GROUP = re.compile(r"\d{3}(?:\.\d+)?(?:\s?[A-Za-z€£$%]{0,4})?")


def _rejoined(cells: list[str], width: int) -> list[str]:
    """A row wider than its header whose extra cells are the groups of unquoted thousands
    separators, put back together when which cells to join is not in doubt: the places where
    an amount's head meets a group of three digits are as many as the extra cells (of those,
    the amounts with a currency sign first: "100,250,£1,150" under sku, stock, price joins
    "£1,150" only); any other row as it is. One pass over the row."""
    excess = len(cells) - width
    if excess <= 0:
        return cells
    joins = [
        i
        for i in range(len(cells) - 1)
        if _THOUSANDS_HEAD.fullmatch(cells[i].strip())
        and _THOUSANDS_GROUP.fullmatch(cells[i + 1].strip())
    ]
    signed = [i for i in joins if cells[i].strip()[:1] in "£$€"]
    if len(signed) == excess:
        chosen = set(signed)
    elif len(joins) == excess:
        chosen = set(joins)
    else:
        return cells
    out: list[str] = []
    pieces: list[str] = []
    for i, cell in enumerate(cells):
        pieces.append(cell)
        if i not in chosen:
            out.append(",".join(pieces))
            pieces = []
    return out


def _dialect(text: str) -> type[csv.Dialect] | csv.Dialect:
    sample = text[:_SNIFF_CHARS]
    if len(text) > _SNIFF_CHARS and "\n" in sample:
        sample = sample[: sample.rindex("\n")]
    try:
        return Sniffer().sniff(sample, delimiters=_DELIMITERS)
    except csv.Error:
        first = sample.split("\n", 1)[0]
        delimiter = max(_DELIMITERS, key=first.count)

        class Fallback(csv.excel):
            pass

        Fallback.delimiter = delimiter if first.count(delimiter) else ","
        return Fallback


def _columns(header: list[str]) -> list[str]:
    """Header names made usable as keys: blanks get ``column_N``, repeats get ``_2``, ``_3``."""
    columns: list[str] = []
    seen: set[str] = set()
    tried: dict[str, int] = {}  # the suffix to try next for a name (lower ones are taken)
    for position, raw in enumerate(header, start=1):
        name = raw.strip() or f"column_{position}"
        candidate, suffix = name, tried.get(name, 2)
        if candidate in seen:
            candidate = f"{name}_{suffix}"
            while candidate in seen:
                suffix += 1
                candidate = f"{name}_{suffix}"
            suffix += 1
        tried[name] = suffix
        seen.add(candidate)
        columns.append(candidate)
    return columns
