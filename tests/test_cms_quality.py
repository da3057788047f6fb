"""Templates of CMS-built sites: landmarks, per-page body classes, editor blocks."""

from sklearn.metrics import adjusted_rand_score, homogeneity_score

from page_cluster import resolve_page_cluster_keys

from . import cms_site
from .conftest import keys_in_shuffled_order


def test_cms_like_site_clusters_by_template_not_by_category():
    records = cms_site.build()
    keys = resolve_page_cluster_keys([r for r, _ in records])
    labels = [t for _, t in records]
    assert adjusted_rand_score(labels, keys) >= 0.95
    assert homogeneity_score(labels, keys) >= 0.95
    singles = {k for k, t in zip(keys, labels, strict=True) if t == "single"}
    assert len(singles) == 1  # five categories, one template


def test_cms_partition_is_input_order_independent():
    records = [r for r, _ in cms_site.build(seed=5)]
    keys, back = keys_in_shuffled_order(resolve_page_cluster_keys, records, seed=1)
    assert back == keys
