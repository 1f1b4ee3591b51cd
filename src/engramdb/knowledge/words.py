"""The words the write and read paths compare texts by: a word, the stop words that say
nothing, and a text's content words (what is left)."""

from __future__ import annotations

import re

__all__ = ["STOP", "WORD", "content_words"]


#: A word (lower case, digits too, with inner apostrophes and hyphens).
WORD = re.compile(r"[a-z0-9][a-z0-9'-]*")
#: Words that say nothing about what a statement is about.
STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "from",
        "by",
        "with",
        "and",
        "or",
        "but",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "am",
        "it",
        "this",
        "that",
        "i",
        "you",
        "we",
        "my",
        "your",
        "our",
        "me",
        "us",
        "please",
        "can",
        "could",
        "would",
        "should",
        "will",
        "do",
        "does",
        "did",
        "not",
        "no",
        "need",
        "longer",
        "anymore",
        "any",
        "more",
        "stop",
        "always",
        "never",
        "now",
        "just",
    ]
)


def content_words(text: str) -> set[str]:
    """The words of ``text`` that are not stop words."""
    return {w for w in WORD.findall(text.casefold()) if w not in STOP}
