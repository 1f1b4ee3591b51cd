"""The deterministic sentence splitter used for prose claims."""

from __future__ import annotations

import pytest

from engramdb.knowledge.documents import sentences


def _split(text: str) -> list[str]:
    return [text[start:end] for start, end in sentences(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Returns take 30 days. Refunds take 5.", ["Returns take 30 days.", "Refunds take 5."]),
        ("Rated 4.5 stars. Version 2.0.1 is out!", ["Rated 4.5 stars.", "Version 2.0.1 is out!"]),
        ("Bring ID, e.g. a passport. Thanks.", ["Bring ID, e.g. a passport.", "Thanks."]),
        ("Ask Dr. Smith or Mr. Jones. Done.", ["Ask Dr. Smith or Mr. Jones.", "Done."]),
        (
            "Made in the U.S. Army base. J. Doe signed.",
            ["Made in the U.S. Army base.", "J. Doe signed."],
        ),
        ("Is it free? Yes! Really…  Ok.", ["Is it free?", "Yes!", "Really…", "Ok."]),
        ('He said "stop." Then left.', ['He said "stop."', "Then left."]),
        ("Visit acme.example today. Or call.", ["Visit acme.example today.", "Or call."]),
        ("Room no. 5 is open. See fig. 3 below.", ["Room no. 5 is open.", "See fig. 3 below."]),
        ("Ends with an ellipsis... and goes on.", ["Ends with an ellipsis... and goes on."]),
        ("Title line\n\nBody text here", ["Title line", "Body text here"]),
        (
            "Rules:\n- no food\n- no pets\n1. sign in",
            ["Rules:", "- no food", "- no pets", "1. sign in"],
        ),
        ("a line\nwrapped mid sentence.", ["a line\nwrapped mid sentence."]),
        ("   ", []),
        ("", []),
    ],
)
def test_sentences(text: str, expected: list[str]) -> None:
    assert _split(text) == expected


def test_offsets_are_trimmed_and_ordered() -> None:
    text = "  First one.   Second one.\n\n  Third  "
    spans = sentences(text)
    assert spans == [(2, 12), (15, 26), (30, 35)]
    assert all(text[s:e] == text[s:e].strip() for s, e in spans)


def test_a_list_items_number_does_not_end_a_sentence():
    text = "5. Call me Bob\n  12. Returns are free.\nWe have 3. Then more"
    assert _texts(text) == ["5. Call me Bob", "12. Returns are free.", "We have 3.", "Then more"]


def _texts(text: str) -> list[str]:
    return [text[a:b] for a, b in sentences(text)]
