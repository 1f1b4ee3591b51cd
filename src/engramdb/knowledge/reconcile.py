"""The reconciler's decision core: pure, no database. Given a new claim and the live facts it may
be about, say what happens. Every source kind goes through this one function.

Rules (DESIGN.md §6), in order:

1. **Negation** ("no longer"): live experiential values it names, in its own scope, are closed.
   Negating a curated value does not touch it: the belief is recorded and a conflict opened.
2. **The past** ("used to"): the value is stored as history (already closed) and closes the
   same live value of its own scope.
3. **Agreement**: the same value from another source is corroboration: one more provenance row
   and a count on the existing fact, no new fact.
4. **Experiential against curated** (document or operator upsert): the curated row is never
   changed; the new belief is stored in the speaker's scope and an uncertainty is opened.
5. **Experiential against experiential** in the same scope and the same stream (the same speaker
   role): the new value supersedes the old (which gets ``valid_until``) when its confidence is at
   or above the floor (0.7) and at or above the old one's; otherwise both stay live and an
   uncertainty is opened. A different stream in the same scope (the assistant against the user,
   two sources of a shared team scope) is a conflict, never a silent overwrite.
6. **Curated against curated**: the same stream (the same document name, or operator upserts of
   the same scope) supersedes its own earlier value; two different curated sources that
   disagree are both kept, with an uncertainty.
7. **Curated against experiential**: the curated fact is stored; the beliefs stay, and the
   disagreement is opened as an uncertainty so that views show it.
8. Keys that hold several values at once (``likes``, ``has``) never conflict by value.

Scopes: candidates are the live facts of the claim's own scope and the *curated* facts of its
ancestor scopes (the organisation's policy applies to its customers). Experiential facts of
other scopes are never candidates: different scopes coexist.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from engramdb.engine.lexical import ORDER_WORDS, STOPWORDS

from .extract.stage0 import clock_minutes, frequency_days, monthday
from .lexicon import GENERIC, fold
from .timeexpr import day_set
from .values import TypedValue, calendar_day, compare, parse_value, parse_values, says_free

__all__ = [
    "CONFIDENCE_FLOOR",
    "Decision",
    "Existing",
    "Incoming",
    "contrasting",
    "decide",
    "denies_count",
    "money_nouns_differ",
    "same_value",
]

CONFIDENCE_FLOOR = 0.7


@dataclass(frozen=True)
class Existing:
    id: int
    value: str
    value_kind: str
    authoritative: bool
    confidence: float
    scope: str
    stream: str
    #: A denial names this fact outright ("no dogs anymore" names "number of dogs: two").
    named: bool = False


@dataclass(frozen=True)
class Incoming:
    value: str
    value_kind: str
    authoritative: bool
    confidence: float
    scope: str
    stream: str
    negated: bool = False
    past: bool = False
    multi: bool = False
    typed: TypedValue | None = None


@dataclass
class Decision:
    #: insert | corroborate | supersede | conflict | close | historic | ignore
    action: str
    store: bool
    reason: str
    closes: list[int] = field(default_factory=list)
    corroborates: int | None = None
    conflicts_with: list[int] = field(default_factory=list)
    #: The new row is itself stored closed (history).
    closed: bool = False


def _typed(value: str, kind: str, typed: TypedValue | None = None) -> TypedValue | None:
    if kind == "hours":
        return None
    return typed if typed is not None else parse_value(value)


#: The value kinds a clause the pair model read as contradicting a statement can differ from.
_TEXTUAL_KINDS = frozenset({"", "text", "boolean", "denied", "affirmed"})


def same_value(a: str, a_kind: str, b: str, b_kind: str, a_typed: TypedValue | None = None) -> str:
    """``same``, ``different`` or ``incomparable``: typed values compare in canonical units,
    opening hours by their times of day, names by their words. A clause the pair model read
    as contradicting a textual fact (``contradicts``) differs from such facts, and compares
    with no typed one."""
    if "contradicts" in (a_kind, b_kind):
        other = b_kind if a_kind == "contradicts" else a_kind
        if other == "contradicts":
            return "same" if a == b else "incomparable"
        # (said against one textual statement: nothing of what it says compares with an
        # amount, a time or a day)
        return "different" if other in _TEXTUAL_KINDS else "incomparable"
    for nil in ("free", "none"):  # a price of nothing; a nil amount ("no minimum")
        if nil in (a_kind, b_kind):
            other, other_kind = (b, b_kind) if a_kind == nil else (a, a_kind)
            if other_kind in (nil, "free") or says_free(other):  # (a table's "Free" cell)
                return "same"
            t = parse_value(other)
            amount = t.kind == "money" if nil == "free" else t.kind != "text"
            if not amount or t.magnitude is None:
                return "incomparable"
            return "same" if t.magnitude == 0 else "different"
    if "unlimited" in (a_kind, b_kind):
        if a_kind == b_kind:
            return "same"
        t = parse_value(b if a_kind == "unlimited" else a)
        return "different" if t.kind != "text" and t.magnitude is not None else "incomparable"
    if "phone" in (a_kind, b_kind):
        da, db = re.sub(r"\D", "", a), re.sub(r"\D", "", b)
        if len(da) < 7 or len(db) < 7:
            return "incomparable"
        return "same" if da.endswith(db) or db.endswith(da) else "different"
    if "affirmed" in (a_kind, b_kind) or "denied" in (a_kind, b_kind):
        return "same" if a_kind == b_kind else "different"  # says so / says it is not so
    if "calday" in (a_kind, b_kind):
        ca, cb = calendar_day(a), calendar_day(b)
        if ca is None or cb is None:
            return "incomparable"
        return "same" if ca == cb else "different"
    if "monthday" in (a_kind, b_kind):
        da, db = monthday(a), monthday(b)
        if da is None or db is None:
            return "incomparable"
        return "same" if da == db else "different"
    if "closed" in (a_kind, b_kind):
        other_kind = b_kind if a_kind == "closed" else a_kind
        return "same" if other_kind == "closed" else "different"  # closed, or open some hours
    if "weekday" in (a_kind, b_kind):
        if a_kind != b_kind:
            return "incomparable"
        return "same" if a.casefold().rstrip("s") == b.casefold().rstrip("s") else "different"
    if "frequency" in (a_kind, b_kind):
        fa, fb = _period_days(a, a_kind, a_typed), _period_days(b, b_kind, None)
        if fa is None or fb is None:
            return "incomparable"
        return "same" if abs(fa - fb) <= 0.05 * max(fa, fb) else "different"
    if "hours" in (a_kind, b_kind):
        ta, tb = clock_minutes(a), clock_minutes(b)
        if not ta or not tb:
            return "incomparable"
        da, db = clock_direction(a), clock_direction(b)
        if len(ta) == len(tb) == 1 and da and db and da != db:
            return "incomparable"  # an opening time says nothing of the closing time
        sa, sb = set(ta), set(tb)
        if _twelve_hour(a):  # a chat's "at 7:15" is 7:15 or 19:15 (a curated "8:00" is 08:00)
            sa, sb = {m % 720 for m in sa}, {m % 720 for m in sb}
        return "same" if sa <= sb or sb <= sa else "different"
    ta, tb = _typed(a, a_kind, a_typed), _typed(b, b_kind)
    if ta is None or tb is None:
        return "incomparable"
    ca, cb = _count(a), _count(b)
    if ca is not None and cb is not None and ca[1] == cb[1]:
        return "same" if ca[0] == cb[0] else "different"  # "three cats" vs "3 cats at home"
    if ta.kind == "text" and tb.kind == "text":
        wa, wb = set(ta.normalised.split()), set(tb.normalised.split())
        if not wa or not wb:
            return "incomparable"
        if wa == wb or (wa <= wb or wb <= wa):
            return "same"
        return "different"
    if (
        {ta.kind, tb.kind} == {"number"} | ({ta.kind, tb.kind} - {"number"})
        and len({ta.kind, tb.kind}) == 2
        and "text" not in (ta.kind, tb.kind)
    ):
        # "16" against "18 years": read the bare number in the other side's unit
        num, other = (ta, tb) if ta.kind == "number" else (tb, ta)
        unit_word = other.text.split()[-1] if other.text.split() else ""
        again = parse_value(f"{num.text} {unit_word}")
        return compare(again, other) if again.kind == other.kind else "incomparable"
    if ta.kind == "text" or tb.kind == "text":
        # "open 9am" against a number, "Berlin" against a date: a value of another kind is
        # a different answer only when the other side has no value of that kind at all
        # ("2 working days" against "Ready in 2 working days" is the value it holds)
        words, typed = (ta, tb) if ta.kind == "text" else (tb, ta)
        held = [v for v in parse_values(words.text) if v.kind == typed.kind != "text"]
        if held:  # (of several, which one it is the words do not say: "Adults £10, children £5")
            verdicts = {compare(typed, v) for v in held}
            return verdicts.pop() if len(verdicts) == 1 else "incomparable"
        return "different" if ta.normalised != tb.normalised else "same"
    return compare(ta, tb)


def _twelve_hour(value: str) -> bool:
    """A time said without "am"/"pm", "noon" or a 24-hour hour ("at 7:15")."""
    low = value.casefold()
    if re.search(r"\d\s*[ap]\.?m\b|\bnoon\b|\bmidnight\b", low):
        return False
    hours = [int(h) for h in re.findall(r"\b(\d{1,2})[:.][0-5]\d\b", low)]
    return bool(hours) and all(1 <= h <= 12 for h in hours)


def _period_days(value: str, kind: str, typed: TypedValue | None) -> float | None:
    """A frequency's period, or a duration read as one ("billed every 30 days" = "a billing
    cycle of thirty days")."""
    if kind == "frequency" and frequency_days(value) is not None:
        return frequency_days(value)
    t = typed if typed is not None else parse_value(value)  # "(every) two weeks"
    if t.kind == "duration" and t.magnitude:
        return t.magnitude / 86_400
    return None


