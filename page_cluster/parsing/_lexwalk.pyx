# cython: language_level=3
"""Parse a page with lexbor and walk it into structural tokens, in C.

lexbor is the HTML5 parser (a browser's tree construction) that the
``selectolax`` package compiles into its extension module and exports. This
module needs neither lexbor's headers nor a link against it: :func:`bind` looks
the few functions it calls up in that module by name (``dlsym``), and the walk
reads only the node fields of lexbor's DOM (``first_child``, ``next``, ``type``,
``local_name``, a text node's data), whose layout is declared below. Attributes
and names are read through lexbor's own accessor functions.

The walk is the one of :mod:`page_cluster.parsing.structure` (same tokens, same
order, same counts on the same tree) without a Python object per element:
children, text and attributes are read in C, and only the strings that end up
in a segment (a tag name, a class attribute) become Python objects.
:mod:`~page_cluster.parsing.lexbor_tree` only uses it after checking it against
the pure walker on a probe page, and the test suite compares both on real and
random pages.
"""

from cpython.ref cimport PyObject
from cpython.unicode cimport PyUnicode_DecodeUTF8
from libc.stdint cimport int32_t, uint32_t, uint64_t, uintptr_t
from libc.stdlib cimport calloc, free, malloc, realloc
from libc.string cimport memcmp, memcpy, memset


cdef extern from "<dlfcn.h>" nogil:
    void* dlopen(const char* filename, int flags)
    void* dlsym(void* handle, const char* symbol)
    int RTLD_NOW
    int RTLD_LOCAL


cdef extern from *:
    """
    /* lexbor's lxb_dom_node_t, lexbor_str_t and lxb_dom_character_data_t
       (lexbor/dom/interfaces/node.h, core/str.h, character_data.h). */
    typedef struct pc_lxb_node pc_lxb_node;
    struct pc_lxb_node {
        void *events;
        uintptr_t local_name;
        uintptr_t prefix;
        uintptr_t ns;
        void *owner_document;
        pc_lxb_node *next;
        pc_lxb_node *prev;
        pc_lxb_node *parent;
        pc_lxb_node *first_child;
        pc_lxb_node *last_child;
        void *user;
        int type;
    };
    typedef struct { unsigned char *data; size_t length; } pc_lxb_str;
    typedef struct { pc_lxb_node node; pc_lxb_str data; } pc_lxb_chardata;
    """
    ctypedef struct pc_lxb_node:
        uintptr_t local_name
        pc_lxb_node* next
        pc_lxb_node* parent
        pc_lxb_node* first_child
        int type
    ctypedef struct pc_lxb_str:
        unsigned char* data
        size_t length
    ctypedef struct pc_lxb_chardata:
        pc_lxb_str data


ctypedef void* (*doc_create_f)() noexcept nogil
ctypedef void* (*doc_destroy_f)(void*) noexcept nogil
ctypedef unsigned int (*doc_parse_f)(void*, const unsigned char*, size_t) noexcept nogil
ctypedef const unsigned char* (*name_f)(void*, size_t*) noexcept nogil
ctypedef void* (*attr_step_f)(void*) noexcept nogil

cdef doc_create_f _doc_create = NULL
cdef doc_destroy_f _doc_destroy = NULL
cdef doc_parse_f _doc_parse = NULL
cdef name_f _element_name = NULL
cdef attr_step_f _first_attr = NULL
cdef attr_step_f _next_attr = NULL
cdef name_f _attr_name = NULL
cdef name_f _attr_value = NULL

cdef enum:
    ELEMENT = 1
    TEXT = 3
    CDATA = 4

cdef object _FOLDABLE = None
cdef object _FORMATTING = None
cdef object _NO_PARAGRAPH = None
cdef object _INLINE = None
cdef object _ITEM = None
cdef object _OPAQUE = None
cdef object _BUILD = None
cdef object _STABLE = None
cdef object _NORMALIZE = None


