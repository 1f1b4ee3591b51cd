"""Slow clients and the worker proxy (issue items 4 and 7): request bodies have a deadline,
a key has a bounded number of requests in progress, a worker waits a bounded time for a
connection to the writer; every one answered with a problem document, through a real
``engramdb serve`` with reading workers (and a real uvicorn for the single process)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import anyio
import httpx
import pytest
from _serve import agent_key, cheap_config, running
from test_serve import _free_port, _token, _wait

from engramdb.server.app import create_app

pytestmark = pytest.mark.processes

SCOPE = "org/acme/user/u1"
WRITE = {"memory:read": ["org/acme/user/*"], "memory:write": ["org/acme/user/*"]}


def _serve(data: Path, port: int, **settings) -> subprocess.Popen:
    env = {
        **os.environ,
        "ENGRAMDB_EMBEDDER": "hashing",
        "ENGRAMDB_ARGON2_TIME_COST": "1",
        "ENGRAMDB_ARGON2_MEMORY_COST": "8192",
        "ENGRAMDB_WORKERS": "2",
        **{f"ENGRAMDB_{k.upper()}": str(v) for k, v in settings.items()},
    }
    return subprocess.Popen(
        [sys.executable, "-m", "engramdb", "serve", "--port", str(port), "--data-dir", str(data)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        start_new_session=True,
    )


class Server:
    def __init__(self, tmp_path: Path, **settings):
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.data = tmp_path / "data"
        self.proc = _serve(self.data, self.port, **settings)

    def __enter__(self) -> Server:
        try:
            _wait(self.url)
            self.admin = _token(self.data)
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=60)

    def client(self, token: str) -> httpx.Client:
        return httpx.Client(
            base_url=self.url, headers={"Authorization": f"Bearer {token}"}, timeout=30
        )

    def keys(self) -> tuple[str, str]:
        """Two agents' keys, both writing under org/acme/user in context "shop"."""
        with self.client(self.admin) as admin:
            assert admin.post("/api/v1/contexts", json={"name": "shop"}).status_code == 201
            return agent_key(admin, "mallory", WRITE, ["shop"]), agent_key(
                admin, "alice", WRITE, ["shop"]
            )


class Slow(threading.Thread):
    """A client that sends a request's head, then its body one byte every ``every`` seconds
    (the attack: 700 of them held every connection to the writer), and records the answer,
    when it came, and whether the server closed the connection after it."""

    def __init__(self, port: int, token: str, path: str = "/api/v1/shop/facts", every=0.5):
        super().__init__(daemon=True)
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.sock.sendall(
            f"POST {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n"
            "Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n{".encode()
        )
        self.every = every
        self.answer = b""
        self.closed = False
        self.began = time.monotonic()
        self.took: float | None = None

    def run(self) -> None:
        self.sock.settimeout(self.every)
        while time.monotonic() - self.began < 40:
            try:
                data = self.sock.recv(65536)
            except TimeoutError:
                if not self.answer:
                    try:
                        self.sock.send(b" ")
                    except OSError:
                        self.closed = True
                        break
                continue
            except OSError:
                self.closed = True
                break
            if not data:
                self.closed = True
                break
            if not self.answer:
                self.took = time.monotonic() - self.began
            self.answer += data
        self.sock.close()

    @property
    def status(self) -> int | None:
        return int(self.answer.split(b" ", 2)[1]) if self.answer else None

    @property
    def body(self) -> dict:
        return json.loads(self.answer.split(b"\r\n\r\n", 1)[1] or b"{}")


def _timed(client: httpx.Client, method: str, path: str, **kw) -> tuple[int, float]:
    start = time.monotonic()
    r = client.request(method, path, **kw)
    return r.status_code, time.monotonic() - start


def test_slow_bodies_of_one_key_do_not_stall_another_keys_requests(tmp_path):
    """Through the workers: a key's slow bodies are cut with 408 (connection closed) once
    they pass their deadline, the key's requests past its limit are a 429 naming it, and
    another key's forwarded writes and reads answer at once meanwhile."""
    settings = {
        "writer_connections": 4,
        "max_requests_per_key": 3,
        "body_timeout_s": 3,
        "body_min_rate": 100,
        "writer_wait_s": 1,
    }
    with Server(tmp_path, **settings) as server:
        mallory, alice = server.keys()
        slow = [Slow(server.port, mallory) for _ in range(8)]
        for s in slow:
            s.start()
        time.sleep(1.0)  # (each worker has taken its share)
        with server.client(alice) as c:
            for n in range(4):  # new connections: whichever worker takes them
                c.headers["Connection"] = "close"
                fact = {"text": f"My locker is number {n}.", "scope": SCOPE}
                status, took = _timed(c, "POST", "/api/v1/shop/facts", json=fact)
                assert status == 201 and took < 5, (status, took)
                status, took = _timed(c, "GET", "/api/v1/me")
                assert status == 200 and took < 5, (status, took)
        for s in slow:
            s.join(timeout=40)
        statuses = sorted(s.status or 0 for s in slow)
        assert set(statuses) <= {408, 429}, statuses
        # the writer lets the key have 3 in progress: at least 5 of the 8 were refused
        refused = [s for s in slow if s.status == 429]
        assert len(refused) >= 5, statuses
        assert all(
            s.body["limit"] == 3 and "max_requests_per_key" in s.body["detail"] for s in refused
        )
        cut = [s for s in slow if s.status == 408]
        assert cut and all(s.closed and s.took < 20 for s in cut), [(s.took, s.closed) for s in cut]
        assert all(s.body["status"] == 408 for s in cut)
        # and the key is whole again once they are gone
        with server.client(mallory) as c:
            assert c.get("/api/v1/me").status_code == 200