def _count(value: str) -> tuple[float, str] | None:
    """(n, counted noun) of "two cats", "3 kids at home"; None when the value is not a count."""
    found = [v for v in parse_values(value) if v.kind == "number"]
    if len(found) != 1:
        return None
    after = value[found[0].span[1] :].split()
    if not after or not after[0].isalpha():
        return None
    noun = after[0].casefold()
    noun = _COUNT_NOUNS.get(noun, noun)
    return found[0].magnitude, noun[:-1] if noun.endswith("s") and len(noun) > 3 else noun


_COUNT_NOUNS = {
    "children": "child",
    "kids": "child",
    "kid": "child",
    "people": "person",
    "persons": "person",
    "sons": "child",
    "daughters": "child",
}


def _head(value: str) -> str:
    words = [w for w in value.casefold().replace("-", " ").split() if w.isalpha()]
    if not words:
        return value.casefold()
    w = words[-1]
    return w[:-1] if w.endswith("s") and len(w) > 3 else w


def _names_same_thing(old: str, new: str) -> bool:
    """Loose agreement for negations and the past: "no dogs" names "two dogs", "a cat" names
    "a cat named Miso"."""
    words = {_head(w) for w in old.casefold().replace("-", " ").split()}
    return _head(new) in words or _head(old) == _head(new)


