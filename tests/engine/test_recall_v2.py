"""Recall v2: the neighbour-turn window, tags as words, speakers, knowledge updates, and the
fitted weights. Each test shows the ranking change the mechanism causes."""

from __future__ import annotations

import sqlite3
from dataclasses import replace

import pytest

from engramdb import Engine, EngineConfig, MemoryInput, RecallOptions
from engramdb.engine.scoring import FITTED, ScoreWeights
from engramdb.engine.updates import NOW, PAST, is_change, tense

DAY = 86_400_000
T0 = 1_700_000_000_000


def _ids(eng: Engine, query: str, **kw) -> list[str]:
    opts = RecallOptions(k=10, now_ms=T0 + 400 * DAY, **kw)
    return [h.id for h in eng.recall(query, opts)]


def _window_ids(eng: Engine, word: str) -> set[str]:
    found = eng._index.fts_search(f'"{word}"', 50, window=True)
    rows = eng._index.rows_by_loc([loc for loc, _ in found])
    return {rows[loc]["id"] for loc, _ in found if loc in rows}


def _chat(eng: Engine) -> None:
    eng.remember_many(
        [
            MemoryInput(
                text="Any plans for the spring holiday?", id="ask", session_id="s1", timestamp_ms=T0
            ),
            MemoryInput(
                text="We are flying to Lisbon.", id="answer", session_id="s1", timestamp_ms=T0 + 1
            ),
            MemoryInput(
                text="The plants need water.", id="later", session_id="s1", timestamp_ms=T0 + 2
            ),
            MemoryInput(
                text="Flying makes me nervous.",
                id="elsewhere",
                session_id="s2",
                timestamp_ms=T0 + 3,
            ),
        ]
    )


# ------------------------------------------------------------------ the window
def test_a_turn_is_found_by_the_words_of_the_turn_before_it(tmp_path):
    with Engine.open(tmp_path / "s", embedder="hashing") as eng:
        _chat(eng)
        own = [
            eng._index.rows_by_loc([loc])[loc]["id"]
            for loc, _ in eng._index.fts_search('"flying" OR "holiday"', 10)
        ]
        assert "answer" in own and "elsewhere" in own  # one word each: on par
        ranked = _ids(eng, "flying for the holiday")
        # the answer's window holds the question before it: both words, so it leads the
        # other turn with "flying"
        assert ranked.index("answer") < ranked.index("elsewhere")


def test_windows_follow_forgetting_purging_and_late_arrivals(tmp_path):
    with Engine.open(tmp_path / "s", embedder="hashing") as eng:
        _chat(eng)
        assert {"ask", "answer", "later"} <= _window_ids(eng, "holiday")
        eng.forget("ask")
        assert _window_ids(eng, "holiday") == set()  # no window keeps a forgotten text
        eng.purge(["ask"])
        con = sqlite3.connect(tmp_path / "s" / "index.db")
        text = " ".join(
            str(c) for row in con.execute("SELECT * FROM memories_window_content") for c in row
        )
        con.close()
        assert "holiday" not in text
        # a memory that arrives late, between two others, joins their windows
        eng.remember(
            "Lisbon in spring is lovely.", id="between", session_id="s1", timestamp_ms=T0 + 1
        )
        assert {"answer", "later", "between"} <= _window_ids(eng, "lovely")
        assert "elsewhere" not in _window_ids(eng, "lovely")  # another session


def test_a_store_without_windows_gets_them_built_on_open(tmp_path):
    with Engine.open(tmp_path / "s", embedder="hashing") as eng:
        _chat(eng)
    con = sqlite3.connect(tmp_path / "s" / "index.db")
    con.execute("DROP TABLE memories_window")
    con.commit()
    con.close()
    with Engine.open(tmp_path / "s", embedder="hashing") as eng:
        assert {"ask", "answer", "later"} <= _window_ids(eng, "holiday")
        ranked = _ids(eng, "flying for the holiday")
        assert ranked.index("answer") < ranked.index("elsewhere")


