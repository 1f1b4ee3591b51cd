"""The span grammar of the first-person reader: words tagged from capitalisation and closed
lists (``person_words``), and the shortest span that is a value read from a word on.

- a *name run*: capitalised words ("Lady Penelope", "Daniel Okafor", "iPhone 15 Pro"), in
  coordination ("Max, Bella and Rocky" are three values);
- a *noun phrase*: words cut before a preposition, a conjunction or punctuation ("Siemens as
  an engineer" -> "Siemens"; "a PhD student in neuroscience" -> "PhD student");
- nationality and language adjectives, ages and counts (in digits or words), dates.

``Reader`` also reads the lists that follow "I am" (``predicates``: "27, French, living in
Lyon"), job titles with their employer (``role``) and what is counted and named (``counted``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..claims import SELF
from .person_words import (
    DIETS,
    EMPLOYMENT,
    FAMILY,
    LANGUAGES,
    MARITAL,
    NATIONALITIES,
    PETS,
    is_job,
    is_number,
)

__all__ = ["Frame", "Reader", "Tok", "tokens"]


@dataclass(frozen=True)
class Frame:
    """One value the speaker states: ``subject``'s ``key`` is ``text[start:end]``."""

    key: str
    value: str
    span: tuple[int, int]
    subject: str = SELF
    subject_type: str = "person"
    category: str = "identity"
    multi: bool = False
    negated: bool = False
    past: bool = False


# a word (letters first, inner apostrophes and hyphens), a number, or one punctuation mark
_TOKEN = re.compile(r"[^\W\d_][\w'’-]*|\d+(?:[.:,]\d+)*(?:st|nd|rd|th)?|[^\w\s]")


_DET = frozenset("a an the my our his her their some this".split())
_ADVERBS = frozenset(
    "now currently actually also just still originally really basically only all so".split()
)
# words that end a noun phrase value
_CUT = frozenset(
    """as at in with for since but and or because who whom which that to from on of by when
    while though although so is are was were it they he she i we now mostly every too also
    unfortunately anyway than over instead really these this last next not into out who's
    she's he's it's i'm i've been have has had do does did will would can could should
    mostly around about basically called named through via after before during until
    without""".split()
)
_NOT_NAMES = frozenset(
    """i i'm i've i'd i'll the a an my our his her their this that it monday tuesday wednesday
    thursday friday saturday sunday january february march april may june july august september
    october november december hi hey hello thanks sorry yes no ok okay and but or so well
    actually rip lol btw update correction oh also just wait""".split()
)
#: Words that open a new clause after "and" or a comma, not another item of a list.
_STARTERS = frozenset(
    "i i'm i've i'd we we're it it's they he she that this then so but there my our like "
    "mostly especially properly though which who".split()
)
_CONNECTORS = frozenset("de van von da del di la le du bin al el of".split())
_NAMED = frozenset(("called", "named"))
#: Nouns after "my" whose value is no named thing.
_NOT_THINGS = frozenset("name surname favourite favorite address flat house".split())
_MONTHS = frozenset(
    """january february march april may june july august september october november december
    jan feb mar apr jun jul aug sep sept oct nov dec""".split()
)
_RANKS = frozenset("senior junior head lead chief assistant".split())
_HOME_NOUNS = frozenset("flat house home place apartment houseboat cottage studio".split())
_REGIONS = frozenset("east west north south central greater northern southern eastern".split())
_BIRTH_ORDER = frozenset("oldest youngest eldest middle".split())
_HOUSEMATES = frozenset("flatmate flatmates housemate housemates roommate roommates".split())


_STAR_SIGNS = frozenset(
    """aries taurus gemini cancer leo virgo libra scorpio sagittarius capricorn aquarius
    pisces""".split()
)


Tok = tuple[str, int, int]


def tokens(text: str) -> list[Tok]:
    out = []
    for m in _TOKEN.finditer(text):
        word = m.group(0).replace("’", "'")
        end = m.end()
        while len(word) > 1 and word[-1] in "'-":
            word, end = word[:-1], end - 1
        out.append((word, m.start(), end))
    return out


def _low(toks: list[Tok], i: int) -> str:
    return toks[i][0].casefold() if 0 <= i < len(toks) else ""


