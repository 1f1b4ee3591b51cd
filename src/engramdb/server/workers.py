"""``engramdb serve`` with several processes: one writes, the others read (``replica.py``).

One process answers a request at a time of Python (the interpreter lock): a query is about
3 ms of it at 100,000 memories, so one process serves about one core's worth of requests, and
an upload job's Python in the same process held queries up (p99 18x idle). With
``workers = N`` (N >= 2), N reading workers listen on the server's port, each on its own
socket (SO_REUSEPORT: the kernel spreads connections over them), and the writer, this
process, listens only on a Unix socket in a private directory. A worker answers queries and
context blocks from replicas of the contexts and forwards everything else to the writer,
which keeps every write, job, key and idempotency record as a single process does. A worker
that dies is started again; when the writer stops (a signal, or kill -9) the workers see the
pipe it holds close and stop too.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from .config import ServerConfig

__all__ = ["HTTP", "serve"]

#: uvicorn's HTTP parser: h11, even where httptools is installed. httptools answers a request
#: it cannot parse (a Content-Length past 2**64) with its own plain-text 400, not the API's
#: problem document (the fuzz contract); it measured 4 % more requests/s, uvloop the rest.
HTTP = "h11"

log = logging.getLogger("engramdb.server")


def serve(config: ServerConfig, *, bootstrap_note=None) -> None:
    """Run the server: in this process alone (``workers`` 1) or with reading workers."""
    import uvicorn

    from .app import create_app

    if config.workers == 0:  # (load_config resolves it; a ServerConfig made by hand may not)
        config = dataclasses.replace(config, workers=max(1, min(8, os.cpu_count() or 1)))
    if config.workers <= 1:
        app = create_app(config)
        if bootstrap_note is not None:
            bootstrap_note(app)
        uvicorn.run(
            app,
            host=config.host,
            port=config.port,
            log_level="info",
            timeout_graceful_shutdown=config.shutdown_timeout_s,
            http=HTTP,
        )
        return
    secret = secrets.token_hex(32)
    app = create_app(config, secret=secret)
    if bootstrap_note is not None:
        bootstrap_note(app)
    # each worker listens on its own socket of the port (SO_REUSEPORT): the kernel spreads
    # new connections over them (one shared socket let the first process to wake take every
    # waiting connection at once). This one only holds the port: bound, never listening, so
    # no connection waits on it
    listener = socket.socket(socket.AF_INET6 if ":" in config.host else socket.AF_INET)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    listener.bind((config.host, config.port))
    port = listener.getsockname()[1]
    private = Path(tempfile.mkdtemp(prefix="engramdb-"))  # (0700: only this user connects)
    path = str(private / "writer.sock")
    inner = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    inner.bind(path)
    os.chmod(path, 0o600)
    inner.listen(2048)
    watch_r, watch_w = os.pipe()
    os.set_inheritable(watch_r, True)
    ready_r, ready_w = os.pipe()  # each worker writes a byte once it listens
    os.set_inheritable(ready_w, True)
    spec = {
        "config": {
            f.name: str(v) if isinstance(v := getattr(config, f.name), Path) else v
            for f in dataclasses.fields(config)
        },
        "host": config.host,
        "port": port,
        "writer": path,
        "secret": secret,
        "watch": watch_r,
        "ready": ready_w,
    }
    pool = _Workers(config.workers, spec, (watch_r, ready_w))
    server = _writer_class()(
        uvicorn.Config(
            app,
            log_level="info",
            timeout_graceful_shutdown=config.shutdown_timeout_s,
            http=HTTP,
        )
    )
    try:
        pool.start()
        _wait_ready(ready_r, pool.n, timeout=60)
        server.run(sockets=[inner])  # (the workers' door only: the writer answers no client)
    finally:
        pool.stopping = True
        os.close(watch_w)  # the workers' pipe ends: they finish what they answer, then stop
        pool.wait(config.shutdown_timeout_s + 5)
        for fd in (watch_r, ready_r, ready_w):
            os.close(fd)
        listener.close()
        inner.close()
        shutil.rmtree(private, ignore_errors=True)
    for sig in reversed(server.stopped_by):  # (as uvicorn does alone: the signal's exit status)
        signal.signal(sig, signal.SIG_DFL)
        signal.raise_signal(sig)


def _writer_class():
    import uvicorn

    class Writer(uvicorn.Server):
        """uvicorn's server, but a signal that stopped it is raised again only after the
        workers are stopped and the private directory is gone (uvicorn raises it on its way
        out, which would end the process before that)."""

        stopped_by: list[int] = []

        @contextlib.contextmanager
        def capture_signals(self):
            with super().capture_signals():
                try:
                    yield
                finally:
                    self.stopped_by = list(self._captured_signals)
                    self._captured_signals.clear()

    return Writer


def _wait_ready(fd: int, n: int, timeout: float) -> None:
    import select

    deadline = time.monotonic() + timeout
    seen = 0
    while seen < n:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            log.warning("%d of %d reading workers listen after %.0f s", seen, n, timeout)
            return
        seen += len(os.read(fd, n - seen))


class _Workers:
    """The reading workers: started, watched, started again when one dies."""

    def __init__(self, n: int, spec: dict, fds: tuple[int, ...]):
        self.n = n
        self.env = {**os.environ, "ENGRAMDB_WORKER_SPEC": json.dumps(spec)}
        self.fds = fds
        self.procs: list[subprocess.Popen] = []
        self.stopping = False
        self._watch = threading.Thread(target=self._keep, name="engramdb-workers", daemon=True)

    def _spawn(self) -> subprocess.Popen:
        return subprocess.Popen(
            [sys.executable, "-m", "engramdb.server.replica"], env=self.env, pass_fds=self.fds
        )

    def start(self) -> None:
        self.procs = [self._spawn() for _ in range(self.n)]
        self._watch.start()

    def _keep(self) -> None:
        while not self.stopping:
            time.sleep(0.5)
            for i, proc in enumerate(self.procs):
                if proc.poll() is not None and not self.stopping:
                    log.warning(
                        "reading worker %d exited (%s): starting it again",
                        proc.pid,
                        proc.returncode,
                    )
                    time.sleep(0.5)
                    if not self.stopping:
                        self.procs[i] = self._spawn()

    def wait(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        for proc in self.procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(max(0.1, deadline - time.monotonic()))
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
