"""HTML via BeautifulSoup and the stdlib parser: h1–h6 build the heading path, block elements
become paragraphs, and page furniture (scripts, styles, navigation) is dropped."""

from __future__ import annotations

import re
import warnings

from bs4 import BeautifulSoup, MarkupResemblesLocatorWarning, Tag, XMLParsedAsHTMLWarning
from bs4.element import NavigableString, PreformattedString

from ._text import Extraction, TextBuilder, decode_text, file_stem, squash_spaces

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
    return Extraction(title=title, text=body, sections=sections, metadata=metadata)


def soup(markup: str) -> BeautifulSoup:
    """Parse with the stdlib parser, without bs4's guesses about what the caller meant: a
    document that happens to look like a file name or like XML is still just a document."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MarkupResemblesLocatorWarning)
        warnings.simplefilter("ignore", XMLParsedAsHTMLWarning)
        return BeautifulSoup(markup, "html.parser")


class _Walker:
    """Depth-first walk that gathers inline text into the current block."""

    def __init__(self) -> None:
        self.builder = TextBuilder()
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
        for child in node.children:
            if isinstance(child, NavigableString):
                if not isinstance(child, PreformattedString):  # comments, doctype, CDATA
                    self._buffer.append(_SPACE.sub(" ", str(child)))
            elif isinstance(child, Tag):
                self._tag(child)

    def _tag(self, tag: Tag) -> None:
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
            rows = []
            for tr in tag.find_all("tr"):
                cells = [" ".join(c.get_text(" ").split()) for c in tr.find_all(("td", "th"))]
                if any(cells):
                    rows.append(" | ".join(cells))
            self.builder.block("\n".join(rows), self._path)
        elif name == "li":
            self.flush()
            self._prefix = "- "
            self.walk(tag)
            self.flush()
            self._prefix = ""
        elif name in _BLOCKS:
            self.flush()
            self.walk(tag)
            self.flush()
        else:
            self.walk(tag)

    def _heading(self, level: int, text: str) -> None:
        if not text:
            return
        while self._stack and self._stack[-1][0] >= level:
            self._stack.pop()
        self._stack.append((level, text))
        self.builder.heading(text)
        if level == 1 and not self.first_h1:
            self.first_h1 = text
