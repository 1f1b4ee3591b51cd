"""The triggers of the first-person reader: the words that open a frame ("I am", "live in",
"work at", "have", "my <family member or pet>", "called", "speak", "favourite", ...), each
reading its values with the span grammar of ``person_spans``."""

from __future__ import annotations

import re
from dataclasses import replace

from ..values import parse_value
from .person_spans import (
    _ADVERBS,
    _CUT,
    _DET,
    _HOME_NOUNS,
    _NAMED,
    _NOT_THINGS,
    _STARTERS,
    Frame,
    Reader,
    _capital,
    _date,
    _demonyms,
    _is_family,
    _is_pet,
    _low,
    _stem,
    _tok,
)
from .person_words import DIETS, FAMILY, LANGUAGES, MARITAL, PETS, is_job, is_number

__all__ = ["SPEAKER", "TERMINATIVE", "scan"]

_FAVOURITE = frozenset(("favourite", "favorite"))
_LIKE = {"like": "likes", "love": "likes", "enjoy": "likes", "adore": "likes"}
_DISLIKE = frozenset("hate dislike detest loathe".split())
#: The verbs of liking and disliking (the parse reader's tastes read the same ones).
LIKE_VERBS = frozenset(_LIKE)
DISLIKE_VERBS = _DISLIKE
_HAVE = frozenset("have has got own owns adopted adopt foster fostering".split())
_LIVE = frozenset("live lives living based settled staying located".split())
#: Words right before a verb whose subject is the speaker ("I really enjoy ...").
SPEAKER = frozenset("i we really also still just do absolutely totally genuinely both all".split())
TERMINATIVE = frozenset(
    "quit left sold stopped cancelled canceled ended dropped lost resigned retired broke".split()
)
_HAVE_DONE = frozenset(("have", "'ve", "i've", "we've", "has"))
_WORK = frozenset("work works working".split())
_TRAVEL = frozenset(
    "flying flight going heading travelling traveling trip off visiting driving".split()
)


#: Words a self-introduction may open with before the name.
_GREETING = frozenset(
    "hey hi hello hiya g'day there ok okay so yeah um well , myself quick intro : name".split()
)


def scan(r: Reader, i: int = 0) -> None:
    """Every trigger of the clause from word ``i``, read left to right."""
    t = r.t
    if i > 0:
        while i < len(t) and not r.done:
            j = _trigger(r, i)
            i = j if j > i else i + 1
        return
    where = _low(t, 1), _low(t, 2), _low(t, 3)
    if t and t[0][0].endswith("'s") and where[:2] == ("where", "i") and where[2] in _LIVE | _WORK:
        key = "lives_in" if where[2] in _LIVE else "work_location"
        a, b = t[0][1], t[0][2] - 2
        r.frames.append(Frame(key, r.text[a:b], (a, b), past=r.past))  # "Leeds's where I live"
        return
    g = 0
    while _low(t, g) in _GREETING:
        g += 1  # "hey there, Chidi Okonkwo here", "Myself Rakesh Kumar, from Lucknow"
    if g < len(t) and _capital(t[g][0]):
        j = r.name_run(g)
        here = _low(t, j) == "here" or (g > 0 and _low(t, g - 1) == "myself")
        if j > g and here:  # "Marcus Oyelaran here, 22, ..."
            r.add("name", g, j)
            i = j + (_low(t, j) == "here")
            if _low(t, i) == ",":
                i = r.predicates(i + 1, False)
    if i == 0 and g < len(t) and _capital(t[g][0]):
        j = r.name_run(g)
        after = _low(t, j + 1)
        if j - g >= 2 and _low(t, j) == "," and (after in ("i'm", "i") or is_number(after)):
            r.add("name", g, j)  # "Hiroshi Tanaka, I'm 29", "Sofía Ramírez, forty-one, ..."
            i = j + 1
            if is_number(after):
                i = r.predicates(i, False)
    if _low(t, 0) == "age" and is_number(_low(t, 1)):
        r.add("age", 1, 2)  # "Age 52."
        i = max(i, 2)
    first = _low(t, 0)
    no_one = _low(t, 1) in ("pets", "pet") or _is_pet(_low(t, 1)) or _is_family(_low(t, 1))
    if i == 0 and first == "no" and no_one:
        i = r.predicates(0, False)  # "no pets, I'm allergic", "no kids, just a husband"
    if i == 0 and t and (is_number(first) or _demonyms(t[0][0]) or first in MARITAL | DIETS):
        i = r.predicates(0, False)  # "Japanese, living in Toronto", "Three brothers, ..."
    if i == 0 and first in ("a", "an") and _has_job(r, 0):
        i = r.role(0)  # "Well, a trainee accountant"
    if i == 0 and t:
        a, b = r.phrase(0)
        if b > a and _low(t, b) in ("at", "with") and is_job(_stem(t[b - 1][0])):
            r.add("role", a, b)  # "Senior data scientist at Spotify"
            i = r.employer_after(b)
    while i < len(t) and not r.done:
        j = _trigger(r, i)
        i = j if j > i else i + 1


