"""The ``engramdb`` command line, through Typer's CliRunner (hashing embedder, for speed)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner, Result

from engramdb.cli import app

DOCS = Path(__file__).resolve().parents[1] / "docs" / "cli.md"

Invoke = Callable[..., Result]


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Invoke:
    monkeypatch.delenv("ENGRAMDB_PATH", raising=False)
    monkeypatch.delenv("ENGRAMDB_EMBEDDER", raising=False)
    runner = CliRunner()
    base = ["--path", str(tmp_path / "store"), "--embedder", "hashing"]

    def invoke(*args: str, input: str | None = None) -> Result:
        return runner.invoke(app, [*base, *args], input=input, env={"COLUMNS": "200"})

    return invoke


def ok(result: Result) -> Result:
    assert result.exit_code == 0, (result.exit_code, result.output, result.exception)
    return result


def live(cli: Invoke) -> int:
    return json.loads(ok(cli("stats", "--json")).stdout)["live"]


def recall_json(cli: Invoke, query: str, *args: str) -> list[dict]:
    out = ok(cli("recall", query, "--json", *args)).stdout
    return [json.loads(line) for line in out.splitlines()]


# ---------------------------------------------------------------------------------- basics
def test_remember_then_recall_round_trip(cli: Invoke) -> None:
    mid = ok(
        cli(
            "remember",
            "--engine",
            "Maya adopted a grey cat named Pixel",
            "--tag",
            "pets",
            "--tag",
            "cat",
            "--session",
            "s1",
        )
    ).stdout.strip()
    assert re.fullmatch(r"[0-9a-f]{32}", mid)
    ok(cli("remember", "--engine", "The quarterly report is due on Friday"))

    hits = recall_json(cli, "grey cat named Pixel", "--k", "2", "--explain")
    assert [h["rank"] for h in hits] == [1, 2]
    assert hits[0]["id"] == mid
    assert hits[0]["text"] == "Maya adopted a grey cat named Pixel"
    assert hits[0]["tags"] == ["pets", "cat"]
    assert hits[0]["session_id"] == "s1"
    assert set(hits[0]["explain"]) >= {"similarity", "importance", "retention", "lexical"}

    table = ok(cli("recall", "grey cat named Pixel", "--explain")).stdout
    assert "Maya adopted a grey cat" in table and mid in table and "similarity +" in table


def test_recall_filters_by_tier(cli: Invoke) -> None:
    ok(cli("remember", "--engine", "Maya is vegetarian", "--tier", "semantic"))
    ok(cli("remember", "--engine", "Maya ate a vegetarian lasagna", "--tier", "episodic"))
    hits = recall_json(cli, "vegetarian", "--tier", "semantic")
    assert [h["tier"] for h in hits] == ["semantic"]


def test_remember_reads_stdin_and_meta(cli: Invoke) -> None:
    mid = ok(
        cli("remember", "--engine", "-", "--meta", '{"role": "user"}', input="from a pipe\n")
    ).stdout
    record = json.loads(ok(cli("get", mid.strip(), "--json")).stdout)
    assert record["text"] == "from a pipe"
    assert record["meta"] == {"role": "user"}


def test_get_and_forget(cli: Invoke) -> None:
    ok(
        cli(
            "remember",
            "--engine",
            "Maya lives in Lisbon",
            "--id",
            "home",
            "--importance",
            "4",
            "--pinned",
            "--timestamp-ms",
            "1741028820000",
            "--source",
            "chat",
        )
    )
    record = json.loads(ok(cli("get", "home", "--json")).stdout)
    assert record["id"] == "home"
    assert record["text"] == "Maya lives in Lisbon"
    assert record["importance"] == pytest.approx(4.0)
    assert record["pinned"] is True
    assert record["timestamp_ms"] == 1741028820000
    assert record["source"] == "chat"
    shown = ok(cli("get", "home")).stdout
    assert "Maya lives in Lisbon" in shown and "2025-03-03 19:07 UTC" in shown

    assert ok(cli("forget", "--engine", "home")).stdout.strip() == "forgotten home"
    assert ok(cli("forget", "--engine", "home")).stdout.strip() == "home was already forgotten"
    gone = cli("get", "home")
    assert gone.exit_code == 1
    assert "no memory with id 'home'" in gone.stderr
    assert recall_json(cli, "where does Maya live") == []


def test_reinforce_and_search(cli: Invoke) -> None:
    ok(cli("remember", "--engine", "The boiler was serviced in March", "--id", "boiler"))
    ok(cli("reinforce", "boiler", "--strength", "2"))
    record = json.loads(ok(cli("get", "boiler", "--json")).stdout)
    assert record["agent_recall_count"] == 1
    assert record["storage_strength"] == pytest.approx(2.0)
    found = [json.loads(x) for x in ok(cli("search", "boiler", "--json")).stdout.splitlines()]
    assert [f["id"] for f in found] == ["boiler"]


def test_stats_json_parses(cli: Invoke) -> None:
    ok(cli("remember", "--engine", "one"))
    ok(cli("remember", "--engine", "two", "--tier", "procedural"))
    info = json.loads(ok(cli("stats", "--json")).stdout)
    assert info["live"] == 2
    assert info["tiers"]["procedural"]["live"] == 1
    assert info["embedder"].startswith("engramdb/hashing")
    assert "procedural" in ok(cli("stats")).stdout


def test_version() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.startswith("engramdb ")


@pytest.mark.processes
def test_python_dash_m_runs_the_cli() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engramdb", "--help"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "remember" in done.stdout and "import" in done.stdout


# ---------------------------------------------------------------------------------- errors
def test_validation_error_is_one_red_line_and_exit_1(cli: Invoke) -> None:
    result = cli("remember", "--engine", "too important", "--importance", "99")
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        "error: importance: 99.0 is out of range (limit: 0.05..10.0)"
    ]
    assert "Traceback" not in result.output
    assert live(cli) == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("recall", "x", "--k", "0"), "error: k: must be an integer from 1 to 1000"),
        (("remember", "--engine", "x", "--tier", "nope"), "error: tier: unknown tier 'nope'"),
        (("remember", "--engine", "   "), "error: text: must not be empty"),
    ],
)
def test_library_errors_become_exit_1(cli: Invoke, args: tuple[str, ...], message: str) -> None:
    assert cli("remember", "--engine", "a first memory").exit_code == 0  # (reads need a store)
    result = cli(*args)
    assert result.exit_code == 1
    assert result.stderr.startswith(message)


def test_bad_meta_is_a_usage_error(cli: Invoke) -> None:
    result = cli("remember", "--engine", "x", "--meta", "[1, 2]")
    assert result.exit_code == 2
    assert "must be a JSON object" in result.output


def test_embedder_mismatch_is_reported(tmp_path: Path) -> None:
    runner = CliRunner()
    store = str(tmp_path / "store")
    ok(runner.invoke(app, ["-p", store, "--embedder", "hashing", "remember", "--engine", "x"]))
    result = runner.invoke(app, ["-p", store, "--embedder", "hashing:64", "stats"])
    assert result.exit_code == 1
    assert "was written with embedder" in result.stderr


def test_path_and_embedder_from_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ENGRAMDB_PATH", str(tmp_path / "env-store"))
    monkeypatch.setenv("ENGRAMDB_EMBEDDER", "hashing")
    ok(CliRunner().invoke(app, ["remember", "--engine", "from the environment"]))
    assert (tmp_path / "env-store" / "index.db").exists()


# ---------------------------------------------------------------------------------- import
def write_jsonl(path: Path, rows: list[dict | str]) -> Path:
    path.write_text(
        "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows),
        encoding="utf-8",
    )
    return path


def test_import_jsonl_in_batches_with_progress(cli: Invoke, tmp_path: Path) -> None:
    rows: list[dict | str] = [
        {
            "text": f"memory number {i}",
            "session_id": f"s{i % 3}",
            "tags": ["bulk"],
            "timestamp_ms": 1_700_000_000_000 + i,
        }
        for i in range(25)
    ]
    rows[3] = {**rows[3], "id": "third", "tier": "semantic", "meta": {"n": 3}}
    rows.insert(5, "")  # blank lines are skipped
    result = ok(cli("import", str(write_jsonl(tmp_path / "m.jsonl", rows)), "--batch", "10"))
    assert result.stdout.strip().endswith("imported 25 memories from " + str(tmp_path / "m.jsonl"))
    assert "importing" in result.stderr and "25/25" in result.stderr
    assert live(cli) == 25
    record = json.loads(ok(cli("get", "third", "--json")).stdout)
    assert (record["tier"], record["session_id"], record["meta"]) == ("semantic", "s0", {"n": 3})
    assert record["timestamp_ms"] == 1_700_000_000_003


def test_import_text_lines(cli: Invoke, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("Maya likes figs\n\n   \n  Maya runs on Sundays  \nMaya hates cilantro\n")
    result = ok(cli("import", str(notes), "--tier", "semantic", "--session", "notes"))
    assert "imported 3 memories" in result.stdout
    info = json.loads(ok(cli("stats", "--json")).stdout)
    assert info["tiers"]["semantic"]["live"] == 3
    hits = recall_json(cli, "Maya runs on Sundays", "--k", "1")
    assert hits[0]["text"] == "Maya runs on Sundays"
    assert hits[0]["session_id"] == "notes"


def test_import_format_auto_detects_jsonl_by_content(cli: Invoke, tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "data.txt", [{"text": "json in a .txt file"}])
    ok(cli("import", str(path)))
    assert recall_json(cli, "json in a txt file")[0]["text"] == "json in a .txt file"
    ok(cli("import", str(path), "--format", "text"))  # the raw line, as text
    assert live(cli) == 2


def test_import_bad_line_writes_nothing(cli: Invoke, tmp_path: Path) -> None:
    rows: list[dict | str] = [{"text": f"fine {i}"} for i in range(30)]
    rows[2] = {"text": "too important", "importance": 50}
    rows[7] = "{not json"
    rows[20] = {"text": "x", "colour": "red"}
    path = write_jsonl(tmp_path / "bad.jsonl", rows)
    result = cli("import", str(path), "--batch", "5")
    assert result.exit_code == 1
    assert "line 3: importance: 50.0 is out of range (limit: 0.05..10.0)" in result.stderr
    assert "line 8: json: cannot parse" in result.stderr
    assert "line 21: items[0]: unknown fields ['colour']" in result.stderr
    assert "3 invalid line(s); nothing was written" in result.stderr
    assert live(cli) == 0


def test_import_skip_invalid_and_dry_run(cli: Invoke, tmp_path: Path) -> None:
    rows: list[dict | str] = [{"text": "good one"}, {"text": ""}, {"text": "good two"}]
    path = write_jsonl(tmp_path / "some.jsonl", rows)
    dry = ok(cli("import", str(path), "--dry-run", "--skip-invalid"))
    assert "2 memories valid" in dry.stdout and live(cli) == 0
    result = ok(cli("import", str(path), "--skip-invalid"))
    assert "line 2: text: must not be empty" in result.stderr
    assert "imported 2 memories" in result.stdout and "skipped 1 invalid line" in result.stdout
    assert live(cli) == 2


def test_import_refuses_duplicate_and_stored_ids(cli: Invoke, tmp_path: Path) -> None:
    ok(cli("remember", "--engine", "already here", "--id", "a"))
    rows: list[dict | str] = [
        {"text": "new", "id": "b"},
        {"text": "again", "id": "b"},
        {"text": "clash", "id": "a"},
    ]
    result = cli("import", str(write_jsonl(tmp_path / "ids.jsonl", rows)))
    assert result.exit_code == 1
    assert "line 2: id: 'b' is also on line 1" in result.stderr
    assert "line 3: id: already stored" in result.stderr and "['a']" in result.stderr
    assert live(cli) == 1


def test_import_refuses_the_id_of_a_forgotten_memory_before_writing(
    cli: Invoke, tmp_path: Path
) -> None:
    # A forgotten memory's id stays taken; the pre-check (Engine.validate) sees it.
    ok(cli("remember", "--engine", "old", "--id", "gone"))
    ok(cli("forget", "--engine", "gone"))
    rows: list[dict | str] = [{"text": "one"}, {"text": "two"}, {"text": "three", "id": "gone"}]
    result = cli("import", str(write_jsonl(tmp_path / "f.jsonl", rows)), "--batch", "2")
    assert result.exit_code == 1
    assert "line 3: id: already stored (ids of forgotten memories stay taken)" in result.stderr
    assert "nothing was written" in result.stderr
    assert live(cli) == 0


def test_import_missing_file_is_a_usage_error(cli: Invoke, tmp_path: Path) -> None:
    result = cli("import", str(tmp_path / "nope.jsonl"))
    assert result.exit_code == 2
    assert "does not exist" in result.output


# ---------------------------------------------------------------------------------- docs
def _command_names() -> list[str]:
    group = typer.main.get_command(app)
    return sorted(group.commands)  # type: ignore[attr-defined]


def test_every_command_is_documented() -> None:
    docs = DOCS.read_text(encoding="utf-8")
    names = _command_names()
    assert {"remember", "recall", "get", "forget", "stats", "import"} <= set(names)
    missing = [n for n in names if f"engramdb {n}" not in docs and f"`{n}`" not in docs]
    assert not missing, f"commands missing from docs/cli.md: {missing}"


def test_every_command_has_help() -> None:
    group = typer.main.get_command(app)
    for name, command in group.commands.items():  # type: ignore[attr-defined]
        assert (command.help or "").strip(), f"{name} has no help text"


def test_upload_runs_a_job_into_the_store_and_reports_what_it_stored(
    cli: Invoke, tmp_path: Path
) -> None:
    doc = tmp_path / "policy.md"
    doc.write_text("# Policy\n\nReturns are accepted within 30 days of delivery.\n")
    result = ok(cli("upload", str(doc), "--scope", "org/acme"))
    assert "policy.md version 1 (document 1): 1 chunks, 1 facts" in result.output
    again = ok(cli("upload", str(doc), "--scope", "org/acme"))
    assert "unchanged" in again.output
    queued = ok(cli("upload", str(doc), "--scope", "org/acme", "--no-wait"))
    assert re.search(r"job job-[0-9a-f]{16}: (queued|running|done)", queued.output)
    bad = cli("upload", str(doc), "--scope", "org//acme")
    assert bad.exit_code == 1 and "scope" in bad.output
    missing = cli("upload", str(tmp_path / "nope.md"), "--scope", "org/acme")
    assert missing.exit_code == 1 and "is not a file" in missing.output


def test_backup_copies_the_store_into_a_new_directory(cli: Invoke, tmp_path: Path) -> None:
    ok(cli("remember", "--engine", "Maya moved to Lisbon", "--session", "s1"))
    result = ok(cli("backup", str(tmp_path / "copy")))
    assert "backed up" in result.output
    again = cli("backup", str(tmp_path / "copy"))
    assert again.exit_code == 1 and "new or empty directory" in again.output
    runner = CliRunner()
    base = ["--path", str(tmp_path / "copy"), "--embedder", "hashing"]
    hits = ok(
        runner.invoke(app, [*base, "recall", "where does Maya live?"], env={"COLUMNS": "200"})
    )
    assert "Lisbon" in hits.output


def test_explain_columns_add_up_and_flags_show_no_type(cli: Invoke) -> None:
    assert cli("remember", "--engine", "Maya moved to Lisbon").exit_code == 0
    result = cli("recall", "where does Maya live", "--explain", "--json")
    hit = json.loads(result.stdout.splitlines()[0])
    assert abs(sum(hit["explain"].values()) - hit["score"]) < 1e-4
    table = cli("recall", "Maya Lisbon", "--explain").stdout
    shown = [float(x) for x in re.findall(r"[a-z]+ ([+-]\d+\.\d+)", table)]
    score = float(re.search(r"│\s*1\s*│\s*(\d+\.\d+)", table).group(1))
    assert abs(sum(shown) - score) < 0.01  # the rows shown add up to the score
    helps = cli("remember", "--help").stdout
    assert "<bool>" not in helps and "--pinned" in helps
    assert "[server] table" in cli("serve", "--help").stdout
    found = cli("search", "Maya").stdout
    assert "1.00" in found and "e-0" not in found  # relative to the best, not -9.2e-07
