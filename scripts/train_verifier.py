"""Dev only: train the learned verifier (``knowledge/extract/verifier.py``) and write its weights.

    pip install -e '.[fit]'                 # scikit-learn, for the fit only
    python scripts/train_verifier.py        # writes src/engramdb/knowledge/extract/verifier.json

Training data: the conflict cases of the domains one may tune on (``TUNE_DOMAINS``) and of the v3
suite (``V3_DOMAINS``, tuning data since the ninth session); never the first-sight or v4
domains. Each case is written with the rules alone (``catalogue.USE_VERIFIER = False``); every
(clause, template, value) pair of its turn that ``verifier.pairs`` finds is labelled 1 when the
template is the case's labelled fact (a ``conflict`` case) and 0 otherwise (a ``corroborate``
case's pairs with a different value count as 0, its others are left out: they carry no label).

It prints leave-one-domain-out figures through the real write path: each domain's cases are
written again with the verifier on, reading with a model fitted without that domain (the older
suites, scored and not fitted unless ``--fit-older``, with the whole model), at the shipped
``ACCEPT`` / ``VETO`` (``--grid``: and others).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "knowledge"))

import numpy as np  # noqa: E402
from _truth import (  # noqa: E402
    TUNE_DOMAINS,
    V3_DOMAINS,
    _occurrences,
    _prefixed,
    load,
    names_fact,
    outcome,
    run,
    write,
)
from suite_data import cases as suite_cases  # noqa: E402

from engramdb.embed.contextual import encoded  # noqa: E402
from engramdb.knowledge import catalogue  # noqa: E402
from engramdb.knowledge.extract import verifier  # noqa: E402
from engramdb.knowledge.memory import Memory  # noqa: E402
from engramdb.knowledge.scopes import org_of  # noqa: E402

OUT = ROOT / "src" / "engramdb" / "knowledge" / "extract" / "verifier.json"
C = 1.0  # (L2 strength; 0.3 and 3 measured within a case of it)


#: The older suites (``tests/knowledge/conflict_suites/*.json``) tuned on; holdout13 stays out:
#: it is held to the issue's figures without its misses being looked at.
OLD_SUITES = ("conflict_cases", *(f"conflict_cases_holdout{n}" for n in ("", *range(2, 13))))


def _cases() -> list[dict[str, Any]]:
    """The training cases, each with its ``domain`` (an older suite's cases are one domain)."""
    out = list(load(TUNE_DOMAINS + V3_DOMAINS))
    for name in OLD_SUITES:
        for case in suite_cases(name):
            out.append({**case, "domain": name, "old": True})
    return out


def capture(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each case written with the rules alone: its turn's pairs, labels and the rules'
    outcome (the facts their conflicts are against). The older suites label no fact: there
    the rules' own conflicts, right for every conflict case of theirs, stand for the label."""
    was = catalogue.USE_VERIFIER
    catalogue.USE_VERIFIER = False
    seen: dict[str, Any] = {}
    original = catalogue.templates_for

    def templates_for(mem, scope, text, readable=None):  # type: ignore[no-untyped-def]
        got = original(mem, scope, text, readable)
        seen["last"] = (text, scope, got)
        return got

    catalogue.templates_for = templates_for
    out = []
    try:
        with Memory.open(Path(tempfile.mkdtemp()) / "s", embedder="hashing") as mem:
            for n, case in enumerate(cases):
                prefix = f"case{n}"
                for w in case["setup"]:
                    write(mem, _prefixed(w, prefix))
                seen.pop("last", None)
                res = write(mem, _prefixed(case["probe"], prefix))
                got = outcome(mem, res, case)
                against = {i for c in (res.conflicts if res else []) for i in c.get("against", [])}
                labelled: set[int] = set()
                if case.get("old") and case["expect"] == "conflict":
                    labelled = set(against)
                elif case.get("fact"):
                    unique = _occurrences(case, case["fact"]["value"]) == 1
                    rows = mem._store.reader().execute(
                        "SELECT id FROM facts WHERE authoritative=1 AND scope LIKE ? "
                        "AND closed_ms IS NULL AND forgotten=0",
                        (prefix + "/%",),
                    )
                    labelled = {f for (f,) in rows if names_fact(mem, f, case["fact"], unique)}
                found, text, templates = [], "", []
                if "last" in seen:
                    text, scope, (templates, names) = seen["last"]
                    org = org_of(scope) or ""
                    found = verifier.pairs(text, templates, names, org, encoded)
                out.append(
                    {
                        "case": case,
                        "got": got,
                        "against": against,
                        "labelled": labelled,
                        "pairs": found,
                        # (the turn and the facts it was read against: the pair model's data)
                        "text": text,
                        "templates": templates,
                    }
                )
    finally:
        catalogue.templates_for = original
        catalogue.USE_VERIFIER = was
    return out


def _label(item: dict[str, Any], p: verifier.Pair) -> int | None:
    expect = item["case"]["expect"]
    if expect == "conflict":
        return int(p.template.fact_id in item["labelled"])
    if expect == "corroborate":
        return 0 if p.verdict == "different" else None
    return 0


def _write_weights(path: Path, model: Any, names: list[str], about: dict[str, Any]) -> None:
    weights = {k: round(float(w), 6) for k, w in zip(names, model.coef_[0], strict=True)}
    body = {
        "about": "logistic weights of knowledge/extract/verifier.py; "
        "written by scripts/train_verifier.py",
        **about,
        "C": C,
        "intercept": round(float(model.intercept_[0]), 6),
        "weights": weights,
    }
    path.write_text(json.dumps(body, indent=1) + "\n", encoding="utf-8")


def held_out(
    cases: list[dict[str, Any]], weights: dict[str, Path], accept: float, veto: float
) -> dict[str, tuple[float, float]]:
    """Conflict precision and recall (right fact) through the real write path, each domain's
    cases read with the weights of a model that never saw that domain (``weights``: by
    domain, ``"*"`` for the others), at the thresholds given. By group: corpus, older suites."""
    saved = verifier._WEIGHTS, verifier.ACCEPT, verifier.VETO
    verifier.ACCEPT, verifier.VETO = accept, veto
    outcomes: list[tuple[dict[str, Any], str]] = []
    try:
        for domain in dict.fromkeys(c["domain"] for c in cases):
            verifier._WEIGHTS = weights.get(domain, weights["*"])
            verifier._model.cache_clear()
            mine = [c for c in cases if c["domain"] == domain]
            outcomes += run(mine, Path(tempfile.mkdtemp()) / "s")
    finally:
        verifier._WEIGHTS, verifier.ACCEPT, verifier.VETO = saved
        verifier._model.cache_clear()
    out = {}
    for group, old in (("corpus", False), ("older suites", True)):
        c = Counter((case["expect"], got) for case, got in outcomes if bool(case.get("old")) == old)
        tp = c[("conflict", "conflict")]
        flagged = sum(v for (_, o), v in c.items() if o.startswith("conflict"))
        positives = sum(v for (e, _), v in c.items() if e == "conflict")
        out[group] = (tp / max(flagged, 1), tp / max(positives, 1))
    return out


def main() -> None:
    from sklearn.linear_model import LogisticRegression  # noqa: PLC0415 (the fit extra)

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--grid", action="store_true", help="also other ACCEPT / VETO pairs")
    ap.add_argument(
        "--fit-older",
        action="store_true",
        help="fit on the older suites too (by default they are only scored)",
    )
    args = ap.parse_args()
    items = capture(_cases())
    names = sorted({k for it in items for p in it["pairs"] for k in p.features})
    every = [(n, p) for n, it in enumerate(items) for p in it["pairs"]]
    x = np.array([[p.features.get(k, 0.0) for k in names] for _, p in every])
    dom = np.array([items[n]["case"]["domain"] for n, _ in every])
    label = [_label(items[n], p) for n, p in every]
    known = np.array([v is not None for v in label])
    if not args.fit_older:
        known &= np.array([not items[n]["case"].get("old") for n, _ in every])
    y = np.array([v or 0 for v in label])
    print(
        f"{len(items)} cases, {int(known.sum())} labelled pairs, "
        f"{int(y[known].sum())} of them the case's fact"
    )
    fitted = sorted({d for d, k in zip(dom.tolist(), known.tolist(), strict=True) if k})
    about = {"trained_on": fitted, "pairs": int(known.sum()), "positives": int(y[known].sum())}
    model = LogisticRegression(C=C, max_iter=5000).fit(x[known], y[known])
    folds = Path(tempfile.mkdtemp())
    weights = {"*": folds / "all.json"}
    _write_weights(weights["*"], model, names, about)
    for d in fitted:  # (a model for each domain that never saw it)
        fit = known & (dom != d)
        fold = LogisticRegression(C=C, max_iter=5000).fit(x[fit], y[fit])
        weights[d] = folds / f"{d}.json"
        _write_weights(weights[d], fold, names, about)
    cases = [it["case"] for it in items]
    rules = held_out(cases, weights, 2.0, -1.0)
    print("rules alone: " + ", ".join(f"{g} {p:.3f} / {r:.3f}" for g, (p, r) in rules.items()))
    print("each domain read with a model fitted without it (the older suites, never fitted")
    print("unless --fit-older, with the whole model): ACCEPT / VETO -> P / R")
    grid = [(verifier.ACCEPT, verifier.VETO)]
    if args.grid:
        grid += [(a, v) for a in (0.5, 0.6, 0.7) for v in (0.1, 0.2, 0.3)]
    for accept, veto in dict.fromkeys(grid):
        got = held_out(cases, weights, accept, veto)
        shown = ", ".join(f"{g} {p:.3f} / {r:.3f}" for g, (p, r) in got.items())
        print(f"  {accept:.2f} / {veto:.2f} -> {shown}")
    _write_weights(args.out, model, names, about)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
