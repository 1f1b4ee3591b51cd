"""Which of near-identical siblings a question's size word asks for.

"how much is the bigger pot of Hidcote lavender" ranks the 9 cm pot's price and the 2 litre
pot's price alike: their statements differ only in the quantity. A size word of the question
(``SIZE_WORDS``, data) picks, among the best facts that are siblings (the same statement once
its typed values are taken out, one quantity each, of one unit), the one whose quantity is
largest or smallest, compared as typed values (``values.parse_values``: "1 litre" is more than
"250ml"). "long" and "short" are not size words: "how long is ..." asks for a duration.
"""

from __future__ import annotations

from collections.abc import Callable

from .values import TypedValue
from .words import WORD

__all__ = ["GAIN", "SIZE_WORDS", "TOP", "comparative_gain", "direction"]

#: Words that ask for the larger (+1) or the smaller (-1) of siblings.
SIZE_WORDS: dict[str, int] = {
    **dict.fromkeys(
        "big bigger biggest large larger largest huge longer longest tall taller "
        "tallest max maxi jumbo".split(),
        1,
    ),
    **dict.fromkeys("small smaller smallest little mini tiny shorter shortest petite".split(), -1),
}
#: The best facts among which siblings are looked for, and what the one asked for gains.
TOP = 8
GAIN = 0.3


def direction(text: str) -> int:
    """+1 when ``text`` asks for the larger, -1 for the smaller, 0 when it says neither or
    both."""
    signs = {SIZE_WORDS[w] for w in WORD.findall(text.casefold()) if w in SIZE_WORDS}
    return signs.pop() if len(signs) == 1 else 0


def comparative_gain(
    text: str,
    scored: list[tuple[float, float, float, tuple]],
    statement: Callable[[tuple], str],
    parse: Callable[[str], list[TypedValue]],
) -> list[tuple[float, float, float, tuple]]:
    """``scored`` (score, similarity, lexical share, row) with ``GAIN`` added to the sibling
    the question's size word asks for, in each group of siblings among the ``TOP`` best."""
    sign = direction(text)
    if not sign or len(scored) < 2:
        return scored
    best = sorted(range(len(scored)), key=lambda i: -scored[i][0])[:TOP]
    groups: dict[tuple[str, str], list[tuple[float, int]]] = {}
    for i in best:
        row = scored[i][3]
        said = statement(row)
        found = parse(said)
        sizes = [v for v in found if v.kind == "quantity" and v.unit]
        if len(sizes) != 1:
            continue  # (no size, or two: nothing to tell them apart by)
        rest, at = [], 0
        for v in sorted(found, key=lambda v: v.span[0]):
            rest.append(said[at : v.span[0]])
            at = max(at, v.span[1])
        rest.append(said[at:])
        frame = " ".join("".join(rest).casefold().split())
        size = sizes[0].magnitude
        if size is None:
            continue  # (a quantity without an amount: nothing to compare)
        groups.setdefault((frame, str(sizes[0].unit)), []).append((float(size), i))
    out = list(scored)
    for members in groups.values():
        if len({m for m, _ in members}) < 2:
            continue
        _, chosen = max(members) if sign > 0 else min(members)
        sc, sim, lex, row = out[chosen]
        out[chosen] = (sc + GAIN, sim, lex, row)
    return out
