"""Crafted attack shapes for untrusted text: inputs built to make a regular expression or a text
loop do quadratic (or worse) work.

Every shape is a function of a byte budget that returns a ``str`` whose UTF-8 encoding is at most
that many bytes (a turn's limit is 64 KiB of UTF-8, so the default budget is exactly 65,536). The
shapes are grouped by where they make sense:

* :data:`TEXT_SHAPES`: turn text, plain-text and Markdown documents;
* :data:`HTML_SHAPES`: HTML documents (the text shapes also go through the HTML reader);
* :data:`JSON_SHAPES` and :data:`CSV_SHAPES`: structured documents.

Used by ``tests/knowledge/test_linear_time.py`` and ``tests/server/test_untrusted_text.py``.
"""

from __future__ import annotations

import string
from collections.abc import Callable
from itertools import cycle, islice

__all__ = [
    "BUDGET",
    "CSV_SHAPES",
    "HTML_SHAPES",
    "JSON_SHAPES",
    "SHAPES",
    "TEXT_SHAPES",
    "WORST",
    "fill",
    "shape",
]

BUDGET = 65_536
"""A turn's limit in bytes of UTF-8 (``engramdb.engine.validation.MAX_TEXT_BYTES``)."""

Shape = Callable[[int], str]


def fill(unit: str | list[str], size: int = BUDGET, *, head: str = "", tail: str = "") -> str:
    """``head`` + repeats of ``unit`` (a string, or a list of strings used in turn) + ``tail``,
    at most ``size`` bytes of UTF-8 (whole repeats only, then padded with single characters of
    the unit when they fit)."""
    units = [unit] if isinstance(unit, str) else unit
    budget = size - len(head.encode()) - len(tail.encode())
    parts: list[str] = []
    used = 0
    for piece in cycle(units):
        n = len(piece.encode())
        if used + n > budget:
            break
        parts.append(piece)
        used += n
    for ch in units[0]:  # top up with characters of the unit, so the budget is met exactly
        n = len(ch.encode())
        if used + n > budget:
            break
        parts.append(ch)
        used += n
    return head + "".join(parts) + tail


def _words(template: Callable[[str, str], str], count: int = 26 * 26) -> list[str]:
    """Distinct capitalised two-letter stems ("Ab", "Ac", ...) run through ``template``."""
    pairs = (a + b for a in string.ascii_uppercase for b in string.ascii_lowercase)
    return [template(p, p[1] * 2) for p in islice(pairs, count)]


def _nested(open_: str, close: str, size: int, middle: str = "x") -> str:
    depth = (size - len(middle.encode())) // (len(open_.encode()) + len(close.encode()))
    return open_ * depth + middle + close * depth


# -- prose-like shapes: turns, .txt, .md -----------------------------------------------------

