"""The ``engramdb`` command line: the knowledge level (``Memory``: turns, documents,
conflicts; also on a server with ``--url``) and the engine under it (``Engine``: ``--engine``
memories, recall, search).

Every command opens the store at ``--path`` (``$ENGRAMDB_PATH``, default ``./engramdb-data``)
with ``--embedder`` (``$ENGRAMDB_EMBEDDER``, default ``default``), does its work and closes it.
Library errors (:class:`~engramdb.errors.EngramDBError`) are turned into a one-line message on
stderr and exit code 1 in one place, :class:`_Group`; nothing else catches them.

Usage::

    engramdb remember "I moved to Lisbon" --scope user/maya --session s1
    engramdb remember "Maya moved to Lisbon" --engine --tag home --session s1
    engramdb recall "where does Maya live?" --k 5
    engramdb import notes.jsonl
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from typer.core import TyperGroup, TyperOption

from . import __version__
from .cli_backend import Knowledge, local, remote
from .engine.engine import Engine
from .engine.options import MemoryInput, RecallHit, RecallOptions
from .errors import EngramDBError, NotFoundError, ValidationError

__all__ = ["app", "hits_table", "main"]

# typer 0.29 shows a flag's type as "<bool>" in --help ("--pinned <bool>"), which reads as if
# the flag took a value: a flag shows no type.
_type_of = TyperOption.display_type_rich
TyperOption.display_type_rich = lambda self, ctx: None if self.is_flag else _type_of(self, ctx)

out = Console(highlight=False, soft_wrap=False)
err = Console(stderr=True, highlight=False)

#: Bad lines listed by ``import`` before the rest are only counted.
MAX_REPORTED_LINES = 20


def _fail(message: str) -> typer.Exit:
    """Print ``message`` as one red line on stderr; the caller raises the returned Exit."""
    err.print(f"[red]error:[/red] {escape(message)}", soft_wrap=True)
    return typer.Exit(1)


class _Group(TyperGroup):
    """The CLI boundary: library errors from any command (sub-apps too) become exit code 1."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except EngramDBError as exc:
            raise _fail(str(exc)) from None