def test_tags_are_words_recall_finds(tmp_path):
    with Engine.open(tmp_path / "s") as eng:
        eng.remember(
            "I adopted a golden retriever named Biscuit",
            id="dog",
            tags=["pets"],
            session_id="s1",
            timestamp_ms=T0,
        )
        eng.remember_many(
            [
                MemoryInput(
                    text="I work from home on Fridays",
                    id="work",
                    session_id="s1",
                    timestamp_ms=T0 + 1,
                ),
                MemoryInput(text="My sister lives in Lisbon", id="sister", timestamp_ms=T0 + 2),
            ]
        )
        assert _ids(eng, "what pet do I have?")[0] == "dog"  # the README's example
        # the tag is a word of the memory's window: "pets" matches where the text has no
        # word of the query (the text alone gives no lexical evidence at all)
        opts = RecallOptions(k=10, now_ms=T0 + 400 * DAY, explain=True)
        dog = next(h for h in eng.recall("pets", opts) if h.id == "dog")
        assert dog.explain["lexical"] > 0
        assert eng.recall("pets", opts)[0].id == "dog"


def test_a_word_in_most_windows_costs_nothing_and_changes_nothing(tmp_path):
    with Engine.open(tmp_path / "s", embedder="hashing") as eng:
        eng.remember_many(
            [
                MemoryInput(
                    text=f"Caroline: note {i} about gardening",
                    id=f"n{i}",
                    session_id="s",
                    timestamp_ms=T0 + i,
                )
                for i in range(30)
            ]
            + [
                MemoryInput(
                    text="Caroline: I joined a pottery class",
                    id="pottery",
                    session_id="s",
                    timestamp_ms=T0 + 40,
                )
            ]
        )
        assert _ids(eng, "What did Caroline learn at the pottery class?")[0] == "pottery"
        # a query of nothing but the common word still ranks by it
        assert len(_ids(eng, "Caroline")) == 10


# ------------------------------------------------------------------ speakers
def _said_by_two(eng: Engine, text: str, **speakers: str) -> None:
    """The same text said by two speakers (id -> speaker name), in two sessions."""
    eng.remember_many(
        [
            MemoryInput(text=text, id=mid, session_id=mid, timestamp_ms=T0, meta={"speaker": who})
            for mid, who in speakers.items()
        ]
    )


def test_a_question_naming_a_speaker_favours_their_turns(tmp_path):
    with Engine.open(tmp_path / "s", embedder="hashing") as eng:
        _said_by_two(eng, "I started painting landscapes.", mel="Melanie", car="Caroline")
        assert _ids(eng, "What did Caroline start painting?")[0] == "car"
        assert _ids(eng, "What did Melanie start painting?")[0] == "mel"
        off = EngineConfig(weights=replace(ScoreWeights(), speaker=0.0))
    with Engine.open(tmp_path / "s", embedder="hashing", config=off) as eng:
        first = _ids(eng, "What did Caroline start painting?")[0]
        assert first == _ids(eng, "What did Melanie start painting?")[0]  # no difference


# ------------------------------------------------------------------ knowledge updates
@pytest.mark.parametrize(
    "question, expected",
    [
        ("What car do I drive now?", NOW),
        ("Where am I working these days?", NOW),
        ("What is my current personal best?", NOW),
        ("What car did I drive before?", PAST),
        ("Where did I use to live? I used to rent", PAST),
        ("What car do I drive?", 0),
        ("When did Caroline go to the support group?", 0),
    ],
)
def test_tense_of_a_question(question, expected):
    assert tense(question) == expected


_FILLER = [
    "The museum opens at nine.",
    "I baked a lemon cake.",
    "Our team won the quiz.",
    "The train was late again.",
    "I planted tomatoes in May.",
    "We watched a film about bees.",
    "My phone battery died.",
    "The café has new chairs.",
    "I finished a puzzle.",
    "It rained all afternoon.",
]


def _cars(eng: Engine, scope_new: str | None = None) -> None:
    eng.remember_many(
        [
            MemoryInput(text=t, session_id=f"f{i}", timestamp_ms=T0 + i * DAY)
            for i, t in enumerate(_FILLER)
        ]
    )
    eng.remember_many(
        [
            MemoryInput(
                text="Random thing, but I drive a white Toyota Corolla, which is perfect "
                "for my commute.",
                id="old",
                session_id="a",
                timestamp_ms=T0,
            ),
            MemoryInput(
                text="I sold my old car and picked up a Kia Niro yesterday.",
                id="new",
                session_id="b",
                timestamp_ms=T0 + 90 * DAY,
                scope=scope_new,
            ),
            MemoryInput(
                text="Should I bake bread this weekend?",
                id="chat",
                session_id="b",
                timestamp_ms=T0 + 91 * DAY,
            ),
        ]
    )


