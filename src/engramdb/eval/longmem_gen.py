"""A synthetic long-memory benchmark in LongMemEval's file format.

LongMemEval's data cannot be fetched here, so this writes instances of the same shape from
templates (``_longmem_templates``): for each question a haystack of chat sessions (filler
chit-chat), with the evidence planted in one or more of them as a user turn marked
``has_answer``, plus distractor sessions that talk about the same topic for someone else.

Question types: ``single-session-user`` (a fact stated once), ``single-session-preference`` (a
stated taste, asked about indirectly), ``multi-session`` (facts spread over 2-3 sessions, to
count or add up), ``knowledge-update`` (a later session changes an earlier fact; both sessions
are evidence, the later one holds the current answer) and ``temporal-reasoning`` (which came
first, or how long ago). A share of questions is abstention (``_abs`` ids: the fact was never
stated), which retrieval scoring skips, as LongMemEval does.

Everything is drawn from ``random.Random`` seeded per question from the configured seed, so a
seed gives the same file on every machine and question ``i`` does not depend on the others.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from ._longmem_templates import ACKS, FILLER_TOPICS, SMALL_TALK, WORDS

__all__ = [
    "DATE_FORMAT",
    "MAX_SESSIONS",
    "QUESTION_TYPES",
    "GeneratorConfig",
    "generate_longmem",
    "write_longmem",
]

QUESTION_TYPES = (
    "single-session-user",
    "single-session-preference",
    "multi-session",
    "knowledge-update",
    "temporal-reasoning",
)
MAX_SESSIONS = 500
#: LongMemEval's date format, e.g. ``2023/05/20 (Sat) 02:21``.
DATE_FORMAT = "%Y/%m/%d (%a) %H:%M"
_LEADS = ("", "By the way, ", "Oh, and ", "Quick update: ", "Random thing, but ")


@dataclass(frozen=True)
class GeneratorConfig:
    """How big and how hard the generated file is."""

    questions: int = 50
    #: Haystack sessions per question (evidence and distractors included), 1..500.
    sessions: int = 40
    seed: int = 0
    min_turns: int = 4
    max_turns: int = 10
    #: Share of abstention questions (ids ending in ``_abs``).
    abstention: float = 0.06
    #: Sessions per question that mention the question's topic about someone else.
    distractors: int = 2
    #: Sessions are spread over this many days before the question date.
    span_days: int = 365
    types: tuple[str, ...] = field(default=QUESTION_TYPES)

    def check(self) -> None:
        if not 1 <= self.sessions <= MAX_SESSIONS:
            raise ValueError(f"sessions must be within 1..{MAX_SESSIONS}, got {self.sessions}")
        if self.questions < 1:
            raise ValueError("questions must be at least 1")
        if not 2 <= self.min_turns <= self.max_turns:
            raise ValueError("turns per session: need 2 <= min_turns <= max_turns")
        if not 0.0 <= self.abstention < 1.0:
            raise ValueError("abstention must be within [0, 1)")
        unknown = set(self.types) - set(QUESTION_TYPES)
        if unknown or not self.types:
            raise ValueError(f"unknown question types {sorted(unknown)}; known: {QUESTION_TYPES}")
        if self.span_days < 2:
            raise ValueError("span_days must be at least 2")


class _Rng(random.Random):
    def pick(self, slot: str, *avoid: str) -> str:
        return self.choice([w for w in WORDS[slot] if w not in avoid])


@dataclass
class _Plant:
    """A user statement planted in its own session."""

    text: str
    answer: bool  # an evidence session (else a distractor)
    order: int | None = None  # evidence sessions with an order get dates in that order


@dataclass
class _Case:
    question: str
    answer: str | Callable[[list[datetime], datetime], str]
    plants: list[_Plant]


@dataclass
class _Fact:
    statement: str
    question: str
    answer: str
    distractors: list[str]
    # (new statement, question about the current value, new answer)
    update: tuple[str, str, str] | None = None


# ---------------------------------------------------------------------------- facts
def _pet(r: _Rng) -> _Fact:
    breed, name = r.pick("breed"), r.pick("pet_name")
    b2, n2, p = r.pick("breed", breed), r.pick("pet_name", name), r.pick("person")
    return _Fact(
        r.choice(
            [
                f"I finally adopted a dog last weekend, a {breed} I named {name}.",
                f"We brought home a {breed} puppy and called her {name}.",
            ]
        ),
        r.choice(["What did I name the dog I adopted?", "What is my dog's name?"]),
        name,
        [
            f"My {r.pick('relative')} {p} just got a {b2} called {n2}.",
            f"{p}'s dog {n2} is a {b2} and it never stops running around.",
        ],
    )


def _job(r: _Rng) -> _Fact:
    job, co = r.pick("job"), r.pick("company")
    job2, co2, co3 = r.pick("job", job), r.pick("company", co), r.pick("company", co)
    return _Fact(
        f"I've been working as a {job} at {co} for about three years now.",
        "Where do I work?",
        co,
        [
            f"My {r.pick('relative')} {r.pick('person')} works as a {job} at {co3}.",
            f"A friend of mine just interviewed for a job at {co3}.",
        ],
        (
            f"Big news: I accepted an offer and this week I started as a {job2} at {co2}.",
            "Where am I working these days?",
            co2,
        ),
    )


def _city(r: _Rng) -> _Fact:
    city = r.pick("city")
    city2, city3 = r.pick("city", city), r.pick("city", city)
    return _Fact(
        f"I live in {city} and I really love the neighbourhood markets here.",
        "Which city do I live in?",
        city,
        [
            f"My {r.pick('relative')} lives in {city3} and keeps inviting me over.",
            f"Have you ever heard good things about living in {city3}?",
        ],
        (
            f"We finally finished the move, so we're living in {city2} now.",
            "Which city do I live in now?",
            city2,
        ),
    )


def _car(r: _Rng) -> _Fact:
    car, color = r.pick("car"), r.pick("color")
    car2, car3 = r.pick("car", car), r.pick("car", car)
    return _Fact(
        f"I drive a {color} {car}, which is perfect for my commute.",
        "What car do I drive?",
        car,
        [
            f"My {r.pick('relative')} {r.pick('person')} just bought a {car3}.",
            f"I rode in a friend's {car3} yesterday and it was surprisingly roomy.",
        ],
        (f"I sold my old car and picked up a {car2} yesterday.", "What car do I drive now?", car2),
    )


def _book(r: _Rng) -> _Fact:
    book, author = r.pick("book"), r.pick("author")
    book2, book3 = r.pick("book", book), r.pick("book", book)
    return _Fact(
        f"I'm currently reading {book} by {author} and can't put it down.",
        "Which book am I reading at the moment?",
        book,
        [
            f"My book club picked {book3} for next month.",
            f"{r.pick('person')} keeps recommending {book3} to me.",
        ],
        (
            f"I finished my last novel and just started {book2}.",
            "What book am I currently reading?",
            book2,
        ),
    )


def _run(r: _Rng) -> _Fact:
    m, s = r.randint(22, 31), r.randint(0, 59)
    m2, s2 = m - r.randint(1, 3), r.randint(0, 59)
    return _Fact(
        f"My best 5k time so far is {m} minutes and {s} seconds.",
        "What is my personal best time for a 5k?",
        f"{m} minutes {s} seconds",
        [
            f"My {r.pick('relative')} ran a 5k in {r.randint(19, 35)} minutes last weekend.",
            "There's a charity 5k in the park next month that a few coworkers are running.",
        ],
        (
            f"I set a new personal record in the 5k this morning: {m2} minutes {s2} seconds!",
            "What is my current personal best for the 5k?",
            f"{m2} minutes {s2} seconds",
        ),
    )


def _classes(r: _Rng) -> _Fact:
    act, day = r.pick("activity"), r.pick("weekday")
    act2, act3 = r.pick("activity", act), r.pick("activity", act)
    return _Fact(
        f"I signed up for {act} classes on {day} evenings.",
        "What classes did I sign up for?",
        act,
        [
            f"My {r.pick('relative')} {r.pick('person')} has been taking {act3} lessons.",
            f"The community centre is offering {act3} workshops this season.",
        ],
        (
            f"I dropped the {act} classes and switched to {act2} instead.",
            "Which classes am I taking now?",
            act2,
        ),
    )


def _birthday(r: _Rng) -> _Fact:
    name, month, day = r.pick("person"), r.pick("month"), r.randint(1, 28)
    rel = r.choice(["sister", "brother"])
    return _Fact(
        f"My {rel} {name}'s birthday is on {month} {day}, I need to plan something.",
        f"When is my {rel}'s birthday?",
        f"{month} {day}",
        [
            f"My coworker {r.pick('person', name)} celebrated her birthday with a picnic.",
            f"{r.pick('person', name)}'s birthday party was loud but fun.",
        ],
    )


def _allergy(r: _Rng) -> _Fact:
    a = r.pick("allergen")
    return _Fact(
        f"The doctor confirmed that I'm allergic to {a}.",
        "What am I allergic to?",
        a,
        [
            f"My {r.pick('relative')} is allergic to {r.pick('allergen', a)}.",
            "Allergy season is rough this year, everyone at work is sneezing.",
        ],
    )


_FACTS: tuple[Callable[[_Rng], _Fact], ...] = (
    _pet,
    _job,
    _city,
    _car,
    _book,
    _run,
    _classes,
    _birthday,
    _allergy,
)
_UPDATABLE: tuple[Callable[[_Rng], _Fact], ...] = (_job, _city, _car, _book, _run, _classes)


def _distract(r: _Rng, texts: Sequence[str], n: int) -> list[_Plant]:
    return [_Plant(texts[i % len(texts)], answer=False) for i in range(n)]


# ---------------------------------------------------------------------------- cases
def _single(r: _Rng, n_distract: int) -> _Case:
    f = r.choice(_FACTS)(r)
    return _Case(
        f.question, f.answer, [_Plant(f.statement, True), *_distract(r, f.distractors, n_distract)]
    )


def _update(r: _Rng, n_distract: int) -> _Case:
    f = r.choice(_UPDATABLE)(r)
    assert f.update is not None
    new, question, answer = f.update
    return _Case(
        question,
        answer,
        [
            _Plant(f.statement, True, 0),
            _Plant(new, True, 1),
            *_distract(r, f.distractors, n_distract),
        ],
    )


def _preference(r: _Rng, n_distract: int) -> _Case:
    kind = r.randrange(4)
    other = f"My {r.pick('relative')} {r.pick('person')}"
    if kind == 0:
        diet, cuisine = r.pick("diet"), r.pick("cuisine")
        return _Case(
            "Can you suggest somewhere to go for dinner tonight?",
            f"The user would prefer {diet} options, ideally {cuisine} food.",
            [
                _Plant(
                    f"I'm {diet} and I absolutely love {cuisine} food, the spicier the better.",
                    True,
                ),
                *_distract(
                    r,
                    [
                        f"{other} only eats {r.pick('cuisine', cuisine)} food.",
                        "We tried a new restaurant downtown but the service was slow.",
                    ],
                    n_distract,
                ),
            ],
        )
    if kind == 1:
        genre = r.pick("genre")
        return _Case(
            "Any ideas for a concert or live show I could go to this weekend?",
            f"The user would enjoy a {genre} performance.",
            [
                _Plant(f"These days I mostly listen to {genre}, it helps me focus.", True),
                *_distract(
                    r,
                    [
                        f"{other} is really into {r.pick('genre', genre)} lately.",
                        "The concert hall near me is being renovated.",
                    ],
                    n_distract,
                ),
            ],
        )
    if kind == 2:
        place = r.pick("landscape")
        return _Case(
            "Where should I go on vacation this summer?",
            f"The user prefers {place} over crowded tourist spots.",
            [
                _Plant(f"I can't stand crowded beaches; give me {place} any day.", True),
                *_distract(
                    r,
                    [
                        f"{other} loves packed beach resorts.",
                        "Flights are getting so expensive this year.",
                    ],
                    n_distract,
                ),
            ],
        )
    bg = r.pick("book_genre")
    return _Case(
        "What should I read next?",
        f"The user would like a {bg} novel.",
        [
            _Plant(f"I've been devouring {bg} novels all year.", True),
            *_distract(
                r,
                [
                    f"{other} only reads {r.pick('book_genre', bg)}.",
                    "The library near my office finally reopened.",
                ],
                n_distract,
            ),
        ],
    )


def _multi(r: _Rng, n_distract: int) -> _Case:
    slot, label = r.choice(
        [("item_kitchen", "kitchen gear"), ("item_camera", "camera gear"), ("item_plant", "plants")]
    )
    n = r.randint(2, 3)
    items = r.sample(list(WORDS[slot]), n)
    prices = [r.randrange(15, 400, 5) for _ in items]
    plants = [
        _Plant(
            r.choice(
                [f"I bought a {it} for ${p} today.", f"Treated myself to a {it}, it was ${p}."]
            ),
            True,
        )
        for it, p in zip(items, prices, strict=True)
    ]
    other = r.pick("person")
    distract = [
        f"{other} bought a {r.pick(slot, *items)} for ${r.randrange(15, 400, 5)}.",
        f"I almost bought some {label} online but changed my mind.",
    ]
    if r.random() < 0.5:
        return _Case(
            f"How much have I spent on {label} in total recently?",
            f"${sum(prices)}",
            plants + _distract(r, distract, n_distract),
        )
    return _Case(
        f"How many pieces of {label} have I bought recently?",
        str(n),
        plants + _distract(r, distract, n_distract),
    )


def _temporal(r: _Rng, n_distract: int) -> _Case:
    a = r.pick("city")
    b = r.pick("city", a)
    trip = "I just got back from {c}, where I {act}."
    distract = [
        f"My {r.pick('relative')} is planning a trip to {a} next year.",
        f"Have you heard anything good about visiting {b}?",
    ]
    if r.random() < 0.5:
        first = r.randrange(2)
        plants = [
            _Plant(trip.format(c=a, act=r.pick("trip_activity")), True, first),
            _Plant(trip.format(c=b, act=r.pick("trip_activity")), True, 1 - first),
        ]
        return _Case(
            f"Which trip did I take first, the one to {a} or the one to {b}?",
            a if first == 0 else b,
            plants + _distract(r, distract, n_distract),
        )

    def days_ago(dates: list[datetime], asked: datetime) -> str:
        return str((asked.date() - dates[0].date()).days)

    return _Case(
        f"How many days ago did I get back from my trip to {a}?",
        days_ago,
        [
            _Plant(trip.format(c=a, act=r.pick("trip_activity")), True, 0),
            *_distract(r, distract, n_distract),
        ],
    )


_BUILDERS: dict[str, Callable[[_Rng, int], _Case]] = {
    "single-session-user": _single,
    "single-session-preference": _preference,
    "multi-session": _multi,
    "knowledge-update": _update,
    "temporal-reasoning": _temporal,
}


# ---------------------------------------------------------------------------- sessions
def _chat(r: _Rng, cfg: GeneratorConfig) -> list[dict[str, Any]]:
    """A filler session: one topic's opener and answer, then its follow-ups, then small talk."""
    topic = FILLER_TOPICS[r.choice(sorted(FILLER_TOPICS))]
    slots = {k: r.choice(v) for k, v in WORDS.items()}
    pairs = max(1, r.randint(cfg.min_turns // 2, max(1, cfg.max_turns // 2)))
    j = r.randrange(len(topic["user"]))
    exchanges = [(topic["user"][j], topic["assistant"][j % len(topic["assistant"])])]
    follows = r.sample(range(len(topic["follow"])), min(pairs - 1, len(topic["follow"])))
    exchanges += [(topic["follow"][f], topic["reply"][f]) for f in follows]
    extra = min(pairs - len(exchanges), len(SMALL_TALK))
    exchanges += [SMALL_TALK[g] for g in r.sample(range(len(SMALL_TALK)), max(0, extra))]
    turns: list[dict[str, Any]] = []
    for user, assistant in exchanges:
        turns.append({"role": "user", "content": user.format_map(slots)})
        turns.append({"role": "assistant", "content": assistant.format_map(slots)})
    return turns


def _lead(r: _Rng, text: str) -> str:
    lead = r.choice(_LEADS)
    first = text.split(" ", 1)[0].rstrip(",.'s")
    if lead.endswith(", ") and first not in ("I", "I'm", "I've") and first not in WORDS["person"]:
        text = text[0].lower() + text[1:]
    return lead + text


def _plant(r: _Rng, turns: list[dict[str, Any]], text: str, evidence: bool) -> None:
    pos = 2 * r.randrange(len(turns) // 2)
    turns[pos] = {"role": "user", "content": _lead(r, text)}
    turns[pos + 1] = {"role": "assistant", "content": r.choice(ACKS)}
    if evidence:
        for i, t in enumerate(turns):
            t["has_answer"] = i == pos


def _dates(r: _Rng, n: int, asked: datetime, span_days: int) -> list[datetime]:
    minutes = r.sample(range(60, span_days * 24 * 60), n)
    return sorted(asked - timedelta(minutes=m) for m in minutes)


def _instance(i: int, cfg: GeneratorConfig) -> dict[str, Any]:
    r = _Rng(f"engramdb-longmem:{cfg.seed}:{i}")
    qid = f"{r.getrandbits(32):08x}"
    qtype = cfg.types[i % len(cfg.types)]
    abstain = r.random() < cfg.abstention
    if abstain:
        qtype = "single-session-user"
        f = r.choice(_FACTS)(r)
        case = _Case(
            f.question,
            "You did not mention this information.",
            _distract(r, f.distractors, max(1, cfg.distractors)),
        )
        qid += "_abs"
    else:
        case = _BUILDERS[qtype](r, cfg.distractors)
    asked = datetime(2024, 1, 1, 9, 0) + timedelta(
        days=r.randrange(365), minutes=r.randrange(12 * 60)
    )
    n = max(cfg.sessions, len(case.plants))
    dates = _dates(r, n, asked, cfg.span_days)
    slots = r.sample(range(n), len(case.plants))
    # evidence sessions with an order take their slots in that order
    ordered = [j for j, p in enumerate(case.plants) if p.order is not None]
    for j, s in zip(
        sorted(ordered, key=lambda j: case.plants[j].order or 0),
        sorted(slots[j] for j in ordered),
        strict=True,
    ):
        slots[j] = s
    planted_at = dict(zip(slots, case.plants, strict=True))
    ids, sessions, answer_ids, evidence_dates = [], [], [], []
    n_answer = 0
    for s in range(n):
        turns = _chat(r, cfg)
        plant = planted_at.get(s)
        if plant is not None and plant.answer:
            n_answer += 1
            sid = f"answer_{qid.removesuffix('_abs')}_{n_answer}"
            answer_ids.append(sid)
            evidence_dates.append((plant.order or 0, dates[s]))
        else:
            sid = f"session_{r.getrandbits(40):010x}"
        if plant is not None:
            _plant(r, turns, plant.text, plant.answer)
        ids.append(sid)
        sessions.append(turns)
    answer = case.answer
    if callable(answer):
        answer = answer([d for _, d in sorted(evidence_dates, key=lambda x: x[0])], asked)
    return {
        "question_id": qid,
        "question_type": qtype,
        "question": case.question,
        "answer": answer,
        "question_date": asked.strftime(DATE_FORMAT),
        "haystack_session_ids": ids,
        "haystack_dates": [d.strftime(DATE_FORMAT) for d in dates],
        "haystack_sessions": sessions,
        "answer_session_ids": answer_ids,
    }


def generate_longmem(config: GeneratorConfig | None = None) -> list[dict[str, Any]]:
    """The instances of a synthetic file (a JSON list in LongMemEval's format)."""
    cfg = config or GeneratorConfig()
    cfg.check()
    return [_instance(i, cfg) for i in range(cfg.questions)]


def write_longmem(path: str | Path, config: GeneratorConfig | None = None) -> int:
    """Generate and write a file; returns the number of questions written."""
    data = generate_longmem(config)
    with Path(path).open("w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False)
        f.write("\n")
    return len(data)
