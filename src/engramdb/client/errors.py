"""Errors of the client: ``ApiError`` for every non-2xx answer, built from the server's RFC 7807
problem document (one subclass per common status), and ``ApiConnectionError`` when the server
could not be reached at all (after the retries)."""

from __future__ import annotations

from typing import Any

import httpx

__all__ = [
    "ApiConnectionError",
    "ApiError",
    "ApiTimeoutError",
    "AuthenticationError",
    "BadRequestError",
    "ClientError",
    "ConflictError",
    "InvalidInputError",
    "JobError",
    "NotFoundError",
    "PayloadTooLargeError",
    "PermissionDeniedError",
    "RateLimitError",
    "ServerError",
    "error_from_response",
    "transport_error",
]


class ClientError(Exception):
    """Base of every error this client raises."""


class ApiConnectionError(ClientError):
    """The request got no answer: the connection failed or broke, or timed out
    (``__cause__`` is httpx's exception). ``transient``: worth trying again."""

    def __init__(self, message: str, *, transient: bool = True):
        super().__init__(message)
        self.transient = transient


class ApiTimeoutError(ApiConnectionError):
    """The request timed out."""


class JobError(ClientError):
    """A background job that ended without its result: ``job.state`` is ``failed`` (its
    ``error`` says why) or ``cancelled``; or, waited for with a ``timeout``, still running."""

    def __init__(self, job: Any):
        why = f": {job.error}" if getattr(job, "error", None) else ""
        super().__init__(f"job {job.id} is {job.state}{why}")
        self.job = job


class ApiError(ClientError):
    """A non-2xx answer. ``status``, ``title``, ``detail`` and, for bad input, ``field`` and
    ``limit`` come from the problem document; ``body`` is the whole document (or the text of a
    response that was not one), ``headers`` the response's headers."""

    def __init__(
        self,
        status: int,
        title: str,
        detail: str = "",
        field: str | None = None,
        limit: Any = None,
        body: Any = None,
        *,
        type: str | None = None,
        headers: httpx.Headers | None = None,
    ):
        self.status = status
        self.title = title
        self.detail = detail
        self.field = field
        self.limit = limit
        self.body = body
        self.type = type
        self.headers = headers if headers is not None else httpx.Headers()
        super().__init__(str(self))

    @property
    def errors(self) -> list[dict[str, Any]]:
        """The server's list of validation errors, when it sent one."""
        if isinstance(self.body, dict) and isinstance(self.body.get("errors"), list):
            return self.body["errors"]
        return []

    def __str__(self) -> str:
        text = f"{self.status} {self.title}"
        if self.detail and self.detail != self.title:
            text += f": {self.detail}"
        extras = [f"{k}={v!r}" for k, v in (("field", self.field), ("limit", self.limit)) if v]
        return text + (f" ({', '.join(extras)})" if extras else "")

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(status={self.status!r}, title={self.title!r}, "
            f"detail={self.detail!r}, field={self.field!r}, limit={self.limit!r})"
        )


class BadRequestError(ApiError):
    """400."""


class AuthenticationError(ApiError):
    """401: no key, an unknown, revoked or expired key, or a refused delegation."""


class PermissionDeniedError(ApiError):
    """403: the key's grants do not allow this write or this management call."""


class NotFoundError(ApiError):
    """404: no such context, key, memory or route."""


class ConflictError(ApiError):
    """409: e.g. an ``Idempotency-Key`` used before with a different request."""


class PayloadTooLargeError(ApiError):
    """413: the upload is over the server's limit (``limit`` is that limit in bytes)."""


class InvalidInputError(ApiError):
    """422: bad input; ``field`` names it and ``limit`` gives the bound when there is one."""


class RateLimitError(ApiError):
    """429."""


class ServerError(ApiError):
    """5xx."""


_BY_STATUS: dict[int, type[ApiError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    413: PayloadTooLargeError,
    422: InvalidInputError,
    429: RateLimitError,
}


_TRANSIENT = (httpx.TimeoutException, httpx.NetworkError, httpx.RemoteProtocolError)


def transport_error(exc: httpx.TransportError, request: httpx.Request) -> ApiConnectionError:
    """The ``ApiConnectionError`` for an httpx transport failure."""
    cls = ApiTimeoutError if isinstance(exc, httpx.TimeoutException) else ApiConnectionError
    reason = str(exc) or type(exc).__name__
    return cls(f"{request.method} {request.url}: {reason}", transient=isinstance(exc, _TRANSIENT))


def error_class(status: int) -> type[ApiError]:
    if status in _BY_STATUS:
        return _BY_STATUS[status]
    return ServerError if status >= 500 else ApiError


def error_from_response(response: httpx.Response) -> ApiError:
    """The ``ApiError`` for a non-2xx response (a problem document or anything else)."""
    status = response.status_code
    body: Any
    try:
        body = response.json()
    except ValueError:
        body = response.text
    if isinstance(body, dict):
        title = str(body.get("title") or response.reason_phrase or f"HTTP {status}")
        detail = body.get("detail")
        field = body.get("field")
        return error_class(status)(
            status,
            title,
            "" if detail is None else str(detail),
            field=str(field) if field else None,
            limit=body.get("limit"),
            body=body,
            type=body.get("type"),
            headers=response.headers,
        )
    title = response.reason_phrase or f"HTTP {status}"
    return error_class(status)(status, title, str(body)[:1000], body=body, headers=response.headers)
