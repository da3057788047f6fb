"""Body classes that restate a page's address.

CMS themes print the query a page answers into the body's classes: an archive
at ``/tag/organic/`` carries ``archive tag tag-organic tag-5``, one at
``/category/fruit/`` ``archive category category-fruit category-3``. One
template renders both. Their ``tag`` and ``category`` classes say nothing the
URL does not: they name the place the page is filed, and a place is not a
template (Stage B reads folders as routes, evidence only beside a difference in
structure). Kept, they are page types named on both sides, which keeps two
archives of one template apart until each has pages enough for the family rule,
and a sample rarely has.

So a body class whose words are all words of the page's own address (its
folders, and its name unless that is a file's) is taken out of that page's
signature. A word counts in its inflected forms too (``paged`` on the second
page of a listing at ``/tag/organic/page/2/``, ``tags`` at ``/tag/``): the
theme speaks of the address in its own grammar. A class with a word of its
own (``archive``, ``tag-template``, ``search-results``) still names a page
type, and so does a class restating a file's name (``struct`` on
``struct.Read.html``): generators name files by the kind of page they hold,
which Stage B reads as another view.

This runs once per host's corpus, on the body-class tokens and the pages'
paths only, before class families are generalised: a family is named by its
first word (``search-*`` for ``search-results``, ``search-form`` and
``search-field`` together), and the words it leaves out may be the ones no
address has.
"""

from __future__ import annotations

import re

import numpy as np

from ..parsing.segments import BODY_CLASS_TOKEN
from ..signatures.binary_rows import BinaryRows
from ..signatures.corpus import Corpus

__all__ = ["address_words", "class_words", "drop_address_classes"]

_WORD = re.compile(r"[^\W_]+")
#: A last path segment with a file extension names a file (``index.html``).
_FILE_NAME = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,5}$")
#: Endings that inflect a word (``page``: ``pages``, ``paged``), on words of
#: three letters or more.
INFLECTIONS = ("s", "es", "d", "ed")
_STEM_MIN = 3


def class_words(name: str) -> frozenset[str]:
    """The words of a class name, numbers and placeholders left out.

    >>> sorted(class_words("tag-companion-planting")), sorted(class_words("category-#"))
    (['companion', 'planting', 'tag'], ['category'])
    """
    return frozenset(w for w in _WORD.findall(name.casefold()) if not w.isdigit())


def _forms(word: str) -> set[str]:
    """The word, its inflected forms and its stem (for a word ending in one)."""
    out = {word}
    if len(word) >= _STEM_MIN:
        out.update(word + end for end in INFLECTIONS)
    for end in INFLECTIONS:
        stem = word[: -len(end)]
        if word.endswith(end) and len(stem) >= _STEM_MIN:
            out.add(stem)
    return out


def address_words(paths: tuple[str, ...] | list[str]) -> frozenset[str]:
    """The words of a page's folders, and of its name unless it names a file,
    with their inflected forms (:data:`INFLECTIONS`).

    >>> {"tag", "tags", "no", "dig"} <= address_words(("tag", "no-dig"))
    True
    >>> {"paged", "pages", "fruit"} <= address_words(("category", "fruit", "page", "2"))
    True
    >>> "struct" in address_words(("std", "io", "struct.Read.html"))
    False
    """
    segments = list(paths)
    if segments and _FILE_NAME.search(segments[-1]):
        segments.pop()
    return frozenset(f for seg in segments for w in class_words(seg) for f in _forms(w))


def drop_address_classes(corpus: Corpus) -> Corpus:
    """The corpus without the body classes that restate each page's address
    (unchanged when no page has one).

    Pages are compared by their paths alone, so the result does not depend on
    page order, and a page's signature loses only its own address's classes.
    """
    prefix = len(BODY_CLASS_TOKEN)
    words = {
        c: class_words(t[prefix:])
        for c, t in enumerate(corpus.tokens)
        if t.startswith(BODY_CLASS_TOKEN)
    }
    words = {c: w for c, w in words.items() if w}
    if not words:
        return corpus
    by_paths: dict[tuple[str, ...], frozenset[str]] = {}
    for signals in corpus.signals:
        key = tuple(signals.paths)
        if key not in by_paths:
            by_paths[key] = address_words(key)
    seen = frozenset().union(*by_paths.values()) if by_paths else frozenset()
    candidates = {c: w for c, w in words.items() if w <= seen}
    if not candidates:
        return corpus
    rows = corpus.rows
    is_candidate = np.zeros(rows.n_cols, dtype=bool)
    is_candidate[list(candidates)] = True
    # Per signature: its candidate columns (most signatures have none).
    at = np.flatnonzero(is_candidate[rows.indices])
    sig_of = rows.row_ids()[at]
    per_sig: dict[int, list[int]] = {}
    for s, c in zip(sig_of.tolist(), rows.indices[at].tolist(), strict=True):
        per_sig.setdefault(s, []).append(c)
    new_rows: dict[tuple[int, tuple[int, ...]], int] = {}
    page_row = np.empty(corpus.n_pages, dtype=np.int64)
    changed = False
    for p, (s, signals) in enumerate(zip(corpus.page_sig.tolist(), corpus.signals, strict=True)):
        cols = per_sig.get(s)
        dropped: tuple[int, ...] = ()
        if cols:
            here = by_paths[tuple(signals.paths)]
            dropped = tuple(c for c in cols if candidates[c] <= here)
            changed = changed or bool(dropped)
        page_row[p] = new_rows.setdefault((s, dropped), len(new_rows))
    if not changed:
        return corpus
    out = []
    for s, dropped in new_rows:
        row = rows.row(s)
        out.append(row[~np.isin(row, dropped)] if dropped else row)
    return corpus.with_page_rows(BinaryRows.from_rows(out, rows.n_cols), page_row)
