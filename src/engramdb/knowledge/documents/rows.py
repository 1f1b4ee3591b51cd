"""Tables as frames: each row is one thing, its name-like cell is the subject, its identifiers
(SKU, id, code) are aliases, every other cell is an attribute named by its header.

A catalogue row ``sku=AR-100, name=Aria Headphones, price_usd=129.00, weight_g=250`` becomes
``(Aria Headphones, price, 129.00 USD)`` and ``(Aria Headphones, weight, 250 g)`` with the alias
``AR-100``: chat says "the Aria headphones", rarely the SKU, and a unit that only the header
states ("weight_g") is what makes "250" comparable with "a quarter of a kilo". A column that
only tells rows of one name apart ("adult" / "child" under "fare type") qualifies the attribute
instead ("adult price"), so siblings never look like two values of one fact.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Sequence

from engramdb.errors import ValidationError

from ..claims import ORG
from ._text import blank, render_value, singular
from .budget import checkpoint
from .detect import CSV, JSON
from .model import ParsedDocument, Table, Triple

__all__ = [
    "KEY_COLUMN_NAMES",
    "grid_table",
    "header_unit",
    "normalize_key",
    "pick_key_column",
    "rows_to_triples",
]

NAME_COLUMNS = (
    "name", "title", "product", "product_name", "plan", "plan_name", "service", "service_name",
    "item", "item_name", "room", "room_type", "course", "course_name", "model", "tariff",
    "package", "programme", "program", "treatment", "dish", "account", "account_type", "card",
    "policy", "branch", "store", "location", "route", "fare", "membership", "tier", "class",
    "option", "type", "description",
)  # fmt: skip
"""Headers whose cell names the row's thing, most telling first (then any ``*_name``)."""

ID_COLUMNS = ("id", "sku", "code", "ref", "reference", "slug", "item_no", "part_number")
"""Headers whose cell identifies a row (then any ``*_id``, ``*_sku``, ``*_code``)."""

KEY_COLUMN_NAMES = ID_COLUMNS + NAME_COLUMNS
_NAME_HEADERS = ("name", "title", "product", "product_name")

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_NON_WORD = re.compile(r"[^0-9a-z]+")
_NUMBER = re.compile(r"[+-]?\d[\d,]*(?:\.\d+)?")
_IDENTIFIER = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/-]{0,31}")
_NOT_IDS = ("zip_code", "post_code", "postcode", "postal_code", "promo_code", "area_code")

_CURRENCIES = ("usd", "eur", "gbp", "cad", "aud", "nzd", "chf", "jpy", "inr", "sek", "nok", "dkk")
_UNITS = {
    **{c: c.upper() for c in _CURRENCIES},
    "pct": "%", "percent": "%", "percentage": "%",
    "g": "g", "grams": "g", "kg": "kg", "mg": "mg", "lb": "lb", "lbs": "lb", "oz": "oz",
    "ml": "ml", "l": "l", "litres": "l", "liters": "l",
    "mm": "mm", "cm": "cm", "m": "m", "metres": "m", "meters": "m", "km": "km", "in": "in",
    "inches": "in", "ft": "ft", "miles": "miles",
    "seconds": "seconds", "secs": "seconds", "minutes": "minutes", "mins": "minutes",
    "hours": "hours", "hrs": "hours", "days": "days", "weeks": "weeks", "months": "months",
    "years": "years",
    "mb": "MB", "gb": "GB", "tb": "TB", "mbps": "Mbps", "gbps": "Gbps", "kwh": "kWh",
    "mah": "mAh", "kw": "kW", "w": "W",
}  # fmt: skip
"""Header suffixes that give a bare number its unit (plural for time: ``price_month`` is per
month, not a number of months)."""


@functools.lru_cache(maxsize=4096)  # (a table asks for each header several times)
def normalize_key(name: str) -> str:
    """A column name or key path as a predicate, so differently written headers agree.

    ``"Return Window (days)"`` → ``return_window_days``, ``"windowDays"`` → ``window_days``; the
    dots of a JSON key path are kept.
    """
    return ".".join(
        _NON_WORD.sub("_", _CAMEL.sub("_", part).lower()).strip("_") for part in name.split(".")
    )


