"""Parsing real files of every supported format into text, sections, rows and metadata."""

from __future__ import annotations

import codecs
import hashlib
from pathlib import Path

import pytest
from fpdf import FPDF

from engramdb.errors import ValidationError
from engramdb.knowledge.documents import (
    MAX_DOCUMENT_BYTES,
    ParsedDocument,
    detect_media_type,
    parse_document,
)


def _write(tmp_path: Path, name: str, content: str | bytes) -> bytes:
    """Write a real file and read it back, as an upload would."""
    path = tmp_path / name
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    return path.read_bytes()


def _assert_offsets(doc: ParsedDocument) -> None:
    for section in doc.sections:
        assert doc.text[section.start : section.end] == section.text
        assert section.text == section.text.strip() != ""


def _pdf(*, password: str | None = None, text: bool = True, owner_only: bool = False) -> bytes:
    pdf = FPDF()
    pdf.set_title("Store policy")
    pdf.set_font("Helvetica", size=12)
    pdf.add_page()
    if text:
        pdf.start_section("Returns")
        pdf.multi_cell(
            0, 8, "Returns are accepted within 30 days of delivery. Items must be unused."
        )
    pdf.add_page()
    if text:
        pdf.start_section("Refunds", level=1)
        pdf.multi_cell(0, 8, "Refunds are issued within 5 business days.")
    if password or owner_only:
        pdf.set_encryption(owner_password="owner", user_password=password)
    return bytes(pdf.output())


MARKDOWN = """---
title: Store Policy
layout: page
---
# Policies

Welcome to **Acme**. See [our site](https://acme.example) for more.

## Returns

Returns are accepted within 30 days of delivery.

### Refunds

- Refunds go to the original payment method
- Store credit on request
  - within 5 days

| Item | Window |
|------|--------|
| Shoes | 60 days |

```python
print("kept verbatim")
```

## Shipping

Free over $50.
"""


def test_markdown_headings_build_paths_and_blocks_stay_text(tmp_path: Path) -> None:
    doc = parse_document(_write(tmp_path, "policy.md", MARKDOWN), name="policy.md")
    assert doc.media_type == "text/markdown"
    assert doc.title == "Store Policy"
    assert [s.heading_path for s in doc.sections] == [
        ("Policies",),
        ("Policies", "Returns"),
        ("Policies", "Returns", "Refunds"),
        ("Policies", "Shipping"),
    ]
    intro, returns, refunds, shipping = (s.text for s in doc.sections)
    assert intro == "Welcome to Acme. See our site for more."
    assert returns == "Returns are accepted within 30 days of delivery."
    assert "- Refunds go to the original payment method\n- Store credit on request" in refunds
    assert "  - within 5 days" in refunds
    assert "Item | Window\nShoes | 60 days" in refunds
    assert 'print("kept verbatim")' in refunds
    assert shipping == "Free over $50."
    assert "layout" not in doc.text and "---" not in doc.text
    assert doc.metadata["links"] == ["https://acme.example"]
    assert doc.metadata["front_matter"] == {"title": "Store Policy", "layout": "page"}
    _assert_offsets(doc)


def test_markdown_text_before_first_heading_has_empty_path(tmp_path: Path) -> None:
    data = _write(tmp_path, "notes.md", "Preamble text.\n\n# Main\n\nBody.\n")
    doc = parse_document(data, name="notes.md")
    assert [(s.heading_path, s.text) for s in doc.sections] == [
        ((), "Preamble text."),
        (("Main",), "Body."),
    ]
    assert doc.title == "Main"


HTML = """<!DOCTYPE html>
<html><head><title>Acme FAQ</title><style>body { color: red }</style></head>
<body>
<nav><a href="/home">Home</a> menu links</nav>
<h1>FAQ</h1>
<p>Hello <b>shoppers</b>,
   welcome.</p>
<h2>Shipping</h2>
<ul><li>Free over $50</li><li>Express in 2 days</li></ul>
<table><tr><th>Zone</th><th>Days</th></tr><tr><td>EU</td><td>3</td></tr></table>
<script>alert("never indexed")</script>
<h2>Returns</h2>
<p>Within 30 days.<br>Receipt required.</p>
<h3>Refunds</h3><div>Five business days. See <a href="https://acme.example/refunds">refunds</a>.</div>
</body></html>
"""


