"""Server settings: defaults, then an optional TOML file, then ``ENGRAMDB_*`` environment
variables (the last wins)."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from ..errors import ConfigError

__all__ = ["ServerConfig", "load_config", "password_hasher"]


@dataclass(frozen=True)
class ServerConfig:
    #: Where contexts live: one subdirectory per context (hard isolation), plus auth.db.
    data_dir: Path = Path("./engramdb-server")
    host: str = "127.0.0.1"
    port: int = 8420
    #: The embedder of new contexts (None: the shipped static model).
    embedder: str | None = None
    #: Limits, each answered with a clear 4xx.
    max_text_bytes: int = 64 * 1024
    max_batch: int = 1_000
    max_upload_bytes: int = 25 * 1024 * 1024
    #: A request body other than a document upload or an MCP call (checked before it is read):
    #: ``max_request_bytes`` for an import (``.../import``), ``max_batch_bytes`` (below) for
    #: the batch routes (``.../facts/batch``, mem0's ``POST .../mem0/memories``),
    #: ``max_json_bytes`` for every other route.
    max_request_bytes: int = 16 * 1024 * 1024
    max_json_bytes: int = 1024 * 1024
    #: Bytes of large request bodies (over 64 KiB, once received whole) parsed at once in one
    #: process; a body waits up to ``body_timeout_s`` for its turn, then is a 503 (one alone
    #: always runs; one principal holds at most half while it holds any).
    max_parsing_bytes: int = 16 * 1024 * 1024
    max_k: int = 100
    #: Writes take turns (``routes_memory.py``): a batch's body (``max_batch_bytes``), how
    #: long one write request may keep writing (``max_write_seconds``: a batch still running
    #: then stops between two items and says how many it stored), how long one of its steps
    #: holds the context before the next writer's turn (``write_step_ms``), and how many write
    #: requests one context may have running or waiting (``max_context_writes``; beyond: 429).
    max_batch_bytes: int = 4 * 1024 * 1024
    max_write_seconds: int = 60
    write_step_ms: int = 250
    max_context_writes: int = 16
    max_contexts: int = 1_000
    #: How long reading one uploaded document (parsing it, reading its prose) may take before
    #: the upload fails with this limit (0: no limit); docs/security.md, "Limits".
    document_read_s: int = 300
    #: How many steps of CPU priority below the requests a background upload job reads its
    #: document (Linux thread niceness, 0 to 19; 0: the same): a big upload then costs the
    #: queries beside it little, and takes longer while they keep the CPU busy.
    job_nice: int = 10
    #: /docs and /openapi.json without a key (they describe the API, no tenant data).
    public_docs: bool = True
    #: The dashboard at /ui/ (static files without a key; every figure it shows comes from the
    #: API with the key a person types in).
    dashboard: bool = True
    #: /metrics without a key (otherwise it needs grant:manage over '*').
    public_metrics: bool = False
    #: How long an Idempotency-Key's stored response is kept.
    idempotency_ttl_s: int = 24 * 3600
    #: Where ``POST /api/v1/backup`` writes its copies (None: ``<data_dir>/backups``).
    backup_dir: Path | None = None
    #: On SIGINT/SIGTERM: how long in-flight requests may take to finish before they are cut
    #: (running upload jobs stop at their next step and run again at the next start).
    shutdown_timeout_s: int = 10
    #: Threads that run requests (a fact write waits for its context's turn without one), and of
    #: them the reads (queries, context blocks, views, listings) that run at once; the others
    #: wait their turn (0: no limit). A read is Python holding the interpreter lock most of
    #: its time: 4 threads and 1 read measured 172-179 against 132 requests/s with 16 clients
    #: at 100k memories, p99 106-156 against 280 ms (docs/server.md, "Concurrency").
    threads: int = 4
    read_concurrency: int = 1
    #: Reading processes: N >= 2 workers answer queries and context blocks from replicas of
    #: the contexts and forward the rest to a writer process (``workers.py``); 1: a single
    #: process does everything; 0: one worker per core (at most 8).
    workers: int = 0
    #: Where the first run's management key is written (a new file, mode 0600; the path is
    #: printed, never the key). None: ``<data_dir>/bootstrap-key``; "-": printed to stdout
    #: instead (it then stays in whatever captures the server's output).
    bootstrap_key_file: Path | None = None
    #: Slow clients (docs/security.md, "Limits"). A request body must arrive within
    #: ``body_timeout_s`` of the route's first read, plus one second per ``body_min_rate``
    #: bytes received (0: no extension); a slower one is a 408 and its connection is closed.
    body_timeout_s: float = 20.0
    body_min_rate: int = 1024
    #: Requests of one key in progress at once in one process (a worker, or the writer for
    #: all it is sent); the next is a 429 with Retry-After (0: no limit).
    max_requests_per_key: int = 32
    #: Each reading worker's connections to the writer, and how long a forwarded request
    #: waits for one before it is a 503 with Retry-After.
    writer_connections: int = 256
    writer_wait_s: float = 10.0
    #: Argon2 cost (tests lower it; production keeps the library's defaults).
    argon2_time_cost: int | None = None
    argon2_memory_cost: int | None = None


_ENV = "ENGRAMDB_"


def _coerce(name: str, value: Any, current: Any) -> Any:
    kind = type(current) if current is not None else str
    try:
        if name in ("data_dir", "backup_dir", "bootstrap_key_file"):
            return Path(value)
        if kind is bool:
            return str(value).lower() in ("1", "true", "yes", "on")
        if kind is float:
            return float(value)
        if kind is int or name.startswith(("max_", "argon2_", "port", "idempotency")):
            return int(value)
        return str(value)
    except (TypeError, ValueError):
        raise ConfigError(f"setting {name}: cannot read {value!r} as {kind.__name__}") from None


def load_config(
    path: str | Path | None = None, env: dict[str, str] | None = None, **over
) -> ServerConfig:
    """Defaults, then the TOML file (``[server]`` table or top level), then the environment
    (``ENGRAMDB_DATA_DIR``, ``ENGRAMDB_PORT``, ...), then keyword overrides."""
    config = ServerConfig()
    names = {f.name for f in fields(ServerConfig)}
    values: dict[str, Any] = {}
    if path is not None:
        p = Path(path)
        try:
            data = tomllib.loads(p.read_text())
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise ConfigError(f"{p}: {exc}") from None
        data = data.get("server", data)
        unknown = set(data) - names
        if unknown:
            raise ConfigError(f"{p}: unknown settings {sorted(unknown)}; known: {sorted(names)}")
        values.update(data)
    for key, value in (env if env is not None else os.environ).items():
        if key.startswith(_ENV) and key[len(_ENV) :].lower() in names:
            values[key[len(_ENV) :].lower()] = value
    values.update({k: v for k, v in over.items() if v is not None})
    config = replace(
        config, **{k: _coerce(k, v, getattr(config, k)) for k, v in values.items() if k in names}
    )
    if config.read_concurrency < 0:
        raise ConfigError(
            f"setting read_concurrency: must be 0 (no limit) or more, got {config.read_concurrency}"
        )
    for name in ("max_batch_bytes", "max_write_seconds", "write_step_ms", "max_context_writes"):
        if getattr(config, name) < 1:
            raise ConfigError(f"setting {name}: must be at least 1, got {getattr(config, name)}")
    for name in ("body_timeout_s", "writer_wait_s"):
        if not getattr(config, name) > 0:
            raise ConfigError(f"setting {name}: must be more than 0, got {getattr(config, name)}")
    if config.writer_connections < 1:
        raise ConfigError(
            f"setting writer_connections: must be at least 1, got {config.writer_connections}"
        )
    if not 0 <= config.job_nice <= 19:
        raise ConfigError(f"setting job_nice: must be 0 (none) to 19, got {config.job_nice}")
    if config.threads < 1:
        raise ConfigError(f"setting threads: must be at least 1, got {config.threads}")
    if not 0 <= config.workers <= 64:
        raise ConfigError(f"setting workers: must be 0 (one per core) to 64, got {config.workers}")
    if config.workers == 0:
        config = replace(config, workers=max(1, min(8, os.cpu_count() or 1)))
    return config


def password_hasher(config: ServerConfig):
    """The Argon2 hasher the settings ask for (None: the library's defaults)."""
    if not (config.argon2_time_cost or config.argon2_memory_cost):
        return None
    from argon2 import PasswordHasher

    return PasswordHasher(
        time_cost=config.argon2_time_cost or 2,
        memory_cost=config.argon2_memory_cost or 65536,
        parallelism=1,
    )
