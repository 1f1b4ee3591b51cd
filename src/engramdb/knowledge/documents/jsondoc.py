"""JSON: an object becomes one row of flattened key paths, an array of objects becomes rows, and
either is also rendered as readable ``key: value`` lines for chunking and passage recall."""

from __future__ import annotations

import json
from collections.abc import Iterator

from engramdb.errors import ValidationError

from ._text import (
    Extraction,
    TextBuilder,
    blank,
    check_json_nesting,
    decode_text,
    file_stem,
    record_line,
    render_value,
)

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
    metadata: dict[str, object] = {"shape": shape}
    return Extraction(title=title, text=text, sections=sections, rows=rows, metadata=metadata)


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


def _scalar_list(value: list[object]) -> bool:
    return all(not isinstance(v, (dict, list)) for v in value)