def test_a_worker_waits_a_bounded_time_for_the_writer(tmp_path):
    """Every connection of the workers to the writer held by slow bodies (no per-key limit):
    a forwarded request is a 503 with Retry-After after ``writer_wait_s``, never a hang; reads
    a worker answers itself are unaffected."""
    settings = {
        "writer_connections": 1,
        "max_requests_per_key": 0,
        "body_timeout_s": 30,
        "writer_wait_s": 1,
    }
    with Server(tmp_path, **settings) as server:
        mallory, alice = server.keys()
        slow = [Slow(server.port, mallory, every=1.0) for _ in range(10)]
        for s in slow:
            s.start()
        time.sleep(1.5)
        answers = []
        with server.client(alice) as c:
            c.headers["Connection"] = "close"
            for _ in range(6):
                start = time.monotonic()
                r = c.get("/api/v1/me")
                answers.append((r.status_code, time.monotonic() - start, r))
            q = c.post("/api/v1/shop/query", json={"query": "locker", "lens": [SCOPE]})
            assert q.status_code == 200  # (answered by a worker from its replica)
        assert all(took < 8 for _, took, _ in answers), answers
        busy = [r for status, _, r in answers if status == 503]
        assert busy and all(status in (200, 503) for status, _, _ in answers), answers
        for r in busy:
            assert r.headers["retry-after"] == "1"
            assert "writer_connections" in r.json()["detail"]
        for s in slow:
            s.sock.close()


def test_one_process_times_out_slow_bodies_and_limits_a_key(tmp_path):
    """The same gate in one process (``workers = 1``, and the writer behind its workers)."""
    app = create_app(
        cheap_config(tmp_path, body_timeout_s=1.0, body_min_rate=100, max_requests_per_key=2)
    )
    admin = app.state.auth.bootstrap()
    with running(app) as url:
        port = int(url.rsplit(":", 1)[1])
        with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {admin}"}) as c:
            assert c.post("/api/v1/contexts", json={"name": "shop"}).status_code == 201
            mallory = agent_key(c, "mallory", WRITE, ["shop"])
        slow = [Slow(port, mallory) for _ in range(3)]
        for s in slow:
            s.start()
            time.sleep(0.2)
        for s in slow:
            s.join(timeout=30)
        assert sorted(s.status for s in slow) == [408, 408, 429]
        assert all(s.closed for s in slow)
        assert [s.body["limit"] for s in slow if s.status == 429] == [2]
        with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {mallory}"}) as c:
            r = c.post("/api/v1/shop/facts", json={"text": "I like tea.", "scope": SCOPE})
            assert r.status_code == 201, r.text


# ------------------------------------------------------------------ framing, redirects, files
@pytest.fixture(scope="module")
def plain(tmp_path_factory):
    """``engramdb serve`` with workers on a data directory made world-readable before (as a
    usual umask of 022 left it): a leftover file and an empty auth.db of mode 0644."""
    tmp = tmp_path_factory.mktemp("plain")
    data = tmp / "data"
    data.mkdir(mode=0o755)
    os.chmod(data, 0o755)
    for name in ("auth.db", "notes.txt"):
        (data / name).write_bytes(b"")
        os.chmod(data / name, 0o644)
    with Server(tmp) as server:
        with server.client(server.admin) as admin:
            assert admin.post("/api/v1/contexts", json={"name": "shop"}).status_code == 201
        yield server


def _raw(port: int, data: bytes) -> tuple[bytes, bool]:
    """Bytes on a socket; the answer and whether the server closed the connection after it."""
    with socket.create_connection(("127.0.0.1", port), timeout=20) as s:
        s.sendall(data)
        out = b""
        while True:
            try:
                chunk = s.recv(65536)
            except TimeoutError:
                return out, False
            if not chunk:
                return out, True
            out += chunk
            head, _, body = out.partition(b"\r\n\r\n")
            length = [
                int(line.split(b":", 1)[1])
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-length:")
            ]
            if length and len(body) >= length[0]:
                s.settimeout(2)  # (the answer is whole: is the connection closed after it?)


