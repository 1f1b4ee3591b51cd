"""Whole names from the parse: a reader that found part of a name ("Procter" of "Procter &
Gamble", "Nguyen Van" of "Nguyen Van An") gets the name the parser's entities give."""

from __future__ import annotations

from collections.abc import Sequence

from engramdb.language.parser import parse

__all__ = ["NAME_LABELS", "whole_names"]

#: Entity labels that name a person, a pet, an organisation, a place or a product.
NAME_LABELS = frozenset({"PERSON", "ORG", "GPE", "LOC", "FAC", "PRODUCT"})

#: Abbreviated titles a name may begin with ("Mr. Whiskers"): the stop after one is no
#: sentence's end.
TITLES = frozenset({"mr", "mrs", "ms", "mx", "dr", "st", "sr", "jr", "prof", "sir", "lt", "capt"})

#: Parts of speech an entity may not end with ("Salt and" of "Salt and Pepper").
_NOT_LAST = frozenset({"CCONJ", "ADP", "PUNCT", "DET", "PRON", "AUX", "VERB", "SCONJ"})


def whole_names(
    text: str, spans: Sequence[tuple[int, int]], titled: Sequence[bool] | None = None
) -> list[tuple[int, int]]:
    """Each span of ``text`` widened to the named entity it is part of (itself when none is,
    or when the entity would take in another span: "Mochi and Tofu" are two names). A span of
    ``titled`` ending in an abbreviation's stop ("Mr" before ". Whiskers") takes the name
    after it."""
    if not spans:
        return []
    doc = parse(text)
    names = []
    for e in doc.ents:
        if e.label_ not in NAME_LABELS:
            continue
        toks = list(e)
        while toks and toks[-1].pos_ in _NOT_LAST:
            toks.pop()
        while toks and toks[0].pos_ == "DET":  # ("the University of Lagos": the name)
            toks.pop(0)
        # one name, not a list or a correction ("Salt and Pepper", "Jon - Joan")
        if toks and not any(
            (t.pos_ == "CCONJ" and t.text != "&") or t.text in _BREAKS for t in toks
        ):
            names.append((toks[0].idx, toks[-1].idx + len(toks[-1].text)))
    out = []
    for n, (a, b) in enumerate(spans):
        wide = (a, b)
        for ea, eb in names:
            if ea < b and a < eb and (ea < a or eb > b):  # overlaps and is wider
                wide = (min(a, ea), max(b, eb))
            elif (
                titled
                and titled[n]
                and text[a:b].casefold() in TITLES
                and text[b : b + 2] == ". "
                and ea == b + 2
            ):
                wide = (a, eb)  # "Mr. Whiskers", "St. Mary's"
        others = (s for m, s in enumerate(spans) if m != n and s[1] > s[0])
        if not any(wide[0] <= s[0] and s[1] <= wide[1] for s in others):
            a, b = wide
        out.append((a, b))
    return out


#: Tokens that part two names inside one entity the parser made.
_BREAKS = frozenset({"-", "–", "—", "/", ",", ";", ":", "(", ")"})
