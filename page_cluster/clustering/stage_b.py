"""Stage B: merge units that are variants of one template.

Free-form content and optional sections (a table of contents, a "see also"
list, an aside) make pages of one template differ; a template is what stays the
same. Two units are merged, nearest first, unless their pooled statistics show a
*two-sided* difference: each unit has a characteristic structural item (on two
thirds of its pages) that the other practically never has although it has the
item's parent. One-sided differences (one unit has items the other lacks) are
what optional sections look like, and are merged. So are two-sided ones whose
parts some page has side by side: two templates differ by parts that exclude
each other, while optional parts come and go independently
(:meth:`_Units.exclusive`). The page that shows both must belong to the two
units' neighbourhood (:func:`_witnesses`): a page of a third template that
happens to use both kinds of part says nothing about these two. One
difference counts although it is not a template's own structure on both
sides: pages that each carry a one-off block (or a block only their unit
has) and lack a part typical of the site, beyond chance
(:meth:`_Units._one_off`). Between units the generator
names alike (``dir*.html``, ``mod*.html``), what a table or a list lists (a
cell's content, an entry's links and code words) is data, not a witness
(:meth:`_Units.blocked`).

Differences count at their root: the distance sums frequency differences only
over tokens whose parent is on a good share of both units' pages, so a whole
optional subtree counts once. After every merge the merged unit's profile is
recomputed from all its pages, so later decisions see the pooled evidence.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import numpy as np

from ..signatures.binary_rows import BinaryRows, pair_intersections
from .labels import number_by_first_member

if TYPE_CHECKING:
    from .params import ClusterParams

__all__ = ["ABSENT", "CHARACTERISTIC", "PARENT_PRESENT", "Together", "agglomerate_units"]

#: An item is characteristic of a unit when at least two thirds of its pages have it.
CHARACTERISTIC = 2 / 3
#: ... and practically absent from a unit when at most this share have it.
ABSENT = 0.1
#: A token counts towards the distance of two units when its parent is on at
#: least this share of the pages of each (a subtree's difference counts once).
PARENT_PRESENT = 0.4
#: Significance level for the witnesses that are not established template
#: structure (rare structure, body classes, content): a difference between two
#: units counts only when chance is unlikely to explain it, Bonferroni-corrected
#: over the items tested.
SIGNIFICANCE = 0.01
#: Text below kept structure counts by its absence from a unit's pages only
#: where at least this share of the host's pages have it (where its parent
#: is): a paragraph on a quarter of the pages is a kind of page's text (an
#: article's, beside listings whose text sits in summaries), one on a few
#: pages is the odd writer's.
HEADS_RATE = 0.25
#: A two-sided difference in established structure keeps units apart on its
#: own when each side differs by at least this many items ...
SUBSTANTIAL = 2
#: ... counting the items of a differing subtree on this share of the unit's pages.
SUBTREE_SHARE = 1 / 3
#: Nearest first by the number of items typical of one unit and absent from
#: the other (frequency differences only break ties).
HARD_COST = True
HARD_TIE = 1e-3
#: Two units whose pages share at most this share of their URL routes live at
#: different routes (a weak structural difference then suffices to keep them apart).
ROUTE_OVERLAP = 0.1
#: ... but another folder is another route only for a unit with this share of
#: its pages at one route, and not against a spread unit whose routes hold
#: this share of its pages (see :meth:`_Units.routed_apart`).
ROUTE_MAJORITY = 0.5
#: Merging two units that each live mostly at a kind of file name, and not at
#: the same one (``group*.html`` against ``class*members.html``), costs this
#: much more (half an item): at equal structural cost, units the generator
#: named alike pool first. A kind of name never keeps units apart on its own.
#: An order below one item: 0.25-0.9 give the same partitions; one item and
#: more let a name outweigh structure (docs/quality.md, Stage B).
KIND_COST = 0.5
#: A significant difference in text below kept structure (see
#: :meth:`_Units.distances`) costs one item, whatever its size: its presence
#: is the evidence, its length the writer's.
TEXT_COST = 1.0


#: Up to this many evidence columns, which of them appear together is one
#: dense table made up front; beyond it each pair of units asks for its own.
TOGETHER_DENSE_MAX = 4096


class Together:
    """Which columns appear on one page together: established structure, rare
    structure and the text right below kept structure (the columns that can
    keep two units apart).

    Built once per host from the pages' token sets (each distinct set once);
    Stage B asks it about the few items two units differ by.
    """

    def __init__(self, by_column: BinaryRows, index: np.ndarray) -> None:
        #: One row per evidence column: the token sets (pages) that have it.
        self.by_column = by_column
        #: Column of the profiles -> its row in ``by_column`` (-1: not related).
        self.index = index
        #: Token sets it was built from (the columns of ``by_column``).
        self.n_pages = by_column.n_cols
        self.table = (
            pair_intersections(by_column) > 0 if by_column.n_rows <= TOGETHER_DENSE_MAX else None
        )

    @classmethod
    def of_pages(
        cls, matrix: BinaryRows, sigs: np.ndarray, columns: np.ndarray, evidence: np.ndarray
    ) -> Together:
        """From the token sets ``sigs`` of ``matrix``; ``columns`` are the token
        ids of the profiles' columns and ``evidence`` marks those to relate.

        >>> rows = BinaryRows.from_rows([[0, 1], [0, 2]], 3)
        >>> t = Together.of_pages(rows, np.array([0, 1]), np.arange(3), np.ones(3, bool))
        >>> t.block(np.array([1]), np.array([0, 2])).tolist()
        [[True, False]]
        """
        mask = np.zeros(matrix.shape[1], dtype=bool)
        mask[columns[evidence]] = True
        sub = matrix.take(sigs).keep_columns(mask)
        # keep_columns numbers the kept tokens in id order, as ``columns`` is.
        by_column = BinaryRows.from_pairs(sub.indices, sub.row_ids(), sub.n_cols, sub.n_rows)
        index = np.full(len(columns), -1, dtype=np.int64)
        order = np.argsort(columns[evidence], kind="stable")
        index[np.flatnonzero(evidence)[order]] = np.arange(int(evidence.sum()))
        return cls(by_column, index)

    def block(self, x: np.ndarray, y: np.ndarray, pages: np.ndarray | None = None) -> np.ndarray:
        """``[a, b]``: do columns ``x[a]`` and ``y[b]`` appear on a page together
        (on one of ``pages``, a mask over the token sets it was built from,
        when given)?"""
        rx, ry = self.index[x], self.index[y]
        if pages is not None:
            bx = self.by_column.take(rx).keep_columns(pages)
            by = self.by_column.take(ry).keep_columns(pages)
            return pair_intersections(bx, by) > 0
        if self.table is not None:
            return self.table[np.ix_(rx, ry)]
        return pair_intersections(self.by_column.take(rx), self.by_column.take(ry)) > 0


def _chance(
    rate: np.ndarray,
    n_lack: np.ndarray | float,
    n_have: np.ndarray | float,
    kind: bool | str,
    named: np.ndarray | None = None,
    share: np.ndarray | float = 1.0,
    heads_rate: float = HEADS_RATE,
) -> np.ndarray:
    """How likely chance explains a unit of ``n_lack`` pages lacking an item
    that ``rate`` of its parent's pages across the host have (``n_lack``:
    the unit's pages that have the parent, see :meth:`_Units._parent_share`).

    Unlikely by chance: the lacking unit never has it, or (for structure too
    rare to judge) the having unit of ``n_have`` pages has it on every page.
    Content (``kind`` ``"content"``) counts by its absence from pages where
    ``heads_rate`` of the pages have it (an index page without a paragraph,
    listings whose text sits in summaries beside articles), and, when it
    names itself (``named``: a class or an id, as a source listing's
    ``div.fragment``) and is not on most pages, also by its presence on the
    having unit's pages (``share`` of them), as rare named structure does: a
    writer's table comes and goes, a generator's named block comes with its
    template.

    Articles on just under half the pages, lacking from 26 listing pages;
    a table on a fifth of them:

    >>> (_chance(np.array([0.48, 0.2]), 26, 24, "content") <= 0.01).tolist()
    [True, False]
    """
    chance = (1.0 - rate) ** n_lack
    if kind == "content":
        absent = np.where(rate >= heads_rate, chance, 1.0)
        if named is None:
            return absent
        present = np.where(named, rate ** (n_have * share), 1.0)
        return np.where(rate >= 0.5, absent, np.minimum(absent, present))
    return np.minimum(chance, rate**n_have)


def _at_most(chance: np.ndarray, limit: np.ndarray | float) -> np.ndarray:
    """``chance <= limit``, with a chance equal to the limit counted as at
    most the limit whatever order its factors were multiplied in: two pages
    of an item on a tenth of the host, 0.1 ** 2, is the 1% level, and the
    veto and the merge test must read it alike (array and scalar powers
    round the last bit apart)."""
    return np.asarray(chance) <= np.asarray(limit) * (1.0 + 1e-9)


class _Units:
    """Unit profiles with the per-cell tests the distance needs, kept up to date.

    A unit's parent frequencies and its present / absent / characteristic cells
    depend on its own profile only, so a merge refreshes one row; each distance
    row then reads only the columns that can count (those whose parent is on the
    unit's pages, its characteristic items, its absent items).
    """

    def __init__(
        self,
        prof: np.ndarray,
        parent_cols: np.ndarray,
        top: np.ndarray,
        evidence: np.ndarray,
        weak: np.ndarray | None = None,
        attrs: np.ndarray | None = None,
        routes: np.ndarray | None = None,
        heads: np.ndarray | None = None,
        sizes: np.ndarray | None = None,
        base_rate: np.ndarray | None = None,
        view_routes: int = 0,
        params: ClusterParams | None = None,
        together: Together | None = None,
        one_off: tuple[np.ndarray, float] | None = None,
        named: np.ndarray | None = None,
        row_units: tuple[np.ndarray, np.ndarray] | None = None,
        name_routes: int = 0,
        name_kinds: np.ndarray | None = None,
        listed: np.ndarray | None = None,
        renamed: np.ndarray | None = None,
        renamed_any: np.ndarray | None = None,
        layout: np.ndarray | None = None,
        regions: np.ndarray | None = None,
    ) -> None:
        if params is None:
            from .params import ClusterParams  # its defaults are this module's constants

            params = ClusterParams()
        self.t_parent, self.t_absent = params.parent_present, params.absent
        self.t_char, self.t_subtree = params.characteristic, params.subtree_share
        self.t_substantial, self.t_significance = params.substantial, params.significance
        self.t_routes, self.t_majority = params.route_overlap, params.route_majority
        self.t_heads = params.heads_rate
        self.prof = prof
        self.together = together
        #: Pairs (token set of ``together``, unit with pages of it): whose
        #: pages may witness (``None``: every page; see :func:`_witnesses`).
        self.row_units = row_units
        self.view_routes = view_routes
        #: Route columns before the views that are name shapes (see :meth:`routed_apart`).
        self.name_routes = name_routes
        #: Per name-shape column: is it a kind of name (see :meth:`_other_kind`)?
        #: ``None`` when none is.
        self.name_kinds = name_kinds if name_kinds is not None and name_kinds.any() else None
        #: Columns of what a table or list lists, read as data between units
        #: named alike (see :meth:`blocked`); ``None`` when there are none.
        self.listed = listed if listed is not None and listed.any() else None
        self.strict = False
        self.sizes = sizes if sizes is not None else np.ones(len(prof))
        #: Columns that name themselves (a class, an id): see :func:`_chance`.
        self.named = named
        #: Per unit, the share of its pages that carry a one-off block, and how
        #: common carrying one is across the host (see :meth:`_one_off`).
        self.carry, self.one_off_share = one_off if one_off is not None else (None, 1.0)
        self.base_rate = base_rate if base_rate is not None else np.full(prof.shape[1], 0.5)
        self.parent_cols = parent_cols
        self.top = top
        self.evidence = evidence
        self.weak = weak
        self.attrs = attrs if attrs is not None else np.zeros_like(evidence)
        self.routes = routes
        #: Route columns that are routes proper (before the name shapes and views).
        self.n_routes = 0 if routes is None else routes.shape[1] - view_routes - name_routes
        #: Per unit: does one route hold most of its pages (see :meth:`routed_apart`)?
        #: Refreshed per merge: a pass over every route column per row would not be.
        self.kept = np.zeros(len(prof), dtype=bool)
        if routes is not None and self.n_routes:
            self.kept = routes[:, : self.n_routes].max(axis=1) >= self.t_majority
        #: Per unit: are most of its pages at kinds of file name (see
        #: :meth:`_other_kind`)? Refreshed per merge, as :attr:`kept`.
        self.at_kinds = np.zeros(len(prof), dtype=bool)
        if routes is not None and self.name_kinds is not None:
            self.at_kinds = self._kind_share(routes) >= self.t_majority
        #: Body classes and ids that most of the host's pages lack: each names
        #: a family of page types (see :meth:`_kin`). Pooling keeps the shares.
        self.family_names = np.zeros_like(self.attrs)
        if self.attrs.any():
            weight = np.ones(len(prof)) if sizes is None else np.asarray(sizes, np.float64)
            share = (weight / max(float(weight.sum()), 1.0)) @ prof
            self.family_names = self.attrs & (share < self.t_majority)
        # Same structure is evidence only on enough pages: a part on half of a
        # template's pages is missing from all of them by chance at most at
        # the significance level (seven pages at 1%). See :meth:`_kin`.
        alpha = self.t_significance
        self.family_min_pages = np.log(alpha) / np.log(0.5) if alpha > 0 else np.inf
        self.heads = heads if heads is not None else np.zeros_like(evidence)
        self.every = evidence | self.attrs | self.heads
        if weak is not None:
            self.every = self.every | weak
        par = prof[:, parent_cols]
        par[:, top] = 1.0
        self.parent_present = par >= self.t_parent
        self.parent_seen = par > self.t_absent
        self.absent = prof <= self.t_absent
        self.characteristic = prof >= self.t_char
        # Columns by depth, deepest first, for summing subtrees.
        depth = np.zeros(len(top), dtype=np.int64)
        for _ in range(64):
            nxt = np.where(top, 0, depth[parent_cols] + 1)
            if np.array_equal(nxt, depth):
                break
            depth = nxt
        self.levels = [
            np.flatnonzero((depth == d) & ~top) for d in range(int(depth.max(initial=0)), 0, -1)
        ]
        # Established structure, and that plus structure kept on presumption.
        self.structure = evidence | weak if weak is not None else evidence
        #: Columns whose items a subtree's mass counts: established structure,
        #: and what the layout's regions hold (a region one unit lacks is as
        #: large as what the other unit's region shows).
        self.massed = evidence if regions is None else evidence | regions
        self.mass = np.zeros(prof.shape)
        # Only the view rule reads subtree masses over presumed structure too.
        self.mass_any = np.zeros(prof.shape) if view_routes else self.mass
        for i in range(len(prof)):
            self._refresh_mass(i)
        # Most items of a site are on one unit's pages only (page-specific
        # content). Such a column stays with one unit as units merge, so it is
        # kept sparse: ``owner`` is that unit (-1 for shared columns, -2 for
        # columns on no unit), and only the shared columns are compared densely.
        on = prof > 0
        count = on.sum(axis=0)
        self.owner = np.where(count >= 2, -1, -2)
        single = np.flatnonzero(count == 1)
        self.owner[single] = np.argmax(on[:, single], axis=0)
        self.shared = self.owner == -1
        #: Columns that are one element under two names (:func:`.slots.renamed_pairs`):
        #: ``ren_cols`` and, over them, which pairs are partners.
        self.ren_at = np.full(prof.shape[1], -1, dtype=np.int64)
        self.ren_cols = np.zeros(0, dtype=np.int64)
        self.ren_partner = np.zeros((0, 0), dtype=bool)
        if renamed is not None and len(renamed):
            self.ren_cols = np.unique(renamed)
            self.ren_at[self.ren_cols] = np.arange(len(self.ren_cols))
            self.ren_partner = np.zeros((len(self.ren_cols),) * 2, dtype=bool)
            self.ren_partner[self.ren_at[renamed[:, 0]], self.ren_at[renamed[:, 1]]] = True
        #: Column pairs that are one element's names whatever it holds.
        self.ren_any = np.zeros((0, 2), dtype=np.int64) if renamed_any is None else renamed_any
        #: Columns of the site's layout: chrome on nearly every page of the
        #: host (see :meth:`_unframed`); ``None`` when there is none.
        self.layout = np.flatnonzero(layout) if layout is not None and layout.any() else None
        #: Per unit: do its pages carry a block of rare structure that no other
        #: unit's pages have (see :meth:`_one_off`)? And how common such units'
        #: pages are across the host, one-off carriers included.
        self.owns_block = self._own_blocks()
        self.own_share = 1.0
        if self.carry is not None:
            carriers = self.owns_block | (self.carry >= self.t_char)
            self.own_share = float(self.sizes[carriers].sum() / max(self.sizes.sum(), 1.0))

    def _refresh_mass(self, i: int) -> None:
        """Per column: the unit's structure in that subtree (itself included,
        items on a third of its pages or more)."""
        self.mass[i] = self._subtree_mass(i, self.massed)
        if self.view_routes:
            self.mass_any[i] = self._subtree_mass(i, self.structure)

    def _subtree_mass(self, i: int, columns: np.ndarray) -> np.ndarray:
        m = ((self.prof[i] >= self.t_subtree) & columns).astype(np.float64)
        for cols in self.levels:
            np.add.at(m, self.parent_cols[cols], m[cols])
        return m

    def take(self, keep: np.ndarray) -> None:
        """Keep only the rows ``keep`` (merged-away units are dropped, so later
        rows cost what the remaining units need)."""
        for name in (
            "prof",
            "sizes",
            "parent_present",
            "parent_seen",
            "absent",
            "characteristic",
            "mass",
            "owns_block",
        ):
            setattr(self, name, getattr(self, name)[keep])
        self.mass_any = self.mass_any[keep] if self.view_routes else self.mass
        if self.routes is not None:
            self.routes = self.routes[keep]
        self.kept = self.kept[keep]
        self.at_kinds = self.at_kinds[keep]
        if self.carry is not None:
            self.carry = self.carry[keep]
        local = np.full(int(keep.max(initial=-1)) + 1, -1)
        local[keep] = np.arange(len(keep))
        owned = self.owner >= 0
        self.owner[owned] = local[self.owner[owned]]

    def _own_blocks(self, unit: int | None = None) -> np.ndarray:
        """Per unit (or for ``unit`` alone): does it own a block of rare
        structure, :data:`SUBSTANTIAL` items on :data:`CHARACTERISTIC` of its
        pages that no other unit has?"""
        k = len(self.prof)
        out = np.zeros(k, dtype=bool)
        if self.weak is None:
            return out
        owned = self.weak & (self.owner >= 0)
        if unit is not None:
            owned &= self.owner == unit
        cols = np.flatnonzero(owned)
        cols = cols[self.characteristic[self.owner[cols], cols]]
        if not len(cols):
            return out
        flag = np.zeros(len(owned), dtype=bool)
        flag[cols] = True
        par = self.parent_cols
        linked = flag & ~self.top & flag[par] & (self.owner[par] == self.owner)
        size = flag.astype(np.int64)
        for level in self.levels:
            kids = level[linked[level]]
            np.add.at(size, par[kids], size[kids])
        roots = cols[(size[cols] >= self.t_substantial) & ~linked[cols]]
        if len(roots) and len(self.ren_any):
            # A block under another name of an element other units have (a
            # one-row table's ``tr.even`` for the bare ``tr`` of longer ones)
            # is that element, not a block of the unit's own.
            a, b = self.ren_any[:, 0], self.ren_any[:, 1]
            hit = np.isin(a, roots)
            a, b = a[hit], b[hit]
            u = self.owner[a]
            elsewhere = self.characteristic[:, b].sum(axis=0) - self.characteristic[u, b]
            renamed = self.absent[u, b] & (elsewhere > 0)
            roots = roots[~np.isin(roots, a[renamed])]
        out[self.owner[roots]] = True
        return out

    def pool_owner(self, i: int, j: int) -> None:
        """Unit ``j`` was pooled into ``i``: its own columns are now ``i``'s."""
        self.owner[self.owner == j] = i

    def _owned_by_others(self, i: int, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Columns in ``mask`` held by one unit other than ``i``, and that unit."""
        cols = np.flatnonzero(mask & (self.owner >= 0) & (self.owner != i))
        return cols, self.owner[cols]

    def refresh(self, i: int) -> None:
        """Recompute row ``i`` after its profile changed."""
        p = self.prof[i]
        par = p[self.parent_cols]
        par[self.top] = 1.0
        self.parent_present[i] = par >= self.t_parent
        self.parent_seen[i] = par > self.t_absent
        self.absent[i] = p <= self.t_absent
        self.characteristic[i] = p >= self.t_char
        self._refresh_mass(i)
        self.owns_block[i] = self._own_blocks(i)[i]
        if self.routes is not None:
            self.kept[i] = self.routes[i, : self.n_routes].max(initial=0.0) >= self.t_majority
            if self.name_kinds is not None:
                self.at_kinds[i] = self._kind_share(self.routes[i : i + 1])[0] >= self.t_majority

    def row(self, i: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Distances between unit ``i`` and every unit, which pairs are blocked,
        and which of those only wait for :meth:`exclusive` (see :meth:`_blocked`)."""
        return (self.distances(i), *self.blocked(i))

    def distances(self, i: int) -> np.ndarray:
        """Distances between unit ``i`` and every unit, whatever keeps them apart.

        Text below kept structure (*heads*) is left out of the frontier: a
        writer's words and tables come and go. Where one side's text is a
        witness the veto reads (present or absent beyond chance, see
        :func:`_chance`: a source listing's ``div.fragment`` on every group
        page of a unit), it costs :data:`TEXT_COST`, as an item typical of one
        side and absent from the other does: otherwise a unit that lacks both
        a table and a listing is nearer the listing's unit (by the names'
        half item) than the table's, and the nearest first order pools what
        the veto would keep apart."""
        prof = self.prof
        pi = prof[i]
        # Frontier: the token's parent is on a good share of both units' pages.
        frontier = self.parent_present[i] & ~self.heads
        cols = np.flatnonzero(frontier & self.shared)
        diff = np.abs(prof[:, cols] - pi[cols])
        diff *= self.parent_present[:, cols]
        dist = diff.sum(axis=1, dtype=np.float64)
        # Columns of one unit only: the other side has 0 there.
        mine = np.flatnonzero(frontier & (self.owner == i))
        own = self.parent_present[:, mine] @ pi[mine].astype(np.float64)
        own[i] = 0.0
        dist += own
        cols, rows = self._owned_by_others(i, frontier)
        weights = prof[rows, cols] * self.parent_present[rows, cols]
        dist += np.bincount(rows, weights=weights, minlength=len(prof))
        if HARD_COST:
            dist = HARD_TIE * dist + self._hard(i, frontier)
        dist = dist + KIND_COST * self._other_kind(i)
        if self.heads.any():
            c_i, c_j = self._sides(i, self.heads, significant="content")
            dist += TEXT_COST * (c_i | c_j)
        return dist

    def _other_kind(self, i: int) -> np.ndarray:
        """Units that, like unit ``i``, have :data:`ROUTE_MAJORITY` of their
        pages at kinds of file name (:func:`.routes.is_name_kind`), but share
        at most :data:`ROUTE_OVERLAP` of them with ``i``.

        A generator names its views (``group__core.html``,
        ``classFoo-members.html``): pages named alike are pooled first, so
        that the evidence of one view is gathered before it meets another. A
        group page holding a code line and a member list with no members are
        both one title and one paragraph; joined first, each drags the other
        into its own view's pool."""
        if not self.at_kinds[i]:
            return np.zeros(len(self.prof), dtype=bool)
        return self.at_kinds & self._other_name(i)

    def _kind_share(self, routes: np.ndarray) -> np.ndarray:
        """Per row of ``routes``: the share of its pages at kinds of name."""
        assert self.name_kinds is not None
        names = routes[:, self.n_routes : self.n_routes + self.name_routes]
        return names[:, self.name_kinds].sum(axis=1)

    def _name_overlap(self, i: int) -> np.ndarray:
        """Per unit: the share of its pages' name shapes it shares with unit ``i``."""
        assert self.routes is not None
        names = self.routes[:, self.n_routes : self.n_routes + self.name_routes]
        return np.minimum(names, names[i]).sum(axis=1)

    def _other_name(self, i: int, overlap: np.ndarray | None = None) -> np.ndarray:
        """Units sharing at most :data:`ROUTE_OVERLAP` of their name shapes
        with unit ``i`` (``overlap``: :meth:`_name_overlap`, when taken)."""
        return (self._name_overlap(i) if overlap is None else overlap) <= self.t_routes

    def _hard(self, i: int, frontier: np.ndarray) -> np.ndarray:
        """Per unit: items typical of one side and absent from the other."""
        cols = np.flatnonzero(frontier & self.shared)
        ch, ab, pp = self.characteristic, self.absent, self.parent_present
        hard = (ch[:, cols] & ab[i, cols]) | (ab[:, cols] & ch[i, cols])
        hard &= pp[:, cols]
        out = hard.sum(axis=1, dtype=np.float64)
        mine = np.flatnonzero(frontier & (self.owner == i) & ch[i])
        own = pp[:, mine].sum(axis=1, dtype=np.float64)
        own[i] = 0.0
        out += own
        cols, rows = self._owned_by_others(i, frontier)
        out += np.bincount(rows, weights=ch[rows, cols] & pp[rows, cols], minlength=len(out))
        return out

    def blocked(self, i: int) -> tuple[np.ndarray, np.ndarray]:
        """Units kept apart from unit ``i``, and those among them that are kept
        apart only if :meth:`exclusive` says so.

        Between units the generator names alike (:meth:`_named_alike`), what
        a table or a list lists is no witness: a directory page listing
        subfolders (a link per row) and one listing files (a name in bold and
        a link to its source), a module page whose "see also" entries name
        directives and one whose entries name modules, are one template
        listing other things. Elsewhere it stays a witness: a member table's
        rows are where a class page and a group page of one generator
        differ."""
        out, pending = self._blocked_by(i)
        alike = self._named_alike(i)
        if self.listed is not None and alike.any():
            with self._listed_as_data():
                data_out, data_pending = self._blocked_by(i)
            out = np.where(alike, data_out, out)
            pending = np.where(alike, data_pending, pending)
        return out, pending

    def _blocked_by(self, i: int) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`blocked` over the current witness masks, in either pass."""
        if self.strict:
            s_i, s_j = self._sides(i, self.every)
            return (s_i & s_j) | self._unframed(i), np.zeros(len(s_i), dtype=bool)
        out, pending = self._blocked(i)
        return out | self._unframed(i), pending

    def _unframed(self, i: int) -> np.ndarray:
        """Units on the other side of the site's layout from unit ``i``: one
        has none of the chrome nearly every page of the host has (its header,
        navigation, footer), the other has it.

        Chrome variants never make another template, but a page without any
        of the site's chrome is not drawn by the site's layout at all: an
        error page the browser fills in, a frame, a print view. What its main
        area holds then says nothing, and lacking everything it would join
        any unit, as a page lacking optional parts does."""
        out = np.zeros(len(self.prof), dtype=bool)
        if self.layout is None:
            return out
        shell = self.prof[:, self.layout]
        bare = (shell <= self.t_absent).all(axis=1)
        framed = (shell >= self.t_char).any(axis=1)
        return (bare[i] & framed) | (framed[i] & bare)

    def _named_alike(self, i: int, overlap: np.ndarray | None = None) -> np.ndarray:
        """Units that, like unit ``i``, have :data:`ROUTE_MAJORITY` of their
        pages at kinds of file name (``dir*.html``), with that share of both
        units' pages at the same ones (``overlap``: :meth:`_name_overlap`,
        when taken)."""
        if self.routes is None or self.name_kinds is None or not self.at_kinds[i]:
            return np.zeros(len(self.prof), dtype=bool)
        if overlap is None:
            overlap = self._name_overlap(i)
        return self.at_kinds & (overlap >= self.t_majority)

    @contextmanager
    def _listed_as_data(self) -> Iterator[None]:
        """Within: every witness mask without the columns of what is listed."""
        assert self.listed is not None
        names = ("evidence", "weak", "attrs", "heads", "every", "structure")
        saved = {name: getattr(self, name) for name in names}
        try:
            for name, mask in saved.items():
                if mask is not None:
                    setattr(self, name, mask & ~self.listed)
            yield
        finally:
            for name, mask in saved.items():
                setattr(self, name, mask)

    def exclusive(self, i: int, j: int, pages: np.ndarray | None = None) -> bool:
        """Do units ``i`` and ``j`` differ by parts that exclude each other:
        :data:`SUBSTANTIAL` items of established structure on one side that
        never appear on a page together with the other side's differing parts,
        which are established structure too (as many items) or rare structure
        and text that chance does not explain?

        Two templates differ by parts that exclude each other: a page is one or
        the other. Optional parts of one template (reviews, related products,
        a table of contents) come and go independently, and some pages of the
        site have them side by side; two pages that each have an optional part
        the other lacks are still one template. ``pages`` (a mask over the
        token sets of ``together``) are the pages whose testimony counts.
        """
        if self.together is None:
            return True
        if self.listed is not None and self._named_alike(i)[j]:
            with self._listed_as_data():
                return self._exclusive(i, j, pages)
        return self._exclusive(i, j, pages)

    def _exclusive(self, i: int, j: int, pages: np.ndarray | None) -> bool:
        sub_i, sub_j = self._substantial(i)
        w_i, w_j = self._sides(i, self.weak, significant=True)
        c_i, c_j = self._sides(i, self.heads, significant="content")
        if sub_i[j] and sub_j[j] and self._apart(i, j, pages, presumed=False):
            return True
        if sub_i[j] and (w_j[j] or c_j[j]) and self._apart(i, j, pages, presumed=True):
            return True
        return bool(sub_j[j] and (w_i[j] or c_i[j]) and self._apart(j, i, pages, presumed=True))

    def _apart(self, e: int, p: int, pages: np.ndarray | None, *, presumed: bool) -> bool:
        """Established structure of ``e`` that ``p`` lacks against, on ``p``'s
        side, established structure (``presumed`` false) or significant rare
        structure and text (true) that ``e`` lacks: do they exclude each other?"""
        ch, ab, seen, ev = self.characteristic, self.absent, self.parent_seen, self.evidence
        x = np.flatnonzero(ch[e] & ab[p] & seen[p] & ev)
        if not presumed:
            y = np.flatnonzero(ch[p] & ab[e] & seen[e] & ev)
        else:
            y = self._significant(p, e)
        if not len(x) or not len(y):
            return False
        apart = ~self.together.block(x, y, pages)
        if self.mass[e, x[apart.any(axis=1)]].sum() < self.t_substantial:
            return False
        if presumed:  # rare structure and text count by being there, not by mass
            return bool(apart.any())
        return bool(self.mass[p, y[apart.any(axis=0)]].sum() >= self.t_substantial)

    def _significant(self, having: int, lacking: int) -> np.ndarray:
        """Columns of rare structure and text ``having`` has and ``lacking``
        lacks that chance does not explain (as in :meth:`_any_cell`)."""
        ch, ab, seen = self.characteristic, self.absent, self.parent_seen
        out = []
        for cols_mask, mode in ((self.weak, True), (self.heads, "content")):
            if cols_mask is None:
                continue
            cols = np.flatnonzero(ch[having] & ab[lacking] & seen[lacking] & cols_mask)
            if not len(cols):
                continue
            rate = self.base_rate[cols]
            named = self.named[cols] if self.named is not None else None
            share = self.prof[having, cols]
            n_lack = self.sizes[lacking] * self._parent_share(lacking, cols)
            chance = _chance(rate, n_lack, self.sizes[having], mode, named, share, self.t_heads)
            out.append(cols[_at_most(chance, self.t_significance / len(cols))])
        return np.concatenate(out) if out else np.zeros(0, dtype=np.int64)

    def _other_view(self, i: int) -> np.ndarray:
        """Units at other views than unit ``i`` (see ``routes.route_form``: a
        product page and the review form at ``<product>/reviews/add/``, a
        listing and its items) where one side has a block of template structure
        (:data:`SUBSTANTIAL` items, kept on presumption included) that the
        other lacks. An optional section of one template is optional wherever
        the template is served, so it does not line up with a view; a second
        view's own block does."""
        n_views = self.view_routes
        if not n_views or self.routes is None:
            return np.zeros(len(self.prof), dtype=bool)
        views = self.routes[:, -n_views:]
        apart = np.minimum(views, views[i]).sum(axis=1) <= self.t_routes
        one_i, one_j = self._substantial(i, self.structure, self.mass_any)
        return apart & (one_i | one_j)

    def _blocked(self, i: int) -> tuple[np.ndarray, np.ndarray]:
        """Units kept apart from unit ``i`` (and those of them kept apart only
        by established structure against established structure, rare
        structure or text, which :meth:`exclusive` decides when the pair comes
        up for a merge).

        A difference on both sides keeps two units apart when it is made of
        established template structure on both sides, of body classes or ids on
        both sides (two page types named, unless :meth:`_kin` says one family's
        queries and nothing else differs), or of established structure on one
        side and structure too rare to judge on the other. Any other two-sided
        difference (a body class against a subtree: a template's own switch, as a
        sidebar that comes with a ``no-sidebar`` class when absent) needs the URL
        routes to differ too, and so does text against structure where the
        structure fills the text's container (:meth:`_filled_apart`). A
        one-sided difference keeps units apart only between different views
        (:meth:`_other_view`); units whose differences are all one-sided, in
        every witness, have merged before (the strict pass) wherever they are
        served.
        """
        s_i, s_j = self._sides(i, self.evidence)
        if self.weak is None:
            return s_i & s_j, np.zeros(len(s_i), dtype=bool)
        sub_i, sub_j = self._substantial(i)
        w_i, w_j = self._sides(i, self.weak, significant=True)
        a_i, a_j = self._sides(i, self.attrs)
        c_i, c_j = self._sides(i, self.heads, significant="content")
        kin = self._kin(i) & ~(s_i | s_j | w_i | w_j | c_i | c_j)
        a_i, a_j = a_i & ~kin, a_j & ~kin
        both = (sub_i & sub_j) | (sub_i & (w_j | c_j)) | ((w_i | c_i) & sub_j)
        out = a_i & a_j
        if self.routes is not None:
            routed = self.routed_apart(i)
            own_i, own_j = s_i | w_i, s_j | w_j
            out |= routed & (own_i | a_i) & (own_j | a_j)
            for k in np.flatnonzero(routed & ~out & ((own_i & c_j) | (c_i & own_j))).tolist():
                out[k] = (own_i[k] and c_j[k] and self._filled_apart(i, k)) or (
                    c_i[k] and own_j[k] and self._filled_apart(k, i)
                )
        out |= self._other_view(i)
        out |= self._one_off(i)
        if self.together is None:
            return out | both, np.zeros(len(out), dtype=bool)
        return out | both, both & ~out

    def _filled_apart(self, e: int, p: int) -> bool:
        """Does unit ``e`` have structure of its own (established or rare) in
        a container where unit ``p`` has text of its own instead, text that
        chance does not explain ``e`` lacking?

        One container, two fillings: a wiki compiler's content area holds the
        writer's paragraphs on an article and a generated list of entries on a
        tag page, with no text at all; at routes of their own, those are two
        templates, even where a page or two (an archive with a line of prose
        over the same list) show the list beside text. Text against a body
        class or against a block elsewhere on the page is not this: a
        category's description above an archive's list, which date archives
        at other routes do not print, is one archive template's option.
        """
        ch, ab, seen = self.characteristic, self.absent, self.parent_seen
        x = np.flatnonzero(ch[e] & ab[p] & seen[p] & (self.evidence | self.weak))
        if not len(x):
            return False
        text = np.flatnonzero(ch[p] & ab[e] & seen[e] & self.heads)
        y = np.intersect1d(text, self._significant(p, e))
        return bool(len(y) and np.intersect1d(self.parent_cols[x], self.parent_cols[y]).size)

    def _kin(self, i: int) -> np.ndarray:
        """Units that share with unit ``i`` a characteristic body class or id
        that most of the host's pages lack (:attr:`family_names`).

        Such a class names a family of page types, as a CMS's ``archive`` on
        its category, tag, author and date listings: between two of its units
        whose structure does not differ at all, in any witness, the classes
        they do not share (``category`` against ``tag``) name the query that
        filled one template, not two templates. A class on most of the host's
        pages (``rustdoc`` on every page of an API reference) names the site,
        and its units' other classes still name their page types. A few pages
        alike prove nothing: a site's search results print the same list as
        its archives, and only their classes tell the two templates apart.
        """
        cols = np.flatnonzero(self.family_names & self.characteristic[i])
        enough = self.family_min_pages
        if not len(cols) or self.sizes[i] < enough:
            return np.zeros(len(self.prof), dtype=bool)
        return self.characteristic[:, cols].any(axis=1) & (self.sizes >= enough)

    def routed_apart(self, i: int) -> np.ndarray:
        """Units at other URL routes than unit ``i``: sharing at most
        :data:`ROUTE_OVERLAP` of their pages' routes.

        A route is a folder and a kind of name (``std/io/struct*.html``).
        Pages at another kind of name (``trait*.html``, ``class*members.html``)
        are another view wherever they are filed. Another folder is another
        route only for a unit that lives in one: with :data:`ROUTE_MAJORITY`
        of its pages at one route (a module reference under ``mod/``, products
        under ``products/``, a lone page), against a unit that does not live
        there too. A unit spread over many folders with no route holding most
        of its pages (a class page in each of forty package folders, a struct
        in each of thirty modules) is filed by content: that another unit sits
        in another folder says nothing about it, and where its pages cover most
        of a lone class page's folder, the folder says nothing about the lone
        page either. Nor does a folder between units named alike
        (:meth:`_named_alike`, ``struct*.html`` both): the kind of name is the
        view, and the folders file entities (a module each), even where one
        unit is a lone page in a folder of its own.

        Route columns: the routes, then :attr:`name_routes` name shapes (the
        routes' last elements), then the views.
        """
        n_names = self.name_routes
        n_routes = self.n_routes
        mine = np.flatnonzero(self.routes[i, :n_routes] > 0)
        routes = self.routes[:, mine]  # the other units' shares at i's routes
        far = np.minimum(routes, self.routes[i, mine]).sum(axis=1) <= self.t_routes
        if not n_names:
            return far
        overlap = self._name_overlap(i)
        other_name = self._other_name(i, overlap)
        kept = self.kept
        majority = self.t_majority
        # i spread over folders where most of a unit's pages are, or a unit
        # spread over folders where most of i's pages are.
        covered = ((routes.sum(axis=1) >= majority) & ~kept[i]) | (
            ((routes > 0) @ self.routes[i, mine] >= majority) & ~kept
        )
        alike = self._named_alike(i, overlap)
        return far & (other_name | ((kept | kept[i]) & ~covered & ~alike))

    def _one_off(self, i: int) -> np.ndarray:
        """Units kept apart from unit ``i`` because one side's pages each carry
        a one-off block (a subtree of rare structure that no other page has)
        and lack a part that most pages have and the other side has, and
        chance explains the two together at most at :data:`SIGNIFICANCE`.

        One page can be a template of its own: an index page whose whole main
        area is a generated table, among prose pages that all have paragraphs.
        Neither witness is significant alone on a few pages (some pages carry
        a one-off block, a few lack a paragraph), but pages that carry one
        *and* lack what most pages have are both at once. The chance of
        carrying one is the host's share of such pages, so on a site whose
        writers often add one-off blocks, a page with one is not notable.

        A block that a few pages share and no other unit's pages have (two
        index pages of one kind, their table the same) is carried the same
        way by the unit that owns it (:meth:`_own_blocks`), at the host's
        share of pages in units that own one or carry a one-off block: in a
        small sample the index pages of a manual come in twos and threes, and
        their table is then on more than one page without being any less
        their own. An owned block that is another name of an element other
        units have (a one-row table's ``tr.even`` for the bare ``tr`` of
        longer tables) is that element, not a block.
        """
        k = len(self.prof)
        out = np.zeros(k, dtype=bool)
        if self.carry is None:
            return out
        one_off = self.carry >= self.t_char
        carries = one_off | self.owns_block
        lacks = self.carry <= self.t_absent
        if not carries.any() or not (carries[i] or lacks[i]):
            return out
        missing_here, missing_there = self._missing(i, self.heads | self.evidence)
        share = np.where(one_off, self.one_off_share, self.own_share)
        if carries[i]:
            chance = share[i] ** self.sizes[i] * missing_here
            out |= lacks & (missing_here < 1.0) & _at_most(chance, self.t_significance)
        if lacks[i]:
            chance = share**self.sizes * missing_there
            out |= carries & (missing_there < 1.0) & _at_most(chance, self.t_significance)
        return out

    def _missing(self, i: int, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per unit: how likely chance explains unit ``i`` lacking a part of
        ``mask`` typical of the host's pages (where its parent is, on
        :data:`CHARACTERISTIC` of them) that the unit has, and the unit lacking
        one that ``i`` has (1: no such part). The least likely part counts:
        lacking several typical parts is more evidence, not less.
        """
        k = len(self.prof)
        here, there = np.ones(k), np.ones(k)
        (rows, cols), (j_rows, j_cols) = self._cells(i, mask)
        self._least(there, rows, cols, self.sizes[rows] * self._parent_share(rows, cols))
        self._least(here, j_rows, j_cols, self.sizes[i] * self._parent_share(i, j_cols))
        return here, there

    def _parent_share(self, rows: np.ndarray | int, cols: np.ndarray) -> np.ndarray:
        """Per column of ``cols``: the share of the pages of unit ``rows``
        (one unit, or one per column) that have the column's parent (1 at
        the top level).

        Only those pages could have the item: a unit whose pages lack it
        says as much as its pages that have the place for it, and twenty
        pages without a metadata box, two of them with one, are two chances
        to show what a third of such boxes hold, not twenty."""
        share = self.prof[rows, self.parent_cols[cols]].astype(np.float64)
        return np.where(self.top[cols], 1.0, share)

    def _least(
        self, out: np.ndarray, rows: np.ndarray, cols: np.ndarray, n_lack: np.ndarray | float
    ) -> None:
        """``out[r]``: the least chance over the cells of row ``r``."""
        if len(rows):
            rate = self.base_rate[cols]
            chance = np.where(rate >= self.t_char, (1.0 - rate) ** n_lack, 1.0)
            np.minimum.at(out, rows, chance)

    def _substantial(
        self, i: int, ev: np.ndarray | None = None, mass: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Like :meth:`_sides` over established structure (or the columns
        ``ev`` with their subtree ``mass``), counting only differences of at
        least :data:`SUBSTANTIAL` items (a subtree, or several roots): a lone
        element on one side and its absence on the other is how a template's
        own branch looks (a "no directives" line where a list would be). An
        element the other side has under another name (``li.next`` against a
        bare ``li``, see :func:`.slots.renamed_pairs`) is one item, whatever
        its subtree holds."""
        if ev is None or mass is None:
            ev, mass = self.evidence, self.mass
        cols = np.flatnonzero(self.characteristic[i] & ev)
        cells = self.parent_seen[:, cols] & self.absent[:, cols]
        d_i = cells.astype(np.float64) @ mass[i, cols]
        d_i -= self._renamed_mass(i, cols, cells, mass)
        lacking = self.parent_seen[i] & ev & self.absent[i]
        cols = np.flatnonzero(lacking & self.shared)
        d_j = (self.characteristic[:, cols] * mass[:, cols]).sum(axis=1)
        d_j -= self._renamed_mass_there(i, cols, mass)
        cols, rows = self._owned_by_others(i, lacking)
        weights = self.characteristic[rows, cols] * mass[rows, cols]
        weights -= self._renamed_owned(i, cols, rows, mass)
        d_j = d_j + np.bincount(rows, weights=weights, minlength=len(d_j))
        return d_i >= self.t_substantial, d_j >= self.t_substantial

    def _renamed_mass(
        self, i: int, cols: np.ndarray, cells: np.ndarray, mass: np.ndarray
    ) -> np.ndarray:
        """Per unit: the mass beyond one item of ``i``'s differing roots (its
        ``cols``, lacking where ``cells``) that the unit has under another name
        (:func:`.slots.renamed_pairs`): a renamed element is a lone element."""
        out = np.zeros(len(self.prof))
        sel = self.ren_at[cols] >= 0
        if not sel.any():
            return out
        rc = self.ren_cols
        other = (self.characteristic[:, rc] & self.absent[i, rc]).astype(np.float32)
        partner = self.ren_partner[self.ren_at[cols[sel]]].astype(np.float32)
        renamed = ((other @ partner.T) > 0) & cells[:, sel]
        return renamed.astype(np.float64) @ np.maximum(mass[i, cols[sel]] - 1.0, 0.0)

    def _renamed_mass_there(self, i: int, cols: np.ndarray, mass: np.ndarray) -> np.ndarray:
        """Per unit: the mass beyond one item of its differing roots among
        ``cols`` (shared columns ``i`` lacks) that ``i`` has under another name."""
        out = np.zeros(len(self.prof))
        sel = self.ren_at[cols] >= 0
        if not sel.any():
            return out
        rc, mine = self.ren_cols, cols[sel]
        partner = self.ren_partner[self.ren_at[mine]] & self.characteristic[i, rc]
        renamed = (self.absent[:, rc].astype(np.float32) @ partner.T.astype(np.float32)) > 0
        renamed &= self.characteristic[:, mine]
        return (renamed * np.maximum(mass[:, mine] - 1.0, 0.0)).sum(axis=1)

    def _renamed_owned(
        self, i: int, cols: np.ndarray, rows: np.ndarray, mass: np.ndarray
    ) -> np.ndarray:
        """As :meth:`_renamed_mass_there` for columns one unit holds alone
        (cell ``n`` is unit ``rows[n]`` at ``cols[n]``)."""
        out = np.zeros(len(cols))
        sel = np.flatnonzero(self.ren_at[cols] >= 0)
        if not len(sel):
            return out
        rc = self.ren_cols
        partner = self.ren_partner[self.ren_at[cols[sel]]] & self.characteristic[i, rc]
        renamed = (partner & self.absent[rows[sel]][:, rc]).any(axis=1)
        renamed &= self.characteristic[rows[sel], cols[sel]]
        out[sel] = renamed * np.maximum(mass[rows[sel], cols[sel]] - 1.0, 0.0)
        return out

    def _sides(
        self, i: int, evidence: np.ndarray, *, significant: bool | str = False
    ) -> tuple[np.ndarray, np.ndarray]:
        """Per unit: does ``i`` have a characteristic item it lacks, and does it
        have one that ``i`` lacks (over ``evidence`` columns, at the root).

        With ``significant``, a cell counts only when the unit lacking the item
        is unlikely to lack it by chance (see :data:`SIGNIFICANCE`).
        """
        (rows, cols), (j_rows, j_cols) = self._cells(i, evidence)
        i_has = self._any_cell(None, cols, rows, significant, having=i)
        j_has = self._any_cell(i, j_cols, j_rows, significant)
        return i_has, j_has

    def _cells(
        self, i: int, mask: np.ndarray
    ) -> tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]:
        """The cells (unit rows, columns of ``mask``) where ``i`` has a
        characteristic item the unit lacks, and where the unit has one that
        ``i`` lacks. A difference counts at its root: the unit lacking the
        item has its parent."""
        cols = np.flatnonzero(self.characteristic[i] & mask)
        rows, which = np.nonzero(self.parent_seen[:, cols] & self.absent[:, cols])
        i_cells = (rows, cols[which])
        lacking = self.parent_seen[i] & mask & self.absent[i]
        cols = np.flatnonzero(lacking & self.shared)
        rows, which = np.nonzero(self.characteristic[:, cols])
        own_cols, owners = self._owned_by_others(i, lacking)
        held = self.characteristic[owners, own_cols]
        j_cells = (
            np.concatenate([rows, owners[held]]),
            np.concatenate([cols[which], own_cols[held]]),
        )
        return i_cells, j_cells

    def _any_cell(
        self,
        lacking: int | None,
        cols: np.ndarray,
        rows: np.ndarray,
        significant: bool | str,
        having: int | None = None,
    ) -> np.ndarray:
        """Units with at least one counting cell (cell ``n`` is unit ``rows[n]``
        at column ``cols[n]``).

        With ``significant``, a cell counts only when the unit lacking the item
        (``lacking``, or each row's unit when ``None``) is unlikely to lack it on
        all its pages by chance, given how often the item appears below its
        parent across the host.
        """
        k = len(self.prof)
        if not significant or not len(cols):
            return np.bincount(rows, minlength=k) > 0
        lacker = rows if lacking is None else lacking
        n_lack = self.sizes[lacker] * self._parent_share(lacker, cols)
        n_have = self.sizes[rows] if having is None else self.sizes[having]
        named = self.named[cols] if self.named is not None else None
        share = self.prof[rows if having is None else having, cols]
        chance = _chance(
            self.base_rate[cols], n_lack, n_have, significant, named, share, self.t_heads
        )
        tested = np.bincount(rows, minlength=k)[rows]
        ok = _at_most(chance, self.t_significance / tested)
        return np.bincount(rows[ok], minlength=k) > 0


