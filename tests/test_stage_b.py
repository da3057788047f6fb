"""Stage B decisions on unit profiles (token frequencies over each unit's pages)."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from page_cluster.clustering.stage_b import Together, agglomerate_units
from page_cluster.signatures.binary_rows import BinaryRows

# Columns: 0 root container, 1 its optional child (a table of contents),
# 2 another top-level container (another template), 3 child of 2,
# 4 a header variant (chrome), 5 another header variant.
PARENT = np.array([-1, 0, -1, 2, -1, -1])


def groups(profiles, sizes, evidence=None):
    return agglomerate_units(
        np.asarray(profiles, dtype=float), np.asarray(sizes, dtype=float), PARENT, evidence
    ).tolist()


def test_optional_sections_merge():
    # Same container; one unit always has the optional child, the other never.
    assert groups([[1, 1, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]], [30, 20]) == [0, 0]


def test_two_sided_differences_block():
    # Each unit has a top-level container the other never has.
    assert groups([[1, 0, 0, 0, 0, 0], [0, 0, 1, 1, 0, 0]], [30, 20]) == [0, 1]


def test_a_difference_counts_only_where_the_parent_is_present():
    # Unit 1 lacks item 1, but it also lacks its parent 0: the only root of the
    # difference on that side is item 0 itself, versus item 2 on the other side.
    assert groups([[1, 1, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0]], [5, 5]) == [0, 1]


def test_pooled_evidence_decides():
    # Units 0 and 1 differ on both sides (items 1 and 3 under shared parents),
    # but unit 2 shows both items optional; pooled with it, they stop being
    # characteristic and everything merges.
    prof = [
        [1, 1.0, 1, 0.0, 0, 0],
        [1, 0.0, 1, 1.0, 0, 0],
        [1, 0.5, 1, 0.5, 0, 0],
    ]
    assert groups(prof, [10, 10, 40]) == [0, 0, 0]


def test_chrome_variants_do_not_veto_when_excluded_from_evidence():
    prof = [[1, 0, 0, 0, 1, 0], [1, 0, 0, 0, 0, 1]]
    assert groups(prof, [10, 10]) == [0, 1]
    evidence = np.array([True, True, True, True, False, False])
    assert groups(prof, [10, 10], evidence) == [0, 0]


def test_trace_reports_every_merge_in_order():
    seen = []
    prof = np.array([[1, 1, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], [1, 0.5, 0, 0, 0, 0]], dtype=float)
    agglomerate_units(
        prof, np.array([1.0, 1, 1]), PARENT, trace=lambda i, j, d: seen.append((i, j))
    )
    assert len(seen) == 2
    assert all(i < j for i, j in seen)


def test_single_unit_and_empty():
    assert groups([[1, 0, 0, 0, 0, 0]], [3]) == [0]
    assert agglomerate_units(np.zeros((0, 6)), np.zeros(0), PARENT).tolist() == []


def _characteristic_where_absent(prof, par, evidence, a, b):
    """Unit ``a`` has an evidence item that ``b`` lacks although it has its parent."""
    from page_cluster.clustering.stage_b import ABSENT, CHARACTERISTIC

    return any(
        evidence[c] and prof[a, c] >= CHARACTERISTIC and prof[b, c] <= ABSENT and par[b, c] > ABSENT
        for c in range(prof.shape[1])
    )


def _direct_row(prof, i, parent, evidence):
    """Distances and blocks of unit ``i`` read straight from the definitions."""
    from page_cluster.clustering.stage_b import (
        ABSENT,
        CHARACTERISTIC,
        HARD_COST,
        HARD_TIE,
        PARENT_PRESENT,
    )

    def typical_where_absent(a: np.floating, b: np.floating) -> bool:
        return a >= CHARACTERISTIC and b <= ABSENT

    k, t = prof.shape
    par = np.where(parent[None, :] < 0, 1.0, prof[:, np.maximum(parent, 0)])
    dist = np.zeros(k)
    blocked = np.zeros(k, dtype=bool)
    for j in range(k):
        l1 = hard = 0.0
        for c in range(t):
            if par[i, c] >= PARENT_PRESENT and par[j, c] >= PARENT_PRESENT:
                a, b = prof[i, c], prof[j, c]  # compared in the profile's precision
                l1 += abs(float(a) - float(b))
                hard += j != i and (typical_where_absent(a, b) or typical_where_absent(b, a))
        dist[j] = HARD_TIE * l1 + hard if HARD_COST else l1
        blocked[j] = _characteristic_where_absent(prof, par, evidence, i, j) and (
            _characteristic_where_absent(prof, par, evidence, j, i)
        )
    return dist, blocked


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_unit_rows_match_the_definitions(data):
    from page_cluster.clustering.stage_b import _Units

    k = data.draw(st.integers(1, 6))
    t = data.draw(st.integers(1, 8))
    levels = st.sampled_from([0.0, 0.05, 0.1, 0.3, 0.4, 0.5, 2 / 3, 0.8, 1.0])
    prof = np.array(
        data.draw(st.lists(st.lists(levels, min_size=t, max_size=t), min_size=k, max_size=k)),
        dtype=np.float32,
    )
    parent = np.array([data.draw(st.integers(-1, c - 1)) for c in range(t)])
    evidence = np.array(data.draw(st.lists(st.booleans(), min_size=t, max_size=t)))
    units = _Units(prof.copy(), np.where(parent < 0, 0, parent), parent < 0, evidence)

    def check() -> None:
        for i in range(len(units.prof)):
            dist, blocked, pending = units.row(i)
            assert not pending.any()  # nothing waits without a Together
            want_dist, want_blocked = _direct_row(units.prof, i, parent, evidence)
            np.testing.assert_allclose(dist, want_dist, atol=1e-5)
            assert blocked.tolist() == want_blocked.tolist()

    check()
    # A merge changes one unit's profile; after its refresh every row still holds.
    i, j = data.draw(st.integers(0, k - 1)), data.draw(st.integers(0, k - 1))
    units.prof[i] = (units.prof[i] + units.prof[j]) / 2
    units.refresh(i)
    if i != j:
        # As in the agglomeration: j's page-specific columns pass to i, and
        # j's row is dropped.
        units.pool_owner(i, j)
        units.take(np.flatnonzero(np.arange(k) != j))
    check()


def _views(prof, routes, n_views):
    # Columns: 0 a container, 1 a form under it with 2 its fieldset, 3 a lone
    # element under 0, 4 text right below the container (content, a "head").
    # The form is kept on presumption (too rare to judge: a weak witness).
    parent = np.array([-1, 0, 1, 0, 0])
    heads = np.array([False, False, False, False, True])
    weak = np.array([False, True, True, False, False])
    return agglomerate_units(
        np.asarray(prof, dtype=float),
        np.array([6.0, 7.0]),
        parent,
        ~heads & ~weak,
        weak=weak,
        heads=heads,
        routes=np.asarray(routes, dtype=float),
        view_routes=n_views,
    ).tolist()


def test_a_block_that_only_one_view_has_keeps_views_apart():
    # A review form and its product page: the review view alone has the form
    # block, the product pages alone have a description (content), and the
    # two live at different route forms.
    review, product = [1, 1, 1, 0, 0], [1, 0, 0, 0, 1]
    apart = [[1, 0, 1, 0], [0, 1, 0, 1]]  # two shaped routes, then two views
    assert _views([review, product], apart, 2) == [0, 1]
    # The same differences where the view is the same: an optional section of
    # one template (different shaped routes alone do not decide).
    same_view = [[1, 0, 1, 0], [0, 1, 1, 0]]
    assert _views([review, product], same_view, 2) == [0, 0]
    # Without view columns the rule does not apply.
    assert _views([review, product], [[1, 0], [0, 1]], 0) == [0, 0]


def test_a_lone_element_at_another_view_is_no_block():
    # One optional element (not a block of structure) never decides.
    apart = [[1, 0, 1, 0], [0, 1, 0, 1]]
    assert _views([[1, 0, 0, 1, 0], [1, 0, 0, 0, 1]], apart, 2) == [0, 0]


def test_one_sided_differences_in_every_witness_merge_at_any_view():
    # Nothing on the product side: the review form is the product page plus a
    # form, and the strict pass merges such units wherever they are served.
    apart = [[1, 0, 1, 0], [0, 1, 0, 1]]
    assert _views([[1, 1, 1, 0, 0], [1, 0, 0, 0, 0]], apart, 2) == [0, 0]


# Columns: 0 a product container; 1 a reviews list under it and 2 a review in
# it; 3 related products under the container and 4 a product card in them.
OPTIONAL_PARENT = np.array([-1, 0, 1, 0, 3])
REVIEWS, RELATED = [1, 1, 1, 0, 0], [1, 0, 0, 1, 1]
REVIEWS_SET, RELATED_SET = [0, 1, 2], [0, 3, 4]


def _together(pages: list[list[int]], n: int = 5) -> Together:
    """A Together over ``n`` evidence columns from pages' token sets."""
    by_page = BinaryRows.from_rows(pages, n)
    by_column = BinaryRows.from_pairs(by_page.indices, by_page.row_ids(), n, by_page.n_rows)
    return Together(by_column, np.arange(n))


