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