def test_html_headings_title_and_dropped_furniture(tmp_path: Path) -> None:
    doc = parse_document(_write(tmp_path, "faq.html", HTML), name="faq.html")
    assert doc.media_type == "text/html"
    assert doc.title == "Acme FAQ"
    assert [s.heading_path for s in doc.sections] == [
        ("FAQ",),
        ("FAQ", "Shipping"),
        ("FAQ", "Returns"),
        ("FAQ", "Returns", "Refunds"),
    ]
    texts = [s.text for s in doc.sections]
    assert texts[0] == "Hello shoppers, welcome."
    assert "- Free over $50\n\n- Express in 2 days" in texts[1]
    assert "Zone | Days\nEU | 3" in texts[1]
    assert texts[2] == "Within 30 days.\nReceipt required."
    assert texts[3] == "Five business days. See refunds."
    for dropped in ("alert", "color: red", "menu links"):
        assert dropped not in doc.text
    assert doc.metadata["links"] == ["https://acme.example/refunds"]
    _assert_offsets(doc)


def test_pdf_pages_and_outline_headings(tmp_path: Path) -> None:
    doc = parse_document(_write(tmp_path, "policy.pdf", _pdf()), name="policy.pdf")
    assert doc.media_type == "application/pdf"
    assert doc.title == "Store policy"
    assert doc.metadata["pages"] == 2
    assert [(s.page, s.heading_path) for s in doc.sections] == [
        (1, ("Returns",)),
        (2, ("Returns", "Refunds")),
    ]
    assert "within 30 days of delivery" in doc.sections[0].text
    assert doc.sections[1].text == "Refunds are issued within 5 business days."
    _assert_offsets(doc)


def test_pdf_locked_only_against_editing_still_opens(tmp_path: Path) -> None:
    data = _write(tmp_path, "locked.pdf", _pdf(owner_only=True))
    doc = parse_document(data, name="locked.pdf")
    assert [s.page for s in doc.sections] == [1, 2]


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        (b"%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage", "not a readable PDF"),
        (_pdf()[:300], "not a readable PDF"),
        (_pdf(password="secret"), "encrypted"),
        (_pdf(text=False), "no extractable text"),
    ],
    ids=["garbage", "truncated", "encrypted", "scanned"],
)
def test_unusable_pdf_is_refused_naming_the_file(tmp_path: Path, data: bytes, needle: str) -> None:
    with pytest.raises(ValidationError) as caught:
        parse_document(_write(tmp_path, "bad.pdf", data), name="bad.pdf")
    assert caught.value.field == "data"
    assert "'bad.pdf'" in str(caught.value) and needle in str(caught.value)


def test_json_object_flattens_into_one_row_and_sections(tmp_path: Path) -> None:
    content = (
        '{"name": "Acme Store", "currency": "EUR", '
        '"shipping": {"returns": {"window_days": 30, "free": true}, "zones": ["EU", "UK"]}}'
    )
    doc = parse_document(_write(tmp_path, "store.json", content), name="store.json")
    assert doc.media_type == "application/json"
    assert doc.title == "Acme Store"
    assert doc.metadata["shape"] == "object"
    assert doc.rows == [
        {
            "name": "Acme Store",
            "currency": "EUR",
            "shipping.returns.window_days": 30,
            "shipping.returns.free": True,
            "shipping.zones": ["EU", "UK"],
        }
    ]
    assert [(s.heading_path, s.text) for s in doc.sections] == [
        ((), "name: Acme Store\ncurrency: EUR"),
        (
            ("shipping",),
            "shipping.returns.window_days: 30\nshipping.returns.free: true\nshipping.zones: EU, UK",
        ),
    ]
    _assert_offsets(doc)


def test_json_array_of_objects_becomes_rows(tmp_path: Path) -> None:
    content = '[{"sku": "A1", "price": 9.5, "dims": {"w": 2}}, {"sku": "B2", "price": null}]'
    doc = parse_document(_write(tmp_path, "items.json", content), name="items.json")
    assert doc.metadata["shape"] == "records"
    assert doc.rows == [{"sku": "A1", "price": 9.5, "dims.w": 2}, {"sku": "B2", "price": None}]
    assert doc.text == "sku: A1; price: 9.5; dims.w: 2\nsku: B2"
    assert doc.title == "items"


