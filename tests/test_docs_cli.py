"""The console examples of docs/cli.md marked ``<!-- tested: NAME -->`` run as written, in a
fresh directory, and print what they show (every word of the shown output; tables wrap).
``<!-- tested-words: NAME -->``: every word but the numbers (scores that move with the day)."""

from __future__ import annotations

import re
import shlex
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engramdb.cli import app

DOC = Path(__file__).resolve().parents[1] / "docs" / "cli.md"
_BLOCK = re.compile(r"<!-- tested(-words)?: ([\w-]+) -->\s*```console\n(.*?)```", re.S)
_BOX = re.compile(r"[\u2500-\u257f]")

#: The files the examples name, as the docs describe them.
FILES = {
    "returns.md": "# Returns\n\nReturns are accepted within 30 days of delivery.\n",
    "sample.jsonl": (resources.files("engramdb.demo") / "sample.jsonl").read_text("utf-8"),
}


def _examples() -> list[tuple[str, str, str]]:
    return [(name, block, words) for words, name, block in _BLOCK.findall(DOC.read_text("utf-8"))]


def _steps(block: str) -> list[tuple[list[str], list[str]]]:
    """Each ``$ engramdb ...`` line with the output lines shown under it."""
    steps: list[tuple[list[str], list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            argv = shlex.split(line[2:])
            assert argv[0] == "engramdb", line
            steps.append((argv[1:], []))
        elif line.strip():
            steps[-1][1].append(line)
    return steps


def test_the_cli_docs_have_tested_examples():
    assert {name for name, _, _ in _examples()} >= {"first-session", "recall", "search"}


@pytest.mark.parametrize(
    ("name", "block", "words"), _examples(), ids=[n for n, _, _ in _examples()]
)
def test_cli_doc_example_runs(name: str, block: str, words: str, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for env in ("ENGRAMDB_PATH", "ENGRAMDB_URL", "ENGRAMDB_SCOPE", "ENGRAMDB_CONTEXT"):
        monkeypatch.delenv(env, raising=False)
    for file, text in FILES.items():
        (tmp_path / file).write_text(text, encoding="utf-8")
    for argv, shown in _steps(block):
        r = CliRunner().invoke(app, argv, catch_exceptions=False)
        assert r.exit_code == 0, (argv, r.output)
        said = " ".join(_BOX.sub(" ", r.output).split())
        for word in _BOX.sub(" ", " ".join(shown)).split():
            if words and any(c.isdigit() for c in word):
                continue  # (a score, a date: they move with the day the example runs)
            assert word in said, (argv, word, r.output)
