"""What a recall in LEARN mode teaches the store, run after the recall has returned.

A :class:`RecallListener` gets every LEARN-mode recall (its query, hits and time) on one
background thread, in order; OBSERVE mode (the default) calls none, so a read changes nothing.
The built-in listeners:

- :class:`LtpListener`: passive long-term potentiation: each returned memory's passive recall
  counter, last-recall time and storage strength grow (``Engine.mark_recalled``);
- :class:`CoRecallListener`: memories recalled together are associated: Hebbian edges between
  the top hits are strengthened (the same saturating rule as co-occurrence in a session);
- :class:`StdpListener`: memories recalled one after the other in a conversation session are
  linked in that direction (spike-timing-dependent plasticity, see ``stdp.py``).

A listener whose ``on_recall`` accepts a ``session_id`` keyword also gets the recall's session.

Both write through the log, like any change, so what was learned survives a crash once written.
"""

from __future__ import annotations

import inspect
import math
import threading
from collections import OrderedDict
from itertools import combinations
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from .stdp import StdpConfig

if TYPE_CHECKING:
    from .engine import Engine
    from .options import RecallHit

__all__ = ["CoRecallListener", "LtpListener", "RecallListener", "StdpListener", "takes_session"]


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


class StdpListener:
    """Potentiate "previous recall of the session -> this recall" (directed), within the
    configured window; the engine's ``coactivate`` also depresses the reverse direction."""

    def __init__(self, config: StdpConfig | None = None, max_sessions: int = 1_000):
        self.config = config  # None: the engine's ``EngineConfig.stdp``
        self.max_sessions = max_sessions
        self._last: OrderedDict[str, tuple[list[str], int]] = OrderedDict()
        self._lock = threading.Lock()

    def on_recall(self, engine, query, hits, now_ms, session_id=None) -> None:
        if session_id is None or not hits:
            return
        cfg = self.config or engine.config.stdp
        current = [h.id for h in hits[: cfg.top]]
        with self._lock:
            previous = self._last.get(session_id)
            self._last[session_id] = (current, now_ms)
            self._last.move_to_end(session_id)
            while len(self._last) > self.max_sessions:
                self._last.popitem(last=False)
        if previous is None:
            return
        before, then = previous
        dt = now_ms - then
        if not 0 <= dt <= cfg.window_ms:
            return
        amount = math.exp(-dt / cfg.tau_ms)
        pairs = [(a, b) for a in before for b in current if a != b and b not in before]
        if pairs:
            engine.coactivate(pairs, amount=amount, now_ms=now_ms)


def takes_session(listener: RecallListener) -> bool:
    """Whether ``listener.on_recall`` accepts the ``session_id`` keyword."""
    try:
        params = inspect.signature(listener.on_recall).parameters
    except (TypeError, ValueError):
        return False
    return "session_id" in params or any(
        p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()
    )
