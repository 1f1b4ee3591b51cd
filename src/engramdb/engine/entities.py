"""Entity extraction without an LLM: proper-noun spans, dates and names already known.

It runs on every memory write (DESIGN §4 step 9d), so it has to cost microseconds, not a model
call: a handful of compiled regular expressions, one Aho-Corasick pass for the names seen before,
and a short Python loop over the few capitalised runs a turn contains. It is pure (no storage):
the caller feeds the names it has already linked back through :meth:`EntityExtractor.add_known`.

Three sources, resolved in this order:

1. **Dates** (kind ``"date"``): a fixed set of regex-recognised forms, absolute or relative to the
   memory's timestamp. They win every overlap and are masked out before names are looked for, so
   "May 8" never becomes a person and "Jan 2023" never becomes "Jan".
2. **Known names** (the gazetteer, kind as stored): found again in any case, on word boundaries.
3. **Proper-noun spans** (kind ``"person_or_name"``): runs of capitalised words.

Between 2 and 3 the longest span wins (ties go to the gazetteer); a proper-noun span whose key is
known takes the stored kind. Mentions are deduplicated by ``(key, kind)``, first one kept.

Policies (documented here because they are choices, not facts):

* A sentence-initial capitalised word that is a stopword or a common chat opener ("Yesterday",
  "The", "What", "Hey", "Thanks", "Maybe"), or that is not known and has the shape of a common
  word (gerund "Seeing", plural "Pets", adverb "Highly", ...), is not a name; leading ones are
  dropped one after the other ("Oh wow, Caroline" → "Caroline"). Other sentence-initial words
  are kept: "Caroline went home" must find Caroline with no lexicon, so an unusual verb or noun
  opening a sentence ("Cherish it") is a false name. Feeding confirmed names back through
  :meth:`EntityExtractor.add_known` is what makes recall at sentence starts reliable.
* Mid-sentence, a capitalised stopword, month, weekday or time word ("And", "May", "Friday",
  "Tonight") is not a name either, unless that word is a known name ("June" once known as a
  person). Months and weekdays are date parts, never names.
* Single-letter words are never names (so "I" never is); contractions ("Don't", "Can't") are not
  names; a possessive ``'s`` ends a span and is not part of it ("Melanie's Mom" → "Melanie",
  "Mom"); an inner apostrophe followed by a capital stays ("O'Brien").
* All-caps words of two or more letters are names (acronyms: "NASA", "LGBTQ") unless they are
  stopwords ("IT", "WHO"): shouted text therefore yields false names.
* Connectors ("of", "of the", "de", "de la", "van", "van der", "von", "&", ...) join capitalised
  words only when a capitalised word follows ("Bank of America", "Procter & Gamble").
* ``dd/dd/yyyy`` is read month/day/year (the US order, the usual one in English chat), and
  day/month/year only when the first number cannot be a month ("25/12/2023"). Two-digit years
  and ``dd.mm.yyyy`` are not recognised.
* Relative dates resolve against the timestamp in UTC: "yesterday" → a date, "last week" → an
  ISO week ("2023-W18"), "last month" → an ISO month, "last year" → a year; "last/next Friday"
  is the previous/next Friday strictly before/after the day, "this Friday" the one in the
  current Monday-Sunday week; "last/this/next weekend" is the Saturday of the previous/current/
  next week. Without a timestamp relative dates keep ``value=None``. A day and month without a
  year ("May 8") take the timestamp's year. A bare month or weekday ("in May", "on Friday") is
  not a date mention: which May or Friday is meant cannot be told from the text.

The gazetteer is log-structured: a large *base* automaton plus a small *delta* automaton for the
names added since the base was built. Both are rebuilt lazily on the next :meth:`extract`, each
time as a fresh object swapped in under a lock, so concurrent extractions never see one being
mutated. The delta is merged into the base once it outgrows ``max(32, √n)`` names, which keeps
the amortised cost of a write that adds a name near ``2·√n`` µs instead of a full rebuild
(≈ 10 ms for 10,000 names).
"""

from __future__ import annotations

import bisect
import math
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

import ahocorasick

