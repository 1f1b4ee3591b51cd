"""Valence and arousal from VADER's lexicon with the fast rules of engine.affect."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engramdb.engine import affect
from engramdb.engine.affect import Affect, estimate_affect, estimate_affect_many
from engramdb.errors import ValidationError


def v(text: str) -> float:
    return estimate_affect(text).valence


def a(text: str) -> float:
    return estimate_affect(text).arousal


def test_positive_text():
    e = estimate_affect("I love this, it's wonderful!")
    assert isinstance(e, Affect)
    assert e.valence > 0.3
    assert e.arousal > a("this is fine.")


def test_negative_text():
    assert v("I hate waiting, this is terrible") < -0.3


def test_negation_flips_valence():
    assert v("not good") < 0 < v("good")
    assert v("I don't love it") < 0
    assert v("I’m not happy") < 0  # typographic apostrophe
    assert v("Not bad at all") > 0
    assert v("no problem") > 0


def test_negation_stops_at_a_sentence_end():
    assert v("Not really. Good idea though") > 0


def test_neutral_factual_text():
    for text in ("The meeting is at 3pm in room 4.", "The API returns JSON over HTTP."):
        e = estimate_affect(text)
        assert abs(e.valence) < 0.1
        assert e.arousal < 0.2


def test_numbers_are_quantities_not_slang():
    # VADER's lexicon scores "187" (-3.1) and "143" (+3.2) as slang.
    assert estimate_affect("Order 187 shipped to room 143 in 1432 ms") == Affect(0.0, 0.0)


def test_boosters_caps_and_exclamations_raise_intensity():
    assert v("very good") > v("good") > v("kind of good") > 0
    assert a("very good") > a("good")
    assert a("This is GREAT") > a("This is great")
    assert a("great!!!") > a("great!") > a("great")
    assert v("great!!!") > v("great")


def test_acronyms_are_not_emphasis_but_shouting_is():
    assert a("The NASA API uses JSON") == 0.0
    assert a("WHERE IS MY PACKAGE") > 0.2


def test_but_weights_the_second_clause():
    assert v("The food was good but the service was terrible") < 0
    assert v("The service was terrible but the food was good") > 0


def test_emoticons_and_emoji():
    assert v("see you tomorrow :)") > 0.3
    assert v("see you tomorrow :(") < -0.3
    assert v("see you tomorrow 😁") > 0.3
    assert v("see http://example.com/x") == 0.0  # not the ":/" emoticon


def test_mixed_feelings_are_arousing_even_when_they_cancel():
    mixed = estimate_affect("I love the job but hate the commute")
    assert mixed.arousal > a("this is fine.")


def test_batch_equals_single():
    texts = [
        "I love this, it's wonderful!",
        "",
        "The meeting is at 3pm in room 4.",
        "I hate waiting, this is terrible",
        "WHY is this SO slow?!",
    ]
    valence, arousal = estimate_affect_many(texts)
    assert valence.shape == arousal.shape == (len(texts),)
    assert valence.tolist() == [v(t) for t in texts]
    assert arousal.tolist() == [a(t) for t in texts]
    empty_v, empty_a = estimate_affect_many([])
    assert empty_v.shape == empty_a.shape == (0,)


def test_non_text_is_refused():
    with pytest.raises(ValidationError, match="text"):
        estimate_affect(None)  # type: ignore[arg-type]
    with pytest.raises(ValidationError, match="text"):
        estimate_affect_many(["ok", 3])  # type: ignore[list-item]


def test_lexicon_loads_once_under_concurrency(monkeypatch: pytest.MonkeyPatch):
    calls = []
    real_load = affect._load

    def counting_load():
        calls.append(1)
        return real_load()

    monkeypatch.setattr(affect, "_tables", None)
    monkeypatch.setattr(affect, "_load", counting_load)
    barrier = threading.Barrier(8)
    results: list[Affect] = []

    def work():
        barrier.wait()
        results.append(estimate_affect("what a lovely day!"))

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(calls) == 1
    assert len(set(results)) == 1


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_ranges_hold_for_any_text(text: str):
    e = estimate_affect(text)
    assert -1.0 <= e.valence <= 1.0
    assert 0.0 <= e.arousal <= 1.0
    assert estimate_affect(text) == e  # deterministic


DENSE = "love hate VERY not no ! !!! but kind of GREAT terrible :) 😁 so never good bad . WOW"


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(DENSE.split()), max_size=60))
def test_ranges_hold_for_dense_sentiment(words: list[str]):
    valence, arousal = estimate_affect_many([" ".join(words)])
    assert np.all((valence >= -1.0) & (valence <= 1.0))
    assert np.all((arousal >= 0.0) & (arousal <= 1.0))
