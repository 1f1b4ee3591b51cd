"""The values document ingest passes around: a parsed document, its sections, chunks and triples.

Every offset is a character offset into :attr:`ParsedDocument.text`, the plain text extracted from
the file, so a chunk, a section or a sentence can always be shown in context and cited exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["MAX_DOCUMENT_BYTES", "Chunk", "ParsedDocument", "Section", "Table", "Triple"]

MAX_DOCUMENT_BYTES = 25 * 1024 * 1024
"""Largest accepted upload. Parsing holds the whole file and its text in memory."""


@dataclass(frozen=True, slots=True)
class Section:
    """A run of text under one heading path (and, for a PDF, on one page).

    ``text == document.text[start:end]``; the heading itself is not part of ``text``, so a
    section's chunks carry only body text and the path travels alongside as metadata.
    """

    heading_path: tuple[str, ...]
    text: str
    start: int
    end: int
    page: int | None = None


@dataclass(frozen=True, slots=True)
class Table:
    """Rows that each describe one thing: a CSV file, a JSON array of objects (or one object),
    a Markdown or HTML table. Read as frames, never as prose.

    ``kind`` says what a row is (``store`` from a JSON key ``stores``); ``subject`` names the
    thing a one-row table describes when no column does (a JSON document's top level: the
    organisation unless it names itself); ``start``/``end`` locate the table in the document's
    text when it is part of prose (Markdown, HTML), so prose reading can skip it.
    """

    columns: tuple[str, ...]
    rows: tuple[dict[str, object], ...]
    kind: str = "item"
    subject: str | None = None
    subject_type: str | None = None
    heading_path: tuple[str, ...] = ()
    start: int | None = None
    end: int | None = None
    #: the currency the document states once ("currency": "GBP") for its bare amounts
    currency: str | None = None


@dataclass(frozen=True, slots=True)
class ParsedDocument:
    """One file turned into plain text with structure.

    ``content_hash`` is the sha256 of the raw bytes: the same bytes always give the same hash,
    which is what upload dedup and chunk ids rely on. ``rows`` holds the records of a CSV file or
    a JSON document (cells as found; typed parsing happens later).
    """

    name: str
    media_type: str
    content_hash: str
    title: str
    text: str
    sections: list[Section] = field(default_factory=list)
    rows: list[dict[str, object]] = field(default_factory=list)
    metadata: dict[str, object] = field(default_factory=dict)
    tables: list[Table] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Chunk:
    """A passage to embed and store, never spanning two sections.

    ``text == document.text[start:end]``; ``heading_path`` and ``page`` come from the section so a
    retrieved passage can be cited as "Returns › Refunds, p. 3" without that label being embedded.
    """

    chunk_id: str
    index: int
    text: str
    heading_path: tuple[str, ...]
    section_index: int
    start: int
    end: int
    page: int | None = None


@dataclass(frozen=True, slots=True)
class Triple:
    """One fact read from a row of a structured file: (subject, predicate, object).

    ``object`` stays text; typed parsing (money, durations, dates) is done by the knowledge layer.
    ``row`` is the index into :attr:`ParsedDocument.rows` and ``column`` the key as found there,
    so the fact can be traced to its cell.
    """

    subject: str
    predicate: str
    object: str
    subject_type: str
    row: int
    column: str
    #: other names of the subject found in its row (SKU, id, code): chat may use any of them
    aliases: tuple[str, ...] = ()
    #: the index of the row's table in :attr:`ParsedDocument.tables`
    table: int = 0
