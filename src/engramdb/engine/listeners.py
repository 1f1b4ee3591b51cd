"""What a recall in LEARN mode teaches the store, run after the recall has returned.

A :class:`RecallListener` gets every LEARN-mode recall (its query, hits and time) on one
background thread, in order; OBSERVE mode (the default) calls none, so a read changes nothing.
The built-in listeners:

- :class:`LtpListener`: passive long-term potentiation: each returned memory's passive recall
  counter, last-recall time and storage strength grow (``Engine.mark_recalled``);
- :class:`CoRecallListener`: memories recalled together are associated: Hebbian edges between
  the top hits are strengthened (the same saturating rule as co-occurrence in a session).

Both write through the log, like any change, so what was learned survives a crash once written.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from .engine import Engine
    from .options import RecallHit

__all__ = ["CoRecallListener", "LtpListener", "RecallListener"]


@runtime_checkable
class RecallListener(Protocol):
    def on_recall(
        self, engine: Engine, query: str | None, hits: list[RecallHit], now_ms: int
    ) -> None:
        """Called after a LEARN-mode recall, on the engine's listener thread."""
        ...


class LtpListener:
    """Strengthen every memory a recall returned."""

    def on_recall(self, engine, query, hits, now_ms) -> None:
        if hits:
            engine.mark_recalled([h.id for h in hits], now_ms=now_ms)


class CoRecallListener:
    """Associate the ``top`` best hits of a recall with each other."""

    def __init__(self, top: int = 5, amount: float = 0.5):
        self.top = top
        self.amount = amount

    def on_recall(self, engine, query, hits, now_ms) -> None:
        ids = [h.id for h in hits[: self.top]]
        if len(ids) > 1:
            engine.associate(list(combinations(ids, 2)), amount=self.amount, now_ms=now_ms)
