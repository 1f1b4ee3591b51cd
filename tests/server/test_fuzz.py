"""Fuzzing the HTTP API of a real server on loopback: no 5xx, problem documents for every 4xx,
and nothing acknowledged is lost.

Hypothesis draws request bodies for ``FactIn`` (and batches of them), ``QueryIn``,
``ContextIn``, ``ForgetIn`` and multipart documents, mixing valid values with wrong types,
empty, huge and unicode strings, negative and huge numbers, missing and extra fields, bad
scopes, lenses and context names, and arbitrary JSON; then every operation of the live OpenAPI
document with random path and query parameters, bodies, keys and headers. Every response must
be below 500 (``/reflect`` is a deliberate 501), every 4xx an ``application/problem+json``
document with ``title`` and ``status``. Each write carries a marker word (``fz<tag><hex>``);
every write answered 201 must be found again afterwards.

Known server bugs found this way are excused only for the exact class of input that triggers
them (``known_bug``), and each has a strict-xfail test of its own at the end of this file, so
any other 5xx still fails the run.

The examples are derandomised (the same on every run); set ``ENGRAMDB_FUZZ_RANDOM=1`` to
explore new ones, ``ENGRAMDB_FUZZ_EXAMPLES`` to change how many (default 150 per test).
"""

from __future__ import annotations

import json
import os
import re
import time
import zlib
from collections import Counter
from datetime import UTC, datetime, timedelta, timezone
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

CTX = "fuzz"  # writes, reads; never forgotten in
FORGET_CTX = "fuzz-forget"  # where forget is fuzzed
EXAMPLES = int(os.environ.get("ENGRAMDB_FUZZ_EXAMPLES", "150"))
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

SCOPED = {
    "memory:read": ["org/f/*"],
    "memory:write": ["org/f/*"],
    "memory:curate": ["org/f/*"],
    "memory:forget": ["org/f/*"],
}


# ----------------------------------------------------------------------------- strategies

