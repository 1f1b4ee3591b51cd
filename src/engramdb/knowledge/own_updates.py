"""A speaker's update of what they said before, read by topic rather than by key.

"I've stopped smoking completely" after "I smoke about ten a day", "Physio signed me off, the
knee injury's gone" after "I've got a knee injury", "She's moved up to Level 3 this term" after
"My daughter is in Level 2 at swim school": the reconciler closes or supersedes a value only
when the new claim has the same key, and a turn's wording rarely gives the key the first
statement had. This step runs after the turn's claims are reconciled. A sentence with a cue of
an ending ("no longer", "stopped", "gone", "quit") or of a change ("now", "switched",
"moved", "new") is compared with the speaker's live facts of the same scope from earlier turns
by the attribute words they share (``lexicon.words``: folded, generic words left out). The
facts that share the most close: superseded by the sentence's new fact when it stated one, else
closed as no longer true.

For a change, names and family or pet nouns do not count as shared (they say whose value it
is, not which value: "Tom is now 3" must not replace "my cats are Tom and Jerry"); for an
ending they do ("Tom passed away" ends Tom). A sentence whose claims already closed a value is
left to them; questions and wishes state nothing.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .documents.sentences import sentences
from .extract.person_words import FAMILY, PETS
from .lexicon import fold, words
from .recording import record_trace
from .results import WriteResult
from .results import decision as make_decision
from .values import parse_value
from .writing import WriteContext

if TYPE_CHECKING:
    from .open_store import OpenStore

__all__ = ["apply_own_updates"]

_F = re.IGNORECASE
_ENDED = re.compile(
    r"\b(?:no longer|any ?more|stopped|quit|gave up|given up|got rid of|cancell?ed|expired|"
    r"gone|passed away|died|rehomed|sold|dropped|left|ended|not .{1,40} after all|"
    r"(?:turned|switched|signed me) off|shut (?:it |that )?down|took (?:her|his|their) \w+ to)\b",
    _F,
)
_CHANGED = re.compile(
    r"\b(?:now|changed|switched|moved|upgraded|downgraded|updated|relocated|new|instead|"
    r"from now on|these days|crept up|went up|gone up|gone down)\b",
    _F,
)
_NOT_ASSERTED = re.compile(
    r"\b(?:if|would|could|might|maybe|thinking of|planning to|going to|want to|wish|hope)\b", _F
)
#: The cue words themselves, and words every update says: they name no attribute.
_CUE_WORDS = frozenset(
    fold(w)
    for w in """no longer anymore stopped stop quit gave give given got rid cancelled canceled
    expired gone passed away died rehomed sold dropped left ended after turned switched signed
    shut took now changed change moved move upgraded downgraded updated relocated new instead
    from these days crept went up down have has had got use used using don't doesn't isn't
    not any more completely sadly finally actually just today yesterday week month year last
    since so well""".split()
)
_WHOSE = frozenset(fold(w) for w in [*FAMILY, *PETS]) | frozenset(
    fold(w) for w in "wife husband partner kids kid children child baby pet pets".split()
)
_NAME = re.compile(r"(?<![\w.])[A-Z][\w'-]*")
#: The speaker in the sentence: an update is theirs ("I've stopped smoking", "my knee injury's
#: gone", "we don't have the dog any more").
_SPEAKER = re.compile(r"\b(?:i|i'm|i've|i'd|me|my|mine|we|we're|we've|our|us)\b", _F)
#: Or a fragment that opens with its cue ("Sold it last week", "Upgraded to Platinum").
_CUE_FIRST = re.compile(
    r"^(?:just\s+|finally\s+)?(?:stopped|quit|sold|cancell?ed|dropped|left|moved|switched|"
    r"changed|upgraded|downgraded|relocated|no longer|gave up)\b",
    _F,
)
#: How many of the speaker's newest live facts of the scope an update is compared with.
RECENT_FACTS = 200
#: How many sentences of one turn are read as updates (a turn of thousands of "now"s costs
#: no more than this many comparisons with the facts).
MAX_UPDATE_SENTENCES = 16
#: More facts than this sharing the topic equally: the update is not clearly about any one.
MAX_CLOSED = 3


def _topic(text: str, ending: bool) -> frozenset[str]:
    out = words(text) - _CUE_WORDS
    if not ending:
        names = {fold(m.group()) for m in _NAME.finditer(text) if m.start() > 0}
        out = out - _WHOSE - names
    return out


def apply_own_updates(store: OpenStore, text: str, ctx: WriteContext, result: WriteResult) -> None:
    """Close or supersede the speaker's earlier facts that a sentence of this turn updates."""
    if ctx.authoritative or ctx.role != "user":
        return
    rows = None
    topics: dict[tuple[int, bool], frozenset[str]] = {}  # a fact's topic, read once
    read = 0
    for a, b in sentences(text):
        sentence = text[a:b].strip()
        if not sentence or sentence.endswith("?") or _NOT_ASSERTED.search(sentence):
            continue
        ending = bool(_ENDED.search(sentence))
        changing = bool(_CHANGED.search(sentence))
        if not ending and not changing:
            continue
        if not (_SPEAKER.search(sentence) or _CUE_FIRST.match(sentence)):
            continue  # "Rex left a mess", "Arsenal dropped points": not the speaker's update
        read += 1
        if read > MAX_UPDATE_SENTENCES:
            result.errors.append(
                f"text: only the first {MAX_UPDATE_SENTENCES} sentences that update earlier "
                "facts were compared with them; the whole turn is stored and searchable"
            )
            return
        if _already_closed(result, sentence):
            continue
        if rows is None:
            # the same speaker's facts only (``stream``: in a shared scope each conversation
            # is its own speaker; an assistant's turns are not the user's)
            rows = store.db.execute(
                "SELECT id, key_phrase, value, statement FROM facts WHERE scope=? "
                "AND closed_ms IS NULL AND forgotten=0 AND authoritative=0 AND source_id!=? "
                "AND stream=? ORDER BY id DESC LIMIT ?",
                (ctx.scope, ctx.source, ctx.stream, RECENT_FACTS),
            ).fetchall()
        if not rows:
            return
        topic = _topic(sentence, ending)
        if not topic:
            continue
        values = {r[0]: r[2] for r in rows}
        phrases = {r[0]: r[1] for r in rows}
        scored = []
        for fid, phrase, value, statement in rows:
            theirs = topics.get((fid, ending))
            if theirs is None:
                theirs = topics[(fid, ending)] = _topic(f"{phrase} {value} {statement}", ending)
            shared = topic & theirs
            # one word in common counts only when it is the fact's attribute or value ("I've
            # stopped smoking" and smoke = "ten a day"); a word of its sentence alone ("I left
            # work early" and "I work at Deloitte") is not what the update is about
            if len(shared) == 1 and not shared & _topic(f"{phrase} {value}", True):
                continue
            if shared:
                scored.append((len(shared), fid, shared))
        if not scored:
            continue
        best = max(s[0] for s in scored)
        closes = [fid for n, fid, _ in scored if n == best]
        shared = frozenset().union(*(sh for n, _, sh in scored if n == best))
        # the sentence's new value replaces the old one when it says what holds now; an
        # ending alone replaces nothing, and a value that names the topic itself ("stopped
        # smoking completely") restates the ending
        new = [
            f.id
            for f in result.facts
            if changing
            and f.statement
            and f.statement in sentence
            and not (ending and words(f.value) & shared)
        ]
        if changing and not ending and not new:
            continue  # "my new coffee machine arrived": a change with nothing it changes to
        if new:
            # a new value replaces a value of its own shape and attribute: "going Saturday
            # instead" replaces the day of the trip, not where it goes; "peanuts are now banned
            # at my kid's school" shares the allergy's value, not its attribute
            shape = _shape(next(f.value for f in result.facts if f.id == new[0]))
            closes = [
                fid
                for fid in closes
                if _shape(values[fid]) == shape and shared & _topic(phrases[fid], False)
            ]
        if not closes or len(closes) > MAX_CLOSED:
            continue  # nothing of its shape, or no one fact it is clearly about
        _close(store, ctx, result, sentence, closes, new[0] if new else None)
        rows = [r for r in rows if r[0] not in closes]


