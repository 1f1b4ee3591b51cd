"""Conformance tests for the LangGraph store adapter (engramdb.integrations.langgraph).

Written against LangGraph's own ``BaseStore`` contract and its reference
implementation ``langgraph.store.memory.InMemoryStore`` (langgraph 1.2.x), not
against the adapter's code. The core of the suite runs the SAME operation
sequences on ``InMemoryStore()`` and on ``EngramStore(tmp_path)`` and compares
the answers, so that a graph written for one keeps working on the other.

LangGraph semantics relied on (from ``langgraph/store/base`` and ``memory``):

* ``put`` replaces the whole value (no merge); ``delete`` of a missing key is
  not an error; ``get`` of a missing key is ``None``.
* ``search`` without a query: ``namespace_prefix`` matches whole labels from
  the left; ``filter`` is an exact match on top-level keys, a nested dict is
  matched recursively (extra keys in the stored dict are fine), a list must be
  equal, and ``$eq $ne $gt $gte $lt $lte`` compare (numbers numerically).
  The order is not specified, so answers are compared as sets; pages
  (``limit``/``offset``) must partition the full answer. Default limit is 10.
  Results carry ``score=None`` when there is no query.
* ``list_namespaces``: prefix/suffix conditions with ``"*"`` wildcards, then
  ``max_depth`` truncation with de-duplication, sorted (Python tuple order),
  then ``offset``/``limit``.
* namespaces: empty tuple, an empty label, a label with ``"."`` or NUL, a
  non-string label or a root label ``"langgraph"`` are rejected by ``put``
  with ``InvalidNamespaceError`` (a ``ValueError``); reads reject bad labels.
* ``batch`` returns one result per op, in order (``None`` for puts); several
  puts of one key in a batch: the last wins.
* TTL (minutes): ``TTLConfig.default_ttl`` applies to puts without ``ttl``,
  ``ttl=None`` means no expiry, reads refresh the timer when
  ``refresh_on_read`` (or ``refresh_ttl=True``) says so.

Deliberately NOT compared, because InMemoryStore's behaviour there is an
artefact of its dict-of-dicts layout rather than the contract: ``created_at``
on overwrite (InMemoryStore resets it; the adapter's contract keeps it), empty
namespaces left behind by ``get``/``delete`` on a missing key (InMemoryStore's
``defaultdict`` lists them), reads inside a batch seeing the batch's own puts
(InMemoryStore applies puts last), and ``$gt``-style operators on keys missing
from some items (InMemoryStore raises ``TypeError``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypedDict

import pytest

pytest.importorskip("langgraph")

from langgraph.store.base import (  # noqa: E402
    BaseStore,
    GetOp,
    InvalidNamespaceError,
    Item,
    ListNamespacesOp,
    MatchCondition,
    PutOp,
    SearchItem,
    SearchOp,
)
from langgraph.store.memory import InMemoryStore  # noqa: E402

from engramdb.integrations.langgraph import EngramStore  # noqa: E402

# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------

PET = "I adopted a golden retriever named Biscuit"
FOOD = "My favourite food is sushi"
JOB = "I work as a nurse in Leeds"


def canon(value: Any) -> str:
    """Strict canonical form of a JSON value: 1 != 1.0 != True, key order ignored."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def norm(item: Item | None) -> tuple | None:
    if item is None:
        return None
    assert isinstance(item, Item), f"not a langgraph Item: {type(item)!r}"
    assert isinstance(item.namespace, tuple), "namespace must be a tuple"
    return (item.namespace, item.key, canon(item.value))


def as_set(items: list) -> set:
    normed = [norm(i) for i in items]
    assert len(normed) == len(set(normed)), f"duplicate items in a result: {normed}"
    return set(normed)


def keys(items: list) -> list[str]:
    return [i.key for i in items]


def open_store(path: Path, **kw) -> EngramStore:
    path.mkdir(parents=True, exist_ok=True)
    return EngramStore(path, **kw)


def assert_aware_now(ts: datetime, before: datetime, after: datetime) -> None:
    assert isinstance(ts, datetime)
    assert ts.tzinfo is not None and ts.utcoffset() is not None, "timestamps must be tz-aware"
    slack = timedelta(seconds=5)
    assert before - slack <= ts <= after + slack, (ts, before, after)


def now() -> datetime:
    return datetime.now(UTC)


@pytest.fixture
def engram(tmp_path: Path):
    store = EngramStore(tmp_path)
    yield store
    store.close()


@pytest.fixture
def pair(engram):
    """(reference, adapter): the same sequences run on both."""
    return InMemoryStore(), engram


def both(pair, fn):
    ref, eng = pair
    return fn(ref), fn(eng)


# --------------------------------------------------------------------------
# basics
# --------------------------------------------------------------------------


def test_is_a_base_store_with_ttl_and_context_manager(tmp_path: Path):
    with EngramStore(tmp_path) as store:
        assert isinstance(store, BaseStore)
        assert store.supports_ttl is True
        store.put(("ctx",), "k", {"v": 1})
        assert store.get(("ctx",), "k").value == {"v": 1}
    # a str path works too and the context manager closed the first handle
    with EngramStore(str(tmp_path)) as again:
        assert again.get(("ctx",), "k").value == {"v": 1}


ODD_LABELS = [
    "with space",
    "colon:label",
    "ünïcødé🙂",
    "plus+label",
    "pct%20",
    "UPPER",
    "upper",
    "slash/label",
    "pipe|label",
    "back\\slash",
    "under_score",
    "quote'\"",
    "x",
]

ODD_KEYS = [
    "plain",
    "with space",
    "slash/key",
    "dot.key",
    "colon:key",
    "percent%20",
    "%",
    "_",
    "plus+key",
    "ünï©ødé🙂",
    "Key",
    "key",
    "quote'\"",
    "back\\slash",
    "*",
    "a" * 300,
]

