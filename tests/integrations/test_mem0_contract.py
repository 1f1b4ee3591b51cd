"""Contract tests for the mem0-compatible ``Memory`` API (engramdb.compat.mem0).

Written against mem0's documented open-source semantics (docs.mem0.ai and
mem0ai/mem0 ``mem0/memory/main.py``), not against the adapter's code, so that a
program written for ``mem0.Memory`` keeps working when it imports
``engramdb.compat.mem0.Memory`` instead.

The semantics relied on, in short:

* every call returns mem0's shapes: ``add``/``search``/``get_all`` return
  ``{"results": [...]}``; ``add`` items carry ``id``, ``memory``, ``event``
  ("ADD" for a new memory); ``search`` items carry ``score`` (higher is
  better, best first); ``get`` returns one item or ``None``;
  ``update``/``delete``/``delete_all`` return ``{"message": ...}``;
  ``history`` returns a list of rows with ``memory_id``, ``old_memory``,
  ``new_memory``, ``event``, ``created_at``.
* memories are scoped by ``user_id``/``agent_id``/``run_id``; at least one is
  required by ``add``, ``search``, ``get_all`` and ``delete_all``; several
  given together narrow the scope (AND); user metadata is returned under
  ``metadata`` and can be matched with ``filters``.
* ``infer=False`` stores each non-system message's content verbatim, one
  memory per message.
* ``update`` keeps the id and ``created_at``, changes the text, keeps the
  scope and metadata; ``delete``/``update`` of an unknown id raise; history is
  ADD, then UPDATE (old/new text), then DELETE; ``reset`` empties memories and
  history.

No LLM and no network are needed: the adapter must work offline.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from pathlib import Path

import pytest

from engramdb.compat.mem0 import Memory

# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------

PET = "I adopted a golden retriever named Biscuit"
FOOD = "My favourite food is sushi"
JOB = "I work as a nurse in Leeds"

NOT_FOUND_ERRORS = (ValueError, KeyError)


def _close(m) -> None:
    close = getattr(m, "close", None)
    if callable(close):
        close()


@pytest.fixture
def store_dir(tmp_path: Path) -> Path:
    return tmp_path / "mem0_store"


@pytest.fixture
def mem(store_dir: Path):
    m = Memory(str(store_dir))
    yield m
    _close(m)


def _results(resp) -> list[dict]:
    assert isinstance(resp, dict), f"expected a dict with 'results', got {type(resp)!r}"
    assert "results" in resp, f"no 'results' key in {sorted(resp)}"
    items = resp["results"]
    assert isinstance(items, list)
    for item in items:
        assert isinstance(item, dict)
    return items


def _add_raw(m, text: str, **scope) -> str:
    """Add one verbatim memory (infer=False) and return its id."""
    items = _results(m.add(text, infer=False, **scope))
    assert len(items) == 1, items
    assert items[0]["event"] == "ADD"
    assert items[0]["memory"] == text
    return items[0]["id"]


def _ids(items: list[dict]) -> list[str]:
    return [item["id"] for item in items]


def _all_ids(m, **scope) -> set[str]:
    return set(_ids(_results(m.get_all(**scope))))


def _parse_ts(value) -> datetime:
    assert isinstance(value, str) and value, f"timestamp should be an ISO string, got {value!r}"
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def _assert_sorted_by_score(items: list[dict]) -> None:
    scores = [item["score"] for item in items]
    for s in scores:
        assert isinstance(s, (int, float)) and not isinstance(s, bool), scores
    assert scores == sorted(scores, reverse=True), f"search results not best first: {scores}"


def _seed_three(m, user_id: str = "alice") -> dict[str, str]:
    return {
        "pet": _add_raw(m, PET, user_id=user_id),
        "food": _add_raw(m, FOOD, user_id=user_id),
        "job": _add_raw(m, JOB, user_id=user_id),
    }


# --------------------------------------------------------------------------
# construction
# --------------------------------------------------------------------------


def test_from_config_with_path_uses_that_directory(tmp_path: Path):
    a_dir, b_dir = tmp_path / "a", tmp_path / "b"
    a = Memory.from_config({"path": str(a_dir)})
    b = Memory.from_config({"path": str(b_dir)})
    try:
        mid = _add_raw(a, "I keep bees on my roof", user_id="alice")
        assert a.get(mid)["memory"] == "I keep bees on my roof"
        # A second store in another directory is a different, empty store.
        assert _results(b.get_all(user_id="alice")) == []
        assert b.get(mid) is None
    finally:
        _close(a)
        _close(b)
    assert a_dir.exists() and any(a_dir.iterdir()), "nothing was written under the configured path"

    if hasattr(a, "close"):  # reopening the same directory needs the first handle closed
        # Memory(path) and from_config({"path": path}) name the same store.
        again = Memory(str(a_dir))
        try:
            assert again.get(mid)["memory"] == "I keep bees on my roof"
        finally:
            _close(again)


def test_from_config_accepts_mem0_style_vector_store_config(tmp_path: Path):
    def config(d: Path) -> dict:
        return {
            "vector_store": {
                "provider": "qdrant",
                "config": {"collection_name": "mem0", "path": str(d)},
            }
        }

    a = Memory.from_config(config(tmp_path / "a"))
    b = Memory.from_config(config(tmp_path / "b"))
    try:
        mid = _add_raw(a, "My sister lives in Lisbon", user_id="alice")
        assert [r["memory"] for r in _results(a.get_all(user_id="alice"))] == [
            "My sister lives in Lisbon"
        ]
        assert _results(b.get_all(user_id="alice")) == []
    finally:
        _close(a)
        _close(b)

    if hasattr(a, "close"):  # reopening the same directory needs the first handle closed
        again = Memory.from_config(config(tmp_path / "a"))
        try:
            assert again.get(mid)["memory"] == "My sister lives in Lisbon"
        finally:
            _close(again)


# --------------------------------------------------------------------------
# add: message forms, result shape, infer
# --------------------------------------------------------------------------


def test_add_string_returns_results_with_add_events(mem):
    items = _results(mem.add(PET, user_id="alice"))
    assert items, "add of a plain fact stored nothing"
    for item in items:
        assert {"id", "memory", "event"} <= set(item)
        assert item["event"] == "ADD"
        assert isinstance(item["id"], str) and item["id"]
        assert isinstance(item["memory"], str) and item["memory"].strip()
        # what add reported is what get returns
        got = mem.get(item["id"])
        assert got is not None and got["id"] == item["id"]
        assert got["memory"] == item["memory"]
    assert "Biscuit" in " ".join(i["memory"] for i in items)
    assert set(_ids(items)) <= _all_ids(mem, user_id="alice")


def test_add_single_message_dict(mem):
    msg = {"role": "user", "content": "I am allergic to peanuts"}
    items = _results(mem.add(msg, user_id="alice"))
    assert items and all(i["event"] == "ADD" for i in items)
    assert "peanut" in " ".join(i["memory"] for i in items).lower()

    raw = _results(
        mem.add({"role": "user", "content": "I drive a red Vespa"}, user_id="alice", infer=False)
    )
    assert [i["memory"] for i in raw] == ["I drive a red Vespa"]
    assert set(_ids(items)) | set(_ids(raw)) == _all_ids(mem, user_id="alice")


def test_add_list_of_messages(mem):
    messages = [
        {"role": "user", "content": "I'm planning a trip to Kyoto in April."},
        {"role": "assistant", "content": "Kyoto in April is cherry blossom season."},
        {"role": "user", "content": "I prefer staying in traditional ryokan inns."},
    ]
    items = _results(mem.add(messages, user_id="alice"))
    assert items and all(i["event"] == "ADD" for i in items)
    for item in items:
        assert mem.get(item["id"])["memory"] == item["memory"]
    joined = " ".join(i["memory"] for i in items).lower()
    assert "kyoto" in joined or "ryokan" in joined
    assert set(_ids(items)) <= _all_ids(mem, user_id="alice")


def test_add_infer_false_stores_text_verbatim(mem):
    text = "Remember: my locker code is 4-1-7-9, NOT 4179!"
    items = _results(mem.add(text, user_id="alice", infer=False))
    assert len(items) == 1
    assert items[0]["event"] == "ADD"
    assert items[0]["memory"] == text
    assert mem.get(items[0]["id"])["memory"] == text
    assert [r["memory"] for r in _results(mem.get_all(user_id="alice"))] == [text]


def test_add_infer_false_list_is_one_memory_per_non_system_message(mem):
    messages = [
        {"role": "system", "content": "You are a helpful assistant."},
        {"role": "user", "content": "My daughter's name is Ada."},
        {"role": "assistant", "content": "Lovely name! I'll remember Ada."},
    ]
    items = _results(mem.add(messages, user_id="alice", infer=False))
    assert [i["memory"] for i in items] == [
        "My daughter's name is Ada.",
        "Lovely name! I'll remember Ada.",
    ]
    assert all(i["event"] == "ADD" for i in items)
    assert len(set(_ids(items))) == 2
    stored = {r["memory"] for r in _results(mem.get_all(user_id="alice"))}
    assert stored == {"My daughter's name is Ada.", "Lovely name! I'll remember Ada."}


def test_add_without_any_scope_raises_value_error_and_stores_nothing(mem):
    with pytest.raises(ValueError):
        mem.add("I like tea", infer=False)
    with pytest.raises(ValueError):
        mem.add([{"role": "user", "content": "I like tea"}])
    mid = _add_raw(mem, "I like coffee", user_id="alice")
    assert _all_ids(mem, user_id="alice") == {mid}


# --------------------------------------------------------------------------
# get / get_all shapes
# --------------------------------------------------------------------------


def test_get_shape_and_unknown_id(mem):
    mid = _add_raw(mem, PET, user_id="alice", metadata={"category": "pets"})
    got = mem.get(mid)
    assert isinstance(got, dict)
    for key in ("id", "memory", "metadata", "created_at", "updated_at", "user_id"):
        assert key in got, f"get() result lacks {key!r}: {sorted(got)}"
    assert got["id"] == mid
    assert got["memory"] == PET
    assert got["user_id"] == "alice"
    assert got.get("agent_id") is None and got.get("run_id") is None
    _parse_ts(got["created_at"])
    _parse_ts(got["updated_at"])

    assert mem.get(str(uuid.uuid4())) is None


def test_get_all_shape(mem):
    ids = _seed_three(mem)
    items = _results(mem.get_all(user_id="alice"))
    assert set(_ids(items)) == set(ids.values())
    by_id = {i["id"]: i for i in items}
    assert by_id[ids["pet"]]["memory"] == PET
    for item in items:
        for key in ("id", "memory", "created_at", "updated_at", "user_id"):
            assert key in item, f"get_all() item lacks {key!r}: {sorted(item)}"
        assert item["user_id"] == "alice"


def test_search_result_shape(mem):
    ids = _seed_three(mem)
    items = _results(mem.search("what pet do I have?", user_id="alice"))
    assert items
    for item in items:
        for key in ("id", "memory", "score", "metadata", "created_at", "updated_at", "user_id"):
            assert key in item, f"search() item lacks {key!r}: {sorted(item)}"
        assert item["user_id"] == "alice"
        assert item["id"] in ids.values()
        assert mem.get(item["id"])["memory"] == item["memory"]
    _assert_sorted_by_score(items)


# --------------------------------------------------------------------------
# relevance, top_k, threshold
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("what pet do I have?", "pet"),
        ("what do I like to eat", "food"),
        ("what is my job", "job"),
    ],
)
def test_search_ranks_the_relevant_memory_first(mem, query, expected):
    ids = _seed_three(mem)
    items = _results(mem.search(query, user_id="alice", top_k=3))
    assert items, f"no results for {query!r}"
    assert items[0]["id"] == ids[expected], (query, [(i["memory"], i["score"]) for i in items])
    _assert_sorted_by_score(items)


def test_search_top_k_limits_results(mem):
    texts = [
        "I drink espresso every morning",
        "I grind my own coffee beans",
        "My favourite coffee shop is on Baker Street",
        "I take my coffee with oat milk",
        "I bought a new coffee machine last week",
        "Decaf coffee gives me headaches",
    ]
    for t in texts:
        _add_raw(mem, t, user_id="alice")
    query = "I grind my own coffee beans"
    top2 = _results(mem.search(query, user_id="alice", top_k=2))
    top6 = _results(mem.search(query, user_id="alice", top_k=6))
    top1 = _results(mem.search(query, user_id="alice", top_k=1))
    assert len(top1) == 1
    assert len(top2) == 2
    assert len(top6) > 2
    assert top1[0]["memory"] == query
    assert top2[0]["memory"] == query
    assert set(_ids(top2)) <= set(_ids(top6))


def test_get_all_top_k_limits_results(mem):
    for i in range(6):
        _add_raw(mem, f"Note number {i}: buy more stamps", user_id="alice")
    assert len(_results(mem.get_all(user_id="alice"))) == 6
    assert len(_results(mem.get_all(user_id="alice", top_k=3))) == 3


def test_search_threshold_drops_lower_scores(mem):
    strong = _add_raw(mem, "Biscuit is my golden retriever", user_id="alice")
    _add_raw(mem, "Biscuit loves chasing tennis balls in the park", user_id="alice")
    weak = _add_raw(mem, "I renewed my passport in March", user_id="alice")
    query = "Biscuit is my golden retriever"

    baseline = _results(mem.search(query, user_id="alice", top_k=10, threshold=0.0))
    _assert_sorted_by_score(baseline)
    assert baseline and baseline[0]["id"] == strong
    assert len(baseline) >= 2, "need at least two scored results to test a threshold"
    top, bottom = baseline[0]["score"], baseline[-1]["score"]
    assert top > bottom, "all results scored the same; the score does not separate relevance"
    cut = (top + bottom) / 2

    kept = _results(mem.search(query, user_id="alice", top_k=10, threshold=cut))
    assert kept, "threshold below the best score dropped everything"
    assert all(item["score"] >= cut for item in kept), [(i["memory"], i["score"]) for i in kept]
    assert kept[0]["id"] == strong
    assert baseline[-1]["id"] not in _ids(kept)
    margin = 0.01 * max(abs(top), abs(bottom), 1e-9)
    for item in baseline:  # clearly above the cut: kept; clearly below: dropped
        if item["score"] > cut + margin:
            assert item["id"] in _ids(kept), item
        elif item["score"] < cut - margin:
            assert item["id"] not in _ids(kept), item
    if weak in _ids(baseline) and weak != strong:
        assert [i["score"] for i in baseline if i["id"] == weak][0] < top


# --------------------------------------------------------------------------
# scoping: users, agents, runs
# --------------------------------------------------------------------------


def test_users_are_isolated(mem):
    alice = set(
        _ids(_results(mem.add("I adopted a golden retriever named Biscuit", user_id="alice")))
    )
    alice |= set(_ids(_results(mem.add("My favourite food is sushi", user_id="alice"))))
    bob = set(_ids(_results(mem.add("I have a tabby cat called Pixel", user_id="bob"))))
    bob |= set(_ids(_results(mem.add("I love spicy ramen", user_id="bob"))))
    assert alice and bob and not (alice & bob)

    assert _all_ids(mem, user_id="alice") == alice
    assert _all_ids(mem, user_id="bob") == bob
    for query in ("what pet do I have?", "what do I like to eat", "golden retriever Biscuit"):
        bob_hits = _results(mem.search(query, user_id="bob", top_k=10))
        assert set(_ids(bob_hits)) <= bob, query
        assert all(h["user_id"] == "bob" for h in bob_hits)
        alice_hits = _results(mem.search(query, user_id="alice", top_k=10))
        assert set(_ids(alice_hits)) <= alice, query
    assert _results(mem.get_all(user_id="carol")) == []
    assert _results(mem.search("what pet do I have?", user_id="carol")) == []


def test_delete_all_for_one_user_leaves_the_others(mem):
    alice = {_add_raw(mem, PET, user_id="alice"), _add_raw(mem, FOOD, user_id="alice")}
    bob = {
        _add_raw(mem, "I have a tabby cat called Pixel", user_id="bob"),
        _add_raw(mem, JOB, user_id="bob"),
    }

    resp = mem.delete_all(user_id="bob")
    assert isinstance(resp, dict) and "message" in resp

    assert _results(mem.get_all(user_id="bob")) == []
    assert _results(mem.search("what pet do I have?", user_id="bob")) == []
    assert all(mem.get(i) is None for i in bob)
    assert _all_ids(mem, user_id="alice") == alice
    assert mem.get(next(iter(alice))) is not None
    hits = _results(mem.search("what pet do I have?", user_id="alice"))
    assert hits and hits[0]["memory"] == PET


def test_run_scoping(mem):
    r1 = _add_raw(mem, "For this trip I booked a window seat", user_id="alice", run_id="trip-1")
    r1b = _add_raw(mem, "For this trip I need a vegetarian meal", user_id="alice", run_id="trip-1")
    r2 = _add_raw(mem, "For this trip I booked an aisle seat", user_id="alice", run_id="trip-2")
    other_user = _add_raw(
        mem, "For this trip I booked a window seat too", user_id="bob", run_id="trip-1"
    )

    hits = _results(
        mem.search("which seat did I book?", user_id="alice", run_id="trip-1", top_k=10)
    )
    assert hits
    assert set(_ids(hits)) <= {r1, r1b}
    assert all(h.get("run_id") == "trip-1" and h["user_id"] == "alice" for h in hits)

    assert _all_ids(mem, user_id="alice", run_id="trip-1") == {r1, r1b}
    assert _all_ids(mem, user_id="alice", run_id="trip-2") == {r2}
    assert _all_ids(mem, user_id="alice") == {r1, r1b, r2}
    assert _all_ids(mem, run_id="trip-1") == {r1, r1b, other_user}
    assert mem.get(r2)["run_id"] == "trip-2"

    mem.delete_all(user_id="alice", run_id="trip-1")
    assert _all_ids(mem, user_id="alice") == {r2}
    assert _all_ids(mem, user_id="bob") == {other_user}


def test_agent_scoping(mem):
    travel = _add_raw(mem, "Always quote prices in euros", agent_id="travel-bot")
    chef = _add_raw(mem, "Always suggest a wine pairing", agent_id="chef-bot")
    both = _add_raw(mem, "Alice prefers night trains", user_id="alice", agent_id="travel-bot")

    assert _all_ids(mem, agent_id="travel-bot") == {travel, both}
    assert _all_ids(mem, agent_id="chef-bot") == {chef}
    assert _all_ids(mem, user_id="alice") == {both}
    assert _all_ids(mem, user_id="alice", agent_id="chef-bot") == set()

    got = mem.get(travel)
    assert got["agent_id"] == "travel-bot"
    assert got.get("user_id") is None
    assert mem.get(both)["agent_id"] == "travel-bot" and mem.get(both)["user_id"] == "alice"

    hits = _results(mem.search("what currency should prices use?", agent_id="chef-bot", top_k=10))
    assert set(_ids(hits)) <= {chef}
    hits = _results(mem.search("what currency should prices use?", agent_id="travel-bot", top_k=10))
    assert hits and hits[0]["id"] == travel
    assert all(h.get("agent_id") == "travel-bot" for h in hits)


def test_entity_ids_inside_filters_scope_search_and_get_all(mem):
    # mem0's current docs pass the scope inside ``filters``:
    # m.search("q", filters={"user_id": "alice"}) and m.get_all(filters={"user_id": "alice"}).
    alice = _add_raw(mem, PET, user_id="alice")
    bob = _add_raw(mem, "I have a tabby cat called Pixel", user_id="bob")
    hits = _results(mem.search("what pet do I have?", filters={"user_id": "alice"}))
    assert _ids(hits) == [alice]
    assert set(_ids(_results(mem.get_all(filters={"user_id": "bob"})))) == {bob}


def test_search_and_get_all_require_a_scope(mem):
    _add_raw(mem, PET, user_id="alice")
    with pytest.raises(ValueError):
        mem.search("what pet do I have?")
    with pytest.raises(ValueError):
        mem.get_all()
    with pytest.raises(ValueError):
        mem.delete_all()
    assert len(_results(mem.get_all(user_id="alice"))) == 1


# --------------------------------------------------------------------------
# metadata and filters
# --------------------------------------------------------------------------


def test_metadata_round_trip(mem):
    meta = {
        "category": "pets",
        "priority": 2,
        "weight_kg": 31.5,
        "verified": True,
        "tags": ["dog", "family"],
        "vet": {"name": "Dr Ames", "town": "Otley"},
    }
    mid = _add_raw(mem, PET, user_id="alice", metadata=meta)

    def check(md):
        assert isinstance(md, dict), md
        for key, value in meta.items():
            assert key in md, (key, md)
            assert md[key] == value, (key, md[key], value)
            assert type(md[key]) is type(value), (key, type(md[key]), type(value))

    check(mem.get(mid)["metadata"])
    [listed] = _results(mem.get_all(user_id="alice"))
    check(listed["metadata"])
    hits = _results(mem.search("what pet do I have?", user_id="alice"))
    assert hits[0]["id"] == mid
    check(hits[0]["metadata"])
    # the caller's dict is not mutated by add
    assert meta["tags"] == ["dog", "family"] and "user_id" not in meta


def test_metadata_filters_in_search_and_get_all(mem):
    pet = _add_raw(mem, PET, user_id="alice", metadata={"category": "pets"})
    food = _add_raw(mem, FOOD, user_id="alice", metadata={"category": "food"})
    food2 = _add_raw(
        mem, "I bake sourdough bread on Sundays", user_id="alice", metadata={"category": "food"}
    )
    bob_food = _add_raw(mem, "I love spicy ramen", user_id="bob", metadata={"category": "food"})

    # a query that matches memories of both categories
    mixed = "golden retriever Biscuit, sushi and sourdough bread"
    unfiltered = set(_ids(_results(mem.search(mixed, user_id="alice", top_k=10))))
    assert pet in unfiltered and (food in unfiltered or food2 in unfiltered)

    hits = _results(mem.search(mixed, user_id="alice", filters={"category": "food"}, top_k=10))
    assert hits
    assert set(_ids(hits)) <= {food, food2}
    assert all(h["metadata"]["category"] == "food" for h in hits)

    hits = _results(mem.search(mixed, user_id="alice", filters={"category": "pets"}, top_k=10))
    assert _ids(hits) == [pet]

    assert set(_ids(_results(mem.get_all(user_id="alice", filters={"category": "food"})))) == {
        food,
        food2,
    }
    assert set(_ids(_results(mem.get_all(user_id="bob", filters={"category": "food"})))) == {
        bob_food
    }
    assert _results(mem.get_all(user_id="alice", filters={"category": "travel"})) == []


def test_metadata_filter_operators_in_search(mem):
    # mem0's search() documents metadata operators: eq, ne, in, nin, gt, gte, lt, lte, ...
    low = _add_raw(
        mem, "Water the tomato plants", user_id="alice", metadata={"priority": 1, "area": "garden"}
    )
    mid = _add_raw(
        mem, "Repaint the garden fence", user_id="alice", metadata={"priority": 2, "area": "garden"}
    )
    high = _add_raw(
        mem,
        "Fix the leaking kitchen tap",
        user_id="alice",
        metadata={"priority": 3, "area": "kitchen"},
    )

    q = "water the tomato plants, repaint the garden fence, fix the kitchen tap"
    assert set(_ids(_results(mem.search(q, user_id="alice", top_k=10)))) == {low, mid, high}

    got = set(
        _ids(_results(mem.search(q, user_id="alice", filters={"priority": {"gte": 2}}, top_k=10)))
    )
    assert got and got <= {mid, high}
    got = set(
        _ids(
            _results(
                mem.search(q, user_id="alice", filters={"area": {"in": ["kitchen"]}}, top_k=10)
            )
        )
    )
    assert got == {high}
    got = set(
        _ids(
            _results(mem.search(q, user_id="alice", filters={"area": {"ne": "kitchen"}}, top_k=10))
        )
    )
    assert got and got <= {low, mid}


# --------------------------------------------------------------------------
# update, history, delete
# --------------------------------------------------------------------------


def test_update_changes_text_keeps_id_scope_and_metadata(mem):
    mid = _add_raw(mem, "I live in Paris", user_id="alice", metadata={"category": "home"})
    other = _add_raw(mem, JOB, user_id="alice")
    before = mem.get(mid)

    resp = mem.update(mid, "I live in Tokyo")
    assert isinstance(resp, dict) and "message" in resp

    after = mem.get(mid)
    assert after["id"] == mid
    assert after["memory"] == "I live in Tokyo"
    assert after["user_id"] == "alice"
    assert after["metadata"]["category"] == "home"
    assert after["created_at"] == before["created_at"]
    created, updated = _parse_ts(after["created_at"]), _parse_ts(after["updated_at"])
    if (created.tzinfo is None) == (updated.tzinfo is None):
        assert updated >= created

    # update replaces, it does not add a second memory
    listed = _results(mem.get_all(user_id="alice"))
    assert set(_ids(listed)) == {mid, other}
    assert {i["memory"] for i in listed} == {"I live in Tokyo", JOB}

    hits = _results(mem.search("do I live in Tokyo?", user_id="alice"))
    assert hits and hits[0]["id"] == mid and hits[0]["memory"] == "I live in Tokyo"
    hits = _results(mem.search("do I live in Paris?", user_id="alice", top_k=10, threshold=0.0))
    assert all(h["memory"] != "I live in Paris" for h in hits)


def test_history_after_add_and_update(mem):
    mid = _add_raw(mem, "I live in Paris", user_id="alice")
    mem.update(mid, "I live in Tokyo")

    rows = mem.history(mid)
    assert isinstance(rows, list) and len(rows) == 2, rows
    for row in rows:
        for key in ("memory_id", "old_memory", "new_memory", "event", "created_at"):
            assert key in row, f"history row lacks {key!r}: {sorted(row)}"
        assert row["memory_id"] == mid
    add, upd = rows
    assert add["event"] == "ADD"
    assert add["old_memory"] is None
    assert add["new_memory"] == "I live in Paris"
    assert upd["event"] == "UPDATE"
    assert upd["old_memory"] == "I live in Paris"
    assert upd["new_memory"] == "I live in Tokyo"

    assert mem.history(str(uuid.uuid4())) == []


def test_history_of_a_deleted_memory_is_gone_with_it(mem):
    # A departure from mem0, decided and documented (docs/integrations.md): mem0 keeps a
    # DELETE row with the old text; in EngramDB a forgotten memory is out of every read, its
    # history included (a soft forget that left the text readable in history would leak it).
    mid = _add_raw(mem, "I live in Paris", user_id="alice")
    mem.update(mid, "I live in Tokyo")
    assert [r["event"] for r in mem.history(mid)] == ["ADD", "UPDATE"]
    mem.delete(mid)
    assert mem.history(mid) == []
    assert mem.get(mid) is None


def test_delete_removes_from_get_search_and_get_all(mem):
    ids = _seed_three(mem)
    resp = mem.delete(ids["pet"])
    assert isinstance(resp, dict) and "message" in resp

    assert mem.get(ids["pet"]) is None
    assert _all_ids(mem, user_id="alice") == {ids["food"], ids["job"]}
    hits = _results(mem.search("what pet do I have?", user_id="alice", top_k=10, threshold=0.0))
    assert ids["pet"] not in _ids(hits)
    assert all(h["memory"] != PET for h in hits)
    assert mem.get(ids["food"])["memory"] == FOOD

    with pytest.raises(NOT_FOUND_ERRORS):
        mem.delete(ids["pet"])


def test_update_unknown_id_raises_and_loses_nothing(mem):
    ids = _seed_three(mem)
    with pytest.raises(NOT_FOUND_ERRORS):
        mem.update(str(uuid.uuid4()), "I live in Tokyo")
    listed = _results(mem.get_all(user_id="alice"))
    assert set(_ids(listed)) == set(ids.values())
    assert {i["memory"] for i in listed} == {PET, FOOD, JOB}
    assert all("Tokyo" not in i["memory"] for i in listed)


def test_delete_unknown_id_raises_and_loses_nothing(mem):
    ids = _seed_three(mem)
    with pytest.raises(NOT_FOUND_ERRORS):
        mem.delete(str(uuid.uuid4()))
    assert _all_ids(mem, user_id="alice") == set(ids.values())
    assert mem.get(ids["job"])["memory"] == JOB


# --------------------------------------------------------------------------
# reset and persistence
# --------------------------------------------------------------------------


def test_reset_empties_everything_and_store_stays_usable(mem):
    a = _add_raw(mem, PET, user_id="alice")
    b = _add_raw(mem, "Always quote prices in euros", agent_id="travel-bot")
    c = _add_raw(mem, "I have a tabby cat called Pixel", user_id="bob", run_id="r1")
    mem.update(a, "I adopted a golden retriever named Biscuit in 2021")

    mem.reset()

    assert _results(mem.get_all(user_id="alice")) == []
    assert _results(mem.get_all(user_id="bob")) == []
    assert _results(mem.get_all(agent_id="travel-bot")) == []
    assert _results(mem.search("what pet do I have?", user_id="alice")) == []
    assert all(mem.get(i) is None for i in (a, b, c))
    assert mem.history(a) == []

    fresh = _add_raw(mem, FOOD, user_id="alice")
    assert _all_ids(mem, user_id="alice") == {fresh}
    assert mem.get(fresh)["memory"] == FOOD


def test_persistence_across_close_and_reopen(store_dir: Path):
    m = Memory(str(store_dir))
    if not hasattr(m, "close"):
        pytest.skip("Memory has no close()")
    try:
        ids = _seed_three(m)
        scoped = _add_raw(
            m, "Always quote prices in euros", agent_id="travel-bot", metadata={"kind": "rule"}
        )
        m.update(ids["job"], "I work as a paramedic in Leeds")
        m.delete(ids["food"])
    finally:
        m.close()

    m2 = Memory(str(store_dir))
    try:
        assert _all_ids(m2, user_id="alice") == {ids["pet"], ids["job"]}
        assert m2.get(ids["pet"])["memory"] == PET
        assert m2.get(ids["job"])["memory"] == "I work as a paramedic in Leeds"
        assert m2.get(ids["food"]) is None
        got = m2.get(scoped)
        assert got["agent_id"] == "travel-bot" and got["metadata"]["kind"] == "rule"
        assert [r["event"] for r in m2.history(ids["job"])] == ["ADD", "UPDATE"]
        hits = _results(m2.search("what pet do I have?", user_id="alice"))
        assert hits and hits[0]["id"] == ids["pet"]
        # the reopened store accepts writes
        new = _add_raw(m2, FOOD, user_id="alice")
        assert m2.get(new)["memory"] == FOOD
    finally:
        m2.close()


def test_a_deleted_memory_leaves_no_fact_behind(tmp_path):
    # EngramDB reads facts from a memory (infer=True); deleting the memory takes them along
    from engramdb.compat.mem0 import Memory as Mem0

    m = Mem0(tmp_path / "m")
    mid = m.add("I live in Lisbon", user_id="alice")["results"][0]["id"]
    assert any(f.value == "Lisbon" for f in m.memory.facts())
    m.delete(mid)
    assert not any(f.value == "Lisbon" for f in m.memory.facts())
    assert "Lisbon" not in m.memory.context("where do I live", lens="user/alice")
    m.close()
