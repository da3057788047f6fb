"""The heading that a dropped region took away from a page's main text (cluster path)."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from page_cluster.content.blocks import segment_html
from page_cluster.content.extract import _heading_of_main
from page_cluster.content.features import block_stats

from .test_properties import html_soup

# An API reference page: the heading shares its region with the member summary.
PAGE = (
    "<html><body><div id='top'><div class='projectname'>Lib 1.0</div></div>"
    "<div id='doc-content'><div class='header'>"
    "<div class='summary'><a href='#m'>Public Member Functions</a></div>"
    "<div class='headertitle'><div class='title'>Matrix Class Reference</div></div></div>"
    "<div class='contents'><p>The Matrix class holds numbers.</p></div></div></body></html>"
)


def _setup():
    pb = segment_html(PAGE)
    stats = block_stats(pb)
    idx = {p.rsplit(">", 1)[-1]: i for i, p in enumerate(pb.paths)}
    kept = np.zeros(len(pb), dtype=bool)
    # What the top-down reading kept: the contents region only.
    for name in ("body", "div#doc-content", ".contents", "p"):
        kept[idx[name]] = True
    p = np.zeros(len(pb))
    p[idx["p"]] = p[idx[".contents"]] = 1.0
    return pb, stats, idx, kept, p


def test_the_heading_rated_content_is_given_back():
    pb, stats, idx, kept, p = _setup()
    p[idx[".title"]] = 0.9
    out = _heading_of_main(pb, stats, kept, p, np.zeros(len(pb)), 0.5)
    assert out[idx[".title"]]
    assert (out & ~kept).sum() == 1  # only the heading; the summary links stay out
    assert not kept[idx[".title"]]  # the input is not changed


def test_nothing_changes_when_the_trees_do_not_rate_it_content():
    pb, stats, idx, kept, p = _setup()
    p[idx[".title"]] = 0.2
    out = _heading_of_main(pb, stats, kept, p, np.zeros(len(pb)), 0.5)
    assert (out == kept).all()


def test_text_copied_from_siblings_is_not_a_heading():
    pb, stats, idx, kept, p = _setup()
    p[idx[".title"]] = 0.9
    noise = np.zeros(len(pb))
    noise[idx[".title"]] = 1.0
    assert (_heading_of_main(pb, stats, kept, p, noise, 0.5) == kept).all()


def test_a_block_only_sharing_the_body_with_the_main_text_stays_out():
    pb, stats, idx, kept, p = _setup()
    # The nearest block rated content is the project name, in another region.
    p[idx[".projectname"]] = 0.9
    assert (_heading_of_main(pb, stats, kept, p, np.zeros(len(pb)), 0.5) == kept).all()


def test_nothing_kept_means_nothing_to_head():
    pb, stats, idx, _, p = _setup()
    none = np.zeros(len(pb), dtype=bool)
    p[idx[".title"]] = 0.9
    assert not _heading_of_main(pb, stats, none, p, np.zeros(len(pb)), 0.5).any()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(html_soup(), st.integers(0, 2**32 - 1))
def test_heading_rule_on_tag_soup_adds_at_most_one_block(html, seed):
    pb = segment_html(html)
    stats = block_stats(pb)
    rng = np.random.default_rng(seed)
    kept = rng.random(len(pb)) < 0.5
    p = rng.random(len(pb))
    noise = rng.random(len(pb)).round()
    out = _heading_of_main(pb, stats, kept, p, noise, 0.5)
    assert out.dtype == np.bool_ and len(out) == len(pb)
    assert (out >= kept).all() and (out & ~kept).sum() <= 1