NESTED_VALUE = {
    "str": 'naïve café 日本語 🙂 "quoted" \\ back',
    "int": 42,
    "neg": -7,
    "big": 2**53 + 1,
    "float": 0.1 + 0.2,
    "tiny": 1e-10,
    "huge": 1.5e300,
    "one_float": 1.0,
    "bool_t": True,
    "bool_f": False,
    "null": None,
    "empty_str": "",
    "empty_list": [],
    "empty_dict": {},
    "list": [1, "two", 3.0, None, True, {"k": [1, 2, {"deep": "yes"}]}],
    "nested": {"a": {"b": {"c": {"d": ["e", {"f": "g"}]}}}},
    "text": "multi\nline\ttext",
}


def test_put_get_round_trip_matches_in_memory(pair):
    def scenario(store):
        before = now()
        cases = []
        for i, label in enumerate(ODD_LABELS):
            ns = ("rt", label, "leaf")
            for key in ODD_KEYS:
                value = {
                    "i": i,
                    "key": key,
                    "label": label,
                    **(NESTED_VALUE if key == "plain" else {}),
                }
                store.put(ns, key, value)
                cases.append((ns, key))
        store.put(("rt",), "empty", {})
        cases.append((("rt",), "empty"))
        after = now()
        got = [store.get(ns, k) for ns, k in cases]
        for item in got:
            assert_aware_now(item.created_at, before, after)
            assert_aware_now(item.updated_at, before, after)
        return [norm(g) for g in got], as_set(store.search(("rt",), limit=1000))

    (ref_got, ref_all), (eng_got, eng_all) = both(pair, scenario)
    assert eng_got == ref_got
    assert eng_all == ref_all
    assert len(eng_all) == len(ODD_LABELS) * len(ODD_KEYS) + 1


def test_case_and_separator_lookalikes_are_distinct(pair):
    """Labels/keys that an adapter could confuse when it serialises namespaces."""
    namespaces = [
        ("a", "b"),
        ("a/b",),
        ("a:b",),
        ("a|b",),
        ("a b",),
        ("A", "b"),
        ("a", "B"),
        ("ab",),
    ]

    def scenario(store):
        for n, ns in enumerate(namespaces):
            store.put(ns, "k", {"n": n})
            store.put(ns, "K", {"n": -n})
        return [norm(store.get(ns, k)) for ns in namespaces for k in ("k", "K")]

    ref, eng = both(pair, scenario)
    assert eng == ref
    assert len({r[2] for r in eng}) == 2 * len(namespaces) - 1  # n=0 and -0 coincide


def test_value_is_copied_on_put(pair):
    def scenario(store):
        value = {"a": 1}
        store.put(("copy",), "k", value)
        value["b"] = 2  # the caller mutates its own dict afterwards
        return norm(store.get(("copy",), "k"))

    ref, eng = both(pair, scenario)
    assert eng == ref == (("copy",), "k", canon({"a": 1}))


def test_overwrite_replaces_value_and_keeps_created_at(pair):
    ns = ("ow", "user")

    def scenario(store):
        store.put(ns, "k", {"a": 1, "b": {"c": 2}, "text": "first"})
        first = store.get(ns, "k")
        time.sleep(0.02)
        store.put(ns, "k", {"a": 3, "text": "second"})
        second = store.get(ns, "k")
        listed = store.search(ns)
        return first, second, listed

    (r1, r2, rl), (e1, e2, el) = both(pair, scenario)
    assert norm(e2) == norm(r2) == (ns, "k", canon({"a": 3, "text": "second"}))
    assert as_set(el) == as_set(rl) and len(el) == 1
    # the adapter's contract (InMemoryStore resets created_at here: not compared)
    assert e2.created_at == e1.created_at
    assert e2.updated_at >= e1.updated_at
    assert e2.updated_at >= e2.created_at


def test_delete_semantics_match_in_memory(pair):
    ns = ("del", "u")

    def scenario(store):
        store.put(ns, "gone", {"v": 1})
        store.put(ns, "kept", {"v": 2})
        store.delete(ns, "gone")
        out = [norm(store.get(ns, "gone")), norm(store.get(ns, "kept"))]
        store.delete(ns, "gone")  # deleting again: not an error
        store.delete(ns, "never-existed")
        store.delete(("del", "no-such-namespace"), "k")
        out.append(norm(store.get(ns, "never-existed")))
        out.append(as_set(store.search(ns)))
        store.put(ns, "gone", {"v": 3})  # a key can be used again after delete
        out.append(norm(store.get(ns, "gone")))
        return out

    ref, eng = both(pair, scenario)
    assert eng == ref
    assert eng[0] is None and eng[2] is None
    assert eng[3] == {(ns, "kept", canon({"v": 2}))}
    assert eng[4] == (ns, "gone", canon({"v": 3}))


# --------------------------------------------------------------------------
# search without a query
# --------------------------------------------------------------------------

PREFIX_NAMESPACES = [
    ("a",),
    ("ab",),
    ("a", "b"),
    ("a", "b", "c"),
    ("a b",),
    ("a_c",),
    ("abc",),
    ("a%",),
    ("aXc",),
    ("A",),
    ("a:b",),
    ("a/b",),
    ("b", "a"),
]

PREFIXES = [
    (),
    ("a",),
    ("ab",),
    ("a", "b"),
    ("a", "b", "c"),
    ("a", "b", "c", "d"),
    ("a_c",),
    ("a%",),
    ("A",),
    ("a:b",),
    ("a/b",),
    ("b",),
    ("zzz",),
]


def test_search_namespace_prefix_is_whole_label(pair):
    def scenario(store):
        for n, ns in enumerate(PREFIX_NAMESPACES):
            store.put(ns, "k", {"n": n})
        return [as_set(store.search(p, limit=100)) for p in PREFIXES]

    ref, eng = both(pair, scenario)
    for prefix, r, e in zip(PREFIXES, ref, eng, strict=True):
        assert e == r, f"prefix {prefix!r}"
    assert {x[0] for x in eng[PREFIXES.index(("a",))]} == {("a",), ("a", "b"), ("a", "b", "c")}


