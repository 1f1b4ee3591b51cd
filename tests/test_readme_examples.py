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