def test_a_question_about_now_puts_the_newer_statement_first(tmp_path):
    with Engine.open(tmp_path / "s") as eng:
        _cars(eng)
        neutral = _ids(eng, "What car do I drive?")
        assert neutral.index("old") < neutral.index("new")  # more words shared
        now = eng.recall(
            "What car do I drive now?", RecallOptions(k=3, now_ms=T0 + 400 * DAY, explain=True)
        )
        assert [h.id for h in now][:2] == ["new", "old"]
        assert now[0].explain["update"] > 0
        past = _ids(eng, "What car did I drive before?")
        assert past.index("old") < past.index("new")


def test_an_update_comes_from_the_same_source_only(tmp_path):
    def lift_of_new(scope_new):
        with Engine.open(tmp_path / str(scope_new)) as eng:
            _cars(eng, scope_new=scope_new)
            hits = eng.recall(
                "What car do I drive now?", RecallOptions(k=5, now_ms=T0 + 400 * DAY, explain=True)
            )
            return next(h.explain.get("update", 0.0) for h in hits if h.id == "new")

    assert lift_of_new(None) > 0  # the same (no) scope: lifted over the old statement
    assert lift_of_new("someone-else") == 0.0  # another scope's statement is no update


@pytest.mark.parametrize(
    "text, expected",
    [
        ("I finished my last novel and just started Paper Satellites.", True),
        ("Big news: I accepted an offer and this week I started as a nurse.", True),
        ("We finally finished the move, so we're living in Krakow now.", True),
        ("I dropped the pottery classes and switched to kickboxing instead.", True),
        ("I set a new personal record in the 5k this morning!", True),
        ("I drive a white Corolla, which is perfect for my commute.", False),
        ("Sorry, I got distracted, my sister just called.", False),
        ("A friend of mine just started a job at the bakery.", False),  # not the speaker
        ("Should I start running again?", False),  # a question, not a statement
        ("Can you keep answers short from now on?", False),
    ],
)
def test_a_stated_change_of_the_speakers_own_situation(text, expected):
    assert is_change(text) is expected


def _books(eng: Engine, scope_new: str | None = None) -> None:
    chat = [
        "Can you keep answers short from now on?",
        "I'll try that tonight and tell you how it went.",
        "How do I read a JSON config in Python?",
        "Sorry, I got distracted, my sister just called.",
        "My book club picked Winter in Marrow Street for next month.",
    ]
    eng.remember_many(
        [
            MemoryInput(text=t, session_id=f"c{i}", timestamp_ms=T0 + (i * 20 + 5) * DAY)
            for i, t in enumerate(chat)
        ]
        + [
            MemoryInput(
                text="I'm currently reading The Long Harvest by Iris Calloway and can't put it "
                "down.",
                id="old",
                session_id="a",
                timestamp_ms=T0,
            ),
            MemoryInput(
                text="Quick update: I finished my last novel and just started Paper Satellites.",
                id="new",
                session_id="b",
                timestamp_ms=T0 + 60 * DAY,
                scope=scope_new,
            ),
        ]
    )


def test_a_stated_change_goes_above_what_it_replaces(tmp_path):
    """The update shares no word with the question and is, for the static embedder, no
    closer to the old statement than the chat is; as a stated change of the same speaker,
    later than the best candidate, it is lifted just above it. Without the rule (pool 0)
    the stale book comes first."""
    question = "What book am I currently reading?"
    config = EngineConfig()
    off = replace(config, expansion=replace(config.expansion, update_change_pool=0))
    with Engine.open(tmp_path / "off", config=off) as eng:
        _books(eng)
        before = _ids(eng, question)
    assert before[0] == "old" and before.index("new") > 1
    with Engine.open(tmp_path / "on") as eng:
        _books(eng)
        hits = eng.recall(question, RecallOptions(k=10, now_ms=T0 + 400 * DAY, explain=True))
        assert [h.id for h in hits][:2] == ["new", "old"]
        assert hits[0].explain["update"] > 0
        past = _ids(eng, "What book was I reading before?")
        assert past.index("old") < past.index("new")  # a question about the past: unchanged
    with Engine.open(tmp_path / "scoped") as eng:
        _books(eng, scope_new="someone-else")
        assert _ids(eng, question)[0] == "old"  # another scope's change is no update