def bind(
    str library, foldable, formatting, no_paragraph, inline, item, opaque, build, stable, normalize
):
    """Look lexbor's functions up in ``library`` (selectolax's extension module)
    and share the pure walker's tag sets and segment builder.

    Raises ``ImportError`` when a function is missing.
    """
    global _doc_create, _doc_destroy, _doc_parse, _element_name
    global _first_attr, _next_attr, _attr_name, _attr_value
    global _FOLDABLE, _FORMATTING, _NO_PARAGRAPH, _INLINE, _ITEM, _OPAQUE, _BUILD, _STABLE
    global _NORMALIZE
    cdef bytes path = library.encode()
    cdef void* handle = dlopen(path, RTLD_NOW | RTLD_LOCAL)
    if handle is NULL:
        raise ImportError(f"cannot open {library}")
    names = (
        b"lxb_html_document_create",
        b"lxb_html_document_destroy",
        b"lxb_html_document_parse",
        b"lxb_dom_element_local_name",
        b"lxb_dom_element_first_attribute_noi",
        b"lxb_dom_element_next_attribute_noi",
        b"lxb_dom_attr_qualified_name",
        b"lxb_dom_attr_value_noi",
    )
    cdef list found = []
    cdef void* sym
    for name in names:
        sym = dlsym(handle, <const char*>name)
        if sym is NULL:
            raise ImportError(f"lexbor function {name.decode()} not found in {library}")
        found.append(<size_t>sym)
    _doc_create = <doc_create_f><size_t>found[0]
    _doc_destroy = <doc_destroy_f><size_t>found[1]
    _doc_parse = <doc_parse_f><size_t>found[2]
    _element_name = <name_f><size_t>found[3]
    _first_attr = <attr_step_f><size_t>found[4]
    _next_attr = <attr_step_f><size_t>found[5]
    _attr_name = <name_f><size_t>found[6]
    _attr_value = <name_f><size_t>found[7]
    _FOLDABLE = foldable
    _FORMATTING = formatting
    _NO_PARAGRAPH = no_paragraph
    _INLINE = inline
    _ITEM = item
    _OPAQUE = opaque
    _BUILD = build
    _STABLE = stable
    _NORMALIZE = normalize


cdef inline str _utf8(const unsigned char* s, size_t n):
    if s is NULL:
        return ""
    return PyUnicode_DecodeUTF8(<const char*>s, n, "replace")


cdef inline bint _name_is(const unsigned char* s, size_t n, const char* want, size_t wn) noexcept:
    return s is not NULL and n == wn and memcmp(s, want, wn) == 0


cdef object _attr(pc_lxb_node* el, const char* name, size_t n):
    """``el.get(name)``: the first attribute of that name, or ``None``."""
    cdef void* a = _first_attr(<void*>el)
    cdef size_t an = 0, vn = 0
    cdef const unsigned char* s
    while a is not NULL:
        s = _attr_name(a, &an)
        if _name_is(s, an, name, n):
            s = _attr_value(a, &vn)
            return _utf8(s, vn)
        a = _next_attr(a)
    return None


cdef bint _has_attr(pc_lxb_node* el, const char* name, size_t n) noexcept:
    cdef void* a = _first_attr(<void*>el)
    cdef size_t an = 0
    cdef const unsigned char* s
    while a is not NULL:
        s = _attr_name(a, &an)
        if _name_is(s, an, name, n):
            return True
        a = _next_attr(a)
    return False


cdef bint _text_is_blank(const unsigned char* s, size_t n):
    """``not text or text.isspace()`` for one UTF-8 text node."""
    cdef size_t i
    cdef unsigned char b
    for i in range(n):
        b = s[i]
        if b >= 0x80:
            text = _utf8(s, n)
            return (not text) or text.isspace()
        if not (b == 32 or (9 <= b <= 13) or (28 <= b <= 31)):
            return False
    return True


cdef bint _has_own_text(pc_lxb_node* el) except -1:
    """Any non-blank text directly inside the element (lxml's text or a tail)."""
    cdef pc_lxb_node* c = el.first_child
    cdef pc_lxb_chardata* t
    while c is not NULL:
        if c.type == TEXT or c.type == CDATA:
            t = <pc_lxb_chardata*>c
            if not _text_is_blank(t.data.data, t.data.length):
                return True
        c = c.next
    return False


cdef inline str _norm_tag(str tag):
    if not tag:
        return tag
    if tag[0] == "{" or not tag.islower():
        return tag.rsplit("}", 1)[-1].lower()
    return tag


# -- segment strings, numbered once per process ----------------------------------

cdef dict _SEG_IDS = {}
cdef list _SEG_STRS = []


