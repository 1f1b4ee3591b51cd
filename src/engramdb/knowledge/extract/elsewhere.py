"""Whether a customer speaks of a business other than the one addressed ("FlexiFit down the
road is £15 a month", "when I was with Direct Line their excess was £200"): such a statement
is about that business, so it is never set against the organisation's curated facts.

Both readers of a turn ask this (the typed-value rules of ``stage0`` and the catalogue-guided
``aligned``), so a competitor's price is nobody's conflict whichever of them reads it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["CAMEL_NAME", "SECOND_PERSON", "elsewhere", "named_elsewhere"]

_F = re.IGNORECASE

SECOND_PERSON = re.compile(r"\b(?:you|your|you're|yours|ya|u|ur|y'all)\b", _F)
"""The organisation addressed ("you", "your")."""

CAMEL_NAME = re.compile(r"[A-Z][a-z]+[A-Z][A-Za-z]*\b")
"""A word with inner capitals ("FlexiFit", "SoundHub"): a name even as a sentence's first word
(a common word never has them)."""

_BUSINESS = (
    r"(?:provider|vendor|supplier|carrier|network|isp|bank|insurer|gym|box|studio|club|shop|"
    r"store|local|place|restaurant|takeaway|company|firm|job|work|school|landlord|agency|"
    r"salon|clinic|practice|dentist|hotel|airline|site|campsite)s?"
)
# cues that name another business whoever else the sentence names
_STRONG = re.compile(
    r"\b(?:elsewhere|another (?:shop|store|place|company|branch|provider|vendor)|"
    r"other (?:shops|stores|places|providers|vendors)|on amazon|on ebay|second-hand|secondhand|"
    r"used one|down the road|round the corner|across town|when i was with|"
    r"(?:at|from) (?:another|a different|some other) "
    r"(?!(?:time|day|date|point|stage|week|month|year|visit|hour|session|class|booking|item|"
    r"child|card|one)s?\b)\w+|"
    r"(?:my|our) (?:old|previous|former) (?:\w+ )?" + _BUSINESS + r"|at my work)\b",
    _F,
)
# cues that do so only when the organisation is not addressed ("your branch near me" is its
# own, and "my friend says you give 60 days" is about it)
_WEAK = re.compile(
    r"\b(?:near me|the (?:big|other) \w+ (?:on|in|at|down)|(?:my|a) friend says|"
    # somebody's own business ("my friend's site in Devon"; not "my wife's gym with you")
    r"(?:my|our) \w+['’]s (?:\w+ )?" + _BUSINESS + r")\b",
    _F,
)


def elsewhere(text: str) -> bool:
    """Whether ``text`` tells of another business than the one addressed."""
    if _STRONG.search(text):
        return True
    return _WEAK.search(text) is not None and SECOND_PERSON.search(text) is None


#: A business spoken of in the third person ("... when I claimed with them").
_THIRD_PERSON = re.compile(r"\b(?:they|them|their|theirs|they're|they've|they'd)\b", _F)
#: A capitalised word, and whether it is a possessive ("Maplelink's").
_CAPITALISED = re.compile(r"\b([A-Z][\w&-]*)(['’]s\b)?")
#: Capitalised words that name no business.
_NO_NAMES = frozenset(
    "i i'm i've i'd the a an we you my our it its this that these those there they he she "
    "somebody someone anybody anyone everybody everyone nobody "
    "monday tuesday wednesday thursday friday saturday sunday january february march april "
    "may june july august september october november december".split()
)


def named_elsewhere(text: str, known: Iterable[str]) -> bool:
    """Whether ``text`` speaks of a business by a name the organisation's knowledge never
    uses (``known``: the names it knows, its own among them): by that name's possessive
    ("Maplelink's Premier-type package has 260 channels"), by a name written with inner
    capitals ("WordSmith refunds monthly plans within 14 days"), or by any name when the
    clause speaks of it in the third person ("Aviva gave me a courtesy car ... with them",
    "Pizza Express only charge a quid extra for their bases")."""
    words = {w.casefold() for name in known for w in _WORD.findall(name)}
    third = _THIRD_PERSON.search(text) is not None
    first = _FIRST_WORD.match(text)
    for m in _CAPITALISED.finditer(text):
        name = m.group(1)
        low = name.casefold()
        if low in words or low in _NO_NAMES or len(name) < 3:
            continue
        if m.group(2) or CAMEL_NAME.fullmatch(name):
            return True
        # (a sentence's first word is capitalised anyway: a name there only with a second
        # capitalised word after it, "Pure Motion only charge ...")
        opening = first is not None and m.start() == first.end(1) - len(name)
        if third and (not opening or _NEXT_CAPITALISED.match(text, m.end())):
            return True
    return False


_FIRST_WORD = re.compile(r"\W*([\w&'-]+)")
_NEXT_CAPITALISED = re.compile(r"\s+[A-Z]")


_WORD = re.compile(r"[\w&-]+")