from engramdb.engine.lexical import STOPWORDS
from engramdb.errors import ValidationError

__all__ = [
    "KIND_DATE",
    "KIND_NAME",
    "EntityExtractor",
    "Mention",
    "mention_key",
]

KIND_NAME = "person_or_name"
KIND_DATE = "date"


@dataclass(frozen=True, slots=True)
class Mention:
    """One entity mention in a text.

    ``key`` is what links mentions of the same entity across memories (for dates: the resolved
    ISO value when there is one, so "yesterday" and "May 7" meet); ``name`` keeps the text as
    written; ``start``/``end`` are character offsets into the text given to ``extract``.
    """

    name: str
    key: str
    kind: str
    start: int
    end: int
    value: str | None = None


# --------------------------------------------------------------------------------------------
# Word lists
# --------------------------------------------------------------------------------------------

_MONTHS = (
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
)
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

# Date parts and time words: never names (unless the caller made them known), always breakers.
_DATE_WORDS = frozenset(
    _MONTHS
    + _WEEKDAYS
    + (
        "yesterday",
        "today",
        "tomorrow",
        "tonight",
        "morning",
        "afternoon",
        "evening",
        "night",
        "weekend",
        "week",
        "month",
        "year",
        # abbreviations, except "Jan" (a name as often as a month)
        "mon",
        "tue",
        "tues",
        "wed",
        "thu",
        "thur",
        "thurs",
        "fri",
        "sat",
        "sun",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
    )
)

# Honorifics: a title is not the name; "Dr. Smith" gives "Smith" and the "." is not a sentence end.
_TITLES = frozenset(["mr", "mrs", "ms", "miss", "dr", "prof", "sir", "madam", "mx", "st", "jr"])

# Words that open chat sentences with a capital letter only because they come first.
_STARTER_WORDS = """
    hey hi hello hiya howdy yo oh ooh ah aw aww wow whoa yay yeah yea yep yup yes nope nah ok okay
    alright sure well hmm um uh lol haha omg btw thanks thank cheers please sorry congrats
    congratulations bye goodbye welcome dear also actually anyway anyways besides plus still yet
    however though although otherwise meanwhile honestly basically really definitely absolutely
    totally exactly indeed maybe perhaps probably hopefully luckily unfortunately fortunately
    sadly recently lately finally eventually sometimes usually always never often later soon now
    earlier afterwards instead especially even right true like kinda everyone everybody
    everything someone somebody something anyone anybody anything nobody nothing none many much
    several one two three let lets whatever whoever whenever wherever whose love loved hope wish
    glad guess think thought look looks sounds seems seem feel felt got get going gonna wanna
    went made make take keep tell told check see saw know knew remember need want try tried good
    great nice cool awesome amazing wonderful beautiful lovely fantastic interesting happy excited
    proud hard same agreed wait listen say said last next since unless whether cause cuz speaking
    talking reading working thinking having doing being getting trying looking just almost another
    every either neither yours mine
    woah whoo woohoo oof ugh yum yikes phew gosh geez jeez meh huh duh aha hooray bravo
    must might shall may can could would should go come stay give enjoy catch believe talk chat
    bet imagine appreciate miss remind reminds sounded looked seemed feels feeling started
    life time way things thing lots lot long little big best better pretty super crazy tough
    lucky sweet cute sad funny fun wild weird people family friends work home nature kids
    here there yes no not
"""
_STARTERS = frozenset(_STARTER_WORDS.split())

# Chat shorthand written in capitals that would otherwise pass for acronyms ("I'm OK", "LOL"),
# and "Let" of "Let's", which looks like a possessive.
_NEVER_WORDS = (
    "ok okay lol lmao rofl omg btw idk tbh imo imho fyi brb ttyl thx pls plz ps aka etc vs let"
)
_NEVER = frozenset(_NEVER_WORDS.split())

