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
    return frozenset(f for w in _plain_words(paths, {}) for f in _forms(w))


def _plain_words(paths: tuple[str, ...] | list[str], cache: dict[str, frozenset[str]]) -> set[str]:
    """The words of the page's address as written (``cache``: per segment)."""
    segments = list(paths)
    if segments and _FILE_NAME.search(segments[-1]):
        segments.pop()
    out: set[str] = set()
    for seg in segments:
        found = cache.get(seg)
        if found is None:
            found = cache[seg] = class_words(seg)
        out |= found
    return out


def drop_address_classes(corpus: Corpus) -> Corpus:
    """The corpus without the body classes that restate each page's address
    (unchanged when no page has one).

    Pages are compared by their paths alone, so the result does not depend on
    page order, and a page's signature loses only its own address's classes.
    A class matches when each of its words has a form among the address's
    words as written: being a form of each other is symmetric, so this is
    :func:`address_words` read from the class's side, and a page costs a
    lookup per path segment.
    """
    prefix = len(BODY_CLASS_TOKEN)
    forms: dict[int, list[frozenset[str]]] = {}
    for c, t in enumerate(corpus.tokens):
        if t.startswith(BODY_CLASS_TOKEN):
            words = class_words(t[prefix:])
            if words:
                forms[c] = [frozenset(_forms(w)) for w in sorted(words)]
    if not forms:
        return corpus
    cache: dict[str, frozenset[str]] = {}
    for signals in corpus.signals:
        for seg in signals.paths:
            if seg not in cache:
                cache[seg] = class_words(seg)
    seen = frozenset().union(*cache.values()) if cache else frozenset()
    candidates = {c: f for c, f in forms.items() if all(w & seen for w in f)}
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
            here = _plain_words(signals.paths, cache)
            dropped = tuple(c for c in cols if all(w & here for w in candidates[c]))
            changed = changed or bool(dropped)
        page_row[p] = new_rows.setdefault((s, dropped), len(new_rows))
    if not changed:
        return corpus
    out = []
    for s, dropped in new_rows:
        row = rows.row(s)
        out.append(row[~np.isin(row, dropped)] if dropped else row)
    return corpus.with_page_rows(BinaryRows.from_rows(out, rows.n_cols), page_row)
