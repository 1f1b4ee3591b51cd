"""Runs conflict-suite cases (``conflict_suites/*.json``, ``suite_data.cases``) against a real
``Memory``: each case in a fresh store, its setup writes, then the probe, whose
``WriteResult`` is classified."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engramdb import Memory


def write(mem: Memory, w: dict[str, Any]):
    if w["kind"] == "document":
        return mem.upload(w["text"].encode(), name=w["name"], scope=w["scope"]).write
    if w["kind"] == "upsert":
        return mem.remember(triples=w["triples"], scope=w["scope"], source_kind="upsert")
    return mem.remember(
        w["text"],
        scope=w["scope"],
        session_id=w.get("session"),
        role=w.get("role", "user"),
        observed_at=w.get("at"),
    )


def outcome(result) -> str:
    if result is None:
        return "none"
    if result.conflicts:
        return "conflict"
    actions = {d["action"] for d in result.decisions}
    if "supersede" in actions:
        return "supersede"
    if result.corrections:
        return "close"
    if result.corroborations:
        return "corroborate"
    return "none"


def run_case(case: dict[str, Any], root: Path, embedder: Any = None) -> str:
    with Memory.open(root / case["id"], embedder=embedder) as mem:
        for w in case["setup"]:
            write(mem, w)
        return outcome(write(mem, case["probe"]))


def scores(results: list[tuple[dict[str, Any], str]]) -> dict[str, float]:
    tp = sum(1 for c, got in results if c["expect"] == "conflict" and got == "conflict")
    fp = sum(1 for c, got in results if c["expect"] != "conflict" and got == "conflict")
    fn = sum(1 for c, got in results if c["expect"] == "conflict" and got != "conflict")
    exact = sum(1 for c, got in results if c["expect"] == got)
    return {
        "precision": tp / (tp + fp) if tp + fp else 1.0,
        "recall": tp / (tp + fn) if tp + fn else 1.0,
        "accuracy": exact / len(results) if results else 1.0,
    }


def _prefixed(w: dict[str, Any], prefix: str) -> dict[str, Any]:
    return {**w, "scope": f"{prefix}/{w['scope']}"}


def run_all(cases: list[dict[str, Any]], root: Path, embedder: Any = None) -> list[tuple]:
    """Every case in one store, each under its own top-level scope (``case<N>/...``), which
    isolates them exactly as separate stores would: candidates never leave a scope chain."""
    out = []
    with Memory.open(root, embedder=embedder) as mem:
        for n, case in enumerate(cases):
            prefix = f"case{n}"
            for w in case["setup"]:
                write(mem, _prefixed(w, prefix))
            out.append((case, outcome(write(mem, _prefixed(case["probe"], prefix)))))
    return out
