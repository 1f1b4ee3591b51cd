"""Untrusted text through a real HTTP server: crafted 64 KiB turns and documents come back fast,
as 201 or a 4xx problem document, never a 5xx (security finding 5: a write holds the context's
lock, so a slow one makes every tenant wait)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from untrusted_shapes import HTML_SHAPES, JSON_SHAPES, TEXT_SHAPES, shape  # noqa: E402

CTX = "untrusted"
ORG = "org/acme"
BOB = "org/acme/user/bob"
BOUND_S = 5.0  # a request, on a shared two-core machine (the readers alone take < 1 s)

TURNS = [
    "dots",
    "bangs_questions",
    "capitals",
    "possessive_caps",
    "i_like",
    "spaces",
    "clock_tokens",
    "durations",
    "on_monday",
    "no_longer",
    "dots_spaced",
    "html_tag_opens",
]
DOCUMENTS = [
    ("dots", "txt"),
    ("possessive_caps", "md"),
    ("list_lines", "md"),
    ("html_comment_opens", "html"),
    ("html_tag_opens", "html"),
    ("html_nested_table", "html"),
    ("html_nested_div", "html"),
    ("html_nested_div_lines", "html"),
    ("blockquotes", "md"),
    ("numbered_lines", "md"),
    ("json_nested_arrays", "json"),
    ("json_long_string", "json"),
    ("csv_quote_comma", "csv"),
    ("csv_wide_header", "csv"),
]
assert all(n in {**TEXT_SHAPES, **HTML_SHAPES, **JSON_SHAPES} or n.startswith("csv") for n in TURNS)


@pytest.fixture(scope="module")
def admin(live):
    # the bootstrap management key reaches every context
    with live.client(live.admin) as c:
        assert c.post("/api/v1/contexts", json={"name": CTX}).status_code == 201
        yield c


def _check(r, elapsed: float, what: str) -> None:
    assert r.status_code < 500, (what, r.status_code, r.text[:300])
    if r.status_code >= 400:
        assert r.headers["content-type"].startswith("application/problem+json"), what
    assert elapsed < BOUND_S, (what, round(elapsed, 2))


@pytest.mark.parametrize("name", TURNS)
@pytest.mark.wallclock
def test_turns_come_back_fast(admin, name):
    text = shape(name)
    start = time.perf_counter()
    r = admin.post(f"/api/v1/{CTX}/facts", json={"scope": BOB, "text": text, "sessionId": "s"})
    _check(r, time.perf_counter() - start, name)
    assert r.status_code == 201, r.text[:300]


def test_a_turn_over_the_limit_is_a_problem_not_a_crash(admin):
    r = admin.post(f"/api/v1/{CTX}/facts", json={"scope": BOB, "text": "." * 70_000})
    assert 400 <= r.status_code < 500


@pytest.mark.parametrize(("name", "ext"), DOCUMENTS)
@pytest.mark.wallclock
def test_documents_come_back_fast(admin, name, ext):
    data = shape(name).encode()
    start = time.perf_counter()
    r = admin.post(
        f"/api/v1/{CTX}/documents?wait=true",
        files={"file": (f"{name}.{ext}", data)},
        data={"scope": ORG},
    )
    _check(r, time.perf_counter() - start, f"{name}.{ext}")


def test_deep_json_is_a_clear_problem(admin):
    r = admin.post(
        f"/api/v1/{CTX}/documents?wait=true",
        files={"file": ("deep.json", b"[" * 5000 + b"]" * 5000)},
        data={"scope": ORG},
    )
    assert r.status_code == 422, r.text[:300]
    assert "64" in r.text


@pytest.mark.wallclock
def test_deeply_nested_html_is_refused_at_once(admin):
    # 256 KiB of nested <div> lines: BeautifulSoup's tree builder re-linked the whole parent
    # chain after each closing tag (quadratic in depth: 27 s here, hours at the 25 MiB limit)
    data = ("<div>\n" * 20_000 + "x" + "</div>\n" * 20_000).encode()
    start = time.perf_counter()
    r = admin.post(
        f"/api/v1/{CTX}/documents?wait=true",
        files={"file": ("deep.html", data)},
        data={"scope": ORG},
    )
    _check(r, time.perf_counter() - start, "deep.html")
    assert r.status_code == 422, r.text[:300]
    assert "2048" in r.text
