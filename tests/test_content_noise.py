"""Cross-page template noise (the noise reducer seed) within a cluster."""

from __future__ import annotations

import numpy as np

from page_cluster.content.blocks import segment_html
from page_cluster.content.features import block_stats
from page_cluster.content.noise import (
    CLUSTER_FEATURES,
    cluster_noise,
    noise_removal_mask,
)

from .content_site import site


def _segmented(pages):
    out = []
    for p in pages:
        pb = segment_html(p["html"])
        out.append((pb, block_stats(pb)))
    return out


def _block(pb, path):
    return pb.paths.index(path)


def test_template_blocks_score_one_and_article_text_low():
    pages, _ = site(6)
    seg = _segmented(pages)
    cn = cluster_noise(seg)
    pb, _st = seg[0]
    cos = cn.max_cosine[0]
    nav = _block(pb, "body>header.site-header")
    footer_p = _block(pb, "body>footer.site-footer>p")
    para = _block(pb, "body>.layout>main.content>article>p")
    assert cos[nav] == 1.0 and cos[footer_p] == 1.0
    assert cos[para] < 0.8
    f = cn.features[0]
    assert f.shape == (len(pb), len(CLUSTER_FEATURES))
    constancy = CLUSTER_FEATURES.index("slot_constancy")
    assert f[nav, constancy] == 1.0  # one header on every page


def test_seed_rule_removes_only_all_noise_subtrees():
    pages, texts = site(6)
    seg = _segmented(pages)
    cn = cluster_noise(seg, min_score=0.8)
    pb, st = seg[2]
    removed = noise_removal_mask(pb, st, cn.noise_share[2])
    kept_text = " ".join("".join(r for r, x in zip(pb.runs, removed, strict=True) if not x).split())
    assert "Home" not in kept_text and "All rights reserved" not in kept_text
    assert texts[2].split(" ", 3)[3] in kept_text  # the article's paragraphs survive


def test_min_score_controls_near_copies():
    pages = [
        {
            "html": f"<div class=d>Last updated 2024-05-{day:02d} by the site team</div>"
            f"<p>Unique article text number {day} with its own words {day * 7}.</p>"
        }
        for day in range(1, 5)
    ]
    seg = _segmented(pages)
    strict = cluster_noise(seg, min_score=0.95)
    loose = cluster_noise(seg, min_score=0.5)
    d = _block(seg[0][0], "body>.d")
    assert strict.noise_share[0][d] == 0.0
    assert loose.noise_share[0][d] == 1.0


def test_single_page_has_no_siblings_to_copy():
    pages, _ = site(1)
    cn = cluster_noise(_segmented(pages))
    assert not cn.max_cosine[0].any()
    assert not cn.features[0][:, :4].any()


def test_result_does_not_depend_on_the_order_of_pages():
    pages, _ = site(5)
    seg = _segmented(pages)
    a = cluster_noise(seg)
    b = cluster_noise(seg[::-1])
    for i in range(5):
        np.testing.assert_allclose(a.noise_share[i], b.noise_share[4 - i])
        np.testing.assert_allclose(a.features[i][:, :3], b.features[4 - i][:, :3])
