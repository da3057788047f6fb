"""Mirror axes: a URL segment whose values replicate a whole part of a site.

Multilingual and multi-region sites copy a subtree once per value of one path
segment (``/en/news/1.html``, ``/ja/news/1.html``, ``/fr/news/1.html``). Such a
segment is an *axis*: blank it out, and the same path *skeleton*
(``*/news/1.html``) shows up with several values, and it does so for many
different skeletons. An ordinary listing (``/faq/01/``, ``/faq/02/``) also shows
several values, but under a single skeleton.

So, per segment position, each skeleton showing two or more values contributes
its *value set*, and each value set is scored by the number of skeletons showing
exactly it (its *recurrence*). A mirrored subtree repeats one value set over and
over; sibling directories that merely share a few file names (``index.html``
in every section) show a different set for each name. Recurrence spans orders
of magnitude, so the max-gap auto-cut runs on its logarithm, with one extra
observation at 1 (a set seen once: the coincidence regime) anchoring the low
side. The value sets above the cut, each recurring across at least
``min_skeleton_count`` skeletons, form the axis (their union, so that partial
translations still count), and so does any set recurring that often beside
one of their values: one set copied on most pages (a manual in English and
French) can put the cut above the sets of its partial translations (the same
pages also in Japanese and Korean), which are still the same axis. Among
positions the one covering the most skeletons wins. Finally, under at least
one axis value most skeletons (``MIN_MIRRORED_SHARE``) must have a
counterpart: a copied subtree is mostly copies, whereas two documentation
sections that happen to share eight file names are not mirrors of each
other. No list of language codes is involved.

Many sites keep their default language at the root and only the others in
folders (``/growing/kale/`` and ``/nl/growing/kale/``). The root copy has no
axis segment at all, so blanking one position never lines it up with its
translations. Such an axis is read from the folders' side: a folder whose
pages, with that folder taken out of their paths, are mostly pages of the
site too (spread over several directories: a handful of re-exported items in
one folder is not a copy of the site) mirrors the root. The root then holds
one more copy (:attr:`MirrorAxis.at_root`), and :meth:`MirrorAxis.aligned`
gives its pages a placeholder segment where their translations have the
axis value.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from .autocut import auto_cut_threshold
from .routes import SegmentTable
from .unique_rows import unique_rows

__all__ = [
    "AT_ROOT",
    "DEFAULT_MAX_POSITION",
    "DEFAULT_MIN_SKELETON_COUNT",
    "MIN_MIRRORED_SHARE",
    "MIN_ROOT_DIRECTORIES",
    "MirrorAxis",
    "clean_segments",
    "detect_mirror_axis",
    "section_axis",
]

#: A value set must recur across at least this many skeletons to be an axis:
#: two could be a coincidence of two sibling sections.
DEFAULT_MIN_SKELETON_COUNT = 3
#: On at least one side of a mirror, this share of the skeletons under an axis
#: value must have a counterpart under another value: a copied subtree is mostly
#: copies, while sibling directories sharing a few file names are not.
MIN_MIRRORED_SHARE = 0.5
#: One section (a directory of several pages) recurring under this many values
#: of a position makes it an axis on its own (see :func:`section_axis`).
MIN_SECTION_HOLDERS = 3
#: Segment positions scanned (0-based, from the root). Language and region
#: directories sit near the root; deeper segments are section and page names.
DEFAULT_MAX_POSITION = 3


#: The segment a root copy gets in :meth:`MirrorAxis.aligned` (no URL path
#: segment holds a NUL: it would be percent-encoded).
AT_ROOT = "\x00root"
#: A folder mirrors the root when its copies lie in at least this many
#: directories (a language copies every section; a module re-exporting a few
#: items of its submodule copies one directory).
MIN_ROOT_DIRECTORIES = 3


@dataclass(frozen=True, slots=True)
class MirrorAxis:
    """A detected axis: the 0-based segment ``position`` and its ``values``.

    ``skeleton_count`` is the number of path skeletons showing at least two of
    the values (the evidence behind the axis), or of pages with a copy at the
    root. ``at_root``: the site's root holds one more copy, with no axis
    segment (the default language of ``/growing/kale/`` and
    ``/nl/growing/kale/``); every page off the axis values is then that copy.

    >>> axis = MirrorAxis(0, frozenset({"nl"}), at_root=True)
    >>> axis.aligned(["growing", "kale"]) == (AT_ROOT, "growing", "kale")
    True
    >>> axis.aligned(["nl", "growing", "kale"])
    ('nl', 'growing', 'kale')
    """

    position: int
    values: frozenset[str]
    skeleton_count: int = 0
    at_root: bool = False

    def aligned(self, paths: Iterable[str]) -> tuple[str, ...]:
        """The page's path segments lined up with its copies: a root copy gets
        :data:`AT_ROOT` at the axis position; any other path is as it was
        (empty segments dropped, as everywhere along the axis)."""
        segs = clean_segments(paths)
        if not self.at_root:
            return segs
        p = self.position
        if len(segs) > p and segs[p] in self.values:
            return segs
        return (*segs[:p], AT_ROOT, *segs[p:])

    def to_json(self) -> dict:
        return {
            "position": self.position,
            "values": sorted(self.values),
            "skeletonCount": self.skeleton_count,
            "atRoot": self.at_root,
        }


def clean_segments(paths: Iterable[str]) -> tuple[str, ...]:
    """Path segments without empty ones (trailing slashes, doubled slashes).

    >>> clean_segments(["", "en", "faq", ""])
    ('en', 'faq')
    """
    return tuple(p for p in paths if isinstance(p, str) and p != "")


def _position_evidence(
    table: SegmentTable, hosts: np.ndarray, position: int
) -> tuple[np.ndarray, np.ndarray]:
    """Skeleton -> values seen at ``position`` (the page's own last segment
    excluded), as the distinct (skeleton, value id) pairs sorted by skeleton.

    A skeleton is a page's host, segment count and segments with the one at
    ``position`` blanked. The last segment names the page itself, not a
    directory that could hold a mirrored copy of a subtree.
    """
    sel = np.flatnonzero(table.lengths > position + 1)
    if not len(sel):
        return np.zeros(0, np.int64), np.zeros(0, np.int64)
    key = np.column_stack([hosts[sel], table.lengths[sel], table.matrix[sel]])
    values = key[:, 2 + position].copy()
    key[:, 2 + position] = -2
    _, skeleton = unique_rows(key)
    n_strings = len(table.strings)
    pair = np.unique(skeleton.astype(np.int64) * n_strings + values)
    return pair // n_strings, pair % n_strings


def _axis_at(
    skeleton: np.ndarray, value: np.ndarray, names: list[str], min_skeleton_count: int
) -> tuple[frozenset[str], int] | None:
    """Axis values at one position and the skeletons they cover, or ``None``
    (``skeleton``, ``value``: the distinct pairs of :func:`_position_evidence`)."""
    if not len(skeleton):
        return None
    starts = np.flatnonzero(np.r_[True, skeleton[1:] != skeleton[:-1]])
    sizes = np.diff(np.r_[starts, len(skeleton)])
    multi = np.flatnonzero(sizes >= 2)
    if not len(multi):
        return None
    recurrence = Counter(
        tuple(value[starts[k] : starts[k] + sizes[k]].tolist()) for k in multi.tolist()
    )
    counts = np.fromiter(recurrence.values(), dtype=np.float64, count=len(recurrence))
    cut = auto_cut_threshold(np.log(np.append(counts, 1.0)))
    floor = max(float(min_skeleton_count), float(np.exp(cut)) if cut is not None else 1.0)
    qualifying = [vals for vals, n in recurrence.items() if n >= floor - 1e-9]
    if not qualifying:
        return None
    # Partial translations: a set beside the axis's own values (en and fr
    # with ja, ko and tr, on a fifth as many pages as en and fr alone)
    # recurring as often as any axis must is the same axis with more values,
    # however far below the most copied set the cut put it. The qualifying
    # sets are among them.
    core = set().union(*qualifying)
    values = set().union(
        *(v for v, n in recurrence.items() if n >= min_skeleton_count and not core.isdisjoint(v))
    )
    axis = np.array(sorted(values), dtype=np.int64)
    # A mirror copies a subtree: on the copy side, most skeletons have a counterpart.
    on_axis = np.isin(value, axis)
    per_skeleton = np.bincount(skeleton[on_axis], minlength=int(skeleton.max()) + 1)
    copied = on_axis & (per_skeleton[skeleton] >= 2)
    seen = np.bincount(value[on_axis], minlength=len(names))[axis]
    mirrored = np.bincount(value[copied], minlength=len(names))[axis]
    if float((mirrored / seen).max()) < MIN_MIRRORED_SHARE:
        return None
    return frozenset(names[v] for v in axis.tolist()), int((per_skeleton >= 2).sum())


def detect_mirror_axis(
    paths: Iterable[Sequence[str]],
    *,
    hosts: Sequence[str | None] | None = None,
    min_skeleton_count: int = DEFAULT_MIN_SKELETON_COUNT,
    max_position: int = DEFAULT_MAX_POSITION,
) -> MirrorAxis | None:
    """Find the segment position that mirrors the site, or ``None``.

    ``paths`` holds each page's URL path segments; ``hosts`` (optional, one per
    page) keeps skeletons of different sites apart. Positions ``0 ..
    max_position - 1`` are scanned; empty segments are ignored.

    >>> site = [[lang, section, "index.html"] for lang in ("en", "ja", "fr")
    ...         for section in ("news", "events", "staff", "faq")]
    >>> axis = detect_mirror_axis(site)
    >>> axis.position, sorted(axis.values)
    (0, ['en', 'fr', 'ja'])
    >>> detect_mirror_axis([["faq", "01", "index.html"], ["faq", "02", "index.html"]]) is None
    True
    """
    segments = [clean_segments(p) for p in paths]
    host_list = list(hosts) if hosts is not None else [None] * len(segments)
    if len(host_list) != len(segments):
        raise ValueError("hosts must have one entry per page")
    table = SegmentTable(segments)
    host_id: dict[str | None, int] = {}
    host_ids = np.fromiter(
        (host_id.setdefault(h, len(host_id)) for h in host_list), np.int64, len(host_list)
    )
    best: MirrorAxis | None = None
    for position in range(max(0, max_position)):
        skeleton, value = _position_evidence(table, host_ids, position)
        found = _axis_at(skeleton, value, table.strings, min_skeleton_count)
        if found is None:
            continue
        values, covered = found
        if best is None or covered > best.skeleton_count:
            best = MirrorAxis(position=position, values=values, skeleton_count=covered)
    return _with_root(best, segments, host_list, min_skeleton_count, max_position)


def _with_root(
    axis: MirrorAxis | None,
    segments: list[tuple[str, ...]],
    hosts: list[str | None],
    min_skeleton_count: int,
    max_position: int,
) -> MirrorAxis | None:
    """``axis`` with :attr:`MirrorAxis.at_root` set when the root holds one
    more copy of its values' pages; without an axis, the folders that mirror
    the root on their own (a site in two languages, one at the root)."""
    pages = {(h, s) for h, s in zip(hosts, segments, strict=True)}
    if axis is not None:
        # The values already copy each other: is the root one more copy?
        found = _root_copies(segments, hosts, pages, axis.position, min_skeleton_count, front=False)
        if found is not None and not axis.values.isdisjoint(found[0]):
            values = axis.values | found[0]
            return MirrorAxis(axis.position, values, axis.skeleton_count, at_root=True)
        return axis
    best: MirrorAxis | None = None
    for position in range(max(0, max_position)):
        found = _root_copies(segments, hosts, pages, position, min_skeleton_count, front=True)
        if found is not None and (best is None or found[1] > best.skeleton_count):
            best = MirrorAxis(position, found[0], found[1], at_root=True)
    return best


def _holds_root(position: int, directories: set[tuple[str, ...]]) -> bool:
    """Is the root itself (the directory above the axis position) among the
    directories a folder's copies lie in?"""
    return any(len(d) == position for d in directories)


