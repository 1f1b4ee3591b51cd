"""Stages 1 and 2 of the extraction cascade against a real HTTP server on 127.0.0.1.

The server (stdlib, one thread per request) answers from a script each test sets: a list of
(status, body, delay) consumed one per request. Stage 0's extraction is built by hand, so these
tests do not move when the heuristics do.
"""

from __future__ import annotations

import json
import math
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("pydantic")

from engramdb.errors import ConfigError  # noqa: E402
from engramdb.knowledge.claims import ORG, SELF, Claim, Extraction, OpenQuestion  # noqa: E402
from engramdb.knowledge.extract.llm import LLMConfig, LLMExtractor, merge  # noqa: E402

REF = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
TEXT = (
    "My name is Dana. I work at Acme. My sister Mia lives in Oslo. "
    "Your return policy is 60 days, right? Always answer in French."
)


@dataclass
class Reply:
    status: int = 200
    body: str = ""
    delay: float = 0.0


class Handler(BaseHTTPRequestHandler):
    script: list[Reply] = []
    log: list[dict[str, Any]] = []

    def log_message(self, *args: object) -> None:  # keep pytest output quiet
        pass

    def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
        raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        Handler.log.append(
            {"path": self.path, "body": json.loads(raw), "auth": self.headers.get("Authorization")}
        )
        reply = Handler.script.pop(0) if Handler.script else Reply(599, "no scripted reply")
        if reply.delay:
            time.sleep(reply.delay)
        data = reply.body.encode()
        try:
            self.send_response(reply.status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except OSError:  # the client gave up (timeout test)
            pass


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


@pytest.fixture(autouse=True)
def _reset(monkeypatch: pytest.MonkeyPatch) -> None:
    Handler.script.clear()
    Handler.log.clear()
    monkeypatch.delenv("ENGRAMDB_LLM_API_KEY", raising=False)


def script(*replies: Reply) -> None:
    Handler.script.extend(replies)


def chat(content: str, finish_reason: str = "stop") -> Reply:
    """A chat completion whose assistant message is ``content``."""
    body = {
        "id": "cmpl-1",
        "object": "chat.completion",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": finish_reason,
            }
        ],
    }
    return Reply(200, json.dumps(body))


def claim(subject: str, key: str, value: str, **kw: Any) -> dict[str, Any]:
    c = {
        "subject": subject,
        "subject_type": kw.pop("subject_type", "person"),
        "key": key,
        "value": value,
        "category": kw.pop("category", "knowledge"),
        "negated": False,
        "past": False,
        "confidence": kw.pop("confidence", 0.9),
    }
    c.update(kw)
    return c


def answer(claims: list[dict[str, Any]], **kw: Any) -> str:
    return json.dumps(
        {
            "claims": claims,
            "instructions": kw.get("instructions", []),
            "revocations": kw.get("revocations", []),
            "uncertainties": kw.get("uncertainties", []),
        }
    )


GOOD = answer(
    [
        claim("I", "name", "Dana", category="identity"),  # stage 0 has it: dropped
        claim("me", "employer", "Acme Corp", category="identity"),  # stage 0's kept
        claim("Mia", "Lives In", "Oslo", subject_type="human", category="identity"),
        claim("you", "return_policy", "60 days", subject_type="business", confidence=0.7),
        claim("my", "likes", "jazz"),  # stage 0 has likes=hiking; a multi key: added
        claim("The user", "age", "41", category="identity"),
    ],
    instructions=["always answer in french", "Keep answers short."],
    revocations=["Stop using emojis"],
    uncertainties=[{"about": "return window", "reason": "asked as a question"}],
)


def stage0() -> Extraction:
    def c(subject: str, stype: str, key: str, value: str, category: str, **kw: Any) -> Claim:
        return Claim(subject, stype, key, key, value, category, "s", **kw)

    return Extraction(
        claims=[
            c(SELF, "person", "name", "Dana", "identity"),
            c(SELF, "person", "employer", "Acme", "identity"),
            c(SELF, "person", "likes", "hiking", "knowledge", multi=True),
        ],
        instructions=["Always answer in French"],
        uncertainties=[OpenQuestion("return window", "Asked as a question.")],
    )


