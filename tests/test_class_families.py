import numpy as np

from page_cluster.clustering.class_families import (
    generalize_corpus,
    rewrite_token,
    value_families,
)

from .conftest import corpus_of


def test_families_with_many_values_are_data():
    toks = [
        "body>article.category-news.post",
        "body>article.category-art.post",
        "body>article.category-tech.post",
        "body>div.page-template-default",
        "body>div.page-template-wide",
        "@body.class:page-about",
        "@body.class:page-contact",
    ]
    fams = value_families(toks)
    assert "category" in fams
    assert "page-template" not in fams  # two design variants stay
    assert "page" not in fams  # only two values in this vocabulary


def test_rewrite_keeps_roles_ids_and_other_classes():
    assert rewrite_token("body>.category-news.entry[role=main]>p", {"category"}) == (
        "body>.category-*.entry[role=main]>p"
    )
    assert rewrite_token("body>div#post-#>p", {"post"}) == "body>div#post-#>p"
    assert rewrite_token("@body.class:category-news", {"category"}) == "@body.class:category-*"
    assert rewrite_token("@body.id:docContent", {"doc"}) == "@body.id:docContent"


def test_generalized_corpus_merges_pages_that_differ_only_by_values():
    pages = [
        f'<body class="single category-{c}"><article class="post category-{c}"><h1>t</h1>'
        f"<p>x</p></article></body>"
        for c in ("news", "sports", "art", "tech")
    ]
    c = corpus_of(pages)
    assert c.n_signatures == 4
    g = generalize_corpus(c)
    assert g.n_signatures == 1
    assert len(set(g.page_sig.tolist())) == 1
    assert any("category-*" in t for t in g.tokens)
    assert g.matrix.data.max() == 1.0 and np.all(g.matrix.data == 1.0)


def test_nothing_to_generalize_returns_the_same_corpus():
    c = corpus_of(["<body><div class='a'><p>x</p></div></body>"])
    assert generalize_corpus(c) is c