# ------------------------------------------------------------------ fitted weights
def test_the_fitted_weights_are_what_recall_uses(tmp_path):
    import json
    from importlib.resources import files

    fitted = json.loads(files("engramdb.engine").joinpath("fusion.json").read_text())
    assert set(fitted) == set(FITTED)
    w = ScoreWeights()
    assert {f: getattr(w, f) for f in FITTED} == fitted  # the shipped file is the default
    assert w.similarity == 1.0  # the fit is scaled to it
    # and recall weighs each part by it: the explained parts are the weights times the signals
    with Engine.open(tmp_path / "s", embedder="hashing") as eng:
        eng.remember("the lighthouse keeper", id="only", timestamp_ms=T0)
        hit = eng.recall("lighthouse", RecallOptions(k=1, now_ms=T0, explain=True))[0]
        assert hit.explain["lexical"] == pytest.approx(fitted["lexical"])  # the best match: 1


# ------------------------------------------------------------------ dates
def test_span_of_iso_values():
    from engramdb.engine.when import span_of

    day = span_of("2023-02-01")
    assert day is not None and day[1] - day[0] == DAY
    assert span_of("2023-10")[1] - span_of("2023-10")[0] == 31 * DAY
    assert span_of("2023-12")[1] == span_of("2024")[0]  # December ends where 2024 begins
    assert span_of("2023-W05")[1] - span_of("2023-W05")[0] == 7 * DAY
    assert span_of("2023-13") is None and span_of("soon") is None


def test_a_question_naming_a_date_favours_what_was_said_then(tmp_path):
    feb1 = 1_675_209_600_000  # 2023-02-01 00:00 UTC
    with Engine.open(tmp_path / "s", embedder="hashing") as eng:
        eng.remember_many(
            [
                MemoryInput(text=t, session_id=f"f{i}", timestamp_ms=feb1 - (40 + i) * DAY)
                for i, t in enumerate(_FILLER)
            ]
        )
        eng.remember_many(
            [
                MemoryInput(
                    text="I found a supplier of vintage jackets for the store.",
                    id="then",
                    session_id="a",
                    timestamp_ms=feb1 + 3_600_000,
                ),
                MemoryInput(
                    text="I found a supplier of vintage jackets for the store.",
                    id="other",
                    session_id="b",
                    timestamp_ms=feb1 + 60 * DAY,
                ),
            ]
        )
        q = "What did Gina find for her store on 1 February, 2023?"
        hits = eng.recall(q, RecallOptions(k=2, now_ms=feb1 + 90 * DAY, explain=True))
        assert [h.id for h in hits] == ["then", "other"]
        assert hits[0].explain["date"] > hits[1].explain.get("date", 0.0)
        # no date in the question: the two ask for nothing to tell them apart
        plain = eng.recall(
            "What did Gina find for her store?",
            RecallOptions(k=2, now_ms=feb1 + 90 * DAY, explain=True),
        )
        assert all("date" not in h.explain for h in plain)


def _expected_windows(eng: Engine) -> dict[int, tuple[str, str, str]]:
    con = eng._index.con
    rows = con.execute(
        "SELECT loc, session_id, text FROM memories WHERE deleted=0 "
        "ORDER BY session_id, timestamp_ms, seq"
    ).fetchall()
    out: dict[int, tuple[str, str, str]] = {}
    by_session: dict = {}
    for loc, session, text in rows:
        by_session.setdefault(session, []).append((loc, text))
    for session, run in by_session.items():
        for i, (loc, text) in enumerate(run):
            if session is None:
                out[loc] = (text, "", "")
            else:
                prev = " ".join(t for _, t in run[max(0, i - 2) : i])
                nxt = " ".join(t for _, t in run[i + 1 : i + 3])
                out[loc] = (text, prev, nxt)
    return out


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_op = st.one_of(
    st.tuples(
        st.just("add"),
        st.lists(
            st.tuples(st.sampled_from(["a", "b", None]), st.integers(0, 30)),
            min_size=1,
            max_size=8,
        ),
    ),
    st.tuples(st.just("forget"), st.integers(0, 1000)),
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=st.lists(_op, min_size=1, max_size=12))
def test_every_window_is_what_the_session_order_says(tmp_path_factory, ops):
    path = tmp_path_factory.mktemp("w")
    n = 0
    with Engine.open(path, embedder="hashing") as eng:
        ids: list[str] = []
        for kind, arg in ops:
            if kind == "add":
                batch = []
                for session, minute in arg:
                    batch.append(
                        MemoryInput(
                            text=f"word{n} text",
                            id=f"m{n}",
                            session_id=session,
                            timestamp_ms=T0 + minute * 60_000,
                        )
                    )
                    ids.append(f"m{n}")
                    n += 1
                eng.remember_many(batch)
            elif ids:
                victim = ids.pop(arg % len(ids))
                eng.forget(victim)
        got = {
            int(r[0]): (r[1], r[2], r[3])
            for r in eng._index.con.execute("SELECT rowid, text, prev, next FROM memories_window")
        }
        assert got == _expected_windows(eng)


