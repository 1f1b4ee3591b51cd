"""Property: no experiential write ever changes an authoritative row. Random sequences of
operator upserts, documents and conversation turns (agreeing, contradicting, negating, in the
organisation's scope and in users' scopes); after every turn, every curated row is byte for byte
what it was."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engramdb import Memory

PRODUCTS = ["Kettle", "AirPods Pro", "Nimbus Router"]
KEYS = [("price", ["$40", "$45", "49 dollars"]), ("warranty", ["1 year", "two years", "24 months"])]
TURNS = [
    "Your return policy is {n} days.",
    "I think the {p} costs ${n}.",
    "The {p} comes with a {n}-year warranty.",
    "Returns are accepted within {n} days, right?",
    "I no longer have the {p}.",
    "I used to own a {p}.",
    "The {p} doesn't cost ${n} anymore.",
    "Shipping takes {n} days with you.",
    "Always mention the {p} warranty.",
    "You no longer need to mention the warranty.",
]
DOCS = [
    "Returns are accepted within {n} days of delivery.",
    "Standard shipping takes {n} business days.",
    "The {p} costs ${n}.",
]

upsert = st.tuples(
    st.just("upsert"), st.sampled_from(PRODUCTS), st.sampled_from(KEYS), st.integers(0, 2)
)
doc = st.tuples(
    st.just("document"), st.sampled_from(DOCS), st.sampled_from(PRODUCTS), st.integers(1, 90)
)
turn = st.tuples(
    st.just("turn"),
    st.sampled_from(TURNS),
    st.sampled_from(PRODUCTS),
    st.integers(1, 90),
    st.sampled_from(["user/alice", "user/bob", "team/ops", ""]),
)
_case = itertools.count()


def _curated(mem: Memory) -> list[tuple]:
    return mem.db.execute(
        "SELECT id, entity_id, key, value, scope, closed_ms, valid_until_ms, superseded_by, "
        "forgotten, importance FROM facts WHERE authoritative=1 ORDER BY id"
    ).fetchall()


def test_experiential_writes_never_change_curated_rows(tmp_path):
    with Memory.open(tmp_path / "store") as mem:

        @settings(
            max_examples=40,
            deadline=None,
            suppress_health_check=[HealthCheck.function_scoped_fixture],
        )
        @given(st.lists(st.one_of(upsert, doc, turn), min_size=2, max_size=8))
        def run(ops):
            root = f"c{next(_case)}/org/acme"
            for i, op in enumerate(ops):
                if op[0] == "upsert":
                    _, p, (key, values), j = op
                    mem.remember(
                        triples=[{"subject": p, "type": "product", "key": key, "value": values[j]}],
                        scope=root,
                    )
                elif op[0] == "document":
                    _, text, p, n = op
                    body = text.format(p=p, n=n).encode()
                    mem.upload(body, name=f"doc{i % 2}.md", scope=root)
                else:
                    _, text, p, n, sub = op
                    before = _curated(mem)
                    scope = f"{root}/{sub}" if sub else root
                    mem.remember(text.format(p=p, n=n), scope=scope, session_id=f"s{i}")
                    assert _curated(mem) == before, text

        run()
