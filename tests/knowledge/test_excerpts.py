"""Passages in a context block: the pieces that answer the question (``knowledge/excerpts.py``),
and a customer's block without the curators' own disagreements or a line said twice
(``views.context``)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from engramdb import Memory
from engramdb.embed.hashing import HashingEmbedder
from engramdb.knowledge.excerpts import GAP, MAX_PIECES, excerpt, excerpts, units

RULES = (
    "HARBOUR PICTUREHOUSE - RULES OF THE HOUSE\n\n"
    "Hot food from outside is not allowed in the screens; bottled water is fine.\n"
    "Wine and beer from our bar may be taken into screenings rated 15 or 18 only.\n"
    "Latecomers are let in until 15 minutes after the listed start time.\n"
    "Trailers and adverts run for around a quarter of an hour before each feature.\n"
    "Seats are allocated at booking and cannot be swapped once the feature has begun.\n"
    "Phones must be silenced and put away for the whole screening, including the trailers.\n"
    "Anyone under 13 must watch with an adult aged 18 or over, whatever the film's rating.\n"
    "Wheelchair spaces are in rows A and F; please tell us when you book.\n"
)


def _embed(texts):
    return HashingEmbedder().embed(texts)


def test_a_passage_that_fits_is_shown_whole():
    assert excerpt("Open daily 9-5.\nClosed on bank holidays.", "when open", 400, _embed) == (
        "Open daily 9-5.\nClosed on bank holidays."
    )


def test_the_answer_past_the_first_characters_is_kept_under_its_title():
    question = "can my 11 year old watch a film without an adult?"
    assert "Anyone under 13" not in RULES[:400]  # (what the first 400 characters lost)
    shown = excerpt(RULES, question, 400, _embed)
    assert len(shown) <= 400
    assert "Anyone under 13 must watch with an adult aged 18 or over" in shown
    assert shown.startswith("HARBOUR PICTUREHOUSE - RULES OF THE HOUSE")
    assert GAP in shown  # (pieces that were not next to each other)
    kept = [p for p in units(RULES) if p in shown]
    assert [shown.index(p) for p in kept] == sorted(shown.index(p) for p in kept)  # in order


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.text(
            alphabet=st.characters(
                codec="utf-8", exclude_categories=["Cs"], exclude_characters="…"
            ),
            max_size=90,
        ),
        min_size=1,
        max_size=30,
    ),
    st.text(max_size=40),
    st.integers(1, 500),
)
def test_an_excerpt_never_exceeds_its_limit(lines, question, limit):
    """Within the limit, and made of the text's own pieces in the text's order."""
    text = "\n".join(lines)
    shown = excerpt(text, question, limit, _embed)
    assert len(shown) <= limit
    if len(text.strip()) <= limit:
        assert shown == text.strip()
    at = 0
    for piece in re.split(r"\n| … ", shown.removeprefix("… ")):
        found = text.find(piece.strip(), at)
        assert found >= 0, piece
        at = found + len(piece.strip())


def test_many_passages_take_one_call_of_the_embedder_and_survive_its_failure():
    calls = []

    def counted(texts):
        calls.append(len(texts))
        return _embed(texts)

    long = [RULES, RULES.replace("HARBOUR", "RIVERSIDE"), "short"]
    shown = excerpts(long, "can an 11 year old come alone?", 300, counted)
    assert len(calls) == 1 and all(len(s) <= 300 for s in shown) and shown[2] == "short"

    def broken(texts):
        raise OSError("the embedding service is down")

    assert excerpts(long, "anything", 300, broken) == [t.strip()[:300] for t in long]


def test_a_passage_of_many_short_lines_costs_a_bounded_number_of_pieces():
    assert len(units("a\n" * 100_000)) == MAX_PIECES


def test_a_customers_block_shows_the_passage_that_answers(tmp_path):
    with Memory.open(tmp_path / "s") as mem:
        mem.upload(RULES.encode(), name="rules.txt", scope="org/cinema")
        block = mem.context(
            "can my 11 year old watch a film without an adult?",
            lens=["org/cinema/user/u1"],
            budget=1500,
        )
        assert "Anyone under 13 must watch with an adult" in block


def test_a_customers_block_leaves_the_curators_disagreements_out(tmp_path):
    """Two documents that disagree are the curators' to settle: listed by ``conflicts``, never
    in a customer's block, which shows the customer's own claim against the policy."""
    with Memory.open(tmp_path / "s") as mem:
        mem.upload(b"# Prices\n\nThe Alpha lamp costs \xc2\xa310.\n", name="a.md", scope="org/shop")
        mem.upload(b"# Sale\n\nThe Alpha lamp costs \xc2\xa312.\n", name="b.md", scope="org/shop")
        assert mem.conflicts(lens="org/shop")  # (the curators see it)
        question = "how much is the Alpha lamp?"
        block = mem.context(question, lens=["org/shop/user/u2"], budget=1500)
        assert "Open conflicts" not in block and "the policy that applies" not in block
        mem.remember("The Alpha lamp costs £5.", scope="org/shop/user/u1")
        block = mem.context(question, lens=["org/shop/user/u1"], budget=1500)
        conflict_lines = [
            line for line in block.splitlines() if line.startswith("- ") and "applies" in line
        ]
        assert conflict_lines == [
            "- Alpha lamp price: the user said '£5'; the policy that applies says '£12'"
        ]


def test_a_line_said_twice_is_shown_once(tmp_path):
    """Two curated facts of one sentence (a statement and source they share) take one line."""
    with Memory.open(tmp_path / "s") as mem:
        text = (
            b"# Booking\n\nMembers may reserve seats up to 10 days ahead; everyone else can "
            b"reserve from the Monday before.\n"
        )
        mem.upload(text, name="booking.md", scope="org/club")
        assert len(mem.facts(lens="org/club")) == 2  # (one statement, two facts)
        block = mem.context("how far ahead can members reserve?", lens=["org/club/user/u1"])
        lines = [line for line in block.splitlines() if line.startswith("- ")]
        assert len(lines) == 1 and "10 days ahead" in lines[0]
