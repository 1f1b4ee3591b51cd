"""``POST /api/v1/backup`` (and ``engramdb backup NAME --url``): a consistent copy of a running
server's keys and contexts, which serves again as a data directory of its own."""

from __future__ import annotations

import httpx
from _serve import cheap_config, running
from typer.testing import CliRunner

from engramdb.cli import app as cli
from engramdb.server.app import create_app

POLICY = b"# Returns\n\nReturns are accepted within 30 days of delivery.\n"


def test_a_backup_of_a_running_server_serves_again_with_its_keys_and_data(tmp_path):
    app = create_app(cheap_config(tmp_path / "data"))
    admin_key = app.state.auth.bootstrap()
    admin = {"Authorization": f"Bearer {admin_key}"}
    with running(app) as url, httpx.Client(base_url=url, headers=admin, timeout=30) as c:
        assert c.post("/api/v1/contexts", json={"name": "shop"}).status_code == 201
        r = c.post(
            "/api/v1/principals",
            json={
                "name": "bob",
                "kind": "agent",
                "contexts": ["shop"],
                "grants": {"memory:read": ["org/acme/*"], "memory:write": ["org/acme/*"]},
            },
        )
        bob = c.post("/api/v1/keys", json={"principalId": r.json()["id"]}).json()["token"]
        r = c.post(
            "/api/v1/shop/documents?wait=true",
            files={"file": ("returns.md", POLICY, "text/markdown")},
            data={"scope": "org/acme"},
        )
        assert r.status_code == 201
        r = c.post(
            "/api/v1/shop/facts", json={"scope": "org/acme/user/bob", "text": "I moved to Lisbon."}
        )
        assert r.status_code == 201
        # only a management key backs up; a name is one plain segment; never over another
        denied = httpx.post(
            url + "/api/v1/backup", json={"name": "b1"}, headers={"Authorization": f"Bearer {bob}"}
        )
        assert denied.status_code == 403
        assert c.post("/api/v1/backup", json={"name": "../x"}).status_code == 422
        r = c.post("/api/v1/backup", json={"name": "b1"})
        assert r.status_code == 201, r.text
        assert r.json()["contexts"] == ["shop"]
        assert c.post("/api/v1/backup", json={"name": "b1"}).status_code == 409
        result = CliRunner().invoke(cli, ["backup", "b2", "--url", url, "--api-key", admin_key])
        assert result.exit_code == 0 and "backed up 1 contexts" in result.output, result.output
    copy = tmp_path / "data" / "backups" / "b1"
    restored = create_app(cheap_config(copy))
    assert restored.state.auth.bootstrap() is None  # the keys came along
    with running(restored) as url, httpx.Client(base_url=url, timeout=30) as c:
        c.headers["Authorization"] = f"Bearer {bob}"
        r = c.post(
            "/api/v1/shop/query",
            json={"query": "where do I live? Lisbon", "lens": ["org/acme/user/bob"]},
        )
        assert r.status_code == 200
        texts = [h["text"] for h in r.json()["hits"]]
        assert any("Lisbon" in t for t in texts) and any("30 days" in t for t in texts)
