"""Tables (CSV, JSON, Markdown, HTML) read as frames: the row's name is the subject, its codes
are aliases, the header names the attribute and gives bare numbers their unit."""

from __future__ import annotations

from pathlib import Path

import pytest

from engramdb.errors import ValidationError
from engramdb.knowledge.claims import ORG
from engramdb.knowledge.documents import (
    ParsedDocument,
    Triple,
    normalize_key,
    parse_document,
    pick_key_column,
    rows_to_triples,
)
from engramdb.knowledge.documents.rows import header_unit


def _parse(tmp_path: Path, name: str, content: str) -> ParsedDocument:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    return parse_document(path.read_bytes(), name=name)


def _facts(doc: ParsedDocument) -> set[tuple[str, str, str]]:
    return {(t.subject, t.predicate, t.object) for t in rows_to_triples(doc)}


CATALOG = """Product Name,SKU,Price (EUR),Return Window
AirPods Pro,AP-2,279.00,30 days
Widget,W-1,,14 days
,X-9,5.00,
"""


def test_csv_rows_are_named_by_their_name_column_with_the_sku_as_alias(tmp_path: Path) -> None:
    """The seed's own case: chat says "the AirPods Pro", not AP-2."""
    triples = rows_to_triples(_parse(tmp_path, "catalog.csv", CATALOG))
    assert triples[:2] == [
        Triple("AirPods Pro", "price", "279.00 EUR", "catalog", 0, "Price (EUR)", ("AP-2",)),
        Triple("AirPods Pro", "return_window", "30 days", "catalog", 0, "Return Window", ("AP-2",)),
    ]
    # the empty price cell gives no triple; a row without a name is named by its code; the
    # codes are aliases, not attributes
    assert [(t.subject, t.predicate, t.aliases) for t in triples[2:]] == [
        ("Widget", "return_window", ("W-1",)),
        ("X-9", "price", ()),
    ]


def test_explicit_key_column_and_an_unknown_one(tmp_path: Path) -> None:
    doc = _parse(tmp_path, "catalog.csv", CATALOG)
    assert {t.subject for t in rows_to_triples(doc, key_column="SKU")} == {"AP-2", "W-1", "X-9"}
    with pytest.raises(ValidationError, match="'Colour' is not a column") as caught:
        rows_to_triples(doc, key_column="Colour")
    assert caught.value.field == "key_column"


def test_header_units_type_bare_numbers(tmp_path: Path) -> None:
    doc = _parse(
        tmp_path,
        "kit.csv",
        "name,weight_g,battery_life_hours,price_usd,discount_pct,colour\n"
        "Aria Headphones,250,30,129.00,10,black\n",
    )
    assert _facts(doc) == {
        ("Aria Headphones", "weight", "250 g"),
        ("Aria Headphones", "battery_life", "30 hours"),
        ("Aria Headphones", "price", "129.00 USD"),
        ("Aria Headphones", "discount", "10%"),
        ("Aria Headphones", "colour", "black"),
    }


@pytest.mark.parametrize(
    ("header", "attribute", "unit"),
    [
        ("weight_g", "weight", "g"),
        ("Price (EUR)", "price", "EUR"),
        ("Price (USD/month)", "price_month", "USD"),
        ("price_month", "price_month", None),  # per month, not a number of months
        ("duration_minutes", "duration", "minutes"),
        ("Return Window", "return_window", None),
        ("g", "g", None),
        # a unit of time inside a key ("28" under it is 28 days), but not a leading one
        ("balance_due_days_before_arrival", "balance_due_before_arrival", "days"),
        ("days_open", "days_open", None),
        ("opening_hours_sunday", "opening_hours_sunday", None),
    ],
)
def test_header_unit(header: str, attribute: str, unit: str | None) -> None:
    assert header_unit(header) == (attribute, unit)


def test_rows_of_one_name_are_told_apart_by_a_qualifying_column(tmp_path: Path) -> None:
    doc = _parse(
        tmp_path,
        "fares.csv",
        "route,passenger,price_gbp\nLeeds-York,adult,12.50\nLeeds-York,child,6.25\n",
    )
    assert _facts(doc) == {
        ("Leeds-York", "adult_price", "12.50 GBP"),
        ("Leeds-York", "child_price", "6.25 GBP"),
    }