def _trigger(r: Reader, i: int) -> int:  # noqa: C901 - one branch per trigger word
    t = r.t
    low, nxt, nxt2 = _low(t, i), _low(t, i + 1), _low(t, i + 2)
    if low in ("i", "we") and nxt in ("am", "are"):
        return r.predicates(i + 2, first=low == "i")
    if low in ("i'm", "we're"):
        return r.predicates(i + 1, first=low == "i'm")
    if low in ("my", "our", "the") and i + 1 < len(t):
        return _possessed(r, i + 1)
    if low in ("have", "has", "'ve") and nxt == "been" and nxt2 in ("a", "an"):
        return r.predicates(i + 2, first=False)  # "I've been a paramedic for twelve years"
    if low in _HAVE:
        k = i + 1
        while _low(t, k) in _ADVERBS | {"got"}:
            k += 1
        end = _owned(r, k)
        while end > k and _low(t, end) in ("and", ","):  # "four kids, two boys and two girls"
            k = end + 1
            end = _owned(r, k)
        return max(end, i + 1)
    if low == "with" and i + 1 < len(t) and is_number(t[i + 1][0]):
        return max(r.counted(i + 1), i + 1)  # "with two flatmates"
    if low in _HOME_NOUNS and nxt == "in" and _low(t, i - 1) in _DET | {"own", "new"}:
        if low != "place":
            r.add("home_type", i, i + 1, category="knowledge")
        return r.place(i + 2, "lives_in")  # "we bought a house in Clifton, Bristol"
    if low in DIETS and (i + 1 >= len(t) or not t[i + 1][0].isalpha() or nxt in _STARTERS):
        r.add("diet", i, i + 1)  # "I try to eat halal", "so pescatarian I guess"
        return i + 1
    if low in ("ride", "rides", "drive", "drives") and nxt in ("a", "an", "the", "my"):
        j = r.name_run(i + 2)
        r.add("car" if low.startswith("drive") else "vehicle", i + 2, j, category="knowledge")
        return max(j, i + 2)
    if low in ("run", "runs", "own", "owns") and nxt == "my" and nxt2 == "own":
        a, b = r.phrase(i + 3, 3)
        r.add("business", a, b, category="knowledge")  # "I run my own bakery"
        return max(b, i + 3)
    if low in ("speak", "speaking"):
        return r.languages(i + 1)
    native = nxt == "is" and nxt2 == "my" and _low(t, i + 3) in ("mother", "native", "first")
    if low in LANGUAGES and native:
        r.add("language", i, i + 1, multi=True)
        return i + 4
    if low in _LIKE and nxt != "to" and _low(t, i - 1) in SPEAKER:
        return r.listed(i + 1, _LIKE[low], category="knowledge")
    if (low in _DISLIKE and _low(t, i - 1) in SPEAKER) or (
        low == "stand" and _low(t, i - 1) in ("can't", "cannot")
    ):
        return r.listed(i + 1, "dislikes", category="knowledge")
    if low in _LIVE or (low == "lived" and _low(t, i - 1) in _HAVE_DONE):
        k = i + 1 + (nxt in ("now", "all", "down", "here"))
        if (
            _low(t, k) in ("on", "in")
            and _low(t, k + 1) in ("a", "an")
            and (_low(t, k + 2) in _HOME_NOUNS)
        ):
            r.add("home_type", k + 2, k + 3, category="knowledge")
            k += 3
        if _low(t, k) == "in":
            return r.place(k + 1, "lives_in")
        return i + 1
    if low in ("moved", "relocated"):
        k = i + 1
        if _low(t, k) == "from":
            k = max(r.name_run(k + 1), k + 2)
        if _low(t, k) == "to":
            return r.place(k + 1, "lives_in")
        return i + 1
    if low == "grew" and nxt == "up" and nxt2 == "in":
        return r.place(i + 3, "hometown")
    if low == "born" and nxt == "on":
        a, j = _date(t, i + 2)
        r.add("birthday", a, j)
        return max(j, i + 2)
    if low == "born" and nxt == "in":
        if i + 2 < len(t) and t[i + 2][0].isdigit():
            r.add("birth_year", i + 2, i + 3)
            return r.place(i + 4, "birthplace") if _low(t, i + 3) == "in" else i + 3
        return r.place(i + 2, "birthplace")
    if low in _WORK:
        k = i + 1
        if _low(t, k) not in ("at", "for", "as", "in") and _low(t, k + 1) == "as":
            r.add("work_schedule", k, k + 1, category="knowledge")  # "work nights as ..."
            k += 1
        if _low(t, k) in ("at", "for"):
            k = r.employer_after(k)
        if _low(t, k) == "out" and _low(t, k + 1) == "of":  # "working out of the Oslo office"
            return r.place(k + 2, "work_location")
        if _low(t, k) == "as":
            return r.role(k + 1) if _has_job(r, k + 1) else _as_role(r, k + 1)
        if _low(t, k) == "in" and k + 1 < len(t) and _capital(t[k + 1][0]):
            return r.place(k + 1, "work_location")
        return max(k, i + 1)
    if low == "as" and _has_job(r, i + 1):  # "..., as a warehouse team lead"
        return r.role(i + 1)
    if low in ("job", "position", "role") and nxt in ("at", "with"):
        return r.employer_after(i + 1)
    if low == "promoted" and nxt == "to":
        return max(r.role(i + 2), i + 2)  # "just got promoted to senior product manager at X"
    if low == "joined":
        return _joined(r, i + 1)
    if low in ("turned", "turning") and i + 1 < len(t) and is_number(t[i + 1][0]):
        r.add("age", i + 1, i + 2)
        return i + 2
    if (low in ("call", "calls") and nxt == "me") or (low in ("go", "goes") and nxt == "by"):
        j = r.name_run(i + 2)
        r.add("nickname", i + 2, j)
        return max(j, i + 2)
    if low == "short" and nxt == "for" and r.frames and r.frames[-1].key in ("name", "nickname"):
        j = r.name_run(i + 2)
        r.add("name", i + 2, j)  # "I go by Sam, short for Samira"
        return max(j, i + 2)
    if low in ("name", "name's", "surname", "surname's"):
        return _named(r, i)
    if _demonyms(t[i][0]) and nxt in ("passport", "citizenship"):
        for part in _demonyms(t[i][0]) or []:
            a = t[i][1] + t[i][0].index(part)
            r.frames.append(Frame("nationality", part, (a, a + len(part)), multi=True))
        return i + 2
    if low in _FAVOURITE:
        return _favourite(r, i)
    if low in _TRAVEL and nxt == "to":  # "flying to New York", "my flight to Rome"
        return r.place(i + 2, "trip_destination")
    if low in ("commute", "commuting") and nxt in ("into", "to"):
        return r.place(i + 2, "commute_destination")
    return i