SHOP = [
    ("shop", "items"),
    {
        "k1": {
            "color": "red",
            "price": 5,
            "score": 4.5,
            "active": True,
            "tags": ["a", "b"],
            "meta": {"lang": "en", "stats": {"views": 10}},
        },
        "k2": {
            "color": "blue",
            "price": 10,
            "score": 3.0,
            "active": False,
            "tags": ["a"],
            "meta": {"lang": "fr", "stats": {"views": 50}},
        },
        "k3": {
            "color": "red",
            "price": 15,
            "score": 2.0,
            "active": False,
            "tags": ["b"],
            "meta": {"lang": "en", "stats": {"views": 100}},
        },
        "k4": {
            "color": "green",
            "price": 20.5,
            "score": 5.0,
            "active": True,
            "tags": [],
            "meta": {"lang": "de", "stats": {"views": 0}},
        },
        "k5": {
            "color": "Red",
            "price": 0,
            "score": -1.0,
            "active": True,
            "tags": ["a", "b"],
            "meta": {"lang": "EN", "stats": {"views": 7}, "extra": 1},
        },
    },
]
SHOP_OTHER = {
    ("shop", "archive"): {
        "old": {
            "color": "red",
            "price": 1,
            "score": 1.0,
            "active": False,
            "tags": ["a"],
            "meta": {"lang": "en", "stats": {"views": 1}},
        }
    },
    ("shopping",): {
        "x": {
            "color": "red",
            "price": 12,
            "score": 4.0,
            "active": True,
            "tags": ["a", "b"],
            "meta": {"lang": "en", "stats": {"views": 60}},
        }
    },
}

FILTERS = [
    ({"color": "red"}, {"k1", "k3"}),
    ({"color": {"$eq": "red"}}, {"k1", "k3"}),
    ({"color": {"$ne": "red"}}, {"k2", "k4", "k5"}),
    ({"price": {"$gt": 10}}, {"k3", "k4"}),
    ({"price": {"$gte": 10}}, {"k2", "k3", "k4"}),
    ({"price": {"$lt": 10}}, {"k1", "k5"}),
    ({"price": {"$lte": 10}}, {"k1", "k2", "k5"}),
    ({"price": {"$gt": 0}}, {"k1", "k2", "k3", "k4"}),
    ({"price": {"$gte": 5, "$lt": 15}}, {"k1", "k2"}),
    ({"score": {"$gt": 2.5}}, {"k1", "k2", "k4"}),
    ({"score": {"$lte": -1}}, {"k5"}),
    ({"price": {"$eq": 20.5}}, {"k4"}),
    ({"color": "red", "price": {"$gt": 5}}, {"k3"}),
    ({"active": True}, {"k1", "k4", "k5"}),
    ({"active": False}, {"k2", "k3"}),
    ({"tags": ["a", "b"]}, {"k1", "k5"}),
    ({"tags": ["a"]}, {"k2"}),
    ({"tags": []}, {"k4"}),
    ({"meta": {"lang": "en"}}, {"k1", "k3"}),
    ({"meta": {"lang": "EN", "extra": 1}}, {"k5"}),
    ({"meta": {"stats": {"views": 10}}}, {"k1"}),
    ({"meta": {"stats": {"views": {"$gte": 50}}}}, {"k2", "k3"}),
    ({"meta": {"lang": "en", "stats": {"views": {"$lt": 50}}}}, {"k1"}),
    ({"color": "purple"}, set()),
    ({"no_such_key": "x"}, set()),
    ({}, {"k1", "k2", "k3", "k4", "k5"}),
]


def _load_shop(store):
    ns, items = SHOP
    for k, v in items.items():
        store.put(ns, k, v)
    for ons, oitems in SHOP_OTHER.items():
        for k, v in oitems.items():
            store.put(ons, k, v)


def test_search_filters_match_in_memory(pair):
    def scenario(store):
        _load_shop(store)
        return [as_set(store.search(SHOP[0], filter=f, limit=100)) for f, _ in FILTERS]

    ref, eng = both(pair, scenario)
    for (flt, expected), r, e in zip(FILTERS, ref, eng, strict=True):
        assert {x[1] for x in r} == expected, f"reference disagrees with the table for {flt}"
        assert e == r, f"filter {flt!r}"


def test_search_filter_with_prefix_spanning_namespaces(pair):
    def scenario(store):
        _load_shop(store)
        return [
            as_set(store.search(("shop",), filter={"color": "red"}, limit=100)),
            as_set(store.search(("shop",), filter={"meta": {"lang": "en"}}, limit=100)),
            as_set(store.search((), filter={"color": "red"}, limit=100)),
        ]

    ref, eng = both(pair, scenario)
    assert eng == ref
    assert {(x[0], x[1]) for x in eng[0]} == {
        (("shop", "items"), "k1"),
        (("shop", "items"), "k3"),
        (("shop", "archive"), "old"),
    }
    assert (("shopping",), "x") in {(x[0], x[1]) for x in eng[2]}


def test_search_results_have_no_score_without_query(pair):
    def scenario(store):
        _load_shop(store)
        res = store.search(SHOP[0], limit=100)
        for r in res:
            assert isinstance(r, SearchItem)
            assert r.score is None
            assert isinstance(r.created_at, datetime) and isinstance(r.updated_at, datetime)
        return as_set(res)

    ref, eng = both(pair, scenario)
    assert eng == ref


def _pages(store, prefix, limit, filter=None, n_pages=6):
    pages = [
        store.search(prefix, filter=filter, limit=limit, offset=o * limit) for o in range(n_pages)
    ]
    return [as_set(p) for p in pages], [len(p) for p in pages]


