"""Fuzzing the HTTP API of a real server on loopback: no 5xx, problem documents for every 4xx,
and nothing acknowledged is lost.

Hypothesis draws request bodies for ``FactIn`` (and batches of them), ``QueryIn``,
``ContextIn``, ``ForgetIn`` and multipart documents, mixing valid values with wrong types,
empty, huge and unicode strings, negative and huge numbers, missing and extra fields, bad
scopes, lenses and context names, and arbitrary JSON; then every operation of the live OpenAPI
document with random path and query parameters, bodies, keys and headers. The parts of the
contract in ``docs/security.md`` are fuzzed too: principals with ``contexts`` and
``PUT /principals/{id}/contexts``; keys with ``contexts``, ``expiresMs`` and ``strict``, made,
rotated and revoked, and then used as callers (live, expired, revoked and rotated-away ones);
``X-On-Behalf-Of`` and ``Idempotency-Key`` with garbage, and replays of the same key by the
same and by other callers; bodies declaring a ``Content-Length`` over the limit and bodies
streamed past it (raw sockets: the answer must come without the body being sent); JSON and
HTML nested too deeply; numbers beyond any integer type; context names and scope paths with a
trailing newline, ``.`` and ``..`` segments and unicode.

Every response must be below 500 (``/reflect`` is a deliberate 501), every 4xx (401 and 413
included) an ``application/problem+json`` document with ``title`` and ``status``. Each write
carries a marker word (``fz<tag><hex>``); every write answered 201 must be found again
afterwards. Along the way the run checks what the contract says outright: a revoked, expired
or rotated-away key is never served; a stored ``Idempotency-Key`` response is replayed only to
the key (and delegation target) that made it, and a repeat never runs the write twice; a
context name, scope path or grant pattern the contract refuses is never accepted; the scoped
key never reaches a context outside its principal's; an oversized body is a 413 (no key: a
401) at once; a JSON body nested deeper than the parser goes (about 1,000 levels) is a 422.

Violations are collected rather than raised at the first one (so one run reports them all,
each with the request that caused it), and each test fails at its end if it added any. Known
server bugs found this way are excused only for the exact class of input that triggers them
(``known_bug``, empty today), and each has a regression test at the end of this file.

The examples are derandomised (the same on every run); set ``ENGRAMDB_FUZZ_RANDOM=1`` to
explore new ones, ``ENGRAMDB_FUZZ_EXAMPLES`` to change how many (default 90 per test, about
1,200 requests and the same 25 seconds as before in ``make test``). The module prints a
summary at its end (requests, by status class, 5xx, problem-document violations, contract
violations, acknowledged writes and how many were found again). The full run, at least
10,000 fuzzed requests (about 11,000; three to four minutes on two cores)::

    ENGRAMDB_FUZZ_EXAMPLES=850 .venv/bin/pytest tests/server/test_fuzz.py -q -s
"""

from __future__ import annotations

import json
import os
import re
import select
import socket
import time
import zlib
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from typing import Any
from urllib.parse import quote, unquote, urlsplit

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

CTX = "fuzz"  # writes, reads; never forgotten in
FORGET_CTX = "fuzz-forget"  # where forget is fuzzed
NAMES_CTX = "fuzz-names"  # where scope paths are registered and tombstoned (by admin, too)
EXAMPLES = int(os.environ.get("ENGRAMDB_FUZZ_EXAMPLES", "90"))
RANDOM = os.environ.get("ENGRAMDB_FUZZ_RANDOM", "") not in ("", "0")

FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not RANDOM,
    database=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
        HealthCheck.function_scoped_fixture,
    ],
)

MARKER = re.compile(r"\bfz[a-z][0-9a-f]{12}\b")
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
DT_MIN_MS, DT_MAX_MS = -62_135_596_800_000, 253_402_300_799_999  # years 1 .. 9999 (UTC)

# The limits of docs/security.md.
MAX_REQUEST_BYTES = 16 * 1024 * 1024  # a JSON body of an import
MAX_BATCH_BYTES = 4 * 1024 * 1024  # a JSON body of a batch route
MAX_JSON_BYTES = 1024 * 1024  # a JSON body of any other route
MAX_UPLOAD_BYTES = 25 * 1024 * 1024  # an uploaded file (plus the form around it)
#: JSON request bodies: what Python's parser accepts (about 1,000 levels); deeper is a 422.
#: Checked with a margin: a body nested more than twice as deep must be refused.
MAX_NESTING = 1_000
RAW_TIMEOUT = 8.0  # seconds to wait for an answer that must come without the body

SCOPED = {
    "memory:read": ["org/f/*"],
    "memory:write": ["org/f/*"],
    "memory:curate": ["org/f/*"],
    "memory:forget": ["org/f/*"],
}
MINION = {**SCOPED, "scope:read": ["org/f/*"], "scope:create": ["org/f/*"]}

# An independent reference of the names the contract accepts (always with fullmatch).
CONTEXT_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
NOT_CONTEXTS = {"contexts", "me", "keys", "principals", "health", "metrics"}  # /api/v1/<word>
PUBLIC = {"/api/v1/health", "/docs", "/docs/oauth2-redirect", "/openapi.json"}


# ----------------------------------------------------------------------------- strategies

