"""Every typed value a curated sentence states is a fact of that sentence.

The rule reader (``stage0``) reads one value per pattern it knows, and a sentence it half
knows loses the rest: "Vehicles must not be left in the loading bay for more than 30
minutes" was read as a bare "no", and "roses are guaranteed for 7 days; peonies for 5 days"
as one value under the key ``5_days``. A customer contradicting the 30 minutes then had no
curated fact to meet. Here each amount of money, duration, percentage or measured quantity
that no claim of its sentence holds becomes a claim of its own: the sentence is its
statement (what a turn is matched against), and its key is read from the parse (what the
value is of: the noun it qualifies, or the subject and verb of the clause it ends).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engramdb.language import parse_many
from engramdb.language.parser import PIPE_BATCH

from ..claims import ORG, Claim
from ..documents.budget import checkpoint
from ..documents.sentences import sentences
from ..values import TypedValue, bound_before, compare, parse_value, parse_values
from ..vocab import canonical_key
from ..words import find_phrase

__all__ = ["KINDS", "bound_denied", "bounded", "denies_bound", "in_denial", "value_claims"]

#: The kinds of value a sentence's own claim is made of (a bare number answers too much, and
#: dates and times have readers of their own).
KINDS = frozenset({"money", "duration", "percent", "quantity"})

#: A sentence is parsed only up to this many characters (a longer one is a table or a list
#: the row readers have read).
MAX_SENTENCE_CHARS = 400

#: Words a key is read through, never made of: "be", "have" and the like say nothing of the
#: value, and a preposition or particle only leads to what the value is of.
_THROUGH_POS = frozenset({"ADP", "AUX", "PART", "SCONJ", "CCONJ", "DET"})
_LIGHT_VERBS = frozenset({"be", "have", "get", "cost", "take", "last", "run", "apply"})
_MODIFIERS = frozenset({"compound", "amod", "nmod", "poss"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "csubj"})
_OBJECTS = frozenset({"dobj", "attr", "oprd"})
_KEY_WORD = re.compile(r"[a-z][a-z'-]*")


def value_claims(text: str, claims: Sequence[Claim]) -> list[Claim]:
    """Claims of ``text``'s typed values (``KINDS``) that none of ``claims`` (the rule
    reader's, of the same text) holds, one per value, about the organisation (the caller
    names a heading's or list item's subject, as for the rules' claims)."""
    todo: list[tuple[int, str, list[TypedValue]]] = []
    spans = sentences(text)
    placed = _by_sentence(spans, claims)
    for i, (a, b) in enumerate(spans):
        checkpoint()  # (a document being read stops here when cancelled or out of time)
        sentence = text[a:b]
        if len(sentence) > MAX_SENTENCE_CHARS:
            continue
        found = [v for v in parse_values(sentence) if v.kind in KINDS]
        if not found:
            continue
        held = placed[0].get(i, []) + placed[1].get(sentence.strip(), [])
        fresh = [v for v in found if not any(_holds(c, v) for c in held)]
        if not fresh:
            continue
        # (an amount a denial of its own clause holds is the denial's: "not open 24 hours a
        # day" says nothing is open 24 hours; a denied bound is the bound, turned round)
        fresh = [v for v in fresh if not in_denial(sentence, v)]
        if fresh:
            todo.append((a, sentence, fresh))
    docs: list[Any] = []
    for i in range(0, len(todo), PIPE_BATCH):
        checkpoint()
        docs += parse_many([t[1] for t in todo[i : i + PIPE_BATCH]])
    out: list[Claim] = []
    for (a, sentence, fresh), doc in zip(todo, docs, strict=True):
        for v in fresh:
            words = key_words(doc, v.span)
            if not words:
                continue
            phrase = " ".join(words)
            out.append(
                Claim(
                    subject=ORG,
                    subject_type="organisation",
                    key=canonical_key(phrase),
                    key_phrase=phrase,
                    value=bounded(sentence, v),
                    category="knowledge",
                    statement=sentence,
                    span=(a + v.span[0], a + v.span[1]),
                    typed=replace(v, span=(a + v.span[0], a + v.span[1])),
                )
            )
    return out


_DENIED = re.compile(r"\b(?:not|never|cannot|no)\b|n't\b", re.IGNORECASE)


def bounded(sentence: str, v: TypedValue) -> str:
    """The value as its sentence states it: a denied bound is turned round ("must not be
    left for more than 30 minutes": up to 30 minutes), where the amount alone would say the
    opposite of the rule; any other value as written (as the rules' values are)."""
    found = bound_before(sentence, v.span[0])
    if found is None or not denies_bound(sentence, found[1]):
        return v.text
    return f"{'up to' if found[0] == 'lower' else 'at least'} {v.text}"