def test_search_limit_offset_pages_partition_the_answer(pair):
    ns = ("page", "p")

    def scenario(store):
        for i in range(12):
            store.put(ns, f"k{i:02d}", {"i": i, "even": i % 2 == 0})
        store.put(("page", "other"), "x", {"i": 99, "even": True})
        full = as_set(store.search(ns, limit=100))
        default = store.search(ns)  # LangGraph's default limit is 10
        pages, sizes = _pages(store, ns, 5)
        fpages, fsizes = _pages(store, ns, 4, filter={"even": True})
        ffull = as_set(store.search(ns, filter={"even": True}, limit=100))
        beyond = store.search(ns, limit=5, offset=12)
        one = store.search(ns, limit=1)
        return full, len(default), pages, sizes, fpages, fsizes, ffull, beyond, len(one)

    for store, res in zip(("InMemoryStore", "EngramStore"), both(pair, scenario), strict=True):
        full, n_default, pages, sizes, fpages, fsizes, ffull, beyond, n_one = res
        assert len(full) == 12, store
        assert n_default == 10, store
        assert sizes == [5, 5, 2, 0, 0, 0], store
        assert set().union(*pages) == full, store
        assert sum(len(p) for p in pages) == 12, f"{store}: pages overlap"
        assert len(ffull) == 6 and fsizes == [4, 2, 0, 0, 0, 0], store
        assert set().union(*fpages) == ffull, store
        assert beyond == [] and n_one == 1, store


# --------------------------------------------------------------------------
# list_namespaces
# --------------------------------------------------------------------------

LIST_NAMESPACES = [
    ("a", "b", "c"),
    ("a", "b", "d", "e"),
    ("a", "b", "d", "i"),
    ("a", "b", "f"),
    ("a", "c", "f"),
    ("a",),
    ("ab",),
    ("ab", "x"),
    ("a b",),
    ("a-b",),
    ("a_b",),
    ("a%",),
    ("A", "b"),
    ("b", "c", "f"),
    ("x", "y", "z", "v1"),
    ("users", "u1", "prefs"),
    ("users", "u2", "prefs"),
    ("users", "u2", "v1"),
    ("users", "u10", "prefs"),
    ("ünï", "🙂"),
    ("with space", "colon:x"),
    ("Z",),
    ("z",),
]

LIST_QUERIES = [
    {},
    {"prefix": ("a",)},
    {"prefix": ("a", "b")},
    {"prefix": ("a", "b"), "max_depth": 3},
    {"max_depth": 1},
    {"max_depth": 2},
    {"max_depth": 10},
    {"suffix": ("f",)},
    {"suffix": ("prefs",)},
    {"suffix": ("c", "f")},
    {"suffix": ("*", "f")},
    {"prefix": ("users", "*", "prefs")},
    {"prefix": ("*", "b")},
    {"prefix": ("a", "*", "d")},
    {"prefix": ("*",)},
    {"prefix": ("*", "*", "*", "*")},
    {"prefix": ("a",), "suffix": ("f",)},
    {"prefix": ("users",), "suffix": ("v1",)},
    {"prefix": ("a", "b", "c", "d", "e")},
    {"prefix": ("a_b",)},
    {"prefix": ("a%",)},
    {"prefix": ("A",)},
    {"prefix": ("ünï",)},
    {"prefix": ("nope",)},
    {"limit": 3},
    {"limit": 3, "offset": 2},
    {"offset": 100},
    {"max_depth": 1, "limit": 2, "offset": 1},
    {"prefix": ("a",), "max_depth": 2, "limit": 2},
    {"suffix": ("prefs",), "max_depth": 2},
]


def test_list_namespaces_matches_in_memory_exactly(pair):
    def scenario(store):
        for n, ns in enumerate(LIST_NAMESPACES):
            store.put(ns, "k", {"n": n})
            store.put(ns, "k2", {"n": n})  # two items: a namespace is listed once
        return [store.list_namespaces(**q) for q in LIST_QUERIES]

    ref, eng = both(pair, scenario)
    for q, r, e in zip(LIST_QUERIES, ref, eng, strict=True):
        assert all(isinstance(ns, tuple) for ns in e), q
        assert e == r, f"list_namespaces({q})"
    # sanity of the reference on the documented example
    assert eng[LIST_QUERIES.index({"prefix": ("a", "b"), "max_depth": 3})] == [
        ("a", "b", "c"),
        ("a", "b", "d"),
        ("a", "b", "f"),
    ]


def test_list_namespaces_forgets_a_namespace_whose_items_were_deleted_or_never_existed(engram):
    """Not compared with InMemoryStore (its defaultdict keeps empty namespaces)."""
    engram.put(("keep",), "k", {"v": 1})
    engram.put(("drop", "me"), "k", {"v": 1})
    assert engram.list_namespaces() == [("drop", "me"), ("keep",)]
    engram.delete(("drop", "me"), "k")
    engram.get(("ghost",), "k")
    engram.search(("ghost2",))
    assert engram.list_namespaces() == [("keep",)]


# --------------------------------------------------------------------------
# invalid namespaces
# --------------------------------------------------------------------------

