"""Shipped or pinned model files checked against the hashes they were measured with (the
contextual encoder's ONNX model, the English parser's data): one check for both."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path

__all__ = ["sha256_of", "unlike"]


def sha256_of(path: Path) -> str:
    """The file's SHA-256, hex (read in chunks by the standard library)."""
    with open(path, "rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()


def unlike(directory: Path, expected: Mapping[str, str]) -> tuple[Path, str | None] | None:
    """The first of ``expected``'s files (name -> sha256) that is not as expected in
    ``directory``: (the file, its hash, or None when it is missing); None when all are."""
    for name, want in expected.items():
        f = directory / name
        if not f.is_file():
            return f, None
        got = sha256_of(f)
        if got != want:
            return f, got
    return None
