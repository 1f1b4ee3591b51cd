"""The fact index (``knowledge/fact_index.py``) and the index-backed reads built on it: the same
answers as reading every fact, at a cost that does not grow with the catalogue."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engramdb import Memory
from engramdb.knowledge import candidates as cand
from engramdb.knowledge.claims import Claim
from engramdb.knowledge.vocab import normalize_name
from engramdb.knowledge.writing import WriteContext


def _catalogue(mem: Memory, n: int, seed: int = 0, scope: str = "org/shop") -> list[str]:
    rng = random.Random(seed)
    names = [f"Gizmo {i} {rng.choice(['Lamp', 'Drill', 'Kettle'])}" for i in range(n)]
    mem.remember(
        triples=[
            {"subject": name, "type": "product", "key": key, "value": f"£{rng.randint(5, 500)}"}
            for name in names
            for key in ("price", "delivery_fee")
        ],
        scope=scope,
    )
    return names


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    mem = Memory.open(tmp_path_factory.mktemp("shop"), embedder="hashing")
    names = _catalogue(mem, 150)
    for i in range(30):  # beliefs of several users, some about the catalogue's things
        mem.remember(
            f"{random.Random(i).choice(names)} costs £{i + 1} and I live in Leeds",
            scope=f"org/shop/user/u{i % 4}",
        )
    yield mem, names
    mem.close()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.integers(0, 149),
    st.sampled_from(["price", "delivery_fee", "lives_in", "colour"]),
    st.sampled_from([None, "org"]),
    st.sampled_from(["org/shop/user/u1", "org/shop/user/u3", "org/shop"]),
    st.sampled_from([5, 32, 128]),
)
def test_indexed_rows_equal_the_scan(shop, i, key, about, scope, limit):
    """The candidate rows of a claim, walked down indexes class by class, are the rows (in
    the order) the one ORDER BY over every fact of the chain gives."""
    mem, names = shop
    subject = names[i] if about is None else "shop"
    ekey = normalize_name(subject)
    claim = Claim(subject, "product", key, key.replace("_", " "), "£3", "knowledge", "x")
    ctx = WriteContext(scope, 10**9, "conversation", "", 0, "user")
    scopes = ["org/shop/user/u1", "org/shop"] if scope != "org/shop" else ["org/shop"]
    scopes = [scope, *[s for s in scopes if s != scope]]
    keys = {ekey}
    fast = cand._rows(mem, claim, ekey, keys, "shop", ctx, scopes, limit)
    slow = cand._rows_scanned(mem, claim, ekey, keys, "shop", ctx, scopes, limit)
    assert [r[0] for r in fast] == [r[0] for r in slow]
    if about is None and key == "price":
        assert fast and fast[0][1] == "price" and fast[0][13] == ekey  # (its own row first)
