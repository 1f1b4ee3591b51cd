"""The contextual encoder: all-MiniLM-L6-v2 as int8 ONNX, run by onnxruntime (no torch).

The static default averages fixed token vectors, so "unused words carry over" and "do not roll
over" look alike and a claim cannot pick its fact among near siblings; a transformer reads the
words in context. It costs about 2 ms a short sentence on one core, so it is the encoder for
aboutness (a claim against a few candidate statements), not for every passage of a store.
See ``models/minilm-l6-int8/NOTICE`` for where the weights come from.
"""

from __future__ import annotations

import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from engramdb._files import unlike
from engramdb.embed._texts import as_text_list
from engramdb.embed.base import normalize_rows
from engramdb.errors import ConfigError

__all__ = [
    "CONTEXTUAL_MODEL_DIR",
    "CONTEXTUAL_MODEL_ID",
    "ContextualEncoder",
    "encoded",
    "keep",
    "known",
    "warn_once",
]

CONTEXTUAL_MODEL_DIR = Path(__file__).resolve().parent / "models" / "minilm-l6-int8"
CONTEXTUAL_MODEL_ID = "engramdb/minilm-l6-int8@1"

#: The shipped files, checked once per process before they are loaded (a damaged or replaced
#: model is refused rather than read).
_SHIPPED = {
    "model.onnx": "902b9053d5184b7d6d1b8f14cb7ef9bb9e630103590be6a59fd9c399f9490328",
    "tokenizer.json": "380fdb96c561eb87b97798d78636651d528756054a996c3c64d5db7e42fe5c65",
}


_checked: set[Path] = set()
_warned: set[str] = set()


def warn_once(message: str) -> None:
    """Log that the encoder cannot be used, once per message and process (a read that
    goes on without it would say so at every turn or query)."""
    if message not in _warned:
        _warned.add(message)
        logging.getLogger("engramdb").warning(message)


_check_lock = threading.Lock()


class ContextualEncoder:
    """Texts in, unit-length 384-dimensional rows out (the ``Embedder`` protocol)."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *, threads: int = 1) -> None:
        model_dir = CONTEXTUAL_MODEL_DIR if path is None else Path(path).expanduser()
        if path is None:
            _check_shipped(model_dir)
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer
        except ImportError as e:  # pragma: no cover - core dependencies
            raise ConfigError(
                "the contextual encoder needs onnxruntime and tokenizers: "
                "pip install onnxruntime tokenizers"
            ) from e
        for name in _SHIPPED:
            if not (model_dir / name).is_file():
                raise ConfigError(f"{model_dir} holds no {name}: not a contextual encoder model")
        options = ort.SessionOptions()
        # one thread: the callers are request threads of their own on a small machine
        options.intra_op_num_threads = int(threads)
        options.inter_op_num_threads = 1
        self._session: Any = ort.InferenceSession(
            str(model_dir / "model.onnx"), sess_options=options, providers=["CPUExecutionProvider"]
        )
        self._tokenizer: Any = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        self._inputs = {i.name for i in self._session.get_inputs()}
        self._dim = int(self._session.get_outputs()[0].shape[-1])
        self._model_id = CONTEXTUAL_MODEL_ID if path is None else f"onnx:{model_dir.name}"

    @property
    def model_id(self) -> str:
        return self._model_id

    @property
    def dim(self) -> int:
        return self._dim

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Shape (len(texts), 384), float32, rows of norm 1 (an empty text too: [CLS] [SEP])."""
        items = as_text_list(texts)
        out = np.zeros((len(items), self._dim), dtype=np.float32)
        # One text a run: the int8 model quantises its activations over the whole input, so a
        # text's vector would depend on the batch it came in (cosine ~0.99). One at a time it
        # is the same wherever it is computed, at about 2.3 ms a sentence against 1.7 in 64s.
        for i, text in enumerate(items):
            out[i] = self._run([text])[0]
        return normalize_rows(out)

    def _run(self, texts: list[str]) -> np.ndarray:
        encoded = self._tokenizer.encode_batch(texts)
        feeds = {
            "input_ids": np.array([e.ids for e in encoded], dtype=np.int64),
            "attention_mask": np.array([e.attention_mask for e in encoded], dtype=np.int64),
            "token_type_ids": np.array([e.type_ids for e in encoded], dtype=np.int64),
        }
        return self._session.run(None, {k: v for k, v in feeds.items() if k in self._inputs})[0]

    def __repr__(self) -> str:
        return f"ContextualEncoder(model_id={self._model_id!r}, dim={self._dim})"


def _check_shipped(model_dir: Path) -> None:
    with _check_lock:
        if model_dir in _checked:
            return
        found = unlike(model_dir, _SHIPPED)
        if found is not None:
            f, got = found
            if got is None:
                raise ConfigError(
                    f"the contextual encoder is missing from the installed package ({f}); "
                    "reinstall engramdb, or rebuild it with scripts/export_minilm.py"
                )
            raise ConfigError(
                f"{f} is not the shipped contextual encoder (sha256 {got[:12]}, "
                f"expected {_SHIPPED[f.name][:12]}); reinstall engramdb"
            )
        _checked.add(model_dir)


_shared: ContextualEncoder | None = None
_shared_lock = threading.Lock()


_failed: ConfigError | None = None


def shared() -> ContextualEncoder:
    """The process's encoder of the shipped model (loaded once, about 0.7 s; a model that
    cannot be loaded is tried once, and its error raised again)."""
    global _shared, _failed
    with _shared_lock:
        if _failed is not None:
            # (a fresh error: the stored one raised again would grow its traceback, holding
            # each caller's frames, at every turn)
            raise ConfigError(str(_failed)) from None
        if _shared is None:
            try:
                _shared = ContextualEncoder()
            except ConfigError as e:
                _failed = ConfigError(str(e))  # (never raised itself: no frames held)
                raise
        return _shared


#: Texts longer than this are encoded each time, never kept (a cache of untrusted questions of
#: up to 64 KB would hold their text, not just their 1.5 KB vectors).
MAX_KEPT_CHARS = 512

#: How many texts' vectors the process keeps (about 1.6 KB each with their text).
KEPT = 16_384

_kept: OrderedDict[str, np.ndarray] = OrderedDict()
_kept_lock = threading.Lock()


def encoded(text: str) -> np.ndarray:
    """A text's vector under the shipped encoder; a short one is kept for the process's next
    reads of it (a statement read for many questions is encoded once)."""
    v = known(text)
    if v is None:
        v = _encode(text)
        keep(text, v)
    return v


def known(text: str) -> np.ndarray | None:
    """The vector the process keeps for ``text``, if it does."""
    with _kept_lock:
        v = _kept.get(text)
        if v is not None:
            _kept.move_to_end(text)
        return v


def keep(text: str, vector: np.ndarray) -> None:
    """Keep ``text``'s vector, computed here or by another process of the same model
    (``knowledge.statement_vectors``); a long text is not kept."""
    if len(text) > MAX_KEPT_CHARS:
        return
    v = np.array(vector, dtype=np.float32)  # (a copy: a buffer read from a row is not ours)
    v.flags.writeable = False
    with _kept_lock:
        _kept[text] = v
        _kept.move_to_end(text)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)


def forget_kept() -> None:
    """Drop every kept vector with its text (a forget: ``knowledge.text_caches``)."""
    with _kept_lock:
        _kept.clear()


def _encode(text: str) -> np.ndarray:
    v = shared().embed([text])[0]
    v.flags.writeable = False
    return v
