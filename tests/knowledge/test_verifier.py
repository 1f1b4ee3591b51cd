"""The learned verifier (``knowledge/extract/verifier.py``, ``catalogue.verified``): each
behaviour shown as the change it makes against the rules alone, through the real write path,
on cases of the tune domains (``truth_corpus/``)."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from _truth import TUNE_DOMAINS, V3_DOMAINS, outcome_with  # noqa: E402

from engramdb.embed.contextual import encoded
from engramdb.knowledge import catalogue
from engramdb.knowledge.claims import ORG, SELF, Claim
from engramdb.knowledge.extract import verifier
from engramdb.knowledge.extract.aligned import Template, align


def _outcome(case_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, on: bool) -> str:
    return outcome_with(case_id, tmp_path, (catalogue, "USE_VERIFIER"), on, monkeypatch)


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
        # "Dogs on open deck: not allowed" against "you let dogs on the open deck": the rules
        # need every word of the attribute ("pets" is not said); the verifier weighs a clause
        # naming at least half of them, which says what the row denies
        ("ferry-018", "none", "conflict"),
        # "Vase included: no" (the standard rose box) against "the standard rose box comes in
        # a vase"
        ("florist-007", "none", "conflict"),
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


def _template(
    fid: int, statement: str, value: str, key: str, subject: str = "", kind: str = "money"
) -> Template:
    return Template(
        fact_id=fid,
        subject=subject,
        subject_type="product" if subject else "organisation",
        key=key,
        key_phrase=key.replace("_", " "),
        value=value,
        value_kind=kind,
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
    found = verifier.pairs("Your delivery is £6.99 now.", templates, [], "acme", encoded)
    assert {p.template.fact_id for p in found} == {1, 2}
    for p in found:
        assert set(verifier.features()) <= set(p.features)
        assert p.value.text == "£6.99"
    by_id = {p.template.fact_id: verifier.probability(p) for p in found}
    assert by_id[1] > by_id[2]
    assert by_id[1] >= verifier.ACCEPT > by_id[2]


def test_questions_are_not_pairs_and_another_business_scores_lower() -> None:
    templates = [_template(1, "Standard delivery costs £4.99.", "£4.99", "delivery_price")]
    assert verifier.pairs("Is delivery £6.99 now?", templates, [], "acme", encoded) == []

    def score(text: str) -> float:
        [p] = verifier.pairs(text, templates, [], "acme", encoded)
        return verifier.probability(p)

    ours = score("I paid £6.99 for delivery with you.")
    assert ours >= verifier.ACCEPT
    assert score("I paid £6.99 for delivery at Tesco.") < ours  # (a name the org never uses)
    assert score("Delivery from the other shop down the road is £6.99.") < verifier.ACCEPT
    assert score("My rent is £6.99 a week.") < verifier.ACCEPT


def test_a_clause_naming_another_business_adds_no_claim() -> None:
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
    assert set(data["trained_on"]) <= set(TUNE_DOMAINS) | set(V3_DOMAINS)
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


def test_a_fact_whose_entity_the_clause_names_is_never_vetoed(monkeypatch) -> None:
    sleeps = _template(1, "Gull Cottage sleeps: 6", "6", "max_guests", "Gull Cottage", "number")
    stay = _template(
        2,
        "Gull Cottage minimum stay: 3 nights",
        "3 nights",
        "minimum_stay",
        "Gull Cottage",
        "number",
    )
    text = "My sister's bringing her three kids and since Gull Cottage only sleeps four, fine."
    templates = [sleeps, stay]
    [p, *_] = sorted(
        verifier.pairs(text, templates, ["Gull Cottage"], "seaview", encoded),
        key=lambda p: -verifier.probability(p),
    )
    # (unlikely by the model alone: the veto set above this pair's score, whatever the
    # shipped weights give it)
    monkeypatch.setattr(verifier, "VETO", verifier.probability(p) + 0.1)
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


def _claim(subject: str, key: str, value: str, statement: str, **kw: object) -> Claim:
    return Claim(
        subject=subject,
        subject_type="organisation" if subject == ORG else "person",
        key=key,
        key_phrase=key.replace("_", " "),
        value=value,
        category=str(kw.pop("category", "knowledge")),
        statement=statement,
        **kw,  # type: ignore[arg-type]
    )


DELIVERY = _template(1, "Standard delivery costs £4.99.", "£4.99", "delivery_price")


@pytest.mark.parametrize(
    ("text", "rules", "why"),
    [
        ("If your delivery were £6.99 I'd order more.", [], "a condition before the value"),
        ("Delivery is $6.99 now.", [], "dollars against pounds: no verdict"),
    ],
)
def test_a_new_reading_is_stopped_by_its_gates_however_likely(
    text: str, rules: list[Claim], why: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(verifier, "probability", lambda p: 0.9)
    assert verifier.pairs(text, [DELIVERY], [], "acme", encoded), why
    assert catalogue.verified(rules, text, [DELIVERY], [], "acme") == rules, why


def test_a_value_the_rules_read_as_who_the_speaker_is_is_not_read_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(verifier, "probability", lambda p: 0.9)
    contact = _template(7, "Email us at hello@acme.com.", "hello@acme.com", "email", kind="text")
    text = "The email is eli.brooks@proton.me now."
    mine = _claim(SELF, "email", "eli.brooks@proton.me", text, category="identity")
    assert catalogue.verified([mine], text, [contact], [], "acme") == [mine]
    was = _claim(SELF, "email", "eli.brooks@proton.me", text, category="identity", past=True)
    assert catalogue.verified([was], text, [contact], [], "acme") == [was]  # (hers, then)
    theirs = _claim(SELF, "email", "eli.brooks@proton.me", text)  # (not who the speaker is)
    assert [c.answers for c in catalogue.verified([theirs], text, [contact], [], "acme")] == [7]


def test_a_new_reading_replaces_the_rules_claims_of_its_value() -> None:
    text = "Your delivery is £6.99 now."
    guessed = _claim(ORG, "now", "£6.99", text)  # (a key of the rules' own words)
    out = catalogue.verified([guessed], text, [DELIVERY], [], "acme")
    assert [(c.answers, c.value) for c in out] == [(1, "£6.99")]


def test_a_which_clause_is_judged_by_its_own_pairs_not_another_clause() -> None:
    plan = _template(3, "Flex 30 includes 30GB of data.", "30GB", "data", "Flex 30", "quantity")
    text = "I'm on the Flex 30, which only gives 20GB of data. My brother gets 100GB on his."
    read = [c for _, c in align(text, [plan], other_names=["Flex 30"], similar=_cosine)]
    assert [c.value for c in read] == ["20GB"]
    clauses = {p.clause for p in verifier.pairs(text, [plan], ["Flex 30"], "acme", encoded)}
    assert "which only gives 20GB of data." in clauses  # (read as align reads it)
    assert catalogue.verified(read, text, [plan], ["Flex 30"], "acme") == read


def test_without_the_encoder_or_the_weights_the_rules_stand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = "Your delivery is £6.99 now."
    guessed = _claim(ORG, "now", "£6.99", text)

    def broken(text: str) -> object:
        raise RuntimeError("no model")

    monkeypatch.setattr(catalogue, "encoded", broken)
    assert catalogue.verified([guessed], text, [DELIVERY], [], "acme") == [guessed]
    monkeypatch.undo()
    monkeypatch.setattr(verifier, "_WEIGHTS", tmp_path / "missing.json")
    verifier._model.cache_clear()
    try:
        assert catalogue.verified([guessed], text, [DELIVERY], [], "acme") == [guessed]
        (tmp_path / "missing.json").write_text("{not json", encoding="utf-8")
        verifier._model.cache_clear()
        assert catalogue.verified([guessed], text, [DELIVERY], [], "acme") == [guessed]
    finally:
        monkeypatch.undo()
        verifier._model.cache_clear()


CLOSING = _template(5, "On Saturdays we close at 4pm.", "4pm", "saturday_closing", kind="hours")


def _scored_by_clause(text: str, scores: dict[str, float]) -> list[tuple[float, verifier.Pair]]:
    found = verifier.pairs(text, [CLOSING], [], "acme", encoded)
    assert {p.said for p in found} == set(scores), {p.said for p in found}
    return sorted(((scores[p.said], p) for p in found), key=lambda s: -s[0])


def test_a_contradiction_is_judged_by_the_pairs_of_the_clauses_it_was_read_from() -> None:
    text = "On Saturdays you close at half five and I finish work at 6pm."
    own, other = "On Saturdays you close at half five", "I finish work at 6pm."
    # read from the whole sentence (as stage 0 reads): its clause is found though align reads
    # "half five" as 5:30pm, and being likely enough it keeps the claim
    sentence = _claim(ORG, "saturday_closing", "5:30pm", text, value_kind="hours")
    scored = _scored_by_clause(text, {own: 0.3, other: 0.1})
    assert catalogue.weighed([sentence], [CLOSING], scored) == [sentence]
    # read from its clause alone: another clause of the turn, however likely, does not count
    clause = _claim(ORG, "saturday_closing", "5:30pm", own, value_kind="hours")
    scored = _scored_by_clause(text, {own: 0.1, other: 0.3})
    assert clause not in catalogue.weighed([clause], [CLOSING], scored)


def test_a_claim_that_agrees_with_one_of_the_facts_it_meets_is_never_vetoed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(verifier, "probability", lambda p: 0.05)
    weekday = replace(CLOSING, fact_id=6, value="5:30pm")
    text = "You close at 5:30pm."
    said = _claim(ORG, "saturday_closing", "5:30pm", text, value_kind="hours")
    assert catalogue.verified([said], text, [CLOSING], [], "acme") == []  # (differs: vetoed)
    assert catalogue.verified([said], text, [CLOSING, weekday], [], "acme") == [said]


def test_a_claim_of_no_sentence_or_of_a_fact_not_read_now_is_left_as_it_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(verifier, "probability", lambda p: 0.05)
    text = "You close at 5:30pm."
    nowhere = _claim(ORG, "saturday_closing", "5:30pm", "", value_kind="hours")
    elsewhere = _claim(ORG, "closing", "5:30pm", text, value_kind="hours", answers=99)
    out = catalogue.verified([nowhere, elsewhere], text, [CLOSING], [], "acme")
    assert out == [nowhere, elsewhere]


DENIAL = _template(
    7,
    "EV charging from the pitch bollards is not permitted.",
    "not permitted",
    "ev_charging_pitch_bollards",
    kind="denied",
)


def test_a_clause_saying_a_denied_thing_is_allowed_reads_so_from_the_parse() -> None:
    def pair(text: str) -> verifier.Pair:
        [p] = verifier.pairs(text, [DENIAL], [], "acme", encoded)
        return p

    allowed = pair("Charging the EV from your bollards is allowed there.")
    assert allowed.features["d_permit"] == 1.0  # ("allowed")
    assert allowed.features["d_pred"] == 1.0  # (allowed ~ permitted: the negated verb)
    assert allowed.features["d_neg"] == 0.0
    plain = pair("Charging the EV from your bollards is easy there.")
    assert plain.features["d_permit"] == 0.0
    assert verifier.probability(allowed) > verifier.probability(plain)
    # a money template's pairs carry the features too, as nothing said
    money = _template(1, "Standard delivery costs £4.99.", "£4.99", "delivery_price")
    [p] = verifier.pairs("Your delivery is £6.99 now.", [money], [], "acme", encoded)
    assert {k: p.features[k] for k in ("d_permit", "d_pred", "d_neg", "d_cover")} == dict.fromkeys(
        ("d_permit", "d_pred", "d_neg", "d_cover"), 0.0
    )
