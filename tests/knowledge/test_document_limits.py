"""What one document may state as fact rows (``WriteContext.first_saying``,
``row_attribute``): a list without names, a repeated row or a flat object of thousands of keys
stays searchable text and costs a bounded write; the write's errors say what was not stored."""

from __future__ import annotations

import json

import pytest

from engramdb import Memory
from engramdb.knowledge.writing import MAX_ATTRIBUTES_PER_SUBJECT, MAX_VALUES_PER_ATTRIBUTE


@pytest.fixture
def mem(tmp_path):
    with Memory.open(tmp_path / "m", embedder="hashing") as m:
        yield m


def test_one_subject_keeps_at_most_the_attribute_limit(mem):
    extra = 40
    body = {f"setting_{i}": f"value {i}" for i in range(MAX_ATTRIBUTES_PER_SUBJECT + extra)}
    r = mem.upload(json.dumps(body).encode(), scope="org/acme", name="settings.json")
    assert r.facts == MAX_ATTRIBUTES_PER_SUBJECT
    assert any(f"{extra} attributes were not stored" in e for e in r.write.errors)
    keys = {f.key for f in mem.facts()}
    assert "setting_0" in keys and f"setting_{MAX_ATTRIBUTES_PER_SUBJECT}" not in keys
    # the text beyond the limit is still found
    hits = mem.query(f"setting_{MAX_ATTRIBUTES_PER_SUBJECT + 1}", lens="org/acme", k=3)
    assert any(f"value {MAX_ATTRIBUTES_PER_SUBJECT + 1}" in h.text for h in hits)


def test_other_subjects_keep_their_own_limit(mem):
    rows = "name,colour,size\n" + "".join(f"Item {i},red,{i}\n" for i in range(300))
    r = mem.upload(rows.encode(), scope="org/acme", name="items.csv")
    assert r.facts == 600 and not r.write.errors


def test_a_repeated_row_is_one_fact_and_a_nameless_list_is_cut(mem):
    rows = "name,price\n" + "Widget,$5\n" * 500
    r = mem.upload(rows.encode(), scope="org/acme", name="w.csv")
    assert r.facts == 1
    prices = "name,price\n" + "".join(f"Gadget,${i}\n" for i in range(1, 40))
    r = mem.upload(prices.encode(), scope="org/acme", name="w2.csv")
    assert r.facts == MAX_VALUES_PER_ATTRIBUTE
    assert any("values were not stored" in e for e in r.write.errors)


def test_an_upload_records_a_trace_per_decision(mem):
    r = mem.upload(b"name,price\nAria,$5\nOrbit,$9\n", scope="org/acme", name="p.csv")
    n = mem.db.execute("SELECT COUNT(*) FROM traces WHERE op='reconcile'").fetchone()[0]
    assert n == len(r.write.decisions) == 2