# The shape of a common word, for an unknown sentence-initial word no list names: gerunds
# ("Seeing"), regular plurals ("Pets", "Stories"; not -es/-is/-as/-os/-us/-ss, so "James",
# "Paris", "Carlos" stay), adverbs ("Highly"; not -ily/-rly, so "Emily", "Beverly" stay), and a few
# adjective and noun endings no common name has ("Grateful", "Impressive", "Congratulations").
_COMMON_SHAPE = re.compile(
    r"[a-z]{2,}ing|[a-z]{2,}(?:[bcdfghklmnprtwy]s|ies|ges|ves)|[a-z]{4,}lly"
    r"|[a-z]{3,}[a-hj-km-qs-z]ly|[a-z]{3,}ful|[a-z]{2,}tions?|[a-z]{4,}ive"
    r"|[a-z]{2,}(?:ssed|cked|shed|ched|ted)"
)

_COMMON = STOPWORDS | _STARTERS | _DATE_WORDS | _TITLES | _NEVER
# Mid-sentence these still break a span (title case, "Caroline And Melanie", "in May").
_BREAK = STOPWORDS | _DATE_WORDS | _TITLES | _NEVER

_NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "a couple of": 2,
    "couple of": 2,
}

# --------------------------------------------------------------------------------------------
# Regular expressions
# --------------------------------------------------------------------------------------------


def _upper_class() -> str:
    """A character class of the upper-case letters of the scripts that write names in capitals.

    ``re`` has no ``\\p{Lu}``; building the class once at import keeps the span regex in C.
    """
    spans = [(0x41, 0x5B), (0xC0, 0x250), (0x370, 0x530), (0x10A0, 0x10D0), (0x1E00, 0x2000)]
    ranges: list[tuple[int, int]] = []
    for lo, hi in spans:
        for cp in range(lo, hi):
            if chr(cp).isupper():
                if ranges and ranges[-1][1] == cp - 1:
                    ranges[-1] = (ranges[-1][0], cp)
                else:
                    ranges.append((cp, cp))
    return "".join(
        re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}"
        for a, b in ranges
    )


_UP = _upper_class()
_CAP_WORD = rf"[{_UP}]\w*(?:['’\-]\w+)*"
_CONNECTOR = (
    r"(?:of(?:[ \t]+the)?|de(?:[ \t]+la)?|du|des|del|della|da|di|dos|van(?:[ \t]+de[rn]?)?"
    r"|von|der|den|bin|ibn|al|&)"
)
_RUN = re.compile(rf"(?<![\w'’\-]){_CAP_WORD}(?:[ \t]+(?:{_CONNECTOR}[ \t]+)?{_CAP_WORD})*")
_TOKEN = re.compile(r"[^ \t]+")

# Full names, or abbreviations with an optional dot (a full name never eats a sentence's ".").
_MON = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december"
    r"|(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?)"
)
_NUM = (
    r"\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen"
    r"|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|(?:a[ \t]+)?couple[ \t]+of"
)
_WDAY = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_S = r"[ \t]+"
# Matched against the lower-cased text (no IGNORECASE: twice as fast). Each alternative is guarded
# by a one-character lookahead so that most word starts are rejected after a single test.
_DATE = re.compile(
    rf"""
    (?<![\w/.\-])(?:
        (?=\d)(?:
            (?P<iso>(?P<iy>\d{{4}})-(?P<im>\d{{1,2}})-(?P<id>\d{{1,2}}))(?![\d/\-])
          | (?P<sl>(?P<sa>\d{{1,2}})/(?P<sb>\d{{1,2}})/(?P<sy>\d{{4}}))(?![\d/])
          | (?P<dm>(?P<dd>[0-3]?\d)(?:st|nd|rd|th)?{_S}(?:of{_S})?(?P<dmon>{_MON})
                (?:,?{_S}(?P<dy>\d{{4}})(?!\d))?)(?!\w)
        )
      | (?=[adfjmnos])(?P<mon>{_MON})(?:
            (?P<md>{_S}(?P<md_d>[0-3]?\d)(?:st|nd|rd|th)?(?![\d:])
                (?:,?{_S}(?P<my>\d{{4}})(?!\d))?)(?!\w)
          | (?P<ym>,?{_S}(?:of{_S})?(?P<yy>\d{{4}}))(?!\d)
        )
      | (?=[tyl])(?P<word>the{_S}day{_S}before{_S}yesterday|the{_S}day{_S}after{_S}tomorrow
            |yesterday|today|tonight|tomorrow|last{_S}night
            |this{_S}(?:morning|afternoon|evening))(?!\w)
      | (?=[lnt])(?P<rel>(?P<dir>last|next|this){_S}(?P<unit>week|weekend|month|year|{_WDAY}))(?!\w)
      | (?=[\dacefnost])(?P<ago>(?P<n>{_NUM}){_S}(?P<u>day|week|month|year)s?
            {_S}(?P<sign>ago|from{_S}now))(?!\w)
      | (?=[abdfisu])(?:in|since|during|until|by|before|after|from){_S}
            (?P<year>(?:1[6-9]|2\d)\d\d)(?![\w/\-])
    )
    """,
    re.VERBOSE,
)
_MONTH_NUM = {m[:3]: i + 1 for i, m in enumerate(_MONTHS)}
# The run regex and the gazetteer must not cross a masked date: NUL is neither a word
# character nor a space.
_MASK = "\x00"


