"""A document that is rows alone (CSV; JSON whose tables hold all its values) and whose every
row gave facts: its facts are what recall finds. Its chunks stay in the knowledge tables
(listings, citations) but are never copied into the engine, where they would only repeat the
facts and outrank them; a row's code names its facts; a question asking for an amount ranks
the row's price first."""

from __future__ import annotations

import pytest

from engramdb import Memory
from engramdb.knowledge import reads
from engramdb.knowledge.lexicon import answer_kind

CSV = (
    b"sku,name,category,price,stock,weight\n"
    b"SK-000101,Orion 4 Lamp,lighting,\xc2\xa3743.29,483,1.4 kg\n"
    b"SK-000102,Micro 6 Blender,kitchen,\xc2\xa3748.03,113,5.7 kg\n"
    b"SK-000103,Flex 24 Saw,tools,\xc2\xa3655.22,299,2.4 kg\n"
    b"SK-000104,Ember 11 Router,office,\xc2\xa3871.64,301,0.5 kg\n"
)
LENS = ["org/shop/user/ann"]


def _engine_chunks(mem: Memory) -> int:
    return sum(1 for (cid,) in mem.db.execute("SELECT id FROM chunks") if mem.engine.exists(cid))


def test_a_csv_whose_rows_are_facts_leaves_no_passage_in_recall(tmp_path):
    with Memory.open(tmp_path / "s") as mem:
        r = mem.upload(CSV, name="catalogue.csv", scope="org/shop")
        assert r.chunks >= 1 and r.facts >= 16
        assert _engine_chunks(mem) == 0
        marks = {m for (m,) in mem.db.execute("SELECT memory_written FROM chunks")}
        assert marks == {2}
        hits = mem.query("Flex 24 Saw", lens=LENS, k=10)
        assert hits and all(h.kind == "fact" for h in hits)
        # the chunks are still the document's: its listing counts them
        assert mem.db.execute("SELECT COUNT(*) FROM chunks").fetchone()[0] == r.chunks


def test_a_markdown_document_keeps_its_passages(tmp_path):
    doc = (
        b"# Returns\n\nReturns are accepted within 30 days of delivery. Our team packs "
        b"every parcel by hand in the old mill.\n"
    )
    with Memory.open(tmp_path / "s") as mem:
        mem.upload(doc, name="returns.md", scope="org/shop")
        assert _engine_chunks(mem) == 1
        hits = mem.query("parcel packed by hand in the mill", lens=LENS, k=10)
        assert any(h.kind == "chunk" for h in hits), [(h.kind, h.text) for h in hits]


def test_a_csv_with_a_row_that_gave_no_fact_keeps_its_passages(tmp_path):
    # the second row names nothing (no name, no code): its text is found only as a passage
    data = b"name,price\nAria,$5\n,$9 gift wrap\n"
    with Memory.open(tmp_path / "s") as mem:
        mem.upload(data, name="p.csv", scope="org/shop")
        assert _engine_chunks(mem) >= 1
        assert any("gift wrap" in h.text for h in mem.query("gift wrap", lens=LENS, k=5))


def test_a_rows_code_finds_its_facts(tmp_path):
    with Memory.open(tmp_path / "s") as mem:
        mem.upload(CSV, name="catalogue.csv", scope="org/shop")
        hits = mem.query("what's SK-000103?", lens=LENS, k=5, mode="bm25")
        assert hits and all("Flex 24 Saw" in h.text for h in hits[:4]), [h.text for h in hits]
        assert any("£655.22" in h.text for h in hits[:4])


def test_a_new_version_and_forgetting_work_without_passages(tmp_path):
    with Memory.open(tmp_path / "s") as mem:
        first = mem.upload(CSV, name="catalogue.csv", scope="org/shop")
        second = mem.upload(
            CSV.replace("£655.22".encode(), "£600.00".encode()),
            name="catalogue.csv",
            scope="org/shop",
        )
        assert second.version == 2 and second.id != first.id
        prices = {f.value for f in mem.facts(lens=LENS) if f.entity == "Flex 24 Saw"}
        assert "£600.00" in prices and "£655.22" not in prices
        assert _engine_chunks(mem) == 0
        mem.forget(scope="org/shop")
        assert not mem.facts(lens=LENS)


def test_export_and_import_keep_the_passages_out(tmp_path):
    with Memory.open(tmp_path / "a") as a:
        a.upload(CSV, name="catalogue.csv", scope="org/shop")
        a.upload(b"# Hours\n\nWe open at 9am.\n", name="hours.md", scope="org/shop")
        lines = list(a.export())
    with Memory.open(tmp_path / "b") as b:
        b.import_lines(lines)
        marks = dict(
            b.db.execute(
                "SELECT d.name, MAX(c.memory_written) FROM chunks c "
                "JOIN documents d ON d.id = c.document_id GROUP BY d.name"
            ).fetchall()
        )
        assert marks == {"catalogue.csv": 2, "hours.md": 1}
        assert _engine_chunks(b) == 1


