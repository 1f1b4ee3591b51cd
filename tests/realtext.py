"""Varied real English text without shipping a corpus: sentences of the standard library's
docstrings (deterministic for a given Python version)."""

from __future__ import annotations

import importlib
import inspect
import re
import sys
import warnings

_MODULES = sorted(
    m
    for m in sys.stdlib_module_names
    if not m.startswith("_")
    and m not in {"antigravity", "this", "idlelib", "turtledemo", "tkinter"}
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def _add(seen: dict[str, None], doc: str) -> None:
    for part in _SENTENCE.split(" ".join(doc.split())):
        if 5 <= len(part.split()) <= 60:
            seen.setdefault(part, None)


def docstring_sentences(limit: int) -> list[str]:
    seen: dict[str, None] = {}
    from pydoc_data.topics import topics

    for key in sorted(topics):
        _add(seen, topics[key])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in _MODULES:
            try:
                mod = importlib.import_module(name)
            except Exception:
                continue
            objs = [
                mod,
                *(getattr(mod, a, None) for a in sorted(dir(mod)) if not a.startswith("_")),
            ]
            members = [
                getattr(o, a, None)
                for o in objs
                if inspect.isclass(o)
                for a in sorted(vars(o))
                if not a.startswith("_")
            ]
            for obj in objs + members:
                doc = inspect.getdoc(obj) if obj is not None else None
                if not doc:
                    continue
                _add(seen, doc)
                if len(seen) >= limit:
                    return list(seen)[:limit]
    return list(seen)