# --------------------------------------------------------------------------------------------
# Keys
# --------------------------------------------------------------------------------------------


def mention_key(name: str) -> str:
    """The key that links mentions of one name: casefolded, whitespace collapsed, curly
    apostrophes straightened, possessive ``'s`` and a leading "the" dropped."""
    k = " ".join(name.split()).replace("’", "'").casefold()
    if k.endswith("'s"):
        k = k[:-2]
    elif k.endswith("'"):
        k = k[:-1]
    if k.startswith("the ") and len(k) > 4:
        k = k[4:]
    return k


def _match_form(name: str) -> str:
    """What the gazetteer looks for in ``text.lower()``: the key, but lower-cased, not casefolded,
    so that offsets in the lowered text stay those of the original."""
    k = " ".join(name.split()).replace("’", "'").lower()
    if k.endswith("'s"):
        k = k[:-2]
    if k.startswith("the ") and len(k) > 4:
        k = k[4:]
    return k


def _lower_same_length(text: str) -> str:
    """``text.lower()`` with every offset preserved (a few characters, like "İ", grow)."""
    low = text.lower()
    if len(low) == len(text):
        return low
    return "".join(c if len(lc := c.lower()) != 1 else lc for c in text)


# --------------------------------------------------------------------------------------------
# Dates
# --------------------------------------------------------------------------------------------


def _safe_date(y: int, m: int, d: int) -> date | None:
    try:
        return date(y, m, d)
    except ValueError:
        return None


def _add_months(day: date, months: int) -> str:
    idx = day.year * 12 + day.month - 1 + months
    return f"{idx // 12:04d}-{idx % 12 + 1:02d}"


def _iso_week(day: date) -> str:
    y, w, _ = day.isocalendar()
    return f"{y:04d}-W{w:02d}"