SEG = st.from_regex(r"[A-Za-z0-9_.@+-]{1,12}", fullmatch=True)
GOOD_SCOPES = ["org/f", "org/f/user/u1", "org/f/team/t", "org/f/a.b@c+d-e_f", "org/g", "org"]
good_scope = st.one_of(
    st.sampled_from(GOOD_SCOPES),
    st.lists(SEG, min_size=1, max_size=4).map(lambda s: "org/f/" + "/".join(s)),
)
bad_scope = st.sampled_from(
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
    st.sampled_from([0, -1, 1, 2**31, 2**63 - 1, 2**63, -(2**63) - 1, 10**30]),
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
        "scope": st.one_of(bad_scope, good_scope, anything),
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
            "mode": st.one_of(st.sampled_from(["HYBRID", "fts", ""]), anything),
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
context_names = st.one_of(
    st.just(CTX),
    st.just(CTX),
    st.sampled_from(["nowhere", "contexts", "me", "keys", "A", "-x", "x" * 65, "é", "a b"]),
    st.text(max_size=20),
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


# ----------------------------------------------------------------------------- the harness


def _quoted(value: str) -> str:
    return quote(value.encode("utf-8", "surrogatepass"), safe="")


class Harness:
    def __init__(self, live, admin: str, scoped: str, spec: dict):
        self.live = live
        self.admin = admin
        self.scoped = scoped
        self.spec = spec
        # a fresh connection per request: after an unhandled exception the server drops the
        # connection, which must not turn into a transport error on the next request
        self.http = httpx.Client(
            base_url=live.url, timeout=60, limits=httpx.Limits(max_keepalive_connections=0)
        )
        self.requests = 0
        self.statuses: Counter = Counter()
        self.known: Counter = Counter()
        self.acked: dict[str, tuple[str, str]] = {}  # marker -> (text|triples, what)
        self.documents: dict[int, str] = {}  # document id -> its marker (if text)

    def token(self, which: str) -> dict[str, str]:
        tok = {"admin": self.admin, "scoped": self.scoped, "junk": "egdb_junk_junk"}.get(which)
        return {"Authorization": f"Bearer {tok}"} if tok else {}

    def send(
        self,
        method: str,
        path: str,
        *,
        body: Any = None,
        raw: bytes | None = None,
        params: Any = None,
        headers: dict[str, str] | None = None,
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
        resp = self.http.request(method, url, content=content, headers=h, files=files, data=data)
        self.requests += 1
        self.statuses[resp.status_code] += 1
        bug = known_bug(method, path, body)
        if resp.status_code >= 500 and bug is not None:
            self.known[bug] += 1
            return resp
        self.check(method, path, resp)
        return resp

    @staticmethod
    def check(method: str, path: str, resp: httpx.Response) -> None:
        code = resp.status_code
        what = f"{method} {path[:120]} -> {code}: {resp.text[:300]}"
        deliberate = code == 501 and path.endswith("/reflect")
        if code >= 500 and not deliberate:
            time.sleep(0.5)  # let the server thread log its traceback first (see _expect)
        assert code < 500 or deliberate, what
        if code >= 400:
            assert resp.headers.get("content-type", "").startswith("application/problem+json"), what
            doc = resp.json()
            assert isinstance(doc, dict), what
            assert isinstance(doc.get("title"), str) and doc["title"], what
            assert doc.get("status") == code, what
        elif 200 <= code < 300 and code != 204:
            resp.json()  # a JSON body

    def ack(self, path: str, body: Any, resp: httpx.Response) -> None:
        """Remember what a write answered 201 says it kept, to look for it at the end: a turn's
        text (its markers), and of triples those the reconciliation stored or corroborated
        (a triple may be declined, e.g. below the confidence floor, and the answer says so).
        With both text and triples only the triples are kept (a known bug, see below)."""
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
        return [
            f"{m} ({what})"
            for m, (kind, what) in sorted(self.acked.items())
            if not (m in facts if kind == "triples" else self.found(m))
        ]


@pytest.fixture(scope="module")
def harness(live):
    with live.client(live.admin) as admin:
        for name in (CTX, FORGET_CTX):
            assert admin.post("/api/v1/contexts", json={"name": name}).status_code == 201
        r = admin.post("/api/v1/principals", json={"name": "fuzzer", "grants": SCOPED})
        assert r.status_code == 201, r.text
        r = admin.post("/api/v1/keys", json={"principalId": r.json()["id"]})
        scoped = r.json()["token"]
        for i in range(5):
            r = admin.post(
                f"/api/v1/{FORGET_CTX}/facts",
                json={"scope": "org/f/user/u1", "text": f"I live in town{i}."},
            )
            assert r.status_code == 201
        spec = admin.get("/openapi.json").json()
    h = Harness(live, live.admin, scoped, spec)
    yield h
    h.http.close()
    print(
        f"\nfuzz: {h.requests} requests, statuses {dict(sorted(h.statuses.items()))}, "
        f"known bugs hit {dict(h.known)}, acknowledged markers {len(h.acked)}"
    )


callers = st.sampled_from(["scoped", "scoped", "scoped", "admin", "admin", "none", "junk"])


# ----------------------------------------------------------------------------- the bodies


def test_facts(harness):
    @FUZZ
    @given(body=fact_body("f"), who=callers, ctx=context_names, idem=st.booleans())
    def run(body, who, ctx, idem):
        headers = harness.token(who)
        if idem:
            headers["Idempotency-Key"] = f"k-{zlib.crc32(json.dumps(body).encode()) % 1000}"
        path = f"/api/v1/{quote(ctx, safe='')}/facts"
        resp = harness.send("POST", path, body=body, headers=headers)
        if ctx == CTX:
            harness.ack(path, body, resp)

    run()
    lost = harness.lost()
    assert not lost, lost[:10]


def test_batches(harness):
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


def test_documents(harness):
    names = st.text(
        alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=30
    )

    @FUZZ
    @given(
        marked=marked_text("d"),
        content=st.one_of(st.none(), st.binary(max_size=2_000), st.just(b"%PDF-1.4\n%junk")),
        filename=st.one_of(names, st.sampled_from(["a.md", "b.csv", "c.json", "d.html"])),
        media=st.one_of(st.none(), st.sampled_from(MEDIA)),
        scope=st.one_of(good_scope, bad_scope, st.none()),
        name=st.one_of(st.none(), names),
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
            f"/api/v1/{CTX}/documents",
            files={"file": part},
            data=form,
            headers=harness.token(who),
        )
        if resp.status_code == 201:
            doc = resp.json()  # the marked text must be found again if it made chunks
            harness.documents[doc["id"]] = marked if content is None and doc["chunks"] else ""

    run()
    r = harness.http.get(f"/api/v1/{CTX}/documents", headers=harness.token("admin"))
    listed = {d["id"] for d in r.json()["documents"]}
    assert set(harness.documents) <= listed


def test_queries(harness):
    @FUZZ
    @given(body=query_body, who=callers, ctx=context_names)
    def run(body, who, ctx):
        harness.send(
            "POST", f"/api/v1/{quote(ctx, safe='')}/query", body=body, headers=harness.token(who)
        )

    run()


def test_context_blocks(harness):
    @FUZZ
    @given(body=context_body, who=callers, ctx=context_names)
    def run(body, who, ctx):
        harness.send(
            "POST",
            f"/api/v1/{quote(ctx, safe='')}/context",
            body=body,
            headers=harness.token(who),
        )

    run()


def test_forget(harness):
    @FUZZ
    @given(body=forget_body, who=callers, idem=st.one_of(st.none(), st.text(max_size=300)))
    def run(body, who, idem):
        headers = harness.token(who)
        if idem is not None:
            headers["Idempotency-Key"] = quote(idem, safe="")[:400]
        harness.send("POST", f"/api/v1/{FORGET_CTX}/forget", body=body, headers=headers)

    run()


VERB_NAMES = [
    "memory:read",
    "memory:write",
    "memory:curate",
    "memory:forget",
    "scope:read",
    "grant:manage",
]
patterns = st.one_of(
    good_scope,
    bad_scope,
    st.sampled_from(["*", "/*", "org/*", "org/f/*", "org/*/x", "org/**", "*/a"]),
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
principal_body = st.fixed_dictionaries(
    {},
    optional={
        "name": st.one_of(st.text(min_size=1, max_size=20), st.just("x" * 129), anything),
        "kind": st.one_of(st.sampled_from(["human", "agent", "service", "unknown", "x"]), anything),
        "grants": grant_maps,
        "bogus": anything,
    },
)
key_body = st.fixed_dictionaries(
    {},
    optional={
        "principalId": st.one_of(st.none(), st.text(max_size=14), anything),
        "grants": st.one_of(st.none(), grant_maps),
        "label": st.one_of(st.none(), st.text(max_size=20), st.just("l" * 129), anything),
        "expiresMs": st.one_of(
            st.none(),
            st.integers(min_value=2**41, max_value=2**45),
            st.sampled_from([0, -1, 2**62, 2**63, 10**30]),
            numbers,
            anything,
        ),
        "bogus": anything,
    },
)


def test_management(harness):
    """Principals, keys and grants with odd bodies (a throwaway principal is the target of
    grant updates; the keys the other tests use are never touched)."""
    with harness.live.client(harness.admin) as admin:
        r = admin.post("/api/v1/principals", json={"name": "fuzz-target", "grants": SCOPED})
        assert r.status_code == 201, r.text
        target = r.json()["id"]

    @FUZZ
    @given(
        op=st.sampled_from(["principal", "key", "grants", "context"]),
        body=st.one_of(principal_body, key_body, junk_json),
        grants=grant_maps,
        name=st.one_of(st.from_regex(r"[a-z0-9][a-z0-9_-]{0,10}", fullmatch=True), anything),
        who=callers,
    )
    def run(op, body, grants, name, who):
        headers = harness.token(who)
        if op == "principal":
            harness.send("POST", "/api/v1/principals", body=body, headers=headers)
        elif op == "key":
            if isinstance(body, dict) and body.get("principalId") == "target":
                body = {**body, "principalId": target}
            harness.send("POST", "/api/v1/keys", body=body, headers=headers)
        elif op == "grants":
            harness.send(
                "PUT",
                f"/api/v1/principals/{target}/grants",
                body={"grants": grants},
                headers=headers,
            )
        else:
            harness.send("POST", "/api/v1/contexts", body={"name": name}, headers=headers)

    run()


# ----------------------------------------------------------------------------- every route


def _operations(spec: dict) -> list[tuple[str, str, dict]]:
    return sorted(
        (method.upper(), path, op)
        for path, ops in spec["paths"].items()
        for method, op in ops.items()
    )


path_texts = st.one_of(
    st.text(max_size=20),
    st.sampled_from(["", ".", "..", "%", "a/b", "\x00", "\ud800", "x" * 300, "fact:1"]),
)
param_values = {
    "context": context_names,
    "etype": st.one_of(st.sampled_from(["person", "organisation", "other", "product"]), path_texts),
    "doc_id": st.one_of(
        st.integers(min_value=-(2**70), max_value=2**70).map(str),
        st.sampled_from(["1", "0", "-1", str(2**63), "1.5", "0x10", "1e3"]),
        path_texts,
    ),
}
query_params = st.lists(
    st.tuples(
        st.one_of(st.sampled_from(["lens", "asOf", "limit", "as_of"]), st.text(max_size=8)),
        st.one_of(
            st.sampled_from(["org/f", "org/f/user/u1", "org//f", "", "0", "-1", "1001", "1"]),
            st.integers().map(str),
            iso_times,
            path_texts,
        ),
    ),
    max_size=5,
)


def test_every_operation_of_the_openapi_document(harness):
    ops = _operations(harness.spec)
    assert len(ops) >= 25
    destructive = {("DELETE", "/api/v1/contexts/{context}")}

    @FUZZ
    @given(
        op=st.sampled_from(ops),
        data=st.data(),
        who=callers,
        body=st.one_of(st.none(), junk_json, st.sampled_from([b"{", b"\xff\xfe", b"[]" * 10])),
        params=query_params,
        on_behalf=st.one_of(st.none(), st.text(alphabet="abcdefp_012", max_size=14)),
    )
    def run(op, data, who, body, params, on_behalf):
        method, template, _ = op
        path = template
        for name in re.findall(r"{(\w+)}", template):
            value = data.draw(param_values.get(name, path_texts), label=name)
            if name == "context" and template.endswith("/forget") and value == CTX:
                value = FORGET_CTX  # nothing acknowledged in CTX is ever forgotten
            if (method, template) in destructive and who == "admin":
                value = "nothing-" + _quoted(value)[:20].lower()
            path = path.replace("{" + name + "}", _quoted(value))
        headers = harness.token(who)
        if on_behalf is not None:
            headers["X-On-Behalf-Of"] = on_behalf
        if isinstance(body, bytes):
            headers["content-type"] = "application/json"
            harness.send(method, path, raw=body, params=params, headers=headers)
        else:
            harness.send(method, path, body=body, params=params, headers=headers)

    run()
    lost = harness.lost()
    assert not lost, lost[:10]


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
    with httpx.Client(base_url=live.url, timeout=30) as c:
        return c.post(path, json=body, headers={"Authorization": f"Bearer {live.admin}"})


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
    with httpx.Client(base_url=live.url, timeout=30) as c:
        resp = c.get(
            f"/api/v1/{CTX}/documents/{2**63}/chunks",
            headers={"Authorization": f"Bearer {live.admin}"},
        )
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