def _optional_groups(together: Together | None) -> list[int]:
    return agglomerate_units(
        np.array([REVIEWS, RELATED], dtype=float),
        np.array([1.0, 1.0]),
        OPTIONAL_PARENT,
        weak=np.zeros(5, dtype=bool),
        together=together,
    ).tolist()


def test_parts_some_page_has_side_by_side_are_optional():
    # One product page with reviews, one with related products: each has a
    # block the other lacks. A third page has both blocks, so neither excludes
    # the other: optional parts of one template.
    both = [0, 1, 2, 3, 4]
    assert _optional_groups(_together([REVIEWS_SET, RELATED_SET, both])) == [0, 0]


def test_parts_that_never_share_a_page_keep_units_apart():
    # The same two pages on a site where no page has both blocks: a page is one
    # template or the other.
    assert _optional_groups(_together([REVIEWS_SET, RELATED_SET])) == [0, 1]
    # Without the pages' token sets, every such two-sided block counts.
    assert _optional_groups(None) == [0, 1]


def test_the_roots_of_the_parts_decide():
    # A difference counts at its root (the reviews list, the related block): a
    # page with both blocks side by side relates them, whatever is inside.
    assert _optional_groups(_together([REVIEWS_SET, RELATED_SET, [0, 1, 3]])) == [0, 0]
    # More pages with one block only relate nothing.
    assert _optional_groups(_together([REVIEWS_SET, RELATED_SET, [0, 1], [0, 3, 4]])) == [0, 1]