def test_invalid_json_names_the_position(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match=r"'x.json' is not valid JSON .*line 2") as caught:
        parse_document(_write(tmp_path, "x.json", '{"a": 1,\n oops}'), name="x.json")
    assert caught.value.field == "data"


def test_csv_dialect_header_and_string_cells(tmp_path: Path) -> None:
    content = 'SKU;Product Name;Price (EUR);SKU\nA1;"Widget; large";9.90;x\nB2;Gadget;19.50\n\n'
    doc = parse_document(_write(tmp_path, "catalog.csv", content), name="catalog.csv")
    assert doc.media_type == "text/csv"
    assert doc.metadata["delimiter"] == ";"
    assert doc.metadata["columns"] == ["SKU", "Product Name", "Price (EUR)", "SKU_2"]
    assert doc.rows == [
        {"SKU": "A1", "Product Name": "Widget; large", "Price (EUR)": "9.90", "SKU_2": "x"},
        {"SKU": "B2", "Product Name": "Gadget", "Price (EUR)": "19.50", "SKU_2": ""},
    ]
    assert doc.text.split("\n") == [
        "SKU: A1; Product Name: Widget; large; Price (EUR): 9.90; SKU_2: x",
        "SKU: B2; Product Name: Gadget; Price (EUR): 19.50",
    ]
    _assert_offsets(doc)


def test_csv_amounts_with_unquoted_thousands_separators_stay_whole(tmp_path: Path) -> None:
    """A row wider than its header by the groups of "£1,150" (not quoted) is read whole; a row
    wider for any other reason keeps its extra cells."""
    content = (
        "id,name,half_day,full_day\n"
        "BC-12,Osprey,£650,£1,150\n"
        "BC-14,Osprey II,£1,200,£2,350.50\n"
        "BC-30,Kestrel,£160,£260,spare\n"
    )
    doc = parse_document(_write(tmp_path, "boats.csv", content), name="boats.csv")
    assert doc.metadata["columns"] == ["id", "name", "half_day", "full_day", "column_5"]
    assert [(r["half_day"], r["full_day"]) for r in doc.rows] == [
        ("£650", "£1,150"),
        ("£1,200", "£2,350.50"),
        ("£160", "£260"),
    ]
    assert doc.rows[2]["column_5"] == "spare"


def test_csv_rejoins_only_where_it_is_not_in_doubt(tmp_path: Path) -> None:
    content = "sku,stock,price\n100,250,£1,150\n7,100,250,999\n"
    doc = parse_document(_write(tmp_path, "stock.csv", content), name="stock.csv")
    assert doc.rows[0] == {"sku": "100", "stock": "250", "price": "£1,150"}
    # (three places could join, one cell too many: the row is left as it is)
    assert doc.rows[1] == {"sku": "7", "stock": "100", "price": "250", "column_4": "999"}


def test_csv_rejoining_a_long_row_is_linear() -> None:
    from engramdb.knowledge.documents.csvdoc import _rejoined

    cells = ("£1" + ",000" * 60_000).split(",")
    assert _rejoined(cells, 1) == ["£1" + ",000" * 60_000]  # (one pass: quadratic took minutes)


def test_csv_with_only_a_header_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="no data rows"):
        parse_document(_write(tmp_path, "empty.csv", "a,b,c\n"), name="empty.csv")


def test_plain_text_paragraphs_and_title(tmp_path: Path) -> None:
    content = (
        "Return policy\r\n\r\nReturns within 30 days.\r\nNo receipt, no refund.\r\n\r\n\r\nEnd."
    )
    doc = parse_document(_write(tmp_path, "policy.txt", content.encode()), name="policy.txt")
    assert doc.media_type == "text/plain"
    assert doc.title == "Return policy"
    assert "\r" not in doc.text
    [section] = doc.sections
    assert section.heading_path == () and section.page is None
    assert (
        section.text == "Return policy\n\nReturns within 30 days.\nNo receipt, no refund.\n\nEnd."
    )
    _assert_offsets(doc)


def test_utf16_with_bom_is_decoded(tmp_path: Path) -> None:
    data = _write(tmp_path, "u.txt", codecs.BOM_UTF16_LE + "Prix : 30 €".encode("utf-16-le"))
    assert parse_document(data, name="u.txt").text == "Prix : 30 €"


