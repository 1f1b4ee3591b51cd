"""``engramdb serve --workers 2``: real processes on one port. A write through any connection
is read on every process at once; forgetting and revoking reach the reading workers at once;
what a worker forwards behaves as on the writer; the facts a worker returns are reinforced by
the writer; the workers stop with the writer, even after kill -9."""

from __future__ import annotations

import collections
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from test_serve import _free_port, _token, _wait

pytestmark = pytest.mark.processes

SCOPE = "org/acme/user/u1"
LENS = {"lens": [SCOPE]}


def _start(data: Path, port: int) -> subprocess.Popen:
    env = {
        **os.environ,
        "ENGRAMDB_EMBEDDER": "hashing",
        "ENGRAMDB_ARGON2_TIME_COST": "1",
        "ENGRAMDB_ARGON2_MEMORY_COST": "8192",
        "PYTHONUNBUFFERED": "1",
    }
    return subprocess.Popen(
        [sys.executable, "-m", "engramdb", "serve", "--port", str(port), "--data-dir", str(data)]
        + ["--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        start_new_session=True,  # (a kill -9 of the writer must not take its workers with it)
    )


def _workers_of(proc: subprocess.Popen) -> list[int]:
    out = subprocess.run(
        ["pgrep", "-f", "engramdb.server.reader"], capture_output=True, text=True
    ).stdout
    pids = [int(p) for p in out.split()]
    return [p for p in pids if _parent(p) == proc.pid]


def _parent(pid: int) -> int | None:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture
def server(tmp_path):
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    proc = _start(tmp_path / "data", port)
    try:
        _wait(url)
        token = _token(tmp_path / "data")
        import threading

        threading.Thread(target=proc.stdout.read, daemon=True).start()
        yield proc, url, token, tmp_path / "data"
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=30)


def _fresh(url: str, token: str, method: str, path: str, **kw) -> httpx.Response:
    """One request on a new connection: the kernel picks the process that takes it."""
    # (a generous timeout: a worker started again imports the engine before its first answer,
    # which takes more than httpx's default 5 s on a loaded machine)
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {token}"}, timeout=60) as c:
        return c.request(method, path, **kw)


def _asks(url, token, query, n=24):
    seen = collections.Counter()
    answers = []
    for _ in range(n):
        r = _fresh(url, token, "POST", "/api/v1/shop/query", json={"query": query, **LENS})
        assert r.status_code == 200, r.text
        seen[r.headers.get("x-engramdb-process", "writer")] += 1  # (a worker names itself)
        answers.append(" ".join(h["text"] for h in r.json()["hits"]))
    return seen, answers


def test_a_write_is_read_on_every_process_at_once(server):
    proc, url, token, _ = server
    assert len(_workers_of(proc)) == 2
    assert _fresh(url, token, "POST", "/api/v1/contexts", json={"name": "shop"}).status_code == 201
    for n, city in enumerate(["Leeds", "York", "Bath", "Hull"]):
        r = _fresh(
            url,
            token,
            "POST",
            "/api/v1/shop/facts",
            json={"text": f"My sister number {n} lives in {city}.", "scope": SCOPE},
        )
        assert r.status_code == 201, r.text
        # read back at once, on new connections: whichever process answers has the write
        seen, answers = _asks(url, token, f"sister lives in {city}", n=8)
        assert all(city in a for a in answers), answers
    seen, _ = _asks(url, token, "sister", n=32)
    assert len([w for w in seen if w.startswith("reader-")]) == 2  # both workers answered


def test_forgetting_and_revoking_reach_the_workers_at_once(server):
    proc, url, token, _ = server
    assert _fresh(url, token, "POST", "/api/v1/contexts", json={"name": "shop"}).status_code == 201
    r = _fresh(
        url,
        token,
        "POST",
        "/api/v1/shop/facts",
        json={"text": "My locker code is 4471 at the Riverside gym.", "scope": SCOPE},
    )
    assert r.status_code == 201, r.text
    _, answers = _asks(url, token, "locker code Riverside gym", n=6)
    assert all("4471" in a for a in answers)
    r = _fresh(url, token, "POST", "/api/v1/shop/forget", json={"scope": SCOPE})
    assert r.status_code == 200, r.text
    seen, answers = _asks(url, token, "locker code Riverside gym")
    assert all(w.startswith("reader-") for w in seen)
    assert not any("4471" in a for a in answers), answers
    # a key revoked through one process is refused by every process
    made = _fresh(
        url,
        token,
        "POST",
        "/api/v1/principals",
        json={
            "name": "bot",
            "kind": "agent",
            "contexts": ["shop"],
            "grants": {"memory:read": ["org/acme/user/*"]},
        },
    )
    assert made.status_code == 201, made.text
    key = _fresh(
        url, token, "POST", "/api/v1/keys", json={"principalId": made.json()["id"], "label": "b"}
    ).json()
    assert _asks(url, key["token"], "gym", n=4)[0]
    assert _fresh(url, token, "DELETE", f"/api/v1/keys/{key['keyId']}").status_code in (200, 204)
    codes = collections.Counter(
        _fresh(
            url, key["token"], "POST", "/api/v1/shop/query", json={"query": "gym", **LENS}
        ).status_code
        for _ in range(16)
    )
    assert codes == {401: 16}