INVALID_CALLS = [
    ("put empty ns", lambda s: s.put((), "k", {"v": 1})),
    ("put dotted label", lambda s: s.put(("a.b",), "k", {"v": 1})),
    ("put dotted inner label", lambda s: s.put(("ok", "x.y"), "k", {"v": 1})),
    ("put root langgraph", lambda s: s.put(("langgraph",), "k", {"v": 1})),
    ("put root langgraph deeper", lambda s: s.put(("langgraph", "x"), "k", {"v": 1})),
    ("put empty label", lambda s: s.put(("",), "k", {"v": 1})),
    ("put empty inner label", lambda s: s.put(("a", ""), "k", {"v": 1})),
    ("put NUL label", lambda s: s.put(("a\x00b",), "k", {"v": 1})),
    ("put non-str label", lambda s: s.put((1,), "k", {"v": 1})),
    ("get dotted", lambda s: s.get(("a.b",), "k")),
    ("get empty label", lambda s: s.get(("a", ""), "k")),
    ("delete dotted", lambda s: s.delete(("a.b",), "k")),
    ("search dotted", lambda s: s.search(("a.b",))),
    ("search empty label", lambda s: s.search(("",))),
    ("list prefix dotted", lambda s: s.list_namespaces(prefix=("a.b",))),
    ("list suffix dotted", lambda s: s.list_namespaces(suffix=("x.y",))),
    ("aput empty ns", lambda s: asyncio.run(s.aput((), "k", {"v": 1}))),
    ("aput root langgraph", lambda s: asyncio.run(s.aput(("langgraph",), "k", {"v": 1}))),
    ("aget dotted", lambda s: asyncio.run(s.aget(("a.b",), "k"))),
    ("asearch dotted", lambda s: asyncio.run(s.asearch(("a.b",)))),
]


def test_invalid_namespaces_raise_like_in_memory(pair):
    ref, eng = pair
    for name, call in INVALID_CALLS:
        with pytest.raises(Exception) as ref_exc:
            call(ref)
        assert isinstance(ref_exc.value, InvalidNamespaceError), name  # the reference's type
        with pytest.raises(type(ref_exc.value)):
            call(eng)
    # nothing was stored by the rejected puts
    assert eng.list_namespaces() == ref.list_namespaces() == []
    assert eng.search((), limit=100) == []
    # "langgraph" below the root is allowed; reading a "langgraph" root is allowed
    for store in pair:
        store.put(("x", "langgraph"), "k", {"v": 1})
    assert norm(eng.get(("x", "langgraph"), "k")) == norm(ref.get(("x", "langgraph"), "k"))
    assert eng.get(("langgraph", "x"), "k") is None


def test_batch_with_dotted_label_cannot_reach_another_namespace(engram):
    """Ops given to batch() skip BaseStore's checks: a label "foo.bar" must either be
    rejected or be its own namespace, never alias ("foo", "bar")."""
    engram.put(("foo", "bar"), "k", {"secret": 1})
    for op in (GetOp(("foo.bar",), "k"), SearchOp(("foo.bar",))):
        try:
            res = engram.batch([op])[0]
        except InvalidNamespaceError:
            continue
        assert res in (None, []), f"{op!r} reached ('foo', 'bar'): {res!r}"
    with contextlib.suppress(InvalidNamespaceError):
        engram.batch([PutOp(("foo.bar",), "k", {"secret": 2})])
    assert engram.get(("foo", "bar"), "k").value == {"secret": 1}
    assert ("foo", "bar") in engram.list_namespaces()


# --------------------------------------------------------------------------
# batch
# --------------------------------------------------------------------------


def _prepare_batch(store):
    for i in range(4):
        store.put(("b", "one"), f"k{i}", {"i": i, "kind": "odd" if i % 2 else "even"})
    store.put(("b", "two"), "t", {"i": 10, "kind": "even"})
    store.put(("c",), "c", {"i": 20})


BATCH_OPS = [
    GetOp(("b", "one"), "k1"),
    PutOp(("b", "one"), "new", {"fresh": True}),
    SearchOp(("b", "two"), filter={"kind": "even"}),
    GetOp(("b", "one"), "missing"),
    ListNamespacesOp(match_conditions=(MatchCondition("prefix", ("b",)),)),
    PutOp(("b", "one"), "k2", None),
    PutOp(("b", "one"), "dup", {"v": 1}),
    PutOp(("b", "one"), "dup", {"v": 2}),
    GetOp(("c",), "c"),
    SearchOp((), filter={"i": 20}),
    ListNamespacesOp(max_depth=1),
    PutOp(("b", "one"), "k3", {"i": 3, "kind": "odd", "rewritten": True}),
]


def _norm_result(r):
    if r is None:
        return None
    if isinstance(r, Item):
        return norm(r)
    if r and isinstance(r[0], Item):
        return as_set(r)
    return r


def _after_batch(store):
    return [norm(store.get(("b", "one"), k)) for k in ("new", "k2", "dup", "k3", "k0")]


def test_batch_mixed_ops_results_in_order(pair):
    def scenario(store):
        _prepare_batch(store)
        res = store.batch(BATCH_OPS)
        assert isinstance(res, list) and len(res) == len(BATCH_OPS)
        return [_norm_result(r) for r in res], _after_batch(store), store.batch([])

    ref, eng = both(pair, scenario)
    assert eng == ref
    results = eng[0]
    assert results[1] is None and results[5] is None and results[6] is None
    assert results[3] is None
    assert results[4] == [("b", "one"), ("b", "two")]
    assert eng[1][1] is None and eng[1][2][2] == canon({"v": 2})
    assert eng[2] == []


def test_abatch_matches_batch(pair):
    async def ascenario(store):
        _prepare_batch(store)
        res = await store.abatch(op for op in BATCH_OPS)  # any iterable, here a generator
        return [_norm_result(r) for r in res], _after_batch(store)

    ref, eng = both(pair, lambda s: asyncio.run(ascenario(s)))
    assert eng == ref


# --------------------------------------------------------------------------
# async API
# --------------------------------------------------------------------------


