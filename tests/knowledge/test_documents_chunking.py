"""Section-aware chunking: bounded, exact offsets, never across sections, stable ids."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engramdb.errors import ValidationError
from engramdb.knowledge.documents import Chunk, ParsedDocument, chunk, parse_document


def _markdown(tmp_path: Path, text: str, name: str = "doc.md") -> ParsedDocument:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return parse_document(path.read_bytes(), name=name)


def _sentence(i: int) -> str:
    return f"Sentence number {i} says that returns close after {i} days."


def _check(doc: ParsedDocument, chunks: list[Chunk], max_chars: int) -> None:
    """Bounded, exact, inside one section, in order, and covering every visible character."""
    by_section: dict[int, list[Chunk]] = {}
    for c in chunks:
        section = doc.sections[c.section_index]
        assert len(c.text) <= max_chars
        assert c.text == doc.text[c.start : c.end] == c.text.strip() != ""
        assert section.start <= c.start < c.end <= section.end
        assert (c.heading_path, c.page) == (section.heading_path, section.page)
        by_section.setdefault(c.section_index, []).append(c)
    assert [c.index for c in chunks] == list(range(len(chunks)))
    for index, section in enumerate(doc.sections):
        own = by_section.get(index, [])
        assert all(a.end < b.end and a.start < b.start for a, b in zip(own, own[1:], strict=False))
        covered = set()
        for c in own:
            covered.update(range(c.start, c.end))
        visible = {section.start + i for i, ch in enumerate(section.text) if not ch.isspace()}
        assert visible <= covered


def test_chunks_never_cross_sections_and_map_back(tmp_path: Path) -> None:
    body = " ".join(_sentence(i) for i in range(12))
    doc = _markdown(tmp_path, f"# A\n\n{body}\n\n## B\n\nShort.\n\n# C\n\n{body}\n\n{body}\n")
    chunks = chunk(doc, max_chars=300, overlap=0)
    _check(doc, chunks, 300)
    assert {c.heading_path for c in chunks} == {("A",), ("A", "B"), ("C",)}
    assert [c.text for c in chunks if c.heading_path == ("A", "B")] == ["Short."]


def test_a_section_that_fits_is_one_chunk_even_when_tiny(tmp_path: Path) -> None:
    doc = _markdown(tmp_path, "# One\n\nAlpha.\n\n# Two\n\nBeta.\n")
    assert [(c.text, c.heading_path) for c in chunk(doc)] == [
        ("Alpha.", ("One",)),
        ("Beta.", ("Two",)),
    ]


def test_long_section_splits_at_paragraph_then_sentence(tmp_path: Path) -> None:
    first = " ".join(_sentence(i) for i in range(5))  # ~290 chars
    second = " ".join(_sentence(i) for i in range(5, 15))
    doc = _markdown(tmp_path, f"# Policy\n\n{first}\n\n{second}\n")
    chunks = chunk(doc, max_chars=400, overlap=0)
    _check(doc, chunks, 400)
    assert chunks[0].text == first  # the blank line wins over a later sentence end
    for c in chunks[1:]:
        assert c.text.startswith("Sentence number") and c.text.endswith("days.")
    assert "".join(c.text for c in chunks).replace(" ", "") == (first + second).replace(" ", "")


def test_overlap_repeats_whole_trailing_sentences(tmp_path: Path) -> None:
    body = " ".join(_sentence(i) for i in range(20))
    doc = _markdown(tmp_path, body, name="policy.txt")
    chunks = chunk(doc, max_chars=300, overlap=120)
    _check(doc, chunks, 300)
    for previous, current in zip(chunks, chunks[1:], strict=False):
        assert previous.start < current.start < previous.end  # overlapping
        assert previous.end - current.start <= 120
        repeated = doc.text[current.start : previous.end]
        assert repeated.startswith("Sentence number") and repeated.endswith("days.")


def test_no_overlap_gives_adjacent_chunks(tmp_path: Path) -> None:
    doc = _markdown(tmp_path, " ".join(_sentence(i) for i in range(20)), name="p.txt")
    chunks = chunk(doc, max_chars=250, overlap=0)
    for previous, current in zip(chunks, chunks[1:], strict=False):
        assert doc.text[previous.end : current.start].strip() == ""


def test_unbreakable_text_is_cut_hard(tmp_path: Path) -> None:
    doc = _markdown(tmp_path, "x" * 1000 + " tail", name="blob.txt")
    chunks = chunk(doc, max_chars=300, overlap=0)
    _check(doc, chunks, 300)
    assert [len(c.text) for c in chunks] == [300, 300, 300, 105]
    assert chunks[-1].text.endswith("x tail")


def test_pdf_pages_and_ids_carry_into_chunks(tmp_path: Path) -> None:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_font("Helvetica", size=11)
    for page in range(2):
        pdf.add_page()
        pdf.multi_cell(0, 6, " ".join(_sentence(i) for i in range(page * 10, page * 10 + 10)))
    data = bytes(pdf.output())
    doc = parse_document(data, name="two.pdf")
    chunks = chunk(doc, max_chars=300, overlap=50)
    _check(doc, chunks, 300)
    assert {c.page for c in chunks} == {1, 2}
    again = chunk(parse_document(data, name="renamed.pdf"), max_chars=300, overlap=50)
    assert [c.chunk_id for c in again] == [c.chunk_id for c in chunks]
    assert len({c.chunk_id for c in chunks}) == len(chunks)
    assert all(c.chunk_id.startswith(doc.content_hash[:24]) for c in chunks)


@pytest.mark.parametrize(
    ("max_chars", "overlap", "field"),
    [
        (199, 0, "max_chars"),
        (True, 0, "max_chars"),
        (1200.0, 0, "max_chars"),
        (1200, -1, "overlap"),
        (1200, 600, "overlap"),
        (201, 101, "overlap"),
        (1200, 1.5, "overlap"),
    ],
)
def test_bad_chunk_arguments_are_refused(
    tmp_path: Path, max_chars: object, overlap: object, field: str
) -> None:
    doc = _markdown(tmp_path, "# A\n\nText.\n")
    with pytest.raises(ValidationError) as caught:
        chunk(doc, max_chars=max_chars, overlap=overlap)  # type: ignore[arg-type]
    assert caught.value.field == field


_WORD = st.text(alphabet="abcdefgXYZ0123456789,;:'()-*|.!?", min_size=1, max_size=14)
_SENTENCE = st.lists(_WORD, min_size=1, max_size=25).map(" ".join)
_BLOCK = st.one_of(
    st.lists(_SENTENCE, min_size=1, max_size=8).map(" ".join),
    st.lists(_SENTENCE, min_size=1, max_size=4).map(
        lambda items: "\n".join(f"- {i}" for i in items)
    ),
    st.tuples(st.integers(1, 4), _SENTENCE).map(lambda h: "#" * h[0] + " " + h[1]),
    st.integers(150, 700).map(lambda n: "y" * n),
    _SENTENCE.map(lambda s: f"```\n{s}\n  {s}\n```"),
)
_MARKDOWNISH = st.lists(_BLOCK, min_size=1, max_size=14).flatmap(
    lambda blocks: st.lists(
        st.sampled_from(["\n", "\n\n", "\n\n\n"]), min_size=len(blocks), max_size=len(blocks)
    ).map(lambda seps: "".join(b + s for b, s in zip(blocks, seps, strict=True)))
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_MARKDOWNISH, max_chars=st.integers(200, 600), data=st.data())
def test_chunks_cover_every_section_within_the_limit(text: str, max_chars: int, data) -> None:
    overlap = data.draw(st.integers(0, (max_chars - 1) // 2), label="overlap")
    try:
        doc = parse_document(text.encode(), name="gen.md")
    except ValidationError:
        return  # nothing but markup: refused as empty, which is its own test
    _check(doc, chunk(doc, max_chars=max_chars, overlap=overlap), max_chars)
