"""Site-level template tokens: content containers and what survives below them."""

import numpy as np

from page_cluster.clustering.template_tokens import template_token_mask

from .conftest import corpus_of


def test_free_form_content_is_not_template():
    rng = np.random.default_rng(1)
    blocks = [
        "<p>x</p>",
        "<ul><li>a</li></ul>",
        "<table><tr><td>1</td></tr></table>",
        "<pre>c</pre>",
        "<blockquote><p>q</p></blockquote>",
        "<ol><li>b</li></ol>",
        "<dl><dt>t</dt><dd>d</dd></dl>",
        "<figure><img></figure>",
    ]
    pages = []
    for _ in range(40):
        chosen = rng.choice(len(blocks), size=rng.integers(1, 5), replace=False)
        body = "".join(blocks[i] for i in chosen)
        pages.append(
            f'<body><div class="nav"><a>1</a><a>2</a></div>'
            f'<div class="content"><h1>T</h1>{body}</div></body>'
        )
    c = corpus_of(pages)
    m = template_token_mask(
        c.matrix, c.info.parent, c.info.depth, c.info.is_attr, np.bincount(c.page_sig).astype(float)
    )
    kept = {c.tokens[i] for i in np.nonzero(m.keep)[0]}
    assert "body>.nav" in kept and "body>.content" in kept
    assert "body>.content>h1" in kept  # on every page having the container
    assert "body>.content>table" not in kept and "body>.content>table>tr>td" not in kept
    content = {c.tokens[i] for i in np.nonzero(m.content)[0]}
    assert "body>.content" in content and "body>.nav" not in content


def _shared_box_model(named: bool) -> dict[str, bool]:
    """A reference whose templates share one section: function pages
    (declaration, description, optional parameters and return value, the
    writer's blocks in the description) and type pages, each opening with
    the same summary box (a bare element always holding two named parts)
    and adding sections of its own kind. The section's children change with
    the template, so it reads as free-form; the box comes beside a new set
    of siblings on most type pages."""
    from page_cluster.clustering.template_tokens import self_named_tokens
    from page_cluster.signatures.binary_rows import BinaryRows
    from page_cluster.signatures.corpus import token_info

    area = "body>section.content>section"
    writer = ["p", "pre", "ul", "table", "h3", "blockquote"]
    rng = np.random.default_rng(4)
    rows = []
    for _ in range(24):
        parts = [".docblock", ".declaration", ".description"]
        parts += [s for s in (".parameters", ".return-value") if rng.random() < 0.6]
        text = [f".description>{w}" for w in writer if rng.random() < 0.4]
        rows.append(parts + text)
    box = ["summary", "summary>.docblock", "summary>.toggle-wrapper"]
    for own in (
        [".members"],
        [".members", ".methods"],
        [".ancestors", ".methods"],
        [".ancestors", ".constructors"],
        [".methods"],
        [".constructors", ".methods"],
    ):
        rows.append(box + own)
    rows = [["body", "body>section.content", area, *(f"{area}>{t}" for t in r)] for r in rows]
    tokens = sorted({t for r in rows for t in r})
    col = {t: i for i, t in enumerate(tokens)}
    info = token_info(tokens)
    matrix = BinaryRows.from_rows([[col[t] for t in r] for r in rows], len(tokens))
    marked = self_named_tokens(tokens, info) if named else None
    model = template_token_mask(matrix, info.parent, info.depth, info.is_attr, marked=marked)
    return {t: bool(model.keep[col[t]]) for t in tokens}


def test_a_bare_box_always_holding_the_same_named_parts_is_template():
    box = "body>section.content>section>summary"
    assert _shared_box_model(named=True)[box]
    # Without knowing which parts name themselves, it is one more block
    # among the changing children, and its parts go with it.
    assert not _shared_box_model(named=False)[box]
