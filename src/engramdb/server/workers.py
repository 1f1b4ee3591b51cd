"""``engramdb serve`` with several processes: one writes, the others read (``reader.py``).

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

    # everything the server writes (keys, memories, logs, backups, the bootstrap key) is
    # this user's only; its workers inherit the mask (create_app tightens older files)
    os.umask(0o077)
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
    family = socket.getaddrinfo(config.host, config.port, type=socket.SOCK_STREAM)[0][0]
    # the port must be free: a bind without SO_REUSEPORT fails if any server holds it (with
    # it alone, a second server of the same user would silently share the port)
    with socket.create_server((config.host, config.port), family=family) as probe:
        port = probe.getsockname()[1]
    # one listening socket per worker, made here (SO_REUSEPORT: the kernel spreads new
    # connections over them; one shared socket let the first process to wake take every
    # waiting connection at once); kept open here, so a worker started again gets its
    # socket back with the connections queued on it
    sockets = [
        socket.create_server((config.host, port), family=family, backlog=2048, reuse_port=True)
        for _ in range(config.workers)
    ]
    for sock in sockets:
        sock.set_inheritable(True)
    private = Path(tempfile.mkdtemp(prefix="engramdb-"))  # (0700: only this user connects)
    path = str(private / "writer.sock")
    inner = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    inner.bind(path)
    os.chmod(path, 0o600)
    inner.listen(2048)
    watch_r, watch_w = os.pipe()
    os.set_inheritable(watch_r, True)
    ready_r, ready_w = os.pipe()  # each worker writes a byte once its app is made
    os.set_inheritable(ready_w, True)
    spec = {
        "config": {
            f.name: str(v) if isinstance(v := getattr(config, f.name), Path) else v
            for f in dataclasses.fields(config)
        },
        "writer": path,
        "secret": secret,
        "watch": watch_r,
        "ready": ready_w,
    }
    pool = _Workers(spec, [s.fileno() for s in sockets], (watch_r, ready_w))
    server = _writer_class()(
        uvicorn.Config(
            app,
            log_level="info",
            timeout_graceful_shutdown=config.shutdown_timeout_s,
            http=HTTP,
        )
    )
    server.pool, server.watch_w, server.drain_s = pool, watch_w, config.shutdown_timeout_s + 5
    try:
        pool.start()
        if not _wait_ready(ready_r, pool.n, timeout=60):
            raise RuntimeError(f"no reading worker started on {config.host}:{port}")
        server.run(sockets=[inner])  # (the workers' door only: the writer answers no client)
    finally:
        server.stop_workers()  # (already done when a signal stopped the server)
        for fd in (watch_r, ready_r, ready_w):
            os.close(fd)
        for sock in sockets:
            sock.close()
        inner.close()
        shutil.rmtree(private, ignore_errors=True)
    for sig in reversed(server.stopped_by):  # (as uvicorn does alone: the signal's exit status)
        signal.signal(sig, signal.SIG_DFL)
        signal.raise_signal(sig)


def _writer_class():
    import uvicorn

    class Writer(uvicorn.Server):
        """uvicorn's server, stopped in the order the workers need: on SIGINT/SIGTERM the
        workers are told first (the pipe closes), finish what they answer while the writer
        still serves what they forward, and only then does the writer stop. The signal that
        stopped it is raised again at the very end (uvicorn raises it on its way out, which
        would end the process before the workers are stopped and the private directory is
        gone)."""

        stopped_by: list[int] = []
        pool: _Workers
        watch_w: int
        drain_s: float
        _told = False

        def stop_workers(self) -> None:
            if self._told:
                return
            self._told = True
            self.pool.stopping = True
            os.close(self.watch_w)  # the workers' pipe ends: they finish, then stop
            self.pool.wait(self.drain_s)

        def handle_exit(self, sig, frame) -> None:
            self._captured_signals.append(sig)
            if self._told or self.should_exit:
                super().handle_exit(sig, frame)
                return

            def drain() -> None:
                self.stop_workers()
                self.should_exit = True

            threading.Thread(target=drain, name="engramdb-drain", daemon=True).start()

        @contextlib.contextmanager
        def capture_signals(self):
            with super().capture_signals():
                try:
                    yield
                finally:
                    self.stopped_by = list(dict.fromkeys(self._captured_signals))
                    self._captured_signals.clear()

    return Writer


def _wait_ready(fd: int, n: int, timeout: float) -> bool:
    import select

    deadline = time.monotonic() + timeout
    seen = 0
    while seen < n:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            log.warning("%d of %d reading workers started after %.0f s", seen, n, timeout)
            return seen > 0
        seen += len(os.read(fd, n - seen))
    return True


class _Workers:
    """The reading workers: started, watched, started again when one dies (after a pause
    that grows while they keep dying)."""

    def __init__(self, spec: dict, listen_fds: list[int], fds: tuple[int, ...]):
        self.n = len(listen_fds)
        self.spec = spec
        self.listen_fds = listen_fds
        self.fds = fds
        self.procs: list[subprocess.Popen] = []
        self.stopping = False
        self._watch = threading.Thread(target=self._keep, name="engramdb-workers", daemon=True)

    def _spawn(self, i: int) -> subprocess.Popen:
        spec = {**self.spec, "fd": self.listen_fds[i]}
        env = {**os.environ, "ENGRAMDB_WORKER_SPEC": json.dumps(spec)}
        return subprocess.Popen(
            [sys.executable, "-m", "engramdb.server.reader"],
            env=env,
            pass_fds=(*self.fds, self.listen_fds[i]),
        )

    def start(self) -> None:
        self.procs = [self._spawn(i) for i in range(self.n)]
        self._watch.start()

    def _keep(self) -> None:
        pause = [0.5] * self.n
        while not self.stopping:
            time.sleep(0.5)
            for i, proc in enumerate(self.procs):
                if proc.poll() is not None and not self.stopping:
                    log.warning(
                        "reading worker %d exited (%s): starting it again in %.1f s",
                        proc.pid,
                        proc.returncode,
                        pause[i],
                    )
                    time.sleep(pause[i])
                    pause[i] = min(30.0, pause[i] * 2)
                    if not self.stopping:
                        self.procs[i] = self._spawn(i)

    def wait(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        for proc in self.procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(max(0.1, deadline - time.monotonic()))
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
