"""Blocks named by their id (``clustering.template_tokens``, *named parts*).

An API reference without ``<main>`` puts each template's parts into one
content area, each part a ``div`` named by its id: a module page's header,
synopsis and interface, an index's alphabet and table, a contents page's
description and module list. In a small sample the area's children change
from page to page because the templates differ, so by variety alone it looks
like a writer's container, and two or three pages per template are too few
for any part to be judged template structure. Where every child of a node is
a block named by an id, each child is a part the template placed by name.
"""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from page_cluster.clustering.template_tokens import (
    id_named_blocks,
    named_part_tokens,
    template_token_mask,
)
from page_cluster.signatures.binary_rows import BinaryRows
from page_cluster.signatures.corpus import token_info

from .sites import clusters_by_label

HEADER = (
    '<div id="package-header"><span class="caption">pkg-1.0</span>'
    '<ul class="links" id="page-menu"><li><a href="index.html">Contents</a></li>'
    '<li><a href="doc-index.html">Index</a></li></ul></div>'
)
FOOTER = '<div id="footer"><p>Produced by a documentation generator</p></div>'


def _page(name: str, content: str) -> dict:
    html = f'<html><body>{HEADER}<div id="content">{content}</div>{FOOTER}</body></html>'
    return {"url": f"https://docs.example/pkg/{name}", "html": html, "stylesheetHrefs": ["/s.css"]}


def _paras(rng: random.Random) -> str:
    return "".join("<p>Some words about it.</p>" for _ in range(rng.randint(1, 3)))


def _module(rng: random.Random, i: int) -> str:
    parts = [
        '<div id="module-header"><table class="info"><tr><th>Safe</th><td>Yes</td></tr>'
        f'</table><p class="caption">Data.Mod{i}</p></div>'
    ]
    if rng.random() < 0.6:
        parts.append(f'<div id="description"><div class="doc">{_paras(rng)}</div></div>')
    if rng.random() < 0.6:
        entries = "".join(
            f'<li class="src short"><a href="#v:f{k}">f{k}</a></li>'
            for k in range(rng.randint(1, 6))
        )
        parts.append(f'<div id="synopsis"><details id="syn"><ul>{entries}</ul></details></div>')
    decls = "".join(
        f'<div class="top"><p class="src"><a id="v:f{k}">f{k}</a> :: Int</p>'
        f'<div class="doc">{_paras(rng)}</div></div>'
        for k in range(rng.randint(1, 5))
    )
    parts.append(f'<div id="interface"><h1>Documentation</h1>{decls}</div>')
    return "".join(parts)


def _index(rng: random.Random, letter: str) -> str:
    rows = "".join(
        f'<tr><td class="src">name{k}</td><td class="module"><a href="m.html">M</a></td></tr>'
        for k in range(rng.randint(2, 9))
    )
    alphabet = (
        '<div id="alphabet"><ul><li><a href="doc-index-A.html">A</a></li></ul></div>'
        if letter != "All"
        else ""
    )
    return f'{alphabet}<div id="index"><p class="caption">Index - {letter}</p><table>{rows}</table></div>'


def _contents(rng: random.Random) -> str:
    mods = "".join(
        f'<li><span class="module"><a href="M{k}.html">M{k}</a></span></li>'
        for k in range(rng.randint(2, 6))
    )
    return (
        f'<div id="description"><h1>pkg</h1><div class="doc">{_paras(rng)}</div></div>'
        f'<div id="module-list"><p class="caption">Modules</p><ul>{mods}</ul></div>'
    )


def _reference(seed: int, modules: int, indexes: int) -> list[tuple[dict, str]]:
    rng = random.Random(seed)
    pages = [(_page(f"Data-Mod{i}.html", _module(rng, i)), "module") for i in range(modules)]
    letters = ["All", *"ABCDEFGHIJ"][:indexes]
    pages += [(_page(f"doc-index-{c}.html", _index(rng, c)), "index") for c in letters]
    pages.append((_page("index.html", _contents(rng)), "contents"))
    rng.shuffle(pages)
    return pages


def test_three_templates_in_one_content_area_stay_apart_on_a_few_pages() -> None:
    # Three module pages, seven index pages and the contents page: the
    # area's children differ on most pages, and no part is on five pages.
    for seed in range(4):
        found = clusters_by_label(_reference(seed, modules=3, indexes=7))
        assert all(len(keys) == 1 for keys in found.values()), (seed, found)
        assert len(set().union(*found.values())) == 3, (seed, found)