app = typer.Typer(
    cls=_Group,
    name="engramdb",
    help="EngramDB: an embedded memory engine for AI agents.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@dataclass(frozen=True)
class _Settings:
    path: Path
    embedder: str | None
    url: str | None = None
    api_key: str | None = None
    context: str | None = None


def _version(value: bool) -> None:
    if value:
        out.print(f"engramdb {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    ctx: typer.Context,
    path: Annotated[
        Path,
        typer.Option("--path", "-p", envvar="ENGRAMDB_PATH", help="Store directory."),
    ] = Path("engramdb-data"),
    embedder: Annotated[
        str | None,
        typer.Option(
            envvar="ENGRAMDB_EMBEDDER",
            help="Embedder spec: default, hashing, hashing:DIM, static:PATH, st:NAME, "
            "openai:MODEL@URL or package.module:Class. Default: the store's own model (the "
            "shipped static model for a new store).",
        ),
    ] = None,
    url: Annotated[
        str | None,
        typer.Option(
            envvar="ENGRAMDB_URL",
            help="A running server: the knowledge-level commands talk to it instead of --path.",
        ),
    ] = None,
    api_key: Annotated[
        str | None,
        typer.Option("--api-key", envvar="ENGRAMDB_API_KEY", help="The server's API key."),
    ] = None,
    context: Annotated[
        str | None, typer.Option(envvar="ENGRAMDB_CONTEXT", help="The server's context.")
    ] = None,
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """EngramDB: an embedded memory engine for AI agents."""
    ctx.obj = _Settings(path=path, embedder=embedder, url=url, api_key=api_key, context=context)


def _existing(settings: _Settings, file: str = "index.db") -> None:
    """A read needs a store: a mistyped --path must not create an empty one and answer
    "nothing found" (exit 1 with the path instead)."""
    if not (settings.path / file).is_file():
        what = "store" if file == "index.db" else "knowledge store (Memory)"
        raise _fail(
            f"no {what} at {settings.path}: give --path (or ENGRAMDB_PATH) of an existing one"
        )


@contextmanager
def _engine(ctx: typer.Context, *, read_only: bool = False) -> Iterator[Engine]:
    settings: _Settings = ctx.obj
    _local_only(ctx, "the engine of the store at --path")
    if read_only:
        _existing(settings)
    with Engine.open(settings.path, embedder=settings.embedder) as engine:
        yield engine


def _local_only(ctx: typer.Context, what: str) -> None:
    """A command that works on the store at --path only refuses an explicit --url (rather
    than quietly work on the local store); ENGRAMDB_URL alone, set for the commands that
    talk to a server, leaves it local."""
    source = ctx.find_root().get_parameter_source("url")
    if getattr(source, "name", None) == "COMMANDLINE":  # (typer's click or the package's)
        raise _fail(f"engramdb {ctx.command.name} works on {what}, not a server (--url)")


@contextmanager
def _memory(ctx: typer.Context, *, read_only: bool = False) -> Iterator[Any]:
    """The knowledge-level store at --path (``Memory``), for what a server does not offer
    the CLI (export, import of an export)."""
    from .knowledge.memory import Memory

    settings: _Settings = ctx.obj
    _local_only(ctx, "the store at --path")
    if read_only:
        _existing(settings, "knowledge.db")
    with Memory.open(settings.path, embedder=settings.embedder) as mem:
        yield mem


@contextmanager
def _knowledge(ctx: typer.Context, *, read_only: bool = False) -> Iterator[Knowledge]:
    """Where a knowledge-level command works: the server at --url, else the store at --path
    (a read never creates one)."""
    settings: _Settings = ctx.obj
    if settings.url:
        with remote(settings.url, settings.api_key, settings.context) as k:
            yield k
        return
    if read_only:
        _existing(settings, "knowledge.db")
    with local(settings.path, settings.embedder) as k:
        yield k


# ---------------------------------------------------------------------------------- formatting
def _date(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, tz=UTC).strftime("%Y-%m-%d %H:%M")


def _jsonable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _jsonable(x) for k, x in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(x) for x in value]
    if hasattr(value, "tolist"):  # numpy scalars and arrays
        return value.tolist()
    return value


def _print_json(value: Any, indent: int | None = None) -> None:
    typer.echo(json.dumps(_jsonable(value), ensure_ascii=False, indent=indent))


def hits_table(hits: Sequence[RecallHit], *, explain: bool = False, title: str = "") -> Table:
    """Recall hits as a Rich table: rank, score, tier, day (UTC), text with its id below."""
    table = Table(title=title or None, title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("score", justify="right")
    table.add_column("tier")
    table.add_column("date", no_wrap=True)
    table.add_column("text / id", min_width=24, overflow="fold")
    if explain:
        table.add_column("why", no_wrap=True)
    for rank, hit in enumerate(hits, 1):
        text = f"{escape(hit.text)}\n[dim]{hit.id}[/dim]"
        row = [str(rank), f"{hit.score:.3f}", hit.tier, _date(hit.timestamp_ms)[:10], text]
        if explain:  # every term that counts: they add up to the score
            parts = hit.explain or {}
            shown = [k for k in _EXPLAIN_KEYS if parts.get(k)] + sorted(
                k for k in parts if k not in _EXPLAIN_KEYS and parts[k]
            )
            row.append("\n".join(f"{k} {parts[k]:+.3f}" for k in shown))
        table.add_row(*row)
    return table


_EXPLAIN_KEYS = ("similarity", "importance", "retention", "lexical", "temporal", "hebbian")


# ---------------------------------------------------------------------------------- commands
@app.command()
def remember(
    ctx: typer.Context,
    text: Annotated[str, typer.Argument(help="What was said; '-' reads standard input.")],
    scope: Annotated[
        str | None,
        typer.Option(
            envvar="ENGRAMDB_SCOPE",
            help="Whose turn it is, e.g. org/acme/user/bob (with --engine: a partition key).",
        ),
    ] = None,
    session: Annotated[str | None, typer.Option(help="Session id.")] = None,
    role: Annotated[str, typer.Option(help="user or assistant (a turn).")] = "user",
    meta: Annotated[str | None, typer.Option(help="A JSON object stored with it.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the write's result.")] = False,
    engine_only: Annotated[
        bool,
        typer.Option(
            "--engine",
            help="A bare engine memory (no facts read, no conflicts): what recall, search "
            "and get work on. The options below need it.",
        ),
    ] = False,
    tier: Annotated[str | None, typer.Option(help="working, episodic, semantic, ...")] = None,
    tag: Annotated[list[str] | None, typer.Option(help="A tag; repeat for more.")] = None,
    timestamp_ms: Annotated[
        int | None, typer.Option(help="When it happened (Unix epoch ms); default now.")
    ] = None,
    id: Annotated[str | None, typer.Option("--id", help="Your own id; default a UUID.")] = None,
    importance: Annotated[float | None, typer.Option(help="0.05 to 10; default 1.")] = None,
    pinned: Annotated[bool, typer.Option("--pinned", help="Never decays or is evicted.")] = False,
    source: Annotated[str | None, typer.Option(help="Where it came from.")] = None,
) -> None:
    """Remember a conversation turn: the facts read from it are reconciled with what is known
    (a contradiction of curated knowledge opens a conflict). Prints the turn's id and what it
    did. With --engine: store a bare engine memory and print its id."""
    if text == "-":
        text = sys.stdin.read().strip()
    extra = _parse_meta(meta)
    engine_options = {
        "--tier": tier,
        "--tag": tag,
        "--timestamp-ms": timestamp_ms,
        "--id": id,
        "--importance": importance,
        "--pinned": pinned or None,
        "--source": source,
    }
    if not engine_only:
        given = [k for k, v in engine_options.items() if v is not None]
        if given:
            raise typer.BadParameter(
                f"{given[0]} is an engine memory's option: add --engine", param_hint=given[0]
            )
        if not scope:
            raise _fail(
                "scope: a turn needs --scope (or ENGRAMDB_SCOPE), e.g. org/acme/user/bob; "
                "--engine stores a bare engine memory"
            )
        with _knowledge(ctx) as k:
            done = k.remember(text, scope=scope, session_id=session, role=role, metadata=extra)
        if as_json:
            _print_json(done, indent=2)
            return
        typer.echo(done.get("turn_id") or "")
        n_facts, n_conf = len(done.get("facts") or []), len(done.get("conflicts") or [])
        said = f"{n_facts} fact(s) read"
        if n_conf:
            said += f", {n_conf} conflict(s) with curated knowledge: engramdb conflicts"
        err.print(said)
        return
    with _engine(ctx) as engine:
        mid = engine.remember(
            text,
            tier=tier,
            tags=tag,
            session_id=session,
            timestamp_ms=timestamp_ms,
            id=id,
            importance=importance,
            pinned=pinned,
            source=source,
            scope=scope,
            meta=extra,
        )
    typer.echo(mid)


def _parse_meta(raw: str | None) -> dict[str, Any] | None:
    if raw is None:
        return None
    try:
        value = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise typer.BadParameter(f"not JSON: {exc}", param_hint="--meta") from None
    if not isinstance(value, dict):
        raise typer.BadParameter("must be a JSON object", param_hint="--meta")
    return value


@app.command()
def recall(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="What to recall.")],
    k: Annotated[int, typer.Option("--k", "-k", help="How many memories.")] = 10,
    tier: Annotated[list[str] | None, typer.Option(help="Only this tier; repeatable.")] = None,
    explain: Annotated[
        bool, typer.Option("--explain", help="Show each factor of the score.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per line.")] = False,
) -> None:
    """Recall the memories that best answer QUERY, ranked by the cognitive score."""
    options = RecallOptions(k=k, tiers=tuple(tier) if tier else None, explain=explain)
    with _engine(ctx, read_only=True) as engine:
        hits = engine.recall(query, options)
    if as_json:
        for rank, hit in enumerate(hits, 1):
            _print_json({"rank": rank, **dataclasses.asdict(hit)})
    elif hits:
        out.print(hits_table(hits, explain=explain))
    else:
        err.print("no memories found")


