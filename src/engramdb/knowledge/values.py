"""Typed values: the amounts, durations and dates inside a claim, in canonical units.

The reconciler has to tell whether two claims about the same thing agree when they are phrased
differently ("60 days" against "within 30 days of delivery", "$49.99" against "49.99 USD"). So
values are parsed once into a canonical magnitude and unit and compared numerically. Everything
here is pure and never raises on arbitrary text.

Conventions (choices, not facts):

* **duration**: seconds, unit ``"s"``. Units and conversions come from pint, except the calendar
  ones, which pint models astronomically (a pint month is 30.44 days). Here a month is 30 days,
  a year 365 days, a decade 10 years and a century 100 years. Calendar months really run 28 to 31
  days, so when either side is stated in months or longer the comparison tolerance is at least
  3.5 %: "a month" = "30 days" = "31 days", "12 months" = "a year", but "30 days" ≠ "60 days".
* **money**: the currency's own units, unit = ISO 4217 code. "$" is USD (``C$``, ``A$``, ``HK$``
  ... are CAD, AUD, HKD), "¥" is JPY, "cents" are hundredths of a USD and "pence" of a GBP.
  "pounds" alone is a weight; GBP needs "£", "quid" or "pounds sterling". There are no exchange
  rates offline: amounts in different currencies are incomparable. "k"/"m"/"bn" after an amount
  multiply it ("$50k").
* **quantity**: SI base units via pint; unit = pint's base-unit string ("kilogram",
  "meter / second", "kelvin", "bit" for information, "radian" for angles). Only everyday units
  are trusted (pint also reads "pm" as picometre and "kilos" as kiloseconds); a bare "in", "a",
  "us", "K" or "A" after a number is never a unit, a bare "C"/"F" is a temperature.
  Temperatures compare with an absolute tolerance of 0.5 K, since a relative tolerance on
  kelvin would call 20 °C and 22 °C the same.
* **date**: the proleptic Gregorian ordinal (``date.toordinal``) of the first day of the
  interval, unit = granularity ``"day"``, ``"week"``, ``"month"`` or ``"year"`` (a timestamp is a
  day). Two dates compare at the coarser granularity of the two. Relative dates ("last week")
  need ``reference``; without one they are left out rather than guessed. "in two weeks" is read
  as a duration here (as in "ships in two weeks"); :mod:`.timeexpr` reads it as a date.
* **percent** 0..100, **boolean** 1.0/0.0 (only where the word stands as a value: "is enabled",
  "set to true", a lone "yes"), **number** unit ``None``. "one" after a determiner ("the one",
  "no one") and a bare "a" are not numbers; "a" counts as 1 before a unit ("a month").
* **text**: ``normalised`` is NFKC, casefolded, without articles or punctuation, whitespace
  collapsed. Every value carries ``normalised``; for the other kinds it is a canonical string
  such as ``"2592000 s"`` or ``"49.99 USD"``, usable as a key.

Ranges ("30–60 days"), fractions ("1/2 cup"), European decimal commas ("5,99 €") and times of
day ("3pm", which are skipped) are not parsed as values.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
import unicodedata
from dataclasses import dataclass
from datetime import date, datetime
from typing import Literal

import pint

from engramdb.knowledge import timeexpr
from engramdb.knowledge.timeexpr import _SMALL_NUMBERS

__all__ = [
    "BOUNDS",
    "Kind",
    "TypedValue",
    "Verdict",
    "bound_before",
    "compare",
    "normalise_text",
    "parse_value",
    "parse_values",
    "says_free",
]

Kind = Literal["duration", "money", "quantity", "date", "boolean", "percent", "number", "text"]
Verdict = Literal["same", "different", "incomparable"]


@dataclass(frozen=True, slots=True)
class TypedValue:
    """A value found in text, in canonical units (see the module docstring)."""

    kind: Kind
    magnitude: float | None
    unit: str | None
    text: str
    span: tuple[int, int]
    normalised: str = ""


_A = re.ASCII
_AI = re.ASCII | re.IGNORECASE


def _wordset(words: str) -> frozenset[str]:
    return frozenset(words.split())


# ---------------------------------------------------------------- units (pint)

_CALENDAR_TOLERANCE = 0.035
_TEMPERATURE_TOLERANCE_K = 0.5

_EVERYDAY_PREFIXES = frozenset({"", "kilo", "centi", "milli", "micro", "nano", "deci"})
_DATA_PREFIXES = frozenset(
    {"", "kilo", "mega", "giga", "tera", "peta", "kibi", "mebi", "gibi", "tebi", "pebi"}
)
_NO_PREFIX = frozenset({""})
# pint unit name -> prefixes trusted with it. Conversions stay pint's; this only says which of
# pint's many readings of a word are everyday units.
_TRUSTED_UNITS: dict[str, frozenset[str]] = {
    "meter": _EVERYDAY_PREFIXES,
    "gram": frozenset({"", "kilo", "milli", "micro"}),
    "liter": frozenset({"", "milli", "centi", "deci"}),
    "second": frozenset({"", "milli", "micro", "nano"}),
    "byte": _DATA_PREFIXES,
    "bit": _DATA_PREFIXES,
    "hertz": frozenset({"", "kilo", "mega", "giga"}),
    "watt": frozenset({"", "kilo", "mega", "giga", "milli"}),
    "watt_hour": frozenset({"", "kilo", "mega", "giga"}),
    "joule": frozenset({"", "kilo", "mega"}),
    "calorie": frozenset({"", "kilo"}),
    "volt": frozenset({"", "kilo", "milli"}),
    "ampere": frozenset({"", "milli"}),
    "ampere_hour": frozenset({"", "milli"}),
    "ohm": frozenset({"", "kilo", "mega"}),
    "newton": frozenset({"", "kilo"}),
    "pascal": frozenset({"", "kilo", "mega", "hecto"}),
    "bar": frozenset({"", "milli"}),
}
for _name in _wordset(
    "minute hour day week fortnight calendar_month calendar_year calendar_decade calendar_century"
    " inch foot yard mile nautical_mile light_year metric_ton ton pound ounce stone gallon quart"
    " pint cup fluid_ounce teaspoon tablespoon cubic_centimeter degree_Celsius degree_Fahrenheit"
    " kelvin degree radian acre hectare mile_per_hour kilometer_per_hour knot horsepower"
    " revolutions_per_minute pound_force_per_square_inch standard_atmosphere"
):
    _TRUSTED_UNITS[_name] = _NO_PREFIX

# Surface spellings pint does not know or reads otherwise -> pint unit expressions.
_ALIASES: dict[str, str] = {
    **dict.fromkeys(("month", "months", "mo", "mos", "mth", "mths"), "calendar_month"),
    **dict.fromkeys(("year", "years", "yr", "yrs"), "calendar_year"),
    **dict.fromkeys(("decade", "decades"), "calendar_decade"),
    **dict.fromkeys(("century", "centuries"), "calendar_century"),
    **dict.fromkeys(("wk", "wks"), "week"),
    **dict.fromkeys(("amp", "amps"), "ampere"),
    **dict.fromkeys(("kilo", "kilos", "kgs"), "kilogram"),
    **dict.fromkeys(("celsius", "centigrade"), "degree_Celsius"),
    "fahrenheit": "degree_Fahrenheit",
    "kb": "kilobyte",
    "kbps": "kilobit / second",
    "mbps": "megabit / second",
    "gbps": "gigabit / second",
    **dict.fromkeys(("gig", "gigs"), "gigabyte"),  # "100 gigs of data"
    "fl_oz": "fluid_ounce",
    "fl_ozs": "fluid_ounce",
}
_CASED_ALIASES = {"C": "degree_Celsius", "F": "degree_Fahrenheit"}
# Words that pint reads as units but that in prose are something else.
_NOT_UNITS_ANY_CASE = frozenset(
    {"a", "an", "in", "at", "as", "am", "pm", "us", "me", "he", "pt", "ha", "rd", "nd", "th", "st"}
)
_SINGLE_LETTER_UNITS = frozenset("mglLshdtWVNJCF")
# After "a"/"an" these are idioms ("a bit", "a ton of", "a second"), not measurements.
_NOT_UNITS_AFTER_ARTICLE = frozenset(
    {"bit", "bits", "ton", "tons", "stone", "second", "cup", "point", "pint", "hand"}
)
_CALENDAR_WORDS = re.compile(
    r"\b(?:months?|mos?|mths?|years?|yrs?|decades?|century|centuries)\b", _AI
)


@functools.cache
def _registry() -> pint.UnitRegistry:
    ureg = pint.UnitRegistry()
    ureg.define("calendar_month = 30 * day")
    ureg.define("calendar_year = 365 * day")
    ureg.define("calendar_decade = 10 * calendar_year")
    ureg.define("calendar_century = 100 * calendar_year")
    return ureg


@functools.lru_cache(maxsize=4096)
def _unit_name(token: str) -> str | None:
    """The pint unit for one surface token, or None when it is not an everyday unit."""
    low = token.lower()
    if low in _NOT_UNITS_ANY_CASE or (len(token) == 1 and token not in _SINGLE_LETTER_UNITS):
        return None
    if token in _CASED_ALIASES:
        return _CASED_ALIASES[token]
    if low in _ALIASES:
        return _ALIASES[low]
    ureg = _registry()
    for spelling in dict.fromkeys((token, low)):
        try:
            readings = ureg.parse_unit_name(spelling)
        except Exception:  # pint raises several types on odd strings; none matter here
            continue
        for prefix, name, _suffix in readings:
            if prefix in _TRUSTED_UNITS.get(name, frozenset()):
                return prefix + name
    return None


def _unit_expr(token: str) -> str | None:
    """Token with an optional "/" and superscripts ("km/h", "m²") as a pint expression."""
    parts = []
    for piece in token.split("/"):
        power = {"²": 2, "³": 3}.get(piece[-1:], 1) if piece else 1
        name = _unit_name(piece.rstrip("²³")) if piece.rstrip("²³") else None
        if name is None:
            return None
        parts.append(f"({name})" if power == 1 else f"({name})**{power}")
    return " / ".join(parts)


def _measure(value: float, expr: str) -> tuple[Kind, float, str] | None:
    """Convert to base units; None for units that leave a bare number (pint's dimensionless).
    A unit without an offset converts by one factor, found once per unit: a pint conversion
    costs a fifth of a millisecond, and a price list of thousands of different "N days" must
    cost what one conversion does. Temperatures (an offset) convert value by value."""
    base = _base_unit(expr)
    if base is None:
        return None
    kind, factor, unit = base
    if factor is None:
        return _convert(value, expr)
    magnitude = float(value) * factor
    return (kind, magnitude, unit) if math.isfinite(magnitude) else None


@functools.lru_cache(maxsize=4096)
def _base_unit(expr: str) -> tuple[Kind, float | None, str] | None:
    """What one of ``expr`` is in base units (the factor is None for an offset unit)."""
    one = _convert(1.0, expr)
    if one is None:
        return None
    offset = _convert(0.0, expr)
    factor = one[1] if offset is not None and offset[1] == 0.0 else None
    return one[0], factor, one[2]


@functools.lru_cache(maxsize=4096)
def _convert(value: float, expr: str) -> tuple[Kind, float, str] | None:
    ureg = _registry()
    try:
        q = ureg.Quantity(value, expr).to_base_units()
        magnitude = float(q.magnitude)
        unit = str(q.units)
        dims = str(q.dimensionality)
    except Exception:  # offset units in compounds, overflow, pint parse errors
        return None
    if dims == "[time]":
        return "duration", magnitude, "s"
    if unit in ("", "dimensionless"):
        return None
    return "quantity", magnitude, unit


# ---------------------------------------------------------------- money

_CODES = (
    "USD|EUR|GBP|JPY|CHF|CAD|AUD|NZD|CNY|RMB|INR|SEK|NOK|DKK|PLN|CZK|HUF|RUB|BRL|MXN|ZAR|SGD|HKD"
    "|KRW|TRY|ILS|AED|SAR|THB|IDR|MYR|PHP"
)
_SYMBOLS = {
    "$": "USD",
    "€": "EUR",
    "£": "GBP",
    "¥": "JPY",
    "₹": "INR",
    "₩": "KRW",
    "₽": "RUB",
    "₺": "TRY",
    "₪": "ILS",
}
_DOLLARS = {"US": "USD", "CA": "CAD", "C": "CAD", "A": "AUD", "AU": "AUD", "NZ": "NZD"}
_DOLLARS |= {"HK": "HKD", "S": "SGD"}
_CURRENCY_WORDS: dict[str, tuple[str, float]] = {
    "dollar": ("USD", 1.0),
    "buck": ("USD", 1.0),
    "euro": ("EUR", 1.0),
    "quid": ("GBP", 1.0),
    "yen": ("JPY", 1.0),
    "yuan": ("CNY", 1.0),
    "renminbi": ("CNY", 1.0),
    "rupee": ("INR", 1.0),
    "cent": ("USD", 0.01),
    "penny": ("GBP", 0.01),
    "pennie": ("GBP", 0.01),
    "pence": ("GBP", 0.01),
    "pound sterling": ("GBP", 1.0),
}
_SYMBOL_CLASS = "[" + "".join(_SYMBOLS) + "]"
_MONEY_PREFIX = re.compile(
    rf"(?:(?:(?<![A-Za-z])(?P<dp>US|CA|C|A|AU|NZ|HK|S))?\$|(?P<sym>{_SYMBOL_CLASS})"
    rf"|(?<![A-Za-z])(?P<code>{_CODES}))[ \t]?\Z",
    _A,
)
_MONEY_SUFFIX = re.compile(
    rf"(?P<sym>{_SYMBOL_CLASS})|(?P<code>{_CODES})\b"
    r"|(?i:(?P<word>dollars?|bucks?|euros?|quid|yen|yuan|renminbi|rupees?|cents?|pennies|penny"
    r"|pence|pounds?\s+sterling))\b"
    r"|(?P<pence>p)(?!\.?m\b)(?![\w-])(?!\.\w)",  # "350p a wash" (not "10p.m.", "12px")
    _A,
)
#: Numbers that read as a video resolution before a "p" ("1080p"), not as pence.
_RESOLUTIONS = frozenset({144.0, 240.0, 360.0, 480.0, 576.0, 720.0, 1080.0, 1440.0, 2160.0})
_MONEY_MULTIPLIER = re.compile(r"[ \t]?(?P<m>k|K|m|M|mn|bn|B)\b", _A)
_MULTIPLIERS = {"k": 1e3, "K": 1e3, "m": 1e6, "M": 1e6, "mn": 1e6, "bn": 1e9, "B": 1e9}
_TRAILING_CODE = re.compile(rf"[ \t]?(?P<code>{_CODES})\b", _A)


def _currency(code: str) -> str:
    return "CNY" if code == "RMB" else code


# ---------------------------------------------------------------- numbers

_SCALES = {"hundred": 100.0, "thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
_DIGITS = re.compile(
    r"(?<![\w.:])(?:(?<![0-9,])-)?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?(?![0-9]|\.[0-9])",
    _A,
)
_DIGIT_SCALE = re.compile(r"[ \t]+(?P<s>hundred|thousand|million|billion|trillion)\b", _AI)
_AND_A_HALF = re.compile(r"[ \t]+and[ \t]+a[ \t]+half\b", _AI)
_ORDINAL_SUFFIX = re.compile(r"(?:st|nd|rd|th)(?![A-Za-z])", _AI)
_WORD = re.compile(r"[A-Za-z]+", _A)
_JOIN = re.compile(r"[ \t]+|-")
_DETERMINERS = _wordset(
    "the this that which every any no each some another a an last next first only other same"
    " little big new old right wrong"
)
_NOT_COUNT_AFTER_ONE = frozenset({"of", "another", "by", "more", "or", "another's"})
_RATE_WORDS = frozenset({"once", "twice", "thrice", "times", "per", "every", "each"})


@dataclass(frozen=True, slots=True)
class _Num:
    start: int
    end: int
    value: float
    needs_unit: bool = False  # "a", "half an", "the one": a number only with a unit after it
    article: bool = False  # a bare "a"/"an": not a count when it follows another value


class _Words:
    """Word tokens of a text, and whether neighbours are joined by a space or a hyphen."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = [(m.group().lower(), m.start(), m.end()) for m in _WORD.finditer(text)]

    def word(self, k: int, *, joined_to_previous: bool = True) -> str | None:
        if k >= len(self.toks) or k < 0:
            return None
        if joined_to_previous and k > 0:
            gap = _JOIN.fullmatch(self.text, self.toks[k - 1][2], self.toks[k][1])
            if gap is None:
                return None
        return self.toks[k][0]


def _read_count(words: _Words, i: int, seed: float) -> tuple[int, float]:
    """Cardinal number words from token i: returns (next token, value); next == i if none.

    Accepts "sixty", "twenty-five", "two hundred and five", "fifteen hundred", "three thousand
    two hundred", "two dozen"; stops at the first word that cannot continue the number.
    """
    total, current = 0.0, seed
    last = "unit" if seed else None
    last_scale = math.inf
    k, done = i, i
    while True:
        w = words.word(k) if (k > i or seed) else words.word(k, joined_to_previous=False)
        if w is None:
            break
        value = _SMALL_NUMBERS.get(w)
        if value is not None:
            kind = "unit" if value < 10 else ("teen" if value < 20 else "tens")
            allowed = last in (None, "hundred", "scale", "and") or (
                last == "tens" and kind == "unit" and value > 0
            )
            if not allowed:
                break
            current += value
            last = kind
        elif w == "hundred" and last in ("unit", "teen", "tens") and current < 100:
            current *= 100
            last = "hundred"
        elif w in _SCALES and w != "hundred" and last in ("unit", "teen", "tens", "hundred"):
            if _SCALES[w] >= last_scale:
                break
            total += current * _SCALES[w]
            current, last, last_scale = 0.0, "scale", _SCALES[w]
        elif w == "dozen" and last in ("unit", "teen", "tens"):
            current *= 12
            last = "dozen"
        elif w == "and" and last in ("hundred", "scale"):
            following = words.word(k + 1)
            if following is None or following not in _SMALL_NUMBERS:
                break
            last = "and"
            k += 1
            continue
        else:
            break
        k += 1
        done = k
    return done, total + current


def _read_word_number(words: _Words, i: int) -> tuple[int, _Num] | None:
    """One number phrase in words starting at token i, or None."""
    toks = words.toks
    w, start, _ = toks[i]
    nxt = words.word(i + 1)

    def until(k: int, value: float, **flags: bool) -> tuple[int, _Num]:
        return k + 1, _Num(start, toks[k][2], value, **flags)

    if w in ("a", "an"):
        if nxt in ("hundred", "thousand", "million", "billion", "dozen"):
            k, value = _read_count(words, i + 1, 1.0)
            return _with_half(words, i, k, value, start)
        if nxt == "couple":
            return (
                until(i + 2, 2.0)
                if words.word(i + 2) == "of"
                else until(i + 1, 2.0, needs_unit=True)
            )
        if nxt == "half" and words.word(i + 2) is not None:
            return until(i + 1, 0.5, needs_unit=True)  # "a half hour"
        if words.word(i - 1, joined_to_previous=False) in _RATE_WORDS:
            return None  # "twice a day"
        return until(i, 1.0, needs_unit=True, article=True)
    if w == "half":
        if nxt in ("a", "an"):
            if words.word(i + 2) == "dozen":
                return until(i + 2, 6.0)
            return until(i + 1, 0.5, needs_unit=True)
        return None
    if w == "couple" and nxt == "of":
        return until(i + 1, 2.0)
    if w not in _SMALL_NUMBERS:
        return None
    k, value = _read_count(words, i, 0.0)
    if k == i:
        return None
    return _with_half(words, i, k, value, start)


def _with_half(words: _Words, i: int, k: int, value: float, start: int) -> tuple[int, _Num]:
    toks = words.toks
    if (words.word(k), words.word(k + 1), words.word(k + 2)) == ("and", "a", "half"):
        return k + 3, _Num(start, toks[k + 2][2], value + 0.5)
    needs_unit = False
    if k == i + 1 and toks[i][0] == "one":
        before = words.word(i - 1, joined_to_previous=False)
        needs_unit = before in _DETERMINERS or words.word(k) in _NOT_COUNT_AFTER_ONE
    return k, _Num(start, toks[k - 1][2], value, needs_unit=needs_unit)


# the words a number phrase can start with (see _read_word_number)
_NUMBER_STARTS = frozenset(_SMALL_NUMBERS) | {"a", "an", "half", "couple"}


def _numbers(text: str) -> list[_Num]:
    found: list[_Num] = []
    for m in _DIGITS.finditer(text):
        start, end = m.span()
        if _ORDINAL_SUFFIX.match(text, end):
            continue  # "5th": a date part or rank, not an amount
        value = float(m.group().replace(",", ""))
        scale = _DIGIT_SCALE.match(text, end)
        if scale:
            value *= _SCALES[scale.group("s").lower()]
            end = scale.end()
        half = _AND_A_HALF.match(text, end)
        if half:
            value += 0.5
            end = half.end()
        found.append(_Num(start, end, value))
    words = _Words(text)
    toks = words.toks
    i = 0
    while i < len(toks):
        if toks[i][0] not in _NUMBER_STARTS:
            i += 1  # (what _read_word_number would say, without its look-arounds)
            continue
        got = _read_word_number(words, i)
        if got is None:
            i += 1
            continue
        i, num = got
        found.append(num)
    return found


# ---------------------------------------------------------------- candidates


@dataclass(frozen=True, slots=True)
class _Cand:
    start: int
    end: int
    kind: Kind
    magnitude: float
    unit: str | None
    rank: int = 1  # tie-break at equal spans: dates 0, typed 1, plain numbers 2
    step: float = 0.0  # seconds in one unit of a duration, for "1 hour 30 minutes"
    article: bool = False


_SEPARATOR = re.compile(r"[ \t\u00a0]{0,2}(?!-)|-(?=[A-Za-z])")
_PERCENT = re.compile(r"%|(?:per[ \t]?cent|pct|percentage[ \t]+points?)\b", _AI)
_TEMPERATURE = re.compile(
    r"(?:[°º][ \t]?|deg(?:rees?)?[ \t]+)(?P<scale>c(?:elsius)?|centigrade|f(?:ahrenheit)?"
    r"|k(?:elvin)?)\b|(?P<sign>[℃℉])",
    _AI,
)
_UNIT_TOKEN = re.compile(r"[A-Za-zµμΩ]+[²³]?(?:/[A-Za-zµμΩ]+[²³]?)?(?![A-Za-z0-9])|[°º]")
_GAP = re.compile(r"\.?[ \t]+")
_PER = re.compile(r"[ \t]+per[ \t]+", _AI)
_STARTS_NUMBER = re.compile(r"[ \t]?[0-9]")
_COMPOUND_GAP = re.compile(r",?[ \t]+(?:and[ \t]+)?", _AI)
_POWERS = {"square": 2, "sq": 2, "cubic": 3, "cu": 3}
_JOINED_FIRST = frozenset({"fluid", "fl", "light", "nautical", "metric"})
#: Words between a number and its time unit that keep it a duration ("5 working days",
#: "10 business days", "3 clear days"): counted as that many of the unit.
_DAY_WORDS = frozenset({"working", "business", "clear", "calendar", "full", "whole", "consecutive"})


def _unit_phrases(text: str, pos: int, *, article: bool, attached: bool) -> list[tuple[int, str]]:
    """Readings of the unit written at ``pos`` as (end, pint expression), longest first."""
    first = _UNIT_TOKEN.match(text, pos)
    if first is None:
        return []
    token = first.group()
    if attached and token == "s":
        return []  # "the 90s", "1990s": a decade, not seconds
    if token in "°º":
        return [(first.end(), "degree")]
    low = token.lower()
    if article and (low in _NOT_UNITS_AFTER_ARTICLE or len(token) < 2):
        return []
    end, expr = first.end(), None
    if low in _DAY_WORDS:
        gap = _GAP.match(text, end)
        second = _UNIT_TOKEN.match(text, gap.end()) if gap else None
        unit = _unit_expr(second.group()) if second else None
        if second is None or unit is None or _measure(1.0, unit) is None:
            return []
        measured = _measure(1.0, unit)
        return [(second.end(), unit)] if measured and measured[0] == "duration" else []
    if low in _POWERS or low in _JOINED_FIRST:
        gap = _GAP.match(text, end)
        second = _UNIT_TOKEN.match(text, gap.end()) if gap else None
        if second is not None:
            if low in _POWERS:
                base = _unit_expr(second.group())
                expr = f"({base})**{_POWERS[low]}" if base else None
            else:
                expr = _unit_name(f"{low}_{second.group().lower()}")
            end = second.end() if expr else end
    if expr is None:
        expr = _unit_expr(token)
    if expr is None:
        return []
    readings = [(end, expr)]
    per = _PER.match(text, end)
    third = _UNIT_TOKEN.match(text, per.end()) if per else None
    divisor = _unit_expr(third.group()) if third else None
    if third is not None and divisor is not None:
        readings.insert(0, (third.end(), f"({expr}) / ({divisor})"))
    return readings


def _typed_after(text: str, num: _Num) -> list[_Cand]:
    """Money, percent, temperature or unit right after a number."""
    out: list[_Cand] = []
    sep = _SEPARATOR.match(text, num.end)
    pos = sep.end() if sep else num.end
    money = _MONEY_SUFFIX.match(text, pos)
    if (
        money
        and not money.group("word")
        and (num.article or _STARTS_NUMBER.match(text, money.end()))
    ):
        money = None  # "a $5 card", "costs 20 USD 30": the symbol belongs to the next amount
    if money and money.group("pence") and (pos != num.end or num.value in _RESOLUTIONS):
        money = None  # ("5 p", "1080p": not pence)
    if money and money.group("pence"):
        out.append(_Cand(num.start, money.end(), "money", num.value * 0.01, "GBP"))
        return out
    if money:
        if money.group("word"):
            word = re.sub(r"\s+", " ", money.group("word").lower())
            word = word.replace("pounds", "pound").rstrip("s") if word != "pence" else word
            code, factor = _CURRENCY_WORDS[word]
        else:
            code = _SYMBOLS.get(money.group("sym") or "") or _currency(money.group("code"))
            factor = 1.0
        out.append(_Cand(num.start, money.end(), "money", num.value * factor, code))
        return out
    percent = _PERCENT.match(text, pos)
    if percent and not num.article:
        out.append(_Cand(num.start, percent.end(), "percent", num.value, "%"))
        return out
    temperature = _TEMPERATURE.match(text, pos)
    if temperature:
        scale = (temperature.group("scale") or "").lower()[:1] or (
            "c" if temperature.group("sign") == "℃" else "f"
        )
        unit = {"c": "degree_Celsius", "f": "degree_Fahrenheit", "k": "kelvin"}[scale]
        measured = _measure(num.value, unit)
        if measured:
            out.append(_Cand(num.start, temperature.end(), measured[0], measured[1], measured[2]))
            return out
    readings = _unit_phrases(text, pos, article=num.article, attached=pos == num.end)
    for phrase_end, expr in readings:
        measured = _measure(num.value, expr)
        if measured is not None:
            end = phrase_end
            break
    else:
        return out
    kind, magnitude, unit = measured
    one = _measure(1.0, expr)
    step = one[1] if one and kind == "duration" else 0.0
    half = _AND_A_HALF.match(text, end)
    if half and unit != "kelvin" and one is not None:
        magnitude += 0.5 * one[1]
        end = half.end()
    out.append(_Cand(num.start, end, kind, magnitude, unit, step=step, article=num.article))
    return out


def _money_before(text: str, num: _Num) -> _Cand | None:
    """ "$49.99", "US$5", "€20", "USD 20", "$50k", "$20 USD"."""
    if num.needs_unit or not text[num.start : num.start + 1].isdigit():
        return None
    pre = _MONEY_PREFIX.search(text, max(0, num.start - 6), num.start)
    if pre is None:
        return None
    if pre.group("dp"):
        code = _DOLLARS[pre.group("dp")]
    elif pre.group("sym"):
        code = _SYMBOLS[pre.group("sym")]
    elif pre.group("code"):
        code = _currency(pre.group("code"))
    else:
        code = "USD"
    value, end = num.value, num.end
    mult = _MONEY_MULTIPLIER.match(text, end)
    if mult and not any(ch.isalpha() for ch in text[num.start : num.end]):
        value *= _MULTIPLIERS[mult.group("m")]
        end = mult.end()
    trailing = _TRAILING_CODE.match(text, end)
    if trailing:
        code, end = _currency(trailing.group("code")), trailing.end()
    return _Cand(pre.start(), end, "money", value, code)


def _merge_compound_durations(text: str, cands: list[_Cand]) -> list[_Cand]:
    """ "1 hour 30 minutes", "2 years and 3 months": one duration when units shrink."""
    by_start: dict[int, _Cand] = {}
    for c in cands:
        if c.kind == "duration" and c.step > 0:
            best = by_start.get(c.start)
            if best is None or c.end > best.end:
                by_start[c.start] = c
    merged: list[_Cand] = []
    for c in sorted(by_start.values(), key=lambda c: c.start):
        current = c
        while True:
            gap = _COMPOUND_GAP.match(text, current.end)
            nxt = by_start.get(gap.end()) if gap else None
            if nxt is None or nxt.step >= current.step or nxt.article:
                break
            current = _Cand(
                current.start,
                nxt.end,
                "duration",
                current.magnitude + nxt.magnitude,
                "s",
                step=nxt.step,
            )
        if current is not c:
            merged.append(current)
    return merged


# ---------------------------------------------------------------- booleans

_BOOLEAN = re.compile(r"\b(?:yes|no|true|false|enabled|disabled|on|off)\b", _AI)
_BOOLEAN_VALUES = {"yes": 1.0, "true": 1.0, "enabled": 1.0, "on": 1.0}
_COPULAS = _wordset(
    "is are was were be been being am remains remain remained stays stay stayed turned switched"
    " toggled kept keep"
)
_SETTERS = frozenset({"set", "changed", "switched", "defaults", "default", "defaulted", "turned"})
_CLAUSE_END_WORDS = frozenset(
    {"and", "but", "or", "now", "again", "already", "too", "then", "so", "by", "for"}
)
_PREVIOUS_WORD = re.compile(r"([A-Za-z]+)(?:['\u2019]([A-Za-z]+))?[ \t]*$", _A)
_NEXT_WORD = re.compile(r"[ \t]*([A-Za-z]+)", _A)


def _char_before(text: str, end: int) -> str:
    """The last non-blank character before ``end`` ("" if none): ``text[:end].rstrip()[-1:]``
    without copying the text before it."""
    while end > 0 and text[end - 1].isspace():
        end -= 1
    return text[end - 1] if end else ""


def _char_after(text: str, start: int) -> str:
    """The first non-blank character from ``start`` ("" if none)."""
    while start < len(text) and text[start].isspace():
        start += 1
    return text[start] if start < len(text) else ""


def _is_letter(ch: str) -> bool:
    return "a" <= ch <= "z" or "A" <= ch <= "Z"


def _previous_word(text: str, end: int) -> tuple[str, str, int] | None:
    """(word, what follows its apostrophe or "", start) of the word right before ``end`` (only
    blanks between): what ``_PREVIOUS_WORD.search(text, 0, end)`` finds, read backwards from
    ``end`` instead of searched for from the start of the text (quadratic over many words)."""
    if end > 0 and text[end - 1] == "\n":
        end -= 1  # "$" also matches before a final newline
    while end > 0 and text[end - 1] in " \t":
        end -= 1
    start = end
    while start > 0 and _is_letter(text[start - 1]):
        start -= 1
    if start == end:
        return None
    if start >= 2 and text[start - 1] in "'\u2019" and _is_letter(text[start - 2]):
        head_start = start - 1
        while head_start > 0 and _is_letter(text[head_start - 1]):
            head_start -= 1
        return text[head_start : start - 1], text[start:end], head_start
    return text[start:end], "", start


def _boolean_at(text: str, m: re.Match[str]) -> _Cand | None:
    """A yes/no word counts only where it stands as the value, not as a determiner or adverb."""
    word = m.group().lower()
    before = _char_before(text, m.start())
    after = _char_after(text, m.end())
    clause_start = not before or before in ".,;:!?()[]{}\"'-=\u2014\u2013\n"
    clause_end = not after or after in ".,;:!?)]}\"'\n"
    if not clause_end:
        following = _NEXT_WORD.match(text, m.end())
        clause_end = following is not None and following.group(1).lower() in _CLAUSE_END_WORDS
    copula = bool(before) and before in ":="
    previous = _previous_word(text, m.start())
    if previous is not None and not copula:
        head, tail = previous[0].lower(), previous[1].lower()
        if tail == "s" or (not tail and head in _COPULAS):
            copula = True
        elif head == "to" and not tail:
            setter = _previous_word(text, previous[2])
            copula = setter is not None and setter[0].lower() in _SETTERS
    if word in ("enabled", "disabled"):
        ok = copula or (clause_start and clause_end)
    elif word == "yes":
        ok = clause_start or (copula and clause_end)  # "Yes I do"
    else:
        ok = (copula or clause_start) and clause_end
    if not ok:
        return None
    return _Cand(m.start(), m.end(), "boolean", _BOOLEAN_VALUES.get(word, 0.0), None)


# ---------------------------------------------------------------- assembling

_TIME_OF_DAY = re.compile(
    r"(?<![0-9.])[0-9]{1,2}(?::[0-9]{2}){1,2}(?:[ \t]?[ap]\.?m\b\.?)?"
    r"|(?<![0-9.])[0-9]{1,2}[ \t]?(?:[ap]\.?m\b\.?|o['\u2019]clock\b)",
    _AI,
)
_ANY_REFERENCE = datetime(2000, 1, 1)
_DATE_RANK, _TYPED_RANK, _NUMBER_RANK = 0, 1, 2


def _date_candidates(
    text: str, reference: datetime | None
) -> tuple[list[_Cand], list[tuple[int, int]]]:
    """Dates as candidates, plus spans no other value may use (relative dates we cannot pin
    without a reference, vague phrases such as "a few days ago")."""
    found = timeexpr._find(text, reference or _ANY_REFERENCE)
    cands: list[_Cand] = []
    blocked = timeexpr._vague_spans(text, found)
    for f in found:
        if f.form in ("in", "now"):
            continue  # "in two weeks" is a duration here; "now" is no value
        if reference is None and f.mention.relative:
            blocked.append(f.mention.span)
            continue
        unit = "day" if f.mention.granularity == "moment" else f.mention.granularity
        ordinal = float(f.mention.start.date().toordinal())
        cands.append(_Cand(*f.mention.span, "date", ordinal, unit, rank=_DATE_RANK))
    return cands, blocked


#: Numbers read per text: a statement holds a few; a text of thousands is a table or an attack,
#: and reading each costs a unit lookup.
MAX_VALUES = 512


def _candidates(text: str, reference: datetime | None) -> list[_Cand]:
    dates, blocked = _date_candidates(text, reference)
    blocked += [m.span() for m in _TIME_OF_DAY.finditer(text)]
    numeric: list[_Cand] = []
    for num in itertools.islice(_numbers(text), MAX_VALUES):
        money = _money_before(text, num)
        if money is not None:
            numeric.append(money)
            continue
        numeric += _typed_after(text, num)
        if not num.needs_unit:
            numeric.append(_Cand(num.start, num.end, "number", num.value, None, _NUMBER_RANK))
    numeric += _merge_compound_durations(text, numeric)
    for m in _FRACTION.finditer(text):  # "saves one third", "half price": shares as percent
        share = _FRACTIONS[" ".join(m.group(0).casefold().split()[-2:])]
        numeric.append(_Cand(m.start(), m.end(), "percent", share, "%", 0))
    for m in _SLANG_MONEY.finditer(text):  # "a tenner", "a fiver"
        amount = 10.0 if m.group(1).casefold().startswith("ten") else 5.0
        numeric.append(_Cand(m.start(), m.end(), "money", amount, "GBP", 0))
    for m in _NOT_A_PENNY.finditer(text):  # "won't cost me a penny": nothing, not £0.01
        unit = "GBP" if m.group(1).casefold() == "penny" else "USD"
        numeric = [c for c in numeric if not (m.start() <= c.start and c.end <= m.end())]
        numeric.append(_Cand(m.start(), m.end(), "money", 0.0, unit, 0))
    for m in _WHOLE_UNIT.finditer(text):  # "a whole month", "a full week"
        seconds = _WHOLE_SECONDS[m.group(1).casefold()]
        numeric.append(_Cand(m.start(), m.end(), "duration", seconds, "s", 0))
    for m in _QUARTER_HOUR.finditer(text):  # "three quarters of an hour" is 45 minutes
        quarters = 3 if (m.group(1) or "").casefold() in ("three", "3") else 1
        numeric.append(_Cand(m.start(), m.end(), "duration", quarters * 900.0, "s", 0))
    ends = {c.end for c in numeric if not c.article}
    others = [c for c in numeric if not (c.article and _follows_value(text, c.start, ends))]
    others += [c for m in _BOOLEAN.finditer(text) if (c := _boolean_at(text, m)) is not None]
    # A time of day inside a timestamp is part of that date, so only non-dates are blocked.
    index = timeexpr._SpanIndex(blocked)
    return dates + [c for c in others if not index.overlaps(c.start, c.end)]


_FRACTIONS = {
    "one third": 100 / 3,
    "a third": 100 / 3,
    "two thirds": 200 / 3,
    "a quarter": 25.0,
    "one quarter": 25.0,
    "half off": 50.0,
    "half price": 50.0,
}
_FRACTION = re.compile(
    r"\b(?:(?:one|a)\s+third|two\s+thirds|(?:a|one)\s+quarter(?!\s+(?:of\s+an?\s+hour|past|to))|"
    r"half\s+(?:off|price))\b",
    _AI,
)
_SLANG_MONEY = re.compile(r"\b(?:a\s+)?(tenner|fiver)\b", _AI)
#: "won't cost me", "doesn't charge you": a cost denied (what follows says how little).
_NO_COST = (
    r"(?:doesn['’]t|does not|don['’]t|do not|won['’]t|will not|didn['’]t|did not)\s+"
    r"(?:cost|charge)(?:\s+(?:you|me|us|them))?\s+"
)
_NOT_A_PENNY = re.compile(rf"\b{_NO_COST}a\s+(penny|cent|dime)\b", re.IGNORECASE)
_WHOLE_UNIT = re.compile(
    r"\b(?:a|one)\s+(?:whole|full|entire|complete)\s+(minute|hour|day|week|fortnight|month|year)\b",
    _AI,
)
_WHOLE_SECONDS = {
    "minute": 60.0,
    "hour": 3600.0,
    "day": 86_400.0,
    "week": 604_800.0,
    "fortnight": 1_209_600.0,
    "month": 2_592_000.0,
    "year": 31_536_000.0,
}
_QUARTER_HOUR = re.compile(r"\b(?:(a|one|three|3)\s+)?quarters?\s+of\s+an\s+hour\b", _AI)


def _follows_value(text: str, start: int, ends: set[int]) -> bool:
    """ "$10 a month", "5 kg a week": an "a" right after a value makes a rate, not a count;
    so does one after what a number counts ("nine sailings a day", "2 bags a day")."""
    gap_start = start
    while gap_start > 0 and text[gap_start - 1].isspace():
        gap_start -= 1
    if gap_start > 0 and gap_start in ends:
        return True
    words = list(_WORD_BEFORE.finditer(text, max(0, gap_start - 40), gap_start))[-2:]
    if not words or words[-1].group().casefold() in _NOT_COUNTED or words[-1].group()[-1] != "s":
        return False
    at = gap_start
    for w in reversed(words):  # (the noun alone, or with the word before it: "hot meals")
        if w.end() != at:
            return False  # (a comma or a digit between: not one noun phrase)
        at = w.start()
        while at > 0 and text[at - 1].isspace():
            at -= 1
        if at in ends:
            return True
    return False


#: A word (of the one or two before a rate's "a": "sailings", "hot meals").
_WORD_BEFORE = re.compile(r"[A-Za-z][\w'-]*")
#: Plural-looking words that count nothing ("3 is a day", "2 weeks plus a day").
_NOT_COUNTED = frozenset("is was has does this its yes us plus less besides across as".split())


def _select(cands: list[_Cand]) -> list[_Cand]:
    """Leftmost, then longest, then the better kind; values never overlap."""
    chosen: list[_Cand] = []
    last_end = -1
    for c in sorted(cands, key=lambda c: (c.start, c.start - c.end, c.rank)):
        if c.start >= last_end:
            chosen.append(c)
            last_end = c.end
    return chosen


def _canonical(kind: Kind, magnitude: float, unit: str | None) -> str:
    if kind == "boolean":
        return "true" if magnitude else "false"
    if kind == "date":
        day = date.fromordinal(int(magnitude))
        if unit == "year":
            return f"{day.year:04d}"
        if unit == "month":
            return f"{day.year:04d}-{day.month:02d}"
        if unit == "week":
            iso = day.isocalendar()
            return f"{iso.year:04d}-W{iso.week:02d}"
        return day.isoformat()
    number = f"{magnitude:.12g}"
    return f"{number} {unit}" if unit else number


def parse_values(text: str, *, reference: datetime | None = None) -> list[TypedValue]:
    """Every typed value in ``text``, left to right, non-overlapping.

    Plain text is not returned here (see :func:`parse_value`). Relative dates are resolved
    against ``reference``, or skipped when there is none. The reconciler asks about the same
    statements many times over: the last texts' answers are kept.
    """
    return list(_parse_values(text, reference))


#: A bare ASCII number ("4021", "19.99"): a JSON or CSV cell, read as a number whatever the
#: reference (property-checked against the full reading, ``_read_values``).
_BARE_NUMBER = re.compile(r"[0-9]{1,15}(?:\.[0-9]{1,6})?")


@functools.lru_cache(maxsize=4096)
def _parse_values(text: str, reference: datetime | None) -> tuple[TypedValue, ...]:
    if _BARE_NUMBER.fullmatch(text):  # a table's thousands of cells skip the full reading
        magnitude = float(text)
        return (
            TypedValue(
                "number",
                magnitude,
                None,
                text,
                (0, len(text)),
                _canonical("number", magnitude, None),
            ),
        )
    return _read_values(text, reference)


def _read_values(text: str, reference: datetime | None) -> tuple[TypedValue, ...]:
    return tuple(
        TypedValue(
            c.kind,
            c.magnitude,
            c.unit,
            text[c.start : c.end],
            (c.start, c.end),
            _canonical(c.kind, c.magnitude, c.unit),
        )
        for c in _select(_candidates(text, reference))
    )


# ---------------------------------------------------------------- whole values

_ARTICLES = frozenset({"a", "an", "the"})
_FILLER = _wordset(
    "about around approximately approx roughly nearly almost only just exactly precisely over"
    " under up to at least most within for after before of per a an the is are was were it its"
    " it's costs cost price priced equals equal total than more less maximum max minimum min"
    " usd"
)
_LEFTOVER_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)?")
_MAX_LEFTOVER_WORDS = 4


