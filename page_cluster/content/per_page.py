"""Which reader a page without same-template siblings gets, and its text on the blocks.

A page alone in its cluster has no siblings to tell template from content. For
such pages trafilatura (a maintained article extractor) is used when it is
installed: on the held-out half of the article-extraction benchmark it reads
single pages better than the project's own Readability-style rules
(:mod:`~page_cluster.content.single_page`; F1 0.967 against 0.932). The own rules
stay as the fallback: when trafilatura is missing, finds nothing, or fails on a
page.

Whatever produced the text, the page's blocks get a ``kept`` mask so that views
and block records look the same for every reader: a block is main content when
most of its own text occurs in the extracted text (:func:`project_text`).
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from functools import lru_cache

import numpy as np

from .blocks import PageBlocks

__all__ = [
    "EXTRACTORS",
    "OWN",
    "PER_PAGE_CHOICES",
    "TEMPLATE",
    "TRAFILATURA",
    "decode_for_reader",
    "project_text",
    "resolve_per_page",
    "trafilatura_available",
    "trafilatura_text",
]

#: Read with the page's same-template siblings (the cluster path).
TEMPLATE = "template"
#: Read alone by trafilatura.
TRAFILATURA = "trafilatura"
#: Read alone by the project's own rules (:mod:`~page_cluster.content.single_page`).
OWN = "single-page"
#: Every value of :attr:`~page_cluster.content.extract.PageContent.extractor`.
EXTRACTORS: tuple[str, ...] = (TEMPLATE, TRAFILATURA, OWN)
#: Values of the ``per_page`` option: ``auto`` is trafilatura when installed.
PER_PAGE_CHOICES: tuple[str, ...] = ("auto", TRAFILATURA, OWN)

#: Share of a block's own shingles that must occur in the extracted text for the
#: block to count as main content (a majority: reordered or re-spaced text still
#: matches, a block that only shares a few words does not).
KEEP_SHARE = 0.5

_WORD = re.compile(r"\w+", re.UNICODE)


@lru_cache(maxsize=1)
def trafilatura_available() -> bool:
    """Whether trafilatura can be imported (checked once per process)."""
    try:
        import trafilatura  # noqa: F401
    except Exception:  # a broken install is as good as none
        return False
    # Its per-page warnings must not reach stderr, which carries the progress
    # lines, unless the application configured logging itself.
    logging.getLogger("trafilatura").addHandler(logging.NullHandler())
    return True


def resolve_per_page(choice: str) -> str:
    """The reader a lone page gets for option value ``choice``.

    >>> resolve_per_page("single-page")
    'single-page'
    """
    if choice not in PER_PAGE_CHOICES:
        raise ValueError(f"per_page must be one of {PER_PAGE_CHOICES}, got {choice!r}")
    if choice == "auto":
        return TRAFILATURA if trafilatura_available() else OWN
    return choice


def decode_for_reader(html: str | bytes) -> str:
    """``html`` as text, bytes decoded as the crawl readers decode them.

    >>> decode_for_reader(b"<p>caf\\xe9</p>")
    '<p>café</p>'
    """
    if isinstance(html, str):
        return html
    from ..io.charset import UndecodableError, decode_html_bytes

    try:
        decoded = decode_html_bytes(html)
    except UndecodableError:
        return html.decode("utf-8", "replace")
    if isinstance(decoded.html, str):
        return decoded.html
    return decoded.html.decode(decoded.encoding or "utf-8", "replace")


def trafilatura_text(html: str | bytes) -> str | None:
    """trafilatura's main text of one page (whitespace-normalised), or ``None``
    when it is not installed, finds nothing or fails: a crawl may hold anything,
    and the caller then falls back to the own rules.

    Comments are left out: they are not the page's main content.
    """
    if not trafilatura_available():
        return None
    import trafilatura

    try:
        text = trafilatura.extract(decode_for_reader(html), include_comments=False)
    except Exception:  # the library's failure on one page must not end a run
        return None
    if not text:
        return None
    text = " ".join(text.split())
    return text or None


def _shingles(tokens: list[str], n: int) -> list[tuple[str, ...]]:
    if len(tokens) < n:
        return [tuple(tokens)] if tokens else []
    return [tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)]


def project_text(pb: PageBlocks, text: str, n: int = 3) -> np.ndarray:
    """Blocks whose own text occurs in ``text``, as a mask over ``pb``'s blocks.

    A block holding text of its own is kept when at least :data:`KEEP_SHARE` of
    its ``n``-word shingles (its words when it has fewer) occur in ``text``; a
    block without own text is kept when anything inside it is, so a kept
    paragraph's container reads as content too.

    >>> from page_cluster.content.blocks import segment_html
    >>> pb = segment_html("<div><p>Menu</p><p>The story is long and good.</p></div>")
    >>> project_text(pb, "The story is long and good.").tolist()
    [True, True, False, True]
    """
    size = len(pb)
    kept = np.zeros(size, dtype=bool)
    if size == 0 or not pb.runs:
        return kept
    words = _WORD.findall(text.lower())
    found: dict[int, Counter] = {}
    own_words: list[list[str]] = [[] for _ in range(size)]
    for run, block in zip(pb.runs, pb.run_block.tolist(), strict=True):
        own_words[block].extend(_WORD.findall(run.lower()))
    for b, toks in enumerate(own_words):
        if not toks:
            continue
        k = min(n, len(toks))
        pool = found.get(k)
        if pool is None:
            pool = found[k] = Counter(_shingles(words, k))
        grams = _shingles(toks, k)
        hits = sum(1 for g in grams if pool[g] > 0)
        kept[b] = hits >= KEEP_SHARE * len(grams)
    # Containers: kept when a descendant is (children follow their parents).
    parent = pb.parent.tolist()
    for b in range(size - 1, 0, -1):
        if kept[b] and parent[b] >= 0:
            kept[parent[b]] = True
    return kept
