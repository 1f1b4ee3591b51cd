"""Presenting evaluation results: Markdown tables, the JSON file and a bar chart."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = [
    "LOCOMO_CATEGORY_NAMES",
    "format_locomo",
    "format_longmem",
    "markdown_table",
    "plot_recall",
    "write_json",
]

#: Category names as LoCoMo's own evaluation code uses them (other harnesses relabel them).
LOCOMO_CATEGORY_NAMES = {
    "1": "multi-hop",
    "2": "temporal",
    "3": "open-domain",
    "4": "single-hop",
    "5": "adversarial",
}


def markdown_table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A Markdown table; numbers right-aligned, floats with 3 decimals."""
    cells = [[_cell(v) for v in row] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]
    numeric = [all(isinstance(row[i], int | float) for row in rows) for i in range(len(headers))]

    def line(values: Sequence[str]) -> str:
        out = [
            v.rjust(w) if num else v.ljust(w)
            for v, w, num in zip(values, widths, numeric, strict=True)
        ]
        return "| " + " | ".join(out) + " |"

    sep = (
        "|"
        + "|".join(
            ("-" * (w + 1) + ":") if num else ("-" * (w + 2))
            for w, num in zip(widths, numeric, strict=True)
        )
        + "|"
    )
    return "\n".join([line(list(headers)), sep, *(line(r) for r in cells)])


def _cell(v: Any) -> str:
    if isinstance(v, bool):
        return str(v)
    if isinstance(v, float):
        return f"{v:.3f}"
    if v is None:
        return "-"
    return str(v)


def format_locomo(result: Mapping[str, Any]) -> str:
    """The readable report of ``evaluate_locomo``: three tables and the counts."""
    ks = list(result["k"])
    rets: Mapping[str, Mapping[str, Any]] = result["retrievers"]
    parts = [
        f"LoCoMo retrieval: {result['dataset']}: {result['conversations']} conversations, "
        f"{result['turns']} turns, {result['questions']} questions (categories "
        f"{', '.join(result['categories'])}); skipped: {result['skipped_questions']} questions "
        f"without valid evidence, {result['skipped_evidence']} evidence ids; "
        f"depth {result['depth']}; {result['seconds']} s",
        "",
        "Turn-level evidence recall@k, NDCG@10, MRR, query latency, ingestion time:",
        "",
        markdown_table(
            [
                "retriever",
                *[f"R@{k}" for k in ks],
                "NDCG@10",
                "MRR",
                "p50 ms",
                "p95 ms",
                "ingest s",
            ],
            [
                [
                    name,
                    *[r[f"turn_recall@{k}"] for k in ks],
                    r["ndcg@10"],
                    r["mrr"],
                    r["latency_ms_p50"],
                    r["latency_ms_p95"],
                    r["ingest_s"],
                ]
                for name, r in rets.items()
            ],
        ),
        "",
        "All evidence in the top k (recall_all@k) and session-level recall_any@k:",
        "",
        markdown_table(
            ["retriever", *[f"all@{k}" for k in ks], *[f"sess@{k}" for k in ks]],
            [
                [
                    name,
                    *[r[f"recall_all@{k}"] for k in ks],
                    *[r[f"session_recall_any@{k}"] for k in ks],
                ]
                for name, r in rets.items()
            ],
        ),
    ]
    cats = list(result["categories"])
    if cats:
        key = "turn_recall@10" if 10 in ks else f"turn_recall@{ks[-1]}"
        parts += [
            "",
            f"{key} by category (LoCoMo's labels; questions per category in the header):",
            "",
            markdown_table(
                [
                    "retriever",
                    *[
                        f"{c} {LOCOMO_CATEGORY_NAMES.get(c, '?')} ({result['categories'][c]})"
                        for c in cats
                    ],
                ],
                [
                    [name, *[r["by_category"].get(c, {}).get(key) for c in cats]]
                    for name, r in rets.items()
                ],
            ),
        ]
    return "\n".join(parts)