def test_json_things_are_named_and_the_top_level_is_the_organisation(tmp_path: Path) -> None:
    content = """{"company": "Northwind", "free_shipping_over_usd": 75,
      "stores": [{"id": "NW-PDX", "name": "Portland", "hours": {"sun": "11:00-18:00"},
                  "services": ["ski tuning", "bike repair"]}],
      "loyalty": {"program": "Trailpoints", "points_per_dollar": 2}}"""
    triples = rows_to_triples(_parse(tmp_path, "stores.json", content))
    facts = {(t.subject, t.predicate, t.object) for t in triples}
    assert facts == {
        ("Northwind", "free_shipping_over", "75 USD"),
        ("Portland", "hours_sun", "11:00-18:00"),
        ("Portland", "services", "ski tuning"),
        ("Portland", "services", "bike repair"),
        ("Trailpoints", "points_per_dollar", "2"),
    }
    assert {t.subject: t.subject_type for t in triples}["Northwind"] == "organisation"
    assert {t.subject: t.aliases for t in triples}["Portland"] == ("NW-PDX",)


def test_an_unnamed_json_object_speaks_for_the_organisation(tmp_path: Path) -> None:
    content = '{"returns": {"windowDays": 30, "restockingFee": null}, "channels": ["web", "store"]}'
    assert _facts(_parse(tmp_path, "store-policy.json", content)) == {
        (ORG, "returns_window", "30 days"),
        (ORG, "channels", "web"),
        (ORG, "channels", "store"),
    }


def test_markdown_tables_comparison_matrices_and_html_properties(tmp_path: Path) -> None:
    md = _parse(
        tmp_path,
        "plans.md",
        "# Plans\n\nPick one.\n\n| Plan | Price (USD/month) | Seats |\n|---|---|---|\n"
        "| Starter | 19 | 3 |\n| Team | 79 | 10 |\n\n## Compare\n\n"
        "| Feature | Starter | Team |\n|---|---|---|\n| SSO | no | yes |\n",
    )
    assert _facts(md) == {
        ("Starter", "price_month", "19 USD"),
        ("Starter", "seats", "3"),
        ("Team", "price_month", "79 USD"),
        ("Team", "seats", "10"),
        ("Starter", "sso", "no"),
        ("Team", "sso", "yes"),
    }
    html = _parse(
        tmp_path,
        "shell.html",
        "<h1>Ridgeline Shell</h1><h2>Specifications</h2><table><tr><th>Spec</th><th>Value</th>"
        "</tr><tr><td>Weight (g)</td><td>410</td></tr><tr><td>Fabric</td><td>nylon</td></tr>"
        "</table><h2>Opening hours</h2><table><tr><td>Sunday</td><td>10-4</td></tr></table>",
    )
    shop = _parse(
        tmp_path,
        "hours.html",
        "<h2>Opening hours</h2><table><tr><td>Sunday</td><td>10-4</td></tr></table>",
    )
    assert _facts(shop) == {(ORG, "opening_hours_sunday", "10-4")}
    assert _facts(html) == {
        ("Ridgeline Shell", "weight", "410 g"),
        ("Ridgeline Shell", "fabric", "nylon"),
        ("Ridgeline Shell", "opening_hours_sunday", "10-4"),
    }


