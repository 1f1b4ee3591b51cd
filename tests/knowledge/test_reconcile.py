"""The pure decision (``reconcile.decide``), called directly: one test per rule of the module's
docstring, and properties over any claim and any live facts (hypothesis)."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from engramdb.knowledge.reconcile import CONFIDENCE_FLOOR, Existing, Incoming, decide, same_value

ORG, BOB = "org/a", "org/a/user/bob"


def curated(id: int, value: str, kind: str = "money", stream: str = "doc:prices") -> Existing:
    return Existing(id, value, kind, True, 0.9, ORG, stream)


def belief(
    id: int, value: str, kind: str = "money", confidence: float = 0.8, stream: str = "user"
) -> Existing:
    return Existing(id, value, kind, False, confidence, BOB, stream)


def said(value: str, kind: str = "money", **kw) -> Incoming:
    return Incoming(
        value, kind, kw.pop("authoritative", False), kw.pop("confidence", 0.8), BOB, "user", **kw
    )


# -- each rule --------------------------------------------------------------------------------


def test_chat_against_curated_is_a_conflict_and_the_curated_row_stays():
    d = decide(said("£7"), [curated(1, "£5")])
    assert (d.action, d.store, d.conflicts_with, d.closes) == ("conflict", True, [1], [])


def test_the_same_value_again_corroborates_the_curated_fact_first():
    d = decide(said("£5.00"), [belief(2, "£5"), curated(1, "£5")])
    assert (d.action, d.store, d.corroborates) == ("corroborate", False, 1)


def test_a_denial_of_a_curated_value_is_a_conflict_and_closes_nothing():
    d = decide(said("£5", negated=True), [curated(1, "£5"), belief(2, "£5")])
    assert (d.action, d.conflicts_with, d.closes) == ("conflict", [1], [])


def test_a_denial_closes_the_speakers_own_value():
    d = decide(said("two dogs", "text", negated=True), [belief(2, "two dogs", "text")])
    assert (d.action, d.store, d.closes) == ("close", False, [2])
    assert decide(said("two dogs", "text", negated=True), []).action == "ignore"


def test_the_past_is_stored_closed_and_closes_the_same_live_value():
    d = decide(said("Leeds", "text", past=True), [belief(2, "Leeds", "text")])
    assert (d.action, d.store, d.closed, d.closes) == ("historic", True, True, [2])


def test_a_newer_belief_of_the_same_speaker_supersedes_at_or_above_the_floor():
    old = belief(2, "Leeds", "text", confidence=0.8)
    assert decide(said("York", "text", confidence=0.8), [old]).closes == [2]
    low = decide(said("York", "text", confidence=CONFIDENCE_FLOOR - 0.1), [old])
    assert (low.action, low.closes, low.conflicts_with) == ("conflict", [], [2])


def test_another_stream_in_the_same_scope_is_a_conflict_not_an_overwrite():
    assistant = belief(2, "Leeds", "text", stream="assistant")
    d = decide(said("York", "text"), [assistant])
    assert (d.action, d.closes, d.conflicts_with) == ("conflict", [], [2])


def test_curated_sources_supersede_their_own_value_and_conflict_with_others():
    mine = decide(said("£7", authoritative=True), [curated(1, "£5", stream="user")])
    assert (mine.action, mine.closes) == ("supersede", [1])
    other = decide(said("£7", authoritative=True), [curated(1, "£5")])
    assert (other.action, other.closes, other.conflicts_with) == ("conflict", [], [1])
    assert other.reason == "curated sources disagree"


def test_curated_against_a_belief_is_stored_and_opens_the_disagreement():
    d = decide(said("£7", authoritative=True), [belief(2, "£5")])
    assert (d.action, d.store, d.closes, d.conflicts_with) == ("conflict", True, [], [2])


def test_a_key_of_several_values_never_conflicts_and_a_recount_supersedes():
    assert decide(said("York", "text", multi=True), [curated(1, "Leeds", "text")]).action == (
        "insert"
    )
    d = decide(said("three dogs", "text", multi=True), [belief(2, "two dogs", "text")])
    assert (d.action, d.closes) == ("supersede", [2])


def test_values_of_kinds_that_cannot_be_compared_are_no_disagreement():
    assert same_value("£5", "money", "30 days", "duration") == "incomparable"
    assert decide(said("30 days", "duration"), [curated(1, "£5")]).action == "insert"


# -- properties -------------------------------------------------------------------------------

VALUES = [
    ("£5", "money"),
    ("£5.00", "money"),
    ("£7", "money"),
    ("30 days", "duration"),
    ("a month", "duration"),
    ("14 days", "duration"),
    ("Leeds", "text"),
    ("York", "text"),
    ("yes", "boolean"),
    ("no", "boolean"),
    ("two dogs", "text"),
    ("three dogs", "text"),
]
ACTIONS = {"insert", "corroborate", "supersede", "conflict", "close", "historic", "ignore"}
STORES = {"insert": True, "supersede": True, "conflict": True, "historic": True}

value = st.sampled_from(VALUES)
scope = st.sampled_from([ORG, BOB])
stream = st.sampled_from(["user", "assistant", "doc:prices"])
confidence = st.floats(0.0, 1.0)


@st.composite
def facts(draw) -> list[Existing]:
    rows = draw(st.lists(st.tuples(value, st.booleans(), confidence, scope, stream), max_size=6))
    return [
        Existing(i, v, k, auth, conf, ORG if auth else sc, stm, draw(st.booleans()))
        for i, ((v, k), auth, conf, sc, stm) in enumerate(rows, start=1)
    ]


@st.composite
def claims(draw, authoritative: bool | None = None) -> Incoming:
    v, k = draw(value)
    flags = draw(st.sampled_from(["plain", "negated", "past", "multi"]))
    return Incoming(
        v,
        k,
        draw(st.booleans()) if authoritative is None else authoritative,
        draw(confidence),
        draw(scope),
        draw(stream),
        negated=flags == "negated",
        past=flags == "past",
        multi=flags == "multi",
    )


@settings(max_examples=400, deadline=None)
@given(claims(), facts())
def test_a_decision_names_only_facts_it_was_given_and_stores_as_its_action_says(new, found):
    d = decide(new, found)
    ids = {e.id for e in found}
    assert d.action in ACTIONS
    assert d.store is STORES.get(d.action, False)
    assert set(d.closes) <= ids and set(d.conflicts_with) <= ids
    assert not set(d.closes) & set(d.conflicts_with)
    assert d.corroborates is None or d.corroborates in ids
    assert d.closed is (d.action == "historic")


@settings(max_examples=400, deadline=None)
@given(claims(authoritative=False), facts())
def test_chat_never_closes_a_curated_fact(new, found):
    d = decide(new, found)
    curated_ids = {e.id for e in found if e.authoritative}
    assert not set(d.closes) & curated_ids


def _with(found: list[Existing], value: str, kind: str) -> list[Existing]:
    """``found`` and one more curated fact of ``value``, at a random place (its id the next)."""
    extra = Existing(len(found) + 1, value, kind, True, 0.9, ORG, "doc:other")
    return [*found, extra]


@st.composite
def differing(draw) -> tuple[Incoming, list[Existing]]:
    """A plain chat claim, live facts none of which it agrees with, and a curated one it
    differs from (every example reaches the assertion)."""
    new = dataclasses.replace(draw(claims(authoritative=False)), negated=False, past=False)
    new = dataclasses.replace(new, multi=False)
    other = [v for v in VALUES if same_value(new.value, new.value_kind, v[0], v[1]) == "different"]
    found = [
        e
        for e in draw(facts())
        if same_value(new.value, new.value_kind, e.value, e.value_kind) != "same"
    ]
    found = [dataclasses.replace(e, id=i) for i, e in enumerate(found, start=1)]
    return new, _with(found, *draw(st.sampled_from(other)))


@st.composite
def agreeing(draw) -> tuple[Incoming, list[Existing]]:
    """A chat claim (not negated, not of the past), live facts, and a curated fact it agrees
    with."""
    new = dataclasses.replace(draw(claims(authoritative=False)), negated=False, past=False)
    same = [v for v in VALUES if same_value(new.value, new.value_kind, v[0], v[1]) == "same"]
    return new, _with(draw(facts()), *draw(st.sampled_from(same)))


@settings(max_examples=400, deadline=None)
@given(differing())
def test_chat_that_differs_from_curated_knowledge_and_agrees_with_none_is_a_conflict(case):
    new, found = case
    d = decide(new, found)
    differ = {
        e.id
        for e in found
        if e.authoritative
        and same_value(new.value, new.value_kind, e.value, e.value_kind) == "different"
    }
    assert differ and d.action == "conflict" and differ <= set(d.conflicts_with)


@settings(max_examples=400, deadline=None)
@given(agreeing())
def test_chat_agreeing_with_curated_knowledge_corroborates_it(case):
    new, found = case
    d = decide(new, found)
    agree = {
        e.id
        for e in found
        if e.authoritative
        and same_value(new.value, new.value_kind, e.value, e.value_kind) == "same"
    }
    assert d.action == "corroborate" and d.corroborates in agree


@settings(max_examples=300, deadline=None)
@given(claims(), facts(), st.randoms(use_true_random=False))
def test_the_order_of_the_facts_found_does_not_change_the_decision(new, found, rnd):
    shuffled = list(found)
    rnd.shuffle(shuffled)
    a, b = decide(new, found), decide(new, shuffled)
    assert (a.action, a.store, a.closed, a.corroborates) == (
        b.action,
        b.store,
        b.closed,
        b.corroborates,
    )
    assert sorted(a.closes) == sorted(b.closes)
    assert sorted(a.conflicts_with) == sorted(b.conflicts_with)
