"""Input checking shared by every embedder, so all of them refuse bad input the same way."""

from __future__ import annotations

from collections.abc import Sequence

from engramdb.errors import ValidationError

__all__ = ["as_text_list"]


def as_text_list(texts: Sequence[str]) -> list[str]:
    """Return ``texts`` as a list of str, refusing a bare string (a classic silent bug: it is a
    sequence of one-character strings) and any non-str item."""
    if isinstance(texts, str | bytes):
        raise ValidationError(
            "texts", "expected a sequence of strings, got a single string; wrap it in a list"
        )
    items = list(texts)
    for i, t in enumerate(items):
        if not isinstance(t, str):
            raise ValidationError("texts", f"item {i} is {type(t).__name__}, expected str", value=t)
    return items