def denies_count(key: str, value: str) -> bool:
    """Whether a denial's value ("any dogs", "rabbits") names what a count's key counts
    (``number_of_dogs``): the count is what it denies."""
    if not key.startswith("number_of_"):
        return False
    return _head(key.removeprefix("number_of_")) in {_head(w) for w in value.split()}


def decide(new: Incoming, found: list[Existing], floor: float = CONFIDENCE_FLOOR) -> Decision:
    """What to do with ``new`` given the live facts ``found`` about the same thing."""
    verdicts = [
        (e, same_value(new.value, new.value_kind, e.value, e.value_kind, new.typed)) for e in found
    ]
    agree = [e for e, v in verdicts if v == "same"]
    differ = [e for e, v in verdicts if v == "different"]
    own = [e for e in agree if not e.authoritative and e.scope == new.scope]
    if new.negated or new.past:  # "no longer have any dogs" names "two dogs" by its head word
        own = [
            e
            for e, v in verdicts
            if not e.authoritative
            and e.scope == new.scope
            and (v == "same" or e.named or _names_same_thing(e.value, new.value))
        ]

    if new.negated:
        curated = [e for e in agree if e.authoritative]
        if curated and not new.authoritative:
            return Decision(
                "conflict",
                True,
                "the speaker denies what curated knowledge states",
                conflicts_with=[e.id for e in curated],
            )
        if own:
            return Decision(
                "close", False, "explicit negation closes the value", closes=[e.id for e in own]
            )
        return Decision("ignore", False, "a negation of nothing known")

    if new.past:
        return Decision(
            "historic",
            True,
            "held before, not now: stored as history",
            closes=[e.id for e in own],
            closed=True,
        )

    if agree:
        best = min(agree, key=lambda e: (not e.authoritative, e.scope != new.scope, e.id))
        return Decision("corroborate", False, "the same value again", corroborates=best.id)

    if new.multi:
        # "two kids" -> "three kids": the same thing counted again replaces the old count
        recount = [
            e
            for e in differ
            if not e.authoritative
            and e.scope == new.scope
            and e.stream == new.stream
            and _head(e.value) == _head(new.value)
        ]
        if recount and new.confidence >= floor:
            return Decision(
                "supersede", True, "a new count of the same thing", closes=[e.id for e in recount]
            )
        return Decision("insert", True, "a key that holds several values")
    if not differ:
        return Decision("insert", True, "nothing known about it disagrees")

    curated = [e for e in differ if e.authoritative]
    beliefs = [e for e in differ if not e.authoritative]
    if not new.authoritative:
        if curated:
            return Decision(
                "conflict",
                True,
                "curated knowledge says otherwise: it stays, the belief is kept beside it",
                conflicts_with=[e.id for e in differ],
            )
        same_stream = [e for e in beliefs if e.scope == new.scope and e.stream == new.stream]
        others = [e for e in beliefs if e not in same_stream]
        if same_stream and not others:
            top = max(e.confidence for e in same_stream)
            if new.confidence >= floor and new.confidence >= top:
                return Decision(
                    "supersede",
                    True,
                    "a newer statement of the same speaker replaces the older one",
                    closes=[e.id for e in same_stream],
                )
            return Decision(
                "conflict",
                True,
                f"confidence {new.confidence:.2f} is below the floor {floor} or the old value's",
                conflicts_with=[e.id for e in same_stream],
            )
        return Decision(
            "conflict",
            True,
            "another source in this scope says otherwise",
            conflicts_with=[e.id for e in differ],
        )
    same_stream = [e for e in curated if e.stream == new.stream]
    rest = [e for e in differ if e not in same_stream]
    if same_stream and not rest:
        return Decision(
            "supersede",
            True,
            "the same curated source replaces its own earlier value",
            closes=[e.id for e in same_stream],
        )
    return Decision(
        "conflict",
        True,
        "curated sources disagree"
        if [e for e in rest if e.authoritative]
        else ("curated knowledge disagrees with what was said before"),
        closes=[e.id for e in same_stream],
        conflicts_with=[e.id for e in rest],
    )


