"""Markdown via cmark-gfm (GitHub's C implementation of CommonMark, with tables and
strikethrough), read from the HTML it renders: headings build the heading path, every other
top-level block becomes one block of text.

Inline markup is reduced to its words (``**30 days**`` → ``30 days``, links keep their label,
images their alt text) so sentences read as prose; list items keep their markers (``-``,
``1.``, indented two spaces per level), tables become ``cell | cell`` lines and code blocks stay
verbatim, so nothing is lost for chunking. Raw HTML in the Markdown is read for its text like
any other. cmark parses in linear time (markdown-it-py, used before, took a second on 64 KiB
of one-word list items); the tree is walked iteratively, so nesting costs nothing extra, and
nesting deeper than :data:`~.htmldoc.MAX_HTML_DEPTH` is refused as in HTML.
"""

from __future__ import annotations

import re

import cmarkgfm
from cmarkgfm.cmark import Options
from lxml import etree

from ._text import Extraction, HeadingPath, TextBuilder, decode_text, file_stem
from .budget import checkpoint, while_checking
from .htmldoc import DROP, add_tables, html_tree, tag_of
from .model import Table

__all__ = ["parse_markdown"]

_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?\n)?(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.DOTALL)
# (the value's trailing blanks are stripped in code: "(.*?)[ \t]*$" is quadratic on them)
_FRONT_MATTER_LINE = re.compile(r"^([A-Za-z_][\w-]*+)[ \t]*+:[ \t]*+(.*)$")
_HEADINGS = {f"h{n}": n for n in range(1, 7)}
# raw HTML is kept (UNSAFE): it is read for its text, never rendered
_OPTIONS = Options.CMARK_OPT_UNSAFE


def parse_markdown(data: bytes, name: str) -> Extraction:
    source = decode_text(data, name)
    front: dict[str, str] = {}
    match = _FRONT_MATTER.match(source)
    if match:
        front = _front_matter(match.group(1) or "")
        source = source[match.end() :]
    html = while_checking(
        lambda: cmarkgfm.markdown_to_html_with_extensions(
            source, options=_OPTIONS, extensions=["table", "strikethrough"]
        )
    )
    reader = _Reader()
    root = html_tree(html, name) if html.strip() else None
    if root is not None:
        reader.read(root)
    body, sections = reader.builder.build()

    first = reader.first_heading
    title = front.get("title") or (first[1] if first else "") or file_stem(name)
    metadata: dict[str, object] = {}
    if front:
        metadata["front_matter"] = front
    if reader.links:
        metadata["links"] = list(dict.fromkeys(reader.links))
    return Extraction(
        title=title, text=body, sections=sections, metadata=metadata, tables=reader.tables
    )


def _front_matter(raw: str) -> dict[str, str]:
    """Top-level ``key: value`` lines only; enough for a title without a YAML dependency."""
    found: dict[str, str] = {}
    for line in raw.split("\n"):
        m = _FRONT_MATTER_LINE.match(line)
        value = m.group(2).rstrip(" \t") if m else ""
        if m and value:
            found[m.group(1).lower()] = value.strip("'\"")
    return found


class _Reader:
    """One walk over the rendered tree. A top-level block gathers its paragraphs and list items
    as lines; a line is the inline text of a paragraph, list item or cell."""

    def __init__(self) -> None:
        self.builder = TextBuilder()
        self.tables: list[Table] = []
        self.links: list[str] = []
        self.first_heading: tuple[int, str] | None = None
        self._headings = HeadingPath()
        self._lines: list[str] = []
        self._line: list[str] = []
        self._lists: list[list[int]] = []  # per open list: [ordered, counter]
        self._marker: str | None = None

    @property
    def _path(self) -> tuple[str, ...]:
        return self._headings.path

    def read(self, root: etree._Element) -> None:
        body = root.find("body")
        top = body if body is not None else root
        events = etree.iterwalk(top, events=("start", "end"))
        for event, el in events:
            if el is top:
                continue
            name = tag_of(el)
            if event == "start":
                checkpoint()
                if name in DROP or not name or not self._open(el, name):
                    events.skip_subtree()
                elif el.text:
                    self._line.append(el.text)
                continue
            if name in ("ul", "ol"):
                self._end_line()
                self._lists.pop()
            elif name not in _INLINE:
                self._end_line()
            if el.getparent() is top:
                self._end_block()
            elif el.tail:
                self._line.append(el.tail)

    def _open(self, el: etree._Element, name: str) -> bool:
        """Handle an element's start; whether to walk into it."""
        if name in _HEADINGS:
            self._end_block()
            text = " ".join(" ".join(el.itertext()).split())
            if text:
                self._heading(_HEADINGS[name], text)
            return False
        if name == "pre":
            self._end_line()
            self._lines.append("".join(el.itertext()).rstrip("\n"))
            return False
        if name == "table":
            self._end_block()
            self.tables += add_tables(self.builder, el, self._path)
            return False
        if name in ("ul", "ol"):
            self._end_line()
            start = el.get("start", "1") if name == "ol" else "1"
            self._lists.append([name == "ol", (int(start) if start.isdigit() else 1) - 1])
        elif name == "li":
            self._end_line()
            if self._lists:
                self._lists[-1][1] += 1
                ordered, number = self._lists[-1]
                self._marker = "  " * (len(self._lists) - 1) + (f"{number}. " if ordered else "- ")
        elif name == "br":
            self._line.append("\n")
        elif name == "img":
            self._line.append(el.get("alt", ""))
        elif name == "a" and el.get("href"):
            self.links.append(el.get("href", ""))
        elif name not in _INLINE:
            self._end_line()
        return True

    def _end_line(self) -> None:
        text = "".join(self._line).strip()
        self._line.clear()
        if not text:
            return
        indent = self._marker if self._marker is not None else "  " * len(self._lists)
        self._marker = None
        self._lines.append(indent + text.replace("\n", "\n" + " " * len(indent)))

    def _end_block(self) -> None:
        self._end_line()
        text = "\n".join(line for line in self._lines if line.strip())
        self._lines.clear()
        self.builder.block(text, self._path)

    def _heading(self, level: int, text: str) -> None:
        self._headings.enter(level, text)
        self.builder.heading(text)
        first = self.first_heading
        if first is None or (level == 1 and first[0] != 1):
            self.first_heading = (level, text)


# phrasing elements: their text continues the line they are in
_INLINE = frozenset(
    "a abbr b bdi bdo br cite code data del dfn em font i img input ins kbd label mark q s samp"
    " small span strike strong sub sup time tt u var wbr".split()
)