def make(base_url: str, **kw: Any) -> LLMExtractor:
    return LLMExtractor(LLMConfig(base_url=base_url, model=kw.pop("model", "fast"), **kw))


def run(ex: LLMExtractor, *, role: str = "user", **kw: Any) -> Extraction:
    return ex.extract(TEXT, role=role, reference=REF, stage0=kw.pop("s0", stage0()), **kw)


def extraction_questions(out: Extraction) -> list[str]:
    return [q.reason for q in out.uncertainties if q.about == "extraction"]


# ---------------------------------------------------------------- the good path


def test_valid_answer_is_mapped_and_merged_with_stage0(base_url: str) -> None:
    script(chat(GOOD))
    s0 = stage0()
    with make(base_url) as ex:
        out = run(ex, s0=s0, known={"acme": "organisation", "airpods pro": "product"})
    assert out.errors == [] and extraction_questions(out) == []
    assert out.claims[:3] == s0.claims  # stage 0 first and untouched
    assert all(c.stage == 0 for c in out.claims[:3])
    added = {(c.subject, c.key): c for c in out.claims[3:]}
    assert set(added) == {
        ("Mia", "lives_in"),
        (ORG, "return_window"),
        (SELF, "likes"),
        (SELF, "age"),
    }
    mia = added["Mia", "lives_in"]
    assert (mia.subject_type, mia.value, mia.category) == ("person", "Oslo", "identity")
    assert mia.key_phrase == "Lives In" and mia.statement == TEXT and mia.stage == 1
    assert mia.valid_from_ms == int(REF.timestamp() * 1000)
    ret = added[ORG, "return_window"]
    assert ret.subject_type == "organisation" and ret.key_phrase == "return policy"
    assert ret.confidence == 0.7 and ret.typed is not None and ret.typed.kind == "duration"
    assert added[SELF, "likes"].multi
    # unions, case-insensitive, trailing punctuation ignored
    assert out.instructions == ["Always answer in French", "Keep answers short"]
    assert out.revocations == ["Stop using emojis"]
    assert [q.about for q in out.uncertainties] == ["return window"]
    assert s0.instructions == ["Always answer in French"]  # the input is not modified

    (req,) = Handler.log
    body = req["body"]
    assert req["path"] == "/v1/chat/completions"
    assert body["model"] == "fast"
    assert body["response_format"] == {"type": "json_object"} and body["temperature"] == 0
    system, user = body["messages"]
    assert system["role"] == "system" and "JSON" in system["content"]
    task = json.loads(user["content"])
    assert task["text"] == TEXT and task["role"] == "user"
    assert task["reference_time"].startswith("2024-05-01T12:00")
    assert {"subject": "I", "key": "name", "value": "Dana"}.items() <= task["stage0"]["claims"][
        0
    ].items()
    assert [c["key"] for c in task["stage0"]["claims"]] == ["name", "employer", "likes"]
    assert task["stage0"]["instructions"] == ["Always answer in French"]
    assert task["known_entities"][0] == {"name": "acme", "type": "organisation"}  # named first
    assert req["auth"] is None  # no key in the environment


def test_answer_inside_a_json_fence(base_url: str) -> None:
    script(chat("Here is the extraction:\n```json\n" + GOOD + "\n```\nHope it helps."))
    with make(base_url) as ex:
        out = run(ex)
    assert out.errors == []
    assert ("Mia", "lives_in") in {(c.subject, c.key) for c in out.claims}