def _smuggle(token: str, length: bytes) -> bytes:
    body = b'{"name": "smuggled"}'
    chunked = b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body)
    return (
        b"POST /api/v1/contexts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
        + token.encode()
        + b"\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
        + b"Content-Length: "
        + length
        + b"\r\n\r\n"
        + chunked
    )


def _check_refused(answer: bytes, closed: bool) -> None:
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.split(b" ", 2)[1] == b"400", answer[:300]
    assert b"application/problem+json" in head.lower()
    problem = json.loads(body)
    assert problem["status"] == 400 and "Transfer-Encoding" in problem["detail"]
    assert b"Traceback" not in answer and closed


@pytest.mark.parametrize("length", [b"5", b"20", b"100"])
def test_transfer_encoding_with_content_length_is_refused_by_a_worker(plain, length):
    """RFC 9112 6.3: both framings at once were trusted by the length (a 500 and a traceback
    when they disagreed, a request made when they agreed); now a 400 problem, nothing made."""
    for _ in range(4):  # (whichever worker takes the connection)
        _check_refused(*_raw(plain.port, _smuggle(plain.admin, length)))
    with plain.client(plain.admin) as c:
        assert "smuggled" not in c.get("/api/v1/contexts").json()["contexts"]


def test_transfer_encoding_with_content_length_is_refused_by_the_writer(tmp_path):
    app = create_app(cheap_config(tmp_path))
    admin = app.state.auth.bootstrap()
    with running(app) as url:
        port = int(url.rsplit(":", 1)[1])
        for length in (b"5", b"20", b"100"):
            _check_refused(*_raw(port, _smuggle(admin, length)))
        with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {admin}"}) as c:
            assert c.get("/api/v1/contexts").json()["contexts"] == []
            # chunked alone is a body like any other
            r = c.post(
                "/api/v1/contexts",
                content=iter([b'{"name": ', b'"shop"}']),
                headers={"content-type": "application/json"},
            )
            assert r.status_code == 201, r.text


def test_a_slash_redirect_does_not_send_the_host_header_back(plain):
    auth = f"Authorization: Bearer {plain.admin}\r\n".encode()
    for path, to in [
        (b"/api/v1/contexts/", b"/api/v1/contexts"),
        (b"/api/v1/contexts/?limit=5", b"/api/v1/contexts?limit=5"),
        (b"/api/v1/me/", b"/api/v1/me"),
    ]:
        for _ in range(3):
            answer, _ = _raw(
                plain.port, b"GET " + path + b" HTTP/1.1\r\nHost: evil.example\r\n" + auth + b"\r\n"
            )
            head = answer.partition(b"\r\n\r\n")[0]
            assert head.split(b" ", 2)[1] == b"307", head
            location = [
                line.split(b":", 1)[1].strip()
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"location:")
            ]
            assert location == [to], head
    with plain.client(plain.admin) as c:  # (a client following it lands on the route)
        assert c.get("/api/v1/contexts/", follow_redirects=True).status_code == 200
        assert c.get("/api/v1/nothing/here/").status_code in (401, 404)


def test_the_data_directory_and_backups_are_private(plain):
    with plain.client(plain.admin) as c:
        r = c.post("/api/v1/shop/facts", json={"text": "My PIN is 4012.", "scope": SCOPE})
        assert r.status_code == 201, r.text
        assert c.post("/api/v1/shop/query", json={"query": "PIN", "lens": [SCOPE]}).is_success
        r = c.post("/api/v1/backup", json={"name": "nightly"})
        assert r.status_code == 201, r.text
    seen = {}
    for top, dirs, files in os.walk(plain.data):
        for name in dirs + files:
            path = Path(top, name)
            seen[str(path.relative_to(plain.data))] = path.lstat().st_mode & 0o777
    assert plain.data.stat().st_mode & 0o777 == 0o700
    for must in (
        "auth.db",
        "notes.txt",
        "bootstrap-key",
        "contexts/shop/knowledge.db",
        "backups/nightly/auth.db",
        "backups/nightly/contexts/shop/knowledge.db",
    ):
        assert must in seen, sorted(seen)
    loose = {p: oct(m) for p, m in seen.items() if m & 0o077}
    assert not loose


