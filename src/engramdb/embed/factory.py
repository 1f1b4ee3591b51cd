"""Turn a short spec string (from a config file, a CLI flag or code) into an embedder."""

from __future__ import annotations

import importlib
import os
import re

from engramdb.embed.base import Embedder
from engramdb.errors import ConfigError

__all__ = ["API_KEY_ENV", "SPEC_HELP", "embedder_for_model_id", "get_embedder"]

#: Environment variable read for the key of ``openai:`` specs. Deliberately not OPENAI_API_KEY:
#: a spec may point at any host, and a key for one provider must not be sent to another.
API_KEY_ENV = "ENGRAMDB_EMBED_API_KEY"

SPEC_HELP = (
    "None, 'default' or 'static' (the shipped static model); 'static:PATH' (a local model2vec "
    "directory); 'contextual' (the shipped int8 MiniLM, onnxruntime); 'hashing' or "
    "'hashing:DIM'; 'st:NAME_OR_PATH' (sentence-transformers, extra "
    "'st'); 'openai:MODEL@BASE_URL' (OpenAI-compatible server, extra 'openai', key from "
    f"${API_KEY_ENV}); 'package.module:Class' (called with no arguments); or an Embedder object"
)

_DOTTED = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$")


def get_embedder(spec: str | Embedder | None = None) -> Embedder:
    """Build the embedder a spec names (see ``SPEC_HELP``); an Embedder is returned as is."""
    if spec is None:
        return _static(None)
    if not isinstance(spec, str):
        if isinstance(spec, Embedder):
            return spec
        raise ConfigError(f"cannot use {spec!r} as an embedder; accepted: {SPEC_HELP}")
    s = spec.strip()
    kind, sep, arg = s.partition(":")
    kind_l = kind.lower()
    if s.lower() in ("default", "static"):
        return _static(None)
    if kind_l == "static" and sep:
        return _static(_need(arg, spec))
    if s.lower() == "contextual":
        from engramdb.embed.contextual import ContextualEncoder

        return ContextualEncoder()
    if s.lower() == "hashing":
        from engramdb.embed.hashing import HashingEmbedder

        return HashingEmbedder()
    if kind_l == "hashing" and sep:
        from engramdb.embed.hashing import HashingEmbedder

        try:
            dim = int(_need(arg, spec))
        except ValueError:
            raise ConfigError(
                f"in {spec!r}: DIM must be an integer; accepted: {SPEC_HELP}"
            ) from None
        return HashingEmbedder(dim=dim)
    if kind_l == "st" and sep:
        from engramdb.embed.sentence_transformers import SentenceTransformerEmbedder

        return SentenceTransformerEmbedder(_need(arg, spec))
    if kind_l == "openai" and sep:
        from engramdb.embed.openai_compat import OpenAICompatibleEmbedder

        model, at, url = _need(arg, spec).partition("@")
        if not at or not model or not url:
            raise ConfigError(
                f"{spec!r}: expected 'openai:MODEL@BASE_URL', "
                f"e.g. 'openai:nomic-embed-text@http://localhost:11434/v1'"
            )
        return OpenAICompatibleEmbedder(url, model, api_key=os.environ.get(API_KEY_ENV) or None)
    if _DOTTED.match(s):
        return _from_dotted(s)
    raise ConfigError(f"unknown embedder spec {spec!r}; accepted: {SPEC_HELP}")


def _static(path: str | None) -> Embedder:
    from engramdb.embed.static import StaticEmbedder

    return StaticEmbedder(path)


def _need(arg: str, spec: str) -> str:
    arg = arg.strip()
    if not arg:
        raise ConfigError(f"embedder spec {spec!r} is missing its argument after ':'")
    return arg


def _from_dotted(s: str) -> Embedder:
    """Import ``package.module:Attr`` and call it (a class or a factory function)."""
    module_name, _, attr_path = s.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise ConfigError(f"embedder {s!r}: cannot import module {module_name!r}: {e}") from e
    obj: object = module
    for part in attr_path.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise ConfigError(f"embedder {s!r}: {module_name} has no {attr_path!r}") from None
    if isinstance(obj, Embedder) and not isinstance(obj, type):
        return obj
    if not callable(obj):
        raise ConfigError(f"embedder {s!r}: {attr_path} is neither callable nor an Embedder")
    try:
        made = obj()
    except Exception as e:
        raise ConfigError(f"embedder {s!r}: calling {attr_path}() failed: {e}") from e
    if not isinstance(made, Embedder):
        raise ConfigError(
            f"embedder {s!r}: {attr_path}() returned {type(made).__name__}, which lacks "
            f"model_id, dim and embed()"
        )
    return made


_HASHING_ID = re.compile(r"^engramdb/hashing-(\d+)-s(\d+)@1$")


def embedder_for_model_id(model_id: str) -> Embedder | None:
    """Rebuild the embedder a store recorded, when its id says enough to do so offline (the
    shipped model, the hashing embedder, a sentence-transformers name); None otherwise."""
    from engramdb.embed.static import DEFAULT_MODEL_ID

    if model_id == DEFAULT_MODEL_ID:
        return _static(None)
    from engramdb.embed.contextual import CONTEXTUAL_MODEL_ID

    if model_id == CONTEXTUAL_MODEL_ID:
        from engramdb.embed.contextual import ContextualEncoder

        return ContextualEncoder()
    m = _HASHING_ID.match(model_id)
    if m:
        from engramdb.embed.hashing import HashingEmbedder

        return HashingEmbedder(dim=int(m.group(1)), seed=int(m.group(2)))
    if model_id.startswith("st:"):
        return get_embedder(model_id)
    return None
