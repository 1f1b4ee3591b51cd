"""The extraction cascade: stage 0 heuristics (always on), stages 1-2 with an LLM when one is
configured."""

from .stage0 import extract_stage0, key_from_phrase

__all__ = ["extract_stage0", "key_from_phrase"]