def test_async_methods_match_sync_and_reference(pair):
    async def ascenario(store):
        out = []
        await store.aput(("as", "u1"), "a", {"text": FOOD, "n": 1})
        await store.aput(("as", "u1"), "b", {"text": JOB, "n": 2})
        await store.aput(("as", "u2"), "c", {"text": PET, "n": 3})
        await asyncio.gather(
            *(store.aput(("as", "many"), f"m{i}", {"i": i, "n": -i}) for i in range(20))
        )
        out.append(norm(await store.aget(("as", "u1"), "a")))
        out.append(norm(store.get(("as", "u1"), "a")))  # sync read of an async write
        store.put(("as", "u1"), "s", {"sync": True, "n": 0})
        out.append(norm(await store.aget(("as", "u1"), "s")))  # async read of a sync write
        out.append(as_set(await store.asearch(("as",), filter={"n": {"$gte": 2}})))
        out.append(as_set(await store.asearch(("as", "many"), limit=100)))
        out.append(await store.alist_namespaces(prefix=("as",)))
        out.append(await store.alist_namespaces(max_depth=1))
        await store.adelete(("as", "u1"), "a")
        await store.adelete(("as", "u1"), "missing")
        out.append(await store.aget(("as", "u1"), "a"))
        return out

    ref, eng = both(pair, lambda s: asyncio.run(ascenario(s)))
    assert eng == ref
    assert len(eng[4]) == 20


def test_async_query_search_matches_sync(engram):
    ns = ("aq",)
    for k, t in (("pet", PET), ("food", FOOD), ("job", JOB)):
        engram.put(ns, k, {"text": t})

    async def go():
        return await engram.asearch(ns, query="sushi", limit=3)

    sync = engram.search(ns, query="sushi", limit=3)
    asy = asyncio.run(go())
    assert [r.key for r in asy] == [r.key for r in sync]
    assert [r.score for r in asy] == pytest.approx([r.score for r in sync])
    assert asy[0].key == "food"


# --------------------------------------------------------------------------
# search with a query (EngramStore alone: InMemoryStore has no embedder)
# --------------------------------------------------------------------------

QNS = ("user", "alice", "memories")


@pytest.fixture(scope="module")
def qstore(tmp_path_factory):
    store = EngramStore(tmp_path_factory.mktemp("query_store"))
    store.put(QNS, "pet", {"text": PET, "category": "pets"})
    store.put(QNS, "food", {"text": FOOD, "category": "food"})
    store.put(QNS, "job", {"text": JOB, "category": "work"})
    # look-alike namespaces that a prefix must not reach
    store.put(("user", "alice2", "memories"), "food", {"text": FOOD, "category": "food"})
    store.put(("user", "bob"), "food", {"text": "Bob eats sushi every day", "category": "food"})
    yield store
    store.close()


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("what pet do I have", "pet"),
        ("golden retriever", "pet"),
        ("sushi", "food"),
        ("nurse job", "job"),
        ("where do I work", "job"),
    ],
)
def test_query_ranks_the_matching_item_first(qstore, query, expected):
    res = qstore.search(("user", "alice"), query=query, limit=3)
    assert [r.key for r in res][:1] == [expected], [(r.key, r.score) for r in res]


def test_query_scores_are_sorted_floats_and_limit_holds(qstore):
    res = qstore.search(QNS, query="sushi", limit=10)
    assert sorted(keys(res)) == ["food", "job", "pet"]
    for r in res:
        assert isinstance(r, SearchItem)
        assert isinstance(r.score, float)
    scores = [r.score for r in res]
    assert scores == sorted(scores, reverse=True)
    assert scores[0] > scores[-1]
    assert len(qstore.search(QNS, query="sushi", limit=1)) == 1
    assert len(qstore.search(QNS, query="sushi", limit=2)) == 2


def test_query_results_carry_the_stored_items(qstore):
    for r in qstore.search(QNS, query="nurse", limit=3):
        stored = qstore.get(QNS, r.key)
        assert norm(r) == norm(stored)
        assert r.created_at == stored.created_at and r.updated_at == stored.updated_at


def test_query_respects_namespace_prefix(qstore):
    res = qstore.search(("user", "alice"), query="sushi", limit=10)
    assert {r.namespace for r in res} == {QNS}
    res_all = qstore.search(("user",), query="sushi", limit=10)
    assert {(r.namespace, r.key) for r in res_all} >= {
        (("user", "alice2", "memories"), "food"),
        (("user", "bob"), "food"),
        (QNS, "food"),
    }
    assert qstore.search(("user", "carol"), query="sushi") == []
    assert qstore.search(("nobody",), query="sushi") == []


def test_query_with_filter(qstore):
    res = qstore.search(QNS, query="sushi", filter={"category": "work"}, limit=10)
    assert keys(res) == ["job"]
    res = qstore.search(QNS, query="sushi", filter={"category": {"$ne": "food"}}, limit=10)
    assert sorted(keys(res)) == ["job", "pet"]
    assert qstore.search(QNS, query="sushi", filter={"category": "nope"}) == []
    res = qstore.search(("user",), query="sushi", filter={"category": "food"}, limit=10)
    assert len(res) == 3 and all(r.value["category"] == "food" for r in res)


def test_query_offset_continues_the_ranking(qstore):
    full = keys(qstore.search(QNS, query="nurse job", limit=3))
    assert keys(qstore.search(QNS, query="nurse job", limit=2, offset=1)) == full[1:3]
    assert keys(qstore.search(QNS, query="nurse job", limit=2, offset=3)) == []


def test_query_follows_overwrite_delete_and_index_false(engram):
    ns = ("mut",)
    engram.put(ns, "pet", {"text": PET})
    engram.put(ns, "job", {"text": JOB})
    engram.put(ns, "food", {"text": "Sushi and ramen are what I like to eat"})
    # an item about sushi, then overwritten with something else: its old text must be gone
    engram.put(ns, "was_sushi", {"text": "I eat sushi every single day, sushi sushi sushi"})
    engram.put(ns, "was_sushi", {"text": "I repair old bicycles in my garage"})
    # not indexed: same words as the query, yet it must not be ranked
    engram.put(ns, "hidden", {"text": "sushi sushi sushi, sushi is my favourite food"}, index=False)

    res = engram.search(ns, query="sushi", limit=10)
    ks = keys(res)
    assert ks[0] == "food", [(r.key, r.score) for r in res]
    assert len(ks) == len(set(ks)), "an overwritten item must appear once"
    scored = [r for r in res if r.score is not None]
    assert "hidden" not in {r.key for r in scored}
    if "hidden" in ks:  # InMemoryStore's corner case: unembedded items fill up, unscored, last
        assert ks.index("hidden") >= len(scored)
    assert keys(engram.search(ns, query="sushi", limit=1)) == ["food"]
    assert keys(engram.search(ns, query="bicycle repair", limit=1)) == ["was_sushi"]
    # index=False: still there for get and for search without a query
    assert engram.get(ns, "hidden").value["text"].startswith("sushi")
    assert "hidden" in keys(engram.search(ns, limit=100))
    assert "hidden" in keys(engram.search(ns, filter={"text": {"$ne": "x"}}, limit=100))
    # deleted: gone from query results
    engram.delete(ns, "food")
    res = engram.search(ns, query="sushi", limit=10)
    assert "food" not in keys(res)