cdef int32_t _seg_id(str seg) except -1:
    cdef object sid = _SEG_IDS.get(seg)
    if sid is None:
        sid = len(_SEG_STRS)
        _SEG_IDS[seg] = sid
        _SEG_STRS.append(seg)
    return <int32_t>sid


# -- tag names and their classes, by lexbor tag id -------------------------------

cdef enum:
    F_KNOWN = 1
    F_INLINE = 2
    F_ITEM = 4
    F_FOLDABLE = 8
    F_OPAQUE = 16
    F_FORMATTING = 32
    F_NO_PARAGRAPH = 64
    # Ids of the tags lexbor knows are small constants; a custom tag's id is the
    # address of its entry in the document's name table, so only these are
    # cached by id, custom tags by name.
    STATIC_TAGS = 4096

ctypedef struct TagInfo:
    unsigned char flags
    int32_t seg          # segment id of the normalised tag name
    PyObject* raw        # tag name as lexbor spells it (str)
    PyObject* norm       # normalised (str)

cdef TagInfo _static_tags[STATIC_TAGS]
cdef list _keep = []      # owns the names the table points to
cdef dict _dyn_tags = {}  # custom tag name -> (raw, norm, flags, seg)


cdef TagInfo _tag_info(pc_lxb_node* el) except *:
    cdef uintptr_t tid = el.local_name
    cdef TagInfo info
    cdef size_t n = 0
    cdef const unsigned char* s
    cdef tuple entry
    if tid < STATIC_TAGS and _static_tags[tid].flags & F_KNOWN:
        return _static_tags[tid]
    s = _element_name(<void*>el, &n)
    raw = _utf8(s, n)
    if tid >= STATIC_TAGS:
        entry = _dyn_tags.get(raw)
        if entry is None:
            entry = _describe(raw)
            _dyn_tags[raw] = entry
        info.raw = <PyObject*>entry[0]
        info.norm = <PyObject*>entry[1]
        info.flags = entry[2]
        info.seg = entry[3]
        return info
    entry = _describe(raw)
    _keep.append(entry)
    info.raw = <PyObject*>entry[0]
    info.norm = <PyObject*>entry[1]
    info.flags = entry[2]
    info.seg = entry[3]
    _static_tags[tid] = info
    return info


cdef tuple _describe(str raw):
    cdef str norm = _norm_tag(raw)
    cdef int flags = F_KNOWN
    if raw in _INLINE:
        flags |= F_INLINE
    if raw in _ITEM:
        flags |= F_ITEM
    if norm in _FOLDABLE:
        flags |= F_FOLDABLE
    if norm in _OPAQUE:
        flags |= F_OPAQUE
    if norm in _FORMATTING:
        flags |= F_FORMATTING
    if norm in _NO_PARAGRAPH:
        flags |= F_NO_PARAGRAPH
    return (raw, norm, flags, _seg_id(norm))


# -- the segment memo: raw attribute bytes -> segment id, in C -------------------

ctypedef struct MemoEntry:
    uint64_t h
    unsigned char* key   # NULL: empty slot
    size_t klen
    int32_t value        # segment id, -1 for a foldable bare wrapper

cdef MemoEntry* _memo = NULL
cdef size_t _memo_cap = 0
cdef size_t _memo_used = 0
cdef unsigned char* _kbuf = NULL
cdef size_t _kcap = 0
cdef size_t _klen = 0
#: Entries kept before the memo starts afresh (as the pure walker's cache does).
cdef size_t MEMO_LIMIT = 500_000


cdef inline uint64_t _hash(const unsigned char* s, size_t n) noexcept nogil:
    cdef uint64_t h = 1469598103934665603ULL
    cdef size_t i
    for i in range(n):
        h = (h ^ s[i]) * 1099511628211ULL
    return h


cdef int _memo_reset(size_t cap) except -1:
    global _memo, _memo_cap, _memo_used
    cdef size_t i
    if _memo is not NULL:
        for i in range(_memo_cap):
            free(_memo[i].key)
        free(_memo)
    _memo = <MemoEntry*>calloc(cap, sizeof(MemoEntry))
    if _memo is NULL:
        raise MemoryError()
    _memo_cap = cap
    _memo_used = 0
    return 0


