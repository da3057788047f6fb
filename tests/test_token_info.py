"""Token info: depth, parent, main depth and landmarks of each path token."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from page_cluster.signatures.corpus import LANDMARK_CODES, token_info

STEPS = ["div.a", "main", "nav", "div[role=navigation]", "header.top", "ul", "li", "p", "footer"]


def _expected(tok: str, vocab: set[str]) -> tuple[int, int, int, str | None, str | None]:
    """The fields from the token's own steps (no parent shortcut)."""
    segs = tok.split(">")
    main = landmark = root = None
    for d, seg in enumerate(segs[1:], start=1):
        tag = seg.split(".")[0].split("[")[0]
        kind = "nav" if seg == "div[role=navigation]" else tag
        if kind == "main" and main is None:
            main = len(segs) - 1 - d
        elif kind in ("nav", "header", "footer") and landmark is None:
            landmark, root = kind, ">".join(segs[: d + 1])
    parent = ">".join(segs[:-1])
    return (
        len(segs) - 1,
        -1 if main is None else main,
        parent if parent in vocab else None,
        landmark,
        root if root in vocab else None,
    )


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.sampled_from(STEPS), min_size=1, max_size=6), min_size=1, max_size=30))
def test_fields_match_a_full_reading_of_each_path(paths):
    # Some parents are missing from the vocabulary: those tokens are read whole.
    vocab = sorted({"body>" + ">".join(p) for p in paths} | {"@body.class:x"})
    info = token_info(vocab)
    present = set(vocab)
    for i, tok in enumerate(vocab):
        if tok.startswith("@"):
            assert info.is_attr[i] and info.depth[i] == 0
            continue
        depth, main, parent, landmark, root = _expected(tok, present)
        assert info.depth[i] == depth
        assert info.main_depth[i] == main
        assert info.parent[i] == (vocab.index(parent) if parent else -1)
        assert info.landmark[i] == (LANDMARK_CODES.index(landmark) if landmark else -1)
        assert info.landmark_root[i] == (vocab.index(root) if root else -1)


def test_main_depth_counts_from_the_first_main():
    vocab = sorted(["body>main", "body>main>div.a", "body>main>div.a>main>p"])
    info = token_info(vocab)
    assert [int(info.main_depth[vocab.index(t)]) for t in vocab] == [0, 1, 3]