_TOKEN = re.compile(r"[a-z][a-z'-]*")
# words that make no modifier: the one stop-word list less the words of order, and counts,
# modals and quantities
_DETERMINERS = (STOPWORDS - ORDER_WORDS) | frozenset(
    "eight every five four hundred least less many may might much must nine one per seven "
    "six ten thousand three twelve two".split()
)


def contrasting(a: str, b: str) -> bool:
    """Two statements about the same head noun with different modifiers on both sides
    ("a large dog" / "a small dog", "the Basic plan" / "your Premium plan", "adult admission"
    / "child admission") are about different things, however alike they read."""
    ma, sa = _modified(a)
    mb, sb = _modified(b)
    # synonyms meet ("support hotline" / "support phone"), so only other words contrast
    return any(ma[h] - sb and mb[h] - sa for h in ma.keys() & mb.keys())


@lru_cache(maxsize=8192)
def _modified(text: str) -> tuple[dict[str, frozenset[str]], frozenset[str]]:
    """A statement's head nouns with their modifiers, and its folded words. Cached: a live
    fact's statement meets every claim compared with it (callers must not mutate)."""
    # (a masked value can leave a possessive's "s" behind: "a week's notice" -> "'s notice")
    # hyphens split: "portlow-inchmore crossing" names the "inchmore crossing" too
    tokens = [w.removesuffix("'s") for w in _TOKEN.findall(text.casefold().replace("-", " "))]
    out: dict[str, set[str]] = {}
    for mod, head in zip(tokens, tokens[1:], strict=False):
        if mod in _DETERMINERS or head in _DETERMINERS or len(mod) < 3:
            continue  # (a masked value can leave a possessive's "s": "a week's notice")
        if head in _PARTICLES or mod in GENERIC or head in GENERIC or "'" in mod:
            continue  # "cut out" / "time out": verbs; "you guys charge": no modifier
        if mod in _VERBS or head in _VERBS:
            continue  # "cut out" / "time out": verbs; "you guys charge": no modifier
        out.setdefault(fold(head), set()).add(fold(_FAMILY_FOLD.get(mod, mod)))
    words = frozenset(fold(_FAMILY_FOLD.get(w, w)) for w in tokens)
    return {h: frozenset(m) for h, m in out.items()}, words