# A page of a third template that happens to use both kinds of part: a group
# page with a code listing and a member table, next to listings and classes.
# Columns: 0 main, 1-2 reviews, 3-4 related products, 5-7 the third
# template's own blocks, 8-9 the product article.
THIRD_PARENT = np.array([-1, 0, 1, 0, 3, -1, -1, -1, -1, 8])
THIRD_PAGES = [[0, 1, 2, 8, 9], [0, 3, 4, 8, 9], [0, 1, 2, 3, 4, 5, 6, 7]]


def _third_groups(pages: list[list[int]], page_unit: list[int] | None) -> list[int]:
    prof = np.zeros((len(pages), 10))
    for u, cols in enumerate(pages):
        prof[u, cols] = 1.0
    return agglomerate_units(
        prof,
        np.ones(len(pages)),
        THIRD_PARENT,
        weak=np.zeros(10, dtype=bool),
        together=_together(pages, 10),
        row_units=None if page_unit is None else (np.arange(len(pages)), np.array(page_unit)),
    ).tolist()


def test_only_pages_near_the_pair_show_that_parts_go_together():
    # The third page has reviews and related products side by side, but it is
    # farther from each product page than they are from each other: it says
    # nothing about them, and the two product pages stay apart.
    assert _third_groups(THIRD_PAGES, [0, 1, 2]) == [0, 1, 2]
    # Read from every page of the site, it would have joined them.
    assert _third_groups(THIRD_PAGES, None) == [0, 0, 1]
    # A product page with both parts is nearer to each than they are to each
    # other, and vouches for them.
    both = [0, 1, 2, 3, 4, 8, 9]
    assert _third_groups([*THIRD_PAGES, both], [0, 1, 2, 3]) == [0, 0, 1, 0]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(0, 7), max_size=8), min_size=1, max_size=12), st.data())
def test_together_answers_the_same_from_its_table_and_per_pair(pages, data):
    from page_cluster.clustering import stage_b

    by_page = BinaryRows.from_rows(pages, 8)
    by_column = BinaryRows.from_pairs(by_page.indices, by_page.row_ids(), 8, by_page.n_rows)
    x = np.array(data.draw(st.lists(st.integers(0, 7), min_size=1, max_size=4)))
    y = np.array(data.draw(st.lists(st.integers(0, 7), min_size=1, max_size=4)))
    table = Together(by_column, np.arange(8)).block(x, y)
    want = np.array([[any(a in p and b in p for p in pages) for b in y] for a in x])
    assert table.tolist() == want.tolist()
    old = stage_b.TOGETHER_DENSE_MAX
    stage_b.TOGETHER_DENSE_MAX = 0
    try:
        assert Together(by_column, np.arange(8)).block(x, y).tolist() == want.tolist()
    finally:
        stage_b.TOGETHER_DENSE_MAX = old
    # Asked about some pages only (the witnesses of one pair).
    mask = np.array(data.draw(st.lists(st.booleans(), min_size=len(pages), max_size=len(pages))))
    some = [p for p, keep in zip(pages, mask.tolist(), strict=True) if keep]
    want = np.array([[any(a in p and b in p for p in some) for b in y] for a in x])
    assert Together(by_column, np.arange(8)).block(x, y, mask).tolist() == want.tolist()


def _presumed_groups(pages: list[list[int]]) -> list[int]:
    # Columns: 0 a container; 1 an established block under it and 2 its child;
    # 3 a rare form under it (kept on presumption: a weak witness), common
    # enough below its parent that ten pages all lacking it is no chance.
    return agglomerate_units(
        np.array([[1, 1, 1, 0], [1, 0, 0, 1]], dtype=float),
        np.array([10.0, 10.0]),
        np.array([-1, 0, 1, 0]),
        np.array([True, True, True, False]),
        weak=np.array([False, False, False, True]),
        base_rate=np.array([1.0, 0.5, 0.5, 0.5]),
        together=_together(pages, 4),
    ).tolist()


def test_a_block_against_rare_structure_needs_them_exclusive_too():
    # A block of established structure on one side, a rare form on the other:
    # two templates when no page has both, optional parts when one does.
    assert _presumed_groups([[0, 1, 2], [0, 3]]) == [0, 1]
    assert _presumed_groups([[0, 1, 2], [0, 3], [0, 1, 2, 3]]) == [0, 0]


