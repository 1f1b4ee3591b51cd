"""The words the write and read paths compare texts by: a word, the stop words that say
nothing, and a text's content words (what is left)."""

from __future__ import annotations

import re

from engramdb.engine.lexical import STOPWORDS

__all__ = ["STOP", "WORD", "content_words", "find_phrase"]


#: A word (lower case, digits too, with inner apostrophes and hyphens).
WORD = re.compile(r"[a-z0-9][a-z0-9'-]*")
#: Words that say nothing about what a statement is about: the one stop-word list, and the words
#: of chat that only tell how something is said ("no longer", "please", "always").
STOP = STOPWORDS | frozenset("always anymore longer need never now please stop us".split())


def content_words(text: str) -> set[str]:
    """The words of ``text`` that are not stop words."""
    return {w for w in WORD.findall(text.casefold()) if w not in STOP}


def _wordlike(c: str) -> bool:
    return c.isalnum() or c == "_"


def find_phrase(text: str, phrase: str, plural: bool = False) -> tuple[int, int] | None:
    r"""The first ``phrase`` in ``text`` that stands alone (no word character touches either
    end; with ``plural``, an "s" or "es" after it is allowed): what
    ``(?<!\w)PHRASE(?:s|es)?(?!\w)`` finds, without compiling a pattern per phrase (a catalogue
    of thousands of names cycled the regular-expression cache on every turn)."""
    if not phrase:
        return None
    n = len(text)
    i = text.find(phrase)
    while i != -1:
        j = i + len(phrase)
        if i == 0 or not _wordlike(text[i - 1]):
            for end in (j, j + 1, j + 2) if plural else (j,):
                if end > n or (end > j and text[j:end] not in ("s", "es")):
                    continue
                if end == n or not _wordlike(text[end]):
                    return i, end
        i = text.find(phrase, i + 1)
    return None
