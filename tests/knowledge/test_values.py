"""Typed values: parsing amounts, durations, quantities, dates and booleans, and comparing them."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engramdb.knowledge.values import TypedValue, compare, parse_value, parse_values

REF = datetime(2024, 3, 13, 15, 30, tzinfo=UTC)  # a Wednesday
DAY = 86400.0


def one(text: str, reference: datetime | None = REF) -> TypedValue:
    values = parse_values(text, reference=reference)
    assert len(values) == 1, values
    return values[0]


def summary(text: str, reference: datetime | None = REF) -> list[tuple[str, str]]:
    return [(v.kind, v.text) for v in parse_values(text, reference=reference)]


# ---------------------------------------------------------------- numbers


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1,299.50", 1299.5),
        ("42", 42.0),
        ("0.75", 0.75),
        ("-3", -3.0),
        ("sixty", 60.0),
        ("twenty-five", 25.0),
        ("twenty five", 25.0),
        ("two hundred and five", 205.0),
        ("fifteen hundred", 1500.0),
        ("three thousand two hundred", 3200.0),
        ("a hundred", 100.0),
        ("a dozen", 12.0),
        ("two dozen", 24.0),
        ("half a dozen", 6.0),
        ("a couple of", 2.0),
        ("two and a half", 2.5),
        ("1.2 million", 1.2e6),
        ("zero", 0.0),
    ],
)
def test_numbers(text, value):
    v = one(text)
    assert (v.kind, v.unit, v.text) == ("number", None, text)
    assert v.magnitude == pytest.approx(value)


@pytest.mark.parametrize(
    "text",
    [
        "the one I like",
        "one of them",
        "no one came",
        "a dog",
        "twice a day",
        "version 2.0.1",
        "5th place",
        "meet at 3pm",
        "meet at 10:30",
        "it's 5 am",
        "A4 paper",
        "mp3 files",
    ],
)
def test_not_numbers(text):
    assert parse_values(text, reference=REF) == []


def test_one_is_a_count_where_it_counts():
    assert one("I have one dog").magnitude == 1.0


# ---------------------------------------------------------------- money


@pytest.mark.parametrize(
    ("text", "amount", "currency"),
    [
        ("it costs $49.99", 49.99, "USD"),
        ("49.99 USD", 49.99, "USD"),
        ("USD 20", 20.0, "USD"),
        ("$ 20", 20.0, "USD"),
        ("€20", 20.0, "EUR"),
        ("20 €", 20.0, "EUR"),
        ("£5", 5.0, "GBP"),
        ("¥1000", 1000.0, "JPY"),
        ("20 dollars", 20.0, "USD"),
        ("twenty bucks", 20.0, "USD"),
        ("a dollar", 1.0, "USD"),
        ("50 euros", 50.0, "EUR"),
        ("five hundred euros", 500.0, "EUR"),
        ("50 cents", 0.5, "USD"),
        ("20 quid", 20.0, "GBP"),
        ("5 pounds sterling", 5.0, "GBP"),
        ("$1,299.50", 1299.5, "USD"),
        ("$50k", 50000.0, "USD"),
        ("$1.2 million", 1.2e6, "USD"),
        ("$3bn", 3e9, "USD"),
        ("US$5", 5.0, "USD"),
        ("C$5", 5.0, "CAD"),
        ("A$5", 5.0, "AUD"),
        ("$20 CAD", 20.0, "CAD"),
        ("300 CHF", 300.0, "CHF"),
    ],
)
def test_money(text, amount, currency):
    v = one(text)
    assert (v.kind, v.unit) == ("money", currency)
    assert v.magnitude == pytest.approx(amount)
    assert text.endswith(v.text) or text.startswith(v.text)


def test_a_symbol_before_an_amount_belongs_to_that_amount():
    assert summary("I got a $5 gift card") == [("money", "$5")]
    assert summary("I paid a USD 5 fee") == [("money", "USD 5")]


def test_pence_after_a_number_are_hundredths_of_a_pound():
    v = one("Laundry is 350p a wash")
    assert (v.kind, v.unit, v.text) == ("money", "GBP", "350p")
    assert v.magnitude == pytest.approx(3.5)
    assert one("costs 99p.").magnitude == pytest.approx(0.99)
    # a resolution, a time and a spaced "p" are not pence
    assert [x.kind for x in parse_values("a 1080p screen")] == ["number"]
    assert [x.kind for x in parse_values("5 p")] == ["number"]
    assert all(x.kind != "money" for x in parse_values("open till 10p.m."))
    assert all(x.kind != "money" for x in parse_values("a 12px margin, a 6pk of beer"))


def test_not_costing_a_penny_is_nothing():
    v = one("a chip repair won't cost me a penny in excess")
    assert (v.kind, v.magnitude, v.unit) == ("money", 0.0, "GBP")
    assert one("it costs a penny").magnitude == pytest.approx(0.01)
    assert one("it won’t cost me a penny").magnitude == 0.0  # a typographic apostrophe


def test_pounds_alone_are_a_weight():
    assert one("5 pounds").kind == "quantity"


# ---------------------------------------------------------------- durations


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("30 days", 30 * DAY),
        ("2 weeks", 14 * DAY),
        ("two weeks", 14 * DAY),
        ("14 days", 14 * DAY),
        ("a month", 30 * DAY),
        ("12 months", 360 * DAY),
        ("three years", 3 * 365 * DAY),
        ("a decade", 3650 * DAY),
        ("90-day", 90 * DAY),
        ("two-week", 14 * DAY),
        ("1.5 hours", 5400.0),
        ("half an hour", 1800.0),
        ("a half hour", 1800.0),
        ("an hour and a half", 5400.0),
        ("one and a half hours", 5400.0),
        ("a couple of days", 2 * DAY),
        ("1 hour 30 minutes", 5400.0),
        ("2 hours and 15 minutes", 8100.0),
        ("45 mins", 2700.0),
        ("24 hrs", DAY),
        ("500 ms", 0.5),
        ("a fortnight", 14 * DAY),
        ("2 wks", 14 * DAY),
        ("30 Days", 30 * DAY),
        ("24h", DAY),
        ("5min", 300.0),
    ],
)
def test_durations(text, seconds):
    v = one(text)
    assert (v.kind, v.unit, v.text) == ("duration", "s", text)
    assert v.magnitude == pytest.approx(seconds)


def test_duration_inside_a_sentence():
    v = one("returns are accepted within 30 days of delivery")
    assert (v.kind, v.text, v.span) == ("duration", "30 days", (28, 35))


def test_in_n_weeks_is_a_duration_here():
    assert summary("it ships in two weeks") == [("duration", "two weeks")]


def test_a_rate_is_not_a_second_value():
    assert summary("$10 a month") == [("money", "$10")]
    assert summary("3 days per week") == [("duration", "3 days")]


def test_a_rate_after_what_a_number_counts_is_not_a_duration():
    assert summary("HS1 has nine sailings a day in summer") == [("number", "nine")]
    assert summary("three hot meals a day") == [("number", "three")]
    # (a duration still: after a preposition, a comma, or a word that counts nothing)
    assert summary("I paid £5 for a day") == [("money", "£5"), ("duration", "a day")]
    assert summary("2 people, a day pass") == [("number", "2"), ("duration", "a day")]
    assert summary("5 is a day") == [("number", "5"), ("duration", "a day")]
    assert summary("within 2 weeks plus a day") == [("duration", "2 weeks"), ("duration", "a day")]


# ---------------------------------------------------------------- quantities


@pytest.mark.parametrize(
    ("text", "magnitude", "unit"),
    [
        ("5 kg", 5.0, "kilogram"),
        ("5000 g", 5.0, "kilogram"),
        ("5kg", 5.0, "kilogram"),
        ("10 kilos", 10.0, "kilogram"),
        ("5 lbs", 2.26796185, "kilogram"),
        ("12 inches", 0.3048, "meter"),
        ("6 ft", 1.8288, "meter"),
        ("10 km", 10000.0, "meter"),
        ("60 mph", 26.8224, "meter / second"),
        ("100 km/h", 27.7777778, "meter / second"),
        ("256 GB", 2.048e12, "bit"),
        ("2 litres", 0.002, "meter ** 3"),
        ("100 square feet", 9.290304, "meter ** 2"),
        ("20°C", 293.15, "kelvin"),
        ("20 °C", 293.15, "kelvin"),
        ("-5 °C", 268.15, "kelvin"),
        ("68 degrees fahrenheit", 293.15, "kelvin"),
        ("20 degrees Celsius", 293.15, "kelvin"),
        ("it's 30C outside", 303.15, "kelvin"),
        ("90 degrees", 1.5707963, "radian"),
        ("5 kg per week", 5 / (7 * DAY), "kilogram / second"),
    ],
)
def test_quantities(text, magnitude, unit):
    v = one(text)
    assert (v.kind, v.unit) == ("quantity", unit)
    assert v.magnitude == pytest.approx(magnitude)


@pytest.mark.parametrize(
    "text",
    ["5 in the morning", "3 people", "2 pm", "4K TV", "3 kids", "a bit of rest", "in the 90s"],
)
def test_prose_words_are_not_units(text):
    assert all(v.kind in ("number",) for v in parse_values(text, reference=REF))


# ---------------------------------------------------------------- percent and booleans


@pytest.mark.parametrize(
    ("text", "value"),
    [("20%", 20.0), ("20 %", 20.0), ("twenty percent", 20.0), ("12.5 per cent", 12.5)],
)
def test_percent(text, value):
    v = one(text)
    assert (v.kind, v.magnitude, v.unit) == ("percent", value, "%")


@pytest.mark.parametrize(
    ("text", "surface", "value"),
    [
        ("yes", "yes", 1.0),
        ("No.", "No", 0.0),
        ("Yes I do", "Yes", 1.0),
        ("the answer is no.", "no", 0.0),
        ("Dark mode is enabled by default", "enabled", 1.0),
        ("Sync: disabled", "disabled", 0.0),
        ("Dark mode is on", "on", 1.0),
        ("the heater was switched off.", "off", 0.0),
        ("it's off", "off", 0.0),
        ("debug is set to true", "true", 1.0),
        ("verbose = false", "false", 0.0),
    ],
)
def test_booleans_standing_as_values(text, surface, value):
    v = one(text)
    assert (v.kind, v.text, v.magnitude) == ("boolean", surface, value)


@pytest.mark.parametrize(
    "text",
    [
        "the light is on the table",
        "no longer",
        "No dogs allowed",
        "turned on the radio",
        "It is true that he left",
        "a false positive",
        "the enabled features",
        "I get off work at five",
    ],
)
def test_boolean_words_that_are_not_values(text):
    assert [v for v in parse_values(text, reference=REF) if v.kind == "boolean"] == []


# ---------------------------------------------------------------- dates


def test_absolute_date_without_reference():
    v = one("I was born on 7 May 2023", reference=None)
    assert (v.kind, v.unit, v.text, v.normalised) == ("date", "day", "7 May 2023", "2023-05-07")
    assert v.magnitude == date(2023, 5, 7).toordinal()


@pytest.mark.parametrize(
    ("text", "normalised", "unit"),
    [
        ("in May 2023", "2023-05", "month"),
        ("in 2019 we moved", "2019", "year"),
        ("I moved 3 days ago", "2024-03-10", "day"),
        ("last week", "2024-W10", "week"),
        ("yesterday", "2024-03-12", "day"),
        ("at 2023-05-07T10:00Z", "2023-05-07", "day"),
    ],
)
def test_dates(text, normalised, unit):
    v = one(text)
    assert (v.kind, v.normalised, v.unit) == ("date", normalised, unit)


def test_relative_dates_need_a_reference_and_leave_no_stray_duration():
    assert parse_values("I moved 3 days ago", reference=None) == []
    assert parse_values("see you tomorrow", reference=None) == []


def test_vague_time_is_no_value():
    assert parse_values("One day I'll visit", reference=REF) == []
    assert parse_values("a few days ago", reference=REF) == []


def test_mixed_sentence_left_to_right():
    text = "On 7 May 2023 I paid $49.99 for 2 kg, delivered in 3 days with 20% off: yes"
    assert summary(text) == [
        ("date", "7 May 2023"),
        ("money", "$49.99"),
        ("quantity", "2 kg"),
        ("duration", "3 days"),
        ("percent", "20%"),
        ("boolean", "yes"),
    ]
    for v in parse_values(text, reference=REF):
        assert text[v.span[0] : v.span[1]] == v.text


# ---------------------------------------------------------------- whole values


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("60 days", "duration"),
        ("within 30 days of delivery", "duration"),
        ("about 12", "number"),
        ("$49.99 per month", "money"),
        ("approximately 5 kg", "quantity"),
        ("yes", "boolean"),
        ("7 May 2023", "date"),
        ("Berlin", "text"),
        ("iPhone 15", "text"),
        ("Berlin since 2019", "text"),
        ("256 GB iPhone", "text"),
        ("3 kids", "text"),
        ("30 days or 60 days", "text"),
        ("", "text"),
    ],
)
def test_parse_value_kind(text, kind):
    assert parse_value(text, reference=REF).kind == kind


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("Berlin", "berlin"),
        ("  The   Berlin. ", "berlin"),
        ("an Apple a day", "apple day"),
        ("McDonald's", "mcdonalds"),
        ("Straße", "strasse"),
        ("ＡＢＣ", "abc"),
        ("   ", ""),
    ],
)
def test_text_normalisation(text, normalised):
    v = parse_value(text)
    assert (v.kind, v.normalised) == ("text", normalised)
    assert text[v.span[0] : v.span[1]] == v.text


# ---------------------------------------------------------------- comparing


@pytest.mark.parametrize(
    ("a", "b", "verdict"),
    [
        ("60 days", "within 30 days of delivery", "different"),
        ("a month", "30 days", "same"),
        ("a month", "31 days", "same"),
        ("12 months", "a year", "same"),
        ("30 days", "60 days", "different"),
        ("a month", "5 weeks", "different"),
        ("two weeks", "14 days", "same"),
        ("90-day", "3 months", "same"),
        ("$49.99", "49.99 USD", "same"),
        ("$49.99", "$59.99", "different"),
        ("$20", "€20", "incomparable"),
        ("5 kg", "5000 g", "same"),
        ("5 kg", "11.0231 lbs", "same"),
        ("5 kg", "6 kg", "different"),
        ("5 kg", "5 m", "incomparable"),
        ("20 °C", "68 °F", "same"),
        ("20 °C", "22 °C", "different"),
        ("Berlin", "the berlin", "same"),
        ("Berlin", "Paris", "different"),
        ("about 5", "5 days", "incomparable"),
        ("20%", "twenty percent", "same"),
        ("yes", "enabled", "same"),
        ("yes", "no", "different"),
        ("Berlin", "5 kg", "incomparable"),
        ("7 May 2023", "May 2023", "same"),
        ("7 May 2023", "June 2023", "different"),
        ("7 May 2023", "in 2023", "same"),
        ("7 May 2023", "2023-05-07", "same"),
        ("7 May 2023", "8 May 2023", "different"),
    ],
)
def test_compare(a, b, verdict):
    va, vb = parse_value(a, reference=REF), parse_value(b, reference=REF)
    assert compare(va, vb) == verdict
    assert compare(vb, va) == verdict


def test_relative_dates_compare_at_the_coarser_granularity():
    last_week = parse_value("last week", reference=REF)
    assert compare(last_week, parse_value("7 March 2024", reference=REF)) == "same"
    assert compare(last_week, parse_value("12 March 2024", reference=REF)) == "different"


def test_tolerance_is_the_callers_choice():
    a, b = parse_value("$49.99"), parse_value("$50")
    assert compare(a, b) == "same"
    assert compare(a, b, rel_tol=0.0) == "different"


def test_values_without_magnitude_are_incomparable():
    broken = TypedValue("money", None, "USD", "", (0, 0))
    assert compare(broken, parse_value("$5")) == "incomparable"


# ---------------------------------------------------------------- properties

_PIECES = [
    "a", "an", "the", "one", "two", "hundred", "and", "half", "dozen", "couple", "of", "thousand",
    "$", "€", "£", "¥", "USD", "5", "1,299.50", "30", "-", "days", "day", "month", "year", "ago",
    "in", "on", "last", "Tuesday", "May", "7", "2023", "05/07/2023", "kg", "km/h", "°", "C",
    "degrees", "square", "feet", "per", "%", "percent", "is", "enabled", "yes", "no", "off", "set",
    "to", "true", ",", ".", ":", "3pm", "10:30", "fl", "oz", "k", "m", "bn", "hours", "sixty",
    "twenty-five", "ſ", "İ", "K", "µg", "²", "/", "9" * 400, "0.5", "1.", "e5", "\n",
]  # fmt: skip
_phrases = st.lists(
    st.tuples(st.sampled_from(_PIECES), st.sampled_from(["", " ", " ", "-", ", "])), max_size=14
).map(lambda parts: "".join(a + b for a, b in parts))
_references = st.one_of(st.none(), st.just(REF))


def _check_values(text: str, values: list[TypedValue]) -> None:
    last_end = 0
    for v in values:
        s, e = v.span
        assert last_end <= s <= e <= len(text)
        assert text[s:e] == v.text
        assert v.kind != "text"
        last_end = e


def _check_value(text: str, v: TypedValue) -> None:
    assert 0 <= v.span[0] <= v.span[1] <= len(text)
    assert text[v.span[0] : v.span[1]] == v.text
    assert compare(v, v) == "same"


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=80), _references)
def test_arbitrary_text_never_raises(text, reference):
    _check_values(text, parse_values(text, reference=reference))
    _check_value(text, parse_value(text, reference=reference))


@settings(max_examples=250, deadline=None)
@given(_phrases, _references)
def test_value_like_text_never_raises(text, reference):
    values = parse_values(text, reference=reference)
    _check_values(text, values)
    _check_value(text, parse_value(text, reference=reference))
    for a in values:
        for b in values:
            assert compare(a, b) == compare(b, a)


@settings(max_examples=400, deadline=None)
@given(
    st.from_regex(r"\A[0-9]{1,15}(\.[0-9]{1,6})?\Z"),
    st.sampled_from([None, REF]),
)
def test_a_bare_number_reads_as_the_full_reading_does(text, reference):
    """The quick path for a table's numeric cells gives what the full reading gives."""
    from engramdb.knowledge.values import _parse_values, _read_values

    assert _parse_values(text, reference) == _read_values(text, reference)


# ---------------------------------------------------------------- working days and bounds


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("5 working days", 5),
        ("within 10 business days", 10),
        ("3 clear days", 3),
        ("2 full weeks", 14),
    ],
)
def test_a_day_word_between_number_and_unit_keeps_a_duration(text, days):
    v = one(text)
    assert v.kind == "duration" and v.magnitude == days * DAY


def test_a_day_word_before_another_noun_is_no_unit():
    assert summary("5 working men") == [("number", "5")]


@pytest.mark.parametrize(
    ("text", "direction", "words"),
    [
        ("Artworks are covered up to £500 per item.", "upper", "up to"),
        ("Stays of at least 2 nights", "lower", "at least"),
        ("returns within 30 days", "upper", "within"),
        ("for more than 30 minutes", "lower", "more than"),
        ("costs £500", None, None),
    ],
)
def test_bound_before_an_amount(text, direction, words):
    from engramdb.knowledge.values import bound_before

    start = min(i for i, c in enumerate(text) if c.isdigit() or c == "£")
    found = bound_before(text, start)
    if direction is None:
        assert found is None
    else:
        assert found is not None and found[0] == direction
        assert text[found[1] :].startswith(words)
