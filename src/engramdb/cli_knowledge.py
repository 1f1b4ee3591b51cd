"""The knowledge-level CLI commands (``Memory``): query, context, state, conflicts, resolve,
facts, correct, memories, revise, documents, sessions, turns, export (``remember`` and
``forget`` are in ``cli``; ``engramdb import`` reads an export back). Each works on the store at
--path or, with --url, on a server's context (``cli_backend``). Reads never create a store."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from .cli import _date, _fail, _knowledge, _memory, _print_json, app, err, out

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
    with _knowledge(ctx, read_only=True) as k:
        typer.echo(k.context(query, lens=lens, budget=budget))


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
    with _knowledge(ctx, read_only=True) as k:
        view = k.state(lens=lens, limit=limit)
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
    with _knowledge(ctx, read_only=True) as k:
        found = k.conflicts(lens=lens, include_resolved=all_)
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
    with _knowledge(ctx, read_only=True) as k:
        rows = k.facts(lens=lens, closed=closed)
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
    with _knowledge(ctx, read_only=True) as k:
        page = k.memories(lens=lens, session_id=session, limit=limit, offset=offset)
    if as_json:
        for m in page:
            _print_json(m)
        return
    table = Table("id", "when", "scope", "session", "role", "v", "text")
    for i in (0, 6):
        table.columns[i].overflow = "fold"
    for m in page:
        table.add_row(
            m["id"],
            _date(m["created_ms"]),
            escape(m["scope"]),
            escape(m.get("session_id") or ""),
            m["role"],
            str(m["version"]),
            escape(m["text"]),
        )
    out.print(table)


@app.command()
def query(
    ctx: typer.Context,
    text: Annotated[str, typer.Argument(help="The question.")],
    lens: Lens = None,
    k: Annotated[int, typer.Option("--k", "-k", min=1, max=1000, help="How many hits.")] = 10,
    as_json: AsJson = False,
) -> None:
    """Curated and believed facts and passages (document chunks, turns) ranked together."""
    with _knowledge(ctx, read_only=True) as kn:
        hits = kn.query(text, lens=lens, k=k)
    if as_json:
        for rank, hit in enumerate(hits, 1):
            _print_json({"rank": rank, **hit})
        return
    if not hits:
        err.print("nothing found")
        return
    table = Table("#", "score", "kind", "scope", "text / id")
    table.columns[4].overflow = "fold"
    for rank, hit in enumerate(hits, 1):
        kind = hit["kind"] + (" (curated)" if hit.get("authoritative") else "")
        table.add_row(
            str(rank),
            f"{hit['score']:.3f}",
            kind,
            escape(str(hit["scope"])),
            f"{escape(str(hit['text']))}\n[dim]{escape(str(hit['id']))}[/dim]",
        )
    out.print(table)


@app.command()
def resolve(
    ctx: typer.Context,
    id: Annotated[int, typer.Argument(help="A conflict's id (engramdb conflicts).")],
    outcome: Annotated[
        str,
        typer.Option(
            help="uphold (the curated fact stands), accept (it is outdated and closes) or "
            "dismiss (not a conflict; never opened again)."
        ),
    ],
    note: Annotated[str | None, typer.Option(help="Why, kept with the resolution.")] = None,
    as_json: AsJson = False,
) -> None:
    """Act on a conflict between what was said and the curated fact that applies."""
    with _knowledge(ctx, read_only=True) as k:
        done = k.resolve(id, outcome=outcome, note=note)
    if as_json:
        _print_json(done, indent=2)
        return
    closed = done.get("closed") or []
    out.print(
        f"conflict {id}: {done.get('resolution', outcome)}"
        + (f"; closed fact(s) {', '.join(map(str, closed))}" if closed else "")
    )


def _write_said(done: dict[str, Any], as_json: bool) -> None:
    if as_json:
        _print_json(done, indent=2)
        return
    facts = done.get("facts") or []
    for f in facts:
        out.print(
            f"fact {f['id']}: {escape(str(f['entity']))} {escape(str(f['key']))} = "
            f"{escape(str(f['value']))}"
        )
    n_conf = len(done.get("conflicts") or [])
    if n_conf:
        out.print(f"[yellow]{n_conf} conflict(s)[/yellow]: engramdb conflicts")
    if not facts and not n_conf:
        err.print("no facts read")


@app.command()
def revise(
    ctx: typer.Context,
    id: Annotated[str, typer.Argument(help="A turn's id (engramdb memories).")],
    text: Annotated[str, typer.Argument(help="What it should have said.")],
    as_json: AsJson = False,
) -> None:
    """Correct a remembered turn in place: a new version (the old text stays in its
    history); the facts read from the old text close and the new text is read again."""
    with _knowledge(ctx, read_only=True) as k:
        done = k.revise(id, text)
    _write_said(done, as_json)


@app.command()
def correct(
    ctx: typer.Context,
    id: Annotated[str, typer.Argument(help="A fact's id: 12 or fact:12 (engramdb facts).")],
    value: Annotated[str, typer.Argument(help="Its right value.")],
    as_json: AsJson = False,
) -> None:
    """Correct one live fact: a versioned correction (the old value stays as history)."""
    with _knowledge(ctx, read_only=True) as k:
        done = k.correct(id, value)
    _write_said(done, as_json)


@app.command()
def documents(ctx: typer.Context, as_json: AsJson = False) -> None:
    """Uploaded documents, in upload order."""
    with _knowledge(ctx, read_only=True) as k:
        found = k.documents()
    if as_json:
        for d in found:
            _print_json(d)
        return
    if not found:
        err.print("no documents")
        return
    table = Table("id", "name", "version", "scope", "type", "uploaded")
    for d in found:
        table.add_row(
            str(d["id"]),
            escape(str(d["name"])),
            str(d["version"]),
            escape(str(d["scope"])),
            escape(str(d["media_type"])),
            _date(d["observed_ms"]),
        )
    out.print(table)


@app.command()
def sessions(ctx: typer.Context, as_json: AsJson = False) -> None:
    """Conversation sessions, the latest first, with their number of turns."""
    with _knowledge(ctx, read_only=True) as k:
        found = k.sessions()
    if as_json:
        for x in found:
            _print_json(x)
        return
    if not found:
        err.print("no sessions")
        return
    table = Table("session", "scope", "turns", "first", "last")
    for x in found:
        table.add_row(
            escape(str(x["session_id"])),
            escape(str(x["scope"])),
            str(x["turns"]),
            _date(x["first_ms"]),
            _date(x["last_ms"]),
        )
    out.print(table)


@app.command()
def turns(
    ctx: typer.Context,
    session: Annotated[str, typer.Argument(help="A session id (engramdb sessions).")],
    as_json: AsJson = False,
) -> None:
    """A session's turns in the order they were said."""
    with _knowledge(ctx, read_only=True) as k:
        found = k.turns(session)
    if as_json:
        for t in found:
            _print_json(t)
        return
    if not found:
        err.print(f"no turns in session {session}")
        return
    table = Table("#", "id", "role", "scope", "text")
    table.columns[4].overflow = "fold"
    for t in found:
        table.add_row(
            str(t["seq"]), t["id"], t["role"], escape(str(t["scope"])), escape(str(t["text"]))
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
