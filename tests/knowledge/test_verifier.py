"""The learned verifier (``knowledge/extract/verifier.py``, ``catalogue.verified``): each
behaviour shown as the change it makes against the rules alone, through the real write path,
on cases of the tune domains (``truth_corpus/``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from _truth import TUNE_DOMAINS, load, run  # noqa: E402

from engramdb.embed.contextual import encoded
from engramdb.knowledge import catalogue
from engramdb.knowledge.extract import verifier
from engramdb.knowledge.extract.aligned import Template


def _case(case_id: str) -> dict:
    return next(c for c in load(TUNE_DOMAINS) if c["id"] == case_id)


def _outcome(case_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, on: bool) -> str:
    monkeypatch.setattr(catalogue, "USE_VERIFIER", on)
    [(_, got)] = run([_case(case_id)], tmp_path / ("on" if on else "off"))
    return got


@pytest.mark.parametrize(
    ("case_id", "rules", "verified"),
    [
        # the rules read nothing (the speaker's own words, "I've had my eye on"); the verifier
        # finds the trench coat's price the clause is about, and it differs
        ("retail-023", "none", "conflict"),
        # a code names the dish; the rules find no attribute word for "chilli scale"
        ("restaurant-013", "none", "conflict"),
        # the rules set another business's router price against the organisation's; no
        # clause is likely about that fact, so the contradiction is dropped
        ("telecom-051", "conflict", "none"),
        # the rules set the conflict against another plan's limit; the verifier's veto drops
        # it and its best pair is the plan the turn names
        ("insurance-006", "conflict-wrong-fact", "conflict"),
    ],
)
def test_the_verifier_changes_what_the_rules_decide(
    case_id: str,
    rules: str,
    verified: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert _outcome(case_id, tmp_path, monkeypatch, on=False) == rules
    assert _outcome(case_id, tmp_path, monkeypatch, on=True) == verified


def test_a_value_read_as_who_the_speaker_is_is_not_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "I changed my account email to ..." is the speaker's own email (a supersession), never
    # the gym's contact address that a pair of the turn could answer
    assert _outcome("gym-058", tmp_path, monkeypatch, on=True) == "supersede"


def _template(fid: int, statement: str, value: str, key: str, subject: str = "") -> Template:
    return Template(
        fact_id=fid,
        subject=subject,
        subject_type="product" if subject else "organisation",
        key=key,
        key_phrase=key.replace("_", " "),
        value=value,
        value_kind="money",
        statement=statement,
        name=subject or "Acme",
    )


def _cosine(a: str, b: str) -> float:
    return float(encoded(a) @ encoded(b))


def test_pairs_carry_every_feature_the_weights_name_and_score_the_likelier_pair_higher() -> None:
    templates = [
        _template(1, "Standard delivery costs £4.99.", "£4.99", "delivery_price"),
        _template(2, "Gift wrapping costs £3.50.", "£3.50", "gift_wrap_price"),
    ]
    found = verifier.pairs("Your delivery is £6.99 now.", templates, [], "acme", _cosine)
    assert {p.template.fact_id for p in found} == {1, 2}
    for p in found:
        assert set(verifier.features()) <= set(p.features)
        assert p.value.text == "£6.99"
    by_id = {p.template.fact_id: verifier.probability(p) for p in found}
    assert by_id[1] > by_id[2]
    assert by_id[1] >= verifier.ACCEPT > by_id[2]


def test_questions_are_not_pairs_and_another_business_scores_lower() -> None:
    templates = [_template(1, "Standard delivery costs £4.99.", "£4.99", "delivery_price")]
    assert verifier.pairs("Is delivery £6.99 now?", templates, [], "acme", _cosine) == []

    def score(text: str) -> float:
        [p] = verifier.pairs(text, templates, [], "acme", _cosine)
        return verifier.probability(p)

    ours = score("I paid £6.99 for delivery with you.")
    assert ours >= verifier.ACCEPT
    assert score("I paid £6.99 for delivery at Tesco.") < ours  # (a name the org never uses)
    assert score("Delivery from the other shop down the road is £6.99.") < verifier.ACCEPT
    assert score("My rent is £6.99 a week.") < verifier.ACCEPT


def test_a_clause_naming_another_business_adds_no_claim() -> None:
    from engramdb.knowledge.claims import Claim

    templates = [_template(1, "Standard delivery costs £4.99.", "£4.99", "delivery_price")]
    mine = Claim(
        subject="@self",
        subject_type="person",
        key="price",
        key_phrase="price",
        value="£6.99",
        category="knowledge",
        statement="I paid £6.99",
    )
    for text, added in [
        ("I paid £6.99 for delivery with you.", True),
        ("I paid £6.99 for delivery at Tesco.", False),
    ]:
        out = catalogue.verified([mine], text, templates, [], "acme")
        assert any(c.answers == 1 for c in out) is added, text


def test_the_shipped_weights_name_what_they_were_trained_on() -> None:
    data = json.loads(verifier._WEIGHTS.read_text(encoding="utf-8"))
    assert set(data["trained_on"]) <= set(TUNE_DOMAINS) | {
        "selfstorage",
        "ferry",
        "florist",
        "campsite",
        "theatre",
        "bikeshop",
        "removals",
        "escaperoom",
    }
    assert data["positives"] > 100


def test_a_plausible_fact_that_agrees_leaves_no_clear_contradiction() -> None:
    general = _template(1, "Standard delivery costs £4.99.", "£4.99", "delivery_price")
    highlands = _template(
        2, "Standard delivery to the Highlands costs £6.99.", "£6.99", "highlands_delivery_price"
    )
    text = "Your standard delivery is £6.99 now."
    [alone] = catalogue.verified([], text, [general], [], "acme")
    assert alone.answers == 1  # against the one delivery price it could be: a contradiction
    # the Highlands price agrees and is likely enough: which one the turn means is not clear
    assert catalogue.verified([], text, [general, highlands], [], "acme") == []


def test_a_fact_whose_entity_the_clause_names_is_never_vetoed() -> None:
    from engramdb.knowledge.claims import Claim

    sleeps = Template(
        fact_id=1,
        subject="Gull Cottage",
        subject_type="property",
        key="max_guests",
        key_phrase="sleeps",
        value="6",
        value_kind="number",
        statement="Gull Cottage sleeps: 6",
        name="Gull Cottage",
    )
    stay = Template(
        fact_id=2,
        subject="Gull Cottage",
        subject_type="property",
        key="minimum_stay",
        key_phrase="minimum stay",
        value="3 nights",
        value_kind="number",
        statement="Gull Cottage minimum stay: 3 nights",
        name="Gull Cottage",
    )
    text = "My sister's bringing her three kids and since Gull Cottage only sleeps four, fine."
    templates = [sleeps, stay]
    [p, *_] = sorted(
        verifier.pairs(text, templates, ["Gull Cottage"], "seaview", _cosine),
        key=lambda p: -verifier.probability(p),
    )
    assert verifier.probability(p) < verifier.VETO  # (unlikely by the model alone)
    read = Claim(
        subject="Gull Cottage",
        subject_type="property",
        key="max_guests",
        key_phrase="sleeps",
        value="four",
        category="knowledge",
        statement=text,
        answers=1,
    )
    # named as itself in the clause: the name decides before likeness does
    assert catalogue.verified([read], text, templates, ["Gull Cottage"], "seaview") == [read]
