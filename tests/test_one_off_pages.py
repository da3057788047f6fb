"""A page made of a one-off block: a generated manual's index among its nodes.

A manual generator writes every node the same way (navigation header, title,
the writer's paragraphs, lists and examples) and its index pages as one big
generated table instead of prose. In a sample of twenty pages the index page
is alone: nothing about it is established, yet it is a template of its own.
A node with a one-off figure beside its paragraphs is not.
"""

from __future__ import annotations

import random

from page_cluster.api.resolve import run_clustering

#: The node's sectioning level names its div: a value, not a design.
KINDS = ["chapter", "section", "subsection", "subsubsection", "appendix", "appendixsec"]


def _node_body(rng: random.Random, i: int, kind: str) -> str:
    parts = [f'<span id="node-{i}"></span><h2 class="{kind}">{i} Node {i}</h2>']
    for _ in range(rng.randint(1, 4)):
        kind = rng.choice(["p", "p", "p", "example", "menu"])
        if kind == "example":
            parts.append('<div class="example"><pre class="example">x = 1;</pre></div>')
        elif kind == "menu":
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
