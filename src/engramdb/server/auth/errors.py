"""Errors of the authorisation layer."""

from __future__ import annotations

from ...errors import EngramDBError, NotFoundError

__all__ = [
    "AUTH_REASONS",
    "AuthError",
    "LockoutError",
    "UnknownKeyError",
    "UnknownPrincipalError",
]

#: Why authentication failed. For logs and audit only: the message never says which.
AUTH_REASONS = ("malformed", "unknown", "mismatch", "revoked", "expired", "disabled", "delegation")


class AuthError(EngramDBError):
    """Authentication refused (HTTP 401).

    ``reason`` (one of :data:`AUTH_REASONS`) is for the server's logs and audit trail; the
    message shown to the caller is the same for every key failure ("invalid or expired key"),
    so a caller cannot learn whether a key id exists, was revoked or has expired.
    """

    def __init__(self, reason: str, message: str = "invalid or expired key"):
        self.reason = reason
        super().__init__(message)


class UnknownPrincipalError(NotFoundError):
    """No principal has this id."""

    def __str__(self) -> str:
        return f"no principal with id {self.id!r}"


class UnknownKeyError(NotFoundError):
    """No API key has this id."""

    def __str__(self) -> str:
        return f"no API key with id {self.id!r}"


class LockoutError(EngramDBError):
    """The change would leave the server without a full administrator (HTTP 409)."""

    def __init__(self) -> None:
        super().__init__(
            "this would leave the server without a full administrator (a principal with "
            "grant:manage over '*' and contexts ['*'], with a live key of the same rights); "
            "give another principal those rights and a key first"
        )
