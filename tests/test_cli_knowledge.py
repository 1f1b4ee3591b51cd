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