_PARTICLES = frozenset("out off up down back in on away over".split())

_MONEY_NOUNS = frozenset(
    "fee fees rate rates deposit deposits fine fines charge charges tuition salary wage wages "
    "subscription subscriptions membership rent premium deductible surcharge commission "
    "discount refund tip toll fare fares tax".split()
)


def money_nouns_differ(a: str, b: str) -> bool:
    """Two prices named by different nouns ("the call-out fee" / "the hourly rate", "a deposit"
    / "the rent") are two different prices."""

    na, nb = _money_nouns(a), _money_nouns(b)
    return bool(na and nb and not (na & nb))


@lru_cache(maxsize=8192)
def _money_nouns(text: str) -> frozenset[str]:
    found = {_head(w) for w in _TOKEN.findall(text.casefold()) if w in _MONEY_NOUNS}
    return frozenset("fee" if n == "charge" else n for n in found)  # "a charge" is a fee


# -- what a statement is about: the tests that tell two alike statements apart ----------------

_OPENERS = re.compile(
    r"^(?:(?:so|btw|fyi|also|and|but|well|oh|ok|okay|hey|hi|hello|actually|honestly|basically|"
    r"ugh|argh|lol|omg|tbh|hmm|um|erm|yeah|yep|nope|right|wow|"
    r"apparently|just so you know|by the way|as far as i know|i think|i heard|i read|"
    r"(?:just\s+)?a\s+heads[\s-]up|heads[\s-]up(?:\s+for\s+\w+(?:\s+\w+ing)?(?:\s+\w+)?)?|"
    r"psa|reminder|note)\b[\s,:;-]*)+",
    re.IGNORECASE,
)
_PREPOSITIONS = frozenset(
    "of in on at for with from by after before during since under over about into to".split()
)
#: Words that end a sentence's subject: auxiliaries and the verbs policies are stated with.
_VERBS = frozenset(
    """is are was were be been being can may might will would must should could shall has have
    had does do did gets get got come comes came holds hold held includes include included costs
    cost opens open opened closes close closed takes take took offers offer offered covers cover
    covered charges charge charged gives give gave provides provide provided lets let allows
    allow allowed needs need needed requires require required runs run ran starts start started
    ends end ended receive receives received accept accepts accepted last lasts lasted ships ship
    shipped bought sold made given taken kept keeps keep pays pay paid goes go went sits sit
    seats seat fits fit weighs weigh measures measure supports support stays stay leaves leave
    arrives arrive departs depart shut shuts tops top""".split()
)
_SUBJECT_PRONOUNS = frozenset(
    "i you we they it he she there this that these those me us them one people someone "
    "everyone anyone everybody anybody what which who".split()
)
_HEAD_SYNONYMS = {"kid": "child", "children": "child", "people": "person", "folk": "person"}


