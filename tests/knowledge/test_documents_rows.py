"""Rows of CSV and JSON files as (subject, predicate, object) triples."""

from __future__ import annotations

from pathlib import Path

import pytest

from engramdb.errors import ValidationError
from engramdb.knowledge.documents import (
    ParsedDocument,
    Triple,
    normalize_key,
    parse_document,
    pick_key_column,
    rows_to_triples,
)


def _parse(tmp_path: Path, name: str, content: str) -> ParsedDocument:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    return parse_document(path.read_bytes(), name=name)


CATALOG = """Product Name,SKU,Price (EUR),Return Window
AirPods Pro,AP-2,279.00,30 days
Widget,W-1,,14 days
,X-9,5.00,
"""


def test_csv_rows_become_triples_keyed_by_the_id_column(tmp_path: Path) -> None:
    doc = _parse(tmp_path, "catalog.csv", CATALOG)
    triples = rows_to_triples(doc)
    assert triples[:3] == [
        Triple("AP-2", "product_name", "AirPods Pro", "sku", 0, "Product Name"),
        Triple("AP-2", "price_eur", "279.00", "sku", 0, "Price (EUR)"),
        Triple("AP-2", "return_window", "30 days", "sku", 0, "Return Window"),
    ]
    assert [(t.subject, t.predicate) for t in triples[3:]] == [
        ("W-1", "product_name"),  # the empty price cell gives no triple
        ("W-1", "return_window"),
        ("X-9", "price_eur"),
    ]


def test_explicit_key_column_and_rows_without_a_key(tmp_path: Path) -> None:
    doc = _parse(tmp_path, "catalog.csv", CATALOG)
    triples = rows_to_triples(doc, key_column="Product Name")
    assert {t.subject for t in triples} == {"AirPods Pro", "Widget"}  # row 3 has no name
    assert {t.subject_type for t in triples} == {"product_name"}
    assert Triple("Widget", "sku", "W-1", "product_name", 1, "SKU") in triples


def test_unknown_key_column_is_refused(tmp_path: Path) -> None:
    doc = _parse(tmp_path, "catalog.csv", CATALOG)
    with pytest.raises(ValidationError, match="'Colour' is not a column") as caught:
        rows_to_triples(doc, key_column="Colour")
    assert caught.value.field == "key_column"


def test_without_an_id_like_column_the_first_column_is_the_key(tmp_path: Path) -> None:
    doc = _parse(tmp_path, "cities.csv", "City,Country,Population\nLyon,France,522000\n")
    assert rows_to_triples(doc) == [
        Triple("Lyon", "country", "France", "city", 0, "Country"),
        Triple("Lyon", "population", "522000", "city", 0, "Population"),
    ]


def test_json_object_subject_is_the_document_title(tmp_path: Path) -> None:
    content = '{"returns": {"windowDays": 30, "restockingFee": null}, "channels": ["web", "store"]}'
    doc = _parse(tmp_path, "store-policy.json", content)
    assert rows_to_triples(doc) == [
        Triple("store-policy", "returns.window_days", "30", "document", 0, "returns.windowDays"),
        Triple("store-policy", "channels", "web", "document", 0, "channels"),
        Triple("store-policy", "channels", "store", "document", 0, "channels"),
    ]


def test_json_records_use_the_key_column(tmp_path: Path) -> None:
    content = '[{"id": 7, "name": "Desk", "in_stock": true}, {"id": 8, "dims": {"w": 1.5}}]'
    doc = _parse(tmp_path, "items.json", content)
    assert rows_to_triples(doc) == [
        Triple("7", "name", "Desk", "id", 0, "name"),
        Triple("7", "in_stock", "true", "id", 0, "in_stock"),
        Triple("8", "dims.w", "1.5", "id", 1, "dims.w"),
    ]


def test_prose_documents_have_no_triples(tmp_path: Path) -> None:
    assert rows_to_triples(_parse(tmp_path, "a.md", "# Title\n\nSome prose.")) == []


@pytest.mark.parametrize(
    ("raw", "normal"),
    [
        ("Return Window (days)", "return_window_days"),
        ("windowDays", "window_days"),
        ("SKU", "sku"),
        ("  Price € ", "price"),
        ("shipping.returns.windowDays", "shipping.returns.window_days"),
    ],
)
def test_normalize_key(raw: str, normal: str) -> None:
    assert normalize_key(raw) == normal


@pytest.mark.parametrize(
    ("columns", "key"),
    [
        (["Name", "SKU", "ID"], "ID"),
        (["Title", "Product"], "Product"),
        (["colour", "product_id", "name"], "name"),
        (["colour", "Product Name"], "Product Name"),
        (["colour", "size"], "colour"),
    ],
)
def test_pick_key_column(columns: list[str], key: str) -> None:
    assert pick_key_column(columns) == key
