"""Document CPU bombs through the real HTTP API (security issue, item 5, found with
``memory:curate``): an HTML or Markdown attribute bomb is read in linear time; a PDF whose pages
share one compressed content stream fails at once with its limit, as does a document read for
longer than ``document_read_s``; neither runs again after a restart nor holds its context's
queue; a cancel takes effect within a moment while a big job reads.

Before the fix: 40,000 attributes on one element took 17.6 s to parse (and quadratic beyond),
the PDF job ran past minutes and resumed after a restart, and a cancel waited for the block
being read (20 s here)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import httpx
import pytest
from _serve import cheap_config, running

from engramdb.server.app import create_app

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from document_bombs import attribute_bomb, prose_block, shared_stream_pdf  # noqa: E402

pytestmark = pytest.mark.wallclock

CTX = "bombs"
ORG = "org/acme"
POLICY = b"# Returns\n\nReturns are accepted within 30 days of delivery.\n"
STOP_S = 5.0
"""How soon a cancel must take effect: the reader's poll (0.05 s), the longest step it cannot
interrupt, the job runner and the HTTP round trips, with room for a loaded 2-core machine.
Before the fix the cancel waited for the paragraph being read (about 20 s here)."""
READING = ("reading", 1)
"""A job's progress once its document is parsed and its one paragraph is being read."""
CURATE = {
    "memory:read": ["org/acme/*"],
    "memory:write": ["org/acme/*"],
    "memory:curate": ["org/acme/*"],
}


def _upload(c: httpx.Client, data: bytes, name: str, kind: str) -> str:
    r = c.post(f"/api/v1/{CTX}/documents", files={"file": (name, data, kind)}, data={"scope": ORG})
    assert r.status_code == 202, r.text
    return r.headers["Location"]


def _follow(c: httpx.Client, url: str, test=None, timeout: float = 60.0) -> dict:
    test = test or (lambda j: j["state"] in ("done", "failed", "cancelled"))
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = c.get(url)
        assert job.status_code == 200, job.text
        if test(job.json()):
            return job.json()
        time.sleep(0.02)
    raise AssertionError(f"{url} never got there in {timeout} s: {c.get(url).json()}")


@pytest.fixture(scope="module")
def curator(live) -> str:
    with live.client(live.admin) as admin:
        assert admin.post("/api/v1/contexts", json={"name": CTX}).status_code == 201
        r = admin.post(
            "/api/v1/principals",
            json={"name": "curator", "kind": "agent", "grants": CURATE, "contexts": [CTX]},
        )
        r = admin.post("/api/v1/keys", json={"principalId": r.json()["id"], "label": "c"})
        return r.json()["token"]


@pytest.mark.parametrize(
    ("name", "kind"), [("bomb.html", "text/html"), ("bomb.md", "text/markdown")]
)
def test_an_attribute_bomb_is_read_in_moments(live, curator, name, kind):
    data = attribute_bomb(40_000, markdown=name.endswith(".md"))  # 0.9 MB
    with live.client(curator) as c:
        start = time.monotonic()
        done = _follow(c, _upload(c, data, name, kind), timeout=120)
        assert done["state"] == "done", done
        assert time.monotonic() - start < 10.0  # (17.6 s an element before, quadratic)
        chunks = c.get(f"/api/v1/{CTX}/documents/{done['result']['id']}/chunks").json()["chunks"]
        assert "Returns are accepted within 30 days. more" in chunks[0]["text"]


def test_a_cancel_takes_effect_within_moments_while_a_big_job_reads(live, curator):
    with live.client(curator) as c:
        url = _upload(c, prose_block(20_000, "Sprocket"), "long.md", "text/markdown")  # ~5 s
        _follow(c, url, lambda j: j["state"] == "running" and (j["phase"], j["total"]) == READING)
        time.sleep(0.3)  # (a fixed wait from "running" could land before the paragraph)
        asked = time.monotonic()
        assert c.post(url + "/cancel").status_code == 200
        cancelled = _follow(c, url)
        assert cancelled["state"] == "cancelled", cancelled
        assert time.monotonic() - asked < STOP_S
        names = [d["name"] for d in c.get(f"/api/v1/{CTX}/documents").json()["documents"]]
        assert "long.md" not in names


def test_jobs_over_their_limits_fail_at_once_and_never_come_back(tmp_path):
    app = create_app(cheap_config(tmp_path, document_read_s=1))
    admin_key = app.state.auth.bootstrap()
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as c:
        c.headers["Authorization"] = f"Bearer {admin_key}"
        assert c.post("/api/v1/contexts", json={"name": CTX}).status_code == 201
        start = time.monotonic()
        bomb = _upload(c, shared_stream_pdf(2_000, 40_000), "bomb.pdf", "application/pdf")
        slow = _upload(c, prose_block(20_000, "Gizmo"), "slow.md", "text/markdown")  # 5 s to read
        after = _upload(c, POLICY, "returns.md", "text/markdown")
        failed = _follow(c, bomb, timeout=30)
        assert failed["state"] == "failed", failed
        assert "page 1 holds 2680000 bytes of content" in failed["error"]
        assert "(limit: 1048576)" in failed["error"]
        late = _follow(c, slow, timeout=30)
        assert late["state"] == "failed", late
        assert "document_read_s" in late["error"] and "(limit: 1)" in late["error"]
        assert _follow(c, after, timeout=30)["state"] == "done"  # the queue moved on
        assert time.monotonic() - start < 20.0
    app = create_app(cheap_config(tmp_path, document_read_s=1))  # the server starts again
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as c:
        c.headers["Authorization"] = f"Bearer {admin_key}"
        time.sleep(0.5)
        assert c.get(bomb).json()["state"] == "failed"
        assert c.get(slow).json()["state"] == "failed"
        docs = c.get(f"/api/v1/{CTX}/documents").json()["documents"]
        assert [d["name"] for d in docs] == ["returns.md"]
        again = _upload(c, POLICY.replace(b"30", b"45"), "returns.md", "text/markdown")
        assert _follow(c, again)["state"] == "done"
