"""The contextual encoder: the shipped int8 MiniLM, read by onnxruntime without torch."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from engramdb.embed import get_embedder
from engramdb.embed.contextual import CONTEXTUAL_MODEL_ID, ContextualEncoder
from engramdb.embed.factory import embedder_for_model_id
from engramdb.embed.static import StaticEmbedder
from engramdb.errors import ConfigError


@pytest.fixture(scope="module")
def enc() -> ContextualEncoder:
    return ContextualEncoder()


def test_rows_are_unit_384_and_the_same_whatever_the_batch(enc):
    texts = ["Items may be returned within 30 days.", "hi", "", "The pool opens at 7am " * 40]
    x = enc.embed(texts)
    assert x.shape == (4, 384) and x.dtype == np.float32
    assert np.allclose(np.linalg.norm(x, axis=1), 1.0, atol=1e-5)
    alone = np.vstack([enc.embed([t]) for t in reversed(texts)])[::-1]
    assert np.array_equal(x, alone)  # (a text's vector never depends on the others of a call)
    assert enc.embed([]).shape == (0, 384)


def test_a_claim_finds_its_fact_among_siblings_where_the_static_model_does_not(enc):
    """Aboutness in context: the words a fact shares with its siblings are the same; what they
    say differs. The claim is nearest its own fact under the encoder."""
    facts = [
        "Unused minutes do not roll over to the next month.",
        "Unused data carries over for one month.",
        "Calls to EU numbers are included in every plan.",
        "The plan can be cancelled with 30 days notice.",
    ]
    claims = {
        "my leftover minutes carry over, right, you said so": 0,
        "I was told the extra gigabytes move to next month": 1,
        "ringing a French number costs extra on my plan": 2,
        "you let me quit the contract with a month's warning": 3,
    }
    f = enc.embed(facts)
    for claim, want in claims.items():
        assert int(np.argmax(f @ enc.embed([claim])[0])) == want, claim
    static = StaticEmbedder()
    fs = static.embed(facts)
    right = sum(int(np.argmax(fs @ static.embed([c])[0])) == w for c, w in claims.items())
    assert right < len(claims)  # (what the encoder adds)


def test_factory_and_stored_model_id(enc):
    assert get_embedder("contextual").model_id == CONTEXTUAL_MODEL_ID
    assert isinstance(embedder_for_model_id(CONTEXTUAL_MODEL_ID), ContextualEncoder)
    assert enc.dim == 384


def test_a_directory_without_the_model_is_refused(tmp_path):
    with pytest.raises(ConfigError, match="model.onnx"):
        ContextualEncoder(tmp_path)


@pytest.mark.processes
def test_no_torch_at_run_time():
    import engramdb

    src = str(Path(engramdb.__file__).resolve().parents[1])
    code = (
        f"import sys; sys.path.insert(0, {src!r}); "
        "from engramdb.embed.contextual import ContextualEncoder; "
        "ContextualEncoder().embed(['a sentence']); print('torch' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_damaged_or_missing_shipped_file_is_refused(tmp_path):
    """The shipped model's files are checked against their hashes before they are loaded."""
    from engramdb.embed import contextual

    copy = tmp_path / "model"
    copy.mkdir()
    (copy / "model.onnx").symlink_to(contextual.CONTEXTUAL_MODEL_DIR / "model.onnx")
    (copy / "tokenizer.json").write_text('{"version": "1.0"}')
    with pytest.raises(ConfigError, match="not the shipped contextual encoder"):
        contextual._check_shipped(copy)
    (copy / "model.onnx").unlink()
    with pytest.raises(ConfigError, match="missing from the installed package"):
        contextual._check_shipped(copy)
    contextual._check_shipped(contextual.CONTEXTUAL_MODEL_DIR)  # (the shipped one passes)
