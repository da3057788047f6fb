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

A class can also name the page itself, by a word saying what the value is
and the page's own name: a wiki prints ``page-Green_manure`` and
``rootpage-Green_manure`` at ``/wiki/Green_manure``. That is one value per
page, as ``page-Squash`` is at ``/wiki/Squash``; but a family of values is cut
at a name's last separator (``page-Green`` and ``manure``), so a title of two
words would name a page type of its own, on each page. A class whose words
after its first are all words of the page's own name (the address's last
segment, not a file's) leaves that page's signature too. The first word may
be anything, so only the page's name counts, not its folders: ``plugin-blog``
on every page under ``/blog/`` names the part of the site a plugin draws.

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

__all__ = ["address_words", "class_words", "drop_address_classes", "name_words", "tail_words"]

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


_SEPARATORS = re.compile(r"[-_]+")


def tail_words(name: str) -> frozenset[str]:
    """The words of a class name after its first part (separated by ``-`` or
    ``_``), numbers left out; empty for a name of one part.

    >>> sorted(tail_words("page-Green_manure")), sorted(tail_words("archive"))
    (['green', 'manure'], [])
    """
    parts = [p for p in _SEPARATORS.split(name) if p]
    return frozenset(w for p in parts[1:] for w in class_words(p))


def name_words(paths: tuple[str, ...] | list[str]) -> frozenset[str]:
    """The words of a page's own name: its address's last segment, unless that
    names a file (then none).

    >>> sorted(name_words(("wiki", "Green_manure"))), sorted(name_words(("std", "fn.main.html")))
    (['green', 'manure'], [])
    """
    if not paths or not isinstance(paths[-1], str) or _FILE_NAME.search(paths[-1]):
        return frozenset()
    return class_words(paths[-1])


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
    lookup per path segment. A class matches too when each of its words
    after the first (:func:`tail_words`) has a form among the words of the
    page's own name (:func:`name_words`).
    """
    prefix = len(BODY_CLASS_TOKEN)
    # Per class: its words' forms, and those of its words after the first.
    whole: dict[int, list[frozenset[str]]] = {}
    tail: dict[int, list[frozenset[str]]] = {}
    for c, t in enumerate(corpus.tokens):
        if t.startswith(BODY_CLASS_TOKEN):
            for words, into in ((class_words(t[prefix:]), whole), (tail_words(t[prefix:]), tail)):
                if words:
                    into[c] = [frozenset(_forms(w)) for w in sorted(words)]
    if not whole:
        return corpus
    cache: dict[str, frozenset[str]] = {}
    for signals in corpus.signals:
        for seg in signals.paths:
            if seg not in cache:
                cache[seg] = class_words(seg)
    seen = frozenset().union(*cache.values()) if cache else frozenset()
    whole = {c: f for c, f in whole.items() if all(w & seen for w in f)}
    tail = {c: f for c, f in tail.items() if all(w & seen for w in f)}
    if not whole and not tail:
        return corpus
    rows = corpus.rows
    is_candidate = np.zeros(rows.n_cols, dtype=bool)
    is_candidate[list(whole)] = True
    is_candidate[list(tail)] = True
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
            own = name_words(signals.paths)
            dropped = tuple(
                c for c in cols if _restates(whole.get(c), here) or _restates(tail.get(c), own)
            )
            changed = changed or bool(dropped)
        page_row[p] = new_rows.setdefault((s, dropped), len(new_rows))
    if not changed:
        return corpus
    out = []
    for s, dropped in new_rows:
        row = rows.row(s)
        out.append(row[~np.isin(row, dropped)] if dropped else row)
    return corpus.with_page_rows(BinaryRows.from_rows(out, rows.n_cols), page_row)


def _restates(forms: list[frozenset[str]] | None, words: frozenset[str] | set[str]) -> bool:
    """Has each word of a class (its ``forms``) a form among ``words``?"""
    return forms is not None and all(w & words for w in forms)
