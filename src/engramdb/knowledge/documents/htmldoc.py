"""HTML via BeautifulSoup and the stdlib parser: h1–h6 build the heading path, block elements
become paragraphs, and page furniture (scripts, styles, navigation) is dropped."""

from __future__ import annotations

import re
import warnings
from collections import deque
from collections.abc import Callable, Iterator
from html.parser import HTMLParser

from bs4 import BeautifulSoup, MarkupResemblesLocatorWarning, Tag, XMLParsedAsHTMLWarning
from bs4.element import NavigableString, PageElement, PreformattedString

from ._text import Extraction, TextBuilder, decode_text, file_stem, squash_spaces
from .model import Table
from .rows import grid_table

__all__ = ["parse_html", "soup"]

_DROP = ("script", "style", "nav", "noscript", "template", "svg", "iframe", "head")
_SPACE = re.compile(r"\s+")
_HEADINGS = {f"h{n}": n for n in range(1, 7)}
_BLOCKS = frozenset(
    [
        "address",
        "article",
        "aside",
        "blockquote",
        "body",
        "caption",
        "dd",
        "details",
        "dialog",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "header",
        "hr",
        "li",
        "main",
        "ol",
        "p",
        "section",
        "summary",
        "ul",
    ]
)


def parse_html(data: bytes, name: str) -> Extraction:
    tree = soup(decode_text(data, name))
    title_tag = tree.find("title")
    page_title = " ".join(title_tag.get_text().split()) if title_tag else ""
    for tag in tree.find_all(_DROP):
        tag.decompose()
    links = [str(a["href"]) for a in tree.find_all("a", href=True)]

    walker = _Walker()
    walker.walk(tree.body or tree)
    walker.flush()
    body, sections = walker.builder.build()

    title = page_title or walker.first_h1 or file_stem(name)
    metadata: dict[str, object] = {"links": list(dict.fromkeys(links))} if links else {}
    return Extraction(
        title=title, text=body, sections=sections, metadata=metadata, tables=walker.tables
    )


