"""Embedding providers behind one protocol: texts in, unit-length float32 rows out.

``get_embedder(spec)`` picks one from a short string. The default is a static model shipped in
the package (no torch, no network). The optional providers import their heavy dependencies only
when used, so importing this package stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engramdb.embed.base import Embedder, normalize_rows
from engramdb.embed.factory import get_embedder
from engramdb.embed.hashing import HashingEmbedder
from engramdb.embed.static import StaticEmbedder

if TYPE_CHECKING:
    from engramdb.embed.contextual import ContextualEncoder
    from engramdb.embed.openai_compat import EmbeddingServiceError, OpenAICompatibleEmbedder
    from engramdb.embed.sentence_transformers import SentenceTransformerEmbedder

__all__ = [
    "ContextualEncoder",
    "Embedder",
    "EmbeddingServiceError",
    "HashingEmbedder",
    "OpenAICompatibleEmbedder",
    "SentenceTransformerEmbedder",
    "StaticEmbedder",
    "get_embedder",
    "normalize_rows",
]

_LAZY = {
    "ContextualEncoder": "engramdb.embed.contextual",
    "OpenAICompatibleEmbedder": "engramdb.embed.openai_compat",
    "EmbeddingServiceError": "engramdb.embed.openai_compat",
    "SentenceTransformerEmbedder": "engramdb.embed.sentence_transformers",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