def _root_copies(
    segments: list[tuple[str, ...]],
    hosts: list[str | None],
    pages: set[tuple[str | None, tuple[str, ...]]],
    position: int,
    min_skeleton_count: int,
    *,
    front: bool,
) -> tuple[frozenset[str], int] | None:
    """Folders at ``position`` whose pages, with the folder taken out of their
    paths, are mostly pages of the site too, in :data:`MIN_ROOT_DIRECTORIES`
    directories or more, and how many of their pages have such a copy.

    With ``front``, the root's own pages must be among the copies: a
    translation has its own front page, while a tree of source views beside
    the class pages (a ``src-html/`` folder) copies none of the pages at the
    root. Folders already known to copy each other (an axis) need not."""
    held: Counter[str] = Counter()
    copied: Counter[str] = Counter()
    directories: dict[str, set[tuple[str, ...]]] = defaultdict(set)
    fronts: list[tuple[str | None, tuple[str, ...]]] = []
    for host, segs in zip(hosts, segments, strict=True):
        if len(segs) == position + 1:
            fronts.append((host, segs))
        if len(segs) <= position + 1:
            continue
        value = segs[position]
        held[value] += 1
        rest = (*segs[:position], *segs[position + 1 :])
        if (host, rest) in pages:
            copied[value] += 1
            directories[value].add(rest[:-1])
    # A folder's own page (``/nl/``) copies the root's (``/``).
    for host, segs in fronts:
        if segs[position] in held and (host, segs[:position]) in pages:
            copied[segs[position]] += 1
            directories[segs[position]].add(segs[:position])
    values = frozenset(
        v
        for v, n in copied.items()
        if n >= min_skeleton_count
        and n >= MIN_MIRRORED_SHARE * held[v]
        and len(directories[v]) >= MIN_ROOT_DIRECTORIES
        and (not front or _holds_root(position, directories[v]))
    )
    if not values:
        return None
    return values, sum(copied[v] for v in values)


