"""Keep BLAS to one thread for the engine's small matrix products.

OpenBLAS wakes its worker threads for every product and lets them spin for a while afterwards;
on two cores, after the small products of the write path (novelty against recent memories), the
spinning threads took the CPU from the tokenizer and from SQLite and cost more than the products
themselves (measured: +60 us per written memory, none with one BLAS thread).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from threadpoolctl import ThreadpoolController

__all__ = ["single_threaded_blas"]

_controller: ThreadpoolController | None = None
_lock = threading.Lock()


@contextmanager
def single_threaded_blas() -> Iterator[None]:
    global _controller
    with _lock:
        if _controller is None:
            _controller = ThreadpoolController()
    with _controller.limit(limits=1, user_api="blas"):
        yield
