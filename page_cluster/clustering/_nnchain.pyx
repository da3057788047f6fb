# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The nearest-neighbour chain of :mod:`page_cluster.clustering.linkage` in C.

The same steps as ``linkage._nn_chain_labels`` (chain start, tie rules,
Lance-Williams update in the same float arithmetic), without a Python call per
chain step: on blocks of thousands of signatures the per-step overhead, not the
arithmetic, was the cost.
"""

import numpy as np

cimport numpy as cnp
from libc.math cimport INFINITY

cnp.import_array()


cdef Py_ssize_t _find(Py_ssize_t[::1] parent, Py_ssize_t i) noexcept nogil:
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


def nn_chain_roots(double[:, ::1] d, double max_distance, double[::1] weights):
    """Cluster roots of average linkage cut at ``max_distance``.

    ``d`` is a working copy (overwritten) of the distance matrix with an
    infinite diagonal; ``weights`` are the points' starting cluster sizes (a
    point standing for that many identical ones; copied, not changed). Returns
    each point's root; points with one root form one flat cluster.
    """
    cdef Py_ssize_t n = d.shape[0]
    cdef Py_ssize_t[::1] parent = np.arange(n, dtype=np.intp)
    cdef Py_ssize_t[::1] chain = np.empty(n + 1, dtype=np.intp)
    cdef double[::1] size = np.array(weights, dtype=np.float64)
    cdef double[::1] inner = np.zeros(n, dtype=np.float64)
    cdef cnp.int8_t[::1] active = np.ones(n, dtype=np.int8)
    cdef Py_ssize_t length = 0, remaining = n, x, y, prev, j, t
    cdef double best, height, nx, ny, total, top, value
    with nogil:
        while remaining > 1:
            if length == 0:
                j = 0
                while not active[j]:
                    j += 1
                chain[0] = j
                length = 1
            while True:
                x = chain[length - 1]
                # First index of the row's minimum (numpy's argmin).
                y = 0
                best = d[x, 0]
                for j in range(1, n):
                    if d[x, j] < best:
                        best = d[x, j]
                        y = j
                if length > 1:
                    prev = chain[length - 2]
                    if d[x, prev] <= d[x, y]:
                        y = prev
                if length > 1 and y == chain[length - 2]:
                    break
                chain[length] = y
                length += 1
            length -= 2
            if x > y:
                t = x
                x = y
                y = t
            height = d[x, y]
            nx = size[x]
            ny = size[y]
            total = nx + ny
            for j in range(n):
                if not active[j] or j == x or j == y:
                    value = INFINITY
                else:
                    value = (nx * d[x, j] + ny * d[y, j]) / total
                d[y, j] = value
                d[j, y] = value
            for j in range(n):
                d[x, j] = INFINITY
                d[j, x] = INFINITY
            active[x] = 0
            size[y] = total
            top = inner[x]
            if inner[y] > top:
                top = inner[y]
            if height > top:
                top = height
            inner[y] = top
            if top <= max_distance:
                parent[_find(parent, x)] = _find(parent, y)
            remaining -= 1
    roots = np.empty(n, dtype=np.int64)
    cdef cnp.int64_t[::1] out = roots
    for j in range(n):
        out[j] = _find(parent, j)
    return roots