cdef MemoEntry* _memo_slot(uint64_t h, const unsigned char* key, size_t klen) noexcept nogil:
    cdef size_t mask = _memo_cap - 1
    cdef size_t i = h & mask
    cdef MemoEntry* e
    while True:
        e = &_memo[i]
        if e.key is NULL:
            return e
        if e.h == h and e.klen == klen and memcmp(e.key, key, klen) == 0:
            return e
        i = (i + 1) & mask


cdef int _memo_put(uint64_t h, int32_t value) except -1:
    global _memo, _memo_cap, _memo_used
    cdef MemoEntry* old
    cdef size_t old_cap, i
    cdef MemoEntry* e
    if _memo_used >= MEMO_LIMIT:
        _memo_reset(1024)
    if 2 * (_memo_used + 1) > _memo_cap:
        old = _memo
        old_cap = _memo_cap
        _memo = <MemoEntry*>calloc(2 * old_cap, sizeof(MemoEntry))
        if _memo is NULL:
            _memo = old
            raise MemoryError()
        _memo_cap = 2 * old_cap
        for i in range(old_cap):
            if old[i].key is not NULL:
                e = _memo_slot(old[i].h, old[i].key, old[i].klen)
                e[0] = old[i]
        free(old)
    e = _memo_slot(h, _kbuf, _klen)
    e.key = <unsigned char*>malloc(_klen if _klen else 1)
    if e.key is NULL:
        raise MemoryError()
    memcpy(e.key, _kbuf, _klen)
    e.klen = _klen
    e.h = h
    e.value = value
    _memo_used += 1
    return 0


cdef int _key_put(const void* data, size_t n) except -1:
    global _kbuf, _kcap, _klen
    cdef size_t need = _klen + n
    cdef unsigned char* grown
    if need > _kcap:
        grown = <unsigned char*>realloc(_kbuf, 2 * need)
        if grown is NULL:
            raise MemoryError()
        _kbuf = grown
        _kcap = 2 * need
    memcpy(_kbuf + _klen, data, n)
    _klen = need
    return 0


cdef int _key_field(bint present, const unsigned char* s, size_t n) except -1:
    cdef unsigned char flag = 1 if present else 0
    cdef uint64_t size = n
    _key_put(&flag, 1)
    if present:
        _key_put(&size, sizeof(size))
        if n:
            _key_put(s, n)
    return 0


cdef inline object _opt(bint present, const unsigned char* s, size_t n):
    return _utf8(s, n) if present else None


cdef int32_t _segment(pc_lxb_node* el, TagInfo* info, object shared) except -2:
    """Segment id of one element (-1: a foldable bare wrapper), memoised on its
    normalised tag and the raw bytes of its ``class``, ``role``, ``type`` and,
    for ``div``/``span``, ``id``."""
    global _klen
    cdef void* a = _first_attr(<void*>el)
    cdef bint foldable = (info.flags & F_FOLDABLE) != 0
    cdef bint has_c = False, has_r = False, has_t = False, has_i = False
    cdef const unsigned char* cs = NULL
    cdef const unsigned char* rs = NULL
    cdef const unsigned char* ts = NULL
    cdef const unsigned char* ids = NULL
    cdef const unsigned char* s
    cdef size_t cn = 0, rn = 0, tn = 0, idn = 0, an = 0
    cdef bytes kept_bytes = None
    cdef object cls = None
    cdef uint64_t h
    cdef MemoEntry* e
    cdef int32_t value
    while a is not NULL:
        s = _attr_name(a, &an)
        if s is not NULL:
            if not has_c and _name_is(s, an, b"class", 5):
                has_c = True
                cs = _attr_value(a, &cn)
            elif not has_r and _name_is(s, an, b"role", 4):
                has_r = True
                rs = _attr_value(a, &rn)
            elif not has_t and _name_is(s, an, b"type", 4):
                has_t = True
                ts = _attr_value(a, &tn)
            elif foldable and not has_i and _name_is(s, an, b"id", 2):
                has_i = True
                ids = _attr_value(a, &idn)
        a = _next_attr(a)
    if not (has_c or has_r or has_t or has_i):
        return -1 if foldable else info.seg
    if shared is not None and has_c and cn > 0 and (<object>info.norm) in shared:
        # Repeated items keep only the classes all their siblings share.
        kept = shared[<object>info.norm]
        cls = " ".join([c for c in _utf8(cs, cn).split() if _NORMALIZE(c) in kept]) or None
        if cls is None:
            has_c = False
        else:
            kept_bytes = (<str>cls).encode("utf-8")
            cs = <const unsigned char*><char*>kept_bytes
            cn = len(kept_bytes)
    _klen = 0
    _key_put(&info.seg, sizeof(int32_t))
    _key_field(has_c, cs, cn)
    _key_field(has_r, rs, rn)
    _key_field(has_t, ts, tn)
    _key_field(has_i, ids, idn)
    h = _hash(_kbuf, _klen)
    e = _memo_slot(h, _kbuf, _klen)
    if e.key is not NULL:
        return e.value
    seg = _BUILD(
        <object>info.norm,
        cls if cls is not None else _opt(has_c, cs, cn),
        _opt(has_r, rs, rn),
        _opt(has_t, ts, tn),
        _opt(has_i, ids, idn),
    )
    value = -1 if seg is None else _seg_id(seg)
    _memo_put(h, value)
    return value


