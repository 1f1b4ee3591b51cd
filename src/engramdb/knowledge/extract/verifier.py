"""A learned verifier: how likely a clause of a turn states the curated fact a template holds.

``align`` decides by a cascade of hard guards (the speaker's own affairs, another entity named,
no attribute word shared, a family member told apart). Each guard is right more often than not,
but one misfiring guard loses the case, and a guard that lets the wrong template through sets a
conflict against the wrong fact. Here the same signals, with the contextual encoder's likeness
of the clause and the statement, are weighed together by a logistic model trained on the
project's labelled conflict corpora (``scripts/train_verifier.py``; weights in
``verifier.json``). Used two ways (``catalogue.align_turn``):

- a claim that contradicts a curated fact the verifier finds unlikely to be about (every pair
  of the clause with that fact below ``VETO``) is not kept as a contradiction of it;
- a turn that meets no fact by the rules meets the fact of its best pair when that scores at
  least ``ACCEPT``.

Pure: no database; the encoder comes in as ``encode``.
"""

from __future__ import annotations

import calendar
import functools
import json
import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ...embed.contextual import MAX_KEPT_CHARS
from ...language import parse_many
from ..claims import Claim
from ..lexicon import PERMITS, PRICE_WORDS, fold, words
from ..values import parse_value
from . import aligned as _a
from .elsewhere import SECOND_PERSON, elsewhere

__all__ = ["ACCEPT", "VETO", "Pair", "features", "pairs", "probability"]

#: A pair scoring this or more makes a turn the rules read as about nothing meet its fact.
ACCEPT = 0.5
#: A rules' contradiction of a fact is dropped when every pair of its clause with that fact
#: scores below this (and no such clause names the fact's entity as itself).
VETO = 0.2

#: The template kinds the model knows by name (others share one weight).
KINDS = (
    "money",
    "duration",
    "percent",
    "quantity",
    "hours",
    "weekday",
    "denied",
    "boolean",
    "free",
    "number",
)
_WEIGHTS = Path(__file__).with_name("verifier.json")
#: Characters of a text the encoder reads for a likeness (the encoder keeps the vectors of
#: texts this long for the process, so a catalogue's statements are encoded once).
MAX_TEXT = MAX_KEPT_CHARS


@dataclass(frozen=True)
class Pair:
    """A clause, a template it could answer and the clause's value that would answer it."""

    #: The clause as ``align`` reads it (clock words rewritten: "half five" is "5:30pm").
    clause: str
    template: _a.Template
    value: _a._Value
    #: ``same``, ``different`` or ``incomparable``: the value against the template's.
    verdict: str
    features: dict[str, float]
    #: The clause as the turn says it.
    said: str = ""

    @property
    def ruled_out(self) -> bool:
        """What the clause sorts as, or a test, rules the pair out as a new reading: the clause
        names another business ("at another shop", "at Tesco"), puts a wish, condition or
        denial before the value ("if your trial lasted a month"), names another model of the
        entity, speaks of the speaker's or another person's affairs elsewhere ("my
        brother-in-law charges £150"), or a family, topic or size test tells it from the
        template."""
        f = self.features
        return bool(
            f["els"] or f["foreign"] or f["nas"] or f["variant"] or f["apart"] or not f["about"]
        )

    def claim(self) -> Claim:
        """The claim this pair reads: the template's subject and key, the clause's value."""
        return _a._claim(_a._Hit(self.template, 1, self.value, self.clause, False))


