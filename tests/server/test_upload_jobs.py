"""Upload jobs through a real server on loopback: 202 with a job to follow, progress, results,
cancelling, a job only its submitter sees, a revoked key's jobs that stop, a job a shutdown
interrupted that runs again when the server starts, and the client following a job."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import httpx
import pytest
from _serve import cheap_config, running

from engramdb.client import Client, DocumentResult, Job, JobError
from engramdb.server.app import create_app

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from price_lists import price_list  # noqa: E402

CTX = "jobs"
ORG = "org/acme"
POLICY = b"# Returns\n\nReturns are accepted within 30 days of delivery.\n"


def _key(admin: httpx.Client, name: str, grants: dict, contexts=(CTX,)) -> tuple[str, str]:
    r = admin.post(
        "/api/v1/principals",
        json={"name": name, "kind": "agent", "grants": grants, "contexts": list(contexts)},
    )
    assert r.status_code == 201, r.text
    r = admin.post("/api/v1/keys", json={"principalId": r.json()["id"], "label": name})
    assert r.status_code == 201, r.text
    return r.json()["token"], r.json()["keyId"]


CURATE = {
    "memory:read": ["org/acme/*"],
    "memory:write": ["org/acme/*"],
    "memory:curate": ["org/acme/*"],
}


@pytest.fixture(scope="module")
def keys(live) -> dict[str, tuple[str, str]]:
    with live.client(live.admin) as admin:
        assert admin.post("/api/v1/contexts", json={"name": CTX}).status_code == 201
        return {name: _key(admin, name, CURATE) for name in ("curator", "other", "revoked")}


def _upload(c: httpx.Client, data: bytes, name: str, ctx: str = CTX) -> httpx.Response:
    return c.post(
        f"/api/v1/{ctx}/documents",
        files={"file": (name, data, "text/markdown")},
        data={"scope": ORG},
    )


def _follow(
    c: httpx.Client, url: str, test=lambda j: j["state"] in ("done", "failed", "cancelled")
):
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        job = c.get(url)
        assert job.status_code == 200, job.text
        if test(job.json()):
            return job.json()
        time.sleep(0.02)
    raise AssertionError(f"{url} never got there")


def test_an_upload_answers_202_with_a_job_that_ends_with_the_result(live, keys):
    with live.client(keys["curator"][0]) as cur:
        r = _upload(cur, POLICY, "returns.md")
        assert r.status_code == 202, r.text
        job = r.json()
        assert job["state"] in ("queued", "running") and job["id"].startswith("job-")
        assert r.headers["Location"] == job["links"]["self"] == f"/api/v1/{CTX}/jobs/{job['id']}"
        done = _follow(cur, r.headers["Location"])
        assert done["state"] == "done" and done["error"] is None
        assert done["result"]["facts"] == 1 and done["result"]["name"] == "returns.md"
        assert done["result"]["write"]["facts"][0]["value"] == "30 days"
        listed = cur.get(f"/api/v1/{CTX}/jobs").json()["jobs"]
        assert job["id"] in [j["id"] for j in listed]
        assert cur.get(f"/api/v1/{CTX}/jobs", params={"state": "done"}).status_code == 200
        assert cur.get(f"/api/v1/{CTX}/jobs", params={"state": "asleep"}).status_code == 422
        # wait=true answers once stored, as uploads did before jobs
        r = cur.post(
            f"/api/v1/{CTX}/documents?wait=true",
            files={"file": ("returns.md", POLICY, "text/markdown")},
            data={"scope": ORG},
        )
        assert r.status_code == 201 and r.json()["unchanged"] is True


def test_a_job_is_its_submitters_and_an_administrators_only(live, keys):
    with live.client(keys["curator"][0]) as cur, live.client(keys["other"][0]) as other:
        url = _upload(cur, POLICY, "mine.md").headers["Location"]
        _follow(cur, url)
        r = other.get(url)
        assert r.status_code == 404 and r.headers["content-type"] == "application/problem+json"
        assert other.post(url + "/cancel").status_code == 404
        assert url.rsplit("/", 1)[1] not in str(other.get(f"/api/v1/{CTX}/jobs").json())
        with live.client(live.admin) as admin:
            assert admin.get(url).json()["state"] == "done"
            # another key of the same principal: the result was redacted for the submitting key
            pid = admin.get("/api/v1/me", headers={"Authorization": f"Bearer {keys['curator'][0]}"})
            second = admin.post("/api/v1/keys", json={"principalId": pid.json()["principal"]["id"]})
            assert second.status_code == 201, second.text
            with live.client(second.json()["token"]) as other_key:
                assert other_key.get(url).status_code == 404
        assert cur.get(f"/api/v1/{CTX}/jobs/{'x' * 500}").status_code == 404


def test_a_running_job_is_cancelled_and_leaves_nothing(live, keys):
    with live.client(keys["curator"][0]) as cur:
        r = _upload(cur, price_list(3000), "cancelled-prices.md")
        url = r.headers["Location"]
        _follow(cur, url, lambda j: j["state"] == "running" and j["total"] > 0)
        assert cur.post(url + "/cancel").status_code == 200
        assert _follow(cur, url)["state"] == "cancelled"
        names = [d["name"] for d in cur.get(f"/api/v1/{CTX}/documents").json()["documents"]]
        assert "cancelled-prices.md" not in names
        hits = cur.post(f"/api/v1/{CTX}/query", json={"query": "Widget 12-3 costs"}).json()
        assert not [h for h in hits["hits"] if "Widget" in h["text"]]


def test_a_revoked_keys_waiting_jobs_fail_and_write_nothing(live, keys):
    token, key_id = keys["revoked"]
    with live.client(token) as c, live.client(live.admin) as admin:
        busy = _upload(c, price_list(1500, seed=9), "busy.md").headers["Location"]
        late = _upload(c, POLICY.replace(b"30", b"45"), "late.md").headers["Location"]
        assert admin.delete(f"/api/v1/keys/{key_id}").status_code == 200
        failed = _follow(admin, late)
        assert failed["state"] == "failed" and "no longer valid" in failed["error"]
        assert _follow(admin, busy)["state"] in ("failed", "done")  # (it may have committed)
        names = [d["name"] for d in admin.get(f"/api/v1/{CTX}/documents").json()["documents"]]
        assert "late.md" not in names


def test_a_job_a_shutdown_interrupted_runs_when_the_server_starts_again(tmp_path):
    app = create_app(cheap_config(tmp_path))
    admin_key = app.state.auth.bootstrap()
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as c:
        c.headers["Authorization"] = f"Bearer {admin_key}"
        assert c.post("/api/v1/contexts", json={"name": CTX}).status_code == 201
        r = _upload(c, price_list(3000), "prices.md")
        job_url = r.headers["Location"]
        _follow(c, job_url, lambda j: j["state"] == "running")
    # the server stopped: the job was put back, not lost (nor half-written)
    app = create_app(cheap_config(tmp_path))
    with running(app) as url, httpx.Client(base_url=url, timeout=30) as c:
        c.headers["Authorization"] = f"Bearer {admin_key}"
        done = _follow(c, job_url)
        assert done["state"] == "done" and done["result"]["facts"] > 1000
        docs = c.get(f"/api/v1/{CTX}/documents").json()["documents"]
        assert [d["name"] for d in docs] == ["prices.md"]


def test_the_client_follows_a_job_and_reports_progress(live, keys):
    seen: list[Job] = []
    with Client(live.url, keys["curator"][0], CTX) as client:
        doc = client.upload(
            price_list(800, seed=5), scope=ORG, name="client.md", progress=seen.append
        )
        assert isinstance(doc, DocumentResult) and doc.facts > 500
        assert seen[-1].state == "done" and {j.state for j in seen} <= {"queued", "running", "done"}
        job = client.upload(POLICY.replace(b"30", b"60"), scope=ORG, name="n.md", wait=False)
        assert isinstance(job, Job) and not job.result
        assert client.wait_job(job.id, timeout=60).state == "done"
        slow = client.upload(price_list(3000, seed=6), scope=ORG, name="slow.md", wait=False)
        client.cancel_job(slow.id)
        with pytest.raises(JobError) as err:
            client._job_outcome(client.wait_job(slow.id, timeout=60))
        assert err.value.job.state in ("cancelled", "done")
        assert slow.id in [j.id for j in client.jobs()]


def test_the_cli_uploads_to_a_server_and_follows_the_job(live, keys, tmp_path):
    from typer.testing import CliRunner

    from engramdb.cli import app

    doc = tmp_path / "cli-policy.md"
    doc.write_text("# Policy\n\nDelivery takes 5 days.\n")
    args = ["upload", str(doc), "--scope", ORG, "--url", live.url, "--context", CTX]
    env = {"ENGRAMDB_API_KEY": keys["curator"][0], "COLUMNS": "200"}
    result = CliRunner().invoke(app, args, env=env)
    assert result.exit_code == 0, result.output
    assert "cli-policy.md version 1" in result.output and "1 facts" in result.output
    refused = CliRunner().invoke(app, args, env={**env, "ENGRAMDB_API_KEY": "egdb_bad"})
    assert refused.exit_code == 1 and "401" in refused.output
