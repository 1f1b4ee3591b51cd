"""eval.locomo (loader and its quirks), eval.harness (the LoCoMo run) and ``eval locomo``.

The fixture below is hand-made in LoCoMo's format and carries each quirk the real file has.
The real dev split is read from ../shared/data when present (it is never copied here).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from engramdb.eval.cli import app
from engramdb.eval.harness import evaluate_locomo
from engramdb.eval.locomo import (
    load_locomo,
    normalise_evidence,
    parse_dia_id,
    parse_locomo,
    parse_session_datetime,
)
from engramdb.eval.report import format_locomo

DEV_SPLIT = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "locomo-dev.json"
FAST = ["fts5", "dense:hashing", "hybrid:hashing", "engine:hashing"]


def _ms(*args: int) -> int:
    return int(datetime(*args, tzinfo=UTC).timestamp() * 1000)


def tiny_locomo() -> list[dict[str, Any]]:
    """Two conversations in LoCoMo's format with its known quirks."""
    conv1 = {
        "speaker_a": "Alice",
        "speaker_b": "Bob",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [
            {
                "speaker": "Alice",
                "dia_id": "D1:1",
                "text": "I adopted a beagle puppy named Biscuit last week.",
            },
            {
                "speaker": "Bob",
                "dia_id": "D1:2",
                "text": "Lovely! I just started pottery classes on Tuesdays.",
            },
            {
                "speaker": "Alice",
                "dia_id": "D1:3",
                "text": "Look at him!",
                "img_url": ["http://example.invalid/x.jpg"],
                "query": "puppy",
                "blip_caption": "a photo of a small dog sleeping on a sofa",
            },
        ],
        "session_2_date_time": "10:00 am on 3 June, 2023",
        "session_2": [
            {
                "speaker": "Bob",
                "dia_id": "D2:1",
                "text": "My sister moved to Lisbon for her new job at a bakery.",
            },
            {
                "speaker": "Alice",
                "dia_id": "D2:2",
                "text": "I finished reading that book about volcanoes.",
            },
            {"speaker": "Bob", "text": "Anyway, how is your garden doing?"},
            {
                "speaker": "Alice",
                "dia_id": "D2:04",
                "text": "The tomatoes are growing really well this year.",
            },
        ],
        "session_3_date_time": "sometime last summer",
        "session_3": [
            {"speaker": "Alice", "dia_id": "D3:1", "text": "We went hiking in the Alps in July."},
            {"speaker": "Bob", "dia_id": "D3:2", "text": ""},
            {"speaker": "Bob", "dia_id": "D3:1", "text": "A duplicate id."},
        ],
        "session_4_date_time": "2:00 pm on 1 August, 2023",
        "session_5": "not a list of turns",
    }
    qa1 = [
        {
            "question": "What is the name of Alice's puppy?",
            "answer": "Biscuit",
            "evidence": ["D1:1"],
            "category": 4,
        },
        {
            "question": "What did Bob start and where did his sister move?",
            "answer": "pottery; Lisbon",
            "evidence": ["D1:2; D2:1"],
            "category": 1,
        },
        {
            "question": "When did Bob's sister move to Lisbon?",
            "answer": "June 2023",
            "evidence": ["D:2:1"],
            "category": 2,
        },
        {
            "question": "What is growing in Alice's garden?",
            "answer": "tomatoes",
            "evidence": ["D2:04", "D"],
            "category": 4,
        },
        {
            "question": "Where did Alice go hiking?",
            "answer": "the Alps",
            "evidence": ["D9:9"],
            "category": 3,
        },
        {
            "question": "How many puppies did Alice adopt?",
            "answer": 1,
            "evidence": [],
            "category": 4,
        },
        {
            "question": "What is Bob's puppy called?",
            "adversarial_answer": "Biscuit",
            "evidence": ["D1:1"],
            "category": 5,
        },
        {
            "question": "What book did Alice finish reading?",
            "answer": "a book about volcanoes",
            "evidence": "D2:2",
            "category": "4",
        },
    ]
    conv2 = {
        "speaker_a": "Carol",
        "speaker_b": "Dan",
        "session_1_date_time": "9:15 am on 2 January, 2024",
        "session_1": [
            {"speaker": "Carol", "dia_id": "D1:1", "text": "I bought a red bicycle yesterday."},
            {"speaker": "Dan", "dia_id": "D1:2", "text": "Nice, I prefer running myself."},
        ],
    }
    qa2 = [
        {
            "question": "What colour is Carol's bicycle?",
            "answer": "red",
            "evidence": ["D1:1"],
            "category": 4,
        }
    ]
    return [
        {"sample_id": "conv-t1", "conversation": conv1, "qa": qa1},
        {"sample_id": "conv-t2", "conversation": conv2, "qa": qa2},
    ]


