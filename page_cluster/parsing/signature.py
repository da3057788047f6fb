"""Per-process page parsing into compact signatures.

A worker parses each page once, walks it once, interns the token strings in a
process-local table and returns only small integer arrays plus the strings it has
not sent before. The HTML is dropped as soon as the walk ends.

Nothing here imports numpy: the CLI starts its parsing workers before loading
the numeric stack, so parsing begins while the main process still imports it.
Ids travel as ``array('i')`` (C ints, pickled as raw bytes).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass

from ..base.limits import MAX_ATTRIBUTES
from .html_source import parse_html_capped
from .structure import walk_structure
from .stylesheet_links import StylesheetLinks, read_stylesheet_links

__all__ = ["LocalInterner", "ParsedPage", "parse_document"]


@dataclass(slots=True)
class ParsedPage:
    """A page reduced to its signature: process-local token ids (unique, in no set
    order: the corpus sorts them once they are mapped to its own ids)."""

    local_ids: array
    new_strings: list[str]
    element_count: int
    body_class_list: list[str]
    #: Read only when asked for (records without ``stylesheetHrefs``).
    stylesheet_links: StylesheetLinks | None = None
    #: Elements whose attributes beyond the bound were dropped before parsing.
    capped_elements: int = 0


class LocalInterner:
    """Maps token strings to process-local integer ids; reports each string once."""

    __slots__ = ("_ids", "_sent", "_strings")

    def __init__(self) -> None:
        self._ids: dict[str, int] = {}
        self._strings: list[str] = []
        self._sent = 0

    def intern(self, tokens: list[str]) -> array:
        """Local ids of ``tokens``, in their order (an ``array('i')``)."""
        ids = self._ids
        strings = self._strings
        out: list[int] = []
        for tok in tokens:
            tid = ids.get(tok)
            if tid is None:
                tid = len(strings)
                ids[tok] = tid
                strings.append(tok)
            out.append(tid)
        return array("i", out)

    def take_new(self) -> list[str]:
        new = self._strings[self._sent :]
        self._sent = len(self._strings)
        return new


def parse_document(
    html: str | bytes,
    interner: LocalInterner,
    content_block_attribute: str | None = None,
    encoding: str | None = None,
    *,
    with_stylesheet_links: bool = False,
    max_attributes: int = MAX_ATTRIBUTES,
) -> ParsedPage:
    """Parse one page's HTML into its signature (one lxml parse, one walk).

    ``with_stylesheet_links`` also reads the page's ``<link rel=stylesheet>`` and
    ``<base>`` hrefs from the same tree (for records that lack ``stylesheetHrefs``).
    ``max_attributes`` bounds the attributes kept per element (the count of
    elements that had more is kept in the result).
    """
    root, capped = parse_html_capped(html, encoding, max_attributes=max_attributes)
    structure = walk_structure(root, content_block_attribute)
    ids = interner.intern(structure.node_paths + structure.attr_tokens)
    return ParsedPage(
        local_ids=ids,
        new_strings=interner.take_new(),
        element_count=structure.element_count,
        body_class_list=structure.body_class_list,
        stylesheet_links=read_stylesheet_links(root) if with_stylesheet_links else None,
        capped_elements=capped,
    )