VOCAB = [
    "dog",
    "golden",
    "retriever",
    "puppy",
    "sushi",
    "tokyo",
    "restaurant",
    "fish",
    "tax",
    "invoice",
]


def keyword_embed(texts: list[str]) -> list[list[float]]:
    """A tiny offline embedder (used only if the adapter calls the given `embed`)."""
    out = []
    for t in texts:
        words = re.findall(r"[a-z]+", t.lower())
        vec = [float(sum(w.startswith(v) for w in words)) for v in VOCAB]
        vec.append(0.01)  # never all-zero
        out.append(vec)
    return out


def test_index_fields_restrict_what_is_embedded(tmp_path: Path):
    index = {"dims": len(VOCAB) + 1, "embed": keyword_embed, "fields": ["title"]}
    ns = ("docs",)
    dog_body = (
        "My golden retriever puppy loves the dog park; dog training, dog food, "
        "dog toys and long walks with my dog every day."
    )
    sushi_body = (
        "Tokyo sushi restaurants serve raw fish; sushi rice, sushi chefs and "
        "fish markets everywhere in Tokyo."
    )
    with open_store(tmp_path / "s", index=index) as store:
        # titles say the opposite of the (longer) bodies
        store.put(ns, "A", {"title": "Sushi restaurants in Tokyo", "body": dog_body})
        store.put(ns, "B", {"title": "Dog training for golden retrievers", "body": sushi_body})
        store.put(ns, "T", {"title": "Filing your tax invoices", "body": "tax invoice tax"})
        assert keys(store.search(ns, query="golden retriever dog", limit=1)) == ["B"]
        assert keys(store.search(ns, query="sushi in Tokyo", limit=1)) == ["A"]
        # per-put `index` overrides the configured fields
        store.put(ns, "C", {"title": "Quarterly tax invoices", "body": dog_body}, index=["body"])
        top = keys(store.search(ns, query="golden retriever puppy dog", limit=2))
        assert "C" in top, top
        assert keys(store.search(ns, query="tax invoices", limit=1)) == ["T"]
        # the item is stored whole whatever is embedded
        assert store.get(ns, "A").value["body"] == dog_body


# --------------------------------------------------------------------------
# TTL
# --------------------------------------------------------------------------


def _sleep_until(t0: float, seconds: float) -> None:
    time.sleep(max(0.0, t0 + seconds - time.monotonic()))


@pytest.mark.wallclock
def test_ttl_default_expiry_and_refresh_on_read(tmp_path: Path):
    ttl_min = 0.015  # 0.9 s
    with open_store(tmp_path / "s", ttl={"default_ttl": ttl_min, "refresh_on_read": True}) as s:
        ns = ("ttl",)
        for k in ("read", "unread", "no_refresh", "searched"):
            s.put(ns, k, {"name": k})
        s.put(ns, "forever", {"name": "forever"}, ttl=None)  # explicit None: no expiry
        s.put(ns, "long", {"name": "long"}, ttl=0.05)  # 3 s: overrides the default
        t0 = time.monotonic()
        _sleep_until(t0, 0.45)
        assert s.get(ns, "read") is not None  # refreshes
        assert s.get(ns, "no_refresh", refresh_ttl=False) is not None
        assert keys(s.search(ns, filter={"name": "searched"})) == ["searched"]  # refreshes
        t1 = time.monotonic()
        _sleep_until(t0, 1.1)  # 1.1 s after the puts, 0.65 s after the reads
        assert s.get(ns, "unread", refresh_ttl=False) is None
        assert s.get(ns, "no_refresh", refresh_ttl=False) is None
        assert time.monotonic() - t1 < 0.85, "machine too slow for the TTL margins"
        assert s.get(ns, "read", refresh_ttl=False) is not None
        assert s.get(ns, "searched", refresh_ttl=False) is not None
        listed = set(keys(s.search(ns, limit=100, refresh_ttl=False)))
        assert listed == {"read", "searched", "forever", "long"}
        _sleep_until(t1, 1.0)  # 1.0 s after the last refresh
        assert s.get(ns, "read") is None
        assert s.get(ns, "searched") is None
        assert s.get(ns, "forever") is not None
        assert s.get(ns, "long") is not None
        assert set(keys(s.search(ns, limit=100))) == {"forever", "long"}


@pytest.mark.wallclock
def test_ttl_per_item_and_refresh_on_read_false(tmp_path: Path):
    with open_store(tmp_path / "s", ttl={"refresh_on_read": False}) as s:
        ns = ("ttl2",)
        s.put(ns, "e", {"v": 1}, ttl=0.01)  # 0.6 s
        s.put(ns, "g", {"v": 2}, ttl=0.01)
        s.put(ns, "f", {"v": 3})  # no default_ttl: never expires
        t0 = time.monotonic()
        _sleep_until(t0, 0.35)
        assert s.get(ns, "e") is not None  # refresh_on_read False: no refresh
        assert s.get(ns, "g", refresh_ttl=True) is not None  # explicit refresh
        _sleep_until(t0, 0.8)
        assert s.get(ns, "e") is None
        assert s.get(ns, "g") is not None
        assert s.get(ns, "f") is not None