SEG = st.from_regex(r"[A-Za-z0-9_.@+-]{1,12}", fullmatch=True).filter(
    lambda s: s not in (".", "..")
)
GOOD_SCOPES = ["org/f", "org/f/user/u1", "org/f/team/t", "org/f/a.b@c+d-e_f", "org/g", "org"]
good_scope = st.one_of(
    st.sampled_from(GOOD_SCOPES),
    st.lists(SEG, min_size=1, max_size=4).map(lambda s: "org/f/" + "/".join(s)),
)
#: Scope paths the contract refuses: a trailing newline, '.' and '..' segments, unicode.
odd_scope = st.one_of(
    st.sampled_from(
        [
            "org/f\n",
            "org/f/user/u1\n",
            "org/f\r\n",
            "org/f\n/x",
            "org/f/.",
            "org/f/..",
            "org/f/../g",
            "org/f/./x",
            "./org/f",
            "../org/f",
            "org/f/../../..",
            "org/f/\u00e9",
            "org/f/\u0131",
            "org/f/\u212a",  # KELVIN SIGN, which lower-cases to 'k'
            "org/f/\uff41",  # FULLWIDTH a
            "org/f/\u0660",  # ARABIC-INDIC ZERO (a digit to str.isdigit)
            "org/f/\ufb01",  # the 'fi' ligature (NFKC: 'fi')
            "org/f/x\u200b",
            "org/f/x\u2028",
            "org/f/x\x85",
            "org/f/" + "9" * 64,
            "org/f/" + str(2**64),
        ]
    ),
    st.builds(
        lambda s, tail: s + tail,
        good_scope,
        st.sampled_from(["\n", "/.", "/..", "/./x", "/../x", "/\u00e9", "\n\n", "/x\n"]),
    ),
)
bad_scope = st.one_of(
    st.sampled_from(
        [
            "",
            "/",
            "//",
            "org//f",
            "org/f/",
            "/org/f",
            "org f",
            "org/f/*",
            "*",
            "x" * 257,
            "a/" * 129,
            "org/\u00e9",
            "org/f/\x00",
            "..",
            "org/../f",
            "ORG/F",
            "org/f/" + "s" * 65,
            "org/f/\ud800",
            "org\\f",
        ]
    ),
    odd_scope,
)
huge_text = st.sampled_from([65_535, 65_536, 65_537, 70_000, 300_000]).map(lambda n: "x" * n)
weird_text = st.sampled_from(
    [
        "",
        " ",
        "\x00",
        "\ud800",
        "a\udfffb",
        "\U0001f600" * 20,
        "\u202e\u200b\ufeff",
        "é" * 40_000,
        "null",
        "<script>alert(1)</script>",
        "'; DROP TABLE facts; --",
        "%s%n%x",
        "\r\n\r\n",
    ]
)
junk_text = st.one_of(st.text(max_size=40), weird_text, huge_text)
numbers = st.one_of(
    st.integers(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, -1, 1, 2**31, 2**63 - 1, 2**63, -(2**63) - 1, 10**30, 2**64, 10**300]),
    st.floats(),
)
json_leaf = st.one_of(st.none(), st.booleans(), numbers, st.text(max_size=20))
junk_json = st.recursive(
    json_leaf,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
anything = st.one_of(junk_text, numbers, st.booleans(), st.none(), junk_json)


def marker(tag: str) -> st.SearchStrategy[str]:
    return st.uuids().map(lambda u: f"fz{tag}{u.hex[:12]}")


def marked_text(tag: str) -> st.SearchStrategy[str]:
    return st.one_of(
        st.builds(lambda m, t: f"{m} {t}", marker(tag), st.text(max_size=200)),
        st.builds(lambda m, n: f"{m} " + "y" * n, marker(tag), st.sampled_from([60_000, 65_000])),
        st.builds(lambda m: f"I live in {m}.", marker(tag)),
        st.builds(lambda m: f"Please always mention {m} first.", marker(tag)),
    )


offsets = st.builds(lambda minutes: timezone(timedelta(minutes=minutes)), st.integers(-1439, 1439))
iso_times = st.one_of(
    st.datetimes().map(datetime.isoformat),
    st.builds(
        lambda d, tz: d.replace(tzinfo=tz).isoformat(),
        st.datetimes(),
        offsets,
    ),
    st.sampled_from(
        [
            "0001-01-01T00:00:00+05:00",
            "9999-12-31T23:59:59-05:00",
            "2024-02-30",
            "2024-01-01T25:00",
            "yesterday",
            "2024-01-01Z",
            "2024-01-01\n",
        ]
    ),
)
times = st.one_of(
    st.none(),
    st.integers(min_value=0, max_value=2**42),
    st.sampled_from([0, -1, DT_MAX_MS, DT_MAX_MS + 1, DT_MIN_MS - 1, 2**63, -(2**63) - 1]),
    iso_times,
    anything,
)
lens = st.one_of(
    st.none(),
    st.lists(st.one_of(good_scope, bad_scope), max_size=3),
    st.lists(st.sampled_from(GOOD_SCOPES), min_size=65, max_size=70),
    anything,
)
k_values = st.one_of(st.integers(min_value=-5, max_value=200), numbers, st.text(max_size=5))


def triple(tag: str) -> st.SearchStrategy[Any]:
    return st.fixed_dictionaries(
        {"subject": st.one_of(marker(tag), junk_text, anything)},
        optional={
            "key": st.one_of(st.sampled_from(["price", "colour", "label"]), junk_text),
            "predicate": junk_text,
            "value": st.one_of(st.sampled_from(["$5", "red", "30 days"]), junk_text, numbers),
            "object": junk_text,
            "type": st.one_of(st.sampled_from(["person", "product", "organisation"]), junk_text),
            "category": st.one_of(st.sampled_from(["identity", "knowledge", "context"]), junk_text),
            "confidence": st.one_of(st.floats(), numbers),
            "objectType": anything,
            "bogus": anything,
        },
    )


def valid_fact(tag: str) -> st.SearchStrategy[dict]:
    turn = st.fixed_dictionaries(
        {"scope": good_scope, "text": marked_text(tag)},
        optional={
            "sessionId": st.one_of(st.none(), st.text(max_size=20)),
            "role": st.sampled_from(["user", "assistant", "system", "tool"]),
            "observedAt": st.one_of(
                st.integers(min_value=1, max_value=DT_MAX_MS), st.datetimes().map(str)
            ),
        },
    )
    triples = st.fixed_dictionaries(
        {
            "scope": good_scope,
            "triples": st.lists(
                st.fixed_dictionaries(
                    {
                        "subject": marker(tag),
                        "key": st.sampled_from(["price", "colour", "label", "opening hours"]),
                        "value": st.sampled_from(["$5", "red", "tag", "9am to 5pm"]),
                    }
                ),
                min_size=1,
                max_size=3,
            ),
        },
        optional={"sourceKind": st.sampled_from(["upsert", "turn", "consolidation", "reflect"])},
    )
    return st.one_of(turn, triples)


def fuzzy_fact(tag: str) -> st.SearchStrategy[Any]:
    body = st.fixed_dictionaries(
        {},
        optional={
            "scope": st.one_of(good_scope, bad_scope, anything),
            "text": st.one_of(marked_text(tag), junk_text, anything),
            "sessionId": st.one_of(st.text(max_size=20), st.just("s" * 257), anything),
            "session_id": st.text(max_size=10),
            "role": st.one_of(st.sampled_from(["user", "tool", "USER", "robot"]), anything),
            "observedAt": times,
            "observed_at": times,
            "triples": st.one_of(st.lists(triple(tag), max_size=3), anything),
            "sourceKind": st.one_of(
                st.sampled_from(["upsert", "turn", "consolidation", "reflect", "elaboration"]),
                anything,
            ),
            "source_kind": st.sampled_from(["upsert", "turn", "document"]),
            "bogus": anything,
        },
    )
    return st.one_of(body, junk_json)


def mutated(valid: st.SearchStrategy[dict], fields: dict[str, Any]) -> st.SearchStrategy[dict]:
    """A valid body with one field replaced (or removed): the rest stays valid, so the odd
    value reaches the code behind the schema."""
    return st.one_of(
        *(st.builds(lambda b, v, f=f: {**b, f: v}, valid, values) for f, values in fields.items()),
        st.builds(
            lambda b, f: {k: v for k, v in b.items() if k != f},
            valid,
            st.sampled_from(sorted(fields)),
        ),
    )


def fact_fields(tag: str) -> dict[str, Any]:
    return {
        "scope": st.one_of(bad_scope, odd_scope, good_scope, anything),
        "text": st.one_of(junk_text, anything),
        "sessionId": st.one_of(st.text(max_size=20), st.just("s" * 257), anything),
        "role": st.one_of(st.sampled_from(["USER", "robot", ""]), anything),
        "observedAt": times,
        "observed_at": times,
        "triples": st.one_of(st.lists(triple(tag), max_size=3), anything),
        "sourceKind": st.one_of(st.sampled_from(["upsert", "document", "reflect"]), anything),
        "bogus": anything,
    }


def fact_body(tag: str) -> st.SearchStrategy[Any]:
    return st.one_of(valid_fact(tag), mutated(valid_fact(tag), fact_fields(tag)), fuzzy_fact(tag))


valid_query = st.fixed_dictionaries(
    {"query": st.one_of(marker("q"), st.text(min_size=1, max_size=50))},
    optional={
        "lens": st.lists(good_scope, min_size=1, max_size=3),
        "k": st.integers(min_value=1, max_value=100),
        "mode": st.sampled_from(["hybrid", "vector", "bm25", "graph"]),
        "asOf": st.one_of(st.integers(min_value=0, max_value=DT_MAX_MS), iso_times),
        "explain": st.booleans(),
    },
)
query_body = st.one_of(
    valid_query,
    mutated(
        valid_query,
        {
            "query": st.one_of(junk_text, anything),
            "lens": lens,
            "k": k_values,
            "mode": st.one_of(st.sampled_from(["HYBRID", "fts", "", "hybrid\n"]), anything),
            "asOf": times,
            "explain": anything,
            "bogus": anything,
        },
    ),
    st.fixed_dictionaries(
        {},
        optional={
            "query": st.one_of(junk_text, anything),
            "lens": lens,
            "k": k_values,
            "mode": st.one_of(st.sampled_from(["hybrid", "HYBRID", "fts", ""]), anything),
            "asOf": times,
            "as_of": times,
            "explain": anything,
            "bogus": anything,
        },
    ),
    junk_json,
)
context_body = st.one_of(
    st.fixed_dictionaries(
        {},
        optional={
            "query": st.one_of(st.none(), junk_text, anything),
            "lens": lens,
            "k": k_values,
            "bogus": anything,
        },
    ),
    junk_json,
)
forget_ids = st.one_of(
    st.sampled_from(
        ["fact:1", "fact:2", "1", "2", "turn-0", "chunk-1", "fact:", "fact:x", "fact:-1", "-1"]
    ),
    st.sampled_from(["\u00b2", "fact:\u00b2", "\u0661\u0662", str(2**63), "fact:" + "9" * 30]),
    st.sampled_from(["fact:1\n", "fact:../1", "fact:1.0", "fact:1e3", "fact:" + "9" * 5000]),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.integers().map(lambda n: f"fact:{n}"),
    junk_text,
    anything,
)
forget_body = st.one_of(
    st.fixed_dictionaries({"id": forget_ids}),
    st.fixed_dictionaries(
        {"scope": st.one_of(good_scope, bad_scope)}, optional={"purge": st.booleans()}
    ),
    st.fixed_dictionaries(
        {"query": st.text(min_size=1, max_size=30)}, optional={"purge": st.booleans()}
    ),
    st.fixed_dictionaries(
        {},
        optional={
            "query": st.one_of(st.text(max_size=30), junk_text, anything),
            "id": forget_ids,
            "scope": st.one_of(good_scope, bad_scope, anything),
            "purge": st.one_of(st.booleans(), anything),
            "bogus": anything,
        },
    ),
    junk_json,
)
#: Context names the contract refuses (each must be a 404 or a 422, never served).
odd_context = st.one_of(
    st.sampled_from(
        [
            "fuzz\n",
            "fuzz\r\n",
            "fuzz\x00",
            "fuzz ",
            " fuzz",
            ".",
            "..",
            "fuzz/..",
            "../fuzz",
            "fuzz/.",
            "Fuzz",
            "FUZZ",
            "\uff46\uff55\uff5a\uff5a",  # FULLWIDTH 'fuzz' (NFKC: 'fuzz')
            "fuzz\u200b",
            "fuzz\u0307",
            "fu\u017ez",
            "\u0131",
            "fuzz\u2028",
            "fuzz\x85",
            "x" * 65,
            "-fuzz",
            "_fuzz",
            "9" * 5000,
            str(2**64) + "\n",
            "%2e%2e",
            "*",
        ]
    ),
    st.builds(lambda c, tail: c + tail, st.sampled_from([CTX, FORGET_CTX]), st.just("\n")),
)
context_names = st.one_of(
    st.just(CTX),
    st.just(CTX),
    st.sampled_from(["nowhere", "contexts", "me", "keys", "A", "-x", "x" * 65, "é", "a b"]),
    st.sampled_from([NAMES_CTX, "9" * 64, str(2**64)]),
    odd_context,
    st.text(max_size=20),
)


def _header_safe(raw: bytes) -> bytes:
    """What h11 lets through as a header value: no control characters (tab inside only), no
    whitespace at either end; obs-text (0x80-0xff) stays."""
    out = bytes(b if b == 0x09 or 0x20 <= b != 0x7F else 0x3F for b in raw)
    return out.strip(b" \t")


header_garbage = st.one_of(
    st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=40).map(
        lambda s: _header_safe(s.encode())
    ),
    st.binary(max_size=60).map(_header_safe),
    st.text(max_size=20).map(lambda s: _header_safe(s.encode("utf-8", "surrogatepass"))),
    st.sampled_from(
        [
            b"*",
            b"..",
            b"null",
            b"p_" + b"0" * 300,
            b"\xff\xfe",
            "é".encode(),
            "\u0085".encode("latin-1"),
            b"1e309",
            str(2**64).encode(),
            b"-1",
            b"a\tb",
        ]
    ),
)
#: X-On-Behalf-Of: garbage, or a principal id (resolved by the harness) with odd edges.
on_behalf = st.one_of(
    st.none(),
    st.none(),
    st.none(),
    st.builds(
        lambda who, tail: ("@" + who, tail),
        st.sampled_from(["minion", "target", "scoped", "admin", "missing"]),
        st.sampled_from(["", "", "", "\xa0", "\x85", "x", "\u00e9", " \t "]),
    ),
    header_garbage,
)
idem_keys = st.one_of(
    st.uuids().map(lambda u: f"ik-{u.hex}".encode()),
    st.uuids().map(lambda u: f"ik-{u.hex}".encode()),
    header_garbage,
    st.sampled_from([b"k" * 255, b"k" * 256, b"k" * 4000, ("é" * 128).encode(), b"0", b"-1"]),
    st.text(alphabet="é✓\u00a0x", min_size=1, max_size=140).map(lambda s: _header_safe(s.encode())),
)


# ----------------------------------------------------------------------------- known bugs


