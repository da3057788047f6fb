"""One walk over a parsed page: every structural token it holds.

A structural token is the path from ``body`` to an element, each step named by
:func:`~page_cluster.parsing.segments.build_segment`. Three normalisations make
two renders of one template produce the same tokens whatever their content:

* **folding**: a ``div``/``span`` with no class and no role that wraps exactly one
  element adds no step (wrapper soup from editors and frameworks);
* **recursion collapse**: a step already on the path at most
  :data:`~page_cluster.parsing.segments.RECURSION_SPAN` steps up folds back to
  it, so nested sections, lists and tables give the same tokens at any nesting
  depth (a name met again further down is a reused class, and keeps its path);
* **opaque elements** (``script``, ``style``, ``svg`` ...) are leaves;
* **transparent elements** add no step, their children are walked as the
  parent's: a bare ``tbody`` (HTML5 parsers insert one in every table, HTML 4
  parsers only keep the ones written) and a formatting element (``code``, ``b``
  ...) holding a block, which only a parser's repair of an unclosed tag makes
  (an HTML5 parser re-opens it in every following block to the end of the page);
* **absent elements** are skipped: an empty bare ``p`` in an element that
  cannot hold one (an HTML5 parser's reading of a stray ``</p>``) and a bare
  formatting element holding only spaces (re-opened between two blocks).

The page's own ``body`` classes and id are kept aside as separate attribute tokens
(``@body.class:…``) instead of being prefixed to every path: many generators name
the page type there, and one token carries that better than hundreds.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

from lxml import etree

from .segments import (
    ATTR_PREFIX,
    BODY_CLASS_TOKEN,
    FOLDABLE_TAGS,
    FORMATTING_TAGS,
    INLINE_TAGS,
    ITEM_TAGS,
    NO_PARAGRAPH_TAGS,
    OPAQUE_TAGS,
    RECURSION_SPAN,
    build_segment,
    normalize_class,
    stable_body_classes,
    stable_classes,
)

__all__ = [
    "PageStructure",
    "body_attr_tokens",
    "find_body",
    "plain_attribute_name",
    "walk_structure",
]


@dataclass(slots=True)
class PageStructure:
    """What clustering needs from one page; the HTML itself is not kept."""

    node_paths: list[str] = field(default_factory=list)
    leaf_paths: list[str] = field(default_factory=list)
    attr_tokens: list[str] = field(default_factory=list)
    body_class_list: list[str] = field(default_factory=list)
    element_count: int = 0


def find_body(root: etree._Element) -> etree._Element | None:
    """The element whose subtree is the page's visible structure.

    ``<body>`` when present; for a frameset page the ``<frameset>``; otherwise the
    root itself (fragments).
    """
    if root.tag == "body":
        return root
    body = None
    for child in root:
        tag = child.tag
        if tag == "body":
            return child
        if tag == "frameset" and body is None:
            body = child
    return body if body is not None else root


def walk_structure(
    root: etree._Element | None, content_block_attribute: str | None = None
) -> PageStructure:
    """Collect the structural tokens of a parsed page in one iterative walk.

    ``content_block_attribute`` names an attribute (e.g. ``data-bgb``) that a CMS
    puts on free-form content blocks: such an element keeps its own token but its
    inside is ignored, so editors' layouts cannot split a template.
    """
    out = PageStructure()
    if root is None:
        return out
    body = find_body(root)
    if body is None:
        return out
    body_tag = body.tag.rsplit("}", 1)[-1].lower() if isinstance(body.tag, str) else "body"

    # The root's classes name the page too (see body_attr_tokens); tags are
    # compared as find_body compares them.
    root_class = root.get("class") if body is not root and root.tag == "html" else None
    out.body_class_list, out.attr_tokens = body_attr_tokens(
        body.get("class"), body.get("id"), root_class
    )

    fast = _FAST_WALK
    if (
        fast is not None
        and isinstance(body, etree._Element)
        and plain_attribute_name(content_block_attribute)
    ):
        out.node_paths, out.leaf_paths, out.element_count = fast(
            body, body_tag, content_block_attribute
        )
        return out
    out.node_paths, out.leaf_paths, out.element_count = _walk_below(
        body, body_tag, content_block_attribute
    )
    return out


def body_attr_tokens(
    body_classes: str | None, body_id: str | None, root_classes: str | None = None
) -> tuple[list[str], list[str]]:
    """The body's class list and the page's attribute tokens (``@body.class:…``,
    ``@body.id:…``).

    The page's classes are those on ``<body>`` and on the root ``<html>``
    (``root_classes``): frameworks name the page type on either
    (``single-post`` on the body, ``blog-list-page`` on the root).
    """
    class_list: list[str] = []
    tokens: list[str] = []
    if body_classes:
        class_list = [c for c in body_classes.split() if c]
    page_classes = " ".join(c for c in (root_classes, body_classes) if c)
    if page_classes:
        for c in stable_body_classes(page_classes):
            tokens.append(f"{BODY_CLASS_TOKEN}{c}")
    if body_id and body_id.strip():
        tokens.append(f"{ATTR_PREFIX}body.id:{normalize_class(body_id.strip())}")
    return class_list, tokens


def plain_attribute_name(attribute: str | None) -> bool:
    """A content-block attribute the compiled walker can look up by name."""
    return attribute is None or (bool(attribute) and "{" not in attribute and attribute.isascii())


def _walk_below(
    body: etree._Element, body_tag: str, cba: str | None
) -> tuple[list[str], list[str], int]:
    """The pure-Python walk below ``body``: node paths, leaf paths, element count."""
    seen_nodes: dict[str, None] = {}
    seen_leaves: dict[str, None] = {}
    count = 0
    segment_of = _segment_cached
    inline_tags = INLINE_TAGS
    opaque_tags = OPAQUE_TAGS
    item_tags = ITEM_TAGS
    # Stack entries: (element, segments on the path, path string at each depth).
    stack: list[tuple[etree._Element, tuple[str, ...], tuple[str, ...]]] = [
        (body, (body_tag,), (body_tag,))
    ]
    while stack:
        el, segs, paths = stack.pop()
        children = list(el)
        if not children:
            if el is not body:
                seen_leaves[paths[-1]] = None
            continue
        tags = [c.tag for c in children]
        # An element holding its own run of text is a text block: its text-level
        # children are the writer's formatting (links, emphasis), not template.
        # (Only worth checking when it has text-level children at all.)
        in_text = False
        if not inline_tags.isdisjoint(tags):
            text = el.text
            in_text = bool(text) and not text.isspace()
            if not in_text:
                for c in children:
                    tail = c.tail
                    if tail and not tail.isspace():
                        in_text = True
                        break
        shared = None
        if len(children) > 1 and not item_tags.isdisjoint(tags):
            shared = _shared_item_classes(children)
        descend: list[tuple[etree._Element, tuple[str, ...], tuple[str, ...]]] = []
        emitted = False
        for child, tag in zip(children, tags, strict=True):
            if type(tag) is not str or (in_text and tag in inline_tags):
                continue
            if cba is not None and child.get(cba) is not None:
                seg, tag = segment_of(child, tag, None)
                seg = seg or tag
                block = True
            else:
                seg, tag = segment_of(child, tag, shared)
                block = False
                # Folding: a bare wrapper around exactly one element adds no step.
                while seg is None:
                    only = _single_element_child(child)
                    if only is None or (cba is not None and only.get(cba) is not None):
                        seg = tag
                        break
                    child = only
                    seg, tag = segment_of(child, child.tag, None)
            kind = _STEP if block else _step_kind(child, tag, seg)
            if kind == _ABSENT:
                continue
            emitted = True
            if kind == _TRANSPARENT:
                descend.append((child, segs, paths))
                continue
            count += 1
            i = _recursion_index(segs, seg)
            if i >= 0:
                c_segs, c_paths = segs[: i + 1], paths[: i + 1]
            else:
                c_segs, c_paths = (*segs, seg), (*paths, paths[-1] + ">" + seg)
            path = c_paths[-1]
            seen_nodes[path] = None
            if block or tag in opaque_tags:
                seen_leaves[path] = None
            else:
                descend.append((child, c_segs, c_paths))
        if not emitted and el is not body:
            seen_leaves[paths[-1]] = None
        # Reversed, so that popping continues in document order.
        stack.extend(reversed(descend))
    return list(seen_nodes), list(seen_leaves), count


def _recursion_index(segs: tuple[str, ...], seg: str) -> int:
    """Where ``seg`` folds back to: its nearest place among the last
    :data:`RECURSION_SPAN` steps of the path ``segs``, or -1.

    >>> _recursion_index(("body", "ul", "li"), "ul")
    1
    >>> _recursion_index(("body", "a", "b", "c", "d"), "a")
    -1
    """
    for i in range(len(segs) - 1, max(len(segs) - RECURSION_SPAN, 0) - 1, -1):
        if segs[i] == seg:
            return i
    return -1


#: What an element is to the walk (see :func:`_step_kind`).
_STEP, _TRANSPARENT, _ABSENT = 0, 1, 2


def _step_kind(el: etree._Element, tag: str, seg: str) -> int:
    """``_TRANSPARENT`` for a bare ``tbody`` and for a formatting element holding
    a block (directly or inside other formatting elements); ``_ABSENT`` for a
    bare, empty ``p`` where HTML allows none, and for a bare formatting element holding no
    text and nothing but other bare formatting elements (what an HTML5 parser
    re-opens around the spaces between blocks); ``_STEP`` otherwise."""
    if seg == "tbody":
        return _TRANSPARENT
    if tag == "p":
        # An empty ``<p>`` where none may be (in a ``pre``, a list, a table) is
        # what an HTML5 parser makes of a stray ``</p>``: no template step.
        if seg != tag or _has_own_text(el) or any(type(c.tag) is str for c in el):
            return _STEP
        parent = el.getparent()
        ptag = parent.tag if parent is not None else None
        if type(ptag) is str and ptag.rsplit("}", 1)[-1].lower() in NO_PARAGRAPH_TAGS:
            return _ABSENT
        return _STEP
    if tag not in FORMATTING_TAGS:
        return _STEP
    empty = seg == tag
    stack = [el]
    while stack:
        e = stack.pop()
        if empty and (
            _has_own_text(e)
            or (e is not el and (e.get("class") is not None or e.get("role") is not None))
        ):
            empty = False
        for c in e:
            t = c.tag
            if type(t) is not str:
                continue
            if t not in INLINE_TAGS:
                return _TRANSPARENT
            if t in FORMATTING_TAGS:
                stack.append(c)
            else:
                empty = False
    return _ABSENT if empty else _STEP


_SEGMENTS: dict[tuple[str, str | None, str | None, str | None, str | None], str | None] = {}


def _segment_cached(
    child: etree._Element, tag: str, shared: dict[str, frozenset[str]] | None
) -> tuple[str | None, str]:
    """The step name of one element and its normalised tag.

    ``None`` as the name marks a foldable bare wrapper (no class, role or id).
    Results are memoised on the raw attribute values, which repeat endlessly
    across the pages of one site.
    """
    if tag[0] == "{" or not tag.islower():
        tag = tag.rsplit("}", 1)[-1].lower()
    keys = child.keys()
    if not keys:
        return (None if tag in FOLDABLE_TAGS else tag), tag
    get = child.get
    cls_attr = get("class") if "class" in keys else None
    role = get("role") if "role" in keys else None
    type_ = get("type") if "type" in keys else None
    el_id = get("id") if "id" in keys and tag in FOLDABLE_TAGS else None
    if shared is not None and tag in shared and cls_attr:
        kept = shared[tag]
        cls_attr = " ".join(c for c in cls_attr.split() if normalize_class(c) in kept) or None
    key = (tag, cls_attr, role, type_, el_id)
    seg = _SEGMENTS.get(key, _MISSING)
    if seg is _MISSING:
        seg = _build(tag, cls_attr, role, type_, el_id)
        if len(_SEGMENTS) > 500_000:
            _SEGMENTS.clear()
        _SEGMENTS[key] = seg
    return seg, tag


_MISSING = object()


def _build(
    tag: str, cls_attr: str | None, role: str | None, type_: str | None, el_id: str | None
) -> str | None:
    classes = stable_classes(cls_attr) if cls_attr else ()
    role = role.strip().lower() or None if role else None
    if tag in FOLDABLE_TAGS and not classes and not role:
        if el_id and el_id.strip():
            # A class-less wrapper named only by its id (``<div id="header">``):
            # the id is then the author's name for it.
            classes = ("#" + normalize_class(el_id.strip()),)
        else:
            return None
    type_ = type_.strip().lower() if type_ else None
    return build_segment(tag, classes, role, type_)


def _shared_item_classes(children: list[etree._Element]) -> dict[str, frozenset[str]] | None:
    """Classes common to all repeated list/table items of one parent, by tag.

    Repeated items (rows, list items) often carry per-position classes (zebra
    striping ``even``/``odd``, ``altColor``/``rowColor``, ``first``): only the
    classes every sibling of that tag shares describe the template.
    """
    seen: dict[str, frozenset[str]] = {}
    counts: dict[str, int] = {}
    for c in children:
        tag = c.tag
        if type(tag) is not str or tag not in ITEM_TAGS:
            continue
        attr = c.get("class")
        cls = frozenset(stable_classes(attr)) if attr else frozenset()
        prev = seen.get(tag)
        seen[tag] = cls if prev is None else prev & cls
        counts[tag] = counts.get(tag, 0) + 1
    if not seen:
        return None
    repeated = {t: v for t, v in seen.items() if counts[t] > 1}
    return repeated or None


def _has_own_text(el: etree._Element) -> bool:
    text = el.text
    if text and not text.isspace():
        return True
    for c in el:
        tail = c.tail
        if tail and not tail.isspace():
            return True
    return False


def _single_element_child(el: etree._Element) -> etree._Element | None:
    """The only element child of a text-less element, else ``None``."""
    if _has_own_text(el):
        return None
    only = None
    for c in el:
        if isinstance(c.tag, str):
            if only is not None:
                return None
            only = c
    return only


def _load_fast_walk() -> Callable[[etree._Element, str, str | None], tuple] | None:
    """The compiled walker when it is built for the running lxml and agrees with
    the pure walker on a probe page; ``None`` otherwise.

    ``PAGE_CLUSTER_PURE_WALK=1`` forces the pure walker (for comparisons).
    """
    if os.environ.get("PAGE_CLUSTER_PURE_WALK", "") not in ("", "0"):
        return None
    try:
        from . import _fastwalk  # type: ignore[attr-defined]
    except ImportError:
        return None
    # It reads lxml's element objects: built against the same major release
    # (their layout has not changed within one), and checked on a probe below.
    built = getattr(_fastwalk, "BUILT_FOR_LXML", None)
    if not built or built[0] != etree.LXML_VERSION[0]:
        return None
    _fastwalk.bind(
        FOLDABLE_TAGS,
        FORMATTING_TAGS,
        NO_PARAGRAPH_TAGS,
        INLINE_TAGS,
        ITEM_TAGS,
        OPAQUE_TAGS,
        _SEGMENTS,
        _build,
        stable_classes,
        normalize_class,
    )
    probe = etree.fromstring(_PROBE, etree.HTMLParser())
    body = find_body(probe)
    if body is None:
        return None
    for cba in (None, "data-block"):
        if _fastwalk.walk_body(body, "body", cba) != _walk_below(body, "body", cba):
            return None
    return _fastwalk.walk_body


# Folding, recursion, zebra rows, inline runs, opaque leaves, content blocks,
# comments, no-break spaces and id-named wrappers: one page of each rule.
_PROBE = (
    "<html><body class='x'><div><div><div id='Head'><nav role='navigation'>"
    "<ul><li class='a odd'><a href='#'>1</a></li><li class='a even'>"
    "<ul><li class='a'>x</li></ul></li></ul></nav></div></div></div>"
    "<main><p>text <b>bold</b> <!-- c --> tail</p><p>\u00a0<span class='k'>"
    "<em>e</em></span></p><table><tr class='r1 row'><td>1</td></tr>"
    "<tr class='r2 row'><td><script>var a</script><svg><g/></svg></td></tr></table>"
    "<section data-block='1'><div><h2>in block</h2></div></section>"
    "<div><span></span></div><input type='Text'><table><tbody><tr><td>t</td></tr></tbody>"
    "<tbody class='b'><tr><td>u</td></tr></tbody></table><b><div><p>x</p></div></b>"
    "<code><i>c</i></code><u><b> </b></u><i><b class='x'></b></i>"
    "<pre>a</p>b</pre><ul><li>x</li></p></ul><p> </p><p class='k'></p>"
    "<div class='c'><section><div class='w'><article><div class='c'><p>far</p></div>"
    "</article></div></section></div><table class='t'><tr><td><table class='t'><tr>"
    "<td>near</td></tr></table></td></tr></table></main></body></html>"
).encode("utf-8")

_FAST_WALK = _load_fast_walk()
