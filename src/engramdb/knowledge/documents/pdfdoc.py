"""PDF via pypdf: text page by page, sections carry their page number, and the PDF outline (when
there is one) supplies the heading path of each page.

Scanned PDFs have no text layer; with no OCR available they are refused rather than stored as an
empty document.

What reading a PDF may cost is known before pypdf parses a page. Its pages may all draw one
deflated content stream (or one form XObject, many times each), so a 16 KB file can hold
thousands of pages of megabytes each: 2,000 pages drawing one 2.7 MB stream would have run for
hours (10 such pages took 26 s). So the content pypdf would parse is measured first (cheap:
streams are decoded once, lengths added up, ``Do`` operators counted): each page's own content,
plus each form XObject's content each time it is drawn. The document is refused over
:data:`MAX_PDF_PAGES`, :data:`MAX_PDF_STREAM_BYTES` (one stream, which pypdf parses in one go
and nothing can interrupt), :data:`MAX_PDF_CONTENT_BYTES` (all of it) or
:data:`MAX_PDF_FORM_DEPTH`. Then each page's text is read with the read budget checked every
64 operators (a cancel stops it) and its characters counted (:data:`MAX_PDF_TEXT_CHARS`).
"""

from __future__ import annotations

import io
import re
from collections import Counter

from pypdf import PdfReader, apply_configuration
from pypdf.errors import LimitReachedError
from pypdf.generic import ArrayObject, Destination, DictionaryObject, StreamObject

from engramdb.errors import ValidationError

from ._text import Extraction, TextBuilder, file_stem, squash_spaces
from .budget import ReadBudget, checkpoint, current
from .model import MAX_DOCUMENT_BYTES

__all__ = [
    "MAX_PDF_CONTENT_BYTES",
    "MAX_PDF_FORM_DEPTH",
    "MAX_PDF_PAGES",
    "MAX_PDF_STREAM_BYTES",
    "MAX_PDF_TEXT_CHARS",
    "parse_pdf",
]

MAX_PDF_PAGES = 5_000
"""Pages one PDF may have (a page listed twice in the page tree counts twice)."""
MAX_PDF_STREAM_BYTES = 1024 * 1024
"""Decoded content (drawing and text operators) of one page or one form XObject: a page of
text holds 2-50 KB; pypdf parses a content stream in one go (about 2 s a MiB on the 2-core
machine) and cannot be stopped inside, so this bounds how late a cancel can be."""
MAX_PDF_CONTENT_BYTES = 16 * 1024 * 1024
"""Decoded content pypdf parses for one PDF's text: every page's own, and a form XObject's
each time it is drawn (pypdf reads about 0.2-0.5 MB a second: a book of 1,000 pages of text
holds 4-10 MB)."""
MAX_PDF_FORM_DEPTH = 32
"""How deep form XObjects may draw one another."""
MAX_PDF_TEXT_CHARS = MAX_DOCUMENT_BYTES
"""Characters of text one PDF may give (as many as a text file may hold: a font's map can turn
one code into many characters)."""
_STREAM_TOKENS = 400_000
"""pypdf's own bound on the tokens of one content stream (its default is 2,000,000), a second
guard on what one uninterruptible parse may cost."""

_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")


def parse_pdf(data: bytes, name: str) -> Extraction:
    budget = current() or ReadBudget(name, None)
    try:
        with apply_configuration(stream_parsing_work_maximum_count=_STREAM_TOKENS):
            reader = PdfReader(io.BytesIO(data))
            if reader.is_encrypted and not _opens_without_password(reader):
                raise ValidationError(
                    "data",
                    f"{name!r} is an encrypted PDF that needs a password; upload an unprotected "
                    "copy",
                )
            pages = _page_texts(reader, budget)
    except ValidationError:
        raise
    except LimitReachedError as exc:
        raise ValidationError(
            "data", f"{name!r} is beyond the PDF reader's limits: {exc}"
        ) from None
    except Exception as exc:  # pypdf raises many types for damaged files
        if budget.stopped is not None:
            raise budget.stopped from None  # (a cancel or a limit, met inside pypdf)
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


def _page_texts(reader: PdfReader, budget: ReadBudget) -> list[str]:
    """Each page's text, once what reading it costs is known to be within the limits."""
    count = len(reader.pages)
    if count > MAX_PDF_PAGES:
        raise budget.refuse(f"has {count} pages", limit=MAX_PDF_PAGES, value=count)
    cost = _Cost(budget)
    for number, page in enumerate(reader.pages, start=1):
        cost.page(page, number)
    work = _Work(budget)
    texts = []
    for page in reader.pages:
        checkpoint()
        texts.append(
            page.extract_text(visitor_operand_before=work.operator, visitor_text=work.text) or ""
        )
    return texts


#: a form XObject drawn: ``/Name Do`` (the name as written, ``#xx`` escapes included)
_DO = re.compile(rb"/([^\s/\[\]()<>{}%]+)\s*Do(?![^\s/\[\]()<>{}%])")
_NAME_ESCAPE = re.compile(rb"#([0-9A-Fa-f]{2})")


