"""Knowledge updates at recall: when a question asks how things are now, the newer of two
memories about the same thing ranks first; when it asks how they were, the older does.

"I drive a white Corolla" (May) and "I sold my old car and picked up a Kia Niro" (August) are
about the same thing; "What car do I drive now?" shares more words with the stale one. Nothing
in a single memory's score says which is current, so the rule looks at pairs: for each of the
best candidates (a seed), the later memories (earlier, for a question about the past) of the
same source that are close to it in meaning and answer the query well enough are its updates,
and the closest of them is lifted just above it. A question that names no time (most of
LoCoMo's) is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np

__all__ = ["NOW", "PAST", "change_lifts", "is_change", "lifts", "tense"]

NOW = 1
PAST = -1

_NOW = re.compile(
    r"\b(now|nowadays|currently|current|presently|these days|at the moment|right now|"
    r"still|latest|most recent|anymore|any more|at present|today)\b",
    re.IGNORECASE,
)
_PAST = re.compile(
    r"\b(used to|before|previously|originally|formerly|at first|first|earlier|in the past|"
    r"former|last time|back then|initially)\b",
    re.IGNORECASE,
)


#: The speaker (I, we) reporting a change of their own state: a verb of starting, stopping,
#: replacing or acquiring within three words of the pronoun ("I finally finished the move",
#: "we just started", "I set a new personal record"), or an adverb that says the old state is
#: over ("... instead", "no longer").
_CHANGE_VERB = (
    r"(?:start(?:ed|ing)?|began|begun|switch(?:ed)?|mov(?:ed|ing)|chang(?:ed|ing)|quit|"
    r"dropp(?:ed)|accept(?:ed)|join(?:ed)|left|sold|bought|adopt(?:ed)|finish(?:ed)|"
    r"took up|gave up|taken up|given up|replac(?:ed)|upgrad(?:ed)|trad(?:ed)|signed up|"
    r"picked up|retir(?:ed)|graduat(?:ed)|became|set a new|got a new|now have|now own)"
)
_CHANGE = re.compile(
    rf"\b(?:I|we)(?:'ve|'d|'m|'re)?(?:\s+[\w']+){{0,3}}?\s+{_CHANGE_VERB}\b"
    r"|\b(?:instead|no longer|not any ?more)\b",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"[^.!?]+[.!?]*")


def is_change(text: str) -> bool:
    """Whether ``text`` states, not asks, that the speaker's own situation changed."""
    for sentence in _SENTENCE.findall(text[:2000]):
        if not sentence.rstrip().endswith("?") and _CHANGE.search(sentence):
            return True
    return False


def tense(question: str) -> int:
    """``NOW`` for a question about how things are, ``PAST`` for one about how they were,
    0 for one that names neither (or both)."""
    now = bool(_NOW.search(question))
    past = bool(_PAST.search(question))
    if now == past:
        return 0
    return NOW if now else PAST


def lifts(
    vectors: np.ndarray,
    timestamps: np.ndarray,
    total: np.ndarray,
    direction: int,
    *,
    seeds: int,
    min_similarity: float,
    min_relevance: float,
    same_source: Callable[[int, int], bool],
) -> np.ndarray:
    """How much each candidate's score rises. For each of the ``seeds`` best candidates, the
    candidates of the same source that are about the same thing (cosine of the unit
    ``vectors`` at least ``min_similarity``) and answer the query well enough on their own
    (a score at least ``min_relevance`` times the seed's) and later (``direction`` = NOW) or
    earlier (PAST) are its updates; the closest of them to the seed gets the seed's score plus
    a hair, if it was below. Zeros for direction 0. (The closest, not the latest: the latest
    was as often a remark made after the update in the same session.)"""
    lift = np.zeros(len(total), dtype=np.float32)
    if direction == 0 or len(total) < 2:
        return lift
    order = np.argsort(-total, kind="stable")
    new_total = total.astype(np.float32).copy()
    step = np.float32(1e-3)
    for s in order[:seeds]:
        later = timestamps > timestamps[s] if direction == NOW else timestamps < timestamps[s]
        ok = later & (vectors @ vectors[s] >= min_similarity) & (total >= min_relevance * total[s])
        ok[s] = False
        found = np.flatnonzero(ok)
        found = found[np.argsort(-(vectors[found] @ vectors[s]), kind="stable")]
        for c in found:
            if not same_source(int(s), int(c)):
                continue
            target = new_total[s] + step
            if new_total[c] < target:
                lift[c] += target - new_total[c]
                new_total[c] = target
            break
    return lift


def change_lifts(
    total: np.ndarray,
    timestamps: np.ndarray,
    changes: np.ndarray,
    closeness: Callable[[int, Sequence[int]], np.ndarray],
    *,
    seeds: int,
    min_similarity: float,
    min_relevance: float,
    same_source: Callable[[int, int], bool],
) -> np.ndarray:
    """The lift of a stated change ("I dropped pottery and switched to kickboxing") above the
    older memory it replaces, for a question about the present. An update often shares no
    word with the question ("just started Paper Satellites" for "what book am I reading?")
    and, with a static embedder, is no closer to the old statement than the chat's filler is
    ("can you keep answers short from now on?"), so it is found among the candidates that say
    the speaker changed something (``changes``), later than one of the ``seeds`` best and of
    its source, by ``closeness`` of their content words to it."""
    lift = np.zeros(len(total), dtype=np.float32)
    if not changes.any() or len(total) < 2:
        return lift
    order = np.argsort(-total, kind="stable")
    new_total = total.astype(np.float32).copy()
    best = float(total[order[0]])
    step = np.float32(1e-3)
    for s in order[:seeds]:
        if total[s] < min_relevance * best:
            break
        found = np.flatnonzero(changes & (timestamps > timestamps[s]))
        found = [int(c) for c in found if c != s and same_source(int(s), int(c))]
        if not found:
            continue
        close = closeness(int(s), found)
        c = found[int(np.argmax(close))]
        if close.max() < min_similarity:
            continue
        target = new_total[s] + step
        if new_total[c] < target:
            lift[c] += target - new_total[c]
            new_total[c] = target
    return lift
