"""URL routes: the pattern of a page's address with its variable parts blanked.

A site's server (or generator) maps a URL route to a view and a view to a
template: ``/catalogue/<slug>/`` renders a product, ``/catalogue/<slug>/reviews/add/``
a review form, ``/tags/<tag>/`` a listing. Route patterns are therefore evidence
about templates that costs nothing to read. They are not a verdict: one route
can render several templates (a flat documentation folder) and one template can
live under several routes, so Stage B uses them only to corroborate a
structural difference that is too small to decide alone.

A segment is *literal* when it recurs (the same value at the same place in the
pattern on several pages), *variable* otherwise (a slug, an id, a file name).
Language and region directories (a site's mirror axis) are variable: they copy
every route.

>>> route_patterns([["blog", "a", "index.html"], ["blog", "b", "index.html"],
...                 ["blog", "c", "index.html"], ["tags", "x", "index.html"],
...                 ["tags", "y", "index.html"], ["tags", "z", "index.html"], ["about", ""]])
... # doctest: +NORMALIZE_WHITESPACE
['blog/*/index.html', 'blog/*/index.html', 'blog/*/index.html',
 'tags/*/index.html', 'tags/*/index.html', 'tags/*/index.html', '*']
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from .unique_rows import unique_rows

__all__ = [
    "KIND_FOLDERS",
    "LITERAL_MIN_PAGES",
    "LITERAL_MIN_SHARE",
    "SegmentTable",
    "is_name_kind",
    "names_file_entities",
    "route_form",
    "route_patterns",
    "route_patterns_and_forms",
]

#: A segment value is literal when at least this many pages share it at its place ...
LITERAL_MIN_PAGES = 3
#: ... and it holds at least this share of the pages reaching that place (a slug
#: shared by a product and its review page is still a slug among hundreds).
LITERAL_MIN_SHARE = 0.02
#: A word of file names names a kind of page across the site when it recurs
#: (as a literal value does, over the site's pages) in this many folders, or
#: in every folder of the site's file names when there are fewer.
KIND_FOLDERS = 3

VARIABLE = "*"


def route_patterns(
    paths: Sequence[Sequence[str]],
    blank_position: int | None = None,
    *,
    shapes: bool = True,
    min_pages: int = LITERAL_MIN_PAGES,
    min_share: float = LITERAL_MIN_SHARE,
) -> list[str]:
    """The route pattern of every page (``paths``: its URL path segments).

    Segments are decided left to right: a value is kept when enough pages reach
    the same pattern prefix and share it there (``min_pages`` and ``min_share``),
    or when it is a directory name that enough pages share at that place across
    the site (a section such as ``mod/`` under every language folder, frequent
    or not). A page's own name (``index.html`` in each section) is only ever
    compared within its pattern prefix.
    ``blank_position`` (a mirror axis, 0-based) is always variable. Without
    ``shapes`` a variable segment is always ``*``: the route as the site's
    router sees it, with no guess about the words inside names (a slug's
    recurring first word is not a route).
    """
    return _patterns(SegmentTable.of(paths), blank_position, shapes, min_pages, min_share)


def is_name_kind(shape: str) -> bool:
    """Does a name shape (a pattern's last element) name a kind of page: a
    variable file name with a recurring word kept beside the blank
    (``class*members.html``, ``group*.html``, ``*source.html``)? A plain
    ``*.html``, a slug ``*`` or a literal name (``index.html``) names none.

    >>> [is_name_kind(x) for x in ("class*members.html", "*.html", "index.html", "*")]
    [True, False, False, False]
    """
    if VARIABLE not in shape:
        return False
    stem = shape.rsplit(".", 1)[0] if "." in shape else shape
    return stem != VARIABLE


def route_patterns_and_forms(
    paths: Sequence[Sequence[str]],
    blank_position: int | None = None,
    *,
    min_pages: int = LITERAL_MIN_PAGES,
    min_share: float = LITERAL_MIN_SHARE,
    rooted: bool = False,
    shapes: bool = True,
) -> tuple[list[str], list[str]]:
    """Each page's route pattern with name shapes (without, when ``shapes``
    is false: see :func:`names_file_entities`) and its form (the view, see
    :func:`route_form`, read from the pattern without shapes), the segments
    read once for both. ``rooted``: the paths are read below folders common to
    every page (see :func:`route_form`)."""
    table = SegmentTable.of(paths)
    plain = _patterns(table, blank_position, False, min_pages, min_share)
    shaped = _patterns(table, blank_position, True, min_pages, min_share) if shapes else plain
    forms = {p: route_form(p, blank_position, rooted=rooted) for p in set(plain)}
    return shaped, [forms[p] for p in plain]


#: Shuffles of the labels in :func:`names_file_entities`' permutation test.
PERMUTATIONS = 199
#: Pages it reads at most (evenly spaced): the test's answer, not its cost,
#: is what a larger site would change.
TEST_PAGES = 5000


def _information(a: np.ndarray, b: np.ndarray, n_b: int) -> float:
    """Mutual information of two label arrays (``b`` in ``range(n_b)``)."""
    cells = np.bincount(a * n_b + b)
    codes = np.flatnonzero(cells)
    joint = cells[codes].astype(np.float64)
    pa = np.bincount(a)[codes // n_b].astype(np.float64)
    pb = np.bincount(b, minlength=n_b)[codes % n_b].astype(np.float64)
    n = float(len(a))
    return float((joint / n * np.log(joint * n / (pa * pb))).sum())


def _beyond_chance(
    group: np.ndarray, label: np.ndarray, rng: np.random.Generator, alpha: float
) -> bool:
    """Does ``label`` tell the ``group`` values apart beyond chance (its
    mutual information with them above that of ``alpha`` of shuffles)?"""
    n_b = int(label.max()) + 1
    seen = _information(group, label, n_b)
    higher = sum(
        _information(group, rng.permutation(label), n_b) >= seen - 1e-12
        for _ in range(PERMUTATIONS)
    )
    return (1 + higher) / (PERMUTATIONS + 1) <= alpha


def names_file_entities(
    group: np.ndarray, word: np.ndarray, folder: np.ndarray, alpha: float = 0.01
) -> bool:
    """Do the recurring words of a site's file names (``struct*.html``,
    ``calendar*.html``) file entities rather than name kinds of page?

    One grid, read two ways. A documentation generator files each item by its
    kind and by the entity it belongs to: rustdoc puts the kind in the file
    name and the module in the folder (``io/struct.Error.html``), TypeDoc the
    module in the file name and the kind in the folder
    (``classes/calendar.Task.html``). The file names alone cannot say which;
    the pages can. Pages of one kind are drawn alike, pages of one entity are
    not: the word is a kind when pages' structural groups (``group``, one per
    page) depend on it beyond chance (:data:`PERMUTATIONS` shuffles, level
    ``alpha``). It files entities when they do not, while the folders they
    sit in (``folder``) do: then the folder is the kind, and the name its
    entity. With neither, or both, the names keep their reading as kinds:
    a small sample says little either way.

    >>> kinds = np.repeat(np.arange(4), 10)            # four kinds, ten pages each
    >>> modules = np.tile(np.arange(5), 8)             # five modules, spread over kinds
    >>> names_file_entities(kinds, modules, kinds)      # kind in the folder
    True
    >>> names_file_entities(kinds, kinds, modules)      # kind in the name
    False
    """
    group, word, folder = (np.asarray(x, dtype=np.int64) for x in (group, word, folder))
    if len(group) > TEST_PAGES:
        pick = np.linspace(0, len(group) - 1, TEST_PAGES).astype(np.int64)
        group, word, folder = group[pick], word[pick], folder[pick]
    group, word, folder = (
        np.unique(x, return_inverse=True)[1].ravel() for x in (group, word, folder)
    )
    if word.max(initial=0) < 1 or folder.max(initial=0) < 1 or group.max(initial=0) < 1:
        return False
    rng = np.random.default_rng(0x4B1D)
    return not _beyond_chance(group, word, rng, alpha) and _beyond_chance(group, folder, rng, alpha)


def _patterns(
    table: SegmentTable,
    blank_position: int | None,
    shapes: bool,
    min_pages: int,
    min_share: float,
) -> list[str]:
    if not len(table.lengths):
        return []
    lengths, mat = table.lengths, table.matrix
    n, depth = mat.shape
    # ``elements[i, pos]``: the string id of page i's pattern at ``pos``;
    # ``prefix[i]``: an id of its pattern so far (equal patterns, equal ids).
    elements = np.full((n, depth), -1, dtype=np.int64)
    prefix = np.zeros(n, dtype=np.int64)
    for pos in range(depth):
        reach = np.flatnonzero(lengths > pos)
        seg = mat[reach, pos]
        is_dir = lengths[reach] > pos + 1
        el = np.zeros(len(reach), dtype=np.int64)  # VARIABLE
        # The mirror axis is a directory (``en/``, ``ja/``); a page's own name
        # at that depth is still a name.
        kept = ~is_dir if pos == blank_position else np.ones(len(reach), dtype=bool)
        if kept.any():
            section = _sections(seg, is_dir, table.n_strings, min_pages, min_share)
            el[kept] = _elements(
                table, seg[kept], prefix[reach[kept]], section, shapes, min_pages, min_share
            )
        elements[reach, pos] = el
        _, new_prefix = np.unique(
            prefix[reach] * (len(table.strings) + 1) + el, return_inverse=True
        )
        prefix[reach] = new_prefix.ravel()
    first, page_row = unique_rows(elements)
    strings = table.strings
    out = [
        "/".join(strings[x] for x in row if x >= 0) or VARIABLE for row in elements[first].tolist()
    ]
    return [out[r] for r in page_row.tolist()]


def _elements(
    table: SegmentTable,
    seg: np.ndarray,
    prefix: np.ndarray,
    section: np.ndarray,
    shapes: bool,
    min_pages: int,
    min_share: float,
) -> np.ndarray:
    """The pattern element of each segment ``seg`` at one position: its value
    where it recurs among the pages sharing its pattern so far (``prefix``) or
    is a section (``section``: per string id, see :func:`_sections`), else a
    name shape or :data:`VARIABLE`."""
    _, group, size = np.unique(prefix, return_inverse=True, return_counts=True)
    group = group.ravel()
    floor = np.maximum(min_pages, min_share * size)
    _, pair, pair_count = np.unique(
        group * table.n_strings + seg, return_inverse=True, return_counts=True
    )
    count = pair_count[pair.ravel()]
    variable = np.flatnonzero((count < floor[group]) & ~section[seg])
    el = seg.copy()
    if shapes and len(variable):
        kinds = table.site_kinds(max(min_pages, min_share * len(table.lengths)))
        el[variable] = table.shapes(seg[variable], group[variable], floor, kinds)
    else:
        el[variable] = 0
    # A namespace (``Category:``) is the site's own word for the kind of page,
    # read by its router as a folder is: kept, shapes or not.
    space = table.namespaces(seg[variable])
    el[variable[space >= 0]] = space[space >= 0]
    return el


def _sections(
    seg: np.ndarray, is_dir: np.ndarray, n_strings: int, min_pages: int, min_share: float
) -> np.ndarray:
    """Per string id: is it a directory name shared by enough pages at this
    place across the whole site, whatever precedes it? A section (``mod/``)
    recurs under every language or version folder, frequent or not."""
    dirs = seg[is_dir]
    floor = max(min_pages, min_share * len(dirs))
    return np.bincount(dirs, minlength=n_strings) >= floor


class SegmentTable:
    """Every page's segments as string ids (one vocabulary for segments and
    the patterns made of them; id 0 is :data:`VARIABLE`), and name shapes."""

    @classmethod
    def of(cls, paths: Sequence[Sequence[str]]) -> SegmentTable:
        """The table of ``paths``, empty and non-text segments left out."""
        return cls([[s for s in p if isinstance(s, str) and s] for p in paths])

    def __init__(self, segs: Sequence[Sequence[str]]) -> None:
        vocab: dict[str, int] = {VARIABLE: 0}
        lengths = np.fromiter((len(s) for s in segs), dtype=np.int64, count=len(segs))
        ids = np.asarray([vocab.setdefault(x, len(vocab)) for s in segs for x in s], dtype=np.int64)
        self.vocab = vocab
        self.strings: list[str] = list(vocab)
        depth = int(lengths.max(initial=0))
        matrix = np.full((len(segs), depth), -1, dtype=np.int64)
        rows = np.repeat(np.arange(len(segs)), lengths)
        starts = np.repeat(np.cumsum(lengths) - lengths, lengths)
        matrix[rows, np.arange(len(ids)) - starts] = ids
        self.lengths, self.matrix = lengths, matrix
        #: The segment strings' count (pattern strings added later get higher ids).
        self.n_strings = len(self.strings)
        self._words: dict[int, tuple[int, int, int]] = {}
        self._spaces: dict[int, int] = {}
        self._kinds: dict[float, np.ndarray] = {}

    def intern(self, text: str) -> int:
        sid = self.vocab.get(text)
        if sid is None:
            sid = self.vocab[text] = len(self.strings)
            self.strings.append(text)
        return sid

    def words(self, sid: int) -> tuple[int, int, int]:
        """A name's first word, last word (-1 when it has fewer than two) and
        extension, as string ids."""
        got = self._words.get(sid)
        if got is None:
            name = self.strings[sid]
            stem, dot, ext = name.rpartition(".")
            if not dot or not ext.isalnum() or len(ext) > 5:
                stem, ext = name, ""
            parts = [w for w in _WORDS.split(stem) if w]
            first, last = (parts[0], parts[-1]) if len(parts) >= 2 else (None, None)
            got = self._words[sid] = (
                -1 if first is None else self.intern(first),
                -1 if last is None else self.intern(last),
                self.intern(f".{ext}" if ext else ""),
            )
        return got

    def namespaces(self, seg: np.ndarray) -> np.ndarray:
        """Per segment id: the id of ``<namespace>:*`` when the segment is a
        name in a namespace (``Category:Herbs``, ``File:Kale.png``), else -1."""
        uniq, inv = np.unique(seg, return_inverse=True)
        ids = np.empty(len(uniq), dtype=np.int64)
        for k, sid in enumerate(uniq.tolist()):
            got = self._spaces.get(sid)
            if got is None:
                space, colon, rest = self.strings[sid].partition(":")
                named = bool(colon and rest) and _NAMESPACE.fullmatch(space) is not None
                got = self._spaces[sid] = self.intern(f"{space}:{VARIABLE}") if named else -1
            ids[k] = got
        return ids[inv.ravel()]

    def _word_rows(self, seg: np.ndarray) -> np.ndarray:
        """:meth:`words` of each segment id in ``seg``, one row each."""
        uniq, inv = np.unique(seg, return_inverse=True)
        table = np.asarray([self.words(int(x)) for x in uniq.tolist()], dtype=np.int64)
        return table.reshape(-1, 3)[inv.ravel()]

    def site_kinds(self, floor: float) -> np.ndarray:
        """Per string id: is it a word that names a kind of page across the
        site? It is the first word of file names (a path's last segment, with
        an extension) on at least ``floor`` pages, in at least
        :data:`KIND_FOLDERS` folders (in every folder of the site's file names
        when there are fewer). A kind leads the name; a recurring last word
        across folders is as often an entity's (``struct.Iter.html`` in each
        collection's module).

        A generator files each kind of page wherever its entities live (a
        ``struct.*.html`` in every module folder, ``group__*.html`` in both of
        a reference's trees), so a folder holding one such page still names
        it. The words of one entity's pages (``Connection.Method.html``,
        ``Connection.Request.html`` and their use pages) stay in that entity's
        few folders.
        """
        got = self._kinds.get(floor)
        if got is not None:
            return got
        rows = np.flatnonzero(self.lengths > 0)
        ends = self.lengths[rows] - 1
        names = self.matrix[rows, ends]
        dirs = self.matrix[rows].copy()
        dirs[np.arange(len(rows)), ends] = -1
        folder = unique_rows(dirs)[1] if len(rows) else np.zeros(0, dtype=np.int64)
        words = self._word_rows(names)
        filed = words[:, 2] != self.intern("")
        first, folder = words[filed, 0], folder[filed]
        keep = first >= 0
        word_folder = np.unique(np.stack([first[keep], folder[keep]]), axis=1)
        size = len(self.strings)
        pages = np.bincount(first[keep], minlength=size)
        folders = np.bincount(word_folder[0], minlength=size)
        spread = max(min(KIND_FOLDERS, len(np.unique(folder))), 1)
        got = (pages >= floor) & (folders >= spread)
        self._kinds[floor] = got
        return got

    def shapes(
        self,
        seg: np.ndarray,
        group: np.ndarray,
        floor: np.ndarray,
        kinds: np.ndarray | None = None,
    ) -> np.ndarray:
        """Variable segments as ``first*last`` string ids: a file name's first and
        last word kept where they recur among the group's variable file names
        (``class*members``, ``*source.html``, ``group*``), or, for a first word,
        where it names a kind across the site (``kinds``, per string id: see
        :meth:`site_kinds`); else ``*``.

        Generators build file names from a kind and a name
        (``classFoo-members.html``, ``Foo_8h_source.html``, ``Concept-Index.html``):
        the kind recurs, the name does not.
        """
        words = self._word_rows(seg)
        first, last, ext = words[:, 0], words[:, 1], words[:, 2]
        # Only file names carry a generator's scheme (``classFoo.html``); a
        # name without an extension is a slug (``/product/ember-tall-mug/``),
        # whose recurring words are the catalogue's vocabulary, not a kind.
        filed = ext != self.intern("")
        first = np.where(filed, first, -1)
        last = np.where(filed, last, -1)
        size = len(self.strings) + 1
        kept = []
        for word, site in ((first, kinds), (last, None)):
            has = word >= 0
            key = np.where(has, group * size + word, -1)
            _, k_inv, k_count = np.unique(key, return_inverse=True, return_counts=True)
            known = np.zeros(len(word), dtype=bool)
            if site is not None:
                inside = has & (word < len(site))
                known[inside] = site[word[inside]]
            kept.append(has & ((k_count[k_inv.ravel()] >= floor[group]) | known))
        head = np.where(kept[0], first, -1)
        tail = np.where(kept[1], last, -1)
        named = first >= 0
        combos, which = np.unique(
            np.stack([np.where(named, head, -2), np.where(named, tail, -2), ext], axis=1),
            axis=0,
            return_inverse=True,
        )
        ids = []
        for h, t, e in combos.tolist():
            if h == -2:
                text = VARIABLE + self.strings[e]
            else:
                text = (
                    (self.strings[h] if h >= 0 else "")
                    + VARIABLE
                    + (self.strings[t] if t >= 0 else "")
                    + self.strings[e]
                )
            ids.append(self.intern(text))
        return np.asarray(ids, dtype=np.int64)[which.ravel()]


def route_form(pattern: str, mirror: int | None = None, *, rooted: bool = False) -> str:
    """What a route says about the view behind it: the literal-only pattern
    with its leading literal run (the site section: ``docs/``, ``org/apache/``,
    ``en-gb/catalogue/``) reduced to one mark and the mirror axis dropped; what
    follows the first variable segment (``*/reviews/add/``, ``*/edit``) is kept,
    consecutive variable segments read as one (a package folder too small to be
    literal is still part of a name).

    Two views of one entity (a product and its review form) have different
    forms; sections of one site (``docs/`` and ``api/``) have the same.

    >>> route_form("org/apache/*", None), route_form("shop/*/reviews/add", None)
    ('L/*', 'L/*/reviews/add')
    >>> route_form("*/docs/*", 0), route_form("org/*/*", None)
    ('L/*', 'L/*')
    >>> route_form("*/*"), route_form("*/*", rooted=True)
    ('*', 'L/*')
    """
    segs = pattern.split("/")
    if mirror is not None and mirror < len(segs):
        segs = segs[:mirror] + segs[mirror + 1 :]
    lead = 0
    while lead < len(segs) and segs[lead] != VARIABLE and not _spaced(segs[lead]):
        lead += 1
    # ``rooted``: the pattern is read below folders every page of the site sits
    # in, which are its leading literal run.
    out = ["L"] if lead or rooted else []
    for seg in segs[lead:]:
        if not (seg == VARIABLE and out and out[-1] == VARIABLE):
            out.append(seg)
    return "/".join(out)


_WORDS = re.compile(r"[-_.]+")
#: A namespace before a name's colon: a word or two, no path or scheme.
_NAMESPACE = re.compile(r"[A-Za-z][A-Za-z0-9_ ]{0,40}")


def _spaced(element: str) -> bool:
    """Is a pattern element a namespace's names (``Category:*``)?"""
    space, _, rest = element.partition(":")
    return rest == VARIABLE and _NAMESPACE.fullmatch(space) is not None