def soup(markup: str) -> BeautifulSoup:
    """Parse with the stdlib parser, without bs4's guesses about what the caller meant: a
    document that happens to look like a file name or like XML is still just a document.

    The markup is made :func:`complete` first, so parsing is linear in its length."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MarkupResemblesLocatorWarning)
        warnings.simplefilter("ignore", XMLParsedAsHTMLWarning)
        return BeautifulSoup(complete(markup), "html.parser")


# "&#" that does not start a character reference: the stdlib parser stops there and reads the
# rest of the document again when it is closed (``charref`` in ``html.parser``, as a lookahead).
_BAD_CHARREF = re.compile(r"&#(?!(?:[0-9]++|[xX][0-9a-fA-F]++)[^0-9a-fA-F])")


def complete(markup: str) -> str:
    """``markup`` without a construct the end of the file leaves open, in linear time.

    ``html.parser`` stops at a tag, comment, declaration or processing instruction that is not
    closed and, when the document ends, reads it again one character at a time, each time
    searching to the end: quadratic in what follows (``<!--`` or ``<a`` repeated, 64 KiB: tens
    of seconds). As HTML5 does at the end of the file, such a construct and everything after it
    are dropped (an unclosed comment is a comment, an unclosed tag is no tag); a stray ``&#`` is
    written as the text it is (``&amp;#``). A throwaway parser with no handlers finds where the
    real one would stop.
    """
    markup = _BAD_CHARREF.sub("&amp;#", markup)
    probe = HTMLParser(convert_charrefs=False)  # as bs4's parser: the same stopping point
    probe.feed(markup)
    rest = probe.rawdata
    if rest.startswith("<"):
        markup = markup[: len(markup) - len(rest)]
    return markup


class _Walker:
    """Depth-first walk that gathers inline text into the current block.

    Iterative (an explicit stack, not recursion), so a document nested thousands of levels
    deep is read like any other."""

    def __init__(self) -> None:
        self.builder = TextBuilder()
        self.tables: list[Table] = []
        self.first_h1 = ""
        self._stack: list[tuple[int, str]] = []
        self._buffer: list[str] = []
        self._prefix = ""

    @property
    def _path(self) -> tuple[str, ...]:
        return tuple(text for _, text in self._stack)

    def flush(self) -> None:
        text = squash_spaces("".join(self._buffer))
        self._buffer.clear()
        if text:
            self.builder.block(self._prefix + text, self._path)
            self._prefix = ""

    def walk(self, node: Tag) -> None:
        todo: list[tuple[Iterator[PageElement], Callable[[], None] | None]] = [
            (iter(node.children), None)
        ]
        while todo:
            children, after = todo[-1]
            child = next(children, None)
            if child is None:
                todo.pop()
                if after is not None:
                    after()
            elif isinstance(child, NavigableString):
                if not isinstance(child, PreformattedString):  # comments, doctype, CDATA
                    self._buffer.append(_SPACE.sub(" ", str(child)))
            elif isinstance(child, Tag):
                descend, then = self._tag(child)
                if descend:
                    todo.append((iter(child.children), then))

    def _tag(self, tag: Tag) -> tuple[bool, Callable[[], None] | None]:
        """Handle ``tag``; whether to walk its children, and what to do after them."""
        name = tag.name
        if name in _HEADINGS:
            self.flush()
            self._heading(_HEADINGS[name], " ".join(tag.get_text(" ").split()))
        elif name == "br":
            self._buffer.append("\n")
        elif name == "pre":
            self.flush()
            self.builder.block(tag.get_text().strip("\n"), self._path)
        elif name == "table":
            self.flush()
            for grid in _tables(tag):
                span = self.builder.block("\n".join(" | ".join(r) for r in grid), self._path)
                table = grid_table(grid, self._path, span)
                if table is not None:
                    self.tables.append(table)
        elif name == "li":
            self.flush()
            self._prefix = "- "
            return True, self._end_item
        elif name in _BLOCKS:
            self.flush()
            return True, self.flush
        else:
            return True, None
        return False, None

    def _end_item(self) -> None:
        self.flush()
        self._prefix = ""

    def _heading(self, level: int, text: str) -> None:
        if not text:
            return
        while self._stack and self._stack[-1][0] >= level:
            self._stack.pop()
        self._stack.append((level, text))
        self.builder.heading(text)
        if level == 1 and not self.first_h1:
            self.first_h1 = text


def _tables(table: Tag) -> list[list[list[str]]]:
    """The rows (lists of cell texts) of ``table`` and then of each table nested in it, in linear
    time: a cell's text leaves out the tables nested in it (they are read as tables of their
    own), so no text is read twice however deep tables nest."""
    out: list[list[str]] = []
    queue = deque([table])
    while queue:
        current = queue.popleft()
        rows: list[list[str]] = []
        row: list[list[str]] | None = None
        cell: list[str] | None = None
        cell_tag: Tag | None = None
        # (node, is this the end marker of a row or cell)
        todo: list[tuple[PageElement, str]] = [(c, "") for c in reversed(list(current.children))]
        while todo:
            node, mark = todo.pop()
            if mark == "cell":
                if row is not None and cell is not None:
                    row.append(cell)
                cell, cell_tag = None, None
                continue
            if mark == "row":
                if row is not None:
                    _add_row(rows, row)
                row = None
                continue
            if isinstance(node, Tag):
                if node.name == "table":
                    queue.append(node)
                    continue
                children = [(c, "") for c in reversed(list(node.children))]
                if node.name == "tr" and row is None:
                    row = []
                    todo.append((node, "row"))
                elif node.name in ("td", "th") and row is not None and cell is None:
                    cell, cell_tag = [], node
                    todo.append((node, "cell"))
                todo.extend(children)
            elif cell is not None and cell_tag is not None and _is_text(cell_tag, node):
                cell.append(str(node))
        if rows:
            out.append(rows)
    return out


def _add_row(rows: list[list[str]], cells: list[list[str]]) -> None:
    texts = [" ".join(" ".join(parts).split()) for parts in cells]
    if any(texts):
        rows.append(texts)


def _is_text(tag: Tag, node: PageElement) -> bool:
    """Whether ``tag.get_text()`` would include the string ``node``."""
    if not isinstance(node, NavigableString):
        return False
    types = tag.interesting_string_types
    if isinstance(types, type):
        return type(node) is types
    return types is None or type(node) in types