def _resolve_date(m: re.Match[str], today: date | None) -> tuple[bool, str | None]:
    """``(is_a_date, iso_value)`` for one match of ``_DATE`` (on lower-cased text); invalid
    dates are not dates."""
    g = m.group
    if g("iso"):
        d = _safe_date(int(g("iy")), int(g("im")), int(g("id")))
        return d is not None, d.isoformat() if d else None
    if g("sl"):
        a, b, y = int(g("sa")), int(g("sb")), int(g("sy"))
        d = _safe_date(y, a, b) if a <= 12 else _safe_date(y, b, a)
        return d is not None, d.isoformat() if d else None
    if g("dm") or g("md"):
        mon, day, year = (
            (g("dmon"), g("dd"), g("dy")) if g("dm") else (g("mon"), g("md_d"), g("my"))
        )
        month = _MONTH_NUM[mon[:3]]
        if year is None:
            if not 1 <= int(day) <= 31:
                return False, None
            if today is None:
                return True, None
            year = today.year
        d = _safe_date(int(year), month, int(day))
        return d is not None, d.isoformat() if d else None
    if g("ym"):
        return True, f"{int(g('yy')):04d}-{_MONTH_NUM[g('mon')[:3]]:02d}"
    if g("year"):
        return True, g("year")
    if today is None:
        return True, None
    if g("word"):
        w = " ".join(g("word").split())
        if w in ("yesterday", "last night"):
            return True, (today - timedelta(days=1)).isoformat()
        if w == "tomorrow":
            return True, (today + timedelta(days=1)).isoformat()
        if w == "the day before yesterday":
            return True, (today - timedelta(days=2)).isoformat()
        if w == "the day after tomorrow":
            return True, (today + timedelta(days=2)).isoformat()
        return True, today.isoformat()  # today, tonight, this morning/afternoon/evening
    if g("rel"):
        step = {"last": -1, "this": 0, "next": 1}[g("dir")]
        unit = g("unit")
        if unit == "week":
            return True, _iso_week(today + timedelta(weeks=step))
        if unit == "month":
            return True, _add_months(today, step)
        if unit == "year":
            return True, f"{today.year + step:04d}"
        monday = today - timedelta(days=today.weekday())
        if unit == "weekend":
            return True, (monday + timedelta(days=5 + 7 * step)).isoformat()
        target = _WEEKDAYS.index(unit)
        if step == 0:
            return True, (monday + timedelta(days=target)).isoformat()
        if step < 0:
            back = (today.weekday() - target) % 7 or 7
            return True, (today - timedelta(days=back)).isoformat()
        ahead = (target - today.weekday()) % 7 or 7
        return True, (today + timedelta(days=ahead)).isoformat()
    # "<n> <unit>s ago" / "from now"
    raw = " ".join(g("n").split())
    n = int(raw) if raw.isdigit() else _NUMBERS[raw]
    if g("sign") == "ago":
        n = -n
    unit = g("u")
    if unit == "day":
        return True, (today + timedelta(days=n)).isoformat()
    if unit == "week":
        return True, (today + timedelta(weeks=n)).isoformat()
    if unit == "month":
        return True, _add_months(today, n)
    return True, f"{today.year + n:04d}"


def _today(timestamp_ms: int | None) -> date | None:
    if timestamp_ms is None:
        return None
    if isinstance(timestamp_ms, bool) or not isinstance(timestamp_ms, int):
        raise ValidationError(
            "timestamp_ms", "must be an int (ms since the epoch) or None", value=timestamp_ms
        )
    try:
        return datetime.fromtimestamp(timestamp_ms / 1000, tz=UTC).date()
    except (OverflowError, OSError, ValueError) as exc:
        raise ValidationError("timestamp_ms", f"out of range ({exc})", value=timestamp_ms) from None


# --------------------------------------------------------------------------------------------
# Proper-noun spans
# --------------------------------------------------------------------------------------------

_SENTENCE_END = frozenset(".!?…:;\n\r")
# A masked date (NUL) and a comma count as openers: "Yesterday, The ..." still opens a sentence.
_OPENERS = frozenset(" \t\"'“‘«([{*_-–—>,\x00")
_POSSESSIVE = frozenset(["'s", "'S", "’s", "’S"])


def _sentence_initial(text: str, pos: int) -> bool:
    """Whether ``pos`` opens a sentence: only openers (spaces, quotes, brackets) between it and
    the start of the text or a sentence end; a "." after a title ("Dr.") is not one."""
    i = pos - 1
    while i >= 0 and text[i] in _OPENERS:
        i -= 1
    if i < 0:
        return True
    c = text[i]
    if c not in _SENTENCE_END:
        return False
    if c == ".":
        j = i
        while j > 0 and text[j - 1].isalpha():
            j -= 1
        if text[j:i].lower() in _TITLES:
            return False
    return True