def _product_page(rng, k: int, *, reviews: bool, related: bool) -> dict:
    blocks = ["<p>a</p>", "<ul><li>b</li></ul>", "<table><tr><td>c</td></tr></table>", "<h2>d</h2>"]
    body = "".join(rng.sample(blocks, rng.randint(1, 4)))
    parts = ""
    if reviews:
        parts += '<section class="reviews"><h2>Reviews</h2><ol class="review-list">'
        parts += '<li class="review"><p>good</p></li>' * rng.randint(1, 3) + "</ol></section>"
    if related:
        parts += '<aside class="related"><h2>See also</h2><ul class="cards">'
        parts += '<li class="card"><a href="/p/x/">x</a></li>' * rng.randint(2, 4) + "</ul></aside>"
    html = (
        '<html><head><link rel="stylesheet" href="/s.css"></head><body>'
        '<header class="top"><a href="/">Shop</a></header><main>'
        f'<div class="product"><h1>P{k}</h1><div class="description">{body}</div>{parts}</div>'
        "</main><footer><p>f</p></footer></body></html>"
    )
    return {"id": f"https://shop.test/p/{k}/", "html": html, "stylesheetHrefs": ["/s.css"]}


def test_product_pages_with_optional_parts_side_by_side_on_one_page_are_one_cluster():
    # Twenty product pages have reviews, twenty recommendations, one has both:
    # the two blocks are optional parts of one template, not two templates.
    import random

    from page_cluster.api.resolve import run_clustering

    rng = random.Random(7)
    pages = [_product_page(rng, k, reviews=True, related=False) for k in range(20)]
    pages += [_product_page(rng, 20 + k, reviews=False, related=True) for k in range(20)]
    pages.append(_product_page(rng, 40, reviews=True, related=True))
    assert len(set(run_clustering(pages).page_keys)) == 1
    # Without that page the blocks never share one: two templates.
    assert len(set(run_clustering(pages[:40]).page_keys)) == 2


# A generated manual: 0 body, 1 the node's div, 2 a paragraph in it (on most
# pages), 3 a class-named table in it and 4 its rows (one page only: a one-off
# block, kept on presumption).
MANUAL_PARENT = np.array([-1, 0, 1, 1, 3])
MANUAL_WEAK = np.array([False, False, False, True, True])
MANUAL_RATE = np.array([1.0, 1.0, 0.95, 0.05, 1.0])


def manual_groups(share: float, carry: list[float]) -> list[int]:
    prof = np.array([[1, 1, 1, 0, 0], [1, 1, 0, 1, 1]], dtype=float)
    return agglomerate_units(
        prof,
        np.array([19.0, 1.0]),
        MANUAL_PARENT,
        weak=MANUAL_WEAK,
        base_rate=MANUAL_RATE,
        one_off=(np.asarray(carry), share),
    ).tolist()


def test_a_page_with_a_one_off_block_and_no_paragraph_is_its_own_template():
    # One page in twenty carries a one-off block; it also lacks the paragraph
    # that 95% of pages have: 0.05 x 0.05 is beyond chance.
    assert manual_groups(0.05, [0.0, 1.0]) == [0, 1]


def test_one_off_blocks_are_not_notable_where_many_pages_carry_one():
    # Half the site's pages carry a one-off block of their own: one more,
    # without a paragraph, is content variation.
    assert manual_groups(0.5, [0.0, 1.0]) == [0, 0]


def test_without_the_one_off_witness_a_missing_paragraph_alone_merges():
    assert manual_groups(0.05, [0.0, 0.0]) == [0, 0]


def owned_groups(rate: float, sizes: list[float], alike: bool = False) -> list[int]:
    """The manual above, but the class-named table is on every page of a
    small unit (two pages of each index kind) and on no other unit's pages:
    no page carries a one-off block, the unit owns one."""
    n = len(sizes)
    prof = np.array([[1, 1, 1, 0, 0]] + [[1, 1, 0, 1, 1]] * (n - 1), dtype=float)
    # Each small unit's table is its own (columns 3 and 4 per unit).
    prof = np.hstack(
        [prof[:, :3]] + [np.where(np.arange(n)[:, None] == u, prof[:, 3:], 0) for u in range(1, n)]
    )
    parent = np.concatenate([[-1, 0, 1], *[[1, 3 + 2 * (u - 1)] for u in range(1, n)]])
    weak = np.concatenate([[False] * 3, [True, True] * (n - 1)])
    base = np.concatenate([[1.0, 1.0, rate], [0.05, 1.0] * (n - 1)])
    return agglomerate_units(
        prof,
        np.asarray(sizes),
        parent,
        ~weak,
        weak=weak,
        base_rate=base,
        one_off=(np.zeros(n), 0.0),
        renamed_any=np.array([[2, 3], [3, 2]]) if alike else None,
    ).tolist()