def pairs(
    text: str,
    templates: Sequence[_a.Template],
    names: Sequence[str],
    organisation: str,
    encode: Callable[[str], np.ndarray],
) -> list[Pair]:
    """Every (clause, template, value) a turn could answer by its values alone: asserted
    clauses (and a ", which ..." clause, of what the clause before it names) only, no guard
    applied; the guards' answers are features. ``encode``: a text's unit vector under the
    contextual encoder; each distinct text of the turn is encoded once, its first
    ``MAX_TEXT`` characters (a long clause against many templates costs one encoding)."""
    vectors: dict[str, np.ndarray] = {}
    parsed: dict[str, bool] = {}  # (whether a clause's denial features are read: MAX_PARSED)

    def similar(a: str, b: str) -> float:
        for t in (a, b):
            if t[:MAX_TEXT] not in vectors:
                vectors[t[:MAX_TEXT]] = encode(t[:MAX_TEXT])
        return float(vectors[a[:MAX_TEXT]] @ vectors[b[:MAX_TEXT]])

    own = _a.own_words(organisation)
    kinds = {t.fact_id: _a._template_kind(t) for t in templates}
    per_entity = Counter((t.subject.casefold(), kinds[t.fact_id]) for t in templates if t.subject)
    name_df = Counter(w for n in names for w in set(_a._name_words(n)))
    earlier = _a._Earlier(text, own)
    codes = _a._first_codes(text.casefold(), templates)
    known = known_words(templates, names, own)
    out: list[Pair] = []
    for said in _a.stating_clauses(text):
        clause, start, offset = said.clause, said.start, said.end
        antecedent, relative = said.antecedent, said.relative
        found = _a._values(clause)
        if len(found) > _a._MAX_VALUES:
            continue
        clock = _a.clock_minutes(clause)
        mentioned = _a._mentioned(clause, names, name_df)
        said_to = earlier.prefix_end(offset)
        clause_facts = {
            "foreign": float(_foreign_name(clause, known)),
            "fp": float(bool(_a._FIRST_PERSON.search(clause))),
            "els": float(bool(elsewhere(clause))),
            "second": float(bool(SECOND_PERSON.search(clause))),
        }
        found_here: list[Pair] = []
        for t in templates:
            if relative and not _a._names_entity(antecedent, t):
                continue  # (", which ..." tells only of the thing the clause before names)
            kind = kinds[t.fact_id]
            answering = _a._answering(kind, clause, clock, t, found)
            if not answering and kind == "boolean":  # (half its attribute named: weighed)
                answering = _a._polarity(clause, t, share=HALF)
            if not answering:
                continue
            coded = bool(t.subject) and codes.get(t.fact_id, said_to) < said_to
            in_clause = bool(t.subject) and _a._names(clause, t.subject)
            # (its code said names that very row: "the TR-520" is no other Trailhead)
            if t.subject and not coded:
                variant = (
                    _a._variant(clause, t.subject, own)
                    if in_clause
                    else earlier.variant(t.subject, start, clause)
                )
            else:
                variant = False
            entity = {
                "subj": float(bool(t.subject)),
                # (named at all, in the clause or before it or by its code; and here)
                "named": float(
                    in_clause or coded or (bool(t.subject) and earlier.names(t.subject, start))
                ),
                "in_clause": float(in_clause or coded),
                "its": float(
                    _a._its_entity(
                        clause, t, start, own, earlier, mentioned, in_clause or coded, coded
                    )
                ),
                "about": float(_a._about_them(clause, t, own)),
                "variant": float(variant),
                "other_m": float(
                    any(
                        not _a._names(t.subject + " " + t.statement, n)
                        for n in mentioned
                        if n.casefold() != t.subject.casefold()
                    )
                ),
                "only": float(bool(t.subject) and per_entity[(t.subject.casefold(), kind)] == 1),
            }
            t_masked = _a._template_masked(t)
            attribute = words(f"{t.key_phrase} {t_masked}") - words(t.subject or t.name)
            if kind == "hours" and _a._other_direction(clause, t):
                continue  # (an opening time is no answer to a closing time)
            for v in answering:
                before = _a._NOT_UNTIL.sub(" ", clause[: v.span[0]])
                masked = (
                    _a._mask(clause, v.span) if v.kind not in ("frequency", "closed") else clause
                )
                shared = set(words(masked) & attribute)
                verdict = _a._verdict(_a._Hit(t, 0, v, clause))
                f = {
                    **clause_facts,
                    **entity,
                    "cos": similar(masked, t_masked),
                    "cos_full": similar(clause, t.statement),
                    "shared": float(len(shared)),
                    "shared_np": float(len(shared - PRICE_WORDS)),
                    "fpg": float(
                        bool(_a._FIRST_PERSON.search(before))
                        and not SECOND_PERSON.search(clause)
                        and not _a._ALLOWED.search(before)
                    ),
                    "nas": float(bool(_a._NOT_ASSERTED.search(before))),
                    "apart": float(_a._told_apart(clause, masked, v, t, t_masked)),
                    # (how far apart says little once the clause names the row it prices)
                    "gap": 0.0 if in_clause or coded else _gap(v, t),
                }
                for k in KINDS:
                    f["k_" + k] = float(kind == k)
                denial = kind in ("denied", "boolean")
                if denial:
                    if clause not in parsed:
                        parsed[clause] = len(parsed) < MAX_PARSED
                    denial = parsed[clause]
                f.update(_denial(clause, t.statement, attribute) if denial else _NO_DENIAL)
                found_here.append(Pair(clause, t, v, verdict, f, said.said))
        # each template's best likeness in this clause, among those whose entity the clause
        # names as such: a sibling model named only by its family ("Flex 60" beside "Flex
        # 30") is told apart by name, not by likeness, and is no rival
        best: dict[int, float] = {}
        for p in found_here:
            if p.features["its"]:
                fid = p.template.fact_id
                best[fid] = max(best.get(fid, -1.0), p.features["cos"])
        for p in found_here:
            others = [c for i, c in best.items() if i != p.template.fact_id]
            p.features["margin"] = p.features["cos"] - max(others, default=0.0)
            p.features["rank"] = float(1 + sum(c > p.features["cos"] for c in others))
        out += found_here
    return out


#: The part of a yes/no attribute's words a clause must name to be weighed against it.
HALF = 0.5
_NO_DENIAL = {"d_permit": 0.0, "d_pred": 0.0, "d_neg": 0.0, "d_cover": 0.0}


