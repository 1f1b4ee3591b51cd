"""Textual facts read with the pair model (``extract/pair_reading.py``, ``embed/pairs.py``):
the decision with a stand-in judge, each gate; the shipped model on cases of the labelled
corpora through the real write path."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from _suite import write  # noqa: E402
from _truth import _prefixed, outcome_with, tuning_case  # noqa: E402

from engramdb.embed import pairs
from engramdb.embed.contextual import encoded
from engramdb.errors import ConfigError
from engramdb.knowledge import catalogue
from engramdb.knowledge.claims import ORG, Claim
from engramdb.knowledge.extract import pair_reading
from engramdb.knowledge.extract.aligned import Template
from engramdb.knowledge.memory import Memory
from engramdb.knowledge.reconcile import same_value


def _template(fid: int, statement: str, value: str, key: str, kind: str = "text") -> Template:
    return Template(
        fact_id=fid,
        subject="",
        subject_type="organisation",
        key=key,
        key_phrase=key.replace("_", " "),
        value=value,
        value_kind=kind,
        statement=statement,
        name="Acme",
    )


DOGS = _template(1, "Dogs are not allowed on the open deck.", "not allowed", "dogs_open_deck")
CAFE = _template(2, "The cafe on board sells hot food until 6pm.", "until 6pm", "cafe_hot_food")
FARE = _template(3, "A foot passenger return costs £18.", "£18", "foot_return_price", "money")
LEAD = _template(4, "Dogs must be kept on a lead on deck.", "on a lead", "dogs_on_deck_lead")


def _judge(verdicts: dict[int, tuple[float, float, float]]):
    by_statement = {t.statement: t.fact_id for t in (DOGS, CAFE, FARE, LEAD)}
    seen: list[tuple[str, int]] = []

    def judge(clause: str, statement: str) -> tuple[float, float, float]:
        fid = by_statement[statement]
        seen.append((clause, fid))
        return verdicts.get(fid, (0.9, 0.05, 0.05))

    return judge, seen


def test_a_clear_contradiction_is_a_claim_against_that_fact_in_the_clauses_words() -> None:
    judge, _ = _judge({1: (0.05, 0.05, 0.9)})
    text = "Nice that you let dogs on the open deck, she gets seasick inside."
    claim = pair_reading.contradiction(text, [DOGS, CAFE, FARE], [], "acme", encoded, judge)
    assert claim is not None
    assert claim.answers == 1 and claim.key == "dogs_open_deck"
    assert claim.value_kind == "contradicts"
    assert "dogs on the open deck" in claim.value
    # the one reconciler sets it against the fact as a different value
    assert same_value(claim.value, "contradicts", DOGS.value, DOGS.value_kind) == "different"


@pytest.mark.parametrize(
    "verdict",
    [
        (0.05, 0.9, 0.05),  # agrees
        (0.9, 0.05, 0.05),  # about something else
        (0.45, 0.0, 0.55),  # contradicts, but not clearly enough
        (0.05, 0.48, 0.47),  # (never the case: contradiction not the likeliest verdict)
    ],
)
def test_anything_but_a_clear_contradiction_reads_nothing(
    verdict: tuple[float, float, float],
) -> None:
    judge, _ = _judge({1: verdict})
    text = "You let dogs on the open deck."
    assert pair_reading.contradiction(text, [DOGS, CAFE], [], "acme", encoded, judge) is None


@pytest.mark.parametrize(
    "text",
    [
        "Do you let dogs on the open deck?",  # a question
        "If you let dogs on the open deck we would book.",  # a condition
        "The ferry company down the road lets dogs on the open deck.",  # another business
        "The Bloomery on Park Street lets dogs on the open deck.",  # a name no statement uses
        "I'm taking my dog up on the open deck tomorrow.",  # the speaker's own affairs
        "You let dogs on the open deck for £5.",  # an amount: the typed check decides
        "You don't allow dogs on the open deck.",  # both deny: no contradiction to read
    ],
)
def test_a_question_a_condition_or_another_business_is_never_judged(text: str) -> None:
    judge, seen = _judge({1: (0.0, 0.0, 1.0)})
    assert pair_reading.contradiction(text, [DOGS, CAFE], [], "acme", encoded, judge) is None
    assert seen == []


def test_only_the_most_alike_textual_fact_is_judged_and_only_when_alike_enough() -> None:
    judge, seen = _judge({})
    text = "You let dogs on the open deck."
    pair_reading.contradiction(text, [FARE, LEAD, CAFE, DOGS], [], "acme", encoded, judge)
    assert float(encoded(text) @ encoded(LEAD.statement)) >= pair_reading.FLOOR  # (a rival)
    # the statement most like the clause only (a clear winner); never a price, which typed
    # values decide
    assert [fid for _, fid in seen] == [1]
    # a statement about something else entirely is not judged at all
    judge, seen = _judge({})
    pair_reading.contradiction("Your website looks lovely.", [DOGS], [], "acme", encoded, judge)
    assert seen == []


def _outcome(case_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, on: bool) -> str:
    return outcome_with(case_id, tmp_path, (catalogue, "USE_PAIR_MODEL"), on, monkeypatch)


@pytest.mark.parametrize(
    ("case_id", "without", "with_model"),
    [
        # "We cannot refund orders delivered to an incorrect address given by the customer"
        # against "I put the wrong house number on the order but you'll still refund me"
        ("florist-021", "none", "conflict"),
        # "England and Wales only; we do not move to or from Scotland" against "You also do
        # moves up to Scotland"
        ("removals-024", "none", "conflict"),
    ],
)
def test_the_shipped_pair_model_reads_a_contradiction_the_rules_cannot(
    case_id: str,
    without: str,
    with_model: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert _outcome(case_id, tmp_path, monkeypatch, on=False) == without
    assert _outcome(case_id, tmp_path, monkeypatch, on=True) == with_model


def test_a_pair_model_that_cannot_be_loaded_leaves_the_turn_as_the_rules_read_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(clause: str, statement: str) -> tuple[float, float, float]:
        raise OSError("model.onnx: no such file")

    monkeypatch.setattr(catalogue, "judged", broken)
    with caplog.at_level(logging.WARNING, logger="engramdb"):
        got = _outcome("florist-021", tmp_path, monkeypatch, on=True)
    assert got == "none"
    assert "pair model cannot be used" in caplog.text


def test_the_shipped_model_is_checked_and_judges_one_pair_alike_wherever_it_runs() -> None:
    a = pairs.judged("you let dogs on the open deck", DOGS.statement)
    assert abs(sum(a) - 1.0) < 1e-6
    model = pairs.PairModel()
    assert model.judge("you let dogs on the open deck", DOGS.statement) == pytest.approx(a)
    # read unpadded: the published tokenizer pads every text to 128 tokens (6x the time)
    assert len(model._tokenizer.encode("you let dogs", DOGS.statement).ids) < 32


PIZZA = Template(
    fact_id=5,
    subject="Margherita",
    subject_type="product",
    key="gluten_free",
    key_phrase="gluten free",
    value="no",
    value_kind="text",
    statement="Margherita gluten free: no",
    name="Margherita",
)


def test_a_row_about_a_named_thing_is_judged_only_when_the_turn_names_it() -> None:
    judge, seen = _judge({})
    judge_calls: list[str] = []

    def counting(clause: str, statement: str) -> tuple[float, float, float]:
        judge_calls.append(statement)
        return (0.05, 0.05, 0.9)

    assert (
        pair_reading.contradiction(
            "Your garlic bread is gluten free.", [PIZZA], [], "acme", encoded, counting
        )
        is None
    )
    assert judge_calls == []
    claim = pair_reading.contradiction(
        "Your Margherita is gluten free.", [PIZZA], [], "acme", encoded, counting
    )
    assert claim is not None and claim.answers == 5 and claim.subject == "Margherita"


def test_naming_the_organisation_itself_is_not_another_business() -> None:
    judge, seen = _judge({1: (0.05, 0.05, 0.9)})
    text = "You let dogs on the open deck at Skerry Ferries."
    assert pair_reading.contradiction(text, [DOGS], [], "Skerry Ferries", encoded, judge)
    judge, seen = _judge({1: (0.05, 0.05, 0.9)})
    assert pair_reading.contradiction(text, [DOGS], [], "acme", encoded, judge) is None


def test_a_long_turn_is_judged_a_bounded_number_of_times() -> None:
    judge, seen = _judge({})
    text = " ".join(f"You let dogs on the open deck on route {n}." for n in range(40))
    pair_reading.contradiction(text, [DOGS], [], "acme", encoded, judge)
    assert 0 < len(seen) <= 8  # (MAX_JUDGED; 40 clauses otherwise)


def test_the_pair_model_is_asked_only_when_no_claim_meets_a_curated_fact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[str] = []

    def recording(text, templates, names, organisation, encode, judge):  # type: ignore[no-untyped-def]
        asked.append(text)
        return None

    monkeypatch.setattr(pair_reading, "contradiction", recording)
    visits = _template(
        6, "Wedding consultations are by appointment only.", "by appointment only", "visits"
    )
    text = "You don't need appointments for wedding consultations."
    meets = Claim(
        ORG,
        "organisation",
        "visits",
        "visits",
        "walk in",
        "knowledge",
        statement=text,
        answers=6,
    )
    catalogue.verified([meets], text, [visits], [], "acme")
    assert asked == []
    catalogue.verified([], text, [visits], [], "acme")
    assert asked == [text]


def test_a_contradicting_clause_differs_from_textual_facts_and_compares_with_no_amount() -> None:
    said = "you'll still refund me"
    assert same_value(said, "contradicts", "cannot refund", "denied") == "different"
    assert same_value(said, "contradicts", "Dogs are welcome", "text") == "different"
    assert same_value(said, "contradicts", "5 working days", "duration") == "incomparable"
    assert same_value(said, "contradicts", "£4.99", "money") == "incomparable"


def test_a_contradicting_belief_is_not_set_against_a_later_unrelated_fact(
    tmp_path: Path,
) -> None:
    case = tuning_case("florist-021")
    with Memory.open(tmp_path / "s", embedder="hashing") as mem:
        for w in case["setup"]:
            write(mem, _prefixed(w, "c"))
        said = write(mem, _prefixed(case["probe"], "c"))
        # (the pair model's reading: the customer's belief, set against the denial)
        [belief] = [f.id for f in said.facts if not f.authoritative and "refund" in f.value]
        assert said.conflicts
        doc = {**case["setup"][0], "name": "refund-times.md"}
        doc["text"] = "# Refund times\n\nRefunds go back to your card within 5 working days.\n"
        later = write(mem, _prefixed(doc, "c"))
    # a duration: nothing the clause said compares with it (before, "refund_time" made it one
    # of the belief's candidates, and every kind differed from a contradiction)
    assert all(belief not in (c.get("fact"), *c["against"]) for c in later.conflicts)


def _broken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, missing: bool) -> None:
    where = tmp_path / "model"
    where.mkdir()
    for f in ("model.onnx", "tokenizer.json"):
        (where / f).write_bytes((pairs.PAIR_MODEL_DIR / f).read_bytes())
    if missing:
        (where / "model.onnx").unlink()
    else:
        (where / "model.onnx").write_bytes(b"not a model")
    monkeypatch.setattr(pairs, "PAIR_MODEL_DIR", where)
    monkeypatch.setattr(pairs, "_shared", None)
    monkeypatch.setattr(pairs, "_failed", None)
    monkeypatch.setattr(pairs, "_kept", type(pairs._kept)())


@pytest.mark.parametrize(("missing", "says"), [(True, "is missing"), (False, "is not the file")])
def test_a_damaged_or_missing_model_is_refused_once_and_said_afresh_each_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, missing: bool, says: str
) -> None:
    _broken(tmp_path, monkeypatch, missing=missing)
    with pytest.raises(ConfigError, match=says):
        pairs.PairModel()
    assert pairs.available() is False
    raised = []
    for _ in range(3):
        with pytest.raises(ConfigError, match="pair model cannot be loaded") as e:
            pairs.judged("you let dogs on deck", DOGS.statement)
        raised.append(e.value)
    # a fresh error each time: a stored one raised again would grow its traceback (and keep
    # every caller's frames) at every turn
    depths = []
    for err in raised:
        tb, n = err.__traceback__, 0
        while tb is not None:
            tb, n = tb.tb_next, n + 1
        depths.append(n)
    assert len({id(err) for err in raised}) == 3 and len(set(depths)) == 1