def _stem(word: str) -> str:
    """ "dogs" -> "dog", "puppies" -> "puppy", "dog's" -> "dog", "children" -> "child"."""
    w = word.casefold().removesuffix("'s")
    if w == "children":
        return "child"
    if w.endswith("ies") and w[:-3] + "y" in PETS:
        return w[:-3] + "y"
    if w.endswith("es") and w[:-2] in PETS | FAMILY.keys():
        return w[:-2]
    if w.endswith("s") and w[:-1] in PETS | FAMILY.keys() | {"flatmate", "housemate", "roommate"}:
        return w[:-1]
    return w


def _is_pet(word: str) -> bool:
    return _stem(word) in PETS


def _is_family(word: str) -> bool:
    return _stem(word) in FAMILY


def _capital(word: str) -> bool:
    return word[:1].isupper() and word.casefold() not in _NOT_NAMES


def _camel(word: str) -> bool:
    """ "iPhone", "eBay": a brand written with an inner capital."""
    return word[:1].islower() and any(c.isupper() for c in word[1:3])


def _name_number(toks: list[Tok], j: int) -> bool:
    """A number inside a name: before another capitalised word, or closing it when no noun
    follows ("Model 3 now"; not "Dublin 2 years ago")."""
    nxt = _low(toks, j + 1)
    if j + 1 < len(toks) and _capital(toks[j + 1][0]):
        return True
    return not nxt[:1].isalpha() or nxt in _ADVERBS or nxt in _CUT


def _demonyms(word: str) -> list[str] | None:
    """The nationalities of "Irish", "British-Nigerian"; None when the word names none."""
    parts = word.split("-")
    if all(p.casefold() in NATIONALITIES for p in parts) and word[:1].isupper():
        return parts
    return None