cdef object _shared_item_classes(pc_lxb_node* el):
    """Classes common to all repeated list/table items of one parent, by tag."""
    cdef dict seen = {}
    cdef dict counts = {}
    cdef pc_lxb_node* c = el.first_child
    cdef TagInfo info
    while c is not NULL:
        if c.type == ELEMENT:
            info = _tag_info(c)
            if info.flags & F_ITEM:
                tag = <object>info.raw
                attr = _attr(c, b"class", 5)
                cls = frozenset(_STABLE(attr)) if attr else frozenset()
                prev = seen.get(tag)
                seen[tag] = cls if prev is None else prev & cls
                counts[tag] = counts.get(tag, 0) + 1
        c = c.next
    if not seen:
        return None
    repeated = {t: v for t, v in seen.items() if counts[t] > 1}
    return repeated or None


cdef pc_lxb_node* _single_element_child(pc_lxb_node* el) except? NULL:
    """The only element child of a text-less element, else NULL."""
    cdef pc_lxb_node* only = NULL
    cdef pc_lxb_node* c
    if _has_own_text(el):
        return NULL
    c = el.first_child
    while c is not NULL:
        if c.type == ELEMENT:
            if only is not NULL:
                return NULL
            only = c
        c = c.next
    return only


#: See ``segments.RECURSION_SPAN`` (the probe page checks the walkers agree).
cdef int RECURSION_SPAN = 3
cdef int32_t _TBODY_SEG = -1  # the segment ids of a bare ``tbody`` and ``p``, set per walk
cdef int32_t _P_SEG = -1


cdef int _step_kind(pc_lxb_node* el, TagInfo* info, int32_t seg) except -1:
    """0: a step; 1: transparent; 2: absent (see ``structure._step_kind``)."""
    cdef pc_lxb_node* c
    cdef pc_lxb_node* e
    cdef TagInfo kid
    cdef bint empty
    cdef list stack
    if seg == _TBODY_SEG:
        return 1
    if info.seg == _P_SEG:
        if seg != info.seg or _has_own_text(el):
            return 0
        c = el.first_child
        while c is not NULL:
            if c.type == ELEMENT:
                return 0
            c = c.next
        c = el.parent
        if c is not NULL and c.type == ELEMENT:
            kid = _tag_info(c)
            if kid.flags & F_NO_PARAGRAPH:
                return 2
        return 0
    if not info.flags & F_FORMATTING:
        return 0
    empty = seg == info.seg
    stack = [<size_t>el]
    while stack:
        e = <pc_lxb_node*><size_t>stack.pop()
        if empty and (
            _has_own_text(e)
            or (e != el and (_has_attr(e, b"class", 5) or _has_attr(e, b"role", 4)))
        ):
            empty = False
        c = e.first_child
        while c is not NULL:
            if c.type == ELEMENT:
                kid = _tag_info(c)
                if not kid.flags & F_INLINE:
                    return 1
                if kid.flags & F_FORMATTING:
                    stack.append(<size_t>c)
                else:
                    empty = False
            c = c.next
    return 2 if empty else 0


# -- the walk ----------------------------------------------------------------------

ctypedef struct Frame:
    pc_lxb_node* node
    int32_t pid

