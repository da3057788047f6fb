"""Templates of CMS-built sites: landmarks, per-page body classes, editor blocks."""

import random

from sklearn.metrics import adjusted_rand_score, homogeneity_score

from page_cluster import resolve_page_cluster_keys

from . import cms_site


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
    keys = resolve_page_cluster_keys(records)
    order = list(range(len(records)))
    random.Random(1).shuffle(order)
    shuffled = resolve_page_cluster_keys([records[i] for i in order])
    back = [None] * len(order)
    for pos, i in enumerate(order):
        back[i] = shuffled[pos]
    assert back == keys