_YEAR = re.compile(r"(?:19|20)\d\d")


def _owned(r: Reader, k: int) -> int:
    """What the speaker has: pets and family (``counted``), a count of other things ("two
    exams"), or a thing, by its name when it has one ("a Tesla Model 3", "an e-bike")."""
    t = r.t
    end = r.counted(k)
    if end > k or k >= len(t):
        return end
    if is_number(t[k][0]) and _low(t, k) != "one":
        a, b = r.phrase(k + 1, 3)
        noun = _low(t, b - 1) if b > a else ""
        if noun.isalpha() and parse_value(f"{t[k][0]} {noun}").kind == "number":
            r.add(f"number_of_{noun}", k, k + 1, category="knowledge")
            return b
        return k  # "20 days", "2 GB": an amount, which other rules read
    if _low(t, k) not in ("a", "an", "the", "my", "our"):
        return k
    m = k
    while _low(t, m) in _DET:
        m += 1
    if _demonyms(_tok(t, m)) and _low(t, m + 1) in ("passport", "citizenship"):
        return _trigger(r, m)  # "an Italian passport": a nationality, not a thing
    if _YEAR.fullmatch(_tok(t, m)) and r.name_run(m + 1) > m + 1:
        r.add("model_year", m, m + 1, multi=True, category="knowledge")
        m += 1  # "a 1968 Land Rover": the year, then the thing
    for n in range(m, min(m + 3, len(t))):
        j = r.name_run(n)
        if j > n:
            while j < len(t) and j - n < 5 and t[j][0].islower() and t[j][0] not in _CUT:
                if _low(t, j) in _ADVERBS:
                    break
                j += 1  # "a Pro plan"
            r.add("has", n, j, multi=True, category="knowledge")
            return j
        if not t[n][0].isalpha() or _low(t, n) in _CUT:
            break
    a, b = r.phrase(m, 3)
    if b > a:
        r.add("has", a, b, multi=True, category="knowledge")
        return b
    return k


