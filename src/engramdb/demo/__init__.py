"""A two-minute tour of the engine on a small, made-up sample.

The sample (``sample.jsonl``, written for this demo) is seven weeks of chat with Maya, a fictional
user who moves from Portland to Lisbon, adopts a cat and has a peanut allergy: episodic turns,
semantic facts and procedural instructions. :func:`run` loads it into a store, asks a few
questions as of the day after the last session, forgets one memory and shows the store's stats.

Run it with ``python -m engramdb.demo [--path DIR]``.
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from engramdb.cli import hits_table
from engramdb.engine import Engine, RecallOptions

__all__ = ["FORGET_ID", "FORGET_QUERY", "QUERIES", "load_sample", "run"]

#: Questions asked of the sample, best answer first.
QUERIES = (
    "where does Maya live now?",
    "what pet does Maya have?",
    "what should I avoid when suggesting food?",
)
#: Maya asks (in session s5) to forget what she said about her sister; this is that memory.
FORGET_ID = "s3-06"
FORGET_QUERY = "how is Priya doing?"

_DAY_MS = 86_400_000


def load_sample() -> list[dict[str, Any]]:
    """The sample memories, as ``remember_many`` takes them."""
    text = resources.files(__name__).joinpath("sample.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _day(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, tz=UTC).strftime("%Y-%m-%d")


def run(path: Path, console: Console | None = None, k: int = 3) -> None:
    """Load the sample into a new store at ``path`` and show recall, forget and stats."""
    console = console or Console(highlight=False)
    started = time.perf_counter()
    items = load_sample()
    with Engine.open(path) as engine:
        engine.remember_many(items)
        first = min(i["timestamp_ms"] for i in items)
        last = max(i["timestamp_ms"] for i in items)
        sessions = len({i["session_id"] for i in items})
        console.rule("[bold]EngramDB demo")
        console.print(
            f"Loaded {len(items)} memories of Maya ({sessions} sessions, "
            f"{_day(first)} to {_day(last)}) into {escape(str(path))}\n"
            f"embedder: {escape(engine.embedder.model_id)}"
        )
        # Recall as of the day after the story ends, so recency means what it meant then.
        now = last + _DAY_MS
        options = RecallOptions(k=k, now_ms=now)
        console.print(f"Recalling as of {_day(now)}, top {k} of each:\n")
        for query in QUERIES:
            console.print(hits_table(engine.recall(query, options), title=f"> {query}"))

        console.rule("[bold]forget")
        before = engine.recall(FORGET_QUERY, options)
        console.print(hits_table(before, title=f"> {FORGET_QUERY}"))
        gone = engine.get(FORGET_ID).text
        engine.forget(FORGET_ID)
        console.print(f"Maya asked to keep her sister's news private: forget({FORGET_ID!r})")
        console.print(f"  [dim]{escape(gone)}[/dim]")
        after = engine.recall(FORGET_QUERY, options)
        console.print(hits_table(after, title=f"> {FORGET_QUERY}  (after forget)"))
        still = any(h.id == FORGET_ID for h in after)
        console.print("forgotten memory recalled: " + ("[red]yes[/red]" if still else "no"))

        console.rule("[bold]stats")
        _print_stats(console, engine.stats())
    truth_keeping(path, console)
    console.print(f"\ndone in {time.perf_counter() - started:.1f} s")


#: The seed's worked example: curated policy, a customer who remembers it differently.
POLICY = "# Returns\n\nReturns are accepted within 30 days of delivery.\n"
CUSTOMER_SAYS = "Your return policy is 60 days."


def truth_keeping(path: Path, console: Console) -> None:
    """Curated knowledge is never silently overwritten by chat: the worked example, on the
    same store through the knowledge-level ``Memory`` façade."""
    from engramdb import Memory

    console.rule("[bold]truth keeping")
    with Memory.open(path) as mem:
        doc = mem.upload(POLICY.encode(), name="returns.md", scope="org/acme")
        console.print(
            f"uploaded returns.md to org/acme: {doc.chunks} chunk, {doc.facts} curated fact"
        )
        before = [(f.id, f.value) for f in mem.facts(lens="org/acme") if f.authoritative]
        r = mem.remember(CUSTOMER_SAYS, scope="org/acme/user/bob", session_id="bob-1")
        console.print(f"customer bob says: {CUSTOMER_SAYS!r}")
        for f in r.facts:
            console.print(f"  belief stored in {f.scope} (experiential, from turn {f.source_ref})")
        for u in r.uncertainties:
            console.print(f"  uncertainty opened: {escape(u['about'])}: {escape(u['reason'])}")
        after = [(f.id, f.value) for f in mem.facts(lens="org/acme") if f.authoritative]
        console.print(f"curated policy row unchanged: {'yes' if after == before else 'NO'}")
        state = mem.state(lens="org/acme/user/bob")
        for c in state["conflicts"]:
            said = ", ".join(s["value"] for s in c["sides"] if not s["authoritative"])
            console.print(
                f"state shows the conflict: bob said {said!r}; the policy that applies: "
                f"{c['applies']['value']!r}"
            )
        console.print("context block an agent would put in its prompt:")
        console.print(
            escape(mem.context("how long do I have to return this?", lens="org/acme/user/bob"))
        )


def _print_stats(console: Console, info: dict[str, Any]) -> None:
    table = Table("tier", "live", "forgotten")
    for name, tier in info["tiers"].items():
        table.add_row(name, str(tier["live"]), str(tier["forgotten"]))
    console.print(table)
    console.print(
        f"{info['live']} live memories, {info['record_bytes']} bytes a record, "
        f"{info['disk_bytes'] / 1e6:.1f} MB on disk"
    )
