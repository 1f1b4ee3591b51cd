"""Documents crafted to cost far more to read than their size (security issue, item 5): HTML
and Markdown elements with thousands of attributes, and PDFs whose pages all draw one deflated
content stream or one form XObject. Small files, written byte by byte so that each test says
exactly what it sends."""

from __future__ import annotations

import zlib

__all__ = ["attribute_bomb", "form_pdf", "prose_block", "shared_stream_pdf"]

_LINE = b"BT /F1 12 Tf 72 720 Td (Returns are accepted within 30 days) Tj ET\n"
_FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"


def attribute_bomb(attributes: int, *, markdown: bool = False, elements: int = 1) -> bytes:
    """``elements`` paragraphs, each with ``attributes`` distinct attributes (libxml2's own tree
    appends each at the end of the element's list: quadratic per element), and a link whose
    ``href`` comes last. As Markdown, the same HTML is a raw block of the document."""
    names = " ".join(f"data-a{i}=x" for i in range(attributes))
    link = f'<a {names} href="/returns">more</a>'
    para = f"<p {names}>Returns are accepted within 30 days. {link}</p>"
    html = "\n".join([para] * elements)
    if markdown:
        return f"# Returns\n\n{html}\n\nDelivery takes 5 days.\n".encode()
    return f"<html><head><title>Returns</title></head><body>{html}</body></html>".encode()


def shared_stream_pdf(pages: int, lines: int) -> bytes:
    """A PDF of ``pages`` pages that are all one page object drawing one deflated content stream
    of ``lines`` text lines (``lines`` * 67 bytes decoded; the file is a few KB)."""
    stream = zlib.compress(_LINE * lines, 9)
    return _pdf(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [" + b" ".join([b"4 0 R"] * pages) + b"] /Count %d >>" % pages,
            _FONT,
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            b"/Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>",
            _stream(b"", stream),
        ]
    )


def form_pdf(draws: int, lines: int, pages: int = 1) -> bytes:
    """A PDF whose page draws one form XObject of ``lines`` text lines ``draws`` times."""
    form = zlib.compress(_LINE * lines, 9)
    page = zlib.compress(b"q /X1 Do Q\n" * draws, 9)
    return _pdf(
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [" + b" ".join([b"4 0 R"] * pages) + b"] /Count %d >>" % pages,
            _FONT,
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font "
            b"<< /F1 3 0 R >> /XObject << /X1 6 0 R >> >> /Contents 5 0 R >>",
            _stream(b"", page),
            _stream(
                b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] "
                b"/Resources << /Font << /F1 3 0 R >> >> ",
                form,
            ),
        ]
    )


def prose_block(sentences: int, series: str = "Widget") -> bytes:
    """One Markdown paragraph of ``sentences`` sentences that each state a price: an honest
    document that is one block of prose (read for claims sentence by sentence). A test that
    needs its reading to take time names a ``series`` no other test reads: the readers keep
    the last few thousand sentences' values, and a block read before reads fast."""
    body = " ".join(f"The {series} {i} costs ${5 + i % 900}." for i in range(sentences))
    return f"# Prices\n\n{body}\n".encode()


def _stream(entries: bytes, data: bytes) -> bytes:
    return (
        b"<< "
        + entries
        + b"/Length %d /Filter /FlateDecode >>\nstream\n" % len(data)
        + (data + b"\nendstream")
    )


def _pdf(objects: list[bytes]) -> bytes:
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)
