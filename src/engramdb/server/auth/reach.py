"""Which contexts a principal or key reaches: a set of context names, or ``*`` for all.

Contexts are hard isolation, for authorisation too: a principal names the contexts it may use
and its keys reach no other. The algebra mirrors grants: a key's reach is the intersection of
its own list and its principal's (and a delegation target's), and a key may only be made with
a reach inside its maker's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...errors import ValidationError

__all__ = [
    "ALL_CONTEXTS",
    "CONTEXT_NAME",
    "MAX_CONTEXTS_LISTED",
    "Reach",
    "check_reach",
    "intersect_reach",
    "reach_within",
    "reaches",
]

#: A context name: lower-case letters, digits, '_' and '-', starting with a letter or digit.
#: Always used with ``fullmatch`` (``$`` would accept a trailing newline).
CONTEXT_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
ALL_CONTEXTS: tuple[str, ...] = ("*",)
MAX_CONTEXTS_LISTED = 1_000

#: ``("*",)`` (every context, present and future) or sorted unique names (possibly none).
Reach = tuple[str, ...]


def check_reach(value: object, field: str = "contexts") -> Reach:
    """A valid reach in canonical form; ``["*"]`` (alone or among names) means all."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise ValidationError(field, 'must be a list of context names, or ["*"] for all')
    names = list(value)
    if len(names) > MAX_CONTEXTS_LISTED:
        raise ValidationError(
            field, "lists too many contexts", limit=MAX_CONTEXTS_LISTED, value=len(names)
        )
    out: set[str] = set()
    for i, name in enumerate(names):
        if name == "*":
            return ALL_CONTEXTS
        if not isinstance(name, str) or not CONTEXT_NAME.fullmatch(name):
            raise ValidationError(
                f"{field}[{i}]",
                "must be a context name (1-64 lower-case letters, digits, '_' or '-') or '*'",
                value=name,
            )
        out.add(name)
    return tuple(sorted(out))


def reaches(reach: Reach, context: str) -> bool:
    return reach == ALL_CONTEXTS or context in reach


def intersect_reach(a: Reach, b: Reach) -> Reach:
    if a == ALL_CONTEXTS:
        return b
    if b == ALL_CONTEXTS:
        return a
    return tuple(sorted(set(a) & set(b)))


def reach_within(child: Reach, parent: Reach) -> bool:
    """Every context ``child`` reaches, ``parent`` reaches too."""
    if parent == ALL_CONTEXTS:
        return True
    return child != ALL_CONTEXTS and set(child) <= set(parent)