@pytest.fixture
def tiny_path(tmp_path: Path) -> Path:
    p = tmp_path / "tiny-locomo.json"
    p.write_text(json.dumps(tiny_locomo()), encoding="utf-8")
    return p


# ---------------------------------------------------------------------------- loader
def test_dia_ids_are_canonicalised() -> None:
    assert parse_dia_id("D1:3") == "D1:3"
    assert parse_dia_id("D:11:26") == "D11:26"
    assert parse_dia_id("D30:05") == "D30:5"
    assert parse_dia_id(" d4 : 2 ") == "D4:2"
    assert parse_dia_id("D") is None
    assert parse_dia_id("S1") is None


def test_malformed_evidence_is_split_normalised_or_skipped() -> None:
    known = {"D8:6", "D9:17", "D11:26", "D30:5", "D1:1"}
    assert normalise_evidence(["D8:6; D9:17"], known) == (["D8:6", "D9:17"], [], 2)
    assert normalise_evidence(["D:11:26"], known) == (["D11:26"], [], 1)
    assert normalise_evidence(["D30:05"], known) == (["D30:5"], [], 1)
    assert normalise_evidence(["D8:6 D9:17"], known) == (["D8:6", "D9:17"], [], 2)
    assert normalise_evidence(["D", "D1:1"], known) == (["D1:1"], ["D"], 0)
    assert normalise_evidence(["D10:19"], known) == ([], ["D10:19"], 0)
    assert normalise_evidence("D1:1", known) == (["D1:1"], [], 0)
    assert normalise_evidence(None, known) == ([], [], 0)
    assert normalise_evidence([], known) == ([], [], 0)
    assert normalise_evidence(["D1:1", "D1:1"], known) == (["D1:1"], [], 0)
    assert normalise_evidence([""], known) == ([], [""], 0)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1:56 pm on 8 May, 2023", _ms(2023, 5, 8, 13, 56)),
        ("12:48 am on 1 February, 2023", _ms(2023, 2, 1, 0, 48)),
        ("12:05 pm on 3 Jan, 2024", _ms(2024, 1, 3, 12, 5)),
        ("8 May 2023", _ms(2023, 5, 8)),
        ("May 8, 2023 1:56 PM", _ms(2023, 5, 8, 13, 56)),
        ("13:05 on 3rd Sept 2022", _ms(2022, 9, 3, 13, 5)),
        ("2023/05/20 (Sat) 02:21", _ms(2023, 5, 20, 2, 21)),
        ("2023-05-20", _ms(2023, 5, 20)),
    ],
)
def test_session_dates_parse(text: str, expected: int) -> None:
    assert parse_session_datetime(text) == expected


@pytest.mark.parametrize("text", [None, "", "   ", 42, "31 Febtober, 2023 at noon"])
def test_unreadable_dates_give_none(text: object) -> None:
    assert parse_session_datetime(text) is None


