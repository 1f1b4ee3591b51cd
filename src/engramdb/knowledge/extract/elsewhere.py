"""Whether a customer speaks of a business other than the one addressed ("FlexiFit down the
road is £15 a month", "when I was with Direct Line their excess was £200"): such a statement
is about that business, so it is never set against the organisation's curated facts.

Both readers of a turn ask this (the typed-value rules of ``stage0`` and the catalogue-guided
``aligned``), so a competitor's price is nobody's conflict whichever of them reads it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from collections.abc import Set as AbstractSet

from .person_words import FAMILY, OTHER_PEOPLE

__all__ = [
    "CAMEL_NAME",
    "SECOND_PERSON",
    "elsewhere",
    "name_words",
    "named_elsewhere",
    "opening_business",
]

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


#: The name a clause opens with, possessive or not ("Maplelink's", "the FlowSync app").
_OPENING_NAME = re.compile(r"\W*(?:[Tt]he\s+)?([A-Z][\w&-]*)(['’]s\b)?(\s+[\w-]+)?")
#: Capitalised words that open a clause and name no business: words that take "'s" as "is"
#: or "us", times, and the people a customer speaks of ("Jack's mum").
_NO_NAMES = frozenset(
    "what that there here where who how when let it he she everyone someone somebody "
    "nobody anyone today tonight tomorrow yesterday mother father mum mom dad mummy daddy "
    "monday tuesday wednesday thursday friday saturday sunday".split()
)


def named_elsewhere(text: str, known: AbstractSet[str]) -> bool:
    """Whether a clause opens with a business's name (``opening_business``) that the
    organisation's knowledge never uses (``known``: the words of the names it knows, its own
    among them)."""
    name = opening_business(text)
    return name is not None and name not in known


def opening_business(text: str) -> str | None:
    """The name a clause opens with (lower-cased) when it is written as a business's: with
    inner capitals ("FlowSync gives you 20 seats on their growth tier", "WordSmith refunds
    ...") or as a possessive ("Maplelink's Premier-type package has 260 channels"); not a
    person's ("Jack's mum said ...": a family or other person's word after it; a Mc/Mac
    surname), not a word that takes "'s" as "is" ("What's", "Let's", "Today's")."""
    m = _OPENING_NAME.match(text)
    if m is None:
        return None
    name, low = m.group(1), m.group(1).casefold()
    if low in _NO_NAMES or low in FAMILY or len(name) < 3:
        return None
    if m.group(2):  # a possessive: of a business, not of a person ("Jack's mum", "Sam's son";
        # "Emma's lessons with you": the organisation addressed, the name a person's)
        after = (m.group(3) or "").strip().casefold()
        if after in FAMILY or after in OTHER_PEOPLE or SECOND_PERSON.search(text):
            return None
        return low
    return low if CAMEL_NAME.fullmatch(name) and not _SURNAME.match(name) else None


#: Surnames with inner capitals ("McKenzie", "MacDonald", "O'Neill" has none).
_SURNAME = re.compile(r"M(?:a)?c[A-Z]")


def name_words(names: Iterable[str]) -> frozenset[str]:
    """The lower-cased words of ``names`` (what ``named_elsewhere`` checks a name against)."""
    return frozenset(w.casefold() for name in names for w in _WORD.findall(name))


_WORD = re.compile(r"[\w&-]+")