def header_unit(column: str) -> tuple[str, str | None]:
    """The attribute a header names and the unit it gives bare numbers: ``weight_g`` →
    (``weight``, ``g``), ``Price (EUR)`` → (``price``, ``EUR``), ``battery_life_hours`` →
    (``battery_life``, ``hours``); a header that is only a unit keeps its name."""
    key = normalize_key(column).replace(".", "_")
    words = key.split("_")
    if len(words) > 1 and words[-1] in _UNITS:
        return "_".join(words[:-1]), _UNITS[words[-1]]
    for i in range(len(words) - 1, 0, -1):  # "Price (USD/month)": a currency anywhere
        if words[i] in _CURRENCIES:
            return "_".join(words[:i] + words[i + 1 :]), _UNITS[words[i]]
    for i in range(len(words) - 2, -1, -1):  # "balance_due_days_before_arrival": in days
        later = "_".join(words[i + 1 :])
        if words[i] in _TIME_UNITS and words[i + 1] in _RELATIVE and not _MONEY.search(later):
            return "_".join(words[:i] + words[i + 1 :]), _UNITS[words[i]]
    return key, None


#: Units of time a key names inside it, before a word that says from when they count
#: ("days_before_arrival"; "opening_hours_sunday" is no count of hours).
_TIME_UNITS = frozenset({"seconds", "minutes", "mins", "hours", "hrs", "days", "weeks", "months"})
_RELATIVE = frozenset({"before", "after", "prior", "ahead", "notice", "until"})


def with_unit(text: str, unit: str | None) -> str:
    """``250`` under ``weight_g`` is ``250 g``; a cell that states its own unit is kept."""
    if unit is None or not _NUMBER.fullmatch(text.strip()):
        return text
    if unit == "%":
        return f"{text}%"
    return f"{text} {unit}"


def pick_key_column(columns: list[str]) -> str:
    """The column whose cell names a row, from the headers alone: a name-like column, else an
    id-like one, else the first."""
    return _name_column(columns, []) or columns[0]


def rows_to_triples(doc: ParsedDocument, *, key_column: str | None = None) -> list[Triple]:
    """Every non-empty cell of every table as a triple about its row's thing.

    ``key_column`` names the column of the subject (else it is chosen: a name-like column whose
    cells are mostly not numbers, else the first text column of distinct cells, else an
    identifier). List values give one triple per item."""
    triples: list[Triple] = []
    for n, table in enumerate(doc.tables):
        triples.extend(_table_triples(doc, table, key_column, n))
    return triples


def every_row_read(doc: ParsedDocument, triples: Sequence[Triple]) -> bool:
    """Whether the document is rows alone (a CSV file: its text is its cells; a JSON file
    whose tables hold every value it states) and each of its rows gave a fact: then its facts
    say all it says, and its passages would only repeat them, in chunks that outrank the one
    fact a question asks for (a flattened JSON chunk holds every price of a file). A JSON
    file with a list of lists is not: its reader leaves those out of the rows, its text keeps
    them."""
    if not doc.tables:
        return False
    if doc.media_type == JSON:
        if not doc.metadata.get("tabled") or not _values_in(doc.rows, triples):
            return False
    elif doc.media_type != CSV:
        return False
    read = {(t.table, t.row) for t in triples}
    return len(read) == sum(len(t.rows) for t in doc.tables)


_TOKEN = re.compile(r"\w+")


def _values_in(rows: Sequence[dict[str, object]], triples: Sequence[Triple]) -> bool:
    """Whether every value of a JSON file's flattened rows is said by some fact (its words in
    a fact's subject, aliases or value): the organisation's name a top-level key gave, or a
    nested object's link to its parent, can be in no table. Linear in the file's size."""
    said: set[str] = set()
    for t in triples:
        for text in (t.subject, t.object, *t.aliases):
            said.update(w.casefold() for w in _TOKEN.findall(str(text)))
    for row in rows:
        for value in row.values():
            for item in value if isinstance(value, list) else (value,):
                if blank(item) or isinstance(item, bool):
                    continue
                if any(w.casefold() not in said for w in _TOKEN.findall(render_value(item))):
                    return False
    return True


