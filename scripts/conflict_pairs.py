# ruff: noqa  (a one-off research script, kept so the figures in docs/knowledge.md can be re-run)
"""Builds /tmp/pairs.json for scripts/conflict_encoder_auc.py: each turn probe of the conflict
suites with its same-organisation curated sentences, labelled 1 (conflict) or 0 (unrelated).
Run from the repository root: python scripts/conflict_pairs.py"""

import json
import re
import sys

sys.path.insert(0, "tests/knowledge")
out = []
for mod in ["conflict_cases"] + [f"conflict_cases_holdout{s}" for s in ["", 2, 3, 4, 5, 6, 7]]:
    for c in __import__("suite_data").cases(mod):
        p = c["probe"]
        if p["kind"] != "turn":
            continue
        cur = []
        for w in c["setup"]:
            if w["kind"] == "turn":
                continue
            if not (p["scope"] + "/").startswith(w["scope"] + "/"):
                continue
            if w["kind"] == "document":
                for line in w["text"].splitlines():
                    line = line.strip(" -*")
                    if not line or line.startswith("#"):
                        continue
                    cur += [s for s in re.split(r"(?<=[.!?])\s+", line) if s]
            else:
                for t in w["triples"]:
                    cur.append(f"{t['subject']} {t['key']}: {t['value']}")
        if not cur:
            continue
        if c["expect"] == "conflict":
            lab = 1
        elif c["expect"] == "none" and c.get("category", "").startswith("unrel"):
            lab = 0
        else:
            continue
        out.append({"id": c["id"], "label": lab, "probe": p["text"], "cur": cur})
json.dump(out, open("/tmp/pairs.json", "w"))
print(len(out), sum(o["label"] for o in out))
