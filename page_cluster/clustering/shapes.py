"""Class-insensitive shape tokens: the same path with class names stripped.

Two renders of one template sometimes differ only in a wrapper's class
(``div.chapter`` / ``div.appendix``); their shapes are equal.
"""

from __future__ import annotations

import re

import numpy as np
import scipy.sparse as sp

__all__ = ["shape_of", "shape_projection"]

_CLASS_PART = re.compile(r"[.#][^.#\[>]*")


def shape_of(token: str) -> str:
    """Strip classes and ids from every step; class-named wrappers become ``div``.

    >>> shape_of("body>.chapter>.toc>dl.toc")
    'body>div>div>dl'
    """
    if token.startswith("@"):
        return "@"
    steps = []
    for seg in token.split(">"):
        bare = _CLASS_PART.sub("", seg)
        if not bare or bare.startswith("["):
            bare = "div" + bare
        steps.append(bare)
    return ">".join(steps)


def shape_projection(tokens: list[str]) -> sp.csr_matrix:
    """Binary matrix mapping each token to its shape (tokens x shapes)."""
    index: dict[str, int] = {}
    cols = np.empty(len(tokens), dtype=np.int64)
    for i, tok in enumerate(tokens):
        cols[i] = index.setdefault(shape_of(tok), len(index))
    return sp.csr_matrix(
        (np.ones(len(tokens)), (np.arange(len(tokens)), cols)), shape=(len(tokens), len(index))
    )
