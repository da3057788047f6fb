# cython: language_level=3
"""The structural walk of :mod:`page_cluster.parsing.structure`, compiled.

Same tokens, same order, same counts as the pure-Python walker; it reads the
parsed tree's C nodes directly instead of creating one Python proxy per element,
which is where the pure walker spends most of its time. Only node fields are read
(type, name, children, next, attributes, text content): no libxml2 function is
called, so nothing is linked against it.

The pure walker stays the reference: :mod:`~page_cluster.parsing.structure` only
uses this module after checking it was built against the running lxml and gives
identical tokens on a probe page, and the test suite compares both on real and
random pages.
"""

from cpython.unicode cimport PyUnicode_DecodeUTF8
from libc.string cimport strlen

cimport lxml.includes.etreepublic as cetree
from lxml.includes.tree cimport (
    XML_CDATA_SECTION_NODE,
    XML_ELEMENT_NODE,
    XML_TEXT_NODE,
    xmlAttr,
    xmlNode,
)

cetree.import_lxml__etree()

import lxml.etree as _etree

#: The lxml version this module was compiled against: it reads lxml's element
#: objects, so a runtime lxml of another major release means the pure walker.
BUILT_FOR_LXML = _etree.LXML_VERSION

cdef object _FOLDABLE = None
cdef object _FORMATTING = None
cdef object _NO_PARAGRAPH = None
cdef object _INLINE = None
cdef object _ITEM = None
cdef object _OPAQUE = None
cdef object _SEGMENTS = None
cdef object _BUILD = None
cdef object _STABLE = None
cdef object _NORMALIZE = None
cdef object _MISSING = object()


def bind(
    foldable, formatting, no_paragraph, inline, item, opaque, segments, build, stable_classes,
    normalize_class
):
    """Share the pure walker's tag sets, segment builder and segment cache."""
    global _FOLDABLE, _FORMATTING, _NO_PARAGRAPH, _INLINE, _ITEM, _OPAQUE, _SEGMENTS, _BUILD
    global _STABLE, _NORMALIZE
    _FOLDABLE = foldable
    _FORMATTING = formatting
    _NO_PARAGRAPH = no_paragraph
    _INLINE = inline
    _ITEM = item
    _OPAQUE = opaque
    _SEGMENTS = segments
    _BUILD = build
    _STABLE = stable_classes
    _NORMALIZE = normalize_class


cdef inline str _utf8(const unsigned char* s):
    if s is NULL:
        return ""
    return PyUnicode_DecodeUTF8(<const char*>s, strlen(<const char*>s), "replace")


cdef inline bint _is_child(xmlNode* c) noexcept:
    # What lxml iterates as children: elements, comments, entity references, PIs.
    return c.type == XML_ELEMENT_NODE or c.type == 8 or c.type == 5 or c.type == 7


cdef str _raw_tag(xmlNode* c):
    """``el.tag`` as lxml spells it (``{namespace}name`` when namespaced)."""
    cdef str name = _utf8(c.name)
    if c.ns is not NULL and c.ns.href is not NULL:
        return "{" + _utf8(c.ns.href) + "}" + name
    return name


cdef inline str _norm_tag(str tag):
    if tag[0] == "{" or not tag.islower():
        return tag.rsplit("}", 1)[-1].lower()
    return tag


cdef bint _text_is_blank(const unsigned char* s):
    """``not text or text.isspace()`` for one UTF-8 text node."""
    cdef const unsigned char* p = s
    cdef unsigned char b
    if s is NULL:
        return True
    while p[0] != 0:
        b = p[0]
        if b >= 0x80:
            # Non-ASCII: let Python decide (no-break spaces, ideographic space...).
            text = _utf8(s)
            return (not text) or text.isspace()
        if not (b == 32 or (9 <= b <= 13) or (28 <= b <= 31)):
            return False
        p += 1
    return True


cdef bint _has_own_text(xmlNode* el):
    """Any non-blank text directly inside the element (its text or a tail)."""
    cdef xmlNode* c = el.children
    while c is not NULL:
        if c.type == XML_TEXT_NODE or c.type == XML_CDATA_SECTION_NODE:
            if not _text_is_blank(c.content):
                return True
        c = c.next
    return False


cdef object _attr(xmlNode* el, const char* name):
    """``el.get(name)``: the value of an attribute without namespace, or ``None``."""
    cdef xmlAttr* a = el.properties
    cdef xmlNode* t
    cdef list parts
    while a is not NULL:
        if a.ns is NULL and a.name is not NULL and _streq(a.name, name):
            t = a.children
            if t is NULL:
                return ""
            if t.next is NULL and t.type == XML_TEXT_NODE:
                return _utf8(t.content)
            parts = []
            while t is not NULL:
                if t.type == XML_TEXT_NODE or t.type == XML_CDATA_SECTION_NODE:
                    parts.append(_utf8(t.content))
                t = t.next
            return "".join(parts)
        a = a.next
    return None


