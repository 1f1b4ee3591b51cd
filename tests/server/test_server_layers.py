"""The server's shape (issue 38): routes, MCP and the dashboard read and write through
``Memory`` only (no SQL of their own: the key store and the idempotency store keep theirs), no
module imports ``app.py`` but the processes that run it, and no two modules import each other
round in a circle. Checked on the source, so a new route cannot quietly bring SQL back."""

from __future__ import annotations

import ast
from pathlib import Path

SERVER = Path(__file__).resolve().parents[2] / "src" / "engramdb" / "server"
#: Stores of the server's own (keys, stored responses), not of a context's memory.
OWN_STORES = {"idempotency.py"}
#: The processes that run the app; nothing else may import it.
RUNNERS = {"workers", "reader"}
_SQL = ("SELECT ", "INSERT ", "UPDATE ", "DELETE FROM", "CREATE TABLE", "PRAGMA ")


def _modules() -> dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in SERVER.glob("*.py")}


def _imports(tree: ast.Module) -> set[str]:
    """The sibling modules a module imports, at any depth: ``from .x import ...``,
    ``from . import x`` and ``import engramdb.server.x``."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
            "engramdb.server."
        ):
            found.add((node.module or "").split(".")[2])
        elif isinstance(node, ast.Import):
            found.update(
                a.name.split(".")[2] for a in node.names if a.name.startswith("engramdb.server.")
            )
    return found


def _sql_of(tree: ast.Module) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in ("execute", "executemany", "db"):
            found.append(f"line {node.lineno}: .{node.attr}")
        text = node.value if isinstance(node, ast.Constant) else None
        if isinstance(text, str) and text.lstrip().upper().startswith(_SQL):
            found.append(f"line {node.lineno}: {text[:40]!r}")
    return found


def test_no_sql_in_request_handling():
    for name, tree in _modules().items():
        if f"{name}.py" in OWN_STORES:
            continue
        assert _sql_of(tree) == [], f"server/{name}.py reads or writes tables itself"


def test_the_check_finds_sql():
    tree = ast.parse('def f(mem):\n    return mem.db.execute("SELECT id FROM documents")\n')
    assert len(_sql_of(tree)) == 3


def test_the_check_sees_every_way_of_importing_a_sibling():
    tree = ast.parse(
        "from . import app\nfrom .calls import x\nimport engramdb.server.mcp\n"
        "from engramdb.server.gate import Gate\n"
    )
    assert _imports(tree) == {"app", "calls", "mcp", "gate"}


def test_only_the_processes_that_run_it_import_the_app():
    importers = {name for name, tree in _modules().items() if "app" in _imports(tree)}
    assert importers <= RUNNERS, importers


def test_no_import_circle_among_server_modules():
    graph = {name: _imports(tree) & set(_modules()) for name, tree in _modules().items()}

    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = list(graph[start])
        while todo:
            n = todo.pop()
            if n not in seen:
                seen.add(n)
                todo.extend(graph.get(n, ()))
        return seen

    circles = sorted(name for name in graph if name in reach(name))
    assert circles == [], circles
