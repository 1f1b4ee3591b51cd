"""``engramdb eval``: retrieval benchmarks (LoCoMo, LongMemEval format) and the synthetic
long-memory generator.

The main CLI mounts ``app`` as ``engramdb eval``; ``python -m engramdb.eval.cli`` runs it alone.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import typer

from ..errors import EngramDBError
from .harness import DEFAULT_DEPTH, DEFAULT_KS, evaluate_locomo
from .locomo import load_locomo
from .longmem import (
    DEFAULT_LONGMEM_DEPTH,
    LONGMEM_KS,
    QUESTION_TYPES,
    GeneratorConfig,
    evaluate_longmem,
    load_longmem,
    write_longmem,
)
from .report import format_locomo, format_longmem, plot_recall, write_json
from .retrievers import DEFAULT_RETRIEVERS, installed_optional_retrievers

__all__ = ["app"]

app = typer.Typer(
    help="Retrieval evaluation: LoCoMo, LongMemEval-format files, a synthetic generator.",
    no_args_is_help=True,
    add_completion=False,
)

_RETRIEVER_HELP = (
    "Comma-separated retrievers: fts5, dense, dense:SPEC, hybrid, hybrid@W, hybrid:SPEC@W, "
    "engine, engine:SPEC (SPEC is an embedder spec). Default: "
    f"{','.join(DEFAULT_RETRIEVERS)} plus a dense retriever for each optional embedder that "
    "is installed with local weights."
)


def _ints(text: str, option: str) -> list[int]:
    try:
        values = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise typer.BadParameter(
            f"expected comma-separated integers, got {text!r}", param_hint=option
        ) from None
    if not values or min(values) < 1:
        raise typer.BadParameter("values must be positive integers", param_hint=option)
    return sorted(set(values))


def _retrievers(text: str | None) -> list[str]:
    if text is None:
        return [*DEFAULT_RETRIEVERS, *installed_optional_retrievers()]
    names = [x.strip() for x in text.split(",") if x.strip()]
    if not names:
        raise typer.BadParameter("name at least one retriever", param_hint="--retrievers")
    if len(set(names)) != len(names):
        raise typer.BadParameter("a retriever is named twice", param_hint="--retrievers")
    return names


def _progress(quiet: bool):
    if quiet:
        return None
    return lambda msg: print(msg, file=sys.stderr, flush=True)


def _outputs(result: dict, json_out: Path | None, plot: Path | None, metric: str) -> None:
    if json_out is not None:
        write_json(result, json_out)
        typer.echo(f"wrote {json_out}", err=True)
    if plot is not None:
        try:
            plot_recall(result, plot, metric=metric)
        except RuntimeError as e:
            typer.echo(f"error: {e}", err=True)
            raise typer.Exit(2) from None
        typer.echo(f"wrote {plot}", err=True)


@app.command("locomo")
def locomo_cmd(
    data: Path = typer.Option(
        ...,
        "--data",
        exists=True,
        dir_okay=False,
        readable=True,
        help="A JSON file in LoCoMo's format.",
    ),
    k: str = typer.Option(",".join(map(str, DEFAULT_KS)), "--k", help="Cut-offs, e.g. 1,5,10."),
    retrievers: str | None = typer.Option(None, "--retrievers", help=_RETRIEVER_HELP),
    json_out: Path | None = typer.Option(
        None, "--json", dir_okay=False, help="Also write the results as JSON here."
    ),
    plot: Path | None = typer.Option(
        None, "--plot", dir_okay=False, help="Write a PNG bar chart of recall@k (extra 'eval')."
    ),
    depth: int = typer.Option(
        DEFAULT_DEPTH,
        "--depth",
        min=1,
        help="Turns retrieved per question (MRR and sessions use them).",
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress lines on stderr."),
) -> None:
    """Score retrievers on conversations in LoCoMo's format.

    Questions of categories 1-4: turn-level evidence recall@k, recall_all@k, session-level
    recall_any@k, NDCG@10, MRR, query latency p50/p95 and ingestion time, overall and per
    category.
    """
    ks = _ints(k, "--k")
    names = _retrievers(retrievers)
    started = time.perf_counter()
    try:
        dataset = load_locomo(data)
        result = evaluate_locomo(dataset, names, ks, depth=depth, progress=_progress(quiet))
    except (ValueError, OSError, EngramDBError) as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    typer.echo(format_locomo(result))
    _outputs(result, json_out, plot, "turn_recall")
    if not quiet:
        typer.echo(f"total {time.perf_counter() - started:.1f} s", err=True)


@app.command("longmem")
def longmem_cmd(
    data: Path = typer.Option(
        ...,
        "--data",
        exists=True,
        dir_okay=False,
        readable=True,
        help="A JSON file in LongMemEval's format.",
    ),
    k: str = typer.Option(",".join(map(str, LONGMEM_KS)), "--k", help="Cut-offs."),
    retrievers: str | None = typer.Option(None, "--retrievers", help=_RETRIEVER_HELP),
    json_out: Path | None = typer.Option(
        None, "--json", dir_okay=False, help="Also write the results as JSON here."
    ),
    plot: Path | None = typer.Option(
        None, "--plot", dir_okay=False, help="PNG bar chart of session recall_any@k."
    ),
    depth: int = typer.Option(
        DEFAULT_LONGMEM_DEPTH, "--depth", min=1, help="Turns retrieved per question."
    ),
    granularity: str = typer.Option(
        "user", "--turns", help="Index 'user' turns only (LongMemEval) or 'all'."
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress lines on stderr."),
) -> None:
    """Score retrievers on a file in LongMemEval's format.

    As LongMemEval scores retrieval: recall_any@k, recall_all@k and ndcg_any@k at session and
    turn level; knowledge-update questions report whether the newer fact ranks above the stale
    one.
    """
    ks = _ints(k, "--k")
    names = _retrievers(retrievers)
    if granularity not in ("user", "all"):
        raise typer.BadParameter("use 'user' or 'all'", param_hint="--turns")
    try:
        instances = load_longmem(data)
        result = evaluate_longmem(
            instances,
            names,
            ks,
            depth=depth,
            granularity=granularity,
            dataset=data.name,
            progress=_progress(quiet),
        )
    except (ValueError, OSError, EngramDBError) as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    typer.echo(format_longmem(result))
    _outputs(result, json_out, plot, "session_recall_any")


@app.command("generate-longmem")
def generate_cmd(
    out: Path = typer.Option(..., "--out", "-o", dir_okay=False, help="JSON file to write."),
    questions: int = typer.Option(50, "--questions", min=1, help="Questions to generate."),
    sessions: int = typer.Option(
        40, "--sessions", min=1, max=500, help="Haystack sessions per question (up to 500)."
    ),
    seed: int = typer.Option(0, "--seed", help="Same seed, same file."),
    abstention: float = typer.Option(
        0.06, "--abstention", min=0.0, max=0.9, help="Share of abstention (_abs) questions."
    ),
    distractors: int = typer.Option(
        2, "--distractors", min=0, help="Sessions per question on the topic, about others."
    ),
    types: str = typer.Option(
        ",".join(QUESTION_TYPES), "--types", help="Comma-separated question types to include."
    ),
) -> None:
    """Write a synthetic long-memory benchmark in LongMemEval's format.

    Haystack sessions of chit-chat with planted evidence, distractors, knowledge updates and
    temporal questions; the same seed gives the same file.
    """
    config = GeneratorConfig(
        questions=questions,
        sessions=sessions,
        seed=seed,
        abstention=abstention,
        distractors=distractors,
        types=tuple(t.strip() for t in types.split(",") if t.strip()),
    )
    try:
        n = write_longmem(out, config)
    except (ValueError, OSError, EngramDBError) as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    typer.echo(f"wrote {n} questions x {sessions} sessions to {out}")


if __name__ == "__main__":
    app()