def test_a_batch_scattered_through_a_long_session_gets_the_same_windows(tmp_path):
    with Engine.open(tmp_path / "s", embedder="hashing") as eng:
        eng.remember_many(
            [
                MemoryInput(text=f"turn {i}", session_id="long", timestamp_ms=T0 + i * 1000)
                for i in range(0, 400, 2)
            ]
        )
        # one early and one late arrival: the run between them would be the whole session
        eng.remember_many(
            [
                MemoryInput(text="early one", session_id="long", timestamp_ms=T0 + 3 * 1000),
                MemoryInput(text="late one", session_id="long", timestamp_ms=T0 + 391 * 1000),
            ]
        )
        got = {
            int(r[0]): (r[1], r[2], r[3])
            for r in eng._index.con.execute("SELECT rowid, text, prev, next FROM memories_window")
        }
        assert got == _expected_windows(eng)


# ------------------------------------------------------------------ found in review
def test_forget_by_query_ranks_by_meaning_and_words_only(tmp_path):
    import time

    from engramdb.knowledge.memory import Memory

    now = int(time.time() * 1000)
    m = Memory.open(tmp_path / "mem")
    try:
        m.remember(
            "Tomorrow I plan to visit the dentist about my tooth.",
            scope="user/ann",
            session_id="a",
            observed_at=now - 100 * DAY,
        )
        for i, text in enumerate(
            [
                "I ate a tuna sandwich at lunch.",
                "The printer on floor two is jammed again.",
                "My daughter starts school in September.",
            ]
        ):
            m.remember(text, scope="user/ann", session_id=f"s{i}", observed_at=now - (i + 1) * DAY)
        # "tomorrow" is a date: every turn of the past days would get the date term, and
        # forget's half-the-best cut would take them with the one meant
        out = m.forget("What do I have planned for tomorrow?")
        assert out["turns"] == 1
        left = {h.text for h in m.query("sandwich printer daughter", k=10)}
        assert {
            "I ate a tuna sandwich at lunch.",
            "My daughter starts school in September.",
        } <= left
    finally:
        m.close()


def test_a_window_never_holds_another_scopes_words(tmp_path):
    with Engine.open(tmp_path / "s", embedder="hashing") as eng:
        eng.remember_many(
            [
                MemoryInput(
                    text=f"filler note {i} about gardening",
                    session_id=f"f{i}",
                    scope="bob",
                    timestamp_ms=T0 - i,
                )
                for i in range(20)
            ]
            + [
                MemoryInput(
                    text="Sure, sounds good to me.",
                    id="bob1",
                    session_id="s",
                    scope="bob",
                    timestamp_ms=T0,
                ),
                MemoryInput(
                    text="My diagnosis is leukemia, keep it quiet.",
                    id="alice",
                    session_id="s",
                    scope="alice",
                    timestamp_ms=T0 + 1,
                ),
                MemoryInput(
                    text="Okay, talk later then.",
                    id="bob2",
                    session_id="s",
                    scope="bob",
                    timestamp_ms=T0 + 2,
                ),
            ]
        )
        hits = eng.recall(
            "leukemia diagnosis", RecallOptions(k=5, scopes=["bob"], explain=True, now_ms=T0 + 10)
        )
        assert all(h.explain.get("lexical", 0.0) == 0.0 for h in hits)  # nothing of alice's
        assert _window_ids(eng, "leukemia") == {"alice"}
        # bob's own turns are each other's neighbours
        assert {"bob1", "bob2"} <= _window_ids(eng, "okay")


