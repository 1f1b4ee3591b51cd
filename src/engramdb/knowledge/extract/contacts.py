"""Contact details in curated documents: every email address, phone number and web address is a
fact of what the text is about ("Questions: frontdesk@ironleaf.example or (303) 555-0147").

Stage 0 reads sentences for amounts, times and denials; a contact line has none of those, so it
gave no fact at all, and an agent asked for the support email had nothing curated to cite. The
patterns run in linear time (possessive quantifiers: no run of dots, dashes or digits makes them
backtrack); each value is keyed by its kind (``email``, ``phone``, ``website``) and phrased with
the label of a "Label: value" line ("questions email").
"""

from __future__ import annotations

import dataclasses
import re

from ..claims import ORG, SELF, Claim
from ..documents.sentences import sentences
from ..words import STOP

__all__ = ["EMAIL", "contact_claims", "with_speaker_contacts"]

#: An email address (linear: possessive runs).
EMAIL = re.compile(r"(?<![\w.%+-])[\w.%+-]++@[\w-]++(?:\.[\w-]++)++")
_EMAIL = EMAIL
_URL = re.compile(
    r"(?<![\w@./-])(?:https?://)?+(?:[a-z0-9][\w-]*+\.)++[a-z]{2,}+(?:/[\w./?%&=+#~-]*+)?+",
    re.IGNORECASE,
)
_PHONE = re.compile(
    r"(?<![\w+/.-])\+?+(?:\(\d{1,4}\)[ .-]?+)?+\d{1,5}+(?:[ .-]\d{2,6}+){1,4}+(?![\w/-])"
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


def with_speaker_contacts(text: str, claims: list[Claim]) -> list[Claim]:
    """A user turn's claims with its contact details read as such: "I changed my account email
    to eli.brooks@proton.me" is the speaker's ``email``, not ``chang = 'account email to eli'``.

    A contact value is the speaker's unless its sentence speaks of "you/your" (the
    organisation) and not of "I/my"; a question states none. Claims whose span overlaps a
    contact value were pieces of it and are dropped."""
    found = []
    for c in contact_claims(text, SELF, "person"):
        if c.statement.endswith("?") or _SOMEONE_ELSES.search(_before(c, text)):
            continue  # "My colleague's email is jane@x.com": nobody's here to store
        if _organisations(c, text):
            c = dataclasses.replace(c, subject=ORG, subject_type="organisation")
        found.append(
            dataclasses.replace(c, category="identity" if c.subject == SELF else c.category)
        )
    if not found:
        return claims
    spans = [c.span for c in found if c.span]
    pieces = {p for f in found for p in re.split(r"[\W_]+", f.value.casefold()) if len(p) > 2}
    kept = [
        c
        for c in claims
        if not (c.span and any(c.span[0] < b and a < c.span[1] for a, b in spans))
        and not any(f.value in c.value or c.value in f.value for f in found)
        and not pieces & set(c.key.split("_"))  # "acme_com = yesterday": a piece of one
    ]
    return kept + found


_WHOSE = re.compile(
    r"\b(?:(?P<mine>i|i'm|i've|me|my|mine)|(?P<yours>you|your|yours))\b", re.IGNORECASE
)
_ADDRESSED = re.compile(
    r"\b(?:e-?mailed|wrote to|writing to|written to|contacted|cc'?d?|messaged|rang|called|"
    r"(?:sent|send|forward|forwarded)(?: \w+){0,3} to)\s*$",
    re.IGNORECASE,
)


#: Someone else's contact detail: "my colleague's email is ...", "her number is ...".
_SOMEONE_ELSES = re.compile(
    r"\b(?:\w+'s|his|her|their)\s+(?:\w+\s+){0,2}(?:e-?mail|address|number|phone|mobile|"
    r"contact)\b[^@\d]*$",
    re.IGNORECASE,
)


def _before(c: Claim, text: str) -> str:
    start = c.span[0] if c.span else 0
    return text[max(0, start - 120) : start]


def _organisations(c: Claim, text: str) -> bool:
    """Whether the contact value is the organisation's: an address written or sent to is
    ("I've been writing to coaches@..."); else the nearest "my/me" or "your/you" in the eight
    words before it says whose ("I changed my account email to ...", "I've emailed your
    support address, support@..."); with neither, the sentence decides."""
    before = _before(c, text)
    if _ADDRESSED.search(before.rstrip(" ,:")):
        return True  # written to: "I emailed support@acme.com", "forward this to jane@x.com"
    near = list(_WHOSE.finditer(" ".join(before.split()[-8:])))
    if near:  # the nearest "my" or "your" before it
        return near[-1].group("yours") is not None
    said = {("yours" if m.group("yours") else "mine") for m in _WHOSE.finditer(c.statement)}
    return said == {"yours"}