def test_a_few_pages_sharing_a_block_no_other_page_has_and_no_paragraph_are_a_template():
    # Two index pages among twenty share a generated table no other page has
    # and lack the paragraph 95% of the pages have: neither is a one-off, and
    # the table alone is an optional block; both at once are beyond chance.
    assert owned_groups(0.95, [18.0, 2.0]) == [0, 1]


def test_owned_blocks_are_not_notable_where_most_pages_are_in_units_owning_one():
    # Every small unit owns a block of its own and they are most of the site
    # (own share 0.8): lacking a paragraph on 80% of the pages is chance.
    assert owned_groups(0.8, [4.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0]) == [0] * 9
    # ... while on a site where they are rare it is not.
    assert owned_groups(0.8, [40.0, 2.0]) == [0, 1]


def test_an_owned_block_that_renames_an_element_others_have_is_that_element():
    # The small unit's "block" is the bare element of the others under another
    # name (a one-row table's ``tr.even`` for the ``tr`` of longer ones): one
    # element, not a block of its own beside a missing part.
    assert owned_groups(0.95, [18.0, 2.0], alike=True) == [0, 0]


def _manual_page(k: int, kind: str | None) -> dict:
    """A generated manual's node: navigation, a heading, then prose, or for an
    index node a generated index table of its kind and no prose."""
    if kind is None:
        body = "".join(f"<p>Paragraph {k}.{j} of the node.</p>" for j in range(1 + k % 3))
        if k % 4 == 0:
            body += '<pre class="example">x = 1</pre>'
    else:
        rows = "".join(
            f'<tr><td></td><td><a href="n{j}.html#i{j}">entry {j}</a>:</td>'
            f'<td><a href="n{j}.html">Node {j}</a></td></tr>'
            for j in range(3 + k % 5)
        )
        body = (
            '<table><tr><th>Jump to:</th><td><a class="summary-letter" href="#A">A</a></td>'
            f'</tr></table><table class="index-{kind}">{rows}</table>'
        )
    html = (
        '<html><head><link rel="stylesheet" href="/m.css"></head><body>'
        f'<div class="section" id="n{k}"><div class="header"><p>Next: '
        f'<a href="n{k + 1}.html" rel="next">Node {k + 1}</a></p></div><hr>'
        f'<h3 class="section">Node {k}</h3>{body}</div></body></html>'
    )
    return {"id": f"https://manual.test/n{k}.html", "html": html}


def test_a_manuals_index_nodes_are_apart_from_its_prose_nodes_in_a_small_sample():
    # Thirty prose nodes and three index nodes (two of one index, one of
    # another): the two that share a table no prose node has are a template
    # with the third, not optional blocks of the prose nodes.
    from page_cluster.api.resolve import run_clustering

    pages = [_manual_page(k, None) for k in range(30)]
    pages += [_manual_page(30, "cp"), _manual_page(31, "cp"), _manual_page(32, "fn")]
    keys = run_clustering(pages).page_keys
    assert len(set(keys[:30])) == 1
    assert len(set(keys[30:])) == 1
    assert keys[0] != keys[30]


# A generated reference: 0 body, 1 the contents area, 2 a code listing right
# below it (content: a head, on 40% of the host's pages), 3 a text block and
# 4 its list (template structure, a subtree of two items).
LISTING_PARENT = np.array([-1, 0, 1, 1, 3])
LISTING_HEADS = np.array([False, False, True, False, False])
LISTING_RATE = np.array([1.0, 1.0, 0.4, 0.5, 1.0])


def listing_groups(named: list[bool] | None) -> list[int]:
    prof = np.array([[1, 1, 1, 0, 0], [1, 1, 0, 1, 1]], dtype=float)
    return agglomerate_units(
        prof,
        np.array([6.0, 6.0]),
        LISTING_PARENT,
        ~LISTING_HEADS,
        heads=LISTING_HEADS,
        weak=np.zeros(5, dtype=bool),
        base_rate=LISTING_RATE,
        named=None if named is None else np.array(named),
    ).tolist()


def test_a_named_block_of_content_on_every_page_of_a_unit_is_its_template():
    # Six source listings, each a div.fragment, against six class pages with a
    # text block: a generator's named block that comes with its template
    # (0.4 ** 6 is beyond chance), against the other side's structure.
    assert listing_groups([False, False, True, False, False]) == [0, 1]


def test_unnamed_content_counts_only_by_its_absence():
    # A writer's table (no name) on every page of a unit is content variation.
    assert listing_groups([False] * 5) == [0, 0]
    assert listing_groups(None) == [0, 0]


def _filed(a_routes, b_routes, a_name=(1, 0), b_name=(1, 0), name_kinds=None):
    # Two units that differ by one lone element each (1 against 2 under the
    # container 0): too small to decide alone, so the URL routes decide. Route
    # columns: the routes (a folder and a kind of name each), then two name
    # shapes (no views).
    routes = np.array([[*a_routes, *a_name], [*b_routes, *b_name]], dtype=float)
    return agglomerate_units(
        np.array([[1, 1, 0], [1, 0, 1]], dtype=float),
        np.array([8.0, 2.0]),
        np.array([-1, 0, 0]),
        weak=np.zeros(3, dtype=bool),
        routes=routes,
        name_routes=2,
        name_kinds=name_kinds,
    ).tolist()


