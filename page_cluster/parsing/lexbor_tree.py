"""Structural tokens from lexbor's HTML5 tree, walked in C.

lexbor (bundled and exported by the ``selectolax`` package) parses two to three
times faster than lxml's libxml2 and builds the tree a browser builds (HTML5
tree construction: implicit ``tbody``, misnested formatting tags, ``<template>``
content kept out of the tree, ``<p>`` closed by a block). The compiled module
``_lexwalk`` (built at install like the lxml walker) parses a page and walks it
in one call, so no Python object is made per element.

The tokens are those of :mod:`~page_cluster.parsing.structure`: the compiled
walk is checked against the pure-Python walker run on a mirror of the same
lexbor tree (:func:`reference_walk`) on a probe page when it is loaded, and by
the test suite on real and random pages. When the module or selectolax is
missing, or the probe disagrees, :func:`available` is false and pages are parsed
with lxml (:mod:`~page_cluster.parsing.html_source`).
"""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .segments import (
    FOLDABLE_TAGS,
    FORMATTING_TAGS,
    INLINE_TAGS,
    ITEM_TAGS,
    NO_PARAGRAPH_TAGS,
    OPAQUE_TAGS,
    normalize_class,
)
from .segments import stable_classes as _stable_classes
from .structure import PageStructure, body_attr_tokens

__all__ = ["LexborWalk", "available", "reference_walk", "walk"]

#: lexbor major versions whose node layout ``_lexwalk`` declares.
KNOWN_LEXBOR_MAJOR = (2, 3)


@dataclass(slots=True)
class LexborWalk:
    """One page walked on lexbor's tree: its structure and, when asked, the
    ``(tag, href, rel)`` of its ``link``/``base`` elements."""

    structure: PageStructure
    links: list[tuple[str, str, str | None]] | None


#: Fields of the compiled walk's answer (see ``_lexwalk.walk_html``).
_WALK_FIELDS = 8


def _structure(raw: tuple) -> LexborWalk:
    _body_tag, body_class, body_id, nodes, leaves, count, links, root_class = raw
    out = PageStructure(node_paths=nodes, leaf_paths=leaves, element_count=count)
    out.body_class_list, out.attr_tokens = body_attr_tokens(body_class, body_id, root_class)
    return LexborWalk(out, links)


def walk(data: bytes, content_block_attribute: str | None, with_links: bool) -> LexborWalk | None:
    """Parse UTF-8 ``data`` with lexbor and walk it (``None`` if lexbor fails).

    Only call when :func:`available`; ``content_block_attribute`` must be a plain
    attribute name.
    """
    assert _LEXWALK is not None
    # The compiled walk keeps process-wide tables (segment memo, tag names) and
    # calls back into Python, where another thread could switch in mid-page.
    with _LOCK:
        raw = _LEXWALK.walk_html(data, content_block_attribute, with_links)
    return None if raw is None else _structure(raw)


def available() -> bool:
    """Whether the compiled lexbor walker is loaded and agrees with the reference."""
    return _LEXWALK is not None


# -- the reference: selectolax's Python API and the pure walker -----------------


class _Mirror:
    """An lxml-like view of one lexbor element (``tag``, ``text``, ``tail``,
    children, ``get``/``keys``), enough for the pure walker. Comments are
    dropped, as the lxml parser drops them."""

    __slots__ = ("_attrs", "_kids", "_parent", "tag", "tail", "text")

    def __init__(self, tag: str, attrs: dict[str, str | None], parent: _Mirror | None) -> None:
        self.tag = tag
        self._parent = parent
        self._attrs = {k: "" if v is None else v for k, v in attrs.items()}
        self._kids: list[_Mirror] = []
        self.text: str | None = None
        self.tail: str | None = None

    def __iter__(self) -> Iterator[_Mirror]:
        return iter(self._kids)

    def get(self, key: str, default: Any = None) -> Any:
        return self._attrs.get(key, default)

    def keys(self) -> list[str]:
        return list(self._attrs)

    def getparent(self) -> _Mirror | None:
        return self._parent


def _mirror(node: Any) -> _Mirror:
    """Mirror a selectolax node and its subtree without recursion."""
    parent = node.parent
    outer = None
    if parent is not None and parent.tag and not parent.tag.startswith("-"):
        outer = _Mirror(parent.tag, parent.attributes, None)
    top = _Mirror(node.tag, node.attributes, outer)
    stack = [(node, top)]
    while stack:
        src, dst = stack.pop()
        last: _Mirror | None = None
        for child in src.iter(include_text=True):
            tag = child.tag
            if tag == "-text":
                text = child.text_content or ""
                if last is None:
                    dst.text = (dst.text or "") + text
                else:
                    last.tail = (last.tail or "") + text
            elif tag and not tag.startswith("-"):  # not a comment or the like
                m = _Mirror(tag, child.attributes, dst)
                dst._kids.append(m)
                last = m
                stack.append((child, m))
    return top


