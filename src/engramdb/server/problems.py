"""Errors as RFC 7807 problem documents (``application/problem+json``): every failure has a
type, a title, the status, a detail, and for bad input the field and the limit."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..errors import (
    ConfigError,
    DiskFullError,
    EngramDBError,
    ForbiddenError,
    NotFoundError,
    StoreLockedError,
    ValidationError,
)

__all__ = ["Problem", "install", "problem", "problem_of"]

_BASE = "/problems/"  # a relative reference: an identifier, never fetched


class Problem(Exception):
    """An HTTP error raised by a route, rendered as a problem document."""

    def __init__(
        self,
        status: int,
        title: str,
        detail: str = "",
        *,
        headers: dict[str, str] | None = None,
        **extra: Any,
    ):
        super().__init__(detail or title)
        self.status = status
        self.title = title
        self.detail = detail
        self.headers = headers or {}
        self.extra = extra


#: The media type of every error the API answers.
PROBLEM_MEDIA = "application/problem+json"


def problem_body(status: int, title: str, detail: str = "", **extra: Any) -> dict[str, Any]:
    """The one builder of a problem document: every route, handler, batch report, replayed
    answer and reading worker answers an error with this shape."""
    slug = title.lower().replace(" ", "-")
    return {"type": _BASE + slug, "title": title, "status": status, "detail": detail, **extra}


def respond(status: int, body: object) -> JSONResponse:
    """A body as the API answers it: an error (4xx, 5xx) as a problem document's media type."""
    return JSONResponse(
        body, status_code=status, media_type=PROBLEM_MEDIA if status >= 400 else None
    )


def problem(status: int, title: str, detail: str = "", **extra: Any) -> JSONResponse:
    return respond(status, problem_body(status, title, detail, **extra))


def install(app: FastAPI) -> None:
    @app.exception_handler(Problem)
    async def _problem(_: Request, exc: Problem):
        resp = problem(exc.status, exc.title, exc.detail, **exc.extra)
        resp.headers.update(exc.headers)
        return resp

    @app.exception_handler(ValidationError)
    async def _invalid(_: Request, exc: ValidationError):
        extra: dict[str, object] = {"field": exc.field}
        if exc.limit is not None:
            extra["limit"] = exc.limit
        return problem(422, "Invalid input", str(exc), **extra)

    @app.exception_handler(NotFoundError)
    async def _missing(_: Request, exc: NotFoundError):
        return problem(404, "Not found", str(exc))

    @app.exception_handler(ForbiddenError)
    async def _forbidden(_: Request, exc: ForbiddenError):
        extra = {"scope": exc.scope} if exc.scope is not None else {}
        return problem(403, "Forbidden", str(exc), **extra)

    @app.exception_handler(StoreLockedError)
    async def _locked(_: Request, exc: StoreLockedError):
        return problem(503, "Store locked", str(exc))

    @app.exception_handler(DiskFullError)
    async def _full(_: Request, exc: DiskFullError):
        # (the message names the server's file: the operator's log has it, the client not)
        detail = "the server's disk is full: this write was not kept (retry once space is freed)"
        return problem(507, "Insufficient storage", detail)

    @app.exception_handler(ConfigError)
    async def _config(_: Request, exc: ConfigError):
        return problem(500, "Configuration error", str(exc))

    @app.exception_handler(EngramDBError)
    async def _engine(_: Request, exc: EngramDBError):
        return problem(500, "Storage error", str(exc))

    @app.exception_handler(RequestValidationError)
    async def _request(_: Request, exc: RequestValidationError):
        errors = exc.errors()
        first = errors[0] if errors else {}
        field = ".".join(str(x) for x in first.get("loc", ()) if x != "body")
        extra = {} if (limit := limit_of(first)) is None else {"limit": limit}
        return problem(
            422,
            "Invalid input",
            first.get("msg", "invalid request"),
            field=field,
            errors=[{"loc": list(e.get("loc", ())), "msg": e.get("msg")} for e in errors[:20]],
            **extra,
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException):
        if isinstance(exc.__cause__, RecursionError):  # the body parser gave up on the depth
            return problem(422, "Invalid input", "the JSON body is nested too deeply")
        if isinstance(exc.__cause__, ValueError):  # e.g. an integer of over 4,300 digits
            return problem(422, "Invalid input", f"the JSON body cannot be read: {exc.__cause__}")
        return problem(exc.status_code, str(exc.detail), str(exc.detail))


def problem_of(exc: BaseException) -> tuple[int, dict[str, Any]]:
    """The status and problem document the handlers above answer for ``exc``: what a batch
    reports of the item it stopped at, after the items before it were stored."""
    if isinstance(exc, Problem):
        status, title, detail, extra = exc.status, exc.title, exc.detail, dict(exc.extra)
    elif isinstance(exc, ValidationError):
        status, title, detail, extra = 422, "Invalid input", str(exc), {"field": exc.field}
        if exc.limit is not None:
            extra["limit"] = exc.limit
    elif isinstance(exc, NotFoundError):
        status, title, detail, extra = 404, "Not found", str(exc), {}
    elif isinstance(exc, ForbiddenError):
        extra = {"scope": exc.scope} if exc.scope is not None else {}
        status, title, detail = 403, "Forbidden", str(exc)
    elif isinstance(exc, StoreLockedError):
        status, title, detail, extra = 503, "Store locked", str(exc), {}
    elif isinstance(exc, DiskFullError):
        detail = "the server's disk is full: this write was not kept (retry once space is freed)"
        status, title, extra = 507, "Insufficient storage", {}
    elif isinstance(exc, EngramDBError):
        status, title, detail, extra = 500, "Storage error", str(exc), {}
    else:
        status, title, detail, extra = 500, "Internal error", type(exc).__name__, {}
    return status, problem_body(status, title, detail, **extra)


_LIMITS = ("max_length", "min_length", "le", "lt", "ge", "gt")


def limit_of(error: dict) -> object | None:
    """The limit a pydantic error names (``max_length``, ``le``, ...), for the problem's
    ``limit`` field: a client learns the bound, not only that it was crossed."""
    ctx = error.get("ctx") or {}
    for name in _LIMITS:
        if name in ctx:
            value = ctx[name]
            return value if isinstance(value, int | float | str) else str(value)
    return None


#: The JSON-RPC error code of a call without a valid key (MCP).
UNAUTHORISED = -32001


def unauthorised(detail: str) -> JSONResponse:
    """A 401 whose body is a JSON-RPC error (MCP clients show its message; a problem document
    would reach the user as a bare "error response"), with the problem's fields as data."""
    body = {
        "jsonrpc": "2.0",
        "id": None,
        "error": {
            "code": UNAUTHORISED,
            "message": f"Unauthorized: {detail}",
            "data": {"status": 401, "title": "Unauthorized", "detail": detail},
        },
    }
    return JSONResponse(body, status_code=401, headers={"WWW-Authenticate": "Bearer"})
