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
