"""A page made of a one-off block: a generated manual's index among its nodes.

A manual generator writes every node the same way (navigation header, title,
the writer's paragraphs, lists and examples) and its index pages as one big
generated table instead of prose. In a sample of twenty pages the index page
is alone: nothing about it is established, yet it is a template of its own.
A node with a one-off figure beside its paragraphs is not.
"""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from page_cluster.api.resolve import run_clustering
from page_cluster.clustering.pipeline import _dense_columns, lone_blocks
from page_cluster.signatures.binary_rows import BinaryRows
from page_cluster.signatures.corpus import token_info

#: The node's sectioning level names its div: a value, not a design.
KINDS = ["chapter", "section", "subsection", "subsubsection", "appendix", "appendixsec"]


def _node_body(rng: random.Random, i: int, kind: str) -> str:
    parts = [f'<span id="node-{i}"></span><h2 class="{kind}">{i} Node {i}</h2>']
    for _ in range(rng.randint(1, 4)):
        block = rng.choice(["p", "p", "p", "example", "menu"])
        if block == "example":
            parts.append('<div class="example"><pre class="example">x = 1;</pre></div>')
        elif block == "menu":
            items = "".join(f'<li><a href="n{k}.html">Sub {k}</a></li>' for k in range(3))
            parts.append(f'<ul class="section-toc">{items}</ul>')
        else:
            parts.append("<p>The writer explains one more thing here.</p>")
    if not any(p.startswith("<p>") for p in parts):
        parts.append("<p>A closing remark.</p>")
    return "".join(parts)


def _page(i: int, kind: str, body: str) -> dict:
    header = (
        '<div class="header"><p>Next: <a href="next.html" rel="next">Next</a>, '
        '[<a href="index.html#SEC_Contents">Contents</a>]</p></div><hr>'
    )
    html = f'<html><body lang="en"><div class="{kind}" id="n{i}">{header}{body}</div></body></html>'
    return {"url": f"https://manual.example/doc/page-{i}.html", "html": html}


def _index_body() -> str:
    rows = "".join(
        f'<tr><td></td><td valign="top"><a href="n{k}.html#index-x{k}">entry {k}</a>:</td>'
        f'<td>&nbsp;</td><td valign="top"><a href="n{k}.html">Node {k}</a></td></tr>'
        for k in range(12)
    )
    jump = (
        '<table><tr><th valign="top">Jump to: </th><td>'
        + "".join(f'<a class="summary-letter" href="#L{c}"><b>{c}</b></a>' for c in "ABCD")
        + "</td></tr></table>"
    )
    return (
        '<span id="Concept-Index-1"></span><h2 class="unnumbered">Concept Index</h2>'
        f'{jump}<table class="index-cp" border="0"><tr><td></td><th align="left">Index Entry'
        f'</th><td>&nbsp;</td><th align="left"> Section</th></tr>{rows}</table>{jump}'
    )


def _manual(seed: int, figure: bool = False) -> tuple[list[dict], list[str]]:
    rng = random.Random(seed)
    pages, labels = [], []
    for i in range(19):
        kind = rng.choice(KINDS)
        body = _node_body(rng, i, kind)
        if figure and i == 7:
            body += '<div class="float"><img src="plot.png"><div class="caption">A plot</div></div>'
        pages.append(_page(i, kind, body))
        labels.append("node")
    pages.insert(rng.randrange(len(pages)), _page(99, "unnumbered", _index_body()))
    labels.insert(next(k for k, p in enumerate(pages) if "page-99" in p["url"]), "index")
    return pages, labels


def _groups(pages: list[dict], labels: list[str]) -> dict[str, set[str]]:
    keys = list(run_clustering(pages).page_keys)
    out: dict[str, set[str]] = {}
    for key, label in zip(keys, labels, strict=True):
        out.setdefault(label, set()).add(key)
    return out


def test_an_index_page_alone_in_a_small_sample_is_its_own_cluster() -> None:
    for seed in range(4):
        groups = _groups(*_manual(seed))
        assert len(groups["node"]) == 1, seed
        assert groups["index"].isdisjoint(groups["node"]), seed


def test_a_node_with_a_one_off_figure_beside_its_paragraphs_stays_a_node() -> None:
    for seed in range(4):
        pages, labels = _manual(seed, figure=True)
        groups = _groups(pages, labels)
        assert len(groups["node"]) == 1, seed
        assert groups["index"].isdisjoint(groups["node"]), seed


# --- the pure helpers, against naive definitions -------------------------


_STEPS = st.sampled_from(["div", "p", "table.x", "tr", "span#a", "ul", "li"])


@settings(max_examples=60, deadline=None)
@given(
    paths=st.lists(st.lists(_STEPS, min_size=1, max_size=4), min_size=1, max_size=12),
    marks=st.data(),
)
def test_lone_blocks_are_subtrees_of_two_or_more_lone_tokens(paths, marks) -> None:
    tokens = sorted({">".join(["body", *p[:k]]) for p in paths for k in range(len(p) + 1)})
    info = token_info(tokens)
    lone = np.array(marks.draw(st.lists(st.booleans(), min_size=len(tokens), max_size=len(tokens))))
    got = lone_blocks(lone, info)

    def root(t: int) -> int:
        while info.parent[t] >= 0 and lone[info.parent[t]]:
            t = int(info.parent[t])
        return t

    def size(t: int) -> int:
        return int(lone[t]) + sum(size(c) for c in np.flatnonzero(info.parent == t) if lone[c])

    want = [bool(lone[t]) and size(root(t)) >= 2 for t in range(len(tokens))]
    assert got.tolist() == want


@settings(max_examples=60, deadline=None)
@given(
    rows=st.lists(st.lists(st.integers(0, 15), max_size=8), min_size=1, max_size=6),
    cols=st.lists(st.integers(0, 15), min_size=1, max_size=8, unique=True),
)
def test_dense_columns_reads_exactly_the_asked_columns(rows, cols) -> None:
    matrix = BinaryRows.from_rows([sorted(set(r)) for r in rows], 16)
    cols_arr = np.array(sorted(cols))
    got = _dense_columns(matrix, cols_arr)
    want = [[c in set(r) for c in cols_arr.tolist()] for r in rows]
    assert got.tolist() == want