def test_a_header_row_the_markup_names_is_read_even_when_its_labels_hold_numbers(
    tmp_path: Path,
) -> None:
    """ "Standard (3 working days)" looks like a value, but the Markdown (and an HTML ``th``)
    says it is a header: the rows are frames, not one sentence of the whole table."""
    md = _parse(
        tmp_path,
        "prices.md",
        "## Dry cleaning\n\n| Item | Standard (3 working days) | Express (next day) |\n"
        "|---|---|---|\n| Two-piece suit | £16.50 | £22.00 |\n| Trousers | £7.20 | £9.90 |\n",
    )
    facts = _facts(md)
    assert ("Two-piece suit", "express_next_day", "£22.00") in facts
    assert len(facts) == 4 and {f[0] for f in facts} == {"Two-piece suit", "Trousers"}
    html = _parse(
        tmp_path,
        "fees.html",
        "<table><tr><th>Ticket</th><th>Off-peak (before 5pm)</th><th>Peak</th></tr>"
        "<tr><td>Adult</td><td>£8.20</td><td>£11.60</td></tr></table>",
    )
    assert {f[0] for f in _facts(html)} == {"Adult"} and len(_facts(html)) == 2
    for name, text in (
        (  # no header cells: a first row of values is not taken for labels
            "grid.html",
            "<table><tr><td>Adult</td><td>£8.20</td><td>£11.60</td></tr>"
            "<tr><td>Child</td><td>£6.10</td><td>£7.90</td></tr></table>",
        ),
        (  # Markdown's header row holding the first row of data: its values are no labels
            "grid.md",
            "| Adult | £8.20 | £11.60 |\n|---|---|---|\n| Child | £6.10 | £7.90 |\n",
        ),
    ):
        facts = _facts(_parse(tmp_path, name, text))
        assert not any("8_20" in f[1] or "11_60" in f[1] for f in facts), facts
    rooms = _parse(  # a two-column Markdown table is properties, whatever its first row
        tmp_path,
        "room.md",
        "# The Harbour Room\n\n| Check-in | 3 pm |\n|---|---|\n| Check-out | 11 am |\n",
    )
    assert sorted(f[2] for f in _facts(rooms)) == ["11 am", "3 pm"]
    assert not any("3_pm" in f[1] for f in _facts(rooms))


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
        (["Name", "SKU", "ID"], "Name"),
        (["Title", "Product"], "Title"),
        (["colour", "product_id", "name"], "name"),
        (["colour", "Product Name"], "Product Name"),
        (["colour", "size"], "colour"),
    ],
)
def test_pick_key_column(columns: list[str], key: str) -> None:
    assert pick_key_column(columns) == key


def test_a_qualifier_tells_namesakes_apart_and_leaves_other_rows_alone(tmp_path: Path) -> None:
    doc = _parse(
        tmp_path,
        "eggs.csv",
        "name,size,price_gbp\nEggs,6 pack,1.90\nEggs,12 pack,3.40\nOat Milk,1L,1.85\n",
    )
    assert _facts(doc) == {
        ("Eggs", "6_pack_price", "1.90 GBP"),
        ("Eggs", "12_pack_price", "3.40 GBP"),
        ("Oat Milk", "size", "1L"),
        ("Oat Milk", "price", "1.85 GBP"),
    }


def test_a_json_documents_currency_prices_its_bare_amounts(tmp_path: Path) -> None:
    content = (
        '{"store": "Corner Pantry", "currency": "GBP", "delivery": {"fee": 3.5},'
        ' "products": [{"name": "Oat Milk", "price": 1.85, "size": "1L"}]}'
    )
    facts = _facts(_parse(tmp_path, "shop.json", content))
    assert facts == {
        ("Corner Pantry", "delivery_fee", "3.5 GBP"),
        ("Oat Milk", "price", "1.85 GBP"),
        ("Oat Milk", "size", "1L"),
    }


def test_a_csv_comparison_grid_is_read_one_column_per_thing(tmp_path: Path) -> None:
    """ "benefit,basic_gbp,plus_gbp": the rows are attributes, each other column is a plan; its
    header names it and gives its bare numbers their unit (as Markdown and HTML grids)."""
    grid = "benefit,basic_gbp,plus_gbp\nCancellation,3000,5000\nBaggage,1500,\n"
    assert _facts(_parse(tmp_path, "cover.csv", grid)) == {
        ("Basic", "cancellation", "3000 GBP"),
        ("Basic", "baggage", "1500 GBP"),
        ("Plus", "cancellation", "5000 GBP"),
    }
    # an ordinary table whose first column happens to be a benefit name stays one row a thing
    rows = "name,cancellation_gbp\nBasic,3000\n"
    assert _facts(_parse(tmp_path, "plans.csv", rows)) == {("Basic", "cancellation", "3000 GBP")}
