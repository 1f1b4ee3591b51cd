"""A document sentence with several values keys each by its own words (``stage0._rekeyed``):
"Standard shipping takes 3-5 business days and costs $6.95" is a time and a price of standard
shipping, not two shipping times."""

from __future__ import annotations

import pytest

from engramdb.knowledge.extract import extract_stage0


def _keys(text: str) -> list[tuple[str, str]]:
    return [(c.key, c.value) for c in extract_stage0(text, role="document").claims]


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        (
            "Standard shipping takes 3–5 business days and costs $6.95; orders over $75 ship free.",
            [
                ("standard_shipping_time", "3–5 business days"),
                ("standard_shipping_price", "$6.95"),
                ("free_shipping_threshold", "$75"),
            ],
        ),
        (
            "Express shipping (1–2 business days) costs $18.",
            [("express_shipping_time", "1–2 business days"), ("express_shipping_price", "$18")],
        ),
        (
            "For refunds, a $5 return label fee is deducted from your refund.",
            [("return_label_fee", "$5")],
        ),
    ],
)
def test_each_value_of_a_document_sentence_is_keyed_by_its_own_words(text, keys):
    assert _keys(text) == keys


def test_a_sentence_of_one_kind_of_value_keeps_its_key():
    assert _keys("Items may be returned within 30 days of delivery.") == [
        ("return_window", "30 days")
    ]


def test_a_section_heading_that_names_a_thing_is_the_subject_of_its_sentences(tmp_path):
    """Section headings name the subject of the text below them when they are names (a model
    number, a Title Case name); the document's title, topics ("Return windows", "Fees") and
    labelled list items ("- Burrata — €14") stay the organisation's, as before."""
    from engramdb import Memory

    page = b"""<html><head><title>Deals</title></head><body>
<h2>Pixel 9 (128GB)</h2><p>It costs \xc2\xa336 a month for 36 months.</p>
<h2>Return windows</h2><p>Returns are accepted within 30 days.</p>
</body></html>"""
    menu = (
        "# Dinner menu\n\n## Antipasti\n- **Burrata** with tomatoes \u2014 \u20ac14\n\n"
        "## Chef Specials\nEach special is served for two and costs \u20ac60.\n"
        "- **Vitello tonnato** \u2014 \u20ac16\n"
    ).encode()
    with Memory.open(tmp_path, embedder="hashing") as mem:
        mem.upload(page, scope="org/vantel", name="deals.html")
        mem.upload(menu, scope="org/vantel", name="menu.md")
        facts = {(f.entity, f.value) for f in mem.facts(lens="org/vantel")}
    assert ("Pixel 9 (128GB)", "£36") in facts
    assert not any(e in ("Return windows", "Antipasti", "Deals") for e, _ in facts), facts
    assert any(v == "30 days" for _, v in facts) and any(v == "€14" for _, v in facts)
    # a paragraph under a named heading is about it; a labelled list item below it is not
    assert ("Chef Specials", "€60") in facts
    assert ("Chef Specials", "€16") not in facts and any(v == "€16" for _, v in facts)


def test_heading_subject_rules():
    from engramdb.knowledge.ingest import heading_subject

    assert heading_subject(("Ridgeline Shell Jacket",), "northwind") == "Ridgeline Shell Jacket"
    assert heading_subject(("Gift Card Terms",), "northwind") == "Gift Card"
    assert heading_subject(("Flex 30",), "gym") == "Flex 30"
    for topic in ("Return windows", "Exchanges", "Fees", "How To Claim", "Can I Return It?"):
        assert heading_subject((topic,), "northwind") is None, topic
    assert heading_subject(("Northwind Outfitters Stores",), "northwind outfitters") is None


def test_a_list_items_number_is_layout_not_a_value():
    # "3." in front of an item was read as the speaker's age, and as the value of a document
    # key named after the item's words
    from engramdb.knowledge.extract.stage0 import extract_stage0

    said = extract_stage0("3. I like tea\n4. Call me Bob", role="user").claims
    assert sorted((c.key, c.value) for c in said) == [("likes", "tea"), ("nickname", "Bob")]
    assert extract_stage0("1. a\n2. b\n10. c", role="document").claims == []
    listed = extract_stage0("1. Standard shipping costs $5.", role="document").claims
    assert [(c.key, c.value) for c in listed] == [("standard_shipping_price", "$5")]


def test_a_documents_one_word_line_is_a_label():
    # 16,384 lines of "- a" were each read by every rule; a line of one word states nothing in
    # a document (a turn's "Vegetarian." still tells the speaker's diet)
    from engramdb.knowledge.extract import stage0

    assert stage0._TWO_WORDS.search("- a", 0, 3) is None
    assert stage0.extract_stage0("- Free\n- Returns\n- a", role="document").claims == []
    said = stage0.extract_stage0("Vegetarian.", role="user").claims
    assert [(c.key, c.value) for c in said] == [("diet", "Vegetarian")]
    listed = stage0.extract_stage0("- Returns: 30 days", role="document").claims
    assert [(c.key, c.value) for c in listed] == [("return_window", "30 days")]


def test_a_policys_amount_beside_your_thing_is_the_fact(tmp_path):
    """'Courtesy car for up to 14 days while your car is repaired': the policy's fact is the
    14 days, not what the customer's car is."""
    from engramdb import Memory

    text = "Courtesy car for up to 14 days while your car is repaired at an approved garage.\n"
    with Memory.open(tmp_path / "m", embedder="hashing") as mem:
        mem.upload(text.encode(), name="cover.txt", scope="org/northstar")
        values = {f.value for f in mem.facts(lens="org/northstar")}
    assert any("14 days" in v for v in values), values
    assert "repaired at an approved garage" not in values
