"""Plain text: one untitled section whose paragraphs (blank-line separated) guide chunking."""

from __future__ import annotations

import re

from ._text import Extraction, TextBuilder, decode_text, file_stem

__all__ = ["parse_text"]

_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*(?:\n[ \t]*)+")
_MAX_TITLE_CHARS = 80


def parse_text(data: bytes, name: str) -> Extraction:
    text = decode_text(data, name)
    paragraphs = [p.strip() for p in _PARAGRAPH_BREAK.split(text)]
    builder = TextBuilder()
    for paragraph in paragraphs:
        builder.block(paragraph)
    body, sections = builder.build()
    return Extraction(title=_title(paragraphs, name), text=body, sections=sections)


def _title(paragraphs: list[str], name: str) -> str:
    """A short first line that does not end like a sentence reads as a title; else the file name."""
    first = next((p for p in paragraphs if p), "").split("\n", 1)[0].strip()
    if first and len(first) <= _MAX_TITLE_CHARS and first[-1] not in ".!?,;:":
        return first
    return file_stem(name)