def test_a_small_store_keeps_every_query_word(tmp_path):
    texts = [
        "I bought a red bicycle",
        "The weather is mild",
        "We cooked pasta",
        "My sister called",
        "The meeting moved to Friday",
    ]
    with Engine.open(tmp_path / "s", embedder="hashing") as eng:
        eng.remember_many(
            [
                MemoryInput(text=t, id=f"m{i}", session_id="s", timestamp_ms=T0 + i)
                for i, t in enumerate(texts)
            ]
        )

        def lexical(query):
            hits = eng.recall(query, RecallOptions(k=5, explain=True, now_ms=T0 + 10))
            return {h.id: h.explain.get("lexical", 0.0) for h in hits}

        # "red" and "bicycle" are in three of five windows: in a store this small that is
        # chance, and one word the store lacks must not leave the query with nothing
        assert lexical("red bicycle zanzibar")["m0"] > 0
        assert lexical("red bicycle zanzibar") == lexical("red bicycle")


def test_a_window_build_cut_short_is_done_again(tmp_path, monkeypatch):
    from engramdb.engine import window as W

    with Engine.open(tmp_path / "s", embedder="hashing") as eng:
        _chat(eng)
    con = sqlite3.connect(tmp_path / "s" / "index.db")
    con.execute("DROP TABLE memories_window")
    con.commit()
    con.close()

    def killed(self, locs):
        raise KeyboardInterrupt("killed during the build")

    with monkeypatch.context() as mp:
        mp.setattr(W.WindowIndex, "added", killed)
        with pytest.raises(KeyboardInterrupt):
            Engine.open(tmp_path / "s", embedder="hashing")
    with Engine.open(tmp_path / "s", embedder="hashing") as eng:
        assert {"ask", "answer", "later"} <= _window_ids(eng, "holiday")


def test_a_speaker_named_like_a_common_word_needs_a_capital(tmp_path):
    with Engine.open(tmp_path / "s", embedder="hashing") as eng:
        _said_by_two(eng, "I picked up groceries.", will="Will", car="Caroline")
        hits = eng.recall(
            "What will Caroline pick up?", RecallOptions(k=2, now_ms=T0 + DAY, explain=True)
        )
        assert [h.id for h in hits][0] == "car" and "speaker" not in {
            n for h in hits if h.id == "will" for n, v in h.explain.items() if v
        }
        assert _ids(eng, "What did Will pick up?")[0] == "will"


def test_window_and_time_line_look_ups_are_index_ranges(tmp_path):
    from engramdb.engine.window import _AFTER, _BEFORE

    with Engine.open(tmp_path / "s", embedder="hashing") as eng:
        _chat(eng)
        con = eng._index.con
        for sql in (_BEFORE, _AFTER):
            plan = " ".join(
                str(r) for r in con.execute("EXPLAIN QUERY PLAN " + sql, ("s1", None, T0, 0, 2))
            )
            assert "(timestamp_ms,seq)" in plan.replace(" ", "")  # a seek, not a walk


def test_a_customer_never_ranks_by_another_customers_words_in_a_shared_session(tmp_path):
    """Through ``Memory.query`` with a lens, as the server runs it: two customers' turns in
    one session id; what one said never lifts the other's turns."""
    from engramdb.knowledge.memory import Memory

    m = Memory.open(tmp_path / "mem")
    try:
        for i in range(20):
            m.remember(f"Filler note {i} about my garden.", scope="org/u/bob", session_id=f"f{i}")
        m.remember("Sure, sounds good to me.", scope="org/u/bob", session_id="shared")
        m.remember(
            "My diagnosis is leukemia, keep it quiet.", scope="org/u/alice", session_id="shared"
        )
        m.remember("Okay, talk later then.", scope="org/u/bob", session_id="shared")
        hits = m.query("leukemia diagnosis", lens="org/u/bob", k=5, explain=True)
        assert hits and all(h.scope == "org/u/bob" for h in hits)
        assert all((h.explain or {}).get("lexical", 0.0) == 0.0 for h in hits)
    finally:
        m.close()