def agglomerate_units(
    profiles: np.ndarray,
    sizes: np.ndarray,
    parent: np.ndarray,
    evidence: np.ndarray | None = None,
    trace: Callable[[int, int, float], None] | None = None,
    *,
    weak: np.ndarray | None = None,
    attrs: np.ndarray | None = None,
    heads: np.ndarray | None = None,
    routes: np.ndarray | None = None,
    base_rate: np.ndarray | None = None,
    view_routes: int = 0,
    params: ClusterParams | None = None,
    together: Together | None = None,
    one_off: tuple[np.ndarray, float] | None = None,
    named: np.ndarray | None = None,
    row_units: tuple[np.ndarray, np.ndarray] | None = None,
    name_routes: int = 0,
    name_kinds: np.ndarray | None = None,
    listed: np.ndarray | None = None,
    renamed: np.ndarray | None = None,
    renamed_any: np.ndarray | None = None,
    layout: np.ndarray | None = None,
    regions: np.ndarray | None = None,
) -> np.ndarray:
    """Group units (rows of ``profiles``: token frequencies over their pages).

    ``parent`` maps each token column to its parent column (-1 for top-level and
    attribute tokens). ``evidence`` marks the columns that may veto a merge (all
    by default; site chrome such as header and navigation variants should not).
    Returns a group label per unit, numbered by first member. Deterministic: ties
    go to the lowest unit indices. ``trace(i, j, distance)`` is called for every
    merge (unit ``j`` pooled into ``i``). ``params`` holds the thresholds
    (default: this module's constants). ``together`` says which evidence
    columns share a page (see :class:`Together`); without it every two-sided
    block of established structure keeps units apart. ``one_off`` is each
    unit's share of pages carrying a one-off block and the host's share of
    such pages (see :meth:`_Units._one_off`). ``named`` marks the columns that
    name themselves (see :func:`_chance`). ``row_units`` pairs each token set
    ``together`` was built from with the units (rows of ``profiles``) that
    have pages of it: then only pages of the pair's neighbourhood show that
    two parts go together (:func:`_witnesses`); without it, any page does.
    ``routes`` holds each unit's share of pages per URL route, then per name
    shape (``name_routes`` columns: see :meth:`_Units.routed_apart`; without
    them any folder difference counts), then per view (``view_routes``).
    ``name_kinds`` marks the name-shape columns that are kinds of name (see
    :meth:`_Units._other_kind`); ``listed`` the columns of what a table or
    list lists (see :meth:`_Units.blocked`); ``renamed`` the column pairs that
    are one element under two names (:func:`.slots.renamed_pairs`): as a
    difference such an element is a lone element, whatever it holds.
    ``renamed_any`` the pairs that are one element's two names whatever each
    holds (``renamed_pairs(..., same_children=False)``): an element under
    another name is no block of a unit's own (:meth:`_Units._one_off`).
    ``layout`` marks the site's chrome on nearly every page: a unit with none
    of it and a unit with it are kept apart (:meth:`_Units._unframed`).
    ``regions`` marks what the layout's regions hold (the site's chrome):
    where ``evidence`` has a region's own element, a unit lacking the region
    lacks all it holds (its subtree mass counts those columns too).

    >>> import numpy as np
    >>> parent = np.array([-1, 0, 0, -1])
    >>> prof = np.array([[1, 1, 0, 0],   # section with a table of contents
    ...                  [1, 0, 0, 0],   # section without
    ...                  [0, 0, 0, 1.]]) # another template at the top level
    >>> agglomerate_units(prof, np.array([5, 7, 3.]), parent).tolist()
    [0, 0, 1]
    """
    k = profiles.shape[0]
    if k <= 1:
        return np.zeros(k, dtype=np.int64)
    prof = np.asarray(profiles, dtype=np.float32).copy()
    sizes = np.asarray(sizes, dtype=np.float64).copy()
    top = parent < 0
    parent_cols = np.where(top, 0, parent)
    evidence = np.ones(len(parent), dtype=bool) if evidence is None else np.asarray(evidence, bool)
    if routes is not None:
        routes = np.asarray(routes, dtype=np.float64).copy()
    weak = None if weak is None else np.asarray(weak, bool) & ~evidence
    if attrs is not None:
        attrs = np.asarray(attrs, bool) & ~evidence
    if heads is not None:
        heads = np.asarray(heads, bool) & ~evidence
    units = _Units(
        prof,
        parent_cols,
        top,
        evidence,
        weak,
        attrs,
        routes,
        heads,
        sizes,
        base_rate,
        view_routes,
        params,
        together,
        None if one_off is None else (np.asarray(one_off[0], np.float64).copy(), one_off[1]),
        None if named is None else np.asarray(named, dtype=bool),
        None
        if row_units is None
        else (np.asarray(row_units[0], np.int64), np.asarray(row_units[1], np.int64)),
        name_routes,
        None if name_kinds is None else np.asarray(name_kinds, dtype=bool),
        None if listed is None else np.asarray(listed, dtype=bool),
        None if renamed is None else np.asarray(renamed, dtype=np.int64).reshape(-1, 2),
        None if renamed_any is None else np.asarray(renamed_any, dtype=np.int64).reshape(-1, 2),
        None if layout is None else np.asarray(layout, dtype=bool),
        None if regions is None else np.asarray(regions, dtype=bool),
    )
    ids = np.arange(k)
    group = np.arange(k)
    for strict in (True, False) if weak is not None else (False,):
        units.strict = strict
        ids = _agglomerate(units, ids, group, trace)
    return number_by_first_member(group)


