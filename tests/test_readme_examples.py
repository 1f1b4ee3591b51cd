"""The README's examples marked ``<!-- tested: NAME -->`` run as written (in a fresh directory)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
_BLOCK = re.compile(r"<!-- tested: ([\w-]+) -->\s*```python\n(.*?)```", re.S)


def _examples() -> list[tuple[str, str]]:
    return _BLOCK.findall(README.read_text(encoding="utf-8"))


def test_the_readme_has_tested_examples():
    assert {name for name, _ in _examples()} >= {"integrations"}


@pytest.mark.parametrize(("name", "code"), _examples(), ids=[n for n, _ in _examples()])
def test_readme_example_runs(name: str, code: str, tmp_path, monkeypatch):
    pytest.importorskip("langgraph")
    monkeypatch.chdir(tmp_path)
    exec(compile(code, f"README.md:{name}", "exec"), {"__name__": f"readme_{name}"})


def _first() -> str:
    return dict(_examples())["first"]


def _beliefs_and_conflicts(path: Path) -> tuple[int, int]:
    from engramdb import Memory

    with Memory.open(path) as mem:
        beliefs = mem.db.execute(
            "SELECT COUNT(*) FROM facts WHERE authoritative=0 AND closed_ms IS NULL AND forgotten=0"
        ).fetchone()[0]
        return beliefs, len(mem.conflicts())


def test_the_first_example_run_twice_stores_the_belief_once(tmp_path, monkeypatch):
    """Run twice in one process, the README's first example stored the belief twice and
    listed the same open conflict twice; saying it again corroborates the belief."""
    monkeypatch.chdir(tmp_path)
    for _ in range(2):
        exec(compile(_first(), "README.md:first", "exec"), {"__name__": "readme_first"})
    assert _beliefs_and_conflicts(tmp_path / "memory") == (1, 1)


@pytest.mark.processes
def test_the_first_example_in_two_processes_stores_the_belief_once(tmp_path):
    """The same, each run a process of its own over the same directory."""
    import os
    import subprocess
    import sys

    src = str(Path(__file__).resolve().parents[1] / "src")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])}
    for _ in range(2):
        done = subprocess.run(
            [sys.executable, "-c", _first()],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
    assert _beliefs_and_conflicts(tmp_path / "memory") == (1, 1)
