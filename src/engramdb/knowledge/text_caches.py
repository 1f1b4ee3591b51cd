"""The process's caches keyed by what people wrote: a forgotten text must not outlive its rows.

Readers keep their last parses, clause readings, encodings and verdicts for the process, keyed
by the text itself (a turn's clause, a statement). A forget removes the rows; without this the
text it forgot would still sit in those caches until they filled. Each forget that removes
rows drops them all (``OpenStore.forgetting``; what a cache held is computed again on the next
read), in the process that forgot and, through a counter in ``kmeta``, in every replica that
follows the store.
"""

from __future__ import annotations

__all__ = ["drop"]


def drop() -> None:
    """Empty every text-keyed cache of the process."""
    from ..embed import contextual, pairs  # noqa: PLC0415 (no import cycle at load)
    from ..language import parser  # noqa: PLC0415
    from . import candidates, lexicon, mentions, reads, reconcile, timeexpr, values  # noqa: PLC0415
    from .documents.sentences import _split as sentence_spans  # noqa: PLC0415
    from .extract import aligned, stage0, verifier  # noqa: PLC0415

    for cached in (
        parser.parse,
        sentence_spans,
        verifier._clause_side,
        verifier._negated_words,
        aligned._whose,
        stage0._tail_index,
        stage0._name_index,
        mentions._index,
        timeexpr._find_all,
        timeexpr.day_set,
        values._parse_values,
        values._parse_value,
        reads._cached_words,
        candidates._stems,
        lexicon.words,
        lexicon._answer_kind,
        reconcile._modified,
        reconcile._money_nouns,
        reconcile._other_sizes,
        reconcile._family_words,
    ):
        cached.cache_clear()
    contextual.forget_kept()
    pairs.forget_kept()
