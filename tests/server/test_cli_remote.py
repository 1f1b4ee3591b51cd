"""The knowledge-level CLI against a real server (``--url``): the same commands, the same
output, through the HTTP API and its keys' rights."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from engramdb.cli import app
from engramdb.client import Client

CTX = "clitest"
BOB = "org/acme/user/bob"
POLICY = b"# Returns\n\nReturns are accepted within 30 days of delivery.\n"


@pytest.fixture(scope="module")
def keys(live) -> dict[str, str]:
    with Client(live.url, live.admin) as admin:
        admin.create_context(CTX)
        grants = {
            "curator": {
                "memory:read": ["org/acme/*"],
                "memory:write": ["org/acme/*"],
                "memory:curate": ["org/acme/*"],
                "memory:forget": ["org/acme/*"],
            },
            "bob": {"memory:read": ["org/acme", BOB + "/*"], "memory:write": [BOB + "/*"]},
        }
        out = {}
        for name, g in grants.items():
            principal = admin.create_principal(f"cli-{name}", "agent", g, contexts=[CTX])
            out[name] = admin.create_key(principal["id"], label=name)[1]
        return out


@pytest.fixture(autouse=True)
def _elsewhere(tmp_path, monkeypatch):
    """A command that wrongly fell back to the local store would write ./engramdb-data: here,
    and the test fails if it did."""
    monkeypatch.chdir(tmp_path)
    yield
    assert not (tmp_path / "engramdb-data").exists(), "a command used the local store"


def _cli(live, key: str, *args: str):
    base = ["--url", live.url, "--api-key", key, "--context", CTX]
    return CliRunner().invoke(app, [*base, *args], catch_exceptions=False)


def _lines(result) -> list[dict]:
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_upload_remember_and_conflicts_through_a_server(live, keys, tmp_path):
    policy = tmp_path / "returns.md"
    policy.write_bytes(POLICY)
    up = _cli(live, keys["curator"], "upload", str(policy), "--scope", "org/acme")
    assert up.exit_code == 0, up.output
    said = _cli(
        live,
        keys["bob"],
        "remember",
        "Your return policy is 60 days.",
        "--scope",
        BOB,
        "--session",
        "web-1",
    )
    assert said.exit_code == 0, said.output
    turn = said.stdout.strip()
    found = json.loads(_cli(live, keys["bob"], "conflicts", "--json").stdout)
    assert [(c["applies"]["value"], c["scope"]) for c in found] == [("30 days", BOB)]
    # the listings over HTTP, with the same fields as the store's own
    docs = _lines(_cli(live, keys["bob"], "documents", "--json"))
    assert [(d["name"], d["scope"], d["media_type"]) for d in docs] == [
        ("returns.md", "org/acme", "text/markdown")
    ]
    sessions = _lines(_cli(live, keys["bob"], "sessions", "--json"))
    assert [(s["session_id"], s["turns"]) for s in sessions] == [("web-1", 1)]
    turns = _lines(_cli(live, keys["bob"], "turns", "web-1", "--json"))
    assert [t["id"] for t in turns] == [turn]
    hits = _lines(_cli(live, keys["bob"], "query", "how long do returns take", "--json"))
    assert any(h["kind"] == "fact" and "30 days" in h["text"] for h in hits)
    # a forget the key has no right to is refused by the server, and said so on one line
    r = _cli(live, keys["bob"], "forget", "--scope", BOB, "--dry-run")
    assert r.exit_code == 1 and r.output.startswith("error:") and "forget" in r.output
    dry = json.loads(
        _cli(live, keys["curator"], "forget", "--scope", BOB, "--dry-run", "--json").stdout
    )
    assert dry["dry_run"] is True and dry["turns"] == 1
    assert _lines(_cli(live, keys["bob"], "turns", "web-1", "--json"))  # still there
    r = _cli(live, keys["bob"], "resolve", str(found[0]["id"]), "--outcome", "uphold")
    assert r.exit_code == 0 and "uphold" in r.output, r.output
    assert json.loads(_cli(live, keys["bob"], "conflicts", "--json").stdout) == []


def test_engine_commands_say_they_work_on_a_local_store_only(live, keys):
    r = _cli(live, keys["bob"], "recall", "returns")
    assert r.exit_code == 1 and "--url" in r.output and "--path" in r.output
    r = _cli(live, keys["bob"], "remember", "x", "--engine")
    assert r.exit_code == 1 and "not a server" in r.output


def test_a_wrong_key_is_one_line_not_a_traceback(live, keys):
    r = _cli(live, "egdb_not-a-key", "conflicts")
    assert r.exit_code == 1 and r.output.startswith("error:"), r.output


def test_reads_and_corrections_through_a_server(live, keys, tmp_path):
    said = _cli(
        live, keys["bob"], "remember", "My dog is called Rex.", "--scope", BOB, "--session", "web-2"
    )
    assert said.exit_code == 0, said.output
    turn = said.stdout.strip()
    facts = _lines(_cli(live, keys["bob"], "facts", "--json", "--lens", BOB))
    mine = [f for f in facts if f["scope"] == BOB and f["value"] == "Rex"]
    assert mine, facts
    r = _cli(live, keys["bob"], "revise", turn, "My dog is called Max.", "--json")
    assert r.exit_code == 0, r.output
    assert [f["value"] for f in json.loads(r.stdout)["facts"]] == ["Max"]
    fact = next(
        f
        for f in _lines(_cli(live, keys["bob"], "facts", "--json", "--lens", BOB))
        if f["value"] == "Max"
    )
    r = _cli(live, keys["bob"], "correct", f"fact:{fact['id']}", "Maximus", "--json")
    assert r.exit_code == 0, r.output
    values = [f["value"] for f in _lines(_cli(live, keys["bob"], "facts", "--json", "--lens", BOB))]
    assert "Maximus" in values and "Max" not in values and "Rex" not in values
    rows = _lines(_cli(live, keys["bob"], "memories", "--json", "--session", "web-2"))
    assert [(m["id"], m["text"], m["version"]) for m in rows] == [
        (turn, "My dog is called Max.", 2)
    ]
    state = json.loads(_cli(live, keys["bob"], "state", "--json", "--lens", BOB).stdout)
    assert any(
        f["value"] == "Maximus" for k in ("identity", "knowledge", "context") for f in state[k]
    )
    block = _cli(live, keys["bob"], "context", "what is my dog called", "--lens", BOB)
    assert block.exit_code == 0 and "Maximus" in block.stdout
    table = _cli(live, keys["bob"], "query", "what is my dog called")
    assert table.exit_code == 0 and "Maximus" in table.stdout