ctypedef struct Walk:
    # Paths, numbered as they are first built: a path is its parent's number and
    # one segment id, so no path string is built or hashed per element.
    int32_t* parent
    int32_t* seg
    unsigned char* is_node
    unsigned char* is_leaf
    size_t n_paths, cap_paths
    int32_t* node_order
    int32_t* leaf_order
    size_t n_nodes, n_leaves
    # (parent path, segment) -> path, open addressing; key 0 is an empty slot.
    uint64_t* step_key
    int32_t* step_val
    size_t step_cap, step_used
    Frame* stack
    size_t n_stack, cap_stack


cdef void _walk_free(Walk* w) noexcept:
    free(w.parent)
    free(w.seg)
    free(w.is_node)
    free(w.is_leaf)
    free(w.node_order)
    free(w.leaf_order)
    free(w.step_key)
    free(w.step_val)
    free(w.stack)


cdef int _grow(void** p, size_t n, size_t size) except -1:
    cdef void* q = realloc(p[0], n * size)
    if q is NULL:
        raise MemoryError()
    p[0] = q
    return 0


cdef int32_t _new_path(Walk* w, int32_t parent, int32_t seg) except -1:
    cdef size_t cap
    if w.n_paths == w.cap_paths:
        cap = 2 * w.cap_paths if w.cap_paths else 256
        _grow(<void**>&w.parent, cap, sizeof(int32_t))
        _grow(<void**>&w.seg, cap, sizeof(int32_t))
        _grow(<void**>&w.is_node, cap, 1)
        _grow(<void**>&w.is_leaf, cap, 1)
        _grow(<void**>&w.node_order, cap, sizeof(int32_t))
        _grow(<void**>&w.leaf_order, cap, sizeof(int32_t))
        w.cap_paths = cap
    w.parent[w.n_paths] = parent
    w.seg[w.n_paths] = seg
    w.is_node[w.n_paths] = 0
    w.is_leaf[w.n_paths] = 0
    w.n_paths += 1
    return <int32_t>(w.n_paths - 1)


cdef inline void _mark_node(Walk* w, int32_t pid) noexcept:
    if not w.is_node[pid]:
        w.is_node[pid] = 1
        w.node_order[w.n_nodes] = pid
        w.n_nodes += 1


cdef inline void _mark_leaf(Walk* w, int32_t pid) noexcept:
    if not w.is_leaf[pid]:
        w.is_leaf[pid] = 1
        w.leaf_order[w.n_leaves] = pid
        w.n_leaves += 1


cdef int _step_rehash(Walk* w, size_t cap) except -1:
    cdef uint64_t* keys = <uint64_t*>calloc(cap, sizeof(uint64_t))
    cdef int32_t* vals = <int32_t*>malloc(cap * sizeof(int32_t))
    cdef size_t i, j
    if keys is NULL or vals is NULL:
        free(keys)
        free(vals)
        raise MemoryError()
    for i in range(w.step_cap):
        if w.step_key[i]:
            j = _mix(w.step_key[i]) & (cap - 1)
            while keys[j]:
                j = (j + 1) & (cap - 1)
            keys[j] = w.step_key[i]
            vals[j] = w.step_val[i]
    free(w.step_key)
    free(w.step_val)
    w.step_key = keys
    w.step_val = vals
    w.step_cap = cap
    return 0


cdef inline uint64_t _mix(uint64_t x) noexcept nogil:
    x ^= x >> 33
    x *= 0xff51afd7ed558ccdULL
    x ^= x >> 33
    return x


cdef int32_t _child_path(Walk* w, int32_t parent, int32_t seg) except -1:
    cdef uint64_t key = ((<uint64_t>parent) << 32 | <uint32_t>seg) + 1
    cdef size_t i
    cdef int32_t pid
    if 2 * (w.step_used + 1) > w.step_cap:
        _step_rehash(w, 2 * w.step_cap if w.step_cap else 1024)
    i = _mix(key) & (w.step_cap - 1)
    while w.step_key[i]:
        if w.step_key[i] == key:
            return w.step_val[i]
        i = (i + 1) & (w.step_cap - 1)
    pid = _new_path(w, parent, seg)
    w.step_key[i] = key
    w.step_val[i] = pid
    w.step_used += 1
    return pid


cdef int _push(Walk* w, pc_lxb_node* node, int32_t pid) except -1:
    cdef size_t cap
    if w.n_stack == w.cap_stack:
        cap = 2 * w.cap_stack if w.cap_stack else 256
        _grow(<void**>&w.stack, cap, sizeof(Frame))
        w.cap_stack = cap
    w.stack[w.n_stack].node = node
    w.stack[w.n_stack].pid = pid
    w.n_stack += 1
    return 0