def test_loader_survives_the_quirks(tiny_path: Path) -> None:
    data = load_locomo(tiny_path)
    assert [c.sample_id for c in data.conversations] == ["conv-t1", "conv-t2"]
    conv = data.conversations[0]
    ids = [t.id for t in conv.turns]
    # session_N lists only, numeric order; generated and canonical ids; empty and dup dropped
    assert ids == ["D1:1", "D1:2", "D1:3", "D2:1", "D2:2", "D2:3", "D2:4", "D3:1"]
    assert conv.turns[0].text == "Alice: I adopted a beagle puppy named Biscuit last week."
    assert conv.turns[2].text == (
        "Alice: Look at him! [shares a photo: a photo of a small dog sleeping on a sofa]"
    )
    assert conv.turns[0].speaker == "Alice"
    assert conv.turns[0].session_id == "session_1"
    assert conv.turns[0].timestamp_ms == _ms(2023, 5, 8, 13, 56)
    # session 3's date is unreadable: it keeps session 2's
    assert conv.turns[-1].timestamp_ms == _ms(2023, 6, 3, 10, 0)
    c = data.counts
    assert c["conversations"] == 2
    assert c["sessions"] == 4
    assert c["turns"] == 10
    assert c["image_turns"] == 1
    assert c["turn_ids_generated"] == 1
    assert c["turn_ids_normalised"] == 1
    assert c["turns_skipped"] == 1
    assert c["turns_duplicate_id"] == 1
    assert c["dates_unparsed"] == 1
    assert c["answers_numeric"] == 1
    qs = {q.question: q for q in conv.questions}
    assert qs["What did Bob start and where did his sister move?"].evidence == ("D1:2", "D2:1")
    assert qs["When did Bob's sister move to Lisbon?"].evidence == ("D2:1",)
    garden = qs["What is growing in Alice's garden?"]
    assert garden.evidence == ("D2:4",)
    assert garden.skipped_evidence == ("D",)
    assert qs["Where did Alice go hiking?"].evidence == ()
    assert qs["How many puppies did Alice adopt?"].answer == "1"
    assert qs["What book did Alice finish reading?"].category == 4
    assert qs["What is Bob's puppy called?"].answer == "Biscuit"


def test_parse_accepts_one_sample_and_rejects_garbage() -> None:
    one = tiny_locomo()[1]
    assert len(parse_locomo(one).conversations) == 1
    data = parse_locomo([one, {"no": "conversation"}, 7])
    assert data.counts["samples_skipped"] == 2
    with pytest.raises(ValueError):
        parse_locomo("nope")


# ---------------------------------------------------------------------------- harness
class Oracle:
    """Ranks the gold turns first: every metric must come out perfect."""

    name = "oracle"

    def __init__(self, gold: dict[str, list[str]]):
        self.gold = gold
        self.ids: list[str] = []

    def ingest(self, docs, *, now_ms=None) -> None:
        self.ids = [d.id for d in docs]

    def search(self, query: str, k: int) -> list[str]:
        first = [i for i in self.gold.get(query, []) if i in self.ids]
        return (first + [i for i in self.ids if i not in first])[:k]

    def close(self) -> None:
        self.ids = []


def test_oracle_scores_perfectly_and_counts_skips(tiny_path: Path) -> None:
    data = load_locomo(tiny_path)
    gold = {q.question: list(q.evidence) for c in data.conversations for q in c.questions}
    result = evaluate_locomo(data, [Oracle(gold)], [1, 2, 5])
    assert result["questions"] == 6  # 5 + 1 scored; cat 5 and evidence-less ones are not
    assert result["skipped_questions"] == 2
    assert result["skipped_evidence"] == 2  # "D" and "D9:9"
    assert result["categories"] == {"1": 1, "2": 1, "4": 4}
    r = result["retrievers"]["oracle"]
    assert r["turn_recall@2"] == 1.0
    assert r["recall_all@2"] == 1.0
    assert r["session_recall_any@1"] == 1.0
    assert r["ndcg@10"] == 1.0
    assert r["mrr"] == 1.0
    # the two-evidence question has half its evidence at k=1
    assert r["by_category"]["1"]["turn_recall@1"] == 0.5
    assert r["by_category"]["1"]["recall_all@1"] == 0.0