class _Cost:
    """The content pypdf will parse to read the text: each page's own content, and each form
    XObject's content each time a ``Do`` draws it (nested forms multiply). Streams are decoded
    once (pypdf keeps them) and each form's cost is computed once; the total is refused as soon
    as it passes :data:`MAX_PDF_CONTENT_BYTES`."""

    def __init__(self, budget: ReadBudget) -> None:
        self.budget = budget
        self.total = 0
        self._forms: dict[int, int] = {}

    def page(self, page: DictionaryObject, number: int) -> None:
        checkpoint()
        data = b"".join(self._stream(s, f"page {number}") for s in _content_streams(page))
        self._one_stream(len(data), f"page {number}")  # (pypdf parses them as one)
        self.total += len(data) + self._drawn(data, _resources(page), [], f"page {number}")
        self._check(f"page {number}")

    def _check(self, where: str) -> None:
        if self.total > MAX_PDF_CONTENT_BYTES:
            raise self.budget.refuse(
                f"draws {self.total} bytes of content by {where} (a stream or a form drawn "
                "several times counts each time), more than a PDF may",
                limit=MAX_PDF_CONTENT_BYTES,
                value=self.total,
            )

    def _stream(self, stream: StreamObject, where: str) -> bytes:
        data = stream.get_data()
        self._one_stream(len(data), where)
        return data

    def _one_stream(self, size: int, where: str) -> None:
        if size > MAX_PDF_STREAM_BYTES:
            raise self.budget.refuse(
                f"{where} holds {size} bytes of content, more than one page or form may",
                limit=MAX_PDF_STREAM_BYTES,
                value=size,
            )

    def _drawn(self, data: bytes, resources: DictionaryObject, path: list[int], where: str) -> int:
        """What the forms ``data`` draws cost, each time drawn."""
        xobjects = _resolved(resources.get("/XObject")) if resources else None
        if not isinstance(xobjects, DictionaryObject):
            return 0
        drawn = Counter(_NAME_ESCAPE.sub(_unescape, m.group(1)) for m in _DO.finditer(data))
        cost = 0
        for raw, times in drawn.items():
            form = _resolved(xobjects.get("/" + raw.decode("latin-1")))
            if isinstance(form, StreamObject) and form.get("/Subtype") == "/Form":
                cost += times * self._form(form, path, where)
                if self.total + cost > MAX_PDF_CONTENT_BYTES:
                    self.total += cost
                    self._check(where)
        return cost

    def _form(self, form: StreamObject, path: list[int], where: str) -> int:
        key = id(form)
        if key in self._forms:
            return self._forms[key]
        if key in path:
            return 0  # (pypdf skips a form that draws itself)
        if len(path) >= MAX_PDF_FORM_DEPTH:
            raise self.budget.refuse(
                f"nests form XObjects more than {MAX_PDF_FORM_DEPTH} deep on {where}",
                limit=MAX_PDF_FORM_DEPTH,
            )
        checkpoint()
        data = self._stream(form, f"a form XObject of {where}")
        path.append(key)
        try:
            cost = len(data) + self._drawn(data, _resolved(form.get("/Resources")), path, where)
        finally:
            path.pop()
        self._forms[key] = cost
        return cost


def _unescape(match: re.Match[bytes]) -> bytes:
    return bytes([int(match.group(1), 16)])


def _resolved(value: object) -> object:
    return value.get_object() if value is not None and hasattr(value, "get_object") else value


def _content_streams(page: DictionaryObject) -> list[StreamObject]:
    contents = _resolved(page.get("/Contents"))
    items = contents if isinstance(contents, ArrayObject) else [contents]
    return [s for s in map(_resolved, items) if isinstance(s, StreamObject)]


def _resources(page: DictionaryObject) -> DictionaryObject | None:
    found = _resolved(page.get("/Resources"))
    return found if isinstance(found, DictionaryObject) else None


class _Work:
    """Checks the budget as pypdf reads (every 64 operators) and counts the characters."""

    def __init__(self, budget: ReadBudget) -> None:
        self.budget = budget
        self.operations = 0
        self.chars = 0

    def operator(self, *_: object) -> None:
        self.operations += 1
        if self.operations & 63 == 0:
            self.budget.check()

    def text(self, text: object, *_: object) -> None:
        self.chars += len(text) if isinstance(text, str) else 0
        if self.chars > MAX_PDF_TEXT_CHARS:
            raise self.budget.refuse(
                f"gives more than {MAX_PDF_TEXT_CHARS} characters of text",
                limit=MAX_PDF_TEXT_CHARS,
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
            checkpoint()
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
        checkpoint()  # (unless it was a stop)
        return [()] * page_count
    by_page: dict[int, tuple[str, ...]] = {}
    for start, path in starts:
        by_page[start] = path  # later entries on the same page win (deepest, last heading)
    paths: list[tuple[str, ...]] = []
    here: tuple[str, ...] = ()
    for page in range(page_count):
        here = by_page.get(page, here)
        paths.append(here)
    return paths
