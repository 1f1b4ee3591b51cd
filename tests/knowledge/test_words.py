"""``words.find_phrase``: what a word-bounded pattern finds, without a pattern per phrase."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from engramdb.knowledge.words import find_phrase

texts = st.text(alphabet="abes _é1-.'", max_size=14)
phrases = st.text(alphabet="abeé1 -", min_size=1, max_size=4)


@given(text=texts, phrase=phrases, plural=st.booleans())
def test_find_phrase_finds_what_the_pattern_finds(text: str, phrase: str, plural: bool) -> None:
    tail = "(?:s|es)?" if plural else ""
    m = re.search(rf"(?<!\w){re.escape(phrase)}{tail}(?!\w)", text)
    assert find_phrase(text, phrase, plural) == (m.span() if m else None)


def test_find_phrase_examples() -> None:
    assert find_phrase("the aria headphones", "aria") == (4, 8)
    assert find_phrase("the arian", "aria") is None
    assert find_phrase("two widgets", "widget", plural=True) == (4, 11)
    assert find_phrase("two boxes", "box", plural=True) == (4, 9)
    assert find_phrase("", "x") is None and find_phrase("x", "") is None
