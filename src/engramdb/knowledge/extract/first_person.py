"""The first-person frame reader: what a user's sentence says about the speaker, their family,
pets and belongings, read as frames (attribute, value span) over tagged words.

Phrase patterns fitted to examples generalise badly ("my dog is called Rex" -> "called Rex"),
so the reader finds a trigger (``person_triggers``: a verb, "I am", a possessive with a family
or pet noun) and reads the shortest span that is the value with a small span grammar over
words tagged from capitalisation and closed lists (``person_spans``, ``person_words``).

This module reads a sentence clause by clause and decides what it says:

- "X, not Y", "sorry, I meant X", a bare "Sorry, 41 Park Road." after a value of its shape,
  "I said X but it's actually Y": X is stated and Y denied (a negated frame, same attribute);
  a value that says more than the one just said ("a trainee accountant") replaces it;
- "no longer", "not ... anymore": each value of the clause is denied; "I quit my job at X":
  X is no longer stated; any other denial is left to stage 0's rules;
- questions, wishes, hypotheticals, requests ("write me a poem about ..."), reported speech
  and other people's facts ("my friend lives in Paris") say nothing about the speaker
  (``Reading.silent``).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field, replace

from ..claims import SELF, Claim
from .person_spans import (
    Frame,
    Reader,
    Tok,
    _capital,
    _is_family,
    _is_pet,
    _low,
    _stem,
    _tok,
    tokens,
)
from .person_triggers import SPEAKER, TERMINATIVE, scan
from .person_words import FAMILY, OTHER_PEOPLE, is_number

__all__ = [
    "Frame",
    "Reading",
    "frames_of",
    "is_correction",
    "read_first_person",
    "with_subject",
]

_F = re.IGNORECASE


@dataclass
class Reading:
    frames: list[Frame] = field(default_factory=list)
    #: The sentence states nothing about the speaker (a wish, someone else's fact): no other
    #: rule should read it as the speaker's either.
    silent: bool = False


_NON_ASSERTIVE = re.compile(
    r"\b(?:i|we)(?:'d| would) (?:love|like|prefer|want) to\b|\b(?:i|we) (?:want|hope|plan|wish)"
    r" to\b|\b(?:i|we) wish\b|\bsomeday\b|"
    r"\b(?:i|we) (?:might|may|could)(?: not)?(?: be)? (?:mov|liv|mov|get|go|buy|start|quit)\w*",
    _F,
)
_REPORTED = re.compile(r"\b(?:he|she|they) (?:said|says|told me|reckons|thinks)\b", _F)
#: Imperatives that open a request: what follows is material, not the speaker's facts.
_REQUESTS = frozenset(
    """write translate draft compose summarise summarize rewrite rephrase paraphrase generate
    create imagine pretend proofread""".split()
)
_NEGATIVE = frozenset("not never don't doesn't didn't isn't aren't wasn't anymore".split())


# -- the subject chat leaves out ---------------------------------------------------------

_FILLERS = re.compile(r"^(?:(?:so|yeah|yep|um+|uh+|er+|well|oh|and|but|ok|okay|anyway),?\s+)+", _F)
_ADVERB = re.compile(r"^(?:still|just|currently|now|also|recently|finally|actually)\s+", _F)
#: States said as a participle: "married with two kids" is "I'm married ...".
_STATES = frozenset(
    "married divorced retired engaged separated widowed employed unemployed self-employed "
    "based located settled".split()
)
_PAST = frozenset(
    """moved started got bought sold quit left went had adopted took joined finished grew
    switched changed upgraded used lost found met began became spent lived worked studied
    graduated relocated booked signed""".split()
)
_NOT_VERB_ING = frozenset(
    """nothing something anything everything thing morning evening king spring wedding
    building ring sibling ceiling string darling ping sing bring swing wing sterling
    pudding during according including regarding concerning following considering
    excluding pending""".split()
)
#: A finite verb after an "-ing" opening makes it the subject ("Dropping in costs $30").
_FINITE = re.compile(r"\b(?:is|are|was|were|costs?|takes?|means?|gets?|makes?|needs?)\b", _F)


def with_subject(text: str) -> str:
    """A chat sentence with the "I" it leaves out put back: "been in Berlin since 2019",
    "born and raised in Rio", "still living with my parents in Hyderabad", "moved to Leeds
    last year". Only forms that cannot be an order to the assistant (a participle, a past
    tense, "been"), so "play some jazz" stays as it is."""
    fill = _FILLERS.match(text)
    head = fill.end() if fill else 0
    adverb = _ADVERB.match(text, head)
    at = adverb.end() if adverb else head
    word = re.match(r"[a-z][a-z-]*", text[at:], _F)
    if word is None:
        return text
    w = word.group().casefold()
    rest = text[head:]
    rest = rest[:1].lower() + rest[1:] if w in ("been", "born") else rest
    if w == "been":
        return "I've " + rest
    if w == "born":
        return "I was " + rest
    gerund = w.endswith("ing") and len(w) > 4 and w not in _NOT_VERB_ING
    if w in _STATES or (gerund and not _FINITE.search(text, at + len(w))):
        return "I'm " + rest
    if w in _PAST and len(text) > at + len(w) + 1:
        return "I " + rest
    return text


# -- clauses, corrections, verdicts ------------------------------------------------------

_CLAUSE_SPLIT = frozenset((";", "but", "though", "although", "—", "whereas"))


def read_first_person(text: str, prior: list[Frame] | None = None, correcting: int = 0) -> Reading:
    """The frames of one user sentence. ``prior`` holds the frames of the turn's earlier
    sentences, which "I meant X" corrects; ``correcting``: the sentence's cue of a correction
    was cut off before it ("hmm no, green": the filler words go)."""
    if _NON_ASSERTIVE.search(text) or _REPORTED.search(text):
        return Reading(silent=True)
    toks = tokens(text)
    if _low(toks, 0) in _REQUESTS:
        return Reading(silent=True)  # "Write me a poem about ...", "Translate 'I am ...'"
    if _low(toks, 0) in _PRONOUNS and prior:
        referred = _about_referent(text, toks, prior)
        if referred:
            return Reading(referred)  # "he's nine", "his name's Oliver": the one just named
        if referred is not None:
            return Reading(silent=True)  # "He's always late": nothing of them to keep
    if _about_other(toks) or (_low(toks, 0) in _THIRD_PERSONS and len(toks) > 2):
        return Reading(silent=True)  # someone else's fact, or one of no known subject
    out = Reading()
    if prior:
        fixed = _said_actually(text, toks, prior)
        if fixed:
            return Reading(fixed)
    start = 0
    low = [w.casefold() for w, _, _ in toks]
    cued = max(int(correcting), _correcting(low))
    for end in [n for n, w in enumerate(low) if w in _CLAUSE_SPLIT] + [len(toks)]:
        out.frames += _read_clause(text, toks[start:end], prior or [], cued)
        start = end + 1
    if prior:
        out.frames = _refined(out.frames, prior[-_RECENT:]) + out.frames
    starts = [
        n
        for n in range(len(low) - 1)
        if low[n] in ("my", "our") and (n == 0 or low[n - 1] in ("and", ","))
    ][:MAX_RELATIVES]
    others = [f for f in out.frames if f.subject != SELF]
    values = frozenset(f.value for f in out.frames)
    relatives: list[Frame] = []
    for n, end in zip(starts, [*starts[1:], len(toks)][: len(starts)], strict=True):
        # "my mum's a nurse and my dad's a taxi driver": each member's clause on its own
        relatives += _as_relative(text, toks[n:end], others, values)
    theirs = {f.value for f in relatives}
    out.frames = [f for f in out.frames if f.subject != SELF or f.value not in theirs]
    out.frames += relatives
    return out


#: How many family members' clauses one sentence is read for ("my mum ... and my dad ...").
MAX_RELATIVES = 8


_THIRD_PERSONS = frozenset("he she they he's she's they're".split())
_PRONOUNS = _THIRD_PERSONS | {"his", "her", "their"}
_NAME_VERB = re.compile(r"^(?:\s*is|\s*are|'s)", _F)


def _referent(prior: list[Frame]) -> tuple[str, str] | None:
    """The pet or family member a pronoun points back to: the last one named or counted, as
    (its noun, its name or None)."""
    for f in reversed(prior[-_RECENT:]):
        if f.negated:
            continue
        if f.key.endswith("_name") and f.key != "name" and f.subject == SELF:
            return f.key.removesuffix("_name"), f.value
        if f.key == "pet":
            return _stem(f.value.split()[-1]), ""
        if f.key.startswith("number_of_") and f.subject == SELF:
            return _stem(f.key.removeprefix("number_of_")), ""
        if f.subject != SELF and f.subject_type == "person":
            return "", f.subject
    return None


def _about_referent(text: str, toks: list[Tok], prior: list[Frame]) -> list[Frame] | None:
    """A pronoun's sentence read as the speaker's own and given to the one it points back to:
    "he's nine" (after "a greyhound called Dash") is Dash's age, "his name's Oliver" (after
    "my son ...") names the son. None when nothing named comes before."""
    found = _referent(prior)
    if found is None:
        return None
    noun, name = found
    low = [w.casefold() for w, _, _ in toks]
    if low[0] in ("his", "her", "their") and low[1:2] in (["name"], ["name's"], ["names"]):
        if not noun:
            return None
        rest = _NAME_VERB.sub("", text[toks[1][2] :])
        reading = read_first_person(f"my {noun} is called{rest}")
        return [f for f in reading.frames if f.value in text]
    fused = low[0] in ("he's", "she's", "they're")  # (the tokenizer keeps "he's" whole)
    if fused or (low[0] in ("he", "she", "they") and low[1:2] in (["is"], ["are"])):
        reading = read_first_person("I am" + text[toks[0 if fused else 1][2] :])
        subject = name or noun
        if not subject:
            return None
        return [
            replace(f, subject=subject, subject_type="person" if not name or not noun else "pet")
            for f in reading.frames
            if f.value in text and f.key != "name"
        ]
    return None


_RELATIVE_MODS = frozenset(
    "older younger little big baby twin eldest oldest youngest middle step half late".split()
)
_THIRD_PERSON = {"is": "am", "'s": "am", "was": "was", "has": "have", "does": "do"}


def _as_relative(
    text: str, toks: list[Tok], have: list[Frame], named: frozenset[str] = frozenset()
) -> list[Frame]:
    """What a family member's clause says of them, read by the speaker's own grammar: "my mum
    lives in Karachi" is read as "I live in Karachi" about mum, "my older brother Raj is a
    cardiologist in Leicester" as "I am a cardiologist in Leicester" about Raj. The member is
    the subject (by name when the clause gives one)."""
    low = [w.casefold() for w, _, _ in toks]
    if len(low) < 4 or low[0] not in ("my", "our"):
        return []
    k = 1
    while _low(toks, k) in _RELATIVE_MODS:
        k += 1
    word = toks[k][0] if k < len(toks) else ""
    possessive = word.casefold().endswith("'s")
    noun = _stem(word.removesuffix("'s"))
    if noun not in FAMILY:
        return []
    who = FAMILY[noun]
    k += 1
    r = Reader(text, toks, False)
    j = r.name_run(k) if not possessive else k
    name = text[toks[k][1] : toks[j - 1][2]] if j > k else None
    if name and name.endswith("'s"):
        name, possessive = name[:-2], True
    k = j
    verb = "'s" if possessive else _low(toks, k)
    if not possessive and k >= len(toks):
        return []
    if verb in _THIRD_PERSON:
        first = _THIRD_PERSON[verb]
    elif verb.endswith("ies"):
        first = verb[:-3] + "y"
    elif verb.endswith(("ches", "shes", "sses", "oes")):
        first = verb[:-2]
    elif verb.endswith("s") and not verb.endswith("ss") and len(verb) > 2:
        first = verb[:-1]
    else:
        return []
    start = toks[k][2] if not possessive else toks[k - 1][2]
    rest = text[start:]
    if possessive and rest[:1].isalpha():
        return []
    cut = re.search(r",?\s+and\s+(?:my|our)\s", rest)
    clause = rest[: cut.start()] if cut else rest
    reading = read_first_person(f"I {first}{clause[: toks[-1][2] - start]}")
    if reading.silent:
        return []
    said = {f.value for f in have}
    subject = name or who
    out = [
        replace(f, subject=subject, subject_type="person", span=(0, 0))
        for f in reading.frames
        if f.value not in said and f.value in text and f.key != "name"
    ]
    if name and name not in said | named:  # "My twin brother Kwame lives in Accra": his name
        at = text.find(name)
        out.append(Frame(f"{who}_name", name, (at, at + len(name)), multi=True))
    return out


def _refined(frames: list[Frame], prior: list[Frame]) -> list[Frame]:
    """ "I'm an accountant. Well, a trainee accountant": a value that says more than the one
    said just before for the same attribute replaces it (the shorter one is denied first, as
    the two would otherwise agree)."""
    out = []
    for f in frames:
        if f.multi or f.negated:
            continue
        words = set(f.value.casefold().split())
        for p in prior:
            said = set(p.value.casefold().split())
            if p.key == f.key and p.subject == f.subject and said < words and not p.negated:
                out.append(replace(p, negated=True))
    return out


def _said_actually(text: str, toks: list[Tok], prior: list[Frame]) -> list[Frame]:
    """ "I said Tuesday but it's actually Wednesday": the value said before, corrected."""
    low = [w.casefold() for w, _, _ in toks]
    said = next((n for n in range(len(low) - 2) if low[n : n + 2] == ["i", "said"]), None)
    if said is None or "actually" not in low[said:]:
        return []
    rest = text[toks[said + 2][1] :].casefold()
    old = next(
        (f for f in reversed(prior[-_RECENT:]) if f.value and rest.startswith(f.value.casefold())),
        None,
    )
    if old is None:
        return []
    r = Reader(text, toks, False)
    k = low.index("actually", said) + 1
    j = r.name_run(k)
    a, b = (k, j) if j > k else r.phrase(k, 3)
    r.add(old.key, a, b, subject=old.subject, multi=old.multi, category=old.category)
    return [*r.frames, replace(old, negated=True)] if r.frames else []


def _about_other(toks: list[Tok]) -> bool:
    """ "My friend lives in Paris", "lol my coworker Dave is vegan": someone else's facts
    ("my manager is Tom Reyes" is the speaker's own relation, and is read by other rules)."""
    for n in range(min(3, len(toks) - 1)):
        if toks[n][0].casefold() in ("my", "our") and _stem(toks[n + 1][0]) in OTHER_PEOPLE:
            after = _low(toks, n + 2)
            if toks[n + 1][0].endswith("'s"):  # "my manager's Tom" / "my mate's cat Gizmo"
                relation = after in ("a", "an", "the", "now") or _capital(_tok(toks, n + 2))
                return not relation
            if after in ("is", "was", "are", "now"):
                return False
            return not any(w.casefold() in ("i", "i'm", "me") for w, _, _ in toks[: n + 6])
    return False


def is_correction(text: str) -> int:
    """How plainly a sentence says it corrects what was said before (``_correcting``)."""
    return _correcting([w.casefold() for w, _, _ in tokens(text)])


_STRONG_CORRECTION = frozenset("meant scratch correction typo".split())


def _correcting(low: list[str]) -> int:
    """2 when a sentence says plainly that it corrects ("scratch that", "oops, typo", "I meant",
    "not Jon - Joan", "no, Year 13 now", "sorry, Pune"), 1 for a softer cue ("actually",
    "wait", "oops"), 0 for none. A bare word corrects only after a plain one ("Actually,
    cool" corrects nothing)."""
    opening = range(min(len(low) - 1, 4))
    if _STRONG_CORRECTION & set(low) or low[:1] == ["not"]:
        return 2
    if any(low[n] in ("no", "sorry", "nope") and low[n + 1] == "," for n in opening):
        return 2
    return 1 if _CORRECTION & set(low) else 0


def _read_clause(text: str, toks: list[Tok], prior: list[Frame], cued: int = 0) -> list[Frame]:
    if not toks:
        return []
    low = [w.casefold() for w, _, _ in toks]
    past = any(low[n] == "used" and low[n + 1 : n + 2] == ["to"] for n in range(len(low) - 1))
    denied: list[Tok] = []
    for n in range(len(toks) - 1):  # "X, not Y": Y is denied
        if low[n] == "," and low[n + 1] == "not":
            denied, toks, low = toks[n + 2 :], toks[:n], low[:n]
            break
    if not toks:
        return []
    r = Reader(text, toks, past)
    meant = next((n for n in range(len(low) - 1) if low[n : n + 2] == ["i", "meant"]), None)
    if low[0] in TERMINATIVE:  # "Sold the Golf last week"
        a, b = r.phrase(1, 3)
        j = r.name_run(a)
        r.add("*", a, j if j > a else b, negated=True, multi=True, category="knowledge")
    elif (
        meant is None
        and prior
        and (cued or _CORRECTION & set(low))
        and _corrected(r, low, prior, cued)
    ):
        scan(r, r.read_to)  # "Oh wait, three, if you count my half-brother Leo"
        if low[0] == "not":
            return r.frames  # "not Jon - Joan": the denial is read
    elif meant is not None and prior:
        _meant(r, meant + 2, prior[-1])
    elif prior and prior[-1].key == "name" and r.name_run(0) == len(toks) - (low[-1] in ".!"):
        r.add("name", 0, r.name_run(0))  # "Name's Volkov. Dmitri Volkov."
    else:
        scan(r)
    r.frames += _more_places(r, low)
    r.frames += _more_names(r, low)
    r.frames = _not_ended(toks, low, r.frames)
    negatives = [
        toks[n][1]
        for n in range(len(low))
        if low[n] in _NEGATIVE or low[n].endswith("n't") or low[n - 1 : n + 1] == ["no", "longer"]
    ]
    if negatives and not any(f.key == "dislikes" for f in r.frames):
        covered = 0  # a denial the frames do not read
        for f in r.frames:
            lo = bisect.bisect_left(negatives, f.span[0])
            covered += bisect.bisect_left(negatives, f.span[1]) - lo
        if covered < len(negatives):
            return _no_longer(text, toks, low, past)
    if denied and r.frames:
        last = r.frames[-1]
        d = Reader(text, denied, past)
        j = d.name_run(0)
        a, b = (0, j) if j else d.phrase(0)
        if b > a:
            d.add(last.key, a, b)
            r.frames += [
                replace(f, key=last.key, subject=last.subject, negated=True, multi=last.multi)
                for f in d.frames
            ]
    return r.frames


_HOME_TRIGGERS = frozenset(
    """live lives living lived based born raised grew moved rent renting bought home settled
    staying""".split()
)
_LOCATIVE = frozenset("in on near outside around".split())
#: Words of a stay, not a home: "I'm in London for a conference next week".
_VISITING = frozenset(
    "visiting visit trip holiday holidays vacation conference meeting until till".split()
)
_PLACE_KEYS = frozenset("lives_in region area hometown birthplace origin".split())
_PLACE_NOUNS = frozenset(
    "town village place city suburb area neighbourhood island street road estate".split()
)
_LABELS = frozenset("year level grade room floor class stage form group team unit".split())


def _more_places(r: Reader, low: list[str]) -> list[Frame]:
    """The places of a home clause the triggers did not read: every name after "in", "on",
    "near", "outside" or "called" ("I live in New York, on the Upper West Side"; "a small
    town outside Cork called Midleton"; "been in Berlin since 2019, Kreuzberg mostly"). The
    first is where the speaker lives unless a trigger already said; the others are areas."""
    opening = low[:2] in (["i", "am"], ["we", "are"]) or low[:1] in (["i'm"], ["we're"])
    at_home = bool(_HOME_TRIGGERS & set(low)) or (
        (opening and "in" in low) or ("been" in low[:4] and "in" in low[:6])
    )
    if not at_home or r.done or (not _HOME_TRIGGERS & set(low) and _VISITING & set(low)):
        return []  # "I'm in London for a conference next week": there, not living there
    have = {f.value.casefold() for f in r.frames}
    placed = any(f.key in _PLACE_KEYS for f in r.frames)
    out: list[Frame] = []
    for k in range(len(low) - 1):
        called = low[k] == "called" and bool(_PLACE_NOUNS & set(low[max(0, k - 4) : k]))
        if low[k] not in _LOCATIVE and not called and not (low[k] == "," and k == len(low) - 3):
            continue
        m = k + 1 + (low[k + 1] == "the")
        j = r.name_run(m)
        if j == m or low[m] in _LABELS:
            continue  # "in Year 12", "on Level 3": a grade, not a place
        a, b = r.t[m][1], r.t[j - 1][2]
        value = r.text[a:b]
        if value.casefold() in have:
            continue
        key = "area" if placed or out else _first_place_key(low)
        out.append(Frame(key, value, (a, b), past=r.past))
        have.add(value.casefold())
    return out


def _more_names(r: Reader, low: list[str]) -> list[Frame]:
    """The names of a clause's pets and family the triggers did not read, wherever the clause
    gives them: "a tortoise called Sheldon", "my rabbits are called Bun and Cha", "three
    chickens: Henrietta, Beyoncé and Nugget", "a golden retriever, Bruno, and ...", "Kiwi, my
    budgie, ...", "a parrot, an African grey, his name is Professor". Each is named for the
    nearest pet or family noun before it (after it, for "Kiwi, my budgie")."""
    nouns = [n for n, w in enumerate(low) if _is_pet(w) or _is_family(w)]
    if not nouns:
        return []
    have = {f.value.casefold() for f in r.frames}
    out: list[Frame] = []

    def named(k: int, noun: int) -> None:
        names, _ = r.names(k)
        stem = _stem(low[noun])
        key = f"{stem if _is_pet(stem) else FAMILY.get(stem, stem)}_name"
        for a, b in names:
            value = r.text[r.t[a][1] : r.t[b - 1][2]].removesuffix("'s")
            if value.casefold() in have or not value[:1].isalpha():
                continue
            start = r.t[a][1]
            out.append(Frame(key, value, (start, start + len(value)), multi=True, past=r.past))
            have.add(value.casefold())

    last = -1  # the nearest pet or family noun before word k
    for k in range(1, len(low)):
        if _is_pet(low[k - 1]) or _is_family(low[k - 1]):
            last = k - 1
        if last < 0 or not _capital(r.t[k][0]):
            continue
        prev, pair = low[k - 1], low[k - 2 : k]
        cue = prev in ("called", "named", "name's") or pair in (["name", "is"], ["names", "are"])
        listed = prev in (":", ",") and last == k - 2  # "three chickens: ...", "a retriever, Bruno"
        if cue or listed:
            named(k, last)
    for k in range(nouns[0] + 1, len(low) - 2):  # "two kids, Aarav is 7 and Diya is 4"
        aged = low[k - 1] in (",", "and") and low[k + 1] in ("is", "'s")
        if aged and _capital(r.t[k][0]) and is_number(r.t[k + 2][0]) and r.name_run(k) == k + 1:
            named(k, nouns[0])
            at = r.t[k + 2]
            who = r.t[k][0]
            out.append(Frame("age", at[0], (at[1], at[2]), who, "person", past=r.past))
    opening = nouns[0] >= 2 and low[nouns[0] - 1] == "my" and low[nouns[0] - 2] == ","
    if opening and _capital(r.t[0][0]) and r.name_run(0) == nouns[0] - 2:
        named(0, nouns[0])  # "Kiwi, my budgie, ..."
    return out


def _first_place_key(low: list[str]) -> str:
    if "born" in low:
        return "birthplace"
    return "hometown" if "raised" in low or "grew" in low else "lives_in"


def _not_ended(toks: list[Tok], low: list[str], frames: list[Frame]) -> list[Frame]:
    """The frames outside what a terminative verb names ("I quit my job at Deloitte": the
    employer is over, not stated), up to the next comma or "and"."""
    ended: list[tuple[int, int]] = []  # (start, end) character ranges, right to left
    stop = len(low)
    for n in range(len(low) - 1, -1, -1):
        if low[n] in (",", "and"):
            stop = n + 1
        elif low[n] in TERMINATIVE and (n == 0 or low[n - 1] in SPEAKER | {"recently"}):
            ended.append((toks[n][1], toks[stop - 1][2]))
    if not ended:
        return frames
    ended.reverse()
    starts = [a for a, _ in ended]
    out = []
    for f in frames:
        at = bisect.bisect_right(starts, f.span[0]) - 1
        if f.negated or at < 0 or f.span[0] >= ended[at][1]:
            out.append(f)
    return out


_CORRECTION = frozenset("sorry actually correction wait oops typo scratch nope meant".split())
#: Words a bare correction may open with before its value ("scratch that, it's 35", "no wait,
#: she's 4 now", "oops, typo — 07700 900132", "hmm no, green").
_CORRECTION_OPENING = _CORRECTION | frozenset(
    "no hmm well oh that it's its it is she's he's they're we're i'm the change of plans "
    "just she he they we i am are was typo".split()
)
_AFTER_CORRECTION = frozenset(
    "with without if actually sorry instead then now i lol haha technically definitely "
    "these".split()
)
_RECENT = 24  # how far back a bare correction looks for the value it corrects
_NOT_VALUES = frozenset(
    """thanks thank problem worries idea worry way lol cool ok okay great nice haha yes yeah
    sure fine good right alright hmm oh wow really true indeed anyway whatever never mind
    nothing sorry no nope yep please""".split()
)


def _shape(value: str) -> str:
    """A value's shape for a bare correction: digits, a name, or a word."""
    if any(c.isdigit() for c in value) or is_number(value.split()[0] if value else ""):
        return "digits"
    return "name" if value[:1].isupper() else "word"


def _corrected(r: Reader, low: list[str], prior: list[Frame], cued: int = 0) -> bool:
    """ "Sorry, 41 Park Road.", "Four, actually", "scratch that, it's 35", "not Jon - Joan",
    "no, Year 13 now", "hmm no, green": a bare value that corrects the last value of its shape
    (digits, a name, a word) said before; a value the sentence denies ("not Jon") is the one."""
    t = r.t
    k = 0
    denied = None
    while k < len(t):
        if low[k] == "not" and k + 1 < len(t):  # "not Jon - Joan"
            j = r.name_run(k + 1)
            j = j if j > k + 1 else k + 2
            denied = r.text[t[k + 1][1] : t[j - 1][2]].casefold()
            k = j
            continue
        if low[k] in _CORRECTION_OPENING or not t[k][0][0].isalnum():
            k += 1
            continue
        break
    if k >= len(t):
        return False
    numeric = is_number(t[k][0]) or t[k][0][0].isdigit()
    if numeric:
        j = k + 1
        while j < len(t) and t[j][0][0].isdigit():
            j += 1  # "07700 900132"
        n = r.name_run(j)
        j = n if n > j else j  # "41 Park Road"
    else:
        j = r.name_run(k)
        if j == k:
            cue = cued >= 2 or _correcting(low) >= 2
            if not (cue and low[k] not in _NOT_VALUES and t[k][0].isalpha()):
                return False
            j = k + 1  # "hmm no, green."
    if j < len(t) and t[j][0][0].isalnum() and low[j] not in _AFTER_CORRECTION:
        return False  # a value with a sentence after it, not a bare correction
    value = r.text[t[k][1] : t[j - 1][2]]
    shape = _shape(value)
    if shape == "word" and j - k > 1:
        return False
    candidates = [f for f in reversed(prior[-_RECENT:]) if not f.negated and f.value]
    named = [f for f in candidates if denied and f.value.casefold() == denied]
    for old in named or candidates:
        if _shape(old.value) != shape or old.value.casefold() == value.casefold():
            continue
        if shape == "word" and len(old.value.split()) > 1:
            continue
        r.add(old.key, k, j, subject=old.subject, multi=old.multi, category=old.category)
        r.frames.append(replace(old, negated=True, past=False))
        r.read_to = j
        return True
    return False


def frames_of(claims: list[Claim]) -> list[Frame]:
    """Claims read before (earlier sentences, the speaker's last turn) as frames a later
    "sorry, I meant X" can correct."""
    return [
        Frame(c.key, c.value, (0, 0), c.subject, c.subject_type, c.category, c.multi)
        for c in claims
        if not c.negated and not c.past and c.key != "*"
    ]


def _no_longer(text: str, toks: list[Tok], low: list[str], past: bool) -> list[Frame]:
    """ "I don't work out of the Leeds office anymore": the clause without its denial, each
    value denied; any other denial is left to the other rules."""
    if "anymore" not in low and "longer" not in low and "more" not in low:
        return []
    drop = {n for n, w in enumerate(low) if w in _NEGATIVE or w.endswith("n't") or w == "longer"}
    drop |= {n for n, w in enumerate(low) if w == "no" and n + 1 in drop}
    drop |= {
        n for n in range(len(low) - 1) if low[n : n + 2] == ["any", "more"] for n in (n, n + 1)
    }
    r = Reader(text, [tok for n, tok in enumerate(toks) if n not in drop], past)
    scan(r)
    return [replace(f, negated=True) for f in r.frames if f.subject == SELF]


def _meant(r: Reader, i: int, last: Frame) -> None:
    """ "Sorry, I meant Katie": the turn's last value, corrected."""
    j = r.name_run(i)
    a, b = (i, j) if j > i else r.phrase(i)
    if b > a:
        r.add(last.key, a, b, subject=last.subject, multi=last.multi, category=last.category)
        r.frames.append(replace(last, negated=True))
