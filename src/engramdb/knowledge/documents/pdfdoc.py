"""PDF via pypdf: text page by page, sections carry their page number, and the PDF outline (when
there is one) supplies the heading path of each page.

Scanned PDFs have no text layer; with no OCR available they are refused rather than stored as an
empty document.
"""

from __future__ import annotations

import io
import re

from pypdf import PdfReader
from pypdf.generic import Destination

from engramdb.errors import ValidationError

from ._text import Extraction, TextBuilder, file_stem, squash_spaces

__all__ = ["parse_pdf"]

_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")


def parse_pdf(data: bytes, name: str) -> Extraction:
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not _opens_without_password(reader):
            raise ValidationError(
                "data",
                f"{name!r} is an encrypted PDF that needs a password; upload an unprotected copy",
            )
        pages = [page.extract_text() or "" for page in reader.pages]
    except ValidationError:
        raise
    except Exception as exc:  # pypdf raises many types for damaged files
        raise ValidationError(
            "data", f"{name!r} is not a readable PDF ({type(exc).__name__}: {exc})"
        ) from None
    if not any(text.strip() for text in pages):
        raise ValidationError(
            "data",
            f"{name!r} has no extractable text (a scanned PDF needs OCR, which is not available)",
        )

    page_paths = _page_paths(reader, len(pages))
    builder = TextBuilder()
    for number, text in enumerate(pages, start=1):
        for paragraph in _PARAGRAPH_BREAK.split(text.replace("\r\n", "\n").replace("\r", "\n")):
            builder.block(squash_spaces(paragraph), page_paths[number - 1], page=number)
    body, sections = builder.build()
    metadata: dict[str, object] = {"pages": len(pages)}
    return Extraction(
        title=_title(reader) or file_stem(name), text=body, sections=sections, metadata=metadata
    )


def _opens_without_password(reader: PdfReader) -> bool:
    """Many PDFs are encrypted only to restrict printing; those open with an empty password."""
    try:
        return bool(reader.decrypt(""))
    except Exception:
        return False


def _title(reader: PdfReader) -> str:
    try:
        info = reader.metadata
        title = info.title if info is not None else None
    except Exception:
        return ""
    return " ".join(str(title).split()) if title else ""


def _page_paths(reader: PdfReader, page_count: int) -> list[tuple[str, ...]]:
    """The outline entry in force on each page: the last one starting on or before it."""
    starts: list[tuple[int, tuple[str, ...]]] = []

    def visit(items: list[object], parent: tuple[str, ...]) -> None:
        last: tuple[str, ...] = parent
        for item in items:
            if isinstance(item, list):
                visit(item, last)
            elif isinstance(item, Destination):
                last = (*parent, " ".join(str(item.title).split()))
                page = reader.get_destination_page_number(item)
                if page is not None and 0 <= page < page_count:
                    starts.append((page, last))

    try:
        visit(list(reader.outline), ())
    except Exception:  # a broken outline costs headings, not the document
        return [()] * page_count
    paths: list[tuple[str, ...]] = []
    current: tuple[str, ...] = ()
    for page in range(page_count):
        for start, path in starts:
            if start == page:
                current = path  # later entries on the same page win (deepest, last heading)
        paths.append(current)
    return paths
