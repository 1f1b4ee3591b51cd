"""Section-aware chunking: passages that never mix two sections and prefer natural breaks.

A section is cut into units (sentences; a sentence longer than a chunk is cut at line breaks,
then between words, then, for a single enormous token, every ``max_chars``). Chunks are runs of
whole units. Each chunk is filled up to ``max_chars`` and then ends at the strongest break in
its second half: a blank line beats a line break, which beats a sentence end, which beats a gap
between words. Overlap repeats whole trailing units (at most ``overlap`` characters) at the start
of the next chunk, so it adds context without starting mid-sentence when sentences allow it.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from engramdb.errors import ValidationError

from .model import Chunk, ParsedDocument
from .sentences import sentences

__all__ = ["MIN_CHUNK_CHARS", "chunk"]

MIN_CHUNK_CHARS = 200
"""Smaller chunks carry too little context to embed or cite usefully."""

_WORD, _SENTENCE, _LINE, _PARAGRAPH = range(4)
_LINE_BREAK = re.compile(r"\n")
_SPACE = re.compile(r"\s+")


class _Unit(NamedTuple):
    start: int
    end: int
    brk: int  # strength of the break after this unit


def chunk(doc: ParsedDocument, *, max_chars: int = 1200, overlap: int = 150) -> list[Chunk]:
    """Split ``doc`` into chunks of at most ``max_chars`` characters, section by section.

    Chunk ids are ``<content_hash[:24]>-<index>``: stable for the same bytes and settings, so a
    re-upload of an unchanged file maps onto the chunks already stored.
    """
    _check(max_chars, overlap)
    chunks: list[Chunk] = []
    for section_index, section in enumerate(doc.sections):
        for start, end in _spans(section.text, max_chars, overlap):
            index = len(chunks)
            chunks.append(
                Chunk(
                    chunk_id=f"{doc.content_hash[:24]}-{index:05d}",
                    index=index,
                    text=section.text[start:end],
                    heading_path=section.heading_path,
                    section_index=section_index,
                    start=section.start + start,
                    end=section.start + end,
                    page=section.page,
                )
            )
    return chunks


def _check(max_chars: int, overlap: int) -> None:
    if not _is_int(max_chars) or max_chars < MIN_CHUNK_CHARS:
        raise ValidationError(
            "max_chars",
            f"must be an int of at least {MIN_CHUNK_CHARS}",
            limit=MIN_CHUNK_CHARS,
            value=max_chars,
        )
    if not _is_int(overlap) or not 0 <= overlap < max_chars / 2:
        raise ValidationError(
            "overlap",
            "must be an int from 0 to less than half of max_chars",
            limit=(max_chars - 1) // 2,
            value=overlap,
        )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _spans(text: str, max_chars: int, overlap: int) -> list[tuple[int, int]]:
    """Chunk ``(start, end)`` offsets within one section's text."""
    units = _units(text, max_chars)
    spans: list[tuple[int, int]] = []
    first = 0  # first unit of the current chunk
    must_pass = 0  # the chunk must end at or after this unit (progress past the overlap)
    while first < len(units):
        base = units[first].start
        last = first
        while last + 1 < len(units) and units[last + 1].end - base <= max_chars:
            last += 1
        if last < len(units) - 1:
            last = _best_end(units, first, last, max(must_pass, first), base + max_chars // 2)
        spans.append((base, units[last].end))
        if last == len(units) - 1:
            break
        first, must_pass = _next_start(units, first, last, max_chars, overlap), last + 1
    return spans


def _best_end(units: list[_Unit], first: int, last: int, floor: int, half: int) -> int:
    """The strongest break among units that end in the chunk's second half (latest on ties)."""
    best = last
    for k in range(last - 1, max(first, floor) - 1, -1):
        if units[k].end < half:
            break
        if units[k].brk > units[best].brk:
            best = k
    return best


def _next_start(units: list[_Unit], first: int, last: int, max_chars: int, overlap: int) -> int:
    """Step back over whole trailing units that fit in ``overlap`` and still leave room for the
    next new unit; then move forward again to a sentence start if the overlap began mid-sentence."""
    nxt = last + 1
    start = nxt
    end = units[last].end
    while (
        start - 1 > first
        and end - units[start - 1].start <= overlap
        and units[nxt].end - units[start - 1].start <= max_chars
    ):
        start -= 1
    while start < nxt and units[start - 1].brk == _WORD:
        start += 1
    return start


def _units(text: str, max_chars: int) -> list[_Unit]:
    pieces: list[tuple[int, int, bool]] = []  # (start, end, ends a sentence)
    for start, end in sentences(text):
        parts = _fit(text, start, end, max_chars)
        pieces.extend((s, e, i == len(parts) - 1) for i, (s, e) in enumerate(parts))
    units: list[_Unit] = []
    for i, (start, end, sentence_end) in enumerate(pieces):
        if i + 1 == len(pieces):
            strength = _PARAGRAPH
        else:
            gap = text[end : pieces[i + 1][0]]
            if gap.count("\n") >= 2:
                strength = _PARAGRAPH
            elif "\n" in gap:
                strength = _LINE
            else:
                strength = _SENTENCE if sentence_end else _WORD
        units.append(_Unit(start, end, strength))
    return units


def _fit(text: str, start: int, end: int, max_chars: int) -> list[tuple[int, int]]:
    """Cut an over-long span at line breaks, then whitespace, then every ``max_chars``."""
    if end - start <= max_chars:
        return [(start, end)]
    for separator in (_LINE_BREAK, _SPACE):
        parts = _split(text, start, end, separator)
        if len(parts) > 1:
            return [piece for s, e in parts for piece in _fit(text, s, e, max_chars)]
    return [(s, min(s + max_chars, end)) for s in range(start, end, max_chars)]


def _split(text: str, start: int, end: int, separator: re.Pattern[str]) -> list[tuple[int, int]]:
    parts: list[tuple[int, int]] = []
    position = start
    for match in separator.finditer(text, start, end):
        if match.start() > position:
            parts.append((position, match.start()))
        position = match.end()
    if position < end:
        parts.append((position, end))
    return [(s, e) for s, e in (_strip(text, s, e) for s, e in parts) if s < e]


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end
