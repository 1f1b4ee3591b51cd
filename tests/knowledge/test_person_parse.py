"""The speaker's facts read from the parse (``extract/person_parse.py``): which clauses count,
which phrases are values and in what span, read alone and through memory (where they add to the
rules' reading and would be missing without it)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engramdb import Memory
from engramdb.knowledge.claims import SELF
from engramdb.knowledge.extract import stage0
from engramdb.knowledge.extract.person_parse import MAX_CHARS, speaker_frames, speakers_assertion
from engramdb.knowledge.extract.person_words import FAMILY


def _values(text: str) -> set[str]:
    return {f.value for f in speaker_frames(text)}


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # what the speaker is, every conjunct, without the grading word
        ("I'm a Virgo and a complete night owl", {"Virgo", "night owl"}),
        # a verb joined to the speaker's clause takes its subject
        (
            "I deliver for Deliveroo at night and teach at a leisure centre",
            {"Deliveroo", "leisure centre"},
        ),
        # a name a phrase's own preposition takes ("with the RAF")
        ("I'm a flight engineer with the RAF", {"flight engineer", "RAF"}),
        # a bare attribute noun is the speaker's ("home's ...")
        ("home's Valletta these days", {"Valletta"}),
        # a fragment says what the speaker is
        ("Marine biologist, researching kelp at Plymouth Uni", {"Marine biologist"}),
        # "since" keeps its date (chat's "been in ..." reaches the reader with its "I")
        ("I've been in Lisbon since 2017", {"Lisbon", "2017"}),
    ],
)
def test_the_phrases_of_the_speakers_clauses_are_values(text: str, want: set[str]) -> None:
    assert want <= _values(text)


@pytest.mark.parametrize(
    "text",
    [
        "I don't live in Oslo",  # denied
        "I might move to Bergen",  # a modal's
        "I want to work at Spotify",  # a wish
        "If I lived in Rome I would walk more",  # a condition
        "Am I in the Lisbon office?",  # a question
        "I left Accenture in May",  # what ended
        "let's play a game: I'm a sea captain from Malta",  # a game
        "I'm lactose intolerant so no dairy desserts please",  # denied by "no", and asked
        "hola",  # a greeting
        "big news",  # an exclamation
        "Chip's the baby of the family",  # a name as subject: the pet's, not the speaker's
    ],
)
def test_what_is_not_the_speakers_present_fact_gives_nothing(text: str) -> None:
    got = _values(text)
    assert not got & {
        "Oslo",
        "Bergen",
        "Spotify",
        "Rome",
        "Lisbon office",
        "Accenture",
        "sea captain",
        "Malta",
        "dairy desserts",
        "hola",
        "big news",
        "baby",
    }, got


def test_a_present_perfect_says_how_long_a_state_has_lasted() -> None:
    got = {(f.key, f.value) for f in speaker_frames("I've been a paramedic for twelve years")}
    assert ("be_for", "twelve years") in got
    got = {(f.key, f.value) for f in speaker_frames("I have lived in Leeds for about 10 years")}
    assert ("live_for", "10 years") in got
    got = {(f.key, f.value) for f in speaker_frames("I've worked for Tesco for 6 years")}
    assert ("employer", "Tesco") in got and ("work_for", "6 years") in got  # not an employer
    # a past clause, a length not of years or months, and a stay to come: no length of a state
    assert "3 years" not in _values("I lived in Leeds for 3 years")
    assert "two days" not in _values("I've been in Rome for two days")
    assert not any("month" in v for v in _values("I'm in Rome for a month"))


def test_how_many_of_a_households_kind() -> None:
    got = {(f.key, f.value) for f in speaker_frames("I keep three chickens: Hen, Bey and Nug")}
    assert ("number_of_chickens", "three") in got
    got = {(f.key, f.value) for f in speaker_frames("I share a flat with two flatmates")}
    assert ("number_of_flatmates", "two") in got
    # a count of anything else is no fact of the speaker's; a name after "with" stays one
    assert not any(f.key.startswith("number_of") for f in speaker_frames("I have 2 tickets"))
    got = {(f.key, f.value) for f in speaker_frames("We have two children and 3 puppies")}
    assert {("number_of_children", "two"), ("number_of_puppies", "3")} <= got
    assert not any(f.key.startswith("number_of") for f in speaker_frames("I walk three dogs"))
    assert "KPMG" in _values("I'm an accountant, working with KPMG in Mumbai")


def test_a_participle_takes_the_speakers_subject() -> None:
    assert "Aviva" in _values("I'm an actuary, working with Aviva")
    assert "Aviva" not in _values("I'm an actuary, thinking of working with Aviva")


def test_a_family_members_clause_is_theirs_by_name_or_relation() -> None:
    named = {(f.subject, f.value) for f in speaker_frames("my sister Ama works at Unilever")}
    assert ("Ama", "Unilever") in named
    plain = {(f.subject, f.value) for f in speaker_frames("my sister works at Unilever")}
    assert (FAMILY["sister"], "Unilever") in plain
    assert _values("my colleague works at Unilever") == set()  # not family: not the speaker's
    assert _values("my colleague's home is Leeds") == set()


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("I really enjoy restoring vintage radios", {("likes", "vintage radios")}),
        ("I love sailing", {("likes", "sailing")}),
        ("I can't stand olives", {("dislikes", "olives")}),
        ("I don't like thrillers", {("dislikes", "thrillers")}),
        ("I'd love a new kayak", set()),  # a wish
        ("I don't hate olives", set()),  # no taste said
        ("I can stand the cold", set()),
    ],
)
def test_a_taste_is_a_like_or_a_dislike(text: str, want: set[tuple[str, str]]) -> None:
    assert {(f.key, f.value) for f in speaker_frames(text)} == want


def test_a_stay_is_no_home() -> None:
    def keys(text: str) -> dict[str, str]:
        return {f.value: f.key for f in speaker_frames(text)}

    assert keys("We're in Valencia")["Valencia"] == "lives_in"
    assert keys("I'm in Valencia for a wedding")["Valencia"] == "staying_in"
    assert keys("I'm in Valencia next week")["Valencia"] == "staying_in"


def test_a_move_from_a_place_is_not_where_the_speaker_is() -> None:
    got = _values("I moved from Porto to Braga last year")
    assert "Porto" not in got


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I spend weekends with my in-laws in Sligo", "in-laws"),  # a hyphenated word whole
        ("now I'm at Sainsbury's", "Sainsbury's"),  # a shop's possessive name
        ("Mostly emergency shifts.", "emergency shifts"),  # no adverb opening
        ("We own a four-bedroom house in Leeds", "four-bedroom house"),
    ],
)
def test_a_value_is_the_whole_words_that_name_it(text: str, value: str) -> None:
    frames = speaker_frames(text)
    got = {f.value for f in frames}
    assert value in got, got
    assert all(text[f.span[0] : f.span[1]] == f.value for f in frames)


def test_traits_are_multi_valued_and_a_home_is_one() -> None:
    frames = speaker_frames("I'm a Leo and a total introvert")
    assert frames and all(f.multi for f in frames)
    home = speaker_frames("We're in Valencia")
    assert [(f.key, f.multi) for f in home] == [("lives_in", False)]


def test_a_later_home_replaces_one_only_the_parse_read(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(stage0, "USE_PARSE_READER", True)
    with Memory.open(tmp_path / "m", embedder="hashing") as mem:
        scope = "org/acme/user/ana"
        mem.remember("We're in Valencia", scope=scope, session_id="s1")
        assert "Valencia" in {f.value for f in mem.facts(lens=scope)}
        mem.remember("We moved to Bilbao last month", scope=scope, session_id="s1")
        live = {f.value for f in mem.facts(lens=scope) if f.scope == scope}
    assert "Bilbao" in live and "Valencia" not in live


def test_a_text_over_the_limit_is_not_parsed() -> None:
    assert speaker_frames("I'm a Leo. " + "x" * MAX_CHARS) == []


_LETTERS = list("Iam a Leo in Paris, not from we'm-'s.?")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.sampled_from(_LETTERS), max_size=80))
def test_any_text_gives_spans_of_itself(text: str) -> None:
    for f in speaker_frames(text):
        assert text[f.span[0] : f.span[1]] == f.value
        assert f.value.strip()


def _stored(tmp_path, text: str, on: bool, monkeypatch) -> set[str]:
    monkeypatch.setattr(stage0, "USE_PARSE_READER", on)
    with Memory.open(tmp_path / ("on" if on else "off"), embedder="hashing") as mem:
        scope = "org/acme/user/ana"
        mem.remember(text, scope=scope, session_id="s1")
        return {f.value for f in mem.facts(lens=scope) if f.scope == scope}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I'm a Virgo and a complete night owl", "night owl"),
        ("I deliver for Deliveroo at night", "Deliveroo"),
        ("Marine biologist, researching kelp at Plymouth Uni", "Marine biologist"),
        ("I'm an actuary, working with Aviva", "Aviva"),
    ],
)
def test_memory_keeps_what_only_the_parse_reads(tmp_path, monkeypatch, text, value) -> None:
    assert value not in _stored(tmp_path, text, False, monkeypatch)
    assert value in _stored(tmp_path, text, True, monkeypatch)


def test_a_value_the_rules_read_is_not_read_twice(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(stage0, "USE_PARSE_READER", True)
    with Memory.open(tmp_path / "m", embedder="hashing") as mem:
        scope = "org/acme/user/ana"
        mem.remember("I live in Galway", scope=scope, session_id="s1")
        facts = [f for f in mem.facts(lens=scope) if f.scope == scope]
    assert [f.value for f in facts] == ["Galway"]
    assert facts[0].key == "lives_in"


@pytest.mark.parametrize(
    ("text", "value", "mine"),
    [
        ("Rex chewed my slipper yesterday", "yesterday", False),  # the dog's doing
        ("I can't stop laughing today", "today", False),  # denied
        ("we might have to move again", "again", False),  # a modal's
        ("I prefer short answers", "short answers", True),  # a taste asserts
        ("my go-to pizza is a margherita", "a margherita", True),  # the speaker's own thing
        ("I'm a stay-at-home dad", "stay-at-home dad", True),  # a value's own verb-like word
    ],
)
def test_whose_assertion_a_value_is_in(text: str, value: str, mine: bool) -> None:
    assert speakers_assertion(text, value) is mine


@pytest.mark.parametrize("text", ["Rex chewed my slipper yesterday", "I can't stop laughing today"])
def test_a_fallback_fact_of_a_clause_not_the_speakers_is_dropped(text: str, monkeypatch) -> None:
    def values(on: bool) -> set[str]:
        monkeypatch.setattr(stage0, "USE_PARSE_READER", on)
        return {c.value for c in stage0.extract_stage0(text, role="user").claims}

    assert values(False) and not values(True)


def test_a_pronoun_is_no_value_of_the_speakers(monkeypatch) -> None:
    text = "I play the cello, badly, but I love it"

    def values(on: bool) -> set[str]:
        monkeypatch.setattr(stage0, "USE_PARSE_READER", on)
        return {c.value for c in stage0.extract_stage0(text, role="user").claims}

    assert "it" in values(False)
    assert "it" not in values(True)


@pytest.mark.parametrize(
    ("text", "value", "key"),
    [
        # an attribute's place is the attribute's, and adds: never the speaker's home or job
        ("My office is in Leeds", "Leeds", "office_in"),
        ("My claim is with Aviva", "Aviva", "claim_with"),
    ],
)
def test_an_attributes_place_is_keyed_by_the_attribute(text: str, value: str, key: str) -> None:
    frames = {f.value: f for f in speaker_frames(text)}
    assert frames[value].key == key and frames[value].multi


@pytest.mark.parametrize(
    "text",
    [
        "My landlord lives in Spain",  # someone's job, not the speaker's attribute
        "I was at Barclays until March",  # the past
        "I lived in Leeds",
        "Thanks, Sarah.",  # thanks, greetings, sign-offs
        "Kind regards, Ana Lopes",
        "Aria Headphones, $149.",  # a price said
        "Standard delivery please.",  # asked for
    ],
)
def test_what_the_review_found_gives_nothing(text: str) -> None:
    assert speaker_frames(text) == [], speaker_frames(text)


def test_working_with_someone_is_no_employer() -> None:
    keys = {f.value: f.key for f in speaker_frames("I work with Sarah Jones")}
    assert keys.get("Sarah Jones") != "employer"


def test_a_place_right_now_is_a_stay_and_a_present_perfect_holds() -> None:
    assert {f.key for f in speaker_frames("I'm in Madrid right now")} == {"staying_in"}
    assert "Toronto" in _values("I've lived in Toronto for six years")


def test_a_family_members_whole_name_and_a_contracted_be() -> None:
    got = {
        (f.subject, f.key, f.value)
        for f in speaker_frames("My sister Mary Ann teaches at Ashgrove School")
    }
    assert any(s == "Mary Ann" and v == "Ashgrove School" for s, _, v in got), got
    got = {(f.subject, f.key) for f in speaker_frames("my brother Kofi's in Accra")}
    assert ("Kofi", "lives_in") in got


def test_a_word_of_a_game_in_a_job_is_no_game() -> None:
    assert "Dundee" in _values("I work at a game studio in Dundee")
    assert "Rockstar" in _values("I'm a story editor at Rockstar")


def test_a_value_ends_at_a_word_not_a_comma() -> None:
    assert all(not f.value.endswith(",") for f in speaker_frames("Tesla Model 3, 2021, grey."))


def test_it_the_department_is_a_value(monkeypatch) -> None:
    monkeypatch.setattr(stage0, "USE_PARSE_READER", True)
    assert "IT" in {c.value for c in stage0.extract_stage0("I work in IT.", role="user").claims}


def test_a_hyphenated_trait_is_one_word() -> None:
    assert ("trait", "left-handed") in {(f.key, f.value) for f in speaker_frames("I'm left-handed")}


def test_what_the_speaker_says_they_are_with_as_holds_through_a_denial() -> None:
    assert "vegan" in _values("As a vegan I don't eat honey")
    assert "vegan" not in _values("Am I allowed to eat honey as a vegan?")
    assert _values("I like films such as Alien") <= {"films", "Alien"}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("oh well. Max died in January", "January"),  # someone else's clause
        ("my cat Luna passed away last week and I can't stop crying", "last week"),
        ("we moved from Dublin to Galway last month and I'm still unpacking", "last month"),
    ],
)
def test_a_fallback_facts_time_of_another_clause_is_dropped(text: str, value: str) -> None:
    assert value not in {c.value for c in stage0.extract_stage0(text, role="user").claims}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("my sister Magda's getting married in June", "June"),  # a family member's plan
        ("we're planning to try for a baby next year", "next year"),  # the speaker's
        ("a P1 gets a first response within 4 hours with you", "4 hours"),  # a length
    ],
)
def test_a_time_of_the_clause_a_fact_is_keyed_by_stays(text: str, value: str) -> None:
    assert value in {c.value for c in stage0.extract_stage0(text, role="user").claims}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("sorry, I meant Bingo. Benji was my old dog", "old dog"),  # a person's name
        ("Kate is her best friend.", "her best friend"),
        ("I'm an only child, so it's all on me when my parents get older", "all on me"),
    ],
)
def test_a_plain_description_of_someone_else_is_no_fact(text: str, value: str) -> None:
    values = {c.value for c in stage0.extract_stage0(text, role="user").claims}
    assert not any(value in v for v in values), values


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Rhythm Spin is a full hour", "full hour"),  # a product described, with its entity
        ("it's Australia now, Canada fell through", "Australia"),  # a name
        ("my sister Kate is a nurse", "nurse"),  # the speaker's family
    ],
)
def test_a_description_that_names_something_stays(text: str, value: str) -> None:
    values = {c.value for c in stage0.extract_stage0(text, role="user").claims}
    assert any(value in v for v in values), values


@pytest.mark.parametrize("text", ["I'm retired", "I'm retired now, thank god", "I'm semi-retired"])
def test_a_work_status_said_as_a_participle_is_the_speakers(text: str) -> None:
    got = {(f.key, f.value) for f in speaker_frames(text)} | {
        (c.key, c.value) for c in stage0.extract_stage0(text, role="user").claims
    }
    assert any(v.endswith("retired") for _, v in got), got


@pytest.mark.parametrize(
    "text", ["I retired in May", "I'm not retired", "I was retired", "Are you retired?"]
)
def test_an_ending_a_denial_or_a_past_is_no_status(text: str) -> None:
    assert not any(f.value == "retired" for f in speaker_frames(text))


@pytest.mark.parametrize(
    ("text", "value", "key"),
    [
        ("I run my own bakery in Ballarat", "Ballarat", "run_in"),  # the speaker's
        ("my uncle owns a restaurant in Lisbon", "Lisbon", "own_in"),  # a family member's
        ("I volunteer my weekends at the Oxfam shop", "Oxfam", "volunteer_at"),
    ],
)
def test_a_name_the_object_places_is_a_value(text: str, value: str, key: str) -> None:
    got = {(f.key, f.value) for f in speaker_frames(text)}
    assert any(k == key and value in v for k, v in got), got


def test_an_object_of_a_light_verb_places_nothing() -> None:
    assert not any("Leeds" in f.value for f in speaker_frames("I got a parking ticket in Leeds"))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I run a cafe in Hull, been open since 2019", "2019"),
        ("I'm an electrician, been doing it since 2008.", "2008"),
        ("I run my own salon, been open six years this June.", "six years"),
    ],
)
def test_a_been_clause_after_a_comma_takes_the_speakers_subject(text: str, value: str) -> None:
    assert value in _values(text)


def test_a_been_clause_with_its_own_subject_is_not_the_speakers() -> None:
    frames = speaker_frames("I run a cafe, my sister's been there since 2015")
    assert not any(f.value == "2015" and f.subject == SELF for f in frames)


def test_a_present_verb_after_a_comma_takes_the_speakers_subject() -> None:
    assert "Catan" in _values("I've got a PS5 and a Switch, mostly play Catan on the PS5")
    assert "Catan" not in _values("I've got a Switch, recommend me games like Catan")


def test_the_names_between_which_the_speaker_is_are_values() -> None:
    assert {"Lyon", "Geneva"} <= _values("I split my week between Lyon and Geneva")


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("I'm crazy about gardening, mostly roses and tulips", {"roses", "tulips"}),
        ("I'm mad about baking", {"baking"}),
        ("I'm really into vinyl", {"vinyl"}),
        ("I'm fond of opera", {"opera"}),
    ],
)
def test_a_taste_said_with_an_adjective_or_into_is_liked(text: str, want: set[str]) -> None:
    got = {f.value for f in speaker_frames(text) if f.key == "likes"}
    assert want <= got, got


@pytest.mark.parametrize("text", ["I'm not into football", "are you into jazz?"])
def test_a_denied_or_asked_taste_is_none(text: str) -> None:
    assert not speaker_frames(text)


def test_the_names_a_taste_places_are_values() -> None:
    frames = {(f.key, f.value) for f in speaker_frames("I love cycling, especially in the Alps")}
    assert ("likes_in", "Alps") in frames, frames
    assert not any(f.key.startswith("likes_") for f in speaker_frames("I love it at Christmas"))


@pytest.mark.parametrize(
    ("text", "word"),
    [("I am left-handed and weirdly proud of it", "left-handed"), ("I am laid-back", "laid-back")],
)
def test_a_hyphenated_adjective_the_parse_split_is_one_trait(text: str, word: str) -> None:
    assert ("trait", word) in {(f.key, f.value) for f in speaker_frames(text)}


@pytest.mark.parametrize("text", ["I am not left-handed and proud", "I am not laid-back"])
def test_a_denied_hyphenated_trait_is_none(text: str) -> None:
    assert not speaker_frames(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("my dad lives in Leeds on his own", "on his own"),
        ("I live alone in Hull", "alone"),
        ("I live by myself", "by myself"),
    ],
)
def test_living_alone_is_a_value(text: str, value: str) -> None:
    assert ("lives_with", value) in {(f.key, f.value) for f in speaker_frames(text)}


def test_not_living_alone_is_none() -> None:
    assert not speaker_frames("I don't live alone")


def test_a_name_a_prepositions_plain_object_places_is_a_value() -> None:
    assert "Leeds" in _values("I'm currently on a placement in Leeds")
    assert "Harrogate" in _values("I work in a bakery in Harrogate")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I'm gluten-free because of coeliac disease.", "coeliac disease"),
        ("I use a wheelchair because of a spinal injury", "spinal injury"),
    ],
)
def test_what_the_speaker_says_a_state_is_because_of_is_a_value(text: str, value: str) -> None:
    assert ("reason", value) in {(f.key, f.value) for f in speaker_frames(text)}


def test_a_plain_cause_is_no_value() -> None:
    assert not any(f.key == "reason" for f in speaker_frames("I'm late because of the traffic"))


def test_a_subject_the_parse_hangs_on_the_auxiliary_is_its_verbs() -> None:
    frames = speaker_frames("I am gluten-free because of coeliac disease.")
    assert ("trait", "gluten-free") in {(f.key, f.value) for f in frames}


def test_who_the_speaker_lives_with_is_a_value() -> None:
    got = {(f.key, f.value) for f in speaker_frames("I'm still living with my grandparents")}
    assert ("lives_with", "grandparents") in got, got
    assert not speaker_frames("I don't live with my parents")