def test_a_template_spread_over_folders_is_filed_by_content():
    # A class page in each of four package folders, and two class pages in
    # one of them: the folder files content, it does not route another view.
    assert _filed([0.25, 0.25, 0.25, 0.25], [1, 0, 0, 0]) == [0, 0]
    # A folder where the spread unit has no page is still another route.
    assert _filed([0.5, 0.5, 0, 0], [0, 0, 0, 1]) == [0, 1]


def test_a_unit_kept_in_one_folder_is_routed_there():
    # Nearly every page of the first unit in one section (products/), the
    # other unit in a section where it has one page in twenty (collections/).
    assert _filed([0.95, 0.05, 0, 0], [0, 1, 0, 0]) == [0, 1]


def test_another_kind_of_name_is_another_route_wherever_filed():
    # Routes: ``struct*.html`` in four folders, then ``trait*.html`` in the
    # first. The spread unit has one page in 25 at the trait name, in a folder
    # where every page of the other unit is: the folders say nothing, the
    # names do.
    spread = [0.24, 0.24, 0.24, 0.24, 0.04]
    assert _filed(spread, [0, 0, 0, 0, 1], a_name=(0.96, 0.04), b_name=(0, 1)) == [0, 1]


def test_units_named_alike_are_one_view_wherever_filed():
    # A lone page in a folder no page of the other unit is in: another route,
    # unless both are named by the same kind of name (``struct*.html``):
    # then the folders file entities (a module each), not views.
    spread, lone = [0.5, 0.5, 0, 0], [0, 0, 0, 1]
    assert _filed(spread, lone, name_kinds=np.array([False, False])) == [0, 1]
    assert _filed(spread, lone, name_kinds=np.array([True, False])) == [0, 0]
    # Named by other kinds, they stay apart wherever they are filed.
    kinds = np.array([True, True])
    assert _filed(spread, lone, b_name=(0, 1), name_kinds=kinds) == [0, 1]


def _pooled_first(name_kinds):
    # A small unit (the page title alone) is a structural subset of two units
    # that differ on both sides (a subtree each: 1-2 and 3-4), so whichever it
    # joins first keeps it. It is as far from both. Route columns: a route
    # each for (A, C) and for B, then two name shapes: A and C at one, B at
    # the other.
    prof = np.array(
        [[1, 0, 0, 0, 0], [1, 1, 1, 0, 0], [1, 0, 0, 1, 1]],
        dtype=float,
    )
    routes = np.array([[1, 0, 1, 0], [0, 1, 0, 1], [1, 0, 1, 0]], dtype=float)
    return agglomerate_units(
        prof,
        np.array([2.0, 8.0, 8.0]),
        np.array([-1, 0, 1, 0, 3]),
        weak=np.zeros(5, dtype=bool),
        routes=routes,
        name_routes=2,
        name_kinds=name_kinds,
    ).tolist()


def test_units_named_alike_pool_first():
    # Kinds of name (``group*.html`` for A and C, ``class*members.html`` for
    # B): A joins C, the unit its generator named alike.
    assert _pooled_first(np.array([True, True])) == [0, 1, 0]
    # Plain names (``*.html``) name no kind: the tie goes to the lowest index.
    assert _pooled_first(np.array([False, False])) == [0, 0, 1]
    assert _pooled_first(None) == [0, 0, 1]


def _listing(listed):
    # Columns: 0 page, 1 table, 2 row, 3 cell; in the cell 4 a link, 5 a name
    # in bold and 6 a plain link to its source; 7-9 a description, a rule and
    # a source list. Units: A lists files (a bold name and a source link per
    # row), B lists folders (a link per row), C is a class page: a link per
    # row and the three parts besides. A and B live at one kind of name
    # (``dir*.html``), C at another. B is a structural subset of C; it
    # differs from A only inside the cells.
    prof = np.array(
        [
            [1, 1, 1, 1, 0, 1, 1, 0, 0, 0],
            [1, 1, 1, 1, 1, 0, 0, 0, 0, 0],
            [1, 1, 1, 1, 1, 0, 0, 1, 1, 1],
        ],
        dtype=float,
    )
    routes = np.array([[1, 0, 1, 0], [1, 0, 1, 0], [0, 1, 0, 1]], dtype=float)
    return agglomerate_units(
        prof,
        np.array([10.0, 4.0, 14.0]),
        np.array([-1, 0, 1, 2, 3, 3, 3, 0, 0, 0]),
        weak=np.zeros(10, dtype=bool),
        routes=routes,
        name_routes=2,
        name_kinds=np.array([True, True]),
        listed=listed,
    ).tolist()


LISTED = np.array([False, False, False, False, True, True, True, False, False, False])