@pytest.mark.parametrize(
    "text, kind",
    [
        ("how much is the Flex 24 Saw?", "money"),
        ("what does the hire cost", "money"),
        ("how much does the saw weigh", "quantity"),
        ("how long is the return window", "duration"),
        ("how many are in stock", "number"),
        ("how much time does delivery take", "duration"),
        ("how many days is the return window", "duration"),
        ("what is the interest rate", None),
        ("when does the sale start", "date"),
        ("tell me about the saw", None),
    ],
)
def test_the_kind_of_value_a_question_asks_for(text, kind):
    assert answer_kind(text) == kind


def test_a_question_for_an_amount_ranks_the_rows_price_first(tmp_path, monkeypatch):
    names = ("Orion 4 Lamp", "Micro 6 Blender", "Flex 24 Saw", "Ember 11 Router")
    # (the answer kind alone: the contextual encoder also reads "how much" as a price)
    monkeypatch.setattr(reads, "CONTEXT_RERANK", 0)
    with Memory.open(tmp_path / "s") as mem:
        mem.upload(CSV, name="catalogue.csv", scope="org/shop")

        def price_ranks() -> list[int]:
            out = []
            for name in names:
                hits = mem.query(f"how much is the {name}?", lens=LENS, k=10)
                out.append(next(i for i, h in enumerate(hits) if " price: " in h.text))
            return out

        with_gain = price_ranks()
        monkeypatch.setattr(reads, "ANSWER_GAIN", 0.0)
        without = price_ranks()
    assert with_gain == [0, 0, 0, 0]
    assert sum(without) > 0  # (the name's words are shared by all four of a row's facts)


def test_a_json_file_whose_values_are_all_facts_leaves_no_passage_in_recall(tmp_path):
    # before: its one flattened chunk held every price of the file and outranked the fact
    data = (
        b'{"company": "Sawmill Supplies", "currency": "GBP", "saws": ['
        b'{"name": "Flex 24 Saw", "price": 655.22, "blade_mm": 165},'
        b'{"name": "Flex 30 Saw", "price": 702.10, "blade_mm": 190},'
        b'{"name": "Orion 4 Saw", "price": 512.00, "blade_mm": 210, "tags": ["cordless"]}],'
        b'"delivery": {"standard_days": 3, "express_days": 1}}'
    )
    with Memory.open(tmp_path / "s") as mem:
        r = mem.upload(data, name="saws.json", scope="org/shop")
        assert r.facts >= 9
        assert _engine_chunks(mem) == 0
        hits = mem.query("how much is the Flex 30 Saw", lens=LENS, k=5)
        assert hits and all(h.kind == "fact" for h in hits)
        assert "702.1" in hits[0].text, [h.text for h in hits]


@pytest.mark.parametrize(
    "data",
    [
        # the company's name is popped to name the organisation; nothing else is at the top
        b'{"company": "Sawmill Supplies", "saws": [{"name": "Flex 24 Saw", "price": "$655"}]}',
        # a nested named object: its link to the thing that holds it is in no table
        b'{"name": "Flex 24 Saw", "price": "$655", "motor": {"name": "Brushless Torq", '
        b'"watts": 1200}}',
    ],
    ids=["company-only", "nested-named"],
)
def test_a_json_file_whose_values_are_not_all_facts_keeps_its_passages(tmp_path, data):
    with Memory.open(tmp_path / "s") as mem:
        mem.upload(data, name="saws.json", scope="org/shop")
        assert _engine_chunks(mem) >= 1


def test_a_json_file_with_a_list_of_lists_keeps_its_passages(tmp_path):
    # its reader leaves a list of lists out of the rows; the text keeps it
    data = (
        b'[{"name": "Flex 24 Saw", "price": "\xc2\xa3655.22", '
        b'"blade_sizes_mm": [[165, 190], [210, 250]]}]'
    )
    with Memory.open(tmp_path / "s") as mem:
        mem.upload(data, name="saws.json", scope="org/shop")
        assert _engine_chunks(mem) >= 1


def test_why_not_of_a_passage_kept_out_says_so(tmp_path):
    from engramdb.errors import ValidationError

    with Memory.open(tmp_path / "s") as mem:
        mem.upload(CSV, name="catalogue.csv", scope="org/shop")
        (cid,) = mem.db.execute("SELECT id FROM chunks").fetchone()
        with pytest.raises(ValidationError, match="kept out of recall"):
            mem.why_not(cid, "Flex 24 Saw", lens=LENS)
