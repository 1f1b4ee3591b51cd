"""Conflict detection on the truth-keeping corpus, by domain set: precision and recall with the
right fact (``tests/knowledge/_truth.py``).

    python scripts/truth_eval.py tune          # the domains one may tune on
    python scripts/truth_eval.py first-sight   # the others (report, never inspect)
    python scripts/truth_eval.py retail bank   # named domains
    python scripts/truth_eval.py tune --misses # also list the tune set's wrong outcomes
    python scripts/truth_eval.py --extraction tune     # curated documents read into frames
    python scripts/truth_eval.py --first-person tune   # first-person facts (odd cases;
                                                       # first-sight: even; all: every case;
                                                       # v3: the v3 suite's 221 cases)
    python scripts/truth_eval.py v3                    # the v3 suite's 8 domains (tuning data
                                                       # since the ninth session)
    python scripts/truth_eval.py v4                    # a fresh suite (first sight, 300 cases)
    python scripts/truth_eval.py --grounding v3        # questions answered by the right fact
    python scripts/truth_eval.py --grounding dev       # the grounding questions to tune on
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "knowledge"))

from _truth import (  # noqa: E402
    FIRST_SIGHT_DOMAINS,
    GROUNDING_DEV_DOMAINS,
    TUNE_DOMAINS,
    V3_DOMAINS,
    V4_DOMAINS,
    extraction_scores,
    first_person_scores,
    grounding_scores,
    load,
    load_extraction,
    load_first_person,
    load_grounding,
    run,
    run_extraction,
    run_first_person,
    run_grounding,
    scores,
)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("domains", nargs="+")
    p.add_argument("--misses", action="store_true")
    p.add_argument("--extraction", action="store_true")
    p.add_argument("--first-person", action="store_true")
    p.add_argument("--grounding", action="store_true")
    args = p.parse_args()
    if args.first_person:
        return _first_person(args.domains, args.misses)
    names: list[str] = []
    for d in args.domains:
        groups = {
            "tune": TUNE_DOMAINS,
            "first-sight": FIRST_SIGHT_DOMAINS,
            "v3": V3_DOMAINS,
            "v4": V4_DOMAINS,
        }
        names += {**groups, "dev": GROUNDING_DEV_DOMAINS}.get(d, (d,))
    if args.misses and (
        set(names) & {*FIRST_SIGHT_DOMAINS, *V4_DOMAINS}
        or (args.grounding and set(names) & {*V3_DOMAINS})
    ):
        p.error("--misses lists cases; first-sight domains are measured, never inspected")
    if args.extraction:
        return _extraction(names, args.misses)
    if args.grounding:
        return _grounding(names)
    results = _measured(run, load(tuple(names)), scores, names)
    if args.misses:
        for c, got in results:
            if got != c["expect"]:
                print(f"{c['id']:>16} {c['category']:<18} want {c['expect']:<12} got {got}")


def _extraction(domains: list[str], misses: bool) -> None:
    items = load_extraction(domains)
    with tempfile.TemporaryDirectory() as tmp:
        results = run_extraction(items, Path(tmp) / "store")
    print(json.dumps({**extraction_scores(results), "domains": domains}, indent=1))
    if misses:
        for item, found, _, n, wrong in results:
            print(f"{item['id']} {item['name']}: {found}/{len(item['frames'])} frames, {n} facts")
            for f in wrong:
                print(f"    not a frame: {f.entity!r} {f.key} = {f.value!r}")


def _grounding(domains: list[str]) -> None:
    _measured(run_grounding, load_grounding(tuple(domains)), grounding_scores, domains)


def _measured(run_all, items, score, domains: list[str]) -> list:
    """Run ``items`` in a fresh store, print their scores with the domains and the time."""
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        results = run_all(items, Path(tmp) / "store")
    s = score(results)
    s["domains"] = domains
    s["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(s, indent=1))
    return results


def _first_person(which: list[str], misses: bool) -> None:
    """``tune``: the odd-numbered cases; ``first-sight``: the even ones (never inspected)."""
    half = (
        which[0]
        if which and which[0] in ("tune", "first-sight", "fresh", "holdout", "v3")
        else None
    )
    if misses and half in ("first-sight", "holdout", "v3"):
        raise SystemExit("first-sight cases are measured, never inspected")
    cases = load_first_person(half)
    with tempfile.TemporaryDirectory() as tmp:
        results = run_first_person(cases, Path(tmp) / "store")
    print(json.dumps(first_person_scores(results), indent=1))
    if misses:
        for case, found, want, extra, stale, missing in results:
            if found < want or extra or stale:
                print(case["id"], case["turns"], "missing", missing)
                print("    got", [(f.key, f.value) for f in extra], "stale", stale)


if __name__ == "__main__":
    main()
