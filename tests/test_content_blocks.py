"""Block segmentation: paths, text runs, offsets, labels, robustness."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from page_cluster.content.blocks import parse_block_tags, segment_html
from page_cluster.content.features import PAGE_FEATURES, block_stats, page_features

from .test_properties import html_soup


def test_paths_text_and_offsets():
    pb = segment_html(
        "<body><div class='nav css-1x2y3z'><a href='/'>Home</a></div>"
        "<main><p>Hello <b>wor</b>ld.</p><p>Second</p></main></body>"
    )
    assert pb.paths == ["body", "body>.nav", "body>main", "body>main>p", "body>main>p"]
    assert pb.block_text(3) == "Hello world."  # inline elements do not split words
    start, end = pb.offsets(3)
    assert pb.text[start:end].strip() == "Hello world."
    assert pb.block_text(2) == "Hello world. Second"  # block boundary is a space
    assert pb.parent.tolist() == [-1, 0, 0, 2, 2]
    assert pb.depth.tolist() == [0, 1, 1, 2, 2]


def test_scripts_styles_and_hidden_markers():
    pb = segment_html(
        "<html><head><title>T  x</title><style>p{}</style></head><body>"
        "<script>var x = 1;</script><div hidden>secret</div><p>shown</p></body></html>"
    )
    assert "var x" not in pb.text and "p{}" not in pb.text
    assert pb.title == "T x"
    hidden = [pb.paths[i] for i in range(len(pb)) if pb.hidden[i]]
    assert hidden == ["body>div"]


def test_label_attribute_is_recorded_per_run():
    pb = segment_html(
        '<div quark="noise">menu <span>x</span></div><p quark="content">body</p>tail',
        label_attribute="quark",
    )
    labels = dict(zip([r.strip() for r in pb.runs], pb.run_label, strict=True))
    assert labels == {"menu": "noise", "x": "noise", "body": "content", "tail": ""}


def test_block_tags_option_changes_the_segmentation():
    html = "<div><p>a</p><ul><li>b</li></ul></div>"
    assert segment_html(html).tags == ["body", "div", "p", "ul", "li"]
    assert segment_html(html, parse_block_tags("DIV, ul")).tags == ["body", "div", "ul"]
    assert parse_block_tags("") == parse_block_tags(None)


def test_stats_sum_over_subtrees():
    pb = segment_html(
        "<div><p>The cat, the dog.</p><ul><li><a href='/a'>Link one</a></li>"
        "<li><a href='/b'>Link two</a></li></ul></div>"
    )
    st_ = block_stats(pb)
    div = pb.tags.index("div")
    assert st_.counts[div, 1] == 2  # links
    assert st_.sub[div, 1] == len("Linkone") + len("Linktwo")  # anchor characters
    assert st_.own[div, 0] == 0 and st_.sub[div, 0] > 0
    x = page_features(pb, st_)
    assert x.shape == (len(pb), len(PAGE_FEATURES))
    ul = pb.tags.index("ul")
    assert x[ul, PAGE_FEATURES.index("anchor_ratio")] == 1.0


def _check_invariants(pb):
    n_runs = len(pb.runs)
    assert len(pb.run_block) == n_runs and len(pb.run_offsets) == n_runs + 1
    assert pb.run_offsets[-1] == len(pb.text)
    for b in range(len(pb)):
        assert 0 <= pb.run_start[b] <= pb.run_end[b] <= n_runs
        p = pb.parent[b]
        if p >= 0:
            assert pb.run_start[p] <= pb.run_start[b] and pb.run_end[b] <= pb.run_end[p]
            assert pb.depth[b] == pb.depth[p] + 1
    for r, owner in enumerate(pb.run_block.tolist()):
        assert pb.run_start[owner] <= r < pb.run_end[owner]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(html_soup())
def test_segmentation_never_crashes_and_keeps_its_invariants(html):
    pb = segment_html(html)
    _check_invariants(pb)
    st_ = block_stats(pb)
    assert page_features(pb, st_).shape[0] == len(pb)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_segmentation_of_random_bytes(data):
    _check_invariants(segment_html(data))


def test_unseen_runs_are_flagged_only_when_asked():
    html = (
        '<p>Read this <span aria-hidden="true">icon</span> text '
        "<button>Share</button><select><option>One</option></select>"
        '<span style="display: none">secret</span>.</p>'
    )
    plain = segment_html(html)
    assert plain.run_unseen is None
    pb = segment_html(html, mark_unseen=True)
    seen = "".join(r for r, u in zip(pb.runs, pb.run_unseen, strict=True) if not u)
    assert " ".join(seen.split()) == "Read this text ."