def test_what_a_table_lists_is_data_between_units_named_alike():
    # The folder pages are one template whatever their rows list.
    assert _listing(LISTED) == [0, 0, 1]
    # Read as structure, the cells part the two kinds of folder page, and the
    # folders of folders go with the class pages they are a subset of.
    assert _listing(None) == [0, 1, 1]


def test_what_a_table_lists_stays_a_witness_between_units_named_otherwise():
    # Files and folders listed at two kinds of name: what the cells hold
    # keeps the pages apart.
    prof = np.array([[1, 1, 1, 1, 0, 1, 1], [1, 1, 1, 1, 1, 0, 0]], dtype=float)
    routes = np.array([[1, 0, 1, 0], [0, 1, 0, 1]], dtype=float)
    labels = agglomerate_units(
        prof,
        np.array([10.0, 10.0]),
        np.array([-1, 0, 1, 2, 3, 3, 3]),
        weak=np.zeros(7, dtype=bool),
        routes=routes,
        name_routes=2,
        name_kinds=np.array([True, True]),
        listed=LISTED[:7],
    ).tolist()
    assert labels == [0, 1]


def _nearest_first(listing_named: bool) -> list[int]:
    # Columns: 0 page, 1 a paragraph, 2 a member table with 3 its rows, 4 a
    # code listing (content below kept structure, not kept itself: a head). Units:
    # E, member lists with no members (the paragraph alone); L, member lists
    # (the table); G, group pages holding a code listing. E and L live at one
    # kind of file name (``class*members.html``), G at another
    # (``group*.html``). E is a structural subset of both.
    prof = np.array([[1, 1, 0, 0, 0], [1, 1, 1, 1, 0], [1, 1, 0, 0, 1]], dtype=float)
    routes = np.array([[1, 0, 1, 0], [1, 0, 1, 0], [0, 1, 0, 1]], dtype=float)
    heads = np.array([False, False, False, False, True])
    return agglomerate_units(
        prof,
        np.array([2.0, 10.0, 8.0]),
        np.array([-1, 0, 0, 2, 0]),
        ~heads,
        heads=heads,
        weak=np.zeros(5, dtype=bool),
        base_rate=np.array([1.0, 1.0, 0.5, 1.0, 0.3]),
        named=np.array([False, False, True, False, listing_named]),
        routes=routes,
        name_routes=2,
        name_kinds=np.array([True, True]),
    ).tolist()


def test_a_significant_named_block_weighs_in_the_nearest_first_order():
    # A named listing on every group page is beyond chance (0.3 ** 8): it is
    # as much a difference as the member table, so the empty member lists
    # pool with the member lists, named alike, and the group pages stay apart
    # (their listing against the table).
    assert _nearest_first(listing_named=True) == [0, 0, 1]


def test_a_writers_unnamed_block_does_not_weigh_in_the_order():
    # The same block unnamed is a writer's content (a table here and there):
    # it neither orders the merges nor keeps the units apart.
    assert _nearest_first(listing_named=False) == [0, 0, 0]


# Columns: 0 main, 1 main>ul (a pager), 2 its bare item (two links: the
# items keep only the classes they share), 3 the item's link, 4 the same
# item named (one link: ``li.next``), 5 its link, 6 a tag list, 7 its link.
PAGER_PARENT = np.array([-1, 0, 1, 2, 1, 4, 0, 6])
PAGER_POSTS = [1, 1, 1, 1, 0, 0, 1, 1]
FIRST_POST = [1, 1, 0, 0, 1, 1, 0, 0]


def _pager_groups(renamed):
    return agglomerate_units(
        np.array([PAGER_POSTS, FIRST_POST], dtype=float),
        np.array([30.0, 2.0]),
        PAGER_PARENT,
        weak=np.zeros(len(PAGER_PARENT), dtype=bool),
        renamed=renamed,
    ).tolist()


def test_a_renamed_element_is_a_lone_element_whatever_it_holds():
    # The oldest posts' pager holds one link, printed ``li.next`` where the
    # other posts print a bare ``li`` for two; they have no tags either. The
    # renamed item with its link is a lone element each side, so what is
    # left is the tag list on one side only: one template.
    assert _pager_groups(np.array([[2, 4], [4, 2]])) == [0, 0]


def test_without_the_rename_the_item_is_a_block_each_side():
    # Read as two elements, each side has a block of two items of its own.
    assert _pager_groups(None) == [0, 1]


def _classed(prof, sizes):
    # Columns: 0 the listing container, 1 an optional description under it,
    # then body classes: 2 "archive", 3 "category", 4 "tag", 5 "site" (on
    # every page), 6 "single", 7 "struct", 8 "enum".
    parent = np.array([-1, 0, -1, -1, -1, -1, -1, -1, -1])
    attrs = np.array([False, False] + [True] * 7)
    return agglomerate_units(
        np.asarray(prof, dtype=float),
        np.asarray(sizes, dtype=float),
        parent,
        ~attrs,
        weak=np.zeros(9, dtype=bool),
        attrs=attrs,
    ).tolist()


