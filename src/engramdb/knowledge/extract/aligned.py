"""Catalogue-guided extraction: a turn read against the curated facts it may be about.

Stage 0 reads a sentence on its own and has to guess its subject and attribute from the words
("you guys charge forty quid for an MOT" -> subject? key?). Informal phrasings defeat that
guess far more often than they hide the *value*. So this pass turns the question round: each
live curated fact of the speaker's organisation is a template (an attribute with a value of a
known kind), and a clause of the turn answers it when

1. the clause is an assertion about the organisation or the template's entity: not a question;
   no wish, condition or denial *before* the value ("if premium were £12.99"; a condition
   after it, "£25 if it isn't paid on time", is the policy's own); not the speaker's own
   experience ("I paid £199 on Amazon", "my uni library lends ..."); not a clause that opens
   with another business's name ("Bloom & Vine down the road ...");
2. a named entity is named, in the clause or earlier in the turn, and not as another model of
   its family ("AirPods Max" for "AirPods Pro", "the Inchmore to Skerra crossing");
3. it holds a value of the template's kind: money or "free", duration, period ("once an hour"),
   quantity in the same dimension, percent (also "one third"), time of day in the same direction
   (opening against closing), weekday, open/closed on a weekday, day of the month, calendar
   day, a count of the same noun, a phone number, "unlimited", or the plain affirmation of what
   a curated denial says is not so ("you accept old tyres" / "tyres are not accepted");
4. it shares an attribute word with the template once synonyms are folded (``lexicon.py``:
   ``charge`` ~ ``fee`` ~ ``price``, ``yearly`` ~ ``annual``, ``takes`` ~ ``time``), beyond when
   a price is paid ("a month"); or it names an entity whose only amount of that kind this is.

The template sharing most words wins. If a test tells it apart from the clause (a member of
another family: adult/child, economy/business, cabin/checked; another size beside the value;
another subject noun), the clause answers nothing rather than a worse template. The result is
an ordinary claim with the template's subject and key and ``answers`` set to the fact, which
the one reconciler then judges: a different value is a conflict, the same a corroboration.
Pure: no database, no model.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from engramdb.engine.lexical import STOPWORDS

from ..claims import ORG, Claim
from ..lexicon import GENERIC as _GENERIC
from ..lexicon import PRICE_WORDS, WORD, words
from ..reconcile import (
    clock_direction,
    different_topics,
    family_contrast,
    other_sizes_differ,
    same_value,
)
from ..timeexpr import WEEKDAYS
from ..values import CALENDAR, TypedValue, calendar_day, parse_value, parse_values, says_free
from ..values import FREE as _FREE
from ..words import find_phrase
from .contacts import EMAIL
from .elsewhere import CAMEL_NAME, SECOND_PERSON, elsewhere, name_words, opening_business
from .stage0 import (
    _CLOCK_WORDS,
    _QUESTION_START,
    _clock_words,
    clock_minutes,
    frequency_days,
    monthday,
)

__all__ = [
    "Stating",
    "Template",
    "align",
    "names_variant",
    "own_words",
    "says_code",
    "stating_clauses",
    "verify_unmet",
]


@dataclass(frozen=True)
class Template:
    """A live curated fact seen as a question a turn may answer."""

    fact_id: int
    #: The entity's name, or "" when the fact is about the organisation itself.
    subject: str
    subject_type: str
    key: str
    key_phrase: str
    value: str
    value_kind: str
    statement: str
    category: str = "knowledge"
    #: The entity's name also when it is the organisation (its words name no attribute).
    name: str = ""
    #: The entity's other names (its SKU, code or id): said whole, they name it.
    aliases: tuple[str, ...] = ()


_F = re.IGNORECASE
_CLAUSE_SPLIT = re.compile(
    # (a run of blanks is tried from its start only: the same matches, in linear time)
    r"(?<=[.!?;])\s+|\n+|(?<!\s)\s+and\s+(?=(?:you|your|i|we|they|it)\s)|,\s+(?=(?:so|but|and|which|because|though|although|since)\b)|"
    r"(?<!\s)\s+(?=(?:so|but|which|because|though|although)\s)|,\s+(?=(?:you|your|i|i'm|i've|we|they|it|it's|that's|this|that|no)\b)",
    _F,
)
_NOT_ASSERTED = re.compile(
    r"\b(?:if|unless|wish|hope|hoping|would|wouldn't|should|could|might|maybe|perhaps|"
    r"imagine|suppose|supposing|whether|wonder|wondering|rumou?r|pretend|instead of|"
    r"not|no|never|nobody|neither|nor)\b|n't\b",
    _F,
)
_NOT_UNTIL = re.compile(r"\b(?:not|isn't|aren't|won't|doesn't|don't)\b(?=[^,.;]*\buntil\b)", _F)
_ALLOWED = re.compile(
    r"\b(?:i|we)\s+(?:can|can only|could only|may|must|get to|have to|need to|am allowed|"
    r"'m allowed|are allowed|'re allowed|only get)\b",
    _F,
)
_PENCE = re.compile(r"\s+(?:and\s+)?(\d{1,2}|[a-z]+(?:-[a-z]+)?)(?:\s*p(?:ence)?)?\b", _F)
_RATE_AFTER = re.compile(r"\s+(?:a|an|each|every)\s+(day|week|month|year|hour)\b", _F)
#: The speaker as the subject ("I paid"); "my shifts" or "my son's lessons" is not.
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|we|we've|we'd)\b", _F)
_HALF_HOUR = re.compile(
    r"\bhalf\s+(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2})\b(?!\s+(?:past|an?|hours?|days?|dozen))",
    _F,
)
#: What follows a bare hour that is not a time of day ("till 5 days", "at 7%", "at 6:30").
_NOT_A_CLOCK = (
    r"(?![:.]?\d)(?!\s*(?:[ap]\.?m\b|%|o'clock|(?:working |business )?(?:minute|hour|day|"
    r"night|week|month|year)s?\b|in the (?:morning|afternoon|evening)|at night|tonight))"
)
#: Words after which a time of day is a closing time ("till 5", "shuts at half nine").
_CLOSING_WORDS = r"(?:until|till|til|closes? at|close at|shuts? at)"
_BARE_CLOSING = re.compile(rf"\b({_CLOSING_WORDS})\s+(1[01]|[1-9])\b" + _NOT_A_CLOCK, _F)
#: "opens at 7", "open from 10": a bare opening hour (5 to 11 in the morning, else after noon).
_BARE_OPENING = re.compile(r"\b(opens? at|opens? from)\s+(1[0-2]|[1-9])\b" + _NOT_A_CLOCK, _F)
_CLOSING_BEFORE = re.compile(rf"\b{_CLOSING_WORDS}\s+$", _F)
_DAYPART_WORDS = re.compile(
    r"\b(\d{1,2}(?::\d\d)?)\s+(?:o'clock\s+)?in the (morning|afternoon|evening)\b", _F
)
_CLOSED_ON = re.compile(
    r"\bclosed\s+(?:on\s+|all\s+day\s+on\s+)?(monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday)s?\b",
    _F,
)
_CLAUSE_MONTHDAY = re.compile(
    r"\b(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)|last\s+(?:working\s+|business\s+)?day)\b", _F
)
_OPEN_DAY = re.compile(
    r"\b(open|closed)\s+(?:on\s+|every\s+|all\s+day\s+)?(?:monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday)s?\b",
    _F,
)
_WEEKDAY = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b", _F)
_UNLIMITED = re.compile(
    r"\b(?:unlimited|no limit|no cap|limitless|as (?:many|much) as you (?:like|want))\b", _F
)
#: "no excess", "no minimum spend": an amount said to be nil (the noun after "no" stays in the
#: clause, to name the attribute; words after which "no" is no amount are left out).
_NONE = re.compile(
    r"\b(no)\s+(?!(?:one|longer|more|less|problem|problems|worries|idea|need|way|matter|"
    r"doubt|rush|big|thanks|thank|chance|clue|sooner|later|time|sense)\b)[a-z][a-z-]+",
    _F,
)
_DENIAL_WORD = re.compile(r"\b(?:closed|not|no|never)\b", _F)
# A clause read against templates costs (values x templates x its length): a clause longer than
# any assertion, or with more values than one answers, is not read (a 64 KiB clause of "5 days"
# repeated took minutes).
_MAX_CLAUSE_CHARS = 1000
_MAX_VALUES = 12
_PHONE = re.compile(r"(?<![\w+])\+?\d[\d ()-]{6,}\d\b")


@dataclass(frozen=True)
class _Value:
    kind: str
    text: str
    span: tuple[int, int]
    typed: TypedValue | None = None


def _clock_text(clause: str) -> str:
    clause = _CLOCK_WORDS.sub(_clock_words, clause)
    # "open till 5", "closes at 6": a bare hour after a closing word is in the afternoon
    clause = _BARE_CLOSING.sub(lambda m: f"{m.group(1)} {m.group(2)}pm", clause)
    clause = _BARE_OPENING.sub(
        lambda m: f"{m.group(1)} {m.group(2)}{'am' if 5 <= int(m.group(2)) <= 11 else 'pm'}",
        clause,
    )

    def half(m: re.Match[str]) -> str:
        hour = parse_value(m.group(1))
        if hour.kind != "number" or not hour.magnitude or not 1 <= hour.magnitude <= 12:
            return m.group(0)
        h = int(hour.magnitude)
        before = m.string[max(0, m.start() - 16) : m.start()]  # (a window: linear)
        closing = _CLOSING_BEFORE.search(before) is not None
        # "half four" is 16:30 in a day's hours; "shut at half nine" is 21:30
        return f"{h}:30pm" if h <= 7 or (closing and h < 12) else f"{h}:30"

    clause = _HALF_HOUR.sub(half, clause)
    return _DAYPART_WORDS.sub(
        lambda m: f"{m.group(1)}{'am' if m.group(2).casefold() == 'morning' else 'pm'}", clause
    )


def _values(clause: str) -> list[_Value]:
    """Every value in a clause, with its kind as templates name kinds."""
    out: list[_Value] = []
    for tv in parse_values(clause):
        a, b = tv.span
        out.append(_Value(tv.kind, clause[a:b], (a, b), tv))
    for m in CALENDAR.finditer(clause):
        if calendar_day(m.group(0)):
            out.append(_Value("calday", m.group(0), m.span()))
    for m in _CLAUSE_MONTHDAY.finditer(clause):
        nth = monthday(m.group(0))
        if nth:
            out.append(_Value("monthday", nth, m.span()))
    denial = _DENIAL_WORD.search(clause)  # the first: "before the weekday" is then one test
    for m in _WEEKDAY.finditer(clause):
        day = m.group(1).capitalize()
        if denial is not None and denial.end() <= m.start():
            day = f"not {day}"  # "closed for drop-offs on Sundays", as stage 0 reads documents
        out.append(_Value("weekday", day, m.span()))
    for m in _OPEN_DAY.finditer(clause):
        out.append(_Value("openday", m.group(1).casefold(), m.span(1)))
    for i, v in enumerate(out):  # "one hundred and eighty pounds": sterling, in a price
        if v.kind == "quantity" and re.search(r"\bpounds?\b", v.text, _F) and v.typed:
            amount = parse_value(re.sub(r"\bpounds?\b", "", v.text, flags=_F).strip())
            if amount.kind == "number" and amount.magnitude is not None:
                end, pounds = v.span[1], amount.magnitude
                pence = _PENCE.match(clause, end)  # "three pounds fifty"
                if pence:
                    p = parse_value(pence.group(1))
                    if p.kind == "number" and p.magnitude is not None and p.magnitude < 100:
                        pounds, end = pounds + p.magnitude / 100, pence.end()
                span = (v.span[0], end)
                money = TypedValue("money", pounds, "GBP", clause[span[0] : end], span, "")
                out[i] = _Value("money", clause[span[0] : end], span, money)
    for i, v in enumerate(out):
        rate = _RATE_AFTER.match(clause, v.span[1])
        if v.kind == "quantity" and rate:  # "200 kilometres a day" is a rate
            again = parse_value(f"{v.text} per {rate.group(1)}")
            if again.kind == "quantity":
                out[i] = _Value(
                    "quantity", clause[v.span[0] : rate.end()], (v.span[0], rate.end()), again
                )
    for m in _FREE.finditer(clause):
        out.append(_Value("free", "free", m.span()))
    for m in _NONE.finditer(clause):  # "no excess", "there's no minimum": that amount is nil
        if not _FREE.match(clause, m.start()):
            out.append(_Value("none", m.group(1), m.span(1)))
    for m in _UNLIMITED.finditer(clause):
        out.append(_Value("unlimited", "unlimited", m.span()))
    emails = [m.span() for m in EMAIL.finditer(clause)]
    for a, b in emails:
        out.append(_Value("email", clause[a:b].rstrip("."), (a, b)))
    for m in _PHONE.finditer(clause):
        if sum(c.isdigit() for c in m.group(0)) >= 7:
            out.append(_Value("phone", m.group(0), m.span()))
    if frequency_days(clause) is not None and re.search(
        r"\b(?:every|once|twice|times|daily|weekly|monthly|yearly|annually|fortnightly)\b",
        clause,
        _F,
    ):
        every = _EVERY.search(clause)
        out.append(_Value("frequency", clause, every.span() if every else (0, len(clause))))
    return out


def _template_kind(t: Template) -> str:
    value = t.value.strip().casefold()
    if _WEEKDAY.fullmatch(value.removeprefix("not ")):
        return "weekday"
    if value in ("open", "closed") and _WEEKDAY.search(t.key_phrase):
        return "openday"  # "open_on_monday: closed"
    if t.value_kind in ("hours", "weekday", "frequency", "free", "denied", "monthday"):
        return t.value_kind
    if re.search(r"\b\d{1,2}(?:st|nd|rd|th)\b", t.value) and monthday(t.value):
        return "monthday"  # "due on the 1st of"
    if EMAIL.fullmatch(t.value.strip()):
        return "email"
    if _boolean(t.value) is not None and t.value_kind not in ("denied", "free"):
        return "boolean"
    if _PHONE.search(t.value) and sum(c.isdigit() for c in t.value) >= 7:
        return "phone"
    if _UNLIMITED.search(t.value):
        return "unlimited"
    if calendar_day(t.value):
        return "calday"  # "31 October"
    if says_free(t.value):
        return "free"  # (a table's "Free" cell prices the thing at nothing)
    found = parse_values(t.value)
    kind = found[0].kind if len(found) == 1 else parse_value(t.value).kind  # "3.1% AER"
    if kind == "text" and _leading(t.value, found) is not None:
        return found[0].kind  # "£99 for up to 12 weeks": answered by the amount it opens with
    if kind == "number":
        # "class hours per week: 15" is 15 hours; "cleanings per year: 2" counts cleanings
        unit = _UNIT_IN_KEY.search(_PER_PERIOD.sub(" ", t.key_phrase))
        if unit:
            return parse_value(f"{t.value} {unit.group(0)}").kind
    return kind


#: Kinds of an amount a textual curated value may open with and be answered by.
_LEADING = frozenset({"money", "duration", "percent", "quantity"})


def _leading(value: str, found: Sequence[TypedValue] | None = None) -> TypedValue | None:
    """The amount a value opens with, when it is of a ``_LEADING`` kind ("£4.50 per wash,
    £3 per dry": £4.50; "2 bags, up to 20 kg each" opens with a bare count: none)."""
    found = parse_values(value) if found is None else found
    if found and found[0].kind in _LEADING and not value[: found[0].span[0]].strip():
        return found[0]
    return None


#: The period of a rate in a key ("per week", "a year"): what is counted is named before it.
_PER_PERIOD = re.compile(
    r"\b(?:per|a|an|each|every)[\s_]+(?:hour|day|night|week|fortnight|month|quarter|year)\b",
    _F,
)
_UNIT_IN_KEY = re.compile(
    r"\b(?:hours?|hrs?|minutes?|mins?|days?|weeks?|months?|years?|kg|kilos?|grams?|gb|mb|tb|"
    r"miles?|km|kilometres?|kilometers?|metres?|meters?|litres?|liters?)\b",
    _F,
)


#: Template kinds a nil amount ("no minimum") answers.
_NIL_ANSWERS = frozenset({"money", "number", "percent", "quantity", "duration"})


def _answers(kind: str, v: _Value, t: Template) -> bool:
    """Whether a value of the clause can answer a template of ``kind``."""
    if v.kind == "none":  # (a nil amount answers an amount, never a yes/no or a "free")
        return kind in _NIL_ANSWERS
    if kind in ("money", "free"):
        return v.kind in ("money", "free")
    if kind == "quantity":
        return v.kind == "unlimited" or (
            v.kind == "quantity"
            and v.typed is not None
            and v.typed.unit == (_leading(t.value) or parse_value(t.value)).unit
        )
    if kind in ("duration", "percent", "weekday", "phone", "monthday", "calday", "openday"):
        return v.kind == kind
    if kind == "email":
        return v.kind == "email"
    if kind == "frequency":
        return v.kind in ("frequency", "duration")
    if kind == "number":
        return v.kind in ("number", "unlimited")
    if kind == "unlimited":
        return v.kind in ("number", "quantity", "unlimited")
    return False


@dataclass
class _Hit:
    template: Template
    score: int
    value: _Value
    clause: str
    #: A test tells the clause and the template apart (another subject, size or modifier).
    apart: bool = False


def _asserted(clause: str) -> bool:
    c = clause.strip()
    return bool(c) and not c.endswith("?") and not _QUESTION_START.match(c)


def _relative(text: str, start: int, clause: str) -> bool:
    """A clause after a comma that opens with "which" or "who" and does not end in a question
    mark may describe what came before it ("I'm on NW-F100, which only gives 50 gigs"): it
    is read as a statement about a catalogue thing the clause before it names, and only about
    that (``align``); "Quick question, which plan gives 50 gigs" names none."""
    if not clause.casefold().startswith(("which ", "who ")) or clause.rstrip().endswith("?"):
        return False
    i = start - 1
    while i >= 0 and text[i].isspace():  # (the blanks before this clause only: linear)
        i -= 1
    return i >= 0 and text[i] == ","


def _about_them(
    clause: str,
    t: Template,
    own: frozenset[str] = frozenset(),
    known: AbstractSet[str] = frozenset(),
) -> bool:
    """The clause speaks of the organisation ("you", "your", or no person at all), not of
    what the speaker did elsewhere ("I paid $199 for my AirPods on Amazon")."""
    away, subject, addressed = _whose(clause, own)
    if away:
        return False
    business = opening_business(clause)  # (a name the organisation never uses: "Fitzone's")
    if (
        business
        and business not in own
        and business not in known
        and business not in name_words((t.subject, t.name, *t.aliases))
    ):
        return False
    if (
        subject
        and not any(n and (_names(subject, n) or _names(n, subject)) for n in (t.subject, t.name))
        and subject.casefold() not in {a.casefold() for a in t.aliases}
        # (the statement says the whole name: "The Snug ..." says "Snug"; "Delivery within
        # London ..." does not say "London Couriers")
        and not find_phrase(t.statement.casefold(), subject.casefold())
    ):
        return False  # "Bloom & Vine takes orders until 5pm", "GameBarn lets you ...": another
    # a catalogue thing the clause names is what it speaks of, whoever is on it ("my lad's on
    # the Junior plan and that one includes EU roaming")
    return addressed or bool(t.subject and _names(clause, t.subject))


@functools.lru_cache(maxsize=256)
def _whose(clause: str, own: frozenset[str]) -> tuple[bool, str, bool]:
    """What a clause says of whom, read once for all the templates it is tried against: whether
    it tells of another business, the name it opens with ("" for none or the organisation's
    own), and whether it addresses the organisation (or names no person)."""
    if elsewhere(clause):
        return True, "", False
    m = _NAME_START.match(clause) or _ONE_NAME_START.match(clause)
    camel = CAMEL_NAME.match(clause)  # "SoundHub has the Aria for $109"
    words = (m.group(1) if m else camel.group() if camel else "").split()
    while words and words[0].casefold() in STOPWORDS:
        words.pop(0)  # "The Thirsk farm shop" names Thirsk
    if all(w.casefold() in _DAY_NAMES for w in words) or any(w.casefold() in own for w in words):
        words = []  # "On Sundays you're open 10 till 4", "Ironhouse lets you ...": no other
    # "my uni library only lends books for two weeks": the speaker's own
    addressed = bool(SECOND_PERSON.search(clause)) or not _MY_SUBJECT.match(clause)
    return False, " ".join(words), addressed


_DAY_NAMES = frozenset(f"{day}{s}" for day in (*WEEKDAYS, "weekday", "weekend") for s in ("", "s"))
#: A clause that opens with a name of two or more words ("Bloom & Vine", "Old Town Greenleaf").
_NAME_START = re.compile(r"^(?:the\s+)?([A-Z][\w'.-]*(?:\s+(?:[A-Z][\w'.-]*|&|and|of))+)")
#: "Globex lets me ...": one capitalised name, then a verb.
_ONE_NAME_START = re.compile(
    r"^([A-Z][\w'.-]+)\s+(?:lets|charges|gives|offers|sells|only|allows)\b"
)
_MY_SUBJECT = re.compile(r"^\W*(?:my|our)\s+(?![\w-]+\s+(?:with|at|from)\s+you\b)", _F)


def _names(text: str, name: str) -> bool:
    """A word of the name (hyphens split, plural or a shortening of five letters or more:
    "undergrad" for "Undergraduates") appears in the text."""
    words = _name_words(name)
    low = text.casefold()
    if any(find_phrase(low, w, plural=True) for w in words):
        return True
    said = {t for t in WORD.findall(low) if len(t) >= 5}
    return any(w.startswith(t) for w in words for t in said if len(w) > len(t))


def _name_words(name: str) -> list[str]:
    """The words a name is named by (hyphens split; generic words and letters alone aside)."""
    return [
        w
        for w in WORD.findall(name.casefold().replace("-", " "))
        if w not in _GENERIC and len(w) > 1
    ]


#: Of the catalogue names a clause names, those named at least this share of the best-named
#: one's weight are what it speaks of (``_mentioned``).
MENTION_SHARE = 0.8


def says_code(low: str, t: Template) -> bool:
    """The lower-cased text says one of the template's entity's codes whole ("the ARIA-300s":
    a plural too)."""
    return any(find_phrase(low, a.casefold(), plural=True) for a in t.aliases)


def _names_entity(text: str, t: Template) -> bool:
    """The text names the template's entity, by a word of its name or by its code."""
    return bool(t.subject) and (_names(text, t.subject) or says_code(text.casefold(), t))


def _first_codes(low: str, templates: Sequence[Template]) -> dict[int, int]:
    """Where each template's entity's code is first said in the lower-cased turn (fact id ->
    offset; one pass over the turn per template, not one per clause)."""
    out: dict[int, int] = {}
    for t in templates:
        spans = [find_phrase(low, a.casefold(), plural=True) for a in t.aliases]
        found = [s[0] for s in spans if s is not None]
        if found:
            out[t.fact_id] = min(found)
    return out


def _mentioned(clause: str, names: Sequence[str], df: Counter[str]) -> list[str]:
    """The catalogue names a clause speaks of: of those it names a word of (``_names``), the
    ones named about as well as the best, each word weighed by how few names hold it ("your
    menu" hardly names "Children's menu" beside "Diavola's", which names "Pizza Diavola" by a
    word no other name has): a word many names share tells no entity from another."""
    low = clause.casefold()
    weighed = []
    for n in names:
        if not _names(clause, n):
            continue
        said = [w for w in set(_name_words(n)) if find_phrase(low, w, plural=True)]
        weight = sum(1.0 / max(1, df[w]) for w in said) if said else 1.0  # (by a shortening)
        weighed.append((weight, n))
    if not weighed:
        return []
    top = max(w for w, _ in weighed)
    return [n for w, n in weighed if w >= MENTION_SHARE * top]


def _mask(text: str, span: tuple[int, int]) -> str:
    return text[: span[0]] + " " + text[span[1] :]


def _template_masked(t: Template) -> str:
    if t.value_kind == "denied":  # (its value is the statement's own words: what it denies)
        return t.statement
    return t.statement.replace(t.value, " ") if t.value in t.statement else t.statement


def own_words(organisation: str) -> frozenset[str]:
    """The words of the organisation's own name (naming it names no other entity)."""
    return frozenset(w.casefold() for w in re.findall(r"[\w']+", organisation.replace("-", " ")))


@dataclass(frozen=True)
class Stating:
    """A clause of a turn that may state something, as the turn says it and as it is read."""

    #: As the turn says it (stripped), and where it starts and ends in the turn.
    said: str
    start: int
    end: int
    #: As it is read (clock words rewritten: "half five" is "5:30pm").
    clause: str
    #: The clause before it, as read.
    antecedent: str
    #: A ", which ..." clause: it tells only of what its antecedent names.
    relative: bool


def stating_clauses(text: str) -> Iterator[Stating]:
    """The clauses of a turn that assert something (not questions), and the ", which ..."
    clauses that describe what the clause before them names; one pass, linear in the turn."""
    offset = 0
    previous = ""  # (the clause before this one)
    for raw in _CLAUSE_SPLIT.split(text):
        if not raw:
            continue
        start = text.find(raw, offset)
        offset = start + len(raw) if start >= 0 else offset
        if len(raw) > _MAX_CLAUSE_CHARS or not any(c.isalnum() for c in raw):
            continue  # (a clause without a word or a number answers nothing)
        clause = _clock_text(raw.strip())
        antecedent, previous = previous, clause
        asserted = _asserted(clause)
        relative = not asserted and _relative(text, start, clause)
        if asserted or relative:
            yield Stating(raw.strip(), start, offset, clause, antecedent, relative)


def align(
    text: str,
    templates: Sequence[Template],
    *,
    other_names: Sequence[str] = (),
    organisation: str = "",
    similar: Callable[[str, str], float] | None = None,
) -> list[tuple[Template, Claim]]:
    """Claims of ``text`` that answer curated ``templates`` (see the module docstring);
    ``other_names`` are the catalogue's entity names, for telling one entity from another, and
    ``organisation`` the organisation's own name (naming it names no other entity).
    ``similar(clause, statement)``: how alike a contextual encoder finds them (cosine), for a
    clause that shares no attribute word with any template it could answer."""
    own = own_words(organisation)
    known = name_words(other_names)  # (the catalogue's names are no other business's)
    if not templates:
        return []
    kinds = {t.fact_id: _template_kind(t) for t in templates}
    per_entity = Counter((t.subject.casefold(), kinds[t.fact_id]) for t in templates if t.subject)
    out: list[tuple[Template, Claim]] = []
    taken: set[int] = set()
    earlier = _Earlier(text, own)
    name_df = Counter(w for n in other_names for w in set(_name_words(n)))
    codes = _first_codes(text.casefold(), templates)
    for said in stating_clauses(text):
        clause, start, offset = said.clause, said.start, said.end
        antecedent, relative = said.antecedent, said.relative
        hits: list[_Hit] = []
        clock = clock_minutes(clause)
        mentioned = _mentioned(clause, other_names, name_df)
        said_to = earlier.prefix_end(offset)  # (this clause's end in the case-folded turn)
        found = _values(clause)
        if len(found) > _MAX_VALUES:
            continue
        for t in templates:
            if t.fact_id in taken or not _about_them(clause, t, own, known):
                continue
            # a named entity may be named earlier in the turn ("went to the Tenby Road branch
            # ... you're open till 5"): the clause itself first, else what came before it
            # (what the clause says, else what the turn said up to it and the clause: read from
            # tables of the whole turn, not by reading text[:start] again for every clause)
            # its code names it too ("I'm on NW-F100, which only gives 50 gigs"; said earlier:
            # "NW-F100 here. It only gives 50 gigs")
            if relative and not _names_entity(antecedent, t):
                continue  # (", which ..." tells only of the thing the clause before names)
            coded = bool(t.subject) and codes.get(t.fact_id, said_to) < said_to
            in_clause = _names(clause, t.subject)
            named = in_clause or coded
            kind = kinds[t.fact_id]
            if not _its_entity(clause, t, start, own, earlier, mentioned, named, coded):
                continue
            t_masked = _template_masked(t)
            attribute = words(f"{t.key_phrase} {t_masked}") - words(t.subject or t.name)
            for v in _answering(kind, clause, clock, t, found):
                before = _NOT_UNTIL.sub(" ", clause[: v.span[0]])  # "isn't covered until"
                if kind == "email" and _same_domain(v.text, t.value):
                    # an address at the organisation's own domain is one of its addresses,
                    # whoever writes to it ("I've been writing to coaches@crossforge.ca")
                    hits.append(_Hit(t, 2, v, clause, False))
                    continue
                if (
                    _FIRST_PERSON.search(before)
                    and not SECOND_PERSON.search(clause)
                    and not _ALLOWED.search(before)
                ):
                    continue  # "I paid £40 for mine": the speaker's own experience (but "I
                    # can only keep books for a fortnight" states the rule)
                if _NOT_ASSERTED.search(before):
                    continue  # "I wish you charged £40", "you don't open at 9" (a condition
                    # after the value, "£25 if it isn't paid on time", is the policy's own)
                # a frequency's words and "closed on Saturdays" name their attribute themselves
                masked = _mask(clause, v.span) if v.kind not in ("frequency", "closed") else clause
                if (
                    kind == "number"
                    and v.kind == "number"
                    and "age" not in attribute
                    and not (_following_nouns(clause, v) & attribute)
                ):
                    continue  # a bare count answers only a count of the same noun
                if kind == "hours" and _other_direction(clause, t):
                    continue  # opening time against closing time
                shared = set(words(masked) & attribute)
                if (
                    v.kind in ("money", "free")
                    and "price" in attribute
                    and (t.subject or shared - PRICE_WORDS or attribute <= PRICE_WORDS)
                ):
                    shared.add("price")  # an amount of money names a price by itself (of a
                    # named thing, or beside another word of what is priced)
                if (
                    not shared
                    and t.subject
                    and (in_clause or coded)
                    and per_entity[(t.subject.casefold(), kind)] == 1
                ):
                    # the named entity has one amount of this kind: "NoodleRun's express
                    # option gets your food to you in 45 minutes" (delivery time: 30 minutes)
                    shared = {"#the-only-one"}
                if v.kind in ("money", "free") and not t.subject and not shared - PRICE_WORDS:
                    continue  # "£14 a month" and "£8.50 a month" share only when it is paid
                if v.kind == "affirmed" and len(shared) < 2:
                    continue  # a denial is met only by its own subject and verb
                if not shared:
                    continue  # nothing but the entity in common: another attribute
                apart = _told_apart(clause, masked, v, t, t_masked)
                # the better-named entity wins ("the large dog full groom": Large Dog)
                naming = (
                    _named_words(clause, t.subject)
                    if in_clause
                    else earlier.named_words(t.subject, start, clause)
                )
                if coded and says_code(clause.casefold(), t):  # (its code, said in this
                    # clause, names the row more exactly than any word of its name: "the HS1
                    # ferry to Skerry" is HS1's, not the Skerry row's)
                    naming = max(naming, len(_name_words(t.subject)) + 1)
                score = len(shared) + (naming if t.subject else 0)
                hits.append(_Hit(t, score, v, clause, apart))
        if not hits and similar is not None:
            named_ids = {t.fact_id for t in templates if codes.get(t.fact_id, said_to) < said_to}
            loose = _loose(
                clause,
                start,
                templates,
                kinds,
                taken,
                own,
                earlier,
                clock,
                found,
                mentioned,
                named_ids,
                antecedent if relative else None,
                known,
            )
            hits = _about(loose, similar) if loose else []
        if not hits:
            continue
        best = max(h.score for h in hits)
        kept = [h for h in hits if not h.apart]
        if not kept or max(h.score for h in kept) < best:
            continue  # what the clause is most about is told apart from it: another thing
        top = [h for h in kept if h.score == best]
        if len({h.template.fact_id for h in top}) > 1:
            # two templates answer equally well: take them only if they agree on the verdict
            verdicts = {_verdict(h) for h in top}
            if len(verdicts) > 1:
                continue
        h = top[0]
        taken.add(h.template.fact_id)
        out.append((h.template, _claim(h)))
    return out


def _its_entity(
    clause: str,
    t: Template,
    start: int,
    own: frozenset[str],
    earlier: _Earlier,
    mentioned: list[str],
    in_clause: bool,
    coded: bool = False,
) -> bool:
    """A template's named entity is named, in the clause (``in_clause``) or earlier in the turn,
    and not as another model of it (its code said, ``coded``, names that very row: "the
    TR-520" is no other model of the Trailhead 520); and the clause names no other catalogue
    entity (of those it names about as well as the best, ``_mentioned``)."""
    if t.subject and (
        not (in_clause or earlier.names(t.subject, start))
        or (
            not coded
            and (
                _variant(clause, t.subject, own)
                if in_clause
                else earlier.variant(t.subject, start, clause)
            )
        )
    ):
        return False
    return not any(
        not _names(t.subject + " " + t.statement, n)
        for n in mentioned
        if n.casefold() != t.subject.casefold()
    )


def _other_direction(clause: str, t: Template) -> bool:
    """An opening time against a closing time (or the other way round)."""
    dt, dc = clock_direction(t.value + " " + t.statement), clock_direction(clause)
    return bool(dt and dc and dt != dc)


def _told_apart(clause: str, masked: str, v: _Value, t: Template, t_masked: str) -> bool:
    """A test tells the clause (its value masked) from the template: another member of a
    family, another topic, another size beside the value."""
    return bool(
        family_contrast(masked, f"{t.key_phrase} {t_masked}")
        or different_topics(masked, t_masked)
        or other_sizes_differ(clause, v.text, t.statement, t.value)
    )


def _loose(
    clause: str,
    start: int,
    templates: Sequence[Template],
    kinds: dict[int, str],
    taken: set[int],
    own: frozenset[str],
    earlier: _Earlier,
    clock: list[int],
    found: list[_Value],
    mentioned: list[str],
    named_ids: AbstractSet[int] = frozenset(),
    antecedent: str | None = None,
    known: AbstractSet[str] = frozenset(),
) -> list[_Hit]:
    """The templates a clause could answer by its values and guards alone, for the encoder to
    choose among (``_about``) when none shares an attribute word with it: the clause speaks
    of the organisation or the entity, names the entity (not as another model; ``named_ids``:
    by its code, in the clause or earlier) and no other catalogue entity, is not the
    speaker's own affairs, a wish or a denial, and is not told apart by family, topic, size or
    clock direction. ``antecedent``: the clause a ", which ..." clause describes."""
    loose: list[_Hit] = []
    if _FIRST_PERSON.search(clause) or elsewhere(clause):
        return loose
    for t in templates:
        if t.fact_id in taken or not _about_them(clause, t, own, known):
            continue
        if antecedent is not None and not _names_entity(antecedent, t):
            continue
        coded = t.fact_id in named_ids
        named = coded or _names(clause, t.subject)
        kind = kinds[t.fact_id]
        if not _its_entity(clause, t, start, own, earlier, mentioned, named, coded):
            continue
        for v in _answering(kind, clause, clock, t, found):
            if v.kind in ("affirmed", "number", "email"):
                continue
            if _NOT_ASSERTED.search(_NOT_UNTIL.sub(" ", clause[: v.span[0]])):
                continue
            if kind == "hours" and _other_direction(clause, t):
                continue  # opening time against closing time
            if _told_apart(clause, _mask(clause, v.span), v, t, _template_masked(t)):
                continue  # another member of its family, topic or size
            loose.append(_Hit(t, 0, v, clause, False))
    return loose


#: How alike (cosine under the contextual encoder) a clause and a curated statement must be
#: for a clause that shares no attribute word with it to answer it, and by how much more than
#: any other template it could answer (tuned on the tune domains).
ABOUT_MIN = 0.45
ABOUT_MARGIN = 0.05


def _about(unshared: list[_Hit], similar: Callable[[str, str], float]) -> list[_Hit]:
    """The one template the clause is clearly about, by the encoder, of those it could answer
    but shares no word with (its value masked out of both)."""
    scored: dict[int, tuple[float, _Hit]] = {}
    for h in unshared:
        fid = h.template.fact_id
        if fid not in scored:
            scored[fid] = (similar(_mask(h.clause, h.value.span), _template_masked(h.template)), h)
    ranked = sorted(scored.values(), key=lambda x: -x[0])
    best, hit = ranked[0]
    second = ranked[1][0] if len(ranked) > 1 else -1.0
    if best < ABOUT_MIN or best - second < ABOUT_MARGIN:
        return []
    return [_Hit(hit.template, 1, hit.value, hit.clause, False)]


#: How alike a rules' claim and a curated statement must be for ``verify_unmet`` to read
#: the claim as that fact, and by how much more than the next. Stricter than ``ABOUT_MIN``:
#: at 0.45 / 0.05 the tune domains gained five cases and the v3 suite lost precision (two
#: more conflicts against the wrong fact); at these, tune gains four and v3 loses none.
VERIFY_MIN = 0.55
VERIFY_MARGIN = 0.1


def verify_unmet(
    claims: Sequence[Claim],
    templates: Sequence[Template],
    similar: Callable[[str, str], float],
    taken: AbstractSet[int] = frozenset(),
) -> dict[int, Claim]:
    """The rules' claims about the organisation that no curated fact's key meets ("your SLA
    only promises 99.5% uptime": key ``promises_uptime``), each read as the curated fact it
    is about when one clearly is: of the templates its typed value could answer (same kind
    and unit) and no test tells apart, the one the encoder finds clearly nearest the
    sentence (values masked in both, ``VERIFY_MIN``, ``VERIFY_MARGIN``). By claim index."""
    keys = {t.key for t in templates}
    taken = set(taken)  # (a fact one claim is read as is not read again for another)
    out: dict[int, Claim] = {}
    for i, c in enumerate(claims):
        if c.subject != ORG or c.negated or c.past or c.answers is not None or c.key in keys:
            continue
        typed = c.typed if c.typed is not None else parse_value(c.value)
        if typed.kind in ("text", "number") or not c.statement:
            continue  # (a bare count or a word answers too much to be read by likeness)
        at = c.statement.find(c.value)
        if at < 0:
            continue
        v = _Value(typed.kind, c.value, (at, at + len(c.value)), typed)
        masked = _mask(c.statement, v.span)
        scored = []
        for t in templates:
            if t.fact_id in taken or not _answers(_template_kind(t), v, t):
                continue
            t_masked = _template_masked(t)
            if _told_apart(c.statement, masked, v, t, t_masked):
                continue
            scored.append((similar(masked, t_masked), t))
        if not scored:
            continue
        scored.sort(key=lambda s: -s[0])
        best, t = scored[0]
        # (a lone template of the value's kind meets only the likeness bar)
        second = scored[1][0] if len(scored) > 1 else -1.0
        if best < VERIFY_MIN or best - second < VERIFY_MARGIN:
            continue
        taken.add(t.fact_id)
        out[i] = _claim(_Hit(t, 1, v, c.statement, False))
    return out


def _same_domain(a: str, b: str) -> bool:
    return a.rpartition("@")[2].casefold().rstrip(".") == b.rpartition("@")[2].casefold()


_BOOL_YES = frozenset("yes true y included covered available allowed supported ✓ ✔".split())
_BOOL_NO = frozenset("no false n excluded unavailable none ✗ ✘ x".split()) | {
    "not included",
    "not covered",
    "not available",
    "not allowed",
    "not supported",
}
_AFFIRMS = re.compile(
    r"\b(?:includ\w*|comes? with|has|have|got|gets?|covers?|covered|offers?|supports?|"
    r"allows?|lets?|runs? on|is|are|can|does|do|works?|comes?)\b",
    _F,
)
_DENIES = re.compile(r"\b(?:not|no|never|without|exclud\w*)\b|n't\b|\bcannot\b", _F)


def _boolean(value: str) -> bool | None:
    v = value.strip().casefold().rstrip(".")
    return True if v in _BOOL_YES else False if v in _BOOL_NO else None


def _polarity(clause: str, t: Template, share: float = 1.0) -> list[_Value]:
    """A yes/no attribute ("EU roaming: no", "Vegan: yes", "Home emergency: Not included")
    answered by a clause naming every word of the attribute (``share``: at least that part of
    them, two or more) with a verb that affirms or denies it: "that one includes EU roaming"
    says yes. The value is said in the template's own words when the clause agrees, and as
    its opposite when not."""
    attribute = words(t.key_phrase) - _GENERIC
    told = len(attribute & words(clause))
    if not attribute or told < min(len(attribute), max(2, share * len(attribute))):
        return []
    named = bool(t.subject) and _names(clause, t.subject)
    if not (
        SECOND_PERSON.search(clause) or named or (t.subject and not _FIRST_PERSON.search(clause))
    ):
        return []  # "I have parking at my flat", "I'm not vegan": the speaker's own affairs
    said = _boolean(t.value)
    if _DENIES.search(clause):
        claimed = False
    elif _AFFIRMS.search(clause):
        claimed = True
    else:
        return []
    value = t.value if claimed == said else ("yes" if claimed else "no")
    return [_Value("boolean", value, (0, 0))]


def _answering(
    kind: str, clause: str, clock: list[int], t: Template, found: list[_Value]
) -> list[_Value]:
    if kind == "denied":  # "tyres are not accepted": a plain "you accept old tyres" says otherwise
        if _NOT_ASSERTED.search(clause):
            return []
        return [_Value("affirmed", "yes", (0, 0))]
    if kind == "boolean":  # "EU roaming: no" against "that one includes EU roaming"
        return _polarity(clause, t)
    if kind == "hours":
        closed = _CLOSED_ON.search(clause)
        if (
            closed
            and closed.group(1).casefold().rstrip("s") in f"{t.key_phrase} {t.statement}".casefold()
        ):
            return [_Value("closed", "closed", closed.span())]  # "you're closed on Saturdays"
    if kind != "hours":
        return [
            v for v in found if _answers(kind, v, t) and (v.kind != "none" or _nil(clause, v, t))
        ]
    if not clock or (len(clock) > 1 and len(clock_minutes(t.value)) != len(clock)):
        return []
    times = list(_CLOCK_SPAN.finditer(clause))
    if not times:
        return []
    span = (times[0].start(), times[-1].end())
    return [_Value("hours", clause[span[0] : span[1]], span)]


def _nil(clause: str, v: _Value, t: Template) -> bool:
    """A nil amount said of the organisation ("your excess", "you've no minimum") or of the
    template's entity ("the 12-month plan has no joining fee"); not a kind of a thing ("a pitch
    with no electric") nor the speaker's own affairs ("no sessions booked anymore")."""
    if re.search(r"\bwith\s*$", clause[: v.span[0]], _F):
        return False
    # the word after "no" names the template's attribute ("no excess": "an excess of £100")
    nil = words(" ".join(clause[v.span[1] :].split()[:1]))
    attribute = words(f"{t.key_phrase} {_template_masked(t)}") - words(t.subject or t.name)
    if not nil & attribute:
        return False
    return bool(SECOND_PERSON.search(clause)) or bool(t.subject and _names(clause, t.subject))


_CLOCK_SPAN = re.compile(
    r"\b\d{1,2}(?:[:.][0-5]\d)?\s*[ap]\.?m\b\.?|\b(?:[01]?\d|2[0-3]):[0-5]\d\b|\bnoon\b|\bmidnight\b",
    _F,
)


def _named_words(text: str, name: str) -> int:
    low = text.casefold()
    return sum(
        1
        for w in {w for w in WORD.findall(name.casefold()) if w not in _GENERIC}
        if find_phrase(low, w, plural=True)
    )


def _variant(text: str, name: str, own: AbstractSet[str] = frozenset()) -> bool:
    """The text names the entity's family but another model of it ("AirPods Max" for
    "AirPods Pro"): a capitalised or numbered word right after a word of the name that the
    name does not have; or a capitalised word the name lacks within two words of it ("the
    Inchmore to Skerra crossing" for "Portlow-Inchmore crossing")."""
    return _variant_at(_tokens(text), _variant_name(name), own) is not None


@functools.lru_cache(maxsize=4096)
def _variant_name(name: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """A name's words (folded); those a model can follow, never a stop word ("The" of "The
    Curator's Vault" before "4 out of 5"); and the numbers of its amounts with a unit, which
    say the same model short ("the Flex 30" for the Flex 30GB; not "Corsa 21" for the Corsa
    210, nor "Pixel 8" for the Pixel 8a)."""
    said = re.findall(r"\w+", name)
    every = frozenset(w.casefold() for w in said)
    short = frozenset(
        m.group(1)
        for w in said
        if (m := _NUMBER_UNIT.fullmatch(w)) and parse_value(w).kind in _MEASURES
    )
    return every, every - STOPWORDS, short


_NUMBER_UNIT = re.compile(r"(\d+)[^\W\d_]+")

#: A token; whether only spaces or a hyphen part it from the token before ("Meadow, 25
#: stems" has a comma between: the 25 is no model of the Spring Meadow); whether it opens a
#: sentence (its capital says nothing of a name: "... the noise cancelling ones. Shame").
_Token = tuple[str, bool, bool]


def _tokens(text: str) -> list[_Token]:
    return _tokens_of(list(_TOKEN.finditer(text)), text)


_TOKEN = re.compile(r"[\w'’]+")
_JOINED = re.compile(r"[\s-]*")
#: A value's kinds that a number right after a name reads as, not a model ("the medium 50 sq
#: ft ones", "the Aria, 30 hours").
_MEASURES = frozenset({"quantity", "duration", "percent", "money"})


def _measure_at(tokens: list[_Token], i: int) -> bool:
    """Token ``i`` is a number that, with the words after it, reads as an amount with a unit
    ("50 sq ft"), not as a model's number ("Flex 50 is")."""
    tail = " ".join(t for t, _, _ in tokens[i : i + 3])
    return parse_value(tail).kind in _MEASURES


def _first_person(low: str) -> bool:
    return low == "i" or low.startswith(("i'", "i’"))  # ("I", "I'm", "I've")


def _variant_at(
    tokens: list[_Token],
    name: tuple[frozenset[str], frozenset[str], frozenset[str]],
    own: AbstractSet[str],
    offset: int = 0,
) -> int | None:
    """The first token (index + ``offset``) by which ``tokens`` (the tokens of a text from its
    token number ``offset`` on) show another model (see :func:`_variant`), or None. Never a
    word of the name, the name's amount said short ("Flex 30" for "Flex 30GB"), or "I"."""
    every, starts, short = name
    known = every | own  # the organisation's own name is no other model

    def other(tok: str) -> bool:
        low = tok.casefold()
        return low not in known and low not in short and not _first_person(low)

    names = [i for i, (tok, _, _) in enumerate(tokens) if tok.casefold() in starts]
    done: int | None = None
    for i in names:  # a name word, then an unknown capitalised or numbered word
        if i + 1 < len(tokens):
            nxt, joined, _ = tokens[i + 1]
            if (
                joined
                and other(nxt)
                and (
                    nxt[:1].isupper()
                    or (any(c.isdigit() for c in nxt) and not _measure_at(tokens, i + 1))
                )
            ):
                done = i + 1 if done is None else min(done, i + 1)
                break
    near: dict[int, int] = {}  # token -> the earliest name word within two of it
    for i in names:
        for j in range(max(0, i - 2), min(len(tokens), i + 3)):
            near.setdefault(j, i)
    for j, i in sorted(near.items()):
        tok, _, opens = tokens[j]
        if (
            j + offset > 0
            and not opens
            and tok[:1].isupper()
            and other(tok)
            and tok.casefold() not in _GENERIC
        ):
            at = max(i, j)
            done = at if done is None else min(done, at)
    return None if done is None else done + offset


class _Earlier:
    """What a turn says before each clause, read once: for each entity name, where the turn
    first names it (and each of its words), and the first token by which it names another
    model of it. ``align`` asks these of ``text[:start] + " " + clause`` for every clause and
    template; reading that text again each time was quadratic in the turn's length."""

    def __init__(self, text: str, own: AbstractSet[str]) -> None:
        self.text = text
        self.own = own
        self.low = text.casefold()
        self._names: dict[str, tuple[int, dict[str, int], int | None]] = {}
        self._token_ends: list[int] | None = None
        self._tokens: list[_Token] = []
        self._folded_ends: list[int] | None = None

    def prefix_end(self, start: int) -> int:
        """Where ``text[:start]`` ends in the case-folded text."""
        if len(self.low) == len(self.text):
            return start
        if self._folded_ends is None:  # (rare: a character folds to several)
            self._folded_ends = [0, *itertools.accumulate(len(c.casefold()) for c in self.text)]
        return self._folded_ends[start]

    def _tables(self, name: str) -> tuple[int, dict[str, int], int | None]:
        held = self._names.get(name)
        if held is not None:
            return held
        words = _name_words(name)
        first = {}  # name word -> end of its first mention (as _names and _named_words find)
        for w in dict.fromkeys(words):
            at = find_phrase(self.low, w, plural=True)
            if at:
                first[w] = at[1]
        named = min(first.values(), default=len(self.low) + 1)
        for m in WORD.finditer(self.low):  # a shortening of five letters or more
            if m.end() >= named:
                break
            t = m.group()
            if len(t) >= 5 and any(w.startswith(t) and len(w) > len(t) for w in words):
                named = m.end()
                break
        # (named words for _named_words: every word of the name but the generic ones)
        counted = {w for w in WORD.findall(name.casefold()) if w not in _GENERIC}
        first_counted: dict[str, int] = {}
        for w in counted:
            at = find_phrase(self.low, w, plural=True)
            if at:
                first_counted[w] = at[1]
        if self._token_ends is None:
            matches = list(_TOKEN.finditer(self.text))
            self._token_ends = [m.end() for m in matches]
            self._tokens = _tokens_of(matches, self.text)
        variant = _variant_at(self._tokens, _variant_name(name), self.own)
        made = (named, first_counted, variant)
        self._names[name] = made
        return made

    def names(self, name: str, start: int) -> bool:
        """``_names(text[:start], name)``."""
        return self._tables(name)[0] <= self.prefix_end(start)

    def named_words(self, name: str, start: int, clause: str) -> int:
        """``_named_words(text[:start] + " " + clause, name)``."""
        end = self.prefix_end(start)
        first = self._tables(name)[1]
        low = clause.casefold()
        return sum(1 for w, at in first.items() if at <= end or find_phrase(low, w, plural=True))

    def variant(self, name: str, start: int, clause: str) -> bool:
        """``_variant(text[:start] + " " + clause, name, own)``: another model shown within
        the text before ``start``, or by a token of the clause or the two before it."""
        variant = self._tables(name)[2]
        assert self._token_ends is not None
        count = bisect.bisect_right(self._token_ends, start)  # tokens of text[:start]
        if variant is not None and variant < count:
            return True
        matches = list(_TOKEN.finditer(clause))
        said = _tokens_of(matches, clause)
        if said:  # (the first token's flags from what parts it from the text before it)
            before = self.text[self._token_ends[count - 1] if count else 0 : start]
            gap = before + " " + clause[: matches[0].start()]
            said[0] = (
                said[0][0],
                bool(_JOINED.fullmatch(gap)),
                bool(_SENTENCE_END.search(gap)),
            )
        window = self._tokens[max(0, count - 2) : count] + said
        return _variant_at(window, _variant_name(name), self.own, max(0, count - 2)) is not None


def _tokens_of(matches: list[re.Match[str]], text: str) -> list[_Token]:
    out: list[_Token] = []
    end = 0
    for m in matches:
        joined = bool(_JOINED.fullmatch(text, end, m.start()))
        opens = bool(_SENTENCE_END.search(text, end, m.start()))
        out.append((m.group().removesuffix("'s").removesuffix("’s"), joined, opens))
        end = m.end()
    return out


_SENTENCE_END = re.compile(r"[.!?]\s")


def names_variant(text: str, name: str, organisation: str = "") -> bool:
    """``text`` names ``name``'s family but another model of it ("the Tern Vektron" for "Tern
    Commuter 8"); words of the organisation's own name do not count."""
    own = {w.casefold() for w in re.findall(r"[\w']+", organisation.replace("-", " "))}
    return _names(text, name) and _variant(text, name, own)


def _following_nouns(clause: str, v: _Value) -> frozenset[str]:
    after = clause[v.span[1] :].split()[:3]
    return words(" ".join(after))


def _verdict(h: _Hit) -> str:
    return same_value(h.value.text, h.value.kind, h.template.value, h.template.value_kind)


_UNTYPED = frozenset(
    {
        "hours",
        "weekday",
        "free",
        "frequency",
        "phone",
        "closed",
        "affirmed",
        "monthday",
        "calday",
        "contradicts",  # (``pair_reading``: a clause the pair model read against the fact)
        "none",
    }
)


def _claim(h: _Hit) -> Claim:
    t = h.template
    v = h.value
    kind = v.kind
    value_kind: str | None = None
    value = v.text
    if kind in _UNTYPED:
        value_kind = kind
    if kind == "frequency":
        value = _frequency_text(h.clause)
    typed = v.typed if kind not in _UNTYPED else None
    if kind == "unlimited":
        value_kind = "unlimited"
    return Claim(
        subject=t.subject or ORG,
        subject_type=t.subject_type if t.subject else "organisation",
        key=t.key,
        key_phrase=t.key_phrase,
        value=value.strip(),
        category=t.category,
        statement=h.clause,
        confidence=0.8,
        typed=typed,
        value_kind=value_kind,
        answers=t.fact_id,
    )


_EVERY = re.compile(
    r"\b(?:every|once|twice|\w+ times)\b[^,.;]*|"
    r"\b(?:daily|weekly|monthly|yearly|annually|fortnightly)\b",
    _F,
)


def _frequency_text(clause: str) -> str:
    m = _EVERY.search(clause)
    return m.group(0) if m else clause