def test_known_entity_keeps_its_catalogue_type_and_stage0_names_match(base_url: str) -> None:
    s0 = Extraction(
        claims=[Claim("Atlas", "project", "status", "status", "late", "knowledge", "s")]
    )
    script(
        chat(
            answer(
                [
                    claim("the Atlas project", "status", "on time", subject_type="project"),
                    claim("AirPods Pro", "price", "$249", subject_type="other"),
                ]
            )
        )
    )
    with make(base_url) as ex:
        out = run(ex, s0=s0, known={"airpods pro": "product"})
    assert [(c.subject, c.value) for c in out.claims] == [
        ("Atlas", "late"),
        ("AirPods Pro", "$249"),
    ]
    assert out.claims[1].subject_type == "product" and out.claims[1].typed.kind == "money"


def test_assistant_turn_gives_no_instructions(base_url: str) -> None:
    script(chat(answer([], instructions=["Always be brief"], revocations=["stop X"])))
    with make(base_url) as ex:
        out = run(ex, role="assistant", s0=Extraction())
    assert out.instructions == [] and out.revocations == [] and out.errors == []


def test_api_key_from_the_environment_is_sent_and_not_shown(
    base_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ENGRAMDB_LLM_API_KEY", "sk-secret-123")
    script(chat(GOOD))
    ex = make(base_url)
    run(ex)
    assert Handler.log[0]["auth"] == "Bearer sk-secret-123"
    assert "sk-secret" not in repr(ex)
    ex.close()


def test_injected_client_is_used_and_left_open(base_url: str) -> None:
    script(chat(GOOD))
    client = httpx.Client()
    ex = LLMExtractor(LLMConfig(base_url=base_url, model="fast"), client=client)
    assert run(ex).errors == []
    ex.close()
    assert not client.is_closed
    client.close()


# ---------------------------------------------------------------- failures are visible


def assert_failed_to_stage0(out: Extraction, *needles: str) -> None:
    s0 = stage0()
    assert out.claims == s0.claims
    assert len(out.errors) == 1, out.errors
    for needle in needles:
        assert needle in out.errors[0], out.errors[0]
    assert extraction_questions(out) == out.errors


def test_malformed_json(base_url: str) -> None:
    script(chat('{"claims": [{"subject": "I", '))
    with make(base_url) as ex:
        out = run(ex)
    assert_failed_to_stage0(out, "stage 1 (model fast): answer is not JSON")


def test_cut_off_answer_says_so(base_url: str) -> None:
    script(chat('{"claims": [', finish_reason="length"))
    with make(base_url) as ex:
        out = run(ex)
    assert_failed_to_stage0(out, "answer is not JSON", "cut off")


def test_response_that_is_not_a_chat_completion(base_url: str) -> None:
    script(Reply(200, "<html>proxy login</html>"), Reply(200, '{"data": []}'))
    with make(base_url) as ex:
        assert_failed_to_stage0(run(ex), "response is not JSON", "proxy login")
        assert_failed_to_stage0(run(ex), "no choices[0].message.content")


def _many(n: int) -> str:
    return answer([claim("I", f"k{i}", "v") for i in range(n)])


@pytest.mark.parametrize(
    ("content", "where"),
    [
        (
            json.dumps(
                {"claims": [{k: v for k, v in claim("I", "a", "b").items() if k != "value"}]}
            ),
            "claims.0.value: Field required",
        ),
        (answer([claim("I", "a", "b", negated="yes")]), "claims.0.negated"),
        (answer([claim("I", "a", "b", confidence="0.9")]), "claims.0.confidence"),
        (answer([claim("I", "a", "b", confidence=3.0)]), "claims.0.confidence: Input should be"),
        (answer([claim("I", "a", "b", category="rumour")]), "claims.0.category"),
        (answer([claim("I", "a", "x" * 501)]), "claims.0.value: String should have at most 500"),
        (_many(60), "claims: List should have at most 50"),
        (json.dumps({"facts": []}), "claims: Field required"),
        (json.dumps([1, 2]), "(answer)"),
    ],
    ids=[
        "missing-field",
        "wrong-type-bool",
        "wrong-type-float",
        "confidence-3",
        "bad-category",
        "long-string",
        "60-claims",
        "no-claims",
        "not-an-object",
    ],
)
def test_answer_out_of_schema(base_url: str, content: str, where: str) -> None:
    script(chat(content))
    with make(base_url) as ex:
        out = run(ex)
    assert_failed_to_stage0(out, "stage 1 (model fast): answer out of schema: ", where)


def test_http_500_then_success_is_retried(base_url: str) -> None:
    script(Reply(500, '{"error": "overloaded"}'), chat(GOOD))
    with make(base_url) as ex:
        out = run(ex)
    assert out.errors == [] and len(Handler.log) == 2
    assert any(c.stage == 1 for c in out.claims)


def test_http_500_twice_gives_up(base_url: str) -> None:
    script(Reply(500, '{"error": "overloaded"}'), Reply(503, '{"error": "still overloaded"}'))
    with make(base_url) as ex:
        out = run(ex)
    assert_failed_to_stage0(out, "stage 1 (model fast): HTTP 503", "still overloaded")
    assert len(Handler.log) == 2


def test_http_400_is_not_retried(base_url: str) -> None:
    script(Reply(400, '{"error": "unknown model"}'))
    with make(base_url, max_retries=3) as ex:
        out = run(ex)
    assert_failed_to_stage0(out, "HTTP 400", "unknown model")
    assert len(Handler.log) == 1


@pytest.mark.wallclock
def test_timeout(base_url: str) -> None:
    script(Reply(200, "", delay=0.8), Reply(200, "", delay=0.8))
    t0 = time.monotonic()
    with make(base_url, timeout_s=0.3) as ex:
        out = run(ex)
    elapsed = time.monotonic() - t0
    assert_failed_to_stage0(out, "stage 1 (model fast): timed out after 0.3 s")
    assert len(Handler.log) == 2  # one retry
    assert elapsed < 1.5


def test_connection_refused() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed when the block ends: nothing listens there
    with make(f"http://127.0.0.1:{port}/v1") as ex:
        out = run(ex)
    assert_failed_to_stage0(out, "stage 1 (model fast): cannot connect to")


# ---------------------------------------------------------------- escalation


def test_out_of_schema_escalates_to_the_strong_model(base_url: str) -> None:
    script(chat(answer([claim("I", "a", "b", confidence=3.0)])), chat(GOOD))
    with make(base_url, strong_model="strong") as ex:
        out = run(ex)
    assert [r["body"]["model"] for r in Handler.log] == ["fast", "strong"]
    assert {c.stage for c in out.claims} == {0, 2}
    assert len(out.errors) == 1 and out.errors[0].startswith("stage 1 (model fast): answer out")
    assert extraction_questions(out) == []  # stage 2 made good stage 1's failure
    assert "fast_model_answer" not in json.loads(Handler.log[1]["body"]["messages"][1]["content"])


def test_low_confidence_escalates_and_stage2_replaces_stage1(base_url: str) -> None:
    unsure = answer([claim("Mia", "lives_in", "Bergen", confidence=0.3)])
    script(chat(unsure), chat(GOOD))
    with make(base_url, strong_model="strong", escalate_below=0.6) as ex:
        out = run(ex)
    assert [r["body"]["model"] for r in Handler.log] == ["fast", "strong"]
    assert out.errors == []
    values = {(c.subject, c.key): (c.value, c.stage) for c in out.claims}
    assert values["Mia", "lives_in"] == ("Oslo", 2)
    task = json.loads(Handler.log[1]["body"]["messages"][1]["content"])
    assert task["fast_model_answer"][0]["value"] == "Bergen"


def test_confident_stage1_does_not_escalate(base_url: str) -> None:
    script(chat(GOOD))
    with make(base_url, strong_model="strong", escalate_below=0.6) as ex:
        out = run(ex)
    assert [r["body"]["model"] for r in Handler.log] == ["fast"]
    assert out.errors == []


def test_no_strong_model_no_escalation(base_url: str) -> None:
    script(chat("not json at all"))
    with make(base_url) as ex:
        out = run(ex)
    assert len(Handler.log) == 1
    assert_failed_to_stage0(out, "answer is not JSON")


def test_stage2_failing_too_falls_back_to_stage0(base_url: str) -> None:
    script(chat("{oops"), chat(answer([claim("I", "a", "b", confidence=-1)])))
    with make(base_url, strong_model="strong") as ex:
        out = run(ex)
    assert out.claims == stage0().claims
    assert len(out.errors) == 2
    assert out.errors[0].startswith("stage 1 (model fast): answer is not JSON")
    assert out.errors[1].startswith("stage 2 (model strong): answer out of schema")
    assert extraction_questions(out) == out.errors


def test_stage2_failing_after_an_unsure_stage1_keeps_stage1(base_url: str) -> None:
    unsure = answer([claim("Mia", "lives_in", "Bergen", confidence=0.3)])
    script(chat(unsure), Reply(400, '{"error": "no such model"}'))
    with make(base_url, strong_model="strong") as ex:
        out = run(ex)
    assert ("Mia", "Bergen", 1) in {(c.subject, c.value, c.stage) for c in out.claims}
    assert len(out.errors) == 1 and out.errors[0].startswith("stage 2 (model strong): HTTP 400")
    assert extraction_questions(out) == out.errors


# ---------------------------------------------------------------- merge and configuration


def test_merge_rules() -> None:
    s0 = stage0()
    llm = Extraction(
        claims=[
            Claim(SELF, "person", "employer", "employer", "Initech", "identity", "t", stage=1),
            Claim(SELF, "person", "likes", "likes", "Hiking", "knowledge", "t", multi=True),
            Claim(SELF, "person", "likes", "likes", "chess", "knowledge", "t", multi=True),
            Claim(SELF, "person", "likes", "likes", "chess", "knowledge", "t", multi=True),
            Claim(SELF, "person", "age", "age", "41", "identity", "t", stage=1),
        ],
        instructions=["ALWAYS ANSWER IN FRENCH"],
        uncertainties=[OpenQuestion("Return Window", "asked as a question")],
    )
    out = merge(s0, llm)
    assert [(c.key, c.value) for c in out.claims] == [
        ("name", "Dana"),
        ("employer", "Acme"),  # stage 0's value wins for a key it has
        ("likes", "hiking"),
        ("likes", "chess"),  # a multi key takes a new value, once
        ("age", "41"),  # a key stage 0 lacked
    ]
    assert out.instructions == ["Always answer in French"]
    assert len(out.uncertainties) == 1
    assert merge(s0, None).claims == s0.claims


@pytest.mark.parametrize(
    "kw",
    [
        {"base_url": "", "model": "m"},
        {"base_url": "ftp://host/v1", "model": "m"},
        {"base_url": "127.0.0.1:8000/v1", "model": "m"},
        {"base_url": "http://h/v1", "model": ""},
        {"base_url": "http://h/v1", "model": "  "},
        {"base_url": "http://h/v1", "model": "m", "strong_model": ""},
        {"base_url": "http://h/v1", "model": "m", "timeout_s": 0},
        {"base_url": "http://h/v1", "model": "m", "timeout_s": -1.0},
        {"base_url": "http://h/v1", "model": "m", "timeout_s": math.nan},
        {"base_url": "http://h/v1", "model": "m", "timeout_s": "20"},
        {"base_url": "http://h/v1", "model": "m", "max_retries": -1},
        {"base_url": "http://h/v1", "model": "m", "escalate_below": 1.5},
        {"base_url": "http://h/v1", "model": "m", "api_key_env": ""},
    ],
)
def test_misconfiguration_raises_config_error(kw: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        LLMExtractor(LLMConfig(**kw))