def normalise_text(text: str) -> str:
    """Casefolded words without articles or punctuation, so "The Berlin." matches "berlin"."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    folded = re.sub(r"['\u2019]", "", folded)
    words = re.sub(r"[\W_]+", " ", folded).split()
    return " ".join(w for w in words if w not in _ARTICLES)


def _text_value(text: str) -> TypedValue:
    stripped = text.strip()
    start = text.find(stripped) if stripped else 0
    span = (start, start + len(stripped))
    return TypedValue("text", None, None, stripped, span, normalise_text(stripped))


def _reads_as(value: TypedValue, text: str) -> bool:
    """Whether the rest of ``text`` only qualifies ``value`` ("within 30 days of delivery")
    rather than naming something else ("iPhone 15", "Berlin since 2019")."""
    rest = text[: value.span[0]] + " " + text[value.span[1] :]
    words = [w for w in _LEFTOVER_WORD.findall(rest) if w.lower() not in _FILLER]
    if value.kind == "number":
        return not words  # a bare count means nothing without its noun
    return len(words) <= _MAX_LEFTOVER_WORDS and all(w.islower() for w in words)


def parse_value(text: str, *, reference: datetime | None = None) -> TypedValue:
    """Read a claim's object ("60 days", "$49.99", "Berlin") as one value.

    A single typed value wins when the rest only qualifies it; anything else is text, so two
    objects can still be compared by their normalised wording.
    """
    return _parse_value(text, reference)


@functools.lru_cache(maxsize=16384)
def _parse_value(text: str, reference: datetime | None) -> TypedValue:
    """Cached: a table's column repeats its values ("2.5 kg", "Kitchen") thousands of times,
    and each claim's value is read twice (its kind, then its typed value); a
    ``TypedValue`` is frozen, so one answer serves every caller."""
    values = _parse_values(text, reference)
    typed = [v for v in values if v.kind != "number"] or values
    if len(typed) == 1 and _reads_as(typed[0], text):
        return typed[0]
    return _text_value(text)


# ---------------------------------------------------------------- comparing

_GRANULARITY_RANK = {"day": 0, "week": 1, "month": 2, "year": 3}


def _date_key(ordinal: float, granularity: str) -> tuple[int, ...]:
    day = date.fromordinal(int(ordinal))
    if granularity == "year":
        return (day.year,)
    if granularity == "month":
        return (day.year, day.month)
    if granularity == "week":
        iso = day.isocalendar()
        return (iso.year, iso.week)
    return (day.toordinal(),)


def _compare_dates(a: TypedValue, b: TypedValue) -> Verdict:
    ranks = (_GRANULARITY_RANK.get(a.unit or ""), _GRANULARITY_RANK.get(b.unit or ""))
    if None in ranks or a.magnitude is None or b.magnitude is None:
        return "incomparable"
    coarser = a.unit if ranks[0] >= ranks[1] else b.unit
    try:
        same = _date_key(a.magnitude, coarser) == _date_key(b.magnitude, coarser)
    except (ValueError, OverflowError):
        return "incomparable"
    return "same" if same else "different"


def compare(a: TypedValue, b: TypedValue, *, rel_tol: float = 0.01) -> Verdict:
    """Do two values say the same thing? ``incomparable`` when no answer is honest offline
    (different kinds, currencies or dimensions)."""
    if a.kind != b.kind:
        return "incomparable"
    if a.kind == "text":
        return "same" if a.normalised == b.normalised else "different"
    if a.magnitude is None or b.magnitude is None:
        return "incomparable"
    if a.kind == "date":
        return _compare_dates(a, b)
    if a.kind in ("money", "quantity") and a.unit != b.unit:
        return "incomparable"
    if a.kind == "boolean":
        return "same" if a.magnitude == b.magnitude else "different"
    tolerance, absolute = rel_tol, 1e-9
    if a.kind == "duration" and (_CALENDAR_WORDS.search(a.text) or _CALENDAR_WORDS.search(b.text)):
        tolerance = max(rel_tol, _CALENDAR_TOLERANCE)
    if a.kind == "quantity" and a.unit == "kelvin":
        tolerance, absolute = 0.0, _TEMPERATURE_TOLERANCE_K
    close = math.isclose(a.magnitude, b.magnitude, rel_tol=tolerance, abs_tol=absolute)
    return "same" if close else "different"


# ---------------------------------------------------------------- bounds

#: Words before an amount that make it a bound: the most ("up to 30 minutes") or the least
#: ("at least 2 nights") a statement allows. Data, longest first where one holds another.
BOUNDS: dict[str, str] = {
    "up to": "upper",
    "no more than": "upper",
    "not more than": "upper",
    "no longer than": "upper",
    "no later than": "upper",
    "not exceeding": "upper",
    "at most": "upper",
    "a maximum of": "upper",
    "maximum of": "upper",
    "maximum": "upper",
    "max": "upper",
    "within": "upper",
    "under": "upper",
    "less than": "upper",
    "fewer than": "upper",
    "at least": "lower",
    "a minimum of": "lower",
    "minimum of": "lower",
    "minimum": "lower",
    "min": "lower",
    "no less than": "lower",
    "not less than": "lower",
    "more than": "lower",
    "over": "lower",
    "from": "lower",
}
_BOUND_BEFORE = re.compile(
    r"\b(" + "|".join(sorted(map(re.escape, BOUNDS), key=len, reverse=True)) + r")\.?\s+$",
    re.IGNORECASE,
)
#: How far before an amount its bound's words are looked for.
_BOUND_REACH = 24


def bound_before(text: str, start: int) -> tuple[str, int] | None:
    """The bound ("upper" or "lower") the words right before ``text[start:]`` put on the amount
    there, and where those words start; None when they put none."""
    lo = max(0, start - _BOUND_REACH)
    m = _BOUND_BEFORE.search(text[lo:start])
    if m is None:
        return None
    return BOUNDS[" ".join(m.group(1).casefold().split())], lo + m.start(1)


# ---------------------------------------------------------------- days of the year

_MONTHS = (
    "january february march april may june july august september october november december"
).split()
_MONTH = (
    r"(?P<m>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
#: Words that price a thing at nothing ("free", "no charge", "doesn't cost anything").
FREE = re.compile(
    r"\b(?:free(?:\s+of\s+charge)?|at no (?:cost|charge)|no charge|complimentary|"
    rf"costs? nothing|for nothing|gratis|{_NO_COST}(?:anything|a thing|a penny|a cent|a dime))\b",
    re.IGNORECASE,
)


def says_free(value: str) -> bool:
    """Whether a value is only a word for free ("Free", "free of charge."): a table cell or a
    curated value that prices a thing at nothing, as a clause's "free" does."""
    return FREE.fullmatch(value.strip().rstrip(".!").strip()) is not None


CALENDAR = re.compile(
    rf"\b(?:(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}|"
    rf"{_MONTH.replace('?P<m>', '?P<m2>')}\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?|"
    rf"(?P<end>end)\s+of\s+{_MONTH.replace('?P<m>', '?P<m3>')})\b",
    re.IGNORECASE,
)


#: "the first 2 may be free": "may" in lower case after a number is the verb.
_MODAL_MAY = re.compile(r"\d{1,2}(?:st|nd|rd|th)?\s+may")


def calendar_day(text: str) -> tuple[int, int] | None:
    """(month, day) of "31 October", "October 31st", "the end of December" (day 31 or the
    month's last), None for anything else."""
    m = next((m for m in CALENDAR.finditer(text) if not _MODAL_MAY.fullmatch(m.group(0))), None)
    if not m:
        return None
    name = (m.group("m") or m.group("m2") or m.group("m3")).casefold()[:3]
    month = next(i for i, full in enumerate(_MONTHS, 1) if full.startswith(name))
    if m.group("end"):
        return month, (29 if month == 2 else 30 if month in (4, 6, 9, 11) else 31)
    day = int(m.group("d") or m.group("d2"))
    return (month, day) if 1 <= day <= 31 else None
