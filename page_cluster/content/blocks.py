"""A page as a tree of blocks: the unit that noise removal, classification and
extraction decide on.

A *block* is an element whose tag is one of ``block_tags`` (the noise reducer's
"removable tags"; :data:`DEFAULT_BLOCK_TAGS` by default). Every other element
(links, emphasis, spans ...) belongs to its nearest enclosing block. One walk over
the parsed tree produces, in document order:

* the page's visible text as *runs* (text nodes, whitespace collapsed), each owned
  by one block, with a space wherever a block-level boundary separates two runs;
* per block: its parent, depth, DOM path (the same step names as the structural
  tokens: tag, stable classes, role), the range of runs its subtree covers (so
  its text and character offsets follow without copying) and raw counts (links,
  images, list items ...) of what it holds directly.

The result is compact (strings and numpy arrays, no lxml objects), so a whole
cluster's pages can be held while the tree of each page is dropped right away.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
from lxml import etree

from ..parsing.html_source import parse_html
from ..parsing.segments import build_segment, normalize_class, stable_classes
from ..parsing.structure import find_body

__all__ = [
    "BREAK_TAGS",
    "COUNT_COLUMNS",
    "DEFAULT_BLOCK_TAGS",
    "SKIP_TAGS",
    "PageBlocks",
    "parse_block_tags",
    "segment_html",
    "segment_tree",
]

#: Elements that make a block by default: sectioning and grouping elements,
#: paragraphs, headings, lists and their items, tables down to the cell, forms.
DEFAULT_BLOCK_TAGS: frozenset[str] = frozenset(
    {
        "address",
        "article",
        "aside",
        "blockquote",
        "body",
        "caption",
        "center",
        "dd",
        "details",
        "dialog",
        "dir",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "frameset",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hgroup",
        "li",
        "main",
        "menu",
        "nav",
        "noframes",
        "ol",
        "p",
        "pre",
        "section",
        "summary",
        "table",
        "td",
        "th",
        "tr",
        "ul",
    }
)

#: Elements whose inside is never visible text.
SKIP_TAGS: frozenset[str] = frozenset(
    {"script", "style", "noscript", "template", "head", "title", "meta", "link", "object"}
)

#: Elements that separate words: text on either side never runs together.
BREAK_TAGS: frozenset[str] = DEFAULT_BLOCK_TAGS | {
    "br",
    "hr",
    "img",
    "iframe",
    "frame",
    "legend",
    "option",
    "tbody",
    "thead",
    "tfoot",
    "select",
    "textarea",
    "input",
    "button",
    "video",
    "audio",
    "canvas",
}


#: Raw per-block counts (of what the block holds directly, child blocks excluded).
COUNT_COLUMNS: tuple[str, ...] = (
    "elements",  # elements of any kind
    "links",  # <a href>
    "images",  # <img>, <svg>, <picture>, <video>, <canvas>
    "lists",  # <ul>, <ol>, <dl>
    "items",  # <li>, <dt>, <dd>
    "headings",  # <h1>..<h6>
    "inputs",  # form controls
    "cells",  # <td>, <th>
    "code",  # <pre>, <code>, <kbd> ...
    "breaks",  # <br>
)
_COL = {name: i for i, name in enumerate(COUNT_COLUMNS)}
#: Which count column an element adds to (``elements`` is counted for all).
_COUNT_OF_TAG: dict[str, int] = {
    "a": _COL["links"],
    **{t: _COL["images"] for t in ("img", "svg", "picture", "video", "canvas")},
    **{t: _COL["lists"] for t in ("ul", "ol", "dl", "menu", "dir")},
    **{t: _COL["items"] for t in ("li", "dt", "dd")},
    **{t: _COL["headings"] for t in ("h1", "h2", "h3", "h4", "h5", "h6")},
    **{t: _COL["inputs"] for t in ("input", "select", "textarea", "button")},
    **{t: _COL["cells"] for t in ("td", "th")},
    **{t: _COL["code"] for t in ("pre", "code", "kbd", "samp", "tt")},
    "br": _COL["breaks"],
}
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)


def parse_block_tags(spec: str | Iterable[str] | None) -> frozenset[str]:
    """Block tags from a comma-separated list (as the seed's ``removable.tags``) or names.

    ``None`` or an empty spec gives the default; ``body`` is always a block (the root).

    >>> sorted(parse_block_tags("DIV, table ,ul"))
    ['body', 'div', 'table', 'ul']
    """
    if spec is None:
        return DEFAULT_BLOCK_TAGS
    names = spec.split(",") if isinstance(spec, str) else list(spec)
    tags = {n.strip().lower() for n in names if n and n.strip()}
    if not tags:
        return DEFAULT_BLOCK_TAGS
    return frozenset(tags | {"body"})


@dataclass(slots=True)
class PageBlocks:
    """The blocks of one page, in document order (block 0 is the body).

    ``run_start``/``run_end`` give the half-open range of :attr:`runs` a block's
    subtree covers; its text is ``"".join(runs[run_start:run_end])`` and its
    character offsets in :attr:`text` are ``run_offsets[run_start]`` and
    ``run_offsets[run_end]``.
    """

    tags: list[str] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)
    #: The block's own ``class``, ``id`` and ``role`` values (lower case, joined by
    #: U+001F; empty when it has none), for name hints.
    names: list[str] = field(default_factory=list)
    #: The document's ``<title>`` text (whitespace-normalised), outside the runs.
    title: str = ""
    #: Blocks marked hidden (``hidden``, ``aria-hidden="true"``, ``display:none`` ...).
    hidden: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))
    parent: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int32))
    depth: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int32))
    run_start: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int32))
    run_end: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int32))
    counts: np.ndarray = field(
        default_factory=lambda: np.zeros((0, len(COUNT_COLUMNS)), dtype=np.int32)
    )
    runs: list[str] = field(default_factory=list)
    run_block: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int32))
    run_anchor: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))
    run_offsets: np.ndarray = field(default_factory=lambda: np.zeros(1, dtype=np.int64))
    #: Per run, inside a hidden element or a form control (only when asked for).
    run_unseen: np.ndarray | None = field(default=None, repr=False)
    #: Cache of the subtree matrix (see :func:`~page_cluster.content.features.tree_sum`).
    tree_matrix: object = field(default=None, repr=False, compare=False)
    #: Per run, the value of the nearest enclosing ``label_attribute`` ("" when none);
    #: empty unless :func:`segment_tree` was asked for a label attribute.
    run_label: list[str] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.tags)

    @property
    def text(self) -> str:
        """The page's visible text (runs joined; block boundaries are spaces)."""
        return "".join(self.runs)

    def block_text(self, index: int) -> str:
        """Whitespace-normalised text of block ``index`` and everything inside it."""
        return " ".join("".join(self.runs[self.run_start[index] : self.run_end[index]]).split())

    def own_text(self, index: int) -> str:
        """Text the block holds directly (child blocks excluded), normalised."""
        lo, hi = int(self.run_start[index]), int(self.run_end[index])
        owners = self.run_block[lo:hi]
        return " ".join("".join(self.runs[lo + i] for i in np.flatnonzero(owners == index)).split())

    def offsets(self, index: int) -> tuple[int, int]:
        """Character offsets of the block's subtree text in :attr:`text`."""
        return int(self.run_offsets[self.run_start[index]]), int(
            self.run_offsets[self.run_end[index]]
        )

    def children(self) -> list[list[int]]:
        """Child block indices of every block."""
        out: list[list[int]] = [[] for _ in range(len(self.tags))]
        for i, p in enumerate(self.parent.tolist()):
            if p >= 0:
                out[p].append(i)
        return out


def _tag_name(tag: object) -> str | None:
    if not isinstance(tag, str):
        return None
    if tag.startswith("{"):
        tag = tag.rsplit("}", 1)[-1]
    return tag.lower()


#: Form controls: their labels and options are not text a reader reads as content.
_CONTROL_TAGS = frozenset({"button", "select", "textarea", "option", "optgroup"})


def _is_hidden(el: etree._Element) -> bool:
    """Marked invisible: ``hidden``, ``aria-hidden="true"``, ``display:none`` ..."""
    style = el.get("style")
    return (
        (style is not None and _HIDDEN_STYLE.search(style) is not None)
        or el.get("hidden") is not None
        or el.get("aria-hidden") == "true"
    )


@lru_cache(maxsize=65536)
def _segment(tag: str, cls_attr: str | None, el_id: str | None, role: str | None) -> str:
    """A block's step name: tag, stable classes (else a wrapper's id), role."""
    classes = stable_classes(cls_attr) if cls_attr else ()
    if not classes and el_id and el_id.strip() and tag in ("div", "section", "nav", "aside"):
        classes = ("#" + normalize_class(el_id.strip()),)
    return build_segment(tag, classes, role.strip().lower() if role else None, None)


#: Per raw tag: its name, and whether it is skipped, breaks words, makes a block,
#: and which count column it adds to (-1 for none).
_TagInfo = tuple[str, bool, bool, bool, int]


def _tag_info(raw: object, block_tags: frozenset[str]) -> _TagInfo:
    """What the walk needs to know of a tag, worked out once per tag and page.

    Comments and processing instructions (no string tag) are skipped like ``script``.
    """
    name = _tag_name(raw)
    if name is None:
        return ("", True, False, False, -1)
    return (
        name,
        name in SKIP_TAGS,
        name in BREAK_TAGS,
        name in block_tags,
        _COUNT_OF_TAG.get(name, -1),
    )


def _block_name(cls_attr: str | None, id_attr: str | None, role_attr: str | None) -> str:
    """The name hints of a block (class, id, role; lower case, joined by U+001F).

    Kept beside the path because the path holds only stable classes (an id only
    for a wrapper without one), while the hints read every class, id and role.
    """
    if cls_attr or id_attr or role_attr:
        return f"{cls_attr or ''}\x1f{id_attr or ''}\x1f{role_attr or ''}".lower()
    return ""


def _run_text(text: str, break_before: bool) -> str:
    """A text node as a run: inner whitespace collapsed, one space kept at either end.

    The edges keep a space where the source had whitespace (or a block boundary
    precedes the run), so joining the runs never glues two words together.
    """
    core = " ".join(text.split())
    lead = text[0].isspace() or break_before
    if lead or text[-1].isspace():
        core = (" " if lead else "") + core + (" " if text[-1].isspace() else "")
    return core


@dataclass(slots=True)
class _BlockWalk:
    """The state of one walk over a page: the blocks and runs found so far and the
    elements still open (blocks, annotated elements, hidden elements and controls).

    Kept as plain lists while walking (cheap appends) and turned into the arrays of
    :class:`PageBlocks` once at the end by :meth:`fill`.
    """

    block_tags: frozenset[str]
    label_attribute: str | None
    mark_unseen: bool
    elements: list[etree._Element] | None
    tags: list[str] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    hidden: list[bool] = field(default_factory=list)
    parent: list[int] = field(default_factory=list)
    depth: list[int] = field(default_factory=list)
    run_start: list[int] = field(default_factory=list)
    run_end: list[int] = field(default_factory=list)
    counts: list[list[int]] = field(default_factory=list)
    runs: list[str] = field(default_factory=list)
    run_block: list[int] = field(default_factory=list)
    run_anchor: list[bool] = field(default_factory=list)
    run_label: list[str] = field(default_factory=list)
    run_unseen: list[bool] = field(default_factory=list)
    #: Open blocks, and their elements.
    stack: list[int] = field(default_factory=list)
    open_els: list[etree._Element] = field(default_factory=list)
    #: Open annotated elements with their label.
    labels: list[tuple[etree._Element, str]] = field(default_factory=list)
    #: Open hidden elements and form controls.
    unseen_els: list[etree._Element] = field(default_factory=list)
    anchor_depth: int = 0
    pending_break: bool = False
    info_cache: dict[object, _TagInfo] = field(default_factory=dict)

    def walk(self, body: etree._Element) -> None:
        """Visit ``body``'s subtree once, in document order, opening and closing blocks."""
        info_cache = self.info_cache
        enter, leave, add_run = self.enter, self.leave, self.add_run  # bound once: a hot loop
        walker = etree.iterwalk(body, events=("start", "end"))
        for event, el in walker:
            info = info_cache.get(el.tag)
            if info is None:
                info = info_cache[el.tag] = _tag_info(el.tag, self.block_tags)
            if event == "start":
                enter(walker, el, info, el is body)
                continue
            if not info[1]:
                leave(el, info)
            if el is body:
                break
            tail = el.tail  # the text after the end tag, owned by the block around it
            if tail and self.stack:
                if tail.isspace():
                    self.pending_break = True
                else:
                    add_run(tail, self.stack[-1])
        while self.stack:  # a walk cut short leaves nothing open
            self.run_end[self.stack.pop()] = len(self.runs)

    def enter(
        self, walker: etree.iterwalk, el: etree._Element, info: _TagInfo, is_body: bool
    ) -> None:
        """An element starts: skip it, or open its block, label or unseen region, count it
        and take its text."""
        tag, skip, brk, is_block, column = info
        if skip:
            walker.skip_subtree()
            return
        if brk:
            self.pending_break = True
        if self.label_attribute is not None:
            value = el.get(self.label_attribute)
            if value is not None:
                self.labels.append((el, value.strip().lower()))
        if self.mark_unseen and (tag in _CONTROL_TAGS or _is_hidden(el)):
            self.unseen_els.append(el)
        if is_block or is_body:
            self.open_block(el, tag)
        owner = self.stack[-1]
        row = self.counts[owner]
        row[0] += 1
        if column >= 0 and not self.count(el, tag, row, column):
            walker.skip_subtree()  # an <svg>: its inside is a picture, not text
            return
        text = el.text
        if text:
            if text.isspace():
                self.pending_break = True
            else:
                self.add_run(text, owner)

    def count(self, el: etree._Element, tag: str, row: list[int], column: int) -> bool:
        """Add ``el`` to the column of its kind in its block's ``row`` of counts (a link
        only with an ``href``); ``False`` when its inside is not to be read."""
        if tag == "a":
            self.anchor_depth += 1
            if el.get("href") is not None:
                row[column] += 1
            return True
        row[column] += 1
        return tag != "svg"

    def leave(self, el: etree._Element, info: _TagInfo) -> None:
        """An element ends: close what it opened (a block, a label, an unseen region)."""
        tag, _skip, brk, _is_block, _column = info
        if tag == "a":
            self.anchor_depth -= 1
        if self.open_els and self.open_els[-1] is el:
            self.open_els.pop()
            self.run_end[self.stack.pop()] = len(self.runs)
        if brk:
            self.pending_break = True
        if self.labels and self.labels[-1][0] is el:
            self.labels.pop()
        if self.unseen_els and self.unseen_els[-1] is el:
            self.unseen_els.pop()

    def open_block(self, el: etree._Element, tag: str) -> None:
        """A block starts at ``el``: its path, name, place in the tree, first run."""
        b = len(self.tags)
        p = self.stack[-1] if self.stack else -1
        self.tags.append(tag)
        cls_attr = el.get("class")
        id_attr = el.get("id")
        role_attr = el.get("role")
        if p >= 0:
            self.paths.append(self.paths[p] + ">" + _segment(tag, cls_attr, id_attr, role_attr))
            self.depth.append(self.depth[p] + 1)
        else:
            self.paths.append(tag)
            self.depth.append(0)
        self.names.append(_block_name(cls_attr, id_attr, role_attr))
        self.hidden.append(_is_hidden(el))
        self.parent.append(p)
        self.run_start.append(len(self.runs))
        self.run_end.append(-1)
        self.counts.append([0] * len(COUNT_COLUMNS))
        self.stack.append(b)
        self.open_els.append(el)
        if self.elements is not None:
            self.elements.append(el)

    def add_run(self, text: str, owner: int) -> None:
        """A run of visible text, owned by block ``owner``, with what encloses it."""
        self.runs.append(_run_text(text, self.pending_break and bool(self.runs)))
        self.pending_break = False
        self.run_block.append(owner)
        self.run_anchor.append(self.anchor_depth > 0)
        if self.label_attribute is not None:
            self.run_label.append(self.labels[-1][1] if self.labels else "")
        if self.mark_unseen:
            self.run_unseen.append(bool(self.unseen_els))

    def fill(self, out: PageBlocks) -> None:
        """The walk's lists as the compact arrays of ``out``."""
        _fill_arrays(
            out,
            self.tags,
            self.paths,
            self.names,
            self.hidden,
            self.parent,
            self.depth,
            self.run_start,
            self.run_end,
            self.counts,
            self.runs,
        )
        out.run_block = np.asarray(self.run_block, dtype=np.int32)
        out.run_anchor = np.asarray(self.run_anchor, dtype=bool)
        out.run_label = self.run_label
        out.run_unseen = np.asarray(self.run_unseen, dtype=bool) if self.mark_unseen else None


def segment_tree(
    root: etree._Element | None,
    block_tags: frozenset[str] = DEFAULT_BLOCK_TAGS,
    label_attribute: str | None = None,
    elements: list[etree._Element] | None = None,
    mark_unseen: bool = False,
) -> PageBlocks:
    """Cut a parsed page into blocks in one walk (see the module docstring).

    When ``elements`` is a list, each block's element is appended to it (for
    callers that rewrite the page, e.g. to colour or remove blocks). With
    ``mark_unseen``, runs a reader does not see as text (inside hidden elements:
    ``hidden``, ``aria-hidden="true"``, ``display:none`` ...; or inside form
    controls: buttons, selects, text areas) are flagged in ``run_unseen``.

    ``label_attribute`` (e.g. ``quark``) names an annotation attribute: each run
    then records the value of its nearest annotated ancestor in ``run_label``.

    >>> from page_cluster.parsing.html_source import parse_html
    >>> pb = segment_tree(parse_html("<body><div class='nav'><a href='/'>Home</a></div>"
    ...                              "<p>Hello <b>world</b>.</p></body>"))
    >>> pb.paths
    ['body', 'body>.nav', 'body>p']
    >>> pb.block_text(2), pb.offsets(2)
    ('Hello world.', (4, 17))
    """
    out = PageBlocks()
    if root is None:
        return out
    body = find_body(root)
    if body is None:
        return out
    out.title = _page_title(root)
    walk = _BlockWalk(block_tags, label_attribute, mark_unseen, elements)
    walk.walk(body)
    walk.fill(out)
    return out


def _page_title(root: etree._Element) -> str:
    """The page's ``<title>``, whitespace-normalised (``""`` without one)."""
    title_el = root.find("head/title")
    if title_el is None:
        return ""
    return " ".join(title_el.xpath("string()").split())


def _fill_arrays(
    out: PageBlocks,
    tags: list[str],
    paths: list[str],
    names: list[str],
    hidden: list[bool],
    parent: list[int],
    depth: list[int],
    run_start: list[int],
    run_end: list[int],
    counts: list[list[int]],
    runs: list[str],
) -> None:
    """The walk's lists as the compact arrays of :class:`PageBlocks`."""
    out.tags = tags
    out.paths = paths
    out.names = names
    out.hidden = np.asarray(hidden, dtype=bool)
    out.parent = np.asarray(parent, dtype=np.int32)
    out.depth = np.asarray(depth, dtype=np.int32)
    out.run_start = np.asarray(run_start, dtype=np.int32)
    out.run_end = np.asarray(run_end, dtype=np.int32)
    out.counts = (
        np.asarray(counts, dtype=np.int32).reshape(len(tags), len(COUNT_COLUMNS))
        if tags
        else np.zeros((0, len(COUNT_COLUMNS)), dtype=np.int32)
    )
    out.runs = runs
    offsets = np.zeros(len(runs) + 1, dtype=np.int64)
    if runs:
        np.cumsum([len(r) for r in runs], out=offsets[1:])
    out.run_offsets = offsets


def segment_html(
    html: str | bytes,
    block_tags: frozenset[str] = DEFAULT_BLOCK_TAGS,
    encoding: str | None = None,
    label_attribute: str | None = None,
    mark_unseen: bool = False,
) -> PageBlocks:
    """Parse ``html`` once and cut it into blocks; an empty page gives no blocks.

    >>> segment_html("<ul><li>a</li><li>b</li></ul>").paths
    ['body', 'body>ul', 'body>ul>li', 'body>ul>li']
    """
    return segment_tree(
        parse_html(html, encoding), block_tags, label_attribute, mark_unseen=mark_unseen
    )
