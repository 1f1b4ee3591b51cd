"""A reading worker process of ``engramdb serve --workers N`` (``workers.py`` starts it as
``python -m engramdb.server.reader``): it builds the app as a reader (``replica.py``: queries
and context blocks from replicas, the rest forwarded to the writer) and serves the port's
socket the writer made. It imports the app; the app never imports it."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
import threading
from pathlib import Path
from typing import Any

__all__ = ["main"]


def _watch_parent(fd: int, on_gone) -> None:
    """The parent holds the write end of a pipe: EOF means it is gone (even after kill -9)."""

    def run() -> None:
        try:
            while os.read(fd, 1):
                pass
        except OSError:
            pass
        on_gone()

    threading.Thread(target=run, name="engramdb-parent", daemon=True).start()


def _worker_class():
    import uvicorn

    class Worker(uvicorn.Server):
        """A worker follows the writer, not signals: Ctrl-C reaches the whole process group
        and a service manager may signal every process, but the writer decides the order
        (``workers.py``) and closes the pipe when the worker is to stop."""

        @contextlib.contextmanager
        def capture_signals(self):
            import signal

            old = {s: signal.signal(s, signal.SIG_IGN) for s in (signal.SIGINT, signal.SIGTERM)}
            try:
                yield
            finally:
                for s, handler in old.items():
                    signal.signal(s, handler)

    return Worker


def main() -> int:
    import uvicorn

    from .app import create_app
    from .config import ServerConfig
    from .workers import HTTP

    spec: dict[str, Any] = json.loads(os.environ["ENGRAMDB_WORKER_SPEC"])
    values = {**spec["config"]}
    for name in ("data_dir", "backup_dir", "bootstrap_key_file"):
        if values.get(name) is not None:
            values[name] = Path(values[name])
    config = ServerConfig(**values)
    sock = socket.socket(fileno=spec["fd"])  # (made by the writer: the port's own socket)
    app = create_app(config, writer=spec["writer"], secret=spec["secret"])
    os.write(spec["ready"], b"1")
    os.close(spec["ready"])
    server = _worker_class()(
        uvicorn.Config(
            app,
            log_level="warning",
            timeout_graceful_shutdown=config.shutdown_timeout_s,
            lifespan="on",
            http=HTTP,
        )
    )

    def gone() -> None:
        server.should_exit = True
        threading.Timer(config.shutdown_timeout_s + 5, lambda: os._exit(0)).start()

    _watch_parent(spec["watch"], gone)
    server.run(sockets=[sock])
    return 0


if __name__ == "__main__":
    sys.exit(main())