def section_axis(
    paths: Iterable[Sequence[str]], *, max_position: int = DEFAULT_MAX_POSITION
) -> int | None:
    """A mirror axis read from shared sections, for crawls too small to repeat a
    page under two values (a 20-page sample of an 11-language manual), or ``None``.

    Under each value of a mirror axis the same *sections* recur: directories that
    hold several differently named pages (``fr/mod/``, ``en/mod/``, ``ja/mod/``;
    ``fr/programs/``, ``en/programs/``). A position is such an axis when at least
    two of its values each hold two or more sections that recur under another
    value, or when one section recurs under three values or more (a sample
    that drew one section's pages in each language: two values sharing one
    directory name can be a coincidence, three repeat a subtree). A product
    slug with a ``reviews/`` page below it is not: ``reviews/`` holds one name
    (``add``), not a section of pages. Only the position is
    returned; routes blank it, :func:`detect_mirror_axis` remains the evidence for
    mirrored pages.

    >>> site = [[lang, sec, f"{name}.html"] for lang, sec, name in [
    ...     ("fr", "mod", "a"), ("fr", "mod", "b"), ("fr", "guide", "c"),
    ...     ("en", "mod", "d"), ("en", "guide", "e"), ("en", "guide", "f"),
    ...     ("ja", "mod", "g")]]
    >>> section_axis(site)
    0
    >>> section_axis(site[:3])  # one value: nothing is mirrored
    >>> mods = [[lang, "mod", f"{lang}{i}.html"] for lang in ("fr", "en", "ja") for i in (1, 2)]
    >>> section_axis(mods)  # one section under three values
    0
    >>> section_axis(mods[:4])  # under two: a coincidence
    >>> shop = [["catalogue", slug, "reviews", "add"] for slug in ("mug", "cup", "pot")]
    >>> section_axis(shop) is None
    True
    """
    segments = [clean_segments(p) for p in paths]
    best: tuple[int, int] | None = None
    for position in range(max(0, max_position)):
        # Per prefix: value -> child directories; child directory -> names below it.
        under: dict[tuple, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        names: dict[tuple, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        for segs in segments:
            if len(segs) < position + 3:
                continue
            prefix = segs[:position]
            under[prefix][segs[position]].add(segs[position + 1])
            names[prefix][segs[position + 1]].add(segs[position + 2])
        score = 0
        for prefix, children in under.items():
            sections = {c for c, below in names[prefix].items() if len(below) >= 2}
            holders = Counter(c for kids in children.values() for c in kids & sections)
            recurring = {c for c, n in holders.items() if n >= 2}
            mirrored = [v for v, kids in children.items() if len(kids & recurring) >= 2]
            if len(mirrored) >= 2:
                score += len(mirrored)
            elif (most := max(holders.values(), default=0)) >= MIN_SECTION_HOLDERS:
                score += most
        if score and (best is None or score > best[1]):
            best = (position, score)
    return None if best is None else best[0]
