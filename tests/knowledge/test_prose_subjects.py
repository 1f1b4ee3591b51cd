"""A document's prose about a named thing: a list item that opens with a name and a dash,
and a sentence that opens with a name, give facts of that thing, not of the organisation."""

from __future__ import annotations

import pytest

from engramdb.knowledge.ingest import named_subject
from engramdb.knowledge.memory import Memory

MENU = """# Osteria — Dinner menu

## Antipasti
- Vitello tonnato — €16
- Branzino al forno, whole sea bass for two — €58
- Returns are accepted within 14 days — see the desk

The Cantina room seats 14 and requires a minimum spend of €900.
Items can be returned within 30 days.
"""


@pytest.fixture
def facts(tmp_path):
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        mem.upload(MENU.encode(), name="menu.md", scope="org/osteria")
        yield {(f.entity, f.value) for f in mem.facts()}


def test_a_named_list_item_owns_its_values(facts):
    assert ("Vitello tonnato", "€16") in facts
    assert ("Branzino al forno", "€58") in facts
    # a list item that is a sentence names no thing: the organisation's policy
    assert not any(e.startswith("Returns") for e, _ in facts)


def test_a_sentence_opening_with_a_name_is_about_that_thing(facts):
    assert ("Cantina room", "€900") in facts
    assert ("osteria", "30 days") in facts  # "Items ..." is the organisation's


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ("The Aria headphones cost $199.", "Aria headphones"),
        ("Vantel Unlimited includes 20GB of hotspot data.", "Vantel Unlimited"),
        ("Our Premier plan costs £20 a month.", "Premier plan"),
        ("The Pixel 9 Pro costs £799.", "Pixel 9 Pro"),
        ("Items can be returned within 30 days.", None),  # a sentence's own capital
        ("Standard delivery takes 5 business days.", None),
        ("The gym opens at 6am.", None),  # a common noun, not a name
        ("The Aria, our best seller, costs $199.", None),  # punctuation: not a plain name
    ],
)
def test_named_subject(sentence, name):
    assert named_subject(sentence) == name


def test_a_price_and_a_delivery_time_in_one_sentence_are_two_attributes(tmp_path):
    text = b"# Shop\n\nThe Aria headphones cost $199 and ship within 3 days.\n"
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        mem.upload(text, name="shop.md", scope="org/shop")
        got = {f.key: f.value for f in mem.facts() if f.entity == "Aria headphones"}
    assert got == {"price": "$199", "shipping_time": "3 days"}


def test_a_phone_number_in_prose_is_kept_whole(tmp_path):
    text = b"# Help\n\nOur support phone is 555-0100, or call 1-800-555-0143 at night.\n"
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        mem.upload(text, name="help.md", scope="org/shop")
        phones = sorted(f.value for f in mem.facts() if f.key == "phone")
    assert phones == ["1-800-555-0143", "555-0100"]  # not "555" read out of one
