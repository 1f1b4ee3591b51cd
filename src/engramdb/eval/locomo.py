"""Loading conversations in LoCoMo's format, quirks included.

A LoCoMo file is a JSON list of samples ``{sample_id, conversation, qa, ...}`` (a single sample
object is accepted too). ``conversation`` holds ``speaker_a``, ``speaker_b``, and for each
session ``session_<n>`` (a list of turns ``{speaker, dia_id, text}``, image turns adding
``blip_caption``) and ``session_<n>_date_time`` (e.g. ``"1:56 pm on 8 May, 2023"``). ``qa``
items are ``{question, answer, evidence: ["D<session>:<turn>", ...], category}``.

What the loader does about the format's known quirks:

- sessions are the ``session_<n>`` keys whose value is a list, in numeric order; date keys
  without a session (conv-26 has 35 of them for 19 sessions) are ignored;
- each session's date is parsed into a timestamp (UTC); an unparsable or missing date takes
  the previous session's, and is counted;
- an image turn's caption is appended to its text: ``"Speaker: text [shares a photo: caption]"``;
- answers that are numbers become strings;
- evidence strings are split on ``;``, ``,`` and whitespace (``"D8:6; D9:17"``), rewritten to
  the canonical ``D<s>:<t>`` (``"D:11:26"`` -> ``D11:26``, ``"D30:05"`` -> ``D30:5``), and
  dropped when unreadable (``"D"``) or naming no turn of the conversation; both are counted;
- dialog ids are canonicalised the same way; a turn without an id gets ``D<s>:<position>``,
  a duplicate id or an empty turn is dropped; all are counted.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

__all__ = [
    "Conversation",
    "LocomoData",
    "Question",
    "Turn",
    "load_locomo",
    "normalise_evidence",
    "parse_dia_id",
    "parse_locomo",
    "parse_session_datetime",
]

_SESSION_KEY = re.compile(r"^session_(\d+)$")
_DIA_ID = re.compile(r"^D\s*:?\s*0*(\d+)\s*:\s*0*(\d+)$", re.IGNORECASE)
_EVIDENCE_SPLIT = re.compile(r"[;,\s]+")


@dataclass(frozen=True)
class Turn:
    """One dialog turn, ready to be stored as a memory."""

    id: str  #: canonical dialog id, ``D<session>:<turn>``
    session: int
    speaker: str
    text: str  #: ``"Speaker: text"`` plus ``" [shares a photo: caption]"`` for image turns
    timestamp_ms: int | None
    date_time: str | None  #: the session's date as written in the file

    @property
    def session_id(self) -> str:
        return f"session_{self.session}"


@dataclass(frozen=True)
class Question:
    """One QA item with its evidence resolved against the conversation."""

    question: str
    answer: str
    category: int | None
    evidence: tuple[str, ...]  #: canonical ids of turns that exist, first-seen order
    raw_evidence: tuple[str, ...]  #: as written in the file
    skipped_evidence: tuple[str, ...]  #: pieces that were unreadable or named no turn
    normalised_evidence: int  #: pieces that had to be split off or rewritten to be used

    @property
    def evidence_sessions(self) -> frozenset[int]:
        return frozenset(int(e[1:].split(":")[0]) for e in self.evidence)


@dataclass
class Conversation:
    sample_id: str
    speakers: tuple[str, ...]
    turns: list[Turn]
    questions: list[Question]

    def session_of(self, turn_id: str) -> int:
        """The session number of a canonical dialog id."""
        return int(turn_id[1:].split(":")[0])

    @property
    def latest_timestamp_ms(self) -> int | None:
        stamps = [t.timestamp_ms for t in self.turns if t.timestamp_ms is not None]
        return max(stamps) if stamps else None


@dataclass
class LocomoData:
    """A loaded file: its conversations and what the loader had to repair or drop."""

    source: str
    conversations: list[Conversation]
    counts: Counter[str] = field(default_factory=Counter)


def parse_dia_id(raw: str) -> str | None:
    """The canonical ``D<s>:<t>`` for a dialog id as written, or None if unreadable."""
    m = _DIA_ID.match(raw.strip())
    if m is None:
        return None
    return f"D{int(m.group(1))}:{int(m.group(2))}"


def normalise_evidence(
    raw: Any, known: set[str] | frozenset[str]
) -> tuple[list[str], list[str], int]:
    """Resolve a question's evidence against the conversation's dialog ids.

    Returns (valid canonical ids in first-seen order, skipped pieces, number of pieces that were
    split off a longer string or rewritten). ``raw`` may be a list, a single string or None.
    """
    if raw is None:
        items: list[Any] = []
    elif isinstance(raw, str | int):
        items = [raw]
    else:
        items = list(raw)
    valid: dict[str, None] = {}
    skipped: list[str] = []
    normalised = 0
    for item in items:
        text = str(item).strip()
        pieces = [p for p in _EVIDENCE_SPLIT.split(text) if p]
        # "D 3:4" splits into "D" and "3:4"; try the unsplit text first.
        whole = parse_dia_id(text)
        if whole is not None:
            pieces = [text]
        if not pieces:
            skipped.append(text)
            continue
        split = len(pieces) > 1
        for piece in pieces:
            canon = parse_dia_id(piece)
            if canon is None or canon not in known:
                skipped.append(piece)
                continue
            if split or canon != piece:
                normalised += 1
            valid.setdefault(canon, None)
    return list(valid), skipped, normalised


_MONTHS = {
    m: i
    for i, names in enumerate(
        [
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ],
        start=1,
    )
    for m in names
}
_TIME = re.compile(
    r"(\d{1,2})(?::(\d{2}))?(?::\d{2})?\s*([ap])\.?\s*m\b\.?|(\d{1,2}):(\d{2})", re.I
)
_DAY_MONTH_YEAR = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)\.?,?\s+(\d{4})\b", re.I)
_MONTH_DAY_YEAR = re.compile(r"\b([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b", re.I)
_ISO_DATE = re.compile(r"\b(\d{4})[-/](\d{1,2})[-/](\d{1,2})\b")


def parse_session_datetime(text: Any) -> int | None:
    """Epoch milliseconds (UTC) for a session date such as ``"1:56 pm on 8 May, 2023"``.

    Also reads ``"8 May 2023"``, ``"May 8, 2023 1:56 PM"``, 24-hour times, ISO dates and
    LongMemEval's ``"2023/05/20 (Sat) 02:21"``. None if no date can be read.
    """
    if not isinstance(text, str) or not text.strip():
        return None
    s = " ".join(text.split())
    date = _find_date(s)
    if date is None:
        return _dateutil_fallback(s)
    year, month, day = date
    hour = minute = 0
    t = _TIME.search(s)
    if t is not None:
        if t.group(1) is not None:
            hour, minute = int(t.group(1)) % 12, int(t.group(2) or 0)
            if t.group(3).lower() == "p":
                hour += 12
        else:
            hour, minute = int(t.group(4)), int(t.group(5))
    try:
        dt = datetime(year, month, day, hour, minute, tzinfo=UTC)
    except ValueError:
        return None
    return int(dt.timestamp() * 1000)


def _find_date(s: str) -> tuple[int, int, int] | None:
    m = _ISO_DATE.search(s)
    if m is not None:
        return int(m.group(1)), int(m.group(2)), int(m.group(3))
    m = _DAY_MONTH_YEAR.search(s)
    if m is not None and m.group(2).lower() in _MONTHS:
        return int(m.group(3)), _MONTHS[m.group(2).lower()], int(m.group(1))
    m = _MONTH_DAY_YEAR.search(s)
    if m is not None and m.group(1).lower() in _MONTHS:
        return int(m.group(3)), _MONTHS[m.group(1).lower()], int(m.group(2))
    return None


def _dateutil_fallback(s: str) -> int | None:
    try:
        from dateutil import parser as du
    except ImportError:
        return None
    try:
        dt = du.parse(s, fuzzy=True)
    except (ValueError, OverflowError):
        return None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    return int(dt.timestamp() * 1000)


def load_locomo(path: str | Path) -> LocomoData:
    """Read a LoCoMo-format JSON file (see the module docstring for what is repaired)."""
    p = Path(path)
    with p.open(encoding="utf-8") as f:
        raw = json.load(f)
    return parse_locomo(raw, source=p.name)


def parse_locomo(raw: Any, source: str = "<data>") -> LocomoData:
    """Build conversations from already-decoded JSON (a list of samples or one sample)."""
    if isinstance(raw, Mapping):
        samples: list[Any] = [raw]
    elif isinstance(raw, list):
        samples = raw
    else:
        raise ValueError(f"{source}: expected a JSON list of LoCoMo samples")
    data = LocomoData(source=source, conversations=[])
    for i, sample in enumerate(samples):
        if not isinstance(sample, Mapping) or not isinstance(sample.get("conversation"), Mapping):
            data.counts["samples_skipped"] += 1
            continue
        data.conversations.append(_conversation(sample, i, data.counts))
    return data


def _sessions(conv: Mapping[str, Any]) -> list[tuple[int, list[Any]]]:
    found = []
    for key, value in conv.items():
        m = _SESSION_KEY.match(key)
        if m is not None and isinstance(value, list):
            found.append((int(m.group(1)), value))
    return sorted(found, key=lambda x: x[0])


def _conversation(sample: Mapping[str, Any], index: int, counts: Counter[str]) -> Conversation:
    conv = sample["conversation"]
    sample_id = str(sample.get("sample_id") or f"sample-{index}")
    speakers = tuple(str(conv[k]) for k in ("speaker_a", "speaker_b") if conv.get(k))
    turns: list[Turn] = []
    seen: set[str] = set()
    last_ts: int | None = None
    for n, raw_turns in _sessions(conv):
        date_text = conv.get(f"session_{n}_date_time")
        ts = parse_session_datetime(date_text)
        if ts is None:
            counts["dates_unparsed"] += 1
            ts = last_ts
        last_ts = ts
        counts["sessions"] += 1
        for pos, t in enumerate(raw_turns, start=1):
            turn = _turn(t, n, pos, ts, date_text, seen, counts)
            if turn is not None:
                seen.add(turn.id)
                turns.append(turn)
    questions = [_question(q, seen, counts) for q in sample.get("qa") or []]
    counts["conversations"] += 1
    return Conversation(sample_id, speakers, turns, [q for q in questions if q is not None])


def _turn(
    t: Any,
    session: int,
    pos: int,
    ts: int | None,
    date_text: Any,
    seen: set[str],
    counts: Counter[str],
) -> Turn | None:
    if not isinstance(t, Mapping):
        counts["turns_skipped"] += 1
        return None
    raw_id = t.get("dia_id")
    tid = parse_dia_id(str(raw_id)) if raw_id is not None else None
    if tid is None:
        counts["turn_ids_generated"] += 1
        tid = f"D{session}:{pos}"
    elif tid != raw_id:
        counts["turn_ids_normalised"] += 1
    if tid in seen:
        counts["turns_duplicate_id"] += 1
        return None
    speaker = str(t.get("speaker") or "").strip()
    body = str(t.get("text") or "").strip()
    caption = t.get("blip_caption")
    if isinstance(caption, str) and caption.strip():
        body = f"{body} [shares a photo: {caption.strip()}]".strip()
        counts["image_turns"] += 1
    if not body:
        counts["turns_skipped"] += 1
        return None
    counts["turns"] += 1
    text = f"{speaker}: {body}" if speaker else body
    date = date_text if isinstance(date_text, str) else None
    return Turn(tid, session, speaker, text, ts, date)


def _question(q: Any, known: set[str], counts: Counter[str]) -> Question | None:
    if not isinstance(q, Mapping) or not str(q.get("question") or "").strip():
        counts["questions_unreadable"] += 1
        return None
    answer = q.get("answer", q.get("adversarial_answer", ""))
    if isinstance(answer, int | float) and not isinstance(answer, bool):
        counts["answers_numeric"] += 1
    try:
        category: int | None = int(q.get("category"))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        category = None
    raw = q.get("evidence")
    valid, skipped, normalised = normalise_evidence(raw, known)
    raw_items = tuple(str(x) for x in _as_list(raw))
    return Question(
        question=str(q["question"]).strip(),
        answer="" if answer is None else str(answer),
        category=category,
        evidence=tuple(valid),
        raw_evidence=raw_items,
        skipped_evidence=tuple(skipped),
        normalised_evidence=normalised,
    )


def _as_list(raw: Any) -> Iterable[Any]:
    if raw is None:
        return []
    if isinstance(raw, str | int):
        return [raw]
    return list(raw)
