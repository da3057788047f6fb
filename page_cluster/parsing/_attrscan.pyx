# cython: language_level=3, boundscheck=False, wraparound=False
"""The start-tag attribute count of :mod:`page_cluster.parsing.attribute_cap`,
compiled: one pass over the bytes, the same counting rules as the pure-Python
``_scan_tag`` (the test suite compares both on random input)."""

from libc.string cimport memchr


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


def overfull_tags(const unsigned char[::1] data, Py_ssize_t max_attributes):
    """``[(cut, end), ...]`` of the start tags with more than ``max_attributes``
    attributes (see ``attribute_cap.overfull_tags``)."""
    cdef Py_ssize_t n = data.shape[0]
    cdef const unsigned char* p = &data[0] if n > 0 else NULL
    cdef Py_ssize_t i = 0, j, k, count, cut
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
        i = j if j > i + 1 else i + 1
    return out
