"""Document ingest without a database: parse a file, chunk it by section, read rows as triples.

``parse_document`` turns bytes (text, Markdown, HTML, PDF, JSON, CSV) into a
:class:`ParsedDocument`; ``chunk`` cuts it into passages that never cross a section;
``rows_to_triples`` reads structured rows as facts; ``sentences`` splits prose for claim
extraction. All of it is pure and deterministic, so the same bytes always give the same chunks,
ids and triples.
"""

from .chunking import MIN_CHUNK_CHARS, chunk
from .detect import MEDIA_TYPES, detect_media_type
from .model import MAX_DOCUMENT_BYTES, Chunk, ParsedDocument, Section, Triple
from .parse import parse_document
from .rows import normalize_key, pick_key_column, rows_to_triples
from .sentences import sentences

__all__ = [
    "MAX_DOCUMENT_BYTES",
    "MEDIA_TYPES",
    "MIN_CHUNK_CHARS",
    "Chunk",
    "ParsedDocument",
    "Section",
    "Triple",
    "chunk",
    "detect_media_type",
    "normalize_key",
    "parse_document",
    "pick_key_column",
    "rows_to_triples",
    "sentences",
]
