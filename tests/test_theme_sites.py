"""Small sites written the way real themes render them (see ``tests/theme_sites``).

Where the engine gets a site exactly right, the partition is pinned: same
template, same cluster, and nothing else. Where it still splits a template
(optional product parts, docs pages with and without a sidebar), it must at
least never put two templates in one cluster.
"""

from __future__ import annotations

import pytest

from page_cluster.api.resolve import run_clustering

from .theme_sites import SITES


def _partition(labels: list[str]) -> set[frozenset[int]]:
    groups: dict[str, set[int]] = {}
    for i, label in enumerate(labels):
        groups.setdefault(label, set()).add(i)
    return {frozenset(g) for g in groups.values()}


def _cluster(site: str, seed: int) -> tuple[list[str], list[str]]:
    pages = SITES[site](seed)
    records = [record for record, _ in pages]
    keys = list(run_clustering(records).page_keys)
    return keys, [label for _, label in pages]


EXACT = [
    ("jekyll_minima", 0),
    ("jekyll_minima", 1),
    ("main_only", 0),
    ("main_only", 1),
    ("main_only_wrapped", 0),
    ("main_only_wrapped", 1),
    ("spa_hashed", 0),
    ("shop_sections", 0),
    ("shop_sections", 1),
    ("docs_theme", 0),
    ("docs_theme", 1),
    ("classless_blog", 0),
]

PURE = [
    ("wordpress_classic", 0),
    ("wordpress_classic", 1),
    ("wordpress_blocks", 0),
    ("wordpress_blocks", 1),
    ("tiny_small", 0),
    ("tiny_small", 1),
    ("spa_hashed", 1),
]


@pytest.mark.parametrize(("site", "seed"), EXACT)
def test_theme_site_partition_is_exactly_its_templates(site: str, seed: int) -> None:
    keys, labels = _cluster(site, seed)
    assert _partition(keys) == _partition(labels)


@pytest.mark.parametrize(("site", "seed"), PURE)
def test_theme_site_clusters_never_mix_templates(site: str, seed: int) -> None:
    keys, labels = _cluster(site, seed)
    mixed = {k for k in keys if len({t for kk, t in zip(keys, labels, strict=True) if kk == k}) > 1}
    assert not mixed
    assert len(set(keys)) >= len(set(labels))


def test_templates_differing_directly_under_main_are_told_apart() -> None:
    # Listing, article and inquiry form share header and footer and differ
    # only in the first element inside <main>, mirrored under /en/ /ja/ /fr/.
    keys, labels = _cluster("main_only", 0)
    for template in set(labels):
        others = {k for k, t in zip(keys, labels, strict=True) if t != template}
        mine = {k for k, t in zip(keys, labels, strict=True) if t == template}
        assert not mine & others


@pytest.mark.parametrize("seed", [0, 1])
def test_posts_and_listings_of_a_classless_blog_are_apart(seed: int) -> None:
    # Nothing is named: a post's paragraphs sit straight in its article, a
    # listing's in each summary's section. The posts' text is on fewer than
    # half the pages with an article, and its absence from every listing is
    # still no accident.
    keys, labels = _cluster("classless_blog", seed)
    posts = {k for k, t in zip(keys, labels, strict=True) if t == "post"}
    listings = {k for k, t in zip(keys, labels, strict=True) if t == "listing"}
    assert len(posts) == 1
    assert not posts & listings


@pytest.mark.parametrize("seed", [0, 1])
def test_two_views_of_one_product_are_two_templates(seed: int) -> None:
    # A product's page and its review form below it share the product summary;
    # the form is the review view's own block and the description is optional.
    # Each is exactly one cluster, whatever optional parts the products have.
    keys, labels = _cluster("shop_views", seed)
    for template in ("detail", "review_form", "category"):
        mine = {k for k, t in zip(keys, labels, strict=True) if t == template}
        assert len(mine) == 1, template
        assert all(t == template for k, t in zip(keys, labels, strict=True) if k in mine)


def _published_under(records: list[dict], folders: list[str]) -> list[dict]:
    """The same pages served below ``folders`` (paths, stylesheets and ids)."""
    prefix = "/" + "/".join(folders)
    moved = []
    for record in records:
        r = dict(record)
        r["paths"] = folders + [p for p in record.get("paths", []) if p]
        r["stylesheetHrefs"] = [
            prefix + h if h.startswith("/") else h for h in record.get("stylesheetHrefs", [])
        ]
        r["id"] = f"{record['id']}#{prefix}"
        moved.append(r)
    return moved


@pytest.mark.parametrize("site", ["shop_views", "hugo_tailwind", "docs_theme", "main_only"])
def test_the_folder_a_site_is_published_in_does_not_change_its_partition(site):
    # Positions along the path (a language axis, literal route folders) are
    # counted below the folders every page shares: /api/ or /docs/java/api/.
    pages = SITES[site](0)
    records = [record for record, _ in pages]
    one = list(run_clustering(_published_under(records, ["api"])).page_keys)
    three = list(run_clustering(_published_under(records, ["docs", "java", "api"])).page_keys)
    assert _partition(one) == _partition(three)


def test_a_default_language_at_the_root_changes_nothing_but_the_axis() -> None:
    # The same mirrored site with its English copy at the root (``/products/``
    # beside ``/ja/products/``), as generators keep a default language: the
    # axis names the root as one more copy and the partition is exact still.
    from page_cluster.clustering.mirror_axis import detect_mirror_axis

    def at_root(record: dict) -> dict:
        if record["paths"][:1] != ["en"]:
            return record
        return {**record, "id": record["id"].replace("/en/", "/", 1), "paths": record["paths"][1:]}

    pages = SITES["main_only"](0)
    records = [at_root(record) for record, _ in pages]
    axis = detect_mirror_axis([r["paths"] for r in records])
    assert axis is not None and axis.at_root and axis.values == {"ja", "fr"}
    keys = list(run_clustering(records).page_keys)
    assert _partition(keys) == _partition([label for _, label in pages])