def _ms(value: Any) -> int | None:
    """What the server makes of an ``observedAt``/``asOf`` value (None: not a time)."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            when = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        return int(when.timestamp() * 1000)
    return None


def _outside(ms: int | None, low: int, high: int) -> bool:
    return ms is not None and not low <= ms <= high


def _fact_items(path: str, body: Any) -> list[dict]:
    if path.endswith("/facts") and isinstance(body, dict):
        return [body]
    if path.endswith("/facts/batch") and isinstance(body, dict):
        items = body.get("items")
        return [i for i in items if isinstance(i, dict)] if isinstance(items, list) else []
    return []


def known_bug(method: str, path: str, body: Any = None) -> str | None:
    """The known bug this request runs into, if any. None are open: the classes found by this
    fuzz (observedAt outside years 1-9999, asOf/expiresMs/document ids beyond int64, text and
    triples together, reflection gists over the text limit) were fixed and each keeps a
    regression test at the end of this file."""
    return None


# ----------------------------------------------------------------------------- counting


class Stats:
    """Every HTTP request this module makes (module-level: the fixtures' and the regression
    tests' clients count too), and what the checks found."""

    def __init__(self) -> None:
        self.requests = 0  # every request, fuzzed or not
        self.fuzzed = 0  # drawn by hypothesis: Harness.send and Harness.raw
        self.statuses: Counter = Counter()  # of every request
        self.fuzzed_statuses: Counter = Counter()
        self.server_errors: list[str] = []  # 5xx (but the deliberate 501 of /reflect)
        self.not_problems: list[str] = []  # a 4xx that is no problem document
        self.contract: list[str] = []  # what docs/security.md says outright, broken
        self.acked = 0  # writes answered 201 whose markers are looked for
        self.found = 0  # ... and found again
        self.lost: list[str] = []
        self.documents = 0
        self.started = time.monotonic()
        self.slow: list[tuple[float, str]] = []
        self.log: list[str] = []

    def timed(self, seconds: float, method, url, code, content, files) -> None:
        """Keep the slowest requests for the summary (the contract wants linear time)."""
        if seconds < 1:
            return
        size = len(content) if content is not None else len(files["file"][1]) if files else 0
        name = f" file {files['file'][0]!r}" if files else ""
        self.slow.append((seconds, f"{method} {url[:100]} -> {code} ({size} bytes{name})"))
        self.slow = sorted(self.slow, reverse=True)[:8]

    def count(self, status: int) -> None:
        self.requests += 1
        self.statuses[status] += 1

    def record(self, kind: str, text: str) -> None:
        getattr(self, kind).append(text)
        label = {"server_errors": "5xx", "not_problems": "not a problem document"}
        self.log.append(f"{label.get(kind, 'contract')}: {text}")

    def violations(self) -> list[str]:
        """Every violation, in the order found."""
        return self.log

    def summary(self) -> str:
        def classes(c: Counter) -> dict[str, int]:
            out: Counter = Counter()
            for code, n in c.items():
                out[f"{code // 100}xx"] += n
            return dict(sorted(out.items()))

        lines = [
            f"fuzz summary ({EXAMPLES} examples per test, "
            f"{time.monotonic() - self.started:.0f} s):",
            f"  requests: {self.requests} in all, {self.fuzzed} fuzzed "
            f"(the rest: setup, look-ups of acknowledged writes, regression tests)",
            f"  fuzzed by status class: {classes(self.fuzzed_statuses)}",
            f"  fuzzed by status: {dict(sorted(self.fuzzed_statuses.items()))}",
            f"  all by status class: {classes(self.statuses)}",
            f"  5xx: {len(self.server_errors)}",
            f"  4xx that are no problem document: {len(self.not_problems)}",
            f"  contract violations: {len(self.contract)}",
            f"  acknowledged writes (markers): {self.acked}, found again: {self.found}, "
            f"lost: {len(self.lost)}; documents acknowledged: {self.documents}",
        ]
        for seconds, what in self.slow:
            lines.append(f"  slow: {seconds:.1f} s {what}")
        kinds: dict[str, list[str]] = {}
        for v in self.log:  # grouped by what broke, with the first request of each
            kind = re.sub(r"'[^']*'|\d+", "…", v.split(" -> ")[0].split(": {")[0])[:110]
            kinds.setdefault(kind, []).append(v)
        for kind, seen in kinds.items():
            lines.append(f"  - {len(seen)} x {kind}\n      first: {seen[0][:1200]}")
        for v in self.lost[:20]:
            lines.append("  - lost: " + v[:300])
        return "\n".join(lines)


STATS = Stats()


def _counted(resp: httpx.Response) -> None:
    STATS.count(resp.status_code)


def _client(url: str, token: str | None = None, timeout: float = 30) -> httpx.Client:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.Client(
        base_url=url, headers=headers, timeout=timeout, event_hooks={"response": [_counted]}
    )


# ----------------------------------------------------------------------------- the harness


def _quoted(value: str, safe: str = "") -> str:
    """Percent-encoded, '.' too: a client would otherwise fold '.' and '..' segments away."""
    return quote(value.encode("utf-8", "surrogatepass"), safe=safe).replace(".", "%2E")


def _unquoted(value: str) -> str:
    return unquote(value, errors="surrogatepass")


def _refused_path(value: Any) -> bool:
    """A scope path or pattern the contract refuses: a trailing newline (any line break at
    the end), or a '.' or '..' segment."""
    if not isinstance(value, str):
        return False
    if value != value.rstrip("\n\r"):
        return True
    return any(seg in (".", "..") for seg in value.strip("/").split("/"))


def _refused_context(value: Any) -> bool:
    return isinstance(value, str) and value != "*" and not CONTEXT_NAME.fullmatch(value)


def _refused_in(path: str, body: Any) -> str | None:
    """What in this request the contract refuses outright (so a 2xx answer breaks it)."""
    parts = path.split("/")
    if len(parts) >= 4 and parts[1:3] == ["api", "v1"] and parts[3] not in NOT_CONTEXTS:
        name = _unquoted(parts[3])
        if not CONTEXT_NAME.fullmatch(name):
            return f"context name {name[:80]!r}"
        if (
            len(parts) >= 6
            and parts[4] == "scopes"
            and _refused_path(_unquoted("/".join(parts[5:])))
        ):
            return f"scope path {_unquoted('/'.join(parts[5:]))[:80]!r}"
    if not isinstance(body, dict):
        return None
    name = body.get("name")
    if path == "/api/v1/contexts" and isinstance(name, str) and not CONTEXT_NAME.fullmatch(name):
        return f"context name {name[:80]!r}"
    contexts = body.get("contexts")
    if isinstance(contexts, list) and any(_refused_context(c) for c in contexts):
        return f"contexts {contexts!r:.120}"
    grants = body.get("grants")
    if isinstance(grants, dict):
        for patterns in grants.values():
            if isinstance(patterns, list) and any(_refused_path(p) for p in patterns):
                return f"grant patterns {patterns!r:.120}"
    items = [body]
    if isinstance(body.get("items"), list):
        items += [i for i in body["items"] if isinstance(i, dict)]
    for item in items:
        for field in ("scope", "path"):
            if _refused_path(item.get(field)):
                return f"{field} {item[field][:80]!r}"
    return None


@dataclass
class Minted:
    """A key made during the run (of the minion or the fuzzer principal), used as a caller."""

    key_id: str
    token: str
    principal: str
    expires_ms: int | None
    dead: str = ""  # why it must no longer be served: revoked, rotated

    def dead_now(self) -> str:
        if self.dead:
            return self.dead
        if self.expires_ms is not None and time.time() * 1000 > self.expires_ms + 1000:
            return "expired"
        return ""


ROTATE = re.compile(r"/api/v1/keys/([^/]+)/rotate")
KEY = re.compile(r"/api/v1/keys/([^/]+)")
IDEMPOTENT = re.compile(r"/api/v1/[^/]+/(?:facts|facts/batch|forget)")


def _purges(method: str, path: str, content: object) -> bool:
    """A request that purges (forget with ``purge``: true)."""
    if method != "POST" or not path.endswith("/forget"):
        return False
    try:
        body = json.loads(content) if isinstance(content, bytes | str) else None
    except (ValueError, UnicodeDecodeError):
        return False
    return isinstance(body, dict) and body.get("purge") is True


class Harness:
    def __init__(self, live, admin: str, scoped: str, spec: dict, ids: dict[str, str]):
        self.live = live
        self.admin = admin
        self.scoped = scoped
        self.spec = spec
        self.ids = ids  # principal ids: admin, scoped, minion, target; key ids: *-key
        # a fresh connection per request: after an unhandled exception the server drops the
        # connection, which must not turn into a transport error on the next request
        self.http = httpx.Client(
            base_url=live.url,
            timeout=60,
            limits=httpx.Limits(max_keepalive_connections=0),
            event_hooks={"response": [_counted]},
        )
        self.requests = 0
        self.statuses: Counter = Counter()
        self.known: Counter = Counter()
        self.acked: dict[str, tuple[str, str]] = {}  # marker -> (text|triples, what)
        self.documents: dict[int, str] = {}  # document id -> its marker (if text)
        self.minted: list[Minted] = []  # every key made, live or dead
        self.by_token: dict[str, Minted] = {}
        self.by_key: dict[str, Minted] = {}
        self.principal_of = {admin: ids["admin"], scoped: ids["scoped"]}
        # (token, delegation target, Idempotency-Key) -> (request, status, body) of a 2xx
        self.idem: dict[tuple[str, str, bytes], tuple[Any, int, Any]] = {}

    # -------------------------------------------------------------- callers

    def add_key(self, doc: dict) -> None:
        if doc.get("principalId") not in (self.ids["minion"], self.ids["scoped"]):
            return  # keys of the admin or the target principal may manage: never callers
        if doc["keyId"] == self.ids["scoped-key"]:
            return
        m = Minted(doc["keyId"], doc["token"], doc["principalId"], doc.get("expiresMs"))
        self.minted.append(m)
        self.by_token[m.token] = m
        self.by_key[m.key_id] = m
        self.principal_of[m.token] = m.principal

    def token(self, which: str) -> dict[str, str]:
        if which.startswith("minted:"):
            tok = self.minted[int(which[7:]) % len(self.minted)].token if self.minted else None
        else:
            tok = {"admin": self.admin, "scoped": self.scoped, "junk": "egdb_junk_junk"}.get(which)
        return {"Authorization": f"Bearer {tok}"} if tok else {}

    def behalf(self, value: Any) -> bytes | None:
        """An X-On-Behalf-Of value: garbage bytes, or ('@who', tail) for a principal id."""
        if value is None or isinstance(value, bytes):
            return value
        who, tail = value
        pid = self.ids.get(who[1:], "p_missing000000")
        return _header_safe((pid + tail).encode("utf-8"))

    def headers(
        self, who: str, ob: Any = None, idem: bytes | None = None
    ) -> dict[str, str | bytes]:
        h: dict[str, str | bytes] = dict(self.token(who))
        value = self.behalf(ob)
        if value is not None:
            h["X-On-Behalf-Of"] = value
        if idem is not None:
            h["Idempotency-Key"] = idem
        return h

    def key_id_of(self, who: str) -> str | None:
        tok = self.token(who).get("Authorization", "")[7:]
        return tok[5:17] if tok.startswith("egdb_") else None

    def _identity(self, h: dict) -> tuple[str, str] | None:
        """Whose stored Idempotency-Key responses a request may see: its key, and its
        delegation target (none when it names the caller's own principal)."""
        token = str(h.get("Authorization", ""))[7:]
        principal = self.principal_of.get(token)
        if principal is None:
            return None  # no key, junk: refused before any response is stored
        ob = h.get("X-On-Behalf-Of")
        if isinstance(ob, bytes):
            ob = ob.decode("latin-1")
        ob = (ob or "").strip()
        return token, "" if ob == principal else ob

    # -------------------------------------------------------------- requests

    def send(
        self,
        method: str,
        path: str,
        *,
        body: Any = None,
        raw: bytes | None = None,
        params: Any = None,
        headers: dict | None = None,
        files: Any = None,
        data: Any = None,
    ) -> httpx.Response:
        h = dict(headers or {})
        content = raw
        if body is not None and raw is None:
            content = json.dumps(body).encode()  # ASCII; NaN/Infinity allowed (as Python does)
            h.setdefault("content-type", "application/json")
        url = path
        if params:  # encoded here: values may hold lone surrogates
            url += "?" + "&".join(f"{_quoted(k)}={_quoted(v)}" for k, v in params)
        started = time.monotonic()
        resp = self.http.request(method, url, content=content, headers=h, files=files, data=data)
        STATS.timed(time.monotonic() - started, method, url, resp.status_code, content, files)
        self.requests += 1
        self.statuses[resp.status_code] += 1
        STATS.fuzzed += 1
        STATS.fuzzed_statuses[resp.status_code] += 1
        what = self.describe(method, url, h, content, files, data)
        bug = known_bug(method, path, body)
        if resp.status_code >= 500 and bug is not None:
            self.known[bug] += 1
            return resp
        self.check(method, path, resp, what)
        self.follow(method, path, h, body if raw is None else None, content, resp, what)
        return resp

    def describe(self, method, url, h, content, files=None, data=None) -> str:
        """The request, to reproduce it: tokens named by whose they are."""
        names = {self.admin: "<admin>", self.scoped: "<scoped>"}
        shown = {}
        for k, v in h.items():
            if k.lower() == "authorization":
                tok = str(v)[7:]
                m = self.by_token.get(tok)
                v = names.get(tok) or (
                    f"<minted {m.key_id} of {m.principal} {m.dead_now() or 'live'}>" if m else v
                )
            shown[k] = v
        text = f"{method} {url[:300]} headers={shown}"
        if content is not None:
            text += f" body={bytes(content)[:600]!r}" + (
                f"... ({len(content)} bytes)" if len(content) > 600 else ""
            )
        if files:
            part = files["file"]
            text += f" file=({part[0]!r}, {part[1][:200]!r}, ...) form={data!r:.200}"
        return text

    @staticmethod
    def check(method: str, path: str, resp: httpx.Response, what: str = "") -> None:
        code = resp.status_code
        seen = f"-> {code}: {resp.text[:300]}\n      request: {what or method + ' ' + path}"
        deliberate = code == 501 and path.endswith("/reflect")
        if code >= 500 and not deliberate:
            time.sleep(0.5)  # let the server thread log its traceback first (see _expect)
            STATS.record("server_errors", seen)
            return
        if code >= 400:
            try:
                doc = resp.json()
            except ValueError:
                doc = None
            ok = (
                resp.headers.get("content-type", "").startswith("application/problem+json")
                and isinstance(doc, dict)
                and isinstance(doc.get("title"), str)
                and bool(doc["title"])
                and doc.get("status") == code
            )
            if not ok:
                STATS.record("not_problems", seen)
        elif 200 <= code < 300 and code != 204:
            try:
                resp.json()  # a JSON body
            except ValueError:
                STATS.record("contract", "a 2xx that is not JSON " + seen)

    def follow(self, method, path, h, body, content, resp, what) -> None:
        """What the contract says outright about this request, and the keys it made."""
        code = resp.status_code
        ok = 200 <= code < 300
        token = str(h.get("Authorization", ""))[7:]
        minted = self.by_token.get(token)
        seen = f"-> {code}: {resp.text[:200]}\n      request: {what}"
        if ok and minted is not None and path not in PUBLIC and minted.dead_now():
            STATS.record("contract", f"a {minted.dead_now()} key was served {seen}")
        if ok:
            refused = _refused_in(path, body)
            if refused is not None:
                STATS.record("contract", f"accepted {refused}, which the contract refuses {seen}")
        parts = path.split("/")
        scoped = ok and token == self.scoped
        if (
            scoped
            and len(parts) > 4
            and _unquoted(parts[3]) not in NOT_CONTEXTS | {CTX, FORGET_CTX}
        ):
            STATS.record("contract", f"the scoped key reached another context {seen}")
        listed = (
            resp.json()["contexts"]
            if scoped and method == "GET" and path == "/api/v1/contexts"
            else []
        )
        if not set(listed) <= {CTX, FORGET_CTX}:
            STATS.record("contract", f"the scoped key lists contexts it does not reach {seen}")
        # keys made, rotated and revoked
        if code == 201 and method == "POST" and path == "/api/v1/keys":
            self.add_key(resp.json())
        elif code == 200 and method == "POST" and (m := ROTATE.fullmatch(path)):
            old = self.by_key.get(_unquoted(m.group(1)))
            if old is not None:
                old.dead = "rotated-away"
                tok = resp.json()["token"]
                self.add_key(
                    {
                        "keyId": tok[5:17],
                        "token": tok,
                        "principalId": old.principal,
                        "expiresMs": old.expires_ms,
                    }
                )
        elif code == 200 and method == "DELETE" and (m := KEY.fullmatch(path)):
            old = self.by_key.get(_unquoted(m.group(1)))
            if old is not None:
                old.dead = "revoked"
        self.follow_idempotency(method, path, h, content, resp, seen)

    def follow_idempotency(self, method, path, h, content, resp, seen) -> None:
        if 200 <= resp.status_code < 300 and _purges(method, path, content):
            # a purge, with an Idempotency-Key or without, drops its context's stored responses
            # (docs/security.md): they may quote what was purged; a keyed purge's own answer
            # (counts) is kept, below (the model dropped them only for keyed purges: a later
            # request reusing a key then looked like one that ran again instead of a 409)
            prefix = path.split("/forget")[0].split("/documents")[0] + "/"
            for other in [s for s, v in self.idem.items() if _unquoted(v[0][0]).startswith(prefix)]:
                del self.idem[other]
        key = h.get("Idempotency-Key")
        if isinstance(key, str):
            key = key.encode("latin-1")
        if not key or method != "POST" or not IDEMPOTENT.fullmatch(path):
            return
        who = self._identity(h)
        if who is None:
            return
        request = (_unquoted(path), content)
        slot = (*who, key)
        stored = self.idem.get(slot)
        code = resp.status_code
        if resp.headers.get("idempotent-replayed") == "true":
            if stored is None or stored[0] != request:
                STATS.record(
                    "contract",
                    "a response replayed to a caller (key, delegation target) that did not "
                    f"make it, or for another request {seen}",
                )
            elif (code, resp.json()) != stored[1:]:
                STATS.record("contract", f"the replay differs from the response stored {seen}")
            return
        if stored is not None and 200 <= code < 300:
            again = "the same request" if stored[0] == request else "another request"
            STATS.record(
                "contract",
                f"an Idempotency-Key already answered {stored[1]} ran {again} again {seen}",
            )
            return
        if 200 <= code < 300 and _purges(method, path, content):
            stored = None  # (its context's stored responses were dropped: see below)
        if stored is None and 200 <= code < 300:
            self.idem[slot] = (request, code, resp.json())

    def raw(
        self,
        method: str,
        path: str,
        headers: dict[str, str | bytes],
        *,
        stream: int = 0,
        chunk: int = 256 * 1024,
    ) -> httpx.Response | None:
        """A request over a raw socket that sends its head and no body (``stream``: that
        many chunks of a chunked body, stopping as soon as the server answers). None: no
        answer within RAW_TIMEOUT."""
        u = urlsplit(self.live.url)
        head = [f"{method} {path} HTTP/1.1".encode(), f"Host: {u.netloc}".encode()]
        head += [
            k.encode() + b": " + (v if isinstance(v, bytes) else v.encode())
            for k, v in headers.items()
        ]
        if stream:
            head.append(b"Transfer-Encoding: chunked")
        data = b""
        with socket.create_connection((u.hostname, u.port), timeout=RAW_TIMEOUT) as s:
            s.sendall(b"\r\n".join(head) + b"\r\n\r\n")
            piece = b"%x\r\n" % chunk + b"[" * chunk + b"\r\n"
            try:
                for i in range(stream):
                    if select.select([s], [], [], 0.2 if i == 0 else 0)[0]:
                        break  # answered: stop sending
                    s.sendall(piece)
                else:
                    if stream:
                        s.sendall(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                pass
            deadline = time.monotonic() + RAW_TIMEOUT
            while time.monotonic() < deadline:
                try:
                    part = s.recv(65536)
                except TimeoutError:
                    break
                except ConnectionResetError:
                    break
                if not part:
                    break
                data += part
                top, sep, rest = data.partition(b"\r\n\r\n")
                if sep:
                    length = re.search(rb"(?im)^content-length:\s*(\d+)", top)
                    if length and len(rest) >= int(length.group(1)):
                        break
        STATS.fuzzed += 1
        top, sep, rest = data.partition(b"\r\n\r\n")
        if not sep:
            STATS.count(0)
            STATS.fuzzed_statuses[0] += 1
            return None
        lines = top.decode("latin-1").split("\r\n")
        code = int(lines[0].split()[1])
        fields = [tuple(x.strip() for x in line.split(":", 1)) for line in lines[1:] if ":" in line]
        STATS.count(code)
        STATS.fuzzed_statuses[code] += 1
        return httpx.Response(code, headers=fields, content=rest)

    # -------------------------------------------------------------- acknowledged writes

    def ack(self, path: str, body: Any, resp: httpx.Response) -> None:
        """Remember what a write answered 201 says it kept, to look for it at the end: a turn's
        text (its markers), and of triples those the reconciliation stored or corroborated
        (a triple may be declined, e.g. below the confidence floor, and the answer says so)."""
        if resp.status_code != 201:
            return
        answer = resp.json()
        results = answer["results"] if path.endswith("/batch") else [answer]
        for item, result in zip(_fact_items(path, body), results, strict=True):
            what = f"{path.rsplit('/', 1)[-1]}: {json.dumps(item)[:200]}"
            if item.get("triples") is None:
                for m in MARKER.findall(json.dumps(item.get("text"))):
                    self.acked.setdefault(m, ("text", what))
                continue
            for d in result["decisions"]:
                if d["stored"] is not None or d["corroborated"] is not None:
                    for m in MARKER.findall(json.dumps(d["claim"])):
                        self.acked.setdefault(m, ("triples", what))

    def found(self, m: str) -> bool:
        """A query for the marker finds it (a turn's or a chunk's exact word ranks first)."""
        h = self.token("admin")
        for mode in ("bm25", "hybrid"):
            r = self.http.post(
                f"/api/v1/{CTX}/query", json={"query": m, "k": 50, "mode": mode}, headers=h
            )
            assert r.status_code == 200, r.text
            if any(m in hit["text"] for hit in r.json()["hits"]):
                return True
        return False

    def live_facts(self) -> set[str]:
        """The markers in the statements of every live fact (``GET /state``, no lens).

        Facts are checked here rather than by query: a fact's score is capped near 1, and
        turns written many times (hypothesis repeats values) can outrank it for a query they
        share no word with, so ranking alone would report false losses."""
        r = self.http.get(f"/api/v1/{CTX}/state", headers=self.token("admin"))
        assert r.status_code == 200, r.text
        state = r.json()
        return {
            m
            for cat in ("identity", "knowledge", "context")
            for f in state[cat]
            for m in MARKER.findall(f["statement"])
        }

    def lost(self) -> list[str]:
        facts = self.live_facts()
        lost = [
            f"{m} ({what})"
            for m, (kind, what) in sorted(self.acked.items())
            if not (m in facts if kind == "triples" else self.found(m))
        ]
        STATS.acked, STATS.found, STATS.lost = len(self.acked), len(self.acked) - len(lost), lost
        return lost

    # -------------------------------------------------------------- verdicts

    @staticmethod
    def mark() -> int:
        return len(STATS.violations())

    @staticmethod
    def clean(since: int) -> None:
        """Fail (without a traceback, see _expect) if this test added violations."""
        new = STATS.violations()[since:]
        _expect(not new, f"{len(new)} violations:\n" + "\n".join(v[:1500] for v in new[:25]))


def _make_key(admin: httpx.Client, harness_keys: list[dict], **body) -> dict:
    r = admin.post("/api/v1/keys", json=body)
    assert r.status_code == 201, r.text
    harness_keys.append(r.json())
    return r.json()


@pytest.fixture(scope="module")
def harness(live, request):
    made: list[dict] = []
    with _client(live.url, live.admin) as admin:
        for name in (CTX, FORGET_CTX, NAMES_CTX):
            assert admin.post("/api/v1/contexts", json={"name": name}).status_code == 201
        me = admin.get("/api/v1/me").json()
        ids = {"admin": me["principal"]["id"], "admin-key": me["keyId"]}
        body = {"name": "fuzzer", "grants": SCOPED, "contexts": [CTX, FORGET_CTX]}
        r = admin.post("/api/v1/principals", json=body)
        assert r.status_code == 201, r.text
        ids["scoped"] = r.json()["id"]
        r = admin.post("/api/v1/keys", json={"principalId": ids["scoped"]})
        assert r.status_code == 201, r.text
        scoped = r.json()["token"]
        ids["scoped-key"] = r.json()["keyId"]
        # the minion's keys are the callers "minted:<n>": live, strict, narrow, expiring,
        # revoked and rotated ones; its grants never change (no grant:manage), its contexts do
        everywhere = [CTX, FORGET_CTX, NAMES_CTX]
        body = {"name": "minion", "kind": "agent", "grants": MINION, "contexts": everywhere}
        r = admin.post("/api/v1/principals", json=body)
        assert r.status_code == 201, r.text
        ids["minion"] = minion = r.json()["id"]
        body = {"name": "fuzz-target", "grants": SCOPED, "contexts": [CTX]}
        r = admin.post("/api/v1/principals", json=body)
        assert r.status_code == 201, r.text
        ids["target"] = r.json()["id"]
        now = int(time.time() * 1000)
        _make_key(admin, made, principalId=minion, label="plain")
        _make_key(admin, made, principalId=minion, strict=True, label="strict")
        _make_key(admin, made, principalId=minion, contexts=[FORGET_CTX], label="forget-only")
        _make_key(admin, made, principalId=minion, grants={"memory:read": ["org/f/*"]})
        _make_key(admin, made, principalId=minion, expiresMs=now + 1500, label="short")
        _make_key(admin, made, principalId=minion, expiresMs=now + 3_600_000, label="hour")
        revoked = _make_key(admin, made, principalId=minion, label="revoked")
        rotated = _make_key(admin, made, principalId=minion, label="rotated")
        for i in range(5):
            r = admin.post(
                f"/api/v1/{FORGET_CTX}/facts",
                json={"scope": "org/f/user/u1", "text": f"I live in town{i}."},
            )
            assert r.status_code == 201
        spec = admin.get("/openapi.json").json()
    h = Harness(live, live.admin, scoped, spec, ids)
    for doc in made:
        h.add_key(doc)
    h.send("DELETE", f"/api/v1/keys/{revoked['keyId']}", headers=h.token("admin"))
    h.send("POST", f"/api/v1/keys/{rotated['keyId']}/rotate", headers=h.token("admin"))
    yield h
    h.http.close()
    STATS.documents = len(h.documents)
    capture = request.config.pluginmanager.getplugin("capturemanager")
    with capture.global_and_fixture_disabled():
        print(
            f"\nfuzz: {h.requests} requests sent by the harness, known bugs hit {dict(h.known)}, "
            f"keys minted {len(h.minted)}\n" + STATS.summary()
        )


_CALLERS = ["scoped", "scoped", "scoped", "admin", "admin", "none", "junk"]
callers = st.one_of(  # a minted key one time in four
    st.sampled_from(_CALLERS),
    st.sampled_from(_CALLERS),
    st.sampled_from(_CALLERS),
    st.integers(0, 10_000).map(lambda i: f"minted:{i}"),
)


# ----------------------------------------------------------------------------- the bodies


def test_facts(harness):
    since = harness.mark()

    @FUZZ
    @given(body=fact_body("f"), who=callers, ctx=context_names, idem=st.booleans(), ob=on_behalf)
    def run(body, who, ctx, idem, ob):
        key = f"k-{zlib.crc32(json.dumps(body).encode()) % 1000}".encode() if idem else None
        path = f"/api/v1/{_quoted(ctx)}/facts"
        resp = harness.send("POST", path, body=body, headers=harness.headers(who, ob, key))
        if ctx == CTX:
            harness.ack(path, body, resp)

    run()
    lost = harness.lost()
    assert not lost, lost[:10]
    harness.clean(since)


def test_batches(harness):
    since = harness.mark()
    items = st.lists(fact_body("b"), max_size=4)

    @FUZZ
    @given(
        body=st.one_of(
            st.fixed_dictionaries({"items": items}),
            st.fixed_dictionaries({"items": st.lists(valid_fact("b"), min_size=1, max_size=4)}),
            st.fixed_dictionaries({}, optional={"items": anything, "bogus": anything}),
            junk_json,
        ),
        who=callers,
    )
    def run(body, who):
        path = f"/api/v1/{CTX}/facts/batch"
        resp = harness.send("POST", path, body=body, headers=harness.token(who))
        harness.ack(path, body, resp)

    run()
    lost = harness.lost()
    assert not lost, lost[:10]
    harness.clean(since)


MEDIA = [
    "text/plain",
    "text/markdown",
    "text/html",
    "application/pdf",
    "application/json",
    "text/csv",
    "application/octet-stream",
    "image/png",
    "application/x-whatever",
    "text/plain; charset=latin-1",
]


def _deep_html(n: int) -> bytes:
    return b"<html><body>" + b"<div>" * n + b"deep" + b"</div>" * n + b"</body></html>"


def _deep_json(n: int) -> bytes:
    return b'{"a":' * n + b'"deep"' + b"}" * n


def test_documents(harness):
    since = harness.mark()
    names = st.text(
        alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=30
    )

    @FUZZ
    @given(
        marked=marked_text("d"),
        content=st.one_of(
            st.none(),
            st.binary(max_size=2_000),
            st.just(b"%PDF-1.4\n%junk"),
            # deep ones (a few thousand levels, cheap) under any name and type; the deepest
            # are in test_deep_and_huge_bodies
            st.sampled_from([10, 200, 3_000]).map(_deep_html),
            st.sampled_from([10, 200, 3_000]).map(_deep_json),
        ),
        filename=st.one_of(names, st.sampled_from(["a.md", "b.csv", "c.json", "d.html"])),
        media=st.one_of(st.none(), st.sampled_from(MEDIA)),
        scope=st.one_of(good_scope, bad_scope, st.none()),
        name=st.one_of(st.none(), names, st.sampled_from(["a\n", "..", "./x", "\u212a"])),
        who=callers,
    )
    def run(marked, content, filename, media, scope, name, who):
        data = marked.encode() if content is None else content
        part = (filename, data, media) if media else (filename, data)
        form = {}  # as bytes: lone surrogates go out as the (invalid) UTF-8 they would be
        if scope is not None:
            form["scope"] = scope.encode("utf-8", "surrogatepass")
        if name is not None:
            form["name"] = name.encode("utf-8", "surrogatepass")
        resp = harness.send(
            "POST",
            f"/api/v1/{CTX}/documents?wait=true",
            files={"file": part},
            data=form,
            headers=harness.token(who),
        )
        if resp.status_code == 201:
            doc = resp.json()  # the marked text must be found again if it made chunks
            harness.documents[doc["id"]] = marked if content is None and doc["chunks"] else ""
            if _refused_path(scope):
                STATS.record("contract", f"a document accepted in scope {scope!r}")

    run()
    r = harness.http.get(f"/api/v1/{CTX}/documents", headers=harness.token("admin"))
    listed = {d["id"] for d in r.json()["documents"]}
    assert set(harness.documents) <= listed
    harness.clean(since)


def test_queries(harness):
    since = harness.mark()

    @FUZZ
    @given(body=query_body, who=callers, ctx=context_names, ob=on_behalf)
    def run(body, who, ctx, ob):
        path = f"/api/v1/{_quoted(ctx)}/query"
        harness.send("POST", path, body=body, headers=harness.headers(who, ob))

    run()
    harness.clean(since)


def test_context_blocks(harness):
    since = harness.mark()

    @FUZZ
    @given(body=context_body, who=callers, ctx=context_names)
    def run(body, who, ctx):
        harness.send(
            "POST",
            f"/api/v1/{_quoted(ctx)}/context",
            body=body,
            headers=harness.token(who),
        )

    run()
    harness.clean(since)


def test_forget(harness):
    since = harness.mark()

    @FUZZ
    @given(body=forget_body, who=callers, idem=st.one_of(st.none(), st.text(max_size=300)))
    def run(body, who, idem):
        headers = harness.token(who)
        if idem is not None:
            headers["Idempotency-Key"] = quote(idem, safe="")[:400]
        harness.send("POST", f"/api/v1/{FORGET_CTX}/forget", body=body, headers=headers)

    run()
    harness.clean(since)


VERB_NAMES = [
    "memory:read",
    "memory:write",
    "memory:curate",
    "memory:forget",
    "scope:read",
    "scope:create",
    "scope:delete",
    "grant:manage",
]
patterns = st.one_of(
    good_scope,
    bad_scope,
    st.sampled_from(["*", "/*", "org/*", "org/f/*", "org/*/x", "org/**", "*/a"]),
    st.sampled_from(["org/f/*\n", "org/f\n", "org/./f", "org/f/../*", "org/f/./*", "../*"]),
    st.text(max_size=12),
)
grant_maps = st.one_of(
    st.dictionaries(
        st.one_of(st.sampled_from(VERB_NAMES), st.text(max_size=12)),
        st.one_of(st.lists(patterns, max_size=4), anything),
        max_size=4,
    ),
    anything,
)
context_lists = st.one_of(
    st.lists(
        st.one_of(
            st.sampled_from([CTX, FORGET_CTX, NAMES_CTX, "*", "nowhere", "a" * 64]),
            odd_context,
            st.text(max_size=10),
            numbers,
        ),
        max_size=4,
    ),
    st.just(["x"] * 1_001),
    st.lists(st.sampled_from([CTX, FORGET_CTX]), min_size=900, max_size=1_000),
    anything,
)
principal_body = st.fixed_dictionaries(
    {},
    optional={
        "name": st.one_of(st.text(min_size=1, max_size=20), st.just("x" * 129), anything),
        "kind": st.one_of(st.sampled_from(["human", "agent", "service", "unknown", "x"]), anything),
        "grants": grant_maps,
        "contexts": context_lists,
        "bogus": anything,
    },
)
key_body = st.fixed_dictionaries(
    {},
    optional={
        "principalId": st.one_of(
            st.none(),
            st.sampled_from(["@minion", "@minion", "@target", "@scoped", "@admin", "@missing"]),
            st.text(max_size=14),
            anything,
        ),
        "grants": st.one_of(st.none(), grant_maps, st.just({"memory:read": ["org/f/*"]})),
        "label": st.one_of(st.none(), st.text(max_size=20), st.just("l" * 129), anything),
        "expiresMs": st.one_of(
            st.none(),
            st.sampled_from(["+1s", "+1h", "+1d", "-1s"]),  # from now, resolved when sent
            st.integers(min_value=2**41, max_value=2**45),
            st.sampled_from([0, -1, 2**62, 2**62 + 1, 2**63, 10**30, 1.5e12, True]),
            numbers,
            anything,
        ),
        "strict": st.one_of(st.booleans(), st.none(), st.sampled_from([0, 1, "true"]), anything),
        "contexts": st.one_of(st.none(), context_lists),
        "bogus": anything,
    },
)
RELATIVE = {"+1s": 1_000, "+1h": 3_600_000, "+1d": 86_400_000, "-1s": -1_000}


def _resolve(harness: Harness, body: Any) -> Any:
    """Placeholders of a key or principal body: '@who' ids and relative expiries."""
    if not isinstance(body, dict):
        return body
    out = dict(body)
    pid = out.get("principalId")
    if isinstance(pid, str) and pid.startswith("@"):
        out["principalId"] = harness.ids.get(pid[1:], "p_missing000000")
    exp = out.get("expiresMs")
    if isinstance(exp, str) and exp in RELATIVE:
        out["expiresMs"] = int(time.time() * 1000) + RELATIVE[exp]
    return out


key_ids = st.one_of(
    st.sampled_from(["@pool", "@pool", "@pool", "@self", "@scoped-key", "@admin-key"]),
    st.integers(0, 10_000).map(lambda i: f"@pool:{i}"),
    st.sampled_from(["AAAAAAAAAAAA", "", ".", "..", "a\n", "x" * 300, str(2**64)]),
    st.text(max_size=14),
)
principal_ids = st.one_of(
    st.sampled_from(["@target", "@target", "@minion", "@missing"]),
    st.sampled_from(["", ".", "..", "p_\n", "x" * 300, str(2**64)]),
    st.text(max_size=14),
)


def test_management(harness):
    """Principals, keys and grants with odd bodies (a throwaway principal is the target of
    grant updates; the keys the other tests use are never touched): principals with
    contexts, their contexts replaced, keys made with contexts, expiry and strictness,
    rotated and revoked (the minion's, which later tests use as callers)."""
    since = harness.mark()

    @FUZZ
    @given(
        op=st.sampled_from(
            [
                "principal",
                "key",
                "key",
                "key",
                "grants",
                "contexts",
                "context",
                "rotate",
                "revoke",
                "keys",
            ]
        ),
        body=st.one_of(principal_body, key_body, junk_json),
        grants=grant_maps,
        contexts=st.one_of(st.fixed_dictionaries({"contexts": context_lists}), junk_json),
        name=st.one_of(
            st.from_regex(r"[a-z0-9][a-z0-9_-]{0,10}", fullmatch=True), odd_context, anything
        ),
        key_id=key_ids,
        principal_id=principal_ids,
        who=callers,
        ob=on_behalf,
    )
    def run(op, body, grants, contexts, name, key_id, principal_id, who, ob):
        headers = harness.headers(who, ob)
        pid = principal_id
        if pid.startswith("@"):
            pid = harness.ids.get(pid[1:], "p_missing000000")
        if op == "principal":
            harness.send(
                "POST", "/api/v1/principals", body=_resolve(harness, body), headers=headers
            )
        elif op == "key":
            harness.send("POST", "/api/v1/keys", body=_resolve(harness, body), headers=headers)
        elif op == "grants":
            harness.send(
                "PUT",
                f"/api/v1/principals/{harness.ids['target']}/grants",
                body={"grants": grants},
                headers=headers,
            )
        elif op == "contexts":
            harness.send(
                "PUT", f"/api/v1/principals/{_quoted(pid)}/contexts", body=contexts, headers=headers
            )
        elif op == "context":
            harness.send("POST", "/api/v1/contexts", body={"name": name}, headers=headers)
        elif op == "keys":
            params = [("principalId", pid)] if principal_id != "@missing" else []
            harness.send("GET", "/api/v1/keys", params=params, headers=headers)
        else:
            kid = key_id
            mine = harness.key_id_of(who)
            protected = {harness.ids["scoped-key"], harness.ids["admin-key"]}
            if kid == "@self":
                kid = mine or "AAAAAAAAAAAA"
            elif kid in ("@scoped-key", "@admin-key"):
                kid = harness.ids[kid[1:]]
            elif kid.startswith("@pool"):
                n = int(kid[6:] or 0) if ":" in kid else len(harness.minted) - 1
                kid = harness.minted[n % len(harness.minted)].key_id
            # never let a caller that may manage them (or owns them) touch the keys the
            # other tests use; from anyone else the attempt is a 401 or a 403
            if kid in protected and (who in ("admin", "scoped") or kid == mine):
                kid = harness.minted[-1].key_id
            if op == "rotate":
                harness.send("POST", f"/api/v1/keys/{_quoted(kid)}/rotate", headers=headers)
            else:
                harness.send("DELETE", f"/api/v1/keys/{_quoted(kid)}", headers=headers)

    run()
    with _client(harness.live.url, harness.admin) as admin:  # give the minion its reach back
        r = admin.put(
            f"/api/v1/principals/{harness.ids['minion']}/contexts",
            json={"contexts": [CTX, FORGET_CTX, NAMES_CTX]},
        )
        assert r.status_code == 200, r.text
    with _client(harness.live.url, harness.scoped) as scoped:
        r = scoped.get("/api/v1/contexts")
        assert set(r.json()["contexts"]) == {CTX, FORGET_CTX}, r.text
    harness.clean(since)


def test_delegation_and_idempotency(harness):
    """Writes and forgets with an Idempotency-Key (unique, or garbage), repeated by the same
    caller (same request, or another one) and by other callers and delegation targets; the
    harness checks that a replay goes only to whoever made the response and that a key never
    runs a write twice."""
    since = harness.mark()
    caller = st.tuples(callers, on_behalf)

    @FUZZ
    @given(
        body=st.one_of(valid_fact("i"), valid_fact("i"), fact_body("i")),
        forget=forget_body,
        route=st.sampled_from(["facts", "facts", "batch", "forget"]),
        first=caller,
        key=idem_keys,
        repeats=st.lists(
            st.tuples(st.sampled_from(["same", "same", "other"]), st.one_of(st.none(), caller)),
            max_size=3,
        ),
    )
    def run(body, forget, route, first, key, repeats):
        if route == "forget":
            path, body = f"/api/v1/{FORGET_CTX}/forget", forget
        elif route == "batch":
            path, body = f"/api/v1/{CTX}/facts/batch", {"items": [body]}
        else:
            path = f"/api/v1/{CTX}/facts"
        if isinstance(body, dict):
            other = {**body, "sessionId": "another"} if route == "facts" else {**body}
            if route == "batch":
                other["items"] = body["items"] * 2
            elif route == "forget":
                other["purge"] = not body.get("purge")
        else:
            other = [body]
        for what, who in [("same", None), *repeats]:
            sent = body if what == "same" else other
            who, ob = who or first
            resp = harness.send("POST", path, body=sent, headers=harness.headers(who, ob, key))
            if route != "forget":
                harness.ack(path, sent, resp)

    run()
    lost = harness.lost()
    assert not lost, lost[:10]
    harness.clean(since)


# ----------------------------------------------------------------------------- limits


def _body_routes(harness: Harness) -> list[tuple[str, str, int]]:
    """(method, path, limit) of routes that take a body; '{c}' is a context."""
    p = "/api/v1/{c}"
    target = harness.ids["target"]
    json_limit = MAX_JSON_BYTES
    return [
        ("POST", p + "/facts", json_limit),
        ("POST", p + "/facts/batch", MAX_BATCH_BYTES),
        ("POST", p + "/query", json_limit),
        ("POST", p + "/context", json_limit),
        ("POST", p + "/forget", json_limit),
        ("POST", p + "/scopes", json_limit),
        ("POST", p + "/documents", 4 * MAX_UPLOAD_BYTES),  # the upload limit, and its form
        ("POST", "/api/v1/principals", json_limit),
        ("POST", "/api/v1/keys", json_limit),
        ("POST", "/api/v1/contexts", json_limit),
        ("PUT", f"/api/v1/principals/{target}/grants", json_limit),
        ("PUT", f"/api/v1/principals/{target}/contexts", json_limit),
    ]


def test_declared_sizes(harness):
    """A body declared over the limit is a 413 problem at once, and a request without a valid
    key a 401 problem at once: the head is sent, the body never is (raw sockets)."""
    since = harness.mark()
    routes = _body_routes(harness)

    @FUZZ
    @given(
        route=st.sampled_from(routes),
        ctx=st.sampled_from([CTX, FORGET_CTX, NAMES_CTX, "nowhere", "fuzz\n", ".."]),
        who=callers,
        # h11 refuses a Content-Length of more than 20 digits itself (a plain-text 400)
        over=st.sampled_from([1, 2, 1 << 20, 1 << 31, 2**63, 10**19, 10**20 - 2**30]),
        small=st.sampled_from([0, 1, 100, 10_000]),
        keyless=st.sampled_from(["", "", "junk", "none", "dead"]),
    )
    def run(route, ctx, who, over, small, keyless):
        method, template, limit = route
        path = template.replace("{c}", _quoted(ctx))
        if keyless == "dead":
            dead = [m for m in harness.minted if m.dead_now()]
            who = f"minted:{harness.minted.index(dead[0])}" if dead else "junk"
        elif keyless:
            who = keyless
        token = harness.token(who).get("Authorization", "")[7:]
        minted = harness.by_token.get(token)
        valid = token in (harness.admin, harness.scoped) or (
            minted is not None and not minted.dead_now()
        )
        declared = limit + over if valid else small  # a valid key never waits for a body
        headers = {**harness.token(who), "Content-Type": "application/json"}
        headers["Content-Length"] = str(declared)
        resp = harness.raw(method, path, headers)
        what = f"{method} {path} Content-Length: {declared}, caller {who}, no body sent"
        if resp is None:
            STATS.record("contract", f"no answer within {RAW_TIMEOUT} s without the body: {what}")
            return
        harness.check(method, path, resp, what)
        code = resp.status_code
        reached = "{c}" not in template or (
            ctx in (CTX, FORGET_CTX)
            if token == harness.scoped
            else ctx in (CTX, FORGET_CTX, NAMES_CTX)
        )
        if not valid:
            expected = {401}
        elif token in (harness.admin, harness.scoped) and reached:
            expected = {413}
        else:  # a minted key: its reach changes as the fuzz goes; a bad name may be a 422
            expected = {404, 413, 422}
        if code not in expected:
            STATS.record(
                "contract", f"{code} where {sorted(expected)} was due: {what}: {resp.text[:200]}"
            )

    run()
    harness.clean(since)


def test_streamed_body_over_the_limit(harness):
    """A chunked body declares no length: it is cut off with a 413 once it passes the limit
    (and without a key the answer is a 401 before any of it is read)."""
    since = harness.mark()
    chunks = MAX_REQUEST_BYTES // (256 * 1024) + 8
    for who, expected in (("admin", 413), ("scoped", 413), ("none", 401), ("junk", 401)):
        headers = {**harness.token(who), "Content-Type": "application/json"}
        path = f"/api/v1/{CTX}/query"
        resp = harness.raw("POST", path, headers, stream=chunks)
        what = f"POST {path} chunked, {chunks} x 256 KiB of '[', caller {who}"
        if resp is None:
            STATS.record("contract", f"no answer to a streamed body over the limit: {what}")
            continue
        harness.check("POST", path, resp, what)
        if resp.status_code != expected:
            STATS.record(
                "contract", f"{resp.status_code}, not {expected}: {what}: {resp.text[:200]}"
            )
    harness.clean(since)


def _nest(depth: int, kind: str) -> bytes:
    if kind == "list":
        return b"[" * depth + b"]" * depth
    if kind == "dict":
        return b'{"a":' * depth + b"1" + b"}" * depth
    if kind == "mixed":
        half = depth // 2 + 1
        return b'[{"a":' * half + b"0" + b"}]" * half
    if kind == "strings":
        return b'["x",' * depth + b'"y"' + b"]" * depth
    return b"[" * depth  # never closed


def _depth(body: bytes) -> int:
    """How deep the brackets of a body nest (the bodies here hold none inside strings)."""
    depth = deepest = 0
    for b in body:
        if b in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        elif b in b"]}":
            depth -= 1
    return deepest


HUGE_NUMBERS = [
    b"9" * 4301,  # beyond Python's int-from-string limit
    b"-" + b"9" * 5000,
    b"1" + b"0" * 400,
    b"1e400",
    b"-1e400",
    b"1E-400",
    b"NaN",
    b"Infinity",
    b"-Infinity",
    b"-0",
    b"0.0000000000000000000000000000001",
    b"18446744073709551616",
    b"-9223372036854775809",
    b"4611686018427387905",
    b"1.7976931348623157e309",
    b"0x10",
    b"01",
    b"1_000",
]
SLOTS = {  # a body with a %s where the nested value or the number goes
    "/facts": [
        b"%s",
        b'{"scope":"org/f","text":"deep","triples":%s}',
        b'{"scope":%s,"text":"deep"}',
        b'{"scope":"org/f","text":"deep","observedAt":%s}',
        b'{"scope":"org/f","triples":[{"subject":"s","key":"k","value":"v","confidence":%s}]}',
    ],
    "/facts/batch": [b'{"items":%s}', b'{"items":[{"scope":"org/f","text":"x","bogus":%s}]}'],
    "/query": [b'{"query":"x","lens":%s}', b'{"query":"x","k":%s}', b'{"query":"x","asOf":%s}'],
    "/context": [b'{"lens":%s}', b'{"k":%s}'],
    "/forget": [b'{"id":%s}', b'{"query":%s}', b'{"scope":"org/f/nothing","purge":%s}'],
    "/scopes": [b'{"path":%s}'],
    "/principals": [
        b'{"name":"deep","grants":{"memory:read":%s}}',
        b'{"name":"deep","contexts":%s}',
        b'{"name":%s}',
    ],
    "/keys": [b'{"contexts":%s}', b'{"grants":%s}', b'{"expiresMs":%s}', b'{"strict":%s}'],
    "/contexts": [b'{"name":%s}', b"%s"],
    "/grants": [b'{"grants":%s}'],
    "/contexts ": [b'{"contexts":%s}'],  # PUT /principals/{id}/contexts
}


def test_deep_and_huge_bodies(harness):
    """JSON nested deeper than the parser goes (about 1,000 levels) is a 422 problem (never a
    500); numbers beyond any integer or float type anywhere are a 4xx problem; HTML and JSON
    documents nested as deep are no 5xx."""
    since = harness.mark()
    routes = [r for r in _body_routes(harness) if not r[1].endswith("/documents")]

    @FUZZ
    @given(
        route=st.sampled_from(routes),
        slot=st.integers(0, 10),
        filler=st.one_of(
            st.builds(
                _nest,
                st.sampled_from([63, 64, 65, 100, 990, 1_000, 1_010, 2_001, 10_000, 300_000]),
                st.sampled_from(["list", "dict", "mixed", "strings", "open"]),
            ),
            st.sampled_from(HUGE_NUMBERS),
        ),
        who=st.one_of(st.just("admin"), st.just("admin"), callers),
        doc=st.one_of(
            st.none(),
            st.none(),
            st.tuples(
                st.sampled_from([65, 100, 1_000, 30_000]),
                st.sampled_from([("d.html", "text/html"), ("d.json", "application/json")]),
            ),
        ),
    )
    def run(route, slot, filler, who, doc):
        if doc is not None:
            depth, (filename, media) = doc
            data = _deep_html(depth) if media == "text/html" else _deep_json(depth)
            resp = harness.send(
                "POST",
                f"/api/v1/{NAMES_CTX}/documents",
                files={"file": (filename, data, media)},
                data={"scope": "org/f"},
                headers=harness.token(who),
            )
            return  # any answer but a 5xx (documents are read iteratively, at any depth)
        method, template, _ = route
        end = template.rsplit("/", 1)[-1]
        name = "/facts/batch" if end == "batch" else "/" + end
        if method == "PUT" and end == "contexts":
            name = "/contexts "
        templates = SLOTS[name]
        body = templates[slot % len(templates)].replace(b"%s", filler)
        ctx = FORGET_CTX if end == "forget" else NAMES_CTX if end == "scopes" else CTX
        path = template.replace("{c}", ctx)
        resp = harness.send(
            method,
            path,
            raw=body,
            headers={**harness.token(who), "content-type": "application/json"},
        )
        # (a body over its route's limit is a 413 before it is parsed)
        most = MAX_BATCH_BYTES if end == "batch" else MAX_JSON_BYTES
        allowed = {422} if len(body) <= most else {413, 422}
        if who == "admin" and _depth(body) > 2 * MAX_NESTING and resp.status_code not in allowed:
            STATS.record(
                "contract",
                f"JSON nested past {2 * MAX_NESTING} levels: {resp.status_code}, not 422: "
                f"{method} {path} body={body[:120]!r}... ({len(body)} bytes): {resp.text[:200]}",
            )

    run()
    harness.clean(since)


def test_names(harness):
    """Context names, scope paths and grant patterns with a trailing newline, '.' and '..'
    segments, unicode look-alikes and huge numbers: refused (a 404 or a 422), never served;
    the harness checks every 2xx against the contract's own rules."""
    since = harness.mark()
    scope_any = st.one_of(odd_scope, good_scope, bad_scope)

    @FUZZ
    @given(
        op=st.sampled_from(
            ["write", "query", "scope", "tombstone", "context", "principal", "grants", "contexts"]
        ),
        ctx=st.one_of(odd_context, st.just(NAMES_CTX)),
        scope=scope_any,
        pattern=st.one_of(odd_scope, patterns),
        who=st.sampled_from(["admin", "admin", "scoped", "minted:0", "minted:5"]),
    )
    def run(op, ctx, scope, pattern, who):
        h = harness.token(who)
        c = _quoted(ctx)
        if op == "write":
            body = {"scope": scope, "text": "named " + ctx[:20]}
            harness.send("POST", f"/api/v1/{c}/facts", body=body, headers=h)
        elif op == "query":
            harness.send(
                "POST", f"/api/v1/{c}/query", body={"query": "x", "lens": [scope]}, headers=h
            )
        elif op == "scope":
            harness.send("POST", f"/api/v1/{c}/scopes", body={"path": scope}, headers=h)
        elif op == "tombstone":  # only in NAMES_CTX (by the admin too)
            path = f"/api/v1/{NAMES_CTX}/scopes/{_quoted(scope, safe='/')}"
            harness.send("DELETE", path, headers=h)
        elif op == "context":
            harness.send("POST", "/api/v1/contexts", body={"name": ctx}, headers=h)
        elif op == "principal":
            body = {"name": "named", "contexts": [ctx], "grants": {"memory:read": [pattern]}}
            harness.send("POST", "/api/v1/principals", body=body, headers=h)
        elif op == "grants":
            body = {"grants": {"memory:read": [pattern], "memory:write": [scope]}}
            harness.send(
                "PUT", f"/api/v1/principals/{harness.ids['target']}/grants", body=body, headers=h
            )
        else:
            body = {"contexts": [ctx]}
            harness.send(
                "PUT", f"/api/v1/principals/{harness.ids['target']}/contexts", body=body, headers=h
            )

    run()
    harness.clean(since)


# ----------------------------------------------------------------------------- every route


def _operations(spec: dict) -> list[tuple[str, str, dict]]:
    return sorted(
        (method.upper(), path, op)
        for path, ops in spec["paths"].items()
        for method, op in ops.items()
    )


path_texts = st.one_of(
    st.text(max_size=20),
    st.sampled_from(["", ".", "..", "%", "a/b", "\x00", "\ud800", "x" * 300, "fact:1", "a\n"]),
)
param_values = {
    "context": context_names,
    "etype": st.one_of(st.sampled_from(["person", "organisation", "other", "product"]), path_texts),
    "doc_id": st.one_of(
        st.integers(min_value=-(2**70), max_value=2**70).map(str),
        st.sampled_from(["1", "0", "-1", str(2**63), "1.5", "0x10", "1e3", "1\n", "9" * 5000]),
        path_texts,
    ),
    "principal_id": st.one_of(st.sampled_from(["@target", "@minion", "@missing"]), path_texts),
    "key_id": st.one_of(st.sampled_from(["@pool", "AAAAAAAAAAAA"]), path_texts),
    "path": st.one_of(odd_scope, good_scope, path_texts),
}
query_params = st.lists(
    st.tuples(
        st.one_of(
            st.sampled_from(["lens", "asOf", "limit", "as_of", "principalId"]),
            st.text(max_size=8),
        ),
        st.one_of(
            st.sampled_from(["org/f", "org/f/user/u1", "org//f", "", "0", "-1", "1001", "1"]),
            st.sampled_from(["org/f\n", "org/f/..", "9" * 5000, "1e400", str(2**64)]),
            st.integers().map(str),
            iso_times,
            path_texts,
        ),
    ),
    max_size=5,
)
raw_bodies = st.one_of(
    st.sampled_from([b"{", b"\xff\xfe", b"[]" * 10, b"", b"null", b"\x00"]),
    st.builds(_nest, st.sampled_from([65, 1_000, 100_000]), st.sampled_from(["list", "dict"])),
    st.sampled_from(HUGE_NUMBERS),
)


def test_every_operation_of_the_openapi_document(harness):
    since = harness.mark()
    ops = _operations(harness.spec)
    assert len(ops) >= 25
    destructive = {("DELETE", "/api/v1/contexts/{context}")}

    @FUZZ
    @given(
        op=st.sampled_from(ops),
        data=st.data(),
        who=callers,
        body=st.one_of(st.none(), junk_json, raw_bodies),
        params=query_params,
        ob=on_behalf,
    )
    def run(op, data, who, body, params, ob):
        method, template, _ = op
        path = template
        for name in re.findall(r"{(\w+)}", template):
            value = data.draw(param_values.get(name, path_texts), label=name)
            if name == "context" and template.endswith("/forget") and value == CTX:
                value = FORGET_CTX  # nothing acknowledged in CTX is ever forgotten
            if name == "context" and template.endswith("/scopes/{path}") and value == CTX:
                value = NAMES_CTX  # nor are its scopes tombstoned
            if name == "context" and method == "DELETE" and "{doc_id}" in template:
                value = NAMES_CTX if value == CTX else value  # nor its documents deleted
            if (method, template) in destructive and who == "admin":
                value = "nothing-" + _quoted(value)[:20].lower()
            if value in ("@target", "@minion", "@missing"):
                value = harness.ids.get(value[1:], "p_missing000000")
            if value == "@pool":
                value = harness.minted[-1].key_id
            safe = "/" if name == "path" else ""
            path = path.replace("{" + name + "}", _quoted(value, safe=safe))
        headers = harness.headers(who, ob)
        if isinstance(body, bytes):
            headers["content-type"] = "application/json"
            harness.send(method, path, raw=body, params=params, headers=headers)
        else:
            harness.send(method, path, body=body, params=params, headers=headers)

    run()
    lost = harness.lost()
    assert not lost, lost[:10]
    harness.clean(since)


def test_nothing_acknowledged_is_lost(harness):
    """After all of the above: every acknowledged marker and document is still there."""
    if not harness.acked:
        pytest.skip("the fuzz tests that write did not run")
    lost = harness.lost()
    assert not lost, lost[:10]
    r = harness.http.get(f"/api/v1/{CTX}/documents", headers=harness.token("admin"))
    listed = {d["id"]: d for d in r.json()["documents"]}
    assert set(harness.documents) <= set(listed)
    for doc_id, m in harness.documents.items():
        # a later upload of the same name is a new version: the old one's text is superseded
        if m and listed[doc_id]["supersededBy"] is None:
            assert harness.found(MARKER.search(m).group(0)), listed[doc_id]
    print(f"\nnothing lost: {len(harness.acked)} markers, {len(harness.documents)} documents")


# ----------------------------------------------------------------------------- known bugs
# Regression tests, one per bug class this fuzz found (all fixed).


def _post(live, path: str, body: dict) -> httpx.Response:
    with _client(live.url, live.admin) as c:
        return c.post(path, json=body)


def _expect(ok: bool, message: str) -> None:
    """Fail without a Python traceback: on Python 3.11 the server thread, logging the 500's
    traceback, and pytest, rendering this one, both call ast.parse, whose recursion guard is
    process-wide, which can abort the run with an INTERNALERROR (SystemError: AST constructor
    recursion depth mismatch)."""
    if not ok:
        pytest.fail(message, pytrace=False)


def _assert_problem(resp: httpx.Response, code: int = 422) -> None:
    _expect(resp.status_code == code, f"{resp.status_code}: {resp.text[:300]}")
    _expect(resp.headers["content-type"] == "application/problem+json", resp.text[:300])


@pytest.mark.parametrize(
    "observed", [DT_MAX_MS + 1, DT_MIN_MS - 1, 2**63, "9999-12-31T23:59:59-05:00"]
)
def test_bug_observed_at_out_of_range_is_a_422(live, harness, observed):
    resp = _post(
        live, f"/api/v1/{CTX}/facts", {"scope": "org/f", "text": "hi", "observedAt": observed}
    )
    _assert_problem(resp)


@pytest.mark.parametrize("as_of", [2**63, -(2**63) - 1])
def test_bug_as_of_beyond_int64_is_a_422(live, harness, as_of):
    resp = _post(live, f"/api/v1/{CTX}/query", {"query": "hi", "asOf": as_of})
    _assert_problem(resp)


@pytest.mark.parametrize(
    "fid",
    ["fact:x", "fact:", "fact:-1", str(2**63), "fact:" + "9" * 30, "\u00b2", "fact:1\u2460"],
)
def test_forget_by_a_malformed_id_is_a_404(live, harness, fid):
    """Were 500s (fixed in e61a9d7 and 69c4fc2): 'fact:<not a number>', ids beyond int64, and
    ids of digits str.isdigit() accepts but int() does not ('\u00b2')."""
    resp = _post(live, f"/api/v1/{FORGET_CTX}/forget", {"id": fid})
    _assert_problem(resp, 404)


def test_bug_chunks_of_a_document_id_beyond_int64(live, harness):
    with _client(live.url, live.admin) as c:
        resp = c.get(f"/api/v1/{CTX}/documents/{2**63}/chunks")
    _expect(resp.status_code < 500, f"{resp.status_code}: {resp.text[:300]}")


def test_bug_key_expiry_beyond_int64_is_a_422(live, harness):
    resp = _post(live, "/api/v1/keys", {"expiresMs": 2**63, "label": "too-late"})
    _assert_problem(resp)


def test_bug_text_and_triples_together_are_refused_or_both_kept(live, harness):
    body = {
        "scope": "org/f",
        "text": "fzt0123456789ab was said",
        "triples": [{"subject": "fzt0123456789ac", "key": "colour", "value": "red"}],
    }
    resp = _post(live, f"/api/v1/{CTX}/facts", body)
    if resp.status_code == 201:
        _expect(harness.found("fzt0123456789ab"), "acknowledged, but the text is not stored")
    else:
        _assert_problem(resp)


def test_bug_reflection_of_long_similar_turns(tmp_path):
    from engramdb.knowledge.memory import Memory

    mem = Memory.open(tmp_path / "m", embedder="hashing")
    try:
        for i in range(4):
            mem.remember(f"note {i} " + "y" * 60_000, scope="org/f")
        mem.engine.reflect()
    finally:
        mem.close()
