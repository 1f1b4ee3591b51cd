"""The pair model: a MiniLM cross-encoder that reads a clause of a turn together with a curated
statement and says whether the clause contradicts it, agrees with it, or is about something
else. Run by onnxruntime as int8 ONNX (no torch at run time).

Typed values decide most claims in code ("£6.99" against "£4.99"); what they cannot decide is a
yes/no rule or a textual fact ("you let dogs on the open deck" against "Dogs on the open deck:
not allowed"). A bi-encoder's vectors barely move with a negation, so the two texts are read
in one pass. The weights start from the shipped encoder's (all-MiniLM-L6-v2, Apache-2.0) and
are trained by ``scripts/train_pair_model.py`` on the project's labelled conflict corpora;
see ``models/minilm-l6-pair-int8/NOTICE``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

import numpy as np

from engramdb._files import unlike
from engramdb.errors import ConfigError

__all__ = ["LABELS", "PAIR_MODEL_DIR", "PairModel", "available", "judged"]

PAIR_MODEL_DIR = Path(__file__).resolve().parent / "models" / "minilm-l6-pair-int8"
#: The model's outputs, in order.
LABELS = ("other", "agree", "contradict")
#: Tokens of a pair the model reads at most (clause first, then the statement).
MAX_TOKENS = 128
#: Characters of each text read at most (longer texts are cut before tokenising: linear).
MAX_CHARS = 512

_SHIPPED = {
    "model.onnx": "bf56b2ab09f80f96aaf7695b0d9c2e880f0473bad45fcb6c6b7f62f2a03a0cc2",
    "tokenizer.json": "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
}


class PairModel:
    """(clause, statement) in, probabilities over ``LABELS`` out."""

    def __init__(self, path: Path | None = None) -> None:
        model_dir = PAIR_MODEL_DIR if path is None else path
        if path is None:
            found = unlike(model_dir, _SHIPPED)
            if found is not None:
                what = "is missing from" if found[1] is None else "is not the file of"
                raise ConfigError(
                    f"{found[0]} {what} the shipped pair model: reinstall engramdb, or rebuild "
                    "it with scripts/train_pair_model.py"
                )
        import onnxruntime as ort
        from tokenizers import Tokenizer

        options = ort.SessionOptions()
        options.intra_op_num_threads = 1  # (request threads of their own, on a small machine)
        options.inter_op_num_threads = 1
        self._session: Any = ort.InferenceSession(
            str(model_dir / "model.onnx"), sess_options=options, providers=["CPUExecutionProvider"]
        )
        tokenizer: Any = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        tokenizer.enable_truncation(MAX_TOKENS)
        tokenizer.no_padding()  # (the published tokenizer pads every text to 128 tokens)
        self._tokenizer = tokenizer

    def judge(self, clause: str, statement: str) -> tuple[float, float, float]:
        """One pair a run: the int8 model quantises activations over its whole input, so a
        pair's verdict would otherwise depend on the batch it came in."""
        e = self._tokenizer.encode(clause[:MAX_CHARS], statement[:MAX_CHARS])
        feeds = {
            "input_ids": np.array([e.ids], dtype=np.int64),
            "attention_mask": np.array([e.attention_mask], dtype=np.int64),
            "token_type_ids": np.array([e.type_ids], dtype=np.int64),
        }
        logits = self._session.run(None, feeds)[0][0].astype(np.float64)
        p = np.exp(logits - logits.max())
        p /= p.sum()
        return float(p[0]), float(p[1]), float(p[2])


_shared: PairModel | None = None
#: Why the shipped model could not be loaded (a message, raised afresh each time: a stored
#: exception raised again grows its traceback, and holds every frame it passed, at each turn).
_failed: str | None = None
_lock = threading.Lock()
#: Verdicts the process keeps (a catalogue statement is judged against the same clause once).
KEPT = 4_096
_kept: OrderedDict[tuple[str, str], tuple[float, float, float]] = OrderedDict()


def _model() -> PairModel:
    global _shared, _failed
    with _lock:
        if _failed is not None:
            raise ConfigError(_failed)
        if _shared is None:
            try:
                _shared = PairModel()
            except Exception as e:
                _failed = f"the pair model cannot be loaded: {e}"
                raise ConfigError(_failed) from None
        return _shared


def available() -> bool:
    """Whether the shipped model can be used (loaded once; a failure is remembered)."""
    try:
        _model()
    except ConfigError:
        return False
    return True


def forget_kept() -> None:
    """Drop every kept verdict with its texts (a forget: ``knowledge.text_caches``)."""
    with _lock:
        _kept.clear()


def judged(clause: str, statement: str) -> tuple[float, float, float]:
    """The shipped model's verdict on a pair, kept for the process (a model that cannot be
    loaded is tried once; every call after says so with a ``ConfigError``)."""
    key = (clause[:MAX_CHARS], statement[:MAX_CHARS])
    with _lock:
        got = _kept.get(key)
        if got is not None:
            _kept.move_to_end(key)
            return got
    model = _model()
    got = model.judge(*key)
    with _lock:
        _kept[key] = got
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return got
