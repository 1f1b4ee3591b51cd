"""Every amount a curated sentence states is a fact of it (``extract/statement_values.py``),
and a denial is kept in the document's own words."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from engramdb.knowledge.extract import extract_stage0
from engramdb.knowledge.extract.statement_values import bounded, value_claims
from engramdb.knowledge.memory import Memory
from engramdb.knowledge.reconcile import same_value
from engramdb.knowledge.values import parse_values

REF = datetime(2026, 3, 2, tzinfo=UTC)


def _read(text: str):
    claims = extract_stage0(text, reference=REF, role="document", known={}).claims
    return claims + value_claims(text, claims)


def test_each_amount_of_a_sentence_is_a_fact_of_its_own():
    text = "Our roses are guaranteed fresh for 7 days; peonies are guaranteed for 5 days."
    values = {c.value for c in _read(text)}
    assert {"7 days", "5 days"} <= values  # (the rules read one of the two)
    peonies = [c for c in value_claims(text, []) if c.value == "5 days"]
    assert peonies and "peony" in peonies[0].key_phrase  # keyed by what it is of (the parse)
    assert peonies[0].statement == text


def test_an_amount_a_claim_holds_is_not_read_again():
    text = "There is an excess of £100 per claim."
    rules = extract_stage0(text, reference=REF, role="document", known={}).claims
    assert any("£100" in c.value for c in rules)
    assert value_claims(text, rules) == []


def test_a_denied_bound_is_an_upper_bound_and_the_denial_no_bare_no():
    text = "Vehicles must not be left in the loading bay for more than 30 minutes."
    claims = _read(text)
    assert [c.value for c in claims if not c.negated] == ["up to 30 minutes"]
    assert not any(c.value == "no" for c in claims)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("We do not deliver on Sundays.", "do not deliver on Sundays"),
        ("Jewellery, watches and cash are not covered.", "are not covered"),
        ("Passengers may not stay in their vehicles during the crossing.", "may not stay in"),
    ],
)
def test_a_denial_is_stated_in_the_documents_words(text, value):
    denied = [c for c in _read(text) if c.value_kind == "denied"]
    assert len(denied) == 1 and denied[0].value.startswith(value)


def test_bounded_turns_a_denied_bound_round_and_keeps_any_other_value_as_written():
    s = "Vehicles must not stay for more than 2 hours."
    (v,) = parse_values(s)
    assert bounded(s, v) == "up to 2 hours"
    s = "Artworks are covered up to £500 per item."
    (v,) = parse_values(s)
    assert bounded(s, v) == "£500"


def test_a_value_in_words_meets_the_amount_it_holds():
    assert same_value("2 working days", "", "Ready in 2 working days", "") == "same"
    assert same_value("5 working days", "", "Ready in 2 working days", "") == "different"
    assert same_value("Berlin", "", "Ready in 2 working days", "") == "different"


def test_a_uk_clock_time_with_a_dot_is_a_time_of_day():
    from engramdb.knowledge.extract.stage0 import clock_minutes

    assert clock_minutes("Quiet hours run from 10.30pm to 7am.") == [22 * 60 + 30, 7 * 60]
    assert clock_minutes("It costs £10.30 a month.") == []
    (c,) = extract_stage0("Matinees: 2.30pm", reference=REF, role="document", known={}).claims
    assert c.value == "2.30pm" and c.value_kind == "hours"


DOC = (
    "# Site rules\n\n"
    "Vehicles must not be left in the loading bay for more than 30 minutes.\n\n"
    "Our roses are guaranteed fresh for 7 days; peonies are guaranteed for 5 days.\n\n"
    "We do not deliver on Sundays.\n"
)


def test_through_memory_a_customer_meets_the_amount_and_the_denial(tmp_path):
    with Memory.open(tmp_path / "m") as mem:
        mem.upload(DOC.encode(), name="rules.md", scope="org/acme")
        facts = {f.value: f.id for f in mem.facts(lens="org/acme")}
        assert {"up to 30 minutes", "5 days", "do not deliver on Sundays"} <= set(facts)
        said = {
            "the loading bay is fine for an hour, you said so": facts["up to 30 minutes"],
            "peonies are guaranteed for a fortnight with you": facts["5 days"],
            "you deliver on Sundays, right next to the tip": facts["do not deliver on Sundays"],
        }
        for n, (text, fid) in enumerate(said.items()):
            result = mem.remember(text, scope=f"org/acme/user/u{n}")
            assert [c["against"] for c in result.conflicts] == [[fid]], text
        agrees = mem.remember("roses stay fresh for a week with you", scope="org/acme/user/x")
        assert not agrees.conflicts


@pytest.mark.parametrize(
    ("text", "values"),
    [
        # a denial of another clause does not turn a bound round
        (
            "The warranty does not cover damage; repairs take up to 10 working days.",
            {"10 working days"},
        ),
        # an amount inside a denial is the denial's, not a fact of its own
        ("The helpline is not open 24 hours a day.", set()),
        ("We don't offer a 30-day returns policy.", set()),
    ],
)
def test_which_amounts_become_facts_of_their_own(text, values):
    rules = extract_stage0(text, reference=REF, role="document", known={}).claims
    assert {c.value for c in value_claims(text, rules)} == values


def test_an_amount_is_held_as_words():
    text = "Roses are guaranteed for 15 days and peonies for 5 days."
    rules = extract_stage0(text, reference=REF, role="document", known={}).claims
    fifteen = [c for c in rules if c.value == "15 days"]
    assert fifteen  # ("15 days" holds no "5 days")
    assert {c.value for c in value_claims(text, fifteen)} == {"5 days"}


def test_a_denial_that_bounds_no_amount_stays_a_denial_of_its_clause():
    claims = _read("Pets are not permitted and the deposit is at least £200.")
    denied = [c.value for c in claims if c.value_kind == "denied"]
    assert denied == ["are not permitted"]
    assert "£200" in {c.value for c in claims}
    claims = _read("The helpline is not open 24 hours a day.")
    assert [c.value_kind for c in claims] == ["denied"]


def test_each_claim_is_matched_with_its_own_sentence_only():
    text = "The deposit is £50.\n\nThe key fee is £50 and the van costs £80 a day."
    rules = extract_stage0(text, reference=REF, role="document", known={}).claims
    first = [c for c in rules if c.span is not None and c.span[0] < 20]
    assert first  # (the rules read the first sentence's £50)
    made = value_claims(text, first)  # the second sentence's £50 is not held by the first's
    assert any(c.value == "£50" and c.span[0] > 20 for c in made)


def test_of_several_amounts_in_words_none_is_picked():
    assert same_value("£5", "", "Adults £10, children £5", "") == "incomparable"
    assert same_value("£10", "", "Adults £10, children £10", "") == "same"


def test_reading_amounts_stops_when_the_documents_reading_must_stop():
    from engramdb.errors import ValidationError
    from engramdb.knowledge.documents.budget import ReadBudget, reading

    text = "Repairs take 5 working days for the frame."
    budget = ReadBudget("slow.md", seconds=0.0)
    budget.deadline = 0.0  # (already past)
    with reading(budget), pytest.raises(ValidationError, match="document_read_s"):
        value_claims(text, [])


def test_a_bounds_own_no_denies_nothing():
    assert [c.value for c in value_claims("Deliveries take no more than 5 days.", [])] == ["5 days"]


def test_a_chat_time_without_am_or_pm_is_either_half_of_the_day():
    # "the show's at quarter past seven" is the 19:15 performance; a curated "8:00" is 08:00
    assert same_value("at 7:15", "hours", "19:15", "hours") == "same"
    assert same_value("7:15am", "hours", "19:15", "hours") == "different"
    assert same_value("8pm", "hours", "8:00", "hours") == "different"


def test_a_holiday_is_told_from_weekdays_and_weekends():
    from engramdb.knowledge.reconcile import family_contrast

    assert family_contrast("on bank holidays it opens at 10", "weekdays opening")
    assert not family_contrast("at weekends it opens at 10", "Saturday and Sunday opening")
