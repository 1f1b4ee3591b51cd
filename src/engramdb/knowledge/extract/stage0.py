"""Stage 0 of the extraction cascade: deterministic heuristics, no model, always on.

Sentence by sentence (questions assert nothing and are skipped):

1. **Instructions** ("always ...", "never ...", "from now on ...", "don't ...", "make sure to
   ...") and **revocations** ("you no longer need to ...", "stop ...", "forget my earlier
   instruction ..."). The caller matches a revocation against the active instructions; one that
   matches none is kept as an instruction when it is phrased as one ("stop using emojis").
2. **Negation and the past**: "no longer", "not ... anymore", "don't ... anymore" mark a claim
   *negated* (it closes the value); "used to" marks it *past* (held before, not now).
3. **Hedges** ("I think", "maybe", "probably", "I heard") lower the confidence below the
   reconciler's floor and open an uncertainty.
4. **First-person patterns**: name, role and employer, home, origin, age, pets and possessions,
   preferences and likes, allergies, diet, languages, what the speaker is learning or doing now.
5. **Possessive statements**: "your return policy is 60 days", "my email is ...",
   "Alice's role is CTO", "the AirPods Pro's price is $249".
6. **Typed statements**: any sentence with an amount, duration, quantity, percentage or date
   ("Returns are accepted within 30 days of delivery", "Shipping takes two weeks"): the subject is
   the named entity of the sentence (or the organisation), the key phrase is what is left of the
   sentence's content words.

Context ("today", "this week", "right now") puts a claim in the ``context`` category; vague or
unresolvable times ("soon", "a while ago") open an uncertainty.
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import itertools
import re
from collections import Counter
from collections.abc import Set as AbstractSet
from datetime import UTC, datetime

from engramdb.engine.lexical import STOPWORDS
from engramdb.language.names import whole_names

from .. import timeexpr
from ..claims import ORG, OTHER_BUSINESS, SELF, Claim, Extraction, Mention, OpenQuestion
from ..documents.budget import checkpoint
from ..documents.sentences import LIST_MARKER, sentences
from ..values import parse_value, parse_values
from ..vocab import NOT_KEYS, canonical_key, is_known_key, is_person_key
from ..words import find_phrase
from .contacts import with_speaker_contacts
from .elsewhere import CAMEL_NAME, SECOND_PERSON, elsewhere, name_words, named_elsewhere
from .first_person import Frame, frames_of, is_correction, read_first_person, with_subject
from .person_parse import said_of_someone, speaker_frames, speakers_assertion, stray_time
from .person_words import LIFE_VERBS
from .statement_values import KINDS as AMOUNT_KINDS
from .statement_values import bound_denied

__all__ = ["extract_stage0", "key_from_phrase"]

_F = re.IGNORECASE

_QUESTION_START = re.compile(
    r"^(?:is|are|was|were|do|does|did|can|could|will|would|should|shall|may|have|has|what|when|"
    r"where|who|whom|whose|why|how|which|isn't|aren't|don't|doesn't|didn't|won't|can't)\b",
    _F,
)
_FILLER = re.compile(
    r"^(?:(?:well|so|ok(?:ay)?|oh|hey|hi|hello|also|btw|by the way|fyi|just so you know|"
    r"actually|anyway|honestly|and|but|yeah|yes|no(?=\s*[,!.:])|hmm|um|right|alright|great|thanks|"
    r"these days|nowadays|lately|at the moment|right now|currently)\b[,!.:]?\s*)+",
    _F,
)
_INSTRUCTION = re.compile(
    r"^(?:please\s+)?(?:always|never|from now on|going forward|in (?:the )?future|"
    r"make sure (?:to|that|you)|remember to|don't ever|do not ever|don't|do not|stop|"
    r"avoid|be sure to)\b|\bfrom now on\b|\bgoing forward\b",
    _F,
)
_REVOCATION = re.compile(
    r"\b(?:(?:you\s+)?(?:no longer|don't|do not|won't) (?:need|have) to|(?:you\s+)?can stop|"
    r"^(?:please\s+)?stop\b|(?:it's|it is) (?:fine|ok(?:ay)?) to\b|never ?mind\b)",
    _F,
)
# "forget my ... instruction", "you can use ... again": a head, then a word later on its line.
# Searched as one pattern ("head.*word") that is quadratic on a repeated head (each one scans
# to the end of the line), so _revokes looks for the word once per line instead.
_REVOCATION_SPANS = (
    (
        re.compile(
            r"\b(?:forget|ignore|disregard|cancel|drop) (?:about )?"
            r"(?:my|the|that|what i said about)"
            r"\b",
            _F,
        ),
        re.compile(r"\b(?:instruction|rule|request|preference|earlier|before)", _F),
    ),
    (
        re.compile(r"\byou (?:can|may) (?:go back to|use|call me)\b", _F),
        re.compile(r"\bagain\b", _F),
    ),
)


def _revokes(text: str) -> bool:
    """Whether ``text`` revokes an instruction (``_REVOCATION`` or a head and its word)."""
    if _REVOCATION.search(text):
        return True
    for head, word in _REVOCATION_SPANS:
        checked = -1  # the end of the last line already searched for the word
        for m in head.finditer(text):
            if m.start() < checked:
                continue  # its line has no word after an earlier head: none after this one
            line_end = text.find("\n", m.end())
            line_end = len(text) if line_end < 0 else line_end
            if word.search(text, m.end(), line_end):
                return True
            checked = line_end
    return False


_HEDGE = re.compile(
    r"\b(?:i think|i believe|i guess|i suppose|i heard|i was told|someone told me|maybe|perhaps|"
    r"probably|possibly|might|not sure|i'm not sure|if i remember|iirc|apparently|supposedly|"
    r"i assume|kind of|sort of)\b",
    _F,
)
_I_VERB = re.compile(
    r"^i\s+(?!am\b|was\b|have\b|had\b|paid\b|spent\b|bought\b|got\b|think\b|believe\b)"
    r"(?:usually\s+|often\s+|still\s+|also\s+)?[a-z]+\b",
    _F,
)
_LEADING_CLAUSE = re.compile(
    r"^(?:since|after|before|as of|ever since|following|thanks to)\b[^,]{1,40},\s*", _F
)
_NON_ASSERTIVE = re.compile(
    r"\b(?:i (?:really |just |so )?wish|we (?:really )?wish|if only|"
    r"it would be (?:great|nice|good|better|awesome|cool) if|"
    r"(?:would|'d) (?:love|like|prefer) (?:it )?if|wouldn't it be|hopefully|i hope|what if|"
    r"imagine if|(?:you|they) (?:really )?should\b|(?:you|they) ought to|why don't you|"
    r"suppose|supposing|in theory)\b|^(?:even )?if\b.*\b(?:would|'d|were)\b|"
    r"\bif\b[^.,;]{0,40}\bwere\b",
    _F,
)
_HEDGE_PREFIX = re.compile(
    r"^(?:(?:i think|i believe|i guess|i suppose|i heard|i was told|someone told me|"
    r"if i remember (?:correctly|right)|iirc|apparently|supposedly|i assume|maybe|perhaps|"
    r"probably)(?: that)?,?\s+)+",
    _F,
)
_NEGATION = re.compile(r"\b(?:no longer|not anymore|not any ?more|any ?more|anymore)\b", _F)
_NEG_WORDS = re.compile(
    r"\b(?:no longer|anymore|any more)\s*|\b(?:don't|do not|doesn't|does not|didn't|did not)\s+|"
    r"\b(?:not|never)\s+|(?<=\bis)n't\b|(?<=\bare)n't\b|(?<=\bwas)n't\b|(?<=\bwere)n't\b",
    _F,
)
_USED_TO = re.compile(r"\bused to\s+", _F)

_JOB_WORDS = frozenset(
    [
        "ceo",
        "cto",
        "cfo",
        "coo",
        "cio",
        "cmo",
        "vp",
        "president",
        "founder",
        "co-founder",
        "cofounder",
        "head",
        "director",
        "manager",
        "lead",
        "engineer",
        "developer",
        "designer",
        "architect",
        "analyst",
        "scientist",
        "researcher",
        "consultant",
        "officer",
        "administrator",
        "admin",
        "owner",
        "partner",
        "principal",
        "chief",
        "intern",
        "teacher",
        "nurse",
        "doctor",
        "lawyer",
        "accountant",
        "editor",
        "writer",
        "student",
        "professor",
        "lecturer",
        "chef",
        "pilot",
        "officer",
        "sales",
        "marketing",
        "recruiter",
        "specialist",
        "coordinator",
        "supervisor",
        "associate",
        "assistant",
        "technician",
        "programmer",
    ]
)
_PET_WORDS = frozenset(
    [
        "cat",
        "cats",
        "dog",
        "dogs",
        "puppy",
        "kitten",
        "hamster",
        "rabbit",
        "parrot",
        "bird",
        "fish",
        "goldfish",
        "turtle",
        "snake",
        "horse",
        "guinea",
        "pig",
        "ferret",
        "lizard",
    ]
)
# the one stop-word list, and words that never name an attribute ("accepted within", "per")
_STOP = STOPWORDS | frozenset(
    "accepted also done least less may might must onto per please really shall us whose "
    "within".split()
)

_MY = r"(?:my|our)"
_CLAUSE_END = r"(?=\s*(?:[,.;!?]|\band\b|\bbut\b|\bbecause\b|\bsince\b|\bnow\b|$))"


def key_from_phrase(phrase: str) -> str:
    """The canonical key of an attribute phrase: a synonym anywhere in it wins ("returns
    accepted within" -> ``return_window``), else its last two content words."""
    words = [w for w in re.findall(r"[\w'-]+", phrase.casefold()) if w not in _STOP]
    if not words:
        return canonical_key(phrase) or "value"
    blocked = {
        j
        for i in range(len(words) - 1)
        if f"{words[i]}_{words[i + 1]}" in NOT_KEYS
        for j in (i, i + 1)
    }
    for i in range(len(words)):  # the leftmost synonym wins, the longest at its place
        for size in range(min(4, len(words) - i), 0, -1):
            if blocked & set(range(i, i + size)):
                continue
            gram = " ".join(words[i : i + size])
            if is_known_key(gram):
                return canonical_key(gram)
    return canonical_key(" ".join(words[-2:]))


_TRAILING_TIME = re.compile(
    r"(?<!\s)\s+(?:(?:last|this|next|earlier this|later this)\s+"
    r"(?:week|weekend|month|year|spring|summer|"
    r"autumn|fall|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|yesterday|"
    r"today|tonight|tomorrow|recently|lately|(?:a few|\w+)\s+(?:days?|weeks?|months?|years?)\s+ago|"
    r"in \d{4}|since (?:last |this )?\w+|in (?:january|february|march|april|may|june|july|"
    r"august|september|october|november|december))$",
    _F,
)


_CONTRACTIONS = [
    (re.compile(r"\b(i|you|we|they)'re\b", _F), r"\1 are"),
    (re.compile(r"\bi'm\b", _F), "I am"),
    (re.compile(r"\b(i|you|we|they)'ve\b", _F), r"\1 have"),
    (
        re.compile(r"\b(it|he|she|that|there)'s\b(?=\s+(?:a|an|the|not|no|now|only|\d))", _F),
        r"\1 is",
    ),
    (re.compile(r"’"), "'"),
    (
        re.compile(
            r"\b([a-z]{3,})'s\s+(?=(?:more|less|now|about|around|roughly|only|just|still|a|an|the|"
            r"\d|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty)\b)",
            _F,
        ),
        r"\1 is ",
    ),
]


def _expand(text: str) -> str:
    if "'" not in text and "’" not in text:
        return text  # every contraction has an apostrophe (a cheap test: sentences are many)
    for pattern, repl in _CONTRACTIONS:
        text = pattern.sub(repl, text)
    return text


_MAX_TRAILING_TIMES = 8


def _clean_value(v: str) -> str:
    v = v.strip()
    for _ in range(_MAX_TRAILING_TIMES):  # each pass is linear; a value has one or two
        cut = _TRAILING_TIME.sub("", v)
        if cut == v:
            break
        v = cut
    v = re.sub(
        r"(?<!\s)\s+(?:now|these days|nowadays|at the moment|currently|anymore|any more|too|"
        r"as well)$",
        "",
        v.strip(),
        flags=_F,
    )
    v = re.sub(r"^(?:now|currently|actually)\s+", "", v, flags=_F)
    return v.strip(" \t\"'“”‘’.,;:!")


def _ms(dt: datetime) -> int:
    return int(dt.timestamp() * 1000)


class _Sentence:
    """One sentence being read, with the offset of its text in the turn."""

    def __init__(
        self, text: str, offset: int, reference: datetime, known: AbstractSet[str] = frozenset()
    ):
        self.raw = text
        #: the words of the names the organisation uses, its own among them (no other
        #: business's: ``elsewhere.named_elsewhere``)
        self.known = known
        self.offset = offset
        m = _FILLER.match(text)
        self.start = m.end() if m else 0
        self.text = text[self.start :]
        self.reference = reference

    def span(self, a: int, b: int) -> tuple[int, int]:
        return (self.offset + self.start + a, self.offset + self.start + b)


_CLAUSE_BREAK = re.compile(
    r"(?<!\s)(?:\s*(?:,|;|—|–| - )\s+"
    r"(?=(?:so|which|because|but|and|as|since|though|although|that's|"
    r"that is|i|i'm|i've|i'll|i'd|we|we're|my|our|it|it's|this|they|he|she|there|then|plus)\b)"
    r"|\s+(?=(?:so|because) (?:i|we|my|our)\b))",
    re.IGNORECASE,
)


def _clauses(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """A run-on sentence's main clause and its asides ("Your day pass costs 72 euros, my
    brother paid exactly that on Saturday"), each read on its own."""
    out, start = [], a
    for m in _CLAUSE_BREAK.finditer(text, a, b):
        if m.start() > start:
            out.append((start, m.start()))
        start = m.end()
    out.append((start, b))
    return out


MAX_READ_CHARS = 8_192
"""How much of one turn is read for claims. A chat turn states its facts in a few sentences (the
longest LoCoMo clause is 169 characters); past this, a turn is pasted material or crafted text,
and reading all of it would hold the context's write lock for a second or more. The whole turn is
still stored, embedded and searchable; ``Extraction.errors`` says what was not read."""


def read_window(text: str, limit: int = MAX_READ_CHARS) -> tuple[str, bool]:
    """``text`` cut to at most ``limit`` characters at the last sentence end (else the last
    space) before it, and whether anything was cut."""
    if len(text) <= limit:
        return text, False
    head = text[:limit]
    cut = 0
    for _a, b in sentences(head):
        if b < limit:
            cut = b
    if cut < limit // 2:
        space = head.rfind(" ")
        cut = space if space > 0 else limit
    return text[:cut], True


def extract_stage0(
    text: str,
    *,
    reference: datetime | None = None,
    role: str = "user",
    known: dict[str, str] | None = None,
    said: list[Frame] | None = None,
    organisation: str = "",
) -> Extraction:
    """Claims, instructions, revocations, uncertainties and entity mentions of ``text``.

    ``role`` is ``"user"`` for a speaker talking about themselves, ``"assistant"``, or
    ``"document"`` (first person plural means the organisation). ``known`` maps lower-cased
    entity names to their types (catalogue entities, for mentions and subjects). ``said``
    holds the speaker's values of the turn before (``frames_of``), which "sorry, X" corrects;
    ``organisation``: the name of the organisation addressed (a scope's slug will do), whose
    name is no other business's."""
    ref = reference or datetime.now(UTC)
    if ref.tzinfo is None:
        ref = ref.replace(tzinfo=UTC)
    out = Extraction()
    known = known or {}
    known_words = name_words([*known, organisation.replace("-", " ")])  # (once a turn)
    prior: list[Frame] = list(said or [])  # the values said so far ("I meant X")
    for a, b in sentences(text):
        checkpoint()  # (a document being read stops here when cancelled or out of time)
        if not _ALNUM.search(text, a, b):
            continue  # punctuation alone ("...", "-") says nothing: no rule runs over it
        marker = LIST_MARKER.match(text, a, b)
        if marker:  # "3. I like tea": the item's number is layout, not an age or a price
            a = marker.end()
        if role == "document" and not _TWO_WORDS.search(text, a, b):
            continue  # a document's one-word line ("Returns", "- Free") is a label, no claim
        if _NON_ASSERTIVE.search(text[a:b]):
            continue  # a wish or a hypothetical asserts nothing, in any of its clauses
        if role == "document":
            faq = _FAQ_PREFIX.match(text[a:b])
            if faq:  # "Q: How old can my dog be?" asks; "A: We cover dogs ..." states
                if faq.group(1).casefold().startswith("q"):
                    continue
                a += faq.end()
            listed = _labelled_list(text, a, b, ref)
            if listed:
                out.claims.extend(listed)
                continue
        # a correction is read whole: "scratch that, it's 35" needs its cue beside its value
        whole = role == "user" and is_correction(text[a:b])
        sentence_start = len(out.claims)
        for ca, cb in [(a, b)] if whole else _clauses(text, a, b):
            s = _Sentence(text[ca:cb], ca, ref, known_words)
            if not s.text.strip():
                continue
            before = len(out.claims)
            _read_sentence(s, out, role, known, prior)
            prior.extend(frames_of(out.claims[before:]))
            if role == "document" and all(c.negated for c in out.claims[before:]):
                # nothing read, or only a denial a curated text cannot "close": the rule
                rule = _policy_rule(s)
                if rule:
                    out.claims[before:] = rule
            if role == "document" and len(out.claims) > before:
                out.claims[before:] = _rekeyed(text, ca, cb, out.claims[before:])
        if role == "document" and len(out.claims) > sentence_start:
            out.claims[sentence_start:] = _kind_fitted(text, a, out.claims[sentence_start:])
    if role == "user":
        out.claims = with_speaker_contacts(text, out.claims)
    out.mentions.extend(_mentions(text, known))
    return out


_ALNUM = re.compile(r"[^\W_]")
_TWO_WORDS = re.compile(r"[^\W_][\W_]+[^\W_]")
_HEAD = re.compile(
    r"^\s*(?:[-*•]\s*)?(?:(?:the|our|a|an)\s+)?(?P<head>[A-Za-z0-9][\w'&+/-]*"
    r"(?:\s+[\w'&+/-]+){0,3}?)\s+(?:costs?|takes?|is|are|ships?|includes?|comes?|lasts?|"
    r"runs?|offers?|has|have|arrives?|delivers?|gives?)\b",
    _F,
)
_QUALIFIERS = frozenset(
    "standard express next-day same-day premium basic pro plus business economy first "
    "adult adults child children senior student weekday weekend off-peak peak single "
    "double twin family annual monthly".split()
)
_THRESHOLD = re.compile(
    r"\b(?:over|above|more\s+than|at\s+least|minimum|min\.?|spend(?:ing)?)\s*$", _F
)
_FEE_NOUN = re.compile(
    r"\b(?:[a-z]+\s+){0,2}?(?:fee|charge|surcharge|deposit|excess|premium|fine|penalty)\b", _F
)


_MONEY_KEY = re.compile(r"price|fee|cost|charge|threshold|deposit|excess|premium|fine|rate|fare")
_RANGE_OF_DAYS = re.compile(r"\d+\s*[–-]\s*\d+\s+(?:\w+\s+)?(?:days?|weeks?|hours?|minutes?)\b", _F)


def _kind(value: str) -> str:
    """A value's kind, a range of durations ("3–5 business days") counting as a duration."""
    kind = parse_value(value).kind
    return "duration" if kind == "text" and _RANGE_OF_DAYS.search(value) else kind


def _qualified_head(clause: str) -> str:
    """The thing a document sentence is about when its opening names a variant or a model
    ("Standard shipping", "Express shipping", "Widget 3-7", "The Pro plan"); "" when it
    names the business's things in general ("Unworn items", "Orders")."""
    m = _HEAD.match(re.sub(r"\s*\([^)]{0,60}\)", "", clause[:200]))
    if not m:
        return ""
    words = m.group("head").split()
    told = any(
        w.casefold() in _QUALIFIERS or any(ch.isdigit() for ch in w) or (i and w[:1].isupper())
        for i, w in enumerate(words)
    )
    return " ".join(words) if told else ""


#: the verb before a length of time that says what takes it
_TIME_VERBS = (
    (re.compile(r"\b(?:ships?|shipped|shipping)\b", _F), "shipping time"),
    (re.compile(r"\b(?:deliver(?:s|ed|y)?|arrives?)\b", _F), "delivery time"),
    (re.compile(r"\b(?:dispatch(?:es|ed)?)\b", _F), "dispatch time"),
    (re.compile(r"\b(?:refund(?:s|ed)?)\b", _F), "refund time"),
)


def _kind_fitted(text: str, a: int, claims: list[Claim]) -> list[Claim]:
    """A length of time keyed as an amount of money, read from one sentence with a price
    ("The Aria headphones cost $199 and ship within 3 days": not two prices) is keyed by the
    verb just before it; a time no verb explains is left as it was."""
    if not any(_MONEY_KEY.search(c.key) and _kind(c.value) == "money" for c in claims):
        return claims
    out = []
    for c in claims:
        if c.span is not None and _MONEY_KEY.search(c.key) and _kind(c.value) == "duration":
            before = text[max(a, c.span[0] - 40) : c.span[0]]
            for verb, phrase in _TIME_VERBS:
                if verb.search(before):
                    c = dataclasses.replace(c, key=phrase.replace(" ", "_"), key_phrase=phrase)
                    break
        out.append(c)
    return out


def _rekeyed(text: str, a: int, b: int, claims: list[Claim]) -> list[Claim]:
    """One document sentence with values of several kinds under one key ("Standard shipping
    takes 3-5 days and costs $6.95; orders over $75 ship free" read as three shipping times):
    each value is keyed by its own words, the sentence's variant in front ("standard shipping
    price", "free shipping threshold")."""
    if any(c.span is None for c in claims):
        return claims
    kinds = {_kind(c.value) for c in claims}
    misfit = any(_kind(c.value) == "money" and not _MONEY_KEY.search(c.key) for c in claims)
    if not misfit and (len({c.key for c in claims}) > 1 or len(kinds) < 2):
        return claims
    head = _qualified_head(text[a:b])
    out: list[Claim] = []
    spans = sorted(claims, key=lambda c: c.span[0])
    for n, c in enumerate(spans):
        start = spans[n - 1].span[1] if n else a
        end = spans[n + 1].span[0] if n + 1 < len(spans) else b
        before, after = text[start : c.span[0]], text[c.span[1] : end]
        kind = _kind(c.value)
        fee = _FEE_NOUN.match(after.lstrip()) or _FEE_NOUN.search(before)
        if (
            kind == "money"
            and _MONEY_KEY.search(c.key)
            and len(claims) == 1
            and (c.key != "price" or fee is None)
        ):
            out.append(c)  # one amount already keyed as one
            continue
        if kind == "money":
            if _THRESHOLD.search(before):
                free = "free" if re.search(r"\bfree\b", before + after, _F) else "minimum"
                topic = head.split()[-1] if head else ""
                phrase = f"{free} {topic} threshold"
            elif fee is not None:
                phrase = f"{head} {fee.group(0)}"
            else:
                phrase = f"{head} price"
        elif kind == "duration" and head:
            phrase = f"{head} time"
        else:
            out.append(c)
            continue
        words = [w for w in re.findall(r"[a-z0-9]+", phrase.casefold()) if w not in _STOP]
        key = "_".join(words[-4:]) or c.key
        out.append(dataclasses.replace(c, key=key, key_phrase=" ".join(words[-4:]) or c.key_phrase))
    return out


_LABELLED = re.compile(
    r"^\s*(?:[-*•]\s*)?(?P<label>[A-Z][\w&'+/]*(?:[ -][A-Za-z0-9][\w&'+/]*){0,3})"
    r"(?:\s*\((?P<qual>[^)]{1,40})\))?(?:\s*:|\s+[—–-])\s+(?P<rest>.+)$"
)


def _labelled_list(text: str, a: int, b: int, ref: datetime) -> list[Claim]:
    """A catalogue line, "- Standard: £9.99/month, 2 screens at a time, Full HD": each item
    with one value is a fact about the labelled thing, keyed by its own words."""
    m = _LABELLED.match(text[a:b])
    if not m or len(m.group("label")) < 2 or _FAQ_PREFIX.match(text[a:b]):
        return []
    label, rest = m.group("label").strip(), m.group("rest")
    qual = f" ({m.group('qual')})" if m.group("qual") else ""
    start = a + m.start("rest")
    items = [(i.start(), i.group(0)) for i in re.finditer(r"(?:[^,;]|,(?=\d{3}\b))+", rest)]
    claims = []
    for offset, item in items:
        values = parse_values(item, reference=ref)
        hours = _HOURS.search(item) or _CLOCK.search(item)
        if hours and all(hours.start() <= v.span[0] < hours.end() for v in values):
            # ("2.30pm" holds the number 2.30: a time of day)
            rest_words = re.findall(r"[A-Za-z][A-Za-z'-]*", _CLOCK.sub(" ", _HOURS.sub(" ", item)))
            phrase = " ".join(w for w in rest_words if w.casefold() not in _STOP) or "hours"
            claims.append(
                Claim(
                    subject=label,
                    subject_type="other",
                    key=key_from_phrase(f"{phrase} time"),
                    key_phrase=f"{phrase} hours",
                    value=hours.group(0),
                    category="knowledge",
                    statement=f"{label}: {item.strip()}",
                    span=(start + offset + hours.start(), start + offset + hours.end()),
                    confidence=0.9,
                    value_kind="hours",
                )
            )
            continue
        if re.search(r"\d\s*[x×]\s*\d", item):
            continue  # "55 x 40 x 20 cm": dimensions, not one amount
        units = [v for v in values if v.kind not in ("number", "text", "date")]
        if len(values) > 1 and len(units) == 1:
            values = units  # "1 bag up to 7 kg": the amount with a unit is the value
        if len(values) != 1 or values[0].kind in ("text", "date"):
            continue
        v = values[0]
        around = (item[: v.span[0]] + " " + item[v.span[1] :]).replace("/", " per ")
        words = [
            w
            for w in re.findall(r"[A-Za-z][\w'-]*", around)
            if w.casefold() not in _STOP and w.casefold() not in ("per", "each", "a", "an")
        ]
        if v.kind == "money":
            key = "price"
        elif words:
            key = key_from_phrase(" ".join(words))
        else:
            continue
        at = start + offset
        every = v.kind == "duration" and re.search(r"\bevery\s*$", item[: v.span[0]], _F)
        claims.append(
            Claim(
                subject=label,
                subject_type="other",
                key=key,
                key_phrase=" ".join(words) or key,
                value=item[v.span[0] : v.span[1]],
                category="knowledge",
                statement=f"{label}{qual}: {item.strip()}",
                span=(at + v.span[0], at + v.span[1]),
                confidence=0.9,
                typed=None if every else v,
                value_kind="frequency" if every else None,
            )
        )
    if len(claims) != 1:
        return claims  # several amounts: the label names a thing ("Standard", "Off-peak")
    # one amount: the label names the attribute ("Cabin bag: up to 7 kg", "Late checkout
    # (until 2pm): £30"), of the organisation's offer
    c = claims[0]
    phrase = f"{label} {c.key_phrase if c.key != 'price' else ''}".strip()
    key = key_from_phrase(phrase)
    if c.typed is not None and c.typed.kind == "money" and not is_known_key(key):
        key = "price"  # which price, the statement tells (see money_nouns_differ)
    return [
        Claim(
            subject=ORG,
            subject_type="organisation",
            key=key,
            key_phrase=phrase,
            value=c.value,
            category=c.category,
            statement=c.statement,
            span=c.span,
            confidence=c.confidence,
            typed=c.typed,
            value_kind=c.value_kind,
        )
    ]  # (the statement keeps the label: "General waste: collected every two weeks")


_MONTHDAY = re.compile(
    r"\b(?:the\s+)?(?P<d>\d{1,2}(?:st|nd|rd|th)|first|last(?:\s+(?:working|business))?\s+day)"
    r"(?=\s+(?:of\s+)?(?:the|each|every)\s+month\b|\s*$|\s*[,.;])",
    _F,
)
_DENIAL = re.compile(
    r"\b(?:not|never|cannot|can't|don't|doesn't|isn't|aren't|won't|no longer)\b|"
    r"^\s*(?:[-*•]\s*)?no\b",
    _F,
)


def _policy_rule(s: _Sentence) -> list[Claim]:
    """What a policy sentence with no amount still states: a day of the month ("rent is due
    on the 1st of each month", "paid on the last working day") or a denial ("tyres are not
    accepted at any of our sites"), so that a turn saying otherwise has a fact to meet."""
    body = s.text.strip()
    m = _MONTHDAY.search(body)
    if m:
        words = _words_around(body, m.start(), m.end())
        if words:
            return [
                Claim(
                    subject=ORG,
                    subject_type="organisation",
                    key=key_from_phrase(" ".join(words) + " day"),
                    key_phrase=" ".join(words),
                    value=monthday(m.group("d")) or m.group("d"),
                    category="knowledge",
                    statement=s.raw,
                    span=s.span(m.start(), m.end()),
                    confidence=0.9,
                    value_kind="monthday",
                )
            ]
    denial = _DENIAL.search(body)
    if denial and not body.endswith("?") and not _denies_an_amount(body):
        # (a denial with an amount bounds it, "not ... for more than 30 minutes": the amount
        # is the fact, ``statement_values``)
        words = [w for w in _words_around(body, 0, 0) if not _DENIAL.fullmatch(w)]
        if len(words) >= 2:
            return [
                Claim(
                    subject=ORG,
                    subject_type="organisation",
                    key=key_from_phrase(" ".join(words)),
                    key_phrase=" ".join(words),
                    value=_denied_words(body, denial.start()),
                    category="knowledge",
                    statement=s.raw,
                    span=s.span(0, len(body)),
                    confidence=0.9,
                    value_kind="denied",
                )
            ]
    return []


def _denies_an_amount(body: str) -> bool:
    """Whether the denial bounds an amount in its own clause ("must not be left for more than
    30 minutes"): the amount is then the fact (``statement_values``), not a denial."""
    return any(v.kind in AMOUNT_KINDS and bound_denied(body, v) for v in parse_values(body))


#: A word that carries a denial before it ("are not covered", "may not stay", "do not").
_DENIAL_AUX = re.compile(
    r"(?:\b(?:am|is|are|was|were|be|been|do|does|did|will|would|shall|should|may|might|must|"
    r"can|could|has|have|had)\s+)$",
    _F,
)


#: Where what a denial denies ends: its clause ("are not permitted and the deposit is ...").
_DENIAL_END = re.compile(r"[;:(,]|\s[–—-]\s|\s(?:and|but|while|whereas|so)\s", re.IGNORECASE)


def _denied_words(body: str, at: int) -> str:
    """What a curated sentence denies, in its own words: from the denial (and the verb that
    carries it) to the end of its clause ("are not covered by the warranty", "do not deliver
    on Sundays"), so that the fact says what is not so, not a bare "no"."""
    aux = _DENIAL_AUX.search(body, 0, at)
    start = aux.start() if aux else at
    end = len(body)
    stop = _DENIAL_END.search(body, at)
    if stop:
        end = stop.start()
    words = body[start:end].strip().rstrip(".!,")
    return words or "no"


def monthday(text: str) -> str | None:
    """A day of the month in one spelling: "1st", "the first" -> "1"; "last working day" ->
    "last working"; None when the text names none."""
    low = " ".join(text.casefold().split())
    if re.fullmatch(r"\d{1,2}", low):
        return str(int(low))
    if low in ("last", "last working"):
        return low  # its own spelling, read again
    m = re.search(r"\b(\d{1,2})(?:st|nd|rd|th)\b", low)
    if m:
        return str(int(m.group(1)))
    if re.search(r"\bfirst\b", low):
        return "1"
    m = re.search(r"\blast(?:\s+(working|business))?\s+day\b", low)
    if m:
        return "last working" if m.group(1) else "last"
    return None


_FAQ_PREFIX = re.compile(r"^\s*(?:[-*•]\s*)?(q|a|question|answer)\s*[:.)]\s+", _F)


_ASKS_AFTER = re.compile(
    r"(?:,|\s[—–-])\s*(?:so\s+|and\s+|but\s+)?(?=(?:is|are|do|does|did|can|could|will|would|"
    r"should|shall|what|when|where|who|why|how|which|any|anything)\b)",
    _F,
)
_BECAUSE = re.compile(r"^(?:since|as|because|given that|seeing as)\s+", _F)
_TAG_QUESTION = re.compile(
    r"(?:is|isn't|was|wasn't|are|aren't|do|don't|does|doesn't|did|didn't|can|can't|will|won't)"
    r"\s+(?:that|it|this|they|you|i)(?:\s+(?:right|correct|true|still|so|ok|okay))?\s*\?*$",
    _F,
)


def _statement_before_question(t: str) -> str:
    """The statement a question opens with, "since my wife Ana is vegetarian, can you ...?"
    (the question itself asserts nothing); the sentence unchanged when there is none."""
    m = _ASKS_AFTER.search(t)
    if m is None or m.start() < 8 or _TAG_QUESTION.match(t, m.end()):
        return t  # "the Aria costs $99, is that right?" asks whether it does
    return _BECAUSE.sub("", t[: m.start()]).strip() + "."


_YOUR_THING = re.compile(r"\b(?:while|when|if|until|after|before|once)\s+your\s", _F)


#: Frame keys whose value is a name: the parse may say more of it than the reader found.
_NAMED_KEYS = frozenset(
    "name nickname employer workplace business lives_in hometown from origin region".split()
)


def _whole_names(text: str, frames: list[Frame]) -> list[Frame]:
    """Frames whose value is part of a name, given the whole name (``language.whole_names``)."""
    # (only spans of this text: some readings are of a rewritten text, "I am ...", whose
    # offsets are not this one's)
    named = [
        i
        for i, f in enumerate(frames)
        if (f.key in _NAMED_KEYS or f.key.endswith("_name"))
        and text[f.span[0] : f.span[1]] == f.value
    ]
    if not named:
        return frames
    # (a pet's or a place's name keeps its title, "Mr. Whiskers"; a person's is read apart)
    titled = [frames[i].key not in ("name", "nickname") for i in named]
    wide = whole_names(text, [frames[i].span for i in named], titled)
    out = list(frames)
    for i, (a, b) in zip(named, wide, strict=True):
        if (a, b) != frames[i].span:
            out[i] = dataclasses.replace(frames[i], value=text[a:b], span=(a, b))
    return out


def _read_sentence(
    s: _Sentence, out: Extraction, role: str, known: dict[str, str], prior: list[Frame]
) -> None:
    t = s.text.strip()
    if role == "document" and t.endswith("?"):
        return  # a page's question ("How long do refunds take?") states nothing
    if role == "user" and t.endswith("?") and not _QUESTION_START.match(t):
        t = _statement_before_question(t)  # "my dog Biscuit ate a sock, do I need to worry?"
    if role != "document" and (t.endswith("?") or _QUESTION_START.match(t)):
        hedge = _HEDGE.search(t)
        if not (t.endswith("?") and hedge and not _QUESTION_START.match(t)):
            return  # a question asserts nothing
    if role == "user" and _revokes(t):
        out.revocations.append(t.rstrip(".!"))
        return
    if role == "user" and _INSTRUCTION.search(t) and not re.match(r"^i\b", t, _F):
        out.instructions.append(t.rstrip(".!"))
        return
    if _NON_ASSERTIVE.search(t):
        return  # a wish or a hypothetical asserts nothing about how things are
    if role == "user":
        t = with_subject(t)  # "been in Berlin since 2019": the "I" chat leaves out
    hedged = bool(_HEDGE.search(t))
    frames: list[Frame] = []
    if role == "user":
        plain = _expand(_LEADING_CLAUSE.sub("", _HEDGE_PREFIX.sub("", t) if hedged else t))
        reading = read_first_person(plain, prior, is_correction(s.raw))
        if reading.silent:
            return  # a wish, a report, someone else's fact: nothing about the speaker
        # denials first: "Sorry, 41 Park Road" must not close the value it corrects with
        frames = sorted(_whole_names(plain, reading.frames), key=lambda f: not f.negated)
    negated = bool(_NEGATION.search(t))
    past = bool(_USED_TO.search(t))
    body = _HEDGE_PREFIX.sub("", t) if hedged else t
    body = _LEADING_CLAUSE.sub("", body)
    body = _money_words(_active(_expand(body)))
    # "I sold the Civic and now drive a Tesla": the last clause keeps its subject
    m = re.search(r"^(i)\b.*?\b(?:and|so|but)\s+(?:now\s+|then\s+)?(?=[a-z]+\s)", body, _F)
    if m and not re.match(r"^(?:i|you|we|they|he|she|it)\b", body[m.end() :], _F):
        tail = body[m.end() :]
        if re.match(r"(?:drive|live|work|have|own|prefer|use|am|play)\b", tail, _F):
            body = "I " + tail
    if past:
        body = _USED_TO.sub("", body)
    if negated or re.search(r"\b(?:don't|do not|not|never)\b|\b(?:is|are|was|were)n't\b", body, _F):
        positive = _NEG_WORDS.sub("", body)
        negated = negated or positive != body
        body = positive
    contextual = timeexpr.is_contextual(t)
    vague = timeexpr.unresolved(t, s.reference)
    # "I moved to Paris last month": the fact holds from then, not from when it was said
    valid_from = _ms(s.reference)
    past_times = [
        m for m in timeexpr.resolve(t, s.reference) if m.start <= s.reference and m.relative
    ]
    if past_times:
        valid_from = _ms(past_times[0].start)
    claims = _hours_claims(body, s, role, known) or _open_days(body, s, role, known)
    if not claims and role == "document" and _YOUR_THING.search(body):
        # "Courtesy car for up to 14 days while your car is repaired": in a policy, "your X
        # is ..." tells of the customer's thing; the amount is the policy's fact
        claims = _typed(body, s, role, known)
    if not claims:
        claims = _first_person(body, s, role) + _possessive(body, s, role, known)
    if not claims and role == "user" and _I_VERB.match(body):
        claims = _clause(body, s, role, known)  # "I smoke ...", "I take lessons every ..."
    if not claims:
        claims = _typed(body, s, role, known)
    if not claims:
        claims = _clause(body, s, role, known)
    if frames:
        claims = [_frame_claim(f, s) for f in frames] + [
            c for c in claims if _kept_beside(c, frames)
        ]
    if role == "user":
        if USE_PARSE_READER:
            claims = [c for c in claims if not _stray(c, plain)]
        claims += _parsed_beside(plain, claims, s)
    for c in claims:
        category = c.category
        if contextual and category != "identity":
            category = "context"
        conf = 0.5 if hedged else c.confidence
        claim = Claim(
            subject=c.subject,
            subject_type=c.subject_type,
            key=c.key,
            key_phrase=c.key_phrase,
            value=c.value,
            category=category,
            statement=s.raw.strip(),
            span=c.span if body == t else s.span(0, len(s.text)),
            confidence=conf,
            negated=c.negated if c.stage == -1 else (negated or c.negated) and not past,
            past=c.past if c.stage == -1 else past,
            multi=c.multi,
            object_type=c.object_type,
            valid_from_ms=valid_from,
            typed=c.typed,
            stage=0,
            value_kind=c.value_kind
            or ("frequency" if frequency_days(c.value) else None)
            or ("hours" if c.typed is None and _is_clock(c.value) else None),
        )
        out.claims.append(claim)
        if hedged:
            out.uncertainties.append(
                OpenQuestion(
                    f"{claim.key_phrase or claim.key}: {claim.value}",
                    "stated with a hedge, not as a fact",
                    claim.span,
                )
            )
    for phrase in vague:
        out.uncertainties.append(OpenQuestion(t, f"the time {phrase!r} cannot be resolved"))


# -- first person ---------------------------------------------------------------------------

#: Keys the phrase patterns below read well enough to keep beside the frame reader's.
_PATTERN_KEYS = frozenset(
    "car commute hometown age name lives_in employer role allergy diet language learning "
    "working_on prefers likes dislikes has pet birthday email phone *".split()
)


def _frame_claim(f: Frame, s: _Sentence) -> Claim:
    """A frame as a claim (``stage=-1`` marks its own negation and past, which the
    sentence-wide flags must not override)."""
    return Claim(
        subject=f.subject,
        subject_type=f.subject_type,
        key=f.key,
        key_phrase=f.key.replace("_", " "),
        value=f.value,
        category=f.category,
        statement=s.raw,
        span=s.span(0, len(s.text.rstrip().rstrip(".!?"))),  # the statement, as patterns do
        multi=f.multi,
        negated=f.negated,
        past=f.past,
        stage=-1,
    )


#: Whether the parse's reading of the speaker's clauses adds to the rules' (``person_parse``).
USE_PARSE_READER = True


def _stray(c: Claim, plain: str) -> bool:
    """A speaker's fact a fallback rule keyed by the sentence's own words ("hot_mate: today"
    of "it's stinking hot today, mate") in a clause the parse says the speaker does not
    assert of themselves; or any speaker's fact whose value is only a pronoun ("likes: it" of
    "I play the sitar, but I love it"): it names nothing by itself. Of anyone else, a fallback
    rule's fact whose value is only a time of a clause not the speaker's or a family member's,
    or of another clause than its key's ("max_died: January", "still_unpacking: last
    month"), or a plain description of a pronoun or a person ("Benji is_a old dog")."""
    if c.negated:
        return False
    if c.subject != SELF:  # ("Max died in January": "max_died: January" says when, not what)
        return (
            # (never a claim said to the organisation, "your summer sale ends in September")
            not (c.subject == ORG and SECOND_PERSON.search(plain))
            and c.subject != OTHER_BUSINESS
            # (nor a claim of a catalogue thing: "the Trailhead 520 is on sale until March")
            and c.subject_type in ("person", "other", "organisation")
            and c.stage != -1
            and not is_person_key(c.key)
            and (stray_time(plain, c.key, c.value) or said_of_someone(plain, c.value))
        )
    value = c.value.strip()
    if value.casefold() in _PRONOUN_VALUES and not value.isupper():
        return True  # ("IT" is a department, "it" no value)
    return c.stage != -1 and not is_person_key(c.key) and not speakers_assertion(plain, c.value)


#: Values that only point at something said elsewhere.
_PRONOUN_VALUES = frozenset("it them that this these those him her".split())


def _parsed_beside(plain: str, claims: list[Claim], s: _Sentence) -> list[Claim]:
    """The speaker's values the parse reads and no rule did (by value: a rule's reading of the
    same words wins)."""
    if not USE_PARSE_READER:
        return []
    taken = [c.value.casefold() for c in claims if c.value]
    out = []
    for f in speaker_frames(plain):
        v = f.value.casefold()
        if not any(v in t or t in v for t in taken):
            out.append(_frame_claim(f, s))
            taken.append(v)
    return out


def _kept_beside(c: Claim, frames: list[Frame]) -> bool:
    """Whether a phrase-pattern claim adds to the frames: a key the patterns read well, and
    a value no frame has read (better)."""
    v = c.value.casefold()
    if c.subject != SELF:  # someone else's fact ("Biscuit weighs 18 kg"): the frames name it
        if any(f.value == c.subject and not f.key.endswith("_name") for f in frames):
            return False  # a place or a thing the frames read, misread as a subject
        return not any(f.value.casefold() in v or v in f.value.casefold() for f in frames)
    if c.key not in _PATTERN_KEYS and not is_known_key(c.key):
        return False
    return not any(
        f.key == c.key or f.value.casefold() in v or v in f.value.casefold() for f in frames
    )


_SELF_PATTERNS: list[tuple[re.Pattern[str], str, str, bool]] = [
    (
        re.compile(
            r"\bi (?:just |recently |have |'ve )?(?:started|took|accepted|got|landed|began) "
            r"(?:a |my |the )?(?:new )?(?:job|position|role) (?:at|with) (?P<v>[\w&' .-]{1,120}?)"
            + _CLAUSE_END,
            _F,
        ),
        "employer",
        "identity",
        False,
    ),
    (
        re.compile(
            r"\bi (?:now )?drive (?!to\b|in\b|into\b)(?:an? |the )?(?P<v>[\w' .-]{1,120}?)"
            + _CLAUSE_END,
            _F,
        ),
        "car",
        "knowledge",
        False,
    ),
    (
        re.compile(
            r"\bi (?:usually |now |mostly )?(?P<v>drive|cycle|bike|walk|run|take the (?:bus|train|"
            r"tube|subway|metro|tram|ferry)|ride (?:my |a )?(?:bike|bicycle|scooter|motorbike)|"
            r"commute by \w+) (?:to|into) (?:work|the office|school|campus)\b",
            _F,
        ),
        "commute",
        "knowledge",
        False,
    ),
    (
        re.compile(r"\bi grew up in\s+(?P<v>[\w' .-]{1,120}?)" + _CLAUSE_END, _F),
        "hometown",
        "identity",
        False,
    ),
    (
        re.compile(
            r"\bi (?:now )?drive (?!to\b|in\b|into\b)(?:an? |the )?(?P<v>[\w' .-]{1,120}?)"
            + _CLAUSE_END,
            _F,
        ),
        "car",
        "knowledge",
        False,
    ),
    (re.compile(r"\bi am (?P<v>\d{1,3})\s*[.!]?$", _F), "age", "identity", False),
    (re.compile(r"\bi (?:just )?turned (?P<v>\d{1,3})\b", _F), "age", "identity", False),
    # (pattern with group "v", key, category, multi)
    (
        re.compile(r"\bmy name is\s+(?P<v>[\w' .-]{1,120}?)" + _CLAUSE_END, _F),
        "name",
        "identity",
        False,
    ),
    (re.compile(r"\b(?:call me|i go by)\s+(?P<v>[\w'.-]+)", _F), "name", "identity", False),
    (
        re.compile(
            r"\bi(?:'ve| have)? (?:moved|relocated) to\s+(?P<v>[\w' .-]{1,120}?)" + _CLAUSE_END, _F
        ),
        "lives_in",
        "identity",
        False,
    ),
    (
        re.compile(
            r"\bi(?:'m| am)? ?(?:now |currently )?(?:live|living|based|located|staying)"
            r"(?: now)? in\s+(?P<v>[\w' .-]{1,120}?)" + _CLAUSE_END,
            _F,
        ),
        "lives_in",
        "identity",
        False,
    ),
    (
        re.compile(r"\bi(?:'m| am) from\s+(?P<v>[\w' .-]{1,120}?)" + _CLAUSE_END, _F),
        "hometown",
        "identity",
        False,
    ),
    (
        re.compile(r"\bi(?:'m| am) (?P<v>\d{1,3}) (?:years? old|yo)\b", _F),
        "age",
        "identity",
        False,
    ),
    (
        re.compile(
            r"\bi (?:now )?(?:work (?:at|for|with)|am employed (?:by|at|with))\s+"
            r"(?P<v>[\w&' .-]{1,120}?)" + _CLAUSE_END,
            _F,
        ),
        "employer",
        "identity",
        False,
    ),
    (
        re.compile(r"\bi (?:now )?work as (?:an? |the )?(?P<v>[\w' .-]{1,120}?)" + _CLAUSE_END, _F),
        "role",
        "identity",
        False,
    ),
    (
        re.compile(r"\bi(?:'m| am) allergic to\s+(?P<v>[\w' .-]{1,120}?)" + _CLAUSE_END, _F),
        "allergy",
        "identity",
        True,
    ),
    (
        re.compile(
            r"\bi(?:'m| am|'ve| have)? ?(?:now |gone |become |turned |went |switched to )?"
            r"(?:a |an |fully )?(?P<v>vegetarian|vegan|pescatarian|keto|flexitarian)\b",
            _F,
        ),
        "diet",
        "identity",
        False,
    ),
    (
        re.compile(r"\bi speak\s+(?P<v>[\w' .-]{1,120}?)" + _CLAUSE_END, _F),
        "language",
        "identity",
        True,
    ),
    (
        re.compile(
            r"\bi(?:'m| am) (?:currently )?learning\s+(?P<v>[\w' .+#-]{1,120}?)" + _CLAUSE_END, _F
        ),
        "learning",
        "knowledge",
        True,
    ),
    (
        re.compile(
            r"\bi(?:'m| am) (?:currently )?(?:working on|debugging|fixing|preparing|writing)\s+"
            r"(?P<v>[\w' .-]{1,120}?)" + _CLAUSE_END,
            _F,
        ),
        "working_on",
        "context",
        True,
    ),
    (
        re.compile(
            r"\bi (?:really |much |still |now |also )?(?:prefer|would rather have)\s+"
            r"(?P<v>[\w' .-]{1,120}?)(?=\s+(?:to|over|than)\b|" + _CLAUSE_END[3:],
            _F,
        ),
        "prefers",
        "knowledge",
        False,
    ),
    (
        re.compile(
            r"\bi (?:really |also |still )?(?:like|love|enjoy|adore)\s+(?P<v>[\w' .-]{1,120}?)"
            + _CLAUSE_END,
            _F,
        ),
        "likes",
        "knowledge",
        True,
    ),
    (
        re.compile(
            r"\bi (?:really )?(?:dislike|hate|can't stand|detest)\s+(?P<v>[\w' .-]{1,120}?)"
            + _CLAUSE_END,
            _F,
        ),
        "dislikes",
        "knowledge",
        True,
    ),
    (
        re.compile(
            r"\bi (?:now |also |still |currently )?"
            r"(?:own|have|had|got|'ve got|have got|'ve had|have had)\s+"
            r"(?P<v>(?:an?|one|two|three|four|five|\d+|some|any|no)\s+[\w' .-]{1,120}?)"
            + _CLAUSE_END,
            _F,
        ),
        "has",
        "knowledge",
        True,
    ),
]
_ROLE = re.compile(
    r"\bi(?:'m| am) (?:now |currently |actually )?(?:the |an? )?(?P<v>[\w' .&-]{1,120}?)"
    r"(?:\s+(?:at|for|with)\s+(?P<org>[A-Z][\w&' .-]{0,120}?))?" + _CLAUSE_END,
    _F,
)


_INVERTED = re.compile(
    r"^(?P<v>[A-Z][\w&' .+#-]*?)(?<!\s)\s+(?:is|are)\s+(?:now\s+)?(?P<who>my|our)\s+"
    r"(?P<key>[\w' -]{2,40}?)(?:\s+now)?\s*[.!]?$"
)
_TERMINATIVE = re.compile(
    r"^i\s+(?:just\s+|recently\s+|finally\s+|already\s+)?(?:quit|left|sold|gave up|gave away|"
    r"stopped|cancell?ed|ended|dropped|moved out of|got rid of|lost|unsubscribed from|"
    r"resigned from|retired from)\s+(?:my\s+|the\s+|a\s+|an\s+|our\s+)?(?P<obj>[^,.;!?]+)",
    _F,
)


# Every first-person pattern needs one of these words: without them none is tried.
_FIRST_PERSON_HINT = re.compile(r"\b(?:i|my|our|call)\b", _F)


def _first_person(body: str, s: _Sentence, role: str) -> list[Claim]:
    if role == "document" or _FIRST_PERSON_HINT.search(body) is None:
        return []
    m = _TERMINATIVE.match(body.strip())
    if m:  # "I sold my Volvo", "I quit my job at Deloitte": whatever it names is over
        obj = _clean_value(re.sub(r"(?<!\s)\s+\d+\s+\w+\s+ago$", "", m.group("obj")))
        return [
            Claim(
                subject=SELF,
                subject_type="person",
                key="*",
                key_phrase="",
                value=obj,
                category="knowledge",
                statement=s.raw,
                span=s.span(*m.span()),
                negated=True,
            )
        ]
    m = _INVERTED.match(body.strip())
    if m:  # "Bosch is my employer now"
        key = key_from_phrase(m.group("key"))
        return [
            _self_claim(
                key,
                m.group("key"),
                _clean_value(m.group("v")),
                "identity" if key in _IDENTITY_KEYS else "knowledge",
                False,
                s,
                m,
            )
        ]
    found: list[Claim] = []
    starts: list[int] = []  # the spans taken, disjoint and sorted: starts and their ends
    ends: list[int] = []
    for pattern, key, category, multi in _SELF_PATTERNS:
        for m in pattern.finditer(body):
            value = _clean_value(m.group("v"))
            before = bisect.bisect_left(starts, m.end())  # spans that start before m ends
            if not value or (before and ends[before - 1] > m.start()):
                continue
            if key == "has":
                if any(w.casefold().rstrip(",") in _PET_WORDS for w in value.split()):
                    key = "pet"
                value = re.sub(r"^(?:an?|one|some)\s+", "", value, flags=_F)
            slot = [w.casefold() for w in value.split() if w.casefold() in _SLOT_NOUNS]
            if key == "lives_in" and slot:  # "I moved to the early shift"
                key, category = slot[0], "knowledge"
            starts.insert(before, m.start())
            ends.insert(before, m.end())
            found.append(_self_claim(key, key.replace("_", " "), value, category, multi, s, m))
    if not found:
        m = _ROLE.search(body)
        if m:
            value = _clean_value(m.group("v"))
            words = value.casefold().replace("-", " ").split()
            if words and any(w in _JOB_WORDS for w in words) and len(words) <= 6:
                found.append(_self_claim("role", "role", value, "identity", False, s, m))
                if m.group("org"):
                    org = _clean_value(m.group("org"))
                    found.append(_self_claim("employer", "employer", org, "identity", False, s, m))
    return found


def _self_claim(key, phrase, value, category, multi, s: _Sentence, m) -> Claim:
    return Claim(
        subject=SELF,
        subject_type="person",
        key=key,
        key_phrase=phrase,
        value=value,
        category=category,
        statement=s.raw,
        span=s.span(*m.span()),
        multi=multi,
    )


# -- possessive statements ------------------------------------------------------------------

_POSSESSIVE = re.compile(
    r"(?:^|\b)(?P<who>(?i:your|our|my|the|this)|"
    r"(?P<name>[A-Z][\w&.-]{0,63}+(?:\s++[A-Z0-9][\w&.-]{0,63}+){0,7}+)(?:'s|’s))"
    r"\s+(?P<key>[\w' -]{2,40}?)\s+(?:is|are|was|were|=|:|will be|has been|have been|"
    r"might be|may be|could be|is now|are now|changed to|has changed to|became|has become|"
    r"have become|moved to)\s+"
    # the value runs to the sentence's end: a look ahead that cannot give back rules out, in one
    # pass, a start too far from the end (each such start cost 240 lazy steps)
    r"(?:now\s+|currently\s+|actually\s+|only\s+|just\s+)?"
    r"(?=[^\n]{1,240}+[\s.;!?]*+$)(?P<v>.{1,240}?)(?<!\s)\s*[.;!?]*$",
)


def _possessive(body: str, s: _Sentence, role: str, known: dict[str, str]) -> list[Claim]:
    out: list[Claim] = []
    for m in _POSSESSIVE.finditer(body):
        who = m.group("who")
        low = who.casefold()
        key_phrase = m.group("key").strip()
        value = _clean_value(m.group("v"))
        if not value or len(value.split()) > 12:
            continue
        name = m.group("name")
        if name:
            subject, stype = name, known.get(name.casefold(), "other")
        elif low in ("your",) or (low == "our" and role in ("document", "assistant")):
            subject, stype = ORG, "organisation"
        elif low in ("my", "our"):
            if role == "document":
                subject, stype = ORG, "organisation"
            else:
                subject, stype = SELF, "person"
        else:  # "the X is ..." / "this X is ...": a named entity inside the phrase, or the org
            hit = _known_in(key_phrase, known)
            if hit:
                subject, stype = hit
                for w in subject.split():
                    key_phrase = re.sub(rf"(?<!\w){re.escape(w)}(?!\w)", "", key_phrase, flags=_F)
                key_phrase = " ".join(key_phrase.split())
            else:
                subject, stype = ORG, "organisation"
        if subject == SELF and low == "my" and key_phrase.casefold() in ("name",):
            continue  # handled by the first-person patterns
        typed = None
        if (subject in (ORG, SELF) or stype != "person") and frequency_days(value) is None:
            # "your Flex plan is 49 euros a month": the amount is the value, the rest of the
            # words name the attribute ("Flex plan ... a month")
            inner = [
                v
                for v in parse_values(value, reference=s.reference)
                if v.kind not in ("text", "date") or (v.kind == "date" and len(value) < 30)
            ]
            if inner:
                typed = inner[0]
                a, b = typed.span
                rest = _clean_value(value[:a] + " " + value[b:])
                value = value[a:b]
                if rest:
                    key_phrase = f"{key_phrase} {rest}"
        key = key_from_phrase(key_phrase)
        if typed is not None and typed.kind == "money" and key not in _MONEY_KEYS:
            key = "price" if not is_known_key(key) else key
        multi = key in ("hobbies", "likes", "favourite", "favorite")
        out.append(
            Claim(
                subject=subject,
                subject_type=stype,
                key=key,
                key_phrase=key_phrase,
                value=value,
                category="identity" if subject == SELF and key in _IDENTITY_KEYS else "knowledge",
                statement=s.raw,
                span=s.span(*m.span()),
                multi=multi,
                typed=typed,
            )
        )
    return out


_IDENTITY_KEYS = frozenset(
    {"name", "role", "employer", "lives_in", "hometown", "age", "birthday", "email", "phone"}
)


def _known_in(phrase: str, known: dict[str, str]) -> tuple[str, str] | None:
    """The longest catalogue name in ``phrase`` (returned as the catalogue spells it, lower
    case), also when the text leaves out its first word ("the X2 headphones" for "Acme X2
    Headphones")."""
    low = phrase.casefold()
    said = set(_NAME_WORD.findall(low))
    best = None
    tails, bare, index = _tail_index(tuple(known))
    # (a cheap test first: a catalogue can hold thousands of names; only those whose words
    # after the first were all said can be in the text; in the catalogue's order)
    possible = {i for w in said for i in index.get(w, ())}
    for i in sorted(possible.union(bare)):
        name, tail = tails[i]
        if not tail <= said:
            continue
        words = name.split()
        forms = [name] + ([" ".join(words[1:])] if len(words) >= 3 else [])
        for form in forms:
            if find_phrase(low, form) and (best is None or len(form) > len(best[2])):
                best = (name, known[name], form)
    if best is None:
        return None
    return best[0], best[1]


def _subject(body: str, role: str, known: dict[str, str]) -> tuple[str, str]:
    """A catalogue entity the sentence names, else whom it is about (``_subject_of``)."""
    hit = _known_in(body, known)
    return hit if hit is not None else _subject_of(body, role)


def _words_around(body: str, start: int, end: int) -> list[str]:
    """The content words of ``body`` outside ``[start, end)`` (the value): what names the
    attribute."""
    rest = body[:start] + " " + body[end:]
    return [
        w
        for w in re.findall(r"[A-Za-z][\w'-]*", rest)
        if w.casefold() not in _STOP and w.casefold() not in _PRONOUN_SUBJECTS
    ]


# -- typed statements -----------------------------------------------------------------------

_CAPITALISED = re.compile(
    r"(?<![\w'])([A-Z][\w&.-]*(?:\s+(?:[A-Z0-9][\w&.-]*|(?:of|de|the|&|and)(?=\s+[A-Z])))*)"
)


_WORKDAYS = re.compile(r"\b(?:business|working|calendar|work)\s+(days?)\b", _F)
_RANGE = re.compile(r"(?<![\d/:.-])\b(\d+(?:\.\d+)?)\s*(?:-|–|to)\s*(?=\d+\b(?![-/:.]\d))", _F)
_CLOCK = re.compile(
    r"\b(\d{1,2})(?:[:.]([0-5]\d))?\s*([ap])\.?m\.?\b|\b(noon|midnight)\b|\b([01]?\d|2[0-3]):([0-5]\d)\b",
    _F,
)
_T = r"(?:\d{1,2}(?:[:.][0-5]\d)?\s*[ap]\.?m\.?|noon|midnight|(?:[01]?\d|2[0-3]):[0-5]\d)"
_HOURS = re.compile(
    rf"(?:(?:from|between)\s+)?(?P<a>{_T})\s*(?:-|–|to|until|and|till)\s*(?P<b>{_T})|"
    rf"\b(?P<dir>until|till|from|after|before|by|at|opens? at|closes? at)\s+(?P<c>{_T})",
    _F,
)


def _is_clock(value: str) -> bool:
    """A value that is nothing but times of day ("23:00", "by 11pm", "9am to 5pm")."""
    if not _CLOCK.search(value):  # (most values hold no time: a cell of every upload asks)
        return False
    rest = _CLOCK.sub(" ", value)
    return not re.search(
        r"[a-z]{3,}",
        re.sub(r"\b(?:from|to|until|till|by|at|and|between|noon|midnight)\b", "", rest, flags=_F),
    )


def clock_minutes(text: str) -> list[int]:
    """Times of day in ``text`` as minutes after midnight, in order."""
    out = []
    for m in _CLOCK.finditer(text):
        if m.group(5):
            out.append(int(m.group(5)) * 60 + int(m.group(6)))
            continue
        if m.group(4):
            out.append(720 if m.group(4).casefold() == "noon" else 0)
            continue
        h = int(m.group(1)) % 12 + (12 if m.group(3).casefold() == "p" else 0)
        out.append(h * 60 + int(m.group(2) or 0))
    return out


_BARE_HOURS = re.compile(
    r"\b(?P<pre>open|opens|staffed|available|run|runs)\s+(?:from\s+)?(?P<a>\d{1,2})\s*"
    r"(?:to|-|–|until|till)\s*(?P<b>\d{1,2})\b(?!\s*(?:[ap]\.?m\b|:|%))(?!\w)",
    _F,
)


_DAYPART = re.compile(
    r"\b(\d{1,2})(?::(\d\d))?\s+(?:o'clock\s+)?in the (morning|afternoon|evening)\b|"
    r"\b(\d{1,2})(?::(\d\d))?\s+at night\b",
    _F,
)
_CLOSING = re.compile(
    r"\b(?P<pre>open|opens|stays open|close|closes|closing|shuts|stop taking \w+(?: \w+)?)\s+"
    r"(?P<dir>until|till|at|by)\s+(?P<h>\d{1,2})\b(?!\s*(?:[ap]\.?m\b|:|%))(?!\w)",
    _F,
)


_CLOCK_WORDS = re.compile(
    r"\b(?P<q>half past|quarter past|quarter to)\s+(?P<h>\w+)\b|\b(?P<o>\w+)\s+o'clock\b", _F
)


def _clock_words(m: re.Match[str]) -> str:
    """ "half past seven" -> "7:30", "quarter to nine" -> "8:45", "ten o'clock" -> "10:00"."""
    word = m.group("h") or m.group("o")
    hour = parse_value(word)
    if hour.kind != "number" or hour.magnitude is None or not 1 <= hour.magnitude <= 12:
        return m.group(0)
    h = int(hour.magnitude)
    q = (m.group("q") or "").casefold()
    if q == "half past":
        return f"{h}:30"
    if q == "quarter past":
        return f"{h}:15"
    if q == "quarter to":
        return f"{h - 1 or 12}:45"
    return f"{h}:00"


def _bare_hours(body: str) -> str:
    """Hours without am/pm: "open from 9 to 5" -> "open from 9am to 5pm" (a closing hour below
    the opening one is in the afternoon); "8 in the evening" -> "8pm"; "closes at 6" -> "closes
    at 6pm"."""

    def daypart(m: re.Match[str]) -> str:
        if m.group(4):
            h, mins, pm = int(m.group(4)), m.group(5), True
        else:
            h, mins, pm = int(m.group(1)), m.group(2), m.group(3).casefold() != "morning"
        return f"{h}{':' + mins if mins else ''}{'pm' if pm else 'am'}"

    body = _CLOCK_WORDS.sub(_clock_words, body)
    body = _DAYPART.sub(daypart, body)

    def closing(m: re.Match[str]) -> str:
        h = int(m.group("h"))
        if not 1 <= h <= 12:
            return m.group(0)
        opening = m.group("pre").casefold() in ("open", "opens") and m.group("dir") == "at"
        return f"{m.group('pre')} {m.group('dir')} {h}{'am' if opening and h >= 6 else 'pm'}"

    body = _CLOSING.sub(closing, body)

    def fix(m: re.Match[str]) -> str:
        a, b = int(m.group("a")), int(m.group("b"))
        if not (1 <= a <= 12 and 1 <= b <= 12):
            return m.group(0)
        return f"{m.group('pre')} from {a}am to {b}{'pm' if b <= a or b < 8 else 'am'}"

    return _BARE_HOURS.sub(fix, body)


# A time of day needs a digit, "noon" or "midnight", or words _bare_hours turns into digits.
_HOURS_HINT = re.compile(r"[0-9]|noon|midnight|past|quarter|o'clock", _F)


def _hours_claims(body: str, s: _Sentence, role: str, known: dict[str, str]) -> list[Claim]:
    if _HOURS_HINT.search(body) is None:
        return []
    body = _bare_hours(body)
    m = _HOURS.search(body)
    if not m:
        return []
    subject, stype = _subject(body, role, known)
    words = _words_around(body, m.start(), m.end())
    phrase = " ".join(words[:8])
    low = phrase.casefold()
    if "support" in low:
        key = "support_hours"
    elif re.search(r"\b(?:open|opens|opening|close|closes|closing|hours)\b", low):
        key = "opening_hours"
    else:  # "check out by 11 am": the time of something else
        key = canonical_key(" ".join(words[:3])) + "_time" if words else "time"
    phrase = phrase + " time"
    return [
        Claim(
            subject=subject,
            subject_type=stype,
            key=key,
            key_phrase=phrase,
            value=m.group(0).strip(),
            category="knowledge",
            statement=s.raw,
            span=s.span(*m.span()),
            confidence=0.8,
            value_kind="hours",
        )
    ]


_PHRASE_AMOUNTS = [
    (re.compile(r"\ba quarter of an hour\b", _F), "15 minutes"),
    (re.compile(r"\bthree quarters of an hour\b", _F), "45 minutes"),
    (re.compile(r"\ba (?:full|whole|entire) (day|week|month|year)\b", _F), r"1 \1"),
    (re.compile(r"\ba (day|week|month|year)'s\b", _F), r"1 \1"),
    (re.compile(r"\bfull (day|week|month|year)'s\b", _F), r"1 \1"),
    (re.compile(r"\b(\d+) bucks\b", _F), r"$\1"),
    (re.compile(r"\ban hour and a half\b", _F), "90 minutes"),
    (re.compile(r"\ba day and a half\b", _F), "36 hours"),
    (re.compile(r"\ba year and a half\b", _F), "18 months"),
    (re.compile(r"\bfree of charge\b", _F), "free"),
    (re.compile(r"\bhalf a dozen\b", _F), "6"),
    (re.compile(r"\ba dozen\b", _F), "12"),
    (
        re.compile(r"\ba (?:full|whole|good) (?=\w+ (?:days?|weeks?|months?|years?|hours?)\b)", _F),
        "",
    ),
]
_PHRASE_HINT = re.compile(
    r"quarter|full|whole|entire|good|bucks|hour|half|free|dozen|day|week|month|year", _F
)
_WEIGHT = re.compile(
    r"\b(?:weigh|weighs|weighed|weighing|weight|heavy|heavier|lighter|lbs?|kg|kilos?|load|mass|"
    r"lift|lifts|bench|squat|deadlift|baggage|luggage|suitcase)\b",
    _F,
)
_COSTS = re.compile(r"\b(?:cost|costs|price|priced|pay|paid|fee|fees|charge|charges|sells?)\b", _F)
_POUNDS = re.compile(
    r"(?<!\s)\s*\bpounds?\b(?:\s+(?:and\s+)?(?P<p>[\w-]+))?(?:\s+(?:pence|p)\b)?", _F
)


def _money_words(body: str) -> str:
    """In a sentence about a price, "one hundred and eighty pounds" is sterling, not a weight,
    and "three pounds fifty" is 3.50."""
    if not _POUNDS.search(body) or _WEIGHT.search(body):
        return body
    numbers = [
        v
        for v in parse_values(body)
        if v.kind == "number" or (v.kind == "quantity" and re.search(r"pounds?$", v.text, _F))
    ]
    out, last = [], 0
    starts = [v.span[0] for v in numbers]
    for m in _POUNDS.finditer(body):
        num = _number_before(body, numbers, starts, m.start())
        if num is None:
            continue
        if num.kind == "quantity":  # pint read "180 pounds" as a weight: take its number back
            amount = parse_value(re.sub(r"\s*pounds?$", "", num.text, flags=_F)).magnitude or 0.0
        else:
            amount = num.magnitude or 0.0
        end = m.end()
        pence = parse_value(m.group("p")) if m.group("p") else None
        if (
            pence is not None
            and pence.kind == "number"
            and pence.magnitude
            and 0 < pence.magnitude < 100
        ):
            amount += pence.magnitude / 100
        elif m.group("p"):
            end = m.start("p") - 1
        out.append(body[last : num.span[0]])
        out.append(f"£{amount:.2f}".replace(".00", ""))
        last = end
    out.append(body[last:])
    return "".join(out)


def _number_before(body: str, numbers: list, starts: list[int], at: int):  # type: ignore[no-untyped-def]
    """The last of ``numbers`` (in order, not overlapping) that ends at ``at`` or only blanks
    before it, or a quantity that holds ``at``; without a scan of all of them per position."""
    gap = at
    while gap > 0 and body[gap - 1].isspace():
        gap -= 1
    best = None
    # values that end in [gap, at]: they start before at (a value is never empty)
    k = bisect.bisect_left(starts, at)
    for i in range(k - 1, -1, -1):
        v = numbers[i]
        if v.span[1] < gap:
            break  # values do not overlap: earlier ones end earlier still
        if v.span[1] == at or body[v.span[1] : at].isspace():
            best = i if best is None else max(best, i)
            break
    for i in range(k - 1, -1, -1):  # a quantity holding at ("180 pounds" read by pint)
        v = numbers[i]
        if v.kind == "quantity" and v.span[0] < at <= v.span[1]:
            best = i if best is None else max(best, i)
        if v.span[1] < at:
            break
    return None if best is None else numbers[best]


_FREE = re.compile(
    r"\b(?:is|are|comes?|come|for|costs? nothing|at no (?:extra )?(?:cost|charge))\b"
    r"(?:\s+\w+){0,2}?\s*\bfree\b|\bfree of charge\b|\bno charge\b|\bcosts? nothing\b",
    _F,
)


def _free_claim(body: str, s: _Sentence, role: str, known: dict[str, str]) -> list[Claim]:
    """ "Your local delivery is free": a price of nothing, which disagrees with any price."""
    m = _FREE.search(body)
    assert m is not None
    subject, stype = _subject(body, role, known)
    words = _words_around(body, m.start(), m.end())
    if not words:
        return []
    phrase = " ".join(words[:8])
    return [
        Claim(
            subject=subject,
            subject_type=stype,
            key="price",
            key_phrase=phrase,
            value="free",
            category="knowledge",
            statement=s.raw,
            span=s.span(*m.span()),
            confidence=0.8,
            value_kind="free",
        )
    ]


_WEEKDAY = re.compile(
    r"\b(?:every|on|each)\s+(?P<d>monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?"
    r"(?:\s+(?:morning|afternoon|evening|night))?\b",
    _F,
)


def _weekday_claim(body: str, s: _Sentence, role: str, known: dict[str, str]) -> list[Claim]:
    """A recurring day ("emptied every Tuesday morning", "on Thursdays"): the day is the
    value, the rest of the sentence names what happens on it."""
    m = _WEEKDAY.search(body)
    if not m or parse_values(body[: m.start()] + body[m.end() :], reference=s.reference):
        return []
    subject, stype = _subject(body, role, known)
    words = _words_around(body, m.start(), m.end())
    if not words:
        return []
    phrase = " ".join(w for w in words[:8] if w.casefold() not in ("closed", "not", "no"))
    day = m.group("d").capitalize()
    if re.search(r"\b(?:closed|not|no|never)\b", body[: m.start()], _F):
        day = f"not {day}"  # "closed for drop-offs on Sundays": the day it does not happen
    return [
        Claim(
            subject=subject,
            subject_type=stype,
            key=key_from_phrase(phrase) + "_day",
            key_phrase=phrase,
            value=day,
            category="knowledge",
            statement=s.raw,
            span=s.span(*m.span()),
            confidence=0.8,
            value_kind="weekday",
        )
    ]


def _without_words(text: str, name: str) -> str:
    """``text`` with each word of ``name`` blanked out where it stands as a word: one pass
    (a name of thousands of capitalised words used to mean one pass per word)."""
    words = sorted(dict.fromkeys(name.split()), key=len, reverse=True)
    if not words:
        return text
    alternation = "|".join(re.escape(w) for w in words)
    return re.sub(rf"(?<!\w)(?:{alternation})(?!\w)", " ", text, flags=_F)


MAX_NUMBERS_PER_SENTENCE = 32
"""A sentence with more numbers than this is data run together (a list or a table without its
line breaks), not a statement: none of its numbers is read as a value. (The most in a sentence
of the truth corpora's documents and turns is 18.)"""
_NUMBER_RUN = re.compile(r"[0-9]++")


def _typed(body: str, s: _Sentence, role: str, known: dict[str, str]) -> list[Claim]:
    weekday = _weekday_claim(body, s, role, known)
    if weekday:
        return weekday
    runs = _NUMBER_RUN.finditer(body)
    if next(itertools.islice(runs, MAX_NUMBERS_PER_SENTENCE, None), None) is not None:
        return []
    if _PHRASE_HINT.search(body):  # (one test for all of them: sentences are many)
        for pattern, repl in _PHRASE_AMOUNTS:
            body = pattern.sub(repl, body)
    body = _money_words(body)
    # a range ("3-5 business days") is read as its upper bound, with the whole range as text
    ranges = {m.end(): m.start() for m in _RANGE.finditer(body)}
    masked = _RANGE.sub(lambda m: " " * (m.end() - m.start()), body)
    # "business days" reads as days ("5 days" followed by padding, so offsets stay)
    workdays = {m.start() + len(m.group(1)): m.end() for m in _WORKDAYS.finditer(masked)}
    masked = _WORKDAYS.sub(
        lambda m: m.group(1) + " " * (m.end() - m.start() - len(m.group(1))), masked
    )
    values = [v for v in parse_values(masked, reference=s.reference) if v.kind not in ("text",)]
    values = [v for v in values if v.kind != "number" or len(values) == 1]
    if not values and _FREE.search(body):
        return _free_claim(body, s, role, known)
    if len(values) > 1:  # "25 days ... per calendar year", "€39 a month": the rate is no value
        values = [v for v in values if not _RATE.match(v.text.strip())] or values
    if not values:
        return _frequency_claim(body, s, role, known)
    hit = _known_in(body, known)
    if role != "document" and re.match(r"^i\b", body, _F):
        subject, stype = SELF, "person"  # "I paid $199 for ...": the speaker's own experience
    elif role != "document" and (elsewhere(body) or named_elsewhere(body, s.known)):
        subject, stype = OTHER_BUSINESS, "other"  # "SoundHub down the road has the Aria ..."
    elif hit is not None:
        subject, stype = hit
    else:
        subject, stype = _subject_of(body, role)
    out = []
    for v in values[:3]:
        if v.kind == "date" and v.text.casefold().startswith("last "):
            again = parse_values(v.text[5:])  # "they last 50 hours": the verb, not a date
            if again and again[0].kind == "duration":
                v = again[0].__class__(
                    again[0].kind,
                    again[0].magnitude,
                    again[0].unit,
                    again[0].text,
                    (v.span[0] + 5, v.span[1]),
                    again[0].normalised,
                )
        a, b = v.span
        a = ranges.get(a, a)
        b = workdays.get(b, b)
        rest = body[:a] + " " + body[b:]
        if subject not in (ORG, SELF):
            rest = _without_words(rest, subject)
        words = [
            w
            for w in re.findall(r"[A-Za-z][\w'-]*", rest)
            if w.casefold() not in _STOP and w.casefold() not in _PRONOUN_SUBJECTS
        ]
        phrase = " ".join(words[:8])
        if not phrase:
            continue
        key = key_from_phrase(phrase)
        value_kind = None
        if v.kind == "duration" and re.search(r"\bevery\s*$", body[:a], _F):
            value_kind, a = "frequency", body[:a].casefold().rindex("every")
        if v.kind == "money" and key not in _MONEY_KEYS and not is_known_key(key):
            key = "price"  # which price it is, the statements tell (see money_nouns_differ)
        out.append(
            Claim(
                subject=subject,
                subject_type=stype,
                key=key,
                key_phrase=phrase,
                value=body[a:b],
                category="knowledge",
                statement=s.raw,
                span=s.span(a, b),
                confidence=0.8,
                typed=None if value_kind else v,
                value_kind=value_kind,
            )
        )
    return out


_RATE = re.compile(
    r"^(?:a|an|per|each|one|every)\s+(?:calendar\s+)?(?:second|minute|hour|day|night|week|"
    r"month|year|session|person|visit)s?$",
    _F,
)
_MONEY_KEYS = frozenset({"price", "annual_fee", "fee", "salary", "budget", "deposit"})
_COST_WORDS = frozenset(
    {
        *"costs cost price priced is are sells sell for charges charge at pay paid".split(),
        *"store shop place salon studio site online here there each".split(),
    }
)
_PRONOUN_SUBJECTS = frozenset({"we", "our", "us", "you", "your", "i", "my", "me", "they"})


def _subject_of(body: str, role: str) -> tuple[str, str]:
    """Who a typed statement is about: the speaker ("I paid ..."), a named thing ("the AirPods
    Max cost ..."), the organisation addressed ("you", "your") or, in a curated text, the
    organisation itself."""
    low = body.casefold()
    if role == "document":  # a curated text speaks about its organisation's offer
        return ORG, "organisation"
    if re.match(r"^i\b", low):
        return SELF, "person"
    other = elsewhere(body)
    for m in _CAPITALISED.finditer(body):
        name = m.group(1).rstrip(".")
        words = name.split()
        if words[0].casefold() in ("the", "a", "an"):
            words = words[1:]
        if not words or (m.start() == 0 and len(name.split()) == 1 and not CAMEL_NAME.match(body)):
            continue  # a capitalised first word is usually not a name
        if words[0].casefold() in _NOT_NAMES or re.fullmatch(r"[A-Z]{1,2}\d{1,2}", words[0]):
            continue  # "P1", "A4": codes that qualify an attribute, not a subject
        return " ".join(words), "other"
    if other:  # "the big supermarket on the ring road only charges £1.50"
        return OTHER_BUSINESS, "other"
    if SECOND_PERSON.search(low):
        return ORG, "organisation"
    if re.search(r"\b(?:i|my|i'm|i've|me)\b", low):
        return SELF, "person"
    return ORG, "organisation"


_NOT_NAMES = frozenset(
    [
        "i",
        "on",
        "in",
        "at",
        "for",
        "with",
        "after",
        "before",
        "during",
        "since",
        "when",
        "if",
        "kids",
        "children",
        "getting",
        "honestly",
        "sadly",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "every",
        "all",
        "each",
        "any",
        "our",
        "your",
        "the",
        "a",
        "an",
        "standard",
        "gb",
        "mb",
        "tb",
        "kb",
        "kg",
        "km",
        "cm",
        "mm",
        "usd",
        "eur",
        "gbp",
        "am",
        "pm",
        "these",
        "those",
        "this",
        "that",
        "express",
        "international",
        "domestic",
        "us",
        "eu",
        "uk",
    ]
)


# -- mentions ---------------------------------------------------------------------------------


def _mentions(text: str, known: dict[str, str]) -> list[Mention]:
    """Known entities named in the text, also by a shorter form ("my AirPods" for the
    catalogue's "AirPods Pro": any word of the name that is not a common word)."""
    out: list[Mention] = []
    low = text.casefold()
    said = set(_NAME_WORD.findall(low))
    names, words, heads, rarest, unique_head = _name_index(tuple(known))
    # only names whose rarest word was said can be said whole, and only a head word one
    # name alone has is a shorter form; in the catalogue's order
    whole = {i for w in said for i in rarest.get(w, ())}
    for i in sorted(whole.union(unique_head[w] for w in said if w in unique_head)):
        name = names[i]
        typ = known[name]
        if words[i] <= said:
            m = find_phrase(low, name)
            if m:
                out.append(Mention(text[m[0] : m[1]], typ, m))
                continue
        for w in heads[i]:
            if w in said and w in unique_head:  # a shorter form must name one entity only
                m = find_phrase(low, w)
                if m:
                    out.append(Mention(text[m[0] : m[1]], typ, m))
    return out


_NAME_WORD = re.compile(r"[^\W_]+")


@functools.lru_cache(maxsize=64)
def _tail_index(known: tuple[str, ...]):
    """Per catalogue, built once: each name (by position) with its words after the first,
    the positions of names with none, and the positions of the names of each such word."""
    tails = [(n, frozenset(_NAME_WORD.findall(" ".join(n.split()[1:])))) for n in known]
    bare = [i for i, (_, t) in enumerate(tails) if not t]
    index: dict[str, list[int]] = {}
    for i, (_, ws) in enumerate(tails):
        for w in ws:
            index.setdefault(w, []).append(i)
    return tails, bare, index


@functools.lru_cache(maxsize=64)
def _name_index(known: tuple[str, ...]):
    """Per catalogue, built once, by position: each name, its words, its head word (its first
    long word); the names of each word that is their rarest word; and the head words only
    one name has, with that name."""
    words = [frozenset(_NAME_WORD.findall(name)) for name in known]
    heads = [[w for w in name.split() if len(w) > 3 and w not in _STOP][:1] for name in known]
    shared = Counter(h[0] for h in heads if h)
    counts = Counter(w for ws in words for w in ws)
    rarest: dict[str, list[int]] = {}
    for i, ws in enumerate(words):
        if ws:
            rarest.setdefault(min(ws, key=lambda w: (counts[w], w)), []).append(i)
    unique_head = {h[0]: i for i, h in enumerate(heads) if h and shared[h[0]] == 1}
    return list(known), words, heads, rarest, unique_head


# -- open or closed on a day ----------------------------------------------------------------

_DAYS = (
    r"(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekends?|"
    r"(?:public |bank )?holidays?)"
)
_OPEN_ON = re.compile(
    rf"\b(?P<v>open|closed|shut)\s+(?:on\s+|during\s+|at\s+|every\s+|each\s+)?(?P<d>{_DAYS})\b",
    _F,
)


def _open_days(body: str, s: _Sentence, role: str, known: dict[str, str]) -> list[Claim]:
    m = _OPEN_ON.search(body)
    if not m:
        return []
    subject, stype = _subject(body, role, known)
    day = m.group("d").casefold().rstrip("s").replace(" ", "_")
    state = "open" if m.group("v").casefold() == "open" else "closed"
    return [
        Claim(
            subject=subject,
            subject_type=stype,
            key=f"open_on_{day}",
            key_phrase=f"open on {day}",
            value=state,
            category="knowledge",
            statement=s.raw,
            span=s.span(*m.span()),
            confidence=0.8,
        )
    ]


# -- how often ----------------------------------------------------------------------------------


def _frequency_claim(body: str, s: _Sentence, role: str, known: dict[str, str]) -> list[Claim]:
    m = _EVERY.search(body) or re.search(
        r"\b(?:hourly|daily|nightly|weekly|biweekly|fortnightly|monthly|quarterly|yearly|annually)\b",
        body,
        _F,
    )
    if not m:
        return []
    subject, stype = _subject(body, role, known)
    words = _words_around(body, m.start(), m.end())
    if not words:
        return []
    phrase = " ".join(words[:8])
    return [
        Claim(
            subject=subject,
            subject_type=stype,
            key=key_from_phrase(phrase),
            key_phrase=phrase,
            value=m.group(0),
            category="knowledge",
            statement=s.raw,
            span=s.span(*m.span()),
            confidence=0.8,
            value_kind="frequency",
        )
    ]


_FREQ_WORDS = {
    "hourly": 1 / 24,
    "daily": 1,
    "nightly": 1,
    "weekly": 7,
    "biweekly": 14,
    "fortnightly": 14,
    "monthly": 30,
    "quarterly": 91,
    "yearly": 365,
    "annually": 365,
}
_NUMBER_WORDS = "other|two|three|four|five|six|ten|twelve|fifteen|twenty|thirty|forty-five|ninety"
_EVERY = re.compile(
    rf"\bevery\s+(?:(?P<n>\d+|{_NUMBER_WORDS})\s+)?(?P<u>minute|hour|day|week|month|year)s?\b",
    _F,
)
_TIMES_PER = re.compile(
    r"\b(?P<k>once|twice|\d+\s+times|two times|three times|four times)\s+(?:a|an|per|each|every)\s+"
    r"(?P<u>minute|hour|day|week|month|year)\b",
    _F,
)
_N = {
    "other": 2,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "ten": 10,
    "twelve": 12,
    "fifteen": 15,
    "twenty": 20,
    "thirty": 30,
    "forty-five": 45,
    "ninety": 90,
}
_UNIT_DAYS = {"minute": 1 / 1440, "hour": 1 / 24, "day": 1, "week": 7, "month": 30, "year": 365}


def frequency_days(text: str) -> float | None:
    """The period of "weekly", "every two weeks", "twice a month"-style values, in days."""
    low = text.casefold()
    for word, days in _FREQ_WORDS.items():
        if re.search(rf"\b{word}\b", low):
            return days
    m = _EVERY.search(low)
    if m:
        n = m.group("n")
        k = int(n) if n and n.isdigit() else _N.get(n or "", 1)
        return k * _UNIT_DAYS[m.group("u").casefold()]
    m = _TIMES_PER.search(low)
    if m:  # "twice a month": a period of half a month
        k = m.group("k").split()[0]
        times = {"once": 1, "twice": 2, "two": 2, "three": 3, "four": 4}.get(k) or int(k)
        return _UNIT_DAYS[m.group("u").casefold()] / times if times else None  # "0 times"
    return None


# -- any other simple clause: subject, verb, object --------------------------------------------

_COPULA = r"(?:is|are|am|'m|'re|was|were)"
_SLOT_NOUNS = frozenset(
    [
        "shift",
        "team",
        "department",
        "group",
        "squad",
        "project",
        "plan",
        "tier",
        "club",
        "school",
        "university",
        "college",
        "city",
        "country",
        "office",
        "company",
        "firm",
        "employer",
        "manager",
        "boss",
        "car",
        "phone",
        "laptop",
        "provider",
        "bank",
        "gym",
        "doctor",
        "dentist",
        "diet",
    ]
)
_ADVERBIAL_TAIL = re.compile(
    r"(?<!\s)\s+(?:every\s+\w+|each\s+\w+|on\s+(?:weekends?|weekdays|\w+days)|daily|weekly|"
    r"sometimes|often|a lot|regularly|these days|nowadays|at the moment|right now|now|"
    r"full[- ]time|part[- ]time|anymore|any more)$",
    _F,
)
_CLAUSE = re.compile(
    r"^(?P<subj>i|we|(?:the\s+|our\s+|your\s+|my\s+)?[A-Z][\w&.-]*(?:\s+[\w&.-]+){0,3}?)\s+"
    r"(?:(?:also|still|just|now|recently|finally|currently|really|actually)\s+){0,4}"
    rf"(?P<verb>{_COPULA}\s+(?:an?\s+|the\s+)?|(?-i:[a-z]+(?:ed|es|s)))"
    r"(?:\s+(?P<prep>to|at|for|on|in|with|from|into|as|about|of))?\s+"
    r"(?P<obj>[^,.;!?]+?)(?<!\s)\s*(?:[,.;!?].*)?$",
    _F,
)
_CLAUSE_I = re.compile(
    r"^(?P<subj>i|we|you|they)\s+"
    r"(?:(?:also|still|just|now|recently|finally|currently|really|actually)\s+){0,4}"
    rf"(?P<verb>{_COPULA}\s+(?:an?\s+|the\s+)?|(?-i:[a-z]+))"
    r"(?:\s+(?P<prep>to|at|for|on|in|with|from|into|as|about|of))?\s+"
    r"(?P<obj>[^,.;!?]+?)(?<!\s)\s*(?:[,.;!?].*)?$",
    _F,
)
_NOT_VERBS = frozenset(
    [
        "the",
        "a",
        "an",
        "and",
        "or",
        "but",
        "so",
        "then",
        "also",
        "just",
        "really",
        "very",
        "too",
        "not",
        "no",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "with",
        "from",
        "by",
        "my",
        "your",
        "our",
        "their",
        "his",
        "her",
        "its",
        "this",
        "that",
        "these",
        "those",
        "it",
        "he",
        "she",
        "they",
        "we",
        "you",
        "i",
    ]
)


def _lemma(verb: str) -> str:
    v = verb.casefold()
    for suffix, repl in (
        ("ies", "y"),
        ("ied", "y"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("sses", "ss"),
    ):
        if v.endswith(suffix):
            return v[: -len(suffix)] + repl
    if v.endswith("ed") and len(v) > 4:
        v = v[:-2]
        if len(v) > 2 and v[-1] == v[-2]:
            v = v[:-1]
        return v
    if v.endswith("s") and not v.endswith("ss") and len(v) > 3:
        return v[:-1]
    return v


_PASSIVE = re.compile(
    r"^(?P<obj>.+?)(?<!\s)\s+(?:is|are|was|were)\s+(?P<verb>[a-z]+ed|led|run|made|built|owned|kept)"
    r"\s+by\s+(?P<subj>[^,.;!?]+?)(?<!\s)\s*[.!]?$",
    _F,
)
_IRREGULAR = {"led": "leads", "run": "runs", "made": "makes", "built": "builds", "kept": "keeps"}


def _active(body: str) -> str:
    """ "The team is led by Priya" -> "Priya leads the team" (simple passives only)."""
    m = _PASSIVE.match(body.strip())
    if not m:
        return body
    verb = m.group("verb").casefold()
    active = _IRREGULAR.get(verb) or (_lemma(verb) + "s")
    obj = m.group("obj")
    obj = obj[0].lower() + obj[1:] if obj[:4].casefold() == "the " else obj
    return f"{m.group('subj')} {active} {obj}."


_STATE_CUT = re.compile(
    r"\s+(?:so|but|because|which|who|when|if|though|although|lol|haha|tbh|btw|since|as)\b.*$"
    r"|\s*[,;(].*$",
    _F,
)
_INTENSIFIERS = re.compile(
    r"^(?:(?:a|an|the|total|totally|massive|huge|big|really|very|super|complete|proper|"
    r"die-hard|diehard|lifelong|bit of an?|bit|real)\s+)+",
    _F,
)
_KEEN = re.compile(
    r"^(?:mad|crazy|obsessed|passionate|nuts|keen|hooked)\s+(?:about|with|on)\s+", _F
)


#: What "I'm ..." says in chat of how the speaker is right now, not what they are.
_CHAT_STATES = frozenset(
    """sorry done good fine ok okay great sure glad afraid back ready here there just not so
    about off on out up down hold confused lost stuck kidding joking curious wondering
    interested happy sad tired bored busy free""".split()
)


def _self_state(obj: str) -> tuple[str, str] | None:
    """What "I'm ..." says when no frame read it, as (key, shortest value): "a massive Arsenal
    fan" is a fan of Arsenal, "mad about gardening" likes gardening, "lactose intolerant so no
    dairy" is "lactose intolerant"; a progressive ("saving up for a Vespa", "looking for
    advice") says what the speaker is doing, not what they are (None)."""
    value = _STATE_CUT.sub("", " ".join(obj.split())).strip()  # (runs of blanks: one each)
    if (
        re.match(r"[a-z]+ing\b", value, _F)
        or value.split()[:1]
        and (value.split()[0].casefold() in _CHAT_STATES)
    ):
        return None  # "I'm sorry to hear that", "I'm done", "I'm not sure"
    keen = _KEEN.match(value)
    if keen:
        return "likes", value[keen.end() :]
    value = _INTENSIFIERS.sub("", value)
    fan = re.match(r"(?P<of>.+?)\s+(?:fan|supporter|lover|addict|enthusiast|nerd|geek)$", value, _F)
    if fan:
        return "fan_of", fan.group("of")
    if not value or len(value.split()) > 4:
        return None
    return "is_a", value


def _lives(lemma: str, obj: str) -> bool:
    """Whether a speaker's verb says what they habitually do, have or like (``LIFE_VERBS``);
    "keep" only with a thing ("I keep three chickens", not "keep saying Perth")."""
    if lemma not in LIFE_VERBS and lemma.removesuffix("e") not in LIFE_VERBS:
        return lemma + "e" in LIFE_VERBS
    return not (lemma == "keep" and re.match(r"\w+ing\b", obj))


def _clause(body: str, s: _Sentence, role: str, known: dict[str, str]) -> list[Claim]:
    body = _active(body)
    m = _CLAUSE_I.match(body.strip()) or _CLAUSE.match(body.strip())
    if not m:
        return []
    subj = m.group("subj").strip()
    verb = m.group("verb").strip()
    if verb.casefold() in _NOT_VERBS:
        return []
    obj = _ADVERBIAL_TAIL.sub("", m.group("obj").strip())
    obj = re.sub(r"^(?:your|our|the|my|a|an|some|any)\s+", "", obj, flags=_F).strip()
    if not obj or len(obj.split()) > 8:
        return []
    low = subj.casefold()
    if low == "i":
        if role == "document":
            return []
        subject, stype = SELF, "person"
    elif low in ("we", "you", "you guys", "y'all", "you all") or low.startswith(("our ", "your ")):
        subject, stype = ORG, "organisation"
    else:
        name = re.sub(r"^(?:the|my|our|your)\s+", "", subj, flags=_F)
        subject, stype = name, known.get(name.casefold(), "other")
    copula = re.match(_COPULA, verb, _F) is not None
    prep = (m.group("prep") or "").casefold()
    head = obj.split()[-1].casefold().rstrip("s") if obj.split() else ""
    slots = [w.casefold() for w in obj.split() if w.casefold() in _SLOT_NOUNS]
    if head in _SLOT_NOUNS or (head + "s") in _SLOT_NOUNS:
        key, multi = head, False
    elif slots:
        key, multi = slots[0], False
    elif copula:
        words = obj.casefold().replace("-", " ").split()
        if subject != SELF and any(w in _JOB_WORDS for w in words):
            key, multi = "role", False
        else:
            key, multi = ("is_" + prep) if prep else "is_a", True
            if role == "user" and subject == SELF:
                state = _self_state(obj)
                if state is None:
                    return []  # "I'm saving up for a Vespa", "I'm looking for advice"
                key, obj = state
    else:
        lemma = _lemma(verb)
        if role == "user" and subject != ORG and not _lives(lemma, obj):
            return []  # "I need to write a bio", "my phone keeps dying": no attribute
        key, multi = lemma + (f"_{prep}" if prep else ""), True
    return [
        Claim(
            subject=subject,
            subject_type=stype,
            key=key,
            key_phrase=key.replace("_", " "),
            value=obj,
            category="knowledge",
            statement=s.raw,
            span=s.span(*m.span("obj")),
            confidence=0.8,
            multi=multi,
        )
    ]