@app.command()
def search(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="Words to look for (BM25, porter stemming).")],
    k: Annotated[int, typer.Option("--k", "-k", help="How many memories.")] = 10,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per line.")] = False,
) -> None:
    """Full-text search (BM25, no embeddings): the match is relative to the best hit (1.00);
    --json gives SQLite's raw bm25 (negative, lower is better)."""
    with _engine(ctx, read_only=True) as engine:
        found = engine.search_text(query, k)
        rows = [(mid, score, engine.get(mid).text) for mid, score in found]
    if as_json:
        for rank, (mid, score, text) in enumerate(rows, 1):
            _print_json({"rank": rank, "id": mid, "bm25": score, "text": text})
        return
    # SQLite's bm25 is negative, lower better, and tiny in a small store (-9e-07): shown as
    # a match relative to the best hit (1.00); --json gives the raw value
    table = Table("#", "match", "text / id")
    table.columns[2].overflow = "fold"
    best = rows[0][1] if rows and rows[0][1] else None
    for rank, (mid, score, text) in enumerate(rows, 1):
        match = f"{score / best:.2f}" if best else "-"
        table.add_row(str(rank), match, f"{escape(text)}\n[dim]{mid}[/dim]")
    if rows:
        out.print(table)
    else:
        err.print("no memories found")