cdef tuple _walk_below(pc_lxb_node* root, str body_tag, bytes cba_bytes):
    """``(node paths, leaf paths, element count)`` below ``root``, as the pure
    walker of :mod:`page_cluster.parsing.structure` gives them."""
    cdef Walk w
    memset(&w, 0, sizeof(Walk))
    try:
        return _walk_into(&w, root, body_tag, cba_bytes)
    finally:
        _walk_free(&w)


cdef tuple _walk_into(Walk* w, pc_lxb_node* root, str body_tag, bytes cba_bytes):
    cdef pc_lxb_node* el
    cdef pc_lxb_node* c
    cdef pc_lxb_node* child
    cdef pc_lxb_node* only
    cdef TagInfo info
    cdef Frame frame, tmp
    cdef int32_t pid, seg, p, cpid
    cdef int up
    cdef long count = 0
    cdef bint in_text, emitted, block, any_inline, any_item
    cdef int kind
    cdef size_t n_kids, base, lo, hi, k
    cdef object shared
    cdef const char* cba = NULL
    cdef size_t cba_n = 0
    cdef list strs
    global _TBODY_SEG, _P_SEG
    if _memo is NULL:
        _memo_reset(1024)
    _TBODY_SEG = _seg_id("tbody")
    _P_SEG = _seg_id("p")
    if cba_bytes is not None:
        cba = cba_bytes
        cba_n = len(cba_bytes)
    _new_path(w, -1, _seg_id(body_tag))
    _push(w, root, 0)
    while w.n_stack:
        w.n_stack -= 1
        frame = w.stack[w.n_stack]
        el = frame.node
        pid = frame.pid
        n_kids = 0
        any_inline = False
        any_item = False
        c = el.first_child
        while c is not NULL:
            if c.type == ELEMENT:
                n_kids += 1
                info = _tag_info(c)
                if info.flags & F_INLINE:
                    any_inline = True
                if info.flags & F_ITEM:
                    any_item = True
            c = c.next
        if n_kids == 0:
            if el != root:
                _mark_leaf(w, pid)
            continue
        in_text = any_inline and _has_own_text(el)
        shared = None
        if n_kids > 1 and any_item:
            shared = _shared_item_classes(el)
        emitted = False
        base = w.n_stack
        c = el.first_child
        while c is not NULL:
            if c.type != ELEMENT:
                c = c.next
                continue
            info = _tag_info(c)
            if in_text and info.flags & F_INLINE:
                c = c.next
                continue
            child = c
            if cba is not NULL and _has_attr(child, cba, cba_n):
                seg = _segment(child, &info, None)
                if seg < 0:
                    seg = info.seg
                block = True
            else:
                seg = _segment(child, &info, shared)
                block = False
                # Folding: a bare wrapper around exactly one element adds no step.
                while seg < 0:
                    only = _single_element_child(child)
                    if only is NULL or (cba is not NULL and _has_attr(only, cba, cba_n)):
                        seg = info.seg
                        break
                    child = only
                    info = _tag_info(child)
                    seg = _segment(child, &info, None)
            kind = 0 if block else _step_kind(child, &info, seg)
            if kind == 2:
                c = c.next
                continue
            emitted = True
            if kind == 1:
                _push(w, child, pid)
                c = c.next
                continue
            count += 1
            # Recursion collapse: a step among the last RECURSION_SPAN on the
            # path folds back to its nearest place there.
            cpid = -1
            p = pid
            up = 0
            while p >= 0 and up < RECURSION_SPAN:
                if w.seg[p] == seg:
                    cpid = p
                    break
                p = w.parent[p]
                up += 1
            if cpid < 0:
                cpid = _child_path(w, pid, seg)
            _mark_node(w, cpid)
            if block or info.flags & F_OPAQUE:
                _mark_leaf(w, cpid)
            else:
                _push(w, child, cpid)
            c = c.next
        if not emitted and el != root:
            _mark_leaf(w, pid)
        # Reversed, so that popping continues in document order.
        lo = base
        hi = w.n_stack
        while hi > lo + 1:
            hi -= 1
            tmp = w.stack[lo]
            w.stack[lo] = w.stack[hi]
            w.stack[hi] = tmp
            lo += 1
    strs = [body_tag]
    for k in range(1, w.n_paths):
        strs.append(strs[w.parent[k]] + ">" + _SEG_STRS[w.seg[k]])
    # dict.fromkeys: should two numbers ever spell one path, it is listed once,
    # at its first place, as the pure walker lists it.
    return (
        list(dict.fromkeys([strs[w.node_order[k]] for k in range(w.n_nodes)])),
        list(dict.fromkeys([strs[w.leaf_order[k]] for k in range(w.n_leaves)])),
        count,
    )