def _name_spans(text: str, known: dict[str, str]) -> list[tuple[int, int]]:
    """(start, end) of each proper-noun span in ``text`` (dates already masked)."""
    out: list[tuple[int, int]] = []
    common, breakers = _COMMON, _BREAK
    for run in _RUN.finditer(text):
        run_start = run.start()
        leading = _sentence_initial(text, run_start)
        seg_start = -1
        seg_end = -1
        the_start = -1
        for tok in _TOKEN.finditer(text, run_start, run.end()):
            w = tok.group()
            first = w[0]
            if first == "&" or first.islower():  # a connector: kept only between name words
                continue
            s = tok.start()
            possessive = w[-2:] in _POSSESSIVE
            if possessive:
                w = w[:-2]
            cut = max(w.find("'"), w.find("’"))
            if cut > 0 and not w[cut + 1 : cut + 2].isupper():
                w = ""  # a contraction ("Don't", "I'm", "Can't"); "O'Brien" stays
            low = w.lower()
            if (
                len(w) < 2
                or (
                    leading
                    and (low in common or (low not in known and _COMMON_SHAPE.fullmatch(low)))
                )
                or (low in breakers and low not in known)
            ):
                if not leading and low == "the" and seg_start < 0 and not possessive:
                    the_start = s  # "the Beatles" mid-sentence keeps "The" in the surface
                    continue
                if seg_start >= 0:
                    out.append((seg_start, seg_end))
                seg_start = the_start = -1
                continue
            leading = False
            if seg_start < 0:
                seg_start = the_start if the_start >= 0 else s
                the_start = -1
            seg_end = s + len(w)
            if possessive:
                out.append((seg_start, seg_end))
                seg_start = -1
        if seg_start >= 0:
            out.append((seg_start, seg_end))
    return out


# --------------------------------------------------------------------------------------------
# The extractor
# --------------------------------------------------------------------------------------------


#: Longer "names" are not names (a run of capitalised words, one 64 KiB word); the automaton
#: walks failure links per character, so one long repetitive name made every scan quadratic.
MAX_NAME_CHARS = 120


def _build_automaton(forms: dict[str, tuple[int, str]]) -> ahocorasick.Automaton | None:
    if not forms:
        return None
    auto = ahocorasick.Automaton()
    for form, value in forms.items():
        auto.add_word(form, value)
    auto.make_automaton()
    return auto


MAX_MENTIONS = 64
"""Distinct entities one text links to. A real passage names a few dozen at most; a crafted one
(64 KiB of capitalised words) names thousands, each a graph row written under the write lock."""


