"""Spike-timing-dependent plasticity over recalls: directed co-activation weights.

When, in one conversation session, memory A is recalled and memory B is recalled by a *later*
recall within ``window_ms``, the directed weight A -> B grows (potentiation) by
``rate * exp(-dt / tau_ms)`` with the same saturating rule as the Hebbian edges, and B -> A
shrinks by ``depression`` times that amount (the reverse order is evidence against "A predicts
B"). Weights decay with a half-life and are clamped to ``[0, max_weight]``.

At recall, the memories the session's previous recall returned pass a *predictive boost* to
their successors: ``sum(w(A -> B)) / max_weight``, weighted by ``ScoreWeights.stdp``. So what
usually comes next in a conversation is ready before it is asked for.

The weights are learned only in LEARN mode (``StdpListener``), through the log like every
change; the table lives in the SQLite index beside the Hebbian edges.
"""

from __future__ import annotations

import math
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["STDP_SCHEMA", "CoActivationGraph", "SessionActivation", "StdpConfig"]

STDP_SCHEMA = """
CREATE TABLE IF NOT EXISTS coactivation (
    pre        INTEGER NOT NULL,
    post       INTEGER NOT NULL,
    weight     REAL NOT NULL,
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (pre, post)
) WITHOUT ROWID;
"""

_DAY_MS = 86_400_000


@dataclass(frozen=True)
class StdpConfig:
    #: A recall counts as "after" another one of its session within this time.
    window_ms: int = 10 * 60_000
    #: Potentiation falls as ``exp(-dt / tau_ms)`` with the time between the two recalls.
    tau_ms: int = 2 * 60_000
    rate: float = 1.0
    #: The reverse direction loses this fraction of what the forward one gains.
    depression: float = 0.5
    max_weight: float = 10.0
    half_life_days: float = 30.0
    #: How many of a recall's best hits take part.
    top: int = 3


class CoActivationGraph:
    def __init__(self, con: sqlite3.Connection, config: StdpConfig | None = None):
        self.con = con
        self.config = config or StdpConfig()
        con.executescript(STDP_SCHEMA)

    def _decayed(self, weight: float, updated_ms: int, now_ms: int) -> float:
        days = max(0, now_ms - updated_ms) / _DAY_MS
        w = weight * math.exp(-math.log(2) * days / self.config.half_life_days)
        return min(max(w, 0.0), self.config.max_weight)

    def update(self, changes: Sequence[Sequence[float]]) -> None:
        """Apply ``(pre, post, amount, time_ms)``: potentiate pre -> post by ``amount``, depress
        post -> pre by ``depression * amount``. Called when a log frame is applied."""
        cfg = self.config
        todo: list[tuple[tuple[int, int], float, int]] = []
        for pre, post, amount, ts in changes:
            pre, post, ts = int(pre), int(post), int(ts)
            if pre != post and amount > 0:
                todo.append(((pre, post), float(amount), ts))
                todo.append(((post, pre), -cfg.depression * float(amount), ts))
        if not todo:
            return
        keys = list(dict.fromkeys(k for k, _, _ in todo))
        edges: dict[tuple[int, int], tuple[float, int]] = {}
        for i in range(0, len(keys), 400):
            chunk = keys[i : i + 400]
            cond = " OR ".join("(pre=? AND post=?)" for _ in chunk)
            flat = [x for k in chunk for x in k]
            for a, b, w, ts in self.con.execute(
                f"SELECT pre, post, weight, updated_ms FROM coactivation WHERE {cond}", flat
            ):
                edges[(a, b)] = (w, ts)
        for key, amount, ts in todo:
            old = edges.get(key)
            w = self._decayed(old[0], old[1], ts) if old else 0.0
            if amount > 0:  # saturating growth, as for the Hebbian edges
                w = w + cfg.rate * amount * (1.0 - w / cfg.max_weight)
            else:  # linear loss down to zero
                w = w + cfg.rate * amount
            w = min(max(w, 0.0), cfg.max_weight)
            if old is None and w <= 0.0:
                continue
            edges[key] = (w, max(ts, old[1]) if old else ts)
        self.con.executemany(
            "INSERT INTO coactivation(pre, post, weight, updated_ms) VALUES(?,?,?,?) "
            "ON CONFLICT(pre, post) DO UPDATE SET weight=excluded.weight, "
            "updated_ms=excluded.updated_ms",
            [(a, b, w, ts) for (a, b), (w, ts) in edges.items()],
        )

    def successors(self, locs: Sequence[int], now_ms: int) -> dict[int, list[tuple[int, float]]]:
        """Directed successors of each location with their decayed weights."""
        out: dict[int, list[tuple[int, float]]] = {int(x): [] for x in locs}
        if not out:
            return out
        marks = ",".join("?" * len(out))
        for pre, post, w, ts in self.con.execute(
            f"SELECT pre, post, weight, updated_ms FROM coactivation WHERE pre IN ({marks})",
            list(out),
        ):
            weight = self._decayed(w, ts, now_ms)
            if weight > 0:
                out[pre].append((post, weight))
        return out

    def weight(self, pre: int, post: int, now_ms: int) -> float:
        row = self.con.execute(
            "SELECT weight, updated_ms FROM coactivation WHERE pre=? AND post=?", (pre, post)
        ).fetchone()
        return self._decayed(row[0], row[1], now_ms) if row else 0.0


class SessionActivation:
    """What each conversation session's latest recall returned (its best hits' locations and
    the time): the sources of the predictive boost. Kept in memory, like habituation: it
    belongs to live conversations, not to the store."""

    def __init__(self, max_sessions: int = 1_000):
        self.max_sessions = max_sessions
        self._last: OrderedDict[str, tuple[list[int], int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, session: str) -> tuple[list[int], int] | None:
        with self._lock:
            return self._last.get(session)

    def set(self, session: str, locs: list[int], now_ms: int) -> None:
        with self._lock:
            self._last[session] = (list(locs), now_ms)
            self._last.move_to_end(session)
            while len(self._last) > self.max_sessions:
                self._last.popitem(last=False)
