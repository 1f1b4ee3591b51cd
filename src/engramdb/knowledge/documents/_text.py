"""Shared helpers of the format parsers: text decoding and the builder that keeps offsets exact."""

from __future__ import annotations

import codecs
import csv
import json
import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from engramdb.errors import ValidationError

from .budget import checkpoint
from .model import Section, Table

__all__ = [
    "MAX_NESTING",
    "Extraction",
    "Sniffer",
    "TextBuilder",
    "blank",
    "check_json_nesting",
    "decode_text",
    "file_stem",
    "record_line",
    "render_value",
    "singular",
    "squash_spaces",
]

MAX_NESTING = 64
"""Deepest nesting of arrays and objects a JSON document may have."""

_BLOCK_SEP = "\n\n"


@dataclass(slots=True)
class Extraction:
    """What a format parser hands back; :func:`parse_document` adds name, type and hash."""

    title: str
    text: str
    sections: list[Section]
    rows: list[dict[str, object]] = field(default_factory=list)
    metadata: dict[str, object] = field(default_factory=dict)
    tables: list[Table] = field(default_factory=list)


class TextBuilder:
    """Assembles the document text block by block and records sections as it goes.

    Parsers never compute offsets themselves: blocks are joined with a blank line, consecutive
    blocks with the same heading path and page form one section, and a heading line closes the
    open section. That makes ``section.text == text[section.start:section.end]`` hold by
    construction.
    """

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._length = 0
        self._sections: list[Section] = []
        self._key: tuple[tuple[str, ...], int | None] | None = None
        self._blocks: list[str] = []
        self._start = 0

    def heading(self, text: str) -> None:
        """Add a heading line to the text; it belongs to no section."""
        self._close()
        text = text.strip()
        if text:
            self._append(text)

    def block(
        self, text: str, path: tuple[str, ...] = (), page: int | None = None
    ) -> tuple[int, int] | None:
        """Add a paragraph-like block under ``path``; blank blocks are dropped. Its span in the
        text (for a table, so prose reading can step over it)."""
        checkpoint()
        text = text.strip()
        if not text:
            return None
        key = (path, page)
        if self._key != key:
            self._close()
            self._key = key
        start = self._append(text)
        if not self._blocks:
            self._start = start
        self._blocks.append(text)
        return start, start + len(text)

    def build(self) -> tuple[str, list[Section]]:
        self._close()
        return "".join(self._parts), self._sections

    def _append(self, text: str) -> int:
        if self._length:
            self._parts.append(_BLOCK_SEP)
            self._length += len(_BLOCK_SEP)
        start = self._length
        self._parts.append(text)
        self._length += len(text)
        return start

    def _close(self) -> None:
        if self._blocks and self._key is not None:
            body = _BLOCK_SEP.join(self._blocks)
            path, page = self._key
            self._sections.append(
                Section(path, body, self._start, self._start + len(body), page=page)
            )
        self._blocks = []
        self._key = None


class HeadingPath:
    """The headings above the current block: a heading closes those of its level and deeper."""

    def __init__(self) -> None:
        self._stack: list[tuple[int, str]] = []

    def enter(self, level: int, text: str) -> None:
        while self._stack and self._stack[-1][0] >= level:
            self._stack.pop()
        self._stack.append((level, text))

    @property
    def path(self) -> tuple[str, ...]:
        return tuple(text for _, text in self._stack)


def decode_text(data: bytes, name: str) -> str:
    """UTF-8 (BOM optional) or BOM-marked UTF-16, with newlines normalised to ``\\n``.

    Guessing legacy encodings silently corrupts facts (a "€" read as "â‚¬"), so anything else is
    refused with the offending byte and its offset.
    """
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
    else:
        encoding = "utf-8-sig"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        bad = data[exc.start : exc.start + 1].hex()
        raise ValidationError(
            "data",
            f"{name!r} is not valid {encoding.removesuffix('-sig').upper()} text "
            f"(byte 0x{bad} at offset {exc.start})",
            value=exc.start,
        ) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def file_stem(name: str) -> str:
    """The file name without folders or extension: the title of last resort."""
    base = PurePosixPath(name.replace("\\", "/")).name
    stem = base.rsplit(".", 1)[0] if "." in base.lstrip(".") else base
    return stem or base or name


def squash_spaces(text: str) -> str:
    """Collapse runs of whitespace inside each line and drop empty lines."""
    lines = (" ".join(line.split()) for line in text.split("\n"))
    return "\n".join(line for line in lines if line)


def render_value(value: object) -> str:
    """Cell text as a reader would write it: strings bare, JSON literals as JSON."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return ", ".join(render_value(v) for v in value)
    return json.dumps(value, ensure_ascii=False)


def record_line(row: dict[str, object]) -> str:
    """One record on one line, so a chunk boundary never cuts a record in two."""
    return "; ".join(f"{key}: {render_value(v)}" for key, v in row.items() if not blank(v))


def singular(word: str) -> str:
    """What one row of a table called ``word`` is: ``stores`` → ``store``, ``addons`` →
    ``addon``, ``categories`` → ``category`` (a type hint, not grammar)."""
    w = word.strip().casefold().replace("-", "_").split("_")[-1] if word.strip() else "item"
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "shes", "ches", "xes")):
        return w[:-2]
    if w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w or "item"


def blank(value: object) -> bool:
    return value is None or value == "" or value == []


_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*+"|[\[\]{}]')


def check_json_nesting(text: str, name: str) -> None:
    """Refuse JSON nested deeper than :data:`MAX_NESTING` before anything recursive reads it
    (``json.loads`` and the flattening walk would end in a ``RecursionError``). Linear: one scan
    that steps over strings."""
    depth = 0
    for m in _JSON_TOKEN.finditer(text):
        token = m.group()
        if token in "[{":
            depth += 1
            if depth > MAX_NESTING:
                raise ValidationError(
                    "data",
                    f"{name!r} nests arrays and objects more than {MAX_NESTING} levels deep",
                    limit=MAX_NESTING,
                    value=m.start(),
                )
        elif token in "]}":
            depth -= 1


_QUOTE_SAMPLE_CHARS = 4096


_DELIMITER_SAMPLE_LINES = 1000


class Sniffer(csv.Sniffer):
    """:class:`csv.Sniffer` that reads a bounded sample: the quote guess the first 4 KiB (whole
    lines), the delimiter guess the first 1,000 lines.

    The stdlib guesses the quote character with ``.*?`` patterns searched across the sample,
    quadratic in it (a 64 KiB line of ``",`` took seconds), and the delimiter by counting each
    of 127 characters on every line in Python (64 KiB of short lines: seconds).
    """

    def _guess_quote_and_delimiter(self, data, delimiters):  # type: ignore[no-untyped-def]
        if len(data) > _QUOTE_SAMPLE_CHARS:
            head = data[:_QUOTE_SAMPLE_CHARS]
            data = head[: head.rindex("\n")] if "\n" in head else head
        return super()._guess_quote_and_delimiter(data, delimiters)

    def _guess_delimiter(self, data, delimiters):  # type: ignore[no-untyped-def]
        lines = data.split("\n", _DELIMITER_SAMPLE_LINES)[:_DELIMITER_SAMPLE_LINES]
        return super()._guess_delimiter("\n".join(lines), delimiters)
