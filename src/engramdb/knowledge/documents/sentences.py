"""A small, deterministic sentence splitter for prose claims.

Rules, in order:

* a blank line always ends a sentence, and so does a line break before a list item
  (``-``, ``*``, ``+``, ``•``, ``1.``, ``1)``) or a table row (``|``);
* ``.``, ``!``, ``?`` or ``…`` (repeats allowed, closing quotes or brackets after it) followed by
  whitespace ends a sentence, unless the next word starts with a lowercase letter;
* ... except after a known abbreviation (``e.g.``, ``i.e.``, ``Dr.``, ``Mr.``, ``No.``, ``vs.``,
  month names, ...), a single-letter initial (``J. Smith``) or a dotted acronym (``U.S.``);
* a full stop between digits (``4.5``), in a domain (``example.com``) or in a version (``v1.2``)
  is not followed by whitespace and so never splits.

It is not a linguist's splitter: it is cheap, has no model and gives the same answer every time,
which is what reproducible claim extraction needs.
"""

from __future__ import annotations

import re

__all__ = ["ABBREVIATIONS", "sentences"]

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
_HARD_BREAK = re.compile(r"\n[ \t]*\n|\n(?=[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]|[ \t]*\|)")
_ACRONYM = re.compile(r"(?:[a-z]\.)+[a-z]")
_LAST_WORD = re.compile(r"\S+$")
_NEXT_CHAR = re.compile(r"\S")
_OPENERS = "([{\"'“‘«"


def sentences(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` offsets of each sentence in ``text``, trimmed of surrounding whitespace."""
    cuts = {m.start() for m in _HARD_BREAK.finditer(text)}
    for match in _TERMINAL.finditer(text):
        if _ends_sentence(text, match):
            cuts.add(match.end())
    spans: list[tuple[int, int]] = []
    start = 0
    for cut in [*sorted(cuts), len(text)]:
        span = _trim(text, start, cut)
        if span is not None:
            spans.append(span)
        start = cut
    return spans


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
    return not ((len(word) == 1 and word.isalpha()) or _ACRONYM.fullmatch(word))


def _trim(text: str, start: int, end: int) -> tuple[int, int] | None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return (start, end) if start < end else None
