"""Attribute words: the small lexicon that lets two phrasings of one attribute meet ("charge" /
"fee" / "price", "yearly" / "annual", "hotline" / "phone") and strips the words that name no
attribute at all. Used by catalogue-guided extraction and by the reconciler's contrast test."""

from __future__ import annotations

import functools
import re

from engramdb.engine.lexical import ORDER_WORDS, STOPWORDS

__all__ = [
    "ANSWER_KINDS",
    "GENERIC",
    "PERMITS",
    "PRICE_WORDS",
    "WORD",
    "answer_kind",
    "fold",
    "words",
]

_BOUNDS = re.compile(r"\b(?:at least|no less than|at most|no more than|up to)\b", re.IGNORECASE)

#: A word as the lexicon reads it (lower case, with inner apostrophes and hyphens).
WORD = re.compile(r"[a-z][a-z'-]*")

#: Attribute words that name one thing (folded before words are compared).
_SYNONYMS: dict[str, str] = {}
for _group in (
    "price cost costs fee fees charge charges charged pay pays paid rate rates quid bucks "
    "priced pricing",
    "annual annually yearly year years",
    "monthly month months",
    "weekly week weeks",
    "daily day days",
    "hourly hour hours",
    "duration time takes take taking lasts last lasting length journey",
    "loan loans borrow borrowing borrowed keep lend lending",
    "open opens opening opened doors",
    "close closes closing closed shut shuts",
    "child children kid kids",
    "bag bags luggage baggage suitcase suitcases",
    "book books booking reserve reserved reservation",
    "return returns returned refund refunds refunded exchange",
    "deliver delivers delivery deliveries shipping ship ships shipped postage",
    "phone telephone hotline number call line",
    "cancel cancels cancellation cancelling cancelled",
    "staff employee employees worker workers",
    "allowance allow allows allowed let lets permit permits permitted",
    "late overdue",
    "limit limits cap maximum max",
    "minimum min",
    "interest rate aer apr",
    "respond response responds reply replies",
    "wait waiting",
    "service services serviced servicing",
    "member members membership",
    "train training learning development",
    "weekday weekdays",
):
    _words = _group.split()
    for _w in _words:
        _SYNONYMS.setdefault(_w, _words[0])

#: Words that say nothing about which attribute is meant: the one stop-word list less the words
#: of order (ORDER_WORDS), and chat fillers and generic nouns.
GENERIC = (STOPWORDS - ORDER_WORDS) | frozenset(
    "actually also anyone apparently approximately around basically bit btw entire even "
    "ever every everyone full fyi get gets got guys honestly least less like limited "
    "literally lol lot lots many mate may might much must now one ones people per pretty "
    "quite really right roughly someone still tbh thing things totally us way well whole "
    "yet".split()
)


@functools.lru_cache(maxsize=65_536)
def fold(word: str) -> str:
    """One form per attribute word: synonyms to their group's first word, then a light
    suffix strip ("charges" -> "price", "replacement" -> "replac", "comes" -> "come")."""
    w = word.casefold().removesuffix("'s")
    if w in _SYNONYMS:
        return _SYNONYMS[w]
    if w.endswith("ies") and len(w) > 5:
        w = w[:-3] + "y"
    elif w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        w = w[:-1]
    if w in _SYNONYMS:
        return _SYNONYMS[w]
    for suffix in ("ations", "ation", "ments", "ment", "ings", "ing", "ed", "er"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 4:
            w = w[: -len(suffix)]  # "replaced", "replacement" -> "replac"
            break
    w = w.removesuffix("e") if len(w) > 4 else w
    return _SYNONYMS.get(w, w)


@functools.lru_cache(maxsize=65_536)
def words(text: str) -> frozenset[str]:
    """The attribute words of a text, synonyms folded ("at least" is a minimum)."""
    text = _BOUNDS.sub(
        lambda m: " minimum " if "least" in m.group(0).casefold() else " maximum ", text
    )
    return frozenset(
        fold(w)
        for w in WORD.findall(text.casefold())
        if w not in GENERIC and len(w) > 2 and fold(w) not in GENERIC
    )


#: Words beside a price that say how or when it is paid, not what is priced.
PRICE_WORDS = frozenset(fold(w) for w in "price month week day year hour night per each".split())

#: Lemmas that say a thing is allowed, fine or included: said of what a curated denial rules
#: out ("that's allowed", "you let dogs on the deck", "it's covered"), they contradict it.
#: "no problem" says the same (``extract/verifier``).
PERMITS = frozenset("allow permit let fine ok okay welcome accept include cover problem".split())


#: What a question asks for, by its words: the kind of typed value (``values.Kind``) that
#: answers it. Token patterns, tried in order: the first found decides ("how much does it
#: weigh" asks for a quantity, "how much is it" for money). A word of the price group
#: (``fold``) asks for money too ("what does the hire cost").
ANSWER_KINDS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("how", "long"), "duration"),
    (("how", "much", "time"), "duration"),
    (("how", "many", "days"), "duration"),
    (("how", "many", "weeks"), "duration"),
    (("how", "many", "months"), "duration"),
    (("how", "many", "hours"), "duration"),
    (("how", "many", "minutes"), "duration"),
    (("how", "many", "years"), "duration"),
    (("how", "many"), "number"),
    (("how", "heavy"), "quantity"),
    (("weigh",), "quantity"),
    (("weighs",), "quantity"),
    (("how", "big"), "quantity"),
    (("how", "far"), "quantity"),
    (("how", "tall"), "quantity"),
    (("what", "percentage"), "percent"),
    (("how", "much"), "money"),
    (("what", "date"), "date"),
    (("when",), "date"),
)


def answer_kind(text: str) -> str | None:
    """The kind of value ``text`` asks for (``ANSWER_KINDS``), if it says (a query asks it of
    the index's estimate and of the scoring alike: a short text's answer is kept)."""
    return _answer_kind(text) if len(text) <= 512 else _answer_kind.__wrapped__(text)


@functools.lru_cache(maxsize=4_096)
def _answer_kind(text: str) -> str | None:
    tokens = WORD.findall(text.casefold())
    for pattern, kind in ANSWER_KINDS:
        n = len(pattern)
        if any(tuple(tokens[i : i + n]) == pattern for i in range(len(tokens) - n + 1)):
            return kind
    if any(fold(t) == "price" and t not in _NOT_ASKING_MONEY for t in tokens):
        return "money"
    return None


#: Words of the price group that do not ask for an amount of money ("the interest rate").
_NOT_ASKING_MONEY = frozenset({"rate", "rates"})
