"""The knowledge-level CLI (context, state, conflicts, facts, memories, export, import) on real
store files; reads never create a store."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from engramdb import Memory
from engramdb.cli import app

RETURNS = b"# Returns\n\nReturns are accepted within 30 days of delivery.\n"
BOB = "org/acme/user/bob"


def _run(*args: str):
    return CliRunner().invoke(app, list(args), catch_exceptions=False)


def _store(path: Path) -> None:
    with Memory.open(path) as mem:
        mem.upload(RETURNS, name="returns.md", scope="org/acme")
        mem.remember("I was told I can return things within 90 days", scope=BOB, session_id="s1")


def test_reads_never_create_a_store(tmp_path):
    for command in (
        ["recall", "x"],
        ["search", "x"],
        ["stats"],
        ["facts"],
        ["state"],
        ["conflicts"],
        ["context", "x"],
        ["memories"],
        ["export"],
    ):
        r = _run("-p", str(tmp_path / "typo"), *command)
        assert r.exit_code == 1, (command, r.output)
        assert "no" in r.output and "typo" in r.output
    assert not (tmp_path / "typo").exists()


def test_conflicts_facts_state_and_context(tmp_path):
    _store(tmp_path / "s")
    p = str(tmp_path / "s")
    r = _run("-p", p, "conflicts", "--json")
    found = json.loads(r.output)
    assert found[0]["applies"]["value"] == "30 days" and found[0]["scope"] == BOB
    table = _run("-p", p, "conflicts").output
    assert "30 days" in table and "open" in table
    values = [
        json.loads(line)["value"] for line in _run("-p", p, "facts", "--json").output.splitlines()
    ]
    assert sorted(values) == ["30 days", "90 days"]
    assert "return_window" in _run("-p", p, "state", "--lens", BOB).output
    block = _run("-p", p, "context", "returns", "--lens", BOB).output
    assert "Open conflicts" in block and "30 days" in block
    rows = [json.loads(line) for line in _run("-p", p, "memories", "--json").output.splitlines()]
    assert [m["session_id"] for m in rows] == ["s1"]


def test_export_then_import_into_a_new_store(tmp_path):
    _store(tmp_path / "s")
    out = tmp_path / "dump.jsonl"
    assert _run("-p", str(tmp_path / "s"), "export", str(out)).exit_code == 0
    assert _run("-p", str(tmp_path / "s"), "export", str(out)).exit_code == 1  # no overwrite
    r = _run("-p", str(tmp_path / "t"), "import", str(out))
    assert r.exit_code == 0, r.output
    again = _run("-p", str(tmp_path / "t"), "export").output.splitlines()
    assert again[1:] == out.read_text().splitlines()[1:]
    r = _run("-p", str(tmp_path / "t"), "import", str(out))
    assert r.exit_code == 1 and "not empty" in r.output


# ------------------------------------------------------ the knowledge level's writes (issue 38)
def test_upload_a_policy_say_the_opposite_and_list_the_conflict(tmp_path):
    """The new user's path of docs/cli.md: `remember` writes a turn that the knowledge
    commands see (it used to write a bare engine memory, and `conflicts` said none)."""
    p = str(tmp_path / "s")
    policy = tmp_path / "returns.md"
    policy.write_bytes(RETURNS)
    assert _run("-p", p, "upload", str(policy), "--scope", "org/acme").exit_code == 0
    said = _run("-p", p, "remember", "Your return policy is 60 days.", "--scope", BOB)
    assert said.exit_code == 0, said.output
    turn = said.stdout.strip()
    assert turn.startswith("turn-")
    found = json.loads(_run("-p", p, "conflicts", "--json").output)
    assert [c["applies"]["value"] for c in found] == ["30 days"]
    assert found[0]["scope"] == BOB
    rows = [json.loads(line) for line in _run("-p", p, "memories", "--json").output.splitlines()]
    assert [m["id"] for m in rows] == [turn]


def test_remember_asks_for_a_scope_and_keeps_engine_options_for_engine(tmp_path):
    p = str(tmp_path / "s")
    r = _run("-p", p, "remember", "I live in Porto")
    assert r.exit_code == 1 and "--scope" in r.output
    r = _run("-p", p, "remember", "I live in Porto", "--scope", BOB, "--tier", "semantic")
    assert r.exit_code == 2 and "--engine" in r.output
    mid = _run("-p", p, "remember", "I live in Porto", "--engine", "--tier", "semantic").stdout
    assert _run("-p", p, "get", mid.strip()).exit_code == 0
    # a bare engine memory is no turn: the knowledge level has none
    assert not (tmp_path / "s" / "knowledge.db").exists()


def test_resolve_revise_correct_through_the_cli(tmp_path):
    p = str(tmp_path / "s")
    _store(tmp_path / "s")
    turn = json.loads(_run("-p", p, "memories", "--json").output.splitlines()[0])["id"]
    r = _run("-p", p, "revise", turn, "I was told I can return things within 45 days", "--json")
    assert r.exit_code == 0, r.output
    assert [f["value"] for f in json.loads(r.output)["facts"]] == ["45 days"]
    open_ = json.loads(_run("-p", p, "conflicts", "--json").output)
    assert [c["applies"]["value"] for c in open_] == ["30 days"]  # (the 90 days one was revised)
    conflict = open_[0]
    r = _run("-p", p, "resolve", str(conflict["id"]), "--outcome", "uphold", "--note", "30")
    assert r.exit_code == 0 and "uphold" in r.output, r.output
    assert json.loads(_run("-p", p, "conflicts", "--json").output) == []
    curated = next(
        json.loads(line)
        for line in _run("-p", p, "facts", "--json").output.splitlines()
        if json.loads(line)["authoritative"]
    )
    r = _run("-p", p, "correct", f"fact:{curated['id']}", "35 days", "--json")
    assert r.exit_code == 0, r.output
    values = [
        json.loads(line)["value"] for line in _run("-p", p, "facts", "--json").output.splitlines()
    ]
    assert "35 days" in values and "30 days" not in values


def test_forget_by_query_scope_and_id_with_a_dry_run(tmp_path):
    p = str(tmp_path / "s")
    _store(tmp_path / "s")
    before = _run("-p", p, "facts", "--json").output
    r = _run("-p", p, "forget", "--scope", BOB, "--dry-run", "--json")
    assert r.exit_code == 0, r.output
    dry = json.loads(r.output)
    assert dry["dry_run"] is True and dry["turns"] == 1
    assert {x["kind"] for x in dry["would_forget"]} >= {"turn"}
    assert _run("-p", p, "facts", "--json").output == before  # nothing removed
    assert "would forget" in _run("-p", p, "forget", "--query", "return", "--dry-run").output
    assert _run("-p", p, "forget", "--scope", BOB).exit_code == 0
    values = [
        json.loads(line)["value"] for line in _run("-p", p, "facts", "--json").output.splitlines()
    ]
    assert values == ["30 days"]
    fact = json.loads(_run("-p", p, "facts", "--json").output)["id"]
    assert _run("-p", p, "forget", f"fact:{fact}").exit_code == 0
    assert _run("-p", p, "facts", "--json").output == ""
    r = _run("-p", p, "forget", "x", "--scope", BOB)
    assert r.exit_code == 2 and "one of" in r.output


def test_documents_sessions_and_turns_listings(tmp_path):
    p = str(tmp_path / "s")
    _store(tmp_path / "s")
    docs = [json.loads(line) for line in _run("-p", p, "documents", "--json").output.splitlines()]
    assert [(d["name"], d["version"], d["scope"]) for d in docs] == [("returns.md", 1, "org/acme")]
    sess = [json.loads(line) for line in _run("-p", p, "sessions", "--json").output.splitlines()]
    assert [(s["session_id"], s["scope"], s["turns"]) for s in sess] == [("s1", BOB, 1)]
    said = [json.loads(line) for line in _run("-p", p, "turns", "s1", "--json").output.splitlines()]
    assert [t["text"] for t in said] == ["I was told I can return things within 90 days"]
    hits = [
        json.loads(line)
        for line in _run(
            "-p", p, "query", "how long can I return things", "--json"
        ).output.splitlines()
    ]
    assert hits and hits[0]["rank"] == 1 and {h["kind"] for h in hits} & {"fact", "chunk"}
    assert "returns.md" in _run("-p", p, "documents").output


def test_forget_refuses_what_could_delete_the_wrong_thing(tmp_path):
    p = str(tmp_path / "s")
    _store(tmp_path / "s")
    mid = _run("-p", p, "remember", "kept", "--engine", "--id", "42").stdout.strip()
    # an engine forget has no dry run: asked for one, it refuses rather than delete for real
    r = _run("-p", p, "forget", "--engine", mid, "--dry-run")
    assert r.exit_code == 2 and "--dry-run" in r.output
    assert _run("-p", p, "get", mid).exit_code == 0
    # a bare number would be read as a fact's id: the engine memory "42" is not fact 42
    r = _run("-p", p, "forget", "42")
    assert r.exit_code == 2 and "fact:42" in r.output and "--engine" in r.output
    facts = _run("-p", p, "facts", "--json").output
    r = _run("-p", p, "forget", "no-such-turn")
    assert r.exit_code == 1 and "--engine" in r.output
    assert _run("-p", p, "facts", "--json").output == facts  # nothing forgotten


def test_an_explicit_url_is_refused_where_a_command_works_locally(tmp_path, monkeypatch):
    p = str(tmp_path / "s")
    _store(tmp_path / "s")
    for command in (["recall", "returns"], ["export"], ["stats"]):
        r = _run("-p", p, "--url", "http://127.0.0.1:9", "--context", "c", *command)
        assert r.exit_code == 1 and "not a server" in r.output, (command, r.output)
    # ENGRAMDB_URL alone (set for upload, backup and mcp) leaves the engine commands local
    monkeypatch.setenv("ENGRAMDB_URL", "http://127.0.0.1:9")
    assert _run("-p", p, "stats").exit_code == 0
    assert _run("-p", p, "export").exit_code == 0


def test_json_keeps_the_users_own_metadata_keys(tmp_path):
    p = str(tmp_path / "s")
    meta = '{"sourceURL": "https://example.org/x", "Ticket": 7}'
    r = _run("-p", p, "remember", "I live in Porto", "--scope", BOB, "--meta", meta)
    assert r.exit_code == 0, r.output
    row = json.loads(_run("-p", p, "memories", "--json").output)
    assert row["metadata"] == {"sourceURL": "https://example.org/x", "Ticket": 7}
    assert "session_id" in row and "created_ms" in row