def test_forwarded_requests_and_reinforcement(server):
    proc, url, token, data = server
    assert _fresh(url, token, "POST", "/api/v1/contexts", json={"name": "shop"}).status_code == 201
    policy = b"# Returns\n\nReturns are accepted within 30 days of delivery.\n"
    for _ in range(4):  # uploads (multipart, forwarded by a worker when it takes them)
        r = _fresh(
            url,
            token,
            "POST",
            "/api/v1/shop/documents?wait=true",
            files={"file": ("returns.md", policy, "text/markdown")},
            data={"scope": "org/acme"},
        )
        assert r.status_code in (200, 201), r.text
    seen, answers = _asks(url, token, "returns window days")
    assert all(w.startswith("reader-") for w in seen) and all("30 days" in a for a in answers)
    assert _fresh(url, token, "GET", "/api/v1/nope").status_code == 404  # a problem, forwarded
    # the facts the worker returned were reinforced by the writer (recalled counts)
    deadline = time.monotonic() + 10
    recalled = 0
    while time.monotonic() < deadline:
        con = sqlite3.connect(data / "contexts" / "shop" / "knowledge.db")
        recalled = con.execute("SELECT COALESCE(SUM(recalled), 0) FROM facts").fetchone()[0]
        con.close()
        if recalled >= 24:
            break
        time.sleep(0.2)
    assert recalled >= 24  # every query's, the workers' too


@pytest.mark.parametrize("how", ["term", "kill"])
def test_the_workers_stop_with_the_writer(server, how):
    proc, url, token, _ = server
    workers = _workers_of(proc)
    assert workers and all(_alive(p) for p in workers)
    if how == "term":
        proc.send_signal(signal.SIGTERM)  # stopped gracefully, then by the signal, as alone
        assert proc.wait(timeout=30) in (0, -signal.SIGTERM)
    else:
        proc.kill()  # kill -9: no handler runs; the pipe it held closes with it
        proc.wait(timeout=10)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(_alive(p) for p in workers):
        time.sleep(0.2)
    assert not any(_alive(p) for p in workers)


def test_a_worker_that_dies_is_started_again(server):
    proc, url, token, _ = server
    assert _fresh(url, token, "POST", "/api/v1/contexts", json={"name": "shop"}).status_code == 201
    first = _workers_of(proc)
    os.kill(first[0], signal.SIGKILL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        now = [p for p in _workers_of(proc) if _alive(p)]
        if len(now) == 2 and first[0] not in now:
            break
        time.sleep(0.2)
    assert len(now) == 2 and first[0] not in now
    time.sleep(1.0)  # (the new worker listens)
    codes = collections.Counter(
        _fresh(url, token, "POST", "/api/v1/shop/query", json={"query": "x", **LENS}).status_code
        for _ in range(12)
    )
    assert codes == {200: 12}


def test_a_restarted_server_reads_what_it_had_after_a_kill(tmp_path):
    """Written, then kill -9 of the writer; at the next start a worker's first read of the
    context has the writer open it first (its log replayed), and finds the turn."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    data = tmp_path / "data"
    proc = _start(data, port)
    try:
        _wait(url)
        token = _token(data)
        assert (
            _fresh(url, token, "POST", "/api/v1/contexts", json={"name": "shop"}).status_code == 201
        )
        r = _fresh(
            url,
            token,
            "POST",
            "/api/v1/shop/facts",
            json={"text": "My allotment is plot 17 on Mill Lane.", "scope": SCOPE},
        )
        assert r.status_code == 201, r.text
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the writer and its workers, at once
        proc.wait(timeout=10)
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    proc = _start(data, port)
    try:
        _wait(url)
        seen, answers = _asks(url, token, "allotment plot Mill Lane", n=8)
        assert all("plot 17" in a for a in answers), answers
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def _raw(url: str, data: bytes, *, close_early: bool = False) -> bytes:
    """Bytes on a socket, as a client may send them (httpx would fold the path first)."""
    import socket as _socket

    host, port = url.removeprefix("http://").split(":")
    with _socket.create_connection((host, int(port)), timeout=10) as s:
        s.sendall(data)
        if close_early:
            return b""
        out = b""
        while b"\r\n\r\n" not in out:
            chunk = s.recv(65536)
            if not chunk:
                break
            out += chunk
        return out


def test_a_forwarded_request_keeps_its_path_and_a_cut_body_is_not_a_request(server):
    proc, url, token, _ = server
    assert _fresh(url, token, "POST", "/api/v1/contexts", json={"name": "shop"}).status_code == 201
    auth = f"Authorization: Bearer {token}\r\n".encode()
    for _ in range(6):  # (on whichever worker takes it) a dot segment is not folded away
        head = _raw(url, b"GET /api/v1/shop/../contexts HTTP/1.1\r\nHost: x\r\n" + auth + b"\r\n")
        assert head.split(b"\r\n", 1)[0].split()[1] != b"200", head[:200]
    body = b'{"text": "My bike lock code is 9182.", "scope": "' + SCOPE.encode() + b'"}'
    for _ in range(6):  # a body cut short (the client promised 500 bytes) never reaches a write
        _raw(
            url,
            b"POST /api/v1/shop/facts HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
            + auth
            + b"Content-Length: 500\r\n\r\n"
            + body,
            close_early=True,
        )
    time.sleep(1.0)
    _, answers = _asks(url, token, "bike lock code", n=4)
    assert not any("9182" in a for a in answers)


def test_a_second_server_cannot_share_the_port(server, tmp_path):
    proc, url, token, _ = server
    port = int(url.rsplit(":", 1)[1])
    other = _start(tmp_path / "other", port)
    try:
        assert other.wait(timeout=60) != 0  # refused: the port is taken
    finally:
        if other.poll() is None:
            other.kill()
            other.wait()
    assert _fresh(url, token, "GET", "/api/v1/me").status_code == 200


def test_ctrl_c_to_the_process_group_stops_everything_cleanly(server):
    proc, url, token, _ = server
    workers = _workers_of(proc)
    os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
    assert proc.wait(timeout=40) in (0, -signal.SIGINT)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(_alive(p) for p in workers):
        time.sleep(0.2)
    assert not any(_alive(p) for p in workers)