cdef inline bint _streq(const unsigned char* a, const char* b) noexcept:
    cdef size_t i = 0
    while a[i] != 0 and b[i] != 0:
        if a[i] != <unsigned char>b[i]:
            return False
        i += 1
    return a[i] == 0 and b[i] == 0


cdef tuple _segment(xmlNode* el, str tag, object shared):
    """``(segment or None, normalised tag)``, memoised on the raw attribute values."""
    cdef object cls_attr, role, type_, el_id, key, seg
    tag = _norm_tag(tag)
    if el.properties is NULL:
        return (None if tag in _FOLDABLE else tag), tag
    cls_attr = _attr(el, b"class")
    role = _attr(el, b"role")
    type_ = _attr(el, b"type")
    el_id = _attr(el, b"id") if tag in _FOLDABLE else None
    if shared is not None and cls_attr and tag in shared:
        kept = shared[tag]
        cls_attr = " ".join([c for c in cls_attr.split() if _NORMALIZE(c) in kept]) or None
    key = (tag, cls_attr, role, type_, el_id)
    seg = _SEGMENTS.get(key, _MISSING)
    if seg is _MISSING:
        seg = _BUILD(tag, cls_attr, role, type_, el_id)
        if len(_SEGMENTS) > 500_000:
            _SEGMENTS.clear()
        _SEGMENTS[key] = seg
    return seg, tag


cdef object _shared_item_classes(list kids, list tags):
    """Classes common to all repeated list/table items of one parent, by tag.

    ``kids``/``tags``: the parent's children and their raw tags, as the walk
    already read them (``None`` for non-elements).
    """
    cdef dict seen = {}
    cdef dict counts = {}
    cdef Py_ssize_t k
    for k in range(len(kids)):
        tag = tags[k]
        if tag is None or tag not in _ITEM:
            continue
        attr = _attr(<xmlNode*><size_t>kids[k], b"class")
        cls = frozenset(_STABLE(attr)) if attr else frozenset()
        prev = seen.get(tag)
        seen[tag] = cls if prev is None else prev & cls
        counts[tag] = counts.get(tag, 0) + 1
    if not seen:
        return None
    repeated = {t: v for t, v in seen.items() if counts[t] > 1}
    return repeated or None


cdef xmlNode* _single_element_child(xmlNode* el):
    """The only element child of a text-less element, else NULL."""
    cdef xmlNode* only = NULL
    cdef xmlNode* c
    if _has_own_text(el):
        return NULL
    c = el.children
    while c is not NULL:
        if c.type == XML_ELEMENT_NODE:
            if only is not NULL:
                return NULL
            only = c
        c = c.next
    return only


#: See ``segments.RECURSION_SPAN``.
cdef Py_ssize_t RECURSION_SPAN = 3


cdef int _step_kind(xmlNode* el, str tag, object seg) except -1:
    """0: a step; 1: transparent; 2: absent (see ``structure._step_kind``)."""
    cdef xmlNode* c
    cdef xmlNode* e
    cdef list stack
    cdef bint empty
    cdef str t
    if seg == "tbody":
        return 1
    if tag == "p":
        if seg != tag or _has_own_text(el):
            return 0
        c = el.children
        while c is not NULL:
            if c.type == XML_ELEMENT_NODE:
                return 0
            c = c.next
        c = el.parent
        if c is not NULL and c.type == XML_ELEMENT_NODE and _norm_tag(_raw_tag(c)) in _NO_PARAGRAPH:
            return 2
        return 0
    if tag not in _FORMATTING:
        return 0
    empty = seg == tag
    stack = [<size_t>el]
    while stack:
        e = <xmlNode*><size_t>stack.pop()
        if empty and (
            _has_own_text(e)
            or (e != el and (_attr(e, b"class") is not None or _attr(e, b"role") is not None))
        ):
            empty = False
        c = e.children
        while c is not NULL:
            if c.type == XML_ELEMENT_NODE:
                t = _raw_tag(c)
                if t not in _INLINE:
                    return 1
                if t in _FORMATTING:
                    stack.append(<size_t>c)
                else:
                    empty = False
            c = c.next
    return 2 if empty else 0


