"""The OpenAI-compatible embedder against a real HTTP server on 127.0.0.1 (stdlib, a thread).

The server's behaviour is chosen by the request's model name, so one server covers the good
path and each kind of broken answer.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import numpy as np
import pytest

pytest.importorskip("httpx")

from engramdb.embed.openai_compat import (  # noqa: E402
    EmbeddingServiceError,
    OpenAICompatibleEmbedder,
)
from engramdb.errors import ConfigError, EngramDBError, ValidationError  # noqa: E402

DIM = 4


def vector_for(text: str) -> list[float]:
    """A fixed, text-dependent, deliberately unnormalised vector."""
    return [float(len(text)), 1.0, 0.0, float(text.count("a"))]


class Handler(BaseHTTPRequestHandler):
    log: list[dict] = []
    calls: dict[str, int] = {}

    def log_message(self, *args: object) -> None:  # keep pytest output quiet
        pass

    def _send(self, status: int, body: str | bytes, ctype: str = "application/json") -> None:
        raw = body.encode() if isinstance(body, str) else body
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
        if self.path != "/v1/embeddings":
            self._send(404, '{"error": "no such route"}')
            return
        req = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        Handler.log.append({"body": req, "auth": self.headers.get("Authorization")})
        model, texts = req["model"], req["input"]
        Handler.calls[model] = Handler.calls.get(model, 0) + 1
        items = [
            {"object": "embedding", "index": i, "embedding": vector_for(t)}
            for i, t in enumerate(texts)
        ]
        items.reverse()  # servers may answer out of order; 'index' says where each belongs
        if model == "wrong-count":
            items = items[1:]
        elif model == "wrong-dim":
            for it in items:
                it["embedding"] = it["embedding"] + [1.0]
        elif model == "nan":
            items[0]["embedding"][1] = float("nan")  # json.dumps writes NaN
        elif model == "strings":
            items[0]["embedding"] = ["0.1"] * DIM
        elif model == "bad-index":
            for it in items:
                it["index"] = 0
        elif model == "error500":
            self._send(500, '{"error": {"message": "model exploded"}}')
            return
        elif model == "notjson":
            self._send(200, "<html>proxy login</html>", "text/html")
            return
        elif model == "flaky" and Handler.calls[model] == 1:
            self._send(503, '{"error": "warming up"}')
            return
        self._send(200, json.dumps({"object": "list", "data": items, "model": model}))


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


@pytest.fixture(autouse=True)
def _reset() -> None:
    Handler.log.clear()
    Handler.calls.clear()


def expected(texts: list[str]) -> np.ndarray:
    v = np.array([vector_for(t) for t in texts], dtype=np.float64)
    return (v / np.linalg.norm(v, axis=1, keepdims=True)).astype(np.float32)


def test_embeds_in_order_normalised_and_batched(base_url: str) -> None:
    texts = [f"text number {i} " + "a" * (i % 5) for i in range(7)]
    with OpenAICompatibleEmbedder(base_url + "/", "good", api_key="sk-test", batch_size=3) as e:
        assert e.model_id.startswith("openai:good@127.0.0.1:")
        v = e.embed(texts)
        assert v.dtype == np.float32 and v.shape == (7, DIM)
        assert np.allclose(v, expected(texts), atol=1e-6)
        assert e.dim == DIM
    assert [len(r["body"]["input"]) for r in Handler.log] == [3, 3, 1]
    assert {r["auth"] for r in Handler.log} == {"Bearer sk-test"}
    assert Handler.log[0]["body"]["model"] == "good"


def test_dim_is_discovered_lazily_with_one_probe(base_url: str) -> None:
    e = OpenAICompatibleEmbedder(base_url, "good")
    assert Handler.log == []  # constructing never calls the server
    assert e.dim == DIM and e.dim == DIM
    assert len(Handler.log) == 1
    e2 = OpenAICompatibleEmbedder(base_url, "good")
    e2.embed(["first"])  # the first answer tells the dimension: no separate probe
    assert e2.dim == DIM and len(Handler.log) == 2
    assert Handler.log[1]["auth"] is None


def test_blank_texts_get_zero_rows_without_a_request(base_url: str) -> None:
    e = OpenAICompatibleEmbedder(base_url, "good", dim=DIM)
    v = e.embed(["", "  ", "real"])
    assert not v[:2].any() and np.allclose(v[2], expected(["real"])[0])
    assert [r["body"]["input"] for r in Handler.log] == [["real"]]
    assert e.embed([]).shape == (0, DIM) and len(Handler.log) == 1


@pytest.mark.parametrize(
    ("model", "dim", "message"),
    [
        ("wrong-count", None, "sent 2 texts, got 1 embeddings"),
        ("wrong-dim", DIM, "expected dimension 4, got 5"),
        ("nan", None, "NaN"),
        ("strings", None, "other than numbers"),
        ("bad-index", None, "'index' values"),
        ("notjson", None, "not JSON"),
    ],
)
def test_malformed_answers_are_clear_errors(
    base_url: str, model: str, dim: int | None, message: str
) -> None:
    e = OpenAICompatibleEmbedder(base_url, model, dim=dim, max_retries=0)
    with pytest.raises(EmbeddingServiceError, match=message) as info:
        e.embed(["alpha", "beta"])
    assert info.value.status == 200
    assert "/v1/embeddings" in str(info.value)
    assert isinstance(info.value, EngramDBError)


def test_http_error_reports_status_and_body(base_url: str) -> None:
    e = OpenAICompatibleEmbedder(base_url, "error500")
    with pytest.raises(EmbeddingServiceError, match=r"HTTP 500.*model exploded") as info:
        e.embed(["x"])
    assert info.value.status == 500 and "model exploded" in info.value.body
    assert Handler.calls["error500"] == 1  # a 500 is not retried


def test_404_on_wrong_base_url(base_url: str) -> None:
    e = OpenAICompatibleEmbedder(base_url.removesuffix("/v1"), "good", dim=DIM)
    with pytest.raises(EmbeddingServiceError, match="HTTP 404"):
        e.embed(["x"])


def test_overload_is_retried(base_url: str) -> None:
    e = OpenAICompatibleEmbedder(base_url, "flaky", max_retries=1)
    assert e.embed(["x"]).shape == (1, DIM)
    assert Handler.calls["flaky"] == 2


def test_unreachable_server() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again when the block ends: nothing listens there
    e = OpenAICompatibleEmbedder(f"http://127.0.0.1:{port}/v1", "good", max_retries=0)
    with pytest.raises(EmbeddingServiceError, match="ConnectError") as info:
        e.embed(["x"])
    assert info.value.status is None


def test_constructor_validation() -> None:
    with pytest.raises(ConfigError, match="http"):
        OpenAICompatibleEmbedder("localhost:11434", "m")
    with pytest.raises(ConfigError, match="model"):
        OpenAICompatibleEmbedder("http://localhost:1/v1", "")
    with pytest.raises(ValidationError):
        OpenAICompatibleEmbedder("http://localhost:1/v1", "m", dim=0)
    with pytest.raises(ValidationError):
        OpenAICompatibleEmbedder("http://localhost:1/v1", "m", batch_size=0)