def _table_triples(
    doc: ParsedDocument, table: Table, key_column: str | None, number: int
) -> list[Triple]:
    columns = list(table.columns)
    rows = list(table.rows)
    if not rows or not columns:
        return []
    cells = _Cells(rows)
    if table.subject is not None:  # one thing's attributes (a JSON object's top level)
        name, ids = None, [c for c in columns if _is_id_column(c, rows, cells)]
    elif key_column is not None:
        if key_column not in columns:
            raise ValidationError(
                "key_column",
                f"{key_column!r} is not a column of {doc.name!r}; columns are {', '.join(columns)}",
                value=key_column,
            )
        name, ids = (
            key_column,
            [c for c in columns if c != key_column and _is_id_column(c, rows, cells)],
        )
    else:
        name = _name_column(columns, rows, cells)
        ids = [c for c in columns if c != name and _is_id_column(c, rows, cells)]
        if name is None and ids:
            name, ids = ids[0], ids[1:]
        if name is None:
            name = columns[0]
    qualifiers = _qualifier_columns(columns, rows, name, ids, cells) if name is not None else []
    names = Counter(cells[name]) if name is not None else Counter()
    kind = table.subject_type or table.kind
    headers = {c: header_unit(c) for c in columns}  # once per column, not per cell
    out: list[Triple] = []
    for index, row in enumerate(rows):
        checkpoint()
        codes = [a for c in ids if (a := cells[c][index])]
        subject = table.subject if table.subject is not None else cells[name][index]
        subject = subject or (codes[0] if codes else "")  # a row without a name: its code
        if not subject:
            continue
        aliases = tuple(a for a in codes if a != subject)
        shared = name is not None and names[cells[name][index]] > 1
        # the qualifying cell tells a row from its namesakes only ("6 pack" / "12 pack")
        qualifier = " ".join(q for c in qualifiers if (q := cells[c][index])) if shared else ""
        for column, value in row.items():
            if column == name or (shared and column in qualifiers) or column in ids:
                continue  # identifiers are aliases, not attributes
            attribute, unit = headers.get(column) or header_unit(column)
            if unit is None and table.currency and _MONEY.search(attribute):
                unit = table.currency  # "price": 1.85 under "currency": "GBP"
            predicate = attribute or normalize_key(column) or column
            if qualifier:
                predicate = f"{normalize_key(qualifier).replace('.', '_')}_{predicate}"
            out.extend(
                Triple(
                    subject, predicate, with_unit(text, unit), kind, index, column, aliases, number
                )
                for text in _texts(value)
            )
    return out


_MONEY = re.compile(
    r"(?:^|_)(?:price|prices|cost|costs|fee|fees|charge|charges|fare|fares|premium|deposit|"
    r"excess|tuition|rent|order|over|spend|bonus|credit|refund|fine|penalty|surcharge)(?:_|$)"
)
_VALUE_LIKE = re.compile(r"\d|[$£€¥%]|^(?:yes|no|free|included|n/?a|none|-|—)$", re.IGNORECASE)
_VALUE_ONLY = re.compile(
    r"\s*(?:[$£€¥]\s*)?[+-]?\d[\d,.:/–-]*\s*(?:%|am|pm|[a-z]{1,3}\.?)?\s*$"
    r"|\s*(?:yes|no|free|included|n/?a|none|-|—)\s*$",
    re.IGNORECASE,
)
_MATRIX_CORNERS = (
    *("", "feature", "features", "attribute", "property", "spec", "specs", "details"),
    *("benefit", "benefits", "cover", "coverage"),
)


def matrix_table(columns: Sequence[str], rows: Sequence[dict[str, object]]) -> Table | None:
    """A CSV comparison grid ("benefit,single_trip_gbp,backpacker_gbp"): the corner names what
    the rows are (attributes), so each other column is one thing, its header its name and the
    unit it gives bare numbers; ``None`` for an ordinary table (one row per thing)."""
    if len(columns) < 3 or normalize_key(columns[0]) not in _MATRIX_CORNERS[1:]:
        return None
    if any(not c or _VALUE_LIKE.search(c) for c in columns[1:]):
        return None
    things = []
    for column in columns[1:]:
        key, unit = header_unit(column)
        name = column if key == normalize_key(column) and " " in column else key
        row: dict[str, object] = {"name": " ".join(w.capitalize() for w in name.split("_"))}
        for r in rows:
            label, cell = _cell(r, columns[0]), _cell(r, column)
            if label and cell:
                row[label] = with_unit(cell, unit)
        things.append(row)
    out = tuple(dict.fromkeys(c for r in things for c in r))
    return Table(out, tuple(things), "item")


