"""Browsing a context's rows (``Memory.browse``, ``Memory.record``), the overview and the
entity graph on a real store: states of every kind, text that is out of every read never
shown, and the edge inputs a review found."""

from __future__ import annotations

import sqlite3

import pytest

from engramdb.errors import ValidationError
from engramdb.knowledge import browse
from engramdb.knowledge.clock import to_ms
from engramdb.knowledge.memory import Memory

V1 = b"# Prices\n\nThe Aria headphones cost $199.\n"
V2 = b"# Prices\n\nThe Aria headphones cost $179.\n"


@pytest.fixture
def mem(tmp_path):
    m = Memory.open(tmp_path / "store", embedder="hashing")
    yield m
    m.close()


def states(mem, **kw) -> dict[tuple[str, str], str]:
    return {
        (r["kind"], r["text"] or r["id"]): r["state"] for r in mem.browse(limit=500, **kw)["rows"]
    }


def test_a_new_document_version_supersedes_the_old_ones_rows(mem):
    mem.upload(V1, name="prices.md", scope="org/acme")
    mem.upload(V2, name="prices.md", scope="org/acme")
    rows = mem.browse(limit=500)["rows"]
    chunks = {r["state"] for r in rows if r["kind"] == "chunk"}
    assert chunks == {"live", "superseded"}
    old = next(r for r in rows if r["kind"] == "chunk" and r["state"] == "superseded")
    assert old["text"] is None  # retired from every read
    facts = {r["text"].rsplit(" = ", 1)[1]: r["state"] for r in rows if r["kind"] == "fact"}
    assert facts["$199"] == "superseded"
    assert facts["$179"] == "live"


def test_a_forgotten_documents_facts_show_no_text(mem):
    doc = mem.upload(V1, name="prices.md", scope="org/acme")
    mem.forget_document(doc.id)
    rows = mem.browse(kind="fact", limit=500)["rows"]
    assert rows and {r["state"] for r in rows} == {"forgotten"}
    assert all(r["text"] is None for r in rows)
    assert mem.browse(text="$199")["total"] == 0
    detail = mem.record("fact", rows[0]["id"])
    assert detail["text"] is None and detail["history"] == []


def test_an_item_past_its_ttl_shows_no_value(mem):
    mem.put_item("org/acme/user/maya", "otp", {"code": "123456"}, ttl_ms=1_000)
    live = browse.browse(mem._store, None, kind="item")["rows"]
    assert live[0]["state"] == "live" and "123456" in live[0]["text"]
    later = to_ms("2999-01-01T00:00:00", "now")
    gone = browse.browse(mem._store, None, kind="item", now=later)["rows"]
    assert gone[0]["state"] == "expired" and gone[0]["text"] is None
    assert browse.browse(mem._store, None, text="123456", now=later)["total"] == 0


def test_a_kind_asked_twice_is_listed_once(mem):
    mem.remember("I live in Porto.", scope="org/acme/user/maya")
    once = mem.browse(kind="fact")["total"]
    assert mem.browse(kind=["fact", "fact"])["total"] == once


def test_text_that_is_not_ascii_matches_as_typed(mem):
    mem.remember("Émile lives on the Straße of Dreams.", scope="org/acme/user/emile")
    assert mem.browse(kind="turn", text="Émile")["total"] == 1
    assert mem.browse(kind="turn", text="Straße")["total"] == 1
    assert mem.browse(kind="turn", text="émile lives")["total"] == 0  # SQLite folds ASCII only


def test_many_scopes_do_not_run_out_of_sql_variables(mem):
    for i in range(12):
        mem.remember(f"I live in town {i}.", scope=f"org/acme/user/u{i}")
    mem.db.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, 8)  # fewer than the scopes
    assert mem.browse(kind="turn")["total"] == 12
    assert mem.overview()["kinds"]["turn"]["live"] == 12


def test_epoch_ms_as_text_and_what_only_looks_like_it():
    assert to_ms("1700000000000", "since") == 1_700_000_000_000
    assert to_ms("-5", "since") == -5
    for bad in ("--5", "²", "12a"):
        with pytest.raises(ValidationError):
            to_ms(bad, "since")


def test_graph_walk_reads_the_neighbourhood_and_no_further(mem):
    mem.remember("My sister Priya lives in Toronto.", scope="org/acme/user/maya")
    mem.remember("I work at Siemens.", scope="org/acme/user/maya")
    mem.remember("I work at Globex.", scope="org/acme/user/bob")
    g = mem.graph("maya", depth=1)
    names = {n["name"] for n in g["nodes"]}
    assert "Siemens" in names and "Priya" in names
    assert "Toronto" not in names  # two hops away
    assert "Toronto" in {n["name"] for n in mem.graph("maya", depth=2)["nodes"]}
    assert "Globex" not in {n["name"] for n in mem.graph("maya", depth=2)["nodes"]}
    assert len(mem.graph("maya", depth=2, limit=2)["nodes"]) == 2
    with pytest.raises(ValidationError):
        mem.graph("maya", depth=3)
