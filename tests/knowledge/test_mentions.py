"""Catalogue things named by part of their name (``knowledge/mentions.py``), and the conflict
that resolution lets the reconciler see."""

from __future__ import annotations

import pytest

from engramdb import Memory
from engramdb.knowledge import reads
from engramdb.knowledge.mentions import partial_names

KNOWN = {
    name: "product"
    for name in (
        "pizza diavola",
        "pizza margherita",
        "flex 30gb",
        "flex 100gb",
        "iphone 15 256gb",
        "iphone 15 128gb",
        "aria wireless headphones",
        "aria pro headphones",
        "free-range eggs",
        "tern commuter 8",
    )
}


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Diavola's £12.50 on your menu", {"diavola": "pizza diavola"}),
        ("The Flex 30 is a two-year contract", {"flex 30": "flex 30gb"}),
        ("You have the iPhone 15 256 in stock", {"iphone 15 256": "iphone 15 256gb"}),
        ("a dozen of your free range eggs is £2.99", {"free range eggs": "free-range eggs"}),
        ("the 30 gig Flex plan", {"30 gig flex": "flex 30gb"}),
    ],
)
def test_a_part_of_one_name_names_that_thing(text, found):
    assert partial_names(text, KNOWN) == found


@pytest.mark.parametrize(
    "text",
    [
        "the Aria ones are great",  # two Aria headphones: which one?
        "free delivery please",  # one common word is no name
        "the diavola is spicy",  # one lower-case word neither
        "The Tern Vektron is £3,400",  # another model of the family
        "Pizza Diavola is £13.50",  # the full name: exact matching's job
    ],
)
def test_what_names_no_one_thing_resolves_to_nothing(text):
    assert partial_names(text, KNOWN) == {}


def test_a_claim_about_a_part_of_a_name_conflicts_with_that_things_price(tmp_path):
    with Memory.open(tmp_path / "m", embedder="hashing") as mem:
        mem.upload(
            b"name,price_gbp\nPizza Diavola,13.50\nPizza Margherita,10.00\n",
            name="menu.csv",
            scope="org/nonna",
        )
        r = mem.remember(
            "The Diavola is £12.50 on your menu.", scope="org/nonna/user/bo", session_id="s"
        )
        sides = [reads.fact(mem._store, i) for c in r.conflicts for i in c["against"]]
        assert [(f.entity, f.value) for f in sides] == [("Pizza Diavola", "13.50 GBP")]


def test_a_word_every_name_shares_starts_no_partial_name():
    """ "product" of "Product 7" tells none of a thousand products apart; a turn repeating it
    costs one look per word, not one per word and name."""
    known = {f"product {i}": "product" for i in range(1000)}
    assert partial_names("product " * 1600, known) == {}
    assert partial_names("the Product 7 costs £4", known) == {}  # written in full
