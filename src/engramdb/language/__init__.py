"""The language layer: an English parser (spaCy, ``en_core_web_sm`` 3.8.0, pinned) whose
sentences, lemmas, dependencies, negation and entities the readers of curated documents and
of turns build on. It knows nothing above it (like ``embed/``)."""

from __future__ import annotations

from engramdb.language.parser import LanguageError, model_path, parse, parse_many, pipeline

__all__ = ["LanguageError", "model_path", "parse", "parse_many", "pipeline"]