def topic_head(statement: str) -> str | None:
    """The head noun of a statement's subject ("every Zephyr *laptop* is covered ...", "the main
    *hall* can hold ..."), or None for a pronoun subject, a triple ("X key: value") or a
    sentence whose subject this reading cannot find."""
    if ":" in statement or re.search(r"\b(?:that|which|who|where)\b", statement, re.I):
        return None  # a triple, or a subject qualified by a clause of its own
    text = _OPENERS.sub("", statement.strip())
    low = text.casefold()
    first = low.split(maxsplit=1)[0] if low.split() else ""
    if first in _PREPOSITIONS and "," in low[:80]:
        low = low.split(",", 1)[1]  # "On your ferries, foot passengers are ..."
    tokens = [w.removesuffix("'s") for w in _TOKEN.findall(low)]
    while tokens and tokens[0] in _DETERMINERS:
        tokens = tokens[1:]
    if not tokens or tokens[0] in _SUBJECT_PRONOUNS:
        return None
    taken: list[str] = []
    for w in tokens[:6]:
        if w in _VERBS:
            break
        if w in _PREPOSITIONS or w in _DETERMINERS:
            return None  # "bag drop and check-in desks", "members of ...": no sure head
        taken.append(w)
    else:
        return None
    if not taken or taken[-1] in _SUBJECT_PRONOUNS or len(taken[-1]) < 3:
        return None
    head = _head(taken[-1])
    return _HEAD_SYNONYMS.get(head, head)


def _heads_in(text: str) -> set[str]:
    heads = {_head(w.removesuffix("'s")) for w in _TOKEN.findall(text.casefold())}
    return heads | {_HEAD_SYNONYMS[h] for h in heads if h in _HEAD_SYNONYMS}


def different_topics(a: str, b: str) -> bool:
    """Two statements whose subjects are different nouns, neither named in the other ("every
    Zephyr laptop ..." / "your Zephyr monitors ...", "the main hall ..." / "your garden terrace
    ..."), are about different things."""
    ha, hb = topic_head(a), topic_head(b)
    if ha is None or hb is None or ha == hb:
        return False
    return ha not in _heads_in(b) and hb not in _heads_in(a)


#: Kinds of amount that describe *which* thing a statement is about when they sit beside the
#: value ("the 20 litre bag", "the 2 TB drive"): physical quantities, not prices or periods.
_SIZE_KINDS = frozenset({"quantity"})


def other_sizes_differ(a: str, a_value: str, b: str, b_value: str) -> bool:
    """Besides their values, both statements carry a size of one kind, and the sizes differ
    ("Compost 50L ... £7.99" / "your 20 litre bag of compost is £4.50"): two products."""

    sa, sb = _other_sizes(a, a_value), _other_sizes(b, b_value)
    if not (sa and sb):
        return False
    pairs = [(x, y) for x in sa for y in sb if x.kind == y.kind and x.unit == y.unit]
    return bool(pairs) and all(compare(x, y) == "different" for x, y in pairs)


