"""Retrieval evaluation: LoCoMo and LongMemEval-style scoring of EngramDB's retrievers.

Modules: ``locomo`` (loader), ``metrics`` (pure metric functions), ``retrievers`` (fts5, dense,
hybrid, engine behind one protocol), ``harness`` (the LoCoMo run), ``longmem`` (LongMemEval-format
scoring) and ``longmem_gen`` (the synthetic generator), ``report`` (tables, JSON, plot), ``cli``
(``engramdb eval``). See docs/evaluation.md.
"""

__all__: list[str] = []
