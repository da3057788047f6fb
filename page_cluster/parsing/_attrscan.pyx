# cython: language_level=3, boundscheck=False, wraparound=False
"""The start-tag attribute count of :mod:`page_cluster.parsing.attribute_cap`,
compiled: one pass over the bytes, the same counting rules as the pure-Python
``_scan_tag`` (the test suite compares both on random input), and the same
skip over what raw-text elements (a script, a style sheet...) hold."""

from libc.string cimport memchr

#: Raw-text elements (``attribute_cap.RAW_TEXT``) and ``plaintext``, lower case.
_RAW = (b"script", b"style", b"title", b"textarea", b"xmp", b"iframe", b"noembed", b"noframes")


cdef inline bint _space(unsigned char c) noexcept nogil:
    return c == 32 or c == 9 or c == 10 or c == 13 or c == 12


cdef inline bint _letter(unsigned char c) noexcept nogil:
    return (65 <= c <= 90) or (97 <= c <= 122)


cdef inline bint _name_stop(unsigned char c) noexcept nogil:
    return _space(c) or c == 47 or c == 62 or c == 61 or c == 34 or c == 39


cdef inline Py_ssize_t _skip_quoted(const unsigned char* p, Py_ssize_t j, Py_ssize_t n) noexcept nogil:
    cdef unsigned char q = p[j]
    j += 1
    while j < n and p[j] != q:
        j += 1
    return j + 1 if j < n else n


cdef inline unsigned char _lower(unsigned char c) noexcept nogil:
    return c + 32 if 65 <= c <= 90 else c


cdef bint _named(const unsigned char* p, Py_ssize_t at, Py_ssize_t length, bytes name):
    """Whether the ``length`` bytes at ``at`` spell ``name``, ignoring ASCII case."""
    cdef const unsigned char* q = name
    cdef Py_ssize_t k
    if length != len(name):
        return False
    for k in range(length):
        if _lower(p[at + k]) != q[k]:
            return False
    return True


cdef Py_ssize_t _raw_end(const unsigned char* p, Py_ssize_t j, Py_ssize_t n, bytes name):
    """The ``<`` of the first ``</name`` (any case) from ``j``; ``n`` if none."""
    cdef Py_ssize_t width = len(name)
    cdef const unsigned char* hit
    while j + 1 < n:
        hit = <const unsigned char*>memchr(p + j, 60, n - j)
        if hit == NULL:
            return n
        j = hit - p
        if j + 2 + width <= n and p[j + 1] == 47 and _named(p, j + 2, width, name):
            return j
        j += 1
    return n


def overfull_tags(const unsigned char[::1] data, Py_ssize_t max_attributes):
    """``[(cut, end), ...]`` of the start tags with more than ``max_attributes``
    attributes (see ``attribute_cap.overfull_tags``)."""
    cdef Py_ssize_t n = data.shape[0]
    cdef const unsigned char* p = &data[0] if n > 0 else NULL
    cdef Py_ssize_t i = 0, j, k, count, cut, name_at, name_len
    cdef unsigned char c
    out = []
    cdef const unsigned char* hit
    while i + 1 < n:
        hit = <const unsigned char*>memchr(p + i, 60, n - i)  # the next "<"
        if hit == NULL:
            break
        i = hit - p
        if i + 1 >= n or not _letter(p[i + 1]):
            i += 1
            continue
        j = i + 1
        while j < n and not _name_stop(p[j]):
            j += 1
        name_at = i + 1
        name_len = j - name_at
        count = 0
        cut = -1
        while j < n:
            c = p[j]
            if _space(c) or c == 47:
                j += 1
                continue
            if c == 62:
                break
            count += 1
            if count == max_attributes + 1:
                cut = j
            if c == 34 or c == 39:
                j = _skip_quoted(p, j, n)
                continue
            while j < n and not _name_stop(p[j]):
                j += 1
            k = j
            while k < n and _space(p[k]):
                k += 1
            if k < n and p[k] == 61:
                k += 1
                while k < n and _space(p[k]):
                    k += 1
                if k < n and (p[k] == 34 or p[k] == 39):
                    k = _skip_quoted(p, k, n)
                else:
                    while k < n and not (_space(p[k]) or p[k] == 62):
                        k += 1
                j = k
        if cut != -1:
            out.append((cut, j))
        if j < n:
            if _named(p, name_at, name_len, b"plaintext"):
                break
            for raw in _RAW:
                if _named(p, name_at, name_len, raw):
                    j = _raw_end(p, j + 1, n, raw)
                    break
        i = j if j > i + 1 else i + 1
    return out