def _has_job(r: Reader, i: int) -> bool:
    a, b = r.phrase(i)
    return any(is_job(_stem(r.t[n][0])) for n in range(a, b))


def _as_role(r: Reader, i: int) -> int:
    a, b = r.phrase(i, 4)
    r.add("role", a, b)
    return b


def _joined(r: Reader, i: int) -> int:
    """ "joined a startup called Brightwave", "joined Google"."""
    if _low(r.t, i) in _DET:
        a, b = r.phrase(i, 3)
        if _low(r.t, b) in _NAMED:
            j = r.name_run(b + 1)
            r.add("employer", b + 1, j)
            return max(j, b + 1)
        return b
    j = r.name_run(i)
    r.add("employer", i, j)
    return max(j, i)


def _named(r: Reader, i: int) -> int:
    """ "my name's Tom", "Full name's Johanna Keller", "Surname's Nakamura-Lopez", "first name
    Elena", "Name's Volkov. Dmitri Volkov." (the fullest name wins)."""
    t = r.t
    prev = _low(t, i - 1)
    if prev not in ("", "my", "full", "first", "last", "sur", "real", "maiden"):
        return i + 1
    low = _low(t, i)
    key = {"first": "first_name", "last": "surname"}.get(prev, "name")
    if low.startswith("surname"):
        key = "surname"
    k = i + 1
    if not low.endswith("'s") and _low(t, k) == "is":
        k += 1
    j = r.name_run(k)
    if j > k:
        r.add(key, k, j)
    return max(j, i + 1)


def _favourite(r: Reader, i: int) -> int:
    """ "my favourite film is Alien", "Taylor Swift is my all-time favourite artist"."""
    t = r.t
    noun = _low(t, i + 1)
    if not noun.isalpha():
        return i + 1
    key = f"favourite_{noun}"
    if _low(t, i + 2) in ("is", "'s"):
        j = r.name_run(i + 3)
        if j == i + 3:
            a, j = r.phrase(i + 3)
            r.add(key, a, j, category="knowledge")
        else:
            r.add(key, i + 3, j, category="knowledge")
        return max(j, i + 2)
    start = 0
    j = r.name_run(start)
    if j > start and _low(t, j) == "is" and _low(t, j + 1) == "my":
        r.add(key, start, j, category="knowledge")
    return i + 2