def grid_table(
    grid: list[list[str]],
    path: tuple[str, ...] = (),
    span: tuple[int, int] | None = None,
    *,
    header: bool = False,
) -> Table | None:
    """A Markdown or HTML table as frames. A header row of labels (or of header cells:
    ``header``, "Standard (3 working days)" is a label the markup names) names the columns; a
    two-column table without one is the properties of what its heading names (``Check-in |
    3 pm`` under "The Harbour Room"); a header whose corner is empty or "Feature" over names
    is a comparison matrix, read one column per thing."""
    grid = [[" ".join(c.split()) for c in r] for r in grid if any(c.strip() for c in r)]
    if not grid or max(len(r) for r in grid) < 2:
        return None
    width = max(len(r) for r in grid)
    grid = [r + [""] * (width - len(r)) for r in grid]
    head = grid[0]
    start, end = span if span is not None else (None, None)
    # header cells (Markdown always has a header row; HTML's th) are labels unless one is only
    # a value ("3 pm", "£8.20": a first row of data put in the header) or the table is two
    # columns wide (properties: "| Check-in | 3 pm |")
    marked = header and width > 2 and all(c and not _VALUE_ONLY.match(c) for c in head[1:])
    labels = marked or all(c and not _VALUE_LIKE.search(c) for c in head[1:])
    labels = labels and bool(head[0] or width > 2)
    if len(grid) > 1 and labels and width > 2 and normalize_key(head[0]) in _MATRIX_CORNERS:
        things = []
        for j in range(1, width):
            row: dict[str, object] = {"name": head[j]}
            row.update({r[0]: r[j] for r in grid[1:] if r[0] and r[j]})
            things.append(row)
        columns = tuple(dict.fromkeys(c for r in things for c in r))
        return Table(columns, tuple(things), "item", heading_path=path, start=start, end=end)
    if len(grid) > 1 and labels and width == 2 and normalize_key(head[1]) in _VALUE_HEADERS:
        grid = grid[1:]  # "Spec | Value": a header over properties
        labels = False
    if len(grid) > 1 and labels and head[0]:
        columns = _unique(head)
        rows = tuple(dict(zip(columns, r, strict=True)) for r in grid[1:])
        kind = singular(normalize_key(head[0]))
        return Table(columns, rows, kind, heading_path=path, start=start, end=end)
    if width == 2 and not labels:  # properties: "Check-in | 3 pm"
        named = next((h for h in reversed(path) if not is_generic_heading(h)), None)
        topic = normalize_key(path[-1]).replace(".", "_") if path else ""
        if topic and set(topic.split("_")) <= _SPEC_WORDS:
            topic = ""  # "Specifications" says nothing the attribute does not
        if named is not None:
            row = {
                (f"{topic}_{normalize_key(r[0])}" if topic else r[0]): r[1]
                for r in grid
                if r[0] and r[1]
            }
            if row:
                return Table(tuple(row), (row,), "item", named, None, path, start, end)
        row = {
            (f"{topic}_{normalize_key(r[0])}" if topic else r[0]): r[1]
            for r in grid
            if r[0] and r[1]
        }
        if row:
            return Table(tuple(row), (row,), "organisation", ORG, "organisation", path, start, end)
    return None


_VALUE_HEADERS = ("value", "values", "detail", "details", "", "info", "description")
_SECTION_WORDS = frozenset(
    "specifications specification specs spec details detail overview features feature key "
    "facts summary at a glance opening hours contact contacts pricing prices price fees fee "
    "charges rates rate delivery shipping returns return policy policies information info "
    "terms conditions general about us our your the and of table options plans services "
    "technical product products room rooms menu schedule timetable support faq faqs "
    "included what's whats s reservations reservation bookings booking cancellations "
    "cancellation payments payment refunds refund claims claim levels level tiers tier cover "
    "hours times how it works need to know important notes note".split()
)


