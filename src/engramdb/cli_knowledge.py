"""The knowledge-level CLI commands (``Memory``): context, state, conflicts, facts, memories,
export; ``engramdb import`` reads an export back (see ``cli.import_``). Reads never create a
store."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from .cli import _date, _fail, _memory, _print_json, app, err, out

__all__: list[str] = []

Lens = Annotated[
    list[str] | None,
    typer.Option("--lens", "-l", help="A scope path to look through; repeatable."),
]
AsJson = Annotated[bool, typer.Option("--json", help="Print JSON.")]


@app.command("context")
def context_block(
    ctx: typer.Context,
    query: Annotated[str | None, typer.Argument(help="What the prompt is about.")] = None,
    lens: Lens = None,
    budget: Annotated[int, typer.Option(min=200, help="At most this many characters.")] = 4000,
) -> None:
    """The context block a prompt would get: instructions and conflicts first, then curated
    facts, beliefs and passages, within the budget."""
    with _memory(ctx, read_only=True) as mem:
        typer.echo(mem.context(query, lens=lens, budget=budget))


def _facts_table(rows: list[dict[str, Any]], title: str) -> Table:
    table = Table(
        "id", "entity", "key", "value", "scope", "kind", title=title, title_justify="left"
    )
    table.columns[3].overflow = "fold"
    for f in rows:
        kind = "curated" if f.get("authoritative") else f.get("source", "")
        table.add_row(
            str(f["id"]),
            escape(str(f["entity"])),
            escape(str(f["key"])),
            escape(str(f["value"])),
            escape(str(f["scope"])),
            kind,
        )
    return table


@app.command()
def state(
    ctx: typer.Context,
    lens: Lens = None,
    limit: Annotated[int | None, typer.Option(min=1, help="At most this many per list.")] = None,
    as_json: AsJson = False,
) -> None:
    """Live facts by category, instructions, unknowns and open conflicts."""
    with _memory(ctx, read_only=True) as mem:
        view = mem.state(lens=lens, limit=limit)
    if as_json:
        _print_json(view, indent=2)
        return
    for category in ("identity", "knowledge", "context"):
        if view[category]:
            out.print(_facts_table(view[category], category))
    for name in ("instructions", "unknowns"):
        for item in view[name]:
            text = item.get("text") or item.get("about") or item
            out.print(f"[bold]{name[:-1]}[/bold]: {escape(str(text))}")
    if view["conflicts"]:
        out.print(f"[yellow]{len(view['conflicts'])} open conflict(s)[/yellow]: engramdb conflicts")


@app.command()
def conflicts(
    ctx: typer.Context,
    lens: Lens = None,
    all_: Annotated[bool, typer.Option("--all", help="Resolved ones too.")] = False,
    as_json: AsJson = False,
) -> None:
    """What was said against the curated fact that applies, one row per conflict."""
    with _memory(ctx, read_only=True) as mem:
        found = mem.conflicts(lens=lens, include_resolved=all_)
    if as_json:
        _print_json(found, indent=2)
        return
    if not found:
        err.print("no conflicts")
        return
    table = Table("id", "said", "by", "curated fact that applies", "state")
    for c in found:
        said: dict = next((s for s in c.get("sides", []) if not s.get("authoritative")), {})
        applies = c.get("applies") or {}
        table.add_row(
            str(c["id"]),
            escape(str(said.get("statement", c.get("about", "")))),
            escape(str(said.get("scope", c.get("scope", "")))),
            escape(
                f"{applies.get('statement', '')} ({applies.get('source', '')}, "
                f"{applies.get('scope', '')})"
            ),
            c.get("resolution") or ("resolved" if c.get("resolved") else "open"),
        )
    out.print(table)


@app.command()
def facts(
    ctx: typer.Context,
    lens: Lens = None,
    closed: Annotated[bool, typer.Option("--closed", help="Closed (history) rows too.")] = False,
    as_json: AsJson = False,
) -> None:
    """Facts visible through the lens: curated and believed, with their scope."""
    with _memory(ctx, read_only=True) as mem:
        rows = [dataclasses.asdict(f) for f in mem.facts(lens=lens, include_closed=closed)]
    if as_json:
        for row in rows:
            _print_json(row)
        return
    shown = [{**r, "source": r["source_kind"]} for r in rows]
    if shown:
        out.print(_facts_table(shown, f"{len(shown):,} facts"))
    else:
        err.print("no facts")


@app.command()
def memories(
    ctx: typer.Context,
    lens: Lens = None,
    session: Annotated[str | None, typer.Option(help="One conversation session.")] = None,
    limit: Annotated[int, typer.Option(min=1, max=1000, help="A page of this many.")] = 50,
    offset: Annotated[int, typer.Option(min=0, help="Skip this many.")] = 0,
    as_json: AsJson = False,
) -> None:
    """Remembered turns, oldest first, a page at a time."""
    with _memory(ctx, read_only=True) as mem:
        page = mem.memories(lens=lens, session_id=session, limit=limit, offset=offset)
    if as_json:
        for m in page:
            _print_json(dataclasses.asdict(m))
        return
    table = Table("id", "when", "scope", "session", "role", "v", "text")
    for i in (0, 6):
        table.columns[i].overflow = "fold"
    for m in page:
        table.add_row(
            m.id,
            _date(m.created_ms),
            escape(m.scope),
            escape(m.session_id or ""),
            m.role,
            str(m.version),
            escape(m.text),
        )
    out.print(table)


@app.command()
def export(
    ctx: typer.Context,
    file: Annotated[
        Path | None, typer.Argument(help="Write here (default: standard output).")
    ] = None,
) -> None:
    """The whole store as JSON lines (every live knowledge row, the embedding model id); read
    it back into a new store with ``engramdb -p NEW import FILE``."""
    with _memory(ctx, read_only=True) as mem:
        if file is None:
            for line in mem.export():
                typer.echo(line, nl=False)
            return
        if file.exists():
            raise _fail(f"{file} exists: export to a new file")
        n = 0
        with file.open("w", encoding="utf-8") as fh:
            for line in mem.export():
                fh.write(line)
                n += 1
    err.print(f"exported {n - 1:,} rows to {file}")


def import_export(ctx: typer.Context, file: Path) -> None:
    """``engramdb import`` of an export file (its first line is the export header)."""
    with _memory(ctx) as mem, file.open(encoding="utf-8") as fh:
        try:
            done = mem.import_lines(fh)
        except KeyboardInterrupt:
            raise _fail("interrupted: nothing was imported (an import is all or nothing)") from None
    total = sum(done["imported"].values())
    err.print(
        f"imported {total:,} rows from {file} (embedding model of the export: "
        f"{done['embedding_model']})"
    )