def _denial(clause: str, statement: str, attribute: frozenset[str]) -> dict[str, float]:
    """How a clause stands to a curated yes/no or denial statement, from the parse: whether it
    says the thing the statement denies is allowed or fine (``PERMITS``, "no problem"),
    whether it uses a word the statement negates ("you'll still refund me" against "we
    cannot refund ..."; "no dogs" negates "dogs"), whether it is negated itself, and how much
    of the attribute it names."""
    lemmas, denies, permits = _clause_side(clause[:MAX_TEXT])
    negated = _negated_words(statement[:MAX_TEXT])
    return {
        "d_permit": float(permits),
        "d_pred": float(bool(negated & lemmas)),
        "d_neg": float(denies),
        "d_cover": len(attribute & words(clause)) / len(attribute) if attribute else 0.0,
    }


#: Clauses of a turn whose denial features are read from the parse, at most (a long turn of
#: many clauses against many yes/no rows costs a bounded number of parses; the rest weigh
#: their pairs without them).
MAX_PARSED = 32


@functools.lru_cache(maxsize=4096)
def _clause_side(clause: str) -> tuple[frozenset[str], bool, bool]:
    """A clause's content lemmas (folded), whether it is negated, whether it says a thing is
    allowed (a negated "not allowed" does not; "no problem" does)."""
    doc = parse_many([clause])[0]
    lemmas = frozenset(fold(t.lemma_) for t in doc if not t.is_stop or t.lemma_ in PERMITS)
    negated = any(t.dep_ == "neg" for t in doc)
    no_problem = any(
        t.lower_ == "no" and t.head.lemma_ in ("problem", "worry", "issue") for t in doc
    )
    permits = no_problem or any(t.lemma_ in PERMITS and t.lemma_ != "problem" for t in doc)
    return lemmas, negated and not no_problem, permits and (no_problem or not negated)


@functools.lru_cache(maxsize=4096)
def _negated_words(statement: str) -> frozenset[str]:
    """The words a statement negates (folded lemmas): a negated verb's, and a noun after
    "no"; never "be" or "have"."""
    doc = parse_many([statement])[0]
    out = {fold(t.head.lemma_) for t in doc if t.dep_ == "neg" or t.lower_ == "no"}
    return frozenset(out - {"be", "have"})


_NAME_WORD = re.compile(r"[\w&'-]+")
#: A name after a preposition ("at Tesco", "from Amazon", "with Vodafone"): checked against the
#: words of the organisation and of the curated statements the turn is read against.
_PLACE_NAME = re.compile(r"\b(?:at|from|with|on|in|via|through)\s+(?:the\s+)?([A-Z][\w&'-]*)")


_TIME_NAMES = frozenset(
    n.casefold() for n in (*calendar.day_name, *calendar.month_name, *calendar.month_abbr) if n
)


def known_words(
    templates: Sequence[_a.Template], names: Sequence[str], own: frozenset[str]
) -> set[str]:
    """The words a turn's organisation uses: its own name's, its curated statements' and its
    catalogue names' (a name after a preposition that is none of them is another business's,
    ``_foreign_name``)."""
    known = set(own) | {w.casefold() for t in templates for w in _NAME_WORD.findall(t.statement)}
    known |= {w.casefold() for n in names for w in _NAME_WORD.findall(n)}
    return known


def _foreign_name(clause: str, known: frozenset[str] | set[str]) -> bool:
    """The clause names, after a preposition, something the organisation's curated knowledge
    never mentions: most often another business ("I paid £6.99 for delivery at Tesco")."""
    return any(
        m.group(1).casefold() not in known
        and m.group(1).casefold() not in _a.STOPWORDS
        and m.group(1).casefold().rstrip("s") not in _TIME_NAMES
        for m in _PLACE_NAME.finditer(clause)
    )


def _gap(v: _a._Value, t: _a.Template) -> float:
    """How far apart two amounts of one unit are (|log ratio|, at most 3; 0 when not
    comparable): a customer misremembering a price is near it, the speaker's own figures
    rarely are."""
    if v.typed is None or v.typed.magnitude is None:
        return 0.0
    other = parse_value(t.value)
    a, b = v.typed.magnitude, other.magnitude
    if other.kind != v.typed.kind or other.unit != v.typed.unit or not a or not b:
        return 0.0
    if a <= 0 or b <= 0:
        return 0.0
    return min(3.0, abs(math.log(a / b)))


@functools.cache
def _model() -> tuple[float, dict[str, float]]:
    """The shipped weights, read once (a missing or unreadable file raises: the caller reads
    the turn by the rules alone)."""
    data = json.loads(_WEIGHTS.read_text(encoding="utf-8"))
    return float(data["intercept"]), {k: float(w) for k, w in data["weights"].items()}


def features() -> tuple[str, ...]:
    """The feature names the shipped weights use, in order."""
    return tuple(_model()[1])


def probability(pair: Pair) -> float:
    """The model's probability that the clause states the template's fact."""
    intercept, weights = _model()
    z = intercept + sum(w * pair.features.get(k, 0.0) for k, w in weights.items())
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))
