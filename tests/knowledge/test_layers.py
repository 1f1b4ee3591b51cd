"""The write and read steps take the store's state, never the ``Memory`` façade (DESIGN §1,
issue 37 item 7): a server, a job or an import can run them without a façade."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from engramdb.engine import Engine
from engramdb.knowledge import reads, turns
from engramdb.knowledge.open_store import OpenStore
from engramdb.knowledge.reconcile import CONFIDENCE_FLOOR

KNOWLEDGE = Path(__file__).resolve().parents[2] / "src" / "engramdb" / "knowledge"


def _memory_uses(path: Path) -> list[str]:
    """Where a module imports ``Memory`` or names it as a parameter's type."""
    out = []
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and any(a.name == "Memory" for a in node.names):
            out.append(f"{path.name}:{node.lineno} imports Memory")
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            args = node.args
            for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
                if arg.annotation is not None and re.search(
                    r"\bMemory\b", ast.unparse(arg.annotation)
                ):
                    out.append(f"{path.name}:{node.lineno} {node.name}({arg.arg}: Memory)")
    return out


def test_no_step_takes_the_facade():
    modules = [p for p in KNOWLEDGE.rglob("*.py") if p != KNOWLEDGE / "memory.py"]
    assert len(modules) > 30  # (the walk found the package)
    uses = [u for p in modules for u in _memory_uses(p)]
    assert uses == []


def test_the_check_sees_a_step_that_takes_memory(tmp_path: Path):
    bad = tmp_path / "step.py"
    bad.write_text(
        "from .memory import Memory\n\ndef step(mem: Memory, x: int) -> None:\n    pass\n"
    )
    assert len(_memory_uses(bad)) == 2


def test_steps_run_on_an_open_store_without_a_facade(tmp_path: Path):
    engine = Engine.open(tmp_path)
    store = OpenStore(tmp_path, engine, CONFIDENCE_FLOOR)
    try:
        written = turns.remember(store, "I live in Leeds.", scope="org/a/user/bob")
        assert [(f.key, f.value) for f in written.facts] == [("lives_in", "Leeds")]
        found = reads.facts(store, lens="org/a/user/bob")
        assert [(f.key, f.value) for f in found] == [("lives_in", "Leeds")]
        hits = reads.query(store, "where does bob live", lens="org/a/user/bob", k=3)
        assert hits and hits[0].text == "I live in Leeds."
    finally:
        store.close()
