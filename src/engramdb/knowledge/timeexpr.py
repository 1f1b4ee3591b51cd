"""Time expressions: dates in free text, resolved against the time a sentence was said.

The extraction layer stores "I moved here last May" as a claim with a valid time, so relative
phrases have to become calendar intervals before the turn's timestamp is forgotten. Everything is
deterministic given ``reference``; nothing reads the clock.

Conventions (choices, not facts):

* A mention is the half-open interval ``[start, end)`` in the reference's timezone (a naive
  reference is taken as UTC; explicit offsets such as ``2023-05-07T10:00Z`` are converted to it).
  A ``"moment"`` ("right now", "3 hours ago", an ISO timestamp) has ``start == end``.
* Weeks run Monday to Sunday (ISO). "last week" is the previous calendar week; "the past week" and
  "the last week" are the rolling seven days up to the reference. Weekends are Saturday and Sunday
  and have granularity ``"week"``.
* Numeric dates ``05/07/2023`` and ``05-07-2023`` are read month/day/year (the US order, usual in
  English chat); dateutil reads them day-first only when the first number cannot be a month
  ("25/12/2023"). ``dd.mm.yyyy`` is not recognised.
* A date without a year ("May 7", "in May") takes the reference's year and is ``relative``.
  "last May" is the most recent May before the reference's month, "next May" the first after it.
* "on Tuesday" / "Tuesday": the nearest Tuesday strictly before the reference day, or strictly
  after it when the sentence speaks of the future ("will", "'ll", "going to", "gonna", "plan to",
  ...). "last Tuesday" is the most recent Tuesday strictly before the reference day, "next Friday"
  the first Friday strictly after it, "this Friday" the Friday of the reference's week.
* "N units ago" / "in N units" / "N units from now": the calendar unit containing the reference
  moved by N units, at that unit's granularity (days → day, weeks → ISO week, months → month,
  years and decades → year, hours/minutes/seconds → moment). Months and years move with
  relativedelta (calendar arithmetic); fractional ones fall back to 30 and 365 days.
* Parts of the day: morning 06–12, afternoon 12–18, evening and tonight 18–24, last night 18–06;
  they keep granularity ``"day"`` because they name a day, only more narrowly.
* "in 2019", "since 2019", "summer 2019": the whole year (seasons are not split out).
* Vague phrases ("recently", "soon", "a while ago", ...) are never resolved; :func:`unresolved`
  lists them so the extraction layer can open an uncertainty instead of inventing a date.
* Recurring phrases ("on Tuesdays", "every May") are not mentions of a date and are skipped.
* Times of day ("at 3pm") are not resolved; the date part of a sentence still is.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from functools import cache, lru_cache
from typing import Literal

from dateutil import parser as _dateparser
from dateutil.relativedelta import relativedelta

__all__ = [
    "WEEKDAYS",
    "Granularity",
    "TimeMention",
    "day_set",
    "is_contextual",
    "resolve",
    "unresolved",
]

Granularity = Literal["day", "week", "month", "year", "moment"]


@dataclass(frozen=True, slots=True)
class TimeMention:
    """One time phrase found in a text and the interval it stands for."""

    text: str
    span: tuple[int, int]
    start: datetime
    end: datetime
    granularity: Granularity
    relative: bool


_FLAGS = re.IGNORECASE | re.ASCII

# Small number words, shared with the typed-value parser (values.py builds on these).
_SMALL_NUMBERS: dict[str, int] = {
    "zero": 0,
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
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_DIGIT_WORDS = "one|two|three|four|five|six|seven|eight|nine"
_WORDS_BY_LENGTH = "|".join(sorted(_SMALL_NUMBERS, key=len, reverse=True))

# A count of time units: "3", "1.5", "a", "an", "a couple of", "half an", "twenty-five".
_COUNT = (
    r"(?:(?<![0-9.,])(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?"
    r"|a\s+couple(?:\s+of)?|couple\s+of|half\s+an?"
    rf"|(?:{_TENS})(?:[-\s](?:{_DIGIT_WORDS}))?\b"
    rf"|(?:{_WORDS_BY_LENGTH})\b"
    r"|an?)"
)
_TIME_UNIT = (
    r"(?P<unit>seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|fortnights?"
    r"|months?|years?|yrs?|decades?)\b"
)
_UNIT_KEYS = {
    "sec": "second",
    "min": "minute",
    "hr": "hour",
    "wk": "week",
    "yr": "year",
}
_UNIT_GRANULARITY: dict[str, Granularity] = {
    "second": "moment",
    "minute": "moment",
    "hour": "moment",
    "day": "day",
    "week": "week",
    "fortnight": "week",
    "month": "month",
    "year": "year",
    "decade": "year",
}

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY = "|".join(WEEKDAYS)

#: Days of the week a text names, as ISO weekday numbers from 0 (Monday): full names, groups,
#: and abbreviations capitalised or beside another day ("Sat 10-4", "Fri–Sat", "mon thu": a
#: word alone such as "sat" or "sun" is more often a verb or the sun).
_DAY_WORD = re.compile(
    rf"\b(?:(?P<full>{_WEEKDAY})|(?P<abbr>mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)"
    r"|(?P<group>week\s?days?|weekends?))s?\b",
    re.IGNORECASE,
)
_DAY_GROUPS = {"weekday": frozenset(range(5)), "weekend": frozenset({5, 6})}
#: What joins two days into a span of days ("Monday to Friday", "Mon–Thu", a key's "mon thu").
_DAY_SPAN = re.compile(r"\s*(?:-|–|—|to|through|thru|until|till)\s*|\s+", re.IGNORECASE)


@lru_cache(maxsize=4096)
def day_set(text: str) -> frozenset[int]:
    """The days of the week ``text`` names: "weekends" is {5, 6}, "Monday to Friday" and
    "weekdays" are 0-4, "Fri–Sat" is {4, 5}; empty when it names none. Two days joined by
    "to", a dash or a space are the span between them (wrapping past Sunday)."""
    found: list[tuple[int, int, frozenset[int] | int, bool]] = []
    for m in _DAY_WORD.finditer(text):
        if m.group("group"):
            word = re.sub(r"\s+", "", m.group("group").casefold())
            found.append((m.start(), m.end(), _DAY_GROUPS[word.rstrip("s")], False))
        else:
            name = (m.group("full") or m.group("abbr")).casefold()
            day = next(i for i, d in enumerate(WEEKDAYS) if d.startswith(name[:3]))
            found.append((m.start(), m.end(), day, m.group("abbr") is not None))
    days: set[int] = set()
    i = 0
    while i < len(found):
        start, end, what, abbr = found[i]
        nxt = found[i + 1] if i + 1 < len(found) else None
        between = text[end : nxt[0]] if nxt is not None else ""
        joined = (
            nxt is not None
            and isinstance(what, int)
            and isinstance(nxt[2], int)
            and _DAY_SPAN.fullmatch(between) is not None
            # (a bare space joins only a key's two abbreviations, "mon thu"; "Mon Wed Fri"
            # and "Tuesday Thursday" are lists)
            and (bool(between.strip()) or (abbr and nxt[3] and len(found) == 2))
        )
        if joined and nxt is not None and isinstance(what, int) and isinstance(nxt[2], int):
            last = nxt[2]
            days.update((what + k) % 7 for k in range((last - what) % 7 + 1))
            i += 2
            continue
        if isinstance(what, frozenset):
            days |= what
        elif not abbr or text[start].isupper() or _beside_a_day(found, i, text):
            days.add(what)
        i += 1
    return frozenset(days)


def _beside_a_day(found: list, i: int, text: str) -> bool:
    """An abbreviated day counts beside another day word ("Sat & Sun", "Sat, Sun")."""
    for j in (i - 1, i + 1):
        if 0 <= j < len(found):
            a, b = sorted((found[i], found[j]))[:2]
            if re.fullmatch(r"\s*(?:,|&|and|or|/)?\s*", text[a[1] : b[0]], re.IGNORECASE):
                return True
    return False


_MONTHS = (
    r"(?P<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?"
)
_MONTH_NUMBERS = {
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "may": 5,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
}
_DAY = r"(?P<day>[0-3]?[0-9])(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>[0-9]{4})"
_WEEKDAY_PREFIX = rf"(?:(?:{_WEEKDAY}),?\s+)?"

_FUTURE = re.compile(
    r"\b(?:will|shall|going\s+to|gonna|plan(?:s|ning)?\s+to|intend(?:s|ing)?\s+to|"
    r"scheduled|upcoming)\b|['\u2019]ll\b",
    _FLAGS,
)

# Part-of-day windows as (first hour, hours long).
_PARTS_OF_DAY = {"morning": (6, 6), "afternoon": (12, 6), "evening": (18, 6), "night": (18, 12)}


@dataclass(frozen=True, slots=True)
class _Found:
    mention: TimeMention
    form: str  # which rule found it; values.py treats some forms differently


_Result = tuple[datetime, datetime, Granularity, bool]
Resolver = Callable[[re.Match[str], datetime, str], _Result | None]


# ---------------------------------------------------------------- interval helpers


def _midnight(day: date, tz: tzinfo | None) -> datetime:
    return datetime.combine(day, time(), tzinfo=tz)


def _bounds(moment: datetime, granularity: Granularity) -> tuple[datetime, datetime]:
    """The calendar unit containing ``moment`` (half-open)."""
    tz = moment.tzinfo
    day = moment.date()
    if granularity == "moment":
        return moment, moment
    if granularity == "day":
        return _midnight(day, tz), _midnight(day + timedelta(days=1), tz)
    if granularity == "week":
        monday = day - timedelta(days=day.weekday())
        return _midnight(monday, tz), _midnight(monday + timedelta(days=7), tz)
    if granularity == "month":
        first = day.replace(day=1)
        return _midnight(first, tz), _midnight(first + relativedelta(months=1), tz)
    first = date(day.year, 1, 1)
    return _midnight(first, tz), _midnight(date(day.year + 1, 1, 1), tz)


def _unit_key(raw: str) -> str:
    word = raw.lower().rstrip("s")
    return _UNIT_KEYS.get(word, word)


def _count_value(raw: str) -> float:
    words = re.split(r"[-\s]+", raw.strip().lower())
    if words[0][:1].isdigit():
        return float(words[0].replace(",", ""))
    if "couple" in words:
        return 2.0
    if words[0] == "half":
        return 0.5
    if words[0] in ("a", "an"):
        return 1.0
    return float(sum(_SMALL_NUMBERS.get(w, 0) for w in words))


def _shift(moment: datetime, unit: str, amount: float) -> datetime:
    """Move by a signed number of units; calendar units through relativedelta."""
    if unit in ("month", "year", "decade"):
        months = amount * {"month": 1, "year": 12, "decade": 120}[unit]
        if months == int(months):
            return moment + relativedelta(months=int(months))
        days = amount * {"month": 30, "year": 365, "decade": 3650}[unit]
        return moment + timedelta(days=days)
    seconds = {
        "second": 1,
        "minute": 60,
        "hour": 3600,
        "day": 86400,
        "week": 7 * 86400,
        "fortnight": 14 * 86400,
    }[unit]
    return moment + timedelta(seconds=amount * seconds)


def _sentence_around(text: str, start: int, end: int) -> str:
    left = max(text.rfind(mark, 0, start) for mark in ".!?\n")
    rights = [i for i in (text.find(mark, end) for mark in ".!?\n") if i >= 0]
    return text[left + 1 : min(rights) if rights else len(text)]


class _Sentences:
    """Where the marks of :func:`_sentence_around` are in one text, and whether each sentence
    speaks of the future: found once per text, not searched for again at every weekday (a
    turn of "on Monday on Monday ..." without a full stop was quadratic)."""

    _last: tuple[str, _Sentences] | None = None

    def __init__(self, text: str) -> None:
        self.text = text
        self.marks = [m.start() for m in _MARKS.finditer(text)]
        self.future: dict[tuple[int, int], bool] = {}

    @classmethod
    def of(cls, text: str) -> _Sentences:
        last = cls._last
        if last is not None and last[0] is text:
            return last[1]
        found = cls(text)
        cls._last = (text, found)
        return found

    def future_around(self, start: int, end: int) -> bool:
        """``_FUTURE.search(_sentence_around(text, start, end)) is not None``."""
        k = bisect.bisect_left(self.marks, start)  # marks before start: marks[:k]
        left = self.marks[k - 1] if k else -1
        r = bisect.bisect_left(self.marks, end)  # the first mark at or after end
        right = self.marks[r] if r < len(self.marks) else len(self.text)
        key = (k, r)  # spans between the same two marks are in the same sentence
        if key not in self.future:
            # (no slice: the mark before the sentence is no word character, so "\b" reads
            # the same at its start)
            self.future[key] = _FUTURE.search(self.text, left + 1, right) is not None
        return self.future[key]


_MARKS = re.compile(r"[.!?\n]")


# ---------------------------------------------------------------- resolvers


def _resolve_iso(m: re.Match[str], ref: datetime, _text: str) -> _Result | None:
    raw = m.group(0)
    if len(raw) > 10:
        stamp = _dateparser.isoparse(raw)
        stamp = stamp.replace(tzinfo=ref.tzinfo) if stamp.tzinfo is None else stamp
        stamp = stamp.astimezone(ref.tzinfo)
        return stamp, stamp, "moment", False
    day = _dateparser.isoparse(raw).date()
    return (*_bounds(_midnight(day, ref.tzinfo), "day"), "day", False)


def _resolve_numeric(m: re.Match[str], ref: datetime, _text: str) -> _Result | None:
    parsed = _dateparser.parse(m.group(0), default=datetime(ref.year, 1, 1), fuzzy=False)
    return (*_bounds(_midnight(parsed.date(), ref.tzinfo), "day"), "day", False)


def _resolve_written(m: re.Match[str], ref: datetime, _text: str) -> _Result | None:
    """Dates with a month name: dateutil reads them; the groups say how precise they are."""
    groups = m.groupdict()
    if groups["mon"] == "may" and not groups.get("year"):
        return None  # lower-case "may" without a year is the verb
    raw = re.sub(r"^the\s+", "", m.group(0), flags=_FLAGS)
    parsed = _dateparser.parse(raw, default=datetime(ref.year, 1, 1), fuzzy=False)
    granularity: Granularity = "day" if groups.get("day") else "month"
    start = _midnight(parsed.date(), ref.tzinfo)
    return (*_bounds(start, granularity), granularity, not groups.get("year"))


_NOT_COUNTED = frozenset(
    {"is", "was", "has", "as", "this", "its", "his", "us", "always", "sometimes", "afterwards"}
    | {"towards", "whereas", "unless", "yes", "thus", "plus", "perhaps"}
)


_FOLLOWING_WORD = re.compile(r"\s+([a-z]+)\b", re.ASCII)


def _resolve_year(m: re.Match[str], ref: datetime, text: str) -> _Result | None:
    following = _FOLLOWING_WORD.match(text, m.end())
    if following and following.group(1).endswith("s") and following.group(1) not in _NOT_COUNTED:
        return None  # "for 2000 years", "in 1500 cases": a count, not a year
    start = _midnight(date(int(m.group("year")), 1, 1), ref.tzinfo)
    return (*_bounds(start, "year"), "year", False)


def _resolve_month_name(m: re.Match[str], ref: datetime, _text: str) -> _Result | None:
    if not m.group("mon")[0].isupper():
        return None  # "in may", "by march" are verbs more often than months
    month = _MONTH_NUMBERS[m.group("mon")[:3].lower()]
    mod = (m.group("mod") or "").lower()
    year = ref.year
    if mod == "last":
        year = ref.year if month < ref.month else ref.year - 1
    elif mod == "next":
        year = ref.year if month > ref.month else ref.year + 1
    start = _midnight(date(year, month, 1), ref.tzinfo)
    return (*_bounds(start, "month"), "month", True)


def _resolve_weekday(m: re.Match[str], ref: datetime, text: str) -> _Result | None:
    target = WEEKDAYS.index(m.group("wd").lower())
    mod = (m.group("mod") or "").lower()
    today = ref.date()
    if mod == "this":
        day = today - timedelta(days=today.weekday()) + timedelta(days=target)
    else:
        future = mod in ("next", "coming") or (
            mod in ("", "on") and _Sentences.of(text).future_around(*m.span())
        )
        if future:
            day = today + timedelta(days=(target - today.weekday() - 1) % 7 + 1)
        else:
            day = today - timedelta(days=(today.weekday() - target - 1) % 7 + 1)
    return (*_bounds(_midnight(day, ref.tzinfo), "day"), "day", True)


def _resolve_day_word(m: re.Match[str], ref: datetime, _text: str) -> _Result | None:
    phrase = re.sub(r"\s+", " ", m.group(0).lower())
    offset = 0
    if "before yesterday" in phrase:
        offset = -2
    elif "after tomorrow" in phrase:
        offset = 2
    elif phrase.startswith("yesterday") or phrase == "last night":
        offset = -1
    elif phrase.startswith("tomorrow"):
        offset = 1
    day = ref.date() + timedelta(days=offset)
    start, end = _bounds(_midnight(day, ref.tzinfo), "day")
    part = "night" if phrase in ("tonight", "last night") else phrase.rsplit(" ", 1)[-1]
    if part in _PARTS_OF_DAY:
        first, hours = _PARTS_OF_DAY[part]
        if phrase == "tonight":
            hours = 6
        start = start + timedelta(hours=first)
        end = start + timedelta(hours=hours)
    return start, end, "day", True


def _resolve_now(_m: re.Match[str], ref: datetime, _text: str) -> _Result | None:
    return ref, ref, "moment", True


def _resolve_period(m: re.Match[str], ref: datetime, _text: str) -> _Result | None:
    unit = (m.group("unit") or m.group("unit2")).lower()
    mod = re.sub(r"\s+", " ", (m.group("mod") or m.group("mod2")).lower())
    rolling = mod == "past" or (m.group("the") is not None and mod in ("last", "next", "coming"))
    if rolling:
        step = {"weekend": "week"}.get(unit, unit)
        if mod in ("next", "coming"):
            return ref, _shift(ref, step, 1), _UNIT_GRANULARITY[step], True
        return _shift(ref, step, -1), ref, _UNIT_GRANULARITY[step], True
    steps = {
        "last": -1,
        "previous": -1,
        "this": 0,
        "next": 1,
        "coming": 1,
        "before last": -2,
        "after next": 2,
    }[mod]
    if unit == "weekend":
        start, _ = _bounds(_shift(ref, "week", steps), "week")
        start = start + timedelta(days=5)
        return start, start + timedelta(days=2), "week", True
    granularity = _UNIT_GRANULARITY[unit]
    return (*_bounds(_shift(ref, unit, steps), granularity), granularity, True)


def _resolve_offset(m: re.Match[str], ref: datetime, _text: str) -> _Result | None:
    unit = _unit_key(m.group("unit"))
    amount = _count_value(m.group("n"))
    sign = -1 if m.group(0).lower().rstrip().endswith("ago") else 1
    granularity = _UNIT_GRANULARITY[unit]
    moved = _shift(ref, unit, sign * amount)
    return (*_bounds(moved, granularity), granularity, True)


def _resolve_rolling_count(m: re.Match[str], ref: datetime, _text: str) -> _Result | None:
    unit = _unit_key(m.group("unit"))
    amount = _count_value(m.group("n"))
    return _shift(ref, unit, -amount), ref, _UNIT_GRANULARITY[unit], True


# (form, pattern, resolver, group naming the span or None for the whole match)
_RULES: list[tuple[str, re.Pattern[str], Resolver, str | None]] = [
    (
        "iso",
        re.compile(
            r"(?<![0-9])[0-9]{4}-[0-9]{2}-[0-9]{2}"
            r"(?:T[0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]{1,6})?)?(?:Z|[+-][0-9]{2}:?[0-9]{2})?)?"
            r"(?![0-9:])",
            re.ASCII,
        ),
        _resolve_iso,
        None,
    ),
    (
        "numeric",
        re.compile(
            r"(?<![0-9/.-])(?:[0-9]{1,2}([/-])[0-9]{1,2}\1(?:[0-9]{4}|[0-9]{2})"
            r"|[0-9]{4}/[0-9]{1,2}/[0-9]{1,2})(?![0-9/]|-[0-9])",
            re.ASCII,
        ),
        _resolve_numeric,
        None,
    ),
    (
        "written",
        re.compile(
            rf"\b{_WEEKDAY_PREFIX}(?:the\s+)?{_DAY}(?:\s+of)?\s+{_MONTHS}(?:,?\s+{_YEAR}\b)?",
            _FLAGS,
        ),
        _resolve_written,
        None,
    ),
    (
        "written",
        re.compile(
            rf"\b{_WEEKDAY_PREFIX}{_MONTHS}\s+{_DAY}\b(?!:|\.[0-9])(?:,?\s+{_YEAR}\b)?", _FLAGS
        ),
        _resolve_written,
        None,
    ),
    (
        "written",
        re.compile(rf"\b{_MONTHS},?\s+(?:of\s+)?{_YEAR}\b", _FLAGS),
        _resolve_written,
        None,
    ),
    (
        "year",
        re.compile(
            r"(?:\b(?:in|since|during|until|till|by|before|after|from|of|for|around|circa|early"
            r"|late|summer|winter|spring|autumn|fall)\s+(?:of\s+)?|\bmid-)"
            r"(?P<year>1[5-9][0-9]{2}|2[01][0-9]{2})\b(?![,.]?[0-9])(?!\s*(?:%|percent\b))",
            _FLAGS,
        ),
        _resolve_year,
        "year",
    ),
    (
        "month",
        re.compile(
            r"\b(?P<mod>last|this|next|in|since|during|until|till|by|early|late|mid-?)\s*"
            rf"(?<=\s|-){_MONTHS}(?!\s*[0-9])",
            _FLAGS,
        ),
        _resolve_month_name,
        "month",
    ),
    (
        "weekday",
        re.compile(
            rf"\b(?:(?P<mod>last|this|next|coming|past|on)\s+)?(?P<wd>{_WEEKDAY})\b", _FLAGS
        ),
        _resolve_weekday,
        "weekday",
    ),
    (
        "day",
        re.compile(
            r"\b(?:the\s+day\s+before\s+yesterday|the\s+day\s+after\s+tomorrow"
            r"|(?:yesterday|tomorrow)(?:\s+(?:morning|afternoon|evening|night))?"
            r"|today|tonight|this\s+(?:morning|afternoon|evening)|last\s+night)\b",
            _FLAGS,
        ),
        _resolve_day_word,
        None,
    ),
    (
        "now",
        re.compile(
            r"\b(?:right\s+now|just\s+now|at\s+the\s+moment|at\s+present|currently|now)\b", _FLAGS
        ),
        _resolve_now,
        None,
    ),
    (
        "period",
        re.compile(
            r"\b(?:(?P<the>the\s+)?(?P<mod>last|this|next|previous|past|coming)\s+"
            r"(?P<unit>week|weekend|month|year)"
            r"|the\s+(?P<unit2>week|weekend|month|year)\s+(?P<mod2>before\s+last|after\s+next))\b",
            _FLAGS,
        ),
        _resolve_period,
        None,
    ),
    (
        "ago",
        re.compile(rf"\b(?P<n>{_COUNT})\s+{_TIME_UNIT}\s+ago\b", _FLAGS),
        _resolve_offset,
        None,
    ),
    (
        "from_now",
        re.compile(rf"\b(?P<n>{_COUNT})\s+{_TIME_UNIT}\s+from\s+(?:now|today)\b", _FLAGS),
        _resolve_offset,
        None,
    ),
    ("in", re.compile(rf"\bin\s+(?P<n>{_COUNT})\s+{_TIME_UNIT}", _FLAGS), _resolve_offset, None),
    (
        "rolling",
        re.compile(rf"\b(?:the\s+)?(?:past|last)\s+(?P<n>{_COUNT})\s+{_TIME_UNIT}", _FLAGS),
        _resolve_rolling_count,
        None,
    ),
]

_SPAN_GROUPS = {"weekday": ("mod", "wd"), "month": ("mod", "mon")}

# What each rule of _RULES cannot match without (in order): groups of words, each group
# needing one of its words in the lower-cased text ("0" stands for any digit). A sentence of a
# price list names no month and no weekday, so most rules are not run over it at all.
_MONTH_WORDS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_UNIT_WORDS = ("sec", "min", "hour", "hr", "day", "week", "wk", "fortnight", "month", "year")
_UNIT_WORDS += ("yr", "decade")
_DAY_WORDS = (
    "yesterday",
    "tomorrow",
    "today",
    "tonight",
    "morning",
    "afternoon",
    "evening",
    "night",
)
_NOW_WORDS = ("now", "moment", "present", "currently")
_PERIOD_WORDS = ("week", "month", "year")
_RULE_NEEDS: tuple[tuple[tuple[str, ...], ...], ...] = (
    (("0",), ("-",)),  # iso
    (("0",), ("/", "-")),  # numeric
    (("0",), _MONTH_WORDS),  # written: 3 May
    (("0",), _MONTH_WORDS),  # written: May 3
    (("0",), _MONTH_WORDS),  # written: May 2024
    (("0",),),  # year
    (_MONTH_WORDS,),  # month
    (WEEKDAYS,),  # weekday
    (_DAY_WORDS,),  # day
    (_NOW_WORDS,),  # now
    (_PERIOD_WORDS,),  # period
    (("ago",), _UNIT_WORDS),
    (("from",), _UNIT_WORDS),
    (("in",), _UNIT_WORDS),
    (("past", "last"), _UNIT_WORDS),  # rolling
)
assert len(_RULE_NEEDS) == len(_RULES)
_NEED_GROUPS = list(dict.fromkeys(group for needs in _RULE_NEEDS for group in needs))
_NEED_PATTERNS = [
    re.compile("[0-9]" if group == ("0",) else "|".join(map(re.escape, group)))
    for group in _NEED_GROUPS
]
_RULE_MASKS = [sum(1 << _NEED_GROUPS.index(g) for g in needs) for needs in _RULE_NEEDS]


def _rules_for(text: str) -> list[tuple[str, re.Pattern[str], Resolver, str | None]]:
    """The rules that can match ``text`` (lower-casing only ever adds letters to look for,
    so no rule that could match is left out)."""
    low = text.lower()
    present = 0
    for bit, pattern in enumerate(_NEED_PATTERNS):
        if pattern.search(low) is not None:
            present |= 1 << bit
    return _rules_of(present)


@cache
def _rules_of(present: int) -> list[tuple[str, re.Pattern[str], Resolver, str | None]]:
    return [rule for rule, mask in zip(_RULES, _RULE_MASKS, strict=True) if mask & present == mask]


def _span_of(form: str, m: re.Match[str]) -> tuple[int, int]:
    """Prepositions ("in", "on", "since") gate a match but are not part of the date."""
    if form == "year":
        return m.span("year")
    if form in _SPAN_GROUPS:
        mod_group, core = _SPAN_GROUPS[form]
        mod = (m.group(mod_group) or "").lower()
        if mod in ("last", "this", "next", "coming", "past"):
            return m.start(mod_group), m.end(core)
        return m.span(core)
    return m.span()


def _select(found: Iterable[_Found]) -> list[_Found]:
    """Leftmost, then longest, then first rule; no two mentions overlap."""
    ordered = sorted(
        enumerate(found),
        key=lambda item: (
            item[1].mention.span[0],
            -(item[1].mention.span[1] - item[1].mention.span[0]),
            item[0],
        ),
    )
    chosen: list[_Found] = []
    last_end = -1
    for _, f in ordered:
        if f.mention.span[0] >= last_end:
            chosen.append(f)
            last_end = f.mention.span[1]
    return chosen


def _as_reference(reference: datetime) -> datetime:
    return reference.replace(tzinfo=UTC) if reference.tzinfo is None else reference


# Every rule needs a digit or one of these words (each rule's most telling group of
# _RULE_NEEDS): a text with none holds no mention, and one search says so (a turn of thousands
# of one-word sentences ran every rule on each).
_ANY_RULE = re.compile(
    "[0-9]|"
    + "|".join((*_MONTH_WORDS, *WEEKDAYS, *_DAY_WORDS, *_NOW_WORDS, *_PERIOD_WORDS, *_UNIT_WORDS)),
    _FLAGS,
)


def _find(text: str, reference: datetime) -> list[_Found]:
    """Every resolvable mention with the rule that found it (values.py needs the rule)."""
    if _ANY_RULE.search(text) is None:
        return []
    return list(_find_all(text, _as_reference(reference)))


@lru_cache(maxsize=512)
def _find_all(text: str, ref: datetime) -> tuple[_Found, ...]:
    """Cached: one sentence is read for times by its dates, its values and its vague phrases
    in turn."""
    return _collect(text, ref, _rules_for(text))


def _collect(
    text: str, ref: datetime, rules: list[tuple[str, re.Pattern[str], Resolver, str | None]]
) -> tuple[_Found, ...]:
    found: list[_Found] = []
    for form, pattern, resolver, _group in rules:
        for m in pattern.finditer(text):
            try:
                result = resolver(m, ref, text)
            except (ValueError, OverflowError, KeyError, IndexError):
                continue  # impossible dates ("Feb 30") or out of range ("10**9 years ago")
            if result is None:
                continue
            start, end, granularity, relative = result
            s, e = _span_of(form, m)
            mention = TimeMention(text[s:e], (s, e), start, end, granularity, relative)
            found.append(_Found(mention, form))
    return tuple(_select(found))


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def resolve(text: str, reference: datetime) -> list[TimeMention]:
    """Find the time phrases in ``text`` and pin them to calendar intervals.

    Relative phrases are read against ``reference`` (the turn's time), so the same sentence
    always yields the same dates. Vague phrases are left out: see :func:`unresolved`.
    """
    return [f.mention for f in _find(text, reference)]


# ---------------------------------------------------------------- vague and contextual

_VAGUE = re.compile(
    r"\b(?:soon|recently|lately|eventually|someday|some\s+day|sometime|some\s+time(?:\s+ago)?"
    r"|(?:a\s+(?:little\s+)?|quite\s+a\s+)?while\s+(?:ago|back)|in\s+a\s+while|at\s+some\s+point"
    r"|the\s+other\s+day|one\s+of\s+these\s+days|in\s+the\s+(?:near\s+|distant\s+)?(?:future|past)"
    r"|back\s+then|back\s+in\s+the\s+day|(?:a\s+)?long\s+time\s+ago|long\s+ago|not\s+long\s+ago"
    r"|ages\s+ago|before\s+long|sooner\s+or\s+later|any\s+day\s+now|shortly|later\s+on"
    r"|(?:the\s+)?(?:past|last)\s+(?:few|several|couple\s+of)\s+(?:days|weeks|months|years)"
    r"|(?:many|several|some|a\s+few|a\s+number\s+of|few)\s+"
    r"(?:seconds|minutes|hours|days|weeks|months|years|decades)\s+(?:ago|back|from\s+now)"
    r"|in\s+(?:a\s+few|several|some|the\s+coming)\s+(?:days|weeks|months|years)"
    r"|(?:years|months|weeks|decades)\s+ago)\b",
    _FLAGS,
)
# "One day I'll go" is vague; "it took one day" is a duration. Only a clause-initial "one day"
# that is not followed by a comparison or unit word counts.
_ONE_DAY = re.compile(
    r"(?:^|(?<=[,;:.!?\"(])|(?<=\band\b)|(?<=\bbut\b)|(?<=\bmaybe\b)|(?<=\bperhaps\b)"
    r"|(?<=\bhopefully\b)|(?<=\bthat\b))\s*(?P<p>one\s+day)\b(?!\s+(?:ago|later|before|after|earlier"
    r"|of|per|and|or|to|is|was|will|at|for|in|from|long|trip|pass|delivery|shipping))",
    _FLAGS,
)
# a word each alternative of _VAGUE needs (lower-cased text)
_VAGUE_NEEDS = re.compile(
    "soon|recent|late|eventual|some|while|other|these|future|past|back|ago|long|sooner|day"
    "|short|last|few|several|coming|from"
)
_CONTEXTUAL = re.compile(
    r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening|week|weekend)|right\s+now"
    r"|at\s+the\s+moment|at\s+present|currently|for\s+now|for\s+the\s+time\s+being"
    r"|this\s+moment)\b|\btoday['\u2019]s\b",
    _FLAGS,
)


_ANY_REFERENCE = datetime(2000, 1, 1, tzinfo=UTC)


def _vague_spans(text: str, found: list[_Found] | None = None) -> list[tuple[int, int]]:
    """Vague phrases, minus any that a resolvable mention covers ("years ago" in "two years
    ago"). Which phrases resolve does not depend on the reference, so any will do."""
    if found is None:
        found = _find(text, _ANY_REFERENCE)
    low = text.lower()  # (every vague phrase has one of these words: most sentences none)
    spans = [m.span() for m in _VAGUE.finditer(text)] if _VAGUE_NEEDS.search(low) else []
    if "one" in low and "day" in low:
        spans += [m.span("p") for m in _ONE_DAY.finditer(text)]
    index = _SpanIndex([f.mention.span for f in found])
    return sorted(s for s in spans if not index.overlaps(*s))


class _SpanIndex:
    """Spans sorted by start with the running maximum of their ends: whether any of them
    overlaps a span (``s < end`` and ``start < e``) in logarithmic time, where testing each
    against all was quadratic over thousands of them."""

    def __init__(self, spans: list[tuple[int, int]]) -> None:
        ordered = sorted(spans)
        self.starts = [s for s, _ in ordered]
        self.max_ends: list[int] = []
        top = -1
        for _, e in ordered:
            top = max(top, e)
            self.max_ends.append(top)

    def overlaps(self, start: int, end: int) -> bool:
        k = bisect.bisect_left(self.starts, end)  # the spans that start before end
        return k > 0 and self.max_ends[k - 1] > start


def unresolved(text: str, reference: datetime | None = None) -> list[str]:
    """Vague time phrases that name no interval, in order; each becomes an open uncertainty.
    (Which phrases resolve does not depend on ``reference``: passing the one the text is read
    against only lets this reuse that reading.)"""
    found = _find(text, reference) if reference is not None else None
    return [text[s:e] for s, e in _vague_spans(text, found)]


def is_contextual(text: str) -> bool:
    """True when the sentence describes a passing state ("I'm tired today") rather than a
    lasting fact, so the claim belongs in short-lived context memory."""
    return _CONTEXTUAL.search(text) is not None
