"""Site-level evidence: which structural tokens are template and which content.

Free-form content under a template changes the DOM from page to page; the
template is what stays the same. Looking at one host's pages together:

* a **content container** is a node whose set of child steps keeps changing from
  page to page (sections, article bodies, ``div.sect1``); template nodes (headers,
  navigation tables, sidebars) have the same children on every page of a template;
* under a content container, only children present on most pages that have the
  container are kept (a section title); the rest, and everything below them, is
  the writer's content.

Nothing here knows a tag or class name: ``<main>`` is not needed, which is what
lets sites without it (DocBook, AsciiDoc, Texinfo output) cluster well.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..binary_rows import BinaryRows

__all__ = ["TemplateTokenModel", "child_set_diversity", "template_token_mask"]

#: Child-set diversity above which a node holds free-form content: more than one
#: page in three shows a child combination of its own.
CONTENT_DIVERSITY = 0.3
#: Under a content container, a child kept as template must appear on at least
#: this share of the pages having the container (a section title, not a table
#: that some sections happen to have).
CONTAINER_QUORUM = 0.9
#: Nodes seen on fewer signatures than this give no evidence either way.
MIN_EVIDENCE = 4


#: Hosts where fewer pages than this share have a ``<main>`` get no depth cap.
MAIN_SHARE = 0.5
#: Candidate depth caps below ``<main>`` (a cap of 0 would erase everything that
#: makes page types differ inside the main region).
MAIN_CAP_RANGE = (1, 8)


def main_depth_cap(
    matrix: BinaryRows, counts: np.ndarray, main_depth: np.ndarray, keep: np.ndarray
) -> int | None:
    """Depth below ``<main>`` beyond which structure is the writer's content.

    For each candidate cap, count the distinct signatures left when deeper
    tokens are dropped; the count grows slowly while the cap walks through the
    template and jumps once it reaches free-form content. The cap is the depth
    just before the largest relative jump (max-gap on the log growth).
    """
    has_main = matrix.row_sums((main_depth >= 0).astype(np.float64)) > 0
    if counts[has_main].sum() < MAIN_SHARE * counts.sum():
        return None
    rng = np.random.default_rng(0x6D61696E)
    codes = rng.integers(1, 2**62, size=matrix.shape[1], dtype=np.int64)
    lo, hi = MAIN_CAP_RANGE
    distinct = []
    for cap in range(lo, hi + 2):
        cols = keep & (main_depth <= cap)
        fp = matrix.row_sums(np.where(cols, codes, 0).astype(np.float64))
        distinct.append(len(np.unique(fp)))
    growth = np.diff(np.log(np.asarray(distinct, dtype=np.float64)))
    if not len(growth) or growth.max() <= 0:
        return None
    return lo + int(np.argmax(growth))


@dataclass(slots=True)
class TemplateTokenModel:
    """Per-token evidence for one host (arrays over the whole vocabulary)."""

    keep: np.ndarray  # bool: token is template structure
    content: np.ndarray  # bool: token is a content container
    main_cap: int | None  # depth cap below <main>, when the host has one
    diversity: np.ndarray  # float: distinct child sets / signatures having the token
    support: np.ndarray  # float: pages having the token


def child_set_diversity(matrix: BinaryRows, parent: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Signatures having each token, and how many distinct child-step sets it shows.

    A child set is fingerprinted by a sum of random 64-bit codes of its members,
    so the whole computation is a handful of vectorised passes.
    """
    n_tokens = matrix.shape[1]
    support = matrix.column_sums()
    if matrix.nnz == 0:
        return support, np.zeros(n_tokens)
    rng = np.random.default_rng(0x5EED)
    codes = rng.integers(1, 2**63 - 1, size=n_tokens, dtype=np.int64).view(np.uint64)
    rows = matrix.row_ids()
    toks = matrix.indices.astype(np.int64)
    par = parent[toks]
    has_parent = par >= 0
    keys = rows[has_parent] * n_tokens + par[has_parent]
    vals = codes[toks[has_parent]]
    order = np.argsort(keys, kind="stable")
    keys = keys[order]
    vals = vals[order]
    distinct = np.zeros(n_tokens, dtype=np.float64)
    if keys.size:
        uniq, start = np.unique(keys, return_index=True)
        with np.errstate(over="ignore"):
            sums = np.add.reduceat(vals, start)
        parent_of = uniq % n_tokens
        pairs = np.unique(np.stack([parent_of.astype(np.uint64), sums]), axis=1)
        distinct += np.bincount(pairs[0].astype(np.int64), minlength=n_tokens)
        with_children = np.bincount(parent_of, minlength=n_tokens)
    else:
        with_children = np.zeros(n_tokens)
    # Pages where the node has no child steps at all show one more distinct set.
    distinct += (support - with_children) > 0
    return support, distinct


def template_token_mask(
    matrix: BinaryRows | Any,
    parent: np.ndarray,
    depth: np.ndarray,
    is_attr: np.ndarray,
    counts: np.ndarray | None = None,
    main_depth: np.ndarray | None = None,
) -> TemplateTokenModel:
    """Decide, for one host's signatures, which tokens are template structure.

    Diversity is measured over distinct signatures (identical pages show nothing
    new); the container quorum counts pages (``counts`` per signature). With
    ``main_depth``, tokens deeper below ``<main>`` than the data-chosen cap
    (:func:`main_depth_cap`) are content too.
    """
    matrix = BinaryRows.coerce(matrix)
    sig_support, distinct = child_set_diversity(matrix, parent)
    diversity = np.divide(
        distinct, sig_support, out=np.zeros_like(sig_support), where=sig_support > 0
    )
    content = (diversity > CONTENT_DIVERSITY) & (sig_support >= MIN_EVIDENCE)
    support = sig_support if counts is None else matrix.column_sums(counts)
    present = support > 0
    keep = np.zeros(len(support), dtype=bool)
    top = present & ((parent < 0) | is_attr)
    keep[top] = True
    max_depth = int(depth[present].max()) if present.any() else 0
    for d in range(1, max_depth + 1):
        level = present & (depth == d) & (parent >= 0) & ~is_attr
        idx = np.nonzero(level)[0]
        if idx.size == 0:
            continue
        par = parent[idx]
        ok = keep[par] & ~(content[par] & (support[idx] < CONTAINER_QUORUM * support[par]))
        keep[idx[ok]] = True
    cap = None
    if main_depth is not None:
        page_counts = np.ones(matrix.n_rows) if counts is None else counts
        cap = main_depth_cap(matrix, page_counts, main_depth, keep)
        if cap is not None:
            keep &= main_depth <= cap
    return TemplateTokenModel(
        keep=keep, content=content, main_cap=cap, diversity=diversity, support=support
    )
