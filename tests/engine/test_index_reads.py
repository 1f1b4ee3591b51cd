"""Two read-path shortcuts of the index stay right: the lens's memories come from a covering
index (no table rows read), and term counts kept between queries are read again after a write."""

from __future__ import annotations

from engramdb import Engine


def test_a_lens_look_up_reads_the_covering_index_only(tmp_path):
    with Engine.open(tmp_path / "s", embedder="hashing") as eng:
        eng.remember("one", scope="a")
        plan = eng._index.con.execute(
            "EXPLAIN QUERY PLAN SELECT loc FROM memories WHERE deleted=0 AND scope IN (?)", ("a",)
        ).fetchall()
        assert "COVERING INDEX memories_scope_live" in str(plan)


def test_term_counts_are_read_again_after_every_write(tmp_path):
    with Engine.open(tmp_path / "s", embedder="hashing") as eng:
        index = eng._index
        assert index.term_counts(["apple"], 10) == {"apple": 0}
        mid = eng.remember("an apple a day")
        assert index.term_counts(["apple"], 10) == {"apple": 1}
        assert index.term_counts(["apple"], 10, window=True)["apple"] >= 1
        eng.forget(mid)
        assert index.term_counts(["apple"], 10) == {"apple": 0}


def test_a_scoped_recall_scores_the_lens_only_and_ranks_as_the_whole_store_would(tmp_path):
    from engramdb import MemoryInput, RecallOptions

    texts = [f"note {i} about topic {i % 7} and colour {i % 5}" for i in range(600)]
    with Engine.open(tmp_path / "s", embedder="hashing") as eng:
        eng.remember_many(
            [MemoryInput(text=t, id=f"m{i}", scope=f"s{i % 3}") for i, t in enumerate(texts)]
        )
        for q in ("topic 3 colour 2", "note 17", "colour 4"):
            everything = eng.recall(q, RecallOptions(k=600, mode="observe"))
            ours = [h.id for h in everything if h.id.startswith("m")]  # (not derived ones)
            expected = [i for i in ours if int(i[1:]) % 3 == 1][:10]
            got = [h.id for h in eng.recall(q, RecallOptions(k=10, scopes=["s1"], mode="observe"))]
            got = [i for i in got if i.startswith("m")]
            assert got and all(int(i[1:]) % 3 == 1 for i in got)
            assert got[:3] == expected[:3]