def walk_body(cetree._Element body, str body_tag, object cba):
    """Walk below ``body``: ``(node paths, leaf paths, element count)``.

    ``cba`` is the content-block attribute name (``None`` for none); it must be a
    plain attribute name (the caller uses the pure walker otherwise).
    """
    cdef xmlNode* root = body._c_node
    cdef xmlNode* el
    cdef xmlNode* c
    cdef xmlNode* child
    cdef xmlNode* only
    # Paths are numbered as they are first built: a path is its parent's number
    # and one segment, so no long path string is rebuilt or hashed per element.
    cdef list path_str = [body_tag]
    cdef list steps = [{}]       # per path number: {segment: child path number}
    cdef dict step
    cdef object pid
    cdef dict seen_nodes = {}    # path numbers, in first-seen order
    cdef dict seen_leaves = {}
    cdef long count = 0
    cdef bint in_text, emitted, block, has_children, any_inline, any_item
    cdef list stack_nodes = []   # element addresses, as Python ints
    cdef list stack_info = []    # (segments, paths) on the way to each element
    cdef list descend_nodes
    cdef list descend_info
    cdef list tags
    cdef list kids
    cdef tuple segs, paths, c_segs, c_paths
    cdef str tag
    cdef object seg, shared
    cdef bytes cba_bytes = cba.encode("utf-8") if cba is not None else None
    cdef const char* cba_c = NULL
    cdef Py_ssize_t i, k, lo
    cdef int kind

    if cba_bytes is not None:
        cba_c = cba_bytes
    stack_nodes.append(<size_t>root)
    stack_info.append(((body_tag,), (0,)))
    while stack_nodes:
        el = <xmlNode*><size_t>stack_nodes.pop()
        segs, paths = stack_info.pop()
        # Children as lxml lists them, with their raw tags (None for non-elements).
        kids = []
        tags = []
        any_inline = False
        any_item = False
        c = el.children
        while c is not NULL:
            if _is_child(c):
                kids.append(<size_t>c)
                if c.type == XML_ELEMENT_NODE:
                    tag = _raw_tag(c)
                    tags.append(tag)
                    if not any_inline and tag in _INLINE:
                        any_inline = True
                    if not any_item and tag in _ITEM:
                        any_item = True
                else:
                    tags.append(None)
            c = c.next
        if not kids:
            if el is not root:
                seen_leaves[paths[-1]] = None
            continue
        in_text = False
        if any_inline:
            in_text = _has_own_text(el)
        shared = None
        if len(kids) > 1 and any_item:
            shared = _shared_item_classes(kids, tags)
        descend_nodes = []
        descend_info = []
        emitted = False
        for k in range(len(kids)):
            tag = tags[k]
            if tag is None or (in_text and tag in _INLINE):
                continue
            child = <xmlNode*><size_t>kids[k]
            if cba_c is not NULL and _attr(child, cba_c) is not None:
                seg, tag = _segment(child, tag, None)
                seg = seg or tag
                block = True
            else:
                seg, tag = _segment(child, tag, shared)
                block = False
                while seg is None:
                    only = _single_element_child(child)
                    if only is NULL or (cba_c is not NULL and _attr(only, cba_c) is not None):
                        seg = tag
                        break
                    child = only
                    seg, tag = _segment(child, _raw_tag(child), None)
            kind = 0 if block else _step_kind(child, tag, seg)
            if kind == 2:
                continue
            emitted = True
            if kind == 1:
                descend_nodes.append(<size_t>child)
                descend_info.append((segs, paths))
                continue
            count += 1
            # Recursion collapse: the nearest place of the step among the
            # last RECURSION_SPAN steps (segments.RECURSION_SPAN; the probe
            # page checks the two walkers agree).
            lo = max(len(segs) - RECURSION_SPAN, 0)
            i = len(segs) - 1
            while i >= lo and segs[i] != seg:
                i -= 1
            if i >= lo:
                c_segs = segs[: i + 1]
                c_paths = paths[: i + 1]
            else:
                step = <dict>steps[<Py_ssize_t>paths[-1]]
                pid = step.get(seg)
                if pid is None:
                    pid = len(path_str)
                    step[seg] = pid
                    path_str.append(path_str[<Py_ssize_t>paths[-1]] + ">" + seg)
                    steps.append({})
                c_segs = segs + (seg,)
                c_paths = paths + (pid,)
            pid = c_paths[-1]
            seen_nodes[pid] = None
            if block or tag in _OPAQUE:
                seen_leaves[pid] = None
            else:
                descend_nodes.append(<size_t>child)
                descend_info.append((c_segs, c_paths))
        if not emitted and el is not root:
            seen_leaves[paths[-1]] = None
        # Reversed, so that popping continues in document order.
        descend_nodes.reverse()
        descend_info.reverse()
        stack_nodes.extend(descend_nodes)
        stack_info.extend(descend_info)
    # dict.fromkeys: should two numbers ever spell one path, it is listed once,
    # at its first place, as the pure walker lists it.
    return (
        list(dict.fromkeys([path_str[i] for i in seen_nodes])),
        list(dict.fromkeys([path_str[i] for i in seen_leaves])),
        count,
    )
