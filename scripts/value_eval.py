"""Typed values read from text: the project's reader against well-kept libraries, on a value
test set written by a helper who had not seen the code (``tests/knowledge/value_corpus``).

    python scripts/value_eval.py                 # every reader, precision / recall per kind
    python scripts/value_eval.py --misses engramdb   # one reader's wrong items

Readers:

- ``engramdb``: ``values.parse_values`` (money, durations, percents, quantities, counts,
  dates) and the clock reader the turn aligner uses (times of day);
- ``quantulum3``: quantulum3's quantities, with text2num turning number words into digits
  first and dateparser's ``search_dates`` for dates and times of day;
- ``quantulum3-raw``: the same without text2num;
- ``price-parser``: money only (one price per text, as it is built for).

The libraries are optional here (``pip install quantulum3 text2num dateparser price-parser``);
a reader whose library is missing is skipped. A value matches a labelled one of its kind when
amounts agree (money within 0.5 % in the same currency, durations within 3.5 %: a month is 30
days or a twelfth of a year; quantities within 1 % once both are in base units; a range matches
a value inside it), dates and times exactly.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: The test set (``VALUE_CORPUS``: another file of the same form).
CORPUS = Path(os.environ.get("VALUE_CORPUS", ROOT / "tests/knowledge/value_corpus/values.json"))
REFERENCE = datetime(2026, 3, 2, 10, 0)
KINDS = ("money", "duration", "percent", "quantity", "number", "date", "time")

Value = dict[str, Any]
Reader = Callable[[str], list[Value]]


# -- readers ----------------------------------------------------------------------------


def engramdb_reader() -> Reader:
    from engramdb.knowledge.extract.aligned import _clock_text
    from engramdb.knowledge.extract.stage0 import clock_minutes
    from engramdb.knowledge.values import parse_values

    def read(text: str) -> list[Value]:
        out: list[Value] = []
        for v in parse_values(text, reference=REFERENCE):
            if v.kind == "money":
                out.append({"kind": "money", "amount": v.magnitude, "currency": v.unit})
            elif v.kind == "duration":
                out.append({"kind": "duration", "seconds": v.magnitude})
            elif v.kind == "percent":
                out.append({"kind": "percent", "value": v.magnitude})
            elif v.kind == "quantity":
                out.append({"kind": "quantity", "value": v.magnitude, "unit": v.unit})
            elif v.kind == "number":
                out.append({"kind": "number", "value": v.magnitude})
            elif v.kind == "date" and v.magnitude is not None:
                out.append({"kind": "date", "date": date.fromordinal(int(v.magnitude)).isoformat()})
        out += [{"kind": "time", "minutes": m} for m in clock_minutes(_clock_text(text))]
        return out

    return read


_SECONDS = {
    "second": 1,
    "minute": 60,
    "hour": 3600,
    "day": 86400,
    "week": 604800,
    "fortnight": 1209600,
    "month": 2592000,
    "year": 31536000,
}


def quantulum_reader(words_to_digits: bool) -> Reader:
    import dateparser.search
    from quantulum3 import parser

    digits: Callable[[str], str] = lambda s: s  # noqa: E731
    if words_to_digits:
        from text_to_num import alpha2digit

        def digits(s: str) -> str:
            return alpha2digit(s, "en")

    def read(text: str) -> list[Value]:
        out: list[Value] = []
        for q in parser.parse(digits(text)):
            entity, unit = q.unit.entity.name, q.unit.name
            if entity == "currency":
                code = getattr(q.unit, "currency_code", None)
                out.append({"kind": "money", "amount": q.value, "currency": code})
            elif entity == "time" and unit in _SECONDS:
                out.append({"kind": "duration", "seconds": q.value * _SECONDS[unit]})
            elif unit == "percentage":
                out.append({"kind": "percent", "value": q.value})
            elif entity == "dimensionless":
                out.append({"kind": "number", "value": q.value})
            elif entity != "unknown":
                symbol = q.unit.symbols[0] if q.unit.symbols else unit
                out.append({"kind": "quantity", "value": q.value, "unit": symbol})
        found = dateparser.search.search_dates(
            text,
            languages=["en"],
            settings={"RELATIVE_BASE": REFERENCE, "PREFER_DATES_FROM": "future"},
        )
        for said, when in found or []:
            if any(c.isdigit() for c in said) and (":" in said or "m" in said.casefold()[-2:]):
                out.append({"kind": "time", "minutes": when.hour * 60 + when.minute})
            else:
                out.append({"kind": "date", "date": when.date().isoformat()})
        return out

    return read


def price_parser_reader() -> Reader:
    from price_parser import Price

    codes = {"£": "GBP", "$": "USD", "€": "EUR", "¥": "JPY", "₹": "INR"}

    def read(text: str) -> list[Value]:
        p = Price.fromstring(text)
        if p.amount is None or p.currency is None:
            return []
        currency = codes.get(p.currency, p.currency.upper())
        return [{"kind": "money", "amount": float(p.amount), "currency": currency}]

    return read


READERS: dict[str, Callable[[], Reader]] = {
    "engramdb": engramdb_reader,
    "quantulum3": lambda: quantulum_reader(True),
    "quantulum3-raw": lambda: quantulum_reader(False),
    "price-parser": price_parser_reader,
}
#: The kinds a reader is scored on (price-parser reads money only).
SCORED = {"price-parser": ("money",)}


# -- scoring ----------------------------------------------------------------------------


#: Unit spellings of the test set that pint reads otherwise ("m2" is not m²).
_SPELLED = {"m2": "m**2", "sq ft": "ft**2"}


def _base(value: float, unit: str | None) -> tuple[float, str] | None:
    from engramdb.knowledge.values import _registry

    unit = _SPELLED.get(unit or "", unit)
    try:
        q = _registry().Quantity(value, unit or "").to_base_units()
    except Exception:
        return None
    return float(q.magnitude), str(q.units)


def _near(a: float, b: float, tol: float) -> bool:
    return abs(a - b) <= tol * max(abs(a), abs(b), 1e-9)


def matches(got: Value, want: Value) -> bool:
    kind = want["kind"]
    if got.get("kind") != kind:
        return False
    try:
        if kind == "money":
            return got["currency"] == want["currency"] and _near(
                float(got["amount"]), float(want["amount"]), 0.005
            )
        if kind == "duration":
            s, hi = float(got["seconds"]), want.get("max_seconds")
            if hi is not None:
                return want["seconds"] * 0.965 <= s <= hi * 1.035
            return _near(s, float(want["seconds"]), 0.035)
        if kind in ("percent", "number"):
            return _near(float(got["value"]), float(want["value"]), 0.001)
        if kind == "quantity":
            a, b = _base(got["value"], got.get("unit")), _base(want["value"], want.get("unit"))
            return a is not None and b is not None and a[1] == b[1] and _near(a[0], b[0], 0.01)
        if kind == "date":
            return got["date"] == want["date"]
        if kind == "time":
            return int(got["minutes"]) == int(want["minutes"])
    except (KeyError, TypeError, ValueError):
        return False
    return False


def score(items: list[dict[str, Any]], read: Reader, kinds: tuple[str, ...]) -> dict[str, Any]:
    tp: dict[str, int] = defaultdict(int)
    fp: dict[str, int] = defaultdict(int)
    fn: dict[str, int] = defaultdict(int)
    right, ms, wrong = 0, [], []
    for item in items:
        start = time.perf_counter()
        try:
            got = [g for g in read(item["text"]) if g["kind"] in kinds]
        except Exception:
            got = []
        ms.append((time.perf_counter() - start) * 1000)
        want = [w for w in item["values"] if w["kind"] in kinds]
        left = list(got)
        for w in want:
            hit = next((g for g in left if matches(g, w)), None)
            if hit is None:
                fn[w["kind"]] += 1
            else:
                tp[w["kind"]] += 1
                left.remove(hit)
        for g in left:
            fp[g["kind"]] += 1
        ok = not left and len(got) - len(left) == len(want)
        right += ok
        if not ok:
            wrong.append((item, got))
    per_kind = {}
    for k in kinds:
        p = tp[k] / (tp[k] + fp[k]) if tp[k] + fp[k] else 1.0
        r = tp[k] / (tp[k] + fn[k]) if tp[k] + fn[k] else 1.0
        per_kind[k] = f"P {p:.3f} / R {r:.3f} (n={tp[k] + fn[k]})"
    t, f, n = sum(tp.values()), sum(fp.values()), sum(fn.values())
    return {
        "items_right": round(right / len(items), 3),
        "precision": round(t / (t + f), 3) if t + f else 1.0,
        "recall": round(t / (t + n), 3) if t + n else 1.0,
        "per_kind": per_kind,
        "ms_per_item_median": round(statistics.median(ms), 2),
        "_wrong": wrong,
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--misses", metavar="READER")
    p.add_argument("--readers", nargs="*", default=list(READERS))
    args = p.parse_args()
    items = json.loads(CORPUS.read_text(encoding="utf-8"))
    report = {}
    for name in args.readers:
        try:
            read = READERS[name]()
        except ImportError as e:
            print(f"{name}: skipped ({e})", file=sys.stderr)
            continue
        kinds = SCORED.get(name, KINDS)
        result = score(items, read, kinds)
        wrong = result.pop("_wrong")
        report[name] = result
        if args.misses == name:
            for item, got in wrong:
                print(item["id"], repr(item["text"][:120]))
                print("    want", item["values"])
                print("    got ", got)
    print(json.dumps({"items": len(items), "reference": REFERENCE.isoformat(), **report}, indent=1))


if __name__ == "__main__":
    main()