cdef int _bound_tables() except -1:
    """Start the process-wide tables afresh when they have grown past their bound
    (only between two pages: a walk holds pointers into them)."""
    global _keep
    if len(_dyn_tags) > 100_000:
        _dyn_tags.clear()
    if len(_SEG_STRS) > 1_000_000:
        _SEG_IDS.clear()
        del _SEG_STRS[:]
        memset(_static_tags, 0, sizeof(_static_tags))
        _keep = []
        _dyn_tags.clear()
        _memo_reset(1024)
    return 0


cdef list _links(pc_lxb_node* top):
    """``(tag, href, rel)`` of every ``link``/``base`` element with an ``href``, in
    document order (``rel`` ``None`` when absent)."""
    cdef list out = []
    cdef pc_lxb_node* n = top
    cdef const unsigned char* s
    cdef size_t sn = 0
    cdef object href
    while n is not NULL:
        if n.type == ELEMENT:
            s = _element_name(<void*>n, &sn)
            if _name_is(s, sn, b"link", 4) or _name_is(s, sn, b"base", 4):
                href = _attr(n, b"href", 4)
                if href is not None:
                    out.append((_utf8(s, sn), href, _attr(n, b"rel", 3)))
        # Document order: down, else along, else up until a next sibling.
        if n.first_child is not NULL:
            n = n.first_child
            continue
        while n is not NULL and n != top and n.next is NULL:
            n = n.parent
        if n is NULL or n == top:
            break
        n = n.next
    return out


def walk_html(bytes data, object cba, bint with_links):
    """Parse UTF-8 ``data`` and walk it.

    Returns ``(body tag, body class, body id, node paths, leaf paths, element
    count, links, root class)``: the body is chosen as
    :func:`~page_cluster.parsing.structure.find_body` chooses it (``body``, else
    the first ``frameset``, else the root element); ``links`` is ``None`` unless
    ``with_links`` (see :func:`_links`). ``None`` when lexbor fails.
    """
    cdef void* doc
    cdef pc_lxb_node* root
    cdef pc_lxb_node* body
    cdef pc_lxb_node* frameset
    cdef pc_lxb_node* c
    cdef const unsigned char* s
    cdef size_t sn = 0
    cdef unsigned int status
    cdef TagInfo info
    cdef str body_tag
    cdef bytes cba_bytes = cba.encode("utf-8") if cba is not None else None
    cdef const unsigned char* buf = <const unsigned char*><char*>data
    cdef size_t size = len(data)
    if _doc_create is NULL:
        raise RuntimeError("_lexwalk.bind() has not been called")
    _bound_tables()
    doc = _doc_create()
    if doc is NULL:
        return None
    try:
        with nogil:
            status = _doc_parse(doc, buf, size)
        if status != 0:
            return None
        # The document node is the first field of lexbor's document object.
        root = (<pc_lxb_node*>doc).first_child
        while root is not NULL and root.type != ELEMENT:
            root = root.next
        if root is NULL:
            return None
        body = NULL
        frameset = NULL
        c = root.first_child
        while c is not NULL:
            if c.type == ELEMENT:
                s = _element_name(<void*>c, &sn)
                if _name_is(s, sn, b"body", 4):
                    body = c
                    break
                if frameset is NULL and _name_is(s, sn, b"frameset", 8):
                    frameset = c
            c = c.next
        if body is NULL:
            body = frameset if frameset is not NULL else root
        info = _tag_info(body)
        body_tag = <str>info.norm or "body"
        nodes, leaves, count = _walk_below(body, body_tag, cba_bytes)
        return (
            body_tag,
            _attr(body, b"class", 5),
            _attr(body, b"id", 2),
            nodes,
            leaves,
            count,
            _links(root) if with_links else None,
            _attr(root, b"class", 5) if root is not body else None,
        )
    finally:
        _doc_destroy(doc)