@lru_cache(maxsize=8192)
def _other_sizes(text: str, value: str) -> tuple[TypedValue, ...]:
    """The sizes a statement carries besides its value. Cached: a live fact's statement meets
    every claim compared with it."""
    if not re.search(r"\d", text.replace(value, " ")):
        return ()  # (no other number: nothing to parse)
    own = parse_value(value)
    return tuple(
        v
        for v in parse_values(text)
        if v.kind in _SIZE_KINDS and not (own.kind == v.kind and compare(own, v) == "same")
    )


_OPENING = re.compile(r"\b(?:opens?|opening|from|starts?|starting|doors)\b", re.IGNORECASE)
_CLOSING = re.compile(r"\b(?:closes?|closing|until|till|shuts?|last)\b", re.IGNORECASE)


def clock_direction(value: str) -> str | None:
    """``open`` for "opens at 9", ``close`` for "closes at 6 pm", None for a range or neither."""
    o, c = bool(_OPENING.search(value)), bool(_CLOSING.search(value))
    if o == c:
        return None
    return "open" if o else "close"


#: Words that name members of one family; two statements naming different members of a family,
#: and not the other's, are about different things ("adult admission" / "children get in").
CONTRAST_GROUPS: tuple[frozenset[str], ...] = tuple(
    frozenset(g.split())
    for g in (
        "adult adults child children kid kids senior seniors student students infant infants "
        "teen teens teenager teenagers baby babies toddler toddlers pensioner pensioners",
        "member members non-member non-members guest guests visitor visitors",
        # (days of the week are sets, ``timeexpr.day_set``; a holiday is none of them)
        "weekday weekdays weekend weekends holiday holidays",
        "economy business first premium",
        "standard express next-day same-day overnight",
        "single double twin family",
        "domestic international overseas local",
        "small medium large",
        "monthly annual yearly",
        "home pet car travel life health",
        "peak off-peak",
        "seated seating sitting standing",
        "cabin hand carry-on checked hold",
        "undergraduate undergraduates postgraduate postgraduates master's masters phd",
        "annual paternity maternity parental sick compassionate bereavement carry-over",
        "upload download",
    )
)
_FAMILY_FOLD = {
    "adults": "adult", "children": "child", "kids": "child", "kid": "child",
    "seniors": "senior", "pensioner": "senior", "pensioners": "senior",
    "students": "student", "infants": "infant", "baby": "infant", "babies": "infant",
    "toddler": "infant", "toddlers": "infant", "teens": "teen", "teenager": "teen",
    "teenagers": "teen", "members": "member", "non-members": "non-member",
    "guests": "guest", "visitors": "visitor", "weekdays": "weekday", "weekends": "weekend",
    "holidays": "holiday", "yearly": "annual", "overseas": "international", "hand": "cabin",
    "carry-on": "cabin",
    "hold": "checked", "masters": "master's", "undergraduates": "undergraduate",
    "postgraduates": "postgraduate",
}  # fmt: skip


def family_contrast(a: str, b: str) -> bool:
    """``a`` and ``b`` each name a member of one family (``CONTRAST_GROUPS``) that the other
    does not name: "adult admission is £18" / "children get in free"; or days of the week none
    of which the other names ("at weekends" / "Monday to Friday", but not "Saturday and
    Sunday": days are sets, so a weekend holds its Saturday)."""
    da, db = day_set(a), day_set(b)
    if da and db and not da & db:
        return True
    wa, wb = _family_words(a), _family_words(b)
    for fam in _FOLDED_GROUPS:
        ga, gb = wa & fam, wb & fam
        if ga and gb and not (ga & gb):
            return True
    return False


@lru_cache(maxsize=8192)
def _family_words(text: str) -> frozenset[str]:
    return frozenset(_FAMILY_FOLD.get(w, w) for w in _TOKEN.findall(text.casefold()))


_FOLDED_GROUPS = tuple(frozenset(_FAMILY_FOLD.get(w, w) for w in g) for g in CONTRAST_GROUPS)
