"""Words in file names: a kind of page, or the entity a page belongs to?

rustdoc files an item by kind in its file name and by module in its folder
(``io/struct.Error.html``); TypeDoc does the reverse (``classes/io.Error.html``,
``functions/io.open.html``). Both read as a recurring word beside a variable
name. Only the pages say which: a TypeDoc reference's class pages are drawn
alike whatever their module, while pages of one module are drawn as their
kinds are. The engine reads the words as kinds only where the pages'
structure bears that out; where it follows the folders instead, the folders
are the kinds.
"""

from __future__ import annotations

import random

import numpy as np

from page_cluster.api.resolve import run_clustering
from page_cluster.clustering.routes import names_file_entities

MODULES = ["plots", "crops", "calendar", "members", "soil", "water"]


def _doc(rng: random.Random, words: int) -> str:
    pool = ["bed", "mulch", "frost", "sowing", "compost", "water", "rota", "member", "fee", "plot"]
    return "<p>" + " ".join(rng.choice(pool) for _ in range(words)) + ".</p>"


def _class_body(rng: random.Random, name: str) -> str:
    members = "".join(
        f'<section class="member"><h3>{m}</h3><div class="signature"><span>{m}()</span></div>'
        f'<div class="comment">{_doc(rng, 6)}</div></section>'
        for m in rng.sample(["grow", "water", "sow", "harvest", "rest", "weed"], rng.randint(2, 5))
    )
    return (
        f'<h1>Class {name}</h1><section class="comment-panel">{_doc(rng, 12)}</section>'
        '<section class="index-group"><h5>Index</h5><div class="index-list"><a href="#m">m</a>'
        f'</div></section><details class="member-group"><summary>Methods</summary>{members}'
        "</details>"
    )


def _function_body(rng: random.Random, name: str) -> str:
    params = "".join(f"<li><span>{p}</span>{_doc(rng, 4)}</li>" for p in range(rng.randint(1, 3)))
    return (
        f'<h1>Function {name}</h1><section class="signature-panel"><ul class="signatures"><li>'
        f'<div class="signature"><span>{name}(x)</span></div><div class="description">'
        f'{_doc(rng, 10)}<div class="parameters"><h4>Parameters</h4><ul>{params}</ul></div>'
        "</div></li></ul></section>"
    )


def _type_body(rng: random.Random, name: str) -> str:
    """A type alias; one of a function type also shows its call signature,
    in the panel a function page has: a page with both kinds' parts."""
    call = ""
    if rng.random() < 0.35:
        call = (
            '<section class="signature-panel"><ul class="signatures"><li><div class="signature">'
            f'<span>({name})</span></div><div class="description">{_doc(rng, 5)}</div></li>'
            "</ul></section>"
        )
    return (
        f'<h1>Type Alias {name}</h1><div class="signature"><span>{name}</span> = string</div>'
        f'<div class="comment">{_doc(rng, 9)}</div>{call}<aside class="sources"><ul><li>'
        "Defined in src</li></ul></aside>"
    )


def _page(folder: str, module: str, name: str, body: str) -> dict:
    html = (
        '<html><head><link rel="stylesheet" href="../assets/style.css"></head><body>'
        '<header class="toolbar"><a href="../index.html">allotments</a></header>'
        '<div class="container"><div class="col-content"><div class="page-title"><ul '
        f'class="breadcrumb"><li><a href="../modules/{module}.html">{module}</a></li></ul></div>'
        f'{body}</div><div class="col-sidebar"><nav class="site-menu"><a href="../modules.html">'
        "Modules</a></nav></div></div></body></html>"
    )
    return {"url": f"https://api.example/{folder}/{module}.{name}.html", "html": html}


def api_reference(seed: int) -> tuple[list[dict], list[str]]:
    """A reference filed by kind in folders, by module in file names."""
    rng = random.Random(seed)
    syllables = ["ka", "lo", "mi", "ru", "se", "ta", "ve", "no", "pi", "du", "ga", "fe"]
    used: set[str] = set()

    def identifier() -> str:
        # Every item has a name of its own, as in a real library.
        while True:
            name = "".join(rng.choice(syllables) for _ in range(3))
            if name not in used:
                used.add(name)
                return name

    pages, kinds = [], []
    for module in MODULES:
        for _ in range(rng.randint(3, 5)):
            name = identifier().title()
            pages.append(_page("classes", module, name, _class_body(rng, name)))
            kinds.append("class")
        for _ in range(rng.randint(3, 5)):
            name = identifier()
            pages.append(_page("functions", module, name, _function_body(rng, name)))
            kinds.append("function")
        for _ in range(rng.randint(2, 4)):
            name = identifier().title()
            pages.append(_page("types", module, name, _type_body(rng, name)))
            kinds.append("type")
    return pages, kinds


def test_a_reference_filed_by_kind_in_folders_clusters_by_kind() -> None:
    for seed in range(3):
        pages, kinds = api_reference(seed)
        keys = list(run_clustering(pages).page_keys)
        by_kind = {k: {key for key, t in zip(keys, kinds, strict=True) if t == k} for k in kinds}
        assert all(len(found) == 1 for found in by_kind.values()), (seed, by_kind)
        assert len(set(keys)) == 3, seed


def test_the_words_are_kinds_where_structure_follows_them() -> None:
    rng = np.random.default_rng(3)
    kinds = np.repeat(np.arange(5), 12)
    modules = rng.permutation(np.tile(np.arange(6), 10))
    # rustdoc's grid: the kind in the name, the module in the folder.
    assert not names_file_entities(kinds, kinds, modules)
    # TypeDoc's: the module in the name, the kind in the folder.
    assert names_file_entities(kinds, modules, kinds)
    # A sample too small to show either keeps the names as kinds.
    assert not names_file_entities(kinds[::12], modules[::12], kinds[::12])
