"""Mentions of catalogue things by part of their name: chat says "the Diavola", "Flex 30" or
"the iPhone 15 256" for the catalogue's "Pizza Diavola", "Flex 30GB" and "iPhone 15 256GB".

A run of the turn's words names a catalogue thing when its words are words of that name (case,
hyphens and "30GB" / "30 gb" aside; a word or two of chat between them allowed), at least one of
them says which thing it is (a word few names share, not a number alone and not a generic word),
and the name that covers them best does so by a clear margin over the next one: "Aria" names
nothing when the catalogue has two Aria headphones. Pure: no database, no model."""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace

from .claims import Extraction
from .words import STOP

__all__ = ["partial_names", "resolve_partial"]

_TOKEN = re.compile(r"[a-z]+|\d+(?:\.\d+)?")
#: chat spellings of a unit written into a name
_SAME = {"gig": "gb", "gigs": "gb", "gigabytes": "gb", "inch": "in", "inches": "in"}
#: words that name a kind of thing, not which one ("the starter plan")
_GENERIC = frozenset(
    "plan plans pack package room rooms class classes account card policy service product "
    "item edition model size option tier membership ticket pass deal bundle set kit menu "
    "one ones thing".split()
)
_GAP = 2
"""Chat words allowed between two words of a name ("the 5 gig starter plan")."""
_MARGIN = 0.5
_COMMON = 8
"""A word in more names than this (and than a quarter of them) starts no partial name."""
"""How much better (in idf) the best name must cover a run than the next best."""


def _tokens(text: str) -> list[tuple[str, int, int]]:
    out = []
    for m in _TOKEN.finditer(text.casefold()):
        t = m.group()
        out.append((_SAME.get(t, t), m.start(), m.end()))
    return out


def _another_model(text: str, turn: list[tuple[str, int, int]], last: int, name: set[str]) -> bool:
    """The run goes on with a word of another name: capitalised or a model number
    right after it, not in the catalogue's name."""
    if last + 1 >= len(turn):
        return False
    tok, start, _ = turn[last + 1]
    if tok in name or start - turn[last][2] > 1:
        return False
    return text[start].isupper() or tok.isdigit()


@functools.lru_cache(maxsize=64)
def _index(
    known: frozenset[str],
) -> tuple[dict[str, set[str]], Counter[str], dict[str, list[str]]]:
    """The words of each name of several words, how many names have each, and the names of
    each word: built once per catalogue (a turn reads it; it is rebuilt when a name comes or
    goes)."""
    name_tokens = {
        n: {_SAME.get(t, t) for t in _TOKEN.findall(n)}
        for n in sorted(known)
        if len(_TOKEN.findall(n)) > 1
    }
    df = Counter(t for toks in name_tokens.values() for t in toks)
    index: dict[str, list[str]] = {}
    for n, toks in name_tokens.items():
        for t in toks:
            index.setdefault(t, []).append(n)
    return name_tokens, df, index


def partial_names(text: str, known: Mapping[str, str]) -> dict[str, str]:
    """``{surface: name}`` for each run of ``text`` that names one catalogue thing of
    ``known`` (lower-cased name -> type) by part of its name; surfaces are lower-cased, as
    ``known``'s keys, and a name written in full is left to exact matching."""
    name_tokens, df, index = _index(frozenset(known))
    if not name_tokens:
        return {}
    total = len(name_tokens)

    def idf(t: str) -> float:
        return math.log(1 + total / df[t])

    turn = _tokens(text)
    low = text.casefold()
    found: dict[str, str] = {}
    i = 0
    while i < len(turn):
        tok = turn[i][0]
        if tok not in index or tok in STOP:
            i += 1
            continue
        best: tuple[float, str, int] | None = None
        second = 0.0
        # the names to try: those with the rarest of the next few words ("123" of "product
        # 123", not "product", which every name of a large catalogue may have)
        near = [t for t, _, _ in turn[i : i + _GAP + 2] if t in index and t not in STOP]
        rarest = min(near, key=lambda t: df[t])
        if df[rarest] > max(_COMMON, total // 4):
            i += 1  # words most names share tell none apart (and would cost names x words)
            continue
        for n in index[rarest]:
            if tok not in name_tokens[n]:
                continue
            toks = name_tokens[n]
            j, last, gap, got = i, i, 0, set()
            while j < len(turn) and gap <= _GAP:
                if turn[j][0] in toks and turn[j][0] not in got:
                    got.add(turn[j][0])
                    last, gap = j, 0
                else:
                    gap += 1
                j += 1
            telling = [t for t in got if not t.isdigit() and t not in _GENERIC and t not in STOP]
            if not telling:
                continue
            if _another_model(text, turn, last, toks):
                continue  # "the Tern Vektron" is not the catalogue's Tern Commuter 8
            if len(got) < 2 and (df[telling[0]] > 1 or not text[turn[i][1]].isupper()):
                continue  # one word: a capitalised one no other name has ("the Diavola")
            score = sum(idf(t) for t in got) - 0.1 * len(toks - got)
            if best is None or score > best[0]:
                second = best[0] if best is not None else second
                best = (score, n, last)
            elif score > second:
                second = score
        if best is not None and best[0] - second >= _MARGIN:
            surface = low[turn[i][1] : turn[best[2]][2]]
            if surface != best[1] and surface not in known:
                found[surface] = best[1]
            i = best[2] + 1
        else:
            i += 1
    return found


def resolve_partial(extraction: Extraction, partial: Mapping[str, str]) -> None:
    """Claims that name a thing by part of its name are about the whole name. (Mentions keep
    the chat's words: "my AirPods" stays the speaker's own entity, linked to the catalogue's
    by ``resolves_to``.)"""
    extraction.claims[:] = [
        replace(c, subject=partial[c.subject.casefold()]) if c.subject.casefold() in partial else c
        for c in extraction.claims
    ]
