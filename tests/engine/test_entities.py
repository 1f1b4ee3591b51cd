"""Entity extraction without an LLM: names, dates, the gazetteer, on hand-made sentences."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime

import pytest

from engramdb.engine.entities import KIND_DATE, KIND_NAME, EntityExtractor, Mention, mention_key
from engramdb.errors import ValidationError

# Monday 8 May 2023, 13:56 UTC (a LoCoMo-style session time).
TS = int(datetime(2023, 5, 8, 13, 56, tzinfo=UTC).timestamp() * 1000)


def names(mentions: list[Mention]) -> list[str]:
    return [m.name for m in mentions if m.kind != KIND_DATE]


def dates(mentions: list[Mention]) -> list[tuple[str, str | None]]:
    return [(m.name, m.value) for m in mentions if m.kind == KIND_DATE]


@pytest.fixture
def ex() -> EntityExtractor:
    return EntityExtractor()


# ------------------------------------------------------------------------------------------
# The reference sentence
# ------------------------------------------------------------------------------------------


def test_reference_sentence(ex: EntityExtractor) -> None:
    text = "Caroline went to the LGBTQ support group with Melanie yesterday."
    got = ex.extract(text, TS)
    assert [(m.name, m.key, m.kind) for m in got] == [
        ("Caroline", "caroline", KIND_NAME),
        ("LGBTQ", "lgbtq", KIND_NAME),
        ("Melanie", "melanie", KIND_NAME),
        ("yesterday", "2023-05-07", KIND_DATE),
    ]
    assert got[-1].value == "2023-05-07"
    for m in got:
        assert text[m.start : m.end] == m.name


def test_mentions_are_sorted_and_frozen(ex: EntityExtractor) -> None:
    got = ex.extract("Melanie met Caroline and Melanie again in Paris.")
    assert [m.start for m in got] == sorted(m.start for m in got)
    assert names(got) == ["Melanie", "Caroline", "Paris"]  # second "Melanie" deduplicated
    with pytest.raises(AttributeError):
        got[0].name = "x"  # type: ignore[misc]


# ------------------------------------------------------------------------------------------
# Proper-noun spans
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Yesterday was long.",
        "The game was great.",
        "What did you think?",
        "Hey! Thanks so much. Maybe later. Oh wow, that's great.",
        "Honestly, I don't know. It's fine, I'm OK.",
        "We met on Friday in May. Tonight is fine.",
        "I think so. A cat sat.",
    ],
)
def test_sentence_initial_common_words_are_not_names(ex: EntityExtractor, text: str) -> None:
    assert names(ex.extract(text)) == []


@pytest.mark.parametrize(
    "text",
    ["Seeing you was fun.", "Pets are great.", "Stories matter.", "Highly recommend it."],
)
def test_sentence_initial_common_shapes_are_not_names(ex: EntityExtractor, text: str) -> None:
    assert names(ex.extract(text)) == []


@pytest.mark.parametrize("name", ["James", "Paris", "Emily", "Beverly", "Carlos", "Caroline"])
def test_sentence_initial_names_with_common_endings_stay(ex: EntityExtractor, name: str) -> None:
    assert names(ex.extract(f"{name} was great.")) == [name]


def test_a_known_name_is_exempt_from_the_shape_rule() -> None:
    assert names(EntityExtractor().extract("Sterling called.")) == []
    assert [
        m.kind for m in EntityExtractor([("Sterling", "person")]).extract("Sterling called.")
    ] == ["person"]


def test_common_word_before_a_name_is_dropped(ex: EntityExtractor) -> None:
    assert names(ex.extract("Hey Caroline! Thanks Melanie.")) == ["Caroline", "Melanie"]
    assert names(ex.extract("Yesterday, The Beatles played.")) == ["Beatles"]
    assert names(ex.extract("Oh wow, Caroline, congrats!")) == ["Caroline"]


def test_sentence_initial_name_is_a_name(ex: EntityExtractor) -> None:
    assert names(ex.extract("Caroline said hi. Melanie laughed.")) == ["Caroline", "Melanie"]


def test_connectors_join_capitalised_words_only(ex: EntityExtractor) -> None:
    got = ex.extract("I opened an account at Bank of America and at Procter & Gamble.")
    assert names(got) == ["Bank of America", "Procter & Gamble"]
    assert names(ex.extract("We read the Lord of the Rings with Ludwig van Beethoven.")) == [
        "Lord of the Rings",
        "Ludwig van Beethoven",
    ]
    # "and" is not a connector; a trailing connector is not part of the span
    assert names(ex.extract("Caroline and Melanie went to Bank of the")) == [
        "Caroline",
        "Melanie",
        "Bank",
    ]


def test_possessive_is_stripped(ex: EntityExtractor) -> None:
    got = ex.extract("I loved Melanie's painting and James’s song.")
    assert [(m.name, m.key) for m in got] == [("Melanie", "melanie"), ("James", "james")]


def test_possessive_ends_a_span(ex: EntityExtractor) -> None:
    assert names(ex.extract("We saw Melanie's Mom there.")) == ["Melanie", "Mom"]


def test_inner_apostrophe_and_hyphen_names(ex: EntityExtractor) -> None:
    assert names(ex.extract("We met Jean-Luc O'Brien at noon.")) == ["Jean-Luc O'Brien"]


def test_contractions_are_not_names(ex: EntityExtractor) -> None:
    assert names(ex.extract("Don't worry. Can't stop. I'm here, We'll see, Let's go.")) == []


def test_acronyms_are_names_stopword_capitals_are_not(ex: EntityExtractor) -> None:
    got = ex.extract("She works at NASA and the LGBTQ center, and IT is on it.")
    assert names(got) == ["NASA", "LGBTQ"]


def test_i_and_single_letters_are_never_names(ex: EntityExtractor) -> None:
    assert names(ex.extract("Caroline and I went. Then I saw X and Y.")) == ["Caroline"]


def test_mid_sentence_capitalised_stopwords_break_spans(ex: EntityExtractor) -> None:
    assert names(ex.extract("So Caroline And Melanie left.")) == ["Caroline", "Melanie"]


def test_months_and_weekdays_are_not_names(ex: EntityExtractor) -> None:
    got = ex.extract("We go every Friday in June with Caroline on Monday.")
    assert names(got) == ["Caroline"]
    assert dates(got) == []  # a bare weekday or month is not a resolvable date


def test_the_mid_sentence_is_kept_in_surface_but_not_in_key(ex: EntityExtractor) -> None:
    (m,) = ex.extract("I love The Beatles so much.")
    assert (m.name, m.key) == ("The Beatles", "beatles")


def test_title_is_not_part_of_the_name_and_its_dot_is_not_a_sentence_end(
    ex: EntityExtractor,
) -> None:
    assert names(ex.extract("I saw Dr. Smith today.")) == ["Smith"]
    assert names(ex.extract("I saw Dr. Will today.")) == []  # "Will" is a stopword mid-sentence


def test_unicode_names(ex: EntityExtractor) -> None:
    got = ex.extract("Wir trafen Émile Zola und Ångström in Łódź.")
    assert names(got) == ["Wir", "Émile Zola", "Ångström", "Łódź"]  # "Wir" is not English


def test_mention_key() -> None:
    assert mention_key("  The   Bank of  America’s ") == "bank of america"
    assert mention_key("Melanie's") == "melanie"
    assert mention_key("STRASSE") == "strasse"
    assert mention_key("The") == "the"


# ------------------------------------------------------------------------------------------
# Dates
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "surface", "value"),
    [
        ("It was 8 May, 2023 at noon.", "8 May, 2023", "2023-05-08"),
        ("It was 8th of May 2023.", "8th of May 2023", "2023-05-08"),
        ("It was May 8th 2023.", "May 8th 2023", "2023-05-08"),
        ("It was May 8, 2023.", "May 8, 2023", "2023-05-08"),
        ("It was Sept. 3rd, 2021.", "Sept. 3rd, 2021", "2021-09-03"),
        ("It was 2023-05-08T10:00.", "2023-05-08", "2023-05-08"),
        ("It was 05/08/2023.", "05/08/2023", "2023-05-08"),  # month/day/year
        ("It was 25/12/2023.", "25/12/2023", "2023-12-25"),  # day first only when it must be
        ("It was May 2023.", "May 2023", "2023-05"),
        ("It was in December of 2021.", "December of 2021", "2021-12"),
        ("We moved here in 2019.", "2019", "2019"),
        ("1:56 pm on 8 May, 2023", "8 May, 2023", "2023-05-08"),
    ],
)
def test_absolute_dates(ex: EntityExtractor, text: str, surface: str, value: str) -> None:
    (m,) = [m for m in ex.extract(text) if m.kind == KIND_DATE]
    assert (m.name, m.value, m.key) == (surface, value, value)
    assert text[m.start : m.end] == surface


def test_day_and_month_without_year_take_the_timestamp_year(ex: EntityExtractor) -> None:
    assert dates(ex.extract("See you June 3 or 4 July.", TS)) == [
        ("June 3", "2023-06-03"),
        ("4 July", "2023-07-04"),
    ]
    assert dates(ex.extract("See you June 3.")) == [("June 3", None)]


@pytest.mark.parametrize(
    "text", ["On 2023-02-30 nothing.", "On 13/13/2023 nothing.", "On May 40 nothing."]
)
def test_impossible_dates_are_not_dates(ex: EntityExtractor, text: str) -> None:
    assert dates(ex.extract(text, TS)) == []


def test_numbers_that_are_not_dates(ex: EntityExtractor) -> None:
    assert dates(ex.extract("I ran 5 miles, scored 3/4 and paid 2023 dollars.", TS)) == []
    assert dates(ex.extract("You may 2 times try.", TS)) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I went yesterday.", "2023-05-07"),
        ("I go today.", "2023-05-08"),
        ("I go tonight.", "2023-05-08"),
        ("I go tomorrow.", "2023-05-09"),
        ("I went last night.", "2023-05-07"),
        ("I went this morning.", "2023-05-08"),
        ("I went the day before yesterday.", "2023-05-06"),
        ("I go the day after tomorrow.", "2023-05-10"),
        ("I went last week.", "2023-W18"),
        ("I go this week.", "2023-W19"),
        ("I go next week.", "2023-W20"),
        ("I went last month.", "2023-04"),
        ("I go next month.", "2023-06"),
        ("I went last year.", "2022"),
        ("I go next year.", "2024"),
        ("I went last Friday.", "2023-05-05"),
        ("I go next Friday.", "2023-05-12"),
        ("I go this Friday.", "2023-05-12"),
        ("I went last Monday.", "2023-05-01"),  # strictly before today (a Monday)
        ("I go next Monday.", "2023-05-15"),
        ("I went last weekend.", "2023-05-06"),
        ("I go this weekend.", "2023-05-13"),
        ("I go next weekend.", "2023-05-20"),
        ("I went two days ago.", "2023-05-06"),
        ("I went 3 days ago.", "2023-05-05"),
        ("I went a week ago.", "2023-05-01"),
        ("I went a couple of weeks ago.", "2023-04-24"),
        ("I went two months ago.", "2023-03"),
        ("I went six months ago.", "2022-11"),
        ("I went ten years ago.", "2013"),
        ("I go 3 days from now.", "2023-05-11"),
    ],
)
def test_relative_dates(ex: EntityExtractor, text: str, value: str) -> None:
    (m,) = ex.extract(text, TS)
    assert (m.kind, m.value, m.key) == (KIND_DATE, value, value)
    assert text[m.start : m.end] == m.name


def test_relative_dates_without_timestamp_keep_value_none(ex: EntityExtractor) -> None:
    got = ex.extract("Yesterday, last week, next Friday and two days ago; 8 May, 2023.")
    assert dates(got) == [
        ("Yesterday", None),
        ("last week", None),
        ("next Friday", None),
        ("two days ago", None),
        ("8 May, 2023", "2023-05-08"),  # absolute dates need no timestamp
    ]
    assert got[0].key == "yesterday"  # unresolved: keyed by the words


def test_capitalised_relative_date_is_a_date_not_a_name(ex: EntityExtractor) -> None:
    got = ex.extract("Yesterday Caroline called. Today Melanie did.", TS)
    assert [(m.name, m.kind) for m in got] == [
        ("Yesterday", KIND_DATE),
        ("Caroline", KIND_NAME),
        ("Today", KIND_DATE),
        ("Melanie", KIND_NAME),
    ]


def test_dates_win_over_names(ex: EntityExtractor) -> None:
    got = ex.extract("Caroline Jan 5 2022 was fun.", TS)
    assert [(m.name, m.kind) for m in got] == [("Caroline", KIND_NAME), ("Jan 5 2022", KIND_DATE)]


def test_same_day_written_twice_is_one_mention(ex: EntityExtractor) -> None:
    got = ex.extract("Yesterday, i.e. May 7 2023, was fun.", TS)
    assert dates(got) == [("Yesterday", "2023-05-07")]


def test_timestamp_is_utc(ex: EntityExtractor) -> None:
    late = int(datetime(2023, 5, 8, 23, 59, tzinfo=UTC).timestamp() * 1000)
    assert dates(ex.extract("today", late)) == [("today", "2023-05-08")]


def test_year_boundaries(ex: EntityExtractor) -> None:
    jan = int(datetime(2023, 1, 2, tzinfo=UTC).timestamp() * 1000)
    assert dates(ex.extract("last month", jan)) == [("last month", "2022-12")]
    assert dates(ex.extract("last week", jan)) == [("last week", "2022-W52")]


# ------------------------------------------------------------------------------------------
# Gazetteer
# ------------------------------------------------------------------------------------------


def test_gazetteer_finds_known_names_in_lower_case() -> None:
    ex = EntityExtractor([("Caroline", "person")])
    assert len(ex) == 1
    got = ex.extract("yes, caroline said so.")
    assert [(m.name, m.key, m.kind) for m in got] == [("caroline", "caroline", "person")]


def test_gazetteer_matches_on_word_boundaries_only() -> None:
    ex = EntityExtractor([("Ann", "person"), ("Caroline", "person")])
    assert ex.extract("the annual report from carolines and joanna.") == []
    got = ex.extract("ann's report, (caroline)")
    assert [(m.name, m.start, m.end) for m in got] == [("ann", 0, 3), ("caroline", 15, 23)]


def test_gazetteer_longest_match_wins() -> None:
    ex = EntityExtractor([("America", "place"), ("Bank of America", "org")])
    got = ex.extract("my account at bank of america.")
    assert [(m.name, m.kind) for m in got] == [("bank of america", "org")]
    assert [m.name for m in ex.extract("i love america")] == ["america"]


def test_known_kind_wins_over_person_or_name() -> None:
    ex = EntityExtractor([("Melanie", "person")])
    got = ex.extract("Melanie called melanie.")
    assert [(m.name, m.kind) for m in got] == [("Melanie", "person")]


def test_longer_proper_noun_span_wins_over_a_known_part() -> None:
    ex = EntityExtractor([("Caroline", "person")])
    got = ex.extract("I met Caroline Smith, then caroline again.")
    assert [(m.name, m.kind) for m in got] == [
        ("Caroline Smith", KIND_NAME),
        ("caroline", "person"),
    ]


def test_known_common_word_names_need_capitals() -> None:
    ex = EntityExtractor([("Will", "person"), ("June", "person"), ("The Who", "band")])
    got = ex.extract("I will call Will in june. We saw The Who.")
    assert [(m.name, m.kind) for m in got] == [("Will", "person"), ("The Who", "band")]
    # sentence-initial, a common word stays a common word even when it is a known name
    assert ex.extract("Will you come?") == []


def test_add_known_rebuilds_lazily() -> None:
    ex = EntityExtractor()
    assert ex.extract("caroline and melanie") == []
    ex.add_known([("Caroline", "person")])
    ex.add_known([("Melanie", "friend")])
    assert len(ex) == 2
    assert [(m.name, m.kind) for m in ex.extract("caroline and melanie")] == [
        ("caroline", "person"),
        ("melanie", "friend"),
    ]


def test_readding_a_name_updates_its_kind() -> None:
    ex = EntityExtractor([("Ann", "person")])
    assert ex.extract("ann")[0].kind == "person"
    ex.add_known([("Ann", "place")])
    assert len(ex) == 1
    assert [m.kind for m in ex.extract("ann")] == ["place"]


def test_many_adds_merge_the_delta_into_the_base() -> None:
    ex = EntityExtractor([(f"Base{i}", "x") for i in range(100)])
    ex.extract("warm up")
    for i in range(80):  # crosses the merge threshold max(32, √n)
        ex.add_known([(f"Added{i}", "y")])
        assert [m.kind for m in ex.extract(f"base7 and added{i}")] == ["x", "y"]
    assert len(ex) == 180
    assert [m.name for m in ex.extract("added0, added79, base99")] == [
        "added0",
        "added79",
        "base99",
    ]


def test_gazetteer_offsets_survive_case_mapping_that_changes_length() -> None:
    ex = EntityExtractor([("Caroline", "person")])
    text = "İİ caroline"  # "İ".lower() is two characters
    (m,) = [m for m in ex.extract(text) if m.kind == "person"]
    assert text[m.start : m.end] == m.name == "caroline"


def test_gazetteer_does_not_match_inside_a_date() -> None:
    ex = EntityExtractor([("May", "person"), ("Jan", "person")])
    got = ex.extract("on May 8th 2023 Jan came", TS)
    assert [(m.name, m.kind) for m in got] == [("May 8th 2023", KIND_DATE), ("Jan", "person")]


# ------------------------------------------------------------------------------------------
# Input validation
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad",
    [[("", "person")], [("A", "person")], [("Ann", "")], [("Ann",)], ["Ann"], [(1, "x")]],
)
def test_add_known_rejects_bad_pairs(bad: list) -> None:
    with pytest.raises(ValidationError):
        EntityExtractor(bad)


def test_extract_rejects_bad_input(ex: EntityExtractor) -> None:
    with pytest.raises(ValidationError):
        ex.extract(b"bytes")  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        ex.extract("today", 1.5)  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        ex.extract("today", True)  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        ex.extract("today", 10**30)


def test_empty_text(ex: EntityExtractor) -> None:
    assert ex.extract("") == []
    assert ex.extract("   \n ") == []


def test_a_text_links_to_at_most_max_mentions_entities(ex: EntityExtractor) -> None:
    """A crafted text of thousands of capitalised words links to MAX_MENTIONS entities (each
    is a graph row written under the write lock), the first ones in the text."""
    from engramdb.engine.entities import MAX_MENTIONS

    words = [f"Zq{a}{b}vor" for a in "abcdefghij" for b in "abcdefghij"]
    text = " and ".join(f"{w} met" for w in words)
    got = ex.extract(text)
    assert len(got) == MAX_MENTIONS
    assert got[0].name == words[0]


def test_co_mentions_link_every_pair_of_a_turn_and_a_window_of_a_long_text(tmp_path) -> None:
    """A memory naming a few entities links each pair; one naming dozens links each entity with
    the next ``LINK_WINDOW`` it names, so a crafted text writes a bounded number of links."""
    import sqlite3

    from engramdb.engine.graph import GRAPH_SCHEMA, LINK_WINDOW, EntityGraph

    con = sqlite3.connect(tmp_path / "graph.sqlite")
    con.executescript(GRAPH_SCHEMA)
    graph = EntityGraph(con)
    few = [(f"n{i}", KIND_NAME, f"N{i}") for i in range(4)]
    many = [(f"m{i}", KIND_NAME, f"M{i}") for i in range(40)]
    graph.add_mentions_many([(1, 0, few), (2, 0, many)])
    eid = {k: graph.find(k)[0] for k, _, _ in few + many}

    def linked(a: str, b: str) -> bool:
        return eid[b] in graph.related([eid[a]])

    assert all(linked(a, b) for (a, _, _), (b, _, _) in itertools.combinations(few, 2))
    assert linked("m0", f"m{LINK_WINDOW}") and linked(f"m{LINK_WINDOW}", "m0")
    assert not linked("m0", f"m{LINK_WINDOW + 1}") and not linked("m0", "m39")
    links = con.execute("SELECT COUNT(*) FROM entity_links").fetchone()[0]
    assert links == 6 + sum(min(LINK_WINDOW, 39 - i) for i in range(40))
