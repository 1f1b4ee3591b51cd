"""The extraction cascade: stage 0 heuristics (always on), stages 1-2 with an LLM when one is
configured."""

from .stage0 import MAX_READ_CHARS, extract_stage0, key_from_phrase, read_window

# stages 1-2 (extract.llm: LLMConfig, LLMExtractor) import httpx and pydantic: import them from
# engramdb.knowledge.extract.llm when an LLM is configured
__all__ = ["MAX_READ_CHARS", "extract_stage0", "key_from_phrase", "read_window"]
