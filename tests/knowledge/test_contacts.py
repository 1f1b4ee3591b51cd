"""Contact details in curated documents become facts of the organisation."""

from __future__ import annotations

import pytest

from engramdb import Memory
from engramdb.knowledge.extract.contacts import contact_claims


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Questions: frontdesk@ironleaf.example or (303) 555-0147.",
            [("questions email", "frontdesk@ironleaf.example"), ("phone", "(303) 555-0147")],
        ),
        (
            "For larger groups, email eventi@osteria.example or call +39 02 5550 1984.",
            [("email", "eventi@osteria.example"), ("phone", "+39 02 5550 1984")],
        ),
        ("Book online at osteria.example/book.", [("website", "osteria.example/book")]),
        (
            "Status: https://status.lumen.example",
            [("status website", "https://status.lumen.example")],
        ),
    ],
)
def test_contacts_are_found(text, found):
    assert [(c.key_phrase, c.value) for c in contact_claims(text)] == found


@pytest.mark.parametrize(
    "text",
    [
        "Release 4.2 ships on 2025-03-12.",  # a date, a version
        "Plans hold 10 000 seats; see e.g. the 3.5GB tier.",  # a number, an abbreviation
        "Open 09:00-17:00, prices 10-12 EUR.",  # times and a range
    ],
)
def test_numbers_that_are_not_contacts_are_left_alone(text):
    assert contact_claims(text) == []


def test_an_uploaded_contact_line_is_a_curated_fact_a_claim_can_conflict_with(tmp_path):
    with Memory.open(tmp_path, embedder="hashing") as mem:
        mem.upload(
            b"House rules\n\nQuestions: frontdesk@ironleaf.example or (303) 555-0147.\n",
            scope="org/ironleaf",
            name="rules.txt",
        )
        curated = {(f.key, f.value) for f in mem.facts(lens="org/ironleaf") if f.authoritative}
        assert ("email", "frontdesk@ironleaf.example") in curated
        assert ("phone", "(303) 555-0147") in curated
        r = mem.remember(
            "your front desk email is desk@ironleaf.example", scope="org/ironleaf/user/kim"
        )
        assert r.conflicts, r.decisions