def _witnesses(
    units: _Units,
    ids: np.ndarray,
    group: np.ndarray,
    active: np.ndarray,
    i: int,
    j: int,
    d_ij: float,
) -> np.ndarray | None:
    """The pages whose parts side by side show that units ``i`` and ``j``
    differ by optional parts (a mask over the token sets of ``together``), or
    ``None`` when every page counts.

    A page vouches for two parts being one template's options only when it is
    of the pair's neighbourhood: a page of ``i`` or ``j``, or of a unit at most
    as far (before any veto) from one of them as they are from each other. A
    page with both optional parts sits nearer to each side than the sides sit
    to each other (it lacks neither part), while a page of a third template
    that happens to use both kinds of part (a group page with a code listing
    and a member table, next to source listings and class pages) is farther
    from both than they are from each other, and says nothing about them.
    """
    if units.row_units is None or units.together is None:
        return None
    near = (units.distances(i) <= d_ij) | (units.distances(j) <= d_ij)
    near &= active
    near[[i, j]] = True
    rows, unit = units.row_units
    pages = np.zeros(units.together.n_pages, dtype=bool)
    pages[rows[np.isin(group[unit], ids[near])]] = True
    return pages


#: Merged-away rows are dropped once they are this share of the matrix.
COMPACT_SHARE = 0.5


