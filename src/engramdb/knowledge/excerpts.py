"""The part of a passage that answers a question, for a context block that holds a few
hundred characters of each.

A document passage is up to 1,200 characters; a context block gives each 400. Its first 400
characters cut the house rules of a cinema off just before "Children under 12 must be
accompanied ..." for "can my 10 yr old see a film alone". An excerpt keeps the passage's
lines and sentences that are nearest the question (by meaning, with the store's embedder, and
by shared words), in the passage's order, with its first line when that is short (a title,
a table's header row). Only a passage's first ``MAX_READ`` characters are cut into pieces: a
passage is stored in pieces of about 1,200, and a turn of thousands of short lines must not
cost an embedding each.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np

from .words import content_words

__all__ = ["GAP", "MAX_PIECES", "MAX_READ", "excerpt", "excerpts", "units"]

#: Between two kept pieces that were not next to each other in the passage.
GAP = " … "

#: A line longer than this is cut into its sentences.
_LONG_LINE = 160
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+(?=\S)")
#: A first line this short is kept for context (a heading, a table's header row).
_HEADER = 120
#: The characters of a passage that are cut into pieces, and the most pieces (the rest is
#: never shown).
MAX_READ = 4_000
MAX_PIECES = 64


def units(text: str) -> list[str]:
    """The lines of the passage's first ``MAX_READ`` characters, and the sentences of a long
    line, in order (blank lines go; at most ``MAX_PIECES``)."""
    out: list[str] = []
    for line in text[:MAX_READ].splitlines():
        line = line.strip()
        if not line:
            continue
        if len(line) <= _LONG_LINE:
            out.append(line)
        else:
            out += [s for s in _SENTENCE_END.split(line) if s.strip()]
    return out[:MAX_PIECES]


def excerpts(
    texts: Sequence[str],
    query: str,
    limit: int,
    embed: Callable[[Sequence[str]], np.ndarray],
) -> list[str]:
    """``excerpt`` of each text, with one call of the embedder for all of their pieces; their
    first ``limit`` characters if the embedder fails (a block is still made)."""
    texts = [t.strip() for t in texts]
    cut = [units(t) if len(t) > limit else [] for t in texts]
    pieces = [p for c in cut if len(c) > 1 for p in c]
    if not pieces:
        return [t[:limit] for t in texts]
    try:
        vectors = np.asarray(embed([query, *pieces]), dtype=np.float32)
    except Exception:  # (a remote embedder down: the passages' starts, as before excerpts)
        return [t[:limit] for t in texts]
    sims = vectors[1:] @ vectors[0]
    out, at = [], 0
    for t, c in zip(texts, cut, strict=True):
        if len(c) <= 1:
            out.append(t[:limit])
            continue
        out.append(_chosen(c, sims[at : at + len(c)], query, limit))
        at += len(c)
    return out


def excerpt(
    text: str,
    query: str,
    limit: int,
    embed: Callable[[Sequence[str]], np.ndarray],
) -> str:
    """At most ``limit`` characters of ``text`` that answer ``query`` best: the whole text when
    it fits, else its pieces nearest the query (meaning plus the share of the query's words
    they hold), in the text's order, joined by ``GAP`` where something was skipped."""
    return excerpts([text], query, limit, embed)[0]


def _chosen(pieces: list[str], sims: np.ndarray, query: str, limit: int) -> str:
    words = content_words(query)
    shares = [len(words & content_words(p)) / len(words) if words else 0.0 for p in pieces]
    order = sorted(range(len(pieces)), key=lambda i: (-(float(sims[i]) + shares[i]), i))
    kept: set[int] = set()
    used = 0
    if len(pieces[0]) <= _HEADER:  # (the title or header row the rest is read under)
        kept.add(0)
        used = len(pieces[0])
    for i in order:
        if i in kept:
            continue
        cost = len(pieces[i]) + len(GAP)
        if used + cost > limit:
            continue
        kept.add(i)
        used += cost
    if len(kept) <= (1 if 0 in kept else 0):  # (nothing of the answer fits: its start, cut)
        return "\n".join(pieces)[:limit].rstrip()
    out = ""
    last = -1
    for i in sorted(kept):
        if out:
            out += "\n" if i == last + 1 else GAP
        elif i > 0:
            out = GAP.lstrip()
        out += pieces[i]
        last = i
    return out[:limit]