TEXT_SHAPES: dict[str, Shape] = {
    # sentence splitter: runs of terminals, terminals between words, abbreviations, initials
    "dots": lambda n: fill(".", n),
    "dots_spaced": lambda n: fill(". ", n),
    "dots_then_word": lambda n: fill(".", n, tail=" Next"),
    "bangs_questions": lambda n: fill("!?", n),
    "ellipsis": lambda n: fill("…", n),
    "dots_quotes": lambda n: fill(".\"')", n),
    "abbreviations": lambda n: fill("e.g. Dr. No. ", n),
    "acronym_run": lambda n: fill("a.", n, tail=" Next"),
    "initials": lambda n: fill("J. ", n),
    # names, possessives, capitals
    "capitals": lambda n: fill(_words(lambda a, b: f"{a}{b[0]} "), n),
    "capitals_no_end": lambda n: fill(_words(lambda a, b: f"{a}{b[0]} "), n, tail="@"),
    "possessive_caps": lambda n: fill(_words(lambda a, b: f"{a}'s "), n),
    "possessive_caps_curly": lambda n: fill(_words(lambda a, b: f"{a}’s "), n),
    "possessive_key_run": lambda n: fill("Ab's key ", n),
    "possessive_is_run": lambda n: fill("Ab's key is ", n),
    "your_policy_is": lambda n: fill("your return policy is ", n),
    "capitals_dotted": lambda n: fill("A.B.C. ", n),
    "capitals_ampersand": lambda n: fill("A& ", n),
    # numbers, money, times, durations
    "digits": lambda n: fill(string.digits, n),
    "digits_spaced": lambda n: fill("5 ", n),
    "commas": lambda n: fill(",", n),
    "thousands": lambda n: fill("1,000,", n),
    "decimals": lambda n: fill("1.5.", n),
    "apostrophes": lambda n: fill("'", n),
    "hyphens": lambda n: fill("-", n),
    "dashes_digits": lambda n: fill("3-", n),
    "pounds_digits": lambda n: fill("£5", n),
    "money_tokens": lambda n: fill("£5 ", n),
    "dollars_digits": lambda n: fill("$5", n),
    "currency_symbols": lambda n: fill("£$€", n),
    "money_words": lambda n: fill("three pounds ", n),
    "clock_tokens": lambda n: fill("10:30 ", n),
    "clock_ranges": lambda n: fill("9am to ", n),
    "clock_ampm": lambda n: fill("10 a.m. ", n),
    "durations": lambda n: fill("5 days ", n),
    "every_period": lambda n: fill("every two weeks ", n),
    "ordinals": lambda n: fill("1st ", n),
    "percent": lambda n: fill("5% ", n),
    "half_past": lambda n: fill("half past ", n),
    "open_from": lambda n: fill("open from 9 to ", n),
    "years": lambda n: fill("in 2024 ", n),
    "last_week": lambda n: fill("last week ", n),
    # brackets, quotes, words, whitespace
    "parens": lambda n: fill("(", n),
    "brackets": lambda n: fill("[", n),
    "braces": lambda n: fill("{", n),
    "quote_unterminated": lambda n: fill('"abc ', n),
    "curly_quotes": lambda n: fill("“", n),
    "long_word": lambda n: fill("a", n),
    "long_word_caps": lambda n: fill("A", n),
    "spaces": lambda n: fill(" ", n, head="a", tail="b"),
    "tabs_spaces": lambda n: fill(" \t", n, head="a", tail="b"),
    "newlines": lambda n: fill("\n", n, head="a", tail="b"),
    "blank_lines_spaced": lambda n: fill("\n \n", n, head="a", tail="b"),
    "words_no_punctuation": lambda n: fill("word ", n),
    # line structure: lists, headings, tables, labels
    "list_markers": lambda n: fill("- ", n),
    "list_lines": lambda n: fill("\n- a", n),
    "numbered_lines": lambda n: fill("\n1. a", n),
    "headings": lambda n: fill("#", n),
    "heading_lines": lambda n: fill("# a\n", n),
    "table_pipes": lambda n: fill("| ", n),
    "table_rows": lambda n: fill("| a | b |\n", n),
    "label_colons": lambda n: fill("Ab: ", n),
    "label_items": lambda n: fill("Standard: £9, ", n),
    "faq": lambda n: fill("Q: ", n),
    "blockquotes": lambda n: fill(">", n, tail=" a"),
    "emphasis": lambda n: fill("*a", n),
    "backticks": lambda n: fill("`", n),
    "link_unterminated": lambda n: fill("[a](", n),
    # phrases the claim extractor looks for, repeated without an end
    "no_longer": lambda n: fill("no longer ", n),
    "always": lambda n: fill("always ", n),
    "i_am": lambda n: fill("I am ", n),
    "my_my": lambda n: fill("my ", n),
    "i_like": lambda n: fill("i like ", n, tail="("),
    "i_live_in": lambda n: fill("I live in ", n, tail="("),
    "i_am_the": lambda n: fill("I am the ", n, tail="("),
    "i_and": lambda n: fill("I a and ", n),
    "the_the": lambda n: fill("the ", n),
    "if_were": lambda n: fill("if a ", n),
    "clause_breaks": lambda n: fill(", so ", n),
    "forget_my": lambda n: fill("forget my ", n),
    "you_can_use": lambda n: fill("you can use ", n),
    "since_clause": lambda n: fill("since ", n),
    "used_to": lambda n: fill("used to ", n),
    "is_led_by": lambda n: fill("a is ", n),
    "pounds_word": lambda n: fill("pounds ", n),
    "free": lambda n: fill("is free ", n),
    "on_monday": lambda n: fill("on Monday ", n),
    "closed_on": lambda n: fill("closed ", n),
    # non-ASCII
    "accents": lambda n: fill("é", n),
    "cjk": lambda n: fill("記憶", n),
    "emoji": lambda n: fill("🙂", n),
}