@app.command()
def get(
    ctx: typer.Context,
    id: Annotated[str, typer.Argument(help="A memory id.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Show one stored memory."""
    with _engine(ctx, read_only=True) as engine:
        record = engine.get(id)
    fields = dataclasses.asdict(record)
    if as_json:
        _print_json(fields, indent=2)
        return
    table = Table(show_header=False, box=None)
    for key, value in fields.items():
        if key.endswith("_ms"):
            value = f"{value}  ({_date(value)} UTC)"
        elif isinstance(value, list | dict):
            value = json.dumps(value, ensure_ascii=False)
        elif isinstance(value, float):
            value = f"{value:.4g}"
        table.add_row(key, escape(str(value)))
    out.print(table)


@app.command()
def forget(
    ctx: typer.Context,
    id: Annotated[
        str | None,
        typer.Argument(help="A turn, chunk or fact id (fact:12); with --engine a memory's id."),
    ] = None,
    scope: Annotated[str | None, typer.Option(help="Forget a whole scope subtree instead.")] = None,
    query: Annotated[
        str | None, typer.Option(help="Forget what this finds best (and is related to it).")
    ] = None,
    lens: Annotated[
        list[str] | None, typer.Option("--lens", "-l", help="With --query: only at or below.")
    ] = None,
    purge: Annotated[
        bool, typer.Option("--purge", help="Delete every copy, not only hide it.")
    ] = False,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show what would go; remove nothing.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the counts as JSON.")] = False,
    engine_only: Annotated[
        bool, typer.Option("--engine", help="Forget a bare engine memory by id.")
    ] = False,
) -> None:
    """Forget by id, by --scope or by --query (soft unless --purge): the rows leave every read.
    --dry-run lists what would go. With --engine: forget a bare engine memory by id."""
    if engine_only:
        if id is None or scope is not None or query is not None:
            raise typer.BadParameter("--engine forgets one memory by its id", param_hint="ID")
        extra = {"--dry-run": dry_run, "--purge": purge, "--lens": lens, "--json": as_json}
        given = [name for name, v in extra.items() if v]
        if given:  # (an engine forget has no dry run: it must not run for real instead)
            raise typer.BadParameter(
                f"{given[0]} is not an engine memory's option", param_hint=given[0]
            )
        with _engine(ctx) as engine:
            changed = engine.forget(id)
        typer.echo(f"forgotten {id}" if changed else f"{id} was already forgotten")
        return
    if sum(x is not None for x in (id, scope, query)) != 1:
        raise typer.BadParameter("give one of ID, --scope or --query", param_hint="ID")
    if id is not None and id.isdigit():  # (the library reads a bare number as a fact's id)
        raise typer.BadParameter(
            f"a fact's id is fact:{id}; an engine memory's id needs --engine", param_hint="ID"
        )
    with _knowledge(ctx, read_only=True) as k:
        try:
            done = k.forget(query, id=id, scope=scope, purge=purge, lens=lens, dry_run=dry_run)
        except NotFoundError as exc:
            raise _fail(f"{exc} (an engine memory? add --engine)") from None
    if as_json:
        _print_json(done, indent=2)
        return
    counts = {
        name: n for name, n in done.items() if isinstance(n, int) and not isinstance(n, bool) and n
    }
    what = ", ".join(f"{n} {name}" for name, n in counts.items()) or "nothing"
    if done.get("message"):  # (a query that found nothing related says why)
        err.print(escape(str(done["message"])))
    if dry_run:
        out.print(f"would forget {what}")
        for row in done.get("would_forget") or []:
            text = escape(str(row.get("text", "")))[:100]
            out.print(f"  {row.get('kind', '')} {escape(str(row.get('id', '')))}: {text}")
    else:
        out.print(f"{'purged' if purge else 'forgotten'}: {what}")


@app.command()
def reinforce(
    ctx: typer.Context,
    id: Annotated[str, typer.Argument(help="A memory id.")],
    strength: Annotated[float, typer.Option(help="How much to slow its decay (0 to 10).")] = 1.0,
) -> None:
    """Count an explicit recall of a memory, which slows its decay."""
    with _engine(ctx) as engine:
        engine.reinforce(id, strength)
    typer.echo(f"reinforced {id}")


@app.command()
def stats(
    ctx: typer.Context,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Counts per tier, sizes on disk and the embedder."""
    with _engine(ctx, read_only=True) as engine:
        info = engine.stats()
    if as_json:
        _print_json(info, indent=2)
        return
    out.print(f"[bold]{escape(info['path'])}[/bold]: {info['live']} live memories")
    out.print(
        f"embedder {escape(info['embedder'])} (dim {info['dim']}), "
        f"{info['record_bytes']} bytes a record, {info['disk_bytes'] / 1e6:.1f} MB on disk"
    )
    table = Table("tier", "live", "forgotten", "segments", "capacity")
    for name, t in info["tiers"].items():
        cap = "-" if t["capacity"] is None else str(t["capacity"])
        table.add_row(name, str(t["live"]), str(t["forgotten"]), str(t["segments"]), cap)
    out.print(table)


# ---------------------------------------------------------------------------------- import
class Format(StrEnum):
    auto = "auto"
    jsonl = "jsonl"
    text = "text"


_FIELDS = frozenset(f.name for f in dataclasses.fields(MemoryInput))


@app.command("import")
def import_(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(exists=True, dir_okay=False, help="File to import.")],
    format: Annotated[
        Format,
        typer.Option(
            help="auto: jsonl for .jsonl/.ndjson/.json or a file starting with '{', else text."
        ),
    ] = Format.auto,
    tier: Annotated[str | None, typer.Option(help="Tier for lines that name none.")] = None,
    session: Annotated[str | None, typer.Option(help="Session for lines that name none.")] = None,
    batch: Annotated[int, typer.Option(min=1, help="Memories per write.")] = 1000,
    skip_invalid: Annotated[
        bool, typer.Option("--skip-invalid", help="Import the valid lines, skip the bad ones.")
    ] = False,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Check every line, write nothing.")
    ] = False,
    skip: Annotated[
        int, typer.Option(min=0, help="Skip the first N valid memories (to resume).")
    ] = 0,
) -> None:
    """Import memories from a JSONL or text file, in batches, or an `engramdb export` file
    into an empty store.

    JSONL: one object per line with MemoryInput fields, at least "text".

    Text: one memory per non-empty line.

    Every line is checked before anything is written.
    """
    if _is_export(file):
        from .cli_knowledge import import_export

        import_export(ctx, file)
        return
    fmt = _detect_format(file) if format is Format.auto else format
    defaults = {k: val for k, val in (("tier", tier), ("session_id", session)) if val is not None}
    with _engine(ctx) as engine:
        items, bad = _load(file, fmt, defaults, engine)
        for lineno, message in bad[:MAX_REPORTED_LINES]:
            err.print(f"[red]line {lineno}:[/red] {escape(message)}", soft_wrap=True)
        if len(bad) > MAX_REPORTED_LINES:
            err.print(f"... and {len(bad) - MAX_REPORTED_LINES} more invalid lines")
        if bad and not skip_invalid:
            raise _fail(
                f"{file}: {len(bad)} invalid line(s); nothing was written "
                "(fix them, or pass --skip-invalid to import the valid lines)"
            )
        if dry_run:
            typer.echo(f"{_n(len(items))} valid in {file}; nothing written (--dry-run)")
            return
        written = _write(engine, items[skip:], batch, skip)
    skipped = f", skipped {len(bad)} invalid line(s)" if bad else ""
    typer.echo(f"imported {_n(written)} from {file}{skipped}")


def _n(count: int) -> str:
    return f"{count} {'memory' if count == 1 else 'memories'}"


def _detect_format(file: Path) -> Format:
    if file.suffix.lower() in (".jsonl", ".ndjson", ".json"):
        return Format.jsonl
    with file.open(encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if line.strip():
                return Format.jsonl if line.lstrip().startswith("{") else Format.text
    return Format.text


def _load(
    file: Path, fmt: Format, defaults: dict[str, Any], engine: Engine
) -> tuple[list[tuple[int, dict[str, Any]]], list[tuple[int, str]]]:
    """Parse and check every line: (line number, item) for the good, (line number, why) for
    the bad."""
    items: list[tuple[int, dict[str, Any]]] = []
    bad: list[tuple[int, str]] = []
    seen: dict[str, int] = {}
    with file.open("rb") as fh:
        for lineno, raw in enumerate(fh, 1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                bad.append((lineno, f"not valid UTF-8 (byte {exc.start}: {exc.reason})"))
                continue
            if not line.strip():
                continue
            try:
                item = _parse(line, fmt, defaults)
                mid = item.get("id")
                if isinstance(mid, str) and mid in seen:
                    raise ValidationError("id", f"{mid!r} is also on line {seen[mid]}")
                engine.validate([item])  # the engine's own checks, nothing written
                if isinstance(mid, str):
                    seen[mid] = lineno
            except EngramDBError as exc:
                bad.append((lineno, str(exc)))
                continue
            items.append((lineno, item))
    return items, bad


def _parse(line: str, fmt: Format, defaults: dict[str, Any]) -> dict[str, Any]:
    if fmt is Format.text:
        return {"text": line.strip(), **defaults}
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValidationError("json", f"cannot parse ({exc.msg} at column {exc.colno})") from None
    if not isinstance(obj, dict):
        raise ValidationError("json", f"must be an object, got {type(obj).__name__}")
    return {**defaults, **obj}


def _is_export(file: Path) -> bool:
    with file.open(encoding="utf-8", errors="replace") as fh:
        first = fh.readline(4096)
    return '"format": "engramdb-export"' in first


def _write(
    engine: Engine, items: list[tuple[int, dict[str, Any]]], batch: int, skipped: int = 0
) -> int:
    columns = (TextColumn("importing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    written = 0
    with Progress(*columns, console=err) as progress:
        task = progress.add_task("import", total=len(items))
        for start in range(0, len(items), batch):
            chunk = items[start : start + batch]
            try:
                engine.remember_many([item for _, item in chunk])
            except KeyboardInterrupt:  # a batch is written whole or not at all
                progress.stop()
                done = skipped + written
                raise _fail(
                    f"interrupted: {_n(written)} written this run ({done} in all, up to line "
                    f"{chunk[0][0] - 1}); resume with --skip {done}"
                ) from None
            except EngramDBError as exc:
                first, last = chunk[0][0], chunk[-1][0]
                where = f"line {first}" if first == last else f"lines {first}-{last}"
                raise EngramDBError(
                    f"{where} refused ({exc}); {_n(written)} from earlier lines were written"
                ) from exc
            written += len(chunk)
            progress.advance(task, len(chunk))
    return written


# ---------------------------------------------------------------------------------- sub-apps
try:
    from engramdb.eval.cli import app as eval_app
except ImportError:  # the eval package is optional
    pass
else:
    app.add_typer(eval_app, name="eval", help="Evaluate retrieval (LoCoMo, synthetic long-memory).")


@app.command()
def serve(
    config_file: Annotated[
        Path | None,
        typer.Option("--config", help="A TOML file of server settings (its \\[server] table)."),
    ] = None,
    host: Annotated[str | None, typer.Option(help="Address to bind (default 127.0.0.1).")] = None,
    port: Annotated[int | None, typer.Option(help="Port (default 8420).")] = None,
    data_dir: Annotated[
        Path | None,
        typer.Option("--data-dir", help="Where contexts, keys and state live."),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            help="Processes: one writes, the others answer queries (default: one per core)."
        ),
    ] = None,
    bootstrap_key_file: Annotated[
        Path | None,
        typer.Option(
            "--bootstrap-key-file",
            help="Where the first run writes its management key (mode 0600; default "
            "<data-dir>/bootstrap-key); '-' prints it to stdout instead.",
        ),
    ] = None,
) -> None:
    """Run the HTTP API (needs the 'server' extra). Settings: defaults, then --config, then
    ENGRAMDB_* environment variables, then these options. On first run a management key is
    created and written to a file only this user can read (its path is printed)."""
    try:
        import uvicorn  # noqa: F401

        from engramdb.server.config import load_config
        from engramdb.server.workers import serve as run_server
    except ImportError as exc:
        raise _fail(
            f"the server needs its extra: pip install -e '.[server]' in a checkout ({exc})"
        ) from None
    config = load_config(
        config_file,
        host=host,
        port=port,
        data_dir=data_dir,
        workers=workers,
        bootstrap_key_file=bootstrap_key_file,
    )

    def announce(api) -> None:
        token = api.state.auth.bootstrap()
        if token is not None:
            where = config.bootstrap_key_file or Path(config.data_dir) / "bootstrap-key"
            if str(where) == "-":
                out.print(
                    "[bold]First run: a management key was created. It is shown once; "
                    "keep it:[/bold]"
                )
                print(token, flush=True)
            else:
                _write_secret(Path(where), token + "\n")
                out.print(
                    "[bold]First run: a management key was created and written to this file "
                    "(mode 0600; keep the key somewhere safe, then delete the file):[/bold]"
                )
                print(Path(where).resolve(), flush=True)
        processes = (  # the writer (this process) and the reading workers
            f", {config.workers + 1} processes: a writer and {config.workers} readers"
            if config.workers > 1
            else ""
        )
        out.print(
            f"EngramDB API on http://{config.host}:{config.port}/api/v1 "
            f"(data: {config.data_dir}{processes})"
        )

    run_server(config, bootstrap_note=announce)


def _write_secret(path: Path, text: str) -> None:
    """``text`` into ``path``, readable by this user only from its first byte (created 0600,
    never through a symlink; a file left there before is replaced)."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(text)


@app.command()
def upload(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(help="The document (text, Markdown, HTML, PDF, ...).")],
    scope: Annotated[str, typer.Option(help="The scope the document is curated for.")],
    name: Annotated[str | None, typer.Option(help="Its name (default: the file's).")] = None,
    url: Annotated[
        str | None,
        typer.Option(
            envvar="ENGRAMDB_URL", help="A server to upload to (else the store at --path)."
        ),
    ] = None,
    api_key: Annotated[
        str | None, typer.Option("--api-key", envvar="ENGRAMDB_API_KEY", help="Its API key.")
    ] = None,
    context: Annotated[
        str | None, typer.Option(envvar="ENGRAMDB_CONTEXT", help="The server's context.")
    ] = None,
    wait: Annotated[
        bool,
        typer.Option(
            "--wait/--no-wait",
            help="Follow the job until it is done (without --url, --no-wait only queues it: "
            "it runs when the store is next opened).",
        ),
    ] = True,
) -> None:
    """Upload a curated document as a background job and follow it with a progress bar (to a
    server with --url, --api-key and --context; else into the store at --path)."""
    if not file.is_file():
        raise _fail(f"{file} is not a file")
    settings: _Settings = ctx.obj  # (the global --url, --api-key and --context, if given)
    url, api_key, context = (
        url or settings.url,
        api_key or settings.api_key,
        context or settings.context,
    )
    with _job_progress() as show:
        if url is not None:
            job = _upload_to_server(file, scope, name, url, api_key, context, wait, show)
        else:
            from .knowledge.memory import Memory

            with Memory.open(settings.path, embedder=settings.embedder) as mem:
                job = mem.submit_upload(file, scope=scope, name=name)
                while wait and not job.finished:
                    show(job)
                    job = mem.wait_job(job.id, timeout=0.2)
                show(job)
    if not wait:
        out.print(f"job {job.id}: {job.state}")
        return
    if job.state != "done" or job.result is None:
        raise _fail(f"job {job.id} {job.state}" + (f": {job.error}" if job.error else ""))
    r = job.result
    what = "unchanged" if r.unchanged else f"{r.chunks:,} chunks, {r.facts:,} facts"
    out.print(f"{r.name} version {r.version} (document {r.id}): {what}")


def _upload_to_server(file, scope, name, url, api_key, context, wait, show) -> Any:
    with remote(url, api_key, context) as server:  # (its refusals: one line, exit 1)
        job = server.target.upload(file, scope=scope, name=name, wait=False)
        return server.target.wait_job(job, progress=show) if wait else job


@app.command()
def backup(
    ctx: typer.Context,
    dest: Annotated[
        str, typer.Argument(help="A new directory (with --url: the backup's name on the server).")
    ],
    url: Annotated[
        str | None, typer.Option(envvar="ENGRAMDB_URL", help="A running server to back up.")
    ] = None,
    api_key: Annotated[
        str | None,
        typer.Option("--api-key", envvar="ENGRAMDB_API_KEY", help="Its management key."),
    ] = None,
) -> None:
    """A consistent copy of the store at --path in DEST, or with --url of a running server's
    data (keys and every context) in its backup directory, taken while it serves."""
    settings: _Settings = ctx.obj  # (the global --url and --api-key, if given)
    url, api_key = url or settings.url, api_key or settings.api_key
    if url is None:
        from .knowledge.memory import Memory

        with Memory.open(settings.path, embedder=settings.embedder) as mem:
            out.print(f"backed up {settings.path} to {mem.backup(dest)}")
        return
    import httpx

    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    try:
        r = httpx.post(
            url.rstrip("/") + "/api/v1/backup", json={"name": dest}, headers=headers, timeout=3600
        )
    except httpx.HTTPError as exc:
        raise _fail(f"{url}: {exc}") from None
    if r.status_code != 201:
        raise _fail(f"{r.status_code} {r.json().get('detail', r.text) if r.content else ''}")
    body = r.json()
    n, where, took = len(body["contexts"]), body["path"], body["tookMs"]
    out.print(f"backed up {n} contexts to {where} in {took} ms")


@contextmanager
def _job_progress() -> Iterator[Any]:
    """``show(job)``: a progress bar of the job's phase (reading, writing, indexing)."""
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
    ) as bar:
        task = bar.add_task("queued", total=None)

        def show(job: Any) -> None:
            bar.update(
                task,
                description=job.phase or job.state,
                completed=job.done,
                total=job.total or None,
            )

        yield show


@app.command("mcp")
def mcp_command(
    ctx: typer.Context,
    data_dir: Annotated[Path | None, typer.Option("--data-dir", help="The server's data.")] = None,
    context: Annotated[str | None, typer.Option(help="Serve this context only.")] = None,
    api_key: Annotated[
        str | None, typer.Option("--api-key", envvar="ENGRAMDB_API_KEY", help="An API key.")
    ] = None,
    config_file: Annotated[Path | None, typer.Option("--config", help="A TOML file.")] = None,
    url: Annotated[
        str | None,
        typer.Option(
            envvar="ENGRAMDB_URL",
            help="A running server to talk to (beside it; else the data directory is opened).",
        ),
    ] = None,
) -> None:
    """Serve the MCP tools (remember, recall, context, reflect, forget, upload, inspect,
    resolve_conflict) over stdio, with the rights of an API key: of a running server's with
    --url (it keeps serving), else of the server's data directory opened here."""
    try:
        import mcp  # noqa: F401
    except ImportError:
        raise _fail(
            "engramdb mcp needs the server extra: pip install -e '.[server]' in a checkout"
        ) from None
    settings: _Settings = ctx.obj  # (the global --url, --api-key and --context, if given)
    url, api_key = url or settings.url, api_key or settings.api_key
    if url is not None:
        from engramdb.server.mcp_bridge import run_stdio_bridge

        context = context or settings.context
        run_stdio_bridge(url, api_key, context)
        return
    from engramdb.server.config import load_config
    from engramdb.server.mcp import run_stdio

    run_stdio(context=context, api_key=api_key, config=load_config(config_file, data_dir=data_dir))


from . import cli_knowledge  # noqa: E402,F401  (registers the knowledge-level commands)


def main() -> None:
    """Console-script entry point."""
    app(prog_name="engramdb")
