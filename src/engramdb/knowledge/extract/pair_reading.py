"""A turn read against curated statements that typed values cannot decide: yes/no rules,
denials and textual facts ("you let dogs on the open deck" against "Dogs on the open deck:
not allowed"; "you refund tickets" against "Tickets cannot be refunded").

The rules and the learned verifier read a clause against a fact through a value of the fact's
kind; these facts have none to compare. Here each clause that says something of the
organisation is set against the statements of such facts it is most like (the contextual
encoder), and the pair model (``embed/pairs.py``) reads the two together. A clear
contradiction is a claim against that fact, its value the clause's own words: the reconciler
records it as the customer's belief and surfaces it against the fact. Agreement and anything
else leave the turn as it was.

Pure: no database; the encoder and the pair model come in as functions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np

from ..claims import Claim
from ..values import parse_values
from . import aligned as _a
from .elsewhere import SECOND_PERSON, elsewhere
from .verifier import _foreign_name, known_words

__all__ = ["CONTRADICTS", "FLOOR", "TEXTUAL", "contradiction"]

#: A contradiction the pair model reads: at least this likely, and its likeliest verdict.
CONTRADICTS = 0.6
#: A clause is read against its most alike statement only (a clear winner is the fact the
#: claim is about; the runner-up, read too, set 1 in 3 of the new conflicts on the wrong fact).
#: Clauses of a turn read at most, in order, and pairs judged at most, the most alike first
#: (a long turn costs a bounded number of encodings and judgements).
MAX_CLAUSES = 32
MAX_JUDGED = 8
#: A statement less alike than this (cosine under the encoder) is about something else.
FLOOR = 0.35
#: Characters of a text the encoder reads (as the verifier's: a statement is encoded once).
MAX_TEXT = 512
#: The template kinds whose facts no typed value decides.
TEXTUAL = frozenset({"denied", "boolean", "text"})

#: A clause that is a wish, a condition or a guess says nothing of what holds ("if you let
#: dogs on deck", "I hope you refund").
_NOT_SAID = re.compile(
    r"\b(?:if|unless|wish|hope|hoping|would|wouldn't|could|might|maybe|perhaps|imagine|"
    r"suppose|whether|wonder|wondering)\b",
    re.IGNORECASE,
)


_AMOUNTS = frozenset({"money", "duration", "percent", "quantity"})
_NEGATION = re.compile(r"\b(?:not|no|never|cannot|without)\b|n't\b", re.IGNORECASE)


def _negated(text: str) -> bool:
    return bool(_NEGATION.search(text))


def _of_them(clause: str, known: set[str]) -> bool:
    """Whether a clause may say what holds at the organisation: not another business (by the
    rules' cues, or a name after a preposition that no curated statement uses), not a wish, a
    condition or a guess, and not the speaker's own affairs ("we're on the free plan", "I'm
    not bringing a dog"; "I can ..." and anything said to "you" may be its rules)."""
    if elsewhere(clause) or _foreign_name(clause, known) or _NOT_SAID.search(clause):
        return False
    return not (
        _a._FIRST_PERSON.search(clause)
        and not SECOND_PERSON.search(clause)
        and not _a._ALLOWED.search(clause)
    )


def contradiction(
    text: str,
    templates: Sequence[_a.Template],
    names: Sequence[str],
    organisation: str,
    encode: Callable[[str], np.ndarray],
    judge: Callable[[str, str], tuple[float, float, float]],
) -> Claim | None:
    """The turn's clearest contradiction of a textual curated fact, if the pair model reads
    one: of each clause's most alike statement (a row about a named thing only if the turn
    names it), the ``MAX_JUDGED`` most alike pairs are judged, and the likeliest whose verdict
    is ``contradict`` at ``CONTRADICTS`` or more wins."""
    textual = [t for t in templates if _a._template_kind(t) in TEXTUAL]
    if not textual:
        return None
    known = known_words(templates, names, _a.own_words(organisation))
    alike: list[tuple[float, str, _a.Template]] = []
    clauses = 0
    for said in _a.stating_clauses(text):
        clause = said.said or said.clause
        if not _of_them(clause, known):
            continue
        if any(x.kind in _AMOUNTS for x in parse_values(clause)):
            continue  # (an amount is for the typed check: "my voucher's valid for 2 years")
        clauses += 1
        if clauses > MAX_CLAUSES:
            break
        said_so_far = text[: said.end]
        mine = [t for t in textual if not t.subject or _a._names(said_so_far, t.subject)]
        if not mine:
            continue
        v = encode(clause[:MAX_TEXT])
        cos, t = max(
            ((float(v @ encode(t.statement[:MAX_TEXT])), t) for t in mine), key=lambda x: x[0]
        )
        if cos < FLOOR or (_negated(clause) and _negated(t.statement)):
            continue  # (about something else; or both deny: "no data cap on Fiber 300" / "no
            # data caps on any plan")
        alike.append((cos, clause, t))
    best: tuple[float, str, _a.Template] | None = None
    for _, clause, t in sorted(alike, key=lambda x: -x[0])[:MAX_JUDGED]:
        other, agree, contra = judge(clause, t.statement)
        clear = contra >= CONTRADICTS and contra > max(other, agree)
        if clear and (best is None or contra > best[0]):
            best = (contra, clause, t)
    if best is None:
        return None
    _, clause, t = best
    # (the template's subject and key, the clause's own words as the value)
    return _a._claim(_a._Hit(t, 1, _a._Value("contradicts", clause, (0, 0)), clause))
