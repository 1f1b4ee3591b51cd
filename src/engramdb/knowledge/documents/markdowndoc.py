"""Markdown via markdown-it-py tokens: headings build the heading path, everything else is text.

Inline markup is reduced to its words (``**30 days**`` → ``30 days``, links keep their label) so
sentences read as prose; lists keep their markers, tables become ``cell | cell`` lines and code
blocks stay verbatim, so nothing is lost for chunking.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from markdown_it import MarkdownIt
from markdown_it.token import Token

from ._text import Extraction, TextBuilder, decode_text, file_stem, squash_spaces
from .htmldoc import soup
from .model import Table
from .rows import grid_table

__all__ = ["parse_markdown"]

_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?\n)?(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.DOTALL)
# (the value's trailing blanks are stripped in code: "(.*?)[ \t]*$" is quadratic on them)
_FRONT_MATTER_LINE = re.compile(r"^([A-Za-z_][\w-]*+)[ \t]*+:[ \t]*+(.*)$")


def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark").enable(["table", "strikethrough"])


def parse_markdown(data: bytes, name: str) -> Extraction:
    source = decode_text(data, name)
    front: dict[str, str] = {}
    match = _FRONT_MATTER.match(source)
    if match:
        front = _front_matter(match.group(1) or "")
        source = source[match.end() :]

    links: list[str] = []
    builder = TextBuilder()
    stack: list[tuple[int, str]] = []
    first_heading: tuple[int, str] | None = None
    tables: list[Table] = []
    for kind, level, text in _blocks(_parser().parse(source), links):
        if kind == "heading":
            if not text:
                continue
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, text))
            builder.heading(text)
            if first_heading is None or (level == 1 and first_heading[0] != 1):
                first_heading = (level, text)
        else:
            path = tuple(t for _, t in stack)
            span = builder.block(text, path)
            grid = _grid(text) if kind == "table" else None
            table = grid_table(grid, path, span) if grid else None
            if table is not None:
                tables.append(table)
    body, sections = builder.build()

    title = front.get("title") or (first_heading[1] if first_heading else "") or file_stem(name)
    metadata: dict[str, object] = {}
    if front:
        metadata["front_matter"] = front
    if links:
        metadata["links"] = list(dict.fromkeys(links))
    return Extraction(title=title, text=body, sections=sections, metadata=metadata, tables=tables)


def _grid(text: str) -> list[list[str]]:
    """A table block's ``cell | cell`` lines back as cells (cells never hold a newline)."""
    return [line.split(" | ") for line in text.split("\n")]


def _front_matter(raw: str) -> dict[str, str]:
    """Top-level ``key: value`` lines only; enough for a title without a YAML dependency."""
    found: dict[str, str] = {}
    for line in raw.split("\n"):
        m = _FRONT_MATTER_LINE.match(line)
        value = m.group(2).rstrip(" \t") if m else ""
        if m and value:
            found[m.group(1).lower()] = value.strip("'\"")
    return found


def _blocks(tokens: Sequence[Token], links: list[str]) -> Iterator[tuple[str, int, str]]:
    """Yield ("heading", level, text) and ("block", 0, text) for each top-level block."""
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.type == "heading_open":
            yield "heading", int(token.tag[1:]), _inline(tokens[i + 1], links).replace("\n", " ")
            i += 3
        elif token.type in ("fence", "code_block"):
            yield "block", 0, token.content.rstrip("\n")
            i += 1
        elif token.type == "html_block":
            yield "block", 0, _html_text(token.content)
            i += 1
        elif token.nesting == 1:
            end = _closing(tokens, i)
            kind = "table" if token.type == "table_open" else "block"
            yield kind, 0, _container(tokens[i : end + 1], links)
            i = end + 1
        else:
            i += 1


def _closing(tokens: Sequence[Token], start: int) -> int:
    depth = 0
    for j in range(start, len(tokens)):
        depth += tokens[j].nesting
        if depth == 0:
            return j
    return len(tokens) - 1


def _container(tokens: Sequence[Token], links: list[str]) -> str:
    """Paragraphs, lists, tables and quotes as lines of text."""
    lines: list[str] = []
    lists: list[list[int]] = []  # per open list: [ordered, counter]
    marker: str | None = None
    row: list[str] | None = None
    for token in tokens:
        kind = token.type
        if kind in ("bullet_list_open", "ordered_list_open"):
            start = int(token.attrGet("start") or 1) if kind == "ordered_list_open" else 1
            lists.append([kind == "ordered_list_open", start - 1])
        elif kind in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif kind == "list_item_open" and lists:
            lists[-1][1] += 1
            ordered, number = lists[-1]
            marker = "  " * (len(lists) - 1) + (f"{number}. " if ordered else "- ")
        elif kind == "tr_open":
            row = []
        elif kind == "tr_close" and row is not None:
            lines.append(" | ".join(row))
            row = None
        elif kind in ("fence", "code_block"):
            lines.append(token.content.rstrip("\n"))
        elif kind == "html_block":
            lines.append(_html_text(token.content))
        elif kind == "inline":
            text = _inline(token, links)
            if row is not None:
                row.append(text.replace("\n", " "))
                continue
            indent = marker if marker is not None else "  " * len(lists)
            marker = None
            lines.append(indent + text.replace("\n", "\n" + " " * len(indent)))
    return "\n".join(line for line in lines if line.strip())


def _inline(token: Token, links: list[str]) -> str:
    parts: list[str] = []
    for child in token.children or ():
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append("\n")
        elif child.type == "image":
            parts.append(child.content)
        elif child.type == "link_open":
            href = child.attrGet("href")
            if href:
                links.append(str(href))
    return "".join(parts).strip()


def _html_text(html: str) -> str:
    return squash_spaces(soup(html).get_text("\n"))