def reference_walk(
    data: bytes, content_block_attribute: str | None = None, with_links: bool = False
) -> LexborWalk | None:
    """What :func:`walk` must return, by the slow route: selectolax's Python API
    builds a mirror of lexbor's tree and the pure walker of
    :mod:`~page_cluster.parsing.structure` walks it."""
    from selectolax.lexbor import LexborHTMLParser

    from .structure import _walk_below

    root = LexborHTMLParser(data).root
    if root is None:
        return None
    body = None
    for child in root.iter():
        if child.tag == "body":
            body = child
            break
        if child.tag == "frameset" and body is None:
            body = child
    body = body if body is not None else root
    body_tag = body.tag.rsplit("}", 1)[-1].lower() or "body"
    attrs = body.attributes
    links = None
    if with_links:
        links = [
            (n.tag, n.attributes["href"] or "", n.attributes.get("rel"))
            for n in root.traverse()
            if n.tag in ("link", "base") and "href" in n.attributes
        ]
    nodes, leaves, count = _walk_below(_mirror(body), body_tag, content_block_attribute)  # type: ignore[arg-type]
    cls = attrs["class"] or "" if "class" in attrs else None
    el_id = attrs["id"] or "" if "id" in attrs else None
    root_class = None
    if body is not root:  # the root's classes, read as the body's are
        top = root.attributes
        root_class = top["class"] or "" if "class" in top else None
    return _structure((body_tag, cls, el_id, nodes, leaves, count, links, root_class))


# -- loading --------------------------------------------------------------------

# Folding, recursion, zebra rows, inline runs, opaque leaves, content blocks,
# comments, no-break spaces, id-named wrappers, custom and misnested tags,
# implicit tbody, template content and stylesheet links: one page of each rule.
_PROBE = (
    "<!doctype html><html class='root-page w/x'><head><link rel='stylesheet' href='a.css'>"
    "<base href='/d/'>"
    "</head><body class='x y' id='P'><div><div><div id='Head'><nav role='navigation'>"
    "<ul><li class='a odd'><a href='#'>1</a></li><li class='a even'>"
    "<ul><li class='a'>x</li></ul></li></ul></nav></div></div></div>"
    "<main><p>text <b>bold</b> <!-- c --> tail</p><p>\u00a0<span class='k'>"
    "<em>e</em></span></p><table><tr class='r1 row'><td>1</td></tr>"
    "<tr class='r2 row'><td><script>var a</script><svg><g/></svg></td></tr></table>"
    "<section data-block='1'><div><h2>in block</h2></div></section><x-card><b>c</b></x-card>"
    "<p><b><i>mis</b>nested</i></p><template><p>t</p></template>"
    "<div><span></span></div><input type='Text'><table><tr><td>t</td></tr>"
    "<tbody class='b'><tr><td>u</td></tr></tbody></table><b><div><p>x</p></div></b>"
    "<code><i>c</i></code><code>open<div><p>a</p></div><p>b</p>"
    "<u><b> </b></u><i><b class='x'></b></i><pre>a</p>b</pre><ul><li>x</li></p></ul><p> </p>"
    "<p class='k'></p><div class='c'><section><div class='w'><article><div class='c'>"
    "<p>far</p></div></article></div></section></div><table class='t'><tr><td>"
    "<table class='t'><tr><td>near</td></tr></table></td></tr></table></main></body></html>"
).encode("utf-8")


def _load() -> Any:
    if os.environ.get("PAGE_CLUSTER_PARSER", "").strip().lower() == "lxml":
        return None
    try:
        from . import _lexwalk  # type: ignore[attr-defined]

        spec = importlib.util.find_spec("selectolax.lexbor")
    except ImportError:
        return None
    if spec is None or not spec.origin:
        return None
    try:
        import selectolax.lexbor as sl

        if getattr(sl, "LEXBOR_VERSION_MAJOR", None) not in KNOWN_LEXBOR_MAJOR:
            return None
        from .structure import _build

        _lexwalk.bind(
            spec.origin,
            FOLDABLE_TAGS,
            FORMATTING_TAGS,
            NO_PARAGRAPH_TAGS,
            INLINE_TAGS,
            ITEM_TAGS,
            OPAQUE_TAGS,
            _build,
            _stable_classes,
            normalize_class,
        )
    except (ImportError, OSError):
        return None
    for cba in (None, "data-block"):
        got = _lexwalk.walk_html(_PROBE, cba, True)
        want = reference_walk(_PROBE, cba, True)
        # A module built from another release answers in another shape.
        if not isinstance(got, tuple) or len(got) != _WALK_FIELDS or want is None:
            return None
        if _structure(got) != want:
            return None
    return _lexwalk


_LOCK = threading.Lock()
_LEXWALK = _load()