_WHEN = re.compile(
    r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|tonight|"
    r"january|february|march|april|may|june|july|august|september|october|november|december|"
    r"\d{1,2}(?:st|nd|rd|th)|weekend|morning|evening|afternoon)\b|\d{1,2}[:.]\d{2}|\d+ ?[ap]m\b",
    _F,
)


def _shape(value: str) -> str:
    """What kind of thing a value is, coarsely: a time, a contact, an amount, or words."""
    if "@" in value:
        return "email"
    if sum(c.isdigit() for c in value) >= 7:
        return "phone"
    if _WHEN.search(value):
        return "time"
    kind = parse_value(value).kind
    return kind if kind != "text" else "words"


def _already_closed(result: WriteResult, sentence: str) -> bool:
    """Whether a claim of this sentence already closed or replaced a value."""
    for d in result.decisions:
        claim = d.get("claim") or {}
        if d.get("closed") and str(claim.get("value", "\0")) in sentence:
            return True
    return False


def _close(
    store: OpenStore,
    ctx: WriteContext,
    result: WriteResult,
    sentence: str,
    closes: list[int],
    by: int | None,
) -> None:
    action = "supersede" if by is not None else "close"
    reason = (
        "the speaker's update of an earlier statement on the same topic"
        if by is not None
        else "the speaker says an earlier statement on the same topic no longer holds"
    )
    ctx.pools.clear()
    for old in closes:
        store.db.execute(
            "UPDATE facts SET closed_ms=?, valid_until_ms=COALESCE(valid_until_ms, ?), "
            "superseded_by=? WHERE id=? AND closed_ms IS NULL",
            (ctx.now, ctx.now, by, old),
        )
        result.corrections.append({"closed": old, "by": by, "action": action, "reason": reason})
    trace = make_decision(
        action, reason, claim={"statement": sentence}, stored=by, closed=closes, candidates=closes
    )
    result.decisions.append(trace)
    record_trace(store, ctx, "reconcile", trace)
