"""Reading an upload in another process (``read_elsewhere``): a background job's document is
parsed here, then read (table rows, chunks, prose extraction: pure Python, seconds for a large
price list) by a worker process, so the interpreter that serves the context's queries is not
held by it. Measured in process: a query during the reading of a 150 KB price list waited
~250 ms, each time its thread needed the interpreter back (``benchmarks/bench_jobs.py``).

One worker per server process, started on first use ("spawn": a fork of a threaded server
would copy its locks mid-use). While it reads, the job is asked every 0.2 s whether to go on
(a cancel or a shutdown stops waiting; the worker's answer is then dropped). A worker that
cannot be started or that dies is not fatal: the document is read here instead."""

from __future__ import annotations

import logging
import multiprocessing
import threading
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from .ingest import Progress, read_parsed

__all__ = ["read_elsewhere", "shutdown"]

log = logging.getLogger(__name__)
_POOL: ProcessPoolExecutor | None = None
_LOCK = threading.Lock()
_POLL_S = 0.2


def _pool() -> ProcessPoolExecutor | None:
    global _POOL
    with _LOCK:
        if _POOL is None:
            try:
                _POOL = ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("spawn")
                )
            except (OSError, ValueError):  # no processes here: read in this one
                log.warning("no reading worker; uploads are read in the server's process")
                return None
        return _POOL


def _drop() -> None:
    global _POOL
    with _LOCK:
        if _POOL is not None:
            _POOL.shutdown(wait=False, cancel_futures=True)
        _POOL = None


def shutdown() -> None:
    """Stop the worker (a server's shutdown; a later job starts another)."""
    _drop()


def read_elsewhere(doc: Any, known: dict[str, str], org: str, now: int, tell: Progress):
    """``ingest.read_parsed`` in the worker; ``tell`` is asked along the way (it raises to
    stop the job)."""
    pool = _pool()
    if pool is None:
        return read_parsed(doc, known, org, now, tell)
    try:
        future = pool.submit(read_parsed, doc, known, org, now)
    except (BrokenExecutor, RuntimeError):
        _drop()
        return read_parsed(doc, known, org, now, tell)
    tell("reading", 0, 1)
    while True:
        try:
            out = future.result(timeout=_POLL_S)
        except FutureTimeout:
            tell("reading", 0, 1)  # a cancel or a shutdown raises here
            continue
        except BrokenExecutor:
            _drop()
            log.warning("the reading worker died; reading the document here")
            return read_parsed(doc, known, org, now, tell)
        tell("reading", 1, 1)
        return out
