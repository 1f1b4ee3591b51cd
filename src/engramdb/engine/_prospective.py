"""Suppression and reminders as the engine offers them (state and rules in :mod:`.control`)."""

from __future__ import annotations

import uuid

import numpy as np

from ..errors import ValidationError
from . import validation as v
from ._common import _now_ms
from .control import Reminder
from .record import HEADER_DTYPE

__all__ = ["ProspectiveMixin"]


class ProspectiveMixin:
    """Part of :class:`engramdb.Engine` (see ``engine.py``); not used on its own."""

    def suppress(self, id: str) -> None:
        """Leave a memory out of every recall until ``unsuppress`` (unlike ``forget``)."""
        with self._lock:
            loc = self._live_loc(id)
            if loc not in self._control.suppressed:
                self._control_frame({"suppress": [[loc, _now_ms()]]})

    def unsuppress(self, id: str) -> None:
        with self._lock:
            loc = self._live_loc(id)
            if loc in self._control.suppressed:
                self._control_frame({"unsuppress": [loc]})

    def is_suppressed(self, id: str) -> bool:
        with self._lock:
            return self._live_loc(id) in self._control.suppressed

    def schedule_reminder(self, text: str, *, at: int, id: str | None = None) -> str:
        """Remember to bring ``text`` up at ``at`` (Unix ms): the first recall from then on
        returns it first, once."""
        text = v.check_text(text)
        due = v.check_timestamp(at, "at")
        rid = v.check_id(id) if id is not None else uuid.uuid4().hex
        with self._lock:
            self._check_open()
            if self._control.reminder_exists(rid):
                raise ValidationError("id", f"a reminder {rid!r} already exists")
            reminder = {"id": rid, "text": text, "due_ms": due, "created_ms": _now_ms()}
            self._control_frame({"reminder": reminder})
        return rid

    def reminders(self, *, pending_only: bool = False) -> list[Reminder]:
        with self._lock:
            self._check_open()
            return self._control.reminders(pending_only=pending_only)

    def _take_due_reminders(self, now_ms: int) -> list[Reminder]:
        """Due reminders, marked delivered in the same breath so each surfaces once."""
        with self._lock:
            self._check_open()
            due = self._control.due(now_ms)
            if due:
                self._control_frame({"delivered": [[r.id, now_ms] for r in due]})
        return due

    def _control_frame(self, meta: dict) -> None:
        self._write_headers([], np.zeros(0, dtype=HEADER_DTYPE), meta)
        self._maybe_checkpoint()