def format_longmem(result: Mapping[str, Any]) -> str:
    """The readable report of ``evaluate_longmem``."""
    ks = list(result["k"])
    rets: Mapping[str, Mapping[str, Any]] = result["retrievers"]
    parts = [
        f"LongMemEval-style retrieval: {result['dataset']}: {result['questions']} questions "
        f"scored, {result['skipped_abstention']} abstention questions skipped, "
        f"{result['skipped_no_gold']} without gold sessions skipped, "
        f"{result['skipped_no_turn_gold']} without turn-level gold (session metrics only); "
        f"{result['turns_indexed']} turns indexed ({result['granularity']}); "
        f"{result['seconds']} s",
    ]
    for level in ("session", "turn"):
        parts += [
            "",
            f"{level.capitalize()} level: recall_any@k / recall_all@k / ndcg_any@k:",
            "",
            markdown_table(
                [
                    "retriever",
                    *[f"any@{k}" for k in ks],
                    *[f"all@{k}" for k in ks],
                    *[f"ndcg@{k}" for k in ks],
                ],
                [
                    [
                        name,
                        *[r.get(f"{level}_recall_any@{k}") for k in ks],
                        *[r.get(f"{level}_recall_all@{k}") for k in ks],
                        *[r.get(f"{level}_ndcg_any@{k}") for k in ks],
                    ]
                    for name, r in rets.items()
                ],
            ),
        ]
    parts += [
        "",
        "Knowledge updates (newer fact ranked above the stale one), MRR, latency:",
        "",
        markdown_table(
            [
                "retriever",
                "KU questions",
                "newer above stale",
                "turn MRR",
                "p50 ms",
                "p95 ms",
                "ingest s",
            ],
            [
                [
                    name,
                    r["knowledge_update"]["questions"],
                    r["knowledge_update"]["newer_above_stale"],
                    r.get("turn_mrr"),
                    r["latency_ms_p50"],
                    r["latency_ms_p95"],
                    r["ingest_s"],
                ]
                for name, r in rets.items()
            ],
        ),
    ]
    types = sorted({t for r in rets.values() for t in r["by_type"]})
    if types:
        key = "session_recall_any@5" if 5 in ks else f"session_recall_any@{ks[0]}"
        parts += [
            "",
            f"{key} by question type:",
            "",
            markdown_table(
                ["retriever", *types],
                [
                    [name, *[r["by_type"].get(t, {}).get(key) for t in types]]
                    for name, r in rets.items()
                ],
            ),
        ]
    return "\n".join(parts)


def write_json(result: Mapping[str, Any], path: str | Path) -> None:
    """Write a result document as indented JSON (UTF-8, trailing newline)."""
    Path(path).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")


def plot_recall(
    result: Mapping[str, Any],
    path: str | Path,
    *,
    metric: str = "turn_recall",
    title: str | None = None,
) -> None:
    """A PNG bar chart of ``<metric>@k`` per retriever, grouped by k (needs matplotlib)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        raise RuntimeError(
            "plotting needs matplotlib: pip install -e '.[eval]' in a checkout"
        ) from e
    ks = list(result["k"])
    rets: Mapping[str, Mapping[str, Any]] = result["retrievers"]
    n = max(1, len(rets))
    width = 0.8 / n
    fig, ax = plt.subplots(figsize=(max(6.0, 1.4 * len(ks) + 2), 4.5), dpi=120)
    for i, (name, r) in enumerate(rets.items()):
        xs = [j + (i - (n - 1) / 2) * width for j in range(len(ks))]
        ys = [float(r[f"{metric}@{k}"]) for k in ks]
        bars = ax.bar(xs, ys, width, label=name)
        ax.bar_label(bars, labels=[f"{y:.2f}" for y in ys], fontsize=6, padding=1)
    ax.set_xticks(range(len(ks)), [f"@{k}" for k in ks])
    ax.set_ylim(0, 1.05)
    ax.set_ylabel(metric.replace("_", " "))
    ax.set_title(title or f"{metric}@k on {result['dataset']} ({result['questions']} questions)")
    ax.legend(loc="upper left", fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(str(path), format="png")
    plt.close(fig)
