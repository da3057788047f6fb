"""Cross-page template noise (the noise reducer seed) within a cluster."""

from __future__ import annotations

from unittest.mock import patch

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from page_cluster.content import noise
from page_cluster.content.blocks import segment_html
from page_cluster.content.features import block_stats
from page_cluster.content.noise import (
    CLUSTER_FEATURES,
    MAX_COMPARED_WORDS,
    _slot_word_vectors,
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


def _plain_slot_word_vectors(texts, slots):
    """The vectoriser written the plain way: one dict of counts per text."""
    vocab, indptr, indices, data = {}, [0], [], []
    for text, slot in zip(texts, slots.tolist(), strict=True):
        words = text.lower().split()
        counts = {}
        if len(words) <= MAX_COMPARED_WORDS:
            for w in words:
                counts[w] = counts.get(w, 0) + 1
        norm = float(np.sqrt(sum(c * c for c in counts.values()))) or 1.0
        for w, c in counts.items():
            indices.append(vocab.setdefault((slot, w), len(vocab)))
            data.append(c / norm)
        indptr.append(len(indices))
    return indptr, indices, data, max(len(vocab), 1)


WORDS = st.sampled_from(["a", "A", "b", "the", "Menu", "menu", "é", "x1", "ß", "ǅ"])


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.lists(WORDS, max_size=MAX_COMPARED_WORDS + 3).map(" ".join)
            | st.text(alphabet=" \t\n\u00a0\u2003aAbB", max_size=12),
            st.integers(0, 4),
        ),
        max_size=25,
    )
)
def test_slot_word_vectors_match_the_plain_counting(items):
    # Same entries, same values to the last bit, same column numbers and the
    # same order inside each row: products of these rows are then exactly the
    # ones the plain counting gives.
    texts = [t for t, _ in items]
    slots = np.array([s for _, s in items], dtype=np.int64)
    got = _slot_word_vectors(texts, slots)
    indptr, indices, data, dim = _plain_slot_word_vectors(texts, slots)
    assert got.shape == (len(texts), dim)
    assert got.indptr.tolist() == indptr
    assert got.indices.tolist() == indices
    assert got.data.tolist() == data
    # Words are numbered in batches; the batch size changes nothing.
    with patch.object(noise, "WORD_BATCH", 2):
        small = _slot_word_vectors(texts, slots)
    assert (small.indices.tolist(), small.data.tolist()) == (indices, data)