class EntityExtractor:
    """Finds names, dates and already-known entities in a text, with no model.

    ``known`` seeds the gazetteer with ``(name, kind)`` pairs (for instance the entities linked
    in earlier memories); :meth:`add_known` grows it. A name added again with another kind takes
    the new kind. Safe to share between threads.
    """

    def __init__(self, known: Iterable[tuple[str, str]] = ()) -> None:
        self._lock = threading.Lock()
        self._known: dict[str, str] = {}  # key -> kind
        self._base_forms: dict[str, tuple[int, str]] = {}  # match form -> (length, kind)
        self._delta_forms: dict[str, tuple[int, str]] = {}
        # (base, delta), replaced as one tuple so a reader never pairs an old base with a new delta
        self._pair: tuple[ahocorasick.Automaton | None, ahocorasick.Automaton | None] = (None, None)
        self._dirty = False
        self.add_known(known)

    def __len__(self) -> int:
        return len(self._known)

    def __repr__(self) -> str:
        return f"EntityExtractor(known={len(self._known)})"

    def add_known(self, names: Iterable[tuple[str, str]]) -> None:
        """Add ``(name, kind)`` pairs to the gazetteer; the automata are rebuilt on next use.

        Names whose key is a common word ("Will", "June", "The") are known but only matched when
        written as a proper noun, never from lower case.
        """
        pairs = list(names)
        with self._lock:
            for item in pairs:
                if not (isinstance(item, tuple) and len(item) == 2):
                    raise ValidationError("known", "expects (name, kind) pairs", value=item)
                name, kind = item
                if not isinstance(name, str) or not isinstance(kind, str) or not kind.strip():
                    raise ValidationError(
                        "known", "name and kind must be non-empty strings", value=item
                    )
                key = mention_key(name)
                if len(key) < 2:
                    raise ValidationError(
                        "known", "a name needs at least two characters", limit=2, value=name
                    )
                self._known[key] = kind
                if key in _COMMON or len(key) > MAX_NAME_CHARS:
                    continue  # a run of 64 KiB of "Aaaa" is no name: its automaton is quadratic
                form = _match_form(name)
                value = (len(form), kind)
                if self._base_forms.get(form) != value:
                    self._delta_forms[form] = value
                    self._dirty = True

    def _automata(self) -> tuple[ahocorasick.Automaton | None, ahocorasick.Automaton | None]:
        """The current (base, delta) automata, rebuilding lazily after ``add_known``."""
        if not self._dirty:
            return self._pair
        with self._lock:
            if self._dirty:
                base = self._pair[0]
                if len(self._delta_forms) > max(32, math.isqrt(len(self._base_forms))):
                    self._base_forms.update(self._delta_forms)
                    self._delta_forms = {}
                    base = _build_automaton(self._base_forms)
                self._pair = (base, _build_automaton(self._delta_forms))
                self._dirty = False
            return self._pair

    def extract(self, text: str, timestamp_ms: int | None = None) -> list[Mention]:
        """The mentions in ``text`` (the first ``MAX_MENTIONS``), sorted by start, one per
        ``(key, kind)``.

        ``timestamp_ms`` (ms since the epoch, UTC) anchors relative dates; without it they are
        still reported, with ``value=None``.
        """
        if not isinstance(text, str):
            raise ValidationError("text", "must be a str", value=type(text).__name__)
        today = _today(timestamp_ms)
        mentions: list[Mention] = []

        # 1. Dates, then mask them so no name or known entity can overlap one.
        lowered = _lower_same_length(text)
        masked, masked_low = text, lowered
        pieces: list[str] = []
        last = 0
        for m in _DATE.finditer(lowered):
            if m.group("mon") == "may" and text[m.start()] == "m":
                continue  # "you may 2 times": lower-case "may" before a number is the verb
            ok, value = _resolve_date(m, today)
            if not ok:
                continue
            s, e = m.span("year") if m.group("year") else m.span()
            surface = text[s:e]
            key = value if value is not None else " ".join(surface.split()).casefold()
            mentions.append(Mention(surface, key, KIND_DATE, s, e, value))
            pieces.append(f"{text[last:s]}{_MASK * (e - s)}")
            last = e
        if pieces:
            pieces.append(text[last:])
            masked = "".join(pieces)
            masked_low = _lower_same_length(masked)

        # 2. Candidates from the gazetteer and from capitalisation; the longest wins.
        known = self._known
        cands: list[tuple[int, int, int, str]] = []  # (start, end, priority, kind)
        base, delta = self._automata()
        if base is not None or delta is not None:
            low = masked_low.replace("’", "'")
            n = len(low)
            for auto in (delta, base):  # delta first: on a tie its (newer) kind wins
                if auto is None:
                    continue
                for end_idx, (length, kind) in auto.iter(low):
                    s = end_idx - length + 1
                    e = end_idx + 1
                    if s > 0 and (low[s - 1].isalnum() or low[s - 1] == "_"):
                        continue
                    if e < n and (low[e].isalnum() or low[e] == "_"):
                        continue
                    cands.append((s, e, 0, kind))
        for s, e in _name_spans(masked, known):
            if e - s > MAX_NAME_CHARS:
                continue
            cands.append((s, e, 1, known.get(mention_key(text[s:e]), KIND_NAME)))

        if cands:
            if len(cands) > 1:
                cands.sort(key=lambda c: (c[0] - c[1], c[2], c[0]))
            # the spans taken so far, disjoint and sorted: only the one starting last before
            # ``e`` can overlap [s, e) (a scan of all of them was quadratic in the mentions)
            starts: list[int] = []
            ends: list[int] = []
            for s, e, _, kind in cands:
                i = bisect.bisect_left(starts, e)
                if i and ends[i - 1] > s:
                    continue
                starts.insert(i, s)
                ends.insert(i, e)
                surface = text[s:e]
                mentions.append(Mention(surface, mention_key(surface), kind, s, e))

        # 3. Order and deduplicate.
        mentions.sort(key=lambda m: m.start)
        seen: set[tuple[str, str]] = set()
        out: list[Mention] = []
        for m in mentions:
            ident = (m.key, m.kind)
            if ident not in seen:
                seen.add(ident)
                out.append(m)
                if len(out) == MAX_MENTIONS:
                    break
        return out