def _possessed(r: Reader, i: int) -> int:
    """After "my"/"our"/"the": a family member or a pet, its name, age and job ("my husband,
    Daniel Okafor, is a firefighter", "our kitten is called Mochi", "my tortoise Gerald is 60
    years old", "my kids are 3, 6 and 10")."""
    t = r.t
    thing = _low(t, i)
    if thing.removesuffix("'s").isalpha() and not (_is_pet(thing) or _is_family(thing)):
        k = i + 1 + (not thing.endswith("'s") and _low(t, i + 1) == "is")
        if (thing.endswith("'s") or k > i + 1) and thing.removesuffix("'s") not in _NOT_THINGS:
            while _low(t, k) in _ADVERBS | {"a", "an", "the"}:
                k += 1
            a, j = _date(t, k)
            if j > a:  # "my birthday is 29 February", "... is on the 3rd of March"
                r.add(thing.removesuffix("'s"), a, j, category="identity")
                return j
            j = r.name_run(k)
            if j > k:  # "my laptop's a ThinkPad X1 Carbon", "my manager is Tom Reyes"
                r.add(thing.removesuffix("'s"), k, j, category="knowledge")
                return j
    at = i + (_low(t, i) in ("new", "current"))
    if _low(t, at) in ("address", "address's") and (
        _low(t, at).endswith("'s") or _low(t, at + 1) == "is"
    ):
        k = at + 1 + (_low(t, at + 1) == "is")
        j = r.name_run(k + 1) if _tok(t, k)[:1].isdigit() else k
        if j > k + 1:  # "our new address is 12 Elm Street, Springfield"
            r.add("address", k, j, category="identity")
            if _low(t, j) == ",":
                return r.place(j + 1, "lives_in")
            return j
    home = _low(t, i + (_low(t, i) in ("new", "own")))
    if home.removesuffix("'s") in _HOME_NOUNS and (home.endswith("'s") or _low(t, i + 1) == "is"):
        k = i + 1 + (_low(t, i) in ("new", "own")) + (not home.endswith("'s"))
        if _low(t, k) == "in":  # "our flat's in Hackney, east London"
            return r.place(k + 1, "lives_in")
        return i
    k = i
    while k < len(t) and k - i < 2 and not (_is_pet(t[k][0]) or _is_family(t[k][0])):
        if not t[k][0][0].isalpha() or _low(t, k) in _CUT:
            return i
        k += 1
    if k >= len(t) or not (_is_pet(t[k][0]) or _is_family(t[k][0])):
        return i
    word = t[k][0]
    noun = _stem(word)
    pet = noun in PETS
    rel = noun if pet else FAMILY[noun]
    key = f"{rel}_name"
    multi = pet or rel not in ("spouse", "partner", "mother", "father", "stepfather", "stepmother")
    cat = "knowledge" if pet else "identity"
    n = k + 1
    nxt = _low(t, n)
    name: Frame | None = None
    if word.casefold().endswith("'s") or nxt in ("is", "'s"):  # "dog's called", "wife's name is"
        n += 0 if word.casefold().endswith("'s") else 1
        if _low(t, n) == "name" and _low(t, n + 1) == "is":
            n += 2
        elif _low(t, n) in _NAMED:
            n += 1
        elif _low(t, n) in ("a", "an") and pet:
            return n
        else:
            return _possessed_tail(r, n, None, rel, pet)
        j = r.name_run(n)
        name = r.add(key, n, j, multi=multi, category=cat)
        return _possessed_tail(r, j, name, rel, pet)
    if nxt in _NAMED or (nxt == "," and _capital(_tok(t, n + 1))):
        n += 1
    elif nxt in ("are",) and not pet and i + 2 < len(t) and is_number(_tok(t, n + 1)):
        while (
            n < len(t) and _low(t, n) in ("are", ",", "and") or (n < len(t) and is_number(t[n][0]))
        ):
            if is_number(t[n][0]):
                r.add(f"{rel}_age", n, n + 1, multi=True)
            n += 1
        return n
    j = r.name_run(n)
    if j > n:
        name = r.add(key, n, j, multi=multi, category=cat)
        n = j + (_low(t, j) == ",")
    verb = _low(t, n)
    if i <= 2 and verb.isalpha() and verb not in ("is", "was", "and", "who", "called", "named"):
        r.done = True  # "my sister lives in Glasgow": what follows is hers, not the speaker's
    return _possessed_tail(r, n, name, rel, pet)


def _possessed_tail(r: Reader, n: int, name: Frame | None, rel: str, pet: bool) -> int:
    """What the sentence says next of the named one: "is 60 years old", "is a firefighter",
    "and she's only 10 weeks old"."""
    t = r.t
    if name is None:
        return n
    k = n
    if _low(t, k) == "and" and _low(t, k + 1) in ("she", "he", "it", "she's", "he's", "it's"):
        k += 2 if _low(t, k + 1).endswith("'s") else 3
    elif _low(t, k) in ("is", "'s"):
        k += 1
    else:
        return n
    while _low(t, k) in _ADVERBS:
        k += 1
    if k < len(t) and is_number(t[k][0]):
        unit = _low(t, k + 1)
        if unit in ("weeks", "months", "week", "month"):
            r.add("age", k, k + 2, subject=name.value, subject_type="other" if pet else "person")
            return k + 2
        r.add("age", k, k + 1, subject=name.value, subject_type="other" if pet else "person")
        return k + 1
    if _low(t, k) in ("a", "an") and _has_job(r, k) and not pet:
        before = len(r.frames)
        end = r.role(k)
        r.frames[before:] = [
            replace(f, subject=name.value, subject_type="person") for f in r.frames[before:]
        ]
        return end
    return n