#: What ends a clause between a denial and a bound: then the denial is not of the bound
#: ("does not cover damage; repairs take up to 10 days", "not permitted and the deposit ...").
_CLAUSE_BREAK = re.compile(r"[;:,.()]|\s[–—-]\s|\b(?:and|but|or|while|whereas)\b", re.IGNORECASE)


def bound_denied(sentence: str, v: TypedValue) -> bool:
    """Whether a denial of its own clause bounds the amount ("must not be left for more than
    30 minutes")."""
    found = bound_before(sentence, v.span[0])
    return found is not None and denies_bound(sentence, found[1])


def in_denial(sentence: str, v: TypedValue) -> bool:
    """Whether the amount is held by a denial of its own clause and bounded by none ("not open
    24 hours a day"; "no more than 5 days" is a bound, its "no" denies nothing)."""
    return bound_before(sentence, v.span[0]) is None and denies_bound(sentence, v.span[0])


def denies_bound(sentence: str, bound_at: int) -> bool:
    """Whether a denial in the same clause comes before ``bound_at`` (a bound, or an amount:
    "must not be left for more than 30 minutes")."""
    last = None
    for m in _DENIED.finditer(sentence, 0, bound_at):
        last = m
    return last is not None and _CLAUSE_BREAK.search(sentence, last.end(), bound_at) is None


def _by_sentence(
    spans: Sequence[tuple[int, int]], claims: Sequence[Claim]
) -> tuple[dict[int, list[Claim]], dict[str, list[Claim]]]:
    """The claims of each sentence: by where their span starts (sentence index), and those
    without a span by their statement (one pass: a long document has thousands of both)."""
    starts = [a for a, _ in spans]
    at: dict[int, list[Claim]] = {}
    said: dict[str, list[Claim]] = {}
    for c in claims:
        if c.span is None:
            said.setdefault(c.statement.strip(), []).append(c)
            continue
        i = bisect.bisect_right(starts, c.span[0]) - 1
        if i >= 0 and c.span[0] < spans[i][1]:
            at.setdefault(i, []).append(c)
    return at, said


def _holds(c: Claim, v: TypedValue) -> bool:
    """Whether a claim already says the value (its own words, or the same typed value); a
    denial says it is not so, and a bound's denial states the bound ("not ... for more than
    30 minutes")."""
    if c.negated or c.value_kind == "denied":
        return False
    if find_phrase(c.value.casefold(), v.text.casefold()):
        return True  # (as words: "15 days" holds no "5 days")
    typed = c.typed if c.typed is not None else parse_value(c.value)
    return typed.kind == v.kind and compare(typed, v) == "same"


def key_words(doc: Any, span: tuple[int, int]) -> list[str]:
    """What the value at ``span`` is of, as lemmas in the sentence's order: the noun phrase
    it qualifies ("an excess of £100": excess), else the subject and verb of its clause
    ("bikes not collected within 30 days": bike collect), with the verb's object."""
    value = doc.char_span(*span, alignment_mode="expand")
    if value is None:
        return []
    inside = {t.i for t in value}
    head = value.root
    while head.i in inside and head.head.i != head.i:
        head = head.head
    while head.pos_ in _THROUGH_POS and head.head.i != head.i:
        head = head.head
    picked: list[Any] = []
    if head.i in inside:
        return []
    if head.pos_ in ("NOUN", "PROPN"):
        picked += _phrase(head, inside)
    elif head.pos_ in ("VERB", "AUX", "ADJ"):
        for s in head.children:
            if s.dep_ in _SUBJECTS and s.i not in inside:
                picked += _phrase(s, inside)
        if head.lemma_ not in _LIGHT_VERBS or not picked:
            picked.append(head)
            for o in head.children:
                if o.dep_ in _OBJECTS and o.i not in inside:
                    picked += _phrase(o, inside)
                    break
    out = []
    for t in sorted({t.i: t for t in picked}.values(), key=lambda t: t.i):
        lemma = t.lemma_.casefold()
        if t.is_stop or not _KEY_WORD.fullmatch(lemma):
            continue
        out.append(lemma)
    return out[:4]


def _phrase(token: Any, inside: set[int]) -> list[Any]:
    """A noun with the words that narrow it ("minimum cover", "booking fee")."""
    return [c for c in token.children if c.dep_ in _MODIFIERS and c.i not in inside] + [token]