def test_content_hash_is_sha256_of_the_bytes(tmp_path: Path) -> None:
    first = parse_document(_write(tmp_path, "a.md", MARKDOWN), name="a.md")
    again = parse_document(_write(tmp_path, "b.md", MARKDOWN), name="b.md")
    changed = parse_document(_write(tmp_path, "c.md", MARKDOWN + "x"), name="c.md")
    assert first.content_hash == again.content_hash == hashlib.sha256(MARKDOWN.encode()).hexdigest()
    assert changed.content_hash != first.content_hash


@pytest.mark.parametrize(
    ("data", "name", "media_type", "field", "needle"),
    [
        (b"caf\xe9 au lait", "menu.txt", None, "data", "byte 0xe9 at offset 3"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "image", None, "data", "not valid UTF-8"),
        (b"", "empty.txt", None, "data", "empty"),
        (b" \n\t\n", "blank.md", None, "data", "empty"),
        (b"<html><script>x()</script></html>", "s.html", None, "data", "no text"),
        (b"{}", "e.json", None, "data", "no text"),
        (b"hello", "", None, "name", "file name"),
        (b"hello", "a.txt", "image/png", "media_type", "not a supported"),
        ("hello", "a.txt", None, "data", "bytes"),
    ],
)
def test_bad_input_is_refused_with_its_field(
    data: bytes, name: str, media_type: str | None, field: str, needle: str
) -> None:
    with pytest.raises(ValidationError) as caught:
        parse_document(data, name=name, media_type=media_type)
    assert caught.value.field == field
    assert needle in str(caught.value)


def test_oversized_document_names_the_limit() -> None:
    with pytest.raises(ValidationError) as caught:
        parse_document(b"a" * (MAX_DOCUMENT_BYTES + 1), name="big.txt")
    assert caught.value.field == "data"
    assert caught.value.limit == MAX_DOCUMENT_BYTES
    assert str(MAX_DOCUMENT_BYTES) in str(caught.value)


@pytest.mark.parametrize(
    ("data", "name", "media_type", "expected"),
    [
        (b"# Title", "notes.txt", "text/markdown; charset=utf-8", "text/markdown"),
        (b"a,b\n1,2\n", "data.bin", "application/octet-stream", "text/csv"),
        (b'{"a": 1}', "doc.JSON", None, "application/json"),
        (b"<p>x</p>", "page.htm", None, "text/html"),
        (b'{"a": 1}', "api", "application/ld+json", "application/json"),
        (b"a\tb\n1\t2\n", "t.tsv", "text/tab-separated-values", "text/csv"),
        (b"%PDF-1.4 ...", "scan", None, "application/pdf"),
        (b'  [{"a": 1}]', "dump", None, "application/json"),
        (b"[not json", "brackets", None, "text/plain"),
        (b"<!-- c --><!DOCTYPE html><html></html>", "index", None, "text/html"),
        (b"Intro\n\n## Section\ntext", "readme", None, "text/markdown"),
        (b"Title\n=====\n\ntext", "readme", None, "text/markdown"),
        (b"sku,name,price\nA1,Widget,9.99\nB2,Gadget,19.5\n", "export", None, "text/csv"),
        (b"Hello, world.\nBye, now.\n", "note", None, "text/plain"),
        (b"Just one line, with a comma", "note", None, "text/plain"),
    ],
)
def test_format_detection(data: bytes, name: str, media_type: str | None, expected: str) -> None:
    assert detect_media_type(data, name=name, media_type=media_type) == expected


@pytest.mark.parametrize("media_type", ["text/html", "text/markdown"])
def test_control_characters_in_markup_are_read_as_spaces_not_an_error(media_type: str) -> None:
    """libxml2's HTML parser passes control characters on, and an lxml tree refuses them: one
    byte 0x1c uploaded as HTML or Markdown was a ValueError (a 500), found by the HTTP fuzz."""
    with pytest.raises(ValidationError, match="contains no text"):
        parse_document(b"\x1c", media_type=media_type, name="x")
    doc = parse_document(
        b'<p>a\x01b <a href="x\x02y">link</a></p>', media_type=media_type, name="x"
    )
    assert doc.text == "a b link"
