"""Time expressions: absolute and relative dates, vague phrases, short-lived context."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engramdb.knowledge.timeexpr import TimeMention, day_set, is_contextual, resolve, unresolved

# Wednesday 13 March 2024, mid-afternoon.
REF = datetime(2024, 3, 13, 15, 30, tzinfo=UTC)


def only(text: str, reference: datetime = REF) -> TimeMention:
    mentions = resolve(text, reference)
    assert len(mentions) == 1, mentions
    return mentions[0]


def day(y: int, m: int, d: int) -> datetime:
    return datetime(y, m, d, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "surface", "start", "end", "granularity"),
    [
        ("I was born on 7 May 2023.", "7 May 2023", day(2023, 5, 7), day(2023, 5, 8), "day"),
        ("Since May 7, 2023 we", "May 7, 2023", day(2023, 5, 7), day(2023, 5, 8), "day"),
        ("the 7th of May 2023", "the 7th of May 2023", day(2023, 5, 7), day(2023, 5, 8), "day"),
        ("Sunday, May 7, 2023", "Sunday, May 7, 2023", day(2023, 5, 7), day(2023, 5, 8), "day"),
        ("due 2023-05-07", "2023-05-07", day(2023, 5, 7), day(2023, 5, 8), "day"),
        ("paid 05/07/2023", "05/07/2023", day(2023, 5, 7), day(2023, 5, 8), "day"),
        ("paid 05-07-2023", "05-07-2023", day(2023, 5, 7), day(2023, 5, 8), "day"),
        ("paid 25/12/2023", "25/12/2023", day(2023, 12, 25), day(2023, 12, 26), "day"),
        ("released in May 2023", "May 2023", day(2023, 5, 1), day(2023, 6, 1), "month"),
        ("Sept. 2021 was wet", "Sept. 2021", day(2021, 9, 1), day(2021, 10, 1), "month"),
        ("we moved in 2019", "2019", day(2019, 1, 1), day(2020, 1, 1), "year"),
        ("since 1998", "1998", day(1998, 1, 1), day(1999, 1, 1), "year"),
        ("mid-2019", "2019", day(2019, 1, 1), day(2020, 1, 1), "year"),
    ],
)
def test_absolute_dates(text, surface, start, end, granularity):
    m = only(text)
    assert (m.text, m.start, m.end, m.granularity, m.relative) == (
        surface,
        start,
        end,
        granularity,
        False,
    )
    assert text[m.span[0] : m.span[1]] == surface


def test_us_month_day_order_is_the_default():
    assert only("05/07/2023").start.date() == date(2023, 5, 7)
    assert only("5/7/23").start.date() == date(2023, 5, 7)


def test_iso_timestamp_is_a_moment_converted_to_the_reference_zone():
    m = only("at 2023-05-07T10:00:00+02:00 sharp")
    assert m.granularity == "moment"
    assert m.start == m.end == datetime(2023, 5, 7, 8, 0, tzinfo=UTC)
    assert m.start.utcoffset() == timedelta(0)


@pytest.mark.parametrize(
    ("text", "surface", "start", "end", "granularity"),
    [
        ("today", "today", day(2024, 3, 13), day(2024, 3, 14), "day"),
        ("yesterday I ran", "yesterday", day(2024, 3, 12), day(2024, 3, 13), "day"),
        ("tomorrow", "tomorrow", day(2024, 3, 14), day(2024, 3, 15), "day"),
        ("the day before yesterday", None, day(2024, 3, 11), day(2024, 3, 12), "day"),
        ("the day after tomorrow", None, day(2024, 3, 15), day(2024, 3, 16), "day"),
        ("last week", None, day(2024, 3, 4), day(2024, 3, 11), "week"),
        ("this week", None, day(2024, 3, 11), day(2024, 3, 18), "week"),
        ("next week", None, day(2024, 3, 18), day(2024, 3, 25), "week"),
        ("the week before last", None, day(2024, 2, 26), day(2024, 3, 4), "week"),
        ("the week after next", None, day(2024, 3, 25), day(2024, 4, 1), "week"),
        ("last month", None, day(2024, 2, 1), day(2024, 3, 1), "month"),
        ("next month", None, day(2024, 4, 1), day(2024, 5, 1), "month"),
        ("last year", None, day(2023, 1, 1), day(2024, 1, 1), "year"),
        ("this year", None, day(2024, 1, 1), day(2025, 1, 1), "year"),
        ("this weekend", None, day(2024, 3, 16), day(2024, 3, 18), "week"),
        ("last Tuesday", None, day(2024, 3, 12), day(2024, 3, 13), "day"),
        ("last Wednesday", None, day(2024, 3, 6), day(2024, 3, 7), "day"),
        ("next Friday", None, day(2024, 3, 15), day(2024, 3, 16), "day"),
        ("next Wednesday", None, day(2024, 3, 20), day(2024, 3, 21), "day"),
        ("this Friday", None, day(2024, 3, 15), day(2024, 3, 16), "day"),
        ("3 days ago", None, day(2024, 3, 10), day(2024, 3, 11), "day"),
        ("a couple of days ago", None, day(2024, 3, 11), day(2024, 3, 12), "day"),
        ("two years ago", None, day(2022, 1, 1), day(2023, 1, 1), "year"),
        ("twenty-five years ago", None, day(1999, 1, 1), day(2000, 1, 1), "year"),
        ("a month ago", None, day(2024, 2, 1), day(2024, 3, 1), "month"),
        ("in two weeks", None, day(2024, 3, 25), day(2024, 4, 1), "week"),
        ("in 3 days", None, day(2024, 3, 16), day(2024, 3, 17), "day"),
        ("10 days from now", None, day(2024, 3, 23), day(2024, 3, 24), "day"),
        ("last May", None, day(2023, 5, 1), day(2023, 6, 1), "month"),
        ("next May", None, day(2024, 5, 1), day(2024, 6, 1), "month"),
        ("next February", None, day(2025, 2, 1), day(2025, 3, 1), "month"),
        ("May 7", "May 7", day(2024, 5, 7), day(2024, 5, 8), "day"),
    ],
)
def test_relative_phrases(text, surface, start, end, granularity):
    m = only(text)
    assert (m.start, m.end, m.granularity, m.relative) == (start, end, granularity, True)
    assert m.text == (surface or text)


def test_in_month_names_the_reference_year_and_keeps_the_preposition_out():
    m = only("we met in June")
    assert (m.text, m.start, m.granularity) == ("June", day(2024, 6, 1), "month")


@pytest.mark.parametrize(
    ("text", "start_hour", "end"),
    [
        ("this morning", 6, datetime(2024, 3, 13, 12, tzinfo=UTC)),
        ("this afternoon", 12, datetime(2024, 3, 13, 18, tzinfo=UTC)),
        ("tonight", 18, day(2024, 3, 14)),
    ],
)
def test_parts_of_today(text, start_hour, end):
    m = only(text)
    assert m.start == datetime(2024, 3, 13, start_hour, tzinfo=UTC)
    assert (m.end, m.granularity) == (end, "day")


def test_last_night_spans_midnight():
    m = only("last night")
    assert m.start == datetime(2024, 3, 12, 18, tzinfo=UTC)
    assert m.end == datetime(2024, 3, 13, 6, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I went to the gym on Tuesday", date(2024, 3, 12)),
        ("I will go to the gym on Tuesday", date(2024, 3, 19)),
        ("I'll call you Friday", date(2024, 3, 15)),
        ("Friday was rough", date(2024, 3, 8)),
        ("on Wednesday I cooked", date(2024, 3, 6)),
    ],
)
def test_bare_weekday_follows_the_tense(text, expected):
    assert only(text).start.date() == expected


@pytest.mark.parametrize(
    ("text", "granularity"),
    [("3 hours ago", "moment"), ("an hour ago", "moment"), ("right now", "moment")],
)
def test_moments_have_no_width(text, granularity):
    m = only(text)
    assert m.granularity == granularity
    assert m.start == m.end


def test_hours_ago_moves_the_moment():
    assert only("3 hours ago").start == datetime(2024, 3, 13, 12, 30, tzinfo=UTC)


def test_rolling_windows_end_at_the_reference():
    m = only("in the past week")
    assert (m.start, m.end) == (REF - timedelta(days=7), REF)
    m = only("over the last 3 days")
    assert (m.start, m.end, m.granularity) == (REF - timedelta(days=3), REF, "day")


def test_naive_reference_is_utc():
    m = only("yesterday", datetime(2024, 3, 13, 15, 30))
    assert m.start == day(2024, 3, 12)
    assert m.start.tzinfo is not None


def test_results_stay_in_the_reference_timezone():
    tz = timezone(timedelta(hours=-5))
    ref = datetime(2024, 3, 13, 22, 0, tzinfo=tz)  # already the 14th in UTC
    m = only("tomorrow", ref)
    assert m.start == datetime(2024, 3, 14, tzinfo=tz)
    assert m.start.utcoffset() == timedelta(hours=-5)
    assert only("7 May 2023", ref).start == datetime(2023, 5, 7, tzinfo=tz)


def test_several_mentions_left_to_right():
    text = "I booked it yesterday for 7 May 2024 and will pay next week"
    assert [m.text for m in resolve(text, REF)] == ["yesterday", "7 May 2024", "next week"]


@pytest.mark.parametrize(
    "text",
    [
        "recently",
        "Feb 30 2023",
        "2023-13-45",
        "you may 7 go",
        "we may go in may",
        "for 2000 years",
        "I train on Tuesdays",
        "the 5 kg bag",
        "a few days ago",
        "",
    ],
)
def test_nothing_resolvable(text):
    assert resolve(text, REF) == []


def test_out_of_range_offsets_are_skipped_not_raised():
    assert resolve("99999999999999 years ago", REF) == []
    assert resolve("9999999999 days ago", REF) == []


def test_deterministic():
    text = "last Tuesday, 3 days ago and next month"
    assert resolve(text, REF) == resolve(text, REF)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'll do it soon", ["soon"]),
        ("We talked recently", ["recently"]),
        ("It was a while ago", ["a while ago"]),
        ("some time ago I lived there", ["some time ago"]),
        ("let's meet some time", ["some time"]),
        ("One day I'll visit Japan", ["One day"]),
        ("It'll work out eventually", ["eventually"]),
        ("many years ago", ["many years ago"]),
        ("a few days ago", ["a few days ago"]),
        ("It took one day to ship", []),
        ("two years ago", []),
        ("yesterday", []),
    ],
)
def test_unresolved(text, expected):
    assert unresolved(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm tired today", True),
        ("I'm in Paris this week", True),
        ("right now I'm cooking", True),
        ("At the moment I work from home", True),
        ("I'm currently reading Dune", True),
        ("we're out tonight", True),
        ("Busy this weekend", True),
        ("I live in Berlin", False),
        ("I was born in 1990", False),
        ("I know the answer", False),
    ],
)
def test_is_contextual(text, expected):
    assert is_contextual(text) is expected


# ---------------------------------------------------------------- properties

_PIECES = [
    "last", "next", "this", "the", "week", "before", "after", "Tuesday", "May", "may", "7", "31",
    "2023", "in", "on", "ago", "days", "a", "couple", "of", "twenty-five", "05/07/2023", "tonight",
    "2023-05-07", "T10:00Z", "Feb", "29", "30", "99999999999", "years", "from", "now", "one", "day",
    "recently", ",", ".", "-", "mid-", "since", "1500", "the past", "İ", "ſ", "\n",
]  # fmt: skip
_phrases = st.lists(st.sampled_from(_PIECES), max_size=12).map(" ".join)
_references = st.datetimes(
    min_value=datetime(1, 2, 1), max_value=datetime(9998, 11, 30), timezones=st.just(UTC)
)


def _check_mentions(text: str, mentions: list[TimeMention]) -> None:
    last_end = 0
    for m in mentions:
        s, e = m.span
        assert last_end <= s <= e <= len(text)
        assert text[s:e] == m.text
        assert m.start <= m.end
        assert m.start.tzinfo is not None and m.end.tzinfo is not None
        last_end = e


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=80), _references)
def test_arbitrary_text_never_raises(text, reference):
    _check_mentions(text, resolve(text, reference))
    assert all(isinstance(p, str) for p in unresolved(text))
    assert isinstance(is_contextual(text), bool)


@settings(max_examples=200, deadline=None)
@given(_phrases, _references)
def test_date_like_text_never_raises(text, reference):
    _check_mentions(text, resolve(text, reference))
    unresolved(text)


_WORDS = st.sampled_from(
    "in on last next past this the ago from now today tonight yesterday morning night at moment "
    "present currently week weekend month year day days hours mins 2 3 14 2024 1999 3rd 12/05/2024 "
    "2024-05-03 May may June Sept. Monday friday two a couple of , . - / JAN 10:30".split()
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_WORDS, max_size=12), st.text(max_size=12))
def test_skipping_rules_that_cannot_match_changes_nothing(words, noise):
    # a rule is skipped when the words it needs are absent: the mentions found are the same as
    # when every rule runs
    from engramdb.knowledge import timeexpr

    ref = datetime(2024, 6, 1, 12, tzinfo=UTC)
    text = " ".join(words) + " " + noise
    assert timeexpr._collect(text, ref, timeexpr._rules_for(text)) == timeexpr._collect(
        text, ref, timeexpr._RULES
    )
    assert len(timeexpr._rules_for("Widget 3-7 costs $5 and ships within 4 days.")) < 8


_VAGUE_WORDS = st.sampled_from(
    "soon recently lately eventually someday some day sometime time ago a little while back in "
    "at point the other one of these days near distant future past then long not ages before "
    "sooner or later any now shortly on last few several couple many number weeks years months "
    "decades from coming SOON Later , .".split()
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_VAGUE_WORDS, max_size=10))
def test_skipping_the_vague_pattern_without_its_words_changes_nothing(words):
    from engramdb.knowledge import timeexpr

    text = " ".join(words)
    spans = [m.span() for m in timeexpr._VAGUE.finditer(text)]
    spans += [m.span("p") for m in timeexpr._ONE_DAY.finditer(text)]
    found = timeexpr._find(text, timeexpr._ANY_REFERENCE)
    index = timeexpr._SpanIndex([f.mention.span for f in found])
    assert timeexpr._vague_spans(text) == sorted(s for s in spans if not index.overlaps(*s))


@settings(max_examples=300, deadline=None)
@given(st.lists(_WORDS, max_size=12), st.text(max_size=12))
def test_a_text_the_quick_check_passes_over_has_no_rule_to_run(words, noise):
    from engramdb.knowledge import timeexpr

    text = " ".join(words) + " " + noise
    if timeexpr._ANY_RULE.search(text) is None:
        assert timeexpr._rules_for(text) == []


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("open at weekends", {5, 6}),
        ("Saturday and Sunday", {5, 6}),
        ("Monday to Friday", {0, 1, 2, 3, 4}),
        ("on weekdays", {0, 1, 2, 3, 4}),
        ("Dinner mon thu hours", {0, 1, 2, 3}),  # a key's span, its dash dropped
        ("Fri–Mon", {4, 5, 6, 0}),  # a span wraps past Sunday
        ("Sat & Sun", {5, 6}),
        ("Sundays and bank holidays", {6}),
        ("I sat in the sun", set()),  # an abbreviation alone is a word, not a day
        ("no day here", set()),
        ("Mon Wed Fri", {0, 2, 4}),  # a list, not a span
        ("Tuesday Thursday", {1, 3}),
        ("Mon-Fri 9-5, Sat 10-4", {0, 1, 2, 3, 4, 5}),  # a capitalised abbreviation alone
        ("on week\tdays", {0, 1, 2, 3, 4}),  # any blank inside the group word
    ],
)
def test_day_sets(text, days):
    assert day_set(text) == frozenset(days)


@given(st.text(max_size=60))
@settings(max_examples=200, deadline=None)
def test_day_sets_are_days(text):
    assert day_set(text) <= frozenset(range(7))
