"""A Python client of the EngramDB server, mirroring the ``Memory`` API over HTTP.

::

    from engramdb.client import Client

    with Client("http://127.0.0.1:8000", api_key, "shop") as mem:
        mem.upload("returns.md", scope="org/acme")
        result = mem.remember("Your return policy is 60 days.", scope="org/acme/user/alice")
        print(mem.context("returns", lens="org/acme/user/alice"))

``AsyncClient`` offers the same calls as coroutines. Failures raise ``ApiError`` (one subclass
per common status, with the problem document's ``title``, ``detail``, ``field`` and ``limit``)
or ``ApiConnectionError``. Reads, and writes carrying an ``Idempotency-Key`` (made per call by
``remember``, ``remember_batch``, ``upload`` and ``forget``), are retried on transient failures;
the server applies a keyed write at most once.

Needs httpx (the extras ``openai``, ``llm`` and ``server`` bring it).
"""

from __future__ import annotations

try:
    import httpx  # noqa: F401
except ImportError as e:  # pragma: no cover - the message is the point
    raise ImportError(
        "engramdb.client needs httpx: pip install -e '.[openai]' in a checkout (or '.[server]', "
        "or plain httpx)"
    ) from e

from ._async import AsyncClient
from ._sync import Client
from .errors import (
    ApiConnectionError,
    ApiError,
    ApiTimeoutError,
    AuthenticationError,
    BadRequestError,
    ClientError,
    ConflictError,
    InvalidInputError,
    JobError,
    NotFoundError,
    PayloadTooLargeError,
    PermissionDeniedError,
    RateLimitError,
    ServerError,
)
from .types import DocumentResult, Fact, Job, QueryHit, WriteResult

__all__ = [
    "ApiConnectionError",
    "ApiError",
    "ApiTimeoutError",
    "AsyncClient",
    "AuthenticationError",
    "BadRequestError",
    "Client",
    "ClientError",
    "ConflictError",
    "DocumentResult",
    "Fact",
    "InvalidInputError",
    "Job",
    "JobError",
    "NotFoundError",
    "PayloadTooLargeError",
    "PermissionDeniedError",
    "QueryHit",
    "RateLimitError",
    "ServerError",
    "WriteResult",
]
