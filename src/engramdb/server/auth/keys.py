"""API keys: ``egdb_<key_id>_<secret>``, shown once, stored only as an Argon2id hash.

* ``key_id``: 12 characters from ``[A-Za-z0-9]`` (about 71 bits), the public handle used to
  look the key up, list it, revoke it;
* ``secret``: 32 random bytes from :mod:`secrets`, URL-safe base64 without padding (43
  characters; it may itself contain ``_`` and ``-``, so tokens are split by position, not by
  ``_``).

The stored hash covers the whole token, so a hash copied onto another key id does not verify.
Comparison is argon2's own verify (constant time in the secret); the store also runs a verify
against a dummy hash when the key id is unknown, so timing does not tell ids apart.
"""

from __future__ import annotations

import re
import secrets
import string

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from ...errors import ValidationError

__all__ = [
    "KEY_ID_CHARS",
    "SECRET_BYTES",
    "TOKEN_PREFIX",
    "KeyHasher",
    "format_token",
    "new_key_id",
    "new_secret",
    "new_token",
    "parse_key",
]

TOKEN_PREFIX = "egdb_"
KEY_ID_CHARS = 12
SECRET_BYTES = 32
_MIN_SECRET_CHARS = 43  # 32 bytes of URL-safe base64
_MAX_SECRET_CHARS = 256
_ALNUM = string.ascii_letters + string.digits
_KEY_ID = re.compile(rf"^[A-Za-z0-9]{{{KEY_ID_CHARS}}}$")
_SECRET = re.compile(r"^[A-Za-z0-9_-]+$")


def new_key_id() -> str:
    return "".join(secrets.choice(_ALNUM) for _ in range(KEY_ID_CHARS))


def new_secret() -> str:
    return secrets.token_urlsafe(SECRET_BYTES)


def format_token(key_id: str, secret: str) -> str:
    return f"{TOKEN_PREFIX}{key_id}_{secret}"


def new_token() -> tuple[str, str]:
    """A fresh ``(key_id, token)``."""
    key_id = new_key_id()
    return key_id, format_token(key_id, new_secret())


def parse_key(token: object) -> tuple[str, str]:
    """``egdb_<key_id>_<secret>`` -> ``(key_id, secret)``.

    Malformed tokens raise ``ValidationError`` on field ``token`` saying what is wrong with
    the shape; the token itself is never echoed back.
    """
    if not isinstance(token, str) or not token:
        raise ValidationError("token", "must be a non-empty string 'egdb_<key id>_<secret>'")
    if not token.startswith(TOKEN_PREFIX):
        raise ValidationError("token", f"must start with {TOKEN_PREFIX!r}")
    body = token[len(TOKEN_PREFIX) :]
    key_id, sep, secret = (
        body[:KEY_ID_CHARS],
        body[KEY_ID_CHARS : KEY_ID_CHARS + 1],
        body[KEY_ID_CHARS + 1 :],
    )
    if not _KEY_ID.match(key_id) or sep != "_":
        raise ValidationError(
            "token", f"must continue with a {KEY_ID_CHARS}-character key id and '_'"
        )
    if len(secret) > _MAX_SECRET_CHARS:
        raise ValidationError("token", "secret is too long", limit=_MAX_SECRET_CHARS)
    if len(secret) < _MIN_SECRET_CHARS or not _SECRET.match(secret):
        raise ValidationError(
            "token",
            f"secret must be at least {_MIN_SECRET_CHARS} URL-safe characters "
            "(letters, digits, '_' and '-')",
        )
    return key_id, secret


class KeyHasher:
    """Argon2id hashing of tokens. Production uses argon2-cffi's defaults; tests pass a cheap
    ``PasswordHasher(time_cost=1, memory_cost=8192)``."""

    def __init__(self, hasher: PasswordHasher | None = None):
        self.hasher = hasher or PasswordHasher()
        self._dummy: str | None = None

    def hash(self, token: str) -> str:
        return self.hasher.hash(token)

    def verify(self, hashed: str, token: str) -> bool:
        try:
            return self.hasher.verify(hashed, token)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, hashed: str) -> bool:
        try:
            return self.hasher.check_needs_rehash(hashed)
        except (InvalidHashError, ValueError):
            return False

    def burn(self, token: str) -> None:
        """Spend the time of one verify (for unknown key ids), always failing."""
        if self._dummy is None:
            self._dummy = self.hasher.hash(new_secret())
        self.verify(self._dummy, token)
