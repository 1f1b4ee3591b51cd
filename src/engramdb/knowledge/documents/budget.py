"""How long reading one document may take, and how a reader is stopped while it reads.

Reading (parsing, then extracting claims from the prose) takes no lock (an upload looks two
things up under it between the two), but it holds the interpreter and its context's job
queue: a crafted document must neither read forever nor outlive a cancel. So every reader
calls :func:`checkpoint` between small steps (an HTML element, a PDF operator, a sentence);
while a :class:`ReadBudget` is active in the thread, that call asks whether the job was
cancelled or the server is stopping (``poll``, which raises to stop) and whether the
document's time is up (a :class:`~engramdb.errors.ValidationError` naming the
limit). Outside an upload (a turn's sentences, a test) it costs a context-variable look-up.

Why a context variable and not a parameter: the steps are deep inside the format parsers and
the claim extractor, which turns share; threading a budget through each would touch every
signature for one check.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

from engramdb.errors import ValidationError

__all__ = [
    "DOCUMENT_READ_SECONDS",
    "JOB_NICE",
    "POLL_EVERY_S",
    "ReadBudget",
    "at_lower_priority",
    "check_job_nice",
    "checkpoint",
    "current",
    "reading",
    "while_checking",
]

DOCUMENT_READ_SECONDS = 300.0
"""How long reading one document (parsing it and reading its prose for claims) may take
before the upload is refused; ``Memory.open(document_read_s=...)``, the server's
``document_read_s``. An honest 150 KB price list reads in about 7 s on the 2-core machine."""

JOB_NICE = 10
"""How many steps below requests a background job reads its document (Linux thread niceness;
``Memory.open(job_nice=...)``, the server's ``job_nice``; 0: the same). Parsing and reading the
prose are the job's CPU-bound parts and take no lock, so they can wait for idle CPU; its two
look-ups under the store's lock and its writing, which holds the context, run at the
requests' priority (a lowered thread holding a lock would keep the context's writers
waiting). On the 2-core machine a 150 KB upload under four query clients
took query p99 from 5x idle to about 2x, and the job from 10 s to 20-35 s."""

POLL_EVERY_S = 0.05
"""How often a reader asks whether it should stop (a cancel takes effect within this, plus the
longest step that cannot be interrupted: see docs/security.md)."""


class ReadBudget:
    """The deadline and the stop signal of one document being read."""

    def __init__(
        self,
        name: str,
        seconds: float | None = DOCUMENT_READ_SECONDS,
        poll: Callable[[], None] | None = None,
    ) -> None:
        self.name = name
        self.seconds = seconds
        self.poll = poll
        self.deadline = None if seconds is None else time.monotonic() + seconds
        #: what stopped the reading (sticky: a reader that swallowed it meets it again)
        self.stopped: BaseException | None = None
        self._next = 0.0

    def check(self) -> None:
        """Raise if the reading must stop: ``poll``'s exception (a cancel, a shutdown) or the
        refusal of a document over its time. Cheap between polls."""
        if self.stopped is not None:
            raise self.stopped
        now = time.monotonic()
        if now < self._next:
            return
        self._next = now + POLL_EVERY_S
        try:
            if self.poll is not None:
                self.poll()
            if self.deadline is not None and now > self.deadline:
                raise ValidationError(
                    "data",
                    f"reading {self.name!r} took more than {self.seconds:g} s "
                    "(setting document_read_s)",
                    limit=self.seconds,
                )
        except BaseException as exc:
            self.stopped = exc
            raise

    def refuse(self, message: str, *, limit: object, value: object = None) -> ValidationError:
        """A refusal of this document for a limit (sticky, like a stop), to raise."""
        exc = ValidationError("data", f"{self.name!r} {message}", limit=limit, value=value)
        self.stopped = exc
        return exc


T = TypeVar("T")

_CURRENT: ContextVar[ReadBudget | None] = ContextVar("engramdb_read_budget", default=None)


@contextmanager
def reading(budget: ReadBudget | None) -> Iterator[ReadBudget | None]:
    """Make ``budget`` the one :func:`checkpoint` checks in this thread (None: none)."""
    token = _CURRENT.set(budget)
    try:
        yield budget
    finally:
        _CURRENT.reset(token)


def current() -> ReadBudget | None:
    """The budget of the document this thread is reading, if any."""
    return _CURRENT.get()


def checkpoint() -> None:
    """Between two small steps of reading: stop here if the reading must stop."""
    budget = _CURRENT.get()
    if budget is not None:
        budget.check()


def while_checking(call: Callable[[], T]) -> T:
    """``call()``, a C function that releases the interpreter but cannot check the budget
    (cmark-gfm converting Markdown: 6 s for 25 MiB), run in a helper thread while this one
    checks it. A stop leaves the helper to finish on its own; its result is dropped."""
    budget = _CURRENT.get()
    if budget is None:
        return call()
    out: list[T] = []
    failed: list[BaseException] = []
    finished = threading.Event()

    def run() -> None:
        try:
            out.append(call())
        except BaseException as exc:  # (raised in the caller's thread)
            failed.append(exc)
        finally:
            finished.set()

    threading.Thread(target=run, name="engramdb-read", daemon=True).start()
    while not finished.wait(POLL_EVERY_S):
        budget.check()
    if failed:
        raise failed[0]
    return out[0]


def check_job_nice(nice: object) -> int:
    """``nice`` as a job's priority step, or a refusal naming the setting and its range."""
    if isinstance(nice, bool) or not isinstance(nice, int) or not 0 <= nice <= 19:
        raise ValidationError(
            "job_nice", f"job_nice is a whole number from 0 to 19, not {nice!r}", limit=19
        )
    return nice


def at_lower_priority(nice: int, call: Callable[[], T], *, name: str = "engramdb-lowered") -> T:
    """``call()`` in a helper thread (``name``) ``nice`` steps below this one, joined before
    returning (its result or its exception here; the context variables, such as the read
    budget, go with it). On systems without per-thread niceness (not Linux) or with ``nice``
    0 it is ``call()`` here, at this thread's priority. ``call`` must take no lock that
    threads at the usual priority wait for: a lowered thread holding one keeps them waiting."""
    if nice <= 0 or not sys.platform.startswith("linux"):
        return call()
    context = contextvars.copy_context()
    out: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            _lower(nice)
            out.append(context.run(call))
        except BaseException as exc:  # (raised in the caller's thread)
            failed.append(exc)

    helper = threading.Thread(target=run, name=name, daemon=True)
    helper.start()
    helper.join()
    if failed:
        raise failed[0]
    return out[0]


def _lower(nice: int) -> None:
    """Lower the calling thread (Linux: ``setpriority`` of a thread id is that thread alone,
    and threads it starts inherit it). A refusal leaves it where it was."""
    tid = threading.get_native_id()
    # (a sandbox without the call: reading at the usual priority is still correct)
    with contextlib.suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, tid, min(19, os.getpriority(os.PRIO_PROCESS, tid) + nice))
