"""Contact details in curated documents: every email address, phone number and web address is a
fact of what the text is about ("Questions: frontdesk@ironleaf.example or (303) 555-0147").

Stage 0 reads sentences for amounts, times and denials; a contact line has none of those, so it
gave no fact at all, and an agent asked for the support email had nothing curated to cite. The
patterns run in linear time (possessive quantifiers: no run of dots, dashes or digits makes them
backtrack); each value is keyed by its kind (``email``, ``phone``, ``website``) and phrased with
the label of a "Label: value" line ("questions email").
"""

from __future__ import annotations

import re

from ..claims import ORG, Claim
from ..documents.sentences import sentences
from ..words import STOP

__all__ = ["contact_claims"]

_EMAIL = re.compile(r"(?<![\w.%+-])[\w.%+-]++@[\w-]++(?:\.[\w-]++)++")
_URL = re.compile(
    r"(?<![\w@./-])(?:https?://)?+(?:[a-z0-9][\w-]*+\.)++[a-z]{2,}+(?:/[\w./?%&=+#~-]*+)?+",
    re.IGNORECASE,
)
_PHONE = re.compile(
    r"(?<![\w+/.-])\+?+(?:\(\d{1,4}\)[ .-]?+)?+\d{1,5}+(?:[ .-]\d{2,5}+){1,4}+(?![\w/-])"
)
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_LABEL_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
#: Words that say how to reach, not what is reached ("Call or email: ..."), beside the stop words.
_NOT_LABEL = STOP | frozenset(
    "via please contact call email e-mail phone ring text write visit see go online website site "
    "web reach".split()
)
_CLAUSE_BREAK = re.compile(r"[,;.!?()]|\bor\b|\band\b", re.IGNORECASE)


def contact_claims(
    text: str, subject: str = ORG, subject_type: str = "organisation"
) -> list[Claim]:
    """One claim per contact value of ``text``, about ``subject``."""
    out: list[Claim] = []
    for start, end in sentences(text):
        sentence = text[start:end]
        taken: list[tuple[int, int]] = []
        for kind, pattern in (("email", _EMAIL), ("website", _URL), ("phone", _PHONE)):
            for m in pattern.finditer(sentence):
                a, b = m.span()
                value = m.group().rstrip(".")
                if any(a < y and x < b for x, y in taken) or not _plausible(kind, value):
                    continue
                taken.append((a, b))
                label = _label(sentence[:a])
                out.append(
                    Claim(
                        subject=subject,
                        subject_type=subject_type,
                        key=kind,
                        key_phrase=f"{label} {kind}".strip(),
                        value=value,
                        category="knowledge",
                        statement=sentence.strip(),
                        span=(start + a, start + a + len(value)),
                        confidence=0.9,
                        value_kind="text",
                    )
                )
    return out


def _plausible(kind: str, value: str) -> bool:
    if kind == "email":
        return value.rsplit(".", 1)[-1].isalpha()
    if kind == "website":  # a scheme, a path, "www." or a known top-level domain: no "e.g"
        host = value.split("://", 1)[-1].split("/", 1)[0]
        return len(host.split(".", 1)[0]) >= 3 and (
            "://" in value
            or "/" in value
            or host.startswith("www.")
            or host.count(".") >= 2
            or host.rsplit(".", 1)[-1].casefold() in _TLDS
        )
    digits = sum(ch.isdigit() for ch in value)
    return 7 <= digits <= 15 and not _ISO_DATE.fullmatch(value)


_TLDS = frozenset("com org net io co uk de fr it es eu us ca au example app dev info biz".split())


def _label(before: str) -> str:
    """The label of a "Label: value" line, up to two words ("Group bookings: ..." -> "group
    bookings"); none for a value inside a sentence."""
    head, colon, _ = before.rpartition(":")
    if not colon or _LABEL_END.search(before[len(head) + 1 :]):
        return ""
    words = [w.casefold() for w in _LABEL_WORD.findall(_CLAUSE_BREAK.split(head)[-1])]
    return " ".join(w for w in words[-2:] if w not in _NOT_LABEL)


_LABEL_END = re.compile(r"[^\s]")  # anything but spaces between the colon and the value
