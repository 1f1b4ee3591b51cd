"""A small, deterministic sentence splitter for prose claims.

Rules, in order:

* a blank line always ends a sentence, and so does a line break before a list item
  (``-``, ``*``, ``+``, ``•``, ``1.``, ``1)``) or a table row (``|``);
* ``.``, ``!``, ``?`` or ``…`` (repeats allowed, closing quotes or brackets after it) followed by
  whitespace ends a sentence, unless the next word starts with a lowercase letter;
* ... except after a known abbreviation (``e.g.``, ``i.e.``, ``Dr.``, ``Mr.``, ``No.``, ``vs.``,
  month names, ...), a single-letter initial (``J. Smith``) or a dotted acronym (``U.S.``);
* ... or after a list item's number at the start of a line (``3. Returns are free``);
* a full stop between digits (``4.5``), in a domain (``example.com``) or in a version (``v1.2``)
  is not followed by whitespace and so never splits;
* a sentence is at most ``MAX_SENTENCE_CHARS`` long: a longer run is cut at its last space
  before the limit (no real sentence is that long, and everything read per sentence, per fact
  statement and per comparison of two statements is then bounded by it).

It is not a linguist's splitter: it is cheap, has no model and gives the same answer every time,
which is what reproducible claim extraction needs.
"""

from __future__ import annotations

import functools
import re

__all__ = ["ABBREVIATIONS", "LIST_MARKER", "MAX_SENTENCE_CHARS", "sentences"]

MAX_SENTENCE_CHARS = 1_000

ABBREVIATIONS = frozenset(
    [
        "e.g",
        "i.e",
        "cf",
        "vs",
        "viz",
        "al",
        "approx",
        "ca",
        "est",
        "dept",
        "fig",
        "figs",
        "no",
        "nos",
        "vol",
        "vols",
        "pp",
        "p",
        "ed",
        "eds",
        "mr",
        "mrs",
        "ms",
        "mx",
        "dr",
        "prof",
        "sr",
        "jr",
        "st",
        "mt",
        "rev",
        "hon",
        "gen",
        "col",
        "lt",
        "sgt",
        "capt",
        "cmdr",
        "gov",
        "sen",
        "rep",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
    ]
)
"""Words that take a full stop without ending a sentence (lowercase, without the final dot)."""

# Linear on any input: a run of terminals is tried once, from its first character, and never
# given back (a run of 64 KiB of dots without a space after it used to cost 47 s).
_TERMINAL = re.compile(r"(?<![.!?…])[.!?…]++[\"'”’)\]»]*+(?=\s)")
_MARKER = r"(?:[-*+•]|\d{1,3}[.)])"  # a list item's bullet or number
_HARD_BREAK = re.compile(rf"\n[ \t]*\n|\n(?=[ \t]*{_MARKER}[ \t]|[ \t]*\|)")
LIST_MARKER = re.compile(rf"[ \t]*+{_MARKER}[ \t]++(?=\S)")
"""A list item's marker at the start of a line and the blanks after it ("- ", "3. ")."""
_ACRONYM = re.compile(r"(?:[a-z]\.)+[a-z]")
_LAST_WORD = re.compile(r"\S+$")
_NEXT_CHAR = re.compile(r"\S")
_OPENERS = "([{\"'“‘«"


def sentences(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` offsets of each sentence in ``text``, trimmed of surrounding whitespace.
    (An upload splits the same text for its chunks, its claims and its contact details: the
    last few splits are kept.)"""
    return list(_split(text))


@functools.lru_cache(maxsize=8)
def _split(text: str) -> tuple[tuple[int, int], ...]:
    cuts = {m.start() for m in _HARD_BREAK.finditer(text)}
    for match in _TERMINAL.finditer(text):
        if _ends_sentence(text, match):
            cuts.add(match.end())
    spans: list[tuple[int, int]] = []
    start = 0
    for cut in [*sorted(cuts), len(text)]:
        span = _trim(text, start, cut)
        if span is not None:
            spans.extend(_bounded(text, *span))
        start = cut
    return tuple(spans)


def _bounded(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """A span cut into pieces of at most ``MAX_SENTENCE_CHARS``, each at its last whitespace
    (or at the limit in a run without any)."""
    out: list[tuple[int, int]] = []
    while end - start > MAX_SENTENCE_CHARS:
        limit = start + MAX_SENTENCE_CHARS
        cut = max(text.rfind(" ", start + 1, limit), text.rfind("\n", start + 1, limit))
        cut = cut if cut > start else limit
        piece = _trim(text, start, cut)
        if piece is not None:
            out.append(piece)
        start = cut
        while start < end and text[start].isspace():
            start += 1
    if start < end:
        out.append((start, end))
    return out


def _ends_sentence(text: str, match: re.Match[str]) -> bool:
    following = _NEXT_CHAR.search(text, match.end())  # not a slice: one per terminal
    if following is None or following.group().islower():
        return False
    if match.group() != ".":
        return True
    before = _LAST_WORD.search(text, max(0, match.start() - 40), match.start())
    word = (before.group() if before else "").lstrip(_OPENERS).lower()
    if word in ABBREVIATIONS:
        return False
    if word.isdigit() and len(word) <= 3 and before is not None and _at_line_start(text, before):
        return False  # "3. Returns are free": a list item's number, not a sentence
    return not ((len(word) == 1 and word.isalpha()) or _ACRONYM.fullmatch(word))


def _at_line_start(text: str, word: re.Match[str]) -> bool:
    line = text.rfind("\n", 0, word.start()) + 1
    return word.start() - line <= 8 and not text[line : word.start()].strip()


def _trim(text: str, start: int, end: int) -> tuple[int, int] | None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return (start, end) if start < end else None
