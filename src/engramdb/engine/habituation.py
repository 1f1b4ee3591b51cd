"""Habituation with inhibition of return, per conversation session.

What a session has just been shown loses salience for that session: each time a memory is
returned to a session its penalty grows by ``step`` (up to ``cap``) and then fades with a
half-life, so a conversation is not handed the same memories over and over, while another
session sees the unchanged ranking. The state lives in memory, per engine (it belongs to live
conversations, not to the store); only recalls that name a ``session_id`` use or change it.
With ``enabled=False`` rankings are stable: no penalty is ever applied.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass

__all__ = ["Habituation", "HabituationConfig"]


@dataclass(frozen=True)
class HabituationConfig:
    enabled: bool = True
    step: float = 0.1
    cap: float = 0.3
    half_life_ms: int = 10 * 60_000
    max_sessions: int = 1_000


class Habituation:
    def __init__(self, config: HabituationConfig):
        self.config = config
        self._sessions: OrderedDict[str, dict[int, tuple[float, int]]] = OrderedDict()
        self._lock = threading.Lock()

    def _faded(self, level: float, since_ms: int, now_ms: int) -> float:
        age = max(0, now_ms - since_ms)
        return level * math.pow(0.5, age / self.config.half_life_ms)

    def penalties(self, session: str | None, locs: list[int], now_ms: int) -> list[float]:
        if not self.config.enabled or session is None:
            return [0.0] * len(locs)
        with self._lock:
            seen = self._sessions.get(session, {})
            return [self._faded(*seen[x], now_ms) if x in seen else 0.0 for x in locs]

    def shown(self, session: str | None, locs: list[int], now_ms: int) -> None:
        if not self.config.enabled or session is None:
            return
        cfg = self.config
        with self._lock:
            seen = self._sessions.setdefault(session, {})
            self._sessions.move_to_end(session)
            for x in locs:
                old = self._faded(*seen[x], now_ms) if x in seen else 0.0
                seen[x] = (min(cfg.cap, old + cfg.step), now_ms)
            while len(self._sessions) > cfg.max_sessions:
                self._sessions.popitem(last=False)
