"""A customer's statement about another business is nobody's conflict: it is stored about that
business and never set against the organisation's curated facts, whichever reader takes it."""

from __future__ import annotations

import pytest

from engramdb import Memory
from engramdb.knowledge.extract.elsewhere import elsewhere

ORG = "org/ironhouse"
BOB = "org/ironhouse/user/bob"
POLICY = (
    b"# Ironhouse Gym\n\nMembership costs \xc2\xa330 a month. Returns of unused passes are "
    b"accepted within 30 days. We are open from 6am to 10pm.\n"
)


@pytest.fixture
def mem(tmp_path):
    m = Memory.open(tmp_path / "store", embedder="hashing")
    m.upload(POLICY, scope=ORG, name="policy.md")
    yield m
    m.close()


@pytest.mark.parametrize(
    "text",
    [
        "FlexiFit down the road is £15 a month with no joining fee.",  # a cue and a camel name
        "GameFit lets you return unused passes within a week.",  # a camel name, a generic "you"
        "My old gym in Leeds charged £20 a month.",  # "my old gym"
        "When I was with PureGym their membership was £15 a month.",
        "The big gym on the ring road opens at 5am.",
        "My friend's gym in Devon charges £15 a month.",  # somebody's own business
    ],
)
def test_another_business_is_not_set_against_the_policy(mem, text):
    r = mem.remember(text, scope=BOB, session_id="s")
    assert r.conflicts == [], (text, r.conflicts)


def test_the_organisation_addressed_still_conflicts(mem):
    # the control: the same claims said of the organisation are flagged against its policy
    r = mem.remember("Your membership is £15 a month.", scope=BOB, session_id="s")
    assert len(r.conflicts) == 1
    r = mem.remember("Your gym near me opens at 5am.", scope=BOB, session_id="t")
    assert len(r.conflicts) == 1  # "near me" marks another business only when none is addressed


def test_cues():
    assert elsewhere("SoundHub down the road has the Aria for $109")
    assert elsewhere("my previous provider gave me 500 minutes")
    assert elsewhere("the other shop in town does it for less")
    assert not elsewhere("your branch near me closes at 5")
    assert not elsewhere("my last order took 10 days")  # an order with the organisation
    assert not elsewhere("my old plan was £20 a month")
    assert elsewhere("my sister's site in Devon charges £1 for showers")
    assert not elsewhere("my son's lessons with you are £20")  # his lessons here
    assert not elsewhere("my wife's gym membership with you is £40")  # the organisation's


def test_hearsay_about_the_organisation_is_still_about_it():
    assert elsewhere("Petplan's policy has no co-pay, my friend says")
    assert not elsewhere("my friend says you give 60 days for returns")


def test_the_organisation_named_is_the_organisation(mem):
    # a clause opening with a name is another's, unless the name is the organisation's own
    r = mem.remember("Ironhouse gives you membership for £15 a month.", scope=BOB, session_id="s")
    assert len(r.conflicts) == 1, r.decisions
    r = mem.remember("GymBox gives you membership for £15 a month.", scope=BOB, session_id="t")
    assert r.conflicts == []


@pytest.mark.parametrize(
    ("text", "other"),
    [
        ("I paid £40 for an MOT at another garage", True),
        ("I bought the same bouquet from a different florist", True),
        ("we'll come back at another time", False),
        ("I'll try again another day", False),
    ],
)
def test_a_thing_got_at_another_place_is_got_elsewhere(text, other):
    assert elsewhere(text) is other


@pytest.mark.parametrize(
    "text", ["20% off with another child", "I'll pay with a different card", "at another session"]
)
def test_another_of_ones_own_things_is_not_elsewhere(text):
    assert not elsewhere(text)


@pytest.mark.parametrize(
    "text",
    [
        "Fitzone's membership is £15 a month.",  # a possessive name
        "WordSmith returns unused passes within a week.",  # inner capitals
        "The FlowSync app gives you membership for £15 a month.",
    ],
)
def test_a_business_the_organisation_never_names_is_another(mem, text):
    from engramdb.knowledge.extract.elsewhere import named_elsewhere

    assert not elsewhere(text)  # (no cue word: the name tells)
    assert named_elsewhere(text, frozenset({"ironhouse"}))
    r = mem.remember(text, scope=BOB, session_id="s")
    assert r.conflicts == [], (text, r.conflicts)


@pytest.mark.parametrize(
    "text",
    [
        "Ironhouse's membership is £15 a month.",  # (the organisation's own name)
        "What's the membership? They told me £15 a month.",  # ('s for "is")
        "Let's say membership is £15 a month.",
        "Today's class costs £15.",
        "Jack's mum said membership is £15 a month.",  # (a person's: a family word after)
        "Mother's Day membership is £15 a month.",
        "McKenzie said membership is £15 a month.",  # (a surname)
        "Somebody's stone cracked my windscreen.",
        "Hello Sam, they said membership is £15 a month.",  # (no business's name opens it)
        "I paid with PayPal and membership is £15 a month.",
        "Emma's lessons with you are £15 a month.",  # (the organisation addressed)
    ],
)
def test_names_that_are_no_other_business(text):
    from engramdb.knowledge.extract.elsewhere import named_elsewhere

    assert not named_elsewhere(text, frozenset({"ironhouse"}))


def test_a_person_named_still_conflicts(mem):
    r = mem.remember("Jack's mum said your membership is £15 a month.", scope=BOB, session_id="s")
    assert len(r.conflicts) == 1, r.decisions


def test_the_organisations_own_name_is_told_by_its_scope():
    from engramdb.knowledge.claims import OTHER_BUSINESS
    from engramdb.knowledge.extract.stage0 import extract_stage0

    text = "CrossForge charges thirty dollars for a drop-in."
    assert [c.subject for c in extract_stage0(text).claims] == [OTHER_BUSINESS]
    own = extract_stage0(text, organisation="crossforge").claims
    assert [c.subject for c in own] != [OTHER_BUSINESS] and len(own) == 1


def test_a_claim_said_to_the_organisation_is_no_stray_time(tmp_path):
    """The parse's filter of someone else's stray times ("Max died in January") never takes a
    claim said to the organisation."""
    with Memory.open(tmp_path / "s", embedder="hashing") as m:
        m.upload(b"# Sale\n\nThe summer sale ends in August.\n", scope=ORG, name="sale.md")
        r = m.remember("Your summer sale ends in September.", scope=BOB, session_id="s")
        assert len(r.conflicts) == 1, r.decisions


def test_a_claim_of_a_catalogue_thing_is_no_stray_time():
    from engramdb.knowledge.extract.stage0 import extract_stage0

    said = extract_stage0(
        "The Trailhead 520 is on sale until March.", known={"trailhead 520": "product"}
    ).claims
    assert [(c.subject, c.value) for c in said] == [("trailhead 520", "March")]
    assert extract_stage0("Max died in January.").claims == []  # (someone else's stray time)
