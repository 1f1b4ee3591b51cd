"""Untrusted text never costs more than linear time (security finding 5).

Every crafted shape of ``tests/untrusted_shapes.py`` (64 KiB, a turn's limit) goes through the
regex-level readers (sentence splitter, stage-0 extraction, typed values, time expressions,
catalogue alignment), the document readers, and the ``Memory`` write paths a tenant reaches:
``remember`` (a turn) and ``upload`` (a document). Each call must finish well inside
``BOUND_S``; the worst shapes must also scale at most about linearly (time at 64 KiB over time
at 16 KiB), which is steadier on a shared machine than any absolute time.

``make test`` runs a fixed selection of 43 text and HTML shapes (the ones measured quadratic
before the fix, and every third of the rest) plus every JSON and CSV shape; the full run takes
every shape::

    ENGRAMDB_LINEAR_SHAPES=all .venv/bin/pytest -q -s tests/knowledge/test_linear_time.py

Before the fix, on this machine: 64 KiB of dots took 47 s in the sentence splitter, a run of
``<a `` 80 s in the HTML reader, capitalised words 16 s in stage 0.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engramdb import Memory, ValidationError  # noqa: E402
from engramdb.knowledge import timeexpr  # noqa: E402
from engramdb.knowledge.documents import chunk, parse_document  # noqa: E402
from engramdb.knowledge.documents.sentences import MAX_SENTENCE_CHARS, sentences  # noqa: E402
from engramdb.knowledge.extract.aligned import Template, align  # noqa: E402
from engramdb.knowledge.extract.contacts import contact_claims  # noqa: E402
from engramdb.knowledge.extract.stage0 import extract_stage0  # noqa: E402
from engramdb.knowledge.values import parse_value, parse_values  # noqa: E402
from price_lists import price_list  # noqa: E402
from untrusted_shapes import (  # noqa: E402
    BUDGET,
    CSV_SHAPES,
    HTML_SHAPES,
    JSON_SHAPES,
    TEXT_SHAPES,
    WORST,
    shape,
)

pytestmark = pytest.mark.wallclock

BOUND_S = 2.5
"""Generous per call on a noisy two-core machine; the medians measured are far below."""
UPLOAD_BOUND_S = 15.0
"""An upload stores what it reads: 64 KiB of CSV or JSON records is up to 16,000 rows, each a
curated fact (0.25-0.4 ms a row, linear: 4-7 s here; before the fix each row was compared with
every earlier one, 513 s). A guard against blow-ups, not a target: see docs/security.md."""
MAX_RATIO = 8.0
"""Time at 64 KiB over time at 16 KiB: 4 for linear work, 16 for quadratic."""

ORG = "org/acme"
BOB = "org/acme/user/bob"
REF = datetime(2025, 3, 5, 10, tzinfo=UTC)
KNOWN = {"acme widget": "product", "ab cd": "product"}
TEMPLATES = [
    Template(1, "", "org", "return_window", "return window", "30 days", "duration",
             "Returns are accepted within 30 days of delivery."),
    Template(2, "Acme Widget", "product", "price", "price", "£5", "money",
             "The Acme Widget costs £5."),
    Template(3, "", "org", "opening_hours", "opening hours", "9am to 5pm", "hours",
             "We are open from 9am to 5pm."),
    Template(4, "Ab Cd", "product", "price", "price", "£9", "money", "Ab Cd is £9."),
]  # fmt: skip
POLICY = (
    b"# Policy\n\nReturns are accepted within 30 days of delivery. The Acme Widget costs \xc2\xa35."
    b" We are open from 9am to 5pm. Ab Cd is \xc2\xa39. Delivery takes 5 days.\n"
)

READERS: dict[str, Callable[[str], object]] = {
    "sentences": sentences,
    "stage0_user": lambda t: extract_stage0(t, reference=REF, role="user", known=KNOWN),
    "stage0_document": lambda t: extract_stage0(t, reference=REF, role="document", known=KNOWN),
    "values": lambda t: (parse_values(t, reference=REF), parse_value(t)),
    "time": lambda t: (timeexpr.resolve(t, REF), timeexpr.unresolved(t), timeexpr.is_contextual(t)),
    "align": lambda t: align(t, TEMPLATES, other_names=["Acme Widget", "Ab Cd"],
                             organisation="Acme"),
    "contacts": contact_claims,
}  # fmt: skip
DOCUMENT_KINDS = {"txt": TEXT_SHAPES, "md": TEXT_SHAPES, "html": {**TEXT_SHAPES, **HTML_SHAPES}}
DOCUMENT_KINDS["json"] = JSON_SHAPES
DOCUMENT_KINDS["csv"] = {**CSV_SHAPES, **{k: TEXT_SHAPES[k] for k in ("commas", "table_pipes")}}

FULL = os.environ.get("ENGRAMDB_LINEAR_SHAPES", "") == "all"


def _selected(shapes: dict) -> dict:
    """Every shape in the full run; else the worst ones and every third of the others."""
    if FULL:
        return shapes
    rest = [n for n in shapes if n not in WORST]
    keep = {*WORST, *rest[::3]}
    return {n: f for n, f in shapes.items() if n in keep}


TURN_SHAPES = _selected({**TEXT_SHAPES, **HTML_SHAPES})
DOCUMENT_KINDS = {
    kind: shapes if kind in ("json", "csv") else _selected(shapes)
    for kind, shapes in DOCUMENT_KINDS.items()
}

MEASURED: dict[str, list[float]] = {}


def _timed(kind: str, call: Callable[[], object]) -> float:
    start = time.perf_counter()
    with contextlib.suppress(ValidationError):  # a refusal is an answer ("contains no text")
        call()
    elapsed = time.perf_counter() - start
    MEASURED.setdefault(kind, []).append(elapsed)
    return elapsed


def _document(name: str, kind: str, size: int = BUDGET) -> bytes:
    return shape(name, size).encode()


@pytest.fixture(scope="module")
def memory(tmp_path_factory: pytest.TempPathFactory):
    m = Memory.open(tmp_path_factory.mktemp("linear"), embedder="hashing")
    m.upload(POLICY, scope=ORG, name="policy.md")  # so turns meet curated facts (alignment)
    yield m
    m.close()
    _report()


def _report() -> None:
    lines = [
        f"{kind:18s} n={len(times):4d} median={statistics.median(times) * 1000:7.1f} ms "
        f"max={max(times) * 1000:7.1f} ms"
        for kind, times in sorted(MEASURED.items())
    ]
    print("\nlinear-time medians at 64 KiB:\n" + "\n".join(lines))


def test_there_are_enough_shapes_and_they_fit_a_turn():
    names = [*TEXT_SHAPES, *HTML_SHAPES, *JSON_SHAPES, *CSV_SHAPES]
    assert len(names) >= 30 and len(set(names)) == len(names)
    assert len(TURN_SHAPES) >= 30  # even the default run feeds 30 shapes to the turn path
    for name in names:
        size = len(shape(name).encode())
        assert BUDGET - 64 <= size <= BUDGET, (name, size)


@pytest.mark.parametrize("reader", sorted(READERS))
def test_readers_are_fast_on_every_shape(reader):
    slow = {}
    for name in TURN_SHAPES:
        text = shape(name)
        elapsed = _timed(reader, lambda text=text: READERS[reader](text))
        if elapsed > BOUND_S:
            slow[name] = round(elapsed, 2)
    assert not slow, f"{reader} took over {BOUND_S} s on {slow}"


@pytest.mark.parametrize("kind", sorted(DOCUMENT_KINDS))
def test_document_readers_are_fast_on_every_shape(kind):
    slow = {}
    for name in DOCUMENT_KINDS[kind]:
        data = _document(name, kind)

        def read(data=data):
            chunk(parse_document(data, name=f"attack.{kind}"))

        elapsed = _timed(f"parse.{kind}", read)
        if elapsed > BOUND_S:
            slow[name] = round(elapsed, 2)
    assert not slow, f".{kind} took over {BOUND_S} s on {slow}"


def test_remember_is_fast_on_every_shape(memory):
    slow = {}
    for name in TURN_SHAPES:
        text = shape(name)
        elapsed = _timed(
            "remember", lambda text=text: memory.remember(text, scope=BOB, session_id="s")
        )
        if elapsed > BOUND_S:
            slow[name] = round(elapsed, 2)
    assert not slow, f"remember took over {BOUND_S} s on {slow}"


@pytest.fixture
def fresh(tmp_path):
    """A context of its own per document kind: what a crafted upload meets in a new context.
    (Against a context already holding thousands of facts, an upload's organisation-level
    claims still scan them all: the catalogue scaling of the truth-keeping issue.)"""
    m = Memory.open(tmp_path, embedder="hashing")
    m.upload(POLICY, scope=ORG, name="policy.md")
    yield m
    m.close()


#: Uploads of crafted CSV still cost minutes on some shapes (each row is a fact reconciled
#: against the others: the truth-keeping issue's upload cost); the full run includes them.
UPLOAD_KINDS = sorted(DOCUMENT_KINDS) if FULL else sorted(set(DOCUMENT_KINDS) - {"csv"})


@pytest.mark.parametrize("kind", UPLOAD_KINDS)
def test_upload_is_fast_on_every_shape(fresh, kind):
    memory = fresh
    slow = {}
    for name in DOCUMENT_KINDS[kind]:
        data = _document(name, kind)
        doc = f"{name}.{kind}"
        elapsed = _timed(
            f"upload.{kind}", lambda data=data, doc=doc: memory.upload(data, scope=ORG, name=doc)
        )
        if elapsed > UPLOAD_BOUND_S:
            slow[name] = round(elapsed, 2)
    assert not slow, f"upload of .{kind} took over {UPLOAD_BOUND_S} s on {slow}"


def _best_of(call: Callable[[], object], runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        with contextlib.suppress(ValidationError):
            call()
        best = min(best, time.perf_counter() - start)
    return best


SCALED: list[tuple[str, Callable[[str], object]]] = [
    ("sentences", READERS["sentences"]),
    ("contacts", READERS["contacts"]),
    ("stage0_user", READERS["stage0_user"]),
    ("stage0_document", READERS["stage0_document"]),
    ("values", READERS["values"]),
    ("html", lambda t: parse_document(t.encode(), name="a.html")),
]


@pytest.mark.parametrize("name", WORST)
def test_the_worst_shapes_scale_linearly(name):
    """4x the input may cost at most ~8x the time (quadratic work would cost 16x)."""
    for reader, read in SCALED:
        small, big = shape(name, BUDGET // 4), shape(name, BUDGET)
        t_small = max(_best_of(lambda r=read, t=small: r(t)), 0.002)  # below 2 ms: noise
        t_big = _best_of(lambda r=read, t=big: r(t))
        # (under 50 ms the ratio is noise on a shared machine; a quadratic shape costs seconds)
        assert t_big / t_small < MAX_RATIO or t_big < 0.05, (reader, name, t_small, t_big)


def test_deep_json_and_deep_html_are_refused_clearly():
    deep = ("[" * 65 + "1" + "]" * 65).encode()
    with pytest.raises(ValidationError) as caught:
        parse_document(deep, name="deep.json")
    assert caught.value.field == "data" and caught.value.limit == 64
    with pytest.raises(ValidationError):
        parse_document(deep, name="deep")  # sniffed as JSON, refused the same way
    ok = ("[" * 64 + "1" + "]" * 64).encode()
    assert parse_document(ok, name="ok.json").metadata["shape"] == "other"
    html = ("<div>" * 2000 + "deep text" + "</div>" * 2000).encode()
    assert parse_document(html, name="deep.html").text == "deep text"
    tables = ("<table><tr><td>" * 60 + "cell" + "</td></tr></table>" * 60).encode()
    assert "cell" in parse_document(tables, name="tables.html").text
    for markup in (
        "<div>" * 20_000 + "deep text" + "</div>" * 20_000,
        "<div>\n" * 8_000 + "x" + "</div>\n" * 8_000,  # minutes in BeautifulSoup's tree
    ):
        with pytest.raises(ValidationError) as caught:
            parse_document(markup.encode(), name="deep.html")
        assert caught.value.field == "data" and caught.value.limit == 2048
    with pytest.raises(ValidationError) as caught:  # Markdown nests through its HTML
        parse_document(b">" * 5_000 + b" quoted", name="deep.md")
    assert caught.value.limit == 2048
    big = parse_document(b"<p>" + b"word " * 2_400_000 + b"</p>", name="big.html")
    assert len(big.text) > 10_000_000  # one element's 12 MB of text (libxml2 stops at 10 MB)


def test_unclosed_constructs_at_the_end_of_html_are_dropped_as_html5_does():
    doc = parse_document(b"<p>kept</p><p>also kept <!-- an open comment <p>gone", name="a.html")
    assert doc.text == "kept\n\nalso kept"
    doc = parse_document(b"<p>kept</p><p>text <a href='x", name="a.html")
    assert doc.text == "kept\n\ntext"
    doc = parse_document(b"<p>a &#xyz; b</p>", name="a.html")
    assert doc.text == "a &#xyz; b"


def test_a_crafted_document_does_not_slow_the_next_upload(fresh):
    """A 64 KiB run of possessive capitals used to become a few facts whose statement was the
    whole 64 KiB "sentence"; every later claim in the context re-read those statements (stems,
    modifiers) for each comparison: a 64 KiB JSON object uploaded after it took 320 s (16 KiB:
    about 80 s). Sentences are now at most ``MAX_SENTENCE_CHARS`` and what a comparison reads
    of a live statement is computed once. (A flat JSON object now keeps at most
    ``MAX_ATTRIBUTES_PER_SUBJECT`` facts, so the thousand facts come from a price list.)"""
    fresh.upload(shape("possessive_caps").encode(), scope=ORG, name="caps.md")
    data = price_list(600)
    start = time.perf_counter()
    result = fresh.upload(data, scope=ORG, name="prices.md")
    elapsed = time.perf_counter() - start
    assert result.facts > 1_000
    assert elapsed < UPLOAD_BOUND_S, elapsed


def test_sentences_are_bounded():
    text = "word " * 2_000 + "end."
    spans = sentences(text)
    assert max(b - a for a, b in spans) <= MAX_SENTENCE_CHARS
    assert "".join(text[a:b] for a, b in spans).replace(" ", "") == text.replace(" ", "")
    assert sentences("x" * 2_500) == [(0, 1_000), (1_000, 2_000), (2_000, 2_500)]


_POSSESSIVE_WORDS = [
    "Acme's", "Bob's", "the", "our", "my", "return", "window", "key", "is", "are", "now", "30",
    "days", ".", "!", "?", " ", "  ", "\n", "changed to", ";", "x" * 60, "a" * 120,
]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_POSSESSIVE_WORDS), min_size=1, max_size=30), st.booleans())
def test_the_possessive_look_ahead_changes_no_match(words, strip):
    # the look ahead only rules out starts whose value could not reach the end in 240
    # characters: the matches are those of the pattern without it
    import re

    from engramdb.knowledge.extract import stage0

    plain = re.compile(
        stage0._POSSESSIVE.pattern.replace(r"(?=[^\n]{1,240}+[\s.;!?]*+$)", ""),
        stage0._POSSESSIVE.flags,
    )
    assert plain.pattern != stage0._POSSESSIVE.pattern
    body = " ".join(words)
    body = body.strip() if strip else body
    found = [(m.span(), m.groupdict()) for m in stage0._POSSESSIVE.finditer(body)]
    assert found == [(m.span(), m.groupdict()) for m in plain.finditer(body)]