# -- markup ------------------------------------------------------------------------------------

HTML_SHAPES: dict[str, Shape] = {
    "html_comment_unterminated": lambda n: fill("a", n, head="<!--"),
    "html_comment_opens": lambda n: fill("<!--", n),
    "html_comment_opens_text": lambda n: fill("<!-- a ", n, head="<p>"),
    "html_tag_opens": lambda n: fill("<a ", n),
    "html_lt_run": lambda n: fill("<", n),
    "html_end_tag_opens": lambda n: fill("</", n),
    "html_bang_opens": lambda n: fill("<!", n),
    "html_pi_opens": lambda n: fill("<?", n),
    "html_cdata_opens": lambda n: fill("<![CDATA[", n),
    "html_doctype_unterminated": lambda n: fill("a", n, head="<!DOCTYPE "),
    "html_attr_unterminated": lambda n: fill("a", n, head='<a href="'),
    "html_attr_run": lambda n: fill("a=b ", n, head="<p "),
    "html_script_unterminated": lambda n: fill("a<", n, head="<script>"),
    "html_entities": lambda n: fill("&amp;", n),
    "html_entity_unterminated": lambda n: fill("&#", n),
    "html_nested_div": lambda n: _nested("<div>", "</div>", n),
    # a text after each closing tag: BeautifulSoup re-linked the parent chain each time
    "html_nested_div_lines": lambda n: _nested("<div>\n", "</div>\n", n),
    "html_nested_blockquote_lines": lambda n: _nested("<blockquote>\n", "</blockquote>\n", n),
    "html_nested_unclosed": lambda n: fill("<div>", n, tail="x"),
    "html_nested_b": lambda n: fill("<b>", n, tail="x"),
    "html_nested_li": lambda n: fill("<li>", n, tail="x"),
    "html_nested_table": lambda n: fill("<table><tr><td>", n, tail="x"),
    "html_headings": lambda n: fill("<h1>a</h1>", n),
}

JSON_SHAPES: dict[str, Shape] = {
    "json_nested_arrays": lambda n: _nested("[", "]", n, "1"),
    "json_nested_objects": lambda n: _nested('{"a":', "}", n, "1"),
    "json_wide_object": lambda n: (
        "{" + ",".join(f'"k{i}":{i}' for i in range(n // 12))[: n - 40].rsplit(",", 1)[0] + "}"
    ),
    "json_long_string": lambda n: '{"a":"' + "." * (n - 10) + '"}',
    "json_records": lambda n: "[" + ",".join(['{"sku":"A","price":"£5"}'] * (n // 26)) + "]",
}

CSV_SHAPES: dict[str, Shape] = {
    "csv_pipes": lambda n: fill("|", n),
    "csv_commas_rows": lambda n: fill("a,b\n", n, head="x,y\n"),
    "csv_quotes": lambda n: fill('"', n),
    "csv_quote_comma": lambda n: fill('",', n),
    "csv_quoted_cells": lambda n: fill('"a","b"\n', n, head="x,y\n"),
    "csv_wide_header": lambda n: fill("a,", n, tail="\n1,2\n"),
    "csv_semicolons": lambda n: fill(";", n),
    "csv_spaces_quotes": lambda n: fill(" ' ", n),
}

SHAPES: dict[str, Shape] = {**TEXT_SHAPES, **HTML_SHAPES, **JSON_SHAPES, **CSV_SHAPES}
"""Every shape by name."""

WORST = (
    "dots",
    "possessive_caps",
    "capitals",
    "i_like",
    "html_comment_unterminated",
    "html_comment_opens",
    "html_tag_opens",
    "clock_tokens",
)
"""The shapes that were measured quadratic before the fix: the scaling check runs these."""


def shape(name: str, size: int = BUDGET) -> str:
    """The shape ``name`` at ``size`` bytes of UTF-8 (at most)."""
    text = SHAPES[name](size)
    assert len(text.encode()) <= size, (name, len(text.encode()), size)
    return text
