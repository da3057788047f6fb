"""Per-process page parsing into compact signatures.

A worker parses each page once (with lexbor, walked in C, when its compiled
walker is loaded; with lxml otherwise: :func:`default_backend`), walks it once,
interns the token strings in a process-local table and returns only small
integer arrays plus the strings it has not sent before. The HTML is dropped as
soon as the walk ends.

Nothing here imports numpy: the CLI starts its parsing workers before loading
the numeric stack, so parsing begins while the main process still imports it.
Ids travel as ``array('i')`` (C ints, pickled as raw bytes).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass

from ..base.limits import MAX_ATTRIBUTES
from ..base.pickling import pickled_by_fields
from . import lexbor_tree
from .html_source import parse_html_capped, utf8_page
from .structure import PageStructure, plain_attribute_name, walk_structure
from .stylesheet_links import StylesheetLinks, read_stylesheet_links, stylesheet_links_from

__all__ = [
    "BACKENDS",
    "LocalInterner",
    "ParsedPage",
    "default_backend",
    "lexbor_available",
    "page_structure",
    "parse_document",
]

#: The parsers a page's signature can be read with.
BACKENDS = ("lexbor", "lxml")


@pickled_by_fields
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


def lexbor_available() -> bool:
    """Whether pages can be read with lexbor (its compiled walker is loaded)."""
    return lexbor_tree.available()


def default_backend() -> str:
    """``"lexbor"`` when its compiled walker is loaded, else ``"lxml"``.

    The walker is not loaded when it was not built at install, when selectolax
    is missing or of an unknown lexbor version, when it disagrees with the
    reference walk on a probe page, or when ``PAGE_CLUSTER_PARSER=lxml``.
    """
    return "lexbor" if lexbor_tree.available() else "lxml"


def page_structure(
    html: str | bytes,
    encoding: str | None = None,
    content_block_attribute: str | None = None,
    *,
    with_stylesheet_links: bool = False,
    max_attributes: int = MAX_ATTRIBUTES,
    backend: str | None = None,
) -> tuple[PageStructure, StylesheetLinks | None, int]:
    """One parse, one walk: the page's structure, its stylesheet links when asked
    and how many elements had attributes dropped.

    ``backend`` (default :func:`default_backend`) picks the parser; lexbor is
    used only when it is available and ``content_block_attribute`` is a plain
    attribute name, lxml otherwise.
    """
    backend = backend or default_backend()
    if backend not in BACKENDS:
        raise ValueError(f"unknown parser {backend!r}")
    if (
        backend == "lexbor"
        and lexbor_tree.available()
        and plain_attribute_name(content_block_attribute)
    ):
        data, capped = utf8_page(html, encoding, max_attributes=max_attributes)
        if data is None:
            links = StylesheetLinks() if with_stylesheet_links else None
            return PageStructure(), links, capped
        walked = lexbor_tree.walk(data, content_block_attribute, with_stylesheet_links)
        if walked is not None:
            links = None if walked.links is None else stylesheet_links_from(walked.links)
            return walked.structure, links, capped
    root, capped = parse_html_capped(html, encoding, max_attributes=max_attributes)
    structure = walk_structure(root, content_block_attribute)
    return structure, read_stylesheet_links(root) if with_stylesheet_links else None, capped


def parse_document(
    html: str | bytes,
    interner: LocalInterner,
    content_block_attribute: str | None = None,
    encoding: str | None = None,
    *,
    with_stylesheet_links: bool = False,
    max_attributes: int = MAX_ATTRIBUTES,
    backend: str | None = None,
) -> ParsedPage:
    """Parse one page's HTML into its signature (one parse, one walk).

    ``with_stylesheet_links`` also reads the page's ``<link rel=stylesheet>`` and
    ``<base>`` hrefs from the same tree (for records that lack ``stylesheetHrefs``).
    ``max_attributes`` bounds the attributes kept per element (the count of
    elements that had more is kept in the result). ``backend``: see
    :func:`page_structure`.
    """
    structure, links, capped = page_structure(
        html,
        encoding,
        content_block_attribute,
        with_stylesheet_links=with_stylesheet_links,
        max_attributes=max_attributes,
        backend=backend,
    )
    ids = interner.intern(structure.node_paths + structure.attr_tokens)
    return ParsedPage(
        local_ids=ids,
        new_strings=interner.take_new(),
        element_count=structure.element_count,
        body_class_list=structure.body_class_list,
        stylesheet_links=links,
        capped_elements=capped,
    )