def test_json_shape_for_every_retriever(tiny_path: Path) -> None:
    result = evaluate_locomo(load_locomo(tiny_path), FAST, [1, 5, 10])
    assert isinstance(result["dataset"], str)
    assert isinstance(result["questions"], int)
    assert isinstance(result["skipped_evidence"], int)
    assert list(result["retrievers"]) == FAST
    for r in result["retrievers"].values():
        for k in (1, 5, 10):
            for key in (f"turn_recall@{k}", f"recall_all@{k}", f"session_recall_any@{k}"):
                assert isinstance(r[key], float) and 0.0 <= r[key] <= 1.0
        for key in ("ndcg@10", "mrr", "latency_ms_p50", "latency_ms_p95"):
            assert isinstance(r[key], float)
        assert r["latency_ms_p95"] >= r["latency_ms_p50"] >= 0.0
        assert set(r["by_category"]) == {"1", "2", "4"}
        assert all(isinstance(v["turn_recall@10"], float) for v in r["by_category"].values())
    json.dumps(result)  # plain JSON types only
    text = format_locomo(result)
    assert "R@5" in text and "dense:hashing" in text


def test_lexical_retrieval_finds_the_obvious_turn(tiny_path: Path) -> None:
    data = load_locomo(tiny_path)
    conv2 = data.conversations[1:]
    data.conversations = conv2
    result = evaluate_locomo(data, ["fts5", "hybrid:hashing@1.0"], [1])
    assert result["retrievers"]["fts5"]["turn_recall@1"] == 1.0
    assert result["retrievers"]["hybrid:hashing@1.0"]["turn_recall@1"] == 1.0


# ---------------------------------------------------------------------------- CLI
runner = CliRunner()


def test_cli_locomo_writes_table_and_json(tiny_path: Path, tmp_path: Path) -> None:
    out = tmp_path / "res.json"
    res = runner.invoke(
        app,
        [
            "locomo",
            "--data",
            str(tiny_path),
            "--k",
            "1,5",
            "--retrievers",
            "fts5,dense:hashing",
            "--json",
            str(out),
            "-q",
        ],
    )
    assert res.exit_code == 0, res.output
    assert "| fts5" in res.output
    doc = json.loads(out.read_text())
    assert doc["questions"] == 6
    assert set(doc["retrievers"]) == {"fts5", "dense:hashing"}
    assert "turn_recall@5" in doc["retrievers"]["fts5"]
    # by_category always carries turn_recall@10, even when 10 is not among the cut-offs
    assert "turn_recall@10" in doc["retrievers"]["fts5"]["by_category"]["4"]


def test_cli_locomo_default_retrievers_and_plot(tiny_path: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out, png = tmp_path / "res.json", tmp_path / "recall.png"
    res = runner.invoke(
        app, ["locomo", "--data", str(tiny_path), "--json", str(out), "--plot", str(png)]
    )
    assert res.exit_code == 0, res.output
    doc = json.loads(out.read_text())
    assert {"fts5", "dense", "hybrid", "engine"} <= set(doc["retrievers"])
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    "args",
    [
        ["--k", "0,5"],
        ["--k", "five"],
        ["--retrievers", "bm42"],
        ["--retrievers", "fts5,fts5"],
        ["--retrievers", "dense:static:/nonexistent/model"],
    ],
)
def test_cli_locomo_refuses_bad_options(tiny_path: Path, args: list[str]) -> None:
    res = runner.invoke(app, ["locomo", "--data", str(tiny_path), "-q", *args])
    assert res.exit_code == 2


def test_cli_locomo_refuses_a_file_that_is_not_locomo(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    p.write_text('"just a string"')
    res = runner.invoke(app, ["locomo", "--data", str(p), "-q", "--retrievers", "fts5"])
    assert res.exit_code == 2
    assert "LoCoMo" in res.output


# ---------------------------------------------------------------------------- dev split
@pytest.mark.skipif(not DEV_SPLIT.is_file(), reason="shared/data/locomo-dev.json not present")
def test_dev_split_lexical_and_dense_baselines() -> None:
    result = evaluate_locomo(load_locomo(DEV_SPLIT), ["fts5", "dense"], [5, 10])
    assert result["conversations"] == 5
    assert result["questions"] > 700
    # the reference measured ~0.53 (FTS5) and ~0.38 (static model) on all ten conversations
    assert result["retrievers"]["fts5"]["turn_recall@5"] > 0.45
    assert result["retrievers"]["dense"]["turn_recall@5"] > 0.32