def test_in_memory_reference_rejects_ttl():
    """Why TTL is tested on the adapter alone."""
    with pytest.raises(NotImplementedError):
        InMemoryStore().put(("x",), "k", {"v": 1}, ttl=1)


# --------------------------------------------------------------------------
# persistence and construction from a Memory
# --------------------------------------------------------------------------


def test_persistence_across_close_and_reopen(tmp_path: Path):
    path = tmp_path / "persist"
    ns = ("persist", "ünï code", "a:b")
    store = open_store(path)
    store.put(ns, "keep", {"nested": NESTED_VALUE})
    store.put(ns, "food", {"text": FOOD})
    store.put(ns, "pet", {"text": PET})
    store.put(ns, "over", {"v": 1})
    store.put(ns, "over", {"v": 2})
    store.put(ns, "gone", {"v": 1})
    store.delete(ns, "gone")
    store.put(("other",), "x", {"v": 0})
    before = {k: store.get(ns, k) for k in ("keep", "food", "pet", "over")}
    store.close()

    reopened = EngramStore(str(path))
    try:
        for k, item in before.items():
            again = reopened.get(ns, k)
            assert norm(again) == norm(item)
            assert again.created_at == item.created_at
            assert again.updated_at == item.updated_at
        assert reopened.get(ns, "over").value == {"v": 2}
        assert reopened.get(ns, "gone") is None
        assert reopened.list_namespaces() == [("other",), ns]
        assert keys(reopened.search(ns, query="sushi", limit=1)) == ["food"]
        reopened.put(ns, "later", {"v": 3})
        assert len(reopened.search(ns, limit=100)) == 5
    finally:
        reopened.close()


def test_construct_from_a_memory(tmp_path: Path):
    from engramdb import Memory

    path = tmp_path / "mem"
    mem = Memory.open(path)
    try:
        store = EngramStore(mem)
        assert isinstance(store, BaseStore)
        store.put(("m", "u"), "pet", {"text": PET})
        store.put(("m", "u"), "job", {"text": JOB})
        assert store.get(("m", "u"), "pet").value == {"text": PET}
        assert keys(store.search(("m",), query="nurse job", limit=1)) == ["job"]
        assert store.list_namespaces() == [("m", "u")]
        store.close()
    finally:
        with contextlib.suppress(Exception):  # already closed by the store: fine
            mem.close()
    with EngramStore(path) as again:  # the items live in the Memory's directory
        assert again.get(("m", "u"), "pet").value == {"text": PET}


# --------------------------------------------------------------------------
# end to end with a LangGraph graph
# --------------------------------------------------------------------------


class ChatState(TypedDict, total=False):
    user_id: str
    message: str
    recalled: list[str]
    reply: str


def _build_graph(store: BaseStore, *, use_async: bool):
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage, HumanMessage
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.config import get_store
    from langgraph.graph import END, START, StateGraph

    llm = GenericFakeChatModel(messages=iter([AIMessage(content=f"reply {i}") for i in range(10)]))

    def recall(state: ChatState, *, store: BaseStore) -> ChatState:
        hits = store.search(("memories", state["user_id"]), query=state["message"], limit=3)
        return {"recalled": [h.value["text"] for h in hits]}

    def respond(state: ChatState, *, store: BaseStore) -> ChatState:
        reply = llm.invoke([HumanMessage(content=state["message"])]).content
        store.put(("memories", state["user_id"]), uuid.uuid4().hex, {"text": state["message"]})
        return {"reply": reply}

    async def arecall(state: ChatState) -> ChatState:
        st = get_store()
        hits = await st.asearch(("memories", state["user_id"]), query=state["message"], limit=3)
        return {"recalled": [h.value["text"] for h in hits]}

    async def arespond(state: ChatState) -> ChatState:
        st = get_store()
        reply = (await llm.ainvoke([HumanMessage(content=state["message"])])).content
        await st.aput(("memories", state["user_id"]), uuid.uuid4().hex, {"text": state["message"]})
        return {"reply": reply}

    g = StateGraph(ChatState)
    g.add_node("recall", arecall if use_async else recall)
    g.add_node("respond", arespond if use_async else respond)
    g.add_edge(START, "recall")
    g.add_edge("recall", "respond")
    g.add_edge("respond", END)
    return g.compile(store=store, checkpointer=InMemorySaver())


def _cfg(thread: str) -> dict:
    return {"configurable": {"thread_id": thread}}


def test_graph_end_to_end_sync(engram):
    app = _build_graph(engram, use_async=False)
    first = app.invoke({"user_id": "alice", "message": PET}, _cfg("t1"))
    assert first["recalled"] == [] and first["reply"] == "reply 0"
    # another thread: only the store carries the memory over
    second = app.invoke({"user_id": "alice", "message": "what is my dog called?"}, _cfg("t2"))
    assert second["recalled"] == [PET]
    other = app.invoke({"user_id": "bob", "message": "what is my dog called?"}, _cfg("t3"))
    assert other["recalled"] == []
    texts = {i.value["text"] for i in engram.search(("memories", "alice"), limit=10)}
    assert texts == {PET, "what is my dog called?"}
    assert engram.list_namespaces(prefix=("memories",)) == [
        ("memories", "alice"),
        ("memories", "bob"),
    ]


def test_graph_end_to_end_async(engram):
    app = _build_graph(engram, use_async=True)

    async def run():
        a = await app.ainvoke({"user_id": "u", "message": FOOD}, _cfg("a1"))
        b = await app.ainvoke({"user_id": "u", "message": "what food do I like?"}, _cfg("a2"))
        return a, b

    first, second = asyncio.run(run())
    assert first["recalled"] == []
    assert second["recalled"] == [FOOD]
    assert len(engram.search(("memories", "u"), limit=10)) == 2