_SPEC_WORDS = frozenset(
    "specifications specification specs spec details detail overview features feature key "
    "facts summary at a glance technical information info general the and of".split()
)


def is_generic_heading(heading: str) -> bool:
    """A section heading ("Specifications", "Opening hours") rather than a thing's name."""
    words = re.findall(r"[a-z']+", heading.casefold())
    return not words or all(w in _SECTION_WORDS for w in words)


def _unique(header: Sequence[str]) -> tuple[str, ...]:
    out: list[str] = []
    for i, c in enumerate(header):
        name = c or f"column_{i + 1}"
        while name in out:
            name += "_2"
        out.append(name)
    return tuple(out)


class _Cells(dict):
    """Each column's cells of a table's rows, rendered once when first asked for: choosing the
    name, identifier and qualifier columns reads every column several times (a catalogue of
    55,000 rows rendered each cell three times)."""

    def __init__(self, rows: Sequence[dict[str, object]]):
        super().__init__()
        self.rows = rows

    def __missing__(self, column: str) -> list[str]:
        cells = self[column] = [_cell(r, column) for r in self.rows]
        return cells


def _cell(row: dict[str, object], column: str | None) -> str:
    if column is None or blank(row.get(column)):
        return ""
    return render_value(row.get(column)).strip()


def _numeric(text: str) -> bool:
    return bool(_NUMBER.fullmatch(text.strip().lstrip("$£€").rstrip("%")))


def _name_column(
    columns: Sequence[str], rows: Sequence[dict[str, object]], cells: _Cells | None = None
) -> str | None:
    """The row header: a column headed as a name ("name", "title", "product name"), else the
    leftmost text column, as tables are laid out (when rows share it, a column to its right
    qualifies them: "/v2/query" for Starter and for Business); identifiers and numbers never
    name a row."""
    normal = {c: normalize_key(c).replace(".", "_") for c in columns}
    column_cells = cells if cells is not None else _Cells(rows)

    def texty(c: str) -> bool:
        cells = [x for x in column_cells[c] if x]
        return not cells or sum(not _numeric(x) for x in cells) * 2 > len(cells)

    usable = [c for c in columns if texty(c) and not _is_id_column(c, rows, column_cells)]
    for c in usable:
        if normal[c] in _NAME_HEADERS or normal[c].endswith("_name"):
            return c
    if not rows:  # headers alone: the first name-like one
        return next((c for c in usable if normal[c] in NAME_COLUMNS), None)
    return usable[0] if usable else None


def _is_id_column(
    column: str, rows: Sequence[dict[str, object]], column_cells: _Cells | None = None
) -> bool:
    """An identifier: an id-like header (``sku``, ``*_id``, ``*_code``) whose cells are short
    codes, distinct across rows."""
    n = normalize_key(column).replace(".", "_")
    named = n in ID_COLUMNS or (n.endswith(("_id", "_sku", "_code", "_ref")) and n not in _NOT_IDS)
    if not named:
        return False
    cells = (column_cells if column_cells is not None else _Cells(rows))[column]
    cells = [c for c in cells if c]
    return (
        bool(cells)
        and len(set(cells)) == len(cells)
        and all(_IDENTIFIER.fullmatch(c) for c in cells)
    )


def _qualifier_columns(
    columns: Sequence[str],
    rows: Sequence[dict[str, object]],
    name: str,
    ids: Sequence[str],
    column_cells: _Cells | None = None,
) -> list[str]:
    """When one name has several rows ("Express" standard and weekend rates), the first text
    column that tells them apart qualifies their attributes."""
    column_cells = column_cells if column_cells is not None else _Cells(rows)
    names = column_cells[name]
    if len(set(names)) == len(names):
        return []
    for c in columns:
        if c == name or c in ids:
            continue
        cells = column_cells[c]
        if all(cells) and not any(_numeric(x) for x in cells):
            pairs = list(zip(names, cells, strict=True))
            if len(set(pairs)) == len(pairs):
                return [c]
    return []


def _texts(value: object) -> list[str]:
    items = value if isinstance(value, list) else [value]
    texts = (render_value(item).strip() for item in items if not blank(item))
    return [text for text in texts if text]