def _agglomerate(
    units: _Units,
    ids: np.ndarray,
    group: np.ndarray,
    trace: Callable[[int, int, float], None] | None,
) -> np.ndarray:
    """Nearest first, merge the units that the veto allows (``group`` in place).

    ``ids`` are the original indices of ``units``' rows; rows stay in that
    order, so ties go to the lowest original indices whatever was dropped.
    Returns the ids of the units left (``units`` then holds only those rows).
    """
    n = len(ids)
    dist = np.full((n, n), np.inf, dtype=np.float64)
    # Pairs whose veto is decided only when they come up (see _Units.exclusive).
    pending = np.zeros((n, n), dtype=bool)
    for i in range(n):
        d, blocked, pending[i] = units.row(i)
        dist[i] = np.where(blocked & ~pending[i], np.inf, d)
    np.fill_diagonal(dist, np.inf)
    dist = np.minimum(dist, dist.T)  # symmetric by construction; guards float noise
    pending |= pending.T
    active = np.ones(n, dtype=bool)
    while True:
        n = len(active)
        flat = int(np.argmin(dist))
        i, j = divmod(flat, n)
        if not np.isfinite(dist[i, j]):
            break
        if j < i:
            i, j = j, i
        if pending[i, j]:
            pending[i, j] = pending[j, i] = False
            if units.exclusive(i, j, _witnesses(units, ids, group, active, i, j, dist[i, j])):
                dist[i, j] = dist[j, i] = np.inf
                continue
        if trace is not None:
            trace(int(ids[i]), int(ids[j]), float(dist[i, j]))
        # Pool j into i.
        prof, sizes, routes = units.prof, units.sizes, units.routes
        total = sizes[i] + sizes[j]
        prof[i] = (prof[i] * sizes[i] + prof[j] * sizes[j]) / total
        if routes is not None:
            routes[i] = (routes[i] * sizes[i] + routes[j] * sizes[j]) / total
        if units.carry is not None:
            carry = units.carry
            carry[i] = (carry[i] * sizes[i] + carry[j] * sizes[j]) / total
        sizes[i] = total
        active[j] = False
        group[group == ids[j]] = ids[i]
        units.pool_owner(i, j)
        units.refresh(i)
        dist[j, :] = np.inf
        dist[:, j] = np.inf
        pending[j, :] = pending[:, j] = False
        if n > 64 and active.sum() <= COMPACT_SHARE * n:
            keep = np.flatnonzero(active)
            units.take(keep)
            ids = ids[keep]
            dist = dist[np.ix_(keep, keep)]
            pending = pending[np.ix_(keep, keep)]
            active = np.ones(len(keep), dtype=bool)
            i = int(np.searchsorted(keep, i))
        d, blocked, pend = units.row(i)
        d = np.where((blocked & ~pend) | ~active, np.inf, d)
        d[i] = np.inf
        dist[i, :] = d
        dist[:, i] = d
        pending[i, :] = pending[:, i] = pend & active
    keep = np.flatnonzero(active)
    units.take(keep)
    return ids[keep]
