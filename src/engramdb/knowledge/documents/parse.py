"""Entry point of document parsing: checks, format detection, dispatch to a format parser."""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable

from engramdb.errors import ValidationError

from ._text import Extraction
from .detect import CSV, HTML, JSON, MARKDOWN, PDF, TEXT, detect_media_type
from .model import MAX_DOCUMENT_BYTES, ParsedDocument

__all__ = ["parse_document"]

# Parsers are imported on first use: pypdf, lxml and cmark-gfm together add about a
# tenth of a second to startup, which a process that never uploads should not pay.
_PARSERS: dict[str, tuple[str, str]] = {
    TEXT: ("plaintext", "parse_text"),
    MARKDOWN: ("markdowndoc", "parse_markdown"),
    HTML: ("htmldoc", "parse_html"),
    PDF: ("pdfdoc", "parse_pdf"),
    JSON: ("jsondoc", "parse_json"),
    CSV: ("csvdoc", "parse_csv"),
}


def _parser(media_type: str) -> Callable[[bytes, str], Extraction]:
    module, function = _PARSERS[media_type]
    return getattr(importlib.import_module(f"{__package__}.{module}"), function)


def parse_document(data: bytes, *, name: str, media_type: str | None = None) -> ParsedDocument:
    """Turn the bytes of a file into plain text with sections, rows and metadata.

    Every refusal is a :class:`~engramdb.errors.ValidationError` naming the file: too large,
    empty, undecodable, an unsupported declared type, a damaged or encrypted PDF, invalid JSON,
    beyond a reader's limits. Nothing is written anywhere, so parsing can run before any
    storage work starts. Inside :func:`~.budget.reading` the readers check that budget as they
    go (a cancel, the time a document may take).
    """
    if isinstance(data, (bytearray, memoryview)):
        data = bytes(data)
    if not isinstance(data, bytes):
        raise ValidationError("data", "must be bytes", value=type(data).__name__)
    if not isinstance(name, str) or not name.strip():
        raise ValidationError("name", "must be a non-empty file name", value=name)
    if len(data) > MAX_DOCUMENT_BYTES:
        raise ValidationError(
            "data",
            f"{name!r} is {len(data)} bytes, more than a document may be",
            limit=MAX_DOCUMENT_BYTES,
            value=len(data),
        )
    if not data.strip():
        raise ValidationError("data", f"{name!r} is empty", value=len(data))

    kind = detect_media_type(data, name=name, media_type=media_type)
    found = _parser(kind)(data, name)
    if not found.sections and not found.rows:
        raise ValidationError("data", f"{name!r} contains no text", value=len(data))
    metadata = {"size": len(data), **found.metadata}
    return ParsedDocument(
        name=name,
        media_type=kind,
        content_hash=hashlib.sha256(data).hexdigest(),
        title=found.title,
        text=found.text,
        sections=found.sections,
        rows=found.rows,
        metadata=metadata,
        tables=found.tables,
    )