# Category and tag listings: the same markup, both "archive" (a class most
# pages lack), each its own query class; posts are another page type.
CATEGORY = [1, 0, 1, 1, 0, 1, 0, 0, 0]
TAG = [1, 0, 1, 0, 1, 1, 0, 0, 0]
POSTS = [1, 0, 0, 0, 0, 1, 1, 0, 0]


def test_one_familys_queries_on_one_markup_are_one_template():
    assert _classed([CATEGORY, TAG, POSTS], [20, 30, 60]) == [0, 0, 1]


def test_page_types_named_beside_a_site_wide_class_stay_apart():
    # "site struct" against "site enum": the shared class is on every page.
    struct = [1, 0, 0, 0, 0, 1, 0, 1, 0]
    enum = [1, 0, 0, 0, 0, 1, 0, 0, 1]
    assert _classed([struct, enum], [20, 20]) == [0, 1]


def test_a_family_whose_members_differ_in_structure_keeps_its_names():
    # The category listings also carry a description the tag listings never
    # have: the names and the structure differ together.
    described = [1, 1, *CATEGORY[2:]]
    assert _classed([described, TAG, POSTS], [20, 30, 60]) == [0, 1, 2]


def test_a_few_pages_alike_do_not_make_a_family_one_template():
    # Three search-result pages print the archive's list: on three pages the
    # same structure proves nothing, and their classes still name them.
    assert _classed([CATEGORY, TAG, POSTS], [20, 3, 60]) == [0, 1, 2]
    assert _classed([CATEGORY, TAG, POSTS], [20, 7, 60]) == [0, 0, 1]


def _boxed_groups(box_share: float) -> list[int]:
    # Columns: 0 the content area; 1 a code listing in it and 2 its child; 3
    # a metadata box in it; 4 a rare form inside the box (kept on
    # presumption), on a third of the pages that have the box. Nineteen pages
    # have the listing and the box on ``box_share`` of them; one page has the
    # box and the form in it and no listing; no page has the listing and the
    # form together.
    return agglomerate_units(
        np.array([[1, 1, 1, box_share, 0], [1, 0, 0, 1, 1]], dtype=float),
        np.array([19.0, 1.0]),
        np.array([-1, 0, 1, 0, 3]),
        np.array([True, True, True, True, False]),
        weak=np.array([False, False, False, False, True]),
        base_rate=np.array([1.0, 0.95, 1.0, 0.15, 1 / 3]),
        together=_together([[0, 1, 2], [0, 1, 2, 3], [0, 3, 4]], 5),
    ).tolist()


def test_lacking_a_rare_form_counts_only_on_the_pages_that_have_its_box():
    # Pages without the box cannot have what goes in it: nineteen pages
    # lacking the form say no more than the two of them that have the box,
    # and two pages lacking what a third of boxes hold is chance. The lone
    # page is the same template with a listing less.
    assert _boxed_groups(2 / 19) == [0, 0]
    # Where nearly every page has the box, all of them lacking the form is
    # no chance: a block against a form no page has beside it, two templates.
    assert _boxed_groups(18 / 19) == [0, 1]


def test_a_unit_without_any_of_the_sites_layout_stays_apart() -> None:
    # Columns: 0 the layout's header (chrome, not evidence), 1 the content
    # area and 2 an optional block in it. A unit of pages with the header and
    # a unit of one page with nothing at all: one-sided, so they merge,
    # unless the header is the site's layout, which the second never has.
    prof = np.array([[1.0, 1.0, 0.5], [0.0, 0.0, 0.0]])
    parent = np.array([-1, -1, 1])
    evidence = np.array([False, True, True])
    assert agglomerate_units(prof, np.array([12.0, 1.0]), parent, evidence).tolist() == [0, 0]
    layout = np.array([True, False, False])
    kept = agglomerate_units(prof, np.array([12.0, 1.0]), parent, evidence, layout=layout)
    assert kept.tolist() == [0, 1]


def test_a_rare_block_at_exactly_the_significance_level_vetoes_as_it_counts() -> None:
    # Columns: 0 the content area; 1-3 a parameters block (established);
    # 4 a members table, named and kept on presumption, on two pages of the
    # host's twenty (a tenth). Both pages of the second unit have it: 0.1 ** 2
    # is the 1% level itself. The veto reads the table as significant, so the
    # merge test must too: no page has the block and the table together.
    kept = agglomerate_units(
        np.array([[1, 1, 1, 1, 0], [1, 0, 0, 0, 1]], dtype=float),
        np.array([8.0, 2.0]),
        np.array([-1, 0, 1, 2, 0]),
        np.array([True, True, True, True, False]),
        weak=np.array([False, False, False, False, True]),
        named=np.array([False, False, False, False, True]),
        base_rate=np.array([1.0, 0.8, 1.0, 1.0, 0.1]),
        together=_together([[0, 1, 2, 3], [0, 4]], 5),
    )
    assert kept.tolist() == [0, 1]
