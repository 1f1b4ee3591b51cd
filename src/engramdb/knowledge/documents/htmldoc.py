"""HTML via lxml (libxml2's HTML parser): h1–h6 build the heading path, block elements become
paragraphs, and page furniture (scripts, styles, navigation) is dropped.

libxml2 tokenises in C and in linear time whatever the markup (unterminated comments, tags and
character references included); the tree is built from its events (a parser target) by
:class:`_Builder`, which keeps only the attributes the readers use (:data:`READ_ATTRIBUTES`),
refuses elements nested more than :data:`MAX_HTML_DEPTH` deep (libxml2's own bound) with that
limit, and asks the document's read budget whether to stop at every element
(:func:`~.budget.checkpoint`). Why not libxml2's own tree: it appends each attribute at the end
of the element's list, so one element's attributes cost quadratic time (a ``<p>`` of 40,000
attributes, 350 KB, took 17.6 s; 80,000 took 220 s) and a cancel could not stop it. (Its other
built-in limits, such as 10 MB of text in one element, do not apply: a document is at most
25 MiB.) The tree is read by iterative walks (:func:`lxml.etree.iterwalk`), never by recursion.
(BeautifulSoup was used before: its tree builder re-links the parent chain for every text after
a closing tag, which is quadratic in the nesting depth: 256 KiB of nested ``<div>`` lines took
27 s.)
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable

from lxml import etree

from engramdb.errors import ValidationError

from ._text import Extraction, HeadingPath, TextBuilder, decode_text, file_stem, squash_spaces
from .budget import checkpoint
from .model import Table
from .rows import grid_table

__all__ = [
    "DROP",
    "MAX_HTML_DEPTH",
    "READ_ATTRIBUTES",
    "add_tables",
    "html_tree",
    "parse_html",
    "table_grids",
    "tag_of",
]

MAX_HTML_DEPTH = 2048
"""How deep elements may nest (libxml2's own bound): a deeper document is refused."""

READ_ATTRIBUTES = frozenset(["href", "alt", "start"])
"""The attributes the readers use (a link's target, an image's text, an ordered list's first
number): no other attribute is kept in the tree, however many an element has."""

DROP = frozenset(["script", "style", "nav", "noscript", "template", "svg", "iframe", "head"])
"""Elements whose text is never the document's words."""
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


def html_tree(markup: str, name: str) -> etree._Element | None:
    """The parsed tree (``None`` for markup without any element), or a refusal naming the
    nesting limit."""
    builder = _Builder(name)
    parser = etree.HTMLParser(
        recover=True,
        no_network=True,
        remove_comments=True,
        remove_pis=True,
        encoding="utf-8",
        huge_tree=True,
        target=builder,
    )
    return etree.fromstring(markup.encode("utf-8", "surrogatepass"), parser)


#: What an lxml tree cannot hold (control characters but tab and line ends, surrogates) and
#: libxml2's HTML parser passes on: a text holding one raised ValueError (a 500 on upload).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml_safe(text: str) -> str:
    return _NOT_XML.sub(" ", text)


class _Builder:
    """A parser target that builds the tree from libxml2's events: only
    :data:`READ_ATTRIBUTES` are kept, nesting is bounded, and the read budget is checked at
    every element (so a cancel stops a long parse)."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._tree = etree.TreeBuilder()
        self._depth = 0
        self._failed = False

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        try:
            checkpoint()
            self._depth += 1
            if self._depth > MAX_HTML_DEPTH:
                raise ValidationError(
                    "data",
                    f"{self._name!r} nests elements more than {MAX_HTML_DEPTH} deep",
                    limit=MAX_HTML_DEPTH,
                )
        except BaseException:
            self._failed = True  # (lxml raises it once the parse stops)
            raise
        kept = {k: _xml_safe(attrib[k]) for k in READ_ATTRIBUTES if k in attrib} if attrib else {}
        self._tree.start(tag, kept)

    def end(self, tag: str) -> None:
        self._depth -= 1
        self._tree.end(tag)

    def data(self, data: str) -> None:
        self._tree.data(_xml_safe(data))

    def close(self) -> etree._Element | None:
        if self._failed:
            return None  # (the parse's error is what the caller sees)
        try:
            return self._tree.close()
        except etree.XMLSyntaxError:
            return None  # no element at all


def tag_of(el: etree._Element) -> str:
    """The element's lower-case name ("" for entities and other non-elements)."""
    tag = el.tag
    return tag.lower() if isinstance(tag, str) else ""


def parse_html(data: bytes, name: str) -> Extraction:
    root = html_tree(decode_text(data, name), name)
    if root is None:
        return Extraction(title=file_stem(name), text="", sections=[])
    title_el = root.find(".//title")
    page_title = " ".join("".join(title_el.itertext()).split()) if title_el is not None else ""
    walker = _Walker()
    walker.walk(root)
    walker.flush()
    body, sections = walker.builder.build()
    title = page_title or walker.first_h1 or file_stem(name)
    links = list(dict.fromkeys(walker.links))
    metadata: dict[str, object] = {"links": links} if links else {}
    return Extraction(
        title=title, text=body, sections=sections, metadata=metadata, tables=walker.tables
    )


class _Walker:
    """Depth-first walk that gathers inline text into the current block."""

    def __init__(self) -> None:
        self.builder = TextBuilder()
        self.tables: list[Table] = []
        self.links: list[str] = []
        self.first_h1 = ""
        self._headings = HeadingPath()
        self._buffer: list[str] = []
        self._prefix = ""

    @property
    def _path(self) -> tuple[str, ...]:
        return self._headings.path

    def flush(self) -> None:
        text = squash_spaces("".join(self._buffer))
        self._buffer.clear()
        if text:
            self.builder.block(self._prefix + text, self._path)
            self._prefix = ""

    def walk(self, root: etree._Element) -> None:
        after: dict[etree._Element, Callable[[], None]] = {}
        events = etree.iterwalk(root, events=("start", "end"))
        for event, el in events:
            if event == "start":
                checkpoint()
                descend, then = self._tag(el, tag_of(el))
                if not descend:
                    events.skip_subtree()
                    continue
                if then is not None:
                    after[el] = then
                if el.text:
                    self._buffer.append(_SPACE.sub(" ", el.text))
            else:
                then = after.pop(el, None)
                if then is not None:
                    then()
                if el.tail and el is not root:
                    self._buffer.append(_SPACE.sub(" ", el.tail))

    def _tag(self, el: etree._Element, name: str) -> tuple[bool, Callable[[], None] | None]:
        """Handle ``el``; whether to walk its children, and what to do after them."""
        if name in DROP or not name:
            return False, None
        if name == "a" and el.get("href"):
            self.links.append(el.get("href", ""))
        if name in _HEADINGS:
            self.flush()
            self._heading(_HEADINGS[name], " ".join(" ".join(el.itertext()).split()))
        elif name == "br":
            self._buffer.append("\n")
        elif name == "pre":
            self.flush()
            self.builder.block("".join(el.itertext()).strip("\n"), self._path)
        elif name == "table":
            self.flush()
            self.tables += add_tables(self.builder, el, self._path)
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
        self._headings.enter(level, text)
        self.builder.heading(text)
        if level == 1 and not self.first_h1:
            self.first_h1 = text


def add_tables(builder: TextBuilder, table: etree._Element, path: tuple[str, ...]) -> list[Table]:
    """Each table of ``table`` (itself, then those nested in it) as a block of ``cell | cell``
    lines under ``path``, and those that read as frames."""
    out: list[Table] = []
    for grid, header in table_grids(table):
        span = builder.block("\n".join(" | ".join(r) for r in grid), path)
        found = grid_table(grid, path, span, header=header)
        if found is not None:
            out.append(found)
    return out


def table_grids(table: etree._Element) -> list[tuple[list[list[str]], bool]]:
    """The rows (lists of cell texts) of ``table`` and then of each table nested in it, each with
    whether its first row is header cells (``th``: the markup says so, whatever the labels
    look like), in linear time: a cell's text leaves out the tables nested in it (they are read
    as tables of their own), so no text is read twice however deep tables nest."""
    out: list[tuple[list[list[str]], bool]] = []
    queue = deque([table])
    while queue:
        current = queue.popleft()
        rows: list[list[str]] = []
        row: list[list[str]] | None = None
        cell: list[str] | None = None
        heads: list[bool] = []  # per cell of the row being read: a th
        header = False
        events = etree.iterwalk(current, events=("start", "end"))
        for event, el in events:
            name = tag_of(el)
            inner = el is not current
            if event == "start":
                checkpoint()
                if inner and name == "table":
                    queue.append(el)
                    events.skip_subtree()
                    continue
                if name in DROP or not name:
                    events.skip_subtree()
                    continue
                if name == "tr" and row is None:
                    row = []
                    heads = []
                elif name in ("td", "th") and row is not None and cell is None:
                    cell = []
                    heads.append(name == "th")
                if cell is not None and el.text:
                    cell.append(el.text)
                continue
            if name in ("td", "th") and cell is not None and row is not None:
                row.append(cell)
                cell = None
            elif name == "tr" and row is not None:
                first = not rows
                _add_row(rows, row)
                if first and rows:
                    header = bool(heads) and all(heads)
                row = None
            if inner and cell is not None and el.tail:
                cell.append(el.tail)
        if rows:
            out.append((rows, header))
    return out


def _add_row(rows: list[list[str]], cells: list[list[str]]) -> None:
    texts = [" ".join(" ".join(parts).split()) for parts in cells]
    if any(texts):
        rows.append(texts)