def test_and_on_a_larger_sample() -> None:
    found = clusters_by_label(_reference(7, modules=12, indexes=9))
    assert all(len(keys) == 1 for keys in found.values()), found
    assert len(set().union(*found.values())) == 3, found


def test_id_named_blocks_are_classless_blocks_named_by_an_id() -> None:
    toks = [
        "body",
        "body>div#content",
        "body>div#content>div#index",
        "body>div#content>div.doc",
        "body>div#content>span#anchor",
        "body>div#content>div#x[role=note]",
        "@body.class:home",
    ]
    assert id_named_blocks(toks, token_info(toks)).tolist() == [
        False,
        True,
        True,
        False,
        False,
        True,
        False,
    ]


def _model(rows: list[list[str]], named: bool, unseen: tuple[str, ...] = ()):
    """Which tokens the model keeps; ``unseen`` are vocabulary no row shows."""
    tokens = sorted({t for r in rows for t in r} | set(unseen))
    col = {t: i for i, t in enumerate(tokens)}
    info = token_info(tokens)
    matrix = BinaryRows.from_rows([[col[t] for t in r] for r in rows], len(tokens))
    parts = id_named_blocks(tokens, info) if named else None
    model = template_token_mask(
        matrix, info.parent, info.depth, info.is_attr, named_parts=parts, marked=None
    )
    return {t: bool(model.keep[col[t]]) for t in tokens}


def _area(children: list[str]) -> list[str]:
    return ["body", "body>div#content", *(f"body>div#content>{c}" for c in children)]


def test_a_node_of_named_parts_keeps_each_part_however_its_combinations_vary() -> None:
    # Five combinations on six pages: free-form by variety alone.
    sets = [
        ["div#index", "div#alphabet"],
        ["div#index"],
        ["div#index", "div#alphabet"],
        ["div#module-header", "div#interface"],
        ["div#module-header", "div#synopsis", "div#interface"],
        ["div#description", "div#module-list"],
    ]
    rows = [_area(s) for s in sets]
    assert _model(rows, named=True)["body>div#content>div#index"]
    assert not _model(rows, named=False)["body>div#content>div#index"]


def test_a_writers_area_with_one_named_block_among_paragraphs_stays_content() -> None:
    # The same variety, but the area also holds bare paragraphs and lists:
    # a writer's container, where a block with an id is one more block.
    sets = [
        ["p", "div#note"],
        ["p", "ul"],
        ["p", "div#note", "ul"],
        ["ul", "pre"],
        ["p", "pre", "div#note"],
        ["p", "table"],
    ]
    rows = [_area(s) for s in sets]
    keep = _model(rows, named=True)
    assert not keep["body>div#content>div#note"]
    assert keep == _model(rows, named=False)


def test_the_rule_reads_only_present_children() -> None:
    # A token of the vocabulary that this host never shows (support 0) does
    # not make a node of named parts mixed.
    rows = [_area(["div#a", "div#b"]), _area(["div#a"]), _area(["div#b"])]
    keep = _model(rows, named=True, unseen=("body>div#content>p",))
    assert keep["body>div#content>div#a"]


_STEP = st.sampled_from(
    ["div", "div#a", "div#b", "div.x", "span#c", "p", "section#d", "div.x#e", "ul", "a#f"]
)


@settings(max_examples=150, deadline=None)
@given(
    paths=st.lists(st.lists(_STEP, min_size=1, max_size=3), min_size=1, max_size=12),
    support=st.lists(st.integers(0, 4), min_size=40, max_size=40),
)
def test_named_parts_only_under_nodes_whose_every_shown_child_is_id_named(
    paths: list[list[str]], support: list[int]
) -> None:
    tokens = sorted(
        {"body"} | {">".join(["body", *p[: k + 1]]) for p in paths for k in range(len(p))}
    )
    info = token_info(tokens)
    named = id_named_blocks(tokens, info)
    sup = np.asarray(support[: len(tokens)] + [1] * max(0, len(tokens) - 40), dtype=np.float64)
    out = named_part_tokens(info.parent, info.is_attr, named, sup)
    for t, tok in enumerate(tokens):
        last = tok[tok.rfind(">") + 1 :]
        # Only classless blocks with an id are named: never a classed or inline step.
        if named[t]:
            assert "#" in last and "." not in last and not last.startswith(("span", "a#"))
        if not out[t]:
            continue
        par = int(info.parent[t])
        shown = [c for c in range(len(tokens)) if info.parent[c] == par and sup[c] > 0]
        assert sup[t] >= 2 and len(shown) >= 2 and all(named[c] for c in shown)
