"""A size word picks among siblings that differ in a quantity only
(``knowledge/comparatives.py``)."""

from __future__ import annotations

import pytest

from engramdb import Memory
from engramdb.knowledge import comparatives
from engramdb.knowledge.comparatives import GAIN, comparative_gain, direction
from engramdb.knowledge.values import parse_values


@pytest.mark.parametrize(
    ("text", "sign"),
    [
        ("how much is the bigger pot", 1),
        ("the large one please", 1),
        ("sku of the small shampoo", -1),
        ("the smallest tent", -1),
        ("big or small, which is cheaper?", 0),
        ("how long is the appointment", 0),
        ("what does it cost", 0),
    ],
)
def test_the_direction_a_question_asks(text, sign):
    assert direction(text) == sign


ROWS = [
    (1.0, 0.0, 0.0, ("Oatmeal shampoo 250ml (WTS-101) price: £9.50",)),
    (0.9, 0.0, 0.0, ("Oatmeal shampoo 1 litre (WTS-102) price: £24.00",)),
    (0.8, 0.0, 0.0, ("Flea shampoo 500ml (WTS-201) price: £12.00",)),
]


def _gained(text):
    out = comparative_gain(text, ROWS, lambda r: r[0], parse_values)
    return [round(a[0] - b[0], 6) for a, b in zip(out, ROWS, strict=True)]


def test_the_sibling_asked_for_gains_and_no_other():
    assert _gained("price of the big oatmeal shampoo") == [0, GAIN, 0]  # 1 litre > 250 ml
    assert _gained("price of the small oatmeal shampoo") == [GAIN, 0, 0]
    assert _gained("price of the oatmeal shampoo") == [0, 0, 0]  # (no size word)
    # the flea shampoo is no sibling of theirs: its statement differs in words, not a quantity


CATALOGUE = (
    b"name,price\n"
    b"Oatmeal shampoo 250ml,\xc2\xa39.50\n"
    b"Oatmeal shampoo 1 litre,\xc2\xa324.00\n"
    b"Flea shampoo 500ml,\xc2\xa312.00\n"
)


def _first(mem, question):
    hits = mem.query(question, lens=["org/groom/user/u1"], k=3)
    return hits[0].text if hits else ""


def test_a_size_word_changes_which_sibling_ranks_first(tmp_path, monkeypatch):
    with Memory.open(tmp_path / "s") as mem:
        mem.upload(CATALOGUE, name="shampoo.csv", scope="org/groom")
        big, small = (
            "how much is the big oatmeal shampoo?",
            "how much is the small oatmeal shampoo?",
        )
        assert "1 litre" in _first(mem, big)
        assert "250ml" in _first(mem, small)
        monkeypatch.setattr(comparatives, "GAIN", 0.0)  # (the ranking without it)
        assert {"1 litre" in _first(mem, big), "250ml" in _first(mem, small)} != {True}