class Reader:
    """Reads one clause's tokens; ``frames`` collects what it finds."""

    def __init__(self, text: str, toks: list[Tok], past: bool):
        self.text, self.t, self.past = text, toks, past
        self.frames: list[Frame] = []
        #: The clause's subject is someone else from here on: no more speaker triggers.
        self.done = False
        #: Where a reading that took the clause's start stopped (the rest is read after).
        self.read_to = 0

    # -- spans ---------------------------------------------------------------------------

    def add(self, key: str, i: int, j: int, **kw: object) -> Frame | None:
        if j <= i:
            return None
        a, b = self.t[i][1], self.t[j - 1][2]
        if (key == "name" or key.endswith("_name")) and self.text[a:b].endswith(("'s", "’s")):
            b -= 2  # "my sister Magda's getting married": the name is Magda
        f = Frame(key, self.text[a:b], (a, b), past=self.past, **kw)  # type: ignore[arg-type]
        self.frames.append(f)
        return f

    def name_run(self, i: int) -> int:
        """The end of the capitalised run at ``i`` (``i`` itself when there is none)."""
        j = i
        while j < len(self.t) and j - i < 4:
            w = self.t[j][0]
            if (_capital(w) or _camel(w)) and w[0].isalpha() and _demonyms(w) is None:
                j += 1
            elif j > i and w.isdigit() and _name_number(self.t, j):
                j += 1  # "iPhone 15 Pro", "Tesla Model 3"
            elif j > i and w.casefold() in _CONNECTORS and j + 1 < len(self.t):
                if not _capital(self.t[j + 1][0]):
                    break
                j += 1
            else:
                break
        return j

    def names(self, i: int) -> tuple[list[tuple[int, int]], int]:
        """Name runs in coordination from ``i``: "Tom and Jerry", "Max, Bella and Rocky"."""
        out: list[tuple[int, int]] = []
        while True:
            j = self.name_run(i)
            if j == i:
                break
            out.append((i, j))
            k = j
            if _low(self.t, k) in ("who", "who's"):
                k = self._skip_age_clause(k, (i, j))
            if _low(self.t, k) == "," and _low(self.t, k + 1) == "and":
                k += 1
            if _low(self.t, k) in (",", "and", "&") and self.name_run(k + 1) > k + 1:
                i = k + 1
                continue
            return out, k
        return out, i

    def _skip_age_clause(self, k: int, name: tuple[int, int]) -> int:
        """ "Emma who's 7": the age of the named one; returns where the clause ends."""
        at = k + 1 if _low(self.t, k) in ("who", "who's") else k
        if _low(self.t, k) == "who" and _low(self.t, at) == "is":
            at += 1
        if at < len(self.t) and is_number(self.t[at][0]):
            who = self.text[self.t[name[0]][1] : self.t[name[1] - 1][2]]
            self.add("age", at, at + 1, subject=who, subject_type="person")
            return at + 1
        return k

    def phrase(self, i: int, limit: int = 5) -> tuple[int, int]:
        """A noun phrase from ``i``: determiners skipped, cut before a preposition,
        conjunction or punctuation."""
        while _low(self.t, i) in _DET:
            i += 1
        j = i
        while j < len(self.t) and j - i < limit:
            w = self.t[j][0]
            if not w[0].isalnum() or w.casefold() in _CUT:
                break
            j += 1
        return i, j

    def phrases(self, i: int) -> tuple[list[tuple[int, int]], int]:
        """Noun phrases in coordination: "hiking and bouldering", "penicillin and also cats"."""
        out: list[tuple[int, int]] = []
        while True:
            while _low(self.t, i) in _ADVERBS:
                i += 1
            a, b = self.phrase(i)
            if b == a:
                return out, i
            out.append((a, b))
            k = b
            if _low(self.t, k) in (",", "and", "or") and _low(self.t, k + 1) not in _STARTERS:
                i = k + 1
                continue
            if _low(self.t, k) == "," and _low(self.t, k + 1) in ("and", "or"):
                i = k + 2
                continue
            return out, k

    def place(self, i: int, key: str) -> int:
        """A place named after "in"/"to": the first name run within a few words ("the same
        tiny village in Yorkshire"), and a wider one after a comma ("Hackney, east London")."""
        k = i
        while k < len(self.t) and k - i < 6:
            w = self.t[k][0]
            if not w[0].isalnum() and w not in ("-",):
                return i
            j = self.name_run(k)
            if j > k:
                self.add(key, k, j)
                if _low(self.t, j) == ",":
                    m = j + 1 + (_low(self.t, j + 1) in _REGIONS)
                    n = self.name_run(m)
                    if n > m:
                        self.add("region", m, n)
                        return n
                return j
            if w.casefold() in _CUT - {"in", "of"}:
                return i
            k += 1
        return i

    # -- frames --------------------------------------------------------------------------

    def predicates(self, i: int, first: bool) -> int:
        """What follows "I am" (or opens a fragment like "Léa here, 27, French, ..."): a list
        of ages, nationalities, names, roles, statuses and places."""
        while i < len(self.t):
            while _low(self.t, i) in _ADVERBS:
                i += 1
            j = self.predicate(i, first)
            if j == i:
                return i
            first = False
            i = j
            if _low(self.t, i) == "," and _low(self.t, i + 1) == "and":
                i += 1
            if _low(self.t, i) not in (",", "and"):
                return i
            i += 1
        return i

    def predicate(self, i: int, first: bool) -> int:
        w, low = (self.t[i][0], self.t[i][0].casefold()) if i < len(self.t) else ("", "")
        nxt = _low(self.t, i + 1)
        if not w:
            return i
        if is_number(w) and not (low == "one" and nxt == "of"):
            if _is_pet(nxt) or _is_family(nxt) or nxt in _HOUSEMATES:
                return self.counted(i)
            if nxt and nxt not in ("years", "year", "yo", ",", "and", ".", "!", "btw", "now"):
                return i
            self.add("age", i, i + 1)
            if nxt in ("years", "year"):
                return i + 2 + (_low(self.t, i + 2) == "old")
            return i + 1 + (nxt == "yo")
        if low == "no" and (_is_family(nxt) or _is_pet(nxt) or nxt in ("pets", "pet")):
            noun = "pet" if nxt in ("pets", "pet") else _stem(nxt)
            self.add(f"number_of_{_plural(noun)}", i, i + 2, multi=False)
            return i + 2
        if low in ("dual", "half") or (
            low in ("a", "an") and (nxt == "dual" or _demonyms(_tok(self.t, i + 1)))
        ):
            return self.predicate(i + 1, False)  # "half Japanese, half Brazilian"
        if low in ("a", "an") and nxt in _STAR_SIGNS and _tok(self.t, i + 1)[:1].isupper():
            self.add("star_sign", i + 1, i + 2, category="knowledge")
            return i + 2  # "I'm a Leo", "I'm a Cancer"
        dem = _demonyms(w)
        if dem:
            at = self.t[i][1]
            for part in dem:
                self.frames.append(
                    Frame("nationality", part, (at, at + len(part)), multi=True, past=self.past)
                )
                at += len(part) + 1
            return i + 1 + (nxt in ("citizen", "national", "passport"))
        if low in MARITAL:
            self.add("marital_status", i, i + 1)
            return i + 1 + (nxt == "again")
        if low in DIETS:
            self.add("diet", i, i + 1)
            return i + 1
        if low == "from":
            return self.place(i + 1, "hometown")
        if low == "moving" and nxt == "to":  # a plan: where the speaker will live
            return self.place(i + 2, "moving_to")
        if low in ("living", "based", "settled", "staying") and nxt == "in":
            return self.place(i + 2, "lives_in")
        if low == "allergic" and nxt == "to":
            return self.listed(i + 2, "allergy")
        if low == "fluent" and nxt == "in":
            return self.languages(i + 2)
        if low == "into":
            return self.listed(i + 1, "likes", category="knowledge")
        fan = _low(self.t, i + 2) == "fan" and _low(self.t, i + 3) == "of"
        if low == "not" and nxt in ("a", "an") and fan:
            return self.listed(i + 4, "dislikes", category="knowledge")
        if low == "not" and nxt in ("a", "an") and _low(self.t, i + 3) in ("person", "type"):
            self.add("trait", i, i + 4, multi=True, category="knowledge")
            return i + 4
        if low == "the" and nxt in _BIRTH_ORDER:
            self.add("birth_order", i + 1, i + 2)
            k = i + 2
            if _low(self.t, k) == "of" and is_number(
                self.t[k + 1][0] if k + 1 < len(self.t) else ""
            ):
                self.add("number_of_siblings_and_self", k + 1, k + 2)
                return k + 2
            return k
        if low in ("a", "an", "the") or low in EMPLOYMENT:
            return self.role(i)
        if first and _capital(w):
            j = self.name_run(i)
            if any(_low(self.t, n) == "of" for n in range(i, j)):
                j = i  # "I'm Head of Platform": a title; "of" joins names of places and firms
            if j > i and (j - i > 1 or _low(self.t, j) in ("", ".", ",", "!", "and")):
                self.add("name", i, j)
                return j
        return i

    def role(self, i: int) -> int:
        """ "a freelance graphic designer", "an Uber driver", "a maths teacher at a school in
        Leicester": the job title, how it is held, and the employer."""
        k = i
        while _low(self.t, k) in _DET:
            k += 1
        a, b = self.phrase(k)
        heads = [n for n in range(a, b) if is_job(_stem(self.t[n][0])) or is_job(_low(self.t, n))]
        if not heads:
            return i
        b = heads[-1] + 1
        while a < b and (_low(self.t, a) in EMPLOYMENT or self.t[a][0].endswith("-time")):
            self.add("employment_type", a, a + 1)
            a += 1
        brand = self.t[a][0][:1].isupper() and self.t[a][0][1:].islower()
        if a < b - 1 and brand and _low(self.t, a) not in _RANKS:
            self.add("employer", a, a + 1, category="identity")  # "an Uber driver"
            a += 1
        self.add("role", a, b)
        return self.employer_after(b)

    def employer_after(self, k: int) -> int:
        """ "at Spotify", "with KLM", "at a cafe called Bean There", "in neuroscience"."""
        low = _low(self.t, k)
        if low == "in" and k + 1 < len(self.t) and not _capital(self.t[k + 1][0]):
            a, b = self.phrase(k + 1, 3)
            if b > a:
                self.add("field", a, b, category="knowledge")
                return self.employer_after(b)
        if low not in ("at", "with", "for"):
            return k
        k += 1
        if _low(self.t, k) == "the" and _capital(_tok(self.t, k + 1)):
            j = self.name_run(k + 1)  # "at the University of Lagos", "with the NHS"
            if j > k + 1 and (j - k > 2 or _tok(self.t, k + 1).isupper()):
                self.add("employer", k + 1, j)
                return j
        if _low(self.t, k) in _DET:
            a, b = self.phrase(k)
            if _low(self.t, b) in _NAMED:
                j = self.name_run(b + 1)
                if j > b + 1:
                    self.add("employer", b + 1, j)
                    return j
            if b > a:
                self.add("workplace", a, b, category="knowledge")
                if _low(self.t, b) == "in":
                    return self.place(b + 1, "work_location")
                return b
            return k
        j = self.name_run(k)
        if j > k:
            self.add("employer", k, j)
            if _low(self.t, j) == "in":
                return self.place(j + 1, "work_location")
        return j

    def counted(self, i: int) -> int:
        """ "two cats named Tom and Jerry", "three dogs: Max, Bella and Rocky", "two kids, Emma
        who's 7 and Jack who's 4", "a Labrador called Duke", "a twin sister called Maya"."""
        if i >= len(self.t):
            return i
        count = i if is_number(self.t[i][0]) or _low(self.t, i) == "no" else None
        k = i + 1 if count is not None or _low(self.t, i) in ("a", "an") else i
        mods = k
        while (
            k < len(self.t)
            and k - mods < 3
            and not (
                _is_pet(self.t[k][0]) or _is_family(self.t[k][0]) or _low(self.t, k) in _HOUSEMATES
            )
        ):
            if not self.t[k][0][0].isalpha() or _low(self.t, k) in _CUT:
                return i
            k += 1
        if k >= len(self.t) or k - mods >= 3:
            return i
        if _is_family(self.t[k][0]) and _is_family(_tok(self.t, k + 1)):
            k += 1  # "a twin sister": the second noun is the head
        noun = _stem(self.t[k][0])
        pet = noun in PETS
        rel = FAMILY.get(noun, noun)
        if count is not None:
            if _low(self.t, count) == "no":
                self.add(f"number_of_{_plural(rel)}", count, k + 1)
            else:
                self.add(f"number_of_{_plural(rel)}", count, count + 1, category="knowledge")
        elif pet:
            self.add("pet", k, k + 1, multi=True, category="knowledge")
        for m in range(mods, k):
            if _low(self.t, m) == "twin":
                self.add("twin", m, m + 1, multi=True)
        k += 1
        after = _low(self.t, k)
        if count is None and self.name_run(k) > k:  # "his sister Luna"
            key = f"{noun if pet else rel}_name"
            self.add(key, k, self.name_run(k), multi=True, category="identity")
            return self.name_run(k)
        if after in _NAMED or after == ":" or (after == "," and count is not None):
            names, end = self.names(k + 1)
            key = f"{noun if pet else rel}_name"
            for a, b in names:
                self.add(key, a, b, multi=True, category="identity" if not pet else "knowledge")
            return end if names else k
        return k

    def languages(self, i: int) -> int:
        k = i
        found = 0
        while k < len(self.t):
            low = _low(self.t, k)
            if low in LANGUAGES and self.t[k][0][:1].isupper():
                self.add("language", k, k + 1, multi=True)
                found += 1
            elif low not in (
                "and",
                ",",
                "a",
                "bit",
                "of",
                "some",
                "both",
                "basic",
                "fluent",
                "little",
                "also",
                "too",
                "decent",
                "conversational",
                "or",
            ):
                break
            k += 1
        return k if found else i

    def listed(self, i: int, key: str, category: str = "identity") -> int:
        items, end = self.phrases(i)
        for a, b in items:
            self.add(key, a, b, multi=True, category=category)
        return end if items else i


def _plural(noun: str) -> str:
    if noun == "child":
        return "children"
    return noun + ("es" if noun.endswith(("s", "sh", "ch")) else "s")


def _date(t: list[Tok], k: int) -> tuple[int, int]:
    """The span of a calendar date at ``k`` ("29 February", "on the 3rd of March", "July 14,
    1990"), empty when there is none."""
    k += _low(t, k) in ("on", "the")
    k += _low(t, k) == "the"
    if _tok(t, k)[:1].isdigit() and _low(t, k + 1 + (_low(t, k + 1) == "of")) in _MONTHS:
        return k, k + 2 + (_low(t, k + 1) == "of")
    if _low(t, k) in _MONTHS and _tok(t, k + 1)[:1].isdigit():
        j = k + 2
        if _low(t, j) == "," and _tok(t, j + 1)[:1].isdigit():
            j += 2
        return k, j
    return k, k


def _tok(t: list[Tok], i: int) -> str:
    return t[i][0] if 0 <= i < len(t) else ""
