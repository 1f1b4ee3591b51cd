"""Which parser a file goes to: declared media type, then file extension, then the bytes.

A declared type wins because the caller knows best (an upload form, an HTTP header); the
extension comes next because it is usually right; sniffing is the last resort and is cautious,
falling back to plain text rather than misreading prose as a table.
"""

from __future__ import annotations

import csv
import json
import re

from engramdb.errors import ValidationError

from ._text import Sniffer, check_json_nesting, decode_text

__all__ = ["MEDIA_TYPES", "detect_media_type"]

TEXT, MARKDOWN, HTML, PDF, JSON, CSV = (
    "text/plain",
    "text/markdown",
    "text/html",
    "application/pdf",
    "application/json",
    "text/csv",
)
MEDIA_TYPES: tuple[str, ...] = (TEXT, MARKDOWN, HTML, PDF, JSON, CSV)
"""The canonical media types :func:`parse_document` understands."""

_ALIASES = {
    "text/plain": TEXT,
    "text/markdown": MARKDOWN,
    "text/x-markdown": MARKDOWN,
    "text/html": HTML,
    "application/xhtml+xml": HTML,
    "application/pdf": PDF,
    "application/x-pdf": PDF,
    "application/json": JSON,
    "text/json": JSON,
    "text/csv": CSV,
    "application/csv": CSV,
    "text/tab-separated-values": CSV,
}
# Declared types that say nothing about the content: fall through to extension and sniffing.
_UNINFORMATIVE = {"", "application/octet-stream", "binary/octet-stream", "application/unknown"}

_EXTENSIONS = {
    "txt": TEXT,
    "text": TEXT,
    "log": TEXT,
    "md": MARKDOWN,
    "markdown": MARKDOWN,
    "mdown": MARKDOWN,
    "mkd": MARKDOWN,
    "html": HTML,
    "htm": HTML,
    "xhtml": HTML,
    "pdf": PDF,
    "json": JSON,
    "csv": CSV,
    "tsv": CSV,
}

_HTML_START = re.compile(
    r"\A\s*+(?:<!--(?>.*?-->)\s*+)*+<(?:!doctype\s+html|html|head|body|title|meta|div|p|h[1-6]|table"
    r"|ul|ol|section|article|main)\b",
    re.IGNORECASE | re.DOTALL,
)
_MARKDOWN_HINTS = re.compile(
    r"\A---[ \t]*\n|^#{1,6}[ \t]+\S|^\S[^\n]*\n(?:=+|-+)[ \t]*$|^```|^\[[^\]\n]+\]\([^)\s]+\)",
    re.MULTILINE,
)
_SNIFF_CHARS = 64 * 1024
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")


def detect_media_type(data: bytes, *, name: str, media_type: str | None = None) -> str:
    """The canonical media type to parse ``data`` as (one of :data:`MEDIA_TYPES`)."""
    if media_type is not None:
        declared = media_type.split(";", 1)[0].strip().lower()
        if declared.endswith("+json"):
            return JSON
        if declared in _ALIASES:
            return _ALIASES[declared]
        if declared not in _UNINFORMATIVE:
            raise ValidationError(
                "media_type",
                f"{media_type!r} is not a supported document type; use one of "
                f"{', '.join(MEDIA_TYPES)}",
                value=media_type,
            )
    extension = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if extension in _EXTENSIONS:
        return _EXTENSIONS[extension]
    return _sniff(data, name)


def _sniff(data: bytes, name: str) -> str:
    if data.lstrip()[:5] == b"%PDF-":
        return PDF
    text = decode_text(data, name)
    head = text.lstrip()
    if head[:1] in ("{", "["):
        try:
            check_json_nesting(text, name)
        except ValidationError:
            return JSON  # too deep to read: the JSON reader says so
        try:
            json.loads(text)
        except ValueError:
            pass
        else:
            return JSON
    if _HTML_START.match(head):
        return HTML
    sample = text[:_SNIFF_CHARS]
    if _MARKDOWN_HINTS.search(sample):
        return MARKDOWN
    if _looks_like_table(sample):
        return CSV
    return TEXT


def _looks_like_table(sample: str) -> bool:
    """A delimiter that splits at least two lines into the same number (≥ 2) of fields, under a
    header of short, distinct, non-sentence names; prose with commas rarely passes all three."""
    if len(sample) == _SNIFF_CHARS and "\n" in sample:
        sample = sample[: sample.rindex("\n")]
    lines = [line for line in sample.split("\n") if line.strip()][:50]
    if len(lines) < 2:
        return False
    try:
        dialect = Sniffer().sniff("\n".join(lines), delimiters=",;\t|")
    except csv.Error:
        return False
    rows = list(csv.reader(lines, dialect))
    width = len(rows[0])
    if width < 2 or any(len(row) != width for row in rows):
        return False
    header = [cell.strip() for cell in rows[0]]
    return (
        all(0 < len(cell) <= 64 for cell in header)
        and len(set(header)) == width
        and not any(_SENTENCE_END.search(cell) for cell in header)
    )
