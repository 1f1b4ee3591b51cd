"""Whether a customer speaks of a business other than the one addressed ("FlexiFit down the
road is £15 a month", "when I was with Direct Line their excess was £200"): such a statement
is about that business, so it is never set against the organisation's curated facts.

Both readers of a turn ask this (the typed-value rules of ``stage0`` and the catalogue-guided
``aligned``), so a competitor's price is nobody's conflict whichever of them reads it.
"""

from __future__ import annotations

import re

__all__ = ["CAMEL_NAME", "SECOND_PERSON", "elsewhere"]

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
