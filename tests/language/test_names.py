"""Whole names from the parse: a value the first-person reader found part of is widened to the
entity the parser gives, never across a list or a correction."""

from __future__ import annotations

import pytest

from engramdb import Memory
from engramdb.language.names import whole_names


def _span(text: str, part: str) -> tuple[int, int]:
    a = text.index(part)
    return a, a + len(part)


@pytest.mark.parametrize(
    ("text", "found", "whole"),
    [
        ("I work at Procter & Gamble as a brand manager", "Procter", "Procter & Gamble"),
        ("I'm Nguyen Van An, but please call me An", "Nguyen Van", "Nguyen Van An"),
        ("I work for Goldman Sachs in London", "Goldman", "Goldman Sachs"),
        ("I'm Priya", "Priya", "Priya"),  # (nothing wider: unchanged)
    ],
)
def test_a_part_becomes_the_whole_name(text, found, whole):
    ((a, b),) = whole_names(text, [_span(text, found)])
    assert text[a:b] == whole


def test_names_in_a_list_or_a_correction_stay_apart():
    text = "I've got two cats named Mochi and Tofu"
    spans = [_span(text, "Mochi"), _span(text, "Tofu")]
    assert whole_names(text, spans) == spans
    text = "not Jon - Joan, autocorrect got me"
    assert whole_names(text, [_span(text, "Joan")]) == [_span(text, "Joan")]


def test_a_title_is_kept_only_where_asked():
    text = "My cat's name is Mr. Whiskers"
    assert whole_names(text, [_span(text, "Mr")], [True]) == [_span(text, "Mr. Whiskers")]
    assert whole_names(text, [_span(text, "Mr")], [False]) == [_span(text, "Mr")]


def test_a_turn_stores_the_whole_name(tmp_path):
    with Memory.open(tmp_path, embedder="hashing") as mem:
        for text in (
            "I work at Procter & Gamble as a brand manager",
            "My cat's name is Mr. Whiskers",
            "we have two cats, Tom and Jerry",
        ):
            mem.remember(text, scope="org/a/user/u")
        got = {(f.key, f.value) for f in mem.facts(lens="org/a/user/u")}
    assert ("employer", "Procter & Gamble") in got and ("employer", "Procter") not in got
    assert ("cat_name", "Mr. Whiskers") in got
    assert {("cat_name", "Tom"), ("cat_name", "Jerry")} <= got


def test_a_short_name_before_a_sentence_is_not_a_title():
    text = "I work at IBM. Mary Jones is my boss"
    assert whole_names(text, [_span(text, "IBM")], [True]) == [_span(text, "IBM")]