# ------------------------------------------------------------------------ large JSON bodies
def test_json_bodies_have_a_limit_per_route_class(tmp_path):
    """A route whose data is one text takes at most max_json_bytes (1 MiB): a declared 2 MiB
    is a 413 naming it at once, before any byte of the body; batches take max_batch_bytes;
    a request without a key is a 401 before its body either way."""
    app = create_app(cheap_config(tmp_path))
    admin = app.state.auth.bootstrap()
    with running(app) as url:
        port = int(url.rsplit(":", 1)[1])
        with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {admin}"}) as c:
            assert c.post("/api/v1/contexts", json={"name": "shop"}).status_code == 201
            reader = agent_key(c, "reader", {"memory:read": ["org/acme/user/*"]}, ["shop"])
        two = 2 * 1024 * 1024
        for path, token, status in [
            ("/api/v1/shop/query", reader, b"413"),
            ("/api/v1/shop/facts", reader, b"413"),
            ("/api/v1/principals", admin, b"413"),
            ("/api/v1/shop/query", "", b"401"),
            ("/api/v1/shop/facts/batch", "", b"401"),
        ]:
            auth = f"Authorization: Bearer {token}\r\n" if token else ""
            head = (
                f"POST {path} HTTP/1.1\r\nHost: x\r\n{auth}Content-Type: application/json\r\n"
                f"Content-Length: {two}\r\n\r\n"
            )
            answer, closed = _raw(port, head.encode())  # (the body is never sent)
            assert answer.split(b" ", 2)[1] == status and closed, (path, answer[:300])
            if status == b"413":
                assert json.loads(answer.partition(b"\r\n\r\n")[2])["limit"] == 1024 * 1024
        # a batch of 2 MiB is read (and refused for what it holds, max_batch items, not its
        # size in bytes)
        items = [{"text": "x" * 2000, "scope": SCOPE}] * 1001
        with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {reader}"}) as c:
            r = c.post("/api/v1/shop/facts/batch", json={"items": items})
            assert r.status_code == 413 and r.json()["limit"] == 1000, r.text[:300]
            assert r.json()["field"] == "items"


def test_the_parsing_budget_lets_one_large_body_through_and_makes_the_others_wait():
    from engramdb.server.gate import _Budget

    async def main() -> None:
        budget = _Budget(100)
        assert await budget.take(150, 0.1, "a")  # one alone always fits, however large
        assert not await budget.take(1, 0.1, "b")  # the rest wait, then give up (a 503)
        budget.give(150, "a")
        assert await budget.take(40, 0.1, "a")
        # one principal holds at most half while it holds any: its next body waits, another
        # principal's fits
        assert not await budget.take(20, 0.1, "a")
        assert await budget.take(20, 0.1, "b")
        order: list[str] = []

        async def later(n: int, name: str, owner: str) -> None:
            assert await budget.take(n, 5, owner)
            order.append(name)

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(later, 50, "second", "c")  # waits for room (40 + 20 + 50 > 100)
            tasks.start_soon(later, 30, "small", "d")  # fits beside them
            await anyio.sleep(0.1)
            assert order == ["small"] and budget.used == 90
            budget.give(40, "a")
        assert order == ["small", "second"] and budget.used == 100

    anyio.run(main)


@pytest.mark.wallclock
def test_a_large_body_sent_slowly_holds_no_parsing_budget(tmp_path):
    """A body takes its share of max_parsing_bytes once it has arrived whole: one principal
    trickling a large batch (declared 900 KB, a few bytes a second) does not make another
    principal's 200 KB batch wait (before, the declared size was taken at the first byte and
    the other batch was a 503 after body_timeout_s)."""
    app = create_app(
        cheap_config(tmp_path, max_parsing_bytes=1024 * 1024, body_timeout_s=3, body_min_rate=1)
    )
    admin = app.state.auth.bootstrap()
    with running(app) as url:
        port = int(url.rsplit(":", 1)[1])
        with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {admin}"}) as c:
            assert c.post("/api/v1/contexts", json={"name": "shop"}).status_code == 201
            mallory = agent_key(c, "mallory", WRITE, ["shop"])
            alice = agent_key(c, "alice", WRITE, ["shop"])
        sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        try:
            sock.sendall(
                f"POST /api/v1/shop/facts/batch HTTP/1.1\r\nHost: x\r\n"
                f"Authorization: Bearer {mallory}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {900 * 1024}\r\n\r\n{{".encode()
            )
            time.sleep(0.5)  # (its first byte is read)
            items = [{"text": f"Note {i}: " + "y" * 1900, "scope": SCOPE} for i in range(100)]
            with httpx.Client(
                base_url=url, headers={"Authorization": f"Bearer {alice}"}, timeout=60
            ) as c:
                start = time.monotonic()
                r = c.post("/api/v1/shop/facts/batch", json={"items": items})
                took = time.monotonic() - start
            assert r.status_code == 201, r.text[:300]
            assert len(r.json()["results"]) == 100
            assert took < 30, took
        finally:
            sock.close()
